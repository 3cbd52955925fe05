//! Perft as users run it: `chessbits perft` against `perft_peer` (`benches/src/bin`:
//! shakmaty 0.30, shakmaty keeping a Polyglot hash through every move as chessbits'
//! position does, and cozy-chess 0.3 with its PEXT lookups where the build has BMI2), whole
//! processes (start-up, page faults and all) built with the same profile and flags as the
//! rest of `cargo xtask bench`.
//!
//! Every leaf made on start d5 and Kiwipete d4 (`chessbits perft --no-bulk`, the peers'
//! `full`), then on start d6 and Kiwipete d5 against shakmaty and cozy-chess (runs of about
//! a second, where a process's cold start weighs less than in the short ones, in 3 rounds
//! to keep the bench within its time), and bulk counting on start d6 and Kiwipete d5
//! against cozy-chess (shakmaty's bulk figures, 3x and more behind, are in the in-process
//! table). Then the Lichess variants: bulk perft of each variant's start position
//! (`chessbits perft DEPTH --variant V`) against shakmaty's `VariantPosition` perft
//! (`perft_peer shakmaty-variant:V`, its own bulk-counting `perft`), at depth 6 (antichess and
//! horde: the depth where a run takes about a tenth of a second or more; their counts are the
//! ones shakmaty and ours agree on, python-chess's suites stopping earlier). The programs of
//! a row run one after the other, the order rotating from round to
//! round, after one round not counted in which every count is checked against the
//! published figure; each program's figure is its best round, the ratio best against best,
//! with the median and range of the rounds' ratios.

use std::path::Path;
use std::process::Command;

use crate::pgn_scale::{wall, Pair};
use crate::Error;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// One table row's run: label, variant (python-chess's `uci_variant`; `None` for standard
/// chess), FEN, depth, every leaf made or bulk, the published count, the peers
/// (`perft_peer` names) it is timed against, and whether its runs are long (3 rounds in a
/// full run instead of 7).
struct Case {
    label: &'static str,
    variant: Option<&'static str>,
    fen: &'static str,
    depth: u32,
    full: bool,
    nodes: u64,
    peers: &'static [&'static str],
    long: bool,
}

const CASES: [Case; 13] = [
    Case {
        label: "start-5, every leaf made",
        variant: None,
        fen: START,
        depth: 5,
        full: true,
        nodes: 4_865_609,
        peers: &["shakmaty", "shakmaty-hash", "cozy"],
        long: false,
    },
    Case {
        label: "kiwipete-4, every leaf made",
        variant: None,
        fen: KIWIPETE,
        depth: 4,
        full: true,
        nodes: 4_085_603,
        peers: &["shakmaty", "shakmaty-hash", "cozy"],
        long: false,
    },
    Case {
        label: "start-6, every leaf made",
        variant: None,
        fen: START,
        depth: 6,
        full: true,
        nodes: 119_060_324,
        peers: &["shakmaty", "cozy"],
        long: true,
    },
    Case {
        label: "kiwipete-5, every leaf made",
        variant: None,
        fen: KIWIPETE,
        depth: 5,
        full: true,
        nodes: 193_690_690,
        peers: &["shakmaty", "cozy"],
        long: true,
    },
    Case {
        label: "start-6, bulk",
        variant: None,
        fen: START,
        depth: 6,
        full: false,
        nodes: 119_060_324,
        peers: &["cozy"],
        long: false,
    },
    Case {
        label: "kiwipete-5, bulk",
        variant: None,
        fen: KIWIPETE,
        depth: 5,
        full: false,
        nodes: 193_690_690,
        peers: &["cozy"],
        long: false,
    },
    Case {
        label: "atomic-6, bulk",
        variant: Some("atomic"),
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 6,
        full: false,
        nodes: 118_926_425,
        peers: &["shakmaty-variant:atomic"],
        long: true,
    },
    Case {
        label: "antichess-6, bulk",
        variant: Some("antichess"),
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        depth: 6,
        full: false,
        nodes: 46_264_162,
        peers: &["shakmaty-variant:antichess"],
        long: true,
    },
    Case {
        label: "crazyhouse-6, bulk",
        variant: Some("crazyhouse"),
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        depth: 6,
        full: false,
        nodes: 120_812_942,
        peers: &["shakmaty-variant:crazyhouse"],
        long: true,
    },
    Case {
        label: "king of the hill-6, bulk",
        variant: Some("kingofthehill"),
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 6,
        full: false,
        nodes: 119_060_324,
        peers: &["shakmaty-variant:kingofthehill"],
        long: true,
    },
    Case {
        label: "three-check-6, bulk",
        variant: Some("3check"),
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        depth: 6,
        full: false,
        nodes: 119_060_324,
        peers: &["shakmaty-variant:3check"],
        long: true,
    },
    Case {
        label: "horde-7, bulk",
        variant: Some("horde"),
        fen: "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        depth: 7,
        full: false,
        nodes: 68_441_644,
        peers: &["shakmaty-variant:horde"],
        long: true,
    },
    Case {
        label: "racing kings-6, bulk",
        variant: Some("racingkings"),
        fen: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        depth: 6,
        full: false,
        nodes: 298_712_641,
        peers: &["shakmaty-variant:racingkings"],
        long: true,
    },
];

/// How a peer is named in the table.
fn peer_name(peer: &str) -> &'static str {
    match peer {
        "shakmaty" => "shakmaty 0.30",
        "shakmaty-hash" => "shakmaty 0.30 + Polyglot hash",
        p if p.starts_with("shakmaty-variant:") => "shakmaty 0.30 VariantPosition",
        _ => "cozy-chess 0.3",
    }
}

impl Case {
    fn ours(&self, chessbits: &Path) -> Command {
        let mut c = Command::new(chessbits);
        c.args(["perft", &self.depth.to_string(), "--fen", self.fen]);
        if let Some(variant) = self.variant {
            c.args(["--variant", variant]);
        }
        if self.full {
            c.arg("--no-bulk");
        }
        c
    }

    fn peer(&self, perft_peer: &Path, peer: &str) -> Command {
        let mut c = Command::new(perft_peer);
        c.args([peer, self.fen, &self.depth.to_string()])
            .arg(if self.full { "full" } else { "bulk" });
        c
    }
}

/// The leaf count a program prints on stdout: `perft_peer` prints the number alone,
/// `chessbits perft` a line `Nodes searched: N`.
fn count(mut cmd: Command) -> Result<u64, Error> {
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{cmd:?} failed ({})", out.status).into());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| {
            let l = l.trim();
            l.strip_prefix("Nodes searched: ").unwrap_or(l).parse().ok()
        })
        .ok_or_else(|| format!("{cmd:?} printed no count: {text:?}").into())
}

/// The section of the report: one row per case and peer.
pub(crate) fn run(chessbits: &Path, perft_peer: &Path, quick: bool) -> Result<String, Error> {
    let (short_rounds, long_rounds) = if quick { (2, 1) } else { (7, 3) };
    let mut out = format!(
        "\n## Perft against the peers, whole processes\n\n\
         `chessbits perft DEPTH --fen FEN [--no-bulk]` against `perft_peer PEER FEN DEPTH \
         full|bulk` (shakmaty, shakmaty keeping a Polyglot hash through every move as our \
         position does, cozy-chess with PEXT where the build has BMI2), every program built \
         with the same profile and flags; {short_rounds} rounds ({long_rounds} for the runs of \
         about a second), the order rotating, after one not counted in which every count is \
         checked. Each program's best round (noise only adds \
         time), the ratio of the best rounds (above 1: ours is faster), and the median and \
         range of the rounds' ratios:\n\n\
         | position | peer | ours s | peer s | ours ÷ peer | median of rounds |\n\
         |---|---|---:|---:|---:|---:|\n"
    );
    for case in &CASES {
        let mut programs = vec![case.ours(chessbits)];
        programs.extend(case.peers.iter().map(|p| case.peer(perft_peer, p)));
        for cmd in &programs {
            let mut again = Command::new(cmd.get_program());
            again.args(cmd.get_args());
            let nodes = count(again)?;
            if nodes != case.nodes {
                return Err(format!(
                    "{cmd:?} counted {nodes}, not {} ({})",
                    case.nodes, case.label
                )
                .into());
            }
        }
        let rounds = if case.long { long_rounds } else { short_rounds };
        let mut times = vec![Vec::with_capacity(rounds); programs.len()];
        for round in 0..rounds {
            for k in 0..programs.len() {
                let i = (round + k) % programs.len();
                times[i].push(wall(&mut programs[i])?);
            }
        }
        for (peer, t) in case.peers.iter().zip(&times[1..]) {
            let pair = Pair::of_rounds(&times[0], t);
            out.push_str(&format!(
                "| {} | {} | {:.3} | {:.3} | **{:.2}x** | {} |\n",
                case.label,
                peer_name(peer),
                pair.a,
                pair.b,
                pair.ratio(),
                pair.rounds(),
            ));
            eprintln!(
                "perft {} vs {}: {:.2}x",
                case.label,
                peer_name(peer),
                pair.ratio()
            );
        }
    }
    Ok(out)
}
