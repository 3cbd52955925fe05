//! chessbits for JavaScript against chess.js and chessops in `cargo xtask bench` (issue 40
//! asks for perft, `moves()`, `loadPgn` and `readGames` measured in Node beside the peers).
//!
//! After the PGN figures, [`section`] runs `crates/wasm/bench/bench.mjs` with Node
//! (`CHESSBITS_NODE`, else `node`): one process, each library in turn on the same work for
//! some rounds (an unmeasured one first), medians; it prints a markdown table (the modules'
//! gzipped sizes, perft from the start and Kiwipete, `moves()` per call, `loadPgn` of
//! Lichess and master games, `readGames` in MB/s beside the native program's figure) and a
//! last line of figures. The package must be built (`crates/wasm/build.sh`; the section
//! runs it where the package is missing and `wasm-bindgen` is installed) and its npm dev
//! dependencies installed (`npm ci` in `crates/wasm/js`). Without Node, the package, its
//! dependencies or the data, or when the script fails, a notice says so and the section
//! says why: the bench never fails for it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The script, relative to the workspace root.
const SCRIPT: &str = "crates/wasm/bench/bench.mjs";

/// The package's directory, relative to the workspace root.
const PACKAGE: &str = "crates/wasm/js";

/// Rounds of the script, in a full run and with `--quick` (about 40 and 25 seconds).
const ROUNDS: [u32; 2] = [5, 2];

/// The page with the table of the board's size and speed per sliding-attack method
/// (`crates/wasm/bench/methods.sh` makes it; too long a build for the bench to run).
const METHODS_PAGE: &str = "crates/wasm/README.md";

/// The first cells of that table's header row.
const METHODS_HEADER: &str = "| method | .wasm | gzip -9 |";

/// The section's heading.
const HEADING: &str = "\n## chessbits for JavaScript against chess.js and chessops\n\n";

/// The Node to run: `CHESSBITS_NODE`, else `node`.
fn node() -> PathBuf {
    std::env::var_os("CHESSBITS_NODE").map_or_else(|| PathBuf::from("node"), PathBuf::from)
}

/// The report's section: the script's table, or why there is none (also printed as a
/// notice). `programs` are the bench's programs: the native `chessbits` among them gives the
/// `readGames` rows its figure.
pub(crate) fn section(root: &Path, programs: &[PathBuf], quick: bool) -> String {
    let program = programs
        .iter()
        .find(|p| p.file_stem().is_some_and(|s| s == "chessbits"))
        .map(PathBuf::as_path);
    let mut text = measured(root, program, quick);
    if let Some(methods) = std::fs::read_to_string(root.join(METHODS_PAGE))
        .ok()
        .and_then(|page| methods_table(&page))
    {
        text.push_str(&format!(
            "\nThe board's module per sliding-attack method (`crates/wasm/bench/methods.sh`, \
             from {METHODS_PAGE}, not measured by this run):\n\n{methods}"
        ));
    }
    text
}

/// The table of [`METHODS_PAGE`]: the lines from its header row to the first that is not
/// a row.
fn methods_table(page: &str) -> Option<String> {
    let lines: Vec<&str> = page.lines().collect();
    let start = lines.iter().position(|l| l.starts_with(METHODS_HEADER))?;
    let rows = lines[start..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .count();
    (rows >= 3).then(|| lines[start..start + rows].join("\n") + "\n")
}

/// The measured part of the section.
fn measured(root: &Path, program: Option<&Path>, quick: bool) -> String {
    match measure(root, program, ROUNDS[usize::from(quick)]) {
        Ok(table) => format!(
            "{HEADING}`{SCRIPT}`: chessbits' WebAssembly build (the npm package `chessbits`) \
             and the peers in one Node process, each in turn on the same work; medians of \
             the rounds after an unmeasured one. In bold, chessbits divided by the peer. The \
             native program's `readGames` figure is a whole process on a 1 MB file, one \
             thread.\n\n{table}"
        ),
        Err(why) => {
            eprintln!("NOTICE: chessbits for JavaScript not measured: {why}");
            format!("{HEADING}Not measured: {why}.\n")
        }
    }
}

/// Runs the script (building the package first where it is missing and can be built);
/// returns its markdown table.
fn measure(root: &Path, program: Option<&Path>, rounds: u32) -> Result<String, String> {
    let node = node();
    let version = Command::new(&node)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .ok_or_else(|| {
            format!(
                "no Node ({} --version failed; set CHESSBITS_NODE)",
                node.display()
            )
        })?;
    let major: u32 = version
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    if major < 20 {
        return Err(format!(
            "Node {version}: the package needs Node 20 or later"
        ));
    }
    let package = root.join(PACKAGE);
    for dep in ["chess.js", "chessops", "apache-arrow"] {
        if !package.join("node_modules").join(dep).exists() {
            return Err(format!(
                "the npm dev dependencies are not installed (`npm ci` in {PACKAGE})"
            ));
        }
    }
    if !package.join("wasm/board/chessbits_bg.wasm").exists() {
        let has_bindgen = Command::new("wasm-bindgen")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !has_bindgen {
            return Err(
                "the package is not built and wasm-bindgen is not installed (run \
                 crates/wasm/build.sh, which installs it, then the bench)"
                    .to_owned(),
            );
        }
        eprintln!("      building the npm package (crates/wasm/build.sh)");
        let built = Command::new("bash")
            .arg(root.join("crates/wasm/build.sh"))
            .output()
            .map_err(|e| format!("cannot run crates/wasm/build.sh: {e}"))?;
        if !built.status.success() {
            let stderr = String::from_utf8_lossy(&built.stderr);
            let last = stderr.lines().last().unwrap_or_default();
            return Err(format!(
                "crates/wasm/build.sh failed ({}): {last}",
                built.status
            ));
        }
    }
    let mut run = Command::new(&node);
    run.arg(root.join(SCRIPT))
        .arg(rounds.to_string())
        .current_dir(&package);
    if let Some(program) = program {
        run.env("CHESSBITS_BIN", program);
    }
    let out = run
        .output()
        .map_err(|e| format!("cannot run {}: {e}", node.display()))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let last = stderr.lines().last().unwrap_or_default();
        return Err(format!("{SCRIPT} failed ({}): {last}", out.status));
    }
    table(&String::from_utf8_lossy(&out.stdout))
        .ok_or_else(|| format!("{SCRIPT} printed no table and `chessbits_wasm:` line"))
}

/// The script's output without its last (machine) line: the title, the table and any
/// notice, when the last line is there.
fn table(stdout: &str) -> Option<String> {
    let lines: Vec<&str> = stdout.lines().collect();
    let last = lines
        .iter()
        .rposition(|l| l.starts_with("chessbits_wasm: "))?;
    let rows = lines[..last].iter().filter(|l| l.starts_with('|')).count();
    (rows >= 4).then(|| {
        let mut text = lines[..last].join("\n");
        text.truncate(text.trim_end().len());
        text.push('\n');
        text
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTPUT: &str = "Node v20.20.2; 2 interleaved rounds, medians.\n\
                          | work | each library |\n| --- | --- |\n\
                          | .wasm (bytes) | board: 1 (1 gzipped) |\n\
                          | perft start, depth 4 (nodes/s) | chessbits perftFull: 9; chess.js: 1 (**9.0x**) |\n\
                          chessbits_wasm: node=v20.20.2 rounds=2\n";

    #[test]
    fn the_methods_table_comes_from_the_readme() {
        let page = std::fs::read_to_string(crate::workspace_root().join(METHODS_PAGE))
            .expect("the README");
        let t = methods_table(&page).expect("a table");
        assert!(t.starts_with(METHODS_HEADER), "{t}");
        assert!(t.contains("perfect-direct"), "{t}");
        assert!(t.contains("| magic |"), "{t}");
        assert_eq!(
            methods_table("| method | .wasm | gzip -9 |\n\ntext\n"),
            None
        );
    }

    #[test]
    fn keeps_the_table_and_drops_the_machine_line() {
        let t = table(OUTPUT).expect("a table");
        assert!(t.starts_with("Node v20.20.2;"));
        assert!(t.ends_with("(**9.0x**) |\n"));
        assert!(!t.contains("chessbits_wasm:"));
        assert_eq!(table("| a |\n| b |\n| c |\n| d |\n"), None);
        assert_eq!(table("| a |\nchessbits_wasm: x\n"), None);
    }

    /// The whole section, where Node, the built package and its npm dev dependencies are
    /// (about half a minute): `cargo test -p xtask wasm_bench -- --ignored`.
    #[test]
    #[ignore = "runs the speed script (needs Node, the built package and npm ci in crates/wasm/js)"]
    fn measures_where_node_and_the_package_are() {
        let s = section(&crate::workspace_root(), &[], true);
        assert!(s.starts_with(HEADING), "{s}");
        assert!(s.contains("| perft start, depth 4 (nodes/s) |"), "{s}");
    }
}
