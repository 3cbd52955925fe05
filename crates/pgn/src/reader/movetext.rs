//! Movetext: moves, move numbers, NAGs, comments, variations and the result, by the
//! general code and by the byte-class fast path that handles the bulk of real files.

use std::io::{self, Read};

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
            // The fast path may stop anywhere up to the end of the buffer (a comment that
            // started before its limit ends where it ends): the general code below needs a
            // whole token and the byte after it in the buffer, wherever the reads happened
            // to end, so that the events do not depend on how the input arrives.
            if self.end - self.start < MAX_TOKEN + 1 {
                self.ensure(MAX_TOKEN + 1)?;
            }
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
                    let nag = parse_u8(&avail[..n]);
                    // The message shows at most `MAX_TOKEN` digits.
                    let text = (!skipping && nag.is_none()).then(|| {
                        format!("${}", String::from_utf8_lossy(&avail[..n.min(MAX_TOKEN)]))
                    });
                    self.start += n;
                    // Digits that run past the buffer belong to the same NAG.
                    if n == avail.len() {
                        while self.ensure(1)? > 0 && self.buf[self.start].is_ascii_digit() {
                            self.start += 1;
                        }
                    }
                    if !skipping {
                        match (nag, text) {
                            (Some(nag), _) => v.nag(Nag(nag)),
                            (None, text) => {
                                self.error(v, ReadErrorKind::BadNag(text.unwrap_or_default()));
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
                            self.ended_by_result = true;
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
    /// blanks, newlines, move numbers (also glued to their move: `12.e4`), plain SAN tokens
    /// (no annotation suffix) and brace comments, the bulk of any movetext, and stops at
    /// anything else (or when fewer than `MAX_TOKEN + 1` bytes remain), which the general
    /// code then handles one construct at a time.
    ///
    /// A byte loop over a table of byte classes: a blank costs a lookup, a move a lookup per
    /// byte and one call, and a comment's text is not looked at byte by byte at all (its `}`
    /// is searched for a word at a time). The events are exactly those the general code
    /// reports (tests compare both paths).
    #[inline]
    pub(super) fn scan_plain_movetext<V: Visitor>(
        &mut self,
        v: &mut V,
        skipping: bool,
        line_start: &mut bool,
    ) {
        let buf = &self.buf[self.start..self.end];
        // Every construct taken here starts before `stop`, so that a token (at most
        // `MAX_TOKEN` bytes) and the byte after it are in the buffer.
        let stop = buf.len().saturating_sub(MAX_TOKEN + 1);
        let mut i = 0;
        let mut lines = 0;
        while i < stop {
            let mut c = buf[i];
            if c == b' ' {
                // One space between two constructs, nearly always: no dispatch for it.
                i += 1;
                if i >= stop {
                    break;
                }
                c = buf[i];
            }
            // The construct, with the token's longest run and the byte after it.
            let t = &buf[i..i + MAX_TOKEN + 1];
            match CLASS[usize::from(c)] {
                BLANK => i += 1,
                NEWLINE => {
                    lines += 1;
                    i += 1;
                }
                MOVE => {
                    // The token: plain SAN bytes up to a byte that ends every token. A
                    // token byte that is not plain SAN (`!`, `?`, anything unusual) is left
                    // to the general code, as is `N` alone (a NAG) and a token too long.
                    let mut n = 1;
                    while n < MAX_TOKEN && PLAIN[usize::from(t[n])] {
                        n += 1;
                    }
                    if TOKEN[usize::from(t[n])] || (c == b'N' && n == 1) {
                        break;
                    }
                    if !skipping {
                        v.san(&t[..n], self.line + lines);
                    }
                    i += n;
                    // What follows a move in nearly every file, taken here with direct
                    // tests rather than another turn of the dispatch (whose indirect jump,
                    // its target changing construct after construct, was the costliest
                    // instruction of the loop): a blank, then Lichess's comment after
                    // every move (`{ [%clk 0:03:00] }`) and a blank, then the next move
                    // number (`12.`, `12...`). Each is taken as its arm below takes it, or
                    // left to the dispatch (which then takes it or stops).
                    if i >= stop || buf[i] != b' ' {
                        continue;
                    }
                    i += 1;
                    if i < stop && buf[i] == b'{' {
                        let max = self.limits.max_comment;
                        let (end, newlines) = if CLOCK_TEXT <= max && lichess_clock(&buf[i..]) {
                            (CLOCK_TEXT, 0)
                        } else {
                            match comment_within(&buf[i + 1..], max) {
                                Some(found) => found,
                                None => continue,
                            }
                        };
                        lines += newlines;
                        if !skipping {
                            v.comment(&buf[i + 1..i + 1 + end]);
                        }
                        i += end + 2;
                        if i >= stop || buf[i] != b' ' {
                            continue;
                        }
                        i += 1;
                    }
                    if i < stop && buf[i].is_ascii_digit() {
                        if let Some(n) = move_number_len(&buf[i..i + MAX_TOKEN + 1]) {
                            i += n;
                        }
                    }
                }
                DIGIT => {
                    let Some(n) = move_number_len(t) else {
                        break;
                    };
                    i += n;
                }
                DOT => i += 1,
                OPEN => {
                    let Some((end, newlines)) =
                        comment_within(&buf[i + 1..], self.limits.max_comment)
                    else {
                        break;
                    };
                    lines += newlines;
                    if !skipping {
                        v.comment(&buf[i + 1..i + 1 + end]);
                    }
                    i += end + 2;
                }
                _ => break,
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

/// The length of a move number at the start of `t` (a token's longest run and the byte
/// after it): digits and dots (`12.`, `12...`); what follows the dots is read on its own
/// (the general code ends a token at `.` too). `None` for anything else (`1-0`, a bare
/// `12`), which is the general code's.
#[inline(always)]
fn move_number_len(t: &[u8]) -> Option<usize> {
    let mut n = 1;
    while n < MAX_TOKEN && t[n].is_ascii_digit() {
        n += 1;
    }
    if t[n] != b'.' {
        return None;
    }
    while n < MAX_TOKEN && t[n] == b'.' {
        n += 1;
    }
    Some(n)
}

/// The length of the text of Lichess's clock comment, `{ [%clk 0:03:00] }`.
const CLOCK_TEXT: usize = 16;

/// Whether `s` (at least 18 bytes, from a `{`) starts with a comment whose text is
/// [`CLOCK_TEXT`] bytes long, the length of the clock comment Lichess writes after every
/// move. Taken by a predicted branch, such a comment's length is known before its bytes
/// are: the search for the `}` ([`comment_end`]) computes the position of whatever
/// follows from the bytes loaded, and every construct after it waits for that.
#[inline(always)]
fn lichess_clock(s: &[u8]) -> bool {
    let hits = |w: u64| bytes_equal(w, b'}') | bytes_equal(w, b'\n');
    s[CLOCK_TEXT + 1] == b'}' && hits(word_at(s, 1)) | hits(word_at(s, 9)) == 0
}

/// [`comment_end`] for a comment the fast path takes: `None` also when its text is longer
/// than `max` (the general code reports that).
#[inline(always)]
fn comment_within(s: &[u8], max: usize) -> Option<(usize, u64)> {
    comment_end(s).filter(|&(end, _)| end <= max)
}

/// The length of a comment's text in `s` (which starts after its `{`) and the newlines in
/// it; `None` when its `}` is not in `s`.
#[inline]
fn comment_end(s: &[u8]) -> Option<(usize, u64)> {
    let mut from = 0;
    let mut lines = 0;
    loop {
        let k = from + find_close_or_newline(&s[from..])?;
        if s[k] == b'}' {
            return Some((k, lines));
        }
        lines += 1;
        from = k + 1;
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
