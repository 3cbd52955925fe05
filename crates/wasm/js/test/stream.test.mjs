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

test('a web ReadableStream stopped at the limit is cancelled', async () => {
  let cancelled = false;
  let pulled = 0;
  const stream = new ReadableStream({
    pull(controller) {
      pulled++;
      controller.enqueue(block);
    },
    cancel() {
      cancelled = true;
    },
  });
  // As a browser's stream without async iteration (Safari's): getReader only.
  const t = tableFromIPC(await readGames({ getReader: () => stream.getReader() }, { limit: 1000 }));
  assert.equal(t.numRows, 1000);
  assert.ok(cancelled, 'the stream is cancelled');
  assert.ok(pulled < 100, `${pulled} pulls`);
  // Its lock is released: the stream can be read again (it is closed now).
  assert.equal(stream.locked, false);
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

// A cut that is not a game start. The reader looks for whole games once it holds a megabyte,
// at the last `[` after a blank line; a comment that holds a blank line and a `[` puts one
// inside a game. The game must still be read whole, once: the same table whatever the
// pieces (a byte, 7 bytes, 64 KB, the megabyte pieces of a bytes input), the table one
// reader of the whole input reads (the native program's), with the games we wrote.

const MB = 1 << 20;
const encoder = new TextEncoder();

function plainGame(i) {
  return `[Event "G${i}"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n\n`;
}

/** A plain game of about 1 KB (a comment fills it): a megabyte of them is 1,000 rows. */
function paddedGame(i) {
  return `[Event "G${i}"]\n[Result "1-0"]\n\n1. e4 { ${'p'.repeat(960)} } e5 2. Nf3 1-0\n\n`;
}

/** A game whose comment holds a blank line, then `[Event "x"]` with its `[` at byte `at`. */
function trapGame(i, before, at, tail) {
  const head = `[Event "G${i}"]\n[Result "1-0"]\n\n1. e4 {`;
  const pad = at - before - head.length - 2;
  if (pad < 0) throw new Error('trap too close');
  return `${head}${'c'.repeat(pad)}\n\n[Event "x"]\n${'d'.repeat(tail)}} e5 2. Nf3 1-0\n\n`;
}

/**
 * Plain games (of 1 KB while they fit, then short ones), then a trap game with its `[` at
 * byte `at`, then `after` plain games.
 */
function trapped(at, tail = 5000, after = 20) {
  let text = '';
  let n = 0;
  while (text.length + 1200 < at - 100) text += paddedGame(n++);
  while (text.length + 200 < at - 100) text += plainGame(n++);
  text += trapGame(n++, text.length, at, tail);
  for (let k = 0; k < after; k++) text += plainGame(n++);
  return { bytes: encoder.encode(text), games: n };
}

/**
 * `bytes` as a stream of pieces of `size` bytes (or of the sizes `size(offset)` gives for a
 * piece that starts at `offset`).
 */
async function* pieces(bytes, size) {
  for (let at = 0; at < bytes.length; ) {
    const n = typeof size === 'function' ? size(at) : size;
    yield bytes.subarray(at, at + n);
    at += n;
  }
}

async function table(source, options = {}) {
  const parts = [];
  for await (const part of readGamesStream(source, options)) parts.push(part);
  return tableFromIPC(parts);
}

/** The rows are the games written: numbered 1..n, their events, their moves, no error. */
function assertGames(t, games, what) {
  assert.equal(t.numRows, games, `${what}: rows`);
  const game = t.getChild('game');
  const event = t.getChild('event');
  const san = t.getChild('moves_san');
  const error = t.getChild('error');
  for (let i = 0; i < t.numRows; i++) {
    assert.equal(Number(game.get(i)), i + 1, `${what}: game number of row ${i}`);
    assert.equal(event.get(i), `G${i}`, `${what}: event of row ${i}`);
    assert.deepEqual([...san.get(i)], ['e4', 'e5', 'Nf3'], `${what}: moves of row ${i}`);
    assert.equal(error.get(i), null, `${what}: error of row ${i}`);
  }
}

/** The same table: rows, and every column's values. */
function assertSameTable(a, b, what) {
  assert.equal(a.numRows, b.numRows, `${what}: rows`);
  assert.deepEqual(
    a.schema.fields.map((f) => f.name),
    b.schema.fields.map((f) => f.name),
  );
  const text = (v) => JSON.stringify(v, (_, w) => (typeof w === 'bigint' ? String(w) : w));
  for (const f of a.schema.fields) {
    const x = a.getChild(f.name);
    const y = b.getChild(f.name);
    // A column at a time (an assertion per cell was most of this file's time); on a
    // difference, the first row that differs.
    const xs = Array.from({ length: a.numRows }, (_, i) => text(x.get(i)));
    const ys = Array.from({ length: b.numRows }, (_, i) => text(y.get(i)));
    if (xs.join('\n') !== ys.join('\n')) {
      const i = xs.findIndex((v, k) => v !== ys[k]);
      assert.equal(xs[i], ys[i], `${what}: ${f.name} of row ${i}`);
    }
  }
}

/**
 * Piece sizes of `small` bytes from 256 bytes before the lower of `at` and the first look
 * (1 MB) to 256 bytes after the higher, of 64 KB elsewhere: what the reader holds crosses
 * the trap and the first look a few bytes at a time, without a push per byte of the
 * megabyte before them.
 */
function smallAround(at, small) {
  const from = Math.min(at, MB) - 256;
  const to = Math.max(at, MB) + 256;
  return (offset) => {
    if (offset >= from && offset < to) return small;
    return offset < from ? Math.min(65536, from - offset) : 65536;
  };
}

test('a comment with a blank line and a [ across the first look: read whole, once', async () => {
  // The first look is at 1 MB held (pieces of 1, 64 KB, 1 MB) or just after (7 bytes).
  for (const at of [MB - 60000, MB - 1000, MB - 17, MB - 2, MB - 1, MB, MB + 1, MB + 5]) {
    const { bytes, games } = trapped(at);
    const whole = tableFromIPC(await readGames(bytes));
    assertGames(whole, games, `[ at ${at}, readGames`);
    for (const small of [1, 7]) {
      const t = await table(pieces(bytes, smallAround(at, small)));
      assertSameTable(t, whole, `[ at ${at}, pieces of ${small} around it`);
    }
    assertSameTable(await table(pieces(bytes, 65536)), whole, `[ at ${at}, pieces of 65536`);
  }
  // Pieces of 7 bytes all the way (150,000 pushes: one offset only).
  const { bytes } = trapped(MB - 17);
  const whole = tableFromIPC(await readGames(bytes));
  assertSameTable(await table(pieces(bytes, 7)), whole, '[ at MB - 17, pieces of 7');
});

test('every game with such a comment, pieces of odd sizes: the games written', async () => {
  let text = '';
  let n = 0;
  const next = rng(11);
  while (text.length < 3 * MB) {
    const c = 'n'.repeat(next(3000));
    text += `[Event "G${n++}"]\n[Result "1-0"]\n\n1. e4 {${c}\n\n[Event "x"]\n${c}} e5 2. Nf3 1-0\n\n`;
  }
  const bytes = encoder.encode(text);
  const whole = tableFromIPC(await readGames(bytes));
  assertGames(whole, n, 'readGames');
  for (const size of [7, 65536, MB + 1, () => 1 + next(200000)]) {
    assertSameTable(await table(pieces(bytes, size)), whole, `pieces of ${size}`);
  }
});

test('one game larger than many pieces: read whole, once', async () => {
  // A 3 MB game of comments, each with a blank line and a `[`, among plain games.
  let text = plainGame(0);
  text += `[Event "G1"]\n[Result "1-0"]\n\n1. e4 `;
  while (text.length < 3 * MB) text += '{ c\n\n[Event "x"]\n} ';
  text += 'e5 2. Nf3 1-0\n\n';
  for (let i = 2; i < 2000; i++) text += plainGame(i);
  const bytes = encoder.encode(text);
  const whole = tableFromIPC(await readGames(bytes));
  assert.equal(whole.numRows, 2000);
  assert.equal(whole.getChild('event').get(1), 'G1');
  assert.deepEqual([...whole.getChild('moves_san').get(1)], ['e4', 'e5', 'Nf3']);
  for (const size of [7, 65536]) {
    assertSameTable(await table(pieces(bytes, size)), whole, `pieces of ${size}`);
  }
});

test('random bytes: the same table whatever the pieces', async () => {
  const next = rng(23);
  const bytes = new Uint8Array(2.5 * MB);
  for (let i = 0; i < bytes.length; i++) {
    // Mostly PGN's own characters, so that games, comments and variations start and end.
    bytes[i] = next(4) === 0 ? next(256) : ' \n[]{}()"*-10e4Nf3.'.charCodeAt(next(19));
  }
  const whole = tableFromIPC(await readGames(bytes));
  assert.ok(whole.numRows > 100, `${whole.numRows} rows`);
  // Small pieces of odd sizes (1 to 60 bytes, 80,000 pushes), 64 KB, and large ones.
  for (const size of [() => 1 + next(60), 65536, () => 1 + next(300000)]) {
    assertSameTable(await table(pieces(bytes, size)), whole, `pieces of ${size}`);
  }
});

/** `bytes` as a stream that fails after `good` bytes, as a truncated download does. */
async function* failing(bytes, good) {
  yield* pieces(bytes.subarray(0, good), 65536);
  throw new Error('the network went away');
}

test('a stream that fails part way: the games before it, a warning, or a throw', async () => {
  const { bytes, games } = trapped(MB - 1000, 5000, 20000);
  // Fails after 1.5 MB: inside the plain games after the trap game.
  const good = 1.5 * MB;
  const kept = new TextDecoder().decode(bytes.subarray(0, good)).split('[Event "G').length - 1;
  assert.ok(kept > 0 && kept < games);
  const warnings = [];
  const warn = console.warn;
  console.warn = (m) => warnings.push(String(m));
  let t;
  try {
    t = tableFromIPC(await readGames(failing(bytes, good)));
  } finally {
    console.warn = warn;
  }
  // The games before the damage, the last one as far as it came (as the native reader
  // reads a file that ends there).
  assert.equal(t.numRows, kept);
  assert.equal(t.getChild('event').get(kept - 1).startsWith('G'), true);
  assert.equal(warnings.length, 1, warnings.join('\n'));
  assert.match(warnings[0], /damaged after 1572864 bytes read .*the network went away.*kept/);
  await assert.rejects(
    readGames(failing(bytes, good), { onDamage: 'raise' }),
    /damaged after 1572864 bytes read .*the network went away/,
  );
  // Not damage: what is not an input at all.
  await assert.rejects(readGames(42), /a Uint8Array, an ArrayBuffer, a string or a stream/);
});

test('a gzip stream cut short through DecompressionStream: the games before it, warned', async () => {
  const { gzipSync } = await import('node:zlib');
  let text = '';
  for (let i = 0; i < 20000; i++) text += plainGame(i);
  const gz = gzipSync(encoder.encode(text));
  const cut = gz.subarray(0, gz.length >> 1);
  const stream = () => new Blob([cut]).stream().pipeThrough(new DecompressionStream('gzip'));
  const warnings = [];
  const warn = console.warn;
  console.warn = (m) => warnings.push(String(m));
  let t;
  try {
    t = tableFromIPC(await readGames(stream()));
  } finally {
    console.warn = warn;
  }
  assert.ok(t.numRows > 1000 && t.numRows < 20000, `${t.numRows} rows`);
  assert.equal(t.getChild('event').get(999), 'G999');
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /damaged/);
  await assert.rejects(readGames(stream(), { onDamage: 'raise' }), /damaged/);
  // The compressed bytes themselves: refused (no gzip inside), saying why.
  await assert.rejects(readGames(gz), /gzip/);
});

// The native program's table (`chessbits pgn games`, one thread and two) of the same
// inputs, cell for cell: set CHESSBITS_BIN to the program (cargo build -p chessbits-cli).
const bin = process.env.CHESSBITS_BIN;
test('the native program reads the same table', { skip: !bin && 'CHESSBITS_BIN not set' }, async () => {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, writeFileSync, readFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'chessbits-stream-'));
  try {
    const next = rng(29);
    const random = new Uint8Array(1.5 * MB);
    for (let i = 0; i < random.length; i++) {
      random[i] = next(4) === 0 ? next(256) : ' \n[]{}()"*-10e4Nf3.'.charCodeAt(next(19));
    }
    // Each read in small pieces where it matters: around the trap, or all along the random
    // bytes (1 to 60 bytes).
    const inputs = {
      trap: [trapped(MB - 17).bytes, smallAround(MB - 17, 7)],
      late: [trapped(MB + 1).bytes, smallAround(MB + 1, 7)],
      random: [random, () => 1 + next(60)],
    };
    for (const [name, [bytes, size]] of Object.entries(inputs)) {
      const pgn = join(dir, `${name}.pgn`);
      writeFileSync(pgn, bytes);
      // The file column: the path the program was given.
      const streamed = await table(pieces(bytes, size), { file: pgn });
      for (const threads of ['1', '2']) {
        const out = join(dir, `${name}.arrow`);
        try {
          execFileSync(bin, ['pgn', 'games', pgn, '--threads', threads, '-o', out], { stdio: 'ignore' });
        } catch (e) {
          // Exit status 1: games with errors (the random bytes); the table is written.
          if (e.status !== 1) throw e;
        }
        assertSameTable(streamed, tableFromIPC(readFileSync(out)), `${name}, ${threads} thread(s)`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
