"""Which characters a TrueType font has glyphs for, read from the font file's cmap table.

Pillow draws a missing character as the font's box glyph ("tofu") and cannot
say which characters a font lacks, so the text code asks this module before it
picks a font for each character.
"""

from __future__ import annotations

import struct
from pathlib import Path

# (platform, encoding) of the cmap subtables that map Unicode, the fullest first.
_UNICODE_SUBTABLES = ((3, 10), (0, 4), (3, 1), (0, 3))


def covered(path: Path) -> frozenset[int]:
    """Every code point the font at ``path`` maps to a glyph other than the box glyph."""
    data = path.read_bytes()
    cmap = _table(data, b"cmap")
    count = struct.unpack_from(">H", cmap, 2)[0]
    offsets: dict[tuple[int, int], int] = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
        offsets.setdefault((platform, encoding), offset)
    for key in _UNICODE_SUBTABLES:
        if key in offsets:
            return frozenset(_code_points(cmap, offsets[key]))
    raise ValueError(f"{path}: no Unicode cmap subtable")


def _table(data: bytes, tag: bytes) -> bytes:
    """The bytes of one table of a TrueType file."""
    count = struct.unpack_from(">H", data, 4)[0]
    for i in range(count):
        name, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if name == tag:
            return data[offset : offset + length]
    raise ValueError(f"no {tag.decode()} table")


def _code_points(cmap: bytes, offset: int) -> set[int]:
    """The code points a format 4 or format 12 subtable maps to a real glyph."""
    kind = struct.unpack_from(">H", cmap, offset)[0]
    if kind == 12:
        groups = struct.unpack_from(">I", cmap, offset + 12)[0]
        points: set[int] = set()
        for i in range(groups):
            first, last, glyph = struct.unpack_from(">III", cmap, offset + 16 + 12 * i)
            points.update(c for c in range(first, last + 1) if glyph + c - first != 0)
        return points
    if kind == 4:
        return _format_4(cmap, offset)
    raise ValueError(f"cmap subtable format {kind} is not read")


def _format_4(cmap: bytes, offset: int) -> set[int]:
    """Segments of the Basic Multilingual Plane, each with a delta or a glyph array."""
    segments = struct.unpack_from(">H", cmap, offset + 6)[0] // 2
    ends_at = offset + 14
    starts_at = ends_at + 2 * segments + 2
    deltas_at = starts_at + 2 * segments
    ranges_at = deltas_at + 2 * segments
    points: set[int] = set()
    for i in range(segments):
        end = struct.unpack_from(">H", cmap, ends_at + 2 * i)[0]
        start = struct.unpack_from(">H", cmap, starts_at + 2 * i)[0]
        delta = struct.unpack_from(">h", cmap, deltas_at + 2 * i)[0]
        range_offset = struct.unpack_from(">H", cmap, ranges_at + 2 * i)[0]
        for c in range(start, end + 1):
            if c == 0xFFFF:
                continue
            if range_offset == 0:
                glyph = (c + delta) & 0xFFFF
            else:
                at = ranges_at + 2 * i + range_offset + 2 * (c - start)
                glyph = struct.unpack_from(">H", cmap, at)[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                points.add(c)
    return points
