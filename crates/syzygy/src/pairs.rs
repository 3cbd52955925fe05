//! The compressed values of a subtable: its compression parameters (block size, the sparse
//! index's span, the canonical Huffman code), the symbol tree of "recursive pairing" (each
//! symbol expands into a run of values), and the decoder of the value at an index. The
//! layout of the file is described in [`table`](crate::table), which reads the header and
//! the position encoding and keeps one [`Pairs`] per subtable.

use crate::bytes::{slice, u16_le, u32_be_padded, u32_le, u8_at};
use crate::consts::MAX_PIECES;
use crate::error::Bad;

/// Every position of the subtable has one value (`single_value`).
pub(crate) const FLAG_SINGLE_VALUE: u8 = 128;

/// The compressed values of one subtable (one side to move, one leading-pawn file) and how
/// its positions are indexed.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pairs {
    pub(crate) flags: u8,
    /// The piece codes in encoding order.
    pub(crate) pieces: [u8; MAX_PIECES],
    /// The size of each group; `groups` of them.
    pub(crate) group_len: [u8; MAX_PIECES],
    pub(crate) groups: usize,
    /// The factor of each group in the index.
    pub(crate) group_idx: [u64; MAX_PIECES],
    /// The number of positions.
    pub(crate) size: u64,
    /// The value of every position when `FLAG_SINGLE_VALUE` is set.
    pub(crate) single_value: u16,
    pub(crate) min_sym_len: u32,
    pub(crate) block_size: u64,
    pub(crate) span: u64,
    pub(crate) num_blocks: u64,
    pub(crate) block_length_count: u64,
    pub(crate) sparse_count: u64,
    pub(crate) lowest_sym: u64,
    /// `base64[l]`: the lowest code of length `min_sym_len + l`, left-aligned in 64 bits.
    pub(crate) base64: Vec<u64>,
    /// How many values, minus one, each symbol expands into.
    pub(crate) sym_len: Vec<u32>,
    pub(crate) btree: u64,
    pub(crate) sparse_index: u64,
    pub(crate) block_lengths: u64,
    pub(crate) data: u64,
    /// DTZ: where each of the four maps (win, loss, cursed win, blessed loss) starts,
    /// relative to the table's map area (in units of the map's entries, plus one).
    pub(crate) map_idx: [u64; 4],
}

/// Reads a subtable's compression parameters at `off`; returns the offset after them.
pub(crate) fn set_sizes(d: &[u8], mut off: u64, p: &mut Pairs) -> Result<u64, Bad> {
    p.flags = u8_at(d, off)?;
    off += 1;
    if p.flags & FLAG_SINGLE_VALUE != 0 {
        p.single_value = u16::from(u8_at(d, off)?);
        return Ok(off + 1);
    }
    let block_shift = u8_at(d, off)?;
    let span_shift = u8_at(d, off + 1)?;
    if block_shift > 32 || span_shift > 32 || span_shift == 0 {
        return Err(Bad::Corrupt("block size or sparse index span out of range"));
    }
    p.block_size = 1 << block_shift;
    p.span = 1 << span_shift;
    p.sparse_count = p.size.div_ceil(p.span);
    let padding = u8_at(d, off + 2)?;
    p.num_blocks = u64::from(u32_le(d, off + 3)?);
    p.block_length_count = p.num_blocks + u64::from(padding);
    let max_sym_len = u32::from(u8_at(d, off + 7)?);
    let min_sym_len = u32::from(u8_at(d, off + 8)?);
    off += 9;
    if min_sym_len == 0 || min_sym_len > max_sym_len || max_sym_len > 32 {
        return Err(Bad::Corrupt("Huffman code lengths out of range"));
    }
    p.min_sym_len = min_sym_len;
    p.lowest_sym = off;
    let lengths = (max_sym_len - min_sym_len + 1) as usize;
    let mut base = vec![0u64; lengths];
    for i in (0..lengths - 1).rev() {
        let lo_i = u64::from(u16_le(d, off + 2 * i as u64)?);
        let lo_next = u64::from(u16_le(d, off + 2 * (i as u64 + 1))?);
        let b = (base[i + 1] + lo_i)
            .checked_sub(lo_next)
            .ok_or(Bad::Corrupt("inconsistent Huffman code"))?
            / 2;
        if b * 2 < base[i + 1] {
            return Err(Bad::Corrupt("inconsistent Huffman code"));
        }
        base[i] = b;
    }
    for (i, b) in base.iter_mut().enumerate() {
        // i + min_sym_len <= max_sym_len <= 32: the shift is 32..=63.
        *b <<= 64 - i as u32 - min_sym_len;
    }
    p.base64 = base;
    off += 2 * lengths as u64;
    let symbols = usize::from(u16_le(d, off)?);
    off += 2;
    p.btree = off;
    p.sym_len = symbol_lengths(d, off, symbols)?;
    Ok(off + 3 * symbols as u64 + (symbols as u64 & 1))
}

/// The two halves of a symbol's tree entry: left and right (the right is `0xFFF` for a
/// symbol that is a value, the left then being the value).
#[inline]
fn children(d: &[u8], btree: u64, sym: usize) -> Result<(usize, usize), Bad> {
    let s = slice(d, btree + 3 * sym as u64, 3)?;
    let left = usize::from(s[1] & 0xF) << 8 | usize::from(s[0]);
    let right = usize::from(s[2]) << 4 | usize::from(s[1] >> 4);
    Ok((left, right))
}

/// How many values, minus one, each symbol expands into; without recursion, and rejecting
/// a cycle in the tree.
fn symbol_lengths(d: &[u8], btree: u64, n: usize) -> Result<Vec<u32>, Bad> {
    let mut len = vec![0u32; n];
    // 0: not seen, 1: children being computed, 2: done.
    let mut state = vec![0u8; n];
    let mut stack = Vec::new();
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        stack.push(root);
        while let Some(&s) = stack.last() {
            match state[s] {
                0 => {
                    state[s] = 1;
                    let (l, r) = children(d, btree, s)?;
                    if r == 0xFFF {
                        state[s] = 2;
                        stack.pop();
                        continue;
                    }
                    for c in [l, r] {
                        match state.get(c) {
                            None => return Err(Bad::Corrupt("symbol out of range")),
                            Some(1) => return Err(Bad::Corrupt("cycle in the symbol tree")),
                            Some(0) => stack.push(c),
                            Some(_) => {}
                        }
                    }
                }
                1 => {
                    let (l, r) = children(d, btree, s)?;
                    len[s] = len[l]
                        .checked_add(len[r])
                        .and_then(|x| x.checked_add(1))
                        .filter(|&x| x <= 1 << 20)
                        .ok_or(Bad::Corrupt("symbol expands too far"))?;
                    state[s] = 2;
                    stack.pop();
                }
                _ => {
                    stack.pop();
                }
            }
        }
    }
    Ok(len)
}

/// The value at `idx` of a subtable.
pub(crate) fn decompress(d: &[u8], p: &Pairs, idx: u64) -> Result<u16, Bad> {
    if p.flags & FLAG_SINGLE_VALUE != 0 {
        return Ok(p.single_value);
    }
    if idx >= p.size {
        return Err(Bad::Corrupt("index beyond the table"));
    }
    let k = idx / p.span;
    let entry = p.sparse_index + 6 * k;
    let mut block = u64::from(u32_le(d, entry)?);
    // span <= 2^32: the difference fits.
    let mut offset = i64::from(u16_le(d, entry + 4)?) + (idx % p.span) as i64 - (p.span / 2) as i64;
    let block_length = |b: u64| -> Result<i64, Bad> {
        if b >= p.block_length_count {
            return Err(Bad::Corrupt("sparse index points past the blocks"));
        }
        Ok(i64::from(u16_le(d, p.block_lengths + 2 * b)?))
    };
    while offset < 0 {
        block = block
            .checked_sub(1)
            .ok_or(Bad::Corrupt("sparse index points before the first block"))?;
        offset += block_length(block)? + 1;
    }
    loop {
        let len = block_length(block)?;
        if offset <= len {
            break;
        }
        offset -= len + 1;
        block += 1;
    }
    if block >= p.num_blocks {
        return Err(Bad::Corrupt("sparse index points past the blocks"));
    }
    // Inside the file: checked when the table was opened.
    let start = (p.data + block * p.block_size) as usize;
    let hi = u64::from(u32_be_padded(d, start));
    let lo = u64::from(u32_be_padded(d, start.saturating_add(4)));
    let mut buf = hi << 32 | lo;
    let mut next = start.saturating_add(8);
    let mut bits = 64u32;
    let min = p.min_sym_len;
    let mut sym;
    loop {
        let mut l = 0;
        while buf < p.base64[l] {
            l += 1;
            if l >= p.base64.len() {
                return Err(Bad::Corrupt("invalid Huffman code"));
            }
        }
        let code_len = l as u32 + min;
        let lowest = u64::from(u16_le(d, p.lowest_sym + 2 * l as u64)?);
        let s = ((buf - p.base64[l]) >> (64 - code_len)) + lowest;
        sym = usize::try_from(s).map_err(|_| Bad::Corrupt("symbol out of range"))?;
        let run = i64::from(
            *p.sym_len
                .get(sym)
                .ok_or(Bad::Corrupt("symbol out of range"))?,
        );
        if offset <= run {
            break;
        }
        offset -= run + 1;
        buf = buf.checked_shl(code_len).unwrap_or(0);
        bits -= code_len;
        if bits <= 32 {
            bits += 32;
            buf |= u64::from(u32_be_padded(d, next)) << (64 - bits);
            next = next.saturating_add(4);
        }
    }
    // Expand the symbol down the tree to the value at `offset`.
    while p.sym_len[sym] != 0 {
        let (left, right) = children(d, p.btree, sym)?;
        let run_left = i64::from(
            *p.sym_len
                .get(left)
                .ok_or(Bad::Corrupt("symbol out of range"))?,
        );
        let child = if offset <= run_left {
            left
        } else {
            offset -= run_left + 1;
            right
        };
        match p.sym_len.get(child) {
            Some(&len) if len < p.sym_len[sym] => sym = child,
            _ => return Err(Bad::Corrupt("invalid symbol tree")),
        }
    }
    let (value, _) = children(d, p.btree, sym)?;
    // 12 bits.
    Ok(value as u16)
}
