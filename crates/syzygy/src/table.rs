//! One table file decoded: its header, the position encoding, and the compressed values.
//!
//! # The format, as this module reads it
//!
//! A file starts with four magic bytes (one value for WDL, one for DTZ) and a byte of flags
//! (bit 0: the two sides to move are stored separately, bit 1: the table has pawns). A
//! pawnless table is one *subtable* per side to move (WDL) or one in all (DTZ); a table with
//! pawns has one per file a-d of the leading pawn, for each side to move.
//!
//! For each of these files comes a byte (two when both colours have pawns) whose nibbles give
//! the order in which the piece groups are combined, then one byte per piece whose nibbles are
//! the piece codes (`1..6` white pawn to king, `9..14` black) of each side's subtable: the
//! order in which the pieces are encoded. Pieces form groups (the leading group: the two kings,
//! three unique pieces, or the leading pawns; then each run of like pieces); the index of a
//! position is a mixed-radix number whose digits are the groups' placements.
//!
//! Then, per subtable, the sizes of the compressed data: the block size, the *span* of the
//! sparse index, the number of blocks, and a canonical Huffman code whose symbols stand for
//! *pairs* of symbols ("recursive pairing"): each symbol expands, through a binary tree, into
//! a run of values. After these come (DTZ only) the maps from stored values to distances, then
//! each subtable's sparse index (every `span` values, the block and the offset in it),
//! block lengths (the values per block, minus one) and the 64-byte aligned blocks themselves.
//!
//! This module reads the header and keeps a [`Pairs`] per subtable;
//! [`index`](crate::index) computes the groups and a position's index in a subtable, and
//! [`pairs`](crate::pairs) decodes the compressed values. Every read of
//! the file's bytes is bounds-checked and every size is checked arithmetic
//! ([`bytes`](crate::bytes)): a hostile file gives a [`Bad`], never a panic or a read out of
//! bounds.

use crate::bytes::{add, mul, slice, u16_le, u8_at};
use crate::consts::MAP_PAWNS;
use crate::error::Bad;
use crate::index::{encode, set_groups, Pieces};
use crate::material::Material;
use crate::pairs::{decompress, set_sizes, Pairs};
use crate::wdl::Wdl;

/// Which kind of table a file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// Win/draw/loss, `.rtbw`.
    Wdl,
    /// Distance to zeroing the 50-move counter, `.rtbz`.
    Dtz,
}

impl TableKind {
    /// The file extension, with its dot.
    pub fn extension(self) -> &'static str {
        match self {
            TableKind::Wdl => ".rtbw",
            TableKind::Dtz => ".rtbz",
        }
    }

    fn magic(self) -> [u8; 4] {
        match self {
            TableKind::Wdl => [0x71, 0xE8, 0x23, 0x5D],
            TableKind::Dtz => [0xD7, 0x66, 0x0C, 0xA5],
        }
    }
}

// Subtable flags.
const FLAG_STM: u8 = 1;
const FLAG_MAPPED: u8 = 2;
const FLAG_WIN_PLIES: u8 = 4;
const FLAG_LOSS_PLIES: u8 = 8;
const FLAG_WIDE: u8 = 16;

/// A decoded table file over its bytes (a memory map or a buffer).
pub(crate) struct Table<B> {
    bytes: B,
    kind: TableKind,
    has_pawns: bool,
    symmetric: bool,
    /// WDL tables of unlike sides store both sides to move.
    sides: usize,
    /// Subtables, `[side * 4 + file]`.
    pairs: Vec<Pairs>,
    /// DTZ: the start of the maps.
    map: u64,
}

/// What a table says about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stored {
    /// The result a WDL table stores.
    Wdl(Wdl),
    /// The distance a DTZ table stores, in plies, as the file holds it (doubled where the
    /// table counts moves), before the zeroing move itself is counted: python-chess's
    /// `probe_dtz_table` value.
    Dtz(i32),
    /// A DTZ table stores the other side to move only.
    OtherSide,
}

impl<B: AsRef<[u8]>> Table<B> {
    /// Reads the header of a table file of `material` (as its name gives it).
    pub(crate) fn new(bytes: B, kind: TableKind, material: Material) -> Result<Self, Bad> {
        let d = bytes.as_ref();
        if slice(d, 0, 4)? != kind.magic() {
            return Err(Bad::Corrupt(match kind {
                TableKind::Wdl => "wrong magic bytes for a WDL table",
                TableKind::Dtz => "wrong magic bytes for a DTZ table",
            }));
        }
        let header = u8_at(d, 4)?;
        let symmetric = material.is_symmetric();
        let has_pawns = material.has_pawns();
        if (header & 1 != 0) == symmetric || (header & 2 != 0) != has_pawns {
            return Err(Bad::Corrupt(
                "header flags do not match the material of the file name",
            ));
        }
        let sides = if kind == TableKind::Wdl && !symmetric {
            2
        } else {
            1
        };
        let files = if has_pawns { 4 } else { 1 };
        let both_pawns = material.pawns(0) > 0 && material.pawns(1) > 0;
        let n = material.count();
        let mut pairs = vec![Pairs::default(); 2 * 4];
        let mut off = 5u64;

        for f in 0..files {
            let b0 = u8_at(d, off)?;
            let b1 = if both_pawns { u8_at(d, off + 1)? } else { 0xFF };
            let order = [[b0 & 0xF, b1 & 0xF], [b0 >> 4, b1 >> 4]];
            off += 1 + u64::from(both_pawns);
            for k in 0..n {
                let b = u8_at(d, off)?;
                for (side, p) in [b & 0xF, b >> 4].into_iter().enumerate().take(sides) {
                    pairs[side * 4 + f].pieces[k] = p;
                }
                off += 1;
            }
            for side in 0..sides {
                let p = &mut pairs[side * 4 + f];
                check_pieces(&p.pieces[..n], &material)?;
                set_groups(p, &material, n, order[side], f)?;
            }
        }
        off += off & 1;

        for f in 0..files {
            for side in 0..sides {
                off = set_sizes(d, off, &mut pairs[side * 4 + f])?;
            }
        }

        let map = off;
        if kind == TableKind::Dtz {
            for p in pairs.iter_mut().take(files) {
                if p.flags & FLAG_MAPPED == 0 {
                    continue;
                }
                if p.flags & FLAG_WIDE != 0 {
                    off += off & 1;
                    for i in 0..4 {
                        p.map_idx[i] = (off - map) / 2 + 1;
                        off = add(off, 2 * u64::from(u16_le(d, off)?) + 2)?;
                    }
                } else {
                    for i in 0..4 {
                        p.map_idx[i] = off - map + 1;
                        off = add(off, u64::from(u8_at(d, off)?) + 1)?;
                    }
                }
            }
            off += off & 1;
        }

        for f in 0..files {
            for side in 0..sides {
                let p = &mut pairs[side * 4 + f];
                p.sparse_index = off;
                off = add(off, mul(p.sparse_count, 6)?)?;
            }
        }
        for f in 0..files {
            for side in 0..sides {
                let p = &mut pairs[side * 4 + f];
                p.block_lengths = off;
                off = add(off, mul(p.block_length_count, 2)?)?;
            }
        }
        for f in 0..files {
            for side in 0..sides {
                let p = &mut pairs[side * 4 + f];
                off = add(off, 63)? & !63;
                p.data = off;
                off = add(off, mul(p.num_blocks, p.block_size)?)?;
            }
        }
        if off > d.len() as u64 {
            return Err(Bad::Truncated(off));
        }
        Ok(Table {
            bytes,
            kind,
            has_pawns,
            symmetric,
            sides,
            pairs,
            map,
        })
    }

    /// The value stored for a position, given in this table's colours (white = the file
    /// name's first side). For DTZ, `wdl` is the position's result, which selects the map.
    pub(crate) fn probe(&self, pos: &mut Pieces, wdl: Wdl) -> Result<Stored, Bad> {
        let n = pos.len;
        let mut stm = usize::from(pos.black_to_move);
        let mut lead = 0;
        let mut file = 0;
        if self.has_pawns {
            // The leading pawns first: the colour of the first piece of the subtables.
            let lead_code = self.pairs[0].pieces[0];
            let (codes, squares) = (&mut pos.codes, &mut pos.squares);
            for i in 0..n {
                if codes[i] == lead_code {
                    codes.swap(i, lead);
                    squares.swap(i, lead);
                    lead += 1;
                }
            }
            if lead == 0 {
                return Err(Bad::Corrupt("the leading pawns are missing"));
            }
            // The leading pawn: nearest an edge, then lowest.
            let mut best = 0;
            for i in 1..lead {
                if MAP_PAWNS[usize::from(squares[i])] > MAP_PAWNS[usize::from(squares[best])] {
                    best = i;
                }
            }
            squares.swap(0, best);
            let f = usize::from(squares[0] & 7);
            file = f.min(7 - f);
        }
        if self.kind == TableKind::Dtz {
            let stored = usize::from(self.pairs[file].flags & FLAG_STM);
            // A pawnless table of like sides serves both sides to move.
            let both = self.symmetric && !self.has_pawns;
            if stored != stm && !both {
                return Ok(Stored::OtherSide);
            }
            stm = 0;
        }
        let p = &self.pairs[(stm % self.sides) * 4 + file];
        // The other pieces in the subtable's order.
        for i in lead..n.saturating_sub(1) {
            if let Some(j) = (i + 1..n).find(|&j| pos.codes[j] == p.pieces[i]) {
                pos.codes.swap(i, j);
                pos.squares.swap(i, j);
            }
        }
        if pos.codes[..n] != p.pieces[..n] {
            return Err(Bad::Corrupt("pieces do not match the table"));
        }
        let idx = encode(p, &mut pos.squares[..n], lead, self.has_pawns)?;
        let value = decompress(self.bytes.as_ref(), p, idx)?;
        match self.kind {
            TableKind::Wdl => Wdl::from_i32(i32::from(value) - 2)
                .map(Stored::Wdl)
                .ok_or(Bad::Corrupt("WDL value out of range")),
            TableKind::Dtz => self.map_dtz(p, value, wdl).map(Stored::Dtz),
        }
    }

    fn map_dtz(&self, p: &Pairs, value: u16, wdl: Wdl) -> Result<i32, Bad> {
        let d = self.bytes.as_ref();
        let map = match wdl {
            Wdl::Win => 0,
            Wdl::Loss => 1,
            Wdl::CursedWin => 2,
            Wdl::BlessedLoss => 3,
            // Never asked by the probes (a draw has no distance); python-chess's choice.
            Wdl::Draw => 0,
        };
        let mut v = u64::from(value);
        if p.flags & FLAG_MAPPED != 0 {
            let at = add(p.map_idx[map], v)?;
            v = if p.flags & FLAG_WIDE != 0 {
                u64::from(u16_le(d, add(self.map, mul(at, 2)?)?).map_err(corrupt_map)?)
            } else {
                u64::from(u8_at(d, add(self.map, at)?).map_err(corrupt_map)?)
            };
        }
        let plies = (wdl == Wdl::Win && p.flags & FLAG_WIN_PLIES != 0)
            || (wdl == Wdl::Loss && p.flags & FLAG_LOSS_PLIES != 0);
        if !plies {
            v *= 2;
        }
        // At most 2 * 65535.
        Ok(v as i32)
    }

    /// The length of the file in bytes.
    pub(crate) fn len(&self) -> usize {
        self.bytes.as_ref().len()
    }
}

fn corrupt_map(_: Bad) -> Bad {
    Bad::Corrupt("DTZ map entry out of range")
}

/// The subtable's pieces must be the material's pieces, in some order.
fn check_pieces(pieces: &[u8], material: &Material) -> Result<(), Bad> {
    let mut counts = [[0u8; 6]; 2];
    for &p in pieces {
        let role = usize::from(p & 7);
        if !(1..=6).contains(&role) || p & !0xF != 0 {
            return Err(Bad::Corrupt("invalid piece code"));
        }
        counts[usize::from(p >> 3)][role - 1] += 1;
    }
    if counts != material.counts {
        return Err(Bad::Corrupt(
            "pieces do not match the material of the file name",
        ));
    }
    Ok(())
}
