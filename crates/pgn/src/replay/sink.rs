//! [`PlySink`]: where a replay puts a game's positions and move texts.

use chessbits_bitboard_core::MoveText;

/// Where [`replay_into`](crate::replay::replay_into) puts a game's positions and move texts: [`Plies`](crate::replay::Plies), or a writer of
/// rows (the tables crate's `pgn fens` CSV writes each row as it comes).
pub trait PlySink {
    /// The position before the game's first move, its FEN written by `fen` (called once
    /// per game, just before the first [`PlySink::push`]).
    fn start(&mut self, fen: impl FnOnce(&mut Vec<u8>));

    /// One move: its canonical SAN with suffix, its UCI, and the position after it, its FEN
    /// written by `fen`.
    fn push(&mut self, san: MoveText, uci: MoveText, fen: impl FnOnce(&mut Vec<u8>));

    /// Forget what this game gave so far (the fast path gave up; the game is replayed
    /// again from its start).
    fn rewind(&mut self);
}
