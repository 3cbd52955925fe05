//! SAN and UCI of a [`VariantPosition`]: text is parsed by the crate's one SAN parser
//! ([`SanPlus::from_ascii_with`], with `=K` for antichess) and written by its one SAN
//! writer ([`San::write_to`]) and the one UCI writer ([`Move::write_uci`]); what is
//! particular to a variant position is only which legal moves a text matches, found in the
//! list of legal moves.

use alloc::string::String;
use alloc::vec::Vec;

use chessbits_bitboard_core::{Bitboard, Move, Role};
use chessbits_position::{CastlingSide, Variant};

use super::{is_capture, VariantPlayError, VariantPosition};
use crate::san::{San, SanError, SanMode, SanPlus, Suffix};

impl VariantPosition {
    /// The canonical SAN of the legal move `m` (without suffix): disambiguation among
    /// the other legal moves of the same role to the same square (kings too, since
    /// antichess may have several), `x` on captures, `=Q` (`=K` in antichess), `N@f3`
    /// and `@e4` for drops, `O-O` for castling.
    #[must_use]
    pub fn san(&self, m: Move) -> San {
        if m.is_null() {
            return San::Null;
        }
        let (from, to) = (m.from(), m.to());
        let role = self.board.role_at(from).unwrap_or(Role::Pawn);
        San::of_move(m, role, is_capture(self, m), || {
            let mut others = Bitboard::EMPTY;
            for o in self.legal_moves() {
                let same = o.to() == to && !o.is_castle() && !o.is_drop();
                if same && o.from() != from && self.board.role_at(o.from()) == Some(role) {
                    others.insert(o.from());
                }
            }
            others
        })
    }

    /// The canonical SAN of the legal move `m` with its suffix, as python-chess writes it:
    /// `#` when the move checkmates or ends the game by the variant's rule in the mover's
    /// favour (a king exploded, on the hill, the third check, ...), `+` for another check.
    #[must_use]
    pub fn san_plus(&self, m: Move) -> SanPlus {
        let after = self.play_unchecked(m);
        SanPlus {
            san: self.san(m),
            suffix: suffix_after(&after),
        }
    }

    /// The legal move `text` means here: SAN (`Nf3`, `N@f3`, `e8=K` in antichess, `O-O`),
    /// read as `mode` says; in [`SanMode::Lenient`] also coordinates (`e2e4`).
    pub fn parse_san(&self, text: &[u8], mode: SanMode) -> Result<Move, SanError> {
        let san = parse_san_text(text, mode, self.variant)?;
        self.san_to_move(&san.san, mode)
    }

    /// The legal move a parsed [`San`] means here, or why there is none.
    pub fn san_to_move(&self, san: &San, mode: SanMode) -> Result<Move, SanError> {
        let legal = self.legal_moves();
        let mut found: Option<Move> = None;
        let mut count = 0u32;
        let mut push = |m: Move| {
            count += 1;
            found = Some(m);
        };
        match *san {
            San::Null => {
                return if self.is_check() {
                    Err(SanError::NullInCheck)
                } else {
                    Ok(Move::NULL)
                };
            }
            San::Castle(side) => {
                for &m in legal.iter() {
                    if m.is_castle() && CastlingSide::of_rook(m.from(), m.to()) == side {
                        push(m);
                    }
                }
            }
            San::Drop { role, to } => {
                let m = Move::drop(role, to);
                if legal.contains(&m) {
                    push(m);
                }
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let coordinates = role == Role::Pawn
                    && file.is_some()
                    && rank.is_some()
                    && mode == SanMode::Lenient;
                let mut promotion_missing = false;
                for &m in legal.iter() {
                    if m.is_drop() {
                        continue;
                    }
                    let from = m.from();
                    if coordinates {
                        let lands = if m.is_castle() { m.king_to() } else { m.to() };
                        let from_ok = Some(from.file()) == file && Some(from.rank()) == rank;
                        if from_ok && (lands == to || m.to() == to) && m.promotion() == promotion {
                            push(m);
                        }
                        continue;
                    }
                    if m.is_castle()
                        || m.to() != to
                        || self.board.role_at(from) != Some(role)
                        || file.is_some_and(|f| f != from.file())
                        || rank.is_some_and(|r| r != from.rank())
                    {
                        continue;
                    }
                    if role == Role::Pawn && file.is_none() && is_capture(self, m) {
                        continue;
                    }
                    if m.promotion() != promotion {
                        promotion_missing |= promotion.is_none();
                        continue;
                    }
                    if mode == SanMode::Strict && capture != is_capture(self, m) {
                        return Err(SanError::CaptureMarker);
                    }
                    push(m);
                }
                if count == 0 && promotion_missing {
                    return Err(SanError::MissingPromotion);
                }
            }
        }
        match (count, found) {
            (1, Some(m)) => {
                if mode == SanMode::Strict && self.san(m) != *san {
                    if let San::Normal { .. } = san {
                        return Err(SanError::NotMinimal);
                    }
                }
                Ok(m)
            }
            (0, _) | (_, None) => Err(SanError::Illegal),
            (n, _) => Err(SanError::Ambiguous(n)),
        }
    }

    /// The legal move the UCI text means here (`e2e4`, `e7e8q`, `N@f3`, `e7e8k`; castling as
    /// `e1g1` or `e1h1`).
    pub fn parse_uci(&self, text: &[u8]) -> Option<Move> {
        let legal = self.legal_moves();
        let mut buf: Vec<u8> = Vec::with_capacity(5);
        legal.iter().copied().find(|m| {
            [self.chess960, !self.chess960].into_iter().any(|c960| {
                buf.clear();
                m.write_uci(c960, &mut buf);
                buf == text
            })
        })
    }

    /// The UCI text of `m` (castling as this position writes it: king takes rook in
    /// Chess960).
    #[must_use]
    pub fn uci(&self, m: Move) -> String {
        let mut s = String::with_capacity(5);
        m.write_uci(self.chess960, &mut s);
        s
    }

    /// Plays the SAN move `text` if it is legal (lenient syntax): the move and the position
    /// after it.
    pub fn play_san(&self, text: &str) -> Result<(Move, VariantPosition), VariantPlayError> {
        match self.parse_san(text.as_bytes(), SanMode::Lenient) {
            Ok(m) => Ok((m, self.play_unchecked(m))),
            Err(e) => Err(self.play_error(san_error_word(e), text)),
        }
    }

    /// Plays the UCI move `text` if it is legal: the move and the position after it.
    pub fn play_uci(&self, text: &str) -> Result<(Move, VariantPosition), VariantPlayError> {
        match self.parse_uci(text.as_bytes()) {
            Some(m) => Ok((m, self.play_unchecked(m))),
            None => Err(self.play_error("illegal move", text)),
        }
    }

    fn play_error(&self, what: &'static str, text: &str) -> VariantPlayError {
        VariantPlayError {
            what,
            text: String::from(text),
            variant: self.variant,
            fen: self.fen(),
        }
    }
}

/// SAN text with its suffix, `=K` accepted in antichess.
pub(crate) fn parse_san_text(
    text: &[u8],
    mode: SanMode,
    variant: Variant,
) -> Result<SanPlus, SanError> {
    let plus = SanPlus::from_ascii_with(text, mode);
    match plus {
        Err(SanError::Syntax(crate::san::SanSyntax::PromotionToKing))
            if variant == Variant::Antichess =>
        {
            let mut body = text;
            while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = body {
                body = rest;
            }
            Ok(SanPlus {
                san: San::from_ascii_king_promotion(body, mode)?,
                suffix: None,
            })
        }
        other => other,
    }
}

fn san_error_word(e: SanError) -> &'static str {
    match e {
        SanError::Syntax(_) => "not a move",
        SanError::Ambiguous(_) => "ambiguous move",
        SanError::MissingPromotion => "promotion piece missing",
        _ => "illegal move",
    }
}

/// The suffix python-chess writes for the position `after` a move: `#` when the game is
/// won (checkmate, or the variant's own win: a king exploded or on the hill, the third
/// check, a stalemate in antichess, ...), `+` for another check.
pub(crate) fn suffix_after(after: &VariantPosition) -> Option<Suffix> {
    if matches!(
        after.outcome(),
        Some(chessbits_position::Outcome::Decisive { .. })
    ) {
        Some(Suffix::Checkmate)
    } else if after.is_check() {
        Some(Suffix::Check)
    } else {
        None
    }
}
