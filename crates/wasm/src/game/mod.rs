//! `Game`: a standard or Chess960 position with the moves played on it, over
//! chessbits-position's `Position` and chessbits-movegen's rules. The placement can also be
//! edited (`put`, `remove`, `clear`); while it is not a legal position (no king, pieces
//! beyond sixteen, the side not to move in check) the game keeps the bare `Setup` and
//! plays it as chess.js does (movegen's `ChessJsBoard`: `loose.rs`).
//!
//! `moves.rs` lists and plays the moves, `edit.rs` edits the board, `pgn.rs` writes and
//! reads PGN.

mod edit;
mod loose;
mod moves;
mod pgn;

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
    /// The board while `pos` is `None` (edited, or reached by moves on such a board).
    setup: Setup,
    played: Vec<Played>,
    /// The moves played while `pos` is `None`, each with the board before it.
    loose: Vec<loose::LooseMove>,
    /// The kings' squares as chess.js keeps them (see movegen's `ChessJsKings`).
    kings: chessbits_movegen::ChessJsKings,
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
        let kings = chessbits_movegen::chess_js_kings(pos.board());
        Game {
            root: pos.clone(),
            setup: pos.to_setup(),
            history: History::starting_at(&pos),
            pos: Some(pos),
            played: Vec::new(),
            loose: Vec::new(),
            kings,
            chess960,
        }
    }

    /// The game after an edit of `setup`: its position, or the bare board when it is none.
    fn rebuild(&mut self) {
        // Rights whose king or rook has gone are dropped, and the en-passant square (its
        // test after an edit never keeps one), as chess.js drops them after `put` and
        // `remove`.
        self.setup.ep_square = None;
        if !self.chess960 {
            self.setup.castling_rights = chessbits_movegen::chess_js_castling_rights(&self.setup);
        }
        if !self.loose.is_empty() {
            // chess.js keeps the moves played before an edit: the board stays a bare one.
            return;
        }
        let pos = Position::from_setup_lenient(
            &self.setup,
            CastlingMode::for_setup(&self.setup, self.chess960),
        );
        match pos {
            Ok(p) => {
                let mut g = Game::start(p, self.chess960);
                std::mem::swap(self, &mut g);
            }
            Err(_) => self.go_loose(),
        }
    }

    /// The game from `fen` (six fields) as chess.js's `load` takes it: checked by its
    /// `validateFen` (not a Chess960 game's FEN: its castling letters are no chess.js's),
    /// its counters and castling field read as it reads them; a FEN it takes that is no
    /// legal position is played as chess.js plays any board.
    fn from_chess_js_fen(fen: &str, chess960: bool) -> Result<Game, JsError> {
        if chess960 {
            return Game::new(Some(fen.to_owned()), true);
        }
        validate_chess_js_fen(fen).map_err(err)?;
        let fen = read_chess_js_fen(fen);
        match Game::new(Some(fen.clone()), false) {
            Ok(g) => Ok(g),
            Err(_) => {
                let mut g = Game::new(None, false)?;
                g.load_unchecked(&fen)?;
                Ok(g)
            }
        }
    }

    /// Keeps `setup` as a board that is no position, forgetting the moves played.
    fn go_loose(&mut self) {
        self.pos = None;
        self.played.clear();
        self.loose.clear();
        self.history = History::new();
    }

    /// `edited` (the board now, edited) with `kings` becomes the game's board. Moves played
    /// stay, as chess.js keeps them: the game goes on as a bare board with them.
    fn apply_edit(&mut self, edited: Setup, kings: chessbits_movegen::ChessJsKings) {
        if self.pos.is_some() && !self.played.is_empty() {
            self.loose = self.played_as_loose();
            self.pos = None;
            self.played.clear();
            self.history = History::new();
        }
        self.setup = edited;
        self.kings = kings;
        self.rebuild();
    }

    /// The moves played on the position as moves of a bare board (each with the board
    /// before it), replayed by chess.js's rules from the root.
    fn played_as_loose(&self) -> Vec<loose::LooseMove> {
        let mut setup = self.root.to_setup();
        let mut kings = chessbits_movegen::chess_js_kings(&setup.board);
        let mut out = Vec::with_capacity(self.played.len());
        for p in &self.played {
            let b = chessbits_movegen::ChessJsBoard {
                setup: &setup,
                kings,
            };
            let (next, next_kings) = if p.m.is_null() {
                (b.after_null(), kings)
            } else {
                (b.after(p.m), b.kings_after(p.m))
            };
            let moved = b.moved(p.m);
            out.push((p.m, std::mem::replace(&mut setup, next), kings, moved));
            kings = next_kings;
        }
        out
    }

    /// The kings' squares as chess.js keeps them now.
    fn js_kings(&self) -> chessbits_movegen::ChessJsKings {
        match &self.pos {
            Some(p) => chessbits_movegen::chess_js_kings(p.board()),
            None => self.kings,
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
        let mut setup = read_setup(fen)?;
        // A second king of a side is left out, as chess.js's load leaves it out.
        let (board, kings) = chessbits_movegen::chess_js_loaded(&setup.board);
        setup.board = board;
        match position_of(&setup, self.chess960) {
            Ok(pos) => *self = Game::start(pos, self.chess960),
            Err(_) => {
                self.kings = kings;
                self.setup = setup;
                self.go_loose();
            }
        }
        Ok(())
    }

    /// An empty board (White to move, no castling): no legal position until kings are put.
    pub fn clear(&mut self) {
        self.setup = Setup::empty();
        self.kings = [None, None];
        self.go_loose();
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
            None => loose::loose_fen(
                &chessbits_movegen::ChessJsBoard {
                    setup: &self.setup,
                    kings: self.kings,
                },
                force_ep,
            ),
        }
    }

    /// The FEN of the position the moves start from.
    #[wasm_bindgen(js_name = rootFen)]
    pub fn root_fen(&self) -> String {
        match &self.pos {
            Some(_) => self.root.fen(),
            None => self.loose_root_fen(),
        }
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

    /// How many moves were played.
    pub fn plies(&self) -> usize {
        self.played.len() + self.loose.len()
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        match (&self.pos, self.loose_board()) {
            (Some(p), _) => p.is_check(),
            (None, b) => b.is_some_and(|b| b.is_check()),
        }
    }

    /// Checkmate.
    #[wasm_bindgen(js_name = isCheckmate)]
    pub fn is_checkmate(&self) -> bool {
        match &self.pos {
            Some(p) => chessbits_movegen::is_checkmate(p),
            None => self.is_check() && self.loose_moves(None, None).is_empty(),
        }
    }

    /// Stalemate.
    #[wasm_bindgen(js_name = isStalemate)]
    pub fn is_stalemate(&self) -> bool {
        match &self.pos {
            Some(p) => chessbits_movegen::is_stalemate(p),
            None => !self.is_check() && self.loose_moves(None, None).is_empty(),
        }
    }

    /// Too little material to checkmate, by chess.js's count of the board's pieces.
    #[wasm_bindgen(js_name = isInsufficientMaterial)]
    pub fn is_insufficient_material(&self) -> bool {
        chessbits_position::chess_js_insufficient_material(self.board())
    }

    /// The position has occurred three times (since the game's start position).
    #[wasm_bindgen(js_name = isThreefoldRepetition)]
    pub fn is_threefold_repetition(&self) -> bool {
        match &self.pos {
            Some(p) => self.history.repetitions(p) >= 3,
            None => self.loose_repetitions() >= 3,
        }
    }

    /// A hundred halfmoves without a capture or pawn move.
    #[wasm_bindgen(js_name = isDrawByFiftyMoves)]
    pub fn is_draw_by_fifty_moves(&self) -> bool {
        match &self.pos {
            Some(p) => p.halfmoves() >= 100,
            None => self.setup.halfmoves >= 100,
        }
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

    /// The number of leaf nodes `depth` plies deep (throws above movegen's limit). On a
    /// board that is no legal position, the moves chess.js plays there (movegen's
    /// `ChessJsBoard::perft`).
    pub fn perft(&self, depth: u32) -> Result<f64, JsError> {
        perft_depth(depth)?;
        Ok(match (&self.pos, self.loose_board()) {
            (Some(p), _) => chessbits_movegen::perft(p, depth),
            (None, Some(b)) => b.perft(depth),
            (None, None) => 0,
        } as f64)
    }

    /// The leaf nodes `depth` plies deep, each leaf move played (perft without counting
    /// the last ply's moves in bulk: the work chess.js's and chessops' perft do). On a
    /// board that is no legal position, as [`Game::perft`].
    #[wasm_bindgen(js_name = perftFull)]
    pub fn perft_full(&self, depth: u32) -> Result<f64, JsError> {
        perft_depth(depth)?;
        Ok(match (&self.pos, self.loose_board()) {
            (Some(p), _) => chessbits_movegen::perft_full(p, depth),
            (None, Some(b)) => b.perft(depth),
            (None, None) => 0,
        } as f64)
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

/// A perft depth within movegen's limit ([`chessbits_movegen::MAX_PERFT_DEPTH`]), else the
/// error the JavaScript side throws.
fn perft_depth(depth: u32) -> Result<(), JsError> {
    if depth > chessbits_movegen::MAX_PERFT_DEPTH {
        return Err(err(format!(
            "depth {depth}: at most {}",
            chessbits_movegen::MAX_PERFT_DEPTH
        )));
    }
    Ok(())
}
