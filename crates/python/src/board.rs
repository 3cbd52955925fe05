//! The board: `chessbits.Board` (alias `chessbits.Position`), `chessbits.Move` and
//! `chessbits.Piece`, with python-chess's names and semantics, over `chessbits-position`'s
//! `Position` and `chessbits-movegen`'s rules.
//!
//! Every move that comes from Python (a `chessbits.Move`, a python-chess `chess.Move` or any
//! object with `from_square`, `to_square`, `promotion` and `drop`, or UCI text) is read by
//! `Position::move_from_uci` and proven legal by movegen before it is played; the board keeps
//! a stack of undo records (for `pop`), the moves as Python sees them (for `move_stack`,
//! never replayed) and a `History` of repetition keys (for the repetition rules).
//!
//! A placement that is not a playable position (python-chess's `Board(None)`, a board being
//! set up piece by piece, a FEN without a king) is kept as a `Setup`: it reads and writes
//! FEN and pieces, reports what is wrong in `status()`, and has no moves.

mod core;
mod generator;
mod loose;
mod moves;
mod piece;
mod py_ends;
mod py_moves;
mod py_own;
mod py_pieces;
mod py_state;
mod py_text;
mod state;

pub use core::STARTING_FEN;
pub(crate) use core::{invalid_san, san_error, san_is_null, write_epd_operations};
pub use generator::{_between_mask, _ray_mask, MoveGenerator};
pub use moves::{make_move, move_fields, move_from_uci_text, uci_of, Move};
pub use piece::Piece;
pub use py_own::_board_from_moves;
pub use state::Board;
