//! The reading half of `chessbits.pgn`: one game's PGN text read by `chessbits-pgn`'s
//! `Reader` into its `Game` tree, and every line of the tree (mainline and variations)
//! replayed on `chessbits-position` with `chessbits-movegen`'s SAN, so that the Python
//! package builds python-chess's node tree from plain tuples without parsing anything.

use chessbits_bitboard_core::Move as RawMove;
use chessbits_movegen::variant::VariantPosition;
use chessbits_movegen::{SanError, SanMode, SanPlus};
use chessbits_pgn::table::{self, Command, CommandKind, Eval};
use chessbits_pgn::{ExportOptions, Exporter, Game, GameBuilder, LineId, Reader, Skip, Visitor};
use chessbits_position::Position;
use pyo3::prelude::*;

/// A node of the tree for Python: parent index (-1 for the root), from, to, promotion,
/// drop (0 for none), starting comment, comment, NAGs.
type NodeRow = (i64, u8, u8, u8, u8, String, String, Vec<u8>);

/// A parsed game: headers, the game comment, the result token, the nodes (parents before
/// children, a parent's main continuation before its other variations) and the errors
/// (exception name, message).
type GameRows = (
    Vec<(String, String)>,
    String,
    Option<String>,
    Vec<NodeRow>,
    Vec<(&'static str, String)>,
);

/// A node for Python: parent index, the move object, starting comment, comment, NAGs.
type PyNodeRow<'py> = (i64, Bound<'py, crate::board::Move>, String, String, Vec<u8>);

/// What `_parse_game` hands to Python.
type PyGameRows<'py> = (
    Vec<(String, String)>,
    String,
    Option<String>,
    Vec<PyNodeRow<'py>>,
    Vec<(&'static str, String)>,
);

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn joined(comments: &[Vec<u8>]) -> String {
    let parts: Vec<String> = comments
        .iter()
        .map(|c| text(c).trim().to_string())
        .filter(|c| !c.is_empty())
        .collect();
    parts.join(" ")
}

/// A position a game's tree is replayed on: standard chess's `Position` or a variant's
/// `VariantPosition` (the rules are theirs; this names what the replay asks).
trait TreePosition: Clone {
    fn decode(&self, san: &[u8]) -> Result<RawMove, SanError>;
    fn in_check(&self) -> bool;
    fn fields(&self, m: RawMove) -> (u8, u8, u8, u8);
    fn play(&mut self, m: RawMove);
    fn fen_text(&self) -> String;
}

impl TreePosition for Position {
    fn decode(&self, san: &[u8]) -> Result<RawMove, SanError> {
        SanPlus::from_ascii_with(san, SanMode::Lenient)
            .and_then(|s| s.san.to_move(self, SanMode::Lenient))
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn fields(&self, m: RawMove) -> (u8, u8, u8, u8) {
        crate::board::move_fields(self, m)
    }

    fn play(&mut self, m: RawMove) {
        if m == RawMove::NULL {
            let _ = self.make_null();
        } else {
            let _ = self.make_unchecked(m);
        }
    }

    fn fen_text(&self) -> String {
        self.fen()
    }
}

impl TreePosition for VariantPosition {
    fn decode(&self, san: &[u8]) -> Result<RawMove, SanError> {
        SanPlus::from_ascii_with(san, SanMode::Lenient)
            .and_then(|s| self.san_to_move(&s.san, SanMode::Lenient))
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn fields(&self, m: RawMove) -> (u8, u8, u8, u8) {
        let f = crate::variant::fields(self, m);
        (f.from, f.to, f.promotion, f.drop)
    }

    fn play(&mut self, m: RawMove) {
        *self = self.play_unchecked(m);
    }

    fn fen_text(&self) -> String {
        self.fen()
    }
}

/// Plays every line of `game` from `root`, appending nodes to `out`.
fn replay<P: TreePosition>(
    game: &Game,
    root: P,
    out: &mut Vec<NodeRow>,
    errors: &mut Vec<(&'static str, String)>,
) {
    // (line, the position before its first move, the parent node of its first move)
    let mut queue = std::collections::VecDeque::new();
    queue.push_back((LineId::MAIN, root, -1i64));
    while let Some((id, mut pos, mut parent)) = queue.pop_front() {
        let line = game.line(id);
        for (i, (san, node)) in line.iter().enumerate() {
            for &v in &node.variations {
                queue.push_back((v, pos.clone(), parent));
            }
            let m = match pos.decode(san) {
                Ok(m) => m,
                Err(e) => {
                    let kind = match e {
                        SanError::Syntax(_) => "InvalidMoveError",
                        SanError::Ambiguous(_) => "AmbiguousMoveError",
                        _ => "IllegalMoveError",
                    };
                    errors.push((kind, format!("{e}: {:?} in {}", text(san), pos.fen_text())));
                    break;
                }
            };
            if m.is_null() && pos.in_check() {
                errors.push((
                    "IllegalMoveError",
                    format!("null move in check: {}", pos.fen_text()),
                ));
                break;
            }
            let (from, to, promotion, drop) = pos.fields(m);
            let starting = if i == 0 && id != LineId::MAIN {
                joined(&line.comments)
            } else {
                String::new()
            };
            out.push((
                parent,
                from,
                to,
                promotion,
                drop,
                starting,
                joined(&node.comments),
                node.nags.iter().map(|n| n.0).collect(),
            ));
            parent = out.len() as i64 - 1;
            pos.play(m);
        }
    }
}

/// Reads the first game of `text` and replays it: `None` when the text holds no game.
#[pyfunction]
pub fn _parse_game<'py>(py: Python<'py>, text: &str) -> PyResult<Option<PyGameRows<'py>>> {
    let Some((headers, comment, result, rows, errors)) = parse_game(py, text)? else {
        return Ok(None);
    };
    let nodes = rows
        .into_iter()
        .map(
            |(parent, from, to, promotion, drop, starting, comment, nags)| {
                let m = crate::board::make_move(py, from, to, promotion, drop)?;
                Ok((parent, m, starting, comment, nags))
            },
        )
        .collect::<PyResult<Vec<_>>>()?;
    Ok(Some((headers, comment, result, nodes, errors)))
}

fn parse_game(py: Python<'_>, text: &str) -> PyResult<Option<GameRows>> {
    let bytes = text.as_bytes();
    py.detach(|| {
        let read = Reader::new(bytes)
            .read_game(&mut GameBuilder::new())
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))?;
        let Some((game, read_errors)) = read else {
            return Ok(None);
        };
        let mut errors: Vec<(&'static str, String)> = read_errors
            .iter()
            .map(|e| ("ValueError", e.to_string()))
            .collect();
        let headers: Vec<(String, String)> = game
            .tags
            .iter()
            .map(|(k, v)| (text_of(k), text_of(v)))
            .collect();
        let mut nodes = Vec::new();
        // The start position of the `FEN` and `Variant` tags, as chessbits-pgn reads them:
        // a Lichess variant's on its rules, else standard chess's.
        if let Ok(Some(variant)) = chessbits_pgn::game_variant(game.tag("Variant")) {
            match chessbits_pgn::variant_start_position(game.tag("FEN"), variant) {
                Ok(root) => replay(&game, root, &mut nodes, &mut errors),
                Err(e) => errors.push(("ValueError", e.to_string())),
            }
        } else {
            match chessbits_pgn::start_position(game.tag("FEN"), game.tag("Variant")) {
                Ok(root) => replay(&game, root, &mut nodes, &mut errors),
                Err(e) => errors.push(("ValueError", e.to_string())),
            }
        }
        let result = game.result.map(|r| r.as_str().to_string());
        Ok(Some((
            headers,
            joined(&game.mainline().comments),
            result,
            nodes,
            errors,
        )))
    })
}

fn text_of(bytes: &[u8]) -> String {
    text(bytes)
}

/// python-chess's `StringExporter`/`FileExporter` layout, written by `chessbits-pgn`'s
/// [`Exporter`]: the Python exporting visitors hand it their events.
#[pyclass(module = "chessbits")]
#[derive(Debug)]
pub struct PgnWriter {
    w: Exporter,
}

#[pymethods]
impl PgnWriter {
    #[new]
    #[pyo3(signature = (*, columns, headers=true, comments=true, variations=true))]
    fn new(columns: Option<usize>, headers: bool, comments: bool, variations: bool) -> PgnWriter {
        PgnWriter {
            w: Exporter::new(ExportOptions {
                columns,
                headers,
                comments,
                variations,
            }),
        }
    }

    /// Changes the options for what is written from now on.
    #[pyo3(signature = (*, columns, headers, comments, variations))]
    fn set_options(
        &mut self,
        columns: Option<usize>,
        headers: bool,
        comments: bool,
        variations: bool,
    ) {
        self.w.set_options(ExportOptions {
            columns,
            headers,
            comments,
            variations,
        });
    }

    fn begin_game(&mut self) {
        self.w.begin_game();
    }

    fn tag(&mut self, name: &str, value: &str) {
        self.w.tag(name.as_bytes(), value.as_bytes());
    }

    fn end_headers(&mut self) {
        self.w.end_headers();
    }

    fn begin_variation(&mut self) -> bool {
        self.w.begin_variation()
    }

    fn end_variation(&mut self) {
        self.w.end_variation();
    }

    fn comment(&mut self, text: &str) {
        self.w.comment(text.as_bytes());
    }

    fn nag(&mut self, nag: u32) {
        self.w.nag(nag);
    }

    /// A move of a chessbits board, numbered and spelled by the board.
    fn board_move(
        &mut self,
        board: PyRef<'_, crate::board::Board>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let (number, white, san) = board.numbered_san(r#move)?;
        self.w.san(number, white, san.as_bytes());
        Ok(())
    }

    /// A move given by its number, side and SAN.
    fn san(&mut self, number: u32, white: bool, san: &str) {
        self.w.san(number, white, san.as_bytes());
    }

    fn result(&mut self, result: &str) {
        self.w.result(result.as_bytes());
    }

    /// python-chess's `write_token`: a token as given, on the line being filled.
    fn write_token(&mut self, token: &str) {
        self.w.write_token(token.as_bytes());
    }

    /// python-chess's `write_line`: a line of its own after the line being filled.
    #[pyo3(signature = (line = ""))]
    fn write_line(&mut self, line: &str) {
        self.w.write_line(line.as_bytes());
    }

    /// python-chess's `flush_current_line`: ends the line being filled.
    fn flush_current_line(&mut self) {
        self.w.flush_line();
    }

    fn end_game(&mut self) {
        self.w.end_game();
    }

    /// The lines finished since the last call.
    fn take_lines(&mut self) -> String {
        text(&self.w.take_lines())
    }

    /// Everything written, without whitespace at the end.
    fn text(&self) -> String {
        text(&self.w.text())
    }
}

/// Seconds of the first `[%clk]` of a comment.
#[pyfunction]
pub fn _comment_clock(comment: &str) -> Option<f64> {
    table::parse_clock(comment.as_bytes())
}

/// Seconds of the first `[%emt]` of a comment.
#[pyfunction]
pub fn _comment_emt(comment: &str) -> Option<f64> {
    table::parse_emt(comment.as_bytes())
}

/// The first `[%eval]` of a comment: whether it is a mate, centipawns or moves to mate
/// (White's point of view), and the depth.
#[pyfunction]
pub fn _comment_eval(comment: &str) -> Option<(bool, i32, Option<u32>)> {
    table::parse_eval_depth(comment.as_bytes()).map(|(e, depth)| match e {
        Eval::Centipawns(cp) => (false, cp, depth),
        Eval::Mate(n) => (true, n, depth),
    })
}

/// A comment with its `[%clk]` (`kind` "clk"), `[%emt]` ("emt") or `[%eval]` ("eval")
/// replaced, appended or (`value` `None`) removed: for an eval, `value` is
/// `(is_mate, number)` and `depth` its depth.
#[pyfunction]
#[pyo3(signature = (comment, kind, seconds=None, eval=None, depth=None))]
pub fn _set_comment_command(
    comment: &str,
    kind: &str,
    seconds: Option<f64>,
    eval: Option<(bool, i32)>,
    depth: Option<u32>,
) -> PyResult<String> {
    let (kind, command) = match kind {
        "clk" => (CommandKind::Clock, seconds.map(Command::Clock)),
        "emt" => (CommandKind::Emt, seconds.map(Command::Emt)),
        "eval" => (
            CommandKind::Eval,
            eval.map(|(mate, n)| {
                let e = if mate {
                    Eval::Mate(n)
                } else {
                    Eval::Centipawns(n)
                };
                Command::Eval(e, depth)
            }),
        ),
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "no comment command {other:?}"
            )))
        }
    };
    Ok(text(&table::set_command(comment.as_bytes(), kind, command)))
}

/// Collects a game's tags and skips its movetext.
struct TagsOnly(Vec<(String, String)>);

impl Visitor for TagsOnly {
    type Output = ();

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.0.push((text(name), text(value)));
    }

    fn end_tags(&mut self) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self) {}
}

/// The tag pairs of the first game of `text`, as `chessbits-pgn` reads them (unescaped;
/// malformed pairs skipped).
#[pyfunction]
pub fn _read_tags(text: &str) -> PyResult<Vec<(String, String)>> {
    let mut tags = TagsOnly(Vec::new());
    Reader::new(text.as_bytes())
        .read_game(&mut tags)
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))?;
    Ok(tags.0)
}
