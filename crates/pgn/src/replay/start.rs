//! A game's start position from its `FEN` and `Variant` tags, move numbers as PGN writes
//! them, and a position's FEN as the replays write it.

use chessbits_bitboard_core::Color;
use chessbits_position::{
    CastlingMode, CastlingNotation, EnPassantMode, Position, Validation, Variant,
};

use super::errors::GameErrorKind;

/// Whether a `Variant` tag value means Chess960, standard chess, or something else.
pub(super) fn variant_mode(variant: &[u8]) -> Option<CastlingMode> {
    match Variant::from_pgn_tag(variant)? {
        (Variant::Chess, mode) => mode,
        _ => None,
    }
}

/// The start position a game's `FEN` and `Variant` tags describe (the standard start when
/// there is no `FEN` tag). A FEN whose castling rights only make sense in Chess960 is read
/// as Chess960; castling rights and en-passant squares that cannot be right are dropped
/// rather than rejected (as careless `FEN` tags need).
pub fn start_position(
    fen: Option<&[u8]>,
    variant: Option<&[u8]>,
) -> Result<Position, GameErrorKind> {
    let variant = match variant {
        Some(v) => Some(
            variant_mode(v)
                .ok_or_else(|| GameErrorKind::Variant(String::from_utf8_lossy(v).into_owned()))?,
        ),
        None => None,
    };
    let Some(fen) = fen else {
        let mut pos = Position::new();
        pos.set_mode(variant.unwrap_or_default());
        return Ok(pos);
    };
    let setup_error = |error| GameErrorKind::Setup {
        fen: String::from_utf8_lossy(fen).into_owned(),
        error,
    };
    Position::read_fen(fen, variant, Validation::Strict)
        .or_else(|_| Position::read_fen(fen, variant, Validation::Lenient))
        .map_err(setup_error)
}

/// The move number of the side to move as PGN writes it: `12.` or `12...`.
#[must_use]
pub fn move_number(pos: &Position) -> String {
    number_text(pos.turn(), pos.fullmoves())
}

/// `12.` for White's twelfth move, `12...` for Black's.
pub(super) fn number_text(turn: Color, fullmoves: u32) -> String {
    match turn {
        Color::White => format!("{fullmoves}."),
        Color::Black => format!("{fullmoves}..."),
    }
}

/// Appends `pos`'s FEN to `out` as the replays write it: X-FEN castling, an en-passant
/// square only where a capture there is legal.
pub fn write_fen(pos: &Position, out: &mut Vec<u8>) {
    pos.write_fen_to(out, CastlingNotation::XFen, EnPassantMode::Legal);
}
