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
//! This module reads the header, the groups and the position encoding, and keeps a
//! [`Pairs`] per subtable; [`pairs`](crate::pairs) decodes the compressed values. Every read of
//! the file's bytes is bounds-checked and every size is checked arithmetic
//! ([`bytes`](crate::bytes)): a hostile file gives a [`Bad`], never a panic or a read out of
//! bounds.

use crate::bytes::{add, mul, slice, u16_le, u8_at};
use crate::consts::{
    binom, off_diagonal, LEAD_PAWNS_SIZE, LEAD_PAWN_IDX, MAP_A1D1D4, MAP_B1H1H7, MAP_KK, MAP_PAWNS,
    MAX_PIECES,
};
use crate::error::Bad;
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

/// A position prepared for a table: piece codes in the table's colours (`1..6` white pawn
/// to king, `9..14` black) and squares, and whose turn it is.
pub(crate) struct Pieces {
    pub(crate) codes: [u8; MAX_PIECES],
    pub(crate) squares: [u8; MAX_PIECES],
    pub(crate) len: usize,
    /// Black to move.
    pub(crate) black_to_move: bool,
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

/// The groups of a subtable and each group's factor in the index.
fn set_groups(
    p: &mut Pairs,
    material: &Material,
    n: usize,
    order: [u8; 2],
    file: usize,
) -> Result<(), Bad> {
    let has_pawns = material.has_pawns();
    let unique = material.has_unique_pieces();
    let mut first_len: i32 = if has_pawns {
        0
    } else if unique {
        3
    } else {
        2
    };
    p.group_len = [0; MAX_PIECES];
    p.group_len[0] = 1;
    let mut groups = 1;
    for i in 1..n {
        first_len -= 1;
        if first_len > 0 || p.pieces[i] == p.pieces[i - 1] {
            p.group_len[groups - 1] += 1;
        } else {
            p.group_len[groups] = 1;
            groups += 1;
        }
    }
    p.groups = groups;
    let g = |i: usize| usize::from(p.group_len[i]);

    let both_pawns = material.pawns(0) > 0 && material.pawns(1) > 0;
    if has_pawns {
        // The leading group is every pawn of the first piece's colour, and with pawns on
        // both sides the second group is the other colour's pawns.
        let lead = p.pieces[0];
        let colour = usize::from(lead >> 3);
        if lead & 7 != 1 || g(0) != usize::from(material.pawns(colour)) {
            return Err(Bad::Corrupt(
                "the leading group is not the pawns of one side",
            ));
        }
        if both_pawns
            && (groups < 2
                || g(1) != usize::from(material.pawns(1 - colour))
                || p.pieces[g(0)] & 7 != 1)
        {
            return Err(Bad::Corrupt(
                "the second group is not the other side's pawns",
            ));
        }
    }
    let mut next = if both_pawns { 2 } else { 1 };
    let mut free = 64usize
        .checked_sub(g(0) + if both_pawns { g(1) } else { 0 })
        .ok_or(Bad::Corrupt("too many pieces"))?;
    let mut idx = 1u64;
    let mut assigned = [false; MAX_PIECES];
    let mut k = 0u8;
    while next < groups || k == order[0] || k == order[1] {
        if k > 15 {
            return Err(Bad::Corrupt("invalid group order"));
        }
        let (slot, factor) = if k == order[0] {
            let factor = if has_pawns {
                *LEAD_PAWNS_SIZE
                    .get(g(0))
                    .and_then(|row| row.get(file))
                    .ok_or(Bad::Corrupt("too many leading pawns"))?
            } else if unique {
                31332
            } else {
                462
            };
            (0, factor)
        } else if k == order[1] {
            if !both_pawns {
                return Err(Bad::Corrupt("invalid group order"));
            }
            let factor = binom(g(1), 48 - g(0)).ok_or(Bad::Corrupt("group too large"))?;
            (1, factor)
        } else {
            if next >= groups {
                return Err(Bad::Corrupt("invalid group order"));
            }
            let factor = binom(g(next), free).ok_or(Bad::Corrupt("group too large"))?;
            free = free
                .checked_sub(g(next))
                .ok_or(Bad::Corrupt("too many pieces"))?;
            next += 1;
            (next - 1, factor)
        };
        p.group_idx[slot] = idx;
        assigned[slot] = true;
        idx = mul(idx, factor)?;
        k += 1;
    }
    if assigned[..groups].contains(&false) || idx == 0 {
        return Err(Bad::Corrupt("invalid group order"));
    }
    p.size = idx;
    Ok(())
}

/// The index of a position whose pieces are in the subtable's order.
fn encode(p: &Pairs, sq: &mut [u8], lead: usize, has_pawns: bool) -> Result<u64, Bad> {
    let n = sq.len();
    if sq[0] & 7 > 3 {
        for s in sq.iter_mut() {
            *s ^= 7;
        }
    }
    let mut idx;
    if has_pawns {
        idx = LEAD_PAWN_IDX
            .get(lead)
            .ok_or(Bad::Corrupt("too many leading pawns"))?[usize::from(sq[0])];
        sq[1..lead].sort_by_key(|&s| MAP_PAWNS[usize::from(s)]);
        for i in 1..lead {
            idx += binom(i, usize::from(MAP_PAWNS[usize::from(sq[i])]))
                .ok_or(Bad::Corrupt("too many leading pawns"))?;
        }
    } else {
        if sq[0] >> 3 > 3 {
            for s in sq.iter_mut() {
                *s ^= 56;
            }
        }
        let first = usize::from(p.group_len[0]);
        for i in 0..first.min(n) {
            let off = off_diagonal(usize::from(sq[i]));
            if off == 0 {
                continue;
            }
            if off > 0 {
                for s in sq[i..].iter_mut() {
                    *s = ((*s >> 3) | (*s << 3)) & 63;
                }
            }
            break;
        }
        let s = |i: usize| usize::from(sq[i]);
        if first == 3 && n >= 3 {
            let adjust1 = usize::from(s(1) > s(0));
            let adjust2 = usize::from(s(2) > s(0)) + usize::from(s(2) > s(1));
            let rank = |i: usize| s(i) >> 3;
            idx = if off_diagonal(s(0)) != 0 {
                (usize::from(MAP_A1D1D4[s(0)]) * 63 + (s(1) - adjust1)) * 62 + s(2) - adjust2
            } else if off_diagonal(s(1)) != 0 {
                (6 * 63 + rank(0) * 28 + usize::from(MAP_B1H1H7[s(1)])) * 62 + s(2) - adjust2
            } else if off_diagonal(s(2)) != 0 {
                6 * 63 * 62
                    + 4 * 28 * 62
                    + rank(0) * 7 * 28
                    + (rank(1) - adjust1) * 28
                    + usize::from(MAP_B1H1H7[s(2)])
            } else {
                6 * 63 * 62
                    + 4 * 28 * 62
                    + 4 * 7 * 28
                    + rank(0) * 7 * 6
                    + (rank(1) - adjust1) * 6
                    + (rank(2) - adjust2)
            } as u64;
        } else if first == 2 && n >= 2 {
            idx = u64::from(MAP_KK[usize::from(MAP_A1D1D4[s(0)])][s(1)]);
        } else {
            return Err(Bad::Corrupt("invalid leading group"));
        }
    }
    idx = mul(idx, p.group_idx[0])?;

    // The other groups, each sorted, each square counted among the squares left free by
    // the groups before it.
    let mut start = usize::from(p.group_len[0]);
    let mut remaining_pawns = has_pawns && p.groups > 1 && p.pieces[start] & 7 == 1;
    for g in 1..p.groups {
        let len = usize::from(p.group_len[g]);
        let end = start + len;
        if end > n {
            return Err(Bad::Corrupt("groups exceed the pieces"));
        }
        let (before, group) = sq.split_at_mut(start);
        let group = &mut group[..len];
        group.sort_unstable();
        let mut v = 0u64;
        for (i, &s) in group.iter().enumerate() {
            let adjust = before.iter().filter(|&&b| s > b).count();
            let k = usize::from(s)
                .checked_sub(adjust + if remaining_pawns { 8 } else { 0 })
                .ok_or(Bad::Corrupt("pawn off the pawn ranks"))?;
            v += binom(i + 1, k).ok_or(Bad::Corrupt("group too large"))?;
        }
        remaining_pawns = false;
        idx = add(idx, mul(v, p.group_idx[g])?)?;
        start = end;
    }
    Ok(idx)
}

impl Pieces {
    /// Converts the piece list of a board to table codes. `flip` exchanges the colours and
    /// mirrors the ranks (the table holds the position with colours exchanged).
    pub(crate) fn new(
        board: &chessbits_position::Board,
        black_to_move: bool,
        flip: bool,
    ) -> Pieces {
        let mut codes = [0u8; MAX_PIECES];
        let mut squares = [0u8; MAX_PIECES];
        let mut len = 0;
        for sq in board.occupied() {
            if len == MAX_PIECES {
                break;
            }
            if let Some(piece) = board.piece_at(sq) {
                let mut code = piece.role.index() as u8 + 1 + 8 * piece.color.index() as u8;
                let mut s = sq as u8;
                if flip {
                    code ^= 8;
                    s ^= 56;
                }
                codes[len] = code;
                squares[len] = s;
                len += 1;
            }
        }
        Pieces {
            codes,
            squares,
            len,
            black_to_move: black_to_move ^ flip,
        }
    }
}
