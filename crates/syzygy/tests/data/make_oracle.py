"""Writes names.txt and probes.txt: python-chess's answers for tests/names.rs and tests/probes.rs.

Run with python-chess installed (the oracle; nothing of it is copied), from the repository:

    python crates/syzygy/tests/data/make_oracle.py names > crates/syzygy/tests/data/names.txt
    python crates/syzygy/tests/data/make_oracle.py probes /path/to/syzygy/regular \
        > crates/syzygy/tests/data/probes.txt

names.txt, one answer a line, fields separated by `|` (`!` where python-chess raises):
  tablenames | one_king (0/1) | piece_count | the names, space-separated, in its order
  normalize | name | mirror (0/1) | normalized name
  is_tablename | name | one_king | piece_count (`-` for None) | normalized | 0/1
  dependencies | name | one_king | the names, space-separated, in its order
  all_dependencies | names (space-separated) | one_king | the names, in its order
  calc_key | FEN | mirror | key

probes.txt: FEN | probe_wdl | probe_dtz | probe_dtz_no_ep | probe_wdl_table
  | probe_dtz_table(board, probe_wdl_table) as `dtz:success`
for random legal positions of every table of the directory (3- and 4-piece tables), and of
positions where an en-passant capture is legal.
"""

import random
import sys

import chess
import chess.syzygy as sz

rng = random.Random(46)


def b(flag):
    return "1" if flag else "0"


def guarded(f):
    try:
        return f()
    except (ValueError, KeyError, IndexError):
        return "!"


def names():
    out = []
    for one_king in (True, False):
        for count in range(0, 7) if one_king else range(2, 5):
            got = " ".join(sz.tablenames(one_king=one_king, piece_count=count))
            out.append(f"tablenames|{b(one_king)}|{count}|{got}")
    sample = sorted(set(sz.tablenames(piece_count=6)))
    rng.shuffle(sample)
    odd = ["KvK", "KQvK", "KvKQ", "QKvK", "PKvKR", "KPvKQ", "KRvKR", "KBNvKR", "KNvKB", "KBvKN",
           "KPPvKRR", "KRRvKPP", "KQRBNPvK", "KQQQQQQvK", "KQQQQQQQvK", "KvKQQQQQ",
           "PvK", "PPvP", "KKvK", "vK", "Kv", "v", "KQ", "", "KXvK", "KvKvK", "kqvk", "KQvK ",
           "PvQ", "NvB", "BvN", "QRvRQ", "PPPvPPP", "KPvKP", "KPvK", "KvKP"]
    for name in odd + sample[:60]:
        for mirror in (False, True):
            got = guarded(lambda: sz.normalize_tablename(name, mirror=mirror))
            out.append(f"normalize|{name}|{b(mirror)}|{got}")
    for name in odd + sample[:30]:
        for one_king in (True, False):
            for count in (None, 3, 5, 7):
                for normalized in (True, False):
                    got = guarded(lambda: b(sz.is_tablename(
                        name, one_king=one_king, piece_count=count, normalized=normalized)))
                    c = "-" if count is None else str(count)
                    out.append(f"is_tablename|{name}|{b(one_king)}|{c}|{b(normalized)}|{got}")
    for name in odd + sample[:60]:
        for one_king in (True, False):
            got = guarded(lambda: " ".join(sz.dependencies(name, one_king=one_king)))
            out.append(f"dependencies|{name}|{b(one_king)}|{got}")
    groups = [["KQvK"], ["KRvKP", "KQvKR"], ["KPPvKP"], ["KQRvKB", "KvKN", "KNNvKP"],
              ["PPvP"], ["KRPvKR"], ["KBNPvK", "KRvKBN"], []]
    for group in groups:
        for one_king in (True, False):
            got = guarded(lambda: " ".join(sz.all_dependencies(group, one_king=one_king)))
            out.append(f"all_dependencies|{' '.join(group)}|{b(one_king)}|{got}")
    fens = [chess.STARTING_FEN, "8/8/8/8/8/2k5/8/KQ6 w - - 0 1", "8/8/8/8/8/2k5/8/KQ6 b - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1",
            "8/8/2q5/8/8/8/1k6/K7 w - - 0 1", "8/3p4/8/1N6/8/2k2R2/8/K7 w - - 0 1"]
    for _ in range(30):
        board = chess.Board()
        for _ in range(rng.randrange(0, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        fens.append(board.fen())
    for fen in fens:
        board = chess.Board(fen)
        for mirror in (False, True):
            out.append(f"calc_key|{fen}|{b(mirror)}|{sz.calc_key(board, mirror=mirror)}")
    return out


def random_board(pieces):
    while True:
        board = chess.Board(None)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        squares = rng.sample(range(64), len(pieces))
        ok = True
        for piece, sq in zip(pieces, squares):
            if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                ok = False
            board.set_piece_at(sq, piece)
        if ok and board.is_valid():
            return board


def ep_board(pieces):
    """A position of the material just after a double push that a pawn can take en passant."""
    while True:
        board = random_board(pieces)
        board.turn = not board.turn
        pushes = [m for m in board.legal_moves
                  if board.piece_type_at(m.from_square) == chess.PAWN
                  and abs(m.to_square - m.from_square) == 16]
        for move in pushes:
            board.push(move)
            if any(board.generate_legal_ep()):
                return board
            board.pop()


def probes(directory):
    out = []
    with sz.open_tablebase(directory) as tb:
        keys = sorted(k for k in tb.wdl if k in tb.dtz and sz.normalize_tablename(k) == k)
        materials = []
        for key in keys:
            w, bl = key.split("v")
            materials.append([chess.Piece.from_symbol(c) for c in w] +
                             [chess.Piece.from_symbol(c.lower()) for c in bl])
        boards = []
        for pieces in materials:
            for _ in range(12):
                board = random_board(pieces)
                if rng.random() < 0.5:
                    board = board.mirror()
                boards.append(board)
        with_pawns = [p for p in materials
                      if any(x.piece_type == chess.PAWN and x.color for x in p)
                      and any(x.piece_type == chess.PAWN and not x.color for x in p)]
        for i in range(300):
            boards.append(ep_board(with_pawns[i % len(with_pawns)]))
        differ = 0
        for board in boards:
            wdl = tb.probe_wdl(board)
            dtz = tb.probe_dtz(board)
            no_ep = tb.probe_dtz_no_ep(board)
            raw = tb.probe_wdl_table(board)
            d, success = tb.probe_dtz_table(board, raw)
            differ += no_ep != dtz
            out.append(f"{board.fen()}|{wdl}|{dtz}|{no_ep}|{raw}|{d}:{success}")
        print(f"{len(boards)} positions, probe_dtz_no_ep differs from probe_dtz on {differ}",
              file=sys.stderr)
    return out


if __name__ == "__main__":
    lines = names() if sys.argv[1] == "names" else probes(sys.argv[2])
    print(f"# python-chess {chess.__version__}, written by make_oracle.py (see its docstring)")
    print("\n".join(lines))
