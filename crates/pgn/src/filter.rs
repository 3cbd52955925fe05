//! Keeping the games that match: tag tests (equals, contains, numeric range), results, ply
//! counts, positions reached (compared by Polyglot hash), and duplicates (same start and
//! same moves) dropped. The job of `chessbits pgn filter`.
//!
//! [`Filter::test`] decides one game on a worker thread and gives the key that finds
//! duplicates; [`Dedup`] keeps the keys seen, in input order, on the consuming thread.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::str::FromStr;

use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{CastlingMode, Position, Validation, Variant};

use crate::replay::{
    game_variant, replay, replay_variant, variant_start_position, GameError, GameRecord,
};
use crate::values;
use crate::GameResult;
use chessbits_movegen::san::SanMode;
use chessbits_movegen::uci::move_to_uci;

/// A test on one tag. A game without the tag fails every test on it.
#[derive(Clone, Debug, PartialEq)]
pub enum TagTest {
    /// The value is exactly this (`--tag NAME=VALUE`).
    Equals(String, String),
    /// The value contains this, ignoring ASCII case (`--tag-contains NAME=TEXT`).
    Contains(String, String),
    /// The value is an integer ([`crate::values::int`], as the tables' integer columns
    /// read it) within the bounds, both inclusive (`--tag-range NAME=MIN..MAX`, either bound
    /// may be left out: `WhiteElo=2500..`).
    Range(String, Option<f64>, Option<f64>),
    /// The value is a date `YYYY.MM.DD` within the bounds, both inclusive, each held as
    /// days since 1970-01-01 ([`crate::values::date`]: `--tag-range
    /// UTCDate=2024.01.01..2024.03.31`; a date with an unknown part, or one that does not
    /// exist, fails).
    DateRange(String, Option<i32>, Option<i32>),
    /// The value is a time control `BASE+INCREMENT` (seconds; a lone `BASE` has no
    /// increment) within the bounds, compared by base and then increment
    /// (`--tag-range TimeControl=180+0..600+5`; `-` fails).
    TimeControlRange(String, Option<(i32, i32)>, Option<(i32, i32)>),
}

/// `MIN..MAX` read with `key` (either bound may be empty, not both missing a `..`).
fn key_range<K: Copy>(
    text: &str,
    key: impl Fn(&[u8]) -> Option<K>,
) -> Option<(Option<K>, Option<K>)> {
    let bound = |s: &str| -> Option<Option<K>> {
        if s.trim().is_empty() {
            Some(None)
        } else {
            key(s.as_bytes()).map(Some)
        }
    };
    match text.split_once("..") {
        Some((lo, hi)) => Some((bound(lo)?, bound(hi)?)),
        None => {
            let v = key(text.as_bytes())?;
            Some((Some(v), Some(v)))
        }
    }
}

/// Why a filter argument cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FilterError {
    /// Not `NAME=VALUE`.
    #[error("expected NAME=VALUE, got {0:?}")]
    NotAPair(String),
    /// Not `MIN..MAX` with numbers.
    #[error("expected a range MIN..MAX (either may be left out), got {0:?}")]
    BadRange(String),
    /// A FEN that is not a legal position.
    #[error("bad FEN {fen:?}: {error}")]
    BadFen {
        /// The text.
        fen: String,
        /// Why.
        #[source]
        error: chessbits_position::PositionError,
    },
    /// Not a result.
    #[error("expected a result (1-0, 0-1, 1/2-1/2 or *), got {0:?}")]
    BadResult(String),
    /// Not a count.
    #[error("expected a whole number, got {0:?}")]
    BadCount(String),
    /// A test this filter does not know.
    #[error(
        "unknown test {0:?} (tag, tag_contains, tag_range, elo, result, min_plies, max_plies, fen)"
    )]
    UnknownTest(String),
}

fn pair(text: &str) -> Result<(String, String), FilterError> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_owned(), value.to_owned()))
        }
        _ => Err(FilterError::NotAPair(text.to_owned())),
    }
}

/// Reads `MIN..MAX` (either bound may be empty; a single number means exactly it).
fn parse_range(text: &str) -> Result<(Option<f64>, Option<f64>), FilterError> {
    let bad = || FilterError::BadRange(text.to_owned());
    let bound = |s: &str| -> Result<Option<f64>, FilterError> {
        let s = s.trim();
        if s.is_empty() {
            Ok(None)
        } else {
            s.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(Some)
                .ok_or_else(bad)
        }
    };
    match text.split_once("..") {
        Some((lo, hi)) => Ok((bound(lo)?, bound(hi)?)),
        None => {
            let v = bound(text)?.ok_or_else(bad)?;
            Ok((Some(v), Some(v)))
        }
    }
}

impl TagTest {
    /// `NAME=VALUE` as [`TagTest::Equals`].
    pub fn equals(text: &str) -> Result<TagTest, FilterError> {
        let (n, v) = pair(text)?;
        Ok(TagTest::Equals(n, v))
    }

    /// `NAME=TEXT` as [`TagTest::Contains`].
    pub fn contains(text: &str) -> Result<TagTest, FilterError> {
        let (n, v) = pair(text)?;
        Ok(TagTest::Contains(n, v))
    }

    /// `NAME=MIN..MAX` as [`TagTest::Range`].
    pub fn range(text: &str) -> Result<TagTest, FilterError> {
        let (n, v) = pair(text)?;
        match parse_range(&v) {
            Ok((lo, hi)) => Ok(TagTest::Range(n, lo, hi)),
            Err(e) => {
                if let Some((lo, hi)) = key_range(&v, values::date) {
                    Ok(TagTest::DateRange(n, lo, hi))
                } else if let Some((lo, hi)) = key_range(&v, values::time_control) {
                    Ok(TagTest::TimeControlRange(n, lo, hi))
                } else {
                    Err(e)
                }
            }
        }
    }

    fn name(&self) -> &str {
        match self {
            TagTest::Equals(n, _)
            | TagTest::Contains(n, _)
            | TagTest::Range(n, _, _)
            | TagTest::DateRange(n, _, _)
            | TagTest::TimeControlRange(n, _, _) => n,
        }
    }

    /// Whether a tag value passes.
    #[must_use]
    pub fn passes(&self, value: &[u8]) -> bool {
        match self {
            TagTest::Equals(_, v) => value == v.as_bytes(),
            TagTest::Contains(_, v) => {
                let needle = v.to_ascii_lowercase();
                needle.is_empty()
                    || value
                        .to_ascii_lowercase()
                        .windows(needle.len())
                        .any(|w| w == needle.as_bytes())
            }
            TagTest::Range(_, lo, hi) => {
                // An integer tag as the tables' columns read it: `2500.5` is no rating.
                let Some(x) = values::int(value).map(f64::from) else {
                    return false;
                };
                lo.is_none_or(|lo| x >= lo) && hi.is_none_or(|hi| x <= hi)
            }
            TagTest::DateRange(_, lo, hi) => {
                let Some(x) = values::date(value) else {
                    return false;
                };
                lo.is_none_or(|lo| x >= lo) && hi.is_none_or(|hi| x <= hi)
            }
            TagTest::TimeControlRange(_, lo, hi) => {
                let Some(x) = values::time_control(value) else {
                    return false;
                };
                lo.is_none_or(|lo| x >= lo) && hi.is_none_or(|hi| x <= hi)
            }
        }
    }
}

/// A position to look for, by its Polyglot hash (side to move, castling, en passant).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reached(pub u64);

impl FromStr for Reached {
    type Err = FilterError;

    fn from_str(fen: &str) -> Result<Reached, FilterError> {
        crate::replay::start_position(Some(fen.as_bytes()), None)
            .map(|p: Position| Reached(p.zobrist_hash()))
            .map_err(|e| match e {
                crate::GameErrorKind::Setup { fen, error } => FilterError::BadFen { fen, error },
                _ => FilterError::BadRange(fen.to_owned()),
            })
    }
}

/// What a game must have to be kept. Every test given must pass; an empty filter keeps
/// every game.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Filter {
    /// Tag tests, all of which must pass.
    pub tags: Vec<TagTest>,
    /// Results, one of which the game must have (its `Result` tag, or the movetext's result
    /// without one; each read by [`GameResult::from_ascii`], so `½-½` is a draw); empty: any.
    pub results: Vec<GameResult>,
    /// The fewest mainline plies (as written).
    pub min_plies: Option<usize>,
    /// The most mainline plies (as written).
    pub max_plies: Option<usize>,
    /// Positions, one of which the mainline must reach (the start position counts).
    pub positions: Vec<Reached>,
}

/// The decision on one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Whether the game passes the filter's tests (duplicates aside).
    pub keep: bool,
    /// The game's identity for duplicate detection: a 128-bit hash of the start position
    /// and the moves (as replayed; as written from the first move that cannot be played).
    pub key: u128,
    /// Mainline moves replayed.
    pub moves: u64,
    /// The replay error, if a move could not be played.
    pub error: Option<GameError>,
}

/// What [`Filter::test`] gathers while a game is replayed: whether a position sought was
/// reached, and the duplicate key's hashes.
struct Seen<'f> {
    positions: &'f [Reached],
    reached: bool,
    first: bool,
    h: [DefaultHasher; 2],
}

impl Seen<'_> {
    /// One move: the keys of the positions before (asked for the first move only) and
    /// after it (asked while nothing is reached), and its UCI text.
    fn step(
        &mut self,
        before: impl FnOnce() -> Option<u64>,
        after: impl FnOnce() -> Option<u64>,
        uci: &str,
    ) {
        let sought =
            |key: Option<u64>| key.is_some_and(|k| self.positions.iter().any(|p| p.0 == k));
        if self.first {
            self.first = false;
            self.reached |= !self.positions.is_empty() && sought(before());
        }
        if !self.reached {
            self.reached = sought(after());
        }
        for h in &mut self.h {
            uci.hash(h);
        }
    }
}

/// The Polyglot hash of a variant position as a standard position (placement, side to
/// move, castling, en passant; the pockets and check counters left out), when its board is
/// one a standard position can have.
fn variant_key(pos: &VariantPosition) -> Option<u64> {
    let mode = if pos.is_chess960() {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    Position::from_setup_with(&pos.to_setup(), mode, Validation::Lenient)
        .ok()
        .map(|p| p.zobrist_hash())
}

/// The key [`variant_key`] or a standard position's hash gives of a game's start.
fn start_key(record: &GameRecord, variant: Option<Variant>) -> Option<u64> {
    match variant {
        Some(variant) => variant_start_position(record.fen.as_deref(), variant)
            .ok()
            .and_then(|p| variant_key(&p)),
        None => crate::replay::start_position(record.fen.as_deref(), record.variant.as_deref())
            .ok()
            .map(|p| p.zobrist_hash()),
    }
}

impl Filter {
    /// The names of the tests [`Filter::add`] reads, in the order `--help` lists them.
    pub const TESTS: [&'static str; 8] = [
        "tag",
        "tag_contains",
        "tag_range",
        "elo",
        "result",
        "min_plies",
        "max_plies",
        "fen",
    ];

    /// Adds the test `name` (one of [`Filter::TESTS`]; `-` may stand for `_`) given as
    /// text, as the command line's `--NAME VALUE` and Python's `NAME=VALUE` give it:
    /// `tag` `NAME=VALUE`, `tag_contains` `NAME=TEXT`, `tag_range` `NAME=MIN..MAX` (numbers,
    /// dates or time controls), `elo` `MIN..MAX` (both players), `result` (any of those
    /// given), `min_plies`/`max_plies` a count, `fen` a position reached (any of those
    /// given). The one reading of a filter's text, for every door.
    pub fn add(&mut self, name: &str, value: &str) -> Result<(), FilterError> {
        let count = |v: &str| {
            v.trim()
                .parse::<usize>()
                .map_err(|_| FilterError::BadCount(v.to_owned()))
        };
        match name.replace('-', "_").as_str() {
            "tag" => self.tags.push(TagTest::equals(value)?),
            "tag_contains" => self.tags.push(TagTest::contains(value)?),
            "tag_range" => self.tags.push(TagTest::range(value)?),
            "elo" => {
                let (lo, hi) = parse_range(value)?;
                self.tags.push(TagTest::Range("WhiteElo".into(), lo, hi));
                self.tags.push(TagTest::Range("BlackElo".into(), lo, hi));
            }
            "result" => self.results.push(
                GameResult::from_ascii(value.trim().as_bytes())
                    .ok_or_else(|| FilterError::BadResult(value.to_owned()))?,
            ),
            "min_plies" => self.min_plies = Some(count(value)?),
            "max_plies" => self.max_plies = Some(count(value)?),
            "fen" => self.positions.push(value.parse()?),
            _ => return Err(FilterError::UnknownTest(name.to_owned())),
        }
        Ok(())
    }

    /// Whether the filter needs a game's moves replayed (a position to find); without one,
    /// [`Filter::passes_tags`] decides alone.
    #[must_use]
    pub fn needs_replay(&self) -> bool {
        !self.positions.is_empty()
    }

    /// Every test but the positions: tags, result and ply count, without a replay.
    #[must_use]
    pub fn passes_tags(&self, record: &GameRecord) -> bool {
        let plies = record.moves.len();
        let result = record
            .tag("Result")
            .or_else(|| record.result.map(|r| r.as_str().as_bytes()));
        self.tags
            .iter()
            .all(|t| record.tag(t.name()).is_some_and(|v| t.passes(v)))
            && (self.results.is_empty()
                || result
                    .and_then(|r| GameResult::from_ascii(r.trim_ascii()))
                    .is_some_and(|r| self.results.contains(&r)))
            && self.min_plies.is_none_or(|n| plies >= n)
            && self.max_plies.is_none_or(|n| plies <= n)
    }

    /// Decides one game, read by [`crate::RecordCollector::with_tags`] (or
    /// [`with_annotations`](crate::RecordCollector::with_annotations)): its tags for the tag
    /// and result tests, its moves replayed for the position tests and the duplicate key.
    #[must_use]
    pub fn test(&self, record: &GameRecord, mode: SanMode) -> Verdict {
        let mut seen = Seen {
            positions: &self.positions,
            reached: self.positions.is_empty(),
            first: true,
            h: [DefaultHasher::new(), DefaultHasher::new()],
        };
        for (i, h) in seen.h.iter_mut().enumerate() {
            i.hash(h);
            record.fen.hash(h);
            record.variant.hash(h);
        }
        let mut uci = String::new();
        // A Lichess variant's game is replayed on its own rules; its positions are
        // compared as standard positions (placement, side to move, castling, en passant).
        let variant = game_variant(record.variant.as_deref()).ok().flatten();
        let crate::replay::Replayed {
            played: moves,
            error,
        } = match variant {
            Some(variant) => replay_variant(record, mode, variant, |before, m, after| {
                uci.clear();
                m.write_uci(before.is_chess960(), &mut uci);
                seen.step(|| variant_key(before), || variant_key(after), &uci);
            }),
            None => replay(record, mode, |before, m, after| {
                seen.step(
                    || Some(before.zobrist_hash()),
                    || Some(after.zobrist_hash()),
                    &move_to_uci(before, m),
                );
            }),
        };
        let Seen {
            reached,
            first,
            mut h,
            ..
        } = seen;
        // No move played: the start position alone.
        let reached = reached
            || (first
                && !self.positions.is_empty()
                && start_key(record, variant)
                    .is_some_and(|k| self.positions.iter().any(|p| p.0 == k)));
        if error.is_some() {
            let played = usize::try_from(moves).unwrap_or(usize::MAX);
            for text in record.moves.texts().skip(played) {
                for h in &mut h {
                    text.hash(h);
                }
            }
        }
        let key = (u128::from(h[0].finish()) << 64) | u128::from(h[1].finish());
        let keep = reached && self.passes_tags(record);
        Verdict {
            keep,
            key,
            moves,
            error,
        }
    }
}

/// The keys of the games kept so far (16 bytes each, plus the set's overhead: about 40
/// bytes a game, so 10 million distinct games take about 400 MB).
#[derive(Debug, Default)]
pub struct Dedup {
    seen: HashSet<u128>,
}

impl Dedup {
    /// An empty set.
    #[must_use]
    pub fn new() -> Dedup {
        Dedup::default()
    }

    /// Whether `key` is new (and remembers it).
    pub fn first(&mut self, key: u128) -> bool {
        self.seen.insert(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Reader, RecordCollector};

    fn verdicts(pgn: &[u8], filter: &Filter) -> Vec<Verdict> {
        let mut out = Vec::new();
        Reader::new(pgn)
            .read_all(&mut RecordCollector::with_tags(), |record| {
                out.push(filter.test(&record, SanMode::Lenient));
            })
            .expect("no I/O error");
        out
    }

    const GAMES: &[u8] = b"[White \"Carlsen, Magnus\"]\n[WhiteElo \"2850\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
[White \"Anand\"]\n[WhiteElo \"?\"]\n\n1. e4 e5 2. Ngf3 (2. d4) Nc6 1/2-1/2\n\n\
[White \"Nobody\"]\n[WhiteElo \"1200\"]\n\n1. d4 d5 0-1\n";

    fn keeps(filter: &Filter) -> Vec<bool> {
        verdicts(GAMES, filter).iter().map(|v| v.keep).collect()
    }

    #[test]
    fn tag_result_plies_and_position_tests() {
        assert_eq!(keeps(&Filter::default()), [true, true, true]);
        let f = |t: TagTest| Filter {
            tags: vec![t],
            ..Filter::default()
        };
        assert_eq!(
            keeps(&f(TagTest::equals("White=Anand").unwrap())),
            [false, true, false]
        );
        assert_eq!(
            keeps(&f(TagTest::contains("White=carlsen").unwrap())),
            [true, false, false]
        );
        assert_eq!(
            keeps(&f(TagTest::range("WhiteElo=2000..").unwrap())),
            [true, false, false]
        );
        assert_eq!(
            keeps(&f(TagTest::range("WhiteElo=..1500").unwrap())),
            [false, false, true]
        );
        let results = Filter {
            results: vec![GameResult::Draw, GameResult::BlackWins],
            ..Filter::default()
        };
        assert_eq!(keeps(&results), [false, true, true]);
        let plies = Filter {
            min_plies: Some(3),
            ..Filter::default()
        };
        assert_eq!(keeps(&plies), [true, true, false]);
        let pos = Filter {
            positions: vec![
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
                    .parse()
                    .unwrap(),
            ],
            ..Filter::default()
        };
        assert_eq!(keeps(&pos), [true, true, false]);
        // The start position is reached by every standard game.
        let start = Filter {
            positions: vec!["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
                .parse()
                .unwrap()],
            ..Filter::default()
        };
        assert_eq!(keeps(&start), [true, true, true]);
    }

    #[test]
    fn same_moves_same_key() {
        let v = verdicts(GAMES, &Filter::default());
        // `Nf3` and `Ngf3` are the same move; tags and variations do not count.
        assert_eq!(v[0].key, v[1].key);
        assert_ne!(v[0].key, v[2].key);
        let mut d = Dedup::new();
        assert!(d.first(v[0].key));
        assert!(!d.first(v[1].key));
        assert!(d.first(v[2].key));
    }

    #[test]
    fn bad_arguments() {
        assert!(TagTest::equals("novalue").is_err());
        assert!(TagTest::range("WhiteElo=a..b").is_err());
        assert_eq!(parse_range("2000"), Ok((Some(2000.0), Some(2000.0))));
        assert!("not a fen".parse::<Reached>().is_err());
        let mut f = Filter::default();
        assert!(matches!(
            f.add("result", "2-0"),
            Err(FilterError::BadResult(_))
        ));
        assert!(matches!(
            f.add("min-plies", "x"),
            Err(FilterError::BadCount(_))
        ));
        assert!(matches!(
            f.add("colour", "w"),
            Err(FilterError::UnknownTest(_))
        ));
        assert_eq!(f, Filter::default());
    }

    /// The text of each test reads into the filter the fields say.
    #[test]
    fn tests_from_text() {
        let mut f = Filter::default();
        f.add("tag", "Event=Rated").unwrap();
        f.add("elo", "2000..").unwrap();
        f.add("result", "½-½").unwrap();
        f.add("result", "1-0").unwrap();
        f.add("min-plies", "10").unwrap();
        f.add("max_plies", "80").unwrap();
        assert_eq!(f.tags.len(), 3);
        assert_eq!(f.results, [GameResult::Draw, GameResult::WhiteWins]);
        assert_eq!((f.min_plies, f.max_plies), (Some(10), Some(80)));
        // `--result 1/2-1/2` keeps a game whose tag says `½-½`.
        let pgn = "[Result \"½-½\"]\n\n1. e4 e5 ½-½\n\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n";
        let only_draws = Filter {
            results: vec![GameResult::Draw],
            ..Filter::default()
        };
        assert_eq!(
            verdicts(pgn.as_bytes(), &only_draws)
                .iter()
                .map(|v| v.keep)
                .collect::<Vec<_>>(),
            [true, false]
        );
    }

    #[test]
    fn date_and_time_control_ranges() {
        let dates = TagTest::range("UTCDate=2024.01.01..2024.03.31").unwrap();
        assert!(dates.passes(b"2024.01.01"));
        assert!(dates.passes(b"2024.03.31"));
        assert!(!dates.passes(b"2024.04.01"));
        assert!(!dates.passes(b"2024.??.??"));
        // A date that does not exist is no date, as in the tables' `utc_date` column.
        let feb = TagTest::range("UTCDate=2025.02.01..2025.03.01").unwrap();
        assert!(feb.passes(b"2025.02.28") && !feb.passes(b"2025.02.31"));
        assert!(TagTest::range("UTCDate=2025.02.31..").is_err());
        let since = TagTest::range("Date=2024.02.01..").unwrap();
        assert!(since.passes(b"2025.01.01") && !since.passes(b"2023.12.31"));
        let tc = TagTest::range("TimeControl=180+0..600+5").unwrap();
        assert!(tc.passes(b"180+2") && tc.passes(b"600+0") && tc.passes(b"300"));
        assert!(!tc.passes(b"60+0") && !tc.passes(b"600+10") && !tc.passes(b"-"));
        // An integer tag is read as the tables' columns read it: `2500.5` is no rating.
        let elo = TagTest::range("WhiteElo=2500..").unwrap();
        assert!(elo.passes(b"2501") && elo.passes(b" 2500 "));
        assert!(!elo.passes(b"2500.5") && !elo.passes(b"?"));
        assert_eq!(values::int(b"2500.5"), None);
        // Numbers stay numbers.
        assert_eq!(
            TagTest::range("WhiteElo=2500..").unwrap(),
            TagTest::Range("WhiteElo".into(), Some(2500.0), None)
        );
    }
}
