// The package through a bundler: esbuild (an npm dev dependency) bundles a tiny entry that
// imports `chessbits` and `chessbits/variants` as a user's project does, and Node runs the
// bundle. esbuild leaves `new URL('./wasm/...', import.meta.url)` as it is (webpack 5 and
// Vite copy such files as assets by themselves), so the modules' .wasm files go next to the
// bundle as the README says: `wasm/board`, `wasm/variants`, `wasm/tables`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync, cpSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');

const ENTRY = `
import { Chess, readGames } from 'chessbits';
import { VariantChess } from 'chessbits/variants';
const chess = new Chess();
chess.move('e4');
const atomic = new VariantChess('atomic');
const ipc = await readGames('[Event "x"]\\n\\n1. e4 e5 1-0\\n');
console.log(JSON.stringify({ fen: chess.fen(), moves: atomic.moves().length, ipc: ipc.length }));
`;

test('esbuild bundles chessbits; the bundle runs with the .wasm files beside it', async (t) => {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    t.skip('NOTICE: esbuild is not installed (npm ci in crates/wasm/js)');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'chessbits-bundle-'));
  try {
    // A project with the package installed (a link to this directory).
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(pkg, join(dir, 'node_modules', 'chessbits'), 'dir');
    writeFileSync(join(dir, 'entry.js'), ENTRY);
    const out = join(dir, 'dist');
    await esbuild.build({
      entryPoints: [join(dir, 'entry.js')],
      absWorkingDir: dir,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outfile: join(out, 'app.mjs'),
      logLevel: 'silent',
    });
    // Without the .wasm files the bundle fails, naming the file it looked for.
    assert.throws(
      () => execFileSync(process.execPath, [join(out, 'app.mjs')], { stdio: 'pipe' }),
      (e) => /wasm[\\/]board[\\/]chessbits_bg\.wasm/.test(String(e.stderr)),
    );
    // With them beside the bundle, it runs.
    for (const m of ['board', 'variants', 'tables']) {
      mkdirSync(join(out, 'wasm', m), { recursive: true });
      cpSync(join(pkg, 'wasm', m, 'chessbits_bg.wasm'), join(out, 'wasm', m, 'chessbits_bg.wasm'));
    }
    const got = JSON.parse(execFileSync(process.execPath, [join(out, 'app.mjs')], { encoding: 'utf8' }));
    assert.equal(got.fen, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    assert.equal(got.moves, 20);
    assert.ok(got.ipc > 100, `${got.ipc} bytes of Arrow IPC`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
