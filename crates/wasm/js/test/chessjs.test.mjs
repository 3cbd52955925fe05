// chessbits' Chess against chess.js 1.x on the positions of seeded random games: moves
// (SAN and verbose objects), FEN, game-end tests, board queries, history, undo and PGN
// (chess.js's answers on the random games kept as digests: see the test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Chess as Oracle } from 'chess.js';
import { Chess, Move, SQUARES } from '../chessbits.js';
import { rng } from './rng.mjs';

const FIELDS = ['color', 'from', 'to', 'piece', 'captured', 'promotion', 'flags', 'san', 'lan', 'before', 'after'];
const project = (m) => FIELDS.map((f) => m[f] ?? '').join(' ');
const sorted = (xs) => [...xs].sort();
const IS = ['isCapture', 'isPromotion', 'isEnPassant', 'isKingsideCastle', 'isQueensideCastle', 'isBigPawn'];

function samePosition(ours, oracle, where) {
  assert.deepEqual(positionAnswers(ours), positionAnswers(oracle), where);
}

/** What a position is asked, as [question, answer] pairs, the same for either library. */
function positionAnswers(c) {
  const answers = [
    ['fen', c.fen()],
    ['moves', sorted(c.moves())],
  ];
  const verbose = c.moves({ verbose: true });
  answers.push(['verbose moves', sorted(verbose.map(project))]);
  for (const m of [...verbose].sort((a, b) => (a.lan < b.lan ? -1 : a.lan > b.lan ? 1 : 0))) {
    answers.push([`${m.lan}: tests and keys`, [IS.map((f) => m[f]()), Object.keys(m)]]);
  }
  for (const f of ['turn', 'inCheck', 'isCheck', 'isCheckmate', 'isStalemate', 'isDraw',
    'isInsufficientMaterial', 'isThreefoldRepetition', 'isDrawByFiftyMoves', 'isGameOver', 'moveNumber']) {
    answers.push([f, c[f]()]);
  }
  return answers;
}

/**
 * What the end of a game is asked (history, board queries, PGN with a header and a comment
 * set, the PGN read back by chessbits, then every move taken back: the position every 17),
 * as [question, answer] pairs. Takes the game back to its start.
 */
function endAnswers(c) {
  const answers = [
    ['history', c.history()],
    ['verbose history', c.history({ verbose: true }).map(project)],
    ['board', c.board()],
    ['ascii', c.ascii()],
  ];
  for (const sq of SQUARES) {
    answers.push([sq, [c.get(sq), sorted(c.attackers(sq, 'w')), c.isAttacked(sq, 'b'), c.squareColor(sq)]]);
  }
  for (const type of 'pnbrqk') {
    for (const color of 'wb') answers.push([`findPiece ${type}${color}`, c.findPiece({ type, color })]);
  }
  for (const color of 'wb') answers.push([`castling rights ${color}`, c.getCastlingRights(color)]);
  c.setHeader('White', 'A');
  c.setComment('the end');
  const pgn = c.pgn();
  answers.push(['pgn', pgn], ['pgn 40 CRLF', c.pgn({ maxWidth: 40, newline: '\r\n' })]);
  // chessbits reads either library's PGN back to the same text, headers and comments.
  const back = new Chess();
  back.loadPgn(pgn);
  answers.push(['read back', [back.pgn(), back.getHeaders(), back.getComments()]]);
  answers.push(['headers', c.getHeaders()], ['comments', c.getComments()]);
  for (let u = 0; ; u++) {
    const m = c.undo();
    answers.push([`undo ${u}`, m === null ? null : project(m)]);
    if (m === null) break;
    if (u % 17 === 0) answers.push([`after undo ${u}`, positionAnswers(c)]);
  }
  return answers;
}

/**
 * chess.js's answers on the random games, kept as digests (8 bytes of BLAKE2b per position
 * and per game end) in test/data/chessjs-random.digests: chess.js is most of the test's time.
 * A run compares chessbits' answers with them; `CHESSBITS_RECORD_ORACLE=1` asks chess.js
 * live, fails on the first answer that differs (the assertion names it) and writes them.
 */
const RECORD = process.env.CHESSBITS_RECORD_ORACLE === '1';
const TAPE = new URL('./data/chessjs-random.digests', import.meta.url);
const digest = (answers) => createHash('blake2b512').update(JSON.stringify(answers)).digest().subarray(0, 8);

test('random games: every position as chess.js sees it', () => {
  const kept = RECORD ? null : readFileSync(TAPE);
  const written = [];
  let at = 0;
  // Compares chessbits' answers with chess.js's (live when recording, else kept).
  const check = (ours, theirs, where) => {
    if (RECORD) {
      const expected = theirs();
      assert.deepEqual(ours, expected, where);
      written.push(digest(expected));
      return;
    }
    assert.ok(at * 8 < kept.length, `${where}: the kept digests end here; record them anew`);
    if (!digest(ours).equals(kept.subarray(at * 8, at * 8 + 8))) {
      assert.fail(`${where}: chessbits' answers differ from chess.js's kept ones ` +
        '(CHESSBITS_RECORD_ORACLE=1 asks chess.js live and names the answer)');
    }
    at++;
  };
  const next = rng(2024);
  let positions = 0;
  let games = 0;
  while (positions < 10000) {
    const oracle = RECORD ? new Oracle() : null;
    const ours = new Chess();
    games++;
    // The move that led to a position (what `move` returned) is asked with it.
    let a = null;
    let b = null;
    for (let ply = 0; ply < 300 && !ours.isGameOver(); ply++) {
      check(
        [['move played', a && project(a)], ...positionAnswers(ours)],
        () => [['move played', b && project(b)], ...positionAnswers(oracle)],
        `game ${games} ply ${ply}`,
      );
      positions++;
      const moves = sorted(ours.moves());
      const san = moves[next(moves.length)];
      if (next(4) === 0) {
        // As a board user plays: from, to, promotion.
        const v = ours.moves({ verbose: true }).find((m) => m.san === san);
        const obj = { from: v.from, to: v.to, promotion: v.promotion };
        a = ours.move(obj);
        b = oracle?.move(obj);
      } else {
        a = ours.move(san);
        b = oracle?.move(san);
      }
    }
    check(
      [['move played', a && project(a)], ...positionAnswers(ours)],
      () => [['move played', b && project(b)], ...positionAnswers(oracle)],
      `game ${games} end`,
    );
    positions++;
    check(endAnswers(ours), () => endAnswers(oracle), `game ${games}: history, board, PGN, undo`);
  }
  assert.ok(positions >= 10000);
  if (RECORD) {
    mkdirSync(new URL('./data/', import.meta.url), { recursive: true });
    writeFileSync(TAPE, Buffer.concat(written));
  } else {
    assert.equal(at * 8, kept.length, 'every kept digest compared');
  }
  console.log(`# ${positions} positions in ${games} games`);
});

test('positions from FEN: Kiwipete, promotions, en passant, castling', () => {
  const fens = [
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
    '4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2',
    '4k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1',
  ];
  for (const fen of fens) {
    const ours = new Chess(fen);
    const oracle = new Oracle(fen);
    samePosition(ours, oracle, fen);
    assert.equal(ours.perft(2), oracle.perft(2), `perft ${fen}`);
    for (const m of sorted(oracle.moves())) {
      ours.move(m);
      oracle.move(m);
      samePosition(ours, oracle, `${fen} ${m}`);
      ours.undo();
      oracle.undo();
    }
  }
});

test('editing: clear, put, remove, castling rights, load, reset, headers', () => {
  const ours = new Chess();
  const oracle = new Oracle();
  for (const c of [ours, oracle]) {
    c.clear();
  }
  assert.equal(ours.fen(), oracle.fen());
  assert.deepEqual(ours.getHeaders(), oracle.getHeaders());
  for (const [p, sq] of [[{ type: 'k', color: 'w' }, 'e1'], [{ type: 'k', color: 'b' }, 'e8'], [{ type: 'r', color: 'w' }, 'h1'], [{ type: 'q', color: 'b' }, 'd5']]) {
    assert.equal(ours.put(p, sq), oracle.put(p, sq));
  }
  assert.equal(ours.put({ type: 'k', color: 'w' }, 'a1'), oracle.put({ type: 'k', color: 'w' }, 'a1'));
  assert.equal(ours.put({ type: 'x', color: 'w' }, 'a1'), oracle.put({ type: 'x', color: 'w' }, 'a1'));
  assert.equal(ours.put({ type: 'n', color: 'w' }, 'z9'), oracle.put({ type: 'n', color: 'w' }, 'z9'));
  assert.equal(ours.fen(), oracle.fen());
  assert.deepEqual(ours.getHeaders(), oracle.getHeaders());
  assert.equal(ours.setCastlingRights('w', { k: true }), oracle.setCastlingRights('w', { k: true }));
  assert.equal(ours.setCastlingRights('w', { q: true }), oracle.setCastlingRights('w', { q: true }));
  assert.deepEqual(ours.getCastlingRights('w'), oracle.getCastlingRights('w'));
  assert.equal(ours.fen(), oracle.fen());
  assert.deepEqual(sorted(ours.moves()), sorted(oracle.moves()));
  assert.deepEqual(ours.remove('d5'), oracle.remove('d5'));
  assert.deepEqual(ours.remove('d5'), oracle.remove('d5'));
  assert.equal(ours.fen(), oracle.fen());
  ours.reset();
  oracle.reset();
  assert.equal(ours.fen(), oracle.fen());
  assert.deepEqual(ours.getHeaders(), oracle.getHeaders());
  for (const c of [ours, oracle]) {
    c.setHeader('Event', 'Test');
    c.setHeader('WhiteElo', '2000');
  }
  assert.deepEqual(ours.getHeaders(), oracle.getHeaders());
  assert.equal(ours.removeHeader('WhiteElo'), oracle.removeHeader('WhiteElo'));
  assert.equal(ours.removeHeader('Nope'), oracle.removeHeader('Nope'));
  assert.deepEqual(ours.header('Round', '3'), oracle.header('Round', '3'));
  const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
  ours.load(fen);
  oracle.load(fen);
  assert.deepEqual(ours.getHeaders(), oracle.getHeaders());
  assert.equal(ours.setTurn('b'), oracle.setTurn('b'));
  assert.equal(ours.fen(), oracle.fen());
  assert.deepEqual(ours.history(), oracle.history());
  // Repetition and the fifty-move rule.
  const a = new Chess();
  const b = new Oracle();
  for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']) {
    a.move(m);
    b.move(m);
    assert.equal(a.isThreefoldRepetition(), b.isThreefoldRepetition(), m);
  }
  assert.equal(a.isDraw(), true);
  const fifty = '4k3/8/8/8/8/8/8/4K2R w - - 99 80';
  const c = new Chess(fifty);
  const d = new Oracle(fifty);
  c.move('Rh2');
  d.move('Rh2');
  assert.equal(c.isDrawByFiftyMoves(), d.isDrawByFiftyMoves());
  assert.equal(c.isGameOver(), d.isGameOver());
});

test('move options: permissive notation, strict, null moves', () => {
  const inputs = ['e4', 'e2e4', 'e2-e4', 'Pe2e4', 'Pe4', 'Ng1f3', 'Nf3', 'ng1f3', 'Nf3+', 'e4!?', 'O-O', '0-0', 'Ke2', 'E4', 'e5', 'nf3', 'Ngf3', 'N1f3', 'Nf3#', 'Ng1-f3', 'Nxf3', 'e2xe4', 'Pe2-e4', '--', 'Z0', 'b1c3', 'Nbc3', 'e8=Q'];
  // What the permissive reader (chessbits' lenient SAN) takes and chess.js does not: a
  // pawn letter, a capture mark on a quiet move, Z0 for a null move. Nothing else differs.
  const extra = new Set(['Pe4 false', 'Nxf3 false', 'Z0 false', 'Z0 true']);
  for (const strict of [false, true]) {
    for (const input of inputs) {
      const ours = new Chess();
      const oracle = new Oracle();
      let a;
      let b;
      try {
        b = oracle.move(input, { strict }).after;
      } catch (e) {
        b = e.message;
      }
      try {
        a = ours.move(input, { strict }).after;
      } catch (e) {
        a = e.message;
      }
      if (extra.has(`${input} ${strict}`)) {
        assert.match(b, /^Invalid move/, input);
      } else {
        assert.equal(a, b, `${input} strict=${strict}`);
      }
    }
  }
  const ours = new Chess();
  const oracle = new Oracle();
  assert.equal(project(ours.move(null)), project(oracle.move(null)));
  assert.equal(ours.fen(), oracle.fen());
  assert.equal(project(ours.undo()), project(oracle.undo()));
  const check = '4k3/8/8/8/8/8/4r3/4K3 w - - 0 1';
  assert.throws(() => new Chess(check).move(null), { message: 'Null move not allowed when in check' });
  assert.throws(() => new Oracle(check).move(null), { message: 'Null move not allowed when in check' });
});
