//! Which games a door asks for: [`Selection`], read from text by [`Selection::set`] under
//! the names every door uses (the command line's options, Python's keywords, the
//! WebAssembly options), and decided per game on the worker threads
//! ([`Selection`]'s decision); duplicates and the limit are [`crate::drive::Limiter`]'s, in
//! input order.

use chessbits_pgn::filter::{Filter, FilterError};
use chessbits_pgn::{GameError, GameRecord, SanMode};

use crate::rows::RowOptions;
use crate::types::{Layout, Table};

/// Which games become rows, and how: `pgn filter`'s tests, a seeded sample, duplicates
/// dropped, a limit, and the row options (columns, SAN mode, text encoding). Tests and the
/// sample are decided per game on the worker threads (the sample by a hash of the seed and
/// the game's number, so it does not depend on the threads); duplicates and the limit in
/// input order ([`crate::drive::Limiter`]).
///
/// Every door reads its options into one with [`Selection::set`], by the same names:
///
/// ```
/// use chessbits_tables::Selection;
///
/// let mut selection = Selection::default();
/// selection.set("elo", "2000..")?;
/// selection.set("result", "1-0")?;
/// selection.set("limit", "100")?;
/// assert_eq!(selection.limit, Some(100));
/// assert!(selection.set("sample", "2").is_err());
/// # Ok::<(), chessbits_tables::stream::SelectionError>(())
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Selection {
    /// `pgn filter`'s tests (tags, results, plies, positions reached).
    pub filter: Filter,
    /// Keep each game with this probability (0 to 1), drawn with [`Selection::seed`].
    pub sample: Option<f64>,
    /// The seed of the sample.
    pub seed: u64,
    /// Drop a game with the same start and moves as an earlier one.
    pub dedup: bool,
    /// Keep at most this many games.
    pub limit: Option<u64>,
    /// How rows are made: the columns (`schema`), SAN mode (`strict`), text encoding.
    pub rows: RowOptions,
}

/// Why a selection's option cannot be read: the option, its text, and why.
#[derive(Debug, thiserror::Error)]
#[error("{name} {value:?}: {reason}")]
pub struct SelectionError {
    /// The option's name.
    pub name: String,
    /// The text given.
    pub value: String,
    /// Why it cannot be read.
    #[source]
    pub reason: SelectionReason,
}

/// One option of a selection, as every door names and documents it: the one list of them
/// ([`OPTIONS`]), from which the command line builds its arguments and `--help`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SelectionOption {
    /// The name [`Selection::set`] reads (and Python's keyword).
    pub name: &'static str,
    /// The name as a command line spells it (`--tag-contains`).
    pub long: &'static str,
    /// The value's placeholder in `--help` (`NAME=VALUE`); `None`: a flag, `true` when
    /// given.
    pub value: Option<&'static str>,
    /// Whether it may be given more than once (each adds a test).
    pub repeated: bool,
    /// The value taken when the option is not given, if one is shown.
    pub default: Option<&'static str>,
    /// What it does.
    pub about: &'static str,
}

const fn option(
    name: &'static str,
    long: &'static str,
    value: Option<&'static str>,
    repeated: bool,
    about: &'static str,
) -> SelectionOption {
    SelectionOption {
        name,
        long,
        value,
        repeated,
        default: None,
        about,
    }
}

/// Every option [`Selection::set`] reads, in the order `--help` lists them: the filter's
/// tests ([`Filter::TESTS`]), then the selection's own ([`Selection::OWN_OPTIONS`]).
pub const OPTIONS: &[SelectionOption] = &[
    option(
        "tag",
        "tag",
        Some("NAME=VALUE"),
        true,
        "Keep games whose tag NAME is exactly VALUE (NAME=VALUE; repeatable, all must hold).",
    ),
    option(
        "tag_contains",
        "tag-contains",
        Some("NAME=TEXT"),
        true,
        "Keep games whose tag NAME contains TEXT, ignoring case (NAME=TEXT).",
    ),
    option(
        "tag_range",
        "tag-range",
        Some("NAME=MIN..MAX"),
        true,
        "Keep games whose tag NAME is in MIN..MAX (either may be left out): integers \
         (WhiteElo=2500..), dates (UTCDate=2024.01.01..2024.03.31) or time controls \
         (TimeControl=180+0..600+5, by base then increment).",
    ),
    option(
        "elo",
        "elo",
        Some("MIN..MAX"),
        false,
        "Keep games where both WhiteElo and BlackElo are in MIN..MAX.",
    ),
    option(
        "result",
        "result",
        Some("RESULT"),
        true,
        "Keep games with this result (1-0, 0-1, 1/2-1/2, *; repeatable: any of them).",
    ),
    option(
        "min_plies",
        "min-plies",
        Some("MIN_PLIES"),
        false,
        "Keep games with at least N mainline plies.",
    ),
    option(
        "max_plies",
        "max-plies",
        Some("MAX_PLIES"),
        false,
        "Keep games with at most N mainline plies.",
    ),
    option(
        "fen",
        "fen",
        Some("FEN"),
        true,
        "Keep games whose mainline reaches this position (FEN; compared by Polyglot hash; \
         repeatable: any of them).",
    ),
    option(
        "dedup",
        "dedup",
        None,
        false,
        "Drop games with the same start and the same moves as an earlier game.",
    ),
    option(
        "limit",
        "limit",
        Some("N"),
        false,
        "Keep at most N games (the first N selected, in input order).",
    ),
    option(
        "sample",
        "sample",
        Some("RATE"),
        false,
        "Keep each game with this probability (0 to 1), decided by the game's number and \
         --seed (the same games whatever the threads).",
    ),
    SelectionOption {
        default: Some("0"),
        ..option("seed", "seed", Some("N"), false, "The seed of --sample.")
    },
    SelectionOption {
        default: Some("default"),
        ..option(
            "schema",
            "schema",
            Some("SCHEMA"),
            false,
            "The columns: default, or lichess (the Hugging Face dataset \
             Lichess/standard-chess-games: its names and Arrow types; games only).",
        )
    },
    option(
        "strict",
        "strict",
        None,
        false,
        "Read SAN strictly (minimal disambiguation, exact capture markers).",
    ),
    SelectionOption {
        default: Some("windows-1252"),
        ..option(
            "encoding",
            "encoding",
            Some("LABEL"),
            false,
            "The encoding of tag text that is not UTF-8 (a WHATWG label: windows-1252, \
             iso-8859-2, shift_jis...).",
        )
    },
];

/// The option `name` of [`OPTIONS`] (`-` may stand for `_`).
#[must_use]
pub fn option_named(name: &str) -> Option<&'static SelectionOption> {
    let key = name.replace('-', "_");
    OPTIONS.iter().find(|o| o.name == key)
}

/// Why a [`SelectionError`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SelectionReason {
    /// A filter's test that cannot be read.
    #[error(transparent)]
    Filter(Box<FilterError>),
    /// Not a number of the kind the option takes.
    #[error("expected {0}")]
    Expected(&'static str),
    /// An encoding no WHATWG label names.
    #[error("unknown encoding")]
    Encoding,
    /// An option no door has.
    #[error("unknown option (one of {})", Selection::options().collect::<Vec<_>>().join(", "))]
    Unknown,
}

impl Selection {
    /// The names [`Selection::set`] reads besides the filter's tests ([`Filter::TESTS`]).
    pub const OWN_OPTIONS: [&'static str; 7] = [
        "dedup", "limit", "sample", "seed", "schema", "strict", "encoding",
    ];

    /// Every name [`Selection::set`] reads: the filter's tests, then the selection's own
    /// (the names of [`OPTIONS`]).
    pub fn options() -> impl Iterator<Item = &'static str> {
        OPTIONS.iter().map(|o| o.name)
    }

    /// Sets the option `name` (one of [`Selection::options`]; `-` may stand for `_`) from
    /// its text: the filter's tests as [`Filter::add`] reads them (repeated names add
    /// tests), `dedup` and `strict` `true`/`false`, `limit` a count, `sample` a rate from 0
    /// to 1, `seed` an integer, `schema` `default` or `lichess`, `encoding` a WHATWG label
    /// (`windows-1252`, `iso-8859-2`...). The one reading of a selection's text.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SelectionError> {
        let key = name.replace('-', "_");
        let error = |reason: SelectionReason| SelectionError {
            name: key.clone(),
            value: value.to_owned(),
            reason,
        };
        let text = value.trim();
        let flag = || match text {
            "true" | "True" | "1" | "yes" => Ok(true),
            "false" | "False" | "0" | "no" => Ok(false),
            _ => Err(error(SelectionReason::Expected("true or false"))),
        };
        match key.as_str() {
            "dedup" => self.dedup = flag()?,
            "strict" => {
                self.rows.mode = if flag()? {
                    SanMode::Strict
                } else {
                    SanMode::Lenient
                }
            }
            "limit" => {
                self.limit = Some(
                    text.parse()
                        .map_err(|_| error(SelectionReason::Expected("a count of games")))?,
                )
            }
            "sample" => {
                let rate: f64 = text
                    .parse()
                    .ok()
                    .filter(|r| (0.0..=1.0).contains(r))
                    .ok_or_else(|| error(SelectionReason::Expected("a rate from 0 to 1")))?;
                self.sample = Some(rate);
            }
            "seed" => {
                self.seed = text
                    .parse()
                    .map_err(|_| error(SelectionReason::Expected("a whole number")))?
            }
            "schema" => {
                self.rows.layout = text
                    .parse::<Layout>()
                    .map_err(|_| error(SelectionReason::Expected("default or lichess")))?
            }
            "encoding" => {
                self.rows.encoding = crate::tags::encoding_for_label(text)
                    .ok_or_else(|| error(SelectionReason::Encoding))?
            }
            _ if Filter::TESTS.contains(&key.as_str()) => self
                .filter
                .add(&key, value)
                .map_err(|e| error(SelectionReason::Filter(Box::new(e))))?,
            _ => return Err(error(SelectionReason::Unknown)),
        }
        Ok(())
    }

    /// A selection from (name, text) pairs, each read by [`Selection::set`] in turn.
    pub fn from_pairs<N: AsRef<str>, V: AsRef<str>>(
        pairs: impl IntoIterator<Item = (N, V)>,
    ) -> Result<Selection, SelectionError> {
        let mut selection = Selection::default();
        for (name, value) in pairs {
            selection.set(name.as_ref(), value.as_ref())?;
        }
        Ok(selection)
    }

    /// Whether `table` can be made with this selection's columns (the Lichess layout is a
    /// games table).
    pub fn check_table(&self, table: Table) -> Result<(), SelectionError> {
        if self.rows.layout == Layout::Lichess && table == Table::Moves {
            return Err(SelectionError {
                name: "schema".into(),
                value: "lichess".into(),
                reason: SelectionReason::Expected("default: the lichess columns are a games table"),
            });
        }
        Ok(())
    }

    /// Whether every game is kept (no test, no sample, no dedup; a limit aside).
    pub(crate) fn is_everything(&self) -> bool {
        self.filter == Filter::default() && self.sample.is_none() && !self.dedup
    }

    /// Whether deciding a game reads its tags (a tag or result test).
    pub(crate) fn reads_tags(&self) -> bool {
        !self.filter.tags.is_empty() || !self.filter.results.is_empty()
    }

    /// Whether the sample keeps game number `game`.
    fn sampled(&self, game: u64) -> bool {
        let Some(rate) = self.sample else {
            return true;
        };
        // SplitMix64 of the seed and the game number: a uniform draw per game.
        let mut z = self.seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        ((z >> 11) as f64) / ((1u64 << 53) as f64) < rate
    }

    /// Decides one game on a worker thread: the sample, then the filter's tests (the
    /// position tests and the duplicate key replay the game; the others read its tags).
    pub(crate) fn decide(&self, record: &GameRecord) -> Decision {
        if !self.sampled(record.game) {
            return Decision {
                keep: false,
                key: None,
                replayed: None,
            };
        }
        if self.dedup || self.filter.needs_replay() {
            let verdict = self.filter.test(record, self.rows.mode);
            return Decision {
                keep: verdict.keep,
                key: self.dedup.then_some(verdict.key),
                replayed: Some((verdict.moves, verdict.error)),
            };
        }
        Decision {
            keep: self.filter.passes_tags(record),
            key: None,
            replayed: None,
        }
    }
}

/// How far a game's replay went: the moves played and the error that stopped it.
pub type Replay = (u64, Option<GameError>);

/// The selection's decision on one game.
#[derive(Debug)]
pub(crate) struct Decision {
    /// Whether the game passes the tests and the sample.
    pub(crate) keep: bool,
    /// With dedup: the game's key.
    pub(crate) key: Option<u128>,
    /// The replay that deciding made, if one did.
    pub(crate) replayed: Option<Replay>,
}

/// A game's record, where the selection reads it: the output of each visitor the works
/// read games with (a [`GameRecord`], or a record beside a game tree).
pub trait AsRecord {
    /// The game's record.
    fn record(&self) -> &GameRecord;
}

impl AsRecord for GameRecord {
    fn record(&self) -> &GameRecord {
        self
    }
}

impl<T> AsRecord for (GameRecord, T) {
    fn record(&self) -> &GameRecord {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_from_text() {
        let s = Selection::from_pairs([
            ("tag", "Event=Rated"),
            ("tag-range", "UTCDate=2025.02.01..2025.03.01"),
            ("elo", "2000..2500"),
            ("result", "1-0"),
            ("min_plies", "20"),
            ("dedup", "true"),
            ("limit", "10"),
            ("sample", "0.5"),
            ("seed", "7"),
            ("schema", "lichess"),
            ("strict", "true"),
            ("encoding", "latin1"),
        ])
        .expect("every option reads");
        assert_eq!(s.filter.tags.len(), 4);
        assert_eq!(s.filter.min_plies, Some(20));
        assert!(s.dedup);
        assert_eq!((s.limit, s.sample, s.seed), (Some(10), Some(0.5), 7));
        assert_eq!(s.rows.layout, Layout::Lichess);
        assert_eq!(s.rows.mode, SanMode::Strict);
        assert!(s.check_table(Table::Moves).is_err());
        for (name, value) in [
            ("sample", "1.5"),
            ("limit", "-1"),
            ("dedup", "maybe"),
            ("schema", "wide"),
            ("encoding", "klingon"),
            ("elo", "a..b"),
            ("colour", "white"),
        ] {
            let e = Selection::default().set(name, value).expect_err(name);
            assert_eq!(e.name, name);
            assert!(e.to_string().contains(value), "{e}");
        }
    }

    /// The list of options holds every name the filter and the selection read, once, in
    /// their order, each spelt for a command line as `set` reads it.
    #[test]
    fn one_list_of_options() {
        let names: Vec<&str> = Selection::options().collect();
        let want: Vec<&str> = Filter::TESTS
            .into_iter()
            .chain(Selection::OWN_OPTIONS)
            .collect();
        assert_eq!(names, want);
        for o in OPTIONS {
            assert_eq!(o.long.replace('-', "_"), o.name);
            assert_eq!(option_named(o.long), Some(o));
            if let Some(default) = o.default {
                Selection::default().set(o.name, default).expect(o.name);
            }
        }
    }
}
