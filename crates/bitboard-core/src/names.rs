//! Text names of the small enums of the workspace: `Display` writes the name and `FromStr`
//! reads it back, for every enum through one macro, so the names and the error cannot drift
//! apart between crates.

use core::fmt;
use core::str::FromStr;

use crate::{Direction, MoveKind, ParseError, Role};

/// Implements `Display` and `FromStr` (with [`ParseError`]) for a fieldless enum from a
/// table of names. Used by the crates of this workspace; not a stable API.
#[doc(hidden)]
#[macro_export]
macro_rules! text_names {
    ($ty:ty, $what:literal, { $($variant:path => $name:literal),+ $(,)? }) => {
        impl ::core::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(match self { $($variant => $name,)+ })
            }
        }

        impl ::core::str::FromStr for $ty {
            type Err = $crate::ParseError;

            fn from_str(s: &str) -> ::core::result::Result<Self, Self::Err> {
                match s {
                    $($name => Ok($variant),)+
                    _ => Err($crate::ParseError::new(
                        $what,
                        s,
                        concat!("one of" $(, " ", $name)+),
                    )),
                }
            }
        }
    };
}

text_names!(Direction, "direction", {
    Direction::North => "north",
    Direction::NorthEast => "north-east",
    Direction::East => "east",
    Direction::SouthEast => "south-east",
    Direction::South => "south",
    Direction::SouthWest => "south-west",
    Direction::West => "west",
    Direction::NorthWest => "north-west",
});

/// `normal`, `en-passant`, `castle`, or `promotion-` and the piece letter (`promotion-q`).
impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveKind::Normal => f.write_str("normal"),
            MoveKind::EnPassant => f.write_str("en-passant"),
            MoveKind::Castle => f.write_str("castle"),
            MoveKind::Promotion(role) => write!(f, "promotion-{}", role.char()),
        }
    }
}

impl FromStr for MoveKind {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<MoveKind, ParseError> {
        let err = || {
            ParseError::new(
                "move kind",
                s,
                "normal, en-passant, castle or promotion-<n|b|r|q>",
            )
        };
        match s {
            "normal" => Ok(MoveKind::Normal),
            "en-passant" => Ok(MoveKind::EnPassant),
            "castle" => Ok(MoveKind::Castle),
            _ => {
                let role: Role = s
                    .strip_prefix("promotion-")
                    .ok_or_else(err)?
                    .parse()
                    .map_err(|_| err())?;
                match role {
                    Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
                        Ok(MoveKind::Promotion(role))
                    }
                    _ => Err(err()),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn names_round_trip() {
        for d in Direction::ALL {
            assert_eq!(d.to_string().parse::<Direction>(), Ok(d));
        }
        let kinds = [
            MoveKind::Normal,
            MoveKind::EnPassant,
            MoveKind::Castle,
            MoveKind::Promotion(Role::Knight),
            MoveKind::Promotion(Role::Queen),
        ];
        for k in kinds {
            assert_eq!(k.to_string().parse::<MoveKind>(), Ok(k));
        }
        for bad in [
            "",
            "North",
            "promotion-k",
            "promotion-",
            "promotion-p",
            "castles",
        ] {
            assert!(bad.parse::<MoveKind>().is_err(), "{bad}");
            assert!(bad.parse::<Direction>().is_err(), "{bad}");
        }
        let e = "up".parse::<Direction>().unwrap_err();
        assert_eq!(e.to_string(), "invalid direction \"up\": expected one of north north-east east south-east south south-west west north-west");
    }
}
