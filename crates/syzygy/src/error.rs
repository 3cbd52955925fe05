//! What can go wrong: a table that is not there, a file that cannot be read, a file that is
//! cut short or whose contents contradict themselves, and positions no table holds.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;

/// A failed probe or a failed directory scan.
///
/// Every variant names the table or file concerned; a corrupt or truncated file is reported
/// (and cached: later probes of the same table report it again) instead of panicking.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum SyzygyError {
    /// No file for the table was added (`table` is its file name, such as `KQvKR.rtbw`).
    #[error("missing table {table}")]
    MissingTable {
        /// The file name that was looked for.
        table: String,
    },
    /// A directory or a table file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: Arc<io::Error>,
    },
    /// The file ends before the data its header describes.
    #[error("{}: truncated table: {needed} bytes needed, the file has {len}", path.display())]
    Truncated {
        /// The table file (or the name given to a table added from memory).
        path: PathBuf,
        /// How many bytes the file should have at least.
        needed: u64,
        /// How many it has.
        len: u64,
    },
    /// The file's contents are not a valid table of its material.
    #[error("{}: corrupt table: {reason}", path.display())]
    Corrupt {
        /// The table file (or the name given to a table added from memory).
        path: PathBuf,
        /// What is wrong.
        reason: &'static str,
    },
    /// Tables hold no position with castling rights.
    #[error("tablebases hold no position with castling rights: {fen}")]
    CastlingRights {
        /// The position.
        fen: String,
    },
    /// Tables hold at most seven pieces.
    #[error("tablebases hold at most 7 pieces, this position has {pieces}: {fen}")]
    TooManyPieces {
        /// How many pieces there are.
        pieces: u32,
        /// The position.
        fen: String,
    },
}

/// A problem found in a table's bytes, before the file's path is attached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bad {
    /// The file should have at least this many bytes.
    Truncated(u64),
    /// The bytes contradict the format.
    Corrupt(&'static str),
}

impl Bad {
    /// The public error for a file.
    pub(crate) fn at(self, path: PathBuf, len: usize) -> SyzygyError {
        match self {
            Bad::Truncated(needed) => SyzygyError::Truncated {
                path,
                needed,
                len: len as u64,
            },
            Bad::Corrupt(reason) => SyzygyError::Corrupt { path, reason },
        }
    }
}
