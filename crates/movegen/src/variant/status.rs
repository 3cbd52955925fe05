//! python-chess's `status()` of the variant boards (`chess.variant`): position's
//! [`Setup::status`] with each variant's answers to its questions (which king, which checks
//! count: none in antichess, none between connected kings in atomic, an atomic king safe
//! next to the enemy king), then the variant's own changes (no kings in antichess, the
//! horde's 36 pawns, the racing kings' material, the crazyhouse pockets).

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Rank, Role};
use chessbits_position::{Setup, Status, Variant};

use super::generate::kings_connected;

/// The pieces giving check to the side to move, as the variant counts them.
fn checkers(variant: Variant, setup: &Setup) -> Bitboard {
    match variant {
        v if v.is_antichess_family() => Bitboard::EMPTY,
        Variant::Atomic if kings_connected(&setup.board) => Bitboard::EMPTY,
        _ => setup.checkers(),
    }
}

fn was_into_check(variant: Variant, setup: &Setup) -> bool {
    match variant {
        v if v.is_antichess_family() => false,
        Variant::Atomic if kings_connected(&setup.board) => false,
        _ => setup.was_into_check(),
    }
}

/// Whether the side not to move attacks a square of `path` (atomic: none next to that
/// side's king, which cannot take there).
fn attacked_for_king(
    variant: Variant,
    setup: &Setup,
    mut path: Bitboard,
    occupied: Bitboard,
) -> bool {
    let us = setup.turn;
    match variant {
        v if v.is_antichess_family() => return false,
        Variant::Atomic => {
            for k in setup.board.by_piece(Role::King.of(us.other())) {
                path -= at::king_attacks(k);
            }
        }
        _ => {}
    }
    setup.path_attacked(path, occupied)
}

/// The flags python-chess's standard board sets, asked as the variant board asks.
fn base(variant: Variant, setup: &Setup, in_game: bool) -> Status {
    // The placement, rights and en-passant flags are the standard ones; the checks are
    // the variant's.
    let standard = if in_game {
        setup.status_in_game(setup.chess960)
    } else {
        setup.status(setup.chess960)
    };
    let checks = Status::OPPOSITE_CHECK | Status::TOO_MANY_CHECKERS | Status::IMPOSSIBLE_CHECK;
    let mut status = Status(standard.0 & !checks.0);
    if was_into_check(variant, setup) {
        status |= Status::OPPOSITE_CHECK;
    }
    let checkers = checkers(variant, setup);
    let (Some(first), Some(last)) = (checkers.lsb(), checkers.msb()) else {
        return status;
    };
    let b = &setup.board;
    let our_kings = b.by_piece(Role::King.of(setup.turn)) - setup.promoted;
    let count = checkers.count();
    if count > 2 {
        status |= Status::TOO_MANY_CHECKERS;
    }
    let impossible = match setup.valid_ep_square() {
        Some(ep) => {
            let dir = setup.turn.fold(-1, 1);
            let (Some(pushed_to), Some(pushed_from)) = (ep.offset(0, dir), ep.offset(0, -dir))
            else {
                return status;
            };
            let before = b.occupied().without(pushed_to).with(pushed_from);
            count > 1 || (last != pushed_to && attacked_for_king(variant, setup, our_kings, before))
        }
        None => count > 2 || (count == 2 && (at::line(first, last) & our_kings).any()),
    };
    if impossible {
        status |= Status::IMPOSSIBLE_CHECK;
    }
    status
}

/// python-chess's `status()` of a board of `variant` (`in_game`: moves have been played,
/// so its castling rights are never flagged).
#[must_use]
pub fn status(variant: Variant, setup: &Setup, in_game: bool) -> Status {
    let b = &setup.board;
    let mut status = base(variant, setup, in_game);
    let clear = |status: &mut Status, flags: Status| *status = Status(status.0 & !flags.0);
    match variant {
        v if v.is_antichess_family() => clear(
            &mut status,
            Status::NO_WHITE_KING
                | Status::NO_BLACK_KING
                | Status::TOO_MANY_KINGS
                | Status::OPPOSITE_CHECK,
        ),
        Variant::Atomic => {
            clear(&mut status, Status::OPPOSITE_CHECK);
            clear(
                &mut status,
                match setup.turn {
                    Color::White => Status::NO_WHITE_KING,
                    Color::Black => Status::NO_BLACK_KING,
                },
            );
            if checkers(variant, setup).count() <= 14 {
                clear(&mut status, Status::TOO_MANY_CHECKERS);
            }
            if setup.valid_ep_square().is_none() {
                clear(&mut status, Status::IMPOSSIBLE_CHECK);
            }
        }
        Variant::RacingKings => {
            if checkers(variant, setup).any() {
                status |= Status::RACE_CHECK | Status::TOO_MANY_CHECKERS | Status::IMPOSSIBLE_CHECK;
            }
            let goal = Bitboard::rank(Rank::Eighth);
            if setup.turn == Color::Black
                && Color::ALL
                    .into_iter()
                    .all(|c| (b.by_piece(Role::King.of(c)) & goal).any())
            {
                status |= Status::RACE_OVER;
            }
            if b.pawns().any() {
                status |= Status::RACE_MATERIAL;
            }
            for c in Color::ALL {
                let n = |r: Role| b.by_piece(r.of(c)).count();
                if n(Role::Knight) > 2
                    || n(Role::Bishop) > 2
                    || n(Role::Rook) > 2
                    || n(Role::Queen) > 1
                {
                    status |= Status::RACE_MATERIAL;
                }
            }
        }
        Variant::Horde => {
            clear(&mut status, Status::NO_WHITE_KING);
            if b.by_color(Color::White).count() <= 36 {
                clear(
                    &mut status,
                    Status::TOO_MANY_WHITE_PIECES | Status::TOO_MANY_WHITE_PAWNS,
                );
            }
            if (b.pawns() & Bitboard::rank(Rank::Eighth)).is_empty()
                && (b.by_piece(Role::Pawn.of(Color::Black)) & Bitboard::rank(Rank::First))
                    .is_empty()
            {
                clear(&mut status, Status::PAWNS_ON_BACKRANK);
            }
            if b.by_piece(Role::King.of(Color::White)).any() {
                status |= Status::TOO_MANY_KINGS;
            }
        }
        Variant::Crazyhouse => {
            let pockets = setup.pockets.unwrap_or_default();
            let pocket_pawns = u32::from(pockets.count(Color::White, Role::Pawn))
                + u32::from(pockets.count(Color::Black, Role::Pawn));
            if b.pawns().count() + pocket_pawns <= 16 {
                clear(
                    &mut status,
                    Status::TOO_MANY_BLACK_PAWNS | Status::TOO_MANY_WHITE_PAWNS,
                );
            }
            if b.occupied().count() + pockets.total(Color::White) + pockets.total(Color::Black)
                <= 32
            {
                clear(
                    &mut status,
                    Status::TOO_MANY_BLACK_PIECES | Status::TOO_MANY_WHITE_PIECES,
                );
            }
        }
        _ => {}
    }
    status
}
