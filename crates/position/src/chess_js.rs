//! FEN as chess.js 1.x reads it: its `validateFen` rules, which the WebAssembly door's
//! `validateFen` and `Chess` constructor follow. chess.js checks the text, not the
//! position: six fields, counters as JavaScript's `parseInt` reads them, the placement's
//! rows, one king of each colour and no pawn on the first or last rank. It does not ask
//! whether the side not to move is in check, or whether an en-passant square has a pawn
//! to capture. [`Setup`](crate::Setup) reads such text as a placement.

use alloc::string::String;

/// Why chess.js refuses a FEN, in its wording (each message starts `Invalid FEN: `).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ChessJsFenError {
    /// Not six fields separated by whitespace (a leading or trailing space makes one more).
    #[error("Invalid FEN: must contain six space-delimited fields")]
    Fields,
    /// The move number is not a positive integer.
    #[error("Invalid FEN: move number must be a positive integer")]
    MoveNumber,
    /// The half-move counter is not an integer of at least zero.
    #[error("Invalid FEN: half move counter number must be a non-negative integer")]
    HalfMoves,
    /// The en-passant field is neither `-` nor a square on the third or sixth rank.
    #[error("Invalid FEN: en-passant square is invalid")]
    EnPassant,
    /// The castling field holds something other than `K`, `Q`, `k`, `q` and `-`.
    #[error("Invalid FEN: castling availability is invalid")]
    Castling,
    /// The side to move is neither `w` nor `b`.
    #[error("Invalid FEN: side-to-move is invalid")]
    SideToMove,
    /// The placement does not have eight rows.
    #[error("Invalid FEN: piece data does not contain 8 '/'-delimited rows")]
    Rows,
    /// Two digits in a row in the placement.
    #[error("Invalid FEN: piece data is invalid (consecutive number)")]
    ConsecutiveNumbers,
    /// A character that is neither a digit nor a piece letter in the placement.
    #[error("Invalid FEN: piece data is invalid (invalid piece)")]
    InvalidPiece,
    /// A row that is not eight squares.
    #[error("Invalid FEN: piece data is invalid (too many squares in rank)")]
    RowLength,
    /// An en-passant square on the side to move's own side (the third rank with White to
    /// move, the sixth with Black).
    #[error("Invalid FEN: illegal en-passant square")]
    IllegalEnPassant,
    /// No king of a colour (`true`: White).
    #[error("Invalid FEN: missing {} king", if *.0 { "white" } else { "black" })]
    MissingKing(bool),
    /// More than one king of a colour (`true`: White).
    #[error("Invalid FEN: too many {} kings", if *.0 { "white" } else { "black" })]
    TooManyKings(bool),
    /// A pawn on the first or last rank.
    #[error("Invalid FEN: some pawns are on the edge rows")]
    PawnsOnEdgeRows,
}

/// What JavaScript's `parseInt(text, 10)` gives: an optional sign, then the digits up to
/// the first other character (`"1.5"` is 1, `"+1"` is 1, `"1x"` is 1); `None` where no
/// digit follows the sign (`NaN`). Saturates rather than overflowing.
fn parse_int(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    let (negative, digits) = match bytes.first() {
        Some(b'-') => (true, &bytes[1..]),
        Some(b'+') => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    let run = digits.iter().take_while(|b| b.is_ascii_digit()).count();
    if run == 0 {
        return None;
    }
    let value = digits[..run].iter().fold(0i64, |n, &d| {
        n.saturating_mul(10).saturating_add(i64::from(d - b'0'))
    });
    Some(if negative { -value } else { value })
}

/// The fields of `text` as JavaScript's `text.split(/\s+/)` gives them: a field between
/// each run of whitespace, and an empty one before leading or after trailing whitespace.
fn js_fields(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    core::iter::from_fn(move || {
        let current = rest?;
        match current.find(char::is_whitespace) {
            Some(i) => {
                rest = Some(current[i..].trim_start_matches(char::is_whitespace));
                Some(&current[..i])
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
}

/// A FEN as chess.js's `load` completes it before reading: with two to five fields, the
/// missing ones from the end of `w - - 0 1` (castling `-`, en passant `-`, counters `0`
/// and `1`) joined by single spaces; any other text as it is.
///
/// ```
/// use chessbits_position::complete_chess_js_fen;
///
/// assert_eq!(complete_chess_js_fen("8/8/8/8/8/8/8/8 w"), "8/8/8/8/8/8/8/8 w - - 0 1");
/// assert_eq!(complete_chess_js_fen("8/8/8/8/8/8/8/8 b KQ - 3"), "8/8/8/8/8/8/8/8 b KQ - 3 1");
/// assert_eq!(complete_chess_js_fen("8/8/8/8/8/8/8/8"), "8/8/8/8/8/8/8/8");
/// ```
#[must_use]
pub fn complete_chess_js_fen(fen: &str) -> String {
    let count = js_fields(fen).count();
    if !(2..6).contains(&count) {
        return fen.into();
    }
    let defaults = ["-", "-", "0", "1"];
    let mut out = String::with_capacity(fen.len() + 8);
    for (i, field) in js_fields(fen)
        .chain(defaults[4 - (6 - count)..].iter().copied())
        .enumerate()
    {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(field);
    }
    out
}

/// A FEN as chess.js's `load` reads the fields it has checked: the counters as `parseInt`
/// reads them (`+1` and `1.5` are 1) and the castling field as the letters `KQkq` it holds
/// (`-K` is `K`; none is `-`); the other fields as they are. Text of other than six fields
/// is returned as it is.
///
/// ```
/// use chessbits_position::read_chess_js_fen;
///
/// let fen = "4k3/8/8/8/8/8/8/R3K2R w -QK - 02 1.5";
/// assert_eq!(read_chess_js_fen(fen), "4k3/8/8/8/8/8/8/R3K2R w KQ - 2 1");
/// ```
#[must_use]
pub fn read_chess_js_fen(fen: &str) -> String {
    let fields: alloc::vec::Vec<&str> = js_fields(fen).collect();
    let [placement, turn, castling, en_passant, half_moves, move_number] = fields[..] else {
        return fen.into();
    };
    let castling: String = "KQkq".chars().filter(|&c| castling.contains(c)).collect();
    let castling = if castling.is_empty() {
        "-".into()
    } else {
        castling
    };
    let counter =
        |text: &str| parse_int(text).map_or_else(|| text.into(), |n| alloc::format!("{n}"));
    alloc::format!(
        "{placement} {turn} {castling} {en_passant} {} {}",
        counter(half_moves),
        counter(move_number)
    )
}

/// Whether chess.js 1.x takes `fen` (its `validateFen`): `Ok`, or the first rule it
/// breaks, in chess.js's order.
///
/// ```
/// use chessbits_position::{validate_chess_js_fen, ChessJsFenError};
///
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// assert_eq!(validate_chess_js_fen(start), Ok(()));
/// // The side not to move in check is no concern of chess.js's.
/// assert_eq!(validate_chess_js_fen("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"), Ok(()));
/// let error = validate_chess_js_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1");
/// assert_eq!(error, Err(ChessJsFenError::IllegalEnPassant));
/// ```
pub fn validate_chess_js_fen(fen: &str) -> Result<(), ChessJsFenError> {
    let mut fields = [""; 6];
    let mut count = 0;
    for field in js_fields(fen) {
        if count < 6 {
            fields[count] = field;
        }
        count += 1;
    }
    if count != 6 {
        return Err(ChessJsFenError::Fields);
    }
    let [placement, turn, castling, en_passant, half_moves, move_number] = fields;
    if parse_int(move_number).is_none_or(|n| n <= 0) {
        return Err(ChessJsFenError::MoveNumber);
    }
    if parse_int(half_moves).is_none_or(|n| n < 0) {
        return Err(ChessJsFenError::HalfMoves);
    }
    let ep = en_passant.as_bytes();
    let ep_square = ep.len() == 2 && (b'a'..=b'h').contains(&ep[0]) && matches!(ep[1], b'3' | b'6');
    if en_passant != "-" && !ep_square {
        return Err(ChessJsFenError::EnPassant);
    }
    if castling
        .bytes()
        .any(|b| !matches!(b, b'K' | b'Q' | b'k' | b'q' | b'-'))
    {
        return Err(ChessJsFenError::Castling);
    }
    if turn != "w" && turn != "b" {
        return Err(ChessJsFenError::SideToMove);
    }
    let rows: [&str; 8] = {
        let mut rows = [""; 8];
        let mut n = 0;
        for row in placement.split('/') {
            if n < 8 {
                rows[n] = row;
            }
            n += 1;
        }
        if n != 8 {
            return Err(ChessJsFenError::Rows);
        }
        rows
    };
    for row in rows {
        let (mut squares, mut after_number) = (0u32, false);
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if after_number {
                    return Err(ChessJsFenError::ConsecutiveNumbers);
                }
                squares += d;
                after_number = true;
            } else {
                if !"prnbqkPRNBQK".contains(c) {
                    return Err(ChessJsFenError::InvalidPiece);
                }
                squares += 1;
                after_number = false;
            }
        }
        if squares != 8 {
            return Err(ChessJsFenError::RowLength);
        }
    }
    if (ep.get(1) == Some(&b'3') && turn == "w") || (ep.get(1) == Some(&b'6') && turn == "b") {
        return Err(ChessJsFenError::IllegalEnPassant);
    }
    for (king, white) in [('K', true), ('k', false)] {
        match placement.chars().filter(|&c| c == king).count() {
            0 => return Err(ChessJsFenError::MissingKing(white)),
            1 => {}
            _ => return Err(ChessJsFenError::TooManyKings(white)),
        }
    }
    if rows[0].contains(['p', 'P']) || rows[7].contains(['p', 'P']) {
        return Err(ChessJsFenError::PawnsOnEdgeRows);
    }
    Ok(())
}

/// chess.js's `isInsufficientMaterial`, which counts pieces on the board whatever they are:
/// two pieces (kings or not), three of which one is a knight or one a bishop, or bishops
/// all on squares of one colour beside two other pieces.
#[must_use]
pub fn chess_js_insufficient_material(board: &crate::Board) -> bool {
    use chessbits_bitboard_core::{Bitboard, Role};
    let pieces = board.occupied().count();
    let bishops = board.by_role(Role::Bishop);
    if pieces == 2 {
        return true;
    }
    if pieces == 3 && (bishops.count() == 1 || board.by_role(Role::Knight).count() == 1) {
        return true;
    }
    pieces == bishops.count() + 2
        && (bishops.is_subset(Bitboard::LIGHT_SQUARES) || bishops.is_subset(Bitboard::DARK_SQUARES))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_int_reads_as_javascript_does() {
        assert_eq!(parse_int("12"), Some(12));
        assert_eq!(parse_int("+1"), Some(1));
        assert_eq!(parse_int("1.5"), Some(1));
        assert_eq!(parse_int("01x"), Some(1));
        assert_eq!(parse_int("-3"), Some(-3));
        assert_eq!(parse_int("-"), None);
        assert_eq!(parse_int("x1"), None);
        assert_eq!(parse_int(""), None);
        assert_eq!(parse_int("99999999999999999999999"), Some(i64::MAX));
    }
}
