//! Standard Algebraic Notation: reading SAN into a legal [`Move`] of a [`Position`] and
//! writing the canonical SAN of a move.
//!
//! Reading is two steps. [`SanPlus::from_ascii_with`] parses the text alone (no position):
//! piece, disambiguation, capture marker, destination, promotion, castling, check and mate
//! suffixes. [`San::to_move`] then finds the one legal move the text means in a position:
//! the pieces of that role that can reach the destination (looked up in the attack tables,
//! not by generating every move), filtered by the disambiguation and by legality (pins,
//! check). Zero matches is an illegal move, two or more an ambiguous one.
//!
//! [`SanMode::Strict`] takes SAN as the PGN standard writes it, with the usual freedoms of
//! real files that do not change the meaning: promotion with or without `=`, `0-0` for
//! `O-O`, any check/mate suffix and `!`/`?` annotations. [`SanMode::Lenient`] also takes
//! what real files contain: over-disambiguated moves (`Ngf3` where `Nf3` is unique), a
//! missing or wrong capture marker, coordinates (`e2e4`, `e2-e4`, `Ng1f3`), lowercase
//! promotion letters.

use core::fmt;

use attack_tables as at;
use bitboard_core::{Bitboard, Color, File, Move, MoveKind, Rank, Role, Square};
use position::{CastlingSide, Position};

/// How strictly SAN text is read.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum SanMode {
    /// SAN as the standard writes it: minimal disambiguation, a capture marker exactly on
    /// captures, pawns named by file only.
    Strict,
    /// Also the forms real files contain: over-disambiguation, missing or extra capture
    /// markers, coordinate moves (`e2e4`, `e2-e4`, `Ng1f3`), lowercase promotion letters.
    #[default]
    Lenient,
}

/// Why SAN text does not give a move. The text and the position are reported by the caller
/// (see [`crate::GameError`]), so the kinds carry no copies of them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum SanError {
    /// The text is not SAN at all; the reason says which part is wrong.
    #[error("not a move: {0}")]
    Syntax(SanSyntax),
    /// No legal move matches.
    #[error("illegal move")]
    Illegal,
    /// More than one legal move matches.
    #[error("ambiguous move ({0} legal moves match)")]
    Ambiguous(u32),
    /// A pawn reaches the last rank but no promotion piece is given.
    #[error("promotion piece missing")]
    MissingPromotion,
    /// A promotion piece is given for a move that does not promote.
    #[error("promotion piece given for a move that does not promote")]
    UnexpectedPromotion,
    /// Strict mode: the disambiguation is not the minimal one SAN requires.
    #[error("disambiguation is not minimal (strict mode)")]
    NotMinimal,
    /// Strict mode: the capture marker is missing on a capture or given on a non-capture.
    #[error("capture marker does not match the move (strict mode)")]
    CaptureMarker,
    /// A null move while the side to move is in check.
    #[error("null move while in check")]
    NullInCheck,
}

/// Which part of SAN text is malformed (a small enum, so that results of the SAN parser
/// fit in registers).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum SanSyntax {
    /// Nothing to parse.
    #[error("empty")]
    Empty,
    /// An uppercase letter that is no piece.
    #[error("unknown piece letter")]
    UnknownPiece,
    /// The text does not end on a square.
    #[error("no destination square")]
    NoDestination,
    /// Between the piece and the destination is neither a file, a rank nor a square.
    #[error("bad disambiguation")]
    BadDisambiguation,
    /// Strict mode: a pawn move names its origin rank.
    #[error("pawn move with an origin rank")]
    PawnOriginRank,
    /// Strict mode: a pawn capture without another file and `x`, or a push with them.
    #[error("pawn capture needs another file and `x`, a push neither")]
    PawnCapture,
    /// `=K`.
    #[error("promotion to a king")]
    PromotionToKing,
    /// A piece other than a pawn with a promotion suffix.
    #[error("only pawns promote")]
    OnlyPawnsPromote,
}

/// A move in SAN without its check suffix: what the text says, independent of any position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The moving piece (pawn when no letter is given).
        role: Role,
        /// The origin file, if given (always for pawn captures).
        file: Option<File>,
        /// The origin rank, if given.
        rank: Option<Rank>,
        /// Whether the text marks a capture.
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// Castling: `O-O` (king side) or `O-O-O` (queen side).
    Castle(CastlingSide),
    /// A null move: `--` (also read: `Z0`, `0000`, `@@@@`).
    Null,
}

/// The check or mate suffix of SAN.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

impl Suffix {
    /// The suffix character.
    pub fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

/// SAN with its check or mate suffix, as it appears in movetext.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+`, `#` or nothing.
    pub suffix: Option<Suffix>,
}

fn role_from_upper(c: u8) -> Option<Role> {
    match c {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

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
        // Fast path: no suffix or annotation (most moves).
        if let Some(&last) = s.last() {
            if !matches!(last, b'+' | b'#' | b'!' | b'?') {
                let san = San::from_ascii_with(s, mode)?;
                return Ok(SanPlus { san, suffix: None });
            }
        }
        let mut s = s;
        while let [rest @ .., b'!' | b'?'] = s {
            s = rest;
        }
        let mut suffix = None;
        match s {
            [rest @ .., b'+', b'+'] => {
                suffix = Some(Suffix::Checkmate);
                s = rest;
            }
            [rest @ .., b'#'] => {
                suffix = Some(Suffix::Checkmate);
                s = rest;
            }
            [rest @ .., b'+'] => {
                suffix = Some(Suffix::Check);
                s = rest;
            }
            _ => {}
        }
        let san = San::from_ascii_with(s, mode)?;
        Ok(SanPlus { san, suffix })
    }

    /// The canonical SAN of the legal move `m` in `pos`, with the suffix found by playing
    /// it. Use [`SanPlus::from_move_and_play`] when the move is played anyway.
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
            let _ = pos.make(m);
        }
        SanPlus {
            san,
            suffix: suffix_of(pos),
        }
    }

    /// Appends the text to `out` (faster than `Display` for bulk output).
    pub fn append_to(&self, out: &mut Vec<u8>) {
        self.san.append_to(out);
        if let Some(s) = self.suffix {
            out.push(s.char() as u8);
        }
    }
}

/// The check or mate suffix for the position reached by a move.
pub fn suffix_of(after: &Position) -> Option<Suffix> {
    if !after.is_check() {
        None
    } else if movegen::count_legal_moves(after) == 0 {
        Some(Suffix::Checkmate)
    } else {
        Some(Suffix::Check)
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
    fn parse_common(s: &[u8]) -> Option<San> {
        let (head, f, r) = match *s {
            [ref head @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] if head.len() <= 3 => (head, f, r),
            _ => return None,
        };
        let to = Square::new_masked(u32::from(r - b'1') * 8 + u32::from(f - b'a'));
        let normal = |role, file, rank, capture| San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion: None,
        };
        Some(match *head {
            [] => normal(Role::Pawn, None, None, false),
            [p] => normal(role_from_upper(p)?, None, None, false),
            [p @ b'a'..=b'h', b'x'] if p != f => normal(
                Role::Pawn,
                Some(File::new_masked(u32::from(p - b'a'))),
                None,
                true,
            ),
            [p, b'x'] => normal(role_from_upper(p)?, None, None, true),
            [p, d] => {
                let (file, rank) = origin_hint(d)?;
                normal(role_from_upper(p)?, file, rank, false)
            }
            [p, d, b'x'] => {
                let (file, rank) = origin_hint(d)?;
                normal(role_from_upper(p)?, file, rank, true)
            }
            _ => return None,
        })
    }

    #[inline(never)]
    fn parse_general(s: &[u8], mode: SanMode) -> Result<San, SanError> {
        let lenient = mode == SanMode::Lenient;
        match s {
            b"--" | b"Z0" | b"0000" | b"@@@@" => return Ok(San::Null),
            b"O-O" | b"0-0" => return Ok(San::Castle(CastlingSide::KingSide)),
            b"O-O-O" | b"0-0-0" => return Ok(San::Castle(CastlingSide::QueenSide)),
            b"o-o" | b"OO" if lenient => return Ok(San::Castle(CastlingSide::KingSide)),
            b"o-o-o" | b"OOO" if lenient => return Ok(San::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        let (role, mut rest) = match s.split_first() {
            Some((&c, rest)) if c.is_ascii_uppercase() => match role_from_upper(c) {
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
                role_from_upper(*p)
            } else if lenient && *p != b'b' {
                // A lowercase `b` cannot be told from a file; other letters can.
                role_from_upper(p.to_ascii_uppercase())
            } else {
                None
            };
            if let Some(r) = role {
                rest = head;
                if let [head @ .., b'='] = rest {
                    rest = head;
                }
                if matches!(r, Role::King) {
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

    /// The one legal move this SAN means in `pos`, or why there is none.
    pub fn to_move(&self, pos: &Position, mode: SanMode) -> Result<Move, SanError> {
        match *self {
            San::Null => {
                if pos.is_check() {
                    Err(SanError::NullInCheck)
                } else {
                    Ok(Move::NULL)
                }
            }
            San::Castle(side) => {
                let rook = pos
                    .castles()
                    .rook(pos.turn(), side)
                    .ok_or(SanError::Illegal)?;
                let m = Move::castle(pos.our_king(), rook);
                if movegen::is_legal(pos, m) {
                    Ok(m)
                } else {
                    Err(SanError::Illegal)
                }
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let us = pos.turn();
                if let (Role::Pawn, Some(f), Some(r), SanMode::Lenient) = (role, file, rank, mode) {
                    return coordinate_move(pos, Square::from_coords(f, r), to, promotion);
                }
                let pawn_capture = role == Role::Pawn && file.is_some_and(|f| f != to.file());
                let candidates = reaching(pos, role, to, pawn_capture);
                let mut matching = candidates;
                if let Some(f) = file {
                    matching &= Bitboard::file(f);
                }
                if let Some(r) = rank {
                    matching &= Bitboard::rank(r);
                }
                let ep = role == Role::Pawn && pawn_capture && Some(to) == pos.ep_square();
                let mut found = None;
                let mut count = 0;
                let checks = Checks::new(pos);
                for from in matching {
                    if checks.is_legal(pos, role, from, to, ep) {
                        count += 1;
                        found = Some(from);
                    }
                }
                let from = match (found, count) {
                    (Some(from), 1) => from,
                    (_, 0) => return Err(SanError::Illegal),
                    (_, n) => return Err(SanError::Ambiguous(n)),
                };
                if mode == SanMode::Strict {
                    let is_capture = ep || pos.board().by_color(us.other()).contains(to);
                    if capture != is_capture {
                        return Err(SanError::CaptureMarker);
                    }
                    if role != Role::Pawn {
                        let others = legal_others(pos, &checks, role, from, to, candidates);
                        if disambiguation(from, others) != (file, rank) {
                            return Err(SanError::NotMinimal);
                        }
                    }
                }
                let last_rank = if us == Color::White {
                    Rank::Eighth
                } else {
                    Rank::First
                };
                if role == Role::Pawn && to.rank() == last_rank {
                    match promotion {
                        Some(p) => Ok(Move::promote(from, to, p)),
                        None => Err(SanError::MissingPromotion),
                    }
                } else if promotion.is_some() {
                    Err(SanError::UnexpectedPromotion)
                } else if ep {
                    Ok(Move::en_passant(from, to))
                } else {
                    Ok(Move::normal(from, to))
                }
            }
        }
    }

    /// The canonical SAN of the legal move `m` in `pos`: minimal disambiguation (file if
    /// that suffices, else rank, else both), `x` on captures, `=Q` promotions, `O-O`.
    /// Without a suffix: see [`SanPlus::from_move`].
    pub fn from_move(pos: &Position, m: Move) -> San {
        if m.is_null() {
            return San::Null;
        }
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castle => San::Castle(CastlingSide::of_rook(from, to)),
            kind => {
                let role = pos.board().role_at(from).unwrap_or(Role::Pawn);
                let capture = kind == MoveKind::EnPassant
                    || pos.board().by_color(pos.turn().other()).contains(to);
                let (file, rank) = if role == Role::Pawn {
                    (capture.then(|| from.file()), None)
                } else if role == Role::King {
                    (None, None)
                } else {
                    let candidates = reaching(pos, role, to, false);
                    let others = if (candidates - from).any() {
                        legal_others(pos, &Checks::new(pos), role, from, to, candidates)
                    } else {
                        Bitboard::EMPTY
                    };
                    disambiguation(from, others)
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

    /// Appends the text to `out`.
    pub fn append_to(&self, out: &mut Vec<u8>) {
        match *self {
            San::Null => out.extend_from_slice(b"--"),
            San::Castle(CastlingSide::KingSide) => out.extend_from_slice(b"O-O"),
            San::Castle(CastlingSide::QueenSide) => out.extend_from_slice(b"O-O-O"),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    out.push(role.upper_char() as u8);
                }
                if let Some(f) = file {
                    out.push(f.char() as u8);
                }
                if let Some(r) = rank {
                    out.push(r.char() as u8);
                }
                if capture {
                    out.push(b'x');
                }
                out.push(to.file().char() as u8);
                out.push(to.rank().char() as u8);
                if let Some(p) = promotion {
                    out.push(b'=');
                    out.push(p.upper_char() as u8);
                }
            }
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = Vec::with_capacity(8);
        self.append_to(&mut buf);
        f.write_str(&String::from_utf8_lossy(&buf))
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = Vec::with_capacity(8);
        self.append_to(&mut buf);
        f.write_str(&String::from_utf8_lossy(&buf))
    }
}

/// A move given by its origin and destination (`e2e4`, `g1f3`, `e1g1` castling, `e7e8q`),
/// whatever the piece: lenient mode reads pawn-less coordinates this way.
fn coordinate_move(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, SanError> {
    let raw = match promotion {
        Some(p) => Move::promote(from, to, p),
        None => Move::normal(from, to),
    };
    let m = pos.move_from_uci(raw);
    if movegen::is_legal(pos, m) {
        return Ok(m);
    }
    let last_rank = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
    if promotion.is_none()
        && last_rank.contains(to)
        && pos.board().role_at(from) == Some(Role::Pawn)
        && movegen::is_legal(pos, Move::promote(from, to, Role::Queen))
    {
        return Err(SanError::MissingPromotion);
    }
    Err(SanError::Illegal)
}

/// The minimal (file, rank) disambiguation of a move from `from` when `others` (legal
/// origins of other pieces of the same role to the same square) exist.
fn disambiguation(from: Square, others: Bitboard) -> (Option<File>, Option<Rank>) {
    if others.is_empty() {
        (None, None)
    } else if (others & Bitboard::file(from.file())).is_empty() {
        (Some(from.file()), None)
    } else if (others & Bitboard::rank(from.rank())).is_empty() {
        (None, Some(from.rank()))
    } else {
        (Some(from.file()), Some(from.rank()))
    }
}

/// The origins in `candidates` other than `from` from which a `role` legally moves to `to`.
fn legal_others(
    pos: &Position,
    checks: &Checks,
    role: Role,
    from: Square,
    to: Square,
    candidates: Bitboard,
) -> Bitboard {
    let mut others = Bitboard::EMPTY;
    for o in candidates - from {
        if checks.is_legal(pos, role, o, to, false) {
            others.insert(o);
        }
    }
    others
}

/// The squares of the side to move's pieces of `role` that could move to `to` by the way
/// the role moves (pseudo-legal: pins and check are not looked at). For pawns, captures
/// when `pawn_capture` (onto an enemy piece or the en-passant square), pushes otherwise.
fn reaching(pos: &Position, role: Role, to: Square, pawn_capture: bool) -> Bitboard {
    let board = pos.board();
    let us = pos.turn();
    if board.by_color(us).contains(to) {
        return Bitboard::EMPTY;
    }
    let ours = pos.our(role);
    let occ = board.occupied();
    match role {
        Role::Pawn => {
            if pawn_capture {
                if board.by_color(us.other()).contains(to) || Some(to) == pos.ep_square() {
                    at::pawn_attacks(us.other(), to) & ours
                } else {
                    Bitboard::EMPTY
                }
            } else {
                if occ.contains(to) {
                    return Bitboard::EMPTY;
                }
                let back = if us == Color::White { -1 } else { 1 };
                let Some(one) = to.offset(0, back) else {
                    return Bitboard::EMPTY;
                };
                if ours.contains(one) {
                    return Bitboard::from_square(one);
                }
                let double_rank = if us == Color::White {
                    Rank::Fourth
                } else {
                    Rank::Fifth
                };
                if to.rank() == double_rank && !occ.contains(one) {
                    if let Some(two) = to.offset(0, 2 * back) {
                        if ours.contains(two) {
                            return Bitboard::from_square(two);
                        }
                    }
                }
                Bitboard::EMPTY
            }
        }
        Role::Knight => at::knight_attacks(to) & ours,
        Role::Bishop => at::bishop_attacks(to, occ) & ours,
        Role::Rook => at::rook_attacks(to, occ) & ours,
        Role::Queen => at::queen_attacks(to, occ) & ours,
        Role::King => at::king_attacks(to) & ours,
    }
}

/// What legality of a single move needs, computed once per position.
struct Checks {
    king: Square,
    /// Squares a non-king move must land on: the checker or between it and the king when in
    /// single check, everything when not in check, nothing in double check.
    target: Bitboard,
    pinned: Bitboard,
}

impl Checks {
    fn new(pos: &Position) -> Checks {
        let king = pos.our_king();
        let checkers = pos.checkers();
        let target = if checkers.more_than_one() {
            Bitboard::EMPTY
        } else if let Some(c) = checkers.single_square() {
            at::between(king, c) | c
        } else {
            Bitboard::FULL
        };
        Checks {
            king,
            target,
            pinned: pos.pinned(),
        }
    }

    /// Whether the piece of `role` on `from` may legally move to `to` (which it reaches
    /// pseudo-legally, onto an empty square or an enemy piece).
    fn is_legal(&self, pos: &Position, role: Role, from: Square, to: Square, ep: bool) -> bool {
        if role == Role::King {
            let board = pos.board();
            return !board.is_attacked_by(to, pos.turn().other(), board.occupied() - from);
        }
        if ep {
            return movegen::is_legal(pos, Move::en_passant(from, to));
        }
        self.target.contains(to)
            && (!self.pinned.contains(from) || at::aligned(self.king, from, to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(pos: &mut Position, san: &str) -> Move {
        let s = SanPlus::from_ascii_with(san.as_bytes(), SanMode::Strict).expect(san);
        let m = s.san.to_move(pos, SanMode::Strict).expect(san);
        let back = SanPlus::from_move(pos, m);
        assert_eq!(back.san, s.san, "{san}");
        let _ = pos.make(m);
        m
    }

    /// Every string up to four characters over the characters SAN uses (and a few it does
    /// not), and up to five over a smaller set, parses the same through the common-shape
    /// fast path as through the general parser alone, in both modes.
    #[test]
    fn common_shapes_parse_as_the_general_parser_does() {
        fn all(alphabet: &[u8], len: usize, s: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
            f(s);
            if s.len() < len {
                for &c in alphabet {
                    s.push(c);
                    all(alphabet, len, s, f);
                    s.pop();
                }
            }
        }
        let mut checked = 0;
        let mut check = |s: &[u8]| {
            for mode in [SanMode::Strict, SanMode::Lenient] {
                assert_eq!(
                    San::from_ascii_with(s, mode),
                    San::parse_general(s, mode),
                    "{:?} {mode:?}",
                    String::from_utf8_lossy(s)
                );
            }
            checked += 1;
        };
        all(b"abehiNBKPQqx01289=-:O", 4, &mut Vec::new(), &mut check);
        all(b"aeNx18=Q-O", 5, &mut Vec::new(), &mut check);
        assert!(checked > 200_000);
    }

    #[test]
    fn common_shapes_are_taken_by_the_fast_parser() {
        for s in [
            "e4", "Nf3", "exd5", "Nxe5", "Nbd7", "R1e2", "Qh4", "Rdxd1", "K2xe3",
        ] {
            assert!(San::parse_common(s.as_bytes()).is_some(), "{s}");
        }
        for s in ["e8=Q", "O-O", "exe5", "Pe4", "e2e4", "Qh4xe1", "ed5", "Nj3"] {
            assert!(San::parse_common(s.as_bytes()).is_none(), "{s}");
        }
    }

    #[test]
    fn parses_forms() {
        let n = |s: &str, mode| San::from_ascii_with(s.as_bytes(), mode);
        assert!(n("e4", SanMode::Strict).is_ok());
        assert!(n("exd5", SanMode::Strict).is_ok());
        assert!(n("e8=Q", SanMode::Strict).is_ok());
        assert!(n("e8Q", SanMode::Strict).is_ok());
        assert!(n("dxc8=N", SanMode::Strict).is_ok());
        assert!(n("Nbd2", SanMode::Strict).is_ok());
        assert!(n("R1e2", SanMode::Strict).is_ok());
        assert!(n("Qh4xe1", SanMode::Strict).is_ok());
        assert_eq!(
            n("0-0-0", SanMode::Strict),
            Ok(San::Castle(CastlingSide::QueenSide))
        );
        assert!(n("e2e4", SanMode::Strict).is_err());
        assert!(n("e2e4", SanMode::Lenient).is_ok());
        assert!(n("e2-e4", SanMode::Lenient).is_ok());
        assert!(n("Ng1f3", SanMode::Lenient).is_ok());
        assert!(n("e8q", SanMode::Lenient).is_ok());
        let pos = Position::new();
        for (text, uci) in [
            ("g1f3", "g1f3"),
            ("e2e4", "e2e4"),
            ("e2-e4", "e2e4"),
            ("Ng1f3", "g1f3"),
            ("Ng1-f3", "g1f3"),
        ] {
            let m = SanPlus::from_ascii_with(text.as_bytes(), SanMode::Lenient)
                .and_then(|s| s.san.to_move(&pos, SanMode::Lenient))
                .expect(text);
            assert_eq!(m.to_string(), uci);
        }
        assert!(n("e8b", SanMode::Lenient).is_ok());
        assert!(n("Xe4", SanMode::Lenient).is_err());
        assert!(n("", SanMode::Lenient).is_err());
        assert!(n("Ne9", SanMode::Lenient).is_err());
        assert!(n("Ke8=Q", SanMode::Lenient).is_err());
        let sp = SanPlus::from_ascii(b"Qxf7#!?").expect("parses");
        assert_eq!(sp.suffix, Some(Suffix::Checkmate));
        assert_eq!(sp.to_string(), "Qxf7#");
    }

    #[test]
    fn decodes_and_encodes_a_game() {
        let mut pos = Position::new();
        for san in [
            "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
            "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
        ] {
            let _ = play(&mut pos, san);
        }
    }

    #[test]
    fn disambiguation_and_pins() {
        // Two knights can reach d2 (b1 and f3): file disambiguation.
        let pos = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").expect("fen");
        let m = San::from_ascii(b"Nbd2")
            .expect("parses")
            .to_move(&pos, SanMode::Strict)
            .expect("legal");
        assert_eq!(m, Move::normal(Square::B1, Square::D2));
        assert_eq!(
            San::from_ascii(b"Nd2")
                .expect("parses")
                .to_move(&pos, SanMode::Strict),
            Err(SanError::Ambiguous(2))
        );
        // The f3 knight is pinned by a bishop on h5... no: pinned along e-file below.
        let pinned = Position::from_fen("4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1").expect("fen");
        // Ne2 is pinned by the rook on e8: Nd4? only b1 can reach d2.
        let m = San::from_ascii(b"Nd2")
            .expect("parses")
            .to_move(&pinned, SanMode::Strict)
            .expect("legal: e2 is pinned");
        assert_eq!(m.from(), Square::B1);
        assert_eq!(San::from_move(&pinned, m).to_string(), "Nd2");
        // Over-disambiguated: strict rejects, lenient takes.
        let over = San::from_ascii(b"Nbd2").expect("parses");
        assert_eq!(
            over.to_move(&pinned, SanMode::Strict),
            Err(SanError::NotMinimal)
        );
        assert_eq!(over.to_move(&pinned, SanMode::Lenient), Ok(m));
        // Rank and square disambiguation: queens on a1, a3, c1 reaching b2.
        let q = Position::from_fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1").expect("fen");
        let m = Move::normal(Square::A1, Square::B2);
        assert_eq!(San::from_move(&q, m).to_string(), "Qa1b2");
        assert_eq!(
            San::from_move(&q, Move::normal(Square::A3, Square::B2)).to_string(),
            "Q3b2"
        );
        assert_eq!(
            San::from_move(&q, Move::normal(Square::C1, Square::B2)).to_string(),
            "Qcb2"
        );
    }

    #[test]
    fn specials() {
        // En passant, promotion, mate suffix.
        let mut pos = Position::from_fen("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1").expect("fen");
        let m = play(&mut pos, "exd6");
        assert!(m.is_en_passant());
        let _ = play(&mut pos, "Kf7");
        let _ = play(&mut pos, "b8=Q");
        let pos = Position::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1").expect("fen");
        let m = San::from_ascii(b"Ra8")
            .expect("parses")
            .to_move(&pos, SanMode::Strict)
            .expect("legal");
        assert_eq!(SanPlus::from_move(&pos, m).to_string(), "Ra8#");
        assert_eq!(
            San::from_ascii(b"e8")
                .expect("parses")
                .to_move(&Position::new(), SanMode::Strict),
            Err(SanError::Illegal)
        );
        let promo = Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").expect("fen");
        assert_eq!(
            San::from_ascii(b"a8")
                .expect("parses")
                .to_move(&promo, SanMode::Strict),
            Err(SanError::MissingPromotion)
        );
    }
}
