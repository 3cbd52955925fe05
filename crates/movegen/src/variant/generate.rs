//! Move generation for [`VariantPosition`]: pseudo-legal moves of the pieces, castling and
//! drops, then each variant's legality rule.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Move, Rank, Role, Square};
use chessbits_position::{Board, Variant};

use super::{back_rank, end, is_capture, VariantPosition};
use alloc::vec::Vec;

/// The pieces a pawn promotes to; antichess adds the king.
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Whether a white king and a black king stand next to each other (atomic: then neither is
/// in check, since capturing the other king would explode one's own).
pub(crate) fn kings_connected(board: &Board) -> bool {
    let white = board.by_piece(Role::King.of(Color::White));
    let black = board.by_piece(Role::King.of(Color::Black));
    white
        .into_iter()
        .any(|k| (at::king_attacks(k) & black).any())
}

/// Pushes the pawn moves from `from` to `to`: the promotions when `to` is on a back rank.
fn push_pawn(list: &mut Vec<Move>, from: Square, to: Square, variant: Variant) {
    if Bitboard::BACKRANKS.contains(to) {
        for role in PROMOTIONS {
            list.push(Move::promote(from, to, role));
        }
        if variant == Variant::Antichess {
            list.push(Move::promote(from, to, Role::King));
        }
    } else {
        list.push(Move::normal(from, to));
    }
}

/// The pseudo-legal moves of the pieces on the board (castling excluded): every piece to
/// every square it attacks or, for a pawn, pushes to, that its own pieces do not hold.
fn pseudo_legal(pos: &VariantPosition, list: &mut Vec<Move>) {
    let board = &pos.board;
    let us = pos.turn;
    let ours = board.by_color(us);
    let theirs = board.by_color(us.other());
    let occ = board.occupied();
    for from in ours - board.pawns() {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        for to in at::attacks(piece, from, occ) - ours {
            list.push(Move::normal(from, to));
        }
    }
    let step = match us {
        Color::White => 1,
        Color::Black => -1,
    };
    // A double push may land on the third/fourth rank (so the horde's pawns on the first
    // rank step two squares to the third), as python-chess and Lichess play it.
    let double_ranks = match us {
        Color::White => Bitboard::rank(Rank::Third) | Bitboard::rank(Rank::Fourth),
        Color::Black => Bitboard::rank(Rank::Sixth) | Bitboard::rank(Rank::Fifth),
    };
    for from in board.by_piece(Role::Pawn.of(us)) {
        for to in at::pawn_attacks(us, from) & theirs {
            push_pawn(list, from, to, pos.variant);
        }
        let Some(one) = from.offset(0, step) else {
            continue;
        };
        if occ.contains(one) {
            continue;
        }
        push_pawn(list, from, one, pos.variant);
        if let Some(two) = one.offset(0, step) {
            if double_ranks.contains(two) && !occ.contains(two) {
                list.push(Move::normal(from, two));
            }
        }
    }
    if let Some(ep) = pos.ep_square {
        if !occ.contains(ep) {
            let capturers = at::pawn_attacks(us.other(), ep) & board.by_piece(Role::Pawn.of(us));
            for from in capturers {
                list.push(Move::en_passant(from, ep));
            }
        }
    }
}

/// Whether a square of `path` is attacked by the opponent with `occ` as blockers, for
/// castling: never in antichess; in atomic not the squares next to the enemy king.
fn attacked_for_king(pos: &VariantPosition, path: Bitboard, occ: Bitboard) -> bool {
    let them = pos.turn.other();
    let mut path = path;
    match pos.variant {
        Variant::Antichess => return false,
        Variant::Atomic => {
            for k in pos.board.by_piece(Role::King.of(them)) {
                path -= at::king_attacks(k);
            }
        }
        _ => {}
    }
    path.into_iter()
        .any(|sq| pos.board.attackers_by(sq, them, occ).any())
}

/// The castling moves: the king (unpromoted, on its back rank) with a rook that keeps its
/// right, every square between and the targets empty but for the two, the king never on
/// an attacked square.
fn castling(pos: &VariantPosition, list: &mut Vec<Move>) {
    let us = pos.turn;
    let back = Bitboard::rank(back_rank(us));
    let kings = pos.board.by_piece(Role::King.of(us)) & back & !pos.promoted;
    let Some(king) = kings.lsb() else {
        return;
    };
    let occ = pos.board.occupied();
    for rook in pos.castling & back {
        let m = Move::castle(king, rook);
        let (king_to, rook_to) = (m.king_to(), m.rook_to().unwrap_or(rook));
        let king_path = at::between(king, king_to);
        let rook_path = at::between(rook, rook_to);
        let rest = occ - king - rook;
        let needed = king_path | rook_path | Bitboard::from_square(king_to) | rook_to;
        if (rest & needed).any()
            || attacked_for_king(pos, king_path.with(king), occ - king)
            || attacked_for_king(
                pos,
                Bitboard::from_square(king_to),
                (occ - king - rook) | rook_to,
            )
        {
            continue;
        }
        list.push(m);
    }
}

/// The drops of the side to move onto `targets` (empty squares; pawns not on a back rank).
fn drops(pos: &VariantPosition, targets: Bitboard, list: &mut Vec<Move>) {
    for role in [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ] {
        if pos.pockets.count(pos.turn, role) == 0 {
            continue;
        }
        let mut squares = targets - pos.board.occupied();
        if role == Role::Pawn {
            squares -= Bitboard::BACKRANKS;
        }
        for to in squares {
            list.push(Move::drop(role, to));
        }
    }
}

/// Whether the king of `color` (any of them) is attacked after `m` made `after`.
fn king_attacked_after(after: &VariantPosition, color: Color) -> bool {
    after.king_attacked(color)
}

/// What deciding the king's safety after a move needs, computed once per position: the
/// checkers and the pinned pieces of the side to move (its one king on `king`).
struct KingSafety {
    checkers: Bitboard,
    pinned: Bitboard,
}

impl KingSafety {
    fn new(pos: &VariantPosition, king: Option<Square>) -> KingSafety {
        let board = &pos.board;
        let us = pos.turn;
        match king {
            Some(k) => KingSafety {
                checkers: board.attackers_by(k, us.other(), board.occupied()),
                pinned: board.blockers_of(k, us) & board.by_color(us),
            },
            None => KingSafety {
                checkers: Bitboard::EMPTY,
                pinned: Bitboard::EMPTY,
            },
        }
    }

    /// Whether the pseudo-legal move `m` (not castling) leaves the king on `king` safe: a
    /// king step to a square no enemy attacks; out of check, a piece that is not pinned or
    /// stays on its pin line; anything else (evasions, en passant) by playing it.
    fn allows(&self, pos: &VariantPosition, king: Square, m: Move) -> bool {
        let board = &pos.board;
        let (from, to) = (m.from(), m.to());
        if from == king {
            let occ = board.occupied().without(king);
            return board.attackers_by(to, pos.turn.other(), occ).is_empty();
        }
        if self.checkers.is_empty() && !m.is_en_passant() {
            return !self.pinned.contains(from) || at::aligned(king, from, to);
        }
        !king_attacked_after(&pos.play_unchecked(m), pos.turn)
    }
}

/// The legal moves of `pos`, by its variant's rule.
pub(crate) fn legal_moves(pos: &VariantPosition, list: &mut Vec<Move>) {
    if end::is_variant_end(pos) {
        return;
    }
    let us = pos.turn;
    match pos.variant {
        Variant::Antichess => {
            let mut all = Vec::new();
            pseudo_legal(pos, &mut all);
            let forced = all.iter().any(|&m| is_capture(pos, m));
            for &m in all.iter() {
                if is_capture(pos, m) == forced {
                    list.push(m);
                }
            }
        }
        Variant::Atomic => {
            let mut all = Vec::new();
            pseudo_legal(pos, &mut all);
            castling(pos, &mut all);
            for &m in all.iter() {
                let after = pos.play_unchecked(m);
                let ours = after.board.by_piece(Role::King.of(us)).any();
                let theirs = after.board.by_piece(Role::King.of(us.other())).any();
                let legal = ours
                    && (!theirs
                        || kings_connected(&after.board)
                        || !king_attacked_after(&after, us));
                if legal {
                    list.push(m);
                }
            }
        }
        _ => {
            let mut all = Vec::new();
            pseudo_legal(pos, &mut all);
            let king = pos.board.king_of(us);
            let safe = KingSafety::new(pos, king);
            for &m in all.iter() {
                let legal = match king {
                    // The horde: no king to keep safe.
                    None => true,
                    Some(k) => safe.allows(pos, k, m),
                };
                // Racing kings: no check may be given.
                if legal
                    && (pos.variant != Variant::RacingKings
                        || !pos.play_unchecked(m).king_attacked(us.other()))
                {
                    list.push(m);
                }
            }
            if pos.variant != Variant::RacingKings {
                castling(pos, list);
            }
            if pos.variant == Variant::Crazyhouse {
                drops(pos, drop_targets(pos), list);
            }
        }
    }
}

/// Where a drop is legal: anywhere empty out of check; between king and checker in a
/// single check; nowhere in a double check.
fn drop_targets(pos: &VariantPosition) -> Bitboard {
    let Some(king) = pos.board.king_of(pos.turn) else {
        return Bitboard::FULL;
    };
    let checkers = pos
        .board
        .attackers_by(king, pos.turn.other(), pos.board.occupied());
    match checkers.count() {
        0 => Bitboard::FULL,
        1 => checkers
            .lsb()
            .map_or(Bitboard::EMPTY, |c| at::between(king, c)),
        _ => Bitboard::EMPTY,
    }
}
