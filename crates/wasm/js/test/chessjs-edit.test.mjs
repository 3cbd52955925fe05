// chessbits' Chess against chess.js 1.x, asked live: the order moves are listed in, boards
// edited with put and remove (kingless, over-full, the side not to move in check) and the
// moves played on them, and PGN with comments read by the strict and permissive parsers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess as Oracle } from 'chess.js';
import { Chess, SQUARES } from '../chessbits.js';
import { rng } from './rng.mjs';

const FIELDS = ['color', 'from', 'to', 'piece', 'captured', 'promotion', 'flags', 'san', 'lan', 'before', 'after'];
const project = (m) => (m === null ? null : FIELDS.map((f) => m[f] ?? '').join(' '));

/** What a board is asked, in the order chess.js answers (moves unsorted). */
function answers(c) {
  return [
    ['fen', c.fen()],
    ['turn', c.turn()],
    ['moves', c.moves()],
    ['verbose', c.moves({ verbose: true }).map(project)],
    ...['inCheck', 'isCheck', 'isCheckmate', 'isStalemate', 'isDraw', 'isInsufficientMaterial',
      'isThreefoldRepetition', 'isDrawByFiftyMoves', 'isGameOver', 'moveNumber'].map((f) => [f, c[f]()]),
    ['headers', c.getHeaders()],
  ];
}

/** `f` on either library: its value, or the fact that it threw. */
function attempt(f) {
  try {
    return f();
  } catch {
    return 'threw';
  }
}

test('moves() order: random games listed as chess.js lists them', () => {
  const next = rng(45);
  let positions = 0;
  for (let game = 0; game < 30; game++) {
    const ours = new Chess();
    const oracle = new Oracle();
    for (let ply = 0; ply < 120 && !oracle.isGameOver(); ply++) {
      const where = `game ${game} ply ${ply} ${oracle.fen()}`;
      assert.deepEqual(ours.moves(), oracle.moves(), where);
      assert.deepEqual(ours.moves({ verbose: true }).map(project), oracle.moves({ verbose: true }).map(project), where);
      const square = SQUARES[next(64)];
      assert.deepEqual(ours.moves({ square }), oracle.moves({ square }), `${where} ${square}`);
      const piece = 'pnbrqk'[next(6)];
      assert.deepEqual(ours.moves({ piece }), oracle.moves({ piece }), `${where} ${piece}`);
      const moves = oracle.moves();
      const san = moves[next(moves.length)];
      assert.equal(project(ours.move(san)), project(oracle.move(san)), where);
      positions++;
    }
  }
  console.log(`# ${positions} positions`);
});

/** A random edit of both boards: a piece put (anywhere but a pawn on its last rank) or removed. */
function edit(ours, oracle, next) {
  const square = SQUARES[next(64)];
  if (next(3) === 0) {
    return [`remove ${square}`, ours.remove(square), oracle.remove(square)];
  }
  const type = 'pnbrqkpnbrq'[next(11)];
  const color = 'wb'[next(2)];
  const last = color === 'w' ? '8' : '1';
  if (type === 'p' && square[1] === last) return ['none', null, null];
  const piece = { type, color };
  return [`put ${color}${type} ${square}`, ours.put(piece, square), oracle.put(piece, square)];
}

test('edited boards: put and remove, then moves played on them', () => {
  const next = rng(2045);
  const starts = [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '4k3/8/8/8/8/8/8/4K3 w - - 0 1',
    '8/8/8/8/8/8/8/8 w - - 0 1',
  ];
  let boards = 0;
  for (let round = 0; round < 400; round++) {
    const start = starts[round % starts.length];
    const ours = new Chess();
    const oracle = new Oracle();
    if (start.startsWith('8/8/8/8/8/8/8/8')) {
      ours.clear();
      oracle.clear();
    } else {
      ours.load(start);
      oracle.load(start);
    }
    const log = [start];
    // Several edits: kings go and come back, pieces pile up past sixteen.
    for (let e = 0, n = 1 + next(12); e < n; e++) {
      const [what, a, b] = edit(ours, oracle, next);
      log.push(what);
      assert.deepEqual(a, b, log.join(', '));
    }
    if (next(4) === 0) {
      const turn = 'wb'[next(2)];
      log.push(`load with ${turn} to move`);
      const fen = oracle.fen().replace(/ [wb] /, ` ${turn} `);
      for (const c of [ours, oracle]) c.load(fen, { skipValidation: true });
    }
    const where = log.join(', ');
    assert.deepEqual(answers(ours), answers(oracle), where);
    // perft, two plies deep where no move takes a king: below such a move chess.js counts
    // on with the taken king's square it remembers (its moves() throws a TypeError there).
    const depth = oracle.moves({ verbose: true }).some((m) => m.captured === 'k') ? 1 : 2;
    assert.equal(ours.perft(depth), oracle.perft(depth), `${where}: perft ${depth}`);
    assert.equal(ours.perftFull(depth), oracle.perft(depth), `${where}: perftFull ${depth}`);
    // Moves on the edited board, then taken back.
    const played = [];
    for (let ply = 0; ply < 6; ply++) {
      const moves = oracle.moves();
      if (moves.length === 0) break;
      const san = moves[next(moves.length)];
      played.push(san);
      const at = `${where}; ${played.join(' ')}`;
      if (next(3) === 0) {
        const v = oracle.moves({ verbose: true }).find((m) => m.san === san);
        const obj = { from: v.from, to: v.to, promotion: v.promotion };
        assert.equal(project(ours.move(obj)), project(oracle.move(obj)), at);
      } else {
        assert.equal(project(ours.move(san)), project(oracle.move(san)), at);
      }
      assert.deepEqual(answers(ours), answers(oracle), at);
    }
    const at = `${where}; ${played.join(' ')}`;
    assert.deepEqual(ours.history(), oracle.history(), at);
    assert.deepEqual(ours.history({ verbose: true }).map(project), oracle.history({ verbose: true }).map(project), at);
    assert.equal(ours.pgn(), oracle.pgn(), at);
    for (;;) {
      const [a, b] = [ours.undo(), oracle.undo()];
      assert.equal(project(a), project(b), at);
      if (b === null) break;
    }
    assert.deepEqual(answers(ours), answers(oracle), `${at}, undone`);
    // A null move where chess.js allows one.
    assert.equal(attempt(() => project(ours.move(null))), attempt(() => project(oracle.move(null))), at);
    boards++;
  }
  console.log(`# ${boards} edited boards`);
});

test('edits after moves: the moves kept, taken back on the edited board', () => {
  const next = rng(4501);
  let skipped = 0;
  for (let round = 0; round < 200; round++) {
    const ours = new Chess();
    const oracle = new Oracle();
    const log = [];
    for (let step = 0; step < 12; step++) {
      const where = log.join(', ');
      if (next(3) === 0) {
        // A piece put on an empty square, or one that is no king taken off.
        const square = SQUARES[next(64)];
        const there = oracle.get(square);
        if (there === undefined) {
          const piece = { type: 'nbrq'[next(4)], color: 'wb'[next(2)] };
          log.push(`put ${piece.color}${piece.type} ${square}`);
          assert.equal(ours.put(piece, square), oracle.put(piece, square), log.join(', '));
        } else if (there.type !== 'k') {
          log.push(`remove ${square}`);
          assert.deepEqual(ours.remove(square), oracle.remove(square), log.join(', '));
        }
      } else {
        const moves = oracle.moves();
        if (moves.length === 0) break;
        const san = moves[next(moves.length)];
        log.push(san);
        assert.equal(project(ours.move(san)), project(oracle.move(san)), log.join(', '));
      }
      assert.deepEqual(answers(ours), answers(oracle), `${where}, ${log.at(-1)}`);
    }
    const where = log.join(', ');
    // chess.js's history() replays the moves, and fails (a TypeError) where an edit took
    // away a piece a move replayed needs: nothing to compare then.
    const theirs = attempt(() => oracle.history());
    if (theirs === 'threw') {
      skipped++;
      continue;
    }
    assert.deepEqual(ours.history(), theirs, where);
    assert.equal(ours.pgn(), oracle.pgn(), where);
    for (;;) {
      const [a, b] = [ours.undo(), oracle.undo()];
      assert.equal(project(a), project(b), where);
      assert.equal(ours.fen(), oracle.fen(), where);
      if (b === null) break;
    }
    assert.deepEqual(answers(ours), answers(oracle), `${where}, undone`);
  }
  console.log(`# 200 games with edits, ${skipped} where chess.js's history() fails`);
});

test('edits chess.js takes: a 17th piece, a ninth pawn, the side not to move in check', () => {
  const cases = [
    (c) => [c.put({ type: 'q', color: 'w' }, 'e4'), c.put({ type: 'q', color: 'b' }, 'd4')],
    (c) => [c.put({ type: 'p', color: 'w' }, 'e4'), c.put({ type: 'p', color: 'w' }, 'd3')],
    (c) => [c.remove('e2'), c.remove('d7'), c.put({ type: 'q', color: 'w' }, 'e7')],
    (c) => [c.remove('e1'), c.remove('e8')],
    (c) => [c.put({ type: 'k', color: 'w' }, 'e4'), c.remove('e1'), c.put({ type: 'k', color: 'w' }, 'e4')],
    (c) => [c.put({ type: 'k', color: 'b' }, 'e1'), c.put({ type: 'k', color: 'w' }, 'd4')],
    (c) => [c.remove('h1'), c.put({ type: 'r', color: 'w' }, 'h1'), c.getCastlingRights('w')],
    (c) => [c.remove('e2'), c.put({ type: 'p', color: 'w' }, 'e2')],
    (c) => [c.remove('e4'), c.remove('e4')],
  ];
  for (const [i, f] of cases.entries()) {
    const ours = new Chess();
    const oracle = new Oracle();
    assert.deepEqual(f(ours), f(oracle), `case ${i}`);
    assert.deepEqual(answers(ours), answers(oracle), `case ${i}`);
  }
  // A FEN whose side not to move is in check, which chess.js's validation takes.
  for (const fen of ['4k3/8/8/8/4R3/8/8/4K3 w - - 0 1', '4k3/8/8/8/4r3/8/8/4K3 b - - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'.replace('8/8/8/8', 'Q7/8/8/8')]) {
    const ours = attempt(() => new Chess(fen));
    const oracle = attempt(() => new Oracle(fen));
    assert.equal(ours === 'threw', oracle === 'threw', fen);
    if (oracle !== 'threw') assert.deepEqual(answers(ours), answers(oracle), fen);
  }
});

test('FENs loaded as chess.js loads them: two kings a side, no king, en passant as given', () => {
  const fens = [
    'K3k3/8/8/8/8/8/8/K7 w - - 0 1',
    '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1',
    '4k3/8/8/3pP3/8/8/8/4K3 w - e6 0 1',
    '8/8/8/8/8/8/8/8 b - - 5 9',
    'qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1',
    '4k3/4P3/8/8/8/8/8/4K3 b - - 0 1',
    '4k3/8/8/8/8/8/PPPPPPPP/PPPPKPPP w - - 0 1',
    'kb6/8/8/8/8/8/8/6BK w - - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w',
  ];
  for (const fen of fens) {
    for (const skipValidation of [false, true]) {
      const run = (C) => {
        let c;
        try {
          c = new C(fen, { skipValidation });
        } catch {
          return 'threw';
        }
        const out = [answers(c)];
        const moves = c.moves();
        if (moves.length > 0) {
          out.push(project(c.move(moves[0])), answers(c), project(c.undo()), answers(c));
        }
        return out;
      };
      assert.deepEqual(run(Chess), run(Oracle), `${fen} skipValidation=${skipValidation}`);
    }
  }
});

/** A random game's PGN with comments where chess.js takes them. */
function commentedPgn(next) {
  const c = new Oracle();
  const texts = ['a; b', '  spaced  ', 'two\nlines', 'x\r\n\r\ny', '[%clk 0:05:00]', '', '{}'.slice(0, 0), 'a (b) c'];
  let pgn = next(2) ? '[Event "E"]\n[Site "S"]\n\n' : '';
  if (next(2)) pgn += `{${texts[next(texts.length)]}} `;
  for (let ply = 0; ply < 40 && !c.isGameOver(); ply++) {
    const moves = c.moves();
    const san = moves[next(moves.length)];
    if (c.turn() === 'w') pgn += `${c.moveNumber()}. `;
    pgn += `${san} `;
    c.move(san);
    const r = next(8);
    if (r === 0) pgn += `{${texts[next(texts.length)]}} `;
    else if (r === 1) pgn += `; ${texts[next(texts.length)].replace(/[\r\n]/g, '')}  \n`;
    else if (r === 2) pgn += '$1 ';
  }
  return pgn + ['*', '1-0', '0-1', '1/2-1/2'][next(4)];
}

// What a load leaves: the game, and after a throw at a move that is no move the message
// too (chess.js keeps the tags, moves and comments before it). Other refusals differ in
// their messages (chess.js's are its grammar's), not in the game they leave.
function loaded(C, pgn, options) {
  const c = new C();
  let threw = null;
  try {
    c.loadPgn(pgn, options);
  } catch (e) {
    threw = e.message.startsWith('Invalid move in PGN') ? e.message : 'threw';
  }
  return [threw, c.history(), c.getHeaders(), c.getComments(), c.pgn(), c.fen()];
}

test('loadPgn: comments, strict and permissive, as chess.js reads them', () => {
  const next = rng(4545);
  const pgns = [];
  for (let i = 0; i < 150; i++) pgns.push(commentedPgn(next));
  const fen = '4k3/P7/8/8/8/8/8/4K2R w K - 0 1';
  pgns.push(
    '{before} 1. e4 {a; b} e5 {c} 2. Nf3 *',
    '1. e4 {one} {two} e5 *',
    '{a}{b} 1. e4 *',
    '1. e4 {a} $1 e5 *',
    '1. e4 $1 {a} (1. d4 {x}) e5 *',
    '1. e4 (1. d4) {b} e5 *',
    '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *',
    '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *',
    '1. e4 -- 2. d4 *',
    '[SetUp "1"]\n\n1. e4 *',
    `[FEN "${fen}"]\n\n1. O-O *`,
    `[fen "${fen}"]\n\n1. a8=Q+ *`,
    `[SetUp "1"]\n[FEN "${fen}"]\n\n1. O-O *`,
    `[SetUp "0"]\n[FEN "${fen}"]\n\n1. a8=Q *`,
    '[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n\n1. e4 *',
    '[FEN "4k3/8/8/8/4R3/8/8/4K3 w - - 0 1"]\n\n1. Rxe8+ *',
    '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0',
    '1. e4 {multi\nline} e5 ; rest\n2. Nf3 *',
    '',
    // A move that is no move: what came before it stays.
    '[White "A"]\n\n{first} 1. e4 {hi} e5 2. Ke3 {lost} Nc6 1-0',
    '1. Nf6 *',
    '1. e4 e5 2. Qxh7 {x} 1/2-1/2',
    `[FEN "${fen}"]\n[Result "0-1"]\n\n1. Kd1 {k} Kd8 2. O-O *`,
    '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. Nxe5 Qd4 7. Nc4 Qxd1 *',
  );
  let compared = 0;
  for (const pgn of pgns) {
    for (const strict of [false, true]) {
      const ours = loaded(Chess, pgn, { strict });
      const oracle = loaded(Oracle, pgn, { strict });
      assert.deepEqual(ours, oracle, `${JSON.stringify(pgn)} strict=${strict}`);
      compared++;
    }
  }
  console.log(`# ${compared} loads compared`);
});
