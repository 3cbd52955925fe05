//! Static exchange evaluation: the material balance of the exchanges on one square.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Move, Role, Square};
use chessbits_position::{Board, Position};

/// The material value of each role, for [`see_with`] and [`see_ge_with`].
///
/// The king's value only matters when the move being evaluated puts the king itself where
/// it can be taken (an illegal move); keep it larger than everything else together.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceValues {
    /// Value of a pawn.
    pub pawn: i32,
    /// Value of a knight.
    pub knight: i32,
    /// Value of a bishop.
    pub bishop: i32,
    /// Value of a rook.
    pub rook: i32,
    /// Value of a queen.
    pub queen: i32,
    /// Value of a king.
    pub king: i32,
}

impl PieceValues {
    /// 100, 300, 300, 500, 900, and 20,000 for the king: the values of the classic
    /// hand-checked SEE cases (`tests/see.rs`).
    pub const STANDARD: PieceValues = PieceValues {
        pawn: 100,
        knight: 300,
        bishop: 300,
        rook: 500,
        queen: 900,
        king: 20_000,
    };

    /// The value of `role`.
    #[inline]
    #[must_use]
    pub const fn of(&self, role: Role) -> i32 {
        match role {
            Role::Pawn => self.pawn,
            Role::Knight => self.knight,
            Role::Bishop => self.bishop,
            Role::Rook => self.rook,
            Role::Queen => self.queen,
            Role::King => self.king,
        }
    }
}

impl Default for PieceValues {
    fn default() -> PieceValues {
        PieceValues::STANDARD
    }
}

/// [`see_with`] with [`PieceValues::STANDARD`].
#[must_use]
pub fn see(pos: &Position, m: Move) -> i32 {
    see_with(pos, m, &PieceValues::STANDARD)
}

/// The static exchange evaluation of `m`: the material the side to move wins (or, if
/// negative, loses) when `m` is played and then both sides capture on `m.to()` for as long
/// as it pays, each capturing with its least valuable piece and free to stop.
///
/// The model, which `tests/see.rs` checks against a search of every capture order:
///
/// - captures on the square only, by the pieces that attack it through the current
///   occupancy; a slider behind a piece that has captured joins in (x-rays through pieces of
///   either colour are revealed as pieces leave);
/// - pins and checks are ignored, except that a king never captures onto a square the other
///   side still attacks;
/// - a pawn capturing onto the last rank becomes a queen (the gain is the captured piece plus
///   queen minus pawn); the promotion of `m` itself counts as its promotion piece;
/// - an en-passant capture wins a pawn; castling and the null move are 0.
///
/// `m` should be pseudo-legal (as every legal move is); anything else gives some number
/// without panicking.
#[must_use]
pub fn see_with(pos: &Position, m: Move, values: &PieceValues) -> i32 {
    let Some(start) = Exchange::start(pos, m, values) else {
        return 0;
    };
    start.resolve(pos.board(), values)
}

/// [`see_ge_with`] with [`PieceValues::STANDARD`].
#[must_use]
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    see_ge_with(pos, m, threshold, &PieceValues::STANDARD)
}

/// Whether [`see_with`]`(pos, m, values) >= threshold`, the question a search asks most
/// (prune a capture that loses material, order winning ones first). The same exchange, but
/// walked as a yes/no question: each capture turns the threshold into one for the other
/// side, and the walk stops as soon as the answer cannot change (no gain array, no walk
/// back).
#[must_use]
pub fn see_ge_with(pos: &Position, m: Move, threshold: i32, values: &PieceValues) -> bool {
    let Some(mut exchange) = Exchange::start(pos, m, values) else {
        return 0 >= threshold;
    };
    let board = pos.board();
    // The question is "the capturing side's best <= margin" (`at_most`) or ">= margin",
    // starting with the opponent's reply: "is it at most first gain - threshold?".
    let mut margin = exchange.first_gain.saturating_sub(threshold);
    let mut at_most = true;
    loop {
        if at_most && margin < 0 {
            return false;
        }
        if !at_most && margin <= 0 {
            return true;
        }
        // No capture: the side's best is 0, which is at most a margin >= 0 and never at
        // least a margin > 0.
        let Some(gain) = exchange.capture(board, values) else {
            return at_most;
        };
        margin = gain.saturating_sub(margin);
        at_most = !at_most;
    }
}

/// [`see_exact_with`] with [`PieceValues::STANDARD`].
#[must_use]
pub fn see_exact(pos: &Position, m: Move) -> i32 {
    see_exact_with(pos, m, &PieceValues::STANDARD)
}

/// The exchange value of `m` with every order of captures considered, not only
/// least-valuable-first: the true minimax value of [`see_with`]'s model. It differs from
/// [`see_with`] where capturing with the cheapest piece would uncover a slider of the other
/// side behind it (rare: one capture in 39,025 of the test positions). A search, slower and
/// unbounded in contrived positions; for analysis and tests more than for a search's inner
/// loop.
///
/// Each side tries its attackers cheapest first and skips a piece when one of the same
/// role that uncovers nothing was already tried; a capture that cannot beat the best found
/// (its gain is at most that) is not searched.
#[must_use]
pub fn see_exact_with(pos: &Position, m: Move, values: &PieceValues) -> i32 {
    let Some(start) = Exchange::start(pos, m, values) else {
        return 0;
    };
    let board = pos.board();
    start.first_gain
        - best_reply(
            board,
            values,
            start.to,
            start.occupied,
            start.side,
            start.on_square,
            start.promotes,
        )
}

/// What `side` can win by capturing (or not) on `to`, where a piece worth `on_square`
/// stands and `occupied` holds the pieces still on the board.
fn best_reply(
    board: &Board,
    values: &PieceValues,
    to: Square,
    occupied: Bitboard,
    side: Color,
    on_square: i32,
    promotes: bool,
) -> i32 {
    let attackers = board.attackers_to(to, occupied) & occupied;
    let ours = attackers & board.by_color(side);
    let mut best = 0;
    for role in Role::ALL {
        let mut plain_tried = false;
        for sq in ours & board.by_role(role) {
            let after = occupied.without(sq);
            let now = board.attackers_to(to, after) & after;
            // Pieces of one role that uncover nothing lead to the same exchanges.
            let uncovers = now != attackers.without(sq);
            if !uncovers {
                if plain_tried {
                    continue;
                }
                plain_tried = true;
            }
            if role == Role::King && (now & board.by_color(side.other())).any() {
                continue;
            }
            let (gain, standing) = if role == Role::Pawn && promotes {
                (on_square + values.queen - values.pawn, values.queen)
            } else {
                (on_square, values.of(role))
            };
            if gain <= best {
                continue;
            }
            let reply = if (now & board.by_color(side.other())).is_empty() {
                0
            } else {
                best_reply(board, values, to, after, side.other(), standing, promotes)
            };
            best = best.max(gain - reply);
        }
    }
    best
}

/// The state after `m`: what the exchange starts from.
struct Exchange {
    to: Square,
    occupied: Bitboard,
    attackers: Bitboard,
    /// The side to capture next.
    side: Color,
    /// Value of the piece now on `to`.
    on_square: i32,
    first_gain: i32,
    /// Whether a pawn capturing on `to` promotes.
    promotes: bool,
}

impl Exchange {
    #[inline]
    fn start(pos: &Position, m: Move, values: &PieceValues) -> Option<Exchange> {
        if m.is_castle() || m.is_null() {
            return None;
        }
        let board = pos.board();
        let (from, to) = (m.from(), m.to());
        let mover = board.piece_at(from)?;
        let mut occupied = board.occupied().without(from);
        let mut first_gain = match board.role_at(to) {
            Some(victim) => values.of(victim),
            None => 0,
        };
        if m.is_en_passant() {
            occupied.remove(m.ep_victim());
            first_gain = values.pawn;
        }
        let mut on_square = values.of(mover.role);
        if let Some(promoted) = m.promotion() {
            first_gain += values.of(promoted) - values.pawn;
            on_square = values.of(promoted);
        }
        Some(Exchange {
            to,
            occupied,
            attackers: board.attackers_to(to, occupied) & occupied,
            side: mover.color.other(),
            on_square,
            first_gain,
            promotes: Bitboard::BACKRANKS.contains(to),
        })
    }

    /// The next capture: the side to move takes on `to` with its least valuable attacker
    /// (a king only where the other side would not attack it), the slider behind that piece
    /// joins in, and the turn passes. Returns what the capture gains (the piece taken, plus
    /// queen minus pawn for a promoting pawn), or `None` if the side has no capture.
    #[inline]
    fn capture(&mut self, board: &Board, values: &PieceValues) -> Option<i32> {
        let ours = self.attackers & board.by_color(self.side);
        let (role, sq) = least_valuable(board, ours)?;
        let after = self.occupied.without(sq);
        if role == Role::King
            && (board.attackers_to(self.to, after) & after & board.by_color(self.side.other()))
                .any()
        {
            return None;
        }
        let mut gain = self.on_square;
        self.on_square = values.of(role);
        if role == Role::Pawn && self.promotes {
            gain += values.queen - values.pawn;
            self.on_square = values.queen;
        }
        self.occupied = after;
        // Reveal the slider behind the piece that left, if any.
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen | Role::King) {
            self.attackers |= at::bishop_attacks(self.to, after) & board.bishops_and_queens();
        }
        if matches!(role, Role::Rook | Role::Queen | Role::King) {
            self.attackers |= at::rook_attacks(self.to, after) & board.rooks_and_queens();
        }
        self.attackers &= after;
        self.side = self.side.other();
        Some(gain)
    }

    /// The swap algorithm: play out the captures by least valuable attacker, recording the
    /// speculative balance after each, then let each side stop where stopping is better,
    /// from the last capture back to the first.
    #[inline]
    fn resolve(mut self, board: &Board, values: &PieceValues) -> i32 {
        // At most 30 captures follow the first (32 pieces, two kings that never are taken).
        let mut gain = [0i32; 33];
        gain[0] = self.first_gain;
        let mut depth = 0;
        while depth + 1 < gain.len() {
            let Some(captured) = self.capture(board, values) else {
                break;
            };
            gain[depth + 1] = captured - gain[depth];
            depth += 1;
        }
        while depth > 0 {
            gain[depth - 1] = -core::cmp::max(-gain[depth - 1], gain[depth]);
            depth -= 1;
        }
        gain[0]
    }
}

/// The least valuable piece among `candidates` (pawn first, king last) and its square.
#[inline]
fn least_valuable(board: &Board, candidates: Bitboard) -> Option<(Role, Square)> {
    Role::ALL.into_iter().find_map(|role| {
        (candidates & board.by_role(role))
            .lsb()
            .map(|sq| (role, sq))
    })
}
