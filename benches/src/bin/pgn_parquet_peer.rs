//! `pgn_parquet_peer OUT.parquet FILE...`: the peer of `chessbits pgn games --threads 1 -o
//! OUT.parquet FILE...`, with the same shape: pgn-reader 0.29 reads each file (plain, or
//! zstd when the first bytes say so), shakmaty 0.30 plays every mainline SAN and writes its
//! canonical SAN and UCI, and the parquet crate's `ArrowWriter` (snappy, its default
//! settings otherwise) writes the games table's default columns from arrow-rs builders,
//! 8192 games a batch: what a Rust user would write with the usual crates.
//!
//! `cargo xtask bench` times it interleaved with the command (`xtask/src/pgn_scale.rs`).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::Arc;

use arrow_array::builder::{
    Float64Builder, Int32Builder, Int64Builder, ListBuilder, StringBuilder, StructBuilder,
    TimestampSecondBuilder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef, TimeUnit};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;
use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

/// One game as read.
#[derive(Default)]
struct Game {
    tags: Vec<(String, String)>,
    san: Vec<String>,
    uci: Vec<String>,
    clocks: Vec<Option<f64>>,
    evals: Vec<Option<(Option<i32>, Option<i32>)>>,
    error: Option<String>,
    result: Option<String>,
}

struct Collect;

struct Movetext {
    pos: Chess,
    game: Game,
    ok: bool,
}

impl Visitor for Collect {
    type Tags = Game;
    type Movetext = Movetext;
    type Output = Game;

    fn begin_tags(&mut self) -> ControlFlow<Game, Game> {
        ControlFlow::Continue(Game::default())
    }

    fn tag(&mut self, game: &mut Game, name: &[u8], value: RawTag<'_>) -> ControlFlow<Game> {
        game.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            String::from_utf8_lossy(&value.decode()).into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, game: Game) -> ControlFlow<Game, Movetext> {
        let fen = game
            .tags
            .iter()
            .find(|(n, _)| n == "FEN")
            .map(|(_, v)| v.clone());
        let mut m = Movetext {
            pos: Chess::default(),
            game,
            ok: true,
        };
        if let Some(fen) = fen {
            match shakmaty::fen::Fen::from_ascii(fen.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Chess960).ok())
            {
                Some(pos) => m.pos = pos,
                None => {
                    m.ok = false;
                    m.game.error = Some(format!("bad FEN {fen}"));
                }
            }
        }
        ControlFlow::Continue(m)
    }

    fn san(&mut self, m: &mut Movetext, san: SanPlus) -> ControlFlow<Game> {
        if !m.ok {
            return ControlFlow::Continue(());
        }
        match san.san.to_move(&m.pos) {
            Ok(mv) => {
                let uci = UciMove::from_move(mv, m.pos.castles().mode());
                let played = shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut m.pos, mv);
                m.game.san.push(played.to_string());
                m.game.uci.push(uci.to_string());
                m.game.clocks.push(None);
                m.game.evals.push(None);
            }
            Err(e) => {
                m.ok = false;
                m.game.error = Some(format!("{san}: {e}"));
            }
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, m: &mut Movetext, comment: RawComment<'_>) -> ControlFlow<Game> {
        if m.ok && !m.game.san.is_empty() {
            let text = String::from_utf8_lossy(comment.as_bytes());
            if let Some(c) = command(&text, "clk").and_then(clock) {
                *m.game.clocks.last_mut().expect("a move") = Some(c);
            }
            if let Some(e) = command(&text, "eval").and_then(eval) {
                *m.game.evals.last_mut().expect("a move") = Some(e);
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, m: &mut Movetext, outcome: pgn_reader::Outcome) -> ControlFlow<Game> {
        m.game.result = Some(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, m: Movetext) -> Game {
        m.game
    }
}

fn command<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let start = text.find(&format!("[%{name} "))? + name.len() + 3;
    let end = text[start..].find(']')? + start;
    Some(text[start..end].trim())
}

fn clock(v: &str) -> Option<f64> {
    v.split(':')
        .try_fold(0.0, |acc, p| p.parse::<f64>().ok().map(|x| acc * 60.0 + x))
}

fn eval(v: &str) -> Option<(Option<i32>, Option<i32>)> {
    let v = v.split(',').next()?;
    match v.strip_prefix('#') {
        Some(m) => Some((None, Some(m.parse().ok()?))),
        None => Some((Some((v.parse::<f64>().ok()? * 100.0).round() as i32), None)),
    }
}

fn eval_fields() -> Fields {
    Fields::from(vec![
        Field::new("cp", DataType::Int32, true),
        Field::new("mate", DataType::Int32, true),
    ])
}

fn tag_fields() -> Fields {
    Fields::from(vec![
        Field::new("key", DataType::Utf8, false),
        Field::new("value", DataType::Utf8, false),
    ])
}

const TEXT: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
const MORE: [&str; 6] = [
    "ECO",
    "Opening",
    "TimeControl",
    "Termination",
    "UTCDate",
    "UTCTime",
];

fn schema() -> SchemaRef {
    let list = |t: DataType| DataType::List(Arc::new(Field::new("item", t, true)));
    let mut f = vec![
        Field::new("file", DataType::Utf8, false),
        Field::new("game", DataType::Int64, false),
    ];
    for c in ["event", "site", "date", "round", "white", "black", "result"] {
        f.push(Field::new(c, DataType::Utf8, true));
    }
    f.push(Field::new("white_elo", DataType::Int32, true));
    f.push(Field::new("black_elo", DataType::Int32, true));
    for c in [
        "eco",
        "opening",
        "time_control",
        "termination",
        "utc_date",
        "utc_time",
        "variant",
        "game_id",
        "white_title",
        "black_title",
    ] {
        f.push(Field::new(c, DataType::Utf8, true));
    }
    f.push(Field::new("white_rating_diff", DataType::Int32, true));
    f.push(Field::new("black_rating_diff", DataType::Int32, true));
    f.push(Field::new(
        "utc_timestamp",
        DataType::Timestamp(TimeUnit::Second, Some("+00:00".into())),
        true,
    ));
    f.push(Field::new("base_seconds", DataType::Int32, true));
    f.push(Field::new("increment_seconds", DataType::Int32, true));
    f.push(Field::new(
        "tags",
        list(DataType::Struct(tag_fields())),
        false,
    ));
    f.push(Field::new("plies", DataType::Int32, false));
    f.push(Field::new("moves_uci", list(DataType::Utf8), false));
    f.push(Field::new("moves_san", list(DataType::Utf8), false));
    f.push(Field::new("clocks", list(DataType::Float64), true));
    f.push(Field::new(
        "evals",
        list(DataType::Struct(eval_fields())),
        true,
    ));
    f.push(Field::new("error", DataType::Utf8, true));
    Arc::new(Schema::new(f))
}

fn tag<'a>(g: &'a Game, name: &str) -> Option<&'a str> {
    g.tags
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

fn days(date: &str) -> Option<i64> {
    let mut p = date.split('.');
    let (y, m, d): (i64, i64, i64) = (
        p.next()?.parse().ok()?,
        p.next()?.parse().ok()?,
        p.next()?.parse().ok()?,
    );
    let (y, m) = if m <= 2 { (y - 1, m + 9) } else { (y, m - 3) };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    Some(era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + (153 * m + 2) / 5 + d - 1 - 719_468)
}

fn batch(file: &str, first: u64, games: &[Game], schema: &SchemaRef) -> RecordBatch {
    let mut file_col = StringBuilder::new();
    let mut game = Int64Builder::new();
    let mut text: Vec<StringBuilder> = (0..7).map(|_| StringBuilder::new()).collect();
    let mut elo = [Int32Builder::new(), Int32Builder::new()];
    let mut more: Vec<StringBuilder> = (0..10).map(|_| StringBuilder::new()).collect();
    let mut diff = [Int32Builder::new(), Int32Builder::new()];
    let mut ts = TimestampSecondBuilder::new().with_timezone("+00:00");
    let mut base = Int32Builder::new();
    let mut inc = Int32Builder::new();
    let mut tags = ListBuilder::new(StructBuilder::from_fields(tag_fields(), 0)).with_field(
        Arc::new(Field::new("item", DataType::Struct(tag_fields()), true)),
    );
    let mut plies = Int32Builder::new();
    let mut uci = ListBuilder::new(StringBuilder::new());
    let mut san = ListBuilder::new(StringBuilder::new());
    let mut clocks = ListBuilder::new(Float64Builder::new());
    let mut evals = ListBuilder::new(StructBuilder::from_fields(eval_fields(), 0)).with_field(
        Arc::new(Field::new("item", DataType::Struct(eval_fields()), true)),
    );
    let mut error = StringBuilder::new();
    for (k, g) in games.iter().enumerate() {
        file_col.append_value(file);
        game.append_value((first + k as u64) as i64);
        for (b, t) in text.iter_mut().zip(TEXT) {
            let v = tag(g, t).or(if t == "Result" {
                g.result.as_deref()
            } else {
                None
            });
            b.append_option(v);
        }
        for (b, t) in elo.iter_mut().zip(["WhiteElo", "BlackElo"]) {
            b.append_option(tag(g, t).and_then(|v| v.trim().parse().ok()));
        }
        for (b, t) in more.iter_mut().zip(MORE) {
            b.append_option(tag(g, t));
        }
        more[6].append_option(tag(g, "Variant"));
        more[7].append_option(
            tag(g, "Site")
                .and_then(|s| s.split_once("lichess.org/"))
                .map(|(_, id)| id),
        );
        more[8].append_option(tag(g, "WhiteTitle"));
        more[9].append_option(tag(g, "BlackTitle"));
        for (b, t) in diff.iter_mut().zip(["WhiteRatingDiff", "BlackRatingDiff"]) {
            b.append_option(tag(g, t).and_then(|v| v.trim().parse().ok()));
        }
        let secs = tag(g, "UTCTime").and_then(clock).unwrap_or(0.0) as i64;
        ts.append_option(tag(g, "UTCDate").and_then(days).map(|d| d * 86_400 + secs));
        let tc = tag(g, "TimeControl").and_then(|t| {
            let (b, i) = t.split_once('+').unwrap_or((t, "0"));
            Some((b.parse::<i32>().ok()?, i.parse::<i32>().ok()?))
        });
        base.append_option(tc.map(|t| t.0));
        inc.append_option(tc.map(|t| t.1));
        for (n, v) in &g.tags {
            let e = tags.values();
            e.field_builder::<StringBuilder>(0)
                .expect("key")
                .append_value(n);
            e.field_builder::<StringBuilder>(1)
                .expect("value")
                .append_value(v);
            e.append(true);
        }
        tags.append(true);
        plies.append_value(g.san.len() as i32);
        for m in &g.uci {
            uci.values().append_value(m);
        }
        uci.append(true);
        for m in &g.san {
            san.values().append_value(m);
        }
        san.append(true);
        if g.clocks.iter().any(Option::is_some) {
            for c in &g.clocks {
                clocks.values().append_option(*c);
            }
            clocks.append(true);
        } else {
            clocks.append(false);
        }
        if g.evals.iter().any(Option::is_some) {
            for e in &g.evals {
                let s = evals.values();
                let (cp, mate) = e.unwrap_or((None, None));
                s.field_builder::<Int32Builder>(0)
                    .expect("cp")
                    .append_option(cp);
                s.field_builder::<Int32Builder>(1)
                    .expect("mate")
                    .append_option(mate);
                s.append(e.is_some());
            }
            evals.append(true);
        } else {
            evals.append(false);
        }
        error.append_option(g.error.as_deref());
    }
    let mut cols: Vec<ArrayRef> = vec![Arc::new(file_col.finish()), Arc::new(game.finish())];
    cols.extend(text.iter_mut().map(|b| Arc::new(b.finish()) as ArrayRef));
    cols.extend(elo.iter_mut().map(|b| Arc::new(b.finish()) as ArrayRef));
    cols.extend(more.iter_mut().map(|b| Arc::new(b.finish()) as ArrayRef));
    cols.extend(diff.iter_mut().map(|b| Arc::new(b.finish()) as ArrayRef));
    cols.push(Arc::new(ts.finish()));
    cols.push(Arc::new(base.finish()));
    cols.push(Arc::new(inc.finish()));
    cols.push(Arc::new(tags.finish()));
    cols.push(Arc::new(plies.finish()));
    cols.push(Arc::new(uci.finish()));
    cols.push(Arc::new(san.finish()));
    cols.push(Arc::new(clocks.finish()));
    cols.push(Arc::new(evals.finish()));
    cols.push(Arc::new(error.finish()));
    RecordBatch::try_new(schema.clone(), cols).expect("the schema's columns")
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

fn run(out: &str, paths: &[String]) -> Result<u64, Box<dyn std::error::Error>> {
    let schema = schema();
    let props = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .build();
    let mut writer = ArrowWriter::try_new(File::create(out)?, schema.clone(), Some(props))?;
    let mut total = 0;
    for path in paths {
        let mut reader = Reader::new(open(path)?);
        let mut games = Vec::with_capacity(8192);
        let mut first = 1;
        loop {
            let g = reader.read_game(&mut Collect)?;
            let end = g.is_none();
            games.extend(g);
            if games.len() == 8192 || (end && !games.is_empty()) {
                writer.write(&batch(path, first, &games, &schema))?;
                first += games.len() as u64;
                total += games.len() as u64;
                games.clear();
            }
            if end {
                break;
            }
        }
    }
    writer.close()?;
    Ok(total)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((out, paths)) = args.split_first().filter(|(_, p)| !p.is_empty()) else {
        eprintln!("usage: pgn_parquet_peer OUT.parquet FILE...");
        return ExitCode::from(2);
    };
    match run(out, paths) {
        Ok(n) => {
            eprintln!("{n} games rows written");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(3)
        }
    }
}
