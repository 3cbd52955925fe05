//! The streaming PGN reader: bytes in, [`Visitor`] calls out.
//!
//! (The design notes are on [`Reader`], where users see them.)

use std::io::{self, Read};

use memchr::{memchr, memchr3};

/// Size of the reader's buffer in bytes.
pub const BUFFER_SIZE: usize = 256 * 1024;

/// The longest movetext token (a move, a number, a NAG) the reader keeps; longer tokens are
/// reported as [`ReadErrorKind::TokenTooLong`] and skipped.
pub const MAX_TOKEN: usize = 255;

/// A Numeric Annotation Glyph: `$1` to `$255`, or the `!`, `?`, `!!`, `??`, `!?`, `?!`
/// suffixes (1 to 6) and the symbolic forms of the evaluation glyphs (`+-` is `$18`, ...).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

impl Nag {
    /// The NAG a move-suffix annotation or symbolic glyph stands for.
    pub fn from_symbol(s: &[u8]) -> Option<Nag> {
        Some(Nag(match s {
            b"!" => 1,
            b"?" => 2,
            b"!!" => 3,
            b"??" => 4,
            b"!?" => 5,
            b"?!" => 6,
            b"=" => 10,
            b"~" => 13,
            b"+=" | b"+/=" => 14,
            b"=+" | b"=/+" => 15,
            b"+/-" => 16,
            b"-/+" => 17,
            b"+-" => 18,
            b"-+" => 19,
            b"N" => 146,
            _ => return None,
        }))
    }
}

/// The result that ends a game's movetext.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown or unfinished.
    Unknown,
}

impl GameResult {
    /// The result as PGN writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a result token (also `½-½` and a bare `1/2`).
    pub fn from_ascii(s: &[u8]) -> Option<GameResult> {
        match s {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" | b"\xc2\xbd-\xc2\xbd" | b"1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

/// Whether the visitor wants the reader to skip a part of the game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[must_use]
pub struct Skip(pub bool);

/// Receives a game piece by piece. Every method but [`Visitor::end_game`] has a default
/// that ignores its input. Byte slices are only valid during the call.
pub trait Visitor {
    /// What [`Visitor::end_game`] returns for each game.
    type Output;

    /// A game starts: its number in the input (from 1) and the line it starts on.
    fn begin_game(&mut self, _game: u64, _line: u64) {}
    /// A tag pair; the value is unescaped, raw bytes (not necessarily UTF-8).
    fn tag(&mut self, _name: &[u8], _value: &[u8]) {}
    /// The tags are over; `Skip(true)` skips the movetext (the result is still reported).
    fn end_tags(&mut self) -> Skip {
        Skip(false)
    }
    /// A move token as written (with a `+`/`#` suffix, without `!`/`?` annotations, which
    /// follow as [`Visitor::nag`]), and its line. It is not checked: see [`crate::San`].
    fn san(&mut self, _san: &[u8], _line: u64) {}
    /// An annotation glyph, after the move it annotates.
    fn nag(&mut self, _nag: Nag) {}
    /// A comment, without its braces (or `;` and line end), possibly cut at
    /// [`Limits::max_comment`].
    fn comment(&mut self, _text: &[u8]) {}
    /// A variation opens; `Skip(true)` skips it (with everything nested in it).
    fn begin_variation(&mut self) -> Skip {
        Skip(false)
    }
    /// A variation that was not skipped closes.
    fn end_variation(&mut self) {}
    /// The result token that ends the movetext.
    fn result(&mut self, _result: GameResult) {}
    /// Something in the input is malformed; the reader goes on.
    fn error(&mut self, _error: ReadError) {}
    /// The game is over.
    fn end_game(&mut self) -> Self::Output;
}

/// What is malformed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ReadErrorKind {
    /// A `[` that does not start a well-formed tag pair.
    #[error("malformed tag pair: {0}")]
    MalformedTag(&'static str),
    /// A `{` comment that runs to the end of the input.
    #[error("comment not closed before the end of the input")]
    UnterminatedComment,
    /// A game that ends with variations still open.
    #[error("{0} variation(s) not closed")]
    UnterminatedVariation(u32),
    /// A `)` with no open variation.
    #[error("`)` without a variation to close")]
    UnmatchedParen,
    /// A comment longer than the limit; the rest is skipped.
    #[error("comment longer than {0} bytes, cut")]
    CommentTooLong(usize),
    /// A tag value longer than the limit; the rest is skipped.
    #[error("tag value longer than {0} bytes, cut")]
    TagTooLong(usize),
    /// A movetext token longer than [`MAX_TOKEN`].
    #[error("token longer than {MAX_TOKEN} bytes")]
    TokenTooLong,
    /// A NAG that is not `$0` to `$255`.
    #[error("bad NAG {0:?}")]
    BadNag(String),
    /// A byte that cannot start any movetext token.
    #[error("unexpected character {0:?}")]
    UnexpectedChar(char),
    /// A collector kept the first errors of a game and counted the rest (so that a game of
    /// millions of errors holds bounded memory); this many were not kept.
    #[error("{0} more errors in this game, not reported one by one")]
    MoreErrors(u64),
    /// A collector kept this many mainline moves of a game and dropped the rest.
    #[error("more than {0} mainline moves; the rest are not kept")]
    TooManyMoves(usize),
    /// A game tree larger than a collector keeps (bytes of moves, comments and
    /// variations); the rest is dropped.
    #[error("game larger than {0} bytes of moves and comments; the rest is not kept")]
    GameTooLarge(usize),
}

/// A malformed part of the input: which game, which line, what.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("game {game}, line {line}: {kind}")]
pub struct ReadError {
    /// The game's number in the input, from 1.
    pub game: u64,
    /// The line, from 1.
    pub line: u64,
    /// What is wrong.
    pub kind: ReadErrorKind,
}

/// Caps on the text the reader keeps, so that memory stays bounded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
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

/// Byte classes of the movetext tokenizer.
const fn token_table() -> [bool; 256] {
    let mut t = [true; 256];
    let stops = b" \t\r\n\x0b\x0c{}();[]$\".";
    let mut i = 0;
    while i < stops.len() {
        t[stops[i] as usize] = false;
        i += 1;
    }
    t
}
static TOKEN: [bool; 256] = token_table();

/// A streaming PGN reader over any [`Read`].
///
/// The reader owns one fixed buffer ([`BUFFER_SIZE`]) that it refills from any
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
/// use pgn::{Reader, Visitor};
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
}

impl<R: Read> Reader<R> {
    /// A reader with the default [`Limits`].
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_limits(inner, Limits::default())
    }

    /// A reader with the given limits.
    pub fn with_limits(inner: R, limits: Limits) -> Reader<R> {
        Reader {
            inner,
            buf: vec![0; BUFFER_SIZE].into_boxed_slice(),
            start: 0,
            end: 0,
            eof: false,
            line: 1,
            game: 0,
            consumed: 0,
            limits,
            scratch: Vec::new(),
            name: Vec::new(),
        }
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

    /// The fast path of the tag section: over a local slice of the buffer, reads the
    /// well-formed tag pairs (`[Name "value"]` with no escape, the value within
    /// [`Limits::max_tag_value`]) and the blanks between them, handing the visitor slices of
    /// the buffer. It stops before anything else (and never consumes blanks it does not
    /// follow with a tag), leaving it to [`Reader::read_tag`] and [`Reader::skip_ws`], which
    /// report exactly the same events. Returns whether it read a tag.
    #[inline]
    fn scan_plain_tags<V: Visitor>(&mut self, v: &mut V) -> bool {
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
    fn read_tag<V: Visitor>(&mut self, v: &mut V) -> io::Result<()> {
        self.start += 1; // '['
        self.ensure(MAX_TOKEN + 2)?;
        while self.start < self.end && matches!(self.buf[self.start], b' ' | b'\t') {
            self.start += 1;
        }
        self.name.clear();
        let name_len = self.buf[self.start..self.end]
            .iter()
            .take_while(|&&c| NAME[usize::from(c)])
            .count();
        self.name
            .extend_from_slice(&self.buf[self.start..self.start + name_len.min(MAX_TOKEN)]);
        self.start += name_len;
        while self.start < self.end && matches!(self.buf[self.start], b' ' | b'\t') {
            self.start += 1;
        }
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
                    self.ensure(MAX_TOKEN)?;
                    let mut j = self.start;
                    while j < self.end && matches!(self.buf[j], b' ' | b'\t') {
                        j += 1;
                    }
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
    fn skip_tag_rest(&mut self) -> io::Result<()> {
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
                    v.comment(&text[..text.len().min(self.limits.max_comment)]);
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
            v.comment(&avail[..avail.len().min(self.limits.max_comment)]);
        }
        self.skip_line()
    }

    /// Reads movetext up to the result, the next game's tags or the end of the input.
    fn read_movetext<V: Visitor>(&mut self, v: &mut V, skip_all: bool) -> io::Result<()> {
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
}

/// Eight bytes from `buf[i..]` as a little-endian word (byte `k` in bits `8k..8k + 8`).
#[inline(always)]
fn word_at(buf: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&buf[i..i + 8]);
    u64::from_le_bytes(w)
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The number of leading ASCII digits of `w` (8 if all are). Per byte and without carries:
/// after `^ 0x30` a digit is below 10, and `(y & 0x7f) + 0x76` sets the top bit exactly
/// for the bytes that are not.
#[inline(always)]
fn len_of_digits(w: u64) -> usize {
    let y = w ^ (0x30 * LO);
    (((y | ((y & !HI) + 0x76 * LO)) & HI).trailing_zeros() / 8) as usize
}

/// Whether the first `len` (at most 8) bytes of `w` are all token bytes. No branches: a
/// table lookup per byte folded into a mask.
#[inline(always)]
fn all_token_bytes(w: u64, len: usize) -> bool {
    let mut bad = 0u32;
    for (k, b) in w.to_le_bytes().into_iter().enumerate() {
        bad |= u32::from(!TOKEN[usize::from(b)]) << k;
    }
    bad & ((1u32 << len) - 1) == 0
}

/// Gathers the top bit of each byte of `hi` (no other bits set) into the low 8 bits.
#[inline(always)]
fn gather_top_bits(hi: u64) -> u64 {
    ((hi >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// Top bit of each byte of `w` that equals `b`, for ASCII `b` (exact per byte, no carries).
#[inline(always)]
fn bytes_equal(w: u64, b: u8) -> u64 {
    let x = (w & !HI) ^ (u64::from(b) * LO);
    !(x + 0x7f * LO) & !w & HI
}

/// Bit masks over the 64 bytes `buf[at..at + 64]` (bit `k` is byte `at + k`).
struct Masks {
    /// The blanks of the movetext grammar: space, `\t`, `\n`, `\x0b`, `\x0c`, `\r`.
    blank: u64,
    /// `\n` alone, for line numbers.
    newline: u64,
}

impl Masks {
    #[inline(always)]
    fn new(buf: &[u8], at: usize) -> Masks {
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
    fn close(buf: &[u8], at: usize) -> u64 {
        let mut close = 0;
        for q in 0..8 {
            close |= gather_top_bits(bytes_equal(word_at(buf, at + 8 * q), b'}')) << (8 * q);
        }
        close
    }
}

/// The bits below bit `k` (`k <= 64`).
#[inline(always)]
fn below(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1u64 << k) - 1
    }
}

impl<R: Read> Reader<R> {
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
    fn scan_plain_movetext<V: Visitor>(
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

/// Bytes of a tag name.
const fn name_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-');
        c += 1;
    }
    t
}
static NAME: [bool; 256] = name_table();

/// The first `"`, `\\` or newline in `s`: word at a time over the first 64 bytes (most tag
/// values are short, and this costs less than setting up a vector search), then `memchr3`.
#[inline]
fn find_value_end(s: &[u8]) -> Option<usize> {
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

/// A well-formed tag pair at the start of `s` (which starts with `[`): blanks, a name of at
/// most [`MAX_TOKEN`] bytes, blanks, a quoted value with no escape, newline or inner quote
/// and at most `max_value` bytes, and `"]`. Calls `emit` with name and value and returns the
/// length read; `None` (and no call) for anything else.
#[inline]
fn plain_tag(s: &[u8], max_value: usize, emit: impl FnOnce(&[u8], &[u8])) -> Option<usize> {
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

/// Passes a move token to the visitor, splitting off `!`/`?` annotations, or a symbolic NAG.
fn emit_token<V: Visitor>(v: &mut V, token: &[u8], line: u64) {
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
fn strip_annotation(token: &[u8]) -> &[u8] {
    let n = token
        .iter()
        .rev()
        .take_while(|&&b| b == b'!' || b == b'?')
        .count();
    &token[..token.len() - n]
}

fn parse_u8(digits: &[u8]) -> Option<u8> {
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let n = digits
        .iter()
        .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
    u8::try_from(n).ok()
}

fn push_capped(out: &mut Vec<u8>, data: &[u8], limit: usize, too_long: &mut bool) {
    let room = limit.saturating_sub(out.len());
    if data.len() > room {
        *too_long = true;
    }
    out.extend_from_slice(&data[..data.len().min(room)]);
}

fn count_newlines(s: &[u8]) -> u64 {
    if s.len() < 64 {
        s.iter().filter(|&&b| b == b'\n').count() as u64
    } else {
        memchr::memchr_iter(b'\n', s).count() as u64
    }
}

/// Two visitors fed the same game: the output is both outputs. A part one of them skips
/// (movetext or a variation) is read for the other only, and the first never sees it.
#[derive(Default)]
pub struct Both<A, B> {
    /// The first visitor.
    pub a: A,
    /// The second visitor.
    pub b: B,
    /// Depth of skipped parts the first (second) visitor is inside; 0 when it sees events.
    a_off: u32,
    b_off: u32,
}

impl<A, B> Both<A, B> {
    /// Both visitors.
    pub fn new(a: A, b: B) -> Both<A, B> {
        Both {
            a,
            b,
            a_off: 0,
            b_off: 0,
        }
    }
}

impl<A: Visitor, B: Visitor> Visitor for Both<A, B> {
    type Output = (A::Output, B::Output);

    fn begin_game(&mut self, game: u64, line: u64) {
        self.a_off = 0;
        self.b_off = 0;
        self.a.begin_game(game, line);
        self.b.begin_game(game, line);
    }
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.a.tag(name, value);
        self.b.tag(name, value);
    }
    fn end_tags(&mut self) -> Skip {
        if self.a.end_tags().0 {
            self.a_off = 1;
        }
        if self.b.end_tags().0 {
            self.b_off = 1;
        }
        Skip(self.a_off > 0 && self.b_off > 0)
    }
    fn san(&mut self, san: &[u8], line: u64) {
        if self.a_off == 0 {
            self.a.san(san, line);
        }
        if self.b_off == 0 {
            self.b.san(san, line);
        }
    }
    fn nag(&mut self, nag: Nag) {
        if self.a_off == 0 {
            self.a.nag(nag);
        }
        if self.b_off == 0 {
            self.b.nag(nag);
        }
    }
    fn comment(&mut self, text: &[u8]) {
        if self.a_off == 0 {
            self.a.comment(text);
        }
        if self.b_off == 0 {
            self.b.comment(text);
        }
    }
    fn begin_variation(&mut self) -> Skip {
        if self.a_off > 0 {
            self.a_off += 1;
        } else if self.a.begin_variation().0 {
            self.a_off = 1;
        }
        if self.b_off > 0 {
            self.b_off += 1;
        } else if self.b.begin_variation().0 {
            self.b_off = 1;
        }
        Skip(self.a_off > 0 && self.b_off > 0)
    }
    fn end_variation(&mut self) {
        // Only variations not skipped by both close here.
        if self.a_off > 0 {
            self.a_off -= 1;
        } else {
            self.a.end_variation();
        }
        if self.b_off > 0 {
            self.b_off -= 1;
        } else {
            self.b.end_variation();
        }
    }
    fn result(&mut self, result: GameResult) {
        self.a.result(result);
        self.b.result(result);
    }
    fn error(&mut self, error: ReadError) {
        self.a.error(error.clone());
        self.b.error(error);
    }
    fn end_game(&mut self) -> Self::Output {
        (self.a.end_game(), self.b.end_game())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records every event as text.
    #[derive(Default)]
    struct Log(Vec<String>);

    impl Visitor for Log {
        type Output = Vec<String>;
        fn tag(&mut self, name: &[u8], value: &[u8]) {
            self.0.push(format!(
                "[{} {}]",
                String::from_utf8_lossy(name),
                String::from_utf8_lossy(value)
            ));
        }
        fn san(&mut self, san: &[u8], line: u64) {
            self.0
                .push(format!("{}@{line}", String::from_utf8_lossy(san)));
        }
        fn nag(&mut self, nag: Nag) {
            self.0.push(format!("${}", nag.0));
        }
        fn comment(&mut self, text: &[u8]) {
            self.0
                .push(format!("{{{}}}", String::from_utf8_lossy(text)));
        }
        fn begin_variation(&mut self) -> Skip {
            self.0.push("(".into());
            Skip(false)
        }
        fn end_variation(&mut self) {
            self.0.push(")".into());
        }
        fn result(&mut self, r: GameResult) {
            self.0.push(r.as_str().into());
        }
        fn error(&mut self, e: ReadError) {
            self.0.push(format!("error: {e}"));
        }
        fn end_game(&mut self) -> Vec<String> {
            std::mem::take(&mut self.0)
        }
    }

    fn games(input: &[u8]) -> Vec<Vec<String>> {
        let mut r = Reader::new(input);
        let mut out = Vec::new();
        r.read_all(&mut Log::default(), |g| out.push(g))
            .expect("no I/O errors from a slice");
        out
    }

    #[test]
    fn reads_tokens() {
        let g = games(
            b"\xef\xbb\xbf[Event \"A \\\"quoted\\\" \"x\" \\\\\"]\n[Site \"S\"]\n\n1.e4 e5!? 2. Nf3 $1 {a\ncomment} (2. d4 exd4 (2... d5)) 2... Nc6 +- ; rest\n3.Bb5 1/2-1/2\n\n1. d4 *",
        );
        assert_eq!(g.len(), 2);
        assert_eq!(
            g[0].join(" "),
            "[Event A \"quoted\" \"x\" \\] [Site S] e4@4 e5@4 $5 Nf3@4 $1 {a\ncomment} ( d4@5 exd4@5 ( d5@5 ) ) Nc6@5 $18 { rest} Bb5@6 1/2-1/2"
        );
        assert_eq!(g[1].join(" "), "d4@8 *");
    }

    #[test]
    fn games_without_results_end_at_tags() {
        let g = games(b"[A \"1\"]\n1. e4 (1. d4\n[B \"2\"]\n1. c4 0-0 O-O-O");
        assert_eq!(g.len(), 2);
        assert_eq!(
            g[0].join(" "),
            "[A 1] e4@2 ( d4@2 error: game 1, line 3: 1 variation(s) not closed )"
        );
        assert_eq!(g[1].join(" "), "[B 2] c4@4 0-0@4 O-O-O@4");
    }

    #[test]
    fn malformed_input_is_reported_not_fatal() {
        let g = games(b"[Bad tag]\n1. e4 ) } e5 $999 {never closed");
        assert_eq!(g.len(), 1);
        let s = g[0].join(" | ");
        assert!(s.contains("malformed tag"), "{s}");
        assert!(s.contains("`)` without"), "{s}");
        assert!(s.contains("unexpected character '}'"), "{s}");
        assert!(s.contains("bad NAG"), "{s}");
        assert!(s.contains("comment not closed"), "{s}");
    }

    #[test]
    fn long_comments_and_tags_are_cut() {
        let mut input = b"[Big \"".to_vec();
        input.extend(std::iter::repeat_n(b'v', 3 * BUFFER_SIZE));
        input.extend_from_slice(b"\"]\n1. e4 {");
        input.extend(std::iter::repeat_n(b'c', 5 * BUFFER_SIZE));
        input.extend_from_slice(b"} e5 *");
        let limits = Limits {
            max_comment: 1000,
            max_tag_value: 100,
        };
        let mut r = Reader::with_limits(&input[..], limits);
        let g = r
            .read_game(&mut Log::default())
            .expect("no I/O error")
            .expect("a game");
        assert_eq!(
            g.len(),
            7,
            "{:?}",
            g.iter().map(|s| s.len()).collect::<Vec<_>>()
        );
        assert_eq!(
            g[0],
            "error: game 1, line 1: tag value longer than 100 bytes, cut"
        );
        assert_eq!(g[1].len(), 100 + 6);
        assert_eq!(g[4].len(), 1000 + 2);
        assert_eq!(&g[5..], ["e5@2", "*"]);
    }

    /// Hands out one byte per `read`, so the reader never holds more than `MAX_TOKEN + 1`
    /// bytes ahead and the local-slice fast path never runs: every event then comes from the
    /// general, one-construct-at-a-time code.
    struct OneByte<'a>(&'a [u8]);

    impl Read for OneByte<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), out.first_mut()) {
                (Some((&b, rest)), Some(slot)) => {
                    *slot = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    /// Every event, tagged with its game, from both paths.
    fn both_paths(input: &[u8]) -> (Vec<Vec<String>>, Vec<Vec<String>>) {
        let mut slow = Vec::new();
        Reader::new(OneByte(input))
            .read_all(&mut Log::default(), |g| slow.push(g))
            .expect("no I/O errors from a slice");
        (games(input), slow)
    }

    #[test]
    fn fast_path_reports_what_the_general_code_reports() {
        // Long enough that the fast path runs, with every construct it takes or hands back.
        let mut input = Vec::new();
        for k in 0..40 {
            input.extend_from_slice(format!("[Event \"{k}\"]\n\n").as_bytes());
            input.extend_from_slice(
                b"1. e4 e5 2.Nf3 Nc6 3...Bb5 {a comment\nover lines} a6!? 4. Ba4 N Nf6 ( 4... d6 \
                  5. O-O ) 5. O-O-O\r\n Be7\t6. Re1 b5 $1 7. Bb3 d6 8. c3 0-0 9. h3 ; line\n\
                  9... Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 \
                  h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. \
                  Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 \
                  Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 \
                  Nd5 33. f3 Bc8 34. Kf2 Bf5 35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 \
                  39. Kd2 Kb5 40. Rd6 Kc5 41. Ra6 Nf2 42. g4 Bd3 43. Re6 e8=Q+ 12345 1.",
            );
            input.extend_from_slice(&b" \x0b\x0c % not an escape\n%escape\n"[..(k % 5) * 7]);
            input.extend_from_slice(
                [&b" 1/2-1/2\n\n"[..], b" *\n\n", b" 1-0 ", b"0-1\n", b"\n"][k % 5],
            );
        }
        let (fast, slow) = both_paths(&input);
        assert_eq!(fast.len(), 40);
        assert_eq!(fast, slow);
    }

    #[test]
    fn fast_path_reports_what_the_general_code_reports_on_the_sample_games() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sample");
        let mut files = 0;
        for entry in std::fs::read_dir(dir).expect("sample directory") {
            let path = entry.expect("entry").path();
            if !path.to_string_lossy().ends_with(".pgn.zst") {
                continue;
            }
            let mut input = Vec::new();
            crate::input::open(&path)
                .and_then(|mut r| r.read_to_end(&mut input))
                .expect("sample file");
            let (fast, slow) = both_paths(&input);
            assert!(fast.len() > 100, "{}", path.display());
            assert!(fast == slow, "{}", path.display());
            files += 1;
        }
        assert_eq!(files, 5);
    }

    /// The word-at-a-time helpers against the obvious byte loops, for every byte value at
    /// every position.
    #[test]
    fn word_helpers() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for k in 0..8 {
            for b in 0..=255u8 {
                for _ in 0..4 {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let mut bytes = (seed >> 3).to_le_bytes();
                    bytes[k] = b;
                    let w = u64::from_le_bytes(bytes);
                    let digits = bytes.iter().take_while(|x| x.is_ascii_digit()).count();
                    assert_eq!(len_of_digits(w), digits, "{bytes:?}");
                    for len in 0..=8 {
                        let all = bytes[..len].iter().all(|&x| TOKEN[usize::from(x)]);
                        assert_eq!(all_token_bytes(w, len), all, "{bytes:?} {len}");
                    }
                }
            }
        }
        // The window masks, every byte value at every position of a word.
        let mut window = [b'x'; 72];
        for k in 0..64 {
            for b in 0..=255u8 {
                window[k] = b;
                let m = Masks::new(&window, 0);
                let bit = |mask: u64| (mask >> k) & 1 == 1;
                let blank = matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
                assert_eq!(bit(m.blank), blank, "{b:#x} at {k}");
                assert_eq!(bit(m.newline), b == b'\n', "{b:#x} at {k}");
                assert_eq!(bit(Masks::close(&window, 0)), b == b'}', "{b:#x} at {k}");
                assert_eq!(m.blank & !(1 << k), 0);
                window[k] = b'x';
            }
        }
        for bits in 0..=255u64 {
            let mut hi = 0;
            for k in 0..8 {
                hi |= ((bits >> k) & 1) << (8 * k + 7);
            }
            assert_eq!(gather_top_bits(hi), bits);
        }
        // Runs of digits and of token bytes, which random words rarely have.
        assert_eq!(len_of_digits(u64::from_le_bytes(*b"12345678")), 8);
        assert_eq!(len_of_digits(u64::from_le_bytes(*b"123. e4 ")), 3);
    }

    #[test]
    fn tag_value_ends() {
        let mut s = vec![b'v'; 200];
        for at in 0..200 {
            for b in [b'"', b'\\', b'\n'] {
                s[at] = b;
                assert_eq!(find_value_end(&s), Some(at));
                assert_eq!(find_value_end(&s[..at]), None);
                s[at] = b'v';
            }
        }
        assert_eq!(find_value_end(b"caf\xc3\xa9\"]"), Some(5));
    }

    proptest::proptest! {
        #[test]
        fn fast_path_equals_general_code_on_any_token_soup(
            parts in proptest::collection::vec(0usize..TOKENS.len(), 0..400),
        ) {
            let input: Vec<u8> = parts.iter().flat_map(|&k| TOKENS[k].iter().copied()).collect();
            let (fast, slow) = both_paths(&input);
            proptest::prop_assert_eq!(fast, slow);
        }
    }

    /// Pieces of movetext, well-formed and not, for the token soup.
    const TOKENS: &[&[u8]] = &[
        b" ",
        b"  ",
        b"\n",
        b"\r\n",
        b"\t",
        b"\x0b",
        b".",
        b"...",
        b"12.",
        b"7",
        b"12345",
        b"e4",
        b"exd5",
        b"Nf3",
        b"Nbd7",
        b"R1e2",
        b"e8=Q+",
        b"O-O",
        b"O-O-O#",
        b"0-0",
        b"N",
        b"Nf3!",
        b"e4?!",
        b"--",
        b"Z0",
        b"e2e4",
        b"{",
        b"}",
        b"{c}",
        b"{x\ny}",
        b"(",
        b")",
        b"$1",
        b"$",
        b"!!",
        b";c\n",
        b"%e\n",
        b"%",
        b"1-0",
        b"0-1",
        b"1/2-1/2",
        b"*",
        b"[T \"v\"]\n",
        b"[",
        b"]",
        b"\"",
        b"\xc3\xa9",
        b"\0",
        b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    ];

    #[test]
    fn skipping() {
        struct MainlineOnly(usize);
        impl Visitor for MainlineOnly {
            type Output = usize;
            fn san(&mut self, _: &[u8], _: u64) {
                self.0 += 1;
            }
            fn begin_variation(&mut self) -> Skip {
                Skip(true)
            }
            fn end_variation(&mut self) {
                unreachable!("skipped variations are not closed");
            }
            fn end_game(&mut self) -> usize {
                std::mem::take(&mut self.0)
            }
        }
        let mut deep = b"1. e4 ".to_vec();
        for _ in 0..100_000 {
            deep.extend_from_slice(b"( d4 ");
        }
        for _ in 0..100_000 {
            deep.extend_from_slice(b") ");
        }
        deep.extend_from_slice(b"e5 1-0");
        let mut r = Reader::new(&deep[..]);
        assert_eq!(r.read_game(&mut MainlineOnly(0)).expect("ok"), Some(2));
    }
}
