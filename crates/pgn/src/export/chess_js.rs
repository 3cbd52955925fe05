//! [`ChessJsExporter`]: a game's PGN laid out exactly as chess.js 1.x's `Chess.pgn()` lays
//! it out, for the JavaScript package (`chessbits`), whose `Chess` keeps chess.js's API and
//! so its output.

/// How a [`ChessJsExporter`] ends its lines and how long it makes them: the options of
/// chess.js's `pgn({ newline, maxWidth })`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessJsOptions {
    /// What ends a tag pair's line and each movetext line (chess.js's `newline`).
    pub newline: String,
    /// chess.js's `maxWidth`: `None` (its `0`) writes the movetext on one line, `Some(w)`
    /// breaks it before a group whose end would pass `w` (UTF-16 code units; a token
    /// longer than the line stands alone on it). `Some(0)` is chess.js's layout for a
    /// `maxWidth` that is not `0` but reads as no width at all (`null`, a negative
    /// number): a line break before every group.
    pub max_width: Option<usize>,
}

impl Default for ChessJsOptions {
    /// chess.js's defaults: `\n`, one movetext line.
    fn default() -> ChessJsOptions {
        ChessJsOptions {
            newline: "\n".to_owned(),
            max_width: None,
        }
    }
}

/// Writes a game as chess.js 1.x's `Chess.pgn()` writes it, from its events: the tags in
/// their order, then the comment on the starting position if any, then each move with its
/// number and side followed by the comment on the position it reaches if any, then the
/// result, which gives the text.
///
/// chess.js's layout is not [`Exporter`](crate::Exporter)'s (python-chess's) and not
/// [`write_game`](crate::write_game)'s export format:
///
/// - Tag pairs are written as `[Name "value"]` with the value as it is: a `"` or `\` in it
///   is not escaped (which [`write_tag_pair`](crate::write_tag_pair) does), so such a value
///   does not read back. A tag without a value (chess.js's `null` placeholder, or any
///   value JavaScript reads as false, `""` among them) is not written, but it still counts
///   as a header for the blank line that separates the tags from the moves; that line is
///   there only when a move was played.
/// - Comments are `{text}`, without spaces inside, at most one per position (chess.js keeps
///   comments by FEN). A comment on the first position of a game without moves is the
///   whole movetext before the result.
/// - A game whose first move is Black's starts with `N. ...` (with a space, where the
///   standard writes `N...`); later Black moves get no number, even after a comment.
/// - Without a width the movetext is one line, its groups (a move number with White's and
///   Black's moves and the comments between them) joined by a space. With one, a group that
///   would pass it starts a new line, and a group holding a comment is broken at spaces
///   instead, token by token (and not separated from the previous group by a space when
///   its first token still fits: chess.js's own quirk, kept). Widths are JavaScript string
///   lengths, UTF-16 code units.
///
/// ```
/// use chessbits_pgn::{ChessJsExporter, ChessJsOptions};
///
/// // From a position with Black to move at move 7; `None`: a tag chess.js holds as a
/// // null placeholder (not written).
/// let mut w = ChessJsExporter::new(ChessJsOptions::default());
/// w.tag("Event", Some("Casual"));
/// w.tag("Annotator", None);
/// w.comment("start");
/// w.san(7, false, "Nf6");
/// w.san(8, true, "e4");
/// w.comment("sharp");
/// w.san(8, false, "d5");
/// assert_eq!(
///     w.finish("*"),
///     "[Event \"Casual\"]\n\n{start} 7. ... Nf6 8. e4 {sharp} d5 *"
/// );
///
/// let mut w = ChessJsExporter::new(ChessJsOptions {
///     newline: "\r\n".to_owned(),
///     max_width: Some(12),
/// });
/// for (number, white, san) in [(1, true, "e4"), (1, false, "e5"), (2, true, "Nf3")] {
///     w.san(number, white, san);
/// }
/// assert_eq!(w.finish("1-0"), "1. e4 e5\r\n2. Nf3 1-0");
/// ```
#[derive(Clone, Debug)]
pub struct ChessJsExporter {
    options: ChessJsOptions,
    /// The written tag pairs, each with its newline.
    tags: Vec<String>,
    /// Whether any tag came, written or not.
    header_exists: bool,
    /// The finished movetext groups (chess.js's `moves`).
    groups: Vec<String>,
    /// The group being filled (chess.js's `moveString`).
    group: String,
    /// Moves written.
    moves: usize,
}

/// A JavaScript string's `length`: UTF-16 code units.
fn js_length(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

/// chess.js's wrapped output, an array of strings joined at the end: the layout pops the
/// last element when it is exactly `" "`, whatever pushed it (a space, or a newline that
/// is a space), so the elements are kept apart.
struct Pieces {
    text: String,
    /// Where each element starts in `text`.
    starts: Vec<usize>,
}

impl Pieces {
    fn push(&mut self, piece: &str) {
        self.starts.push(self.text.len());
        self.text.push_str(piece);
    }

    /// chess.js's `strip`: drops the last element if it is `" "`.
    fn strip(&mut self) -> bool {
        match self.starts.last() {
            Some(&start) if self.text.get(start..) == Some(" ") => {
                self.text.truncate(start);
                self.starts.pop();
                true
            }
            _ => false,
        }
    }
}

impl ChessJsExporter {
    /// A writer with nothing written.
    #[must_use]
    pub fn new(options: ChessJsOptions) -> ChessJsExporter {
        ChessJsExporter {
            options,
            tags: Vec::new(),
            header_exists: false,
            groups: Vec::new(),
            group: String::new(),
            moves: 0,
        }
    }

    /// The options it writes with.
    #[must_use]
    pub fn options(&self) -> &ChessJsOptions {
        &self.options
    }

    /// A tag, `[Name "value"]` and the newline, the value unescaped; `None` (a tag
    /// chess.js does not write: a `null` placeholder, a value JavaScript reads as false)
    /// writes nothing but still makes the tags end with a blank line when a move follows.
    pub fn tag(&mut self, name: &str, value: Option<&str>) {
        self.header_exists = true;
        if let Some(value) = value {
            let mut pair = String::with_capacity(name.len() + value.len() + 5);
            pair.push('[');
            pair.push_str(name);
            pair.push_str(" \"");
            pair.push_str(value);
            pair.push_str("\"]");
            pair.push_str(&self.options.newline);
            self.tags.push(pair);
        }
    }

    /// The comment on the position reached (the starting one before any move), `{text}`
    /// as it is (chess.js's `setComment` has already turned braces into brackets).
    pub fn comment(&mut self, text: &str) {
        if !self.group.is_empty() {
            self.group.push(' ');
        }
        self.group.push('{');
        self.group.push_str(text);
        self.group.push('}');
    }

    /// A move in SAN (`--` for a null move) with the number of the move it belongs to and
    /// its side (`true`: White). White's move starts a group with its number; the first
    /// move, when it is Black's, gets `N. ...`.
    pub fn san(&mut self, fullmove_number: u64, white: bool, san: &str) {
        if self.moves == 0 && !white {
            if !self.group.is_empty() {
                self.group.push(' ');
            }
            self.group.push_str(&fullmove_number.to_string());
            self.group.push_str(". ...");
        } else if white {
            if !self.group.is_empty() {
                self.groups.push(std::mem::take(&mut self.group));
            }
            self.group.push_str(&fullmove_number.to_string());
            self.group.push('.');
        }
        self.group.push(' ');
        self.group.push_str(san);
        self.moves += 1;
    }

    /// The game's result token (chess.js writes its `Result` tag, `*` without one) ends the
    /// movetext: the whole PGN, without a newline at the end.
    #[must_use]
    pub fn finish(mut self, result: &str) -> String {
        // The last group; for a game without moves, the starting position's comment or an
        // empty group (so that the result follows a space, as chess.js writes it).
        self.groups.push(std::mem::take(&mut self.group));
        self.groups.push(result.to_owned());
        let blank = self.header_exists && self.moves > 0;
        let Some(max_width) = self.options.max_width else {
            let mut out = self.tags.concat();
            if blank {
                out.push_str(&self.options.newline);
            }
            out.push_str(&self.groups.join(" "));
            return out;
        };
        let mut out = Pieces {
            text: String::new(),
            starts: Vec::new(),
        };
        for pair in &self.tags {
            out.push(pair);
        }
        if blank {
            out.push(&self.options.newline);
        }
        let newline = &self.options.newline;
        let mut width = 0usize;
        for (i, group) in self.groups.iter().enumerate() {
            let length = js_length(group);
            if width.saturating_add(length) > max_width && group.contains('{') {
                // Broken at spaces (chess.js's `wrapComment`): each token after a line
                // break if it would pass the width, with a space after it.
                for token in group.split(' ').filter(|t| !t.is_empty()) {
                    let length = js_length(token);
                    if width.saturating_add(length) > max_width {
                        while out.strip() {}
                        out.push(newline);
                        width = 0;
                    }
                    out.push(token);
                    out.push(" ");
                    width = width.saturating_add(length + 1);
                }
                if out.strip() {
                    width = width.saturating_sub(1);
                }
                continue;
            }
            if width.saturating_add(length) > max_width && i != 0 {
                out.strip();
                out.push(newline);
                width = 0;
            } else if i != 0 {
                out.push(" ");
                width += 1;
            }
            out.push(group);
            width = width.saturating_add(length);
        }
        out.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// chess.js's template tags as a new `Chess` holds them (`SetUp` and `FEN` null), with
    /// the supplemental ones left out (null placeholders too: they change nothing).
    fn roster(w: &mut ChessJsExporter, fen: Option<&str>) {
        for (name, value) in [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("White", "?"),
            ("Black", "?"),
            ("Result", "*"),
        ] {
            w.tag(name, Some(value));
        }
        w.tag("Annotator", None);
        w.tag("SetUp", fen.map(|_| "1"));
        w.tag("FEN", fen);
    }

    const ROSTER: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                          [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n";
    const FEN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7";

    fn options(newline: &str, max_width: Option<usize>) -> ChessJsOptions {
        ChessJsOptions {
            newline: newline.to_owned(),
            max_width,
        }
    }

    /// `{start} 7... Nf6 8. d4 {sharp} d5` from [`FEN`], with the roster.
    fn black_first(options: ChessJsOptions) -> String {
        let mut w = ChessJsExporter::new(options);
        roster(&mut w, Some(FEN));
        w.comment("start");
        w.san(7, false, "Nf6");
        w.san(8, true, "d4");
        w.comment("sharp");
        w.san(8, false, "d5");
        w.finish("*")
    }

    // The expected texts below are chess.js 1.4.0's `pgn()` for the same games.

    #[test]
    fn black_first_from_a_fen_with_comments() {
        let tags = format!("{ROSTER}[SetUp \"1\"]\n[FEN \"{FEN}\"]\n");
        assert_eq!(
            black_first(ChessJsOptions::default()),
            format!("{tags}\n{{start}} 7. ... Nf6 8. d4 {{sharp}} d5 *")
        );
        // A width of nothing (`null`, a negative number): a break before each group,
        // the comment groups token by token.
        assert_eq!(
            black_first(options("\n", Some(0))),
            format!("{tags}\n\n{{start}}\n7.\n...\nNf6\n8.\nd4\n{{sharp}}\nd5\n*")
        );
        // A newline that is a space is popped as chess.js pops its spaces.
        let tags = tags.replace('\n', " ");
        assert_eq!(
            black_first(options(" ", Some(10))),
            format!("{tags} {{start}} 7. ... Nf68. d4 {{sharp}} d5 *")
        );
    }

    #[test]
    fn a_comment_group_is_broken_at_spaces() {
        let mut w = ChessJsExporter::new(options("\r\n", Some(12)));
        roster(&mut w, None);
        w.san(1, true, "e4");
        w.san(1, false, "e5");
        w.san(2, true, "Nf3");
        w.comment("a long comment");
        // chess.js's quirk: the first token of a broken group follows without a space.
        assert_eq!(
            w.finish("*"),
            format!(
                "{}\r\n1. e4 e52.\r\nNf3 {{a long\r\ncomment}} *",
                ROSTER.replace('\n', "\r\n")
            )
        );
    }

    #[test]
    fn games_without_moves() {
        for max_width in [None, Some(5)] {
            let mut w = ChessJsExporter::new(options("\n", max_width));
            roster(&mut w, None);
            assert_eq!(w.finish("*"), format!("{ROSTER} *"));
        }
        let mut w = ChessJsExporter::new(ChessJsOptions::default());
        roster(&mut w, None);
        w.comment("root");
        assert_eq!(w.finish("*"), format!("{ROSTER}{{root}} *"));
        let mut w = ChessJsExporter::new(options("\n", Some(5)));
        roster(&mut w, None);
        w.comment("root");
        assert_eq!(w.finish("*"), format!("{ROSTER}\n{{root}}\n*"));
        // No tags at all: no blank line, whether moves follow or not.
        let w = ChessJsExporter::new(ChessJsOptions::default());
        assert_eq!(w.finish("1-0"), " 1-0");
        let mut w = ChessJsExporter::new(ChessJsOptions::default());
        w.san(1, true, "e4");
        assert_eq!(w.finish("*"), "1. e4 *");
    }

    #[test]
    fn tags_are_written_as_they_are() {
        let mut w = ChessJsExporter::new(ChessJsOptions::default());
        w.tag("White", Some("A \"B\" \\ C"));
        w.tag("Black", Some(""));
        w.tag("Round", None);
        w.san(1, true, "e4");
        // An empty value is written: chess.js writes `[Black ""]` for a truthy value
        // that reads as "" (`[]`); the caller leaves out what JavaScript reads as false.
        assert_eq!(
            w.finish("*"),
            "[White \"A \"B\" \\ C\"]\n[Black \"\"]\n\n1. e4 *"
        );
        // Only placeholders: nothing written, but the blank line is there.
        let mut w = ChessJsExporter::new(ChessJsOptions::default());
        w.tag("SetUp", None);
        w.san(1, true, "e4");
        assert_eq!(w.finish("*"), "\n1. e4 *");
    }

    #[test]
    fn widths_are_utf16_code_units() {
        assert_eq!(js_length("ab"), 2);
        assert_eq!(js_length("é"), 1);
        assert_eq!(js_length("😀"), 2);
        // `1. e4 {😀😀}` is 12 units (10 characters): it fits in 12, not in 11, where the
        // group is broken at its spaces (chess.js 1.4.0's texts).
        let mut w = ChessJsExporter::new(options("\n", Some(11)));
        w.san(1, true, "e4");
        w.comment("😀😀");
        assert_eq!(w.finish("*"), "1. e4\n{😀😀} *");
        let mut w = ChessJsExporter::new(options("\n", Some(12)));
        w.san(1, true, "e4");
        w.comment("😀😀");
        assert_eq!(w.finish("*"), "1. e4 {😀😀}\n*");
    }

    #[test]
    fn long_games_wrap_at_the_width() {
        let mut w = ChessJsExporter::new(options("\n", Some(20)));
        for n in 1..=6 {
            w.san(n, true, "Nf3");
            w.san(n, false, "Nf6");
        }
        let text = w.finish("1/2-1/2");
        assert_eq!(
            text,
            "1. Nf3 Nf6 2. Nf3 Nf6\n3. Nf3 Nf6 4. Nf3 Nf6\n5. Nf3 Nf6 6. Nf3 Nf6\n1/2-1/2"
        );
        // Wider than the width is allowed only for a group that cannot be broken.
        for line in text.lines() {
            assert!(line.len() <= 21, "{line}");
        }
    }
}
