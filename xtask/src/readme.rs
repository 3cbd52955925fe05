//! The root README's Rust example is the facade crate's doctested one (rustdoc does not test
//! the root README: it belongs to no package), so a test here keeps the two the same.

/// The first ```` ```rust ```` block of a markdown text, without rustdoc's hidden lines
/// (`# ...`), which the root README leaves out.
fn first_rust_block(markdown: &str) -> Option<String> {
    let start = markdown.find("```rust\n")? + "```rust\n".len();
    let end = start + markdown[start..].find("\n```")?;
    let visible: Vec<&str> = markdown[start..end]
        .lines()
        .filter(|line| *line != "#" && !line.starts_with("# "))
        .collect();
    Some(visible.join("\n"))
}

#[test]
fn the_root_readme_example_is_the_facade_doctest() {
    let root = crate::workspace_root();
    let read = |path: &str| {
        std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let ours = first_rust_block(&read("README.md")).expect("README.md has a ```rust block");
    let doctested = first_rust_block(&read("crates/chessbits/README.md"))
        .expect("crates/chessbits/README.md has a ```rust block");
    assert_eq!(
        ours, doctested,
        "README.md's example must be crates/chessbits/README.md's (its doctest), hidden lines left out"
    );
}

#[test]
fn hidden_lines_are_left_out() {
    let text = "intro\n```rust\nlet a = 1;\n# let hidden = 2;\n#\nassert_eq!(a, 1);\n```\n";
    assert_eq!(
        first_rust_block(text).as_deref(),
        Some("let a = 1;\nassert_eq!(a, 1);")
    );
    assert_eq!(first_rust_block("no code"), None);
}
