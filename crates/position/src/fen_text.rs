//! Where FEN text is assembled: [`FenBuf`], a FEN built on the stack and handed to the
//! sink in one `write_str`, and the placement field written a rank at a time from the
//! occupancy (what bulk FEN output spends its time on).
//!
//! The placement was written square by square: a branch on "empty or not" for each of the
//! 64 squares, which the processor cannot predict, took most of the time of a FEN. Here a
//! rank's occupancy byte selects a template from a table built at compile time (the
//! empty-run digits in place, the output slot of each piece), and only the pieces are
//! looked up.

use core::fmt;

use chessbits_bitboard_core::{Bitboard, File, Rank, Square, TextSink};

use crate::board::{piece_of_code, Board};

/// Where a [`FenBuf`] hands its text: a [`fmt::Write`] ([`Fmt`]) or a [`TextSink`]
/// ([`Text`]).
pub(crate) trait FenSink {
    /// Takes ASCII bytes.
    fn ascii(&mut self, bytes: &[u8]) -> fmt::Result;
    /// Takes any text (what a `write_str` into the buffer passes through).
    fn text(&mut self, s: &str) -> fmt::Result;
}

/// A [`fmt::Write`] as a [`FenSink`].
pub(crate) struct Fmt<'w, W>(pub(crate) &'w mut W);

impl<W: fmt::Write> FenSink for Fmt<'_, W> {
    #[inline]
    fn ascii(&mut self, bytes: &[u8]) -> fmt::Result {
        // ASCII is UTF-8; the check is what a `&str` costs without `unsafe`.
        self.0
            .write_str(core::str::from_utf8(bytes).map_err(|_| fmt::Error)?)
    }

    #[inline]
    fn text(&mut self, s: &str) -> fmt::Result {
        self.0.write_str(s)
    }
}

/// A [`TextSink`] as a [`FenSink`]: the bytes go as they are, no UTF-8 check (bulk FEN
/// output spent a twentieth of its time on the check).
pub(crate) struct Text<'w, T>(pub(crate) &'w mut T);

impl<T: TextSink> FenSink for Text<'_, T> {
    #[inline]
    fn ascii(&mut self, bytes: &[u8]) -> fmt::Result {
        self.0.put_all(bytes);
        Ok(())
    }

    #[inline]
    fn text(&mut self, s: &str) -> fmt::Result {
        // A sink takes ASCII only; no FEN field is anything else.
        if !s.is_ascii() {
            return Err(fmt::Error);
        }
        self.0.put_all(s.as_bytes());
        Ok(())
    }
}

/// A FEN's text on the stack, flushed to the sink whenever it fills (so any length can be
/// written through it) and at the end.
pub(crate) struct FenBuf<S> {
    sink: S,
    bytes: [u8; CAPACITY],
    len: usize,
}

/// Room for any standard FEN (at most 71 + 2 + 5 + 3 + 11 + 11 bytes) in one piece.
const CAPACITY: usize = 128;

impl<'f, W: fmt::Write> FenBuf<Fmt<'f, W>> {
    /// A buffer that writes into `sink`.
    pub(crate) fn new(sink: &'f mut W) -> FenBuf<Fmt<'f, W>> {
        FenBuf::into_sink(Fmt(sink))
    }
}

impl<S: FenSink> FenBuf<S> {
    /// A buffer that writes into `sink`.
    pub(crate) fn into_sink(sink: S) -> FenBuf<S> {
        FenBuf {
            sink,
            bytes: [0; CAPACITY],
            len: 0,
        }
    }

    /// Hands what is buffered to the sink.
    pub(crate) fn flush(&mut self) -> fmt::Result {
        // Only ASCII is ever pushed (`push` takes bytes from ASCII sources; `write_str`
        // passes anything else straight through after a flush).
        self.sink.ascii(&self.bytes[..self.len])?;
        self.len = 0;
        Ok(())
    }

    /// Appends an ASCII byte.
    #[inline(always)]
    pub(crate) fn push(&mut self, byte: u8) -> fmt::Result {
        if self.len == CAPACITY {
            self.flush()?;
        }
        self.bytes[self.len] = byte;
        self.len += 1;
        Ok(())
    }

    /// Appends ASCII bytes.
    #[inline(always)]
    fn extend(&mut self, bytes: &[u8]) -> fmt::Result {
        if self.len + bytes.len() > CAPACITY {
            self.flush()?;
        }
        match self.bytes.get_mut(self.len..self.len + bytes.len()) {
            Some(room) => room.copy_from_slice(bytes),
            // Longer than the whole buffer: no FEN field is, but stay correct.
            None => return self.sink.ascii(bytes),
        }
        self.len += bytes.len();
        Ok(())
    }

    /// Appends `n` in decimal.
    #[inline]
    pub(crate) fn number(&mut self, n: u32) -> fmt::Result {
        let mut digits = 1;
        let mut rest = n / 10;
        while rest > 0 {
            digits += 1;
            rest /= 10;
        }
        if self.len + 10 > CAPACITY {
            self.flush()?;
        }
        // Written from the last digit back, in place (at most 10 digits: room is there).
        let mut n = n;
        for i in (self.len..self.len + digits).rev() {
            self.bytes[i] = b'0' + (n % 10) as u8;
            n /= 10;
        }
        self.len += digits;
        Ok(())
    }

    /// Appends the placement field of `board` with `~` after each piece on a square of
    /// `promoted` (crazyhouse): [`FenBuf::placement`] when there is none, else square by
    /// square.
    pub(crate) fn placement_promoted(&mut self, board: &Board, promoted: Bitboard) -> fmt::Result {
        if promoted.is_empty() {
            return self.placement(board);
        }
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0u8;
            for file in File::ALL {
                let sq = Square::from_coords(file, rank);
                match board.piece_at(sq) {
                    Some(p) => {
                        if empty > 0 {
                            self.push(b'0' + empty)?;
                            empty = 0;
                        }
                        self.push(p.char() as u8)?;
                        if promoted.contains(sq) {
                            self.push(b'~')?;
                        }
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                self.push(b'0' + empty)?;
            }
            if rank != Rank::First {
                self.push(b'/')?;
            }
        }
        Ok(())
    }

    /// Appends the placement field of `board` (`rnbqkbnr/pppppppp/8/...`).
    pub(crate) fn placement(&mut self, board: &Board) -> fmt::Result {
        let occupied = board.occupied().0;
        for rank in (0..8u32).rev() {
            let occ = ((occupied >> (8 * rank)) & 0xff) as usize;
            let template = &RANK_TEMPLATES[occ];
            // The rank's text in a register: the template's digits, each piece's letter
            // or-ed into its byte (bytes stored one by one and read back as a word stall
            // the load). All eight files, occupied or not (an empty square's letter is 0,
            // or-ed into byte 0): a loop over the pieces alone ended at a branch that the
            // number of pieces on the rank decided, mispredicted rank after rank.
            let mut text = template.text;
            for file in 0..8 {
                // `rank * 8 + file` < 64, so the square exists.
                let code = board.code_at(Square::ALL[(rank * 8 + file) as usize]);
                let letter = u64::from(LETTER_OF_CODE[usize::from(code & 15)]);
                text |= letter << (8 * template.slot[file as usize]);
            }
            // All 8 bytes and the `/` are stored (a copy of fixed size is a plain store;
            // one of the template's length a call), then only the rank's text is kept.
            if self.len + 9 > CAPACITY {
                self.flush()?;
            }
            self.bytes[self.len..self.len + 8].copy_from_slice(&text.to_le_bytes());
            self.len += usize::from(template.len);
            self.bytes[self.len] = b'/';
            self.len += usize::from(rank > 0);
        }
        Ok(())
    }
}

/// The FEN letter of each mailbox code (0 for the codes of no piece: or-ed into a rank's
/// text, it changes nothing).
static LETTER_OF_CODE: [u8; 16] = {
    let mut table = [0; 16];
    let mut code = 0;
    while code < 16 {
        if let Some(piece) = piece_of_code(code as u8) {
            table[code] = piece.char() as u8;
        }
        code += 1;
    }
    table
};

impl<S: FenSink> fmt::Write for FenBuf<S> {
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if s.is_ascii() {
            self.extend(s.as_bytes())
        } else {
            self.flush()?;
            self.sink.text(s)
        }
    }

    #[inline]
    fn write_char(&mut self, c: char) -> fmt::Result {
        if c.is_ascii() {
            self.push(c as u8)
        } else {
            self.flush()?;
            self.sink.text(c.encode_utf8(&mut [0; 4]))
        }
    }
}

/// The text of one rank of the placement for one occupancy byte: the empty-run digits in
/// place, a zero byte where each piece goes, and the index in `text` of each occupied
/// file's piece (0 for an empty file).
#[derive(Copy, Clone)]
struct RankTemplate {
    /// Little-endian: byte `i` is the `i`-th character, 0 where a piece goes.
    text: u64,
    len: u8,
    slot: [u8; 8],
}

/// [`RankTemplate`]s by occupancy byte (bit `f` set: file `f` occupied).
static RANK_TEMPLATES: [RankTemplate; 256] = {
    let mut table = [RankTemplate {
        text: 0,
        len: 0,
        slot: [0; 8],
    }; 256];
    let mut occ = 0;
    while occ < 256 {
        let t = &mut table[occ];
        let mut empty = 0u8;
        let mut file = 0;
        while file < 8 {
            if occ & (1 << file) != 0 {
                if empty > 0 {
                    t.text |= ((b'0' + empty) as u64) << (8 * t.len);
                    t.len += 1;
                    empty = 0;
                }
                t.slot[file] = t.len;
                t.len += 1;
            } else {
                empty += 1;
            }
            file += 1;
        }
        if empty > 0 {
            t.text |= ((b'0' + empty) as u64) << (8 * t.len);
            t.len += 1;
        }
        occ += 1;
    }
    table
};

impl Board {
    /// Writes the placement field of a FEN (`rnbqkbnr/pppppppp/8/...`).
    pub fn write_fen(&self, f: &mut impl fmt::Write) -> fmt::Result {
        let mut buf = FenBuf::new(f);
        buf.placement(self)?;
        buf.flush()
    }

    /// [`Board::write_fen`] with `~` after each piece on a square of `promoted` (the
    /// crazyhouse mark of a promoted piece).
    pub fn write_fen_promoted(&self, f: &mut impl fmt::Write, promoted: Bitboard) -> fmt::Result {
        let mut buf = FenBuf::new(f);
        buf.placement_promoted(self, promoted)?;
        buf.flush()
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::String;
    use core::fmt::Write;

    use chessbits_bitboard_core::{Color, File, Rank, Role, Square};

    use super::FenBuf;
    use crate::board::Board;

    /// The placement written square by square: the specification.
    fn reference(board: &Board) -> String {
        let mut s = String::new();
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match board.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank != Rank::First {
                s.push('/');
            }
        }
        s
    }

    fn placement(board: &Board) -> String {
        let mut s = String::new();
        let mut buf = FenBuf::new(&mut s);
        buf.placement(board).unwrap();
        buf.flush().unwrap();
        s
    }

    #[test]
    fn every_rank_pattern_matches_the_square_by_square_writer() {
        // Each occupancy byte on every rank, the pieces varied with the pattern.
        for occ in 0..256u32 {
            let mut board = Board::empty();
            for rank in 0..8u32 {
                for file in 0..8u32 {
                    if (occ.rotate_left(rank) & 0xff) & (1 << file) != 0 {
                        let role = Role::ALL[((file + rank + occ) % 6) as usize];
                        let color = if (file ^ occ) & 1 == 0 {
                            Color::White
                        } else {
                            Color::Black
                        };
                        board.put(Square::ALL[(rank * 8 + file) as usize], role.of(color));
                    }
                }
            }
            assert_eq!(placement(&board), reference(&board), "occupancy {occ:#x}");
        }
        assert_eq!(placement(&Board::standard()), reference(&Board::standard()));
    }

    #[test]
    fn text_longer_than_the_buffer_goes_through_in_order() {
        let mut s = String::new();
        let mut buf = FenBuf::new(&mut s);
        for i in 0..300u32 {
            buf.number(i).unwrap();
            buf.write_char(if i % 7 == 0 { 'é' } else { ',' }).unwrap();
        }
        buf.write_str(&"x".repeat(200)).unwrap();
        buf.flush().unwrap();
        let mut expected = String::new();
        for i in 0..300u32 {
            write!(expected, "{i}{}", if i % 7 == 0 { 'é' } else { ',' }).unwrap();
        }
        expected.push_str(&"x".repeat(200));
        assert_eq!(s, expected);
    }
}
