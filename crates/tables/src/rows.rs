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

use std::fmt::Write as _;
use std::sync::Arc;

use arrow_array::builder::{
    ArrayBuilder, BinaryBuilder, Date32Builder, Float64Builder, Int16Builder, Int32Builder,
    Int64Builder, ListBuilder, StringBuilder, StructBuilder, Time32SecondBuilder,
    TimestampSecondBuilder,
};
use arrow_array::{ArrayRef, BinaryArray, ListArray, RecordBatch, StringArray, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, DataType, Field, Fields};
use chessbits_pgn::table::{error_text, played_notes, Eval};
use chessbits_pgn::{
    game_variant, move_to_uci, replay, replay_any, replay_packed, replay_variant, suffix_of,
    write_fen, GameRecord, Replayed, Report, San, SanMode, SanPlus,
};
use encoding_rs::Encoding;

use crate::schema::{eval_type, schema, tag_type, Layout, Table};
use crate::tags;

/// How rows are made: the layout, how SAN is read, and the encoding of text that is not
/// UTF-8.
#[derive(Copy, Clone, Debug)]
pub struct RowOptions {
    /// The columns.
    pub layout: Layout,
    /// Strict or lenient SAN.
    pub mode: SanMode,
    /// The encoding of tag text that is not UTF-8 ([`tags::DEFAULT_ENCODING`]:
    /// Windows-1252).
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
/// [`check_games`](chessbits_pgn::check_games) counts them).
pub fn batch(
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
            games(file, records, options).map(|(b, r)| (b, r, ones()))
        }
        (Table::Games, Layout::Lichess) => {
            lichess_games(records, options).map(|(b, r)| (b, r, ones()))
        }
        (Table::Moves, _) => moves(file, records, options),
    }
}

/// The tags a column is read from, each by its place in [`Known`].
const KNOWN: [&[u8]; 20] = [
    b"Event",
    b"Site",
    b"Date",
    b"Round",
    b"White",
    b"Black",
    b"Result",
    b"WhiteElo",
    b"BlackElo",
    b"ECO",
    b"Opening",
    b"TimeControl",
    b"Termination",
    b"UTCDate",
    b"UTCTime",
    b"Variant",
    b"WhiteTitle",
    b"BlackTitle",
    b"WhiteRatingDiff",
    b"BlackRatingDiff",
];

const EVENT: usize = 0;
const SITE: usize = 1;
const RESULT: usize = 6;
const WHITE_ELO: usize = 7;
const BLACK_ELO: usize = 8;
const ECO: usize = 9;
const OPENING: usize = 10;
const TIME_CONTROL: usize = 11;
const TERMINATION: usize = 12;
const UTC_DATE: usize = 13;
const UTC_TIME: usize = 14;
const VARIANT: usize = 15;
const WHITE_TITLE: usize = 16;
const BLACK_TITLE: usize = 17;
const WHITE_DIFF: usize = 18;
const BLACK_DIFF: usize = 19;

/// The place of a tag name in [`KNOWN`]: the one candidate its length and a letter leave
/// is compared (comparing with each of the twenty cost most of a games row).
fn known_index(name: &[u8]) -> Option<usize> {
    let i = match (name.len(), name.first()?, name.get(3).copied().unwrap_or(0)) {
        (5, b'E', _) => EVENT,
        (4, b'S', _) => SITE,
        (4, b'D', _) => 2,
        (5, b'R', _) => 3,
        (5, b'W', _) => 4,
        (5, b'B', _) => 5,
        (6, b'R', _) => RESULT,
        (8, b'W', _) => WHITE_ELO,
        (8, b'B', _) => BLACK_ELO,
        (3, b'E', _) => ECO,
        (7, b'O', _) => OPENING,
        (11, b'T', b'e') => TIME_CONTROL,
        (11, b'T', b'm') => TERMINATION,
        (7, b'U', b'D') => UTC_DATE,
        (7, b'U', b'T') => UTC_TIME,
        (7, b'V', _) => VARIANT,
        (10, b'W', _) => WHITE_TITLE,
        (10, b'B', _) => BLACK_TITLE,
        (15, b'W', _) => WHITE_DIFF,
        (15, b'B', _) => BLACK_DIFF,
        _ => return None,
    };
    (KNOWN[i] == name).then_some(i)
}

/// The first value of each [`KNOWN`] tag in a game.
struct Known<'a>([Option<&'a [u8]>; 20]);

impl<'a> Known<'a> {
    fn of(record: &'a GameRecord) -> Known<'a> {
        let mut slots = [None; 20];
        for (name, value) in record.tags.iter() {
            if let Some(i) = known_index(name) {
                if slots[i].is_none() {
                    slots[i] = Some(value);
                }
            }
        }
        Known(slots)
    }

    fn get(&self, i: usize) -> Option<&'a [u8]> {
        self.0[i]
    }
}

/// The `Result` cell: the tag, else the movetext's result token.
fn result_of<'a>(record: &'a GameRecord, known: &Known<'a>) -> Option<&'a [u8]> {
    known
        .get(RESULT)
        .or_else(|| record.result.map(|r| r.as_str().as_bytes()))
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

    fn push_row(&mut self, words: &[u64]) {
        for &w in words {
            let len = 8 - (w.leading_zeros() / 8) as usize;
            let end = self.values.len() + len;
            self.values.extend_from_slice(&w.to_le_bytes());
            self.values.truncate(end);
            self.ends.push(i32::try_from(end).unwrap_or(i32::MAX));
        }
        self.rows
            .push(i32::try_from(self.ends.len() - 1).unwrap_or(i32::MAX));
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

fn eval_builder() -> StructBuilder {
    StructBuilder::from_fields(
        match eval_type() {
            DataType::Struct(f) => f,
            _ => Fields::empty(),
        },
        0,
    )
}

fn push_eval(b: &mut StructBuilder, eval: Option<Eval>) {
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

fn list_field(item: DataType) -> Arc<Field> {
    Arc::new(Field::new("item", item, true))
}

fn games(
    file: &str,
    records: &[GameRecord],
    options: &RowOptions,
) -> Result<(RecordBatch, Report), ArrowError> {
    let n = records.len();
    let enc = options.encoding;
    let mut report = Report::default();
    let mut file_col = StringBuilder::with_capacity(n, n * file.len());
    let mut game = Int64Builder::with_capacity(n);
    // event, site, date, round, white, black, result
    let mut texts: Vec<Text> = (0..7).map(|_| Text::new(n, n * 16, enc)).collect();
    let mut elos = [
        Int32Builder::with_capacity(n),
        Int32Builder::with_capacity(n),
    ];
    // eco, opening, time_control, termination, utc_date, utc_time, variant, game_id,
    // white_title, black_title
    let mut more: Vec<Text> = (0..10).map(|_| Text::new(n, n * 8, enc)).collect();
    let mut diffs = [
        Int32Builder::with_capacity(n),
        Int32Builder::with_capacity(n),
    ];
    let mut timestamp = TimestampSecondBuilder::with_capacity(n).with_timezone("+00:00");
    let mut base = Int32Builder::with_capacity(n);
    let mut increment = Int32Builder::with_capacity(n);
    let mut tag_keys = Text::new(n * 16, n * 16 * 8, enc);
    let mut tag_values = Text::new(n * 16, n * 16 * 16, enc);
    let mut tag_offsets: Vec<i32> = Vec::with_capacity(n + 1);
    tag_offsets.push(0);
    let mut plies = Int32Builder::with_capacity(n);
    let moves_hint = records.iter().map(|r| r.moves.len()).sum::<usize>();
    let mut uci = MoveList::new(n, moves_hint);
    let mut san = MoveList::new(n, moves_hint);
    let (mut san_words, mut uci_words) = (Vec::new(), Vec::new());
    let mut clocks = ListBuilder::new(Float64Builder::new());
    let mut evals = ListBuilder::new(eval_builder()).with_field(list_field(eval_type()));
    let mut error = StringBuilder::new();

    for record in records {
        let known = Known::of(record);
        file_col.append_value(file);
        game.append_value(record.game as i64);
        for (i, t) in texts.iter_mut().enumerate() {
            if i == RESULT {
                t.push(result_of(record, &known));
            } else {
                t.push(known.get(i));
            }
        }
        elos[0].append_option(known.get(WHITE_ELO).and_then(tags::int));
        elos[1].append_option(known.get(BLACK_ELO).and_then(tags::int));
        for (t, i) in more.iter_mut().zip([
            ECO,
            OPENING,
            TIME_CONTROL,
            TERMINATION,
            UTC_DATE,
            UTC_TIME,
            VARIANT,
        ]) {
            t.push(known.get(i));
        }
        more[7].push(
            known
                .get(SITE)
                .and_then(tags::lichess_id)
                .map(str::as_bytes),
        );
        more[8].push(known.get(WHITE_TITLE));
        more[9].push(known.get(BLACK_TITLE));
        diffs[0].append_option(known.get(WHITE_DIFF).and_then(tags::int));
        diffs[1].append_option(known.get(BLACK_DIFF).and_then(tags::int));
        let day = known.get(UTC_DATE).and_then(tags::date);
        let second = known.get(UTC_TIME).and_then(tags::time);
        timestamp
            .append_option(day.map(|d| i64::from(d) * 86_400 + i64::from(second.unwrap_or(0))));
        let tc = known.get(TIME_CONTROL).and_then(tags::time_control);
        base.append_option(tc.map(|t| t.0));
        increment.append_option(tc.map(|t| t.1));

        for (name, value) in record.tags.iter() {
            tag_keys.push_str(name);
            tag_values.push_str(value);
        }
        if known.get(RESULT).is_none() {
            if let Some(r) = record.result {
                tag_keys.push_str(b"Result");
                tag_values.push_str(r.as_str().as_bytes());
            }
        }
        tag_offsets.push(i32::try_from(tag_keys.builder.len()).unwrap_or(i32::MAX));

        san_words.clear();
        uci_words.clear();
        let Replayed {
            played, error: err, ..
        } = replay_packed(record, options.mode, &mut san_words, &mut uci_words);
        san.push_row(&san_words);
        uci.push_row(&uci_words);
        let played = played as usize;
        plies.append_value(i32::try_from(played).unwrap_or(i32::MAX));
        let notes = played_notes(record, played);
        if notes.iter().any(|(c, _)| c.is_some()) {
            for i in 0..played {
                clocks
                    .values()
                    .append_option(notes.get(i).and_then(|n| n.0));
            }
            clocks.append(true);
        } else {
            clocks.append(false);
        }
        if notes.iter().any(|(_, e)| e.is_some()) {
            for i in 0..played {
                push_eval(evals.values(), notes.get(i).and_then(|n| n.1));
            }
            evals.append(true);
        } else {
            evals.append(false);
        }
        error.append_option(error_text(record, &err));
        report.add_game(record, played as u64, err);
    }

    let mut columns: Vec<ArrayRef> = vec![Arc::new(file_col.finish()), Arc::new(game.finish())];
    columns.extend(texts.into_iter().map(Text::finish));
    for mut e in elos {
        columns.push(Arc::new(e.finish()));
    }
    columns.extend(more.into_iter().map(Text::finish));
    for mut d in diffs {
        columns.push(Arc::new(d.finish()));
    }
    columns.push(Arc::new(timestamp.finish()));
    columns.push(Arc::new(base.finish()));
    columns.push(Arc::new(increment.finish()));
    let tag_fields = match tag_type() {
        DataType::Struct(f) => f,
        _ => Fields::empty(),
    };
    let entries = StructArray::new(
        tag_fields,
        vec![tag_keys.finish(), tag_values.finish()],
        None,
    );
    columns.push(Arc::new(ListArray::new(
        list_field(tag_type()),
        OffsetBuffer::new(tag_offsets.into()),
        Arc::new(entries),
        None,
    )));
    columns.push(Arc::new(plies.finish()));
    columns.push(uci.finish());
    columns.push(san.finish());
    columns.push(Arc::new(clocks.finish()));
    columns.push(Arc::new(evals.finish()));
    columns.push(Arc::new(error.finish()));
    let batch = RecordBatch::try_new(schema(Table::Games, Layout::Default), columns)?;
    Ok((batch, report))
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

    /// One move's row: `ply` from 1, the texts as written, the move's notes.
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        file: &str,
        record: &GameRecord,
        ply: usize,
        before: &[u8],
        san: &[u8],
        uci: &str,
        after: &[u8],
    ) {
        let (c, e) = record.notes.get(ply - 1).copied().unwrap_or((None, None));
        self.file.append_value(file);
        self.game.append_value(record.game as i64);
        self.ply
            .append_value(i32::try_from(ply).unwrap_or(i32::MAX));
        self.before
            .append_value(std::str::from_utf8(before).unwrap_or_default());
        self.san
            .append_value(std::str::from_utf8(san).unwrap_or_default());
        self.uci.append_value(uci);
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
    let mut before = Vec::with_capacity(96);
    let mut after = Vec::with_capacity(96);
    let mut san = Vec::with_capacity(8);
    for record in records {
        let mut ply = 0usize;
        let replayed = match game_variant(record.variant.as_deref()) {
            // A variant game (atomic, crazyhouse, ...): its positions are movegen's.
            Ok(Some(variant)) => replay_variant(record, options.mode, variant, |b, m, a| {
                ply += 1;
                let (b_fen, a_fen) = (b.fen(), a.fen());
                san.clear();
                b.san_plus(m).write_to(&mut san);
                let uci = b.uci(m);
                rows.push(
                    file,
                    record,
                    ply,
                    b_fen.as_bytes(),
                    &san,
                    &uci,
                    a_fen.as_bytes(),
                );
            }),
            _ => replay(record, options.mode, |b, m, a| {
                if ply == 0 {
                    before.clear();
                    write_fen(b, &mut before);
                } else {
                    std::mem::swap(&mut before, &mut after);
                }
                after.clear();
                write_fen(a, &mut after);
                san.clear();
                SanPlus {
                    san: San::from_move(b, m),
                    suffix: suffix_of(a),
                }
                .write_to(&mut san);
                ply += 1;
                rows.push(file, record, ply, &before, &san, &move_to_uci(b, m), &after);
            }),
        };
        let Replayed {
            played, error: err, ..
        } = replayed;
        counts.push(u32::try_from(played).unwrap_or(u32::MAX));
        report.add_game(record, played, err);
    }
    let batch = RecordBatch::try_new(schema(Table::Moves, Layout::Default), rows.finish())?;
    Ok((batch, report, counts))
}

fn lichess_games(
    records: &[GameRecord],
    options: &RowOptions,
) -> Result<(RecordBatch, Report), ArrowError> {
    let n = records.len();
    let enc = options.encoding;
    let mut report = Report::default();
    // Event, Site, White, Black, Result, WhiteTitle, BlackTitle
    let mut head: Vec<Text> = (0..7).map(|_| Text::new(n, n * 16, enc)).collect();
    let mut ints: Vec<Int16Builder> = (0..4).map(|_| Int16Builder::with_capacity(n)).collect();
    let mut date = Date32Builder::with_capacity(n);
    let mut time = Time32SecondBuilder::with_capacity(n);
    // ECO, Opening, Termination, TimeControl
    let mut tail: Vec<Text> = (0..4).map(|_| Text::new(n, n * 16, enc)).collect();
    let mut movetext = StringBuilder::with_capacity(n, n * 512);
    let mut text = String::with_capacity(4096);
    for record in records {
        let known = Known::of(record);
        for (t, i) in head
            .iter_mut()
            .zip([EVENT, SITE, 4, 5, RESULT, WHITE_TITLE, BLACK_TITLE])
        {
            t.push(if i == RESULT {
                result_of(record, &known)
            } else {
                known.get(i)
            });
        }
        for (b, i) in ints
            .iter_mut()
            .zip([WHITE_ELO, BLACK_ELO, WHITE_DIFF, BLACK_DIFF])
        {
            b.append_option(
                known
                    .get(i)
                    .and_then(tags::int)
                    .and_then(|v| i16::try_from(v).ok()),
            );
        }
        date.append_option(known.get(UTC_DATE).and_then(tags::date));
        time.append_option(known.get(UTC_TIME).and_then(tags::time));
        for (t, i) in tail
            .iter_mut()
            .zip([ECO, OPENING, TERMINATION, TIME_CONTROL])
        {
            t.push(known.get(i));
        }
        // The movetext as Lichess writes it: the moves replayed as written, each move's
        // `[%eval]` and `[%clk]` in a comment, then the result.
        text.clear();
        let Replayed {
            played, error: err, ..
        } = replay_any(record, options.mode);
        let (mut number, mut white) = first_move(record);
        let mut after_comment = false;
        for (i, san) in record.moves.texts().take(played as usize).enumerate() {
            if !text.is_empty() {
                text.push(' ');
            }
            if white {
                let _ = write!(text, "{number}. ");
            } else if after_comment || i == 0 {
                let _ = write!(text, "{number}... ");
            }
            text.push_str(&String::from_utf8_lossy(san));
            let (clock, eval) = record.notes.get(i).copied().unwrap_or((None, None));
            after_comment = clock.is_some() || eval.is_some();
            if after_comment {
                text.push_str(" {");
                if let Some(e) = eval {
                    match e {
                        Eval::Centipawns(cp) => {
                            let _ = write!(text, " [%eval {}]", pawns(cp));
                        }
                        Eval::Mate(m) => {
                            let _ = write!(text, " [%eval #{m}]");
                        }
                    }
                }
                if let Some(c) = clock {
                    let _ = write!(text, " [%clk {}]", clock_text(c));
                }
                text.push_str(" }");
            }
            if !white {
                number += 1;
            }
            white = !white;
        }
        if let Some(r) = result_of(record, &known) {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&String::from_utf8_lossy(r));
        }
        movetext.append_value(&text);
        report.add_game(record, played, err);
    }
    let mut columns: Vec<ArrayRef> = head.into_iter().map(Text::finish).collect();
    for mut b in ints {
        columns.push(Arc::new(b.finish()));
    }
    columns.push(Arc::new(date.finish()));
    columns.push(Arc::new(time.finish()));
    columns.extend(tail.into_iter().map(Text::finish));
    columns.push(Arc::new(movetext.finish()));
    let batch = RecordBatch::try_new(schema(Table::Games, Layout::Lichess), columns)?;
    Ok((batch, report))
}

/// The move number and side of a game's first move (from its `FEN` tag's last fields).
fn first_move(record: &GameRecord) -> (u32, bool) {
    let Some(fen) = record.fen.as_deref() else {
        return (1, true);
    };
    let fen = String::from_utf8_lossy(fen);
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let white = fields.get(1) != Some(&"b");
    let number = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    (number, white)
}

/// Centipawns as pawns the way Lichess writes an `[%eval]`: `0.17`, `-1.5`, `2`.
fn pawns(cp: i32) -> String {
    let sign = if cp < 0 { "-" } else { "" };
    let cp = cp.unsigned_abs();
    let (whole, cents) = (cp / 100, cp % 100);
    match cents {
        0 => format!("{sign}{whole}"),
        c if c % 10 == 0 => format!("{sign}{whole}.{}", c / 10),
        c => format!("{sign}{whole}.{c:02}"),
    }
}

/// Seconds as a `[%clk H:MM:SS]` value (tenths when there are any).
fn clock_text(seconds: f64) -> String {
    let whole = seconds.trunc() as u64;
    let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60);
    let tenths = ((seconds - seconds.trunc()) * 10.0).round() as u64;
    if tenths == 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{h}:{m:02}:{s:02}.{tenths}")
    }
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
    fn every_known_tag_is_found() {
        for (i, name) in KNOWN.iter().enumerate() {
            assert_eq!(
                known_index(name),
                Some(i),
                "{:?}",
                String::from_utf8_lossy(name)
            );
        }
        for other in [
            &b"Eventx"[..],
            b"E",
            b"",
            b"FEN",
            b"UTCDatx",
            b"Timecontrol",
        ] {
            assert_eq!(known_index(other), None);
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
