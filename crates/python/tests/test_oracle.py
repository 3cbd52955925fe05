"""oracle.py's kept digests: recorded, compared, and a difference named."""

import pytest

import oracle


def answers(fen, check):
    return [("fen", fen), ("is_check", check)]


def record(tmp_path, monkeypatch, positions):
    monkeypatch.setattr(oracle, "ORACLE", tmp_path)
    monkeypatch.setattr(oracle, "RECORD", True)
    tape = oracle.Tape("t")
    for fen, check in positions:
        tape.check(answers(fen, check), lambda fen=fen, check=check: answers(fen, check), fen)
    tape.close()
    monkeypatch.setattr(oracle, "RECORD", False)


def test_the_same_answers_pass_and_every_position_is_reached(tmp_path, monkeypatch):
    positions = [("a", False), ("b", True)]
    record(tmp_path, monkeypatch, positions)
    assert (tmp_path / "t.digests").stat().st_size == 2 * oracle.WIDTH
    tape = oracle.Tape("t")
    for fen, check in positions:
        tape.check(answers(fen, check), lambda: pytest.fail("python-chess asked"), fen)
    tape.close()
    tape = oracle.Tape("t")
    tape.check(answers("a", False), lambda: None, "a")
    with pytest.raises(AssertionError, match="1 positions not reached"):
        tape.close()


def test_a_different_answer_names_the_question(tmp_path, monkeypatch):
    record(tmp_path, monkeypatch, [("a", False)])
    tape = oracle.Tape("t")
    with pytest.raises(AssertionError, match=r"is_check: chessbits True, python-chess False"):
        tape.check(answers("a", True), lambda: answers("a", False), "a")


def test_another_oracle_version_is_told_apart(tmp_path, monkeypatch):
    record(tmp_path, monkeypatch, [("a", False)])
    tape = oracle.Tape("t")
    with pytest.raises(pytest.fail.Exception, match="not the kept ones"):
        tape.check(answers("a", True), lambda: answers("a", True), "a")


def test_recording_fails_on_a_difference(tmp_path, monkeypatch):
    monkeypatch.setattr(oracle, "ORACLE", tmp_path)
    monkeypatch.setattr(oracle, "RECORD", True)
    tape = oracle.Tape("t")
    with pytest.raises(AssertionError, match="fen: chessbits 'b', python-chess 'a'"):
        tape.check(answers("b", False), lambda: answers("a", False), "x")


def test_a_missing_file_says_how_to_make_it(tmp_path, monkeypatch):
    monkeypatch.setattr(oracle, "ORACLE", tmp_path)
    with pytest.raises(pytest.fail.Exception, match="CHESSBITS_RECORD_ORACLE=1"):
        oracle.Tape("missing")
