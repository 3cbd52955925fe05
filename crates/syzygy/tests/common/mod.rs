//! What the tests share: where the tables are.

#![allow(dead_code)]

use std::path::PathBuf;

use chessbits_syzygy::Tablebase;

/// The committed tables.
pub(crate) fn committed_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The shared data set's Syzygy folder, where `CHESSBITS_DATA` names the data set; else a
/// printed notice and `None`.
pub(crate) fn shared_dir(test: &str) -> Option<PathBuf> {
    match std::env::var_os("CHESSBITS_DATA") {
        Some(dir) => {
            let dir = PathBuf::from(dir).join("syzygy");
            assert!(
                dir.is_dir(),
                "CHESSBITS_DATA is set but {} is missing",
                dir.display()
            );
            Some(dir)
        }
        None => {
            eprintln!("{test}: skipped the shared data set: CHESSBITS_DATA is not set");
            None
        }
    }
}

/// A tablebase over a directory.
pub(crate) fn tablebase(dir: &std::path::Path) -> Tablebase {
    let mut tb = Tablebase::new();
    let n = tb.add_directory(dir).expect("the table directory reads");
    assert!(n > 0, "no tables in {}", dir.display());
    tb
}
