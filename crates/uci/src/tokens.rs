//! The tokens of a protocol line, and a cursor over them that knows each token's column:
//! what every line parser here reads with.

use crate::error::ParseError;

/// The tokens of a line, each with its byte offset.
pub(crate) fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if c.is_ascii_whitespace() {
            if let Some(s) = start.take() {
                out.push((s, &line[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out
}

/// A cursor over a line's tokens that names the column of what is wrong.
pub(crate) struct Cursor<'a> {
    pub(crate) line: &'a str,
    pub(crate) tokens: Vec<(usize, &'a str)>,
    pub(crate) at: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(line: &'a str) -> Cursor<'a> {
        Cursor {
            line,
            tokens: tokens(line),
            at: 0,
        }
    }

    pub(crate) fn peek(&self) -> Option<&'a str> {
        self.tokens.get(self.at).map(|t| t.1)
    }

    pub(crate) fn next(&mut self) -> Option<&'a str> {
        let t = self.peek();
        if t.is_some() {
            self.at += 1;
        }
        t
    }

    /// The column of the next token (the line's length at its end).
    pub(crate) fn column(&self) -> usize {
        self.tokens.get(self.at).map_or(self.line.len(), |t| t.0)
    }

    /// The column of the token last read.
    pub(crate) fn last_column(&self) -> usize {
        self.at
            .checked_sub(1)
            .and_then(|i| self.tokens.get(i))
            .map_or(0, |t| t.0)
    }

    /// The rest of the line from the next token on, as written.
    pub(crate) fn rest(&mut self) -> &'a str {
        let col = self.column();
        self.at = self.tokens.len();
        self.line.get(col..).unwrap_or("").trim_end()
    }

    pub(crate) fn error(&self, problem: impl Into<String>) -> ParseError {
        ParseError::new(self.line, self.column(), problem)
    }

    /// The next token as a number of type `T`, or an error naming `what`.
    pub(crate) fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, ParseError> {
        let col = self.column();
        match self.next() {
            None => Err(ParseError::new(
                self.line,
                col,
                format!("{what}: a number is missing"),
            )),
            Some(t) => t.parse().map_err(|_| {
                ParseError::new(self.line, col, format!("{what}: {t:?} is not a number"))
            }),
        }
    }
}
