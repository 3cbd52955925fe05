// chessbits for JavaScript: the Lichess variants (`import { VariantChess } from
// 'chessbits/variants'`), over their own WebAssembly module (wasm/variants), so that the
// standard board's module (`chessbits`) carries no variant rules. Every rule, SAN and FEN
// is chessbits-movegen's (VariantPosition).

import initVariants, * as wasm from './wasm/variants/chessbits.js';
import { wasmSource } from './wasm-source.js';

await initVariants({
  module_or_path: await wasmSource(new URL('./wasm/variants/chessbits_bg.wasm', import.meta.url)),
});

function splitWords(text) {
  return text === '' ? [] : text.split(' ');
}

/** The Lichess variants, with chessops' names. */
export const VARIANTS = [
  'chess',
  'atomic',
  'antichess',
  'crazyhouse',
  'kingofthehill',
  '3check',
  'horde',
  'racingkings',
];

/** A game of a Lichess variant (chessops' names): moves in SAN and UCI, FEN, results. */
export class VariantChess {
  _game;

  constructor(variant, fen) {
    this._game = new wasm.VariantGame(variant, fen ?? undefined);
  }
  variant() {
    return this._game.variant();
  }
  fen() {
    return this._game.fen();
  }
  turn() {
    return this._game.turn();
  }
  /** The legal moves: SAN, or with `verbose` `{uci, san}` objects. */
  moves({ verbose = false } = {}) {
    const text = this._game.moves();
    if (text === '') return [];
    return text.split('\n').map((line) => {
      const space = line.indexOf(' ');
      return verbose
        ? { uci: line.slice(0, space), san: line.slice(space + 1) }
        : line.slice(space + 1);
    });
  }
  /** Plays SAN or UCI; returns the SAN; throws `Invalid move: ...`. */
  move(text) {
    return this._game.move(String(text));
  }
  undo() {
    return this._game.undo() ?? null;
  }
  history() {
    return splitWords(this._game.history());
  }
  isCheck() {
    return this._game.isCheck();
  }
  isGameOver() {
    return this._game.isGameOver();
  }
  isVariantEnd() {
    return this._game.isVariantEnd();
  }
  /** `1-0`, `0-1`, `1/2-1/2`, or null while the game goes on. */
  result() {
    return this._game.result() ?? null;
  }
  perft(depth) {
    return this._game.perft(depth);
  }
}

