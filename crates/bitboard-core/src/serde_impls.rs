//! The `serde` feature: the board vocabulary as the text people read. A square is `"e4"`, a
//! move its UCI (`"e2e4"`, `"e7e8q"`) with the kind after a space where UCI text alone does
//! not tell it (`"e1h1 castle"`, king takes rook; `"e5d6 en-passant"`), a piece its FEN letter, a colour
//! `"white"`, a role `"knight"`, a file `"a"`, a rank `"1"`, a direction `"north-east"`, a
//! move kind `"promotion-q"`; a bitboard is its `u64`. Each deserialises from what it
//! serialises (through `FromStr`), so JSON, TOML or any other format holds readable text.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{Error, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Bitboard, Color, Direction, File, Move, MoveKind, Piece, Rank, Role, Square};

/// Implements `Serialize` through `Display` and `Deserialize` through `FromStr` (a string in
/// the data format) for the listed types. Used by the crates of this workspace; not a stable
/// API.
#[doc(hidden)]
#[macro_export]
macro_rules! serde_as_text {
    ($($ty:ty),+ $(,)?) => {$(
        impl $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::__serde_from_text(d)
            }
        }
    )+};
}

/// `Deserialize` for a type that reads itself from text (used by [`serde_as_text!`]).
#[doc(hidden)]
pub fn from_text<'de, T, D>(d: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: fmt::Display,
    D: Deserializer<'de>,
{
    struct Text<T>(PhantomData<T>);

    impl<T: FromStr> Visitor<'_> for Text<T>
    where
        T::Err: fmt::Display,
    {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string")
        }

        fn visit_str<E: Error>(self, v: &str) -> Result<T, E> {
            v.parse().map_err(E::custom)
        }
    }

    d.deserialize_str(Text(PhantomData))
}

serde_as_text!(Square, Piece, Color, Role, File, Rank, Direction, MoveKind);

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0)
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bitboard, D::Error> {
        u64::deserialize(d).map(Bitboard)
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.kind() {
            MoveKind::Castle | MoveKind::EnPassant => {
                s.collect_str(&format_args!("{} {}", self.uci(true), self.kind()))
            }
            MoveKind::Normal | MoveKind::Promotion(_) | MoveKind::Drop(_) => s.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let MoveText(m) = from_text(d)?;
        Ok(m)
    }
}

/// What `Move` serialises to, read back.
struct MoveText(Move);

impl FromStr for MoveText {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<MoveText, crate::ParseError> {
        let err =
            || crate::ParseError::new("move", s, "UCI, then ` castle` or ` en-passant` for those");
        let (uci, kind) = match s.split_once(' ') {
            Some((uci, kind)) => (uci, Some(kind)),
            None => (s, None),
        };
        let m: Move = uci.parse().map_err(|_| err())?;
        match kind.map(str::parse::<MoveKind>) {
            None => Ok(MoveText(m)),
            Some(Ok(MoveKind::Castle)) if m.kind() == MoveKind::Normal => {
                Ok(MoveText(Move::castle(m.from(), m.to())))
            }
            Some(Ok(MoveKind::EnPassant)) if m.kind() == MoveKind::Normal => {
                Ok(MoveText(Move::en_passant(m.from(), m.to())))
            }
            Some(_) => Err(err()),
        }
    }
}
