//! The replayer as the crate's SAN decoder and encoder see a position (a
//! [`SanPosition`], as a `Position` and a variant position are), for what its own fast
//! paths leave: a move written in another shape, a SAN to word with a disambiguation; and
//! as the move generator sees one (a [`Source`]), for castling and the mate test.

use chessbits_bitboard_core::{Bitboard, Color, Move, Role, Square};
use chessbits_position::{CastlingSide, Pieces};

use super::SanReplayer;
use crate::gen::Source;
use crate::san::candidates::SanPosition;
use crate::san::{San, SanError, SanMode};

impl SanReplayer {
    /// The one legal move `san` means here, as [`San::to_move`] finds it in lenient mode:
    /// the same decoder; `None` for anything else (illegal, ambiguous, null and coordinate
    /// moves).
    pub(super) fn decode(&self, san: &San) -> Option<Move> {
        if *san == San::Null {
            return None;
        }
        crate::san::decode::decode(san, self, SanMode::Lenient).ok()
    }

    /// The canonical SAN of the legal move `m` (the one encoder).
    pub(super) fn encode(&self, m: Move) -> San {
        crate::san::encode::encode(self, m)
    }
}

impl SanPosition for SanReplayer {
    type Legality = ();
    const ONE_KING: bool = true;

    #[inline]
    fn by_color(&self, color: Color) -> Bitboard {
        self.pieces.by_color(color)
    }

    #[inline]
    fn by_piece(&self, role: Role, color: Color) -> Bitboard {
        self.pieces.by_piece(role.of(color))
    }

    #[inline]
    fn role_at(&self, sq: Square) -> Option<Role> {
        self.pieces.role_at(sq)
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    fn is_check(&self) -> bool {
        self.king()
            .is_some_and(|k| self.attacked(k, self.occupied(), Bitboard::EMPTY))
    }

    fn legality(&self) {}

    /// Whether the move leaves the own king unattacked.
    #[inline]
    fn allows(&self, _legality: &(), role: Role, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let occ = self.occupied();
        if role == Role::King {
            return !self.attacked(to, occ - from, Bitboard::from_square(to));
        }
        let Some(king) = self.king() else {
            return false;
        };
        let captured = if m.is_en_passant() { m.ep_victim() } else { to };
        let gone = Bitboard::from_square(captured);
        !self.attacked(king, ((occ - from) | to) - (gone - to), gone)
    }

    fn castle(&self, side: CastlingSide) -> Option<Move> {
        SanReplayer::castle(self, side)
    }

    fn drop_move(&self, _role: Role, _to: Square) -> Option<Move> {
        None
    }

    fn coordinates(
        &self,
        _from: Square,
        _to: Square,
        _promotion: Option<Role>,
    ) -> Result<Move, SanError> {
        // Left to the full replay, which words what it finds.
        Err(SanError::Illegal)
    }
}

impl Source for SanReplayer {
    #[inline(always)]
    fn pieces(&self) -> &Pieces {
        &self.pieces
    }

    #[inline(always)]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline(always)]
    fn our_king(&self) -> Square {
        Square::new_masked((self.role(Role::King) & self.ours()).0.trailing_zeros())
    }

    /// The square a pawn passed over on the last move, if any: one of ours can take there
    /// only if the pawn that passed stands beside it, and the generator finds which.
    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// The rooks that keep their right with nothing between them and the king: position's
    /// rule ([`Castles::rooks_to_castle`](chessbits_position::Castles::rooks_to_castle)).
    #[inline(always)]
    fn castling_rooks(&self, occ: Bitboard) -> [Option<Square>; 2] {
        self.castles.rooks_to_castle(self.turn, occ)
    }
}
