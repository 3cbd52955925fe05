//! Insufficient material in each variant, python-chess's `has_insufficient_material`
//! rules (`chess.variant`): whether a side can no longer win whatever is played.
//!
//! - standard chess: the standard rule ([`Board::has_insufficient_material`]);
//! - atomic: a bare king cannot win, nor a lone knight, bishop or rook (or two knights)
//!   against a bare king; bishops alone that cannot explode each other cannot;
//! - antichess: a side wins by losing its pieces, so it cannot when the other side has
//!   none left, or when only bishops (or two knights) remain that can never be captured;
//! - king of the hill and racing kings: never (a king can always walk to the goal);
//! - three-check: a bare king cannot give check;
//! - horde: Black never lacks material; White (the horde) by the case analysis of
//!   <https://github.com/stevepapazis/horde-insufficient-material-tests>;
//! - crazyhouse: at most three pieces on the board and in the pockets together, none a
//!   pawn, rook, queen or promoted piece.

use chessbits_bitboard_core::{Bitboard, Color, Role};
use chessbits_position::{Board, Variant};

use super::VariantPosition;

const LIGHT: Bitboard = Bitboard::LIGHT_SQUARES;
const DARK: Bitboard = Bitboard::DARK_SQUARES;

/// Whether `color` has insufficient material in `pos` by its variant's rule.
pub(crate) fn has_insufficient_material(pos: &VariantPosition, color: Color) -> bool {
    let board = &pos.board;
    match pos.variant {
        Variant::Atomic => atomic(board, color),
        v if v.is_antichess_family() => antichess(board, pos.turn, color),
        Variant::KingOfTheHill | Variant::RacingKings => false,
        Variant::ThreeCheck => (board.by_color(color) - board.kings()).is_empty(),
        Variant::Horde => color == Color::White && horde_white(&HordeCounts::of(board)),
        Variant::Crazyhouse => crazyhouse(pos),
        _ => board.has_insufficient_material(color),
    }
}

fn atomic(board: &Board, color: Color) -> bool {
    let kings = board.kings();
    let ours = board.by_color(color);
    let theirs = board.by_color(color.other());
    // The other king has exploded: the game is won already.
    if (theirs & kings).is_empty() {
        return false;
    }
    // A bare king cannot win.
    if (ours - kings).is_empty() {
        return true;
    }
    let bishops = board.by_role(Role::Bishop);
    // While the other king is not alone, its own pieces may explode next to it...
    if (theirs - kings).any() {
        // ...unless only bishops remain that can never explode one another.
        if board.occupied() == bishops | kings {
            let white = bishops & board.by_color(Color::White);
            let black = bishops & board.by_color(Color::Black);
            if (white & DARK).is_empty() {
                return (black & LIGHT).is_empty();
            }
            if (white & LIGHT).is_empty() {
                return (black & DARK).is_empty();
            }
        }
        return false;
    }
    // A queen or a pawn (a future queen) mates a bare king.
    if (board.by_role(Role::Queen) | board.pawns()).any() {
        return false;
    }
    let minors_and_rooks = board.knights() | bishops | board.by_role(Role::Rook);
    // One knight, bishop or rook cannot mate a bare king.
    if minors_and_rooks.count() == 1 {
        return true;
    }
    // Nor can two knights.
    if board.occupied() == board.knights() | kings {
        return board.knights().count() <= 2;
    }
    false
}

fn antichess(board: &Board, turn: Color, color: Color) -> bool {
    let ours = board.by_color(color);
    let theirs = board.by_color(color.other());
    if ours.is_empty() {
        return false;
    }
    if theirs.is_empty() {
        return true;
    }
    let bishops = board.by_role(Role::Bishop);
    if board.occupied() == bishops {
        // Only bishops: ours cannot all be captured when some stand on a square colour
        // none of theirs reaches.
        let we_light = (ours & LIGHT).any();
        let we_dark = (ours & DARK).any();
        let they_all_dark = (theirs & LIGHT).is_empty();
        let they_all_light = (theirs & DARK).is_empty();
        return (we_light && they_all_dark) || (we_dark && they_all_light);
    }
    if board.occupied() == board.knights() && board.knights().count() == 2 {
        // Two knights: they meet only when the side to move and their square colours
        // allow it.
        return (turn == color)
            ^ (board.by_color(Color::White) & LIGHT).any()
            ^ (board.by_color(Color::Black) & DARK).any();
    }
    false
}

fn crazyhouse(pos: &VariantPosition) -> bool {
    let board = &pos.board;
    let pockets = &pos.pockets;
    let in_pockets = |role| Color::ALL.into_iter().any(|c| pockets.count(c, role) > 0);
    let total =
        board.occupied().count() + pockets.total(Color::White) + pockets.total(Color::Black);
    total <= 3
        && pos.promoted.is_empty()
        && board.pawns().is_empty()
        && board.rooks_and_queens().is_empty()
        && !in_pockets(Role::Pawn)
        && !in_pockets(Role::Rook)
        && !in_pockets(Role::Queen)
}

/// The material of a horde position that python-chess's rule reads: White's pieces by
/// kind (bishops by square colour) and Black's.
#[derive(Clone, Copy, Debug, Default)]
struct HordeCounts {
    queens: u32,
    pawns: u32,
    rooks: u32,
    bishops: u32,
    knights: u32,
    dark_bishops: u32,
    light_bishops: u32,
    black_pawns: u32,
    black_bishops: u32,
    black_knights: u32,
    black_rooks: u32,
    black_queens: u32,
    black_dark_bishops: u32,
    black_light_bishops: u32,
    black_pieces: u32,
}

impl HordeCounts {
    fn of(board: &Board) -> HordeCounts {
        let white = board.by_color(Color::White);
        let black = board.by_color(Color::Black);
        let role = |r| board.by_role(r);
        let bishops = role(Role::Bishop);
        HordeCounts {
            queens: (white & role(Role::Queen)).count(),
            pawns: (white & role(Role::Pawn)).count(),
            rooks: (white & role(Role::Rook)).count(),
            bishops: (white & bishops).count(),
            knights: (white & role(Role::Knight)).count(),
            dark_bishops: (white & bishops & DARK).count(),
            light_bishops: (white & bishops & LIGHT).count(),
            black_pawns: (black & role(Role::Pawn)).count(),
            black_bishops: (black & bishops).count(),
            black_knights: (black & role(Role::Knight)).count(),
            black_rooks: (black & role(Role::Rook)).count(),
            black_queens: (black & role(Role::Queen)).count(),
            black_dark_bishops: (black & bishops & DARK).count(),
            black_light_bishops: (black & bishops & LIGHT).count(),
            black_pieces: black.count(),
        }
    }
}

/// python-chess's `HordeBoard.has_insufficient_material(WHITE)`, case by case (the
/// comments are its reasons). The conditions keep python-chess's form, one clause a mating
/// pattern, rather than clippy's minimal one.
#[allow(clippy::nonminimal_bool)]
fn horde_white(c: &HordeCounts) -> bool {
    // Two bishops of one square colour cover all its squares around the king.
    let horde_num =
        c.pawns + c.knights + c.rooks + c.queens + c.dark_bishops.min(2) + c.light_bishops.min(2);
    // The square colour of White's bishops ("light" when it has a light one).
    let bishops_light = c.light_bishops >= 1;
    let opposite_bishops = if bishops_light {
        c.black_dark_bishops
    } else {
        c.black_light_bishops
    };
    let same_bishops = if bishops_light {
        c.black_light_bishops
    } else {
        c.black_dark_bishops
    };
    let not_of = |n: u32| c.black_pieces.saturating_sub(n);
    let white_pair = c.light_bishops >= 1 && c.dark_bishops >= 1;
    let black_pair = c.black_light_bishops >= 1 && c.black_dark_bishops >= 1;

    if horde_num == 0 {
        return true;
    }
    if horde_num >= 4 {
        // Four or more pieces always mate.
        return false;
    }
    if (c.pawns >= 1 || c.queens >= 1) && horde_num >= 2 {
        // A pawn or queen with any other piece mates.
        return false;
    }
    if c.rooks >= 1
        && horde_num >= 2
        && !(horde_num == 2 && c.rooks == 1 && c.bishops == 1 && not_of(same_bishops) == 1)
    {
        // A rook lacks material only beside a bishop against a lone king.
        return false;
    }
    match horde_num {
        1 => {
            if c.black_pieces == 1 {
                // A lone piece cannot mate a lone king.
                true
            } else if c.queens == 1 {
                // A lone queen mates a king on a1 hemmed in by a pawn or rook on a2, or by
                // two bishops of one colour on a2 and b1.
                !(c.black_pawns >= 1
                    || c.black_rooks >= 1
                    || c.black_light_bishops >= 2
                    || c.black_dark_bishops >= 2)
            } else if c.pawns == 1 {
                // The pawn promotes: to a queen or a knight.
                let queen = HordeCounts {
                    pawns: 0,
                    queens: 1,
                    ..*c
                };
                let knight = HordeCounts {
                    pawns: 0,
                    knights: 1,
                    ..*c
                };
                horde_white(&queen) && horde_white(&knight)
            } else if c.rooks == 1 {
                // A lone rook mates a king on a8 hemmed in by a pawn or rook on a7 and a
                // pawn or knight on b7.
                !(c.black_pawns >= 2
                    || (c.black_rooks >= 1 && c.black_pawns >= 1)
                    || (c.black_rooks >= 1 && c.black_knights >= 1)
                    || (c.black_pawns >= 1 && c.black_knights >= 1))
            } else if c.bishops == 1 {
                // A lone bishop mates only with two of Black's pawns or bishops of the
                // other square colour to hem the king in.
                !(opposite_bishops >= 2
                    || (opposite_bishops >= 1 && c.black_pawns >= 1)
                    || c.black_pawns >= 2)
            } else if c.knights == 1 {
                // A smothered mate in the corner, or Black promoting to selfmate.
                !(c.black_pieces >= 4
                    && (c.black_knights >= 2
                        || c.black_pawns >= 2
                        || (c.black_rooks >= 1 && c.black_knights >= 1)
                        || (c.black_rooks >= 1 && c.black_bishops >= 1)
                        || (c.black_knights >= 1 && c.black_bishops >= 1)
                        || (c.black_rooks >= 1 && c.black_pawns >= 1)
                        || (c.black_knights >= 1 && c.black_pawns >= 1)
                        || (c.black_bishops >= 1 && c.black_pawns >= 1)
                        || (black_pair && c.black_pawns >= 1))
                    && (c.black_dark_bishops < 2 || not_of(c.black_dark_bishops) >= 3)
                    && (c.black_light_bishops < 2 || not_of(c.black_light_bishops) >= 3))
            } else {
                true
            }
        }
        2 => {
            if c.black_pieces == 1 {
                // Two minor pieces cannot mate a lone king.
                true
            } else if c.knights == 2 {
                // Two knights mate a king on a1 hemmed in by a pawn, bishop or knight.
                c.black_pawns + c.black_bishops + c.black_knights == 0
            } else if white_pair {
                // The bishop pair mates a king hemmed in by a pawn or bishop, or by a knight
                // and a rook or queen (Boden's mate).
                !(c.black_pawns >= 1
                    || c.black_bishops >= 1
                    || (c.black_knights >= 1 && c.black_rooks + c.black_queens >= 1))
            } else if c.bishops >= 1 && c.knights >= 1 {
                // Bishop and knight mate a king hemmed in by a pawn or a bishop of the
                // other colour, or by two other pieces.
                !(c.black_pawns >= 1 || opposite_bishops >= 1 || not_of(same_bishops) >= 3)
            } else {
                // Two bishops of one colour: Black must block the other colour's squares.
                !((c.black_pawns >= 1 && opposite_bishops >= 1)
                    || (c.black_pawns >= 1 && c.black_knights >= 1)
                    || (opposite_bishops >= 1 && c.black_knights >= 1)
                    || opposite_bishops >= 2
                    || c.black_knights >= 2
                    || c.black_pawns >= 2)
            }
        }
        3 => {
            // Two knights and a bishop, three knights or the bishop pair and another minor
            // piece mate in the corner; two bishops of one colour and a knight need another
            // black piece to lose a tempo.
            if (c.knights == 2 && c.bishops == 1) || c.knights == 3 || white_pair {
                false
            } else {
                c.black_pieces == 1
            }
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn insufficient(variant: Variant, fen: &str) -> [bool; 2] {
        let pos = match VariantPosition::from_fen(variant, fen) {
            Ok(pos) => pos,
            Err(e) => panic!("{fen}: {e}"),
        };
        [
            pos.has_insufficient_material(Color::White),
            pos.has_insufficient_material(Color::Black),
        ]
    }

    #[test]
    fn standard_chess_uses_the_standard_rule() {
        assert_eq!(
            insufficient(Variant::Chess, "8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            [true, true]
        );
        assert_eq!(
            insufficient(Variant::Chess, "8/8/8/8/8/8/8/KRk5 b - - 0 1"),
            [false, true]
        );
    }

    #[test]
    fn atomic() {
        let v = Variant::Atomic;
        // Bare kings; a lone rook against a bare king.
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/8/K5k1 w - - 0 1"),
            [true, true]
        );
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/R7/K5k1 w - - 0 1"),
            [true, true]
        );
        // A queen, or a pawn, mates a bare king.
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/Q7/K5k1 w - - 0 1"),
            [false, true]
        );
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/P7/K5k1 w - - 0 1"),
            [false, true]
        );
        // Two knights cannot, three can.
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/8/KNN3k1 w - - 0 1"),
            [true, true]
        );
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/8/KNNN2k1 w - - 0 1"),
            [false, true]
        );
        // A black piece may explode next to its own king.
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/8/KR3nk1 w - - 0 1"),
            [false, false]
        );
        // Bishops on one square colour each side never meet: (a1 and d1 dark, h8 dark).
        assert_eq!(
            insufficient(v, "7b/8/8/8/8/8/8/B2K2k1 w - - 0 1"),
            [false, false]
        );
        assert_eq!(
            insufficient(v, "6b1/8/8/8/8/8/8/B2K2k1 w - - 0 1"),
            [true, true]
        );
        // An exploded king: the other side has won already.
        assert_eq!(insufficient(v, "8/8/8/8/8/8/8/K7 b - - 0 1"), [false, true]);
    }

    #[test]
    fn antichess() {
        let v = Variant::Antichess;
        // A side without pieces has won; the other cannot.
        assert_eq!(insufficient(v, "8/8/8/8/8/8/8/R7 b - - 0 1"), [true, false]);
        // Bishops on opposite colours never meet.
        assert_eq!(insufficient(v, "8/8/8/8/8/8/8/Bb6 w - - 0 1"), [true, true]);
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/8/B1b5 w - - 0 1"),
            [false, false]
        );
        // Two knights: by the side to move and the square colours.
        let white = insufficient(v, "8/8/8/8/8/8/8/N1n5 w - - 0 1");
        let black = insufficient(v, "8/8/8/8/8/8/8/N1n5 b - - 0 1");
        assert_ne!(white, black);
        assert_eq!(white, [false, true]);
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/8/RNn5 w - - 0 1"),
            [false, false]
        );
    }

    #[test]
    fn king_of_the_hill_racing_kings_never() {
        assert_eq!(
            insufficient(Variant::KingOfTheHill, "8/8/8/8/8/8/8/K5k1 w - - 0 1"),
            [false, false]
        );
        assert_eq!(
            insufficient(Variant::RacingKings, "8/8/8/8/8/8/8/K5k1 w - - 0 1"),
            [false, false]
        );
    }

    #[test]
    fn three_check() {
        assert_eq!(
            insufficient(Variant::ThreeCheck, "8/8/8/8/8/8/8/KN4k1 w - - 3+3 0 1"),
            [false, true]
        );
    }

    #[test]
    fn crazyhouse() {
        let v = Variant::Crazyhouse;
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/8/KN4k1[] w - - 0 1"),
            [true, true]
        );
        // A pawn in a pocket, or a fourth piece, is enough.
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/8/KN4k1[p] w - - 0 1"),
            [false, false]
        );
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/8/KN4k1[n] w - - 0 1"),
            [false, false]
        );
        // A promoted knight.
        assert_eq!(
            insufficient(v, "8/8/8/8/8/8/8/KN~4k1[] w - - 0 1"),
            [false, false]
        );
    }

    #[test]
    fn horde() {
        let v = Variant::Horde;
        // Black never lacks material.
        assert_eq!(
            insufficient(v, "k7/8/8/8/8/8/8/N7 b - - 0 1"),
            [true, false]
        );
        // Four white pieces always suffice.
        assert_eq!(
            insufficient(v, "k7/8/8/8/8/8/8/NNNN4 b - - 0 1"),
            [false, false]
        );
        // A lone queen against a king with a pawn to hem it in.
        assert_eq!(
            insufficient(v, "k7/p7/8/8/8/8/8/Q7 b - - 0 1"),
            [false, false]
        );
        assert_eq!(
            insufficient(v, "k7/n7/8/8/8/8/8/Q7 b - - 0 1"),
            [true, false]
        );
        // A lone pawn: its promotions decide (a queen against king and knight cannot).
        assert_eq!(
            insufficient(v, "k7/n7/8/8/8/8/P7/8 b - - 0 1"),
            [true, false]
        );
        assert_eq!(
            insufficient(v, "k7/p7/8/8/8/8/P7/8 b - - 0 1"),
            [false, false]
        );
        // Two knights need a pawn, bishop or knight of Black's.
        assert_eq!(
            insufficient(v, "k7/r7/8/8/8/8/8/NN6 b - - 0 1"),
            [true, false]
        );
        assert_eq!(
            insufficient(v, "k7/b7/8/8/8/8/8/NN6 b - - 0 1"),
            [false, false]
        );
        // Two knights and a bishop mate; two bishops of one colour and a knight need
        // another black piece to lose a tempo.
        assert_eq!(
            insufficient(v, "k7/8/8/8/8/8/8/NNB5 b - - 0 1"),
            [false, false]
        );
        assert_eq!(
            insufficient(v, "k7/8/8/8/8/8/8/1B1B1N2 b - - 0 1"),
            [true, false]
        );
        assert_eq!(
            insufficient(v, "k7/p7/8/8/8/8/8/1B1B1N2 b - - 0 1"),
            [false, false]
        );
        // A rook beside a bishop against a lone king.
        assert_eq!(
            insufficient(v, "k7/8/8/8/8/8/8/RB6 b - - 0 1"),
            [true, false]
        );
        assert_eq!(
            insufficient(v, "k7/p7/8/8/8/8/8/RB6 b - - 0 1"),
            [false, false]
        );
    }
}
