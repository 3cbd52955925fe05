//! SAN text to [`San`] / [`SanPlus`], without a position.

use chessbits_bitboard_core::{File, Rank, Role, Square};
use chessbits_position::CastlingSide;

use super::types::{San, SanError, SanMode, SanPlus, SanSyntax, Suffix};

fn file_of(c: u8) -> Option<File> {
    File::new(u32::from(c.wrapping_sub(b'a'))).filter(|_| c.is_ascii_lowercase())
}

/// One disambiguation character: a file or a rank.
#[inline(always)]
fn origin_hint(c: u8) -> Option<(Option<File>, Option<Rank>)> {
    match c {
        b'a'..=b'h' => Some((Some(File::new_masked(u32::from(c - b'a'))), None)),
        b'1'..=b'8' => Some((None, Some(Rank::new_masked(u32::from(c - b'1'))))),
        _ => None,
    }
}

/// What a reader of the common SAN shapes ([`read_common`]) does with each: a call per
/// shape, so that a reader that acts on the move (movegen's `SanReplayer`) does not build
/// a [`San`] and match it again. [`San::parse_common`] is the reader that builds one.
pub(crate) trait CommonShapes {
    /// What a shape gives.
    type Output;
    /// A pawn's step onto `to` (`e4`).
    fn pawn_push(&mut self, to: Square) -> Self::Output;
    /// A pawn of `file` taking on `to` (`exd5`; `file` is not `to`'s).
    fn pawn_capture(&mut self, file: File, to: Square) -> Self::Output;
    /// A piece of `role` (not a pawn) onto `to` from the squares `file` and `rank` allow
    /// (`Nf3`, `Nbd7`, `R1xe2`).
    fn piece(
        &mut self,
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
    ) -> Self::Output;
}

/// The common shapes of SAN, lexed once left to right and handed to `shapes`: see
/// [`San::parse_common`]. `None` for any other text.
#[inline(always)]
pub(crate) fn read_common<C: CommonShapes>(s: &[u8], shapes: &mut C) -> Option<C::Output> {
    let (head, f, r) = match *s {
        [ref head @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] if head.len() <= 3 => (head, f, r),
        _ => return None,
    };
    let to = Square::new_masked(u32::from(r - b'1') * 8 + u32::from(f - b'a'));
    Some(match *head {
        [] => shapes.pawn_push(to),
        [p] => shapes.piece(Role::from_san_letter(p)?, None, None, false, to),
        [p @ b'a'..=b'h', b'x'] if p != f => {
            shapes.pawn_capture(File::new_masked(u32::from(p - b'a')), to)
        }
        [p, b'x'] => shapes.piece(Role::from_san_letter(p)?, None, None, true, to),
        [p, d] => {
            let (file, rank) = origin_hint(d)?;
            shapes.piece(Role::from_san_letter(p)?, file, rank, false, to)
        }
        [p, d, b'x'] => {
            let (file, rank) = origin_hint(d)?;
            shapes.piece(Role::from_san_letter(p)?, file, rank, true, to)
        }
        _ => return None,
    })
}

/// [`read_common`] of a text that may also end in one check or mate sign (`Nf3+`,
/// `exd5#`), as a PGN file writes moves: the same shapes as [`SanPlus::from_ascii_with`]
/// reads there.
#[inline(always)]
pub(crate) fn read_common_plus<C: CommonShapes>(s: &[u8], shapes: &mut C) -> Option<C::Output> {
    match *s {
        [ref body @ .., b'+' | b'#'] => read_common(body, shapes),
        _ => read_common(s, shapes),
    }
}

/// The reader of the common shapes that builds their [`San`].
pub(crate) struct BuildSan;

impl CommonShapes for BuildSan {
    type Output = San;

    #[inline(always)]
    fn pawn_push(&mut self, to: Square) -> San {
        San::Normal {
            role: Role::Pawn,
            file: None,
            rank: None,
            capture: false,
            to,
            promotion: None,
        }
    }

    #[inline(always)]
    fn pawn_capture(&mut self, file: File, to: Square) -> San {
        San::Normal {
            role: Role::Pawn,
            file: Some(file),
            rank: None,
            capture: true,
            to,
            promotion: None,
        }
    }

    #[inline(always)]
    fn piece(
        &mut self,
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
    ) -> San {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion: None,
        }
    }
}

fn rank_of(c: u8) -> Option<Rank> {
    if (b'1'..=b'8').contains(&c) {
        Rank::new(u32::from(c - b'1'))
    } else {
        None
    }
}

impl SanPlus {
    /// Parses SAN in [`SanMode::Strict`] syntax (see [`SanPlus::from_ascii_with`]).
    pub fn from_ascii(s: &[u8]) -> Result<SanPlus, SanError> {
        SanPlus::from_ascii_with(s, SanMode::Strict)
    }

    /// Parses SAN text. Trailing `!`/`?` annotations are ignored; a trailing `+` is a check,
    /// `#` (or `++`) a mate. Which origin square is meant is only known in a position:
    /// see [`San::to_move`].
    #[inline(always)]
    pub fn from_ascii_with(s: &[u8], mode: SanMode) -> Result<SanPlus, SanError> {
        SanPlus::read::<false>(s, mode)
    }

    /// Parses SAN text as [`SanPlus::from_ascii_with`] does, and also a promotion to a
    /// king (`e8=K+`), which only antichess has.
    pub fn from_ascii_king_promotion(s: &[u8], mode: SanMode) -> Result<SanPlus, SanError> {
        SanPlus::read::<true>(s, mode)
    }

    /// The suffix and annotations taken off `s`, the rest read by [`San::from_ascii_with`],
    /// or with `KING_PROMOTION` by [`San::from_ascii_king_promotion`]. One call of either, and
    /// chosen by a constant: a function passed in as an argument was measured not to be
    /// inlined (the reader's SAN parsing took a third longer).
    #[inline(always)]
    fn read<const KING_PROMOTION: bool>(s: &[u8], mode: SanMode) -> Result<SanPlus, SanError> {
        // Most moves have no suffix or annotation: one compare.
        let (s, suffix) = match s.last() {
            Some(b'+' | b'#' | b'!' | b'?') => SanPlus::strip_suffix(s),
            _ => (s, None),
        };
        let san = if KING_PROMOTION {
            San::from_ascii_king_promotion(s, mode)?
        } else {
            San::from_ascii_with(s, mode)?
        };
        Ok(SanPlus { san, suffix })
    }

    /// `s` without its trailing annotations (`!`, `?`) and check or mate suffix, and the
    /// suffix.
    fn strip_suffix(mut s: &[u8]) -> (&[u8], Option<Suffix>) {
        while let [rest @ .., b'!' | b'?'] = s {
            s = rest;
        }
        match s {
            [rest @ .., b'+', b'+'] | [rest @ .., b'#'] => (rest, Some(Suffix::Checkmate)),
            [rest @ .., b'+'] => (rest, Some(Suffix::Check)),
            _ => (s, None),
        }
    }
}

impl San {
    /// Parses SAN without a suffix in [`SanMode::Strict`] syntax.
    pub fn from_ascii(s: &[u8]) -> Result<San, SanError> {
        San::from_ascii_with(s, SanMode::Strict)
    }

    /// Parses SAN without a check suffix (see [`SanPlus::from_ascii_with`] for text that may
    /// carry one).
    #[inline(always)]
    pub fn from_ascii_with(s: &[u8], mode: SanMode) -> Result<San, SanError> {
        match San::parse_common(s) {
            Some(san) => Ok(san),
            None => San::parse_general(s, mode),
        }
    }

    /// The shapes nearly every real move has, in a few compares: a destination square
    /// after at most a piece letter, one disambiguation character and `x` (`e4`, `Nf3`,
    /// `exd5`, `Nxe5`, `Nbd7`, `R1xe2`). These parse the same in both modes; anything else
    /// (castling, promotion, lenient forms, errors) is `None` and goes to
    /// [`San::parse_general`], which gives the same answer for these shapes too.
    #[inline(always)]
    pub(crate) fn parse_common(s: &[u8]) -> Option<San> {
        read_common(s, &mut BuildSan)
    }

    /// Parses SAN as [`San::from_ascii_with`] does, and also a promotion to a king
    /// (`e8=K`), which only antichess has: the form `crate::variant` reads.
    pub fn from_ascii_king_promotion(s: &[u8], mode: SanMode) -> Result<San, SanError> {
        San::parse_general_with(s, mode, true)
    }

    #[inline(never)]
    pub(super) fn parse_general(s: &[u8], mode: SanMode) -> Result<San, SanError> {
        San::parse_general_with(s, mode, false)
    }

    fn parse_general_with(s: &[u8], mode: SanMode, king_promotion: bool) -> Result<San, SanError> {
        let lenient = mode == SanMode::Lenient;
        if let Some(at) = s.iter().position(|&b| b == b'@') {
            return parse_drop(&s[..at], &s[at + 1..]);
        }
        match s {
            b"--" | b"Z0" | b"0000" | b"@@@@" => return Ok(San::Null),
            b"O-O" | b"0-0" => return Ok(San::Castle(CastlingSide::KingSide)),
            b"O-O-O" | b"0-0-0" => return Ok(San::Castle(CastlingSide::QueenSide)),
            b"o-o" | b"OO" if lenient => return Ok(San::Castle(CastlingSide::KingSide)),
            b"o-o-o" | b"OOO" if lenient => return Ok(San::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        let (role, mut rest) = match s.split_first() {
            Some((&c, rest)) if c.is_ascii_uppercase() => match Role::from_san_letter(c) {
                Some(role) => (role, rest),
                None if c == b'P' && lenient => (Role::Pawn, rest),
                None => return Err(SanError::Syntax(SanSyntax::UnknownPiece)),
            },
            Some(_) => (Role::Pawn, s),
            None => return Err(SanError::Syntax(SanSyntax::Empty)),
        };
        // Promotion at the end: `=Q`, `Q`, and in lenient mode `q` / `=q`.
        let mut promotion = None;
        if let [head @ .., p] = rest {
            let role = if p.is_ascii_uppercase() {
                Role::from_san_letter(*p)
            } else if lenient && *p != b'b' {
                // A lowercase `b` cannot be told from a file; other letters can.
                Role::from_san_letter(p.to_ascii_uppercase())
            } else {
                None
            };
            if let Some(r) = role {
                rest = head;
                if let [head @ .., b'='] = rest {
                    rest = head;
                }
                if matches!(r, Role::King) && !king_promotion {
                    return Err(SanError::Syntax(SanSyntax::PromotionToKing));
                }
                promotion = Some(r);
            } else if lenient && *p == b'b' && head.len() >= 2 {
                // `e8=b` / `e8b`: a bishop promotion (the rest must still end on a square).
                let h = head.strip_suffix(b"=").unwrap_or(head);
                if h.len() >= 2 && rank_of(h[h.len() - 1]).is_some() {
                    rest = h;
                    promotion = Some(Role::Bishop);
                }
            }
        }
        let [mid @ .., f, r] = rest else {
            return Err(SanError::Syntax(SanSyntax::NoDestination));
        };
        let (Some(to_file), Some(to_rank)) = (file_of(*f), rank_of(*r)) else {
            return Err(SanError::Syntax(SanSyntax::NoDestination));
        };
        let to = Square::from_coords(to_file, to_rank);
        let mut mid = mid;
        let mut capture = false;
        match mid {
            [head @ .., b'x'] => {
                capture = true;
                mid = head;
            }
            [head @ .., b'-' | b':'] if lenient => mid = head,
            _ => {}
        }
        let (file, rank) = match *mid {
            [] => (None, None),
            [c] => origin_hint(c).ok_or(SanError::Syntax(SanSyntax::BadDisambiguation))?,
            [a, b] => match (file_of(a), rank_of(b)) {
                (Some(f), Some(r)) => (Some(f), Some(r)),
                _ => return Err(SanError::Syntax(SanSyntax::BadDisambiguation)),
            },
            _ => return Err(SanError::Syntax(SanSyntax::BadDisambiguation)),
        };
        if role == Role::Pawn {
            if !lenient {
                if rank.is_some() {
                    return Err(SanError::Syntax(SanSyntax::PawnOriginRank));
                }
                if capture != file.is_some_and(|f| f != to_file) {
                    return Err(SanError::Syntax(SanSyntax::PawnCapture));
                }
            }
        } else if promotion.is_some() {
            return Err(SanError::Syntax(SanSyntax::OnlyPawnsPromote));
        }
        Ok(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }
}

/// A drop: `N@f3`, `@e4` or `P@e4` (the piece before the `@`, the square after it).
fn parse_drop(piece: &[u8], square: &[u8]) -> Result<San, SanError> {
    let role = match *piece {
        [] | [b'P'] => Role::Pawn,
        [c] => match Role::from_san_letter(c) {
            Some(Role::King) | None => return Err(SanError::Syntax(SanSyntax::UnknownPiece)),
            Some(role) => role,
        },
        _ => return Err(SanError::Syntax(SanSyntax::UnknownPiece)),
    };
    match *square {
        [f, r] => match (file_of(f), rank_of(r)) {
            (Some(f), Some(r)) => Ok(San::Drop {
                role,
                to: Square::from_coords(f, r),
            }),
            _ => Err(SanError::Syntax(SanSyntax::NoDestination)),
        },
        _ => Err(SanError::Syntax(SanSyntax::NoDestination)),
    }
}
