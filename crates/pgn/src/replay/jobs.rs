//! The bulk jobs over batches of records: [`check_games`] (`chessbits pgn check`) and
//! [`fens_games`] (`chessbits pgn fens`), with the [`Report`] they come to and the FEN
//! writer of their rows.

use super::*;

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

/// Replays every record (the job of `chessbits pgn check`): the report [`replay`] gives.
///
/// Games of standard chess read in lenient mode (nearly all real games) are checked on
/// movegen's [`SanReplayer`](chessbits_movegen::SanReplayer), a bare board that keeps only
/// what deciding SAN needs: no hash, no checkers, legality by whether the own king is
/// attacked after the move; records read by [`RecordCollector::for_check`] were already
/// played so as they were read (and count as played in either mode). Any game that path
/// does not play to the end (an error, a position it does not take, strict mode, a null or
/// coordinate move) is replayed with [`replay`] (a variant game: [`replay_any`]), so the
/// moves counted and the errors reported are exactly [`replay`]'s.
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

/// Replays every record and appends one `before_fen,san,after_fen` row per mainline move
/// to `out` (the job of `chessbits pgn fens`; the header is not written). `san` is the
/// canonical SAN; FENs write the en-passant square only when a legal capture exists.
/// Variant games are replayed by [`replay_variant`], their FENs with the variant's fields
/// (pockets, check counters) as python-chess writes them.
///
/// Games of standard chess read in lenient mode are replayed as [`check_games`] replays
/// them, on movegen's [`SanReplayer`](chessbits_movegen::SanReplayer), which decides each
/// move and words its SAN; the position beside it only plays the moves and writes the
/// FENs. A game that path gives up on is written again from its start by [`replay`], so
/// the rows and errors are exactly [`replay`]'s.
pub fn fens_games(records: &[GameRecord], mode: SanMode, out: &mut Vec<u8>) -> Report {
    let mut report = Report::default();
    let mut row = FensRow {
        fen: 0..0,
        first: true,
    };
    for record in records {
        row.first = true;
        if let Some(moves) = fast_fens(record, mode, out, &mut row) {
            report.add_game(record, moves, None);
            continue;
        }
        let Replayed {
            played: moves,
            error,
            ..
        } = match game_variant(record.variant.as_deref()) {
            Ok(Some(variant)) => replay_variant(record, mode, variant, |before, m, after| {
                row.push(
                    out,
                    |f| write_variant_fen(before, f),
                    |o| before.san_plus(m).write_to(o),
                    |f| write_variant_fen(after, f),
                );
            }),
            _ => replay(record, mode, |before, m, after| {
                row.push(
                    out,
                    |f| write_fen(before, f),
                    |o| {
                        SanPlus {
                            san: San::from_move(before, m),
                            suffix: suffix_of(after),
                        }
                        .write_to(o);
                    },
                    |f| write_fen(after, f),
                );
            }),
        };
        report.add_game(record, moves, error);
    }
    report
}

/// The rows of `record` on the fast path of [`fens_games`]: `Some(moves)` when every move
/// was played; `None`, with `out` and `row` as they were, when the full replay must decide.
fn fast_fens(
    record: &GameRecord,
    mode: SanMode,
    out: &mut Vec<u8>,
    row: &mut FensRow,
) -> Option<u64> {
    let mut board = fast::start(record, mode)?;
    let mut pos = start_position(record.fen.as_deref(), record.variant.as_deref()).ok()?;
    let written = out.len();
    let mut played = 0;
    for text in record.moves.texts() {
        let Some((m, san)) = board.play_san_move(text) else {
            out.truncate(written);
            row.first = true;
            return None;
        };
        row.start(
            out,
            |o| write_fen(&pos, o),
            |o| o.extend_from_slice(san.as_bytes().as_slice()),
        );
        let _ = pos.make_unchecked(m);
        row.finish(out, |o| write_fen(&pos, o));
        played += 1;
    }
    Some(played)
}

/// The rows of one game for [`fens_games`]: where in the output the FEN after the last
/// move stands (the next row's `before_fen`), and whether the game's first row is still to
/// come.
struct FensRow {
    fen: std::ops::Range<usize>,
    first: bool,
}

impl FensRow {
    /// Appends one `before_fen,san,after_fen` row, each part written by its function (the
    /// position before is written only for a game's first move).
    fn push(
        &mut self,
        out: &mut Vec<u8>,
        before: impl FnOnce(&mut Vec<u8>),
        san: impl FnOnce(&mut Vec<u8>),
        after: impl FnOnce(&mut Vec<u8>),
    ) {
        self.start(out, before, san);
        self.finish(out, after);
    }

    /// The start of a row: `before_fen,san,` (the position before written by `before`
    /// only for a game's first move; then, the last row's `after_fen`).
    #[inline]
    fn start(
        &mut self,
        out: &mut Vec<u8>,
        before: impl FnOnce(&mut Vec<u8>),
        san: impl FnOnce(&mut Vec<u8>),
    ) {
        if self.first {
            self.first = false;
            before(out);
        } else {
            // The last row's `after_fen`, copied from where it was written.
            out.extend_from_within(self.fen.clone());
        }
        out.push(b',');
        san(out);
        out.push(b',');
    }

    /// The end of a row: `after_fen` and the newline.
    #[inline]
    fn finish(&mut self, out: &mut Vec<u8>, after: impl FnOnce(&mut Vec<u8>)) {
        let start = out.len();
        after(out);
        self.fen = start..out.len();
        out.push(b'\n');
    }
}

/// The CSV header [`fens_games`] rows go under.
pub const FENS_HEADER: &str = "before_fen,san,after_fen\n";

/// Appends `pos.fen()` to `out` without an intermediate `String` (bulk output), through the
/// position's own FEN writer.
pub fn write_fen(pos: &Position, out: &mut Vec<u8>) {
    pos.write_fen_to(out, CastlingNotation::XFen, EnPassantMode::Legal);
}
