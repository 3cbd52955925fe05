//! Moves of boards that are no legal position (no king, several kings, extra pieces, pawns
//! on a back rank), as python-chess generates them: pseudo-legal moves of every piece of
//! the side to move, and legal moves as those that leave the side's main king
//! ([`Setup::main_king`]) unattacked (every pseudo-legal move when it has none). The
//! standard generator (`gen.rs`) stays for positions; on a legal position both give the
//! same moves. Moves come as typed [`Move`]s: castling king-takes-rook, en passant marked.
//!
//! The order is python-chess's: pieces from the highest square down, then castling, pawn
//! captures, single and double pushes, en passant.

use alloc::vec::Vec;

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, File, Move, MoveKind, Rank, Role, Square};
use chessbits_position::{CastlingSide, Setup};

use crate::san::candidates::SanPosition;
use crate::san::{San, SanError, SanMode, SanPlus, Suffix};

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// A setup with its castling mode: what python-chess's `Board` is when it is no position.
#[derive(Copy, Clone, Debug)]
pub struct Loose<'a> {
    /// The placement, turn, rights and en-passant square as given.
    pub setup: &'a Setup,
    /// Whether castling rights are Chess960's (any outermost rook) or standard (corners).
    pub chess960: bool,
    /// Whether moves have been played to reach this board: its castling rights are then
    /// taken as they are, else cleaned ([`Setup::clean_castling_rights`]), as python-chess
    /// does.
    pub in_game: bool,
}

fn rank_of(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}

fn push_to(out: &mut Vec<Move>, from: Square, to: Square) {
    if to.rank() == Rank::First || to.rank() == Rank::Eighth {
        out.extend(PROMOTIONS.iter().map(|&r| Move::promote(from, to, r)));
    } else {
        out.push(Move::normal(from, to));
    }
}

/// The squares of `set` from the highest down.
fn down(mut set: Bitboard) -> impl Iterator<Item = Square> {
    core::iter::from_fn(move || set.pop_msb())
}

impl Loose<'_> {
    /// The castling rights moves are generated with (see [`Loose::in_game`]).
    pub fn castling_rights(&self) -> Bitboard {
        if self.in_game {
            self.setup.castling_rights
        } else {
            self.setup.clean_castling_rights(self.chess960)
        }
    }

    fn ep(&self) -> Option<Square> {
        self.setup.ep_square.filter(|&ep| ep != Square::A1)
    }

    /// The squares the piece on `sq` attacks (empty for an empty square).
    pub fn attacks(&self, sq: Square) -> Bitboard {
        let b = &self.setup.board;
        b.piece_at(sq)
            .map_or(Bitboard::EMPTY, |p| at::attacks(p, sq, b.occupied()))
    }

    /// The pseudo-legal moves from `from` to `to` (python-chess's
    /// `generate_pseudo_legal_moves`): castling only where it is also legal.
    #[must_use]
    pub fn pseudo_legal_moves(&self, from: Bitboard, to: Bitboard) -> Vec<Move> {
        let mut out = Vec::new();
        self.pseudo_into(&mut out, from, to);
        out
    }

    fn pseudo_into(&self, out: &mut Vec<Move>, from: Bitboard, to: Bitboard) {
        let s = self.setup;
        let b = &s.board;
        let us = s.turn;
        let ours = b.by_color(us);
        for sq in down((ours - b.pawns()) & from) {
            for dest in down((self.attacks(sq) - ours) & to) {
                out.push(Move::normal(sq, dest));
            }
        }
        if (from & b.kings()).any() {
            self.castling_into(out, from, to);
        }
        let pawns = b.by_piece(Role::Pawn.of(us)) & from;
        if pawns.is_empty() {
            return;
        }
        for sq in down(pawns) {
            for dest in down(at::pawn_attacks(us, sq) & b.by_color(us.other()) & to) {
                push_to(out, sq, dest);
            }
        }
        let empty = !b.occupied();
        let (single, double) = match us {
            Color::White => {
                let single = Bitboard(pawns.0 << 8) & empty;
                let double = Bitboard(single.0 << 8)
                    & empty
                    & (Bitboard::rank(Rank::Third) | Bitboard::rank(Rank::Fourth));
                (single, double)
            }
            Color::Black => {
                let single = Bitboard(pawns.0 >> 8) & empty;
                let double = Bitboard(single.0 >> 8)
                    & empty
                    & (Bitboard::rank(Rank::Sixth) | Bitboard::rank(Rank::Fifth));
                (single, double)
            }
        };
        let back = us.fold(-1, 1);
        for dest in down(single & to) {
            if let Some(origin) = dest.offset(0, back) {
                push_to(out, origin, dest);
            }
        }
        for dest in down(double & to) {
            if let Some(origin) = dest.offset(0, 2 * back) {
                out.push(Move::normal(origin, dest));
            }
        }
        self.ep_into(out, from, to);
    }

    /// The pseudo-legal en-passant captures (python-chess's `generate_pseudo_legal_ep`).
    #[must_use]
    pub fn pseudo_legal_ep(&self, from: Bitboard, to: Bitboard) -> Vec<Move> {
        let mut out = Vec::new();
        self.ep_into(&mut out, from, to);
        out
    }

    fn ep_into(&self, out: &mut Vec<Move>, from: Bitboard, to: Bitboard) {
        let s = self.setup;
        let b = &s.board;
        let Some(ep) = self
            .ep()
            .filter(|&ep| to.contains(ep) && !b.occupied().contains(ep))
        else {
            return;
        };
        let rank = Bitboard::relative_rank(s.turn, Rank::Fifth);
        let capturers =
            b.by_piece(Role::Pawn.of(s.turn)) & from & at::pawn_attacks(s.turn.other(), ep) & rank;
        for sq in down(capturers) {
            out.push(Move::en_passant(sq, ep));
        }
    }

    /// The castling moves, which are legal when generated (python-chess's
    /// `generate_castling_moves`): the side's lowest unpromoted king on its back rank, and
    /// each clean right whose king and rook paths are free and whose king passes no
    /// attacked square.
    #[must_use]
    pub fn castling_moves(&self, from: Bitboard, to: Bitboard) -> Vec<Move> {
        let mut out = Vec::new();
        self.castling_into(&mut out, from, to);
        out
    }

    fn castling_into(&self, out: &mut Vec<Move>, from: Bitboard, to: Bitboard) {
        let s = self.setup;
        let b = &s.board;
        let rank = rank_of(s.turn);
        let back = Bitboard::rank(rank);
        let Some(king) = ((b.by_piece(Role::King.of(s.turn)) - s.promoted) & back & from).lsb()
        else {
            return;
        };
        let occ = b.occupied();
        for rook in down(self.castling_rights() & back & to) {
            let (king_to, rook_to) = if rook < king {
                (
                    Square::from_coords(File::C, rank),
                    Square::from_coords(File::D, rank),
                )
            } else {
                (
                    Square::from_coords(File::G, rank),
                    Square::from_coords(File::F, rank),
                )
            };
            let king_path = at::between(king, king_to);
            let rook_path = at::between(rook, rook_to);
            let (kb, rb, rtb) = (
                Bitboard::from_square(king),
                Bitboard::from_square(rook),
                Bitboard::from_square(rook_to),
            );
            let others = Bitboard(occ.0 ^ kb.0 ^ rb.0);
            let needed = king_path | rook_path | Bitboard::from_square(king_to) | rtb;
            if (others & needed).any()
                || s.path_attacked(king_path | kb, Bitboard(occ.0 ^ kb.0))
                || s.path_attacked(
                    Bitboard::from_square(king_to),
                    Bitboard(occ.0 ^ kb.0 ^ rb.0 ^ rtb.0),
                )
            {
                continue;
            }
            out.push(Move::castle(king, rook));
        }
    }

    /// The legal moves from `from` to `to` (python-chess's `generate_legal_moves`).
    #[must_use]
    pub fn legal_moves(&self, from: Bitboard, to: Bitboard) -> Vec<Move> {
        let s = self.setup;
        let b = &s.board;
        let mut out = Vec::new();
        let Some(king) = b.by_piece(Role::King.of(s.turn)).msb() else {
            self.pseudo_into(&mut out, from, to);
            return out;
        };
        let blockers = s.slider_blockers(king, s.turn);
        let checkers = b.attackers_by(king, s.turn.other(), b.occupied());
        if checkers.any() {
            self.evasions_into(&mut out, king, checkers, from, to);
        } else {
            self.pseudo_into(&mut out, from, to);
        }
        out.retain(|&m| self.is_safe(king, blockers, m));
        out
    }

    /// The legal en-passant captures.
    #[must_use]
    pub fn legal_ep(&self, from: Bitboard, to: Bitboard) -> Vec<Move> {
        let mut out = self.pseudo_legal_ep(from, to);
        out.retain(|&m| !self.is_into_check(m));
        out
    }

    fn evasions_into(
        &self,
        out: &mut Vec<Move>,
        king: Square,
        checkers: Bitboard,
        from: Bitboard,
        to: Bitboard,
    ) {
        let b = &self.setup.board;
        let sliders = checkers & (b.bishops_and_queens() | b.rooks_and_queens());
        let mut attacked = Bitboard::EMPTY;
        for c in sliders {
            attacked |= at::line(king, c).without(c);
        }
        if from.contains(king) {
            let targets = (at::king_attacks(king) - b.by_color(self.setup.turn) - attacked) & to;
            for dest in down(targets) {
                out.push(Move::normal(king, dest));
            }
        }
        let Some(checker) = checkers.single_square() else {
            return;
        };
        let target = at::between(king, checker) | checkers;
        self.pseudo_into(out, from - b.kings(), target & to);
        if let Some(ep) = self.ep().filter(|&ep| !target.contains(ep)) {
            if ep.offset(0, self.setup.turn.fold(-1, 1)) == Some(checker) {
                self.ep_into(out, from, to);
            }
        }
    }

    /// Whether the side to move has the en-passant capture `m`'s shape: a pawn's diagonal
    /// step onto the empty en-passant square.
    fn is_en_passant_shape(&self, m: Move) -> bool {
        let b = &self.setup.board;
        self.setup.ep_square == Some(m.to())
            && b.pawns().contains(m.from())
            && matches!(m.to().index().abs_diff(m.from().index()), 7 | 9)
            && !b.occupied().contains(m.to())
    }

    fn is_safe(&self, king: Square, blockers: Bitboard, m: Move) -> bool {
        let s = self.setup;
        let b = &s.board;
        if m.from() == king {
            return m.is_castle() || !b.is_attacked_by(m.to(), s.turn.other(), b.occupied());
        }
        if m.is_en_passant() || self.is_en_passant_shape(m) {
            return s.pin_mask(s.turn, m.from()).contains(m.to()) && !self.ep_skewered(king, m);
        }
        // Castling by another king is judged by the square its move names.
        let to = self.written(m).to();
        !blockers.contains(m.from()) || at::line(m.from(), to).contains(king)
    }

    fn ep_skewered(&self, king: Square, m: Move) -> bool {
        let s = self.setup;
        let b = &s.board;
        let Some(ep) = s.ep_square else {
            return false;
        };
        let Some(last_double) = ep.offset(0, s.turn.fold(-1, 1)) else {
            return false;
        };
        let occ = b.occupied().without(last_double).without(m.from()).with(ep);
        let them = b.by_color(s.turn.other());
        let rank = Bitboard::rank(king.rank());
        (at::rook_attacks(king, occ) & rank & b.rooks_and_queens() & them).any()
            || (at::bishop_attacks(king, occ) & b.bishops_and_queens() & them).any()
    }

    /// The typed move a move in UCI form (from, to, promotion) stands for here: a king
    /// move onto a rook of its own, or two files along its rank, is castling (python-chess's
    /// `is_castling`; standard `e1g1` becomes `e1h1`); a pawn's diagonal step onto the
    /// empty en-passant square is en passant; drops and the null move are kept.
    #[must_use]
    pub fn typed(&self, m: Move) -> Move {
        if m.is_null() || m.is_drop() || m.is_promotion() {
            return m;
        }
        let s = self.setup;
        let b = &s.board;
        let (from, to) = (m.from(), m.to());
        if b.kings().contains(from) {
            if b.by_piece(Role::Rook.of(s.turn)).contains(to) {
                return Move::castle(from, to);
            }
            let rank = from.rank();
            let home = rank == Rank::First || rank == Rank::Eighth;
            if !self.chess960 && home && from.file() == File::E && to.rank() == rank {
                match to.file() {
                    File::G => return Move::castle(from, Square::from_coords(File::H, rank)),
                    File::C => return Move::castle(from, Square::from_coords(File::A, rank)),
                    _ => {}
                }
            }
            return Move::normal(from, to);
        }
        if self.is_en_passant_shape(m) {
            return Move::en_passant(from, to);
        }
        m
    }

    /// `m` as python-chess writes it (the inverse of [`Loose::typed`]): castling as the
    /// king's move to the c- or g-file when standard chess castles from the e-file, else
    /// king-takes-rook; en passant as a plain pawn move.
    #[must_use]
    pub fn written(&self, m: Move) -> Move {
        match m.kind() {
            MoveKind::Castle => {
                let (from, to) = (m.from(), m.to());
                let rank = from.rank();
                let corner = to.rank() == rank && matches!(to.file(), File::A | File::H);
                let home = rank == Rank::First || rank == Rank::Eighth;
                if !self.chess960 && home && from.file() == File::E && corner {
                    Move::normal(from, m.king_to())
                } else {
                    Move::normal(from, to)
                }
            }
            MoveKind::EnPassant => Move::normal(m.from(), m.to()),
            _ => m,
        }
    }

    /// Whether `m` (typed or in UCI form) is pseudo-legal here: python-chess's
    /// `is_pseudo_legal` (never the null move or a drop; castling as generated for the
    /// side's lowest king on its back rank).
    #[must_use]
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        let m = self.typed(m);
        if m.is_null() || m.is_drop() {
            return false;
        }
        let all = Bitboard(u64::MAX);
        if m.is_castle() {
            return self.castling_moves(all, all).contains(&m);
        }
        let (from, to) = (
            Bitboard::from_square(m.from()),
            Bitboard::from_square(m.to()),
        );
        let mut out = Vec::new();
        self.pseudo_into(&mut out, from, to);
        out.contains(&m)
    }

    /// Whether `m` is legal here: python-chess's `is_legal` (pseudo-legal, and not into
    /// check).
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.is_pseudo_legal(m) && !self.is_into_check(m)
    }

    /// Whether the pseudo-legal `m` leaves the side's main king attacked (python-chess's
    /// `is_into_check`; false when the side has no king).
    #[must_use]
    pub fn is_into_check(&self, m: Move) -> bool {
        let m = self.typed(m);
        let s = self.setup;
        let Some(king) = s.main_king(s.turn) else {
            return false;
        };
        let b = &s.board;
        let checkers = b.attackers_by(king, s.turn.other(), b.occupied());
        if checkers.any() {
            let (from, to) = (
                Bitboard::from_square(m.from()),
                Bitboard::from_square(m.to()),
            );
            let mut evasions = Vec::new();
            self.evasions_into(&mut evasions, king, checkers, from, to);
            if !evasions.contains(&m) {
                return true;
            }
        }
        !self.is_safe(king, s.slider_blockers(king, s.turn), m)
    }

    /// Whether `m` is a capture (of an enemy piece, or en passant).
    #[must_use]
    pub fn is_capture(&self, m: Move) -> bool {
        let m = self.typed(m);
        m.is_en_passant()
            || (!m.is_castle()
                && !m.is_drop()
                && self
                    .setup
                    .board
                    .by_color(self.setup.turn.other())
                    .contains(m.to()))
    }

    /// The SAN of `m` (one of the legal moves here, typed or in UCI form) as python-chess
    /// writes it on any board, by the crate's one encoder: disambiguated among the legal
    /// moves of other pieces of its role (kings too), with `+` when the side then to move
    /// has its main king attacked and `#` when it then has no legal move either.
    #[must_use]
    pub fn san_plus(&self, m: Move) -> SanPlus {
        let m = self.typed(m);
        let san = crate::san::encode::encode(self, m);
        let mut after = self.setup.clone();
        let played = if self.in_game {
            after.play_loose_in_game(self.written(m), self.chess960)
        } else {
            after.play_loose(self.written(m), self.chess960)
        };
        let suffix = if played.is_err() || after.checkers().is_empty() {
            None
        } else {
            let next = Loose {
                setup: &after,
                chess960: self.chess960,
                in_game: true,
            };
            let all = Bitboard(u64::MAX);
            Some(if next.legal_moves(all, all).is_empty() {
                Suffix::Checkmate
            } else {
                Suffix::Check
            })
        };
        SanPlus { san, suffix }
    }

    /// The SAN of any move as python-chess writes it, legal or not (its `san` checks no
    /// legality): as [`Loose::san_plus`], but a king's move of two or more files is
    /// castling too (python-chess's `is_castling`), and castling is `O-O-O` when the king's
    /// target file is below its own (`O-O` otherwise, a rook on the king's file included);
    /// a move of a piece of the side not to move is a capture (python-chess's
    /// `is_capture`: the origin or the target holds a piece of that side); the suffix is
    /// found on the board after the move is played as python-chess pushes it.
    #[must_use]
    pub fn san_plus_any(&self, m: Move) -> SanPlus {
        let m = self.typed(m);
        let mut plus = self.san_plus(m);
        let (from, to) = (m.from(), m.to());
        let theirs = self.setup.board.by_color(self.setup.turn.other());
        if let San::Normal {
            role,
            ref mut file,
            ref mut capture,
            ..
        } = plus.san
        {
            if theirs.contains(from) {
                *capture = true;
                if role == Role::Pawn {
                    *file = Some(from.file());
                }
            }
        }
        let king = self.setup.board.kings().contains(from);
        let far = (from.file() as i32 - to.file() as i32).abs() > 1;
        if king && !m.is_null() && (m.is_castle() || far) {
            plus.san = San::Castle(if to.file() < from.file() {
                CastlingSide::QueenSide
            } else {
                CastlingSide::KingSide
            });
        }
        plus
    }

    /// The one legal move `san` names here (python-chess's `parse_san` on any board), typed,
    /// by the crate's one decoder; or why there is none.
    pub fn san_to_move(&self, san: &San, mode: SanMode) -> Result<Move, SanError> {
        crate::san::decode::decode(san, self, mode)
    }

    /// The kind of `m` once typed (a convenience for the doors' tests).
    #[must_use]
    pub fn kind(&self, m: Move) -> MoveKind {
        self.typed(m).kind()
    }
}

/// SAN on a board that is no position goes through the crate's one decoder and encoder;
/// legality is python-chess's (each candidate asked of [`Loose::is_legal`]).
impl SanPosition for Loose<'_> {
    type Legality = ();
    const ONE_KING: bool = false;

    fn by_color(&self, color: Color) -> Bitboard {
        self.setup.board.by_color(color)
    }

    fn by_piece(&self, role: Role, color: Color) -> Bitboard {
        self.setup.board.by_piece(role.of(color))
    }

    fn role_at(&self, sq: Square) -> Option<Role> {
        self.setup.board.role_at(sq)
    }

    fn turn(&self) -> Color {
        self.setup.turn
    }

    fn ep_square(&self) -> Option<Square> {
        self.ep()
    }

    fn is_check(&self) -> bool {
        self.setup.checkers().any()
    }

    fn legality(&self) {}

    fn allows(&self, _legality: &(), _role: Role, m: Move) -> bool {
        self.is_legal(m)
    }

    fn castle(&self, side: CastlingSide) -> Option<Move> {
        let all = Bitboard(u64::MAX);
        let mut found = self.castling_moves(all, all).into_iter().filter(|m| {
            let king_side = m.to().file() > m.from().file();
            king_side == (side == CastlingSide::KingSide) && !self.is_into_check(*m)
        });
        let m = found.next()?;
        found.next().is_none().then_some(m)
    }

    fn drop_move(&self, _role: Role, _to: Square) -> Option<Move> {
        None
    }

    fn coordinates(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, SanError> {
        crate::san::candidates::by_coordinates(self, from, to, promotion, |raw| {
            self.is_legal(raw).then(|| self.typed(raw))
        })
    }
}
