#!/usr/bin/env python3
"""chessbits for Python against python-chess, for `cargo xtask bench` (and by hand).

Usage: speed.py MASTER_PGN [ROUNDS] [GAMES]

MASTER_PGN is the master games (`$CHESSBITS_DATA/pgn/master/gnuchess-book_1.02.pgn.zst`;
plain, zstd or gzip; zstd is decompressed with the `zstd` command). Three comparisons, each
timed for ROUNDS rounds (default 5), ours and python-chess's in turn, best round kept:

- read: the first GAMES games (default 2,000) of the file read into a table on one
  thread: `pyarrow.table(chessbits.read_games(text, threads=1))` (tags, SAN and UCI move
  lists, clocks, evals, every move replayed) against python-chess reading the same text
  game by game with `chess.pgn.read_game` and keeping each game's headers and UCI moves
  (less than our table holds). Also: ours on the whole file, one thread and every core.
- legal_moves: one call per position on 2,000 positions of those games:
  `list(board.legal_moves)` with `chessbits.Board` against `chess.Board`.
- pgn.read_game: those games read from a text handle one by one with
  `chessbits.pgn.read_game` and `chess.pgn.read_game`, each game's mainline moves listed
  (chessbits makes no node objects for that), and again walking every mainline node
  (move, comment, `clock()`), which makes them.
- The python-chess API, the same Python code run with either module (`chessbits` used as
  `chess`) on those 2,000 positions: iterating `legal_moves`; push+pop of every legal
  move; `san()` of every legal move; `gives_check()` of every legal move and
  `is_checkmate()`; and a perft written in Python (`legal_moves`, `push`, `pop`) to depth 3
  on the first 20 positions.
- engine: `SimpleEngine.analyse` per position against a fake UCI engine that answers at
  once (`fake_uci.py`), 2,000 positions: the protocol's own overhead (`engine_speed.py`).
- encode: 10,000 FENs of those games to a (N, 12) uint64 array: `chessbits.encode(fens)`
  against a python-chess loop (`chess.Board(fen)`, `pieces_mask` for the 12 pieces).

It prints a markdown table, then one line that xtask reads:

    chessbits_python: chess=1.11.2 chessbits=0.1.0 games=2000 rounds=5 read_ours_s=...
    read_theirs_s=... legal_ours_s=... legal_theirs_s=... encode_ours_s=...
    encode_theirs_s=... all_games=145716 all_one_s=... all_cores_s=... cores=2

(on one line; each time is the best round).
"""

import gzip
import os
import subprocess
import sys
import time

import chess
import chess.pgn
import numpy as np
import pyarrow as pa

import chessbits
import chessbits.pgn

ORDER = [(c, p) for c in (chess.WHITE, chess.BLACK) for p in chess.PIECE_TYPES]


def read_text(path):
    with open(path, "rb") as f:
        head = f.read(4)
    if head == b"\x28\xb5\x2f\xfd":
        return subprocess.run(["zstd", "-dc", path], check=True, capture_output=True).stdout
    if head[:2] == b"\x1f\x8b":
        with gzip.open(path, "rb") as f:
            return f.read()
    with open(path, "rb") as f:
        return f.read()


def first_games(text, games):
    """The text of the first `games` games (cut before the next game's `[Event`)."""
    at = 0
    for _ in range(games):
        nxt = text.find(b"\n[Event ", at + 1)
        if nxt < 0:
            return text
        at = nxt
    return text[: at + 1]


def best(rounds, *fns):
    """Each function's best time over `rounds` rounds, run in turn."""
    times = [[] for _ in fns]
    for _ in range(rounds):
        for t, fn in zip(times, fns):
            start = time.perf_counter()
            fn()
            t.append(time.perf_counter() - start)
    return [min(t) for t in times]


def python_chess_read(text):
    stream = __import__("io").StringIO(text.decode("utf-8", errors="replace"))
    rows = []
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            return rows
        rows.append((dict(game.headers), [m.uci() for m in game.mainline_moves()]))


def iterate(boards):
    return sum(1 for b in boards for _ in b.legal_moves)


def push_pop(boards):
    n = 0
    for b in boards:
        for m in list(b.legal_moves):
            b.push(m)
            b.pop()
            n += 1
    return n


def sans(boards):
    # Sorted: the two libraries generate moves in different orders.
    return sorted(b.san(m) for b in boards for m in b.legal_moves)


def checks(boards):
    mates = sum(b.is_checkmate() for b in boards)
    return mates, sum(b.gives_check(m) for b in boards for m in b.legal_moves)


def perft(board, depth):
    if depth == 1:
        return len(list(board.legal_moves))
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def python_perft(boards):
    return [perft(b, 3) for b in boards[:20]]


API_ROWS = [
    ("iterate", iterate),
    ("push_pop", push_pop),
    ("san", sans),
    ("checks", checks),
    ("perft", python_perft),
]
API_LABELS = {
    "read_game": "pgn.read_game over the {n:,} master games, mainline moves",
    "read_game_nodes": "pgn.read_game over the {n:,} master games, every mainline node's move, comment, clock()",
    "iterate": "iterate legal_moves, {n:,} positions",
    "push_pop": "push+pop every legal move, {n:,} positions",
    "san": "san() of every legal move, {n:,} positions",
    "checks": "gives_check() of every move + is_checkmate(), {n:,} positions",
    "perft": "Python perft(3) on 20 positions",
}


def main():
    if len(sys.argv) not in (2, 3, 4):
        sys.exit(__doc__.split("\n\n")[1])
    path = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    text = read_text(path)
    sample = first_games(text, games)

    ours_rows = pa.table(chessbits.read_games(sample, threads=1))
    theirs_rows = python_chess_read(sample)
    if ours_rows.num_rows != len(theirs_rows):
        sys.exit(f"{ours_rows.num_rows} games read by chessbits, {len(theirs_rows)} by python-chess")
    if ours_rows.column("moves_uci").to_pylist() != [m for _, m in theirs_rows]:
        sys.exit("chessbits and python-chess read different moves")
    read_ours, read_theirs = best(
        rounds,
        lambda: pa.table(chessbits.read_games(sample, threads=1)),
        lambda: python_chess_read(sample),
    )

    fens = pa.table(chessbits.read_moves(sample, threads=1)).column("before_fen").to_pylist()
    step = max(1, len(fens) // 2000)
    positions = fens[::step][:2000]
    ours_pos = [chessbits.Board(f) for f in positions]
    their_pos = [chess.Board(f) for f in positions]
    legal_ours, legal_theirs = best(
        rounds,
        lambda: [list(p.legal_moves) for p in ours_pos],
        lambda: [list(b.legal_moves) for b in their_pos],
    )
    api = {}
    sample_text = sample.decode("utf-8", errors="replace")

    def read_all(module, nodes=False):
        handle = __import__("io").StringIO(sample_text)
        out = []
        while True:
            game = module.pgn.read_game(handle)
            if game is None:
                return out
            if nodes:
                out.append([(n.move.uci(), n.comment, n.clock()) for n in game.mainline()])
            else:
                out.append([m.uci() for m in game.mainline_moves()])

    if read_all(chessbits) != read_all(chess):
        sys.exit("pgn.read_game: chessbits and python-chess read different games")
    api["read_game"] = best(rounds, lambda: read_all(chessbits), lambda: read_all(chess))
    api["read_game_nodes"] = best(
        rounds, lambda: read_all(chessbits, True), lambda: read_all(chess, True)
    )
    for name, fn in API_ROWS:
        if fn(ours_pos) != fn(their_pos):
            sys.exit(f"{name}: chessbits and python-chess answer differently")
        api[name] = best(rounds, lambda: fn(ours_pos), lambda: fn(their_pos))

    step = max(1, len(fens) // 10000)
    many = fens[::step][:10000]

    def encode_theirs():
        out = np.empty((len(many), 12), dtype=np.uint64)
        for i, fen in enumerate(many):
            board = chess.Board(fen)
            out[i] = [board.pieces_mask(p, c) for c, p in ORDER]
        return out

    assert (chessbits.encode(many) == encode_theirs()).all()
    encode_ours, encode_theirs_s = best(rounds, lambda: chessbits.encode(many), encode_theirs)

    import engine_speed

    engine_ours, engine_theirs = engine_speed.overhead(2000, rounds)

    cores = os.cpu_count() or 1
    all_games = pa.table(chessbits.read_games(text, threads=1)).num_rows
    whole = max(1, rounds // 2)
    all_one, all_cores = best(
        whole,
        lambda: pa.table(chessbits.read_games(text, threads=1)),
        lambda: pa.table(chessbits.read_games(text)),
    )

    def rate(n, s):
        return f"{n / s:,.0f}"

    print(f"chessbits {chessbits.__version__} against python-chess {chess.__version__}, "
          f"best of {rounds} rounds\n")
    print("| what | chessbits | python-chess | ratio |")
    print("|---|---:|---:|---:|")
    print(f"| read_games, {len(theirs_rows):,} master games, 1 thread (games/s) | "
          f"{rate(len(theirs_rows), read_ours)} | {rate(len(theirs_rows), read_theirs)} | "
          f"**{read_theirs / read_ours:.0f}x** |")
    print(f"| legal_moves(), {len(positions):,} positions (calls/s) | "
          f"{rate(len(positions), legal_ours)} | {rate(len(positions), legal_theirs)} | "
          f"**{legal_theirs / legal_ours:.1f}x** |")
    for name, (ours_s, theirs_s) in api.items():
        n = len(theirs_rows) if name.startswith("read_game") else len(positions)
        print(f"| {API_LABELS[name].format(n=n)} (runs/s) | {1 / ours_s:,.1f} | "
              f"{1 / theirs_s:,.1f} | **{theirs_s / ours_s:.1f}x** |")
    print(f"| SimpleEngine.analyse, fake engine answering at once, 2,000 positions (calls/s) | "
          f"{rate(2000, engine_ours)} | {rate(2000, engine_theirs)} | "
          f"**{engine_theirs / engine_ours:.1f}x** |")
    print(f"| encode, {len(many):,} FENs (positions/s) | {rate(len(many), encode_ours)} | "
          f"{rate(len(many), encode_theirs_s)} | **{encode_theirs_s / encode_ours:.0f}x** |")
    print(f"| read_games, all {all_games:,} master games, 1 thread (games/s) | "
          f"{rate(all_games, all_one)} | | |")
    print(f"| read_games, all {all_games:,} master games, {cores} threads (games/s) | "
          f"{rate(all_games, all_cores)} | | |")
    print()
    print(
        f"chessbits_python: chess={chess.__version__} chessbits={chessbits.__version__} "
        f"games={len(theirs_rows)} rounds={rounds} read_ours_s={read_ours:.6f} "
        f"read_theirs_s={read_theirs:.6f} legal_ours_s={legal_ours:.6f} "
        f"legal_theirs_s={legal_theirs:.6f} encode_ours_s={encode_ours:.6f} "
        f"encode_theirs_s={encode_theirs_s:.6f} engine_ours_s={engine_ours:.6f} "
        f"engine_theirs_s={engine_theirs:.6f} all_games={all_games} "
        + "".join(f"{k}_ours_s={o:.6f} {k}_theirs_s={t:.6f} " for k, (o, t) in api.items())
        + f"all_one_s={all_one:.6f} all_cores_s={all_cores:.6f} cores={cores}"
    )


if __name__ == "__main__":
    main()
