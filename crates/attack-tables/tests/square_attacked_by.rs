//! "Square Attacked By" (Chess Programming Wiki): the four in-between variants and the four line variants
//! agree with the reference on all 4,096 square pairs, and the 0x88 attacked-by-piece table
//! agrees with the attack functions for every piece, square pair and many occupancies.

use chessbits_attack_tables::{inbetween, x88};
use chessbits_bitboard_core::{reference, Bitboard, Color, Piece, Role, Square};

#[test]
fn all_four_between_variants_agree_on_all_pairs() {
    let mut aligned = 0;
    for a in Square::ALL {
        for b in Square::ALL {
            let expected = reference::between(a, b);
            assert_eq!(
                inbetween::between_rectangular(a, b),
                expected,
                "rectangular {a} {b}"
            );
            assert_eq!(
                inbetween::between_triangular(a, b),
                expected,
                "triangular {a} {b}"
            );
            assert_eq!(inbetween::between_x88(a, b), expected, "x88 {a} {b}");
            assert_eq!(
                inbetween::between_calculated(a, b),
                expected,
                "calculated {a} {b}"
            );
            aligned += usize::from(expected.any());
        }
    }
    // Pairs with at least one square between them: a test that saw only empty sets would
    // prove nothing.
    assert_eq!(aligned, 1456 - 420); // aligned ordered pairs, less the 420 adjacent ones
}

#[test]
fn all_four_line_variants_agree_on_all_pairs() {
    let mut aligned = 0;
    for a in Square::ALL {
        for b in Square::ALL {
            let expected = reference::line(a, b);
            assert_eq!(
                inbetween::line_rectangular(a, b),
                expected,
                "rectangular {a} {b}"
            );
            assert_eq!(
                inbetween::line_triangular(a, b),
                expected,
                "triangular {a} {b}"
            );
            assert_eq!(inbetween::line_x88(a, b), expected, "x88 {a} {b}");
            assert_eq!(
                inbetween::line_calculated(a, b),
                expected,
                "calculated {a} {b}"
            );
            aligned += usize::from(expected.any());
        }
    }
    assert_eq!(aligned, 1456); // 64 * 14 orthogonal + 560 diagonal ordered pairs
}

/// xorshift64*.
fn rng(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

#[test]
fn attacked_by_piece_on_square_matches_the_attack_functions() {
    let pieces: Vec<Piece> = [
        Role::Pawn.of(Color::White),
        Role::Pawn.of(Color::Black),
        Role::Knight.of(Color::White),
        Role::Knight.of(Color::Black),
        Role::Bishop.of(Color::White),
        Role::Rook.of(Color::Black),
        Role::Queen.of(Color::White),
        Role::King.of(Color::Black),
    ]
    .into();
    let mut state = 0x1234_5678_9abc_def1;
    let mut attacked = 0u64;
    let mut checks = 0u64;
    for piece in pieces {
        for from in Square::ALL {
            for round in 0..24 {
                // Sparse, medium and dense occupancies; the piece always stands on `from`.
                let r = rng(&mut state);
                let occ = Bitboard(match round % 3 {
                    0 => r & rng(&mut state) & rng(&mut state),
                    1 => r & rng(&mut state),
                    _ => r | rng(&mut state),
                }) | from;
                let expected = chessbits_attack_tables::attacks(piece, from, occ);
                for to in Square::ALL {
                    let got = x88::attacks_square(piece, from, to, occ);
                    assert_eq!(got, expected.contains(to), "{piece:?} {from} {to} {occ:?}");
                    attacked += u64::from(got);
                    checks += 1;
                }
            }
        }
    }
    assert_eq!(checks, 8 * 64 * 24 * 64);
    assert!(attacked > 50_000, "{attacked}");
}
