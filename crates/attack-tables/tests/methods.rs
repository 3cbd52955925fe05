//! One suite, every sliding-attack method: each equals [`Classical`] (the reference ray walk)
//! on every square and every subset of the square's relevant mask (102,400 rook and 5,248
//! bishop occupancies), with and without the slider's own square and with noise outside the
//! mask, through both the plain and the kept-occupancy entry points; and on random full
//! boards for the queen.
//!
//! The methods come from the registry (`chessbits_attack_tables::for_each_method`); a test below fails
//! when a type implementing `SlidingAttacks` is missing from it.

#![allow(clippy::unwrap_used)]

mod common;

use chessbits_attack_tables::{
    magic, Classical, DirectDense, Hyperbola, KoggeStone, Magic, MethodVisitor, OccupancyState,
    Perfect, PerfectDirect, PerfectMinimal, Rotated, SlidingAttacks, METHODS,
};
use chessbits_bitboard_core::{Bitboard, Square};
use common::Rng;

/// What one method's check covered.
#[derive(Debug, Default, PartialEq, Eq)]
struct Checked {
    rook_subsets: usize,
    bishop_subsets: usize,
    random_boards: usize,
}

fn check<S: SlidingAttacks>() -> Checked {
    let mut checked = Checked::default();
    let mut rng = Rng(0x5eed_0fa1_15ee_d5ed);
    for sq in Square::ALL {
        for (is_rook, mask) in [
            (true, magic::rook_entry(sq).mask()),
            (false, magic::bishop_entry(sq).mask()),
        ] {
            for occ in mask.subsets() {
                let expected = if is_rook {
                    Classical::rook(sq, occ)
                } else {
                    Classical::bishop(sq, occ)
                };
                // Noise: the slider's own square, and pieces outside the mask (edges and other
                // lines), which must not change anything.
                let noise = Bitboard(rng.next_u64() & rng.next_u64()) - mask;
                for occupied in [occ, occ.with(sq), occ | noise] {
                    let kept = S::Occupancy::new(occupied);
                    let (plain, in_kept) = if is_rook {
                        (S::rook(sq, occupied), S::rook_in(sq, &kept))
                    } else {
                        (S::bishop(sq, occupied), S::bishop_in(sq, &kept))
                    };
                    let what = if is_rook { "rook" } else { "bishop" };
                    assert_eq!(plain, expected, "{} {what} {sq} {occupied:?}", S::NAME);
                    assert_eq!(in_kept, expected, "{} {what}_in {sq} {occupied:?}", S::NAME);
                }
                if is_rook {
                    checked.rook_subsets += 1;
                } else {
                    checked.bishop_subsets += 1;
                }
            }
        }
        for _ in 0..200 {
            let occupied = Bitboard(rng.next_u64() & (rng.next_u64() | rng.next_u64()));
            let expected = Classical::queen(sq, occupied);
            assert_eq!(S::queen(sq, occupied), expected, "{} queen {sq}", S::NAME);
            let kept = S::Occupancy::new(occupied);
            assert_eq!(
                S::queen_in(sq, &kept),
                expected,
                "{} queen_in {sq}",
                S::NAME
            );
            assert_eq!(kept.bitboard(), occupied);
            checked.random_boards += 1;
        }
    }
    checked
}

/// Runs [`check`] for each method the registry hands over.
#[derive(Default)]
struct CheckAll {
    names: Vec<&'static str>,
}

impl MethodVisitor for CheckAll {
    fn visit<S: SlidingAttacks>(&mut self) {
        let checked = check::<S>();
        println!("{}: {checked:?}", S::NAME);
        assert_eq!(
            checked,
            Checked {
                rook_subsets: 102_400,
                bishop_subsets: 5_248,
                random_boards: 64 * 200,
            },
            "{}",
            S::NAME
        );
        self.names.push(S::NAME);
    }
}

#[test]
fn every_method_equals_classical_on_every_subset() {
    let mut all = CheckAll::default();
    chessbits_attack_tables::for_each_method(&mut all);
    // Every method this build has was checked, under its registry name, once.
    let available: Vec<&str> = METHODS
        .iter()
        .filter(|m| m.is_available())
        .map(|m| m.name)
        .collect();
    assert_eq!(all.names, available);
    let mut unique = all.names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), all.names.len(), "{:?}", all.names);
    assert!(all.names.len() >= 9, "{:?}", all.names);
}

/// Every type that implements `SlidingAttacks` in this crate's source is in the registry:
/// a method someone forgets to list would be silently unproven.
#[test]
fn every_implementation_is_in_the_registry() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut implemented = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text.lines() {
                if let Some(rest) = line.trim().strip_prefix("impl SlidingAttacks for ") {
                    let ty: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    implemented.push(ty);
                }
            }
        }
    }
    implemented.sort();
    let mut registered: Vec<String> = METHODS.iter().map(|m| m.type_name.to_string()).collect();
    registered.sort();
    assert_eq!(implemented, registered);
    assert!(implemented.len() >= 11, "{implemented:?}");
}

/// Every method says how many bytes of tables it reads; the table-free ones say 0 or a
/// few masks, the table ones at least their attack sets.
#[test]
fn table_sizes() {
    assert_eq!(Classical::table_bytes(), 0);
    assert_eq!(KoggeStone::table_bytes(), 0);
    assert_eq!(Magic::table_bytes(), 864_256);
    assert_eq!(Hyperbola::table_bytes(), 64 * 32 + 256);
    assert_eq!(Rotated::table_bytes(), 4 * 64 * 256 * 8 + 2 * 3 * 64);
    assert!(DirectDense::table_bytes() > 16 * (2 * 64 * 128 + 2 * 560));
    // Shared by the three: the first-rank table (8 x 256 bytes) and two 64-entry diagonal
    // descriptors (32 bytes each).
    let shared = 8 * 256 + 2 * 64 * 32;
    let vector_attacks = 3 * 8 * 256 * 8;
    // h1 mod 258 and mod 514, h2 mod 257: one byte per slot.
    assert_eq!(
        Perfect::table_bytes(),
        shared + vector_attacks + 258 + 514 + 257
    );
    // The minimal hashes need exactly 2^n slots for a line of n squares (n = 1..8 for the
    // diagonals, 8 for the files).
    assert_eq!(
        PerfectMinimal::table_bytes(),
        shared + vector_attacks + 256 + 2 * 510
    );
    assert_eq!(
        PerfectDirect::table_bytes(),
        shared + 8 * (258 + 514 + 257) * 8
    );
    #[cfg(feature = "std")]
    assert!(chessbits_attack_tables::Direct::table_bytes() > DirectDense::table_bytes() / 2);
    #[cfg(has_pext)]
    assert_eq!(
        chessbits_attack_tables::Pext::table_bytes(),
        (102_400 + 5_248) * 8 + 2 * 64 * 16
    );
}
