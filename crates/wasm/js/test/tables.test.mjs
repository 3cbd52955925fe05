// readGames: the games and moves tables as Arrow IPC that apache-arrow reads, checked
// against chess.js's reading of the same games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { tableFromIPC } from 'apache-arrow';
import { Chess as Oracle } from 'chess.js';
import { Chess, readGames } from '../chessbits.js';
import { rng } from './rng.mjs';

function randomGames(n, seed) {
  const next = rng(seed);
  const games = [];
  for (let i = 0; i < n; i++) {
    const g = new Oracle();
    g.setHeader('Event', `Game ${i}`);
    g.setHeader('WhiteElo', String(1500 + next(1000)));
    g.setHeader('BlackElo', String(1500 + next(1000)));
    const plies = next(120);
    for (let p = 0; p < plies && !g.isGameOver(); p++) {
      const moves = g.moves().sort();
      g.move(moves[next(moves.length)]);
    }
    g.setHeader('Result', ['1-0', '0-1', '1/2-1/2', '*'][next(4)]);
    games.push(g);
  }
  return games;
}

test('games and moves tables of random games', async () => {
  const games = randomGames(200, 99);
  const pgn = games.map((g) => g.pgn()).join('\n\n') + '\n';
  const t = tableFromIPC(await readGames(pgn, { file: 'random.pgn' }));
  assert.equal(t.numRows, games.length);
  const san = t.getChild('moves_san');
  const uci = t.getChild('moves_uci');
  const event = t.getChild('event');
  const result = t.getChild('result');
  for (let i = 0; i < games.length; i++) {
    assert.equal(event.get(i), `Game ${i}`);
    assert.equal(result.get(i), games[i].getHeaders().Result);
    assert.deepEqual([...san.get(i)], games[i].history());
    assert.deepEqual([...uci.get(i)], games[i].history({ verbose: true }).map((m) => m.lan));
  }
  assert.equal(t.getChild('file').get(0), 'random.pgn');
  const moves = tableFromIPC(await readGames(pgn, { table: 'moves' }));
  assert.equal(moves.numRows, games.reduce((n, g) => n + g.history().length, 0));
  const after = moves.getChild('after_fen');
  const all = games.flatMap((g) => g.history({ verbose: true }).map((m) => m.after));
  for (let i = 0; i < all.length; i += 37) {
    // chess.js and chessbits write the en-passant square alike (only where a capture is legal).
    assert.equal(after.get(i), all[i], `moves row ${i}`);
  }
  // Selections: limit, results, elo, tags.
  assert.equal(tableFromIPC(await readGames(pgn, { limit: 7 })).numRows, 7);
  const wins = games.filter((g) => g.getHeaders().Result === '1-0').length;
  assert.equal(tableFromIPC(await readGames(pgn, { result: '1-0' })).numRows, wins);
  const strong = games.filter((g) => +g.getHeaders().WhiteElo >= 2000 && +g.getHeaders().BlackElo >= 2000).length;
  assert.equal(tableFromIPC(await readGames(pgn, { elo: '2000..' })).numRows, strong);
  assert.equal(tableFromIPC(await readGames(pgn, { tag: { Event: 'Game 3' } })).numRows, 1);
  assert.equal(tableFromIPC(await readGames(pgn + pgn, { dedup: true })).numRows, new Set(games.map((g) => g.history().join(' '))).size);
  // Streams: a web ReadableStream and a Node stream, read whole.
  const whole = await readGames(pgn);
  const { Readable } = await import('node:stream');
  const encoded = new TextEncoder().encode(pgn);
  const web = new ReadableStream({
    start(c) {
      for (let i = 0; i < encoded.length; i += 1000) c.enqueue(encoded.subarray(i, i + 1000));
      c.close();
    },
  });
  assert.deepEqual(await readGames(web), whole);
  assert.deepEqual(await readGames(Readable.from([encoded.subarray(0, 777), encoded.subarray(777)])), whole);
  assert.deepEqual(await readGames(encoded.buffer.slice(0)), whole);
  await assert.rejects(readGames(42), /readGames: a Uint8Array/);
  // loadPgn reads each game as chess.js does.
  for (const g of games.slice(0, 50)) {
    const c = new Chess();
    c.loadPgn(g.pgn());
    assert.deepEqual(c.history(), g.history());
    assert.equal(c.pgn(), g.pgn());
  }
});

test('a real file: Lichess games as chess.js reads them', async (t) => {
  const data = process.env.CHESSBITS_DATA ?? '/work/shared/data';
  const path = `${data}/pgn/lichess/lichess_db_2025-05_1000k.pgn`;
  if (!existsSync(path)) {
    t.skip(`NOTICE: ${path} missing`);
    return;
  }
  const bytes = readFileSync(path).subarray(0, 400000);
  const text = new TextDecoder().decode(bytes);
  const table = tableFromIPC(await readGames(bytes));
  const chunks = text.split(/\n\n(?=\[)/).slice(0, -1);
  assert.ok(table.numRows >= chunks.length);
  const san = table.getChild('moves_san');
  for (let i = 0; i < Math.min(chunks.length, 100); i++) {
    const o = new Oracle();
    o.loadPgn(chunks[i]);
    assert.deepEqual([...san.get(i)], o.history(), `game ${i}`);
    const c = new Chess();
    c.loadPgn(chunks[i]);
    assert.equal(c.pgn(), o.pgn(), `game ${i} pgn`);
    assert.deepEqual(c.getComments(), o.getComments(), `game ${i} comments`);
  }
});

test('options are the route selections, by the names the program and Python use', async () => {
  const pgn =
    '[UTCDate "2025.02.31"]\n\n1. e4 e5 *\n\n[UTCDate "2025.02.28"]\n\n1. d4 d5 2. c4 *\n\n' +
    '[Result "½-½"]\n\n1. Nf3 *\n';
  const rows = async (options) => tableFromIPC(await readGames(pgn, options)).numRows;
  // A date that does not exist is no date, as for the program's --tag-range.
  assert.equal(await rows({ tagRange: 'UTCDate=2025.02.01..2025.03.01' }), 1);
  assert.equal(await rows({ minPlies: 3 }), 1);
  assert.equal(await rows({ result: '1/2-1/2' }), 1);
  const lichess = tableFromIPC(await readGames(pgn, { schema: 'lichess' }));
  assert.ok(lichess.schema.fields.some((f) => f.name === 'movetext'));
  await assert.rejects(readGames(pgn, { colour: 'white' }), /unknown option "colour"/);
  await assert.rejects(readGames(pgn, { sample: 2 }), /sample/);
  await assert.rejects(readGames(pgn, { table: 'moves', schema: 'lichess' }), /schema/);
});
