//! The line readers of `chessbits.engine`: what a UCI or XBoard engine writes, read by
//! `chessbits-uci`'s pure parsers ([`parse_uci_line`], [`parse_xboard_line`]) and handed to
//! Python as tuples of plain values. The protocol's exchanges (commands, futures, the
//! transports) are Python's (`python/chessbits/engine.py`); every line it reads is read
//! here, once.
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

/// An `info` line as a dict of the tokens it had: numbers as ints, `time` in seconds,
/// `score` as `(kind, value, bound)` (`"cp"` or `"mate"`; `None`, `"lowerbound"` or
/// `"upperbound"`), `wdl` as a tuple, moves as UCI texts (`currline` as `(cpu, moves)`).
fn info_dict<'py>(py: Python<'py>, info: &Info) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    macro_rules! put {
        ($($name:ident),*) => {$(
            if let Some(v) = info.$name {
                d.set_item(stringify!($name), v)?;
            }
        )*};
    }
    put!(depth, seldepth, multipv);
    if let Some(s) = info.score {
        let (kind, value) = match s.score {
            Score::Cp(v) => ("cp", v),
            Score::Mate(v) => ("mate", v),
        };
        let bound = match s.bound {
            ScoreBound::Exact => None,
            ScoreBound::Lower => Some("lowerbound"),
            ScoreBound::Upper => Some("upperbound"),
        };
        d.set_item("score", (kind, value, bound))?;
    }
    if let Some(w) = info.wdl {
        d.set_item("wdl", (w.wins, w.draws, w.losses))?;
    }
    put!(nodes, nps);
    if let Some(t) = info.time {
        d.set_item("time", t.as_secs_f64())?;
    }
    put!(hashfull, tbhits, sbhits, cpuload);
    if let Some(m) = info.currmove {
        d.set_item("currmove", m.to_string())?;
    }
    put!(currmovenumber);
    if let Some(pv) = &info.pv {
        d.set_item("pv", moves_text(pv))?;
    }
    if let Some(r) = &info.refutation {
        d.set_item("refutation", moves_text(r))?;
    }
    if let Some(c) = &info.currline {
        d.set_item("currline", (c.cpu, moves_text(&c.moves)))?;
    }
    if let Some(s) = &info.string {
        d.set_item("string", s)?;
    }
    Ok(d)
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
        UciLine::Info(info) => ("info", info_dict(py, &info)?).into_pyobject(py),
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
