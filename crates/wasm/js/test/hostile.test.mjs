// Hostile input: bad FEN, bad SAN, broken PGN and random bytes are answered with a thrown
// Error (or false/undefined where chess.js answers so), never a WebAssembly trap, and
// wherever chess.js refuses a FEN, a move or a PGN, chessbits refuses it too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess as Oracle, validateFen as oracleValidateFen } from 'chess.js';
import { Chess, validateFen, readGames } from '../chessbits.js';
import { VariantChess } from '../variants.js';
import { rng } from './rng.mjs';

function outcome(f) {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    assert.ok(e instanceof Error, `threw a non-Error: ${e}`);
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `WebAssembly trap: ${e.message}`);
    return { ok: false, message: e.message };
  }
}

const BAD_FENS = [
  '',
  ' ',
  'garbage',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1',
  'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1',
  'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  '8/8/8/8/8/8/8/8 w - - 0 1',
  'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1',
  'Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1',
  '\u0000\u0001\u0002',
  'r'.repeat(10000),
  // What chess.js's FEN rules take and refuse at their edges: counters as parseInt reads
  // them, fields split on runs of whitespace, Shredder castling letters, an en-passant
  // square on the mover's side, a side not to move in check.
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 +1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 01 1x',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w  KQkq  -  0  1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ',
  ' rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/pNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  '4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1',
];

test('bad FEN: refused wherever chess.js refuses it', () => {
  const differ = [];
  for (const fen of BAD_FENS) {
    const a = outcome(() => new Chess(fen).fen());
    const b = outcome(() => new Oracle(fen).fen());
    // validateFen is chess.js's, reasons included.
    assert.deepEqual(validateFen(fen), oracleValidateFen(fen), `validateFen ${JSON.stringify(fen)}`);
    if (!b.ok) assert.equal(a.ok, false, `chess.js refuses ${JSON.stringify(fen)}; chessbits took it`);
    if (!a.ok) assert.match(a.message, /^Invalid FEN/, fen);
    if (a.ok !== b.ok) differ.push(fen);
  }
  // chess.js loads some positions that are not legal (a side not to move in check...);
  // chessbits' Chess refuses those.
  console.log(`# bad FENs chess.js takes and chessbits refuses: ${JSON.stringify(differ)}`);
});

test('random FEN-like text: an Error or a position, never a trap', () => {
  const next = rng(7);
  const alphabet = 'pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789\u00e9';
  let refused = 0;
  for (let i = 0; i < 3000; i++) {
    let s = '';
    const n = next(80);
    for (let j = 0; j < n; j++) s += alphabet[next(alphabet.length)];
    const a = outcome(() => new Chess(s).fen());
    const b = outcome(() => new Oracle(s).fen());
    assert.deepEqual(validateFen(s), oracleValidateFen(s), `validateFen ${JSON.stringify(s)}`);
    if (!b.ok) assert.equal(a.ok, false, `chess.js refuses ${JSON.stringify(s)}`);
    if (!a.ok) refused++;
    outcome(() => new Chess(s, { skipValidation: true }).moves());
  }
  assert.ok(refused > 2500);
});

test('bad SAN: refused wherever chess.js refuses it', () => {
  const next = rng(11);
  const alphabet = 'NBRQKPnbrqkpabcdefgh12345678xX=+#!?-O0 @';
  const game = new Chess();
  const oracle = new Oracle();
  for (const m of ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']) {
    game.move(m);
    oracle.move(m);
  }
  const counts = {};
  for (let i = 0; i < 20000; i++) {
    let s = '';
    const n = 1 + next(7);
    for (let j = 0; j < n; j++) s += alphabet[next(alphabet.length)];
    for (const strict of [false, true]) {
      const b = outcome(() => oracle.move(s, { strict }).after);
      if (b.ok) oracle.undo();
      const a = outcome(() => game.move(s, { strict }).after);
      if (a.ok) game.undo();
      if (strict && !b.ok && a.ok) {
        // chessbits' strict SAN (movegen's) takes a redundant pawn file (`dd3`) and the
        // like; then it plays the move chess.js's permissive reading plays, never another.
        const p = outcome(() => oracle.move(s).after);
        if (p.ok) oracle.undo();
        assert.equal(a.value, p.value, `chess.js refuses ${JSON.stringify(s)} strict`);
      }
      if (!a.ok) assert.match(a.message, /^(Invalid move|Null move)/);
      // Strict: where chess.js takes a move written as its SAN (annotations aside), so does
      // chessbits. (chess.js's strict reader also drops a stray `=`: `h=3` plays h3.)
      const plain = s.replace(/[?!]+$/, '');
      if (strict && b.ok && /^[^=]*$/.test(plain)) {
        const played = oracle.move(s, { strict }).san;
        oracle.undo();
        if (plain === played || plain === played.replace(/[+#]$/, '')) {
          assert.equal(a.value, b.value, `${JSON.stringify(s)} strict`);
        }
      }
      if (strict && a.ok && b.ok) assert.equal(a.value, b.value, `${JSON.stringify(s)} strict`);
      // Permissive: chess.js finds a square pair anywhere in the text (its pattern is not
      // anchored: "dd3 xp!" plays d3); chessbits reads SAN or long algebraic only. Where
      // both take the text, they take the same move.
      if (!strict && a.ok && b.ok) assert.equal(a.value, b.value, `${JSON.stringify(s)}`);
      if (!strict) counts[`${a.ok ? 'ours' : '-'} ${b.ok ? 'chess.js' : '-'}`] = (counts[`${a.ok ? 'ours' : '-'} ${b.ok ? 'chess.js' : '-'}`] ?? 0) + 1;
    }
  }
  console.log(`# permissive moves taken (chessbits, chess.js): ${JSON.stringify(counts)}`);
  for (const bad of [undefined, 42, {}, { from: 'e2' }, { from: 'z9', to: 'e4' }, { from: 'e2', to: 'e5' }, []]) {
    const a = outcome(() => game.move(bad));
    assert.equal(a.ok, false);
    assert.match(a.message, /^Invalid move/);
  }
  assert.equal(game.fen(), oracle.fen());
});

test('broken PGN and random bytes: an Error, the game as chess.js leaves it', () => {
  const good = '[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n';
  const next = rng(3);
  for (let cut = 0; cut < good.length; cut++) {
    const text = good.slice(0, cut);
    const game = new Chess();
    game.move('d4');
    const oracle = new Oracle();
    oracle.move('d4');
    const a = outcome(() => game.loadPgn(text));
    const b = outcome(() => oracle.loadPgn(text));
    if (!a.ok) {
      assert.match(a.message, /^Invalid (PGN|move in PGN)/);
      // Where chess.js refuses it too, the game it leaves (the moves before a move that is
      // no move kept; a text its grammar refuses leaves the game as it was).
      if (!b.ok) assert.deepEqual(game.history(), oracle.history(), JSON.stringify(text));
      if (a.message.startsWith('Invalid move')) assert.equal(a.message, b.message);
    }
  }
  const bad = [
    '1. e4 e5 2. Ke3 *',
    '1. e4 e5 2. Nf9 *',
    '[FEN "garbage"]\n\n1. e4 *',
    '[SetUp "1"]\n\n1. e4 *',
    '1. e4 { unclosed',
    '1. e4 ( e5',
    '[Event "x\n\n',
  ];
  for (const text of bad) {
    const game = new Chess();
    const oracle = new Oracle();
    const a = outcome(() => game.loadPgn(text, { strict: true }));
    const b = outcome(() => oracle.loadPgn(text, { strict: true }));
    if (!b.ok) assert.equal(a.ok, false, `chess.js refuses ${JSON.stringify(text)}`);
  }
  for (let i = 0; i < 500; i++) {
    const n = next(400);
    let s = '';
    for (let j = 0; j < n; j++) s += String.fromCharCode(next(256));
    const game = new Chess();
    outcome(() => game.loadPgn(s));
    outcome(() => game.loadPgn(good.slice(0, next(good.length)) + s));
    outcome(() => game.pgn());
  }
});

test('random bytes to readGames and variants: Errors or tables, never a trap', async () => {
  const next = rng(5);
  for (let i = 0; i < 100; i++) {
    const bytes = new Uint8Array(next(2000));
    for (let j = 0; j < bytes.length; j++) bytes[j] = next(256);
    if (i % 2) bytes.set(new TextEncoder().encode('[Event "x"]\n\n1. e4 e5 '), 0);
    try {
      const ipc = await readGames(bytes);
      assert.ok(ipc instanceof Uint8Array);
    } catch (e) {
      assert.ok(!(e instanceof WebAssembly.RuntimeError), e.message);
    }
  }
  for (const options of [{ table: 'nope' }, { layout: 'nope' }, { limit: -1 }, { limit: 1.5 }, { tagRange: 'WhiteElo=x..y' }, { layout: 'lichess', table: 'moves' }]) {
    await assert.rejects(readGames('1. e4 *', options), (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError));
  }
  for (const [variant, fen] of [['nope', undefined], ['atomic', 'garbage'], ['horde', '8/8/8/8/8/8/8/8 w - - 0 1'], ['crazyhouse', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Xx] w KQkq - 0 1']]) {
    const a = outcome(() => new VariantChess(variant, fen));
    assert.equal(a.ok, false, `${variant} ${fen}`);
  }
  const v = new VariantChess('atomic');
  for (const m of ['e9', 'Kxe2', '', 'P@e4', 'e2e5', '0000']) assert.equal(outcome(() => v.move(m)).ok, false, m);
});
