// readGames and readGamesStream: PGN to Arrow IPC tables through the tables module
// (wasm/tables), loaded on the first call. Re-exported by chessbits.js.

import { wasmSource } from './wasm-source.js';

function message(e) {
  return e instanceof Error ? e.message : String(e);
}

let tables = null;

async function tablesModule() {
  if (tables === null) {
    tables = (async () => {
      const mod = await import('./wasm/tables/chessbits.js');
      await mod.default({
        module_or_path: await wasmSource(
          new URL('./wasm/tables/chessbits_bg.wasm', import.meta.url),
        ),
      });
      return mod;
    })();
  }
  return tables;
}

/** Pieces of the input for the reader: at most this many bytes cross at once. */
const PIECE = 1 << 20;

/**
 * The pieces of `source`, as Uint8Arrays: a Uint8Array, an ArrayBuffer or a string (as
 * UTF-8) in pieces of a megabyte, or a stream (a web ReadableStream or any async iterable
 * of chunks, such as a Node stream) chunk by chunk, never read whole. Throws at once for
 * what is not an input; an error while the pieces are read is the input's damage.
 */
function inputPieces(source) {
  if (typeof source === 'string') source = new TextEncoder().encode(source);
  if (source instanceof ArrayBuffer) source = new Uint8Array(source);
  else if (ArrayBuffer.isView(source) && !(source instanceof Uint8Array)) {
    source = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  }
  if (source instanceof Uint8Array) return bytesPieces(source);
  if (source !== null && typeof source === 'object' && (typeof source.getReader === 'function' || Symbol.asyncIterator in source)) {
    return streamPieces(
      typeof source[Symbol.asyncIterator] === 'function' ? source : readerChunks(source.getReader()),
    );
  }
  throw new Error('readGames: a Uint8Array, an ArrayBuffer, a string or a stream of bytes');
}

function* bytesPieces(bytes) {
  for (let at = 0; at < bytes.length; at += PIECE) yield bytes.subarray(at, at + PIECE);
}

async function* streamPieces(iterable) {
  for await (const chunk of iterable) {
    yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk);
  }
}

/** The chunks of a web ReadableStream; one not read to its end (a limit) is cancelled. */
async function* readerChunks(reader) {
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      yield value;
    }
  } catch (e) {
    ended = true;
    throw e;
  } finally {
    if (!ended) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** The route's option names, as JavaScript spells them (camelCase) and as the library reads them. */
const SELECTION_OPTIONS = {
  tag: 'tag',
  tagContains: 'tag_contains',
  tagRange: 'tag_range',
  elo: 'elo',
  result: 'result',
  minPlies: 'min_plies',
  maxPlies: 'max_plies',
  fen: 'fen',
  dedup: 'dedup',
  limit: 'limit',
  sample: 'sample',
  seed: 'seed',
  schema: 'schema',
  strict: 'strict',
  encoding: 'encoding',
};

/** An option's value as the texts the library reads: a string, a number, a boolean, a list, or an object of `NAME=VALUE` pairs. */
function optionTexts(value) {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}=${v}`);
  return [String(value)];
}

/** The library's reader (wasm/tables) for `options`, after checking their names. */
async function gamesReader(options) {
  const mod = await tablesModule();
  const names = [];
  const values = [];
  for (const [key, value] of Object.entries(options)) {
    if (['table', 'file', 'onDamage', 'onProgress'].includes(key)) continue;
    const name = key === 'layout' ? 'schema' : SELECTION_OPTIONS[key];
    if (name === undefined) {
      throw new Error(`readGames: unknown option ${JSON.stringify(key)} (${Object.keys(SELECTION_OPTIONS).join(', ')}, table, file, onDamage, onProgress)`);
    }
    for (const text of optionTexts(value)) {
      names.push(name);
      values.push(text);
    }
  }
  try {
    return new mod.GamesReader(
      options.table ?? 'games',
      names,
      values,
      options.onDamage ?? 'warn',
      options.file ?? undefined,
    );
  } catch (e) {
    throw new Error(message(e));
  }
}

/**
 * The Arrow IPC file of `readGames(source, options)` as it is written: an async iterable of
 * Uint8Arrays whose concatenation is the file. The reader holds about a megabyte of the
 * input and a game at a time: it reads the complete games of each megabyte through the
 * library's route and gives their record batches' bytes before the next piece is read, so
 * a stream of any size takes bounded memory (the output aside). `onProgress`, when given,
 * is called after each piece with `{ bytes, games }` (input bytes and games read so far).
 */
export async function* readGamesStream(source, options = {}) {
  const pieces = inputPieces(source);
  const reader = await gamesReader(options);
  const progress = options.onProgress;
  let bytes = 0;
  const iterator = pieces[Symbol.asyncIterator]?.() ?? pieces[Symbol.iterator]();
  try {
    // An error of the source (a stream that fails: a network error, a truncated gzip
    // stream through DecompressionStream) is the input's damage, which the reader reports
    // as the library does (the games before it kept, a warning or, with `onDamage:
    // 'raise'`, the error); an error of the reader is thrown as it is.
    let damage = null;
    for (;;) {
      let next;
      try {
        next = await iterator.next();
      } catch (e) {
        damage = e;
        break;
      }
      if (next.done) break;
      const piece = next.value;
      reader.push(piece);
      bytes += piece.length;
      if (progress) progress({ bytes, games: reader.games() });
      const out = reader.take();
      if (out.length > 0) yield out;
      if (reader.stopped()) break;
    }
    const last = damage === null ? reader.finish() : reader.damaged(message(damage));
    if (progress) progress({ bytes, games: reader.games() });
    if (last.length > 0) yield last;
  } catch (e) {
    throw new Error(message(e));
  } finally {
    reader.free();
    // The source's own end (a Node stream is destroyed) when it was not read to its end.
    try {
      await iterator.return?.();
    } catch {
      // A source that failed has nothing more to end.
    }
  }
}

/**
 * The games (or, with `table: 'moves'`, the mainline moves) of PGN `source` (a Uint8Array,
 * an ArrayBuffer, a string, or a stream of bytes: a web ReadableStream, a Node stream, any
 * async iterable of chunks, read a piece at a time, see `readGamesStream`) as an Arrow IPC
 * file, a Uint8Array that apache-arrow's `tableFromIPC` and DuckDB-WASM read. The options
 * are the command line's and Python's selections, by the same names in camelCase: `tag`
 * (`NAME=VALUE`, a list or an object), `tagContains`, `tagRange` (`NAME=LO..HI`), `elo`
 * (`LO..HI`), `result`, `minPlies`, `maxPlies`, `fen`, `dedup`, `limit`, `sample`, `seed`,
 * `schema` (`default` or `lichess`), `strict`, `encoding`; and `table`, `file` (the file
 * column), `onDamage` (`warn`, the default: an input damaged part way keeps the games
 * before the damage and warns on the console; `raise`: throws) and `onProgress`.
 */
export async function readGames(source, options = {}) {
  const parts = [];
  let length = 0;
  for await (const part of readGamesStream(source, options)) {
    parts.push(part);
    length += part.length;
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
