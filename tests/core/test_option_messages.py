"""A bad option names the values the command line accepts, with their meaning."""

from __future__ import annotations

import re

import pytest

from tablegames.core import registry


def test_a_bad_option_value_lists_the_numbers_the_command_line_takes_and_what_they_mean():
    spec = registry.get("blind-business")
    with pytest.raises(ValueError) as err:
        spec.resolve_options({"family": "2"}, 3)
    assert "0 = full rules, 1 = family rules" in str(err.value)
    with pytest.raises(ValueError) as err:
        spec.resolve_options({"family": "family rules"}, 3)  # the words are not what it takes
    assert "0 = full rules, 1 = family rules" in str(err.value)


@pytest.mark.parametrize("game", [spec.id for spec in registry.all_specs() if spec.options])
def test_every_value_an_option_error_lists_is_accepted(game):
    spec = registry.get(game)
    for option in spec.options:
        with pytest.raises(ValueError) as err:
            spec.resolve_options({option.key: "999"}, spec.max_players)
        listed = str(err.value).split(" takes ", 1)[1].rsplit(";", 1)[0]
        values = set()
        for part in listed.split(", "):
            number = part.split(" = ")[0]
            if re.fullmatch(r"\d+-\d+", number):
                low, high = map(int, number.split("-"))
                values |= set(range(low, high + 1))
            else:
                values.add(int(number))
        assert values == set(option.choices), (option.key, listed)
        for value in values:
            options = {option.key: str(value)}
            try:
                spec.resolve_options(options, spec.max_players)
            except ValueError as exc:  # only a cross-option rule may refuse it
                assert option.key not in str(exc).split(" takes ")[0] or "takes" not in str(exc)
