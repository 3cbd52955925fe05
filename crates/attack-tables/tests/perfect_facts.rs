//! The facts Fenner & Levene 2008 (Fenner & Levene 2008) states about its hash functions, checked on
//! every occupancy: which slots `h1` and `h2` leave unused for the chess lines, and that the
//! minimal variants map onto exactly `0 .. 2^N - 1`.

use chessbits_attack_tables::perfect::{
    h1, h1_minimal, h2, h2_minimal, minimal_constant, spread, ANTI_DIAGONAL_MODULUS,
    DIAGONAL_MODULUS, FILE_MODULUS,
};

/// The slots `hash` maps the `2^n` occupancies of a line to, asserting that no two collide;
/// returns the unused slots below `modulus`.
fn unused_slots(modulus: u64, n: u32, hash: impl Fn(u8) -> u64) -> Vec<u64> {
    let mut used = vec![false; modulus as usize];
    for vector in 0..(1u32 << n) {
        let slot = hash(vector as u8);
        assert!(slot < modulus, "slot {slot} out of range");
        assert!(!used[slot as usize], "two occupancies share slot {slot}");
        used[slot as usize] = true;
    }
    (0..modulus).filter(|&s| !used[s as usize]).collect()
}

#[test]
fn moduli_are_the_papers() {
    assert_eq!(FILE_MODULUS, (1 << 8) + 2);
    assert_eq!(DIAGONAL_MODULUS, (1 << 9) + 2);
    assert_eq!(ANTI_DIAGONAL_MODULUS, (1 << 8) + 1);
    assert_eq!(
        (1..=8).map(minimal_constant).collect::<Vec<_>>(),
        [0, 2, 2, 10, 10, 42, 42, 170]
    );
}

/// Section 3.1: a rook on a file, k = N = 8, h1 mod 258: one-to-one, with a single gap of
/// length 2 at 86 and 87.
#[test]
fn file_h1_mod_258_has_one_gap_at_86_and_87() {
    let unused = unused_slots(258, 8, |v| h1(spread(v, 8, 8), 8));
    assert_eq!(unused, [86, 87]);
}

/// Section 3.2: a bishop on an a1-h8 diagonal, k = 9, N = 8, h1 mod 514: a single gap of
/// length 258, from 86 to 343.
#[test]
fn diagonal_h1_mod_514_has_the_gap_86_to_343() {
    let unused = unused_slots(514, 8, |v| h1(spread(v, 9, 8), 9));
    assert_eq!(unused, (86..=343).collect::<Vec<u64>>());
    assert_eq!(unused.len(), 258);
}

/// Section 3.3: a bishop on an a8-h1 diagonal, k = 7, N = 8, h2 mod 257: only slot 172
/// unused.
#[test]
fn anti_diagonal_h2_mod_257_leaves_only_172_unused() {
    let unused = unused_slots(257, 8, |v| h2(spread(v, 7, 8), 7));
    assert_eq!(unused, [172]);
}

/// Shorter lines (the other diagonals) stay one-to-one under the same moduli, which is what
/// lets one table serve every diagonal.
#[test]
fn shorter_diagonals_stay_one_to_one() {
    for n in 1..=8 {
        unused_slots(514, n, |v| h1(spread(v, 9, n), 9));
        unused_slots(257, n, |v| h2(spread(v, 7, n), 7));
    }
}

/// Section 2.3: the minimal variants map the 2^N occupancies onto exactly 0 .. 2^N - 1:
/// ĥ1 for files (k = 8) and a1-h8 diagonals (k = 9) of every length, ĥ2 for a8-h1
/// diagonals (k = 7) of every length.
#[test]
fn minimal_variants_map_onto_exactly_0_to_2_pow_n_minus_1() {
    for (k, max_n) in [(8, 8), (9, 8)] {
        for n in 1..=max_n {
            let unused = unused_slots(1 << n, n, |v| h1_minimal(spread(v, k, n), k, n));
            assert!(unused.is_empty(), "ĥ1 k={k} n={n}");
        }
    }
    for n in 1..=8 {
        let unused = unused_slots(1 << n, n, |v| h2_minimal(spread(v, 7, n), 7, n));
        assert!(unused.is_empty(), "ĥ2 k=7 n={n}");
    }
}

/// The bounds behind it (equation 8): S(α), the value in base -2, lies in
/// [-2/3 (4^⌊N/2⌋ - 1), 1/3 (4^⌈N/2⌉ - 1)], an interval of exactly 2^N integers.
#[test]
fn base_minus_two_values_fill_the_interval() {
    for n in 1..=8u32 {
        let mut values: Vec<i64> = (0..1u32 << n)
            .map(|v| (0..n).map(|i| i64::from(v >> i & 1) * (-2i64).pow(i)).sum())
            .collect();
        values.sort_unstable();
        let low = -(minimal_constant(n) as i64);
        let high = ((1i64 << (2 * n.div_ceil(2))) - 1) / 3;
        assert_eq!(values, (low..=high).collect::<Vec<i64>>(), "n={n}");
    }
}

/// Each per-line function of the Table 4 comparison, looped or hashed, equals the reference
/// restricted to its line, on every subset of every relevant mask plus the squares outside.
#[test]
fn per_line_functions_equal_the_reference_on_their_line() {
    use chessbits_attack_tables::{magic, perfect as p, Classical, SlidingAttacks};
    use chessbits_bitboard_core::{Bitboard, Square};
    type Line = fn(Square, Bitboard) -> Bitboard;
    let files: [Line; 4] = [
        p::file_by_loop,
        p::file_by_h1,
        p::file_by_h1_minimal,
        p::file_by_h1_direct,
    ];
    let diagonals: [Line; 4] = [
        p::diagonal_by_loop,
        p::diagonal_by_h1,
        p::diagonal_by_h1_minimal,
        p::diagonal_by_h1_direct,
    ];
    let anti_diagonals: [Line; 4] = [
        p::anti_diagonal_by_loop,
        p::anti_diagonal_by_h2,
        p::anti_diagonal_by_h2_minimal,
        p::anti_diagonal_by_h2_direct,
    ];
    let mut checked = 0;
    for sq in Square::ALL {
        for occ in magic::rook_entry(sq).mask().subsets() {
            for occ in [occ, !occ] {
                let rook = Classical::rook(sq, occ);
                for f in files {
                    assert_eq!(f(sq, occ), rook & Bitboard::file(sq.file()), "{sq}");
                }
                assert_eq!(p::rank_by_shift(sq, occ), rook & Bitboard::rank(sq.rank()));
                checked += 1;
            }
        }
        for occ in magic::bishop_entry(sq).mask().subsets() {
            for occ in [occ, !occ] {
                let bishop = Classical::bishop(sq, occ);
                for f in diagonals {
                    assert_eq!(f(sq, occ), bishop & Bitboard::diagonal(sq), "{sq}");
                }
                for f in anti_diagonals {
                    assert_eq!(f(sq, occ), bishop & Bitboard::anti_diagonal(sq), "{sq}");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * (102_400 + 5_248));
}
