//! Boards that are no legal position against python-chess's answers, recorded in
//! `tests/data/loose.txt` by `tests/data/make_loose.py` (1,000 boards: random placements
//! with no king, one or several, extra pieces, pawns on back ranks, castling rights and
//! en-passant squares that cannot be right; and positions of random games edited into
//! such boards). Each board is asked its status, clean castling rights, checkers, legal
//! and pseudo-legal moves in python-chess's order, whether some moves are pseudo-legal and
//! legal, its pins, and the board after some moves are pushed.

use chessbits_bitboard_core::{Bitboard, Move, Square};
use chessbits_movegen::loose::Loose;
use chessbits_position::Setup;

const DATA: &str = include_str!("data/loose.txt");

/// The setup of `placement turn rights(mask) ep half full`.
fn setup_of(state: &str) -> Setup {
    let f: Vec<&str> = state.split(' ').collect();
    let fen = format!("{} {} - - {} {}", f[0], f[1], f[4], f[5]);
    let mut setup: Setup = fen.parse().expect("fen");
    setup.castling_rights = Bitboard(f[2].parse().expect("rights"));
    setup.ep_square = (f[3] != "-").then(|| f[3].parse().expect("ep"));
    setup
}

fn state_of(s: &Setup) -> String {
    let mut placement = String::new();
    s.board.write_fen(&mut placement).expect("write");
    let ep = s.ep_square.map_or("-".to_string(), |e| e.to_string());
    let turn = s.turn.fold("w", "b");
    format!(
        "{placement} {turn} {} {ep} {} {}",
        s.castling_rights.0, s.halfmoves, s.fullmoves
    )
}

fn ucis(loose: &Loose<'_>, moves: &[Move]) -> String {
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| loose.written(m).uci(loose.chess960).to_string())
        .collect();
    texts.join(" ")
}

fn uci(text: &str) -> Move {
    Move::from_uci_ascii(text.as_bytes()).expect("uci")
}

#[test]
fn loose_boards_answer_as_python_chess() {
    let mut boards = 0;
    for line in DATA.lines() {
        let f: Vec<&str> = line.split('|').collect();
        let setup = setup_of(f[0]);
        let chess960 = f[1] == "1";
        let loose = Loose {
            setup: &setup,
            chess960,
            in_game: false,
        };
        let all = Bitboard(u64::MAX);
        let at = f[0];
        assert_eq!(setup.status(chess960).0.to_string(), f[2], "status of {at}");
        let clean = setup.clean_castling_rights(chess960).0.to_string();
        assert_eq!(clean, f[3], "clean castling rights of {at}");
        assert_eq!(setup.checkers().0.to_string(), f[4], "checkers of {at}");
        let legal = ucis(&loose, &loose.legal_moves(all, all));
        assert_eq!(legal, f[5], "legal moves of {at}");
        let pseudo = ucis(&loose, &loose.pseudo_legal_moves(all, all));
        assert_eq!(pseudo, f[6], "pseudo-legal moves of {at}");
        for probe in f[7].split(' ').filter(|p| !p.is_empty()) {
            let p: Vec<&str> = probe.split(':').collect();
            let m = uci(p[0]);
            assert_eq!(
                loose.is_pseudo_legal(m),
                p[1] == "1",
                "is_pseudo_legal {probe} in {at}"
            );
            assert_eq!(loose.is_legal(m), p[2] == "1", "is_legal {probe} in {at}");
        }
        let pins: Vec<(&str, &str)> = f[8]
            .split(' ')
            .filter(|p| !p.is_empty())
            .filter_map(|p| p.split_once(':'))
            .collect();
        for sq in setup.board.by_color(setup.turn) {
            let want = pins
                .iter()
                .find(|(s, _)| *s == sq.index().to_string())
                .map_or(u64::MAX.to_string(), |(_, m)| m.to_string());
            let got = setup.pin_mask(setup.turn, sq).0.to_string();
            assert_eq!(got, want, "pin mask of {sq} in {at}");
        }
        for push in f[9].split(';').filter(|p| !p.is_empty()) {
            let p: Vec<&str> = push.split('>').collect();
            let mut after = setup.clone();
            let written = after.play_loose(uci(p[0]), chess960).expect("origin");
            assert_eq!(state_of(&after), p[1], "after {} in {at}", p[0]);
            assert_eq!(
                written.uci(chess960).to_string(),
                p[2],
                "{} as written in {at}",
                p[0]
            );
        }
        boards += 1;
    }
    assert_eq!(boards, 1000);
}

#[test]
fn loose_play_refuses_an_empty_origin_and_changes_nothing() {
    let mut setup = Setup::empty();
    let before = setup.clone();
    let e = setup.play_loose(uci("e2e4"), false);
    assert_eq!(e, Err(chessbits_position::EmptyOrigin(Square::E2)));
    assert_eq!(setup, before);
}

#[test]
fn legal_positions_get_the_standard_generators_moves() {
    // On a legal position the loose generator and the standard one agree (as sets).
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    ] {
        let setup: Setup = fen.parse().expect("fen");
        let pos =
            chessbits_position::Position::from_setup(&setup, Default::default()).expect("position");
        let all = Bitboard(u64::MAX);
        let loose = standard(&setup);
        let mut ours: Vec<u16> = loose
            .legal_moves(all, all)
            .iter()
            .map(|m| m.to_bits())
            .collect();
        let mut theirs: Vec<u16> = chessbits_movegen::legal_moves(&pos)
            .iter()
            .map(|m| m.to_bits())
            .collect();
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours, theirs, "{fen}");
    }
}

/// `setup` as a standard-chess board before any move.
fn standard(setup: &Setup) -> Loose<'_> {
    Loose {
        setup,
        chess960: false,
        in_game: false,
    }
}

/// SAN on boards that are no position, written and read as python-chess does (answers
/// taken from python-chess 1.11.2; the Python package's `tests/test_loose.py` compares
/// hundreds of random boards live).
#[test]
fn san_is_written_and_read_as_python_chess_does() {
    use chessbits_movegen::{San, SanMode};
    let cases = [
        // No king: rooks disambiguated by file, a capture, a promotion.
        ("8/8/8/8/8/8/8/R6R w - - 0 1", "a1d1", "Rad1"),
        ("8/8/8/8/8/8/8/R6R w - - 0 1", "h1h8", "Rh8"),
        ("8/8/8/8/8/8/7r/R6R w - - 0 1", "h1h2", "Rxh2"),
        ("8/4P3/8/8/8/8/8/8 w - - 0 1", "e7e8q", "e8=Q"),
        // Two kings: a king move disambiguated, a check on the black king.
        ("4k3/8/8/8/8/8/8/K1K5 w - - 0 1", "a1b1", "Kab1"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+"),
        // Castling with three kings about (the one on its square castles).
        ("4k3/8/8/8/8/8/K7/4K2R w K - 0 1", "e1g1", "O-O"),
    ];
    for (fen, uci_text, san) in cases {
        let setup: Setup = fen.parse().expect("fen");
        let loose = standard(&setup);
        let m = loose.typed(uci(uci_text));
        assert!(loose.is_legal(m), "{fen} {uci_text}");
        assert_eq!(loose.san_plus(m).to_string(), san, "{fen} {uci_text}");
        let parsed = San::from_ascii(san.trim_end_matches('+').as_bytes()).expect("san");
        assert_eq!(
            loose.san_to_move(&parsed, SanMode::Lenient),
            Ok(m),
            "{fen} {san}"
        );
    }
    // Ambiguous and illegal SAN are told apart.
    let setup: Setup = "8/8/8/8/8/8/8/R6R w - - 0 1".parse().expect("fen");
    let loose = standard(&setup);
    let rd1 = San::from_ascii(b"Rd1").expect("san");
    assert!(loose.san_to_move(&rd1, SanMode::Lenient).is_err());
    let kb1 = San::from_ascii(b"Kb1").expect("san");
    assert!(loose.san_to_move(&kb1, SanMode::Lenient).is_err());
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// SAN of moves that are not legal, as python-chess's `san` writes them (it checks no
/// legality; answers taken from python-chess 1.11.2).
#[test]
fn san_of_any_move_is_written_as_python_chess_does() {
    let cases = [
        // A king's move of two files is castling, wherever it goes.
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1c3", "O-O-O"),
        // Without castling rights, onto its rook.
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1h1", "O-O"),
        // A rook's move it cannot make (a diagonal), no king on the board.
        ("8/8/8/8/8/8/8/R3K3 w - - 0 1", "a1h8", "Rh8"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a7", "Ra7"),
        // A move of the side not to move's piece is a capture, pawns named by their file.
        (START, "e7e5", "exe5"),
        (START, "g8f6", "Nxf6+"),
        (START, "b8c6", "Nxc6"),
        ("4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1", "g2g1q", "gxg1=Q"),
        ("4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1", "e8d8", "Kxd8"),
        // ...but castling is castling.
        ("4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1", "e8g8", "O-O"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e8c8", "O-O-O"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a8a1", "Rxa1"),
    ];
    for (fen, uci_text, san) in cases {
        let setup: Setup = fen.parse().expect("fen");
        let loose = standard(&setup);
        assert_eq!(
            loose.san_plus_any(uci(uci_text)).to_string(),
            san,
            "{fen} {uci_text}"
        );
    }
}
