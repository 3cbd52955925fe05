//! `chessbits perft --epd FILE`: run a perft suite and report each count that disagrees.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use chessbits_attack_tables::SlidingAttacks;
use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{
    parse_suite, CastlingMode, Position, PositionError, Setup, Validation, Variant,
};

/// A suite's position: standard (perft with the method `S`) or of a variant.
enum SuitePosition {
    Standard(Position),
    Variant(VariantPosition),
}

impl SuitePosition {
    fn perft<S: SlidingAttacks>(&self, depth: u32) -> u64 {
        match self {
            SuitePosition::Standard(pos) => chessbits_movegen::perft_with::<S>(pos, depth),
            SuitePosition::Variant(pos) => pos.perft(depth),
        }
    }

    fn fen(&self) -> String {
        match self {
            SuitePosition::Standard(pos) => pos.fen(),
            SuitePosition::Variant(pos) => pos.fen(),
        }
    }
}

/// What `perft --epd` was asked.
pub(crate) struct SuiteOptions {
    pub(crate) file: PathBuf,
    /// Skip (position, depth) pairs whose expected count is above this.
    pub(crate) max_nodes: Option<u64>,
    /// Skip depths above this.
    pub(crate) max_depth: Option<u32>,
    /// Read every FEN as Chess960.
    pub(crate) chess960: bool,
    /// Play the positions as this variant (not standard chess).
    pub(crate) variant: Option<Variant>,
}

/// Runs the suite with slider attacks from the method `--method` names; the exit status
/// lands in `status`.
pub(crate) struct SuiteRun {
    pub(crate) opts: SuiteOptions,
    pub(crate) status: ExitCode,
}

impl chessbits_attack_tables::MethodVisitor for SuiteRun {
    fn visit<S: SlidingAttacks>(&mut self) {
        self.status = run::<S>(&self.opts);
    }
}

fn position(setup: &Setup, opts: &SuiteOptions) -> Result<SuitePosition, String> {
    // The suites hold positions that cannot arise in a game (impossible checkers, too many
    // pieces); their counts are still defined, so only what perft needs is validated.
    // Chess960 where a castling right needs it (Shredder-FEN letters, rooks off the corners).
    let mode = CastlingMode::for_setup(setup, opts.chess960);
    match opts.variant {
        Some(variant) => VariantPosition::from_setup(variant, setup, mode)
            .map(SuitePosition::Variant)
            .map_err(|e| e.to_string()),
        None => Position::from_setup_with(setup, mode, Validation::Playable)
            .map(SuitePosition::Standard)
            .map_err(|e: PositionError| e.to_string()),
    }
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn run<S: SlidingAttacks>(opts: &SuiteOptions) -> ExitCode {
    let bytes = match read(&opts.file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let name = opts.file.display();
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let (mut positions, mut checks, mut skipped, mut wrong, mut unreadable) = (0, 0, 0, 0, 0);
    let mut nodes = 0u64;
    for entry in parse_suite(&bytes) {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                unreadable += 1;
                let _ = writeln!(out, "{name}: {e}");
                continue;
            }
        };
        let pos = match position(&entry.epd.setup, opts) {
            Ok(pos) => pos,
            Err(e) => {
                unreadable += 1;
                let _ = writeln!(out, "{name}:{}: {e}", entry.line);
                continue;
            }
        };
        let counts = entry.epd.perft_counts();
        if counts.is_empty() {
            unreadable += 1;
            let _ = writeln!(out, "{name}:{}: no D<depth> counts", entry.line);
            continue;
        }
        positions += 1;
        for (depth, expected) in counts {
            let too_deep = opts.max_depth.is_some_and(|d| depth > d);
            let too_big = opts.max_nodes.is_some_and(|n| expected > n);
            if too_deep || too_big {
                skipped += 1;
                continue;
            }
            if depth > chessbits_movegen::MAX_PERFT_DEPTH {
                unreadable += 1;
                let _ = writeln!(
                    out,
                    "{name}:{}: depth {depth} is beyond the deepest perft, {}",
                    entry.line,
                    chessbits_movegen::MAX_PERFT_DEPTH
                );
                continue;
            }
            let got = pos.perft::<S>(depth);
            nodes = nodes.saturating_add(got);
            checks += 1;
            if got != expected {
                wrong += 1;
                let _ = writeln!(
                    out,
                    "{name}:{}: {} depth {depth}: expected {expected}, got {got}",
                    entry.line,
                    pos.fen()
                );
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let _ = writeln!(
        out,
        "{positions} positions, {checks} counts checked, {wrong} wrong, {skipped} skipped \
         (--max-nodes/--max-depth), {unreadable} unreadable; {nodes} nodes in {secs:.2} s \
         ({})",
        match opts.variant {
            Some(v) => format!("{v} rules"),
            None => format!("{} method", S::NAME),
        }
    );
    if wrong == 0 && unreadable == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
