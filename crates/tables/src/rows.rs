//! The row rule: replayed games into the columns of [`mod@crate::schema`], one Arrow
//! [`RecordBatch`] per slice of games. Written once; every format is written from these
//! batches.
//!
//! A game's cells come from its [`GameRecord`] (read by
//! [`RecordCollector::with_annotations`](chessbits_pgn::RecordCollector::with_annotations):
//! every tag, the result token, each move's `[%clk]` and `[%eval]`) and from its replay
//! (each move's canonical SAN and UCI, the positions). The first tag of a name gives its
//! column; a missing `Result` tag is the movetext's result (and is added to `tags`).
//! `clocks` (`evals`) is null for a game where no move replayed has a clock (an eval),
//! otherwise as long as the moves replayed, with a null for a move without one.

use std::sync::Arc;

use arrow_array::builder::{
    ArrayBuilder, BinaryBuilder, Float64Builder, Int32Builder, Int64Builder, ListBuilder,
    StringBuilder, StructBuilder,
};
use arrow_array::{
    ArrayRef, BinaryArray, Date32Array, Int16Array, Int32Array, Int64Array, ListArray, RecordBatch,
    StringArray, StructArray, Time32SecondArray, TimestampSecondArray,
};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, DataType, Field, Fields, Schema};
use chessbits_pgn::table::{error_text, played_notes, Eval};
use chessbits_pgn::{
    check_game, replay_packed, replay_plies, write_mainline, GameError, GameRecord, Plies, Ply,
    Replayed, Report, SanMode,
};
use encoding_rs::Encoding;

use crate::columns::{Column, Value, GAMES, LICHESS_GAMES, MAX_TAG_COLUMNS};
use crate::schema::schema;
use crate::tags;
use crate::types::{eval_type, tag_type, Layout, Table};

/// How rows are made: the layout, how SAN is read, and the encoding of text that is not
/// UTF-8.
#[derive(Copy, Clone, Debug)]
pub struct RowOptions {
    /// The columns.
    pub layout: Layout,
    /// Strict or lenient SAN.
    pub mode: SanMode,
    /// The encoding of tag text that is not UTF-8 (by default Windows-1252, the superset
    /// of Latin-1 that older PGN files are written in).
    pub encoding: &'static Encoding,
}

impl Default for RowOptions {
    fn default() -> RowOptions {
        RowOptions {
            layout: Layout::Default,
            mode: SanMode::Lenient,
            encoding: tags::DEFAULT_ENCODING,
        }
    }
}

/// The rows of `records` (read from the input named `file`) as one batch of `table`, and
/// the report of their replay (games, moves, errors, as
/// [`check_games`](chessbits_pgn::check_games) counts them). The tests' shorthand for
/// [`batch_counted`].
#[cfg(test)]
pub(crate) fn batch(
    table: Table,
    file: &str,
    records: &[GameRecord],
    options: &RowOptions,
) -> Result<(RecordBatch, Report), ArrowError> {
    batch_counted(table, file, records, options).map(|(b, r, _)| (b, r))
}

/// [`batch`], and the rows of each game (1 in a games table, its moves replayed in the
/// moves table).
pub(crate) fn batch_counted(
    table: Table,
    file: &str,
    records: &[GameRecord],
    options: &RowOptions,
) -> Result<(RecordBatch, Report, Vec<u32>), ArrowError> {
    let ones = || vec![1; records.len()];
    match (table, options.layout) {
        (Table::Games, Layout::Default) => {
            games_with(GAMES, file, records, options).map(|(b, r)| (b, r, ones()))
        }
        (Table::Games, Layout::Lichess) => {
            games_with(LICHESS_GAMES, file, records, options).map(|(b, r)| (b, r, ones()))
        }
        (Table::Moves, _) => moves(file, records, options),
    }
}

/// Finds the tags the columns read among a game's tags: a name is hashed (its length and
/// three of its letters) to the one candidate it can be, compared once (comparing a tag
/// with each of twenty names cost most of a games row). Names sharing a slot are searched
/// one by one.
struct TagLookup {
    names: Vec<&'static [u8]>,
    /// Per hash: 0 none, `i + 1` the one name `i`, `u8::MAX` several.
    slots: [u8; 256],
}

impl TagLookup {
    fn new(names: &[&'static str]) -> TagLookup {
        let mut lookup = TagLookup {
            names: names.iter().map(|n| n.as_bytes()).collect(),
            slots: [0; 256],
        };
        for (i, name) in lookup.names.iter().enumerate() {
            let slot = &mut lookup.slots[Self::hash(name)];
            *slot = if *slot == 0 { i as u8 + 1 } else { u8::MAX };
        }
        lookup
    }

    fn hash(name: &[u8]) -> usize {
        let at = |i: usize| usize::from(name.get(i).copied().unwrap_or(0));
        (name.len() * 37 + at(0) * 11 + at(3) * 5 + at(name.len().wrapping_sub(1))) & 255
    }

    fn find(&self, name: &[u8]) -> Option<usize> {
        match self.slots[Self::hash(name)] {
            0 => None,
            u8::MAX => self.names.iter().position(|n| *n == name),
            i => {
                let i = usize::from(i - 1);
                (self.names[i] == name).then_some(i)
            }
        }
    }

    /// The first value of each looked-for tag in a game.
    fn values<'a>(&self, record: &'a GameRecord) -> [Option<&'a [u8]>; MAX_TAG_COLUMNS] {
        let mut values = [None; MAX_TAG_COLUMNS];
        for (name, value) in record.tags.iter() {
            if let Some(i) = self.find(name) {
                values[i].get_or_insert(value);
            }
        }
        values
    }

    fn index(&self, name: &str) -> usize {
        // Every tag a column reads is in the lookup (it is built from the columns).
        self.names
            .iter()
            .position(|n| *n == name.as_bytes())
            .unwrap_or(MAX_TAG_COLUMNS - 1)
    }
}

/// A text column gathered as bytes and checked as UTF-8 once for the whole column (a check
/// per value costs more than the rest of a tag's cell); a column that is not UTF-8 is
/// decoded value by value ([`tags::decode`]).
struct Text {
    builder: BinaryBuilder,
    encoding: &'static Encoding,
}

impl Text {
    fn new(rows: usize, bytes: usize, encoding: &'static Encoding) -> Text {
        Text {
            builder: BinaryBuilder::with_capacity(rows, bytes),
            encoding,
        }
    }

    fn push(&mut self, value: Option<&[u8]>) {
        match value {
            Some(v) => self.builder.append_value(v),
            None => self.builder.append_null(),
        }
    }

    fn push_str(&mut self, value: &[u8]) {
        self.builder.append_value(value);
    }

    fn finish_utf8(mut self) -> StringArray {
        utf8(self.builder.finish(), self.encoding)
    }

    fn finish(self) -> ArrayRef {
        Arc::new(self.finish_utf8())
    }
}

/// Bytes as text: the same buffers when they are UTF-8 (one check over all of them), else
/// each value decoded.
fn utf8(bytes: BinaryArray, encoding: &'static Encoding) -> StringArray {
    match StringArray::try_from_binary(bytes.clone()) {
        Ok(s) => s,
        Err(_) => bytes
            .iter()
            .map(|v| v.map(|v| tags::decode(v, encoding)))
            .collect(),
    }
}

/// A list column of move texts, each given as the word of a
/// [`MoveText`](chessbits_pgn::replay_packed) (its bytes little-endian, zero above, no NUL):
/// written as 8 bytes and cut to the text's length, so that a move costs one store.
struct MoveList {
    values: Vec<u8>,
    ends: Vec<i32>,
    rows: Vec<i32>,
}

impl MoveList {
    fn new(rows: usize, moves: usize) -> MoveList {
        let mut ends = Vec::with_capacity(moves + 1);
        ends.push(0);
        let mut row_ends = Vec::with_capacity(rows + 1);
        row_ends.push(0);
        MoveList {
            values: Vec::with_capacity(moves * 5 + 8),
            ends,
            rows: row_ends,
        }
    }

    fn push_row(&mut self, words: &[u64]) -> Result<(), ArrowError> {
        for &w in words {
            let len = 8 - (w.leading_zeros() / 8) as usize;
            let end = self.values.len() + len;
            self.values.extend_from_slice(&w.to_le_bytes());
            self.values.truncate(end);
            self.ends.push(offset(end)?);
        }
        self.rows.push(offset(self.ends.len() - 1)?);
        Ok(())
    }

    fn finish(self) -> ArrayRef {
        let bytes = BinaryArray::new(
            OffsetBuffer::new(self.ends.into()),
            self.values.into(),
            None,
        );
        Arc::new(ListArray::new(
            list_field(DataType::Utf8),
            OffsetBuffer::new(self.rows.into()),
            Arc::new(utf8(bytes, tags::DEFAULT_ENCODING)),
            None,
        ))
    }
}

/// An Arrow `i32` offset or count, or the error that a batch holds more than `i32` can
/// count (never a clamped, wrong value).
fn offset(n: usize) -> Result<i32, ArrowError> {
    i32::try_from(n).map_err(|_| {
        ArrowError::ComputeError(format!(
            "{n} is past what an Arrow list or string array of a batch can hold (i32 offsets)"
        ))
    })
}

pub(crate) fn eval_builder() -> StructBuilder {
    StructBuilder::from_fields(
        match eval_type() {
            DataType::Struct(f) => f,
            _ => Fields::empty(),
        },
        0,
    )
}

pub(crate) fn push_eval(b: &mut StructBuilder, eval: Option<Eval>) {
    let (cp, mate) = match eval {
        Some(Eval::Centipawns(cp)) => (Some(cp), None),
        Some(Eval::Mate(m)) => (None, Some(m)),
        None => (None, None),
    };
    if let Some(c) = b.field_builder::<Int32Builder>(0) {
        c.append_option(cp);
    }
    if let Some(c) = b.field_builder::<Int32Builder>(1) {
        c.append_option(mate);
    }
    b.append(eval.is_some());
}

pub(crate) fn list_field(item: DataType) -> Arc<Field> {
    Arc::new(Field::new("item", item, true))
}

/// A game of the batch, ready for its cells: its tags found, its replay done.
struct Prepared<'a> {
    record: &'a GameRecord,
    tags: [Option<&'a [u8]>; MAX_TAG_COLUMNS],
    played: usize,
    error: Option<GameError>,
    /// Its moves' words in the batch's SAN and UCI word lists.
    words: std::ops::Range<usize>,
}

/// The rows of a games table with `columns`: each game's tags found and its moves
/// replayed once, then the columns filled one after the other, each a loop over the games
/// (the column's kind decided once, not per cell).
fn games_with(
    columns: &[Column],
    file: &str,
    records: &[GameRecord],
    options: &RowOptions,
) -> Result<(RecordBatch, Report), ArrowError> {
    let lookup = TagLookup::new(&crate::columns::tags_read(columns));
    let needs_texts = columns
        .iter()
        .any(|c| matches!(c.value, Value::MovesSan | Value::MovesUci));
    let (mut san_words, mut uci_words) = (Vec::new(), Vec::new());
    let mut games = Vec::with_capacity(records.len());
    for record in records {
        let start = san_words.len();
        let Replayed { played, error, .. } = if needs_texts {
            replay_packed(record, options.mode, &mut san_words, &mut uci_words)
        } else {
            check_game(record, options.mode)
        };
        games.push(Prepared {
            record,
            tags: lookup.values(record),
            // Past `usize` (on a 32-bit target) is past `i32` too: `offset` says so.
            played: usize::try_from(played).unwrap_or(usize::MAX),
            error,
            words: start..san_words.len(),
        });
    }
    let words = Words {
        san: &san_words,
        uci: &uci_words,
    };
    let arrays = columns
        .iter()
        .map(|c| column(c.value, &lookup, &games, file, &words, options))
        .collect::<Result<Vec<ArrayRef>, ArrowError>>()?;
    let fields: Vec<Field> = columns.iter().map(Column::field).collect();
    let batch = RecordBatch::try_new(Arc::new(Schema::new(fields)), arrays)?;
    let mut report = Report::default();
    for g in games {
        report.add_game(g.record, g.played as u64, g.error);
    }
    Ok((batch, report))
}

/// The packed move texts of a batch's games ([`Prepared::words`] index them).
struct Words<'a> {
    san: &'a [u64],
    uci: &'a [u64],
}

/// One column of a games table, over every game of the batch.
fn column(
    value: Value,
    lookup: &TagLookup,
    games: &[Prepared<'_>],
    file: &str,
    words: &Words<'_>,
    options: &RowOptions,
) -> Result<ArrayRef, ArrowError> {
    let n = games.len();
    let enc = options.encoding;
    fn by_index<'a>(i: usize) -> impl Fn(&Prepared<'a>) -> Option<&'a [u8]> {
        move |g| g.tags[i]
    }
    let tag = |t: &str| by_index(lookup.index(t));
    let ints = |t: &str| {
        let get = tag(t);
        games.iter().map(move |g| get(g).and_then(tags::int))
    };
    Ok(match value {
        Value::File => Arc::new(StringArray::from_iter_values(std::iter::repeat_n(file, n))),
        Value::Game => Arc::new(Int64Array::from_iter_values(
            games.iter().map(|g| g.record.game as i64),
        )),
        Value::Text(t) => {
            let get = tag(t);
            let mut text = Text::new(n, n * 16, enc);
            for g in games {
                text.push(get(g));
            }
            text.finish()
        }
        Value::Result => {
            let get = tag("Result");
            let mut text = Text::new(n, n * 8, enc);
            for g in games {
                text.push(result_of(g, get(g)));
            }
            text.finish()
        }
        Value::Int(t) => Arc::new(Int32Array::from_iter(ints(t))),
        Value::Int16(t) => Arc::new(Int16Array::from_iter(
            ints(t).map(|v| v.and_then(|v| i16::try_from(v).ok())),
        )),
        Value::Date(t) => {
            let get = tag(t);
            Arc::new(Date32Array::from_iter(
                games.iter().map(|g| get(g).and_then(tags::date)),
            ))
        }
        Value::Time(t) => {
            let get = tag(t);
            Arc::new(Time32SecondArray::from_iter(
                games.iter().map(|g| get(g).and_then(tags::time)),
            ))
        }
        Value::LichessId => {
            let get = tag("Site");
            let mut text = Text::new(n, n * 8, enc);
            for g in games {
                text.push(get(g).and_then(tags::lichess_id).map(str::as_bytes));
            }
            text.finish()
        }
        Value::UtcTimestamp => {
            let (day, time) = (tag("UTCDate"), tag("UTCTime"));
            Arc::new(
                TimestampSecondArray::from_iter(games.iter().map(|g| {
                    let second = time(g).and_then(tags::time).unwrap_or(0);
                    day(g)
                        .and_then(tags::date)
                        .map(|d| i64::from(d) * 86_400 + i64::from(second))
                }))
                .with_timezone("+00:00"),
            )
        }
        Value::BaseSeconds | Value::IncrementSeconds => {
            let get = tag("TimeControl");
            let part = |tc: (i32, i32)| {
                if value == Value::BaseSeconds {
                    tc.0
                } else {
                    tc.1
                }
            };
            Arc::new(Int32Array::from_iter(
                games
                    .iter()
                    .map(|g| get(g).and_then(tags::time_control).map(part)),
            ))
        }
        Value::Tags => tags_column(games, lookup, enc)?,
        Value::Plies => Arc::new(Int32Array::from_iter_values(
            games
                .iter()
                .map(|g| offset(g.played))
                .collect::<Result<Vec<i32>, ArrowError>>()?,
        )),
        Value::MovesSan | Value::MovesUci => {
            let all = if value == Value::MovesSan {
                words.san
            } else {
                words.uci
            };
            let mut list = MoveList::new(n, all.len());
            for g in games {
                list.push_row(all.get(g.words.clone()).unwrap_or_default())?;
            }
            list.finish()
        }
        Value::Clocks => {
            let mut clocks = ListBuilder::new(Float64Builder::new());
            for g in games {
                let notes = played_notes(g.record, g.played);
                if notes.iter().any(|(c, _)| c.is_some()) {
                    for i in 0..g.played {
                        clocks
                            .values()
                            .append_option(notes.get(i).and_then(|n| n.0));
                    }
                }
                clocks.append(notes.iter().any(|(c, _)| c.is_some()));
            }
            Arc::new(clocks.finish())
        }
        Value::Evals => {
            let mut evals = ListBuilder::new(eval_builder()).with_field(list_field(eval_type()));
            for g in games {
                let notes = played_notes(g.record, g.played);
                let any = notes.iter().any(|(_, e)| e.is_some());
                if any {
                    for i in 0..g.played {
                        push_eval(evals.values(), notes.get(i).and_then(|n| n.1));
                    }
                }
                evals.append(any);
            }
            Arc::new(evals.finish())
        }
        Value::Error => Arc::new(StringArray::from_iter(
            games.iter().map(|g| error_text(g.record, &g.error)),
        )),
        Value::Movetext => {
            let get = tag("Result");
            let mut text = Text::new(n, n * 512, enc);
            let mut line = Vec::with_capacity(4096);
            for g in games {
                line.clear();
                write_mainline(g.record, g.played, result_of(g, get(g)), &mut line);
                text.push_str(&line);
            }
            text.finish()
        }
    })
}

/// The `Result` cell: the tag, else the movetext's result token.
fn result_of<'a>(game: &Prepared<'a>, tag: Option<&'a [u8]>) -> Option<&'a [u8]> {
    tag.or_else(|| game.record.result.map(|r| r.as_str().as_bytes()))
}

/// The `tags` column: every pair in order, and the movetext's result as a `Result` pair
/// when the game has no such tag.
fn tags_column(
    games: &[Prepared<'_>],
    lookup: &TagLookup,
    enc: &'static Encoding,
) -> Result<ArrayRef, ArrowError> {
    let n = games.len();
    let result = lookup.index("Result");
    let mut keys = Text::new(n * 16, n * 16 * 8, enc);
    let mut values = Text::new(n * 16, n * 16 * 16, enc);
    let mut offsets: Vec<i32> = Vec::with_capacity(n + 1);
    offsets.push(0);
    for g in games {
        for (name, value) in g.record.tags.iter() {
            keys.push_str(name);
            values.push_str(value);
        }
        if g.tags[result].is_none() {
            if let Some(r) = g.record.result {
                keys.push_str(b"Result");
                values.push_str(r.as_str().as_bytes());
            }
        }
        offsets.push(offset(keys.builder.len())?);
    }
    let fields = match tag_type() {
        DataType::Struct(f) => f,
        _ => Fields::empty(),
    };
    let entries = StructArray::new(fields, vec![keys.finish(), values.finish()], None);
    Ok(Arc::new(ListArray::new(
        list_field(tag_type()),
        OffsetBuffer::new(offsets.into()),
        Arc::new(entries),
        None,
    )))
}

/// The column builders of the moves table, one row per move played.
struct MoveRows {
    file: StringBuilder,
    game: Int64Builder,
    ply: Int32Builder,
    before: StringBuilder,
    san: StringBuilder,
    uci: StringBuilder,
    after: StringBuilder,
    clock: Float64Builder,
    eval: StructBuilder,
}

// A record's plies fit the `ply` column's `i32`.
const _: () = assert!(chessbits_pgn::MAX_GAME_MOVES < i32::MAX as usize);

impl MoveRows {
    fn with_capacity(hint: usize, file: &str) -> MoveRows {
        MoveRows {
            file: StringBuilder::with_capacity(hint, hint * file.len()),
            game: Int64Builder::with_capacity(hint),
            ply: Int32Builder::with_capacity(hint),
            before: StringBuilder::with_capacity(hint, hint * 60),
            san: StringBuilder::with_capacity(hint, hint * 4),
            uci: StringBuilder::with_capacity(hint, hint * 4),
            after: StringBuilder::with_capacity(hint, hint * 60),
            clock: Float64Builder::with_capacity(hint),
            eval: eval_builder(),
        }
    }

    /// One move's row: `ply` from 1, the texts as replayed, the move's notes.
    fn push(&mut self, file: &str, record: &GameRecord, ply: usize, texts: Ply<'_>) {
        let (before, after) = (texts.before_fen, texts.after_fen);
        let (san, uci) = (texts.san.as_bytes(), texts.uci.as_bytes());
        let (san, uci) = (san.as_slice(), uci.as_slice());
        let (c, e) = record.notes.get(ply - 1).copied().unwrap_or((None, None));
        self.file.append_value(file);
        self.game.append_value(record.game as i64);
        // At most `MAX_GAME_MOVES` (a record keeps no more), so an `i32` (asserted below).
        self.ply.append_value(ply as i32);
        self.before
            .append_value(std::str::from_utf8(before).unwrap_or_default());
        self.san
            .append_value(std::str::from_utf8(san).unwrap_or_default());
        self.uci
            .append_value(std::str::from_utf8(uci).unwrap_or_default());
        self.after
            .append_value(std::str::from_utf8(after).unwrap_or_default());
        self.clock.append_option(c);
        push_eval(&mut self.eval, e);
    }

    fn finish(mut self) -> Vec<ArrayRef> {
        vec![
            Arc::new(self.file.finish()),
            Arc::new(self.game.finish()),
            Arc::new(self.ply.finish()),
            Arc::new(self.before.finish()),
            Arc::new(self.san.finish()),
            Arc::new(self.uci.finish()),
            Arc::new(self.after.finish()),
            Arc::new(self.clock.finish()),
            Arc::new(self.eval.finish()),
        ]
    }
}

fn moves(
    file: &str,
    records: &[GameRecord],
    options: &RowOptions,
) -> Result<(RecordBatch, Report, Vec<u32>), ArrowError> {
    let mut counts = Vec::with_capacity(records.len());
    let hint = records.iter().map(|r| r.moves.len()).sum::<usize>();
    let mut report = Report::default();
    let mut rows = MoveRows::with_capacity(hint, file);
    let mut plies = Plies::new();
    for record in records {
        let Replayed {
            played, error: err, ..
        } = replay_plies(record, options.mode, &mut plies);
        for (i, ply) in plies.iter().enumerate() {
            rows.push(file, record, i + 1, ply);
        }
        counts.push(offset(usize::try_from(played).unwrap_or(usize::MAX))?.unsigned_abs());
        report.add_game(record, played, err);
    }
    let batch = RecordBatch::try_new(schema(Table::Moves, Layout::Default), rows.finish())?;
    Ok((batch, report, counts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::cast::AsArray;
    use arrow_array::Array;
    use chessbits_pgn::{Reader, RecordCollector};

    fn records(pgn: &[u8]) -> Vec<GameRecord> {
        let mut out = Vec::new();
        Reader::new(pgn)
            .read_all(&mut RecordCollector::with_annotations(), |r| out.push(r))
            .expect("no I/O error");
        out
    }

    const GAME: &[u8] = b"[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/AbCd1234\"]\n\
        [White \"M\xfcller\"]\n[WhiteTitle \"GM\"]\n[WhiteElo \"2500\"]\n[WhiteRatingDiff \"+7\"]\n\
        [UTCDate \"2024.03.01\"]\n[UTCTime \"12:00:01\"]\n[TimeControl \"180+2\"]\n\n\
        1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%clk 0:02:59.5] } 2. Nf3 1-0\n";

    #[test]
    fn typed_columns_of_a_lichess_game() {
        let (b, report) =
            batch(Table::Games, "f", &records(GAME), &RowOptions::default()).expect("batch");
        assert_eq!(report.games, 1);
        assert_eq!(b.num_rows(), 1);
        let col = |name: &str| b.column_by_name(name).expect(name).clone();
        assert_eq!(col("white").as_string::<i32>().value(0), "Müller");
        assert_eq!(col("game_id").as_string::<i32>().value(0), "AbCd1234");
        assert_eq!(col("white_title").as_string::<i32>().value(0), "GM");
        assert!(col("black_title").is_null(0));
        assert_eq!(col("result").as_string::<i32>().value(0), "1-0");
        let ts = col("utc_timestamp");
        assert_eq!(
            ts.as_primitive::<arrow_array::types::TimestampSecondType>()
                .value(0),
            19_783 * 86_400 + 43_201
        );
        let diff = col("white_rating_diff");
        assert_eq!(
            diff.as_primitive::<arrow_array::types::Int32Type>()
                .value(0),
            7
        );
        let base = col("base_seconds");
        assert_eq!(
            base.as_primitive::<arrow_array::types::Int32Type>()
                .value(0),
            180
        );
        assert_eq!(
            col("plies")
                .as_primitive::<arrow_array::types::Int32Type>()
                .value(0),
            3
        );

        let lichess = RowOptions {
            layout: Layout::Lichess,
            ..RowOptions::default()
        };
        let (b, _) = batch(Table::Games, "f", &records(GAME), &lichess).expect("batch");
        let movetext = b.column_by_name("movetext").expect("movetext");
        assert_eq!(
            movetext.as_string::<i32>().value(0),
            "1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%clk 0:02:59.5] } 2. Nf3 1-0"
        );
        let elo = b.column_by_name("WhiteElo").expect("elo");
        assert_eq!(
            elo.as_primitive::<arrow_array::types::Int16Type>().value(0),
            2500
        );
    }

    #[test]
    fn every_tag_a_column_reads_is_found() {
        for columns in [GAMES, LICHESS_GAMES] {
            let names = crate::columns::tags_read(columns);
            let lookup = TagLookup::new(&names);
            for (i, name) in names.iter().enumerate() {
                assert_eq!(lookup.find(name.as_bytes()), Some(i), "{name}");
                assert_eq!(lookup.index(name), i, "{name}");
            }
            for other in [
                &b"Eventx"[..],
                b"E",
                b"",
                b"FEN",
                b"UTCDatx",
                b"Timecontrol",
                b"WhiteFideId",
            ] {
                assert_eq!(lookup.find(other), None);
            }
        }
        // Names that share a slot are all found.
        let crowded = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"];
        let lookup = TagLookup::new(&crowded);
        for (i, name) in crowded.iter().enumerate() {
            assert_eq!(lookup.find(name.as_bytes()), Some(i));
        }
    }

    #[test]
    fn clocks_and_evals_are_null_for_a_game_without_any() {
        // No comments at all; only an eval; a clock only on a move not replayed.
        let pgn =
            b"1. e4 e5 *\n\n1. e4 { [%eval 0.1] } e5 *\n\n1. e4 e5 2. Ke3 { [%clk 0:01:00] } *\n";
        let (b, _) =
            batch(Table::Games, "f", &records(pgn), &RowOptions::default()).expect("batch");
        let clocks = b.column_by_name("clocks").expect("clocks");
        let evals = b.column_by_name("evals").expect("evals").as_list::<i32>();
        assert_eq!(
            (0..3).map(|i| clocks.is_null(i)).collect::<Vec<_>>(),
            [true, true, true]
        );
        assert_eq!(
            (0..3).map(|i| evals.is_null(i)).collect::<Vec<_>>(),
            [true, false, true]
        );
        assert_eq!(evals.value(1).len(), 2);
        assert_eq!(
            b.column_by_name("result")
                .expect("result")
                .as_string::<i32>()
                .value(0),
            "*"
        );
    }

    #[test]
    fn moves_rows() {
        let (b, report) =
            batch(Table::Moves, "f", &records(GAME), &RowOptions::default()).expect("batch");
        assert_eq!(report.moves, 3);
        assert_eq!(b.num_rows(), 3);
        let before = b
            .column_by_name("before_fen")
            .expect("fen")
            .as_string::<i32>();
        let after = b
            .column_by_name("after_fen")
            .expect("fen")
            .as_string::<i32>();
        assert_eq!(before.value(1), after.value(0));
        assert_eq!(
            b.column_by_name("uci")
                .expect("uci")
                .as_string::<i32>()
                .value(1),
            "e7e5"
        );
    }
}
