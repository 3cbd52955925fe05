//! The engine's process: started from an [`EngineCommand`], written to a line at a time
//! (by a thread that owns its standard input, so that no write blocks the client), read a
//! line at a time with a deadline (a thread reads its standard output into a channel;
//! another keeps the last lines of its standard error), and killed and reaped when
//! dropped (after the protocol's `quit` and a grace period). Knows no protocol.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::error::{clip, EngineError, Exit, Stage, StderrTail};
use crate::limits::Timeouts;

/// The longest line read from an engine; a longer one is cut there (the rest of it is
/// read and dropped).
const MAX_LINE: usize = 1 << 20;
/// The longest stderr line kept.
const MAX_STDERR_LINE: usize = 1000;

/// How to start an engine: its program, arguments, environment, working directory and
/// the client's [`Timeouts`]. Then [`EngineCommand::start_uci`] or
/// [`EngineCommand::start_xboard`].
#[derive(Clone, Debug)]
pub struct EngineCommand {
    pub(crate) program: PathBuf,
    pub(crate) args: Vec<OsString>,
    pub(crate) envs: Vec<(OsString, OsString)>,
    pub(crate) current_dir: Option<PathBuf>,
    pub(crate) timeouts: Timeouts,
    pub(crate) own_group: bool,
}

impl EngineCommand {
    /// The engine at `program` (a path, or a name looked up in `PATH`).
    pub fn new(program: impl Into<PathBuf>) -> EngineCommand {
        EngineCommand {
            program: program.into(),
            args: Vec::new(),
            envs: Vec::new(),
            current_dir: None,
            timeouts: Timeouts::default(),
            own_group: false,
        }
    }

    /// Adds an argument.
    #[must_use]
    pub fn arg(mut self, arg: impl Into<OsString>) -> EngineCommand {
        self.args.push(arg.into());
        self
    }

    /// Adds arguments.
    #[must_use]
    pub fn args<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, args: I) -> EngineCommand {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets an environment variable for the engine.
    #[must_use]
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> EngineCommand {
        self.envs.push((key.into(), value.into()));
        self
    }

    /// The engine's working directory.
    #[must_use]
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> EngineCommand {
        self.current_dir = Some(dir.into());
        self
    }

    /// The client's deadlines.
    #[must_use]
    pub fn timeouts(mut self, timeouts: Timeouts) -> EngineCommand {
        self.timeouts = timeouts;
        self
    }

    /// On Unix, starts the engine in a process group of its own, so that the terminal's
    /// Ctrl-C (SIGINT to the foreground group) reaches the client alone, which can then
    /// end its work in order and stop the engine itself. Elsewhere it does nothing.
    #[must_use]
    pub fn own_process_group(mut self, own: bool) -> EngineCommand {
        self.own_group = own;
        self
    }
}

/// What the stdout reader hands over.
enum Event {
    Line(String),
    Eof,
    Failed(std::io::Error),
}

/// A running engine process.
pub(crate) struct EngineProcess {
    child: Child,
    /// Lines for the writer thread, which owns the engine's stdin (so that a write never
    /// blocks the client, even on an engine that stopped reading); dropped to close it.
    to_stdin: Option<Sender<String>>,
    /// Set by the writer thread when a write failed (the engine closed its input).
    write_failed: Arc<AtomicBool>,
    lines: Receiver<Event>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_done: Receiver<()>,
    pub(crate) timeouts: Timeouts,
    /// Set once the process is known to have ended (its output closed).
    ended: bool,
    /// The command that ends the engine politely (`quit`).
    quit_command: &'static str,
}

impl std::fmt::Debug for EngineProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineProcess")
            .field("pid", &self.child.id())
            .field("ended", &self.ended)
            .finish_non_exhaustive()
    }
}

impl EngineProcess {
    pub(crate) fn spawn(cmd: &EngineCommand) -> Result<EngineProcess, EngineError> {
        let mut command = Command::new(&cmd.program);
        command
            .args(&cmd.args)
            .envs(cmd.envs.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &cmd.current_dir {
            command.current_dir(dir);
        }
        #[cfg(unix)]
        if cmd.own_group {
            std::os::unix::process::CommandExt::process_group(&mut command, 0);
        }
        let mut child = command.spawn().map_err(|source| {
            if source.kind() == std::io::ErrorKind::NotFound {
                EngineError::NotFound {
                    program: cmd.program.clone(),
                    source,
                }
            } else {
                EngineError::Spawn {
                    program: cmd.program.clone(),
                    source,
                }
            }
        })?;
        let write_failed = Arc::new(AtomicBool::new(false));
        let mut to_stdin = None;
        if let Some(stdin) = child.stdin.take() {
            let (tx, rx) = mpsc::channel::<String>();
            let failed = Arc::clone(&write_failed);
            thread::spawn(move || write_lines(stdin, &rx, &failed));
            to_stdin = Some(tx);
        }
        let (tx, lines) = mpsc::channel();
        if let Some(stdout) = child.stdout.take() {
            thread::spawn(move || read_lines(stdout, |e| tx.send(e).is_ok()));
        }
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let (done_tx, stderr_done) = mpsc::channel();
        if let Some(err) = child.stderr.take() {
            let keep = Arc::clone(&stderr);
            let max = cmd.timeouts.stderr_lines;
            thread::spawn(move || {
                read_lines(err, |e| {
                    if let Event::Line(line) = e {
                        if let Ok(mut tail) = keep.lock() {
                            if tail.len() >= max {
                                tail.pop_front();
                            }
                            if max > 0 {
                                tail.push_back(clip(&line, MAX_STDERR_LINE).to_owned());
                            }
                        }
                        true
                    } else {
                        false
                    }
                });
                let _ = done_tx.send(());
            });
        }
        Ok(EngineProcess {
            child,
            to_stdin,
            write_failed,
            lines,
            stderr,
            stderr_done,
            timeouts: cmd.timeouts,
            ended: false,
            quit_command: "quit",
        })
    }

    /// Queues `line` (and a line break) for the engine; never blocks. A write that failed
    /// before (the engine closed its input) makes this an [`EngineError::Died`].
    pub(crate) fn send(&mut self, line: &str, stage: Stage) -> Result<(), EngineError> {
        if self.write_failed.load(Ordering::Acquire) {
            return Err(self.died(stage));
        }
        let queued = self
            .to_stdin
            .as_ref()
            .is_some_and(|tx| tx.send(format!("{line}\n")).is_ok());
        if queued {
            Ok(())
        } else {
            Err(self.died(stage))
        }
    }

    /// The next line, waiting until `deadline` at most.
    pub(crate) fn recv(
        &mut self,
        deadline: Instant,
        stage: Stage,
        waiting_for: &'static str,
        timeout: Duration,
    ) -> Result<String, EngineError> {
        if self.ended {
            return Err(self.died(stage));
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Event::Line(line)) => Ok(line),
            Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                self.ended = true;
                Err(self.died(stage))
            }
            Ok(Event::Failed(source)) => {
                self.ended = true;
                Err(EngineError::Io { stage, source })
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout {
                stage,
                waiting_for,
                timeout,
            }),
        }
    }

    /// The process id.
    pub(crate) fn id(&self) -> u32 {
        self.child.id()
    }

    /// Takes the lines already read and not yet taken, without waiting.
    pub(crate) fn drain(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        while let Ok(event) = self.lines.try_recv() {
            match event {
                Event::Line(line) => lines.push(line),
                _ => {
                    self.ended = true;
                    break;
                }
            }
        }
        lines
    }

    /// The error for an engine whose output closed: its exit status (waited for up to
    /// 2 s) and its last stderr lines (once its stderr closed too: at most 2 s more, in
    /// case a child of the engine keeps it open).
    pub(crate) fn died(&mut self, stage: Stage) -> EngineError {
        self.ended = true;
        let status = self.wait_exit(Duration::from_secs(2));
        let _ = self.stderr_done.recv_timeout(Duration::from_secs(2));
        EngineError::Died {
            stage,
            exit: Exit(status),
            stderr: self.stderr_tail(),
        }
    }

    /// The engine's last lines on standard error.
    pub(crate) fn stderr_tail(&self) -> StderrTail {
        StderrTail(
            self.stderr
                .lock()
                .map(|t| t.iter().cloned().collect())
                .unwrap_or_default(),
        )
    }

    fn wait_exit(&mut self, within: Duration) -> Option<ExitStatus> {
        let deadline = deadline_after(within);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => {
                    thread::sleep(Duration::from_millis(5));
                }
                _ => return None,
            }
        }
    }

    /// Sends the protocol's `quit`, waits the grace period, then kills and reaps.
    pub(crate) fn shutdown(&mut self) -> Option<ExitStatus> {
        if let Ok(Some(status)) = self.child.try_wait() {
            return Some(status);
        }
        if let Some(tx) = self.to_stdin.take() {
            let _ = tx.send(format!("{}\n", self.quit_command));
            // Dropping the sender ends the writer thread, which closes stdin: an engine
            // reading it sees the end.
        }
        if let Some(status) = self.wait_exit(self.timeouts.quit) {
            return Some(status);
        }
        let _ = self.child.kill();
        self.child.wait().ok()
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// The instant `d` from now; a duration too long for the clock (a user's
/// `Duration::MAX`) is a deadline a century away rather than an overflow.
pub(crate) fn deadline_after(d: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(d)
        .or_else(|| now.checked_add(Duration::from_secs(100 * 365 * 24 * 3600)))
        .unwrap_or(now)
}

/// Writes each line received to the engine's stdin until the channel closes or a write
/// fails (noted in `failed`); then stdin is dropped, closing it.
fn write_lines(mut stdin: ChildStdin, rx: &Receiver<String>, failed: &AtomicBool) {
    for line in rx {
        if stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .is_err()
        {
            failed.store(true, Ordering::Release);
            return;
        }
    }
}

/// Reads `from` a line at a time (lines cut at [`MAX_LINE`] bytes, `\r\n` or `\n` taken
/// off, invalid UTF-8 replaced) into `out` until the end, an error, or `out` says stop.
fn read_lines(from: impl Read, mut out: impl FnMut(Event) -> bool) {
    let mut reader = BufReader::new(from);
    let mut line = Vec::new();
    loop {
        line.clear();
        let ended = loop {
            let buf = match reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    out(Event::Failed(e));
                    return;
                }
            };
            if buf.is_empty() {
                break true;
            }
            let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], Some(i + 1)),
                None => (buf, None),
            };
            let room = MAX_LINE.saturating_sub(line.len());
            line.extend_from_slice(&chunk[..chunk.len().min(room)]);
            let used = found.unwrap_or(buf.len());
            reader.consume(used);
            if found.is_some() {
                break false;
            }
        };
        if ended && line.is_empty() {
            out(Event::Eof);
            return;
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        if !out(Event::Line(String::from_utf8_lossy(&line).into_owned())) {
            return;
        }
        if ended {
            out(Event::Eof);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(input: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        read_lines(input, |e| {
            match e {
                Event::Line(l) => out.push(l),
                Event::Eof => out.push("<eof>".into()),
                Event::Failed(_) => out.push("<failed>".into()),
            }
            true
        });
        out
    }

    #[test]
    fn deadlines_do_not_overflow() {
        let now = Instant::now();
        assert!(deadline_after(Duration::MAX) > now);
        assert!(deadline_after(Duration::ZERO) >= now);
    }

    #[test]
    fn lines_are_split_and_bounded() {
        assert_eq!(
            lines_of(b"uciok\r\nreadyok\nlast"),
            ["uciok", "readyok", "last", "<eof>"]
        );
        assert_eq!(lines_of(b""), ["<eof>"]);
        assert_eq!(lines_of(b"\n\n"), ["", "", "<eof>"]);
        let mut long = vec![b'x'; MAX_LINE + 10];
        long.extend_from_slice(b"\nnext\n");
        let got = lines_of(&long);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].len(), MAX_LINE);
        assert_eq!(got[1], "next");
        assert_eq!(lines_of(b"caf\xff\n")[0], "caf\u{fffd}");
    }
}
