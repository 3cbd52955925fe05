//! [`Bitboard`]: a set of squares as one `u64`, bit `i` standing for square `i` (a1 = bit 0).

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::{Color, File, Rank, Square};

/// A set of squares, one bit per square (a1 = bit 0, h8 = bit 63).
///
/// `Debug` draws the board with rank 8 on top, `X` for a member and `.` for the rest:
///
/// ```
/// use chessbits_bitboard_core::{Bitboard, Square};
/// let bb = Bitboard::from_square(Square::E4) | Square::D5;
/// assert_eq!(format!("{bb:?}"), "\
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . X . . . .
/// . . . . X . . .
/// . . . . . . . .
/// . . . . . . . .
/// . . . . . . . .
/// ");
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[must_use]
pub struct Bitboard(pub u64);

/// One of the eight compass directions a piece can move in, seen from white's side
/// (north is towards rank 8, east towards the h-file).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Direction {
    North,
    NorthEast,
    East,
    SouthEast,
    South,
    SouthWest,
    West,
    NorthWest,
}

impl Direction {
    /// All eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];
    /// The four rook directions.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];
    /// The four bishop directions.
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// The two opposite directions along each of the four lines through a square, in the
    /// order rank, file, a1-h8 diagonal, a8-h1 anti-diagonal (the four tables of direct
    /// lookup and rotated bitboards, the lines of perfect hashing).
    pub const LINES: [[Direction; 2]; 4] = [
        [Direction::East, Direction::West],
        [Direction::North, Direction::South],
        [Direction::NorthEast, Direction::SouthWest],
        [Direction::NorthWest, Direction::SouthEast],
    ];

    /// Index 0 (north) to 7 (north-west), clockwise.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `(file step, rank step)` of one step in this direction.
    #[inline]
    #[must_use]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, -1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// Change of square index for one step (north = +8, east = +1, ...).
    #[inline]
    #[must_use]
    pub const fn offset(self) -> i32 {
        let (df, dr) = self.delta();
        dr * 8 + df
    }

    /// The opposite direction.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) & 7]
    }

    /// Whether this is a rook (orthogonal) direction.
    #[inline]
    #[must_use]
    pub const fn is_orthogonal(self) -> bool {
        (self as u8) & 1 == 0
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const RANK_1: u64 = 0xff;
const MAIN_DIAGONAL: u64 = 0x8040_2010_0804_0201;
const MAIN_ANTI_DIAGONAL: u64 = 0x0102_0408_1020_4080;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The light squares.
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares.
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The four corners.
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);
    /// The border squares: ranks 1 and 8, files a and h.
    pub const EDGES: Bitboard = Bitboard(0xff81_8181_8181_81ff);
    /// Ranks 1 and 8.
    pub const BACKRANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);
    /// The four centre squares d4, e4, d5, e5.
    pub const CENTER: Bitboard = Bitboard(0x0000_0018_1800_0000);

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u32)
    }

    /// All squares of `rank`.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(RANK_1 << (8 * rank as u32))
    }

    /// All squares of `rank` counted from `color`'s side (rank 1 is black's rank 8).
    #[inline]
    pub const fn relative_rank(color: Color, rank: Rank) -> Bitboard {
        match color {
            Color::White => Bitboard::rank(rank),
            Color::Black => Bitboard::rank(rank.flip()),
        }
    }

    /// All squares of `file`.
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(FILE_A << file as u32)
    }

    /// The a1-h8-parallel diagonal through `sq` (including `sq`).
    #[inline]
    pub const fn diagonal(sq: Square) -> Bitboard {
        let shift = (sq as i32 & 7) - (sq as i32 >> 3);
        Bitboard(if shift >= 0 {
            MAIN_DIAGONAL >> (8 * shift)
        } else {
            MAIN_DIAGONAL << (8 * -shift)
        })
    }

    /// The a8-h1-parallel anti-diagonal through `sq` (including `sq`).
    #[inline]
    pub const fn anti_diagonal(sq: Square) -> Bitboard {
        let shift = 7 - (sq as i32 & 7) - (sq as i32 >> 3);
        Bitboard(if shift >= 0 {
            MAIN_ANTI_DIAGONAL >> (8 * shift)
        } else {
            MAIN_ANTI_DIAGONAL << (8 * -shift)
        })
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u32) != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u32)
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u32))
    }

    /// The set with `sq` toggled.
    #[inline]
    pub const fn toggled(self, sq: Square) -> Bitboard {
        Bitboard(self.0 ^ 1 << sq as u32)
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq as u32;
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq as u32);
    }

    /// Toggles `sq`.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1 << sq as u32;
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the set has two squares or more.
    #[inline]
    #[must_use]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Number of squares in the set (popcount).
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the two sets share a square.
    #[inline]
    #[must_use]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every square of `self` is in `other`.
    #[inline]
    #[must_use]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// The lowest square (least significant bit), if any.
    #[inline]
    #[must_use]
    pub const fn lsb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_masked(self.0.trailing_zeros()))
        }
    }

    /// The highest square (most significant bit), if any.
    #[inline]
    #[must_use]
    pub const fn msb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_masked(63 - self.0.leading_zeros()))
        }
    }

    /// The only square of a one-square set; `None` when the set is empty or has more.
    #[inline]
    #[must_use]
    pub const fn single_square(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.lsb()
        }
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_lsb(&mut self) -> Option<Square> {
        let sq = self.lsb();
        self.0 &= self.0.wrapping_sub(1);
        sq
    }

    /// Removes and returns the highest square.
    #[inline]
    pub fn pop_msb(&mut self) -> Option<Square> {
        let sq = self.msb();
        if let Some(sq) = sq {
            self.0 ^= 1 << sq as u32;
        }
        sq
    }

    /// The set moved one step in `dir`; squares that would leave the board (or wrap
    /// around to the other edge) are dropped.
    #[inline]
    pub const fn shift(self, dir: Direction) -> Bitboard {
        const NOT_A: u64 = !FILE_A;
        const NOT_H: u64 = !(FILE_A << 7);
        let b = self.0;
        Bitboard(match dir {
            Direction::North => b << 8,
            Direction::South => b >> 8,
            Direction::East => (b & NOT_H) << 1,
            Direction::West => (b & NOT_A) >> 1,
            Direction::NorthEast => (b & NOT_H) << 9,
            Direction::NorthWest => (b & NOT_A) << 7,
            Direction::SouthEast => (b & NOT_H) >> 7,
            Direction::SouthWest => (b & NOT_A) >> 9,
        })
    }

    /// The set moved one rank forward from `color`'s point of view.
    #[inline]
    pub const fn shift_forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => self.shift(Direction::North),
            Color::Black => self.shift(Direction::South),
        }
    }

    /// Mirror top to bottom: rank 1 <-> rank 8 (a byte swap).
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// Mirror left to right: file a <-> file h.
    #[inline]
    pub const fn mirror_horizontal(self) -> Bitboard {
        const K1: u64 = 0x5555_5555_5555_5555;
        const K2: u64 = 0x3333_3333_3333_3333;
        const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        let mut x = self.0;
        x = ((x >> 1) & K1) | ((x & K1) << 1);
        x = ((x >> 2) & K2) | ((x & K2) << 2);
        x = ((x >> 4) & K4) | ((x & K4) << 4);
        Bitboard(x)
    }

    /// Reflect in the a1-h8 diagonal: b1 <-> a2, h1 <-> a8 (files become ranks).
    #[inline]
    pub const fn flip_diagonal(self) -> Bitboard {
        const K1: u64 = 0x5500_5500_5500_5500;
        const K2: u64 = 0x3333_0000_3333_0000;
        const K4: u64 = 0x0f0f_0f0f_0000_0000;
        let mut x = self.0;
        let mut t = K4 & (x ^ (x << 28));
        x ^= t ^ (t >> 28);
        t = K2 & (x ^ (x << 14));
        x ^= t ^ (t >> 14);
        t = K1 & (x ^ (x << 7));
        x ^= t ^ (t >> 7);
        Bitboard(x)
    }

    /// Reflect in the a8-h1 anti-diagonal: a1 <-> h8, g1 <-> h2.
    #[inline]
    pub const fn flip_anti_diagonal(self) -> Bitboard {
        const K1: u64 = 0xaa00_aa00_aa00_aa00;
        const K2: u64 = 0xcccc_0000_cccc_0000;
        const K4: u64 = 0xf0f0_f0f0_0f0f_0f0f;
        let mut x = self.0;
        let mut t = x ^ (x << 36);
        x ^= K4 & (t ^ (x >> 36));
        t = K2 & (x ^ (x << 18));
        x ^= t ^ (t >> 18);
        t = K1 & (x ^ (x << 9));
        x ^= t ^ (t >> 9);
        Bitboard(x)
    }

    /// Rotate by 180 degrees: square `i` goes to `63 - i` (a bit reversal).
    #[inline]
    pub const fn rotate_180(self) -> Bitboard {
        Bitboard(self.0.reverse_bits())
    }

    /// Iterates over every subset of `self`, the empty set first and `self` last
    /// (the carry-rippler: `next = (subset - set) & set`). There are `2^count()` of them.
    #[inline]
    pub const fn subsets(self) -> Subsets {
        Subsets {
            set: self.0,
            next: 0,
            remaining: 1u128 << self.0.count_ones(),
        }
    }

    /// An iterator over the squares of the set, lowest first.
    #[inline]
    pub const fn iter(self) -> Iter {
        Iter(self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl From<u64> for Bitboard {
    #[inline]
    fn from(b: u64) -> Bitboard {
        Bitboard(b)
    }
}

impl From<Bitboard> for u64 {
    #[inline]
    fn from(b: Bitboard) -> u64 {
        b.0
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl<T: Into<Bitboard>> $trait<T> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: T) -> Bitboard {
                Bitboard(self.0 $op rhs.into().0)
            }
        }
        impl<T: Into<Bitboard>> $assign_trait<T> for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: T) {
                self.0 = self.0 $op rhs.into().0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<T: Into<Bitboard>> Sub<T> for Bitboard {
    type Output = Bitboard;

    /// Set difference: the squares of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: T) -> Bitboard {
        Bitboard(self.0 & !rhs.into().0)
    }
}

impl<T: Into<Bitboard>> SubAssign<T> for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: T) {
        self.0 &= !rhs.into().0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;

    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.contains(Square::from_coords(file, *rank)) {
                    'X'
                } else {
                    '.'
                };
                fmt::Write::write_char(f, c)?;
                f.write_str(if file == File::H { "\n" } else { " " })?;
            }
        }
        Ok(())
    }
}

impl fmt::LowerHex for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&self.0, f)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.insert(sq);
        }
        bb
    }
}

impl Extend<Square> for Bitboard {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            self.insert(sq);
        }
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Iter;

    #[inline]
    fn into_iter(self) -> Iter {
        Iter(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest first (or highest first from the back).
#[derive(Clone, Debug)]
#[must_use]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new_masked(self.0.trailing_zeros());
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    fn last(self) -> Option<Square> {
        Bitboard(self.0).msb()
    }
}

impl DoubleEndedIterator for Iter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new_masked(63 - self.0.leading_zeros());
            self.0 ^= 1 << sq as u32;
            Some(sq)
        }
    }
}

impl ExactSizeIterator for Iter {}
impl FusedIterator for Iter {}

/// Iterator over all subsets of a set of squares; see [`Bitboard::subsets`].
#[derive(Clone, Debug)]
#[must_use]
pub struct Subsets {
    set: u64,
    next: u64,
    remaining: u128,
}

impl Iterator for Subsets {
    type Item = Bitboard;

    #[inline]
    fn next(&mut self) -> Option<Bitboard> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let current = self.next;
        self.next = current.wrapping_sub(self.set) & self.set;
        Some(Bitboard(current))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match usize::try_from(self.remaining) {
            Ok(n) => (n, Some(n)),
            Err(_) => (usize::MAX, None),
        }
    }
}

impl FusedIterator for Subsets {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(Bitboard::rank(Rank::Second).0, 0xff00);
        assert_eq!(Bitboard::file(File::H).0, 0x8080_8080_8080_8080);
        assert_eq!(Bitboard::diagonal(Square::A1).0, MAIN_DIAGONAL);
        assert_eq!(
            Bitboard::diagonal(Square::H1),
            Bitboard::from_square(Square::H1)
        );
        assert_eq!(
            Bitboard::diagonal(Square::A8),
            Bitboard::from_square(Square::A8)
        );
        assert_eq!(Bitboard::anti_diagonal(Square::H1).0, MAIN_ANTI_DIAGONAL);
        assert_eq!(
            Bitboard::anti_diagonal(Square::A1),
            Bitboard::from_square(Square::A1)
        );
        assert_eq!(
            Bitboard::anti_diagonal(Square::H8),
            Bitboard::from_square(Square::H8)
        );
        let light: Bitboard = Square::ALL.into_iter().filter(|s| s.is_light()).collect();
        assert_eq!(light, Bitboard::LIGHT_SQUARES);
        assert_eq!(!light, Bitboard::DARK_SQUARES);
    }

    #[test]
    fn subsets_of_three() {
        let set = Bitboard(0b1011);
        let all: alloc::vec::Vec<u64> = set.subsets().map(|b| b.0).collect();
        assert_eq!(
            all,
            [0b0000, 0b0001, 0b0010, 0b0011, 0b1000, 0b1001, 0b1010, 0b1011]
        );
        assert_eq!(Bitboard::EMPTY.subsets().count(), 1);
        assert_eq!(Bitboard(0xff).subsets().count(), 256);
        assert_eq!(Bitboard(0xff).subsets().size_hint(), (256, Some(256)));
    }

    #[test]
    fn debug_draws_board() {
        let s = alloc::format!("{:?}", Bitboard::from_square(Square::A1));
        assert!(s.ends_with("X . . . . . . .\n"));
        assert_eq!(s.lines().count(), 8);
    }
}
