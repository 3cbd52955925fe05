//! Property tests: every `Bitboard` operation against per-square reference code, and
//! `Display`/`FromStr` round trips for squares and moves.

#![allow(clippy::unwrap_used)]

use chessbits_bitboard_core::{Bitboard, Direction, File, Move, Rank, Role, Square};
use proptest::prelude::*;

fn squares_of(bb: Bitboard) -> Vec<Square> {
    Square::ALL
        .into_iter()
        .filter(|&s| bb.contains(s))
        .collect()
}

/// Builds a bitboard by mapping each member square through `f` (dropping `None`).
fn map_squares(bb: Bitboard, f: impl Fn(Square) -> Option<Square>) -> Bitboard {
    squares_of(bb).into_iter().filter_map(f).collect()
}

fn arb_square() -> impl Strategy<Value = Square> {
    (0u32..64).prop_map(Square::new_masked)
}

fn arb_role() -> impl Strategy<Value = Role> {
    prop::sample::select(Role::PROMOTIONS.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn set_operations_match_per_square(a: u64, b: u64) {
        let (x, y) = (Bitboard(a), Bitboard(b));
        for sq in Square::ALL {
            prop_assert_eq!((x & y).contains(sq), x.contains(sq) && y.contains(sq));
            prop_assert_eq!((x | y).contains(sq), x.contains(sq) || y.contains(sq));
            prop_assert_eq!((x ^ y).contains(sq), x.contains(sq) != y.contains(sq));
            prop_assert_eq!((x - y).contains(sq), x.contains(sq) && !y.contains(sq));
            prop_assert_eq!((!x).contains(sq), !x.contains(sq));
        }
        prop_assert_eq!(x.intersects(y), !(x & y).is_empty());
        prop_assert_eq!(x.is_subset(y), squares_of(x).iter().all(|&s| y.contains(s)));
    }

    #[test]
    fn counting_and_scanning(a: u64) {
        let bb = Bitboard(a);
        let sqs = squares_of(bb);
        prop_assert_eq!(bb.count() as usize, sqs.len());
        prop_assert_eq!(bb.lsb(), sqs.first().copied());
        prop_assert_eq!(bb.msb(), sqs.last().copied());
        prop_assert_eq!(bb.more_than_one(), sqs.len() > 1);
        prop_assert_eq!(bb.single_square(), if sqs.len() == 1 { Some(sqs[0]) } else { None });
        prop_assert_eq!(bb.is_empty(), sqs.is_empty());
        // Iteration: forwards, backwards, exact size.
        prop_assert_eq!(bb.into_iter().len(), sqs.len());
        prop_assert_eq!(bb.into_iter().collect::<Vec<_>>(), sqs.clone());
        let mut rev = sqs.clone();
        rev.reverse();
        prop_assert_eq!(bb.into_iter().rev().collect::<Vec<_>>(), rev);
        // pop_lsb drains in ascending order.
        let mut b = bb;
        let mut popped = Vec::new();
        while let Some(s) = b.pop_lsb() {
            popped.push(s);
        }
        prop_assert_eq!(popped, sqs.clone());
        prop_assert_eq!(b.pop_lsb(), None);
        let mut b = bb;
        let mut popped = Vec::new();
        while let Some(s) = b.pop_msb() {
            popped.push(s);
        }
        popped.reverse();
        prop_assert_eq!(popped, sqs.clone());
        prop_assert_eq!(sqs.iter().copied().collect::<Bitboard>(), bb);
    }

    #[test]
    fn mixed_iteration_from_both_ends(a: u64, pattern: u64) {
        let sqs = squares_of(Bitboard(a));
        let mut it = Bitboard(a).into_iter();
        let (mut lo, mut hi) = (0usize, sqs.len());
        let mut i = 0;
        while lo < hi {
            if pattern >> (i % 64) & 1 == 0 {
                prop_assert_eq!(it.next(), Some(sqs[lo]));
                lo += 1;
            } else {
                hi -= 1;
                prop_assert_eq!(it.next_back(), Some(sqs[hi]));
            }
            prop_assert_eq!(it.len(), hi - lo);
            i += 1;
        }
        prop_assert_eq!(it.next(), None);
        prop_assert_eq!(it.next_back(), None);
    }

    #[test]
    fn shifts_never_wrap(a: u64) {
        let bb = Bitboard(a);
        for dir in Direction::ALL {
            let (df, dr) = dir.delta();
            prop_assert_eq!(bb.shift(dir), map_squares(bb, |s| s.offset(df, dr)), "{:?}", dir);
        }
    }

    #[test]
    fn transforms_match_per_square(a: u64) {
        let bb = Bitboard(a);
        prop_assert_eq!(bb.flip_vertical(), map_squares(bb, |s| Some(s.flip_vertical())));
        prop_assert_eq!(bb.mirror_horizontal(), map_squares(bb, |s| Some(s.flip_horizontal())));
        prop_assert_eq!(bb.flip_diagonal(), map_squares(bb, |s| Some(s.flip_diagonal())));
        prop_assert_eq!(
            bb.flip_anti_diagonal(),
            map_squares(bb, |s| Some(Square::new_masked(63 - s.flip_diagonal() as u32)))
        );
        prop_assert_eq!(bb.rotate_180(), map_squares(bb, |s| Some(Square::new_masked(63 - s as u32))));
        prop_assert_eq!(bb.flip_diagonal().flip_diagonal(), bb);
    }

    #[test]
    fn subsets_are_exactly_the_subsets(a in any::<u64>().prop_map(|x| x & 0x0000_0042_1100_8001)) {
        let set = Bitboard(a);
        let subs: Vec<Bitboard> = set.subsets().collect();
        prop_assert_eq!(subs.len(), 1usize << set.count());
        let mut sorted: Vec<u64> = subs.iter().map(|b| b.0).collect();
        sorted.sort_unstable();
        sorted.dedup();
        prop_assert_eq!(sorted.len(), subs.len());
        prop_assert!(subs.iter().all(|s| s.is_subset(set)));
    }

    #[test]
    fn square_display_from_str(sq in arb_square()) {
        prop_assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }

    #[test]
    fn move_display_from_str(from in arb_square(), to in arb_square(), role in arb_role(), promo: bool) {
        prop_assume!(from != to);
        let m = if promo { Move::promote(from, to, role) } else { Move::normal(from, to) };
        prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
    }

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,8}") {
        let _ = s.parse::<Square>();
        let _ = s.parse::<Move>();
    }

    #[test]
    fn move_bits_round_trip(bits: u16) {
        let m = Move::from_bits(bits);
        prop_assert_eq!(Move::from_bits(m.to_bits()), m);
        let _ = m.to_string();
    }
}

#[test]
fn line_masks_match_per_square() {
    for sq in Square::ALL {
        let (f, r) = (sq.file() as i32, sq.rank() as i32);
        let on = |pred: &dyn Fn(i32, i32) -> bool| -> Bitboard {
            Square::ALL
                .into_iter()
                .filter(|s| pred(s.file() as i32, s.rank() as i32))
                .collect()
        };
        assert_eq!(Bitboard::file(sq.file()), on(&|sf, _| sf == f));
        assert_eq!(Bitboard::rank(sq.rank()), on(&|_, sr| sr == r));
        assert_eq!(
            Bitboard::diagonal(sq),
            on(&|sf, sr| sf - sr == f - r),
            "{sq}"
        );
        assert_eq!(
            Bitboard::anti_diagonal(sq),
            on(&|sf, sr| sf + sr == f + r),
            "{sq}"
        );
    }
    assert_eq!(File::new(8), None);
    assert_eq!(Rank::new(7), Some(Rank::Eighth));
}
