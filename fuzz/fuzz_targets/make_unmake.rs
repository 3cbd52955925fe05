//! make/unmake: each input byte picks a legal move (or a null move); every make keeps the
//! incremental hash equal to the one computed from scratch, and unmaking every move in
//! reverse restores each position bit for bit.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (mut pos, choices) = chessbits_fuzz::position_and_rest(data);
    let mut stack = Vec::new();
    for &c in choices.iter().take(400) {
        let moves = chessbits_movegen::legal_moves(&pos);
        let before = pos.clone();
        if c == 255 && !pos.is_check() {
            let undo = pos.make_null();
            stack.push((before, None, undo));
        } else {
            let Some(&m) = moves.iter().nth(usize::from(c) % moves.len().max(1)) else {
                break;
            };
            let undo = pos.make_unchecked(m);
            stack.push((before, Some(m), undo));
        }
        assert_eq!(pos.zobrist_hash(), pos.compute_hash(), "{}", pos.fen());
        let _ = pos.repetition_key();
    }
    while let Some((before, m, undo)) = stack.pop() {
        match m {
            Some(m) => pos.unmake(m, undo),
            None => pos.unmake_null(undo),
        }
        assert!(pos == before, "unmake did not restore {}", before.fen());
    }
});
