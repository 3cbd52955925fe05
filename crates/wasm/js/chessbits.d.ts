// Types of the npm package `chessbits`: chess.js 1.x's API (names, options and shapes) and
// what chess.js lacks (variants, UCI, Chess960, Polyglot keys, readGames).

export declare const WHITE = 'w';
export declare const BLACK = 'b';
export declare const PAWN = 'p';
export declare const KNIGHT = 'n';
export declare const BISHOP = 'b';
export declare const ROOK = 'r';
export declare const QUEEN = 'q';
export declare const KING = 'k';
export type Color = 'w' | 'b';
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
// prettier-ignore
export type Square =
  | 'a8' | 'b8' | 'c8' | 'd8' | 'e8' | 'f8' | 'g8' | 'h8'
  | 'a7' | 'b7' | 'c7' | 'd7' | 'e7' | 'f7' | 'g7' | 'h7'
  | 'a6' | 'b6' | 'c6' | 'd6' | 'e6' | 'f6' | 'g6' | 'h6'
  | 'a5' | 'b5' | 'c5' | 'd5' | 'e5' | 'f5' | 'g5' | 'h5'
  | 'a4' | 'b4' | 'c4' | 'd4' | 'e4' | 'f4' | 'g4' | 'h4'
  | 'a3' | 'b3' | 'c3' | 'd3' | 'e3' | 'f3' | 'g3' | 'h3'
  | 'a2' | 'b2' | 'c2' | 'd2' | 'e2' | 'f2' | 'g2' | 'h2'
  | 'a1' | 'b1' | 'c1' | 'd1' | 'e1' | 'f1' | 'g1' | 'h1';
export declare const DEFAULT_POSITION = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export declare const SQUARES: Square[];
export declare const SEVEN_TAG_ROSTER: Record<string, string>;
export type Piece = { color: Color; type: PieceSymbol };

export declare class Move {
  color: Color;
  from: Square;
  to: Square;
  piece: PieceSymbol;
  captured?: PieceSymbol;
  promotion?: PieceSymbol;
  /** chess.js's flag letters: n, c, b, e, p, k, q. */
  flags: string;
  san: string;
  lan: string;
  before: string;
  after: string;
  isCapture(): boolean;
  isPromotion(): boolean;
  isEnPassant(): boolean;
  isKingsideCastle(): boolean;
  isQueensideCastle(): boolean;
  isBigPawn(): boolean;
}

export declare function validateFen(fen: string): { ok: boolean; error?: string };

export declare class Chess {
  constructor(fen?: string, options?: { skipValidation?: boolean; chess960?: boolean });
  clear(options?: { preserveHeaders?: boolean }): void;
  load(fen: string, options?: { skipValidation?: boolean; preserveHeaders?: boolean }): void;
  fen(options?: { forceEnpassantSquare?: boolean }): string;
  reset(): void;
  get(square: Square): Piece | undefined;
  findPiece(piece: Piece): Square[];
  put(piece: { type: PieceSymbol; color: Color }, square: Square): boolean;
  remove(square: Square): Piece | undefined;
  attackers(square: Square, attackedBy?: Color): Square[];
  isAttacked(square: Square, attackedBy: Color): boolean;
  /** The Polyglot Zobrist key (16 hexadecimal digits); chess.js's hash() is its own key. */
  hash(): string;
  /** The Polyglot Zobrist key (16 hexadecimal digits). */
  polyglotKey(): string;
  isCheck(): boolean;
  inCheck(): boolean;
  isCheckmate(): boolean;
  isStalemate(): boolean;
  isInsufficientMaterial(): boolean;
  isThreefoldRepetition(): boolean;
  isDrawByFiftyMoves(): boolean;
  isDraw(): boolean;
  isGameOver(): boolean;
  moves(): string[];
  moves(options: { verbose: true; square?: Square | string; piece?: PieceSymbol }): Move[];
  moves(options: { verbose?: false; square?: Square | string; piece?: PieceSymbol }): string[];
  moves(options: { verbose?: boolean; square?: Square | string; piece?: PieceSymbol }): string[] | Move[];
  /** The legal moves in UCI (Chess960 castling as king takes rook). */
  movesUci(options?: { square?: Square | string }): string[];
  move(
    move: string | { from: string; to: string; promotion?: string } | null,
    options?: { strict?: boolean },
  ): Move;
  /** Plays a move in UCI. */
  moveUci(uci: string): Move;
  undo(): Move | null;
  pgn(options?: { newline?: string; maxWidth?: number }): string;
  /** @deprecated chess.js's: use setHeader and getHeaders. */
  header(...args: string[]): Record<string, string | null>;
  setHeader(key: string, value: string): Record<string, string>;
  removeHeader(key: string): boolean;
  getHeaders(): Record<string, string>;
  loadPgn(pgn: string, options?: { strict?: boolean; newlineChar?: string }): void;
  ascii(): string;
  perft(depth: number): number;
  /** perft with every leaf move played (the work chess.js's perft does). */
  perftFull(depth: number): number;
  setTurn(color: Color): boolean;
  turn(): Color;
  board(): ({ square: Square; type: PieceSymbol; color: Color } | null)[][];
  squareColor(square: Square): 'light' | 'dark' | null;
  history(): string[];
  history(options: { verbose: true }): Move[];
  history(options: { verbose: false }): string[];
  history(options: { verbose: boolean }): string[] | Move[];
  getComment(): string | undefined;
  setComment(comment: string): void;
  /** @deprecated chess.js's name: removeComment. */
  deleteComment(): string | undefined;
  removeComment(): string | undefined;
  getComments(): { fen: string; comment: string }[];
  /** @deprecated chess.js's name: removeComments. */
  deleteComments(): { fen: string; comment: string }[];
  removeComments(): { fen: string; comment: string }[];
  setCastlingRights(color: Color, rights: Partial<Record<'k' | 'q', boolean>>): boolean;
  getCastlingRights(color: Color): { k: boolean; q: boolean };
  moveNumber(): number;
  /** Whether castling follows Chess960's rules. */
  isChess960(): boolean;
}

export interface ReadGamesOptions {
  /** A row per game (default) or per mainline move. */
  table?: 'games' | 'moves';
  /** chessbits' columns (default) or the Lichess dataset's (games only). */
  schema?: 'default' | 'lichess';
  /** The former name of `schema`. */
  layout?: 'default' | 'lichess';
  /** Tags equal to values: `NAME=VALUE`, a list of them, or an object. */
  tag?: string | string[] | Record<string, string>;
  /** Tags containing values, ignoring case. */
  tagContains?: string | string[] | Record<string, string>;
  /** Tags in ranges: `NAME=LO..HI` (numbers, dates or time controls). */
  tagRange?: string | string[] | Record<string, string>;
  /** Both players' ratings in a range, `LO..HI` (either end may be left out). */
  elo?: string;
  /** Results to keep (`1-0`, `0-1`, `1/2-1/2`, `*`). */
  result?: string | string[];
  minPlies?: number;
  maxPlies?: number;
  /** Positions (FEN), one of which the mainline must reach. */
  fen?: string | string[];
  limit?: number;
  /** Keep each game with this probability (0 to 1), drawn with `seed`. */
  sample?: number;
  seed?: number;
  dedup?: boolean;
  strict?: boolean;
  /** The encoding of tag text that is not UTF-8 (a WHATWG label; default windows-1252). */
  encoding?: string;
  /** The `file` column's value. */
  file?: string;
  /**
   * An input damaged part way (a stream that fails: a network error, a truncated gzip stream
   * through DecompressionStream): keep the games before the damage and warn (default), or throw.
   */
  onDamage?: 'warn' | 'raise';
  /** Called after each piece of the input with the bytes and games read so far. */
  onProgress?: (progress: { bytes: number; games: number }) => void;
}

/**
 * The games or moves table of PGN as an Arrow IPC file (apache-arrow's tableFromIPC reads
 * it). A stream is read a piece at a time (about a megabyte and a game held at once).
 */
export declare function readGames(
  pgn: Uint8Array | ArrayBuffer | string | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>,
  options?: ReadGamesOptions,
): Promise<Uint8Array>;

/**
 * The Arrow IPC file of `readGames` as it is written: pieces whose concatenation is the
 * file, each given once the games of the next megabyte of input are read.
 */
export declare function readGamesStream(
  pgn: Uint8Array | ArrayBuffer | string | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>,
  options?: ReadGamesOptions,
): AsyncGenerator<Uint8Array, void, undefined>;
