"""Finding a yaku by the name people use: its id, romaji, English name or kanji, or an
everyday alias (:data:`ALIASES`), in any case, with or without spaces, hyphens and long
vowels (``ū``, ``uu``, ``ou``: ``chiitoitsu``, ``chitoitsu`` and ``chītoitsu`` are one).
A name that stands for several yaku (:data:`GROUPS`: ``yakuhai``, ``dragons``) gives them
all; an unknown name is refused with the nearest names ("did you mean ...").

>>> find_yaku("sanshoku").id, find_yaku("haku").id, find_yaku("chitoitsu").id
('sanshoku_doujun', 'yakuhai_haku', 'chiitoitsu')
>>> [e.id for e in search_yaku("yakuhai")][:2]
['yakuhai_haku', 'yakuhai_hatsu']
>>> find_yaku("pinfuu").id
'pinfu'
>>> find_yaku("sanshok")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
riichi_lut.errors.InvalidArgumentError: no yaku is called 'sanshok'; did you mean sanshoku ...?
"""

from __future__ import annotations

import difflib
import unicodedata

from ..errors import InvalidArgumentError, quote
from .glossary import YAKU, YAKU_BY_ID, YakuEntry

__all__ = ["ALIASES", "GROUPS", "find_yaku", "fold", "search_yaku"]

ALIASES: dict[str, tuple[str, ...]] = {
    "riichi": ("reach", "ready"),
    "double_riichi": ("daburu riichi", "daburii", "w riichi", "double reach"),
    "menzen_tsumo": ("tsumo", "menzenchin tsumohou", "menzen", "self draw", "closed tsumo"),
    "pinfu": ("no points", "all sequences"),
    "tanyao": ("tanyaochuu", "tan yao", "all simple", "simples"),
    "iipeikou": ("iipeiko", "double run", "pure double sequence"),
    "yakuhai_haku": ("haku", "white dragon", "white", "shiro"),
    "yakuhai_hatsu": ("hatsu", "green dragon", "green", "hatsuhaku"),
    "yakuhai_chun": ("chun", "red dragon", "red"),
    "yakuhai_seat": ("jikaze", "seat wind", "own wind", "menfon", "menfeng"),
    "yakuhai_round": ("bakaze", "round wind", "prevalent wind", "chanfon", "chanfeng"),
    "haitei": ("haitei raoyue", "under the sea", "last draw"),
    "houtei": ("houtei raoyui", "under the river", "hotei"),
    "rinshan": ("rinshan kaihou", "rinshan kaiho", "dead wall draw", "after a kong"),
    "chankan": ("robbing the kan", "robbing a kong"),
    "chiitoitsu": ("chiitoi", "chiitoitsu", "seven pairs", "7 pairs", "niconico"),
    "toitoi": ("toitoihou", "all pungs", "all triplets"),
    "sanankou": ("san ankou", "three concealed pungs"),
    "sanshoku_doujun": ("sanshoku", "three colour straight", "three color straight", "mixed triple sequence"),
    "sanshoku_doukou": ("three colour triplets", "three color triplets", "triple pungs"),
    "sankantsu": ("three kongs", "three quads"),
    "ittsu": ("ittsuu", "ikkitsuukan", "ikki tsuukan", "straight", "full straight"),
    "chanta": ("chantaiyao", "honchan", "outside hand", "half outside hand"),
    "junchan": ("junchantaiyao", "pure outside hand", "terminals in each set"),
    "honroutou": ("honrou", "all terminals and honours"),
    "shousangen": ("small three dragons",),
    "ryanpeikou": ("ryanpeiko", "two double runs"),
    "honitsu": ("honiisou", "half flush", "one suit with honors", "one suit with honours"),
    "chinitsu": ("chiniisou", "full flush", "pure one suit"),
    "kokushi": ("kokushi musou", "kokushi musō", "13 orphans"),
    "kokushi_13": ("kokushi 13", "kokushi juusanmen", "13 sided kokushi", "thirteen wait kokushi"),
    "suuankou": ("four concealed pungs", "suu ankou"),
    "suuankou_tanki": ("suuankou single wait", "four concealed triplets single"),
    "daisangen": ("big dragons",),
    "shousuushii": ("little winds", "small four winds", "shousuushi"),
    "daisuushii": ("big winds", "daisuushi"),
    "tsuuiisou": ("tsuuiisou", "all honours"),
    "chinroutou": ("all terminals", "chinrouto"),
    "ryuuiisou": ("all green", "ryuisou"),
    "chuuren": ("chuuren poutou", "nine gates", "chuurenpoutou"),
    "junsei_chuuren": ("true nine gates", "pure chuuren", "nine sided chuuren"),
    "suukantsu": ("four kongs", "four quads"),
    "tenhou": ("heavenly hand",),
    "chiihou": ("earthly hand",),
    "renhou": ("hand of man", "human hand"),
    "paarenchan": ("eight dealerships", "8 renchan"),
}
"""Everyday names of each yaku by id, beside its id, romaji, English name and kanji."""

GROUPS: dict[str, tuple[str, ...]] = {
    "yakuhai": ("yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat", "yakuhai_round"),
    "fanpai": ("yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat", "yakuhai_round"),
    "dragons": ("yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "shousangen", "daisangen"),
    "winds": ("yakuhai_seat", "yakuhai_round", "shousuushii", "daisuushii"),
    "kokushi musou": ("kokushi", "kokushi_13"),
    "suuankou": ("suuankou", "suuankou_tanki"),
    "chuuren": ("chuuren", "junsei_chuuren"),
    "open riichi": ("open_riichi", "double_open_riichi"),
}
"""Names that stand for several yaku (a family); a name that is also one yaku's own name
(``suuankou``, ``kokushi musou``) finds that one yaku."""


def fold(name: str) -> str:
    """A name as it is compared: accents and macrons off, any case, only letters, digits and
    kanji kept, long vowels written once (``ou`` -> ``o``, ``uu`` -> ``u``, ``ii`` -> ``i``).

    >>> fold("Chītoitsu") == fold("chiitoitsu") == fold("CHI-TOITSU"), fold("三色同順")
    (True, '三色同順')
    """
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    kept = "".join(c for c in plain.casefold() if c.isalnum())
    return kept.replace("ou", "o").replace("uu", "u").replace("ii", "i")


def _own_names(entry: YakuEntry) -> tuple[str, ...]:
    return (entry.id, entry.romaji, entry.row.name, entry.english, entry.kanji)


def _index() -> dict[str, tuple[str, ...]]:
    """Every folded name -> the ids it finds: own names first, aliases, then families."""
    found: dict[str, tuple[str, ...]] = {}
    for entry in YAKU:
        for name in _own_names(entry):
            found.setdefault(fold(name), (entry.id,))
    for yaku_id, names in ALIASES.items():
        for name in names:
            found.setdefault(fold(name), (yaku_id,))
    for name, ids in GROUPS.items():
        key = fold(name)
        found.setdefault(key, ids)  # a yaku's own name stays that yaku
    return found


_INDEX = _index()
_SHOWN: dict[str, str] = {}  # folded name -> a name as written, for suggestions
for _entry in YAKU:
    for _name in (*_own_names(_entry), *ALIASES.get(_entry.id, ())):
        _SHOWN.setdefault(fold(_name), _name if _name != _entry.id else _entry.id)
for _name in GROUPS:
    _SHOWN.setdefault(fold(_name), _name)


def _unknown(name: object) -> InvalidArgumentError:
    if not isinstance(name, str):
        error = InvalidArgumentError(f"a yaku name must be a string, got {quote(name)}")
    else:
        near: list[str] = []
        for key in difflib.get_close_matches(fold(name), list(_INDEX), n=8, cutoff=0.7):
            if all(_INDEX[key] != _INDEX[other] for other in near):  # one name per yaku
                near.append(key)
        near = near[:3]
        if near:
            shown = ", ".join(_suggestion(key) for key in near)
            error = InvalidArgumentError(f"no yaku is called {quote(name)}; did you mean {shown}?")
        else:
            error = InvalidArgumentError(
                f"no yaku is called {quote(name)}; give an id, romaji, English name, kanji or everyday"
                f" name, e.g. {', '.join(e.id for e in YAKU[:6])} (all: riichi-lut yaku)"
            )
    error.parameter = "name"
    return error


def _suggestion(key: str) -> str:
    ids = _INDEX[key]
    shown = _SHOWN.get(key, key)
    if len(ids) > 1:
        return f"{shown} ({len(ids)} yaku)"
    return shown if shown == ids[0] else f"{shown} ({ids[0]})"


def search_yaku(name: str) -> tuple[YakuEntry, ...]:
    """Every yaku ``name`` stands for: the one it names, or a family (:data:`GROUPS`)."""
    ids = _INDEX.get(fold(name)) if isinstance(name, str) else None
    if not ids:
        raise _unknown(name)
    return tuple(YAKU_BY_ID[i] for i in ids)


def find_yaku(name: str) -> YakuEntry:
    """The one yaku ``name`` means; a family name (``yakuhai``) is refused with its members,
    an unknown name with the nearest names.

    >>> find_yaku("平和").id, find_yaku("ALL SIMPLES").id, find_yaku("suuankou").id
    ('pinfu', 'tanyao', 'suuankou')
    """
    found = search_yaku(name)
    if len(found) == 1:
        return found[0]
    error = InvalidArgumentError(
        f"{quote(name)} is several yaku: {', '.join(e.id for e in found)}; give one of them"
    )
    error.parameter = "name"
    raise error
