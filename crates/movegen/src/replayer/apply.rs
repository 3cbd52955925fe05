//! Playing a move's text: the shapes nearly every move has, read byte by byte.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Rank, Role, Square};

use super::*;

impl SanReplayer {
    /// Plays the move `text` (SAN as the reader hands it over) means here; `false`, with
    /// the board unchanged, for anything the full replay must decide.
    ///
    /// The shapes nearly every move has (`e4`, `exd5`, `Nf3`, `Nxe5`, `Nbd7`, `R1e2`,
    /// `e8=Q`, `O-O`, with or without `+`/`#`) are read here byte by byte and played by the
    /// specialised moves below, without building a [`San`]; anything else goes through
    /// `movegen`'s parser, [`SanReplayer::decide`] and [`SanReplayer::play`].
    #[inline]
    pub(crate) fn apply(&mut self, text: &[u8]) -> bool {
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

    /// Any other move: `movegen`'s parser, then [`SanReplayer::decide`] and [`SanReplayer::play`].
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
    pub(super) fn king(&self) -> Option<Square> {
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
    pub(super) fn lose_rights(&mut self, touched: Bitboard) {
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
