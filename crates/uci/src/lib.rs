//! # chessbits-uci
//!
//! A blocking client for chess engines: [`UciEngine`] speaks the Universal Chess
//! Interface (Stockfish, Fairy-Stockfish, Leela...), [`XBoardEngine`] the XBoard protocol
//! version 2 (CEPS v2: Fairy-Max, Crafty, GNU Chess...). An engine is a child process;
//! the client starts it ([`EngineCommand`]), goes through the handshake, sets typed
//! options, sends positions and searches under any [`Limits`], and reads back typed
//! answers: [`Info`] lines, the best move and the ponder move, XBoard's thinking output.
//!
//! It sits on `position` (the [`Position`](chessbits_position::Position) sent, FEN) and
//! `movegen` (legal moves, UCI and SAN text, [`VariantPosition`] for the Lichess variants
//! over `UCI_Variant`), and adds no rule of chess: every move an engine names is resolved
//! against movegen's legal moves, never trusted. An illegal best move is an
//! [`EngineError::IllegalMove`]; an illegal move inside a principal variation cuts the pv
//! before it and is kept in [`Info::pv_error`] (a pv is advice, a best move an answer);
//! an illegal ponder move is dropped and noted in [`SearchResult::problems`].
//!
//! The design choice is that an engine is untrusted input. The line parsers are pure
//! functions ([`parse_uci_line`], [`parse_info`], [`parse_option`],
//! [`parse_xboard_line`], [`parse_features`], [`parse_xboard_option`]) with typed
//! errors, fuzzed and property-tested; unknown tokens and commands are skipped as the
//! protocols (and python-chess) say. The process is handled apart: its output is read by a thread into
//! a channel so that every wait has a deadline ([`Timeouts`]); an engine that dies is an
//! [`EngineError::Died`] with its exit status and its last stderr lines; a dropped engine
//! is sent `quit`, given a grace period, then killed and reaped. Nothing here panics on
//! what an engine writes.
//!
//! Chess960 positions set `UCI_Chess960` and write castling king-takes-rook (the FEN in
//! Shredder form); a [`VariantPosition`] sets `UCI_Variant` to
//! [`Variant::uci_name`](chessbits_position::Variant::uci_name). Over XBoard the same positions send `variant <name>` (`fischerandom` for Chess960)
//! where the engine lists it, and `setboard` for a position other than the start.
//!
//! What is not here: XBoard protocol version 1 engines (that announce no features),
//! node and mate limits and analysis mode over XBoard, and the `edit` command for
//! engines without `setboard` (those are [`EngineError::Unsupported`]).
//!
//! [`EnginePool`] runs several processes of one UCI engine, a thread each, over a queue of
//! positions (what `chessbits analyse` runs): it is here because it is process management
//! and the protocol's exchanges (start, options, restart after a death, one retry), while
//! what is analysed, how often and where the answers go stay with the caller
//! (`chessbits-tables`' `analyse` module deduplicates positions and joins the answers to
//! the moves table).
//!
//! [`VariantPosition`]: chessbits_movegen::variant::VariantPosition
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod board;
mod engine;
mod error;
mod info;
mod limits;
mod options;
mod pool;
mod process;
mod protocol;
mod tokens;
mod xboard;
mod xboard_proto;

pub use engine::{Search, SearchResult, UciEngine};
pub use error::{EngineError, Exit, OptionError, ParseError, Stage, StderrTail};
pub use info::{parse_info, Bound, CurrLine, IllegalPvMove, Info, Score, ScoreInfo, Wdl};
pub use limits::{Limits, Timeouts};
pub use options::{parse_option, EngineOption, OptionKind, OptionValue};
pub use pool::{Analysis, Answer, EnginePool, PoolError, PoolSettings, RecvTimeoutError};
pub use process::EngineCommand;
pub use protocol::{parse_uci_line, UciLine};
pub use xboard::{XBoardEngine, XBoardReply, XBoardResult, XBoardThinking};
pub use xboard_proto::{
    parse_features, parse_xboard_line, parse_xboard_option, FeatureValue, Features, Thinking,
    XBoardLine,
};

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

#[cfg(test)]
mod tests {
    /// Engines move to other threads (a pool of engines, fishnet-style); errors cross
    /// threads and box as `dyn Error + Send + Sync`.
    #[test]
    fn engines_are_send_and_errors_send_sync() {
        fn send<T: Send>() {}
        fn send_sync<T: Send + Sync + 'static>() {}
        send::<crate::UciEngine>();
        send::<crate::XBoardEngine>();
        send_sync::<crate::EngineError>();
        send_sync::<crate::ParseError>();
    }
}
