// Size and speed of the board's module per sliding-attack method (methods.sh builds them):
//   node methods.mjs NAME=DIR... ; each DIR holds wasm-bindgen's chessbits.js and .wasm.
// Interleaved: each round runs every method once on the same work; the figure is the
// median of 7 rounds (after one unmeasured).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const rounds = 7;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const subjects = [];
for (const arg of process.argv.slice(2)) {
  const [name, dir] = arg.split('=');
  const bytes = readFileSync(join(dir, 'chessbits_bg.wasm'));
  const mod = await import(pathToFileURL(join(dir, 'chessbits.js')).href);
  await mod.default({ module_or_path: bytes });
  subjects.push({ name, mod, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length });
}

// Positions for moves(): a random walk from the start, the same for every method.
const positions = [];
{
  const { Game } = subjects[0].mod;
  let seed = 7;
  const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  let g = new Game(undefined, false);
  let plies = 0;
  while (positions.length < 500) {
    const moves = g.movesSan(undefined, undefined).split(' ').filter(Boolean);
    if (moves.length === 0 || plies++ === 120) {
      g = new Game(undefined, false);
      plies = 0;
      continue;
    }
    positions.push(g.fen());
    g.playSan(moves[rand(moves.length)], false);
  }
}

const work = [
  ['perftFull start 5 (M nodes/s)', (m) => new m.Game(START, false).perftFull(5), 1e6],
  ['perftFull Kiwipete 4 (M nodes/s)', (m) => new m.Game(KIWIPETE, false).perftFull(4), 1e6],
  ['perft (bulk) start 6 (M nodes/s)', (m) => new m.Game(START, false).perft(6), 1e6],
  [
    'moves() SAN, 500 positions x 10 (k calls/s)',
    (m) => {
      const games = positions.map((f) => new m.Game(f, false));
      const t0 = process.hrtime.bigint();
      for (let k = 0; k < 10; k++) for (const g of games) g.movesSan(undefined, undefined);
      return { n: 10 * games.length, t: Number(process.hrtime.bigint() - t0) / 1e9 };
    },
    1e3,
  ],
];
const rates = subjects.map(() => work.map(() => []));
// A round unmeasured first: V8 compiles WebAssembly with its baseline compiler and tiers
// the hot functions up in the background.
for (let r = -1; r < rounds; r++) {
  for (const [i, s] of subjects.entries()) {
    for (const [j, [, f]] of work.entries()) {
      const t0 = process.hrtime.bigint();
      const out = f(s.mod);
      const t = Number(process.hrtime.bigint() - t0) / 1e9;
      if (r >= 0) rates[i][j].push(typeof out === 'object' ? out.n / out.t : out / t);
    }
  }
}
console.log(`Node ${process.version}; ${rounds} interleaved rounds, medians.\n`);
console.log(`| method | .wasm | gzip -9 | ${work.map(([n]) => n).join(' | ')} |`);
console.log(`| --- | ---: | ---: | ${work.map(() => '---:').join(' | ')} |`);
for (const [i, s] of subjects.entries()) {
  const cells = work.map(([, , unit], j) => (median(rates[i][j]) / unit).toFixed(1));
  console.log(`| ${s.name} | ${s.raw.toLocaleString('en')} | ${s.gz.toLocaleString('en')} | ${cells.join(' | ')} |`);
}
