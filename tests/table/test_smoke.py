"""Each table operation answers its catalog example through the JSON door (the page's first calls)."""

from py_rules.systems import operations_of
from tests.door import answer, example_args


def test_every_table_operation_answers_its_example():
    for op in operations_of("table").values():
        assert answer(op.id, **example_args(op))["details"], op.id


def test_the_example_proposal_is_accepted_and_its_code_reads_back():
    from py_rules.table.examples import EXAMPLE_CODE, PROPOSAL, SEATS

    read = answer("table.read_codes", text=EXAMPLE_CODE, campaign="example", seats=SEATS)["details"]
    assert [item["payload"] for item in read["items"]] == [PROPOSAL] and read["problems"] == []
