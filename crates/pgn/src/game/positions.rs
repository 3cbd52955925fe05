//! The positions of a [`Game`]: its start, its mainline move by move, and the position at
//! any node of any variation, replayed through movegen as [`crate::replay`] does.

use chessbits_movegen::san::SanMode;
use chessbits_position::Position;

use super::{Game, LineId};
use crate::replay::{decode_move, play_decoded, start_position};
use crate::GameErrorKind;

impl Game {
    /// The start position the game's `FEN` and `Variant` tags describe (the standard start
    /// without a `FEN` tag), read as [`crate::start_position`] reads them.
    pub fn start_position(&self) -> Result<Position, GameErrorKind> {
        start_position(self.tag("FEN"), self.tag("Variant"))
    }

    /// The mainline's positions: the start, then the position after each move, as far as
    /// the moves can be played (SAN read leniently); an item is the error that stopped it
    /// (the start position's or a move's), and nothing follows it.
    ///
    /// ```
    /// use chessbits_pgn::Reader;
    ///
    /// let pgn = b"1. e4 e5 2. Nf3 (2. Bc4 Nf6) Nc6 *";
    /// let (game, _errors) = Reader::new(&pgn[..]).games().next().unwrap()?;
    /// let fens: Vec<String> = game
    ///     .mainline_positions()
    ///     .map(|p| p.map(|p| p.fen()))
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(fens.len(), 5);
    /// assert_eq!(fens[4], "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mainline_positions(&self) -> impl Iterator<Item = Result<Position, GameErrorKind>> + '_ {
        let mut state = Some(self.start_position());
        let mut moves = self.mainline().moves().texts();
        std::iter::from_fn(move || {
            let current = state.take()?;
            if let Ok(pos) = &current {
                if let Some(text) = moves.next() {
                    let mut next = pos.clone();
                    state = Some(decode_move(pos, text, SanMode::Lenient).map(|m| {
                        play_decoded(&mut next, m);
                        next
                    }));
                }
            }
            Some(current)
        })
    }

    /// The position before the `index`-th move (from 0) of `line`: a variation starts in
    /// the position before the move it is an alternative to, and `index` may be the line's
    /// length (the position after its last move). `None` when the game has no such line or
    /// move, `Some(Err)` when a move on the way cannot be played (SAN read leniently).
    ///
    /// ```
    /// use chessbits_pgn::Reader;
    ///
    /// let pgn = b"1. e4 e5 2. Nf3 (2. Bc4 Nf6) Nc6 *";
    /// let (game, _errors) = Reader::new(&pgn[..]).games().next().unwrap()?;
    /// let variation = game.mainline().nodes()[2].variations[0];
    /// let pos = game.position_before(variation, 2).unwrap()?;
    /// assert_eq!(pos.fen(), "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position_before(
        &self,
        line: LineId,
        index: usize,
    ) -> Option<Result<Position, GameErrorKind>> {
        // The way from the mainline to the node: (line, moves of it to play), outermost
        // first. A line's parent is the node it is a variation of (or, for a variation
        // opened before any move, the start of its line).
        let mut parents = vec![None; self.lines.len()];
        for (id, l) in self.lines.iter().enumerate() {
            for (i, node) in l.nodes().iter().enumerate() {
                for v in &node.variations {
                    *parents.get_mut(v.0 as usize)? = Some((LineId(id as u32), i));
                }
            }
            for v in &l.orphans {
                *parents.get_mut(v.0 as usize)? = Some((LineId(id as u32), 0));
            }
        }
        if index > self.lines.get(line.0 as usize)?.len() {
            return None;
        }
        let mut path = vec![(line, index)];
        let mut at = line;
        while at != LineId::MAIN {
            // A line reached twice is a cycle (a hand-built arena): no such node.
            if path.len() > self.lines.len() {
                return None;
            }
            let (parent, i) = (*parents.get(at.0 as usize)?)?;
            path.push((parent, i));
            at = parent;
        }
        let mut pos = match self.start_position() {
            Ok(pos) => pos,
            Err(e) => return Some(Err(e)),
        };
        for &(id, count) in path.iter().rev() {
            for text in self.lines.get(id.0 as usize)?.moves().texts().take(count) {
                match decode_move(&pos, text, SanMode::Lenient) {
                    Ok(m) => play_decoded(&mut pos, m),
                    Err(e) => return Some(Err(e)),
                }
            }
        }
        Some(Ok(pos))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, LineId, Reader};

    fn game(pgn: &[u8]) -> Game {
        Reader::new(pgn)
            .games()
            .next()
            .and_then(Result::ok)
            .expect("one game")
            .0
    }

    #[test]
    fn the_mainline_and_every_variation_node_replay() {
        let g = game(
            b"[FEN \"8/8/8/8/8/4k3/8/R3K3 w Q - 0 1\"]\n\n1. O-O-O (1. Ra8 Kd3 (1... Kf3)) Kf3 *",
        );
        let fens: Vec<_> = g.mainline_positions().map(|p| p.map(|p| p.fen())).collect();
        assert_eq!(fens.len(), 3);
        assert_eq!(fens[1].as_deref(), Ok("8/8/8/8/8/4k3/8/2KR4 b - - 1 1"));
        let ra8 = g.mainline().nodes()[0].variations[0];
        let after_ra8 = g.position_before(ra8, 1).expect("a node").expect("legal");
        assert_eq!(after_ra8.fen(), "R7/8/8/8/8/4k3/8/4K3 b - - 1 1");
        let kf3 = g.line(ra8).nodes()[1].variations[0];
        let after_kf3 = g.position_before(kf3, 1).expect("a node").expect("legal");
        assert_eq!(after_kf3.fen(), "R7/8/8/8/8/5k2/8/4K3 w - - 2 2");
        assert_eq!(g.position_before(kf3, 2), None, "past the line's end");
        assert_eq!(g.position_before(LineId(99), 0), None, "no such line");
    }

    #[test]
    fn an_illegal_move_ends_the_positions_with_its_error() {
        let g = game(b"1. e4 e5 2. Ke3 Nc6 *");
        let items: Vec<_> = g.mainline_positions().collect();
        assert_eq!(items.len(), 4);
        assert!(items[..3].iter().all(Result::is_ok));
        assert!(items[3].is_err());
        assert!(g.position_before(LineId::MAIN, 4).expect("a node").is_err());
        assert!(g.position_before(LineId::MAIN, 2).expect("a node").is_ok());
    }
}
