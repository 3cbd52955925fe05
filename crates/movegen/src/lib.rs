//! # movegen
//!
//! Legal move generation for a `position::Position`: check evasions, pins, double check,
//! en passant that uncovers a check, castling through attacked squares, Chess960. Moves go into
//! a fixed-capacity list (no heap allocation); captures-only and quiet-only generation serve
//! engines; `is_legal` checks a move that comes from elsewhere; perft and divide prove it all
//! against published node counts.
//!
//! It sits on `position` and on `attack-tables`, and is generic over the sliding-attack method so
//! that every method of `attack-tables` can drive perft. `pgn` uses it to decode SAN. The rules
//! issue fills it in.
