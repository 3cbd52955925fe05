//! The position an engine is asked about ([`GamePosition`]: a start and the moves played
//! from it, standard chess, Chess960 or a variant) and the checks of the moves an engine
//! names: every move read back is resolved against movegen's legal moves, never trusted.

use chessbits_bitboard_core::Move;
use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{CastlingMode, CastlingNotation, EnPassantMode, Position, Variant};

use crate::error::{EngineError, Stage};
use crate::info::{IllegalPvMove, Info};

/// A position of standard chess (Chess960 included) or of a variant.
#[derive(Clone, Debug)]
pub(crate) enum AnyPosition {
    Standard(Position),
    Variant(VariantPosition),
}

impl AnyPosition {
    pub(crate) fn fen(&self) -> String {
        match self {
            AnyPosition::Standard(p) => p.fen(),
            AnyPosition::Variant(p) => p.fen(),
        }
    }

    /// The FEN sent to an engine: Shredder-FEN castling in Chess960 (the rook's file,
    /// never ambiguous), plain FEN otherwise.
    pub(crate) fn engine_fen(&self) -> String {
        match self {
            AnyPosition::Standard(p) if p.mode() == CastlingMode::Chess960 => {
                p.fen_with(CastlingNotation::Shredder, EnPassantMode::Legal)
            }
            _ => self.fen(),
        }
    }

    pub(crate) fn variant(&self) -> Variant {
        match self {
            AnyPosition::Standard(_) => Variant::Chess,
            AnyPosition::Variant(p) => p.variant(),
        }
    }

    pub(crate) fn is_chess960(&self) -> bool {
        match self {
            AnyPosition::Standard(p) => p.mode() == CastlingMode::Chess960,
            AnyPosition::Variant(p) => p.is_chess960(),
        }
    }

    pub(crate) fn white_to_move(&self) -> bool {
        let turn = match self {
            AnyPosition::Standard(p) => p.turn(),
            AnyPosition::Variant(p) => p.turn(),
        };
        turn == chessbits_bitboard_core::Color::White
    }

    /// Whether this is its variant's starting position (so `position startpos` says it).
    pub(crate) fn is_start(&self) -> bool {
        !self.is_chess960() && self.fen() == self.variant().starting_fen()
    }

    /// The UCI text of a legal move (castling king-takes-rook in Chess960).
    pub(crate) fn uci(&self, m: Move) -> String {
        match self {
            AnyPosition::Standard(p) => chessbits_movegen::move_to_uci(p, m),
            AnyPosition::Variant(p) => p.uci(m),
        }
    }

    pub(crate) fn is_legal(&self, m: Move) -> bool {
        match self {
            AnyPosition::Standard(p) => chessbits_movegen::is_legal(p, m),
            AnyPosition::Variant(p) => p.is_legal(m),
        }
    }

    /// The legal move an engine's UCI text means here, if any: castling read as `e1g1` or
    /// king takes rook. The null move is never legal from an engine.
    pub(crate) fn resolve(&self, text: &str) -> Option<Move> {
        match self {
            AnyPosition::Standard(p) => chessbits_movegen::uci_to_move(p, text.as_bytes())
                .ok()
                .filter(|m| !m.is_null()),
            AnyPosition::Variant(p) => p.parse_uci(text.as_bytes()),
        }
    }

    /// The legal move `text` means here as UCI, else as SAN (read leniently): what an
    /// XBoard engine may write.
    pub(crate) fn resolve_any(&self, text: &str) -> Option<Move> {
        if let Some(m) = self.resolve(text) {
            return Some(m);
        }
        let mode = chessbits_movegen::SanMode::Lenient;
        match self {
            AnyPosition::Standard(p) => {
                chessbits_movegen::SanPlus::from_ascii_with(text.as_bytes(), mode)
                    .ok()
                    .and_then(|san| san.san.to_move(p, mode).ok())
            }
            AnyPosition::Variant(p) => p.parse_san(text.as_bytes(), mode).ok(),
        }
    }

    /// The position after the legal move `m`.
    pub(crate) fn play(&self, m: Move) -> AnyPosition {
        match self {
            AnyPosition::Standard(p) => AnyPosition::Standard(p.play_unchecked(m)),
            AnyPosition::Variant(p) => AnyPosition::Variant(p.play_unchecked(m)),
        }
    }

    /// The legal moves of `raw` (moves as an engine wrote them) played one after another
    /// from here, up to the first that is not legal, which is returned with the FEN where
    /// it was not.
    pub(crate) fn resolve_line(&self, raw: &[Move]) -> (Vec<Move>, Option<IllegalPvMove>) {
        let mut pos = self.clone();
        let mut out = Vec::with_capacity(raw.len());
        for &m in raw {
            let text = m.uci(false).to_string();
            match pos.resolve(&text) {
                Some(legal) => {
                    pos = pos.play(legal);
                    out.push(legal);
                }
                None => {
                    return (
                        out,
                        Some(IllegalPvMove {
                            text,
                            fen: pos.fen(),
                        }),
                    )
                }
            }
        }
        (out, None)
    }

    /// The moves of an engine's `info` resolved against this position (the root of the
    /// search): `pv`, `refutation` and `currline` cut before their first illegal move,
    /// an illegal `currmove` dropped; the first illegal move is kept in `pv_error`.
    pub(crate) fn resolve_info(&self, info: &mut Info) {
        let mut first_error = None;
        let mut note = |e: Option<IllegalPvMove>| {
            if first_error.is_none() {
                first_error = e;
            }
        };
        if let Some(pv) = info.pv.take() {
            let (moves, err) = self.resolve_line(&pv);
            info.pv = Some(moves);
            note(err);
        }
        if let Some(m) = info.currmove.take() {
            let (moves, err) = self.resolve_line(&[m]);
            info.currmove = moves.first().copied();
            note(err);
        }
        if let Some(r) = info.refutation.take() {
            let (moves, err) = self.resolve_line(&r);
            info.refutation = Some(moves);
            note(err);
        }
        if let Some(mut line) = info.currline.take() {
            let (moves, err) = self.resolve_line(&line.moves);
            line.moves = moves;
            info.currline = Some(line);
            note(err);
        }
        info.pv_error = first_error;
    }

    /// The legal move the engine's `m` means here, or an [`EngineError::IllegalMove`].
    pub(crate) fn check(&self, m: Move, stage: Stage) -> Result<Move, EngineError> {
        let text = m.uci(false).to_string();
        self.resolve(&text).ok_or_else(|| EngineError::IllegalMove {
            stage,
            text,
            fen: self.fen(),
        })
    }
}

/// A start position and legal moves from it: what `position` sends.
#[derive(Clone, Debug)]
pub(crate) struct GamePosition {
    pub(crate) start: AnyPosition,
    pub(crate) moves: Vec<Move>,
    /// The position after the moves.
    pub(crate) end: AnyPosition,
}

impl GamePosition {
    /// `start` and `moves`, each move checked legal in turn (the caller's moves, as
    /// movegen generates them: castling king-takes-rook).
    pub(crate) fn new(start: AnyPosition, moves: &[Move]) -> Result<GamePosition, EngineError> {
        let mut end = start.clone();
        for &m in moves {
            if !end.is_legal(m) {
                return Err(EngineError::IllegalMove {
                    stage: Stage::Position,
                    text: end.uci(m),
                    fen: end.fen(),
                });
            }
            end = end.play(m);
        }
        Ok(GamePosition {
            start,
            moves: moves.to_vec(),
            end,
        })
    }

    /// The UCI `position` command.
    pub(crate) fn uci_command(&self) -> String {
        let mut s = if self.start.is_start() {
            String::from("position startpos")
        } else {
            format!("position fen {}", self.start.engine_fen())
        };
        if !self.moves.is_empty() {
            s.push_str(" moves");
            let mut pos = self.start.clone();
            for &m in &self.moves {
                s.push(' ');
                s.push_str(&pos.uci(m));
                pos = pos.play(m);
            }
        }
        s
    }

    /// The moves' UCI texts, each in its position.
    pub(crate) fn move_texts(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|&m| {
                let t = pos.uci(m);
                pos = pos.play(m);
                t
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessbits_bitboard_core::Square;

    #[test]
    fn position_commands() {
        let start = AnyPosition::Standard(Position::new());
        let e4 = Move::normal(Square::E2, Square::E4);
        let game = GamePosition::new(start.clone(), &[e4]).expect("legal");
        assert_eq!(game.uci_command(), "position startpos moves e2e4");
        assert!(GamePosition::new(start, &[Move::normal(Square::E2, Square::E5)]).is_err());
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let pos = AnyPosition::Standard(Position::from_fen(fen).expect("fen"));
        let castle = Move::castle(Square::E1, Square::H1);
        let game = GamePosition::new(pos.clone(), &[castle]).expect("legal");
        assert_eq!(game.uci_command(), format!("position fen {fen} moves e1g1"));
        // An engine's castling either way, then an illegal move.
        let raw: Vec<Move> = ["e1g1", "e8c8", "h1h8"]
            .iter()
            .filter_map(|t| t.parse().ok())
            .collect();
        let (moves, err) = pos.resolve_line(&raw);
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[0], castle);
        assert_eq!(err.map(|e| e.text), Some("h1h8".to_owned()));
    }

    #[test]
    fn chess960_castling_is_king_takes_rook() {
        let fen = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
        let pos = Position::from_fen_with(fen, CastlingMode::Chess960).expect("fen");
        let start = AnyPosition::Standard(pos);
        let castle = Move::castle(Square::B1, Square::H1);
        assert!(start.is_legal(castle));
        let game = GamePosition::new(start, &[castle]).expect("legal");
        assert!(game.uci_command().ends_with("moves b1h1"));
    }
}
