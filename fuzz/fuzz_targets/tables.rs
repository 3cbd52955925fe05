//! The tables' route: any bytes, as an input (plain, or compressed when they start with a
//! magic number), through the one route (`Input::from_reader`, a `Selection` read from
//! text, `chessbits_tables::stream::run`) to every table and layout, and each batch
//! written in every format. Nothing panics; an error is a value; every game read is a row
//! of the games table. The `pgn fens` rows of the same bytes (read as plain PGN) are a row
//! per move played, each of three cells.
#![no_main]

use chessbits_pgn::input::Input;
use chessbits_tables::stream::{run, BatchOptions, Limiter};
use chessbits_tables::{Format, Selection, Table, TableWriter, WriteOptions};
use libfuzzer_sys::fuzz_target;

/// Selections the first byte chooses from, as a user types them.
const SELECTIONS: [&[(&str, &str)]; 6] = [
    &[],
    &[("schema", "lichess")],
    &[("elo", "1500.."), ("result", "1-0")],
    &[("dedup", "true"), ("limit", "3")],
    &[("sample", "0.5"), ("seed", "9"), ("strict", "true")],
    &[
        ("tag-range", "UTCDate=2025.02.01..2025.03.01"),
        ("min_plies", "2"),
    ],
];

fuzz_target!(|data: &[u8]| {
    let Some((&choice, pgn)) = data.split_first() else {
        return;
    };
    let pairs = SELECTIONS[usize::from(choice) % SELECTIONS.len()];
    let Ok(selection) = Selection::from_pairs(pairs.iter().copied()) else {
        return;
    };
    for table in [Table::Games, Table::Moves] {
        if selection.check_table(table).is_err() {
            continue;
        }
        let Ok(input) = Input::from_reader(std::io::Cursor::new(pgn.to_vec())) else {
            return;
        };
        let mut options = BatchOptions::new(table);
        options.selection = selection.clone();
        options.threads = 1 + usize::from(choice >> 7);
        options.file = "fuzz".into();
        let mut limiter = Limiter::new(&options.selection);
        let schema = chessbits_tables::schema(table, options.selection.rows.layout);
        let mut writers: Vec<TableWriter<Vec<u8>>> =
            [Format::Csv, Format::Ndjson, Format::Ipc, Format::Parquet]
                .into_iter()
                .filter_map(|f| {
                    TableWriter::new(Vec::new(), schema.clone(), f, &WriteOptions::default()).ok()
                })
                .collect();
        let mut rows = 0u64;
        let mut games = 0u64;
        let ran = run(
            input,
            &options,
            &mut limiter,
            |_| {},
            |batch, report| {
                assert_eq!(batch.schema(), schema);
                rows += batch.num_rows() as u64;
                games += report.games;
                for w in &mut writers {
                    w.write(&batch)?;
                }
                Ok(true)
            },
        );
        let _ = ran;
        for w in writers {
            let _ = w.finish();
        }
        let everything = pairs.is_empty() || pairs == [("schema", "lichess")];
        if table == Table::Games && everything {
            assert_eq!(rows, games);
        }
    }
    let mut records = Vec::new();
    let _ = chessbits_pgn::Reader::new(pgn)
        .read_all(&mut chessbits_pgn::RecordCollector::new(), |r| {
            records.push(r)
        });
    let mut out = Vec::new();
    let report =
        chessbits_tables::fens::fens_rows(&records, chessbits_pgn::SanMode::Lenient, &mut out);
    let lines: Vec<&[u8]> = out
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(lines.len() as u64, report.moves);
    assert!(lines
        .iter()
        .all(|l| l.iter().filter(|&&b| b == b',').count() == 2));
});
