//! The columns of the games tables, declared once: each column's name, where its value
//! comes from (its value kind, which fixes its Arrow type), and what it means. The schema
//! ([`crate::schema()`]), the row builder ([`crate::rows`]), the command line's `--help` and
//! the bindings' docs ([`describe`]) all derive from these lists, so that a new column is
//! one line here (plus, for a new kind of value, its case in `Value` and in the row
//! builder).

use arrow_schema::{DataType, Field, TimeUnit};

use crate::types::{eval_type, list_of, tag_type, timestamp_type, Layout, Table};

/// Where a games-table column's value comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    /// The input's name (utf8).
    File,
    /// The game's number in its input, from 1 (int64).
    Game,
    /// A tag's text as written, decoded to UTF-8 (the first tag of the name; utf8).
    Text(&'static str),
    /// The `Result` tag, else the movetext's result token (utf8).
    Result,
    /// A tag read as an integer (int32; `?`, `-` and other text are null).
    Int(&'static str),
    /// A tag read as an integer that fits 16 bits, else null (int16).
    Int16(&'static str),
    /// A tag read as a date `YYYY.MM.DD` (date32; a date that does not exist is null).
    Date(&'static str),
    /// A tag read as a time `HH:MM:SS` (time32, seconds).
    Time(&'static str),
    /// The Lichess game id of the `Site` tag (utf8).
    LichessId,
    /// `UTCDate` and `UTCTime` as one timestamp (seconds, UTC).
    UtcTimestamp,
    /// The base time of the `TimeControl` tag, in seconds (int32).
    BaseSeconds,
    /// The increment of the `TimeControl` tag, in seconds (int32).
    IncrementSeconds,
    /// Every tag pair in input order as `{key, value}`, with the movetext's result as a
    /// `Result` pair when the tag is missing.
    Tags,
    /// The mainline moves replayed (int32).
    Plies,
    /// The mainline moves as UCI (a list of utf8).
    MovesUci,
    /// The mainline moves as canonical SAN (a list of utf8).
    MovesSan,
    /// Each move's `[%clk]` in seconds; null for a game without any (a list of float64).
    Clocks,
    /// Each move's `[%eval]` as `{cp, mate}`; null for a game without any.
    Evals,
    /// The reader's and the replay's errors, each `line N: ...` (utf8; null: none).
    Error,
    /// The mainline as Lichess writes movetext: move numbers, each move as written with
    /// its `[%eval]` and `[%clk]` in a comment, the result (utf8).
    Movetext,
}

impl Value {
    /// The Arrow type of the column and whether it can be null.
    pub(crate) fn data_type(self) -> (DataType, bool) {
        match self {
            Value::File => (DataType::Utf8, false),
            Value::Game => (DataType::Int64, false),
            Value::Text(_) | Value::Result | Value::LichessId | Value::Error | Value::Movetext => {
                (DataType::Utf8, true)
            }
            Value::Int(_) | Value::BaseSeconds | Value::IncrementSeconds => (DataType::Int32, true),
            Value::Int16(_) => (DataType::Int16, true),
            Value::Date(_) => (DataType::Date32, true),
            Value::Time(_) => (DataType::Time32(TimeUnit::Second), true),
            Value::UtcTimestamp => (timestamp_type(), true),
            Value::Tags => (list_of(tag_type()), false),
            Value::Plies => (DataType::Int32, false),
            Value::MovesUci | Value::MovesSan => (list_of(DataType::Utf8), false),
            Value::Clocks => (list_of(DataType::Float64), true),
            Value::Evals => (list_of(eval_type()), true),
        }
    }

    /// The tag the value is read from, if one.
    pub(crate) fn tag(self) -> Option<&'static str> {
        match self {
            Value::Text(t) | Value::Int(t) | Value::Int16(t) | Value::Date(t) | Value::Time(t) => {
                Some(t)
            }
            Value::Result => Some("Result"),
            Value::LichessId => Some("Site"),
            Value::UtcTimestamp => Some("UTCDate"),
            Value::BaseSeconds | Value::IncrementSeconds => Some("TimeControl"),
            _ => None,
        }
    }
}

/// One column: its name, its value, and what it means (for `--help` and the docs).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Column {
    /// The column's name.
    pub(crate) name: &'static str,
    pub(crate) value: Value,
    /// What the column holds.
    pub(crate) about: &'static str,
}

impl Column {
    /// The column's Arrow field.
    #[must_use]
    pub(crate) fn field(&self) -> Field {
        let (t, nullable) = self.value.data_type();
        Field::new(self.name, t, nullable)
    }
}

const fn col(name: &'static str, value: Value, about: &'static str) -> Column {
    Column { name, value, about }
}

/// The games table's columns in this crate's layout.
pub(crate) const GAMES: &[Column] = &[
    col("file", Value::File, "the input's name"),
    col(
        "game",
        Value::Game,
        "the game's number in its input, from 1",
    ),
    col("event", Value::Text("Event"), "the Event tag"),
    col("site", Value::Text("Site"), "the Site tag"),
    col("date", Value::Text("Date"), "the Date tag as written"),
    col("round", Value::Text("Round"), "the Round tag"),
    col("white", Value::Text("White"), "the White tag"),
    col("black", Value::Text("Black"), "the Black tag"),
    col(
        "result",
        Value::Result,
        "the Result tag, else the movetext's result",
    ),
    col(
        "white_elo",
        Value::Int("WhiteElo"),
        "WhiteElo as an integer",
    ),
    col(
        "black_elo",
        Value::Int("BlackElo"),
        "BlackElo as an integer",
    ),
    col("eco", Value::Text("ECO"), "the ECO tag"),
    col("opening", Value::Text("Opening"), "the Opening tag"),
    col(
        "time_control",
        Value::Text("TimeControl"),
        "the TimeControl tag as written",
    ),
    col(
        "termination",
        Value::Text("Termination"),
        "the Termination tag",
    ),
    col(
        "utc_date",
        Value::Text("UTCDate"),
        "the UTCDate tag as written",
    ),
    col(
        "utc_time",
        Value::Text("UTCTime"),
        "the UTCTime tag as written",
    ),
    col("variant", Value::Text("Variant"), "the Variant tag"),
    col("game_id", Value::LichessId, "the Lichess game id of Site"),
    col(
        "white_title",
        Value::Text("WhiteTitle"),
        "the WhiteTitle tag",
    ),
    col(
        "black_title",
        Value::Text("BlackTitle"),
        "the BlackTitle tag",
    ),
    col(
        "white_rating_diff",
        Value::Int("WhiteRatingDiff"),
        "WhiteRatingDiff as an integer",
    ),
    col(
        "black_rating_diff",
        Value::Int("BlackRatingDiff"),
        "BlackRatingDiff as an integer",
    ),
    col(
        "utc_timestamp",
        Value::UtcTimestamp,
        "UTCDate and UTCTime, a timestamp (UTC)",
    ),
    col(
        "base_seconds",
        Value::BaseSeconds,
        "TimeControl's base time in seconds",
    ),
    col(
        "increment_seconds",
        Value::IncrementSeconds,
        "TimeControl's increment in seconds",
    ),
    col(
        "tags",
        Value::Tags,
        "every tag pair, in order, as {key, value}",
    ),
    col("plies", Value::Plies, "the mainline moves replayed"),
    col("moves_uci", Value::MovesUci, "the mainline in UCI"),
    col(
        "moves_san",
        Value::MovesSan,
        "the mainline in canonical SAN",
    ),
    col(
        "clocks",
        Value::Clocks,
        "each move's [%clk] in seconds (null: none in the game)",
    ),
    col(
        "evals",
        Value::Evals,
        "each move's [%eval] as {cp, mate} (null: none in the game)",
    ),
    col(
        "error",
        Value::Error,
        "the game's errors, each with its line (null: none)",
    ),
];

/// The games table's columns in the layout of the Hugging Face dataset
/// `Lichess/standard-chess-games` (its names and Arrow types).
pub(crate) const LICHESS_GAMES: &[Column] = &[
    col("Event", Value::Text("Event"), "the Event tag"),
    col("Site", Value::Text("Site"), "the Site tag"),
    col("White", Value::Text("White"), "the White tag"),
    col("Black", Value::Text("Black"), "the Black tag"),
    col(
        "Result",
        Value::Result,
        "the Result tag, else the movetext's result",
    ),
    col(
        "WhiteTitle",
        Value::Text("WhiteTitle"),
        "the WhiteTitle tag",
    ),
    col(
        "BlackTitle",
        Value::Text("BlackTitle"),
        "the BlackTitle tag",
    ),
    col("WhiteElo", Value::Int16("WhiteElo"), "WhiteElo (int16)"),
    col("BlackElo", Value::Int16("BlackElo"), "BlackElo (int16)"),
    col(
        "WhiteRatingDiff",
        Value::Int16("WhiteRatingDiff"),
        "WhiteRatingDiff (int16)",
    ),
    col(
        "BlackRatingDiff",
        Value::Int16("BlackRatingDiff"),
        "BlackRatingDiff (int16)",
    ),
    col(
        "UTCDate",
        Value::Date("UTCDate"),
        "the UTCDate tag as a date",
    ),
    col(
        "UTCTime",
        Value::Time("UTCTime"),
        "the UTCTime tag as a time",
    ),
    col("ECO", Value::Text("ECO"), "the ECO tag"),
    col("Opening", Value::Text("Opening"), "the Opening tag"),
    col(
        "Termination",
        Value::Text("Termination"),
        "the Termination tag",
    ),
    col(
        "TimeControl",
        Value::Text("TimeControl"),
        "the TimeControl tag",
    ),
    col(
        "movetext",
        Value::Movetext,
        "the mainline as Lichess writes movetext, with [%eval] and [%clk]",
    ),
];

/// A moves-table column: name, Arrow type, nullable, meaning.
pub(crate) type MoveColumn = (&'static str, fn() -> DataType, bool, &'static str);

/// The columns of the moves table (a row per mainline move), in the order the row builder
/// fills them.
pub(crate) const MOVES: &[MoveColumn] = &[
    ("file", || DataType::Utf8, false, "the input's name"),
    (
        "game",
        || DataType::Int64,
        false,
        "the game's number in its input, from 1",
    ),
    ("ply", || DataType::Int32, false, "the move's ply, from 1"),
    (
        "before_fen",
        || DataType::Utf8,
        false,
        "the position before the move (FEN)",
    ),
    ("san", || DataType::Utf8, false, "the move in canonical SAN"),
    ("uci", || DataType::Utf8, false, "the move in UCI"),
    (
        "after_fen",
        || DataType::Utf8,
        false,
        "the position after the move (FEN)",
    ),
    (
        "clock",
        || DataType::Float64,
        true,
        "the move's [%clk] in seconds",
    ),
    ("eval", eval_type, true, "the move's [%eval] as {cp, mate}"),
];

/// The engine's columns that `chessbits analyse` appends to the moves table: the analysis
/// of the position after the move, White's point of view (as `eval`).
pub(crate) const ENGINE: &[MoveColumn] = &[
    (
        "engine_eval",
        eval_type,
        true,
        "the engine's score after the move as {cp, mate}, White's view",
    ),
    (
        "engine_depth",
        || DataType::Int32,
        true,
        "the depth of the engine's line",
    ),
    (
        "engine_best",
        || DataType::Utf8,
        true,
        "the engine's best reply in UCI",
    ),
    (
        "engine_pv",
        || list_of(DataType::Utf8),
        true,
        "the engine's principal variation in UCI",
    ),
    (
        "engine_wdl_white",
        || DataType::Int32,
        true,
        "White wins per mille (where the engine gives WDL)",
    ),
    (
        "engine_wdl_draw",
        || DataType::Int32,
        true,
        "draws per mille (where the engine gives WDL)",
    ),
    (
        "engine_wdl_black",
        || DataType::Int32,
        true,
        "Black wins per mille (where the engine gives WDL)",
    ),
    (
        "engine_error",
        || DataType::Utf8,
        true,
        "why the position has no analysis (null: it has one)",
    ),
];

/// The columns of an EPD input's positions in `chessbits analyse --epd`, before the
/// engine's (which then describe the position itself).
pub(crate) const EPD_POSITIONS: &[MoveColumn] = &[
    ("file", || DataType::Utf8, false, "the input's name"),
    (
        "line",
        || DataType::Int64,
        false,
        "the record's line in its input, from 1",
    ),
    ("fen", || DataType::Utf8, false, "the position (FEN)"),
    ("id", || DataType::Utf8, true, "the record's id operation"),
];

/// The EPD positions' columns (with [`describe_engine`]'s after them in `chessbits analyse
/// --epd`), as (name, meaning) pairs, in order.
#[must_use]
pub fn describe_epd() -> Vec<(&'static str, &'static str)> {
    EPD_POSITIONS.iter().map(|c| (c.0, c.3)).collect()
}

/// The engine columns' Arrow fields, in order.
#[cfg(feature = "engine")]
pub(crate) fn engine_fields() -> Vec<Field> {
    ENGINE
        .iter()
        .map(|(name, t, nullable, _)| Field::new(*name, t(), *nullable))
        .collect()
}

/// The engine columns that `chessbits analyse` appends to the moves table, as (name,
/// meaning) pairs, in order.
#[must_use]
pub fn describe_engine() -> Vec<(&'static str, &'static str)> {
    ENGINE.iter().map(|c| (c.0, c.3)).collect()
}

/// The columns of `table` in `layout`, as (name, meaning) pairs, in order: what `--help`
/// lists and the bindings document.
#[must_use]
pub fn describe(table: Table, layout: Layout) -> Vec<(&'static str, &'static str)> {
    match (table, layout) {
        (Table::Games, Layout::Default) => GAMES.iter().map(|c| (c.name, c.about)).collect(),
        (Table::Games, Layout::Lichess) => {
            LICHESS_GAMES.iter().map(|c| (c.name, c.about)).collect()
        }
        (Table::Moves, _) => MOVES.iter().map(|c| (c.0, c.3)).collect(),
    }
}

/// The most tags a list of columns may read (the row builder looks them up in an array of
/// this size).
pub(crate) const MAX_TAG_COLUMNS: usize = 32;

/// The tags a list of columns reads, each once, in first use order.
pub(crate) fn tags_read(columns: &[Column]) -> Vec<&'static str> {
    let mut tags = Vec::new();
    for c in columns {
        if let Some(t) = c.value.tag() {
            if !tags.contains(&t) {
                tags.push(t);
            }
        }
        // The timestamp reads the time too.
        if c.value == Value::UtcTimestamp && !tags.contains(&"UTCTime") {
            tags.push("UTCTime");
        }
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_tags_few() {
        for list in [GAMES, LICHESS_GAMES] {
            let mut names: Vec<&str> = list.iter().map(|c| c.name).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), list.len());
            assert!(tags_read(list).len() <= MAX_TAG_COLUMNS);
        }
    }
}
