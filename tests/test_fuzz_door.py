"""The door never breaks, over the whole catalog (every problem the fuzzing finds stays fixed).

Requests are generated from each operation's declarations (``tools/fuzz.py``), so an operation is
covered the day it is declared. For every answer: no exception escapes ``call()``, no ``internal``
error, it encodes as UTF-8 and stays under ``fuzz.ANSWER_LIMIT``, every sheet in ``states`` is accepted
when sent back and is already canonical, the input object is never mutated, and the same seed gives
the same answer. This is the short run every test run makes (a few examples per operation, so a new operation
is fuzzed the day it is declared); ``python3 tools/fuzz.py --minutes N`` runs the same generators longer.
"""

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from py_rules.systems import SYSTEM_IDS
from tools import fuzz

OPERATION_IDS = [op.id for op in fuzz.operations()]
QUIET = {"deadline": None, "suppress_health_check": list(HealthCheck)}


def no_problems(request) -> None:
    problems, _answer = fuzz.examine(request)
    assert not problems, problems


@pytest.mark.parametrize("op_id", OPERATION_IDS)
@settings(max_examples=12, **QUIET)  # a few per operation, new ones each run; tools/fuzz.py is the long run
@given(data=st.data())
def test_every_declared_request_is_answered_without_a_door_problem(op_id, data):
    no_problems(data.draw(fuzz.requests(op_id=op_id), label="request"))


@pytest.mark.parametrize("op_id", OPERATION_IDS)
@settings(max_examples=5, **QUIET)
@given(data=st.data())
def test_junk_in_any_field_is_refused_without_a_door_problem(op_id, data):
    no_problems(data.draw(fuzz.requests(valid=False, op_id=op_id), label="request"))


@settings(max_examples=60, **QUIET)
@given(request=fuzz.invalid_requests())
def test_broken_requests_and_junk_text_are_refused_without_a_door_problem(request):
    no_problems(request)


@pytest.mark.parametrize("system", SYSTEM_IDS)
@settings(max_examples=4, phases=[Phase.explicit, Phase.reuse, Phase.generate], **QUIET)  # a chain shrinks slowly
@given(data=st.data())
def test_chains_of_operations_on_the_same_sheets_keep_them_acceptable(system, data):
    from collections import Counter

    tally, found = Counter(), {}
    fuzz.run_chain(*data.draw(fuzz.chains(system=system), label="chain"), tally, found)
    assert not found, found
