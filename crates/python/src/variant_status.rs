//! python-chess's `status()` of the variant boards (`chess.variant`), as the bits of
//! `chess.Status`: the standard checks as each variant board answers their questions (which
//! king, which checks count), then the variant's own changes (no kings in antichess, the
//! horde's 36 pawns, the racing kings' material, the crazyhouse pockets).

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Rank, Role, Square};
use chessbits_position::{Board, Setup, Variant};

const NO_WHITE_KING: u32 = 1;
const NO_BLACK_KING: u32 = 2;
const TOO_MANY_KINGS: u32 = 4;
const TOO_MANY_WHITE_PAWNS: u32 = 8;
const TOO_MANY_BLACK_PAWNS: u32 = 16;
const PAWNS_ON_BACKRANK: u32 = 32;
const TOO_MANY_WHITE_PIECES: u32 = 64;
const TOO_MANY_BLACK_PIECES: u32 = 128;
const BAD_CASTLING_RIGHTS: u32 = 256;
const INVALID_EP_SQUARE: u32 = 512;
const OPPOSITE_CHECK: u32 = 1024;
const EMPTY: u32 = 2048;
const RACE_CHECK: u32 = 4096;
const RACE_OVER: u32 = 8192;
const RACE_MATERIAL: u32 = 16384;
const TOO_MANY_CHECKERS: u32 = 32768;
const IMPOSSIBLE_CHECK: u32 = 65536;

/// The setup seen as a python-chess variant board.
struct View<'a> {
    variant: Variant,
    setup: &'a Setup,
    board: &'a Board,
}

impl View<'_> {
    /// python-chess's `king(color)`: the highest unpromoted king of `color`.
    fn king(&self, color: Color) -> Option<Square> {
        (self.board.by_piece(Role::King.of(color)) - self.setup.promoted).msb()
    }

    fn kings_connected(&self) -> bool {
        let white = self.board.by_piece(Role::King.of(Color::White));
        let black = self.board.by_piece(Role::King.of(Color::Black));
        white
            .into_iter()
            .any(|k| (at::king_attacks(k) & black).any())
    }

    fn checkers(&self) -> Bitboard {
        match self.variant {
            Variant::Antichess => return Bitboard::EMPTY,
            Variant::Atomic if self.kings_connected() => return Bitboard::EMPTY,
            _ => {}
        }
        let us = self.setup.turn;
        match self.king(us) {
            Some(k) => self
                .board
                .attackers_by(k, us.other(), self.board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    fn was_into_check(&self) -> bool {
        match self.variant {
            Variant::Antichess => return false,
            Variant::Atomic if self.kings_connected() => return false,
            _ => {}
        }
        let us = self.setup.turn;
        self.king(us.other())
            .is_some_and(|k| self.board.attackers_by(k, us, self.board.occupied()).any())
    }

    /// python-chess's `_attacked_for_king(path, occupied)` (atomic: squares next to the
    /// other king are safe; antichess: nothing is attacked).
    fn attacked_for_king(&self, mut path: Bitboard, occupied: Bitboard) -> bool {
        let us = self.setup.turn;
        match self.variant {
            Variant::Antichess => return false,
            Variant::Atomic => {
                for k in self.board.by_piece(Role::King.of(us.other())) {
                    path -= at::king_attacks(k);
                }
            }
            _ => {}
        }
        path.into_iter()
            .any(|sq| self.board.attackers_by(sq, us.other(), occupied).any())
    }

    /// python-chess's `clean_castling_rights()` of a board without moves played.
    fn clean_castling_rights(&self) -> Bitboard {
        let b = self.board;
        let promoted = self.setup.promoted;
        let castling = self.setup.castling_rights & b.by_role(Role::Rook);
        let mut white = castling & Bitboard::rank(Rank::First) & b.by_color(Color::White);
        let mut black = castling & Bitboard::rank(Rank::Eighth) & b.by_color(Color::Black);
        let white_kings = b.by_piece(Role::King.of(Color::White)) - promoted;
        let black_kings = b.by_piece(Role::King.of(Color::Black)) - promoted;
        if !self.setup.chess960 {
            white &= Bitboard::from_square(Square::A1) | Bitboard::from_square(Square::H1);
            black &= Bitboard::from_square(Square::A8) | Bitboard::from_square(Square::H8);
            if !white_kings.contains(Square::E1) {
                white = Bitboard::EMPTY;
            }
            if !black_kings.contains(Square::E8) {
                black = Bitboard::EMPTY;
            }
            return white | black;
        }
        let side = |castling: Bitboard, king_mask: Bitboard| {
            if king_mask.is_empty() {
                return Bitboard::EMPTY;
            }
            let king = king_mask.msb().map_or(0, |s| s.index());
            let mut out = Bitboard::EMPTY;
            if let Some(a) = castling.lsb() {
                if a.index() <= king {
                    out.insert(a);
                }
            }
            if let Some(h) = castling.msb() {
                if h.index() >= king {
                    out.insert(h);
                }
            }
            out
        };
        side(white, white_kings & Bitboard::rank(Rank::First))
            | side(black, black_kings & Bitboard::rank(Rank::Eighth))
    }

    /// python-chess's `Board.status()` with the variant board's answers.
    fn base(&self, stack_empty: bool) -> u32 {
        let b = self.board;
        let mut errors = 0;
        if b.occupied().is_empty() {
            errors |= EMPTY;
        }
        if b.by_piece(Role::King.of(Color::White)).is_empty() {
            errors |= NO_WHITE_KING;
        }
        if b.by_piece(Role::King.of(Color::Black)).is_empty() {
            errors |= NO_BLACK_KING;
        }
        if b.kings().count() > 2 {
            errors |= TOO_MANY_KINGS;
        }
        if b.by_color(Color::White).count() > 16 {
            errors |= TOO_MANY_WHITE_PIECES;
        }
        if b.by_color(Color::Black).count() > 16 {
            errors |= TOO_MANY_BLACK_PIECES;
        }
        if b.by_piece(Role::Pawn.of(Color::White)).count() > 8 {
            errors |= TOO_MANY_WHITE_PAWNS;
        }
        if b.by_piece(Role::Pawn.of(Color::Black)).count() > 8 {
            errors |= TOO_MANY_BLACK_PAWNS;
        }
        if (b.pawns() & Bitboard::BACKRANKS).any() {
            errors |= PAWNS_ON_BACKRANK;
        }
        if stack_empty && self.setup.castling_rights != self.clean_castling_rights() {
            errors |= BAD_CASTLING_RIGHTS;
        }
        let valid_ep = self
            .setup
            .ep_square
            .filter(|&ep| b.ep_square_is_plausible(self.setup.turn, ep));
        if self.setup.ep_square != valid_ep {
            errors |= INVALID_EP_SQUARE;
        }
        if self.was_into_check() {
            errors |= OPPOSITE_CHECK;
        }
        let checkers = self.checkers();
        let us = self.setup.turn;
        let our_kings = b.by_piece(Role::King.of(us)) - self.setup.promoted;
        if checkers.any() {
            if checkers.count() > 2 {
                errors |= TOO_MANY_CHECKERS;
            }
            if let Some(ep) = valid_ep {
                let pushed_to = ep as u32 ^ 8;
                let pushed_from = ep as u32 ^ 24;
                let (Some(pushed_to), Some(pushed_from)) =
                    (Square::new(pushed_to), Square::new(pushed_from))
                else {
                    return errors;
                };
                let occupied_before = (b.occupied() - Bitboard::from_square(pushed_to))
                    | Bitboard::from_square(pushed_from);
                if checkers.count() > 1
                    || (checkers.msb() != Some(pushed_to)
                        && self.attacked_for_king(our_kings, occupied_before))
                {
                    errors |= IMPOSSIBLE_CHECK;
                }
            } else {
                let two_on_a_line = checkers.count() == 2
                    && match (checkers.lsb(), checkers.msb()) {
                        (Some(a), Some(z)) => (at::line(a, z) & our_kings).any(),
                        _ => false,
                    };
                if checkers.count() > 2 || two_on_a_line {
                    errors |= IMPOSSIBLE_CHECK;
                }
            }
        }
        errors
    }
}

/// python-chess's `clean_castling_rights()` of `setup`, no move played (the rights its
/// move generator and FEN use; the raw ones stay for `status()`).
pub fn clean_castling_rights(setup: &Setup) -> Bitboard {
    View {
        variant: Variant::Chess,
        setup,
        board: &setup.board,
    }
    .clean_castling_rights()
}

/// python-chess's `castling_xfen()` of `setup`, no move played: the clean rights, `K`/`Q`
/// for a rook that is the outermost on its side of the king, else its file.
pub fn castling_xfen(setup: &Setup) -> String {
    let view = View {
        variant: Variant::Chess,
        setup,
        board: &setup.board,
    };
    let clean = view.clean_castling_rights();
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        let Some(king) = view.king(color) else {
            continue;
        };
        let king_file = king.index() % 8;
        let backrank = Bitboard::rank(match color {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        });
        let rooks = setup.board.by_piece(Role::Rook.of(color)) & backrank;
        let mut ours: Vec<Square> = (clean & backrank).into_iter().collect();
        ours.reverse();
        for rook in ours {
            let rook_file = rook.index() % 8;
            let a_side = rook_file < king_file;
            let other = rooks - Bitboard::from_square(rook);
            let ambiguous = other
                .into_iter()
                .any(|o| (o.index() % 8 < rook_file) == a_side);
            let ch = if ambiguous {
                char::from(b'a' + rook_file as u8)
            } else if a_side {
                'q'
            } else {
                'k'
            };
            out.push(match color {
                Color::White => ch.to_ascii_uppercase(),
                Color::Black => ch,
            });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// The bits of python-chess's `status()` of a `variant` board set up as `setup`;
/// `stack_empty` when no move has been played since (python-chess checks the castling
/// rights only then).
pub fn status_bits(variant: Variant, setup: &Setup, stack_empty: bool) -> u32 {
    let view = View {
        variant,
        setup,
        board: &setup.board,
    };
    let b = &setup.board;
    let mut status = view.base(stack_empty);
    match variant {
        Variant::Antichess => {
            status &= !(NO_WHITE_KING | NO_BLACK_KING | TOO_MANY_KINGS | OPPOSITE_CHECK);
        }
        Variant::Atomic => {
            status &= !OPPOSITE_CHECK;
            status &= !match setup.turn {
                Color::White => NO_WHITE_KING,
                Color::Black => NO_BLACK_KING,
            };
            if view.checkers().count() <= 14 {
                status &= !TOO_MANY_CHECKERS;
            }
            let valid_ep = setup
                .ep_square
                .filter(|&ep| b.ep_square_is_plausible(setup.turn, ep));
            if valid_ep.is_none() {
                status &= !IMPOSSIBLE_CHECK;
            }
        }
        Variant::RacingKings => {
            if view.checkers().any() {
                status |= RACE_CHECK | TOO_MANY_CHECKERS | IMPOSSIBLE_CHECK;
            }
            let goal = Bitboard::rank(Rank::Eighth);
            if setup.turn == Color::Black
                && Color::ALL
                    .into_iter()
                    .all(|c| (b.by_piece(Role::King.of(c)) & goal).any())
            {
                status |= RACE_OVER;
            }
            if b.pawns().any() {
                status |= RACE_MATERIAL;
            }
            for c in Color::ALL {
                let n = |r: Role| b.by_piece(r.of(c)).count();
                if n(Role::Knight) > 2
                    || n(Role::Bishop) > 2
                    || n(Role::Rook) > 2
                    || n(Role::Queen) > 1
                {
                    status |= RACE_MATERIAL;
                }
            }
        }
        Variant::Horde => {
            status &= !NO_WHITE_KING;
            if b.by_color(Color::White).count() <= 36 {
                status &= !(TOO_MANY_WHITE_PIECES | TOO_MANY_WHITE_PAWNS);
            }
            if (b.pawns() & Bitboard::rank(Rank::Eighth)).is_empty()
                && (b.by_piece(Role::Pawn.of(Color::Black)) & Bitboard::rank(Rank::First))
                    .is_empty()
            {
                status &= !PAWNS_ON_BACKRANK;
            }
            if b.by_piece(Role::King.of(Color::White)).any() {
                status |= TOO_MANY_KINGS;
            }
        }
        Variant::Crazyhouse => {
            let pockets = setup.pockets.unwrap_or_default();
            let pocket_pawns = u32::from(pockets.count(Color::White, Role::Pawn))
                + u32::from(pockets.count(Color::Black, Role::Pawn));
            if b.pawns().count() + pocket_pawns <= 16 {
                status &= !(TOO_MANY_BLACK_PAWNS | TOO_MANY_WHITE_PAWNS);
            }
            if b.occupied().count() + pockets.total(Color::White) + pockets.total(Color::Black)
                <= 32
            {
                status &= !(TOO_MANY_BLACK_PIECES | TOO_MANY_WHITE_PIECES);
            }
        }
        _ => {}
    }
    status
}
