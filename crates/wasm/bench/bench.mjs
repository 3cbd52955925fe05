// chessbits (WebAssembly) against chess.js 1.x and chessops in Node, interleaved: each
// round runs every library once on the same work, in turn; the figure is the median round.
//   node crates/wasm/bench/bench.mjs [rounds]     (after build.sh and npm ci in js/)
// Shared data: $CHESSBITS_DATA or /work/shared/data (pgn/lichess, pgn/master). With
// CHESSBITS_BIN=target/release/chessbits the readGames rows add the native program's figure.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = join(here, '..', 'js');
// The peers from js/node_modules (npm ci there), as ES modules.
const esm = (path) => import(pathToFileURL(join(pkg, 'node_modules', path)).href);
const { Chess, readGames } = await import(pathToFileURL(join(pkg, 'chessbits.js')).href);
const { Chess: ChessJs } = await esm('chess.js/dist/esm/chess.js');
const { Chess: OpsChess } = await esm('chessops/dist/esm/chess.js');
const { parseFen } = await esm('chessops/dist/esm/fen.js');
const { perft: opsPerft } = await esm('chessops/dist/esm/debug.js');
const { makeSan, parseSan } = await esm('chessops/dist/esm/san.js');
const { parsePgn, startingPosition } = await esm('chessops/dist/esm/pgn.js');

const rounds = parseInt(process.argv[2] ?? '5', 10);
const data = process.env.CHESSBITS_DATA ?? '/work/shared/data';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// One row: each subject's median throughput over interleaved rounds; every peer's ratio is
// `ours` (a subject's key) divided by it, on the same work.
function interleaved(name, unit, work, subjects, ours = 'chessbits') {
  const times = Object.fromEntries(Object.keys(subjects).map((k) => [k, []]));
  // One round unmeasured first: V8 compiles JavaScript and WebAssembly with baseline
  // compilers and tiers the hot functions up in the background, for every library.
  for (let r = -1; r < rounds; r++) {
    for (const [k, f] of Object.entries(subjects)) {
      const t0 = process.hrtime.bigint();
      f();
      if (r >= 0) times[k].push(Number(process.hrtime.bigint() - t0) / 1e9);
    }
  }
  const rate = (k) => work / median(times[k]);
  const fmt = (x) => (x >= 100 ? Math.round(x).toLocaleString('en') : x.toPrecision(3));
  const cells = Object.keys(subjects).map((k) => {
    const peer = k !== ours && !k.startsWith('chessbits');
    return `${k}: ${fmt(rate(k))}` + (peer ? ` (**${(rate(ours) / rate(k)).toFixed(1)}x**)` : '');
  });
  console.log(`| ${name} (${unit}) | ${cells.join('; ')} |`);
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const opsPos = (fen) => OpsChess.fromSetup(parseFen(fen).unwrap()).unwrap();

console.log(`Node ${process.version}; ${rounds} interleaved rounds, medians.\n`);
console.log('| work | each library; in bold chessbits divided by the peer |');
console.log('| --- | --- |');
// The modules' download sizes (gzip -9), each loaded only by what uses it.
{
  const sizes = ['board', 'variants', 'tables'].map((m) => {
    const bytes = readFileSync(join(pkg, 'wasm', m, 'chessbits_bg.wasm'));
    return `${m}: ${bytes.length.toLocaleString('en')} (${gzipSync(bytes, { level: 9 }).length.toLocaleString('en')} gzipped)`;
  });
  console.log(`| .wasm (bytes) | ${sizes.join('; ')} |`);
}
const done = () => console.log(`chessbits_wasm: node=${process.version} rounds=${rounds}`);
for (const [name, fen, depth, nodes] of [
  ['perft start, depth 4', START, 4, 197281],
  ['perft Kiwipete, depth 3', KIWIPETE, 3, 97862],
]) {
  const a = new Chess(fen);
  const b = new ChessJs(fen);
  const c = opsPos(fen);
  if (a.perft(depth) !== nodes || b.perft(depth) !== nodes || opsPerft(c, depth, false) !== nodes) throw new Error('perft counts differ');
  if (a.perftFull(depth) !== nodes) throw new Error('perftFull count differs');
  // chessbits' perft counts the last ply's moves without playing them; perftFull plays
  // every leaf move, the work chess.js's and chessops' perft do.
  interleaved(name, 'nodes/s', nodes, {
    'chessbits perftFull': () => a.perftFull(depth),
    'chessbits perft (bulk)': () => a.perft(depth),
    'chess.js': () => b.perft(depth),
    chessops: () => opsPerft(c, depth, false),
  }, 'chessbits perftFull');
}

// Positions of a real game file for the per-call rows.
const lichess = join(data, 'pgn/lichess/lichess_db_2025-05_1000k.pgn');
const master = join(data, 'pgn/master/twic1599_1000k.pgn');
if (!existsSync(lichess) || !existsSync(master)) {
  console.log(`NOTICE: ${lichess} or ${master} missing: the PGN rows are left out`);
  done();
  process.exit(0);
}
const games = (path) => readFileSync(path, 'latin1').split(/\r?\n\r?\n(?=\[)/).filter((g) => g.includes('1.'));
const fens = [];
{
  const g = new Chess();
  for (const text of games(lichess).slice(0, 40)) {
    g.loadPgn(text);
    for (const m of g.history({ verbose: true })) fens.push(m.before);
  }
}
const ours = fens.map((f) => new Chess(f));
const theirs = fens.map((f) => new ChessJs(f));
const opsAll = fens.map(opsPos);
interleaved(`moves() (SAN), ${fens.length} positions`, 'calls/s', fens.length, {
  chessbits: () => ours.forEach((c) => c.moves()),
  'chess.js': () => theirs.forEach((c) => c.moves()),
  chessops: () =>
    opsAll.forEach((pos) => {
      const out = [];
      for (const [from, dests] of pos.allDests()) for (const to of dests) out.push(makeSan(pos, { from, to }));
    }),
});
interleaved(`moves({verbose: true}), ${fens.length} positions`, 'calls/s', fens.length, {
  chessbits: () => ours.forEach((c) => c.moves({ verbose: true })),
  'chess.js': () => theirs.forEach((c) => c.moves({ verbose: true })),
});

for (const [label, path] of [['Lichess', lichess], ['master (TWIC)', master]]) {
  const texts = games(path).slice(0, 300);
  const bytes = texts.reduce((n, t) => n + t.length, 0);
  interleaved(`loadPgn, ${texts.length} ${label} games`, 'games/s', texts.length, {
    chessbits: () => {
      const c = new Chess();
      texts.forEach((t) => c.loadPgn(t));
    },
    'chess.js': () => {
      const c = new ChessJs();
      texts.forEach((t) => c.loadPgn(t));
    },
    chessops: () => {
      for (const game of parsePgn(texts.join('\n\n'))) {
        const pos = startingPosition(game.headers).unwrap();
        for (const node of game.moves.mainline()) {
          const m = parseSan(pos, node.san);
          if (!m) break;
          pos.play(m);
        }
      }
    },
  });
  void bytes;
}

for (const [label, path] of [['Lichess', lichess], ['master (TWIC)', master]]) {
  const bytes = readFileSync(path);
  let table;
  const times = [];
  // Unmeasured rounds first (the module's first load, V8's tier-up: see above).
  for (let r = -3; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    table = await readGames(bytes);
    if (r >= 0) times.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  const s = median(times);
  let native = '';
  const bin = process.env.CHESSBITS_BIN;
  if (bin && existsSync(bin)) {
    const ts = [];
    for (let r = 0; r < rounds; r++) {
      const t0 = process.hrtime.bigint();
      execFileSync(bin, ['pgn', 'games', path, '--threads', '1', '-o', '/tmp/chessbits-bench.arrow'], { stdio: 'ignore' });
      ts.push(Number(process.hrtime.bigint() - t0) / 1e9);
    }
    native = `; the native program (\`chessbits pgn games --threads 1 -o x.arrow\`, the whole process): ${(bytes.length / 1e6 / median(ts)).toFixed(1)}`;
  }
  console.log(`| readGames, ${label} ${(bytes.length / 1e6).toFixed(2)} MB (MB/s) | chessbits: ${(bytes.length / 1e6 / s).toFixed(1)} (${table.length} bytes of Arrow IPC)${native} |`);
}
done();
