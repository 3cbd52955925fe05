//! [`MoveList`]: a fixed-capacity list of moves on the stack, and the counting visitor.

use core::fmt;
use core::ops::Deref;

use chessbits_bitboard_core::{Bitboard, Move, Role, Square};

use crate::gen::Visitor;

/// Room for every legal move of any position (the most known is 218) with margin.
const CAPACITY: usize = 256;

/// A list of up to 256 moves, held inline (no heap allocation). Dereferences to `[Move]`.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; CAPACITY],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    #[must_use]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; CAPACITY],
            len: 0,
        }
    }

    /// Appends a move. A full list ignores further moves (never the case for legal moves of
    /// a valid position, whose number is at most 218); debug builds assert.
    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < CAPACITY, "MoveList overflow");
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Whether `m` is in the list.
    #[inline]
    #[must_use]
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Removes every move for which `keep` returns false.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The moves by value: `for m in legal_moves(&pos)` works.
///
/// ```
/// use chessbits_position::Position;
/// let mut n = 0;
/// for m in chessbits_movegen::legal_moves(&Position::new()) {
///     assert!(chessbits_movegen::is_legal(&Position::new(), m));
///     n += 1;
/// }
/// assert_eq!(n, 20);
/// ```
impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;

    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter {
            list: self,
            next: 0,
        }
    }
}

/// The iterator of [`MoveList`] by value.
#[derive(Clone, Debug)]
pub struct MoveListIntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let m = self.list.as_slice().get(self.next).copied()?;
        self.next += 1;
        Some(m)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for MoveListIntoIter {}
impl core::iter::FusedIterator for MoveListIntoIter {}

/// Two lists are equal when they hold the same moves in the same order.
impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}

/// Appends the moves; a full list (256) ignores the rest, as [`MoveList::push`] does.
impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        for m in moves {
            self.push(m);
        }
    }
}

/// Collects up to 256 moves; the rest are ignored, as [`MoveList::push`] does.
impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(moves: I) -> MoveList {
        let mut list = MoveList::new();
        list.extend(moves);
        list
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Visitor for MoveList {
    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without listing them: a popcount per batch.
pub(crate) struct Counter(pub(crate) u64);

impl Visitor for Counter {
    #[inline(always)]
    fn piece(&mut self, _role: Role, _from: Square, to: Bitboard) {
        self.0 = self.0.wrapping_add(u64::from(to.count()));
    }

    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, _offset: i32) {
        // Each promotion counts four times; no branch on whether there are any.
        let promotions = to & Bitboard::BACKRANKS;
        self.0 = self
            .0
            .wrapping_add(u64::from(to.count() + 3 * promotions.count()));
    }

    #[inline(always)]
    fn pawn_moves(&mut self, to: Bitboard, _offset: i32) {
        debug_assert!((to & Bitboard::BACKRANKS).is_empty());
        self.0 = self.0.wrapping_add(u64::from(to.count()));
    }

    #[inline(always)]
    fn special(&mut self, _m: Move) {
        self.0 = self.0.wrapping_add(1);
    }

    #[inline(always)]
    fn drops(&mut self, _role: Role, to: Bitboard) {
        self.0 = self.0.wrapping_add(u64::from(to.count()));
    }
}
