"""python-chess's side of `cargo xtask bench`'s `chessbits analyse` figure.

The loop a python-chess user writes: one `SimpleEngine`, each of the first GAMES games of
the PGN file read by `chess.pgn.read_game`, every mainline position after a move analysed
under the same node limit. Prints one line: `analyse_loop: positions=N seconds=S
chess=VERSION`.

    python analyse_loop.py ENGINE FILE.pgn GAMES NODES
"""

import sys
import time

import chess
import chess.engine
import chess.pgn


def main() -> None:
    engine_path, pgn_path, games, nodes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    limit = chess.engine.Limit(nodes=nodes)
    positions = 0
    start = time.perf_counter()
    with chess.engine.SimpleEngine.popen_uci(engine_path) as engine, open(pgn_path, encoding="utf-8") as f:
        for _ in range(games):
            game = chess.pgn.read_game(f)
            if game is None:
                break
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                engine.analyse(board, limit)
                positions += 1
    seconds = time.perf_counter() - start
    print(f"analyse_loop: positions={positions} seconds={seconds:.3f} chess={chess.__version__}")


if __name__ == "__main__":
    main()
