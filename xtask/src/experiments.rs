//! What `cargo xtask bench` measures: every experiment (one criterion group, one table of
//! the report), criterion's settings for a full and a `--quick` run, and the seconds each
//! part is expected to take (for the progress lines' time left).
//!
//! To add an experiment, add a group to a bench target in `benches/benches/` and an entry to
//! [`EXPERIMENTS`]; the runner, the JSON reading and the table layout are shared. A group
//! the list does not name still gets a table (titled with its name) when it runs
//! ([`lookup`]).

/// One measured comparison: a criterion group, reported as one markdown table.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Experiment {
    /// The `[[bench]]` target of the `benches` package that holds the group.
    pub(crate) bench_target: &'static str,
    /// The criterion group name (the directory under `target/criterion/`).
    pub(crate) group: &'static str,
    /// Heading of the table.
    pub(crate) title: &'static str,
    /// One sentence under the heading: what is measured, on which inputs.
    pub(crate) description: &'static str,
    /// What one throughput element is (`lookup`, `node`, `move`, ...), for the column names.
    pub(crate) unit: &'static str,
    /// Seconds the experiment takes, full run and `--quick`, measured on the README's 2-core
    /// machine (for the time-left estimate only; the first one of a bench target includes
    /// the target's setup, such as perft's count checks).
    pub(crate) expected_secs: [f64; 2],
}

/// Every experiment, in report order.
pub(crate) const EXPERIMENTS: &[Experiment] = &[
    Experiment {
        bench_target: "attacks",
        group: "sliding",
        title: "Sliding-piece attack lookups",
        description: "The reference ray walk and the magic lookup each look up 1,024 seeded \
                  pseudo-random (square, occupancy) pairs per iteration, about 16 pieces \
                  on the board; `queen` is rook | bishop.",
        unit: "lookup",
        expected_secs: [5.0, 3.0],
    },
    Experiment {
        bench_target: "perft",
        group: "perft",
        title: "Perft with bulk counting, against cozy-chess and shakmaty",
        description: "Single thread, the same positions in one run: perft(start, 6) and \
                  perft(Kiwipete, 5), the last ply counted rather than played; each \
                  library's count is checked against the published figure first.",
        unit: "node",
        expected_secs: [31.0, 43.0],
    },
    Experiment {
        bench_target: "perft",
        group: "perft-full",
        title: "Perft without bulk counting (every leaf made), against shakmaty",
        description: "Single thread: perft(start, 5) and perft(Kiwipete, 4), every leaf \
                  played with make/unmake (chessbits) or copy-make (shakmaty).",
        unit: "node",
        expected_secs: [15.0, 11.0],
    },
    Experiment {
        bench_target: "pgn",
        group: "pgn_read",
        title: "PGN reading in MB/s, against pgn-reader + shakmaty",
        description: "Single thread, the same 2,043 Lichess and TWIC games in memory \
                  (`crates/pgn/tests/data/sample`): `parse` tokenizes and parses every \
                  SAN, `replay` also decodes each SAN in its position and plays it. \
                  Bytes/s is MB/s.",
        unit: "byte",
        expected_secs: [5.0, 2.0],
    },
    Experiment {
        bench_target: "pgn",
        group: "pgn_read_moves",
        title: "PGN reading in moves/s, against pgn-reader + shakmaty",
        description: "The same runs as the table above, counted in mainline moves \
                  (166,732 per iteration).",
        unit: "move",
        expected_secs: [5.0, 3.0],
    },
    Experiment {
        bench_target: "pgn",
        group: "pgn_fens",
        title: "before_fen,san,after_fen rows, against pgn-extract and python-chess",
        description: "The 438 games of the Lichess sample (28,538 rows): ours in-process \
                  on one thread and on every core; `pgn-extract --fencomments` and a \
                  python-chess script as processes writing a file (each only when \
                  installed).",
        unit: "row",
        // With python-chess's rounds (about 2 s each), when installed.
        expected_secs: [10.0, 1.0],
    },
    Experiment {
        bench_target: "methods",
        group: "methods-lookup",
        title: "Sliding-attack methods: lookups (throughput)",
        description: "Every method of `attack-tables` on the 7,800 (slider square, occupancy) \
                  pairs of 1,000 middlegame positions from real games \
                  (`benches/data/middlegames.fen`), independent lookups; each method reads \
                  its own kept occupancy (rotated: the four boards, prepared beforehand).",
        unit: "lookup",
        expected_secs: [17.0, 17.0],
    },
    Experiment {
        bench_target: "methods",
        group: "methods-latency",
        title: "Sliding-attack methods: lookups as a dependent chain (latency)",
        description: "The same pairs, each lookup's square depending on the previous result \
                  (through an AND with an opaque zero, which adds two operations).",
        unit: "lookup",
        expected_secs: [19.0, 19.0],
    },
    Experiment {
        bench_target: "methods",
        group: "methods-movegen",
        title: "Sliding-attack methods: pseudo-legal move generation (Tannous 2007 Table 1, Fenner & Levene 2008 Table 4)",
        description: "Pseudo-legal moves of the 1,000 middlegame positions per iteration \
                  (the papers: 879 positions x 10, 1,001 positions x 100); the methods differ \
                  only in slider attacks; as in Tannous 2007, the rotated boards are prepared \
                  beforehand.",
        unit: "position",
        expected_secs: [10.0, 5.0],
    },
    Experiment {
        bench_target: "methods",
        group: "methods-perft",
        title: "Sliding-attack methods: perft(Kiwipete, 4) with bulk counting",
        description: "Legal generation, make and unmake; each method's occupancy is kept up \
                  to date beside the position in every make and unmake (the rotated boards' \
                  upkeep is timed).",
        unit: "node",
        expected_secs: [13.0, 8.0],
    },
    Experiment {
        bench_target: "methods",
        group: "methods-queen-random",
        title: "Sliding-attack methods: queen lookups on random squares and occupancies (Chess_Movegen's measure)",
        description: "100,000 random occupancies (`rand & rand`), each prepared for the method \
                  (rotated: built from scratch) and asked 12 queen lookups on random squares.",
        unit: "lookup",
        expected_secs: [14.0, 11.0],
    },
    Experiment {
        bench_target: "methods",
        group: "perfect-lines",
        title: "Perfect hashing one line at a time (Fenner & Levene 2008 Table 4)",
        description: "Attacks along one line for the middlegame pairs: the occupancy vector by \
                  looping over the line (`loop`, the paper's baseline) or by the paper's \
                  hashes (`h1`, `h2`, minimal `ĥ1`/`ĥ2`, and `-direct`: the attack table \
                  indexed by the hash); ranks by a shift.",
        unit: "lookup",
        expected_secs: [7.0, 7.0],
    },
    Experiment {
        bench_target: "square_attacks",
        group: "in-between",
        title: "In-between and line sets, four ways (the Chess Programming Wiki's \"Square Attacked By\")",
        description: "All 4,096 square pairs per iteration.",
        unit: "pair",
        expected_secs: [7.0, 4.0],
    },
    Experiment {
        bench_target: "square_attacks",
        group: "attacks-to",
        title: "Attacks to a square (the Chess Programming Wiki's \"Square Attacked By\")",
        description: "Every square of the 1,000 middlegame positions: all attackers of both \
                  sides (super-piece), and the yes/no test for the side not to move, as one \
                  branch-free union or returning at the first attacker with the slider-line \
                  precheck; then, for each piece of the side to move in 100 positions and \
                  each square, attacked-by-piece-on-square by the 0x88 table or by the \
                  attack lookup.",
        unit: "call",
        expected_secs: [5.0, 3.0],
    },
    Experiment {
        bench_target: "square_attacks",
        group: "legality",
        title: "Legality of a move from elsewhere",
        description: "Every pseudo-legal move of the 1,000 middlegame positions, legal or not: \
                  `chessbits_movegen::is_legal` (no move list) against generating all legal moves and \
                  searching the list.",
        unit: "move",
        expected_secs: [2.0, 1.0],
    },
    Experiment {
        bench_target: "square_attacks",
        group: "see",
        title: "Static exchange evaluation",
        description: "Every legal capture of the 1,000 middlegame positions: `chessbits_movegen::see` \
                  (the swap algorithm over attackers-to, x-rays revealed as pieces leave), \
                  `chessbits_movegen::see_exact` (a search of every capture order) and \
                  `chessbits_movegen::see_ge(m, 0)`, which stops as soon as the answer is settled.",
        unit: "call",
        expected_secs: [3.0, 2.0],
    },
    Experiment {
        bench_target: "square_attacks",
        group: "gives-check",
        title: "Gives check, without playing the move",
        description: "Every legal move of the 1,000 middlegame positions: \
                  `chessbits_movegen::gives_check` against make, `is_check`, unmake.",
        unit: "move",
        expected_secs: [2.0, 1.0],
    },
    Experiment {
        bench_target: "syzygy",
        group: "syzygy",
        title: "Syzygy tablebase probes, against shakmaty-syzygy and python-chess",
        description: "WDL and DTZ of 4,096 seeded random legal positions of every 3- and \
                  4-piece material of the shared data set's tables (`CHESSBITS_DATA`), the \
                  same files for every side; each answer checked equal first. Skipped when \
                  `CHESSBITS_DATA` is not set.",
        unit: "probe",
        // With python-chess's rounds (about 2 s each, after 2 s of checks), when installed.
        expected_secs: [13.0, 10.0],
    },
];

/// Why an experiment cannot run here, if it cannot: the Syzygy probes need the tables of
/// the shared data set, which `CHESSBITS_DATA` names.
pub(crate) fn skipped(e: &Experiment) -> Option<&'static str> {
    (e.bench_target == "syzygy" && std::env::var_os("CHESSBITS_DATA").is_none())
        .then_some("CHESSBITS_DATA is not set (the tables are in the shared data set)")
}

/// Criterion's settings for every group that does not set its own: warm-up and measurement
/// seconds per benchmark, and bootstrap resamples for the confidence intervals.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Timing {
    warm_up: &'static str,
    measurement: &'static str,
    resamples: &'static str,
}

/// A full run: about 1 s per benchmark with the analysis, so that the ~160 benchmarks and
/// the PGN scale figures take under 5 minutes on 2 cores after the build (perft and the
/// processes of `pgn_fens` take longer: their groups take 10 samples of iterations of 0.1
/// to 3 s), and a fresh clone's run about 10 minutes in all, as the issue asks. 0.6 s of
/// measurement still gives criterion its 100 samples; the tables report each figure's 95%
/// interval, so a wider spread shows.
/// 10,000 bootstrap resamples (a tenth of criterion's default: the analysis takes about
/// 0.2 s per benchmark here instead of 0.7 s) place the ends of a 95% interval to within
/// about 1% of its width.
pub(crate) const FULL: Timing = Timing {
    warm_up: "0.15",
    measurement: "0.6",
    resamples: "10000",
};

/// `--quick`: a smoke run of a few minutes; figures are rough.
pub(crate) const QUICK: Timing = Timing {
    warm_up: "0.1",
    measurement: "0.3",
    resamples: "2000",
};

impl Timing {
    pub(crate) fn args(self) -> [&'static str; 6] {
        [
            "--warm-up-time",
            self.warm_up,
            "--measurement-time",
            self.measurement,
            "--nresamples",
            self.resamples,
        ]
    }
}

/// The progress key and expected seconds (full, quick) of the PGN scale figures, which run
/// after the criterion experiments when the shared data set is there.
pub(crate) const PGN_SCALE: (&str, [f64; 2]) = ("pgn-scale", [60.0, 40.0]);

/// The bench target that times perft interleaved in one process (not a criterion group:
/// it prints its own table), with its expected seconds (full, quick).
pub(crate) const INTERLEAVED: (&str, [f64; 2]) = ("perft_interleaved", [25.0, 17.0]);

/// The progress key and expected seconds (full, quick) of perft against its peers as
/// whole processes ([`crate::perft_scale`]).
pub(crate) const PERFT_SCALE: (&str, [f64; 2]) = ("perft-processes", [45.0, 18.0]);

/// Seconds expected of a group that [`EXPERIMENTS`] does not list.
const UNLISTED_SECS: f64 = 20.0;

/// The bench target of the groups `methods_report` reads.
pub(crate) fn methods_target() -> &'static str {
    EXPERIMENTS
        .iter()
        .find(|e| e.group == crate::methods_report::PERFT)
        .map_or("", |e| e.bench_target)
}

/// The experiment of `group`: its entry in [`EXPERIMENTS`], or a plain one for a group the
/// list does not name.
pub(crate) fn lookup(target: &str, group: &str) -> Experiment {
    if let Some(e) = EXPERIMENTS.iter().find(|e| e.group == group) {
        return *e;
    }
    // Leaked: a few bytes per unlisted group, for the life of this short process.
    let group: &'static str = Box::leak(group.to_owned().into_boxed_str());
    let target: &'static str = Box::leak(target.to_owned().into_boxed_str());
    Experiment {
        bench_target: target,
        group,
        title: group,
        description: "(A criterion group that `xtask/src/experiments.rs` does not describe yet.)",
        unit: "element",
        expected_secs: [UNLISTED_SECS; 2],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_experiment_is_listed_once_with_its_expected_time() {
        for (i, e) in EXPERIMENTS.iter().enumerate() {
            assert!(
                EXPERIMENTS[..i].iter().all(|f| f.group != e.group),
                "{} listed twice",
                e.group
            );
            assert!(e.expected_secs.iter().all(|s| *s > 0.0), "{}", e.group);
        }
        // The bench targets are run one after the other: each one's groups are together.
        let mut targets: Vec<&str> = EXPERIMENTS.iter().map(|e| e.bench_target).collect();
        targets.dedup();
        let mut unique = targets.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(targets.len(), unique.len(), "{targets:?}");
    }

    #[test]
    fn unlisted_groups_get_a_plain_table() {
        let e = lookup("pgn", "pgn_new_group");
        assert_eq!(
            (e.bench_target, e.group, e.title),
            ("pgn", "pgn_new_group", "pgn_new_group")
        );
        assert_eq!(lookup("perft", "perft-full").title, EXPERIMENTS[2].title);
    }
}
