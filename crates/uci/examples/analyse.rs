//! Analyses a position with a UCI engine: the engine's best lines at each depth, then its
//! best move.
//!
//! ```sh
//! cargo run -p chessbits-uci --example analyse -- stockfish "FEN" [depth] [lines]
//! ```
//!
//! Without a FEN, the start position; depth 16 and 1 line by default.

use std::process::ExitCode;

use chessbits_position::Position;
use chessbits_uci::{Limits, Score, UciEngine};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            let mut source = std::error::Error::source(err.as_ref());
            while let Some(cause) = source {
                eprintln!("  caused by: {cause}");
                source = cause.source();
            }
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let Some(engine_path) = args.next() else {
        return Err("usage: analyse ENGINE [FEN] [DEPTH] [LINES]".into());
    };
    let pos = match args.next() {
        Some(fen) => Position::from_fen(&fen)?,
        None => Position::new(),
    };
    let depth: u32 = args.next().map_or(Ok(16), |d| d.parse())?;
    let lines: i64 = args.next().map_or(Ok(1), |d| d.parse())?;

    let mut engine = UciEngine::start(engine_path)?;
    println!(
        "{} by {}",
        engine.name().unwrap_or("an unnamed engine"),
        engine.author().unwrap_or("an unknown author")
    );
    if engine.option("MultiPV").is_some() {
        engine.set_option("MultiPV", lines)?;
    }
    engine.new_game()?;
    engine.set_position(&pos, &[])?;

    let mut search = engine.search(&Limits::depth(depth))?;
    while let Some(info) = search.next_info()? {
        let (Some(d), Some(score), Some(pv)) = (info.depth, info.score, info.pv.as_ref()) else {
            continue;
        };
        let score = match score.score {
            Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
            Score::Mate(n) => format!("#{n}"),
        };
        let mut line = Vec::new();
        let mut p = pos.clone();
        for &m in pv {
            line.push(chessbits_movegen::SanPlus::from_move(&p, m).to_string());
            p = p.play_unchecked(m);
        }
        println!(
            "depth {d:>2} line {} {score:>7}  {}",
            info.multipv.unwrap_or(1),
            line.join(" ")
        );
        if let Some(err) = &info.pv_error {
            println!(
                "  (the engine's pv went on with the illegal {} in {})",
                err.text, err.fen
            );
        }
    }
    let result = search.wait()?;
    match result.best {
        Some(m) => println!("bestmove {}", chessbits_movegen::move_to_uci(&pos, m)),
        None => println!("no move: the game is over"),
    }
    for problem in &result.problems {
        println!("note: {problem}");
    }
    Ok(())
}
