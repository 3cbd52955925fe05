//! The table-name functions answer as python-chess's `chess.syzygy` module functions do, on
//! the answers `tests/data/make_oracle.py` recorded in `tests/data/names.txt`: every name
//! `tablenames` gives for 0 to 6 pieces (and for the variants without royal kings, 2 to 4),
//! in its order; `normalize_tablename`, `is_tablename` and `dependencies` on odd texts and a
//! sample of the 6-piece names; `all_dependencies` of a few groups; `calc_key` of sample
//! positions.

use chessbits_position::Setup;
use chessbits_syzygy::{
    all_dependencies, calc_key, dependencies, is_tablename, normalize_tablename, tablenames,
};

const NAMES: &str = include_str!("data/names.txt");

fn flag(text: &str) -> bool {
    match text {
        "0" => false,
        "1" => true,
        _ => panic!("not a flag: {text}"),
    }
}

fn list(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// Whether python-chess's function could not read the name: then ours says `None`.
/// python-chess yields nothing rather than raising for some texts that are no name (a
/// letter outside `KQRBNP` no capture or promotion touches); ours says `None` for all.
fn is_letters_and_v(name: &str) -> bool {
    name.split_once('v')
        .is_some_and(|(w, b)| format!("{w}{b}").chars().all(|c| "KQRBNP".contains(c)))
}

#[test]
fn table_names_agree_with_python_chess() {
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    for line in NAMES.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('|').collect();
        match f[0] {
            "tablenames" => {
                let count: usize = f[2].parse().expect("a count");
                assert_eq!(tablenames(flag(f[1]), count), list(f[3]), "{line}");
            }
            "normalize" => {
                let expected = (f[3] != "!").then(|| f[3].to_owned());
                assert_eq!(normalize_tablename(f[1], flag(f[2])), expected, "{line}");
            }
            "is_tablename" => {
                let count = (f[3] != "-").then(|| f[3].parse().expect("a count"));
                let got = is_tablename(f[1], flag(f[2]), count, flag(f[4]));
                assert_eq!(got, flag(f[5]), "{line}");
            }
            "dependencies" => {
                let got = dependencies(f[1], flag(f[2]));
                if f[3] == "!" || !is_letters_and_v(f[1]) {
                    assert_eq!(got, None, "{line}");
                } else {
                    assert_eq!(got, Some(list(f[3])), "{line}");
                }
            }
            "all_dependencies" => {
                let got = all_dependencies(f[1].split_whitespace(), flag(f[2]));
                let expected = (f[3] != "!").then(|| list(f[3]));
                assert_eq!(got, expected, "{line}");
            }
            "calc_key" => {
                // Any board: one of the samples is no legal position.
                let setup = Setup::from_ascii(f[1].as_bytes()).expect("a FEN");
                assert_eq!(calc_key(&setup.board, flag(f[2])), f[3], "{line}");
            }
            other => panic!("unknown record {other}"),
        }
        *counts.entry(f[0]).or_default() += 1;
    }
    eprintln!("checked {counts:?}");
    assert_eq!(counts["tablenames"], 10);
    assert!(counts["is_tablename"] > 1000 && counts["dependencies"] > 100);
}

/// Every name `tablenames` gives is a table name by `is_tablename`, and normalised.
#[test]
fn every_table_name_is_a_normalised_name() {
    for count in 3..=6 {
        for name in tablenames(true, count) {
            assert!(is_tablename(&name, true, Some(count), true), "{name}");
        }
    }
}
