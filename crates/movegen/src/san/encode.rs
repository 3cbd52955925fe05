//! A legal move to its canonical [`San`] / [`SanPlus`].

use chessbits_bitboard_core::{Bitboard, Move, MoveKind, Role, TextSink};
use chessbits_position::{CastlingSide, Position};

use super::candidates::{disambiguation, legal_others, reaching, SanPosition};
use super::types::{suffix_of, San, SanPlus};

/// The canonical SAN of the legal move `m` in `pos` (without suffix): the one encoder, for
/// standard positions and the variants' alike (kings too are disambiguated where a side
/// may have several, as in antichess).
pub(crate) fn encode<P: SanPosition>(pos: &P, m: Move) -> San {
    if m.is_null() {
        return San::Null;
    }
    let (from, to) = (m.from(), m.to());
    let role = pos.role_at(from).unwrap_or(Role::Pawn);
    let theirs = pos.by_color(pos.turn().other());
    let capture = m.is_en_passant() || (!m.is_castle() && !m.is_drop() && theirs.contains(to));
    San::of_move(m, role, capture, || {
        if role == Role::King && P::ONE_KING {
            return Bitboard::EMPTY;
        }
        let candidates = reaching(pos, role, to, false);
        if (candidates - from).any() {
            legal_others(pos, &pos.legality(), role, from, to, candidates)
        } else {
            Bitboard::EMPTY
        }
    })
}

impl SanPlus {
    /// The canonical SAN of the legal move `m` in `pos`, with the suffix found by playing
    /// it. Use [`SanPlus::from_move_and_play`] when the move is played anyway.
    #[must_use]
    pub fn from_move(pos: &Position, m: Move) -> SanPlus {
        let mut next = pos.clone();
        SanPlus::from_move_and_play(&mut next, m)
    }

    /// The canonical SAN of the legal move `m`, which is then played on `pos` (the suffix
    /// needs the position after the move, so this costs one move less than
    /// [`SanPlus::from_move`] followed by a move).
    pub fn from_move_and_play(pos: &mut Position, m: Move) -> SanPlus {
        let san = San::from_move(pos, m);
        if m.is_null() {
            let _ = pos.make_null();
        } else {
            let _ = pos.make_unchecked(m);
        }
        SanPlus {
            san,
            suffix: suffix_of(pos),
        }
    }

    /// Writes the text to `out` (a `Vec<u8>`, a `String`, a [`MoveText`]...): faster than
    /// `Display` for bulk output.
    ///
    /// [`MoveText`]: chessbits_bitboard_core::MoveText
    #[inline]
    pub fn write_to(&self, out: &mut impl TextSink) {
        self.san.write_to(out);
        if let Some(s) = self.suffix {
            out.put(s.char() as u8);
        }
    }
}

/// Writes the long algebraic notation (LAN) of the legal move `m` in `pos` to `out`: the
/// piece letter (none for a pawn), the origin, `-` or `x` (en passant is a capture), the
/// destination, the promotion (`=Q`) and the check suffix: `Ng1-f3`, `e4xd5`, `e7-e8=Q+`.
/// Castling, drops and the null move are written as in SAN (`O-O`, `N@f3`, `--`). The
/// spelling python-chess's `Board.lan` gives.
pub fn write_lan(pos: &Position, m: Move, out: &mut impl TextSink) {
    write_lan_plus(SanPlus::from_move(pos, m), m, out);
}

/// Writes the LAN of the move `m` whose canonical SAN with suffix is `plus` (as
/// [`write_lan`] does; for positions other than a [`Position`], as a variant's, which
/// give their own `SanPlus`).
pub fn write_lan_plus(plus: SanPlus, m: Move, out: &mut impl TextSink) {
    let San::Normal {
        role,
        capture,
        to,
        promotion,
        ..
    } = plus.san
    else {
        plus.write_to(out);
        return;
    };
    let from = m.from();
    if role != Role::Pawn {
        out.put(role.upper_char() as u8);
    }
    out.put(from.file().char() as u8);
    out.put(from.rank().char() as u8);
    out.put(if capture { b'x' } else { b'-' });
    out.put(to.file().char() as u8);
    out.put(to.rank().char() as u8);
    if let Some(p) = promotion {
        out.put(b'=');
        out.put(p.upper_char() as u8);
    }
    if let Some(s) = plus.suffix {
        out.put(s.char() as u8);
    }
}

impl San {
    /// The canonical SAN of the legal move `m` in `pos`: minimal disambiguation (file if
    /// that suffices, else rank, else both), `x` on captures, `=Q` promotions, `O-O`.
    /// Without a suffix: see [`SanPlus::from_move`].
    #[must_use]
    pub fn from_move(pos: &Position, m: Move) -> San {
        encode(pos, m)
    }

    /// The SAN of the move `m` (not null) of a piece of `role` that captures or not, where
    /// `others` gives the origins of the other pieces of that role that legally reach the
    /// same square (asked only for pieces other than pawns): the one place a move is put
    /// into SAN, for [`San::from_move`] and for the variants' positions.
    pub(crate) fn of_move(
        m: Move,
        role: Role,
        capture: bool,
        others: impl FnOnce() -> Bitboard,
    ) -> San {
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castle => San::Castle(CastlingSide::of_rook(from, to)),
            MoveKind::Drop(role) => San::Drop { role, to },
            _ => {
                let (file, rank) = if role == Role::Pawn {
                    (capture.then(|| from.file()), None)
                } else {
                    disambiguation(from, others())
                };
                San::Normal {
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    promotion: m.promotion(),
                }
            }
        }
    }

    /// Writes the text to `out` (a `Vec<u8>`, a `String`, a [`MoveText`]...): the one
    /// place SAN is spelled.
    ///
    /// [`MoveText`]: chessbits_bitboard_core::MoveText
    #[inline]
    pub fn write_to(&self, out: &mut impl TextSink) {
        match *self {
            San::Null => out.put_all(b"--"),
            San::Castle(CastlingSide::KingSide) => out.put_all(b"O-O"),
            San::Castle(CastlingSide::QueenSide) => out.put_all(b"O-O-O"),
            San::Drop { role, to } => {
                if role != Role::Pawn {
                    out.put(role.upper_char() as u8);
                }
                out.put(b'@');
                out.put(to.file().char() as u8);
                out.put(to.rank().char() as u8);
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    out.put(role.upper_char() as u8);
                }
                if let Some(f) = file {
                    out.put(f.char() as u8);
                }
                if let Some(r) = rank {
                    out.put(r.char() as u8);
                }
                if capture {
                    out.put(b'x');
                }
                out.put(to.file().char() as u8);
                out.put(to.rank().char() as u8);
                if let Some(p) = promotion {
                    out.put(b'=');
                    out.put(p.upper_char() as u8);
                }
            }
        }
    }
}
