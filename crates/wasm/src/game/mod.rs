//! `Game`: a standard or Chess960 position with the moves played on it, over
//! chessbits-position's `Position` and chessbits-movegen's rules. The placement can also be
//! edited (`put`, `remove`, `clear`); while it is not a legal position (no king, say) the
//! game keeps the bare `Setup` and has no moves.

use chessbits_bitboard_core::{Bitboard, Color, File, Move, Piece, Rank, Role, Square};
use chessbits_movegen::{SanMode, SanPlus};
use chessbits_position::{
    complete_chess_js_fen, read_chess_js_fen, validate_chess_js_fen, CastlingMode,
    CastlingNotation, EnPassantMode, History, Position, Setup, Undo,
};
use wasm_bindgen::prelude::*;

/// A played move and what takes it back.
#[derive(Clone, Debug)]
struct Played {
    m: Move,
    undo: Undo,
}

/// A position with its moves played: chess.js's `Chess` minus the shapes (js/chessbits.js
/// gives those).
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Game {
    /// The position the moves start from.
    root: Position,
    /// The position now; `None` while an edited placement is not a legal position.
    pos: Option<Position>,
    /// The placement being edited while `pos` is `None`.
    setup: Setup,
    played: Vec<Played>,
    history: History,
    chess960: bool,
}

fn err(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

fn square_at(name: &str) -> Option<Square> {
    Square::from_ascii(name.as_bytes()).ok()
}

fn role_of(letter: &str) -> Option<Role> {
    let mut chars = letter.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Role::from_char(c.to_ascii_lowercase()),
        _ => None,
    }
}

fn color_of(letter: &str) -> Option<Color> {
    match letter {
        "w" => Some(Color::White),
        "b" => Some(Color::Black),
        _ => None,
    }
}

/// Squares in chess.js's order: a8 to h8, then down to a1 to h1.
fn squares_js_order(set: Bitboard) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        for file in 0..8 {
            let sq = Square::from_coords(File::new_masked(file), Rank::new_masked(rank));
            if set.contains(sq) {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(&sq.to_string());
            }
        }
    }
    out
}

/// The setup `fen` describes: chess.js's rule that missing trailing fields default to
/// `- - 0 1` is the reader's own (FEN with fewer fields is read the same way).
fn read_setup(fen: &str) -> Result<Setup, JsError> {
    Setup::from_ascii(fen.trim().as_bytes()).map_err(|e| err(format!("Invalid FEN: {e}")))
}

/// The position of `setup`, as strictly as chess.js loads a FEN: an impossible placement
/// or check is an error; castling rights without their king and rook are dropped.
fn position_of(setup: &Setup, chess960: bool) -> Result<Position, JsError> {
    Position::from_setup_lenient(setup, CastlingMode::for_setup(setup, chess960))
        .map_err(|e| err(format!("Invalid FEN: {e}")))
}

impl Game {
    fn board(&self) -> &chessbits_position::Board {
        match &self.pos {
            Some(p) => p.board(),
            None => &self.setup.board,
        }
    }

    fn start(pos: Position, chess960: bool) -> Game {
        Game {
            root: pos.clone(),
            setup: pos.to_setup(),
            history: History::starting_at(&pos),
            pos: Some(pos),
            played: Vec::new(),
            chess960,
        }
    }

    /// The square a move is shown going to: the king's square for castling.
    fn shown_to(m: Move) -> Square {
        if m.is_castle() {
            m.king_to()
        } else {
            m.to()
        }
    }

    /// One move as a line of `|`-separated fields: color, from, to, piece, captured,
    /// promotion, flags, SAN, LAN, FEN after (see [`Game::moves_verbose`]).
    fn describe(pos: &Position, m: Move, out: &mut String) {
        let us = pos.turn();
        out.push(us.fold('w', 'b'));
        out.push('|');
        if m.is_null() {
            out.push_str("a8|a8|k|||-|--|a8a8|");
            let mut after = pos.clone();
            let _ = after.make_null();
            out.push_str(&after.fen());
            return;
        }
        let from = m.from();
        let to = Game::shown_to(m);
        let piece = pos.board().role_at(from).unwrap_or(Role::Pawn);
        let captured = if m.is_en_passant() {
            Some(Role::Pawn)
        } else if m.is_castle() {
            None
        } else {
            pos.board().role_at(m.to())
        };
        let mut flags = String::new();
        if m.is_castle() {
            // The side by the rook (a Chess960 king may not move, or move away from it).
            flags.push(if m.to().file() > from.file() {
                'k'
            } else {
                'q'
            });
        } else if m.is_en_passant() {
            flags.push('e');
        } else {
            if captured.is_some() {
                flags.push('c');
            } else if piece == Role::Pawn && from.distance(to) == 2 {
                flags.push('b');
            } else {
                flags.push('n');
            }
            if m.is_promotion() {
                flags.push('p');
            }
        }
        use std::fmt::Write;
        let _ = write!(out, "{from}|{to}|{}|", piece.char());
        if let Some(c) = captured {
            out.push(c.char());
        }
        out.push('|');
        if let Some(p) = m.promotion() {
            out.push(p.char());
        }
        out.push('|');
        out.push_str(&flags);
        out.push('|');
        SanPlus::from_move(pos, m).write_to(out);
        let _ = write!(out, "|{from}{to}");
        if let Some(p) = m.promotion() {
            out.push(p.char());
        }
        out.push('|');
        let mut after = pos.clone();
        let _ = after.make_unchecked(m);
        out.push_str(&after.fen());
    }

    fn filtered(&self, square: Option<String>, piece: Option<String>) -> Vec<Move> {
        let Some(pos) = &self.pos else {
            return Vec::new();
        };
        let role = match piece.as_deref() {
            Some(p) => match role_of(p) {
                Some(r) => Some(r),
                None => return Vec::new(),
            },
            None => None,
        };
        let moves = match square.as_deref() {
            Some(s) => match square_at(&s.to_ascii_lowercase()) {
                Some(sq) => chessbits_movegen::moves_from(pos, sq),
                None => return Vec::new(),
            },
            None => chessbits_movegen::legal_moves(pos),
        };
        moves
            .iter()
            .copied()
            .filter(|m| role.is_none_or(|r| pos.board().role_at(m.from()) == Some(r)))
            .collect()
    }

    fn play(&mut self, m: Move) -> Result<String, JsError> {
        let mut line = String::new();
        if let Some(pos) = &self.pos {
            Game::describe(pos, m, &mut line);
        }
        self.play_quietly(m)?;
        Ok(line)
    }

    /// Plays `m` (legal here) without describing it.
    fn play_quietly(&mut self, m: Move) -> Result<(), JsError> {
        let pos = self
            .pos
            .as_mut()
            .ok_or_else(|| err("Invalid move: the board is not a legal position"))?;
        let undo = if m.is_null() {
            pos.make_null()
        } else {
            pos.make_unchecked(m)
        };
        self.history.push(pos);
        self.played.push(Played { m, undo });
        Ok(())
    }

    /// The legal move permissive notation names: SAN as people write it, then long
    /// algebraic (`e2e4`, `e2-e4`, `Ng1f3`, `e7e8q`, `Pe2xd3`).
    fn decode(pos: &Position, text: &str, strict: bool) -> Option<Move> {
        let mode = if strict {
            SanMode::Strict
        } else {
            SanMode::Lenient
        };
        let clean = text.trim_end_matches(['+', '#', '?', '!']);
        let clean = if strict {
            clean.to_owned()
        } else {
            clean.replace("0-0-0", "O-O-O").replace("0-0", "O-O")
        };
        if let Ok(m) =
            SanPlus::from_ascii_with(clean.as_bytes(), mode).and_then(|s| s.san.to_move(pos, mode))
        {
            return Some(m);
        }
        if strict {
            return None;
        }
        // Long algebraic: an optional piece letter, from, optional `x` or `-`, to,
        // optional promotion letter; read as UCI by movegen.
        let mut rest = clean.as_str();
        let piece = rest
            .chars()
            .next()
            .filter(|c| "PNBRQKpnbrqk".contains(*c))
            .and_then(|c| Role::from_char(c.to_ascii_lowercase()));
        if piece.is_some() && rest.len() >= 5 {
            rest = &rest[1..];
        }
        let uci: String = rest
            .chars()
            .filter(|&c| c != 'x' && c != '-' && c != '=')
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let m = chessbits_movegen::uci_to_move(pos, uci.as_bytes()).ok()?;
        if piece.is_some_and(|p| pos.board().role_at(m.from()) != Some(p)) {
            return None;
        }
        Some(m)
    }

    fn rebuild(&mut self) {
        // Rights whose king or rook has gone are dropped (lenient validation), as chess.js
        // drops them after `put` and `remove`.
        self.setup.ep_square = None;
        let pos = Position::from_setup_lenient(
            &self.setup,
            CastlingMode::for_setup(&self.setup, self.chess960),
        );
        match pos {
            Ok(p) => {
                let mut g = Game::start(p, self.chess960);
                std::mem::swap(self, &mut g);
            }
            Err(_) => {
                self.pos = None;
                self.played.clear();
                self.history = History::new();
            }
        }
    }

    fn setup_now(&self) -> Setup {
        match &self.pos {
            Some(p) => p.to_setup(),
            None => self.setup.clone(),
        }
    }
}

#[wasm_bindgen]
impl Game {
    /// The game from `fen` (the standard start without one); `chess960` reads castling
    /// rights as Chess960's (otherwise they are detected from the FEN). Throws
    /// `Invalid FEN: ...` for a FEN that is not a legal position.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>, chess960: bool) -> Result<Game, JsError> {
        let pos = match fen {
            None => Position::new(),
            Some(f) => position_of(&read_setup(&f)?, chess960)?,
        };
        Ok(Game::start(pos, chess960))
    }

    /// Loads `fen` without asking for a legal position (chess.js's `skipValidation`): a
    /// placement that is not one is kept for editing, with no moves. Throws only for text
    /// that is not FEN.
    #[wasm_bindgen(js_name = loadUnchecked)]
    pub fn load_unchecked(&mut self, fen: &str) -> Result<(), JsError> {
        let setup = read_setup(fen)?;
        match position_of(&setup, self.chess960) {
            Ok(pos) => *self = Game::start(pos, self.chess960),
            Err(_) => {
                self.setup = setup;
                self.pos = None;
                self.played.clear();
                self.history = History::new();
            }
        }
        Ok(())
    }

    /// An empty board (White to move, no castling): no legal position until kings are put.
    pub fn clear(&mut self) {
        self.setup = Setup::empty();
        self.pos = None;
        self.played.clear();
        self.history = History::new();
    }

    /// Whether the board is a legal position (false after `clear` until kings are put).
    #[wasm_bindgen(js_name = isValid)]
    pub fn is_valid(&self) -> bool {
        self.pos.is_some()
    }

    /// The FEN; the en-passant square only where a legal capture exists unless
    /// `force_ep` (then wherever the last move was a double pawn push).
    pub fn fen(&self, force_ep: bool) -> String {
        match &self.pos {
            Some(p) if force_ep => p.fen_with(CastlingNotation::XFen, EnPassantMode::PseudoLegal),
            Some(p) => p.fen(),
            None => self.setup.fen(),
        }
    }

    /// The FEN of the position the moves start from.
    #[wasm_bindgen(js_name = rootFen)]
    pub fn root_fen(&self) -> String {
        self.root.fen()
    }

    /// The 64 squares from a8 to h1 (chess.js's `board()` order), a piece letter (upper
    /// case White) or `.` each.
    pub fn placement(&self) -> String {
        let board = self.board();
        let mut out = String::with_capacity(64);
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_coords(File::new_masked(file), Rank::new_masked(rank));
                out.push(board.piece_at(sq).map_or('.', |p| p.char()));
            }
        }
        out
    }

    /// Whether White is to move (a boolean crosses the boundary without a string).
    #[wasm_bindgen(js_name = whiteToMove)]
    pub fn white_to_move(&self) -> bool {
        let turn = match &self.pos {
            Some(p) => p.turn(),
            None => self.setup.turn,
        };
        turn == Color::White
    }

    /// The legal moves' SAN, space-separated, optionally only from `square` or of `piece`
    /// (a letter; an unknown square or letter gives none).
    #[wasm_bindgen(js_name = movesSan)]
    pub fn moves_san(&self, square: Option<String>, piece: Option<String>) -> String {
        let Some(pos) = &self.pos else {
            return String::new();
        };
        let mut out = String::new();
        for (i, m) in self.filtered(square, piece).into_iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            SanPlus::from_move(pos, m).write_to(&mut out);
        }
        out
    }

    /// The legal moves' UCI, space-separated (castling as king takes rook in Chess960).
    #[wasm_bindgen(js_name = movesUci)]
    pub fn moves_uci(&self, square: Option<String>) -> String {
        let Some(pos) = &self.pos else {
            return String::new();
        };
        let mut out = String::new();
        for (i, m) in self.filtered(square, None).into_iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            m.write_uci(pos.mode().is_chess960(), &mut out);
        }
        out
    }

    /// The legal moves, one line each of `|`-separated fields: color, from, to, piece,
    /// captured, promotion, flags (chess.js's letters), SAN, LAN, FEN after.
    #[wasm_bindgen(js_name = movesVerbose)]
    pub fn moves_verbose(&self, square: Option<String>, piece: Option<String>) -> String {
        let Some(pos) = &self.pos else {
            return String::new();
        };
        let mut out = String::new();
        for (i, m) in self.filtered(square, piece).into_iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            Game::describe(pos, m, &mut out);
        }
        out
    }

    /// Plays `text` (SAN; unless `strict` also `0-0`, over-disambiguated SAN and long
    /// algebraic such as `e2e4` or `Ng1-f3`; `--` a null move). Returns the move's line
    /// (see `movesVerbose`); throws `Invalid move: <text>`.
    #[wasm_bindgen(js_name = playSan)]
    pub fn play_san(&mut self, text: &str, strict: bool) -> Result<String, JsError> {
        let pos = self
            .pos
            .as_ref()
            .ok_or_else(|| err(format!("Invalid move: {text}")))?;
        if text.trim_end_matches(['+', '#', '?', '!']) == "--" {
            if pos.is_check() {
                return Err(err("Null move not allowed when in check"));
            }
            return self.play(Move::NULL);
        }
        let m =
            Game::decode(pos, text, strict).ok_or_else(|| err(format!("Invalid move: {text}")))?;
        if m.is_null() && pos.is_check() {
            return Err(err("Null move not allowed when in check"));
        }
        self.play(m)
    }

    /// Plays the legal move from `from` to `to` (the king's square or, in Chess960, the
    /// rook's for castling) promoting to `promotion` where it is a promotion. Returns its
    /// line; throws `Invalid move` when there is none.
    #[wasm_bindgen(js_name = playFromTo)]
    pub fn play_from_to(
        &mut self,
        from: &str,
        to: &str,
        promotion: Option<String>,
    ) -> Result<String, JsError> {
        let bad = || err(format!("Invalid move: {from}{to}"));
        let pos = self.pos.as_ref().ok_or_else(bad)?;
        let (Some(f), Some(t)) = (square_at(from), square_at(to)) else {
            return Err(bad());
        };
        let promo = promotion.as_deref().and_then(role_of);
        let m = chessbits_movegen::moves_from(pos, f)
            .iter()
            .copied()
            .find(|m| {
                (Game::shown_to(*m) == t || (m.is_castle() && m.to() == t && self.chess960))
                    && (m.promotion().is_none() || m.promotion() == promo)
            })
            .ok_or_else(bad)?;
        self.play(m)
    }

    /// Plays a move given in UCI (`e2e4`, `e7e8q`; king takes rook for Chess960 castling).
    #[wasm_bindgen(js_name = playUci)]
    pub fn play_uci(&mut self, text: &str) -> Result<String, JsError> {
        let pos = self
            .pos
            .as_ref()
            .ok_or_else(|| err(format!("Invalid move: {text}")))?;
        let m = chessbits_movegen::uci_to_move(pos, text.as_bytes())
            .map_err(|e| err(format!("Invalid move: {text} ({e})")))?;
        self.play(m)
    }

    /// Takes back the last move; returns its line, or `undefined` when none was played.
    pub fn undo(&mut self) -> Option<String> {
        let pos = self.pos.as_mut()?;
        let Played { m, undo } = self.played.pop()?;
        self.history.pop();
        if m.is_null() {
            pos.unmake_null(undo);
        } else {
            pos.unmake(m, undo);
        }
        let mut line = String::new();
        Game::describe(pos, m, &mut line);
        Some(line)
    }

    /// The moves played: SAN space-separated, or (`verbose`) one line each as `movesVerbose`.
    pub fn history(&self, verbose: bool) -> String {
        let mut pos = self.root.clone();
        let mut out = String::new();
        for (i, p) in self.played.iter().enumerate() {
            if i > 0 {
                out.push(if verbose { '\n' } else { ' ' });
            }
            if verbose {
                Game::describe(&pos, p.m, &mut out);
            } else if p.m.is_null() {
                out.push_str("--");
            } else {
                SanPlus::from_move(&pos, p.m).write_to(&mut out);
            }
            if p.m.is_null() {
                let _ = pos.make_null();
            } else {
                let _ = pos.make_unchecked(p.m);
            }
        }
        out
    }

    /// The FEN after each move played, newline-separated (for comments kept by position).
    #[wasm_bindgen(js_name = historyFens)]
    pub fn history_fens(&self) -> String {
        let mut pos = self.root.clone();
        let mut out = pos.fen();
        for p in &self.played {
            if p.m.is_null() {
                let _ = pos.make_null();
            } else {
                let _ = pos.make_unchecked(p.m);
            }
            out.push('\n');
            out.push_str(&pos.fen());
        }
        out
    }

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
        let mut pos = self.root.clone();
        if let Some(c) = by_fen.get(pos.fen().as_str()) {
            w.comment(c);
        }
        // chess.js numbers the moves from the root's FEN, Black's moves ending a number.
        let mut number = u64::from(pos.fullmoves());
        let mut white = pos.turn() == Color::White;
        let mut san = String::new();
        for p in &self.played {
            san.clear();
            if p.m.is_null() {
                san.push_str("--");
                let _ = pos.make_null();
            } else {
                SanPlus::from_move(&pos, p.m).write_to(&mut san);
                let _ = pos.make_unchecked(p.m);
            }
            w.san(number, white, &san);
            if let Some(c) = by_fen.get(pos.fen().as_str()) {
                w.comment(c);
            }
            if !white {
                number += 1;
            }
            white = !white;
        }
        w.finish(result)
    }

    /// How many moves were played.
    pub fn plies(&self) -> usize {
        self.played.len()
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.pos.as_ref().is_some_and(|p| p.is_check())
    }

    /// Checkmate.
    #[wasm_bindgen(js_name = isCheckmate)]
    pub fn is_checkmate(&self) -> bool {
        self.pos
            .as_ref()
            .is_some_and(chessbits_movegen::is_checkmate)
    }

    /// Stalemate.
    #[wasm_bindgen(js_name = isStalemate)]
    pub fn is_stalemate(&self) -> bool {
        self.pos
            .as_ref()
            .is_some_and(chessbits_movegen::is_stalemate)
    }

    /// Neither side has the material to checkmate (position's rule).
    #[wasm_bindgen(js_name = isInsufficientMaterial)]
    pub fn is_insufficient_material(&self) -> bool {
        self.pos
            .as_ref()
            .is_some_and(|p| p.is_insufficient_material())
    }

    /// The position has occurred three times (since the game's start position).
    #[wasm_bindgen(js_name = isThreefoldRepetition)]
    pub fn is_threefold_repetition(&self) -> bool {
        self.pos
            .as_ref()
            .is_some_and(|p| self.history.repetitions(p) >= 3)
    }

    /// A hundred halfmoves without a capture or pawn move.
    #[wasm_bindgen(js_name = isDrawByFiftyMoves)]
    pub fn is_draw_by_fifty_moves(&self) -> bool {
        self.pos.as_ref().is_some_and(|p| p.halfmoves() >= 100)
    }

    /// The fullmove number.
    #[wasm_bindgen(js_name = moveNumber)]
    pub fn move_number(&self) -> u32 {
        self.pos
            .as_ref()
            .map_or(self.setup.fullmoves, |p| p.fullmoves())
    }

    /// The squares of `by`'s pieces (`w`/`b`; the side to move without) that attack
    /// `square`, space-separated in chess.js's order (a8 to h1).
    pub fn attackers(&self, square_name: &str, by: Option<String>) -> String {
        let Some(sq) = square_at(square_name) else {
            return String::new();
        };
        let color = match by.as_deref() {
            Some(c) => match color_of(c) {
                Some(c) => c,
                None => return String::new(),
            },
            None => match &self.pos {
                Some(p) => p.turn(),
                None => self.setup.turn,
            },
        };
        let board = self.board();
        squares_js_order(board.attackers_by(sq, color, board.occupied()))
    }

    /// The squares holding `color`'s `role` (letters), in chess.js's order.
    #[wasm_bindgen(js_name = findPiece)]
    pub fn find_piece(&self, color: &str, role: &str) -> String {
        match (color_of(color), role_of(role)) {
            (Some(c), Some(r)) => {
                squares_js_order(self.board().by_piece(Piece { color: c, role: r }))
            }
            _ => String::new(),
        }
    }

    /// Puts a piece (`color` `w`/`b`, `role` a letter) on `square`; false for an unknown
    /// square or letter, or a second king of a color. Moves played are forgotten.
    pub fn put(&mut self, color: &str, role: &str, square_name: &str) -> bool {
        let (Some(c), Some(r), Some(sq)) = (color_of(color), role_of(role), square_at(square_name))
        else {
            return false;
        };
        let mut setup = self.setup_now();
        if r == Role::King {
            if let Some(k) = setup.board.king_of(c) {
                if k != sq {
                    return false;
                }
            }
        }
        setup.board.discard(sq);
        setup.board.put(sq, Piece { color: c, role: r });
        self.setup = setup;
        self.rebuild();
        true
    }

    /// Takes the piece off `square`; returns its letter (upper case White) or `undefined`.
    pub fn remove(&mut self, square_name: &str) -> Option<String> {
        let sq = square_at(square_name)?;
        let mut setup = self.setup_now();
        let piece = setup.board.discard(sq)?;
        self.setup = setup;
        self.rebuild();
        Some(piece.char().to_string())
    }

    /// Sets the side to move (`w`/`b`) of an edited board; moves played are forgotten.
    #[wasm_bindgen(js_name = setTurnEdit)]
    pub fn set_turn_edit(&mut self, color: &str) -> bool {
        let Some(c) = color_of(color) else {
            return false;
        };
        let mut setup = self.setup_now();
        setup.turn = c;
        self.setup = setup;
        self.rebuild();
        true
    }

    /// The castling rights of `color`: `K`, `Q`, both or neither (as a string).
    #[wasm_bindgen(js_name = castlingRights)]
    pub fn castling_rights(&self, color: &str) -> String {
        let Some(c) = color_of(color) else {
            return String::new();
        };
        let setup = self.setup_now();
        let Some(king) = setup.board.king_of(c) else {
            return String::new();
        };
        let mut out = String::new();
        let ours = setup.castling_rights & Bitboard::relative_rank(c, Rank::new_masked(0));
        if ours.into_iter().any(|r| r.file() > king.file()) {
            out.push('K');
        }
        if ours.into_iter().any(|r| r.file() < king.file()) {
            out.push('Q');
        }
        out
    }

    /// Sets `color`'s castling rights on each side where `king`/`queen` says (undefined:
    /// unchanged); rights without their king and rook in place are dropped. Moves played
    /// are forgotten when anything changed.
    #[wasm_bindgen(js_name = setCastlingRights)]
    pub fn set_castling_rights(&mut self, color: &str, king: Option<bool>, queen: Option<bool>) {
        let Some(c) = color_of(color) else {
            return;
        };
        let mut setup = self.setup_now();
        let back = Bitboard::relative_rank(c, Rank::new_masked(0));
        let Some(k) = setup.board.king_of(c) else {
            return;
        };
        let rooks = setup.board.by_piece(Piece {
            color: c,
            role: Role::Rook,
        }) & back;
        for (want, kingside) in [(king, true), (queen, false)] {
            let Some(want) = want else { continue };
            let side = |sq: &Square| (sq.file() > k.file()) == kingside;
            let existing: Vec<Square> = (setup.castling_rights & back)
                .into_iter()
                .filter(side)
                .collect();
            for sq in existing {
                setup.castling_rights.remove(sq);
            }
            if want {
                // The outermost rook on that side.
                let rook = rooks.into_iter().filter(side).max_by_key(|sq| {
                    if kingside {
                        sq.file().index()
                    } else {
                        7 - sq.file().index()
                    }
                });
                if let Some(r) = rook {
                    setup.castling_rights.insert(r);
                }
            }
        }
        let before = self.setup_now();
        if before.castling_rights != setup.castling_rights {
            self.setup = setup;
            self.rebuild();
        }
    }

    /// The number of leaf nodes `depth` plies deep (throws above movegen's limit).
    pub fn perft(&self, depth: u32) -> Result<f64, JsError> {
        if depth > chessbits_movegen::MAX_PERFT_DEPTH {
            return Err(err(format!(
                "depth {depth}: at most {}",
                chessbits_movegen::MAX_PERFT_DEPTH
            )));
        }
        Ok(self
            .pos
            .as_ref()
            .map_or(0, |p| chessbits_movegen::perft(p, depth)) as f64)
    }

    /// The leaf nodes `depth` plies deep, each leaf move played (perft without counting
    /// the last ply's moves in bulk: the work chess.js's and chessops' perft do).
    #[wasm_bindgen(js_name = perftFull)]
    pub fn perft_full(&self, depth: u32) -> Result<f64, JsError> {
        if depth > chessbits_movegen::MAX_PERFT_DEPTH {
            return Err(err(format!(
                "depth {depth}: at most {}",
                chessbits_movegen::MAX_PERFT_DEPTH
            )));
        }
        Ok(self
            .pos
            .as_ref()
            .map_or(0, |p| chessbits_movegen::perft_full(p, depth)) as f64)
    }

    /// The Polyglot Zobrist key, 16 hexadecimal digits.
    #[wasm_bindgen(js_name = polyglotKey)]
    pub fn polyglot_key(&self) -> String {
        format!("{:016x}", self.pos.as_ref().map_or(0, |p| p.zobrist_hash()))
    }

    /// Whether castling is Chess960's (UCI castling as king takes rook).
    #[wasm_bindgen(js_name = isChess960)]
    pub fn is_chess960(&self) -> bool {
        self.pos.as_ref().is_some_and(|p| p.mode().is_chess960())
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

/// Whether chess.js 1.x takes `fen` (its `validateFen`): `""` when it does, else its reason
/// (`Invalid FEN: ...`), by position's [`validate_chess_js_fen`].
#[wasm_bindgen(js_name = validateFenText)]
pub fn validate_fen(fen: &str) -> String {
    validate_chess_js_fen(fen).map_or_else(|e| e.to_string(), |()| String::new())
}

/// `fen` as chess.js's `load` completes it (two to five fields: the rest of `w - - 0 1`),
/// by position's [`complete_chess_js_fen`].
#[wasm_bindgen(js_name = completeFen)]
pub fn complete_fen(fen: &str) -> String {
    complete_chess_js_fen(fen)
}

/// `fen` (six fields) with its counters and castling field as chess.js's `load` reads them,
/// by position's [`read_chess_js_fen`].
#[wasm_bindgen(js_name = readChessJsFen)]
pub fn read_fen(fen: &str) -> String {
    read_chess_js_fen(fen)
}
