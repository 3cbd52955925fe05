//! [`Wdl`]: the result of a position with best play.

use core::fmt;
use core::ops::Neg;

/// The result of a position with best play, from the side to move's point of view, as a
/// WDL table gives it (`-2..=2`).
///
/// The 50-move rule is counted from a reset counter: a *cursed* win is a win that takes
/// more than 50 moves without a capture or a pawn move, so a draw when the rule is claimed;
/// a *blessed* loss is its other side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(i8)]
pub enum Wdl {
    /// Lost (`-2`).
    Loss = -2,
    /// Lost, but drawn by the 50-move rule (`-1`).
    BlessedLoss = -1,
    /// Drawn (`0`).
    Draw = 0,
    /// Won, but drawn by the 50-move rule (`1`).
    CursedWin = 1,
    /// Won (`2`).
    Win = 2,
}

impl Wdl {
    /// The value from `-2` to `2`.
    pub const fn to_i32(self) -> i32 {
        self as i32
    }

    /// The result of a value from `-2` to `2`.
    pub const fn from_i32(v: i32) -> Option<Wdl> {
        match v {
            -2 => Some(Wdl::Loss),
            -1 => Some(Wdl::BlessedLoss),
            0 => Some(Wdl::Draw),
            1 => Some(Wdl::CursedWin),
            2 => Some(Wdl::Win),
            _ => None,
        }
    }

    /// `1` for wins, `-1` for losses (cursed and blessed included), `0` for a draw.
    pub const fn signum(self) -> i32 {
        (self as i32).signum()
    }
}

impl Neg for Wdl {
    type Output = Wdl;

    /// The result for the other side.
    fn neg(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl fmt::Display for Wdl {
    /// The number, `-2` to `2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_i32(), f)
    }
}
