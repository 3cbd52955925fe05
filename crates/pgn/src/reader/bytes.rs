//! Byte classes and word-at-a-time bit tricks of the tokenizer: which bytes make up a token
//! or a tag name, masks of the blanks, newlines and braces of a 64-byte window, digit runs,
//! and small helpers for numbers and capped copies.

use memchr::memchr3;

/// Byte classes of the movetext tokenizer.
pub(super) const fn token_table() -> [bool; 256] {
    let mut t = [true; 256];
    let stops = b" \t\r\n\x0b\x0c{}();[]$\".";
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = false;
        i += 1;
    }
    t
}
pub(super) static TOKEN: [bool; 256] = token_table();

/// Eight bytes from `buf[i..]` as a little-endian word (byte `k` in bits `8k..8k + 8`).
#[inline(always)]
pub(super) fn word_at(buf: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&buf[i..i + 8]);
    u64::from_le_bytes(w)
}

pub(super) const LO: u64 = 0x0101_0101_0101_0101;
pub(super) const HI: u64 = 0x8080_8080_8080_8080;

/// The number of leading ASCII digits of `w` (8 if all are). Per byte and without carries:
/// after `^ 0x30` a digit is below 10, and `(y & 0x7f) + 0x76` sets the top bit exactly
/// for the bytes that are not.
#[inline(always)]
pub(super) fn len_of_digits(w: u64) -> usize {
    let y = w ^ (0x30 * LO);
    (((y | ((y & !HI) + 0x76 * LO)) & HI).trailing_zeros() / 8) as usize
}

/// Whether the first `len` (at most 8) bytes of `w` are all token bytes. No branches: a
/// table lookup per byte folded into a mask.
#[inline(always)]
pub(super) fn all_token_bytes(w: u64, len: usize) -> bool {
    let mut bad = 0u32;
    for (k, b) in w.to_le_bytes().into_iter().enumerate() {
        bad |= u32::from(!TOKEN[usize::from(b)]) << k;
    }
    bad & ((1u32 << len) - 1) == 0
}

/// Gathers the top bit of each byte of `hi` (no other bits set) into the low 8 bits.
#[inline(always)]
pub(super) fn gather_top_bits(hi: u64) -> u64 {
    ((hi >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// Top bit of each byte of `w` that equals `b`, for ASCII `b` (exact per byte, no carries).
#[inline(always)]
pub(super) fn bytes_equal(w: u64, b: u8) -> u64 {
    let x = (w & !HI) ^ (u64::from(b) * LO);
    !(x + 0x7f * LO) & !w & HI
}

/// Bit masks over the 64 bytes `buf[at..at + 64]` (bit `k` is byte `at + k`).
pub(super) struct Masks {
    /// The blanks of the movetext grammar: space, `\t`, `\n`, `\x0b`, `\x0c`, `\r`.
    pub(super) blank: u64,
    /// `\n` alone, for line numbers.
    pub(super) newline: u64,
}

impl Masks {
    #[inline(always)]
    pub(super) fn new(buf: &[u8], at: usize) -> Masks {
        let mut m = Masks {
            blank: 0,
            newline: 0,
        };
        for q in 0..8 {
            let w = word_at(buf, at + 8 * q);
            let low = w & !HI;
            // 9 <= byte <= 13 (`\t` to `\r`): the first sum carries into the top bit from
            // 9 up, the second from 14 up.
            let controls = (low + (0x80 - 0x09) * LO) & !(low + (0x7f - 0x0d) * LO) & !w & HI;
            m.blank |= gather_top_bits(controls | bytes_equal(w, b' ')) << (8 * q);
            m.newline |= gather_top_bits(bytes_equal(w, b'\n')) << (8 * q);
        }
        m
    }

    /// The `}` of the same window, wanted only where a comment starts.
    #[inline]
    pub(super) fn close(buf: &[u8], at: usize) -> u64 {
        let mut close = 0;
        for q in 0..8 {
            close |= gather_top_bits(bytes_equal(word_at(buf, at + 8 * q), b'}')) << (8 * q);
        }
        close
    }
}

/// The bits below bit `k` (`k <= 64`).
#[inline(always)]
pub(super) fn below(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1u64 << k) - 1
    }
}

/// Bytes of a tag name.
pub(super) const fn name_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-');
        c += 1;
    }
    t
}
pub(super) static NAME: [bool; 256] = name_table();

/// The first `"`, `\\` or newline in `s`: word at a time over the first 64 bytes (most tag
/// values are short, and this costs less than setting up a vector search), then `memchr3`.
#[inline]
pub(super) fn find_value_end(s: &[u8]) -> Option<usize> {
    let mut k = 0;
    while k + 8 <= s.len() && k < 64 {
        let w = word_at(s, k);
        let hits = bytes_equal(w, b'"') | bytes_equal(w, b'\\') | bytes_equal(w, b'\n');
        if hits != 0 {
            return Some(k + (hits.trailing_zeros() / 8) as usize);
        }
        k += 8;
    }
    memchr3(b'"', b'\\', b'\n', &s[k..]).map(|n| k + n)
}

pub(super) fn parse_u8(digits: &[u8]) -> Option<u8> {
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let n = digits
        .iter()
        .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
    u8::try_from(n).ok()
}

pub(super) fn push_capped(out: &mut Vec<u8>, data: &[u8], limit: usize, too_long: &mut bool) {
    let room = limit.saturating_sub(out.len());
    if data.len() > room {
        *too_long = true;
    }
    out.extend_from_slice(&data[..data.len().min(room)]);
}

pub(super) fn count_newlines(s: &[u8]) -> u64 {
    if s.len() < 64 {
        s.iter().filter(|&&b| b == b'\n').count() as u64
    } else {
        memchr::memchr_iter(b'\n', s).count() as u64
    }
}
