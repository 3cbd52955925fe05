// chessbits for JavaScript: chess.js 1.x's API over the chessbits WebAssembly build.
//
// Every rule, SAN, FEN and PGN reading comes from the Rust crates (wasm/board); this file
// gives the results chess.js's shapes (Move objects, headers and comments kept as chess.js
// keeps them) and adds what chess.js lacks: UCI, Chess960, Polyglot keys and readGames
// (PGN to an Arrow IPC table, games.js over wasm/tables, loaded on first use). The Lichess variants are
// `chessbits/variants` (variants.js, wasm/variants), a module of their own so that a page
// with the standard board does not download them.

import initBoard, * as wasm from './wasm/board/chessbits.js';
import { wasmSource } from './wasm-source.js';

await initBoard({
  module_or_path: await wasmSource(new URL('./wasm/board/chessbits_bg.wasm', import.meta.url)),
});

export const WHITE = 'w';
export const BLACK = 'b';
export const PAWN = 'p';
export const KNIGHT = 'n';
export const BISHOP = 'b';
export const ROOK = 'r';
export const QUEEN = 'q';
export const KING = 'k';
export const DEFAULT_POSITION = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// prettier-ignore
export const SQUARES = [
  'a8', 'b8', 'c8', 'd8', 'e8', 'f8', 'g8', 'h8',
  'a7', 'b7', 'c7', 'd7', 'e7', 'f7', 'g7', 'h7',
  'a6', 'b6', 'c6', 'd6', 'e6', 'f6', 'g6', 'h6',
  'a5', 'b5', 'c5', 'd5', 'e5', 'f5', 'g5', 'h5',
  'a4', 'b4', 'c4', 'd4', 'e4', 'f4', 'g4', 'h4',
  'a3', 'b3', 'c3', 'd3', 'e3', 'f3', 'g3', 'h3',
  'a2', 'b2', 'c2', 'd2', 'e2', 'f2', 'g2', 'h2',
  'a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1',
];
export const SEVEN_TAG_ROSTER = {
  Event: '?',
  Site: '?',
  Date: '????.??.??',
  Round: '?',
  White: '?',
  Black: '?',
  Result: '*',
};
const SUPPLEMENTAL_TAGS = Object.fromEntries(
  (
    'WhiteTitle BlackTitle WhiteElo BlackElo WhiteUSCF BlackUSCF WhiteNA BlackNA WhiteType ' +
    'BlackType EventDate EventSponsor Section Stage Board Opening Variation SubVariation ECO NIC ' +
    'Time UTCTime UTCDate TimeControl SetUp FEN Termination Annotator Mode PlyCount'
  )
    .split(' ')
    .map((k) => [k, null]),
);
const HEADER_TEMPLATE = { ...SEVEN_TAG_ROSTER, ...SUPPLEMENTAL_TAGS };

/** A move as chess.js describes it. */
export class Move {
  color;
  from;
  to;
  piece;
  captured;
  promotion;
  /** chess.js's flag letters: n, c, b, e, p, k, q (and - for a null move). */
  flags;
  san;
  lan;
  before;
  after;

  isCapture() {
    return this.flags.indexOf('c') > -1;
  }
  isPromotion() {
    return this.flags.indexOf('p') > -1;
  }
  isEnPassant() {
    return this.flags.indexOf('e') > -1;
  }
  isKingsideCastle() {
    return this.flags.indexOf('k') > -1;
  }
  isQueensideCastle() {
    return this.flags.indexOf('q') > -1;
  }
  isBigPawn() {
    return this.flags.indexOf('b') > -1;
  }
}

/** The Move of one line of the wasm side's `|`-separated fields. */
function toMove(line, before) {
  const f = line.split('|');
  const m = new Move();
  m.color = f[0];
  m.from = f[1];
  m.to = f[2];
  m.piece = f[3];
  // chess.js's Move has both fields as own properties, undefined when they do not apply.
  if (f[4]) m.captured = f[4];
  if (f[5]) m.promotion = f[5];
  m.flags = f[6];
  m.san = f[7];
  m.lan = f[8];
  m.before = before;
  m.after = f[9];
  return m;
}

function toMoves(text, before) {
  if (text === '') return [];
  return text.split('\n').map((line) => toMove(line, before));
}

function splitWords(text) {
  return text === '' ? [] : text.split(' ');
}

/**
 * Whether chess.js 1.x takes `fen`, by its rules, as `{ ok: true }` or `{ ok: false, error }`
 * with its reasons (each starts `Invalid FEN:`): six fields, the counters, the rows, one
 * king a side, no pawn on the first or last rank. Whether the side not to move is in check
 * is not asked, as chess.js does not ask.
 */
export function validateFen(fen) {
  if (typeof fen !== 'string') return { ok: false, error: 'Invalid FEN: not a string' };
  const error = wasm.validateFenText(fen);
  return error === '' ? { ok: true } : { ok: false, error };
}

function message(e) {
  return e instanceof Error ? e.message : String(e);
}

/** chess.js 1.x's `Chess`, on chessbits. */
export class Chess {
  _game;
  _chess960;
  _header = {};
  _comments = {};

  /**
   * @param {string} [fen] the position (the standard start without one)
   * @param {{skipValidation?: boolean, chess960?: boolean}} [options]
   */
  constructor(fen = DEFAULT_POSITION, { skipValidation = false, chess960 = false } = {}) {
    this._chess960 = Boolean(chess960);
    this._game = new wasm.Game(undefined, this._chess960);
    this.load(fen, { skipValidation });
  }

  clear({ preserveHeaders = false } = {}) {
    this._game.clear();
    this._comments = {};
    this._header = preserveHeaders ? this._header : { ...HEADER_TEMPLATE };
    this._header['SetUp'] = null;
    this._header['FEN'] = null;
  }

  load(fen, { skipValidation = false, preserveHeaders = false } = {}) {
    if (typeof fen !== 'string') throw new Error('Invalid FEN: not a string');
    const chess960 = this._chess960;
    // chess.js completes a FEN of two to five fields, then checks it by validateFen's rules
    // (not a Chess960 FEN: its castling letters are no chess.js's).
    fen = wasm.completeFen(fen);
    // chess.js records the FEN as given (completed) in the SetUp/FEN headers.
    const given = fen;
    if (!chess960) {
      if (!skipValidation) {
        const error = wasm.validateFenText(fen);
        if (error !== '') throw new Error(error);
      }
      // Its counters as parseInt reads them, its castling field as the letters it holds.
      fen = wasm.readChessJsFen(fen);
    }
    let next;
    try {
      next = new wasm.Game(fen, chess960);
    } catch (e) {
      // A FEN chess.js takes may be no legal position (the side not to move in check, a
      // seventeenth piece): it is played as chess.js plays any board.
      if (!skipValidation && chess960) throw new Error(message(e));
      next = new wasm.Game(undefined, chess960);
      next.loadUnchecked(fen); // throws for text that is not FEN at all
    }
    this._game.free();
    this._game = next;
    this._comments = {};
    this._header = preserveHeaders ? this._header : { ...HEADER_TEMPLATE };
    this._updateSetup(given);
  }

  _updateSetup(fen = this._game.fen(false)) {
    if (this._game.plies() > 0) return;
    if (fen !== DEFAULT_POSITION) {
      this._header['SetUp'] = '1';
      this._header['FEN'] = fen;
    } else {
      this._header['SetUp'] = null;
      this._header['FEN'] = null;
    }
  }

  reset() {
    this.load(DEFAULT_POSITION);
  }

  /** The FEN (the en-passant square only where a legal capture exists, unless forced). */
  fen({ forceEnpassantSquare = false } = {}) {
    return this._game.fen(forceEnpassantSquare);
  }

  get(square) {
    const i = SQUARES.indexOf(square);
    if (i < 0) return undefined;
    const c = this._game.placement()[i];
    if (c === '.') return undefined;
    return { type: c.toLowerCase(), color: c < 'a' ? WHITE : BLACK };
  }

  findPiece(piece) {
    return splitWords(this._game.findPiece(piece.color, piece.type));
  }

  put({ type, color }, square) {
    if (typeof type !== 'string' || typeof color !== 'string' || typeof square !== 'string')
      return false;
    // chess.js keeps the SetUp and FEN headers of a game with moves played.
    const played = this._game.plies() > 0;
    if (!this._game.put(color, type.toLowerCase(), square)) return false;
    if (!played) this._updateSetup();
    return true;
  }

  remove(square) {
    if (typeof square !== 'string') return undefined;
    const played = this._game.plies() > 0;
    const letter = this._game.remove(square);
    if (!played) this._updateSetup();
    if (letter === undefined) return undefined;
    return { type: letter.toLowerCase(), color: letter < 'a' ? WHITE : BLACK };
  }

  attackers(square, attackedBy) {
    return splitWords(this._game.attackers(square, attackedBy ?? undefined));
  }

  isAttacked(square, attackedBy) {
    return this._game.attackers(square, attackedBy) !== '';
  }

  /** The Polyglot Zobrist key as 16 hexadecimal digits (chess.js's `hash()` is its own key). */
  hash() {
    return this._game.polyglotKey();
  }

  /** The Polyglot Zobrist key as 16 hexadecimal digits. */
  polyglotKey() {
    return this._game.polyglotKey();
  }

  isCheck() {
    return this._game.isCheck();
  }
  inCheck() {
    return this._game.isCheck();
  }
  isCheckmate() {
    return this._game.isCheckmate();
  }
  isStalemate() {
    return this._game.isStalemate();
  }
  isInsufficientMaterial() {
    return this._game.isInsufficientMaterial();
  }
  isThreefoldRepetition() {
    return this._game.isThreefoldRepetition();
  }
  isDrawByFiftyMoves() {
    return this._game.isDrawByFiftyMoves();
  }
  isDraw() {
    return (
      this.isDrawByFiftyMoves() ||
      this.isStalemate() ||
      this.isInsufficientMaterial() ||
      this.isThreefoldRepetition()
    );
  }
  isGameOver() {
    return this.isCheckmate() || this.isDraw();
  }

  /** The legal moves: SAN, or Move objects with `verbose`; only from `square` or of `piece`. */
  moves({ verbose = false, square = undefined, piece = undefined } = {}) {
    if (verbose) {
      return toMoves(this._game.movesVerbose(square, piece), this._game.fen(false));
    }
    return splitWords(this._game.movesSan(square, piece));
  }

  /** The legal moves in UCI (castling as king takes rook in Chess960). */
  movesUci({ square = undefined } = {}) {
    return splitWords(this._game.movesUci(square));
  }

  /**
   * Plays a move: SAN (`Nf3`; unless `strict` also `0-0`, `Ng1f3`, `e2e4`...), `null` for a
   * null move, or `{from, to, promotion}`. Returns its Move; throws `Invalid move: ...`.
   */
  move(move, { strict = false } = {}) {
    const before = this._game.fen(false);
    let line;
    if (typeof move === 'string') {
      line = this._play(() => this._game.playSan(move, strict), move);
    } else if (move === null) {
      line = this._play(() => this._game.playSan('--', strict), 'null');
    } else if (typeof move === 'object') {
      const promotion = typeof move.promotion === 'string' ? move.promotion : undefined;
      line = this._play(
        () => this._game.playFromTo(String(move.from), String(move.to), promotion),
        JSON.stringify(move),
      );
    } else {
      throw new Error(`Invalid move: ${JSON.stringify(move)}`);
    }
    return toMove(line, before);
  }

  _play(f, shown) {
    try {
      return f();
    } catch (e) {
      const m = message(e);
      if (m.startsWith('Null move')) throw new Error(m);
      throw new Error(`Invalid move: ${shown}`);
    }
  }

  /** Plays a move in UCI (`e2e4`, `e7e8q`, Chess960 castling as king takes rook). */
  moveUci(uci) {
    const before = this._game.fen(false);
    return toMove(
      this._play(() => this._game.playUci(uci), uci),
      before,
    );
  }

  undo() {
    const line = this._game.undo();
    return line === undefined ? null : toMove(line, this._game.fen(false));
  }

  history({ verbose = false } = {}) {
    if (!verbose) return splitWords(this._game.history(false));
    const fens = this._game.historyFens().split('\n');
    const text = this._game.history(true);
    if (text === '') return [];
    return text.split('\n').map((line, i) => toMove(line, fens[i]));
  }

  /**
   * The game as PGN, laid out as chess.js lays it out (one line unless `maxWidth`): the
   * layout is chessbits-pgn's `ChessJsExporter`; this gathers what it writes. Each header
   * (`for...in` order, as chess.js) goes with its value as text, or `null` for one chess.js
   * does not write (a falsy value); `maxWidth` goes as a number (`undefined` for `0`).
   * The text is chess.js's for the types chess.js documents; beyond them, text that is not
   * well-formed UTF-16 (a lone surrogate) comes back as U+FFFD, a `Result` header that is
   * not a string is laid out as its text, and `newline` is read as a string (`${newline}`).
   */
  pgn({ newline = '\n', maxWidth = 0 } = {}) {
    const tags = [];
    for (const key in this._header) {
      const value = this._header[key];
      tags.push(key, value ? `${value}` : null);
    }
    const fens = [];
    const comments = [];
    for (const fen in this._comments) {
      const comment = this._comments[fen];
      if (typeof comment === 'undefined') continue;
      fens.push(fen);
      comments.push(`${comment}`);
    }
    return this._game.pgn(
      tags,
      fens,
      comments,
      `${this._header.Result || '*'}`,
      `${newline}`,
      maxWidth === 0 ? undefined : Number(maxWidth),
    );
  }

  /** @deprecated chess.js's: use setHeader and getHeaders. */
  header(...args) {
    for (let i = 0; i < args.length; i += 2) {
      if (typeof args[i] === 'string' && typeof args[i + 1] === 'string') {
        this._header[args[i]] = args[i + 1];
      }
    }
    return this._header;
  }

  setHeader(key, value) {
    this._header[key] = value ?? SEVEN_TAG_ROSTER[key] ?? null;
    return this.getHeaders();
  }

  removeHeader(key) {
    if (key in this._header) {
      this._header[key] = SEVEN_TAG_ROSTER[key] || null;
      return true;
    }
    return false;
  }

  getHeaders() {
    const out = {};
    for (const [key, value] of Object.entries(this._header)) {
      if (value !== null) out[key] = value;
    }
    return out;
  }

  /**
   * Reads the first game of `pgn` (chessbits' PGN reader) and plays its mainline. Throws
   * `Invalid PGN: ...`, the game unchanged then, or `Invalid move in PGN: ...`, the game
   * holding the tags, moves and comments before that move, as chess.js does.
   */
  loadPgn(pgn, { strict = false, newlineChar = '\r?\n' } = {}) {
    if (typeof pgn !== 'string') throw new Error('Invalid PGN: not a string');
    if (newlineChar !== '\r?\n') pgn = pgn.replace(new RegExp(newlineChar, 'g'), '\n');
    const next = new wasm.Game(undefined, this._chess960);
    let text;
    try {
      text = next.loadPgn(pgn, strict);
    } catch (e) {
      next.free();
      throw new Error(message(e));
    }
    this._game.free();
    this._game = next;
    // A move that is no move: what came before it is kept, and the error thrown at the end.
    let invalid;
    if (text.startsWith('\u0005')) {
      const end = text.indexOf('\u0005', 1);
      invalid = text.slice(1, end);
      text = text.slice(end + 1);
    }
    const [tagText, after] = text.split('\u0001');
    const [start, rest] = after.split('\u0002');
    this._header = { ...HEADER_TEMPLATE };
    this._header['SetUp'] = null;
    this._header['FEN'] = null;
    for (const line of tagText.split('\n')) {
      if (line === '') continue;
      const tab = line.indexOf('\t');
      this._header[line.slice(0, tab)] = line.slice(tab + 1);
    }
    // The FEN the game starts from, where one was loaded, as chess.js's load() records it.
    if (start !== '') {
      const setUp = start !== DEFAULT_POSITION;
      this._header['SetUp'] = setUp ? '1' : null;
      this._header['FEN'] = setUp ? start : null;
    }
    this._comments = {};
    const plies = rest.split('\u0003').slice(1);
    const resultToken = invalid === undefined ? plies.pop() : undefined;
    for (const p of plies) {
      const sep = p.indexOf('\u0004');
      if (sep >= 0) this._comments[p.slice(0, sep)] = p.slice(sep + 1);
    }
    if (invalid !== undefined) throw new Error(invalid);
    if (resultToken && Object.keys(this._header).length && this._header['Result'] !== resultToken) {
      this.setHeader('Result', resultToken);
    }
  }

  ascii() {
    const p = this._game.placement();
    let s = '   +------------------------+\n';
    for (let r = 0; r < 8; r++) {
      s += ' ' + (8 - r) + ' |';
      for (let f = 0; f < 8; f++) s += ' ' + p[r * 8 + f] + ' ';
      s += '|\n';
    }
    s += '   +------------------------+\n';
    s += '     a  b  c  d  e  f  g  h';
    return s;
  }

  /**
   * The number of leaf nodes of the legal move tree `depth` plies deep (the last ply's
   * moves counted without playing them; `perftFull` plays each, as chess.js does).
   */
  perft(depth) {
    return this._game.perft(depth);
  }

  /** perft with every leaf move played. */
  perftFull(depth) {
    return this._game.perftFull(depth);
  }

  setTurn(color) {
    if (this.turn() === color) return false;
    this.move('--');
    return true;
  }

  turn() {
    return this._game.whiteToMove() ? WHITE : BLACK;
  }

  board() {
    const p = this._game.placement();
    const out = [];
    for (let r = 0; r < 8; r++) {
      const row = [];
      for (let f = 0; f < 8; f++) {
        const c = p[r * 8 + f];
        row.push(
          c === '.'
            ? null
            : { square: SQUARES[r * 8 + f], type: c.toLowerCase(), color: c < 'a' ? WHITE : BLACK },
        );
      }
      out.push(row);
    }
    return out;
  }

  squareColor(square) {
    const i = SQUARES.indexOf(square);
    if (i < 0) return null;
    return ((i >> 3) + (i & 7)) % 2 === 0 ? 'light' : 'dark';
  }

  _pruneComments() {
    const kept = {};
    for (const fen of this._game.historyFens().split('\n')) {
      if (fen in this._comments) kept[fen] = this._comments[fen];
    }
    this._comments = kept;
  }

  getComment() {
    return this._comments[this.fen()];
  }
  setComment(comment) {
    this._comments[this.fen()] = comment.replace('{', '[').replace('}', ']');
  }
  /** @deprecated chess.js's name: removeComment. */
  deleteComment() {
    return this.removeComment();
  }
  removeComment() {
    const comment = this._comments[this.fen()];
    delete this._comments[this.fen()];
    return comment;
  }
  getComments() {
    this._pruneComments();
    return Object.keys(this._comments).map((fen) => ({ fen, comment: this._comments[fen] }));
  }
  /** @deprecated chess.js's name: removeComments. */
  deleteComments() {
    return this.removeComments();
  }
  removeComments() {
    this._pruneComments();
    return Object.keys(this._comments).map((fen) => {
      const comment = this._comments[fen];
      delete this._comments[fen];
      return { fen, comment };
    });
  }

  setCastlingRights(color, rights) {
    this._game.setCastlingRights(color, rights[KING], rights[QUEEN]);
    this._updateSetup();
    const result = this.getCastlingRights(color);
    return (
      (rights[KING] === undefined || rights[KING] === result[KING]) &&
      (rights[QUEEN] === undefined || rights[QUEEN] === result[QUEEN])
    );
  }

  getCastlingRights(color) {
    const r = this._game.castlingRights(color);
    return { [KING]: r.includes('K'), [QUEEN]: r.includes('Q') };
  }

  moveNumber() {
    return this._game.moveNumber();
  }

  /** Whether castling follows Chess960's rules (asked for, or read from the FEN). */
  isChess960() {
    return this._chess960 || this._game.isChess960();
  }
}

export { readGames, readGamesStream } from './games.js';
