//! Search limits ([`Limits`]: what `go` says) and the client's deadlines ([`Timeouts`]).

use std::fmt::Write as _;
use std::time::Duration;

use chessbits_bitboard_core::Move;

/// What a search may use: every limit of UCI's `go`. Several limits may be set at once
/// (the engine stops at the first reached); none set means the engine's own choice.
///
/// ```
/// use std::time::Duration;
/// use chessbits_uci::Limits;
///
/// let limits = Limits::depth(12).with_nodes(100_000);
/// assert_eq!(limits.depth, Some(12));
/// let clock = Limits::clock(Duration::from_secs(60), Duration::from_secs(60))
///     .with_increments(Duration::from_secs(1), Duration::from_secs(1));
/// assert_eq!(clock.winc, Some(Duration::from_secs(1)));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// `depth`: plies.
    pub depth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `movetime`: exactly this long.
    pub movetime: Option<Duration>,
    /// `wtime`: White's clock.
    pub wtime: Option<Duration>,
    /// `btime`: Black's clock.
    pub btime: Option<Duration>,
    /// `winc`: White's increment per move.
    pub winc: Option<Duration>,
    /// `binc`: Black's increment per move.
    pub binc: Option<Duration>,
    /// `movestogo`: moves to the next time control.
    pub movestogo: Option<u32>,
    /// `mate`: look for a mate in this many moves.
    pub mate: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `searchmoves`: only these root moves (legal moves of the position searched).
    pub searchmoves: Vec<Move>,
}

impl Limits {
    /// To a depth in plies.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits::default().with_depth(depth)
    }

    /// To a number of nodes.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits::default().with_nodes(nodes)
    }

    /// For a fixed time.
    #[must_use]
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// On the clock: White's and Black's remaining time.
    #[must_use]
    pub fn clock(wtime: Duration, btime: Duration) -> Limits {
        Limits {
            wtime: Some(wtime),
            btime: Some(btime),
            ..Limits::default()
        }
    }

    /// A mate search in `moves` moves.
    #[must_use]
    pub fn mate(moves: u32) -> Limits {
        Limits {
            mate: Some(moves),
            ..Limits::default()
        }
    }

    /// Until stopped.
    #[must_use]
    pub fn infinite() -> Limits {
        Limits {
            infinite: true,
            ..Limits::default()
        }
    }

    /// The same with a depth limit.
    #[must_use]
    pub fn with_depth(mut self, depth: u32) -> Limits {
        self.depth = Some(depth);
        self
    }

    /// The same with a node limit.
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// The same with increments.
    #[must_use]
    pub fn with_increments(mut self, winc: Duration, binc: Duration) -> Limits {
        self.winc = Some(winc);
        self.binc = Some(binc);
        self
    }

    /// The same with moves to go to the next time control.
    #[must_use]
    pub fn with_movestogo(mut self, moves: u32) -> Limits {
        self.movestogo = Some(moves);
        self
    }

    /// The same, searching only `moves` at the root.
    #[must_use]
    pub fn with_searchmoves(mut self, moves: Vec<Move>) -> Limits {
        self.searchmoves = moves;
        self
    }

    /// The `go` command (`ponder` adds `ponder`); moves of `searchmoves` are written by
    /// `uci` (the position's UCI writer), at the end.
    pub(crate) fn go_command(&self, ponder: bool, uci: impl Fn(Move) -> String) -> String {
        let mut s = String::from("go");
        if ponder {
            s.push_str(" ponder");
        }
        let ms = |d: Duration| d.as_millis();
        let _ = (|| -> std::fmt::Result {
            if let Some(t) = self.wtime {
                write!(s, " wtime {}", ms(t))?;
            }
            if let Some(t) = self.btime {
                write!(s, " btime {}", ms(t))?;
            }
            if let Some(t) = self.winc {
                write!(s, " winc {}", ms(t))?;
            }
            if let Some(t) = self.binc {
                write!(s, " binc {}", ms(t))?;
            }
            if let Some(n) = self.movestogo {
                write!(s, " movestogo {n}")?;
            }
            if let Some(n) = self.depth {
                write!(s, " depth {n}")?;
            }
            if let Some(n) = self.nodes {
                write!(s, " nodes {n}")?;
            }
            if let Some(n) = self.mate {
                write!(s, " mate {n}")?;
            }
            if let Some(t) = self.movetime {
                write!(s, " movetime {}", ms(t))?;
            }
            Ok(())
        })();
        if self.infinite {
            s.push_str(" infinite");
        }
        // Last: engines (Stockfish among them) read every token after `searchmoves` as a
        // move.
        if !self.searchmoves.is_empty() {
            s.push_str(" searchmoves");
            for &m in &self.searchmoves {
                s.push(' ');
                s.push_str(&uci(m));
            }
        }
        s
    }

    /// How long a search under these limits may take before the engine is late, given the
    /// side to move (`white`): the move time or the mover's clock plus `grace`, else
    /// `search`.
    pub(crate) fn deadline(&self, white: bool, timeouts: &Timeouts) -> Duration {
        let clock = if white { self.wtime } else { self.btime };
        match (self.movetime, clock) {
            (Some(t), _) | (None, Some(t)) if !self.infinite => t.saturating_add(timeouts.grace),
            _ => timeouts.search,
        }
    }
}

/// How long the client waits for each answer. Every wait has one of these deadlines; an
/// engine that misses it is an [`EngineError::Timeout`](crate::EngineError::Timeout).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// For the handshake (`uciok`, `feature done=1`). Default 10 s.
    pub handshake: Duration,
    /// For `readyok` / `pong`. Default 10 s.
    pub ready: Duration,
    /// For a search without a time limit (depth, nodes, mate); in an infinite search or
    /// while pondering, for each line after the one before. Default 300 s.
    pub search: Duration,
    /// Added to a search's move time or clock time. Default 5 s.
    pub grace: Duration,
    /// For `bestmove` after `stop`. Default 10 s.
    pub stop: Duration,
    /// For the process to exit after `quit` before it is killed. Default 1 s.
    pub quit: Duration,
    /// How many of the engine's last stderr lines an error keeps. Default 20.
    pub stderr_lines: usize,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            handshake: Duration::from_secs(10),
            ready: Duration::from_secs(10),
            search: Duration::from_secs(300),
            grace: Duration::from_secs(5),
            stop: Duration::from_secs(10),
            quit: Duration::from_secs(1),
            stderr_lines: 20,
        }
    }
}

impl Timeouts {
    /// Every deadline set to `d` (for tests with an engine that never answers), the grace
    /// period included; `quit` and `stderr_lines` as by default.
    #[must_use]
    pub fn all(d: Duration) -> Timeouts {
        Timeouts {
            handshake: d,
            ready: d,
            search: d,
            grace: d,
            stop: d,
            ..Timeouts::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessbits_bitboard_core::Square;

    #[test]
    fn go_commands() {
        let uci = |m: Move| m.uci(false).to_string();
        assert_eq!(Limits::default().go_command(false, uci), "go");
        assert_eq!(
            Limits::infinite().go_command(true, uci),
            "go ponder infinite"
        );
        let all = Limits {
            depth: Some(10),
            nodes: Some(5000),
            movetime: Some(Duration::from_millis(250)),
            wtime: Some(Duration::from_secs(60)),
            btime: Some(Duration::from_secs(50)),
            winc: Some(Duration::from_secs(1)),
            binc: Some(Duration::from_secs(2)),
            movestogo: Some(40),
            mate: Some(3),
            infinite: false,
            searchmoves: vec![Move::normal(Square::E2, Square::E4)],
        };
        assert_eq!(
            all.go_command(false, uci),
            "go wtime 60000 btime 50000 winc 1000 binc 2000 movestogo 40 \
             depth 10 nodes 5000 mate 3 movetime 250 searchmoves e2e4"
        );
        let t = Timeouts::default();
        assert_eq!(
            Limits::movetime(Duration::from_secs(1)).deadline(true, &t),
            Duration::from_secs(6)
        );
        assert_eq!(
            Limits::clock(Duration::from_secs(3), Duration::from_secs(7)).deadline(false, &t),
            Duration::from_secs(12)
        );
        assert_eq!(Limits::depth(5).deadline(true, &t), t.search);
    }
}
