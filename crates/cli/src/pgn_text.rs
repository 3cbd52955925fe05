//! Column chunks of text leaves encoded here rather than by parquet-rs's generic column
//! writer (which costs ~40 ns a value: interning, comparisons, statistics), with
//! [`crate::pgn_lists`]'s chunk assembly ([`OwnChunk::assemble`]: pages through parquet's
//! page writer, offset index, metadata):
//!
//! - [`SameWriter`]: the `file` column of both tables, one text for all of a batch's rows:
//!   a dictionary of the few texts of a row group and RLE runs of their indices, with the
//!   chunk statistics parquet-rs writes (min, max, null count 0);
//! - [`PlainTextWriter`]: the moves table's FENs (nearly all distinct, no dictionary and no
//!   statistics today): PLAIN values (4-byte little-endian length, bytes) in pages of
//!   ~1 MB.
//!
//! - [`DictTextWriter`]: the games table's tag text columns and tag values: a dictionary of
//!   byte strings (hash, open addressing), PLAIN pages once the dictionary page would pass
//!   parquet-rs's limit (1 MB, as parquet-rs falls back), levels RLE-encoded, pages ending
//!   at a row's start, byte-wise min and max where the column has statistics.
//!
//! The `file` and FEN leaves are required and outside lists: their pages have no levels.

use std::collections::HashMap;
use std::io;
use std::sync::Arc;

use bytes::Bytes;
use parquet::basic::ConvertedType;
use parquet::basic::{Encoding, LogicalType};
use parquet::column::page::{CompressedPage, Page};
use parquet::data_type::ByteArray;
use parquet::file::statistics::{Statistics, ValueStatistics};
use parquet::schema::types::ColumnDescPtr;

use crate::pgn_lists::ChunkParts;
use crate::pgn_lists::{
    bit_pack, index_width, levels, prefetch, varint, DataPage, OwnChunk, PAGE_LEVELS,
};

/// Rows after which a page of [`SameWriter`] ends (parquet-rs ends one after 20,000
/// rows; a page here is a few bytes whatever its rows).
pub(crate) const SAME_PAGE_ROWS: usize = 1 << 17;

/// Uncompressed bytes after which a PLAIN page ends (parquet-rs's default page size).
pub(crate) const PLAIN_PAGE_BYTES: usize = 1 << 20;

/// The statistics parquet-rs writes for a UTF-8 (or binary) column chunk of these min and
/// max and null count: min and max truncated to 64 bytes (on a character boundary for
/// UTF-8 text, the max incremented so that it stays an upper bound).
pub(crate) fn text_statistics(
    descr: &ColumnDescPtr,
    min: &[u8],
    max: &[u8],
    nulls: u64,
) -> Statistics {
    const LIMIT: usize = 64;
    let utf8 = descr.logical_type_ref() == Some(&LogicalType::String)
        || descr.converted_type() == ConvertedType::UTF8;
    let (min, min_exact) = if min.len() > LIMIT {
        let cut = match std::str::from_utf8(min) {
            Ok(s) if utf8 => (1..=LIMIT).rfind(|&x| s.is_char_boundary(x)),
            _ => Some(LIMIT),
        };
        match cut {
            Some(n) => (min[..n].to_vec(), false),
            None => (min.to_vec(), true),
        }
    } else {
        (min.to_vec(), true)
    };
    let (max, max_exact) = if max.len() > LIMIT {
        let up = match std::str::from_utf8(max) {
            Ok(s) if utf8 => {
                let split = (LIMIT.saturating_sub(3)..=LIMIT).rfind(|&x| s.is_char_boundary(x));
                split.and_then(|n| increment_utf8(&s[..n]))
            }
            _ => increment(max[..LIMIT].to_vec()),
        };
        match up {
            Some(v) => (v, false),
            None => (max.to_vec(), true),
        }
    } else {
        (max.to_vec(), true)
    };
    let backwards_compatible = descr.sort_order().is_signed();
    Statistics::ByteArray(
        ValueStatistics::new(
            Some(ByteArray::from(min)),
            Some(ByteArray::from(max)),
            None,
            Some(nulls),
            backwards_compatible,
        )
        .with_max_is_exact(max_exact)
        .with_min_is_exact(min_exact),
    )
}

/// The last character that can be incremented without changing its length, incremented,
/// and what comes before it (parquet-rs's `increment_utf8`).
fn increment_utf8(data: &str) -> Option<Vec<u8>> {
    for (at, c) in data.char_indices().rev() {
        let n = c.len_utf8();
        if let Some(next) = char::from_u32(c as u32 + 1) {
            if next.len_utf8() == n {
                let mut out = data.as_bytes()[..at + n].to_vec();
                next.encode_utf8(&mut out[at..]);
                return Some(out);
            }
        }
    }
    None
}

/// The bytes incremented as a big-endian number, `None` if all are 0xff.
fn increment(mut data: Vec<u8>) -> Option<Vec<u8>> {
    for b in data.iter_mut().rev() {
        let (v, overflow) = b.overflowing_add(1);
        *b = v;
        if !overflow {
            return Some(data);
        }
    }
    None
}

/// Compresses a v1 data page without levels of `rows` values.
fn data_page(
    snappy: &mut snap::raw::Encoder,
    buf: &[u8],
    rows: usize,
    encoding: Encoding,
    bytes: Option<i64>,
) -> io::Result<DataPage> {
    let num_values = u32::try_from(rows)
        .ok()
        .filter(|&n| i32::try_from(n).is_ok())
        .ok_or_else(|| io::Error::other("a data page of more than 2^31 values"))?;
    let compressed = snappy.compress_vec(buf).map_err(io::Error::other)?;
    let page = Page::DataPage {
        buf: Bytes::from(compressed),
        num_values,
        encoding,
        def_level_encoding: Encoding::RLE,
        rep_level_encoding: Encoding::RLE,
        statistics: None,
    };
    Ok(DataPage {
        page: CompressedPage::new(page, buf.len()),
        rows,
        bytes,
    })
}

/// The column writer of a column with one text per batch (`file`) in one row group.
pub(crate) struct SameWriter {
    descr: ColumnDescPtr,
    statistics: bool,
    /// The texts, by index.
    texts: Vec<Bytes>,
    index: HashMap<Bytes, u32>,
    /// The open page's runs: (index, rows).
    runs: Vec<(u32, u64)>,
    rows: usize,
    page_rows: usize,
    /// The open page's values' bytes.
    bytes: i64,
    /// The chunk's.
    chunk_bytes: i64,
    pages: Vec<DataPage>,
    snappy: snap::raw::Encoder,
}

impl SameWriter {
    /// A writer with chunk statistics or not.
    pub(crate) fn new(descr: ColumnDescPtr, statistics: bool) -> SameWriter {
        SameWriter::with_page_rows(descr, statistics, SAME_PAGE_ROWS)
    }

    pub(crate) fn with_page_rows(
        descr: ColumnDescPtr,
        statistics: bool,
        page_rows: usize,
    ) -> SameWriter {
        SameWriter {
            descr,
            statistics,
            texts: Vec::new(),
            index: HashMap::new(),
            runs: Vec::new(),
            rows: 0,
            page_rows: page_rows.max(1),
            bytes: 0,
            chunk_bytes: 0,
            pages: Vec::new(),
            snappy: snap::raw::Encoder::new(),
        }
    }

    /// Writes `rows` rows of `text`.
    pub(crate) fn write(&mut self, text: &Bytes, rows: usize) -> io::Result<()> {
        let index = match self.index.get(text) {
            Some(&i) => i,
            None => {
                let i = u32::try_from(self.texts.len())
                    .map_err(|_| io::Error::other("more than 2^32 file names"))?;
                self.texts.push(text.clone());
                self.index.insert(text.clone(), i);
                i
            }
        };
        let len = i64::try_from(text.len()).unwrap_or(i64::MAX);
        let mut left = rows;
        while left > 0 {
            let n = left.min(self.page_rows - self.rows);
            match self.runs.last_mut() {
                Some((i, count)) if *i == index => *count += n as u64,
                _ => self.runs.push((index, n as u64)),
            }
            self.rows += n;
            let bytes = len.saturating_mul(n as i64);
            self.bytes = self.bytes.saturating_add(bytes);
            self.chunk_bytes = self.chunk_bytes.saturating_add(bytes);
            left -= n;
            if self.rows >= self.page_rows {
                self.end_page()?;
            }
        }
        Ok(())
    }

    fn end_page(&mut self) -> io::Result<()> {
        if self.rows == 0 {
            return Ok(());
        }
        let len = u32::try_from(self.texts.len()).unwrap_or(u32::MAX);
        let width = index_width(len);
        let value_bytes = width.div_ceil(8) as usize;
        let mut buf = Vec::with_capacity(1 + self.runs.len() * 8);
        buf.push(width as u8);
        for &(index, count) in &self.runs {
            varint(&mut buf, count << 1);
            buf.extend_from_slice(&index.to_le_bytes()[..value_bytes]);
        }
        let bytes = self.statistics.then_some(self.bytes);
        let page = data_page(
            &mut self.snappy,
            &buf,
            self.rows,
            Encoding::RLE_DICTIONARY,
            bytes,
        )?;
        self.pages.push(page);
        self.runs.clear();
        self.rows = 0;
        self.bytes = 0;
        Ok(())
    }

    pub(crate) fn close(mut self) -> io::Result<OwnChunk> {
        self.end_page()?;
        let mut plain = Vec::new();
        for t in &self.texts {
            let n =
                u32::try_from(t.len()).map_err(|_| io::Error::other("a text of more than 4 GB"))?;
            plain.extend_from_slice(&n.to_le_bytes());
            plain.extend_from_slice(t);
        }
        let statistics = match (
            self.statistics,
            self.texts.iter().min(),
            self.texts.iter().max(),
        ) {
            (true, Some(min), Some(max)) => {
                Some((text_statistics(&self.descr, min, max, 0), self.chunk_bytes))
            }
            _ => None,
        };
        let len = u32::try_from(self.texts.len()).unwrap_or(u32::MAX);
        OwnChunk::assemble(ChunkParts {
            descr: self.descr,
            dictionary: Some((plain, len)),
            pages: self.pages,
            statistics,
            snappy: &mut self.snappy,
        })
    }
}

/// A batch's texts: their bytes one after the other, and where each ends (after a
/// leading 0).
pub(crate) struct TextLeaf {
    pub(crate) bytes: Vec<u8>,
    pub(crate) ends: Vec<u32>,
}

/// The column writer of a required text column written PLAIN (the FENs) in one row group.
pub(crate) struct PlainTextWriter {
    descr: ColumnDescPtr,
    /// The open page, PLAIN, and its rows.
    buf: Vec<u8>,
    rows: usize,
    page_bytes: usize,
    pages: Vec<DataPage>,
    snappy: snap::raw::Encoder,
}

impl PlainTextWriter {
    pub(crate) fn new(descr: ColumnDescPtr) -> PlainTextWriter {
        PlainTextWriter::with_page_bytes(descr, PLAIN_PAGE_BYTES)
    }

    pub(crate) fn with_page_bytes(descr: ColumnDescPtr, page_bytes: usize) -> PlainTextWriter {
        PlainTextWriter {
            descr,
            buf: Vec::new(),
            rows: 0,
            page_bytes: page_bytes.max(1),
            pages: Vec::new(),
            snappy: snap::raw::Encoder::new(),
        }
    }

    pub(crate) fn write(&mut self, leaf: &TextLeaf) -> io::Result<()> {
        if leaf.ends.first() != Some(&0) {
            return Err(io::Error::other("text ends without their start"));
        }
        for e in leaf.ends.windows(2) {
            let text = leaf
                .bytes
                .get(e[0] as usize..e[1] as usize)
                .ok_or_else(|| io::Error::other("a text end past the texts"))?;
            if self.buf.capacity() == 0 {
                self.buf.reserve(self.page_bytes + 256);
            }
            // `ends` fit in a `u32`: so does a text's length.
            self.buf
                .extend_from_slice(&(text.len() as u32).to_le_bytes());
            self.buf.extend_from_slice(text);
            self.rows += 1;
            if self.buf.len() >= self.page_bytes {
                self.end_page()?;
            }
        }
        Ok(())
    }

    fn end_page(&mut self) -> io::Result<()> {
        if self.rows == 0 {
            return Ok(());
        }
        let page = data_page(
            &mut self.snappy,
            &self.buf,
            self.rows,
            Encoding::PLAIN,
            None,
        )?;
        self.pages.push(page);
        self.buf.clear();
        self.rows = 0;
        Ok(())
    }

    pub(crate) fn close(mut self) -> io::Result<OwnChunk> {
        self.end_page()?;
        OwnChunk::assemble(ChunkParts {
            descr: self.descr,
            dictionary: None,
            pages: self.pages,
            statistics: None,
            snappy: &mut self.snappy,
        })
    }
}

/// The dictionary page size after which [`DictTextWriter`] writes PLAIN pages, as
/// parquet-rs does (its default dictionary page size limit).
pub(crate) const DICTIONARY_LIMIT: usize = 1 << 20;

/// A hash of a text (8 bytes at a time, multiply and rotate).
#[inline]
fn text_hash(text: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = (text.len() as u64).wrapping_mul(K);
    let mut chunks = text.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h.rotate_left(23) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut w = [0u8; 8];
        w[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(23) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    h ^ (h >> 29)
}

/// A slot of [`TextDictionary`]: enough to reject a different text without reading
/// the dictionary's bytes, and to find its bytes without another load.
#[derive(Clone, Copy, Default)]
struct Slot {
    /// The hash's low 32 bits (the slot is chosen by its high bits).
    check: u32,
    /// The text's length.
    len: u32,
    /// The index + 1, 0 for an empty slot.
    index: u32,
    /// Where the text's bytes start in `plain`.
    at: u32,
}

/// A dictionary of texts: hash to index (open addressing), and the PLAIN dictionary page.
struct TextDictionary {
    /// A power of two long, at most half full.
    slots: Vec<Slot>,
    bits: u32,
    /// Where each value's bytes are in `plain`.
    values: Vec<(u32, u32)>,
    /// The values, PLAIN: 4-byte length, bytes.
    plain: Vec<u8>,
}

impl TextDictionary {
    fn new() -> TextDictionary {
        let bits = 10;
        TextDictionary {
            slots: vec![Slot::default(); 1 << bits],
            bits,
            values: Vec::new(),
            plain: Vec::new(),
        }
    }

    fn value(&self, i: usize) -> &[u8] {
        let (at, n) = self.values[i];
        &self.plain[at as usize..(at + n) as usize]
    }

    /// Whether the value of index `i` is `text`.
    #[inline]
    fn is(&self, i: u32, text: &[u8]) -> bool {
        match self.values.get(i as usize) {
            Some(&(at, n)) => {
                n as usize == text.len()
                    && self.plain.get(at as usize..(at + n) as usize) == Some(text)
            }
            None => false,
        }
    }

    /// Asks for the slot a text of hash `h` starts at to be brought into the cache.
    #[inline(always)]
    fn prefetch(&self, h: u64) {
        if let Some(slot) = self.slots.get(self.home(h)) {
            prefetch(slot);
        }
    }

    #[inline]
    fn home(&self, h: u64) -> usize {
        (h >> (64 - self.bits)) as usize
    }

    /// The index of `text`, added if new.
    #[inline]
    fn index(&mut self, text: &[u8]) -> io::Result<u32> {
        self.index_hashed(text, text_hash(text))
    }

    /// The index of `text` of hash `h`, added if new.
    #[inline]
    fn index_hashed(&mut self, text: &[u8], h: u64) -> io::Result<u32> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(h);
        let check = h as u32;
        loop {
            let s = self.slots[i];
            if s.index == 0 {
                break;
            }
            if s.check == check
                && s.len as usize == text.len()
                && self.plain.get(s.at as usize..s.at as usize + text.len()) == Some(text)
            {
                return Ok(s.index - 1);
            }
            i = (i + 1) & mask;
        }
        let index = u32::try_from(self.values.len())
            .ok()
            .filter(|&n| n < u32::MAX)
            .ok_or_else(|| io::Error::other("more than 2^32 distinct texts"))?;
        let n = u32::try_from(text.len()).map_err(|_| io::Error::other("a text of 4 GB"))?;
        self.plain.extend_from_slice(&n.to_le_bytes());
        let at = u32::try_from(self.plain.len())
            .ok()
            .filter(|at| at.checked_add(n).is_some())
            .ok_or_else(|| io::Error::other("a dictionary of more than 4 GB"))?;
        self.plain.extend_from_slice(text);
        self.values.push((at, n));
        self.slots[i] = Slot {
            check,
            len: n,
            index: index + 1,
            at,
        };
        if self.values.len() * 2 > self.slots.len() {
            self.grow();
        }
        Ok(index)
    }

    /// Twice the slots, each value placed again by its hash (computed again: the slots
    /// keep a part of it).
    #[cold]
    fn grow(&mut self) {
        self.bits += 1;
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); 1 << self.bits]);
        let mask = self.slots.len() - 1;
        for s in old {
            if s.index != 0 {
                let text = &self.plain[s.at as usize..(s.at + s.len) as usize];
                let mut i = self.home(text_hash(text));
                while self.slots[i].index != 0 {
                    i = (i + 1) & mask;
                }
                self.slots[i] = s;
            }
        }
    }
}

/// A batch's texts with their definition levels (an optional column) and repetition
/// levels (in a list), as parquet-rs's column writer takes them.
pub(crate) struct DictLeaf {
    pub(crate) text: TextLeaf,
    pub(crate) def: Option<Arc<[i16]>>,
    pub(crate) rep: Option<Arc<[i16]>>,
}

/// The column writer of a text column (the games table's tags) in one row group: a
/// dictionary, or PLAIN pages once the dictionary page would exceed
/// [`DICTIONARY_LIMIT`] (as parquet-rs falls back), levels RLE-encoded, pages ending at a
/// row's start, byte-wise min and max if the column has statistics.
pub(crate) struct DictTextWriter {
    descr: ColumnDescPtr,
    statistics: bool,
    dictionary: TextDictionary,
    /// The dictionary index of the last row's value at each place (in a list; one place
    /// outside lists), `u32::MAX` where it had none: a row's value is compared with it
    /// before the dictionary is looked up, as rows often repeat the last one (the tags
    /// come in the same order game after game, event, site and date often the same).
    last: Vec<u32>,
    /// Whether the dictionary is full: the pages are PLAIN from now on.
    plain: bool,
    /// The open page: dictionary indices or PLAIN values, levels, rows.
    indices: Vec<u32>,
    values: Vec<u8>,
    def: Vec<i16>,
    rep: Vec<i16>,
    levels: usize,
    rows: usize,
    page_bytes: i64,
    page_levels: usize,
    /// The chunk's nulls, values' bytes, and min and max of the PLAIN values (those of
    /// the dictionary are its values').
    nulls: u64,
    bytes: i64,
    min: Option<Vec<u8>>,
    max: Option<Vec<u8>>,
    dictionary_limit: usize,
    pages: Vec<DataPage>,
    snappy: snap::raw::Encoder,
    buf: Vec<u8>,
    /// The hashes of a batch's values (kept for the next batch).
    hashes: Vec<u64>,
}

/// How many values ahead of the one looked up [`DictTextWriter::write`] prefetches a slot.
const LOOKAHEAD: usize = 8;

impl DictTextWriter {
    pub(crate) fn new(descr: ColumnDescPtr, statistics: bool) -> DictTextWriter {
        DictTextWriter::with_limits(descr, statistics, PAGE_LEVELS, DICTIONARY_LIMIT)
    }

    /// A writer whose pages end after `page_levels` levels (at a row's start) and whose
    /// dictionary ends at `dictionary_limit` bytes.
    pub(crate) fn with_limits(
        descr: ColumnDescPtr,
        statistics: bool,
        page_levels: usize,
        dictionary_limit: usize,
    ) -> DictTextWriter {
        DictTextWriter {
            descr,
            statistics,
            dictionary: TextDictionary::new(),
            last: Vec::new(),
            plain: false,
            indices: Vec::new(),
            values: Vec::new(),
            def: Vec::new(),
            rep: Vec::new(),
            levels: 0,
            rows: 0,
            page_bytes: 0,
            page_levels: page_levels.max(1),
            nulls: 0,
            bytes: 0,
            min: None,
            max: None,
            dictionary_limit,
            pages: Vec::new(),
            snappy: snap::raw::Encoder::new(),
            buf: Vec::new(),
            hashes: Vec::new(),
        }
    }

    pub(crate) fn write(&mut self, leaf: &DictLeaf) -> io::Result<()> {
        let max_def = self.descr.max_def_level();
        let max_rep = self.descr.max_rep_level();
        let text = &leaf.text;
        if text.ends.first() != Some(&0) {
            return Err(io::Error::other("text ends without their start"));
        }
        let values = text.ends.len() - 1;
        let n = match (&leaf.def, max_def) {
            (Some(d), 1..) => d.len(),
            (None, 0) => values,
            _ => return Err(io::Error::other("definition levels not of the column")),
        };
        match (&leaf.rep, max_rep) {
            (Some(r), 1..) if r.len() == n => {}
            (None, 0) => {}
            _ => return Err(io::Error::other("repetition levels not of the column")),
        }
        let mut next = 0usize;
        // The place of the level in its row.
        let mut place = 0usize;
        // Every value's hash, first: the slot of a value a few ahead is prefetched while
        // this one is looked up, so that the dictionary's cache misses overlap (a large
        // dictionary, such as the tag values', is mostly outside the cache).
        let mut hashes = std::mem::take(&mut self.hashes);
        hashes.clear();
        if !self.plain {
            hashes.extend(text.ends.windows(2).map(|e| {
                text.bytes
                    .get(e[0] as usize..e[1] as usize)
                    .map_or(0, text_hash)
            }));
        }
        for i in 0..n {
            let starts_row = leaf.rep.as_ref().is_none_or(|r| r[i] == 0);
            if starts_row {
                place = 0;
                if self.levels >= self.page_levels
                    || self.values.len() >= PLAIN_PAGE_BYTES
                    || (!self.plain && self.dictionary.plain.len() >= self.dictionary_limit)
                {
                    self.end_page()?;
                    if self.dictionary.plain.len() >= self.dictionary_limit {
                        self.plain = true;
                    }
                }
                self.rows += 1;
            } else {
                place += 1;
            }
            if let Some(r) = &leaf.rep {
                self.rep.push(r[i]);
            }
            self.levels += 1;
            let d = leaf.def.as_ref().map_or(max_def, |d| d[i]);
            if leaf.def.is_some() {
                self.def.push(d);
            }
            if d != max_def {
                self.nulls += 1;
                continue;
            }
            let (a, b) = text
                .ends
                .get(next)
                .zip(text.ends.get(next + 1))
                .ok_or_else(|| io::Error::other("more levels of values than values"))?;
            let value = text
                .bytes
                .get(*a as usize..*b as usize)
                .ok_or_else(|| io::Error::other("a text end past the texts"))?;
            next += 1;
            self.page_bytes += value.len() as i64;
            if self.plain {
                self.values
                    .extend_from_slice(&(value.len() as u32).to_le_bytes());
                self.values.extend_from_slice(value);
                if self.statistics {
                    self.min_max(value);
                }
            } else {
                if let Some(&h) = hashes.get(next + LOOKAHEAD) {
                    self.dictionary.prefetch(h);
                }
                let index = match self.last.get(place) {
                    Some(&k) if self.dictionary.is(k, value) => k,
                    _ => match hashes.get(next - 1) {
                        Some(&h) => self.dictionary.index_hashed(value, h)?,
                        None => self.dictionary.index(value)?,
                    },
                };
                match self.last.get_mut(place) {
                    Some(k) => *k = index,
                    None => {
                        self.last.resize(place, u32::MAX);
                        self.last.push(index);
                    }
                }
                self.indices.push(index);
            }
        }
        self.hashes = hashes;
        if next != values {
            return Err(io::Error::other("a leaf's levels do not match its values"));
        }
        Ok(())
    }

    #[cold]
    fn min_max(&mut self, value: &[u8]) {
        if self.min.as_deref().is_none_or(|m| value < m) {
            self.min = Some(value.to_vec());
        }
        if self.max.as_deref().is_none_or(|m| value > m) {
            self.max = Some(value.to_vec());
        }
    }

    fn end_page(&mut self) -> io::Result<()> {
        if self.levels == 0 {
            return Ok(());
        }
        let buf = &mut self.buf;
        buf.clear();
        if self.descr.max_rep_level() > 0 {
            levels(buf, |runs| {
                for &r in &self.rep {
                    runs.put(r as u8, 1);
                }
            })?;
        }
        if self.descr.max_def_level() > 0 {
            levels(buf, |runs| {
                for &d in &self.def {
                    runs.put(d as u8, 1);
                }
            })?;
        }
        let encoding = if self.plain {
            buf.extend_from_slice(&self.values);
            Encoding::PLAIN
        } else {
            let len = u32::try_from(self.dictionary.values.len()).unwrap_or(u32::MAX);
            let width = index_width(len);
            buf.push(width as u8);
            bit_pack(buf, &self.indices, width);
            Encoding::RLE_DICTIONARY
        };
        let bytes = self.statistics.then_some(self.page_bytes);
        let mut page = data_page(&mut self.snappy, buf, self.levels, encoding, bytes)?;
        page.rows = self.rows;
        self.pages.push(page);
        self.bytes += self.page_bytes;
        self.indices.clear();
        self.values.clear();
        self.def.clear();
        self.rep.clear();
        self.levels = 0;
        self.rows = 0;
        self.page_bytes = 0;
        Ok(())
    }

    pub(crate) fn close(mut self) -> io::Result<OwnChunk> {
        self.end_page()?;
        let statistics = if self.statistics {
            for i in 0..self.dictionary.values.len() {
                let v = self.dictionary.value(i).to_vec();
                self.min_max(&v);
            }
            let (min, max) = (self.min.take(), self.max.take());
            let stats = match (min, max) {
                (Some(min), Some(max)) => text_statistics(&self.descr, &min, &max, self.nulls),
                _ => Statistics::ByteArray(ValueStatistics::new(
                    None,
                    None,
                    None,
                    Some(self.nulls),
                    false,
                )),
            };
            Some((stats, self.bytes))
        } else {
            None
        };
        let dictionary = std::mem::replace(&mut self.dictionary, TextDictionary::new());
        let len = u32::try_from(dictionary.values.len()).unwrap_or(u32::MAX);
        // A dictionary page only if a page used it (parquet-rs writes one whenever it
        // started with a dictionary, even an empty one).
        OwnChunk::assemble(ChunkParts {
            descr: self.descr,
            dictionary: Some((dictionary.plain, len)),
            pages: self.pages,
            statistics,
            snappy: &mut self.snappy,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::sync::Arc;

    use arrow_array::{Array, StringArray};
    use parquet::arrow::arrow_reader::{ArrowReaderOptions, ParquetRecordBatchReaderBuilder};
    use parquet::data_type::ByteArrayType;
    use parquet::file::properties::{EnabledStatistics, WriterProperties, WriterPropertiesBuilder};
    use parquet::file::writer::SerializedFileWriter;
    use parquet::schema::parser::parse_message_type;

    /// A file of `schema` being written in memory: Snappy, chunk statistics or none, and
    /// what `configure` sets.
    fn test_file(
        schema: &str,
        statistics: bool,
        configure: impl FnOnce(WriterPropertiesBuilder) -> WriterPropertiesBuilder,
    ) -> SerializedFileWriter<Vec<u8>> {
        let schema = parse_message_type(schema).unwrap();
        let stats = if statistics {
            EnabledStatistics::Chunk
        } else {
            EnabledStatistics::None
        };
        let props = configure(
            WriterProperties::builder()
                .set_compression(parquet::basic::Compression::SNAPPY)
                .set_statistics_enabled(stats),
        )
        .build();
        SerializedFileWriter::new(Vec::new(), Arc::new(schema), Arc::new(props)).unwrap()
    }

    /// A writer of ours, for a test.
    enum Ours {
        Same(SameWriter),
        Plain(PlainTextWriter),
    }

    /// Writes `groups` (row groups of batches of texts) twice as a two-column file: column
    /// `ours` by our writer (a batch of `Same` is its first text for each of its rows),
    /// column `theirs` by parquet-rs's column writer with the same properties.
    fn write_file(groups: &[Vec<Vec<String>>], same: bool, statistics: bool, page: usize) -> Bytes {
        let mut file = test_file(
            "message m { required binary ours (STRING); required binary theirs (STRING); }",
            statistics,
            |p| p.set_dictionary_enabled(same),
        );
        for group in groups {
            let descr = file.schema_descr().column(0);
            let mut w = if same {
                Ours::Same(SameWriter::with_page_rows(descr, statistics, page))
            } else {
                Ours::Plain(PlainTextWriter::with_page_bytes(descr, page))
            };
            for batch in group {
                match &mut w {
                    Ours::Same(w) => {
                        let text = Bytes::from(batch[0].clone().into_bytes());
                        w.write(&text, batch.len()).unwrap();
                    }
                    Ours::Plain(w) => {
                        let mut leaf = TextLeaf {
                            bytes: Vec::new(),
                            ends: vec![0],
                        };
                        for s in batch {
                            leaf.bytes.extend_from_slice(s.as_bytes());
                            leaf.ends.push(leaf.bytes.len() as u32);
                        }
                        w.write(&leaf).unwrap();
                    }
                }
            }
            let chunk = match w {
                Ours::Same(w) => w.close().unwrap(),
                Ours::Plain(w) => w.close().unwrap(),
            };
            let mut g = file.next_row_group().unwrap();
            chunk.append_to_row_group(&mut g).unwrap();
            let mut theirs = g.next_column().unwrap().unwrap();
            let values: Vec<ByteArray> = group
                .iter()
                .flat_map(|b| {
                    if same {
                        vec![b[0].clone(); b.len()]
                    } else {
                        b.clone()
                    }
                })
                .map(|s| ByteArray::from(s.into_bytes()))
                .collect();
            theirs
                .typed::<ByteArrayType>()
                .write_batch(&values, None, None)
                .unwrap();
            theirs.close().unwrap();
            g.close().unwrap();
        }
        Bytes::from(file.into_inner().unwrap())
    }

    /// Column `column` of the file, rows `skip..skip + take` if given (through the offset
    /// index).
    fn read(data: &Bytes, column: usize, skip: Option<(usize, usize)>) -> Vec<String> {
        let options = ArrowReaderOptions::new().with_page_index(skip.is_some());
        crate::pgn_lists::tests::batches(data, options, skip, 1000)
            .flat_map(|batch| {
                let batch = batch.unwrap();
                let s = batch
                    .column(column)
                    .as_any()
                    .downcast_ref::<StringArray>()
                    .unwrap()
                    .clone();
                assert_eq!(s.null_count(), 0);
                (0..s.len())
                    .map(|i| s.value(i).to_owned())
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// The file reads back the same in both columns, whole and through the offset index,
    /// and our chunks have the metadata readers see that parquet-rs's have.
    fn check(groups: &[Vec<Vec<String>>], same: bool, statistics: bool, page: usize) {
        let data = write_file(groups, same, statistics, page);
        let all: Vec<String> = groups
            .iter()
            .flatten()
            .flat_map(|b| {
                if same {
                    vec![b[0].clone(); b.len()]
                } else {
                    b.clone()
                }
            })
            .collect();
        assert_eq!(read(&data, 0, None), all, "page {page}");
        assert_eq!(read(&data, 1, None), all);
        let (skip, take) = (all.len() / 3, all.len() / 2);
        assert_eq!(
            read(&data, 0, Some((skip, take))),
            all[skip..skip + take],
            "page {page}"
        );
        let options = ArrowReaderOptions::new().with_page_index(true);
        let meta = ParquetRecordBatchReaderBuilder::try_new_with_options(data, options)
            .unwrap()
            .metadata()
            .clone();
        assert_eq!(meta.num_row_groups(), groups.len());
        for (g, group) in meta.row_groups().iter().zip(groups) {
            let rows: usize = group.iter().map(Vec::len).sum();
            assert_eq!(g.num_rows() as usize, rows);
            let (ours, theirs) = (g.column(0), g.column(1));
            assert_eq!(ours.num_values(), theirs.num_values());
            assert_eq!(ours.statistics(), theirs.statistics(), "page {page}");
            assert_eq!(
                ours.unencoded_byte_array_data_bytes(),
                theirs.unencoded_byte_array_data_bytes()
            );
            assert_eq!(
                ours.encodings().collect::<Vec<_>>(),
                theirs.encodings().collect::<Vec<_>>()
            );
            assert_eq!(
                ours.dictionary_page_offset().is_some(),
                theirs.dictionary_page_offset().is_some()
            );
        }
        let pages = &meta.offset_index().unwrap()[0][0].page_locations;
        let rows: usize = groups[0].iter().map(Vec::len).sum();
        if page == 1 {
            assert_eq!(pages.len(), rows);
        }
    }

    fn texts() -> Vec<String> {
        let mut t = vec![
            String::new(),
            "a".to_owned(),
            "/some/dir/games.pgn".to_owned(),
            "é – ü".to_owned(),
            // Longer than the 64 bytes statistics keep, ending in characters that cannot
            // be incremented in place, and that can.
            format!("{}\u{7f}", "x".repeat(70)),
            format!("{}\u{ffff}é", "é".repeat(40)),
            format!("{}z", "\u{10ffff}".repeat(20)),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".to_owned(),
        ];
        t.push("y".repeat(3000));
        t
    }

    #[test]
    fn same_text_chunks_read_back_with_parquet_rs_statistics() {
        let t = texts();
        // Batches of one text each (a row group may span input files), of 1 to 5000 rows.
        let batches: Vec<Vec<String>> = (0..200)
            .map(|i| vec![t[(i / 7 + i % 3) % t.len()].clone(); 1 + (i * 37) % 5000])
            .collect();
        let groups: Vec<Vec<Vec<String>>> = batches.chunks(30).map(|c| c.to_vec()).collect();
        for page in [1, 100, 4096, SAME_PAGE_ROWS] {
            check(&groups, true, true, page);
            check(&groups, true, false, page);
        }
        // One text in one row group: a dictionary of one.
        let one = vec![vec![vec![t[2].clone(); 10]; 3]];
        check(&one, true, true, SAME_PAGE_ROWS);
        for text in &t {
            check(&[vec![vec![text.clone(); 3]]], true, true, 2);
        }
    }

    #[test]
    fn plain_text_chunks_read_back_across_pages_batches_and_row_groups() {
        let t = texts();
        let batches: Vec<Vec<String>> = (0..300)
            .map(|i| {
                (0..(i * 13) % 400)
                    .map(|j| match (i + j) % 5 {
                        0 => format!("{}{j}", t[(i * j) % t.len()]),
                        _ => t[(i + 3 * j) % t.len()].clone(),
                    })
                    .collect()
            })
            .collect();
        let groups: Vec<Vec<Vec<String>>> = batches.chunks(70).map(|c| c.to_vec()).collect();
        for page in [1, 1000, 64 * 1024, PLAIN_PAGE_BYTES] {
            check(&groups, false, false, page);
        }
    }

    #[test]
    fn statistics_truncate_as_parquet_rs_does() {
        assert_eq!(increment(vec![1, 0xff]), Some(vec![2, 0]));
        assert_eq!(increment(vec![0xff, 0xff]), None);
        assert_eq!(increment_utf8("ab"), Some(b"ac".to_vec()));
        assert_eq!(increment_utf8("a\u{7f}"), Some(b"b".to_vec()));
    }

    #[test]
    fn text_ends_past_the_texts_are_errors() {
        let schema = parse_message_type("message m { required binary fen (STRING); }").unwrap();
        let descr = parquet::schema::types::SchemaDescriptor::new(Arc::new(schema)).column(0);
        let mut w = PlainTextWriter::new(descr);
        let bad = TextLeaf {
            bytes: b"abc".to_vec(),
            ends: vec![0, 2, 5],
        };
        assert!(w.write(&bad).is_err());
        let no_start = TextLeaf {
            bytes: b"abc".to_vec(),
            ends: vec![3],
        };
        assert!(w.write(&no_start).is_err());
    }

    /// A batch for a [`DictTextWriter`] test: texts, definition and repetition levels.
    type Batch = (Vec<String>, Option<Vec<i16>>, Option<Vec<i16>>);

    /// Writes `groups` twice in a file of two columns of type `column`: `ours` by a
    /// `DictTextWriter`, `theirs` by parquet-rs's column writer, with the same limits.
    fn write_dict(
        column: &str,
        groups: &[Vec<Batch>],
        statistics: bool,
        page_levels: usize,
        dictionary_limit: usize,
    ) -> Bytes {
        let schema = format!(
            "message m {{ {} {} }}",
            column.replace("NAME", "ours"),
            column.replace("NAME", "theirs")
        );
        let mut file = test_file(&schema, statistics, |p| {
            p.set_dictionary_page_size_limit(dictionary_limit)
        });
        for group in groups {
            let descr = file.schema_descr().column(0);
            let mut w =
                DictTextWriter::with_limits(descr, statistics, page_levels, dictionary_limit);
            for (texts, def, rep) in group {
                let mut text = TextLeaf {
                    bytes: Vec::new(),
                    ends: vec![0],
                };
                for s in texts {
                    text.bytes.extend_from_slice(s.as_bytes());
                    text.ends.push(text.bytes.len() as u32);
                }
                let leaf = DictLeaf {
                    text,
                    def: def.clone().map(Into::into),
                    rep: rep.clone().map(Into::into),
                };
                w.write(&leaf).unwrap();
            }
            let chunk = w.close().unwrap();
            let mut g = file.next_row_group().unwrap();
            chunk.append_to_row_group(&mut g).unwrap();
            let mut theirs = g.next_column().unwrap().unwrap();
            for (texts, def, rep) in group {
                let values: Vec<ByteArray> = texts
                    .iter()
                    .map(|s| ByteArray::from(s.clone().into_bytes()))
                    .collect();
                theirs
                    .typed::<ByteArrayType>()
                    .write_batch(&values, def.as_deref(), rep.as_deref())
                    .unwrap();
            }
            theirs.close().unwrap();
            g.close().unwrap();
        }
        Bytes::from(file.into_inner().unwrap())
    }

    /// Both columns read back the same (whole, and rows selected through the offset
    /// index), and our chunks have parquet-rs's statistics and encodings.
    fn check_dict(
        column: &str,
        groups: &[Vec<Batch>],
        statistics: bool,
        page_levels: usize,
        dictionary_limit: usize,
    ) {
        let data = write_dict(column, groups, statistics, page_levels, dictionary_limit);
        let rows: usize = groups
            .iter()
            .flatten()
            .map(|(t, d, r)| match (d, r) {
                (_, Some(r)) => r.iter().filter(|&&x| x == 0).count(),
                (Some(d), None) => d.len(),
                (None, None) => t.len(),
            })
            .sum();
        let what = format!("{column} pages {page_levels} dictionary {dictionary_limit}");
        for skip in [None, Some((rows / 3, rows / 2))] {
            let options = ArrowReaderOptions::new().with_page_index(skip.is_some());
            let mut n = 0;
            for batch in crate::pgn_lists::tests::batches(&data, options, skip, 500) {
                let batch = batch.unwrap();
                assert_eq!(batch.column(0), batch.column(1), "{what}");
                n += batch.num_rows();
            }
            assert_eq!(n, skip.map_or(rows, |(_, take)| take), "{what}");
        }
        let options = ArrowReaderOptions::new().with_page_index(true);
        let meta = ParquetRecordBatchReaderBuilder::try_new_with_options(data, options)
            .unwrap()
            .metadata()
            .clone();
        assert_eq!(meta.num_row_groups(), groups.len());
        for g in meta.row_groups() {
            let (ours, theirs) = (g.column(0), g.column(1));
            assert_eq!(ours.num_values(), theirs.num_values(), "{what}");
            assert_eq!(ours.statistics(), theirs.statistics(), "{what}");
            assert_eq!(
                ours.unencoded_byte_array_data_bytes(),
                theirs.unencoded_byte_array_data_bytes()
            );
            assert_eq!(
                ours.encodings().collect::<Vec<_>>(),
                theirs.encodings().collect::<Vec<_>>(),
                "{what}"
            );
        }
    }

    #[test]
    fn dictionary_text_chunks_read_back_with_parquet_rs_statistics() {
        let t = texts();
        // Optional texts: nulls in runs and alone, all-null batches, many distinct values
        // (the dictionary passes the limit, then PLAIN pages).
        let optional = "optional binary NAME (STRING);";
        let batches: Vec<Batch> = (0..120)
            .map(|i| {
                let mut texts = Vec::new();
                let mut def = Vec::new();
                for j in 0..(i * 17) % 700 {
                    if i % 11 == 3 || (i + j) % 4 == 0 || (j / 50) % 3 == 1 {
                        def.push(0);
                    } else {
                        def.push(1);
                        texts.push(match (i + j) % 6 {
                            0 => format!("{}-{i}-{j}", t[j % t.len()]),
                            _ => t[(i * 7 + j) % t.len()].clone(),
                        });
                    }
                }
                (texts, Some(def), None)
            })
            .collect();
        let groups: Vec<Vec<Batch>> = batches.chunks(25).map(|c| c.to_vec()).collect();
        for (page_levels, limit) in [
            (1, DICTIONARY_LIMIT),
            (333, DICTIONARY_LIMIT),
            (PAGE_LEVELS, DICTIONARY_LIMIT),
            (333, 4096),
            (PAGE_LEVELS, 1),
        ] {
            check_dict(optional, &groups, true, page_levels, limit);
        }
        check_dict(optional, &groups, false, 1000, 20_000);
        // Each text first in its chunk (the first dictionary value is the min or the max).
        for first in &t {
            let batch: Batch = (
                vec![first.clone(), t[1].clone(), t[3].clone()],
                Some(vec![1, 1, 0, 1]),
                None,
            );
            check_dict(
                optional,
                &[vec![batch]],
                true,
                PAGE_LEVELS,
                DICTIONARY_LIMIT,
            );
        }
        // All nulls: statistics of nulls only.
        let nulls: Vec<Batch> = vec![(Vec::new(), Some(vec![0; 40]), None); 3];
        check_dict(optional, &[nulls], true, 7, DICTIONARY_LIMIT);
        // Lists (the tag values): empty lists, long lists across pages.
        let list = "required group NAME (LIST) { repeated group list { \
                    optional binary item (STRING); } }";
        let batches: Vec<Batch> = (0..80)
            .map(|i| {
                let (mut texts, mut def, mut rep) = (Vec::new(), Vec::new(), Vec::new());
                for r in 0..(i * 7) % 50 {
                    let n = match (i + r) % 5 {
                        0 => 0,
                        1 => 300,
                        _ => (i * r) % 13,
                    };
                    if n == 0 {
                        def.push(0);
                        rep.push(0);
                    }
                    for j in 0..n {
                        def.push(2);
                        rep.push(i16::from(j > 0));
                        texts.push(match j % 4 {
                            0 => format!("{i}.{r}.{j}"),
                            _ => t[(r + j) % t.len()].clone(),
                        });
                    }
                }
                (texts, Some(def), Some(rep))
            })
            .collect();
        let groups: Vec<Vec<Batch>> = batches.chunks(20).map(|c| c.to_vec()).collect();
        for (page_levels, limit) in [(1, DICTIONARY_LIMIT), (100, 2000), (PAGE_LEVELS, 50)] {
            check_dict(list, &groups, false, page_levels, limit);
        }
    }

    #[test]
    fn values_like_the_last_rows_at_the_same_place_read_back() {
        // Each value is compared first with the last row's at its place: the same text,
        // one of the same length differing in a byte, a prefix, an extension, an empty
        // text; lists longer and shorter than the last one, empty lists and null items.
        let words = ["Event", "Evenu", "Even", "Events", "", "Site", "Evenu"];
        let list = "required group NAME (LIST) { repeated group list { \
                    optional binary item (STRING); } }";
        let batches: Vec<Batch> = (0..40)
            .map(|b| {
                let (mut texts, mut def, mut rep) = (Vec::new(), Vec::new(), Vec::new());
                for r in 0..25 {
                    let row = b * 25 + r;
                    let n = (row * 5) % 7;
                    if n == 0 {
                        def.push(0);
                        rep.push(0);
                    }
                    for j in 0..n {
                        rep.push(i16::from(j > 0));
                        if (row + j) % 9 == 4 {
                            def.push(1);
                        } else {
                            def.push(2);
                            texts.push(words[(row / 3 + j * (row % 3)) % words.len()].to_owned());
                        }
                    }
                }
                (texts, Some(def), Some(rep))
            })
            .collect();
        let groups: Vec<Vec<Batch>> = batches.chunks(15).map(|c| c.to_vec()).collect();
        for (page_levels, limit) in [(PAGE_LEVELS, DICTIONARY_LIMIT), (7, 30)] {
            check_dict(list, &groups, true, page_levels, limit);
        }
        let optional = "optional binary NAME (STRING);";
        let batches: Vec<Batch> = (0..30)
            .map(|b| {
                let rows = 0..20usize;
                let def: Vec<i16> = rows.clone().map(|r| i16::from((b + r) % 5 != 0)).collect();
                let texts = rows
                    .filter(|r| (b + r) % 5 != 0)
                    .map(|r| words[((b * 20 + r) / 2) % words.len()].to_owned())
                    .collect();
                (texts, Some(def), None)
            })
            .collect();
        let groups: Vec<Vec<Batch>> = batches.chunks(10).map(|c| c.to_vec()).collect();
        for (page_levels, limit) in [(PAGE_LEVELS, DICTIONARY_LIMIT), (3, 20)] {
            check_dict(optional, &groups, true, page_levels, limit);
        }
    }

    #[test]
    fn dictionary_keeps_its_indices_as_it_grows() {
        let mut d = TextDictionary::new();
        let texts: Vec<String> = (0..5000).map(|i| format!("value {i}")).collect();
        for round in 0..2 {
            for (i, s) in texts.iter().enumerate() {
                assert_eq!(d.index(s.as_bytes()).unwrap() as usize, i, "round {round}");
            }
        }
        assert_eq!(d.index(b"").unwrap(), 5000);
        assert_eq!(d.index(b"").unwrap(), 5000);
        assert_eq!(d.value(17), b"value 17");
    }
}
