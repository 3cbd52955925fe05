"""Prints python-chess's reading of a Polyglot book for the positions of some games.

Usage: lookups.py BOOK.bin GAMES.pgn MAX_PLY

For every position of the games' mainlines up to MAX_PLY plies (each once, in first-seen
order) that has book entries, and for the first 50 positions that have none, one line:
    FEN|move raw_move weight learn,move raw_move weight learn,...
with python-chess's `MemoryMappedReader.find_all(board, minimum_weight=0)` entries in book
order (moves in python-chess's UCI: castling e1g1 in standard chess; illegal moves skipped
by python-chess), or an empty list after the `|`.
"""
import sys

import chess
import chess.pgn
import chess.polyglot

book_path, pgn_path, max_ply = sys.argv[1], sys.argv[2], int(sys.argv[3])
seen = set()
empty = 0
with chess.polyglot.open_reader(book_path) as book, open(pgn_path, encoding="latin-1") as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        board = game.board()
        moves = list(game.mainline_moves())[:max_ply]
        for i in range(len(moves) + 1):
            fen = board.fen()
            if fen not in seen:
                seen.add(fen)
                entries = list(book.find_all(board, minimum_weight=0))
                if entries or empty < 50:
                    empty += not entries
                    print(fen + "|" + ",".join(
                        f"{e.move.uci()} {e.raw_move} {e.weight} {e.learn}" for e in entries))
            if i < len(moves):
                board.push(moves[i])
