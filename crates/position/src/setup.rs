//! [`Setup`]: an unvalidated position as FEN describes it, and FEN/X-FEN/Shredder-FEN parsing.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use chessbits_bitboard_core::{Bitboard, Color, File, Piece, Rank, Role, Square, TextSink};

use crate::board::Board;
use crate::castling::back_rank;
use crate::fen_text::{FenBuf, FenSink, Fmt, Text};
use crate::variant::{Pockets, RemainingChecks};

/// The field of a FEN string an error was found in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The whole string (empty, or too many fields).
    Whole,
    /// Field 1: piece placement.
    Placement,
    /// Field 2: side to move.
    Turn,
    /// Field 3: castling rights.
    Castling,
    /// Field 4: en-passant square.
    EnPassant,
    /// Field 5: halfmove clock.
    Halfmoves,
    /// Field 6: fullmove number.
    Fullmoves,
    /// The crazyhouse pockets (`[QNqp]` after the placement, or a ninth rank).
    Pockets,
    /// The three-check counters (`3+3` before the clocks or `+0+0` after them).
    Checks,
}

/// A FEN string could not be read. Says which field, where (byte column from 0), the
/// offending text and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {field} field {text:?} at column {column}: {reason}")]
#[non_exhaustive]
pub struct ParseFenError {
    /// The field the error is in.
    pub field: FenField,
    /// Byte offset of the offending text in the input.
    pub column: usize,
    /// The offending text (lossily decoded if not UTF-8).
    pub text: String,
    /// What is wrong.
    pub reason: &'static str,
}

/// A position as written in FEN, not yet checked for legality.
///
/// Castling rights are kept as the set of rook squares that may still castle (so standard,
/// X-FEN and Shredder-FEN rights all fit); the en-passant square is kept as written. Turn it
/// into a playable [`crate::Position`] with [`crate::Position::from_setup`], which validates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// Squares of the rooks that keep a castling right.
    pub castling_rights: Bitboard,
    /// The en-passant target square as written (not normalised).
    pub ep_square: Option<Square>,
    /// Halfmoves since the last capture or pawn move.
    pub halfmoves: u32,
    /// Fullmove number, starting at 1.
    pub fullmoves: u32,
    /// Whether the FEN calls for Chess960: set when its castling field names a rook by its
    /// file (Shredder-FEN, such as `HAha`), the notation of Chess960, even where king and
    /// rooks stand as in standard chess. [`crate::CastlingMode::detect`] then answers
    /// Chess960, so that castling is written king-takes-rook (`e1h1`), as a Chess960 GUI
    /// expects.
    pub chess960: bool,
    /// The crazyhouse pockets, when the FEN has them (`[...]` or a ninth rank); written back
    /// in brackets.
    pub pockets: Option<Pockets>,
    /// The pieces marked promoted (`Q~`: crazyhouse, where they return to the pocket as
    /// pawns when captured).
    pub promoted: Bitboard,
    /// The three-check counters, when the FEN has them; written back as python-chess does
    /// (`3+3`, checks remaining, before the clocks).
    pub remaining_checks: Option<RemainingChecks>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::standard()
    }
}

impl Setup {
    /// The standard starting position.
    #[must_use]
    pub fn standard() -> Setup {
        Setup {
            board: Board::standard(),
            turn: Color::White,
            castling_rights: Bitboard::CORNERS,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            chess960: false,
            pockets: None,
            promoted: Bitboard::EMPTY,
            remaining_checks: None,
        }
    }

    /// An empty board, white to move.
    #[must_use]
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling_rights: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            chess960: false,
            pockets: None,
            promoted: Bitboard::EMPTY,
            remaining_checks: None,
        }
    }

    /// Parses FEN, X-FEN or Shredder-FEN from ASCII bytes, with the variants' additions.
    ///
    /// Fields may be separated by any run of ASCII whitespace. Only the placement is required:
    /// missing fields default to `w - - 0 1` (EPD lines have four fields). Castling accepts
    /// `KQkq` (the outermost rook on that side, as X-FEN reads it), file letters `A`-`H`/`a`-`h`
    /// (Shredder-FEN) and any mix. A fullmove number of 0 is read as 1.
    ///
    /// The variants (as Lichess and python-chess write them): crazyhouse pockets in
    /// brackets after the placement (`.../RNBQKBNR[Qn]`) or as a ninth rank
    /// (`.../RNBQKBNR/Qn`), `~` after a promoted piece (`Q~`); the three-check counters as
    /// a field after the en-passant square (`3+3`, checks remaining) or after the fullmove
    /// number (`+1+0`, checks given).
    ///
    /// ```
    /// use chessbits_bitboard_core::{Color, Role};
    /// use chessbits_position::Setup;
    /// let zh: Setup = "4k3/8/8/8/8/8/8/4K2Q~[Nb] w - - 0 1".parse().unwrap();
    /// assert_eq!(zh.pockets.unwrap().count(Color::Black, Role::Bishop), 1);
    /// assert_eq!(zh.fen(), "4k3/8/8/8/8/8/8/4K2Q~[Nb] w - - 0 1");
    /// let lichess: Setup = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+0".parse().unwrap();
    /// assert_eq!(lichess.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 1+3 0 1");
    /// ```
    pub fn from_ascii(fen: &[u8]) -> Result<Setup, ParseFenError> {
        let mut fields = Fields::new(fen);
        let (col, placement) = fields.next().ok_or_else(|| ParseFenError {
            field: FenField::Whole,
            column: 0,
            text: String::new(),
            reason: "empty FEN",
        })?;
        let (board, promoted, pockets) = parse_placement_and_pockets(placement, col)?;
        let mut setup = Setup {
            board,
            promoted,
            pockets,
            ..Setup::empty()
        };
        if let Some((col, turn)) = fields.next() {
            setup.turn = match turn {
                b"w" | b"W" => Color::White,
                b"b" | b"B" => Color::Black,
                _ => return Err(err(FenField::Turn, col, turn, "expected w or b")),
            };
        }
        if let Some((col, castling)) = fields.next() {
            setup.castling_rights = parse_castling(&setup.board, setup.promoted, castling, col)?;
            setup.chess960 = castling
                .iter()
                .any(|c| matches!(c, b'a'..=b'h' | b'A'..=b'H'));
        }
        if let Some((col, ep)) = fields.next() {
            setup.ep_square = match ep {
                b"-" => None,
                _ => Some(
                    Square::from_ascii(ep)
                        .map_err(|_| err(FenField::EnPassant, col, ep, "expected - or a square"))?,
                ),
            };
        }
        let mut next = fields.next();
        if let Some((col, checks)) = next.filter(|(_, f)| f.contains(&b'+') && f[0] != b'+') {
            setup.remaining_checks = Some(parse_checks(checks, col, false)?);
            next = fields.next();
        }
        if let Some((col, half)) = next {
            setup.halfmoves = parse_number(half)
                .ok_or_else(|| err(FenField::Halfmoves, col, half, "expected a number"))?;
        }
        if let Some((col, full)) = fields.next() {
            setup.fullmoves = parse_number(full)
                .ok_or_else(|| err(FenField::Fullmoves, col, full, "expected a number"))?
                .max(1);
        }
        if let Some((col, extra)) = fields.next() {
            if extra.first() == Some(&b'+') && setup.remaining_checks.is_none() {
                setup.remaining_checks = Some(parse_checks(extra, col, true)?);
            } else {
                return Err(err(FenField::Whole, col, extra, "more than six fields"));
            }
        }
        if let Some((col, extra)) = fields.next() {
            return Err(err(FenField::Whole, col, extra, "more than seven fields"));
        }
        Ok(setup)
    }

    /// Writes this setup as FEN, castling in X-FEN (`KQkq` where that names the rook
    /// unambiguously, a file letter otherwise) and the en-passant square as stored.
    #[must_use]
    pub fn fen(&self) -> String {
        self.fen_with_checks(ChecksNotation::Remaining)
    }

    /// [`Setup::fen`] with the three-check counters written as `notation` says.
    ///
    /// ```
    /// use chessbits_position::{ChecksNotation, Setup};
    /// let s: Setup = "4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1".parse().unwrap();
    /// assert_eq!(s.fen_with_checks(ChecksNotation::Given), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0");
    /// ```
    #[must_use]
    pub fn fen_with_checks(&self, notation: ChecksNotation) -> String {
        self.fen_in(CastlingNotation::XFen, notation)
    }

    /// The FEN with the castling field and the three-check counters in these notations.
    fn fen_in(&self, castling: CastlingNotation, checks: ChecksNotation) -> String {
        let mut s = String::with_capacity(90);
        let _ = FenFields {
            board: &self.board,
            turn: self.turn,
            castling_rights: self.castling_rights,
            notation: castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            promoted: self.promoted,
            pockets: self.pockets.as_ref(),
            remaining_checks: self.remaining_checks,
            checks_notation: checks,
        }
        .write(&mut s);
        s
    }
}

impl Setup {
    /// [`Setup::fen`] with the castling field in `notation` (Shredder-FEN's `HAha`: the
    /// files of the rooks with rights).
    #[must_use]
    pub fn fen_with_castling(&self, notation: CastlingNotation) -> String {
        self.fen_in(notation, ChecksNotation::Remaining)
    }
}

/// How FEN writes the three-check counters.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChecksNotation {
    /// The checks each side still has to give, before the clocks: `3+3` (python-chess).
    #[default]
    Remaining,
    /// The checks each side has given, after the clocks: `+0+0` (Lichess's X-FEN).
    Given,
}

/// The six fields of a FEN, borrowed from a [`Setup`] or a [`crate::Position`]: the one
/// FEN writer of the crate.
pub(crate) struct FenFields<'a> {
    pub(crate) board: &'a Board,
    pub(crate) turn: Color,
    pub(crate) castling_rights: Bitboard,
    pub(crate) notation: CastlingNotation,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// The variants' fields (empty and `None` for standard chess).
    pub(crate) promoted: Bitboard,
    pub(crate) pockets: Option<&'a Pockets>,
    pub(crate) remaining_checks: Option<RemainingChecks>,
    pub(crate) checks_notation: ChecksNotation,
}

impl FenFields<'_> {
    /// Writes the FEN into `f`, without allocating, in one `write_str` (see
    /// [`FenBuf`]).
    pub(crate) fn write(&self, f: &mut impl fmt::Write) -> fmt::Result {
        self.write_into(Fmt(f))
    }

    /// Writes the FEN into `out` in one `put_all`.
    pub(crate) fn write_text(&self, out: &mut impl TextSink) {
        // A `TextSink` takes every ASCII byte: the one error there can be is a non-ASCII
        // field, and none is.
        let _ = self.write_into(Text(out));
    }

    fn write_into(&self, sink: impl FenSink) -> fmt::Result {
        let mut buf = FenBuf::into_sink(sink);
        buf.placement_promoted(self.board, self.promoted)?;
        if let Some(pockets) = self.pockets {
            buf.push(b'[')?;
            pockets.write_fen(&mut buf)?;
            buf.push(b']')?;
        }
        buf.push(b' ')?;
        buf.push(self.turn.char() as u8)?;
        buf.push(b' ')?;
        write_castling(
            &mut buf,
            self.board,
            self.promoted,
            self.castling_rights,
            self.notation,
        )?;
        buf.push(b' ')?;
        match self.ep_square {
            Some(sq) => {
                buf.push(sq.file().char() as u8)?;
                buf.push(sq.rank().char() as u8)?;
            }
            None => buf.push(b'-')?,
        }
        buf.push(b' ')?;
        let checks = self.remaining_checks;
        if let (Some(c), ChecksNotation::Remaining) = (checks, self.checks_notation) {
            buf.number(u32::from(c.white))?;
            buf.push(b'+')?;
            buf.number(u32::from(c.black))?;
            buf.push(b' ')?;
        }
        buf.number(self.halfmoves)?;
        buf.push(b' ')?;
        buf.number(self.fullmoves)?;
        if let (Some(c), ChecksNotation::Given) = (checks, self.checks_notation) {
            buf.push(b' ')?;
            buf.push(b'+')?;
            buf.number(u32::from(3u8.saturating_sub(c.white)))?;
            buf.push(b'+')?;
            buf.number(u32::from(3u8.saturating_sub(c.black)))?;
        }
        buf.flush()
    }
}

impl FromStr for Setup {
    type Err = ParseFenError;

    fn from_str(s: &str) -> Result<Setup, ParseFenError> {
        Setup::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

/// How castling rights are written in FEN.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingNotation {
    /// `KQkq` when the right's rook is the outermost on its side of the king; otherwise
    /// the rook's file letter (X-FEN). For standard chess this is plain FEN.
    #[default]
    XFen,
    /// Always the rook's file letter: `HAha` (Shredder-FEN).
    Shredder,
}

fn err(field: FenField, column: usize, text: &[u8], reason: &'static str) -> ParseFenError {
    ParseFenError {
        field,
        column,
        text: String::from_utf8_lossy(text).into_owned(),
        reason,
    }
}

fn parse_number(s: &[u8]) -> Option<u32> {
    if s.is_empty() || s.len() > 9 || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(s.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')))
}

/// Iterator over whitespace-separated fields with their byte offsets.
struct Fields<'a> {
    s: &'a [u8],
    pos: usize,
}

impl<'a> Fields<'a> {
    fn new(s: &'a [u8]) -> Fields<'a> {
        Fields { s, pos: 0 }
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = (usize, &'a [u8]);

    fn next(&mut self) -> Option<(usize, &'a [u8])> {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        if self.pos >= self.s.len() {
            return None;
        }
        let start = self.pos;
        while self.pos < self.s.len() && !self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        Some((start, &self.s[start..self.pos]))
    }
}

/// The three-check field at `col`: `3+3` (remaining) or, with `given`, `+0+0`.
fn parse_checks(s: &[u8], col: usize, given: bool) -> Result<RemainingChecks, ParseFenError> {
    let body = if given { &s[1..] } else { s };
    let bad = || {
        err(
            FenField::Checks,
            col,
            s,
            "expected 3+3 (remaining) or +0+0 (given)",
        )
    };
    let plus = body.iter().position(|&b| b == b'+').ok_or_else(bad)?;
    let (w, b) = (&body[..plus], &body[plus + 1..]);
    let (w, b) = (
        parse_number(w).ok_or_else(bad)?,
        parse_number(b).ok_or_else(bad)?,
    );
    if w > 3 || b > 3 {
        return Err(err(FenField::Checks, col, s, "more than 3 checks"));
    }
    // Both at most 3: the casts cannot truncate.
    let (w, b) = (w as u8, b as u8);
    Ok(if given {
        RemainingChecks::new(3 - w, 3 - b)
    } else {
        RemainingChecks::new(w, b)
    })
}

/// The placement field with the variants' additions: `~` marks, and pockets in brackets
/// or as a ninth rank.
fn parse_placement_and_pockets(
    s: &[u8],
    col: usize,
) -> Result<(Board, Bitboard, Option<Pockets>), ParseFenError> {
    let (board_part, pocket_part) = if let Some(open) = s.iter().position(|&b| b == b'[') {
        if s.last() != Some(&b']') {
            return Err(err(
                FenField::Pockets,
                col + open,
                &s[open..],
                "expected ] at the end",
            ));
        }
        (
            &s[..open],
            Some((col + open + 1, &s[open + 1..s.len() - 1])),
        )
    } else if s.iter().filter(|&&b| b == b'/').count() == 8 {
        let last = s.iter().rposition(|&b| b == b'/').unwrap_or(s.len());
        (&s[..last], Some((col + last + 1, &s[last + 1..])))
    } else {
        (s, None)
    };
    let (board, promoted) = parse_placement(board_part, col)?;
    let pockets = match pocket_part {
        None => None,
        Some((pcol, text)) => {
            let mut pockets = Pockets::new();
            for (i, &c) in text.iter().enumerate() {
                match Piece::from_char(char::from(c)) {
                    Some(p) if p.role != Role::King => pockets.add(p.color, p.role),
                    _ => {
                        return Err(err(
                            FenField::Pockets,
                            pcol + i,
                            &text[i..=i],
                            "not a pawn, knight, bishop, rook or queen letter",
                        ))
                    }
                }
            }
            Some(pockets)
        }
    };
    Ok((board, promoted, pockets))
}

fn parse_placement(s: &[u8], col: usize) -> Result<(Board, Bitboard), ParseFenError> {
    let mut promoted = Bitboard::EMPTY;
    let mut last: Option<Square> = None;
    let mut board = Board::empty();
    let mut rank = 7i32;
    let mut file = 0i32;
    for (i, &c) in s.iter().enumerate() {
        let at = col + i;
        match c {
            b'/' => {
                if file != 8 {
                    return Err(err(
                        FenField::Placement,
                        at,
                        &s[i..=i],
                        "rank does not have 8 squares",
                    ));
                }
                rank -= 1;
                file = 0;
                last = None;
                if rank < 0 {
                    return Err(err(FenField::Placement, at, &s[i..=i], "more than 8 ranks"));
                }
            }
            b'~' => match last.take() {
                Some(sq) => promoted.insert(sq),
                None => {
                    return Err(err(
                        FenField::Placement,
                        at,
                        &s[i..=i],
                        "~ not after a piece letter",
                    ))
                }
            },
            b'1'..=b'8' => {
                last = None;
                file += i32::from(c - b'0');
                if file > 8 {
                    return Err(err(
                        FenField::Placement,
                        at,
                        &s[i..=i],
                        "rank has more than 8 squares",
                    ));
                }
            }
            _ => {
                let piece = Piece::from_char(char::from(c)).ok_or_else(|| {
                    err(
                        FenField::Placement,
                        at,
                        &s[i..=i],
                        "not a piece letter, digit or /",
                    )
                })?;
                if file >= 8 {
                    return Err(err(
                        FenField::Placement,
                        at,
                        &s[i..=i],
                        "rank has more than 8 squares",
                    ));
                }
                let sq = Square::from_coords(
                    File::new_masked(file as u32),
                    Rank::new_masked(rank as u32),
                );
                board.put(sq, piece);
                last = Some(sq);
                file += 1;
            }
        }
    }
    if rank != 0 || file != 8 {
        return Err(err(
            FenField::Placement,
            col,
            s,
            "expected 8 ranks of 8 squares",
        ));
    }
    Ok((board, promoted))
}

/// The king `KQkq` are read and written against: of the colour's kings not marked
/// promoted, the one on the highest square, as python-chess's `king()` (with one king, the
/// king).
fn castling_king(board: &Board, promoted: Bitboard, color: Color) -> Option<Square> {
    (board.by_piece(Role::King.of(color)) - promoted).msb()
}

fn parse_castling(
    board: &Board,
    promoted: Bitboard,
    s: &[u8],
    col: usize,
) -> Result<Bitboard, ParseFenError> {
    let mut rights = Bitboard::EMPTY;
    if s == b"-" {
        return Ok(rights);
    }
    for (i, &c) in s.iter().enumerate() {
        let color = Color::from_white(c.is_ascii_uppercase());
        let rank = back_rank(color);
        let back = Bitboard::rank(rank);
        let rooks = board.by_piece(Role::Rook.of(color)) & back;
        let king = castling_king(board, promoted, color);
        let sq = match c.to_ascii_lowercase() {
            b'k' => {
                // Outermost rook right of the king; h-file by default.
                // Squares above the king's: shifted twice so that a king on h1/h8 (63)
                // leaves none instead of overflowing the shift.
                // (Without a king: the corner, as python-chess reads it.)
                let candidates = match king {
                    Some(k) => rooks & Bitboard(u64::MAX << (k as u32) << 1),
                    None => Bitboard::EMPTY,
                };
                candidates
                    .msb()
                    .unwrap_or(Square::from_coords(File::H, rank))
            }
            b'q' => {
                let candidates = match king {
                    Some(k) => rooks & Bitboard((1u64 << k as u32) - 1),
                    None => Bitboard::EMPTY,
                };
                candidates
                    .lsb()
                    .unwrap_or(Square::from_coords(File::A, rank))
            }
            f @ b'a'..=b'h' => Square::from_coords(File::new_masked(u32::from(f - b'a')), rank),
            _ => {
                return Err(err(
                    FenField::Castling,
                    col + i,
                    &s[i..=i],
                    "expected -, K, Q, k, q or a file letter",
                ))
            }
        };
        if rights.contains(sq) {
            return Err(err(
                FenField::Castling,
                col + i,
                &s[i..=i],
                "castling right given twice",
            ));
        }
        rights.insert(sq);
    }
    Ok(rights)
}

/// Writes the castling field for `rights` (rook squares) on `board`: per colour, king side
/// first (descending files); `KQkq` in X-FEN when the rook is the outermost on its side of
/// the king (python-chess's rule), else the rook's file letter.
fn write_castling(
    f: &mut impl fmt::Write,
    board: &Board,
    promoted: Bitboard,
    rights: Bitboard,
    notation: CastlingNotation,
) -> fmt::Result {
    let on_back_ranks = rights & Bitboard::BACKRANKS;
    if on_back_ranks.is_empty() {
        return f.write_char('-');
    }
    for color in Color::ALL {
        let back = Bitboard::rank(back_rank(color));
        let king = castling_king(board, promoted, color);
        let rooks = board.by_piece(Role::Rook.of(color)) & back;
        for sq in (on_back_ranks & back).into_iter().rev() {
            let letter = match (notation, king) {
                (CastlingNotation::XFen, Some(k))
                    if sq.file() >= k.file() && rooks.msb() == Some(sq) =>
                {
                    'k'
                }
                (CastlingNotation::XFen, Some(k))
                    if sq.file() < k.file() && rooks.lsb() == Some(sq) =>
                {
                    'q'
                }
                _ => sq.file().char(),
            };
            f.write_char(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn standard_round_trip() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let setup: Setup = fen.parse().unwrap();
        assert_eq!(setup, Setup::standard());
        assert_eq!(setup.fen(), fen);
    }

    #[test]
    fn defaults_and_whitespace() {
        let setup: Setup = "  8/8/8/8/8/8/8/K6k   b  ".parse().unwrap();
        assert_eq!(setup.turn, Color::Black);
        assert_eq!(setup.fen(), "8/8/8/8/8/8/8/K6k b - - 0 1");
    }

    #[test]
    fn errors_say_where() {
        let e = "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            .parse::<Setup>()
            .unwrap_err();
        assert_eq!(
            (e.field, e.column, e.text.as_str()),
            (FenField::Placement, 13, "X")
        );
        let e = "8/8/8/8/8/8/8/K6k x".parse::<Setup>().unwrap_err();
        assert_eq!((e.field, e.column), (FenField::Turn, 18));
        let e = "8/8/8/8/8/8/8/K6k w - e9".parse::<Setup>().unwrap_err();
        assert_eq!((e.field, e.text.as_str()), (FenField::EnPassant, "e9"));
        let e = "8/8/8/8/8/8/8/K6k w - - x".parse::<Setup>().unwrap_err();
        assert_eq!(e.field, FenField::Halfmoves);
        let e = "8/8/8/8/8/8/8/K6k w - - 0 1 x"
            .parse::<Setup>()
            .unwrap_err();
        assert_eq!(e.field, FenField::Whole);
        assert!(e.to_string().contains("\"x\""));
        for bad in [
            "",
            "8/8/8",
            "9/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/8/8",
            "ppppppppp/8/8/8/8/8/8/8",
            "é",
        ] {
            assert!(bad.parse::<Setup>().is_err(), "{bad}");
        }
    }

    #[test]
    fn variant_fields() {
        // Pockets in brackets or as a ninth rank, promoted pieces, both check counters.
        let zh: Setup = "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1".parse().unwrap();
        assert_eq!(zh.pockets, Some(Pockets::new()));
        assert_eq!(zh.promoted, Bitboard::from_square(Square::B7));
        assert_eq!(zh.fen(), "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1");
        let zh: Setup = "4k3/8/8/8/8/8/8/4K3/QqPp w - - 0 1".parse().unwrap();
        assert_eq!(zh.fen(), "4k3/8/8/8/8/8/8/4K3[QPqp] w - - 0 1");
        let three: Setup = "4k3/8/8/8/8/8/8/4K3 w - - 1+2 5 9".parse().unwrap();
        assert_eq!(three.remaining_checks, Some(RemainingChecks::new(1, 2)));
        assert_eq!((three.halfmoves, three.fullmoves), (5, 9));
        assert_eq!(three.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 1+2 5 9");
        let lichess: Setup = "4k3/8/8/8/8/8/8/4K3 w - - 5 9 +2+1".parse().unwrap();
        assert_eq!(lichess, three);
        assert_eq!(
            lichess.fen_with_checks(ChecksNotation::Given),
            "4k3/8/8/8/8/8/8/4K3 w - - 5 9 +2+1"
        );
        for (bad, field) in [
            ("4k3/8/8/8/8/8/8/4K3[Qk] w - - 0 1", FenField::Pockets),
            ("4k3/8/8/8/8/8/8/4K3[Q w - - 0 1", FenField::Pockets),
            ("~4k3/8/8/8/8/8/8/4K3 w - - 0 1", FenField::Placement),
            ("4k3/8/8/8/8/8/8/4K3 w - - 4+1 0 1", FenField::Checks),
            ("4k3/8/8/8/8/8/8/4K3 w - - 1+x 0 1", FenField::Checks),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+9", FenField::Checks),
        ] {
            let e = bad.parse::<Setup>().unwrap_err();
            assert_eq!(e.field, field, "{bad}: {e}");
        }
    }

    #[test]
    fn shredder_and_xfen_castling() {
        // Chess960 start with the king on b1: rooks a1 and h1.
        let s: Setup = "rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1".parse().unwrap();
        assert_eq!(
            s.castling_rights,
            [Square::A1, Square::G1, Square::A8, Square::G8]
                .into_iter()
                .collect()
        );
        assert!(s.fen().contains(" KQkq "));
        let x: Setup = "rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1".parse().unwrap();
        assert_eq!(x.castling_rights, s.castling_rights);
        // Two rooks on the king side: K means the outermost, the inner one needs its letter.
        let two: Setup = "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1".parse().unwrap();
        assert!(two.fen().contains(" F "));
        let two: Setup = "4k3/8/8/8/8/8/8/4KRR1 w K - 0 1".parse().unwrap();
        assert_eq!(two.castling_rights, Bitboard::from_square(Square::G1));
    }
}
