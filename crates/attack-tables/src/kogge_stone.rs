//! Kogge-Stone occluded fills (the parallel-prefix adder of Kogge and Stone, 1973, applied to
//! bitboards): no table at all, every ray computed by shifting.
//!
//! A fill towards one direction spreads the slider's bit over the empty squares in three
//! doubling steps (1, 2, 4 squares), the *propagator* (the empty squares, minus the file
//! that a shift would wrap onto) doubling alongside; one more shift gives the attacks,
//! blocker included. Eight directions, eight independent fills: a queen is pure arithmetic
//! that a wide CPU runs in parallel (and a compiler may vectorise).
//!
//! ```
//! use chessbits_attack_tables::{Classical, KoggeStone, SlidingAttacks};
//! use chessbits_bitboard_core::{Bitboard, Square};
//!
//! let occupied = Bitboard::from_square(Square::E6) | Square::B4 | Square::G2;
//! assert_eq!(KoggeStone::queen(Square::E4, occupied), Classical::queen(Square::E4, occupied));
//! ```

use chessbits_bitboard_core::{Bitboard, Square};

use crate::SlidingAttacks;

/// Kogge-Stone fills as a [`SlidingAttacks`] implementation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct KoggeStone;

/// Every square but the a-file: where a step east (or north-east, south-east) may land.
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but the h-file: where a step west (or north-west, south-west) may land.
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const ALL: u64 = !0;

/// A shift by `step` squares (positive: towards h8, negative: towards a1).
#[inline(always)]
const fn shift(x: u64, step: i32) -> u64 {
    if step > 0 {
        x << step
    } else {
        x >> -step
    }
}

/// The attacks of the sliders in `gen` in the direction of one `STEP` on the board `empty`,
/// `LAND` being where such a step may land without wrapping around the board.
#[inline(always)]
fn ray<const STEP: i32, const LAND: u64>(gen: u64, empty: u64) -> u64 {
    let mut gen = gen;
    let mut pro = empty & LAND;
    gen |= pro & shift(gen, STEP);
    pro &= shift(pro, STEP);
    gen |= pro & shift(gen, 2 * STEP);
    pro &= shift(pro, 2 * STEP);
    gen |= pro & shift(gen, 4 * STEP);
    shift(gen, STEP) & LAND
}

impl SlidingAttacks for KoggeStone {
    const NAME: &'static str = "kogge-stone";
    type Occupancy = Bitboard;

    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        let (gen, empty) = (1u64 << sq as u32, !occupied.0);
        Bitboard(
            ray::<8, ALL>(gen, empty)
                | ray::<-8, ALL>(gen, empty)
                | ray::<1, NOT_A>(gen, empty)
                | ray::<-1, NOT_H>(gen, empty),
        )
    }

    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        let (gen, empty) = (1u64 << sq as u32, !occupied.0);
        Bitboard(
            ray::<9, NOT_A>(gen, empty)
                | ray::<7, NOT_H>(gen, empty)
                | ray::<-7, NOT_A>(gen, empty)
                | ray::<-9, NOT_H>(gen, empty),
        )
    }
}
