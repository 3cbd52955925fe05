// The example page in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core; no browser download): plays moves by clicking, reads PGN into the games
// list, steps through a game, runs perft, and saves a screenshot
// (crates/wasm/js/test-results/page.png). Skips with a NOTICE where Chromium or
// playwright-core is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, mkdtemp, mkdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, extname, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..'); // crates/wasm: www/ and js/
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };

function serve() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const file = join(root, path);
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const PGN = `[Event "First"]
[White "Anderssen"]
[Black "Kieseritzky"]
[Result "1-0"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4 Qg5
9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6
16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8
22. Qf6+ Nxf6 23. Be7# 1-0

[Event "Second"]
[White "Short"]
[Black "Game"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
`;

test('the example page in headless Chromium', async (t) => {
  let playwright;
  try {
    playwright = createRequire(join(root, 'js', 'package.json'))('playwright-core');
  } catch {
    t.skip('NOTICE: playwright-core is not installed (npm ci in crates/wasm/js)');
    return;
  }
  if (!existsSync(chromium)) {
    t.skip(`NOTICE: no Chromium at ${chromium} (apt-get install chromium)`);
    return;
  }
  if (!existsSync(join(root, 'js', 'wasm', 'board', 'chessbits_bg.wasm'))) {
    t.skip('NOTICE: the WebAssembly is not built (crates/wasm/build.sh)');
    return;
  }
  const server = await serve();
  const profile = await mkdtemp(join(tmpdir(), 'chessbits-chromium-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: chromium,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1200, height: 820 },
  });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const { port } = server.address();
    await page.goto(`http://127.0.0.1:${port}/www/index.html`);
    await page.waitForFunction(() => document.getElementById('status').textContent === 'White to move', null, { timeout: 30000 });
    const text = (id) => page.locator(`#${id}`).textContent();
    const click = (sq) => page.click(`[data-square="${sq}"]`);

    // Play by clicking: a piece shows its legal moves, a destination plays.
    await click('g1');
    assert.equal(await page.locator('.dest').count(), 2);
    await click('f3');
    assert.equal(await text('status'), 'Black to move');
    await click('e7');
    await click('e5');
    await click('f3');
    await click('e5');
    assert.match(await text('fen'), /^rnbqkbnr\/pppp1ppp\/8\/4N3\/8\/8\/PPPPPPPP\/RNBQKB1R b KQkq - 0 2$/);
    assert.equal((await text('moves')).trim(), '1. Nf3 e5 2. Nxe5');
    await page.click('#undo');
    assert.equal((await text('moves')).trim(), '1. Nf3 e5');

    // Perft from the position on the board, with nodes per second.
    await page.selectOption('#depth', '4');
    await page.click('#perft');
    await page.waitForFunction(() => /nodes\/s/.test(document.getElementById('perftOut').textContent));
    const perft = await text('perftOut');
    // Depth 4 after 1. Nf3 e5 (chess.js counts the same).
    assert.match(perft, /^478,736 nodes in [\d.]+ ms: [\d.]+ M nodes\/s$/);

    // Read games from pasted PGN, list them, step through one.
    await page.fill('#pgn', PGN);
    await page.click('#load');
    await page.waitForFunction(() => /games read/.test(document.getElementById('progress').textContent));
    assert.match(await text('progress'), /^2 games read/);
    const rows = await page.locator('#games div').allTextContents();
    assert.equal(rows.length, 2);
    assert.match(rows[0], /Anderssen – Kieseritzky\s+1-0\s+\(45 plies\)/);
    await page.locator('#games div').first().click();
    await page.click('#end');
    assert.equal(await text('status'), 'Checkmate: White wins');
    await page.click('#back');
    await page.click('#back');
    // After 22. Qf6+: Black to move, in check.
    assert.equal(await text('fen'), 'r1bk2nr/p2p1pNp/n2B1Q2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 2 22');
    assert.equal(await text('status'), 'Black to move, in check');
    await page.click('#end');
    await page.locator('#games div').nth(1).click();
    await page.click('#end');
    assert.equal(await text('status'), 'Checkmate: Black wins');
    // A big file through the file input: read in pieces with a progress figure.
    const data = process.env.CHESSBITS_DATA ?? '/work/shared/data';
    const big = join(data, 'pgn/lichess/lichess_db_2025-05_1000k.pgn');
    if (existsSync(big)) {
      const seen = [];
      await page.exposeFunction('seenProgress', (t) => seen.push(t));
      await page.evaluate(() => {
        new MutationObserver(() => window.seenProgress(document.getElementById('progress').textContent))
          .observe(document.getElementById('progress'), { childList: true, characterData: true, subtree: true });
      });
      await page.evaluate(() => { document.getElementById('progress').textContent = ''; });
      await page.setInputFiles('#file', big);
      await page.waitForFunction(() => /games read/.test(document.getElementById('progress').textContent), null, { timeout: 60000 });
      // 438 games (the shared data's SOURCES.md); the list shows them all.
      assert.match(await text('progress'), /^438 games read \([\d.]+ MB\/s\)$/);
      assert.equal(await page.locator('#games div').count(), 438);
      assert.ok(seen.some((t) => /^\d+%: \d+ games, [\d.]+ of 1\.0 MB$/.test(t)), `progress figures: ${JSON.stringify(seen)}`);
    } else {
      console.log(`# NOTICE: ${big} missing: the big-file step is skipped`);
    }
    await page.locator('#games div').first().click();
    await page.click('#forward');
    await page.click('#forward');
    await page.click('#forward');
    const shots = join(root, 'js', 'test-results');
    await mkdir(shots, { recursive: true });
    await page.screenshot({ path: join(shots, 'page.png') });
    assert.deepEqual(errors, []);
    console.log(`# perft: ${perft}; screenshot: ${join(shots, 'page.png')}`);
  } finally {
    await context.close();
    server.close();
    await rm(profile, { recursive: true, force: true });
  }
});
