//! The annotations of a move that Lichess and other tools write in its comments: the clock
//! (`[%clk 0:03:00]`) and the engine's evaluation (`[%eval 0.17]`, `[%eval #-3]`), read by
//! [`RecordCollector::with_annotations`](crate::RecordCollector::with_annotations) into
//! each move's notes.

/// An engine evaluation from a `[%eval ...]` comment command.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Centipawns from White's point of view (`[%eval 0.17]` is 17).
    Centipawns(i32),
    /// Mate in this many moves, positive when White mates (`[%eval #-3]` is -3).
    Mate(i32),
}

/// The value of a `[%name value]` command in a comment, trimmed.
fn command<'a>(comment: &'a [u8], name: &[u8]) -> Option<&'a [u8]> {
    let mut rest = comment;
    loop {
        let i = memchr::memmem::find(rest, b"[%")?;
        rest = &rest[i + 2..];
        if let Some(after) = rest.strip_prefix(name) {
            if after.first().is_some_and(|c| c.is_ascii_whitespace()) {
                let end = memchr::memchr(b']', after)?;
                return Some(after[..end].trim_ascii());
            }
        }
    }
}

/// The clock of a `[%clk H:MM:SS]` (or `[%clk H:MM:SS.f]`, `MM:SS`) command, in seconds.
pub fn parse_clock(comment: &[u8]) -> Option<f64> {
    command(comment, b"clk").and_then(clock_value)
}

/// The evaluation of a `[%eval 0.17]` or `[%eval #-3]` command (a `,depth` suffix is
/// ignored). Pawns are rounded to whole centipawns.
pub fn parse_eval(comment: &[u8]) -> Option<Eval> {
    let value = command(comment, b"eval")?;
    eval_value(value.split(|&c| c == b',').next()?)
}

/// The value of an `[%eval]` command: pawns (`0.17`, `-1.05`) or `#` and a mate distance.
pub(crate) fn eval_value(value: &[u8]) -> Option<Eval> {
    let text = std::str::from_utf8(value.trim_ascii()).ok()?;
    if let Some(mate) = text.strip_prefix('#') {
        return mate.parse().ok().map(Eval::Mate);
    }
    if text.is_empty()
        || !text
            .bytes()
            .all(|c| c.is_ascii_digit() || b"+-.".contains(&c))
    {
        return None;
    }
    let pawns: f64 = text.parse().ok()?;
    let cp = (pawns * 100.0).round();
    (cp.abs() <= f64::from(i32::MAX)).then_some(Eval::Centipawns(cp as i32))
}

/// The elapsed move time of an `[%emt H:MM:SS]` command, in seconds (the clock's shapes).
pub fn parse_emt(comment: &[u8]) -> Option<f64> {
    command(comment, b"emt").and_then(clock_value)
}

/// The evaluation of a `[%eval ...]` command with its depth, the number after a comma
/// (`[%eval 0.30,18]` is 30 centipawns at depth 18); the depth is `None` when absent or not
/// a number.
pub fn parse_eval_depth(comment: &[u8]) -> Option<(Eval, Option<u32>)> {
    let value = command(comment, b"eval")?;
    let mut parts = value.splitn(2, |&c| c == b',');
    let eval = eval_value(parts.next()?)?;
    let depth = parts
        .next()
        .and_then(|d| std::str::from_utf8(d.trim_ascii()).ok()?.parse().ok());
    Some((eval, depth))
}

/// A comment command that [`set_command`] writes: `[%clk]`, `[%emt]` or `[%eval]`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Command {
    /// `[%clk H:MM:SS]`: the clock after the move, in seconds.
    Clock(f64),
    /// `[%emt H:MM:SS]`: the time the move took, in seconds.
    Emt(f64),
    /// `[%eval 0.17]` or `[%eval #-3]`, with a depth (`[%eval 0.17,20]`) when given.
    Eval(Eval, Option<u32>),
}

/// The name of a command kind as written after `[%`.
fn command_name(kind: CommandKind) -> &'static [u8] {
    match kind {
        CommandKind::Clock => b"clk",
        CommandKind::Emt => b"emt",
        CommandKind::Eval => b"eval",
    }
}

/// Which command [`set_command`] replaces or removes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CommandKind {
    /// `[%clk ...]`.
    Clock,
    /// `[%emt ...]`.
    Emt,
    /// `[%eval ...]`.
    Eval,
}

impl Command {
    /// Which command this is.
    #[must_use]
    pub fn kind(&self) -> CommandKind {
        match self {
            Command::Clock(_) => CommandKind::Clock,
            Command::Emt(_) => CommandKind::Emt,
            Command::Eval(..) => CommandKind::Eval,
        }
    }

    /// Appends the command as written in a comment: `[%clk 0:03:00]` (the spelling of
    /// [`write_clock`]), `[%eval 0.17,20]` (of [`write_eval`]).
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"[%");
        out.extend_from_slice(command_name(self.kind()));
        out.push(b' ');
        match *self {
            Command::Clock(s) | Command::Emt(s) => write_clock(s, out),
            Command::Eval(e, depth) => {
                write_eval(e, out);
                if let Some(d) = depth {
                    out.push(b',');
                    push_decimal(out, u64::from(d));
                }
            }
        }
        out.push(b']');
    }
}

/// Where the first command of `kind` is (the one [`parse_clock`], [`parse_emt`] and
/// [`parse_eval`] read), as the byte range of `[%...]`.
fn find_command(comment: &[u8], kind: CommandKind) -> Option<std::ops::Range<usize>> {
    let name = command_name(kind);
    let mut from = 0;
    while let Some(i) = memchr::memmem::find(&comment[from..], b"[%") {
        let start = from + i;
        from = start + 2;
        let Some(after) = comment[from..].strip_prefix(name) else {
            continue;
        };
        if !after.first().is_some_and(|c| c.is_ascii_whitespace()) {
            continue;
        }
        let end = memchr::memchr(b']', after)?;
        return Some(start..from + name.len() + end + 1);
    }
    None
}

/// A comment with its first command of `kind` (the one read) replaced by `new`, or removed when
/// `new` is `None` (with the space before it when there is one on both sides), or `new`
/// appended after a space when the comment has none: what python-chess's `set_clock`,
/// `set_emt` and `set_eval` do to a comment, with this crate's spellings of the values
/// (python-chess passes over a command whose value it cannot read; here it is the one
/// replaced, so that what is set is what is read back).
#[must_use]
pub fn set_command(comment: &[u8], kind: CommandKind, new: Option<Command>) -> Vec<u8> {
    let mut out = Vec::with_capacity(comment.len() + 24);
    match find_command(comment, kind) {
        Some(range) => {
            let before = &comment[..range.start];
            let after = &comment[range.end..];
            let space_before = before.last().is_some_and(|c| c.is_ascii_whitespace());
            let space_after = after.first().is_some_and(|c| c.is_ascii_whitespace());
            if let Some(c) = new {
                out.extend_from_slice(before);
                c.write(&mut out);
                out.extend_from_slice(after);
            } else if space_before {
                // The space before goes; one after, if any, stays.
                out.extend_from_slice(&before[..before.len() - 1]);
                out.extend_from_slice(after);
            } else {
                out.extend_from_slice(before);
                out.extend_from_slice(after.get(usize::from(space_after)..).unwrap_or_default());
            }
        }
        None => {
            out.extend_from_slice(comment);
            if let Some(c) = new {
                if !comment.is_empty() && !comment.ends_with(b" ") && !comment.ends_with(b"\n") {
                    out.push(b' ');
                }
                c.write(&mut out);
            }
        }
    }
    out
}

/// The clock and the evaluation of a comment: what [`parse_clock`] and [`parse_eval`] give,
/// in one pass over it, with the common values (`0:03:00`, `0.17`, `-1.5`) read as integers
/// rather than through `f64` parsing (the same numbers: an integer and a value of at most two
/// decimals times 100 are exact or round to the same whole number). Reading a Lichess
/// game's notes is most of what `RecordCollector::with_annotations` costs.
pub fn parse_notes(comment: &[u8]) -> (Option<f64>, Option<Eval>) {
    // The first `[%clk ...]` and the first `[%eval ...]`, as `command` finds each: `None`
    // inside means the command was found but has no `]`.
    let mut clk: Option<Option<&[u8]>> = None;
    let mut eval: Option<Option<&[u8]>> = None;
    let mut rest = comment;
    while clk.is_none() || eval.is_none() {
        // `[%` (`memmem` would build a searcher per comment, dearer than the search in
        // comments of twenty bytes).
        let Some(i) = rest.windows(2).position(|w| w == b"[%") else {
            break;
        };
        rest = &rest[i + 2..];
        for (name, slot) in [(&b"clk"[..], &mut clk), (&b"eval"[..], &mut eval)] {
            if slot.is_some() {
                continue;
            }
            if let Some(after) = rest.strip_prefix(name) {
                if after.first().is_some_and(|c| c.is_ascii_whitespace()) {
                    *slot = Some(memchr::memchr(b']', after).map(|end| after[..end].trim_ascii()));
                }
            }
        }
    }
    let clock = clk.flatten().and_then(clock_value);
    let eval = eval
        .flatten()
        .and_then(|v| fast_eval(v).or_else(|| eval_value(v.split(|&c| c == b',').next()?)));
    (clock, eval)
}

/// A clock value (`H:MM:SS`, `MM:SS`, seconds with decimals) in seconds: each part is
/// digits and dots, read as an integer when it is one (exact, as its `f64` parse is).
fn clock_value(value: &[u8]) -> Option<f64> {
    let mut seconds = 0.0f64;
    let mut parts = 0;
    for part in value.split(|&c| c == b':') {
        parts += 1;
        if parts > 3 || part.is_empty() || !part.iter().all(|c| c.is_ascii_digit() || *c == b'.') {
            return None;
        }
        let v = match small_integer(part) {
            // Exact, as the `f64` parse of these digits is.
            Some(n) => f64::from(n),
            None => std::str::from_utf8(part).ok()?.parse().ok()?,
        };
        seconds = seconds * 60.0 + v;
    }
    seconds.is_finite().then_some(seconds)
}

/// Seconds as a `[%clk H:MM:SS]` value, as Lichess writes it (tenths when there are any):
/// `0:03:00`, `1:00:01.5`. What [`parse_clock`] reads back.
#[must_use]
pub fn clock_text(seconds: f64) -> String {
    let mut out = Vec::with_capacity(12);
    write_clock(seconds, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Appends [`clock_text`] of `seconds` to `out`, without allocating (the clock of every
/// move of a Lichess game is written so).
pub fn write_clock(seconds: f64, out: &mut Vec<u8>) {
    let seconds = if seconds.is_finite() {
        seconds.max(0.0)
    } else {
        0.0
    };
    let tenths_total = (seconds * 10.0).round() as u64;
    let (whole, tenths) = (tenths_total / 10, tenths_total % 10);
    let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60);
    push_decimal(out, h);
    for two in [m, s] {
        out.extend_from_slice(&[b':', b'0' + (two / 10) as u8, b'0' + (two % 10) as u8]);
    }
    if tenths != 0 {
        out.extend_from_slice(&[b'.', b'0' + tenths as u8]);
    }
}

/// Appends an [`Eval`] as its `Display` writes it (as Lichess writes an `[%eval]`),
/// without the formatting machinery.
pub fn write_eval(eval: Eval, out: &mut Vec<u8>) {
    let (mate, value) = match eval {
        Eval::Mate(n) => (true, n),
        Eval::Centipawns(cp) => (false, cp),
    };
    if mate {
        out.push(b'#');
    }
    if value < 0 {
        out.push(b'-');
    }
    let abs = u64::from(value.unsigned_abs());
    if mate {
        push_decimal(out, abs);
        return;
    }
    push_decimal(out, abs / 100);
    match abs % 100 {
        0 => {}
        c if c % 10 == 0 => out.extend_from_slice(&[b'.', b'0' + (c / 10) as u8]),
        c => out.extend_from_slice(&[b'.', b'0' + (c / 10) as u8, b'0' + (c % 10) as u8]),
    }
}

/// Appends `n` in decimal.
pub(crate) fn push_decimal(out: &mut Vec<u8>, n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// The value of 1 to 9 ASCII digits.
fn small_integer(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() || digits.len() > 9 {
        return None;
    }
    let mut n = 0u32;
    for &c in digits {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n = n * 10 + u32::from(d);
    }
    Some(n)
}

/// An evaluation of the usual shape, `[+-]D{1,9}(.D{1,2})?` before any `,depth`, in
/// centipawns; `None` for anything else (which [`eval_value`] then reads).
fn fast_eval(value: &[u8]) -> Option<Eval> {
    let value = value.split(|&c| c == b',').next()?.trim_ascii();
    let (negative, unsigned) = match value {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, value),
    };
    let (whole, cents) = match unsigned.iter().position(|&c| c == b'.') {
        None => (small_integer(unsigned)?, 0),
        Some(dot) => {
            let fraction = &unsigned[dot + 1..];
            let cents = match fraction.len() {
                1 => small_integer(fraction)? * 10,
                2 => small_integer(fraction)?,
                _ => return None,
            };
            (small_integer(&unsigned[..dot])?, cents)
        }
    };
    // At most `i32::MAX` either way, as `eval_value` bounds it (so not `i32::MIN`).
    let cp = i32::try_from(i64::from(whole) * 100 + i64::from(cents)).ok()?;
    Some(Eval::Centipawns(if negative { -cp } else { cp }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(comment: &str, kind: CommandKind, new: Option<Command>) -> String {
        String::from_utf8(set_command(comment.as_bytes(), kind, new)).expect("utf-8")
    }

    #[test]
    fn commands_are_replaced_removed_or_appended() {
        let clk = Some(Command::Clock(61.5));
        assert_eq!(set("", CommandKind::Clock, clk), "[%clk 0:01:01.5]");
        assert_eq!(
            set("good", CommandKind::Clock, clk),
            "good [%clk 0:01:01.5]"
        );
        assert_eq!(
            set("good ", CommandKind::Clock, clk),
            "good [%clk 0:01:01.5]"
        );
        assert_eq!(
            set("a [%clk 0:03:00] b", CommandKind::Clock, clk),
            "a [%clk 0:01:01.5] b"
        );
        // The first command is the one replaced, read or not.
        let text = set("[%clk x] [%clk 1:00:00]", CommandKind::Clock, clk);
        assert_eq!(text, "[%clk 0:01:01.5] [%clk 1:00:00]");
        assert_eq!(parse_clock(text.as_bytes()), Some(61.5));
        assert_eq!(set("a [%clk 0:03:00] b", CommandKind::Clock, None), "a b");
        assert_eq!(set("a [%clk 0:03:00]", CommandKind::Clock, None), "a");
        assert_eq!(set("[%clk 0:03:00] b", CommandKind::Clock, None), "b");
        assert_eq!(set("a[%clk 0:03:00]b", CommandKind::Clock, None), "ab");
        assert_eq!(set("a", CommandKind::Clock, None), "a");
        assert_eq!(
            set(
                "[%eval 0.17] [%clk 0:00:07]",
                CommandKind::Eval,
                Some(Command::Eval(Eval::Mate(-3), Some(20)))
            ),
            "[%eval #-3,20] [%clk 0:00:07]"
        );
        assert_eq!(
            set(
                "x",
                CommandKind::Eval,
                Some(Command::Eval(Eval::Centipawns(-150), None))
            ),
            "x [%eval -1.5]"
        );
        assert_eq!(
            set("[%emt 0:00:03]", CommandKind::Emt, Some(Command::Emt(4.0))),
            "[%emt 0:00:04]"
        );
        // What is written reads back.
        for c in [
            Command::Clock(3601.5),
            Command::Emt(0.0),
            Command::Eval(Eval::Centipawns(17), Some(18)),
        ] {
            let text = set("", c.kind(), Some(c));
            match c {
                Command::Clock(s) => assert_eq!(parse_clock(text.as_bytes()), Some(s)),
                Command::Emt(s) => assert_eq!(parse_emt(text.as_bytes()), Some(s)),
                Command::Eval(e, d) => assert_eq!(parse_eval_depth(text.as_bytes()), Some((e, d))),
            }
        }
    }

    #[test]
    fn emt_and_depth() {
        assert_eq!(parse_emt(b"[%clk 0:01:00] [%emt 0:00:02.5]"), Some(2.5));
        assert_eq!(parse_emt(b"[%emt]"), None);
        assert_eq!(
            parse_eval_depth(b"[%eval 0.30,18]"),
            Some((Eval::Centipawns(30), Some(18)))
        );
        assert_eq!(parse_eval_depth(b"[%eval #2]"), Some((Eval::Mate(2), None)));
        assert_eq!(
            parse_eval_depth(b"[%eval 1,x]"),
            Some((Eval::Centipawns(100), None))
        );
        assert_eq!(parse_eval_depth(b"[%eval x,1]"), None);
    }
}
