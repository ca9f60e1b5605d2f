"""The gettext catalogs of every word people read: compiled, checked, kept up to date.

One ``.po`` file a language, ``locale/<language>/LC_MESSAGES/heat.po`` beside this module,
and the template ``locale/heat.pot`` that lists every message the code asks for. A message
id is a key the code names (``t("joined", locale, car=...)``), or, for a slash command's
descriptions and choices, its English words under the context ``command`` (what discord.py
hands its translator). English is the source language: every other catalog says the same
things with the same ``{placeholders}``.

``python -m data.catalogs check`` is the translator's check; ``update`` reads the code
again and brings the template and every catalog up to date (``make catalogs``); ``init
LANGUAGE`` starts a new language. The wheel carries each catalog compiled (setup.py calls
:func:`compile_catalog`); a source checkout compiles them when first read (``data.words``).

This module imports nothing of the project: the build loads it by its path.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import re
import string
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po, write_po

DOMAIN = "heat"
SOURCE = "en"
"""The language the code's messages are first written in, the others' reference."""
LOCALES = Path(__file__).resolve().parent / "locale"
ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("bot", "render")
"""The packages whose code asks for words (``data`` and ``engine`` say none)."""
COMMAND = "command"
"""The context of a slash command's description or choice name (its id: the English)."""
STAMP = ("heat-catalog", "source-sha256")
"""The context and id of the message a compiled catalog adds: its ``.po`` file's hash."""
ORDINAL = "ordinal_"
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories: an ordinal's message is ``ordinal_<category>``."""
KEY = re.compile(r"[a-z][a-z0-9_]*\Z")
KEY_CALLS = frozenset({"t", "text", "Refused"})
"""Calls whose first argument is a message's key."""
PLURAL_CALLS = frozenset({"counted"})
COMMAND_CALLS = frozenset({"_", "locale_str"})

ORDINAL_NOTE = (
    "A place as an ordinal, for the numbers CLDR puts in the category '{category}'"
    " ({n} is the place). Only the categories of your language's ordinal rule are"
    " needed; `python -m data.catalogs check` names them, the others may stay empty."
)
PROJECT, VERSION = "heat-discord", "1"
ADDRESS = "the project's issues"
TEMPLATE_HEADER = (
    "# Every message the code asks for, made from the code by `make catalogs`\n"
    "# (python -m data.catalogs update): edit the .po files, not this one."
)
HEADER = (
    "# The words of Heat on Discord in {name}: docs/translating.md says how to\n"
    "# translate them and check them (python -m data.catalogs check)."
)
PLURAL_NOTE = "{n} things: one form for each of the language's plural forms."


def po_path(language: str, directory: Path = LOCALES) -> Path:
    return directory / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages(directory: Path = LOCALES) -> list[str]:
    """The languages with a catalog in ``directory``, the source language first."""
    found = sorted(path.parent.parent.name for path in directory.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return sorted(found, key=lambda language: language != SOURCE)


def source_hash(po: Path) -> str:
    return hashlib.sha256(po.read_bytes()).hexdigest()


def read(path: Path, language: str | None = None) -> Catalog:
    """A ``.po`` or ``.pot`` file, or a :class:`PoFileError` that names the line at fault."""
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN, abort_invalid=True)


def compile_catalog(po: Path) -> bytes:
    """The ``.mo`` form of a catalog, carrying its source's hash (:data:`STAMP`)."""
    catalog = read(po, po.parent.parent.name)
    catalog.add(STAMP[1], source_hash(po), context=STAMP[0])
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    return compiled.getvalue()


def ordinal_categories(language: str) -> set[str]:
    """The CLDR categories the language's ordinal rule picks from ("other" always)."""
    try:
        rule = Locale.parse(language).ordinal_form
    except (UnknownLocaleError, ValueError):
        return {"other"}
    return set(rule.tags) | {"other"}


def fields(text: str) -> set[str]:
    """The names of the ``{placeholders}`` in a text (a malformed brace raises ValueError)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


# --- what the code asks for ------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Wanted:
    """A message the code asks for: its id, and whether it has plural forms."""

    id: str
    context: str | None = None
    plural: bool = False


def _name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _strings(nodes: Iterable[ast.expr]) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


def _choices(node: ast.expr | None) -> Iterator[str]:
    """The strings an expression can be: a constant, or either side of ``a if c else b``."""
    if isinstance(node, ast.IfExp):
        yield from _choices(node.body)
        yield from _choices(node.orelse)
    elif node is not None:
        yield from _strings([node])


class _Module:
    """One module's calls for words, and where a key held in a name comes from."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.parents: dict[ast.AST, ast.AST] = {}
        for parent in ast.walk(tree):
            for child in ast.iter_child_nodes(parent):
                self.parents[child] = parent

    def function(self, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                return node
        return None

    def assigned(self, name: str, scope: ast.AST) -> Iterator[str]:
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AnnAssign):
                targets = [node.target]
            else:
                continue
            if any(isinstance(target, ast.Name) and target.id == name for target in targets):
                yield from _choices(node.value)


@dataclass(frozen=True)
class _Sink:
    """Where a function takes a message's key: its position, the parameter's name."""

    position: int
    keyword: str | None
    plural: bool


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> list[str]:
    names = [argument.arg for argument in [*function.args.posonlyargs, *function.args.args]]
    return names[1:] if method and names[:1] in (["self"], ["cls"]) else names


def _argument(call: ast.Call, sink: _Sink) -> ast.expr | None:
    if len(call.args) > sink.position and not any(
        isinstance(arg, ast.Starred) for arg in call.args[: sink.position + 1]
    ):
        return call.args[sink.position]
    return next((kw.value for kw in call.keywords if kw.arg and kw.arg == sink.keyword), None)


def _sinks(modules: Sequence[_Module]) -> dict[str, set[_Sink]]:
    """The functions that hand a parameter on as a key, found until no more are: from
    ``t``, ``text``, ``counted`` and ``Refused`` to ``refuse(interaction, key)`` and on."""
    sinks = {name: {_Sink(0, None, False)} for name in KEY_CALLS}
    sinks |= {name: {_Sink(0, None, True)} for name in PLURAL_CALLS}
    functions = [
        (module, node, isinstance(module.parents.get(node), ast.ClassDef))
        for module in modules
        for node in ast.walk(module.tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    grew = True
    while grew:
        grew = False
        for _, function, method in functions:
            parameters = _parameters(function, method)
            for call in ast.walk(function):
                if not isinstance(call, ast.Call):
                    continue
                for sink in sinks.get(_name(call) or "", set()).copy():
                    given = _argument(call, sink)
                    if isinstance(given, ast.Name) and given.id in parameters:
                        found = _Sink(parameters.index(given.id), given.id, sink.plural)
                        if found not in sinks.setdefault(function.name, set()):
                            sinks[function.name].add(found)
                            grew = True
    return sinks


def _default(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> Iterator[str]:
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    with_default = positional[len(positional) - len(arguments.defaults) :]
    defaults: list[tuple[ast.arg, ast.expr | None]] = list(
        zip(with_default, arguments.defaults, strict=True)
    )
    defaults += zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
    for argument, default in defaults:
        if argument.arg == name:
            yield from _choices(default)


def scan(sources: Iterable[str]) -> Iterator[Wanted]:
    """The messages the modules name: the key given to ``t``, ``text``, ``counted``
    (plural), ``Refused`` or a function that hands it on to them; a ``text="key"``
    argument; ``N_("key", ...)``; and ``_("English")``, a command's words.

    A key is a constant, either side of ``"a" if c else "b"``, or a name given such a
    value in its module, or a parameter's default. A key built at run
    time (``t(f"step_{step}")``) is named where the code lists them, with ``N_``."""
    modules = [_Module(ast.parse(source)) for source in sources]
    sinks = _sinks(modules)
    for module in modules:
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node) or ""
            if name == "N_":
                yield from (Wanted(key) for key in _strings(node.args))
            elif name in COMMAND_CALLS:
                yield from (Wanted(words, COMMAND) for words in _strings(node.args[:1]))
            for sink in sinks.get(name, set()):
                for key in _keys(module, node, _argument(node, sink)):
                    yield Wanted(key, plural=sink.plural)
            for keyword in node.keywords:
                if keyword.arg == "text":
                    yield from (Wanted(key) for key in _choices(keyword.value) if KEY.match(key))


def families(root: Path = ROOT) -> set[str]:
    """The prefixes of the keys the code builds at run time (``t(f"step_{step}")``): each
    family's keys must be named with ``N_`` for the update to find them."""
    modules = [_Module(ast.parse(path.read_text(encoding="utf-8"))) for path in _sources(root)]
    sinks = _sinks(modules)
    found = set()
    for module in modules:
        for node in ast.walk(module.tree):
            if isinstance(node, ast.Call):
                for sink in sinks.get(_name(node) or "", set()):
                    given = _argument(node, sink)
                    if isinstance(given, ast.JoinedStr) and given.values:
                        found |= set(_strings(given.values[:1]))
    return {prefix for prefix in found if KEY.match(prefix)}


def _sources(root: Path) -> list[Path]:
    return sorted(path for package in SCANNED for path in (root / package).rglob("*.py"))


def _keys(module: _Module, call: ast.Call, given: ast.expr | None) -> set[str]:
    found = set(_choices(given))
    if isinstance(given, ast.Name):
        function = module.function(call)
        found |= set(module.assigned(given.id, module.tree))
        if function is not None:
            found |= set(_default(function, given.id))
    return {key for key in found if KEY.match(key)}


def wanted(root: Path = ROOT) -> set[Wanted]:
    """Every message the code under ``root`` asks for, ordinals included."""
    found = set(scan(path.read_text(encoding="utf-8") for path in _sources(root)))
    found |= {Wanted(ORDINAL + category) for category in CATEGORIES}
    plural = {item.id for item in found if item.plural}
    return {item for item in found if item.plural or item.context or item.id not in plural}


def template(messages: Iterable[Wanted]) -> Catalog:
    """The catalog with every message and no words: what ``heat.pot`` holds."""
    catalog = Catalog(
        domain=DOMAIN,
        header_comment=TEMPLATE_HEADER,
        project=PROJECT,
        version=VERSION,
        msgid_bugs_address=ADDRESS,
        fuzzy=False,
    )
    for item in sorted(messages, key=lambda item: (item.context or "", item.id)):
        if item.plural:
            catalog.add((item.id, item.id), auto_comments=[PLURAL_NOTE])
        elif item.id.startswith(ORDINAL) and item.context is None:
            note = ORDINAL_NOTE.replace("{category}", item.id.removeprefix(ORDINAL))
            catalog.add(item.id, auto_comments=[note])
        else:
            catalog.add(item.id, context=item.context)
    return catalog


def ids(catalog: Catalog) -> set[tuple[str | None, str, bool]]:
    """(context, id, has plural forms) of each message but the header."""
    return {
        (message.context, _first(message.id), message.pluralizable)
        for message in catalog
        if message.id
    }


def keys(directory: Path = LOCALES) -> set[str]:
    """The keys the template holds (a command's English words are not keys)."""
    return {id_ for context, id_, _ in ids(read(directory / f"{DOMAIN}.pot")) if context is None}


def _first(message_id: str | Sequence[str]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def _forms(message: Message) -> list[str]:
    string_ = message.string
    if string_ is None or isinstance(string_, str):
        return [string_ or ""]
    return [form or "" for form in string_]


# --- the check -------------------------------------------------------------------------


def check(directory: Path = LOCALES) -> list[str]:
    """What is wrong with the catalogs in ``directory``: one line a fault, none if all is well.

    Each catalog parses and compiles; it has every message of the template, none other,
    none fuzzy or empty (an ordinal only for its language's categories), plural messages
    with the language's number of forms; and it uses the placeholders English uses.
    """
    problems: list[str] = []
    try:
        wanted_ids = ids(read(directory / f"{DOMAIN}.pot"))
    except (OSError, PoFileError) as error:
        return [f"{DOMAIN}.pot: {error}"]
    found = languages(directory)
    if SOURCE not in found:
        return [f"no {SOURCE} catalog in {directory}"]
    catalogs: dict[str, Catalog] = {}
    for language in found:
        po = po_path(language, directory)
        name = po.relative_to(directory).as_posix()
        try:
            catalogs[language] = read(po, language)
            compile_catalog(po)
        except (PoFileError, ValueError, OSError) as error:
            problems.append(f"{name}: does not parse or compile: {error}")
    english = {(m.context, _first(m.id)): m for m in catalogs.get(SOURCE, Catalog()) if m.id}
    for language, catalog in catalogs.items():
        name = po_path(language, directory).relative_to(directory).as_posix()
        problems += [f"{name}: {fault}" for fault in _faults(language, catalog, wanted_ids)]
        if language != SOURCE:
            problems += [f"{name}: {fault}" for fault in _placeholders(catalog, english)]
    return problems


def _faults(
    language: str, catalog: Catalog, wanted_ids: set[tuple[str | None, str, bool]]
) -> Iterator[str]:
    have = ids(catalog)
    for context, id_, plural in sorted(wanted_ids - have, key=str):
        yield f"missing {_label(context, id_)}" + (" (with plural forms)" if plural else "")
    for context, id_, _ in sorted(have - wanted_ids, key=str):
        yield f"{_label(context, id_)} is not a message the code asks for (run the update)"
    if catalog.fuzzy:
        yield "the header is marked fuzzy"
    ordinals = {ORDINAL + category for category in ordinal_categories(language)}
    for message in catalog:
        if not message.id:
            continue
        label = _label(message.context, _first(message.id))
        forms = _forms(message)
        if message.fuzzy:
            yield f"{label} is fuzzy: check it, then remove the fuzzy flag"
        if message.pluralizable and len(forms) != catalog.num_plurals:
            yield f"{label} has {len(forms)} forms, the language has {catalog.num_plurals}"
        optional = label.startswith(ORDINAL) and label not in ordinals
        if not optional and not all(form.strip() for form in forms):
            yield f"{label} is empty"
        for form in forms:
            try:
                fields(form)
            except ValueError as error:
                yield f"{label}: a brace that is not a placeholder ({error})"


def _placeholders(
    catalog: Catalog, english: dict[tuple[str | None, str], Message]
) -> Iterator[str]:
    for message in catalog:
        source = english.get((message.context, _first(message.id))) if message.id else None
        if source is None:
            continue
        try:
            wanted_fields = set().union(*(fields(form) for form in _forms(source)))
            if _first(message.id).startswith(ORDINAL) and message.context is None:
                wanted_fields = {"n"}  # each language has its own categories
            forms = [fields(form) for form in _forms(message) if form]
        except ValueError:
            continue  # said once already, as a malformed brace
        label = _label(message.context, _first(message.id))
        if message.pluralizable:  # a form may leave the count out ("una gara")
            if any(not have <= wanted_fields for have in forms) or (
                forms and forms[-1] != wanted_fields
            ):
                yield f"{label}: placeholders differ from English {sorted(wanted_fields)}"
        elif any(have != wanted_fields for have in forms):
            yield f"{label}: placeholders {sorted(forms[0])} differ from English's " + str(
                sorted(wanted_fields)
            )


def _label(context: str | None, id_: str) -> str:
    return f"{id_!r} ({context})" if context else id_


# --- keeping the files up to date ------------------------------------------------------


def write(catalog: Catalog, path: Path) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=0, no_location=True, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def update(root: Path = ROOT, directory: Path = LOCALES) -> list[Path]:
    """Write the template from the code under ``root`` and bring every catalog to it: new
    messages empty (an English command filled with its own words), messages the code no
    longer asks for dropped, each message of another language with its English beside it
    as a comment. The files it changed."""
    pot = directory / f"{DOMAIN}.pot"
    fresh = template(wanted(root))
    if pot.exists():
        old = read(pot)
        if ids(old) == ids(fresh):
            fresh.creation_date = old.creation_date
    changed = _write_if_changed(fresh, pot)
    for language in languages(directory):
        changed += _merge(language, fresh, directory)
    return changed


def init(language: str, directory: Path = LOCALES) -> Path:
    """Start the catalog of a new language from the template: every message empty, its
    English beside it, plural forms as CLDR says for the language."""
    name = Locale.parse(language).english_name  # an unknown language is refused here
    po = po_path(language, directory)
    if po.exists():
        raise FileExistsError(f"{po} exists already")
    blank = read(directory / f"{DOMAIN}.pot")
    catalog = Catalog(
        locale=language,
        domain=DOMAIN,
        header_comment=HEADER.format(name=name),
        project=PROJECT,
        version=VERSION,
        msgid_bugs_address=ADDRESS,
        last_translator="",
        language_team="",
        fuzzy=False,
    )
    catalog.creation_date = catalog.revision_date = blank.creation_date
    write(catalog, po)
    _merge(language, blank, directory)
    return po


def _merge(language: str, fresh: Catalog, directory: Path) -> list[Path]:
    po = po_path(language, directory)
    catalog = read(po, language)
    catalog.update(fresh, no_fuzzy_matching=True, update_creation_date=False)
    if language == SOURCE:
        for message in catalog:
            if message.context == COMMAND and not message.string:
                message.string = _first(message.id)
    else:
        source = read(po_path(SOURCE, directory), SOURCE)
        english = {(m.context, _first(m.id)): m for m in source if m.id}
        for message in catalog:
            said = english.get((message.context, _first(message.id)))
            if message.id and message.context != COMMAND and said is not None:
                message.auto_comments = _english_note(said, message.auto_comments)
    return _write_if_changed(catalog, po)


def _english_note(source: Message, notes: Sequence[str]) -> list[str]:
    kept = [note for note in notes if not note.startswith("English: ")]
    forms = [form for form in _forms(source) if form]
    return [*kept, *(f"English: {form}" for form in forms)]


def _write_if_changed(catalog: Catalog, path: Path) -> list[Path]:
    before = path.read_bytes() if path.exists() else None
    write(catalog, path)
    return [path] if path.read_bytes() != before else []


def compile_into(build: Path, directory: Path = LOCALES) -> list[Path]:
    """Every catalog compiled to ``build/<language>/LC_MESSAGES/heat.mo``."""
    written = []
    for language in languages(directory):
        target = build / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(compile_catalog(po_path(language, directory)))
        written.append(target)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m data.catalogs", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    checked = commands.add_parser("check", help="say what is missing, fuzzy, empty or wrong")
    checked.add_argument(
        "folder", type=Path, nargs="?", default=LOCALES, help="default: data/locale"
    )
    commands.add_parser("update", help="read the code again; update the template and catalogs")
    new = commands.add_parser("init", help="start the catalog of a new language")
    new.add_argument("language", help="a CLDR language code: de, fr, pt_BR, ...")
    into = commands.add_parser("compile", help="write the compiled catalogs (.mo) into a folder")
    into.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if args.command == "init":
        print(f"{init(args.language)}: now translate it, then run the check")
        return 0
    if args.command == "compile":
        for path in compile_into(args.folder):
            print(path)
        return 0
    if args.command == "update":
        for path in update():
            print(f"updated {path.relative_to(ROOT)}")
    folder = getattr(args, "folder", LOCALES)
    problems = check(folder)
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"{', '.join(languages(folder))}: complete")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
