//! The column chunks of the games table's move lists (`moves_uci`, `moves_san`), encoded
//! here instead of by parquet-rs's generic column writer; the tag keys (`tags.list.item.key`,
//! a few distinct short names, with the same list shape and levels) too.
//!
//! The two lists hold ~80 short texts per game (11.6 million each for 145,716 master
//! games), and the generic writer's cost per value (interning the text, levels one by one,
//! copies) was most of the Parquet export's time. Here:
//!
//! - the worker threads pack each text into a `u64` ([`MoveTexts`]: the bytes
//!   little-endian; a text of more than 8 bytes, or holding a NUL byte, which no SAN or UCI
//!   text is, is kept aside and given a code no short text has), and keep the list lengths;
//! - a [`ListWriter`] (one per column and row group, on the encoder threads like the
//!   other column writers) maps the codes to dictionary indices with an open-addressing
//!   table and writes what parquet-rs would: a PLAIN dictionary page, then v1 data pages
//!   of whole lists (repetition and definition levels RLE-encoded straight from the list
//!   lengths, the indices bit-packed as RLE_DICTIONARY), Snappy-compressed, through
//!   parquet's own page writer (which writes the page headers), with an offset index and
//!   the column chunk's metadata;
//! - the chunk is appended to the row group with
//!   [`SerializedRowGroupWriter::append_column`], as parquet-rs's own chunks are.
//!
//! The Parquet leaf is `required group (LIST) { repeated group list { optional binary item
//! (UTF8) } }`: maximum definition level 2 (an item; 0 for an empty list, the items are
//! never null), maximum repetition level 1.

use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::Arc;

use bytes::Bytes;
use parquet::basic::{Compression, Encoding, EncodingMask, PageType};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::file::metadata::{ColumnChunkMetaData, OffsetIndexBuilder, PageEncodingStats};
use parquet::file::statistics::Statistics;
use parquet::file::writer::{SerializedPageWriter, SerializedRowGroupWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;

use crate::pgn_parquet::parquet_io;

/// Level entries (list items, and one per empty list) after which a data page ends, at the
/// end of the list being written: pages of ~100 to 200 KB before compression.
pub(crate) const PAGE_LEVELS: usize = 1 << 17;

/// A column of move texts being built: one code per text.
#[derive(Debug, Default, Clone)]
pub(crate) struct MoveTexts {
    codes: Vec<u64>,
    /// The texts that do not fit in a code (never SAN or UCI text: tests only).
    long: Vec<Box<[u8]>>,
}

/// Whether `code` stands for a text kept aside: a short text's first byte is its lowest
/// byte, never 0 (the empty text's code is 0).
fn is_long(code: u64) -> bool {
    code & 0xff == 0 && code != 0
}

/// The code of a text of at most 8 bytes without a NUL byte: its bytes, little-endian
/// (the `pgn` crate's packing, which its replay hands move texts over in).
use chessbits_bitboard_core::MoveText;

/// `text` as the word of its [`MoveText`] (`None` past eight bytes or with a NUL).
pub(crate) fn pack(text: &[u8]) -> Option<u64> {
    MoveText::pack(text).map(MoveText::to_bits)
}

/// The bytes of the text whose [`MoveText`] word is `code`, and how many there are.
fn short_text(code: u64) -> ([u8; 8], usize) {
    let text = MoveText::from_bits(code);
    (code.to_le_bytes(), text.len())
}

impl MoveTexts {
    pub(crate) fn with_capacity(n: usize) -> MoveTexts {
        MoveTexts {
            codes: Vec::with_capacity(n),
            long: Vec::new(),
        }
    }

    /// Appends a text.
    #[inline]
    pub(crate) fn push(&mut self, text: &[u8]) {
        match pack(text) {
            Some(code) => self.codes.push(code),
            None => self.push_long(text),
        }
    }

    /// Appends a text by the code [`pack`] gave it.
    #[inline]
    pub(crate) fn push_code(&mut self, code: u64) {
        self.codes.push(code);
    }

    #[cold]
    #[inline(never)]
    fn push_long(&mut self, text: &[u8]) {
        // The index of the text, above a zero lowest byte (a batch never holds 2^56
        // texts).
        let at = self.long.len() as u64 + 1;
        self.codes.push(at << 8);
        self.long.push(text.into());
    }

    pub(crate) fn len(&self) -> usize {
        self.codes.len()
    }

    /// The codes, for [`chessbits_pgn::replay_packed`] to append move texts to: its words
    /// are [`pack`]'s codes of texts of at most 7 bytes without a NUL byte.
    pub(crate) fn codes_mut(&mut self) -> &mut Vec<u64> {
        &mut self.codes
    }

    /// The text of `code` (one of this column's).
    fn text(&self, code: u64) -> io::Result<&[u8]> {
        let at = usize::try_from((code >> 8) - 1).unwrap_or(usize::MAX);
        self.long
            .get(at)
            .map(|t| &t[..])
            .ok_or_else(|| io::Error::other("a move text code without its text"))
    }
}

/// A batch's move list column as a Parquet leaf: the list lengths (shared by the two
/// columns) and the texts.
#[derive(Debug, Clone)]
pub(crate) struct ListLeaf {
    pub(crate) lengths: Arc<[u32]>,
    pub(crate) texts: MoveTexts,
}

impl ListLeaf {
    /// Checks that the lengths add up to the texts.
    pub(crate) fn new(lengths: Arc<[u32]>, texts: MoveTexts) -> io::Result<ListLeaf> {
        let total: u64 = lengths.iter().map(|&n| u64::from(n)).sum();
        if total != texts.len() as u64 {
            return Err(io::Error::other(format!(
                "move lists of {total} texts hold {}",
                texts.len()
            )));
        }
        Ok(ListLeaf { lengths, texts })
    }
}

/// The dictionary of a column chunk: code to index (open addressing), and the PLAIN
/// dictionary page being built.
struct Dictionary {
    /// (code, index + 1), 0 for an empty slot; a power of two long.
    slots: Vec<(u64, u32)>,
    bits: u32,
    len: u32,
    /// The texts kept aside, by text.
    long: HashMap<Box<[u8]>, u32>,
    /// The values, PLAIN: 4-byte length, bytes.
    plain: Vec<u8>,
}

impl Dictionary {
    fn new() -> Dictionary {
        let bits = 12;
        Dictionary {
            slots: vec![(0, 0); 1 << bits],
            bits,
            len: 0,
            long: HashMap::new(),
            plain: Vec::new(),
        }
    }

    #[inline]
    fn slot(&self, code: u64) -> usize {
        // Fibonacci hashing: the product's high bits depend on all the code's bytes.
        (code.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    /// Adds a value, returns its index.
    fn add(&mut self, text: &[u8]) -> io::Result<u32> {
        let index = self.len;
        self.len = self
            .len
            .checked_add(1)
            .ok_or_else(|| io::Error::other("more than 2^32 distinct move texts"))?;
        let n = u32::try_from(text.len())
            .map_err(|_| io::Error::other("a move text of more than 4 GB"))?;
        self.plain.extend_from_slice(&n.to_le_bytes());
        self.plain.extend_from_slice(text);
        Ok(index)
    }

    /// The index of `code` (of `texts`), added if new.
    #[inline]
    fn index(&mut self, code: u64, texts: &MoveTexts) -> io::Result<u32> {
        if is_long(code) {
            return self.index_long(texts.text(code)?);
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(code);
        loop {
            let (k, v) = self.slots[i];
            if v == 0 {
                break;
            }
            if k == code {
                return Ok(v - 1);
            }
            i = (i + 1) & mask;
        }
        let (bytes, len) = short_text(code);
        let index = self.add(&bytes[..len])?;
        // `index + 1` fits: `add` counted `index + 1` values.
        self.slots[i] = (code, index + 1);
        // At most half full.
        if self.len as usize * 2 > self.slots.len() {
            self.grow();
        }
        Ok(index)
    }

    /// Appends the index of each of `texts`' codes in `range` to `out`.
    ///
    /// The slot of the code [`LOOKAHEAD`] places ahead (in the whole batch) is prefetched
    /// while a code is looked up, so that the misses of a dictionary outside the L1 cache
    /// overlap, where a lookup at a time waited for each slot to come from the cache in
    /// turn.
    #[inline]
    fn indices(
        &mut self,
        texts: &MoveTexts,
        range: std::ops::Range<usize>,
        out: &mut Vec<u32>,
    ) -> io::Result<()> {
        let codes = texts
            .codes
            .get(range.clone())
            .ok_or_else(|| io::Error::other("move lists longer than their texts"))?;
        for (j, &code) in range.zip(codes) {
            if let Some(&ahead) = texts.codes.get(j + LOOKAHEAD) {
                if let Some(slot) = self.slots.get(self.slot(ahead)) {
                    prefetch(slot);
                }
            }
            out.push(self.index(code, texts)?);
        }
        Ok(())
    }

    #[cold]
    fn index_long(&mut self, text: &[u8]) -> io::Result<u32> {
        if let Some(&i) = self.long.get(text) {
            return Ok(i);
        }
        let index = self.add(text)?;
        self.long.insert(text.into(), index);
        Ok(index)
    }

    #[cold]
    fn grow(&mut self) {
        self.bits += 1;
        let old = std::mem::replace(&mut self.slots, vec![(0, 0); 1 << self.bits]);
        let mask = self.slots.len() - 1;
        for (code, v) in old {
            if v != 0 {
                let mut i = self.slot(code);
                while self.slots[i].1 != 0 {
                    i = (i + 1) & mask;
                }
                self.slots[i] = (code, v);
            }
        }
    }
}

/// How many codes ahead of the one looked up [`Dictionary::indices`] prefetches a slot.
const LOOKAHEAD: usize = 16;

/// Asks for the cache line of `value` to be brought into the L1 cache (on x86-64; nothing
/// elsewhere): a hash table's slot about to be read.
#[inline(always)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing the program sees and never faults, whatever the
    // address (here that of a live value); SSE, the instruction's feature, is part of
    // every x86-64 target.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// Run-length encoding of levels (the RLE / bit-packing hybrid with RLE runs only): lists
/// make long runs.
pub(crate) struct Runs<'a> {
    out: &'a mut Vec<u8>,
    value: u8,
    count: u64,
}

/// The longest run written (its header fits in a `u32`).
const MAX_RUN: u64 = 1 << 30;

impl<'a> Runs<'a> {
    fn new(out: &'a mut Vec<u8>) -> Runs<'a> {
        Runs {
            out,
            value: 0,
            count: 0,
        }
    }

    #[inline]
    pub(crate) fn put(&mut self, value: u8, n: u64) {
        if n == 0 {
            return;
        }
        if self.count > 0 && self.value != value {
            self.flush();
        }
        self.value = value;
        self.count += n;
    }

    fn flush(&mut self) {
        while self.count > 0 {
            let n = self.count.min(MAX_RUN);
            varint(self.out, n << 1);
            self.out.push(self.value);
            self.count -= n;
        }
    }
}

pub(crate) fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Writes levels as a v1 data page has them: 4-byte length, then the runs `fill` puts.
pub(crate) fn levels(out: &mut Vec<u8>, fill: impl FnOnce(&mut Runs<'_>)) -> io::Result<()> {
    let at = out.len();
    out.extend_from_slice(&[0; 4]);
    let mut runs = Runs::new(out);
    fill(&mut runs);
    runs.flush();
    let n = u32::try_from(out.len() - at - 4)
        .map_err(|_| io::Error::other("a data page's levels exceed 4 GB"))?;
    out[at..at + 4].copy_from_slice(&n.to_le_bytes());
    Ok(())
}

/// Bit-packs `values` of `width` bits as RLE / bit-packing hybrid runs of at most 63
/// groups of 8 (one header byte each, as parquet-rs and parquet-mr write them), the last
/// group padded with zeros.
pub(crate) fn bit_pack(out: &mut Vec<u8>, values: &[u32], width: u32) {
    for run in values.chunks(63 * 8) {
        let groups = run.len().div_ceil(8);
        // At most 63 groups: the header is one byte.
        out.push(((groups << 1) | 1) as u8);
        // Bits gather in `acc` and leave it 32 at a time (`width` is at most 32, so
        // `bits + width` < 64).
        let mut acc: u64 = 0;
        let mut bits = 0u32;
        let padding = groups * 8 - run.len();
        for v in run.iter().copied().chain(std::iter::repeat_n(0, padding)) {
            acc |= u64::from(v) << bits;
            bits += width;
            if bits >= 32 {
                out.extend_from_slice(&(acc as u32).to_le_bytes());
                acc >>= 32;
                bits -= 32;
            }
        }
        // 8 values of `width` bits per group: whole bytes are left.
        while bits >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            bits -= 8;
        }
    }
}

/// Bits for the indices of a dictionary of `len` values (at least 1).
pub(crate) fn index_width(len: u32) -> u32 {
    (32 - len.saturating_sub(1).leading_zeros()).max(1)
}

/// A data page ready to be written, its rows and (where statistics are written) its values'
/// bytes.
pub(crate) struct DataPage {
    pub(crate) page: CompressedPage,
    pub(crate) rows: usize,
    pub(crate) bytes: Option<i64>,
}

/// The column writer of a move list column in one row group.
pub(crate) struct ListWriter {
    descr: ColumnDescPtr,
    dictionary: Dictionary,
    /// The open page: dictionary indices, list lengths, level entries.
    indices: Vec<u32>,
    lengths: Vec<u32>,
    levels: usize,
    /// Level entries after which a page ends.
    page_levels: usize,
    pages: Vec<DataPage>,
    snappy: snap::raw::Encoder,
    buf: Vec<u8>,
}

impl ListWriter {
    pub(crate) fn new(descr: ColumnDescPtr) -> ListWriter {
        ListWriter::with_page_levels(descr, PAGE_LEVELS)
    }

    /// A writer whose pages end after `page_levels` level entries (at the end of a list).
    pub(crate) fn with_page_levels(descr: ColumnDescPtr, page_levels: usize) -> ListWriter {
        ListWriter {
            descr,
            dictionary: Dictionary::new(),
            indices: Vec::new(),
            lengths: Vec::new(),
            levels: 0,
            page_levels: page_levels.max(1),
            pages: Vec::new(),
            snappy: snap::raw::Encoder::new(),
            buf: Vec::new(),
        }
    }

    /// Encodes a batch's lists: each list's indices straight into the open page.
    pub(crate) fn write(&mut self, leaf: &ListLeaf) -> io::Result<()> {
        let mut at = 0usize;
        for &n in leaf.lengths.iter() {
            let end = usize::try_from(n)
                .ok()
                .and_then(|n| at.checked_add(n))
                .ok_or_else(|| io::Error::other("move lists longer than their texts"))?;
            self.dictionary
                .indices(&leaf.texts, at..end, &mut self.indices)?;
            self.lengths.push(n);
            self.levels += (end - at).max(1);
            at = end;
            if self.levels >= self.page_levels {
                self.end_page()?;
            }
        }
        Ok(())
    }

    /// Encodes and compresses the open page.
    fn end_page(&mut self) -> io::Result<()> {
        if self.lengths.is_empty() {
            return Ok(());
        }
        let num_values = u32::try_from(self.levels)
            .ok()
            .filter(|&n| i32::try_from(n).is_ok())
            .ok_or_else(|| io::Error::other("a move list of more than 2^31 moves"))?;
        let buf = &mut self.buf;
        buf.clear();
        // Repetition levels: 0 starts a list, 1 continues it.
        levels(buf, |runs| {
            for &n in &self.lengths {
                runs.put(0, 1);
                runs.put(1, u64::from(n.saturating_sub(1)));
            }
        })?;
        // Definition levels: 2 for an item, 0 for an empty list.
        levels(buf, |runs| {
            for &n in &self.lengths {
                if n == 0 {
                    runs.put(0, 1);
                } else {
                    runs.put(2, u64::from(n));
                }
            }
        })?;
        let width = index_width(self.dictionary.len);
        buf.push(width as u8);
        bit_pack(buf, &self.indices, width);
        let uncompressed = buf.len();
        let compressed = self.snappy.compress_vec(buf).map_err(io::Error::other)?;
        let page = Page::DataPage {
            buf: Bytes::from(compressed),
            num_values,
            encoding: Encoding::RLE_DICTIONARY,
            def_level_encoding: Encoding::RLE,
            rep_level_encoding: Encoding::RLE,
            statistics: None,
        };
        self.pages.push(DataPage {
            page: CompressedPage::new(page, uncompressed),
            rows: self.lengths.len(),
            bytes: None,
        });
        self.indices.clear();
        self.lengths.clear();
        self.levels = 0;
        Ok(())
    }

    /// Ends the column chunk: its bytes (dictionary page first) and what the row group
    /// writer needs to know of it.
    pub(crate) fn close(mut self) -> io::Result<OwnChunk> {
        self.end_page()?;
        let dictionary = std::mem::replace(&mut self.dictionary, Dictionary::new());
        OwnChunk::assemble(ChunkParts {
            descr: self.descr,
            dictionary: Some((dictionary.plain, dictionary.len)),
            pages: self.pages,
            statistics: None,
            snappy: &mut self.snappy,
        })
    }
}

/// What a column chunk of our own is made of.
pub(crate) struct ChunkParts<'a> {
    pub(crate) descr: ColumnDescPtr,
    /// The dictionary page's values (PLAIN) and their number, for a dictionary-encoded
    /// chunk.
    pub(crate) dictionary: Option<(Vec<u8>, u32)>,
    /// The data pages, compressed.
    pub(crate) pages: Vec<DataPage>,
    /// The chunk's statistics, and its values' bytes (`unencoded_byte_array_data_bytes`,
    /// which parquet-rs writes with statistics).
    pub(crate) statistics: Option<(Statistics, i64)>,
    pub(crate) snappy: &'a mut snap::raw::Encoder,
}

/// A column chunk encoded here (by [`ListWriter`] or [`crate::pgn_text`]'s writers): its
/// bytes and what the row group writer needs to know of it.
pub(crate) struct OwnChunk {
    data: Bytes,
    close: ColumnCloseResult,
}

impl OwnChunk {
    /// Writes the pages (the dictionary page first) through parquet's page writer, with
    /// the offset index and the chunk's metadata, as parquet-rs's column writer would.
    pub(crate) fn assemble(parts: ChunkParts<'_>) -> io::Result<OwnChunk> {
        if parts.pages.is_empty() {
            return Err(io::Error::other("a column chunk without rows"));
        }
        let dict_page = match parts.dictionary {
            Some((plain, len)) => {
                let uncompressed = plain.len();
                let compressed = parts
                    .snappy
                    .compress_vec(&plain)
                    .map_err(io::Error::other)?;
                Some(CompressedPage::new(
                    Page::DictionaryPage {
                        buf: Bytes::from(compressed),
                        num_values: len,
                        encoding: Encoding::PLAIN,
                        is_sorted: false,
                    },
                    uncompressed,
                ))
            }
            None => None,
        };
        let has_dictionary = dict_page.is_some();
        let size: usize = parts.pages.iter().map(|p| p.page.data().len() + 64).sum();
        let dict_size = dict_page.as_ref().map_or(0, |p| p.data().len() + 64);
        let mut sink = TrackedWrite::new(Vec::with_capacity(size + dict_size));
        let mut compressed_size = 0u64;
        let mut uncompressed_size = 0u64;
        let mut num_values = 0u64;
        let mut rows = 0u64;
        let mut offsets = OffsetIndexBuilder::new();
        // The data pages of each encoding, in the order they come.
        let mut page_encodings: Vec<(Encoding, i32)> = Vec::new();
        for p in &parts.pages {
            let e = p.page.encoding();
            match page_encodings.iter_mut().find(|(k, _)| *k == e) {
                Some((_, n)) => *n = n.saturating_add(1),
                None => page_encodings.push((e, 1)),
            }
        }
        let mut data_page_offset = 0;
        {
            let mut writer = SerializedPageWriter::new(&mut sink);
            if let Some(page) = dict_page {
                let spec = writer.write_page(page).map_err(parquet_io)?;
                compressed_size += spec.compressed_size as u64;
                uncompressed_size += spec.uncompressed_size as u64;
                data_page_offset = spec.offset + spec.bytes_written;
            }
            for p in parts.pages {
                let spec = writer.write_page(p.page).map_err(parquet_io)?;
                compressed_size += spec.compressed_size as u64;
                uncompressed_size += spec.uncompressed_size as u64;
                num_values += u64::from(spec.num_values);
                rows += p.rows as u64;
                let page_size = i32::try_from(spec.compressed_size)
                    .map_err(|_| io::Error::other("a data page of more than 2 GB"))?;
                offsets.append_offset_and_size(spec.offset as i64, page_size);
                offsets.append_row_count(p.rows as i64);
                if parts.statistics.is_some() {
                    offsets.append_unencoded_byte_array_data_bytes(p.bytes);
                }
            }
            writer.close().map_err(parquet_io)?;
        }
        let bytes = sink.bytes_written() as u64;
        let data = Bytes::from(sink.into_inner().map_err(parquet_io)?);
        let as_i64 = |n: u64| {
            i64::try_from(n).map_err(|_| io::Error::other("a column chunk of more than 2^63"))
        };
        // As parquet-rs: RLE (levels) always, PLAIN for a dictionary page.
        let mut encodings = vec![Encoding::RLE];
        encodings.extend(page_encodings.iter().map(|(e, _)| *e));
        let mut page_stats = Vec::new();
        if has_dictionary {
            encodings.push(Encoding::PLAIN);
            page_stats.push(PageEncodingStats {
                page_type: PageType::DICTIONARY_PAGE,
                encoding: Encoding::PLAIN,
                count: 1,
            });
        }
        page_stats.extend(
            page_encodings
                .iter()
                .map(|&(encoding, count)| PageEncodingStats {
                    page_type: PageType::DATA_PAGE,
                    encoding,
                    count,
                }),
        );
        let mut metadata = ColumnChunkMetaData::builder(parts.descr)
            .set_compression(Compression::SNAPPY)
            .set_encodings_mask(EncodingMask::new_from_encodings(encodings.iter()))
            .set_page_encoding_stats(page_stats)
            .set_total_compressed_size(as_i64(compressed_size)?)
            .set_total_uncompressed_size(as_i64(uncompressed_size)?)
            .set_num_values(as_i64(num_values)?)
            .set_data_page_offset(as_i64(data_page_offset)?)
            .set_dictionary_page_offset(has_dictionary.then_some(0));
        if let Some((statistics, bytes)) = parts.statistics {
            metadata = metadata
                .set_statistics(statistics)
                .set_unencoded_byte_array_data_bytes(Some(bytes));
        }
        let metadata = metadata.build().map_err(parquet_io)?;
        Ok(OwnChunk {
            data,
            close: ColumnCloseResult {
                bytes_written: bytes,
                rows_written: rows,
                metadata,
                bloom_filter: None,
                column_index: None,
                offset_index: Some(offsets.build()),
            },
        })
    }

    pub(crate) fn append_to_row_group<W: Write + Send>(
        self,
        group: &mut SerializedRowGroupWriter<'_, W>,
    ) -> io::Result<()> {
        group
            .append_column(&self.data, self.close)
            .map_err(parquet_io)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    use arrow_array::{Array, ListArray, StringArray};
    use parquet::arrow::arrow_reader::{
        ArrowReaderOptions, ParquetRecordBatchReader, ParquetRecordBatchReaderBuilder,
        RowSelection, RowSelector,
    };
    use parquet::file::writer::SerializedFileWriter;
    use parquet::schema::parser::parse_message_type;

    /// The prefetch (the one `unsafe` block here) changes nothing it is given: every slot
    /// of a table, the first and last byte of a buffer, a zero-sized value.
    #[test]
    fn prefetch_leaves_values_as_they_were() {
        let slots: Vec<(u64, u32)> = (0..4096u64).map(|i| (i * 7, i as u32)).collect();
        let before = slots.clone();
        for slot in &slots {
            prefetch(slot);
        }
        let bytes = vec![0xa5u8; 4097];
        prefetch(&bytes[0]);
        prefetch(&bytes[4096]);
        prefetch(&());
        assert_eq!(slots, before);
        assert!(bytes.iter().all(|&b| b == 0xa5));
    }

    /// Writes `row_groups` (each a list of batches of lists) as a one-column file with
    /// `ListWriter`s whose pages end after `page_levels`, the way `pgn_parquet` does.
    fn write_file(row_groups: &[Vec<Vec<Vec<String>>>], page_levels: usize) -> Bytes {
        let schema = parse_message_type(
            "message m { required group moves_san (LIST) { \
             repeated group list { optional binary item (STRING); } } }",
        )
        .unwrap();
        let props = crate::pgn_parquet::properties(crate::pgn_table::Table::Games);
        let mut file =
            SerializedFileWriter::new(Vec::new(), Arc::new(schema), Arc::new(props)).unwrap();
        for group in row_groups {
            let mut w = ListWriter::with_page_levels(file.schema_descr().column(0), page_levels);
            for batch in group {
                let lengths: Vec<u32> = batch.iter().map(|l| l.len() as u32).collect();
                let mut texts = MoveTexts::with_capacity(0);
                for s in batch.iter().flatten() {
                    texts.push(s.as_bytes());
                }
                w.write(&ListLeaf::new(lengths.into(), texts).unwrap())
                    .unwrap();
            }
            let chunk = w.close().unwrap();
            let mut g = file.next_row_group().unwrap();
            chunk.append_to_row_group(&mut g).unwrap();
            g.close().unwrap();
        }
        Bytes::from(file.into_inner().unwrap())
    }

    fn lists(array: &dyn Array) -> Vec<Vec<String>> {
        let list = array.as_any().downcast_ref::<ListArray>().unwrap();
        (0..list.len())
            .map(|i| {
                let v = list.value(i);
                let s = v.as_any().downcast_ref::<StringArray>().unwrap();
                assert_eq!(s.null_count(), 0);
                (0..s.len()).map(|j| s.value(j).to_owned()).collect()
            })
            .collect()
    }

    /// The Arrow reader's batches (of `batch_size` rows) of the file `data`: every row, or
    /// rows `skip..skip + take` if given (through the offset index, when `options` reads
    /// it). The test modules of our writers read their files back with it.
    pub(crate) fn batches(
        data: &Bytes,
        options: ArrowReaderOptions,
        skip: Option<(usize, usize)>,
        batch_size: usize,
    ) -> ParquetRecordBatchReader {
        let mut b = ParquetRecordBatchReaderBuilder::try_new_with_options(data.clone(), options)
            .unwrap()
            .with_batch_size(batch_size);
        if let Some((skip, take)) = skip {
            b = b.with_row_selection(RowSelection::from(vec![
                RowSelector::skip(skip),
                RowSelector::select(take),
            ]));
        }
        b.build().unwrap()
    }

    fn read_all(
        data: &Bytes,
        options: ArrowReaderOptions,
        skip: Option<(usize, usize)>,
    ) -> Vec<Vec<String>> {
        batches(data, options, skip, 777)
            .flat_map(|batch| lists(batch.unwrap().column(0).as_ref()))
            .collect()
    }

    #[test]
    fn lists_read_back_across_pages_batches_and_row_groups() {
        // Lists of every length from 0 (empty lists in runs, at the start and the end),
        // a list longer than a page, values that need 1 bit at first and 14 later (more
        // than 2^13 distinct), texts of more than 8 bytes and with NUL bytes, the empty
        // text; row groups of several batches.
        let mut games: Vec<Vec<String>> = Vec::new();
        for i in 0..3000usize {
            let n = match i % 7 {
                0 | 1 => 0,
                2 => 1,
                3 => 2,
                4 => i % 61,
                5 => 9,
                _ => 100,
            };
            let list: Vec<String> = (0..n)
                .map(|j| match (i + j) % 13 {
                    0 => "a move text longer than 8 bytes".to_owned(),
                    1 => format!("nul\0{}", j % 3),
                    2 => String::new(),
                    3..=5 => format!("{}", (i * 31 + j) % 10_000),
                    _ => ["e4", "Nf3", "O-O-O+", "exd8=Q#", "12345678"][j % 5].to_owned(),
                })
                .collect();
            games.push(list);
        }
        games[1500] = (0..5000).map(|j| format!("x{j}")).collect();
        games.insert(0, vec!["e4".to_owned(), "e5".to_owned()]);
        let batches: Vec<Vec<Vec<String>>> = games.chunks(97).map(|c| c.to_vec()).collect();
        let groups: Vec<Vec<Vec<Vec<String>>>> = batches.chunks(9).map(|c| c.to_vec()).collect();
        for page_levels in [1, 50, 1000, PAGE_LEVELS] {
            let data = write_file(&groups, page_levels);
            let got = read_all(&data, ArrowReaderOptions::new(), None);
            assert_eq!(got, games, "pages of {page_levels}");
            // Through the offset index: rows skipped and selected page by page.
            let options = ArrowReaderOptions::new().with_page_index(true);
            let got = read_all(&data, options.clone(), Some((1234, 777)));
            assert_eq!(got, games[1234..1234 + 777], "pages of {page_levels}");
            let meta = ParquetRecordBatchReaderBuilder::try_new_with_options(data, options)
                .unwrap()
                .metadata()
                .clone();
            assert_eq!(meta.num_row_groups(), groups.len());
            let pages = &meta.offset_index().unwrap()[0][0].page_locations;
            if page_levels == 1 {
                // A page per list.
                assert_eq!(pages.len(), 97 * 9);
            }
            let rows: i64 = groups[0].iter().map(|b| b.len() as i64).sum();
            assert_eq!(meta.row_group(0).num_rows(), rows);
            let levels: i64 = groups[0]
                .iter()
                .flatten()
                .map(|l| l.len().max(1) as i64)
                .sum();
            assert_eq!(meta.row_group(0).column(0).num_values(), levels);
        }
    }

    #[test]
    fn lengths_that_do_not_add_up_are_errors() {
        let mut texts = MoveTexts::with_capacity(0);
        texts.push(b"e4");
        assert!(ListLeaf::new(vec![2u32].into(), texts.clone()).is_err());
        assert!(ListLeaf::new(vec![0u32].into(), texts.clone()).is_err());
        assert!(ListLeaf::new(vec![1u32, 0].into(), texts).is_ok());
    }

    #[test]
    fn codes_are_unique_and_give_back_their_texts() {
        let texts: Vec<&[u8]> = vec![
            b"",
            b"e4",
            b"e4+",
            b"Qa1xb2#",
            b"exd8=Q+",
            b"O-O-O",
            b"12345678",
            b"123456789",
            b"e4\0",
            b"\0",
            b"a\xff",
            b"a\0",
            b"\0a",
            b"ab\0",
            b"abc",
            b"abcd",
            b"abcde",
            b"abcdefg",
            b"\x80\x01",
            b"abcdefg\0",
            b"\xff\xff\xff\xff\xff\xff\xff\xff",
        ];
        let mut t = MoveTexts::with_capacity(0);
        for s in &texts {
            t.push(s);
        }
        let mut seen = std::collections::HashSet::new();
        for (s, &code) in texts.iter().zip(&t.codes) {
            assert!(seen.insert(code), "{s:?}");
            let back: Vec<u8> = if is_long(code) {
                t.text(code).unwrap().to_vec()
            } else {
                let (b, n) = short_text(code);
                b[..n].to_vec()
            };
            assert_eq!(&back[..], *s);
        }
        // The texts of more than 8 bytes or with a NUL byte.
        assert_eq!(t.long.len(), 7);
    }

    #[test]
    fn index_widths() {
        assert_eq!(index_width(0), 1);
        assert_eq!(index_width(1), 1);
        assert_eq!(index_width(2), 1);
        assert_eq!(index_width(3), 2);
        assert_eq!(index_width(256), 8);
        assert_eq!(index_width(257), 9);
    }

    #[test]
    fn runs_and_bit_packing_as_parquet_spells_them() {
        let mut out = Vec::new();
        levels(&mut out, |r| {
            r.put(0, 1);
            r.put(1, 3);
            r.put(1, 2);
            r.put(0, 0);
            r.put(2, 200);
        })
        .unwrap();
        // length 7: (1 << 1, 0), (5 << 1, 1), (200 << 1 = 400 = varint 0x90 0x03, 2)
        assert_eq!(out, vec![7, 0, 0, 0, 2, 0, 10, 1, 0x90, 0x03, 2]);
        let mut out = Vec::new();
        bit_pack(&mut out, &[1, 2, 3], 2);
        // One group: 1 | 2 << 2 | 3 << 4 = 0b111001, then zeros.
        assert_eq!(out, vec![3, 0b0011_1001, 0]);
        let mut out = Vec::new();
        let values: Vec<u32> = (0..(63 * 8 + 1)).collect();
        bit_pack(&mut out, &values, 9);
        assert_eq!(out[0], 127);
        assert_eq!(out.len(), 1 + 63 * 9 + 1 + 9);
        assert_eq!(out[1 + 63 * 9], 3);
    }

    #[test]
    fn dictionary_grows_and_keeps_its_indices() {
        let mut d = Dictionary::new();
        let mut t = MoveTexts::with_capacity(0);
        let names: Vec<String> = (0..20_000).map(|i| format!("m{i}")).collect();
        for n in &names {
            t.push(n.as_bytes());
        }
        t.push(b"a very long move text");
        for round in 0..2 {
            for (i, &code) in t.codes.iter().enumerate() {
                assert_eq!(d.index(code, &t).unwrap() as usize, i, "round {round}");
            }
        }
        assert_eq!(d.len as usize, names.len() + 1);
        // In batches, with repeats among new values.
        let mut d = Dictionary::new();
        let mut t = MoveTexts::with_capacity(0);
        for n in names.iter().chain(&names) {
            t.push(n.as_bytes());
        }
        // Two ranges (the prefetch looks past the first one's end), then one past the end.
        let mut out = Vec::new();
        let half = t.len() / 3;
        d.indices(&t, 0..half, &mut out).unwrap();
        d.indices(&t, half..t.len(), &mut out).unwrap();
        let want: Vec<u32> = (0..names.len() as u32).collect();
        assert_eq!(out[..names.len()], want);
        assert_eq!(out[names.len()..], want);
        assert!(d.indices(&t, t.len()..t.len() + 1, &mut out).is_err());
        assert_eq!(out.len(), 2 * names.len());
    }
}
