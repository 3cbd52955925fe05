//! Engine options: the `option name ... type ...` lines of the UCI handshake read into
//! [`EngineOption`]s ([`parse_option`], pure), and the check of a value against its option
//! before `setoption` is sent ([`EngineOption::validate`]).

use std::fmt;

use crate::error::{OptionError, ParseError};
use crate::tokens::Cursor;

/// An option's type and the values it allows.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionKind {
    /// `type check`: on or off.
    Check {
        /// The default.
        default: bool,
    },
    /// `type spin`: an integer in `min..=max`.
    Spin {
        /// The default.
        default: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// `type combo`: one of `vars`.
    Combo {
        /// The default.
        default: String,
        /// The choices.
        vars: Vec<String>,
    },
    /// `type button`: an action, no value.
    Button,
    /// `type string`: any text (`<empty>` is the empty string).
    String {
        /// The default.
        default: String,
    },
}

impl OptionKind {
    /// The type's name in the protocol.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            OptionKind::Check { .. } => "check",
            OptionKind::Spin { .. } => "spin",
            OptionKind::Combo { .. } => "combo",
            OptionKind::Button => "button",
            OptionKind::String { .. } => "string",
        }
    }
}

/// An option an engine declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// The name as the engine wrote it (names are compared without regard to case).
    pub name: String,
    /// Its type, default and allowed values.
    pub kind: OptionKind,
}

/// A value for an option. Text is read as the option's type asks (`"true"`, `"42"`), so
/// any option can be set from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// For a check option.
    Bool(bool),
    /// For a spin option.
    Int(i64),
    /// For a string or combo option, or text to read as the option's type.
    Text(String),
    /// Presses a button option.
    Button,
}

impl From<bool> for OptionValue {
    fn from(v: bool) -> OptionValue {
        OptionValue::Bool(v)
    }
}

impl From<i64> for OptionValue {
    fn from(v: i64) -> OptionValue {
        OptionValue::Int(v)
    }
}

impl From<i32> for OptionValue {
    fn from(v: i32) -> OptionValue {
        OptionValue::Int(i64::from(v))
    }
}

impl From<u32> for OptionValue {
    fn from(v: u32) -> OptionValue {
        OptionValue::Int(i64::from(v))
    }
}

impl From<&str> for OptionValue {
    fn from(v: &str) -> OptionValue {
        OptionValue::Text(v.to_owned())
    }
}

impl From<String> for OptionValue {
    fn from(v: String) -> OptionValue {
        OptionValue::Text(v)
    }
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Text(t) => f.write_str(t),
            OptionValue::Button => f.write_str("(button)"),
        }
    }
}

impl EngineOption {
    /// Whether `name` names this option (case-insensitively, as the UCI protocol says).
    #[must_use]
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name.trim())
    }

    /// The text to send for `value` (`None` for a button), or why the engine would not
    /// accept it: the wrong type, a spin value out of range, a combo value that is none
    /// of the choices (matched without regard to case, sent as the engine spells it), a
    /// line break.
    pub fn validate(&self, value: &OptionValue) -> Result<Option<String>, OptionError> {
        let type_error = || OptionError::Type {
            name: self.name.clone(),
            kind: self.kind.name(),
            value: value.to_string(),
        };
        if let OptionValue::Text(t) = value {
            if t.contains(['\n', '\r']) {
                return Err(OptionError::LineBreak {
                    name: self.name.clone(),
                });
            }
        }
        match (&self.kind, value) {
            (OptionKind::Button, OptionValue::Button) => Ok(None),
            (OptionKind::Button, _) | (_, OptionValue::Button) => Err(type_error()),
            (OptionKind::Check { .. }, OptionValue::Bool(b)) => Ok(Some(b.to_string())),
            (OptionKind::Check { .. }, OptionValue::Text(t)) => {
                match t.trim().to_ascii_lowercase().as_str() {
                    "true" => Ok(Some("true".into())),
                    "false" => Ok(Some("false".into())),
                    _ => Err(type_error()),
                }
            }
            (OptionKind::Check { .. }, OptionValue::Int(_)) => Err(type_error()),
            (OptionKind::Spin { min, max, .. }, OptionValue::Int(_) | OptionValue::Text(_)) => {
                let v = match value {
                    OptionValue::Int(i) => *i,
                    _ => value
                        .to_string()
                        .trim()
                        .parse::<i64>()
                        .map_err(|_| type_error())?,
                };
                if v < *min || v > *max {
                    return Err(OptionError::Range {
                        name: self.name.clone(),
                        value: v,
                        min: *min,
                        max: *max,
                    });
                }
                Ok(Some(v.to_string()))
            }
            (OptionKind::Spin { .. }, OptionValue::Bool(_)) => Err(type_error()),
            (OptionKind::Combo { vars, .. }, v) => {
                let text = v.to_string();
                vars.iter()
                    .find(|var| var.eq_ignore_ascii_case(text.trim()))
                    .map(|var| Some(var.clone()))
                    .ok_or_else(|| OptionError::NotAChoice {
                        name: self.name.clone(),
                        value: text,
                        vars: vars.clone(),
                    })
            }
            (OptionKind::String { .. }, v) => Ok(Some(v.to_string())),
        }
    }
}

const OPTION_WORDS: [&str; 5] = ["type", "default", "min", "max", "var"];

/// Reads one `option name <name> type <type> [default <d>] [min <m>] [max <m>] [var <v>]*`
/// line. Names and values may hold spaces (each runs to the next keyword); a string
/// default `<empty>` is the empty string.
///
/// ```
/// use chessbits_uci::{parse_option, OptionKind};
///
/// let o = parse_option("option name Skill Level type spin default 20 min 0 max 20").unwrap();
/// assert_eq!(o.name, "Skill Level");
/// assert_eq!(o.kind, OptionKind::Spin { default: 20, min: 0, max: 20 });
/// ```
pub fn parse_option(line: &str) -> Result<EngineOption, ParseError> {
    let mut c = Cursor::new(line);
    if c.peek() == Some("option") {
        c.next();
    }
    if c.next() != Some("name") {
        return Err(ParseError::new(line, 0, "option: `name` is missing"));
    }
    let name = words(&mut c, &OPTION_WORDS[..1]);
    if name.is_empty() {
        return Err(c.error("option: the name is empty"));
    }
    if c.next() != Some("type") {
        return Err(c.error("option: `type` is missing"));
    }
    let type_col = c.column();
    let kind_name = c.next().unwrap_or("");
    let mut default = None;
    let mut min = None;
    let mut max = None;
    let mut vars = Vec::new();
    while let Some(word) = c.next() {
        match word {
            "default" => default = Some(words(&mut c, &OPTION_WORDS)),
            "min" => min = Some(c.number::<i64>("min")?),
            "max" => max = Some(c.number::<i64>("max")?),
            "var" => vars.push(words(&mut c, &OPTION_WORDS)),
            other => {
                let col = c.last_column();
                return Err(ParseError::new(
                    line,
                    col,
                    format!("option: unexpected {other:?}"),
                ));
            }
        }
    }
    let kind = match kind_name {
        "check" => OptionKind::Check {
            default: match default.as_deref() {
                Some("true") => true,
                Some("false") => false,
                _ => return Err(c.error("check option: default is not true or false")),
            },
        },
        "spin" => {
            let (Some(min), Some(max)) = (min, max) else {
                return Err(c.error("spin option: min or max is missing"));
            };
            let default = match default.as_deref().map(str::parse::<i64>) {
                Some(Ok(d)) => d,
                None => min,
                Some(Err(_)) => return Err(c.error("spin option: default is not a number")),
            };
            OptionKind::Spin { default, min, max }
        }
        "combo" => OptionKind::Combo {
            default: default.unwrap_or_default(),
            vars,
        },
        "button" => OptionKind::Button,
        "string" => OptionKind::String {
            default: match default {
                Some(d) if d == "<empty>" => String::new(),
                Some(d) => d,
                None => String::new(),
            },
        },
        other => {
            return Err(ParseError::new(
                line,
                type_col,
                format!("option: unknown type {other:?}"),
            ))
        }
    };
    Ok(EngineOption { name, kind })
}

/// The words up to the next of `stop`, joined by one space.
fn words(c: &mut Cursor<'_>, stop: &[&str]) -> String {
    let mut out = String::new();
    while let Some(t) = c.peek() {
        if stop.contains(&t) {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(t);
        c.next();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opt(line: &str) -> EngineOption {
        match parse_option(line) {
            Ok(o) => o,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn every_type() {
        assert_eq!(
            opt("option name Ponder type check default false").kind,
            OptionKind::Check { default: false }
        );
        let combo =
            opt("option name Analysis Contempt type combo default Both var Off var White var Both");
        assert_eq!(
            combo.kind,
            OptionKind::Combo {
                default: "Both".into(),
                vars: vec!["Off".into(), "White".into(), "Both".into()]
            }
        );
        assert_eq!(
            opt("option name Clear Hash type button").kind,
            OptionKind::Button
        );
        assert_eq!(
            opt("option name Debug Log File type string default <empty>").kind,
            OptionKind::String {
                default: String::new()
            }
        );
        assert_eq!(
            opt("option name NalimovPath type string default c:\\my tb").kind,
            OptionKind::String {
                default: "c:\\my tb".into()
            }
        );
        assert!(parse_option("option name X type slider default 1").is_err());
        assert!(parse_option("option name X type spin default 1").is_err());
        assert!(parse_option("option type spin").is_err());
        assert!(parse_option("option name X").is_err());
        assert!(parse_option("option name X type check default maybe").is_err());
    }

    #[test]
    fn values_are_validated() {
        let hash = opt("option name Hash type spin default 16 min 1 max 1024");
        assert!(hash.is_named("hash"));
        assert_eq!(hash.validate(&64.into()), Ok(Some("64".into())));
        assert_eq!(hash.validate(&"32".into()), Ok(Some("32".into())));
        assert!(matches!(
            hash.validate(&0.into()),
            Err(OptionError::Range { min: 1, .. })
        ));
        assert!(matches!(
            hash.validate(&true.into()),
            Err(OptionError::Type { .. })
        ));
        let check = opt("option name Ponder type check default false");
        assert_eq!(check.validate(&"TRUE".into()), Ok(Some("true".into())));
        assert!(check.validate(&1.into()).is_err());
        let combo = opt("option name Style type combo default Normal var Solid var Normal");
        assert_eq!(combo.validate(&"solid".into()), Ok(Some("Solid".into())));
        assert!(matches!(
            combo.validate(&"Risky".into()),
            Err(OptionError::NotAChoice { .. })
        ));
        let text = opt("option name Path type string default <empty>");
        assert!(matches!(
            text.validate(&"a\nb".into()),
            Err(OptionError::LineBreak { .. })
        ));
        let button = opt("option name Clear Hash type button");
        assert_eq!(button.validate(&OptionValue::Button), Ok(None));
        assert!(button.validate(&"x".into()).is_err());
    }
}
