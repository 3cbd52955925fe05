// The example page: a board drawn from chessbits' position, legal moves on a click, games
// read into an Arrow table by readGames (listed with apache-arrow), perft with nodes/second.
import { Chess, readGamesStream, SQUARES } from '../js/chessbits.js';

const GLYPH = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const $ = (id) => document.getElementById(id);

let game = new Chess();
// The line being shown: SAN moves from `root`, and how many of them are played on `game`.
let root = game.fen();
let line = [];
let shown = 0;
let selected = null;

function squareEl(sq) {
  return document.querySelector(`[data-square="${sq}"]`);
}

function drawBoard() {
  const board = $('board');
  if (board.children.length === 0) {
    for (const [i, sq] of SQUARES.entries()) {
      const el = document.createElement('div');
      el.dataset.square = sq;
      el.className = 'sq ' + (((i >> 3) + (i & 7)) % 2 === 0 ? 'light' : 'dark');
      el.addEventListener('click', () => clickSquare(sq));
      board.appendChild(el);
    }
  }
  const last = game.history({ verbose: true }).at(-1);
  const rows = game.board();
  SQUARES.forEach((sq, i) => {
    const cell = rows[i >> 3][i & 7];
    const el = squareEl(sq);
    el.textContent = cell ? GLYPH[cell.color === 'w' ? cell.type.toUpperCase() : cell.type] : '';
    el.title = sq;
    el.classList.remove('sel', 'dest', 'last');
    if (last && (sq === last.from || sq === last.to)) el.classList.add('last');
  });
  let status = `${game.turn() === 'w' ? 'White' : 'Black'} to move`;
  if (game.isCheckmate()) status = `Checkmate: ${game.turn() === 'w' ? 'Black' : 'White'} wins`;
  else if (game.isStalemate()) status = 'Stalemate';
  else if (game.isDraw()) status = 'Draw';
  else if (game.inCheck()) status += ', in check';
  $('status').textContent = status;
  $('fen').textContent = game.fen();
  drawMoves();
}

function drawMoves() {
  const el = $('moves');
  el.textContent = '';
  const turn = root.split(' ')[1];
  let number = parseInt(root.split(' ')[5], 10);
  line.forEach((san, i) => {
    const white = (i % 2 === 0) === (turn === 'w');
    if (white || i === 0) el.append(`${number}.${white ? '' : '..'} `);
    const span = document.createElement('span');
    span.textContent = san;
    if (i === shown - 1) span.className = 'cur';
    span.addEventListener('click', () => goTo(i + 1));
    el.append(span, ' ');
    if (!white) number++;
  });
}

function goTo(ply) {
  ply = Math.max(0, Math.min(line.length, ply));
  while (shown > ply) {
    game.undo();
    shown--;
  }
  while (shown < ply) {
    game.move(line[shown]);
    shown++;
  }
  selected = null;
  drawBoard();
}

function clickSquare(sq) {
  if (selected) {
    const m = game.moves({ square: selected, verbose: true }).find((x) => x.to === sq);
    if (m) {
      game.move({ from: m.from, to: m.to, promotion: m.promotion ? 'q' : undefined });
      line = line.slice(0, shown);
      line.push(game.history().at(-1));
      shown++;
      selected = null;
      drawBoard();
      return;
    }
  }
  const piece = game.get(sq);
  drawBoard();
  if (piece && piece.color === game.turn()) {
    selected = sq;
    squareEl(sq).classList.add('sel');
    for (const m of game.moves({ square: sq, verbose: true })) squareEl(m.to).classList.add('dest');
  } else {
    selected = null;
  }
}

function newGame(fen) {
  game = new Chess(fen);
  root = game.fen();
  line = [];
  shown = 0;
  selected = null;
  drawBoard();
}

// Reads PGN into an Arrow table with readGamesStream: the library reads a megabyte at a
// time (cut between games by the PGN crate's rule), so the page shows how far it got.
async function readAll(bytes) {
  const parts = [];
  let seen = { bytes: 0, games: 0 };
  const t0 = performance.now();
  const mb = (n) => (n / 1e6).toFixed(1);
  for await (const part of readGamesStream(bytes, { onProgress: (p) => (seen = p) })) {
    parts.push(part);
    $('progress').textContent = `${Math.round((100 * seen.bytes) / bytes.length)}%: ${seen.games} games, ${mb(seen.bytes)} of ${mb(bytes.length)} MB`;
    await new Promise((r) => setTimeout(r, 0));
  }
  const secs = (performance.now() - t0) / 1000;
  const table = Arrow.tableFromIPC(parts);
  $('progress').textContent = `${table.numRows} games read (${(bytes.length / 1e6 / secs).toFixed(1)} MB/s)`;
  return [table];
}

async function loadGames(bytes) {
  $('progress').textContent = 'reading…';
  $('games').textContent = '';
  let tables;
  try {
    tables = await readAll(bytes);
  } catch (e) {
    $('progress').textContent = `error: ${e.message}`;
    return;
  }
  let n = 0;
  for (const t of tables) {
    const white = t.getChild('white');
    const black = t.getChild('black');
    const result = t.getChild('result');
    const san = t.getChild('moves_san');
    const tags = t.getChild('tags');
    for (let i = 0; i < t.numRows && n < 1000; i++, n++) {
      const row = document.createElement('div');
      const plies = san.get(i)?.length ?? 0;
      row.textContent = `${n + 1}. ${white.get(i) ?? '?'} – ${black.get(i) ?? '?'}  ${result.get(i) ?? '*'}  (${plies} plies)`;
      const moves = [...(san.get(i) ?? [])];
      let start = null;
      for (const kv of tags.get(i) ?? []) if (kv.key === 'FEN') start = kv.value;
      row.addEventListener('click', () => {
        document.querySelectorAll('#games div.on').forEach((d) => d.classList.remove('on'));
        row.classList.add('on');
        newGame(start ?? undefined);
        line = moves;
        drawBoard();
      });
      $('games').appendChild(row);
    }
  }
}

$('load').addEventListener('click', () => loadGames(new TextEncoder().encode($('pgn').value)));
$('file').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  if (file) loadGames(new Uint8Array(await file.arrayBuffer()));
});
$('start').addEventListener('click', () => goTo(0));
$('back').addEventListener('click', () => goTo(shown - 1));
$('forward').addEventListener('click', () => goTo(shown + 1));
$('end').addEventListener('click', () => goTo(line.length));
$('undo').addEventListener('click', () => {
  if (shown > 0) {
    goTo(shown - 1);
    line = line.slice(0, shown);
    drawMoves();
  }
});
$('reset').addEventListener('click', () => newGame());
$('perft').addEventListener('click', () => {
  const depth = parseInt($('depth').value, 10);
  $('perftOut').textContent = 'counting…';
  setTimeout(() => {
    const t0 = performance.now();
    const nodes = game.perft(depth);
    const secs = (performance.now() - t0) / 1000;
    $('perftOut').textContent = `${nodes.toLocaleString('en')} nodes in ${(secs * 1000).toFixed(1)} ms: ${(nodes / secs / 1e6).toFixed(1)} M nodes/s`;
  }, 0);
});

drawBoard();
