//! `chessbits moves`: a position's legal moves with their static exchange value and whether
//! they give check, as CSV.

use std::io::Write;
use std::process::ExitCode;

/// Runs `chessbits moves`.
pub(crate) fn run(pos: &chessbits_position::Position, tactical: bool, checks: bool) -> ExitCode {
    let list = if tactical {
        chessbits_movegen::captures_and_promotions(pos)
    } else {
        chessbits_movegen::legal_moves(pos)
    };
    let chess960 = pos.mode().is_chess960();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "move,see,check");
    for &m in list.iter() {
        let check = chessbits_movegen::gives_check(pos, m);
        if checks && !check {
            continue;
        }
        let _ = writeln!(
            out,
            "{},{},{}",
            m.uci(chess960),
            chessbits_movegen::see(pos, m),
            check
        );
    }
    ExitCode::SUCCESS
}
