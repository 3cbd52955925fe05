//! Polyglot opening books: read (binary search by key), decode, choose; write.
//!
//! A Polyglot book is a sequence of 16-byte entries sorted by key, every field big-endian:
//! the position's Zobrist key (Polyglot's keys, which [`Position::zobrist_hash`] computes), a move,
//! a weight and a 32-bit "learn" field. The move packs the destination in bits 0-5 and the
//! origin in bits 6-11 (square index a1 = 0), and in bits 12-14 a promotion piece (1 knight,
//! 2 bishop, 3 rook, 4 queen). Castling is written king-takes-rook (`e1h1`), which is also
//! how [`Move`] stores it, in standard chess as in Chess960.

use alloc::vec::Vec;

use chessbits_bitboard_core::{Move, Role, Square};
use chessbits_position::Position;

/// A book could not be opened.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BookError {
    /// The length is not a whole number of 16-byte entries.
    #[error("a Polyglot book is a whole number of 16-byte entries; this one has {len} bytes")]
    Length {
        /// Its length in bytes.
        len: usize,
    },
    /// The keys are not in ascending order, so binary search would miss entries.
    #[error("entry {index} has a smaller key than entry {}: the book is not sorted", index - 1)]
    Unsorted {
        /// The first entry out of order (from 0).
        index: usize,
    },
}

/// One book entry as stored.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BookEntry {
    /// The position's Polyglot key.
    pub key: u64,
    /// The move, Polyglot-encoded (see the module docs).
    pub raw_move: u16,
    /// The move's weight (how often to play it, relative to the position's other moves).
    pub weight: u16,
    /// The learn field (unused by most books; kept as read).
    pub learn: u32,
}

impl BookEntry {
    /// Reads an entry from its 16 bytes.
    #[must_use]
    pub fn from_bytes(b: &[u8; 16]) -> BookEntry {
        BookEntry {
            key: u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
            raw_move: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes([b[12], b[13], b[14], b[15]]),
        }
    }

    /// The entry's 16 bytes.
    #[must_use]
    pub fn to_bytes(&self) -> [u8; 16] {
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&self.key.to_be_bytes());
        b[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        b[10..12].copy_from_slice(&self.weight.to_be_bytes());
        b[12..].copy_from_slice(&self.learn.to_be_bytes());
        b
    }
}

/// A book move for a position: the legal move, and its entry's weight and learn field.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BookMove {
    /// The move (castling king-takes-rook, as every [`Move`]).
    pub mv: Move,
    /// Its weight.
    pub weight: u16,
    /// Its learn field.
    pub learn: u32,
}

/// A Polyglot book in memory (read the file with `std::fs::read`, or map it): the entries
/// are found by binary search on the key, and nothing is copied.
///
/// ```
/// use chessbits_movegen::book::{encode_move, write_book, Book, BookEntry};
/// use chessbits_position::Position;
///
/// let pos = Position::new();
/// let e4 = "e2e4".parse().unwrap();
/// let d4 = "d2d4".parse().unwrap();
/// let mut entries = vec![
///     BookEntry { key: pos.zobrist_hash(), raw_move: encode_move(e4), weight: 3, learn: 0 },
///     BookEntry { key: pos.zobrist_hash(), raw_move: encode_move(d4), weight: 1, learn: 0 },
/// ];
/// let bytes = write_book(&mut entries);
/// let book = Book::new(&bytes)?;
/// let moves = book.moves(&pos);
/// assert_eq!(moves.len(), 2);
/// assert_eq!((moves[0].mv, moves[0].weight), (e4, 3));
/// let chosen = book.choose(&pos, 42).unwrap();
/// assert!(chosen == e4 || chosen == d4);
/// # Ok::<(), chessbits_movegen::book::BookError>(())
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Book<'a> {
    data: &'a [u8],
}

impl<'a> Book<'a> {
    /// A book over `data`, checked to be whole entries with keys in ascending order.
    pub fn new(data: &'a [u8]) -> Result<Book<'a>, BookError> {
        if data.len() % 16 != 0 {
            return Err(BookError::Length { len: data.len() });
        }
        let book = Book { data };
        let mut previous = 0u64;
        for index in 0..book.len() {
            let key = book.key_at(index);
            if key < previous {
                return Err(BookError::Unsorted { index });
            }
            previous = key;
        }
        Ok(book)
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.data.len() / 16
    }

    /// Whether the book has no entries.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Entry `index` (from 0), if there is one.
    #[must_use]
    pub fn entry(&self, index: usize) -> Option<BookEntry> {
        let start = index.checked_mul(16)?;
        let bytes: &[u8; 16] = self
            .data
            .get(start..start.checked_add(16)?)?
            .try_into()
            .ok()?;
        Some(BookEntry::from_bytes(bytes))
    }

    fn key_at(&self, index: usize) -> u64 {
        self.entry(index).map_or(u64::MAX, |e| e.key)
    }

    /// The entries whose key is `key`, in book order (they are contiguous: binary search
    /// finds the first, the rest follow).
    pub fn entries_for_key(&self, key: u64) -> impl Iterator<Item = BookEntry> + 'a {
        let book = *self;
        // First index whose key is not less than `key`.
        let (mut lo, mut hi) = (0usize, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if book.key_at(mid) < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        (lo..book.len())
            .map_while(move |i| book.entry(i))
            .take_while(move |e| e.key == key)
    }

    /// The book's moves for `pos` with their weights, in book order: entries whose move is
    /// not legal here (a key collision, a corrupt entry) are left out, weight-0 entries kept.
    #[must_use]
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        book_moves(pos, self.entries_for_key(pos.zobrist_hash()))
    }

    /// One of `pos`'s book moves, chosen with probability proportional to its weight by a
    /// generator seeded with `seed` (the same seed and book give the same move). `None` if
    /// the position has no book move of positive weight.
    #[must_use]
    pub fn choose(&self, pos: &Position, seed: u64) -> Option<Move> {
        choose_weighted(&self.moves(pos), seed)
    }
}

/// The legal moves that `entries` (all of `pos`'s key) name, with their weights.
fn book_moves(pos: &Position, entries: impl Iterator<Item = BookEntry>) -> Vec<BookMove> {
    entries
        .filter_map(|e| {
            decode_move(pos, e.raw_move).map(|mv| BookMove {
                mv,
                weight: e.weight,
                learn: e.learn,
            })
        })
        .collect()
}

/// A move of `moves` picked with probability proportional to its weight, seeded.
fn choose_weighted(moves: &[BookMove], seed: u64) -> Option<Move> {
    let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
    if total == 0 {
        return None;
    }
    let mut pick = splitmix64(seed) % total;
    for m in moves {
        let w = u64::from(m.weight);
        if pick < w {
            return Some(m.mv);
        }
        pick -= w;
    }
    None
}

/// A Polyglot book streamed from a file (or any `Read + Seek`) without loading it: a lookup
/// is a binary search of about `log2(entries)` 16-byte reads, so a book of any size costs no
/// memory. Unlike [`Book::new`] it does not read the whole book to check that the keys are
/// sorted (an unsorted book makes lookups miss entries, never fail). Needs the `std`
/// feature (on by default).
///
/// ```
/// use chessbits_movegen::book::{encode_move, write_book, BookEntry, BookFile};
/// use chessbits_position::Position;
///
/// let pos = Position::new();
/// let mut entries = vec![BookEntry {
///     key: pos.zobrist_hash(),
///     raw_move: encode_move("e2e4".parse().unwrap()),
///     weight: 1,
///     learn: 0,
/// }];
/// let bytes = write_book(&mut entries);
/// let mut book = BookFile::new(std::io::Cursor::new(bytes))?;
/// assert_eq!(book.moves(&pos)?.len(), 1);
/// # Ok::<(), std::io::Error>(())
/// ```
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
#[derive(Debug)]
pub struct BookFile<R> {
    reader: R,
    entries: u64,
}

#[cfg(feature = "std")]
impl<R: std::io::Read + std::io::Seek> BookFile<R> {
    /// A book over `reader` (its whole length, which must be whole 16-byte entries: else an
    /// `InvalidData` error carrying [`BookError::Length`]).
    pub fn new(mut reader: R) -> std::io::Result<BookFile<R>> {
        let len = reader.seek(std::io::SeekFrom::End(0))?;
        if len % 16 != 0 {
            let len = usize::try_from(len).unwrap_or(usize::MAX);
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                BookError::Length { len },
            ));
        }
        Ok(BookFile {
            reader,
            entries: len / 16,
        })
    }

    /// The number of entries.
    pub fn len(&self) -> u64 {
        self.entries
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// Entry `index` (from 0; below [`BookFile::len`]).
    pub fn entry(&mut self, index: u64) -> std::io::Result<BookEntry> {
        let mut bytes = [0u8; 16];
        self.reader
            .seek(std::io::SeekFrom::Start(index.saturating_mul(16)))?;
        self.reader.read_exact(&mut bytes)?;
        Ok(BookEntry::from_bytes(&bytes))
    }

    /// The entries whose key is `key`, in book order.
    pub fn entries_for_key(&mut self, key: u64) -> std::io::Result<Vec<BookEntry>> {
        let (mut lo, mut hi) = (0u64, self.entries);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.entry(mid)?.key < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let mut found = Vec::new();
        for index in lo..self.entries {
            let e = self.entry(index)?;
            if e.key != key {
                break;
            }
            found.push(e);
        }
        Ok(found)
    }

    /// [`Book::moves`], read from the stream.
    pub fn moves(&mut self, pos: &Position) -> std::io::Result<Vec<BookMove>> {
        Ok(book_moves(
            pos,
            self.entries_for_key(pos.zobrist_hash())?.into_iter(),
        ))
    }

    /// [`Book::choose`], read from the stream.
    pub fn choose(&mut self, pos: &Position, seed: u64) -> std::io::Result<Option<Move>> {
        Ok(choose_weighted(&self.moves(pos)?, seed))
    }
}

/// SplitMix64: one step of a small, well-mixed generator.
fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The legal move of `pos` that the Polyglot move `raw` names, if any. Castling may be
/// king-takes-rook (Polyglot's form) or the king's two-square step.
#[must_use]
pub fn decode_move(pos: &Position, raw: u16) -> Option<Move> {
    let to = Square::new_masked(u32::from(raw) & 63);
    let from = Square::new_masked((u32::from(raw) >> 6) & 63);
    if from == to {
        return None;
    }
    let m = match (raw >> 12) & 7 {
        0 => Move::normal(from, to),
        1 => Move::promote(from, to, Role::Knight),
        2 => Move::promote(from, to, Role::Bishop),
        3 => Move::promote(from, to, Role::Rook),
        4 => Move::promote(from, to, Role::Queen),
        _ => return None,
    };
    let m = pos.move_from_uci(m);
    crate::is_legal(pos, m).then_some(m)
}

/// The Polyglot encoding of `m` (castling king-takes-rook, as `m` stores it).
#[must_use]
pub fn encode_move(m: Move) -> u16 {
    let promotion = match m.promotion() {
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(Role::Queen) => 4,
        _ => 0,
    };
    (m.to() as u16) | (m.from() as u16) << 6 | promotion << 12
}

/// Sorts `entries` as a book must be (by key; within a key by weight, heaviest first, as
/// `polyglot make-book` writes them; equal weights by the encoded move, where polyglot's
/// order is that of its hash table) and returns the book's bytes.
pub fn write_book(entries: &mut [BookEntry]) -> Vec<u8> {
    entries.sort_by(|a, b| {
        a.key
            .cmp(&b.key)
            .then(b.weight.cmp(&a.weight))
            .then(a.raw_move.cmp(&b.raw_move))
    });
    let mut out = Vec::with_capacity(entries.len() * 16);
    for e in entries.iter() {
        out.extend_from_slice(&e.to_bytes());
    }
    out
}
