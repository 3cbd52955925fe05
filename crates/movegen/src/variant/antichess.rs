//! Antichess (giveaway): no king to keep safe, no castling, pawns promote to kings too, and
//! a capture, when one exists, must be played. The end (a side without pieces or without a
//! move wins) is in `end`.

use super::generate::{pseudo_legal, Seen};
use super::VariantPosition;
use crate::gen::{Filter, Visitor};

/// The legal moves: the captures if there are any, else the quiet moves.
pub(crate) fn generate<V: Visitor>(pos: &VariantPosition, v: &mut V) {
    let captures = Filter {
        quiets: false,
        ..Filter::ALL
    };
    let mut seen = Seen {
        inner: &mut *v,
        any: false,
    };
    pseudo_legal(pos, captures, true, &mut seen);
    if !seen.any {
        let quiets = Filter {
            captures: false,
            ..Filter::ALL
        };
        pseudo_legal(pos, quiets, true, v);
    }
}
