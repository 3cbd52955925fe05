//! The four lines through a square (rank, file, a1-h8 diagonal, a8-h1 diagonal), each as its
//! squares in ascending order: bit `i` of a *line vector* is the line's `i`-th square. The
//! rotated and direct-lookup tables are indexed by these vectors or by the masked occupancy.

use chessbits_bitboard_core::{reference, Bitboard, Direction, Square};

/// A line through a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Line {
    Rank,
    File,
    /// a1-h8 direction ("ne" in Tannous 2007).
    Diagonal,
    /// a8-h1 direction ("nw").
    AntiDiagonal,
}

impl Line {
    pub(crate) const ALL: [Line; 4] = [Line::Rank, Line::File, Line::Diagonal, Line::AntiDiagonal];

    /// The two directions along the line.
    pub(crate) fn dirs(self) -> [Direction; 2] {
        Direction::LINES[self as usize]
    }

    /// Every square of the line through `sq` (including `sq`), lowest first.
    pub(crate) fn squares(self, sq: Square) -> Vec<Square> {
        let [a, b] = self.dirs();
        let line = reference::ray(sq, a) | reference::ray(sq, b) | Bitboard::from_square(sq);
        line.into_iter().collect()
    }

    /// The line through `sq` as a bitboard, including `sq`.
    pub(crate) fn mask(self, sq: Square) -> Bitboard {
        self.squares(sq).into_iter().collect()
    }

    /// Attacks along this line of a slider on `sq` when `occupied` holds the blockers.
    pub(crate) fn attacks(self, sq: Square, occupied: Bitboard) -> u64 {
        reference::sliding_attacks(sq, occupied, &self.dirs()).0
    }

    /// The occupancy whose line vector is `vector` (bits beyond the line's length ignored).
    pub(crate) fn occupancy(self, sq: Square, vector: usize) -> Bitboard {
        self.squares(sq)
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| vector >> i & 1 == 1)
            .map(|(_, s)| s)
            .collect()
    }
}
