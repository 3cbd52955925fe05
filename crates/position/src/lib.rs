//! # position
//!
//! A chess position and everything that changes it. This crate will hold the unvalidated
//! `Setup` read from FEN, X-FEN and Shredder-FEN; the validated `Position` built from it
//! (placement by colour and role, side to move, castling rights, en-passant square, clocks);
//! Polyglot Zobrist hashing kept incrementally; make/unmake with a compact undo record; and the
//! game history that decides repetitions and outcomes.
//!
//! It sits on `bitboard-core` (the types) and `attack-tables` (check and pin detection) and knows
//! nothing of move generation: `movegen` generates moves for a `Position`, and `pgn` replays
//! games through both. The rules issue fills it in.
