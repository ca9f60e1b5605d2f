"""Layouts survive longer words (issue 35 points 3 and 5): every picture kind drawn in English,
Italian and the pseudo-language (English 40% longer, accented, bracketed), with Discord's
longest names in Latin with accents, CJK, Arabic and emoji.

Every text lies inside its picture and inside the region its code lays out for it (the
board's heading, roster lines and key lines, a standings column, a podium step, a card's
band and chips); no two texts overlap (a board's track is the pack tests' business); a text
cut short says so with "…" (a pseudo-language text whose "]" is gone must: a chip's word is
cut before its figure, "[šûþéŕ ċö… 1"); and the smallest
capital stands at least 7 px tall when Discord shows the picture 400 px wide.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest

from render.card_faces import CardFace
from render.hand import LEAST, card_tile
from render.text import boxes_drawn
from tests.support.drawn import KINDS, LOCALES, NAMES, Drawn, Kind, Rect, draw, smallest_cap

LEAST_CAP = 7.0
CUT = "…"
ROUNDING = 3


@cache
def drawn(kind: str, locale: str) -> Kind:
    return draw(kind, locale)


def pictures(kind: str, locale: str) -> list[Drawn]:
    """The pictures of ``kind`` in ``locale``; skipped where the drawing cannot speak it yet."""
    found = drawn(kind, locale)
    if found.missing is not None and locale != "en":
        pytest.skip(f"{kind} in {locale}: {found.missing}")
    return found.pictures


def centre(extent: Rect) -> tuple[float, float]:
    return ((extent[0] + extent[2]) / 2, (extent[1] + extent[3]) / 2)


def within(extent: Rect, rect: Rect) -> bool:
    """Inside, give or take the pixel a text's box is rounded out to."""
    left, top, right, bottom = rect
    return (
        extent[0] >= left - ROUNDING
        and extent[1] >= top - ROUNDING
        and extent[2] <= right + ROUNDING
        and extent[3] <= bottom + ROUNDING
    )


def home(picture: Drawn, extent: Rect) -> tuple[str, Rect]:
    """The smallest region the text's middle lies in, else the picture."""
    x, y = centre(extent)
    holding = [
        (name, rect)
        for name, rect in picture.regions
        if rect[0] <= x < rect[2] and rect[1] <= y < rect[3]
    ]
    if not holding:
        return "picture", (0, 0, picture.width, picture.height)
    return min(holding, key=lambda found: (found[1][2] - found[1][0]) * (found[1][3] - found[1][1]))


CASES = [pytest.param(kind, locale, id=f"{kind}-{locale}") for kind in KINDS for locale in LOCALES]


@pytest.mark.parametrize(("kind", "locale"), CASES)
def test_every_text_lies_inside_its_picture_and_its_region(kind: str, locale: str) -> None:
    out = []
    for picture in pictures(kind, locale):
        whole = (0, 0, picture.width, picture.height)
        for text, extent in picture.texts:
            name, rect = home(picture, extent)
            if not within(extent, whole) or not within(extent, rect):
                out.append(f"{picture.name}: {text!r} {extent} leaves its {name} {rect}")
    assert not out, "\n".join(out)


@pytest.mark.parametrize(("kind", "locale"), CASES)
def test_no_two_texts_overlap(kind: str, locale: str) -> None:
    met = []
    for picture in pictures(kind, locale):
        loose = picture.loose
        texts = [
            (text, extent)
            for text, extent in picture.texts
            if loose is None or not within_point(centre(extent), loose)
        ]
        for (a, ea), (b, eb) in combinations(texts, 2):
            if ea[0] < eb[2] and eb[0] < ea[2] and ea[1] < eb[3] and eb[1] < ea[3]:
                met.append(f"{picture.name}: {a!r} {ea} over {b!r} {eb}")
    assert not met, "\n".join(met)


def within_point(point: tuple[float, float], rect: Rect) -> bool:
    return rect[0] <= point[0] < rect[2] and rect[1] <= point[1] < rect[3]


@pytest.mark.parametrize(("kind", "locale"), CASES)
def test_a_text_cut_short_ends_with_an_ellipsis(kind: str, locale: str) -> None:
    """A name is drawn whole or cut to a prefix with "…"; a pseudo-language text that opens
    a bracket closes it, ends with "…", or goes on in the line drawn under it (a heading
    set on two lines)."""
    wrong = []
    for picture in pictures(kind, locale):
        if locale == "pseudo":
            wrong += [f"{picture.name}: {text!r} is cut short" for text in unclosed(picture)]
        for text, _ in picture.texts:
            for name in NAMES.values():
                if name[:3] in text and not shows(text, name):
                    wrong.append(f"{picture.name}: {text!r} is not {name!r} whole or cut")
    assert not wrong, "\n".join(wrong)


def unclosed(picture: Drawn) -> list[str]:
    """The texts (lines set one under the other read as one) that open a bracket they do
    not close and do not end with "…" (a "]" that closes a line above is that line's)."""
    found = []
    texts = list(picture.texts)
    n = 0
    while n < len(texts):
        said, extent = texts[n]
        while open_line(said) and n + 1 < len(texts) and under(extent, texts[n + 1][1]):
            n += 1
            said, extent = f"{said} {texts[n][0]}", texts[n][1]
        if open_line(said):
            found.append(said)
        n += 1
    return found


def under(above: Rect, below: Rect) -> bool:
    """``below`` starts where ``above`` does, a line down."""
    return abs(above[0] - below[0]) <= ROUNDING and above[3] <= below[1]


def open_line(text: str) -> bool:
    """The text opens a bracket it does not close, and is not cut after it ("…")."""
    return depth(text) > 0 and CUT not in text[text.rfind("[") :]


def depth(text: str) -> int:
    return text.count("[") - text.count("]")


def shows(text: str, name: str) -> bool:
    """``text`` holds ``name`` whole, or ends in its start and "…" (cut to fit)."""
    rest = text[text.find(name[:3]) :]
    return name in text or (text.endswith(CUT) and name.startswith(rest[:-1].rstrip()))


@pytest.mark.parametrize(("kind", "locale"), CASES)
def test_the_smallest_capital_stands_7_px_tall_at_400_px(kind: str, locale: str) -> None:
    seen, text = smallest_cap(pictures(kind, locale))
    assert seen >= LEAST_CAP, f"{text!r}: a capital {seen:.2f} px tall at 400 px"


def test_a_chip_too_narrow_for_its_word_keeps_its_figure() -> None:
    """A symbol's word longer than its chip is cut before the figure, which stays whole."""
    symbols = (("super_cool", 1), ("boost", 2), ("adjust", -1), ("refresh", 1))
    face = CardFace("upgrade", "Tires", (2,), symbols)
    card_tile.cache_clear()
    with boxes_drawn() as drawn:
        card_tile(face, LEAST, "pseudo")
    chips = [text for text, _ in drawn][2:]
    figures = (" 1", " ++", " -1", "]")
    assert all(chip.endswith(figure) for chip, figure in zip(chips, figures, strict=True)), chips
    assert chips[0] == "[šûþéŕ ċööļ… 1", "cut before its figure"
