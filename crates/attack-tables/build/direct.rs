//! The dense direct-lookup tables (Tannous 2007 with arrays instead of the language's map):
//! for each line kind and square, an open-addressing hash table keyed by the masked line
//! occupancy, probed by double hashing (Knuth's Algorithm D, the scheme of the Python
//! dictionary the paper uses). Each square's table has room for twice its keys.

use chessbits_bitboard_core::{Bitboard, Square};

use super::lines::Line;

/// First multiplier: the home slot is `(key * K1) >> shift`.
pub(crate) const K1: u64 = 0x9e37_79b9_7f4a_7c15;
/// Second multiplier: the probe step is `((key * K2) >> shift) | 1`.
pub(crate) const K2: u64 = 0xc2b2_ae3d_27d4_eb4f;
/// Key of an empty slot (no masked occupancy is all ones).
pub(crate) const EMPTY: u64 = u64::MAX;

/// One square's table: which squares make the key, where the table starts, and
/// `64 - log2(capacity)`.
pub(crate) struct Slot {
    pub(crate) mask: u64,
    pub(crate) offset: usize,
    pub(crate) shift: u32,
}

/// The per-square descriptors of `line` and its `(key, attacks)` entries.
pub(crate) fn table(line: Line) -> (Vec<Slot>, Vec<[u64; 2]>) {
    let mut slots = Vec::with_capacity(64);
    let mut entries: Vec<[u64; 2]> = Vec::new();
    for sq in Square::ALL {
        let mask = line.mask(sq) - sq;
        let keys = 1usize << mask.count();
        let capacity = 2 * keys;
        let bits = capacity.trailing_zeros();
        let shift = 64 - bits;
        let offset = entries.len();
        entries.resize(offset + capacity, [EMPTY, 0]);
        let mut longest = 0;
        for occ in mask.subsets() {
            let key = occ.0;
            let mut i = (key.wrapping_mul(K1) >> shift) as usize;
            let step = ((key.wrapping_mul(K2) >> shift) | 1) as usize;
            let mut probes = 1;
            while entries[offset + i][0] != EMPTY {
                assert_ne!(entries[offset + i][0], key, "keys are distinct");
                i = (i + step) & (capacity - 1);
                probes += 1;
            }
            longest = longest.max(probes);
            entries[offset + i] = [key, line.attacks(sq, Bitboard(key))];
        }
        assert!(longest <= capacity, "probing terminates");
        slots.push(Slot {
            mask: mask.0,
            offset,
            shift,
        });
    }
    (slots, entries)
}
