// Types of `chessbits/variants` (variants.js).

import type { Color } from './chessbits.js';

/** chessops' names of the Lichess variants (and `chess`). */
export type VariantName =
  | 'chess'
  | 'atomic'
  | 'antichess'
  | 'crazyhouse'
  | 'kingofthehill'
  | '3check'
  | 'horde'
  | 'racingkings';
export declare const VARIANTS: VariantName[];

/** A game of a Lichess variant. */
export declare class VariantChess {
  constructor(variant: VariantName, fen?: string);
  variant(): VariantName;
  fen(): string;
  turn(): Color;
  moves(): string[];
  moves(options: { verbose: true }): { uci: string; san: string }[];
  moves(options: { verbose?: false }): string[];
  /** Plays SAN or UCI; returns the SAN. */
  move(move: string): string;
  undo(): string | null;
  history(): string[];
  isCheck(): boolean;
  isGameOver(): boolean;
  isVariantEnd(): boolean;
  result(): '1-0' | '0-1' | '1/2-1/2' | null;
  perft(depth: number): number;
}
