//! Syzygy tables from hostile bytes: a committed table replaced by random bytes, by the
//! real table's header followed by random bytes, by the real table cut short, or by the
//! real table with bytes overwritten (the input's first byte chooses the table and the
//! way), then probed (WDL, DTZ, root moves) on positions of its material and of the
//! materials its captures and promotions reach. Any outcome but a panic is fine: an error
//! or, for bytes that still decode, some value.
#![no_main]

use chessbits_position::Position;
use chessbits_syzygy::Tablebase;
use libfuzzer_sys::fuzz_target;

macro_rules! table {
    ($name:literal) => {
        (
            $name,
            include_bytes!(concat!("../../crates/syzygy/tests/data/", $name)) as &[u8],
        )
    };
}

const TABLES: [(&str, &[u8]); 10] = [
    table!("KQvK.rtbw"),
    table!("KQvK.rtbz"),
    table!("KRvK.rtbw"),
    table!("KRvK.rtbz"),
    table!("KPvK.rtbw"),
    table!("KPvK.rtbz"),
    table!("KBvK.rtbw"),
    table!("KBvK.rtbz"),
    table!("KNvK.rtbw"),
    table!("KNvK.rtbz"),
];

const POSITIONS: [&str; 10] = [
    "8/8/8/8/8/2k5/8/KQ6 w - - 0 1",
    "8/8/8/8/8/2k5/8/KQ6 b - - 0 1",
    "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1",
    "8/8/8/8/3k4/8/8/KR6 b - - 0 1",
    "8/8/8/8/8/8/1k5P/7K w - - 0 1",
    "8/5p2/6k1/K7/8/8/8/8 b - - 0 1",
    "8/4P3/8/8/8/k7/8/K7 w - - 0 1",
    "8/8/8/4k3/8/8/3q4/4K3 w - - 0 1",
    "k7/8/1K6/8/8/8/8/6B1 w - - 0 1",
    "k7/8/1K6/8/8/8/8/7N b - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let (name, real) = TABLES[usize::from(head >> 2) % TABLES.len()];
    let bytes: Vec<u8> = match head & 3 {
        0 => rest.to_vec(),
        1 => real[..5].iter().chain(rest).copied().collect(),
        2 => {
            let cut = rest
                .get(..2)
                .map_or(0, |b| usize::from(u16::from_le_bytes([b[0], b[1]])));
            real[..cut.min(real.len())].to_vec()
        }
        _ => {
            let mut b = real.to_vec();
            for edit in rest.chunks_exact(3) {
                let at = usize::from(u16::from_le_bytes([edit[0], edit[1]])) % b.len();
                b[at] = edit[2];
            }
            b
        }
    };
    let mut tb = Tablebase::new();
    for (n, b) in TABLES {
        if n != name {
            tb.add_table_bytes(n, b.to_vec()).expect("a table name");
        }
    }
    tb.add_table_bytes(name, bytes).expect("a table name");
    for fen in POSITIONS {
        let pos: Position = fen.parse().expect("valid FEN");
        let _ = tb.probe_wdl(&pos);
        let _ = tb.probe_dtz(&pos);
        let _ = tb.root_moves(&pos);
    }
});
