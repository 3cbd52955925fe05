//! [`Board`]: where the pieces stand, as bitboards by colour and role plus a mailbox.

use core::fmt;

use chessbits_attack_tables::{self as at, OccupancyState, SlidingAttacks};
use chessbits_bitboard_core::{Bitboard, Color, File, Move, MoveKind, Piece, Rank, Role, Square};

/// Piece placement as bitboards only: one per colour, one per role, and their union. What
/// the move generator and the attack tests read, and all a board that never asks "what
/// stands on this square" needs (movegen's `SanReplayer` replays games on one). A [`Board`]
/// is a `Pieces` and a mailbox, and derefs to its `Pieces`.
///
/// The invariants (`by_color` disjoint, `by_role` disjoint, both unions equal `occupied`)
/// hold after every method.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct Pieces {
    by_color: [Bitboard; 2],
    /// By [`Role`], then two slots that stay empty: slot 6 is where a board's make and
    /// unmake send the "capture" of an empty square ([`NO_PIECE`] `>> 1`), so they need no
    /// branch for it.
    by_role: [Bitboard; 8],
    occupied: Bitboard,
}

/// Piece placement: the [`Pieces`] (bitboards by colour and role, their union), which it
/// derefs to, and a 64-entry mailbox for constant-time "what stands on this square". Knows
/// nothing of whose turn it is.
///
/// The invariants (`by_color` disjoint, `by_role` disjoint, both unions equal `occupied`,
/// mailbox agreeing with the bitboards) hold after every method; [`Board::is_consistent`]
/// checks them.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    pieces: Pieces,
    /// [`Piece::index`] of the piece on each square, or [`NO_PIECE`]: one byte a square,
    /// and a code that indexes tables directly (the Zobrist keys have an all-zero row for
    /// `NO_PIECE`, so make hashes a capture and a quiet move alike).
    mailbox: [u8; 64],
}

impl core::ops::Deref for Board {
    type Target = Pieces;

    #[inline(always)]
    fn deref(&self) -> &Pieces {
        &self.pieces
    }
}

/// The pieces that could attack a square, by how they move, and which of them count
/// (`them`: the attacking side's, less any piece just captured): what
/// [`Pieces::is_attacked_by_except`] asks, for [`Pieces`] or for bare bitboards (movegen's
/// `SanReplayer`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Attackers {
    /// The pieces that count; the others below are left out.
    pub them: Bitboard,
    /// The pawns.
    pub pawns: Bitboard,
    /// The knights.
    pub knights: Bitboard,
    /// The bishops and queens.
    pub diagonal: Bitboard,
    /// The rooks and queens.
    pub orthogonal: Bitboard,
    /// The kings.
    pub kings: Bitboard,
}

impl Attackers {
    /// Whether any of these pieces, of colour `color`, attacks `sq` with `occupied` as the
    /// blockers. The leapers first, then each slider standing on a line through `sq`,
    /// checked for blockers with [`at::between`] ([`Attackers::sliders_reaching`]): no
    /// slider lookup, whose tables are seldom in the cache when one or two squares are
    /// asked about (the replay of a game's SAN measured faster this way).
    ///
    /// ```
    /// use chessbits_bitboard_core::{Bitboard, Color, Square};
    /// use chessbits_position::Attackers;
    ///
    /// let a1 = Bitboard::from_square(Square::A1);
    /// let rook = Attackers { them: a1, orthogonal: a1, ..Attackers::default() };
    /// assert!(rook.reach(Square::A8, Color::White, Bitboard::from_square(Square::A1)));
    /// let blocked = Bitboard::from_square(Square::A1) | Square::A4;
    /// assert!(!rook.reach(Square::A8, Color::White, blocked));
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn reach(&self, sq: Square, color: Color, occupied: Bitboard) -> bool {
        let leapers = (at::knight_attacks(sq) & self.knights)
            | (at::king_attacks(sq) & self.kings)
            | (at::pawn_attacks(color.other(), sq) & self.pawns);
        if (leapers & self.them).any() {
            return true;
        }
        let [orthogonal, diagonal] = LINES[sq as usize];
        let snipers = ((orthogonal & self.orthogonal) | (diagonal & self.diagonal)) & self.them;
        Attackers::sliders_reaching(sq, snipers, occupied).any()
    }

    /// The squares on the rank and file of `sq`, and those on its diagonals (not `sq`):
    /// where a rook or a bishop could attack it from on an empty board.
    #[inline(always)]
    pub fn lines(sq: Square) -> [Bitboard; 2] {
        LINES[sq as usize]
    }

    /// The pieces of `sliders` (each on a rank, file or diagonal through `sq`) with
    /// nothing of `occupied` between them and `sq`.
    #[inline(always)]
    pub fn sliders_reaching(sq: Square, sliders: Bitboard, occupied: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for s in sliders {
            if (at::between(sq, s) & occupied).is_empty() {
                out |= s;
            }
        }
        out
    }
}

/// Per square: the squares on its rank and file, and those on its diagonals (not the
/// square itself) (a table: the diagonals computed on the fly cost two unpredictable
/// branches).
static LINES: [[Bitboard; 2]; 64] = {
    let mut t = [[Bitboard::EMPTY; 2]; 64];
    let mut k = 0;
    while k < 64 {
        let sq = Square::ALL[k];
        t[k][0] = Bitboard(Bitboard::file(sq.file()).0 ^ Bitboard::rank(sq.rank()).0);
        t[k][1] = Bitboard(Bitboard::diagonal(sq).0 ^ Bitboard::anti_diagonal(sq).0);
        k += 1;
    }
    t
};

/// The mailbox code of an empty square (piece codes are `Piece::index`, 0 to 11).
pub(crate) const NO_PIECE: u8 = 12;

/// The piece of each mailbox code (codes 12 to 15: none).
const PIECE_OF_CODE: [Option<Piece>; 16] = {
    let mut table = [None; 16];
    let mut i = 0;
    while i < 12 {
        let color = if i & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        table[i] = Some(Role::ALL[i / 2].of(color));
        i += 1;
    }
    table
};

/// The piece of a mailbox code.
#[inline(always)]
pub(crate) const fn piece_of_code(code: u8) -> Option<Piece> {
    PIECE_OF_CODE[(code & 15) as usize]
}

/// The `by_role` slot of a mailbox code: its role, or the always-empty slot 6 for
/// `NO_PIECE`.
#[inline(always)]
const fn role_slot(code: u8) -> usize {
    ((code & 15) >> 1) as usize
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            pieces: Pieces::empty(),
            mailbox: [NO_PIECE; 64],
        }
    }

    /// The standard starting placement.
    #[must_use]
    pub fn standard() -> Board {
        Board::from_pieces(Pieces::standard())
    }

    /// The board of `pieces`, its mailbox filled in.
    #[must_use]
    pub fn from_pieces(pieces: Pieces) -> Board {
        let mut mailbox = [NO_PIECE; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in pieces.by_piece(role.of(color)) {
                    mailbox[sq as usize] = role.of(color).index() as u8;
                }
            }
        }
        Board { pieces, mailbox }
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of_code(self.mailbox[sq as usize])
    }

    /// The mailbox code of `sq`: [`Piece::index`] or [`NO_PIECE`].
    #[inline(always)]
    pub(crate) const fn code_at(&self, sq: Square) -> u8 {
        self.mailbox[sq as usize]
    }

    /// Make's normal move, without a branch: the piece coded `moved` (of `us`) goes from
    /// `from` to `to`, taking the piece coded `victim` there (`NO_PIECE` for none).
    #[inline(always)]
    pub(crate) fn play_normal(
        &mut self,
        from: Square,
        to: Square,
        moved: u8,
        victim: u8,
        us: Color,
    ) {
        let from_bb = Bitboard::from_square(from);
        let to_bb = Bitboard::from_square(to);
        // The victim leaves (for an empty square: slot 6, which stays empty, and a colour
        // that has nothing on `to`).
        self.pieces.by_role[role_slot(victim)] &= !to_bb;
        self.pieces.by_color[us.other() as usize] &= !to_bb;
        self.pieces.by_role[role_slot(moved)] ^= from_bb | to_bb;
        self.pieces.by_color[us as usize] ^= from_bb | to_bb;
        self.pieces.occupied = (self.pieces.occupied ^ from_bb) | to_bb;
        self.mailbox[from as usize] = NO_PIECE;
        self.mailbox[to as usize] = moved;
    }

    /// Takes back [`Board::play_normal`]: the piece on `to` (of `us`) returns to `from`
    /// and the piece coded `captured` (`NO_PIECE` for none) reappears on `to`.
    #[inline(always)]
    pub(crate) fn unplay_normal(&mut self, from: Square, to: Square, captured: u8, us: Color) {
        let from_bb = Bitboard::from_square(from);
        let to_bb = Bitboard::from_square(to);
        let moved = self.mailbox[to as usize];
        self.pieces.by_role[role_slot(moved)] ^= from_bb | to_bb;
        self.pieces.by_color[us as usize] ^= from_bb | to_bb;
        let back = if captured == NO_PIECE {
            Bitboard::EMPTY
        } else {
            to_bb
        };
        self.pieces.by_role[role_slot(captured)] |= back;
        self.pieces.by_color[us.other() as usize] |= back;
        self.pieces.occupied = (self.pieces.occupied ^ from_bb ^ to_bb) | back;
        self.mailbox[from as usize] = moved;
        self.mailbox[to as usize] = captured;
    }

    /// Castling: [`Pieces::castle`] and the mailbox (with the squares swapped it takes
    /// itself back).
    #[inline(always)]
    pub(crate) fn castle(&mut self, us: Color, squares: [Square; 4]) {
        let [king, king_to, rook, rook_to] = squares;
        let (k, r) = (Role::King.of(us), Role::Rook.of(us));
        self.pieces.castle(us, king, king_to, rook, rook_to);
        self.mailbox[king as usize] = NO_PIECE;
        self.mailbox[rook as usize] = NO_PIECE;
        self.mailbox[king_to as usize] = k.index() as u8;
        self.mailbox[rook_to as usize] = r.index() as u8;
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.piece_at(sq).map(|p| p.role)
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.discard(sq);
        self.put_on_empty(sq, piece);
    }

    /// Removes and returns the piece on `sq`, if any.
    #[inline]
    pub fn discard(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.remove_piece(sq, piece);
        Some(piece)
    }

    /// Puts `piece` on `sq`, which must be empty (checked in debug builds).
    #[inline]
    pub(crate) fn put_on_empty(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.mailbox[sq as usize], NO_PIECE);
        self.pieces.by_color[piece.color as usize].insert(sq);
        self.pieces.by_role[piece.role as usize].insert(sq);
        self.pieces.occupied.insert(sq);
        self.mailbox[sq as usize] = piece.index() as u8;
    }

    /// Removes `piece`, which must stand on `sq` (checked in debug builds).
    #[inline]
    pub(crate) fn remove_piece(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.piece_at(sq), Some(piece));
        self.pieces.by_color[piece.color as usize].remove(sq);
        self.pieces.by_role[piece.role as usize].remove(sq);
        self.pieces.occupied.remove(sq);
        self.mailbox[sq as usize] = NO_PIECE;
    }

    /// Moves `piece` from `from` to the empty square `to`.
    #[inline]
    pub(crate) fn move_piece(&mut self, from: Square, to: Square, piece: Piece) {
        let both = Bitboard::from_square(from) | to;
        self.pieces.by_color[piece.color as usize] ^= both;
        self.pieces.by_role[piece.role as usize] ^= both;
        self.pieces.occupied ^= both;
        self.mailbox[from as usize] = NO_PIECE;
        self.mailbox[to as usize] = piece.index() as u8;
    }

    /// Checks the internal invariants (for tests and debug assertions).
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let colors_ok = (self.pieces.by_color[0] & self.pieces.by_color[1]).is_empty()
            && (self.pieces.by_color[0] | self.pieces.by_color[1]) == self.pieces.occupied;
        if (self.pieces.by_role[6] | self.pieces.by_role[7]).any() {
            return false;
        }
        let mut union = Bitboard::EMPTY;
        for (i, r) in self.pieces.by_role[..6].iter().enumerate() {
            if (union & *r).any() {
                return false;
            }
            union |= *r;
            for sq in *r {
                match self.piece_at(sq) {
                    Some(p) if p.role as usize == i && self.by_color(p.color).contains(sq) => {}
                    _ => return false,
                }
            }
        }
        colors_ok
            && union == self.pieces.occupied
            && Square::ALL.iter().all(|&sq| {
                let code = self.mailbox[sq as usize];
                code <= NO_PIECE && (code != NO_PIECE) == self.pieces.occupied.contains(sq)
            })
    }
}

impl Pieces {
    /// The standard starting placement.
    #[must_use]
    pub const fn standard() -> Pieces {
        const fn squares(list: &[Square]) -> Bitboard {
            let mut bits = 0;
            let mut i = 0;
            while i < list.len() {
                bits |= 1 << list[i] as u32;
                i += 1;
            }
            Bitboard(bits)
        }
        let white = Bitboard(0xffff);
        let black = Bitboard(0xffff << 48);
        let by_role = [
            Bitboard(0xff << 8 | 0xff << 48),
            squares(&[Square::B1, Square::G1, Square::B8, Square::G8]),
            squares(&[Square::C1, Square::F1, Square::C8, Square::F8]),
            squares(&[Square::A1, Square::H1, Square::A8, Square::H8]),
            squares(&[Square::D1, Square::D8]),
            squares(&[Square::E1, Square::E8]),
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        ];
        Pieces {
            by_color: [white, black],
            by_role,
            occupied: Bitboard(white.0 | black.0),
        }
    }

    /// No pieces.
    #[must_use]
    pub const fn empty() -> Pieces {
        Pieces {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 8],
            occupied: Bitboard::EMPTY,
        }
    }

    /// Toggles `piece` on each square of `squares`: puts it where the square is empty,
    /// takes it off where it stands. A move is a toggle of its piece on the two squares
    /// (after [`Pieces::clear`] of a capture's square); castling is a toggle of the king
    /// and one of the rook.
    #[inline(always)]
    pub fn toggle(&mut self, piece: Piece, squares: Bitboard) {
        self.by_color[piece.color as usize] ^= squares;
        self.by_role[piece.role as usize] ^= squares;
        self.occupied ^= squares;
    }

    /// Castling's update of the bitboards: `us`'s king goes from `king` to `king_to` and
    /// its rook from `rook` to `rook_to`, in one update for both (any of the four squares
    /// may coincide, as in Chess960). With the squares swapped it takes itself back.
    #[inline(always)]
    pub(crate) fn castle(
        &mut self,
        us: Color,
        king: Square,
        king_to: Square,
        rook: Square,
        rook_to: Square,
    ) {
        let leave = Bitboard::from_square(king) | rook;
        let land = Bitboard::from_square(king_to) | rook_to;
        self.by_color[us as usize] = (self.by_color[us as usize] - leave) | land;
        self.by_role[Role::King as usize] = (self.by_role[Role::King as usize] - king) | king_to;
        self.by_role[Role::Rook as usize] = (self.by_role[Role::Rook as usize] - rook) | rook_to;
        self.occupied = (self.occupied - leave) | land;
    }

    /// Plays `m`, a move of `us`'s piece of role `role` (the pawn's, for a promotion or en
    /// passant), on the bitboards: what a move does to the placement, the rule a
    /// [`Board`]'s make follows too. A normal move or a promotion takes whatever stands on
    /// `to`; en passant takes the pawn on [`Move::ep_victim`]; castling (king takes rook,
    /// standard or Chess960) moves the king to [`Move::king_to`] and the rook to
    /// [`Move::rook_to`]; a drop puts the dropped piece on `to`. Nothing is checked: `m`
    /// must be a legal move here (a pseudo-legal one leaves a placement no game reaches).
    ///
    /// ```
    /// use chessbits_bitboard_core::{Color, Move, Role, Square};
    /// use chessbits_position::Pieces;
    ///
    /// let mut pieces = Pieces::standard();
    /// pieces.play(Color::White, Role::Knight, Move::normal(Square::G1, Square::F3));
    /// assert_eq!(pieces.role_at(Square::F3), Some(Role::Knight));
    /// assert_eq!(pieces.role_at(Square::G1), None);
    /// ```
    #[inline(always)]
    pub fn play(&mut self, us: Color, role: Role, m: Move) {
        let (from, to) = (m.from(), m.to());
        let both = Bitboard::from_square(from) | to;
        match m.kind() {
            MoveKind::Normal => {
                self.take(to);
                self.toggle(role.of(us), both);
            }
            MoveKind::Promotion(promoted) => {
                self.take(to);
                self.toggle(Role::Pawn.of(us), Bitboard::from_square(from));
                self.toggle(promoted.of(us), Bitboard::from_square(to));
            }
            MoveKind::EnPassant => {
                self.toggle(Role::Pawn.of(us), both);
                self.toggle(
                    Role::Pawn.of(us.other()),
                    Bitboard::from_square(m.ep_victim()),
                );
            }
            MoveKind::Castle => {
                self.castle(us, from, m.king_to(), to, m.rook_to().unwrap_or(to));
            }
            MoveKind::Drop(dropped) => self.toggle(dropped.of(us), Bitboard::from_square(to)),
        }
    }

    /// [`Pieces::clear`] where something stands on `sq`.
    #[inline(always)]
    fn take(&mut self, sq: Square) {
        if self.occupied.contains(sq) {
            self.clear(sq);
        }
    }

    /// Takes whatever stands on `sq` off.
    #[inline(always)]
    pub fn clear(&mut self, sq: Square) {
        let keep = !Bitboard::from_square(sq);
        for b in &mut self.by_role {
            *b &= keep;
        }
        self.by_color[0] &= keep;
        self.by_color[1] &= keep;
        self.occupied &= keep;
    }

    /// The role of the piece on `sq`, if any, by looking through the bitboards (a
    /// [`Board`] reads its mailbox instead: [`Board::role_at`]).
    #[inline(always)]
    #[must_use]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|&r| self.by_role[r as usize].contains(sq))
    }

    /// All occupied squares.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of pieces of `role`, either colour.
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// The squares of `piece`.
    #[inline]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_color[piece.color as usize].0 & self.by_role[piece.role as usize].0)
    }

    /// Pawns of both colours.
    #[inline]
    pub const fn pawns(&self) -> Bitboard {
        self.by_role(Role::Pawn)
    }

    /// Knights of both colours.
    #[inline]
    pub const fn knights(&self) -> Bitboard {
        self.by_role(Role::Knight)
    }

    /// Kings of both colours.
    #[inline]
    pub const fn kings(&self) -> Bitboard {
        self.by_role(Role::King)
    }

    /// Bishops and queens (pieces that move diagonally), both colours.
    #[inline]
    pub const fn bishops_and_queens(&self) -> Bitboard {
        Bitboard(self.by_role[Role::Bishop as usize].0 | self.by_role[Role::Queen as usize].0)
    }

    /// Rooks and queens (pieces that move orthogonally), both colours.
    #[inline]
    pub const fn rooks_and_queens(&self) -> Bitboard {
        Bitboard(self.by_role[Role::Rook as usize].0 | self.by_role[Role::Queen as usize].0)
    }

    /// The square of `color`'s king, for a board known to have exactly one (a validated
    /// position's): the lowest such square, `a1` if there is none.
    #[inline(always)]
    pub(crate) fn king_square(&self, color: Color) -> Square {
        let kings = self.by_color[color as usize].0 & self.by_role[Role::King as usize].0;
        Square::new_masked(kings.trailing_zeros())
    }

    /// The king of `color`, if there is exactly one.
    #[inline]
    #[must_use]
    pub const fn king_of(&self, color: Color) -> Option<Square> {
        Bitboard(self.by_color[color as usize].0 & self.by_role[Role::King as usize].0)
            .single_square()
    }

    /// Whether `color` cannot checkmate by any sequence of legal moves, whatever the other
    /// side plays: no pawn, rook or queen, and either knights only when they are its one
    /// piece and the other side has nothing but a king and queens (nothing to selfmate
    /// against), or bishops all on one square colour when nobody has a pawn or a knight
    /// (the rule of python-chess's `has_insufficient_material`).
    #[must_use]
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color(color);
        if (ours & (self.pawns() | self.rooks_and_queens())).any() {
            return false;
        }
        if (ours & self.knights()).any() {
            let theirs = self.by_color(color.other());
            return ours.count() <= 2
                && (theirs - self.kings() - self.by_role(Role::Queen)).is_empty();
        }
        let bishops = self.by_role(Role::Bishop);
        if (ours & bishops).any() {
            let one_colour = bishops.is_subset(Bitboard::LIGHT_SQUARES)
                || bishops.is_subset(Bitboard::DARK_SQUARES);
            return one_colour && self.pawns().is_empty() && self.knights().is_empty();
        }
        true
    }

    /// The pieces of either colour that attack `sq`, with `occupied` as the blockers
    /// (the super-piece method: look every way out from `sq` and meet the pieces that move
    /// that way).
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        (at::DefaultMethod::rook(sq, occupied) & self.rooks_and_queens())
            | (at::DefaultMethod::bishop(sq, occupied) & self.bishops_and_queens())
            | (at::knight_attacks(sq) & self.knights())
            | (at::king_attacks(sq) & self.kings())
            | (at::pawn_attacks(Color::White, sq) & self.by_piece(Role::Pawn.of(Color::Black)))
            | (at::pawn_attacks(Color::Black, sq) & self.by_piece(Role::Pawn.of(Color::White)))
    }

    /// The pieces of `attacker` that attack `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_by(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        self.attackers_by_in::<at::DefaultMethod>(sq, attacker, &occupied)
    }

    /// [`Pieces::attackers_by`] with the slider attacks of the method `S`, from the occupancy
    /// as `S` keeps it (the move generator's form, generic over the method).
    #[inline(always)]
    pub fn attackers_by_in<S: SlidingAttacks>(
        &self,
        sq: Square,
        attacker: Color,
        occupied: &S::Occupancy,
    ) -> Bitboard {
        let them = self.by_color(attacker);
        ((S::rook_in(sq, occupied) & self.rooks_and_queens())
            | (S::bishop_in(sq, occupied) & self.bishops_and_queens())
            | (at::knight_attacks(sq) & self.knights())
            | (at::king_attacks(sq) & self.kings())
            | (at::pawn_attacks(attacker.other(), sq) & self.pawns()))
            & them
    }

    /// Whether any piece of `attacker` attacks `sq` with `occupied` as the blockers.
    ///
    /// One union of every kind of attacker, without branches: over every square of 1,000
    /// real-game positions this measured 3.4 times faster than
    /// [`Pieces::is_attacked_by_early_exit`] (`cargo xtask bench`, "Attacks to a square").
    #[inline]
    #[must_use]
    pub fn is_attacked_by(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        self.attackers_by(sq, attacker, occupied).any()
    }

    /// [`Pieces::is_attacked_by`] the way the Chess Programming Wiki's "Square Attacked By" describes it: return at the first attacker
    /// found, trying the cheap step attacks first and a slider lookup only when a slider of
    /// that kind stands on one of `sq`'s lines at all. Kept to be measured against.
    #[inline]
    #[must_use]
    pub fn is_attacked_by_early_exit(
        &self,
        sq: Square,
        attacker: Color,
        occupied: Bitboard,
    ) -> bool {
        let them = self.by_color(attacker);
        if (at::knight_attacks(sq) & self.knights() & them).any()
            || (at::pawn_attacks(attacker.other(), sq) & self.pawns() & them).any()
            || (at::king_attacks(sq) & self.kings() & them).any()
        {
            return true;
        }
        let rooks = self.rooks_and_queens() & them;
        if (rooks & (Bitboard::rank(sq.rank()) | Bitboard::file(sq.file()))).any()
            && (at::DefaultMethod::rook(sq, occupied) & rooks).any()
        {
            return true;
        }
        let bishops = self.bishops_and_queens() & them;
        (bishops & (Bitboard::diagonal(sq) | Bitboard::anti_diagonal(sq))).any()
            && (at::DefaultMethod::bishop(sq, occupied) & bishops).any()
    }

    /// Whether a piece of `attacker`, other than one on `except` (a piece just captured),
    /// attacks `sq` with `occupied` as the blockers ([`Attackers::reach`]): the test of a
    /// board asked about one or two squares at a time, as a replay of a game's SAN asks.
    #[inline(always)]
    #[must_use]
    pub fn is_attacked_by_except(
        &self,
        sq: Square,
        attacker: Color,
        occupied: Bitboard,
        except: Bitboard,
    ) -> bool {
        Attackers {
            them: self.by_color(attacker) - except,
            pawns: self.pawns(),
            knights: self.knights(),
            diagonal: self.bishops_and_queens(),
            orthogonal: self.rooks_and_queens(),
            kings: self.kings(),
        }
        .reach(sq, attacker, occupied)
    }

    /// The pieces of either colour that stand alone between `king` and an enemy slider that
    /// would attack it along a line (pinned pieces, and pieces whose move would uncover a
    /// check on `king` if they are the slider's own colour's).
    pub fn blockers_of(&self, king: Square, king_color: Color) -> Bitboard {
        self.blockers_of_in::<at::DefaultMethod>(king, king_color)
    }

    /// [`Pieces::blockers_of`] with the method `S` finding the snipers (the enemy sliders on
    /// the king's lines, from empty-board attacks).
    #[inline(always)]
    pub fn blockers_of_in<S: SlidingAttacks>(&self, king: Square, king_color: Color) -> Bitboard {
        let them = self.by_color(king_color.other());
        let empty = S::Occupancy::new(Bitboard::EMPTY);
        let snipers = ((S::rook_in(king, &empty) & self.rooks_and_queens())
            | (S::bishop_in(king, &empty) & self.bishops_and_queens()))
            & them;
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = at::between(king, sniper) & self.occupied;
            if !between.more_than_one() {
                blockers |= between;
            }
        }
        blockers
    }
}

impl fmt::Debug for Pieces {
    /// Draws the board, rank 8 on top, with FEN letters and `.` for empty squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            for file in File::ALL {
                let sq = Square::from_coords(file, rank);
                let c = self.role_at(sq).map_or('.', |role| {
                    let color = if self.by_color(Color::White).contains(sq) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    role.of(color).char()
                });
                fmt::Write::write_char(f, c)?;
                f.write_str(if file == File::H { "\n" } else { " " })?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    /// Draws the board as its [`Pieces`] do.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.pieces, f)
    }
}

impl fmt::Display for Board {
    /// The FEN placement field.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f)
    }
}
