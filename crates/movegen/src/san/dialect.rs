//! python-chess's form of SAN: the text its `parse_san` reads as SAN at all, so that a door
//! imitating it raises `InvalidMoveError` outside the form and `IllegalMoveError` or
//! `AmbiguousMoveError` for text of the form that names no single legal move. Not a SAN
//! grammar of chessbits ([`crate::san::SanPlus`] reads more, such as `e4!` or `OO`).

/// Whether python-chess reads `text` as SAN: its castling words (`O-O`, `0-0-0+`, ...) or
/// an optional piece letter (`NBKRQ`), an optional file, an optional rank, an optional `-`
/// or `x`, a square, an optional promotion (`=` optional, any piece letter of either case
/// but `p`), an optional `+` or `#`.
#[must_use]
pub fn is_python_chess_form(text: &[u8]) -> bool {
    let mut s = text;
    if let [rest @ .., b'+' | b'#'] = s {
        s = rest;
    }
    if matches!(s, b"O-O" | b"0-0" | b"O-O-O" | b"0-0-0") {
        return true;
    }
    s = text;
    if let [rest @ .., b'+' | b'#'] = s {
        s = rest;
    }
    if let [rest @ .., p] = s {
        if b"nbrqkNBRQK".contains(p) {
            s = rest;
            if let [rest @ .., b'='] = s {
                s = rest;
            }
        }
    }
    let [rest @ .., b'a'..=b'h', b'1'..=b'8'] = s else {
        return false;
    };
    let mut s = rest;
    for class in [&b"NBKRQ"[..], b"abcdefgh", b"12345678", b"-x"] {
        if let [first, rest @ ..] = s {
            if class.contains(first) {
                s = rest;
            }
        }
    }
    s.is_empty()
}

#[cfg(test)]
mod tests {
    use super::is_python_chess_form;

    #[test]
    fn python_chess_form() {
        for yes in [
            "e4", "exd5", "Nbd2", "R1a3", "e8=Q+", "e8q", "Qh4xe1#", "O-O", "0-0-0+", "N-f3",
        ] {
            assert!(is_python_chess_form(yes.as_bytes()), "{yes}");
        }
        for no in ["e4!", "OO", "", "Xz9", "e9", "O-O!", "ee4e", "Pe4"] {
            assert!(!is_python_chess_form(no.as_bytes()), "{no}");
        }
    }
}
