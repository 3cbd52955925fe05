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

/// `normal`, `en-passant`, `castle`, `promotion-` and the piece letter (`promotion-q`), or
/// `drop-` and the piece letter (`drop-n`).
impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveKind::Normal => f.write_str("normal"),
            MoveKind::EnPassant => f.write_str("en-passant"),
            MoveKind::Castle => f.write_str("castle"),
            MoveKind::Promotion(role) => write!(f, "promotion-{}", role.char()),
            MoveKind::Drop(role) => write!(f, "drop-{}", role.char()),
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
                "normal, en-passant, castle, promotion-<n|b|r|q|k> or drop-<p|n|b|r|q>",
            )
        };
        match s {
            "normal" => Ok(MoveKind::Normal),
            "en-passant" => Ok(MoveKind::EnPassant),
            "castle" => Ok(MoveKind::Castle),
            _ => {
                if let Some(role) = s.strip_prefix("drop-") {
                    let role: Role = role.parse().map_err(|_| err())?;
                    return match role {
                        Role::King => Err(err()),
                        _ => Ok(MoveKind::Drop(role)),
                    };
                }
                let role: Role = s
                    .strip_prefix("promotion-")
                    .ok_or_else(err)?
                    .parse()
                    .map_err(|_| err())?;
                match role {
                    Role::Pawn => Err(err()),
                    _ => Ok(MoveKind::Promotion(role)),
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
            MoveKind::Promotion(Role::King),
            MoveKind::Drop(Role::Pawn),
        ];
        for k in kinds {
            assert_eq!(k.to_string().parse::<MoveKind>(), Ok(k));
        }
        for bad in [
            "",
            "North",
            "drop-k",
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
