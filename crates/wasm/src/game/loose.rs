//! The moves of a board that is no legal position (no king, pieces beyond sixteen, the
//! side not to move in check...), as chess.js plays any board: movegen's [`ChessJsBoard`]
//! generates, writes and plays them; this file keeps them in the game.

use chessbits_movegen::{ChessJsBoard, ChessJsKings, ChessJsMoved};

use super::*;

/// The board's FEN as chess.js writes it: the castling field by the corners (`K` for
/// h1...), the en-passant square only where a legal capture exists, unless `force_ep`.
pub(super) fn loose_fen(b: &ChessJsBoard<'_>, force_ep: bool) -> String {
    let setup = b.setup;
    let capture = setup.ep_square.is_some()
        && (force_ep
            || b.legal_moves(None, Some(Role::Pawn))
                .iter()
                .any(|m| m.is_en_passant()));
    let mut s = setup.clone();
    if !capture {
        s.ep_square = None;
    }
    let fen = s.fen();
    let mut castling = String::new();
    for (sq, letter) in [
        (Square::H1, 'K'),
        (Square::A1, 'Q'),
        (Square::H8, 'k'),
        (Square::A8, 'q'),
    ] {
        if setup.castling_rights.contains(sq) {
            castling.push(letter);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if fields.len() > 2 {
        fields[2] = &castling;
    }
    fields.join(" ")
}

/// A move played on a board that is no position: the move, the board before it (as last
/// played) and the kings chess.js kept there, and chess.js's record of it.
pub(super) type LooseMove = (Move, Setup, ChessJsKings, ChessJsMoved);

/// Whether two boards are the same position for repetition: placement, turn, castling
/// rights and en-passant square.
fn same_position(a: &Setup, b: &Setup) -> bool {
    a.board == b.board
        && a.turn == b.turn
        && a.castling_rights == b.castling_rights
        && a.ep_square == b.ep_square
}

impl Game {
    /// The board as chess.js plays it, while it is no legal position.
    pub(super) fn loose_board(&self) -> Option<ChessJsBoard<'_>> {
        self.pos.is_none().then_some(ChessJsBoard {
            setup: &self.setup,
            kings: self.kings,
        })
    }

    /// The board the loose moves start from.
    pub(super) fn loose_root(&self) -> &Setup {
        self.loose.first().map_or(&self.setup, |(_, s, _, _)| s)
    }

    /// One move of `b` as a line of `|`-separated fields (see [`Game::moves_verbose`]),
    /// its SAN disambiguated among `legal`.
    pub(super) fn describe_loose(b: &ChessJsBoard<'_>, m: Move, legal: &[Move], out: &mut String) {
        Game::describe_loose_as(b, m, legal, b.moved(m), out);
    }

    /// [`Game::describe_loose`] by chess.js's record of the move (`moved`).
    fn describe_loose_as(
        b: &ChessJsBoard<'_>,
        m: Move,
        legal: &[Move],
        moved: ChessJsMoved,
        out: &mut String,
    ) {
        let setup = b.setup;
        let us = setup.turn;
        out.push(us.fold('w', 'b'));
        out.push('|');
        if m.is_null() {
            out.push_str(Game::NULL_FIELDS);
            let after = b.after_null();
            out.push_str(&loose_fen(
                &ChessJsBoard {
                    setup: &after,
                    kings: b.kings,
                },
                false,
            ));
            return;
        }
        Game::move_fields(m, moved.role, moved.captured, out, |out| {
            out.push_str(&b.san_as(m, legal, moved));
        });
        let after = b.after(m);
        let next = ChessJsBoard {
            setup: &after,
            kings: b.kings_after(m),
        };
        out.push_str(&loose_fen(&next, false));
    }

    /// The moves of the loose board, only from `square` and of `piece` where given.
    pub(super) fn loose_moves(&self, square: Option<Square>, piece: Option<Role>) -> Vec<Move> {
        self.loose_board()
            .map_or_else(Vec::new, |b| b.legal_moves(square, piece))
    }

    /// Plays `m` (one of the loose board's moves, or the null move) and describes it.
    pub(super) fn play_loose(&mut self, m: Move) -> String {
        let b = ChessJsBoard {
            setup: &self.setup,
            kings: self.kings,
        };
        let legal = b.legal_moves(None, None);
        let mut line = String::new();
        Game::describe_loose(&b, m, &legal, &mut line);
        let moved = b.moved(m);
        let (after, kings) = if m.is_null() {
            (b.after_null(), self.kings)
        } else {
            (b.after(m), b.kings_after(m))
        };
        let before = std::mem::replace(&mut self.setup, after);
        let kings_before = std::mem::replace(&mut self.kings, kings);
        self.loose.push((m, before, kings_before, moved));
        line
    }

    /// The loose board's move `text` names: its SAN as chess.js writes it (both stripped
    /// as chess.js strips them), or unless `strict` as long algebraic (`e2e4`, `e2-e4`,
    /// `Ng1f3`).
    pub(super) fn decode_loose(&self, text: &str, strict: bool) -> Option<Move> {
        let b = self.loose_board()?;
        let legal = b.legal_moves(None, None);
        let bare = chessbits_movegen::chess_js_stripped_san;
        let want = match bare(text).as_str() {
            "0-0" if !strict => String::from("O-O"),
            "0-0-0" if !strict => String::from("O-O-O"),
            w => w.to_owned(),
        };
        if let Some(&m) = legal.iter().find(|&&m| bare(&b.san(m, &legal)) == want) {
            return Some(m);
        }
        if strict {
            return None;
        }
        let lan: String = want
            .trim_start_matches(['N', 'B', 'R', 'Q', 'K', 'P'])
            .chars()
            .filter(|&c| c != 'x' && c != '-')
            .map(|c| c.to_ascii_lowercase())
            .collect();
        legal.iter().copied().find(|&m| {
            let mut uci = format!("{}{}", m.from(), Game::shown_to(m));
            if let Some(p) = m.promotion() {
                uci.push(p.char());
            }
            uci == lan
        })
    }

    /// Takes back the last loose move as chess.js does (on the board as it is now, edits
    /// kept: movegen's `chess_js_unmake`): its line, or `None` when none was played.
    pub(super) fn undo_loose(&mut self) -> Option<String> {
        let (m, before, kings, moved) = self.loose.pop()?;
        let board = chessbits_movegen::chess_js_unmake(&self.setup, m, &before, moved);
        let b = ChessJsBoard {
            setup: &board,
            kings,
        };
        let legal = b.legal_moves(None, None);
        let mut line = String::new();
        Game::describe_loose_as(&b, m, &legal, moved, &mut line);
        self.setup = board;
        self.kings = kings;
        Some(line)
    }

    /// The loose moves as chess.js's `history` replays them: every move taken back from the
    /// board now, then played again; each with the board before it, and the board after
    /// the last.
    ///
    /// With `as_recorded` (chess.js's `history` and `pgn`, which write each move's SAN by
    /// playing it and taking it back) the piece on each move's origin becomes the piece
    /// chess.js recorded before the move is played again.
    fn replayed(&self, as_recorded: bool) -> (Vec<LooseMove>, Setup, ChessJsKings) {
        let mut board = self.setup.clone();
        let mut kings = self.kings;
        for (m, before, k, moved) in self.loose.iter().rev() {
            board = chessbits_movegen::chess_js_unmake(&board, *m, before, *moved);
            kings = *k;
        }
        let mut line = Vec::with_capacity(self.loose.len());
        for &(m, _, _, moved) in &self.loose {
            let mut played_on = board.clone();
            if as_recorded && !m.is_null() {
                let us = played_on.turn;
                played_on.board.discard(m.from());
                played_on.board.put(m.from(), moved.role.of(us));
            }
            let b = ChessJsBoard {
                setup: &played_on,
                kings,
            };
            let (next, next_kings) = if m.is_null() {
                (b.after_null(), kings)
            } else {
                (b.after(m), b.kings_after(m))
            };
            line.push((m, std::mem::replace(&mut board, next), kings, moved));
            kings = next_kings;
        }
        (line, board, kings)
    }

    /// Replays the loose moves as chess.js's `history`, `pgn` (`as_recorded`) and comment
    /// pruning do, which leaves the board as the replay ends (on a board edited since its
    /// moves, the edits taken back with them are undone).
    pub(super) fn settle_loose(&mut self, as_recorded: bool) {
        if self.loose.is_empty() {
            return;
        }
        let (line, board, kings) = self.replayed(as_recorded);
        self.loose = line;
        self.setup = board;
        self.kings = kings;
    }

    /// The loose moves played: SAN space-separated, or (`verbose`) one line each.
    pub(super) fn history_loose(&self, verbose: bool) -> String {
        let mut out = String::new();
        for (i, (m, before, kings, moved)) in self.replayed(false).0.iter().enumerate() {
            if i > 0 {
                out.push(if verbose { '\n' } else { ' ' });
            }
            let b = ChessJsBoard {
                setup: before,
                kings: *kings,
            };
            if m.is_null() {
                if verbose {
                    Game::describe_loose(&b, *m, &[], &mut out);
                } else {
                    out.push_str("--");
                }
                continue;
            }
            let legal = b.legal_moves(None, None);
            if verbose {
                Game::describe_loose_as(&b, *m, &legal, *moved, &mut out);
            } else {
                out.push_str(&b.san_as(*m, &legal, *moved));
            }
        }
        out
    }

    /// The FENs of the loose line from its start (as replayed), each as chess.js writes it.
    pub(super) fn loose_fens(&self) -> Vec<String> {
        let (line, last, last_kings) = self.replayed(false);
        let fen =
            |setup: &Setup, kings: ChessJsKings| loose_fen(&ChessJsBoard { setup, kings }, false);
        let mut out: Vec<String> = line.iter().map(|(_, s, k, _)| fen(s, *k)).collect();
        out.push(fen(&last, last_kings));
        out
    }

    /// The FEN of the board the loose moves start from (as replayed).
    pub(super) fn loose_root_fen(&self) -> String {
        self.loose_fens().swap_remove(0)
    }

    /// How often the loose board's position has occurred in its line.
    pub(super) fn loose_repetitions(&self) -> usize {
        1 + self
            .loose
            .iter()
            .filter(|(_, before, _, _)| same_position(before, &self.setup))
            .count()
    }
}
