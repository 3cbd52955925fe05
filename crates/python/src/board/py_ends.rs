//! The end of the game: check, mate, draws, outcome and status.

use chessbits_bitboard_core::Color;
use chessbits_position::GameResult;
use pyo3::prelude::*;

use super::core::{color, package_attr, STATUS};
use super::state::Board;

#[pymethods]
impl Board {
    // ----- the end of the game -----

    pub(super) fn is_check(&self) -> bool {
        if let Some(v) = &self.var {
            return v.is_check();
        }
        match self.position() {
            Some(p) => p.is_check(),
            None => self.checkers_bb().any(),
        }
    }

    pub(super) fn is_checkmate(&self) -> bool {
        if let Some(v) = &self.var {
            return v.is_checkmate();
        }
        self.is_checkmate_inner()
    }

    pub(super) fn is_stalemate(&self) -> bool {
        if let Some(v) = &self.var {
            return v.is_stalemate();
        }
        match self.position() {
            Some(pos) => chessbits_movegen::is_stalemate(pos),
            None => !self.checkers_bb().any() && self.count_legal() == 0,
        }
    }

    pub(super) fn is_insufficient_material(&self) -> bool {
        if let Some(v) = &self.var {
            return v.is_insufficient_material();
        }
        self.has_insufficient(Color::White) && self.has_insufficient(Color::Black)
    }

    /// Whether `color` has too little material to checkmate by any sequence of moves.
    pub(super) fn has_insufficient_material(&self, color: bool) -> bool {
        if let Some(v) = &self.var {
            return v.has_insufficient_material(color);
        }
        self.has_insufficient(self::color(color))
    }

    pub(super) fn is_seventyfive_moves(&self) -> bool {
        if let Some(v) = &self.var {
            return v.is_seventyfive_moves();
        }
        self.is_halfmoves(150)
    }

    pub(super) fn is_fifty_moves(&self) -> bool {
        if let Some(v) = &self.var {
            return v.is_fifty_moves();
        }
        self.is_halfmoves(100)
    }

    pub(super) fn is_fivefold_repetition(&self) -> bool {
        if let Some(v) = &self.var {
            return v.is_fivefold_repetition();
        }
        self.repetitions() >= 5
    }

    /// Whether the position has occurred `count` times (counting this one) since the last
    /// irreversible move.
    #[pyo3(signature = (count=3))]
    pub(super) fn is_repetition(&self, count: usize) -> bool {
        if let Some(v) = &self.var {
            return v.is_repetition(count);
        }
        self.repetitions() >= count
    }

    pub(super) fn can_claim_fifty_moves(&mut self) -> bool {
        if let Some(v) = &self.var {
            return v.can_claim_fifty_moves();
        }
        self.claim_fifty()
    }

    pub(super) fn can_claim_threefold_repetition(&mut self) -> bool {
        if let Some(v) = &self.var {
            return v.can_claim_threefold_repetition();
        }
        self.claim_threefold()
    }

    pub(super) fn can_claim_draw(&mut self) -> bool {
        if let Some(v) = &self.var {
            return v.can_claim_draw();
        }
        self.claim_fifty() || self.claim_threefold()
    }

    pub(super) fn is_variant_end(&self) -> bool {
        if let Some(v) = &self.var {
            return v.is_variant_end();
        }
        false
    }

    pub(super) fn is_variant_loss(&self) -> bool {
        if let Some(v) = &self.var {
            return v.is_outcome("VARIANT_LOSS");
        }
        false
    }

    pub(super) fn is_variant_win(&self) -> bool {
        if let Some(v) = &self.var {
            return v.is_outcome("VARIANT_WIN");
        }
        false
    }

    pub(super) fn is_variant_draw(&self) -> bool {
        if let Some(v) = &self.var {
            return v.is_outcome("VARIANT_DRAW");
        }
        false
    }

    #[pyo3(signature = (*, claim_draw=false))]
    pub(super) fn is_game_over(&mut self, claim_draw: bool) -> bool {
        self.outcome_inner(claim_draw).is_some()
    }

    /// How the game ended (`chessbits.Outcome`), or `None` while it goes on.
    #[pyo3(signature = (*, claim_draw=false))]
    pub(super) fn outcome<'py>(
        &mut self,
        py: Python<'py>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        Board::make_outcome(py, self.outcome_inner(claim_draw))
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw=false))]
    pub(super) fn result(&mut self, claim_draw: bool) -> &'static str {
        let result = match self.outcome_inner(claim_draw) {
            None => GameResult::Unknown,
            Some((_, Some(true))) => GameResult::WhiteWins,
            Some((_, Some(false))) => GameResult::BlackWins,
            Some((_, None)) => GameResult::Draw,
        };
        result.as_str()
    }

    /// What is wrong with the placement (`chessbits.Status` flags; `Status.VALID` for a
    /// legal position).
    pub(super) fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        package_attr(py, &STATUS, "Status")?.call1((self.status_bits(),))
    }

    pub(super) fn is_valid(&self) -> bool {
        self.status_bits() == 0
    }
}
