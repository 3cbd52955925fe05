"""The board against python-chess: legal moves, SAN, UCI, FEN, hash, outcomes."""

import random

import chess
import chess.polyglot
import pytest

import chessbits

POSITIONS = 10_000


def compare(board, pos):
    """Everything a position answers, equal to python-chess's."""
    assert pos.fen() == board.fen()
    theirs = sorted(m.uci() for m in board.legal_moves)
    ours = sorted(str(m) for m in pos.legal_moves())
    assert ours == theirs, board.fen()
    for m in board.legal_moves:
        assert pos.san(m.uci()) == board.san(m), (board.fen(), m)
    assert pos.is_check() == board.is_check()
    assert pos.zobrist_hash() == chess.polyglot.zobrist_hash(board)
    assert pos.turn == board.turn
    outcome, ours_out = board.outcome(), pos.outcome()
    if outcome is None:
        assert ours_out is None, board.fen()
    else:
        assert ours_out is not None, board.fen()
        assert ours_out.winner == outcome.winner
        assert ours_out.result() == outcome.result()


def random_games(seed, positions, start=None):
    """Plays random games on both boards until `positions` positions were compared."""
    rng = random.Random(seed)
    seen = 0
    while seen < positions:
        board = start() if start else chess.Board()
        pos = chessbits.Position.from_chess(board)
        while seen < positions:
            compare(board, pos)
            seen += 1
            if board.outcome() is not None:
                break
            move = rng.choice(list(board.legal_moves))
            # Half the moves through SAN, half through UCI.
            if rng.random() < 0.5:
                played = pos.push_san(board.san(move))
            else:
                played = pos.push_uci(move.uci())
            assert str(played) == move.uci()
            board.push(move)
    return seen


def test_random_standard_games_equal_python_chess():
    assert random_games(1, POSITIONS) == POSITIONS


def test_random_chess960_games_equal_python_chess():
    rng = random.Random(2)

    def start():
        return chess.Board.from_chess960_pos(rng.randrange(960))

    assert random_games(3, 2_000, start) == 2_000


def test_pop_restores_and_copy_is_independent():
    pos = chessbits.Position()
    start = pos.fen()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]:
        pos.push_san(san)
    other = pos.copy()
    assert [str(m) for m in pos.move_stack][-1] == "e1g1"
    while pos.move_stack:
        pos.pop()
    assert pos.fen() == start
    assert other.fen() != start
    with pytest.raises(IndexError):
        pos.pop()


def test_python_chess_round_trip():
    board = chess.Board()
    for uci in ["e2e4", "c7c5", "g1f3", "d7d6"]:
        board.push_uci(uci)
    pos = chessbits.Position.from_chess(board)
    assert pos.fen() == board.fen()
    back = pos.to_chess()
    assert back.fen() == board.fen()
    assert back.move_stack == board.move_stack
    c960 = chess.Board("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", chess960=True)
    pos = chessbits.Position.from_chess(c960)
    assert pos.chess960
    assert sorted(map(str, pos.legal_moves())) == sorted(m.uci() for m in c960.legal_moves)
    assert pos.to_chess().fen() == c960.fen()


def test_chess960_fen_is_read_as_it_is():
    fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    pos = chessbits.Position(fen, chess960=True)
    assert pos.chess960
    assert pos.perft(3) == 12189
    # As python-chess: without chess960=True, rights that standard chess cannot have go.
    standard = chessbits.Position(fen)
    assert not standard.chess960
    assert standard.fen() == chess.Board(fen).fen()


@pytest.mark.parametrize(
    "fen,depth,nodes",
    [
        (chessbits.STARTING_FEN, 4, 197_281),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
    ],
)
def test_perft(fen, depth, nodes):
    assert chessbits.Position(fen).perft(depth) == nodes


def test_outcomes():
    pos = chessbits.Position()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        pos.push_san(san)
    out = pos.outcome()
    assert out.winner is False and out.result() == "0-1"
    stalemate = chessbits.Position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.outcome().winner is None
    assert stalemate.legal_moves() == []


def test_moves_compare_and_hash_by_text():
    pos = chessbits.Position()
    moves = pos.legal_moves()
    assert chessbits.Move.from_uci("e2e4") in moves
    assert len(set(moves)) == 20
    m = chessbits.Move.from_uci("e7e8q")
    assert (m.from_square, m.to_square, m.promotion) == (52, 60, chess.QUEEN)
    pos.push(chessbits.Move.from_uci("g1f3"))
    pos.push("b8c6")
    assert pos.fen() == "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2"


def test_bad_input_is_a_value_error():
    pos = chessbits.Position()
    for bad in ["", "garbage", "8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x"]:
        with pytest.raises(ValueError):
            chessbits.Position(bad)
    for san in ["Qh5", "e5", "Nf6", "O-O", "", "e4e4", "\x00"]:
        with pytest.raises(ValueError):
            pos.push_san(san)
    for uci in ["e2e5", "e1g1", "zz", "", "e7e8q"]:
        with pytest.raises(ValueError):
            pos.push_uci(uci)
    with pytest.raises(ValueError):
        chessbits.Move.from_uci("e9e4")
    with pytest.raises(TypeError):
        pos.push(42)
    assert pos.fen() == chess.STARTING_FEN
