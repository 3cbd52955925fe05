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
                fen: self.loose_root_fen(),
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
        &mut self,
        tags: Vec<JsValue>,
        comment_fens: Vec<String>,
        comments: Vec<String>,
        result: &str,
        newline: String,
        max_width: Option<f64>,
    ) -> String {
        self.settle_loose(true);
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

    /// Reads the first game of `pgn` as chess.js's `loadPgn` does (chessbits-pgn's
    /// `ChessJsPgn`: its comments, its refusals, its strict and permissive choice of the
    /// start FEN) and plays its mainline. Returns the tags (`name\tvalue` lines), then
    /// `\u{1}`, the start FEN where one was loaded (as chess.js completes it), `\u{2}`; then
    /// for each ply from 0 (before the first move) `\u{3}` and, where it has a comment, the
    /// FEN, `\u{4}` and the comment; then `\u{3}` and the result token. At a move that is no
    /// move the text stops before it, without the result, and begins with `\u{5}Invalid
    /// move in PGN: SAN\u{5}`: the game holds the tags, moves and comments before that
    /// move, as chess.js keeps them, and the caller throws. So too for a start position
    /// chess.js refuses (`Invalid PGN: FEN tag must be supplied with SetUp tag`, `Invalid
    /// FEN: ...`): the tags kept on the board reset, no move. Throws `Invalid PGN:` where
    /// chess.js's grammar refuses the text, the game unchanged then.
    #[wasm_bindgen(js_name = loadPgn)]
    pub fn load_pgn(&mut self, pgn: &str, strict: bool) -> Result<String, JsError> {
        use chessbits_pgn::{chess_js_start_fen, ChessJsPgn, Reader};
        let mut reader = Reader::new(pgn.as_bytes());
        let mut game = reader
            .read_game(&mut ChessJsPgn::new())
            .map_err(|e| err(format!("Invalid PGN: {e}")))?
            .unwrap_or_default();
        // No game at all (empty text): no moves, no comment.
        game.comments.resize(game.moves.len() + 1, None);
        if let Some(e) = &game.error {
            return Err(err(format!("Invalid PGN: {e}")));
        }
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let mut out = String::new();
        for (k, v) in game.tags.iter() {
            out.push_str(&text(k));
            out.push('\t');
            out.push_str(&text(v));
            out.push('\n');
        }
        // A start position chess.js refuses: its tags kept on a board reset, and the error.
        let refused = |this: &mut Self, message: String, out: String| -> Result<String, JsError> {
            *this = Game::new(None, this.chess960)?;
            Ok(format!("\u{5}{message}\u{5}{out}\u{1}\u{2}\u{3}"))
        };
        let fen = match chess_js_start_fen(&game.tags, strict) {
            Ok(fen) => fen,
            Err(e) => return refused(self, e.to_string(), out),
        };
        let (mut next, start) = match fen {
            Some(f) => {
                let f = complete_chess_js_fen(&text(f));
                if !self.chess960 {
                    if let Err(e) = validate_chess_js_fen(&f) {
                        return refused(self, e.to_string(), out);
                    }
                }
                (Game::from_chess_js_fen(&f, self.chess960)?, f)
            }
            None => (Game::new(None, self.chess960)?, String::new()),
        };
        out.push('\u{1}');
        out.push_str(&start);
        out.push('\u{2}');
        // A ply's comment after the FEN it belongs to (chess.js keeps comments by position).
        let comment = |out: &mut String, comment: &Option<Vec<u8>>, game: &Game| {
            out.push('\u{3}');
            if let Some(c) = comment {
                out.push_str(&game.fen(false));
                out.push('\u{4}');
                out.push_str(&text(c));
            }
        };
        comment(&mut out, &game.comments[0], &next);
        for (san, note) in game.moves.iter().zip(&game.comments[1..]) {
            let san = text(san);
            let m = match &next.pos {
                Some(pos) => Game::decode(pos, &san, strict),
                None => next.decode_loose(&san, strict),
            };
            let Some(m) = m else {
                let san = san.replace('\u{5}', "\u{fffd}");
                *self = next;
                return Ok(format!("\u{5}Invalid move in PGN: {san}\u{5}{out}"));
            };
            if next.pos.is_some() {
                next.play_quietly(m)?;
            } else {
                next.play_loose(m);
            }
            comment(&mut out, note, &next);
        }
        out.push('\u{3}');
        out.push_str(game.result.map_or("", |r| r.as_str()));
        *self = next;
        Ok(out)
    }
}
