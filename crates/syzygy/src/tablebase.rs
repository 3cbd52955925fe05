//! The set of tables and the probes: lazily opened files, the search over captures that
//! completes what a table stores, and root move ranking.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use chessbits_bitboard_core::{Move, Piece, Role};
use chessbits_position::{History, Position, Validation};

use crate::error::{Bad, SyzygyError};
use crate::files::{split_name, Bytes, Entry, LazyTable};
use crate::index::Pieces;
use crate::material::Material;
use crate::table::{Stored, Table, TableKind};
use crate::wdl::Wdl;

/// A set of Syzygy tables for standard chess, up to seven pieces.
///
/// Files are found by [`add_directory`](Tablebase::add_directory) and opened (memory-mapped)
/// the first time a probe needs them; the tablebase is `Send + Sync`, so search threads share
/// one through a reference or an `Arc`. Probes take a [`Position`] and answer from the side to
/// move's point of view, as python-chess's `chess.syzygy` and Fathom do.
#[derive(Default)]
pub struct Tablebase {
    entries: HashMap<Material, Entry>,
}

impl std::fmt::Debug for Tablebase {
    /// The file names of the tables added, sorted.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut names: Vec<String> = self
            .entries
            .values()
            .flat_map(Entry::files)
            .map(|t| format!("{}{}", t.material, t.kind.extension()))
            .collect();
        names.sort();
        f.debug_struct("Tablebase").field("tables", &names).finish()
    }
}

/// A legal move of a root position ranked by the tables (see [`Tablebase::root_moves`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Plies from the root position to the next capture or pawn move (the 50-move counter
    /// reset) with best play, counting this move; positive when the mover wins, negative when
    /// it loses, 0 for a draw. Values beyond ±100 are wins or losses that the 50-move rule
    /// turns into draws when counted from a reset counter.
    pub dtz: i32,
    /// The result this move keeps for the mover given the root's halfmove clock: a win that
    /// cannot be completed before the 50-move rule applies is a [`Wdl::CursedWin`].
    pub wdl: Wdl,
    /// Higher is better: wins that are certain under the 50-move rule rank equally highest,
    /// then cursed wins by how near they come, draws 0, then losses (Stockfish's ranking).
    pub rank: i32,
}

const MAX_DTZ: i32 = 1 << 18;

fn dtz_before_zeroing(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Win => 1,
        Wdl::CursedWin => 101,
        Wdl::Draw => 0,
        Wdl::BlessedLoss => -101,
        Wdl::Loss => -1,
    }
}

fn is_capture(pos: &Position, m: Move) -> bool {
    m.is_en_passant()
        || (!m.is_castle() && pos.board().by_color(pos.turn().other()).contains(m.to()))
}

fn is_pawn_move(pos: &Position, m: Move) -> bool {
    pos.board().role_at(m.from()) == Some(Role::Pawn)
}

impl Tablebase {
    /// An empty tablebase.
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// The tables that can answer both probes (their WDL and their DTZ file were added), by
    /// name (`KQvKR`, sorted), with their pieces (white's then black's): what this
    /// tablebase covers in full.
    #[must_use]
    pub fn complete_tables(&self) -> Vec<(String, Vec<Piece>)> {
        let mut out: Vec<(String, Vec<Piece>)> = self
            .entries
            .iter()
            .filter(|(_, e)| e.get(TableKind::Wdl).is_some() && e.get(TableKind::Dtz).is_some())
            .map(|(m, _)| (m.to_string(), m.pieces()))
            .collect();
        out.sort();
        out
    }

    /// Adds the table files of a directory (not its subdirectories): every file named as a
    /// table of standard chess (`KQvKR.rtbw`, `KQvKR.rtbz`, up to seven pieces). Files are
    /// only opened when a probe needs them; returns how many were added. A file added again
    /// replaces the earlier one.
    ///
    /// The files are memory-mapped: they must not be modified or truncated while the
    /// tablebase lives (tablebase files never are).
    pub fn add_directory(&mut self, path: impl AsRef<Path>) -> Result<usize, SyzygyError> {
        let path = path.as_ref();
        let io = |e: std::io::Error| SyzygyError::Io {
            path: path.to_path_buf(),
            source: Arc::new(e),
        };
        let mut added = 0;
        for dirent in fs::read_dir(path).map_err(io)? {
            let dirent = dirent.map_err(io)?;
            let name = dirent.file_name();
            let Some((material, kind)) = name.to_str().and_then(table_of_file) else {
                continue;
            };
            self.insert(material, kind, dirent.path(), None);
            added += 1;
        }
        Ok(added)
    }

    /// Adds one table file if it is named as a table of standard chess (`KQvKR.rtbw`,
    /// `KQvKR.rtbz`, up to seven pieces, the rule of
    /// [`add_directory`](Tablebase::add_directory)) and is a file: `true` when added, `false`
    /// otherwise, as python-chess's `Tablebase.add_file(path)` answers 1 or 0. The file is
    /// only opened when a probe needs it; a file of the same name added before is replaced.
    ///
    /// The file is memory-mapped: it must not be modified or truncated while the tablebase
    /// lives.
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> bool {
        let path = path.as_ref();
        let Some((material, kind)) = path
            .file_name()
            .and_then(|name| name.to_str())
            .and_then(table_of_file)
        else {
            return false;
        };
        if !path.is_file() {
            return false;
        }
        self.insert(material, kind, path.to_path_buf(), None);
        true
    }

    /// Adds a table held in memory, named as its file would be (`"KQvK.rtbw"`): for tables
    /// embedded in a program, and for tests and fuzzing. Errors name it as if it were a path.
    pub fn add_table_bytes(&mut self, name: &str, bytes: Vec<u8>) -> Result<(), SyzygyError> {
        let (stem, kind) = split_name(name).ok_or_else(|| SyzygyError::Corrupt {
            path: PathBuf::from(name),
            reason: "not a table name (such as KQvK.rtbw or KQvK.rtbz)",
        })?;
        let material = Material::from_name(stem).ok_or_else(|| SyzygyError::Corrupt {
            path: PathBuf::from(name),
            reason: "not the material of a table of standard chess",
        })?;
        self.insert(material, kind, PathBuf::from(name), Some(Arc::from(bytes)));
        Ok(())
    }

    fn insert(
        &mut self,
        material: Material,
        kind: TableKind,
        path: PathBuf,
        bytes: Option<Arc<[u8]>>,
    ) {
        let lazy = LazyTable::new(path, bytes, kind, material);
        self.entries.entry(material).or_default().set(lazy);
    }

    /// The table of a position's material, and whether the position's colours must be
    /// exchanged to look it up.
    fn table(
        &self,
        material: &Material,
        kind: TableKind,
    ) -> Result<(&LazyTable, &Table<Bytes>, bool), SyzygyError> {
        let found = self
            .entries
            .get(material)
            .and_then(|e| e.get(kind))
            .map(|t| (t, false))
            .or_else(|| {
                self.entries
                    .get(&material.flipped())
                    .and_then(|e| e.get(kind))
                    .map(|t| (t, true))
            });
        match found {
            Some((lazy, flip)) => Ok((lazy, lazy.get()?, flip)),
            None => Err(SyzygyError::MissingTable {
                table: format!("{}{}", material.normalized().0, kind.extension()),
            }),
        }
    }

    /// What the table stores for a position (no search), and the table's file. A problem
    /// in its bytes is reported with the file's path and length, as when it was opened.
    fn probe_table(
        &self,
        pos: &Position,
        kind: TableKind,
        wdl: Wdl,
    ) -> Result<(Stored, &Path), SyzygyError> {
        let material = Material::of_board(pos.board());
        let (lazy, table, flip) = self.table(&material, kind)?;
        let black = pos.turn() == chessbits_bitboard_core::Color::Black;
        let flip = flip || (material.is_symmetric() && black);
        let mut pieces = Pieces::new(pos.board(), black, flip);
        let stored = table
            .probe(&mut pieces, wdl)
            .map_err(|bad: Bad| bad.at(lazy.path.clone(), table.len()))?;
        Ok((stored, lazy.path.as_path()))
    }

    /// What the WDL table of the position's material stores for it, with no search: the
    /// value python-chess's `Tablebase.probe_wdl_table(board)` reads. Tables store "don't
    /// care" values where a capture decides and know nothing of en passant, so this is the
    /// result only of positions where no capture matters; [`probe_wdl`](Tablebase::probe_wdl)
    /// is the result of any position. Two bare kings are a draw with no table; castling
    /// rights are not looked at (the table is read for the pieces as they stand).
    pub fn probe_wdl_table(&self, pos: &Position) -> Result<Wdl, SyzygyError> {
        let material = Material::of_board(pos.board());
        if material.is_kings_only() {
            return Ok(Wdl::Draw);
        }
        Self::check_count(pos)?;
        match self.probe_table(pos, TableKind::Wdl, Wdl::Draw)? {
            (Stored::Wdl(wdl), _) => Ok(wdl),
            (Stored::Dtz(_) | Stored::OtherSide, path) => Err(SyzygyError::Corrupt {
                path: path.to_path_buf(),
                reason: "a WDL table gave no WDL value",
            }),
        }
    }

    /// What the DTZ table of the position's material stores for it, with no search, read
    /// for the result `wdl` (which selects the table's map of values; python-chess's
    /// `Tablebase.probe_dtz_table(board, wdl)`): `Some(plies)`, the distance as the file
    /// holds it, doubled where the table counts moves, before the zeroing move and the
    /// 50-move rule's 100 of a cursed result are added (python-chess's `(dtz, 1)`), or
    /// `None` when the file stores the other side to move only (its `(0, -1)`).
    ///
    /// Meaningful for positions where no capture or pawn move is best, of result `wdl`
    /// (see [`probe_wdl_table`](Tablebase::probe_wdl_table)); [`probe_dtz`](Tablebase::probe_dtz)
    /// is the distance of any position. For [`Wdl::Draw`] the value is the file's, as
    /// python-chess reads it, and means nothing.
    pub fn probe_dtz_table(&self, pos: &Position, wdl: Wdl) -> Result<Option<i32>, SyzygyError> {
        Self::check_count(pos)?;
        match self.probe_table(pos, TableKind::Dtz, wdl)? {
            (Stored::Dtz(plies), _) => Ok(Some(plies)),
            (Stored::OtherSide, _) => Ok(None),
            (Stored::Wdl(_), path) => Err(SyzygyError::Corrupt {
                path: path.to_path_buf(),
                reason: "a DTZ table gave a WDL value",
            }),
        }
    }

    /// Tables hold at most seven pieces.
    fn check_count(pos: &Position) -> Result<(), SyzygyError> {
        let pieces = pos.board().occupied().count();
        if pieces > 7 {
            return Err(SyzygyError::TooManyPieces {
                pieces,
                fen: pos.fen(),
            });
        }
        Ok(())
    }

    fn check(pos: &Position) -> Result<(), SyzygyError> {
        if !pos.castles().is_empty() {
            return Err(SyzygyError::CastlingRights { fen: pos.fen() });
        }
        Self::check_count(pos)
    }

    /// The result with best play from the side to move's point of view, the 50-move rule
    /// counted from a reset counter (the position's halfmove clock is not looked at):
    /// [`Wdl::CursedWin`] is a win that the 50-move rule makes a draw.
    ///
    /// Tables store some positions with a "don't care" value where a capture decides the
    /// result, and none with an en-passant right; the probe plays the captures (en passant
    /// included) and probes the positions after them, so it needs the tables of the material
    /// the captures leave too.
    pub fn probe_wdl(&self, pos: &Position) -> Result<Wdl, SyzygyError> {
        Self::check(pos)?;
        let mut pos = pos.clone();
        Ok(self.search(&mut pos, false)?.0)
    }

    /// The best result of the captures (and, with `pawn_moves`, pawn moves) against what the
    /// table stores; the flag says that the best move is one of these zeroing moves (then a
    /// DTZ table's value is not to be used).
    fn search(&self, pos: &mut Position, pawn_moves: bool) -> Result<(Wdl, bool), SyzygyError> {
        let moves = chessbits_movegen::legal_moves(pos);
        let mut searched = 0;
        let mut best = Wdl::Loss;
        for &m in moves.iter() {
            let zeroing = is_capture(pos, m) || (pawn_moves && is_pawn_move(pos, m));
            if !zeroing {
                continue;
            }
            searched += 1;
            let undo = pos.make_unchecked(m);
            let result = self.search(pos, false);
            pos.unmake(m, undo);
            let v = -result?.0;
            if v > best {
                best = v;
                if v == Wdl::Win {
                    return Ok((v, true));
                }
            }
        }
        let all_searched = searched > 0 && searched == moves.len();
        let stored = if all_searched {
            best
        } else {
            self.probe_wdl_table(pos)?
        };
        if best >= stored {
            Ok((best, best > Wdl::Draw || all_searched))
        } else {
            Ok((stored, false))
        }
    }

    /// The distance to zeroing (the next capture or pawn move) with best play, in plies, from
    /// the side to move's point of view, as python-chess and Fathom give it: positive when the
    /// side to move wins, negative when it loses, 0 for a draw; beyond ±100 for a win or a
    /// loss that the 50-move rule makes a draw ([`Wdl::CursedWin`], [`Wdl::BlessedLoss`]).
    ///
    /// Tables that store moves rather than plies can make the value one ply longer than the
    /// true distance (never across the 100-ply boundary of the 50-move rule). A DTZ table
    /// stores one side to move; for the other the probe looks one move ahead.
    pub fn probe_dtz(&self, pos: &Position) -> Result<i32, SyzygyError> {
        Self::check(pos)?;
        let mut pos = pos.clone();
        self.dtz(&mut pos, 0)
    }

    /// [`probe_dtz`](Tablebase::probe_dtz) as if the side to move had no en-passant right
    /// (python-chess's `Tablebase.probe_dtz_no_ep(board)`, its DTZ before the en-passant
    /// captures are looked at): the distance of the position as the tables store it, which
    /// is the same as `probe_dtz` where no en-passant capture is legal. Where one is, the
    /// capture is left out even when it is the better move or the only one; the positions
    /// after the first move are probed with every rule.
    pub fn probe_dtz_no_ep(&self, pos: &Position) -> Result<i32, SyzygyError> {
        Self::check(pos)?;
        if pos.legal_ep_square().is_none() {
            return self.probe_dtz(pos);
        }
        let mut setup = pos.to_setup();
        setup.ep_square = None;
        // What a position needs to be played (one king a side, no pawn on a back rank, the
        // side not to move not in check) does not depend on the en-passant square: this
        // cannot fail, and would say so if it did.
        let mut pos =
            Position::from_setup_with(&setup, pos.mode(), Validation::Playable).map_err(|_| {
                SyzygyError::Corrupt {
                    path: PathBuf::from(pos.fen()),
                    reason: "the position without its en-passant square cannot be played",
                }
            })?;
        self.dtz(&mut pos, 0)
    }

    fn dtz(&self, pos: &mut Position, depth: u32) -> Result<i32, SyzygyError> {
        let (wdl, zeroing) = self.search(pos, true)?;
        if wdl == Wdl::Draw {
            return Ok(0);
        }
        if zeroing {
            return Ok(dtz_before_zeroing(wdl));
        }
        match self.probe_table(pos, TableKind::Dtz, wdl)? {
            (Stored::Dtz(v), _) => Ok(dtz_before_zeroing(wdl) + v * wdl.signum()),
            (Stored::Wdl(_), path) => Err(SyzygyError::Corrupt {
                path: path.to_path_buf(),
                reason: "a DTZ table gave a WDL value",
            }),
            (Stored::OtherSide, path) => {
                if depth > 0 {
                    return Err(SyzygyError::Corrupt {
                        path: path.to_path_buf(),
                        reason: "the DTZ table stores neither side to move",
                    });
                }
                // One move ahead: the best distance among the moves that keep the result.
                let mut best = 0xFFFF;
                for &m in chessbits_movegen::legal_moves(pos).iter() {
                    let zeroing = is_capture(pos, m) || is_pawn_move(pos, m);
                    let undo = pos.make_unchecked(m);
                    let result = self.dtz_after(pos, zeroing, depth);
                    pos.unmake(m, undo);
                    let (dtz, mates) = result?;
                    if mates {
                        best = 1;
                    }
                    if dtz < best && dtz.signum() == wdl.signum() {
                        best = dtz;
                    }
                }
                Ok(if best == 0xFFFF { -1 } else { best })
            }
        }
    }

    /// The DTZ of the move just played, from the mover's side, and whether it mates.
    fn dtz_after(
        &self,
        pos: &mut Position,
        zeroing: bool,
        depth: u32,
    ) -> Result<(i32, bool), SyzygyError> {
        let mut dtz = if zeroing {
            -dtz_before_zeroing(self.search(pos, false)?.0)
        } else {
            -self.dtz(pos, depth + 1)?
        };
        let mates = dtz == 1 && pos.is_check() && chessbits_movegen::count_legal_moves(pos) == 0;
        if !zeroing {
            dtz += dtz.signum();
        }
        Ok((dtz, mates))
    }

    /// Every legal move of the position ranked by the tables, best first: the moves that
    /// keep a win under the 50-move rule (given the position's halfmove clock) first, among
    /// them the quickest to reset the counter; then cursed wins, draws, and losses, the
    /// longest resistance first. This is what an engine restricts its root search to (the
    /// root probe of Fathom and Stockfish). Empty when there is no legal move (checkmate or
    /// stalemate); [`best_move`](Tablebase::best_move) also stops at the other ends of a game.
    pub fn root_moves(&self, pos: &Position) -> Result<Vec<RootMove>, SyzygyError> {
        Self::check(pos)?;
        let mut pos = pos.clone();
        let halfmoves = i32::try_from(pos.halfmoves()).unwrap_or(i32::MAX).min(1000);
        let mut out = Vec::new();
        for &m in chessbits_movegen::legal_moves(&pos).iter() {
            let undo = pos.make_unchecked(m);
            let result = self.root_dtz(&mut pos);
            pos.unmake(m, undo);
            let dtz = result?;
            let rank = if dtz > 0 {
                if dtz + halfmoves <= 99 {
                    MAX_DTZ
                } else {
                    MAX_DTZ - (dtz + halfmoves)
                }
            } else if dtz < 0 {
                if -dtz * 2 + halfmoves < 100 {
                    -MAX_DTZ
                } else {
                    -MAX_DTZ + (-dtz + halfmoves)
                }
            } else {
                0
            };
            let wdl = if dtz > 0 {
                if dtz + halfmoves <= 100 {
                    Wdl::Win
                } else {
                    Wdl::CursedWin
                }
            } else if dtz < 0 {
                if -dtz + halfmoves <= 100 {
                    Wdl::Loss
                } else {
                    Wdl::BlessedLoss
                }
            } else {
                Wdl::Draw
            };
            out.push(RootMove {
                mv: m,
                dtz,
                wdl,
                rank,
            });
        }
        // Best rank first; among equals the quickest win and the slowest loss; then the
        // order of generation (the sort is stable).
        out.sort_by_key(|r| {
            (
                std::cmp::Reverse(r.rank),
                if r.dtz > 0 { r.dtz } else { -r.dtz.abs() },
            )
        });
        Ok(out)
    }

    /// The DTZ of the root move just played, counted from the root.
    fn root_dtz(&self, pos: &mut Position) -> Result<i32, SyzygyError> {
        let mut dtz = if pos.halfmoves() == 0 {
            dtz_before_zeroing(-self.search(pos, false)?.0)
        } else {
            let d = -self.dtz(pos, 0)?;
            d + d.signum()
        };
        if pos.halfmoves() >= 100 && chessbits_movegen::count_legal_moves(pos) > 0 {
            // The move reaches the 50-move rule: a draw.
            dtz = 0;
        }
        if dtz == 2 && pos.is_check() && chessbits_movegen::count_legal_moves(pos) == 0 {
            dtz = 1;
        }
        Ok(dtz)
    }

    /// The best move by [`root_moves`](Tablebase::root_moves), with its ranking; `None` when
    /// the game is over as python-chess's `board.is_game_over()` counts it: checkmate,
    /// stalemate, insufficient material (two bare kings, a king and a minor piece against a
    /// king, bishops all on one square colour: a draw even with moves left), or the 75-move
    /// rule (a halfmove clock of 150). A position alone has no history, so fivefold
    /// repetition never applies; claimable draws (the 50-move rule) do not end the game.
    pub fn best_move(&self, pos: &Position) -> Result<Option<RootMove>, SyzygyError> {
        Self::check(pos)?;
        if is_game_over(pos) {
            return Ok(None);
        }
        Ok(self.root_moves(pos)?.into_iter().next())
    }
}

/// The material and kind of a table file of standard chess by its name (`KQvK.rtbw`).
fn table_of_file(name: &str) -> Option<(Material, TableKind)> {
    let (stem, kind) = split_name(name)?;
    Some((Material::from_name(stem)?, kind))
}

/// Whether the game has ended by rule at `pos`, a position without history (see
/// [`Tablebase::best_move`]).
fn is_game_over(pos: &Position) -> bool {
    chessbits_movegen::outcome(pos, &History::starting_at(pos)).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tablebase_is_send_and_sync() {
        fn shared<T: Send + Sync>() {}
        shared::<Tablebase>();
    }
}
