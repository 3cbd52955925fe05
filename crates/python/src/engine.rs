//! The line readers of `chessbits.engine`: what a UCI or XBoard engine writes, read by
//! `chessbits-uci`'s pure parsers ([`parse_uci_line`], [`parse_xboard_line`]) and handed to
//! Python as tuples of plain values. The protocol's exchanges (commands, futures, the
//! transports) are Python's (the package `python/chessbits/engine/`); every line it reads
//! is read here, once.
//!
//! Moves cross as UCI text as the engine wrote it: the Python side resolves them against
//! the board searched (python-chess's rule: a principal variation ends before its first
//! illegal move).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use chessbits_uci::{
    parse_features, parse_uci_line, parse_xboard_line, parse_xboard_option, Bound as ScoreBound,
    FeatureValue, Info, OptionKind, Score, UciLine, XBoardLine,
};

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn moves_text(moves: &[chessbits_bitboard_core::Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// The keys an `info` line can give, as [`info_dict`] names them.
const INFO_KEYS: [&str; 18] = [
    "depth",
    "seldepth",
    "multipv",
    "score",
    "wdl",
    "nodes",
    "nps",
    "time",
    "hashfull",
    "tbhits",
    "sbhits",
    "cpuload",
    "currmove",
    "currmovenumber",
    "pv",
    "refutation",
    "currline",
    "string",
];

/// An `info` line as a dict of the tokens it had, in the line's order (python-chess's):
/// numbers as ints, `time` in seconds, `score` as `(kind, value, bound)` (`"cp"` or
/// `"mate"`; `None`, `"lowerbound"` or `"upperbound"`), `wdl` as a tuple, moves as UCI texts
/// (`currline` as `(cpu, moves)`).
fn info_dict<'py>(py: Python<'py>, line: &str, info: &Info) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let mut seen = [false; INFO_KEYS.len()];
    for token in line.split_ascii_whitespace() {
        if let Some(i) = INFO_KEYS.iter().position(|k| *k == token) {
            if !seen[i] {
                seen[i] = true;
                put_info(&d, INFO_KEYS[i], info)?;
            }
            if token == "string" {
                break;
            }
        }
    }
    Ok(d)
}

/// Puts `key` of `info` into `d`, if the line gave it.
fn put_info(d: &Bound<'_, PyDict>, key: &str, info: &Info) -> PyResult<()> {
    match key {
        "depth" => d.set_item(key, info.depth),
        "seldepth" => d.set_item(key, info.seldepth),
        "multipv" => d.set_item(key, info.multipv),
        "score" => match info.score {
            Some(s) => {
                let (kind, value) = match s.score {
                    Score::Cp(v) => ("cp", v),
                    Score::Mate(v) => ("mate", v),
                };
                let bound = match s.bound {
                    ScoreBound::Exact => None,
                    ScoreBound::Lower => Some("lowerbound"),
                    ScoreBound::Upper => Some("upperbound"),
                };
                d.set_item(key, (kind, value, bound))
            }
            None => Ok(()),
        },
        "wdl" => match info.wdl {
            Some(w) => d.set_item(key, (w.wins, w.draws, w.losses)),
            None => Ok(()),
        },
        "nodes" => d.set_item(key, info.nodes),
        "nps" => d.set_item(key, info.nps),
        "time" => d.set_item(key, info.time.map(|t| t.as_secs_f64())),
        "hashfull" => d.set_item(key, info.hashfull),
        "tbhits" => d.set_item(key, info.tbhits),
        "sbhits" => d.set_item(key, info.sbhits),
        "cpuload" => d.set_item(key, info.cpuload),
        "currmove" => d.set_item(key, info.currmove.map(|m| m.to_string())),
        "currmovenumber" => d.set_item(key, info.currmovenumber),
        "pv" => d.set_item(key, info.pv.as_deref().map(moves_text)),
        "refutation" => d.set_item(key, info.refutation.as_deref().map(moves_text)),
        "currline" => match &info.currline {
            Some(c) => d.set_item(key, (c.cpu, moves_text(&c.moves))),
            None => Ok(()),
        },
        "string" => d.set_item(key, info.string.as_deref()),
        _ => Ok(()),
    }?;
    // A token the parser read as something else (a key inside a pv) leaves `None`.
    if d.get_item(key)?.is_some_and(|v| v.is_none()) {
        d.del_item(key)?;
    }
    Ok(())
}

/// An option's fields: `(name, type, default, min, max, vars)`.
fn option_tuple<'py>(
    py: Python<'py>,
    o: &chessbits_uci::EngineOption,
) -> PyResult<Bound<'py, PyTuple>> {
    let none = || py.None().into_bound(py);
    let (kind, default, min, max, vars): (_, Bound<'py, PyAny>, _, _, Vec<String>) = match &o.kind {
        OptionKind::Check { default } => (
            "check",
            pyo3::types::PyBool::new(py, *default).to_owned().into_any(),
            None,
            None,
            Vec::new(),
        ),
        OptionKind::Spin { default, min, max } => (
            "spin",
            default.into_pyobject(py)?.into_any(),
            Some(*min),
            Some(*max),
            Vec::new(),
        ),
        OptionKind::Combo { default, vars } => (
            "combo",
            default.into_pyobject(py)?.into_any(),
            None,
            None,
            vars.clone(),
        ),
        OptionKind::Button => ("button", none(), None, None, Vec::new()),
        OptionKind::String { default } => (
            "string",
            default.into_pyobject(py)?.into_any(),
            None,
            None,
            Vec::new(),
        ),
        _ => ("string", none(), None, None, Vec::new()),
    };
    (o.name.as_str(), kind, default, min, max, vars).into_pyobject(py)
}

/// One line of a UCI engine as a tuple: `("info", dict)`, `("bestmove", best, ponder)`
/// (UCI texts or `None`), `("option", name, type, default, min, max, vars)`,
/// `("id", key, value)`, `("uciok",)`, `("readyok",)`, or `("unknown", line)`. A known
/// command with a malformed argument is a `ValueError` that names the column.
#[pyfunction]
pub fn _uci_line<'py>(py: Python<'py>, line: &str) -> PyResult<Bound<'py, PyTuple>> {
    let parsed = parse_uci_line(line).map_err(value_error)?;
    match parsed {
        UciLine::Info(info) => ("info", info_dict(py, line, &info)?).into_pyobject(py),
        UciLine::BestMove { best, ponder } => (
            "bestmove",
            best.map(|m| m.to_string()),
            ponder.map(|m| m.to_string()),
        )
            .into_pyobject(py),
        UciLine::Option(o) => {
            let fields = option_tuple(py, &o)?;
            let mut items = vec![pyo3::types::PyString::new(py, "option").into_any()];
            items.extend(fields.iter());
            PyTuple::new(py, items)
        }
        UciLine::IdName(n) => ("id", "name", n).into_pyobject(py),
        UciLine::IdAuthor(a) => ("id", "author", a).into_pyobject(py),
        UciLine::UciOk => PyTuple::new(py, ["uciok"]),
        UciLine::ReadyOk => PyTuple::new(py, ["readyok"]),
        UciLine::Unknown(l) => ("unknown", l).into_pyobject(py),
        _ => ("unknown", line).into_pyobject(py),
    }
}

/// One line of an XBoard engine as a tuple: `("feature", [(name, value)...])`,
/// `("move", text)`, `("thinking", ply, score, seconds, nodes, pv)`, `("pong", n)`,
/// `("resign",)`, `("offer_draw",)`, `("result", result, comment)`,
/// `("illegal", text, reason)`, `("error", kind, command)` or `("unknown", line)`.
#[pyfunction]
pub fn _xboard_line<'py>(py: Python<'py>, line: &str) -> PyResult<Bound<'py, PyTuple>> {
    let parsed = parse_xboard_line(line).map_err(value_error)?;
    match parsed {
        XBoardLine::Feature(features) => {
            let list = PyList::empty(py);
            for (name, value) in features {
                match value {
                    FeatureValue::Int(n) => list.append((name, n))?,
                    FeatureValue::Text(t) => list.append((name, t))?,
                }
            }
            ("feature", list).into_pyobject(py)
        }
        XBoardLine::Move(m) => ("move", m).into_pyobject(py),
        XBoardLine::Thinking(t) => (
            "thinking",
            t.ply,
            t.score,
            t.time.as_secs_f64(),
            t.nodes,
            t.pv,
        )
            .into_pyobject(py),
        XBoardLine::Pong(n) => ("pong", n).into_pyobject(py),
        XBoardLine::Resign => PyTuple::new(py, ["resign"]),
        XBoardLine::OfferDraw => PyTuple::new(py, ["offer_draw"]),
        XBoardLine::Result { result, comment } => ("result", result, comment).into_pyobject(py),
        XBoardLine::IllegalMove { text, reason } => ("illegal", text, reason).into_pyobject(py),
        XBoardLine::Error { kind, command } => ("error", kind, command).into_pyobject(py),
        XBoardLine::Unknown(l) => ("unknown", l).into_pyobject(py),
        _ => ("unknown", line).into_pyobject(py),
    }
}

/// An XBoard `option` feature (`Name -spin 5 0 10`) as `(name, type, default, min, max,
/// vars)`.
#[pyfunction]
pub fn _xboard_option<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyTuple>> {
    let o = parse_xboard_option(text).map_err(value_error)?;
    option_tuple(py, &o)
}

/// The `name=value` pairs of a `feature` line.
#[pyfunction]
pub fn _features<'py>(py: Python<'py>, line: &str) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for (name, value) in parse_features(line).map_err(value_error)? {
        match value {
            FeatureValue::Int(n) => list.append((name, n))?,
            FeatureValue::Text(t) => list.append((name, t))?,
        }
    }
    Ok(list)
}
