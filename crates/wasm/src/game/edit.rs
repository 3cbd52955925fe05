//! Editing the board: put, remove, the turn, castling rights.

use super::*;

#[wasm_bindgen]
impl Game {
    /// Puts a piece (`color` `w`/`b`, `role` a letter) on `square`; false for an unknown
    /// square or letter, or a second king of a color (movegen's `chess_js_put`). Moves
    /// played stay, as chess.js keeps them.
    pub fn put(&mut self, color: &str, role: &str, square_name: &str) -> bool {
        let (Some(c), Some(r), Some(sq)) = (color_of(color), role_of(role), square_at(square_name))
        else {
            return false;
        };
        let mut setup = self.setup_now();
        let mut kings = self.js_kings();
        let piece = Piece { color: c, role: r };
        if !chessbits_movegen::chess_js_put(&mut setup.board, &mut kings, piece, sq) {
            return false;
        }
        self.apply_edit(setup, kings);
        true
    }

    /// Takes the piece off `square`; returns its letter (upper case White) or `undefined`.
    pub fn remove(&mut self, square_name: &str) -> Option<String> {
        let sq = square_at(square_name)?;
        let mut setup = self.setup_now();
        let mut kings = self.js_kings();
        let piece = chessbits_movegen::chess_js_remove(&mut setup.board, &mut kings, sq)?;
        self.apply_edit(setup, kings);
        Some(piece.char().to_string())
    }

    /// Sets the side to move (`w`/`b`) of an edited board; moves played stay.
    #[wasm_bindgen(js_name = setTurnEdit)]
    pub fn set_turn_edit(&mut self, color: &str) -> bool {
        let Some(c) = color_of(color) else {
            return false;
        };
        let mut setup = self.setup_now();
        setup.turn = c;

        let kings = self.js_kings();
        self.apply_edit(setup, kings);
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
    /// stay.
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
            self.apply_edit(setup, self.js_kings());
        }
    }
}
