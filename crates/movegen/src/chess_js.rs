//! chess.js's rules where they are its own: the order it lists moves in (square by square
//! from a8 to h1, each piece's directions in its fixed order, castling last) and the moves
//! of boards that are no legal position, which chess.js plays as it plays any board (no
//! king: every pseudo-legal move; pieces beyond sixteen, a ninth pawn, the side not to move
//! in check: moves as usual). [`chess_js_order`] sorts the legal generator's moves of a
//! position into its order; [`ChessJsBoard`] generates, writes in SAN and plays the moves
//! of any [`Setup`] by its rules. On a legal position both give the same moves.

use alloc::string::String;
use alloc::vec::Vec;

use chessbits_bitboard_core::{Bitboard, Color, File, Move, Piece, Rank, Role, Square};
use chessbits_position::{Board, Setup};

/// The directions of the queen and king in chess.js's order, as (file, rank) steps; the
/// rook's and bishop's are the same list's straight and diagonal ones, in the same order.
const LINES: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
];
/// The knight's jumps in chess.js's order, as (file, rank) steps.
const JUMPS: [(i32, i32); 8] = [
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
];
/// The promotion pieces in chess.js's order.
const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// The place of each direction in [`LINES`], by `(file step + 1) * 3 + rank step + 1`.
const LINE_RANK: [u32; 9] = {
    let mut out = [0; 9];
    let mut i = 0;
    while i < LINES.len() {
        let (df, dr) = LINES[i];
        out[((df + 1) * 3 + dr + 1) as usize] = i as u32;
        i += 1;
    }
    out
};
/// The place of each jump in [`JUMPS`], by `(file step + 2) * 5 + rank step + 2`.
const JUMP_RANK: [u32; 25] = {
    let mut out = [0; 25];
    let mut i = 0;
    while i < JUMPS.len() {
        let (df, dr) = JUMPS[i];
        out[((df + 2) * 5 + dr + 2) as usize] = i as u32;
        i += 1;
    }
    out
};

/// The place of a square in chess.js's order: a8 first, h1 last.
fn square_rank(sq: Square) -> u32 {
    (7 - sq.rank().index() as u32) * 8 + sq.file().index() as u32
}

fn promotion_rank(role: Option<Role>) -> u32 {
    role.and_then(|r| PROMOTIONS.iter().position(|&p| p == r))
        .map_or(0, |i| i as u32)
}

/// Where chess.js lists `m` among the moves of `board` (`m` played by the piece on its
/// origin): a smaller key comes first.
fn order_key(board: &Board, m: Move) -> u32 {
    if m.is_castle() {
        // After every other move; the king's side first.
        let queen_side = m.to().file() < m.from().file();
        return 64 * 64 * 4 + u32::from(queen_side);
    }
    let (from, to) = (m.from(), m.to());
    let df = to.file().index() as i32 - from.file().index() as i32;
    let dr = to.rank().index() as i32 - from.rank().index() as i32;
    let within = match board.role_at(from) {
        Some(Role::Pawn) => {
            // The push, the double push, then the captures: White's towards the a-file
            // first, Black's towards the h-file first.
            let step = if df == 0 {
                u32::from(dr.abs() == 2)
            } else if (df < 0) == (dr > 0) {
                2
            } else {
                3
            };
            step * 4 + promotion_rank(m.promotion())
        }
        Some(Role::Knight) => JUMP_RANK[((df + 2) * 5 + dr + 2) as usize],
        _ => {
            let line = LINE_RANK[((df.signum() + 1) * 3 + dr.signum() + 1) as usize];
            line * 8 + df.abs().max(dr.abs()) as u32
        }
    };
    square_rank(from) * 64 + within
}

/// Sorts `moves` (moves of `board`'s side to move) into chess.js's order.
pub fn chess_js_order(board: &Board, moves: &mut [Move]) {
    // Each key once (a sort asks for keys many times over), the move in its low bits.
    let mut keyed = [0u64; 256];
    if moves.len() > keyed.len() {
        moves.sort_unstable_by_key(|&m| order_key(board, m));
        return;
    }
    let keyed = &mut keyed[..moves.len()];
    for (k, &m) in keyed.iter_mut().zip(moves.iter()) {
        *k = (u64::from(order_key(board, m)) << 32) | u64::from(m.to_bits());
    }
    keyed.sort_unstable();
    for (slot, &k) in moves.iter_mut().zip(keyed.iter()) {
        *slot = Move::from_bits(k as u16);
    }
}

/// chess.js's `strippedSan`: `text` without its first `=`, then without a trailing `+` or
/// `#` and the `!` and `?` after it. chess.js's strict parser takes a move whose SAN so
/// stripped is the text so stripped, and nothing else.
#[must_use]
pub fn chess_js_stripped_san(text: &str) -> String {
    let mut s = String::from(text);
    if let Some(i) = s.find('=') {
        s.remove(i);
    }
    let kept = s.trim_end_matches(['?', '!']).len();
    s.truncate(kept);
    if s.ends_with(['+', '#']) {
        s.pop();
    }
    s
}

/// The square chess.js keeps as each side's king (White's first): where the king was put
/// or last moved to. A king taken (on a board where the side not to move was in check)
/// leaves its square there, so that the side is "in check" while that square is attacked.
pub type ChessJsKings = [Option<Square>; 2];

/// The kings chess.js keeps for `board` when it is loaded: each side's first in its order.
#[must_use]
pub fn chess_js_kings(board: &Board) -> ChessJsKings {
    [king_of(board, Color::White), king_of(board, Color::Black)]
}

/// chess.js's `put`: refused (false) for a second king of a side (a king of the side is
/// kept, see [`ChessJsKings`], on another square); a king replaced is forgotten.
pub fn chess_js_put(board: &mut Board, kings: &mut ChessJsKings, piece: Piece, sq: Square) -> bool {
    if piece.role == Role::King && kings[piece.color.index()].is_some_and(|k| k != sq) {
        return false;
    }
    if let Some(old) = board.discard(sq) {
        if old.role == Role::King {
            kings[old.color.index()] = None;
        }
    }
    board.put(sq, piece);
    if piece.role == Role::King {
        kings[piece.color.index()] = Some(sq);
    }
    true
}

/// `board` as chess.js's `load` places it: piece by piece from a8 to h1, each through
/// [`chess_js_put`], so that a second king of a side is left out.
#[must_use]
pub fn chess_js_loaded(board: &Board) -> (Board, ChessJsKings) {
    let mut squares: Vec<Square> = board.occupied().into_iter().collect();
    squares.sort_unstable_by_key(|&sq| square_rank(sq));
    let mut out = Board::empty();
    let mut kings = [None, None];
    for sq in squares {
        if let Some(piece) = board.piece_at(sq) {
            chess_js_put(&mut out, &mut kings, piece, sq);
        }
    }
    (out, kings)
}

/// chess.js's `remove`: the piece taken off `sq`, a king forgotten.
pub fn chess_js_remove(board: &mut Board, kings: &mut ChessJsKings, sq: Square) -> Option<Piece> {
    let piece = board.discard(sq)?;
    if piece.role == Role::King {
        kings[piece.color.index()] = None;
    }
    Some(piece)
}

/// chess.js's `undo` of `m` on `now`, `before` holding the state `m` was played in and
/// `moved` chess.js's record of it: the turn, rights, en-passant square and counters of
/// `before`; the piece that moved back on its origin (the destination emptied), what it
/// took put back, a castling rook moved back. On a board edited since the move, the edit
/// stays (chess.js undoes moves on the edited board).
#[must_use]
pub fn chess_js_unmake(now: &Setup, m: Move, before: &Setup, moved: ChessJsMoved) -> Setup {
    let mut s = now.clone();
    s.turn = before.turn;
    s.castling_rights = before.castling_rights;
    s.ep_square = before.ep_square;
    s.halfmoves = before.halfmoves;
    s.fullmoves = before.fullmoves;
    if m.is_null() {
        return s;
    }
    let (us, them) = (before.turn, before.turn.other());
    let from = m.from();
    let to = if m.is_castle() { m.king_to() } else { m.to() };
    s.board.discard(to);
    s.board.discard(from);
    s.board.put(from, moved.role.of(us));
    if m.is_en_passant() {
        if let Some(taken) = to.offset(0, us.fold(-1, 1)) {
            s.board.discard(taken);
            s.board.put(taken, Role::Pawn.of(them));
        }
    } else if m.is_castle() {
        let rank = to.rank();
        let (rook_now, rook_home) = if m.to().file() > from.file() {
            (File::F, File::H)
        } else {
            (File::D, File::A)
        };
        let rook = s.board.discard(Square::from_coords(rook_now, rank));
        let home = Square::from_coords(rook_home, rank);
        s.board.discard(home);
        if let Some(r) = rook {
            s.board.put(home, r);
        }
    } else if let Some(taken) = moved.captured {
        s.board.put(to, taken.of(them));
    }
    s
}

/// What chess.js's record of a move keeps of the board it was played on: the piece that
/// moved and the piece it took (a pawn for en passant).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChessJsMoved {
    /// The moving piece's role.
    pub role: Role,
    /// The role of the piece taken, if any.
    pub captured: Option<Role>,
}

/// A board as chess.js plays it, whatever it holds: [`Setup`] with chess.js's rules.
#[derive(Copy, Clone, Debug)]
pub struct ChessJsBoard<'a> {
    /// The placement, turn, castling rights (standard: the corner rooks) and en-passant
    /// square.
    pub setup: &'a Setup,
    /// The kings' squares as chess.js keeps them.
    pub kings: ChessJsKings,
}

/// The king of `color` chess.js knows: the first in its order (a8 to h1).
fn king_of(board: &Board, color: Color) -> Option<Square> {
    board
        .by_piece(Role::King.of(color))
        .into_iter()
        .min_by_key(|&sq| square_rank(sq))
}

/// `setup`'s castling rights as chess.js keeps them after an edit: a side's right only
/// while its king stands on the e-file square and its rook in the corner.
pub fn chess_js_castling_rights(setup: &Setup) -> Bitboard {
    let b = &setup.board;
    let mut out = Bitboard::EMPTY;
    for color in [Color::White, Color::Black] {
        let rank = color.fold(Rank::First, Rank::Eighth);
        if b.piece_at(Square::from_coords(File::E, rank)) != Some(Role::King.of(color)) {
            continue;
        }
        for file in [File::A, File::H] {
            let corner = Square::from_coords(file, rank);
            if setup.castling_rights.contains(corner)
                && b.piece_at(corner) == Some(Role::Rook.of(color))
            {
                out.insert(corner);
            }
        }
    }
    out
}

impl<'a> ChessJsBoard<'a> {
    /// `setup` as chess.js loads it (its kings where they stand).
    #[must_use]
    pub fn new(setup: &'a Setup) -> Self {
        ChessJsBoard {
            setup,
            kings: chess_js_kings(&setup.board),
        }
    }

    /// The kings after `m` (one of its moves): the side's moved where its king moves.
    #[must_use]
    pub fn kings_after(&self, m: Move) -> ChessJsKings {
        let mut kings = self.kings;
        let us = self.setup.turn;
        if !m.is_null() && self.setup.board.piece_at(m.from()) == Some(Role::King.of(us)) {
            kings[us.index()] = Some(if m.is_castle() { m.king_to() } else { m.to() });
        }
        kings
    }

    /// Whether `square` is attacked by `by`'s pieces.
    fn attacked(&self, square: Square, by: Color) -> bool {
        let b = &self.setup.board;
        b.is_attacked_by(square, by, b.occupied())
    }

    /// Whether the side to move's king is attacked (false without a king).
    #[must_use]
    pub fn is_check(&self) -> bool {
        let s = self.setup;
        self.kings[s.turn.index()].is_some_and(|k| self.attacked(k, s.turn.other()))
    }

    /// The pseudo-legal moves of the side to move in chess.js's order, only from `square`
    /// and of `role` where given.
    #[must_use]
    pub fn pseudo_legal_moves(&self, square: Option<Square>, role: Option<Role>) -> Vec<Move> {
        let s = self.setup;
        let b = &s.board;
        let us = s.turn;
        let mut out = Vec::new();
        let ours = b.by_color(us);
        let from_set = square.map_or(Bitboard(u64::MAX), Bitboard::from_square);
        let mut origins: Vec<Square> = (ours & from_set).into_iter().collect();
        origins.sort_unstable_by_key(|&sq| square_rank(sq));
        for from in origins {
            let Some(r) = b.role_at(from) else { continue };
            if role.is_some_and(|want| want != r) {
                continue;
            }
            match r {
                Role::Pawn => self.pawn_moves(from, &mut out),
                Role::Knight | Role::King => {
                    let steps: &[(i32, i32)] = if r == Role::Knight { &JUMPS } else { &LINES };
                    for &(df, dr) in steps {
                        if let Some(to) = from.offset(df, dr) {
                            if !ours.contains(to) {
                                out.push(Move::normal(from, to));
                            }
                        }
                    }
                }
                _ => {
                    for &(df, dr) in &LINES {
                        let diagonal = df != 0 && dr != 0;
                        if (diagonal && r == Role::Rook) || (!diagonal && r == Role::Bishop) {
                            continue;
                        }
                        let mut to = from;
                        while let Some(next) = to.offset(df, dr) {
                            to = next;
                            if ours.contains(to) {
                                break;
                            }
                            out.push(Move::normal(from, to));
                            if b.occupied().contains(to) {
                                break;
                            }
                        }
                    }
                }
            }
        }
        if role.is_none_or(|r| r == Role::King) {
            if let Some(king) =
                self.kings[us.index()].filter(|&k| b.piece_at(k) == Some(Role::King.of(us)))
            {
                if square.is_none_or(|sq| sq == king) {
                    self.castling_moves(king, &mut out);
                }
            }
        }
        out
    }

    fn pawn_moves(&self, from: Square, out: &mut Vec<Move>) {
        let s = self.setup;
        let b = &s.board;
        let us = s.turn;
        let forward = us.fold(1, -1);
        let add = |out: &mut Vec<Move>, to: Square| {
            if to.rank() == Rank::First || to.rank() == Rank::Eighth {
                out.extend(PROMOTIONS.iter().map(|&p| Move::promote(from, to, p)));
            } else {
                out.push(Move::normal(from, to));
            }
        };
        if let Some(to) = from.offset(0, forward) {
            if !b.occupied().contains(to) {
                add(out, to);
                let second = us.fold(Rank::Second, Rank::Seventh);
                if from.rank() == second {
                    if let Some(two) = to.offset(0, forward) {
                        if !b.occupied().contains(two) {
                            out.push(Move::normal(from, two));
                        }
                    }
                }
            }
        }
        let sides = us.fold([-1, 1], [1, -1]);
        for df in sides {
            let Some(to) = from.offset(df, forward) else {
                continue;
            };
            if b.by_color(us.other()).contains(to) {
                add(out, to);
            } else if s.ep_square == Some(to) && !b.occupied().contains(to) {
                out.push(Move::en_passant(from, to));
            }
        }
    }

    fn castling_moves(&self, king: Square, out: &mut Vec<Move>) {
        let s = self.setup;
        let b = &s.board;
        let them = s.turn.other();
        let rank = s.turn.fold(Rank::First, Rank::Eighth);
        if king != Square::from_coords(File::E, rank) {
            return;
        }
        let sq = |f: File| Square::from_coords(f, rank);
        let free = |files: &[File]| files.iter().all(|&f| !b.occupied().contains(sq(f)));
        let safe = |files: &[File]| files.iter().all(|&f| !self.attacked(sq(f), them));
        if s.castling_rights.contains(sq(File::H))
            && free(&[File::F, File::G])
            && safe(&[File::E, File::F, File::G])
        {
            out.push(Move::castle(king, sq(File::H)));
        }
        if s.castling_rights.contains(sq(File::A))
            && free(&[File::D, File::C, File::B])
            && safe(&[File::E, File::D, File::C])
        {
            out.push(Move::castle(king, sq(File::A)));
        }
    }

    /// The legal moves in chess.js's order: the pseudo-legal ones that leave the side's
    /// king unattacked, all of them when it has no king.
    #[must_use]
    pub fn legal_moves(&self, square: Option<Square>, role: Option<Role>) -> Vec<Move> {
        let mut moves = self.pseudo_legal_moves(square, role);
        let us = self.setup.turn;
        if self.kings[us.index()].is_some() {
            moves.retain(|&m| {
                let after = self.after(m);
                let b = &after.board;
                self.kings_after(m)[us.index()]
                    .is_none_or(|k| !b.is_attacked_by(k, us.other(), b.occupied()))
            });
        }
        moves
    }

    /// chess.js's `perft`: the leaves `depth` plies deep of the moves it plays, whatever
    /// the board holds (no king, extra pieces, the side not to move in check); each move
    /// but the last ply's played.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves(None, None);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&m| {
                let after = self.after(m);
                ChessJsBoard {
                    setup: &after,
                    kings: self.kings_after(m),
                }
                .perft(depth - 1)
            })
            .sum()
    }

    /// The board after `m` (one of its moves), by chess.js's rules: castling rights lost
    /// by a king's move, a rook leaving its corner or taken there; the en-passant square
    /// kept only where an enemy pawn stands beside the pawn that moved two squares.
    #[must_use]
    pub fn after(&self, m: Move) -> Setup {
        let mut s = self.setup.clone();
        let us = s.turn;
        let them = us.other();
        let (from, to) = (m.from(), m.to());
        let piece = s.board.discard(from);
        let role = piece.map(|p| p.role);
        let captured = if m.is_castle() {
            None
        } else {
            s.board.discard(to)
        };
        s.ep_square = None;
        if m.is_castle() {
            let rank = from.rank();
            let (king_to, rook_to) = if to.file() > from.file() {
                (File::G, File::F)
            } else {
                (File::C, File::D)
            };
            let rook = s.board.discard(to);
            s.board
                .put(Square::from_coords(king_to, rank), Role::King.of(us));
            if let Some(r) = rook {
                s.board.put(Square::from_coords(rook_to, rank), r);
            }
        } else if let Some(p) = piece {
            let placed = m.promotion().map_or(p, |r| Piece { color: us, role: r });
            s.board.put(to, placed);
            if m.is_en_passant() {
                if let Some(taken) = to.offset(0, us.fold(-1, 1)) {
                    s.board.discard(taken);
                }
            }
            if role == Some(Role::Pawn) && from.distance(to) == 2 && from.file() == to.file() {
                let beside = [-1, 1].into_iter().filter_map(|d| to.offset(d, 0));
                let enemy = Role::Pawn.of(them);
                if beside
                    .into_iter()
                    .any(|sq| s.board.piece_at(sq) == Some(enemy))
                {
                    s.ep_square = from.offset(0, us.fold(1, -1));
                }
            }
        }
        let our_rank = Bitboard::rank(us.fold(Rank::First, Rank::Eighth));
        if role == Some(Role::King) {
            s.castling_rights &= !our_rank;
        }
        // A move from a corner of the side's own ends its right there.
        if our_rank.contains(from) {
            s.castling_rights.remove(from);
        }
        // A move onto the other side's corner ends its right there, capture or not.
        if Bitboard::rank(them.fold(Rank::First, Rank::Eighth)).contains(to) {
            s.castling_rights.remove(to);
        }
        if role == Some(Role::Pawn) || captured.is_some() || m.is_en_passant() {
            s.halfmoves = 0;
        } else {
            s.halfmoves += 1;
        }
        if us == Color::Black {
            s.fullmoves += 1;
        }
        s.turn = them;
        s
    }

    /// The board after a null move (chess.js's `move(null)`).
    #[must_use]
    pub fn after_null(&self) -> Setup {
        let mut s = self.setup.clone();
        s.ep_square = None;
        s.halfmoves += 1;
        if s.turn == Color::Black {
            s.fullmoves += 1;
        }
        s.turn = s.turn.other();
        s
    }

    /// `m` in SAN as chess.js writes it, disambiguated among `moves` (chess.js's `moves()`
    /// disambiguates among the moves it lists), with `+` or `#` by the board after.
    #[must_use]
    pub fn san(&self, m: Move, moves: &[Move]) -> String {
        self.san_as(m, moves, self.moved(m))
    }

    /// What chess.js records of `m` (one of its moves) here.
    #[must_use]
    pub fn moved(&self, m: Move) -> ChessJsMoved {
        let b = &self.setup.board;
        let captured = if m.is_en_passant() {
            Some(Role::Pawn)
        } else if m.is_castle() || m.is_null() {
            None
        } else {
            b.role_at(m.to())
        };
        ChessJsMoved {
            role: if m.is_null() {
                Role::King
            } else {
                b.role_at(m.from()).unwrap_or(Role::Pawn)
            },
            captured,
        }
    }

    /// [`ChessJsBoard::san`] by chess.js's record of the move (`moved`), as its `history`
    /// writes a move replayed on a board edited since.
    #[must_use]
    pub fn san_as(&self, m: Move, moves: &[Move], moved: ChessJsMoved) -> String {
        let b = &self.setup.board;
        let mut out = String::new();
        if m.is_castle() {
            out.push_str(if m.to().file() > m.from().file() {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let (from, to) = (m.from(), m.to());
            let role = moved.role;
            let capture = moved.captured.is_some();
            if role == Role::Pawn {
                if capture {
                    out.push(from.file().char());
                }
            } else {
                out.push(role.upper_char());
                let mut others = Bitboard::EMPTY;
                for o in moves {
                    if o.to() == to
                        && o.from() != from
                        && !o.is_castle()
                        && b.role_at(o.from()) == Some(role)
                    {
                        others.insert(o.from());
                    }
                }
                let (file, rank) = crate::san::disambiguation(from, others);
                if let Some(f) = file {
                    out.push(f.char());
                }
                if let Some(r) = rank {
                    out.push(r.char());
                }
            }
            if capture {
                out.push('x');
            }
            use core::fmt::Write;
            let _ = write!(out, "{to}");
            if let Some(p) = m.promotion() {
                out.push('=');
                out.push(p.upper_char());
            }
        }
        let after = self.after(m);
        let next = ChessJsBoard {
            setup: &after,
            kings: self.kings_after(m),
        };
        if next.is_check() {
            out.push(if next.legal_moves(None, None).is_empty() {
                '#'
            } else {
                '+'
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessbits_position::{CastlingMode, Position};

    /// On legal positions the two ways agree: the legal generator's moves sorted into
    /// chess.js's order are the moves `ChessJsBoard` generates, in the same order, with
    /// the same boards after them.
    #[test]
    fn sorted_legal_moves_are_chess_js_moves() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1",
        ];
        let mut seed = 7u32;
        for fen in fens {
            let setup = Setup::from_ascii(fen.as_bytes()).unwrap();
            let mut pos = Position::from_setup(&setup, CastlingMode::Standard).unwrap();
            for _ in 0..60 {
                let mut ours: Vec<Move> = crate::legal_moves(&pos).iter().copied().collect();
                chess_js_order(pos.board(), &mut ours);
                let setup = pos.to_setup();
                let theirs = ChessJsBoard::new(&setup).legal_moves(None, None);
                assert_eq!(ours, theirs, "{}", pos.fen());
                if ours.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                let m = ours[seed as usize % ours.len()];
                let after = ChessJsBoard::new(&setup).after(m);
                let _ = pos.make_unchecked(m);
                let mut expected = pos.to_setup();
                expected.ep_square = None;
                let mut got = after.clone();
                got.ep_square = None;
                assert_eq!(got.board, expected.board, "{fen} {m:?}");
                assert_eq!(got.castling_rights, expected.castling_rights, "{fen} {m:?}");
            }
        }
    }

    /// chess.js's perft: the published counts on legal positions, and on boards that are
    /// none the moves it plays there (counts from chess.js 1.x's `perft`).
    #[test]
    fn perft_as_chess_js_counts() {
        let count = |fen: &str, depth| {
            let setup = Setup::from_ascii(fen.as_bytes()).unwrap();
            ChessJsBoard::new(&setup).perft(depth)
        };
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(count(start, 0), 1);
        assert_eq!(count(start, 3), 8_902);
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(count(kiwipete, 2), 2_039);
        // No kings: every pseudo-legal move; a side without pieces has none.
        assert_eq!(count("8/8/8/8/8/8/8/R7 w - - 0 1", 1), 14);
        assert_eq!(count("8/8/8/8/8/8/8/R7 w - - 0 1", 2), 0);
        assert_eq!(count("7n/8/8/8/8/8/8/N7 w - - 0 1", 2), 4);
    }
}
