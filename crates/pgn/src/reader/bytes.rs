//! Byte classes and word-at-a-time bit tricks of the tokenizer: which bytes make up a token
//! or a tag name, the classes the movetext fast path dispatches on, searches for the end of
//! a tag value or a comment, and small helpers for numbers and capped copies.

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

/// Byte classes of the fast path.
pub(super) const OTHER: u8 = 0;
pub(super) const BLANK: u8 = 1;
pub(super) const NEWLINE: u8 = 2;
pub(super) const MOVE: u8 = 3;
pub(super) const DIGIT: u8 = 4;
pub(super) const DOT: u8 = 5;
pub(super) const OPEN: u8 = 6;

pub(super) static CLASS: [u8; 256] = {
    let mut t = [OTHER; 256];
    t[b' ' as usize] = BLANK;
    t[b'\t' as usize] = BLANK;
    t[b'\r' as usize] = BLANK;
    t[0x0b] = BLANK;
    t[0x0c] = BLANK;
    t[b'\n' as usize] = NEWLINE;
    let mut c = b'a';
    while c <= b'h' {
        t[c as usize] = MOVE;
        c += 1;
    }
    let pieces = b"BKNOQR";
    let mut k = 0;
    while k < pieces.len() {
        t[pieces[k] as usize] = MOVE;
        k += 1;
    }
    let mut d = b'0';
    while d <= b'9' {
        t[d as usize] = DIGIT;
        d += 1;
    }
    t[b'.' as usize] = DOT;
    t[b'{' as usize] = OPEN;
    t
};

/// The bytes of plain SAN: letters, digits, `#`, `+`, `,`, `-`, `=`. All are token bytes,
/// and none is `!` or `?` (which split off an annotation).
pub(super) static PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'#' | b'+' | b',' | b'-' | b'=');
        c += 1;
    }
    t
};

/// Eight bytes from `buf[i..]` as a little-endian word (byte `k` in bits `8k..8k + 8`).
#[inline(always)]
pub(super) fn word_at(buf: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&buf[i..i + 8]);
    u64::from_le_bytes(w)
}

pub(super) const LO: u64 = 0x0101_0101_0101_0101;
pub(super) const HI: u64 = 0x8080_8080_8080_8080;

/// Top bit of each byte of `w` that equals `b`, for ASCII `b` (exact per byte, no carries).
#[inline(always)]
pub(super) fn bytes_equal(w: u64, b: u8) -> u64 {
    let x = (w & !HI) ^ (u64::from(b) * LO);
    !(x + 0x7f * LO) & !w & HI
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

/// The first `}` or newline in `s`: word at a time over the first 64 bytes (comments are
/// short, and this costs less than setting up a vector search), then `memchr2`.
#[inline]
pub(super) fn find_close_or_newline(s: &[u8]) -> Option<usize> {
    let mut k = 0;
    while k + 8 <= s.len() && k < 64 {
        let w = word_at(s, k);
        let hits = bytes_equal(w, b'}') | bytes_equal(w, b'\n');
        if hits != 0 {
            return Some(k + (hits.trailing_zeros() / 8) as usize);
        }
        k += 8;
    }
    memchr::memchr2(b'}', b'\n', &s[k..]).map(|n| k + n)
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
