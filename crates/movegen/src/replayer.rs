//! [`SanReplayer`]: a game's SAN replayed on a bare board (see the type).

use chessbits_bitboard_core::{Bitboard, Color, Move, MoveText, Role, Square};
use chessbits_position::{Attackers, Castles, CastlingMode, Pieces, Position, Validation};

use crate::san::{San, SanMode, SanPlus};

mod apply;
mod decide;
mod san_position;
mod words;

/// A game's SAN replayed on a bare board that keeps only what deciding SAN needs, for
/// readers of millions of games.
///
/// [`Position`] is built for everything a position is asked (make and unmake, the Polyglot
/// hash kept up to date by every move, the checkers, FEN, Chess960), and [`San::to_move`]
/// computes the pinned pieces before looking at the move. Replaying a game's SAN needs much
/// less: the pieces by colour and role (position's [`Pieces`], a board without its
/// mailbox), the side to move, the castling rooks and the square a pawn just passed. A move
/// is found as `to_move` finds it (the pieces of its role that reach the destination,
/// narrowed by the disambiguation), and each candidate is tested by whether the own king is
/// attacked on the board the move leaves ([`Pieces::is_attacked_by_except`]), which is the
/// definition of a legal move and needs no checkers or pins. Moves in other shapes go to
/// the crate's one SAN decoder, and SAN with a disambiguation is worded by its one encoder:
/// the replayer is a `SanPosition` as a [`Position`] is. Castling, and whether a side in
/// check has a move left (the `#` of a SAN), are the legal move generator's, which reads
/// the replayer as it reads a [`Position`].
///
/// The replayer only ever says "this move was played": anything else (a move it does not
/// find exactly once, a coordinate move, a null move) makes it give up with the board
/// unchanged, and the caller replays the game on a [`Position`] with [`San::to_move`],
/// which then finds and words the error. So the only thing it must get right is agreement
/// when it accepts: each move it plays is the one `to_move` returns in
/// [`SanMode::Lenient`], and each text it words is the one [`SanPlus::from_move`] and
/// [`Move::write_uci`] write. The PGN crate's tests hold it to that on every shared game
/// file and on random games.
///
/// It plays standard chess only (no Chess960 castling), from positions that pass strict
/// validation ([`SanReplayer::from_position`]).
///
/// ```
/// use chessbits_movegen::SanReplayer;
///
/// let mut board = SanReplayer::new();
/// for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"] {
///     assert!(board.play_san(san.as_bytes()));
/// }
/// // An illegal move is refused and changes nothing.
/// assert!(!board.play_san(b"Ke2"));
/// // The canonical SAN with its suffix, and the UCI, of a move as written.
/// let (san, uci) = board.play_san_texts(b"Bg4").expect("legal");
/// assert_eq!((san.to_string(), uci.to_string()), ("Bg4".into(), "c8g4".into()));
/// ```
///
/// [`SanPlus::from_move`]: crate::san::SanPlus::from_move
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanReplayer {
    /// The placement, bitboards only (no mailbox to keep up to date).
    pieces: Pieces,
    turn: Color,
    /// The castling rights (standard chess), by position's rules.
    castles: Castles,
    /// The square a pawn passed over on a double step in the last move (whether or not a
    /// pawn can take there: only one that can is ever asked about).
    ep: Option<Square>,
}

impl SanReplayer {
    /// The standard starting position.
    pub(crate) fn standard() -> SanReplayer {
        let pieces = Pieces::standard();
        SanReplayer {
            pieces,
            turn: Color::White,
            castles: Castles::standard(),
            ep: None,
        }
    }

    #[inline(always)]
    fn ours(&self) -> Bitboard {
        self.pieces.by_color(self.turn)
    }

    #[inline(always)]
    fn theirs(&self) -> Bitboard {
        self.pieces.by_color(self.turn.other())
    }

    #[inline(always)]
    fn role(&self, role: Role) -> Bitboard {
        self.pieces.by_role(role)
    }

    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        self.pieces.occupied()
    }

    /// Whether a piece of the side not to move attacks `sq` with `occ` as the blockers,
    /// leaving out a piece on `gone` (one just captured): position's attack rule
    /// ([`Pieces::is_attacked_by_except`]).
    #[inline(always)]
    fn attacked(&self, sq: Square, occ: Bitboard, gone: Bitboard) -> bool {
        self.pieces
            .is_attacked_by_except(sq, self.turn.other(), occ, gone)
    }
}

impl Default for SanReplayer {
    fn default() -> SanReplayer {
        SanReplayer::new()
    }
}

impl SanReplayer {
    /// The standard starting position.
    #[must_use]
    pub fn new() -> SanReplayer {
        SanReplayer::standard()
    }

    /// The board of `pos`, or `None` unless it is standard chess (not Chess960) and passes
    /// strict validation (what the replayer's test of legality by king safety assumes,
    /// such as the side not to move being out of check).
    #[must_use]
    pub fn from_position(pos: &Position) -> Option<SanReplayer> {
        if pos.mode() != CastlingMode::Standard {
            return None;
        }
        Position::from_setup_with(&pos.to_setup(), CastlingMode::Standard, Validation::Strict)
            .ok()?;
        Some(SanReplayer::of(pos))
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plays the move `san` (SAN as a PGN file writes it, suffix and all, read as
    /// [`SanMode::Lenient`] reads it) and says whether it did: `false`, with the board
    /// unchanged, for an illegal or ambiguous move and for what the replayer leaves to
    /// [`San::to_move`] on a [`Position`] (a null move, a coordinate move such as `e2e4`).
    #[inline]
    pub fn play_san(&mut self, san: &[u8]) -> bool {
        self.apply(san).is_some()
    }

    /// [`SanReplayer::play_san`], returning the move's canonical SAN with its suffix (as
    /// [`SanPlus::from_move`] writes it) and its UCI (as [`Move::write_uci`]
    /// writes it); `None`, with the board unchanged, where `play_san` gives `false`.
    #[inline]
    pub fn play_san_texts(&mut self, san: &[u8]) -> Option<(MoveText, MoveText)> {
        let (san, m) = self.play_san_worded(san)?;
        let mut uci = MoveText::new();
        m.write_uci(false, &mut uci);
        Some((san, uci))
    }

    /// [`SanReplayer::play_san`], returning the move played (castling as
    /// [`Move::castle`], the king and the rook; en passant as [`Move::en_passant`]), ready
    /// for [`Position::make_unchecked`] on a position that stands as this board stood, and
    /// its canonical SAN with its suffix (as [`SanPlus::from_move`] writes it); `None`,
    /// with the board unchanged, where `play_san` gives `false`.
    ///
    /// ```
    /// use chessbits_movegen::SanReplayer;
    /// use chessbits_position::Position;
    ///
    /// let mut board = SanReplayer::new();
    /// let mut pos = Position::new();
    /// for text in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"] {
    ///     let (m, san) = board.play_san_move(text.as_bytes()).expect("legal");
    ///     assert_eq!(san.to_string(), text);
    ///     let _ = pos.make_unchecked(m);
    /// }
    /// assert!(board.stands_as(&pos));
    /// ```
    #[inline]
    pub fn play_san_move(&mut self, san: &[u8]) -> Option<(Move, MoveText)> {
        self.play_san_worded(san).map(|(san, m)| (m, san))
    }

    /// The canonical SAN and the move of [`SanReplayer::play_san_move`].
    #[inline(always)]
    fn play_san_worded(&mut self, san: &[u8]) -> Option<(MoveText, Move)> {
        let before = self.clone();
        let read = self.apply(san)?;
        let worded = before
            .token_text(self, &read)
            .or_else(|| before.text_of(self));
        if worded.is_none() {
            *self = before;
        }
        worded
    }

    /// Whether this board stands as `pos` does: the same pieces, side to move and castling
    /// rooks, and the same en-passant square where `pos` has one (the replayer keeps the
    /// square a pawn passed over whether or not a pawn can take there; a [`Position`]
    /// keeps it only when one can).
    #[must_use]
    pub fn stands_as(&self, pos: &Position) -> bool {
        let mut expected = SanReplayer::of(pos);
        if expected.ep.is_none() {
            expected.ep = self.ep;
        }
        *self == expected
    }
    /// The board of a position (standard chess).
    fn of(pos: &Position) -> SanReplayer {
        SanReplayer {
            pieces: **pos.board(),
            turn: pos.turn(),
            castles: *pos.castles(),
            ep: pos.ep_square(),
        }
    }
}

/// The squares on the rank and file of `sq`, but not `sq` ([`Attackers::lines`]).
#[inline(always)]
fn rook_lines(sq: Square) -> Bitboard {
    Attackers::lines(sq)[0]
}

/// The squares on the diagonals of `sq`, but not `sq`.
#[inline(always)]
fn bishop_lines(sq: Square) -> Bitboard {
    Attackers::lines(sq)[1]
}

/// The pieces of `sliders` (each on a line through `sq`) with nothing in `occ` between
/// them and `sq` ([`Attackers::sliders_reaching`]).
#[inline(always)]
fn reached(sq: Square, sliders: Bitboard, occ: Bitboard) -> Bitboard {
    Attackers::sliders_reaching(sq, sliders, occ)
}
