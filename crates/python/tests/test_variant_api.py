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
POSITIONS = 10_000


def compare_board(ours, theirs, rng, fen):
    """The placement, castling, counters and the variant's own state."""
    assert ours.board_fen() == theirs.board_fen(), fen
    assert ours.ply() == theirs.ply(), fen
    assert ours.castling_rights == theirs.clean_castling_rights(), fen
    assert ours.occupied == theirs.occupied and ours.occupied_co == theirs.occupied_co, fen
    assert ours.kings == theirs.kings and ours.pawns == theirs.pawns, fen
    assert {s: p.symbol() for s, p in ours.piece_map().items()} == {
        s: p.symbol() for s, p in theirs.piece_map().items()
    }, fen
    square = rng.randrange(64)
    for color in (chess.WHITE, chess.BLACK):
        assert int(ours.attackers(color, square)) == int(theirs.attackers(color, square)), fen
        assert ours.has_castling_rights(color) == theirs.has_castling_rights(color), fen
        assert int(ours.pieces(chess.KNIGHT, color)) == int(theirs.pieces(chess.KNIGHT, color)), fen
    assert ours.piece_type_at(square) == theirs.piece_type_at(square), fen
    if isinstance(theirs, chess.variant.CrazyhouseBoard):
        for color in (chess.WHITE, chess.BLACK):
            for piece_type in chess.PIECE_TYPES:
                assert ours.pockets[color].count(piece_type) == theirs.pockets[color].count(piece_type), fen
            assert len(ours.pockets[color]) == len(theirs.pockets[color]), fen
    if isinstance(theirs, chess.variant.ThreeCheckBoard):
        assert ours.remaining_checks == list(theirs.remaining_checks), fen


def compare_draws(ours, theirs, fen):
    """The repetition and move-count rules, and the outcome with draws claimed (where
    python-chess does not decide insufficient material first)."""
    assert ours.is_repetition() == theirs.is_repetition(), fen
    assert ours.is_repetition(2) == theirs.is_repetition(2), fen
    assert ours.is_fivefold_repetition() == theirs.is_fivefold_repetition(), fen
    assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), fen
    assert ours.is_fifty_moves() == theirs.is_fifty_moves(), fen
    assert ours.is_seventyfive_moves() == theirs.is_seventyfive_moves(), fen
    assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves(), fen
    assert ours.can_claim_draw() == theirs.can_claim_draw(), fen
    if not theirs.is_insufficient_material():
        for claim in (False, True):
            assert outcome(ours.outcome(claim_draw=claim)) == outcome(theirs.outcome(claim_draw=claim)), fen
            assert ours.is_game_over(claim_draw=claim) == theirs.is_game_over(claim_draw=claim), fen


def compare_edit(ours, theirs, rng, fen):
    """set_piece_at / remove_piece_at on copies: the same board, or ours refuses a board
    that is no position of the variant."""
    ours, theirs = ours.copy(), theirs.copy()
    square = rng.randrange(64)
    assert type(ours).__name__ == type(theirs).__name__
    if rng.random() < 0.5:
        try:
            assert ours.remove_piece_at(square) == theirs.piece_at(square), fen
            edited = True
        except ValueError:
            edited = False
        theirs.remove_piece_at(square)
    else:
        piece = chess.Piece(rng.choice(chess.PIECE_TYPES), rng.choice(chess.COLORS))
        try:
            ours.set_piece_at(square, piece)
            edited = True
        except ValueError:
            edited = False
        theirs.set_piece_at(square, piece)
    if edited and ours.fen() == theirs.fen():
        assert ours.move_stack == theirs.move_stack == [], fen
        assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves), fen


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
            # Insufficient material is not decided for the variants (python-chess decides
            # it before stalemate and the move-count rules).
            if (mine is not None or theirs.is_variant_end() or not legal) and not (
                theirs.is_insufficient_material() and not theirs.is_variant_end() and not theirs.is_checkmate()
            ):
                assert mine == outcome(theirs.outcome()), fen
            assert len(ours.legal_moves) == ours.legal_moves.count() == len(legal), fen
            assert bool(ours.legal_moves) == bool(legal), fen
            assert ours.ep_square == theirs.ep_square, fen
            assert ours.has_legal_en_passant() == theirs.has_legal_en_passant(), fen
            assert ours.epd() == theirs.epd(), fen
            compare_draws(ours, theirs, fen)
            for m in rng.sample(legal, min(5, len(legal))):
                assert m in ours.legal_moves, (fen, m)
                assert ours.lan(m) == theirs.lan(m), (fen, m)
                assert ours.is_irreversible(m) == theirs.is_irreversible(m), (fen, m)
                assert ours.san(m) == theirs.san(m), (fen, m)
                assert ours.parse_san(theirs.san(m)) == m
                assert ours.is_capture(m) == theirs.is_capture(m), (fen, m)
                assert ours.gives_check(m) == theirs.gives_check(m), (fen, m)
                assert ours.is_zeroing(m) == theirs.is_zeroing(m), (fen, m)
                assert ours.is_en_passant(m) == theirs.is_en_passant(m), (fen, m)
                assert ours.is_castling(m) == theirs.is_castling(m), (fen, m)
            compare_board(ours, theirs, rng, fen)
            if rng.random() < 0.05:
                line, board = [], theirs.copy()
                for _ in range(rng.randrange(1, 5)):
                    moves = list(board.legal_moves)
                    if not moves or board.is_variant_end():
                        break
                    line.append(rng.choice(moves))
                    board.push(line[-1])
                assert ours.variation_san(line) == theirs.variation_san(line), (fen, line)
            if rng.random() < 0.02:
                compare_edit(ours, theirs, rng, fen)
            seen += 1
            if not legal or theirs.is_variant_end():
                break
            # Often the move back of the side's last move, so that positions repeat.
            back = None
            if len(theirs.move_stack) >= 2 and rng.random() < 0.4:
                last = theirs.move_stack[-2]
                back = chess.Move(last.to_square, last.from_square)
            move = back if back in legal else rng.choice(legal)
            how = rng.randrange(4)
            if how == 0:
                assert ours.push_san(theirs.san(move)) == move
            elif how == 1:
                ours.push(move)  # a python-chess move
            elif how == 2:
                assert ours.push_uci(theirs.uci(move)) == move
            else:
                # A chessbits move pushed on the python-chess board.
                move = ours.parse_uci(theirs.uci(move))
                ours.push(move)
            theirs.push(move)
            assert ours.peek() == theirs.peek()
            if rng.random() < 0.05:
                assert ours.pop() == theirs.pop()
            if rng.random() < 0.01:
                assert ours.root().fen() == theirs.root().fen()


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
