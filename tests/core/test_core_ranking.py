from scorer.core.ranking import Standing, competition_ranks, explain_tie_break, split_award, winners


def test_ranks_share_places_and_skip():
    standings = [Standing("A", 40), Standing("B", 50), Standing("C", 40), Standing("D", 10)]
    assert competition_ranks(standings) == {"B": 1, "A": 2, "C": 2, "D": 4}


def test_tie_break_value_separates_a_tie():
    standings = [Standing("Ann", 40, (3,)), Standing("Bob", 40, (2,))]
    assert competition_ranks(standings) == {"Ann": 1, "Bob": 2}
    assert winners(standings) == ("Ann",)
    text = explain_tie_break(standings, ["towns in the Valley Express"]).text
    assert text == "Ann and Bob tie on 40; towns in the Valley Express decides (Ann 3, Bob 2)."


def test_tie_that_survives_the_tie_break_is_shared():
    standings = [Standing("Ann", 40, (3,)), Standing("Bob", 40, (3,)), Standing("Cy", 12, (0,))]
    assert winners(standings) == ("Ann", "Bob")
    assert competition_ranks(standings)["Cy"] == 3
    assert "share the place" in explain_tie_break(standings,
                                                  ["towns in the Valley Express"]).text


def test_no_tie_says_so():
    assert explain_tie_break([Standing("A", 2), Standing("B", 1)], []).text == (
        "No tie: no tie-break needed."
    )


def test_split_award_rounds_up():
    assert split_award({"a": 5, "b": 3}, 6) == (("a",), 6)
    assert split_award({"a": 5, "b": 5}, 6) == (("a", "b"), 3)
    assert split_award({"a": 5, "b": 5, "c": 5, "d": 5}, 6) == (("a", "b", "c", "d"), 2)
    assert split_award({n: 1 for n in "abcde"}, 6)[1] == 2  # 6/5 = 1.2 -> 2
    assert split_award({n: 1 for n in "abcdef"}, 6)[1] == 1


def test_split_award_nobody_with_any_wins_nothing():
    assert split_award({"a": 0, "b": 0}, 6) == ((), 0)
