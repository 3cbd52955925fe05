//! Reading tag values into cells: text decoded to UTF-8 (Windows-1252 by default when it is
//! not UTF-8). The typed values (integers, the Lichess game id, time controls, dates and
//! times) are `chessbits_pgn::values`', re-exported here: one reading for the filters and
//! the columns.

use std::borrow::Cow;

use encoding_rs::Encoding;

/// The encoding of text that is not UTF-8 when none is named: Windows-1252, the superset of
/// Latin-1 that older PGN files (ChessBase exports, TWIC's early years) are written in.
pub(crate) const DEFAULT_ENCODING: &Encoding = encoding_rs::WINDOWS_1252;

/// The encoding a WHATWG label names (`windows-1252`, `latin1`, `iso-8859-2`, `utf-8`...).
pub(crate) fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    Encoding::for_label(label.trim().as_bytes())
}

/// `bytes` as text: itself when it is UTF-8, else decoded from `encoding` (a byte that
/// encoding cannot map becomes U+FFFD; Windows-1252 maps every byte).
pub(crate) fn decode<'a>(bytes: &'a [u8], encoding: &'static Encoding) -> Cow<'a, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => encoding.decode_without_bom_handling(bytes).0,
    }
}

/// The Hive partitions' key (the writers').
#[cfg(any(
    feature = "parquet",
    feature = "ipc",
    feature = "csv",
    feature = "json"
))]
pub(crate) use chessbits_pgn::values::year_month;
pub(crate) use chessbits_pgn::values::{date, int, lichess_id, time, time_control};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoded_text() {
        assert_eq!(decode(b"M\xfcller", DEFAULT_ENCODING), "Müller");
        assert_eq!(decode("Müller".as_bytes(), DEFAULT_ENCODING), "Müller");
        assert_eq!(
            decode(
                b"\xb3\xf3d\xbc",
                encoding_for_label("iso-8859-2").expect("a label")
            ),
            "łódź"
        );
    }
}
