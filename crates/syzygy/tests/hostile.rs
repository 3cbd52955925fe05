//! Hostile files: truncated and corrupted copies of real tables give errors (or, for bytes
//! that still form a valid table, some value), never a panic; the memory map reads the same
//! bytes as a buffer; missing tables and positions no table holds are typed errors.
//!
//! The tests run with overflow checks on (the test profile has debug assertions), so an
//! arithmetic overflow on hostile data would fail them as a panic.

mod common;

use std::path::PathBuf;

use chessbits_position::Position;
use chessbits_syzygy::{SyzygyError, Tablebase};

/// Positions of the committed tables' materials, both sides to move, checks and captures.
const POSITIONS: &[&str] = &[
    "8/8/8/8/8/2k5/8/KQ6 w - - 0 1",
    "8/8/8/8/8/2k5/8/KQ6 b - - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 b - - 0 1",
    "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1",
    "8/5p2/6k1/K7/8/8/8/8 w - - 0 1",
    "8/8/8/2K5/5kp1/8/8/8 b - - 0 1",
    "8/8/8/8/8/8/1k5P/7K w - - 0 1",
    "8/8/8/8/8/8/1k5P/7K b - - 0 1",
    "7k/8/8/8/8/8/P7/K7 w - - 0 1",
    "8/8/8/4k3/8/8/3q4/4K3 w - - 0 1",
    "8/8/8/8/3k4/8/8/KR6 b - - 0 1",
    "8/4P3/8/8/8/k7/8/K7 w - - 0 1",
    "k7/8/1K6/8/8/8/8/6B1 w - - 0 1",
    "k7/8/1K6/8/8/8/8/7N b - - 0 1",
];

fn positions() -> Vec<Position> {
    POSITIONS
        .iter()
        .map(|f| f.parse().expect("valid FEN"))
        .collect()
}

fn committed_tables() -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(common::committed_dir())
        .expect("readable")
        .filter_map(|e| {
            let e = e.ok()?;
            let name = e.file_name().into_string().ok()?;
            (name.ends_with(".rtbw") || name.ends_with(".rtbz"))
                .then(|| (name, std::fs::read(e.path()).expect("readable")))
        })
        .collect();
    out.sort();
    out
}

/// A tablebase of the committed tables with `name` replaced by `bytes`.
fn with_replaced(tables: &[(String, Vec<u8>)], name: &str, bytes: Vec<u8>) -> Tablebase {
    let mut tb = Tablebase::new();
    for (n, b) in tables {
        if n != name {
            tb.add_table_bytes(n, b.clone()).expect("a table name");
        }
    }
    tb.add_table_bytes(name, bytes).expect("a table name");
    tb
}

/// Probes everything; returns how many probes failed. A panic fails the test.
fn probe_all(tb: &Tablebase, positions: &[Position]) -> usize {
    let mut errors = 0;
    for pos in positions {
        errors += usize::from(tb.probe_wdl(pos).is_err());
        errors += usize::from(tb.probe_dtz(pos).is_err());
        errors += usize::from(tb.best_move(pos).is_err());
    }
    errors
}

#[test]
fn memory_map_reads_the_file() {
    let dir = common::committed_dir();
    let mapped = common::tablebase(&dir);
    let mut owned = Tablebase::new();
    for (name, bytes) in committed_tables() {
        owned.add_table_bytes(&name, bytes).expect("a table name");
    }
    for pos in positions() {
        assert_eq!(
            mapped.probe_wdl(&pos).expect("probe"),
            owned.probe_wdl(&pos).expect("probe")
        );
        assert_eq!(
            mapped.probe_dtz(&pos).expect("probe"),
            owned.probe_dtz(&pos).expect("probe")
        );
    }
}

#[test]
fn truncated_tables_are_errors() {
    let tables = committed_tables();
    let positions = positions();
    let mut cuts = 0;
    for (name, bytes) in &tables {
        let len = bytes.len();
        let points: Vec<usize> = if len <= 600 {
            (0..len).collect()
        } else {
            (0..300)
                .map(|i| i * len / 300)
                .chain(len - 64..len)
                .collect()
        };
        for cut in points {
            let tb = with_replaced(&tables, name, bytes[..cut].to_vec());
            probe_all(&tb, &positions);
            cuts += 1;
        }
        if never_read(name) {
            continue;
        }
        // Half a table is reported as truncated, naming the file.
        let tb = with_replaced(&tables, name, bytes[..len / 2].to_vec());
        let material = name.split('.').next().expect("a stem");
        let pos = positions
            .iter()
            .find(|p| material_of(p) == material || material_of(p) == flipped(material))
            .expect("a position of each committed material");
        let err = if name.ends_with(".rtbw") {
            tb.probe_wdl(pos).expect_err("a truncated WDL table")
        } else {
            tb.probe_dtz(pos).expect_err("a truncated DTZ table")
        };
        assert!(
            matches!(&err, SyzygyError::Truncated { path, .. } if path.ends_with(name)),
            "{name}: {err}"
        );
        assert!(err.to_string().contains(name), "{err}");
    }
    eprintln!("{cuts} truncated copies probed");
}

/// A table cut short is `Truncated`, naming the table as it was added (never `Corrupt`,
/// never a name made up from the material), whether its opening or a probe finds the cut.
#[test]
fn data_cut_short_is_truncated_naming_the_table() {
    let tables = committed_tables();
    let positions = positions();
    let mut truncated = 0;
    for (name, bytes) in &tables {
        let tb = with_replaced(&tables, name, bytes[..bytes.len() * 3 / 4].to_vec());
        for pos in &positions {
            for err in [tb.probe_wdl(pos).err(), tb.probe_dtz(pos).err()]
                .into_iter()
                .flatten()
            {
                match &err {
                    SyzygyError::Truncated { path, .. } => {
                        assert!(path.ends_with(name), "{name}: {err}");
                        truncated += 1;
                    }
                    SyzygyError::Corrupt { path, .. } => {
                        assert!(path.ends_with(name), "{name}: {err}")
                    }
                    SyzygyError::MissingTable { .. } => {}
                    other => panic!("{name}: {other}"),
                }
            }
        }
    }
    assert!(truncated > 0, "no probe reached the cut");
}

#[test]
fn corrupted_tables_never_panic() {
    let tables = committed_tables();
    let positions = positions();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let (mut copies, mut errors) = (0, 0);
    for (name, bytes) in &tables {
        for round in 0..300 {
            let mut b = bytes.clone();
            // A few random bytes anywhere, or many in the header and index.
            let (flips, span) = if round % 2 == 0 {
                (1 + next() as usize % 4, b.len())
            } else {
                (1 + next() as usize % 16, b.len().min(256))
            };
            for _ in 0..flips {
                let at = next() as usize % span;
                b[at] = next() as u8;
            }
            errors += probe_all(&with_replaced(&tables, name, b), &positions);
            copies += 1;
        }
        if never_read(name) {
            continue;
        }
        // Wrong magic bytes are named.
        let mut b = bytes.clone();
        b[0] ^= 0xFF;
        let tb = with_replaced(&tables, name, b);
        let errs: Vec<SyzygyError> = positions
            .iter()
            .filter_map(|p| {
                if name.ends_with(".rtbw") {
                    tb.probe_wdl(p).err()
                } else {
                    tb.probe_dtz(p).err()
                }
            })
            .collect();
        assert!(
            errs.iter().any(|e| matches!(e, SyzygyError::Corrupt { path, reason } if path.ends_with(name) && reason.contains("magic"))),
            "{name}: {errs:?}"
        );
    }
    eprintln!("{copies} corrupted copies probed, {errors} probes failed with an error");
}

#[test]
fn random_bytes_never_panic() {
    let tables = committed_tables();
    let positions = positions();
    let mut state = 0x1234_5678_9ABC_DEF1u64;
    for (name, bytes) in &tables {
        for _ in 0..50 {
            let mut b: Vec<u8> = (0..bytes.len())
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state as u8
                })
                .collect();
            // Keep the magic and the header byte so that the parser goes further.
            b[..5].copy_from_slice(&bytes[..5]);
            probe_all(&with_replaced(&tables, name, b), &positions);
        }
    }
}

#[test]
fn truncated_files_on_disk_are_errors_naming_the_file() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("chessbits-syzygy-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let src = common::committed_dir();
    for name in ["KQvK.rtbw", "KQvK.rtbz"] {
        let bytes = std::fs::read(src.join(name)).expect("readable");
        std::fs::write(dir.join(name), &bytes[..bytes.len() / 3]).expect("writable");
    }
    std::fs::write(dir.join("KRvK.rtbw"), b"").expect("writable");
    let mut tb = Tablebase::new();
    assert_eq!(tb.add_directory(&dir).expect("readable"), 3);
    let kq: Position = "8/8/8/8/8/2k5/8/KQ6 w - - 0 1".parse().expect("valid FEN");
    let kr: Position = "8/8/8/8/3k4/8/8/KR6 b - - 0 1".parse().expect("valid FEN");
    let err = tb.probe_wdl(&kq).expect_err("truncated");
    assert!(
        matches!(&err, SyzygyError::Truncated { path, .. } if path == &dir.join("KQvK.rtbw")),
        "{err}"
    );
    // The error is kept: a second probe reports it again.
    assert!(matches!(
        tb.probe_wdl(&kq),
        Err(SyzygyError::Truncated { .. })
    ));
    let err = tb.probe_wdl(&kr).expect_err("empty");
    assert!(
        matches!(
            &err,
            SyzygyError::Truncated {
                needed: 4,
                len: 0,
                ..
            }
        ),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).expect("removable");
}

#[test]
fn missing_tables_and_unheld_positions_are_errors() {
    let tb = common::tablebase(&common::committed_dir());
    let pos: Position = "7r/8/8/8/8/2k5/8/KQ6 w - - 0 1".parse().expect("valid FEN");
    let err = tb.probe_wdl(&pos).expect_err("no KQvKR");
    assert!(
        matches!(&err, SyzygyError::MissingTable { table } if table == "KQvKR.rtbw"),
        "{err}"
    );
    assert_eq!(err.to_string(), "missing table KQvKR.rtbw");
    // Black's material first in the position, still named the table's way.
    let pos: Position = "7R/8/8/8/8/2K5/8/kq6 w - - 0 1".parse().expect("valid FEN");
    let err = tb.probe_dtz(&pos).expect_err("no KQvKR");
    assert!(
        matches!(&err, SyzygyError::MissingTable { table } if table == "KQvKR.rtbw"),
        "{err}"
    );
    let castling: Position = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().expect("valid FEN");
    assert!(matches!(
        tb.probe_wdl(&castling),
        Err(SyzygyError::CastlingRights { .. })
    ));
    assert!(matches!(
        tb.probe_dtz(&Position::new()),
        Err(SyzygyError::CastlingRights { .. })
    ));
    let crowded: Position = "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1"
        .parse()
        .expect("valid FEN");
    assert!(matches!(
        tb.probe_wdl(&crowded),
        Err(SyzygyError::TooManyPieces { pieces: 10, .. })
    ));
    // Kings alone need no table.
    let kk: Position = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().expect("valid FEN");
    assert_eq!(Tablebase::new().probe_dtz(&kk).expect("no table needed"), 0);
}

/// The DTZ tables of drawn material: a DTZ probe of a draw never reads them.
fn never_read(name: &str) -> bool {
    matches!(name, "KBvK.rtbz" | "KNvK.rtbz")
}

fn material_of(pos: &Position) -> String {
    let mut sides = [String::new(), String::new()];
    for c in ['K', 'Q', 'R', 'B', 'N', 'P'] {
        for sq in pos.board().occupied() {
            let p = pos.board().piece_at(sq).expect("occupied");
            if p.role.upper_char() == c {
                sides[p.color.index()].push(c);
            }
        }
    }
    format!("{}v{}", sides[0], sides[1])
}

fn flipped(material: &str) -> String {
    let (w, b) = material.split_once('v').expect("a material");
    format!("{b}v{w}")
}

/// The shared 4-piece tables (pawns on both sides, unique pieces, DTZ maps of every kind):
/// corrupted copies probed on random positions of their material. Needs `CHESSBITS_DATA`.
#[test]
fn corrupted_shared_tables_never_panic() {
    let Some(dir) = common::shared_dir("corrupted_shared_tables_never_panic") else {
        return;
    };
    let dir = dir.join("regular");
    let tables: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("readable")
        .filter_map(|e| {
            let e = e.ok()?;
            let name = e.file_name().into_string().ok()?;
            Some((name, std::fs::read(e.path()).ok()?))
        })
        .collect();
    let mut rng = common::Rng(0xC0FF_EE00_1234_5678);
    let mut probes = 0;
    for (material, pieces) in common::materials(&dir) {
        if ![
            "KPvKP", "KRvKN", "KQvKR", "KRPvK", "KBNvK", "KRRvK", "KNvKP",
        ]
        .contains(&material.as_str())
        {
            continue;
        }
        let positions: Vec<Position> = (0..20)
            .map(|_| common::random_position(&mut rng, &pieces))
            .collect();
        for ext in [".rtbw", ".rtbz"] {
            let name = format!("{material}{ext}");
            let real = &tables.iter().find(|(n, _)| *n == name).expect("listed").1;
            for round in 0..60 {
                let mut b = real.clone();
                if round % 3 == 0 {
                    b.truncate(rng.below(b.len()));
                } else {
                    let span = if round % 3 == 1 {
                        b.len()
                    } else {
                        b.len().min(512)
                    };
                    for _ in 0..1 + rng.below(8) {
                        let at = rng.below(span);
                        b[at] = rng.next() as u8;
                    }
                }
                probes += probe_all(&with_replaced(&tables, &name, b), &positions).min(1);
            }
        }
    }
    eprintln!("corrupted_shared_tables_never_panic: {probes} corrupted copies gave errors");
}
