"""Every variant board is a chessbits.Board: the methods python-chess's variant boards
inherit from its Board (castling fields, checkers, pins, find_move, XBoard notation,
pseudo-legal questions, transforms, EPD, Chess960 numbers) asked of random games of the
standard board and of the seven Lichess variants, against python-chess's answers (kept as
digests by oracle.py, asked live when recording or on a difference); edited boards too
(pieces removed with set_piece_map, mirrored and transformed in place). Also: the class
attributes of the ten board classes of chess.variant.VARIANTS, and that the variant boards
are instances of Board."""

import random

import pytest

import chessbits
import chessbits.variant
from oracle import Tape

NAMES = ["chess", "atomic", "antichess", "kingofthehill", "racingkings", "horde", "3check", "crazyhouse"]
POSITIONS = 600
MAX_PLIES = 50
ATTRIBUTES = [
    "aliases",
    "uci_variant",
    "xboard_variant",
    "starting_fen",
    "tbw_suffix",
    "tbz_suffix",
    "tbw_magic",
    "tbz_magic",
    "pawnless_tbw_suffix",
    "pawnless_tbz_suffix",
    "pawnless_tbw_magic",
    "pawnless_tbz_magic",
    "connected_kings",
    "one_king",
    "captures_compulsory",
]


def python_chess():
    """python-chess's modules, or a skip with a notice."""
    try:
        import chess
        import chess.variant
    except ImportError:
        pytest.skip("NOTICE: python-chess is not installed; the comparison is skipped")
    return chess


def uci(move):
    return None if move is None else move.uci()


def shared_answers(board, lib, rng, edited=False):
    """(question, answer) pairs of the methods every board class shares, for a board of
    either library (`lib` is its module: chess or chessbits). An edited board is asked
    about its placement alone (a variant board that is no position has no moves here)."""
    fields = board.fen().split(" ")
    out = [("fen but ep", fields[:3] + fields[4:])]
    if edited:
        out += [
            ("castling_xfen", board.castling_xfen()),
            ("clean_castling_rights", board.clean_castling_rights()),
            ("chess960_pos", board.chess960_pos()),
            ("transform", board.transform(lib.flip_horizontal).board_fen()),
        ]
        return out
    out += [
        ("fen", board.fen()),
        ("legal", sorted(m.uci() for m in board.legal_moves)),
        ("checkers", board.checkers_mask()),
        ("was_into_check", board.was_into_check()),
        ("castling_xfen", board.castling_xfen()),
        ("castling_shredder_fen", board.castling_shredder_fen()),
        ("shredder_fen", board.shredder_fen()),
        ("clean_castling_rights", board.clean_castling_rights()),
        ("has_chess960_castling_rights", board.has_chess960_castling_rights()),
        ("has_pseudo_legal_en_passant", board.has_pseudo_legal_en_passant()),
        ("pseudo_legal_ep", sorted(m.uci() for m in board.generate_pseudo_legal_ep())),
        ("chess960_pos", board.chess960_pos()),
        ("epd_round_trip", type(board).from_epd(board.epd())[0].fen()),
        ("empty", type(board).empty().fen()),
    ]
    turn = board.turn
    for square in sorted(board.piece_map()):
        if board.color_at(square) == turn:
            out.append((f"pin_mask {square}", board.pin_mask(turn, square)))
    pseudo = sorted(m.uci() for m in board.pseudo_legal_moves)
    for text in rng.sample(pseudo, min(4, len(pseudo))):
        move = lib.Move.from_uci(text)
        out.append((f"is_pseudo_legal {text}", board.is_pseudo_legal(move)))
        out.append((f"is_into_check {text}", board.is_into_check(move)))
        out.append((f"is_kingside_castling {text}", board.is_kingside_castling(move)))
        out.append((f"is_queenside_castling {text}", board.is_queenside_castling(move)))
        out.append((f"xboard {text}", board.xboard(move)))
        try:
            found = uci(board.find_move(move.from_square, move.to_square))
        except ValueError:
            found = "illegal"
        out.append((f"find_move {text}", found))
    legal = sorted(board.legal_moves, key=lambda m: m.uci())
    if legal:
        move = rng.choice(legal)
        out.append(("parse_xboard", board.parse_xboard(board.san(move)).uci()))
    mirrored = board.copy(stack=False)
    mirrored.apply_mirror()
    out.append(("apply_mirror", mirrored.fen()))
    out.append(("transform", board.transform(lib.flip_horizontal).fen()))
    return out


def edit(board, rng):
    """An edited board: a piece removed through set_piece_map, perhaps mirrored or
    flipped in place."""
    pieces = board.piece_map()
    if pieces:
        del pieces[rng.choice(sorted(pieces))]
    board.set_piece_map(pieces)
    how = rng.randrange(3)
    if how == 1:
        board.apply_mirror()
    elif how == 2:
        board.apply_transform(chessbits.flip_vertical if isinstance(board, chessbits.Board) else _flip_vertical())


def _flip_vertical():
    import chess

    return chess.flip_vertical


def board_class(lib, name):
    return lib.variant.find_variant(name)


@pytest.mark.parametrize("name", NAMES)
def test_shared_methods_on_random_games(name):
    tape = Tape(f"shared-{name}")
    rng = random.Random(f"shared {name}")
    seen = 0
    while seen < POSITIONS:
        ours = board_class(chessbits, name)()
        start = ours.fen()
        played = []
        edited = False
        for _ in range(MAX_PLIES):
            if seen >= POSITIONS:
                break
            if not edited and rng.random() < 0.03:
                edited = True
                played.append(("edit", seen))
                edit(ours, random.Random(seen))
            key = rng.getrandbits(64)
            answers = shared_answers(ours, chessbits, random.Random(key), edited)

            def theirs(played=list(played), key=key, start=start, edited=edited):
                chess = python_chess()
                board = board_class(chess, name)(start)
                for m in played:
                    if isinstance(m, tuple):
                        edit(board, random.Random(m[1]))
                    else:
                        board.push_uci(m)
                return shared_answers(board, chess, random.Random(key), edited)

            tape.check(answers, theirs, (name, start, ours.fen()))
            seen += 1
            legal = sorted(ours.legal_moves, key=lambda m: m.uci())
            if not legal or ours.is_variant_end() or edited:
                break
            move = rng.choice(legal)
            played.append(move.uci())
            ours.push(move)
    tape.close()


def test_every_variant_board_is_a_board():
    for cls in chessbits.variant.VARIANTS:
        board = cls()
        assert isinstance(board, chessbits.Board)
        assert isinstance(board, chessbits.BaseBoard)
        assert type(board.copy()) is cls and type(board.mirror()) is cls and type(board.root()) is cls
    assert issubclass(chessbits.variant.AtomicBoard, chessbits.Board)
    assert chessbits.variant.find_variant("suicide") is chessbits.variant.SuicideBoard
    assert chessbits.variant.find_variant("Giveaway") is chessbits.variant.GiveawayBoard


def test_class_attributes_as_python_chess():
    chess = python_chess()
    theirs = chess.variant.VARIANTS
    ours = chessbits.variant.VARIANTS
    assert [c.__name__ for c in ours] == [c.__name__ for c in theirs]
    for mine, other in zip(ours, theirs):
        for attribute in ATTRIBUTES:
            assert getattr(mine, attribute) == getattr(other, attribute), (mine.__name__, attribute)


def test_public_names_as_python_chess():
    """Every public name of chess, chess.pgn, chess.polyglot, chess.svg and chess.variant
    (and of their classes) is chessbits' too."""
    chess = python_chess()
    import importlib
    import inspect
    import typing

    missing = []
    for suffix in ["", ".pgn", ".polyglot", ".svg", ".variant"]:
        theirs = importlib.import_module("chess" + suffix)
        mine = importlib.import_module("chessbits" + suffix)
        for name in dir(theirs):
            obj = getattr(theirs, name)
            module = getattr(obj, "__module__", None) or ""
            if name.startswith("_") or inspect.ismodule(obj) or isinstance(obj, typing.TypeVar) or name == "annotations":
                continue
            if (inspect.isclass(obj) or callable(obj)) and not module.startswith("chess"):
                continue
            if not hasattr(mine, name):
                missing.append(f"chess{suffix}.{name}")
                continue
            if inspect.isclass(obj):
                for member in dir(obj):
                    if not member.startswith("_") and not hasattr(getattr(mine, name), member):
                        missing.append(f"chess{suffix}.{name}.{member}")
    assert missing == []


def test_time_controls_as_python_chess():
    chess = python_chess()
    import chess.pgn

    import chessbits.pgn

    for text in ["40/7200:3600", "300+2", "-", "?", "", "120", "0+1", "900+10", "5/300", "1/60", "3599+0.1", "600+1", "60+0.5"]:
        mine = chessbits.pgn.parse_time_control(text)
        other = chess.pgn.parse_time_control(text)
        assert [(p.moves, p.time, p.increment, p.delay) for p in mine.parts] == [
            (p.moves, p.time, p.increment, p.delay) for p in other.parts
        ], text
        assert mine.type.name == other.type.name, text
    for text in ["40/7200:3600:60", "abc", "*180"]:
        with pytest.raises(ValueError):
            chessbits.pgn.parse_time_control(text)


def test_arrows_as_python_chess():
    chess = python_chess()
    import chess.pgn

    import chessbits.pgn

    comment = "[%csl Gd4,Ra1] [%cal Ge2e4,Yd7d5] text [%clk 0:01:00]"
    mine = chessbits.pgn.Game().add_variation(chessbits.Move.from_uci("e2e4"))
    other = chess.pgn.Game().add_variation(chess.Move.from_uci("e2e4"))
    mine.comment = other.comment = comment
    assert [a.pgn() for a in mine.arrows()] == [a.pgn() for a in other.arrows()]
    mine.set_arrows([(12, 28), (3, 3)])
    other.set_arrows([(12, 28), (3, 3)])
    assert mine.comment == other.comment


def test_attack_tables_as_python_chess():
    chess = python_chess()
    for name in ["BB_KNIGHT_ATTACKS", "BB_KING_ATTACKS", "BB_PAWN_ATTACKS", "BB_RAYS", "BB_DIAG_MASKS", "BB_FILE_MASKS", "BB_RANK_MASKS"]:
        assert getattr(chessbits, name) == getattr(chess, name), name
    for name in ["BB_DIAG_ATTACKS", "BB_FILE_ATTACKS", "BB_RANK_ATTACKS"]:
        assert getattr(chessbits, name) == getattr(chess, name), name
    for a in range(0, 64, 5):
        for b in range(64):
            assert chessbits.between(a, b) == chess.between(a, b) and chessbits.ray(a, b) == chess.ray(a, b)


def test_polyglot_hasher_as_python_chess():
    chess = python_chess()
    import chess.polyglot

    import chessbits.polyglot

    assert chessbits.polyglot.POLYGLOT_RANDOM_ARRAY == list(chess.polyglot.POLYGLOT_RANDOM_ARRAY)
    rng = random.Random(7)
    board = chessbits.Board()
    hasher = chessbits.polyglot.ZobristHasher(chessbits.polyglot.POLYGLOT_RANDOM_ARRAY)
    for _ in range(200):
        legal = sorted(board.legal_moves, key=lambda m: m.uci())
        if not legal:
            board.reset()
            continue
        board.push(rng.choice(legal))
        theirs = chess.polyglot.zobrist_hash(chess.Board(board.fen()))
        assert hasher(board) == theirs == chessbits.polyglot.zobrist_hash(board)
    for cls in chessbits.variant.VARIANTS:
        board = cls()
        for _ in range(30):
            legal = sorted(board.legal_moves, key=lambda m: m.uci())
            if not legal:
                break
            board.push(rng.choice(legal))
            assert chessbits.polyglot.zobrist_hash(board) == chess.polyglot.zobrist_hash(board.to_chess()), cls


def test_subclasses_as_python_chess_programs_write_them():
    """A subclass with its own __init__ calling Board's (python-chess's idiom) keeps its
    class through copies; BaseBoard is made of a board FEN and pickles as one."""
    import pickle

    class Tracked(chessbits.Board):
        def __init__(self, fen=chessbits.STARTING_FEN, *, chess960=False):
            super().__init__(fen, chess960=chess960)
            self.note = "tracked"

    board = Tracked("8/8/8/8/8/8/8/K6k w - - 0 1")
    assert board.note == "tracked" and board.fen() == "8/8/8/8/8/8/8/K6k w - - 0 1"
    assert type(board.copy()) is Tracked and type(board.mirror()) is Tracked
    base = chessbits.BaseBoard("8/8/8/8/8/8/8/K6k")
    assert isinstance(chessbits.Board(), chessbits.BaseBoard)
    assert issubclass(chessbits.variant.HordeBoard, chessbits.BaseBoard)
    assert repr(pickle.loads(pickle.dumps(base))) == "BaseBoard('8/8/8/8/8/8/8/K6k')"


def test_to_chess_and_from_chess_keep_the_variant():
    chess = python_chess()
    rng = random.Random(45)
    for cls in chessbits.variant.VARIANTS:
        ours = cls()
        for _ in range(12):
            legal = sorted(ours.legal_moves, key=lambda m: m.uci())
            if not legal:
                break
            ours.push(rng.choice(legal))
        theirs = ours.to_chess()
        assert type(theirs).__name__ == cls.__name__ and isinstance(theirs, chess.Board)
        assert theirs.fen() == ours.fen() and [m.uci() for m in theirs.move_stack] == [m.uci() for m in ours.move_stack]
        back = cls.from_chess(theirs)
        assert type(back) is cls and back.fen() == ours.fen() and back.move_stack == ours.move_stack


def test_find_move_on_a_board_that_is_no_position():
    chess = python_chess()
    fen = "8/8/8/8/8/8/4P3/4K2K w - - 0 1"  # two white kings, no black one
    for uci in ["e2e4", "e1d2", "h1g2", "e2e3"]:
        ours, theirs = chessbits.Board(fen), chess.Board(fen)
        move = chess.Move.from_uci(uci)
        try:
            expected = theirs.find_move(move.from_square, move.to_square).uci()
        except ValueError:
            expected = None
        try:
            got = ours.find_move(move.from_square, move.to_square).uci()
        except ValueError:
            got = None
        assert got == expected, uci


def test_variant_games_through_pgn_as_python_chess():
    """A random game of every variant board, exported by Game.from_board and read back by
    both libraries: the tags, the boards' classes and positions, the exported text."""
    chess = python_chess()
    import io

    import chess.pgn

    import chessbits.pgn

    rng = random.Random(4545)
    for cls in chessbits.variant.VARIANTS:
        for _ in range(3):
            board = cls()
            for _ in range(rng.randrange(1, 40)):
                legal = sorted(board.legal_moves, key=lambda m: m.uci())
                if not legal:
                    break
                board.push(rng.choice(legal))
            ours = chessbits.pgn.Game.from_board(board)
            theirs = chess.pgn.Game.from_board(board.to_chess())
            assert list(ours.headers.items()) == list(theirs.headers.items()), cls.__name__
            text = str(theirs)
            assert str(ours) == text, cls.__name__
            mine = chessbits.pgn.read_game(io.StringIO(text))
            other = chess.pgn.read_game(io.StringIO(text))
            assert mine.errors == [] and other.errors == []
            assert type(mine.end().board()).__name__ == type(other.end().board()).__name__ == cls.__name__
            assert mine.end().board().fen() == other.end().board().fen() == board.fen()
            assert str(mine) == str(other) == text


def test_reset_board_as_python_chess():
    """reset_board puts the standard start placement on every board class, keeping the
    side to move, the rights and the clocks (python-chess's, horde's and racing kings'
    too), with empty pockets and three checks each."""
    chess = python_chess()
    edits = {
        "ThreeCheckBoard": "4k3/8/8/8/8/8/8/4K3 b - - 1+2 5 9",
        "CrazyhouseBoard": "4k3/8/8/8/8/8/8/4K3[Pp] b - - 5 9",
    }
    for cls in [chessbits.Board] + list(chessbits.variant.VARIANTS[1:]):
        boards = []
        for lib in (chess, chessbits):
            board = lib.variant.find_variant(cls.uci_variant)()
            board.push(sorted(board.legal_moves, key=lambda m: m.uci())[0])
            if cls.__name__ in edits:
                board.set_fen(edits[cls.__name__])
            board.reset_board()
            boards.append((board.fen(), len(board.move_stack)))
        assert boards[0] == boards[1], cls.__name__
