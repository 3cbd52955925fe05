//! `VariantGame`: a position of one of the Lichess variants with its moves played, over
//! chessbits-movegen's `VariantPosition` (copy-make: each ply keeps the position before).

use chessbits_movegen::variant::VariantPosition;
use chessbits_position::Variant;
use wasm_bindgen::prelude::*;

/// A game of a Lichess variant, named as chessops names them: `chess`, `atomic`,
/// `antichess`, `crazyhouse`, `kingofthehill`, `3check`, `horde`, `racingkings`.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct VariantGame {
    pos: VariantPosition,
    before: Vec<VariantPosition>,
    sans: Vec<String>,
}

fn err(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

#[wasm_bindgen]
impl VariantGame {
    /// The game of `variant` from `fen` (the variant's start without one).
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, fen: Option<String>) -> Result<VariantGame, JsError> {
        let v = Variant::from_name(variant)
            .ok_or_else(|| err(format!("unknown variant {variant:?}")))?;
        let pos = match fen {
            None => VariantPosition::new(v),
            Some(f) => VariantPosition::from_fen(v, f.trim())
                .map_err(|e| err(format!("Invalid FEN: {e}")))?,
        };
        Ok(VariantGame {
            pos,
            before: Vec::new(),
            sans: Vec::new(),
        })
    }

    /// The variant's name (chessops'; `chess` for standard).
    pub fn variant(&self) -> String {
        self.pos.variant().uci_name().to_owned()
    }

    /// The FEN (crazyhouse pockets in brackets, three-check counters as `3+3`).
    pub fn fen(&self) -> String {
        self.pos.fen()
    }

    /// `w` or `b`.
    pub fn turn(&self) -> String {
        self.pos.turn().fold("w", "b").to_owned()
    }

    /// The legal moves as `uci san` pairs, newline-separated.
    pub fn moves(&self) -> String {
        let mut out = String::new();
        for (i, m) in self.pos.legal_moves().into_iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&self.pos.uci(m));
            out.push(' ');
            self.pos.san_plus(m).write_to(&mut out);
        }
        out
    }

    /// Plays SAN (lenient) or, failing that, UCI; returns the move's SAN. Throws
    /// `Invalid move: <text>`.
    #[wasm_bindgen(js_name = "move")]
    pub fn play(&mut self, text: &str) -> Result<String, JsError> {
        let (m, next) = self
            .pos
            .play_san(text)
            .or_else(|_| self.pos.play_uci(text))
            .map_err(|_| err(format!("Invalid move: {text}")))?;
        if m.is_null() {
            return Err(err(format!("Invalid move: {text} (a null move)")));
        }
        let mut san = String::new();
        self.pos.san_plus(m).write_to(&mut san);
        let prev = std::mem::replace(&mut self.pos, next);
        self.before.push(prev);
        self.sans.push(san.clone());
        Ok(san)
    }

    /// Takes back the last move; returns its SAN, or `undefined` when none was played.
    pub fn undo(&mut self) -> Option<String> {
        self.pos = self.before.pop()?;
        self.sans.pop()
    }

    /// The SAN of the moves played, space-separated.
    pub fn history(&self) -> String {
        self.sans.join(" ")
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Whether the game has ended by the variant's rules or for lack of moves.
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.pos.outcome().is_some()
    }

    /// Whether the game ended by the variant's own rule (an explosion, the hill, the
    /// third check, the eighth rank, a lost horde...).
    #[wasm_bindgen(js_name = isVariantEnd)]
    pub fn is_variant_end(&self) -> bool {
        self.pos.is_variant_end()
    }

    /// The result if the game has ended: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> Option<String> {
        self.pos.outcome().map(|o| o.result().to_owned())
    }

    /// The number of leaf nodes `depth` plies deep.
    pub fn perft(&self, depth: u32) -> Result<f64, JsError> {
        if depth > chessbits_movegen::MAX_PERFT_DEPTH {
            return Err(err(format!("depth {depth}: too deep")));
        }
        Ok(self.pos.perft(depth) as f64)
    }
}
