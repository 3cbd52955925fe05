//! Table names as text: the letters of each side (`KQvKR`), the rule that puts a table's
//! stronger side first, the names of the tables a table depends on, and every name up to a
//! number of pieces, with the semantics of python-chess's `chess.syzygy` module functions.
//!
//! These functions take any text: they work on letters, not on positions, so names of
//! tables no file holds (more than seven pieces, several kings, no king for the
//! one-king-less variants) are names too. [`Material`](crate::material::Material) is the
//! checked form a table file of standard chess is looked up by; it writes and normalises
//! its names through the letters and the rule here.

use std::collections::HashSet;

use chessbits_bitboard_core::Role;

/// The roles in the order table names write them: `KQRBNP`.
pub(crate) const ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The place of a letter in [`ORDER`] (`K` 0 .. `P` 5), `None` for any other character.
fn rank(c: char) -> Option<usize> {
    ORDER.iter().position(|role| role.upper_char() == c)
}

/// The rule that orders a table's two sides: the side with more pieces first, and of two
/// sides with as many pieces the one with the stronger pieces (compared letter by letter in
/// [`ORDER`], each side's letters sorted). `true` when it puts the second side first.
///
/// Each side is given as the [`ORDER`] places of its letters, sorted.
pub(crate) fn second_side_first<T: Ord>(first: &[T], second: &[T]) -> bool {
    (first.len(), second) < (second.len(), first)
}

/// The two sides of a name, each as the sorted places of its letters; `None` unless the
/// text is two runs of `KQRBNP` letters (either may be empty) around the first `v`.
fn sides(name: &str) -> Option<[Vec<usize>; 2]> {
    let (white, black) = name.split_once('v')?;
    let letters = |side: &str| -> Option<Vec<usize>> {
        let mut ranks = side.chars().map(rank).collect::<Option<Vec<usize>>>()?;
        ranks.sort_unstable();
        Some(ranks)
    };
    Some([letters(white)?, letters(black)?])
}

/// Writes one side's letters.
fn letters(ranks: &[usize]) -> String {
    ranks.iter().map(|&i| ORDER[i].upper_char()).collect()
}

/// The name with each side's letters in `KQRBNP` order and the stronger side first (the
/// side with more pieces; of two sides with as many, the one with the stronger pieces):
/// the name a table is stored under. With `mirror`, the weaker side first instead (the name
/// of the same table seen with the colours exchanged).
///
/// `None` unless the text is two runs of `KQRBNP` letters around a `v` (either run may be
/// empty: `"vK"` normalises to `"Kv"`). As python-chess's `normalize_tablename(name, *,
/// mirror=False)`, which raises where this gives `None`.
///
/// ```
/// use chessbits_syzygy::normalize_tablename;
///
/// assert_eq!(normalize_tablename("KvKQ", false).as_deref(), Some("KQvK"));
/// assert_eq!(normalize_tablename("PKvKR", false).as_deref(), Some("KRvKP"));
/// assert_eq!(normalize_tablename("KQvK", true).as_deref(), Some("KvKQ"));
/// assert_eq!(normalize_tablename("KXvK", false), None);
/// ```
#[must_use]
pub fn normalize_tablename(name: &str, mirror: bool) -> Option<String> {
    let [white, black] = sides(name)?;
    let (first, second) = if mirror ^ second_side_first(&white, &black) {
        (black, white)
    } else {
        (white, black)
    };
    Some(format!("{}v{}", letters(&first), letters(&second)))
}

/// Whether the text names a table: two runs of `KQRBNP` letters around one `v`, of at most
/// `piece_count` pieces (`None`: any number); with `normalized`, written as
/// [`normalize_tablename`] writes it; with `one_king`, each side starting with a king and
/// not the bare kings `KvK` (standard chess; without it, the names of the variants whose
/// sides may have no king). As python-chess's `is_tablename(name, *, one_king=True,
/// piece_count=7, normalized=True)`.
///
/// ```
/// use chessbits_syzygy::is_tablename;
///
/// assert!(is_tablename("KRPvKB", true, Some(7), true));
/// assert!(!is_tablename("KBvKRP", true, Some(7), true)); // not normalised
/// assert!(is_tablename("KBvKRP", true, Some(7), false));
/// assert!(!is_tablename("KRBNvKQR", true, Some(6), true)); // seven pieces
/// assert!(is_tablename("KRBNvKQR", true, Some(7), true));
/// assert!(!is_tablename("KvK", true, None, true));
/// assert!(is_tablename("PPvP", false, None, true));
/// ```
#[must_use]
pub fn is_tablename(
    name: &str,
    one_king: bool,
    piece_count: Option<usize>,
    normalized: bool,
) -> bool {
    let shape = name.split_once('v').is_some_and(|(white, black)| {
        [white, black]
            .iter()
            .all(|side| !side.is_empty() && side.chars().all(|c| rank(c).is_some()))
    });
    shape
        && piece_count.is_none_or(|n| name.len() <= n.saturating_add(1))
        && (!normalized || normalize_tablename(name, false).as_deref() == Some(name))
        && (!one_king || (name != "KvK" && name.starts_with('K') && name.contains("vK")))
}

/// The tables one step away from a name's two sides (as [`sides`] gives them): for each
/// letter in `KQRBNP` order (the king only where kings are not royal, `!one_king`), a pawn
/// of each side promoted to it, then one of it taken from each side that keeps a piece;
/// normalised, with repeats.
fn next_tables(name: &[Vec<usize>; 2], one_king: bool) -> Vec<String> {
    const PAWN: usize = 5;
    let write = |white: &[usize], black: &[usize]| -> String {
        let (mut white, mut black) = (white.to_vec(), black.to_vec());
        white.sort_unstable();
        black.sort_unstable();
        let (first, second) = if second_side_first(&white, &black) {
            (black, white)
        } else {
            (white, black)
        };
        format!("{}v{}", letters(&first), letters(&second))
    };
    // A side with one `from` letter changed to `to` (removed when `None`).
    let changed = |side: &[usize], from: usize, to: Option<usize>| -> Vec<usize> {
        let mut side = side.to_vec();
        if let Some(at) = side.iter().position(|&r| r == from) {
            match to {
                Some(to) => side[at] = to,
                None => {
                    side.remove(at);
                }
            }
        }
        side
    };
    let [white, black] = name;
    let mut out = Vec::new();
    for piece in 0..ORDER.len() {
        if piece == 0 && one_king {
            continue;
        }
        if piece != PAWN {
            if white.contains(&PAWN) {
                out.push(write(&changed(white, PAWN, Some(piece)), black));
            }
            if black.contains(&PAWN) {
                out.push(write(white, &changed(black, PAWN, Some(piece))));
            }
        }
        if white.contains(&piece) && white.len() > 1 {
            out.push(write(&changed(white, piece, None), black));
        }
        if black.contains(&piece) && black.len() > 1 {
            out.push(write(white, &changed(black, piece, None)));
        }
    }
    out
}

/// The tables a probe of table `name` may need besides its own: those one capture or one
/// promotion away (to each piece but the king in standard chess, `one_king`), normalised,
/// each once, in python-chess's order, without the bare kings in standard chess. `None`
/// unless `name` is two runs of `KQRBNP` letters around a `v`. As python-chess's
/// `dependencies(target, *, one_king=True)`.
///
/// ```
/// use chessbits_syzygy::dependencies;
///
/// let deps = dependencies("KRPvKR", true).unwrap();
/// assert_eq!(deps, ["KQRvKR", "KRRvKR", "KRvKP", "KRPvK", "KRBvKR", "KRNvKR", "KRvKR"]);
/// ```
#[must_use]
pub fn dependencies(name: &str, one_king: bool) -> Option<Vec<String>> {
    let sides = sides(name)?;
    let mut seen: HashSet<String> = HashSet::new();
    if one_king {
        seen.insert("KvK".to_owned());
    }
    Some(
        next_tables(&sides, one_king)
            .into_iter()
            .filter(|dep| dep.len() > 2 && seen.insert(dep.clone()))
            .collect(),
    )
}

/// The tables `names` need, themselves included: every table reached by captures and
/// promotions, each once, normalised, in python-chess's order (a depth-first walk that
/// takes the last name found first), without the bare kings in standard chess (`one_king`).
/// `None` if a name is not two runs of `KQRBNP` letters around a `v`. As python-chess's
/// `all_dependencies(targets, *, one_king=True)`.
///
/// ```
/// use chessbits_syzygy::all_dependencies;
///
/// let all = all_dependencies(["KRvKP"], true).unwrap();
/// let first = ["KRvKP", "KRvK", "KRvKN", "KNvK", "KRvKB", "KBvK", "KPvK", "KQvK"];
/// assert_eq!(all[..8], first);
/// assert_eq!(all.len(), 10);
/// ```
#[must_use]
pub fn all_dependencies<I>(names: I, one_king: bool) -> Option<Vec<String>>
where
    I: IntoIterator,
    I::Item: AsRef<str>,
{
    let mut open = names
        .into_iter()
        .map(|name| normalize_tablename(name.as_ref(), false))
        .collect::<Option<Vec<String>>>()?;
    let mut seen: HashSet<String> = HashSet::new();
    if one_king {
        seen.insert("KvK".to_owned());
    }
    let mut out = Vec::new();
    while let Some(name) = open.pop() {
        if seen.contains(&name) {
            continue;
        }
        // The name was normalised from letters, so it has its sides.
        if let Some(sides) = sides(&name) {
            open.extend(next_tables(&sides, one_king));
        }
        seen.insert(name.clone());
        out.push(name);
    }
    Some(out)
}

/// The name of every table of at most `piece_count` pieces, each once, normalised, in
/// python-chess's order: the tables that all pawn endings of that many pieces need. With
/// `one_king` (standard chess) the tables of a king and pieces on each side, without the
/// bare kings; without it, the tables of the variants whose sides may have no king (pawns
/// promote to kings too). As python-chess's `tablenames(*, one_king=True, piece_count=6)`.
///
/// ```
/// use chessbits_syzygy::tablenames;
///
/// assert_eq!(tablenames(true, 3), ["KPvK", "KNvK", "KBvK", "KRvK", "KQvK"]);
/// assert_eq!(tablenames(true, 5).len(), 145);
/// ```
#[must_use]
pub fn tablenames(one_king: bool, piece_count: usize) -> Vec<String> {
    let first = if one_king { "K" } else { "P" };
    let others = piece_count.saturating_sub(2);
    // A side with the king (or a pawn) and `n` pawns against one with `others - n`.
    let targets = (0..=others)
        .rev()
        .take_while(|&white| piece_count >= 2 && white >= others - white)
        .map(|white| {
            let black = others - white;
            format!("{first}{}v{first}{}", "P".repeat(white), "P".repeat(black))
        });
    all_dependencies(targets, one_king).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_few_pieces() {
        assert!(tablenames(true, 2).is_empty());
        assert!(tablenames(true, 0).is_empty());
        assert_eq!(normalize_tablename("v", false).as_deref(), Some("v"));
        assert_eq!(normalize_tablename("vK", false).as_deref(), Some("Kv"));
        assert_eq!(normalize_tablename("KQ", false), None);
        assert_eq!(dependencies("KQ", true), None);
        assert!(is_tablename("KKvK", true, None, true));
        assert!(!is_tablename("KvKvK", true, None, false));
    }
}
