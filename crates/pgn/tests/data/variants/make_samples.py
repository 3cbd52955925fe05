"""Writes the variant PGN samples and the rows python-chess gives for them.

Run from this directory with python-chess 1.11.2: `python3 make_samples.py`. For each
Lichess variant, a few random playouts (seeded) from the variant's start and one from a
Chess960 start (where python-chess allows castling), exported with `chess.pgn`; then
`expected_fens.csv`: `game,before_fen,san,after_fen` for every move, as python-chess
replays the written PGN (what `chessbits pgn fens` must give).
"""
import csv
import io
import random

import chess
import chess.pgn
import chess.variant

VARIANTS = [
    chess.variant.AtomicBoard,
    chess.variant.AntichessBoard,
    chess.variant.CrazyhouseBoard,
    chess.variant.KingOfTheHillBoard,
    chess.variant.ThreeCheckBoard,
    chess.variant.HordeBoard,
    chess.variant.RacingKingsBoard,
]


def playout(board, rng, max_plies):
    while not board.is_game_over() and len(board.move_stack) < max_plies:
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        # Prefer captures, checks and drops a little so that the variants' rules show.
        special = [m for m in moves if board.is_capture(m) or board.gives_check(m) or m.drop]
        pool = special if special and rng.random() < 0.5 else moves
        board.push(rng.choice(pool))
    return board


def main():
    rng = random.Random(20261125)
    games = []
    for cls in VARIANTS:
        for i in range(4):
            board = playout(cls(), rng, 120)
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"{cls.aliases[0]} sample {i + 1}"
            game.headers["Site"] = "python-chess random playout"
            games.append(game)
        if cls not in (chess.variant.RacingKingsBoard, chess.variant.HordeBoard, chess.variant.AntichessBoard):
            start = cls(chess960=True)
            start.set_chess960_pos(rng.randrange(960))
            if isinstance(start, chess.variant.CrazyhouseBoard):
                start.pockets[chess.WHITE].reset()
                start.pockets[chess.BLACK].reset()
            board = cls(start.fen(), chess960=True)
            board = playout(board, rng, 120)
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"{cls.aliases[0]} Chess960 sample"
            game.headers["Site"] = "python-chess random playout"
            games.append(game)
    with open("variants.pgn", "w") as f:
        for game in games:
            print(game, file=f, end="\n\n")
    # The rows, from the PGN as written.
    with open("variants.pgn") as f, open("expected_fens.csv", "w", newline="") as out:
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["game", "before_fen", "san", "after_fen"])
        n = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            n += 1
            assert not game.errors, game.errors
            board = game.board()
            for move in game.mainline_moves():
                before = board.fen()
                san = board.san(move)
                board.push(move)
                w.writerow([n, before, san, board.fen()])


if __name__ == "__main__":
    main()
