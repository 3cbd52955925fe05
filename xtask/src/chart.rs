//! A horizontal bar chart as a standalone SVG file, written by hand (no plotting crate):
//! one bar per benchmark, longest first, its rate printed at the end of the bar.

use std::fmt::Write as _;

/// One bar: a label and a value (a rate: higher is better).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Bar {
    pub(crate) label: String,
    pub(crate) value: f64,
}

const WIDTH: f64 = 760.0;
const LABEL_WIDTH: f64 = 230.0;
const VALUE_WIDTH: f64 = 110.0;
const BAR_HEIGHT: f64 = 18.0;
const GAP: f64 = 6.0;
const TOP: f64 = 44.0;

/// The SVG text of a chart titled `title`, values in `unit` (e.g. `lookups/s`).
pub(crate) fn bar_chart(title: &str, unit: &str, bars: &[Bar]) -> String {
    let mut bars: Vec<&Bar> = bars.iter().filter(|b| b.value.is_finite()).collect();
    bars.sort_by(|a, b| b.value.total_cmp(&a.value));
    let max = bars.iter().map(|b| b.value).fold(0.0, f64::max);
    let height = TOP + bars.len() as f64 * (BAR_HEIGHT + GAP) + 12.0;
    let span = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="8" y="18" font-size="14" font-weight="bold">{}</text>"#,
        escape(title)
    );
    let _ = writeln!(
        s,
        r##"<text x="8" y="34" fill="#555">{} (longer is better)</text>"##,
        escape(unit)
    );
    for (i, bar) in bars.iter().enumerate() {
        let y = TOP + i as f64 * (BAR_HEIGHT + GAP);
        let w = if max > 0.0 {
            (bar.value / max * span).max(1.0)
        } else {
            1.0
        };
        let _ = writeln!(
            s,
            r#"<text x="{x}" y="{ty}" text-anchor="end">{label}</text><rect x="{LABEL_WIDTH}" y="{y}" width="{w:.1}" height="{BAR_HEIGHT}" fill="{color}"/><text x="{vx:.1}" y="{ty}">{value}</text>"#,
            x = LABEL_WIDTH - 6.0,
            ty = y + BAR_HEIGHT - 5.0,
            label = escape(&bar.label),
            color = if i == 0 { "#2b6cb0" } else { "#63a4e0" },
            vx = LABEL_WIDTH + w + 6.0,
            value = human(bar.value),
        );
    }
    s.push_str("</svg>\n");
    s
}

/// `1.23 G`, `45.6 M`, `789 k`.
fn human(v: f64) -> String {
    if v >= 1e9 {
        format!("{:.2} G", v / 1e9)
    } else if v >= 1e6 {
        format!("{:.1} M", v / 1e6)
    } else if v >= 1e3 {
        format!("{:.1} k", v / 1e3)
    } else {
        format!("{v:.1}")
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_are_sorted_scaled_and_escaped() {
        let svg = bar_chart(
            "A & B",
            "lookups/s",
            &[
                Bar {
                    label: "slow".into(),
                    value: 1e6,
                },
                Bar {
                    label: "fast <1>".into(),
                    value: 2e9,
                },
            ],
        );
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("A &amp; B"));
        let fast = svg.find("fast &lt;1&gt;").expect("label present");
        let slow = svg.find(">slow<").expect("label present");
        assert!(fast < slow, "the longest bar comes first");
        assert!(svg.contains(&format!(
            r#"width="{:.1}""#,
            WIDTH - LABEL_WIDTH - VALUE_WIDTH
        )));
        assert!(svg.contains("2.00 G") && svg.contains("1.0 M"));
    }
}
