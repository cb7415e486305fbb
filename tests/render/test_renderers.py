"""Forum posts checked by rendering them with real renderers (the ``bbcode`` package, which auto-links web addresses,
and markdown-it-py with linkify on; plain text is read as it is): each kind of roll's post, once rendered, names the
roller, what was rolled, the target and the level (TABLE.md, The forum's own format), and a hostile name renders
literally, with no link and no invisible character, so a copy of the rendered text gives the name back."""

import copy
import html
import re
import unicodedata
from html.parser import HTMLParser

import bbcode
import pytest
from markdown_it import MarkdownIt

from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.armageddon.fields import EXAMPLE_DYING as ARMAGEDDON_DYING
from py_rules.coc.investigator import EXAMPLE as HARVEY, EXAMPLE_OPPONENT as CULTIST
from py_rules.semiautomagic.creature import EXAMPLE_ATTACKER, EXAMPLE_HUMAN
from py_rules.semiautomagic.fields import EXAMPLE_DYING as SEMIAUTOMAGIC_DYING
from tests.door import answer
from tests.sheets import dying_harvey

_BB = bbcode.Parser()  # its defaults: replace_links on, as a board that links addresses by itself
_MD = MarkdownIt("commonmark", {"linkify": True}).enable("linkify")


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts, self.links = [], 0

    def handle_starttag(self, tag, attrs):
        self.links += tag == "a"
        if tag in ("br", "li", "p"):
            self.parts.append("\n")

    def handle_data(self, data):
        self.parts.append(data)


def rendered(fmt: str, post: str) -> tuple[str, int]:
    """What a reader sees of ``post`` (the text a copy gives) and how many links it holds."""
    if fmt == "plain":
        return post, 0
    reader = _Text()
    reader.feed(_BB.format(post) if fmt == "bbcode" else _MD.render(post))
    return html.unescape("".join(reader.parts)), reader.links


def post(result, fmt, **args):
    return answer("forum.result", result=result, format=fmt, **args)["details"]["text"]


def _after_a_roll():
    return answer("coc.skill_roll", investigator=HARVEY, skill="Spot Hidden", dice=[6, 50])["state"]


ROLLS = {  # (op, args, what the rendered post must name)
    "coc skill": (
        "coc.skill_roll",
        dict(investigator=HARVEY, skill="Spot Hidden", dice=[7, 20]),
        ["Harvey Walters", "Spot Hidden", "27", "55", "Hard success"],
    ),
    "coc luck spent": (
        "coc.spend_luck",
        dict(investigator=_after_a_roll(), points=1),
        ["Harvey Walters", "Spot Hidden", "56", "55", "Failure", "1 Luck", "Regular success"],
    ),
    "coc push": (
        "coc.push_roll",
        dict(investigator=_after_a_roll(), justification="Again", dice=[3, 20]),
        ["Harvey Walters", "Spot Hidden (pushed)", "23", "55", "Hard success", "Pushed after a failed 56"],
    ),
    "coc combined": (
        "coc.combined_roll",
        dict(investigator=HARVEY, skills="Spot Hidden, Listen", dice=[3, 20]),
        ["Harvey Walters", "Spot Hidden", "Listen", "23", "55", "Hard success"],
    ),
    "coc opposed": (
        "coc.opposed_roll",
        dict(investigator=HARVEY, opponent=CULTIST, skill="Spot Hidden", opponent_skill="Stealth", dice=[3, 20, 8, 50]),
        ["Harvey Walters", "Spot Hidden", "23", "55", "Cultist", "Stealth", "58", "20", "Failure"],
    ),
    "coc fight back": (
        "coc.attack",
        dict(investigator=HARVEY, opponent=CULTIST, weapon="Brawl", defence="fight_back", dice=[5, 30, 7, 20, 2, 1]),
        [
            "Harvey Walters: attacks with Fighting (Brawl), rolled 35 against 40",
            "Cultist: fights back with Fighting (Brawl), rolled 27 against 50",
            "Fighting (Brawl) roll (Cultist), d100: 27",
        ],
    ),
    "coc sanity": (
        "coc.sanity_roll",
        dict(investigator=HARVEY, loss="1/1D6", dice=[5, 70, 4], label="Harvey Walters: Sanity"),
        ["Harvey Walters", "Sanity", "75", "60", "Failure"],
    ),
    "armageddon task": (
        "armageddon.task",
        dict(attribute=2, skill=3, skill_name="Handguns", dice="4", label="Kim: Handguns"),
        ["Kim", "Handguns", "9", "vs 9", "Success Level"],
    ),
    "armageddon attack": (
        "armageddon.attack",
        dict(
            attacker=JACK,
            defender={**copy.deepcopy(JACK), "name": "Ray"},
            weapon="",
            defence="dodge",
            dice=[9, 2, 3],
            label="Jack Hawthorne: Attack → Ray",
        ),
        ["Jack Hawthorne", "Attack", "Ray", "vs 9", "hit"],
    ),
    "semiautomagic check": (
        "semiautomagic.check",
        dict(modifier=2, dc=6, dice=[6], label="Ann: Athletics"),
        ["Ann", "Athletics", "8 vs 6", "success"],
    ),
    "semiautomagic attack": (
        "semiautomagic.attack",
        dict(attacker=EXAMPLE_ATTACKER, creature=EXAMPLE_HUMAN, defence="dodge", dice=[5, 2], label="Ann: Attack"),
        ["Ann", "Attack", "8 vs 4", "hit"],
    ),
    "coc first aid (medic and patient)": (
        "coc.first_aid",
        dict(investigator=dying_harvey(), skill=60, medic_name="Dr Mo", dice=[5, 20]),
        ["Dr Mo: First Aid on Harvey Walters", "25", "60", "Hard success"],
    ),
    "coc medicine (medic and patient)": (
        "coc.medicine",
        dict(investigator=HARVEY, skill=70, medic_name="Dr Mo", dice=[5, 20, 2]),
        ["Dr Mo: Medicine on Harvey Walters", "25", "70", "success"],
    ),
    "armageddon resisted": (
        "armageddon.resisted",
        dict(a_name="Kim", a_attribute=3, a_skill=2, b_name="Lee", b_kind="simple", b_attribute=3, dice=[7, 2]),
        ["Kim: Attribute + Skill, rolled 12 against 9", "Lee: Attribute (simple Test), rolled 8 against 9", "Kim wins"],
    ),
    "armageddon first aid (medic and patient)": (
        "armageddon.first_aid",
        dict(character=ARMAGEDDON_DYING, medic_name="Dr Mo", dice=[6]),
        ["Dr Mo: First Aid on Jack Hawthorne", "10 vs 9", "Success Level"],
    ),
    "semiautomagic skill check": (
        "semiautomagic.skill_check",
        dict(creature=EXAMPLE_HUMAN, skill="Perception", dc=6, dice=[5]),
        ["Average human: Perception", "6 vs 6", "success"],
    ),
    "semiautomagic medicine (medic and patient)": (
        "semiautomagic.medicine_stabilise",
        dict(creature=SEMIAUTOMAGIC_DYING, medic_name="Dr Mo", dice=[5, 1]),
        ["Dr Mo: Medicine on Average human", "5 vs 4", "stabilised"],
    ),
}
FORMATS = ["bbcode", "markdown", "plain"]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("kind", list(ROLLS))
def test_a_rendered_post_names_the_roller_the_skill_the_target_and_the_level(kind, fmt):
    op, args, named = ROLLS[kind]
    seen, links = rendered(fmt, post(answer(op, **args), fmt))
    for part in named:
        assert part in seen, (part, seen)
    assert links == 0


HOSTILE = [
    "[url]http://evil.example[/url]",
    "http://x.example",
    "www.x.example",
    "*bold* _x_",
    "<b>Bob</b>",
    "`tick`",
    "[b]Bob[/b]",
    "mail@x.example",
]
INVISIBLE = "\u200b\u200c\u2060\ufeff"  # the door refuses a direction override outright


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_name_renders_literally_with_no_link_and_nothing_invisible(name, fmt):
    hidden = name[:3] + INVISIBLE + name[3:]  # a sheet refuses such a name; a label (free text) takes it
    result = answer(
        "coc.skill_roll", investigator=HARVEY, skill="Spot Hidden", dice=[7, 20], label=f"{hidden}: Spot Hidden"
    )
    text = post(result, fmt)
    assert not any(unicodedata.category(ch) == "Cf" for ch in text)
    seen, links = rendered(fmt, text)
    assert links == 0, seen
    assert f"{name}: Spot Hidden" in seen and "Rolled 27 against 55" in seen
    assert not any(unicodedata.category(ch) == "Cf" for ch in seen)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_roll_code_ends_the_post_as_the_format_writes_it(fmt):
    result = answer("coc.skill_roll", investigator=HARVEY, skill="Spot Hidden", dice=[7, 20])
    text = post(result, fmt, code="RC1P.ab-c_d.e9")
    seen, links = rendered(fmt, text)
    assert "RC1P.ab-c_d.e9" in seen and links == 0
    if fmt == "plain":
        assert text.splitlines()[-1].endswith("RC1P.ab-c_d.e9")
    if fmt == "markdown":
        assert "<code>RC1P.ab-c_d.e9</code>" in _MD.render(text)


@pytest.mark.parametrize("code", ["RC1 x", "RC1\nx", "a..b", "x" * 4001, "<b>"])
def test_a_roll_code_that_is_not_one_line_of_base64url_and_dots_is_refused(code):
    from py_rules import api

    result = answer("coc.skill_roll", investigator=HARVEY, skill="Spot Hidden", dice=[7, 20])
    response = api.handle({"op": "forum.result", "args": {"result": result, "code": code}})
    assert not response["ok"] and response["error"]["field"] == "code"


def test_a_post_in_an_encounter_says_whose_post_is_next():
    sheets = {"h": HARVEY}
    enc = answer(
        "encounter.start",
        id="e1",
        name="Cellar",
        game="coc",
        sheets=sheets,
        combatants=[{"character_id": "h"}, {"name": "Ghoul", "npc": {"dex": 65, "combat_skill": 40}}],
    )["state"]
    now = enc["combatants"][enc["turn"]]["name"]
    other = next(c["name"] for c in enc["combatants"] if c["name"] != now)
    result = answer("coc.skill_roll", investigator=HARVEY, skill="Spot Hidden", dice=[7, 20])
    for fmt in FORMATS:
        seen, _ = rendered(fmt, post(result, fmt, encounter=enc))
        assert f"Next to post: {other if now == 'Harvey Walters' else now}" in seen


def test_an_undone_entry_reads_as_undone_in_strict_commonmark():
    result = answer("coc.skill_roll", investigator=HARVEY, skill="Spot Hidden", dice=[7, 20])
    entries = [
        {
            "id": "e1",
            "at": "2026-12-01T20:15:03Z",
            "op": "coc.skill_roll",
            "args": {},
            "result": result,
            "who": [],
            "encounter": None,
            "before": {},
            "after": {},
            "kind": "roll",
        },
        {
            "id": "e2",
            "at": "2026-12-01T20:16:03Z",
            "op": "log.undo",
            "args": {"entry": "e1"},
            "result": None,
            "who": [],
            "encounter": None,
            "before": {},
            "after": {},
            "kind": "undo",
        },
    ]
    text = answer("forum.stretch", entries=entries, format="markdown", undone="strike")["details"]["text"]
    seen, _ = rendered("markdown", text)
    assert re.search(r"^Undone: Harvey Walters: Spot Hidden", seen, re.M) and "~" not in seen
