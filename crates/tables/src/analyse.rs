//! Engine analysis of the moves table (feature `engine`): `chessbits analyse`'s route.
//!
//! The games go through the one driver ([`crate::drive()`]) with [`MovesWork`], the moves
//! table's rows (the row rule of [`crate::rows`], unchanged) with each game's tree kept for
//! `--annotate`. On the calling thread an [`Analyser`] takes each batch in input order,
//! cuts it into chunks of whole games, sends every position after a move that the run has
//! not seen to a [`chessbits_uci::EnginePool`] (a position is keyed by its FEN without the
//! move clocks, so each is analysed once per run however many games reach it), and hands
//! on each chunk, in order, as soon as all of its positions are answered: the moves table
//! with the engine columns of [`crate::columns::describe_engine`] appended, and with
//! annotation the games as PGN with Lichess's `[%eval ...]` comments.
//!
//! EPD input (`chessbits analyse --epd`) is a row per record ([`epd_positions`]: file,
//! line, FEN, id), analysed the same way, the engine columns then describing the record's
//! position.
//!
//! The engine columns describe the position after the move, as the `eval` column and
//! Lichess's `[%eval]` do: `engine_eval` is comparable with `eval`. A position the pool
//! could not analyse (the engine died twice on it) has null engine columns and its
//! `engine_error`. The answers are kept for the whole run (that is the deduplication), a
//! few hundred bytes per distinct position.

use std::collections::{HashMap, VecDeque};
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use arrow_array::builder::{Int32Builder, ListBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, SchemaRef};
use chessbits_pgn::table::{set_command, Command, CommandKind, Eval};
use chessbits_pgn::{
    write_game, Both, Game, GameBuilder, GameRecord, ReadError, RecordCollector, Report,
};
use chessbits_uci::{Analysis, EnginePool, RecvTimeoutError, Score};

use crate::drive::{Chosen, Error, Work};
use crate::rows::{batch_counted, eval_builder, list_field, push_eval, RowOptions};
use crate::selection::Selection;
use crate::stream::keep_games;
use crate::types::Table;

/// A game as [`MovesWork`] reads it: the record the rows are made from, the tree written
/// back with annotations.
type RecordAndTree = (GameRecord, (Game, Vec<ReadError>));

/// The moves table's rows, and each game's tree when annotating: the work of
/// `chessbits analyse` on the driver's threads.
#[derive(Debug)]
pub struct MovesWork<'a> {
    /// How rows are made.
    pub options: &'a RowOptions,
    /// Keep each game's tree (for [`Analysed::pgn`]).
    pub annotate: bool,
}

/// A batch of the moves table, each game's row count, and with annotation the games.
#[derive(Debug)]
pub struct MovesOut {
    batch: RecordBatch,
    rows_per_game: Vec<u32>,
    games: Vec<Game>,
}

impl Work for MovesWork<'_> {
    type Game = RecordAndTree;
    type Visitor = Both<RecordCollector, GameBuilder>;
    type Out = MovesOut;

    fn visitor(&self, _: &Selection) -> Self::Visitor {
        Both::new(RecordCollector::with_annotations(), GameBuilder::new())
    }

    fn work(
        &self,
        file: &str,
        games: Vec<Chosen<RecordAndTree>>,
        report: &mut Report,
    ) -> Result<MovesOut, Error> {
        let mut records = Vec::with_capacity(games.len());
        let mut trees = Vec::new();
        for chosen in games {
            let (record, (tree, _)) = chosen.game;
            records.push(record);
            if self.annotate {
                trees.push(tree);
            }
        }
        let (batch, rows, rows_per_game) =
            batch_counted(Table::Moves, file, &records, self.options).map_err(Error::Arrow)?;
        report.merge(rows);
        Ok(MovesOut {
            batch,
            rows_per_game,
            games: trees,
        })
    }

    fn retain(&self, out: MovesOut, keep: &[bool]) -> Result<MovesOut, Error> {
        let (batch, rows_per_game) = keep_games(&out.batch, &out.rows_per_game, keep)?;
        let games = if out.games.is_empty() {
            out.games
        } else {
            out.games
                .into_iter()
                .zip(keep)
                .filter_map(|(g, &k)| k.then_some(g))
                .collect()
        };
        Ok(MovesOut {
            batch,
            rows_per_game,
            games,
        })
    }
}

/// The schema of `chessbits analyse`'s table: the moves table's columns, then the engine's.
pub fn analysis_schema() -> SchemaRef {
    let moves = crate::schema(Table::Moves, crate::Layout::Default);
    let mut fields: Vec<_> = moves.fields().iter().map(|f| f.as_ref().clone()).collect();
    fields.extend(crate::columns::engine_fields());
    Arc::new(arrow_schema::Schema::new(fields))
}

/// The schema of `chessbits analyse --epd`'s table: the EPD positions' columns, then the
/// engine's.
pub fn epd_schema() -> SchemaRef {
    let mut fields: Vec<_> = crate::columns::EPD_POSITIONS
        .iter()
        .map(|(name, t, nullable, _)| arrow_schema::Field::new(*name, t(), *nullable))
        .collect();
    fields.extend(crate::columns::engine_fields());
    Arc::new(arrow_schema::Schema::new(fields))
}

/// An EPD input's positions as a batch of [`epd_schema`]'s first columns (the engine's are
/// the [`Analyser`]'s): a row per record, numbered by its line; blank lines and `#`
/// comments are passed over, and a line that is no EPD record is an error naming it (in
/// the second list, in order) rather than a row.
pub fn epd_positions(file: &str, text: &str) -> Result<(MovesOut, Vec<String>), ArrowError> {
    let mut files = StringBuilder::new();
    let mut lines = arrow_array::builder::Int64Builder::new();
    let mut fens = StringBuilder::new();
    let mut ids = StringBuilder::new();
    let mut errors = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        match chessbits_position::Epd::parse(trimmed) {
            Ok(epd) => {
                files.append_value(file);
                lines.append_value(i as i64 + 1);
                fens.append_value(epd.setup.fen());
                ids.append_option(epd.id());
            }
            Err(e) => errors.push(format!("{file}: line {}: {e}", i + 1)),
        }
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(files.finish()),
        Arc::new(lines.finish()),
        Arc::new(fens.finish()),
        Arc::new(ids.finish()),
    ];
    let fields: Vec<_> = crate::columns::EPD_POSITIONS
        .iter()
        .map(|(name, t, nullable, _)| arrow_schema::Field::new(*name, t(), *nullable))
        .collect();
    let batch = RecordBatch::try_new(Arc::new(arrow_schema::Schema::new(fields)), columns)?;
    let rows = batch.num_rows();
    Ok((
        MovesOut {
            batch,
            rows_per_game: vec![1; rows],
            games: Vec::new(),
        },
        errors,
    ))
}

/// A chunk handed on by the [`Analyser`]: rows of whole games with the engine columns, and
/// with annotation those games as PGN.
#[derive(Debug)]
#[non_exhaustive]
pub struct Analysed {
    /// The rows ([`analysis_schema`]).
    pub batch: RecordBatch,
    /// The games as export-format PGN with `[%eval]` comments (empty without annotation).
    pub pgn: Vec<u8>,
    /// Games in the chunk.
    pub games: usize,
}

/// Why an [`Analyser`] stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AnalyseError {
    /// The interrupt flag was set: the chunks before were handed on.
    #[error("interrupted")]
    Interrupted,
    /// Every engine thread ended (a bug: they end only with the pool).
    #[error("the engines ended with positions still queued")]
    EnginesGone,
    /// A chunk's columns could not be built.
    #[error("building the engine columns: {0}")]
    Arrow(#[from] ArrowError),
    /// The sink failed.
    #[error("writing: {0}")]
    Output(#[from] io::Error),
}

impl From<AnalyseError> for io::Error {
    fn from(e: AnalyseError) -> io::Error {
        match e {
            AnalyseError::Output(e) => e,
            AnalyseError::Interrupted => io::Error::new(io::ErrorKind::Interrupted, e),
            other => io::Error::other(other),
        }
    }
}

/// Rows waiting for their positions' answers.
struct Chunk {
    batch: RecordBatch,
    /// Each row's position number.
    ids: Vec<usize>,
    games: Vec<Game>,
    rows_per_game: Vec<u32>,
}

/// The most positions queued and unanswered before the analyser waits (enough to keep
/// every engine busy; it bounds how far reading runs ahead).
const MAX_QUEUED: usize = 4096;
/// The fewest rows in a chunk (whole games are added until it has them).
const CHUNK_ROWS: usize = 64;

/// Counts for a progress display.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Distinct positions sent to the engines.
    pub queued: u64,
    /// Of those, answered.
    pub answered: u64,
    /// Rows whose position was seen before in the run (analysed once).
    pub reused: u64,
}

/// Joins engine answers to the moves table, in input order; see the [module](self).
pub struct Analyser {
    pool: EnginePool,
    /// Position key (FEN without the clocks) to its number.
    seen: HashMap<String, usize>,
    /// Each position's answer once it came.
    answers: Vec<Option<Result<Analysis, String>>>,
    pending: VecDeque<Chunk>,
    progress: Progress,
    interrupt: Arc<AtomicBool>,
    /// The positions that failed since [`Analyser::take_failures`] was last called.
    failures: Vec<String>,
    /// Chunks cut so far.
    chunks: u64,
}

impl std::fmt::Debug for Analyser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analyser")
            .field("progress", &self.progress)
            .finish_non_exhaustive()
    }
}

/// A FEN without its halfmove clock and move number: what makes two positions one.
fn position_key(fen: &str) -> &str {
    let mut spaces = 0;
    for (i, c) in fen.char_indices() {
        if c == ' ' {
            spaces += 1;
            if spaces == 4 {
                return &fen[..i];
            }
        }
    }
    fen
}

impl Analyser {
    /// Analyses with `pool`; stops waiting (with [`AnalyseError::Interrupted`]) once
    /// `interrupt` is set.
    pub fn new(pool: EnginePool, interrupt: Arc<AtomicBool>) -> Analyser {
        Analyser {
            pool,
            seen: HashMap::new(),
            answers: Vec::new(),
            pending: VecDeque::new(),
            progress: Progress::default(),
            interrupt,
            failures: Vec::new(),
            chunks: 0,
        }
    }

    /// How many chunks the batches pushed so far were cut into. The chunks are handed on
    /// in order, so a caller that counts them knows when the rows of every batch pushed
    /// before a point are out (where one input's output ends and the next begins).
    #[must_use]
    pub fn chunks(&self) -> u64 {
        self.chunks
    }

    /// The positions the engines failed on since the last call (each once, its FEN and
    /// the engine's errors in the text): what a door reports.
    pub fn take_failures(&mut self) -> Vec<String> {
        std::mem::take(&mut self.failures)
    }

    /// The counts so far.
    #[must_use]
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// Takes a batch of [`MovesWork`] (or of [`epd_positions`]): queues its new positions, then hands `emit` every
    /// chunk whose positions are all answered, waiting while too many are queued.
    /// `tick` is called after each answer (a progress display).
    pub fn push(
        &mut self,
        out: MovesOut,
        emit: &mut dyn FnMut(Analysed) -> io::Result<()>,
        tick: &mut dyn FnMut(Progress),
    ) -> Result<(), AnalyseError> {
        if self.interrupt.load(Ordering::Relaxed) {
            self.pool.stop();
            return Err(AnalyseError::Interrupted);
        }
        self.split(out)?;
        tick(self.progress);
        self.emit_ready(emit)?;
        while (self.progress.queued - self.progress.answered) as usize > MAX_QUEUED {
            self.wait_one(tick)?;
            self.emit_ready(emit)?;
        }
        Ok(())
    }

    /// Waits for every position queued and hands on every chunk left.
    pub fn finish(
        &mut self,
        emit: &mut dyn FnMut(Analysed) -> io::Result<()>,
        tick: &mut dyn FnMut(Progress),
    ) -> Result<(), AnalyseError> {
        self.emit_ready(emit)?;
        while !self.pending.is_empty() {
            self.wait_one(tick)?;
            self.emit_ready(emit)?;
        }
        Ok(())
    }

    /// Cuts `out` into chunks of whole games and queues their new positions (the
    /// `after_fen` column of the moves table, the `fen` of EPD positions).
    fn split(&mut self, out: MovesOut) -> Result<(), AnalyseError> {
        let fens = ["after_fen", "fen"]
            .iter()
            .find_map(|name| out.batch.column_by_name(name))
            .and_then(|c| c.as_string_opt::<i32>())
            .ok_or_else(|| ArrowError::SchemaError("no after_fen or fen column".into()))?
            .clone();
        let mut games = out.games.into_iter();
        let mut start = 0usize;
        let mut rows = 0usize;
        let mut counts = Vec::new();
        let n = out.rows_per_game.len();
        for (i, &r) in out.rows_per_game.iter().enumerate() {
            rows += r as usize;
            counts.push(r);
            if rows >= CHUNK_ROWS || i + 1 == n {
                let mut ids = Vec::with_capacity(rows);
                for row in start..start + rows {
                    ids.push(self.position_id(fens.value(row)));
                }
                self.pending.push_back(Chunk {
                    batch: out.batch.slice(start, rows),
                    ids,
                    games: games.by_ref().take(counts.len()).collect(),
                    rows_per_game: std::mem::take(&mut counts),
                });
                self.chunks += 1;
                start += rows;
                rows = 0;
            }
        }
        Ok(())
    }

    /// The number of the position `fen`, queued for the engines when new.
    fn position_id(&mut self, fen: &str) -> usize {
        if let Some(&id) = self.seen.get(position_key(fen)) {
            self.progress.reused += 1;
            return id;
        }
        let id = self.answers.len();
        self.answers.push(None);
        self.seen.insert(position_key(fen).to_owned(), id);
        self.pool.submit(id as u64, fen.to_owned());
        self.progress.queued += 1;
        id
    }

    /// Waits for one answer, looking at the interrupt flag between short waits.
    fn wait_one(&mut self, tick: &mut dyn FnMut(Progress)) -> Result<(), AnalyseError> {
        loop {
            if self.interrupt.load(Ordering::Relaxed) {
                self.pool.stop();
                return Err(AnalyseError::Interrupted);
            }
            match self.pool.recv_timeout(Duration::from_millis(100)) {
                Ok((id, result)) => {
                    if let Some(slot) = self.answers.get_mut(id as usize) {
                        let result = result.map_err(|e| e.to_string());
                        if let Err(e) = &result {
                            self.failures.push(e.clone());
                        }
                        *slot = Some(result);
                        self.progress.answered += 1;
                        tick(self.progress);
                    }
                    return Ok(());
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(AnalyseError::EnginesGone),
            }
        }
    }

    /// Hands on the leading chunks whose positions are all answered.
    fn emit_ready(
        &mut self,
        emit: &mut dyn FnMut(Analysed) -> io::Result<()>,
    ) -> Result<(), AnalyseError> {
        while let Some(chunk) = self.pending.front() {
            if chunk.ids.iter().any(|&id| self.answers[id].is_none()) {
                return Ok(());
            }
            // An interrupt seen here keeps the rows whole: nothing half-answered goes out.
            if self.interrupt.load(Ordering::Relaxed) {
                return Err(AnalyseError::Interrupted);
            }
            let Some(chunk) = self.pending.pop_front() else {
                return Ok(());
            };
            let analysed = self.join(chunk)?;
            emit(analysed)?;
        }
        Ok(())
    }

    /// A chunk's rows with the engine columns, and its games annotated.
    fn join(&self, chunk: Chunk) -> Result<Analysed, AnalyseError> {
        let answer = |id: usize| self.answers.get(id).and_then(Option::as_ref);
        let columns = engine_columns(chunk.ids.iter().map(|&id| answer(id)))?;
        let mut all = chunk.batch.columns().to_vec();
        all.extend(columns);
        let mut fields: Vec<_> = chunk
            .batch
            .schema()
            .fields()
            .iter()
            .map(|f| f.as_ref().clone())
            .collect();
        fields.extend(crate::columns::engine_fields());
        let batch = RecordBatch::try_new(Arc::new(arrow_schema::Schema::new(fields)), all)?;
        let mut pgn = Vec::new();
        let mut row = 0usize;
        let games = chunk.rows_per_game.len();
        for (mut game, &rows) in chunk.games.into_iter().zip(&chunk.rows_per_game) {
            let evals = chunk.ids[row..row + rows as usize].iter().map(|&id| {
                answer(id)
                    .and_then(|a| a.as_ref().ok())
                    .and_then(|a| a.score)
            });
            annotate(&mut game, evals);
            write_game(&game, &mut pgn);
            row += rows as usize;
        }
        Ok(Analysed { batch, pgn, games })
    }
}

/// A score as Lichess writes it in `[%eval]` (White's point of view).
fn eval_of(score: Score) -> Eval {
    match score {
        Score::Cp(cp) => Eval::Centipawns(cp),
        Score::Mate(n) => Eval::Mate(n),
    }
}

/// Writes each mainline move's `[%eval]` (the first comment's, replaced, else put first as
/// Lichess writes it); a move without a score (or a checkmate, `#0`) gets none.
fn annotate(game: &mut Game, scores: impl Iterator<Item = Option<Score>>) {
    let Some(main) = game.lines.first_mut() else {
        return;
    };
    for (node, score) in main.nodes_mut().iter_mut().zip(scores) {
        let Some(score) = score.filter(|s| *s != Score::Mate(0)) else {
            continue;
        };
        let command = Command::Eval(eval_of(score), None);
        match node.comments.first_mut() {
            Some(c) if chessbits_pgn::table::parse_eval(c).is_some() => {
                *c = set_command(c, CommandKind::Eval, Some(command));
            }
            Some(c) => {
                let mut text = Vec::with_capacity(c.len() + 16);
                command.write(&mut text);
                if !c.is_empty() {
                    text.push(b' ');
                }
                text.extend_from_slice(c);
                *c = text;
            }
            None => {
                let mut text = Vec::with_capacity(16);
                command.write(&mut text);
                node.comments.push(text);
            }
        }
    }
}

/// The engine columns of rows whose answers are `answers` (in
/// [`crate::columns::describe_engine`]'s order).
fn engine_columns<'a>(
    answers: impl Iterator<Item = Option<&'a Result<Analysis, String>>>,
) -> Result<Vec<ArrayRef>, ArrowError> {
    let mut eval = eval_builder();
    let mut depth = Int32Builder::new();
    let mut best = StringBuilder::new();
    let mut pv = ListBuilder::new(StringBuilder::new()).with_field(list_field(DataType::Utf8));
    let mut wdl = [
        Int32Builder::new(),
        Int32Builder::new(),
        Int32Builder::new(),
    ];
    let mut error = StringBuilder::new();
    let int = |v: u32| i32::try_from(v).ok();
    for answer in answers {
        let (ok, err) = match answer {
            Some(Ok(a)) => (Some(a), None),
            Some(Err(e)) => (None, Some(e.as_str())),
            None => (None, Some("no answer")),
        };
        push_eval(&mut eval, ok.and_then(|a| a.score).map(eval_of));
        depth.append_option(ok.and_then(|a| a.depth).and_then(int));
        best.append_option(ok.and_then(|a| a.best.as_deref()));
        match ok {
            Some(a) => {
                for m in &a.pv {
                    pv.values().append_value(m);
                }
                pv.append(true);
            }
            None => pv.append(false),
        }
        let w = ok.and_then(|a| a.wdl);
        wdl[0].append_option(w.and_then(|w| int(w.wins)));
        wdl[1].append_option(w.and_then(|w| int(w.draws)));
        wdl[2].append_option(w.and_then(|w| int(w.losses)));
        error.append_option(err);
    }
    let [w, d, l] = wdl;
    let mut columns: Vec<ArrayRef> = vec![
        Arc::new(eval.finish()),
        Arc::new(depth.finish()),
        Arc::new(best.finish()),
        Arc::new(pv.finish()),
    ];
    for mut b in [w, d, l] {
        columns.push(Arc::new(b.finish()));
    }
    columns.push(Arc::new(error.finish()));
    Ok(columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_keys_leave_out_the_clocks() {
        assert_eq!(
            position_key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
        );
        assert_eq!(position_key("8/8 w"), "8/8 w");
    }

    #[test]
    fn annotations_go_first_as_lichess_writes_them() {
        let text = b"1. e4 { [%clk 0:05:00] } e5 2. Qh5 { [%eval 0.3] [%clk 0:04:59] } *\n";
        let mut reader = chessbits_pgn::Reader::new(&text[..]);
        let (mut game, _) = reader
            .read_game(&mut GameBuilder::new())
            .expect("read")
            .expect("a game");
        annotate(
            &mut game,
            [
                Some(Score::Cp(17)),
                Some(Score::Mate(-3)),
                Some(Score::Cp(-250)),
            ]
            .into_iter(),
        );
        let mut out = Vec::new();
        write_game(&game, &mut out);
        let out = String::from_utf8(out).expect("utf8");
        // The comments in pgn's one export format (`{ ... }` as Lichess writes them, lines
        // of 80 columns).
        let flat = out.replace('\n', " ");
        assert!(
            flat.contains(
                "1. e4 { [%eval 0.17] [%clk 0:05:00] } 1... e5 { [%eval #-3] } 2. Qh5 \
                 { [%eval -2.5] [%clk 0:04:59] }"
            ),
            "{out}"
        );
    }
}
