//! `chessbits pgn` as a Unix filter on every kind of input: standard input, compression
//! recognised from the first bytes, a closed output pipe, hostile inputs (generated here,
//! not committed: megabytes of `) `, random bytes), damaged inputs (gzip with trailing
//! garbage, truncated zstd), and `pgn filter`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_chessbits")
}

fn chessbits(args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .output()
        .expect("run chessbits")
}

/// Runs chessbits with `input` on its standard input.
fn chessbits_stdin(args: &[&str], input: &[u8]) -> Output {
    let data = input.to_vec();
    fed(Command::new(bin()), args, move |w| {
        let _ = w.write_all(&data);
    })
}

/// Runs `cmd` with `args`, its standard input fed by `feed` on a thread of its own (as a
/// generator piping into the program would), and returns the output.
fn fed(
    mut cmd: Command,
    args: &[&str],
    feed: impl FnOnce(&mut std::process::ChildStdin) + Send + 'static,
) -> Output {
    let mut child = cmd
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || feed(&mut stdin));
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    o
}

fn temp(name: &str, content: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chessbits-pgn-unix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

fn sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sample")
        .join(name)
}

fn lichess() -> PathBuf {
    sample("lichess_db_2025-05_1000k.pgn.zst")
}

fn decoded(path: &Path) -> Vec<u8> {
    let mut out = Vec::new();
    chessbits_pgn::input::open(path)
        .unwrap()
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Peak resident memory of a run in KB, measured by `/usr/bin/time` where it exists.
fn peak_kb(args: &[&str]) -> Option<(u64, Output)> {
    if !Path::new("/usr/bin/time").exists() {
        println!("NOTICE: /usr/bin/time missing: peak memory not measured");
        return None;
    }
    let mut full = vec!["-f", "PEAK_KB=%M", bin()];
    full.extend_from_slice(args);
    let o = Command::new("/usr/bin/time").args(&full).output().unwrap();
    let err = stderr(&o);
    let kb = err
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("PEAK_KB="))
        .and_then(|v| v.trim().parse().ok())?;
    Some((kb, o))
}

/// `-` is standard input; zstd, gzip and plain text are recognised from the first bytes,
/// whatever the name.
#[test]
fn stdin_and_magic_bytes() {
    let text = decoded(&lichess());
    let zst = std::fs::read(lichess()).unwrap();
    for (what, bytes) in [
        ("plain", text.clone()),
        ("zstd", zst.clone()),
        ("gzip", gzip(&text)),
    ] {
        let o = chessbits_stdin(&["pgn", "check", "-"], &bytes);
        assert_eq!(o.status.code(), Some(0), "{what}: {}", stderr(&o));
        assert!(
            stdout(&o).contains("-: 438 games, 28538 moves, 0 errors"),
            "{what}: {}",
            stdout(&o)
        );
    }
    // A zstd file named .pgn and a gzip file named .zst.
    let misnamed = temp("really-zstd.pgn", &zst);
    let gz = temp("really-gzip.zst", &gzip(&text));
    let o = chessbits(&[
        "pgn",
        "check",
        misnamed.to_str().unwrap(),
        gz.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("total: 876 games, 57076 moves, 0 errors"));
    // fens writes to stdout without -o, and `-o -` is stdout too.
    let a = chessbits_stdin(&["pgn", "fens", "-"], &zst);
    let b = chessbits_stdin(&["pgn", "fens", "-", "-o", "-"], &zst);
    assert!(a.status.success() && b.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.stdout.iter().filter(|&&c| c == b'\n').count(), 28538 + 1);
    assert!(!Path::new("-").exists());
}

/// A reader that stops early (`| head`): the run ends quietly with status 0, whatever the
/// command and format.
#[test]
fn a_closed_pipe_ends_quietly() {
    let input = lichess();
    for args in [
        vec!["pgn", "moves"],
        vec!["pgn", "games", "--format", "ndjson"],
        vec!["pgn", "fens"],
        vec!["pgn", "filter"],
        vec!["pgn", "moves", "--format", "parquet"],
    ] {
        let mut child = Command::new(bin())
            .args(&args)
            .arg(&input)
            .arg(&input)
            .arg(&input)
            .arg("--threads")
            .arg("2")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut out = child.stdout.take().unwrap();
        let mut first = [0u8; 100];
        out.read_exact(&mut first).unwrap();
        drop(out);
        let o = child.wait_with_output().unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.to_lowercase().contains("error"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// 1 MB and 10 MB of `) `: every error of the game is counted but at most
/// `MAX_GAME_ERRORS` are written, memory stays small, and the good game after it is read.
#[test]
fn megabytes_of_close_parens() {
    for mb in [1usize, 10] {
        let mut data = b") ".repeat(mb * 500_000);
        data.extend_from_slice(b"\n\n[Event \"good\"]\n\n1. e4 e5 2. Nf3 *\n");
        let path = temp(&format!("parens{mb}.pgn"), &data);
        let p = path.to_str().unwrap();
        let o = chessbits(&["pgn", "check", p]);
        assert_eq!(o.status.code(), Some(1));
        assert!(
            stdout(&o).contains("2 games, 3 moves, 101 errors in 1 games"),
            "{}",
            stdout(&o)
        );
        let err = stderr(&o);
        assert!(err.contains(&format!(
            "{} more errors in this game",
            mb * 500_000 - chessbits_pgn::MAX_GAME_ERRORS
        )));
        assert!(err.len() < 20_000, "{} bytes on stderr", err.len());
        let o = chessbits(&["pgn", "check", "--json", p]);
        assert_eq!(o.status.code(), Some(1));
        assert!(o.stderr.len() < 30_000, "{} bytes of JSON", o.stderr.len());
        for line in o.stderr.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let v: serde_json::Value = serde_json::from_slice(line).unwrap();
            assert!(v["type"] == "game_error" || v["type"] == "total", "{v}");
        }
        if let Some((kb, o)) = peak_kb(&["pgn", "check", p]) {
            assert_eq!(o.status.code(), Some(1));
            println!("{mb} MB of `) `: peak {kb} KB");
            assert!(kb < 100_000, "{mb} MB of `) ` took {kb} KB");
        }
    }
}

/// The output of `pgn check` on garbage followed by one good game: status 1, no panic,
/// over a thousand errors streamed, and the last game (the good one) without an error.
fn garbage_then_a_good_game(o: &Output) {
    assert_eq!(o.status.code(), Some(1), "{}", stderr(o));
    let err = stderr(o);
    assert!(!err.contains("panicked"));
    assert!(err.lines().count() > 1000);
    let games: u64 = stdout(o)
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        !err.contains(&format!("game {games},")),
        "the good game had an error"
    );
}

/// Random bytes (generated here): no crash, the errors streamed, memory flat, and the good
/// game after them is read.
#[test]
fn random_bytes() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut data = Vec::with_capacity(20 << 20);
    while data.len() < 20 << 20 {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        data.extend_from_slice(&z.to_le_bytes());
    }
    // Not mistaken for a compressed file.
    data[0] = b' ';
    data.extend_from_slice(b"\n\n[Event \"good\"]\n\n1. d4 d5 *\n");
    let path = temp("random.bin", &data);
    let p = path.to_str().unwrap();
    let (kb, o) = match peak_kb(&["pgn", "check", p]) {
        Some((kb, o)) => (Some(kb), o),
        None => (None, chessbits(&["pgn", "check", p])),
    };
    garbage_then_a_good_game(&o);
    if let Some(kb) = kb {
        println!("20 MB of random bytes: peak {kb} KB");
        assert!(kb < 100_000, "random bytes took {kb} KB");
    }
    // The same bytes through a pipe (reads of whatever size the pipe hands out) on two
    // threads: the same games, errors and counts. (A comment that ended where a read ended
    // used to end its game there.)
    let piped = chessbits_stdin(&["pgn", "check", "-", "--threads", "2"], &data);
    let unnamed = |text: String, name: &str| -> Vec<String> {
        text.lines()
            // Leave out the speed line and what `/usr/bin/time` adds.
            .filter(|l| {
                !l.contains(" MB in ")
                    && !l.starts_with("PEAK_KB=")
                    && !l.starts_with("Command exited")
            })
            .map(|l| l.replacen(name, "", 1))
            .collect()
    };
    assert_eq!(
        unnamed(stdout(&piped), "-"),
        unnamed(stdout(&o), p),
        "summaries differ"
    );
    let (a, b) = (unnamed(stderr(&piped), "-"), unnamed(stderr(&o), p));
    assert_eq!(a.len(), b.len(), "a different number of error lines");
    assert!(a == b, "error lines differ");
}

/// Runs chessbits under `/usr/bin/time` with standard input fed by `feed` (on a thread of
/// its own, as a generator piping into the program would); returns the peak resident
/// memory in KB (None where `/usr/bin/time` is missing) and the output.
fn peak_kb_stdin(
    args: &[&str],
    feed: impl FnOnce(&mut std::process::ChildStdin) + Send + 'static,
) -> (Option<u64>, Output) {
    let timed = Path::new("/usr/bin/time").exists();
    let cmd = if timed {
        let mut c = Command::new("/usr/bin/time");
        c.args(["-f", "PEAK_KB=%M", bin()]);
        c
    } else {
        println!("NOTICE: /usr/bin/time missing: peak memory not measured");
        Command::new(bin())
    };
    let o = fed(cmd, args, feed);
    let kb = stderr(&o)
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("PEAK_KB="))
        .and_then(|v| v.trim().parse().ok());
    (kb, o)
}

/// A stream many times the size of the program's memory, generated on the fly into a
/// pipe (the Lichess sample decoded 40 times, 40 MB): every game is read, with one thread
/// and with two (where a thread of its own reads the input and cuts it into chunks), in
/// flat memory.
#[test]
fn a_long_stream_through_stdin_in_flat_memory() {
    let text = decoded(&lichess());
    for threads in ["1", "2"] {
        let chunk = text.clone();
        let (kb, o) = peak_kb_stdin(&["pgn", "check", "-", "--threads", threads], move |w| {
            for _ in 0..40 {
                if w.write_all(&chunk).is_err() {
                    return;
                }
            }
        });
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(
            stdout(&o).contains("-: 17520 games, 1141520 moves, 0 errors"),
            "{}",
            stdout(&o)
        );
        if let Some(kb) = kb {
            println!("40 MB through stdin on {threads} thread(s): peak {kb} KB");
            assert!(kb < 100_000, "{kb} KB");
        }
    }
}

/// 200 MB of random bytes through standard input on two threads, generated as they are
/// written (the case: it used to abort with no output): no crash, a million errors
/// streamed, memory flat, the good game after them read.
#[test]
fn random_bytes_through_stdin() {
    const MB: usize = 200;
    let (kb, o) = peak_kb_stdin(&["pgn", "check", "-", "--threads", "2"], move |w| {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut chunk = vec![0u8; 1 << 20];
        chunk[0] = b' ';
        for i in 0..MB {
            for (k, word) in chunk.chunks_exact_mut(8).enumerate() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if i > 0 || k > 0 {
                    word.copy_from_slice(&x.to_le_bytes());
                }
            }
            if w.write_all(&chunk).is_err() {
                return;
            }
        }
        let _ = w.write_all(b"\n\n[Event \"good\"]\n\n1. d4 d5 *\n");
    });
    garbage_then_a_good_game(&o);
    if let Some(kb) = kb {
        println!("{MB} MB of random bytes through stdin: peak {kb} KB");
        assert!(kb < 100_000, "random bytes took {kb} KB");
    }
}

/// gzip with trailing garbage: every game of the good member is kept (as `gzip -d` reads
/// it), the damage is reported with how far it got, the next input is still read, status 3.
#[test]
fn gzip_with_trailing_garbage() {
    let mut gz = gzip(&decoded(&lichess()));
    gz.extend_from_slice(b"this is not gzip\n");
    let bad = temp("trailing.pgn.gz", &gz);
    let good = sample("twic0920.pgn.zst");
    let o = chessbits(&[
        "pgn",
        "check",
        bad.to_str().unwrap(),
        good.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(3));
    let out = stdout(&o);
    assert!(
        out.contains(
            "trailing.pgn.gz: 438 games, 28538 moves, 0 errors in 0 games (input damaged)"
        ),
        "{out}"
    );
    assert!(
        out.contains("twic0920.pgn.zst: 500 games, 42773 moves, 0 errors"),
        "{out}"
    );
    let err = stderr(&o);
    assert!(
        err.contains("input damaged after") && err.contains("438 games read before the damage"),
        "{err}"
    );
    // The same as JSON, and the rows of a table are kept too.
    let o = chessbits(&[
        "pgn",
        "games",
        "--json",
        bad.to_str().unwrap(),
        "--format",
        "ndjson",
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(o.stdout.iter().filter(|&&c| c == b'\n').count(), 438);
    let first: serde_json::Value =
        serde_json::from_slice(o.stderr.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(first["type"], "input_error");
    assert_eq!(first["games_before"], 438);
}

/// A truncated zstd file: the games before the cut are kept and counted, the damage is
/// reported with the bytes read, the next input is still read, status 3.
#[test]
fn truncated_zstd() {
    let zst = std::fs::read(lichess()).unwrap();
    let cut = temp("cut.pgn.zst", &zst[..zst.len() / 2]);
    let good = sample("twic0920.pgn.zst");
    let o = chessbits(&[
        "pgn",
        "check",
        "--json",
        cut.to_str().unwrap(),
        good.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(3));
    let err: Vec<serde_json::Value> = o
        .stderr
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    let damage = err.iter().find(|v| v["type"] == "input_error").unwrap();
    let before = damage["games_before"].as_u64().unwrap();
    assert!(before > 100 && before < 438, "{damage}");
    assert_eq!(
        damage["bytes_read"].as_u64().unwrap(),
        (zst.len() / 2) as u64
    );
    assert!(
        damage["message"].as_str().unwrap().contains("frame"),
        "{damage}"
    );
    let files: Vec<serde_json::Value> = o
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(files[0]["games"].as_u64(), Some(before));
    assert_eq!(files[0]["damaged"], true);
    assert_eq!(files[1]["games"], 500);
    assert_eq!(files[1]["damaged"], false);
}

/// The tables take the same route: a truncated zstd file gives a row for every game read
/// before the damage (as many as `pgn check` counts), the damage on stderr, status 3.
#[test]
fn truncated_zstd_tables_keep_the_games_before_the_damage() {
    let zst = std::fs::read(lichess()).unwrap();
    let cut = temp("cut-tables.pgn.zst", &zst[..zst.len() / 2]);
    let check = chessbits(&["pgn", "check", "--json", cut.to_str().unwrap()]);
    let files: Vec<serde_json::Value> = check
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    let games = files[0]["games"].as_u64().unwrap();
    for threads in ["1", "2"] {
        let o = chessbits(&[
            "pgn",
            "games",
            "--json",
            "--threads",
            threads,
            cut.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
        let rows = o
            .stdout
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .count();
        assert_eq!(rows as u64, games + 1, "a header and a row per game");
        assert!(stderr(&o).contains("input_error"), "{}", stderr(&o));
    }
}

/// Games kept by `pgn filter`, read back.
fn kept(args: &[&str]) -> Vec<chessbits_pgn::Game> {
    let o = chessbits(args);
    assert!(o.status.code() == Some(0), "{args:?}: {}", stderr(&o));
    let mut games = Vec::new();
    chessbits_pgn::Reader::new(&o.stdout[..])
        .read_all(&mut chessbits_pgn::GameBuilder::new(), |(g, e)| {
            assert!(e.is_empty());
            games.push(g);
        })
        .unwrap();
    games
}

/// The source games, read here.
fn source(path: &Path) -> Vec<chessbits_pgn::Game> {
    let text = decoded(path);
    let mut games = Vec::new();
    chessbits_pgn::Reader::new(&text[..])
        .read_all(&mut chessbits_pgn::GameBuilder::new(), |(g, _)| {
            games.push(g)
        })
        .unwrap();
    games
}

fn tag<'a>(g: &'a chessbits_pgn::Game, name: &str) -> &'a str {
    std::str::from_utf8(g.tag(name).unwrap_or(b"")).unwrap()
}

#[test]
fn filter_by_tags_result_plies_and_position() {
    let input = sample("twic0920.pgn.zst");
    let i = input.to_str().unwrap();
    let all = source(&input);
    let elo = |g: &chessbits_pgn::Game, t| tag(g, t).parse::<i32>().ok();
    let count = |f: &dyn Fn(&chessbits_pgn::Game) -> bool| all.iter().filter(|g| f(g)).count();

    let strong = kept(&["pgn", "filter", i, "--elo", "2600..", "--result", "1-0"]);
    let expected = count(&|g| {
        elo(g, "WhiteElo").is_some_and(|e| e >= 2600)
            && elo(g, "BlackElo").is_some_and(|e| e >= 2600)
            && tag(g, "Result") == "1-0"
    });
    assert!(expected > 0);
    assert_eq!(strong.len(), expected);
    assert!(strong.iter().all(|g| tag(g, "Result") == "1-0"));

    let white = tag(&all[0], "White").to_owned();
    let by_name = kept(&["pgn", "filter", i, "--tag", &format!("White={white}")]);
    assert_eq!(by_name.len(), count(&|g| tag(g, "White") == white));
    let contains = kept(&["pgn", "filter", i, "--tag-contains", "Event=OPEN"]);
    assert_eq!(
        contains.len(),
        count(&|g| tag(g, "Event").to_lowercase().contains("open"))
    );
    let range = kept(&["pgn", "filter", i, "--tag-range", "WhiteElo=..2200"]);
    assert_eq!(
        range.len(),
        count(&|g| elo(g, "WhiteElo").is_some_and(|e| e <= 2200))
    );
    let short = kept(&["pgn", "filter", i, "--max-plies", "40", "--min-plies", "1"]);
    let n = count(&|g| (1..=40).contains(&g.mainline().len()));
    assert!(n > 0);
    assert_eq!(short.len(), n);
    // The Sicilian after 1. e4 c5, by FEN (the move counters do not matter).
    let sicilian = kept(&[
        "pgn",
        "filter",
        i,
        "--fen",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 99",
    ]);
    let n = count(&|g| {
        let m: Vec<&[u8]> = g.mainline_sans().take(2).collect();
        m == [b"e4".as_slice(), b"c5".as_slice()]
    });
    assert!(n > 0);
    assert!(sicilian.len() >= n);
    // Kept games are written whole, in the writer's export format.
    let o = chessbits(&["pgn", "filter", i, "--elo", "2600..", "--result", "1-0"]);
    let mut again = Vec::new();
    for g in &strong {
        chessbits_pgn::write_game(g, &mut again);
    }
    assert_eq!(o.stdout, again);
}

#[test]
fn filter_drops_duplicates() {
    let input = sample("twic0920.pgn.zst");
    let i = input.to_str().unwrap();
    // The same file twice, and through stdin once more: each game is kept once.
    let zst = std::fs::read(&input).unwrap();
    let o = chessbits_stdin(&["pgn", "filter", i, "-", i, "--dedup"], &zst);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut n = 0;
    chessbits_pgn::Reader::new(&o.stdout[..])
        .read_all(&mut chessbits_pgn::GameBuilder::new(), |_| n += 1)
        .unwrap();
    let all = source(&input);
    let distinct: std::collections::HashSet<Vec<Vec<u8>>> = all
        .iter()
        .map(|g| g.mainline_sans().map(<[u8]>::to_vec).collect())
        .collect();
    assert_eq!(n, distinct.len());
    // Without --dedup, all three copies.
    let o = chessbits_stdin(&["pgn", "filter", i, "-", i], &zst);
    let mut m = 0;
    chessbits_pgn::Reader::new(&o.stdout[..])
        .read_all(&mut chessbits_pgn::GameBuilder::new(), |_| m += 1)
        .unwrap();
    assert_eq!(m, 3 * all.len());
}
