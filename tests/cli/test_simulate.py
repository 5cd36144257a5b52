"""``riichi-lut simulate``: exact, haipai, selfplay, nanikiru; JSON, workers, Dask, plot."""

from __future__ import annotations

import json
import math

import pytest
from dask_cluster import local_cluster

from riichi_lut.cli.main import main


def run_json(capsys, argv):
    assert main(argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_exact_json_counts_every_deal(capsys):
    data = run_json(capsys, ["simulate", "exact", "--tiles", "14"])
    counts = {int(k): v for k, v in data["counts"].items()}
    assert sum(counts.values()) == math.comb(136, 14) == data["deals"]
    assert counts[-1] == 12_859_078_207_674  # complete deals (docs/statistics.md)


def test_exact_text_table(capsys):
    assert main(["simulate", "exact", "--tiles", "13", "--form", "kokushi"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Exact shanten of all 483,774,556,165,488,000 13-tile deals, form 'kokushi'")


def test_haipai_same_seed_same_counts_with_two_workers(capsys):
    argv = ["simulate", "haipai", "--n", "20000", "--seed", "7"]
    one = run_json(capsys, argv)
    two = run_json(capsys, argv + ["--workers", "2"])
    assert one == two and sum(one["counts"].values()) == 20000


def test_haipai_on_a_dask_scheduler_matches_one_process(capsys):
    with local_cluster() as cluster:
        argv = ["simulate", "haipai", "--n", "5000", "--seed", "3"]
        assert run_json(capsys, argv + ["--dask", cluster.scheduler_address]) == run_json(capsys, argv)


def test_selfplay_json_and_curves(capsys):
    data = run_json(capsys, ["simulate", "selfplay", "--games", "2000", "--draws", "8", "--seed", "1"])
    assert data["games"] == 2000 and len(data["tenpai_by_turn"]) == 9
    assert data["tenpai_by_turn"] == sorted(data["tenpai_by_turn"])


def test_selfplay_plot(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path = tmp_path / "curves.png"
    assert main(["simulate", "selfplay", "--games", "500", "--draws", "4", "--plot", str(path)]) == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_nanikiru_ranks_the_discards(capsys):
    data = run_json(capsys, ["simulate", "nanikiru", "2234m506p678s5557z", "--n", "2000", "--draws", "4"])
    assert {o["discard"] for o in data} >= {"7z", "2m", "6p"} and len(data) == 10


def test_bad_dask_address_or_workers_exit_2(capsys):
    assert main(["simulate", "haipai", "--n", "10", "--workers", "0"]) == 2
    assert "workers" in capsys.readouterr().err


def test_exact_draws_no_progress_bar_when_stderr_is_not_a_terminal(capsys):
    """Issue 11: the bar is drawn only when stderr is a terminal (here it is captured)."""
    assert main(["simulate", "exact", "--tiles", "13"]) == 0
    assert capsys.readouterr().err == ""


def test_exact_draws_a_progress_bar_when_stderr_is_a_terminal(capsys, monkeypatch):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["simulate", "exact", "--tiles", "13"]) == 0
    assert "exact 13-tile all" in capsys.readouterr().err


def test_unreachable_dask_address_exits_2_with_the_reason(capsys):
    import dask
    import distributed  # noqa: F401  (a test dependency; defines the connect timeout's config key)

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        assert main(["simulate", "haipai", "--n", "10", "--dask", "tcp://127.0.0.1:1"]) == 2
    assert capsys.readouterr().err.startswith("error: cannot reach the Dask scheduler at 'tcp://127.0.0.1:1'")


def test_a_dask_address_with_a_bad_port_is_named_by_the_flag(capsys):
    import distributed  # noqa: F401  (a test dependency: the address parser is Dask's)

    assert main(["simulate", "haipai", "--n", "10", "--dask", "tcp://127.0.0.1:0"]) == 2
    assert capsys.readouterr().err.startswith(
        "error: --dask 'tcp://127.0.0.1:0' is not a scheduler address (tcp://host:8786):"
        " port 0 is not in 1..65535"
    )
