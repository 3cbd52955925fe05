//! The board when it is no legal position, or when a move that is not legal is pushed:
//! python-chess's behaviour, as the crates define it (position's `Setup` rules:
//! `play_loose`, `status`, `clean_castling_rights`, `checkers`, `pin_mask`; movegen's
//! `loose` generator). This file only chooses between them and the position's fast paths.

use chessbits_bitboard_core::{Bitboard, Move as RawMove, Square};
use chessbits_movegen::loose::Loose;
use chessbits_position::Setup;
use pyo3::exceptions::PyAssertionError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;

use chessbits_movegen::{SanMode, SanPlus};

use super::core::{as_position, san_error, san_is_null};
use super::moves::Move;
use super::state::{Board, Entry, Saved};
use crate::InvalidMoveError;

/// python-chess's fields of a typed move (castling as the loose board writes it: king to
/// rook).
fn fields(raw: RawMove) -> Move {
    Move::typed(raw, false)
}

/// python-chess's fields of a move of a board that is no position.
pub(super) fn loose_fields(loose: &Loose<'_>, m: RawMove) -> Move {
    fields(loose.written(m))
}

impl Board {
    /// Whether `m` is legal here (python-chess's `is_legal`).
    pub(super) fn is_legal_inner(&self, m: &Move) -> bool {
        match self.loose() {
            Some(loose) => Board::uci_form(m).is_some_and(|r| loose.is_legal(r)),
            None => !m.is_null() && self.legal(m).is_some(),
        }
    }

    /// Whether `m` is pseudo-legal here (python-chess's `is_pseudo_legal`).
    pub(super) fn is_pseudo_legal_inner(&self, m: &Move) -> bool {
        match self.loose() {
            Some(loose) => Board::uci_form(m).is_some_and(|r| loose.is_pseudo_legal(r)),
            None => self.pseudo(m).is_some(),
        }
    }

    /// The castling rights that can be right (position's `Setup::clean_castling_rights`;
    /// after a move, the position's own).
    pub(super) fn clean_rights(&self) -> Bitboard {
        if let Some(v) = &self.var {
            return v.current_setup().clean_castling_rights(self.chess960);
        }
        match &self.invalid {
            Some(_) => self
                .loose()
                .map_or(Bitboard::EMPTY, |l| l.castling_rights()),
            None if self.stack.is_empty() => self.raw_setup().clean_castling_rights(self.chess960),
            None => self.pos.castles().rooks(),
        }
    }

    /// The FEN of a board that is no position: the clean castling rights, the en-passant
    /// square as `en_passant` says (`fen`: as played or given; `xfen`: when a pawn can take
    /// there; `legal`: when it can legally).
    pub(super) fn loose_fen(loose: &Loose<'_>, en_passant: &str) -> String {
        let mut s = loose.setup.clone();
        s.castling_rights = s.written_castling_rights(loose.castling_rights());
        let all = Bitboard(u64::MAX);
        let keep = match en_passant {
            "fen" => true,
            "xfen" => !loose.pseudo_legal_ep(all, all).is_empty(),
            _ => !loose.legal_ep(all, all).is_empty(),
        };
        if !keep {
            s.ep_square = None;
        }
        s.fen()
    }

    /// The board as python-chess holds it: the setup with the en-passant square as played
    /// or given (whether or not a capture is possible) and, before any move, the castling
    /// rights as given.
    pub(super) fn raw_setup(&self) -> Setup {
        match &self.invalid {
            Some(s) => (**s).clone(),
            None => {
                let mut s = self.pos.to_setup();
                s.ep_square = self.raw_ep_square();
                if self.stack.is_empty() {
                    s.castling_rights = self.root_rights;
                }
                s
            }
        }
    }

    /// The generator of a board that is no position (`None` for a position).
    pub(super) fn loose(&self) -> Option<Loose<'_>> {
        if self.var.is_some() {
            return None;
        }
        self.invalid.as_deref().map(|setup| Loose {
            setup,
            chess960: self.chess960,
            in_game: !self.stack.is_empty(),
        })
    }

    /// The moves of a board that is no position, as python-chess's fields.
    pub(super) fn loose_moves(
        loose: &Loose<'_>,
        legal: bool,
        from: u64,
        to: u64,
        captures_only: bool,
    ) -> Vec<Move> {
        let (from, to) = (Bitboard(from), Bitboard(to));
        let moves = if legal {
            loose.legal_moves(from, to)
        } else {
            loose.pseudo_legal_moves(from, to)
        };
        moves
            .into_iter()
            .filter(|&m| !captures_only || loose.is_capture(m))
            .map(|m| fields(loose.written(m)))
            .collect()
    }

    /// The move in UCI form for the crates (`None` for one python-chess's `Move` can hold
    /// but no board can play, such as a promotion to a pawn).
    pub(super) fn uci_form(m: &Move) -> Option<RawMove> {
        if m.drop != 0 {
            let to = Square::new(u32::from(m.to))?;
            let role = *chessbits_bitboard_core::Role::ALL.get(usize::from(m.drop) - 1)?;
            return Some(RawMove::drop(role, to));
        }
        m.raw_uci()
    }

    /// SAN (`lan`: LAN) of `m` as python-chess writes it whether or not it is legal (it
    /// checks no legality there: the move is typed and written on the board as it stands,
    /// its suffix found on the board after python-chess's `push`), by movegen's
    /// `Loose::san_plus_any` and the one writer; `--` for the null move. python-chess's
    /// `AssertionError` for a move from an empty square.
    pub(super) fn san_of_any(&self, m: &Move, lan: bool) -> PyResult<String> {
        if m.is_null() {
            return Ok("--".to_string());
        }
        let setup = self.raw_setup();
        let loose = Loose {
            setup: &setup,
            chess960: self.chess960,
            in_game: !self.stack.is_empty(),
        };
        let Some(raw) =
            Board::uci_form(m).filter(|r| !r.is_drop() && setup.board.piece_at(r.from()).is_some())
        else {
            return Err(PyAssertionError::new_err(format!(
                "san() and lan() expect move to be legal or null, but got {} in {}",
                m.uci_text(),
                self.fen_default()
            )));
        };
        let m = loose.typed(raw);
        let plus = loose.san_plus_any(m);
        let mut out = String::new();
        if lan {
            chessbits_movegen::san::write_lan_plus(plus, m, &mut out);
        } else {
            plus.write_to(&mut out);
        }
        Ok(out)
    }

    /// The legal move SAN names on a board that is no position (movegen's
    /// `Loose::san_to_move`), as python-chess's fields.
    pub(super) fn loose_parse_san(&self, loose: &Loose<'_>, san: &str) -> PyResult<Move> {
        if san_is_null(san)? {
            return Ok(fields(RawMove::NULL));
        }
        let fen = || self.fen_default();
        let parsed = SanPlus::from_ascii_with(san.as_bytes(), SanMode::Lenient)
            .map_err(|e| san_error(san, &fen(), e))?;
        let m = loose
            .san_to_move(&parsed.san, SanMode::Lenient)
            .map_err(|e| san_error(san, &fen(), e))?;
        Ok(loose_fields(loose, m))
    }

    /// A move argument: a `Move`, UCI text, or any object with python-chess's fields.
    pub(super) fn move_arg(&self, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Ok(m) = obj.cast::<Move>() {
            return Ok(*m.get());
        }
        if let Ok(text) = obj.extract::<PyBackedStr>() {
            return super::moves::move_from_uci_text(&text)
                .ok_or_else(|| InvalidMoveError::new_err(format!("invalid uci: {:?}", &*text)));
        }
        Move::extract(obj)
    }

    /// Plays `m` as python-chess's `push` does (see `push`).
    pub(super) fn push_move(&mut self, m: Move) -> PyResult<()> {
        if let Some(raw) = self.legal(&m) {
            let mv = Move::of(&self.pos, raw);
            self.play(raw, mv);
            return Ok(());
        }
        let refused = || {
            PyAssertionError::new_err(format!(
                "push() expects move to be pseudo-legal, but got {} in {}",
                m.uci_text(),
                self.board_fen_inner()
            ))
        };
        let raw = Board::uci_form(&m).ok_or_else(refused)?;
        let mut setup = self.raw_setup();
        let played = if self.stack.is_empty() {
            setup.play_loose(raw, self.chess960)
        } else {
            setup.play_loose_in_game(raw, self.chess960)
        };
        let written = played.map_err(|_| refused())?;
        let loose_ep = setup.ep_square;
        let saved = Saved {
            pos: self.pos.clone(),
            invalid: self.invalid.take(),
        };
        let hist = match as_position(&setup, self.chess960) {
            Ok(pos) => {
                self.pos = pos;
                self.history.push(&self.pos);
                true
            }
            Err(_) => {
                self.invalid = Some(Box::new(setup));
                false
            }
        };
        self.stack.push(Entry {
            raw: written,
            undo: None,
            mv: fields(written),
            before: Some(Box::new(saved)),
            hist,
            loose_ep,
        });
        Ok(())
    }

    /// Takes back the move of `e`, the last one played.
    pub(super) fn unplay(&mut self, e: Entry) {
        if e.hist {
            self.history.pop();
        }
        match (e.before, e.undo) {
            (Some(saved), _) => {
                self.pos = saved.pos;
                self.invalid = saved.invalid;
            }
            (None, Some(undo)) if e.raw.is_null() => self.pos.unmake_null(undo),
            (None, Some(undo)) => self.pos.unmake(e.raw, undo),
            (None, None) => {}
        }
    }

    /// The board with only the last `keep` moves of the stack: the board before them
    /// becomes the root (its repetition keys before it are forgotten, as python-chess's).
    pub(super) fn keep_last(&self, keep: usize) -> PyResult<Board> {
        if let Some(v) = &self.var {
            return Ok(Board::of_variant(v.keep_last(keep)));
        }
        let keep = keep.min(self.stack.len());
        let mut b = self.clone();
        for _ in 0..keep {
            if let Some(e) = b.stack.pop() {
                b.unplay(e);
            }
        }
        let mut out = b.at_root_here();
        // The moves kept, played again from the new root.
        for e in &self.stack[self.stack.len() - keep..] {
            out.push_move(e.mv)?;
        }
        Ok(out)
    }

    /// This board with no moves played: its state becomes the root.
    pub(super) fn at_root_here(&self) -> Board {
        if let Some(v) = &self.var {
            return Board::of_variant(v.keep_last(0));
        }
        let setup = self.raw_setup();
        let mut b = Board::from_setup(setup.clone(), self.chess960);
        b.root_ep = setup.ep_square;
        b.root_rights = setup.castling_rights;
        b
    }

    /// The board before the first move of the stack.
    pub(super) fn root_board(&self) -> Board {
        if let Some(v) = &self.var {
            let mut root = v.keep_last(0);
            if let Some((first, _, _)) = v.stack.first() {
                root.pos = first.clone();
            }
            return Board::of_variant(root);
        }
        let mut b = self.clone();
        while let Some(e) = b.stack.pop() {
            b.unplay(e);
        }
        b.history = match &b.invalid {
            Some(_) => chessbits_position::History::new(),
            None => chessbits_position::History::starting_at(&b.pos),
        };
        b
    }
}
