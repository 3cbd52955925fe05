//! Perfect hashing of line occupancies (Fenner & Levene 2008).
//!
//! Shift a line's occupancy so that its first square is bit 0: its `N` squares are then
//! the *active positions* `0, k, 2k, ..., (N-1)k` of a number `α` (k = 8 for a file, 9 for an
//! a1-h8 diagonal, 7 for an a8-h1 diagonal). Since `2^k ≡ -2 (mod 2^k + 2)`,
//!
//! ```text
//! h1(α) = α mod (2^k + 2)          one-to-one when N <= k      (files: 258, a1-h8: 514)
//! h2(α) = α mod (2^(k+1) + 1)      one-to-one when N <= k + 1  (a8-h1: 257)
//! ```
//!
//! map the `2^N` occupancies of the line to distinct slots of a small table. The paper's
//! minimal variants add a constant (and, for `h2`, multiply by `±2^(N-1)`) so that the slots
//! are exactly `0 .. 2^N - 1`:
//!
//! ```text
//! ĥ1(α) = (α + c) mod (2^k + 2)                          c = 2/3 (4^⌊N/2⌋ - 1)
//! ĥ2(α) = ((-1)^(N-1) 2^(N-1) α + c) mod (2^(k+1) + 1)
//! ```
//!
//! Ranks need no hash: one shift brings a rank to bit 0. The modulus by a constant compiles
//! to a multiplication, so no division is executed.
//!
//! Three [`SlidingAttacks`] implementations use these hashes:
//!
//! - [`Perfect`]: as the paper describes it, the hash indexes a small table holding the
//!   line's 8-bit occupancy vector, which with the slider's position on the line indexes an
//!   attack table (`h1` for files and a1-h8 diagonals, `h2` for a8-h1 diagonals);
//! - [`PerfectMinimal`]: the same with the minimal hashes `ĥ1` and `ĥ2` (tables of exactly
//!   `2^N` vectors);
//! - [`PerfectDirect`]: the improvement the paper suggests in its section 3.1, the hash
//!   indexing the attack table directly (no vector table in between).
//!
//! The attack tables are kept small (for the a-file, the main diagonal and the main
//! anti-diagonal, by position on the line) and shifted into place, so every table of this
//! module fits in the first-level cache but the direct ones. The per-line functions
//! ([`file_by_loop`], [`file_by_h1`], ... ) compare one line at a time, as the paper's
//! Table 4 does; the `*_by_loop` ones build the occupancy vector by looping over the line's
//! squares, the paper's baseline "without hash".
//!
//! ```
//! use chessbits_attack_tables::perfect::{self, PerfectDirect};
//! use chessbits_attack_tables::{Classical, SlidingAttacks};
//! use chessbits_bitboard_core::{Bitboard, Square};
//!
//! // Fenner & Levene 2008, section 3.1: the a-file's occupancies hash mod 258 with one gap, at 86 and 87.
//! let mut used = [false; 258];
//! for vector in 0..=255u8 {
//!     used[perfect::h1(perfect::spread(vector, 8, 8), 8) as usize] = true;
//! }
//! let unused: Vec<usize> = (0..258).filter(|&h| !used[h]).collect();
//! assert_eq!(unused, [86, 87]);
//!
//! let occupied = Bitboard::from_square(Square::E7) | Square::B4 | Square::G2;
//! assert_eq!(PerfectDirect::queen(Square::E4, occupied), Classical::queen(Square::E4, occupied));
//! ```

use chessbits_bitboard_core::{reference, Bitboard, Direction, Square};

use crate::SlidingAttacks;

/// Perfect hashing, hash -> occupancy vector -> attacks, as a [`SlidingAttacks`]
/// implementation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Perfect;

/// Minimal perfect hashing (`ĥ1`, `ĥ2`), hash -> occupancy vector -> attacks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerfectMinimal;

/// Perfect hashing with the hash indexing the attack table directly (Fenner & Levene 2008, section 3.1).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerfectDirect;

/// The modulus of `h1` for files: `2^8 + 2`.
pub const FILE_MODULUS: u64 = 258;
/// The modulus of `h1` for a1-h8 diagonals: `2^9 + 2`.
pub const DIAGONAL_MODULUS: u64 = 514;
/// The modulus of `h2` for a8-h1 diagonals: `2^(7+1) + 1`.
pub const ANTI_DIAGONAL_MODULUS: u64 = 257;

/// `α` for an occupancy vector: bit `i` of `vector` (for `i < n`) at bit `i * k`.
#[must_use]
pub const fn spread(vector: u8, k: u32, n: u32) -> u64 {
    let mut alpha = 0u64;
    let mut i = 0;
    while i < n {
        alpha |= ((vector as u64 >> i) & 1) << (i * k);
        i += 1;
    }
    alpha
}

/// `h1(α) = α mod (2^k + 2)`: perfect when the line has at most `k` squares.
#[must_use]
pub const fn h1(alpha: u64, k: u32) -> u64 {
    alpha % ((1 << k) + 2)
}

/// `h2(α) = α mod (2^(k+1) + 1)`: perfect when the line has at most `k + 1` squares.
#[must_use]
pub const fn h2(alpha: u64, k: u32) -> u64 {
    alpha % ((1 << (k + 1)) + 1)
}

/// The constant `c = 2/3 (4^⌊n/2⌋ - 1)` of the minimal hashes: 0, 2, 2, 10, 10, 42, 42, 170
/// for `n` = 1 to 8.
#[must_use]
pub const fn minimal_constant(n: u32) -> u64 {
    2 * ((1 << (2 * (n / 2))) - 1) / 3
}

/// `ĥ1(α) = (α + c) mod (2^k + 2)`: onto `0 .. 2^n - 1` for a line of `n <= k` squares.
#[must_use]
pub const fn h1_minimal(alpha: u64, k: u32, n: u32) -> u64 {
    (alpha + minimal_constant(n)) % ((1 << k) + 2)
}

/// `ĥ2(α) = ((-1)^(n-1) 2^(n-1) α + c) mod (2^(k+1) + 1)`: onto `0 .. 2^n - 1` for a line
/// of `n <= k + 1` squares.
#[must_use]
pub const fn h2_minimal(alpha: u64, k: u32, n: u32) -> u64 {
    let m = (1 << (k + 1)) + 1;
    let t = (alpha << (n - 1)) % m;
    let t = if (n - 1) % 2 == 1 { m - t } else { t };
    (t + minimal_constant(n)) % m
}

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// One square's diagonal (a1-h8 or a8-h1): the line including the square, the shift that
/// brings its first (lowest) square to bit 0, the square's position along it, its length,
/// and for the minimal hashes the combined shift of `ĥ2` (`shift - (len - 1)`), whether
/// `ĥ2` negates, and the constant `c`.
#[derive(Copy, Clone, Debug)]
#[repr(align(32))]
struct Diagonal {
    mask: u64,
    shift: u8,
    pos: u8,
    len: u8,
    minimal_shift: u8,
    negate: bool,
    constant: u16,
}

const fn diagonals(anti: bool) -> [Diagonal; 64] {
    let mut out = [Diagonal {
        mask: 0,
        shift: 0,
        pos: 0,
        len: 0,
        minimal_shift: 0,
        negate: false,
        constant: 0,
    }; 64];
    let mut i = 0;
    while i < 64 {
        let sq = Square::ALL[i];
        let mask = if anti {
            Bitboard::anti_diagonal(sq).0
        } else {
            Bitboard::diagonal(sq).0
        };
        let shift = mask.trailing_zeros();
        let len = mask.count_ones();
        let below = mask & ((1u64 << i) - 1);
        out[i] = Diagonal {
            mask,
            shift: shift as u8,
            pos: below.count_ones() as u8,
            len: len as u8,
            // Only the a8-h1 diagonals use it; there the first square is never below
            // `len - 1`.
            minimal_shift: if anti { (shift + 1 - len) as u8 } else { 0 },
            negate: (len - 1) % 2 == 1,
            constant: minimal_constant(len) as u16,
        };
        i += 1;
    }
    out
}

/// a1-h8 diagonals by square.
static DIAGONALS: [Diagonal; 64] = diagonals(false);
/// a8-h1 diagonals by square.
static ANTI_DIAGONALS: [Diagonal; 64] = diagonals(true);

/// The lines the attack tables are built on: the first rank, the a-file, the main diagonal
/// (a1-h8) and the main anti-diagonal (h1-a8), with the step between their squares.
const fn line_square(line: usize, pos: usize) -> Square {
    Square::ALL[match line {
        0 => pos,
        1 => 8 * pos,
        2 => 9 * pos,
        _ => 7 + 7 * pos,
    }]
}

/// Attacks of a slider on position `pos` of main line `line` when `vector` is the line's
/// occupancy; the anti-diagonal's attacks are shifted down by 7 so that its first square is
/// bit 0 like the other lines'.
const fn main_line_attacks(line: usize, pos: usize, vector: usize) -> u64 {
    let mut occ = 0u64;
    let mut i = 0;
    while i < 8 {
        if vector >> i & 1 == 1 {
            occ |= 1 << line_square(line, i) as u32;
        }
        i += 1;
    }
    let attacks = reference::sliding_attacks(
        line_square(line, pos),
        Bitboard(occ),
        &Direction::LINES[line],
    )
    .0;
    if line == 3 {
        attacks >> 7
    } else {
        attacks
    }
}

const fn attack_table(line: usize) -> [[u64; 256]; 8] {
    let mut t = [[0u64; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut v = 0;
        while v < 256 {
            t[pos][v] = main_line_attacks(line, pos, v);
            v += 1;
        }
        pos += 1;
    }
    t
}

const fn rank_table() -> [[u8; 256]; 8] {
    let mut t = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut v = 0;
        while v < 256 {
            t[pos][v] = main_line_attacks(0, pos, v) as u8;
            v += 1;
        }
        pos += 1;
    }
    t
}

/// First-rank attacks by file and rank occupancy (a byte each).
static RANK_ATTACKS: [[u8; 256]; 8] = rank_table();
/// a-file attacks by rank and file occupancy vector.
static FILE_ATTACKS: [[u64; 256]; 8] = attack_table(1);
/// Main-diagonal attacks by position and occupancy vector.
static DIAGONAL_ATTACKS: [[u64; 256]; 8] = attack_table(2);
/// Main anti-diagonal attacks (shifted down by 7) by position and occupancy vector.
static ANTI_DIAGONAL_ATTACKS: [[u64; 256]; 8] = attack_table(3);

/// Which hash a table of vectors or attacks is indexed by.
#[derive(Copy, Clone)]
enum Hash {
    /// `h1` with this `k`.
    H1(u32),
    /// `h2` with this `k`.
    H2(u32),
    /// `ĥ1` with this `k` and `n`.
    H1Minimal(u32, u32),
    /// `ĥ2` with this `k` and `n`.
    H2Minimal(u32, u32),
}

impl Hash {
    const fn of(self, vector: u8) -> usize {
        (match self {
            Hash::H1(k) => h1(spread(vector, k, 8), k),
            Hash::H2(k) => h2(spread(vector, k, 8), k),
            Hash::H1Minimal(k, n) => h1_minimal(spread(vector, k, n), k, n),
            Hash::H2Minimal(k, n) => h2_minimal(spread(vector, k, n), k, n),
        }) as usize
    }

    const fn vectors(self) -> usize {
        match self {
            Hash::H1(_) | Hash::H2(_) => 256,
            Hash::H1Minimal(_, n) | Hash::H2Minimal(_, n) => 1 << n,
        }
    }
}

/// The occupancy vector stored at each slot of `hash` (0 where no vector lands).
const fn vector_table<const M: usize>(hash: Hash) -> [u8; M] {
    let mut t = [0u8; M];
    let mut v = 0;
    while v < hash.vectors() {
        t[hash.of(v as u8)] = v as u8;
        v += 1;
    }
    t
}

/// The minimal-hash vector tables for every line length `n` (row `n`, `2^n` slots used).
const fn minimal_vector_tables(k: u32, h2: bool) -> [[u8; 256]; 9] {
    let mut t = [[0u8; 256]; 9];
    let mut n = 1;
    while n <= 8 {
        let hash = if h2 {
            Hash::H2Minimal(k, n)
        } else {
            Hash::H1Minimal(k, n)
        };
        let mut v = 0;
        while v < 1 << n {
            t[n as usize][hash.of(v as u8)] = v as u8;
            v += 1;
        }
        n += 1;
    }
    t
}

/// Attack tables indexed by position and hash directly.
const fn direct_table<const M: usize>(line: usize, hash: Hash) -> [[u64; M]; 8] {
    let mut t = [[0u64; M]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut v = 0;
        while v < 256 {
            t[pos][hash.of(v as u8)] = main_line_attacks(line, pos, v);
            v += 1;
        }
        pos += 1;
    }
    t
}

static FILE_VECTORS: [u8; 258] = vector_table(Hash::H1(8));
static DIAGONAL_VECTORS: [u8; 514] = vector_table(Hash::H1(9));
static ANTI_DIAGONAL_VECTORS: [u8; 257] = vector_table(Hash::H2(7));
static FILE_VECTORS_MINIMAL: [u8; 256] = vector_table(Hash::H1Minimal(8, 8));
static DIAGONAL_VECTORS_MINIMAL: [[u8; 256]; 9] = minimal_vector_tables(9, false);
static ANTI_DIAGONAL_VECTORS_MINIMAL: [[u8; 256]; 9] = minimal_vector_tables(7, true);
static FILE_BY_HASH: [[u64; 258]; 8] = direct_table(1, Hash::H1(8));
static DIAGONAL_BY_HASH: [[u64; 514]; 8] = direct_table(2, Hash::H1(9));
static ANTI_DIAGONAL_BY_HASH: [[u64; 257]; 8] = direct_table(3, Hash::H2(7));

/// Rank attacks: a shift brings the rank to bit 0.
#[inline(always)]
pub fn rank_by_shift(sq: Square, occupied: Bitboard) -> Bitboard {
    let shift = sq as u32 & 56;
    let vector = (occupied.0 >> shift) & 255;
    Bitboard(u64::from(RANK_ATTACKS[sq.index() & 7][vector as usize]) << shift)
}

/// `α` of the file of `sq`: the file shifted onto the a-file.
#[inline(always)]
fn file_alpha(sq: Square, occupied: Bitboard) -> u64 {
    (occupied.0 >> (sq as u32 & 7)) & FILE_A
}

/// The file's attacks from its occupancy vector.
#[inline(always)]
fn file_from_vector(sq: Square, vector: u8) -> Bitboard {
    Bitboard(FILE_ATTACKS[sq.index() >> 3][usize::from(vector)] << (sq as u32 & 7))
}

/// The diagonal's attacks from its occupancy vector.
#[inline(always)]
fn diagonal_from_vector(d: &Diagonal, table: &[[u64; 256]; 8], vector: u8) -> Bitboard {
    Bitboard((table[usize::from(d.pos & 7)][usize::from(vector)] << d.shift) & d.mask)
}

/// File attacks, occupancy vector by looping over the file's squares (no hash).
#[inline]
pub fn file_by_loop(sq: Square, occupied: Bitboard) -> Bitboard {
    let file = sq as u32 & 7;
    let mut vector = 0u8;
    for i in 0..8 {
        vector |= (((occupied.0 >> (file + 8 * i)) & 1) as u8) << i;
    }
    file_from_vector(sq, vector)
}

/// File attacks, occupancy vector by `h1` (mod 258).
#[inline]
pub fn file_by_h1(sq: Square, occupied: Bitboard) -> Bitboard {
    let h = file_alpha(sq, occupied) % FILE_MODULUS;
    file_from_vector(sq, FILE_VECTORS[h as usize])
}

/// File attacks, occupancy vector by `ĥ1` (mod 258, onto 0..255).
#[inline]
pub fn file_by_h1_minimal(sq: Square, occupied: Bitboard) -> Bitboard {
    let h = (file_alpha(sq, occupied) + minimal_constant(8)) % FILE_MODULUS;
    file_from_vector(sq, FILE_VECTORS_MINIMAL[(h & 255) as usize])
}

/// File attacks, attack table indexed by `h1` directly.
#[inline]
pub fn file_by_h1_direct(sq: Square, occupied: Bitboard) -> Bitboard {
    let h = file_alpha(sq, occupied) % FILE_MODULUS;
    Bitboard(FILE_BY_HASH[sq.index() >> 3][h as usize] << (sq as u32 & 7))
}

/// The occupancy vector of a diagonal by looping over its squares, `step` apart.
#[inline(always)]
fn diagonal_vector_by_loop(d: &Diagonal, occupied: Bitboard, step: u32) -> u8 {
    let mut vector = 0u8;
    for i in 0..u32::from(d.len) {
        vector |= (((occupied.0 >> (u32::from(d.shift) + step * i)) & 1) as u8) << i;
    }
    vector
}

/// a1-h8 diagonal attacks, occupancy vector by looping over the diagonal (no hash).
#[inline]
pub fn diagonal_by_loop(sq: Square, occupied: Bitboard) -> Bitboard {
    let d = &DIAGONALS[sq.index()];
    diagonal_from_vector(
        d,
        &DIAGONAL_ATTACKS,
        diagonal_vector_by_loop(d, occupied, 9),
    )
}

/// a1-h8 diagonal attacks, occupancy vector by `h1` (mod 514).
#[inline]
pub fn diagonal_by_h1(sq: Square, occupied: Bitboard) -> Bitboard {
    let d = &DIAGONALS[sq.index()];
    let h = ((occupied.0 & d.mask) >> d.shift) % DIAGONAL_MODULUS;
    diagonal_from_vector(d, &DIAGONAL_ATTACKS, DIAGONAL_VECTORS[h as usize])
}

/// a1-h8 diagonal attacks, occupancy vector by `ĥ1` (mod 514, onto `0 .. 2^len - 1`).
#[inline]
pub fn diagonal_by_h1_minimal(sq: Square, occupied: Bitboard) -> Bitboard {
    let d = &DIAGONALS[sq.index()];
    let alpha = (occupied.0 & d.mask) >> d.shift;
    let h = (alpha + u64::from(d.constant)) % DIAGONAL_MODULUS;
    let vector = DIAGONAL_VECTORS_MINIMAL[usize::from(d.len)][(h & 255) as usize];
    diagonal_from_vector(d, &DIAGONAL_ATTACKS, vector)
}

/// a1-h8 diagonal attacks, attack table indexed by `h1` directly.
#[inline]
pub fn diagonal_by_h1_direct(sq: Square, occupied: Bitboard) -> Bitboard {
    let d = &DIAGONALS[sq.index()];
    let h = ((occupied.0 & d.mask) >> d.shift) % DIAGONAL_MODULUS;
    Bitboard((DIAGONAL_BY_HASH[usize::from(d.pos & 7)][h as usize] << d.shift) & d.mask)
}

/// a8-h1 diagonal attacks, occupancy vector by looping over the diagonal (no hash).
#[inline]
pub fn anti_diagonal_by_loop(sq: Square, occupied: Bitboard) -> Bitboard {
    let d = &ANTI_DIAGONALS[sq.index()];
    diagonal_from_vector(
        d,
        &ANTI_DIAGONAL_ATTACKS,
        diagonal_vector_by_loop(d, occupied, 7),
    )
}

/// a8-h1 diagonal attacks, occupancy vector by `h2` (mod 257).
#[inline]
pub fn anti_diagonal_by_h2(sq: Square, occupied: Bitboard) -> Bitboard {
    let d = &ANTI_DIAGONALS[sq.index()];
    let h = ((occupied.0 & d.mask) >> d.shift) % ANTI_DIAGONAL_MODULUS;
    diagonal_from_vector(d, &ANTI_DIAGONAL_ATTACKS, ANTI_DIAGONAL_VECTORS[h as usize])
}

/// a8-h1 diagonal attacks, occupancy vector by `ĥ2` (mod 257, onto `0 .. 2^len - 1`). The
/// factor `2^(len-1)` is folded into the shift that brings the line down, as the paper
/// suggests.
#[inline]
pub fn anti_diagonal_by_h2_minimal(sq: Square, occupied: Bitboard) -> Bitboard {
    let d = &ANTI_DIAGONALS[sq.index()];
    let scaled = ((occupied.0 & d.mask) >> d.minimal_shift) % ANTI_DIAGONAL_MODULUS;
    let signed = if d.negate {
        ANTI_DIAGONAL_MODULUS - scaled
    } else {
        scaled
    };
    let h = (signed + u64::from(d.constant)) % ANTI_DIAGONAL_MODULUS;
    let vector = ANTI_DIAGONAL_VECTORS_MINIMAL[usize::from(d.len)][(h & 255) as usize];
    diagonal_from_vector(d, &ANTI_DIAGONAL_ATTACKS, vector)
}

/// a8-h1 diagonal attacks, attack table indexed by `h2` directly.
#[inline]
pub fn anti_diagonal_by_h2_direct(sq: Square, occupied: Bitboard) -> Bitboard {
    let d = &ANTI_DIAGONALS[sq.index()];
    let h = ((occupied.0 & d.mask) >> d.shift) % ANTI_DIAGONAL_MODULUS;
    Bitboard((ANTI_DIAGONAL_BY_HASH[usize::from(d.pos & 7)][h as usize] << d.shift) & d.mask)
}

/// Bytes of the tables every variant reads: the rank table, the per-square diagonal
/// descriptors and the attack tables of the three other main lines.
fn shared_table_bytes() -> usize {
    core::mem::size_of_val(&RANK_ATTACKS)
        + core::mem::size_of_val(&DIAGONALS)
        + core::mem::size_of_val(&ANTI_DIAGONALS)
}

impl SlidingAttacks for Perfect {
    const NAME: &'static str = "perfect";
    type Occupancy = Bitboard;

    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        rank_by_shift(sq, occupied) | file_by_h1(sq, occupied)
    }

    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        diagonal_by_h1(sq, occupied) | anti_diagonal_by_h2(sq, occupied)
    }

    fn table_bytes() -> usize {
        shared_table_bytes()
            + core::mem::size_of_val(&FILE_ATTACKS)
            + core::mem::size_of_val(&DIAGONAL_ATTACKS)
            + core::mem::size_of_val(&ANTI_DIAGONAL_ATTACKS)
            + core::mem::size_of_val(&FILE_VECTORS)
            + core::mem::size_of_val(&DIAGONAL_VECTORS)
            + core::mem::size_of_val(&ANTI_DIAGONAL_VECTORS)
    }
}

impl SlidingAttacks for PerfectMinimal {
    const NAME: &'static str = "perfect-minimal";
    type Occupancy = Bitboard;

    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        rank_by_shift(sq, occupied) | file_by_h1_minimal(sq, occupied)
    }

    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        diagonal_by_h1_minimal(sq, occupied) | anti_diagonal_by_h2_minimal(sq, occupied)
    }

    /// Counts only the `2^n` vector slots each line length uses.
    fn table_bytes() -> usize {
        let used: usize = (1..=8).map(|n| 1usize << n).sum();
        shared_table_bytes()
            + core::mem::size_of_val(&FILE_ATTACKS)
            + core::mem::size_of_val(&DIAGONAL_ATTACKS)
            + core::mem::size_of_val(&ANTI_DIAGONAL_ATTACKS)
            + core::mem::size_of_val(&FILE_VECTORS_MINIMAL)
            + 2 * used
    }
}

impl SlidingAttacks for PerfectDirect {
    const NAME: &'static str = "perfect-direct";
    type Occupancy = Bitboard;

    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        rank_by_shift(sq, occupied) | file_by_h1_direct(sq, occupied)
    }

    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        diagonal_by_h1_direct(sq, occupied) | anti_diagonal_by_h2_direct(sq, occupied)
    }

    fn table_bytes() -> usize {
        shared_table_bytes()
            + core::mem::size_of_val(&FILE_BY_HASH)
            + core::mem::size_of_val(&DIAGONAL_BY_HASH)
            + core::mem::size_of_val(&ANTI_DIAGONAL_BY_HASH)
    }
}
