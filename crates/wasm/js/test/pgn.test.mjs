// pgn() against chess.js 1.x's on seeded random games: the layout is chessbits-pgn's
// ChessJsExporter (Rust), which must write what chess.js writes byte for byte, for every
// maxWidth and newline, with comments anywhere (the first position of a game, one without
// moves), headers set, removed and emptied, null moves, and games from a FEN with Black to
// move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess as Oracle } from 'chess.js';
import { Chess } from '../chessbits.js';
import { rng } from './rng.mjs';

const WIDTHS = [0, 1, 2, 5, 8, 12, 20, 40, 80, 200, 7.5, -3, null, NaN, Infinity, '30'];
const NEWLINES = ['\n', '\r\n', '<br />', ' ', '', '  '];
const COMMENTS = [
  'good',
  'a longer comment with several words in it, longer than a narrow line',
  ' spaces  inside ',
  'braces {a} become brackets',
  'é and 😀 count as JavaScript counts',
  'x',
  '',
  'averyveryverylongwordthatcannotbebrokenanywhereatall',
];
const VALUES = ['Ann', 'a "quoted" value \\ slash', '', 'long value '.repeat(8), '😀'];

// Both sides, the same call (`f` must not draw random numbers: it runs twice).
function both(ours, oracle, f) {
  const a = f(ours);
  const b = f(oracle);
  return [a, b];
}

// Every width with one newline and every newline with one width (all pairs would take
// minutes: chess.js's pgn() replays the game), then the defaults.
function samePgn(ours, oracle, where, next) {
  const pairs = [
    ...WIDTHS.map((maxWidth) => ({ maxWidth, newline: NEWLINES[next(NEWLINES.length)] })),
    ...NEWLINES.map((newline) => ({ maxWidth: WIDTHS[1 + next(WIDTHS.length - 1)], newline })),
  ];
  for (const options of pairs) {
    assert.equal(ours.pgn(options), oracle.pgn(options), `${where}: ${JSON.stringify(options)}`);
  }
  assert.equal(ours.pgn(), oracle.pgn(), `${where}: defaults`);
  assert.equal(ours.pgn({}), oracle.pgn({}), `${where}: {}`);
  return pairs.length + 2;
}

/** A position with Black to move from a few random moves (and its move number above 1). */
function blackToMove(next) {
  const o = new Oracle();
  const n = 1 + 2 * next(6);
  for (let i = 0; i < n && !o.isGameOver(); i++) {
    const moves = o.moves().sort();
    o.move(moves[next(moves.length)]);
  }
  return o.turn() === 'b' ? o.fen() : 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
}

test('pgn(): random games as chess.js writes them, every width and newline', () => {
  const next = rng(38);
  let games = 0;
  let checks = 0;
  for (let g = 0; g < 100; g++) {
    const fen = g % 3 === 1 ? blackToMove(next) : undefined;
    const [ours, oracle] = fen ? [new Chess(fen), new Oracle(fen)] : [new Chess(), new Oracle()];
    games++;
    // Each random draw is made once, then both sides get the same call.
    const pick = (xs) => xs[next(xs.length)];
    if (next(3) === 0) {
      const comment = pick(COMMENTS);
      both(ours, oracle, (c) => c.setComment(comment));
    }
    const plies = g % 10 === 0 ? 0 : next(90);
    for (let ply = 0; ply < plies && !oracle.isGameOver(); ply++) {
      const move = next(25) === 0 && !oracle.inCheck() ? '--' : pick(oracle.moves().sort());
      const [a, b] = both(ours, oracle, (c) => c.move(move));
      assert.equal(a.san, b.san);
      if (next(4) === 0) {
        const comment = pick(COMMENTS);
        both(ours, oracle, (c) => c.setComment(comment));
      }
    }
    // Headers: set (new and roster ones), emptied, removed.
    const h = next(6);
    const value = pick(VALUES);
    const result = pick(['1-0', '0-1', '1/2-1/2', '']);
    if (h === 1) both(ours, oracle, (c) => c.setHeader('White', value));
    if (h === 2) both(ours, oracle, (c) => c.setHeader('Annotator', value));
    if (h === 3) both(ours, oracle, (c) => c.removeHeader('Event'));
    if (h === 4) both(ours, oracle, (c) => c.setHeader('Result', result));
    if (h === 5) both(ours, oracle, (c) => c.setHeader('Event', ''));
    checks += samePgn(ours, oracle, `game ${g}`, next);
    // Take some moves back (their comments stay, by FEN, as chess.js keeps them).
    for (let u = next(4); u > 0; u--) both(ours, oracle, (c) => c.undo());

    checks += samePgn(ours, oracle, `game ${g} after undo`, next);
  }
  assert.equal(games, 100);
  console.log(`# ${checks} pgn() texts in ${games} games`);
});

// Every pair of width and newline.
function samePgnAll(ours, oracle, where) {
  for (const maxWidth of WIDTHS) {
    for (const newline of NEWLINES) {
      const options = { maxWidth, newline };
      assert.equal(ours.pgn(options), oracle.pgn(options), `${where}: ${JSON.stringify(options)}`);
    }
  }
  assert.equal(ours.pgn(), oracle.pgn(), `${where}: defaults`);
}

test('pgn(): edge cases written as chess.js writes them', () => {
  const cases = [
    // An empty game, with and without a comment on its position.
    () => [new Chess(), new Oracle()],
    (c) => c.setComment('root only'),
    // Every header cleared: no tag lines, no blank line.
    (c) => {
      for (const key of Object.keys(c.getHeaders())) c.removeHeader(key);
    },
  ];
  const [ours, oracle] = cases[0]();
  samePgnAll(ours, oracle, 'empty');
  for (const f of cases.slice(1)) {
    both(ours, oracle, f);
    samePgnAll(ours, oracle, f.toString());
  }
  both(ours, oracle, (c) => c.move('e4'));
  both(ours, oracle, (c) => c.setComment('after e4'));
  samePgnAll(ours, oracle, 'one move');
  // Black first from a FEN with a comment before and after the first move.
  const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7';
  const [o2, c2] = [new Chess(fen), new Oracle(fen)];
  for (const f of [(c) => c.setComment('start'), (c) => c.move('Nf6'), (c) => c.setComment('then')]) {
    both(o2, c2, f);
    samePgnAll(o2, c2, 'black first');
  }
  // A game read from PGN keeps its comments and tags.
  const text = '[Event "x"]\n[Site "y"]\n\n{start} 1. e4 {a} e5 2. Nf3 {b c d} Nc6 1-0';
  both(o2, c2, (c) => c.loadPgn(text));
  samePgnAll(o2, c2, 'loaded');
});
