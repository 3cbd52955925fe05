//! `cargo xtask gen-tables`: the seeded magic-number search behind
//! `crates/attack-tables/src/magics.rs`.
//!
//! For every square and slider, the search draws sparse random candidates (the AND of three
//! splitmix64 draws, so about 8 of 64 bits are set) from one generator with a fixed seed,
//! and keeps the first candidate that maps every subset of the relevant-occupancy mask to an
//! index in `0..2^popcount(mask)` without a destructive collision (two occupancies with
//! different attack sets sharing an index). The shift is always `64 - popcount(mask)`, so the
//! tables have the classic "fancy magic" sizes: 102,400 rook and 5,248 bishop entries.
//!
//! The output is deterministic: the same seed gives the same file on every machine, which is
//! what `--check` (and the `magics_file_is_fresh` test) relies on. `attack-tables/build.rs`
//! re-verifies every magic while it expands the tables, so a hand-edited bad magic breaks the
//! build rather than a game.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use chessbits_bitboard_core::{reference, Bitboard, Direction, Square};

use crate::Error;

/// Seed of the splitmix64 generator used by the search.
pub(crate) const SEED: u64 = 0x5eed_c0de_b17b_0a4d;

/// Path of the generated file, relative to the workspace root.
pub(crate) const MAGICS_PATH: &str = "crates/attack-tables/src/magics.rs";

/// Runs the task: write the file, or with `check` compare it with the committed one.
pub(crate) fn run(check: bool) -> Result<(), Error> {
    let start = Instant::now();
    let magics = search(SEED);
    let text = render(&magics);
    let path: PathBuf = crate::workspace_root().join(MAGICS_PATH);
    if check {
        let committed = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if committed != text {
            return Err(format!(
                "{MAGICS_PATH} is stale: it differs from the output of the seeded search \
                 (seed {SEED:#x}); run `cargo xtask gen-tables` and commit the result"
            )
            .into());
        }
        println!(
            "{MAGICS_PATH} is up to date ({} rook and {} bishop tries, {:.2?})",
            magics.rook_tries,
            magics.bishop_tries,
            start.elapsed()
        );
    } else {
        std::fs::write(&path, &text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!(
            "wrote {MAGICS_PATH}: 64 rook and 64 bishop magics, seed {SEED:#x}, \
             {} rook and {} bishop candidates tried, {:.2?}",
            magics.rook_tries,
            magics.bishop_tries,
            start.elapsed()
        );
    }
    Ok(())
}

/// The splitmix64 generator (Steele, Lea and Flood), written out so the search needs no crate.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    pub(crate) fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A candidate with few bits set, which makes a good magic far more likely.
    fn sparse(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }
}

/// Which slider a magic is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Slider {
    Rook,
    Bishop,
}

impl Slider {
    fn directions(self) -> &'static [Direction; 4] {
        match self {
            Slider::Rook => &Direction::ORTHOGONAL,
            Slider::Bishop => &Direction::DIAGONAL,
        }
    }

    /// The relevant-occupancy mask (the same function build.rs uses).
    pub(crate) fn mask(self, sq: Square) -> Bitboard {
        reference::relevant_mask(sq, self.directions())
    }

    fn attacks(self, sq: Square, occupied: Bitboard) -> Bitboard {
        reference::sliding_attacks(sq, occupied, self.directions())
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Magics {
    pub(crate) rook: [u64; 64],
    pub(crate) bishop: [u64; 64],
    pub(crate) rook_tries: u64,
    pub(crate) bishop_tries: u64,
}

/// Finds magics for all 64 rook squares, then all 64 bishop squares, from one generator.
pub(crate) fn search(seed: u64) -> Magics {
    let mut rng = SplitMix64::new(seed);
    let mut scratch = Scratch::default();
    let mut magics = Magics {
        rook: [0; 64],
        bishop: [0; 64],
        rook_tries: 0,
        bishop_tries: 0,
    };
    for sq in Square::ALL {
        let (magic, tries) = find_magic(Slider::Rook, sq, &mut rng, &mut scratch);
        magics.rook[sq.index()] = magic;
        magics.rook_tries += tries;
    }
    for sq in Square::ALL {
        let (magic, tries) = find_magic(Slider::Bishop, sq, &mut rng, &mut scratch);
        magics.bishop[sq.index()] = magic;
        magics.bishop_tries += tries;
    }
    magics
}

/// Buffers reused across squares and candidates. `epoch[i]` tells which candidate last wrote
/// `table[i]`, so a new candidate starts with an empty table without clearing it.
#[derive(Default)]
struct Scratch {
    occupancies: Vec<u64>,
    attacks: Vec<u64>,
    table: Vec<u64>,
    epoch: Vec<u32>,
    current: u32,
}

/// Draws candidates until one is a magic for `slider` on `sq`; returns it and the number of
/// candidates drawn.
fn find_magic(slider: Slider, sq: Square, rng: &mut SplitMix64, s: &mut Scratch) -> (u64, u64) {
    let mask = slider.mask(sq);
    let bits = mask.count();
    let shift = 64 - bits;
    s.occupancies.clear();
    s.attacks.clear();
    for occ in mask.subsets() {
        s.occupancies.push(occ.0);
        s.attacks.push(slider.attacks(sq, occ).0);
    }
    let size = 1usize << bits;
    s.table.clear();
    s.table.resize(size, 0);
    s.epoch.clear();
    s.epoch.resize(size, 0);
    s.current = 0;
    let mut tries = 0u64;
    loop {
        let magic = rng.sparse();
        tries += 1;
        // Quick reject: the top byte of mask * magic should hold enough bits to spread
        // the occupancies over the index range.
        if (mask.0.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        s.current += 1;
        let mut ok = true;
        for (&occ, &att) in s.occupancies.iter().zip(&s.attacks) {
            // `shift` is at least 52, so the index is below 2^12 and fits the table.
            let idx = (occ.wrapping_mul(magic) >> shift) as usize;
            if s.epoch[idx] != s.current {
                s.epoch[idx] = s.current;
                s.table[idx] = att;
            } else if s.table[idx] != att {
                ok = false;
                break;
            }
        }
        if ok {
            return (magic, tries);
        }
    }
}

/// Renders the generated file, already in rustfmt style.
pub(crate) fn render(magics: &Magics) -> String {
    let mut out = String::new();
    out.push_str(
        "// Generated by `cargo xtask gen-tables`; do not edit.\n\
         //\n",
    );
    let _ = writeln!(
        out,
        "// Seed {SEED:#x}: one splitmix64 generator, rook a1..h8 then bishop a1..h8; each\n\
         // candidate is the AND of three draws, and the first one that maps every subset of the\n\
         // square's relevant-occupancy mask without a destructive collision is kept.\n\
         // Index = ((occupied & mask) * magic) >> (64 - popcount(mask)). `build.rs` of\n\
         // `attack-tables` includes this file and re-checks every magic while it builds the tables."
    );
    out.push('\n');
    out.push_str("/// Seed of the splitmix64 generator that found these magics.\n");
    let _ = writeln!(out, "pub const SEED: u64 = {};", hex(SEED));
    for (name, slider, values) in [
        ("ROOK_MAGICS", "Rook", &magics.rook),
        ("BISHOP_MAGICS", "Bishop", &magics.bishop),
    ] {
        out.push('\n');
        let _ = writeln!(
            out,
            "/// {slider} magic multipliers by square (a1 = 0, h8 = 63)."
        );
        let _ = writeln!(out, "pub const {name}: [u64; 64] = [");
        for sq in Square::ALL {
            let _ = writeln!(out, "    {}, // {sq}", hex(values[sq.index()]));
        }
        out.push_str("];\n");
    }
    out
}

/// `0x0123_4567_89ab_cdef`: 16 hex digits in groups of four.
fn hex(value: u64) -> String {
    let digits = format!("{value:016x}");
    let groups: Vec<&str> = (0..4).map(|i| &digits[4 * i..4 * i + 4]).collect();
    format!("0x{}", groups.join("_"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stale committed `magics.rs` fails `cargo test --workspace`.
    #[test]
    fn magics_file_is_fresh() {
        if let Err(err) = run(true) {
            panic!("{err}");
        }
    }

    #[test]
    fn magics_have_no_destructive_collisions() {
        let magics = search(SEED);
        for (slider, values) in [
            (Slider::Rook, &magics.rook),
            (Slider::Bishop, &magics.bishop),
        ] {
            let mut total = 0usize;
            for sq in Square::ALL {
                let mask = slider.mask(sq);
                let shift = 64 - mask.count();
                let mut table = vec![None; 1 << mask.count()];
                for occ in mask.subsets() {
                    let idx = (occ.0.wrapping_mul(values[sq.index()]) >> shift) as usize;
                    let att = slider.attacks(sq, occ);
                    match table[idx] {
                        None => table[idx] = Some(att),
                        Some(prev) => assert_eq!(prev, att, "{slider:?} {sq} index {idx}"),
                    }
                }
                total += table.len();
            }
            let expected = match slider {
                Slider::Rook => 102_400,
                Slider::Bishop => 5_248,
            };
            assert_eq!(total, expected);
        }
    }

    #[test]
    fn masks_have_the_classic_sizes() {
        assert_eq!(Slider::Rook.mask(Square::A1).count(), 12);
        assert_eq!(Slider::Rook.mask(Square::E4).count(), 10);
        assert_eq!(Slider::Bishop.mask(Square::A1).count(), 6);
        assert_eq!(Slider::Bishop.mask(Square::E4).count(), 9);
        assert!(!Slider::Rook.mask(Square::A1).contains(Square::A8));
        assert!(Slider::Rook.mask(Square::A1).contains(Square::A7));
    }

    #[test]
    fn hex_groups_digits() {
        assert_eq!(hex(0x0123_4567_89ab_cdef), "0x0123_4567_89ab_cdef");
        assert_eq!(hex(1), "0x0000_0000_0000_0001");
    }

    #[test]
    fn render_is_rustfmt_clean() {
        use std::io::Write as _;
        use std::process::{Command, Stdio};
        let text = render(&search(SEED));
        let child = Command::new("rustfmt")
            .args(["--edition", "2021", "--emit", "stdout", "--quiet"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn();
        let Ok(mut child) = child else {
            eprintln!("rustfmt not found; skipping the formatting check");
            return;
        };
        child
            .stdin
            .take()
            .expect("stdin is piped")
            .write_all(text.as_bytes())
            .expect("rustfmt reads its input");
        let output = child.wait_with_output().expect("rustfmt runs");
        assert!(output.status.success(), "rustfmt failed");
        assert_eq!(String::from_utf8_lossy(&output.stdout), text);
    }
}
