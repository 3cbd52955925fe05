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

/// `Pieces::play` (the placement rule of a move, shared with movegen's replayer) leaves the
/// bitboards a position's make leaves, for every kind of move: quiet, capture, promotion
/// with and without a capture, en passant, castling on both sides for both colours, and
/// Chess960 castling where the king or the rook stays on or lands on the other's square.
#[test]
fn play_follows_make_for_every_kind_of_move() {
    use chessbits_bitboard_core::Move;
    use chessbits_position::CastlingMode;
    let cases: &[(&str, CastlingMode, Move)] = &[
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            CastlingMode::Standard,
            Move::normal(Square::G1, Square::F3),
        ),
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            CastlingMode::Standard,
            Move::normal(Square::E4, Square::D5),
        ),
        (
            "r1bqkbnr/pP1ppppp/8/8/8/8/P1PPPPPP/RNBQKBNR w KQkq - 0 5",
            CastlingMode::Standard,
            Move::promote(Square::B7, Square::A8, Role::Knight),
        ),
        (
            "r1bqkbnr/1P1ppppp/8/8/8/8/P1PPPPPP/RNBQKBNR w KQkq - 0 5",
            CastlingMode::Standard,
            Move::promote(Square::B7, Square::B8, Role::Queen),
        ),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            CastlingMode::Standard,
            Move::en_passant(Square::E5, Square::F6),
        ),
        (
            "rnbqkbnr/pppp1ppp/8/8/8/8/PPPPP1pP/RNBQKB1R b KQkq - 0 4",
            CastlingMode::Standard,
            Move::promote(Square::G2, Square::H1, Role::Queen),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            CastlingMode::Standard,
            Move::castle(Square::E1, Square::H1),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            CastlingMode::Standard,
            Move::castle(Square::E1, Square::A1),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            CastlingMode::Standard,
            Move::castle(Square::E8, Square::H8),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            CastlingMode::Standard,
            Move::castle(Square::E8, Square::A8),
        ),
        // Chess960: the king on f1 takes the rook on g1 and lands where the rook stood (the
        // rook lands where the king stood); the king on c1 castles long and stays on c1.
        (
            "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
            CastlingMode::Chess960,
            Move::castle(Square::F1, Square::G1),
        ),
        (
            "4k3/8/8/8/8/8/8/1RK5 w B - 0 1",
            CastlingMode::Chess960,
            Move::castle(Square::C1, Square::B1),
        ),
    ];
    for &(fen, mode, m) in cases {
        let mut pos = Position::from_fen_with(fen, mode).unwrap();
        let us = pos.turn();
        let role = pos.board().role_at(m.from()).unwrap();
        let mut pieces = of(pos.board());
        pieces.play(us, role, m);
        let _ = pos.make_unchecked(m);
        assert_eq!(pieces, of(pos.board()), "{fen} {m:?}");
    }
    // A drop puts the piece on its square.
    let mut pieces = Pieces::standard();
    pieces.play(
        Color::Black,
        Role::Knight,
        Move::drop(Role::Knight, Square::E4),
    );
    assert_eq!(pieces.role_at(Square::E4), Some(Role::Knight));
    assert!(pieces.by_color(Color::Black).contains(Square::E4));
}
