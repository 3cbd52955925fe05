//! `Display` and `FromStr` for the PGN crate's small enums: the compression of an input, an
//! engine evaluation as `[%eval]` writes it (a result's are position's, with `GameResult`).

use std::fmt;
use std::str::FromStr;

use chessbits_bitboard_core::{text_names, ParseError};

use crate::input::Compression;
use crate::table::Eval;

text_names!(Compression, "compression", {
    Compression::None => "none",
    Compression::Zstd => "zstd",
    Compression::Gzip => "gzip",
});

/// As Lichess writes an `[%eval]`: pawns with the decimals it needs and a sign only when
/// negative (`0.17`, `-1.5`, `2`), or `#` and the moves to mate (`#3`, `#-2`). The one
/// spelling of an evaluation: PGN comments, table cells and messages all use it.
impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Vec::with_capacity(16);
        crate::annotations::write_eval(*self, &mut text);
        f.write_str(core::str::from_utf8(&text).map_err(|_| fmt::Error)?)
    }
}

/// Reads what `[%eval]` holds (and so what `Display` writes).
impl FromStr for Eval {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Eval, ParseError> {
        crate::annotations::eval_value(s.as_bytes()).ok_or_else(|| {
            ParseError::new("evaluation", s, "pawns (0.17) or a mate distance (#-3)")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for c in [Compression::None, Compression::Zstd, Compression::Gzip] {
            assert_eq!(c.to_string().parse::<Compression>(), Ok(c));
        }
        for e in [
            Eval::Centipawns(17),
            Eval::Centipawns(-105),
            Eval::Centipawns(0),
            Eval::Centipawns(i32::MIN + 1),
            Eval::Mate(3),
            Eval::Mate(-2),
        ] {
            assert_eq!(e.to_string().parse::<Eval>(), Ok(e), "{e}");
        }
        assert_eq!(Eval::Centipawns(-5).to_string(), "-0.05");
        assert_eq!(Eval::Centipawns(17).to_string(), "0.17");
        assert_eq!(Eval::Centipawns(-150).to_string(), "-1.5");
        assert_eq!(Eval::Centipawns(200).to_string(), "2");
        assert_eq!(Eval::Centipawns(0).to_string(), "0");
        assert_eq!(Eval::Mate(-2).to_string(), "#-2");
        assert!("draw".parse::<Eval>().is_err());
    }
}
