#!/usr/bin/env python3
"""Writes middlegames.fen: 1,000 middlegame positions from real master games.

The shape of the papers' experiments (seed 000: 879 positions from the Encyclopedia of
Chess Middle Games; seed 001: 1,001 positions from Reinfeld's book), drawn from the games of
../../../shared/data/pgn/master/twic0920.pgn (The Week in Chess 920, 2,245 games).

Selection, reproducible with the seed below: the games are shuffled with Python's
random.Random(SEED); from each game with at least 60 plies one position is taken, at a ply
drawn uniformly from 20..60 (after that many half-moves); positions already taken are
skipped; the first 1,000 make the file. Read with python-chess 1.11.2:

    python3 benches/data/make_middlegames.py ../shared/data/pgn/master/twic0920.pgn \
        > benches/data/middlegames.fen
"""

import random
import sys

import chess.pgn

SEED = 20070423  # the date of seed 000's arXiv version, as a number
COUNT = 1000
FIRST_PLY, LAST_PLY = 20, 60


def main(path: str) -> None:
    games = []
    with open(path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            moves = list(game.mainline_moves())
            if len(moves) >= LAST_PLY:
                games.append((game.board(), moves))
    rng = random.Random(SEED)
    rng.shuffle(games)
    seen = set()
    print(f"# {COUNT} middlegame positions (ply {FIRST_PLY}..{LAST_PLY}) from {path.split('/')[-1]}")
    print(f"# written by benches/data/make_middlegames.py, seed {SEED}; one FEN per line")
    written = 0
    for board, moves in games:
        ply = rng.randint(FIRST_PLY, LAST_PLY)
        for move in moves[:ply]:
            board.push(move)
        fen = board.fen()
        if fen in seen:
            continue
        seen.add(fen)
        print(fen)
        written += 1
        if written == COUNT:
            break
    assert written == COUNT, f"only {written} positions"


if __name__ == "__main__":
    main(sys.argv[1])
