"""The smallest text of every picture kind, in every language, as Discord shows it 400 px wide.

Draws each kind (board, replay GIF frame, close-up, hand, market, standings, standings
chart, Hall of Fame) in English, Italian and the pseudo-language (English 40% longer,
accented) with 32-character names in every script, as the tests do
(``tests/support/drawn.py``), and prints per kind and language
``<kind>_<language>_cap_px`` (the smallest capital's height at 400 px; the goal: at least
7) and ``<kind>_<language>_smallest`` (the text it is in). A kind whose drawing takes no
locale yet is drawn in English and says so in ``<kind>_<language>_missing``.

    .venv/bin/python bench/text_sizes.py [--locale it] [--kind board]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# Run as a script, only this file's folder is on the path: put the project root first.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.drawn import KINDS, LOCALES, draw, smallest_cap


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locale", choices=LOCALES, action="append")
    parser.add_argument("--kind", choices=KINDS, action="append")
    args = parser.parse_args()
    for kind in args.kind or KINDS:
        for locale in args.locale or LOCALES:
            drawn = draw(kind, locale)
            seen, text = smallest_cap(drawn.pictures)
            print(f"{kind}_{locale}_cap_px: {seen:.2f}")
            print(f"{kind}_{locale}_smallest: {text!r}")
            if drawn.missing is not None and locale != "en":
                print(f"{kind}_{locale}_missing: {drawn.missing} (drawn in English)")


if __name__ == "__main__":
    main()
