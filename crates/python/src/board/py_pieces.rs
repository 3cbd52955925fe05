//! The board's pieces: placement, editing, attacks, pins and checkers.

use chessbits_bitboard_core::Bitboard;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::core::{color, mask_of, piece_type, role, square, square_set, white, ALL};
use super::piece::Piece;
use super::state::Board;

#[pymethods]
impl Board {
    // ----- pieces -----

    pub(super) fn piece_at(&self, square: i64) -> PyResult<Option<Piece>> {
        Ok(self
            .placement()
            .piece_at(self::square(square)?)
            .map(Piece::of))
    }

    pub(super) fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        Ok(self
            .placement()
            .role_at(self::square(square)?)
            .map(piece_type))
    }

    pub(super) fn color_at(&self, square: i64) -> PyResult<Option<bool>> {
        Ok(self
            .placement()
            .piece_at(self::square(square)?)
            .map(|p| white(p.color)))
    }

    /// `{square: Piece}` of the squares in `mask` that hold a piece.
    #[pyo3(signature = (*, mask=ALL))]
    pub(super) fn piece_map<'py>(
        &self,
        py: Python<'py>,
        mask: u64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let b = self.placement();
        for sq in b.occupied() & Bitboard(mask) {
            if let Some(p) = b.piece_at(sq) {
                d.set_item(sq.index(), Bound::new(py, Piece::of(p))?)?;
            }
        }
        Ok(d)
    }

    /// Puts `piece` on `square` (or empties it for `None`); the move stack is cleared.
    #[pyo3(signature = (square, piece, promoted=false))]
    pub(super) fn set_piece_at(
        &mut self,
        square: i64,
        piece: Option<&Bound<'_, PyAny>>,
        promoted: bool,
    ) -> PyResult<()> {
        if let Some(r) = self.var_mut(|v| v.set_piece_at(square, piece, promoted)) {
            return r;
        }
        let _ = promoted;
        let sq = self::square(square)?;
        let piece = piece.map(Piece::extract).transpose()?;
        self.edit(|s| {
            s.board.discard(sq);
            if let Some(p) = piece {
                s.board.put(sq, p.raw());
            }
        });
        Ok(())
    }

    /// Empties `square` and returns what stood there; the move stack is cleared.
    pub(super) fn remove_piece_at(&mut self, square: i64) -> PyResult<Option<Piece>> {
        if let Some(r) = self.var_mut(|v| v.remove_piece_at(square)) {
            return r;
        }
        let sq = self::square(square)?;
        let was = self.placement().piece_at(sq).map(Piece::of);
        if was.is_some() {
            self.edit(|s| {
                s.board.discard(sq);
            });
        }
        Ok(was)
    }

    /// The square of the king of `color` (`None` when it has none).
    pub(super) fn king(&self, color: bool) -> Option<u8> {
        if let Some(v) = &self.var {
            return v.king(color);
        }
        self.placement()
            .king_of(self::color(color))
            .map(|s| s.index() as u8)
    }

    pub(super) fn pieces_mask(&self, piece_type: i64, color: bool) -> PyResult<u64> {
        Ok(self
            .placement()
            .by_piece(role(piece_type)?.of(self::color(color)))
            .0)
    }

    pub(super) fn pieces<'py>(
        &self,
        py: Python<'py>,
        piece_type: i64,
        color: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, Bitboard(self.pieces_mask(piece_type, color)?))
    }

    pub(super) fn attacks_mask(&self, square: i64) -> PyResult<u64> {
        Ok(self.attacks_bb(self::square(square)?).0)
    }

    /// The squares the piece on `square` attacks.
    pub(super) fn attacks<'py>(&self, py: Python<'py>, square: i64) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.attacks_bb(self::square(square)?))
    }

    #[pyo3(signature = (color, square, occupied=None))]
    pub(super) fn attackers_mask(
        &self,
        color: bool,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let b = self.placement();
        let occ = match occupied {
            Some(o) => Bitboard(mask_of(o)?),
            None => b.occupied(),
        };
        Ok((b.attackers_by(self::square(square)?, self::color(color), occ) & occ).0)
    }

    /// The pieces of `color` that attack `square`.
    #[pyo3(signature = (color, square, occupied=None))]
    pub(super) fn attackers<'py>(
        &self,
        py: Python<'py>,
        color: bool,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, Bitboard(self.attackers_mask(color, square, occupied)?))
    }

    #[pyo3(signature = (color, square, occupied=None))]
    pub(super) fn is_attacked_by(
        &self,
        color: bool,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        Ok(self.attackers_mask(color, square, occupied)? != 0)
    }

    pub(super) fn pin_mask(&self, color: bool, square: i64) -> PyResult<u64> {
        if self.var.as_ref().is_some_and(|v| v.pin_void()) {
            return Ok(ALL);
        }
        Ok(self.pin_bb(self::color(color), self::square(square)?).0)
    }

    /// The line along which the piece on `square` is pinned to the king of `color`, or
    /// every square when it is not pinned.
    pub(super) fn pin<'py>(
        &self,
        py: Python<'py>,
        color: bool,
        square: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, Bitboard(self.pin_mask(color, square)?))
    }

    pub(super) fn is_pinned(&self, color: bool, square: i64) -> PyResult<bool> {
        Ok(self.pin_mask(color, square)? != ALL)
    }

    pub(super) fn checkers_mask(&self) -> u64 {
        self.checkers_bb().0
    }

    pub(super) fn checkers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.checkers_bb())
    }
}
