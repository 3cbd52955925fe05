//! ARCHITECTURE.md's "never allocates" for the variants: perft of every variant (its start
//! and the first positions of python-chess's suites, so that drops, explosions, promotions
//! to a king, en passant and castling all come up) allocates nothing, counted by a global
//! allocator of this test binary's own. The count is per thread, so that the test
//! harness's own allocations on other threads do not count.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{parse_suite, CastlingMode, Variant};

/// The system allocator, counting the allocations of each thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed to the system allocator unchanged; the count is a
// thread-local `Cell` with a constant initialiser and no destructor, which allocates
// nothing itself.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is passed on.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations of this thread while `f` runs, and what it returned.
fn allocations<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (ALLOCATIONS.with(Cell::get) - before, value)
}

/// Perft `depth` of `pos`, and its count of legal moves, each asserted to allocate
/// nothing; the perft's node count.
fn assert_no_allocation(pos: &VariantPosition, depth: u32, what: &str) -> u64 {
    let (allocs, nodes) = allocations(|| pos.perft(depth));
    assert_eq!(allocs, 0, "{what}: perft {depth} ({nodes} nodes) allocated");
    let (allocs, count) = allocations(|| pos.count_legal_moves());
    assert_eq!(allocs, 0, "{what}: count_legal_moves allocated");
    assert_eq!(count, pos.perft(1), "{what}");
    nodes
}

#[test]
fn the_counter_counts() {
    let pos = VariantPosition::new(Variant::Crazyhouse);
    let (allocs, moves) = allocations(|| pos.legal_moves());
    assert_eq!(moves.len(), 20);
    assert!(allocs > 0, "a Vec of moves was not counted");
}

#[test]
fn variant_perft_allocates_nothing() {
    let limit = if cfg!(debug_assertions) {
        20_000
    } else {
        300_000
    };
    let suites = [
        ("python-chess_3check.perft", Variant::ThreeCheck),
        ("python-chess_atomic.perft", Variant::Atomic),
        ("python-chess_crazyhouse.perft", Variant::Crazyhouse),
        ("python-chess_giveaway.perft", Variant::Antichess),
        ("python-chess_horde.perft", Variant::Horde),
        ("python-chess_racingkings.perft", Variant::RacingKings),
    ];
    let mut nodes = 0;
    for variant in Variant::ALL {
        let pos = VariantPosition::new(variant);
        nodes += assert_no_allocation(&pos, 3, &format!("{variant} start"));
    }
    for (file, variant) in suites {
        let bytes = common::data(&format!("variants/{file}"));
        for entry in parse_suite(&bytes).into_iter().take(6) {
            let entry = entry.unwrap_or_else(|e| panic!("{file}: {e}"));
            let setup = &entry.epd.setup;
            let pos = VariantPosition::from_setup(variant, setup, CastlingMode::detect(setup))
                .unwrap_or_else(|e| panic!("{file}:{}: {e}", entry.line));
            let depth = entry
                .epd
                .perft_counts()
                .into_iter()
                .filter(|&(_, n)| n <= limit)
                .map(|(d, _)| d)
                .max()
                .unwrap_or(1);
            nodes += assert_no_allocation(&pos, depth, &format!("{file}:{}", entry.line));
        }
    }
    assert!(nodes > 100_000, "too little walked: {nodes} nodes");
}
