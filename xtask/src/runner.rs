//! Runs one criterion bench executable for `cargo xtask bench`: its output (criterion's
//! stream) goes to the log file instead of the terminal, and the start of each benchmark is
//! handed to the caller, which turns it into progress lines and tables.
//!
//! Criterion (0.5) writes `Benchmarking <id>` on its own line to stderr when a benchmark
//! starts and its output is not a terminal (then `Benchmarking <id>: Warming up ...`,
//! `...: Collecting ...`, `...: Analyzing`, and sometimes `Warning: Unable to complete ...`);
//! results go to stdout. Any other line on stderr is the bench file's own (a tool not
//! installed, a failed check): the caller shows it on the terminal too.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use crate::Error;

/// Lines of output kept to show when a bench executable fails.
const TAIL_LINES: usize = 30;

/// The log file, shared by the threads that copy a child's stdout and stderr into it.
#[derive(Clone)]
pub(crate) struct Log {
    file: Arc<Mutex<File>>,
    tail: Arc<Mutex<VecDeque<String>>>,
}

impl Log {
    pub(crate) fn new(file: File) -> Log {
        Log {
            file: Arc::new(Mutex::new(file)),
            tail: Arc::new(Mutex::new(VecDeque::new())),
        }
    }

    /// Appends one line to the log (and to the tail kept for error messages).
    pub(crate) fn line(&self, line: &str) {
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        // A full disk should not stop the benchmarks; the tables do not come from the log.
        let _ = writeln!(file, "{line}");
        drop(file);
        let mut tail = self.tail.lock().unwrap_or_else(PoisonError::into_inner);
        if tail.len() == TAIL_LINES {
            tail.pop_front();
        }
        tail.push_back(line.to_owned());
    }

    /// The last lines written, oldest first.
    pub(crate) fn tail(&self) -> Vec<String> {
        let tail = self.tail.lock().unwrap_or_else(PoisonError::into_inner);
        tail.iter().cloned().collect()
    }
}

/// What a running bench executable says on stderr.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Event {
    /// A benchmark started: its id (`group/function/input`).
    Benchmark(String),
    /// A line that is not criterion's progress: a notice or an error of the bench file.
    Note(String),
}

/// A running bench executable.
pub(crate) struct Running {
    child: Child,
    events: Receiver<Event>,
    copiers: Vec<JoinHandle<()>>,
}

/// Starts `cmd` with its stdout and stderr copied into `log`.
pub(crate) fn spawn(mut cmd: Command, log: &Log) -> Result<Running, Error> {
    log.line(&format!("==> {cmd:?}"));
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    let (tx, events) = channel();
    let mut copiers = Vec::new();
    if let Some(out) = child.stdout.take() {
        copiers.push(copy_lines(out, log.clone(), None));
    }
    if let Some(err) = child.stderr.take() {
        copiers.push(copy_lines(err, log.clone(), Some(tx)));
    }
    Ok(Running {
        child,
        events,
        copiers,
    })
}

impl Running {
    /// Waits for the next event; `None` once the executable has closed its output (it has
    /// ended).
    pub(crate) fn next_event(&self) -> Option<Event> {
        self.events.recv().ok()
    }

    /// Waits for the executable to end.
    pub(crate) fn wait(mut self) -> Result<ExitStatus, Error> {
        let status = self
            .child
            .wait()
            .map_err(|e| format!("cannot wait for a bench executable: {e}"))?;
        for copier in self.copiers.drain(..) {
            let _ = copier.join();
        }
        Ok(status)
    }
}

/// Copies `stream` line by line into `log`; with `events`, sends what each line says.
fn copy_lines(
    stream: impl Read + Send + 'static,
    log: Log,
    events: Option<Sender<Event>>,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stream);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let line = String::from_utf8_lossy(&buf);
            let line = line.trim_end_matches(['\n', '\r']);
            log.line(line);
            if let Some(event) = events.as_ref().and_then(|tx| event(line).map(|e| (tx, e))) {
                let _ = event.0.send(event.1);
            }
        }
    })
}

/// What a line of stderr says: a benchmark's start, a note, or nothing (criterion's
/// progress, blank lines).
fn event(line: &str) -> Option<Event> {
    if let Some(rest) = line.strip_prefix("Benchmarking ") {
        // `Benchmarking <id>` alone starts a benchmark; `Benchmarking <id>: ...` are phases.
        return (!rest.contains(": ") && !rest.is_empty()).then(|| Event::Benchmark(rest.into()));
    }
    let criterion = ["Warning: Unable to complete", "Gnuplot not found"];
    if line.trim().is_empty() || criterion.iter().any(|p| line.starts_with(p)) {
        return None;
    }
    Some(Event::Note(line.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(id: &str) -> Option<Event> {
        Some(Event::Benchmark(id.to_owned()))
    }

    #[test]
    fn recognises_benchmark_starts_and_notes() {
        assert_eq!(
            event("Benchmarking perft/chessbits/start-6"),
            start("perft/chessbits/start-6")
        );
        assert_eq!(
            event("Benchmarking attacks-to/attackers-to (both sides)"),
            start("attacks-to/attackers-to (both sides)")
        );
        assert_eq!(
            event("Benchmarking perft/chessbits/start-6: Warming up for 1.0000 s"),
            None
        );
        assert_eq!(
            event("Benchmarking perft/chessbits/start-6: Analyzing"),
            None
        );
        assert_eq!(
            event("Warning: Unable to complete 10 samples in 1.5s. You may wish to increase target time to 3.6s."),
            None
        );
        assert_eq!(event(""), None);
        assert_eq!(
            event("pgn-extract not installed (Debian package `pgn-extract`): not measured"),
            Some(Event::Note(
                "pgn-extract not installed (Debian package `pgn-extract`): not measured".into()
            ))
        );
    }

    #[test]
    fn copies_output_to_the_log_and_reports_events() {
        let path = std::env::temp_dir().join(format!("xtask-runner-test-{}", std::process::id()));
        let log = Log::new(File::create(&path).expect("temp dir is writable"));
        let mut cmd = Command::new("sh");
        cmd.args([
            "-c",
            "echo 'Benchmarking g/a'; echo 'Benchmarking g/a: Analyzing'; echo 'g/a time: [1 ns]' >&2; \
             echo 'Benchmarking h/b' >&2; echo 'tool missing' >&2; exit 3",
        ]);
        let running = spawn(cmd, &log).expect("sh runs");
        let mut events = Vec::new();
        while let Some(e) = running.next_event() {
            events.push(e);
        }
        let status = running.wait().expect("sh ends");
        assert_eq!(status.code(), Some(3));
        // Only stderr is read for events (criterion writes its progress there).
        assert_eq!(
            events,
            [
                Event::Note("g/a time: [1 ns]".into()),
                Event::Benchmark("h/b".into()),
                Event::Note("tool missing".into())
            ]
        );
        let text = std::fs::read_to_string(&path).expect("log is readable");
        std::fs::remove_file(&path).expect("temp file is removable");
        assert!(text.starts_with("==> "), "{text}");
        for line in [
            "Benchmarking g/a: Analyzing",
            "Benchmarking h/b",
            "tool missing",
        ] {
            assert!(text.contains(line), "{text}");
        }
        // Both streams are copied at once: their lines interleave in any order.
        assert!(log.tail().iter().any(|l| l == "tool missing"));
    }
}
