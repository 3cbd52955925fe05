//! `chessbits analyse` against python-chess's engine loop in `cargo xtask bench` (issue 48
//! asks for `chessbits analyse --nodes 20000` over the first 200 games of the shared
//! Lichess file at least 2.5 times as fast as a python-chess loop on 2 cores).
//!
//! [`section`] runs the bench's `chessbits analyse` (one engine per core, each distinct
//! position once) and `xtask/scripts/analyse_loop.py` (one `SimpleEngine`, every mainline
//! position after a move, the same node limit) on the same games with the same engine,
//! one after the other, and reports both times and their ratio. Stockfish is
//! `CHESSBITS_STOCKFISH`, else `/usr/games/stockfish`; Python is `CHESSBITS_PYTHON`, else
//! `python3`. Without the engine, python-chess, the program or the data, a notice says so
//! and the section says why: the bench never fails for it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The python-chess loop, relative to the workspace root.
const SCRIPT: &str = "xtask/scripts/analyse_loop.py";

/// Games analysed, in a full run and with `--quick`.
const GAMES: [u32; 2] = [200, 20];

/// The node limit of every search.
const NODES: u32 = 20_000;

/// The section's heading.
const HEADING: &str = "\n## `chessbits analyse` against a python-chess engine loop\n\n";

/// The engine: `CHESSBITS_STOCKFISH`, else `/usr/games/stockfish`.
fn stockfish() -> PathBuf {
    std::env::var_os("CHESSBITS_STOCKFISH")
        .map_or_else(|| PathBuf::from("/usr/games/stockfish"), PathBuf::from)
}

/// The Python to run: `CHESSBITS_PYTHON`, else `python3`.
fn python() -> PathBuf {
    std::env::var_os("CHESSBITS_PYTHON").map_or_else(|| PathBuf::from("python3"), PathBuf::from)
}

/// The shared Lichess file (plain PGN, which both sides read).
fn lichess() -> Option<PathBuf> {
    let file = PathBuf::from(std::env::var_os("CHESSBITS_DATA")?)
        .join("pgn/lichess/lichess_db_2025-05_1000k.pgn");
    file.exists().then_some(file)
}

/// The report's section: the figures, or why there are none (also printed as a notice).
/// `programs` are the bench's programs, the `chessbits` program among them.
pub(crate) fn section(root: &Path, programs: &[PathBuf], quick: bool) -> String {
    let program = programs
        .iter()
        .find(|p| p.file_stem().is_some_and(|s| s == "chessbits"));
    match measure(
        root,
        program.map(PathBuf::as_path),
        GAMES[usize::from(quick)],
    ) {
        Ok(text) => format!("{HEADING}{text}"),
        Err(why) => {
            eprintln!("NOTICE: chessbits analyse not measured: {why}");
            format!("{HEADING}Not measured: {why}.\n")
        }
    }
}

/// What one side came to.
struct Side {
    positions: u64,
    seconds: f64,
}

/// Runs both sides; returns the section's text.
pub(crate) fn measure(root: &Path, program: Option<&Path>, games: u32) -> Result<String, String> {
    let program = program.ok_or("the bench built no `chessbits` program")?;
    let engine = stockfish();
    if !engine.exists() {
        return Err(format!(
            "no Stockfish at {} (set CHESSBITS_STOCKFISH)",
            engine.display()
        ));
    }
    let file = lichess().ok_or(
        "the shared Lichess file is not there \
         (CHESSBITS_DATA/pgn/lichess/lichess_db_2025-05_1000k.pgn)",
    )?;
    let python = python();
    let has_chess = Command::new(&python)
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_chess {
        return Err(format!(
            "{} cannot import chess (`pip install chess`, or set CHESSBITS_PYTHON)",
            python.display()
        ));
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let ours = run_ours(program, &engine, &file, games)?;
    let peer = run_peer(root, &python, &engine, &file, games)?;
    let ratio = peer.seconds / ours.seconds.max(1e-9);
    let rate = |s: &Side| s.positions as f64 / s.seconds.max(1e-9);
    let line = format!(
        "analyse: games={games} nodes={NODES} cores={cores} ours_s={:.2} ours_positions={} \
         peer_s={:.2} peer_positions={} ratio={ratio:.2}",
        ours.seconds, ours.positions, peer.seconds, peer.positions
    );
    println!("{line}");
    Ok(format!(
        "The first {games} games of `lichess_db_2025-05_1000k.pgn`, `go nodes {NODES}` with \
         {} on {cores} core(s). Ours: `chessbits analyse --nodes {NODES}` (one engine per \
         core, each distinct position once, the moves table with the engine columns \
         written); python-chess: `{SCRIPT}` (one `SimpleEngine`, every position after a \
         mainline move). Wall-clock seconds of one run each, one after the other.\n\n\
         | what | positions searched | seconds | positions/s | ratio |\n\
         |---|---:|---:|---:|---:|\n\
         | `chessbits analyse` | {} | {:.1} | {:.0} | **{ratio:.2}x** |\n\
         | python-chess loop | {} | {:.1} | {:.0} | 1x |\n",
        engine.display(),
        ours.positions,
        ours.seconds,
        rate(&ours),
        peer.positions,
        peer.seconds,
        rate(&peer),
    ))
}

/// `chessbits analyse` on the first `games` games, its table to a temporary file.
fn run_ours(program: &Path, engine: &Path, file: &Path, games: u32) -> Result<Side, String> {
    let out = std::env::temp_dir().join(format!(
        "chessbits-analyse-bench-{}.csv",
        std::process::id()
    ));
    let start = Instant::now();
    let o = Command::new(program)
        .args(["analyse", "--no-progress", "--nodes", &NODES.to_string()])
        .args(["--limit", &games.to_string(), "--engine"])
        .arg(engine)
        .arg("-o")
        .arg(&out)
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    let seconds = start.elapsed().as_secs_f64();
    let _ = std::fs::remove_file(&out);
    let stderr = String::from_utf8_lossy(&o.stderr);
    if !o.status.success() {
        return Err(format!(
            "chessbits analyse failed ({}): {}",
            o.status,
            stderr.lines().last().unwrap_or_default()
        ));
    }
    // `N positions analysed on K engine(s), ...`
    let positions = stderr
        .lines()
        .find_map(|l| l.split_once(" positions analysed").map(|(n, _)| n))
        .and_then(|n| n.trim().parse().ok())
        .ok_or("chessbits analyse did not say how many positions it analysed")?;
    Ok(Side { positions, seconds })
}

/// The python-chess loop on the first `games` games.
fn run_peer(
    root: &Path,
    python: &Path,
    engine: &Path,
    file: &Path,
    games: u32,
) -> Result<Side, String> {
    let o = Command::new(python)
        .arg(root.join(SCRIPT))
        .arg(engine)
        .arg(file)
        .arg(games.to_string())
        .arg(NODES.to_string())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    let stdout = String::from_utf8_lossy(&o.stdout);
    if !o.status.success() {
        let stderr = String::from_utf8_lossy(&o.stderr);
        return Err(format!(
            "{SCRIPT} failed ({}): {}",
            o.status,
            stderr.lines().last().unwrap_or_default()
        ));
    }
    parse_peer(&stdout).ok_or_else(|| format!("{SCRIPT} printed no `analyse_loop:` line"))
}

/// The script's `analyse_loop: positions=N seconds=S ...` line.
fn parse_peer(stdout: &str) -> Option<Side> {
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("analyse_loop: "))?;
    let field = |name: &str| {
        line.split_whitespace()
            .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
    };
    Some(Side {
        positions: field("positions")?.parse().ok()?,
        seconds: field("seconds")?.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_loops_line() {
        let side = parse_peer("noise\nanalyse_loop: positions=1033 seconds=37.906 chess=1.11.2\n")
            .expect("a line");
        assert_eq!(side.positions, 1033);
        assert!((side.seconds - 37.906).abs() < 1e-9);
        assert!(parse_peer("analyse_loop: positions=x seconds=1").is_none());
    }

    /// The figure alone, where Stockfish, python-chess and the data are (minutes):
    /// `CHESSBITS_DATA=... CHESSBITS_PYTHON=... cargo test -p xtask analyse_bench --
    /// --ignored --nocapture` after `cargo build --release -p chessbits-cli`.
    #[test]
    #[ignore = "runs Stockfish for minutes (needs python-chess and CHESSBITS_DATA)"]
    fn measures_where_stockfish_and_python_chess_are() {
        let root = crate::workspace_root();
        let program = root.join("target/release/chessbits");
        let games = std::env::var("CHESSBITS_ANALYSE_GAMES")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(GAMES[0]);
        match measure(&root, Some(&program), games) {
            Ok(text) => println!("{text}"),
            Err(why) => eprintln!("NOTICE: not measured: {why}"),
        }
    }
}
