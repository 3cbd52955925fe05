"""chessbits.pgn against python-chess's chess.pgn on the shared PGN files (annotated games,
Chess960, edge cases, master games): the same games, headers, trees, comments, NAGs, clocks,
boards, errors and exported text. python-chess's reading of the shared files is kept as
digests by oracle.py (`data/oracle/pgn-<file>.digests`, one per game)."""

import io
import pathlib
import re

import chess
import chess.pgn
import pytest

import chessbits
import chessbits.pgn

from conftest import DATA, SAMPLE, shared
from oracle import RECORD, Tape

FILES = [
    "pgn/annotated/pychess_world_matches.pgn",
    "pgn/annotated/pgn-extract_19.04_eco.pgn",
    "pgn/chess960/pychess_chess960rwch_mainz2009.pgn",
    "pgn/chess960/python-chess_cutechess-fischerrandom.pgn",
    "pgn/edge_cases/pychess_3fold.pgn",
    "pgn/edge_cases/pychess_50halfmoves.pgn",
    "pgn/edge_cases/pychess_annotated.pgn",
    "pgn/edge_cases/pychess_badpgn.pgn",
    "pgn/edge_cases/pychess_bilbao.pgn",
    "pgn/edge_cases/pychess_dortmund.pgn",
    "pgn/edge_cases/pychess_fenSetup.pgn",
    "pgn/edge_cases/pychess_mate.pgn",
    "pgn/edge_cases/pychess_promotion.pgn",
    "pgn/edge_cases/python-chess_anastasian-lewis.pgn",
    "pgn/edge_cases/python-chess_chessbase-empty-line.pgn",
    "pgn/edge_cases/python-chess_kasparov-deep-blue-1997.pgn",
    "pgn/edge_cases/python-chess_molinari-bordais-1979.pgn",
    "pgn/edge_cases/python-chess_nepomniachtchi-liren-game1.pgn",
    "pgn/edge_cases/python-chess_stockfish-learning.pgn",
    "pgn/edge_cases/python-chess_uci-moves.pgn",
    "pgn/edge_cases/python-chess_utf8-bom.pgn",
    "pgn/master/twic0920.pgn",
]
MAX_GAMES = 400


def squash(text):
    return re.sub(r"\s+", " ", text).strip()


def nodes(game):
    stack = [game]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.variations))


# Files with tokens that are no PGN at all (`g(erg)`): python-chess's tokenizer passes over
# them in silence, chessbits reports each in `game.errors`; the trees are the same. A
# malformed tag pair (`[kj90trkm"sdfsdf"yl]`) python-chess drops; chessbits-pgn's reader
# keeps what it can read of it and reports it.
JUNK = {"pgn/edge_cases/pychess_badpgn.pgn"}


EXPORT_OPTIONS = [
    dict(headers=False, columns=50),
    dict(headers=False, comments=False),
    dict(headers=False, variations=False),
    dict(headers=False, columns=None, variations=False, comments=False),
    dict(headers=False, columns=None),
]


def compare_games(theirs, ours, where, errors=True):
    if errors:
        assert dict(ours.headers) == dict(theirs.headers), where
        assert list(ours.headers) == list(theirs.headers), where
    else:
        extra = set(ours.headers) - set(theirs.headers)
        assert not extra or any("malformed tag" in str(e) for e in ours.errors), where
        assert [k for k in ours.headers if k not in extra] == list(theirs.headers), where
        assert all(ours.headers[k] == v for k, v in theirs.headers.items()), where
    if errors:
        assert len(ours.errors) == len(theirs.errors), (where, theirs.errors, ours.errors)
    assert ours.board().fen() == theirs.board().fen(), where
    assert list(ours.mainline_moves()) == list(theirs.mainline_moves()), where
    a, b = list(nodes(theirs)), list(nodes(ours))
    assert len(a) == len(b), where
    for x, y in zip(a, b):
        assert x.move == y.move, where
        assert squash(x.comment) == squash(y.comment), where
        assert squash(x.starting_comment) == squash(y.starting_comment), where
        assert x.nags == y.nags, where
        assert x.clock() == y.clock(), where
        ex, ey = x.eval(), y.eval()
        assert (ex is None) == (ey is None), where
        if ex is not None:
            assert ex.white().score() == ey.white().score() and ex.white().mate() == ey.white().mate()
        assert x.is_mainline() == y.is_mainline()
        assert x.starts_variation() == y.starts_variation()
    end_t, end_o = theirs.end(), ours.end()
    assert end_o.board().fen() == end_t.board().fen(), where
    assert end_o.ply() == end_t.ply(), where
    if end_o.parent is not None:
        assert end_o.san() == end_t.san()
    # Export: the same text when comments have no runs of whitespace to collapse.
    if all(squash(n.comment) == n.comment.strip() for n in a) and all(
        squash(n.starting_comment) == n.starting_comment.strip() for n in a
    ):
        if errors:
            assert str(ours) == str(theirs), where
            exporter = chessbits.pgn.StringExporter(headers=True, variations=True, comments=True)
            assert ours.accept(exporter) == theirs.accept(
                chess.pgn.StringExporter(headers=True, variations=True, comments=True)
            ), where
        # Every option of python-chess's exporter, on the movetext.
        for options in EXPORT_OPTIONS:
            assert ours.accept(chessbits.pgn.StringExporter(**options)) == theirs.accept(
                chess.pgn.StringExporter(**options)
            ), (where, options)
    # python-chess's own exporter walks our tree the same way.
    assert squash(ours.accept(chess.pgn.StringExporter(columns=None, headers=errors))) == squash(
        theirs.accept(chess.pgn.StringExporter(columns=None, headers=errors))
    ), where


@pytest.mark.parametrize("relative", FILES)
def game_answers(game, pgn):
    """What `compare_games` compares of a game, as (question, answer) pairs: `pgn` is the
    module whose exporter writes the game's text (chess.pgn for python-chess's games,
    chessbits.pgn for ours); python-chess's exporter also walks the tree, whichever it is."""
    tree = list(nodes(game))
    answers = [
        ("headers", list(game.headers.items())),
        ("errors", len(game.errors)),
        ("board", game.board().fen()),
        ("mainline", [m.uci() for m in game.mainline_moves()]),
    ]
    for i, node in enumerate(tree):
        ev = node.eval()
        answers.append((
            f"node {i}",
            [
                node.move.uci() if node.move else None,
                squash(node.comment),
                squash(node.starting_comment),
                sorted(node.nags),
                node.clock(),
                None if ev is None else (ev.white().score(), ev.white().mate()),
                node.is_mainline(),
                node.starts_variation(),
            ],
        ))
    end = game.end()
    answers += [
        ("end board", end.board().fen()),
        ("end ply", end.ply()),
        ("end san", end.san() if end.parent is not None else None),
    ]
    # The text written, exactly, every comment's runs of whitespace collapsed first (what a
    # comment holds is compared so above; python-chess keeps a comment's line breaks).
    for node in tree:
        node.comment = squash(node.comment)
        node.starting_comment = squash(node.starting_comment)
    answers += [
        ("str", str(game)),
        ("export", game.accept(pgn.StringExporter(headers=True, variations=True, comments=True))),
    ]
    answers += [(f"export {o}", game.accept(pgn.StringExporter(**o))) for o in EXPORT_OPTIONS]
    answers.append((
        "python-chess's export",
        squash(game.accept(chess.pgn.StringExporter(columns=None, headers=True))),
    ))
    return answers


@pytest.mark.parametrize("relative", FILES)
def test_read_game_equals_python_chess(relative):
    """Game by game: python-chess's reading kept as digests by oracle.py (asked when an
    answer differs, and when recording); the file with junk tokens, where the two differ by
    design (see JUNK), compared live."""
    path = shared(relative)
    text = path.read_bytes().decode("utf-8", errors="replace")
    theirs_handle, ours_handle = io.StringIO(text), io.StringIO(text)
    import logging

    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    live = relative in JUNK
    tape = None if live else Tape(f"pgn-{pathlib.Path(relative).stem}")
    count = 0
    while count < MAX_GAMES:
        ours = chessbits.pgn.read_game(ours_handle)
        if live or RECORD:
            theirs = chess.pgn.read_game(theirs_handle)
            if theirs is None:
                assert ours is None
                break
            assert ours is not None
        elif ours is None:
            break
        where = f"{relative} game {count + 1}"
        if live:
            compare_games(theirs, ours, where, errors=False)
        else:
            # python-chess's game, when asked: the games of the file up to this one.
            def theirs_now(n=count):
                handle = io.StringIO(text)
                for _ in range(n):
                    chess.pgn.skip_game(handle)
                return game_answers(chess.pgn.read_game(handle), chess.pgn)

            if RECORD:
                theirs_now = lambda game=theirs: game_answers(game, chess.pgn)  # noqa: E731
            tape.check(game_answers(ours, chessbits.pgn), theirs_now, where)
        count += 1
    if tape is not None:
        tape.close()
    assert count > 0


def test_read_headers_and_skip_game():
    text = (DATA / "lichess_sample.pgn").read_bytes().decode("utf-8", errors="replace")
    a, b = io.StringIO(text), io.StringIO(text)
    while True:
        theirs, ours = chess.pgn.read_headers(a), chessbits.pgn.read_headers(b)
        if theirs is None:
            assert ours is None
            break
        assert dict(ours) == dict(theirs)
        assert chess.pgn.skip_game(a) == chessbits.pgn.skip_game(b)


def test_building_and_editing_a_game():
    game = chessbits.pgn.Game()
    game.headers["Event"] = "Test"
    node = game.add_variation(chess.Move.from_uci("e2e4"))
    node.comment = "best by test"
    node.nags.add(chessbits.pgn.NAG_GOOD_MOVE)
    side = game.add_variation(chessbits.Move.from_uci("d2d4"), starting_comment="or")
    node = node.add_variation(chessbits.Move.from_uci("e7e5"))
    node.set_clock(61.5)
    assert node.clock() == 61.5
    theirs = chess.pgn.Game()
    theirs.headers["Event"] = "Test"
    n = theirs.add_variation(chess.Move.from_uci("e2e4"))
    n.comment = "best by test"
    n.nags.add(chess.pgn.NAG_GOOD_MOVE)
    theirs.add_variation(chess.Move.from_uci("d2d4"), starting_comment="or")
    n = n.add_variation(chess.Move.from_uci("e7e5"))
    n.set_clock(61.5)
    assert str(game) == str(theirs)
    game.promote_to_main(side.move)
    theirs.promote_to_main(chess.Move.from_uci("d2d4"))
    assert str(game) == str(theirs)
    board = chessbits.Board()
    for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]:
        board.push_san(san)
    from_board = chessbits.pgn.Game.from_board(board)
    assert from_board.headers["Result"] == "1-0"
    assert list(from_board.mainline_moves()) == board.move_stack


def test_hostile_pgn_never_crashes():
    import random

    rng = random.Random(3)
    alphabet = '[]"{}();%$!?*.-+#=0123456789abcdefghKQRBNxO \n\t\\'
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(200)))
        handle = io.StringIO(text)
        for _ in range(5):
            game = chessbits.pgn.read_game(handle)
            if game is None:
                break
            str(game)
            game.end().board()


def test_clock_emt_and_eval_as_python_chess_reads_and_writes_them():
    comments = [
        "",
        "[%clk 0:03:00]",
        "good [%clk 1:00:01.5] [%emt 0:00:02]",
        "[%eval 0.17] [%clk 0:01:00]",
        "[%eval -1.05,20]",
        "[%eval #-3]",
        "[%eval #4,22] x",
        "[%eval 2.5] [%emt 0:00:07.25]",
        "[%clk x] [%eval nan]",
    ]
    for comment in comments:
        for ply in range(2):
            game_t, game_o = chess.pgn.Game(), chessbits.pgn.Game()
            t, o = game_t, game_o
            for uci in ["e2e4", "e7e5"][: ply + 1]:
                t, o = t.add_variation(chess.Move.from_uci(uci)), o.add_variation(chessbits.Move.from_uci(uci))
            t.comment = o.comment = comment
            assert o.clock() == t.clock(), comment
            assert o.emt() == t.emt(), comment
            assert o.eval_depth() == t.eval_depth(), comment
            et, eo = t.eval(), o.eval()
            assert (et is None) == (eo is None), comment
            if et is not None:
                assert et.turn == eo.turn and et.relative.score() == eo.relative.score(), comment
                assert et.relative.mate() == eo.relative.mate(), comment
            # Setting: the same comment where python-chess's spelling is Lichess's (and where
            # no command is unreadable: python-chess passes over those, chessbits replaces
            # the first command, so that what is set is what is read).
            if "[%clk x]" in comment:
                o.set_clock(125)
                assert o.clock() == 125 and t.clock() is None
                continue
            for node in (t, o):
                node.set_clock(125)
                node.set_emt(3)
            assert o.comment == t.comment, comment
            assert o.clock() == 125 and o.emt() == 3
            t.set_eval(chess.engine.PovScore(chess.engine.Mate(-2), chess.WHITE), 30)
            o.set_eval(chessbits.pgn.PovScore(chessbits.pgn.Mate(-2), True), 30)
            assert o.comment == t.comment, comment
            for node in (t, o):
                node.set_clock(None)
                node.set_emt(None)
                node.set_eval(None)
            assert o.comment == t.comment, comment
    node = chessbits.pgn.Game().add_variation(chessbits.Move.from_uci("e2e4"))
    node.set_eval(chessbits.pgn.PovScore(chessbits.pgn.Cp(-150), True))
    assert node.comment == "[%eval -1.5]" and node.eval().white() == chessbits.pgn.Cp(-150)


def test_file_exporter_writes_what_python_chess_writes():
    text = (DATA / "lichess_sample.pgn").read_bytes().decode("utf-8", errors="replace")
    a, b = io.StringIO(text), io.StringIO(text)
    out_t, out_o = io.StringIO(), io.StringIO()
    ex_t, ex_o = chess.pgn.FileExporter(out_t, columns=60), chessbits.pgn.FileExporter(out_o, columns=60)
    for _ in range(20):
        theirs, ours = chess.pgn.read_game(a), chessbits.pgn.read_game(b)
        if theirs is None:
            break
        assert ours.accept(ex_o) == theirs.accept(ex_t)
    assert out_o.getvalue() == out_t.getvalue()
    assert out_o.getvalue().count("\n\n[Event") >= 1


ANNOTATED = """[Event "Tokens"]
[Site "?"]
[Result "1-0"]

{ A start. } 1. e4 $1 { King's pawn. } ( 1. d4 d5 { Queen's. } 2. c4 ) 1... e5 2. Nf3 Nc6
3. Bb5 a6 $6 { A long comment that will not fit on the rest of the line at all } 4. Ba4 Nf6
5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 1-0
"""


def token_exporters(module):
    """python-chess's exporters subclassed as programs do: their own tokens and lines
    (write_token, write_line, flush_current_line) between the ones the events write."""

    class Mixin:
        def end_headers(self):
            super().end_headers()
            self.write_line("%  written by a subclass   ")

        def visit_comment(self, comment):
            self.write_token("{" + str(len(comment)) + "} ")

        def visit_nag(self, nag):
            self.write_token(f"<{nag}> ")

        def visit_move(self, board, move):
            if board.fullmove_number % 4 == 0 and board.turn:
                self.flush_current_line()
                self.flush_current_line()
            super().visit_move(board, move)

        def visit_result(self, result):
            self.write_line()
            super().visit_result(result)

    class Strings(Mixin, module.StringExporter):
        pass

    class File(Mixin, module.FileExporter):
        pass

    return Strings, File


def test_exporters_write_a_subclass_tokens_and_lines_as_python_chess():
    texts = [ANNOTATED, SAMPLE.read_text(encoding="utf-8")]
    for text in texts:
        mine_games, their_games = io.StringIO(text), io.StringIO(text)
        count = 0
        while True:
            ours = chessbits.pgn.read_game(mine_games)
            theirs = chess.pgn.read_game(their_games)
            assert (ours is None) == (theirs is None)
            if ours is None:
                break
            count += 1
            for columns in [80, 20, None]:
                (mine_s, mine_f), (their_s, their_f) = token_exporters(chessbits.pgn), token_exporters(chess.pgn)
                assert ours.accept(mine_s(columns=columns)) == theirs.accept(their_s(columns=columns)), columns
                mine_out, their_out = io.StringIO(), io.StringIO()
                assert ours.accept(mine_f(mine_out, columns=columns)) == theirs.accept(their_f(their_out, columns=columns))
                assert mine_out.getvalue() == their_out.getvalue(), columns
        assert count > 0
