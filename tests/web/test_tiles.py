"""The tile pictures (issue 25 item 4.1): the white dragon is no blank face. FluffyStuff's
"Regular" set draws Haku empty, which learners took for a missing picture; ``5z.svg`` has
the blue printed frame of Japanese sets, drawn by ``tools/optimize_tiles.py`` (its
``HAKU_FRAME``) so that making the tiles again keeps it. The browser's view of it is in
test_browser.py."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TILES = ROOT / "riichi_lut" / "web" / "static" / "tiles"
SVG = "{http://www.w3.org/2000/svg}"


def _tool():
    spec = importlib.util.spec_from_file_location("optimize_tiles", ROOT / "tools" / "optimize_tiles.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def _colour(style: str, prop: str) -> str | None:
    found = re.search(rf"(?:^|;)\s*{prop}\s*:\s*([^;]+)", style)
    return found.group(1).strip() if found else None


def _frame_strokes(root: ET.Element) -> list[str]:
    """The stroke colours of the rectangles drawn inside the tile front (narrower than it)."""
    strokes = []
    for parent in root.iter():
        for rect in parent.findall(f"{SVG}rect"):
            stroke = rect.get("stroke") or _colour(rect.get("style", ""), "stroke")
            stroke = stroke or _colour(parent.get("style", ""), "stroke")
            if stroke and stroke.startswith("#") and float(rect.get("width", 0)) < 290:
                strokes.append(stroke)
    return strokes


def test_the_white_dragon_draws_a_blue_frame() -> None:
    strokes = _frame_strokes(ET.parse(TILES / "5z.svg").getroot())
    assert strokes, "5z.svg draws no frame: a blank tile"
    for stroke in strokes:
        r, g, b = (int(stroke[i : i + 2], 16) for i in (1, 3, 5))
        assert b > r + 60 and b > g, f"the frame is not blue: {stroke}"
    for other in ("1z", "6z", "7z", "1p"):  # no other tile gets it
        assert not _frame_strokes(ET.parse(TILES / f"{other}.svg").getroot())


def test_the_tile_tool_draws_the_frame_as_the_shipped_white_dragon_has_it(tmp_path: Path) -> None:
    tool = _tool()
    assert set(tool.EXTRA_FACES) == {"5z"}
    front = tmp_path / "Front.svg"
    front.write_text(f'<svg xmlns="{SVG[1:-1]}"><rect width="300" height="400" style="fill:#f5f0eb" /></svg>')
    haku = tmp_path / "Haku.svg"
    haku.write_text(f'<svg xmlns="{SVG[1:-1]}"><g /></svg>')  # the source face: empty
    made = tool.tile([front, haku], tool.EXTRA_FACES["5z"]).decode()
    assert made.endswith(tool.HAKU_FRAME + "</svg>")
    assert (TILES / "5z.svg").read_text(encoding="utf-8").endswith(tool.HAKU_FRAME + "</svg>")
    assert tool.tile([front, haku]).decode().count("<rect") == 1  # without it: the blank face
