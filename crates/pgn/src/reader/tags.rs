//! Tag pairs: the fast path over well-formed `[Name "value"]` pairs in the buffer, and the
//! general reader for everything else (escapes, long values, malformed pairs).

use std::io::{self, Read};

use memchr::memchr3;

use super::bytes::*;
use super::{ReadErrorKind, Reader, Visitor, MAX_TOKEN};

impl<R: Read> Reader<R> {
    /// The fast path of the tag section: over a local slice of the buffer, reads the
    /// well-formed tag pairs (`[Name "value"]` with no escape, the value within
    /// [`Limits::max_tag_value`]) and the blanks between them, handing the visitor slices of
    /// the buffer. It stops before anything else (and never consumes blanks it does not
    /// follow with a tag), leaving it to [`Reader::read_tag`] and [`Reader::skip_ws`], which
    /// report exactly the same events. Returns whether it read a tag.
    #[inline]
    pub(super) fn scan_plain_tags<V: Visitor>(&mut self, v: &mut V) -> bool {
        let buf = &self.buf[self.start..self.end];
        let mut i = 0;
        let mut lines = 0;
        loop {
            let mut j = i;
            let mut newlines = 0;
            while let Some(&c) = buf.get(j) {
                match c {
                    b'\n' => newlines += 1,
                    b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {}
                    _ => break,
                }
                j += 1;
            }
            if buf.get(j) != Some(&b'[') {
                break;
            }
            let Some(end) = plain_tag(&buf[j..], self.limits.max_tag_value, |name, value| {
                v.tag(name, value);
            }) else {
                break;
            };
            i = j + end;
            lines += newlines;
        }
        self.start += i;
        self.line += lines;
        i > 0
    }

    /// Reads a tag pair starting at `[`. Tag values end at a `"` followed by optional
    /// blanks and `]`, so unescaped quotes inside a value (common in real files) are kept.
    pub(super) fn read_tag<V: Visitor>(&mut self, v: &mut V) -> io::Result<()> {
        self.start += 1; // '['
        self.start = self.past_blanks()?;
        self.ensure(MAX_TOKEN + 2)?;
        self.name.clear();
        let avail = &self.buf[self.start..self.end];
        let name_len = avail.iter().take_while(|&&c| NAME[usize::from(c)]).count();
        self.name
            .extend_from_slice(&avail[..name_len.min(MAX_TOKEN)]);
        self.start += name_len;
        // A name that runs past the buffer is one name (kept to its first `MAX_TOKEN` bytes).
        if name_len == avail.len() {
            while self.ensure(1)? > 0 && NAME[usize::from(self.buf[self.start])] {
                self.start += 1;
            }
        }
        self.start = self.past_blanks()?;
        self.ensure(1)?;
        if self.name.is_empty() || self.start >= self.end || self.buf[self.start] != b'"' {
            self.error(
                v,
                ReadErrorKind::MalformedTag("expected a name and a quoted value"),
            );
            return self.skip_tag_rest();
        }
        self.start += 1; // '"'
                         // Fast path: the value, its closing quote and `]` are in the buffer, no escapes.
        let avail = &self.buf[self.start..self.end];
        if let Some(i) = memchr3(b'"', b'\\', b'\n', avail) {
            if avail[i] == b'"' && avail.get(i + 1) == Some(&b']') && i <= self.limits.max_tag_value
            {
                v.tag(&self.name, &avail[..i]);
                self.start += i + 2;
                return Ok(());
            }
        }
        self.scratch.clear();
        let limit = self.limits.max_tag_value;
        let mut too_long = false;
        loop {
            let avail = &self.buf[self.start..self.end];
            match memchr3(b'"', b'\\', b'\n', avail) {
                None => {
                    push_capped(&mut self.scratch, avail, limit, &mut too_long);
                    self.start = self.end;
                    if self.ensure(1)? == 0 {
                        self.error(v, ReadErrorKind::MalformedTag("value not closed"));
                        break;
                    }
                }
                Some(i) => {
                    push_capped(&mut self.scratch, &avail[..i], limit, &mut too_long);
                    self.start += i;
                    let c = self.buf[self.start];
                    if c == b'\n' {
                        self.error(v, ReadErrorKind::MalformedTag("value not closed"));
                        break;
                    }
                    self.start += 1;
                    if c == b'\\' {
                        if self.ensure(1)? > 0 && self.buf[self.start] != b'\n' {
                            let e = self.buf[self.start];
                            push_capped(&mut self.scratch, &[e], limit, &mut too_long);
                            self.start += 1;
                        }
                        continue;
                    }
                    // A quote: the end if only blanks and `]` follow.
                    let j = self.past_blanks()?;
                    if j < self.end && self.buf[j] == b']' {
                        self.start = j + 1;
                        break;
                    }
                    if j >= self.end || self.buf[j] == b'\n' || self.buf[j] == b'\r' {
                        // A closing quote without `]`: accept the value.
                        self.start = j;
                        break;
                    }
                    push_capped(&mut self.scratch, b"\"", limit, &mut too_long);
                }
            }
        }
        if too_long {
            self.error(v, ReadErrorKind::TagTooLong(limit));
        }
        v.tag(&self.name, &self.scratch);
        Ok(())
    }

    /// After a malformed tag: skips to the closing `]` or the end of the line.
    pub(super) fn skip_tag_rest(&mut self) -> io::Result<()> {
        loop {
            let avail = &self.buf[self.start..self.end];
            if let Some(i) = memchr::memchr2(b']', b'\n', avail) {
                self.start += i;
                if self.buf[self.start] == b']' {
                    self.start += 1;
                }
                return Ok(());
            }
            self.start = self.end;
            if self.ensure(1)? == 0 {
                return Ok(());
            }
        }
    }
}

/// A well-formed tag pair at the start of `s` (which starts with `[`): blanks, a name of at
/// most [`MAX_TOKEN`] bytes, blanks, a quoted value with no escape, newline or inner quote
/// and at most `max_value` bytes, and `"]`. Calls `emit` with name and value and returns the
/// length read; `None` (and no call) for anything else.
#[inline]
pub(super) fn plain_tag(
    s: &[u8],
    max_value: usize,
    emit: impl FnOnce(&[u8], &[u8]),
) -> Option<usize> {
    let mut k = 1;
    while matches!(s.get(k), Some(b' ' | b'\t')) {
        k += 1;
    }
    let name_start = k;
    while s.get(k).is_some_and(|&c| NAME[usize::from(c)]) {
        k += 1;
    }
    let name = &s[name_start..k];
    if name.is_empty() || name.len() > MAX_TOKEN {
        return None;
    }
    while matches!(s.get(k), Some(b' ' | b'\t')) {
        k += 1;
    }
    if s.get(k) != Some(&b'"') {
        return None;
    }
    let value_start = k + 1;
    let rest = s.get(value_start..)?;
    let len = find_value_end(rest)?;
    if rest[len] != b'"' || rest.get(len + 1) != Some(&b']') || len > max_value {
        return None;
    }
    emit(name, &rest[..len]);
    Some(value_start + len + 2)
}
