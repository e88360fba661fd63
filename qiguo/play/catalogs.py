"""The window's texts, in one gettext catalog per language (``assets/locale/<code>.po``).

The message ids are stable keys (``title.quick``); ``en.po`` holds the English source, and every
other catalog carries it as each entry's comment for the translator. A catalog is read once,
when first asked for, with polib and compiled in memory to the ``.mo`` form, which the standard
``gettext`` module then serves, plural forms included (``ngettext``). A message missing from a
catalog falls back to English."""
from __future__ import annotations

import functools
import gettext
import io
import locale
import logging
import os
from pathlib import Path

import polib

from qiguo.assets import asset

log = logging.getLogger(__name__)

LANGUAGES: dict[str, str] = {"en": "English", "zh": "简体中文", "zh_TW": "繁體中文", "ja": "日本語"}
"""Language code -> its own name, in the order Settings offers them."""
CJK = ("zh", "zh_TW", "ja")
"""The languages written in Chinese characters (pieces drawn as glyphs by default)."""
SOURCE = "en"


def path(code: str) -> Path:
    return asset("locale", f"{code}.po")


@functools.cache
def catalog(code: str) -> polib.POFile:
    """A catalog as read, once; raises OSError or ValueError (polib's IOError) for a missing or
    broken file."""
    return polib.pofile(str(path(code)))


def entries(code: str) -> list[polib.POEntry]:
    """A catalog's translated entries."""
    return [e for e in catalog(code) if not e.obsolete]


@functools.cache
def translations(code: str) -> gettext.NullTranslations:
    """The language's catalog, falling back to English for a message it lacks (and wholly, with
    a warning in the log, when its file is missing or damaged)."""
    try:
        tr = gettext.GNUTranslations(io.BytesIO(catalog(code).to_binary()))
    except (OSError, ValueError) as e:
        if code == SOURCE:
            raise
        log.warning("the %s texts cannot be read (%s); English is shown instead", code, e)
        return translations(SOURCE)
    if code != SOURCE:
        tr.add_fallback(translations(SOURCE))
    return tr


def texts(code: str) -> list[str]:
    """Every text of a catalog (each plural form too): for the font and its tests."""
    out = []
    for e in entries(code):
        out += list(e.msgstr_plural.values()) if e.msgid_plural else [e.msgstr]
    return out


def system_language(names: tuple[str, ...]) -> str:
    """The catalog the system's locale asks for, from locale names such as ``zh_TW.UTF-8``
    (Traditional Chinese for Taiwan, Hong Kong, Macau and ``zh_Hant``; Simplified for other
    Chinese; English when nothing fits)."""
    for name in names:
        tag = name.split(".")[0].split("@")[0].replace("-", "_")
        lang, _, region = tag.partition("_")
        lang = lang.lower()
        if lang == "zh":
            return "zh_TW" if region.upper() in ("TW", "HK", "MO", "HANT") or "hant" in tag.lower() else "zh"
        if lang in LANGUAGES:
            return lang
    return SOURCE


def locale_names() -> tuple[str, ...]:
    """The locale names this system asks for, most wanted first: the GNU ``LANGUAGE`` list,
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, then the locale Python was started in (the only one
    on Windows and often on macOS)."""
    names = [n for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG") for n in os.environ.get(var, "").split(":") if n]
    try:
        names.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    return tuple(n for n in names if n)
