//! Writing a [`Game`] as export-format PGN.
//!
//! (The format notes are on [`write_game`], where users see them.)

use std::io;

use crate::game::{Game, LineId};
use crate::moves::MovesIter;
use crate::replay::GameRecord;

/// The longest movetext line the writer produces (except for single words that are longer).
pub const MAX_COLUMNS: usize = 80;

/// The Seven Tag Roster, in export order, with the placeholder for a missing value.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Movetext tokens joined by spaces and wrapped at [`MAX_COLUMNS`].
struct Wrap<'a> {
    out: &'a mut Vec<u8>,
    col: usize,
    /// Open parentheses waiting to be glued to the next token.
    opens: usize,
}

impl Wrap<'_> {
    fn token(&mut self, t: &[u8]) {
        let len = t.len() + self.opens;
        if self.col > 0 {
            if self.col + 1 + len > MAX_COLUMNS {
                self.out.push(b'\n');
                self.col = 0;
            } else {
                self.out.push(b' ');
                self.col += 1;
            }
        }
        if self.col == 0 && self.opens == 0 && t.first() == Some(&b'%') {
            // `%` in the first column would start an escape line.
            self.out.push(b' ');
            self.col = 1;
        }
        for _ in 0..self.opens {
            self.out.push(b'(');
        }
        self.opens = 0;
        self.out.extend_from_slice(t);
        self.col += len;
    }

    fn close(&mut self) {
        if self.opens > 0 {
            // An empty variation: `()`.
            self.opens -= 1;
            self.token(b"()");
            return;
        }
        if self.col + 1 > MAX_COLUMNS {
            self.out.push(b'\n');
            self.col = 0;
        }
        self.out.push(b')');
        self.col += 1;
    }

    fn comment(&mut self, text: &[u8]) {
        if text.contains(&b'}') {
            self.token(b";");
            self.out.push(b' ');
            self.out.extend_from_slice(text);
            self.out.push(b'\n');
            self.col = 0;
            return;
        }
        // `{ text }`, a space inside each brace as Lichess and python-chess write it; the
        // words are tokens, so a long comment wraps at its spaces.
        self.token(b"{");
        for word in text.split(|&b| b == b' ').filter(|w| !w.is_empty()) {
            self.token(word);
        }
        self.token(b"}");
    }
}

/// One line being written: where it is and what comes next.
struct Frame<'g> {
    line: LineId,
    /// The texts of the line's moves from move `next` on.
    texts: MovesIter<'g>,
    /// The next orphan variation to write.
    orphan: usize,
    /// The next move to write.
    next: usize,
    /// The next variation of move `next - 1` to write.
    var: usize,
    /// Ply (from the game's start) of the line's first move.
    ply: u32,
    need_number: bool,
    opened: bool,
}

impl<'g> Frame<'g> {
    fn new(game: &'g Game, line: LineId, ply: u32) -> Frame<'g> {
        Frame {
            line,
            texts: game.line(line).moves().iter(),
            orphan: 0,
            next: 0,
            var: 0,
            ply,
            need_number: true,
            opened: false,
        }
    }
}

/// Appends the first `played` moves of a record's mainline as Lichess writes movetext, on
/// one line: move numbers (`12.` before White's move, `12...` before Black's where a
/// reader needs it), each move as written, its `[%eval]` and `[%clk]` in a comment
/// (`{ [%eval 0.17] [%clk 0:03:00] }`, the spellings of [`Eval`](crate::table::Eval)'s
/// `Display` and [`clock_text`](crate::table::clock_text)), then `result` when given. The
/// first move's number and side are the `FEN` tag's. The `movetext` column of the Lichess
/// layout of `chessbits-tables`.
pub fn write_mainline(
    record: &GameRecord,
    played: usize,
    result: Option<&[u8]>,
    out: &mut Vec<u8>,
) {
    let (mut number, mut white) = first_move(record.fen.as_deref());
    let start = out.len();
    let mut after_comment = false;
    for (i, san) in record.moves.texts().take(played).enumerate() {
        if out.len() > start {
            out.push(b' ');
        }
        if white || after_comment || i == 0 {
            crate::annotations::push_decimal(out, u64::from(number));
            out.extend_from_slice(if white { b". " } else { b"... " });
        }
        out.extend_from_slice(san);
        let (clock, eval) = record.notes.get(i).copied().unwrap_or((None, None));
        after_comment = clock.is_some() || eval.is_some();
        if after_comment {
            out.extend_from_slice(b" {");
            if let Some(e) = eval {
                out.extend_from_slice(b" [%eval ");
                crate::table::write_eval(e, out);
                out.push(b']');
            }
            if let Some(c) = clock {
                out.extend_from_slice(b" [%clk ");
                crate::table::write_clock(c, out);
                out.push(b']');
            }
            out.extend_from_slice(b" }");
        }
        if !white {
            number = number.saturating_add(1);
        }
        white = !white;
    }
    if let Some(r) = result {
        if out.len() > start {
            out.push(b' ');
        }
        out.extend_from_slice(r);
    }
}

/// The move number and side (`true`: White) of a game's first move, from its `FEN` tag
/// (the standard start without one; a variant's FEN, whose extra fields `Setup` does not
/// read, by its side field and its last field).
fn first_move(fen: Option<&[u8]>) -> (u32, bool) {
    let Some(fen) = fen else {
        return (1, true);
    };
    if let Ok(setup) = chessbits_position::Setup::from_ascii(fen.trim_ascii()) {
        return (
            setup.fullmoves.max(1),
            setup.turn == chessbits_bitboard_core::Color::White,
        );
    }
    let fields: Vec<&[u8]> = fen
        .split(|c| c.is_ascii_whitespace())
        .filter(|f| !f.is_empty())
        .collect();
    let white = fields.get(1) != Some(&&b"b"[..]);
    let number = fields
        .last()
        .and_then(|n| std::str::from_utf8(n).ok()?.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    (number, white)
}

/// Appends a tag pair as PGN writes it, `[Name "value"]` (a `"` or `\\` in the value
/// escaped), without a line break: the one writer of a tag pair.
pub fn write_tag_pair(name: &[u8], value: &[u8], out: &mut Vec<u8>) {
    out.push(b'[');
    out.extend_from_slice(name);
    out.extend_from_slice(b" \"");
    escape_into(out, value);
    out.extend_from_slice(b"\"]");
}

fn escape_into(out: &mut Vec<u8>, value: &[u8]) {
    for &b in value {
        if b == b'"' || b == b'\\' {
            out.push(b'\\');
        }
        out.push(b);
    }
}

/// Appends `game` as export-format PGN to `out`: the seven-tag roster first (Event, Site,
/// Date, Round, White, Black, Result, with the standard's placeholders when a tag is missing),
/// the other tags in their order, a blank line, movetext wrapped at [`MAX_COLUMNS`], the
/// result, a blank line.
///
/// Move numbers are written before White's moves and before Black's where the reader needs
/// them (`12...` at the start of a variation and after a comment or a variation). Comments
/// are written `{ text }`, a space inside each brace as Lichess and python-chess write them
/// (`{ [%eval 0.25] }`, as [`write_mainline`] does), and wrapped at spaces (the game tree keeps them with whitespace runs collapsed, so a
/// wrapped comment reads back the same); a comment holding `}` is written as a `;` comment.
/// A single word longer than a line (a URL in a comment) is the only thing that can make a
/// line longer than [`MAX_COLUMNS`]; tag pairs are one per line whatever their length.
pub fn write_game(game: &Game, out: &mut Vec<u8>) {
    for (name, placeholder) in SEVEN_TAG_ROSTER {
        let value = match (name, game.tag(name)) {
            (_, Some(v)) => v,
            ("Result", None) => game.result.map_or("*", |r| r.as_str()).as_bytes(),
            (_, None) => placeholder.as_bytes(),
        };
        write_tag_pair(name.as_bytes(), value, out);
        out.push(b'\n');
    }
    for (name, value) in game.tags.iter() {
        if SEVEN_TAG_ROSTER.iter().any(|(n, _)| n.as_bytes() == name) {
            continue;
        }
        write_tag_pair(name, value, out);
        out.push(b'\n');
    }
    out.push(b'\n');

    // Whose move the game starts with, and its number, from the FEN tag.
    let (black_first, first_move) = game
        .tag("FEN")
        .and_then(|fen| chessbits_position::Setup::from_ascii(fen).ok())
        .map_or((false, 1), |s| {
            (s.turn == chessbits_bitboard_core::Color::Black, s.fullmoves)
        });
    let number = |ply: u32| -> (u32, bool) {
        let p = ply + u32::from(black_first);
        (first_move + p / 2, p % 2 == 0)
    };

    let mut w = Wrap {
        out,
        col: 0,
        opens: 0,
    };
    let mut stack = vec![Frame::new(game, LineId::MAIN, 0)];
    let mut num = Vec::with_capacity(16);
    while let Some(f) = stack.last_mut() {
        let line = game.line(f.line);
        if !f.opened {
            f.opened = true;
            for c in &line.comments {
                w.comment(c);
            }
        }
        if f.orphan < line.orphans.len() {
            let id = line.orphans[f.orphan];
            f.orphan += 1;
            f.need_number = true;
            let ply = f.ply;
            w.opens += 1;
            stack.push(Frame::new(game, id, ply));
            continue;
        }
        if f.next > 0 {
            let node = &line.nodes()[f.next - 1];
            if f.var < node.variations.len() {
                let id = node.variations[f.var];
                f.var += 1;
                f.need_number = true;
                let ply = f.ply + f.next as u32 - 1;
                w.opens += 1;
                stack.push(Frame::new(game, id, ply));
                continue;
            }
        }
        if let (Some(node), Some((text, _))) = (line.nodes().get(f.next), f.texts.next()) {
            let (n, white) = number(f.ply + f.next as u32);
            if white || f.need_number {
                num.clear();
                num.extend_from_slice(n.to_string().as_bytes());
                num.extend_from_slice(if white { b"." } else { b"..." });
                w.token(&num);
            }
            w.token(text);
            for nag in &node.nags {
                w.token(format!("${}", nag.0).as_bytes());
            }
            for c in &node.comments {
                w.comment(c);
            }
            f.need_number = !node.comments.is_empty();
            f.next += 1;
            f.var = 0;
            continue;
        }
        stack.pop();
        if let Some(parent) = stack.last_mut() {
            parent.need_number = true;
            w.close();
        }
    }
    let result = game.result.map_or_else(
        || game.tag("Result").unwrap_or(b"*"),
        |r| r.as_str().as_bytes(),
    );
    let result = match crate::reader::GameResult::from_ascii(result) {
        Some(r) => r.as_str().as_bytes(),
        None => b"*",
    };
    w.token(result);
    w.out.extend_from_slice(b"\n\n");
}

/// Writes `game` as export-format PGN to `out`.
pub fn write_game_to(game: &Game, out: &mut impl io::Write) -> io::Result<()> {
    let mut buf = Vec::with_capacity(4096);
    write_game(game, &mut buf);
    out.write_all(&buf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameBuilder, Reader};

    fn read(pgn: &[u8]) -> Game {
        Reader::new(pgn)
            .read_game(&mut GameBuilder::new())
            .expect("no I/O error")
            .expect("a game")
            .0
    }

    #[test]
    fn writes_export_format() {
        let g = read(
            b"[White \"Ann \\\"A\\\"\"]\n[Black \"Bob\"]\n[ECO \"C20\"]\n{Start} 1. e4 $1 {Good\n  move} (1. d4 d5 (1... Nf6) 2. c4) 1... e5 2. Nf3 1-0",
        );
        let mut out = Vec::new();
        write_game(&g, &mut out);
        let text = String::from_utf8(out.clone()).expect("ascii");
        assert_eq!(
            text,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"Ann \\\"A\\\"\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n\
             { Start } 1. e4 $1 { Good move } (1. d4 d5 (1... Nf6) 2. c4) 1... e5 2. Nf3 1-0\n\n"
        );
        let back = read(&out);
        assert_eq!(back.lines, g.lines);
        assert_eq!(back.result, g.result);
    }

    #[test]
    fn wraps_at_80_columns_and_round_trips_deep_nesting() {
        let mut pgn = b"[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 30\"]\n\n30... Kd7 {".to_vec();
        for i in 0..200 {
            pgn.extend_from_slice(format!("word{i} ").as_bytes());
        }
        pgn.extend_from_slice(b"} ");
        for _ in 0..5000 {
            pgn.extend_from_slice(b"(31. Kd1 ");
        }
        pgn.extend(std::iter::repeat_n(b')', 5000));
        pgn.extend_from_slice(b" 31. Ke2 *");
        let g = read(&pgn);
        let mut out = Vec::new();
        write_game(&g, &mut out);
        for line in out.split(|&b| b == b'\n') {
            assert!(
                line.len() <= MAX_COLUMNS,
                "{}",
                String::from_utf8_lossy(line)
            );
        }
        let back = read(&out);
        assert!(back.lines == g.lines, "the tree changed");
        assert_eq!(back.result, g.result);
        assert!(String::from_utf8_lossy(&out).contains("30... Kd7 { word0 word1"));
    }
}
