// What chess.js lacks: Polyglot keys (the format's published values), UCI, and Chess960
// (the Ethereal perft suite's counts, and every move legal in chessops).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { Chess as OpsChess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { parseUci } from 'chessops/util';
import { perft as opsPerft } from 'chessops/debug';
import { Chess } from '../chessbits.js';

test('Polyglot keys: the published values', () => {
  // From the Polyglot book format's specification.
  const expect = [
    [[], '463b96181691fc9c'],
    [['e4'], '823c9b50fd114196'],
    [['e4', 'd5'], '0756b94461c50fb0'],
    [['e4', 'd5', 'e5'], '662fafb965db29d4'],
    [['e4', 'd5', 'e5', 'f5'], '22a48b5a8e47ff78'],
    [['e4', 'd5', 'e5', 'f5', 'Ke2'], '652a607ca3f242c1'],
    [['e4', 'd5', 'e5', 'f5', 'Ke2', 'Kf7'], '00fdd303c946bdd9'],
    [['a4', 'b5', 'h4', 'b4', 'c4'], '3c8123ea7b067637'],
    [['a4', 'b5', 'h4', 'b4', 'c4', 'bxc3', 'Ra3'], '5c3f9b829b279560'],
  ];
  for (const [moves, key] of expect) {
    const c = new Chess();
    for (const m of moves) c.move(m);
    assert.equal(c.polyglotKey(), key, moves.join(' '));
    assert.equal(c.hash(), key);
  }
});

test('UCI: movesUci and moveUci', () => {
  const c = new Chess();
  assert.equal(c.movesUci().length, 20);
  assert.ok(c.movesUci().includes('e2e4'));
  const m = c.moveUci('e2e4');
  assert.equal(m.san, 'e4');
  assert.throws(() => c.moveUci('e2e4'), /^Error: Invalid move/);
  const p = new Chess('8/P7/8/8/8/8/8/k6K w - - 0 1');
  assert.equal(p.moveUci('a7a8n').san, 'a8=N');
  const castle = new Chess('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  assert.equal(castle.moveUci('e1g1').san, 'O-O');
});

test('Chess960: the Ethereal suite, moves legal in chessops, castling', (t) => {
  const data = process.env.CHESSBITS_DATA ?? '/work/shared/data';
  const path = `${data}/perft/ethereal_fischer960.epd`;
  if (!existsSync(path)) {
    t.skip(`NOTICE: ${path} missing`);
    return;
  }
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.includes(';D1'));
  for (const line of lines.slice(0, 60)) {
    const [fen, ...depths] = line.split(';').map((s) => s.trim());
    const c = new Chess(fen, { chess960: true });
    assert.ok(c.isChess960(), fen);
    for (const d of depths.slice(0, 3)) {
      const [name, nodes] = d.split(' ');
      assert.equal(c.perft(parseInt(name.slice(1), 10)), parseInt(nodes, 10), `${fen} ${d}`);
    }
    const pos = OpsChess.fromSetup(parseFen(fen).unwrap()).unwrap();
    const uci = c.movesUci();
    assert.equal(uci.length, opsPerft(pos, 1, false), fen);
    for (const u of uci) assert.ok(pos.isLegal(parseUci(u)), `${u} in ${fen}`);
    // Castling: UCI as king takes rook; SAN O-O / O-O-O; from/to the king's squares.
    for (const m of c.moves({ verbose: true }).filter((m) => m.isKingsideCastle() || m.isQueensideCastle())) {
      assert.match(m.san, /^O-O(-O)?[+#]?$/);
      assert.equal(m.to[0], m.isKingsideCastle() ? 'g' : 'c');
    }
    for (const u of uci.slice(0, 5)) {
      c.moveUci(u);
      assert.equal(c.fen().split(' ')[1], 'b');
      c.undo();
    }
  }
});
