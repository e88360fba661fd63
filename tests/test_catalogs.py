"""The translation catalogs (assets/locale/*.po): complete, consistent placeholders, real plural
forms, Traditional Chinese in its own forms, and the system's locale choosing the language."""
import re

import pytest

from qiguo.play import catalogs, strings
from qiguo.play.catalogs import LANGUAGES, entries, system_language
from qiguo.play.settings import Settings
from qiguo.play.strings import set_language, t, tn

PLACEHOLDER = re.compile(r"\{(\w*)[^}]*\}")


def forms(entry):
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def fields(text):
    return set(PLACEHOLDER.findall(text))


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


SOURCE = {e.msgid: e for e in entries("en")}


def nplurals(code):
    return int(re.search(r"nplurals=(\d+)", catalogs.catalog(code).metadata["Plural-Forms"]).group(1))


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_catalog_has_every_message_and_nothing_else(code):
    ids = [e.msgid for e in entries(code)]
    assert len(ids) == len(set(ids)), "a message twice"
    assert set(ids) == set(SOURCE)
    assert all(any(f.strip() for f in forms(e)) for e in entries(code)), "an empty translation"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_message_has_the_sources_placeholders(code):
    """Each form uses only the English message's placeholders, and a message's forms together
    use all of them (a singular form may say "one" instead of {n})."""
    bad = []
    for e in entries(code):
        want = set().union(*(fields(f) for f in forms(SOURCE[e.msgid])))
        got = [fields(f) for f in forms(e)]
        if any(not g <= want for g in got) or set().union(*got) != want:
            bad.append((e.msgid, got, want))
    assert bad == []


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_a_counted_message_has_the_languages_plural_forms(code):
    n = nplurals(code)
    for e in entries(code):
        assert bool(e.msgid_plural) == bool(SOURCE[e.msgid].msgid_plural), e.msgid
        if e.msgid_plural:
            assert sorted(e.msgstr_plural) == list(range(n)), e.msgid


def test_english_counts_one_and_many():
    assert tn("game.trail", 1) == "1 move since your last move"
    assert tn("game.trail", 2) == "2 moves since your last move"
    assert tn("load.count", 1) == "1 saved game" and tn("load.count", 0) == "0 saved games"
    assert t("save.who", humans=tn("save.humans", 1), bots=tn("save.bots", 6), levels="hard") == "1 human, 6 bots (hard)"
    assert tn("notice.brink", 1, kingdom="Qin", limit=10).startswith("One more piece lost")
    assert tn("notice.brink", 3, kingdom="Qin", limit=10).startswith("Qin can lose only 3 more pieces")


def test_the_other_languages_count_in_their_one_form():
    set_language("ja")
    assert tn("game.trail", 1) == "あなたの前の手から 1 手" and tn("game.trail", 5) == "あなたの前の手から 5 手"


SIMPLIFIED_ONLY = set("国韩齐赵将剑骑设网络择们这个为对时间动选无说请开关戏电脑级边击胜败复盘")


def test_traditional_chinese_is_written_in_traditional_forms():
    set_language("zh_TW")
    assert t("title.cjk") == "七國象棋"
    assert [t(f"kingdom.{k}") for k in "wrobgpk"] == list("秦楚韓齊魏趙燕")
    assert t("glyph.G") == "將" and t("glyph.H") == "騎"
    used = set("".join(text for e in entries("zh_TW") for text in forms(e)))
    assert used & SIMPLIFIED_ONLY == set()


@pytest.mark.parametrize("names,code", [
    (("zh_TW.UTF-8",), "zh_TW"), (("zh_HK",), "zh_TW"), (("zh-Hant-MO",), "zh_TW"), (("zh_CN.UTF-8",), "zh"),
    (("zh",), "zh"), (("ja_JP.eucJP",), "ja"), (("C.UTF-8", "fr_FR"), "en"), (("de", "ja"), "ja"), ((), "en"),
])
def test_the_systems_locale_chooses_the_language(names, code):
    assert system_language(names) == code


def test_a_new_players_settings_follow_the_locale(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "zh_HK:en")
    assert Settings().language == "zh_TW"
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")
    assert Settings().language == "ja"


def test_a_damaged_catalog_shows_english_and_says_so(tmp_path, monkeypatch, caplog):
    broken = tmp_path / "ja.po"
    broken.write_bytes(b'msgid "title.quit"\nmsgstr \xff\xfe broken')
    monkeypatch.setattr(catalogs, "path", lambda code: broken if code == "ja" else catalogs.asset("locale", f"{code}.po"))
    catalogs.translations.cache_clear()
    catalogs.catalog.cache_clear()
    try:
        set_language("ja")
        assert t("title.quit") == "Quit"
        assert "ja texts cannot be read" in caplog.text
    finally:
        catalogs.translations.cache_clear()
        catalogs.catalog.cache_clear()


def test_the_font_script_reads_the_catalogs():
    chars = strings.characters()
    for code in LANGUAGES:
        assert set("".join(catalogs.texts(code))) <= chars
