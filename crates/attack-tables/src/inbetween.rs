//! The squares between two squares, and the line through them, four ways
//! ("Square Attacked By", Chess Programming Wiki): a 64 × 64 rectangular table, a triangular table of
//! 64·65/2 entries with a branch-free index, a small table indexed by the 0x88 difference of
//! the squares and rotated into place, and pure calculation with no table at all.
//!
//! All four return the same sets (the tests check every one of the 4,096 square pairs against
//! `chessbits_bitboard_core::reference`). [`crate::between`] and [`crate::line`], which `position` and
//! `movegen` use for pins, checks and castling paths, are the rectangular lookups: the
//! benchmark (`cargo xtask bench`, experiment "in-between sets") measures them fastest here.
//!
//! | variant | between | line | bytes (between + line) |
//! |---|---|---|---:|
//! | rectangular | [`between_rectangular`] | [`line_rectangular`] | 32,768 + 32,768 |
//! | triangular | [`between_triangular`] | [`line_triangular`] | 16,640 + 16,640 |
//! | 0x88 difference | [`between_x88`] | [`line_x88`] | 2,048 + 256 |
//! | calculation | [`between_calculated`] | [`line_calculated`] | 0 |

use chessbits_bitboard_core::{reference, Bitboard, Square};

/// Bytes of each variant's tables: `(name, between bytes, line bytes)`.
pub const TABLE_BYTES: [(&str, usize, usize); 4] = [
    ("rectangular", 64 * 64 * 8, 64 * 64 * 8),
    ("triangular", TRIANGLE * 8, TRIANGLE * 8),
    ("x88", 256 * 8, 256),
    ("calculated", 0, 0),
];

/// Entries of a triangular table: one per unordered pair, a square with itself included.
const TRIANGLE: usize = 64 * 65 / 2;

// ----- rectangular -----

/// In-between set by the 64 × 64 table (32 KiB), as [`crate::between`].
#[inline]
pub fn between_rectangular(a: Square, b: Square) -> Bitboard {
    crate::between(a, b)
}

/// Line by the 64 × 64 table (32 KiB), as [`crate::line`].
#[inline]
pub fn line_rectangular(a: Square, b: Square) -> Bitboard {
    crate::line(a, b)
}

// ----- triangular -----

/// Index of the unordered pair `{a, b}` in a triangular table, without branches:
/// `min * (127 - min) / 2 + max`.
#[inline]
#[must_use]
pub const fn triangular_index(a: Square, b: Square) -> usize {
    let (a, b) = (a as i32, b as i32);
    let d = a - b;
    let d = d & (d >> 31); // d if negative, else 0
    let min = b + d;
    let max = a - d;
    ((min * (127 - min)) >> 1) as usize + max as usize
}

const fn triangular_table(line: bool) -> [u64; TRIANGLE] {
    let mut t = [0u64; TRIANGLE];
    let mut a = 0;
    while a < 64 {
        let mut b = a;
        while b < 64 {
            let (sa, sb) = (Square::new_masked(a), Square::new_masked(b));
            t[triangular_index(sa, sb)] = if line {
                reference::line(sa, sb).0
            } else {
                reference::between(sa, sb).0
            };
            b += 1;
        }
        a += 1;
    }
    t
}

static BETWEEN_TRIANGULAR: [u64; TRIANGLE] = triangular_table(false);
static LINE_TRIANGULAR: [u64; TRIANGLE] = triangular_table(true);

/// In-between set by the triangular table (16 KiB).
#[inline]
pub fn between_triangular(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_TRIANGULAR[triangular_index(a, b)])
}

/// Line by the triangular table (16 KiB).
#[inline]
pub fn line_triangular(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE_TRIANGULAR[triangular_index(a, b)])
}

// ----- 0x88 difference -----

/// The 0x88 coordinate of a square: `file + 16 * rank`.
#[inline]
#[must_use]
pub const fn x88(sq: Square) -> i32 {
    let i = sq as i32;
    i + (i & !7)
}

/// Index 0..=238 of the 0x88 difference `to - from`: unique for every direction and
/// distance, unlike the plain square difference (+7 is a rank step or an anti-diagonal one).
#[inline]
#[must_use]
pub const fn x88_diff_index(from: Square, to: Square) -> usize {
    (x88(to) - x88(from) + 0x77) as usize
}

/// The in-between set of every 0x88 difference, moved so that `from` is bit 0 (rotated right
/// by `from`): the same for every pair with that difference.
static BETWEEN_X88: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (sa, sb) = (Square::new_masked(a), Square::new_masked(b));
            t[x88_diff_index(sa, sb)] = reference::between(sa, sb).0.rotate_right(a);
            b += 1;
        }
        a += 1;
    }
    t
};

/// Which line a 0x88 difference runs along: 0 none, 1 rank, 2 file, 3 diagonal (a1-h8),
/// 4 anti-diagonal (a8-h1).
static LINE_KIND_X88: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let (sa, sb) = (Square::new_masked(a), Square::new_masked(b));
            let (df, dr) = (
                (b & 7) as i32 - (a & 7) as i32,
                (b >> 3) as i32 - (a >> 3) as i32,
            );
            t[x88_diff_index(sa, sb)] = if a == b {
                0
            } else if dr == 0 {
                1
            } else if df == 0 {
                2
            } else if df == dr {
                3
            } else if df == -dr {
                4
            } else {
                0
            };
            b += 1;
        }
        a += 1;
    }
    t
};

/// In-between set by the 0x88 difference and a rotate (2 KiB).
#[inline]
pub fn between_x88(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_X88[x88_diff_index(a, b)].rotate_left(a as u32))
}

/// Line by the 0x88 difference, which names the kind of line; the line itself is the mask of
/// that kind through `a` (256 bytes).
#[inline]
pub fn line_x88(a: Square, b: Square) -> Bitboard {
    match LINE_KIND_X88[x88_diff_index(a, b)] {
        1 => Bitboard::rank(a.rank()),
        2 => Bitboard::file(a.file()),
        3 => Bitboard::diagonal(a),
        4 => Bitboard::anti_diagonal(a),
        _ => Bitboard::EMPTY,
    }
}

// ----- calculation -----

/// In-between set by calculation, no table (the branch-free formula of the Chess Programming Wiki's "Square Attacked By"): the bits
/// from the smaller square up to the larger, intersected with the one line mask, moved to
/// the smaller square by a multiplication, that both squares share.
#[inline]
pub const fn between_calculated(a: Square, b: Square) -> Bitboard {
    const A2A7: u64 = 0x0001_0101_0101_0100;
    const B2G7: u64 = 0x0040_2010_0804_0200;
    const H1B7: u64 = 0x0002_0408_1020_4080;
    let (sq1, sq2) = (a as u64, b as u64);
    let btwn = (u64::MAX << sq1) ^ (u64::MAX << sq2);
    let file = (sq2 & 7).wrapping_sub(sq1 & 7);
    let rank = ((sq2 | 7).wrapping_sub(sq1)) >> 3;
    let mut line = ((file & 7).wrapping_sub(1)) & A2A7;
    line = line.wrapping_add(2 * (((rank & 7).wrapping_sub(1)) >> 58));
    line = line.wrapping_add((((rank.wrapping_sub(file)) & 15).wrapping_sub(1)) & B2G7);
    line = line.wrapping_add((((rank.wrapping_add(file)) & 15).wrapping_sub(1)) & H1B7);
    line = line.wrapping_mul(btwn & btwn.wrapping_neg());
    Bitboard(line & btwn)
}

/// Line by calculation, no table: the rank, file, diagonal or anti-diagonal mask of `a` that
/// also holds `b` (none when they differ on all four, or are the same square).
#[inline]
pub const fn line_calculated(a: Square, b: Square) -> Bitboard {
    if a as u8 == b as u8 {
        return Bitboard::EMPTY;
    }
    let masks = [
        Bitboard::rank(a.rank()),
        Bitboard::file(a.file()),
        Bitboard::diagonal(a),
        Bitboard::anti_diagonal(a),
    ];
    let mut i = 0;
    while i < 4 {
        if masks[i].contains(b) {
            return masks[i];
        }
        i += 1;
    }
    Bitboard::EMPTY
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangular_index_is_a_bijection_onto_the_triangle() {
        let mut seen = [false; TRIANGLE];
        for a in Square::ALL {
            for b in Square::ALL {
                let i = triangular_index(a, b);
                assert_eq!(i, triangular_index(b, a));
                if a <= b {
                    assert!(!seen[i], "{a} {b}");
                    seen[i] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn x88_differences_are_unambiguous() {
        // Every pair with the same 0x88 difference has the same (file, rank) step.
        let mut step = [None; 256];
        for a in Square::ALL {
            for b in Square::ALL {
                let d = (
                    b.file() as i32 - a.file() as i32,
                    b.rank() as i32 - a.rank() as i32,
                );
                let slot = &mut step[x88_diff_index(a, b)];
                assert!(slot.is_none() || *slot == Some(d));
                *slot = Some(d);
            }
        }
    }
}
