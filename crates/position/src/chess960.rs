//! The 960 starting positions of Chess960 by their standard numbers (Scharnagl's
//! numbering, 0 to 959; 518 is the standard position).

use chessbits_bitboard_core::{Color, File, Rank, Role, Square};

use crate::board::Board;

/// The knights' two squares among the five left after the bishops and the queen, by the
/// number 0 to 9.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank of start position `n` (pieces by file), `None` beyond 959.
fn back_rank(n: u32) -> Option<[Role; 8]> {
    if n > 959 {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = n as usize;
    // The bishops: one on a light square (b, d, f, h), one on a dark square (a, c, e, g).
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let empty = |rank: &[Option<Role>; 8]| -> ([usize; 8], usize) {
        let mut files = [0; 8];
        let mut count = 0;
        for (f, r) in rank.iter().enumerate() {
            if r.is_none() {
                files[count] = f;
                count += 1;
            }
        }
        (files, count)
    };
    let (files, _) = empty(&rank);
    rank[files[n % 6]] = Some(Role::Queen);
    n /= 6;
    let (files, _) = empty(&rank);
    let (a, b) = KNIGHTS[n];
    rank[files[a]] = Some(Role::Knight);
    rank[files[b]] = Some(Role::Knight);
    let (files, count) = empty(&rank);
    debug_assert_eq!(count, 3);
    for (i, role) in [Role::Rook, Role::King, Role::Rook].into_iter().enumerate() {
        rank[files[i]] = Some(role);
    }
    let mut out = [Role::Pawn; 8];
    for (o, r) in out.iter_mut().zip(rank) {
        *o = r?;
    }
    Some(out)
}

impl Board {
    /// The placement of Chess960 start position `n` (0 to 959; `None` beyond).
    #[must_use]
    pub fn chess960_start(n: u32) -> Option<Board> {
        let roles = back_rank(n)?;
        let mut board = Board::empty();
        for (file, role) in File::ALL.into_iter().zip(roles) {
            for (color, back, pawns) in [
                (Color::White, Rank::First, Rank::Second),
                (Color::Black, Rank::Eighth, Rank::Seventh),
            ] {
                board.put(Square::from_coords(file, back), role.of(color));
                board.put(Square::from_coords(file, pawns), Role::Pawn.of(color));
            }
        }
        Some(board)
    }

    /// The number of the Chess960 start position this placement is, if it is one.
    #[must_use]
    pub fn chess960_number(&self) -> Option<u32> {
        (0..960).find(|&n| Board::chess960_start(n).as_ref() == Some(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_placements() {
        assert_eq!(Board::chess960_start(518), Some(Board::standard()));
        assert_eq!(Board::standard().chess960_number(), Some(518));
        assert_eq!(Board::chess960_start(960), None);
        let mut seen = alloc::collections::BTreeSet::new();
        for n in 0..960 {
            let b = Board::chess960_start(n).expect("start");
            assert_eq!(b.chess960_number(), Some(n));
            let mut fen = alloc::string::String::new();
            b.write_fen(&mut fen).expect("fen");
            assert!(seen.insert(fen));
        }
        // Position 0 is BBQNNRKR.
        let zero = Board::chess960_start(0).expect("start");
        let mut fen = alloc::string::String::new();
        zero.write_fen(&mut fen).expect("fen");
        assert_eq!(fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR");
    }
}
