//! A scripted fake UCI engine for `chessbits analyse`: the test binary itself, re-executed
//! by a small shell script (`engine`) to run only the test `analyse_fake::fake_uci_main`.
//! It answers every search at once with a score computed from the position (so that a
//! test knows each answer), the first legal move as best move and pv, and a WDL. Faults
//! are asked for in the environment, each by a text the searched FEN contains:
//!
//! - `FAKE_DIE_ON`: exit with status 3 instead of answering (every time);
//! - `FAKE_DIE_ONCE_ON` with `FAKE_MARKER` (a file): exit the first time only (the file
//!   is created then);
//! - `FAKE_HANG_ON`: answer nothing, ever;
//! - `FAKE_INTERRUPT_ON`: send SIGINT to the parent (the program) and answer;
//! - `FAKE_SLOW_MS`: sleep that long before every answer.
//!
//! Every line read is appended to `FAKE_LOG_DIR/<pid>.log`.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use chessbits_movegen::{legal_moves, move_to_uci};
use chessbits_position::Position;

/// The fake's score of `fen` from the side to move: a function of the placement only.
pub(crate) fn fake_cp(fen: &str) -> i32 {
    let placement = fen.split(' ').next().unwrap_or("");
    let sum: u32 = placement.bytes().map(u32::from).sum();
    (sum % 400) as i32 - 200
}

/// The fake's score of `fen` from White's point of view (what the table holds).
pub(crate) fn fake_white_cp(fen: &str) -> i32 {
    if fen.split(' ').nth(1) == Some("b") {
        -fake_cp(fen)
    } else {
        fake_cp(fen)
    }
}

fn env_matches(name: &str, fen: &str) -> bool {
    std::env::var(name).is_ok_and(|t| !t.is_empty() && fen.contains(&t))
}

#[test]
fn fake_uci_main() {
    if std::env::var_os("FAKE_UCI").is_none() {
        return; // an ordinary test run
    }
    let mut log = std::env::var_os("FAKE_LOG_DIR").and_then(|d| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(PathBuf::from(d).join(format!("{}.log", std::process::id())))
            .ok()
    });
    let slow = std::env::var("FAKE_SLOW_MS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0u64);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let say = |text: &str| {
        let mut o = stdout.lock();
        let _ = writeln!(o, "{text}");
        let _ = o.flush();
    };
    let mut fen = String::from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(f) = log.as_mut() {
            let _ = writeln!(f, "{line}");
            let _ = f.flush();
        }
        let line = line.trim();
        if line == "uci" {
            say("id name Fake Analyser");
            say("option name Hash type spin default 16 min 1 max 1024");
            say("option name UCI_ShowWDL type check default false");
            say("uciok");
        } else if line == "isready" {
            say("readyok");
        } else if line == "quit" {
            break;
        } else if let Some(f) = line.strip_prefix("position fen ") {
            fen = f.split(" moves ").next().unwrap_or(f).to_owned();
        } else if line.starts_with("go") {
            if slow > 0 {
                std::thread::sleep(Duration::from_millis(slow));
            }
            if env_matches("FAKE_DIE_ON", &fen) {
                eprintln!("fake: dying on {fen}");
                std::process::exit(3);
            }
            if env_matches("FAKE_DIE_ONCE_ON", &fen) {
                if let Ok(marker) = std::env::var("FAKE_MARKER") {
                    if !Path::new(&marker).exists() {
                        let _ = std::fs::write(&marker, b"died");
                        std::process::exit(3);
                    }
                }
            }
            if env_matches("FAKE_HANG_ON", &fen) {
                std::thread::sleep(Duration::from_secs(3600));
            }
            if env_matches("FAKE_INTERRUPT_ON", &fen) {
                let parent = std::os::unix::process::parent_id();
                let _ = std::process::Command::new("kill")
                    .args(["-INT", &parent.to_string()])
                    .status();
            }
            let pos = Position::from_fen(&fen).expect("a legal FEN");
            let moves = legal_moves(&pos);
            match moves.iter().next() {
                Some(&m) => {
                    let uci = move_to_uci(&pos, m);
                    say(&format!(
                        "info depth 7 score cp {} wdl 500 300 200 nodes 100 pv {uci}",
                        fake_cp(&fen)
                    ));
                    say(&format!("bestmove {uci}"));
                }
                None if pos.is_check() => {
                    say("info depth 0 score mate 0");
                    say("bestmove (none)");
                }
                None => {
                    say("info depth 0 score cp 0");
                    say("bestmove (none)");
                }
            }
        }
    }
    std::process::exit(0);
}

/// A directory of a test's files: the engine script, logs, outputs.
pub(crate) fn work_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chessbits-analyse-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("log")).unwrap();
    dir
}

/// Writes `dir/engine`, a script that runs the fake.
pub(crate) fn engine_script(dir: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let exe = std::env::current_exe().unwrap();
    let path = dir.join("engine");
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\nFAKE_UCI=1 exec '{}' analyse_fake::fake_uci_main --exact --nocapture --quiet\n",
            exe.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Every line the fake engines of a run read, over all their processes.
pub(crate) fn logged(dir: &Path) -> Vec<String> {
    let mut lines = Vec::new();
    for e in std::fs::read_dir(dir.join("log")).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        lines.extend(text.lines().map(str::to_owned));
    }
    lines
}
