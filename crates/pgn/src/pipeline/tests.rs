//! The pipeline against one reader: the same games, errors and order, whatever the cuts,
//! the threads and the scheduling.

use std::io::{self, Read};
use std::sync::Arc;

use super::chunks::{Bytes, Pool, Sizes};
use super::turns::Cuts;
use super::*;
use crate::{check_games, SanMode};
use crate::{Both, GameBuilder};

type Out = (GameRecord, (Game, Vec<ReadError>));

fn visitor() -> Both<RecordCollector, GameBuilder> {
    Both::new(RecordCollector::with_annotations(), GameBuilder::new())
}

/// What one reader over the whole input reads: every game with its tags, moves and
/// lines, comments, variations and errors.
fn serial(input: &[u8]) -> Vec<Out> {
    let mut out = Vec::new();
    Reader::new(input)
        .read_all(&mut visitor(), |o| out.push(o))
        .expect("a slice reads");
    out
}

/// A reader that hands out at most `n` bytes a read.
struct Trickle<'a>(&'a [u8], usize);

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.0.len().min(out.len()).min(self.1);
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// The parallel pipeline with `threads` threads and chunks of about `chunk` bytes (cut
/// by force at four times that): the games in the order given, and the last progress.
fn chunked(input: &[u8], threads: usize, chunk: usize) -> (Vec<Out>, u64, Cuts) {
    let mut out = Vec::new();
    let mut last = 0;
    let cuts = Pipeline::new(Reader::new(Trickle(input, 1 + chunk / 3)))
        .threads(threads)
        .progress(|p| last = p)
        .run_sized(
            visitor,
            |batch: Vec<Out>| batch,
            |batch| {
                out.extend(batch);
                true
            },
            Sizes {
                chunk,
                max: 4 * chunk,
            },
        )
        .expect("no I/O error");
    (out, last, cuts)
}

/// Compares the chunked reads with one reader's; returns how the chunks ended, summed.
fn assert_same(input: &[u8], what: &str) -> Cuts {
    let expected = serial(input);
    let mut all = Cuts::default();
    for threads in [2, 3] {
        for chunk in [16, 61, 250, 4096] {
            let (got, progress, cuts) = chunked(input, threads, chunk);
            all.clean += cuts.clean;
            all.fallbacks += cuts.fallbacks;
            all.after_fallback += cuts.after_fallback;
            assert_eq!(progress, input.len() as u64, "{what}: progress");
            assert_eq!(
                got.len(),
                expected.len(),
                "{what}: {threads} threads, chunk {chunk}"
            );
            for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
                assert!(
                    g == e,
                    "{what}: {threads} threads, chunk {chunk}, game {i}:\n{g:?}\n{e:?}"
                );
                // Equality leaves the moves' lines out: they must agree too.
                let lines = |o: &Out| {
                    let record: Vec<_> = o.0.moves.iter().collect();
                    let game: Vec<Vec<_>> =
                        o.1 .0
                            .lines
                            .iter()
                            .map(|l| l.moves().iter().collect())
                            .collect();
                    format!("{record:?} {game:?}")
                };
                assert_eq!(
                    lines(g),
                    lines(e),
                    "{what}: {threads} threads, chunk {chunk}, game {i}: lines"
                );
            }
        }
    }
    all
}

/// Cuts at every kind of place: a comment, tags or a variation across a blank line
/// and a `[`, games without results, escapes, CRLF, a byte-order mark, no blank line at
/// all.
#[test]
fn chunks_read_what_one_reader_reads_at_awkward_cuts() {
    let cases: &[&[u8]] = &[
        b"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5 0-1\n\n[Event \"c\"]\n\n1. c4 *\n",
        b"1. e4 { a comment\n\n[Event \"not a tag\"]\n\n} e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n",
        b"[Event \"a\"]\n\n[Site \"tags after a blank line\"]\n\n[Round \"1\"]\n\n1. e4 *\n\n[Event \"b\"]\n1. d4 *",
        b"1. e4 e5\n\n[Event \"no result before\"]\n1. d4\n\n[Event \"c\"]\n\n1. Nf3 1/2-1/2\n",
        b"1. e4 (1. d4 d5\n\n[Event \"in a variation\"]\n\n1. c4 *\n\n[Event \"d\"]\n1. e4 *\n",
        b"1. e4 1-0\n\n%escape\n\n[Event \"e\"]\n%more\n1. d4 *\n\n[Event \"f\"]\n; line comment\n\n[Event \"g\"]\n1-0",
        b"\xef\xbb\xbf[Event \"bom\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n[Event \"crlf\"]\r\n\r\n1. d4 *\r\n\r\n[X \"y\"]\r\n1. c4 *",
        b"1. e4 1-0 { after the result\n\n[Event \"x\"]\n\n} 1. d4 *\n\n[Event \"y\"]\n1. e4 *\n",
        b"[Event \"a\"] 1. e4 1-0 [Event \"b\"] 1. d4 0-1 [Event \"c\"] 1. c4 *",
        b"",
        b"\n\n\n",
        b"[Event \"unterminated",
    ];
    for (i, case) in cases.iter().enumerate() {
        let mut input = Vec::new();
        for _ in 0..20 {
            input.extend_from_slice(case);
        }
        let cuts = assert_same(&input, &format!("case {i}"));
        // Games with results: no fallback. A comment across a cut: fallbacks, and
        // chunks again after them. (Where a round after a fallback cuts depends on how
        // far the splitting thread had read, so only the kinds are checked.)
        if i == 0 {
            assert!(cuts.clean > 20 && cuts.fallbacks == 0, "{cuts:?}");
        }
        if i == 1 {
            assert!(cuts.clean > 0 && cuts.fallbacks > 0, "{cuts:?}");
        }
    }
}

/// Games without a result here and there: one reader takes over for each game that
/// ends a chunk without its result, and chunks go on after it.
#[test]
fn chunks_go_on_after_a_game_without_a_result() {
    // Games of uneven lengths, one in five without a result, in no regular pattern
    // (a period near the chunk size would put the same kind of game at every cut).
    let mut input = Vec::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let moves = [
        "1. e4", "e5", "2. Nf3", "Nc6", "3. Bb5", "a6", "4. Ba4", "Nf6",
    ];
    for i in 0..400 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let n = 1 + (seed % moves.len() as u64) as usize;
        let result = if (seed >> 8) % 5 == 0 { "" } else { "1-0" };
        let text = moves[..n].join(" ");
        input.extend_from_slice(format!("[Round \"{i}\"]\n\n{text} {result}\n\n").as_bytes());
    }
    assert_same(&input, "games without results");
    // Chunks of several games: the first chunk that ends on a game without a result
    // falls back to one reader (where that chunk ends does not depend on the threads:
    // nothing has fallen back before it), and chunks are split again after it. How
    // many fallbacks follow depends on how far the splitting thread had read when the
    // first one came (the reader that takes over starts from its buffer), so that
    // count is not asserted.
    for chunk in [250, 1000] {
        let (_, _, cuts) = chunked(&input, 2, chunk);
        assert!(cuts.fallbacks >= 1 && cuts.after_fallback >= 1, "{cuts:?}");
    }
}

/// Random PGN-ish text: every construct cut everywhere.
#[test]
fn chunks_read_what_one_reader_reads_on_random_pieces() {
    let pieces: &[&[u8]] = &[
        b"[Event \"x\"]\n",
        b"[White \"a b\"]\n",
        b"\n",
        b"\n\n",
        b"\r\n",
        b"1. ",
        b"e4 ",
        b"e5 ",
        b"Nf3 ",
        b"1-0",
        b" 0-1 ",
        b"*\n",
        b"{ c\n\n[Event \"in\"]\n ",
        b"{",
        b"}",
        b"(",
        b")",
        b"; line\n",
        b"\n%escape\n",
        b"$1 ",
        b"?? ",
        b"[",
        b"]",
        b"\"",
        b"12.",
        b"O-O ",
        b"e8=Q+ ",
        b"Z0 ",
        b"  ",
        b"\n\n[Event \"y\"]\n\n",
        b"\xff\xfe",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for round in 0..40 {
        let mut input = Vec::new();
        for _ in 0..600 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            input.extend_from_slice(pieces[(seed % pieces.len() as u64) as usize]);
        }
        assert_same(&input, &format!("random round {round}"));
    }
}

/// Real files: the samples, cut every few hundred bytes and at the real sizes.
#[test]
fn chunks_read_what_one_reader_reads_on_the_samples() {
    for (path, input) in crate::reader::tests::sample_games() {
        let input = &input[..input.len().min(300_000)];
        let expected = serial(input);
        for chunk in [700, 20_000, CHUNK_BYTES] {
            let (got, progress, cuts) = chunked(input, 2, chunk);
            assert_eq!(progress, input.len() as u64);
            assert!(got == expected, "{} chunk {chunk}", path.display());
            // Real files in chunks larger than their games: every cut is between two
            // games, none needs one reader.
            if chunk >= 20_000 && chunk < input.len() {
                let what = format!("{} chunk {chunk}: {cuts:?}", path.display());
                assert!(cuts.clean > 1 && cuts.fallbacks == 0, "{what}");
            }
        }
    }
}

/// An I/O error: the games before it are worked on and the error is returned.
#[test]
fn an_input_error_keeps_the_games_before_it() {
    struct Failing(Vec<u8>, usize);
    impl Read for Failing {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.1 >= self.0.len() {
                return Err(io::Error::other("damaged"));
            }
            let n = (self.0.len() - self.1).min(out.len()).min(1000);
            out[..n].copy_from_slice(&self.0[self.1..self.1 + n]);
            self.1 += n;
            Ok(n)
        }
    }
    let mut pgn = Vec::new();
    for i in 0..500 {
        pgn.extend_from_slice(format!("[Round \"{i}\"]\n\n1. e4 e5 *\n\n").as_bytes());
    }
    let mut games = 0;
    let result = Pipeline::new(Reader::new(Failing(pgn, 0))).threads(2).run(
        |b| b.len(),
        |n| {
            games += n;
            true
        },
    );
    assert_eq!(
        result.map_err(|e| e.to_string()),
        Err("damaged".to_string())
    );
    assert_eq!(games, 500);
}

#[test]
fn parallel_equals_sequential() {
    let mut pgn = Vec::new();
    for i in 0..3000 {
        pgn.extend_from_slice(format!("[Round \"{i}\"]\n1. e4 e5 2. Nf3 Nc6 *\n\n").as_bytes());
        if i % 7 == 0 {
            pgn.extend_from_slice(b"1. e5 *\n\n");
        }
    }
    let mut results = Vec::new();
    for threads in [1, 2, 3] {
        let mut reports = Vec::new();
        Pipeline::new(Reader::new(&pgn[..]))
            .threads(threads)
            .run(
                |batch| check_games(&batch, SanMode::Lenient),
                |r| {
                    reports.push(r);
                    true
                },
            )
            .expect("no I/O error");
        let mut total = crate::Report::default();
        for r in reports {
            total.merge(r);
        }
        results.push(total);
    }
    assert_eq!(results[0].games, 3429);
    assert_eq!(results[0].errors.len(), 429);
    assert_eq!(results[0], results[1]);
    assert_eq!(results[0], results[2]);
}

fn many_games() -> Vec<u8> {
    let mut pgn = Vec::new();
    for i in 0..60_000 {
        pgn.extend_from_slice(format!("[Round \"{i}\"]\n1. e4 e5 2. Nf3 Nc6 *\n\n").as_bytes());
    }
    pgn
}

/// Dozens of chunks and batches, and slow work: the results still come in input order.
#[test]
fn the_order_holds_under_slow_work() {
    let pgn = many_games();
    for threads in [2, 3] {
        let mut firsts = Vec::new();
        Pipeline::new(Reader::new(&pgn[..]))
            .threads(threads)
            .run_sized(
                RecordCollector::new,
                |batch: Vec<GameRecord>| {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                    (batch[0].game, batch.len())
                },
                |r| {
                    firsts.push(r);
                    true
                },
                Sizes {
                    chunk: 64 * 1024,
                    max: 1 << 20,
                },
            )
            .expect("no I/O error");
        assert!(firsts.len() > 40, "{}", firsts.len());
        let mut next = 1;
        for (first, len) in firsts {
            assert_eq!(first, next);
            next += len as u64;
        }
        assert_eq!(next, 60_001);
    }
}

/// Work that panics on one batch: the panic reaches the caller as itself, and no thread is
/// left waiting for that batch's turn.
#[test]
fn a_panic_in_the_work_reaches_the_caller() {
    let pgn = many_games();
    let run = std::panic::catch_unwind(|| {
        Pipeline::new(Reader::new(&pgn[..])).threads(2).run_sized(
            RecordCollector::new,
            |batch: Vec<GameRecord>| assert!(batch[0].game < 1000, "a bad batch"),
            |()| true,
            Sizes {
                chunk: 4096,
                max: 1 << 16,
            },
        )
    });
    // The worker's own panic, with its message.
    let panic = run.expect_err("the panic reaches the caller");
    let message = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied());
    assert_eq!(message, Some("a bad batch"));
}

/// An input whose `read` panics part way (on the splitting thread): the panic reaches the
/// caller, never an I/O error that would pass for damage to the input.
#[test]
fn a_panic_while_splitting_reaches_the_caller() {
    struct PanicsLater<'a> {
        data: &'a [u8],
        reads: usize,
    }
    impl Read for PanicsLater<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.reads += 1;
            assert!(self.reads < 4, "a read that panics");
            self.data.read(buf)
        }
    }
    let pgn = many_games();
    let run = std::panic::catch_unwind(|| {
        let input = PanicsLater {
            data: &pgn[..],
            reads: 0,
        };
        Pipeline::new(Reader::new(input)).threads(2).run_sized(
            RecordCollector::new,
            |batch: Vec<GameRecord>| batch.len(),
            |_| true,
            Sizes {
                chunk: 4096,
                max: 1 << 16,
            },
        )
    });
    let panic = run.expect_err("the panic reaches the caller");
    let message = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied());
    assert_eq!(message, Some("a read that panics"));
}

/// A chunk's buffer goes back to the pool when its last reference drops (not before),
/// and the pool keeps no more than its bound.
#[test]
fn buffers_come_back_to_a_bounded_pool() {
    let pool = Pool::new(2);
    let a = Arc::new(Bytes::new(vec![1; 100], &pool));
    let held = Arc::clone(&a);
    drop(a);
    assert!(pool.spare().is_empty());
    assert_eq!(&held[..], &[1; 100][..]);
    drop(held);
    assert_eq!(pool.spare().len(), 1);
    let again = pool.take();
    assert!(again.is_empty() && again.capacity() >= 100);
    for _ in 0..5 {
        drop(Bytes::new(vec![2; 10], &pool));
    }
    assert_eq!(pool.spare().len(), 2);
}

/// A consumer that stops: the run ends (no thread left waiting) and says Ok.
#[test]
fn a_consumer_that_stops_ends_the_run() {
    let pgn = many_games();
    for threads in [1, 2, 3] {
        let mut seen = 0;
        Pipeline::new(Reader::new(&pgn[..]))
            .threads(threads)
            .run(
                |batch| batch.len(),
                |_| {
                    seen += 1;
                    seen < 3
                },
            )
            .expect("no I/O error");
        assert_eq!(seen, 3);
    }
}

/// The games a door given `input` in pieces of `piece` bytes reads: each part cut at
/// [`whole_games`] of what it holds and read by [`Reader::resume`] where the part before
/// ended ([`Resume::after`]); also how many parts.
fn read_in_parts(input: &[u8], piece: usize, what: &str) -> (Vec<Out>, usize) {
    use crate::input::Resume;
    let mut got = Vec::new();
    let mut at = Resume::default();
    let mut held: Vec<u8> = Vec::new();
    let mut parts = 0;
    let mut pieces = input.chunks(piece).peekable();
    while let Some(bytes) = pieces.next() {
        held.extend_from_slice(bytes);
        let cut = if pieces.peek().is_none() {
            held.len()
        } else {
            whole_games(&held, at.offset)
        };
        if cut == 0 {
            continue;
        }
        let part: Vec<u8> = held.drain(..cut).collect();
        let mut reader = Reader::resume(&part[..], at.offset, at.line, at.games);
        let before = got.len();
        reader
            .read_all(&mut visitor(), |o| got.push(o))
            .expect("a slice reads");
        assert_eq!(reader.bytes_consumed(), at.offset + part.len() as u64);
        at = at.after(&part, (got.len() - before) as u64);
        assert_eq!(reader.line(), at.line, "{what}: pieces of {piece}");
        parts += 1;
    }
    (got, parts)
}

/// A door given its input a piece at a time, each part cut at [`whole_games`], reads what
/// one reader of the whole input reads (game numbers, lines and all).
#[test]
fn parts_cut_at_whole_games_read_what_one_reader_reads() {
    for (path, input) in crate::reader::tests::sample_games() {
        let input = &input[..input.len().min(300_000)];
        let expected = serial(input);
        for piece in [997, 20_000] {
            let what = path.display().to_string();
            let (got, parts) = read_in_parts(input, piece, &what);
            assert!(parts > 1 || input.len() <= piece, "{what}");
            assert!(got == expected, "{what}: pieces of {piece}");
        }
    }
}

/// The same where [`game_cut`] alone would cut inside a game: a comment, a variation or
/// tags across a blank line and a `[`, games without a result, a game larger than the
/// pieces; pieces of every size down to a byte.
#[test]
fn parts_cut_at_whole_games_read_what_one_reader_reads_at_awkward_cuts() {
    let cases: &[&[u8]] = &[
        b"[Event \"a\"]\n\n1. e4 { a comment\n\n[Event \"x\"]\n\n} e5 1-0\n\n",
        b"[Event \"a\"]\n\n1. e4 (1. d4 d5\n\n[Event \"in a variation\"]\n\n1. c4) e5 *\n\n",
        b"1. e4 e5\n\n[Event \"no result before\"]\n1. d4\n\n[Event \"c\"]\n\n1. Nf3 1/2-1/2\n",
        b"[Event \"a\"]\n\n[Site \"tags after a blank line\"]\n\n1. e4 *\n\n",
        b"1. e4 1-0 { after the result\n\n[Event \"x\"]\n\n} 1. d4 *\n\n[Event \"y\"]\n1. e4 *\n",
        b"[Event \"crlf\"]\r\n\r\n1. d4 {\r\n\r\n[X \"y\"]\r\n} *\r\n\r\n",
        b"1. e4 1-0\n\n%escape\n\n[Event \"e\"]\n%more\n1. d4 *\n\n",
    ];
    for (i, case) in cases.iter().enumerate() {
        let mut input = Vec::new();
        for _ in 0..20 {
            input.extend_from_slice(case);
        }
        let expected = serial(&input);
        for piece in [1, 7, 16, 61, 250, input.len()] {
            let what = format!("case {i}");
            let (got, _) = read_in_parts(&input, piece, &what);
            assert_eq!(got.len(), expected.len(), "{what}: pieces of {piece}");
            assert!(got == expected, "{what}: pieces of {piece}");
        }
    }
    // One game larger than many pieces: read once, whole, when the input ends.
    let mut big = b"[Event \"big\"]\n\n1. e4 {".to_vec();
    for _ in 0..500 {
        big.extend_from_slice(b"text\n\n[Event \"x\"]\n\n");
    }
    big.extend_from_slice(b"} e5 1-0\n\n[Event \"after\"]\n\n1. d4 *\n");
    let (got, _) = read_in_parts(&big, 100, "big");
    assert_eq!(got.len(), 2);
    assert!(got == serial(&big));
}

/// [`game_cut`] finds the last game start, with LF or CRLF line ends, and none without.
#[test]
fn game_cut_finds_the_last_game_start() {
    let two = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    assert_eq!(game_cut(two), Some(22));
    assert_eq!(&two[22..23], b"[");
    let crlf = b"[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n";
    assert_eq!(&crlf[game_cut(crlf).unwrap()..][..7], b"[Event ");
    assert_eq!(game_cut(b"[Event \"a\"]\n\n1. e4 *\n"), None);
}
