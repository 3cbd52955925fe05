//! The line parsers never panic: on arbitrary text, and on token soup drawn from the
//! protocols' own words (where a parser's branches are), they return a value or a typed
//! error whose column lies within the line.

use chessbits_uci::{
    parse_features, parse_info, parse_option, parse_uci_line, parse_xboard_line,
    parse_xboard_option, ParseError,
};
use proptest::prelude::*;

const WORDS: &[&str] = &[
    "info",
    "depth",
    "seldepth",
    "multipv",
    "score",
    "cp",
    "mate",
    "lowerbound",
    "upperbound",
    "wdl",
    "nodes",
    "nps",
    "time",
    "hashfull",
    "tbhits",
    "sbhits",
    "cpuload",
    "currmove",
    "currmovenumber",
    "pv",
    "refutation",
    "currline",
    "string",
    "bestmove",
    "ponder",
    "(none)",
    "0000",
    "option",
    "name",
    "type",
    "default",
    "min",
    "max",
    "var",
    "check",
    "spin",
    "combo",
    "button",
    "<empty>",
    "id",
    "author",
    "uciok",
    "readyok",
    "feature",
    "move",
    "pong",
    "resign",
    "offer",
    "draw",
    "1-0",
    "0-1",
    "1/2-1/2",
    "{",
    "}",
    "Illegal",
    "Error",
    "(",
    ")",
    ":",
    "\t",
    "e2e4",
    "e7e8q",
    "N@f3",
    "e1g1",
    "a9a1",
    "-1",
    "0",
    "1",
    "42",
    "99999999999999999999",
    "-",
    "=",
    "\"",
    "x=1",
    "y=\"a b\"",
    "é",
    "\u{0}",
    "12.",
    "Nf3",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(WORDS).prop_map(str::to_owned),
            1 => "\\PC{0,6}",
        ],
        0..24,
    )
    .prop_map(|w| w.join(" "))
}

fn column_in_line(r: Result<impl Sized, ParseError>, line: &str) {
    if let Err(e) = r {
        assert!(e.column <= line.len(), "{e:?}");
        assert!(line.starts_with(&e.line) || e.line.len() <= ParseError::MAX_LINE);
    }
}

fn all(line: &str) {
    column_in_line(parse_info(line), line);
    column_in_line(parse_option(line), line);
    column_in_line(parse_uci_line(line), line);
    column_in_line(parse_xboard_line(line), line);
    column_in_line(parse_features(line), line);
    column_in_line(parse_xboard_option(line), line);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text(line in "\\PC{0,200}") {
        all(&line);
    }

    #[test]
    fn protocol_words(line in soup()) {
        all(&line);
    }

    #[test]
    fn after_a_keyword(head in prop::sample::select(WORDS), line in soup()) {
        all(&format!("{head} {line}"));
        all(&format!("info {head} {line}"));
        all(&format!("feature {head}={line}"));
    }
}

#[test]
fn edge_cases() {
    for line in [
        "",
        " ",
        "\t",
        "info string",
        "info pv",
        "info currline",
        "info currline 3",
        "info score cp 5 lowerbound upperbound",
        "option name type type spin",
        "option name X type spin min 5 max 1",
        "feature =1",
        "feature a=\"",
        "1",
        "1 2 3 4\t",
        "My move is:",
        "Illegal move (",
        "Error (",
        "bestmove ponder",
    ] {
        all(line);
    }
}
