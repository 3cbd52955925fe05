//! Material signatures: which pieces each side has, as a table's file name writes them
//! (`KQvKR`: white king and queen against black king and rook).

use chessbits_bitboard_core::{Color, Piece, Role};
use chessbits_position::Board;
use std::fmt;

use crate::consts::MAX_PIECES;
use crate::names::{second_side_first, ORDER};

/// The number of pieces of each role for each colour (`counts[color][role]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Material {
    pub(crate) counts: [[u8; 6]; 2],
}

impl Material {
    /// The material on a board.
    pub(crate) fn of_board(board: &Board) -> Material {
        let mut counts = [[0u8; 6]; 2];
        for color in Color::ALL {
            for role in Role::ALL {
                // At most 64 pieces of a kind: fits a byte.
                counts[color.index()][role.index()] = board.by_piece(role.of(color)).count() as u8;
            }
        }
        Material { counts }
    }

    /// The pieces, white's then black's, each side in the order of the table's name.
    pub(crate) fn pieces(&self) -> Vec<Piece> {
        let mut out = Vec::with_capacity(self.count());
        for color in Color::ALL {
            for role in ORDER {
                for _ in 0..self.counts[color.index()][role.index()] {
                    out.push(role.of(color));
                }
            }
        }
        out
    }

    /// The material a table name such as `KRPvKB` describes (the first side is white).
    /// `None` unless each side is a king followed by other pieces in `KQRBNP` letters and
    /// the whole has at most seven pieces.
    pub(crate) fn from_name(name: &str) -> Option<Material> {
        let (white, black) = name.split_once('v')?;
        let mut counts = [[0u8; 6]; 2];
        for (side, text) in [white, black].into_iter().enumerate() {
            if !text.starts_with('K') || text.len() > MAX_PIECES {
                return None;
            }
            for c in text.chars() {
                let role =
                    Role::from_char(c.to_ascii_lowercase()).filter(|_| c.is_ascii_uppercase())?;
                counts[side][role.index()] += 1;
            }
            if counts[side][Role::King.index()] != 1 {
                return None;
            }
        }
        let m = Material { counts };
        (m.count() <= MAX_PIECES).then_some(m)
    }

    /// The same material with the colours exchanged.
    pub(crate) fn flipped(&self) -> Material {
        Material {
            counts: [self.counts[1], self.counts[0]],
        }
    }

    /// The number of pieces, kings included.
    pub(crate) fn count(&self) -> usize {
        self.counts.iter().flatten().map(|&n| usize::from(n)).sum()
    }

    /// Whether both colours have the same pieces.
    pub(crate) fn is_symmetric(&self) -> bool {
        self.counts[0] == self.counts[1]
    }

    /// The pawns of a colour.
    pub(crate) fn pawns(&self, color: usize) -> u8 {
        self.counts[color][Role::Pawn.index()]
    }

    /// Whether there are pawns.
    pub(crate) fn has_pawns(&self) -> bool {
        self.pawns(0) + self.pawns(1) > 0
    }

    /// Whether some colour has exactly one piece of a role other than the king: then the
    /// first group of a pawnless table is three pieces (31,332 placements) instead of the
    /// two kings (462).
    pub(crate) fn has_unique_pieces(&self) -> bool {
        self.counts
            .iter()
            .any(|side| side[..Role::King.index()].contains(&1))
    }

    /// Whether only the two kings are left.
    pub(crate) fn is_kings_only(&self) -> bool {
        self.count() == 2
    }

    /// The name tables of this material are found under: the side with more pieces first,
    /// and of two sides with as many pieces the one with the stronger pieces (the rule of
    /// [`normalize_tablename`](crate::normalize_tablename), python-chess's and the
    /// generator's). The second value says whether that puts black first.
    pub(crate) fn normalized(&self) -> (Material, bool) {
        let letters = |side: usize| -> Vec<usize> {
            ORDER
                .iter()
                .enumerate()
                .flat_map(|(i, role)| {
                    std::iter::repeat_n(i, usize::from(self.counts[side][role.index()]))
                })
                .collect()
        };
        if second_side_first(&letters(0), &letters(1)) {
            (self.flipped(), true)
        } else {
            (*self, false)
        }
    }
}

impl fmt::Display for Material {
    /// The table name: `KQvKR`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in 0..2 {
            if side == 1 {
                f.write_str("v")?;
            }
            for role in ORDER {
                for _ in 0..self.counts[side][role.index()] {
                    write!(f, "{}", role.upper_char())?;
                }
            }
        }
        Ok(())
    }
}

/// The material key of a board as python-chess's `calc_key(board, *, mirror=False)` writes
/// it: white's pieces, `v`, black's, each side's letters in `KQRBNP` order (`"KQvK"`), as
/// they stand, not normalised; with `mirror`, black's pieces first. Any board: kings are
/// counted as the other pieces (`"KKvK"`, `"vK"`), whatever the number of pieces.
///
/// ```
/// use chessbits_position::Position;
/// use chessbits_syzygy::calc_key;
///
/// let pos: Position = "8/8/8/8/8/2k5/8/KQ6 w - - 0 1".parse().unwrap();
/// assert_eq!(calc_key(pos.board(), false), "KQvK");
/// assert_eq!(calc_key(pos.board(), true), "KvKQ");
/// ```
#[must_use]
pub fn calc_key(board: &Board, mirror: bool) -> String {
    let material = Material::of_board(board);
    if mirror {
        material.flipped().to_string()
    } else {
        material.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_normalise() {
        let m = Material::from_name("KRPvKB").expect("valid name");
        assert_eq!(m.to_string(), "KRPvKB");
        assert_eq!(m.flipped().to_string(), "KBvKRP");
        assert_eq!(m.flipped().normalized().0.to_string(), "KRPvKB");
        let k = Material::from_name("KvKQ").expect("valid name");
        assert_eq!(k.normalized().0.to_string(), "KQvK");
        assert_eq!(
            Material::from_name("KPvKN")
                .map(|m| m.normalized().0.to_string())
                .as_deref(),
            Some("KNvKP")
        );
        assert!(Material::from_name("KQQQQvKRR").is_none());
        assert!(Material::from_name("QvK").is_none());
        assert!(Material::from_name("KKvK").is_none());
        assert!(Material::from_name("KxvK").is_none());
        assert!(Material::from_name("KqvK").is_none());
        assert!(m.has_unique_pieces());
        assert!(!Material::from_name("KRRvK").is_some_and(|m| m.has_unique_pieces()));
    }
}
