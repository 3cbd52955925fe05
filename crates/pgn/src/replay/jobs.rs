//! The bulk job over batches of records, [`check_games`] (`chessbits pgn check`), with the
//! [`Report`] it and the tables' jobs come to, and the FEN writer of their rows.

use chessbits_movegen::san::SanMode;

use super::errors::GameError;
use super::fast;
use super::play::Replayed;
use super::record::GameRecord;
use super::variants::replay_any;

/// What a batch of games came to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games read.
    pub games: u64,
    /// Mainline moves played.
    pub moves: u64,
    /// Every error, in input order (reader errors first within a game).
    pub errors: Vec<GameError>,
    /// Games with at least one error.
    pub games_with_errors: u64,
}

impl Report {
    /// Adds another report (of later games) to this one.
    pub fn merge(&mut self, other: Report) {
        self.games += other.games;
        self.moves += other.moves;
        self.games_with_errors += other.games_with_errors;
        self.errors.extend(other.errors);
    }

    /// Counts one game: its reader errors, the moves replayed and the replay error.
    pub fn add_game(&mut self, record: &GameRecord, moves: u64, error: Option<GameError>) {
        self.games += 1;
        self.moves += moves;
        let has_errors = !record.read_errors.is_empty() || error.is_some();
        self.games_with_errors += u64::from(has_errors);
        self.errors
            .extend(record.read_errors.iter().cloned().map(GameError::from));
        self.errors.extend(error);
    }
}

/// Replays every record (the job of `chessbits pgn check`): the report [`replay`](crate::replay::replay) gives.
///
/// Games of standard chess read in lenient mode (nearly all real games) are checked on
/// movegen's [`SanReplayer`](chessbits_movegen::SanReplayer), a bare board that keeps only
/// what deciding SAN needs: no hash, no checkers, legality by whether the own king is
/// attacked after the move; records read by [`RecordCollector::for_check`](crate::replay::RecordCollector::for_check) were already
/// played so as they were read (and count as played in either mode). Any game that path
/// does not play to the end (an error, a position it does not take, strict mode, a null or
/// coordinate move) is replayed with [`replay`](crate::replay::replay) (a variant game: [`replay_any`]), so the
/// moves counted and the errors reported are exactly [`replay`](crate::replay::replay)'s.
#[must_use]
pub fn check_games(records: &[GameRecord], mode: SanMode) -> Report {
    let mut report = Report::default();
    for record in records {
        let Replayed {
            played: moves,
            error,
        } = check_game(record, mode);
        report.add_game(record, moves, error);
    }
    report
}

/// Replays one game's mainline to check it, as [`check_games`] does, and says how far it
/// went: the moves played and the error that stopped it. The fastest way to know a game is
/// legal (no text is made): a game the reader already checked is taken as it is, a
/// standard game is played on movegen's `SanReplayer`, and anything that path gives up on
/// is replayed from its start by [`replay_any`], so the answer is always [`replay_any`]'s.
pub fn check_game(record: &GameRecord, mode: SanMode) -> Replayed {
    match record.prechecked.0.or_else(|| fast::check(record, mode)) {
        Some(played) => Replayed {
            played,
            error: None,
        },
        None => replay_any(record, mode),
    }
}
