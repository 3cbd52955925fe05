"""chessbits.variant against python-chess's chess.variant on random games of the seven
Lichess variants: FEN, legal moves, SAN, check, the variants' ends; moves crossing
libraries."""

import random

import chess
import chess.variant
import pytest

import chessbits
import chessbits.variant

NAMES = ["atomic", "antichess", "kingofthehill", "racingkings", "horde", "3check", "crazyhouse"]
POSITIONS = 1_500


def outcome(o):
    return None if o is None else (o.termination.name, o.winner)


@pytest.mark.parametrize("name", NAMES)
def test_random_variant_games(name):
    rng = random.Random(name)
    seen = 0
    while seen < POSITIONS:
        theirs = chess.variant.find_variant(name)()
        ours = chessbits.variant.find_variant(name)()
        assert type(ours).uci_variant == type(theirs).uci_variant
        while seen < POSITIONS:
            fen = theirs.fen()
            assert ours.fen() == fen
            legal = list(theirs.legal_moves)
            assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in legal), fen
            assert ours.is_check() == theirs.is_check(), fen
            assert ours.turn == theirs.turn
            assert ours.is_variant_end() == theirs.is_variant_end(), fen
            mine = outcome(ours.outcome())
            if mine is not None or theirs.is_variant_end() or not legal:
                assert mine == outcome(theirs.outcome()), fen
            for m in rng.sample(legal, min(5, len(legal))):
                assert ours.san(m) == theirs.san(m), (fen, m)
                assert ours.parse_san(theirs.san(m)) == m
            seen += 1
            if not legal or theirs.is_variant_end():
                break
            move = rng.choice(legal)
            if rng.random() < 0.5:
                assert ours.push_san(theirs.san(move)) == move
            else:
                ours.push(move)
            theirs.push(move)
            assert ours.peek() == theirs.peek()
            if rng.random() < 0.05:
                assert ours.pop() == theirs.pop()


def test_find_variant_and_errors():
    assert chessbits.variant.find_variant("Atomic") is chessbits.variant.AtomicBoard
    assert chessbits.variant.find_variant("KOTH") is chessbits.variant.KingOfTheHillBoard
    with pytest.raises(ValueError):
        chessbits.variant.find_variant("nonsense")
    board = chessbits.variant.AtomicBoard()
    with pytest.raises(chessbits.IllegalMoveError):
        board.push_san("e5")
    with pytest.raises(chessbits.InvalidMoveError):
        board.push_uci("zz")
    with pytest.raises(ValueError):
        chessbits.variant.HordeBoard("not a fen")
