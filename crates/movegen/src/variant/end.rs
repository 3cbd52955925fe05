//! How each variant ends: its own goal ([`is_variant_end`]) and the outcome
//! ([`outcome`]).
//!
//! - atomic: a king exploded (its side lost);
//! - antichess: a side without pieces, or without a legal move, wins;
//! - king of the hill: a king on d4, e4, d5 or e5 wins;
//! - three-check: the side that gave its third check wins;
//! - horde: a side without pieces lost (no pieces at all: a draw);
//! - racing kings: a king on the eighth rank wins, unless Black, to move after White
//!   arrived, can arrive too (both there: a draw);
//! - otherwise checkmate and stalemate as in standard chess.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Rank, Role};
use chessbits_position::{Outcome, Termination, Variant};

use super::VariantPosition;

/// Whether the game is over by the variant's own rule (no move is legal then).
pub(crate) fn is_variant_end(pos: &VariantPosition) -> bool {
    let board = &pos.board;
    match pos.variant {
        Variant::Atomic => Color::ALL
            .into_iter()
            .any(|c| board.by_piece(Role::King.of(c)).is_empty()),
        v if v.is_antichess_family() || v == Variant::Horde => {
            Color::ALL.into_iter().any(|c| board.by_color(c).is_empty())
        }
        Variant::KingOfTheHill => (board.kings() & Bitboard::CENTER).any(),
        Variant::ThreeCheck => pos.checks.white == 0 || pos.checks.black == 0,
        Variant::RacingKings => race_over(pos),
        _ => false,
    }
}

/// Racing kings: a king is on the eighth rank, and if it is White's alone with Black to
/// move, Black's king cannot reach a safe square of the eighth rank.
fn race_over(pos: &VariantPosition) -> bool {
    let board = &pos.board;
    let goal = Bitboard::rank(Rank::Eighth);
    if (board.kings() & goal).is_empty() {
        return false;
    }
    let black_kings = board.by_piece(Role::King.of(Color::Black));
    if pos.turn == Color::White || (black_kings & goal).any() || black_kings.is_empty() {
        return true;
    }
    let Some(black_king) = black_kings.msb() else {
        return true;
    };
    let targets = at::king_attacks(black_king) & (goal - board.by_color(Color::Black));
    targets
        .into_iter()
        .all(|sq| board.attackers_by(sq, Color::White, board.occupied()).any())
}

fn win(winner: Color, reason: Termination) -> Outcome {
    Outcome::Decisive { winner, reason }
}

/// The outcome of the game at `pos`, if it is over by the variant's rule, checkmate or
/// stalemate.
pub(crate) fn outcome(pos: &VariantPosition) -> Option<Outcome> {
    let board = &pos.board;
    let us = pos.turn;
    if is_variant_end(pos) {
        return Some(match pos.variant {
            Variant::Atomic => {
                let winner = if board.by_piece(Role::King.of(us)).is_empty() {
                    us.other()
                } else {
                    us
                };
                win(winner, Termination::KingExploded)
            }
            v if v.is_antichess_family() => {
                let winner = if board.by_color(us).is_empty() {
                    us
                } else {
                    us.other()
                };
                win(winner, Termination::AllPiecesLost)
            }
            Variant::Horde => {
                if board.occupied().is_empty() {
                    Outcome::Draw(Termination::HordeGone)
                } else if board.by_color(us).is_empty() {
                    win(us.other(), Termination::HordeGone)
                } else {
                    win(us, Termination::HordeGone)
                }
            }
            Variant::KingOfTheHill => {
                let winner = if (board.by_piece(Role::King.of(us)) & Bitboard::CENTER).any() {
                    us
                } else {
                    us.other()
                };
                win(winner, Termination::KingOnTheHill)
            }
            Variant::ThreeCheck => match (pos.checks.white, pos.checks.black) {
                (0, 0) => Outcome::Draw(Termination::ThreeChecks),
                (0, _) => win(Color::White, Termination::ThreeChecks),
                _ => win(Color::Black, Termination::ThreeChecks),
            },
            Variant::RacingKings => {
                let goal = board.kings() & Bitboard::rank(Rank::Eighth);
                let white = (goal & board.by_color(Color::White)).any();
                let black = (goal & board.by_color(Color::Black)).any();
                match (white, black) {
                    (true, true) => Outcome::Draw(Termination::KingOnEighthRank),
                    (true, false) => win(Color::White, Termination::KingOnEighthRank),
                    _ => win(Color::Black, Termination::KingOnEighthRank),
                }
            }
            _ => return None,
        });
    }
    let mut any = super::generate::Any(false);
    super::generate::generate(pos, &mut any);
    if any.0 {
        return None;
    }
    Some(if pos.variant == Variant::Suicide {
        // Stalemated in suicide: the side with fewer pieces wins, as many draw.
        let (ours, theirs) = (
            board.by_color(us).count(),
            board.by_color(us.other()).count(),
        );
        match ours.cmp(&theirs) {
            core::cmp::Ordering::Less => win(us, Termination::Stalemate),
            core::cmp::Ordering::Greater => win(us.other(), Termination::Stalemate),
            core::cmp::Ordering::Equal => Outcome::Draw(Termination::Stalemate),
        }
    } else if pos.variant.is_antichess_family() {
        // Stalemated in antichess and giveaway: the side to move wins.
        win(us, Termination::Stalemate)
    } else if pos.is_check() {
        win(us.other(), Termination::Checkmate)
    } else {
        Outcome::Draw(Termination::Stalemate)
    })
}
