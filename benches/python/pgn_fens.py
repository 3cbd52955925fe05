#!/usr/bin/env python3
"""python-chess's `before_fen,san,after_fen` rows, the peer of the pgn bench's `pgn_fens`.

Usage: pgn_fens.py GAMES_PGN OUT_CSV

Reads every game of GAMES_PGN with `chess.pgn.read_game` and writes, for each mainline move,
the position's FEN before it, its SAN and the FEN after it. Timed as a whole process: by
criterion in a plain `cargo bench --bench pgn`, by `cargo xtask bench` (some rounds, best
round) after the group's criterion runs.
"""

import sys

import chess.pgn

with open(sys.argv[1], encoding="utf-8", errors="replace") as f, open(sys.argv[2], "w") as out:
    out.write("before_fen,san,after_fen\n")
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        board = game.board()
        for move in game.mainline_moves():
            before = board.fen()
            san = board.san(move)
            board.push(move)
            out.write(f"{before},{san},{board.fen()}\n")
