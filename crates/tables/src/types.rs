//! The kinds the tables are made of: which table ([`Table`]), which column layout
//! ([`Layout`]), and the Arrow types more than one column shares. A leaf: the column lists
//! ([`crate::columns`]) and the schemas ([`crate::schema()`]) build on it.

use std::sync::Arc;

use arrow_schema::{DataType, Field, Fields, TimeUnit};

/// Which table: a row per game or a row per mainline move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    /// A row per game: its tags, typed columns read from them, the moves as lists, clocks,
    /// evaluations and errors.
    Games,
    /// A row per mainline move played: the positions around it, SAN, UCI, clock and eval.
    Moves,
}

/// The column layout of a table.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Layout {
    /// This crate's columns (snake_case names; see [`crate::schema()`]).
    #[default]
    Default,
    /// The columns of the Hugging Face dataset `Lichess/standard-chess-games`, with its
    /// names and Arrow types, so that a table can be `UNION ALL`ed with it (games only).
    Lichess,
}

impl std::str::FromStr for Layout {
    type Err = String;

    fn from_str(s: &str) -> Result<Layout, String> {
        match s {
            "default" => Ok(Layout::Default),
            "lichess" => Ok(Layout::Lichess),
            _ => Err(format!("unknown schema {s:?} (default, lichess)")),
        }
    }
}

/// An `{cp, mate}` evaluation: centipawns, or moves to mate; positive is good for White.
pub(crate) fn eval_type() -> DataType {
    DataType::Struct(Fields::from(vec![
        Field::new("cp", DataType::Int32, true),
        Field::new("mate", DataType::Int32, true),
    ]))
}

/// A `tags` entry: the name and value of one tag pair.
pub(crate) fn tag_type() -> DataType {
    DataType::Struct(Fields::from(vec![
        Field::new("key", DataType::Utf8, false),
        Field::new("value", DataType::Utf8, false),
    ]))
}

/// A list of `item` (lists have Arrow's `item` element, which Parquet writes as the
/// three-level `LIST` that DuckDB, Polars and Spark read).
pub(crate) fn list_of(item: DataType) -> DataType {
    DataType::List(Arc::new(Field::new("item", item, true)))
}

/// `utc_timestamp`'s type: seconds since the epoch, in UTC (the offset `+00:00`: a zone name would need a time-zone database to print).
pub(crate) fn timestamp_type() -> DataType {
    DataType::Timestamp(TimeUnit::Second, Some("+00:00".into()))
}
