//! `chessbits syzygy --path DIR FEN...` and `chessbits syzygy --path DIR --epd FILE`: probe
//! Syzygy tablebases and write CSV `fen,wdl,dtz,best`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use chessbits_position::{CastlingMode, Epd, Position};
use chessbits_syzygy::Tablebase;

/// What `syzygy` was asked.
pub(crate) struct SyzygyOptions {
    /// Directories of table files.
    pub(crate) paths: Vec<PathBuf>,
    /// FENs given as arguments.
    pub(crate) fens: Vec<String>,
    /// An EPD file of positions instead.
    pub(crate) epd: Option<PathBuf>,
}

/// Runs `chessbits syzygy`: one row per position probed; a position that cannot be read or
/// probed (a missing table, a corrupt file, castling rights) is an error line on stderr and
/// exit status 1 once every position is done. An unreadable directory or EPD file is exit
/// status 2 at once.
pub(crate) fn run(opts: &SyzygyOptions) -> ExitCode {
    let mut tb = Tablebase::new();
    for dir in &opts.paths {
        if let Err(e) = tb.add_directory(dir) {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    }
    // (where the position came from, the position or why it could not be read)
    let positions: Vec<(String, Result<Position, String>)> = match &opts.epd {
        Some(file) => match std::fs::read_to_string(file) {
            Ok(text) => text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
                .map(|(i, line)| {
                    let at = format!("{}:{}", file.display(), i + 1);
                    let pos = Epd::parse(line).map_err(|e| e.to_string()).and_then(|epd| {
                        Position::from_setup(&epd.setup, CastlingMode::Standard)
                            .map_err(|e| e.to_string())
                    });
                    (at, pos)
                })
                .collect(),
            Err(e) => {
                eprintln!("error: {}: {e}", file.display());
                return ExitCode::from(2);
            }
        },
        None => opts
            .fens
            .iter()
            .map(|fen| {
                (
                    fen.clone(),
                    fen.parse::<Position>().map_err(|e| e.to_string()),
                )
            })
            .collect(),
    };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "fen,wdl,dtz,best");
    let mut failed = false;
    for (at, pos) in positions {
        let pos = match pos {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("error: {at}: {e}");
                failed = true;
                continue;
            }
        };
        let probed = tb.probe_wdl(&pos).and_then(|wdl| {
            let dtz = tb.probe_dtz(&pos)?;
            let best = tb.best_move(&pos)?;
            Ok((wdl, dtz, best))
        });
        match probed {
            Ok((wdl, dtz, best)) => {
                let best = best
                    .map(|b| b.mv.uci(false).to_string())
                    .unwrap_or_default();
                let _ = writeln!(out, "{},{wdl},{dtz},{best}", pos.fen());
            }
            Err(e) => {
                // Name the position unless the error already does.
                let (fen, e) = (pos.fen(), e.to_string());
                if e.contains(&fen) {
                    eprintln!("error: {e}");
                } else {
                    eprintln!("error: {fen}: {e}");
                }
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
