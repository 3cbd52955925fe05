//! `pgn_peer FILE...`: the peer of `chessbits pgn check --threads 1`, with the same shape
//! as the command, so that a whole-process ratio is the one users see. It opens each file
//! (plain PGN, or zstd when the first bytes say so), reads it with pgn-reader 0.29, decodes
//! every mainline SAN in its position with shakmaty 0.30 and plays it (a `FEN` tag sets the
//! start position; variations are skipped, as the command skips them), and prints one line
//! per file: games, moves, and the games in which a move could not be played.
//!
//! `cargo xtask bench` runs it interleaved with `chessbits pgn check --threads 1`
//! (`xtask/src/pgn_scale.rs`), which also uses `pgn_peer --cat FILE...` (the files'
//! bytes, zstd decoded, on stdout) to lay out its plain-PGN inputs.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Position};

#[derive(Default)]
struct Replay {
    games: u64,
    moves: u64,
    bad: u64,
}

impl Visitor for Replay {
    type Tags = Option<Chess>;
    type Movetext = (Chess, bool);
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if name == b"FEN" {
            let pos = shakmaty::fen::Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Standard).ok());
            match pos {
                Some(pos) => *tags = Some(pos),
                None => {
                    self.games += 1;
                    self.bad += 1;
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), (Chess, bool)> {
        ControlFlow::Continue((tags.unwrap_or_default(), true))
    }

    fn san(&mut self, m: &mut (Chess, bool), san: SanPlus) -> ControlFlow<()> {
        if !m.1 {
            return ControlFlow::Continue(());
        }
        match san.san.to_move(&m.0) {
            Ok(mv) => {
                m.0.play_unchecked(mv);
                self.moves += 1;
            }
            Err(_) => m.1 = false,
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, m: (Chess, bool)) {
        self.games += 1;
        self.bad += u64::from(!m.1);
    }
}

/// The file's bytes, decompressed when it starts with the zstd magic number.
fn open(path: &str) -> io::Result<Box<dyn Read>> {
    let mut file = BufReader::with_capacity(1 << 16, File::open(path)?);
    let zstd = file.fill_buf()?.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]);
    Ok(if zstd {
        Box::new(zstd::stream::read::Decoder::with_buffer(file)?)
    } else {
        Box::new(file)
    })
}

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: pgn_peer FILE... | pgn_peer --cat FILE...");
        return ExitCode::from(2);
    }
    let mut out = io::stdout().lock();
    if let Some(("--cat", files)) = paths.split_first().map(|(f, r)| (f.as_str(), r)) {
        for path in files {
            if let Err(e) = open(path).and_then(|mut r| io::copy(&mut r, &mut out)) {
                eprintln!("{path}: {e}");
                return ExitCode::from(3);
            }
        }
        return ExitCode::SUCCESS;
    }
    for path in &paths {
        let input = match open(path) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::from(3);
            }
        };
        let mut visitor = Replay::default();
        let mut reader = Reader::new(input);
        loop {
            match reader.read_game(&mut visitor) {
                Ok(Some(())) => {}
                Ok(None) => break,
                Err(e) => {
                    eprintln!("{path}: {e}");
                    return ExitCode::from(3);
                }
            }
        }
        let _ = writeln!(
            out,
            "{path}: {} games, {} moves, {} games with errors",
            visitor.games, visitor.moves, visitor.bad
        );
    }
    ExitCode::SUCCESS
}
