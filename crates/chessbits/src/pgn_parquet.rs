//! Parquet output of `chessbits pgn games` and `chessbits pgn moves`, built for speed.
//!
//! - The worker threads replay a batch of [`GameRecord`]s straight into Arrow columns (SAN,
//!   UCI and FEN text appended to one buffer per column: no `String` per value, no row
//!   structs in between) and split the columns into Parquet leaves (definition and
//!   repetition levels), the parts of the encoding that belong to a batch.
//! - The writing thread hands each leaf to the column writer of the current row group. With
//!   `--threads 2` or more the column writers live on encoder threads of their own (a few
//!   columns each, balanced by the time they took), so that dictionary, level and page
//!   encoding and Snappy compression run in parallel too, while row groups stay as large
//!   as readers like them (they are not tied to the batches: [`row_group_rows`]).
//! - The games table's move lists (`moves_uci`, `moves_san`: most of the values) are not
//!   Arrow arrays: the workers pack their texts into codes and [`crate::pgn_lists`]
//!   encodes their column chunks (dictionary, levels, pages), on the encoder threads like
//!   the other columns; the chunks are appended to the row group as parquet-rs's are.
//!
//! The values are those of the `pgn` crate's [`chessbits_pgn::table`] rows, which CSV and
//! NDJSON are written from (the tests compare the three formats value by value).

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use arrow_array::StructArray;
use arrow_array::{ArrayRef, Float64Array, Int32Array, Int64Array, ListArray, StringArray};
use arrow_buffer::{Buffer, NullBuffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType, Field, SchemaRef};
use chessbits_bitboard_core::Move;
use chessbits_pgn::table::{error_text, played_notes, Eval};
use chessbits_pgn::{
    replay, replay_texts, suffix_of, write_fen, GameRecord, Position, Report, San, SanMode, SanPlus,
};
use parquet::arrow::arrow_writer::{
    compute_leaves, ArrowColumnChunk, ArrowColumnWriter, ArrowLeafColumn,
    ArrowRowGroupWriterFactory,
};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::writer::{SerializedFileWriter, SerializedRowGroupWriter};
use parquet::schema::types::{ColumnPath, SchemaDescriptor};

use crate::pgn_lists::{pack, ListChunk, ListLeaf, ListWriter, MoveTexts};
use crate::pgn_table::{eval_fields, schema, tag_fields, Table, TAG_COLUMNS};

fn arrow_error(e: impl std::fmt::Display) -> io::Error {
    io::Error::other(e.to_string())
}

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

// ---- columns ----

/// A UTF-8 column being built: offsets, bytes, validity.
struct Text {
    offsets: Vec<i32>,
    bytes: Vec<u8>,
    nulls: NullBufferBuilder,
}

impl Text {
    fn with_capacity(rows: usize, bytes: usize) -> Text {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        Text {
            offsets,
            bytes: Vec::with_capacity(bytes),
            nulls: NullBufferBuilder::new(rows),
        }
    }

    /// Ends the value appended to `bytes` since the last one.
    fn end(&mut self) {
        // Checked in `finish`: a batch never holds 2 GB of text, and if it did the last
        // offset would say so.
        self.offsets.push(self.bytes.len() as i32);
        self.nulls.append_non_null();
    }

    fn push(&mut self, s: &[u8]) {
        self.bytes.extend_from_slice(s);
        self.end();
    }

    fn push_lossy(&mut self, s: &[u8]) {
        match std::str::from_utf8(s) {
            Ok(s) => self.push(s.as_bytes()),
            Err(_) => self.push(String::from_utf8_lossy(s).as_bytes()),
        }
    }

    fn push_null(&mut self) {
        self.offsets.push(self.bytes.len() as i32);
        self.nulls.append_null();
    }

    /// The value pushed last.
    fn last(&self) -> &[u8] {
        let n = self.offsets.len();
        &self.bytes[self.offsets[n - 2] as usize..]
    }

    fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    fn finish(mut self) -> io::Result<StringArray> {
        if i32::try_from(self.bytes.len()).is_err() {
            return Err(io::Error::other(
                "a batch of rows holds more than 2 GB of text",
            ));
        }
        StringArray::try_new(
            OffsetBuffer::new(ScalarBuffer::from(self.offsets)),
            Buffer::from_vec(self.bytes),
            self.nulls.finish(),
        )
        .map_err(arrow_error)
    }
}

/// Appends the UCI text of `m` in `pos` (what `move_to_uci` gives, without a `String`).
fn push_uci(out: &mut Vec<u8>, pos: &Position, m: Move) {
    if m.is_null() {
        out.extend_from_slice(b"0000");
        return;
    }
    let to = if m.is_castle() && !pos.mode().is_chess960() {
        m.king_to()
    } else {
        m.to()
    };
    for sq in [m.from(), to] {
        out.push(b'a' + sq.file().index() as u8);
        out.push(b'1' + sq.rank().index() as u8);
    }
    if let Some(role) = m.promotion() {
        out.push(role.char() as u8);
    }
}

/// Appends the canonical SAN of `m` with its check or mate suffix.
fn push_san(out: &mut Vec<u8>, before: &Position, m: Move, after: &Position) {
    SanPlus {
        san: San::from_move(before, m),
        suffix: suffix_of(after),
    }
    .append_to(out);
}

/// Clocks being built: values and validity (no `Option` per value to convert).
struct Clocks {
    values: Vec<f64>,
    valid: NullBufferBuilder,
}

impl Clocks {
    fn with_capacity(n: usize) -> Clocks {
        Clocks {
            values: Vec::with_capacity(n),
            valid: NullBufferBuilder::new(n),
        }
    }

    fn push(&mut self, c: Option<f64>) {
        self.values.push(c.unwrap_or(0.0));
        self.valid.append(c.is_some());
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    fn finish(mut self) -> Float64Array {
        Float64Array::new(ScalarBuffer::from(self.values), self.valid.finish())
    }
}

/// `{cp, mate}` structs being built.
struct Evals {
    cp: Vec<Option<i32>>,
    mate: Vec<Option<i32>>,
}

impl Evals {
    fn with_capacity(n: usize) -> Evals {
        Evals {
            cp: Vec::with_capacity(n),
            mate: Vec::with_capacity(n),
        }
    }

    fn push(&mut self, e: Option<Eval>) {
        let (cp, mate) = match e {
            Some(Eval::Centipawns(cp)) => (Some(cp), None),
            Some(Eval::Mate(m)) => (None, Some(m)),
            None => (None, None),
        };
        self.cp.push(cp);
        self.mate.push(mate);
    }

    fn finish(self) -> io::Result<StructArray> {
        let valid: Vec<bool> = self
            .cp
            .iter()
            .zip(&self.mate)
            .map(|(c, m)| c.is_some() || m.is_some())
            .collect();
        let nulls = NullBuffer::from(valid);
        let nulls = (nulls.null_count() > 0).then_some(nulls);
        StructArray::try_new(
            eval_fields(),
            vec![
                Arc::new(Int32Array::from(self.cp)) as ArrayRef,
                Arc::new(Int32Array::from(self.mate)),
            ],
            nulls,
        )
        .map_err(arrow_error)
    }
}

fn file_column(file: &str, rows: usize) -> ArrayRef {
    let mut t = Text::with_capacity(rows, file.len() * rows);
    for _ in 0..rows {
        t.push(file.as_bytes());
    }
    // A file name short enough for a batch: `finish` cannot fail on it.
    Arc::new(
        t.finish()
            .unwrap_or_else(|_| StringArray::from(vec![file; rows])),
    )
}

/// A list column whose lists may be null (`valid` says which are not).
fn nullable_list(
    item: Field,
    offsets: Vec<i32>,
    mut valid: NullBufferBuilder,
    values: ArrayRef,
) -> io::Result<ArrayRef> {
    Ok(Arc::new(
        ListArray::try_new(
            Arc::new(item),
            OffsetBuffer::new(ScalarBuffer::from(offsets)),
            values,
            valid.finish(),
        )
        .map_err(arrow_error)?,
    ))
}

fn list(item: Field, offsets: &OffsetBuffer<i32>, values: ArrayRef) -> io::Result<ArrayRef> {
    Ok(Arc::new(
        ListArray::try_new(Arc::new(item), offsets.clone(), values, None).map_err(arrow_error)?,
    ))
}

/// The tag columns of the games table, then `UTCTime`: the tag names looked for.
fn looked_for() -> impl Iterator<Item = &'static str> {
    TAG_COLUMNS
        .iter()
        .map(|(_, tag)| *tag)
        .chain(std::iter::once("UTCTime"))
}

const LOOKED_FOR: usize = TAG_COLUMNS.len() + 1;

/// Replays `records` into the columns of the games table.
pub(crate) fn games_columns(
    file: &str,
    records: &[GameRecord],
    mode: SanMode,
) -> io::Result<(Report, BatchColumns)> {
    let n = records.len();
    let moves: usize = records.iter().map(GameRecord::len).sum();
    let mut report = Report::default();
    let mut game = Vec::with_capacity(n);
    // The tag columns and utc_time as text (the Elo columns are parsed from theirs).
    let mut tag_text: Vec<Text> = (0..LOOKED_FOR)
        .map(|_| Text::with_capacity(n, n * 12))
        .collect();
    let mut elo: [Vec<Option<i32>>; 2] = [Vec::with_capacity(n), Vec::with_capacity(n)];
    let mut tag_offsets = Vec::with_capacity(n + 1);
    tag_offsets.push(0i32);
    let mut keys = Text::with_capacity(n * 12, n * 100);
    let mut values = Text::with_capacity(n * 12, n * 200);
    let mut plies = Vec::with_capacity(n);
    // The move lists: lengths and texts as codes (encoded by `pgn_lists`).
    let mut lengths: Vec<u32> = Vec::with_capacity(n);
    let mut uci = MoveTexts::with_capacity(moves);
    let mut san = MoveTexts::with_capacity(moves);
    // Clocks and evals: a list per game that has any (as long as its moves), else null.
    let mut clocks = Clocks::with_capacity(moves);
    let mut clock_offsets = Vec::with_capacity(n + 1);
    clock_offsets.push(0i32);
    let mut clock_lists = NullBufferBuilder::new(n);
    let mut evals = Evals::with_capacity(moves);
    let mut eval_offsets = Vec::with_capacity(n + 1);
    eval_offsets.push(0i32);
    let mut eval_lists = NullBufferBuilder::new(n);
    let mut errors = Text::with_capacity(n, 0);
    let elo_at = |tag: &str| TAG_COLUMNS.iter().position(|(_, t)| *t == tag);
    let (white_elo, black_elo) = (elo_at("WhiteElo"), elo_at("BlackElo"));
    let looked: Vec<(Option<u64>, &[u8])> = looked_for()
        .map(|t| (pack(t.as_bytes()), t.as_bytes()))
        .collect();
    for record in records {
        game.push(i64::try_from(record.game).unwrap_or(i64::MAX));
        // The first tag of each name looked for, as `GameRow::tag` finds it.
        let mut found: [Option<usize>; LOOKED_FOR] = [None; LOOKED_FOR];
        for (i, (name, value)) in record.tags.iter().enumerate() {
            keys.push_lossy(name);
            values.push_lossy(value);
            // Names of at most 8 bytes compared as codes (most tag names): a comparison of
            // slices of equal length was a call to `memcmp`.
            let code = pack(name);
            for (k, (tag_code, tag)) in looked.iter().enumerate() {
                let same = match (code, tag_code) {
                    (Some(a), Some(b)) => a == *b,
                    (None, None) => name.as_slice() == *tag,
                    _ => false,
                };
                if same && found[k].is_none() {
                    found[k] = Some(i);
                }
            }
        }
        // The result token stands in for a missing Result tag, at the end of the tags.
        let mut result_token = None;
        let result_at = looked_for().position(|t| t == "Result");
        if let Some(r) = result_at {
            if found[r].is_none() {
                if let Some(token) = record.result {
                    keys.push(b"Result");
                    values.push(token.as_str().as_bytes());
                    result_token = Some(token.as_str());
                }
            }
        }
        tag_offsets.push(keys.len() as i32);
        for (k, text) in tag_text.iter_mut().enumerate() {
            match found[k] {
                Some(i) => text.push_lossy(&record.tags[i].1),
                None if Some(k) == result_at && result_token.is_some() => {
                    text.push(result_token.unwrap_or_default().as_bytes());
                }
                None => text.push_null(),
            }
        }
        for (slot, at) in elo.iter_mut().zip([white_elo, black_elo]) {
            let value = at.and_then(|k| found[k]).and_then(|i| {
                String::from_utf8_lossy(&record.tags[i].1)
                    .trim()
                    .parse::<i32>()
                    .ok()
            });
            slot.push(value);
        }
        let (played, error) = replay_texts(record, mode, |s, u| {
            san.push(s);
            uci.push(u);
        });
        let played_n = usize::try_from(played).unwrap_or(usize::MAX);
        let notes = played_notes(record, played_n);
        if notes.iter().any(|(c, _)| c.is_some()) {
            for i in 0..played_n {
                clocks.push(notes.get(i).and_then(|n| n.0));
            }
            clock_lists.append_non_null();
        } else {
            clock_lists.append_null();
        }
        clock_offsets.push(clocks.len() as i32);
        if notes.iter().any(|(_, e)| e.is_some()) {
            for i in 0..played_n {
                evals.push(notes.get(i).and_then(|n| n.1));
            }
            eval_lists.append_non_null();
        } else {
            eval_lists.append_null();
        }
        eval_offsets.push(evals.cp.len() as i32);
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
    let mut columns: Vec<ArrayRef> = vec![file_column(file, n), Arc::new(Int64Array::from(game))];
    let mut tag_text = tag_text.into_iter();
    let mut elo = elo.into_iter();
    for (c, _) in TAG_COLUMNS {
        // The Elo columns' text is dropped: their values are the numbers parsed above.
        let text = tag_text
            .next()
            .ok_or_else(|| io::Error::other("tag column"))?;
        if c == "white_elo" || c == "black_elo" {
            let values = elo.next().unwrap_or_default();
            columns.push(Arc::new(Int32Array::from(values)));
        } else {
            columns.push(Arc::new(text.finish()?));
        }
    }
    let utc_time = tag_text
        .next()
        .ok_or_else(|| io::Error::other("utc_time"))?;
    columns.push(Arc::new(utc_time.finish()?));
    let pairs = StructArray::try_new(
        tag_fields(),
        vec![
            Arc::new(keys.finish()?) as ArrayRef,
            Arc::new(values.finish()?),
        ],
        None,
    )
    .map_err(arrow_error)?;
    columns.push(list(
        Field::new("item", DataType::Struct(tag_fields()), true),
        &OffsetBuffer::new(ScalarBuffer::from(tag_offsets)),
        Arc::new(pairs),
    )?);
    columns.push(Arc::new(Int32Array::from(plies)));
    let lengths: Arc<[u32]> = lengths.into();
    let lists = vec![
        ("moves_uci", ListLeaf::new(Arc::clone(&lengths), uci)?),
        ("moves_san", ListLeaf::new(lengths, san)?),
    ];
    columns.push(nullable_list(
        Field::new("item", DataType::Float64, true),
        clock_offsets,
        clock_lists,
        Arc::new(clocks.finish()),
    )?);
    columns.push(nullable_list(
        Field::new("item", DataType::Struct(eval_fields()), true),
        eval_offsets,
        eval_lists,
        Arc::new(evals.finish()?),
    )?);
    columns.push(Arc::new(errors.finish()?));
    Ok((
        report,
        BatchColumns {
            arrays: columns,
            lists,
        },
    ))
}

/// A batch's columns: Arrow arrays, and the columns encoded by `pgn_lists` by name (the
/// arrays are those of the other fields of the schema, in order).
pub(crate) struct BatchColumns {
    arrays: Vec<ArrayRef>,
    lists: Vec<(&'static str, ListLeaf)>,
}

/// Replays `records` into the columns of the moves table.
pub(crate) fn moves_columns(
    file: &str,
    records: &[GameRecord],
    mode: SanMode,
) -> io::Result<(Report, BatchColumns)> {
    let moves: usize = records.iter().map(GameRecord::len).sum();
    let mut report = Report::default();
    let mut game = Vec::with_capacity(moves);
    let mut ply = Vec::with_capacity(moves);
    let mut before = Text::with_capacity(moves, moves * 64);
    let mut san = Text::with_capacity(moves, moves * 4);
    let mut uci = Text::with_capacity(moves, moves * 4);
    let mut after = Text::with_capacity(moves, moves * 64);
    let mut clock = Clocks::with_capacity(moves);
    let mut eval = Evals::with_capacity(moves);
    for record in records {
        let number = i64::try_from(record.game).unwrap_or(i64::MAX);
        let mut p = 0usize;
        let (played, error) = replay(record, mode, |b, m, a| {
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
            push_uci(&mut uci.bytes, b, m);
            uci.end();
            write_fen(a, &mut after.bytes);
            after.end();
            let (c, e) = record.notes.get(p).copied().unwrap_or((None, None));
            clock.push(c);
            eval.push(e);
            p += 1;
            game.push(number);
            ply.push(i32::try_from(p).unwrap_or(i32::MAX));
        });
        report.add_game(record, played, error);
    }
    let rows = game.len();
    let columns: Vec<ArrayRef> = vec![
        file_column(file, rows),
        Arc::new(Int64Array::from(game)),
        Arc::new(Int32Array::from(ply)),
        Arc::new(before.finish()?),
        Arc::new(san.finish()?),
        Arc::new(uci.finish()?),
        Arc::new(after.finish()?),
        Arc::new(clock.finish()),
        Arc::new(eval.finish()?),
    ];
    Ok((
        report,
        BatchColumns {
            arrays: columns,
            lists: Vec::new(),
        },
    ))
}

/// A batch's columns as Parquet leaves, ready for the column writers.
pub(crate) struct Leaves {
    /// The rows.
    pub(crate) rows: usize,
    leaves: Vec<Leaf>,
}

/// A batch's part of a Parquet leaf column.
enum Leaf {
    Arrow(ArrowLeafColumn),
    List(ListLeaf),
}

/// Splits a batch's columns into Parquet leaves (on the worker threads).
pub(crate) fn leaves(table: Table, columns: BatchColumns) -> io::Result<Leaves> {
    let schema = schema(table);
    let rows = columns.arrays.first().map_or(0, |c| c.len());
    let mut leaves = Vec::new();
    let mut arrays = columns.arrays.iter();
    let mut lists = columns.lists.into_iter().peekable();
    for field in schema.fields() {
        if let Some((_, list)) = lists.next_if(|(name, _)| name == field.name()) {
            if list.lengths.len() != rows {
                return Err(io::Error::other("move lists of another batch"));
            }
            leaves.push(Leaf::List(list));
            continue;
        }
        let column = arrays
            .next()
            .ok_or_else(|| io::Error::other(format!("no column for {}", field.name())))?;
        for leaf in compute_leaves(field, column).map_err(parquet_io)? {
            leaves.push(Leaf::Arrow(leaf));
        }
    }
    if arrays.next().is_some() || lists.next().is_some() {
        return Err(io::Error::other("columns not in the schema"));
    }
    Ok(Leaves { rows, leaves })
}

/// The leaves of `table` that `pgn_lists` encodes (the games table's move lists).
fn list_leaves(table: Table, schema: &SchemaDescriptor) -> Vec<bool> {
    (0..schema.num_columns())
        .map(|i| {
            let path = schema.column(i).path().parts().to_vec();
            table == Table::Games
                && (path == ["moves_uci", "list", "item"] || path == ["moves_san", "list", "item"])
        })
        .collect()
}

/// The column writer of a leaf in a row group.
enum Writer {
    Arrow(Box<ArrowColumnWriter>),
    List(Box<ListWriter>),
}

/// A column chunk, encoded.
enum Chunk {
    Arrow(ArrowColumnChunk),
    List(ListChunk),
}

impl Writer {
    fn write(&mut self, leaf: &Leaf) -> io::Result<()> {
        match (self, leaf) {
            (Writer::Arrow(w), Leaf::Arrow(leaf)) => w.write(leaf).map_err(parquet_io),
            (Writer::List(w), Leaf::List(leaf)) => w.write(leaf),
            _ => Err(io::Error::other("a leaf given to another column's writer")),
        }
    }

    fn close(self) -> io::Result<Chunk> {
        match self {
            Writer::Arrow(w) => Ok(Chunk::Arrow(w.close().map_err(parquet_io)?)),
            Writer::List(w) => Ok(Chunk::List(w.close()?)),
        }
    }
}

impl Chunk {
    fn append_to_row_group<W: Write + Send>(
        self,
        group: &mut SerializedRowGroupWriter<'_, W>,
    ) -> io::Result<()> {
        match self {
            Chunk::Arrow(c) => c.append_to_row_group(group).map_err(parquet_io),
            Chunk::List(c) => c.append_to_row_group(group),
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
                for ((_, w, spent), leaf) in writers.iter_mut().zip(&leaves) {
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
    factory: ArrowRowGroupWriterFactory,
    max_rows: usize,
    leaves: usize,
    /// The leaves encoded by `pgn_lists`.
    lists: Vec<bool>,
    /// The open row group's columns and rows.
    open: Option<(Columns, usize)>,
    pool: Option<Pool>,
}

impl<W: Write + Send> ParquetWriter<W> {
    /// Starts a file of `table` on `out` (the magic number is written now), encoding on
    /// `threads` threads (1: this one).
    pub(crate) fn new(out: W, table: Table, threads: usize) -> io::Result<ParquetWriter<W>> {
        let schema: SchemaRef = schema(table);
        let (file, factory) =
            ArrowWriter::try_new(out, Arc::clone(&schema), Some(properties(table)))
                .and_then(ArrowWriter::into_serialized_writer)
                .map_err(parquet_io)?;
        let leaves = file.schema_descr().num_columns();
        let lists = list_leaves(table, file.schema_descr());
        let pool = if threads > 1 {
            Some(Pool::new(threads, leaves)?)
        } else {
            None
        };
        Ok(ParquetWriter {
            file,
            factory,
            max_rows: row_group_rows(table),
            leaves,
            lists,
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
                let arrow = self
                    .factory
                    .create_column_writers(self.file.flushed_row_groups().len())
                    .map_err(parquet_io)?;
                let schema = self.file.schema_descr();
                let writers: Vec<Writer> = arrow
                    .into_iter()
                    .enumerate()
                    .map(|(i, w)| match self.lists.get(i) {
                        Some(true) => Writer::List(Box::new(ListWriter::new(schema.column(i)))),
                        _ => Writer::Arrow(Box::new(w)),
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
                for (w, leaf) in writers.iter_mut().zip(&batch.leaves) {
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
