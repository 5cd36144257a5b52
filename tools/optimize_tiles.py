"""Make the playground's tile pictures from the FluffyStuff "Regular" SVGs (run once).

    python tools/optimize_tiles.py SOURCE_FOLDER [riichi_lut/web/static/tiles]

The sources are Inkscape exports: editor metadata, unused definitions, 8-digit coordinates,
and each face drawn to be laid on ``Front.svg``. For each of the 34 kinds, the 3 red fives
and the back, this writes one self-contained SVG named in mpsz (``1m.svg`` ... ``7z.svg``,
``0m.svg``, ``back.svg``): the front, then the face, with only the definitions they use
(their ids prefixed so the two never collide), numbers rounded to 2 decimals, no editor
namespaces, no whitespace between elements. The "Regular" set's white dragon (Haku.svg) is
an empty face, which learners took for a missing picture: ``5z.svg`` gets ``HAKU_FRAME``
drawn on it, the blue printed border of Japanese sets (drawn here, not FluffyStuff's).
Standard library only (xml.etree).
Tile artwork: FluffyStuff, riichi-mahjong-tiles, CC0.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
KEEP_NAMESPACES = (SVG, XLINK)
HONORS = ("Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun")
SUITS = {"m": "Man", "p": "Pin", "s": "Sou"}
NUMBER = re.compile(r"-?\d*\.\d+(?:e-?\d+)?|-?\d+e-?\d+")
REFERENCE = re.compile(r"url\(#([^)]+)\)")
DROPPED_STYLE = re.compile(r"^(-inkscape-|inkscape-|font-variant|font-feature|text-decoration|writing-mode)")

# style properties at their initial value (SVG 1.1), which say nothing
DEFAULTS = frozenset(
    (
        "opacity:1",
        "fill-opacity:1",
        "stroke-opacity:1",
        "stroke-dasharray:none",
        "stroke-dashoffset:0",
        "stroke-miterlimit:4",
        "fill-rule:nonzero",
        "stroke:none",
        "stroke-linecap:butt",
        "stroke-linejoin:miter",
        "font-style:normal",
        "font-weight:normal",
        "font-stretch:normal",
        "marker:none",
        "visibility:visible",
        "display:inline",
        "isolation:auto",
        "mix-blend-mode:normal",
    )
)

#: the white dragon's face: a blue double frame inside the tile front (viewBox 0 0 300 400)
HAKU_FRAME = (
    '<g style="fill:none;stroke:#1d5ba4;stroke-linejoin:round">'
    '<rect x="46" y="56" width="208" height="288" rx="10" style="stroke-width:16" />'
    '<rect x="72" y="82" width="156" height="236" rx="4" style="stroke-width:6" />'
    "</g>"
)
#: faces drawn on top of a source's, by mpsz name
EXTRA_FACES = {"5z": HAKU_FRAME}

ET.register_namespace("", SVG)
ET.register_namespace("xlink", XLINK)


def sources() -> dict[str, str]:
    """mpsz name -> source file stem."""
    names = {f"{n}{s}": f"{stem}{n}" for s, stem in SUITS.items() for n in range(1, 10)}
    names |= {f"0{s}": f"{stem}5-Dora" for s, stem in SUITS.items()}
    names |= {f"{i}z": stem for i, stem in enumerate(HONORS, 1)}
    return names


def _round(match: re.Match[str]) -> str:
    text = f"{float(match.group(0)):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _namespace(name: str) -> str:
    return name[1:].split("}", maxsplit=1)[0] if name.startswith("{") else ""


def _round_property(prop: str) -> str:
    # colours (#d71e1e) hold digits and an e too: round plain numeric values only
    name, _, value = prop.partition(":")
    return prop if "#" in value or "(" in value else f"{name}:{NUMBER.sub(_round, value)}"


def _clean_style(style: str) -> str:
    keep = [
        p.strip()
        for p in style.split(";")
        if p.strip() and not DROPPED_STYLE.match(p.strip()) and p.strip().replace(" ", "") not in DEFAULTS
    ]
    return ";".join(_round_property(p) for p in keep)


def _hidden(element: ET.Element) -> bool:
    return "display:none" in element.get("style", "").replace(" ", "")


def clean(element: ET.Element, prefix: str) -> None:
    """Drop editor elements and attributes in place, round numbers, prefix ids and references."""
    for child in list(element):
        tag = child.tag.split("}")[-1]
        if _namespace(child.tag) not in KEEP_NAMESPACES or tag in ("metadata", "title") or _hidden(child):
            element.remove(child)
    for name in list(element.attrib):
        value = element.attrib[name]
        if _namespace(name) not in ("", *KEEP_NAMESPACES):
            del element.attrib[name]
            continue
        if name == "id":
            value = prefix + value
        elif name == "style":
            value = _clean_style(value)
        elif name == f"{{{XLINK}}}href" and value.startswith("#"):
            value = "#" + prefix + value[1:]
        if name in (
            "d",
            "transform",
            "points",
            "x",
            "y",
            "width",
            "height",
            "cx",
            "cy",
            "r",
            "rx",
            "ry",
            "offset",
            "stdDeviation",
            "x1",
            "x2",
            "y1",
            "y2",
        ):
            value = NUMBER.sub(_round, value)
        value = REFERENCE.sub(lambda m: f"url(#{prefix}{m.group(1)})", value)
        if value == "" and name == "style":
            del element.attrib[name]
        else:
            element.attrib[name] = value
    element.text = element.text.strip() or None if element.text else None
    element.tail = None
    for child in element:
        clean(child, prefix)


def _references(element: ET.Element) -> set[str]:
    found: set[str] = set()
    for node in element.iter():
        for name, value in node.attrib.items():
            found |= set(REFERENCE.findall(value))
            if name == f"{{{XLINK}}}href" and value.startswith("#"):
                found.add(value[1:])
    return found


def parts(path: Path, prefix: str) -> tuple[list[ET.Element], list[ET.Element]]:
    """The used definitions and the drawn layers of one source, cleaned."""
    root = ET.parse(path).getroot()
    clean(root, prefix)
    defs = [d for d in root if d.tag == f"{{{SVG}}}defs"]
    drawn = [e for e in root if e.tag != f"{{{SVG}}}defs"]
    by_id = {e.get("id"): e for d in defs for e in d}
    wanted: dict[str, ET.Element] = {}
    todo = set().union(*(_references(e) for e in drawn)) if drawn else set()
    while todo:
        name = todo.pop()
        if name in wanted or name not in by_id:
            continue
        wanted[name] = by_id[name]
        todo |= _references(by_id[name])
    for element in drawn:
        for node in element.iter():
            node.attrib.pop("id", None) if node.get("id", "") not in wanted else None
    return list(wanted.values()), drawn


def tile(layers: list[Path], extra: str = "") -> bytes:
    """One SVG of the given sources drawn in order, then ``extra`` (SVG markup) on top."""
    root = ET.Element(f"{{{SVG}}}svg", {"viewBox": "0 0 300 400", "width": "300", "height": "400"})
    defs = ET.SubElement(root, f"{{{SVG}}}defs")
    for i, path in enumerate(layers):
        used, drawn = parts(path, f"{'fb'[i]}")
        defs.extend(used)
        root.extend(drawn)
    if not len(defs):
        root.remove(defs)
    if extra:
        root.append(ET.fromstring(f'<svg xmlns="{SVG}">{extra}</svg>')[0])
    return ET.tostring(root, encoding="utf-8", xml_declaration=False)


def main(argv: list[str]) -> int:
    """Write every tile; print the sizes before and after."""
    source = Path(argv[0])
    target = Path(argv[1]) if len(argv) > 1 else Path(__file__).parents[1] / "riichi_lut/web/static/tiles"
    target.mkdir(parents=True, exist_ok=True)
    before = after = 0
    jobs = {name: [source / "Front.svg", source / f"{stem}.svg"] for name, stem in sources().items()}
    jobs["back"] = [source / "Back.svg"]
    for name, layers in jobs.items():
        data = tile(layers, EXTRA_FACES.get(name, ""))
        (target / f"{name}.svg").write_bytes(data)
        before += layers[-1].stat().st_size
        after += len(data)
    front = (source / "Front.svg").stat().st_size
    print(
        f"{len(jobs)} tiles: sources {before + front:,} bytes (faces, back and Front.svg) -> {after:,} bytes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
