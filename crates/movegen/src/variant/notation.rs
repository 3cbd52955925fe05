//! SAN and UCI of a [`VariantPosition`]: text is parsed by the crate's one SAN parser
//! ([`SanPlus::from_ascii_with`], with `=K` for antichess) and written by its one SAN
//! writer ([`San::write_to`]) and the one UCI writer ([`Move::write_uci`]); what is
//! particular to a variant position is only which legal moves a text matches, found in the
//! list of legal moves.

use alloc::string::String;
use alloc::vec::Vec;

use chessbits_bitboard_core::{Bitboard, Color, Move, Role, Square};
use chessbits_position::{CastlingSide, Variant};

use super::generate::{generate, Collect};
use super::{VariantPlayError, VariantPosition};
use crate::gen::Visitor;
use crate::san::{San, SanError, SanMode, SanPlus, SanPosition, Suffix};

impl VariantPosition {
    /// The canonical SAN of the legal move `m` (without suffix): disambiguation among
    /// the other legal moves of the same role to the same square (kings too, since
    /// antichess may have several), `x` on captures, `=Q` (`=K` in antichess), `N@f3`
    /// and `@e4` for drops, `O-O` for castling. The crate's one SAN encoder.
    #[must_use]
    pub fn san(&self, m: Move) -> San {
        crate::san::encode(self, m)
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

    /// The legal move a parsed [`San`] means here, or why there is none: the crate's one
    /// SAN decoder, with this position's rules for which moves are legal.
    pub fn san_to_move(&self, san: &San, mode: SanMode) -> Result<Move, SanError> {
        crate::san::decode(san, self, mode)
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

/// SAN text with its suffix, `=K` accepted in the antichess family.
pub(crate) fn parse_san_text(
    text: &[u8],
    mode: SanMode,
    variant: Variant,
) -> Result<SanPlus, SanError> {
    if variant.is_antichess_family() {
        SanPlus::from_ascii_king_promotion(text, mode)
    } else {
        SanPlus::from_ascii_with(text, mode)
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

/// SAN is read and written by the crate's one decoder and encoder; legality is the
/// variant's (each candidate move is looked for among the generated moves).
impl SanPosition for VariantPosition {
    type Legality = ();
    const ONE_KING: bool = false;

    #[inline]
    fn by_color(&self, color: Color) -> Bitboard {
        self.board.by_color(color)
    }

    #[inline]
    fn by_piece(&self, role: Role, color: Color) -> Bitboard {
        self.board.by_piece(role.of(color))
    }

    #[inline]
    fn role_at(&self, sq: Square) -> Option<Role> {
        self.board.role_at(sq)
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    #[inline]
    fn is_check(&self) -> bool {
        VariantPosition::is_check(self)
    }

    #[inline]
    fn legality(&self) {}

    #[inline]
    fn allows(&self, _legality: &(), _role: Role, m: Move) -> bool {
        self.is_legal(m)
    }

    fn castle(&self, side: CastlingSide) -> Option<Move> {
        let mut castles = Castles {
            side,
            found: None,
            count: 0,
        };
        generate(self, &mut castles);
        castles.found.filter(|_| castles.count == 1)
    }

    fn drop_move(&self, role: Role, to: Square) -> Option<Move> {
        let m = Move::drop(role, to);
        self.is_legal(m).then_some(m)
    }

    fn coordinates(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, SanError> {
        let mut legal = Vec::new();
        generate(self, &mut Collect(&mut legal));
        let mut found = None;
        let mut count = 0;
        let mut promotion_missing = false;
        for &m in &legal {
            if m.is_drop() || m.from() != from {
                continue;
            }
            let lands = if m.is_castle() { m.king_to() } else { m.to() };
            if lands != to && m.to() != to {
                continue;
            }
            if m.promotion() != promotion {
                promotion_missing |= promotion.is_none();
                continue;
            }
            count += 1;
            found = Some(m);
        }
        match (found, count) {
            (Some(m), 1) => Ok(m),
            (_, 0) if promotion_missing => Err(SanError::MissingPromotion),
            (_, 0) => Err(SanError::Illegal),
            (_, n) => Err(SanError::Ambiguous(n)),
        }
    }
}

/// The legal castling moves on one side.
struct Castles {
    side: CastlingSide,
    found: Option<Move>,
    count: u32,
}

impl Visitor for Castles {
    #[inline]
    fn piece(&mut self, _role: Role, _from: Square, _to: Bitboard) {}

    #[inline]
    fn pawn_set(&mut self, _to: Bitboard, _offset: i32) {}

    #[inline]
    fn special(&mut self, m: Move) {
        if m.is_castle() && CastlingSide::of_rook(m.from(), m.to()) == self.side {
            self.found = Some(m);
            self.count += 1;
        }
    }

    #[inline]
    fn drops(&mut self, _role: Role, _to: Bitboard) {}
}
