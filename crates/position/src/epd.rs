//! EPD (Extended Position Description): a position and a list of operations, and the test
//! suites written in it.
//!
//! An EPD record is the first four FEN fields followed by operations, each an opcode, its
//! operands and a `;`: `r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5;
//! id "Ruy Lopez";`. [`Epd`] reads and writes them, with typed access to the common opcodes
//! (`bm`, `am`, `id`, `c0`-`c9`, `hmvc`, `fmvn`, and perft counts `D1`-`Dn`). SAN operands
//! (`bm`, `am`) stay text here: decoding SAN needs the move generator (`chessbits_pgn::san`).
//!
//! The perft suites people use bend the format, and [`Epd::parse`] reads them as they are:
//! a full six-field FEN before the operations (`... w KQkq - 0 1 ;D1 20`), operations that
//! start with the `;` (` ;D1 20 ;D2 400`) or put a space after it (`; D1 20; D2 400`), and
//! CR, NUL and blank bytes at the line's end. [`parse_suite`] reads a whole file, python-chess's
//! `.perft` block format (`id` / `epd` / `perft <depth> <nodes>` lines) included.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::setup::{ParseFenError, Setup};

/// An EPD line could not be read: which line (from 1, when read from a suite), which byte
/// column, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EpdError {
    /// The position fields are not a valid FEN.
    #[error("line {line}: bad position: {source}")]
    Fen {
        /// Line number (1-based; 0 when not read from a file).
        line: usize,
        /// The FEN error.
        source: ParseFenError,
    },
    /// Fewer than the four position fields.
    #[error("line {line}: expected at least four position fields, found {found}")]
    MissingFields {
        /// Line number (1-based; 0 when not read from a file).
        line: usize,
        /// How many were there.
        found: usize,
    },
    /// A quoted operand has no closing quote.
    #[error("line {line}, column {column}: unterminated string operand")]
    UnterminatedString {
        /// Line number (1-based; 0 when not read from a file).
        line: usize,
        /// Byte column of the opening quote.
        column: usize,
    },
    /// An operation's opcode is not a valid EPD opcode (a letter, then up to 14 letters,
    /// digits or underscores).
    #[error("line {line}: bad opcode {opcode:?}")]
    BadOpcode {
        /// Line number (1-based; 0 when not read from a file).
        line: usize,
        /// The offending text.
        opcode: String,
    },
    /// An operand that must be a number is not one (`D3 x`, `hmvc -1`).
    #[error("line {line}: operation {opcode} expects a number, found {operand:?}")]
    BadNumber {
        /// Line number (1-based; 0 when not read from a file).
        line: usize,
        /// The opcode.
        opcode: String,
        /// The offending operand.
        operand: String,
    },
    /// A `perft` line before any `epd` line in a `.perft` file.
    #[error("line {line}: {what} before the first `epd` line")]
    Orphan {
        /// Line number (1-based).
        line: usize,
        /// What came too early.
        what: &'static str,
    },
    /// The text is not UTF-8.
    #[error("line {line}: not UTF-8")]
    NotUtf8 {
        /// Line number (1-based).
        line: usize,
    },
}

/// One operation: an opcode and its operands (strings unquoted).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Operation {
    /// The opcode (`bm`, `id`, `D3`, ...).
    pub opcode: String,
    /// The operands, in order; string operands without their quotes.
    pub operands: Vec<String>,
}

/// A position and its operations.
///
/// ```
/// use chessbits_position::Epd;
///
/// let epd = Epd::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400")?;
/// assert_eq!(epd.perft_counts(), vec![(1, 20), (2, 400)]);
/// assert_eq!(epd.setup.fullmoves, 1);
///
/// let bm = Epd::parse(r#"2k5/8/8/8/8/8/8/R3K3 w Q - bm Ra8+; id "test 1"; c0 "a; b";"#)?;
/// assert_eq!(bm.best_moves(), ["Ra8+"]);
/// assert_eq!(bm.id(), Some("test 1"));
/// assert_eq!(bm.comment(0), Some("a; b"));
/// assert_eq!(bm.to_string(), r#"2k5/8/8/8/8/8/8/R3K3 w Q - bm Ra8+; id "test 1"; c0 "a; b";"#);
/// # Ok::<(), chessbits_position::EpdError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Epd {
    /// The position. Its clocks come from a six-field FEN, else from `hmvc` / `fmvn`, else
    /// 0 and 1.
    pub setup: Setup,
    /// The operations in the order written.
    pub operations: Vec<Operation>,
}

impl Epd {
    /// An EPD record for `setup` with no operations.
    #[must_use]
    pub fn new(setup: Setup) -> Epd {
        Epd {
            setup,
            operations: Vec::new(),
        }
    }

    /// Reads one EPD line (see the module docs for the forms accepted).
    pub fn parse(line: &str) -> Result<Epd, EpdError> {
        parse_line(line, 0)
    }

    /// The operands of the first operation named `opcode`.
    #[must_use]
    pub fn get(&self, opcode: &str) -> Option<&[String]> {
        self.operations
            .iter()
            .find(|op| op.opcode == opcode)
            .map(|op| op.operands.as_slice())
    }

    /// Sets `opcode`'s operands, replacing the first operation of that name or appending.
    pub fn set(&mut self, opcode: &str, operands: Vec<String>) {
        match self.operations.iter_mut().find(|op| op.opcode == opcode) {
            Some(op) => op.operands = operands,
            None => self.operations.push(Operation {
                opcode: opcode.to_string(),
                operands,
            }),
        }
    }

    /// The `bm` (best move) operands, in SAN as written.
    #[must_use]
    pub fn best_moves(&self) -> &[String] {
        self.get("bm").unwrap_or(&[])
    }

    /// The `am` (avoid move) operands, in SAN as written.
    #[must_use]
    pub fn avoid_moves(&self) -> &[String] {
        self.get("am").unwrap_or(&[])
    }

    /// The `id` operand.
    pub fn id(&self) -> Option<&str> {
        self.get("id")?.first().map(String::as_str)
    }

    /// The comment `c0` to `c9` (`n` from 0 to 9).
    pub fn comment(&self, n: u8) -> Option<&str> {
        if n > 9 {
            return None;
        }
        let mut opcode = String::from("c");
        opcode.push(char::from(b'0' + n));
        self.get(&opcode)?.first().map(String::as_str)
    }

    /// The `hmvc` (halfmove clock) operand, if present and a number.
    #[must_use]
    pub fn hmvc(&self) -> Option<u32> {
        self.get("hmvc")?.first()?.parse().ok()
    }

    /// The `fmvn` (fullmove number) operand, if present and a number.
    #[must_use]
    pub fn fmvn(&self) -> Option<u32> {
        self.get("fmvn")?.first()?.parse().ok()
    }

    /// The perft counts `D<depth> <nodes>`, in the order written. (Parsing has checked that
    /// every `D<n>` operation has one numeric operand.)
    #[must_use]
    pub fn perft_counts(&self) -> Vec<(u32, u64)> {
        self.operations
            .iter()
            .filter_map(|op| {
                let depth = perft_depth(&op.opcode)?;
                let nodes = op.operands.first()?.parse().ok()?;
                Some((depth, nodes))
            })
            .collect()
    }
}

/// `Some(n)` for an opcode `D<n>`.
fn perft_depth(opcode: &str) -> Option<u32> {
    let digits = opcode.strip_prefix('D')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

impl core::str::FromStr for Epd {
    type Err = EpdError;

    fn from_str(s: &str) -> Result<Epd, EpdError> {
        Epd::parse(s)
    }
}

impl fmt::Display for Epd {
    /// The four position fields (castling in X-FEN), then each operation as
    /// ` opcode operand...;`. Operands that hold a blank, `;` or `"` (and empty ones) are
    /// quoted; a `"` inside is written `\"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = self.setup.fen();
        for (i, field) in fen.split(' ').take(4).enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(field)?;
        }
        for op in &self.operations {
            write!(f, " {}", op.opcode)?;
            for operand in &op.operands {
                f.write_str(" ")?;
                let plain = !operand.is_empty()
                    && !operand
                        .bytes()
                        .any(|b| b.is_ascii_whitespace() || b == b';' || b == b'"');
                if plain {
                    f.write_str(operand)?;
                } else {
                    f.write_str("\"")?;
                    for c in operand.chars() {
                        if c == '"' || c == '\\' {
                            f.write_str("\\")?;
                        }
                        fmt::Write::write_char(f, c)?;
                    }
                    f.write_str("\"")?;
                }
            }
            f.write_str(";")?;
        }
        Ok(())
    }
}

fn parse_line(raw: &str, line: usize) -> Result<Epd, EpdError> {
    let text = raw.trim_matches(|c: char| c == '\0' || c.is_whitespace());
    // The position: the fields before the first `;`, quote or opcode.
    let head_end = text.find(';').unwrap_or(text.len());
    let head = &text[..head_end];
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut pos = 0;
    for word in head.split_ascii_whitespace() {
        let start = head[pos..].find(word).map_or(pos, |i| pos + i);
        pos = start + word.len();
        fields.push((start, word));
    }
    if fields.len() < 4 {
        return Err(EpdError::MissingFields {
            line,
            found: fields.len(),
        });
    }
    let mut position_fields = 4;
    let is_number = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    // Three-check's counters (`3+3`) may follow the en-passant square.
    let is_checks = |w: &str| {
        w.len() == 3 && w.as_bytes()[1] == b'+' && w.bytes().filter(u8::is_ascii_digit).count() == 2
    };
    if fields.len() >= 5 && is_checks(fields[4].1) {
        position_fields = 5;
    }
    let clocks = position_fields;
    if fields.len() >= clocks + 2 && is_number(fields[clocks].1) && is_number(fields[clocks + 1].1)
    {
        position_fields = clocks + 2;
    }
    let fen_end = {
        let (start, word) = fields[position_fields - 1];
        start + word.len()
    };
    let setup = Setup::from_ascii(&text.as_bytes()[..fen_end])
        .map_err(|source| EpdError::Fen { line, source })?;
    let mut epd = Epd::new(setup);
    parse_operations(&text[fen_end..], fen_end, line, &mut epd.operations)?;
    for op in &epd.operations {
        let numeric =
            perft_depth(&op.opcode).is_some() || op.opcode == "hmvc" || op.opcode == "fmvn";
        if numeric {
            let ok = op.operands.len() == 1 && is_number(&op.operands[0]);
            if !ok || op.operands[0].parse::<u64>().is_err() {
                return Err(EpdError::BadNumber {
                    line,
                    opcode: op.opcode.clone(),
                    operand: op.operands.join(" "),
                });
            }
        }
    }
    if position_fields == clocks {
        if let Some(h) = epd.hmvc() {
            epd.setup.halfmoves = h;
        }
        if let Some(n) = epd.fmvn() {
            epd.setup.fullmoves = n.max(1);
        }
    }
    Ok(epd)
}

/// Reads `opcode operand...;` groups from `text` (which starts at byte `offset` of the line).
fn parse_operations(
    text: &str,
    offset: usize,
    line: usize,
    out: &mut Vec<Operation>,
) -> Result<(), EpdError> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut words: Vec<String> = Vec::new();
    let finish = |words: &mut Vec<String>, out: &mut Vec<Operation>| -> Result<(), EpdError> {
        if words.is_empty() {
            return Ok(());
        }
        let opcode = words.remove(0);
        let valid = opcode.len() <= 15
            && opcode
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_alphabetic())
            && opcode
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !valid {
            return Err(EpdError::BadOpcode { line, opcode });
        }
        out.push(Operation {
            opcode,
            operands: core::mem::take(words),
        });
        Ok(())
    };
    while i < bytes.len() {
        match bytes[i] {
            b';' => {
                finish(&mut words, out)?;
                i += 1;
            }
            b if b.is_ascii_whitespace() || b == 0 => i += 1,
            b'"' => {
                let start = i;
                i += 1;
                let mut s = String::new();
                let mut closed = false;
                while i < bytes.len() {
                    match bytes[i] {
                        b'\\' if matches!(bytes.get(i + 1), Some(b'"' | b'\\')) => {
                            s.push(char::from(bytes[i + 1]));
                            i += 2;
                        }
                        b'"' => {
                            closed = true;
                            i += 1;
                            break;
                        }
                        _ => {
                            // Copy one whole UTF-8 character.
                            let ch_len = text[i..].chars().next().map_or(1, char::len_utf8);
                            s.push_str(&text[i..i + ch_len]);
                            i += ch_len;
                        }
                    }
                }
                if !closed {
                    return Err(EpdError::UnterminatedString {
                        line,
                        column: offset + start,
                    });
                }
                words.push(s);
            }
            _ => {
                let start = i;
                while i < bytes.len()
                    && !bytes[i].is_ascii_whitespace()
                    && bytes[i] != b';'
                    && bytes[i] != 0
                {
                    i += 1;
                }
                words.push(text[start..i].to_string());
            }
        }
    }
    // The last operation may lack its `;` (common in hand-written suites).
    finish(&mut words, out)
}

/// One record of a suite file and the line it starts on (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    /// The line the record starts on (1-based).
    pub line: usize,
    /// The record.
    pub epd: Epd,
}

/// Reads a suite file: one EPD record per line (blank lines and lines starting with `#`
/// skipped; CR, NUL and trailing blanks ignored), or python-chess's `.perft` blocks
/// (`id <name>`, `epd <EPD>`, then `perft <depth> <nodes>` lines, which become `D<depth>`
/// operations; the `id` becomes an `id` operation). Both forms may not be mixed in a block
/// but may follow each other.
///
/// Each record is returned or its error, so one bad line does not hide the rest.
#[must_use]
pub fn parse_suite(bytes: &[u8]) -> Vec<Result<SuiteEntry, EpdError>> {
    let mut out: Vec<Result<SuiteEntry, EpdError>> = Vec::new();
    let mut pending_id: Option<String> = None;
    // Whether the last record came from an `epd` line (so `perft` lines may extend it).
    let mut in_block = false;
    for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = index + 1;
        let Ok(text) = core::str::from_utf8(raw) else {
            out.push(Err(EpdError::NotUtf8 { line }));
            in_block = false;
            continue;
        };
        let text = text.trim_matches(|c: char| c == '\0' || c.is_whitespace());
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        if let Some(rest) = text.strip_prefix("id ") {
            pending_id = Some(rest.trim().to_string());
            in_block = false;
            continue;
        }
        if let Some(rest) = text.strip_prefix("epd ") {
            let result = parse_line(rest, line).map(|mut epd| {
                if let Some(id) = pending_id.take() {
                    if epd.get("id").is_none() {
                        epd.set("id", alloc::vec![id]);
                    }
                }
                SuiteEntry { line, epd }
            });
            in_block = result.is_ok();
            out.push(result);
            continue;
        }
        if let Some(rest) = text.strip_prefix("perft ") {
            if !in_block {
                out.push(Err(EpdError::Orphan {
                    line,
                    what: "`perft` line",
                }));
                continue;
            }
            let mut it = rest.split_ascii_whitespace();
            let (Some(depth), Some(nodes), None) = (it.next(), it.next(), it.next()) else {
                out.push(Err(EpdError::BadNumber {
                    line,
                    opcode: "perft".to_string(),
                    operand: rest.to_string(),
                }));
                continue;
            };
            let valid = depth.parse::<u32>().is_ok() && nodes.parse::<u64>().is_ok();
            if !valid {
                out.push(Err(EpdError::BadNumber {
                    line,
                    opcode: "perft".to_string(),
                    operand: rest.to_string(),
                }));
                continue;
            }
            if let Some(Ok(entry)) = out.last_mut() {
                entry.epd.operations.push(Operation {
                    opcode: alloc::format!("D{depth}"),
                    operands: alloc::vec![nodes.to_string()],
                });
            }
            continue;
        }
        in_block = false;
        pending_id = None;
        out.push(parse_line(text, line).map(|epd| SuiteEntry { line, epd }));
    }
    out
}
