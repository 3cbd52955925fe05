//! chessbits for JavaScript: the WebAssembly exports behind the npm package `chessbits`.
//!
//! A thin layer over the library crates: [`Game`] is a position with its moves played
//! (chessbits-position's `Position`, chessbits-movegen's rules, SAN and UCI),
//! [`VariantGame`] the same for the Lichess variants (movegen's `VariantPosition`),
//! `readGames` chessbits-tables' games or moves table as Arrow IPC bytes. Each of the three
//! is a feature (`board`, `variants`, `tables`): build.sh makes a module of each, so that a
//! page downloads only those it uses. The JavaScript class `Chess` (js/chessbits.js) gives
//! them chess.js's shapes.
//!
//! Values cross the boundary as text: a move is one line of `|`-separated fields (see
//! [`Game::moves_verbose`]), lists are joined by a space or a newline, so that each call
//! costs one string copy rather than one JavaScript object per field. Every error is a
//! `Result` that wasm-bindgen throws as a JavaScript `Error`; nothing panics on input.

#[cfg(feature = "board")]
mod game;
#[cfg(feature = "tables")]
mod tables;
#[cfg(feature = "variants")]
mod variant;

#[cfg(feature = "board")]
pub use game::{complete_fen, read_fen, validate_fen, Game};
#[cfg(feature = "tables")]
pub use tables::GamesReader;
#[cfg(feature = "variants")]
pub use variant::VariantGame;
