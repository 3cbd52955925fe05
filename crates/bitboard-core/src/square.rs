//! Files, ranks and squares of the 8x8 board, numbered a1 = 0, b1 = 1, ..., h8 = 63
//! (little-endian rank-file mapping).

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::error::ParseSquareError;

/// A file (column) of the board, `a` to `h`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row) of the board, `1` to `8`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// Number of files.
    pub const NUM: usize = 8;
    /// All files from `a` to `h`.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with this index (0 = `a`), or `None` when `index >= 8`.
    #[inline]
    #[must_use]
    pub const fn new(index: u32) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// The file of index `index & 7`; never fails.
    #[inline]
    #[must_use]
    pub const fn new_masked(index: u32) -> File {
        File::ALL[(index & 7) as usize]
    }

    /// Index from 0 (`a`) to 7 (`h`).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file's letter, `'a'` to `'h'`.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Parses a lowercase file letter.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::ALL[(c as u8 - b'a') as usize]),
            _ => None,
        }
    }

    /// The file mirrored left to right (`a` <-> `h`).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> File {
        File::ALL[7 - self as usize]
    }

    /// The file `delta` steps to the right (negative: left), if on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, delta: i32) -> Option<File> {
        let i = self as i32 + delta;
        if i >= 0 && i < 8 {
            Some(File::ALL[i as usize])
        } else {
            None
        }
    }
}

impl Rank {
    /// Number of ranks.
    pub const NUM: usize = 8;
    /// All ranks from `1` to `8`.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with this index (0 = rank 1), or `None` when `index >= 8`.
    #[inline]
    #[must_use]
    pub const fn new(index: u32) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// The rank of index `index & 7`; never fails.
    #[inline]
    #[must_use]
    pub const fn new_masked(index: u32) -> Rank {
        Rank::ALL[(index & 7) as usize]
    }

    /// Index from 0 (rank 1) to 7 (rank 8).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank's digit, `'1'` to `'8'`.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Parses a rank digit.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::ALL[(c as u8 - b'1') as usize]),
            _ => None,
        }
    }

    /// The rank seen from the other side (`1` <-> `8`).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }

    /// The rank `delta` steps up (negative: down), if on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, delta: i32) -> Option<Rank> {
        let i = self as i32 + delta;
        if i >= 0 && i < 8 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

/// Reads the letter `Display` writes (`a` ... `h`).
impl FromStr for File {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<File, crate::ParseError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => File::from_char(c),
            _ => None,
        }
        .ok_or_else(|| crate::ParseError::new("file", s, "a letter a-h"))
    }
}

/// Reads the digit `Display` writes (`1` ... `8`).
impl FromStr for Rank {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<Rank, crate::ParseError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Rank::from_char(c),
            _ => None,
        }
        .ok_or_else(|| crate::ParseError::new("rank", s, "a digit 1-8"))
    }
}

macro_rules! squares {
    (@match $i:ident, $tbl:ident, $($sq:ident),*) => {{
        $(
            if $i == Square::$sq as u8 {
                return Square::$sq;
            }
        )*
        $tbl[0]
    }};
    ($($sq:ident),* $(,)?) => {
        /// A square of the board. `A1` = 0, `B1` = 1, ..., `H8` = 63.
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square {
            $($sq),*
        }

        impl Square {
            /// All 64 squares in index order (a1, b1, ..., h8).
            pub const ALL: [Square; 64] = [$(Square::$sq),*];

            /// The square of index `index & 63`; never fails. Use where the index is known
            /// to be in range (for example the result of a bit scan).
            ///
            /// Written as a `match` whose arms are the identity, which the compiler turns into
            /// a plain mask (no table load, no `unsafe`).
            #[inline]
            pub const fn new_masked(index: u32) -> Square {
                const SQ: [Square; 64] = Square::ALL;
                let i = (index & 63) as u8;
                squares!(@match i, SQ, $($sq),*)
            }
        }
    };
}

squares! {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// Number of squares.
    pub const NUM: usize = 64;

    /// The square with this index (a1 = 0 ... h8 = 63), or `None` when `index >= 64`.
    #[inline]
    #[must_use]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The square at the crossing of `file` and `rank`.
    #[inline]
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 8 + file as usize]
    }

    /// Index from 0 (a1) to 63 (h8).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square's file.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The square's rank.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// The square mirrored top to bottom (a1 <-> a8).
    #[inline]
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }

    /// The square mirrored left to right (a1 <-> h1).
    #[inline]
    #[must_use]
    pub const fn flip_horizontal(self) -> Square {
        Square::ALL[self as usize ^ 7]
    }

    /// The square reflected in the a1-h8 diagonal (b1 <-> a2).
    #[inline]
    #[must_use]
    pub const fn flip_diagonal(self) -> Square {
        let i = self as usize;
        Square::ALL[((i >> 3) | (i << 3)) & 63]
    }

    /// The square moved by `df` files and `dr` ranks, if that stays on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = (self as i32 & 7) + df;
        let r = (self as i32 >> 3) + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square::ALL[(r * 8 + f) as usize])
        } else {
            None
        }
    }

    /// Chebyshev (king-move) distance between two squares.
    #[inline]
    #[must_use]
    pub const fn distance(self, other: Square) -> u32 {
        let df = (self as i32 & 7) - (other as i32 & 7);
        let dr = (self as i32 >> 3) - (other as i32 >> 3);
        let df = df.unsigned_abs();
        let dr = dr.unsigned_abs();
        if df > dr {
            df
        } else {
            dr
        }
    }

    /// Whether the square is light (h1 is light, a1 is dark).
    #[inline]
    #[must_use]
    pub const fn is_light(self) -> bool {
        ((self as u8 >> 3) ^ self as u8) & 1 == 1
    }

    /// Parses a square name such as `e4` from ASCII bytes.
    pub fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        match *s {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
                Ok(Square::ALL[usize::from(r - b'1') * 8 + usize::from(f - b'a')])
            }
            _ => Err(ParseSquareError {
                text: String::from_utf8_lossy(s).into_owned(),
            }),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.file().char())?;
        fmt::Write::write_char(f, self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.file().char().to_ascii_uppercase())?;
        fmt::Write::write_char(f, self.rank().char())
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a1` ... `h8` (lowercase, exactly two characters).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

impl From<Square> for usize {
    #[inline]
    fn from(sq: Square) -> usize {
        sq as usize
    }
}

impl From<Square> for u32 {
    #[inline]
    fn from(sq: Square) -> u32 {
        sq as u32
    }
}

impl TryFrom<u32> for Square {
    type Error = crate::error::OutOfRange;

    #[inline]
    fn try_from(i: u32) -> Result<Square, Self::Error> {
        Square::new(i).ok_or(crate::error::OutOfRange(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn coordinates() {
        assert_eq!(Square::E4.file(), File::E);
        assert_eq!(Square::E4.rank(), Rank::Fourth);
        assert_eq!(Square::from_coords(File::H, Rank::Eighth), Square::H8);
        assert_eq!(Square::A1.index(), 0);
        assert_eq!(Square::H8.index(), 63);
        assert_eq!(Square::B1.flip_diagonal(), Square::A2);
        assert_eq!(Square::C1.flip_vertical(), Square::C8);
        assert_eq!(Square::C1.flip_horizontal(), Square::F1);
        assert!(Square::H1.is_light());
        assert!(!Square::A1.is_light());
        assert_eq!(Square::A1.distance(Square::H8), 7);
        assert_eq!(Square::E4.offset(1, 2), Some(Square::F6));
        assert_eq!(Square::H4.offset(1, 0), None);
    }

    #[test]
    fn parse_errors_name_the_text() {
        for bad in ["i9", "", "e", "e44", "E4", "é4", "a0", "h9"] {
            let err = bad.parse::<Square>().unwrap_err();
            assert_eq!(err.text, bad);
            assert!(err.to_string().contains(bad));
        }
    }

    #[test]
    fn display_parse_all() {
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
    }
}
