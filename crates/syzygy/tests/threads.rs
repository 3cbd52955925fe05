//! One `Tablebase` shared by threads, as an engine's search threads share it: the tables
//! are opened by whichever thread probes first (the `OnceLock` per file), and every thread
//! gets the answers a single thread gets.

mod common;

use chessbits_position::Position;

#[test]
fn threads_share_one_tablebase() {
    let dir = common::committed_dir();
    let materials = common::materials(&dir);
    let mut rng = common::Rng(0x7EAD_5EED);
    let positions: Vec<Position> = (0..2_000)
        .map(|i| common::random_position(&mut rng, &materials[i % materials.len()].1))
        .collect();
    let alone = common::tablebase(&dir);
    let expected: Vec<(i32, i32)> = positions
        .iter()
        .map(|p| {
            let wdl = alone.probe_wdl(p).expect("probe").to_i32();
            (wdl, alone.probe_dtz(p).expect("probe"))
        })
        .collect();
    // A fresh tablebase: no file is open until the threads race to open them.
    let shared = common::tablebase(&dir);
    std::thread::scope(|s| {
        for t in 0..4 {
            let (shared, positions, expected) = (&shared, &positions, &expected);
            s.spawn(move || {
                // Each thread walks the positions from a different start.
                for k in 0..positions.len() {
                    let i = (k + t * 500) % positions.len();
                    let p = &positions[i];
                    let got = (
                        shared.probe_wdl(p).expect("probe").to_i32(),
                        shared.probe_dtz(p).expect("probe"),
                    );
                    assert_eq!(got, expected[i], "{}", p.fen());
                }
            });
        }
    });
}

#[test]
fn debug_lists_the_tables() {
    let tb = common::tablebase(&common::committed_dir());
    let text = format!("{tb:?}");
    assert!(
        text.starts_with("Tablebase { tables: [\"KBvK.rtbw\", \"KBvK.rtbz\""),
        "{text}"
    );
    assert_eq!(text.matches(".rtb").count(), 10, "{text}");
}
