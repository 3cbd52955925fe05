// readGames on a stream: the input is read a piece at a time (never whole), the table's
// bytes come while the input is still being read, memory stays bounded, and the table is
// the one of the whole input read at once (games numbered across the pieces).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tableFromIPC } from 'apache-arrow';
import { Chess as Oracle } from 'chess.js';
import { readGames, readGamesStream } from '../chessbits.js';
import { rng } from './rng.mjs';

function randomPgn(n, seed) {
  const next = rng(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    const g = new Oracle();
    g.setHeader('Event', `Game ${i}`);
    const plies = next(100);
    for (let p = 0; p < plies && !g.isGameOver(); p++) {
      const moves = g.moves().sort();
      g.move(moves[next(moves.length)]);
    }
    g.setHeader('Result', ['1-0', '0-1', '1/2-1/2', '*'][next(4)]);
    out.push(g.pgn());
  }
  return out.join('\n\n') + '\n\n';
}

const block = new TextEncoder().encode(randomPgn(300, 5));
const copies = Math.ceil((32 << 20) / block.length);
const total = block.length * copies;

/** The input as a stream of 64 KB chunks (cut anywhere), counting what was handed out. */
async function* chunks(state) {
  for (let c = 0; c < copies; c++) {
    for (let at = 0; at < block.length; at += 65536) {
      const piece = block.subarray(at, at + 65536);
      state.given += piece.length;
      yield piece;
    }
  }
}

test('a 32 MB stream: output before the input ends, bounded memory, the whole table', async () => {
  const state = { given: 0 };
  const arrivals = [];
  const parts = [];
  for await (const part of readGamesStream(chunks(state), { file: 'stream.pgn' })) {
    arrivals.push(state.given);
    parts.push(part);
  }
  // Bytes of record batches came while most of the input was still to be read.
  assert.ok(arrivals.length > 10, `${arrivals.length} parts`);
  assert.ok(arrivals[2] < total / 4, `third part after ${arrivals[2]} of ${total} bytes`);
  // The tables module's memory: a piece and its batch, not the input or the table.
  const tables = await import('../wasm/tables/chessbits.js');
  const memory = (await tables.default()).memory.buffer.byteLength;
  console.log(`stream: ${total} bytes in, ${parts.length} parts out, wasm memory ${memory} bytes`);
  assert.ok(memory < total / 2, `wasm memory ${memory} for ${total} bytes of input`);
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  const streamed = tableFromIPC(bytes);
  assert.equal(streamed.numRows, 300 * copies);
  // The same table as one read of a copy, numbered on across the pieces.
  const whole = tableFromIPC(await readGames(block, { file: 'stream.pgn' }));
  const game = streamed.getChild('game');
  const event = streamed.getChild('event');
  for (const i of [0, 299, 300, 12345, streamed.numRows - 1]) {
    assert.equal(Number(game.get(i)), i + 1, `game number of row ${i}`);
    assert.equal(event.get(i), whole.getChild('event').get(i % 300));
    assert.deepEqual(
      [...streamed.getChild('moves_san').get(i)],
      [...whole.getChild('moves_san').get(i % 300)],
    );
  }
});

test('a stream stops being read at the limit', async () => {
  const state = { given: 0 };
  const t = tableFromIPC(await readGames(chunks(state), { limit: 1000 }));
  assert.equal(t.numRows, 1000);
  assert.ok(state.given < total / 4, `${state.given} bytes read for 1000 games`);
});

test('a web ReadableStream, and progress', async () => {
  const seen = [];
  const stream = new ReadableStream({
    start(controller) {
      for (let i = 0; i < 3; i++) controller.enqueue(block);
      controller.close();
    },
  });
  const t = tableFromIPC(await readGames(stream, { onProgress: (p) => seen.push(p) }));
  assert.equal(t.numRows, 900);
  assert.deepEqual(seen.at(-1), { bytes: 3 * block.length, games: 900 });
});
