//! Parquet output of `chessbits pgn games` and `chessbits pgn moves`, built for speed,
//! with parquet-rs's low-level column writers (no Apache Arrow in the program).
//!
//! - The worker threads replay a batch of [`GameRecord`]s straight into Parquet leaves
//!   (one per leaf column of the schema): the values (SAN, UCI and FEN text appended to one
//!   buffer per leaf: no `String` per value, no row structs in between) and their
//!   definition and repetition levels, the parts of the encoding that belong to a batch.
//! - The writing thread hands each leaf to the column writer of the current row group
//!   (parquet-rs's `ColumnWriterImpl`, writing its pages to memory). With `--threads 2` or
//!   more the column writers live on encoder threads of their own (a few columns each,
//!   balanced by the time they took), so that dictionary, level and page encoding and
//!   Snappy compression run in parallel too, while row groups stay as large as readers
//!   like them (they are not tied to the batches: [`row_group_rows`]). A closed column
//!   chunk is appended to the row group with
//!   [`SerializedRowGroupWriter::append_column`].
//! - The games table's move lists (`moves_uci`, `moves_san`: most of the values) are
//!   packed into codes by the workers and encoded by [`crate::pgn_lists`] (dictionary,
//!   levels, pages), on the encoder threads like the other columns.
//!
//! The schema is [`crate::pgn_table::schema`]. The values are those of the `pgn` crate's
//! [`chessbits_pgn::table`] rows, which CSV and NDJSON are written from (the tests compare
//! the three formats value by value).

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::{mpsc, Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bytes::Bytes;
use chessbits_bitboard_core::Move;
use chessbits_pgn::table::{error_text, played_notes, Eval};
use chessbits_pgn::{
    replay, replay_packed, suffix_of, write_fen, GameRecord, Position, Report, San, SanMode,
    SanPlus,
};
use parquet::basic::Compression;
use parquet::column::page::{CompressedPage, PageWriteSpec, PageWriter};
use parquet::column::writer::{get_column_writer, ColumnCloseResult, ColumnWriter};
use parquet::data_type::ByteArray;
use parquet::file::properties::{EnabledStatistics, WriterProperties, WriterPropertiesPtr};
use parquet::file::writer::{
    SerializedFileWriter, SerializedPageWriter, SerializedRowGroupWriter, TrackedWrite,
};
use parquet::schema::types::{ColumnDescPtr, ColumnPath, SchemaDescriptor};

use crate::pgn_lists::{pack, ListLeaf, ListWriter, MoveTexts, OwnChunk};
use crate::pgn_table::{schema, Table, TAG_COLUMNS};
use crate::pgn_text::{DictLeaf, DictTextWriter, PlainTextWriter, SameWriter, TextLeaf};

/// A Parquet error as an I/O error, keeping the I/O error's kind (a closed pipe stays a
/// closed pipe).
pub(crate) fn parquet_io(e: parquet::errors::ParquetError) -> io::Error {
    match e {
        parquet::errors::ParquetError::External(inner) => match inner.downcast::<io::Error>() {
            Ok(io) => *io,
            Err(other) => io::Error::other(other.to_string()),
        },
        other => io::Error::other(other.to_string()),
    }
}

/// Rows per row group: DuckDB, Spark and Polars split work by row group, and a file may
/// hold at most 32,767 of them, so a row group is large (a Lichess month, ~100 million
/// games, is ~1,500 row groups of games and ~14,000 of moves). Only encoded, compressed
/// pages of a row group are held until it is written.
pub(crate) fn row_group_rows(table: Table) -> usize {
    match table {
        Table::Games => 64 * 1024,
        Table::Moves => 512 * 1024,
    }
}

/// The writer properties of a table: Snappy (what every reader reads, and fast), statistics
/// per column chunk only where a query filters on them (numbers, tag text; not the move
/// lists and FENs, whose min/max would only cost time), no dictionary for the FENs (nearly
/// all distinct).
pub(crate) fn properties(table: Table) -> WriterProperties {
    let mut props = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_max_row_group_size(row_group_rows(table))
        .set_statistics_enabled(EnabledStatistics::Chunk);
    let no_stats: &[&[&str]] = match table {
        Table::Games => &[
            &["tags", "list", "item", "key"],
            &["tags", "list", "item", "value"],
            &["moves_uci", "list", "item"],
            &["moves_san", "list", "item"],
            &["clocks", "list", "item"],
            &["evals", "list", "item", "cp"],
            &["evals", "list", "item", "mate"],
            &["error"],
        ],
        Table::Moves => &[&["before_fen"], &["after_fen"], &["san"], &["uci"]],
    };
    for path in no_stats {
        let path = ColumnPath::new(path.iter().map(|s| (*s).to_owned()).collect());
        props = props.set_column_statistics_enabled(path, EnabledStatistics::None);
    }
    // Game numbers (and in the moves table, FENs and plies) are (nearly) all distinct, or
    // run-length encode as well without: a dictionary only costs time.
    let no_dictionary: &[&str] = match table {
        Table::Games => &["game"],
        Table::Moves => &["game", "ply", "before_fen", "after_fen"],
    };
    for c in no_dictionary {
        props = props.set_column_dictionary_enabled(ColumnPath::from(*c), false);
    }
    props.build()
}

// ---- leaves ----

/// A batch's values of a leaf column (the non-null ones, levels aside).
enum Values {
    /// Texts: their bytes one after the other, and where each ends (after a leading 0).
    Text {
        bytes: Vec<u8>,
        ends: Vec<u32>,
    },
    Int32(Vec<i32>),
    Int64(Vec<i64>),
    Double(Vec<f64>),
}

/// A batch's part of a leaf column written by parquet-rs's column writer: values and
/// levels (`None` where the leaf has none: a required column outside lists).
struct PlainLeaf {
    values: Values,
    def: Option<Arc<[i16]>>,
    rep: Option<Arc<[i16]>>,
}

impl PlainLeaf {
    fn required(values: Values) -> Leaf {
        Leaf::Plain(PlainLeaf {
            values,
            def: None,
            rep: None,
        })
    }

    fn optional(values: Values, def: Vec<i16>) -> Leaf {
        Leaf::Plain(PlainLeaf {
            values,
            def: Some(def.into()),
            rep: None,
        })
    }

    fn repeated(values: Values, def: Arc<[i16]>, rep: Arc<[i16]>) -> Leaf {
        Leaf::Plain(PlainLeaf {
            values,
            def: Some(def),
            rep: Some(rep),
        })
    }
}

/// A UTF-8 column being built: its values' bytes and ends.
struct Text {
    ends: Vec<u32>,
    bytes: Vec<u8>,
}

impl Text {
    fn with_capacity(rows: usize, bytes: usize) -> Text {
        let mut ends = Vec::with_capacity(rows + 1);
        ends.push(0);
        Text {
            ends,
            bytes: Vec::with_capacity(bytes),
        }
    }

    /// Ends the value appended to `bytes` since the last one.
    fn end(&mut self) {
        // Checked in `finish`: a batch never holds 4 GB of text, and if it did the length
        // would say so.
        self.ends.push(self.bytes.len() as u32);
    }

    fn push(&mut self, s: &[u8]) {
        self.bytes.extend_from_slice(s);
        self.end();
    }

    /// Pushes `s`, its invalid UTF-8 sequences replaced by U+FFFD.
    #[inline]
    fn push_lossy(&mut self, s: &[u8]) {
        // Most texts are ASCII: checked inline, where `from_utf8` is a call.
        if s.is_ascii() {
            self.push(s);
        } else {
            self.push_non_ascii(s);
        }
    }

    #[inline(never)]
    fn push_non_ascii(&mut self, s: &[u8]) {
        match std::str::from_utf8(s) {
            Ok(s) => self.push(s.as_bytes()),
            Err(_) => self.push(String::from_utf8_lossy(s).as_bytes()),
        }
    }

    /// The value of index `i`, empty if there is none.
    #[inline]
    fn get(&self, i: usize) -> &[u8] {
        match (self.ends.get(i), self.ends.get(i + 1)) {
            (Some(&a), Some(&b)) => self.bytes.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// The value pushed last.
    fn last(&self) -> &[u8] {
        let n = self.ends.len();
        &self.bytes[self.ends[n - 2] as usize..]
    }

    /// The values.
    fn len(&self) -> usize {
        self.ends.len() - 1
    }

    /// The values as a leaf of [`PlainTextWriter`].
    fn into_leaf(self) -> io::Result<TextLeaf> {
        match self.finish()? {
            Values::Text { bytes, ends } => Ok(TextLeaf { bytes, ends }),
            _ => Err(io::Error::other("text values")),
        }
    }

    fn finish(self) -> io::Result<Values> {
        if u32::try_from(self.bytes.len()).is_err() {
            return Err(io::Error::other(
                "a batch of rows holds more than 4 GB of text in a column",
            ));
        }
        Ok(Values::Text {
            bytes: self.bytes,
            ends: self.ends,
        })
    }
}

/// A nullable UTF-8 column outside lists: values and definition levels.
struct OptText {
    text: Text,
    def: Vec<i16>,
}

impl OptText {
    fn with_capacity(rows: usize, bytes: usize) -> OptText {
        OptText {
            text: Text::with_capacity(rows, bytes),
            def: Vec::with_capacity(rows),
        }
    }

    fn push(&mut self, s: &[u8]) {
        self.text.push(s);
        self.def.push(1);
    }

    fn push_null(&mut self) {
        self.def.push(0);
    }

    fn finish(self) -> io::Result<Leaf> {
        Ok(PlainLeaf::optional(self.text.finish()?, self.def))
    }

    /// The values and levels as a leaf of [`DictTextWriter`].
    fn into_dict_leaf(self) -> io::Result<Leaf> {
        Ok(Leaf::Dict(DictLeaf {
            text: self.text.into_leaf()?,
            def: Some(self.def.into()),
            rep: None,
        }))
    }
}

/// Appends the canonical SAN of `m` with its check or mate suffix.
fn push_san(out: &mut Vec<u8>, before: &Position, m: Move, after: &Position) {
    SanPlus {
        san: San::from_move(before, m),
        suffix: suffix_of(after),
    }
    .write_to(out);
}

/// `{cp, mate}` structs being built: each field's values (the non-null ones) and
/// definition levels; `level` is the definition level of a struct that is there (a field
/// that is there is one more).
struct Evals {
    cp: Vec<i32>,
    mate: Vec<i32>,
    cp_def: Vec<i16>,
    mate_def: Vec<i16>,
    level: i16,
}

impl Evals {
    fn with_capacity(n: usize, level: i16) -> Evals {
        Evals {
            cp: Vec::with_capacity(n),
            mate: Vec::with_capacity(n),
            cp_def: Vec::with_capacity(n),
            mate_def: Vec::with_capacity(n),
            level,
        }
    }

    fn push(&mut self, e: Option<Eval>) {
        let l = self.level;
        match e {
            Some(Eval::Centipawns(cp)) => {
                self.cp.push(cp);
                self.cp_def.push(l + 1);
                self.mate_def.push(l);
            }
            Some(Eval::Mate(m)) => {
                self.mate.push(m);
                self.cp_def.push(l);
                self.mate_def.push(l + 1);
            }
            None => self.push_level(l - 1),
        }
    }

    /// A level below a struct's (a null struct, a null or empty list).
    fn push_level(&mut self, level: i16) {
        self.cp_def.push(level);
        self.mate_def.push(level);
    }

    /// The `cp` and `mate` leaves, with repetition levels `rep` if in a list.
    fn finish(self, rep: Option<Arc<[i16]>>) -> [Leaf; 2] {
        [(self.cp, self.cp_def), (self.mate, self.mate_def)].map(|(values, def)| {
            Leaf::Plain(PlainLeaf {
                values: Values::Int32(values),
                def: Some(def.into()),
                rep: rep.clone(),
            })
        })
    }
}

/// Repetition levels of a list: 0 starts a row, 1 continues its list.
fn push_rep(rep: &mut Vec<i16>, items: usize) {
    rep.push(0);
    rep.extend(std::iter::repeat_n(1, items.saturating_sub(1)));
}

fn file_leaf(file: &str, rows: usize) -> Leaf {
    Leaf::Same(Bytes::copy_from_slice(file.as_bytes()), rows)
}

/// The tag columns of the games table, then `UTCTime`: the tag names looked for.
fn looked_for() -> impl Iterator<Item = &'static str> {
    TAG_COLUMNS
        .iter()
        .map(|(_, tag)| *tag)
        .chain(std::iter::once("UTCTime"))
}

const LOOKED_FOR: usize = TAG_COLUMNS.len() + 1;

/// The tag names looked for ([`looked_for`]), found by a tag name's [`pack`] code in a
/// small hash table (one or two comparisons where each name was compared in turn).
struct LookedFor {
    /// (code, place in `looked_for` + 1) at the code's hash or after, 0 where empty.
    short: [(u64, u8); LookedFor::SLOTS],
    /// The names longer than 8 bytes (no code), with their place.
    long: Vec<(&'static [u8], usize)>,
}

impl LookedFor {
    const SLOTS: usize = 64;

    fn new() -> LookedFor {
        let mut f = LookedFor {
            short: [(0, 0); LookedFor::SLOTS],
            long: Vec::new(),
        };
        for (k, name) in looked_for().enumerate() {
            match pack(name.as_bytes()) {
                Some(code) => {
                    let mut i = LookedFor::slot(code);
                    while f.short[i].1 != 0 {
                        i = (i + 1) % LookedFor::SLOTS;
                    }
                    // `LOOKED_FOR` is far below 255.
                    f.short[i] = (code, k as u8 + 1);
                }
                None => f.long.push((name.as_bytes(), k)),
            }
        }
        f
    }

    #[inline]
    fn slot(code: u64) -> usize {
        (code.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize
    }

    /// The place of the tag `name` (of code `code`, `pack(name)`) among those looked for.
    #[inline]
    fn find(&self, code: Option<u64>, name: &[u8]) -> Option<usize> {
        match code {
            Some(code) => {
                let mut i = LookedFor::slot(code);
                // Fewer names than slots: an empty slot ends the search.
                loop {
                    let (c, k) = self.short[i];
                    if k == 0 {
                        return None;
                    }
                    if c == code {
                        return Some(usize::from(k - 1));
                    }
                    i = (i + 1) % LookedFor::SLOTS;
                }
            }
            None => self.long.iter().find(|(n, _)| *n == name).map(|&(_, k)| k),
        }
    }
}

/// Replays `records` into the leaves of the games table.
pub(crate) fn games_columns(
    file: &str,
    records: &[GameRecord],
    mode: SanMode,
) -> io::Result<(Report, Leaves)> {
    let n = records.len();
    let moves: usize = records.iter().map(GameRecord::len).sum();
    let mut report = Report::default();
    let mut game = Vec::with_capacity(n);
    // The tag columns and utc_time as text (the Elo columns are parsed from theirs).
    let mut tag_text: Vec<OptText> = (0..LOOKED_FOR)
        .map(|_| OptText::with_capacity(n, n * 12))
        .collect();
    let mut elo: [(Vec<i32>, Vec<i16>); 2] = [
        (Vec::with_capacity(n), Vec::with_capacity(n)),
        (Vec::with_capacity(n), Vec::with_capacity(n)),
    ];
    // The tags: a list of {key, value} per game, never null, its items never null.
    // The keys are few distinct short texts, encoded by `pgn_lists` like the move lists
    // (the list shape and levels are the same).
    let mut keys = MoveTexts::with_capacity(n * 12);
    let mut tag_lengths: Vec<u32> = Vec::with_capacity(n);
    let mut values = Text::with_capacity(n * 12, n * 200);
    let mut tag_def = Vec::with_capacity(n * 12);
    let mut tag_rep = Vec::with_capacity(n * 12);
    let mut plies = Vec::with_capacity(n);
    // The move lists: lengths and texts as codes (encoded by `pgn_lists`).
    let mut lengths: Vec<u32> = Vec::with_capacity(n);
    let mut uci = MoveTexts::with_capacity(moves);
    let mut san = MoveTexts::with_capacity(moves);
    // Clocks and evals: a list per game that has any (as long as its moves), else null.
    // Definition levels: 0 a null list, 1 an empty one, 2 a null item, 3 an item (4 for
    // an eval's field).
    let mut clocks = Vec::with_capacity(moves);
    let mut clock_def = Vec::with_capacity(moves);
    let mut clock_rep = Vec::with_capacity(moves);
    let mut evals = Evals::with_capacity(moves, 3);
    let mut eval_rep = Vec::with_capacity(moves);
    let mut errors = OptText::with_capacity(n, 0);
    let elo_at = |tag: &str| TAG_COLUMNS.iter().position(|(_, t)| *t == tag);
    let (white_elo, black_elo) = (elo_at("WhiteElo"), elo_at("BlackElo"));
    let looked = LookedFor::new();
    let result_at = looked_for().position(|t| t == "Result");
    for record in records {
        game.push(i64::try_from(record.game).unwrap_or(i64::MAX));
        // The first tag of each name looked for, as `GameRow::tag` finds it.
        let mut found: [Option<usize>; LOOKED_FOR] = [None; LOOKED_FOR];
        let first_tag = keys.len();
        // The game's tag values are `values`' from this one on (made valid UTF-8 once).
        let first_value = values.len();
        for (i, (name, value)) in record.tags.iter().enumerate() {
            // Names of at most 8 bytes compared as codes (most tag names): a comparison of
            // slices of equal length was a call to `memcmp`.
            let code = pack(name);
            match code {
                // ASCII: the text as it is.
                Some(c) if c & 0x8080_8080_8080_8080 == 0 => keys.push_code(c),
                _ => match std::str::from_utf8(name) {
                    Ok(s) => keys.push(s.as_bytes()),
                    Err(_) => keys.push(String::from_utf8_lossy(name).as_bytes()),
                },
            }
            values.push_lossy(value);
            if let Some(k) = looked.find(code, name) {
                if found[k].is_none() {
                    found[k] = Some(i);
                }
            }
        }
        // The result token stands in for a missing Result tag, at the end of the tags.
        let mut result_token = None;
        if let Some(r) = result_at {
            if found[r].is_none() {
                if let Some(token) = record.result {
                    keys.push(b"Result");
                    values.push(token.as_str().as_bytes());
                    result_token = Some(token.as_str());
                }
            }
        }
        // The value of the game's tag `i`, as written in the tags column.
        let tag_value = |i: usize| values.get(first_value + i);
        let tags = keys.len() - first_tag;
        if tags == 0 {
            tag_def.push(0);
        } else {
            tag_def.extend(std::iter::repeat_n(2, tags));
        }
        push_rep(&mut tag_rep, tags);
        tag_lengths.push(u32::try_from(tags).map_err(|_| io::Error::other("2^32 tags"))?);
        for (k, text) in tag_text.iter_mut().enumerate() {
            match (found[k], result_token) {
                (Some(i), _) => text.push(tag_value(i)),
                (None, Some(token)) if Some(k) == result_at => text.push(token.as_bytes()),
                (None, _) => text.push_null(),
            }
        }
        for ((values, def), at) in elo.iter_mut().zip([white_elo, black_elo]) {
            let value = at.and_then(|k| found[k]).and_then(|i| {
                std::str::from_utf8(tag_value(i))
                    .ok()
                    .and_then(|s| s.trim().parse::<i32>().ok())
            });
            match value {
                Some(v) => {
                    values.push(v);
                    def.push(1);
                }
                None => def.push(0),
            }
        }
        let chessbits_pgn::Replayed { played, error, .. } =
            replay_packed(record, mode, san.codes_mut(), uci.codes_mut());
        let played_n = usize::try_from(played).unwrap_or(usize::MAX);
        let notes = played_notes(record, played_n);
        if notes.iter().any(|(c, _)| c.is_some()) {
            if played_n == 0 {
                clock_def.push(1);
            }
            for i in 0..played_n {
                match notes.get(i).and_then(|n| n.0) {
                    Some(c) => {
                        clocks.push(c);
                        clock_def.push(3);
                    }
                    None => clock_def.push(2),
                }
            }
            push_rep(&mut clock_rep, played_n);
        } else {
            clock_def.push(0);
            clock_rep.push(0);
        }
        if notes.iter().any(|(_, e)| e.is_some()) {
            if played_n == 0 {
                evals.push_level(1);
            }
            for i in 0..played_n {
                evals.push(notes.get(i).and_then(|n| n.1));
            }
            push_rep(&mut eval_rep, played_n);
        } else {
            evals.push_level(0);
            eval_rep.push(0);
        }
        plies.push(i32::try_from(played).unwrap_or(i32::MAX));
        lengths.push(
            u32::try_from(played).map_err(|_| io::Error::other("a game of 2^32 moves or more"))?,
        );
        match error_text(record, &error) {
            Some(e) => errors.push(e.as_bytes()),
            None => errors.push_null(),
        }
        report.add_game(record, played, error);
    }
    let mut leaves = vec![file_leaf(file, n), PlainLeaf::required(Values::Int64(game))];
    let mut tag_text = tag_text.into_iter();
    let mut elo = elo.into_iter();
    for (c, _) in TAG_COLUMNS {
        // The Elo columns' text is dropped: their values are the numbers parsed above.
        let text = tag_text
            .next()
            .ok_or_else(|| io::Error::other("tag column"))?;
        if c == "white_elo" || c == "black_elo" {
            let (values, def) = elo.next().unwrap_or_default();
            leaves.push(PlainLeaf::optional(Values::Int32(values), def));
        } else {
            leaves.push(text.into_dict_leaf()?);
        }
    }
    let utc_time = tag_text
        .next()
        .ok_or_else(|| io::Error::other("utc_time"))?;
    leaves.push(utc_time.into_dict_leaf()?);
    let (tag_def, tag_rep): (Arc<[i16]>, Arc<[i16]>) = (tag_def.into(), tag_rep.into());
    leaves.push(Leaf::List(ListLeaf::new(tag_lengths.into(), keys)?));
    leaves.push(Leaf::Dict(DictLeaf {
        text: values.into_leaf()?,
        def: Some(tag_def),
        rep: Some(tag_rep),
    }));
    leaves.push(PlainLeaf::required(Values::Int32(plies)));
    let lengths: Arc<[u32]> = lengths.into();
    leaves.push(Leaf::List(ListLeaf::new(Arc::clone(&lengths), uci)?));
    leaves.push(Leaf::List(ListLeaf::new(lengths, san)?));
    leaves.push(PlainLeaf::repeated(
        Values::Double(clocks),
        clock_def.into(),
        clock_rep.into(),
    ));
    leaves.extend(evals.finish(Some(eval_rep.into())));
    leaves.push(errors.finish()?);
    Ok((report, Leaves { rows: n, leaves }))
}

/// Replays `records` into the leaves of the moves table.
pub(crate) fn moves_columns(
    file: &str,
    records: &[GameRecord],
    mode: SanMode,
) -> io::Result<(Report, Leaves)> {
    let moves: usize = records.iter().map(GameRecord::len).sum();
    let mut report = Report::default();
    let mut game = Vec::with_capacity(moves);
    let mut ply = Vec::with_capacity(moves);
    let mut before = Text::with_capacity(moves, moves * 64);
    let mut san = Text::with_capacity(moves, moves * 4);
    let mut uci = Text::with_capacity(moves, moves * 4);
    let mut after = Text::with_capacity(moves, moves * 64);
    let mut clock = Vec::with_capacity(moves);
    let mut clock_def = Vec::with_capacity(moves);
    let mut eval = Evals::with_capacity(moves, 1);
    for record in records {
        let number = i64::try_from(record.game).unwrap_or(i64::MAX);
        let mut p = 0usize;
        let chessbits_pgn::Replayed { played, error, .. } = replay(record, mode, |b, m, a| {
            if p == 0 {
                write_fen(b, &mut before.bytes);
                before.end();
            } else {
                // The position before a move is the one after the last.
                before.bytes.extend_from_slice(after.last());
                before.end();
            }
            push_san(&mut san.bytes, b, m, a);
            san.end();
            m.write_uci(b.mode().is_chess960(), &mut uci.bytes);
            uci.end();
            write_fen(a, &mut after.bytes);
            after.end();
            let (c, e) = record.notes.get(p).copied().unwrap_or((None, None));
            match c {
                Some(c) => {
                    clock.push(c);
                    clock_def.push(1);
                }
                None => clock_def.push(0),
            }
            eval.push(e);
            p += 1;
            game.push(number);
            ply.push(i32::try_from(p).unwrap_or(i32::MAX));
        });
        report.add_game(record, played, error);
    }
    let rows = game.len();
    if [before.len(), san.len(), uci.len(), after.len()] != [rows; 4] {
        return Err(io::Error::other("moves table columns of different lengths"));
    }
    let mut leaves = vec![
        file_leaf(file, rows),
        PlainLeaf::required(Values::Int64(game)),
        PlainLeaf::required(Values::Int32(ply)),
        Leaf::Text(before.into_leaf()?),
        PlainLeaf::required(san.finish()?),
        PlainLeaf::required(uci.finish()?),
        Leaf::Text(after.into_leaf()?),
        PlainLeaf::optional(Values::Double(clock), clock_def),
    ];
    leaves.extend(eval.finish(None));
    Ok((report, Leaves { rows, leaves }))
}

/// A batch's leaves, in the schema's order, ready for the column writers.
pub(crate) struct Leaves {
    /// The rows.
    pub(crate) rows: usize,
    leaves: Vec<Leaf>,
}

/// A batch's part of a Parquet leaf column.
enum Leaf {
    Plain(PlainLeaf),
    List(ListLeaf),
    /// One text for all the rows (`file`).
    Same(Bytes, usize),
    /// Texts written PLAIN (the FENs).
    Text(TextLeaf),
    /// Texts with levels, dictionary-encoded (the tags).
    Dict(DictLeaf),
}

/// Which writer encodes a leaf.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// parquet-rs's column writer.
    Generic,
    /// [`ListWriter`]: the games table's move lists and tag keys.
    List,
    /// [`SameWriter`]: `file`.
    Same,
    /// [`PlainTextWriter`]: the moves table's FENs.
    PlainText,
    /// [`DictTextWriter`]: the games table's tag text columns and tag values.
    Dict,
}

/// The writer of each leaf of `table`.
fn kinds(table: Table, schema: &SchemaDescriptor) -> Vec<Kind> {
    (0..schema.num_columns())
        .map(|i| {
            let path = schema.column(i).path().parts().to_vec();
            match (table, path.join(".").as_str()) {
                (_, "file") => Kind::Same,
                (
                    Table::Games,
                    "tags.list.item.key" | "moves_uci.list.item" | "moves_san.list.item",
                ) => Kind::List,
                (Table::Moves, "before_fen" | "after_fen") => Kind::PlainText,
                (Table::Games, "utc_time" | "tags.list.item.value") => Kind::Dict,
                (Table::Games, c)
                    if TAG_COLUMNS.iter().any(|(t, _)| *t == c)
                        && c != "white_elo"
                        && c != "black_elo" =>
                {
                    Kind::Dict
                }
                _ => Kind::Generic,
            }
        })
        .collect()
}

/// A column chunk's bytes being written, shared by the page writer (owned by the column
/// writer) and the [`PlainWriter`] that takes them when the column writer is closed.
type Sink = Arc<Mutex<TrackedWrite<Vec<u8>>>>;

/// A page writer to memory: pages with their headers, as in the file (offsets from the
/// start of the column chunk).
struct MemoryPages(Sink);

impl PageWriter for MemoryPages {
    fn write_page(&mut self, page: CompressedPage) -> parquet::errors::Result<PageWriteSpec> {
        let mut sink = self
            .0
            .lock()
            .map_err(|_| parquet::errors::ParquetError::General("a poisoned lock".into()))?;
        SerializedPageWriter::new(&mut sink).write_page(page)
    }

    fn close(&mut self) -> parquet::errors::Result<()> {
        Ok(())
    }
}

/// parquet-rs's column writer of a leaf in a row group, writing to memory.
struct PlainWriter {
    column: ColumnWriter<'static>,
    sink: Sink,
    /// A batch's texts as parquet-rs takes them (slices of the batch's bytes).
    texts: Vec<ByteArray>,
}

impl PlainWriter {
    fn new(descr: ColumnDescPtr, props: WriterPropertiesPtr) -> PlainWriter {
        let sink: Sink = Arc::new(Mutex::new(TrackedWrite::new(Vec::new())));
        let pages = Box::new(MemoryPages(Arc::clone(&sink)));
        PlainWriter {
            column: get_column_writer(descr, props, pages),
            sink,
            texts: Vec::new(),
        }
    }

    fn write(&mut self, leaf: PlainLeaf) -> io::Result<()> {
        let def = leaf.def.as_deref();
        let rep = leaf.rep.as_deref();
        let (written, values) = match (&mut self.column, leaf.values) {
            (ColumnWriter::ByteArrayColumnWriter(w), Values::Text { bytes, ends }) => {
                let bytes = Bytes::from(bytes);
                self.texts.clear();
                self.texts.extend(
                    ends.windows(2)
                        .map(|e| ByteArray::from(bytes.slice(e[0] as usize..e[1] as usize))),
                );
                let written = w.write_batch(&self.texts, def, rep);
                self.texts.clear();
                (written, ends.len() - 1)
            }
            (ColumnWriter::Int32ColumnWriter(w), Values::Int32(v)) => {
                (w.write_batch(&v, def, rep), v.len())
            }
            (ColumnWriter::Int64ColumnWriter(w), Values::Int64(v)) => {
                (w.write_batch(&v, def, rep), v.len())
            }
            (ColumnWriter::DoubleColumnWriter(w), Values::Double(v)) => {
                (w.write_batch(&v, def, rep), v.len())
            }
            _ => return Err(io::Error::other("a leaf given to another column's writer")),
        };
        if written.map_err(parquet_io)? != values {
            return Err(io::Error::other("a leaf's levels do not match its values"));
        }
        Ok(())
    }

    fn close(self) -> io::Result<Chunk> {
        let close = self.column.close().map_err(parquet_io)?;
        let sink = Arc::try_unwrap(self.sink)
            .map_err(|_| io::Error::other("a column chunk still being written"))?
            .into_inner()
            .map_err(|_| io::Error::other("a poisoned lock"))?;
        let data = Bytes::from(sink.into_inner().map_err(parquet_io)?);
        Ok(Chunk::Plain { data, close })
    }
}

/// The column writer of a leaf in a row group.
enum Writer {
    Plain(Box<PlainWriter>),
    List(Box<ListWriter>),
    Same(Box<SameWriter>),
    PlainText(Box<PlainTextWriter>),
    Dict(Box<DictTextWriter>),
}

/// A column chunk, encoded.
enum Chunk {
    Plain {
        data: Bytes,
        close: ColumnCloseResult,
    },
    Own(OwnChunk),
}

impl Writer {
    fn write(&mut self, leaf: Leaf) -> io::Result<()> {
        match (self, leaf) {
            (Writer::Plain(w), Leaf::Plain(leaf)) => w.write(leaf),
            (Writer::List(w), Leaf::List(leaf)) => w.write(&leaf),
            (Writer::Same(w), Leaf::Same(text, rows)) => w.write(&text, rows),
            (Writer::PlainText(w), Leaf::Text(leaf)) => w.write(&leaf),
            (Writer::Dict(w), Leaf::Dict(leaf)) => w.write(&leaf),
            _ => Err(io::Error::other("a leaf given to another column's writer")),
        }
    }

    fn close(self) -> io::Result<Chunk> {
        match self {
            Writer::Plain(w) => w.close(),
            Writer::List(w) => Ok(Chunk::Own(w.close()?)),
            Writer::Same(w) => Ok(Chunk::Own(w.close()?)),
            Writer::PlainText(w) => Ok(Chunk::Own(w.close()?)),
            Writer::Dict(w) => Ok(Chunk::Own(w.close()?)),
        }
    }
}

impl Chunk {
    fn append_to_row_group<W: Write + Send>(
        self,
        group: &mut SerializedRowGroupWriter<'_, W>,
    ) -> io::Result<()> {
        match self {
            Chunk::Plain { data, close } => group.append_column(&data, close).map_err(parquet_io),
            Chunk::Own(c) => c.append_to_row_group(group),
        }
    }
}

// ---- encoding ----

/// What an encoder thread is told.
enum Job {
    /// The column writers of a new row group: (leaf index, writer).
    Start(Vec<(usize, Writer)>),
    /// A batch's leaves, in the order of the writers given.
    Write(Vec<Leaf>),
    /// Close the row group's writers and send their chunks and the time spent on each.
    Close(mpsc::Sender<io::Result<Vec<Closed>>>),
}

/// A closed column chunk: (leaf index, chunk, time spent encoding it).
type Closed = (usize, Chunk, Duration);

fn encoder_thread(jobs: mpsc::Receiver<Job>) {
    let mut writers: Vec<(usize, Writer, Duration)> = Vec::new();
    let mut error: Option<io::Error> = None;
    for job in jobs {
        match job {
            Job::Start(w) => {
                writers = w.into_iter().map(|(i, w)| (i, w, Duration::ZERO)).collect();
                error = None;
            }
            Job::Write(leaves) => {
                if error.is_some() {
                    continue;
                }
                for ((_, w, spent), leaf) in writers.iter_mut().zip(leaves) {
                    let start = Instant::now();
                    if let Err(e) = w.write(leaf) {
                        error = Some(e);
                        break;
                    }
                    *spent += start.elapsed();
                }
            }
            Job::Close(reply) => {
                let closed = match error.take() {
                    Some(e) => Err(e),
                    None => writers
                        .drain(..)
                        .map(|(i, w, spent)| {
                            let start = Instant::now();
                            let chunk = w.close()?;
                            Ok((i, chunk, spent + start.elapsed()))
                        })
                        .collect(),
                };
                writers.clear();
                let _ = reply.send(closed);
            }
        }
    }
}

/// Encoder threads, each with some of the columns of the current row group.
struct Pool {
    jobs: Vec<mpsc::SyncSender<Job>>,
    threads: Vec<JoinHandle<()>>,
    /// The thread of each leaf.
    owner: Vec<usize>,
    /// Time spent on each leaf so far (to balance the next row groups).
    spent: Vec<Duration>,
}

impl Pool {
    fn new(threads: usize, leaves: usize) -> io::Result<Pool> {
        let mut pool = Pool {
            jobs: Vec::new(),
            threads: Vec::new(),
            owner: (0..leaves).map(|i| i % threads).collect(),
            spent: vec![Duration::ZERO; leaves],
        };
        for k in 0..threads {
            // Two batches queued per thread: enough to keep it busy, little memory.
            let (tx, rx) = mpsc::sync_channel(2);
            let handle = std::thread::Builder::new()
                .name(format!("chessbits-parquet-{k}"))
                .spawn(move || encoder_thread(rx))?;
            pool.jobs.push(tx);
            pool.threads.push(handle);
        }
        Ok(pool)
    }

    /// Gives each thread the leaves that took longest first, to the least loaded thread
    /// (by the time spent on the row groups so far).
    fn balance(&mut self) {
        if self.spent.iter().all(|d| d.is_zero()) {
            return;
        }
        let mut order: Vec<usize> = (0..self.spent.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.spent[i]));
        let mut load = vec![Duration::ZERO; self.jobs.len()];
        for i in order {
            let k = (0..load.len()).min_by_key(|&k| load[k]).unwrap_or(0);
            self.owner[i] = k;
            load[k] += self.spent[i];
        }
    }

    fn send(&self, k: usize, job: Job) -> io::Result<()> {
        self.jobs[k]
            .send(job)
            .map_err(|_| io::Error::other("a Parquet encoder thread stopped"))
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.jobs.clear();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// Where the column writers of the current row group are.
enum Columns {
    /// On this thread (`--threads 1`).
    Here(Vec<Writer>),
    /// On encoder threads.
    Threads,
}

/// A Parquet file being written: leaves in, row groups out.
pub(crate) struct ParquetWriter<W: Write + Send> {
    file: SerializedFileWriter<W>,
    props: WriterPropertiesPtr,
    max_rows: usize,
    leaves: usize,
    /// The writer of each leaf.
    kinds: Vec<Kind>,
    /// The open row group's columns and rows.
    open: Option<(Columns, usize)>,
    pool: Option<Pool>,
}

impl<W: Write + Send> ParquetWriter<W> {
    /// Starts a file of `table` on `out` (the magic number is written now), encoding on
    /// `threads` threads (1: this one).
    pub(crate) fn new(out: W, table: Table, threads: usize) -> io::Result<ParquetWriter<W>> {
        let props = Arc::new(properties(table));
        let file = SerializedFileWriter::new(out, schema(table)?, Arc::clone(&props))
            .map_err(parquet_io)?;
        let leaves = file.schema_descr().num_columns();
        let kinds = kinds(table, file.schema_descr());
        let pool = if threads > 1 {
            Some(Pool::new(threads, leaves)?)
        } else {
            None
        };
        Ok(ParquetWriter {
            file,
            props,
            max_rows: row_group_rows(table),
            leaves,
            kinds,
            open: None,
            pool,
        })
    }

    /// Writes a batch's leaves (a row group is closed when it has enough rows).
    pub(crate) fn write(&mut self, batch: Leaves) -> io::Result<()> {
        if batch.leaves.len() != self.leaves {
            return Err(io::Error::other("leaves of another table"));
        }
        if batch.rows == 0 {
            return Ok(());
        }
        let (columns, rows) = match &mut self.open {
            Some(open) => open,
            None => {
                let schema = self.file.schema_descr();
                let writers: Vec<Writer> = (0..self.leaves)
                    .map(|i| {
                        let descr = schema.column(i);
                        match self.kinds.get(i) {
                            Some(Kind::List) => Writer::List(Box::new(ListWriter::new(descr))),
                            Some(Kind::Same) => {
                                let stats = self.props.statistics_enabled(descr.path())
                                    != EnabledStatistics::None;
                                Writer::Same(Box::new(SameWriter::new(descr, stats)))
                            }
                            Some(Kind::Dict) => {
                                let stats = self.props.statistics_enabled(descr.path())
                                    != EnabledStatistics::None;
                                Writer::Dict(Box::new(DictTextWriter::new(descr, stats)))
                            }
                            Some(Kind::PlainText) => {
                                Writer::PlainText(Box::new(PlainTextWriter::new(descr)))
                            }
                            _ => Writer::Plain(Box::new(PlainWriter::new(
                                descr,
                                Arc::clone(&self.props),
                            ))),
                        }
                    })
                    .collect();
                let columns = match &mut self.pool {
                    None => Columns::Here(writers),
                    Some(pool) => {
                        pool.balance();
                        let mut parts: Vec<Vec<(usize, Writer)>> =
                            (0..pool.jobs.len()).map(|_| Vec::new()).collect();
                        for (i, w) in writers.into_iter().enumerate() {
                            parts[pool.owner[i]].push((i, w));
                        }
                        for (k, part) in parts.into_iter().enumerate() {
                            pool.send(k, Job::Start(part))?;
                        }
                        Columns::Threads
                    }
                };
                self.open.insert((columns, 0))
            }
        };
        match (columns, &self.pool) {
            (Columns::Here(writers), _) => {
                for (w, leaf) in writers.iter_mut().zip(batch.leaves) {
                    w.write(leaf)?;
                }
            }
            (Columns::Threads, Some(pool)) => {
                let mut parts: Vec<Vec<Leaf>> = (0..pool.jobs.len()).map(|_| Vec::new()).collect();
                for (i, leaf) in batch.leaves.into_iter().enumerate() {
                    parts[pool.owner[i]].push(leaf);
                }
                for (k, part) in parts.into_iter().enumerate() {
                    pool.send(k, Job::Write(part))?;
                }
            }
            (Columns::Threads, None) => return Err(io::Error::other("no encoder threads")),
        }
        *rows += batch.rows;
        if *rows >= self.max_rows {
            self.close_row_group()?;
        }
        Ok(())
    }

    /// Writes the open row group to the file.
    fn close_row_group(&mut self) -> io::Result<()> {
        let Some((columns, _)) = self.open.take() else {
            return Ok(());
        };
        let mut chunks: Vec<Option<Chunk>> = (0..self.leaves).map(|_| None).collect();
        match (columns, &mut self.pool) {
            (Columns::Here(writers), _) => {
                for (i, w) in writers.into_iter().enumerate() {
                    chunks[i] = Some(w.close()?);
                }
            }
            (Columns::Threads, Some(pool)) => {
                let mut replies = VecDeque::new();
                for k in 0..pool.jobs.len() {
                    let (tx, rx) = mpsc::channel();
                    pool.send(k, Job::Close(tx))?;
                    replies.push_back(rx);
                }
                for rx in replies {
                    let closed = rx
                        .recv()
                        .map_err(|_| io::Error::other("a Parquet encoder thread stopped"))??;
                    for (i, chunk, spent) in closed {
                        pool.spent[i] += spent;
                        chunks[i] = Some(chunk);
                    }
                }
            }
            (Columns::Threads, None) => return Err(io::Error::other("no encoder threads")),
        }
        let mut group = self.file.next_row_group().map_err(parquet_io)?;
        for chunk in chunks {
            let chunk = chunk.ok_or_else(|| io::Error::other("a column chunk is missing"))?;
            chunk.append_to_row_group(&mut group)?;
        }
        group.close().map_err(parquet_io)?;
        Ok(())
    }

    /// Writes the last row group and the footer; returns the output.
    pub(crate) fn finish(mut self) -> io::Result<W> {
        self.close_row_group()?;
        self.pool = None;
        self.file.into_inner().map_err(parquet_io)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The leaves of a table's schema: (path, physical type, max definition level, max
    /// repetition level).
    fn leaves_of(table: Table) -> Vec<(String, parquet::basic::Type, i16, i16)> {
        let schema = SchemaDescriptor::new(schema(table).unwrap());
        (0..schema.num_columns())
            .map(|i| {
                let c = schema.column(i);
                (
                    c.path().string(),
                    c.physical_type(),
                    c.max_def_level(),
                    c.max_rep_level(),
                )
            })
            .collect()
    }

    /// The levels the leaves are built with (`games_columns`, `moves_columns`) are those of
    /// the schema, leaf by leaf, in order.
    #[test]
    fn looked_for_tags_are_found_by_their_code_and_no_other() {
        let f = LookedFor::new();
        let names: Vec<&str> = looked_for().collect();
        assert!(names.iter().any(|n| n.len() > 8) && names.iter().any(|n| n.len() <= 8));
        for (k, name) in names.iter().enumerate() {
            assert_eq!(
                f.find(pack(name.as_bytes()), name.as_bytes()),
                Some(k),
                "{name}"
            );
        }
        // Other names: prefixes, extensions, a byte changed, the empty name, names with
        // a NUL byte (no code), long names, non-ASCII.
        let mut others: Vec<Vec<u8>> = vec![
            b"".to_vec(),
            b"Even".to_vec(),
            b"Events".to_vec(),
            b"event".to_vec(),
            b"Ev\0nt".to_vec(),
            b"TimeControl\0".to_vec(),
            b"TimeControls".to_vec(),
            b"PlyCount".to_vec(),
            b"WhiteRatingDiff".to_vec(),
            "Événement".as_bytes().to_vec(),
        ];
        for name in &names {
            for at in 0..name.len() {
                let mut n = name.as_bytes().to_vec();
                n[at] ^= 0x20;
                others.push(n);
            }
        }
        for name in &others {
            if !names.iter().any(|n| n.as_bytes() == &name[..]) {
                assert_eq!(f.find(pack(name), name), None, "{name:?}");
            }
        }
    }

    #[test]
    fn schema_leaves_have_the_levels_the_builders_use() {
        use parquet::basic::Type::{BYTE_ARRAY, DOUBLE, INT32, INT64};
        let mut games = vec![
            ("file".to_owned(), BYTE_ARRAY, 0, 0),
            ("game".to_owned(), INT64, 0, 0),
        ];
        for (c, _) in TAG_COLUMNS {
            let elo = c == "white_elo" || c == "black_elo";
            games.push((c.to_owned(), if elo { INT32 } else { BYTE_ARRAY }, 1, 0));
        }
        for (path, t, d, r) in [
            ("utc_time", BYTE_ARRAY, 1, 0),
            ("tags.list.item.key", BYTE_ARRAY, 2, 1),
            ("tags.list.item.value", BYTE_ARRAY, 2, 1),
            ("plies", INT32, 0, 0),
            ("moves_uci.list.item", BYTE_ARRAY, 2, 1),
            ("moves_san.list.item", BYTE_ARRAY, 2, 1),
            ("clocks.list.item", DOUBLE, 3, 1),
            ("evals.list.item.cp", INT32, 4, 1),
            ("evals.list.item.mate", INT32, 4, 1),
            ("error", BYTE_ARRAY, 1, 0),
        ] {
            games.push((path.to_owned(), t, d, r));
        }
        assert_eq!(leaves_of(Table::Games), games);
        let moves: Vec<_> = [
            ("file", BYTE_ARRAY, 0, 0),
            ("game", INT64, 0, 0),
            ("ply", INT32, 0, 0),
            ("before_fen", BYTE_ARRAY, 0, 0),
            ("san", BYTE_ARRAY, 0, 0),
            ("uci", BYTE_ARRAY, 0, 0),
            ("after_fen", BYTE_ARRAY, 0, 0),
            ("clock", DOUBLE, 1, 0),
            ("eval.cp", INT32, 2, 0),
            ("eval.mate", INT32, 2, 0),
        ]
        .into_iter()
        .map(|(p, t, d, r)| (p.to_owned(), t, d, r))
        .collect();
        assert_eq!(leaves_of(Table::Moves), moves);
        let of = |table: Table, kind: Kind| -> Vec<usize> {
            let descr = SchemaDescriptor::new(schema(table).unwrap());
            kinds(table, &descr)
                .iter()
                .enumerate()
                .filter_map(|(i, &k)| (k == kind).then_some(i))
                .collect()
        };
        assert_eq!(of(Table::Games, Kind::List), [17, 20, 21]);
        assert_eq!(of(Table::Games, Kind::Same), [0]);
        assert!(of(Table::Games, Kind::PlainText).is_empty());
        assert!(of(Table::Moves, Kind::List).is_empty());
        assert_eq!(of(Table::Moves, Kind::Same), [0]);
        assert_eq!(of(Table::Moves, Kind::PlainText), [3, 6]);
        // The tag text columns (not the Elo numbers), utc_time, the tag values.
        assert_eq!(
            of(Table::Games, Kind::Dict),
            [2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14, 15, 16, 18]
        );
        assert!(of(Table::Moves, Kind::Dict).is_empty());
    }

    /// A batch of games gives one leaf per schema leaf, of the writer's kind, and a leaf
    /// whose levels do not match its values is an error, not a panic.
    #[test]
    fn batches_give_the_schema_leaves_and_mismatches_are_errors() {
        let pgn = b"[Event \"a\"]\n[WhiteElo \"2700\"]\n\n1. e4 { [%clk 0:01:00] } e5 *\n\n\
                    [Site \"b\"]\n\n1. d4 d5 2. c4 1/2-1/2\n";
        let mut reader = chessbits_pgn::Reader::new(&pgn[..]);
        let mut collector = chessbits_pgn::RecordCollector::with_annotations();
        let mut records = Vec::new();
        while let Some(r) = reader.read_game(&mut collector).unwrap() {
            records.push(r);
        }
        assert_eq!(records.len(), 2);
        for table in [Table::Games, Table::Moves] {
            let (_, leaves) = match table {
                Table::Games => games_columns("f.pgn", &records, SanMode::Strict).unwrap(),
                Table::Moves => moves_columns("f.pgn", &records, SanMode::Strict).unwrap(),
            };
            assert_eq!(leaves.rows, if table == Table::Games { 2 } else { 5 });
            let descr = SchemaDescriptor::new(schema(table).unwrap());
            assert_eq!(leaves.leaves.len(), descr.num_columns());
            for (leaf, kind) in leaves.leaves.iter().zip(kinds(table, &descr)) {
                let of_leaf = match leaf {
                    Leaf::Plain(_) => Kind::Generic,
                    Leaf::List(_) => Kind::List,
                    Leaf::Same(..) => Kind::Same,
                    Leaf::Text(_) => Kind::PlainText,
                    Leaf::Dict(_) => Kind::Dict,
                };
                assert_eq!(of_leaf, kind);
            }
            let mut out = Vec::new();
            let mut w = ParquetWriter::new(&mut out, table, 1).unwrap();
            w.write(leaves).unwrap();
            w.finish().unwrap();
            assert!(out.starts_with(b"PAR1") && out.ends_with(b"PAR1"));
        }
        let props = Arc::new(properties(Table::Moves));
        let descr = SchemaDescriptor::new(schema(Table::Moves).unwrap());
        let mut w = PlainWriter::new(descr.column(7), props);
        let bad = PlainLeaf {
            values: Values::Double(vec![1.0, 2.0]),
            def: Some(vec![1, 0, 0].into()),
            rep: None,
        };
        assert!(w.write(bad).is_err());
        let wrong_type = PlainLeaf {
            values: Values::Int32(vec![1]),
            def: Some(vec![1].into()),
            rep: None,
        };
        assert!(w.write(wrong_type).is_err());
    }
}
