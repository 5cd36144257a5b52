"""``riichi-lut review``: the text, JSON and HTML reports say what :func:`riichi_lut.review`
says, decision for decision; ``--only``; the seat by index or name; stdin; named errors."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from gamelogs import MJLOG, TENHOU6

from riichi_lut.cli.main import main
from riichi_lut.coach.review import review
from riichi_lut.game import play_one
from riichi_lut.game.logs import write_tenhou6

SHORT = MJLOG / "2020052212gm-00a9-0000-3c7fe026.mjlog"  # two hands: an exhaustive draw, a ron
WINS = MJLOG / "2017040900gm-00a9-0000-af5434e3.mjlog"  # two hands: a ron, a tsumo
BYE = MJLOG / "2019081518gm-00a9-0000-cce9d00c.xml"  # seat 0 disconnects in E1
NO_END = MJLOG / "2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog"

# a discard's line: turn, kind, played / best, live / live, verdict
_DISCARD = re.compile(r"^ *(\d+) discard +(\S+) / (\S+) +(\d+) / (\d+) +(\w+) ")


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def _discard_rows(decisions) -> list[tuple]:
    rows = []
    for d in decisions:
        if d.kind == "discard":
            mark = d.verdict or ("forced" if d.forced else "defence")
            rows.append((str(d.turn), d.played, d.best, str(d.played_live), str(d.best_live), mark))
    return rows


@pytest.mark.parametrize("path", [SHORT, WINS], ids=lambda p: p.name)
@pytest.mark.parametrize("seat", [0, 3])
def test_the_text_lists_every_discard_with_the_reviews_figures(capsys, path, seat):
    status, out, _ = _run(capsys, "review", str(path), "--seat", str(seat))
    assert status == 0
    result = review(path, seat)
    shown = [m.groups() for m in map(_DISCARD.match, out.splitlines()) if m]
    assert shown == _discard_rows(result.decisions)
    s = result.summary
    assert f"{s.decisions} decisions, {s.discards} discards: {s.judged} judged" in out
    assert f"live tiles given up at the same shanten: {s.given_up}" in out
    assert out.splitlines()[0] == f"Review of seat {seat} ({result.name}), 4 players: {path.name}"
    assert result.note in out
    lines = {line.strip() for line in out.splitlines()}
    for d in result.decisions:  # every decision's words, each line of the explainer's
        assert d.why.splitlines()[0] in out
        assert all(line.strip() in lines for line in d.why.splitlines()[1:])
        if d.kind == "discard" and d.given_up and not d.back:  # tenhou.net/2's comparison
            given = " ".join(f"{t.tile}x{t.live}" for t in d.given_up)
            assert any(line.startswith(f"gives up {given}") for line in lines)
    assert any(d.kind == "discard" and d.given_up for d in result.decisions)
    for name in result.rounds:
        assert f"\n{name}\n" in out


def test_only_losses_keeps_the_losses_and_the_whole_summary(capsys):
    path = TENHOU6 / "2019021004gm-00a9-0000-e2f6516d.json"
    status, out, _ = _run(capsys, "review", str(path), "--player", "Sidecar", "--only", "losses")
    assert status == 0
    result = review(path, "Sidecar")
    losses = [d for d in result.decisions if d.verdict == "loss"]
    assert losses  # the game has some: the filter is tested, not an empty page
    shown = [m.groups() for m in map(_DISCARD.match, out.splitlines()) if m]
    assert shown == _discard_rows(losses)
    assert f"Only losses: {len(losses)} of {len(result.decisions)} decisions." in out
    assert f"{result.summary.decisions} decisions" in out
    assert "What won" not in out and " call " not in out


def test_json_is_to_dict(capsys):
    status, out, _ = _run(capsys, "review", str(WINS), "--seat", "1", "--json")
    assert status == 0
    assert json.loads(out) == json.loads(json.dumps(review(WINS, 1).to_dict()))
    status, out, _ = _run(capsys, "review", str(WINS), "--seat", "1", "--json", "--no-state", "--compact")
    assert status == 0 and len(out.strip().splitlines()) == 1
    report = json.loads(out)
    assert report == json.loads(json.dumps(review(WINS, 1).to_dict(state=False)))
    assert all("state" not in d for d in report["decisions"])
    status, out, _ = _run(capsys, "review", str(WINS), "--seat", "1", "--json", "--only", "judged")
    report = json.loads(out)
    assert report["only"] == "judged"
    judged = [d.verdict for d in review(WINS, 1).decisions if d.judged]
    assert [d["verdict"] for d in report["decisions"]] == judged


class _Page(HTMLParser):
    """What a test reads from the HTML: the decisions' articles and the figures inside,
    every attribute that could reach outside the file, the tile classes drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.articles: list[dict] = []
        self.outside: list[str] = []
        self.tiles: set[str] = set()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for key in ("src", "href", "action", "srcset"):
            value = a.get(key)
            if value is not None and not value.startswith("#"):
                self.outside.append(f"{tag} {key}={value}")
        if tag == "a":
            self.links.append(a.get("href", ""))
        if tag in ("script", "link", "img", "iframe", "object"):
            self.outside.append(tag)
        classes = (a.get("class") or "").split()
        if tag == "article":
            self.articles.append({"classes": classes, "tiles": [], "text": ""})
        for c in classes:
            if c.startswith("t-"):
                self.tiles.add(c[2:])
                if self.articles:
                    self.articles[-1]["tiles"].append(c[2:])

    def handle_data(self, data):
        if self.articles:
            self.articles[-1]["text"] += data


def test_html_is_one_offline_file_with_every_decision(capsys, tmp_path):
    out = tmp_path / "review.html"
    path = TENHOU6 / "2019021004gm-00a9-0000-e2f6516d.json"
    status, text, err = _run(capsys, "review", str(path), "--seat", "2", "--html", str(out))
    assert status == 0 and f"written: {out}" in err and text.startswith("Review of seat 2")
    page_text = out.read_text(encoding="utf-8")
    page = _Page()
    page.feed(page_text)
    assert page.outside == []  # no script, stylesheet, picture or link leaves the file
    assert "http://" not in page_text and "https://" not in page_text
    style = page_text.split("<style>", 1)[1].split("</style>", 1)[0]
    for tile in page.tiles:  # every tile drawn has its picture inline, once
        assert style.count(f'.t-{tile}{{background-image:url("data:image/svg+xml;base64,') == 1
    result = review(path, 2)
    data = result.to_dict()
    assert len(page.articles) == len(data["decisions"])
    for article, d in zip(page.articles, data["decisions"], strict=True):
        assert d["kind"] in article["classes"]
        verdicts = set(article["classes"]) & {"best", "equal", "close", "loss"}
        assert verdicts == ({d["verdict"]} if d["verdict"] else set())
        if d["kind"] == "discard":
            assert f"{d['played_shanten']}-shanten, {d['played_live']} live" in article["text"]
            assert f"{d['best_shanten']}-shanten, {d['best_live']} live" in article["text"]
            # the hand (and drawn tile), both tiles, both acceptances, then the table seen
            state = d["state"]
            drawn = [state["drawn"]] if state["drawn"] else []
            hand = sorted(re.findall(r"\d[mpsz]", _expand(state["hand"])))
            shown_hand = article["tiles"][: len(hand)]
            assert sorted(shown_hand) == hand
            accepts = [t["tile"] for t in d["played_accepts"]] + [t["tile"] for t in d["best_accepts"]]
            assert all(t in article["tiles"] for t in [d["played"], d["best"], *accepts, *drawn])
        assert d["why"].splitlines()[0] in article["text"]
    for name in data["rounds"]:
        assert f"r-{name}" in page.ids
    for link in page.links:  # every link lands on the page
        assert link.startswith("#") and link[1:] in page.ids, link
    assert sum(1 for link in page.links if link.startswith("#d")) == len(result.summary.largest) + len(
        result.summary.backs
    )


def _expand(mpsz: str) -> str:
    """``"123m0p"`` -> ``"1m2m3m0p"``."""
    return "".join(f"{d}{g[-1]}" for g in re.findall(r"\d+[mpsz]", mpsz) for d in g[:-1])


def test_unicode_draws_the_tiles(capsys):
    status, out, _ = _run(capsys, "review", str(SHORT), "--seat", "0", "--unicode")
    assert status == 0
    assert max(out) >= "\U0001f000" and not _DISCARD.search(out)  # tiles drawn, none left in mpsz


def test_stdin_and_a_three_player_game(capsys, monkeypatch):
    import io
    import sys

    record = play_one(["efficiency"] * 3, seed=4, players=3, length="tonpuu")
    text = write_tenhou6(record)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))
    status, out, _ = _run(capsys, "review", "-", "--seat", "2")
    assert status == 0 and ", 3 players:" in out.splitlines()[0]
    shown = [m.groups() for m in map(_DISCARD.match, out.splitlines()) if m]
    assert shown == _discard_rows(review(text, 2).decisions)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        ([], "error: choose the seat to review: --seat N or --player NAME (players 0: 'もみさげ', 1: 'CLS'"),
        (["--seat", "4"], "error: --seat=4 does not exist in this 4-player game (0-3)"),
        (["--player", "nobody"], "error: --player 'nobody' is not a player of this game (players 0: "),
    ],
    ids=["no seat", "seat 4", "no such player"],
)
def test_a_seat_that_is_not_there_is_named_and_exits_2(capsys, argv, words):
    status, out, err = _run(capsys, "review", str(SHORT), *argv)
    assert (status, out) == (2, "") and words in err


@pytest.mark.parametrize(
    ("log", "words"),
    [
        (NO_END, "before the end of the game"),
        (BYE, "disconnected"),
        (MJLOG / "missing-file.mjlog", "missing-file.mjlog"),
    ],
    ids=["cut short", "bye", "missing"],
)
def test_a_log_that_cannot_be_reviewed_is_named_and_exits_2(capsys, log, words):
    status, out, err = _run(capsys, "review", str(log), "--seat", "0")
    assert (status, out) == (2, "") and err.startswith("error: ") and words in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seat", "0", "--only", "everything"], "invalid choice: 'everything'"),
        (["--seat", "x"], "must be a seat index"),
        (["--seat", "0", "--player", "a"], "not allowed with argument"),
    ],
    ids=["only", "seat x", "both"],
)
def test_bad_flags_are_named_by_the_parser(capsys, argv, words):
    with pytest.raises(SystemExit) as stop:
        main(["review", str(SHORT), *argv])
    assert stop.value.code == 2 and words in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--no-state", "--compact"])
def test_a_json_flag_without_json_is_named(capsys, flag):
    status, out, err = _run(capsys, "review", str(SHORT), "--seat", "0", flag)
    assert (status, out) == (2, "") and err == f"error: {flag} shapes the JSON: give it with --json\n"


def test_partial_reviews_what_the_log_holds(capsys):
    status, out, _ = _run(capsys, "review", str(NO_END), "--seat", "0", "--partial")
    assert status == 0 and "Not reviewed: the log stops in" in out


def test_html_cannot_be_written_is_named(capsys, tmp_path):
    out = tmp_path / "no" / "r.html"
    status, _, err = _run(capsys, "review", str(SHORT), "--seat", "0", "--html", str(out))
    assert status == 2 and err.startswith(f"error: --html {out}: cannot write: ")


@pytest.mark.slow
def test_the_docs_example_is_what_the_command_prints(capsys):
    """docs/review.md shows ``--only losses`` of a shared game: it is the command's output."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "review.md").read_text(encoding="utf-8")
    command = "$ riichi-lut review tests/data/game-logs/mjlog/2019021004gm-00a9-0000-e2f6516d.xml"
    block = docs.split(command, 1)[1].split("\n```", 1)[0]
    argv, shown = block.split("\n", 1)
    path = MJLOG / "2019021004gm-00a9-0000-e2f6516d.xml"
    status, out, _ = _run(capsys, "review", str(path), *argv.split())
    assert status == 0 and out == shown + "\n"
