//! `Pieces`, a board's bitboards without the mailbox: its starting placement is the
//! board's, its toggles and clears keep the bitboards what a `Board` holds after the same
//! moves, and it draws and answers role questions as the board does.

use chessbits_bitboard_core::{Bitboard, Color, Role, Square};
use chessbits_position::{Board, Pieces, Position};

/// The pieces of a board (a `Board` derefs to its `Pieces`).
fn of(board: &Board) -> Pieces {
    **board
}

#[test]
fn the_start_is_the_boards_start() {
    let board = Board::standard();
    assert!(board.is_consistent());
    assert_eq!(of(&board), Pieces::standard());
    assert_eq!(Board::from_pieces(Pieces::standard()), board);
    assert_eq!(*Position::new().board(), board);
    assert_eq!(format!("{:?}", Pieces::standard()), format!("{board:?}"));
    assert_eq!(Pieces::standard().occupied().count(), 32);
}

#[test]
fn toggles_and_clears_follow_a_board() {
    // 1. e4 d5 2. exd5 Qxd5, then white castles short (the squares toggled by hand).
    let mut pieces = Pieces::standard();
    let mut board = Board::standard();
    let sq = |s: Square| Bitboard::from_square(s);
    pieces.toggle(Role::Pawn.of(Color::White), sq(Square::E2) | Square::E4);
    pieces.toggle(Role::Pawn.of(Color::Black), sq(Square::D7) | Square::D5);
    pieces.clear(Square::D5);
    pieces.toggle(Role::Pawn.of(Color::White), sq(Square::E4) | Square::D5);
    pieces.clear(Square::D5);
    pieces.toggle(Role::Queen.of(Color::Black), sq(Square::D8) | Square::D5);
    for s in [Square::F1, Square::G1] {
        pieces.clear(s);
    }
    pieces.toggle(Role::King.of(Color::White), sq(Square::E1) | Square::G1);
    pieces.toggle(Role::Rook.of(Color::White), sq(Square::H1) | Square::F1);
    for (from, to) in [
        (Square::E2, Square::E4),
        (Square::D7, Square::D5),
        (Square::E4, Square::D5),
        (Square::D8, Square::D5),
    ] {
        let piece = board.discard(from).expect("a piece");
        board.put(to, piece);
    }
    board.discard(Square::F1);
    board.discard(Square::G1);
    let king = board.discard(Square::E1).expect("the king");
    let rook = board.discard(Square::H1).expect("the rook");
    board.put(Square::G1, king);
    board.put(Square::F1, rook);
    assert!(board.is_consistent());
    assert_eq!(of(&board), pieces);
    assert_eq!(Board::from_pieces(pieces), board);
    for s in Square::ALL {
        assert_eq!(pieces.role_at(s), board.role_at(s), "{s:?}");
    }
    // Clearing an empty square changes nothing.
    let before = pieces;
    pieces.clear(Square::E4);
    assert_eq!(pieces, before);
}
