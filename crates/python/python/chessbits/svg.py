"""SVG pictures of boards and pieces, with python-chess's ``chess.svg`` signatures.

The pieces are drawn as Unicode chess glyphs in the viewer's font (no piece artwork is
shipped); squares, the last move, a check, arrows, fills, marked squares and coordinates are
drawn as shapes. ``board._repr_svg_()`` (Jupyter) uses ``board(...)``.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Optional, Tuple, Union
from xml.sax.saxutils import escape

_LIGHT = "#ffce9e"
_DARK = "#d18b47"
_LAST = "#cdd16a"
_CHECK = "#ff0000"
_MARK = "#15781B"
_SQ = 45
_MARGIN = 20


class Arrow:
    """An arrow from a square to a square (a circle when they are the same)."""

    def __init__(self, tail: int, head: int, *, color: str = "green") -> None:
        self.tail = tail
        self.head = head
        self.color = color

    def __repr__(self) -> str:
        return f"Arrow({self.tail}, {self.head}, color={self.color!r})"


def _glyph(piece: Any) -> str:
    symbols = "♙♘♗♖♕♔" if piece.color else "♟♞♝♜♛♚"
    return symbols[piece.piece_type - 1]


def piece(piece: Any, size: Optional[int] = None) -> str:
    """An SVG picture of one piece."""
    dim = size or _SQ
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.2" viewBox="0 0 {_SQ} {_SQ}" '
        f'width="{dim}" height="{dim}"><text x="{_SQ / 2}" y="{_SQ * 0.8}" '
        f'font-size="{_SQ * 0.85}" text-anchor="middle">{_glyph(piece)}</text></svg>'
    )


def _mask(squares: Any) -> int:
    if squares is None:
        return 0
    try:
        return int(squares)
    except TypeError:
        m = 0
        for s in squares:
            m |= 1 << s
        return m


def board(
    board: Any = None,
    *,
    orientation: bool = True,
    lastmove: Any = None,
    check: Optional[int] = None,
    arrows: Iterable[Union[Arrow, Tuple[int, int]]] = (),
    fill: Dict[int, str] = {},
    squares: Any = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Dict[str, str] = {},
    flipped: bool = False,
    borders: bool = False,
    style: Optional[str] = None,
) -> str:
    """An SVG picture of a board (any object with ``piece_at``), as ``chess.svg.board``."""
    if flipped:
        orientation = not orientation
    margin = _MARGIN if coordinates else 0
    full = 8 * _SQ + 2 * margin
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.2" viewBox="0 0 {full} {full}"'
        + (f' width="{size}" height="{size}"' if size else "")
        + ">"
    ]
    if style:
        out.append(f"<style>{escape(style)}</style>")
    if coordinates:
        out.append(f'<rect x="0" y="0" width="{full}" height="{full}" fill="{colors.get("margin", "#212121")}"/>')
    marked = _mask(squares)
    last = (lastmove.from_square, lastmove.to_square) if lastmove else ()

    def xy(sq: int) -> Tuple[int, int]:
        f, r = sq & 7, sq >> 3
        col, row = (f, 7 - r) if orientation else (7 - f, r)
        return margin + col * _SQ, margin + row * _SQ

    for sq in range(64):
        x, y = xy(sq)
        light = (sq & 7) % 2 != (sq >> 3) % 2
        color = colors.get("square light" if light else "square dark", _LIGHT if light else _DARK)
        if sq in last:
            color = colors.get("square light lastmove" if light else "square dark lastmove", _LAST)
        out.append(f'<rect x="{x}" y="{y}" width="{_SQ}" height="{_SQ}" fill="{color}"/>')
        if sq in fill:
            out.append(f'<rect x="{x}" y="{y}" width="{_SQ}" height="{_SQ}" fill="{fill[sq]}"/>')
        if sq == check:
            out.append(
                f'<circle cx="{x + _SQ / 2}" cy="{y + _SQ / 2}" r="{_SQ / 2}" fill="{_CHECK}" opacity="0.6"/>'
            )
        p = board.piece_at(sq) if board is not None else None
        if p is not None:
            out.append(
                f'<text x="{x + _SQ / 2}" y="{y + _SQ * 0.8}" font-size="{_SQ * 0.85}" '
                f'text-anchor="middle">{_glyph(p)}</text>'
            )
        if marked >> sq & 1:
            out.append(
                f'<path d="M{x + 10},{y + 10} L{x + 35},{y + 35} M{x + 35},{y + 10} L{x + 10},{y + 35}" '
                f'stroke="{_MARK}" stroke-width="3"/>'
            )
    if coordinates:
        for i in range(8):
            f = "abcdefgh"[i if orientation else 7 - i]
            r = "12345678"[7 - i if orientation else i]
            out.append(f'<text x="{margin + i * _SQ + _SQ / 2}" y="{full - 5}" font-size="14" fill="#e5e5e5" text-anchor="middle">{f}</text>')
            out.append(f'<text x="{margin / 2}" y="{margin + i * _SQ + _SQ / 2 + 5}" font-size="14" fill="#e5e5e5" text-anchor="middle">{r}</text>')
    for a in arrows:
        tail, head, color = (a.tail, a.head, a.color) if isinstance(a, Arrow) else (a[0], a[1], "green")
        (tx, ty), (hx, hy) = xy(tail), xy(head)
        if tail == head:
            out.append(f'<circle cx="{hx + _SQ / 2}" cy="{hy + _SQ / 2}" r="{_SQ / 2 - 3}" stroke="{color}" stroke-width="4" fill="none" opacity="0.8"/>')
        else:
            out.append(
                f'<line x1="{tx + _SQ / 2}" y1="{ty + _SQ / 2}" x2="{hx + _SQ / 2}" y2="{hy + _SQ / 2}" '
                f'stroke="{color}" stroke-width="8" stroke-linecap="round" opacity="0.8"/>'
            )
    if borders:
        out.append(f'<rect x="{margin}" y="{margin}" width="{8 * _SQ}" height="{8 * _SQ}" fill="none" stroke="#000"/>')
    out.append("</svg>")
    return "".join(out)
