"""Russian written in Latin letters (``pipeline.translit``): measured as such, read back
into Cyrillic by the cleaner as logged edits, and built like any Russian page. The
pages here are written for these tests."""

from __future__ import annotations

import json
import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kodeks_testing import ROOT
from pipeline import language, translit

LAW = (
    "Правило 12. Порядок вызова судьи\n"
    "A.Когда вызывать судью\n"
    "1.Игрок вызывает судью сразу, как только заметил нарушение.\n"
    "2.Если партнёр возражает, судья выслушивает обе стороны, см. правило 11.\n"
    "B.Права судьи\n"
    "Судья решает, какое наказание назначить, и объясняет своё решение игрокам, "
    "которые не согласны с ним; спорный случай разбирается после игры.\n"
)

# a page in a Slavic language in Latin script and one in English, written for the test:
# a quarter of their words read back into Russian words, not most
CROATIAN = (
    "Zakoni su namijenjeni definiranju ispravnog postupka i osiguravanju odgovarajuceg "
    "lijeka kada dode do odstupanja od ispravnog postupka. Nisu prvenstveno namijenjeni "
    "kaznjavanju nepravilnosti, vec ispravljanju situacija u kojima bi inace mogli biti "
    "osteceni igraci. Sudac mora biti pozvan kada se skrene pozornost na nepravilnost."
)
# Serbian written without its accents shares many words with Russian read back
SERBIAN = (
    "Pravilo 12. Sudija moze da dodeli kaznu. Pravilo 13. Igra se nastavlja posle kazne. "
    "Kontra, rekontra i pas su dozvoljeni. Ako je karta otkrivena, sudija odlucuje. Strana "
    "koja je pogresila gubi dve ruke. Pravila igre su ista za sve turnire. Komentar: sudija "
    "ima pravo da prekine igru."
)
LINKED = (
    "Правило 12. Порядок вызова судьи\n1. Игрок вызывает судью сразу, как только заметил "
    "нарушение (см. http://bridge.example.ru/zakony/pravilo-11-poterya-prava-na-ispravlenie и "
    "bridge.example.ru/zakony/pravilo-13-nepravilnoe-kolichestvo-kart).\n2. Если партнёр "
    "возражает, судья выслушивает обе стороны (bridge.example.ru/zakony/pravilo-14).\n"
)
ENGLISH = (
    "The director is called to the table as soon as a player notices an irregularity. "
    "Either side may call, and the director hears both sides before ruling; a ruling "
    "that a player disputes may be appealed after the session has ended."
)


def test_the_main_spelling_of_each_letter_is_the_one_romanized_writes():
    assert translit.romanized("Правило 64А. Щука, объём, ЗАЯВКИ") == (
        'Pravilo 64A. Shchuka, ob"jom, ZAYAVKI'
    )


@pytest.mark.parametrize(
    "latin, cyrillic",
    [
        ("razygryvayushchij", "разыгрывающий"),
        ("vyyasnitsya", "выяснится"),  # ts is т and с here, not ц
        ("etot", "этот"),  # e is э here; «етот» is a distorted form the dictionary holds
        ("kotorye", "которые"),  # ye is ы and е; «которе» is a place's name
        ("shodit", "сходит"),  # sh is с and х
        ("obnaruzhit'", "обнаружить"),
        ("Sud'ya", "Судья"),
        ("PRAVILO", "ПРАВИЛО"),
        ("RASPOLOZHENIYa", "РАСПОЛОЖЕНИЯ"),
    ],
)
def test_a_word_reads_back_into_the_ordinary_word(latin, cyrillic):
    from pipeline import morph

    assert translit.read_back(latin, morph.is_common, morph.is_known) == cyrillic


def test_what_the_russian_text_writes_in_latin_letters_stays():
    text = "A.Pravila (B) ob RHO i (iii) Razdel IV - V sluchae I sud'ya www.example.ru/pravila\n"
    words = [w for _s, _e, w, _new in translit.changes(text)]
    assert words == ["Pravila", "ob", "i", "Razdel", "V", "sluchae", "I", "sud'ya"]


@pytest.mark.parametrize(
    "latin, cyrillic",
    [
        # a web address without its scheme, and one with it, stay as they are
        (
            "Sm. bridge-klub.example.ru/zakony/pravilo-11-poterya i http://x.example.org/a-b\n",
            "См. bridge-klub.example.ru/zakony/pravilo-11-poterya и http://x.example.org/a-b\n",
        ),
        # a phrase in another language (three words in a row no reading makes Russian)
        (
            "Pravilo 12. Vyzov sud'i / Calling the Director\n",
            "Правило 12. Вызов судьи / Calling the Director\n",
        ),
        # the players' seats and a card stay; a letter after a number is a suffix, and
        # a small letter before a stop an abbreviation
        ("W N E S\n♠K 5 3 v 12-j vzyatke, p. 64.8\n", "W N E S\n♠K 5 3 в 12-й взятке, п. 64.8\n"),
        # a quote that closes on a word is no ь or ъ; an apostrophe inside a word is
        # either (``ob'yom``: ъ)
        (
            "Na 'pas' igrok otvechaet \"kontroj\"; ob'yom s'yezda; razygryvalas' normal'no\n",
            "На 'пас' игрок отвечает \"контрой\"; объём съезда; разыгрывалась нормально\n",
        ),
        # the passport scheme's ia, iu; curly and modifier apostrophes; the scholarly
        # letters
        (
            "Vyiasnitsia: fal’shrenons, sudʹya, rozygryš, čelovek, žalovat'sja\n",
            "Выяснится: фальшренонс, судья, розыгрыш, человек, жаловаться\n",
        ),
        # each letter of a title in spaced letters in its case (``ya`` is one letter);
        # a row of the players' seats is no title
        (
            "P r a v i l o  1 2 .  V y z o v  s u d ' i  z a  ya v k o j\nW N E S\n",
            "П р а в и л о  1 2 .  В ы з о в  с у д ь и  з а  я в к о й\nW N E S\n",
        ),
        # two words a page's markup glued read back each alone, the second keeping its
        # capital for the cleaner (a word in capitals is one word)
        (
            "A.Nakazanie naznachaetsyaKogda: spravedlivost'Kogda fal'shrenonsaI vzyatka ZAYaVKI\n",
            "A.Наказание назначаетсяКогда: справедливостьКогда фальшренонсаИ взятка ЗАЯВКИ\n",
        ),
    ],
    ids=[
        "web addresses",
        "a foreign phrase",
        "seats, card, suffix, abbreviation",
        "quotes",
        "schemes",
        "a title in spaced letters",
        "glued words",
    ],
)
def test_a_text_reads_back_as_russian_writes_it(latin, cyrillic):
    assert translit.cyrillic(latin) == cyrillic


def test_a_word_broken_over_two_lines_is_read_whole():
    # «nitsya» alone reads «ниця»; the word whole is «выяснится»
    got = translit.cyrillic("Eto vyyas-\nnitsya potom.\n")
    assert got == "Это выяс-\nнится потом.\n"


@given(st.text(alphabet="абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ .,"))
def test_romanized_text_has_no_cyrillic_letter_and_keeps_its_lines(text):
    out = translit.romanized(text)
    assert not any("\u0400" <= ch <= "\u04ff" for ch in out)
    assert out.count("\n") == text.count("\n")


@pytest.mark.parametrize(
    "text, translit_page",
    [
        (translit.romanized(LAW * 2), True),
        # under a site's menus in Cyrillic
        ("Главная\nПоиск по сайту\nВойти\n" + translit.romanized(LAW * 2), True),
        (CROATIAN, False),
        (SERBIAN, False),
        (ENGLISH, False),
        # a Russian page whose links hold transliterated words
        (LINKED, False),
        # a Russian page that quotes English stays Russian
        (LAW * 2 + ENGLISH, False),
    ],
    ids=[
        "romanized law",
        "under Cyrillic menus",
        "Croatian",
        "Serbian",
        "English",
        "Russian with transliterated links",
        "Russian and English",
    ],
)
def test_a_page_is_measured_russian_in_latin_letters_only_when_it_is(text, translit_page):
    assert (language.measure(text).code == language.TRANSLIT) == translit_page
    assert language.transliterated_page(text) == translit_page


def test_a_romanized_law_page_builds_as_the_russian_one(tmp_path):
    """As a director who saved a library's transliterated page would: the build
    reads it back, says so (K120), logs each word as an edit, and gives the same
    units, titles and references as the page in Cyrillic."""
    from pipeline.cli import build_command

    built = {}
    for name, text in (("cyrillic", LAW), ("latin", translit.romanized(LAW))):
        corpus, out = tmp_path / name, tmp_path / f"{name}-out"
        corpus.mkdir()
        (corpus / "page.txt").write_text(text, encoding="utf-8")
        proc = subprocess.run(build_command(corpus, out), cwd=ROOT, capture_output=True, text=True)
        assert proc.returncode in (0, 1), proc.stderr
        built[name] = (
            json.loads((out / "sources" / "page.json").read_text("utf-8")),
            json.loads((out / "report.json").read_text("utf-8")),
        )
    (want, want_report), (got, got_report) = built["cyrillic"], built["latin"]
    assert got["nodes"] == want["nodes"]
    assert [n["id"] for n in got["nodes"]] == ["12"]
    codes = [d["code"] for d in got_report["diagnostics"]]
    assert "K120" in codes and "K311" not in codes
    assert "K120" not in [d["code"] for d in want_report["diagnostics"]]
    # every Latin word read back is an edit of its own (the letters and Roman numerals
    # the Russian text writes in Latin letters too are not)
    latin_words = len(translit.WORD.findall(translit.romanized(LAW)))
    assert got_report["sources"]["page.txt"]["edits"] == {"transliteration": latin_words - 2}
