//! Movetext: moves, move numbers, NAGs, comments, variations and the result, by the
//! general code and by the 64-byte window fast path that handles the bulk of real files.

use std::io::{self, Read};

use memchr::memchr;

use super::bytes::*;
use super::{GameResult, Nag, ReadErrorKind, Reader, Visitor, MAX_TOKEN};

impl<R: Read> Reader<R> {
    /// Reads movetext up to the result, the next game's tags or the end of the input.
    pub(super) fn read_movetext<V: Visitor>(
        &mut self,
        v: &mut V,
        skip_all: bool,
    ) -> io::Result<()> {
        let mut depth: u32 = 0;
        // While `Some(d)`, skipping everything inside the variation opened at depth `d`.
        let mut skip_from: Option<u32> = None;
        let mut line_start = false;
        loop {
            if self.end - self.start < MAX_TOKEN + 1 {
                self.ensure(MAX_TOKEN + 1)?;
            }
            let skipping = skip_all || skip_from.is_some();
            self.scan_plain_movetext(v, skipping, &mut line_start);
            if self.start >= self.end {
                break;
            }
            let c = self.buf[self.start];
            match c {
                b'\n' => {
                    self.line += 1;
                    self.start += 1;
                    line_start = true;
                    continue;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                    self.start += 1;
                    line_start = false;
                    continue;
                }
                b'%' if line_start => self.skip_line()?,
                b'{' => self.read_comment(v, skipping)?,
                b';' => self.read_line_comment(v, skipping)?,
                b'(' => {
                    self.start += 1;
                    depth += 1;
                    if !skipping && v.begin_variation().0 {
                        skip_from = Some(depth);
                    }
                }
                b')' => {
                    self.start += 1;
                    if depth == 0 {
                        if !skip_all {
                            self.error(v, ReadErrorKind::UnmatchedParen);
                        }
                    } else {
                        if skip_from == Some(depth) {
                            skip_from = None;
                        } else if !skipping {
                            v.end_variation();
                        }
                        depth -= 1;
                    }
                }
                b'[' => break,
                b'.' => self.start += 1,
                b'$' => {
                    self.start += 1;
                    let avail = &self.buf[self.start..self.end];
                    let n = avail.iter().take_while(|b| b.is_ascii_digit()).count();
                    let digits = &avail[..n];
                    self.start += n;
                    if !skipping {
                        match parse_u8(digits) {
                            Some(nag) => v.nag(Nag(nag)),
                            None => {
                                let text = format!("${}", String::from_utf8_lossy(digits));
                                self.error(v, ReadErrorKind::BadNag(text));
                            }
                        }
                    }
                }
                b'}' | b']' | b'"' => {
                    self.start += 1;
                    if !skipping {
                        self.error(v, ReadErrorKind::UnexpectedChar(char::from(c)));
                    }
                }
                _ => {
                    // A token: digits-and-dots move number, result, NAG symbol or move.
                    let avail = &self.buf[self.start..self.end];
                    let len = avail.iter().take_while(|&&b| TOKEN[usize::from(b)]).count();
                    if len > MAX_TOKEN {
                        self.start += len;
                        while self.ensure(1)? > 0 && TOKEN[usize::from(self.buf[self.start])] {
                            self.start += 1;
                        }
                        if !skipping {
                            self.error(v, ReadErrorKind::TokenTooLong);
                        }
                        line_start = false;
                        continue;
                    }
                    let token = &avail[..len];
                    let line = self.line;
                    // Fast path: a move that starts with a file or piece letter and carries
                    // no annotation (results, numbers and NAG symbols never start so).
                    if (matches!(c, b'a'..=b'h' | b'B' | b'K' | b'Q' | b'R')
                        || (c == b'N' && len > 1))
                        && !matches!(token[len - 1], b'!' | b'?')
                    {
                        self.start += len;
                        if !skipping {
                            v.san(token, line);
                        }
                        line_start = false;
                        continue;
                    }
                    let core = strip_annotation(token);
                    if c.is_ascii_digit() && core.iter().all(u8::is_ascii_digit) {
                        // A move number (`12.`, `12...`, or bare `12`).
                        self.start += len;
                    } else if let Some(result) = GameResult::from_ascii(core) {
                        self.start += len;
                        if depth == 0 {
                            v.result(result);
                            return Ok(());
                        }
                        // A result inside a variation (annotators write them): ignored.
                    } else {
                        self.start += len;
                        if !skipping {
                            emit_token(v, token, line);
                        }
                    }
                }
            }
            line_start = false;
        }
        if depth > 0 {
            let open = skip_from.map_or(depth, |d| d - 1);
            self.error(v, ReadErrorKind::UnterminatedVariation(depth));
            if !skip_all {
                for _ in 0..open {
                    v.end_variation();
                }
            }
        }
        Ok(())
    }

    /// The fast path of [`Reader::read_movetext`]: over a local slice of the buffer, consumes
    /// blanks, newlines, move numbers, plain SAN tokens (no annotation suffix) and brace
    /// comments, the bulk of any movetext, and stops at anything else (or when fewer than
    /// `MAX_TOKEN + 1` bytes remain), which the general code then handles one construct at a
    /// time.
    ///
    /// It works 64 bytes at a time: word-at-a-time bit tricks mark the blanks, newlines and
    /// `}` of the window, the starts of the tokens follow from the blank mask, and each
    /// token's length and line are bit counts. So finding a token does not wait on reading
    /// the one before, and there is no per-byte branch. The events are exactly those the
    /// general code reports (tests compare both paths).
    #[inline]
    pub(super) fn scan_plain_movetext<V: Visitor>(
        &mut self,
        v: &mut V,
        skipping: bool,
        line_start: &mut bool,
    ) {
        let buf = &self.buf[self.start..self.end];
        // A window reads 64 bytes and a token check 8 more, all before `stop + MAX_TOKEN`.
        let stop = buf.len().saturating_sub(MAX_TOKEN + 1);
        let mut i = 0;
        let mut lines = 0;
        'windows: while i < stop {
            let base = i;
            let m = Masks::new(buf, base);
            let mut close = None;
            // Token starts: a non-blank byte after a blank, or first in the window.
            let mut starts = !m.blank & ((m.blank << 1) | 1);
            loop {
                if starts == 0 {
                    // Blanks to the end of the window.
                    i = base + 64;
                    lines += u64::from(m.newline.count_ones());
                    continue 'windows;
                }
                let s = starts.trailing_zeros() as usize;
                let newlines_before = u64::from((m.newline & below(s)).count_ones());
                let rest = m.blank >> s;
                if rest == 0 {
                    // The token runs past the window: a new window starts at it.
                    i = base + s;
                    lines += newlines_before;
                    if s == 0 {
                        break 'windows;
                    }
                    continue 'windows;
                }
                let len = rest.trailing_zeros() as usize;
                let at = base + s;
                let c = buf[at];
                let taken = match c {
                    b'a'..=b'h' | b'B' | b'K' | b'N' | b'O' | b'Q' | b'R' => {
                        let w = word_at(buf, at);
                        let plain = len < 8
                            && all_token_bytes(w, len)
                            && (c != b'N' || len > 1)
                            && !matches!((w >> (8 * (len - 1))) as u8, b'!' | b'?');
                        if plain && !skipping {
                            v.san(&buf[at..at + len], self.line + lines + newlines_before);
                        }
                        plain
                    }
                    b'0'..=b'9' => {
                        // A move number: digits, then dots only (`12.`, `12...`).
                        let w = word_at(buf, at);
                        let digits = len_of_digits(w);
                        let dots = gather_top_bits(bytes_equal(w, b'.')) >> digits.min(7);
                        let want = below(len.saturating_sub(digits));
                        digits < len && len < 8 && dots & want == want
                    }
                    b'{' => {
                        let close = *close.get_or_insert_with(|| Masks::close(buf, base));
                        let after = close.checked_shr(s as u32 + 1).unwrap_or(0);
                        // The `}`: in this window's mask, or searched for further on.
                        let end = if after != 0 {
                            Some(at + 1 + after.trailing_zeros() as usize)
                        } else {
                            memchr(b'}', &buf[at + 1..]).map(|n| at + 1 + n)
                        };
                        match end.filter(|&end| end - at - 1 <= self.limits.max_comment) {
                            None => false,
                            Some(end) => {
                                let text = &buf[at + 1..end];
                                if !skipping {
                                    v.comment(text);
                                }
                                if after != 0 {
                                    // Skip the tokens inside; a token right after `}`
                                    // starts there.
                                    let next = end + 1 - base;
                                    starts &= !below(next);
                                    if next < 64 && (m.blank >> next) & 1 == 0 {
                                        starts |= 1 << next;
                                    }
                                    continue;
                                }
                                i = end + 1;
                                lines += newlines_before + count_newlines(text);
                                continue 'windows;
                            }
                        }
                    }
                    _ => false,
                };
                if !taken {
                    // The general code takes it from here.
                    i = at;
                    lines += newlines_before;
                    break 'windows;
                }
                starts &= starts - 1;
            }
        }
        if i > 0 {
            // Everything consumed ends in a blank or a construct's last byte, so the last
            // byte says whether a line has just begun.
            *line_start = buf[i - 1] == b'\n';
        }
        self.start += i;
        self.line += lines;
    }
}

/// Passes a move token to the visitor, splitting off `!`/`?` annotations, or a symbolic NAG.
pub(super) fn emit_token<V: Visitor>(v: &mut V, token: &[u8], line: u64) {
    if let Some(nag) = Nag::from_symbol(token) {
        v.nag(nag);
        return;
    }
    let core = strip_annotation(token);
    let core_len = core.len();
    if core.iter().all(u8::is_ascii_digit) {
        // Empty, or a move number with annotation junk (`12!`): no move.
        return;
    }
    match Nag::from_symbol(core) {
        Some(nag) => v.nag(nag),
        None => v.san(core, line),
    }
    if core_len < token.len() {
        if let Some(nag) = Nag::from_symbol(&token[core_len..]) {
            v.nag(nag);
        }
    }
}

/// The token without trailing `!`/`?` annotations.
pub(super) fn strip_annotation(token: &[u8]) -> &[u8] {
    let n = token
        .iter()
        .rev()
        .take_while(|&&b| b == b'!' || b == b'?')
        .count();
    &token[..token.len() - n]
}
