//! The fast path of [`check_games`](super::check_games): a game from the standard start
//! position, read in [`SanMode::Lenient`], replayed on a bare board that keeps only what
//! deciding SAN needs.
//!
//! [`Position`](chessbits_position::Position) is built for everything a position is asked
//! (make and unmake, the Polyglot hash kept up to date by every move, the checkers, FEN,
//! Chess960), and `movegen`'s [`San::to_move`] computes the pinned pieces before looking at
//! the move. Checking a game needs much less: the pieces by colour and role, the side to
//! move, the castling rooks and the square a pawn just passed. A move is found as
//! `to_move` finds it (the pieces of its role that reach the destination, narrowed by the
//! disambiguation), and each candidate is tested by whether the own king is attacked on
//! the board the move leaves, which is the definition of a legal move and needs no
//! checkers or pins.
//!
//! The board only ever says "every move was played": anything else (a move it does not
//! find exactly once, a coordinate move, a null move, a game from a `FEN` tag) makes it
//! give up, and the caller replays the game from the start with [`super::replay`], which
//! then finds and words the error exactly as before. So the only thing this file must get
//! right is agreement when it accepts: each move it plays is the one `to_move` returns.
//! The tests hold it to that on every shared game file and on random games.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Rank, Role, Square};
use chessbits_movegen::san::{disambiguation, San, SanMode, SanPlus};
use chessbits_position::{CastlingMode, CastlingSide, Position, Setup, Validation};

use super::GameRecord;

/// What deciding SAN and playing moves needs of a position, and nothing more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Board {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    occupied: Bitboard,
    turn: Color,
    /// The rooks that still have their castling right (standard chess: the corners).
    castling: Bitboard,
    /// The square a pawn passed over on a double step in the last move (whether or not a
    /// pawn can take there: only one that can is ever asked about).
    ep: Option<Square>,
}

/// The move a SAN decided: what [`Board::play`] needs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// A piece or pawn move (a capture or not), with the promotion piece if any.
    Normal {
        role: Role,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    /// A pawn taking en passant.
    EnPassant { from: Square, to: Square },
    /// Castling, standard chess (the king from the e-file, the rook from the corner).
    Castle(CastlingSide),
}

const WHITE: usize = Color::White as usize;
const BLACK: usize = Color::Black as usize;

impl Board {
    /// The standard starting position.
    pub(super) fn standard() -> Board {
        let rank = |r: u32| Bitboard(0xff << (8 * r));
        let sq = |s: &[Square]| s.iter().fold(Bitboard::EMPTY, |b, &s| b | s);
        let by_role = [
            rank(1) | rank(6),
            sq(&[Square::B1, Square::G1, Square::B8, Square::G8]),
            sq(&[Square::C1, Square::F1, Square::C8, Square::F8]),
            sq(&[Square::A1, Square::H1, Square::A8, Square::H8]),
            sq(&[Square::D1, Square::D8]),
            sq(&[Square::E1, Square::E8]),
        ];
        let white = rank(0) | rank(1);
        let black = rank(6) | rank(7);
        Board {
            by_color: [white, black],
            by_role,
            occupied: white | black,
            turn: Color::White,
            castling: by_role[Role::Rook as usize],
            ep: None,
        }
    }

    #[inline(always)]
    fn ours(&self) -> Bitboard {
        self.by_color[self.turn as usize]
    }

    #[inline(always)]
    fn theirs(&self) -> Bitboard {
        self.by_color[self.turn as usize ^ 1]
    }

    #[inline(always)]
    fn role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// Whether a piece of the side not to move attacks `sq` with `occ` as the blockers,
    /// leaving out a piece on `gone` (one just captured).
    #[inline(always)]
    fn attacked(&self, sq: Square, occ: Bitboard, gone: Bitboard) -> bool {
        let them = self.theirs() & !gone;
        let queens = self.role(Role::Queen);
        let leapers = (at::knight_attacks(sq) & self.role(Role::Knight))
            | (at::king_attacks(sq) & self.role(Role::King))
            | (at::pawn_attacks(self.turn, sq) & self.role(Role::Pawn));
        if (leapers & them).any() {
            return true;
        }
        let snipers = ((rook_lines(sq) & (self.role(Role::Rook) | queens))
            | (bishop_lines(sq) & (self.role(Role::Bishop) | queens)))
            & them;
        reached(sq, snipers, occ).any()
    }

    /// The one legal move `san` means here, as [`San::to_move`] finds it in lenient mode;
    /// `None` for anything else (illegal, ambiguous, null and coordinate moves), which the
    /// caller hands to the full replay.
    #[inline]
    pub(super) fn decide(&self, san: &San) -> Option<Step> {
        let San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } = *san
        else {
            return match *san {
                San::Castle(side) => self.castle(side),
                _ => None,
            };
        };
        let us = self.turn;
        let ours = self.ours();
        if ours.contains(to) {
            return None;
        }
        let occ = self.occupied;
        let mine = self.role(role) & ours;
        let mut ep = false;
        let mut candidates = match role {
            Role::Pawn => {
                let f = match (file, rank) {
                    // A coordinate move (`e2e4`): lenient mode reads it another way.
                    (Some(_), Some(_)) => return None,
                    (f, _) => f,
                };
                if f.is_some_and(|f| f != to.file()) {
                    if self.theirs().contains(to) {
                        at::pawn_attacks(us.other(), to) & mine
                    } else if self.ep == Some(to) {
                        ep = true;
                        at::pawn_attacks(us.other(), to) & mine
                    } else {
                        return None;
                    }
                } else {
                    // A push onto an empty square: one step, or two from the start.
                    if occ.contains(to) {
                        return None;
                    }
                    let (one, two) = match us {
                        Color::White => (to.offset(0, -1)?, to.offset(0, -2)),
                        Color::Black => (to.offset(0, 1)?, to.offset(0, 2)),
                    };
                    if mine.contains(one) {
                        Bitboard::from_square(one)
                    } else if !occ.contains(one)
                        && Bitboard::relative_rank(us, Rank::Fourth).contains(to)
                    {
                        two.map_or(Bitboard::EMPTY, |two| mine & two)
                    } else {
                        return None;
                    }
                }
            }
            Role::Knight => at::knight_attacks(to) & mine,
            Role::Bishop => reached(to, bishop_lines(to) & mine, occ),
            Role::Rook => reached(to, rook_lines(to) & mine, occ),
            Role::Queen => reached(to, (rook_lines(to) | bishop_lines(to)) & mine, occ),
            Role::King => at::king_attacks(to) & mine,
        };
        if let Some(f) = file {
            candidates &= Bitboard::file(f);
        }
        if let Some(r) = rank {
            candidates &= Bitboard::rank(r);
        }
        let king = (self.role(Role::King) & ours).single_square()?;
        let captured = if ep {
            // The pawn taken en passant stands beside the destination.
            to.offset(0, us.fold(-1, 1))?
        } else {
            to
        };
        let gone = Bitboard::from_square(captured);
        let mut found = None;
        for from in candidates {
            let legal = if role == Role::King {
                !self.attacked(to, occ - from, gone)
            } else {
                let occ_after = ((occ - from) | to) - (gone - to);
                !self.attacked(king, occ_after, gone)
            };
            if legal {
                if found.is_some() {
                    return None;
                }
                found = Some(from);
            }
        }
        let from = found?;
        let last_rank =
            role == Role::Pawn && Bitboard::relative_rank(us, Rank::Eighth).contains(to);
        if last_rank != promotion.is_some() {
            return None;
        }
        Some(if ep {
            Step::EnPassant { from, to }
        } else {
            Step::Normal {
                role,
                from,
                to,
                promotion,
            }
        })
    }

    /// Standard castling: the right, an empty path between king and rook, and no attacked
    /// square under the king (from, crossed, to).
    fn castle(&self, side: CastlingSide) -> Option<Step> {
        let back = self.turn.fold(0, 56);
        let sq = |file: u32| Square::new_masked(back + file);
        let (king, rook) = (
            sq(4),
            sq(if side == CastlingSide::KingSide { 7 } else { 0 }),
        );
        let ours = self.ours();
        if !self.castling.contains(rook)
            || !(self.role(Role::King) & ours).contains(king)
            || !(self.role(Role::Rook) & ours).contains(rook)
        {
            return None;
        }
        let (path, crossed) = match side {
            CastlingSide::KingSide => (Bitboard::from_square(sq(5)) | sq(6), [sq(4), sq(5), sq(6)]),
            CastlingSide::QueenSide => (
                Bitboard::from_square(sq(1)) | sq(2) | sq(3),
                [sq(4), sq(3), sq(2)],
            ),
        };
        if (path & self.occupied).any() {
            return None;
        }
        let occ = self.occupied - king - rook;
        if crossed
            .into_iter()
            .any(|s| self.attacked(s, occ, Bitboard::EMPTY))
        {
            return None;
        }
        Some(Step::Castle(side))
    }

    /// Plays a move [`Board::decide`] returned.
    #[inline]
    pub(super) fn play(&mut self, step: Step) {
        let us = self.turn as usize;
        let them = us ^ 1;
        let mut ep = None;
        let touched = match step {
            Step::Normal {
                role,
                from,
                to,
                promotion,
            } => {
                let to_bb = Bitboard::from_square(to);
                let both = Bitboard::from_square(from) | to;
                // A capture: whatever stood on `to` goes (the mover is put back below).
                for r in &mut self.by_role {
                    *r &= !to_bb;
                }
                self.by_color[them] &= !to_bb;
                self.by_color[us] ^= both;
                match promotion {
                    Some(p) => {
                        self.by_role[Role::Pawn as usize] &= !Bitboard::from_square(from);
                        self.by_role[p as usize] |= to_bb;
                    }
                    None => self.by_role[role as usize] ^= both,
                }
                if role == Role::Pawn && (from as u32 ^ to as u32) == 16 {
                    ep = Some(Square::new_masked((from as u32 + to as u32) / 2));
                }
                both
            }
            Step::EnPassant { from, to } => {
                let victim = Square::from_coords(to.file(), from.rank());
                let both = Bitboard::from_square(from) | to;
                self.by_color[us] ^= both;
                self.by_color[them] ^= Bitboard::from_square(victim);
                self.by_role[Role::Pawn as usize] ^= both | victim;
                both
            }
            Step::Castle(side) => {
                let back = if us == WHITE { 0 } else { 56 };
                let sq = |file: u32| Square::new_masked(back + file);
                let (king_to, rook_from, rook_to) = match side {
                    CastlingSide::KingSide => (sq(6), sq(7), sq(5)),
                    CastlingSide::QueenSide => (sq(2), sq(0), sq(3)),
                };
                let king = Bitboard::from_square(sq(4)) | king_to;
                let rook = Bitboard::from_square(rook_from) | rook_to;
                self.by_color[us] ^= king | rook;
                self.by_role[Role::King as usize] ^= king;
                self.by_role[Role::Rook as usize] ^= rook;
                Bitboard::from_square(sq(4))
            }
        };
        self.occupied = self.by_color[WHITE] | self.by_color[BLACK];
        if self.castling.any() {
            self.lose_rights(touched);
        }
        self.ep = ep;
        self.turn = self.turn.other();
    }
}

/// The squares on the rank and file of `sq`, but not `sq`: where a rook could attack it
/// from on an empty board. Sliders are found this way and then checked for blockers with
/// [`at::between`], which beats a magic lookup here, where one or two pieces are asked
/// about and the magic tables are not in the cache.
#[inline(always)]
fn rook_lines(sq: Square) -> Bitboard {
    Bitboard(LINES[sq as usize][0])
}

/// The squares on the diagonals of `sq`, but not `sq`.
#[inline(always)]
fn bishop_lines(sq: Square) -> Bitboard {
    Bitboard(LINES[sq as usize][1])
}

/// Per square: the rook's lines and the bishop's (a table: the diagonals computed on the
/// fly cost two unpredictable branches).
static LINES: [[u64; 2]; 64] = {
    let mut t = [[0; 2]; 64];
    let mut k = 0;
    while k < 64 {
        let sq = Square::ALL[k];
        t[k][0] = Bitboard::file(sq.file()).0 ^ Bitboard::rank(sq.rank()).0;
        t[k][1] = Bitboard::diagonal(sq).0 ^ Bitboard::anti_diagonal(sq).0;
        k += 1;
    }
    t
};

/// The pieces of `sliders` (each on a line through `sq`) with nothing in `occ` between
/// them and `sq`.
#[inline(always)]
fn reached(sq: Square, sliders: Bitboard, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for s in sliders {
        if (at::between(sq, s) & occ).is_empty() {
            out |= s;
        }
    }
    out
}

/// Replays `record` on the fast path when it can: a game from the standard start position
/// (no `FEN` tag; no `Variant` tag, or one that names standard chess) read in lenient mode.
/// `Some(moves)` when every move was played; `None` when the full replay must decide.
pub(super) fn check(record: &GameRecord, mode: SanMode) -> Option<u64> {
    let mut board = start(record, mode)?;
    let mut played = 0;
    for (text, _) in record.moves() {
        if !board.apply(text) {
            return None;
        }
        played += 1;
    }
    Some(played)
}

/// The fast path's start board of `record` (see [`check`]); `None` when the full replay
/// must decide.
fn start(record: &GameRecord, mode: SanMode) -> Option<Board> {
    if mode != SanMode::Lenient {
        return None;
    }
    let variant = match &record.variant {
        Some(v) => Some(super::variant_mode(v)?),
        None => None,
    };
    let board = match &record.fen {
        None if variant.is_none_or(|v| v == CastlingMode::Standard) => Board::standard(),
        None => return None,
        Some(fen) => {
            // As `start_position` reads the tag, but only a position that passes strict
            // validation in standard chess (a leniently accepted one may break the
            // assumptions legality-by-king-safety makes, such as the side not to move
            // being out of check).
            let setup = Setup::from_ascii(fen.trim_ascii()).ok()?;
            let mode = variant.unwrap_or_else(|| CastlingMode::detect(&setup));
            if mode != CastlingMode::Standard {
                return None;
            }
            let pos = Position::from_setup_with(&setup, mode, Validation::Strict).ok()?;
            Board::of(&pos)
        }
    };
    Some(board)
}

impl Board {
    /// Plays the move `text` (SAN as the reader hands it over) means here; `false`, with
    /// the board unchanged, for anything the full replay must decide.
    ///
    /// The shapes nearly every move has (`e4`, `exd5`, `Nf3`, `Nxe5`, `Nbd7`, `R1e2`,
    /// `e8=Q`, `O-O`, with or without `+`/`#`) are read here byte by byte and played by the
    /// specialised moves below, without building a [`San`]; anything else goes through
    /// `movegen`'s parser, [`Board::decide`] and [`Board::play`].
    #[inline]
    pub(super) fn apply(&mut self, text: &[u8]) -> bool {
        let s = without_suffix(text);
        let (file, rank, square) = (is_file, is_rank, square_at);
        match *s {
            [f, r] if file(f) && rank(r) => self.pawn_push(square(f, r), None),
            [p, f, r] if file(f) && rank(r) => match Role::from_san_letter(p) {
                Some(role) => self.piece_move(role, square(f, r), Bitboard::FULL),
                None => self.general(text),
            },
            [p, b'x', f, r] if file(f) && rank(r) => match Role::from_san_letter(p) {
                Some(role) => self.piece_move(role, square(f, r), Bitboard::FULL),
                None if file(p) && p != f => {
                    self.pawn_capture(u32::from(p - b'a'), square(f, r), None)
                }
                None => self.general(text),
            },
            [p, d, f, r] if file(f) && rank(r) && (file(d) || rank(d)) => {
                match Role::from_san_letter(p) {
                    Some(role) => self.piece_move(role, square(f, r), hint(d)),
                    None => self.general(text),
                }
            }
            [p, d, b'x', f, r] if file(f) && rank(r) && (file(d) || rank(d)) => {
                match Role::from_san_letter(p) {
                    Some(role) => self.piece_move(role, square(f, r), hint(d)),
                    None => self.general(text),
                }
            }
            [f, r, b'=', q] if file(f) && rank(r) => match Role::from_san_letter(q) {
                Some(role) if role != Role::King => self.pawn_push(square(f, r), Some(role)),
                _ => self.general(text),
            },
            [p, b'x', f, r, b'=', q] if file(p) && p != f && file(f) && rank(r) => {
                match Role::from_san_letter(q) {
                    Some(role) if role != Role::King => {
                        self.pawn_capture(u32::from(p - b'a'), square(f, r), Some(role))
                    }
                    _ => self.general(text),
                }
            }
            _ => self.general(text),
        }
    }

    /// Any other move: `movegen`'s parser, then [`Board::decide`] and [`Board::play`].
    #[inline(never)]
    fn general(&mut self, text: &[u8]) -> bool {
        let Ok(san) = SanPlus::from_ascii_with(text, SanMode::Lenient) else {
            return false;
        };
        match self.decide(&san.san) {
            Some(step) => {
                self.play(step);
                true
            }
            None => false,
        }
    }

    /// The king of the side to move.
    #[inline(always)]
    fn king(&self) -> Option<Square> {
        (self.role(Role::King) & self.ours()).single_square()
    }

    /// A pawn's step or double step onto `to`, promoting to `promotion`.
    #[inline(always)]
    fn pawn_push(&mut self, to: Square, promotion: Option<Role>) -> bool {
        let us = self.turn;
        let occ = self.occupied;
        let pawns = self.role(Role::Pawn) & self.ours();
        let back = if us == Color::White { -1 } else { 1 };
        let Some(one) = to.offset(0, back) else {
            return false;
        };
        let mut ep = None;
        let from = if occ.contains(to) {
            return false;
        } else if pawns.contains(one) {
            one
        } else if !occ.contains(one) && Bitboard::relative_rank(us, Rank::Fourth).contains(to) {
            let Some(two) = one.offset(0, back) else {
                return false;
            };
            if !pawns.contains(two) {
                return false;
            }
            ep = Some(one);
            two
        } else {
            return false;
        };
        if Bitboard::relative_rank(us, Rank::Eighth).contains(to) != promotion.is_some() {
            return false;
        }
        let Some(king) = self.king() else {
            return false;
        };
        if self.attacked(king, (occ - from) | to, Bitboard::EMPTY) {
            return false;
        }
        let both = Bitboard::from_square(from) | to;
        self.by_color[us as usize] ^= both;
        match promotion {
            Some(p) => {
                self.by_role[Role::Pawn as usize] ^= Bitboard::from_square(from);
                self.by_role[p as usize] |= Bitboard::from_square(to);
            }
            None => self.by_role[Role::Pawn as usize] ^= both,
        }
        self.occupied ^= both;
        self.ep = ep;
        self.turn = us.other();
        true
    }

    /// A pawn of file `file` taking on `to` (not en passant), promoting to `promotion`.
    #[inline(always)]
    fn pawn_capture(&mut self, file: u32, to: Square, promotion: Option<Role>) -> bool {
        let us = self.turn;
        let to_bb = Bitboard::from_square(to);
        if !self.theirs().contains(to) {
            // En passant, or nothing to take: the general code.
            return self.general_pawn_capture(file, to, promotion);
        }
        let pawns = self.role(Role::Pawn) & self.ours() & Bitboard(0x0101_0101_0101_0101 << file);
        let Some(from) = (at::pawn_attacks(us.other(), to) & pawns).single_square() else {
            return false;
        };
        if Bitboard::relative_rank(us, Rank::Eighth).contains(to) != promotion.is_some() {
            return false;
        }
        let Some(king) = self.king() else {
            return false;
        };
        if self.attacked(king, self.occupied - from, to_bb) {
            return false;
        }
        self.capture(to_bb);
        self.by_color[us as usize] ^= Bitboard::from_square(from) | to;
        self.by_role[Role::Pawn as usize] ^= Bitboard::from_square(from);
        self.by_role[promotion.unwrap_or(Role::Pawn) as usize] |= to_bb;
        self.finish(Bitboard::from_square(from) | to);
        true
    }

    #[inline(never)]
    fn general_pawn_capture(&mut self, file: u32, to: Square, promotion: Option<Role>) -> bool {
        let san = San::Normal {
            role: Role::Pawn,
            file: Some(chessbits_bitboard_core::File::new_masked(file)),
            rank: None,
            capture: true,
            to,
            promotion,
        };
        match self.decide(&san) {
            Some(step) => {
                self.play(step);
                true
            }
            None => false,
        }
    }

    /// A piece of `role` from `filter` (the disambiguation) to `to`.
    #[inline(always)]
    fn piece_move(&mut self, role: Role, to: Square, filter: Bitboard) -> bool {
        let us = self.turn;
        let ours = self.ours();
        if ours.contains(to) {
            return false;
        }
        let occ = self.occupied;
        let mine = self.role(role) & ours & filter;
        let candidates = match role {
            Role::Knight => at::knight_attacks(to) & mine,
            Role::Bishop => reached(to, bishop_lines(to) & mine, occ),
            Role::Rook => reached(to, rook_lines(to) & mine, occ),
            Role::Queen => reached(to, (rook_lines(to) | bishop_lines(to)) & mine, occ),
            Role::King => at::king_attacks(to) & mine,
            Role::Pawn => return false,
        };
        let to_bb = Bitboard::from_square(to);
        let from = if role == Role::King {
            let Some(from) = candidates.single_square() else {
                return false;
            };
            if self.attacked(to, occ - from, to_bb) {
                return false;
            }
            from
        } else {
            let Some(king) = self.king() else {
                return false;
            };
            let mut found = None;
            for from in candidates {
                if !self.attacked(king, (occ - from) | to, to_bb) {
                    if found.is_some() {
                        return false;
                    }
                    found = Some(from);
                }
            }
            match found {
                Some(from) => from,
                None => return false,
            }
        };
        let both = Bitboard::from_square(from) | to;
        self.capture(to_bb);
        self.by_color[us as usize] ^= both;
        self.by_role[role as usize] ^= both;
        self.finish(both);
        true
    }

    /// Takes whatever of the side not to move stands on `to` (nothing, if nothing does).
    #[inline(always)]
    fn capture(&mut self, to: Bitboard) {
        if self.theirs().intersects(to) {
            for r in &mut self.by_role {
                *r &= !to;
            }
            self.by_color[self.turn as usize ^ 1] &= !to;
        }
    }

    /// The end of a move (not a double step, not castling) that touched `both`: the
    /// occupancy, the castling rights, no en-passant square, the other side to move.
    #[inline(always)]
    fn finish(&mut self, both: Bitboard) {
        self.occupied = self.by_color[WHITE] | self.by_color[BLACK];
        if self.castling.any() {
            self.lose_rights(both);
        }
        self.ep = None;
        self.turn = self.turn.other();
    }

    /// A right goes when its rook's square or its king's square is touched.
    #[inline]
    fn lose_rights(&mut self, touched: Bitboard) {
        let mut lost = touched;
        if touched.contains(Square::E1) {
            lost |= Bitboard::rank(Rank::First);
        }
        if touched.contains(Square::E8) {
            lost |= Bitboard::rank(Rank::Eighth);
        }
        self.castling -= lost;
    }
}

/// The squares a disambiguation character (a file or a rank) allows.
#[inline(always)]
fn hint(d: u8) -> Bitboard {
    if d.wrapping_sub(b'a') < 8 {
        Bitboard(0x0101_0101_0101_0101 << (d - b'a'))
    } else {
        Bitboard(0xff << (8 * (d.wrapping_sub(b'1') & 7)))
    }
}

/// A move's canonical SAN (with its `+` or `#`) and its UCI, as [`super::replay_packed`]
/// hands them over: the bytes [`SanPlus::append_to`] and `move_to_uci` write, packed.
///
/// Each text is kept as the little-endian bytes of a word, built with shifts: built byte
/// by byte in memory and then copied as words, it cost a failed store-to-load forwarding
/// per move (a fifth of the time of [`texts`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct MoveText {
    san: u64,
    san_len: u32,
    uci: u64,
    uci_len: u32,
}

impl MoveText {
    #[inline(always)]
    fn push_san(&mut self, c: u8) {
        // At most 7 bytes (`Qa1xb2#`, `axb8=Q#`): the shift stays below 64.
        self.san |= u64::from(c) << ((8 * self.san_len) & 63);
        self.san_len += 1;
    }

    #[inline(always)]
    fn push_uci(&mut self, c: u8) {
        self.uci |= u64::from(c) << ((8 * self.uci_len) & 63);
        self.uci_len += 1;
    }

    #[inline(always)]
    fn push_square(&mut self, sq: Square, san: bool) {
        for c in [sq.file().char() as u8, sq.rank().char() as u8] {
            if san {
                self.push_san(c);
            } else {
                self.push_uci(c);
            }
        }
    }
}

/// Replays `record` on the fast path as [`check`] does, appending each move's texts,
/// packed as [`super::pack_text`] packs them, to `san` and `uci`; `false` (with the
/// vectors holding the moves before the one given up on) when the full replay must decide.
pub(super) fn texts(
    record: &GameRecord,
    mode: SanMode,
    san: &mut Vec<u64>,
    uci: &mut Vec<u64>,
) -> bool {
    let Some(mut board) = start(record, mode) else {
        return false;
    };
    for (text, _) in record.moves() {
        let before = board.clone();
        if !board.apply(text) {
            return false;
        }
        let worded = before
            .token_text(&board, text)
            .or_else(|| before.text_of(&board, unique_without_hint(text)));
        match worded {
            Some(t) => {
                san.push(t.san);
                uci.push(t.uci);
            }
            None => return false,
        }
    }
    true
}

/// Whether [`Board::apply`], having played `text`, found its mover as the only piece of
/// its role that legally reaches the destination: a piece move without a disambiguation
/// (`Nf3`, `Nxf3`, with or without a suffix) is decided by [`Board::piece_move`] with no
/// hint, which plays it only when exactly one candidate is legal.
fn unique_without_hint(text: &[u8]) -> bool {
    match *without_suffix(text) {
        [p, f, r] | [p, b'x', f, r] => {
            Role::from_san_letter(p).is_some() && is_file(f) && is_rank(r)
        }
        _ => false,
    }
}

/// A move's text without its check or mate suffix (`+`, `#`, `++`).
#[inline(always)]
fn without_suffix(text: &[u8]) -> &[u8] {
    match text {
        [rest @ .., b'+', b'+'] | [rest @ .., b'#'] | [rest @ .., b'+'] => rest,
        _ => text,
    }
}

/// Whether `c` is a file letter (`a` to `h`).
#[inline(always)]
fn is_file(c: u8) -> bool {
    c.wrapping_sub(b'a') < 8
}

/// Whether `c` is a rank digit (`1` to `8`).
#[inline(always)]
fn is_rank(c: u8) -> bool {
    c.wrapping_sub(b'1') < 8
}

/// The square of a file letter and a rank digit ([`is_file`] and [`is_rank`] hold).
#[inline(always)]
fn square_at(f: u8, r: u8) -> Square {
    Square::new_masked(u32::from(r.wrapping_sub(b'1')) * 8 + u32::from(f.wrapping_sub(b'a')))
}

impl Board {
    /// The texts of the move `text` that led from this board to `after` (a move
    /// [`Board::apply`] played), when `text` without its suffix is already the move's
    /// canonical SAN: the shapes nearly every move of a real game has (`e4`, `Nf3`,
    /// `Nxe5`, `exd5`, `e8=Q`, `O-O`), with the capture sign where, and only where, the
    /// move takes. The SAN is then those bytes and the suffix this board gives (the
    /// text's own `+` or `#` is not trusted), and the UCI comes from the squares, without
    /// looking for the mover or its rivals. `None` for anything else (a disambiguation,
    /// which may be more than needed; a missing or wrong capture sign; another spelling),
    /// which [`Board::text_of`] words.
    #[inline(always)]
    fn token_text(&self, after: &Board, text: &[u8]) -> Option<MoveText> {
        let body = without_suffix(text);
        let (file, rank, square) = (is_file, is_rank, square_at);
        let piece = |c: u8| matches!(c, b'N' | b'B' | b'R' | b'Q' | b'K');
        let takes = |to: Square| self.theirs().contains(to);
        // (destination, promotion piece in UCI), or castling.
        let (to, promotion) = match *body {
            [f, r] if file(f) && rank(r) => (square(f, r), None),
            [p, f, r] if piece(p) && file(f) && rank(r) && !takes(square(f, r)) => {
                (square(f, r), None)
            }
            [p, b'x', f, r] if piece(p) && file(f) && rank(r) && takes(square(f, r)) => {
                (square(f, r), None)
            }
            [p, b'x', f, r] if file(p) && p != f && file(f) && rank(r) => (square(f, r), None),
            [f, r, b'=', q] if file(f) && rank(r) && matches!(q, b'Q' | b'R' | b'B' | b'N') => {
                (square(f, r), Some(q | 0x20))
            }
            [p, b'x', f, r, b'=', q]
                if file(p)
                    && p != f
                    && file(f)
                    && rank(r)
                    && matches!(q, b'Q' | b'R' | b'B' | b'N') =>
            {
                (square(f, r), Some(q | 0x20))
            }
            _ => return self.castling_text(after, body),
        };
        let us = self.turn as usize;
        let from = (self.by_color[us] - after.by_color[us]).single_square()?;
        let mut t = MoveText {
            san: crate::replay::pack_text(body)?,
            san_len: body.len() as u32,
            ..MoveText::default()
        };
        t.push_square(from, false);
        t.push_square(to, false);
        if let Some(p) = promotion {
            t.push_uci(p);
        }
        after.push_suffix(&mut t)?;
        Some(t)
    }

    /// [`Board::token_text`] of castling written `O-O` or `O-O-O`.
    #[inline(never)]
    fn castling_text(&self, after: &Board, body: &[u8]) -> Option<MoveText> {
        let to_file = match body {
            b"O-O" => 6,
            b"O-O-O" => 2,
            _ => return None,
        };
        let back = self.turn.fold(0, 56);
        let mut t = MoveText::default();
        for &c in body {
            t.push_san(c);
        }
        t.push_square(Square::new_masked(back + 4), false);
        t.push_square(Square::new_masked(back + to_file), false);
        after.push_suffix(&mut t)?;
        Some(t)
    }

    /// Appends the SAN suffix of the move that led to this board: `+` if the side to move
    /// is in check, `#` if it has no legal move either. `None` without a king.
    #[inline(always)]
    fn push_suffix(&self, t: &mut MoveText) -> Option<()> {
        let king = self.king()?;
        if self.attacked(king, self.occupied, Bitboard::EMPTY) {
            t.push_san(if self.has_legal_move(king) {
                b'+'
            } else {
                b'#'
            });
        }
        Some(())
    }

    /// The piece on `sq`.
    #[inline(always)]
    fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|&r| self.by_role[r as usize].contains(sq))
    }

    /// The texts of the move that led from this board to `after` (a move [`Board::apply`]
    /// played): the move is read off the squares the mover left and reached, then worded
    /// as `San::from_move` and `suffix_of` word it (the disambiguation by the other pieces
    /// of its role that legally reach the destination, the suffix by whether the other
    /// side is in check and has a legal move). `None` only if the boards are not one move
    /// apart. `unique` says that no other piece of the mover's role legally reaches the
    /// destination (known from how [`Board::apply`] decided the move), so the disambiguation
    /// need not be looked for.
    fn text_of(&self, after: &Board, unique: bool) -> Option<MoveText> {
        let us = self.turn as usize;
        let left = self.by_color[us] - after.by_color[us];
        let reached = after.by_color[us] - self.by_color[us];
        let mut t = MoveText::default();
        if left.more_than_one() {
            // Castling (standard chess): the king and a rook left their squares.
            let from = (self.role(Role::King) & left).single_square()?;
            let to = (after.role(Role::King) & reached).single_square()?;
            let text: &[u8] = if to.file() > from.file() {
                b"O-O"
            } else {
                b"O-O-O"
            };
            for &c in text {
                t.push_san(c);
            }
            t.push_square(from, false);
            t.push_square(to, false);
        } else {
            let from = left.single_square()?;
            let to = reached.single_square()?;
            let role = self.role_at(from)?;
            let promotion = match after.role_at(to)? {
                r if r != role => Some(r),
                _ => None,
            };
            let capture =
                self.theirs().contains(to) || (role == Role::Pawn && from.file() != to.file());
            match role {
                Role::Pawn => {
                    if capture {
                        t.push_san(from.file().char() as u8);
                    }
                }
                Role::King => t.push_san(b'K'),
                _ => {
                    t.push_san(role.upper_char() as u8);
                    let others = if unique {
                        Bitboard::EMPTY
                    } else {
                        self.others(role, from, to)?
                    };
                    let (file, rank) = disambiguation(from, others);
                    if let Some(f) = file {
                        t.push_san(f.char() as u8);
                    }
                    if let Some(r) = rank {
                        t.push_san(r.char() as u8);
                    }
                }
            }
            if capture {
                t.push_san(b'x');
            }
            t.push_square(to, true);
            t.push_square(from, false);
            t.push_square(to, false);
            if let Some(p) = promotion {
                t.push_san(b'=');
                t.push_san(p.upper_char() as u8);
                t.push_uci(p.char() as u8);
            }
        }
        after.push_suffix(&mut t)?;
        Some(t)
    }

    /// The squares other than `from` from which a piece of `role` (not a pawn or king) of
    /// the side to move legally reaches `to`.
    fn others(&self, role: Role, from: Square, to: Square) -> Option<Bitboard> {
        let occ = self.occupied;
        let mine = self.role(role) & self.ours();
        let candidates = match role {
            Role::Knight => at::knight_attacks(to) & mine,
            Role::Bishop => reached(to, bishop_lines(to) & mine, occ),
            Role::Rook => reached(to, rook_lines(to) & mine, occ),
            Role::Queen => reached(to, (rook_lines(to) | bishop_lines(to)) & mine, occ),
            Role::Pawn | Role::King => Bitboard::EMPTY,
        } - from;
        if candidates.is_empty() {
            return Some(Bitboard::EMPTY);
        }
        let king = self.king()?;
        let to_bb = Bitboard::from_square(to);
        let mut others = Bitboard::EMPTY;
        for o in candidates {
            if !self.attacked(king, (occ - o) | to, to_bb) {
                others |= o;
            }
        }
        Some(others)
    }

    /// Whether the side to move, whose king is on `king`, has a legal move other than
    /// castling (only asked when it is in check, where castling is never legal): every
    /// move a piece could make is tried by whether it leaves the king attacked.
    fn has_legal_move(&self, king: Square) -> bool {
        let us = self.turn;
        let ours = self.ours();
        let theirs = self.theirs();
        let occ = self.occupied;
        for to in at::king_attacks(king) - ours {
            if !self.attacked(to, occ - king, Bitboard::from_square(to)) {
                return true;
            }
        }
        let legal = |from: Square, to: Square| {
            !self.attacked(king, (occ - from) | to, Bitboard::from_square(to))
        };
        for from in ours - self.role(Role::King) {
            let targets = if self.role(Role::Pawn).contains(from) {
                let mut t = at::pawn_attacks(us, from) & theirs;
                let forward = if us == Color::White { 1 } else { -1 };
                if let Some(one) = from.offset(0, forward) {
                    if !occ.contains(one) {
                        t |= one;
                        if Bitboard::relative_rank(us, Rank::Second).contains(from) {
                            if let Some(two) = one.offset(0, forward) {
                                if !occ.contains(two) {
                                    t |= two;
                                }
                            }
                        }
                    }
                }
                if let Some(ep) = self.ep {
                    if at::pawn_attacks(us, from).contains(ep) && !occ.contains(ep) {
                        let victim = Square::from_coords(ep.file(), from.rank());
                        if theirs.contains(victim) && (self.role(Role::Pawn)).contains(victim) {
                            let occ_after = ((occ - from) | ep) - victim;
                            if !self.attacked(king, occ_after, Bitboard::from_square(victim)) {
                                return true;
                            }
                        }
                    }
                }
                t
            } else if self.role(Role::Knight).contains(from) {
                at::knight_attacks(from) - ours
            } else {
                let mut t = Bitboard::EMPTY;
                if self.role(Role::Bishop).contains(from) || self.role(Role::Queen).contains(from) {
                    t |= at::bishop_attacks(from, occ);
                }
                if self.role(Role::Rook).contains(from) || self.role(Role::Queen).contains(from) {
                    t |= at::rook_attacks(from, occ);
                }
                t - ours
            };
            for to in targets {
                if legal(from, to) {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests;

impl Board {
    /// The board of a position (standard chess).
    fn of(pos: &Position) -> Board {
        let b = pos.board();
        let mut castling = Bitboard::EMPTY;
        for color in [Color::White, Color::Black] {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if let Some(rook) = pos.castles().rook(color, side) {
                    castling |= rook;
                }
            }
        }
        Board {
            by_color: [b.by_color(Color::White), b.by_color(Color::Black)],
            by_role: Role::ALL.map(|r| b.by_role(r)),
            occupied: b.occupied(),
            turn: pos.turn(),
            castling,
            ep: pos.ep_square(),
        }
    }
}
