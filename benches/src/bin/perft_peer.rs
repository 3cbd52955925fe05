//! `perft_peer shakmaty|shakmaty-hash|cozy FEN DEPTH full|bulk`: the peers of `chessbits
//! perft` as whole processes, so that perft can be timed process against process (start-up,
//! page faults and all), each side built with the same profile and flags (`cargo build
//! --profile bench`, the same `RUSTFLAGS`). It prints the leaf count, nothing else.
//!
//! - `full`: every leaf played (`chessbits perft DEPTH --no-bulk`); `shakmaty-hash` keeps a
//!   Polyglot hash through every move as well, the work chessbits' position always does.
//! - `bulk`: the last ply counted, not played (`chessbits perft DEPTH`); `shakmaty-hash` is
//!   then shakmaty's own `perft`, as there is no leaf to hash.
//!
//! `perft_peer shakmaty-variant:VARIANT FEN DEPTH bulk` is shakmaty's own `perft` of its
//! `VariantPosition` (`VARIANT` as python-chess's `uci_variant` names it: `atomic`,
//! `antichess`, `crazyhouse`, `kingofthehill`, `3check`, `horde`, `racingkings`), the peer
//! of `chessbits perft DEPTH --variant VARIANT --fen FEN`.
//!
//! The perft functions are the library's `peers` module, which the perft benchmarks run too.

use std::process::ExitCode;

use benches::peers::{
    cozy_board, cozy_full, cozy_perft, shakmaty_full, shakmaty_hash, shakmaty_hash_full,
    shakmaty_pos, shakmaty_variant_pos,
};

const USAGE: &str =
    "usage: perft_peer shakmaty|shakmaty-hash|cozy|shakmaty-variant:VARIANT FEN DEPTH full|bulk";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [peer, fen, depth, mode] = args.as_slice() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("perft_peer: bad depth {depth:?}\n{USAGE}");
        return ExitCode::from(2);
    };
    let full = match mode.as_str() {
        "full" => true,
        "bulk" => false,
        _ => {
            eprintln!("perft_peer: bad mode {mode:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Some(variant) = peer.strip_prefix("shakmaty-variant:") {
        let Some(pos) = shakmaty_variant_pos(variant, fen) else {
            eprintln!("perft_peer: unknown variant {variant:?}\n{USAGE}");
            return ExitCode::from(2);
        };
        if full {
            eprintln!("perft_peer: the variants are counted in bulk only\n{USAGE}");
            return ExitCode::from(2);
        }
        println!("{}", shakmaty::perft(&pos, depth));
        return ExitCode::SUCCESS;
    }
    let nodes = match (peer.as_str(), full) {
        ("shakmaty", true) => shakmaty_full(&shakmaty_pos(fen), depth),
        ("shakmaty-hash", true) => {
            let pos = shakmaty_pos(fen);
            shakmaty_hash_full(&pos, shakmaty_hash(&pos), depth)
        }
        ("shakmaty" | "shakmaty-hash", false) => shakmaty::perft(&shakmaty_pos(fen), depth),
        ("cozy", true) => cozy_full(&cozy_board(fen), depth),
        ("cozy", false) => cozy_perft(&cozy_board(fen), depth),
        _ => {
            eprintln!("perft_peer: unknown peer {peer:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    println!("{nodes}");
    ExitCode::SUCCESS
}
