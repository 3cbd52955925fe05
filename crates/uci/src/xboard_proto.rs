//! What an XBoard (CEPS v2) engine writes, a line at a time: [`parse_xboard_line`], a pure
//! function from a line to an [`XBoardLine`]; [`parse_features`] for `feature` lines and
//! the thinking output (`ply score time nodes pv`, [`Thinking`]).

use std::time::Duration;

use chessbits_position::GameResult;

use crate::error::ParseError;
use crate::options::{EngineOption, OptionKind};
use crate::tokens::Cursor;

/// A feature's value: a number or text (quoted in the line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FeatureValue {
    /// `name=1`.
    Int(i64),
    /// `name="text"` (or an unquoted word that is no number).
    Text(String),
}

/// Thinking output: `ply score time nodes [...] pv`, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Thinking {
    /// The search depth in plies.
    pub ply: u32,
    /// The score in centipawns from the engine's point of view (engines write mates as
    /// large values of their own choosing).
    pub score: i32,
    /// The time searched (written in centiseconds).
    pub time: Duration,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation as written (coordinates or SAN, maybe with move numbers).
    pub pv: String,
}

/// One line from an XBoard engine.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum XBoardLine {
    /// `feature name=value ...`.
    Feature(Vec<(String, FeatureValue)>),
    /// `move <move>` (or the old `My move is: <move>`): the move as written.
    Move(String),
    /// Thinking output.
    Thinking(Thinking),
    /// `pong <n>`.
    Pong(i64),
    /// `resign`.
    Resign,
    /// `offer draw`.
    OfferDraw,
    /// `1-0 {...}`, `0-1 {...}`, `1/2-1/2 {...}`: the engine claims a result.
    Result {
        /// `1-0`, `0-1` or `1/2-1/2`.
        result: String,
        /// The comment in braces.
        comment: String,
    },
    /// `Illegal move: <move>` or `Illegal move (<reason>): <move>`.
    IllegalMove {
        /// The move the engine refused.
        text: String,
        /// The reason, if given.
        reason: Option<String>,
    },
    /// `Error (<kind>): <command>`.
    Error {
        /// The kind of error.
        kind: String,
        /// The command refused.
        command: String,
    },
    /// Anything else (`tellics`, `telluser`, `#` comments, ...).
    Unknown(String),
}

/// The features an engine announced (`feature name=value`), in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features(pub Vec<(String, FeatureValue)>);

impl Features {
    /// The last value given for `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&FeatureValue> {
        self.0.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// A 0/1 feature, with the protocol's default when the engine did not say.
    #[must_use]
    pub fn flag(&self, name: &str) -> bool {
        match self.get(name) {
            Some(FeatureValue::Int(n)) => *n != 0,
            Some(FeatureValue::Text(_)) => false,
            None => matches!(
                name,
                "time" | "draw" | "sigint" | "sigterm" | "reuse" | "analyze" | "colors"
            ),
        }
    }

    /// `myname`.
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        match self.get("myname") {
            Some(FeatureValue::Text(t)) => Some(t),
            _ => None,
        }
    }

    /// `variants`, split at commas.
    #[must_use]
    pub fn variants(&self) -> Vec<&str> {
        match self.get("variants") {
            Some(FeatureValue::Text(t)) => t.split(',').map(str::trim).collect(),
            _ => Vec::new(),
        }
    }

    /// Every `option` feature as written (`Name -type ...`); typed:
    /// [`XBoardEngine::options`](crate::XBoardEngine::options).
    #[must_use]
    pub fn options(&self) -> Vec<&str> {
        self.0
            .iter()
            .filter_map(|(n, v)| match (n.as_str(), v) {
                ("option", FeatureValue::Text(t)) => Some(t.as_str()),
                _ => None,
            })
            .collect()
    }
}

/// Reads one line from an XBoard engine.
///
/// ```
/// use chessbits_uci::{parse_xboard_line, XBoardLine};
///
/// assert_eq!(parse_xboard_line("move e2e4"), Ok(XBoardLine::Move("e2e4".into())));
/// match parse_xboard_line(" 3     15        2        756 d2d4 d7d5 b1c3") {
///     Ok(XBoardLine::Thinking(t)) => assert_eq!((t.ply, t.score, t.nodes), (3, 15, 756)),
///     other => panic!("{other:?}"),
/// }
/// ```
pub fn parse_xboard_line(line: &str) -> Result<XBoardLine, ParseError> {
    let trimmed = line.trim();
    let mut c = Cursor::new(line);
    let Some(first) = c.next() else {
        return Ok(XBoardLine::Unknown(String::new()));
    };
    if first.bytes().next().is_some_and(|b| b.is_ascii_digit()) && !is_result(first) {
        return thinking(line).map(XBoardLine::Thinking);
    }
    Ok(match first {
        "feature" => XBoardLine::Feature(parse_features(line)?),
        "move" => match c.next() {
            Some(m) => XBoardLine::Move(m.to_owned()),
            None => return Err(c.error("move: the move is missing")),
        },
        "My" if trimmed.starts_with("My move is") => match trimmed.rsplit(' ').next() {
            Some(m) if !m.ends_with(':') => XBoardLine::Move(m.to_owned()),
            _ => return Err(c.error("My move is: the move is missing")),
        },
        "pong" => XBoardLine::Pong(c.number("pong")?),
        "resign" => XBoardLine::Resign,
        "offer" if c.peek() == Some("draw") => XBoardLine::OfferDraw,
        _ if is_result(first) => XBoardLine::Result {
            result: first.to_owned(),
            comment: braces(trimmed),
        },
        "Illegal" if trimmed.starts_with("Illegal move") => {
            let after = trimmed["Illegal move".len()..].trim_start();
            let (reason, rest) = match after.strip_prefix('(') {
                Some(r) => match r.split_once(')') {
                    Some((reason, rest)) => (Some(reason.trim().to_owned()), rest),
                    None => (None, r),
                },
                None => (None, after),
            };
            let text = rest.trim_start_matches(':').trim().to_owned();
            XBoardLine::IllegalMove { text, reason }
        }
        "Error" => {
            let after = trimmed["Error".len()..].trim_start();
            let (kind, command) = match after.strip_prefix('(') {
                Some(r) => match r.split_once(')') {
                    Some((k, rest)) => (k.trim(), rest.trim_start_matches(':').trim()),
                    None => ("", r),
                },
                None => ("", after.trim_start_matches(':').trim()),
            };
            XBoardLine::Error {
                kind: kind.to_owned(),
                command: command.to_owned(),
            }
        }
        _ => XBoardLine::Unknown(line.to_owned()),
    })
}

/// A result line's first token: a decided or drawn game by [`GameResult`]'s text form.
fn is_result(token: &str) -> bool {
    GameResult::from_ascii(token.as_bytes()).is_some_and(|r| r != GameResult::Unknown)
}

/// The text in the first pair of braces, or nothing.
fn braces(line: &str) -> String {
    line.split_once('{')
        .and_then(|(_, rest)| rest.split_once('}'))
        .map(|(inside, _)| inside.trim().to_owned())
        .unwrap_or_default()
}

/// `ply score time nodes` and the rest as the pv; after a tab, only what follows it (the
/// extended form `ply score time nodes seldepth nps tbhits \t pv`). A ply may carry a
/// suffix mark (`12.`, `12&`), ignored.
fn thinking(line: &str) -> Result<Thinking, ParseError> {
    let (head, tab_pv) = match line.split_once('\t') {
        Some((h, pv)) => (h, Some(pv)),
        None => (line, None),
    };
    let mut c = Cursor::new(head);
    let col = c.column();
    let ply_text = c.next().unwrap_or("");
    let ply = ply_text
        .trim_end_matches(['.', '&', '?', '!'])
        .parse()
        .map_err(|_| {
            ParseError::new(
                line,
                col,
                format!("thinking: ply {ply_text:?} is not a number"),
            )
        })?;
    let score = c.number("thinking: score").map_err(|e| relined(e, line))?;
    let centis: u64 = c.number("thinking: time").map_err(|e| relined(e, line))?;
    let nodes = c.number("thinking: nodes").map_err(|e| relined(e, line))?;
    let pv = match tab_pv {
        Some(pv) => pv.trim().to_owned(),
        None => c.rest().to_owned(),
    };
    Ok(Thinking {
        ply,
        score,
        time: Duration::from_millis(centis.saturating_mul(10)),
        nodes,
        pv,
    })
}

/// The error with the whole line (the cursor saw only its head).
fn relined(mut e: ParseError, line: &str) -> ParseError {
    e.line = crate::error::clip(line, ParseError::MAX_LINE).to_owned();
    e
}

/// Reads a `feature` line's `name=value` pairs: numbers, quoted text (spaces allowed),
/// or bare words.
///
/// ```
/// use chessbits_uci::{parse_features, FeatureValue};
///
/// let f = parse_features(r#"feature ping=1 myname="Fairy-Max 5.0b" done=0"#).unwrap();
/// assert_eq!(f[1], ("myname".to_owned(), FeatureValue::Text("Fairy-Max 5.0b".into())));
/// assert_eq!(f[2], ("done".to_owned(), FeatureValue::Int(0)));
/// ```
pub fn parse_features(line: &str) -> Result<Vec<(String, FeatureValue)>, ParseError> {
    let body_start = line.find("feature").map_or(0, |i| i + "feature".len());
    let bytes = line.as_bytes();
    let mut i = body_start;
    let mut out = Vec::new();
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            return Ok(out);
        }
        let name_start = i;
        while i < bytes.len() && bytes[i] != b'=' && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let name = &line[name_start..i];
        if bytes.get(i) != Some(&b'=') || name.is_empty() {
            return Err(ParseError::new(
                line,
                name_start,
                format!("feature: {name:?} has no value"),
            ));
        }
        i += 1;
        let value = if bytes.get(i) == Some(&b'"') {
            let start = i + 1;
            let Some(len) = line[start..].find('"') else {
                return Err(ParseError::new(line, i, "feature: unterminated quote"));
            };
            i = start + len + 1;
            FeatureValue::Text(line[start..start + len].to_owned())
        } else {
            let start = i;
            while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let word = &line[start..i];
            match word.parse::<i64>() {
                Ok(n) => FeatureValue::Int(n),
                Err(_) => FeatureValue::Text(word.to_owned()),
            }
        };
        out.push((name.to_owned(), value));
    }
}

/// Reads the text of a `feature option="..."`: `NAME -button|-save|-reset`,
/// `NAME -check 0|1`, `NAME -string|-file|-path TEXT`, `NAME -spin|-slider V MIN MAX`,
/// `NAME -combo A /// B /// C` (the default the one starred, else the first), as the
/// [`EngineOption`] UCI's options are: `-file`/`-path` are strings, `-slider` a spin,
/// `-save`/`-reset` buttons.
///
/// ```
/// use chessbits_uci::{parse_xboard_option, OptionKind};
///
/// let o = parse_xboard_option("Resign Threshold -spin 800 200 1200").unwrap();
/// assert_eq!(o.name, "Resign Threshold");
/// assert_eq!(o.kind, OptionKind::Spin { default: 800, min: 200, max: 1200 });
/// ```
pub fn parse_xboard_option(text: &str) -> Result<EngineOption, ParseError> {
    const TYPES: [&str; 11] = [
        "button", "save", "reset", "check", "string", "file", "path", "spin", "slider", "combo",
        "textbox",
    ];
    // The name ends at the first ` -type` (a name may hold spaces and dashes).
    let found = text.match_indices(" -").find_map(|(i, _)| {
        let rest = &text[i + 2..];
        let end = rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let word = &rest[..end];
        TYPES.contains(&word).then(|| (i, word, rest[end..].trim()))
    });
    let Some((at, kind, args)) = found else {
        return Err(ParseError::new(text, text.len(), "option: no -type"));
    };
    let name = text[..at].trim().to_owned();
    if name.is_empty() {
        return Err(ParseError::new(text, 0, "option: the name is empty"));
    }
    let number = |word: Option<&str>, what: &str| -> Result<i64, ParseError> {
        word.and_then(|w| w.parse().ok()).ok_or_else(|| {
            ParseError::new(text, at, format!("{kind} option: {what} is not a number"))
        })
    };
    let kind = match kind {
        "button" | "save" | "reset" => OptionKind::Button,
        "check" => OptionKind::Check {
            default: number(args.split_ascii_whitespace().next(), "the value")? != 0,
        },
        "string" | "file" | "path" | "textbox" => OptionKind::String {
            default: args.to_owned(),
        },
        _ if kind == "spin" || kind == "slider" => {
            let mut w = args.split_ascii_whitespace();
            let default = number(w.next(), "the value")?;
            let min = number(w.next(), "min")?;
            let max = number(w.next(), "max")?;
            OptionKind::Spin { default, min, max }
        }
        _ => {
            let mut vars: Vec<String> = Vec::new();
            let mut default = None;
            for choice in args.split("///").map(str::trim).filter(|c| !c.is_empty()) {
                let plain = choice.strip_prefix('*').unwrap_or(choice).trim().to_owned();
                if choice.starts_with('*') {
                    default = Some(plain.clone());
                }
                if !vars.contains(&plain) {
                    vars.push(plain);
                }
            }
            OptionKind::Combo {
                default: default
                    .or_else(|| vars.first().cloned())
                    .unwrap_or_default(),
                vars,
            }
        }
    };
    Ok(EngineOption { name, kind })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let line = |s: &str| parse_xboard_line(s).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(line("My move is: e7e5"), XBoardLine::Move("e7e5".into()));
        assert_eq!(line("pong 7"), XBoardLine::Pong(7));
        assert_eq!(line("resign"), XBoardLine::Resign);
        assert_eq!(line("offer draw"), XBoardLine::OfferDraw);
        assert_eq!(
            line("0-1 {White resigns}"),
            XBoardLine::Result {
                result: "0-1".into(),
                comment: "White resigns".into()
            }
        );
        assert_eq!(
            line("Illegal move (no piece): e3e4"),
            XBoardLine::IllegalMove {
                text: "e3e4".into(),
                reason: Some("no piece".into())
            }
        );
        assert_eq!(
            line("Illegal move: e3e4"),
            XBoardLine::IllegalMove {
                text: "e3e4".into(),
                reason: None
            }
        );
        assert_eq!(
            line("Error (unknown command): frobnicate"),
            XBoardLine::Error {
                kind: "unknown command".into(),
                command: "frobnicate".into()
            }
        );
        assert_eq!(
            line("tellics say hi"),
            XBoardLine::Unknown("tellics say hi".into())
        );
        let t = match line("12. -35 250 123456 17 99 0\t1. Nf3 Nf6 2. c4") {
            XBoardLine::Thinking(t) => t,
            other => panic!("{other:?}"),
        };
        assert_eq!(t.ply, 12);
        assert_eq!(t.score, -35);
        assert_eq!(t.time, Duration::from_millis(2500));
        assert_eq!(t.nodes, 123_456);
        assert_eq!(t.pv, "1. Nf3 Nf6 2. c4");
        assert!(parse_xboard_line("3 x 1 1 e2e4").is_err());
        assert!(parse_xboard_line("3 1 1").is_err());
        assert!(parse_xboard_line("move").is_err());
        assert!(parse_xboard_line("pong x").is_err());
    }

    #[test]
    fn xboard_options() {
        let opt = |t: &str| parse_xboard_option(t).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(opt("Clear Hash -button").kind, OptionKind::Button);
        assert_eq!(
            opt("Resign -check 0").kind,
            OptionKind::Check { default: false }
        );
        assert_eq!(
            opt("Ini File -file /usr/share/games/fairymax/fmax.ini").kind,
            OptionKind::String {
                default: "/usr/share/games/fairymax/fmax.ini".into()
            }
        );
        assert_eq!(
            opt("Dummy Slider Example -slider 20 0 100").kind,
            OptionKind::Spin {
                default: 20,
                min: 0,
                max: 100
            }
        );
        let combo = opt("Makruk rules -combo makruk /// *Cambodian /// Ai-wok");
        assert_eq!(combo.name, "Makruk rules");
        assert_eq!(
            combo.kind,
            OptionKind::Combo {
                default: "Cambodian".into(),
                vars: vec!["makruk".into(), "Cambodian".into(), "Ai-wok".into()]
            }
        );
        assert_eq!(
            opt("Multi-PV Margin -spin 0 0 1000").name,
            "Multi-PV Margin"
        );
        assert_eq!(
            opt("Debug Log File -string ").kind,
            OptionKind::String {
                default: String::new()
            }
        );
        assert!(parse_xboard_option("No type here").is_err());
        assert!(parse_xboard_option("X -spin a 1 2").is_err());
        assert!(parse_xboard_option(" -button").is_err());
        // Found by the property test: a blank after the dash, then a wide character.
        assert!(parse_xboard_option("x - \u{fffd} -spin").is_err());
    }

    #[test]
    fn features() {
        let f = parse_features(
            r#"feature option="Resign Threshold -spin 800 200 1200" setboard=0 variants="normal,shatranj" sigint=0 x=y"#,
        )
        .unwrap_or_default();
        assert_eq!(f.len(), 5);
        assert_eq!(
            f[0].1,
            FeatureValue::Text("Resign Threshold -spin 800 200 1200".into())
        );
        assert_eq!(f[4].1, FeatureValue::Text("y".into()));
        assert!(parse_features("feature ping").is_err());
        assert!(parse_features(r#"feature myname="open"#).is_err());
        assert_eq!(parse_features("feature"), Ok(Vec::new()));
    }
}
