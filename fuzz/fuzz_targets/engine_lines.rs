//! Engine lines (chessbits-uci): any text a UCI or XBoard engine may write parses to a
//! value or gives a typed error whose column lies within the line; an `info` line's
//! moves, when it parses, write back as UCI text that reads to the same moves.
#![no_main]

use chessbits_bitboard_core::Move;
use chessbits_uci::{
    parse_features, parse_info, parse_option, parse_uci_line, parse_xboard_line,
    parse_xboard_option, ParseError,
};
use libfuzzer_sys::fuzz_target;

fn column_in_line<T>(r: Result<T, ParseError>, line: &str) -> Option<T> {
    match r {
        Ok(v) => Some(v),
        Err(e) => {
            assert!(e.column <= line.len(), "{e:?}");
            assert!(e.line.len() <= ParseError::MAX_LINE);
            None
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let line = line.as_ref();
    if let Some(info) = column_in_line(parse_info(line), line) {
        assert!(info.pv_error.is_none());
        for m in info.pv.iter().flatten() {
            let text = m.uci(false).to_string();
            assert_eq!(text.parse::<Move>().ok(), Some(*m));
        }
    }
    let _ = column_in_line(parse_option(line), line);
    let _ = column_in_line(parse_uci_line(line), line);
    let _ = column_in_line(parse_xboard_line(line), line);
    let _ = column_in_line(parse_features(line), line);
    let _ = column_in_line(parse_xboard_option(line), line);
});
