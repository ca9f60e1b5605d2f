"""Names in any script: DejaVu for what it has, the shipped fallbacks for CJK and emoji.

A character no font has comes out as the font's box glyph, and every box looks
the same: so two different names drawn as boxes give the same picture, while
real glyphs give different ones. The tests lean on that.
"""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from render import board_image
from render.board import view_layout
from render.cmap import covered
from render.fonts import BOLD, FALLBACKS, REGULAR, file_for, typeface
from render.text import draw_text, runs, sizes_drawn, text_width
from tests.support.boards import race_view

CJK_FONT, EMOJI_FONT = FALLBACKS
# The wheel and the image carry these files: keep them compact.
MAX_FALLBACK_BYTES = 5 * 1024 * 1024


def drawn(text: str, *, size: int = 40, bold: bool = False) -> Image.Image:
    """``text`` in white on black, from the same code the boards use."""
    image = Image.new("RGB", (900, 120), (0, 0, 0))
    draw_text(image, (10, 60), text, size=size, fill=(255, 255, 255), bold=bold, anchor="lm")
    return image.convert("L")


def box_glyph(size: int = 40) -> Image.Image:
    """How DejaVu draws a character it lacks (U+E000, private use): its box."""
    image = Image.new("L", (120, 120), 0)
    ImageDraw.Draw(image).text((10, 10), "\ue000", fill=255, font=typeface(REGULAR, size))
    return image


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


def test_the_cmap_reader_knows_which_font_has_which_character() -> None:
    """DejaVu has Latin and lacks kanji; the CJK fallback has kanji and Hangul; Symbola has 🏁."""
    assert ord("A") in covered(REGULAR) and ord("鈴") not in covered(REGULAR)
    assert {ord("鈴"), ord("한"), ord("カ")} <= covered(CJK_FONT)
    assert ord("🏁") in covered(EMOJI_FONT) and ord("🏁") not in covered(BOLD)


def test_each_character_goes_to_the_first_font_that_has_it() -> None:
    """Latin stays in DejaVu (bold too), kanji go to the CJK font, emoji to Symbola."""
    assert runs("Ada 鈴木🏁", bold=True) == [("Ada ", BOLD), ("鈴木", CJK_FONT), ("🏁", EMOJI_FONT)]
    assert file_for("é", False) == REGULAR


def test_a_cjk_name_is_drawn_with_real_glyphs_not_boxes() -> None:
    """Different kanji give different pictures, each the CJK font's own glyph, never a box."""
    pictures = [drawn(name) for name in ("鈴木", "佐藤", "김민준", "カート")]
    for i, picture in enumerate(pictures):
        assert picture.getbbox() is not None
        for other in pictures[i + 1 :]:
            assert not same(picture, other)
    one = drawn("鈴")
    box = box_glyph()
    assert not same(one.crop(one.getbbox()), box.crop(box.getbbox()))


def test_a_cjk_name_in_the_panel_is_drawn_with_real_glyphs() -> None:
    """Two boards differing only in a Japanese name differ: boxes would make them the same."""
    view = race_view("usa", [("A", "red", 12, 0)])
    first = board_image(view, names={"A": "鈴木"}).convert("RGB")
    second = board_image(view, names={"A": "佐藤"}).convert("RGB")
    difference = ImageChops.difference(first, second).getbbox()
    assert difference is not None
    assert difference[1] >= view_layout(view).roster_box.top, "only the roster's name differs"


def test_emoji_are_drawn_and_presentation_selectors_vanish() -> None:
    """🏁 and 🏎 differ; "Ada" with U+FE0F looks like "Ada"; mixed text sits on one line."""
    assert not same(drawn("🏁"), drawn("🏎"))
    assert same(drawn("Ada\ufe0f"), drawn("Ada"))
    mixed = drawn("Ada 鈴木 🏁", bold=True)
    box = mixed.getbbox()
    assert box is not None and box[3] - box[1] < 60
    assert text_width("Ada 鈴木", size=40) > text_width("Ada", size=40)


def test_the_fallback_fonts_stay_small_and_carry_their_licences() -> None:
    """The cut fonts stay under 5 MB together, each with its licence file beside it."""
    assert sum(path.stat().st_size for path in FALLBACKS) < MAX_FALLBACK_BYTES
    for path, licence in zip(FALLBACKS, ("DroidSansFallback", "Symbola"), strict=True):
        text = (path.parent / f"LICENSE-{licence}.txt").read_text(encoding="utf-8")
        assert path.name in text


def test_sizes_drawn_records_every_text_drawn_inside_the_block_and_nothing_outside() -> None:
    """The measure the readability tests use: each string with its type size, blanks skipped."""
    image = Image.new("RGB", (200, 60))
    draw_text(image, (0, 0), "before", size=30, fill=(255, 255, 255))
    with sizes_drawn() as drawn_inside:
        draw_text(image, (0, 0), "Ada", size=12, fill=(255, 255, 255))
        draw_text(image, (0, 0), " ", size=5, fill=(255, 255, 255))
        draw_text(image, (0, 20), "鈴木", size=18, fill=(255, 255, 255))
    draw_text(image, (0, 0), "after", size=30, fill=(255, 255, 255))
    assert drawn_inside == [(12, "Ada"), (18, "鈴木")]
