"""chessbits.polyglot and chessbits.syzygy against python-chess's chess.polyglot and
chess.syzygy: the same entries, choices and probes."""

import random

import chess
import chess.polyglot
import chess.syzygy
import pytest

import chessbits
import chessbits.polyglot
import chessbits.syzygy
import chessbits.variant

from conftest import DATA, shared

# A Polyglot book made by Polyglot (the movegen crate's test data: twic0920, 16 plies).
BOOK = DATA / "polyglot-twic0920-ply16-min2.bin"


def book_positions(seed, count):
    """Positions along random book lines (so that most have entries)."""
    rng = random.Random(seed)
    with chess.polyglot.open_reader(BOOK) as reader:
        for _ in range(count):
            board = chess.Board()
            for _ in range(rng.randrange(12)):
                entries = list(reader.find_all(board))
                move = rng.choice(entries).move if entries else rng.choice(list(board.legal_moves))
                board.push(move)
            yield board


def test_polyglot_equals_python_chess():
    theirs = chess.polyglot.open_reader(BOOK)
    with chessbits.polyglot.open_reader(BOOK) as ours:
        assert len(ours) == len(theirs)
        for board in book_positions(1, 400):
            mine = chessbits.Board(board.fen())
            a = [tuple(e) for e in theirs.find_all(board)]
            b = [tuple(e) for e in ours.find_all(mine)]
            assert a == b, board.fen()
            assert [tuple(e) for e in ours.find_all(board)] == a  # a python-chess board
            assert [tuple(e) for e in ours.find_all(mine, minimum_weight=5)] == [
                tuple(e) for e in theirs.find_all(board, minimum_weight=5)
            ]
            if a:
                assert tuple(ours.find(mine)) == tuple(theirs.find(board))
                excluded = [a[0][4]]
                assert [tuple(e) for e in ours.find_all(mine, exclude_moves=excluded)] == [
                    tuple(e) for e in theirs.find_all(board, exclude_moves=excluded)
                ]
                seed = random.Random(len(a)).random()
                assert tuple(ours.weighted_choice(mine, random=random.Random(seed))) == tuple(
                    theirs.weighted_choice(board, random=random.Random(seed))
                )
            else:
                with pytest.raises(IndexError):
                    ours.find(mine)
                assert ours.get(mine) is None
            assert chessbits.polyglot.zobrist_hash(mine) == chess.polyglot.zobrist_hash(board)
    theirs.close()
    with pytest.raises(OSError):
        chessbits.polyglot.open_reader(DATA / "no-such-book.bin")


def test_syzygy_equals_python_chess():
    directory = shared("syzygy/regular")
    rng = random.Random(4)
    theirs = chess.syzygy.open_tablebase(directory)
    with chessbits.syzygy.open_tablebase(directory) as ours:
        probed = 0
        for _ in range(300):
            pieces = rng.choice(["KQvK", "KRvK", "KBNvK", "KPvK", "KBvKB", "KRvKB", "KQvKR", "KPvKP"])
            board = chess.Board(None)
            squares = rng.sample(range(64), len(pieces) - 1)
            color = chess.WHITE
            for symbol, sq in zip(pieces.replace("v", ""), squares):
                if symbol == "K" and sq != squares[0]:
                    color = chess.BLACK
                board.set_piece_at(sq, chess.Piece.from_symbol(symbol if color else symbol.lower()))
            board.turn = rng.random() < 0.5
            if not board.is_valid():
                continue
            mine = chessbits.Board(board.fen())
            try:
                wdl = theirs.probe_wdl(board)
            except KeyError:
                with pytest.raises(KeyError):
                    ours.probe_wdl(mine)
                continue
            assert ours.probe_wdl(mine) == wdl, board.fen()
            assert ours.probe_dtz(mine) == theirs.probe_dtz(board), board.fen()
            assert ours.get_wdl(board) == wdl
            probed += 1
        assert probed > 100
        with pytest.raises(chessbits.syzygy.MissingTableError):
            ours.probe_wdl(chessbits.Board("8/8/8/8/8/8/8/KQRBNk2 w - - 0 1".replace("k2", "k1n")))
    theirs.close()


# The tables the syzygy crate commits (3 pieces), so that this runs without the shared data.
TABLES = DATA.parents[2] / "syzygy" / "tests" / "data"


def test_syzygy_table_names_equal_python_chess():
    for one_king in (True, False):
        for count in range(2, 6 if one_king else 5):
            ours = list(chessbits.syzygy.tablenames(one_king=one_king, piece_count=count))
            assert ours == list(chess.syzygy.tablenames(one_king=one_king, piece_count=count))
    names = list(chess.syzygy.tablenames(piece_count=5))[::7]
    for name in names + ["KvKQ", "KPvKRN", "KBNvK"]:
        for mirror in (False, True):
            assert chessbits.syzygy.normalize_tablename(name, mirror=mirror) == \
                chess.syzygy.normalize_tablename(name, mirror=mirror), name
        assert list(chessbits.syzygy.dependencies(name)) == list(chess.syzygy.dependencies(name)), name
        for normalized in (False, True):
            for pieces in (None, 4, 7):
                kwargs = dict(piece_count=pieces, normalized=normalized)
                assert chessbits.syzygy.is_tablename(name, **kwargs) == chess.syzygy.is_tablename(name, **kwargs)
    assert list(chessbits.syzygy.all_dependencies(names[:20])) == list(chess.syzygy.all_dependencies(names[:20]))
    for bad in ["KQK", "KvKQx", ""]:
        with pytest.raises(ValueError):
            chessbits.syzygy.normalize_tablename(bad)
        assert chessbits.syzygy.is_tablename(bad) is False
    for wdl in range(-2, 3):
        assert chessbits.syzygy.dtz_before_zeroing(wdl) == chess.syzygy.dtz_before_zeroing(wdl)


def test_syzygy_keys_and_table_probes_equal_python_chess():
    rng = random.Random(7)
    theirs = chess.syzygy.Tablebase()
    ours = chessbits.syzygy.Tablebase(max_fds=None, VariantBoard=chessbits.Board)
    for path in sorted(TABLES.glob("*.rtb?")):
        assert ours.add_file(path) == theirs.add_file(str(path)) == 1
    assert ours.add_file(TABLES / "README.md") == 0
    probed = 0
    for _ in range(400):
        pieces = rng.choice(["KQvK", "KRvK", "KPvK", "KvKP", "KBvK", "KNvK", "KvKR"])
        board = chess.Board(None)
        white, black = pieces.split("v")
        for symbol, sq in zip(white + black.lower(), rng.sample(range(64), len(pieces) - 1)):
            board.set_piece_at(sq, chess.Piece.from_symbol(symbol))
        board.turn = rng.random() < 0.5
        for mirror in (False, True):
            assert chessbits.syzygy.calc_key(board, mirror=mirror) == chess.syzygy.calc_key(board, mirror=mirror)
            assert chessbits.syzygy.calc_key(chessbits.BaseBoard(board.board_fen()), mirror=mirror) == \
                chess.syzygy.calc_key(board, mirror=mirror)
        if not board.is_valid():
            continue
        mine = chessbits.Board(board.fen())
        wdl = theirs.probe_wdl_table(board)
        assert ours.probe_wdl_table(mine) == wdl, board.fen()
        assert ours.probe_dtz_table(mine, wdl) == theirs.probe_dtz_table(board, wdl), board.fen()
        assert ours.probe_dtz_no_ep(mine) == theirs.probe_dtz_no_ep(board), board.fen()
        probed += 1
    assert probed > 200
    with pytest.raises(ValueError):
        chessbits.syzygy.Tablebase(VariantBoard=chessbits.variant.AtomicBoard)
