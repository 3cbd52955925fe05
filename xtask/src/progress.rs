//! Progress lines of `cargo xtask bench` on stderr: which experiment of how many, the time
//! spent and an estimate of the time left, one line when an experiment starts and one when
//! it finishes. On a terminal, the benchmark being measured is shown on a line that the next
//! progress line overwrites.
//!
//! The estimate adds up the expected durations of the experiments not yet finished
//! (measured on the 2-core machine of the README), scaled by how the finished experiments
//! compared with their expected durations, so that a faster or busier machine corrects it.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

pub(crate) struct Progress {
    start: Instant,
    /// The experiments not started yet: key (criterion group) and expected seconds.
    pending: Vec<(String, f64)>,
    /// How many experiments there are (grows when the run meets a group it did not plan).
    total: usize,
    /// How many have started.
    started: usize,
    /// The running experiment: its number, when it started, its expected seconds.
    current: Option<(usize, Instant, f64)>,
    /// Experiments finished: the sum of their expected and of their actual seconds.
    finished_expected: f64,
    finished_actual: f64,
    /// Whether stderr is a terminal (the transient benchmark line is shown).
    terminal: bool,
    /// Whether a transient line is on screen.
    transient: bool,
}

impl Progress {
    /// A run of the experiments in `plan`: (key, expected seconds), in run order.
    pub(crate) fn new(plan: Vec<(String, f64)>) -> Progress {
        Progress {
            start: Instant::now(),
            total: plan.len(),
            pending: plan,
            started: 0,
            current: None,
            finished_expected: 0.0,
            finished_actual: 0.0,
            terminal: std::io::stderr().is_terminal(),
            transient: false,
        }
    }

    /// The time since the run started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The estimated time left: the experiments not started, and what the running one
    /// should still take.
    fn left(&self) -> Duration {
        let mut rest: f64 = self.pending.iter().map(|(_, secs)| secs).sum();
        if let Some((_, since, expected)) = self.current {
            rest += (expected - since.elapsed().as_secs_f64()).max(0.0);
        }
        // Trust the finished experiments' pace once they cover half a minute of the plan.
        let scale = if self.finished_expected >= 30.0 {
            (self.finished_actual / self.finished_expected).clamp(0.5, 3.0)
        } else {
            1.0
        };
        Duration::from_secs_f64(rest * scale)
    }

    /// Starts experiment `key` (planned or not) and prints its line; `what` names it.
    pub(crate) fn start(&mut self, key: &str, what: &str) {
        let expected = match self.pending.iter().position(|(k, _)| k == key) {
            Some(i) => self.pending.remove(i).1,
            None => {
                self.total += 1;
                0.0
            }
        };
        self.started += 1;
        self.current = Some((self.started, Instant::now(), expected));
        let line = format!(
            "[{}/{}] {what} ... ({} spent, about {} left)",
            self.started,
            self.total,
            clock(self.elapsed()),
            clock(self.left()),
        );
        self.line(&line);
    }

    /// Finishes the running experiment and prints its line; `note` says what it measured
    /// (or why it failed). Returns how long it took.
    pub(crate) fn finish(&mut self, what: &str, note: &str) -> Duration {
        let Some((number, since, expected)) = self.current.take() else {
            return Duration::ZERO;
        };
        let took = since.elapsed();
        self.finished_expected += expected;
        self.finished_actual += took.as_secs_f64();
        let left = if self.pending.is_empty() {
            String::new()
        } else {
            format!(", about {} left", clock(self.left()))
        };
        let line = format!(
            "[{number}/{}] {what} done in {}: {note} ({} spent{left})",
            self.total,
            clock(took),
            clock(self.elapsed()),
        );
        self.line(&line);
        took
    }

    /// Whether experiment `key` is planned and has not started.
    pub(crate) fn is_pending(&self, key: &str) -> bool {
        self.pending.iter().any(|(k, _)| k == key)
    }

    /// Shows `text` on the transient line (a terminal only).
    pub(crate) fn transient(&mut self, text: &str) {
        if self.terminal {
            let mut err = std::io::stderr().lock();
            // `\r` and erase-line: the next line overwrites this one.
            let _ = write!(err, "\r\x1b[2K{text}");
            let _ = err.flush();
            self.transient = true;
        }
    }

    /// Removes the transient line, if any (before anything else is printed).
    pub(crate) fn clear(&mut self) {
        if self.transient {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
            self.transient = false;
        }
    }

    /// Prints a permanent line on stderr.
    pub(crate) fn line(&mut self, text: &str) {
        self.clear();
        eprintln!("{text}");
    }
}

/// `m:ss`, or `h:mm:ss` from an hour.
pub(crate) fn clock(d: Duration) -> String {
    let s = d.as_secs_f64().round() as u64;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_format() {
        assert_eq!(clock(Duration::from_secs(0)), "0:00");
        assert_eq!(clock(Duration::from_millis(59_600)), "1:00");
        assert_eq!(clock(Duration::from_secs(605)), "10:05");
        assert_eq!(clock(Duration::from_secs(3725)), "1:02:05");
    }

    #[test]
    fn time_left_follows_the_plan_then_the_pace() {
        let plan = vec![
            ("a".to_owned(), 20.0),
            ("b".to_owned(), 20.0),
            ("c".to_owned(), 40.0),
        ];
        let mut p = Progress::new(plan);
        assert_eq!(p.left().as_secs(), 80);
        p.start("a", "A");
        assert!(!p.is_pending("a") && p.is_pending("b"));
        // The running experiment counts with what it should still take.
        let left = p.left().as_secs_f64();
        assert!(left > 79.0 && left <= 80.0, "{left}");
        p.finish("A", "");
        // A group nobody planned adds to the count and expects nothing.
        p.start("z", "Z");
        assert_eq!(p.total, 4);
        assert_eq!(p.started, 2);
        p.finish("Z", "");
        p.finished_expected = 40.0;
        p.finished_actual = 80.0;
        // The finished experiments took twice their plan: so will the rest.
        assert_eq!(p.left().as_secs(), 120);
    }
}
