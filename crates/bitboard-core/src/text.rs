//! Where move texts are written: the [`TextSink`] trait, and [`MoveText`], a text of at most
//! eight ASCII bytes packed into one word.
//!
//! Every writer of a move's text in the workspace (UCI here in [`Move::write_uci`], SAN in
//! `movegen`) writes into a [`TextSink`], so that each notation is spelled in one place and
//! reaches a `String`, a `Vec<u8>` or a [`MoveText`] alike; `Display` goes through the same
//! writer, which serves any [`core::fmt::Write`].
//!
//! [`Move::write_uci`]: crate::Move::write_uci

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Somewhere to write the ASCII text of a move (SAN, UCI).
///
/// Implemented for `Vec<u8>`, `String` and [`MoveText`]. A writer only ever hands ASCII
/// bytes to a sink.
pub trait TextSink {
    /// Appends one ASCII byte.
    fn put(&mut self, byte: u8);

    /// Appends ASCII bytes.
    #[inline]
    fn put_all(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.put(b);
        }
    }
}

impl TextSink for Vec<u8> {
    #[inline]
    fn put(&mut self, byte: u8) {
        self.push(byte);
    }

    #[inline]
    fn put_all(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

impl TextSink for String {
    #[inline]
    fn put(&mut self, byte: u8) {
        // ASCII by the trait's contract; anything else becomes U+FFFD, never invalid UTF-8.
        self.push(if byte.is_ascii() {
            char::from(byte)
        } else {
            char::REPLACEMENT_CHARACTER
        });
    }
}

/// A move's text (SAN or UCI: at most eight bytes, no NUL) packed into one `u64`: its bytes
/// little-endian, zero above.
///
/// Made for tables of millions of moves: a text is a word, compared, hashed and stored as
/// one, and written byte by byte without touching memory. [`MoveText::to_bits`] and
/// [`MoveText::from_bits`] give the word itself (the empty text is 0).
///
/// ```
/// use chessbits_bitboard_core::{MoveText, TextSink};
///
/// let mut t = MoveText::new();
/// t.put_all(b"Nbd7+");
/// assert_eq!(t.as_bytes().as_slice(), b"Nbd7+");
/// assert_eq!(MoveText::pack(b"Nbd7+"), Some(t));
/// assert_eq!(t.to_string(), "Nbd7+");
/// assert_eq!(MoveText::pack(b"too long!"), None);
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveText(u64);

impl MoveText {
    /// The most bytes a [`MoveText`] holds.
    pub const CAPACITY: usize = 8;

    /// The empty text.
    #[inline]
    #[must_use]
    pub const fn new() -> MoveText {
        MoveText(0)
    }

    /// `text` packed, or `None` when it is longer than [`MoveText::CAPACITY`] or holds a
    /// NUL byte.
    ///
    /// The bytes are read as two overlapping 4-byte words (or three single bytes), not
    /// copied into an array: a copy of a variable length is a call to `memcpy`, and reading
    /// the array back as a word stalls on the stores.
    #[inline]
    #[must_use]
    pub fn pack(text: &[u8]) -> Option<MoveText> {
        let n = text.len();
        let code = match n {
            0 => return Some(MoveText(0)),
            1..=3 => {
                u64::from(text[0])
                    | (u64::from(text[n / 2]) << (8 * (n / 2)))
                    | (u64::from(text[n - 1]) << (8 * (n - 1)))
            }
            4..=8 => {
                let lo = u32::from_le_bytes(*text.first_chunk::<4>()?);
                let hi = u32::from_le_bytes(*text.last_chunk::<4>()?);
                u64::from(lo) | (u64::from(hi) << (8 * (n - 4)))
            }
            _ => return None,
        };
        // A NUL byte among the first `n` (the bytes above are set so as not to count).
        let x = code | (!0u64).checked_shl(8 * n as u32).unwrap_or(0);
        let zero = x.wrapping_sub(0x0101_0101_0101_0101) & !x & 0x8080_8080_8080_8080;
        (zero == 0).then_some(MoveText(code))
    }

    /// The packed word: the bytes little-endian, zero above.
    #[inline]
    #[must_use]
    pub const fn to_bits(self) -> u64 {
        self.0
    }

    /// The text whose packed word is `bits` (any word is a text: its bytes up to the
    /// highest non-zero one, so a zero byte below it is part of the text).
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u64) -> MoveText {
        MoveText(bits)
    }

    /// How many bytes the text has.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        8 - (self.0.leading_zeros() / 8) as usize
    }

    /// Whether the text is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The bytes of the text.
    #[inline]
    #[must_use]
    pub fn as_bytes(&self) -> TextBytes {
        TextBytes {
            bytes: self.0.to_le_bytes(),
            len: self.len(),
        }
    }
}

impl TextSink for MoveText {
    /// Appends `byte`; a ninth byte is dropped (no move text is that long).
    #[inline(always)]
    fn put(&mut self, byte: u8) {
        let len = self.len();
        if len < MoveText::CAPACITY {
            self.0 |= u64::from(byte) << (8 * len);
        }
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(self.as_bytes().as_slice()))
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "MoveText({:?})",
            String::from_utf8_lossy(self.as_bytes().as_slice())
        )
    }
}

/// The bytes of a [`MoveText`], held by value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TextBytes {
    bytes: [u8; 8],
    len: usize,
}

impl TextBytes {
    /// The bytes.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// A [`TextSink`] over a fixed buffer, for `Display` impls: they write into it, then hand
/// the text to the formatter in one piece.
pub(crate) struct StackText {
    bytes: [u8; 16],
    len: usize,
}

impl StackText {
    pub(crate) const fn new() -> StackText {
        StackText {
            bytes: [0; 16],
            len: 0,
        }
    }

    pub(crate) fn as_str(&self) -> &str {
        // Only ASCII is ever put (TextSink's contract); anything else shows as nothing.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl TextSink for StackText {
    #[inline]
    fn put(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn pack_and_push_agree() {
        for text in [
            &b""[..],
            b"e4",
            b"Nf3",
            b"O-O",
            b"exd5",
            b"Qa1xb2#",
            b"axb8=Q+",
            b"e7e8q",
            b"12345678",
        ] {
            let packed = MoveText::pack(text).expect("packs");
            let mut pushed = MoveText::new();
            pushed.put_all(text);
            assert_eq!(packed, pushed, "{text:?}");
            assert_eq!(packed.as_bytes().as_slice(), text);
            assert_eq!(packed.len(), text.len());
            assert_eq!(MoveText::from_bits(packed.to_bits()), packed);
        }
        assert_eq!(MoveText::pack(b"123456789"), None);
        assert_eq!(MoveText::pack(b"a\0b"), None);
        assert_eq!(MoveText::pack(b"\0"), None);
        let mut full = MoveText::pack(b"12345678").expect("packs");
        full.put(b'9');
        assert_eq!(full.to_string(), "12345678", "a ninth byte is dropped");
    }

    #[test]
    fn sinks_get_the_same_text() {
        let (mut v, mut s) = (Vec::new(), String::new());
        v.put_all(b"Nbd7");
        s.put_all(b"Nbd7");
        s.put(0xff);
        assert_eq!(v, b"Nbd7");
        assert_eq!(s, "Nbd7\u{fffd}");
        let mut st = StackText::new();
        st.put_all(b"0123456789abcdefXYZ");
        assert_eq!(st.as_str(), "0123456789abcdef");
        assert_eq!(
            MoveText::pack(b"e4").map(|t| t.to_string()),
            Some("e4".to_string())
        );
    }
}
