//! [`Move`]: a compact (two-byte) chess move.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::error::{ParseMoveError, ParseMoveErrorKind};
use crate::{File, Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move that is not one of the kinds below, captures included.
    Normal,
    /// A pawn reaching the last rank and becoming the given piece.
    Promotion(Role),
    /// A pawn capturing en passant; `to` is the square the capturing pawn lands on.
    EnPassant,
    /// Castling, stored as king-takes-rook: `from` is the king, `to` the rook.
    Castle,
    /// A piece of the given role put from the pocket onto the empty square `to`
    /// (crazyhouse); `from` means nothing and reads as `to`.
    Drop(Role),
}

/// A move in two bytes: origin, destination, kind and promotion piece.
///
/// Castling is stored as *king takes own rook* (`from` = king square, `to` = rook square)
/// so that standard chess and Chess960 share one representation; [`Move::king_to`] and
/// [`Move::rook_to`] give the squares the pieces land on. A `Move` says nothing of which
/// piece moves or what it captures: a position knows that.
///
/// `Display` writes UCI as standard chess engines expect it (`e2e4`, `e7e8q`, castling as
/// `e1g1`); [`Move::uci`] chooses the Chess960 form (`e1h1`). `FromStr` reads UCI into a
/// normal or promotion move; whether `e1g1` is castling or `e5d6` en passant depends on the
/// position, which converts such moves when it checks them.
///
/// ```
/// use chessbits_bitboard_core::{Move, Square, Role};
/// let m: Move = "e7e8q".parse().unwrap();
/// assert_eq!(m, Move::promote(Square::E7, Square::E8, Role::Queen));
/// assert_eq!(m.to_string(), "e7e8q");
/// let castle = Move::castle(Square::E1, Square::H1);
/// assert_eq!(castle.to_string(), "e1g1");
/// assert_eq!(castle.uci(true).to_string(), "e1h1");
/// assert!("e2e9q".parse::<Move>().is_err());
/// ```
///
/// Moves order by their 16-bit encoding ([`Move::to_bits`]), so they can be sorted and kept
/// in ordered sets; the order means nothing chess-wise.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

const KIND_NORMAL: u16 = 0;
const KIND_PROMOTION: u16 = 1;
const KIND_EN_PASSANT: u16 = 2;
const KIND_CASTLE: u16 = 3;
/// The spare encodings of the castle kind (promotion bits not zero, which no castling
/// move has): bits 12-15 of a drop (the role in the `from` bits) and of a promotion to a
/// king (antichess). The moves of standard chess never have them.
const CODE_DROP: u16 = KIND_CASTLE | 1 << 2;
const CODE_KING_PROMOTION: u16 = KIND_CASTLE | 2 << 2;

impl Move {
    /// The null move (`0000` in UCI): passes the turn. It has `from == to == a1`.
    pub const NULL: Move = Move(0);

    #[inline]
    const fn pack(from: Square, to: Square, kind: u16, promo: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | kind << 12 | promo << 14)
    }

    /// A move that is not a promotion, en-passant capture or castling.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_NORMAL, 0)
    }

    /// A promotion to `role`: a knight, bishop, rook or queen, or a king (antichess, where
    /// the king is an ordinary piece). A pawn is stored as a queen.
    #[inline]
    pub const fn promote(from: Square, to: Square, role: Role) -> Move {
        let promo = match role {
            Role::Knight => 0,
            Role::Bishop => 1,
            Role::Rook => 2,
            Role::King => return Move(from as u16 | (to as u16) << 6 | CODE_KING_PROMOTION << 12),
            _ => 3,
        };
        Move::pack(from, to, KIND_PROMOTION, promo)
    }

    /// A drop (crazyhouse): a piece of `role` from the pocket onto `to`. A king is stored
    /// as a queen (no variant drops kings). Its [`Move::from`] means nothing.
    ///
    /// ```
    /// use chessbits_bitboard_core::{Move, MoveKind, Role, Square};
    /// let m = Move::drop(Role::Knight, Square::F3);
    /// assert_eq!(m.kind(), MoveKind::Drop(Role::Knight));
    /// assert_eq!(m.to_string(), "N@f3");
    /// assert_eq!("N@f3".parse::<Move>(), Ok(m));
    /// ```
    #[inline]
    pub const fn drop(role: Role, to: Square) -> Move {
        let role = match role {
            Role::King => Role::Queen,
            r => r,
        };
        Move(role as u16 | (to as u16) << 6 | CODE_DROP << 12)
    }

    /// An en-passant capture; `to` is the empty square the pawn moves to.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_EN_PASSANT, 0)
    }

    /// Castling of the king on `king` with the rook on `rook`.
    #[inline]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, KIND_CASTLE, 0)
    }

    /// The origin square (the king's square for castling; meaningless for a drop, whose
    /// bits there hold the dropped role: ask [`Move::is_drop`] first).
    #[inline]
    #[must_use]
    pub const fn from(self) -> Square {
        Square::new_masked(self.0 as u32 & 63)
    }

    /// The destination square (the rook's square for castling).
    #[inline]
    #[must_use]
    pub const fn to(self) -> Square {
        Square::new_masked((self.0 as u32 >> 6) & 63)
    }

    /// What kind of move this is.
    #[inline(always)]
    #[must_use]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 & 3 {
            KIND_NORMAL => MoveKind::Normal,
            KIND_EN_PASSANT => MoveKind::EnPassant,
            KIND_PROMOTION => MoveKind::Promotion(self.promotion_role()),
            _ => match self.0 >> 12 {
                CODE_DROP => MoveKind::Drop(self.drop_role()),
                CODE_KING_PROMOTION => MoveKind::Promotion(Role::King),
                _ => MoveKind::Castle,
            },
        }
    }

    /// The role of the promotion bits of a knight, bishop, rook or queen promotion.
    #[inline]
    const fn promotion_role(self) -> Role {
        match self.0 >> 14 {
            0 => Role::Knight,
            1 => Role::Bishop,
            2 => Role::Rook,
            _ => Role::Queen,
        }
    }

    #[inline]
    const fn drop_role(self) -> Role {
        match self.0 & 7 {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            _ => Role::Queen,
        }
    }

    /// The dropped piece, if this is a drop.
    #[inline]
    #[must_use]
    pub const fn drop_role_of(self) -> Option<Role> {
        if self.is_drop() {
            Some(self.drop_role())
        } else {
            None
        }
    }

    /// Whether this is a drop (crazyhouse).
    #[inline]
    #[must_use]
    pub const fn is_drop(self) -> bool {
        self.0 >> 12 == CODE_DROP
    }

    /// The promotion piece, if this is a promotion.
    #[inline]
    #[must_use]
    pub const fn promotion(self) -> Option<Role> {
        if self.0 >> 12 & 3 == KIND_PROMOTION {
            Some(self.promotion_role())
        } else if self.0 >> 12 == CODE_KING_PROMOTION {
            Some(Role::King)
        } else {
            None
        }
    }

    /// Whether this is a promotion.
    #[inline]
    #[must_use]
    pub const fn is_promotion(self) -> bool {
        self.0 >> 12 & 3 == KIND_PROMOTION || self.0 >> 12 == CODE_KING_PROMOTION
    }

    /// Whether this is an en-passant capture.
    #[inline]
    #[must_use]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 & 3 == KIND_EN_PASSANT
    }

    /// Whether this is castling.
    #[inline]
    #[must_use]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == KIND_CASTLE
    }

    /// Whether this is the null move.
    #[inline]
    #[must_use]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The square the king lands on: for castling the g- or c-file of the king's rank
    /// (by the side the rook stands on), otherwise `to`.
    #[inline]
    #[must_use]
    pub const fn king_to(self) -> Square {
        if self.is_castle() {
            let file = if (self.to() as u8 & 7) > (self.from() as u8 & 7) {
                File::G
            } else {
                File::C
            };
            Square::from_coords(file, self.from().rank())
        } else {
            self.to()
        }
    }

    /// For castling, the square the rook lands on (f- or d-file); otherwise `None`.
    #[inline]
    #[must_use]
    pub const fn rook_to(self) -> Option<Square> {
        if self.is_castle() {
            let file = if (self.to() as u8 & 7) > (self.from() as u8 & 7) {
                File::F
            } else {
                File::D
            };
            Some(Square::from_coords(file, self.from().rank()))
        } else {
            None
        }
    }

    /// For en passant, the square of the pawn it takes: on `to`'s file and `from`'s rank
    /// (meaningless for other moves).
    ///
    /// ```
    /// use chessbits_bitboard_core::{Move, Square};
    ///
    /// assert_eq!(Move::en_passant(Square::E5, Square::D6).ep_victim(), Square::D5);
    /// ```
    #[inline]
    #[must_use]
    pub const fn ep_victim(self) -> Square {
        Square::from_coords(self.to().file(), self.from().rank())
    }

    /// The raw 16-bit encoding: bits 0-5 from, 6-11 to, 12-13 kind, 14-15 promotion.
    #[inline]
    #[must_use]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from [`Move::to_bits`]. Every `u16` decodes to some move, but only
    /// the values the constructors produce are [canonical](Move::is_canonical): a value with
    /// promotion bits on a move that is not a promotion prints like its canonical twin and
    /// compares unequal to it. Legality tests (`chessbits_movegen::is_legal`) reject such values.
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// Whether these are the bits a constructor ([`Move::normal`], [`Move::promote`],
    /// [`Move::en_passant`], [`Move::castle`]) gives: the promotion bits (14-15) are zero
    /// unless the move is a promotion. Every move built by this crate is canonical; a value
    /// from [`Move::from_bits`] (a hash-table or killer slot) may not be.
    ///
    /// ```
    /// use chessbits_bitboard_core::{Move, Square};
    /// let e4 = Move::normal(Square::E2, Square::E4);
    /// assert!(e4.is_canonical());
    /// let twin = Move::from_bits(e4.to_bits() | 1 << 14);
    /// assert_eq!(twin.to_string(), "e2e4");
    /// assert!(!twin.is_canonical());
    /// assert_ne!(twin, e4);
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_canonical(self) -> bool {
        match self.0 >> 12 {
            CODE_DROP => self.0 & 63 <= Role::Queen as u16,
            CODE_KING_PROMOTION => true,
            _ => self.0 >> 12 & 3 == KIND_PROMOTION || self.0 >> 14 == 0,
        }
    }

    /// The move in UCI notation: castling as king to its destination (`e1g1`) in standard
    /// chess (a king on the e-file, a rook in a corner), as king takes rook (`e1h1`) when
    /// `chess960` is set or the move has another shape.
    #[inline]
    #[must_use]
    pub const fn uci(self, chess960: bool) -> Uci {
        Uci { m: self, chess960 }
    }

    /// Writes the move in UCI notation to `out`, as [`Move::uci`] shows it: the one place
    /// UCI is spelled.
    ///
    /// ```
    /// use chessbits_bitboard_core::{Move, MoveText, Square};
    /// let castle = Move::castle(Square::E1, Square::H1);
    /// let mut out = Vec::new();
    /// castle.write_uci(false, &mut out);
    /// assert_eq!(out, b"e1g1");
    /// let mut text = MoveText::new();
    /// castle.write_uci(true, &mut text);
    /// assert_eq!(text.to_string(), "e1h1");
    /// ```
    #[inline]
    pub fn write_uci(self, chess960: bool, out: &mut impl crate::TextSink) {
        if self.is_null() {
            out.put_all(b"0000");
            return;
        }
        if let Some(role) = self.drop_role_of() {
            out.put(role.upper_char() as u8);
            out.put(b'@');
            out.put(self.to().file().char() as u8);
            out.put(self.to().rank().char() as u8);
            return;
        }
        // In standard chess the king castles from the e-file with a rook in a corner; a
        // castling move of any other shape (python-chess's giveaway, whose king may stand
        // elsewhere) is written as king takes rook there too, as python-chess writes it.
        let standard = !chess960
            && self.from().file() == File::E
            && matches!(self.to().file(), File::A | File::H);
        let to = if self.is_castle() && standard {
            self.king_to()
        } else {
            self.to()
        };
        for sq in [self.from(), to] {
            out.put(sq.file().char() as u8);
            out.put(sq.rank().char() as u8);
        }
        if let Some(role) = self.promotion() {
            out.put(role.char() as u8);
        }
    }

    /// Parses UCI (`e2e4`, `e7e8q`, `0000`, and the variants' `N@f3` drops and `e7e8k`
    /// king promotions) from ASCII bytes. The result is a normal, promotion or drop move (or
    /// [`Move::NULL`]); see the type's documentation.
    pub fn from_uci_ascii(s: &[u8]) -> Result<Move, ParseMoveError> {
        let err = |kind| ParseMoveError {
            text: String::from_utf8_lossy(s).into_owned(),
            kind,
        };
        if s == b"0000" {
            return Ok(Move::NULL);
        }
        if s.len() == 4 && s[1] == b'@' {
            let role = Role::from_char(char::from(s[0].to_ascii_lowercase()))
                .filter(|r| *r != Role::King)
                .ok_or_else(|| err(ParseMoveErrorKind::Drop))?;
            let to = Square::from_ascii(&s[2..4]).map_err(|_| err(ParseMoveErrorKind::To))?;
            return Ok(Move::drop(role, to));
        }
        if s.len() != 4 && s.len() != 5 {
            return Err(err(ParseMoveErrorKind::Length));
        }
        let from = Square::from_ascii(&s[0..2]).map_err(|_| err(ParseMoveErrorKind::From))?;
        let to = Square::from_ascii(&s[2..4]).map_err(|_| err(ParseMoveErrorKind::To))?;
        if from == to {
            return Err(err(ParseMoveErrorKind::SameSquare));
        }
        match s.get(4) {
            None => Ok(Move::normal(from, to)),
            Some(&c) => match Role::from_char(char::from(c)) {
                Some(
                    role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen | Role::King),
                ) if c.is_ascii_lowercase() => Ok(Move::promote(from, to, role)),
                _ => Err(err(ParseMoveErrorKind::Promotion)),
            },
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Move::from_uci_ascii(s.as_bytes())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.uci(false), f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            MoveKind::Normal if self.is_null() => f.write_str("Move(null)"),
            MoveKind::Normal => write!(f, "Move({}{})", self.from(), self.to()),
            MoveKind::Promotion(r) => write!(f, "Move({}{}={})", self.from(), self.to(), r.char()),
            MoveKind::EnPassant => write!(f, "Move({}{} e.p.)", self.from(), self.to()),
            MoveKind::Castle => write!(f, "Move({} castles with {})", self.from(), self.to()),
            MoveKind::Drop(r) => write!(f, "Move({}@{})", r.upper_char(), self.to()),
        }
    }
}

/// A [`Move`] shown in UCI notation; made by [`Move::uci`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Uci {
    m: Move,
    chess960: bool,
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = crate::text::StackText::new();
        self.m.write_uci(self.chess960, &mut text);
        f.write_str(text.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn fields_round_trip() {
        for from in Square::ALL {
            for to in Square::ALL {
                let m = Move::normal(from, to);
                assert_eq!((m.from(), m.to(), m.kind()), (from, to, MoveKind::Normal));
                for role in Role::PROMOTIONS {
                    let p = Move::promote(from, to, role);
                    assert_eq!((p.from(), p.to(), p.promotion()), (from, to, Some(role)));
                }
                let e = Move::en_passant(from, to);
                assert_eq!(
                    (e.from(), e.to(), e.kind()),
                    (from, to, MoveKind::EnPassant)
                );
                let c = Move::castle(from, to);
                assert_eq!((c.from(), c.to(), c.kind()), (from, to, MoveKind::Castle));
            }
        }
    }

    #[test]
    fn castling_squares() {
        let long = Move::castle(Square::E8, Square::A8);
        assert_eq!(long.king_to(), Square::C8);
        assert_eq!(long.rook_to(), Some(Square::D8));
        assert_eq!(long.to_string(), "e8c8");
        assert_eq!(long.uci(true).to_string(), "e8a8");
        // Chess960: king on b1, rook on a1 castles long to c1/d1.
        let c960 = Move::castle(Square::B1, Square::A1);
        assert_eq!(c960.king_to(), Square::C1);
        assert_eq!(c960.rook_to(), Some(Square::D1));
    }

    #[test]
    fn parse_errors() {
        use ParseMoveErrorKind::*;
        let cases = [
            ("", Length),
            ("e2e9q", To),
            ("i2e4", From),
            ("e2e4p", Promotion),
            ("K@e4", Drop),
            ("e7e8Q", Promotion),
            ("e2e2", SameSquare),
            ("e2e4qq", Length),
            ("é2e4", From),
            ("e2é4", To),
        ];
        for (text, kind) in cases {
            let err = text.parse::<Move>().unwrap_err();
            assert_eq!(err.kind, kind, "{text}");
            assert_eq!(err.text, text);
            assert!(err.to_string().contains(text));
        }
        assert_eq!("0000".parse::<Move>(), Ok(Move::NULL));
    }
}
