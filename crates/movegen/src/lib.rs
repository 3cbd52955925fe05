//! # chessbits-movegen
//!
//! Legal move generation for a [`chessbits_position::Position`]: check evasions, pins, double check,
//! the en-passant capture that uncovers a check along a rank or diagonal, castling out of,
//! through or into check, Chess960 castling. Moves go into a [`MoveList`] of fixed capacity
//! (no heap allocation; 218 is the most legal moves any position has). [`captures`] and
//! [`quiets`] split the moves for engines, [`is_legal`] checks a move that comes from
//! elsewhere, and [`perft`] / [`divide`] count leaf nodes to prove it all against published
//! node counts. [`san`] reads and writes Standard Algebraic Notation and [`uci`] checks UCI
//! moves, both through the same legality rules as [`is_legal`]. The [`Play`] trait is the
//! checked way to play a move that comes from outside (`try_play`, `play`, `play_san`,
//! `play_uci`): an illegal move is a [`PlayError`] naming the move and the FEN, and the
//! position stays as it was. SAN is written in one place ([`San::write_to`]) and UCI in
//! one ([`chessbits_bitboard_core::Move::write_uci`]), into any
//! [`TextSink`](chessbits_bitboard_core::TextSink).
//!
//! For readers of millions of games, [`SanReplayer`] replays SAN on a bare board that keeps
//! only what deciding SAN needs, and words each move's canonical SAN and UCI; it gives up
//! (board unchanged) on whatever it leaves to a [`Position`]
//! and [`San::to_move`], which the PGN crate then replays.
//!
//! For engines it adds what is built on attacks to a square: static exchange evaluation
//! ([`see`], [`see_ge`], with configurable [`PieceValues`]), [`gives_check`] without playing
//! the move, the quiescence generators [`checks`] and [`captures_and_promotions`], and
//! Polyglot opening books ([`book`]: read, look up, choose, write; building one from games
//! is `chessbits_pgn::book`).
//!
//! It sits on `position` (which it never changes except through `make_unchecked`/`unmake`) and on
//! `attack-tables`. Every generator is generic over the sliding-attack method
//! (`S: chessbits_attack_tables::SlidingAttacks`), so perft can run with any method of `attack-tables`
//! and the benchmarks compare like with like; the functions without `_with` use
//! [`DefaultMethod`]. A method may keep its own form of the occupancy (`S::Occupancy`, four
//! boards for rotated bitboards): perft builds it once and updates it beside the position in
//! every make and unmake, so its upkeep is part of what is measured. The generator is
//! written once and receives its moves through a small visitor, so the same code fills a
//! move list or only counts (perft's bulk counting).
//!
//! ```
//! use chessbits_position::Position;
//!
//! let pos = Position::new();
//! assert_eq!(chessbits_movegen::legal_moves(&pos).len(), 20);
//! assert_eq!(chessbits_movegen::perft(&pos, 3), 8_902);
//! ```
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod book;
mod check;
pub mod chess_js;
mod gen;
mod legality;
mod list;
pub mod loose;
mod perft;
mod play;
mod pseudo;
mod replayer;
pub mod san;
mod see;
pub mod uci;
pub mod variant;

use chessbits_attack_tables::SlidingAttacks;
use chessbits_bitboard_core::{Bitboard, Move};
use chessbits_position::{History, Outcome, Position, Termination};

pub use check::{captures_and_promotions, checks, gives_check};
pub use chess_js::{
    chess_js_castling_rights, chess_js_kings, chess_js_loaded, chess_js_order, chess_js_put,
    chess_js_remove, chess_js_stripped_san, chess_js_unmake, ChessJsBoard, ChessJsKings,
    ChessJsMoved,
};
pub use legality::{is_legal_by_playing, is_pseudo_legal, pseudo_legal_moves};
pub use list::{MoveList, MoveListIntoIter};
pub use perft::{
    divide, divide_full_with, divide_with, perft, perft_full, perft_full_with, perft_with,
    MAX_PERFT_DEPTH,
};
pub use play::{Play, PlayError};
pub use pseudo::{count_pseudo_legal_with, pseudo_legal_moves_with};
pub use replayer::SanReplayer;
pub use san::{San, SanError, SanMode, SanPlus};
pub use see::{see, see_exact, see_exact_with, see_ge, see_ge_with, see_with, PieceValues};
pub use uci::{move_to_uci, uci_to_move, UciError};

use gen::Filter;

/// The sliding-attack method the functions without a `_with` suffix use: the fastest
/// measured on the target (see the README): PEXT where the target has BMI2, else fancy
/// magic bitboards, the fastest method that needs no CPU extension. Chosen in
/// `attack-tables` ([`chessbits_attack_tables::DefaultMethod`]).
pub type DefaultMethod = chessbits_attack_tables::DefaultMethod;

/// All legal moves.
#[must_use]
pub fn legal_moves(pos: &Position) -> MoveList {
    legal_moves_with::<DefaultMethod>(pos)
}

/// All legal moves, computing slider attacks with `S`.
#[must_use]
pub fn legal_moves_with<S: SlidingAttacks>(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    gen::generate::<S, _, _>(pos, Filter::ALL, &mut list);
    list
}

/// All legal moves, slider attacks by `S` from `kept`: the board's occupancy as `S` keeps it,
/// built once with [`OccupancyState::new`](chessbits_attack_tables::OccupancyState::new) and updated
/// through every make and unmake, so that a method with state (rotated bitboards) need not
/// rebuild it for every position.
///
/// ```
/// use chessbits_attack_tables::{OccupancyState, Rotated};
/// use chessbits_attack_tables::rotated::RotatedOccupancy;
/// use chessbits_position::Position;
///
/// let mut pos = Position::new();
/// let mut kept = RotatedOccupancy::new(pos.board().occupied());
/// let e4 = chessbits_movegen::legal_moves_in::<Rotated>(&pos, &kept)
///     .iter()
///     .copied()
///     .find(|m| m.uci(false).to_string() == "e2e4")
///     .unwrap();
/// let before = pos.board().occupied();
/// let undo = pos.make_unchecked(e4);
/// kept.update(before, pos.board().occupied());
/// assert_eq!(chessbits_movegen::legal_moves_in::<Rotated>(&pos, &kept).len(), 20);
/// pos.unmake(e4, undo);
/// kept.update(kept.bitboard(), pos.board().occupied());
/// assert_eq!(kept, RotatedOccupancy::new(pos.board().occupied()));
/// ```
pub fn legal_moves_in<S: SlidingAttacks>(pos: &Position, kept: &S::Occupancy) -> MoveList {
    let mut list = MoveList::new();
    gen::generate_in::<S, _, _>(pos, kept, Filter::ALL, &mut list);
    list
}

/// The legal moves that capture (en passant and capturing promotions included).
#[must_use]
pub fn captures(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    let filter = Filter {
        quiets: false,
        ..Filter::ALL
    };
    gen::generate::<DefaultMethod, _, _>(pos, filter, &mut list);
    list
}

/// The legal moves that do not capture (castling and non-capturing promotions included).
#[must_use]
pub fn quiets(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    let filter = Filter {
        captures: false,
        ..Filter::ALL
    };
    gen::generate::<DefaultMethod, _, _>(pos, filter, &mut list);
    list
}

/// The legal moves of the piece on `from`.
#[must_use]
pub fn moves_from(pos: &Position, from: chessbits_bitboard_core::Square) -> MoveList {
    let mut list = MoveList::new();
    let filter = Filter {
        from: Bitboard::from_square(from),
        ..Filter::ALL
    };
    gen::generate::<DefaultMethod, _, _>(pos, filter, &mut list);
    list
}

/// The number of legal moves, counted without listing them.
#[must_use]
pub fn count_legal_moves(pos: &Position) -> u64 {
    count_legal_moves_with::<DefaultMethod>(pos)
}

/// The number of legal moves with slider attacks from `S`.
#[must_use]
pub fn count_legal_moves_with<S: SlidingAttacks>(pos: &Position) -> u64 {
    let mut counter = list::Counter(0);
    gen::generate::<S, _, _>(pos, Filter::ALL, &mut counter);
    counter.0
}

/// Whether `m` (from anywhere: a hash table, a killer slot, a user) is a legal move here,
/// decided without generating a move list: [`is_pseudo_legal`], then the king's safety from
/// the checkers and pins. Castling must be given king-takes-rook and en passant as such;
/// convert UCI input with [`Position::move_from_uci`] first.
#[must_use]
pub fn is_legal(pos: &Position, m: Move) -> bool {
    legality::is_legal(pos, m)
}

/// [`is_legal`] the slow way: generate the legal moves of the piece on `m.from()` and look
/// for `m` among them. For tests and benchmarks.
#[must_use]
pub fn is_legal_by_generation(pos: &Position, m: Move) -> bool {
    !m.is_null() && moves_from(pos, m.from()).contains(m)
}

/// Whether the side to move is checkmated.
#[must_use]
pub fn is_checkmate(pos: &Position) -> bool {
    pos.is_check() && count_legal_moves(pos) == 0
}

/// Whether the side to move is stalemated.
#[must_use]
pub fn is_stalemate(pos: &Position) -> bool {
    !pos.is_check() && count_legal_moves(pos) == 0
}

/// The outcome of the game at `pos` (whose hash must be the last one pushed to `history`),
/// if it has ended by rule: checkmate, stalemate, fivefold repetition, the 75-move rule or
/// insufficient material, in that order. Claimable draws (threefold, 50 moves) are not
/// outcomes until claimed: see [`History::claimable_draw`].
pub fn outcome(pos: &Position, history: &History) -> Option<Outcome> {
    if count_legal_moves(pos) == 0 {
        return Some(if pos.is_check() {
            Outcome::Decisive {
                winner: pos.turn().other(),
                reason: Termination::Checkmate,
            }
        } else {
            Outcome::Draw(Termination::Stalemate)
        });
    }
    history.automatic_draw(pos).map(Outcome::Draw)
}

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
