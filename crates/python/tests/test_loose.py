"""Boards that are no legal position, against python-chess: random placements with no
king, one or three, extra pieces, pawns on back ranks, castling rights and en-passant
squares that cannot be right, Chess960 or not; then moves pushed as python-chess pushes
them (legal, pseudo-legal into check, null, the standard castling move), some taken back.
Each position is asked the same questions of both boards (`answers`); python-chess's
answers are kept as digests (oracle.py): `CHESSBITS_RECORD_ORACLE=1` asks it anew."""

import random

import chess
import pytest

import chessbits
from oracle import Tape

BOARDS = 800


def ucis(moves):
    return sorted(m.uci() for m in moves)


def answers(b, rng):
    """The questions, asked the same way of a python-chess and a chessbits board."""
    out = [
        ("state", (b.board_fen(), b.turn, b.castling_rights, b.ep_square, b.halfmove_clock, b.fullmove_number)),
        ("status", int(b.status())),
        ("is_valid", b.is_valid()),
        ("clean_castling_rights", b.clean_castling_rights()),
        ("checkers", b.checkers_mask()),
        ("is_check", b.is_check()),
        ("was_into_check", b.was_into_check()),
        ("legal", ucis(b.legal_moves)),
        ("pseudo", ucis(b.pseudo_legal_moves)),
        ("count", (b.legal_moves.count(), b.pseudo_legal_moves.count(), bool(b.legal_moves))),
        ("captures", ucis(b.generate_legal_captures())),
        ("pseudo_captures", ucis(b.generate_pseudo_legal_captures())),
        ("castling", ucis(b.generate_castling_moves())),
        ("legal_ep", ucis(b.generate_legal_ep())),
        ("pseudo_ep", ucis(b.generate_pseudo_legal_ep())),
        ("mate", (b.is_checkmate(), b.is_stalemate())),
        ("rights", [(b.has_castling_rights(c), b.has_kingside_castling_rights(c), b.has_queenside_castling_rights(c)) for c in (True, False)]),
        ("pins", [b.pin_mask(b.turn, sq) for sq in chess.SquareSet(b.occupied_co[b.turn])]),
        ("fen", b.fen(en_passant="fen")),
        ("stack", [m.uci() for m in b.move_stack]),
    ]
    ours = list(chess.SquareSet(b.occupied_co[b.turn]))
    probes = [chess.Move(rng.choice(ours), rng.randrange(64)) for _ in range(4) if ours]
    back = 0 if b.turn else 7
    probes += [chess.Move(chess.square(4, back), chess.square(f, back)) for f in (0, 2, 6, 7)]
    pseudo = sorted(b.pseudo_legal_moves, key=lambda m: m.uci())
    probes += rng.sample(pseudo, min(3, len(pseudo)))
    for m in probes:
        if m.from_square == m.to_square:
            continue
        pl = b.is_pseudo_legal(m)
        row = (m.uci(), pl, b.is_legal(m))
        if pl:
            row += (b.is_into_check(m), b.gives_check(m), b.is_capture(m), b.is_castling(m), b.is_en_passant(m))
        out.append(("probe", row))
    return out


def random_edit(rng, boards):
    """The same random board set up on every board of `boards` (no legal position, mostly)."""
    chess960 = rng.random() < 0.25
    for b in boards:
        b.clear()
        b.chess960 = chess960
    kings = rng.choice([(1, 1), (0, 1), (1, 0), (0, 0), (2, 1), (1, 2), (3, 0), (1, 1)])
    squares = list(chess.SQUARES)
    rng.shuffle(squares)
    placed = []
    if rng.random() < 0.35:
        for color, rank in ((chess.WHITE, 0), (chess.BLACK, 7)):
            if rng.random() < 0.7:
                placed.append((chess.square(4, rank), chess.KING, color))
                placed += [(chess.square(f, rank), chess.ROOK, color) for f in (0, 7) if rng.random() < 0.8]
    for color, n in zip((chess.WHITE, chess.BLACK), kings):
        placed += [(None, chess.KING, color)] * n
    placed += [(None, rng.choice([1, 1, 2, 3, 4, 5]), rng.random() < 0.5) for _ in range(rng.choice([4, 10, 20]))]
    taken = {sq for sq, _, _ in placed if sq is not None}
    free = [s for s in squares if s not in taken]
    for sq, role, color in placed:
        if sq is None:
            if not free:
                continue
            sq = free.pop()
        for b in boards:
            b.set_piece_at(sq, chess.Piece(role, color) if isinstance(b, chess.Board) else chessbits.Piece(role, color))
    turn = rng.random() < 0.5
    rights = sum(chess.BB_SQUARES[s] for s in (chess.A1, chess.H1, chess.A8, chess.H8) if rng.random() < 0.6)
    if rng.random() < 0.2:
        rights |= chess.BB_SQUARES[rng.randrange(64)]
    ep = None
    if rng.random() < 0.35:
        ep = chess.square(rng.randrange(8), 5 if turn else 2)
    clocks = (rng.randrange(0, 100), rng.randrange(1, 60))
    for b in boards:
        b.turn = turn
        b.castling_rights = rights
        b.ep_square = ep
        b.halfmove_clock, b.fullmove_number = clocks


def next_move(rng, b):
    """A move python-chess would push here: legal, pseudo-legal, null or standard castling."""
    kind = rng.randrange(5)
    legal = list(b.legal_moves)
    pseudo = [m for m in b.pseudo_legal_moves if m not in legal]
    if kind <= 1 and legal:
        return rng.choice(legal)
    if kind == 2 and pseudo:
        return rng.choice(pseudo)
    if kind == 3:
        back = 0 if b.turn else 7
        king = chess.square(4, back)
        if b.kings & chess.BB_SQUARES[king] & b.occupied_co[b.turn]:
            return chess.Move(king, chess.square(rng.choice([2, 6]), back))
    if pseudo or legal:
        return rng.choice(pseudo + legal)
    return chess.Move.null()


def test_boards_that_are_no_position_answer_as_python_chess():
    tape = Tape("loose")
    rng = random.Random(4545)
    for n in range(BOARDS):
        theirs, ours = chess.Board(), chessbits.Board()
        random_edit(rng, [theirs, ours])
        for ply in range(rng.randrange(1, 10)):
            key = rng.getrandbits(32)
            where = (n, ply, theirs.fen(en_passant="fen"))
            tape.check(answers(ours, random.Random(key)), lambda: answers(theirs, random.Random(key)), where)
            if rng.random() < 0.15 and theirs.move_stack:
                assert ours.pop() == theirs.pop()
                continue
            m = next_move(rng, theirs)
            if theirs.piece_at(m.from_square) is None and m:
                break
            theirs.push(m)
            ours.push(m)
    tape.close()


def outcome(f):
    """`f()`'s value, or the name of the exception it raised."""
    try:
        return ("ok", f())
    except Exception as e:  # noqa: BLE001 - the kind is what is compared
        return ("raised", type(e).__name__)


def test_san_on_boards_that_are_no_position():
    """SAN, LAN and XBoard text of the legal moves of boards that are no position, written
    and read back as python-chess does (asked live), then moves pushed by SAN."""
    rng = random.Random(4546)
    compared = 0
    for n in range(300):
        theirs, ours = chess.Board(), chessbits.Board()
        random_edit(rng, [theirs, ours])
        for ply in range(rng.randrange(1, 5)):
            where = (n, ply, theirs.fen(en_passant="fen"))
            legal = sorted(theirs.legal_moves, key=lambda m: m.uci())
            for m in rng.sample(legal, min(6, len(legal))) + [chess.Move.null()]:
                for ask in (
                    lambda b: b.san(m),
                    lambda b: b.lan(m),
                    lambda b: b.xboard(m),
                    lambda b: b.parse_san(theirs.san(m)).uci(),
                    lambda b: b.parse_xboard(theirs.xboard(m)).uci(),
                    lambda b: b.parse_san(theirs.lan(m)).uci(),
                ):
                    assert outcome(lambda: ask(ours)) == outcome(lambda: ask(theirs)), where
                    compared += 1
            # Moves that are not legal: python-chess writes them too (it checks no legality).
            pseudo = sorted(set(theirs.pseudo_legal_moves) - set(legal), key=lambda m: m.uci())
            # Pieces of either side (python-chess writes a move of the side not to move's
            # pieces as a capture).
            pieces = list(chess.SquareSet(theirs.occupied))
            others = [chess.Move(rng.choice(pieces), rng.randrange(64)) for _ in range(3) if pieces]
            for m in rng.sample(pseudo, min(3, len(pseudo))) + others:
                if m.from_square == m.to_square:
                    continue
                for ask in (lambda b: b.san(m), lambda b: b.lan(m)):
                    assert outcome(lambda: ask(ours)) == outcome(lambda: ask(theirs)), (where, m.uci())
                    compared += 1
            if not legal:
                break
            m = rng.choice(legal)
            san = theirs.san(m)
            assert ours.push_san(san) == theirs.push_san(san), (where, san)
            assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen"), (where, san)
    assert compared > 10_000
    # On legal positions too, a move that is not legal is written as python-chess writes it.
    rng = random.Random(4547)
    for n in range(100):
        theirs, ours = chess.Board(), chessbits.Board()
        for ply in range(rng.randrange(0, 40)):
            legal = list(theirs.legal_moves)
            if not legal:
                break
            m = rng.choice(legal)
            theirs.push(m)
            ours.push(m)
        pieces = list(chess.SquareSet(theirs.occupied))
        pseudo = sorted(set(theirs.pseudo_legal_moves) - set(theirs.legal_moves), key=lambda m: m.uci())
        for m in [chess.Move(rng.choice(pieces), rng.randrange(64)) for _ in range(5)] + pseudo[:3]:
            if m.from_square == m.to_square:
                continue
            for ask in (lambda b: b.san(m), lambda b: b.lan(m)):
                assert outcome(lambda: ask(ours)) == outcome(lambda: ask(theirs)), (theirs.fen(), m.uci())
                compared += 1
    # Text that names no move, or an illegal one, is refused alike.
    b, c = chessbits.Board("8/8/8/8/8/8/8/R6R w - - 0 1"), chess.Board("8/8/8/8/8/8/8/R6R w - - 0 1")
    for text in ("Rd1", "Rad1", "R1d1", "Rh2", "Ra9", "Kb1", "xyz", "O-O", "--"):
        assert outcome(lambda: b.parse_san(text).uci()) == outcome(lambda: c.parse_san(text).uci()), text


def test_push_refuses_what_python_chess_refuses():
    ours, theirs = chessbits.Board(), chess.Board()
    for b in (ours, theirs):
        with pytest.raises(AssertionError):
            b.push(chess.Move.from_uci("e3e4"))
    # A null move in check is played (the side that moved is then in check).
    ours, theirs = chessbits.Board("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"), chess.Board("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    ours.push(chess.Move.null())
    theirs.push(chess.Move.null())
    assert ours.fen() == theirs.fen() and int(ours.status()) == int(theirs.status())
    assert ours.pop() == theirs.pop() and ours.fen() == theirs.fen()


def test_module_helpers_and_chess960_numbers():
    for name in [
        "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal",
        "shift_down", "shift_2_down", "shift_up", "shift_2_up", "shift_right", "shift_2_right",
        "shift_left", "shift_2_left", "shift_up_left", "shift_up_right", "shift_down_left",
        "shift_down_right",
    ]:
        rng = random.Random(name)
        for _ in range(200):
            bb = rng.getrandbits(64)
            assert getattr(chessbits, name)(bb) == getattr(chess, name)(bb), name
    for a in chess.SQUARES:
        for b in chess.SQUARES:
            assert chessbits.square_knight_distance(a, b) == chess.square_knight_distance(a, b)
    for n in range(0, 960, 7):
        ours, theirs = chessbits.Board.from_chess960_pos(n), chess.Board.from_chess960_pos(n)
        assert ours.fen() == theirs.fen() and ours.chess960 and ours.chess960_pos() == n
    assert chessbits.Board().chess960_pos() == chess.Board().chess960_pos() == 518
    board = chessbits.Board()
    board.push_san("e4")
    assert board.chess960_pos() is None and board.chess960_pos(ignore_turn=True) is None


def test_board_methods_python_chess_has():
    ours, theirs = chessbits.Board(), chess.Board()
    for b in (ours, theirs):
        b.push_san("e4")
        b.push_san("c5")
        b.apply_mirror()
    assert ours.fen() == theirs.fen()
    for f in (chess.flip_horizontal, chess.shift_down, chess.flip_diagonal):
        assert ours.transform(f).fen() == theirs.transform(f).fen()
        assert ours.transform(f).status() == theirs.transform(f).status()
    pieces = {chess.E1: chess.Piece(chess.KING, True), chess.E8: chess.Piece(chess.KING, False), chess.A7: chess.Piece(chess.PAWN, True)}
    for b in (ours, theirs):
        b.set_piece_map(pieces)
    assert ours.fen() == theirs.fen()
    c960 = chess.Board("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", chess960=True)
    o960 = chessbits.Board("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", chess960=True)
    for m in c960.legal_moves:
        assert o960.xboard(m) == c960.xboard(m)
        assert o960.parse_xboard(c960.xboard(m) if not c960.is_castling(m) else c960.san(m)) == c960.parse_xboard(c960.xboard(m) if not c960.is_castling(m) else c960.san(m))
    assert chessbits.Move.from_uci("g7g8p") == chess.Move.from_uci("g7g8p")
    gen = chessbits.MoveGenerator(ours)
    assert list(gen) == list(ours.legal_moves)
    def listed(gen):
        return sorted(repr(gen).split("(")[1].rstrip(")>").split(", "))

    board = chess.Board("4k3/8/8/8/8/8/3r4/4K2R w K - 0 1")
    for gen in ("legal_moves", "pseudo_legal_moves"):
        ours, theirs = getattr(chessbits.Board(board.fen()), gen), getattr(board, gen)
        assert listed(ours) == listed(theirs)

    class Mine(chessbits.Board):
        pass

    assert Mine().fen() == chess.STARTING_FEN
