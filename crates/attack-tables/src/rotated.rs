//! Rotated bitboards (Hyatt 1999), the baseline of Tannous 2007 and Fenner & Levene 2008.
//!
//! The occupancy is kept four times: as it is (ranks are runs of 8 bits), rotated by 90
//! degrees (files become runs of 8 bits), and rotated by 45 degrees each way (every a1-h8 or
//! a8-h1 diagonal becomes a run of bits). The occupancy of any line through a square is then
//! one shift and one mask of the right board, and indexes a 64 x 256 table of attack sets:
//!
//! ```text
//! rook   = RANK[sq][(normal >> 8*rank) & 255]          | FILE[sq][(files >> 8*file) & 255]
//! bishop = DIAG[sq][(diagonals >> start45[sq]) & 255]  | ANTI[sq][(anti >> start135[sq]) & 255]
//! ```
//!
//! Only the first `length` bits of a line vector count (the table holds the same attacks for
//! every value of the bits beyond a short diagonal), so one mask serves every square.
//!
//! The price is keeping the three rotated boards up to date: a program using this method
//! toggles a square in all four boards whenever a piece leaves or arrives there.
//! [`RotatedOccupancy`] is that state; [`Rotated`] declares it as its
//! [`SlidingAttacks::Occupancy`], so `movegen` keeps it next to the position and updates it in
//! every make and unmake, and its cost shows up in perft. The plain [`SlidingAttacks::rook`] and
//! [`SlidingAttacks::bishop`] build the rotated boards from scratch first (the files board by a
//! diagonal flip, the 45-degree boards square by square): correct, but not how the method
//! is meant to be used.
//!
//! ```
//! use chessbits_attack_tables::rotated::RotatedOccupancy;
//! use chessbits_attack_tables::{Classical, OccupancyState, Rotated, SlidingAttacks};
//! use chessbits_bitboard_core::{Bitboard, Square};
//!
//! let occupied = Bitboard::from_square(Square::E6) | Square::B4 | Square::G2;
//! let mut kept = RotatedOccupancy::new(occupied);
//! assert_eq!(Rotated::queen_in(Square::E4, &kept), Classical::queen(Square::E4, occupied));
//! // A piece moves from g2 to g3: two toggles, and the state answers for the new board.
//! kept.toggle(Square::G2);
//! kept.toggle(Square::G3);
//! let after = occupied - Square::G2 | Square::G3;
//! assert_eq!(kept, RotatedOccupancy::new(after));
//! assert_eq!(Rotated::bishop_in(Square::E1, &kept), Classical::bishop(Square::E1, after));
//! ```

use chessbits_bitboard_core::{Bitboard, Square};

use crate::{tables, OccupancyState, SlidingAttacks};

/// Rotated bitboards as a [`SlidingAttacks`] implementation; its occupancy is a
/// [`RotatedOccupancy`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rotated;

/// Index of the rotated boards in the generated layout tables.
const FILES: usize = 0;
const DIAGONALS: usize = 1;
const ANTI_DIAGONALS: usize = 2;

/// Index of the lines in the generated attack table.
const RANK_LINE: usize = 0;
const FILE_LINE: usize = 1;
const DIAGONAL_LINE: usize = 2;
const ANTI_DIAGONAL_LINE: usize = 3;

/// The occupancy in the four orientations of rotated bitboards.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RotatedOccupancy {
    /// The occupancy as it is: ranks are bytes.
    normal: u64,
    /// Rotated by 90 degrees: square (file, rank) at bit `8 * file + rank`.
    files: u64,
    /// Rotated by 45 degrees: the a1-h8 diagonals one after another.
    diagonals: u64,
    /// Rotated by -45 degrees: the a8-h1 diagonals one after another.
    anti_diagonals: u64,
}

impl RotatedOccupancy {
    /// The occupancy rotated so that every file is a run of 8 bits.
    #[inline]
    pub fn files(&self) -> u64 {
        self.files
    }

    /// The occupancy rotated so that every a1-h8 diagonal is a run of bits.
    #[inline]
    pub fn diagonals(&self) -> u64 {
        self.diagonals
    }

    /// The occupancy rotated so that every a8-h1 diagonal is a run of bits.
    #[inline]
    pub fn anti_diagonals(&self) -> u64 {
        self.anti_diagonals
    }
}

/// The bit of `sq` in rotated board `board`.
#[inline(always)]
fn rotated_bit(board: usize, sq: Square) -> u64 {
    1 << tables::ROTATED_INDEX[board][sq.index()]
}

impl OccupancyState for RotatedOccupancy {
    /// Builds the three rotated boards from scratch: a transpose for the files, one toggle
    /// per piece for the diagonals.
    #[inline]
    fn new(occupied: Bitboard) -> RotatedOccupancy {
        let mut state = RotatedOccupancy {
            normal: occupied.0,
            files: occupied.flip_diagonal().0,
            diagonals: 0,
            anti_diagonals: 0,
        };
        for sq in occupied {
            state.diagonals |= rotated_bit(DIAGONALS, sq);
            state.anti_diagonals |= rotated_bit(ANTI_DIAGONALS, sq);
        }
        state
    }

    #[inline]
    fn bitboard(&self) -> Bitboard {
        Bitboard(self.normal)
    }

    /// A piece arrives on or leaves `sq`: one bit in each of the four boards.
    #[inline]
    fn toggle(&mut self, sq: Square) {
        self.normal ^= 1 << sq as u32;
        self.files ^= rotated_bit(FILES, sq);
        self.diagonals ^= rotated_bit(DIAGONALS, sq);
        self.anti_diagonals ^= rotated_bit(ANTI_DIAGONALS, sq);
    }
}

/// Rank attacks from the normal board.
#[inline(always)]
fn rank_attacks(sq: Square, normal: u64) -> u64 {
    let vector = (normal >> (sq as u32 & 56)) & 255;
    tables::ROTATED_ATTACKS[RANK_LINE][sq.index()][vector as usize]
}

/// File attacks from the 90-degree board.
#[inline(always)]
fn file_attacks(sq: Square, files: u64) -> u64 {
    let vector = (files >> ((sq as u32 & 7) * 8)) & 255;
    tables::ROTATED_ATTACKS[FILE_LINE][sq.index()][vector as usize]
}

/// Diagonal attacks from the two 45-degree boards.
#[inline(always)]
fn diagonal_attacks(sq: Square, diagonals: u64, anti_diagonals: u64) -> u64 {
    let i = sq.index();
    let diagonal = (diagonals >> tables::ROTATED_SHIFT[DIAGONALS][i]) & 255;
    let anti = (anti_diagonals >> tables::ROTATED_SHIFT[ANTI_DIAGONALS][i]) & 255;
    tables::ROTATED_ATTACKS[DIAGONAL_LINE][i][diagonal as usize]
        | tables::ROTATED_ATTACKS[ANTI_DIAGONAL_LINE][i][anti as usize]
}

impl SlidingAttacks for Rotated {
    const NAME: &'static str = "rotated";
    type Occupancy = RotatedOccupancy;

    /// Rotates the file occupancy from scratch (a transpose), then looks up.
    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(rank_attacks(sq, occupied.0) | file_attacks(sq, occupied.flip_diagonal().0))
    }

    /// Builds the 45-degree boards from scratch, then looks up.
    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        Self::bishop_in(sq, &RotatedOccupancy::new(occupied))
    }

    /// Builds every rotated board from scratch, then looks up.
    #[inline]
    fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
        Self::queen_in(sq, &RotatedOccupancy::new(occupied))
    }

    #[inline]
    fn rook_in(sq: Square, occupied: &RotatedOccupancy) -> Bitboard {
        Bitboard(rank_attacks(sq, occupied.normal) | file_attacks(sq, occupied.files))
    }

    #[inline]
    fn bishop_in(sq: Square, occupied: &RotatedOccupancy) -> Bitboard {
        Bitboard(diagonal_attacks(
            sq,
            occupied.diagonals,
            occupied.anti_diagonals,
        ))
    }

    #[inline]
    fn queen_in(sq: Square, occupied: &RotatedOccupancy) -> Bitboard {
        Self::rook_in(sq, occupied) | Self::bishop_in(sq, occupied)
    }

    #[inline]
    fn table_bytes() -> usize {
        core::mem::size_of_val(&tables::ROTATED_ATTACKS)
            + core::mem::size_of_val(&tables::ROTATED_INDEX)
            + core::mem::size_of_val(&tables::ROTATED_SHIFT)
    }
}
