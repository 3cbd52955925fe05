//! Direct lookup (Tannous 2007), as the paper builds it: four two-dimensional hash
//! tables, `rank`, `file`, `ne` (a1-h8 diagonals) and `nw` (a8-h1 diagonals), held in the
//! language's built-in map.
//!
//! The first dimension is the slider's square as a bitboard (`1 << sq`), the second the
//! occupancy of the line through it, isolated by masking the board; the value is the attack
//! set along that line, blockers included. A rook's attacks are the OR of its rank and file
//! lookups, a bishop's of its two diagonal lookups. Nothing is rotated and nothing needs
//! maintaining between moves.
//!
//! The tables are `std::collections::HashMap`s with the standard library's hasher (SipHash,
//! with fixed keys so that runs are reproducible), built on first use, as the paper's
//! Python builds its dictionaries at start-up; [`DirectDense`](crate::DirectDense) is the same
//! idea with arrays. The slider's own square is masked off the key, so the answer does not
//! depend on whether `occupied` includes it.
//!
//! ```
//! use chessbits_attack_tables::{Classical, Direct, SlidingAttacks};
//! use chessbits_bitboard_core::{Bitboard, Square};
//!
//! // Tannous 2007, Figure 1: the white bishop on c4.
//! let occupied = Bitboard::from_square(Square::C4) | Square::E6 | Square::B3 | Square::D3;
//! let attacks = Direct::bishop(Square::C4, occupied);
//! assert_eq!(attacks, Classical::bishop(Square::C4, occupied));
//! assert!(attacks.contains(Square::E6) && !attacks.contains(Square::F7));
//! ```

extern crate std;

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::OnceLock;
use std::vec::Vec;

use chessbits_bitboard_core::{reference, Bitboard, Direction, Square};

use crate::SlidingAttacks;

/// Direct lookup in `HashMap`s as a [`SlidingAttacks`] implementation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Direct;

/// The standard library's map with its standard hasher, seeded with fixed keys.
type Map<V> = HashMap<u64, V, BuildHasherDefault<DefaultHasher>>;

/// One of the four tables: square bitboard -> (line occupancy -> attacks).
type Table = Map<Map<u64>>;

/// The four tables and the line masks (without the slider) by square.
struct Tables {
    rank: Table,
    file: Table,
    ne: Table,
    nw: Table,
    masks: [[u64; 4]; 64],
}

static TABLES: OnceLock<Tables> = OnceLock::new();

fn build() -> Tables {
    let mut masks = [[0u64; 4]; 64];
    let mut tables: Vec<Table> = Vec::with_capacity(4);
    for (line, dirs) in Direction::LINES.iter().enumerate() {
        let mut table = Table::default();
        for sq in Square::ALL {
            let mask = reference::ray(sq, dirs[0]) | reference::ray(sq, dirs[1]);
            masks[sq.index()][line] = mask.0;
            let mut by_occupancy = Map::default();
            for occ in mask.subsets() {
                by_occupancy.insert(occ.0, reference::sliding_attacks(sq, occ, dirs).0);
            }
            table.insert(1 << sq as u32, by_occupancy);
        }
        tables.push(table);
    }
    let mut tables = tables.into_iter();
    let mut next = || tables.next().unwrap_or_default();
    Tables {
        rank: next(),
        file: next(),
        ne: next(),
        nw: next(),
        masks,
    }
}

#[inline]
fn tables() -> &'static Tables {
    TABLES.get_or_init(build)
}

/// `table[1 << sq][occupied & mask]`.
#[inline(always)]
fn lookup(table: &Table, sq: Square, mask: u64, occupied: u64) -> u64 {
    table
        .get(&(1 << sq as u32))
        .and_then(|by_occupancy| by_occupancy.get(&(occupied & mask)))
        .copied()
        .unwrap_or(0)
}

/// Bytes of one `HashMap` with `capacity` and entries of `entry` bytes, as hashbrown lays
/// it out: a power-of-two number of buckets (at 7/8 load), one control byte per bucket
/// plus one group of 16.
fn map_bytes(capacity: usize, entry: usize) -> usize {
    let buckets = if capacity < 8 {
        (capacity + 1).next_power_of_two()
    } else {
        (capacity * 8 / 7).next_power_of_two()
    };
    buckets * (entry + 1) + 16
}

impl Direct {
    /// Builds the tables now rather than on the first lookup (so a benchmark does not time
    /// the start-up).
    pub fn init() {
        let _ = tables();
    }

    /// Number of (square, occupancy) keys in the rank, file, ne and nw tables.
    #[must_use]
    pub fn key_counts() -> [usize; 4] {
        let t = tables();
        [&t.rank, &t.file, &t.ne, &t.nw].map(|table| table.values().map(Map::len).sum())
    }
}

impl SlidingAttacks for Direct {
    const NAME: &'static str = "direct";
    type Occupancy = Bitboard;

    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        let t = tables();
        let masks = &t.masks[sq.index()];
        Bitboard(
            lookup(&t.rank, sq, masks[0], occupied.0) | lookup(&t.file, sq, masks[1], occupied.0),
        )
    }

    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        let t = tables();
        let masks = &t.masks[sq.index()];
        Bitboard(lookup(&t.ne, sq, masks[2], occupied.0) | lookup(&t.nw, sq, masks[3], occupied.0))
    }

    /// Approximate: the maps' buckets, control bytes and the masks (the maps' own headers
    /// and the allocator's overhead are not counted).
    fn table_bytes() -> usize {
        let t = tables();
        let inner = core::mem::size_of::<(u64, u64)>();
        let outer = core::mem::size_of::<(u64, Map<u64>)>();
        [&t.rank, &t.file, &t.ne, &t.nw]
            .iter()
            .map(|table| {
                map_bytes(table.capacity(), outer)
                    + table
                        .values()
                        .map(|m| map_bytes(m.capacity(), inner))
                        .sum::<usize>()
            })
            .sum::<usize>()
            + core::mem::size_of_val(&t.masks)
    }
}
