//! The tables' schemas: one Arrow schema per table and layout, derived from the column lists
//! of [`crate::columns`] (the only place a column's name and value are written). The row
//! rule ([`crate::rows`]) fills these columns in this order, and every writer takes the
//! schema from the batches.

use std::sync::Arc;

use arrow_schema::{Field, Schema, SchemaRef};

use crate::columns::{GAMES, LICHESS_GAMES, MOVES};
pub use crate::types::{Layout, Table};

/// The schema of `table` in `layout`.
///
/// Games, [`Layout::Default`]: `file`, `game` (its number in the input, from 1), `event`,
/// `site`, `date`, `round`, `white`, `black`, `result` (the `Result` tag, else the
/// movetext's result), `white_elo`, `black_elo` (int32), `eco`, `opening`,
/// `time_control`, `termination`, `utc_date`, `utc_time` (the tags' text), then the typed
/// columns `variant`, `game_id` (the Lichess id: the last path part of a `lichess.org`
/// `Site`), `white_title`, `black_title`, `white_rating_diff`, `black_rating_diff`
/// (int32), `utc_timestamp` (`UTCDate` and `UTCTime`, a timestamp in seconds, UTC),
/// `base_seconds`, `increment_seconds` (int32, from `TimeControl` `base+increment`),
/// then `tags` (every pair, in order, as `{key, value}`), `plies`, `moves_uci`,
/// `moves_san`, `clocks` (seconds), `evals` (`{cp, mate}`; `clocks` and `evals` are null
/// for a game where no move has one, else as long as the moves), `error`.
///
/// Moves, [`Layout::Default`]: `file`, `game`, `ply`, `before_fen`, `san`, `uci`,
/// `after_fen`, `clock`, `eval`.
///
/// Games, [`Layout::Lichess`]: `Event`, `Site`, `White`, `Black`, `Result`, `WhiteTitle`,
/// `BlackTitle` (utf8), `WhiteElo`, `BlackElo`, `WhiteRatingDiff`, `BlackRatingDiff`
/// (int16), `UTCDate` (date32), `UTCTime` (time32 seconds), `ECO`, `Opening`,
/// `Termination`, `TimeControl` (utf8), `movetext` (the mainline as PGN movetext with
/// Lichess's `[%eval]` / `[%clk]` comments and the result). The moves table has one layout:
/// asking for it in [`Layout::Lichess`] gives [`Layout::Default`]'s.
pub fn schema(table: Table, layout: Layout) -> SchemaRef {
    let fields: Vec<Field> = match (table, layout) {
        (Table::Games, Layout::Default) => GAMES.iter().map(|c| c.field()).collect(),
        (Table::Games, Layout::Lichess) => LICHESS_GAMES.iter().map(|c| c.field()).collect(),
        (Table::Moves, _) => MOVES
            .iter()
            .map(|(name, t, nullable, _)| Field::new(*name, t(), *nullable))
            .collect(),
    };
    Arc::new(Schema::new(fields))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_games_columns_keep_their_names_and_add_the_typed_ones() {
        let s = schema(Table::Games, Layout::Default);
        let names: Vec<&str> = s.fields().iter().map(|f| f.name().as_str()).collect();
        for old in [
            "file",
            "game",
            "event",
            "site",
            "date",
            "round",
            "white",
            "black",
            "result",
            "white_elo",
            "black_elo",
            "eco",
            "opening",
            "time_control",
            "termination",
            "utc_date",
            "utc_time",
            "tags",
            "plies",
            "moves_uci",
            "moves_san",
            "clocks",
            "evals",
            "error",
        ] {
            assert!(names.contains(&old), "{old}");
        }
        assert_eq!(names.len(), 24 + 9);
        let lichess = schema(Table::Games, Layout::Lichess);
        assert_eq!(lichess.fields().len(), 18);
    }
}
