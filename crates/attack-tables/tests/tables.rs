//! Every non-sliding table equals `chessbits_bitboard_core::reference` on every square (and every pair
//! or triple of squares for between, line and aligned).

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{reference, Bitboard, Color, Direction, Piece, Role, Square};

#[test]
fn knight_king_pawn_equal_reference_on_every_square() {
    let mut checked = 0;
    for sq in Square::ALL {
        assert_eq!(
            at::knight_attacks(sq),
            reference::knight_attacks(sq),
            "knight {sq}"
        );
        assert_eq!(
            at::king_attacks(sq),
            reference::king_attacks(sq),
            "king {sq}"
        );
        for color in Color::ALL {
            assert_eq!(
                at::pawn_attacks(color, sq),
                reference::pawn_attacks(color, sq),
                "{color:?} pawn {sq}"
            );
            checked += 1;
        }
        checked += 2;
    }
    assert_eq!(checked, 64 * 4);
    // Spot checks that do not go through the reference at all.
    assert_eq!(at::knight_attacks(Square::D4).count(), 8);
    assert_eq!(at::king_attacks(Square::H8).count(), 3);
    assert_eq!(
        at::pawn_attacks(Color::Black, Square::E5),
        Bitboard::from_square(Square::D4) | Square::F4
    );
}

#[test]
fn rays_equal_reference_in_every_direction() {
    let mut checked = 0;
    for sq in Square::ALL {
        for dir in Direction::ALL {
            assert_eq!(at::ray(sq, dir), reference::ray(sq, dir), "{sq} {dir:?}");
            checked += 1;
        }
        // The eight rays partition the queen's empty-board attacks.
        let union = Direction::ALL
            .iter()
            .fold(Bitboard::EMPTY, |acc, &d| acc | at::ray(sq, d));
        assert_eq!(union, reference::queen_attacks(sq, Bitboard::EMPTY));
    }
    assert_eq!(checked, 512);
    assert_eq!(
        at::ray(Square::A1, Direction::North),
        Bitboard::file(chessbits_bitboard_core::File::A) - Square::A1
    );
}

#[test]
fn between_and_line_equal_reference_on_all_4096_pairs() {
    let mut pairs = 0;
    let mut aligned_pairs = 0;
    for a in Square::ALL {
        for b in Square::ALL {
            assert_eq!(
                at::between(a, b),
                reference::between(a, b),
                "between {a} {b}"
            );
            assert_eq!(at::line(a, b), reference::line(a, b), "line {a} {b}");
            if at::line(a, b).any() {
                aligned_pairs += 1;
                assert!(at::between(a, b).is_subset(at::line(a, b)));
            }
            pairs += 1;
        }
    }
    assert_eq!(pairs, 4096);
    // Each square sees 14 rook squares and a varying number of bishop squares; summed over
    // the board that is 64 * 14 + 560 = 1456 ordered aligned pairs.
    assert_eq!(aligned_pairs, 64 * 14 + 560);
}

#[test]
fn aligned_on_all_triples() {
    let mut true_count = 0u32;
    for a in Square::ALL {
        for b in Square::ALL {
            let line = reference::line(a, b);
            for c in Square::ALL {
                let expected = line.contains(c);
                assert_eq!(at::aligned(a, b, c), expected, "aligned {a} {b} {c}");
                true_count += u32::from(expected);
            }
        }
    }
    // Sum over aligned ordered pairs (a, b) of the length of their line: 896 rank/file pairs
    // on lines of 8, plus sum of L^2 (L - 1) over the diagonals of length L in both
    // directions (2 * 1736).
    assert_eq!(true_count, 896 * 8 + 2 * 1736);
    assert!(at::aligned(Square::A1, Square::H8, Square::D4));
    assert!(!at::aligned(Square::A1, Square::H8, Square::D5));
    assert!(!at::aligned(Square::A1, Square::A1, Square::A1));
}

#[test]
fn attacks_dispatches_on_every_piece() {
    let occupancies = [
        Bitboard::EMPTY,
        Bitboard::FULL,
        Bitboard::EDGES,
        Bitboard(0x0000_1818_2400_0000),
        Bitboard(0xffff_0000_0000_ffff),
    ];
    let mut checked = 0;
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece { color, role };
            for sq in Square::ALL {
                for &occ in &occupancies {
                    let expected = match role {
                        Role::Pawn => reference::pawn_attacks(color, sq),
                        Role::Knight => reference::knight_attacks(sq),
                        Role::Bishop => reference::bishop_attacks(sq, occ),
                        Role::Rook => reference::rook_attacks(sq, occ),
                        Role::Queen => reference::queen_attacks(sq, occ),
                        Role::King => reference::king_attacks(sq),
                    };
                    assert_eq!(at::attacks(piece, sq, occ), expected, "{piece:?} {sq}");
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 12 * 64 * occupancies.len());
}
