//! Boards that are no legal position: what a [`Setup`] means when it has no king, several
//! kings, extra pieces, pawns on a back rank or rights that cannot be right, as python-chess
//! defines it (its `Board` works on any placement, and chess.js's on most). The one place
//! where these rules live: the doors (Python, WebAssembly) call them, and movegen's
//! `loose` generator asks them.
//!
//! The king of a side is its king on the highest square ([`Setup::main_king`]): the one
//! python-chess's `king()` answers. Checks, pins and slider blockers are about that king.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, File, Move, Rank, Role, Square};

use crate::setup::Setup;

/// The problems of a setup as python-chess's `status()` flags (the same bit values, so
/// that a door hands the number over as it is).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Status(pub u32);

impl Status {
    /// No problem.
    pub const VALID: Status = Status(0);
    /// White has no king.
    pub const NO_WHITE_KING: Status = Status(1);
    /// Black has no king.
    pub const NO_BLACK_KING: Status = Status(2);
    /// More than two kings on the board.
    pub const TOO_MANY_KINGS: Status = Status(4);
    /// More than eight white pawns.
    pub const TOO_MANY_WHITE_PAWNS: Status = Status(8);
    /// More than eight black pawns.
    pub const TOO_MANY_BLACK_PAWNS: Status = Status(16);
    /// A pawn on the first or eighth rank.
    pub const PAWNS_ON_BACKRANK: Status = Status(32);
    /// More than sixteen white pieces.
    pub const TOO_MANY_WHITE_PIECES: Status = Status(64);
    /// More than sixteen black pieces.
    pub const TOO_MANY_BLACK_PIECES: Status = Status(128);
    /// Castling rights that [`Setup::clean_castling_rights`] would drop.
    pub const BAD_CASTLING_RIGHTS: Status = Status(256);
    /// An en-passant square no double push could have left ([`Setup::valid_ep_square`]).
    pub const INVALID_EP_SQUARE: Status = Status(512);
    /// The side not to move is in check.
    pub const OPPOSITE_CHECK: Status = Status(1024);
    /// No piece at all.
    pub const EMPTY: Status = Status(2048);
    /// Racing kings: a king in check.
    pub const RACE_CHECK: Status = Status(4096);
    /// Racing kings: the race is over.
    pub const RACE_OVER: Status = Status(8192);
    /// Racing kings: material the variant does not allow.
    pub const RACE_MATERIAL: Status = Status(16384);
    /// More than two checkers.
    pub const TOO_MANY_CHECKERS: Status = Status(32768);
    /// Checkers that no last move could have given together.
    pub const IMPOSSIBLE_CHECK: Status = Status(65536);

    /// Whether every flag of `other` is set here.
    #[must_use]
    pub const fn contains(self, other: Status) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether no flag is set.
    #[must_use]
    pub const fn is_valid(self) -> bool {
        self.0 == 0
    }
}

impl core::ops::BitOr for Status {
    type Output = Status;
    fn bitor(self, rhs: Status) -> Status {
        Status(self.0 | rhs.0)
    }
}

impl core::ops::BitOrAssign for Status {
    fn bitor_assign(&mut self, rhs: Status) {
        self.0 |= rhs.0;
    }
}

/// Why [`Setup::play_loose`] refused a move: it plays anything else.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no piece on {0} to move")]
pub struct EmptyOrigin(pub Square);

/// The back rank of `color`.
const fn home_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}

impl Setup {
    /// The king of `color` that checks and pins are about: of its kings not marked
    /// promoted, the one on the highest square (`None` when it has none).
    #[must_use]
    pub fn main_king(&self, color: Color) -> Option<Square> {
        (self.board.by_piece(Role::King.of(color)) - self.promoted).msb()
    }

    /// The castling rights that can be right on this placement: a rook of the colour on its
    /// back rank, its unpromoted king there too; in standard chess the rook in a corner and
    /// the king on the e-file; in Chess960 only the outermost rook on each side of the king.
    pub fn clean_castling_rights(&self, chess960: bool) -> Bitboard {
        let b = &self.board;
        let castling = self.castling_rights & b.by_role(Role::Rook);
        let mut clean = Bitboard::EMPTY;
        for color in Color::ALL {
            let rank = Bitboard::rank(home_rank(color));
            let rights = castling & rank & b.by_color(color);
            let kings = b.by_piece(Role::King.of(color)) - self.promoted;
            if !chess960 {
                let corners = rank & (Bitboard::file(File::A) | Bitboard::file(File::H));
                let e = Square::from_coords(File::E, home_rank(color));
                if kings.contains(e) {
                    clean |= rights & corners;
                }
                continue;
            }
            let Some(king) = (kings & rank).msb() else {
                continue;
            };
            if let Some(a) = rights.lsb().filter(|&a| a <= king) {
                clean.insert(a);
            }
            if let Some(h) = rights.msb().filter(|&h| h >= king) {
                clean.insert(h);
            }
        }
        clean
    }

    /// Whether `color` has a castling right among `rights` (the clean ones, or in a game the
    /// rights as played) on `side` of its king: a right whose
    /// rook lies beyond (king side) or before (queen side) the side's unpromoted kings on
    /// its back rank, compared as python-chess compares them (with several kings, against
    /// their mask as a number).
    #[must_use]
    pub fn has_castling_side(
        &self,
        color: Color,
        side: crate::CastlingSide,
        rights: Bitboard,
    ) -> bool {
        let back = Bitboard::rank(home_rank(color));
        let kings = (self.board.by_piece(Role::King.of(color)) - self.promoted) & back;
        if kings.is_empty() {
            return false;
        }
        (rights & back).into_iter().any(|rook| {
            let bit = Bitboard::from_square(rook).0;
            match side {
                crate::CastlingSide::KingSide => bit > kings.0,
                crate::CastlingSide::QueenSide => bit < kings.0,
            }
        })
    }

    /// Of `rights`, those a FEN of this board names: a side without a king has none written.
    pub fn written_castling_rights(&self, rights: Bitboard) -> Bitboard {
        Color::ALL
            .into_iter()
            .filter(|&c| self.main_king(c).is_some())
            .fold(Bitboard::EMPTY, |acc, c| {
                acc | (rights & Bitboard::rank(home_rank(c)))
            })
    }

    /// The en-passant square when a double push of the side not to move could have left
    /// it: on the sixth rank seen from the side to move, empty, with that side's pawn in
    /// front of it and the square behind it empty (`None` otherwise, and for `a1`, which
    /// python-chess reads as no square).
    #[must_use]
    pub fn valid_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square.filter(|&ep| ep != Square::A1)?;
        let b = &self.board;
        let dir = self.turn.fold(-1, 1);
        let ok = Bitboard::relative_rank(self.turn, Rank::Sixth).contains(ep)
            && !b.occupied().contains(ep)
            && ep
                .offset(0, dir)
                .is_some_and(|p| b.by_piece(Role::Pawn.of(self.turn.other())).contains(p))
            && ep
                .offset(0, -dir)
                .is_some_and(|o| !b.occupied().contains(o));
        ok.then_some(ep)
    }

    /// The pieces giving check to the side to move's [`Setup::main_king`].
    pub fn checkers(&self) -> Bitboard {
        self.main_king(self.turn).map_or(Bitboard::EMPTY, |k| {
            self.board
                .attackers_by(k, self.turn.other(), self.board.occupied())
        })
    }

    /// Whether the side not to move is in check.
    #[must_use]
    pub fn was_into_check(&self) -> bool {
        self.main_king(self.turn.other()).is_some_and(|k| {
            self.board
                .is_attacked_by(k, self.turn, self.board.occupied())
        })
    }

    /// The line along which the piece on `sq` is pinned to `color`'s king by an enemy
    /// slider (the whole line, edge to edge), or every square when it is not pinned (or
    /// `color` has no king).
    pub fn pin_mask(&self, color: Color, sq: Square) -> Bitboard {
        let all = Bitboard(u64::MAX);
        let Some(king) = self.main_king(color) else {
            return all;
        };
        let b = &self.board;
        let them = b.by_color(color.other());
        let snipers = ((at::rook_attacks(king, Bitboard::EMPTY) & b.rooks_and_queens())
            | (at::bishop_attacks(king, Bitboard::EMPTY) & b.bishops_and_queens()))
            & them;
        let sq_bb = Bitboard::from_square(sq);
        snipers
            .into_iter()
            .find(|&s| at::between(s, king) & (b.occupied() | sq_bb) == sq_bb)
            .map_or(all, |s| at::line(king, s))
    }

    /// `color`'s pieces that stand alone between `king` and an enemy slider aimed at it.
    pub fn slider_blockers(&self, king: Square, color: Color) -> Bitboard {
        let b = &self.board;
        let snipers = ((at::rook_attacks(king, Bitboard::EMPTY) & b.rooks_and_queens())
            | (at::bishop_attacks(king, Bitboard::EMPTY) & b.bishops_and_queens()))
            & b.by_color(color.other());
        let mut blockers = Bitboard::EMPTY;
        for s in snipers {
            let between = at::between(king, s) & b.occupied();
            if between.single_square().is_some() {
                blockers |= between;
            }
        }
        blockers & b.by_color(color)
    }

    /// Whether a piece of the side not to move attacks any square of `path`, with
    /// `occupied` as the blockers.
    #[must_use]
    pub fn path_attacked(&self, path: Bitboard, occupied: Bitboard) -> bool {
        path.into_iter()
            .any(|sq| self.board.is_attacked_by(sq, self.turn.other(), occupied))
    }

    /// What is wrong with this setup, python-chess's `status()` of a standard board
    /// (`chess960` as the board's flag: it decides which castling rights are clean).
    #[must_use]
    pub fn status(&self, chess960: bool) -> Status {
        self.status_with(chess960, false)
    }

    /// [`Setup::status`] of a board that moves have been played on: its rights are those
    /// the moves left, never flagged (python-chess's `clean_castling_rights` trusts them).
    #[must_use]
    pub fn status_in_game(&self, chess960: bool) -> Status {
        self.status_with(chess960, true)
    }

    fn status_with(&self, chess960: bool, in_game: bool) -> Status {
        let b = &self.board;
        let mut s = Status::VALID;
        if b.occupied().is_empty() {
            s |= Status::EMPTY;
        }
        let kings = b.kings();
        if (kings & b.by_color(Color::White)).is_empty() {
            s |= Status::NO_WHITE_KING;
        }
        if (kings & b.by_color(Color::Black)).is_empty() {
            s |= Status::NO_BLACK_KING;
        }
        if kings.count() > 2 {
            s |= Status::TOO_MANY_KINGS;
        }
        for (color, pieces, pawns) in [
            (
                Color::White,
                Status::TOO_MANY_WHITE_PIECES,
                Status::TOO_MANY_WHITE_PAWNS,
            ),
            (
                Color::Black,
                Status::TOO_MANY_BLACK_PIECES,
                Status::TOO_MANY_BLACK_PAWNS,
            ),
        ] {
            if b.by_color(color).count() > 16 {
                s |= pieces;
            }
            if b.by_piece(Role::Pawn.of(color)).count() > 8 {
                s |= pawns;
            }
        }
        if (b.pawns() & Bitboard::BACKRANKS).any() {
            s |= Status::PAWNS_ON_BACKRANK;
        }
        if !in_game && self.castling_rights != self.clean_castling_rights(chess960) {
            s |= Status::BAD_CASTLING_RIGHTS;
        }
        let valid_ep = self.valid_ep_square();
        if self.ep_square != valid_ep {
            s |= Status::INVALID_EP_SQUARE;
        }
        if self.was_into_check() {
            s |= Status::OPPOSITE_CHECK;
        }
        s | self.check_status(valid_ep)
    }

    /// The flags about the checks the side to move is in.
    fn check_status(&self, valid_ep: Option<Square>) -> Status {
        let checkers = self.checkers();
        let (Some(first), Some(last)) = (checkers.lsb(), checkers.msb()) else {
            return Status::VALID;
        };
        let mut s = Status::VALID;
        let count = checkers.count();
        if count > 2 {
            s |= Status::TOO_MANY_CHECKERS;
        }
        let b = &self.board;
        let our_kings = b.by_piece(Role::King.of(self.turn)) - self.promoted;
        let impossible = match valid_ep {
            Some(ep) => {
                // The pawn that made the double push, and the square it came from.
                let dir = self.turn.fold(-1, 1);
                let (Some(pushed_to), Some(pushed_from)) = (ep.offset(0, dir), ep.offset(0, -dir))
                else {
                    return s;
                };
                let before = b.occupied().without(pushed_to).with(pushed_from);
                count > 1 || (last != pushed_to && self.path_attacked(our_kings, before))
            }
            None => count > 2 || (count == 2 && (at::line(first, last) & our_kings).any()),
        };
        if impossible {
            s |= Status::IMPOSSIBLE_CHECK;
        }
        s
    }

    /// Plays `m` on any placement as python-chess's `push` does, without asking whether
    /// it is legal, and returns the move as python-chess's move stack keeps it (castling
    /// as `e1g1` in standard chess, king-takes-rook in Chess960). The null move passes the
    /// turn; a drop puts the piece; a king moving two files from its home square in
    /// standard chess, or onto a piece of its own, castles (king to the c- or g-file, rook
    /// beside it); a pawn's diagonal step onto the en-passant square takes en passant; the
    /// rights are cleaned first ([`Setup::clean_castling_rights`]), then lose the squares
    /// the move touches and, when a king moves or is taken on its back rank, that side's.
    /// `m` may be of any kind ([`chessbits_bitboard_core::MoveKind`]); only its squares, promotion and drop are
    /// read. Refused, with the setup unchanged, only when no piece stands on the origin.
    /// Pieces are not marked promoted (a standard board's FEN has no such mark).
    pub fn play_loose(&mut self, m: Move, chess960: bool) -> Result<Move, EmptyOrigin> {
        self.play_loose_with(m, chess960, false)
    }

    /// [`Setup::play_loose`] on a board that moves have been played on: the rights are
    /// taken as the moves left them, not cleaned first (as python-chess does).
    pub fn play_loose_in_game(&mut self, m: Move, chess960: bool) -> Result<Move, EmptyOrigin> {
        self.play_loose_with(m, chess960, true)
    }

    fn play_loose_with(
        &mut self,
        m: Move,
        chess960: bool,
        in_game: bool,
    ) -> Result<Move, EmptyOrigin> {
        let us = self.turn;
        let drop = m.drop_role_of();
        let piece = if m.is_null() || drop.is_some() {
            None
        } else {
            Some(self.board.piece_at(m.from()).ok_or(EmptyOrigin(m.from()))?)
        };
        let (from, mut to) = (m.from(), m.to());
        // A standard castling move (`e1g1`) is king-takes-rook (`e1h1`) from here on.
        if let (Some(_), Some(rook)) = (piece, self.rook_of_standard_castle(from, to)) {
            to = rook;
        }
        let written = match (piece, m.promotion()) {
            (None, _) => m,
            (Some(_), Some(role)) => Move::promote(from, to, role),
            (Some(_), None) if !chess960 && self.board.kings().contains(from) => {
                match self.standard_castle_of_rook(from, to) {
                    Some(king_to) => Move::normal(from, king_to),
                    None => Move::normal(from, to),
                }
            }
            (Some(_), None) => Move::normal(from, to),
        };
        if !in_game {
            self.castling_rights = self.clean_castling_rights(chess960);
        }
        let old_ep = self.ep_square.take();
        self.halfmoves += 1;
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = us.other();
        let Some(piece) = piece else {
            if let Some(role) = drop {
                self.board.put(to, role.of(us));
            }
            return Ok(written);
        };
        let b = &self.board;
        let touched = Bitboard::from_square(from) ^ Bitboard::from_square(to);
        if (touched & (b.pawns() | b.by_color(us.other()))).any() {
            self.halfmoves = 0;
        }
        let was_promoted = self.promoted.contains(from);
        self.board.discard(from);
        self.promoted = self.promoted.without(from).without(to);
        let captured = self.board.piece_at(to);
        self.castling_rights -= touched;
        if piece.role == Role::King && !was_promoted {
            self.castling_rights -= Bitboard::rank(home_rank(us));
        } else if captured.is_some_and(|c| c.role == Role::King)
            && to.rank() == home_rank(us.other())
        {
            self.castling_rights -= Bitboard::rank(home_rank(us.other()));
        }
        if piece.role == Role::Pawn {
            let diff = to.index() as i32 - from.index() as i32;
            if diff == 16 && from.rank() == Rank::Second {
                self.ep_square = from.offset(0, 1);
            } else if diff == -16 && from.rank() == Rank::Seventh {
                self.ep_square = from.offset(0, -1);
            } else if Some(to) == old_ep && matches!(diff.abs(), 7 | 9) && captured.is_none() {
                if let Some(victim) = to.offset(0, us.fold(-1, 1)) {
                    self.board.discard(victim);
                }
            }
        }
        let role = m.promotion().unwrap_or(piece.role);
        if role == Role::King && captured.is_some_and(|c| c.color == us) {
            let rank = home_rank(us);
            let (king_file, rook_file) = if to.file() < from.file() {
                (File::C, File::D)
            } else {
                (File::G, File::F)
            };
            self.board.discard(to);
            self.board
                .put(Square::from_coords(king_file, rank), Role::King.of(us));
            self.board
                .put(Square::from_coords(rook_file, rank), Role::Rook.of(us));
        } else {
            self.board.put(to, role.of(us));
        }
        Ok(written)
    }

    /// The king's destination in standard notation (`g1` for `e1h1`) of a king on `e1` or
    /// `e8` taking the corner square `to`.
    fn standard_castle_of_rook(&self, from: Square, to: Square) -> Option<Square> {
        let rank = from.rank();
        if from.file() != File::E || !(rank == Rank::First || rank == Rank::Eighth) {
            return None;
        }
        if to == Square::from_coords(File::H, rank) {
            Some(Square::from_coords(File::G, rank))
        } else if to == Square::from_coords(File::A, rank) {
            Some(Square::from_coords(File::C, rank))
        } else {
            None
        }
    }

    /// The rook a king move from `e1`/`e8` to `g`/`c` stands for in standard notation,
    /// when no rook stands on the king's destination.
    fn rook_of_standard_castle(&self, from: Square, to: Square) -> Option<Square> {
        let rank = from.rank();
        let b = &self.board;
        if from.file() != File::E
            || !(rank == Rank::First || rank == Rank::Eighth)
            || !b.kings().contains(from)
            || to.rank() != rank
            || b.by_role(Role::Rook).contains(to)
        {
            return None;
        }
        match to.file() {
            File::G => Some(Square::from_coords(File::H, rank)),
            File::C => Some(Square::from_coords(File::A, rank)),
            _ => None,
        }
    }
}
