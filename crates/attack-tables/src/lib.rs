//! # chessbits-attack-tables
//!
//! Which squares does a piece attack? This crate answers in one table lookup (two for a
//! queen), for every piece, plus the geometry a legal-move generator needs: rays, the squares
//! between two squares, and the line through them.
//!
//! It sits between `bitboard-core`, whose [`Square`], [`Bitboard`], [`Piece`] and
//! [`Direction`] it speaks and whose `reference` module defines what every answer must be,
//! and `position`/`movegen`, which call these functions to find checks, pins and moves.
//!
//! ## Why the tables are generated at build time
//!
//! The tables total about 914 KiB. Computing them at run time would need either an `init()`
//! call that every user must remember, or lazily initialised globals with a synchronisation
//! check on every lookup; computing them in `const` evaluation is slow to compile and hard
//! to debug. Instead `build.rs` calls `chessbits_bitboard_core::reference` (a build-dependency: the
//! very functions the tests compare against) and writes the tables as plain `static` arrays
//! with hex literals into `OUT_DIR`, which the crate `include!`s. The magic multipliers for
//! the sliding pieces are not searched during the build: `cargo xtask gen-tables` finds them
//! with a seeded search and commits them as `src/magics.rs`, and `build.rs` only re-checks
//! that none of them maps two occupancies with different attack sets to the same slot, so a
//! bad magic fails the build instead of a game.
//!
//! ## Tables and their sizes
//!
//! | table | entries | bytes |
//! |---|---|---|
//! | knight attacks | 64 | 512 |
//! | king attacks | 64 | 512 |
//! | pawn attacks (per colour) | 2 × 64 | 1,024 |
//! | rays (8 directions) | 8 × 64 | 4,096 (4 KiB) |
//! | between | 64 × 64 | 32,768 (32 KiB) |
//! | line | 64 × 64 | 32,768 (32 KiB) |
//! | rook magic entries (mask, magic, shift, offset) | 64 | 1,536 |
//! | bishop magic entries | 64 | 1,536 |
//! | rook magic attacks | 102,400 | 819,200 (800 KiB) |
//! | bishop magic attacks | 5,248 | 41,984 (41 KiB) |
//! | **total** | | **935,936 (914 KiB)** |
//!
//! Every entry is a `u64` bitboard except the magic entries, which are [`magic::MagicEntry`]
//! (24 bytes each). The tables of the other sliding-attack methods come on top; the next
//! section lists them.
//!
//! ## Square attacked by ("Square Attacked By", Chess Programming Wiki)
//!
//! [`inbetween`] computes the in-between and line sets four ways (rectangular 64 × 64
//! tables, a triangular table, the 0x88 difference with a rotate, pure calculation) and
//! [`x88`] answers "is this square attacked by that piece on that square" from one
//! 14,336-byte table indexed by piece and 0x88 difference. [`between`] and [`line`](fn@line) are the
//! rectangular lookups, the fastest measured.
//!
//! ## Sliding-attack methods
//!
//! [`rook_attacks`], [`bishop_attacks`] and [`queen_attacks`] use fancy magic bitboards
//! ([`magic`]). Each way of computing sliding attacks is a zero-sized type implementing
//! [`SlidingAttacks`], one module each, so move generation and benchmarks can be generic
//! over the method; the tests prove every one equal to [`Classical`] on every square and
//! every subset of the relevant occupancy.
//!
//! | method | module | source | tables (bytes) |
//! |---|---|---|---:|
//! | [`Classical`] | [`classical`] | ray walk, the reference (Fenner & Levene 2008, "without hash") | 0 |
//! | `Rotated` | `rotated` (feature `research`) | Hyatt 1999; keeps 4 occupancies ([`OccupancyState`]) | 524,672 |
//! | `Direct` | `direct` (feature `std`) | Tannous 2007, `std::collections::HashMap` | ≈ 758,608 |
//! | `DirectDense` | `direct_dense` (feature `research`) | Tannous 2007 with open-addressing arrays | 692,352 |
//! | [`Perfect`] | [`perfect`] | Fenner & Levene 2008, `h1`/`h2` then occupancy vector | 56,325 |
//! | [`PerfectMinimal`] | [`perfect`] | Fenner & Levene 2008, minimal `ĥ1`/`ĥ2` | 56,572 |
//! | [`PerfectDirect`] | [`perfect`] | Fenner & Levene 2008, hash indexes the attacks (§3.1) | 72,000 |
//! | [`Magic`] | [`magic`] | fancy magic (Kannan 2007) | 864,256 |
//! | [`Hyperbola`] | [`hyperbola`] | `o ^ (o - 2r)` both ways (the "Chess Bitboards" blog series) | 2,304 |
//! | [`KoggeStone`] | [`kogge_stone`] | occluded fills, 8 directions | 0 |
//! | `Pext` | `pext` (targets with BMI2 only, see [`HAS_PEXT`]) | BMI2 `pext` index | 863,232 |
//!
//! Each reports its own figure through [`SlidingAttacks::table_bytes`]. The rotated,
//! dense-direct and PEXT tables come from `build.rs` like the others, the first two only with
//! the `research` feature: they are there to be measured, no default path uses them, and as
//! generated source they are 3.1 MB that every user of `position` and `movegen` would
//! otherwise compile; the perfect-hash tables
//! are small enough to be `const`-evaluated; the `HashMap`s of `Direct` are built on first
//! use.
//!
//! ```
//! use chessbits_attack_tables::{aligned, between, rook_attacks, Classical, Magic, SlidingAttacks};
//! use chessbits_bitboard_core::{Bitboard, Square};
//!
//! let occupied = Bitboard::from_square(Square::E6) | Square::B4;
//! let attacks = rook_attacks(Square::E4, occupied);
//! assert!(attacks.contains(Square::E6) && !attacks.contains(Square::E7));
//! assert!(attacks.contains(Square::B4) && !attacks.contains(Square::A4));
//! assert_eq!(Magic::queen(Square::E4, occupied), Classical::queen(Square::E4, occupied));
//!
//! assert_eq!(between(Square::A1, Square::D4), Bitboard::from_square(Square::B2) | Square::C3);
//! assert!(aligned(Square::A1, Square::C3, Square::H8));
//! ```
//!
//! Features: `std` (on by default) adds `Direct`; `research` adds `Rotated` and
//! `DirectDense` (off by default). [`METHODS`] lists every method with the reason a build
//! lacks it. `Pext` is compiled where the target has BMI2 (`-C target-cpu=native` on such a
//! CPU, or `-C target-feature=+bmi2`); docs.rs documents it.
//!
//! The crate is `no_std` and has no
//! `unsafe` code outside `pext`, which has two blocks, each with its `// SAFETY:` argument
//! and a test: the PEXT intrinsic, and the unchecked read of the table slot it indexes.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
// The exception is the `pext` module (the intrinsic and its unchecked table read).
#![deny(unsafe_code)]

pub mod classical;
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
pub mod direct;
#[cfg(feature = "research")]
#[cfg_attr(docsrs, doc(cfg(feature = "research")))]
pub mod direct_dense;
pub mod hyperbola;
pub mod inbetween;
pub mod kogge_stone;
pub mod magic;
mod magics;
mod occupancy;
pub mod perfect;
#[cfg(has_pext)]
#[cfg_attr(docsrs, doc(cfg(target_feature = "bmi2")))]
pub mod pext;
mod registry;
#[cfg(feature = "research")]
#[cfg_attr(docsrs, doc(cfg(feature = "research")))]
pub mod rotated;
pub mod x88;

pub use chessbits_bitboard_core::{Bitboard, Color, Direction, Piece, Role, Square};
pub use classical::Classical;
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
pub use direct::Direct;
#[cfg(feature = "research")]
#[cfg_attr(docsrs, doc(cfg(feature = "research")))]
pub use direct_dense::DirectDense;
pub use hyperbola::Hyperbola;
pub use kogge_stone::KoggeStone;
pub use magic::Magic;
pub use occupancy::OccupancyState;
pub use perfect::{Perfect, PerfectDirect, PerfectMinimal};
#[cfg(has_pext)]
pub use pext::Pext;
pub use registry::{
    for_each_method, with_method, DefaultMethod, MethodError, MethodInfo, MethodVisitor, METHODS,
};
#[cfg(feature = "research")]
#[cfg_attr(docsrs, doc(cfg(feature = "research")))]
pub use rotated::Rotated;

/// Whether this build has the `pext` module (`Pext`): the target must have BMI2, e.g. with
/// `RUSTFLAGS="-C target-cpu=native"` on a CPU that has it.
pub const HAS_PEXT: bool = cfg!(has_pext);

/// The generated tables; see the crate documentation for their sizes.
mod tables {
    #[cfg(feature = "research")]
    use crate::direct_dense::DenseSlot;
    use crate::magic::MagicEntry;
    #[cfg(has_pext)]
    use crate::pext::PextEntry;
    use chessbits_bitboard_core::Bitboard;

    include!(concat!(env!("OUT_DIR"), "/tables.rs"));
}

/// One way of computing the squares a rook, bishop or queen attacks.
///
/// Each method is a zero-sized type, so code generic over `S: SlidingAttacks` compiles to
/// direct calls. Every implementation must equal [`Classical`] (the reference ray walk) on
/// every square and occupancy; the tests of this crate check that for each one.
///
/// A method may keep the occupancy its own way between moves ([`SlidingAttacks::Occupancy`]:
/// a plain [`Bitboard`] for every method but [`Rotated`], which keeps four orientations).
/// Code that makes and takes back moves keeps an `S::Occupancy` next to its position, updates
/// it as pieces move, and asks [`SlidingAttacks::rook_in`] and friends; code that has only a
/// bitboard calls [`SlidingAttacks::rook`], which for rotated bitboards builds the rotated
/// occupancies from scratch first.
pub trait SlidingAttacks {
    /// A short name for reports and benchmark labels.
    const NAME: &'static str;

    /// The occupancy as this method keeps it between moves: [`Bitboard`] for every method
    /// that reads the plain occupancy.
    type Occupancy: OccupancyState;

    /// The squares a rook on `sq` attacks when `occupied` holds the pieces on the board
    /// (the first blocker on each ray is included).
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a bishop on `sq` attacks on `occupied`.
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a queen on `sq` attacks on `occupied`: rook and bishop attacks together.
    #[inline]
    fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
        Self::rook(sq, occupied) | Self::bishop(sq, occupied)
    }

    /// [`SlidingAttacks::rook`] on an occupancy kept by this method.
    #[inline]
    fn rook_in(sq: Square, occupied: &Self::Occupancy) -> Bitboard {
        Self::rook(sq, occupied.bitboard())
    }

    /// [`SlidingAttacks::bishop`] on an occupancy kept by this method.
    #[inline]
    fn bishop_in(sq: Square, occupied: &Self::Occupancy) -> Bitboard {
        Self::bishop(sq, occupied.bitboard())
    }

    /// [`SlidingAttacks::queen`] on an occupancy kept by this method.
    #[inline]
    fn queen_in(sq: Square, occupied: &Self::Occupancy) -> Bitboard {
        Self::queen(sq, occupied.bitboard())
    }

    /// The bytes of the tables this method reads (0 for a method without tables). Tables
    /// shared with the rest of the crate (rays, lines) are not counted.
    #[inline]
    #[must_use]
    fn table_bytes() -> usize {
        0
    }
}

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(tables::KNIGHT[sq.index()])
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(tables::KING[sq.index()])
}

/// The squares a pawn of `color` on `sq` attacks (one step diagonally forward).
///
/// Also the squares from which a pawn of the other colour would attack `sq`.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(tables::PAWN[color.index()][sq.index()])
}

// On WebAssembly the free functions below use `DefaultMethod`, the perfect hash indexing
// the attacks (`PerfectDirect`) unless the build names another (`CHESSBITS_WASM_SLIDERS`,
// build.rs): without fancy magic's 860 KB attack table chessbits-wasm's board is 113 KB
// instead of 151 KB gzipped, for a little perft speed (the table in crates/wasm/README.md).
// Elsewhere they are magic.

/// The squares a rook on `sq` attacks on `occupied` (fancy magic lookup; [`DefaultMethod`]
/// on WebAssembly; the first blocker on each ray is included, whatever its
/// colour).
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    #[cfg(not(target_family = "wasm"))]
    return magic::rook_attacks(sq, occupied);
    #[cfg(target_family = "wasm")]
    return <DefaultMethod as SlidingAttacks>::rook(sq, occupied);
}

/// The squares a bishop on `sq` attacks on `occupied` (fancy magic lookup; [`DefaultMethod`]
/// on WebAssembly).
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    #[cfg(not(target_family = "wasm"))]
    return magic::bishop_attacks(sq, occupied);
    #[cfg(target_family = "wasm")]
    return <DefaultMethod as SlidingAttacks>::bishop(sq, occupied);
}

/// The squares a queen on `sq` attacks on `occupied`: [`rook_attacks`] | [`bishop_attacks`].
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares `piece` on `sq` attacks on `occupied`; `occupied` only matters for sliders.
///
/// For a pawn these are its diagonal captures, not its pushes.
#[inline]
pub fn attacks(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// The squares from `sq` (exclusive) to the edge of the board along `dir`, on an empty board.
#[inline]
pub fn ray(sq: Square, dir: Direction) -> Bitboard {
    Bitboard(tables::RAYS[dir.index()][sq.index()])
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal;
/// empty when they do not (or are equal or adjacent).
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(tables::BETWEEN[a.index()][b.index()])
}

/// The whole line through `a` and `b`, from edge to edge and including both, when they share
/// a rank, file or diagonal; empty when they do not (or are equal).
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(tables::LINE[a.index()][b.index()])
}

/// Whether `c` lies on the line through `a` and `b` (false when `a` and `b` are not aligned
/// or are equal). Used to tell whether a pinned piece moves along its pin.
#[inline]
#[must_use]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::size_of_val;

    /// The byte counts in the crate documentation.
    #[test]
    fn table_sizes_match_the_docs() {
        assert_eq!(size_of_val(&tables::KNIGHT), 512);
        assert_eq!(size_of_val(&tables::KING), 512);
        assert_eq!(size_of_val(&tables::PAWN), 1_024);
        assert_eq!(size_of_val(&tables::RAYS), 4_096);
        assert_eq!(size_of_val(&tables::BETWEEN), 32_768);
        assert_eq!(size_of_val(&tables::LINE), 32_768);
        assert_eq!(size_of_val(&tables::ROOK_MAGICS), 1_536);
        assert_eq!(size_of_val(&tables::BISHOP_MAGICS), 1_536);
        assert_eq!(size_of_val(&tables::ROOK_ATTACKS), 819_200);
        assert_eq!(size_of_val(&tables::BISHOP_ATTACKS), 41_984);
        let total = 512 + 512 + 1_024 + 4_096 + 32_768 * 2 + 1_536 * 2 + 819_200 + 41_984;
        assert_eq!(total, 935_936);
    }

    #[test]
    fn known_values() {
        assert_eq!(knight_attacks(Square::A1).0, (1 << 10) | (1 << 17));
        assert_eq!(king_attacks(Square::E1).count(), 5);
        assert_eq!(pawn_attacks(Color::White, Square::A2).0, 1 << 17);
        assert_eq!(rook_attacks(Square::A1, Bitboard::EMPTY).count(), 14);
        assert_eq!(bishop_attacks(Square::D4, Bitboard::EMPTY).count(), 13);
        assert_eq!(queen_attacks(Square::D4, Bitboard::EMPTY).count(), 27);
        assert_eq!(ray(Square::A1, Direction::NorthEast).count(), 7);
        assert!(aligned(Square::B1, Square::B5, Square::B8));
        assert!(!aligned(Square::B1, Square::C3, Square::D5));
    }
}

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
