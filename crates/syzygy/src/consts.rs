//! The index tables of the Syzygy position encoding, computed at compile time.
//!
//! A table stores one value per *index*; the index of a position is built from the squares
//! of its pieces in groups. These tables turn squares into the small numbers the groups
//! combine: the a1-d1-d4 triangle where symmetry puts the first piece, the 462 placements of
//! two kings, the pawn squares ordered by how near they are to an edge, and binomial
//! coefficients for the ways to put `k` like pieces on `n` free squares.

/// `rank - file` of a square: negative below the a1-h8 diagonal, zero on it.
pub(crate) const fn off_diagonal(sq: usize) -> i32 {
    (sq >> 3) as i32 - (sq & 7) as i32
}

/// The most pieces a table holds.
pub(crate) const MAX_PIECES: usize = 7;

/// `BINOMIAL[k][n]`: the ways to choose `k` of `n` (k up to 6, n up to 63).
pub(crate) static BINOMIAL: [[u64; 64]; 7] = binomial();

const fn binomial() -> [[u64; 64]; 7] {
    let mut t = [[0u64; 64]; 7];
    let mut n = 0;
    while n < 64 {
        let mut k = 0;
        while k < 7 {
            t[k][n] = if k == 0 {
                1
            } else if n == 0 {
                0
            } else {
                t[k - 1][n - 1] + t[k][n - 1]
            };
            k += 1;
        }
        n += 1;
    }
    t
}

/// The binomial coefficient, `None` out of the table's range (hostile group sizes).
#[inline]
pub(crate) fn binom(k: usize, n: usize) -> Option<u64> {
    BINOMIAL.get(k)?.get(n).copied()
}

/// Squares below the a1-h8 diagonal numbered 0..28 (b1 = 0, c1 = 1, ...).
pub(crate) static MAP_B1H1H7: [u8; 64] = map_b1h1h7();

const fn map_b1h1h7() -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut code = 0;
    let mut sq = 0;
    while sq < 64 {
        if off_diagonal(sq) < 0 {
            t[sq] = code;
            code += 1;
        }
        sq += 1;
    }
    t
}

/// The a1-d1-d4 triangle numbered 0..10: the six squares below the diagonal first
/// (b1, c1, d1, c2, d2, d3), then the four on it (a1, b2, c3, d4).
pub(crate) static MAP_A1D1D4: [u8; 64] = map_a1d1d4();

const fn map_a1d1d4() -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut code = 0;
    let mut sq = 0;
    while sq < 64 {
        if (sq & 7) <= 3 && (sq >> 3) <= 3 && off_diagonal(sq) < 0 {
            t[sq] = code;
            code += 1;
        }
        sq += 1;
    }
    sq = 0;
    while sq < 64 {
        if (sq & 7) <= 3 && (sq >> 3) <= 3 && off_diagonal(sq) == 0 {
            t[sq] = code;
            code += 1;
        }
        sq += 1;
    }
    t
}

const fn kings_touch(a: usize, b: usize) -> bool {
    let df = (a & 7) as i32 - (b & 7) as i32;
    let dr = (a >> 3) as i32 - (b >> 3) as i32;
    df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

/// `MAP_KK[triangle code of the first king][square of the second]`: the 462 placements of
/// two kings that are not mirrors of each other, numbered 0..462. The placements with both
/// kings on the diagonal come last.
pub(crate) static MAP_KK: [[u16; 64]; 10] = map_kk();

const fn map_kk() -> [[u16; 64]; 10] {
    let mut t = [[0u16; 64]; 10];
    let mut code: u16 = 0;
    // Placements with both kings on the diagonal, numbered after all others.
    let mut both = [(0usize, 0usize); 64];
    let mut n_both = 0;
    let mut idx = 0;
    while idx < 10 {
        let mut s1 = 0;
        while s1 < 64 {
            let in_triangle = (s1 & 7) <= 3 && (s1 >> 3) <= 3 && off_diagonal(s1) <= 0;
            if in_triangle && MAP_A1D1D4_C[s1] as usize == idx {
                let mut s2 = 0;
                while s2 < 64 {
                    if kings_touch(s1, s2) {
                        // Illegal: same square or adjacent kings.
                    } else if off_diagonal(s1) == 0 && off_diagonal(s2) > 0 {
                        // First on the diagonal, second above it: a mirror.
                    } else if off_diagonal(s1) == 0 && off_diagonal(s2) == 0 {
                        both[n_both] = (idx, s2);
                        n_both += 1;
                    } else {
                        t[idx][s2] = code;
                        code += 1;
                    }
                    s2 += 1;
                }
            }
            s1 += 1;
        }
        idx += 1;
    }
    let mut i = 0;
    while i < n_both {
        t[both[i].0][both[i].1] = code;
        code += 1;
        i += 1;
    }
    t
}

const MAP_A1D1D4_C: [u8; 64] = map_a1d1d4();

/// Pawn squares (a2-h7) numbered 0..48 so that the higher number is nearer an edge file
/// and, on one file, on the lower rank: a2 = 47, h2 = 46, a3 = 45, ..., d7/e7 lowest. The
/// leading pawn of a table is the pawn with the highest number.
pub(crate) static MAP_PAWNS: [u8; 64] = pawn_tables().0;

/// `LEAD_PAWN_IDX[count][square]`: where the placements with the leading pawn on `square`
/// start, for `count` leading pawns.
pub(crate) static LEAD_PAWN_IDX: [[u64; 64]; 6] = pawn_tables().1;

/// `LEAD_PAWNS_SIZE[count][file]`: the placements of `count` leading pawns whose leading
/// pawn stands on `file` (a-d).
pub(crate) static LEAD_PAWNS_SIZE: [[u64; 4]; 6] = pawn_tables().2;

#[allow(clippy::type_complexity)]
const fn pawn_tables() -> ([u8; 64], [[u64; 64]; 6], [[u64; 4]; 6]) {
    let mut map = [0u8; 64];
    let mut available = 47u8;
    let mut f = 0;
    while f < 4 {
        let mut r = 1;
        while r <= 6 {
            let sq = r * 8 + f;
            map[sq] = available;
            available = available.wrapping_sub(1);
            map[sq ^ 7] = available;
            available = available.wrapping_sub(1);
            r += 1;
        }
        f += 1;
    }
    let mut lead_idx = [[0u64; 64]; 6];
    let mut lead_size = [[0u64; 4]; 6];
    let mut count = 1;
    while count <= 5 {
        let mut f = 0;
        while f < 4 {
            let mut idx = 0u64;
            let mut r = 1;
            while r <= 6 {
                let sq = r * 8 + f;
                lead_idx[count][sq] = idx;
                idx += BINOMIAL_C[count - 1][map[sq] as usize];
                r += 1;
            }
            lead_size[count][f] = idx;
            f += 1;
        }
        count += 1;
    }
    (map, lead_idx, lead_size)
}

const BINOMIAL_C: [[u64; 64]; 7] = binomial();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kings_have_462_placements() {
        let max = MAP_KK.iter().flatten().copied().max();
        assert_eq!(max, Some(461));
    }

    #[test]
    fn triangle_and_pawn_maps() {
        assert_eq!(MAP_A1D1D4[1], 0); // b1
        assert_eq!(MAP_A1D1D4[0], 6); // a1
        assert_eq!(MAP_A1D1D4[27], 9); // d4
        assert_eq!(MAP_PAWNS[8], 47); // a2
        assert_eq!(MAP_PAWNS[15], 46); // h2
        assert_eq!(MAP_PAWNS[16], 45); // a3
        assert_eq!(binom(2, 5), Some(10));
        assert_eq!(binom(7, 5), None);
    }
}
