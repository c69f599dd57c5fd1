"""The bench's search comparison: ours against OpenSpiel's ISMCTSBot on the same positions."""

from garrison.arena.speed import ismcts_versus_openspiel


def test_search_comparison_gives_both_figures_and_their_ratio_on_a_hidden_information_game():
    (row,) = ismcts_versus_openspiel(0.2, ["scopa"], positions=1)
    ours, theirs = row["ismcts_random_sims_per_cpu_s"], row["openspiel_ismcts_sims_per_cpu_s"]
    assert ours > 0 and theirs > 0
    assert abs(row["search_ratio"] - ours / theirs) < 1e-9 * row["search_ratio"]


def test_openspiel_refuses_perfect_information_so_gambit_has_no_ratio():
    (row,) = ismcts_versus_openspiel(0.1, ["gambit"], positions=1)
    assert row["ismcts_random_sims_per_cpu_s"] > 0
    assert row["openspiel_ismcts_sims_per_cpu_s"] is None and row["search_ratio"] is None
