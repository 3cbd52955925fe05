//! A scripted fake engine: the test binary itself, re-executed (`std::env::current_exe()`)
//! to run only the test `fake::fake_engine_main`, which plays the script in the
//! environment variable `CHESSBITS_FAKE_SCRIPT` and logs every line it reads to the file
//! `CHESSBITS_FAKE_LOG`. No installed engine is needed.
//!
//! A script is a line per step:
//! - `< prefix`: read lines until one starts with `prefix` (the end of input ends the
//!   engine with status 0);
//! - `> text`: write `text` to standard output; `! text`: to standard error;
//! - `sleep MS`; `exit N`;
//! - `hang`: read until the end of input, answering nothing, ignoring `quit`; then
//!   sleep (so only a kill ends it).
//!
//! At the end of the script the engine reads until `quit` (or the end) and exits 0.
//!
//! libtest writes `running 1 test` before the script starts: a line every client must
//! skip as unknown (real engines print banners too).

#![allow(dead_code)]

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use chessbits_uci::{EngineCommand, Timeouts};

const SCRIPT: &str = "CHESSBITS_FAKE_SCRIPT";
const LOG: &str = "CHESSBITS_FAKE_LOG";

#[test]
fn fake_engine_main() {
    let Ok(script) = std::env::var(SCRIPT) else {
        return; // an ordinary test run: nothing to do
    };
    let log_path = std::env::var(LOG).ok();
    let mut log = log_path.and_then(|p| std::fs::File::create(p).ok());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut read_line = |log: &mut Option<std::fs::File>| -> Option<String> {
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                let line = line.trim_end().to_owned();
                if let Some(f) = log.as_mut() {
                    let _ = writeln!(f, "{line}");
                    let _ = f.flush();
                }
                Some(line)
            }
        }
    };
    let out = std::io::stdout();
    for step in script.lines() {
        let (word, rest) = step.split_once(' ').unwrap_or((step, ""));
        match word {
            "<" => loop {
                match read_line(&mut log) {
                    None => std::process::exit(0),
                    Some(l) if l.starts_with(rest) => break,
                    Some(_) => {}
                }
            },
            ">" => {
                let mut o = out.lock();
                let _ = writeln!(o, "{rest}");
                let _ = o.flush();
            }
            "!" => eprintln!("{rest}"),
            "sleep" => std::thread::sleep(Duration::from_millis(rest.parse().unwrap_or(0))),
            "exit" => std::process::exit(rest.parse().unwrap_or(1)),
            "hang" => {
                while read_line(&mut log).is_some() {}
                std::thread::sleep(Duration::from_secs(600));
                std::process::exit(0);
            }
            _ => {}
        }
    }
    while let Some(l) = read_line(&mut log) {
        if l == "quit" {
            break;
        }
    }
    std::process::exit(0);
}

/// A fake engine and the file its input is logged to.
pub(crate) struct Fake {
    pub(crate) command: EngineCommand,
    pub(crate) log: PathBuf,
}

impl Fake {
    /// The lines the engine read so far.
    pub(crate) fn received(&self) -> Vec<String> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

impl Drop for Fake {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.log);
    }
}

/// Short deadlines for tests: an engine that never answers fails fast; `quit` is given
/// a short grace.
pub(crate) fn quick() -> Timeouts {
    Timeouts {
        quit: Duration::from_millis(200),
        ..Timeouts::all(Duration::from_millis(500))
    }
}

/// Generous deadlines, for exchanges that must succeed on any machine.
pub(crate) fn generous() -> Timeouts {
    Timeouts {
        quit: Duration::from_secs(5),
        ..Timeouts::all(Duration::from_secs(30))
    }
}

/// A fake engine that plays `script` (its steps separated by newlines).
pub(crate) fn fake(script: &str, timeouts: Timeouts) -> Fake {
    static N: AtomicUsize = AtomicUsize::new(0);
    let log = std::env::temp_dir().join(format!(
        "chessbits-uci-fake-{}-{}.log",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let exe = std::env::current_exe().unwrap_or_default();
    let command = EngineCommand::new(exe)
        .args([
            "fake::fake_engine_main",
            "--exact",
            "--nocapture",
            // Terse: libtest's line for a test starts only when it ends (the pretty
            // format would write `test name ... ` before the engine's first line).
            "--quiet",
        ])
        .env(SCRIPT, script)
        .env(LOG, &log)
        .timeouts(timeouts);
    Fake { command, log }
}

/// The handshake of a small UCI engine with the options the tests set.
pub(crate) const UCI_HANDSHAKE: &str = "< uci
> id name Fake Engine 1.0
> id author The Tests
> option name Hash type spin default 16 min 1 max 1024
> option name Ponder type check default false
> option name Style type combo default Normal var Solid var Normal var Risky
> option name Clear Hash type button
> option name SyzygyPath type string default <empty>
> option name UCI_Chess960 type check default false
> option name UCI_Variant type combo default chess var chess var crazyhouse var 3check
> uciok";
