//! Tables of rotated bitboards (Hyatt 1999): where each square sits in the 90-degree and the
//! two 45-degree rotated occupancies, how far to shift each rotated occupancy to bring a
//! square's line down to bit 0, and the 64x256 attack table of each line (the table of a
//! line is indexed by the slider's square and the line vector; only the vector's first
//! `length` bits count, so masking with 255 is enough whatever follows the line).

use chessbits_bitboard_core::Square;

use super::lines::Line;

/// The rotated boards after the normal one: files, a1-h8 diagonals, a8-h1 diagonals.
const ROTATED: [Line; 3] = [Line::File, Line::Diagonal, Line::AntiDiagonal];

/// `(index, shift)` of every square in each rotated board: lines are laid out one after
/// another (files a to h; diagonals from the one of h1 to the one of a8; anti-diagonals from
/// the one of a1 to the one of h8), each lowest square first. `shift` is where the square's
/// line starts.
pub(crate) fn layout() -> [[(u8, u8); 64]; 3] {
    let mut out = [[(0u8, 0u8); 64]; 3];
    for (board, line) in ROTATED.iter().enumerate() {
        // Line id, then position along it: a key that orders the lines as described.
        let id = |sq: Square| -> i32 {
            let (f, r) = (sq.file() as i32, sq.rank() as i32);
            match line {
                Line::File => f,
                Line::Diagonal => r - f,
                Line::AntiDiagonal => r + f,
                Line::Rank => r,
            }
        };
        let mut squares: Vec<Square> = Square::ALL.to_vec();
        squares.sort_by_key(|&sq| (id(sq), sq as u8));
        let mut start = 0usize;
        for (index, &sq) in squares.iter().enumerate() {
            if index > 0 && id(squares[index - 1]) != id(sq) {
                start = index;
            }
            out[board][sq.index()] = (
                u8::try_from(index).expect("64 squares"),
                u8::try_from(start).expect("64 squares"),
            );
        }
    }
    // Each square's line is contiguous and in ascending order from its shift.
    for (board, line) in ROTATED.iter().enumerate() {
        for sq in Square::ALL {
            let (index, shift) = out[board][sq.index()];
            let position = line
                .squares(sq)
                .iter()
                .position(|&s| s == sq)
                .expect("a square is on its own line");
            assert_eq!(usize::from(index - shift), position, "{line:?} {sq}");
        }
    }
    out
}

/// The attack table of `line`: 64 x 256 attack sets, by square and line vector.
pub(crate) fn attacks(line: Line) -> Vec<[u64; 256]> {
    Square::ALL
        .iter()
        .map(|&sq| {
            let mut row = [0u64; 256];
            for (vector, slot) in row.iter_mut().enumerate() {
                *slot = line.attacks(sq, line.occupancy(sq, vector));
            }
            row
        })
        .collect()
}
