#!/usr/bin/env python3
"""Builds the python-chess reference data for crates/pgn/tests/fens.rs.

For each source file it takes the first N games (split at lines starting with `[Event `,
raw bytes unchanged), writes them to sample/<name>.pgn.zst, and writes the rows python-chess
1.11.2 computes for every mainline move to sample/<name>.csv.zst:

    before_fen,san,after_fen      (board.fen() before, board.san(move), board.fen() after)

Run from this directory with the shared data beside the repository:

    python3 make_expected.py ../../../../../shared/data/pgn

Needs python-chess (`import chess`) and the `zstd` command-line tool.
"""
import io
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn

SOURCES = [
    ("lichess/lichess_db_2025-05_1000k.pgn", 438),
    ("lichess/lichess_DannyTheDonkey_2019-01-29.pgn", 105),
    ("lichess/lichess_DrDrunkenstein_2019-01-29.pgn", 500),
    ("master/twic0920.pgn", 500),
    ("master/twic1599_1000k.pgn", 500),
]


def first_games(raw: bytes, n: int) -> bytes:
    starts = [0] if raw.startswith(b"[Event ") else []
    pos = 0
    while True:
        i = raw.find(b"\n[Event ", pos)
        if i < 0:
            break
        starts.append(i + 1)
        pos = i + 1
    if len(starts) <= n:
        return raw
    return raw[: starts[n]]


def rows(pgn_bytes: bytes):
    text = pgn_bytes.decode("utf-8", errors="replace")
    stream = io.StringIO(text)
    games = 0
    out = []
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            break
        games += 1
        if game.errors:
            raise SystemExit(f"game {games} has errors: {game.errors}")
        board = game.board()
        for move in game.mainline_moves():
            before = board.fen()
            san = board.san(move)
            board.push(move)
            out.append(f"{before},{san},{board.fen()}\n")
    return games, out


def zstd(data: bytes, path: Path):
    subprocess.run(["zstd", "-q", "-19", "-f", "-o", str(path)], input=data, check=True)


def main():
    data = Path(sys.argv[1])
    outdir = Path(__file__).resolve().parent / "sample"
    outdir.mkdir(exist_ok=True)
    total_games = total_rows = 0
    for rel, n in SOURCES:
        raw = (data / rel).read_bytes()
        sample = first_games(raw, n)
        games, out = rows(sample)
        name = Path(rel).stem
        zstd(sample, outdir / f"{name}.pgn.zst")
        zstd(("before_fen,san,after_fen\n" + "".join(out)).encode(), outdir / f"{name}.csv.zst")
        print(f"{rel}: {games} games, {len(out)} rows")
        total_games += games
        total_rows += len(out)
    print(f"total: {total_games} games, {total_rows} rows")


if __name__ == "__main__":
    main()
