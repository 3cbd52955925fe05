//! [`XBoardEngine`]: an engine over the XBoard protocol (CEPS v2), beside the UCI client
//! and built the same way: every answer read with a deadline, every move checked legal.
//!
//! The engine's board is kept in step with the client's: `new`, `variant` for a variant
//! or Chess960, and `force` (the engine only listens), `setboard` for a position other than
//! the start (engines with the `setboard` feature), the moves (`usermove` when asked for;
//! castling king-takes-rook in Chess960 as in UCI, which Fairy-Stockfish reads and
//! `O-O` does not; drops as `P@e4`), then `go`; after its `move`
//! the engine is put back in `force` mode. A position that extends the one the engine
//! holds is sent as the new moves only.

use std::time::Duration;

use chessbits_bitboard_core::Move;
use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{Position, Variant};

use crate::board::{AnyPosition, GamePosition};
use crate::error::OptionError;
use crate::error::{EngineError, ParseError, Stage, StderrTail};
use crate::info::IllegalPvMove;
use crate::limits::Limits;
use crate::options::{EngineOption, OptionKind, OptionValue};
use crate::process::{deadline_after, EngineCommand, EngineProcess};
use crate::xboard_proto::{
    parse_xboard_line, parse_xboard_option, FeatureValue, Features, XBoardLine,
};

/// Features this client understands and accepts (anything else is `rejected`, as is
/// `san=1`: moves are exchanged in coordinates).
const KNOWN: [&str; 27] = [
    "ping",
    "setboard",
    "playother",
    "san",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "ics",
    "name",
    "pause",
    "nps",
    "debug",
    "memory",
    "smp",
    "egt",
    "option",
    "exclude",
    "setscore",
    "highlight",
    "done",
];

/// An XBoard engine's answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum XBoardReply {
    /// `move X`: a legal move.
    Move(Move),
    /// `resign`.
    Resign,
    /// The engine claimed a result (`1-0 {...}` ...) instead of moving.
    Result {
        /// `1-0`, `0-1` or `1/2-1/2`.
        result: String,
        /// The comment in braces.
        comment: String,
    },
}

/// One line of thinking output, its pv checked.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct XBoardThinking {
    /// The search depth in plies.
    pub ply: u32,
    /// The score in centipawns, from the engine's side.
    pub score: i32,
    /// The time searched.
    pub time: Duration,
    /// Nodes searched.
    pub nodes: u64,
    /// The pv's legal moves (coordinates or SAN, move numbers skipped), cut before the
    /// first that is not legal or not a move.
    pub pv: Vec<Move>,
    /// The pv as written.
    pub pv_text: String,
    /// The pv's first word that was no legal move, if any.
    pub pv_error: Option<IllegalPvMove>,
}

/// The end of an XBoard search.
#[derive(Debug)]
#[non_exhaustive]
pub struct XBoardResult {
    /// The engine's move, resignation or claim.
    pub reply: XBoardReply,
    /// Its thinking output (with `post`), in order.
    pub thinking: Vec<XBoardThinking>,
    /// Lines it wrote on the way that were not understood, and draw offers.
    pub problems: Vec<EngineError>,
    /// Whether it offered a draw during the search.
    pub offered_draw: bool,
}

/// An XBoard (CEPS v2) engine, through its handshake (`xboard`, `protover 2`, features
/// until `feature done=1`, each answered `accepted` or `rejected`).
///
/// Dropping it sends `quit`, waits [`Timeouts::quit`](crate::Timeouts::quit), then kills
/// and reaps the process.
#[derive(Debug)]
pub struct XBoardEngine {
    process: EngineProcess,
    features: Features,
    /// What the engine's board holds (it is in force mode).
    board: Option<GamePosition>,
    options: Vec<EngineOption>,
    warnings: Vec<ParseError>,
    pings: i64,
}

impl EngineCommand {
    /// Starts the engine and goes through the XBoard handshake.
    pub fn start_xboard(&self) -> Result<XBoardEngine, EngineError> {
        let process = EngineProcess::spawn(self)?;
        let mut engine = XBoardEngine {
            process,
            features: Features::default(),
            board: None,
            options: Vec::new(),
            warnings: Vec::new(),
            pings: 0,
        };
        engine.handshake()?;
        Ok(engine)
    }
}

impl XBoardEngine {
    /// Starts the engine at `program` with the default timeouts.
    pub fn start(program: impl Into<std::path::PathBuf>) -> Result<XBoardEngine, EngineError> {
        EngineCommand::new(program).start_xboard()
    }

    /// Protocol version 2 engines announce their features and end with `feature done=1`
    /// (this client waits for it until [`Timeouts::handshake`](crate::Timeouts), and goes
    /// on without it if the engine announced features but never `done=0`, as the
    /// protocol allows; version 1 engines, which announce nothing, are a timeout).
    fn handshake(&mut self) -> Result<(), EngineError> {
        self.process.send("xboard", Stage::Handshake)?;
        self.process.send("protover 2", Stage::Handshake)?;
        let timeout = self.process.timeouts.handshake;
        let deadline = deadline_after(timeout);
        loop {
            let line =
                match self
                    .process
                    .recv(deadline, Stage::Handshake, "feature done=1", timeout)
                {
                    Ok(line) => line,
                    // Protocol 2 lets an engine that announced features without `done=0` go
                    // on without `done=1` once the GUI stops waiting.
                    Err(EngineError::Timeout { .. })
                        if !self.features.0.is_empty() && self.features.get("done").is_none() =>
                    {
                        break;
                    }
                    Err(e) => return Err(e),
                };
            match parse_xboard_line(&line) {
                Ok(XBoardLine::Feature(list)) => {
                    let mut done = false;
                    for (name, value) in list {
                        let accept = KNOWN.contains(&name.as_str())
                            && !(name == "san" && value == FeatureValue::Int(1));
                        let word = if accept { "accepted" } else { "rejected" };
                        self.process
                            .send(&format!("{word} {name}"), Stage::Handshake)?;
                        if name == "done" && value == FeatureValue::Int(1) {
                            done = true;
                        }
                        if accept {
                            if let ("option", FeatureValue::Text(text)) = (name.as_str(), &value) {
                                match parse_xboard_option(text) {
                                    Ok(o) => {
                                        self.options.retain(|old| !old.is_named(&o.name));
                                        self.options.push(o);
                                    }
                                    Err(e) => self.warnings.push(e),
                                }
                            }
                            self.features.0.push((name, value));
                        }
                    }
                    if done {
                        break;
                    }
                }
                Ok(_) => {}
                Err(e) => self.warnings.push(e),
            }
        }
        // Moves are only ever played when asked for.
        self.process.send("easy", Stage::Handshake)?;
        Ok(())
    }

    /// The features the engine announced (and this client accepted).
    #[must_use]
    pub fn features(&self) -> &Features {
        &self.features
    }

    /// The engine's name (`feature myname`).
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.features.name()
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

    /// `ping N`, then waits for `pong N` ([`EngineError::Unsupported`] without the
    /// `ping` feature).
    pub fn ping(&mut self) -> Result<(), EngineError> {
        if !self.features.flag("ping") {
            return Err(EngineError::Unsupported("ping (feature ping=0)".into()));
        }
        self.pings += 1;
        let n = self.pings;
        self.process.send(&format!("ping {n}"), Stage::Ready)?;
        let timeout = self.process.timeouts.ready;
        let deadline = deadline_after(timeout);
        loop {
            let line = self.process.recv(deadline, Stage::Ready, "pong", timeout)?;
            if parse_xboard_line(&line) == Ok(XBoardLine::Pong(n)) {
                return Ok(());
            }
        }
    }

    /// The options the engine declared (`feature option=...`), typed as UCI options are
    /// ([`parse_xboard_option`](crate::parse_xboard_option)).
    #[must_use]
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// The option named `name` (without regard to case).
    #[must_use]
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options.iter().find(|o| o.is_named(name))
    }

    /// Sets an engine-defined option: the value is checked against its type and range
    /// ([`EngineOption::validate`]), then `option NAME=VALUE` (a check as `1`/`0`) or
    /// `option NAME` (a button) is sent.
    pub fn set_option(
        &mut self,
        name: &str,
        value: impl Into<OptionValue>,
    ) -> Result<(), EngineError> {
        let option = self.option(name).ok_or_else(|| OptionError::Unknown {
            name: name.to_owned(),
        })?;
        let text = option.validate(&value.into())?;
        let command = match (text, &option.kind) {
            (None, _) => format!("option {}", option.name),
            (Some(v), OptionKind::Check { .. }) => {
                format!("option {}={}", option.name, u8::from(v == "true"))
            }
            (Some(v), _) => format!("option {}={v}", option.name),
        };
        self.process.send(&command, Stage::Command)
    }

    /// `new` and `force`: a new game from the start, the engine listening.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.process.send("new", Stage::Command)?;
        self.process.send("force", Stage::Command)?;
        self.board = Some(GamePosition::new(
            AnyPosition::Standard(Position::new()),
            &[],
        )?);
        Ok(())
    }

    /// The position to search: `start` (standard chess, or Chess960 as `variant
    /// fischerandom` where the engine lists it) and legal `moves` from it.
    pub fn set_position(&mut self, start: &Position, moves: &[Move]) -> Result<(), EngineError> {
        self.set_game(GamePosition::new(
            AnyPosition::Standard(start.clone()),
            moves,
        )?)
    }

    /// The position to search in a variant: `variant <name>` after `new` (the engine must
    /// list the variant in its `variants` feature, else [`EngineError::Unsupported`]),
    /// then the position as [`XBoardEngine::set_position`] sends it. Drops are written
    /// `P@e4`.
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
        let extends = self.board.as_ref().is_some_and(|b| {
            b.start.variant() == game.start.variant()
                && b.start.is_chess960() == game.start.is_chess960()
                && b.start.fen() == game.start.fen()
                && game.moves.starts_with(&b.moves)
        });
        let from = if extends {
            self.board.as_ref().map_or(0, |b| b.moves.len())
        } else {
            let variant = self.variant_command(&game.start)?;
            // Until the engine holds the position, it holds none we know of.
            self.board = None;
            self.process.send("new", Stage::Command)?;
            if let Some(name) = variant {
                self.process
                    .send(&format!("variant {name}"), Stage::Command)?;
            }
            self.process.send("force", Stage::Command)?;
            if !game.start.is_start() {
                if !self.features.flag("setboard") {
                    return Err(EngineError::Unsupported(
                        "a position other than the start (feature setboard=0)".into(),
                    ));
                }
                self.process.send(
                    &format!("setboard {}", game.start.engine_fen()),
                    Stage::Command,
                )?;
            }
            0
        };
        let usermove = self.features.flag("usermove");
        for text in game.move_texts().iter().skip(from) {
            let command = if usermove {
                format!("usermove {text}")
            } else {
                text.clone()
            };
            self.process.send(&command, Stage::Command)?;
        }
        self.board = Some(game);
        Ok(())
    }

    /// The `variant` a position needs (`None` for standard chess), if the engine has it.
    fn variant_command(&self, start: &AnyPosition) -> Result<Option<&'static str>, EngineError> {
        let names = xboard_variant_names(start.variant(), start.is_chess960());
        let Some(names) = names else {
            return Ok(None);
        };
        let listed = self.features.variants();
        names
            .iter()
            .find(|n| listed.contains(n))
            .map(|n| Some(*n))
            .ok_or_else(|| {
                EngineError::Unsupported(format!(
                    "variant {} (the engine lists {})",
                    names.first().copied().unwrap_or("?"),
                    listed.join(",")
                ))
            })
    }

    /// Sends the limits (`sd` for a depth, `st` for a move time, `level` with `time` and
    /// `otim` for a clock), `post`, then `go`, and waits for the engine's move (or
    /// resignation, or claim) by the deadline the limits give. After a move the engine is
    /// put back in `force` mode and its board holds the move. Node and mate limits,
    /// `searchmoves` and infinite searches are [`EngineError::Unsupported`] here. An XBoard
    /// engine keeps a limit until it is changed (the protocol cannot clear `sd`), so a
    /// depth once set also bounds later searches under other limits.
    pub fn go(&mut self, limits: &Limits) -> Result<XBoardResult, EngineError> {
        if limits.nodes.is_some()
            || limits.mate.is_some()
            || limits.infinite
            || !limits.searchmoves.is_empty()
        {
            return Err(EngineError::Unsupported(
                "node or mate limits, searchmoves and infinite searches over XBoard".into(),
            ));
        }
        if self.board.is_none() {
            self.new_game()?;
        }
        let Some(game) = self.board.clone() else {
            return Err(EngineError::Unsupported("no position".into()));
        };
        let root = game.end.clone();
        let white = root.white_to_move();
        for command in limit_commands(limits, white) {
            self.process.send(&command, Stage::Search)?;
        }
        self.process.send("post", Stage::Search)?;
        // What the engine said since the position was sent: a refused move of ours means
        // its board is not ours.
        let texts = game.move_texts();
        for line in self.process.drain() {
            if let Some(text) = parse_xboard_line(&line)
                .ok()
                .and_then(|l| refused_move(&l, &texts))
            {
                self.board = None;
                return Err(EngineError::IllegalMove {
                    stage: Stage::Position,
                    text,
                    fen: game.start.fen(),
                });
            }
        }
        self.process.send("go", Stage::Search)?;
        let timeouts = self.process.timeouts;
        let budget = limits.deadline(white, &timeouts);
        let deadline = deadline_after(budget);
        let mut thinking = Vec::new();
        let mut problems = Vec::new();
        let mut offered_draw = false;
        let reply = loop {
            let line = match self.process.recv(deadline, Stage::Search, "move", budget) {
                Ok(line) => line,
                Err(e) => {
                    // A late move would change the engine's board: start afresh next time.
                    self.board = None;
                    return Err(e);
                }
            };
            match parse_xboard_line(&line) {
                Ok(XBoardLine::Thinking(t)) => {
                    let (pv, pv_error) = resolve_words(&root, &t.pv);
                    thinking.push(XBoardThinking {
                        ply: t.ply,
                        score: t.score,
                        time: t.time,
                        nodes: t.nodes,
                        pv,
                        pv_text: t.pv,
                        pv_error,
                    });
                }
                Ok(XBoardLine::Move(text)) => match root.resolve_any(&text) {
                    Some(m) => break XBoardReply::Move(m),
                    None => {
                        self.board = None;
                        return Err(EngineError::IllegalMove {
                            stage: Stage::BestMove,
                            text,
                            fen: root.fen(),
                        });
                    }
                },
                Ok(XBoardLine::Resign) => break XBoardReply::Resign,
                Ok(XBoardLine::Result { result, comment }) => {
                    break XBoardReply::Result { result, comment }
                }
                Ok(XBoardLine::OfferDraw) => offered_draw = true,
                Ok(refusal) if refused_move(&refusal, &texts).is_some() => {
                    // The engine refused a move of ours: its board is not ours.
                    self.board = None;
                    return Err(EngineError::IllegalMove {
                        stage: Stage::Position,
                        text: refused_move(&refusal, &texts).unwrap_or_default(),
                        fen: game.start.fen(),
                    });
                }
                Ok(XBoardLine::Error { kind, command }) => {
                    problems.push(EngineError::Unsupported(format!(
                        "the engine refused {command:?} ({kind})"
                    )));
                }
                Ok(_) => {}
                Err(source) => problems.push(EngineError::Malformed {
                    stage: Stage::Search,
                    source,
                }),
            }
        };
        self.process.send("force", Stage::Search)?;
        self.board = match reply {
            XBoardReply::Move(m) => {
                let mut moves = game.moves.clone();
                moves.push(m);
                Some(GamePosition::new(game.start.clone(), &moves)?)
            }
            _ => Some(game),
        };
        Ok(XBoardResult {
            reply,
            thinking,
            problems,
            offered_draw,
        })
    }

    /// `result R {comment}`: tells the engine the game ended.
    pub fn result(&mut self, result: &str, comment: &str) -> Result<(), EngineError> {
        let clean = |s: &str| s.replace(['\n', '\r', '}'], " ");
        self.process.send(
            &format!("result {} {{{}}}", clean(result), clean(comment)),
            Stage::Command,
        )
    }

    /// Sends `quit` and waits for the engine to exit, killing it if it does not.
    pub fn quit(mut self) -> Option<std::process::ExitStatus> {
        self.process.shutdown()
    }
}

/// The XBoard names of a variant (standard chess in Chess960: `fischerandom`), in order
/// of preference; `None` for standard chess, which needs no `variant` command. A
/// variant played from a Chess960 setup has no name here (an empty list: unsupported).
fn xboard_variant_names(variant: Variant, chess960: bool) -> Option<&'static [&'static str]> {
    if chess960 {
        return Some(match variant {
            Variant::Chess => &["fischerandom"],
            _ => &[],
        });
    }
    Some(match variant {
        Variant::Chess => return None,
        Variant::Atomic => &["atomic"],
        Variant::Antichess => &["antichess"],
        Variant::Crazyhouse => &["crazyhouse"],
        Variant::KingOfTheHill => &["kingofthehill", "king-of-the-hill"],
        Variant::ThreeCheck => &["3check", "threecheck"],
        Variant::Horde => &["horde"],
        Variant::RacingKings => &["racingkings"],
        Variant::Giveaway => &["giveaway"],
        Variant::Suicide => &["suicide"],
        _ => &[],
    })
}

/// The commands that set a search's limits (see [`XBoardEngine::go`]).
fn limit_commands(limits: &Limits, white: bool) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(depth) = limits.depth {
        out.push(format!("sd {depth}"));
    }
    if let Some(t) = limits.movetime {
        out.push(format!("st {}", t.as_millis().div_ceil(1000).max(1)));
    }
    let (own, other, inc) = if white {
        (limits.wtime, limits.btime, limits.winc)
    } else {
        (limits.btime, limits.wtime, limits.binc)
    };
    if let Some(own) = own {
        let secs = own.as_secs();
        out.push(format!(
            "level {} {}:{:02} {}",
            limits.movestogo.unwrap_or(0),
            secs / 60,
            secs % 60,
            inc.map_or(0, |i| i.as_secs())
        ));
        out.push(format!("time {}", own.as_millis() / 10));
        if let Some(other) = other {
            out.push(format!("otim {}", other.as_millis() / 10));
        }
    }
    out
}

/// The move of ours an engine's line refuses, if it refuses one: `Illegal move: X`
/// (whatever X), or `Error (...): X` where X (or `usermove X`) is one of the moves sent.
fn refused_move(line: &XBoardLine, sent: &[String]) -> Option<String> {
    match line {
        XBoardLine::IllegalMove { text, .. } => Some(text.clone()),
        XBoardLine::Error { command, .. } => {
            let text = command.strip_prefix("usermove").unwrap_or(command).trim();
            sent.iter().any(|s| s == text).then(|| text.to_owned())
        }
        _ => None,
    }
}

/// The legal moves a pv's words mean (move numbers like `12.` and `12...` skipped),
/// played in turn, up to the first word that is none.
fn resolve_words(root: &AnyPosition, pv: &str) -> (Vec<Move>, Option<IllegalPvMove>) {
    let mut pos = root.clone();
    let mut out = Vec::new();
    for word in pv.split_ascii_whitespace() {
        let word = word.trim_end_matches(['+', '#', '!', '?']);
        if word.is_empty() || word.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            continue;
        }
        match pos.resolve_any(word) {
            Some(m) => {
                pos = pos.play(m);
                out.push(m);
            }
            None => {
                return (
                    out,
                    Some(IllegalPvMove {
                        text: word.to_owned(),
                        fen: pos.fen(),
                    }),
                )
            }
        }
    }
    (out, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_to_commands() {
        let l = Limits::depth(4);
        assert_eq!(limit_commands(&l, true), ["sd 4"]);
        let l = Limits::movetime(Duration::from_millis(1500));
        assert_eq!(limit_commands(&l, true), ["st 2"]);
        let l = Limits::clock(Duration::from_secs(65), Duration::from_secs(30))
            .with_increments(Duration::from_secs(2), Duration::from_secs(3))
            .with_movestogo(20);
        assert_eq!(
            limit_commands(&l, false),
            ["level 20 0:30 3", "time 3000", "otim 6500"]
        );
    }

    #[test]
    fn pv_words() {
        let root = AnyPosition::Standard(Position::new());
        let (moves, err) = resolve_words(&root, "1. e4 e7e5 2. Nf3 Nc6+ Qxf7");
        assert_eq!(moves.len(), 4);
        assert_eq!(err.map(|e| e.text), Some("Qxf7".to_owned()));
    }
}
