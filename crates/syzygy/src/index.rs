//! The index of a position in a subtable: the pieces' groups and each group's factor
//! (read from a table's header), and the mixed-radix number whose digits are the groups'
//! placements: the two kings (462 placements) or three unique pieces (31,332) of a pawnless
//! table, or the leading pawns by file, then each run of like pieces as a binomial group.
//! Every count is checked arithmetic: a hostile header gives a [`Bad`], never a panic.

use crate::bytes::{add, mul};
use crate::consts::{
    binom, off_diagonal, LEAD_PAWNS_SIZE, LEAD_PAWN_IDX, MAP_A1D1D4, MAP_B1H1H7, MAP_KK, MAP_PAWNS,
    MAX_PIECES,
};
use crate::error::Bad;
use crate::material::Material;
use crate::pairs::Pairs;

/// A position prepared for a table: piece codes in the table's colours (`1..6` white pawn
/// to king, `9..14` black) and squares, and whose turn it is.
pub(crate) struct Pieces {
    pub(crate) codes: [u8; MAX_PIECES],
    pub(crate) squares: [u8; MAX_PIECES],
    pub(crate) len: usize,
    /// Black to move.
    pub(crate) black_to_move: bool,
}

impl Pieces {
    /// Converts the piece list of a board to table codes. `flip` exchanges the colours and
    /// mirrors the ranks (the table holds the position with colours exchanged).
    pub(crate) fn new(
        board: &chessbits_position::Board,
        black_to_move: bool,
        flip: bool,
    ) -> Pieces {
        let mut codes = [0u8; MAX_PIECES];
        let mut squares = [0u8; MAX_PIECES];
        let mut len = 0;
        for sq in board.occupied() {
            if len == MAX_PIECES {
                break;
            }
            if let Some(piece) = board.piece_at(sq) {
                let mut code = piece.role.index() as u8 + 1 + 8 * piece.color.index() as u8;
                let mut s = sq as u8;
                if flip {
                    code ^= 8;
                    s ^= 56;
                }
                codes[len] = code;
                squares[len] = s;
                len += 1;
            }
        }
        Pieces {
            codes,
            squares,
            len,
            black_to_move: black_to_move ^ flip,
        }
    }
}

/// The groups of a subtable and each group's factor in the index.
pub(crate) fn set_groups(
    p: &mut Pairs,
    material: &Material,
    n: usize,
    order: [u8; 2],
    file: usize,
) -> Result<(), Bad> {
    let has_pawns = material.has_pawns();
    let unique = material.has_unique_pieces();
    let mut first_len: i32 = if has_pawns {
        0
    } else if unique {
        3
    } else {
        2
    };
    p.group_len = [0; MAX_PIECES];
    p.group_len[0] = 1;
    let mut groups = 1;
    for i in 1..n {
        first_len -= 1;
        if first_len > 0 || p.pieces[i] == p.pieces[i - 1] {
            p.group_len[groups - 1] += 1;
        } else {
            p.group_len[groups] = 1;
            groups += 1;
        }
    }
    p.groups = groups;
    let g = |i: usize| usize::from(p.group_len[i]);

    let both_pawns = material.pawns(0) > 0 && material.pawns(1) > 0;
    if has_pawns {
        // The leading group is every pawn of the first piece's colour, and with pawns on
        // both sides the second group is the other colour's pawns.
        let lead = p.pieces[0];
        let colour = usize::from(lead >> 3);
        if lead & 7 != 1 || g(0) != usize::from(material.pawns(colour)) {
            return Err(Bad::Corrupt(
                "the leading group is not the pawns of one side",
            ));
        }
        if both_pawns
            && (groups < 2
                || g(1) != usize::from(material.pawns(1 - colour))
                || p.pieces[g(0)] & 7 != 1)
        {
            return Err(Bad::Corrupt(
                "the second group is not the other side's pawns",
            ));
        }
    }
    let mut next = if both_pawns { 2 } else { 1 };
    let mut free = 64usize
        .checked_sub(g(0) + if both_pawns { g(1) } else { 0 })
        .ok_or(Bad::Corrupt("too many pieces"))?;
    let mut idx = 1u64;
    let mut assigned = [false; MAX_PIECES];
    let mut k = 0u8;
    while next < groups || k == order[0] || k == order[1] {
        if k > 15 {
            return Err(Bad::Corrupt("invalid group order"));
        }
        let (slot, factor) = if k == order[0] {
            let factor = if has_pawns {
                *LEAD_PAWNS_SIZE
                    .get(g(0))
                    .and_then(|row| row.get(file))
                    .ok_or(Bad::Corrupt("too many leading pawns"))?
            } else if unique {
                31332
            } else {
                462
            };
            (0, factor)
        } else if k == order[1] {
            if !both_pawns {
                return Err(Bad::Corrupt("invalid group order"));
            }
            let factor = binom(g(1), 48 - g(0)).ok_or(Bad::Corrupt("group too large"))?;
            (1, factor)
        } else {
            if next >= groups {
                return Err(Bad::Corrupt("invalid group order"));
            }
            let factor = binom(g(next), free).ok_or(Bad::Corrupt("group too large"))?;
            free = free
                .checked_sub(g(next))
                .ok_or(Bad::Corrupt("too many pieces"))?;
            next += 1;
            (next - 1, factor)
        };
        p.group_idx[slot] = idx;
        assigned[slot] = true;
        idx = mul(idx, factor)?;
        k += 1;
    }
    if assigned[..groups].contains(&false) || idx == 0 {
        return Err(Bad::Corrupt("invalid group order"));
    }
    p.size = idx;
    Ok(())
}

/// The index of a position whose pieces are in the subtable's order.
pub(crate) fn encode(p: &Pairs, sq: &mut [u8], lead: usize, has_pawns: bool) -> Result<u64, Bad> {
    let n = sq.len();
    if sq[0] & 7 > 3 {
        for s in sq.iter_mut() {
            *s ^= 7;
        }
    }
    let mut idx;
    if has_pawns {
        idx = LEAD_PAWN_IDX
            .get(lead)
            .ok_or(Bad::Corrupt("too many leading pawns"))?[usize::from(sq[0])];
        sq[1..lead].sort_by_key(|&s| MAP_PAWNS[usize::from(s)]);
        for i in 1..lead {
            idx += binom(i, usize::from(MAP_PAWNS[usize::from(sq[i])]))
                .ok_or(Bad::Corrupt("too many leading pawns"))?;
        }
    } else {
        if sq[0] >> 3 > 3 {
            for s in sq.iter_mut() {
                *s ^= 56;
            }
        }
        let first = usize::from(p.group_len[0]);
        for i in 0..first.min(n) {
            let off = off_diagonal(usize::from(sq[i]));
            if off == 0 {
                continue;
            }
            if off > 0 {
                for s in sq[i..].iter_mut() {
                    *s = ((*s >> 3) | (*s << 3)) & 63;
                }
            }
            break;
        }
        let s = |i: usize| usize::from(sq[i]);
        if first == 3 && n >= 3 {
            let adjust1 = usize::from(s(1) > s(0));
            let adjust2 = usize::from(s(2) > s(0)) + usize::from(s(2) > s(1));
            let rank = |i: usize| s(i) >> 3;
            idx = if off_diagonal(s(0)) != 0 {
                (usize::from(MAP_A1D1D4[s(0)]) * 63 + (s(1) - adjust1)) * 62 + s(2) - adjust2
            } else if off_diagonal(s(1)) != 0 {
                (6 * 63 + rank(0) * 28 + usize::from(MAP_B1H1H7[s(1)])) * 62 + s(2) - adjust2
            } else if off_diagonal(s(2)) != 0 {
                6 * 63 * 62
                    + 4 * 28 * 62
                    + rank(0) * 7 * 28
                    + (rank(1) - adjust1) * 28
                    + usize::from(MAP_B1H1H7[s(2)])
            } else {
                6 * 63 * 62
                    + 4 * 28 * 62
                    + 4 * 7 * 28
                    + rank(0) * 7 * 6
                    + (rank(1) - adjust1) * 6
                    + (rank(2) - adjust2)
            } as u64;
        } else if first == 2 && n >= 2 {
            idx = u64::from(MAP_KK[usize::from(MAP_A1D1D4[s(0)])][s(1)]);
        } else {
            return Err(Bad::Corrupt("invalid leading group"));
        }
    }
    idx = mul(idx, p.group_idx[0])?;

    // The other groups, each sorted, each square counted among the squares left free by
    // the groups before it.
    let mut start = usize::from(p.group_len[0]);
    let mut remaining_pawns = has_pawns && p.groups > 1 && p.pieces[start] & 7 == 1;
    for g in 1..p.groups {
        let len = usize::from(p.group_len[g]);
        let end = start + len;
        if end > n {
            return Err(Bad::Corrupt("groups exceed the pieces"));
        }
        let (before, group) = sq.split_at_mut(start);
        let group = &mut group[..len];
        group.sort_unstable();
        let mut v = 0u64;
        for (i, &s) in group.iter().enumerate() {
            let adjust = before.iter().filter(|&&b| s > b).count();
            let k = usize::from(s)
                .checked_sub(adjust + if remaining_pawns { 8 } else { 0 })
                .ok_or(Bad::Corrupt("pawn off the pawn ranks"))?;
            v += binom(i + 1, k).ok_or(Bad::Corrupt("group too large"))?;
        }
        remaining_pawns = false;
        idx = add(idx, mul(v, p.group_idx[g])?)?;
        start = end;
    }
    Ok(idx)
}
