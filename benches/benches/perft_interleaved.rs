//! Perft against the peers, interleaved in one process: each round times chessbits,
//! shakmaty (without and, every leaf made, with a Polyglot hash kept through every move: the
//! work chessbits' position always does) and cozy-chess one after the other (the order
//! rotating from round to round), so that a slow spell of the machine (this 2-core VM has
//! them, lasting seconds) hits every library alike; criterion measures one library after the
//! other, and one spell can decide a ratio there. Each library's speed is its best round
//! (noise only adds time); the ratio is best against best, with the median of the per-round
//! ratios (a peer's time over ours) and the lowest and highest round beside it.
//!
//! `cargo xtask bench` runs this after the criterion groups and prints its table (markdown on
//! stdout). With `CHESSBITS_BENCH_QUICK` set it runs three rounds.

use std::hint::black_box;
use std::time::Instant;

mod common;

use common::*;

/// Rounds of a full run: (every leaf made, bulk counting).
const ROUNDS: (usize, usize) = (21, 7);

/// One library's perft of a position, ready to run.
type Run<'a> = Box<dyn Fn() -> u64 + 'a>;

/// Seconds of one call of `run`, whose count must be `nodes`.
fn time(run: &dyn Fn() -> u64, nodes: u64, name: &str) -> f64 {
    let start = Instant::now();
    let counted = black_box(run());
    let seconds = start.elapsed().as_secs_f64();
    assert_eq!(counted, nodes, "{name}: wrong count");
    seconds
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Times the runs of one position interleaved for `rounds` rounds and returns a table row;
/// a run that does not apply (`None`) gets empty cells.
fn row(label: &str, nodes: u64, runs: &[(&str, Option<Run>)], rounds: usize) -> String {
    // A round not counted: tables and code paged in, the caches warm.
    for (name, run) in runs {
        if let Some(run) = run {
            time(run.as_ref(), nodes, name);
        }
    }
    let mut seconds = vec![Vec::with_capacity(rounds); runs.len()];
    for round in 0..rounds {
        for k in 0..runs.len() {
            let i = (round + k) % runs.len();
            if let (name, Some(run)) = &runs[i] {
                seconds[i].push(time(run.as_ref(), nodes, name));
            }
        }
    }
    // Noise only ever adds time, so each library's best round is its speed undisturbed;
    // the median of the rounds' ratios shows how the ratio holds round by round.
    let best = |s: &[f64]| s.iter().copied().fold(f64::INFINITY, f64::min);
    let speed = |s: &[f64]| nodes as f64 / best(s) / 1e6;
    let mut cells = vec![format!("{label} | {:.1} M", speed(&seconds[0]))];
    for i in 1..runs.len() {
        if runs[i].1.is_none() {
            cells.push("— | — | —".to_string());
            continue;
        }
        let ratios: Vec<f64> = seconds[i]
            .iter()
            .zip(&seconds[0])
            .map(|(peer, ours)| peer / ours)
            .collect();
        let low = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        let high = ratios.iter().copied().fold(0.0, f64::max);
        cells.push(format!(
            "{:.1} M | **{:.2}x** | {:.2}x ({low:.2}–{high:.2})",
            speed(&seconds[i]),
            best(&seconds[i]) / best(&seconds[0]),
            median(ratios)
        ));
    }
    format!("| {} |", cells.join(" | "))
}

fn main() {
    // `cargo bench` passes `--bench` (and xtask criterion's options): nothing to read.
    let quick = std::env::var_os("CHESSBITS_BENCH_QUICK").is_some();
    let (full_rounds, bulk_rounds) = if quick { (3, 3) } else { ROUNDS };
    println!(
        "\n## Perft against the peers, interleaved in one process\n\n\
         Each round runs chessbits, shakmaty, shakmaty keeping a Polyglot hash (every leaf \
         made: `update_zobrist_hash` before each `play_unchecked`, the work chessbits' \
         position always does) and cozy-chess one after the other (the order rotating), so \
         that a slow spell of the machine hits them all. Speeds are each \
         library's best round (noise only adds time); the ratio is ours against the peer's, \
         best against best (above 1: ours is faster), then the median of the rounds' ratios \
         with the lowest and highest round in brackets. Every leaf made: {full_rounds} \
         rounds; bulk counting: {bulk_rounds} rounds; a first round, not counted, warms the \
         caches. Every count is checked in every round.\n\n\
         | position | chessbits, nodes/s | shakmaty, nodes/s | ours ÷ shakmaty | median of rounds \
         | shakmaty + hash, nodes/s | ours ÷ shakmaty + hash | median of rounds \
         | cozy-chess, nodes/s | ours ÷ cozy-chess | median of rounds |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for &(label, fen, depth, nodes) in FULL {
        let (pos, spos, board) = (chessbits_pos(fen), shakmaty_pos(fen), cozy_board(fen));
        let hash = shakmaty_hash(&spos);
        assert_eq!(hash.0, pos.zobrist_hash(), "{label}: the hashes differ");
        let runs: [(&str, Option<Run>); 4] = [
            (
                "chessbits",
                Some(Box::new(|| {
                    chessbits_movegen::perft_full(black_box(&pos), depth)
                })),
            ),
            (
                "shakmaty",
                Some(Box::new(|| shakmaty_full(black_box(&spos), depth))),
            ),
            (
                "shakmaty + hash",
                Some(Box::new(|| {
                    shakmaty_hash_full(black_box(&spos), hash, depth)
                })),
            ),
            (
                "cozy-chess",
                Some(Box::new(|| cozy_full(black_box(&board), depth))),
            ),
        ];
        println!(
            "{}",
            row(
                &format!("{label}, every leaf made"),
                nodes,
                &runs,
                full_rounds
            )
        );
    }
    for &(label, fen, depth, nodes) in BULK {
        let (pos, spos, board) = (chessbits_pos(fen), shakmaty_pos(fen), cozy_board(fen));
        let runs: [(&str, Option<Run>); 4] = [
            (
                "chessbits",
                Some(Box::new(|| {
                    chessbits_movegen::perft(black_box(&pos), depth)
                })),
            ),
            (
                "shakmaty",
                Some(Box::new(|| shakmaty::perft(black_box(&spos), depth))),
            ),
            // Bulk counting plays no leaf, so there is no hash to keep at the last ply.
            ("shakmaty + hash", None),
            (
                "cozy-chess",
                Some(Box::new(|| cozy_perft(black_box(&board), depth))),
            ),
        ];
        println!(
            "{}",
            row(&format!("{label}, bulk"), nodes, &runs, bulk_rounds)
        );
    }
}
