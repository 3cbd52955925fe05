//! The pieces that can reach a square, and the disambiguation they call for: what decoding
//! and encoding SAN both ask.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, File, Move, Rank, Role, Square};
use chessbits_position::{CastlingSide, Position};

use super::types::SanError;
use crate::legality::Checks;

/// What reading and writing SAN ask of a position: the board, the side to move, the
/// en-passant square, and which of the moves the board allows are legal. A [`Position`]
/// answers from its checkers and pins without generating moves; a variant position
/// (`crate::variant`) by its variant's rules. Both go through the one decoder
/// (`decode`) and the one encoder (`encode`).
pub(crate) trait SanPosition {
    /// What deciding legality needs, computed once per SAN (the checkers and pins).
    type Legality;
    /// Whether the side to move has exactly one king (then a king move needs no
    /// disambiguation).
    const ONE_KING: bool;
    /// The pieces of `color`.
    fn by_color(&self, color: Color) -> Bitboard;
    /// The pieces of `role` and `color`.
    fn by_piece(&self, role: Role, color: Color) -> Bitboard;
    /// The role of the piece on `sq`.
    fn role_at(&self, sq: Square) -> Option<Role>;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The square a pawn may capture onto en passant, if any.
    fn ep_square(&self) -> Option<Square>;
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;
    /// The legality data of this position.
    fn legality(&self) -> Self::Legality;
    /// Whether `m`, a move of the piece of `role` on its origin that reaches its target as
    /// the role moves, is legal.
    fn allows(&self, legality: &Self::Legality, role: Role, m: Move) -> bool;
    /// The legal castling move on `side`, if any.
    fn castle(&self, side: CastlingSide) -> Option<Move>;
    /// The legal drop of `role` on `to`, if any.
    fn drop_move(&self, role: Role, to: Square) -> Option<Move>;
    /// The legal move from `from` to `to` given as coordinates (lenient mode: `e2e4`,
    /// `e1g1` castling, `e7e8q`), or why there is none.
    fn coordinates(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, SanError>;
}

impl SanPosition for Position {
    type Legality = Checks;
    const ONE_KING: bool = true;

    #[inline]
    fn by_color(&self, color: Color) -> Bitboard {
        Position::board(self).by_color(color)
    }

    #[inline]
    fn by_piece(&self, role: Role, color: Color) -> Bitboard {
        Position::board(self).by_piece(role.of(color))
    }

    #[inline]
    fn role_at(&self, sq: Square) -> Option<Role> {
        Position::board(self).role_at(sq)
    }

    #[inline]
    fn turn(&self) -> Color {
        Position::turn(self)
    }

    #[inline]
    fn ep_square(&self) -> Option<Square> {
        Position::ep_square(self)
    }

    #[inline]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    #[inline]
    fn legality(&self) -> Checks {
        Checks::new(self)
    }

    #[inline]
    fn allows(&self, legality: &Checks, role: Role, m: Move) -> bool {
        legality.is_legal(self, role, m.from(), m.to(), m.is_en_passant())
    }

    fn castle(&self, side: CastlingSide) -> Option<Move> {
        let rook = self.castles().rook(Position::turn(self), side)?;
        let m = Move::castle(self.our_king(), rook);
        crate::is_legal(self, m).then_some(m)
    }

    fn drop_move(&self, _role: Role, _to: Square) -> Option<Move> {
        // No drops in standard chess (see `crate::variant`).
        None
    }

    fn coordinates(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, SanError> {
        by_coordinates(self, from, to, promotion, |raw| {
            let m = self.move_from_uci(raw);
            crate::is_legal(self, m).then_some(m)
        })
    }
}

/// The move from `from` to `to` given as coordinates (`promotion` where given), by
/// `legal`, which gives the legal move a move in UCI form stands for there, if any: or
/// `MissingPromotion` where only a promotion would be legal, else `Illegal`. The one rule
/// for [`SanPosition::coordinates`] of positions that answer legality move by move.
pub(crate) fn by_coordinates<P: SanPosition>(
    pos: &P,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    legal: impl Fn(Move) -> Option<Move>,
) -> Result<Move, SanError> {
    let raw = match promotion {
        Some(p) => Move::promote(from, to, p),
        None => Move::normal(from, to),
    };
    if let Some(m) = legal(raw) {
        return Ok(m);
    }
    if promotion.is_none()
        && Bitboard::BACKRANKS.contains(to)
        && pos.role_at(from) == Some(Role::Pawn)
        && legal(Move::promote(from, to, Role::Queen)).is_some()
    {
        return Err(SanError::MissingPromotion);
    }
    Err(SanError::Illegal)
}

/// The minimal (file, rank) disambiguation of a move from `from` when `others` (legal
/// origins of other pieces of the same role to the same square) exist: the file if no other
/// origin shares it, else the rank if none shares that, else both. (Public for replays
/// that find the other origins on a board of their own.)
#[must_use]
pub fn disambiguation(from: Square, others: Bitboard) -> (Option<File>, Option<Rank>) {
    if others.is_empty() {
        (None, None)
    } else if (others & Bitboard::file(from.file())).is_empty() {
        (Some(from.file()), None)
    } else if (others & Bitboard::rank(from.rank())).is_empty() {
        (None, Some(from.rank()))
    } else {
        (Some(from.file()), Some(from.rank()))
    }
}

/// The origins in `candidates` other than `from` from which a `role` legally moves to `to`.
pub(super) fn legal_others<P: SanPosition>(
    pos: &P,
    legality: &P::Legality,
    role: Role,
    from: Square,
    to: Square,
    candidates: Bitboard,
) -> Bitboard {
    let mut others = Bitboard::EMPTY;
    for o in candidates - from {
        if pos.allows(legality, role, Move::normal(o, to)) {
            others.insert(o);
        }
    }
    others
}

/// The squares of the side to move's pieces of `role` that could move to `to` by the way
/// the role moves (pseudo-legal: pins and check are not looked at). For pawns, captures
/// when `pawn_capture` (onto an enemy piece or the en-passant square), pushes otherwise
/// (two squares from the second rank, and from the first, where the horde's pawns stand).
pub(super) fn reaching<P: SanPosition>(
    pos: &P,
    role: Role,
    to: Square,
    pawn_capture: bool,
) -> Bitboard {
    let us = pos.turn();
    if pos.by_color(us).contains(to) {
        return Bitboard::EMPTY;
    }
    let ours = pos.by_piece(role, us);
    let occ = pos.by_color(us) | pos.by_color(us.other());
    match role {
        Role::Pawn => {
            if pawn_capture {
                if pos.by_color(us.other()).contains(to) || Some(to) == pos.ep_square() {
                    at::pawn_attacks(us.other(), to) & ours
                } else {
                    Bitboard::EMPTY
                }
            } else {
                if occ.contains(to) {
                    return Bitboard::EMPTY;
                }
                let back = us.fold(-1, 1);
                let Some(one) = to.offset(0, back) else {
                    return Bitboard::EMPTY;
                };
                if ours.contains(one) {
                    return Bitboard::from_square(one);
                }
                let double = Bitboard::relative_rank(us, Rank::Fourth)
                    | Bitboard::relative_rank(us, Rank::Third);
                if double.contains(to) && !occ.contains(one) {
                    if let Some(two) = to.offset(0, 2 * back) {
                        if ours.contains(two) {
                            return Bitboard::from_square(two);
                        }
                    }
                }
                Bitboard::EMPTY
            }
        }
        Role::Knight => at::knight_attacks(to) & ours,
        Role::Bishop => at::bishop_attacks(to, occ) & ours,
        Role::Rook => at::rook_attacks(to, occ) & ours,
        Role::Queen => at::queen_attacks(to, occ) & ours,
        Role::King => at::king_attacks(to) & ours,
    }
}
