//! Run perft with a sliding-attack method chosen by name (the names of
//! `chessbits::attacks::METHODS`), and time it.
//!
//! ```sh
//! cargo run --release -p chessbits --features research --example perft_method -- magic 5
//! cargo run --release -p chessbits --features research --example perft_method -- classical 4 "FEN"
//! cargo run --release -p chessbits --features research --example perft_method -- rotated 5
//! ```

use chessbits::attacks::{with_method, MethodVisitor, SlidingAttacks, METHODS};
use chessbits::position::Position;

struct Perft<'a> {
    pos: &'a Position,
    depth: u32,
    nodes: u64,
}

impl MethodVisitor for Perft<'_> {
    fn visit<S: SlidingAttacks>(&mut self) {
        self.nodes = chessbits::movegen::perft_with::<S>(self.pos, self.depth);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let method = args.first().map_or("magic", String::as_str);
    let depth = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(5);
    let pos = match args.get(2).map(|f| Position::from_fen(f)) {
        None => Position::new(),
        Some(Ok(pos)) => pos,
        Some(Err(e)) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let mut job = Perft {
        pos: &pos,
        depth,
        nodes: 0,
    };
    let start = std::time::Instant::now();
    if let Err(e) = with_method(method, &mut job) {
        let names: Vec<&str> = METHODS.iter().map(|m| m.name).collect();
        eprintln!("error: {e} (methods: {})", names.join(", "));
        std::process::exit(2);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {} with {method} in {secs:.3} s ({:.0} M nodes/s)",
        job.nodes,
        job.nodes as f64 / secs / 1e6
    );
}
