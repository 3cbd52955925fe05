//! [`Moves`]: the one representation of a line of moves as read, shared by the batch
//! record ([`crate::GameRecord`]'s mainline) and the game tree (every [`crate::Line`] of a
//! [`crate::Game`]): each move's text, as the file spells it, with the line it was read on,
//! packed one after the other in one allocation.

/// A sequence of move texts (SAN, or whatever the file holds) with the input line of each,
/// packed in one allocation: about 5 bytes a move, where a vector of texts and a vector of
/// lines take 20 or more. Read them in order with [`Moves::iter`]; there is no indexing
/// (reaching move `i` walks the `i` before it).
///
/// ```
/// use chessbits_pgn::Moves;
///
/// let mut moves = Moves::new();
/// moves.push(b"e4", 3);
/// moves.push(b"e5", 3);
/// moves.push(b"Nf3", 4);
/// assert_eq!(moves.len(), 3);
/// let texts: Vec<&[u8]> = moves.texts().collect();
/// assert_eq!(texts, [&b"e4"[..], b"e5", b"Nf3"]);
/// assert_eq!(moves.iter().last(), Some((&b"Nf3"[..], 4)));
/// ```
///
/// Equality and hashing look at the texts only: the lines are where the moves were read,
/// not what they are (as a syntax tree's spans are), so a game read back from its own
/// export equals the game written.
#[derive(Clone, Debug, Default)]
pub struct Moves {
    /// Per move: the lines since the previous move (the first move: since `first_line`) in
    /// one byte (255: the difference follows as 8 bytes), the text's length in one byte
    /// (255: the length follows as 4 bytes), then the text.
    packed: Vec<u8>,
    /// How many moves `packed` holds.
    count: usize,
    /// The line of the first move.
    first_line: u64,
    /// The line of the last move (the base of the next one's difference).
    last_line: u64,
}

impl Moves {
    /// No moves.
    #[must_use]
    pub const fn new() -> Moves {
        Moves {
            packed: Vec::new(),
            count: 0,
            first_line: 0,
            last_line: 0,
        }
    }

    /// No moves, with room for about `bytes` of packed moves (5 a move is typical).
    #[must_use]
    pub fn with_capacity(bytes: usize) -> Moves {
        Moves {
            packed: Vec::with_capacity(bytes),
            ..Moves::new()
        }
    }

    /// The number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The bytes held (for batching and memory limits).
    #[must_use]
    pub fn weight(&self) -> usize {
        self.packed.len()
    }

    /// Each move: (text, line), in order.
    #[must_use]
    pub fn iter(&self) -> MovesIter<'_> {
        MovesIter {
            rest: &self.packed,
            line: self.first_line,
        }
    }

    /// Each move's text, in order.
    pub fn texts(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.iter().map(|(text, _)| text)
    }

    /// Removes every move, keeping the allocation.
    pub(crate) fn clear(&mut self) {
        self.packed.clear();
        self.count = 0;
        self.first_line = 0;
        self.last_line = 0;
    }

    /// Reserves room for `bytes` more packed bytes when none is allocated yet.
    #[inline]
    pub(crate) fn reserve_once(&mut self, bytes: usize) {
        if self.packed.capacity() == 0 {
            self.packed.reserve(bytes);
        }
    }

    /// Adds `lines` to every move's line (a game read from a chunk of an input, numbered
    /// from the chunk's start, gets its numbers in the input).
    pub(crate) fn shift(&mut self, lines: u64) {
        if self.count > 0 {
            self.first_line = self.first_line.wrapping_add(lines);
            self.last_line = self.last_line.wrapping_add(lines);
        }
    }

    /// Appends a move read on `line`. Texts longer than `u32::MAX` bytes are cut there.
    #[inline(always)]
    pub fn push(&mut self, text: &[u8], line: u64) {
        let base = if self.count == 0 {
            self.first_line = line;
            line
        } else {
            self.last_line
        };
        self.last_line = line;
        self.count += 1;
        let packed = &mut self.packed;
        let delta = line.wrapping_sub(base);
        if delta < 255 && text.len() <= 6 {
            // Nearly every move: one 8-byte write, cut to length. The text is read with
            // loads of its exact size (a byte loop, or bytes stored one by one and read
            // back as a word, cost several times more).
            let word = match *text {
                [] => 0,
                [a] => u64::from(a),
                [a, b] => u64::from(u16::from_le_bytes([a, b])),
                [a, b, c] => u64::from(u16::from_le_bytes([a, b])) | u64::from(c) << 16,
                [a, b, c, d] => u64::from(u32::from_le_bytes([a, b, c, d])),
                [a, b, c, d, e] => u64::from(u32::from_le_bytes([a, b, c, d])) | u64::from(e) << 32,
                [a, b, c, d, e, f] => {
                    u64::from(u32::from_le_bytes([a, b, c, d]))
                        | u64::from(u16::from_le_bytes([e, f])) << 32
                }
                _ => unreachable!("at most 6 bytes"),
            };
            let end = packed.len() + 2 + text.len();
            packed
                .extend_from_slice(&(delta | (text.len() as u64) << 8 | word << 16).to_le_bytes());
            packed.truncate(end);
            return;
        }
        if delta < 255 {
            packed.push(delta as u8);
        } else {
            // The difference, not the line, so that shifting the lines leaves the packed
            // bytes as they are.
            packed.push(255);
            packed.extend_from_slice(&delta.to_le_bytes());
        }
        let text = &text[..text.len().min(u32::MAX as usize)];
        match u8::try_from(text.len()) {
            Ok(len) if len < 255 => packed.push(len),
            _ => {
                packed.push(255);
                let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
                packed.extend_from_slice(&len.to_le_bytes());
            }
        }
        packed.extend_from_slice(text);
    }
}

impl PartialEq for Moves {
    fn eq(&self, other: &Moves) -> bool {
        self.count == other.count && self.texts().eq(other.texts())
    }
}

impl Eq for Moves {}

impl core::hash::Hash for Moves {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.count.hash(state);
        for text in self.texts() {
            text.hash(state);
        }
    }
}

impl<'a> IntoIterator for &'a Moves {
    type Item = (&'a [u8], u64);
    type IntoIter = MovesIter<'a>;

    fn into_iter(self) -> MovesIter<'a> {
        self.iter()
    }
}

impl<'t> FromIterator<(&'t [u8], u64)> for Moves {
    fn from_iter<I: IntoIterator<Item = (&'t [u8], u64)>>(iter: I) -> Moves {
        let mut moves = Moves::new();
        for (text, line) in iter {
            moves.push(text, line);
        }
        moves
    }
}

/// The moves of a [`Moves`]: (text, line); see [`Moves::iter`].
#[derive(Clone, Debug)]
pub struct MovesIter<'a> {
    rest: &'a [u8],
    line: u64,
}

impl<'a> Iterator for MovesIter<'a> {
    type Item = (&'a [u8], u64);

    #[inline]
    fn next(&mut self) -> Option<(&'a [u8], u64)> {
        let (&delta, rest) = self.rest.split_first()?;
        let rest = if delta < 255 {
            self.line = self.line.wrapping_add(u64::from(delta));
            rest
        } else {
            let (delta, rest) = rest.split_first_chunk::<8>()?;
            self.line = self.line.wrapping_add(u64::from_le_bytes(*delta));
            rest
        };
        let (&len, rest) = rest.split_first()?;
        let (len, rest) = if len < 255 {
            (usize::from(len), rest)
        } else {
            let (len, rest) = rest.split_first_chunk::<4>()?;
            (u32::from_le_bytes(*len) as usize, rest)
        };
        let (text, rest) = rest.split_at_checked(len)?;
        self.rest = rest;
        Some((text, self.line))
    }
}

impl core::iter::FusedIterator for MovesIter<'_> {}

#[cfg(test)]
mod tests {
    use super::Moves;

    #[test]
    fn every_length_and_line_gap_reads_back() {
        let long = vec![b'x'; 300];
        let cases: Vec<(&[u8], u64)> = vec![
            (b"", 7),
            (b"e4", 7),
            (b"Nbd7", 7),
            (b"exd8=Q", 8),
            (b"exd8=Q+", 300),
            (&long, 301),
            (b"O-O", u64::MAX - 1),
            (b"a3", 2),
        ];
        let moves: Moves = cases.iter().copied().collect();
        assert_eq!(moves.len(), cases.len());
        assert_eq!(moves.iter().collect::<Vec<_>>(), cases);
        let mut shifted = moves.clone();
        shifted.shift(10);
        assert_eq!(shifted, moves, "the lines are not compared");
        let other: Moves = [(&b"e4"[..], 1)].into_iter().collect();
        assert_ne!(other, moves);
        let expected: Vec<_> = cases
            .iter()
            .map(|&(t, l)| (t, l.wrapping_add(10)))
            .collect();
        assert_eq!(shifted.iter().collect::<Vec<_>>(), expected);
    }
}
