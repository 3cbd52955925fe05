//! PGN as chess.js 1.x reads it (`loadPgn`), where its grammar and rules differ from this
//! crate's reader: one comment at most before the first move and after each move (after
//! its glyphs, before its variations; two in a row, or one after a glyph's place or a
//! variation, is an error), a brace comment's text kept as written but for line ends (each
//! run a blank), a `;` comment's trimmed, no null moves, and the start position from the `FEN`
//! tag by the rules of its strict and permissive parsers ([`chess_js_start_fen`]).
//! [`ChessJsPgn`] is the [`Visitor`] that reads a game so; the door replays its moves.

use crate::reader::{GameResult, Nag, ReadError, Skip, Visitor};

/// A game as chess.js reads it: tags, the mainline's move tokens, the comment before the
/// first move and after each (`comments[0]` before the first move, `comments[i]` after
/// move `i`), the result token, and the first thing chess.js's grammar refuses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChessJsGame {
    /// The tag pairs in order (names and values as written).
    pub tags: Vec<(Vec<u8>, Vec<u8>)>,
    /// The mainline's move tokens as written (with `+`/`#`).
    pub moves: Vec<Vec<u8>>,
    /// One more than `moves`: the comment at each place, if any.
    pub comments: Vec<Option<Vec<u8>>>,
    /// The result token, if the movetext ends with one.
    pub result: Option<GameResult>,
    /// Why chess.js would refuse the text (the reader's own errors included).
    pub error: Option<String>,
}

/// What came last on the mainline.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
enum Last {
    #[default]
    Start,
    Move,
    Glyph,
    Comment,
    Variation,
}

/// The [`Visitor`] that reads a game as chess.js does ([`ChessJsGame`]).
#[derive(Debug, Default)]
pub struct ChessJsPgn {
    game: ChessJsGame,
    depth: u32,
    last: Last,
}

/// A brace comment's text as chess.js keeps it: each run of line-end bytes (`\r`, `\n`)
/// one blank.
fn brace_text(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut in_break = false;
    for &b in text {
        let line_end = b == b'\r' || b == b'\n';
        if !line_end {
            out.push(b);
        } else if !in_break {
            out.push(b' ');
        }
        in_break = line_end;
    }
    out
}

impl ChessJsPgn {
    /// A reader for one game.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    fn refuse(&mut self, why: &str) {
        if self.game.error.is_none() {
            self.game.error = Some(String::from(why));
        }
    }

    fn keep_comment(&mut self, text: Vec<u8>) {
        if self.depth > 0 {
            return;
        }
        match self.last {
            Last::Comment => self.refuse("a second comment in a row"),
            Last::Variation => self.refuse("a comment after a variation"),
            _ => {
                if let Some(slot) = self.game.comments.last_mut() {
                    *slot = Some(text);
                }
                self.last = Last::Comment;
            }
        }
    }
}

/// Whether chess.js's grammar reads `san` as a move: a castling (`O-O`, `O-O-O`, or with
/// zeros), or a letter followed by one or more letters, digits 1 to 8, `-` or `=`; then at
/// most one `+` or `#`. Its grammar commits to a castling it finds at the start, so
/// `O-O-O-O` or `O-Ox` is refused, not read as letters. What it refuses is a refusal of the
/// text (null moves, `e`, `Kh9`, `P@e4`), not a move that is no move: chess.js keeps the
/// game as it was.
fn is_chess_js_san(san: &[u8]) -> bool {
    let bare = match san.split_last() {
        Some((b'+' | b'#', rest)) => rest,
        _ => san,
    };
    for castle in [&b"O-O-O"[..], b"O-O", b"0-0-0", b"0-0"] {
        if bare.starts_with(castle) {
            return bare == castle;
        }
    }
    match bare.split_first() {
        Some((first, rest)) => {
            first.is_ascii_alphabetic()
                && !rest.is_empty()
                && rest.iter().all(|&b| {
                    b.is_ascii_alphabetic() || (b'1'..=b'8').contains(&b) || b == b'-' || b == b'='
                })
        }
        None => false,
    }
}

impl Visitor for ChessJsPgn {
    type Output = ChessJsGame;

    fn begin_game(&mut self, _game: u64, _line: u64) {
        *self = ChessJsPgn::new();
        self.game.comments.push(None);
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.game.tags.push((name.to_vec(), value.to_vec()));
    }

    fn end_tags(&mut self) -> Skip {
        Skip(false)
    }

    fn san(&mut self, san: &[u8], _line: u64) {
        if self.depth > 0 {
            return;
        }
        if !is_chess_js_san(san) {
            let text = String::from_utf8_lossy(san);
            self.refuse(&format!("{text:?} is no move chess.js's grammar reads"));
        }
        self.game.moves.push(san.to_vec());
        self.game.comments.push(None);
        self.last = Last::Move;
    }

    fn nag(&mut self, _nag: Nag) {
        if self.depth > 0 {
            return;
        }
        match self.last {
            Last::Move | Last::Glyph => self.last = Last::Glyph,
            Last::Start => self.refuse("a glyph before the first move"),
            Last::Comment | Last::Variation => self.refuse("a glyph after a comment"),
        }
    }

    fn comment(&mut self, text: &[u8]) {
        self.keep_comment(brace_text(text));
    }

    fn line_comment(&mut self, text: &[u8]) {
        self.keep_comment(text.trim_ascii().to_vec());
    }

    fn begin_variation(&mut self) -> Skip {
        if self.depth == 0 {
            if self.last == Last::Start {
                self.refuse("a variation before the first move");
            }
            self.last = Last::Variation;
        }
        self.depth += 1;
        Skip(false)
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn result(&mut self, result: GameResult) {
        self.game.result = Some(result);
    }

    fn error(&mut self, error: ReadError) {
        let text = format!("{error}");
        self.refuse(&text);
    }

    fn end_game(&mut self) -> ChessJsGame {
        core::mem::take(&mut self.game)
    }
}

/// The FEN chess.js's `loadPgn` starts from, of `tags` (names and values): the permissive
/// parser takes the last tag named `FEN` in any case, the strict one the `FEN` tag when
/// `SetUp` is `1` and no FEN otherwise. `Err` for the strict parser's `SetUp "1"` without a
/// `FEN` tag, in chess.js's words.
pub fn chess_js_start_fen(
    tags: &[(Vec<u8>, Vec<u8>)],
    strict: bool,
) -> Result<Option<&[u8]>, &'static str> {
    // chess.js keeps the tags in an object: the last of a name counts.
    let last = |name: &[u8]| {
        tags.iter()
            .rev()
            .find(|(k, _)| k.as_slice() == name)
            .map(|(_, v)| v.as_slice())
    };
    if !strict {
        return Ok(tags
            .iter()
            .rev()
            .find(|(k, _)| k.eq_ignore_ascii_case(b"FEN"))
            .map(|(_, v)| v.as_slice())
            .filter(|v| !v.is_empty()));
    }
    if last(b"SetUp") != Some(b"1") {
        return Ok(None);
    }
    match last(b"FEN") {
        Some(fen) => Ok(Some(fen)),
        None => Err("Invalid PGN: FEN tag must be supplied with SetUp tag"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reader;

    fn read(pgn: &str) -> ChessJsGame {
        Reader::new(pgn.as_bytes())
            .read_game(&mut ChessJsPgn::new())
            .unwrap()
            .unwrap()
    }

    #[test]
    fn comments_as_chess_js_keeps_them() {
        let g = read("{ before } 1. e4 {a;\r\n\n b} e5 ; line  \n2. Nf3 *");
        assert_eq!(g.error, None);
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.comments[0].as_deref(), Some(&b" before "[..]));
        assert_eq!(g.comments[1].as_deref(), Some(&b"a;  b"[..]));
        assert_eq!(g.comments[2].as_deref(), Some(&b"line"[..]));
        assert_eq!(g.comments[3], None);
    }

    #[test]
    fn what_chess_js_refuses() {
        for pgn in [
            "1. e4 {a} {b} e5 *",
            "{a} {b} 1. e4 *",
            "1. e4 {a} $1 e5 *",
            "1. e4 (1. d4) {b} e5 *",
            "1. e4 -- 2. d4 *",
        ] {
            assert!(read(pgn).error.is_some(), "{pgn}");
        }
        assert_eq!(read("1. e4 $1 {a} (1. d4 {x} {y}) e5 *").error, None);
    }

    #[test]
    fn move_tokens_as_chess_js_grammar_reads_them() {
        // Read as moves (whether they are moves is the replay's question).
        for san in [
            "e4", "Ke", "i4", "exd", "N1d2", "a8=Q", "a8Q", "e4ep", "e2-e4", "O-O", "O-O-O+",
            "0-0", "0-0-0#", "Qh4xe1", "xe4", "o-o",
        ] {
            assert!(is_chess_js_san(san.as_bytes()), "{san}");
        }
        // Refused by the grammar: the text, not a move.
        for san in [
            "e", "N", "e9", "Kh9", "P@e4", "@e4", "e.p.", "Z0", "--", "0000", "O-O-O-O", "O-Ox",
            "0-0-0-0", "e4++", "", "+",
        ] {
            assert!(!is_chess_js_san(san.as_bytes()), "{san}");
        }
        assert!(read("1. e4 e5 2. Kh9 *").error.is_some());
        assert_eq!(read("1. e4 e5 2. Ke3 *").error, None);
    }

    #[test]
    fn start_fen() {
        let fen = b"8/8/8/8/8/8/8/K6k w - - 0 1".to_vec();
        let tags = [(b"fen".to_vec(), fen.clone())];
        assert_eq!(chess_js_start_fen(&tags, false), Ok(Some(&fen[..])));
        assert_eq!(chess_js_start_fen(&tags, true), Ok(None));
        let setup = [(b"SetUp".to_vec(), b"1".to_vec())];
        assert!(chess_js_start_fen(&setup, true).is_err());
        let both = [
            (b"SetUp".to_vec(), b"1".to_vec()),
            (b"FEN".to_vec(), fen.clone()),
        ];
        assert_eq!(chess_js_start_fen(&both, true), Ok(Some(&fen[..])));
    }
}
