//! PGN: chess.js's layout out, a game in.

use super::*;

/// Where the moves start: its FEN, move number and side to move.
struct Root {
    fen: String,
    fullmoves: u32,
    turn: Color,
}

impl Game {
    /// The start and, for each move played, its SAN and the FEN after it.
    fn plies_as_text(&self) -> (Root, Vec<(String, String)>) {
        let mut plies = Vec::new();
        let Some(_) = &self.pos else {
            let start = self.loose_root();
            let root = Root {
                fen: loose::loose_fen(start, false),
                fullmoves: start.fullmoves,
                turn: start.turn,
            };
            let fens = self.loose_fens();
            let sans = self.history_loose(false);
            for (san, fen) in sans.split(' ').zip(fens.into_iter().skip(1)) {
                plies.push((san.to_owned(), fen));
            }
            return (root, plies);
        };
        let mut pos = self.root.clone();
        let root = Root {
            fen: pos.fen(),
            fullmoves: pos.fullmoves(),
            turn: pos.turn(),
        };
        for p in &self.played {
            let mut san = String::new();
            if p.m.is_null() {
                san.push_str("--");
                let _ = pos.make_null();
            } else {
                SanPlus::from_move(&pos, p.m).write_to(&mut san);
                let _ = pos.make_unchecked(p.m);
            }
            plies.push((san, pos.fen()));
        }
        (root, plies)
    }
}

#[wasm_bindgen]
impl Game {
    /// The game as PGN in chess.js's layout (chessbits-pgn's `ChessJsExporter`), for
    /// `Chess.pgn()`. `tags` holds the header's names and values in turn, a value `null`
    /// for one chess.js does not write (a falsy one); the comments are kept by the FEN of
    /// their position (`comment_fens[i]` holds `comments[i]`, as `historyFens` writes
    /// FENs); `result` ends the movetext; `max_width` is chess.js's `maxWidth` as a number,
    /// `undefined` for its `0` (one line). A width that is not a number (`NaN`) never
    /// breaks a line, a negative one breaks before every group, a fraction counts as its
    /// whole part: as chess.js compares.
    pub fn pgn(
        &self,
        tags: Vec<JsValue>,
        comment_fens: Vec<String>,
        comments: Vec<String>,
        result: &str,
        newline: String,
        max_width: Option<f64>,
    ) -> String {
        use chessbits_pgn::{ChessJsExporter, ChessJsOptions};
        let max_width = max_width.map(|w| {
            if w.is_nan() {
                usize::MAX
            } else {
                // Saturating: a negative width is 0, a huge one usize::MAX.
                w as usize
            }
        });
        let mut w = ChessJsExporter::new(ChessJsOptions { newline, max_width });
        for pair in tags.chunks(2) {
            if let [name, value @ ..] = pair {
                let name = name.as_string().unwrap_or_default();
                let value = value.first().and_then(JsValue::as_string);
                w.tag(&name, value.as_deref());
            }
        }
        let by_fen: std::collections::HashMap<&str, &str> = comment_fens
            .iter()
            .map(String::as_str)
            .zip(comments.iter().map(String::as_str))
            .collect();
        let (root, plies) = self.plies_as_text();
        if let Some(c) = by_fen.get(root.fen.as_str()) {
            w.comment(c);
        }
        // chess.js numbers the moves from the root's FEN, Black's moves ending a number.
        let mut number = u64::from(root.fullmoves);
        let mut white = root.turn == Color::White;
        for (san, fen) in &plies {
            w.san(number, white, san);
            if let Some(c) = by_fen.get(fen.as_str()) {
                w.comment(c);
            }
            if !white {
                number += 1;
            }
            white = !white;
        }
        w.finish(result)
    }

    /// Reads the first game of `pgn` and plays its mainline from its `FEN` tag (or the
    /// start). Returns the tags (`name\tvalue` lines), then `\u{1}`, then for each ply from
    /// 0 (before the first move) `\u{3}` and, where it has comments, the FEN, `\u{4}` and
    /// the comments joined by a space; then `\u{3}` and the result token. Throws `Invalid move in PGN:`
    /// or `Invalid PGN:`; the game is unchanged then.
    #[wasm_bindgen(js_name = loadPgn)]
    pub fn load_pgn(&mut self, pgn: &str, strict: bool) -> Result<String, JsError> {
        use chessbits_pgn::{GameBuilder, Reader};
        let mut reader = Reader::new(pgn.as_bytes());
        let (game, errors) = reader
            .read_game(&mut GameBuilder::new())
            .map_err(|e| err(format!("Invalid PGN: {e}")))?
            .unwrap_or_default();
        if let Some(e) = errors.first() {
            return Err(err(format!("Invalid PGN: {e}")));
        }
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let fen = game
            .tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(b"FEN"))
            .map(|(_, v)| text(v));
        if strict && game.tag("SetUp") == Some(b"1") && fen.is_none() {
            return Err(err("Invalid PGN: FEN tag must be supplied with SetUp tag"));
        }
        let mut next = match &fen {
            Some(f) => Game::new(Some(f.clone()), self.chess960)?,
            None => Game::new(None, self.chess960)?,
        };
        let mut out = String::new();
        for (k, v) in game.tags.iter() {
            out.push_str(&text(k));
            out.push('\t');
            out.push_str(&text(v));
            out.push('\n');
        }
        out.push('\u{1}');
        let main = game.mainline();
        // Each comment's text as written (chess.js keeps the blanks inside the braces);
        // several at one place joined by a space.
        // A ply's comments (the text inside the braces, several joined by a space), after
        // the FEN they belong to (chess.js keeps comments by position).
        let comment = |out: &mut String, comments: &[Vec<u8>], pos: Option<&Position>| {
            out.push('\u{3}');
            if let (false, Some(pos)) = (comments.is_empty(), pos) {
                out.push_str(&pos.fen());
                out.push('\u{4}');
                let texts: Vec<String> = comments.iter().map(|c| text(c)).collect();
                out.push_str(&texts.join(" "));
            }
        };
        comment(&mut out, &main.comments, next.pos.as_ref());
        for (san, node) in main.iter() {
            let san = text(san);
            let m = next
                .pos
                .as_ref()
                .and_then(|pos| Game::decode(pos, &san, strict))
                .filter(|m| !m.is_null() || next.pos.as_ref().is_some_and(|p| !p.is_check()))
                .ok_or_else(|| err(format!("Invalid move in PGN: {san}")))?;
            next.play_quietly(m)?;
            comment(&mut out, &node.comments, next.pos.as_ref());
        }
        out.push('\u{3}');
        out.push_str(game.result.map_or("", |r| r.as_str()));
        *self = next;
        Ok(out)
    }
}
