//! Bounds-checked reads of a table file's bytes and checked size arithmetic: every read of
//! [`table`](crate::table) and [`pairs`](crate::pairs) goes through these, so a hostile file
//! gives a [`Bad`], never a panic or a read out of bounds.

use crate::error::Bad;

#[inline]
pub(crate) fn slice(d: &[u8], off: u64, len: u64) -> Result<&[u8], Bad> {
    let end = off
        .checked_add(len)
        .ok_or(Bad::Corrupt("offset overflows"))?;
    let (s, e) = (
        usize::try_from(off).map_err(|_| Bad::Truncated(end))?,
        usize::try_from(end).map_err(|_| Bad::Truncated(end))?,
    );
    d.get(s..e).ok_or(Bad::Truncated(end))
}

#[inline]
pub(crate) fn u8_at(d: &[u8], off: u64) -> Result<u8, Bad> {
    Ok(slice(d, off, 1)?[0])
}

#[inline]
pub(crate) fn u16_le(d: &[u8], off: u64) -> Result<u16, Bad> {
    let s = slice(d, off, 2)?;
    Ok(u16::from_le_bytes([s[0], s[1]]))
}

#[inline]
pub(crate) fn u32_le(d: &[u8], off: u64) -> Result<u32, Bad> {
    let s = slice(d, off, 4)?;
    Ok(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// Four big-endian bytes, zeros past the end of the data (the decoder reads a few bytes
/// ahead of the bits it uses; bytes past the end are never part of a valid symbol).
#[inline]
pub(crate) fn u32_be_padded(d: &[u8], off: usize) -> u32 {
    match d.get(off..off.saturating_add(4)) {
        Some(s) => u32::from_be_bytes([s[0], s[1], s[2], s[3]]),
        None => {
            let mut b = [0u8; 4];
            for (i, byte) in b.iter_mut().enumerate() {
                *byte = off
                    .checked_add(i)
                    .and_then(|o| d.get(o))
                    .copied()
                    .unwrap_or(0);
            }
            u32::from_be_bytes(b)
        }
    }
}

pub(crate) fn add(a: u64, b: u64) -> Result<u64, Bad> {
    a.checked_add(b).ok_or(Bad::Corrupt("size overflows"))
}

pub(crate) fn mul(a: u64, b: u64) -> Result<u64, Bad> {
    a.checked_mul(b).ok_or(Bad::Corrupt("size overflows"))
}
