//! The module's square-set helpers that python-chess has and the crates answer:
//! `shift_*` and `flip_*` (bitboard-core's `Bitboard::shift` and mirrors) and
//! `square_knight_distance` (attack-tables' knight steps).

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Direction, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// `mask` moved or mirrored as python-chess's function of that name does.
#[pyfunction]
pub fn _transform(name: &str, mask: u64) -> PyResult<u64> {
    let b = Bitboard(mask);
    let step = |dir: Direction, n: u32| (0..n).fold(b, |b, _| b.shift(dir));
    let out = match name {
        "shift_down" => step(Direction::South, 1),
        "shift_2_down" => step(Direction::South, 2),
        "shift_up" => step(Direction::North, 1),
        "shift_2_up" => step(Direction::North, 2),
        "shift_right" => step(Direction::East, 1),
        "shift_2_right" => step(Direction::East, 2),
        "shift_left" => step(Direction::West, 1),
        "shift_2_left" => step(Direction::West, 2),
        "shift_up_left" => step(Direction::NorthWest, 1),
        "shift_up_right" => step(Direction::NorthEast, 1),
        "shift_down_left" => step(Direction::SouthWest, 1),
        "shift_down_right" => step(Direction::SouthEast, 1),
        "flip_vertical" => b.flip_vertical(),
        "flip_horizontal" => b.mirror_horizontal(),
        "flip_diagonal" => b.flip_diagonal(),
        "flip_anti_diagonal" => b.flip_anti_diagonal(),
        other => return Err(PyValueError::new_err(format!("no transform {other:?}"))),
    };
    Ok(out.0)
}

/// The number of knight moves from `a` to `b` on an empty board.
#[pyfunction]
pub fn square_knight_distance(a: i64, b: i64) -> PyResult<u32> {
    let sq = |i: i64| {
        u32::try_from(i)
            .ok()
            .and_then(Square::new)
            .ok_or_else(|| PyValueError::new_err(format!("no square {i}")))
    };
    let (a, b) = (sq(a)?, sq(b)?);
    let mut reached = Bitboard::from_square(a);
    let mut steps = 0;
    while !reached.contains(b) {
        let next = reached
            .into_iter()
            .fold(reached, |acc, s| acc | at::knight_attacks(s));
        steps += 1;
        reached = next;
    }
    Ok(steps)
}

/// The squares a piece of `piece_type` (1 pawn ... 6 king) and `color` on `square` attacks
/// with the pieces of `occupied` on the board (for python-chess's `BB_*_ATTACKS` tables).
#[pyfunction]
pub fn _piece_attacks(piece_type: i64, color: bool, square: i64, occupied: u64) -> PyResult<u64> {
    let sq = u32::try_from(square)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| PyValueError::new_err(format!("square {square}: not in 0..64")))?;
    let role = usize::try_from(piece_type - 1)
        .ok()
        .and_then(|i| chessbits_bitboard_core::Role::ALL.get(i).copied())
        .ok_or_else(|| PyValueError::new_err(format!("piece type {piece_type}: not in 1..7")))?;
    let piece = role.of(chessbits_bitboard_core::Color::from_white(color));
    Ok(at::attacks(piece, sq, Bitboard(occupied)).0)
}
