//! # pgn
//!
//! Real games at scale: a streaming PGN reader with bounded memory and a visitor API, an owned
//! game tree and a writer, SAN and UCI decoding and encoding, replay of every move with errors
//! that say where, and export of `before_fen,san,after_fen` rows.
//!
//! It is the top library layer: it replays moves through `movegen` on `position`s, and the
//! `chessbits` command-line program drives it. The PGN issue fills it in.
