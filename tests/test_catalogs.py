"""The gettext catalogs: Babel reads and compiles them, the check catches what a translator
can get wrong, the update finds what the code asks for, and every install reads them."""

from __future__ import annotations

import gettext
import io
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from data import catalogs, words
from tests.support.paths import ROOT

Change = Callable[[Catalog], None]


def copy_of_locales(where: Path) -> Path:
    target = where / "locale"
    shutil.copytree(catalogs.LOCALES, target, ignore=shutil.ignore_patterns("*.mo"))
    return target


def change(directory: Path, language: str, edit: Change) -> None:
    po = catalogs.po_path(language, directory)
    catalog = catalogs.read(po, language)
    edit(catalog)
    catalogs.write(catalog, po)


@pytest.mark.parametrize("language", catalogs.languages())
def test_each_catalog_parses_and_compiles_with_babel(language: str) -> None:
    po = catalogs.po_path(language)
    catalog = catalogs.read(po, language)
    assert len(catalog) > 400 and not catalog.fuzzy
    compiled = gettext.GNUTranslations(io.BytesIO(catalogs.compile_catalog(po)))
    assert compiled.pgettext(*catalogs.STAMP) == catalogs.source_hash(po)
    assert compiled.gettext("joined") not in ("", "joined")


def _remove(key: str) -> Change:
    def edit(catalog: Catalog) -> None:
        catalog.delete(key)

    return edit


def _say(key: str, words_: str | tuple[str, ...], fuzzy: bool = False) -> Change:
    def edit(catalog: Catalog) -> None:
        message = catalog.get(key)
        assert message is not None
        message.string = words_
        if fuzzy:
            message.flags.add("fuzzy")

    return edit


def _add(key: str) -> Change:
    def edit(catalog: Catalog) -> None:
        catalog.add(key, "parola")

    return edit


FAULTS: dict[str, tuple[Change, str]] = {
    "missing": (_remove("joined"), "it/LC_MESSAGES/heat.po: missing joined"),
    "fuzzy": (_say("joined", "Sei dentro: auto {car}.", fuzzy=True), "joined is fuzzy"),
    "empty": (_say("joined", ""), "joined is empty"),
    "placeholder": (_say("joined", "Sei dentro: auto {auto}."), "joined: placeholders"),
    "a placeholder left out": (_say("joined", "Sei dentro."), "joined: placeholders"),
    "a lone brace": (_say("joined", "Sei dentro: auto {car."), "joined: a brace"),
    "a plural form short": (_say("count_races", ("{n} gara", "{n} gare")), "count_races is empty"),
    "a plural form's placeholder": (
        _say("count_races", ("una gara", "{n} gare", "{count} gare")),
        "count_races: placeholders",
    ),
    "its own ordinal empty": (_say("ordinal_many", ""), "ordinal_many is empty"),
    "a message the code does not use": (_add("not_a_key"), "not_a_key is not a message"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_the_check_names_what_a_translator_got_wrong(tmp_path: Path, fault: str) -> None:
    """Each fault in the Italian catalog is named, and nothing else is."""
    directory = copy_of_locales(tmp_path)
    assert catalogs.check(directory) == []
    edit, said = FAULTS[fault]
    change(directory, "it", edit)
    problems = catalogs.check(directory)
    assert len(problems) == 1 and said in problems[0], problems
    assert problems[0].startswith("it/LC_MESSAGES/heat.po: ")


def test_the_check_runs_from_the_command_line_and_fails_on_a_fault(tmp_path: Path) -> None:
    """``python -m data.catalogs check`` (the guide's), on the repository and on a copy."""
    command = [sys.executable, "-m", "data.catalogs", "check"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0 and "en, it: complete" in done.stdout, done.stderr
    directory = copy_of_locales(tmp_path)
    change(directory, "it", _remove("joined"))
    done = subprocess.run([*command, directory], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1 and "missing joined" in done.stderr


def test_an_ordinal_category_the_language_never_uses_may_stay_empty(tmp_path: Path) -> None:
    """Italian has no "one" ordinal (1º like 2º), English no "many" (CLDR)."""
    assert catalogs.ordinal_categories("en") == {"one", "two", "few", "other"}
    assert catalogs.ordinal_categories("it") == {"many", "other"}
    directory = copy_of_locales(tmp_path)
    change(directory, "it", _say("ordinal_one", ""))
    assert catalogs.check(directory) == []


SOURCE = """
from bot.service.refusals import Refused

def refuse(interaction, key, **values):
    say(t(key, interaction.locale, **values))

def seat_of(seats, user, missing="not_your_race"):
    raise Refused(missing)

async def act(x, locale, live):
    refuse(x, "no_race")
    seat_of([], 1, missing="kick_not_driver")
    key = "summary_legend" if live else "summary_car"
    t(key, locale)
    t("hand_deciding_live" if live else "hand_waiting", locale)
    counted("count_races", 2, locale)
    OutboxRow(1, "say", text="kicked")
    t(f"step_{live}", locale)
    BUILT = N_("step_plan", "step_react")
    describe(_("Join the race in this channel"))
    print("not_a_key")
"""


def test_the_update_finds_every_way_the_code_names_a_key() -> None:
    found = set(catalogs.scan([SOURCE]))
    keys = {item.id for item in found if item.context is None and not item.plural}
    assert keys == {
        "no_race",
        "not_your_race",
        "kick_not_driver",
        "summary_legend",
        "summary_car",
        "hand_deciding_live",
        "hand_waiting",
        "kicked",
        "step_plan",
        "step_react",
    }
    assert catalogs.Wanted("count_races", plural=True) in found
    assert catalogs.Wanted("Join the race in this channel", catalogs.COMMAND) in found


def test_the_update_adds_a_new_text_empty_and_drops_an_unused_one(tmp_path: Path) -> None:
    """Write ``t("new_key", ...)`` and run the update: every catalog has it, empty, so the
    check asks for its words; a key the code stopped using leaves every catalog."""
    directory = copy_of_locales(tmp_path)
    (tmp_path / "bot").mkdir()
    (tmp_path / "render").mkdir()
    (tmp_path / "bot" / "said.py").write_text('t("joined", "en")\nt("brand_new", "en")\n')
    changed = catalogs.update(tmp_path, directory)
    assert len(changed) == 3
    italian = catalogs.read(catalogs.po_path("it", directory), "it")
    assert italian.get("brand_new") is not None and not italian["brand_new"].string
    assert italian.get("rules") is None and italian["joined"].string == "Sei dentro: auto {car}."
    assert "English: You are in: car {car}." in italian["joined"].auto_comments
    problems = catalogs.check(directory)
    assert problems == [
        "en/LC_MESSAGES/heat.po: brand_new is empty",
        "it/LC_MESSAGES/heat.po: brand_new is empty",
    ]


def test_the_files_in_the_repository_are_as_the_update_writes_them(tmp_path: Path) -> None:
    """``make catalogs`` on the repository changes nothing: no hand edit is out of shape."""
    directory = copy_of_locales(tmp_path)
    assert catalogs.update(ROOT, directory) == []


def test_a_new_language_is_one_file_the_check_asks_to_finish(tmp_path: Path) -> None:
    directory = copy_of_locales(tmp_path)
    po = catalogs.init("de", directory)
    assert po == directory / "de" / "LC_MESSAGES" / "heat.po"
    german = catalogs.read(po, "de")
    assert german.num_plurals == 2 and "English: You are in: car {car}." in (
        german["joined"].auto_comments
    )
    problems = catalogs.check(directory)
    assert "de/LC_MESSAGES/heat.po: joined is empty" in problems
    assert not [p for p in problems if not p.startswith("de/")]
    english = catalogs.read(catalogs.po_path("en", directory), "en")
    for message in german:
        if message.id:
            said = english.get(message.id, context=message.context)
            assert said is not None
            message.string = said.string if isinstance(said.string, str) else said.string[:2]
    catalogs.write(german, po)
    assert catalogs.check(directory) == []
    assert catalogs.languages(directory) == ["en", "de", "it"]


def test_a_compiled_catalog_is_read_while_it_matches_its_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = copy_of_locales(tmp_path)
    catalogs.compile_into(directory, directory)
    with monkeypatch.context() as patch:  # compiled: read as it is, nothing compiled again
        patch.setattr(catalogs, "compile_catalog", None)
        assert words.load("it", directory).gettext("joined") == "Sei dentro: auto {car}."
    change(directory, "it", _say("joined", "Dentro: auto {car}."))
    assert words.load("it", directory).gettext("joined") == "Dentro: auto {car}.", "stale"
    catalogs.po_path("it", directory).unlink()  # a compiled catalog alone is read as it is
    assert words.load("it", directory).gettext("joined") == "Sei dentro: auto {car}."


def test_the_wheel_carries_the_catalogs_compiled_from_their_sources(tmp_path: Path) -> None:
    """``pip wheel .`` (the Dockerfile's, and ``pip install .``'s) compiles each ``.po``."""
    source = tmp_path / "source"
    for name in ("bot", "engine", "render", "data", "build_support"):
        shutil.copytree(
            ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo")
        )
    for name in ("pyproject.toml", "setup.py", "README.md", "requirements.lock", "MANIFEST.in"):
        shutil.copy2(ROOT / name, source / name)
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", wheels, source],
        check=True,
        env={key: value for key, value in os.environ.items() if key != "HEAT_COMPILE"},
    )
    (wheel,) = wheels.glob("*.whl")
    with zipfile.ZipFile(wheel) as packed:
        names = set(packed.namelist())
        for language in catalogs.languages():
            po = catalogs.po_path(language).relative_to(ROOT).as_posix()
            assert po in names and po.removesuffix(".po") + ".mo" in names
            compiled = gettext.GNUTranslations(io.BytesIO(packed.read(po[:-3] + ".mo")))
            stamp = compiled.pgettext(*catalogs.STAMP)
            assert stamp == catalogs.source_hash(catalogs.po_path(language))


def test_a_clean_checkout_reads_its_catalogs_from_the_sources(tmp_path: Path) -> None:
    """What git holds is enough (no compiled file): CI's editable install reads the ``.po``."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("no git here to list the tracked files")
    tracked = subprocess.run(
        ["git", "ls-files", "--", "data"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert not [path for path in tracked if path.endswith(".mo")], "compiled catalogs in git"
    for path in tracked:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / path, tmp_path / path)
    said = subprocess.run(
        [
            sys.executable,
            "-c",
            "from data import words; print(words.text('joined', 'it', car='B'))",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert said.stdout.strip() == "Sei dentro: auto B.", said.stderr
