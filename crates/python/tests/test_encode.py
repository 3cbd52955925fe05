"""encode: bitboards and planes equal python-chess's pieces, from lists and Arrow columns."""

import random

import chess
import numpy as np
import pyarrow as pa
import pytest

import chessbits

ORDER = [(color, piece) for color in (chess.WHITE, chess.BLACK) for piece in chess.PIECE_TYPES]


def random_fens(n, seed=5):
    rng = random.Random(seed)
    fens = []
    board = chess.Board()
    while len(fens) < n:
        if board.is_game_over() or rng.random() < 0.01:
            board = chess.Board()
        board.push(rng.choice(list(board.legal_moves)))
        fens.append(board.fen())
    return fens


def test_bitboards_equal_python_chess():
    fens = random_fens(2000)
    bits = chessbits.encode(fens)
    assert bits.shape == (2000, 12) and bits.dtype == np.uint64
    for row, fen in zip(bits, fens):
        board = chess.Board(fen)
        assert [int(b) for b in row] == [int(board.pieces_mask(p, c)) for c, p in ORDER]


def test_planes_are_the_bitboards():
    fens = random_fens(200)
    bits = chessbits.encode(fens)
    planes = chessbits.encode(fens, planes=True)
    assert planes.shape == (200, 12, 8, 8) and planes.dtype == np.uint8
    weights = (np.uint64(1) << np.arange(64, dtype=np.uint64)).reshape(8, 8)
    again = (planes.astype(np.uint64) * weights).sum(axis=(2, 3), dtype=np.uint64)
    assert (again == bits).all()
    board = chess.Board(fens[0])
    for square, piece in board.piece_map().items():
        k = ORDER.index((piece.color, piece.piece_type))
        assert planes[0, k, chess.square_rank(square), chess.square_file(square)] == 1


def test_arrow_columns_polars_and_positions():
    fens = random_fens(300)
    want = chessbits.encode(fens)
    assert (chessbits.encode(pa.array(fens)) == want).all()
    assert (chessbits.encode(pa.chunked_array([fens[:100], fens[100:]])) == want).all()
    assert (chessbits.encode(pa.array(fens, pa.large_string())) == want).all()
    assert (chessbits.encode(pa.table({"fen": fens}).column("fen")) == want).all()
    polars = pytest.importorskip("polars")
    assert (chessbits.encode(polars.Series(fens)) == want).all()
    positions = [chessbits.Position(f) for f in fens]
    assert (chessbits.encode(positions) == want).all()
    assert chessbits.encode([]).shape == (0, 12)


def test_bad_positions_raise():
    with pytest.raises(ValueError, match=r"positions\[1\]"):
        chessbits.encode([chess.STARTING_FEN, "nope"])
    with pytest.raises(ValueError):
        chessbits.encode(pa.array([chess.STARTING_FEN, None]))
    with pytest.raises(TypeError):
        chessbits.encode([1, 2])
    with pytest.raises(TypeError):
        chessbits.encode(pa.array([1, 2]))
