//! [`Game`]: an owned game tree (tags, mainline, variations, comments, NAGs, result), built
//! by the [`GameBuilder`] visitor and printed back by [`crate::write_game`].
//!
//! Lines live in one arena (`Vec<Line>`) and refer to each other by index, so building,
//! walking, comparing and dropping a tree never recurse, however deep the variations nest.

use crate::reader::{GameResult, Nag, ReadError, ReadErrorKind, Skip, Visitor};
use crate::replay::ErrorCap;
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

/// One move of a line, with what annotates it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Node {
    /// The move as written (SAN, or whatever the file holds), without `!`/`?` annotations.
    pub san: Vec<u8>,
    /// Annotation glyphs after the move.
    pub nags: Vec<Nag>,
    /// Comments after the move (whitespace runs collapsed to one space).
    pub comments: Vec<Vec<u8>>,
    /// Variations: alternatives to this move, each starting in the position before it.
    pub variations: Vec<LineId>,
}

/// A sequence of moves: the mainline or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Line {
    /// Comments before the first move.
    pub comments: Vec<Vec<u8>>,
    /// Variations opened before any move of this line (malformed, but kept).
    pub orphans: Vec<LineId>,
    /// The moves.
    pub moves: Vec<Node>,
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
        self.mainline().moves.iter().map(|n| n.san.as_slice())
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
        self.current().moves.push(Node {
            san: san.to_vec(),
            ..Node::default()
        });
    }

    fn nag(&mut self, nag: Nag) {
        if !self.keep(1) {
            return;
        }
        if let Some(node) = self.current().moves.last_mut() {
            node.nags.push(nag);
        }
    }

    fn comment(&mut self, text: &[u8]) {
        if !self.keep(text.len()) {
            return;
        }
        let text = normalize_comment(text);
        let line = self.current();
        match line.moves.last_mut() {
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
        match line.moves.last_mut() {
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
