// The Lichess variants against chessops: on seeded random games of each, the legal moves
// (count and each one legal there), SAN, FEN after each move, the end and the result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setupPosition } from 'chessops/variant';
import { parseFen, makeFen } from 'chessops/fen';
import { parseUci } from 'chessops/util';
import { makeSan } from 'chessops/san';
import { perft } from 'chessops/debug';
import { normalizeMove } from 'chessops/chess';
import { VariantChess, VARIANTS } from '../variants.js';
import { rng } from './rng.mjs';

function chessopsPosition(variant, fen) {
  return setupPosition(variant, parseFen(fen).unwrap()).unwrap();
}

const outcomeText = (o) =>
  o === undefined ? null : o.winner === 'white' ? '1-0' : o.winner === 'black' ? '0-1' : '1/2-1/2';

for (const variant of VARIANTS) {
  test(`${variant}: random games against chessops`, () => {
    const next = rng(variant.length * 977 + variant.charCodeAt(0));
    let positions = 0;
    for (let g = 0; g < 12; g++) {
      const ours = new VariantChess(variant);
      for (let ply = 0; ply < 200; ply++) {
        const fen = ours.fen();
        const pos = chessopsPosition(variant, fen);
        // Each writes the pocket letters in its own order: compared as a set.
        const clockless = (f) => {
          if (variant !== 'crazyhouse') return f;
          const fields = f.split(' ').filter((_, i) => i !== 4);
          fields[0] = fields[0].replace(/\[(.*)\]/, (_, p) => `[${[...p].sort().join('')}]`);
          return fields.join(' ');
        };
        assert.equal(clockless(makeFen(pos.toSetup())), clockless(fen), `${variant} FEN`);
        const moves = ours.moves({ verbose: true });
        assert.equal(moves.length, perft(pos, 1, false), `${variant} move count at ${fen}`);
        for (const m of moves) {
          const move = normalizeMove(pos, parseUci(m.uci));
          assert.ok(pos.isLegal(move), `${variant}: ${m.uci} at ${fen}`);
          assert.equal(m.san, makeSan(pos, move), `${variant}: SAN of ${m.uci} at ${fen}`);
        }
        assert.equal(ours.isGameOver(), pos.isEnd(), `${variant} end at ${fen}`);
        assert.equal(ours.isCheck(), pos.isCheck(), `${variant} check at ${fen}`);
        assert.equal(ours.isVariantEnd(), pos.isVariantEnd(), `${variant} variant end at ${fen}`);
        if (ours.isGameOver()) {
          assert.equal(ours.result(), outcomeText(pos.outcome()), `${variant} result at ${fen}`);
          break;
        }
        positions++;
        const m = moves[next(moves.length)];
        const san = ours.move(next(2) ? m.san : m.uci);
        assert.equal(san, m.san);
        pos.play(normalizeMove(pos, parseUci(m.uci)));
        // A pawn drop keeps the halfmove clock in chessbits (python-chess's rule, which
        // movegen follows); chessops and Lichess reset it. The clock is left out there.
        assert.equal(clockless(ours.fen()), clockless(makeFen(pos.toSetup())), `${variant} after ${m.uci} from ${fen}`);
      }
      const history = ours.history();
      while (ours.undo() !== null);
      assert.equal(ours.fen(), new VariantChess(variant).fen());
      for (const san of history) ours.move(san);
    }
    assert.ok(positions > 200, `${variant}: ${positions} positions`);
  });
}

test('variant perft from the start against chessops', () => {
  for (const variant of VARIANTS) {
    const ours = new VariantChess(variant);
    const pos = chessopsPosition(variant, ours.fen());
    assert.equal(ours.perft(3), perft(pos, 3, false), variant);
  }
});
