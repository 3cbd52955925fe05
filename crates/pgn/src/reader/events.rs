//! What the reader reports: the [`Visitor`] it calls, the errors, NAGs and results, and
//! [`Both`], which feeds one game to two visitors.

use super::MAX_TOKEN;

/// A Numeric Annotation Glyph: `$1` to `$255`, or the `!`, `?`, `!!`, `??`, `!?`, `?!`
/// suffixes (1 to 6) and the symbolic forms of the evaluation glyphs (`+-` is `$18`, ...).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

impl Nag {
    /// The NAG a move-suffix annotation or symbolic glyph stands for.
    #[must_use]
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

/// The result that ends a game's movetext: position's, whose text form this crate reads
/// and writes.
pub use chessbits_position::GameResult;

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
    /// [`Limits::max_comment`](super::Limits::max_comment).
    fn comment(&mut self, _text: &[u8]) {}
    /// A `;` comment, without the `;` and the line end: [`Visitor::comment`] unless a
    /// visitor tells the two kinds apart.
    fn line_comment(&mut self, text: &[u8]) {
        self.comment(text);
    }
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
#[non_exhaustive]
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
    /// A movetext token longer than 255 bytes.
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
#[non_exhaustive]
pub struct ReadError {
    /// The game's number in the input, from 1.
    pub game: u64,
    /// The line, from 1.
    pub line: u64,
    /// What is wrong.
    pub kind: ReadErrorKind,
}

/// Two visitors fed the same game: the output is both outputs. A part one of them skips
/// (movetext or a variation) is read for the other only, and the first never sees it.
#[derive(Debug, Default)]
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
