//! Rotated bitboards kept incrementally: any sequence of toggles leaves the same four boards
//! as building them from scratch, and the kept boards answer like the reference.

use chessbits_attack_tables::rotated::RotatedOccupancy;
use chessbits_attack_tables::{Classical, OccupancyState, Rotated, SlidingAttacks};
use chessbits_bitboard_core::{Bitboard, Square};

#[test]
fn toggles_and_updates_equal_building_from_scratch() {
    let mut seed = 0x0dd_ba11_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut occupied = Bitboard(0xffff_0000_0000_ffff);
    let mut kept = RotatedOccupancy::new(occupied);
    for step in 0..20_000 {
        // A random "move": a piece leaves one square and lands on another.
        let from = Square::new_masked(next() as u32);
        let to = Square::new_masked(next() as u32);
        let before = occupied;
        occupied = (occupied - from).with(to);
        if step % 2 == 0 {
            kept.update(before, occupied);
        } else {
            for sq in before ^ occupied {
                kept.toggle(sq);
            }
        }
        assert_eq!(kept, RotatedOccupancy::new(occupied), "step {step}");
        let sq = Square::new_masked(next() as u32);
        assert_eq!(
            Rotated::queen_in(sq, &kept),
            Classical::queen(sq, occupied),
            "step {step}"
        );
    }
}

#[test]
fn rotated_boards_hold_one_bit_per_square() {
    let full = RotatedOccupancy::new(Bitboard::FULL);
    assert_eq!(full.files(), u64::MAX);
    assert_eq!(full.diagonals(), u64::MAX);
    assert_eq!(full.anti_diagonals(), u64::MAX);
    for sq in Square::ALL {
        let one = RotatedOccupancy::new(Bitboard::from_square(sq));
        assert_eq!(one.files().count_ones(), 1);
        assert_eq!(one.diagonals().count_ones(), 1);
        assert_eq!(one.anti_diagonals().count_ones(), 1);
        // Files: square (file, rank) at bit 8 * file + rank.
        assert_eq!(one.files(), 1 << (8 * (sq as u32 & 7) + (sq as u32 >> 3)));
    }
}
