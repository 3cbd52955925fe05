//! The row rule: replayed games into the columns of [`crate::schema`], one Arrow
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
    Date32Builder, Float64Builder, Int16Builder, Int32Builder, Int64Builder, ListBuilder,
    StringBuilder, StructBuilder, Time32SecondBuilder, TimestampSecondBuilder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use chessbits_pgn::table::{error_text, played_notes, Eval};
use chessbits_pgn::{
    move_to_uci, replay, replay_texts, suffix_of, write_fen, GameRecord, Report, San, SanMode,
    SanPlus,
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

/// The first value of each [`KNOWN`] tag in a game.
struct Known<'a>([Option<&'a [u8]>; 20]);

impl<'a> Known<'a> {
    fn of(record: &'a GameRecord) -> Known<'a> {
        let mut slots = [None; 20];
        for (name, value) in record.tags.iter() {
            if let Some(i) = KNOWN.iter().position(|k| *k == name) {
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

struct Text {
    builder: StringBuilder,
    encoding: &'static Encoding,
}

impl Text {
    fn new(rows: usize, bytes: usize, encoding: &'static Encoding) -> Text {
        Text {
            builder: StringBuilder::with_capacity(rows, bytes),
            encoding,
        }
    }

    fn push(&mut self, value: Option<&[u8]>) {
        match value {
            Some(v) => self.builder.append_value(tags::decode(v, self.encoding)),
            None => self.builder.append_null(),
        }
    }

    fn finish(mut self) -> ArrayRef {
        Arc::new(self.builder.finish())
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
    let tag_fields = match tag_type() {
        DataType::Struct(f) => f,
        _ => Fields::empty(),
    };
    let mut tag_list = ListBuilder::new(StructBuilder::from_fields(tag_fields, n * 16))
        .with_field(list_field(tag_type()));
    let mut plies = Int32Builder::with_capacity(n);
    let moves_hint = records.iter().map(GameRecord::len).sum::<usize>();
    let mut uci =
        ListBuilder::with_capacity(StringBuilder::with_capacity(moves_hint, moves_hint * 4), n);
    let mut san =
        ListBuilder::with_capacity(StringBuilder::with_capacity(moves_hint, moves_hint * 4), n);
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

        {
            let entries = tag_list.values();
            let push_tag = |entries: &mut StructBuilder, name: &[u8], value: &[u8]| {
                if let Some(k) = entries.field_builder::<StringBuilder>(0) {
                    k.append_value(tags::decode(name, enc));
                }
                if let Some(v) = entries.field_builder::<StringBuilder>(1) {
                    v.append_value(tags::decode(value, enc));
                }
                entries.append(true);
            };
            for (name, value) in record.tags.iter() {
                push_tag(entries, name, value);
            }
            if known.get(RESULT).is_none() {
                if let Some(r) = record.result {
                    push_tag(entries, b"Result", r.as_str().as_bytes());
                }
            }
            tag_list.append(true);
        }

        let (played, err) = replay_texts(record, options.mode, |s, u| {
            san.values()
                .append_value(std::str::from_utf8(s).unwrap_or_default());
            uci.values()
                .append_value(std::str::from_utf8(u).unwrap_or_default());
        });
        san.append(true);
        uci.append(true);
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
    columns.push(Arc::new(tag_list.finish()));
    columns.push(Arc::new(plies.finish()));
    columns.push(Arc::new(uci.finish()));
    columns.push(Arc::new(san.finish()));
    columns.push(Arc::new(clocks.finish()));
    columns.push(Arc::new(evals.finish()));
    columns.push(Arc::new(error.finish()));
    let batch = RecordBatch::try_new(schema(Table::Games, Layout::Default), columns)?;
    Ok((batch, report))
}

fn moves(
    file: &str,
    records: &[GameRecord],
    options: &RowOptions,
) -> Result<(RecordBatch, Report, Vec<u32>), ArrowError> {
    let mut counts = Vec::with_capacity(records.len());
    let hint = records.iter().map(GameRecord::len).sum::<usize>();
    let mut report = Report::default();
    let mut file_col = StringBuilder::with_capacity(hint, hint * file.len());
    let mut game = Int64Builder::with_capacity(hint);
    let mut ply_col = Int32Builder::with_capacity(hint);
    let mut before_col = StringBuilder::with_capacity(hint, hint * 60);
    let mut san_col = StringBuilder::with_capacity(hint, hint * 4);
    let mut uci_col = StringBuilder::with_capacity(hint, hint * 4);
    let mut after_col = StringBuilder::with_capacity(hint, hint * 60);
    let mut clock = Float64Builder::with_capacity(hint);
    let mut eval = eval_builder();
    let mut before = Vec::with_capacity(96);
    let mut after = Vec::with_capacity(96);
    let mut san = Vec::with_capacity(8);
    for record in records {
        let mut ply = 0usize;
        let (played, err) = replay(record, options.mode, |b, m, a| {
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
            let (c, e) = record.notes.get(ply).copied().unwrap_or((None, None));
            ply += 1;
            file_col.append_value(file);
            game.append_value(record.game as i64);
            ply_col.append_value(i32::try_from(ply).unwrap_or(i32::MAX));
            before_col.append_value(std::str::from_utf8(&before).unwrap_or_default());
            san_col.append_value(std::str::from_utf8(&san).unwrap_or_default());
            uci_col.append_value(move_to_uci(b, m));
            after_col.append_value(std::str::from_utf8(&after).unwrap_or_default());
            clock.append_option(c);
            push_eval(&mut eval, e);
        });
        counts.push(u32::try_from(played).unwrap_or(u32::MAX));
        report.add_game(record, played, err);
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(file_col.finish()),
        Arc::new(game.finish()),
        Arc::new(ply_col.finish()),
        Arc::new(before_col.finish()),
        Arc::new(san_col.finish()),
        Arc::new(uci_col.finish()),
        Arc::new(after_col.finish()),
        Arc::new(clock.finish()),
        Arc::new(eval.finish()),
    ];
    let batch = RecordBatch::try_new(schema(Table::Moves, Layout::Default), columns)?;
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
        let (played, err) = replay(record, options.mode, |_, _, _| {});
        let (mut number, mut white) = first_move(record);
        let mut after_comment = false;
        for (i, (san, _)) in record.moves().take(played as usize).enumerate() {
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
