//! [`UciEngine`]: a UCI engine process, driven through the protocol's exchanges, every
//! answer read with a deadline and every move it names checked legal.

use std::time::{Duration, Instant};

use chessbits_bitboard_core::Move;
use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{Position, Variant};

use crate::board::{AnyPosition, GamePosition};
use crate::error::{EngineError, OptionError, ParseError, Stage, StderrTail};
use crate::info::Info;
use crate::limits::{Limits, Timeouts};
use crate::options::{EngineOption, OptionValue};
use crate::process::{deadline_after, EngineCommand, EngineProcess};
use crate::protocol::{parse_uci_line, UciLine};

/// A UCI engine: started and through the handshake (`uci` ... `uciok`), its identity and
/// options known.
///
/// Dropping it sends `quit`, waits [`Timeouts::quit`], then kills and reaps the process.
#[derive(Debug)]
pub struct UciEngine {
    process: EngineProcess,
    name: Option<String>,
    author: Option<String>,
    options: Vec<EngineOption>,
    warnings: Vec<ParseError>,
    position: Option<GamePosition>,
    /// The values last sent for `UCI_Chess960` and `UCI_Variant`.
    chess960_sent: Option<bool>,
    variant_sent: Option<String>,
}

/// The end of a search: the best move and what was said on the way.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct SearchResult {
    /// The best move, legal in the position searched; `None` when the engine had none
    /// (`bestmove (none)` or `0000`: checkmate, stalemate).
    pub best: Option<Move>,
    /// The move the engine expects in reply, legal after `best` (an illegal one is
    /// dropped and noted in `problems`).
    pub ponder: Option<Move>,
    /// Every `info` line, in order, its moves checked (see [`Info::pv_error`]).
    pub infos: Vec<Info>,
    /// What went wrong without ending the search: malformed `info` lines, an illegal
    /// ponder move.
    pub problems: Vec<EngineError>,
}

impl SearchResult {
    /// The last `info` of the first line (`multipv` 1 or none) that has a score.
    #[must_use]
    pub fn best_info(&self) -> Option<&Info> {
        self.infos
            .iter()
            .rev()
            .find(|i| i.score.is_some() && i.multipv.unwrap_or(1) == 1)
    }
}

impl EngineCommand {
    /// Starts the engine and goes through the UCI handshake.
    pub fn start_uci(&self) -> Result<UciEngine, EngineError> {
        let process = EngineProcess::spawn(self)?;
        let mut engine = UciEngine {
            process,
            name: None,
            author: None,
            options: Vec::new(),
            warnings: Vec::new(),
            position: None,
            chess960_sent: None,
            variant_sent: None,
        };
        engine.handshake()?;
        Ok(engine)
    }
}

impl UciEngine {
    /// Starts the engine at `program` with the default [`Timeouts`] (see
    /// [`EngineCommand`] for arguments and the rest).
    pub fn start(program: impl Into<std::path::PathBuf>) -> Result<UciEngine, EngineError> {
        EngineCommand::new(program).start_uci()
    }

    fn timeouts(&self) -> Timeouts {
        self.process.timeouts
    }

    fn handshake(&mut self) -> Result<(), EngineError> {
        self.process.send("uci", Stage::Handshake)?;
        let timeout = self.timeouts().handshake;
        let deadline = deadline_after(timeout);
        loop {
            let line = self
                .process
                .recv(deadline, Stage::Handshake, "uciok", timeout)?;
            match parse_uci_line(&line) {
                Ok(UciLine::UciOk) => return Ok(()),
                Ok(UciLine::IdName(n)) => self.name = Some(n),
                Ok(UciLine::IdAuthor(a)) => self.author = Some(a),
                Ok(UciLine::Option(o)) => {
                    self.options.retain(|old| !old.is_named(&o.name));
                    self.options.push(o);
                }
                Ok(_) => {}
                // An option (or other line) not understood is noted and skipped: one odd
                // option should not make an engine unusable.
                Err(e) => self.warnings.push(e),
            }
        }
    }

    /// The engine's name (`id name`).
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The engine's author (`id author`).
    #[must_use]
    pub fn author(&self) -> Option<&str> {
        self.author.as_deref()
    }

    /// The options the engine declared, in its order.
    #[must_use]
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// The option named `name` (without regard to case).
    #[must_use]
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options.iter().find(|o| o.is_named(name))
    }

    /// Lines of the handshake that were not understood (and skipped).
    #[must_use]
    pub fn warnings(&self) -> &[ParseError] {
        &self.warnings
    }

    /// The engine process's id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.process.id()
    }

    /// The engine's last lines on standard error.
    #[must_use]
    pub fn stderr_tail(&self) -> StderrTail {
        self.process.stderr_tail()
    }

    /// Sets an option: the value is checked against the option's type and range
    /// ([`EngineOption::validate`]) and `setoption name <name> [value <value>]` sent.
    pub fn set_option(
        &mut self,
        name: &str,
        value: impl Into<OptionValue>,
    ) -> Result<(), EngineError> {
        let value = value.into();
        let option = self.option(name).ok_or_else(|| OptionError::Unknown {
            name: name.to_owned(),
        })?;
        let text = option.validate(&value)?;
        let command = match &text {
            Some(v) => format!("setoption name {} value {v}", option.name),
            None => format!("setoption name {}", option.name),
        };
        // The options positions set are tracked whoever sets them.
        if option.is_named("UCI_Variant") {
            self.variant_sent = text.map(|t| t.to_ascii_lowercase());
        } else if option.is_named("UCI_Chess960") {
            self.chess960_sent = text.map(|t| t == "true");
        }
        self.process.send(&command, Stage::Command)
    }

    /// `isready`, then waits for `readyok` (lines before it are dropped).
    pub fn is_ready(&mut self) -> Result<(), EngineError> {
        self.process.send("isready", Stage::Ready)?;
        let timeout = self.timeouts().ready;
        let deadline = deadline_after(timeout);
        loop {
            let line = self
                .process
                .recv(deadline, Stage::Ready, "readyok", timeout)?;
            if matches!(parse_uci_line(&line), Ok(UciLine::ReadyOk)) {
                return Ok(());
            }
        }
    }

    /// `ucinewgame` and `isready`: the next search is of a new game.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.process.send("ucinewgame", Stage::Command)?;
        self.is_ready()
    }

    /// The position to search: `start` (standard chess or Chess960, as its castling mode
    /// says) and legal `moves` from it (as movegen generates them). Sends `position
    /// startpos|fen ... moves ...`, and first `UCI_Chess960` when the engine has it and
    /// the mode changed (and `UCI_Variant chess` if a variant was set before).
    pub fn set_position(&mut self, start: &Position, moves: &[Move]) -> Result<(), EngineError> {
        self.set_game(GamePosition::new(
            AnyPosition::Standard(start.clone()),
            moves,
        )?)
    }

    /// The position to search in a variant: sets `UCI_Variant` to the variant's UCI name
    /// ([`Variant::uci_name`]) when it changed (an engine without the option, or without
    /// the variant among its choices, is [`EngineError::Unsupported`]), then sends the
    /// position as [`UciEngine::set_position`] does.
    pub fn set_variant_position(
        &mut self,
        start: &VariantPosition,
        moves: &[Move],
    ) -> Result<(), EngineError> {
        self.set_game(GamePosition::new(
            AnyPosition::Variant(start.clone()),
            moves,
        )?)
    }

    fn set_game(&mut self, game: GamePosition) -> Result<(), EngineError> {
        let variant = game.start.variant();
        if variant != Variant::Chess || self.variant_sent.is_some() {
            let name = variant.uci_name();
            if self.variant_sent.as_deref() != Some(name) {
                match self.option("UCI_Variant") {
                    Some(o) if o.validate(&name.into()).is_ok() => {}
                    Some(_) => {
                        return Err(EngineError::Unsupported(format!(
                            "variant {name} is not among the engine's UCI_Variant choices"
                        )))
                    }
                    None => {
                        return Err(EngineError::Unsupported(format!(
                            "variant {name}: the engine has no UCI_Variant option"
                        )))
                    }
                }
                self.set_option("UCI_Variant", name)?;
            }
        }
        let chess960 = game.start.is_chess960();
        if self.chess960_sent != Some(chess960) {
            if self.option("UCI_Chess960").is_some() {
                self.set_option("UCI_Chess960", chess960)?;
            } else if chess960 {
                return Err(EngineError::Unsupported(
                    "Chess960: the engine has no UCI_Chess960 option".into(),
                ));
            }
        }
        self.process.send(&game.uci_command(), Stage::Command)?;
        self.position = Some(game);
        Ok(())
    }

    /// The moves of the position last set, as UCI texts.
    #[must_use]
    pub fn position_moves(&self) -> Vec<String> {
        self.position
            .as_ref()
            .map(GamePosition::move_texts)
            .unwrap_or_default()
    }

    /// Searches the position last set (the start position if none was) under `limits`
    /// and waits for `bestmove`, by the deadline [`Timeouts`] gives the limits.
    pub fn go(&mut self, limits: &Limits) -> Result<SearchResult, EngineError> {
        self.search(limits)?.wait()
    }

    /// Starts a search and returns at once: read its `info` lines with
    /// [`Search::next_info`], end it with [`Search::stop`] (an infinite search) or
    /// [`Search::wait`].
    pub fn search(&mut self, limits: &Limits) -> Result<Search<'_>, EngineError> {
        self.start_search(limits, false)
    }

    /// Starts pondering (`go ponder`) on the position last set, which should end with the
    /// move the engine expects: [`Search::ponderhit`] when the opponent played it, else
    /// [`Search::stop`] and a new search.
    pub fn ponder(&mut self, limits: &Limits) -> Result<Search<'_>, EngineError> {
        self.start_search(limits, true)
    }

    fn start_search(&mut self, limits: &Limits, ponder: bool) -> Result<Search<'_>, EngineError> {
        if self.position.is_none() {
            self.set_position(&Position::new(), &[])?;
        }
        let root = match &self.position {
            Some(game) => game.end.clone(),
            None => AnyPosition::Standard(Position::new()),
        };
        for &m in &limits.searchmoves {
            if !root.is_legal(m) {
                return Err(EngineError::IllegalMove {
                    stage: Stage::Position,
                    text: root.uci(m),
                    fen: root.fen(),
                });
            }
        }
        let command = limits.go_command(ponder, |m| root.uci(m));
        // Lines of an earlier search given up (a late `bestmove`) must not answer this one.
        let _ = self.process.drain();
        self.process.send(&command, Stage::Search)?;
        let timeouts = self.timeouts();
        let budget = if ponder || limits.infinite {
            timeouts.search
        } else {
            limits.deadline(root.white_to_move(), &timeouts)
        };
        Ok(Search {
            deadline: deadline_after(budget),
            budget,
            engine: self,
            limits: limits.clone(),
            root,
            pondering: ponder,
            stopped: false,
            result: SearchResult::default(),
            done: false,
        })
    }

    /// Sends `quit` and waits for the engine to exit ([`Timeouts::quit`]), killing it if
    /// it does not; its exit status if it was reaped.
    pub fn quit(mut self) -> Option<std::process::ExitStatus> {
        self.process.shutdown()
    }
}

/// A running search. Dropping one that has not ended sends `stop` and reads up to its
/// `bestmove` (within [`Timeouts::stop`]), so the engine is ready for the next command.
#[derive(Debug)]
pub struct Search<'a> {
    engine: &'a mut UciEngine,
    limits: Limits,
    root: AnyPosition,
    deadline: Instant,
    budget: Duration,
    pondering: bool,
    stopped: bool,
    done: bool,
    result: SearchResult,
}

impl Search<'_> {
    /// The next `info` line (kept in the result too), or `None` once `bestmove` came.
    /// Waits until the search's deadline at most.
    pub fn next_info(&mut self) -> Result<Option<Info>, EngineError> {
        let before = self.result.infos.len();
        while !self.done {
            self.checked_step(true)?;
            if self.result.infos.len() > before {
                return Ok(self.result.infos.last().cloned());
            }
        }
        Ok(None)
    }

    /// `ponderhit`: the opponent played the move pondered on; the search goes on as a
    /// normal one under the limits it was started with.
    pub fn ponderhit(&mut self) -> Result<(), EngineError> {
        if !self.pondering || self.done {
            return Ok(());
        }
        self.engine.process.send("ponderhit", Stage::Search)?;
        self.pondering = false;
        let timeouts = self.engine.timeouts();
        self.budget = self.limits.deadline(self.root.white_to_move(), &timeouts);
        self.deadline = deadline_after(self.budget);
        Ok(())
    }

    /// `stop`, then the result (its best move is the engine's answer to a stop; after a
    /// ponder miss, throw it away).
    pub fn stop(mut self) -> Result<SearchResult, EngineError> {
        self.send_stop()?;
        self.wait_done()
    }

    /// Waits for `bestmove` until the search's deadline (an infinite search or pondering
    /// that is not stopped: [`Timeouts::search`], then an [`EngineError::Timeout`]).
    pub fn wait(mut self) -> Result<SearchResult, EngineError> {
        self.wait_done()
    }

    fn send_stop(&mut self) -> Result<(), EngineError> {
        if !self.done && !self.stopped {
            self.engine.process.send("stop", Stage::Stop)?;
            self.stopped = true;
            self.budget = self.engine.timeouts().stop;
            self.deadline = deadline_after(self.budget);
        }
        Ok(())
    }

    fn wait_done(&mut self) -> Result<SearchResult, EngineError> {
        while !self.done {
            self.checked_step(false)?;
        }
        Ok(std::mem::take(&mut self.result))
    }

    /// [`Search::step`]; after an error the search is given up (not stopped again on
    /// drop: the engine failed).
    fn checked_step(&mut self, per_line: bool) -> Result<(), EngineError> {
        let result = self.step(per_line);
        if result.is_err() {
            self.done = true;
        }
        result
    }

    /// Reads one line of the search. An infinite search (or pondering) has no end to wait
    /// for: read a line at a time (`per_line`, [`Search::next_info`]), its deadline is for
    /// each line ([`Timeouts::search`] from the one before); waited on whole
    /// ([`Search::wait`]), it has [`Timeouts::search`] from its start or from the last
    /// [`Search::next_info`], so that waiting for a search that never ends still ends.
    fn step(&mut self, per_line: bool) -> Result<(), EngineError> {
        let stage = if self.stopped {
            Stage::Stop
        } else {
            Stage::Search
        };
        if per_line && !self.stopped && (self.pondering || self.limits.infinite) {
            self.deadline = deadline_after(self.budget);
        }
        let line = self
            .engine
            .process
            .recv(self.deadline, stage, "bestmove", self.budget)?;
        match parse_uci_line(&line) {
            Ok(UciLine::Info(mut info)) => {
                self.root.resolve_info(&mut info);
                self.result.infos.push(*info);
            }
            Ok(UciLine::BestMove { best, ponder }) => {
                self.done = true;
                let best = match best {
                    Some(m) => Some(self.root.check(m, Stage::BestMove)?),
                    None => None,
                };
                self.result.best = best;
                if let (Some(best), Some(ponder)) = (best, ponder) {
                    match self.root.play(best).check(ponder, Stage::Ponder) {
                        Ok(p) => self.result.ponder = Some(p),
                        Err(e) => self.result.problems.push(e),
                    }
                }
            }
            Ok(_) => {}
            Err(source) if line.trim_start().starts_with("bestmove") => {
                self.done = true;
                return Err(EngineError::Malformed { stage, source });
            }
            Err(source) => self
                .result
                .problems
                .push(EngineError::Malformed { stage, source }),
        }
        Ok(())
    }
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        if self.done {
            return;
        }
        if self.send_stop().is_ok() {
            let _ = self.wait_done();
        }
    }
}
