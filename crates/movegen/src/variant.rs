//! The Lichess variants: atomic, antichess, crazyhouse, king of the hill, three-check,
//! horde and racing kings (and standard chess through the same door), as python-chess and
//! Lichess play them.
//!
//! [`VariantPosition`] is one type for every variant: a [`Board`] and the state the
//! variants add ([`Pockets`], promoted pieces, [`RemainingChecks`]), with the variant it
//! plays. It is kept apart from [`Position`] on purpose: a `Position` keeps invariants no
//! variant shares (exactly one king each, a hash and checkers kept by make/unmake), and the
//! standard generator's inner loops stay free of any test of the variant. The moves still
//! come from the standard generator wherever a side has one king to keep safe (it reads a
//! `VariantPosition` as it reads a `Position`), and each variant adds only its own rules;
//! nothing is allocated per move (perft figures in the crate's README).
//!
//! The rules live one module per concern: `generate` (the standard generator for a side
//! with one king, drops, the set-wise moves of a side without one), `antichess` (forced
//! captures, promotions to a king), `atomic` (legality from the board after the explosion),
//! `racing_kings` (no check given), `make` (make and unmake: explosions, pockets, promoted
//! pieces, check counters), `perft`, `end` (each variant's end of game and
//! [`VariantPosition::outcome`]), `material` (each variant's insufficient material), `notation` (SAN and UCI of a variant position, through
//! the crate's one SAN decoder and encoder and one UCI writer).
//!
//! ```
//! use chessbits_movegen::variant::VariantPosition;
//! use chessbits_position::Variant;
//!
//! let pos = VariantPosition::new(Variant::Crazyhouse);
//! assert_eq!(pos.legal_moves().len(), 20);
//! let pos: VariantPosition = VariantPosition::from_fen(
//!     Variant::Crazyhouse,
//!     "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1",
//! ).unwrap();
//! assert_eq!(pos.perft(2), 3_083);
//! ```

use alloc::string::String;
use core::fmt;

use chessbits_bitboard_core::{Bitboard, Color, Move, Rank, Role, Square};
use chessbits_position::{
    Board, CastlingMode, ParseFenError, Pockets, Position, RemainingChecks, Setup, Variant,
};

use alloc::vec::Vec;

mod antichess;
mod atomic;
mod end;
mod generate;
mod make;
mod material;
mod notation;
mod perft;
mod racing_kings;
mod status;

pub use status::status;

/// A position of any [`Variant`]: placement, side to move, castling rights, en-passant
/// square, clocks, and what the variant adds (pockets and promoted pieces in crazyhouse,
/// the remaining checks in three-check).
///
/// Build one with [`VariantPosition::new`] (the variant's start), [`VariantPosition::from_fen`]
/// or [`VariantPosition::from_setup`] (both validate); play with
/// [`VariantPosition::play_unchecked`] (copy-make) after choosing among
/// [`VariantPosition::legal_moves`], or with the checked [`VariantPosition::play_uci`] /
/// [`VariantPosition::play_san`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct VariantPosition {
    variant: Variant,
    board: Board,
    turn: Color,
    /// The squares of the rooks that keep a castling right.
    castling: Bitboard,
    chess960: bool,
    /// Set after every double push (as python-chess keeps it); FEN writes it only when an
    /// en-passant capture is legal.
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    pockets: Pockets,
    promoted: Bitboard,
    checks: RemainingChecks,
}

/// Why a setup is not a position of its variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// The FEN could not be read.
    #[error(transparent)]
    Fen(#[from] ParseFenError),
    /// A side has no king where the variant needs one.
    #[error("{variant}: {color} has no king")]
    MissingKing {
        /// The variant.
        variant: Variant,
        /// The side without a king.
        color: Color,
    },
    /// A side has a king, or more than one, where the variant allows none or one.
    #[error("{variant}: {color} has {count} kings")]
    Kings {
        /// The variant.
        variant: Variant,
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// A pawn stands where no pawn can be.
    #[error("{variant}: a pawn on {square}")]
    PawnOnBackRank {
        /// The variant.
        variant: Variant,
        /// The pawn's square.
        square: Square,
    },
    /// The side that just moved is in check (or, in racing kings, anyone is).
    #[error("{variant}: {color} is in check but not to move")]
    OppositeCheck {
        /// The variant.
        variant: Variant,
        /// The side in check.
        color: Color,
    },
    /// Racing kings is played without pawns.
    #[error("racing kings: pawns on the board")]
    RacingKingsPawns,
}

/// A move that is not legal in a variant position (or text that is not a move); names the
/// move and the FEN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} {text:?} in {variant} position {fen}")]
#[non_exhaustive]
pub struct VariantPlayError {
    /// What is wrong (`illegal move`, `ambiguous move`, `not a move`, ...).
    pub what: &'static str,
    /// The move as given.
    pub text: String,
    /// The variant.
    pub variant: Variant,
    /// The position's FEN.
    pub fen: String,
}

const fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}

impl VariantPosition {
    /// The starting position of `variant`.
    #[must_use]
    pub fn new(variant: Variant) -> VariantPosition {
        match VariantPosition::from_fen(variant, variant.starting_fen()) {
            Ok(pos) => pos,
            // The starting FENs are constants that the tests read.
            Err(_) => unreachable!("starting FEN of {variant} is valid"),
        }
    }

    /// Reads and validates `fen` as a position of `variant`, as
    /// [`VariantPosition::read_fen`] does.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<VariantPosition, VariantError> {
        VariantPosition::read_fen(variant, fen.as_bytes())
    }

    /// The one reading of FEN text (with the variants' fields: pockets, `~`, check
    /// counters; surrounding whitespace ignored) into a position of `variant`, for every
    /// door, as [`Position::read_fen`](chessbits_position::Position::read_fen) is for
    /// standard chess: castling in Chess960 form detected as [`CastlingMode::detect`]
    /// does, then validated by [`VariantPosition::from_setup`].
    pub fn read_fen(variant: Variant, fen: &[u8]) -> Result<VariantPosition, VariantError> {
        let setup = Setup::from_ascii(fen.trim_ascii())?;
        let mode = CastlingMode::detect(&setup);
        VariantPosition::from_setup(variant, &setup, mode)
    }

    /// Validates `setup` as a position of `variant`: the kings the variant needs, no pawn
    /// on a back rank (White's horde may stand on the first), no check on the side that
    /// just moved (no check at all in racing kings; none in atomic from a side whose king
    /// has exploded, the game being over). Castling rights without their rook and
    /// king on the back rank are dropped (antichess has none), and an en-passant square is
    /// kept only where a double push can have made it. Pockets and promoted pieces are kept
    /// in crazyhouse only, the check counters in three-check only (`3+3` if the FEN has
    /// none).
    pub fn from_setup(
        variant: Variant,
        setup: &Setup,
        mode: CastlingMode,
    ) -> Result<VariantPosition, VariantError> {
        let board = setup.board.clone();
        let kings = |c: Color| board.by_piece(Role::King.of(c)).count();
        for color in Color::ALL {
            let count = kings(color);
            let allowed = match (variant, color) {
                (v, _) if v.is_antichess_family() => true,
                (Variant::Horde, Color::White) => count == 0,
                // The side to move may have lost its king (the game is over).
                (Variant::Atomic, c) if c == setup.turn => count <= 1,
                _ => count == 1,
            };
            if !allowed {
                return Err(if count == 0 {
                    VariantError::MissingKing { variant, color }
                } else {
                    VariantError::Kings {
                        variant,
                        color,
                        count,
                    }
                });
            }
        }
        let bad_pawns = match variant {
            Variant::Horde => {
                board.pawns() & Bitboard::rank(Rank::Eighth)
                    | board.by_piece(Role::Pawn.of(Color::Black)) & Bitboard::rank(Rank::First)
            }
            _ => board.pawns() & Bitboard::BACKRANKS,
        };
        if let Some(square) = bad_pawns.lsb() {
            return Err(VariantError::PawnOnBackRank { variant, square });
        }
        if variant == Variant::RacingKings && board.pawns().any() {
            return Err(VariantError::RacingKingsPawns);
        }
        let crazyhouse = variant == Variant::Crazyhouse;
        let mut pos = VariantPosition {
            variant,
            board,
            turn: setup.turn,
            castling: Bitboard::EMPTY,
            chess960: mode.is_chess960(),
            ep_square: None,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            pockets: if crazyhouse {
                setup.pockets.unwrap_or_default()
            } else {
                Pockets::new()
            },
            promoted: if crazyhouse {
                setup.promoted & setup.board.occupied()
            } else {
                Bitboard::EMPTY
            },
            checks: if variant == Variant::ThreeCheck {
                setup.remaining_checks.unwrap_or_default()
            } else {
                RemainingChecks::default()
            },
        };
        pos.castling = if matches!(variant, Variant::Giveaway | Variant::Suicide) {
            // Kings may be several (or none) here: python-chess's rule, which looks for an
            // unpromoted king where castling starts.
            setup.clean_castling_rights(mode.is_chess960())
        } else {
            pos.clean_castling(setup.castling_rights)
        };
        pos.ep_square = setup
            .ep_square
            .filter(|&ep| pos.board.ep_square_is_plausible(pos.turn, ep));
        let them = pos.turn.other();
        let opposite_check = match variant {
            v if v.is_antichess_family() => false,
            Variant::RacingKings => {
                pos.king_attacked(Color::White) || pos.king_attacked(Color::Black)
            }
            // A side whose king has exploded (the game is over) gives no check.
            Variant::Atomic => {
                pos.board.by_piece(Role::King.of(pos.turn)).any()
                    && !generate::kings_connected(&pos.board)
                    && pos.king_attacked(them)
            }
            _ => pos.king_attacked(them),
        };
        if opposite_check {
            let color = if variant == Variant::RacingKings && !pos.king_attacked(them) {
                pos.turn
            } else {
                them
            };
            return Err(VariantError::OppositeCheck { variant, color });
        }
        Ok(pos)
    }

    /// The castling rights of `rights` that a rook and an unpromoted king on their back
    /// rank make possible, by the standard rule ([`Board::castling_right`]: in standard
    /// mode the king on e1/e8, the rooks in the corners), one a side.
    fn clean_castling(&self, rights: Bitboard) -> Bitboard {
        if matches!(self.variant, Variant::Antichess | Variant::RacingKings) {
            return Bitboard::EMPTY;
        }
        let mode = if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let mut clean = Bitboard::EMPTY;
        let mut held = [[false; 2]; 2];
        for rook in rights {
            let Some((color, side)) = self.board.castling_right(rook, mode) else {
                continue;
            };
            let king_promoted = self
                .board
                .king_of(color)
                .is_some_and(|k| self.promoted.contains(k));
            let slot = &mut held[color as usize][side.index()];
            if !king_promoted && !*slot {
                *slot = true;
                clean.insert(rook);
            }
        }
        clean
    }

    /// A standard [`Position`] as a variant position ([`Variant::Chess`]).
    #[must_use]
    pub fn from_position(pos: &Position) -> VariantPosition {
        let setup = pos.to_setup();
        match VariantPosition::from_setup(Variant::Chess, &setup, pos.mode()) {
            Ok(v) => v,
            // A validated Position passes every test of standard chess above.
            Err(_) => unreachable!("a Position is a valid standard position"),
        }
    }

    // ----- accessors -----

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The piece placement.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The squares of the rooks that keep a castling right.
    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// Whether castling is written as in Chess960 (king takes rook).
    #[must_use]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The crazyhouse pockets (empty in the other variants).
    #[must_use]
    pub fn pockets(&self) -> &Pockets {
        &self.pockets
    }

    /// Replaces the crazyhouse pockets (python-chess's writable pockets; in the other
    /// variants the pockets stay empty and this does nothing).
    pub fn set_pockets(&mut self, pockets: Pockets) {
        if self.variant == Variant::Crazyhouse {
            self.pockets = pockets;
        }
    }

    /// The promoted pieces (crazyhouse; empty in the other variants).
    pub fn promoted(&self) -> Bitboard {
        self.promoted
    }

    /// The checks each side still has to give (three-check; `3+3` elsewhere).
    #[must_use]
    pub fn remaining_checks(&self) -> RemainingChecks {
        self.checks
    }

    /// The square a pawn skipped with a double push on the last move (python-chess's
    /// `ep_square`), whether or not an en-passant capture is legal.
    #[must_use]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The en-passant square, if a legal en-passant capture exists.
    #[must_use]
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let mut found = generate::FindEnPassant(false);
        generate::generate(self, &mut found);
        found.0.then_some(ep)
    }

    /// Halfmoves since the last capture or pawn move.
    #[must_use]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The fullmove number.
    #[must_use]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The king of `color`, if it has exactly one.
    #[must_use]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.board.king_of(color)
    }

    /// Whether the king of `color` (if it has one) is attacked by the other side, as the
    /// board stands (no variant rule).
    fn king_attacked(&self, color: Color) -> bool {
        self.board
            .by_piece(Role::King.of(color))
            .into_iter()
            .any(|k| {
                self.board
                    .is_attacked_by(k, color.other(), self.board.occupied())
            })
    }

    /// The pieces giving check to the side to move: none in antichess, none in atomic when
    /// the kings touch, none for a side without a king (horde, an exploded king).
    pub fn checkers(&self) -> Bitboard {
        if self.variant.is_antichess_family()
            || (self.variant == Variant::Atomic && generate::kings_connected(&self.board))
        {
            return Bitboard::EMPTY;
        }
        match self.board.king_of(self.turn) {
            Some(k) => self
                .board
                .attackers_by(k, self.turn.other(), self.board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    // ----- moves -----

    /// Every legal move (none once the variant's own end is reached: a king exploded, on
    /// the hill, ...).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut list = Vec::new();
        generate::generate(self, &mut generate::Collect(&mut list));
        list
    }

    /// The pseudo-legal moves, as python-chess's variant boards generate them: each piece
    /// as it moves, whatever becomes of its king (promotions to a king too in antichess),
    /// en passant onto the en-passant square, and the legal castling moves; no drops (python-
    /// chess's crazyhouse generates them with the legal moves only). Unlike
    /// [`VariantPosition::legal_moves`] they are generated after the variant's end too.
    #[must_use]
    pub fn pseudo_legal_moves(&self) -> Vec<Move> {
        let mut list = Vec::new();
        let antichess = self.variant.is_antichess_family();
        generate::pseudo_legal(
            self,
            crate::gen::Filter::ALL,
            antichess,
            &mut generate::Collect(&mut list),
        );
        if antichess {
            antichess::castling(self, &mut generate::Collect(&mut list));
        } else {
            let mut legal = Vec::new();
            generate::generate(self, &mut generate::Collect(&mut legal));
            list.extend(legal.into_iter().filter(|m| m.is_castle()));
        }
        list
    }

    /// The number of legal moves, counted without listing them (nothing is allocated).
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        perft::count(self)
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        let mut found = generate::Find { m, found: false };
        generate::generate(self, &mut found);
        found.found
    }

    /// The position after `m`, which must be legal here (from
    /// [`VariantPosition::legal_moves`]); another move leaves a position no game reaches.
    #[must_use]
    pub fn play_unchecked(&self, m: Move) -> VariantPosition {
        let mut next = self.clone();
        let _ = make::make(&mut next, m);
        next
    }

    /// The number of leaf nodes `depth` plies deep (bulk-counted at the last ply). The
    /// moves are made and taken back in place, and nothing is allocated.
    ///
    /// # Panics
    ///
    /// When `depth` is beyond [`crate::MAX_PERFT_DEPTH`], as the standard perft.
    #[must_use]
    #[track_caller]
    pub fn perft(&self, depth: u32) -> u64 {
        check_depth(depth);
        perft::perft(self, depth)
    }

    /// Each legal move with its perft count at `depth - 1` (`depth` at least 1).
    ///
    /// # Panics
    ///
    /// When `depth` is beyond [`crate::MAX_PERFT_DEPTH`].
    #[must_use]
    #[track_caller]
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        check_depth(depth);
        let mut pos = self.clone();
        self.legal_moves()
            .iter()
            .map(|&m| {
                let undo = make::make(&mut pos, m);
                let n = perft::perft(&pos, depth.saturating_sub(1));
                make::unmake(&mut pos, m, undo);
                (m, n)
            })
            .collect()
    }

    // ----- FEN -----

    /// The position as an unvalidated [`Setup`] (pockets only in crazyhouse, counters only
    /// in three-check; the en-passant square only when a capture is legal).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        setup.board = self.board.clone();
        setup.turn = self.turn;
        setup.castling_rights = self.castling;
        setup.ep_square = self.legal_ep_square();
        setup.halfmoves = self.halfmoves;
        setup.fullmoves = self.fullmoves;
        setup.chess960 = self.chess960;
        if self.variant == Variant::Crazyhouse {
            setup.pockets = Some(self.pockets);
            setup.promoted = self.promoted;
        }
        if self.variant == Variant::ThreeCheck {
            setup.remaining_checks = Some(self.checks);
        }
        setup
    }

    /// The FEN as python-chess writes it for the variant: pockets in brackets and `~`
    /// after promoted pieces (crazyhouse), the remaining checks before the clocks
    /// (three-check, `3+3`), the en-passant square only when a capture is legal.
    #[must_use]
    pub fn fen(&self) -> String {
        self.to_setup().fen()
    }

    /// [`VariantPosition::fen`] with the three-check counters as `notation` says (Lichess
    /// writes the checks given after the clocks: `+1+0`).
    #[must_use]
    pub fn fen_with_checks(&self, notation: chessbits_position::ChecksNotation) -> String {
        self.to_setup().fen_with_checks(notation)
    }

    /// The outcome by the rules of the variant, if the game is over: the variant's own
    /// end (a king exploded, on the hill or on the eighth rank, the third check, a side
    /// without pieces), checkmate, or a stalemate (won by the stalemated side in
    /// antichess). Draws by repetition or the move-count rules are not decided here, nor by
    /// insufficient material ([`VariantPosition::is_insufficient_material`] answers that
    /// for a caller that decides it, as python-chess does between checkmate and
    /// stalemate).
    #[must_use]
    pub fn outcome(&self) -> Option<chessbits_position::Outcome> {
        end::outcome(self)
    }

    /// Whether `color` has too little material left to win by the variant's rule
    /// (python-chess's `has_insufficient_material` of the variant: the standard rule in
    /// standard chess; a bare king in atomic and three-check; never in king of the hill and
    /// racing kings; ...; see the `material` module). `true` does not end the game alone:
    /// [`VariantPosition::is_insufficient_material`] asks it of both sides.
    #[must_use]
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        material::has_insufficient_material(self, color)
    }

    /// Whether neither side can win by the variant's rule (a draw in python-chess's
    /// `outcome`, decided after the variant's end and checkmate, before stalemate).
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|c| self.has_insufficient_material(c))
    }

    /// Whether the variant's own end is reached (a king exploded or on the hill, three
    /// checks given, a side without pieces, the race over): no move is legal then.
    #[must_use]
    pub fn is_variant_end(&self) -> bool {
        end::is_variant_end(self)
    }
}

/// Panics with the standard perft's message when `depth` is beyond
/// [`crate::MAX_PERFT_DEPTH`] (each ply is a frame of the recursion).
#[track_caller]
fn check_depth(depth: u32) {
    assert!(
        depth <= crate::MAX_PERFT_DEPTH,
        "perft depth {depth} is beyond MAX_PERFT_DEPTH ({})",
        crate::MAX_PERFT_DEPTH
    );
}

impl fmt::Debug for VariantPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}{} ({})", self.board, self.fen(), self.variant)
    }
}

impl fmt::Display for VariantPosition {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}
