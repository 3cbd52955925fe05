//! The streaming PGN reader: bytes in, [`Visitor`] calls out.
//!
//! (The design notes are on [`Reader`], where users see them.) The parts: `events` (what
//! the reader reports: [`Visitor`], [`ReadError`], [`Nag`], [`GameResult`], [`Both`]),
//! `bytes` (byte classes and the word-at-a-time bit tricks), `tags` (tag pairs, with their
//! fast path) and `movetext` (moves, numbers, NAGs, variations, results, with the 64-byte
//! window fast path); this file holds the buffer and the game loop.

use std::fmt;
use std::io::{self, Read};

use memchr::memchr;

/// Size of the reader's buffer in bytes.
pub(crate) const BUFFER_SIZE: usize = 256 * 1024;

/// How far [`Reader::past_blanks`] looks: blanks beyond it in a tag pair are taken as
/// they come (a limit far below [`BUFFER_SIZE`], far above anything a real file holds).
const BLANK_LOOKAHEAD: usize = 4096;

/// The longest movetext token (a move, a number, a NAG) the reader keeps; longer tokens are
/// reported as [`ReadErrorKind::TokenTooLong`] and skipped.
pub(crate) const MAX_TOKEN: usize = 255;

mod bytes;
mod events;
mod movetext;
mod tags;
#[cfg(test)]
pub(crate) mod tests;

use bytes::{count_newlines, push_capped};
pub use events::{Both, GameResult, Nag, ReadError, ReadErrorKind, Skip, Visitor};

/// Caps on the text the reader keeps, so that memory stays bounded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The longest comment passed to [`Visitor::comment`]; longer ones are cut.
    pub max_comment: usize,
    /// The longest tag value passed to [`Visitor::tag`]; longer ones are cut.
    pub max_tag_value: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_comment: 1 << 20,
            max_tag_value: 1 << 16,
        }
    }
}

/// A streaming PGN reader over any [`Read`].
///
/// The reader owns one fixed buffer (256 KiB) that it refills from any
/// [`std::io::Read`], and two scratch vectors for the rare text that does not fit in it (a
/// comment or tag value longer than the buffer), capped by [`Limits`]. Memory therefore
/// stays bounded whatever the input: a multi-gigabyte file, a 200 MB comment or a 50 MB tag
/// value (the last two are cut at the limit and reported). Variations nest to any depth
/// with a counter, never recursion.
///
/// What is a game: optional tag pairs, then movetext up to a result token (`1-0`, `0-1`,
/// `1/2-1/2`, `*`) outside any variation, or up to a tag pair that starts the next game, or
/// the end of the input. Bad input is never fatal: the reader reports a [`ReadError`] to
/// the visitor and goes on.
///
/// Speed: the bulk of real files goes through two fast paths over the buffered bytes.
/// Well-formed tag pairs are handed to the visitor as slices of the buffer; movetext is
/// read 64 bytes at a time, where word-at-a-time bit tricks mark the blanks, newlines and
/// `}` of the window, token starts and lengths follow from those masks, and each token is
/// checked and classified from its first byte. Anything unusual (annotations, variations,
/// NAGs, results, escapes, malformed text, a buffer boundary) falls back to the general
/// code, one construct at a time. Tests feed the same input through both paths (one byte
/// per `read` keeps the fast paths idle) and require the same events. None of it is
/// `unsafe`.
///
/// ```
/// use chessbits_pgn::{Reader, Visitor};
///
/// struct CountMoves(usize);
/// impl Visitor for CountMoves {
///     type Output = usize;
///     fn begin_game(&mut self, _game: u64, _line: u64) { self.0 = 0; }
///     fn san(&mut self, _san: &[u8], _line: u64) { self.0 += 1; }
///     fn end_game(&mut self) -> usize { self.0 }
/// }
///
/// let pgn = b"[White \"A\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 1-0\n\n1. d4 *";
/// let mut reader = Reader::new(&pgn[..]);
/// let mut v = CountMoves(0);
/// assert_eq!(reader.read_game(&mut v).unwrap(), Some(5));
/// assert_eq!(reader.read_game(&mut v).unwrap(), Some(1));
/// assert_eq!(reader.read_game(&mut v).unwrap(), None);
/// ```
pub struct Reader<R> {
    inner: R,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    eof: bool,
    line: u64,
    game: u64,
    consumed: u64,
    limits: Limits,
    scratch: Vec<u8>,
    name: Vec<u8>,
    /// Whether the last game read ended at a result token (not at the next game's tags or
    /// the end of the input): the parallel pipeline's test for a clean cut.
    ended_by_result: bool,
}

impl<R> fmt::Debug for Reader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reader")
            .field("line", &self.line)
            .field("games", &self.game)
            .field("bytes_consumed", &self.consumed)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl<R: Read> Reader<R> {
    /// A reader with the default [`Limits`].
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_limits(inner, Limits::default())
    }

    /// A reader with the given limits.
    pub fn with_limits(inner: R, limits: Limits) -> Reader<R> {
        Reader::with_limits_in(inner, limits, vec![0; BUFFER_SIZE].into_boxed_slice())
    }

    fn with_limits_in(inner: R, limits: Limits, buf: Box<[u8]>) -> Reader<R> {
        Reader {
            inner,
            buf,
            start: 0,
            end: 0,
            eof: false,
            line: 1,
            game: 0,
            consumed: 0,
            limits,
            scratch: Vec::new(),
            name: Vec::new(),
            ended_by_result: false,
        }
    }

    /// A reader of the part of a longer input that starts at byte `offset`, between two
    /// games (see [`crate::pipeline::game_cut`]), where the reader of the whole input stood
    /// after `games` games on line `line`: it numbers games and lines and counts bytes as
    /// that reader would, with the default [`Limits`].
    pub fn resume(inner: R, offset: u64, line: u64, games: u64) -> Reader<R> {
        Reader::resume_in(Vec::new(), inner, Limits::default(), offset, line, games)
    }

    /// A reader that goes on from a point between two games of a longer input: `inner`
    /// holds the input from byte `offset` on, where the reader of the whole input stood
    /// after game `game`, on line `line`. It reads what that reader would (an `offset` of 0
    /// is the input's start: a byte-order mark and a `%` escape on the first line are
    /// recognised there only), and [`Reader::bytes_consumed`] counts from the input's start.
    /// `buffer` becomes the reader's buffer (it keeps its allocation, grown to
    /// [`BUFFER_SIZE`]; [`Reader::into_buffer`] gives it back).
    pub(crate) fn resume_in(
        mut buffer: Vec<u8>,
        inner: R,
        limits: Limits,
        offset: u64,
        line: u64,
        game: u64,
    ) -> Reader<R> {
        buffer.resize(BUFFER_SIZE, 0);
        let mut reader = Reader::with_limits_in(inner, limits, buffer.into_boxed_slice());
        reader.consumed = offset;
        reader.line = line;
        reader.game = game;
        reader
    }

    /// The reader's parts, for the parallel pipeline: the inner reader, the limits, the
    /// bytes read but not consumed yet, and the position ([`Reader::bytes_consumed`],
    /// [`Reader::line`], [`Reader::games_read`]).
    pub(crate) fn into_parts(self) -> (R, Limits, Vec<u8>, u64, u64, u64) {
        let consumed = self.bytes_consumed();
        let buffered = self.buf[self.start..self.end].to_vec();
        (
            self.inner,
            self.limits,
            buffered,
            consumed,
            self.line,
            self.game,
        )
    }

    /// The reader's buffer, for [`Reader::resume_in`].
    pub(crate) fn into_buffer(self) -> Vec<u8> {
        self.buf.into_vec()
    }

    /// Whether the last game read ended at its result token.
    pub(crate) fn ended_by_result(&self) -> bool {
        self.ended_by_result
    }

    /// How many bytes of the input the reader has consumed (the input position of the next
    /// game when called between games).
    pub fn bytes_consumed(&self) -> u64 {
        self.consumed + self.start as u64
    }

    /// How many games have been started.
    pub fn games_read(&self) -> u64 {
        self.game
    }

    /// The current line (from 1).
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Reads everything left, calling `f` with each game's output.
    pub fn read_all<V: Visitor>(
        &mut self,
        visitor: &mut V,
        mut f: impl FnMut(V::Output),
    ) -> io::Result<()> {
        while let Some(out) = self.read_game(visitor)? {
            f(out);
        }
        Ok(())
    }

    /// Moves the unread bytes to the front and reads more; sets `eof` at the end.
    fn fill(&mut self) -> io::Result<()> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.consumed += self.start as u64;
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buf.len() {
            return Ok(());
        }
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Makes at least `n` bytes available unless the input ends first; returns how many.
    #[inline]
    fn ensure(&mut self, n: usize) -> io::Result<usize> {
        while self.end - self.start < n && !self.eof {
            self.fill()?;
        }
        Ok(self.end - self.start)
    }

    #[inline]
    fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.start < self.end || self.ensure(1)? > 0 {
            Ok(Some(self.buf[self.start]))
        } else {
            Ok(None)
        }
    }

    fn error<V: Visitor>(&self, v: &mut V, kind: ReadErrorKind) {
        v.error(ReadError {
            game: self.game,
            line: self.line,
            kind,
        });
    }

    /// Skips whitespace (counting lines), a byte-order mark and `%` escape lines.
    fn skip_ws(&mut self) -> io::Result<()> {
        let mut line_start = self.start == 0 && self.consumed == 0;
        loop {
            let Some(c) = self.peek()? else {
                return Ok(());
            };
            match c {
                b'\n' => {
                    self.line += 1;
                    self.start += 1;
                    line_start = true;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.start += 1,
                0xef if self.consumed == 0 && self.start == 0 => {
                    self.ensure(3)?;
                    if self.buf[self.start..self.end].starts_with(b"\xef\xbb\xbf") {
                        self.start += 3;
                    } else {
                        return Ok(());
                    }
                }
                b'%' if line_start => self.skip_line()?,
                _ => return Ok(()),
            }
        }
    }

    /// The index of the first byte from `self.start` on that is not a space or a tab,
    /// refilling the buffer while the blanks reach its end (so that the answer does not
    /// depend on where a read ended), or `self.end` at the end of the input. Nothing is
    /// consumed; after [`BLANK_LOOKAHEAD`] blanks the search stops there.
    fn past_blanks(&mut self) -> io::Result<usize> {
        let mut j = self.start;
        loop {
            while j < self.end && matches!(self.buf[j], b' ' | b'\t') {
                j += 1;
            }
            let seen = j - self.start;
            if j < self.end || self.eof || seen >= BLANK_LOOKAHEAD {
                return Ok(j);
            }
            // Refilling may move the unread bytes to the start of the buffer.
            self.ensure(seen + 1)?;
            j = self.start + seen;
        }
    }

    /// Skips to the end of the line (the newline itself is left).
    fn skip_line(&mut self) -> io::Result<()> {
        loop {
            if let Some(i) = memchr(b'\n', &self.buf[self.start..self.end]) {
                self.start += i;
                return Ok(());
            }
            self.start = self.end;
            if self.ensure(1)? == 0 {
                return Ok(());
            }
        }
    }

    /// Reads one game into `visitor`; `Ok(None)` at the end of the input. Only I/O errors
    /// are errors here; malformed input goes to [`Visitor::error`].
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<V::Output>> {
        self.skip_ws()?;
        if self.peek()?.is_none() {
            return Ok(None);
        }
        self.game += 1;
        self.ended_by_result = false;
        visitor.begin_game(self.game, self.line);
        loop {
            self.skip_ws()?;
            if self.peek()? != Some(b'[') {
                break;
            }
            if !self.scan_plain_tags(visitor) {
                self.read_tag(visitor)?;
            }
        }
        let skip = visitor.end_tags();
        self.read_movetext(visitor, skip.0)?;
        Ok(Some(visitor.end_game()))
    }

    /// The games of the input as an iterator: each item is a [`Game`](crate::Game) tree with
    /// the reader's errors in it (a malformed game is still an item; reading goes on with the
    /// next). An I/O error is the last item.
    ///
    /// ```
    /// use chessbits_pgn::Reader;
    ///
    /// let pgn = b"1. e4 e5 *\n\n1. d4 d5 ) 2. c4 *\n";
    /// let mut moves = Vec::new();
    /// for item in Reader::new(&pgn[..]).games() {
    ///     let (game, errors) = item?;
    ///     moves.push((game.mainline_sans().count(), errors.len()));
    /// }
    /// assert_eq!(moves, [(2, 0), (3, 1)]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn games(self) -> Games<R, crate::GameBuilder> {
        self.into_games_with(crate::GameBuilder::new())
    }

    /// The outputs of `visitor`, one per game, as an iterator (the visitor API with the
    /// control inverted: [`Reader::read_game`] in a loop). An I/O error is the last item.
    pub fn into_games_with<V: Visitor>(self, visitor: V) -> Games<R, V> {
        Games {
            reader: self,
            visitor,
            done: false,
        }
    }

    /// Reads a `{` comment; delivers it unless `skip`.
    fn read_comment<V: Visitor>(&mut self, v: &mut V, skip: bool) -> io::Result<()> {
        self.start += 1; // '{'
        let mut searched = 0;
        // Common case: the whole comment is in (or fits in) the buffer.
        loop {
            let avail = &self.buf[self.start + searched..self.end];
            if let Some(i) = memchr(b'}', avail) {
                let text_end = self.start + searched + i;
                self.line += count_newlines(&self.buf[self.start..text_end]);
                if !skip {
                    let limit = self.limits.max_comment;
                    let text = &self.buf[self.start..text_end];
                    if text.len() > limit {
                        self.error(v, ReadErrorKind::CommentTooLong(limit));
                        v.comment(&self.buf[self.start..self.start + limit]);
                    } else {
                        v.comment(&self.buf[self.start..text_end]);
                    }
                }
                self.start = text_end + 1;
                return Ok(());
            }
            searched = self.end - self.start;
            if self.eof || (self.start == 0 && self.end == self.buf.len()) {
                break;
            }
            self.fill()?;
        }
        // Longer than the buffer (or unterminated): stream it through the scratch vector.
        self.scratch.clear();
        let limit = self.limits.max_comment;
        let mut too_long = false;
        loop {
            let avail = &self.buf[self.start..self.end];
            if let Some(i) = memchr(b'}', avail) {
                self.line += count_newlines(&avail[..i]);
                if !skip {
                    push_capped(&mut self.scratch, &avail[..i], limit, &mut too_long);
                }
                self.start += i + 1;
                break;
            }
            self.line += count_newlines(avail);
            if !skip {
                push_capped(&mut self.scratch, avail, limit, &mut too_long);
            }
            self.start = self.end;
            if self.ensure(1)? == 0 {
                self.error(v, ReadErrorKind::UnterminatedComment);
                break;
            }
        }
        if !skip {
            if too_long {
                self.error(v, ReadErrorKind::CommentTooLong(limit));
            }
            v.comment(&self.scratch);
        }
        Ok(())
    }

    /// Reads a `;` comment to the end of the line.
    fn read_line_comment<V: Visitor>(&mut self, v: &mut V, skip: bool) -> io::Result<()> {
        self.start += 1; // ';'
        loop {
            let avail = &self.buf[self.start..self.end];
            if let Some(i) = memchr(b'\n', avail) {
                if !skip {
                    let text = &avail[..i];
                    let text = text.strip_suffix(b"\r").unwrap_or(text);
                    v.line_comment(&text[..text.len().min(self.limits.max_comment)]);
                }
                self.start += i;
                return Ok(());
            }
            if self.eof || (self.start == 0 && self.end == self.buf.len()) {
                break;
            }
            self.fill()?;
        }
        let avail = &self.buf[self.start..self.end];
        if !skip {
            v.line_comment(&avail[..avail.len().min(self.limits.max_comment)]);
        }
        self.skip_line()
    }
}

/// The games of a [`Reader`] as an iterator: [`Reader::games`], [`Reader::into_games_with`].
pub struct Games<R, V> {
    reader: Reader<R>,
    visitor: V,
    done: bool,
}

impl<R, V: fmt::Debug> fmt::Debug for Games<R, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Games")
            .field("reader", &self.reader)
            .field("visitor", &self.visitor)
            .field("done", &self.done)
            .finish()
    }
}

impl<R, V> Games<R, V> {
    /// The reader, for its position in the input ([`Reader::bytes_consumed`],
    /// [`Reader::line`]).
    pub fn reader(&self) -> &Reader<R> {
        &self.reader
    }
}

impl<R: Read, V: Visitor> Iterator for Games<R, V> {
    type Item = io::Result<V::Output>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.reader.read_game(&mut self.visitor) {
            Ok(Some(output)) => Some(Ok(output)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

impl<R: Read, V: Visitor> core::iter::FusedIterator for Games<R, V> {}
