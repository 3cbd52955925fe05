//! Reference attack functions: plain, obviously correct, slow.
//!
//! Each walks the board square by square with [`Square::offset`]. They are the specification
//! for every table and every sliding-attack method in `attack-tables`: its `build.rs` calls
//! these very functions to fill the static tables, and its tests compare every method against
//! them on every square and every relevant occupancy. All are `const fn`.

use crate::{Bitboard, Color, Direction, Square};

/// The squares a slider on `sq` reaches along `dir` on `occupied`: every empty square up to
/// and including the first occupied one (the blocker, which may be captured or defended).
pub const fn ray_attacks(sq: Square, dir: Direction, occupied: Bitboard) -> Bitboard {
    let (df, dr) = dir.delta();
    let mut attacks = 0u64;
    let mut cur = sq;
    while let Some(next) = cur.offset(df, dr) {
        attacks |= 1 << next as u32;
        if occupied.contains(next) {
            break;
        }
        cur = next;
    }
    Bitboard(attacks)
}

/// The full ray from `sq` (exclusive) to the edge of the board along `dir`.
pub const fn ray(sq: Square, dir: Direction) -> Bitboard {
    ray_attacks(sq, dir, Bitboard::EMPTY)
}

/// The union of [`ray_attacks`] over several directions.
pub const fn sliding_attacks(sq: Square, occupied: Bitboard, dirs: &[Direction]) -> Bitboard {
    let mut attacks = 0u64;
    let mut i = 0;
    while i < dirs.len() {
        attacks |= ray_attacks(sq, dirs[i], occupied).0;
        i += 1;
    }
    Bitboard(attacks)
}

/// Rook attacks from `sq` on `occupied`, by walking the four orthogonal rays.
pub const fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    sliding_attacks(sq, occupied, &Direction::ORTHOGONAL)
}

/// Bishop attacks from `sq` on `occupied`, by walking the four diagonal rays.
pub const fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    sliding_attacks(sq, occupied, &Direction::DIAGONAL)
}

/// Queen attacks from `sq` on `occupied`: rook and bishop attacks together.
pub const fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    sliding_attacks(sq, occupied, &Direction::ALL)
}

/// The relevant-occupancy mask of a slider on `sq` moving along `dirs`: its empty-board
/// rays without the last square of each ray (a piece on the board's edge never blocks
/// anything beyond it). Magic, PEXT and the other table methods index the subsets of it.
pub const fn relevant_mask(sq: Square, dirs: &[Direction]) -> Bitboard {
    let mut mask = 0u64;
    let mut i = 0;
    while i < dirs.len() {
        let (df, dr) = dirs[i].delta();
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            if next.offset(df, dr).is_some() {
                mask |= 1 << next as u32;
            }
            cur = next;
        }
        i += 1;
    }
    Bitboard(mask)
}

/// The squares reached by the given `(file, rank)` steps from `sq`, one step each.
pub const fn step_attacks(sq: Square, deltas: &[(i32, i32)]) -> Bitboard {
    let mut attacks = 0u64;
    let mut i = 0;
    while i < deltas.len() {
        if let Some(to) = sq.offset(deltas[i].0, deltas[i].1) {
            attacks |= 1 << to as u32;
        }
        i += 1;
    }
    Bitboard(attacks)
}

/// The eight knight jumps.
pub const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The eight king steps.
pub const KING_DELTAS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Knight attacks from `sq`.
pub const fn knight_attacks(sq: Square) -> Bitboard {
    step_attacks(sq, &KNIGHT_DELTAS)
}

/// King attacks from `sq`.
pub const fn king_attacks(sq: Square) -> Bitboard {
    step_attacks(sq, &KING_DELTAS)
}

/// The squares a pawn of `color` on `sq` attacks (diagonally forward).
pub const fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    match color {
        Color::White => step_attacks(sq, &[(-1, 1), (1, 1)]),
        Color::Black => step_attacks(sq, &[(-1, -1), (1, -1)]),
    }
}

/// The direction from `a` towards `b` if they share a rank, file or diagonal (and differ).
#[must_use]
pub const fn direction_between(a: Square, b: Square) -> Option<Direction> {
    let df = (b as i32 & 7) - (a as i32 & 7);
    let dr = (b as i32 >> 3) - (a as i32 >> 3);
    if df == 0 && dr == 0 {
        return None;
    }
    if df != 0 && dr != 0 && df.abs() != dr.abs() {
        return None;
    }
    let step = (df.signum(), dr.signum());
    let mut i = 0;
    while i < 8 {
        let d = Direction::ALL[i];
        let (sf, sr) = d.delta();
        if sf == step.0 && sr == step.1 {
            return Some(d);
        }
        i += 1;
    }
    None
}

/// The squares strictly between `a` and `b` when they share a line; otherwise empty.
pub const fn between(a: Square, b: Square) -> Bitboard {
    match direction_between(a, b) {
        Some(dir) => Bitboard(ray(a, dir).0 & ray(b, dir.opposite()).0),
        None => Bitboard::EMPTY,
    }
}

/// The whole line (edge to edge) through `a` and `b`, both included, when they share a
/// rank, file or diagonal; otherwise empty.
pub const fn line(a: Square, b: Square) -> Bitboard {
    match direction_between(a, b) {
        Some(dir) => Bitboard(ray(a, dir).0 | ray(a, dir.opposite()).0 | 1 << a as u32),
        None => Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(knight_attacks(Square::A1).0, (1 << 10) | (1 << 17));
        assert_eq!(king_attacks(Square::E1).count(), 5);
        assert_eq!(pawn_attacks(Color::White, Square::A2).0, 1 << 17);
        assert_eq!(pawn_attacks(Color::Black, Square::H7).0, 1 << 46);
        assert_eq!(rook_attacks(Square::A1, Bitboard::EMPTY).count(), 14);
        assert_eq!(bishop_attacks(Square::D4, Bitboard::EMPTY).count(), 13);
        let occ = Bitboard::from_square(Square::A4) | Square::C1;
        assert_eq!(
            rook_attacks(Square::A1, occ),
            [Square::A2, Square::A3, Square::A4, Square::B1, Square::C1]
                .into_iter()
                .collect()
        );
        assert_eq!(
            between(Square::A1, Square::D4),
            Bitboard::from_square(Square::B2) | Square::C3
        );
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(between(Square::A1, Square::B2), Bitboard::EMPTY);
        assert_eq!(line(Square::B2, Square::C3), Bitboard::diagonal(Square::A1));
        assert_eq!(line(Square::E4, Square::E4), Bitboard::EMPTY);
    }

    #[test]
    fn between_and_line_are_symmetric() {
        for a in Square::ALL {
            for b in Square::ALL {
                assert_eq!(between(a, b), between(b, a));
                assert_eq!(line(a, b), line(b, a));
                if line(a, b).any() {
                    assert!(line(a, b).contains(a) && line(a, b).contains(b));
                    assert!(between(a, b).is_subset(line(a, b)));
                }
            }
        }
    }
}
