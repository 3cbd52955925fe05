//! Tables added one file at a time (`add_file`), as python-chess's `Tablebase.add_file`.

mod common;

use chessbits_position::Position;
use chessbits_syzygy::{SyzygyError, Tablebase, Wdl};

/// `add_file` adds a table file by its path, as `add_directory` would, and nothing else.
#[test]
fn add_file_adds_table_files_only() {
    let dir = common::committed_dir();
    let mut tb = Tablebase::new();
    assert!(tb.add_file(dir.join("KQvK.rtbw")));
    assert!(tb.add_file(dir.join("KQvK.rtbz")));
    assert!(!tb.add_file(dir.join("README.md")));
    assert!(!tb.add_file(dir.join("KRvKR.rtbw")), "no such file");
    assert!(!tb.add_file(&dir), "a directory");
    let pos: Position = "8/8/8/8/8/2k5/8/KQ6 w - - 0 1".parse().expect("valid FEN");
    assert_eq!(tb.probe_wdl(&pos).expect("probe"), Wdl::Win);
    assert!(tb.probe_dtz(&pos).expect("probe") > 0);
    let rook: Position = "8/8/8/8/8/2k5/8/KR6 w - - 0 1".parse().expect("valid FEN");
    assert!(matches!(
        tb.probe_wdl(&rook),
        Err(SyzygyError::MissingTable { table }) if table == "KRvK.rtbw"
    ));
}
