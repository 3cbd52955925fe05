//! [`replay_plies`]: a game's mainline as rows of positions and move texts, the one
//! producer behind every table of moves (the tables crate's moves table and
//! `chessbits pgn fens`).

use chessbits_bitboard_core::MoveText;
use chessbits_movegen::san::{suffix_of, San, SanMode, SanPlus};

use super::fast;
#[cfg(test)]
use super::jobs::Report;
use super::play::{replay, Replayed};
use super::record::GameRecord;
use super::sink::PlySink;
use super::start::write_fen;
use super::variants::{game_variant, replay_variant, write_variant_fen, write_variant_texts};

/// A game's replayed mainline, move by move: the FEN of every position it went through
/// (the start, then the position after each move) and each move's canonical SAN with its
/// suffix and its UCI. What [`replay_plies`] fills; kept between games, so that a game
/// costs no allocation once the buffers have grown.
///
/// FENs are written as [`write_fen`] writes them (X-FEN castling, the en-passant square
/// only where a legal capture exists); a variant game's with the variant's fields as
/// [`write_variant_fen`] writes them.
#[derive(Clone, Debug, Default)]
pub struct Plies {
    /// Every FEN, one after the other.
    fens: Vec<u8>,
    /// Where each FEN of `fens` ends (one more than there are moves, once a game started).
    ends: Vec<usize>,
    san: Vec<MoveText>,
    uci: Vec<MoveText>,
}

/// One move of [`Plies`]: the positions before and after it (FEN) and its texts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Ply<'a> {
    /// The position before the move, as FEN.
    pub before_fen: &'a [u8],
    /// The move in canonical SAN with its check or mate suffix.
    pub san: MoveText,
    /// The move in UCI.
    pub uci: MoveText,
    /// The position after the move, as FEN.
    pub after_fen: &'a [u8],
}

impl Plies {
    /// No moves.
    #[must_use]
    pub fn new() -> Plies {
        Plies::default()
    }

    /// The moves replayed.
    #[must_use]
    pub fn len(&self) -> usize {
        self.san.len()
    }

    /// Whether no move was replayed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.san.is_empty()
    }

    /// The FEN of the position before move `i` (from 0); `i == len()` gives the position
    /// after the last move. `None` past that, and for a game of which no move was played.
    #[must_use]
    pub fn fen(&self, i: usize) -> Option<&[u8]> {
        let end = *self.ends.get(i)?;
        let start = match i.checked_sub(1) {
            Some(j) => self.ends[j],
            None => 0,
        };
        self.fens.get(start..end)
    }

    /// Move `i` (from 0) with the positions around it.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<Ply<'_>> {
        Some(Ply {
            before_fen: self.fen(i)?,
            san: *self.san.get(i)?,
            uci: *self.uci.get(i)?,
            after_fen: self.fen(i + 1)?,
        })
    }

    /// The moves in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Ply<'_>> + '_ {
        (0..self.len()).map(|i| match self.get(i) {
            Some(ply) => ply,
            // Every move has the positions before and after it (see `push`).
            None => unreachable!("a move without its positions"),
        })
    }
}

impl PlySink for Plies {
    fn start(&mut self, fen: impl FnOnce(&mut Vec<u8>)) {
        self.rewind();
        fen(&mut self.fens);
        self.ends.push(self.fens.len());
    }

    fn push(&mut self, san: MoveText, uci: MoveText, fen: impl FnOnce(&mut Vec<u8>)) {
        self.san.push(san);
        self.uci.push(uci);
        fen(&mut self.fens);
        self.ends.push(self.fens.len());
    }

    fn rewind(&mut self) {
        self.fens.clear();
        self.ends.clear();
        self.san.clear();
        self.uci.clear();
    }
}

/// Replays a record's mainline into `plies` (emptied first): every position as FEN and
/// every move's texts, as [`replay`] and [`replay_variant`] play the moves. Returns how far
/// it got: `plies` holds the moves played, up to the error.
///
/// Games of standard chess read in lenient mode (nearly all real games) are decided and
/// worded on movegen's [`SanReplayer`](chessbits_movegen::SanReplayer), the position beside
/// it only playing the moves and writing the FENs; a game that path gives up on is
/// replayed from its start by [`replay`] (a variant game by [`replay_variant`]), so the
/// rows and the error are always theirs.
///
/// ```
/// use chessbits_pgn::{replay_plies, Plies, Reader, RecordCollector, SanMode};
///
/// let mut records = Vec::new();
/// Reader::new(&b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"[..])
///     .read_all(&mut RecordCollector::new(), |r| records.push(r))?;
/// let mut plies = Plies::new();
/// let replayed = replay_plies(&records[0], SanMode::Lenient, &mut plies);
/// assert_eq!(replayed.played, 7);
/// let last = plies.get(6).expect("the mate");
/// assert_eq!(last.san.to_string(), "Qxf7#");
/// assert_eq!(last.uci.to_string(), "h5f7");
/// assert_eq!(last.after_fen, b"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn replay_plies(record: &GameRecord, mode: SanMode, plies: &mut Plies) -> Replayed {
    plies.rewind();
    replay_into(record, mode, plies)
}

/// [`replay_plies`] into any [`PlySink`]: the sink is given the game's start position and
/// its moves, and told to [`rewind`](PlySink::rewind) when the fast path gives up, after
/// which it is given the game again from its start.
pub fn replay_into(record: &GameRecord, mode: SanMode, sink: &mut impl PlySink) -> Replayed {
    if let Some(played) = fast::plies(record, mode, sink) {
        return Replayed {
            played,
            error: None,
        };
    }
    let mut first = true;
    if let Ok(Some(variant)) = game_variant(record.variant.as_deref()) {
        return replay_variant(record, mode, variant, |before, m, after| {
            if std::mem::take(&mut first) {
                sink.start(|out| write_variant_fen(before, out));
            }
            let (mut san, mut uci) = (MoveText::new(), MoveText::new());
            write_variant_texts(before, m, &mut san, &mut uci);
            sink.push(san, uci, |out| write_variant_fen(after, out));
        });
    }
    replay(record, mode, |before, m, after| {
        if std::mem::take(&mut first) {
            sink.start(|out| write_fen(before, out));
        }
        let (mut san, mut uci) = (MoveText::new(), MoveText::new());
        SanPlus {
            san: San::from_move(before, m),
            suffix: suffix_of(after),
        }
        .write_to(&mut san);
        m.write_uci(before.mode().is_chess960(), &mut uci);
        sink.push(san, uci, |out| write_fen(after, out));
    })
}

/// `before_fen,san,after_fen` rows of [`replay_plies`] (the tables crate's `fens_rows`,
/// which this crate's tests cannot reach).
#[cfg(test)]
pub(crate) fn fens_games(records: &[GameRecord], mode: SanMode, out: &mut Vec<u8>) -> Report {
    let mut report = Report::default();
    let mut plies = Plies::new();
    for record in records {
        let replayed = replay_plies(record, mode, &mut plies);
        for ply in plies.iter() {
            let san = ply.san.as_bytes();
            out.extend_from_slice(&[ply.before_fen, san.as_slice(), ply.after_fen].join(&b',')[..]);
            out.push(b'\n');
        }
        report.add_game(record, replayed.played, replayed.error);
    }
    report
}
