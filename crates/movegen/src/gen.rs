//! The legal move generator, written once and specialised by the sliding-attack method `S`,
//! by what receives the moves (a [`Visitor`]: a move list, or a counter for perft) and by
//! the side to move (a `const` parameter, so that every pawn shift is a constant one).
//!
//! Everything that restricts moves is computed once per position, as masks: the squares a
//! move must reach when in check (`target`: the checker and the squares between it and the
//! king; the checkers themselves are found with the pins), the pin rays (`pin_orth`,
//! `pin_diag`: from the king, exclusive, to each pinning slider, inclusive), and, only when
//! the king has more than one square to go to or may castle, the squares the opponent
//! attacks with our king lifted off the board (`danger`; a single square is tested on its
//! own, the common case in the opening, where it measured 8% fewer instructions for the
//! start position's perft 6; without castling, the squares left by the pawns, the king and
//! the knights, found without a lookup, before any slider's). Each kind of piece then
//! moves set-wise through them: a piece pinned on a diagonal may only move along the
//! diagonal pin rays, and since a piece's other lines never meet the king's other rays but
//! at the king, masking with the union of the rays is exact (the approach of Gigantua's
//! generator; this is our own code).

use chessbits_attack_tables::{self as at, OccupancyState, SlidingAttacks};
use chessbits_bitboard_core::{
    reference, Bitboard, Color, Direction, File, Move, Rank, Role, Square,
};
use chessbits_position::{CastlingSide, Pieces, Position};

/// What the generator reads of a position: a [`Position`], or a variant position whose side
/// to move has exactly one king (`crate::variant`), so that the variants build on this
/// generator and add only their own rules.
pub(crate) trait Source {
    /// The placement (bitboards only: the generator never asks what stands on a square).
    fn pieces(&self) -> &Pieces;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The king of the side to move (it has exactly one).
    fn our_king(&self) -> Square;
    /// A square a pawn of the side to move may capture onto en passant.
    fn ep_square(&self) -> Option<Square>;
    /// The rooks the side to move may castle with as far as rights and an empty path go
    /// (by [`CastlingSide::index`]); the attacks on the king's path are the generator's.
    fn castling_rooks(&self, occ: Bitboard) -> [Option<Square>; 2];
    /// For each rook of [`Source::castling_rooks`], the king's path to castle with it when
    /// the rook stands on the a- or h-file, else nothing ([`corner_castling_path`]); a
    /// source that knows them beforehand may say so faster (perft's board).
    #[inline(always)]
    fn castling_paths(&self, king: Square, rooks: [Option<Square>; 2]) -> [Bitboard; 2] {
        rooks.map(|rook| rook.map_or(Bitboard::EMPTY, |rook| corner_castling_path(king, rook)))
    }
}

/// The squares the king on `king` crosses to castle with the rook on `rook`, its
/// destination included, when the rook stands on the a- or h-file: then whether they are
/// attacked decides (see `castle`). Nothing for a rook elsewhere (Chess960), which the
/// generator tests in full. The king goes to the g-file towards a rook on its right, else
/// the c-file ([`Move::king_to`]).
#[inline(always)]
pub(crate) fn corner_castling_path(king: Square, rook: Square) -> Bitboard {
    if matches!(rook as u8 & 7, 0 | 7) {
        let file = if rook > king { File::G } else { File::C };
        let king_to = Square::new_masked(king as u32 & 56 | file as u32);
        debug_assert_eq!(king_to, Move::castle(king, rook).king_to());
        at::between(king, king_to) | king_to
    } else {
        Bitboard::EMPTY
    }
}

impl Source for Position {
    #[inline(always)]
    fn pieces(&self) -> &Pieces {
        Position::board(self)
    }

    #[inline(always)]
    fn turn(&self) -> Color {
        Position::turn(self)
    }

    #[inline(always)]
    fn our_king(&self) -> Square {
        Position::our_king(self)
    }

    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        Position::ep_square(self)
    }

    #[inline(always)]
    fn castling_rooks(&self, occ: Bitboard) -> [Option<Square>; 2] {
        self.castles().rooks_to_castle(Position::turn(self), occ)
    }
}

/// Receives generated moves in batches: one origin with a set of destinations. A visitor
/// that wants the moves one by one implements [`Visitor::special`] only: the batches are
/// spelled out into moves here, once.
pub(crate) trait Visitor {
    /// Moves of a piece of `role` (not a pawn) from `from` to each square of `to`.
    #[inline(always)]
    fn piece(&mut self, _role: Role, from: Square, to: Bitboard) {
        for to in to {
            self.special(Move::normal(from, to));
        }
    }
    /// Pawn moves onto each square of `to`, each from the square `offset` behind it
    /// (`from = to - offset`); those onto the last rank are four promotions each.
    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, offset: i32) {
        for to in to {
            let from = Square::new_masked((to as i32 - offset) as u32);
            if Bitboard::BACKRANKS.contains(to) {
                for role in Role::PROMOTIONS {
                    self.special(Move::promote(from, to, role));
                }
            } else {
                self.special(Move::normal(from, to));
            }
        }
    }
    /// Pawn moves as [`Visitor::pawn_set`], none of them onto the last rank (the generator
    /// says so when no pawn stands on the seventh rank): a visitor may skip the promotions.
    #[inline(always)]
    fn pawn_moves(&mut self, to: Bitboard, offset: i32) {
        self.pawn_set(to, offset);
    }
    /// One move: of a special kind (en passant, castling; in the variants also a
    /// promotion to a king), or each move of a batch where `piece` and `pawn_set` are
    /// not overridden.
    fn special(&mut self, m: Move);
    /// Drops of a `role` from the pocket onto each square of `to` (crazyhouse).
    #[inline(always)]
    fn drops(&mut self, role: Role, to: Bitboard) {
        for sq in to {
            self.special(Move::drop(role, sq));
        }
    }
}

/// The role of the slider on `from` of a set of bishops and queens (`other` is
/// [`Role::Bishop`]) or of rooks and queens (`other` is [`Role::Rook`]): a visitor that
/// plays the moves needs it, the others leave it unused and it costs them nothing.
#[inline(always)]
pub(crate) fn slider_role(board: &Pieces, from: Square, other: Role) -> Role {
    if board.by_role(Role::Queen).contains(from) {
        Role::Queen
    } else {
        other
    }
}

/// Which legal moves to generate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Filter {
    /// Only pieces on these squares move.
    pub(crate) from: Bitboard,
    /// Moves that capture.
    pub(crate) captures: bool,
    /// Moves that do not capture (castling and non-capturing promotions included).
    pub(crate) quiets: bool,
}

impl Filter {
    pub(crate) const ALL: Filter = Filter {
        from: Bitboard::FULL,
        captures: true,
        quiets: true,
    };
}

/// Generates the legal moves of `pos` that pass `filter` into `v`.
#[inline(always)]
pub(crate) fn generate<S: SlidingAttacks, V: Visitor, P: Source>(
    pos: &P,
    filter: Filter,
    v: &mut V,
) {
    let kept = S::Occupancy::new(pos.pieces().occupied());
    generate_in::<S, V, P>(pos, &kept, filter, v);
}

/// [`generate`] with the occupancy as the method keeps it (`kept` must hold the board's
/// occupancy): slider attacks come from `kept` and its toggled copies, never from scratch.
#[inline(always)]
pub(crate) fn generate_in<S: SlidingAttacks, V: Visitor, P: Source>(
    pos: &P,
    kept: &S::Occupancy,
    filter: Filter,
    v: &mut V,
) {
    match pos.turn() {
        Color::White => generate_side::<S, V, P, true>(pos, kept, filter, v),
        Color::Black => generate_side::<S, V, P, false>(pos, kept, filter, v),
    }
}

/// The castling move of the side to move on `side`, if it is legal: the rule [`generate`]
/// applies to castling (a right, an empty path, the king not in check and crossing no
/// attacked square), without generating the king's other moves.
#[inline]
pub(crate) fn castling<S: SlidingAttacks, P: Source>(pos: &P, side: CastlingSide) -> Option<Move> {
    let board = pos.pieces();
    let occ = board.occupied();
    let rook = pos.castling_rooks(occ)[side.index()]?;
    let king = pos.our_king();
    if board.attackers_by(king, pos.turn().other(), occ).any() {
        return None;
    }
    let kept = S::Occupancy::new(occ);
    castling_is_legal::<S, P>(pos, &kept, king, rook).then(|| Move::castle(king, rook))
}

/// The squares a rook on each square attacks on an empty board.
static ROOK_RAYS: [Bitboard; 64] = rays(true);
/// The squares a bishop on each square attacks on an empty board.
static BISHOP_RAYS: [Bitboard; 64] = rays(false);

/// For each square of the king, where the attacks its moves ask about can come from:
/// bishops or queens, rooks or queens, knights (by index) on these squares reach, on an
/// empty board, a square of the king's zone: its neighbours, and on its rank every square
/// from the c-file to the g-file and to the king (where castling, standard or Chess960,
/// takes the king). `attacked_squares` looks up no other piece.
static KING_ZONE_REACH: [[Bitboard; 3]; 64] = king_zone_reach(true);

/// [`KING_ZONE_REACH`] for a zone of the king's neighbours only (the king cannot castle).
static KING_STEP_REACH: [[Bitboard; 3]; 64] = king_zone_reach(false);

/// The reach of [`KING_ZONE_REACH`], of the zone with the squares castling crosses when
/// `castling`, else of the king's neighbours.
const fn king_zone_reach(castling: bool) -> [[Bitboard; 3]; 64] {
    let diagonal = rays(false);
    let orthogonal = rays(true);
    let mut table = [[Bitboard::EMPTY; 3]; 64];
    let mut king = 0;
    while king < 64 {
        let (file, rank) = (king % 8, king / 8);
        let mut zone = reference::king_attacks(Square::ALL[king]).0;
        let (low, high) = (
            if file < 2 { file } else { 2 },
            if file > 6 { file } else { 6 },
        );
        let mut f = low;
        while castling && f <= high {
            zone |= 1 << (rank * 8 + f);
            f += 1;
        }
        zone &= !(1 << king);
        let mut reach = [0u64; 3];
        let mut sq = 0;
        while sq < 64 {
            if zone & (1 << sq) != 0 {
                reach[0] |= diagonal[sq].0;
                reach[1] |= orthogonal[sq].0;
                reach[2] |= reference::knight_attacks(Square::ALL[sq]).0;
            }
            sq += 1;
        }
        table[king] = [Bitboard(reach[0]), Bitboard(reach[1]), Bitboard(reach[2])];
        king += 1;
    }
    table
}

const fn rays(orthogonal: bool) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut bits = 0u64;
        let mut other = 0;
        while other < 64 {
            let (df, dr) = ((other % 8) as i32 - file, (other / 8) as i32 - rank);
            let on_line = if orthogonal {
                df == 0 || dr == 0
            } else {
                df == dr || df == -dr
            };
            if other != sq && on_line {
                bits |= 1 << other;
            }
            other += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

/// The pin rays and the slider checkers of the side whose king stands on `king`: for each
/// enemy slider on one of the king's lines with nothing between them, the slider (a
/// checker); with exactly one piece between, that piece being ours, the squares from the
/// king (exclusive) to the slider (inclusive), orthogonal and diagonal pins apart.
#[inline(always)]
fn pins_and_checks(
    board: &Pieces,
    king: Square,
    ours: Bitboard,
    theirs: Bitboard,
) -> (Bitboard, Bitboard, Bitboard) {
    let occ = board.occupied();
    let mut orth = Bitboard::EMPTY;
    let mut diag = Bitboard::EMPTY;
    let mut checkers = Bitboard::EMPTY;
    for sniper in ROOK_RAYS[king as usize] & board.rooks_and_queens() & theirs {
        let ray = at::between(king, sniper);
        let blockers = ray & occ;
        let sniper_bb = Bitboard::from_square(sniper);
        checkers |= if blockers.is_empty() {
            sniper_bb
        } else {
            Bitboard::EMPTY
        };
        orth |= if !blockers.more_than_one() && (blockers & ours).any() {
            ray | sniper_bb
        } else {
            Bitboard::EMPTY
        };
    }
    for sniper in BISHOP_RAYS[king as usize] & board.bishops_and_queens() & theirs {
        let ray = at::between(king, sniper);
        let blockers = ray & occ;
        let sniper_bb = Bitboard::from_square(sniper);
        checkers |= if blockers.is_empty() {
            sniper_bb
        } else {
            Bitboard::EMPTY
        };
        diag |= if !blockers.more_than_one() && (blockers & ours).any() {
            ray | sniper_bb
        } else {
            Bitboard::EMPTY
        };
    }
    (orth, diag, checkers)
}

/// The squares the side `them` attacks, with `occ` as the blockers (the mover's king lifted
/// off, so that it cannot step back along a checking ray): exact on the zone of the king on
/// `king` (see [`KING_ZONE_REACH`]), a subset elsewhere. The pieces that cannot reach the
/// zone are not looked up: in Kiwipete one of Black's six sliders reaches White's zone.
#[inline(always)]
fn attacked_squares<S: SlidingAttacks, const WHITE: bool>(
    board: &Pieces,
    theirs: Bitboard,
    occ: &S::Occupancy,
    king: Square,
) -> Bitboard {
    let [diagonal, orthogonal, knight] = KING_ZONE_REACH[king as usize];
    leaper_attacks::<WHITE>(board, theirs, knight)
        | slider_attacks::<S>(board, theirs, occ, diagonal, orthogonal)
}

/// The squares the pawns, the king and the knights on `knight_reach` of the side `them`
/// (the side not to move, `WHITE` being the side to move) attack: no lookup but a table's.
#[inline(always)]
fn leaper_attacks<const WHITE: bool>(
    board: &Pieces,
    theirs: Bitboard,
    knight_reach: Bitboard,
) -> Bitboard {
    // `them` is black when we are white: their pawns attack down the board.
    let pawns = board.pawns() & theirs;
    let mut danger = if WHITE {
        pawns.shift(Direction::SouthEast) | pawns.shift(Direction::SouthWest)
    } else {
        pawns.shift(Direction::NorthEast) | pawns.shift(Direction::NorthWest)
    };
    for sq in board.kings() & theirs {
        danger |= at::king_attacks(sq);
    }
    for sq in board.knights() & theirs & knight_reach {
        danger |= at::knight_attacks(sq);
    }
    danger
}

/// The squares the bishops and queens on `diagonal_reach` and the rooks and queens on
/// `orthogonal_reach` of `theirs` attack, with `occ` as the blockers.
#[inline(always)]
fn slider_attacks<S: SlidingAttacks>(
    board: &Pieces,
    theirs: Bitboard,
    occ: &S::Occupancy,
    diagonal_reach: Bitboard,
    orthogonal_reach: Bitboard,
) -> Bitboard {
    let mut danger = Bitboard::EMPTY;
    for sq in board.bishops_and_queens() & theirs & diagonal_reach {
        danger |= S::bishop_in(sq, occ);
    }
    for sq in board.rooks_and_queens() & theirs & orthogonal_reach {
        danger |= S::rook_in(sq, occ);
    }
    danger
}

#[inline(always)]
fn generate_side<S: SlidingAttacks, V: Visitor, P: Source, const WHITE: bool>(
    pos: &P,
    kept: &S::Occupancy,
    filter: Filter,
    v: &mut V,
) {
    let board = pos.pieces();
    let us = Color::from_white(WHITE);
    let ours = board.by_color(us);
    let theirs = board.by_color(us.other());
    let occ = board.occupied();
    let king = pos.our_king();
    // The checkers come with the pins (the position finds them only when asked): the
    // sliders from the lines through the king, the rest from the king's square.
    let (pin_orth, pin_diag, slider_checkers) = pins_and_checks(board, king, ours, theirs);
    let checkers = slider_checkers
        | (at::knight_attacks(king) & board.knights() & theirs)
        | (at::pawn_attacks(us, king) & board.pawns() & theirs);
    debug_assert_eq!(checkers, board.attackers_by(king, us.other(), occ));

    // Destinations allowed by the capture/quiet filter.
    let mut dest = Bitboard::EMPTY;
    if filter.captures {
        dest |= theirs;
    }
    if filter.quiets {
        dest |= !occ;
    }

    // The king: to any square the opponent does not attack once the king has left its own,
    // and castling (a quiet move, never out of check).
    if filter.from.contains(king) {
        let steps = at::king_attacks(king) & dest;
        // The castling moves whose squares are empty: only they need the attack test.
        let rooks = if filter.quiets && checkers.is_empty() {
            pos.castling_rooks(occ)
        } else {
            [None; 2]
        };
        let castling = rooks[0].is_some() || rooks[1].is_some();
        if !castling && !steps.more_than_one() {
            // At most one square to test: ask who attacks it rather than map every
            // square the opponent attacks.
            if let Some(to) = steps.single_square() {
                let safe = board
                    .attackers_by_in::<S>(to, us.other(), &kept.toggled(king))
                    .is_empty();
                if safe {
                    v.piece(Role::King, king, steps);
                }
            }
        } else if !castling {
            // Steps only, two or more: the pawns, the king and the knights take theirs away
            // without a lookup, and only the squares they leave ask the sliders (one square
            // by its attackers, more by a map of the sliders reaching the king's
            // neighbours). Fewer instructions than mapping every attack of the zone: 2.9%
            // (start position, perft 5) and 1.1% (Kiwipete, perft 4).
            let [diagonal, orthogonal, knight] = KING_STEP_REACH[king as usize];
            let steps = steps - leaper_attacks::<WHITE>(board, theirs, knight);
            let lifted = kept.toggled(king);
            if let Some(to) = steps.single_square() {
                let attackers = ((S::rook_in(to, &lifted) & board.rooks_and_queens())
                    | (S::bishop_in(to, &lifted) & board.bishops_and_queens()))
                    & theirs;
                if attackers.is_empty() {
                    v.piece(Role::King, king, steps);
                }
            } else if steps.any() {
                let danger = slider_attacks::<S>(board, theirs, &lifted, diagonal, orthogonal);
                v.piece(Role::King, king, steps - danger);
            }
        } else {
            let danger = attacked_squares::<S, WHITE>(board, theirs, &kept.toggled(king), king);
            v.piece(Role::King, king, steps & !danger);
            // The two sides one after the other: a loop over the pair kept it on the
            // stack (a closure, not inlined, cost every-leaf perft a fifth).
            let paths = pos.castling_paths(king, rooks);
            debug_assert_eq!(
                paths,
                rooks.map(|r| r.map_or(Bitboard::EMPTY, |r| corner_castling_path(king, r)))
            );
            if let Some(rook) = rooks[0] {
                castle::<S, V, P>(pos, kept, king, rook, paths[0], danger, v);
            }
            if let Some(rook) = rooks[1] {
                castle::<S, V, P>(pos, kept, king, rook, paths[1], danger, v);
            }
        }
    }
    if checkers.more_than_one() {
        return;
    }

    // Not in check and nothing pinned, the common case: the pieces' moves are generated by
    // the same code with the pins and the check target constants, which folds their masks
    // away.
    if (checkers | pin_orth | pin_diag).is_empty() {
        gen_pieces::<S, V, P, WHITE, false>(pos, kept, filter, dest, [Bitboard::EMPTY; 3], king, v);
    } else {
        gen_pieces::<S, V, P, WHITE, true>(
            pos,
            kept,
            filter,
            dest,
            [checkers, pin_orth, pin_diag],
            king,
            v,
        );
    }
}

/// The moves of the pieces other than the king, `dest` allowed by the filter, with the
/// checkers and pin rays `[checkers, pin_orth, pin_diag]` (at most one checker) when
/// `RESTRICTED`, else none whatever the array holds.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn gen_pieces<
    S: SlidingAttacks,
    V: Visitor,
    P: Source,
    const WHITE: bool,
    const RESTRICTED: bool,
>(
    pos: &P,
    kept: &S::Occupancy,
    filter: Filter,
    dest: Bitboard,
    restrictions: [Bitboard; 3],
    king: Square,
    v: &mut V,
) {
    let board = pos.pieces();
    let ours = board.by_color(Color::from_white(WHITE));
    let [checkers, pin_orth, pin_diag] = if RESTRICTED {
        restrictions
    } else {
        [Bitboard::EMPTY; 3]
    };
    // In check: capture the checker or block; otherwise anything.
    let target = match checkers.single_square() {
        Some(checker) => at::between(king, checker) | checker,
        None => Bitboard::FULL,
    };
    let pinned = pin_orth | pin_diag;
    let movable = ours & filter.from;
    let dest_target = dest & target;

    // Knights (a pinned knight can never move).
    for from in movable & board.knights() & !pinned {
        v.piece(Role::Knight, from, at::knight_attacks(from) & dest_target);
    }
    // Sliders: free ones anywhere, pinned ones along their pin (a piece pinned on a
    // diagonal has no orthogonal move and the other way round).
    let diag = movable & board.bishops_and_queens() & !pin_orth;
    let orth = movable & board.rooks_and_queens() & !pin_diag;
    for from in diag - pin_diag {
        v.piece(
            slider_role(board, from, Role::Bishop),
            from,
            S::bishop_in(from, kept) & dest_target,
        );
    }
    for from in diag & pin_diag {
        v.piece(
            slider_role(board, from, Role::Bishop),
            from,
            S::bishop_in(from, kept) & dest_target & pin_diag,
        );
    }
    for from in orth - pin_orth {
        v.piece(
            slider_role(board, from, Role::Rook),
            from,
            S::rook_in(from, kept) & dest_target,
        );
    }
    for from in orth & pin_orth {
        v.piece(
            slider_role(board, from, Role::Rook),
            from,
            S::rook_in(from, kept) & dest_target & pin_orth,
        );
    }

    let pawns = movable & board.pawns();
    if pawns.any() {
        gen_pawns::<S, V, P, WHITE>(
            pos,
            kept,
            filter,
            pawns,
            (pin_orth, pin_diag),
            target,
            king,
            v,
        );
    }
}

#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn gen_pawns<S: SlidingAttacks, V: Visitor, P: Source, const WHITE: bool>(
    pos: &P,
    kept: &S::Occupancy,
    filter: Filter,
    pawns: Bitboard,
    (pin_orth, pin_diag): (Bitboard, Bitboard),
    target: Bitboard,
    king: Square,
    v: &mut V,
) {
    let board = pos.pieces();
    let us = Color::from_white(WHITE);
    let theirs = board.by_color(us.other());
    let empty = !board.occupied();
    let (forward, left, right) = if WHITE {
        (Direction::North, Direction::NorthWest, Direction::NorthEast)
    } else {
        (Direction::South, Direction::SouthWest, Direction::SouthEast)
    };
    let capture_target = if filter.captures {
        theirs & target
    } else {
        Bitboard::EMPTY
    };
    let push_target = if filter.quiets {
        empty & target
    } else {
        Bitboard::EMPTY
    };

    // Pushes: no pawn pinned on a diagonal moves forward; one pinned on a rank or file only
    // along its pin (its file: the square ahead is then on the pin ray, and so is the next).
    let pushers = pawns - pin_diag;
    let one = ((pushers - pin_orth).shift(forward)
        | ((pushers & pin_orth).shift(forward) & pin_orth))
        & empty;
    let third = Bitboard::relative_rank(us, Rank::Third);
    let two = (one & third).shift(forward) & push_target;
    // Without a pawn on the seventh rank no move promotes (most nodes): the visitor is
    // told, so that a counter does not count promotions apart (fewer instructions for
    // Kiwipete's perft).
    let promoting = (pawns & Bitboard::relative_rank(us, Rank::Seventh)).any();
    if promoting {
        v.pawn_set(one & push_target, forward.offset());
    } else {
        v.pawn_moves(one & push_target, forward.offset());
    }
    v.pawn_moves(two, 2 * forward.offset());

    // Captures: no pawn pinned on a rank or file captures; one pinned on a diagonal only
    // along it (onto its pinner).
    let capturers = pawns - pin_orth;
    let free = capturers - pin_diag;
    let pinned = capturers & pin_diag;
    let to_left = (free.shift(left) | (pinned.shift(left) & pin_diag)) & capture_target;
    let to_right = (free.shift(right) | (pinned.shift(right) & pin_diag)) & capture_target;
    if promoting {
        v.pawn_set(to_left, left.offset());
        v.pawn_set(to_right, right.offset());
    } else {
        v.pawn_moves(to_left, left.offset());
        v.pawn_moves(to_right, right.offset());
    }

    // En passant: simulate the capture and look for a check along the freed lines.
    if filter.captures {
        if let Some(ep) = pos.ep_square() {
            // The pushed pawn stands one rank behind the en-passant square, seen from us.
            let captured = Square::new_masked((ep as i32 + us.fold(-8, 8)) as u32);
            for from in at::pawn_attacks(us.other(), ep) & pawns {
                let occ = kept.toggled(from).toggled(captured).toggled(ep);
                let them = us.other();
                let theirs_after = board.by_color(them) - captured;
                let checked = (S::rook_in(king, &occ) & board.rooks_and_queens() & theirs_after)
                    .any()
                    || (S::bishop_in(king, &occ) & board.bishops_and_queens() & theirs_after).any()
                    || (at::knight_attacks(king) & board.knights() & theirs_after).any()
                    || (at::pawn_attacks(us, king) & board.pawns() & theirs_after).any();
                if !checked {
                    v.special(Move::en_passant(from, ep));
                }
            }
        }
    }
}

/// Castling with the rook on `rook` if it is legal, the side to move not in check, the
/// path empty and `danger` holding (at least) the attacked squares of the king's zone;
/// `path` is [`corner_castling_path`]'s.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn castle<S: SlidingAttacks, V: Visitor, P: Source>(
    pos: &P,
    kept: &S::Occupancy,
    king: Square,
    rook: Square,
    path: Bitboard,
    danger: Bitboard,
    v: &mut V,
) {
    let legal = if path.any() {
        // The rook in its corner: lifting it uncovers nothing on the king's path (only the
        // board's edge is behind it), and with the king not in check neither does lifting
        // the king. So `danger` decides.
        (path & danger).is_empty()
    } else {
        castling_is_legal::<S, P>(pos, kept, king, rook)
    };
    if legal {
        v.special(Move::castle(king, rook));
    }
}

/// Whether `sq` is attacked by `by` with `occ` as blockers (the board's rule, with the
/// method `S`).
#[inline(always)]
fn attacked<S: SlidingAttacks, P: Source>(
    pos: &P,
    sq: Square,
    by: Color,
    occ: &S::Occupancy,
) -> bool {
    pos.pieces().attackers_by_in::<S>(sq, by, occ).any()
}

/// Whether the side to move (not in check, the castling path empty) may castle with the
/// rook on `rook` now: the rule in full, for Chess960 (any king and rook squares).
#[inline(never)]
fn castling_is_legal<S: SlidingAttacks, P: Source>(
    pos: &P,
    kept: &S::Occupancy,
    king: Square,
    rook: Square,
) -> bool {
    let us = pos.turn();
    let king_to = Move::castle(king, rook).king_to();
    let occ_after = kept.toggled(king).toggled(rook);
    let king_path = at::between(king, king_to) | king_to;
    for sq in king_path {
        if attacked::<S, P>(pos, sq, us.other(), &occ_after) {
            return false;
        }
    }
    // In Chess960 the king may already stand on its destination (the path above is then
    // empty); the rook's departure could still uncover an attack along the back rank.
    king != king_to || !attacked::<S, P>(pos, king, us.other(), &occ_after)
}
