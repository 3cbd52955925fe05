//! The reading half of `chessbits.pgn`: one game's PGN text read by `chessbits-pgn`'s
//! `Reader` into its `Game` tree, and every line of the tree (mainline and variations)
//! replayed on `chessbits-position` with `chessbits-movegen`'s SAN, so that the Python
//! package builds python-chess's node tree from plain tuples without parsing anything.

use chessbits_bitboard_core::Move as RawMove;
use chessbits_movegen::{SanError, SanMode, SanPlus};
use chessbits_pgn::{Game, GameBuilder, LineId, Reader};
use chessbits_position::{CastlingMode, Position, Setup, Validation};
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

/// Whether a `Variant` tag names Chess960 (python-chess's `Headers.is_chess960`).
fn is_chess960(variant: &str) -> bool {
    matches!(
        variant.to_ascii_lowercase().as_str(),
        "chess960" | "chess 960" | "fischerandom" | "fischerrandom" | "fischer random"
    )
}

/// Plays every line of `game` from `root`, appending nodes to `out`.
fn replay(
    game: &Game,
    root: Position,
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
            let parsed = SanPlus::from_ascii_with(san, SanMode::Lenient)
                .and_then(|s| s.san.to_move(&pos, SanMode::Lenient));
            let m = match parsed {
                Ok(m) => m,
                Err(e) => {
                    let kind = match e {
                        SanError::Syntax(_) => "InvalidMoveError",
                        SanError::Ambiguous(_) => "AmbiguousMoveError",
                        _ => "IllegalMoveError",
                    };
                    errors.push((kind, format!("{e}: {:?} in {}", text(san), pos.fen())));
                    break;
                }
            };
            if m.is_null() && pos.is_check() {
                errors.push((
                    "IllegalMoveError",
                    format!("null move in check: {}", pos.fen()),
                ));
                break;
            }
            let (from, to, promotion, drop) = crate::board::move_fields(&pos, m);
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
            if m == RawMove::NULL {
                let _ = pos.make_null();
            } else {
                let _ = pos.make_unchecked(m);
            }
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
        let tag = |name: &str| game.tag(name).map(text_of);
        let mut nodes = Vec::new();
        let variant = tag("Variant").unwrap_or_default();
        let chess960 = is_chess960(&variant);
        let standard = matches!(
            variant.to_ascii_lowercase().as_str(),
            "" | "standard" | "chess" | "classical" | "normal" | "illegal" | "from position"
        );
        if !standard && !chess960 {
            errors.push(("ValueError", format!("unsupported variant: {variant:?}")));
        } else {
            let setup = match tag("FEN") {
                Some(fen) => Setup::from_ascii(fen.as_bytes())
                    .map_err(|e| format!("invalid fen: {fen:?}: {e}")),
                None => Ok(Setup::standard()),
            };
            let mode = if chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            match setup.and_then(|s| {
                Position::from_setup_with(&s, mode, Validation::Playable).map_err(|e| e.to_string())
            }) {
                Ok(root) => replay(&game, root, &mut nodes, &mut errors),
                Err(e) => errors.push(("ValueError", e)),
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
