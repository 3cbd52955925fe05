//! What several test files share: the `before_fen,san,after_fen` rows of `pgn fens`, made
//! from [`replay_plies`] (the tables crate writes the program's; its tests hold the two
//! equal).

use chessbits_pgn::{replay_plies, GameRecord, Plies, Report, SanMode};

/// The CSV header of the rows.
#[allow(dead_code)]
pub(crate) const FENS_HEADER: &str = "before_fen,san,after_fen\n";

/// Appends one `before_fen,san,after_fen` row per mainline move of `records` to `out`.
pub(crate) fn fens_games(records: &[GameRecord], mode: SanMode, out: &mut Vec<u8>) -> Report {
    let mut report = Report::default();
    let mut plies = Plies::new();
    for record in records {
        let replayed = replay_plies(record, mode, &mut plies);
        for ply in plies.iter() {
            let san = ply.san.as_bytes();
            out.extend_from_slice(&[ply.before_fen, san.as_slice(), ply.after_fen].join(&b',')[..]);
            out.push(b'\n');
        }
        report.add_game(record, replayed.played, replayed.error);
    }
    report
}
