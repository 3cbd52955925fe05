"""A python-chess script ported by changing its import: mypy --strict must accept it."""

from typing import Dict, List, Optional

import chessbits as chess
import chessbits.pgn
import chessbits.svg
import io


def material(board: chess.Board) -> Dict[bool, int]:
    values = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
    out = {chess.WHITE: 0, chess.BLACK: 0}
    for square, piece in board.piece_map().items():
        assert 0 <= square < 64
        out[piece.color] += values[piece.piece_type]
    return out


def play(sans: List[str]) -> Optional[chess.Outcome]:
    board = chess.Board()
    for san in sans:
        move: chess.Move = board.push_san(san)
        assert move in board.move_stack
    for move in board.legal_moves:
        if board.gives_check(move) or board.is_capture(move):
            print(board.san(move), move.uci(), chess.square_name(move.to_square))
    attacked: chess.SquareSet = board.attackers(chess.WHITE, chess.E5)
    print(len(attacked), list(attacked), board.fen(), board.epd(), str(board))
    print(board.is_checkmate(), board.is_stalemate(), board.can_claim_draw(), board.status())
    print(chessbits.svg.board(board, size=200), board.unicode(borders=True))
    try:
        board.parse_san("Ke9")
    except chess.InvalidMoveError:
        pass
    except chess.IllegalMoveError:
        pass
    copy = board.root().copy(stack=False)
    copy.push(chess.Move.from_uci("a2a3"))
    print(material(copy), copy.peek(), copy.pop(), copy.ply())
    return board.outcome(claim_draw=True)


def games(text: str) -> List[str]:
    handle = io.StringIO(text)
    out: List[str] = []
    while True:
        game = chessbits.pgn.read_game(handle)
        if game is None:
            return out
        white: str = game.headers.get("White", "?")
        clocks = [node.clock() for node in game.mainline()]
        board = game.end().board()
        out.append(f"{white} {len(clocks)} {board.fen()} {str(game)}")


if __name__ == "__main__":
    print(games('[White "A"]\n\n1. e4 { [%clk 0:01:00] } e5 *\n'))
    outcome = play(["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"])
    print(outcome.result() if outcome else "*", outcome.termination.name if outcome else "")
