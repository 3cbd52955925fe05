//! The magic tables equal `chessbits_bitboard_core::reference` on every square and on every subset of
//! every relevant mask (all 102,400 rook and 5,248 bishop occupancies), and on random
//! full-board occupancies, so squares outside the mask provably do not matter.

mod common;

use chessbits_attack_tables::magic::{self, MagicEntry};
use chessbits_attack_tables::{Classical, Magic, SlidingAttacks};
use chessbits_bitboard_core::{reference, Bitboard, File, Rank, Square};
use common::Rng;

#[derive(Copy, Clone, Debug)]
enum Slider {
    Rook,
    Bishop,
}

impl Slider {
    fn entry(self, sq: Square) -> &'static MagicEntry {
        match self {
            Slider::Rook => magic::rook_entry(sq),
            Slider::Bishop => magic::bishop_entry(sq),
        }
    }
    fn table(self) -> &'static [u64] {
        match self {
            Slider::Rook => magic::rook_table(),
            Slider::Bishop => magic::bishop_table(),
        }
    }
    fn magic_numbers(self) -> &'static [u64; 64] {
        match self {
            Slider::Rook => &magic::ROOK_MAGICS,
            Slider::Bishop => &magic::BISHOP_MAGICS,
        }
    }
    fn lookup(self, sq: Square, occ: Bitboard) -> Bitboard {
        match self {
            Slider::Rook => chessbits_attack_tables::rook_attacks(sq, occ),
            Slider::Bishop => chessbits_attack_tables::bishop_attacks(sq, occ),
        }
    }
    fn reference(self, sq: Square, occ: Bitboard) -> Bitboard {
        match self {
            Slider::Rook => reference::rook_attacks(sq, occ),
            Slider::Bishop => reference::bishop_attacks(sq, occ),
        }
    }
    /// The relevant mask by a different formula from build.rs: the lines through `sq`
    /// without the board edges that lie across them.
    fn expected_mask(self, sq: Square) -> Bitboard {
        let edges_across_file = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
        let edges_across_rank = Bitboard::file(File::A) | Bitboard::file(File::H);
        match self {
            Slider::Rook => {
                ((Bitboard::file(sq.file()) - edges_across_file)
                    | (Bitboard::rank(sq.rank()) - edges_across_rank))
                    - sq
            }
            Slider::Bishop => {
                (Bitboard::diagonal(sq) | Bitboard::anti_diagonal(sq)) - Bitboard::EDGES - sq
            }
        }
    }
    fn table_size(self) -> usize {
        match self {
            Slider::Rook => magic::ROOK_TABLE_SIZE,
            Slider::Bishop => magic::BISHOP_TABLE_SIZE,
        }
    }
}

#[test]
fn entries_are_consistent() {
    for slider in [Slider::Rook, Slider::Bishop] {
        let mut next_offset = 0;
        for sq in Square::ALL {
            let e = slider.entry(sq);
            assert_eq!(e.mask(), slider.expected_mask(sq), "{slider:?} mask {sq}");
            assert_eq!(e.shift(), 64 - e.mask().count(), "{slider:?} shift {sq}");
            assert_eq!(e.magic(), slider.magic_numbers()[sq.index()]);
            assert_eq!(e.offset(), next_offset, "{slider:?} offset {sq}");
            next_offset += 1 << e.mask().count();
        }
        assert_eq!(next_offset, slider.table_size());
        assert_eq!(slider.table().len(), slider.table_size());
    }
    assert_eq!(magic::ROOK_TABLE_SIZE, 102_400);
    assert_eq!(magic::BISHOP_TABLE_SIZE, 5_248);
}

/// Every subset of every mask: 102,400 rook and 5,248 bishop occupancies, each compared
/// with the reference. Table slots that no occupancy reaches must be empty.
#[test]
fn every_subset_of_every_mask_equals_reference() {
    for (slider, expected) in [(Slider::Rook, 102_400usize), (Slider::Bishop, 5_248)] {
        let mut visited = 0usize;
        let mut reached = vec![false; slider.table().len()];
        for sq in Square::ALL {
            let e = slider.entry(sq);
            let mut per_square = 0usize;
            for occ in e.mask().subsets() {
                assert_eq!(
                    slider.lookup(sq, occ),
                    slider.reference(sq, occ),
                    "{slider:?} on {sq} with occupancy {occ:#x}"
                );
                let index = e.index(occ);
                assert!(index >= e.offset() && index < e.offset() + (1 << e.mask().count()));
                assert_eq!(Bitboard(slider.table()[index]), slider.reference(sq, occ));
                reached[index] = true;
                per_square += 1;
            }
            assert_eq!(per_square, 1 << e.mask().count(), "{slider:?} {sq}");
            visited += per_square;
        }
        assert_eq!(visited, expected, "{slider:?} subsets");
        for (index, &hit) in reached.iter().enumerate() {
            if !hit {
                assert_eq!(
                    slider.table()[index],
                    0,
                    "{slider:?} unreached slot {index}"
                );
            }
        }
    }
}

/// Random full-board occupancies of several densities: blockers outside the mask (and the
/// slider's own square) must not change the answer.
#[test]
fn random_full_board_occupancies_equal_reference() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut checked = 0u32;
    for sq in Square::ALL {
        for i in 0..400 {
            let occ = match i % 4 {
                0 => rng.next_u64(),
                1 => rng.next_u64() & rng.next_u64(),
                2 => rng.next_u64() | rng.next_u64(),
                _ => rng.next_u64() & rng.next_u64() & rng.next_u64(),
            };
            let occ = Bitboard(occ);
            for slider in [Slider::Rook, Slider::Bishop] {
                let expected = slider.reference(sq, occ);
                assert_eq!(slider.lookup(sq, occ), expected, "{slider:?} {sq} {occ:#x}");
                let inside = occ & slider.entry(sq).mask();
                assert_eq!(slider.lookup(sq, inside), expected);
                assert_eq!(slider.lookup(sq, occ.toggled(sq)), expected);
                checked += 1;
            }
            assert_eq!(
                chessbits_attack_tables::queen_attacks(sq, occ),
                reference::queen_attacks(sq, occ)
            );
        }
    }
    assert_eq!(checked, 64 * 400 * 2);
}

/// One property, every method: the generic check later methods will be added to.
fn same_as_classical<S: SlidingAttacks>() -> u32 {
    let mut rng = Rng(0xfeed_face_cafe_beef);
    let mut checked = 0;
    for sq in Square::ALL {
        for _ in 0..64 {
            let occ = Bitboard(rng.next_u64() & rng.next_u64());
            assert_eq!(
                S::rook(sq, occ),
                Classical::rook(sq, occ),
                "{} rook",
                S::NAME
            );
            assert_eq!(
                S::bishop(sq, occ),
                Classical::bishop(sq, occ),
                "{} bishop",
                S::NAME
            );
            assert_eq!(
                S::queen(sq, occ),
                Classical::queen(sq, occ),
                "{} queen",
                S::NAME
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_method_equals_classical() {
    assert_eq!(same_as_classical::<Magic>(), 64 * 64);
    assert_eq!(same_as_classical::<Classical>(), 64 * 64);
    assert_eq!(Magic::NAME, "magic");
    assert_eq!(Classical::NAME, "classical");
}

#[test]
fn seed_is_recorded() {
    assert_ne!(magic::SEED, 0);
    assert!(magic::ROOK_MAGICS.iter().all(|&m| m != 0));
    assert!(magic::BISHOP_MAGICS.iter().all(|&m| m != 0));
}
