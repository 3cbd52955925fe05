//! Reading tag values into typed cells: text decoded to UTF-8 (Windows-1252 by default when
//! it is not UTF-8), integers, the Lichess game id, time controls, dates and times.

use std::borrow::Cow;

use encoding_rs::Encoding;

/// The encoding of text that is not UTF-8 when none is named: Windows-1252, the superset of
/// Latin-1 that older PGN files (ChessBase exports, TWIC's early years) are written in.
pub const DEFAULT_ENCODING: &Encoding = encoding_rs::WINDOWS_1252;

/// The encoding a WHATWG label names (`windows-1252`, `latin1`, `iso-8859-2`, `utf-8`...).
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    Encoding::for_label(label.trim().as_bytes())
}

/// `bytes` as text: itself when it is UTF-8, else decoded from `encoding` (a byte that
/// encoding cannot map becomes U+FFFD; Windows-1252 maps every byte).
pub fn decode<'a>(bytes: &'a [u8], encoding: &'static Encoding) -> Cow<'a, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => encoding.decode_without_bom_handling(bytes).0,
    }
}

/// An integer tag (`WhiteElo`, `WhiteRatingDiff` `+12` or `-7`): `None` when absent, `?`,
/// `-` or not a number.
pub fn int(value: &[u8]) -> Option<i32> {
    std::str::from_utf8(value).ok()?.trim().parse().ok()
}

/// The Lichess game id of a `Site` tag: the first path part after `lichess.org/` when it is
/// letters and digits (`https://lichess.org/AbCdEfGh` gives `AbCdEfGh`).
pub fn lichess_id(site: &[u8]) -> Option<&str> {
    let site = std::str::from_utf8(site).ok()?;
    let (_, path) = site.split_once("lichess.org/")?;
    let id = path.split(['/', '?', '#']).next()?;
    (!id.is_empty() && id.bytes().all(|c| c.is_ascii_alphanumeric())).then_some(id)
}

/// A `TimeControl` tag as (base seconds, increment seconds): `180+2`, or `600` (no
/// increment); `None` for `-` (no clock), `?`, and the multi-period forms.
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

/// A PGN date `YYYY.MM.DD` (or with `-` or `/`) as days since 1970-01-01 (Arrow's
/// `date32`); `None` when a part is unknown (`??`) or the date does not exist.
pub fn date(value: &[u8]) -> Option<i32> {
    let text = std::str::from_utf8(value).ok()?.trim();
    let mut parts = text.split(['.', '-', '/']);
    let y: i32 = parts.next()?.parse().ok()?;
    let m: u32 = parts.next()?.parse().ok()?;
    let d: u32 = parts.next()?.parse().ok()?;
    if parts.next().is_some() || !(1..=12).contains(&m) || d < 1 || d > days_in_month(y, m) {
        return None;
    }
    Some(days_from_civil(y, m, d))
}

/// A date's (year, month), as the Hive partitions name them.
pub fn year_month(value: &[u8]) -> Option<(i32, u32)> {
    date(value)?;
    let text = std::str::from_utf8(value).ok()?.trim();
    let mut parts = text.split(['.', '-', '/']);
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

/// A time `HH:MM:SS` as seconds since midnight (Arrow's `time32[s]`).
pub fn time(value: &[u8]) -> Option<i32> {
    let text = std::str::from_utf8(value).ok()?.trim();
    let mut parts = text.split(':');
    let h: i32 = parts.next()?.parse().ok()?;
    let m: i32 = parts.next()?.parse().ok()?;
    let s: i32 = parts.next()?.parse().ok()?;
    if parts.next().is_some()
        || !(0..24).contains(&h)
        || !(0..60).contains(&m)
        || !(0..61).contains(&s)
    {
        return None;
    }
    Some(h * 3600 + m * 60 + s)
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
    fn typed_tags() {
        assert_eq!(decode(b"M\xfcller", DEFAULT_ENCODING), "Müller");
        assert_eq!(decode("Müller".as_bytes(), DEFAULT_ENCODING), "Müller");
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
        assert_eq!(date(b"2023.02.29"), None);
        assert_eq!(date(b"2024.??.??"), None);
        assert_eq!(year_month(b"2024.03.01"), Some((2024, 3)));
        assert_eq!(time(b"12:34:56"), Some(45_296));
        assert_eq!(time(b"25:00:00"), None);
    }
}
