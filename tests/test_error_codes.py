"""Error codes are one published enumeration (py_rules/error_codes.py): every code the engine can raise is declared
there with its meaning, ``RulesError`` refuses any other, the catalog lists them all, and the page names the codes
it gives or compares in one module (web/error_codes.mjs) whose every code is declared too."""

import ast
import functools
import re
from pathlib import Path

import pytest

from py_rules import api
from py_rules.error_codes import ERROR_CODES, PAGE_CODES
from py_rules.errors import RulesError

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "py_rules"
WEB = ROOT / "web"


def _called(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _strings(node: ast.expr):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for each in node.elts:
            yield from _strings(each)


def _code_position(function: ast.FunctionDef) -> int | None:
    """Where a function that passes a ``code`` on takes it among its positional arguments (``self`` not counted)."""
    names = [a.arg for a in function.args.posonlyargs + function.args.args]
    if "code" not in names:
        return None
    return names.index("code") - (1 if names[0] in ("self", "cls") else 0)


def classes_taking_a_code(trees: list[ast.AST]) -> dict[str, int]:
    """Classes whose fields (a dataclass's, in order) hold a ``code``, → its place among their positional arguments:
    ``Form("armageddon.damage", "a damage roll", "Write …", "bad_expression", …)`` (py_rules/dice_expr.py)."""
    found = {"RulesError": 0, "InvalidArgs": 0}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                fields = [
                    each.target.id
                    for each in node.body
                    if isinstance(each, ast.AnnAssign) and isinstance(each.target, ast.Name)
                ]
                if "code" in fields:
                    found[node.name] = fields.index("code")
    return found


def codes_in_source(tree: ast.AST, classes: dict[str, int]) -> dict[str, list[int]]:
    """Every string a module uses as an error code, with its lines: the code given to ``RulesError`` (or a class
    built on it, a class with a ``code`` field, or a module's own helper with a ``code`` parameter: ``_fail``), a
    ``code=``/``*_code=`` keyword or default, a ``{"code": …}`` answer written by hand, and a string compared with an
    error's ``.code``."""
    takes_code = dict(classes)
    refusal_classes = set()
    nodes = list(ast.walk(tree))  # walked twice below
    for node in nodes:
        if isinstance(node, ast.FunctionDef) and node.name != "__init__" and _code_position(node) is not None:
            takes_code[node.name] = _code_position(node)
        if isinstance(node, ast.ClassDef) and any(
            _called(base) in ("RulesError", "InvalidArgs") for base in node.bases
        ):
            refusal_classes.add(node.name)
    found: dict[str, list[int]] = {}

    def add(value: ast.expr, line: int) -> None:
        for text in _strings(value):
            found.setdefault(text, []).append(line)

    for node in nodes:
        if isinstance(node, ast.Call):
            name = _called(node.func)
            if name in takes_code and len(node.args) > takes_code[name]:
                add(node.args[takes_code[name]], node.lineno)
            if name == "__init__" and refusal_classes and node.args:  # super().__init__("needs_die", …)
                add(node.args[0], node.lineno)
            for keyword in node.keywords:
                if keyword.arg and (keyword.arg == "code" or keyword.arg.endswith("_code")):
                    add(keyword.value, node.lineno)
        elif isinstance(node, ast.FunctionDef):
            positional = node.args.posonlyargs + node.args.args
            for arg, default in zip(
                positional[len(positional) - len(node.args.defaults) :], node.args.defaults, strict=True
            ):
                if arg.arg == "code" or arg.arg.endswith("_code"):
                    add(default, node.lineno)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            if node.target.id == "code" or node.target.id.endswith("_code"):
                add(node.value, node.lineno)
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "code":
                    add(value, node.lineno)
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(side, ast.Attribute) and side.attr == "code" for side in sides):
                for side in sides:
                    add(side, node.lineno)
    return found


@functools.cache
def engine_codes() -> dict[str, list[str]]:
    """Every code used anywhere in py_rules → where (file:line). Read once a run (two tests ask; neither changes it):
    parsing and walking every module takes a few seconds."""
    everywhere: dict[str, list[str]] = {}
    trees = {path: ast.parse(path.read_text(), str(path)) for path in sorted(PACKAGE.rglob("*.py"))}
    classes = classes_taking_a_code(list(trees.values()))
    for path, tree in trees.items():
        for code, lines in codes_in_source(tree, classes).items():
            everywhere.setdefault(code, []).extend(f"{path.relative_to(ROOT)}:{line}" for line in lines)
    return everywhere


def test_every_code_the_engine_raises_is_declared():
    used = engine_codes()
    undeclared = {code: where for code, where in used.items() if code not in ERROR_CODES}
    assert not undeclared, f"declare these in py_rules/error_codes.py: {undeclared}"
    # the scan sees every way a code is given: RulesError, a helper's argument or default, a subclass, a form's field,
    # an answer written by hand
    assert {
        "out_of_range",
        "wrong_type",
        "needs_die",
        "bad_investigator",
        "bad_sanity_loss",
        "bad_expression",
        "bad_damage",
        "internal",
        "bad_json",
    } <= set(used)


def test_every_declared_code_is_used_by_the_engine_or_the_page():
    unused = set(ERROR_CODES) - set(engine_codes()) - set(PAGE_CODES)
    assert not unused, f"declared but never given: {sorted(unused)}"


def test_an_undeclared_code_is_refused_when_the_error_is_made():
    with pytest.raises(ValueError, match="'out_of_rnage' is not a declared error code"):
        RulesError("out_of_rnage", "A typo.", "field")
    assert RulesError("out_of_range", "Too high.", "field").to_dict() == {
        "code": "out_of_range",
        "message": "Too high.",
        "field": "field",
    }


def test_each_meaning_is_one_plain_line():
    for code, meaning in ERROR_CODES.items():
        assert re.fullmatch(r"[a-z][a-z_]*[a-z]", code), code
        assert meaning and "\n" not in meaning and meaning[0].isupper() and meaning.endswith((".", ")")), code


def test_the_catalog_lists_every_code_with_its_meaning():
    errors = api.handle({"op": "catalog"})["result"]["errors"]
    assert errors == [{"code": code, "meaning": meaning} for code, meaning in ERROR_CODES.items()]


PAGE_MODULE = WEB / "error_codes.mjs"
COMPARED = re.compile(r"""\.code\s*[!=]==?\s*["'`]|["'`]\s*[!=]==?\s*[\w.?]*\.code\b|\bcode:\s*["'`]""")
"""A code written as a string where an error's code is compared or made."""


def page_codes() -> set[str]:
    return set(re.findall(r"""^\s*\w+:\s*"([a-z_]+)",""", PAGE_MODULE.read_text(), re.MULTILINE))


def test_the_codes_the_page_names_are_declared_and_its_own_are_among_them():
    named = page_codes()
    assert named and named <= set(ERROR_CODES), named - set(ERROR_CODES)
    assert set(PAGE_CODES) <= named


def test_the_page_compares_codes_only_through_its_one_module():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted(WEB.rglob("*.*js"))
        if path != PAGE_MODULE and "vendor" not in path.parts
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if COMPARED.search(line)
    ]
    assert not found, "name the code in web/error_codes.mjs and compare through CODE:\n" + "\n".join(found)
