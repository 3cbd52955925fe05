//! The fast path against the full replay: whenever it plays a game to the end, every move
//! is the one [`San::to_move`] finds and every board the one [`Position`] reaches; and it
//! gives up only on games the full replay finds an error in, or that hold a move it leaves
//! to the full replay on purpose (a null or coordinate move).

use std::io::Read;
use std::path::{Path, PathBuf};

use chessbits_movegen::san::{suffix_of, San, SanMode, SanPlus};
use chessbits_movegen::uci::move_to_uci;
use chessbits_position::Position;

use chessbits_movegen::SanReplayer;

use super::{check, texts};
use crate::replay::plies::fens_games;
use crate::replay::{check_games, replay, write_fen, GameRecord, RecordCollector};
use crate::Reader;

/// The fast path's boards, move by move, until it gives up.
fn fast_steps(record: &GameRecord) -> (Vec<SanReplayer>, bool) {
    let mut board =
        match crate::replay::start_position(record.fen.as_deref(), record.variant.as_deref()) {
            Ok(pos) => match SanReplayer::from_position(&pos) {
                Some(board) => board,
                None => return (Vec::new(), false),
            },
            Err(_) => return (Vec::new(), false),
        };
    let mut out = Vec::new();
    for text in record.moves.texts() {
        let before = board.clone();
        if !board.play_san(text) {
            assert_eq!(board, before, "a move given up on changed the board");
            return (out, false);
        }
        out.push(board.clone());
    }
    (out, true)
}

/// A move the fast path leaves to the full replay on purpose.
fn left_on_purpose(text: &[u8]) -> bool {
    matches!(
        SanPlus::from_ascii_with(text, SanMode::Lenient),
        Ok(SanPlus {
            san: San::Null
                | San::Normal {
                    role: chessbits_bitboard_core::Role::Pawn,
                    file: Some(_),
                    rank: Some(_),
                    ..
                },
            ..
        })
    )
}

/// Compares both replays of one record; returns whether the fast path played it all.
fn compare(record: &GameRecord, what: &str) -> bool {
    // Standard chess from a position that passes strict validation (the fast path's
    // games).
    let standard =
        match crate::replay::start_position(record.fen.as_deref(), record.variant.as_deref()) {
            Ok(pos) => {
                !pos.mode().is_chess960()
                    && record.fen.as_deref().is_none_or(|fen| {
                        chessbits_position::Setup::from_ascii(fen.trim_ascii())
                            .ok()
                            .and_then(|setup| {
                                chessbits_position::Position::from_setup_with(
                                    &setup,
                                    pos.mode(),
                                    chessbits_position::Validation::Strict,
                                )
                                .ok()
                            })
                            .is_some()
                    })
            }
            Err(_) => false,
        };
    let mut reference = Vec::new();
    let crate::replay::Replayed { played, error, .. } =
        replay(record, SanMode::Lenient, |_, _, after| {
            reference.push(after.clone());
        });
    assert_eq!(played as usize, reference.len());
    let accepted = check(record, SanMode::Lenient);
    // The texts: the fast path's, as far as it goes, and `replay_texts`'s, whichever path it
    // takes, are the full replay's.
    let mut expected_texts = Vec::new();
    let _ = replay(record, SanMode::Lenient, |before, m, after| {
        let mut san = Vec::new();
        SanPlus {
            san: San::from_move(before, m),
            suffix: suffix_of(after),
        }
        .write_to(&mut san);
        expected_texts.push((san, move_to_uci(before, m).into_bytes()));
    });
    let (mut fast_san, mut fast_uci) = (Vec::new(), Vec::new());
    let whole_texts = texts(record, SanMode::Lenient, &mut fast_san, &mut fast_uci);
    assert_eq!(whole_texts, accepted.is_some(), "{what}");
    assert_eq!(fast_san.len(), fast_uci.len(), "{what}");
    assert!(fast_san.len() <= expected_texts.len(), "{what}");
    let unpacked = |code: u64| {
        chessbits_bitboard_core::MoveText::from_bits(code)
            .as_bytes()
            .as_slice()
            .to_vec()
    };
    for (k, ((&s, &u), (san, uci))) in fast_san
        .iter()
        .zip(&fast_uci)
        .zip(&expected_texts)
        .enumerate()
    {
        assert_eq!(
            (unpacked(s), unpacked(u)),
            (san.clone(), uci.clone()),
            "{what}: move {k}, {}",
            String::from_utf8_lossy(san)
        );
    }
    // The packed texts after a word already in the vectors (a batch's column): the words
    // before stay, and a game the fast path gives up on leaves only the full replay's.
    let (mut packed_san, mut packed_uci) = (vec![7u64], vec![9u64]);
    let packed =
        crate::replay::replay_packed(record, SanMode::Lenient, &mut packed_san, &mut packed_uci);
    assert_eq!((packed.played, &packed.error), (played, &error), "{what}");
    assert_eq!((packed_san[0], packed_uci[0]), (7, 9), "{what}");
    assert_eq!(packed_san.len(), 1 + expected_texts.len(), "{what}");
    assert_eq!(packed_uci.len(), 1 + expected_texts.len(), "{what}");
    let packed_texts: Vec<_> = packed_san[1..]
        .iter()
        .zip(&packed_uci[1..])
        .map(|(&s, &u)| (unpacked(s), unpacked(u)))
        .collect();
    assert_eq!(packed_texts, expected_texts, "{what}");
    let mut got = Vec::new();
    let result = crate::replay::replay_texts(record, SanMode::Lenient, |s, u| {
        got.push((s.to_vec(), u.to_vec()))
    });
    assert_eq!(got, expected_texts, "{what}");
    assert_eq!((result.played, &result.error), (played, &error), "{what}");
    if !standard {
        assert_eq!(accepted, None, "{what}: not standard");
        return false;
    }
    let (steps, whole) = fast_steps(record);
    assert_eq!(accepted.is_some(), whole, "{what}");
    // Every move the fast path played is the reference's, on the same board.
    assert!(
        steps.len() <= reference.len(),
        "{what}: played past the reference"
    );
    for (k, (board, pos)) in steps.iter().zip(&reference).enumerate() {
        // The same board after each move: the same move (no two moves of a position
        // leave the same board).
        assert_same_board(board, pos, &format!("{what}: after move {k}"));
    }
    if whole {
        assert_eq!(
            error, None,
            "{what}: the fast path played a game with an error"
        );
        assert_eq!(accepted, Some(played), "{what}");
    } else if error.is_none() {
        // Given up without an error: only on a move it leaves to the full replay.
        let text = record
            .moves
            .texts()
            .nth(steps.len())
            .unwrap_or_else(|| panic!("{what}: gave up past the end"));
        assert!(
            left_on_purpose(text),
            "{what}: gave up on {:?}, which the full replay plays",
            String::from_utf8_lossy(text)
        );
    }
    whole
}

/// The fast board equals the position's (whose en-passant square is there only when a
/// pawn can take on it; the fast board keeps every one).
fn assert_same_board(board: &SanReplayer, pos: &Position, what: &str) {
    assert!(
        board.stands_as(pos),
        "{what}: {board:?} against {}",
        pos.fen()
    );
}

fn records(pgn: &[u8]) -> Vec<GameRecord> {
    let mut out = Vec::new();
    Reader::new(pgn)
        .read_all(&mut RecordCollector::new(), |r| out.push(r))
        .expect("no I/O error from a slice");
    out
}

/// Reads `pgn` with [`RecordCollector::for_check`] and with [`RecordCollector::new`]: the
/// records must be the same (but for the moves of a game played on the way) and
/// [`check_games`] must report the same, in both modes. Returns the games the lenient
/// collector played to the end as it read them.
fn check_read_both_ways(pgn: &[u8], what: &str) -> usize {
    let plain = records(pgn);
    let mut strict = Vec::new();
    Reader::new(pgn)
        .read_all(&mut RecordCollector::for_check(SanMode::Strict), |r| {
            strict.push(r)
        })
        .expect("no I/O error from a slice");
    assert_eq!(strict, plain, "{what}");
    assert!(strict.iter().all(|r| r.prechecked.0.is_none()), "{what}");
    assert_eq!(
        check_games(&strict, SanMode::Strict),
        check_games(&plain, SanMode::Strict),
        "{what}"
    );
    let mut checked = Vec::new();
    Reader::new(pgn)
        .read_all(&mut RecordCollector::for_check(SanMode::Lenient), |r| {
            checked.push(r)
        })
        .expect("no I/O error from a slice");
    assert_eq!(checked.len(), plain.len(), "{what}");
    for (c, p) in checked.iter().zip(&plain) {
        // A game played on the way keeps no moves; everything else is the same.
        let mut c = c.clone();
        if c.prechecked.0.is_some() {
            assert!(c.moves.is_empty(), "{what}");
            c.moves = p.moves.clone();
        }
        assert_eq!(&c, p, "{what}");
    }
    assert_eq!(
        check_games(&checked, SanMode::Lenient),
        check_games(&plain, SanMode::Lenient),
        "{what}"
    );
    for (c, p) in checked.iter().zip(&plain) {
        assert_eq!(p.prechecked.0, None, "{what}");
        if let Some(played) = c.prechecked.0 {
            assert_eq!(Some(played), check(p, SanMode::Lenient), "{what}");
        }
    }
    checked.iter().filter(|r| r.prechecked.0.is_some()).count()
}

/// The `pgn fens` rows of `record` as the full replay writes them (the specification of
/// [`fens_games`]'s fast path), and the report's moves and whether there was an error.
fn reference_rows(record: &GameRecord) -> (Vec<u8>, u64, bool) {
    let mut out = Vec::new();
    let replayed = replay(record, SanMode::Lenient, |before, m, after| {
        if out.is_empty() {
            write_fen(before, &mut out);
        } else {
            let last = out.iter().rposition(|&b| b == b',').expect("a row") + 1;
            let fen = out[last..out.len() - 1].to_vec();
            out.extend_from_slice(&fen);
        }
        out.push(b',');
        SanPlus {
            san: San::from_move(before, m),
            suffix: suffix_of(after),
        }
        .write_to(&mut out);
        out.push(b',');
        write_fen(after, &mut out);
        out.push(b'\n');
    });
    (out, replayed.played, replayed.error.is_some())
}

/// [`fens_games`] writes what the full replay writes, on the fast path and off it.
fn compare_fens(record: &GameRecord, what: &str) {
    let mut out = b"earlier rows\n".to_vec();
    let report = fens_games(std::slice::from_ref(record), SanMode::Lenient, &mut out);
    let (rows, moves, error) = reference_rows(record);
    assert_eq!(
        String::from_utf8_lossy(&out[13..]),
        String::from_utf8_lossy(&rows),
        "{what}"
    );
    assert_eq!(
        (report.moves, report.errors.len() > record.read_errors.len()),
        (moves, error),
        "{what}"
    );
}

fn compare_file(path: &Path) -> (usize, usize) {
    let mut bytes = Vec::new();
    crate::input::open(path)
        .and_then(|mut r| r.read_to_end(&mut bytes))
        .expect("a readable file");
    let name = path.display().to_string();
    let prechecked = check_read_both_ways(&bytes, &name);
    let recs = records(&bytes);
    let fast = recs
        .iter()
        .filter(|r| {
            compare_fens(r, &format!("{name} game {}", r.game));
            compare(r, &format!("{name} game {}", r.game))
        })
        .count();
    // Read as it is checked, a game takes the fast path exactly when its record does.
    assert_eq!(prechecked, fast, "{name}");
    (recs.len(), fast)
}

#[test]
fn agrees_on_the_sample_games() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sample");
    let mut total = (0, 0);
    for entry in std::fs::read_dir(dir).expect("sample directory") {
        let path = entry.expect("entry").path();
        if path.to_string_lossy().ends_with(".pgn.zst") {
            let (games, fast) = compare_file(&path);
            total = (total.0 + games, total.1 + fast);
        }
    }
    assert_eq!(total.0, 2043);
    // Every sample game is error-free and standard: all take the fast path.
    assert_eq!(total.1, 2043);
}

/// The shared data set's `pgn/` directory, when `CHESSBITS_DATA` names it.
fn shared_data() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("CHESSBITS_DATA")?).join("pgn");
    dir.is_dir().then_some(dir)
}

/// Every plain PGN file of the shared data: master, Lichess, annotated, edge cases (broken
/// games, FEN set-ups, null moves) and Chess960.
#[test]
fn agrees_on_the_shared_files() {
    let Some(dir) = shared_data() else {
        eprintln!("skipped: set CHESSBITS_DATA to the shared data directory to run this");
        return;
    };
    let mut files = Vec::new();
    for sub in [
        "master",
        "lichess",
        "edge_cases",
        "edge_cases/pgn-extract_19.04_test_infiles",
        "annotated",
        "annotated/pychess_learn",
        "chess960",
    ] {
        for entry in std::fs::read_dir(dir.join(sub)).expect("a directory") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    let (mut games, mut fast) = (0, 0);
    for path in &files {
        let (g, f) = compare_file(path);
        if f < g {
            eprintln!("{}: {f} of {g}", path.display());
        }
        games += g;
        fast += f;
    }
    eprintln!("{fast} of {games} games on the fast path");
    assert!(games > 9_000, "{games}");
    assert!(fast > games * 9 / 10, "{fast} of {games}");
}

/// The 145,716 master games (11 million moves), move by move against the full replay.
#[test]
#[ignore = "reads 85 MB from $CHESSBITS_DATA"]
fn agrees_on_the_master_games() {
    let Some(dir) = shared_data() else {
        eprintln!("skipped: set CHESSBITS_DATA to the shared data directory to run this");
        return;
    };
    let (games, fast) = compare_file(&dir.join("master/gnuchess-book_1.02.pgn.zst"));
    assert_eq!((games, fast), (145_716, 145_716));
}

/// Positions where a move is legal only just, or not at all: (FEN, move, legal). Each is
/// checked to be what it says by the full replay, and the fast path must agree.
const EDGE_CASES: &[(&str, &str, bool)] = &[
    // En passant: fine, and not when both pawns leaving opens the rank to the king.
    ("8/8/8/K2pP3/8/8/8/7k w - d6 0 1", "exd6", true),
    ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "exd6", false),
    ("7K/8/8/8/k2Pp2R/8/8/8 b - d3 0 1", "exd3", false),
    ("7K/8/8/8/k2Pp3/8/8/8 b - d3 0 1", "exd3", true),
    ("8/8/8/K2pP3/8/8/8/7k w - - 0 1", "exd6", false),
    // En passant that takes the checking pawn, and one that does not answer the check.
    ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "exd3", true),
    ("8/8/8/8/1k1Pp2R/8/8/4K3 b - d3 0 1", "exd3", false),
    // Castling: free, out of check, through or onto an attacked square, blocked, past an
    // attacked b-file square (allowed), without the right.
    ("k7/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", true),
    ("k3r3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", false),
    ("k4r2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", false),
    ("k5r1/8/8/8/8/8/8/4K2R w K - 0 1", "O-O", false),
    ("k7/8/8/8/8/8/8/4KB1R w K - 0 1", "O-O", false),
    ("1r5k/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", true),
    ("3r3k/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", false),
    ("2r4k/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", false),
    ("7k/8/8/8/8/8/8/RN2K3 w Q - 0 1", "O-O-O", false),
    ("7k/8/8/8/8/8/8/R1B1K3 w Q - 0 1", "O-O-O", false),
    ("7k/8/8/8/8/8/8/R2QK3 w Q - 0 1", "O-O-O", false),
    ("k7/8/8/8/8/8/8/4K1NR w K - 0 1", "O-O", false),
    ("7k/8/8/8/8/8/8/R3K3 w - - 0 1", "O-O-O", false),
    ("r3k3/8/8/8/8/8/8/7K b q - 0 1", "O-O-O", true),
    ("r3k3/8/8/8/8/8/8/3R3K b q - 0 1", "O-O-O", false),
    ("4k2r/8/8/8/8/8/8/K5R1 b k - 0 1", "O-O", false),
    // Kings: never next to the other king, nor along the line of the check.
    ("8/8/8/3k4/8/3K4/8/8 w - - 0 1", "Kd4", false),
    ("8/8/8/3k4/8/3K4/8/8 w - - 0 1", "Kc3", true),
    ("8/8/8/8/8/8/4K2r/7k w - - 0 1", "Kd2", false),
    ("8/8/8/8/8/8/4K2r/7k w - - 0 1", "Ke3", true),
    ("8/8/8/8/8/8/4K2r/7k w - - 0 1", "Kxd2", false),
    // Two knights reach the square: ambiguous, unless one is pinned.
    ("7k/8/8/8/8/8/8/1N3N1K w - - 0 1", "Nd2", false),
    ("7k/8/8/8/8/8/8/1N3N1K w - - 0 1", "Nbd2", true),
    ("4r2k/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "Nc3", true),
    ("r6k/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "Nc3", false),
    ("r6k/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "Nec3", true),
    ("r6k/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "Nb1c3", true),
    // Pinned pieces: along the pin (legal), off it (not).
    ("7k/8/8/8/8/2b5/8/B3K3 w - - 0 1", "Bxc3", true),
    ("4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1", "Bc3", true),
    ("4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1", "Be3", false),
    ("4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1", "Re5", true),
    ("4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1", "Rd2", false),
    // Check: block, capture, or move the king; nothing else. Double check: the king only.
    ("4r2k/8/8/8/8/8/8/N3K3 w - - 0 1", "Nb3", false),
    ("4r2k/8/8/8/8/8/8/N3K3 w - - 0 1", "Kd1", true),
    ("4r2k/8/8/8/8/8/8/3RK3 w - - 0 1", "Re1", false),
    ("4r2k/8/8/8/8/8/8/R3K3 w - - 0 1", "Re1", false),
    ("4r2k/8/8/8/8/8/R7/4K3 w - - 0 1", "Re2", true),
    ("4r1k1/8/8/8/8/8/2n5/R3K2R w - - 0 1", "Ra2", false),
    ("4r1k1/8/8/8/8/8/2n5/R3K2R w - - 0 1", "Kd2", true),
    ("7k/8/8/8/8/8/3n4/R3K3 w - - 0 1", "Kxd2", true),
    ("7k/8/8/8/8/8/3q4/R3K3 w - - 0 1", "Kxd2", true),
    ("7k/8/8/8/8/8/3q4/R2RK3 w - - 0 1", "Rxd2", true),
    ("7k/3r4/8/8/8/8/3q4/R3K3 w - - 0 1", "Kxd2", false),
    // Pawns give check and guard squares too.
    ("7k/8/8/8/8/3p4/8/4K3 w - - 0 1", "Ke2", false),
    ("7k/8/8/8/8/3p4/8/4K3 w - - 0 1", "Kd2", true),
    ("7k/8/8/8/8/8/3p4/R3K3 w - - 0 1", "Ra3", false),
    ("7k/8/8/8/8/8/3p4/R3K3 w - - 0 1", "Kxd2", true),
    ("4k3/3P4/8/8/8/8/8/7K b - - 0 1", "Kxd7", true),
    ("4k3/1N1P4/8/8/8/8/8/7K b - - 0 1", "Kd8", false),
    // Pinned pawns, and pawns that do not answer a check.
    ("4k3/8/8/1b6/8/8/4P3/5K2 w - - 0 1", "e3", false),
    ("4k3/8/8/1b6/8/8/4P3/5K2 w - - 0 1", "e4", false),
    ("4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1", "d3", false),
    ("4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1", "Kf2", true),
    ("4r1k1/8/8/8/8/3p4/4P3/4K3 w - - 0 1", "exd3", false),
    ("4r1k1/8/8/8/8/3p4/4P3/4K3 w - - 0 1", "e3", true),
    ("6k1/8/8/8/8/3n4/4P3/4K3 w - - 0 1", "exd3", true),
    ("6k1/8/8/8/8/3n4/2P5/4K3 w - - 0 1", "c3", false),
    ("4k3/3p4/8/8/B7/8/8/4K3 b - - 0 1", "d5", false),
    ("4k3/3p4/8/8/B7/8/8/4K3 b - - 0 1", "Ke7", true),
    ("4k3/4p3/3P4/8/8/8/8/K3R3 b - - 0 1", "exd6", false),
    ("4k3/4p3/3P4/8/8/8/8/K3R3 b - - 0 1", "e6", true),
    // Promotions: with a piece, without one, to a king; a piece where no pawn promotes.
    ("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a8=Q", true),
    ("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a8N", true),
    ("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a8", false),
    ("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a8=K", false),
    ("1r6/P6k/8/8/8/8/8/K7 w - - 0 1", "axb8=K", false),
    ("1r6/P6k/8/8/8/8/8/K7 w - - 0 1", "axb8=Q+", true),
    ("1r6/P6k/8/8/8/8/8/K7 w - - 0 1", "axb8=R", true),
    ("1r6/P6k/8/8/8/8/8/K7 w - - 0 1", "axb8", false),
    ("8/8/P6k/8/8/8/8/K7 w - - 0 1", "a7=Q", false),
    ("7k/8/8/8/8/8/p7/7K b - - 0 1", "a1=Q+", true),
    // Pawns: pushes through pieces, a capture onto an empty square, a pawn on b-file.
    ("7k/8/8/8/8/4n3/4P3/K7 w - - 0 1", "e4", false),
    ("7k/8/8/8/4n3/8/4P3/K7 w - - 0 1", "e4", false),
    ("7k/8/8/8/8/8/4P3/K7 w - - 0 1", "e4", true),
    ("7k/8/8/8/8/4P3/8/K7 w - - 0 1", "e5", false),
    ("7k/8/8/8/8/8/4P3/K7 w - - 0 1", "exd3", false),
    ("7k/8/8/8/8/8/4P3/K7 w - - 0 1", "ee3", true),
    ("7k/8/8/8/8/2b5/1P6/K7 w - - 0 1", "bxc3", true),
    ("7k/8/8/8/8/2b5/8/K1B5 w - - 0 1", "Bb2", true),
    // Moves the fast path leaves to the full replay: null moves, coordinates.
    ("7k/8/8/8/8/8/4P3/K7 w - - 0 1", "e2e4", true),
    ("7k/8/8/8/8/8/4P3/K7 w - - 0 1", "--", true),
    ("4r2k/8/8/8/8/8/8/4K3 w - - 0 1", "--", false),
];

#[test]
fn edge_positions() {
    let mut wrong = Vec::new();
    for &(fen, san, legal) in EDGE_CASES {
        let pgn = format!("[FEN \"{fen}\"]\n\n{san} *\n");
        let recs = records(pgn.as_bytes());
        let crate::replay::Replayed { played, error, .. } =
            replay(&recs[0], SanMode::Lenient, |_, _, _| {});
        let move_error = matches!(
            error,
            Some(crate::GameError {
                kind: crate::GameErrorKind::Move { .. },
                ..
            })
        );
        if (played, error.is_none(), move_error) != (u64::from(legal), legal, !legal) {
            wrong.push(format!("{fen} {san}: {error:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "cases that are not what they say:\n{}",
        wrong.join("\n")
    );
    for &(fen, san, legal) in EDGE_CASES {
        let what = format!("{fen} {san}");
        let pgn = format!("[FEN \"{fen}\"]\n\n{san} *\n");
        let recs = records(pgn.as_bytes());
        assert_eq!(recs.len(), 1, "{what}");
        let fast = compare(&recs[0], &what);
        let leaves = left_on_purpose(san.as_bytes());
        assert_eq!(fast, legal && !leaves, "{what}");
    }
    // And the same from the start position, through a whole game.
    for game in [
        &b"1. e4 d5 2. e5 f5 3. exf6 Nxf6 4. Nf3 Nc6 5. Bb5 Bd7 6. O-O e5 7. Re1 Bd6 8. d4 O-O 9. dxe5 *"[..],
        b"1. h4 g5 2. hxg5 h6 3. gxh6 Nf6 4. h7 Ng6 5. hxg8=Q+ Rxg8 6. Rxh7 *",
        // Spellings whose canonical SAN is another text: suffixes missing or wrong, a
        // capture without its sign and a sign without a capture, more disambiguation than
        // needed, castling with zeros.
        b"1. f3 e5 2. g4 Qh4 *",
        b"1. e4+ e5# 2. Ngf3 Nb8c6 3. Bb5 a6 4. Bc6 dc6 5. 0-0 Bg4 6. Nxd4 *",
        b"1. Nf3 d5 2. Nxe5 *",
        b"1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Ne4 5. hxg8=Q Rxg8 6. Qh5 *",
    ] {
        for r in records(game) {
            compare(&r, "a game");
        }
    }
}

/// A tiny seeded generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random game's movetext: legal moves written as real files write them (canonical SAN,
/// over-disambiguated, without capture marks, without suffixes), with now and then a
/// random move that may be illegal or ambiguous.
fn random_game(seed: u64) -> GameRecord {
    let mut rng = Rng(seed);
    let mut pos = Position::new();
    let mut record = GameRecord {
        game: 1,
        line: 1,
        ..GameRecord::default()
    };
    let plies = rng.below(300);
    // A third of the games start from a `FEN` tag: the position some random moves on.
    let setup_plies = if rng.below(3) == 0 { rng.below(60) } else { 0 };
    // A third of the games get random moves now and then; the others are all legal.
    let noise = if rng.below(3) == 0 {
        1 + rng.below(60)
    } else {
        0
    };
    for ply in 0..plies {
        let moves = chessbits_movegen::legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let m = moves.as_slice()[rng.below(moves.len())];
        let canonical = SanPlus::from_move(&pos, m);
        let mut text = Vec::new();
        let random = noise > 0 && rng.below(noise) == 0;
        match (if random { 5 } else { rng.below(40) }, canonical.san) {
            (
                0..=2,
                San::Normal {
                    role,
                    to,
                    promotion,
                    ..
                },
            ) if role != chessbits_bitboard_core::Role::Pawn => {
                // Over-disambiguated: the full origin square.
                San::Normal {
                    role,
                    file: Some(m.from().file()),
                    rank: Some(m.from().rank()),
                    capture: rng.below(2) == 0,
                    to,
                    promotion,
                }
                .write_to(&mut text);
            }
            (
                3..=4,
                San::Normal {
                    role,
                    file,
                    rank,
                    to,
                    promotion,
                    ..
                },
            ) => {
                // No capture mark.
                San::Normal {
                    role,
                    file,
                    rank,
                    capture: false,
                    to,
                    promotion,
                }
                .write_to(&mut text);
            }
            (5, _) if random => {
                // Any piece letter to any square: legal, illegal or ambiguous.
                let letters: &[&[u8]] = &[b"", b"N", b"B", b"R", b"Q", b"K", b"O-O", b"O-O-O"];
                let letter = letters[rng.below(letters.len())];
                text.extend_from_slice(letter);
                if letter.len() <= 1 {
                    if rng.below(3) == 0 {
                        text.push(b'a' + rng.below(8) as u8);
                    }
                    text.push(b'a' + rng.below(8) as u8);
                    text.push(b'1' + rng.below(8) as u8);
                    if rng.below(4) == 0 {
                        text.extend_from_slice(b"=Q");
                    }
                }
            }
            (6, _) => canonical.san.write_to(&mut text),
            _ => canonical.write_to(&mut text),
        }
        if ply == setup_plies && setup_plies > 0 {
            record.fen = Some(pos.fen().into_bytes());
        }
        if ply >= setup_plies {
            record.moves.push(&text, 1 + ply as u64 / 8);
        }
        let _ = pos.make_unchecked(m);
    }
    record
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
    #[test]
    fn agrees_on_random_games(seed in proptest::prelude::any::<u64>()) {
        let record = random_game(seed);
        compare(&record, &format!("seed {seed}"));
        compare_fens(&record, &format!("seed {seed}"));
        // The same game as PGN text, read and checked in one pass.
        let mut pgn = Vec::new();
        if let Some(fen) = &record.fen {
            pgn.extend_from_slice(b"[FEN \"");
            pgn.extend_from_slice(fen);
            pgn.extend_from_slice(b"\"]\n\n");
        }
        for text in record.moves.texts() {
            pgn.extend_from_slice(text);
            pgn.push(b' ');
        }
        pgn.extend_from_slice(b"*\n");
        let prechecked = check_read_both_ways(&pgn, &format!("seed {seed}"));
        let read = records(&pgn);
        proptest::prop_assert_eq!(read.len(), 1);
        proptest::prop_assert_eq!(prechecked == 1, check(&read[0], SanMode::Lenient).is_some());
    }
}
