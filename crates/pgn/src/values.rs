//! The values PGN and Lichess write in tags and comments, each read (and, where this
//! project writes it, written) in this one place: dates `YYYY.MM.DD`, times `HH:MM:SS`,
//! time controls `BASE+INCREMENT`, integers such as ratings, and the Lichess game id of a
//! `Site` tag. The clock and evaluation of a move's comment are in [`crate::table`]
//! ([`parse_notes`](crate::table::parse_notes), [`clock_text`](crate::table::clock_text),
//! and [`Eval`](crate::table::Eval)'s `Display`); results are
//! [`GameResult`](crate::GameResult)'s.
//!
//! Every reader and writer above this crate (the filters, the tables' typed columns, the
//! Hive partitions, the command line and the bindings) calls these, so that a value means
//! the same wherever it is met: a date that does not exist (`2025.02.31`) is no date for a
//! filter and for a table alike.

/// A PGN date `YYYY.MM.DD` (or with `-` or `/`) as days since 1970-01-01 (Arrow's
/// `date32`); `None` when a part is unknown (`??`) or the date does not exist.
#[must_use]
pub fn date(value: &[u8]) -> Option<i32> {
    let (y, m, d) = civil(value)?;
    Some(days_from_civil(y, m, d))
}

/// The (year, month, day) of a day counted from 1970-01-01: the inverse of [`date`]
/// (Howard Hinnant's `civil_from_days`).
#[must_use]
pub fn civil_from_days(days: i32) -> (i32, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i32::from(m <= 2);
    (y, m, d)
}

/// A date's (year, month), as the Hive partitions name them; `None` where [`date`] is.
#[must_use]
pub fn year_month(value: &[u8]) -> Option<(i32, u32)> {
    civil(value).map(|(y, m, _)| (y, m))
}

/// (year, month, day) of a date that exists.
fn civil(value: &[u8]) -> Option<(i32, u32, u32)> {
    let text = std::str::from_utf8(value).ok()?.trim();
    let mut parts = text.split(['.', '-', '/']);
    let number = |s: Option<&str>| -> Option<u32> {
        let s = s?;
        (!s.is_empty() && s.len() <= 5 && s.bytes().all(|c| c.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let y = i32::try_from(number(parts.next())?).ok()?;
    let m = number(parts.next())?;
    let d = number(parts.next())?;
    if parts.next().is_some() || !(1..=12).contains(&m) || d < 1 || d > days_in_month(y, m) {
        return None;
    }
    Some((y, m, d))
}

/// A time `HH:MM:SS` as seconds since midnight (Arrow's `time32[s]`); a leap second (`:60`)
/// is allowed.
#[must_use]
pub fn time(value: &[u8]) -> Option<i32> {
    let text = std::str::from_utf8(value).ok()?.trim();
    let mut parts = text.split(':');
    let mut field = |max: i32| -> Option<i32> {
        let s = parts.next()?;
        let v: i32 = (!s.is_empty() && s.len() <= 2 && s.bytes().all(|c| c.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()?;
        (v < max).then_some(v)
    };
    let (h, m, s) = (field(24)?, field(60)?, field(61)?);
    if parts.next().is_some() {
        return None;
    }
    Some(h * 3600 + m * 60 + s)
}

/// A `TimeControl` tag as (base seconds, increment seconds): `180+2`, or `600` (no
/// increment); `None` for `-` (no clock), `?`, and the multi-period forms.
#[must_use]
pub fn time_control(value: &[u8]) -> Option<(i32, i32)> {
    let text = std::str::from_utf8(value).ok()?.trim();
    let digits = |s: &str| -> Option<i32> {
        (!s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    match text.split_once('+') {
        Some((base, inc)) => Some((digits(base)?, digits(inc)?)),
        None => Some((digits(text)?, 0)),
    }
}

/// An integer tag (`WhiteElo`, `WhiteRatingDiff` `+12` or `-7`): `None` when absent, `?`,
/// `-` or not a number.
#[must_use]
pub fn int(value: &[u8]) -> Option<i32> {
    std::str::from_utf8(value).ok()?.trim().parse().ok()
}

/// The Lichess game id of a `Site` tag: the first path part after `lichess.org/` when it is
/// letters and digits (`https://lichess.org/AbCdEfGh` gives `AbCdEfGh`).
#[must_use]
pub fn lichess_id(site: &[u8]) -> Option<&str> {
    let site = std::str::from_utf8(site).ok()?;
    let (_, path) = site.split_once("lichess.org/")?;
    let id = path.split(['/', '?', '#']).next()?;
    (!id.is_empty() && id.bytes().all(|c| c.is_ascii_alphanumeric())).then_some(id)
}

fn is_leap(y: i32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i32, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(y: i32, m: u32, d: u32) -> i32 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = m as i32;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d as i32 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values() {
        assert_eq!(int(b" 2512 "), Some(2512));
        assert_eq!(int(b"+12"), Some(12));
        assert_eq!(int(b"?"), None);
        assert_eq!(
            lichess_id(b"https://lichess.org/AbCd1234"),
            Some("AbCd1234")
        );
        assert_eq!(
            lichess_id(b"https://lichess.org/AbCd1234/black"),
            Some("AbCd1234")
        );
        assert_eq!(lichess_id(b"Wijk aan Zee"), None);
        assert_eq!(time_control(b"180+2"), Some((180, 2)));
        assert_eq!(time_control(b"600"), Some((600, 0)));
        assert_eq!(time_control(b"-"), None);
        assert_eq!(time_control(b"40/7200:3600"), None);
        assert_eq!(date(b"1970.01.01"), Some(0));
        assert_eq!(date(b"2024.03.01"), Some(19_783));
        assert_eq!(date(b"2024-03-01"), Some(19_783));
        assert_eq!(date(b"2023.02.29"), None);
        assert_eq!(date(b"2025.02.31"), None);
        assert_eq!(date(b"2024.??.??"), None);
        assert_eq!(date(b"2024.+3.01"), None);
        assert_eq!(date(b"99999999999.01.01"), None);
        assert_eq!(year_month(b"2024.03.01"), Some((2024, 3)));
        assert_eq!(year_month(b"2025.02.31"), None);
        assert_eq!(time(b"12:34:56"), Some(45_296));
        assert_eq!(time(b"23:59:60"), Some(86_400));
        assert_eq!(time(b"25:00:00"), None);
        assert_eq!(time(b"+1:00:00"), None);
        assert_eq!(time(b"12:34"), None);
    }

    /// Days count up by one from day to day over four centuries (leap years included).
    #[test]
    fn days_are_consecutive() {
        let mut expected = date(b"1900.01.01").expect("a date");
        for y in 1900..2300 {
            for m in 1..=12u32 {
                for d in 1..=days_in_month(y, m) {
                    let text = format!("{y:04}.{m:02}.{d:02}");
                    assert_eq!(date(text.as_bytes()), Some(expected), "{text}");
                    assert_eq!(civil_from_days(expected), (y, m, d), "{text}");
                    expected += 1;
                }
            }
        }
    }
}
