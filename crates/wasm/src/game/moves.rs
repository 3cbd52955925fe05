//! The moves: listing, playing, taking back, the history.

use super::*;

/// A square and a piece to list the moves of (either may be absent).
type FilterArgs = (Option<Square>, Option<Role>);

impl Game {
    /// The square a move is shown going to: the king's square for castling.
    pub(super) fn shown_to(m: Move) -> Square {
        if m.is_castle() {
            m.king_to()
        } else {
            m.to()
        }
    }

    /// One move as a line of `|`-separated fields: color, from, to, piece, captured,
    /// promotion, flags, SAN, LAN, FEN after (see [`Game::moves_verbose`]).
    /// chess.js's flag letters of `m`, a move of `piece`.
    pub(super) fn flags(m: Move, piece: Role, capture: bool) -> String {
        let mut flags = String::new();
        if m.is_castle() {
            // The side by the rook (a Chess960 king may not move, or move away from it).
            flags.push(if m.to().file() > m.from().file() {
                'k'
            } else {
                'q'
            });
        } else if m.is_en_passant() {
            flags.push('e');
        } else {
            if capture {
                flags.push('c');
            } else if piece == Role::Pawn && m.from().distance(m.to()) == 2 {
                flags.push('b');
            } else {
                flags.push('n');
            }
            if m.is_promotion() {
                flags.push('p');
            }
        }
        flags
    }

    /// The fields of a null move's line between the side and the FEN after it.
    pub(super) const NULL_FIELDS: &'static str = "a8|a8|k|||-|--|a8a8|";

    /// The fields of a move's line between the side and the FEN after it (see
    /// [`Game::moves_verbose`]), each followed by `|`: from, to, piece, captured, promotion,
    /// flags, the SAN (`san` writes it), the UCI.
    pub(super) fn move_fields(
        m: Move,
        piece: Role,
        captured: Option<Role>,
        out: &mut String,
        san: impl FnOnce(&mut String),
    ) {
        use std::fmt::Write;
        let from = m.from();
        let to = Game::shown_to(m);
        let flags = Game::flags(m, piece, captured.is_some());
        let _ = write!(out, "{from}|{to}|{}|", piece.char());
        if let Some(c) = captured {
            out.push(c.char());
        }
        out.push('|');
        if let Some(p) = m.promotion() {
            out.push(p.char());
        }
        let _ = write!(out, "|{flags}|");
        san(out);
        let _ = write!(out, "|{from}{to}");
        if let Some(p) = m.promotion() {
            out.push(p.char());
        }
        out.push('|');
    }

    fn describe(pos: &Position, m: Move, out: &mut String) {
        let us = pos.turn();
        out.push(us.fold('w', 'b'));
        out.push('|');
        if m.is_null() {
            out.push_str(Game::NULL_FIELDS);
            let mut after = pos.clone();
            let _ = after.make_null();
            out.push_str(&after.fen());
            return;
        }
        let piece = pos.board().role_at(m.from()).unwrap_or(Role::Pawn);
        let captured = if m.is_en_passant() {
            Some(Role::Pawn)
        } else if m.is_castle() {
            None
        } else {
            pos.board().role_at(m.to())
        };
        Game::move_fields(m, piece, captured, out, |out| {
            SanPlus::from_move(pos, m).write_to(out);
        });
        let mut after = pos.clone();
        let _ = after.make_unchecked(m);
        out.push_str(&after.fen());
    }

    /// The square and piece filters of `moves()` read: `None` when either names nothing
    /// (no moves then).
    fn filters(square: Option<String>, piece: Option<String>) -> Option<FilterArgs> {
        let role = match piece.as_deref() {
            Some(p) => Some(role_of(p)?),
            None => None,
        };
        let square = match square.as_deref() {
            Some(s) => Some(square_at(&s.to_ascii_lowercase())?),
            None => None,
        };
        Some((square, role))
    }

    /// The legal moves of the position, in chess.js's order, filtered.
    fn filtered(&self, (square, role): FilterArgs) -> Vec<Move> {
        let Some(pos) = &self.pos else {
            return self.loose_moves(square, role);
        };
        let moves = match square {
            Some(sq) => chessbits_movegen::moves_from(pos, sq),
            None => chessbits_movegen::legal_moves(pos),
        };
        let mut moves: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| role.is_none_or(|r| pos.board().role_at(m.from()) == Some(r)))
            .collect();
        chessbits_movegen::chess_js_order(pos.board(), &mut moves);
        moves
    }

    fn play(&mut self, m: Move) -> Result<String, JsError> {
        if self.pos.is_none() {
            return Ok(self.play_loose(m));
        }
        let mut line = String::new();
        if let Some(pos) = &self.pos {
            Game::describe(pos, m, &mut line);
        }
        self.play_quietly(m)?;
        Ok(line)
    }

    /// Plays `m` (legal here) without describing it.
    pub(super) fn play_quietly(&mut self, m: Move) -> Result<(), JsError> {
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
    pub(super) fn decode(pos: &Position, text: &str, strict: bool) -> Option<Move> {
        // chess.js's strict parser: the move whose SAN, stripped as chess.js strips it,
        // is the text so stripped (its permissive one tries that first).
        let want = chessbits_movegen::chess_js_stripped_san(text);
        let stripped_san = |m: Move| {
            let mut san = String::new();
            SanPlus::from_move(pos, m).write_to(&mut san);
            chessbits_movegen::chess_js_stripped_san(&san)
        };
        // The move SAN names, when its SAN is the text (SAN names one move at most);
        // else every move's SAN is compared.
        let named = SanPlus::from_ascii_with(text.as_bytes(), SanMode::Strict)
            .and_then(|s| s.san.to_move(pos, SanMode::Strict))
            .ok()
            .filter(|&m| stripped_san(m) == want);
        let exact = named.or_else(|| {
            chessbits_movegen::legal_moves(pos)
                .iter()
                .copied()
                .find(|&m| stripped_san(m) == want)
        });
        if exact.is_some() || strict {
            return exact;
        }
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
}

#[wasm_bindgen]
impl Game {
    /// The legal moves' SAN, space-separated, optionally only from `square` or of `piece`
    /// (a letter; an unknown square or letter gives none).
    #[wasm_bindgen(js_name = movesSan)]
    pub fn moves_san(&self, square: Option<String>, piece: Option<String>) -> String {
        let Some(args) = Game::filters(square, piece) else {
            return String::new();
        };
        let moves = self.filtered(args);
        let mut out = String::new();
        match (&self.pos, args.0) {
            (Some(pos), None) => {
                for (i, &m) in moves.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    SanPlus::from_move(pos, m).write_to(&mut out);
                }
            }
            // chess.js disambiguates among the moves it lists: from one square, none.
            _ => {
                let setup = self.setup_now();
                let b = chessbits_movegen::ChessJsBoard {
                    setup: &setup,
                    kings: self.js_kings(),
                };
                let sans: Vec<String> = moves.iter().map(|&m| b.san(m, &moves)).collect();
                out = sans.join(" ");
            }
        }
        out
    }

    /// The legal moves' UCI, space-separated (castling as king takes rook in Chess960).
    #[wasm_bindgen(js_name = movesUci)]
    pub fn moves_uci(&self, square: Option<String>) -> String {
        let Some(args) = Game::filters(square, None) else {
            return String::new();
        };
        let chess960 = self.pos.as_ref().is_some_and(|p| p.mode().is_chess960());
        let mut out = String::new();
        for (i, m) in self.filtered(args).into_iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            m.write_uci(chess960, &mut out);
        }
        out
    }

    /// The legal moves, one line each of `|`-separated fields: color, from, to, piece,
    /// captured, promotion, flags (chess.js's letters), SAN, LAN, FEN after.
    #[wasm_bindgen(js_name = movesVerbose)]
    pub fn moves_verbose(&self, square: Option<String>, piece: Option<String>) -> String {
        let Some(args) = Game::filters(square, piece) else {
            return String::new();
        };
        let moves = self.filtered(args);
        // A loose board's SAN is disambiguated among all its moves, as chess.js's Move.
        let all = match (&self.pos, args) {
            (None, (None, None)) => moves.clone(),
            (None, _) => self.loose_moves(None, None),
            (Some(_), _) => Vec::new(),
        };
        let mut out = String::new();
        for (i, &m) in moves.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            match &self.pos {
                Some(pos) => Game::describe(pos, m, &mut out),
                None => {
                    let b = chessbits_movegen::ChessJsBoard {
                        setup: &self.setup,
                        kings: self.kings,
                    };
                    Game::describe_loose(&b, m, &all, &mut out);
                }
            }
        }
        out
    }

    /// Plays `text` (SAN; unless `strict` also `0-0`, over-disambiguated SAN and long
    /// algebraic such as `e2e4` or `Ng1-f3`; `--` a null move). Returns the move's line
    /// (see `movesVerbose`); throws `Invalid move: <text>`.
    #[wasm_bindgen(js_name = playSan)]
    pub fn play_san(&mut self, text: &str, strict: bool) -> Result<String, JsError> {
        let in_check = self.is_check();
        if text.trim_end_matches(['+', '#', '?', '!']) == "--" {
            if in_check {
                return Err(err("Null move not allowed when in check"));
            }
            return self.play(Move::NULL);
        }
        let m = match &self.pos {
            Some(pos) => Game::decode(pos, text, strict),
            None => self.decode_loose(text, strict),
        }
        .ok_or_else(|| err(format!("Invalid move: {text}")))?;
        if m.is_null() && in_check {
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
        let (Some(f), Some(t)) = (square_at(from), square_at(to)) else {
            return Err(bad());
        };
        let promo = promotion.as_deref().and_then(role_of);
        let m = self
            .filtered((Some(f), None))
            .into_iter()
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
        if self.pos.is_none() {
            return self.undo_loose();
        }
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
    pub fn history(&mut self, verbose: bool) -> String {
        if self.pos.is_none() {
            self.settle_loose(true);
            return self.history_loose(verbose);
        }
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
    pub fn history_fens(&mut self) -> String {
        if self.pos.is_none() {
            self.settle_loose(false);
            return self.loose_fens().join("\n");
        }
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
}
