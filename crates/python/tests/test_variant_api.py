"""chessbits.variant against python-chess's chess.variant on random games of the seven
Lichess variants (python-chess's answers kept as digests by oracle.py, asked live when
recording): FEN, legal and pseudo-legal moves, SAN, check, the variants' ends,
insufficient material, the draws, status, mirror, pickling, EPD, copies keeping some moves,
editing (pieces, castling field, clear); crazyhouse drop squares; moves crossing
libraries.

Cost: python-chess's claim checks replay its move stack and play every legal move, so each
python-chess answer is asked once per position and reused; games are at most MAX_PLIES
long (more games, the same number of positions), some starting with a high halfmove clock
so that the fifty- and seventy-five-move rules are reached."""

import pickle
import random

import chess
import chess.variant
import pytest

import chessbits
import chessbits.variant
from oracle import RECORD, Tape

NAMES = ["atomic", "antichess", "kingofthehill", "racingkings", "horde", "3check", "crazyhouse", "giveaway", "suicide"]
POSITIONS = 10_000
# Random games stop after this many plies (python-chess's claims walk the move stack).
MAX_PLIES = 60


def ucis(moves):
    return sorted(m.uci() for m in moves)


def symbol(piece):
    return None if piece is None else piece.symbol()


def outcome(o):
    return None if o is None else (o.termination.name, o.winner)


def epd_ops(ops):
    """set_epd's operations with moves as UCI text."""
    return sorted((k, [m.uci() for m in v] if isinstance(v, list) else v) for k, v in ops.items())


def fields_but_ep(fen):
    """A FEN's fields but the en-passant square (python-chess writes it from its move
    generator run on a board it calls invalid)."""
    fields = fen.split(" ")
    return fields[:3] + fields[4:]


class Answers:
    """Every question the test asks of one board in one position, with its answers: the
    same list from a python-chess board and from a chessbits one (oracle.py keeps
    python-chess's). `theirs` says which library the board is; `edited_is_position` is
    chessbits' word on the edited copy (python-chess has no such question), asked of the
    chessbits board and handed to the python-chess side."""

    def __init__(self, b, rng, edited_is_position=None):
        self.b, self.rng, self.out = b, rng, []
        self.theirs = isinstance(b, chess.Board)
        self.edited_is_position = edited_is_position

    def add(self, question, answer):
        self.out.append((question, answer))

    def castling(self, b):
        return b.clean_castling_rights() if self.theirs else b.castling_rights

    def all(self):
        b, add = self.b, self.add
        legal = sorted(b.legal_moves, key=lambda m: m.uci())
        add("fen", b.fen())
        add("legal_moves", [m.uci() for m in legal])
        add("is_check", b.is_check())
        add("turn", b.turn)
        add("is_variant_end", b.is_variant_end())
        add("is_checkmate", b.is_checkmate())
        # python-chess's is_stalemate() is False where a move is legal.
        add("is_stalemate", (not legal and b.is_stalemate()) if self.theirs else b.is_stalemate())
        add("legal_moves.count()", b.legal_moves.count())
        add("bool(legal_moves)", bool(b.legal_moves))
        add("ep_square", b.ep_square)
        add("has_legal_en_passant", b.has_legal_en_passant())
        add("epd", b.epd())
        self.draws()
        self.moves()
        self.copies(legal)
        for m in self.rng.sample(legal, min(5, len(legal))):
            u = m.uci()
            add(("in legal_moves", u), m in b.legal_moves)
            add(("lan", u), b.lan(m))
            add(("is_irreversible", u), b.is_irreversible(m))
            add(("san", u), b.san(m))
            add(("is_capture", u), b.is_capture(m))
            add(("gives_check", u), b.gives_check(m))
            add(("is_zeroing", u), b.is_zeroing(m))
            add(("is_en_passant", u), b.is_en_passant(m))
            add(("is_castling", u), b.is_castling(m))
        self.board()
        if self.rng.random() < 0.05:
            line, board = [], b.copy()
            for _ in range(self.rng.randrange(1, 5)):
                moves = sorted(board.legal_moves, key=lambda m: m.uci())
                if not moves or board.is_variant_end():
                    break
                line.append(self.rng.choice(moves))
                board.push(line[-1])
            add(("variation_san", tuple(m.uci() for m in line)), b.variation_san(line))
        self.edit()
        return self.out

    def board(self):
        """The placement, castling, counters and the variant's own state."""
        b, add, rng = self.b, self.add, self.rng
        add("board_fen", b.board_fen())
        add("ply", b.ply())
        add("castling_rights", self.castling(b))
        add("occupied", (int(b.occupied), [int(x) for x in b.occupied_co]))
        add("kings pawns", (int(b.kings), int(b.pawns)))
        add("piece_map", sorted((sq, p.symbol()) for sq, p in b.piece_map().items()))
        square = rng.randrange(64)
        for color in (chess.WHITE, chess.BLACK):
            add(("attackers", color, square), int(b.attackers(color, square)))
            add(("has_castling_rights", color), b.has_castling_rights(color))
            add(("knights", color), int(b.pieces(chess.KNIGHT, color)))
        add(("piece_type_at", square), b.piece_type_at(square))
        if b.uci_variant == "crazyhouse":
            for color in (chess.WHITE, chess.BLACK):
                add(("pocket", color), [b.pockets[color].count(t) for t in chess.PIECE_TYPES])
                add(("len(pocket)", color), len(b.pockets[color]))
        if b.uci_variant == "3check":
            add("remaining_checks", list(b.remaining_checks))

    def draws(self):
        """Insufficient material, the repetition and move-count rules, and the outcome with
        and without claimed draws. python-chess's slow answers are asked once: its
        `can_claim_draw()` is `can_claim_fifty_moves() or can_claim_threefold_repetition()`,
        its `outcome(claim_draw=True)` is `outcome()`, else the fifty-move claim, else the
        threefold one, and `is_game_over(...)` is `outcome(...) is not None`
        (chess/__init__.py); a sample checks these identities on python-chess itself."""
        b, add, rng = self.b, self.add, self.rng
        for color in (chess.WHITE, chess.BLACK):
            add(("has_insufficient_material", color), b.has_insufficient_material(color))
        add("is_insufficient_material", b.is_insufficient_material())
        add("is_repetition()", b.is_repetition())
        add("is_repetition(2)", b.is_repetition(2))
        add("is_fivefold_repetition", b.is_fivefold_repetition())
        claim3 = b.can_claim_threefold_repetition()
        add("can_claim_threefold_repetition", claim3)
        add("is_fifty_moves", b.is_fifty_moves())
        add("is_seventyfive_moves", b.is_seventyfive_moves())
        claim50 = b.can_claim_fifty_moves()
        add("can_claim_fifty_moves", claim50)
        sample = rng.random() < 0.01
        if not self.theirs:
            add("can_claim_draw", b.can_claim_draw())
            for claim in (False, True):
                o = b.outcome(claim_draw=claim)
                add(("outcome", claim), (outcome(o), b.is_game_over(claim_draw=claim), b.result(claim_draw=claim)))
            return
        add("can_claim_draw", claim50 or claim3)
        plain = b.outcome()
        if plain is not None:
            claimed = plain
        elif claim50:
            claimed = chess.Outcome(chess.Termination.FIFTY_MOVES, None)
        elif claim3:
            claimed = chess.Outcome(chess.Termination.THREEFOLD_REPETITION, None)
        else:
            claimed = None
        if sample:
            assert b.outcome(claim_draw=True) == claimed and b.can_claim_draw() == (claim50 or claim3)
        for claim, expected in ((False, plain), (True, claimed)):
            result = "*" if expected is None else expected.result()
            add(("outcome", claim), (outcome(expected), expected is not None, result))

    def moves(self):
        """Pseudo-legal moves (the collection and `in`), the generators with random square
        masks, legal and pseudo-legal captures."""
        b, add, rng = self.b, self.add, self.rng
        pseudo = sorted(b.pseudo_legal_moves, key=lambda m: m.uci())
        add("pseudo_legal_moves", [m.uci() for m in pseudo])
        add("pseudo_legal_moves.count()", b.pseudo_legal_moves.count())
        add("bool(pseudo_legal_moves)", bool(b.pseudo_legal_moves))
        for m in rng.sample(pseudo, min(3, len(pseudo))):
            add(("in pseudo_legal_moves", m.uci()), m in b.pseudo_legal_moves)
        # Random masks (python-chess's atomic and racing kings test each move they keep for
        # legality: full masks, the default, one time in ten).
        full = rng.random() < 0.1
        f = chess.BB_ALL if full else rng.getrandbits(64)
        t = chess.BB_ALL if full else rng.getrandbits(64)
        add(("generate_legal_moves", f, t), ucis(b.generate_legal_moves(f, t)))
        add(("generate_pseudo_legal_moves", f, t), ucis(b.generate_pseudo_legal_moves(f, t)))
        add(("generate_legal_captures", f, t), ucis(b.generate_legal_captures(f, t)))
        add(("generate_pseudo_legal_captures", f, t), ucis(b.generate_pseudo_legal_captures(f, t)))
        castling = b.generate_castling_moves(f, t)
        if self.theirs:
            castling = [m for m in castling if b.is_legal(m)]
        add(("generate_castling_moves", f, t), ucis(castling))
        add(("generate_legal_ep", f, t), ucis(b.generate_legal_ep(f, t)))
        if b.uci_variant == "crazyhouse":
            add(("generate_legal_drops", t), ucis(b.generate_legal_drops(t)))
            add(("generate_pseudo_legal_drops", t), [m.uci() for m in b.generate_pseudo_legal_drops(t)])
            # python-chess's mask is ~occupied (a negative int) when the king is not in check.
            add("legal_drop_squares_mask", b.legal_drop_squares_mask() & chess.BB_ALL)
            add("legal_drop_squares", int(b.legal_drop_squares()))

    def copies(self, legal):
        """status, mirror, set_epd and copies keeping some moves (on copies)."""
        b, add, rng = self.b, self.add, self.rng
        add("status", int(b.status()))
        add("is_valid", b.is_valid())
        mirror = b.mirror()
        add("mirror status", int(mirror.status()))
        # A mirrored horde is no horde position: the en-passant field as in edit().
        add("mirror", mirror.fen() if mirror.is_valid() else fields_but_ep(mirror.fen()))
        epd = b.epd(hmvc=b.halfmove_clock, fmvn=b.fullmove_number)
        if rng.random() < 0.3 and legal:
            epd = b.epd(bm=rng.choice(legal), id="x")
        if b.uci_variant == "crazyhouse":
            # python-chess's crazyhouse EPD leaves the operations out (chessbits writes them).
            epd = b.epd()
        add("epd ops", epd)
        other = b.copy()
        add("set_epd", (epd_ops(other.set_epd(epd)), other.fen(), other.move_stack == []))
        # copy(stack=n): the last n moves (True all, False none).
        keep = rng.choice([True, False, 0, 1, 2, rng.randrange(len(b.move_stack) + 3)])
        other = b.copy(stack=keep)
        add(("copy(stack)", keep), (other.fen(), [m.uci() for m in other.move_stack]))
        if rng.random() < 0.1:
            add(("copy(stack) root", keep), (other.root().fen(), other.is_repetition(2)))

    def edit(self):
        """set_piece_at / remove_piece_at (and crazyhouse pocket writes) on a copy: the
        same board and status, kept as python-chess keeps it when it is no position of the
        variant; the same legal moves when it is one."""
        b, add, rng = self.b.copy(stack=False), self.add, self.rng
        square = rng.randrange(64)
        edit = rng.random()
        if edit < 0.1:
            # A castling field, often naming rooks that are not there; or no FEN at all.
            castling = rng.choice(["-", "", "KQkq", "Kq", "Qk", "AHah", "Bg", "K-", "Kx", "kQ", "KQKQK", "kQ q"])
            if b.uci_variant == "antichess" and castling in ("KQkq", "Kq", "Qk", "AHah", "Bg"):
                # Known difference, as with set_fen: python-chess's antichess keeps castling
                # rights a FEN gives (and castles with them); chessbits' antichess has none.
                castling = "-"
            try:
                b.set_castling_fen(castling)
                add(("set_castling_fen", castling), "ok")
            except ValueError:
                add(("set_castling_fen", castling), "ValueError")
        elif edit < 0.13:
            b.clear_board()
        elif edit < 0.15:
            b.clear()
        elif edit < 0.55:
            add(("remove_piece_at", square), symbol(b.remove_piece_at(square)))
        else:
            piece = chess.Piece(rng.choice(chess.PIECE_TYPES), rng.choice(chess.COLORS))
            b.set_piece_at(square, piece)
        if b.uci_variant == "crazyhouse":
            color, piece_type = rng.choice(chess.COLORS), rng.randrange(1, 6)
            b.pockets[color].add(piece_type)
            if b.pockets[not color].count(piece_type):
                b.pockets[not color].remove(piece_type)
            if rng.random() < 0.2:
                b.pockets[color].reset()
        add("edited move_stack", [m.uci() for m in b.move_stack])
        add("edited status", int(b.status()))
        valid = b.is_valid()
        add("edited is_valid", valid)
        add("edited fen", b.fen() if valid else fields_but_ep(b.fen()))
        if self.edited_is_position is None:
            self.edited_is_position = b._is_position()
        is_position = self.edited_is_position
        add("edited is a position (chessbits)", is_position)
        if is_position:
            # The moves after the edit, one time in four (the edits themselves every time).
            if valid and rng.random() < 0.25:
                add("edited legal_moves", ucis(b.legal_moves))
                add("edited outcome", outcome(b.outcome()))
        elif not self.theirs:
            # Kept as python-chess keeps it; no moves (python-chess plays on boards its
            # status() flags, and on a few it calls valid that no game reaches, as two black
            # kings in horde or an atomic king left in check by the side to move).
            assert not b.legal_moves and b.outcome() is None, b.fen()


def check_ours(ours, rng):
    """What chessbits must answer of itself, whatever python-chess says."""
    fen = ours.fen()
    legal = list(ours.legal_moves)
    assert len(ours.legal_moves) == ours.legal_moves.count() == len(legal), fen
    assert len(ours.pseudo_legal_moves) == ours.pseudo_legal_moves.count(), fen
    for m in rng.sample(legal, min(5, len(legal))):
        assert ours.parse_san(ours.san(m)) == m, (fen, m)
    assert isinstance(ours.status(), chessbits.Status)
    mirror = ours.mirror()
    assert type(mirror) is type(ours) and mirror.move_stack == []
    again = pickle.loads(pickle.dumps(ours))
    assert type(again) is type(ours), fen
    assert again.fen() == ours.fen() and again.move_stack == ours.move_stack, fen
    assert again.root().fen() == ours.root().fen(), fen
    keep = rng.choice([True, False, 0, 1, 2])
    assert type(ours.copy(stack=keep)) is type(ours)


def python_chess_answers(name, start, ours, rng, is_position):
    """python-chess's answers where `ours` is: its board set up at the game's start, the
    moves of `ours` played."""
    theirs = chess.variant.find_variant(name)(start)
    for m in ours.move_stack:
        theirs.push(chess.Move.from_uci(m.uci()))
    return Answers(theirs, rng, is_position).all()


@pytest.mark.parametrize("name", NAMES)
def test_random_variant_games(name):
    tape = Tape(f"variant-{name}")
    rng = random.Random(name)
    seen = 0
    while seen < POSITIONS:
        ours = chessbits.variant.find_variant(name)()
        # Some games start late in the fifty-move count.
        clock = rng.choice([0, 0, 0, 94, 144])
        if clock:
            ours.set_fen(ours.fen().rsplit(" ", 2)[0] + f" {clock} 1")
        start = ours.fen()
        theirs = chess.variant.find_variant(name)(start) if RECORD else None
        if theirs is not None:
            assert type(ours).uci_variant == type(theirs).uci_variant
            assert theirs.fen() == start
        for _ in range(MAX_PLIES):
            if seen >= POSITIONS:
                break
            key = rng.getrandbits(64)
            mine = Answers(ours, random.Random(key))
            answers = mine.all()

            def python_chess():
                if theirs is not None:
                    return Answers(theirs, random.Random(key), mine.edited_is_position).all()
                return python_chess_answers(name, start, ours, random.Random(key), mine.edited_is_position)

            tape.check(answers, python_chess, (name, start, ours.fen()))
            check_ours(ours, random.Random(key))
            seen += 1
            legal = sorted(ours.legal_moves, key=lambda m: m.uci())
            if not legal or ours.is_variant_end():
                break
            # Often the move back of the side's last move, so that positions repeat.
            back = None
            if len(ours.move_stack) >= 2 and rng.random() < 0.4:
                last = ours.move_stack[-2]
                back = chess.Move(last.to_square, last.from_square)
            move = back if back in legal else rng.choice(legal)
            how = rng.randrange(4)
            if how == 0:
                assert ours.push_san(ours.san(move)) == move
            elif how == 1:
                ours.push(chess.Move.from_uci(move.uci()))  # a python-chess move
            elif how == 2:
                assert ours.push_uci(ours.uci(move)) == move
            else:
                # A chessbits move (pushed on the python-chess board too, when recording).
                ours.push(ours.parse_uci(move.uci()))
            if theirs is not None:
                theirs.push(ours.peek() if how == 3 else chess.Move.from_uci(move.uci()))
                assert ours.peek() == theirs.peek()
            assert ours.peek() == chess.Move.from_uci(move.uci())
            if rng.random() < 0.05:
                popped = ours.pop()
                if theirs is not None:
                    assert popped == theirs.pop()
            if rng.random() < 0.01 and theirs is not None:
                assert ours.root().fen() == theirs.root().fen()
    tape.close()


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


@pytest.mark.parametrize("name", NAMES)
def test_hostile_text_raises_python_chess_exceptions(name):
    rng = random.Random("hostile " + name)
    alphabet = "abcdefgh12345678xNBRQKO-=+#@0pnbrqk "
    theirs_cls, ours_cls = chess.variant.find_variant(name), chessbits.variant.find_variant(name)
    for _ in range(2_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 7)))
        theirs, ours = theirs_cls(), ours_cls()
        for method in ("parse_san", "parse_uci"):
            try:
                expected, error = getattr(theirs, method)(text), None
            except ValueError as e:
                expected, error = None, type(e).__name__
            try:
                got, got_error = getattr(ours, method)(text), None
            except ValueError as e:
                got, got_error = None, type(e).__name__
            # The same move, or the same class of error (crazyhouse drops included).
            assert (got_error, got) == (error, expected), (name, method, text)
    # Bad FENs: python-chess's ValueError, never a crash.
    for _ in range(2_000):
        fen = "".join(rng.choice("rnbqkpRNBQKP12345678/ -w[]~+03") for _ in range(rng.randrange(40)))
        try:
            ours_cls(fen)
        except ValueError:
            pass
