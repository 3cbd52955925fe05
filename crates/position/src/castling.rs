//! Castling rights for standard chess and Chess960.

use chessbits_attack_tables::inbetween::between_calculated;
use chessbits_bitboard_core::{Bitboard, Color, File, Rank, Role, Square};

/// Which way a king castles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file (`O-O`); the king lands on g, the rook on f.
    KingSide,
    /// Towards the a-file (`O-O-O`); the king lands on c, the rook on d.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// 0 for king side, 1 for queen side.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file the king lands on.
    #[inline]
    #[must_use]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook lands on.
    #[inline]
    #[must_use]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// The side a rook on `rook` is on, seen from a king on `king`.
    #[inline]
    #[must_use]
    pub const fn of_rook(king: Square, rook: Square) -> CastlingSide {
        if (rook as u8 & 7) > (king as u8 & 7) {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }
}

/// Whether a game is standard chess or Chess960 (Fischer random). This decides how
/// castling is written in UCI (`e1g1` vs king-takes-rook `e1h1`) and FEN (`KQkq` vs X-FEN).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingMode {
    /// Standard chess: kings start on e1/e8, castling rooks on the a- and h-files.
    #[default]
    Standard,
    /// Chess960: king and rooks may start on any back-rank files, king between its rooks.
    Chess960,
}

impl CastlingMode {
    /// Whether this is Chess960.
    #[inline]
    #[must_use]
    pub const fn is_chess960(self) -> bool {
        matches!(self, CastlingMode::Chess960)
    }

    /// The mode in which a door reads a setup: Chess960 when its caller asks for it (a
    /// `--chess960` flag, a `chess960` option), else the mode the castling rights
    /// call for ([`CastlingMode::detect`]). Every reader of FEN text decides this way.
    ///
    /// ```
    /// use chessbits_position::{CastlingMode, Setup};
    /// let start: Setup = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
    /// assert_eq!(CastlingMode::for_setup(&start, false), CastlingMode::Standard);
    /// assert_eq!(CastlingMode::for_setup(&start, true), CastlingMode::Chess960);
    /// ```
    #[must_use]
    pub fn for_setup(setup: &crate::Setup, chess960: bool) -> CastlingMode {
        if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::detect(setup)
        }
    }

    /// The mode a setup's castling rights call for: Chess960 when the FEN wrote them in
    /// Shredder-FEN ([`crate::Setup::chess960`]) or when some right cannot be a standard one
    /// (its king not on e1/e8, or its rook not on the a- or h-file of the king's back
    /// rank), standard otherwise (also when there are no rights).
    ///
    /// ```
    /// use chessbits_position::{CastlingMode, Setup};
    /// let standard: Setup = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    /// assert_eq!(CastlingMode::detect(&standard), CastlingMode::Standard);
    /// let fischer: Setup = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    ///     .parse()
    ///     .unwrap();
    /// assert_eq!(CastlingMode::detect(&fischer), CastlingMode::Chess960);
    /// // Shredder-FEN is Chess960 notation, wherever the king and rooks stand.
    /// let shredder: Setup = "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1".parse().unwrap();
    /// assert_eq!(CastlingMode::detect(&shredder), CastlingMode::Chess960);
    /// ```
    #[must_use]
    pub fn detect(setup: &crate::Setup) -> CastlingMode {
        let standard = |rook: Square| {
            let color = if rook.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            };
            let king = Square::from_coords(File::E, back_rank(color));
            rook.rank() == back_rank(color)
                && matches!(rook.file(), File::A | File::H)
                && setup.board.piece_at(king) == Some(Role::King.of(color))
        };
        if !setup.chess960 && setup.castling_rights.into_iter().all(standard) {
            CastlingMode::Standard
        } else {
            CastlingMode::Chess960
        }
    }
}

/// The castling rights of both sides: which of the four rights remain, and for each the
/// square of its rook. Four bits of rights in Polyglot order (white king side, white queen
/// side, black king side, black queen side) and the four rook squares: six bytes.
///
/// Two values are equal when they hold the same rights with the same rooks in the same mode;
/// the remembered rook squares of rights already lost do not count.
#[derive(Copy, Clone, Debug)]
pub struct Castles {
    rights: u8,
    rook: [[Square; 2]; 2],
    mode: CastlingMode,
    /// For each square, the rights lost by a move from or to it (rook and king squares).
    touch: [u8; 64],
    /// For each right (by bit index), the squares that must be empty to castle.
    path: [Bitboard; 4],
}

/// The standard starting rights `KQkq`, built once, at compile time.
const STANDARD: Castles = {
    let mut c = Castles::none(CastlingMode::Standard);
    c.add(Color::White, CastlingSide::KingSide, Square::H1, Square::E1);
    c.add(
        Color::White,
        CastlingSide::QueenSide,
        Square::A1,
        Square::E1,
    );
    c.add(Color::Black, CastlingSide::KingSide, Square::H8, Square::E8);
    c.add(
        Color::Black,
        CastlingSide::QueenSide,
        Square::A8,
        Square::E8,
    );
    c
};

impl PartialEq for Castles {
    fn eq(&self, other: &Castles) -> bool {
        self.rights == other.rights && self.mode == other.mode && self.rooks() == other.rooks()
    }
}

impl Eq for Castles {}

impl core::hash::Hash for Castles {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.rights.hash(state);
        self.mode.hash(state);
        self.rooks().hash(state);
    }
}

impl Castles {
    /// No castling rights.
    #[must_use]
    pub const fn none(mode: CastlingMode) -> Castles {
        Castles {
            rights: 0,
            rook: [[Square::H1, Square::A1], [Square::H8, Square::A8]],
            mode,
            touch: [0; 64],
            path: [Bitboard::EMPTY; 4],
        }
    }

    /// The standard starting rights `KQkq`.
    #[must_use]
    pub const fn standard() -> Castles {
        STANDARD
    }

    #[inline]
    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// Whether `color` may still castle on `side`.
    #[inline]
    #[must_use]
    pub const fn has(&self, color: Color, side: CastlingSide) -> bool {
        self.rights & Castles::bit(color, side) != 0
    }

    /// Whether `color` has any castling right left.
    #[inline]
    #[must_use]
    pub const fn has_color(&self, color: Color) -> bool {
        self.rights & (0b11 << (color as u8 * 2)) != 0
    }

    /// Whether no castling right is left.
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.rights == 0
    }

    /// The rook square of a right that is still held.
    #[inline]
    #[must_use]
    pub const fn rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        if self.has(color, side) {
            Some(self.rook[color as usize][side as usize])
        } else {
            None
        }
    }

    /// The squares of every rook that still has a castling right.
    pub fn rooks(&self) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(sq) = self.rook(color, side) {
                    bb.insert(sq);
                }
            }
        }
        bb
    }

    /// The four rights as bits in Polyglot order (bit 0 white king side ... bit 3 black queen
    /// side).
    #[inline]
    #[must_use]
    pub const fn bits(&self) -> u8 {
        self.rights
    }

    /// Standard chess or Chess960.
    #[inline]
    #[must_use]
    pub const fn mode(&self) -> CastlingMode {
        self.mode
    }

    pub(crate) fn set_mode(&mut self, mode: CastlingMode) {
        self.mode = mode;
    }

    /// Grants a right with its rook square; the king stands on `king`.
    pub(crate) const fn add(
        &mut self,
        color: Color,
        side: CastlingSide,
        rook: Square,
        king: Square,
    ) {
        let bit = Castles::bit(color, side);
        self.rights |= bit;
        self.rook[color as usize][side as usize] = rook;
        self.touch[rook as usize] |= bit;
        self.touch[king as usize] |= bit;
        let rank = back_rank(color);
        let king_to = Square::from_coords(side.king_to_file(), rank);
        let rook_to = Square::from_coords(side.rook_to_file(), rank);
        let path = between_calculated(king, king_to).0
            | between_calculated(rook, rook_to).0
            | 1 << king_to as u32
            | 1 << rook_to as u32;
        self.path[color as usize * 2 + side as usize] =
            Bitboard(path & !(1 << king as u32) & !(1 << rook as u32));
    }

    /// The rights held now that a move from `from` to `to` loses (those of a king that
    /// moves and of a rook that moves or is captured on its square); `self` is unchanged.
    #[inline(always)]
    pub(crate) fn lost_by(&self, from: Square, to: Square) -> u8 {
        self.rights & self.touched(from, to)
    }

    /// Every right a move from `from` to `to` would lose if it were held: those of the
    /// king and rook squares among the two.
    #[inline(always)]
    fn touched(&self, from: Square, to: Square) -> u8 {
        self.touch[from as usize] | self.touch[to as usize]
    }

    /// The rights left of `rights` (bits in [`Castles::bits`]'s order) after a move from
    /// `from` to `to`: [`Castles::lose`]'s rule for rights kept apart from these rook
    /// squares, as by a board that copies its few bytes of state with every move (movegen's
    /// perft) and keeps one `Castles` for the squares.
    ///
    /// ```
    /// use chessbits_bitboard_core::Square;
    /// use chessbits_position::Castles;
    ///
    /// let castles = Castles::standard();
    /// // The king's move loses White's two rights; a rook's capture on h8 Black's king side.
    /// assert_eq!(castles.rights_after(0b1111, Square::E1, Square::E2), 0b1100);
    /// assert_eq!(castles.rights_after(0b1111, Square::B2, Square::H8), 0b1011);
    /// let mut kept = castles;
    /// kept.lose(Square::B2, Square::H8);
    /// assert_eq!(kept.bits(), 0b1011);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn rights_after(&self, rights: u8, from: Square, to: Square) -> u8 {
        rights & !self.touched(from, to)
    }

    /// Takes away the rights a move from `from` to `to` loses (a king's move, a rook's move
    /// or capture on its square; castling as king takes rook) and returns them as bits
    /// ([`Castles::bits`]'s order): what every make asks.
    #[inline(always)]
    pub fn lose(&mut self, from: Square, to: Square) -> u8 {
        let lost = self.lost_by(from, to);
        self.rights ^= lost;
        lost
    }

    /// The rooks `color` may castle with as far as its rights and an empty path go, by
    /// [`CastlingSide::index`], with `occupied` as the pieces on the board (whether the
    /// king passes an attacked square is the move generator's question).
    #[inline(always)]
    #[must_use]
    pub fn rooks_to_castle(&self, color: Color, occupied: Bitboard) -> [Option<Square>; 2] {
        self.rooks_to_castle_with(self.rights, color, occupied)
    }

    /// [`Castles::rooks_to_castle`] with the rights `rights` (bits in [`Castles::bits`]'s
    /// order) in place of those held here (see [`Castles::rights_after`]).
    ///
    /// ```
    /// use chessbits_bitboard_core::{Bitboard, Color, Square};
    /// use chessbits_position::Castles;
    ///
    /// let castles = Castles::standard();
    /// let back_rank = Bitboard::from_square(Square::E1) | Square::A1 | Square::H1;
    /// assert_eq!(
    ///     castles.rooks_to_castle_with(0b0010, Color::White, back_rank),
    ///     [None, Some(Square::A1)]
    /// );
    /// assert_eq!(
    ///     castles.rooks_to_castle_with(0b1111, Color::White, back_rank),
    ///     castles.rooks_to_castle(Color::White, back_rank)
    /// );
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn rooks_to_castle_with(
        &self,
        rights: u8,
        color: Color,
        occupied: Bitboard,
    ) -> [Option<Square>; 2] {
        let mut rooks = [None; 2];
        if rights & (0b11 << (color as u8 * 2)) != 0 {
            for side in CastlingSide::ALL {
                let held = rights & Castles::bit(color, side) != 0;
                rooks[side.index()] = (held && (self.path(color, side) & occupied).is_empty())
                    .then_some(self.rook[color as usize][side as usize]);
            }
        }
        rooks
    }

    pub(crate) fn set_bits(&mut self, bits: u8) {
        self.rights = bits;
    }

    /// The squares that must be empty (apart from the king and the rook themselves) for
    /// `color` to castle on `side`; meaningful while that right is held.
    #[inline]
    pub fn path(&self, color: Color, side: CastlingSide) -> Bitboard {
        self.path[color as usize * 2 + side as usize]
    }
}

/// The back rank of `color`: rank 1 for white, rank 8 for black.
#[inline]
pub(crate) const fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}
