//! Colours, roles (piece kinds) and pieces.

use core::fmt;
use core::ops::Not;

/// The side a piece belongs to, or the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Color {
    /// White, who moves first and whose pawns move up the board.
    White,
    /// Black, whose pawns move down the board.
    Black,
}

impl Color {
    /// Number of colours.
    pub const NUM: usize = 2;
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for white, 1 for black.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `white` if the flag is set, else `black`.
    #[inline]
    #[must_use]
    pub const fn from_white(white: bool) -> Color {
        if white {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Chooses one of two values by colour.
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// `'w'` or `'b'`, as in FEN.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;

    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// The kind of a piece, independent of its colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    /// Number of roles.
    pub const NUM: usize = 6;
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// The roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0 (pawn) to 5 (king).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lowercase letter: `p n b r q k`.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// Uppercase letter as used in SAN: `P N B R Q K`.
    #[inline]
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Parses a role letter of either case.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// The role of a SAN piece letter, an uppercase `N B R Q K` as a byte (a pawn has
    /// none); `None` for anything else.
    #[inline(always)]
    #[must_use]
    pub const fn from_san_letter(c: u8) -> Option<Role> {
        match c {
            b'N' => Some(Role::Knight),
            b'B' => Some(Role::Bishop),
            b'R' => Some(Role::Rook),
            b'Q' => Some(Role::Queen),
            b'K' => Some(Role::King),
            _ => None,
        }
    }

    /// Whether the role slides along lines (bishop, rook, queen).
    #[inline]
    #[must_use]
    pub const fn is_slider(self) -> bool {
        matches!(self, Role::Bishop | Role::Rook | Role::Queen)
    }

    /// The piece of this role and `color`.
    #[inline]
    #[must_use]
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        })
    }
}

/// A piece: a role of a colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// Number of distinct pieces.
    pub const NUM: usize = 12;

    /// A dense index: `role * 2 + color` (white pawn 0, black pawn 1, ..., black king 11).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.role as usize * 2 + self.color as usize
    }

    /// FEN letter: uppercase for white, lowercase for black.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Parses a FEN piece letter (`P` white pawn, `k` black king, ...).
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: Color::from_white(c.is_ascii_uppercase()),
                role,
            }),
            None => None,
        }
    }
}

/// Reads what `Display` writes (`white`, `black`), and FEN's `w` / `b`, in any case.
impl core::str::FromStr for Color {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<Color, crate::ParseError> {
        match s.to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            _ => Err(crate::ParseError::new("colour", s, "white, black, w or b")),
        }
    }
}

/// Reads what `Display` writes (`pawn` ... `king`) and the letters `p n b r q k`, in any
/// case.
impl core::str::FromStr for Role {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<Role, crate::ParseError> {
        let lower = s.to_ascii_lowercase();
        let mut chars = lower.chars();
        let role = match (chars.next(), chars.next()) {
            (Some(c), None) => Role::from_char(c),
            _ => Role::ALL.into_iter().find(|r| {
                let mut name = alloc::string::String::new();
                let _ = fmt::Write::write_fmt(&mut name, format_args!("{r}"));
                name == lower
            }),
        };
        role.ok_or_else(|| {
            crate::ParseError::new(
                "role",
                s,
                "pawn, knight, bishop, rook, queen, king or a letter",
            )
        })
    }
}

/// Reads the FEN letter `Display` writes (`P` white pawn ... `k` black king).
impl core::str::FromStr for Piece {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<Piece, crate::ParseError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_char(c),
            _ => None,
        }
        .ok_or_else(|| crate::ParseError::new("piece", s, "one of PNBRQK pnbrqk"))
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_chars_round_trip() {
        for color in Color::ALL {
            for role in Role::ALL {
                let p = role.of(color);
                assert_eq!(Piece::from_char(p.char()), Some(p));
            }
        }
        assert_eq!(Piece::from_char('x'), None);
        assert_eq!(Piece::from_char('K'), Some(Role::King.of(Color::White)));
    }

    #[test]
    fn piece_index_is_dense() {
        let mut seen = [false; 12];
        for color in Color::ALL {
            for role in Role::ALL {
                seen[role.of(color).index()] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
