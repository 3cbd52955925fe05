//! What the tests share: where the tables are.

#![allow(dead_code)]

use std::path::PathBuf;

use std::path::Path;

use chessbits_bitboard_core::{Bitboard, Color, Piece, Role, Square};
use chessbits_position::{Board, CastlingMode, Position, Setup};
use chessbits_syzygy::Tablebase;

/// The committed tables.
pub(crate) fn committed_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The shared data set's Syzygy folder, where `CHESSBITS_DATA` names the data set; else a
/// printed notice and `None`.
pub(crate) fn shared_dir(test: &str) -> Option<PathBuf> {
    match std::env::var_os("CHESSBITS_DATA") {
        Some(dir) => {
            let dir = PathBuf::from(dir).join("syzygy");
            assert!(
                dir.is_dir(),
                "CHESSBITS_DATA is set but {} is missing",
                dir.display()
            );
            Some(dir)
        }
        None => {
            eprintln!("{test}: skipped the shared data set: CHESSBITS_DATA is not set");
            None
        }
    }
}

/// A tablebase over a directory.
pub(crate) fn tablebase(dir: &std::path::Path) -> Tablebase {
    let mut tb = Tablebase::new();
    let n = tb.add_directory(dir).expect("the table directory reads");
    assert!(n > 0, "no tables in {}", dir.display());
    tb
}

/// xorshift64*: seeded, reproducible.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The materials of the tables in `dir` that have both a WDL and a DTZ file, by name, as
/// the pieces of white and of black (what the library says it covers in full).
pub(crate) fn materials(dir: &Path) -> Vec<(String, Vec<Piece>)> {
    let mut tables = chessbits_syzygy::Tablebase::new();
    tables.add_directory(dir).expect("readable");
    tables.complete_tables()
}

/// A random legal position of the material (colours exchanged half the time). Where both
/// sides have pawns, a third of the positions have a pawn of the side to move beside an
/// enemy pawn that may just have been pushed two squares, with its en-passant square.
pub(crate) fn random_position(rng: &mut Rng, pieces: &[Piece]) -> Position {
    'retry: loop {
        let swap = rng.below(2) == 1;
        let turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut pieces: Vec<Piece> = pieces
            .iter()
            .map(|&p| if swap { p.role.of(p.color.other()) } else { p })
            .collect();
        let mut board = Board::empty();
        let mut ep_square = None;
        let ours = pieces.iter().position(|&p| p == Role::Pawn.of(turn));
        let theirs = pieces
            .iter()
            .position(|&p| p == Role::Pawn.of(turn.other()));
        if let (Some(a), Some(b), 0) = (ours, theirs, rng.below(3)) {
            // Their pawn on its fourth rank, ours beside it.
            let rank: i32 = if turn == Color::White { 4 } else { 3 };
            let forward: i32 = if turn == Color::White { 1 } else { -1 };
            let file = rng.below(8) as i32;
            let side = if (rng.below(2) == 0 && file > 0) || file == 7 {
                -1
            } else {
                1
            };
            let at = |f: i32, r: i32| Square::new((r * 8 + f) as u32).expect("on the board");
            board.put(at(file, rank), pieces[b]);
            board.put(at(file + side, rank), pieces[a]);
            ep_square = Some(at(file, rank + forward));
            // The squares the pawn crossed are empty.
            board.put(at(file, rank + forward), Role::King.of(Color::White));
            board.put(at(file, rank + 2 * forward), Role::King.of(Color::White));
            pieces = pieces
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != a && i != b)
                .map(|(_, &p)| p)
                .collect();
        }
        let reserved: Vec<Square> = ep_square
            .map(|s| {
                let forward = if turn == Color::White { 8 } else { -8i32 };
                vec![
                    s,
                    Square::new((s as i32 + forward) as u32).expect("on the board"),
                ]
            })
            .unwrap_or_default();
        for &p in &pieces {
            let sq = Square::new(rng.below(64) as u32).expect("0..64");
            if board.piece_at(sq).is_some()
                || (p.role == Role::Pawn && matches!(sq as u8 >> 3, 0 | 7))
            {
                continue 'retry;
            }
            board.put(sq, p);
        }
        for &s in &reserved {
            board.discard(s);
        }
        let setup = Setup {
            board,
            turn,
            castling_rights: Bitboard::EMPTY,
            ep_square,
            halfmoves: 0,
            fullmoves: 1,
            chess960: false,
            ..Setup::empty()
        };
        if let Ok(pos) = Position::from_setup(&setup, CastlingMode::Standard) {
            return pos;
        }
    }
}
