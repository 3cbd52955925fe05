//! The state the Lichess variants add to a position: which variant ([`Variant`]), the
//! crazyhouse [`Pockets`] and the three-check [`RemainingChecks`]. Their rules are in
//! `chessbits-movegen`'s `variant` module; their FEN forms are read and written with the
//! rest of the FEN in `setup.rs`.

use core::fmt;
use core::str::FromStr;

use chessbits_bitboard_core::{Color, ParseError, Role};

use crate::CastlingMode;

/// A chess variant that Lichess hosts, standard chess, or one of python-chess's two other
/// games of the antichess family (giveaway and suicide, as Fairy-Stockfish names them too).
///
/// Names: [`Variant::lichess_name`] is the PGN `Variant` tag Lichess writes (`"King of the
/// Hill"`), [`Variant::uci_name`] python-chess's `uci_variant` and the UCI
/// `UCI_Variant` option (`"kingofthehill"`). `FromStr` reads either, any case, and the
/// usual aliases (`"anti"`, `"koth"`, `"3check"`, `"zh"`, ...). Chess960 is not a
/// variant here but a castling mode, which every variant with castling may use.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Variant {
    /// Standard chess (also Chess960 and "From Position" games).
    #[default]
    Chess,
    /// Captures explode every piece but pawns next to the capture square; a king exploded
    /// loses.
    Atomic,
    /// Captures are forced, the king is an ordinary piece, and whoever loses all pieces
    /// or is stalemated wins; no castling (Lichess's rules).
    Antichess,
    /// Captured pieces go to the captor's pocket and may be dropped back on the board.
    Crazyhouse,
    /// A king that reaches d4, e4, d5 or e5 wins.
    KingOfTheHill,
    /// The third check given wins.
    ThreeCheck,
    /// White's 36 pawns, without a king, against Black's army; capturing them all wins.
    Horde,
    /// No checks; the first king on the eighth rank wins (Black may still draw by
    /// reaching it on the next move).
    RacingKings,
    /// Antichess with castling (python-chess's `GiveawayBoard`, Fairy-Stockfish's
    /// `giveaway`): the start position has every castling right, and a king castles as
    /// in chess, attacked squares or not.
    Giveaway,
    /// Giveaway, but a stalemated side wins only with fewer pieces than the other side
    /// (and draws with as many): python-chess's `SuicideBoard`, Fairy-Stockfish's
    /// `suicide`.
    Suicide,
}

/// A name as the variants' names are compared: lower case, blanks, `-` and `_` left out
/// (at most 24 bytes: longer is no variant's name).
fn name_key(name: &str) -> Option<([u8; 24], usize)> {
    let mut key = [0u8; 24];
    let mut len = 0;
    for b in name.bytes() {
        if matches!(b, b' ' | b'-' | b'_') {
            continue;
        }
        if len == key.len() {
            return None;
        }
        key[len] = b.to_ascii_lowercase();
        len += 1;
    }
    Some((key, len))
}

impl Variant {
    /// Every variant, standard chess first.
    pub const ALL: [Variant; 10] = [
        Variant::Chess,
        Variant::Atomic,
        Variant::Antichess,
        Variant::Crazyhouse,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
        Variant::Horde,
        Variant::RacingKings,
        Variant::Giveaway,
        Variant::Suicide,
    ];

    /// The name Lichess writes in a PGN `Variant` tag (python-chess's name for the two
    /// games Lichess does not host).
    #[must_use]
    pub const fn lichess_name(self) -> &'static str {
        match self {
            Variant::Chess => "Standard",
            Variant::Atomic => "Atomic",
            Variant::Antichess => "Antichess",
            Variant::Crazyhouse => "Crazyhouse",
            Variant::KingOfTheHill => "King of the Hill",
            Variant::ThreeCheck => "Three-check",
            Variant::Horde => "Horde",
            Variant::RacingKings => "Racing Kings",
            Variant::Giveaway => "Giveaway",
            Variant::Suicide => "Suicide",
        }
    }

    /// python-chess's `uci_variant` (the UCI `UCI_Variant` value).
    #[must_use]
    pub const fn uci_name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Atomic => "atomic",
            Variant::Antichess => "antichess",
            Variant::Crazyhouse => "crazyhouse",
            Variant::KingOfTheHill => "kingofthehill",
            Variant::ThreeCheck => "3check",
            Variant::Horde => "horde",
            Variant::RacingKings => "racingkings",
            Variant::Giveaway => "giveaway",
            Variant::Suicide => "suicide",
        }
    }

    /// What a PGN `Variant` tag names: the variant, and for standard chess the castling
    /// mode the tag fixes. Chess960 names (`Chess960`, `Fischerandom`, `Freestyle`, any
    /// name with `960`) are standard chess in [`CastlingMode::Chess960`]; the names of
    /// standard chess (`Standard`, `From Position`, `Classical`, an empty tag...) are
    /// [`CastlingMode::Standard`]; a variant's name ([`Variant::from_name`]) leaves the
    /// mode to its start position (`None`). `None` for a name no rules here play. The one
    /// reading of the tag.
    ///
    /// ```
    /// use chessbits_position::{CastlingMode, Variant};
    ///
    /// assert_eq!(Variant::from_pgn_tag(b"Chess960"), Some((Variant::Chess, Some(CastlingMode::Chess960))));
    /// assert_eq!(Variant::from_pgn_tag(b"From Position"), Some((Variant::Chess, Some(CastlingMode::Standard))));
    /// assert_eq!(Variant::from_pgn_tag(b"Crazyhouse"), Some((Variant::Crazyhouse, None)));
    /// assert_eq!(Variant::from_pgn_tag(b"Shogi"), None);
    /// ```
    #[must_use]
    pub fn from_pgn_tag(tag: &[u8]) -> Option<(Variant, Option<CastlingMode>)> {
        let text = core::str::from_utf8(tag).ok()?.trim();
        let (key, len) = name_key(text)?;
        let key = &key[..len];
        if key.windows(3).any(|w| w == b"960")
            || key.windows(7).any(|w| w == b"fischer")
            || key.windows(9).any(|w| w == b"freestyle")
        {
            return Some((Variant::Chess, Some(CastlingMode::Chess960)));
        }
        if matches!(key, b"" | b"fromposition" | b"classical") {
            return Some((Variant::Chess, Some(CastlingMode::Standard)));
        }
        match Variant::from_name(text)? {
            Variant::Chess => Some((Variant::Chess, Some(CastlingMode::Standard))),
            v => Some((v, None)),
        }
    }

    /// The variant a name means: a Lichess or UCI name or a common alias, in any case, with
    /// blanks, `-` and `_` ignored. `None` for other names (Chess960 is a castling mode,
    /// not a variant: see the type's documentation).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Variant> {
        let (key, len) = name_key(name)?;
        Some(match &key[..len] {
            b"chess" | b"standard" | b"normal" => Variant::Chess,
            b"atomic" | b"atom" | b"atomicchess" => Variant::Atomic,
            b"antichess" | b"anti" => Variant::Antichess,
            b"giveaway" | b"giveawaychess" => Variant::Giveaway,
            b"suicide" | b"suicidechess" => Variant::Suicide,
            b"crazyhouse" | b"zh" | b"house" => Variant::Crazyhouse,
            b"kingofthehill" | b"koth" => Variant::KingOfTheHill,
            b"threecheck" | b"3check" | b"threecheckchess" => Variant::ThreeCheck,
            b"horde" | b"hordechess" => Variant::Horde,
            b"racingkings" | b"racing" | b"race" => Variant::RacingKings,
            _ => return None,
        })
    }

    /// The starting position's FEN, as python-chess writes it (pockets `[]` in
    /// crazyhouse, the remaining checks `3+3` in three-check).
    #[must_use]
    pub const fn starting_fen(self) -> &'static str {
        match self {
            Variant::Antichess => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            Variant::Crazyhouse => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            Variant::ThreeCheck => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            Variant::Horde => {
                "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
            }
            Variant::RacingKings => "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
            _ => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        }
    }

    /// Whether captures are compulsory and the king is an ordinary piece: antichess,
    /// giveaway and suicide (python-chess's `captures_compulsory`).
    #[must_use]
    pub const fn is_antichess_family(self) -> bool {
        matches!(
            self,
            Variant::Antichess | Variant::Giveaway | Variant::Suicide
        )
    }

    /// Whether this is standard chess.
    #[must_use]
    pub const fn is_standard(self) -> bool {
        matches!(self, Variant::Chess)
    }
}

/// The Lichess name ([`Variant::lichess_name`]).
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.lichess_name())
    }
}

/// Any name [`Variant::from_name`] reads.
impl FromStr for Variant {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Variant, ParseError> {
        Variant::from_name(s).ok_or_else(|| {
            ParseError::new(
                "variant",
                s,
                "a Lichess or python-chess variant name such as Atomic or kingofthehill",
            )
        })
    }
}

/// The crazyhouse pockets: for each colour, how many pawns, knights, bishops, rooks and
/// queens it holds to drop.
///
/// ```
/// use chessbits_bitboard_core::{Color, Role};
/// use chessbits_position::Pockets;
/// let mut p = Pockets::default();
/// p.add(Color::White, Role::Knight);
/// assert_eq!(p.count(Color::White, Role::Knight), 1);
/// assert!(p.remove(Color::White, Role::Knight));
/// assert!(!p.remove(Color::White, Role::Knight));
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pockets {
    /// By colour, then by role from pawn (0) to queen (4).
    counts: [[u8; 5]; 2],
}

impl Pockets {
    /// Empty pockets.
    #[must_use]
    pub const fn new() -> Pockets {
        Pockets {
            counts: [[0; 5]; 2],
        }
    }

    /// How many pieces of `role` `color` holds (always 0 for kings).
    #[must_use]
    pub const fn count(&self, color: Color, role: Role) -> u8 {
        match role {
            Role::King => 0,
            _ => self.counts[color as usize][role as usize],
        }
    }

    /// Adds a piece of `role` to `color`'s pocket (a king is not kept; counts saturate at
    /// 255).
    pub fn add(&mut self, color: Color, role: Role) {
        if role != Role::King {
            let c = &mut self.counts[color as usize][role as usize];
            *c = c.saturating_add(1);
        }
    }

    /// Takes a piece of `role` from `color`'s pocket; `false` if there is none.
    pub fn remove(&mut self, color: Color, role: Role) -> bool {
        if role == Role::King {
            return false;
        }
        let c = &mut self.counts[color as usize][role as usize];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// How many pieces `color` holds.
    #[must_use]
    pub fn total(&self, color: Color) -> u32 {
        self.counts[color as usize]
            .iter()
            .map(|&c| u32::from(c))
            .sum()
    }

    /// Whether both pockets are empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.counts == [[0; 5]; 2]
    }

    /// Writes the pockets as FEN does between brackets: White's pieces in uppercase, then
    /// Black's, each from queen to pawn (`QNPqp`).
    pub fn write_fen(&self, f: &mut impl fmt::Write) -> fmt::Result {
        for color in Color::ALL {
            for role in [
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
            ] {
                for _ in 0..self.count(color, role) {
                    f.write_char(role.of(color).char())?;
                }
            }
        }
        Ok(())
    }
}

/// The three-check counters: how many more checks each side must give to win.
///
/// FEN writes them two ways, both read by [`crate::Setup`]: python-chess's `3+3` before the
/// clocks (remaining, White's first) and Lichess's `+0+0` after them (checks given).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RemainingChecks {
    /// Checks White still has to give.
    pub white: u8,
    /// Checks Black still has to give.
    pub black: u8,
}

impl Default for RemainingChecks {
    fn default() -> RemainingChecks {
        RemainingChecks::new(3, 3)
    }
}

impl RemainingChecks {
    /// Counters with `white` and `black` checks still to give.
    #[must_use]
    pub const fn new(white: u8, black: u8) -> RemainingChecks {
        RemainingChecks { white, black }
    }

    /// The checks `color` still has to give.
    #[must_use]
    pub const fn get(self, color: Color) -> u8 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Counts a check given by `color` (never below zero).
    pub fn decrement(&mut self, color: Color) {
        let c = match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        };
        *c = c.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};

    #[test]
    fn names() {
        for v in Variant::ALL {
            assert_eq!(v.lichess_name().parse::<Variant>(), Ok(v));
            assert_eq!(v.uci_name().parse::<Variant>(), Ok(v));
            assert_eq!(v.to_string().parse::<Variant>(), Ok(v));
        }
        assert_eq!(Variant::from_name("Giveaway"), Some(Variant::Giveaway));
        assert_eq!(Variant::from_name("Anti chess"), Some(Variant::Antichess));
        assert_eq!(Variant::from_name("Suicide chess"), Some(Variant::Suicide));
        assert_eq!(Variant::from_name("three_check"), Some(Variant::ThreeCheck));
        assert_eq!(Variant::from_name("Chess960"), None);
        assert!("shogi".parse::<Variant>().is_err());
    }

    #[test]
    fn pocket_text() {
        let mut p = Pockets::new();
        p.add(Color::White, Role::Pawn);
        p.add(Color::White, Role::Queen);
        p.add(Color::Black, Role::Knight);
        let mut s = String::new();
        p.write_fen(&mut s).unwrap();
        assert_eq!(s, "QPn");
        assert_eq!(p.total(Color::White), 2);
    }
}
