"""Any table text gets a score or a located message (TableFileError; exit code 2 on the command
line), never another exception; whatever validates and scores reads back as the same table.

Mutations of the examples and tables built to be awkward (long valleys of Towns and Railroads,
numbers as text, deep nesting, huge numbers). ``SCOREPAD_FUZZ_EXAMPLES`` sets the number of
examples of the largest property (default 2400, about 3,400 in all: the others take a
fraction)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.cli import main
from scorer.files import TableFileError, table_from_json
from scorer.games import score

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = {path.relative_to(ROOT / "examples").as_posix(): json.loads(path.read_text())
            for path in sorted((ROOT / "examples").glob("*/*.json"))}
BUDGET = int(os.environ.get("SCOREPAD_FUZZ_EXAMPLES", "2400"))


def fuzz(examples: int) -> settings:
    return settings(max_examples=max(examples, 10), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])

ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**15, 10**15), st.integers(-3, 120),
    st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(["150", "-50", "3.5", ""]),
    # Built anew each time: a mutation must never change a value the strategy hands out again.
    st.text(max_size=50), st.builds(list), st.builds(dict), st.builds(lambda: [[[[]]]]),
    st.sampled_from(["Zoë", "Zoe\u0308", " Ann ", "ANN", "town", "railroad", "Honey", "Maps"]),
)


def _paths(node, prefix=()):
    """Every place in a JSON value, the top included."""
    yield prefix
    if isinstance(node, dict):
        for key, child in node.items():
            yield from _paths(child, (*prefix, key))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            yield from _paths(child, (*prefix, index))


def _get(node, path):
    for part in path:
        node = node[part]
    return node


@st.composite
def mutated_tables(draw):
    """An example with a few places replaced, dropped, repeated or given an unknown key."""
    data = json.loads(json.dumps(draw(st.sampled_from(list(EXAMPLES.values())))))
    for _ in range(draw(st.integers(1, 4))):
        paths = list(_paths(data))[1:]
        if not paths:  # everything was dropped already
            break
        path = draw(st.sampled_from(paths))
        parent, last = _get(data, path[:-1]), path[-1]
        action = draw(st.sampled_from(["replace", "drop", "repeat", "extra", "twice"]))
        if action == "replace":
            parent[last] = draw(ODD_VALUES)
        elif action == "drop":
            del parent[last]
        elif action == "repeat" and isinstance(parent[last], list):
            parent[last] = parent[last] * draw(st.integers(2, 40))
        elif action == "extra" and isinstance(parent[last], dict):
            parent[last][draw(st.sampled_from(["colour", "x", "name", "points"]))] = draw(ODD_VALUES)
        elif action == "twice" and isinstance(parent, list):
            parent.append(json.loads(json.dumps(parent[last])))
    return data


@st.composite
def town_and_railroad_valleys(draw, most: int = 30):
    """A connected valley of up to ``most`` Towns and Railroads around the Starting Town: the
    shapes the Express and Long Way searches find hardest."""
    cells = {(0, 0): "starting_town"}
    for _ in range(draw(st.integers(1, most - 1))):
        row, col = draw(st.sampled_from(sorted(cells)))
        d_row, d_col = draw(st.sampled_from([(0, 1), (1, 0), (0, -1), (-1, 0)]))
        cells.setdefault((row + d_row, col + d_col),
                         draw(st.sampled_from(["railroad", "railroad", "town"])))
    cards = []
    for (row, col), kind in sorted(cells.items()):
        card = {"kind": kind, "row": row, "col": col}
        if kind == "town":
            card.update(combination=["lake"], points=1)
        cards.append(card)
    return cards


@st.composite
def adversarial_tables(draw):
    game = draw(st.sampled_from(["sunflower_valley", "maple_valley"]))
    if game == "sunflower_valley":
        players = [{"name": name, "valley": {"cards": draw(town_and_railroad_valleys())}}
                   for name in ("A", "B")]
        return {"game": game, "goals": ["long_way", "walking_routes", "satellite_towns"],
                "players": players}
    sets = st.lists(st.sampled_from(["Bugs", "Herbs", "Honey", "Clay", "Acorns"]), min_size=1,
                    max_size=3)
    favours = [{"name": f"F{index}", "category": "Gift", "score": 1,
                "bonus": {"kind": "stored_sets", "set": draw(sets), "points": draw(st.integers(0, 6))}}
               for index in range(draw(st.integers(1, 4)))]
    resources = draw(st.dictionaries(st.sampled_from(["Bugs", "Herbs", "Honey", "Clay", "Acorns"]),
                                     st.integers(0, 99)))
    return {"game": game, "catalogue": {"favours": favours},
            "players": [{"name": "Solo", "favours": [f["name"] for f in favours],
                         "resources": resources}]}


def _score_or_message(text: str):
    """The result, or None after a TableFileError with a message; anything else fails."""
    try:
        table = table_from_json(text, source="fuzz.json")
    except TableFileError as error:
        assert str(error).startswith("fuzz.json")
        return None, None
    return table, score(table)


def _reads_back(table, result) -> None:
    dumped = json.dumps(table.model_dump(mode="json"))
    again = table_from_json(dumped, source="dumped.json")
    assert again == table
    assert score(again) == result


@fuzz(BUDGET)
@given(st.one_of(mutated_tables(), adversarial_tables()))
def test_any_table_scores_or_gets_a_message_and_what_scores_reads_back(data):
    table, result = _score_or_message(json.dumps(data))
    if table is not None:
        assert result.players and all(p.total == sum(line.points for line in p.lines)
                                      for p in result.players)
        _reads_back(table, result)


@fuzz(BUDGET // 3)
@given(st.sampled_from(list(EXAMPLES)), st.data())
def test_broken_json_text_gets_a_message(name, data):
    text = json.dumps(EXAMPLES[name], indent=1)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 5))
        insert = data.draw(st.sampled_from(["", "[", "]", "{", "}", '"', ",", "9" * 20, "NaN",
                                            "-", "\\", "\u00e9", "[" * 40]))
        text = text[:at] + insert + text[at + cut:]
    _score_or_message(text)


@fuzz(BUDGET // 10)
@given(st.one_of(mutated_tables(), adversarial_tables()))
def test_the_command_line_exits_0_or_2_without_a_traceback(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "table.json"
    path.write_text(json.dumps(data))
    out, err = _run_in_process(["score", str(path)])
    code, text = out
    assert code in (0, 2)
    assert "Traceback" not in text + err
    if code == 2:
        assert err.startswith(f"scorepad: {path}")


def _run_in_process(argv):
    import contextlib
    import io

    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(argv)
    return (code, stdout.getvalue()), stderr.getvalue()


ISSUE_INPUTS = {
    "game is a list": '{"game": []}',
    "game is an object": '{"game": {}}',
    "nested 1000 deep": '{"game": "girasoles", "players": ' + "[" * 1000 + "]" * 1000 + "}",
    "4301 digits": '{"game": "girasoles", "players": [{"name": "A", "coins": '
                   + "9" * 4301 + ', "board": {"grid": []}}]}',
    "honey as text": '{"game": "maple_valley", "players": [{"name": "P", '
                     '"resources": {"Honey": "-50"}}]}',
    "990 railroads": json.dumps({"game": "sunflower_valley", "goals": ["long_way", "vast_land",
                                                                       "lake_land"],
                                 "players": [{"name": n, "valley": {"cards": [
                                     {"kind": "starting_town", "row": 0, "col": 0}] + [
                                     {"kind": "railroad", "row": 0, "col": c}
                                     for c in range(1, 991)]}} for n in "AB"]}),
}


@pytest.mark.parametrize("text", ISSUE_INPUTS.values(), ids=ISSUE_INPUTS.keys())
def test_the_issues_inputs_get_exit_code_2_and_a_located_message(tmp_path, text):
    path = tmp_path / "table.json"
    path.write_text(text)
    run = subprocess.run([sys.executable, "-m", "scorer", "score", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert run.stderr.startswith(f"scorepad: {path}")
