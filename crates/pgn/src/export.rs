//! [`Exporter`]: export-format PGN written token by token, for a program that walks a game
//! tree of its own (the Python package's python-chess-shaped tree calls it from its
//! exporting visitor) and wants the layout python-chess writes.
//!
//! The layout is [`write_game`](crate::write_game)'s standard export format with
//! python-chess's spacing: `{ comment }` and `( variation )` with spaces inside, a comment
//! kept whole on its line, a line broken before any token that would pass
//! [`ExportOptions::columns`] (counted in characters), and the options python-chess's
//! `StringExporter` has (no headers, no comments, no variations, one line).
//!
//! [`ChessJsExporter`] writes chess.js's layout instead (the JavaScript package's `pgn()`).

mod chess_js;

pub use chess_js::{ChessJsExporter, ChessJsOptions};

use crate::writer::write_tag_pair;

/// What an [`Exporter`] writes and how wide its movetext lines are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    /// The widest movetext line, in characters (`None`: the movetext on one line). Tag
    /// pairs and single tokens (a long comment) may be longer.
    pub columns: Option<usize>,
    /// Whether tag pairs are written.
    pub headers: bool,
    /// Whether comments and NAGs are written.
    pub comments: bool,
    /// Whether variations are written (without them, only the mainline's moves and the
    /// comments on it).
    pub variations: bool,
}

impl Default for ExportOptions {
    /// 80 columns, everything written.
    fn default() -> ExportOptions {
        ExportOptions {
            columns: Some(80),
            headers: true,
            comments: true,
            variations: true,
        }
    }
}

/// Writes games as PGN from the events of a walk over a tree: the tags, then each move (its
/// number, side and SAN), NAG, comment, variation start and end in PGN order, then the
/// result. Several games may be written one after another; [`Exporter::take_lines`] hands
/// out the finished lines as they come (a file writer), [`Exporter::text`] everything
/// written (a string writer).
///
/// ```
/// use chessbits_pgn::{ExportOptions, Exporter};
///
/// let mut w = Exporter::new(ExportOptions::default());
/// w.begin_game();
/// w.tag(b"White", b"Ann");
/// w.end_headers();
/// w.san(1, true, b"e4");
/// w.comment(b"best by test");
/// w.begin_variation();
/// w.san(1, true, b"d4");
/// w.end_variation();
/// w.san(1, false, b"e5");
/// w.result(b"*");
/// w.end_game();
/// assert_eq!(
///     String::from_utf8(w.text()).unwrap(),
///     "[White \"Ann\"]\n\n1. e4 { best by test } ( 1. d4 ) 1... e5 *"
/// );
/// ```
#[derive(Clone, Debug)]
pub struct Exporter {
    options: ExportOptions,
    /// Finished lines, each with its `\n`.
    done: Vec<u8>,
    /// The line being filled, tokens with their trailing space.
    line: Vec<u8>,
    /// Characters in `line`.
    line_chars: usize,
    found_headers: bool,
    /// Whether Black's next move needs its number (`12...`).
    force_number: bool,
    /// Variations open.
    depth: usize,
    token: Vec<u8>,
}

/// Characters in UTF-8 text (bytes that begin one).
fn chars(text: &[u8]) -> usize {
    text.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

impl Exporter {
    /// A writer with nothing written.
    #[must_use]
    pub fn new(options: ExportOptions) -> Exporter {
        Exporter {
            options,
            done: Vec::new(),
            line: Vec::new(),
            line_chars: 0,
            found_headers: false,
            force_number: true,
            depth: 0,
            token: Vec::with_capacity(16),
        }
    }

    /// Changes the options for what is written from now on.
    pub fn set_options(&mut self, options: ExportOptions) {
        self.options = options;
    }

    /// The options it writes with.
    #[must_use]
    pub fn options(&self) -> ExportOptions {
        self.options
    }

    /// Ends the line being filled (its trailing whitespace dropped), if it has anything.
    pub fn flush_line(&mut self) {
        if !self.line.is_empty() {
            let end = self.line.trim_ascii_end().len();
            self.done.extend_from_slice(&self.line[..end]);
            self.done.push(b'\n');
        }
        self.line.clear();
        self.line_chars = 0;
    }

    /// Adds the token in `self.token` to the line, after a line break when it would pass
    /// the columns.
    fn push_token(&mut self) {
        let n = chars(&self.token);
        if let Some(columns) = self.options.columns {
            if columns.saturating_sub(self.line_chars) < n {
                self.flush_line();
            }
        }
        self.line.extend_from_slice(&self.token);
        self.line_chars += n;
    }

    /// A token as given (with the space after it, if any), on the line being filled, after
    /// a line break when it would pass the columns: what the events below write with, for
    /// a caller's own tokens between them.
    pub fn write_token(&mut self, token: &[u8]) {
        self.token.clear();
        self.token.extend_from_slice(token);
        self.push_token();
    }

    /// A line of its own (its trailing whitespace dropped), after the line being filled.
    pub fn write_line(&mut self, line: &[u8]) {
        self.flush_line();
        self.done.extend_from_slice(line.trim_ascii_end());
        self.done.push(b'\n');
    }

    /// A game begins: the next move gets its number whatever its side.
    pub fn begin_game(&mut self) {
        self.force_number = true;
        self.depth = 0;
        self.found_headers = false;
    }

    /// A tag pair, `[Name "value"]` on its own line (as [`write_tag_pair`] writes it),
    /// unless headers are off.
    pub fn tag(&mut self, name: &[u8], value: &[u8]) {
        if self.options.headers {
            self.found_headers = true;
            let mut pair = Vec::with_capacity(name.len() + value.len() + 6);
            write_tag_pair(name, value, &mut pair);
            self.write_line(&pair);
        }
    }

    /// The tags end: a blank line when any was written.
    pub fn end_headers(&mut self) {
        if self.found_headers {
            self.write_line(b"");
        }
    }

    /// A variation begins (`( `); `false` when variations are not written, and the walker
    /// should skip it.
    pub fn begin_variation(&mut self) -> bool {
        self.depth += 1;
        if self.options.variations {
            self.token.clear();
            self.token.extend_from_slice(b"( ");
            self.push_token();
            self.force_number = true;
        }
        self.options.variations
    }

    /// A variation ends (`) `).
    pub fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        if self.options.variations {
            self.token.clear();
            self.token.extend_from_slice(b") ");
            self.push_token();
            self.force_number = true;
        }
    }

    fn annotating(&self) -> bool {
        self.options.comments && (self.options.variations || self.depth == 0)
    }

    /// A comment, `{ text }` (trimmed, any `}` in it dropped) as one token.
    pub fn comment(&mut self, text: &[u8]) {
        if self.annotating() {
            let kept: Vec<u8> = text.iter().copied().filter(|&b| b != b'}').collect();
            self.token.clear();
            self.token.extend_from_slice(b"{ ");
            self.token.extend_from_slice(kept.trim_ascii());
            self.token.extend_from_slice(b" } ");
            self.push_token();
            self.force_number = true;
        }
    }

    /// A numeric annotation glyph, `$n`.
    pub fn nag(&mut self, nag: u32) {
        if self.annotating() {
            self.token.clear();
            self.token.push(b'$');
            crate::annotations::push_decimal(&mut self.token, u64::from(nag));
            self.token.push(b' ');
            self.push_token();
        }
    }

    /// A move: its number (`12.` before White's, `12...` before Black's where a reader
    /// needs it) and its SAN.
    pub fn san(&mut self, fullmove_number: u32, white: bool, san: &[u8]) {
        if self.options.variations || self.depth == 0 {
            if white || self.force_number {
                self.token.clear();
                crate::annotations::push_decimal(&mut self.token, u64::from(fullmove_number));
                self.token
                    .extend_from_slice(if white { b". " } else { b"... " });
                self.push_token();
            }
            self.token.clear();
            self.token.extend_from_slice(san);
            self.token.push(b' ');
            self.push_token();
            self.force_number = false;
        }
    }

    /// The game's result token (`1-0`, `*`).
    pub fn result(&mut self, result: &[u8]) {
        self.token.clear();
        self.token.extend_from_slice(result);
        self.token.push(b' ');
        self.push_token();
    }

    /// The game ends: its last line, then a blank line.
    pub fn end_game(&mut self) {
        self.write_line(b"");
    }

    /// The lines finished since the last call, each ending in `\n` (what a file gets).
    pub fn take_lines(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.done)
    }

    /// Everything written so far with the line being filled, without whitespace at the end
    /// (what python-chess's `StringExporter` gives).
    #[must_use]
    pub fn text(&self) -> Vec<u8> {
        let mut out = self.done.clone();
        out.extend_from_slice(self.line.trim_ascii_end());
        let end = out.trim_ascii_end().len();
        out.truncate(end);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(w: &mut Exporter) {
        w.begin_game();
        for (name, value) in [("Event", "Test"), ("Result", "1-0")] {
            w.tag(name.as_bytes(), value.as_bytes());
        }
        w.end_headers();
        w.comment(b" start } ");
        w.san(1, true, b"e4");
        w.nag(1);
        w.comment(b"best by test");
        // A skipped variation is still ended, as python-chess's walk ends it.
        if w.begin_variation() {
            w.comment(b"or");
            w.san(1, true, b"d4");
            w.san(1, false, b"d5");
        }
        w.end_variation();
        w.san(1, false, b"e5");
        for n in 2..30 {
            w.san(n, true, b"Nf3");
            w.san(n, false, b"Nf6");
        }
        w.result(b"1-0");
        w.end_game();
    }

    /// A caller's own tokens break lines at the columns as the events' do; lines end
    /// without their trailing whitespace, and ending an empty line writes nothing.
    #[test]
    fn a_callers_tokens_and_lines_go_with_the_events() {
        let mut w = Exporter::new(ExportOptions {
            columns: Some(10),
            ..ExportOptions::default()
        });
        w.begin_game();
        w.write_token(b"abc ");
        w.write_token(b"defgh ");
        w.write_token(b"ij ");
        w.flush_line();
        w.flush_line();
        w.write_line(b"a line   ");
        w.write_token(b"x ");
        w.write_line(b"");
        w.san(1, true, b"e4");
        assert_eq!(w.take_lines(), b"abc defgh\nij\na line\nx\n\n");
        assert_eq!(w.text(), b"1. e4");
    }

    /// The texts python-chess 1.11's `StringExporter` gives for the same walk.
    #[test]
    fn writes_what_python_chess_writes() {
        let mut w = Exporter::new(ExportOptions::default());
        game(&mut w);
        let text = String::from_utf8(w.text()).expect("ascii");
        assert_eq!(
            text,
            "[Event \"Test\"]\n[Result \"1-0\"]\n\n\
             { start } 1. e4 $1 { best by test } ( { or } 1. d4 d5 ) 1... e5 2. Nf3 Nf6 3.\n\
             Nf3 Nf6 4. Nf3 Nf6 5. Nf3 Nf6 6. Nf3 Nf6 7. Nf3 Nf6 8. Nf3 Nf6 9. Nf3 Nf6 10.\n\
             Nf3 Nf6 11. Nf3 Nf6 12. Nf3 Nf6 13. Nf3 Nf6 14. Nf3 Nf6 15. Nf3 Nf6 16. Nf3 Nf6\n\
             17. Nf3 Nf6 18. Nf3 Nf6 19. Nf3 Nf6 20. Nf3 Nf6 21. Nf3 Nf6 22. Nf3 Nf6 23. Nf3\n\
             Nf6 24. Nf3 Nf6 25. Nf3 Nf6 26. Nf3 Nf6 27. Nf3 Nf6 28. Nf3 Nf6 29. Nf3 Nf6 1-0"
        );
        for line in text.lines() {
            assert!(line.len() <= 80, "{line}");
        }
        let mut w = Exporter::new(ExportOptions {
            columns: None,
            headers: false,
            comments: false,
            variations: false,
        });
        game(&mut w);
        let text = String::from_utf8(w.take_lines()).expect("ascii");
        assert!(text.starts_with("1. e4 e5 2. Nf3 Nf6 3. Nf3"), "{text}");
        assert!(text.ends_with("29. Nf3 Nf6 1-0\n\n"), "{text}");
        assert_eq!(text.lines().count(), 2);
        assert!(w.text().is_empty());
    }

    #[test]
    fn columns_count_characters_and_long_tokens_stand_alone() {
        let mut w = Exporter::new(ExportOptions {
            columns: Some(12),
            ..ExportOptions::default()
        });
        w.begin_game();
        w.end_headers();
        w.san(1, true, b"e4");
        w.comment("ééééééé".as_bytes());
        w.comment(b"a comment longer than the line");
        w.san(1, false, b"e5");
        w.result(b"*");
        let text = String::from_utf8(w.text()).expect("utf-8");
        assert_eq!(
            text,
            "1. e4\n{ ééééééé }\n{ a comment longer than the line }\n1... e5 *"
        );
    }
}
