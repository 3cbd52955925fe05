//! Hyperbola quintessence: the `o ^ (o - 2r)` subtraction trick (the "Chess Bitboards" blog series), once on the board
//! and once on its mirror image.
//!
//! Subtracting twice the slider's bit `r` from the line occupancy `o` (slider included)
//! borrows from the first blocker above the slider, so every bit from the slider up to that
//! blocker flips: `o ^ (o - 2r)` is the attack set towards the higher squares. Mirroring the
//! board turns the other direction into the higher one, so the same subtraction on the
//! mirror image, mirrored back, gives the rest. Written with the slider removed from `o`
//! (the mask below excludes it), `o - 2r` with the slider is `o - r` without it, and the
//! XOR of the two one-sided results cancels everything outside the two rays:
//!
//! ```text
//! attacks = ((o - r) ^ mirror(mirror(o) - mirror(r))) & mask      o = occupied & mask
//! ```
//!
//! A file or a diagonal has one square per rank, so a byte swap (a vertical flip) is enough
//! to mirror it; a rank lies inside one byte, so it needs a bit reversal, done on that byte
//! alone (one GFNI instruction where the target has it, else a 256-byte table). The other
//! table holds the slider's bit and three line masks per square (2 KiB).
//!
//! ```
//! use chessbits_attack_tables::{Classical, Hyperbola, SlidingAttacks};
//! use chessbits_bitboard_core::{Bitboard, Square};
//!
//! let occupied = Bitboard::from_square(Square::E6) | Square::B4 | Square::G2;
//! assert_eq!(Hyperbola::queen(Square::E4, occupied), Classical::queen(Square::E4, occupied));
//! ```

use chessbits_bitboard_core::{Bitboard, Square};

use crate::SlidingAttacks;

/// Hyperbola quintessence as a [`SlidingAttacks`] implementation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hyperbola;

/// The slider's bit and three of its lines without the slider (the rank mask is computed).
/// 32 bytes, aligned so that one square's masks never straddle two cache lines.
#[derive(Copy, Clone, Debug)]
#[repr(align(32))]
struct Masks {
    bit: u64,
    file: u64,
    diagonal: u64,
    anti_diagonal: u64,
}

static MASKS: [Masks; 64] = {
    let mut masks = [Masks {
        bit: 0,
        file: 0,
        diagonal: 0,
        anti_diagonal: 0,
    }; 64];
    let mut i = 0;
    while i < 64 {
        let sq = Square::ALL[i];
        let bit = 1u64 << i;
        masks[i] = Masks {
            bit,
            file: Bitboard::file(sq.file()).0 & !bit,
            diagonal: Bitboard::diagonal(sq).0 & !bit,
            anti_diagonal: Bitboard::anti_diagonal(sq).0 & !bit,
        };
        i += 1;
    }
    masks
};

/// Attacks along a line with at most one square per rank (file or diagonal): the mirror is
/// a byte swap.
#[inline(always)]
fn vertical_line(occupied: u64, bit: u64, mask: u64) -> u64 {
    let o = occupied & mask;
    let up = o.wrapping_sub(bit);
    let down = o.swap_bytes().wrapping_sub(bit.swap_bytes()).swap_bytes();
    (up ^ down) & mask
}

/// Every byte with its bits reversed: the mirror image of a rank.
static MIRROR: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).reverse_bits();
        i += 1;
    }
    t
};

/// Attacks along a rank: the mirror is a bit reversal, of the rank's byte alone (by table:
/// without a bit-reversal instruction a computed one costs a dozen operations).
#[inline(always)]
fn rank_line(occupied: u64, sq: Square) -> u64 {
    let shift = sq as u32 & 56;
    let file = sq as u32 & 7;
    let bit = 1u8 << file;
    let o = (occupied >> shift) as u8 & !bit;
    let up = o.wrapping_sub(bit);
    let down = mirror(mirror(o).wrapping_sub(0x80 >> file));
    u64::from((up ^ down) & !bit) << shift
}

/// The byte with its bits reversed: one GFNI instruction where the target has it, else a
/// table lookup.
#[inline(always)]
fn mirror(byte: u8) -> u8 {
    if cfg!(target_feature = "gfni") {
        byte.reverse_bits()
    } else {
        MIRROR[usize::from(byte)]
    }
}

impl SlidingAttacks for Hyperbola {
    const NAME: &'static str = "hyperbola";
    type Occupancy = Bitboard;

    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        let m = &MASKS[sq.index()];
        Bitboard(vertical_line(occupied.0, m.bit, m.file) | rank_line(occupied.0, sq))
    }

    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        let m = &MASKS[sq.index()];
        Bitboard(
            vertical_line(occupied.0, m.bit, m.diagonal)
                | vertical_line(occupied.0, m.bit, m.anti_diagonal),
        )
    }

    #[inline]
    fn table_bytes() -> usize {
        core::mem::size_of_val(&MASKS) + core::mem::size_of_val(&MIRROR)
    }
}
