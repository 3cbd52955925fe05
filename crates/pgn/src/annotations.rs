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
