//! The reader's tests: both paths (fast and general) report the same events.

use super::bytes::*;
use super::*;

/// Records every event as text.
#[derive(Default)]
struct Log(Vec<String>);

impl Visitor for Log {
    type Output = Vec<String>;
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.0.push(format!(
            "[{} {}]",
            String::from_utf8_lossy(name),
            String::from_utf8_lossy(value)
        ));
    }
    fn san(&mut self, san: &[u8], line: u64) {
        self.0
            .push(format!("{}@{line}", String::from_utf8_lossy(san)));
    }
    fn nag(&mut self, nag: Nag) {
        self.0.push(format!("${}", nag.0));
    }
    fn comment(&mut self, text: &[u8]) {
        self.0
            .push(format!("{{{}}}", String::from_utf8_lossy(text)));
    }
    fn begin_variation(&mut self) -> Skip {
        self.0.push("(".into());
        Skip(false)
    }
    fn end_variation(&mut self) {
        self.0.push(")".into());
    }
    fn result(&mut self, r: GameResult) {
        self.0.push(r.as_str().into());
    }
    fn error(&mut self, e: ReadError) {
        self.0.push(format!("error: {e}"));
    }
    fn end_game(&mut self) -> Vec<String> {
        std::mem::take(&mut self.0)
    }
}

fn games(input: &[u8]) -> Vec<Vec<String>> {
    let mut r = Reader::new(input);
    let mut out = Vec::new();
    r.read_all(&mut Log::default(), |g| out.push(g))
        .expect("no I/O errors from a slice");
    out
}

#[test]
fn reads_tokens() {
    let g = games(
        b"\xef\xbb\xbf[Event \"A \\\"quoted\\\" \"x\" \\\\\"]\n[Site \"S\"]\n\n1.e4 e5!? 2. Nf3 $1 {a\ncomment} (2. d4 exd4 (2... d5)) 2... Nc6 +- ; rest\n3.Bb5 1/2-1/2\n\n1. d4 *",
    );
    assert_eq!(g.len(), 2);
    assert_eq!(
        g[0].join(" "),
        "[Event A \"quoted\" \"x\" \\] [Site S] e4@4 e5@4 $5 Nf3@4 $1 {a\ncomment} ( d4@5 exd4@5 ( d5@5 ) ) Nc6@5 $18 { rest} Bb5@6 1/2-1/2"
    );
    assert_eq!(g[1].join(" "), "d4@8 *");
}

#[test]
fn games_without_results_end_at_tags() {
    let g = games(b"[A \"1\"]\n1. e4 (1. d4\n[B \"2\"]\n1. c4 0-0 O-O-O");
    assert_eq!(g.len(), 2);
    assert_eq!(
        g[0].join(" "),
        "[A 1] e4@2 ( d4@2 error: game 1, line 3: 1 variation(s) not closed )"
    );
    assert_eq!(g[1].join(" "), "[B 2] c4@4 0-0@4 O-O-O@4");
}

#[test]
fn malformed_input_is_reported_not_fatal() {
    let g = games(b"[Bad tag]\n1. e4 ) } e5 $999 {never closed");
    assert_eq!(g.len(), 1);
    let s = g[0].join(" | ");
    assert!(s.contains("malformed tag"), "{s}");
    assert!(s.contains("`)` without"), "{s}");
    assert!(s.contains("unexpected character '}'"), "{s}");
    assert!(s.contains("bad NAG"), "{s}");
    assert!(s.contains("comment not closed"), "{s}");
}

#[test]
fn long_comments_and_tags_are_cut() {
    let mut input = b"[Big \"".to_vec();
    input.extend(std::iter::repeat_n(b'v', 3 * BUFFER_SIZE));
    input.extend_from_slice(b"\"]\n1. e4 {");
    input.extend(std::iter::repeat_n(b'c', 5 * BUFFER_SIZE));
    input.extend_from_slice(b"} e5 *");
    let limits = Limits {
        max_comment: 1000,
        max_tag_value: 100,
    };
    let mut r = Reader::with_limits(&input[..], limits);
    let g = r
        .read_game(&mut Log::default())
        .expect("no I/O error")
        .expect("a game");
    assert_eq!(
        g.len(),
        7,
        "{:?}",
        g.iter().map(|s| s.len()).collect::<Vec<_>>()
    );
    assert_eq!(
        g[0],
        "error: game 1, line 1: tag value longer than 100 bytes, cut"
    );
    assert_eq!(g[1].len(), 100 + 6);
    assert_eq!(g[4].len(), 1000 + 2);
    assert_eq!(&g[5..], ["e5@2", "*"]);
}

/// Hands out one byte per `read`, so the reader never holds more than `MAX_TOKEN + 1`
/// bytes ahead and the local-slice fast path never runs: every event then comes from the
/// general, one-construct-at-a-time code.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        match (self.0.split_first(), out.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

/// Every event, tagged with its game, from both paths.
fn both_paths(input: &[u8]) -> (Vec<Vec<String>>, Vec<Vec<String>>) {
    let mut slow = Vec::new();
    Reader::new(OneByte(input))
        .read_all(&mut Log::default(), |g| slow.push(g))
        .expect("no I/O errors from a slice");
    (games(input), slow)
}

#[test]
fn fast_path_reports_what_the_general_code_reports() {
    // Long enough that the fast path runs, with every construct it takes or hands back.
    let mut input = Vec::new();
    for k in 0..40 {
        input.extend_from_slice(format!("[Event \"{k}\"]\n\n").as_bytes());
        input.extend_from_slice(
            b"1. e4 e5 2.Nf3 Nc6 3...Bb5 {a comment\nover lines} a6!? 4. Ba4 N Nf6 ( 4... d6 \
              5. O-O ) 5. O-O-O\r\n Be7\t6. Re1 b5 $1 7. Bb3 d6 8. c3 0-0 9. h3 ; line\n\
              9... Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 \
              h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. \
              Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 \
              Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 \
              Nd5 33. f3 Bc8 34. Kf2 Bf5 35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 \
              39. Kd2 Kb5 40. Rd6 Kc5 41. Ra6 Nf2 42. g4 Bd3 43. Re6 e8=Q+ 12345 1.",
        );
        input.extend_from_slice(&b" \x0b\x0c % not an escape\n%escape\n"[..(k % 5) * 7]);
        input
            .extend_from_slice([&b" 1/2-1/2\n\n"[..], b" *\n\n", b" 1-0 ", b"0-1\n", b"\n"][k % 5]);
    }
    let (fast, slow) = both_paths(&input);
    assert_eq!(fast.len(), 40);
    assert_eq!(fast, slow);
}

/// Comments after a move around the length of Lichess's clock comment (which the fast path
/// takes by a guess of its length), with a `}` or a newline anywhere in them, and with a
/// comment limit below and above that length.
#[test]
fn fast_path_reads_comments_of_the_clock_length_as_the_general_code() {
    for max_comment in [15, 16, 17, 1 << 20] {
        let mut input = Vec::new();
        for len in 14..=18 {
            for at in 0..=len {
                for b in [b'}', b'\n', b'x'] {
                    let mut text = vec![b'c'; len];
                    if at < len {
                        text[at] = b;
                    }
                    input.extend_from_slice(b"1. e4 {");
                    input.extend_from_slice(&text);
                    input.extend_from_slice(b"} 1... e5 { [%clk 0:03:00] } 2. Nf3 *\n\n");
                }
            }
        }
        let limits = Limits {
            max_comment,
            ..Limits::default()
        };
        let mut fast = Vec::new();
        Reader::with_limits(&input[..], limits)
            .read_all(&mut Log::default(), |g| fast.push(g))
            .expect("no I/O errors from a slice");
        let mut slow = Vec::new();
        Reader::with_limits(OneByte(&input), limits)
            .read_all(&mut Log::default(), |g| slow.push(g))
            .expect("no I/O errors from a slice");
        // One game per comment written: (15 + 16 + 17 + 18 + 19) positions, three bytes.
        assert_eq!(fast.len(), 85 * 3);
        assert_eq!(fast, slow, "max_comment {max_comment}");
    }
}

/// The decoded sample files of `tests/data/sample` (all five), with their paths.
pub(crate) fn sample_games() -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sample");
    let mut samples = Vec::new();
    for entry in std::fs::read_dir(dir).expect("sample directory") {
        let path = entry.expect("entry").path();
        if !path.to_string_lossy().ends_with(".pgn.zst") {
            continue;
        }
        let mut input = Vec::new();
        crate::input::open(&path)
            .and_then(|mut r| r.read_to_end(&mut input))
            .expect("sample file");
        samples.push((path, input));
    }
    assert_eq!(samples.len(), 5);
    samples
}

#[test]
fn fast_path_reports_what_the_general_code_reports_on_the_sample_games() {
    for (path, input) in sample_games() {
        let (fast, slow) = both_paths(&input);
        assert!(fast.len() > 100, "{}", path.display());
        assert!(fast == slow, "{}", path.display());
    }
}

/// The byte classes of the fast path against the grammar the general code reads, and the
/// word-at-a-time search for a comment's end against the obvious loop.
#[test]
fn byte_classes() {
    for b in 0..=255u8 {
        let class = CLASS[usize::from(b)];
        let blank = matches!(b, b' ' | b'\t' | 0x0b | 0x0c | b'\r');
        assert_eq!(class == BLANK, blank, "{b:#x}");
        assert_eq!(class == NEWLINE, b == b'\n', "{b:#x}");
        assert_eq!(class == DIGIT, b.is_ascii_digit(), "{b:#x}");
        assert_eq!(class == DOT, b == b'.', "{b:#x}");
        assert_eq!(class == OPEN, b == b'{', "{b:#x}");
        assert_eq!(
            class == MOVE,
            matches!(b, b'a'..=b'h' | b'B' | b'K' | b'N' | b'O' | b'Q' | b'R'),
            "{b:#x}"
        );
        // Plain SAN bytes are token bytes that carry no annotation.
        if PLAIN[usize::from(b)] {
            assert!(TOKEN[usize::from(b)] && !matches!(b, b'!' | b'?'), "{b:#x}");
        }
    }
    let mut s = vec![b'v'; 200];
    for at in 0..200 {
        for b in [b'}', b'\n'] {
            s[at] = b;
            assert_eq!(find_close_or_newline(&s), Some(at));
            assert_eq!(find_close_or_newline(&s[..at]), None);
            s[at] = b'v';
        }
    }
}

#[test]
fn tag_value_ends() {
    let mut s = vec![b'v'; 200];
    for at in 0..200 {
        for b in [b'"', b'\\', b'\n'] {
            s[at] = b;
            assert_eq!(find_value_end(&s), Some(at));
            assert_eq!(find_value_end(&s[..at]), None);
            s[at] = b'v';
        }
    }
    assert_eq!(find_value_end(b"caf\xc3\xa9\"]"), Some(5));
}

proptest::proptest! {
    #[test]
    fn fast_path_equals_general_code_on_any_token_soup(
        parts in proptest::collection::vec(0usize..TOKENS.len(), 0..400),
    ) {
        let input: Vec<u8> = parts.iter().flat_map(|&k| TOKENS[k].iter().copied()).collect();
        let (fast, slow) = both_paths(&input);
        proptest::prop_assert_eq!(fast, slow);
    }
}

/// Pieces of movetext, well-formed and not, for the token soup.
const TOKENS: &[&[u8]] = &[
    b" ",
    b"  ",
    b"\n",
    b"\r\n",
    b"\t",
    b"\x0b",
    b".",
    b"...",
    b"12.",
    b"7",
    b"12345",
    b"e4",
    b"exd5",
    b"Nf3",
    b"Nbd7",
    b"R1e2",
    b"e8=Q+",
    b"O-O",
    b"O-O-O#",
    b"0-0",
    b"N",
    b"Nf3!",
    b"e4?!",
    b"--",
    b"Z0",
    b"e2e4",
    b"{",
    b"}",
    b"{c}",
    b"{x\ny}",
    b"(",
    b")",
    b"$1",
    b"$",
    b"!!",
    b";c\n",
    b"%e\n",
    b"%",
    b"1-0",
    b"0-1",
    b"1/2-1/2",
    b"*",
    b"[T \"v\"]\n",
    b"[",
    b"]",
    b"\"",
    b"\xc3\xa9",
    b"\0",
    b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
];

#[test]
fn skipping() {
    struct MainlineOnly(usize);
    impl Visitor for MainlineOnly {
        type Output = usize;
        fn san(&mut self, _: &[u8], _: u64) {
            self.0 += 1;
        }
        fn begin_variation(&mut self) -> Skip {
            Skip(true)
        }
        fn end_variation(&mut self) {
            unreachable!("skipped variations are not closed");
        }
        fn end_game(&mut self) -> usize {
            std::mem::take(&mut self.0)
        }
    }
    let mut deep = b"1. e4 ".to_vec();
    for _ in 0..100_000 {
        deep.extend_from_slice(b"( d4 ");
    }
    for _ in 0..100_000 {
        deep.extend_from_slice(b") ");
    }
    deep.extend_from_slice(b"e5 1-0");
    let mut r = Reader::new(&deep[..]);
    assert_eq!(r.read_game(&mut MainlineOnly(0)).expect("ok"), Some(2));
}

/// Hands out the input in reads of pseudo-random lengths (1 to `max` bytes), as a pipe or
/// a decompressor does: where a read ends must not change a single event.
struct Chunks<'a> {
    rest: &'a [u8],
    state: u64,
    max: usize,
}

impl Read for Chunks<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.state = self
            .state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let want = 1 + (self.state >> 33) as usize % self.max;
        let n = want.min(out.len()).min(self.rest.len());
        out[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

/// Every event of `input` read in chunks of at most `max` bytes.
fn chunked(input: &[u8], seed: u64, max: usize) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let chunks = Chunks {
        rest: input,
        state: seed,
        max,
    };
    Reader::new(chunks)
        .read_all(&mut Log::default(), |g| out.push(g))
        .expect("no I/O errors from a slice");
    out
}

/// Random bytes: the events are the same however the reads are cut. (A brace comment that
/// ended where a read ended used to end its game there, and a token the fast path left
/// next to the end of a read was cut in two.)
#[test]
fn reads_cut_anywhere_give_the_same_events_on_random_bytes() {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for seed in 0..4u64 {
        let mut input = Vec::with_capacity(1 << 20);
        while input.len() < 1 << 20 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Mostly PGN's own bytes, so that every construct occurs and crosses reads.
            let b = x.to_le_bytes();
            for &c in &b {
                input.push(match c % 16 {
                    0 => b'{',
                    // `}` 1 in 256: comments of a few hundred bytes, which the fast path
                    // takes whole and which end anywhere, near the end of a read too.
                    1 if (x >> 40) % 16 == 0 => b'}',
                    1 => b'e',
                    2 => b'\n',
                    3 => b' ',
                    4 => b'[',
                    5 => b'"',
                    6 => b'$',
                    7 => b'(',
                    8 => b')',
                    9 => b'1',
                    10 => b'.',
                    11 => b'e',
                    12 => b'4',
                    _ if c == b'}' => b'e',
                    _ => c,
                });
            }
        }
        let whole = games(&input);
        assert!(whole.len() > 20, "{} games", whole.len());
        for max in [7, 300, 5000, 70_000] {
            assert!(
                chunked(&input, seed * 31 + max as u64, max) == whole,
                "seed {seed}, reads of up to {max} bytes"
            );
        }
    }
}

/// Constructs longer than what the reader looks ahead, cut by reads at every offset: long
/// runs of blanks in a tag pair, a long tag name, a NAG of many digits, a comment.
#[test]
fn reads_cut_anywhere_give_the_same_events_on_long_constructs() {
    let mut input = Vec::new();
    for k in [1usize, 200, 300, 600] {
        let blanks = " ".repeat(k);
        let digits = "7".repeat(k);
        let name = "N".repeat(k);
        input.extend_from_slice(
            format!(
                "[{blanks}Event{blanks}\"x\"{blanks}]\n[{name} \"y\"]\n[Site \"a\"b\"{blanks}]\n\n\
                 1. e4 ${digits} {{{blanks}}} e5 $1{digits} 2. Nf3 *\n\n"
            )
            .as_bytes(),
        );
    }
    let whole = games(&input);
    assert_eq!(whole.len(), 4);
    for max in 1..=40 {
        for seed in 0..8 {
            assert!(
                chunked(&input, seed, max) == whole,
                "seed {seed}, reads of up to {max} bytes"
            );
        }
    }
    for max in [100, 257, 600, 2000] {
        for seed in 0..64 {
            assert!(
                chunked(&input, seed, max) == whole,
                "seed {seed}, reads of up to {max} bytes"
            );
        }
    }
}

/// The sample games (comments after every move in the Lichess one), read in chunks.
#[test]
fn reads_cut_anywhere_give_the_same_events_on_the_sample_games() {
    for (path, input) in sample_games() {
        let whole = games(&input);
        for max in [50, 1000, 70_000] {
            assert!(
                chunked(&input, max as u64, max) == whole,
                "{}: reads of up to {max} bytes",
                path.display()
            );
        }
    }
}
