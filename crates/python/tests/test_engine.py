"""chessbits.engine against python-chess's chess.engine (the oracle): the Stockfish win-rate
models on a grid, the scores' semantics, the commands sent to a scripted engine by the same
program run with either module, Stockfish's answers at fixed nodes, the asyncio API and
MockTransport. Tests that need python-chess or an engine skip with a notice without them."""

import asyncio
import os
import random
import shutil
import sys
from pathlib import Path

import pytest

import chessbits
import chessbits.engine
import chessbits.variant

FAKE = str(Path(__file__).resolve().parent.parent / "bench" / "fake_uci.py")
STOCKFISH = "/usr/games/stockfish"
FAIRY = "/usr/games/fairy-stockfish"
FAIRYMAX = "/usr/games/fairymax"


def oracle():
    try:
        import chess
        import chess.engine
    except ImportError:
        pytest.skip("NOTICE: python-chess is not installed; nothing to compare with")
    return chess


def engine_path(path):
    found = shutil.which(path) or (path if os.path.exists(path) else None)
    if not found:
        pytest.skip(f"NOTICE: {path} is not installed")
    return found


MODELS = ["sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess"]


def test_wdl_models_match_python_chess_on_a_grid():
    chess = oracle()
    pc = chess.engine
    cb = chessbits.engine
    checked = 0
    for model in MODELS:
        for cp in list(range(-2500, 2501, 13)) + [-100000, -4001, 4001, 100000]:
            for ply in [0, 1, 2, 7, 16, 30, 31, 64, 100, 239, 240, 241, 400]:
                ours = tuple(cb.Cp(cp).wdl(model=model, ply=ply))
                theirs = tuple(pc.Cp(cp).wdl(model=model, ply=ply))
                assert ours == theirs, (model, cp, ply)
                checked += 1
        for moves in range(-25, 26):
            for ply in [0, 30, 200]:
                assert tuple(cb.Mate(moves).wdl(model=model, ply=ply)) == tuple(
                    pc.Mate(moves).wdl(model=model, ply=ply)
                ), (model, moves)
        assert tuple(cb.MateGiven.wdl(model=model)) == tuple(pc.MateGiven.wdl(model=model))
    assert checked > 30000
    with pytest.raises(ValueError):
        cb.Cp(10).wdl(model="sf99")


def _scores(module):
    e = module.engine
    return [e.Cp(0), e.Cp(35), e.Cp(-35), e.Cp(-1000), e.Mate(1), e.Mate(3), e.Mate(-1),
            e.Mate(-4), e.Mate(0), e.MateGiven]


def test_scores_behave_as_python_chess():
    chess = oracle()
    ours, theirs = _scores(chessbits), _scores(chess)
    for a, b in zip(ours, theirs):
        assert (repr(a), str(a), repr(-a), repr(+a), repr(abs(a))) == (
            repr(b), str(b), repr(-b), repr(+b), repr(abs(b)))
        assert (a.score(), a.score(mate_score=10000), a.mate(), a.is_mate()) == (
            b.score(), b.score(mate_score=10000), b.mate(), b.is_mate())
        for x, y in zip(ours, theirs):
            assert (a < x, a <= x, a == x, a != x, a > x, a >= x) == (
                b < y, b <= y, b == y, b != y, b > y, b >= y), (a, x)
    assert [repr(s) for s in sorted(ours)] == [repr(s) for s in sorted(theirs)]
    for color in (chessbits.WHITE, chessbits.BLACK):
        for a, b in zip(ours, theirs):
            p = chessbits.engine.PovScore(a, color)
            q = chess.engine.PovScore(b, color)
            assert (repr(p), repr(p.white()), repr(p.black()), repr(p.pov(chessbits.BLACK)),
                    p.is_mate(), repr(p.wdl()), repr(p.wdl().white()), repr(p.wdl(model="sf12", ply=80))) == (
                repr(q), repr(q.white()), repr(q.black()), repr(q.pov(chess.BLACK)),
                q.is_mate(), repr(q.wdl()), repr(q.wdl().white()), repr(q.wdl(model="sf12", ply=80)))
    w, v = chessbits.engine.Wdl(300, 500, 200), chess.engine.Wdl(300, 500, 200)
    assert (repr(w), repr(-w), w.total(), w.expectation(), w.winning_chance(), w.drawing_chance(),
            w.losing_chance(), list(w), bool(w)) == (
        repr(v), repr(-v), v.total(), v.expectation(), v.winning_chance(), v.drawing_chance(),
        v.losing_chance(), list(v), bool(v))
    assert chessbits.engine.PovScore(chessbits.engine.Cp(20), chessbits.BLACK) == \
        chessbits.engine.PovScore(chessbits.engine.Cp(-20), chessbits.WHITE)
    limit = chessbits.engine.Limit(time=1.5, depth=3)
    assert repr(limit) == repr(chess.engine.Limit(time=1.5, depth=3))


def test_option_map_ignores_case():
    m = chessbits.engine.UciOptionMap(Hash=16)
    m["threads"] = 2
    assert m["HASH"] == 16 and "Threads" in m and list(m) == ["Hash", "threads"]
    assert m == {"Hash": 16, "threads": 2}
    assert m == chessbits.engine.UciOptionMap(hash=16, THREADS=2)
    assert repr(m) == "UciOptionMap({'Hash': 16, 'threads': 2})"
    del m["hash"]
    assert len(m) == 1 and m.copy() == m


PROGRAM = r'''
import sys, os
lib = sys.argv[1]
if lib == "chessbits":
    import chessbits as chess, chessbits.engine
else:
    import chess, chess.engine
eng = chess.engine.SimpleEngine.popen_uci([sys.executable, sys.argv[2]])
print(eng.id, eng.options["hash"], len(eng.options))
b = chess.Board()
print(eng.analyse(b, chess.engine.Limit(nodes=1)))
b.push_uci("e2e4")
r = eng.play(b, chess.engine.Limit(time=0.1))
print(r.move, r.ponder, r.info, r.draw_offered, r.resigned)
print(eng.analyse(b, chess.engine.Limit(depth=3), multipv=2, options={"Hash": 32}))
eng.configure({"Style": "Solid"})
print(eng.analyse(b, chess.engine.Limit(depth=3), game=1))
with eng.analysis(b) as a:
    for i in a:
        print("analysis", i)
print(a.wait().move, a.info)
print(eng.ping())
b2 = chess.Board("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
print(eng.play(b2, chess.engine.Limit(time=1.5, depth=3, nodes=10, mate=2, white_clock=10,
      black_clock=20.5, white_inc=1, black_inc=2, remaining_moves=5),
      root_moves=[chess.Move.from_uci("e7e5"), chess.Move.from_uci("d4e3")]).move)
print(eng.play(chess.Board(), chess.engine.Limit(depth=1), ponder=True, info=chess.engine.INFO_ALL).info)
print(eng.analyse(chess.Board(), chess.engine.Limit(depth=1), info=chess.engine.INFO_NONE))
print(eng.analyse(chess.Board(), chess.engine.Limit(depth=1), info=chess.engine.INFO_SCORE))
for bad in [{"Hash": 0}, {"Hash": "x"}, {"MultiPV": 3}, {"Nope": 1}, {"Style": "solid"}, {"Path": "a\nb"}]:
    try:
        eng.configure(bad)
    except chess.engine.EngineError as e:
        print("EngineError", e)
eng.configure({"Clear Hash": None, "Path": "x y"})
eng.quit()
'''


def test_same_program_sends_the_same_commands_as_python_chess(tmp_path):
    oracle()
    import subprocess

    program = tmp_path / "program.py"
    program.write_text(PROGRAM)
    outputs = {}
    for lib in ("chessbits", "chess"):
        log = tmp_path / f"{lib}.log"
        env = dict(os.environ, FAKE_LOG=str(log))
        run = subprocess.run([sys.executable, str(program), lib, FAKE], capture_output=True,
                             text=True, env=env, timeout=120)
        assert run.returncode == 0, run.stderr
        outputs[lib] = (run.stdout, log.read_text())
    assert outputs["chessbits"][0] == outputs["chess"][0]
    assert outputs["chessbits"][1] == outputs["chess"][1]
    assert "go wtime 10000 btime 20500" in outputs["chessbits"][1]


def _games(n, seed=20260101):
    """n (start FEN, UCI moves) games of random legal moves, not over."""
    chess = oracle()
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        board = chess.Board()
        for _ in range(rng.randrange(0, 70)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            out.append((chess.STARTING_FEN, [m.uci() for m in board.move_stack]))
    return out


def _stockfish_answers(module, games, chess960=False):
    eng = module.engine.SimpleEngine.popen_uci(engine_path(STOCKFISH))
    try:
        eng.configure({"Threads": 1, "Hash": 16, "UCI_ShowWDL": True})
        limit = module.engine.Limit(nodes=3000)
        rows = []
        for i, (fen, moves) in enumerate(games):
            board = module.Board(fen, chess960=chess960)
            for m in moves:
                board.push_uci(m)
            one = eng.analyse(board, limit, game=("a", i))
            multi = eng.analyse(board, limit, multipv=3, game=("m", i))
            play = eng.play(board, limit, game=("p", i), info=module.engine.INFO_ALL)
            rows.append((
                repr(one["score"]), one["score"].white().score(mate_score=100000),
                [m.uci() for m in one["pv"]], one["depth"], one.get("seldepth"),
                one.get("lowerbound"), one.get("upperbound"), repr(one.get("wdl")),
                [(repr(x["score"]), [m.uci() for m in x["pv"]], x["multipv"]) for x in multi],
                play.move.uci(), play.ponder.uci() if play.ponder else None,
                repr(play.info.get("score")),
            ))
        return rows
    finally:
        eng.quit()


def test_stockfish_answers_as_through_python_chess():
    chess = oracle()
    engine_path(STOCKFISH)
    games = _games(40)
    ours = _stockfish_answers(chessbits, games)
    theirs = _stockfish_answers(chess, games)
    assert len(ours) == 40
    for i, (a, b) in enumerate(zip(ours, theirs)):
        assert a == b, (i, games[i])


def test_stockfish_chess960_as_through_python_chess():
    chess = oracle()
    engine_path(STOCKFISH)
    games = []
    rng = random.Random(960)
    for n in (0, 17, 518, 959):
        board = chess.Board.from_chess960_pos(n)
        for _ in range(rng.randrange(4, 30)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            games.append((board.root().fen(), [m.uci() for m in board.move_stack]))
    ours = _stockfish_answers(chessbits, games, chess960=True)
    theirs = _stockfish_answers(chess, games, chess960=True)
    assert ours == theirs


def test_stockfish_mate_and_analysis_iterator():
    engine_path(STOCKFISH)
    with chessbits.engine.SimpleEngine.popen_uci(STOCKFISH) as eng:
        board = chessbits.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
        info = eng.analyse(board, chessbits.engine.Limit(depth=10))
        assert info["score"] == chessbits.engine.PovScore(chessbits.engine.Mate(1), chessbits.WHITE)
        assert info["pv"][0] == chessbits.Move.from_uci("d1d8")
        assert isinstance(info["pv"][0], chessbits.Move)
        mated = chessbits.Board("3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1")
        result = eng.play(mated, chessbits.engine.Limit(depth=5))
        assert result.move is None
        seen = 0
        with eng.analysis(chessbits.Board(), chessbits.engine.Limit(depth=8)) as analysis:
            for info in analysis:
                seen += 1
        assert seen > 0 and analysis.info["depth"] >= 8
        assert analysis.wait().move in chessbits.Board().legal_moves
        # An infinite analysis stopped by the caller.
        analysis = eng.analysis(chessbits.Board())
        first = analysis.get()
        assert "depth" in first or "string" in first or first
        analysis.stop()
        best = analysis.wait()
        assert best.move in chessbits.Board().legal_moves
        eng.ping()


def test_variants_set_uci_variant():
    engine_path(FAIRY)
    with chessbits.engine.SimpleEngine.popen_uci(FAIRY) as eng:
        board = chessbits.variant.KingOfTheHillBoard()
        board.push_uci("e2e4")
        result = eng.play(board, chessbits.engine.Limit(depth=4))
        assert result.move in board.legal_moves
        house = chessbits.variant.CrazyhouseBoard()
        info = eng.analyse(house, chessbits.engine.Limit(depth=4))
        assert info["pv"] and info["pv"][0] in house.legal_moves
        assert eng.config["UCI_Variant"] == "crazyhouse"


def test_xboard_engine_plays_legal_moves():
    path = engine_path(FAIRYMAX)
    with chessbits.engine.SimpleEngine.popen_xboard(path) as eng:
        board = chessbits.Board()
        for _ in range(4):
            result = eng.play(board, chessbits.engine.Limit(depth=3))
            assert result.move in board.legal_moves
            board.push(result.move)
        eng.ping()


def test_errors():
    env = dict(os.environ, FAKE_MOVES="e2e5 e7e5")
    with chessbits.engine.SimpleEngine.popen_uci([sys.executable, FAKE], env=env) as eng:
        with pytest.raises(chessbits.engine.EngineError):
            eng.play(chessbits.Board(), chessbits.engine.Limit(nodes=1))
        with pytest.raises(chessbits.engine.EngineError):
            eng.configure({"UCI_Chess960": True})
        with pytest.raises(chessbits.engine.EngineError):
            eng.play(chessbits.Board(), chessbits.engine.Limit(nodes=1),
                     root_moves=[chessbits.Move.from_uci("e2e5")])
    env = dict(os.environ, FAKE_DIE="1")
    eng = chessbits.engine.SimpleEngine.popen_uci([sys.executable, FAKE], env=env)
    with pytest.raises(chessbits.engine.EngineTerminatedError):
        eng.play(chessbits.Board(), chessbits.engine.Limit(nodes=1))
    with pytest.raises(chessbits.engine.EngineTerminatedError):
        eng.ping()
    eng.quit()
    assert issubclass(chessbits.engine.EngineTerminatedError, chessbits.engine.EngineError)
    with pytest.raises(OSError):
        chessbits.engine.SimpleEngine.popen_uci("/nonexistent/engine")


def test_asyncio_api():
    async def main():
        transport, engine = await chessbits.engine.popen_uci([sys.executable, FAKE])
        assert isinstance(engine, chessbits.engine.UciProtocol)
        assert engine.id["name"] == "Fake"
        board = chessbits.Board()
        info = await engine.analyse(board, chessbits.engine.Limit(nodes=1))
        assert info["pv"] == [chessbits.Move.from_uci("e2e4")]
        result = await engine.play(board, chessbits.engine.Limit(nodes=1))
        assert result.move == chessbits.Move.from_uci("e2e4")
        with await engine.analysis(board) as analysis:
            async for info in analysis:
                assert info["score"].white() == chessbits.engine.Cp(20)
        assert (await analysis.wait()).move == chessbits.Move.from_uci("e2e4")
        await engine.ping()
        await engine.configure({"Hash": 64})
        await engine.quit()
        return True

    assert asyncio.run(main())


def test_mock_transport_is_an_asyncio_transport():
    protocol = chessbits.engine.UciProtocol()
    mock = chessbits.engine.MockTransport(protocol)
    assert isinstance(mock, asyncio.SubprocessTransport)
    assert isinstance(mock, asyncio.WriteTransport)
    assert mock.get_extra_info("pipe", "none") == "none"
    mock.expect("uci", ["uciok"])
    mock.expect("isready", ["readyok"])
    mock.writelines([b"uci\n", b"isready\n"])
    mock.assert_done()
    for name in ["abort", "can_write_eof", "get_protocol", "get_write_buffer_limits",
                 "get_write_buffer_size", "is_closing", "kill", "send_signal", "set_protocol",
                 "set_write_buffer_limits", "terminate", "write_eof"]:
        assert callable(getattr(mock, name)), name


def test_mock_transport_has_python_chess_transport_methods():
    chess = oracle()
    theirs = {n for n in dir(chess.engine.MockTransport) if not n.startswith("__")}
    ours = set(dir(chessbits.engine.MockTransport))
    assert theirs - ours == set()


def test_mock_transport_scripts_an_engine():
    async def main():
        protocol = chessbits.engine.UciProtocol()
        mock = chessbits.engine.MockTransport(protocol)
        mock.expect("uci", ["id name Mock", "option name Hash type spin default 16 min 1 max 64",
                            "uciok"])
        await protocol.initialize()
        mock.assert_done()
        assert protocol.options["hash"].max == 64

        mock.expect("isready", ["readyok"])
        await protocol.ping()
        mock.assert_done()

        board = chessbits.Board()
        mock.expect("ucinewgame")
        mock.expect("isready", ["readyok"])
        mock.expect("position startpos")
        mock.expect("go movetime 1000", ["info depth 3 score mate 2 pv e2e4 e7e5",
                                         "bestmove e2e4 ponder e7e5"])
        result = await protocol.play(board, chessbits.engine.Limit(time=1), info=chessbits.engine.INFO_ALL)
        assert result.move == chessbits.Move.from_uci("e2e4")
        assert result.ponder == chessbits.Move.from_uci("e7e5")
        assert result.info["score"].relative == chessbits.engine.Mate(2)
        mock.assert_done()

        mock.expect("setoption name Hash value 32")
        await protocol.configure({"Hash": 32})
        mock.assert_done()

        mock.expect("position startpos moves e2e4")
        mock.expect("go infinite")
        board.push_uci("e2e4")
        analysis = await protocol.analysis(board)
        mock.expect("stop", ["bestmove e7e5"])
        analysis.stop()
        assert (await analysis.wait()).move == chessbits.Move.from_uci("e7e5")
        mock.assert_done()

        mock.expect("isready", ["readyok"])
        with pytest.raises(AssertionError):
            mock.assert_done()
        return True

    assert asyncio.run(main())


def test_a_ported_engine_program_passes_mypy_strict():
    import importlib.util
    import subprocess

    if importlib.util.find_spec("mypy") is None:
        pytest.skip("NOTICE: mypy is not installed; the stubs are not checked")
    program = Path(__file__).parent / "typed" / "engine_port.py"
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", str(program)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    ran = subprocess.run([sys.executable, str(program), FAKE], capture_output=True, text=True,
                         timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.split() == ["20", "e2e4", "0.514", "e2e4"]


PONDER_PROGRAM = r'''
import sys
lib = sys.argv[1]
if lib == "chessbits":
    import chessbits as chess, chessbits.engine
else:
    import chess, chess.engine
eng = chess.engine.SimpleEngine.popen_uci([sys.executable, sys.argv[2]])
b = chess.Board()
r = eng.play(b, chess.engine.Limit(time=0.5), ponder=True)
print(r.move, r.ponder)
b.push(r.move); b.push(r.ponder)
r = eng.play(b, chess.engine.Limit(time=0.5), ponder=True)
print(r.move, r.ponder)
b.push(r.move); b.push_uci("b8c6")
r = eng.play(b, chess.engine.Limit(time=0.5), ponder=True)
print(r.move, r.ponder)
print(eng.analyse(b, chess.engine.Limit(depth=1))["pv"])
eng.quit()
'''


def after_ponder_normalised(commands):
    """An engine log with what follows each `go ponder` taken out: whether a `stop`, a
    `ponderhit`, or the next search's `position` and `go` go out there depends on whether
    the fake engine's answer to `go ponder` was read before the next command (a race, in
    python-chess too). Everything else must be the same."""
    out, i = [], 0
    while i < len(commands):
        c = commands[i]
        out.append(c)
        i += 1
        if c.startswith("go ponder"):
            while i < len(commands) and commands[i] in ("stop", "ponderhit"):
                i += 1
            if i + 1 < len(commands) and commands[i].startswith("position") and commands[i + 1].startswith("go") \
                    and not commands[i + 1].startswith("go ponder"):
                i += 2
    return out


def test_after_ponder_normalised_takes_out_the_race_only():
    race = ["position startpos", "go movetime 500", "go ponder movetime 500", "ponderhit", "isready"]
    plain = ["position startpos", "go movetime 500", "go ponder movetime 500", "stop",
             "position startpos moves e2e4 e7e5", "go movetime 500", "isready"]
    assert after_ponder_normalised(race) == after_ponder_normalised(plain)
    assert after_ponder_normalised(plain)[-1] == "isready"
    assert after_ponder_normalised(["go ponder x", "quit"]) == ["go ponder x", "quit"]


def test_pondering_sends_what_python_chess_sends(tmp_path):
    oracle()
    import subprocess

    program = tmp_path / "ponder.py"
    program.write_text(PONDER_PROGRAM)
    outputs = {}
    for lib in ("chessbits", "chess"):
        log = tmp_path / f"{lib}.log"
        env = dict(os.environ, FAKE_LOG=str(log), FAKE_PONDER="1",
                   FAKE_MOVES="e2e4 e7e5 g1f3 g8f6 b1c3 b8c6")
        run = subprocess.run([sys.executable, str(program), lib, FAKE], capture_output=True,
                             text=True, env=env, timeout=120)
        assert run.returncode == 0, run.stderr
        outputs[lib] = (run.stdout, after_ponder_normalised(log.read_text().splitlines()))
    assert outputs["chessbits"] == outputs["chess"]
    assert "go ponder movetime 500" in outputs["chessbits"][1]


def test_stockfish_pondering_is_stopped_by_the_next_command():
    engine_path(STOCKFISH)
    with chessbits.engine.SimpleEngine.popen_uci(STOCKFISH) as eng:
        board = chessbits.Board()
        for _ in range(3):
            result = eng.play(board, chessbits.engine.Limit(depth=6), ponder=True)
            assert result.move in board.legal_moves
            board.push(result.move)
            reply = result.ponder or next(iter(board.legal_moves))
            board.push(reply)
        info = eng.analyse(board, chessbits.engine.Limit(depth=5))
        assert info["pv"][0] in board.legal_moves
        eng.ping()


def test_info_dicts_print_as_python_chess_prints_them():
    chess = oracle()
    from chessbits._chessbits import _uci_line

    lines = [
        "info depth 10 seldepth 12 multipv 1 score cp 30 wdl 100 800 100 nodes 1000 nps 5 "
        "hashfull 3 tbhits 0 time 5 pv e2e4 e7e5",
        "info depth 3 currmove e2e4 currmovenumber 1",
        "info time 7 nodes 3 score mate -2 upperbound pv d2d4 string a b depth",
        "info nodes 3 pv e2e4 e2e4 e7e5",
    ]
    for line in lines:
        ours = chessbits.engine._info(_uci_line(line)[1], chessbits.Board(), chessbits.engine.INFO_ALL)
        theirs = chess.engine._parse_uci_info(line[len("info "):], chess.Board())
        assert repr(ours) == repr(theirs), line


def test_a_search_past_its_timeout_raises_and_the_engine_goes_on():
    engine_path(STOCKFISH)
    with chessbits.engine.SimpleEngine.popen_uci(STOCKFISH) as eng:
        eng.timeout = 0.0
        # A time limit of 0.2 s with no grace: the wait gives up before `bestmove` (or the
        # answer is there in time, when the machine is quick: both are fine).
        try:
            eng.play(chessbits.Board(), chessbits.engine.Limit(time=0.2))
        except TimeoutError:
            pass
        eng.timeout = 10.0
        result = eng.play(chessbits.Board(), chessbits.engine.Limit(depth=4))
        assert result.move in chessbits.Board().legal_moves
