//! The errors: [`ParseError`] for a line that does not say what its protocol allows (the
//! pure parsers' error), [`OptionError`] for an option value the engine would not accept,
//! and [`EngineError`], every fault of an engine process.

use std::fmt;
use std::path::PathBuf;
use std::process::ExitStatus;
use std::time::Duration;

/// A line from an engine that is not what its protocol allows: the line, where in it, and
/// what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed line {line:?} at column {column}: {problem}")]
#[non_exhaustive]
pub struct ParseError {
    /// The line as the engine wrote it (at most [`ParseError::MAX_LINE`] bytes of it).
    pub line: String,
    /// The byte offset in the line of the token that was wrong (the line's length when
    /// something was missing at its end).
    pub column: usize,
    /// What was wrong.
    pub problem: String,
}

impl ParseError {
    /// How much of a line an error keeps.
    pub const MAX_LINE: usize = 512;

    pub(crate) fn new(line: &str, column: usize, problem: impl Into<String>) -> ParseError {
        ParseError {
            line: clip(line, ParseError::MAX_LINE).to_owned(),
            column,
            problem: problem.into(),
        }
    }
}

/// The longest prefix of `text` of at most `max` bytes that ends on a character boundary.
pub(crate) fn clip(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Why an option cannot be set to a value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionError {
    /// The engine declared no option of that name.
    #[error("the engine has no option {name:?}")]
    Unknown {
        /// The name asked for.
        name: String,
    },
    /// The value is not of the option's type.
    #[error("option {name:?} is a {kind} option; {value:?} is not a valid value")]
    Type {
        /// The option's name.
        name: String,
        /// The option's type (`check`, `spin`, ...).
        kind: &'static str,
        /// The value given.
        value: String,
    },
    /// A spin value outside the option's range.
    #[error("option {name:?}: {value} is outside {min}..={max}")]
    Range {
        /// The option's name.
        name: String,
        /// The value given.
        value: i64,
        /// The least value the engine accepts.
        min: i64,
        /// The greatest value the engine accepts.
        max: i64,
    },
    /// A combo value that is none of the option's choices.
    #[error("option {name:?}: {value:?} is none of {vars:?}")]
    NotAChoice {
        /// The option's name.
        name: String,
        /// The value given.
        value: String,
        /// The choices the engine declared.
        vars: Vec<String>,
    },
    /// A value that cannot be written on one protocol line (a line break in it).
    #[error("option {name:?}: the value contains a line break")]
    LineBreak {
        /// The option's name.
        name: String,
    },
}

/// Which protocol exchange an engine failed in, or where an illegal move came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stage {
    /// Starting: `uci` ... `uciok`, or `xboard` / `protover 2` ... `feature done=1`.
    Handshake,
    /// `isready` ... `readyok`, or `ping` ... `pong`.
    Ready,
    /// A search: `go` ... `bestmove` (UCI) or `go` ... `move` (XBoard).
    Search,
    /// Stopping a search: `stop` ... `bestmove`.
    Stop,
    /// The engine's best move.
    BestMove,
    /// The engine's ponder move.
    Ponder,
    /// A move of a principal variation (or of `currmove`, `refutation`, `currline`).
    Pv,
    /// A move of the position given to the engine (the caller's).
    Position,
    /// Sending a command.
    Command,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stage::Handshake => "the handshake",
            Stage::Ready => "the readiness check",
            Stage::Search => "a search",
            Stage::Stop => "stopping a search",
            Stage::BestMove => "the best move",
            Stage::Ponder => "the ponder move",
            Stage::Pv => "a principal variation",
            Stage::Position => "the position",
            Stage::Command => "sending a command",
        })
    }
}

/// The last lines an engine wrote to its standard error, for an [`EngineError::Died`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StderrTail(pub Vec<String>);

impl fmt::Display for StderrTail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("nothing on stderr");
        }
        f.write_str("last stderr lines:")?;
        for line in &self.0 {
            write!(f, "\n  {line}")?;
        }
        Ok(())
    }
}

/// How an engine exited, for an [`EngineError::Died`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Exit(pub Option<ExitStatus>);

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(status) => write!(f, "{status}"),
            None => f.write_str("exit status unknown"),
        }
    }
}

/// Every fault of an engine, and of what is asked of one.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The engine's program was not found.
    #[error("engine {program:?} not found")]
    NotFound {
        /// The program as given.
        program: PathBuf,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// The engine's program could not be started (not executable, ...).
    #[error("engine {program:?} could not be started")]
    Spawn {
        /// The program as given.
        program: PathBuf,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// The engine exited (or closed its output) during `stage`.
    #[error("engine exited during {stage} ({exit}); {stderr}")]
    Died {
        /// What the client was doing.
        stage: Stage,
        /// The exit status, if the process was reaped in time.
        exit: Exit,
        /// Its last lines on standard error (at most
        /// [`Timeouts::stderr_lines`](crate::Timeouts::stderr_lines) of them).
        stderr: StderrTail,
    },
    /// The engine did not answer in time.
    #[error("engine did not answer within {timeout:?} during {stage} (waiting for {waiting_for})")]
    Timeout {
        /// What the client was doing.
        stage: Stage,
        /// The answer awaited (`uciok`, `readyok`, `bestmove`, ...).
        waiting_for: &'static str,
        /// How long it waited.
        timeout: Duration,
    },
    /// A line the engine wrote is not what the protocol allows.
    #[error("engine wrote a malformed line during {stage}")]
    Malformed {
        /// What the client was doing.
        stage: Stage,
        /// The line and what was wrong with it.
        #[source]
        source: ParseError,
    },
    /// A move that is not legal in its position.
    #[error("illegal move {text:?} ({stage}) in {fen}")]
    IllegalMove {
        /// Where the move came from.
        stage: Stage,
        /// The move as written.
        text: String,
        /// The position's FEN.
        fen: String,
    },
    /// An option value the engine would not accept.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// Something the engine does not support (a variant, a feature, a search limit).
    #[error("not supported by the engine: {0}")]
    Unsupported(String),
    /// Reading from or writing to the engine failed other than by its death.
    #[error("i/o error talking to the engine during {stage}")]
    Io {
        /// What the client was doing.
        stage: Stage,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn clip_keeps_char_boundaries() {
        assert_eq!(clip("héllo", 2), "h");
        assert_eq!(clip("héllo", 3), "hé");
        assert_eq!(clip("abc", 10), "abc");
    }

    #[test]
    fn sources_are_kept() {
        let err = EngineError::Malformed {
            stage: Stage::Search,
            source: ParseError::new("info depth x", 11, "not a number"),
        };
        assert!(err.source().is_some());
        assert!(err.to_string().contains("a search"));
        let died = EngineError::Died {
            stage: Stage::Handshake,
            exit: Exit(None),
            stderr: StderrTail(vec!["boom".into()]),
        };
        assert!(died.to_string().contains("boom"));
    }
}
