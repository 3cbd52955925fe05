//! The moves table's position columns as CSV rows, written straight from the replay:
//! `before_fen,san,after_fen`, one row per mainline move (the job of `chessbits pgn fens`).
//!
//! The same columns as the moves table's ([`columns`](crate::columns)) and the same
//! producer, pgn's [`replay_into`] (the moves table's [`replay_plies`](chessbits_pgn::replay_plies));
//! only the Arrow arrays are skipped, because a text row per move is the whole output and
//! the rows are several times faster written directly, each FEN written once.

use chessbits_bitboard_core::MoveText;
use chessbits_pgn::{replay_into, GameRecord, PlySink, Replayed, Report, SanMode};

/// The moves-table columns the rows hold, in order.
pub(crate) const FENS_COLUMNS: [&str; 3] = ["before_fen", "san", "after_fen"];

/// The CSV header of [`fens_rows`]: its columns, `before_fen,san,after_fen` (the moves
/// table's names), and a newline.
#[must_use]
pub fn fens_header() -> String {
    let mut header = FENS_COLUMNS.join(",");
    header.push('\n');
    header
}

/// Replays every record and appends one `before_fen,san,after_fen` row per mainline move
/// to `out` (no header: see [`fens_header`]); the report of the replay. The cells are
/// [`replay_into`]'s texts: FENs with the en-passant square only where a legal capture
/// exists (a variant game's with its pockets and check counters, as python-chess writes
/// them) and canonical SAN with its suffix; none of them holds a comma, a quote or a line
/// break, so no cell is quoted.
///
/// ```
/// use chessbits_pgn::{Reader, RecordCollector, SanMode};
///
/// let mut records = Vec::new();
/// Reader::new(&b"1. e4 e5 *\n"[..]).read_all(&mut RecordCollector::new(), |r| records.push(r))?;
/// let mut rows = chessbits_tables::fens::fens_header().into_bytes();
/// let report = chessbits_tables::fens::fens_rows(&records, SanMode::Lenient, &mut rows);
/// assert_eq!(report.moves, 2);
/// let text = String::from_utf8(rows).expect("ASCII");
/// assert_eq!(text.lines().nth(2), Some(
///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1,e5,\
///      rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn fens_rows(records: &[GameRecord], mode: SanMode, out: &mut Vec<u8>) -> Report {
    let mut report = Report::default();
    for record in records {
        let replayed = fens_game(record, mode, out);
        report.add_game(record, replayed.played, replayed.error);
    }
    report
}

/// The rows of one game, appended to `out`, and how far its replay went.
pub(crate) fn fens_game(record: &GameRecord, mode: SanMode, out: &mut Vec<u8>) -> Replayed {
    let mut rows = Rows {
        game: out.len(),
        last: 0..0,
        out,
    };
    replay_into(record, mode, &mut rows)
}

/// A game's rows as they come: the start position opens the first row, each later row
/// opens with a copy of the FEN the row before it closed with.
struct Rows<'a> {
    out: &'a mut Vec<u8>,
    /// Where the game's rows begin.
    game: usize,
    /// The last FEN written (the next row's `before_fen`); empty before the first move.
    last: std::ops::Range<usize>,
}

impl PlySink for Rows<'_> {
    fn start(&mut self, fen: impl FnOnce(&mut Vec<u8>)) {
        self.rewind();
        fen(self.out);
    }

    fn push(&mut self, san: MoveText, _uci: MoveText, fen: impl FnOnce(&mut Vec<u8>)) {
        if !self.last.is_empty() {
            self.out.extend_from_within(self.last.clone());
        }
        self.out.push(b',');
        self.out.extend_from_slice(san.as_bytes().as_slice());
        self.out.push(b',');
        let start = self.out.len();
        fen(self.out);
        self.last = start..self.out.len();
        self.out.push(b'\n');
    }

    fn rewind(&mut self) {
        self.out.truncate(self.game);
        self.last = 0..0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_columns_are_the_moves_tables() {
        let moves = crate::columns::describe(crate::Table::Moves, crate::Layout::Default);
        for name in FENS_COLUMNS {
            assert!(moves.iter().any(|(n, _)| *n == name), "{name}");
        }
        assert_eq!(fens_header(), "before_fen,san,after_fen\n");
    }

    fn records(pgn: &[u8]) -> Vec<GameRecord> {
        let mut out = Vec::new();
        chessbits_pgn::Reader::new(pgn)
            .read_all(&mut chessbits_pgn::RecordCollector::new(), |r| out.push(r))
            .expect("no I/O error");
        out
    }

    /// The rows of the moves table's producer, `replay_plies`, made into CSV.
    fn from_plies(records: &[GameRecord]) -> (Vec<u8>, Report) {
        let mut out = Vec::new();
        let mut report = Report::default();
        let mut plies = chessbits_pgn::Plies::new();
        for record in records {
            let replayed = chessbits_pgn::replay_plies(record, SanMode::Lenient, &mut plies);
            for ply in plies.iter() {
                let san = ply.san.as_bytes();
                out.extend_from_slice(
                    &[ply.before_fen, san.as_slice(), ply.after_fen].join(&b',')[..],
                );
                out.push(b'\n');
            }
            report.add_game(record, replayed.played, replayed.error);
        }
        (out, report)
    }

    /// The rows written as they come equal the moves table's, on real games, variant
    /// games, and games the fast path gives up on part way (a null move, an illegal move,
    /// a coordinate move), whose rows so far are taken back.
    #[test]
    fn rows_equal_the_moves_tables() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../pgn/tests/data");
        let mut inputs = vec![
            b"1. e4 e5 2. Nf3 -- 3. Bc4 Nc6 *\n\n1. d4 d5 2. c4 Qxc4 3. Nc3 *\n\n\
              1. e4 e5 2. g1f3 Nc6 *\n\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
                .to_vec(),
            std::fs::read(dir.join("variants/variants.pgn")).expect("variant games"),
        ];
        for name in ["twic0920", "lichess_DannyTheDonkey_2019-01-29"] {
            let file =
                std::fs::File::open(dir.join(format!("sample/{name}.pgn.zst"))).expect("sample");
            inputs.push(zstd::decode_all(file).expect("zstd"));
        }
        for pgn in &inputs {
            let recs = records(pgn);
            let mut got = b"earlier\n".to_vec();
            let report = fens_rows(&recs, SanMode::Lenient, &mut got);
            let (want, want_report) = from_plies(&recs);
            assert_eq!(
                String::from_utf8_lossy(&got[8..]),
                String::from_utf8_lossy(&want)
            );
            assert_eq!(report, want_report);
            assert!(report.moves > 0);
        }
    }
}
