//! [`Game`]: an owned game tree (tags, mainline, variations, comments, NAGs, result), built
//! by the [`GameBuilder`] visitor and printed back by [`crate::write_game`].
//!
//! Lines live in one arena (`Vec<Line>`) and refer to each other by index, so building,
//! walking, comparing and dropping a tree never recurse, however deep the variations nest.

use crate::annotations::parse_notes;
use crate::moves::Moves;
use crate::reader::{GameResult, Nag, ReadError, ReadErrorKind, Skip, Visitor};
use crate::replay::ErrorCap;
use crate::replay::GameRecord;
use crate::tags::Tags;

mod positions;

/// The most bytes of moves, comments and variations [`GameBuilder`] keeps for one game (with
/// at most [`crate::MAX_GAME_ERRORS`] errors), so that memory stays bounded whatever the
/// input; the rest is reported as [`ReadErrorKind::GameTooLarge`] and dropped.
pub const MAX_GAME_BYTES: usize = 64 << 20;

/// Index of a [`Line`] in its [`Game`]; the mainline is [`LineId::MAIN`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineId(pub u32);

impl LineId {
    /// The mainline.
    pub const MAIN: LineId = LineId(0);
}

/// What annotates one move of a [`Line`]: its glyphs, the comments after it, and the
/// variations that are alternatives to it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Node {
    /// Annotation glyphs after the move.
    pub nags: Vec<Nag>,
    /// Comments after the move (whitespace runs collapsed to one space).
    pub comments: Vec<Vec<u8>>,
    /// Variations: alternatives to this move, each starting in the position before it.
    pub variations: Vec<LineId>,
}

/// A sequence of moves: the mainline or a variation. The moves are a [`Moves`] (the
/// representation a [`crate::GameRecord`]'s mainline has too), and each has a [`Node`]
/// with what annotates it: `nodes()[i]` belongs to the `i`-th move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Line {
    /// Comments before the first move.
    pub comments: Vec<Vec<u8>>,
    /// Variations opened before any move of this line (malformed, but kept).
    pub orphans: Vec<LineId>,
    moves: Moves,
    nodes: Vec<Node>,
}

impl Line {
    /// An empty line.
    #[must_use]
    pub fn new() -> Line {
        Line::default()
    }

    /// The moves as read: text and line of each.
    #[must_use]
    pub fn moves(&self) -> &Moves {
        &self.moves
    }

    /// What annotates each move, one [`Node`] per move.
    #[must_use]
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// What annotates each move, to change.
    pub fn nodes_mut(&mut self) -> &mut [Node] {
        &mut self.nodes
    }

    /// The number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the line has no move.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Each move's text with its [`Node`], in order.
    pub fn iter(&self) -> impl Iterator<Item = (&[u8], &Node)> + '_ {
        self.moves.texts().zip(&self.nodes)
    }

    /// Appends a move (`text` as the file spells it, read on `line`) and returns its
    /// [`Node`] to annotate.
    pub fn push(&mut self, text: &[u8], line: u64) -> &mut Node {
        self.moves.push(text, line);
        self.nodes.push(Node::default());
        let last = self.nodes.len() - 1;
        &mut self.nodes[last]
    }

    /// The last move's [`Node`].
    pub fn last_mut(&mut self) -> Option<&mut Node> {
        self.nodes.last_mut()
    }

    /// Adds `lines` to every move's line (see [`Moves`]).
    pub(crate) fn shift(&mut self, lines: u64) {
        self.moves.shift(lines);
    }

    /// Bytes held (for batching and memory limits).
    pub(crate) fn weight(&self) -> usize {
        let comments = |c: &Vec<Vec<u8>>| c.iter().map(Vec::len).sum::<usize>();
        self.moves.weight()
            + comments(&self.comments)
            + self
                .nodes
                .iter()
                .map(|n| 32 + comments(&n.comments))
                .sum::<usize>()
    }
}

/// A whole game as an owned tree.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// Tag pairs in input order; names and values are raw bytes.
    pub tags: Tags,
    /// The lines; index 0 is the mainline.
    pub lines: Vec<Line>,
    /// The result token, if the movetext had one.
    pub result: Option<GameResult>,
}

impl Default for Game {
    fn default() -> Game {
        Game {
            tags: Tags::new(),
            lines: vec![Line::default()],
            result: None,
        }
    }
}

impl Game {
    /// The value of the first tag named `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&[u8]> {
        self.tags.value(name)
    }

    /// A line by id.
    #[must_use]
    pub fn line(&self, id: LineId) -> &Line {
        &self.lines[id.0 as usize]
    }

    /// The mainline.
    #[must_use]
    pub fn mainline(&self) -> &Line {
        &self.lines[0]
    }

    /// The mainline moves as text.
    pub fn mainline_sans(&self) -> impl Iterator<Item = &[u8]> {
        self.mainline().moves.texts()
    }

    /// The game as a [`GameRecord`], what [`crate::replay`], the bulk jobs, the filters
    /// and the tables take: every tag, the mainline moves (the same [`Moves`]), the result,
    /// and each mainline move's `[%clk]` / `[%eval]` from its comments. The record is
    /// numbered game 0, starting on its first move's line; it has no read errors.
    ///
    /// ```
    /// use chessbits_pgn::{replay, Reader, SanMode};
    ///
    /// let pgn = b"1. e4 { [%clk 0:03:00] } e5 2. Qh5 (2. Nf3) Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";
    /// let (game, _errors) = Reader::new(&pgn[..]).games().next().unwrap()?;
    /// let record = game.to_record();
    /// assert_eq!(record.notes[0].0, Some(180.0));
    /// let replayed = replay(&record, SanMode::Strict, |_, _, _| {});
    /// assert_eq!((replayed.played, replayed.error), (7, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_record(&self) -> GameRecord {
        let main = self.mainline();
        let mut notes = Vec::new();
        for (i, node) in main.nodes.iter().enumerate() {
            for comment in &node.comments {
                let (clock, eval) = parse_notes(comment);
                if clock.is_none() && eval.is_none() {
                    continue;
                }
                notes.resize(i + 1, (None, None));
                if let Some(note) = notes.last_mut() {
                    note.0 = clock.or(note.0);
                    note.1 = eval.or(note.1);
                }
            }
        }
        GameRecord {
            game: 0,
            line: main.moves.iter().next().map_or(0, |(_, line)| line),
            fen: self.tag("FEN").map(<[u8]>::to_vec),
            variant: self.tag("Variant").map(<[u8]>::to_vec),
            moves: main.moves.clone(),
            read_errors: Vec::new(),
            tags: self.tags.clone(),
            result: self.result,
            notes,
            ..GameRecord::default()
        }
    }
}

/// Collapses whitespace runs to one space and trims the ends.
pub(crate) fn normalize_comment(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for word in text
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(b' ');
        }
        out.extend_from_slice(word);
    }
    out
}

/// A [`Visitor`] that builds a [`Game`] (and collects the reader's errors). A game is kept
/// up to [`MAX_GAME_BYTES`] and [`crate::MAX_GAME_ERRORS`] errors.
#[derive(Debug, Default)]
pub struct GameBuilder {
    game: Game,
    stack: Vec<LineId>,
    errors: Vec<ReadError>,
    cap: ErrorCap,
    game_no: u64,
    line: u64,
    kept: usize,
    full: bool,
}

impl GameBuilder {
    /// A builder.
    #[must_use]
    pub fn new() -> GameBuilder {
        GameBuilder::default()
    }

    /// Counts `bytes` more kept; false (and one error) once the game is over the limit.
    fn keep(&mut self, bytes: usize) -> bool {
        if self.full {
            return false;
        }
        self.kept = self.kept.saturating_add(bytes + 32);
        if self.kept > MAX_GAME_BYTES {
            self.full = true;
            let error = ReadError {
                game: self.game_no,
                line: self.line,
                kind: ReadErrorKind::GameTooLarge(MAX_GAME_BYTES),
            };
            self.cap.push(&mut self.errors, error);
            return false;
        }
        true
    }

    fn current(&mut self) -> &mut Line {
        let id = self.stack.last().copied().unwrap_or(LineId::MAIN);
        &mut self.game.lines[id.0 as usize]
    }
}

impl Visitor for GameBuilder {
    /// The game and the errors the reader reported in it.
    type Output = (Game, Vec<ReadError>);

    fn begin_game(&mut self, game: u64, line: u64) {
        self.game = Game::default();
        self.stack.clear();
        self.errors.clear();
        self.game_no = game;
        self.line = line;
        self.kept = 0;
        self.full = false;
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        if self.keep(name.len() + value.len()) {
            self.game.tags.push(name, value);
        }
    }

    fn san(&mut self, san: &[u8], line: u64) {
        self.line = line;
        if !self.keep(san.len()) {
            return;
        }
        self.current().push(san, line);
    }

    fn nag(&mut self, nag: Nag) {
        if !self.keep(1) {
            return;
        }
        if let Some(node) = self.current().last_mut() {
            node.nags.push(nag);
        }
    }

    fn comment(&mut self, text: &[u8]) {
        if !self.keep(text.len()) {
            return;
        }
        let text = normalize_comment(text);
        let line = self.current();
        match line.last_mut() {
            Some(node) => node.comments.push(text),
            None => line.comments.push(text),
        }
    }

    fn begin_variation(&mut self) -> Skip {
        if !self.keep(std::mem::size_of::<Line>()) {
            return Skip(true);
        }
        let id = LineId(u32::try_from(self.game.lines.len()).unwrap_or(u32::MAX));
        self.game.lines.push(Line::default());
        let line = self.current();
        match line.last_mut() {
            Some(node) => node.variations.push(id),
            None => line.orphans.push(id),
        }
        self.stack.push(id);
        Skip(false)
    }

    fn end_variation(&mut self) {
        self.stack.pop();
    }

    fn result(&mut self, result: GameResult) {
        self.game.result = Some(result);
    }

    fn error(&mut self, error: ReadError) {
        self.line = error.line;
        self.cap.push(&mut self.errors, error);
    }

    fn end_game(&mut self) -> (Game, Vec<ReadError>) {
        self.stack.clear();
        self.cap.finish(&mut self.errors, self.game_no);
        (
            std::mem::take(&mut self.game),
            std::mem::take(&mut self.errors),
        )
    }
}
