"""Real pages carry several kinds of damage at once, and most are a cut out of the
book: they start and end anywhere. Each case is written in our own words in the
layout of the damage, built with the real command line, and checked on the exported
source tree (``benchmarks/simulate.py`` measures the same classes at scale)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import regex

from kodeks_testing import WRAPPED_LINES, kodeks


def _build(tmp_path: Path, pages: dict[str, str], *options: str) -> tuple[dict, dict]:
    """Build ``pages`` (name → text) with ``kodeks build``: (trees by stem, report)."""
    corpus, out = tmp_path / "corpus", tmp_path / "out"
    corpus.mkdir(parents=True)
    for name, text in pages.items():
        (corpus / name).write_text(text, encoding="utf-8")
    kodeks("build", str(corpus), "-o", str(out), "--no-pdf", "--no-epub", "-q", *options)
    trees = {
        p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (out / "sources").glob("*.json")
    }
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    return trees, report


def _walk(nodes: list[dict]):
    for n in nodes:
        yield n
        yield from _walk(n.get("children") or [])


def _ids(tree: dict) -> list:
    return [n["id"] for n in _walk(tree["nodes"])]


def _by_id(tree: dict) -> dict:
    """The nodes of a tree by id, in order."""
    return {n["id"]: n for n in _walk(tree["nodes"])}


def _all_text(tree: dict) -> list[str]:
    """Every title and text line of a tree, in order."""
    out = []
    for n in _walk(tree["nodes"]):
        for part in (n.get("title"), n.get("text")):
            out += (part or "").split("\n")
    return out


def _codes(report: dict, name: str) -> list[str]:
    return [d["code"] for d in report["diagnostics"] if name in json.dumps(d, ensure_ascii=False)]


# A page from the middle of a law: its law and section headings were on the page
# before, so it opens with the end of a sentence and clauses that count on.
MIDDLE = (
    "отдаёт её партнёру, и судья решает, была ли взятка выиграна.\n"
    "3.Болван открыл карты раньше времени\n"
    "Если болван открыл карты до первого хода, судья может потребовать сыграть заново.\n"
    "4.Разыгрывающий назвал не ту карту\n"
    "Карта, названная разыгрывающим, считается сыгранной, если болван её уже положил.\n"
    "5.Фальшренонс замечен поздно\n"
    "Если фальшренонс замечен после конца раунда, результат сдачи остаётся прежним.\n"
    "C.Судья восстанавливает равенство\n"
    "Когда нарушение принесло выгоду нарушившей стороне, судья назначает присуждённый "
    "результат, и\n"
)


def test_a_page_from_the_middle_of_a_law_keeps_its_clauses_unplaced(tmp_path):
    trees, report = _build(tmp_path, {"middle.txt": MIDDLE})
    nodes = list(_walk(trees["middle"]["nodes"]))
    # its law cannot be told: an unplaced fragment with its clauses, never an address
    assert [n["id"] for n in nodes] == [None] * 5
    frag = trees["middle"]["nodes"][0]
    assert frag["kind"] == "fragment" and frag["text"].startswith("отдаёт её партнёру")
    assert [(n["kind"], n["label"]) for n in frag["children"]] == [
        ("clause", "3"),
        ("clause", "4"),
        ("clause", "5"),
        ("section", "C"),
    ]
    assert "присуждённый результат" in frag["children"][-1]["text"]
    assert "K308" not in _codes(report, "middle.txt")  # it is law text, not a page of notes


def test_numbered_points_that_do_not_speak_of_the_game_stay_no_law_text(tmp_path):
    """The same shape in other words (a recipe's numbered steps) is no law text."""
    recipe = (
        "потом её оставляют на ночь в прохладном месте.\n"
        "3.Тесто раскатывают\n"
        "Тесто раскатывают тонким слоем и режут на полосы.\n"
        "4.Начинка готовится отдельно\n"
        "Лук обжаривают до золотого цвета и смешивают с грибами.\n"
        "5.Пирог ставят в печь\n"
        "Пирог пекут сорок минут, пока корка не станет румяной.\n"
    )
    trees, report = _build(tmp_path, {"recipe.txt": recipe})
    assert trees["recipe"]["nodes"] == []
    assert "K308" in _codes(report, "recipe.txt")


def test_a_bulleted_list_of_another_sports_rules_is_no_law_text(tmp_path):
    """A legal database's page of a rowing code, double-spaced: one sentence and a
    bulleted list of the rules it names («- Правила 4», as bridge law pages cite
    «правила 64»). It never speaks of the game: no nodes, K308. The same list with
    the director and the dummy in it is kept."""
    page = (
        "Редакция от 2019 года. Подробнее см. справку\n\n"
        "c. Штраф экипажу\n\n"
        "Экипаж получает штраф за нарушение любым из гребцов одного из следующих Правил:\n\n"
        "- Правила 3\n\nВёсла\n\n- Правила 5-2\n\nРулевой\n\n"
        "- Любого местного правила регаты, за нарушение которого снимают очки.\n"
    )
    bridge = page.replace("гребцов", "игроков, если судья видит, что болван").replace(
        "Рулевой", "Болван"
    )
    trees, report = _build(tmp_path, {"rowing.txt": page, "bridge.txt": bridge})
    assert trees["rowing"]["nodes"] == []
    assert "K308" in _codes(report, "rowing.txt")
    assert trees["bridge"]["nodes"] and "K308" not in _codes(report, "bridge.txt")


# A page of a sport's code: dotted points as the commentary numbers its paragraphs,
# its «судья» (the referee) and its «Правил» as the laws have them, lettered items.
SPORT_CODE = (
    "7.1. Правило выгоды: если команда теряет выгоду из-за нарушения Правил "
    "соперником, судья сначала даёт игре идти, а потом назначает наказание.\n"
    "7.2. Свободный бросок назначается:\n"
    "а) за толчок соперника, который ведёт мяч;\n"
    "б) за игру ногой в зоне у своих ворот.\n"
    "7.3. Штрафной бросок назначается, когда защитник сбил соперника в зоне ворот.\n"
)


def test_a_sports_code_numbered_like_the_commentary_is_no_law_text(tmp_path):
    trees, report = _build(tmp_path, {"sport.txt": SPORT_CODE})
    assert trees["sport"]["nodes"] == []
    (k308,) = [d for d in report["diagnostics"] if d["code"] == "K308"]
    assert "another game" in k308["message"] and "«мяч»" in k308["message"]
    assert trees["sport"]["edition"] == "unknown"
    # the same points about cards are the commentary's
    cards = SPORT_CODE.replace("ведёт мяч", "держит карту").replace("у своих ворот", "болвана")
    (tmp_path / "cards").mkdir()
    trees, _report = _build(tmp_path / "cards", {"cards.txt": cards})
    assert [n["id"] for n in trees["cards"]["nodes"]][:3] == ["7.1", "7.2", "7.3"]


def _misread(text: str, written: str, read: str) -> str:
    import ftfy.bad_codecs  # noqa: F401  (registers the sloppy-windows-* codecs)

    return text.encode(written).decode(read)


def test_a_wrong_code_page_inside_an_ebook_margin_is_decoded_back(tmp_path):
    """An e-book dump (``| `` margin, ``¶`` at paragraph ends) whose paragraphs went
    through a wrong code page before the dump added its marks."""
    first = "Заявки делаются по очереди, начиная со сдающего игрока."
    second = "Игрок, пропустивший свою очередь, может заявить позже."
    page = (
        "| Правило 31. Очередь заявок¶\n"
        "| A.Порядок торговли¶\n"
        f"| {_misread(first, 'utf_8', 'sloppy-windows-1251')}¶\n"
        f"| {_misread(second, 'cp866', 'sloppy-windows-1251')}¶\n"
        "| B.Пропуск очереди¶\n"
        "| Судья решает, сохраняет ли заявка силу.¶\n"
    )
    trees, _ = _build(tmp_path, {"ebook.txt": page})
    section = trees["ebook"]["nodes"][0]["children"][0]
    assert section["id"] == "31A"
    assert section["text"].split("\n") == [first, second]


def test_look_alike_letters_typed_before_a_wrong_code_page_do_not_hide_it(tmp_path):
    """Text typed with Latin look-alikes (``o`` for ``о``) that then went through a
    wrong code page: the look-alikes survive the confusion unchanged, so a decoded
    word holds one. A heading read as Latin-1 whose body, read as KOI8-R, spells the
    same words in other garbage is read back as the heading, not as that garbage;
    a short wrapped line of two such words and a line that turned into capitals are
    decoded too."""
    heading = "A.Ни один игрок не видел чужих карт"
    body = "Если ни один игрoк не видел чужих карт, судья разрешает игрокам продолжать."
    wrapped = ("Судья записывает решение в протокол,", "указывая номер сдачи и", "справедливoсть")
    page = (
        "Правило 36. Ошибка в коробке\n"
        f"{_misread(heading.replace('A.', 'А.').replace('игрок', 'игрoк'), 'cp1251', 'latin_1')}\n"
        f"{_misread(body, 'cp1251', 'koi8_r')}\n"
        "B.Порядок записи\n"
        f"{wrapped[0]}\n"
        f"{wrapped[1]}\n"
        f"{_misread(wrapped[2] + ' решения.', 'utf_8', 'sloppy-windows-1251')}\n"
        f"{_misread('Если пoрядок ходов нарушен, судья исправляет его.', 'cp1251', 'koi8_r')}\n"
    )
    trees, _ = _build(tmp_path, {"box.txt": page})
    law = trees["box"]["nodes"][0]
    assert _ids(trees["box"]) == ["36", "36A", "36B"]
    first, second = law["children"]
    assert first["title"] == "Ни один игрок не видел чужих карт"
    assert first["text"] == body.replace("игрoк", "игрок")
    assert second["text"].split("\n") == [
        "Судья записывает решение в протокол, указывая номер сдачи и справедливость решения.",
        "Если порядок ходов нарушен, судья исправляет его.",
    ]


def test_a_collapsed_html_list_keeps_its_items_apart(tmp_path):
    """An HTML page whose list lost its numbers (``- `` bullets) and then all its line
    breaks: an item starts after a sentence end or a colon; a dash inside a sentence
    stays punctuation."""
    page = (
        "Правило 52. Карта, сыгранная по ошибке A.Порядок исправления Когда ошибка "
        "замечена, судья поступает так: - Игрок вернул карту Если игрок вернул карту до "
        "хода следующего игрока, ошибка исправляется без последствий, а карта уходит в "
        "руку без всякого наказания. - Игрок не вернул карту Если карта осталась на столе "
        "- даже на миг, - она считается сыгранной, и игра продолжается дальше обычным "
        "порядком. B.Роль судьи Судья решает спор о том, когда была замечена ошибка, и "
        "выслушивает обе стороны, прежде чем вынести решение. Решение судьи записывается в "
        "протокол турнира вместе с номером сдачи и именами игроков. C.Права партнёров "
        "Партнёры могут обратить внимание на ошибку, но не должны подсказывать, какую "
        "карту следовало сыграть: - Партнёр разыгрывающего Партнёр разыгрывающего "
        "молчит, пока розыгрыш не закончен, и не касается карт на столе. - Партнёр "
        "защитника Партнёр защитника может попросить вызвать судью, если видит, что "
        "ошибка повлияла на результат сдачи. - Оба партнёра Если оба партнёра заметили "
        "ошибку одновременно, судья выслушивает каждого отдельно и записывает их слова "
        "в протокол турнира вместе с решением по этой сдаче.\n"
    )
    trees, _ = _build(tmp_path, {"list.txt": page})
    assert _ids(trees["list"]) == [
        "52",
        "52A",
        "52A1",
        "52A2",
        "52B",
        "52C",
        "52C1",
        "52C2",
        "52C3",
    ]
    second = trees["list"]["nodes"][0]["children"][0]["children"][1]
    assert "на столе - даже на миг, - она считается сыгранной" in (
        (second["title"] or "") + " " + second["text"]
    )


# Glued HTML: a subclause glued to the word before it, and further on a clause
# label run into the end of a sentence.
GLUED = (
    "Правило 40. Порядок хода\n"
    "A.Первый ход\n"
    "1.Ход сделан\n"
    "Когда ход сделан, карта остаётся на столе, и если(A).Ход верный\n"
    "Игра продолжается обычным порядком.\n"
    "(B).Ход неверный\n"
    "Судья решает, как исправить ошибку, по правилу 53. 2.Ход не сделан\n"
    "Если никто не сделал хода, судья напоминает об очереди.\n"
)


def test_glued_subclause_and_run_in_label_on_one_page_lose_no_text(tmp_path):
    """Both repairs of glued HTML on one page: every unit once, in order (the
    second break was merged with the first and the text between them printed twice)."""
    trees, _ = _build(tmp_path, {"glued.txt": GLUED})
    tree = trees["glued"]
    assert _ids(tree) == ["40", "40A", "40A1", "40A1(A)", "40A1(B)", "40A2"]
    text = "\n".join(_all_text(tree))
    assert text.count("Игра продолжается обычным порядком.") == 1
    assert text.count("Ход неверный") == 1


def test_the_buffer_takes_changes_in_any_order():
    from pipeline.buffer import Buffer, Change

    changes = [
        Change(30, 31, "\n", "second"),  # found by a second pass over the text ...
        Change(10, 10, "\n", "first"),  # ... before one found by the first
    ]
    text = "abcdefghij" * 5
    a, b = Buffer(text), Buffer(text)
    a.apply(changes)
    b.apply(sorted(changes, key=lambda c: c.start))
    assert a.text == b.text == text[:10] + "\n" + text[10:30] + "\n" + text[31:]


# A law page whose blocks were all run together without blanks (an HTML page that
# lost its <p> and <h> breaks, the whole law on one line): the law's title runs into
# a Latin section letter, a section letter into the sentence before it, clause
# numbers into titles and sentences, and section titles into their text.
GLUED_ONE_LINE = (
    "Глава II. Начало игры\n"
    "ПРАВИЛО 6. РАЗДАЧА КАРТA. ПодготовкаКолоду перемешивают перед каждой игрой, и "
    "делает это тот, кто сидит на месте сдающего, а снимает колоду игрок слева от него; "
    "если снять забыли, судья решает, нужна ли новая раздача.B. РаздачаКарты раздают по "
    "одной, рубашкой вверх, по часовой стрелке, пока у каждого игрока не окажется "
    "тринадцать карт; затем каждую руку кладут в свой карман коробки той же рубашкой "
    "вверх, и никто не смотрит на карты другой руки. C. Свидетели раздачиКаждая сторона "
    "вправе послать одного игрока следить за раздачей, если судья не решит иначе, а "
    "игрок, который не пришёл, теряет право возразить позже. D. Повторная раздача1. "
    "Карты видны Раздачу повторяют, если до начала торговли (см. правило 17A) игрок "
    "увидел лицо чужой карты или карты легли не в тот карман коробки, и судья сам "
    "решает, кто раздаёт заново.2. Колода не перемешана Результат отменяют, если колоду "
    "не перемешали перед раздачей или раздали её в заранее заданном порядке, и в таком "
    "случае сдачу играют снова с новой колодой, а очки прежней игры не пишут ни одной "
    "из сторон, даже если игра была сыграна до конца и обе стороны с ней согласны.\n"
)


def test_blocks_glued_without_blanks_on_a_collapsed_page_get_their_addresses(tmp_path):
    trees, _report = _build(tmp_path, {"glued.txt": GLUED_ONE_LINE})
    nodes = _by_id(trees["glued"])
    assert list(nodes) == ["chapter:II", "6", "6A", "6B", "6C", "6D", "6D1", "6D2"]
    assert nodes["6"]["title"] == "РАЗДАЧА КАРТ"
    titles = [nodes[i]["title"] for i in ("6A", "6B", "6C", "6D", "6D1", "6D2")]
    assert titles == [
        "Подготовка", "Раздача", "Свидетели раздачи", "Повторная раздача", "Карты видны",
        "Колода не перемешана",
    ]  # fmt: skip
    assert nodes["6B"]["text"].startswith("Карты раздают по одной")
    assert [r["target"] for r in nodes["6D1"]["refs"]] == ["17A"]
    assert nodes["6D2"]["text"].startswith("Результат отменяют")


# A site that prints each chapter's page with a header naming the chapter and its
# part on one line, the list of the part's laws, and then the chapter, the part and
# the first law's headings again over the text.
HEADER_THEN_HEADINGS = (
    "Глава IX. Торговля - Часть II Ответы\n\n"
    "ПРАВИЛО 51. ПЕРВЫЙ ОТВЕТ\n"
    "ПРАВИЛО 52. ВТОРОЙ ОТВЕТ\n"
    "ПРАВИЛО 53. ОТВЕТ НА КОНТРУ\n\n"
    "Глава IX. Торговля\n\n"
    "Часть II Ответы\n\n"
    "ПРАВИЛО 51. ПЕРВЫЙ ОТВЕТ\n\n"
    "A. Время ответа\n\n"
    "Партнёр отвечает после того, как правый противник объявил свою заявку или пас.\n\n"
    "B. Ответ вне очереди\n\n"
    "Если партнёр ответил раньше времени, судья применяет правило 31.\n"
)


def test_division_headings_printed_again_after_their_listing_make_one_division(tmp_path):
    trees, _report = _build(tmp_path, {"header.txt": HEADER_THEN_HEADINGS})
    tree = trees["header"]
    ids = _ids(tree)
    assert ids == ["chapter:IX", "chapter-part:II", "51", "51A", "51B"]
    assert [e["id"] for e in tree["toc"]] == ["51", "52", "53"]


# The head of a reader site's page, as it renders without its markup: the halves of
# its alphabet bar (``А-П``, ``П-Я``) and its category menu in capitals, each on a
# line of its own above the whole bar; then a page cut out of the middle of a law.
BAR = "А  Б  В  Г  Д  Е  Ж  З  И  Й  К  Л  М  Н  О  П  Р  С  Т  У  Ф  Х  Ц  Ч  Ш  Щ  Э  Ю  Я  A-Z"
MIDDLE_OF_A_CLAIM = (
    "C.Порядок розыгрыша при претензии\n"
    "Игрок, сделавший претензию, сразу говорит, в каком порядке он будет играть карты.\n"
    "D.Игра прекращается\n"
    "После претензии игра останавливается, и спор решает судья.\n"
    "Правило 69. Согласие с претензией\n"
    "A.Когда согласие дано\n"
    "Согласие дано, когда оппонент не возражает до начала следующей сдачи.\n"
)


def test_the_halves_of_an_alphabet_bar_are_no_text_of_the_law(tmp_path):
    page = f"А-П\n\nП-Я\n\n{BAR}\n\n \n\n\n{MIDDLE_OF_A_CLAIM}"
    trees, _ = _build(tmp_path, {"claim.txt": page})
    assert _ids(trees["claim"]) == ["68", "68C", "68D", "69", "69A"]
    lines = _all_text(trees["claim"])
    assert "А-П" not in lines and "П-Я" not in lines
    assert trees["claim"]["nodes"][0]["text"] == ""  # the inferred law 68 holds nothing


def test_a_category_menu_in_capitals_above_the_bar_goes_and_the_title_stays(tmp_path):
    page = (
        f"ИСТОРИЯ\n\nПУТЕШЕСТВИЯ\n\n{BAR}\n\n \n\n"
        "ОБЗОР ТОРГОВЛИ\n"
        "20.1. Согласно Правилу 20, игрок, который не расслышал заявку, вправе сразу "
        "попросить её повторить; позже он просит повторить всю торговлю.\n"
        "20.2. Обзор всей торговли дают только тому игроку, чья очередь делать заявку, "
        "по Правилу 20B.\n"
    )
    trees, _ = _build(tmp_path, {"review.txt": page})
    lines = _all_text(trees["review"])
    assert "ИСТОРИЯ" not in lines and "ПУТЕШЕСТВИЯ" not in lines
    assert "ОБЗОР ТОРГОВЛИ" in lines
    assert [i for i in _ids(trees["review"]) if i] == ["20.1", "20.2"]


def test_a_reader_sites_menus_counters_and_worded_pager_leave_no_fragment(tmp_path):
    """Everything between the site's breadcrumb and its pager is the site's: text
    settings, a list of links to other books with a «more» link, a counter's caption
    that opens with its domain, the book's name; the pager's links are words."""
    template = [
        "Настройка текста",
        "Перенос строк",
        "Обзоры турниров",
        "Кубок |#2| Второй тур",
        "Кубок |#1| Первый тур",
        "Другие обзоры...",
        "primer.ru: показано число посещений за сутки и за неделю у этой страницы",
        "Счётчик Top100",
        "Спорт - Разные авторы Весь текст 1200.5 Kb",
        "Книга о картах",
        "Предыдущая страница Следующая страница",
    ]
    page = (
        "Главная · Каталог · Новые книги · Форум · Ссылки\n\n"
        + "\n\n".join(template)
        + "\n1 ... 10 11 12 13 14 ... 200\n"
        "судья решает спор по существу, выслушав обе стороны.\n\n"
        "Правило 59. Наказание, которое нельзя выполнить\n"
        "59.1. Это правило касается всех случаев, когда игрок не может выполнить "
        "наказание картой.\n"
    )
    trees, _ = _build(tmp_path, {"site.txt": page})
    text = "\n".join(_all_text(trees["site"]))
    assert not [line for line in template if line in text]
    assert trees["site"]["nodes"][0]["text"].startswith("судья решает спор")


def test_a_worded_pager_between_two_pages_is_a_paragraph_break(tmp_path):
    page = (
        "Правило 12. Права судьи\n"
        "A.Судья решает спор\n"
        "Судья решает спор, выслушав обе стороны.\n"
        "Предыдущая страница Следующая страница\n"
        "B.Судья назначает наказание\n"
        "Судья назначает наказание за открытую карту.\n"
    )
    trees, _ = _build(tmp_path, {"pager.txt": page})
    assert _ids(trees["pager"]) == ["12", "12A", "12B"]
    assert "Следующая страница" not in "\n".join(_all_text(trees["pager"]))


def test_question_pairs_under_a_division_title_join_no_title(tmp_path):
    """A double-spaced reader page's ``?? ?? ??`` where a rule stood, under a division
    title (the blank lines go, so the run would join the title)."""
    lines = [
        "- 74",
        "Часть II - ШТРАФНАЯ КАРТА",
        "?? ?? ?? ?? ?? ?? ?? ?? ?? ??",
        "Правило 50. Какая карта становится штрафной",
        "A.Карта защитника",
        "Карта защитника, показанная не во время игры, становится штрафной.",
        "B.Карта разыгрывающего",
        "Карта разыгрывающего никогда не становится штрафной.",
    ]
    trees, _ = _build(tmp_path, {"parts.txt": "\n\n".join(lines) + "\n"})
    nodes = _by_id(trees["parts"])
    assert nodes["chapter-part:II"]["title"] == "ШТРАФНАЯ КАРТА"
    assert "?" not in "".join(_all_text(trees["parts"]))
    assert [i for i in _ids(trees["parts"]) if i] == ["chapter-part:II", "50", "50A", "50B"]


def test_a_rule_cut_by_the_page_end_joins_no_title(tmp_path):
    """The first two dashes of an underline rule under the last law title of a page."""
    page = (
        "Правило 71. Отказ от уступки\n"
        "------------------------------------------\n"
        "A.Уступка отменяется\n"
        "Судья отменяет уступку взятки, которую сторона не могла проиграть.\n"
        "Глава VII - ПОВЕДЕНИЕ ИГРОКОВ\n"
        "===========================\n"
        "Правило 72. Общие принципы\n"
        "--\n"
    )
    trees, _ = _build(tmp_path, {"rule.txt": page})
    nodes = _by_id(trees["rule"])
    assert nodes["72"]["title"] == "Общие принципы"
    assert list(nodes) == ["71", "71A", "chapter:VII", "72"]


# A commentary page (a reader site's excerpt) where the first item of a paragraph
# stands on the line of the paragraph's number, the next items on lines of their own.
RUN_IN_ITEM = (
    "Правило 30. ПАС ВНЕ ОЧЕРЕДИ\n"
    "30.4. (i) Судья, к которому обратились после паса вне очереди,\n"
    "сначала выясняет, чья была очередь, и лишь потом объясняет\n"
    "сторонам, что предписывает правило 30B.\n"
    "(ii) Если пас сделан за партнера, судья применяет правило 30C.\n"
    "30.5. (см. п. 30.4) Тот же порядок действует и после контры.\n"
)


def test_an_item_run_in_on_the_paragraph_number_line_is_an_item(tmp_path):
    trees, _ = _build(tmp_path, {"runin.txt": RUN_IN_ITEM})
    nodes = _by_id(trees["runin"])
    assert list(nodes) == ["30", "30.4", "30.4(i)", "30.4(ii)", "30.5"]
    para, first = nodes["30.4"], nodes["30.4(i)"]
    assert (para["title"], para["text"]) == (None, "")  # the item's words are not its title
    assert first["text"].startswith("Судья, к которому обратились")
    assert [r["target"] for r in first["refs"]] == ["30B"]
    # a bracket after the number that is no item stays the paragraph's own text
    assert nodes["30.5"]["text"].startswith("(см. п. 30.4) Тот же порядок")


# A reader site's page of the commentary: the excerpt ends in the middle of the
# first line of its last paragraph.
CUT_OFF_COMMENTARY = (
    "Правило 45. СЫГРАННАЯ КАРТА\n"
    "45.1. Карта, которую игрок держит лицом к столу так, что партнер\n"
    "мог ее видеть, считается сыгранной, если судья не решит иначе.\n"
    "45.2. Судья, вызванный к столу, прежде всего выясняет, видел ли\n"
    "карту кто-нибудь из оппонентов.\n"
    "45.3. Игрок, назвавший карту болвана, не вправе\n"
)


def test_the_last_paragraph_of_a_page_cut_off_mid_sentence_has_no_title(tmp_path):
    trees, report = _build(tmp_path, {"cut.txt": CUT_OFF_COMMENTARY})
    nodes = _by_id(trees["cut"])
    assert list(nodes) == ["45", "45.1", "45.2", "45.3"]
    assert (nodes["45.3"]["title"], nodes["45.3"]["text"]) == (
        None,
        "Игрок, назвавший карту болвана, не вправе",
    )
    assert "K307" in _codes(report, "cut.txt")  # the page still says it is cut off


# A double-spaced reader page of the commentary, hard-wrapped at about 60 columns:
# a sentence of 50.2 ends at the right edge in the middle of its paragraph.
DOUBLE_SPACED = (
    "50.1. Карта, открытая защитником до своей очереди, остается\n\n"
    "на столе лицом вверх до тех пор, пока ее не сыграют, и ни\n\n"
    "один из игроков не вправе убрать ее обратно в руку.\n\n"
    "50.2. Каждое открытие карты защитником есть нарушение\n\n"
    "порядка игры и поэтому подлежит решению судьи по правилу 50.\n\n"
    "Разыгрывающий вправе потребовать, чтобы эту карту сыграли в\n\n"
    "первую же взятку, в которой это возможно по правилам, или\n\n"
    "запретить ход в ее масть, пока защитник остается на ходу.\n\n"
    "50.3. Судья объясняет сторонам, что карта остается штрафной,\n\n"
    "и записывает в протокол, какой выбор сделал разыгрывающий.\n"
)


def test_a_double_spaced_sentence_ending_at_the_right_edge_runs_on(tmp_path):
    trees, _ = _build(tmp_path, {"double.txt": DOUBLE_SPACED})
    nodes = _by_id(trees["double"])
    assert list(nodes) == ["50.1", "50.2", "50.3"]
    assert nodes["50.2"]["title"] is None  # its first sentence is no heading
    assert nodes["50.2"]["text"] == (
        "Каждое открытие карты защитником есть нарушение порядка игры и поэтому подлежит "
        "решению судьи по правилу 50. Разыгрывающий вправе потребовать, чтобы эту карту "
        "сыграли в первую же взятку, в которой это возможно по правилам, или запретить ход в "
        "ее масть, пока защитник остается на ходу."
    )


# A DOS e-text of the commentary shown inside a reader site's page: menu lines at
# the margin outnumber the justified body lines (indented by 7), a law heading fills
# its first line and wraps onto a centred second one, and a lettered item hangs.
DOS_IN_CHROME = (
    "Главная · Поиск книг · Новые книги\n"
    "Настройка текста\nПеренос строк\nРазмер шрифта\nДругие книги автора\n"
    "Книги по теме\nВсе о шахматах\nВсе о картах\n"
    "Предыдущая страница Следующая страница\n\n"
    "..page7\n"
    "                 Правило 62. ИСПРАВЛЕНИЕ ФАЛЬШРЕНОНСА ДО ЕГО ВЫЯВЛЕНИЯ\n"
    "                          В ТЕКУЩЕЙ ВЗЯТКЕ\n"
    "                  62.1.  Игрок, заметивший  свою  ошибку, обязан  исправить  ее,\n"
    "       если:        (a) взятка еще не закрыта ни одним из игроков,\n"
    "       а его партнер не сделал хода,\n"
    "                   И   (b) ни один игрок не сыграл карту в следующую  взятку.\n"
)


def test_a_dos_block_inside_reader_chrome_keeps_its_paragraphs_and_heading(tmp_path):
    trees, _ = _build(tmp_path, {"dos.txt": DOS_IN_CHROME})
    nodes = {n["id"]: n for n in _walk(trees["dos"]["nodes"]) if n["id"]}
    assert list(nodes) == ["62", "62.1"]
    assert nodes["62"]["title"] == "ИСПРАВЛЕНИЕ ФАЛЬШРЕНОНСА ДО ЕГО ВЫЯВЛЕНИЯ В ТЕКУЩЕЙ ВЗЯТКЕ"
    assert nodes["62"]["text"] == ""
    assert nodes["62.1"]["title"] is None  # one paragraph, its first line no heading
    assert nodes["62.1"]["text"] == (
        "Игрок, заметивший свою ошибку, обязан исправить ее, если: (a) взятка еще не закрыта "
        "ни одним из игроков, а его партнер не сделал хода, И (b) ни один игрок не сыграл "
        "карту в следующую взятку."
    )


# A reader site's page whose line breaks were all lost: the site's header, an advert
# between two paragraphs and the pager are joined to the text (our words, an invented site).
COLLAPSED_READER = (
    "Книжная полка «Ветер» Главная | Жанры | Авторы | Вход Поиск книг: "
    "А Б В Г Д Е Ж З И К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Э Ю Я "
    "Ветер / Игры / Сборник правил - читать страницу 12 Автор: Неизвестен Жанр: Игры "
    "Шрифт: - 100% + Размер файла: 90 Кб "
    "Правило 52. Карта, сыгранная по ошибке A.Порядок исправления Когда ошибка "
    "замечена, судья поступает так, как сказано ниже, и записывает решение в протокол. "
    "1.Игрок вернул карту Если игрок вернул карту до хода следующего игрока, ошибка "
    "исправляется без последствий, а карта уходит в руку без всякого наказания. "
    "Реклама: карты и фишки со скидкой на www.karty-fishki.ru "
    "2.Игрок не вернул карту Если карта осталась на столе, она считается сыгранной, и "
    "игра продолжается дальше обычным порядком, как в любой другой сдаче турнира. "
    "B.Роль судьи Судья решает спор о том, когда была замечена ошибка, и выслушивает "
    "обе стороны, прежде чем вынести решение по правилу 52A. Решение судьи записывается "
    "в протокол турнира вместе с номером сдачи и именами игроков, и игроки могут его "
    "оспорить. C.Права партнёров Партнёры могут обратить внимание на ошибку, но не "
    "должны подсказывать, какую карту следовало сыграть, и не касаются карт на столе, "
    "пока розыгрыш не закончен. Если партнёр подсказал, судья может назначить присуждённый "
    "результат по этой сдаче. "
    "« Предыдущая 1 2 3 … 10 11 12 13 14 … 40 Следующая » "
    "Страницы: первая предыдущая следующая последняя © Ветер 2001–2020\n"
)


def test_a_collapsed_reader_page_loses_its_template_and_keeps_its_text(tmp_path):
    """The site's lines joined to the text are removed as template, where a line of the
    site can stand (before the first heading, after a sentence end); no law is guessed
    from the header before the first heading."""
    trees, _ = _build(tmp_path, {"reader.txt": COLLAPSED_READER})
    tree = trees["reader"]
    assert _ids(tree) == ["52", "52A", "52A1", "52A2", "52B", "52C"]
    text = "\n".join(_all_text(tree))
    for chrome in ("Главная", "Шрифт", "Реклама", "Предыдущая", "Страницы", "Ветер 2001"):
        assert chrome not in text
    clause = tree["nodes"][0]["children"][0]["children"][0]
    assert clause["text"].endswith("без всякого наказания.")
    assert tree["nodes"][0]["children"][-1]["text"].endswith("по этой сдаче.")


def test_a_collapsed_page_reads_each_paragraph_back_through_its_own_code_page(tmp_path):
    """Paragraphs that went through different wrong code pages (the heading among
    them), then lost their line breaks with the rest of the page: each stretch is
    decoded on its own, and the clean text between them is left as it is."""
    heading = "Правило 52. Карта, сыгранная по ошибке"
    first = (
        "Если игрок вернул карту до хода следующего игрока, ошибка исправляется без "
        "последствий, а карта уходит в руку без всякого наказания."
    )
    second = "И судья записывает решение в протокол турнира вместе с номером сдачи."
    page = (
        COLLAPSED_READER.replace(heading, _misread(heading, "cp866", "cp1251"))
        .replace(first, _misread(first, "utf_8", "cp1251"))
        .replace(
            "Реклама: карты и фишки со скидкой на www.karty-fishki.ru ",
            "Реклама: карты и фишки со скидкой на www.karty-fishki.ru "
            + _misread(second, "cp1251", "koi8_r")
            + " ",
        )
    )
    trees, _ = _build(tmp_path, {"reader.txt": page})
    tree = trees["reader"]
    assert _ids(tree) == ["52", "52A", "52A1", "52A2", "52B", "52C"]
    law = tree["nodes"][0]
    assert law["title"] == "Карта, сыгранная по ошибке"
    clause = law["children"][0]["children"][0]
    assert clause["text"] == first + " " + second


def test_two_files_of_a_scanned_book_with_one_page_number_each_guess_no_law(tmp_path):
    """One page number a page, under a clause heading: its text is on the next page,
    so it stays the clause's (no law is guessed from the next law heading), and the
    running head beside it, which both files show, is the book's template."""
    first = (
        "Правило 52. Карта, сыгранная по ошибке\n"
        "A.Порядок исправления\n"
        "1.Игрок вернул карту\n"
        "- 70 -\n"
        "ПРАВИЛА ИГРЫ\n"
        "Если игрок вернул карту до хода следующего игрока, ошибка исправляется.\n"
        "Правило 58. Одновременный ход\n"
        "Ход, сделанный одновременно с ходом партнёра, считается сделанным позже.\n"
    )
    second = (
        "Правило 40. Ход не в очередь\n"
        "Когда защитник сделал ход не в очередь, его партнёр обязан молчать до\n"
        "- 12 -\n"
        "ПРАВИЛА ИГРЫ\n"
        "решения судьи.\n"
    )
    trees, _ = _build(tmp_path, {"first.txt": first, "second.txt": second})
    tree = trees["first"]
    assert _ids(tree) == ["52", "52A", "52A1", "58"]
    clause = tree["nodes"][0]["children"][0]["children"][0]
    assert (
        clause["text"] == "Если игрок вернул карту до хода следующего игрока, ошибка исправляется."
    )
    assert "ПРАВИЛА ИГРЫ" not in trees["second"]["nodes"][0]["text"]


def test_a_short_page_on_one_line_keeps_its_units_apart(tmp_path):
    """A page cut out of the book that lost its line breaks and is too short to be
    told by its length: the units run into each other on its one line tell it."""
    page = (
        "Правило 52. Карта, сыгранная по ошибке A.Порядок исправления Когда ошибка "
        "замечена, судья поступает так: 1.Игрок вернул карту Ошибка исправляется без "
        "наказания. Правило 53. Ход, принятый как правильный Ход не в очередь может быть "
        "принят противником.\n"
    )
    trees, _ = _build(tmp_path, {"short.txt": page})
    tree = trees["short"]
    assert _ids(tree) == ["52", "52A", "52A1", "53"]
    assert tree["nodes"][0]["title"] == "Карта, сыгранная по ошибке"
    assert tree["nodes"][1]["text"] == "Ход не в очередь может быть принят противником."


def test_the_short_last_line_of_a_mis_decoded_ebook_paragraph_keeps_its_reference(tmp_path):
    """A paragraph that went through a wrong code page (the case turned over), then
    was wrapped into an e-book dump's margin: its last line holds one long word, too
    little evidence alone, and is read back with the lines above it."""
    lines = [
        "Если игрок сыграл картой не в очередь, судья решает, считается ли",
        "карта сыгранной, и назначает исправление",
        "по правилу 53.",
    ]
    page = (
        "| Правило 52. Карта, сыгранная по ошибке¶\n"
        "| A.Порядок исправления¶\n"
        + "".join(f"| {_misread(ln, 'koi8_r', 'cp1251')}\n" for ln in lines[:-1])
        + f"| {_misread(lines[-1], 'koi8_r', 'cp1251')}¶\n"
        "| B.Роль судьи¶\n"
        "| Судья выслушивает обе стороны.¶\n"
    )
    trees, _ = _build(tmp_path, {"ebook.txt": page})
    section = trees["ebook"]["nodes"][0]["children"][0]
    assert section["text"] == " ".join(lines)
    assert [r["target"] for r in section["refs"]] == ["53"]


def test_a_short_row_of_a_table_dump_keeps_its_section(tmp_path):
    """A text saved from a table joins several lines to a row; a row of two short cells
    (a sentence's end and a section heading whose letter is Cyrillic) is the page's
    own, not a menu of items apart by runs of spaces."""
    page = (
        "|      Правило 52. Карта, сыгранная по ошибке      |      A.Порядок исправления      |\n"
        "|      Когда ошибка замечена, судья поступает так, как сказано ниже, и      |"
        "      записывает решение в протокол вместе с номером сдачи и      |\n"
        "|      именами игроков.      |      В.Роль судьи      |\n"
        "|      Судья решает спор о том, когда была замечена ошибка, и      |"
        "      выслушивает обе стороны.      |\n"
    )
    trees, _ = _build(tmp_path, {"table.txt": page})
    tree = trees["table"]
    assert _ids(tree) == ["52", "52A", "52B"]
    assert tree["nodes"][0]["children"][0]["text"].endswith("и именами игроков.")


def test_a_table_dump_of_a_law_page_loses_the_sites_links_in_its_cells(tmp_path):
    """A site that gives each law a page of its own, saved as a text from a table: the
    link back to the page's top stands in a cell before the law's heading and after
    the last sentence of the law before, the links to the laws beside in the last
    row's cell. They are the site's, not a law of their own or the text's references."""
    page = (
        "|      ↑ Наверх      |      Правило 41. Начало розыгрыша      |\n"
        "|      Когда торговля окончена, вистующий слева от разыгрывающего делает      |"
        "      первый ход лицом вниз, как велит правило 54.      |      ↑ Наверх      |\n"
        "|      Правило 42. Права болвана      |      A.Что болван может делать      |\n"
        "|      Болван вправе следить за ходом игры и отвечать на вопросы судьи.      |"
        "      « Правило 40 | Оглавление | Правило 43 »      |\n"
    )
    trees, _ = _build(tmp_path, {"laws.txt": page})
    tree = trees["laws"]
    assert _ids(tree) == ["41", "42", "42A"]
    nodes = _by_id(tree)
    assert nodes["41"]["text"].endswith("как велит правило 54.")
    assert nodes["42A"]["text"].endswith("отвечать на вопросы судьи.")
    assert [r["target"] for n in _walk(tree["nodes"]) for r in n["refs"]] == ["54"]
    assert not any("Наверх" in ln or "Оглавление" in ln for ln in _all_text(tree))


def test_a_scanned_page_cut_in_section_bs_first_lines_keeps_its_units(tmp_path):
    """A page of a scan cut out of the middle of a law: two clauses of its first
    section, then section B, whose «B.» the OCR read as «8.», and the page ends a few
    words into it. Read as B, the section after the clauses shows it is the law book's
    text: an unplaced fragment with its clauses and its section, not a page of other
    text (K308)."""
    page = (
        "Если колода неполна, судья достаёт недостающие карты из запасной колоды.\n"
        "2.Карты перепутаны между столами\n"
        "Если карты попали не в ту коробку, судье надлежит вернуть их на место.\n"
        "3.Сдача сделана заново\n"
        "Если сдача была сделана заново, судья сохраняет её результат (правило 7).\n"
        "8.Игрок уронил карту\n"
        "Когда игрок роняет карту на пол, то судья\n"
    )
    trees, report = _build(tmp_path, {"scan.txt": page})
    assert "K308" not in _codes(report, "scan.txt")
    (fragment,) = trees["scan"]["nodes"]
    units = [(n["id"], n["kind"], n["label"]) for n in fragment["children"]]
    assert units == [(None, "clause", "2"), (None, "clause", "3"), (None, "section", "B")]
    assert [r["target"] for r in fragment["children"][1]["refs"]] == ["7"]


def test_a_forum_line_about_a_referees_cards_is_no_law_text(tmp_path):
    """A game forum's one post about yellow cards and missed rounds: one short
    paragraph, as the cut-off end of a law can be, with a referee's «карточка» in every
    line and never a playing card, a trick or a call. The referee's card is a word of
    another game's play (``other_play``): no nodes, K308. The same lines about a card
    played to a trick are kept as a fragment."""
    forum = (
        "Пишем сюда о полученных предупреждениях: жёлтая карточка - пропуск 1 тура*\n"
        "3 жёлтых карточки - пропуск 2 туров\n"
        "*- за грубые нарушения администрация добавляет ещё 3 тура"
    )
    cut = "сыгранную карту во взятку, как того требует правило 45, и игра продолжается"
    trees, report = _build(tmp_path, {"forum.txt": forum, "cut.txt": cut})
    assert trees["forum"]["nodes"] == []
    assert "K308" in _codes(report, "forum.txt")
    (fragment,) = trees["cut"]["nodes"]
    assert fragment["id"] is None and [r["target"] for r in fragment["refs"]] == ["45"]


def test_a_page_that_is_only_a_title_bar_is_template(tmp_path):
    """A legal database's page stored as nothing but its title bar: the title of
    another sport's «Правило 7» and, after a backslash between blanks, the site's one
    word. Template by its shape (a header): no nodes, no reference to law 7. A
    sentence of the laws with a backslash inside is kept."""
    bar = "Правило 7 о замене игроков в Кубке \\ Правобаза"
    law = (
        "Правило 7. Обращение с картами\n"
        "Игрок держит свои карты \\ не показывая их, пока идёт торговля, см. правило 16.\n"
    )
    trees, _report = _build(tmp_path, {"bar.txt": bar, "law.txt": law})
    assert trees["bar"]["nodes"] == []
    (node,) = trees["law"]["nodes"]
    assert node["id"] == "7" and [r["target"] for r in node["refs"]] == ["16"]


# A law typeset for the web: a typograph binds each number to its noun with a no-break
# space, a CMS puts zero-width spaces where a long word may break and a direction
# mark before a heading, and a word processor's export breaks lines with U+2028.
TYPESET = (
    "Правило 64. Процедура после выявления фальшренонса\n"
    "A. Наказание назначается\n"
    "1. Когда нарушитель выиграл взятку, судья передаёт её стороне, не нарушавшей "
    "правил (см. правило 63).\n"
    "2. Судья применяет п. 64.8 и правило 64B1, когда игроки не согласны.\n"
    "B. Наказание не назначается\n"
    "1. Если фальшренонс выявлен после заявки в следующей сдаче.\n"
)


def _typeset(text: str) -> str:
    text = text.replace("Правило 64.", "\u200eПравило\u00a064.")
    text = text.replace("правило 63", "правило\u00a063").replace("п. 64.8", "п.\u00a064.8")
    text = text.replace("правило 64B1", "пра\u200bвило\u202f64B1")
    text = text.replace("фальшренонса", "фальш\u200bренонса")
    return text.replace("\n", "\u2028", 2)


def test_a_page_typeset_for_the_web_reads_as_the_plain_page(tmp_path):
    """No-break, narrow and zero-width spaces, a direction mark and line separators
    change nothing a reader sees: the page gives the plain page's nodes, titles,
    texts (with its own no-break spaces) and references."""
    plain, _r = _build(tmp_path / "plain", {"law.txt": TYPESET})
    typeset, report = _build(tmp_path / "typeset", {"law.txt": _typeset(TYPESET)})

    def seen(tree: dict) -> list:
        return [
            (
                n["id"],
                (n.get("title") or "").replace("\u00a0", " ").replace("\u202f", " "),
                (n.get("text") or "").replace("\u00a0", " ").replace("\u202f", " "),
                [r["target"] for r in n.get("refs") or []],
            )
            for n in _walk(tree["nodes"])
        ]

    assert seen(typeset["law"]) == seen(plain["law"])
    assert [r[3] for r in seen(plain["law"]) if r[3]] == [["63"], ["64.8", "64B1"]]
    assert report["sources"]["law.txt"]["edition"]["edition"] == "1987"


@pytest.mark.parametrize("indent", ["\t", "  ", "    "])
def test_a_page_indented_throughout_reads_as_the_flush_page(tmp_path, indent):
    """A text dump that indents every line (a tab, a few spaces): its headings, sections
    and clauses are read as on the page at the margin."""
    flush, _r = _build(tmp_path / "flush", {"law.txt": TYPESET})
    indented = "".join(indent + line for line in TYPESET.splitlines(keepends=True))
    shifted, _r = _build(tmp_path / "indented", {"law.txt": indented})
    assert [(n["id"], n.get("title"), n.get("text")) for n in _walk(shifted["law"]["nodes"])] == [
        (n["id"], n.get("title"), n.get("text")) for n in _walk(flush["law"]["nodes"])
    ]


def _forum_post(text: str) -> str:
    """A forum post quoting the law: the law quoted with the forum's codes (bold
    headings) inside ``> `` margins, as a mail or a plain-text copy of the thread
    gives it. (Words of the poster's own above the first heading would read as the
    cut-off end of the law before it, as any page's first sentence can.)"""
    quoted = []
    for line in text.splitlines():
        if line.startswith(("Правило", "A.", "B.")):
            line = f"[b]{line}[/b]"
        quoted.append(f"> {line}")
    return "[quote=Судья]\n" + "\n".join(quoted) + "\n[/quote]\n"


def test_a_forum_post_quoting_the_law_gives_its_units(tmp_path):
    """Markup and quotation margins are no text: the quoted law gives the plain page's
    nodes, titles, texts and references."""
    plain, _r = _build(tmp_path / "plain", {"law.txt": TYPESET})
    post, _r = _build(tmp_path / "post", {"law.txt": _forum_post(TYPESET)})
    got = [
        (n["id"], n.get("title"), n.get("text"), n.get("refs")) for n in _walk(post["law"]["nodes"])
    ]
    want = [
        (n["id"], n.get("title"), n.get("text"), n.get("refs"))
        for n in _walk(plain["law"]["nodes"])
    ]
    assert got == want


def test_the_rows_of_an_auction_diagram_stay_lines_of_their_own(tmp_path):
    """A commentary page's example: the players' compass letters, a row of calls, then
    the prose that explains it. Hard-wrapped prose is joined, the diagram's rows are
    not run into it."""
    page = (
        "Правило 36. Контра вне очереди\n"
        "36.1. Очерёдность не решает, допустима ли контра.\n"
        "Пример:\n"
        "А. W N E S\n"
        "1S контра\n"
        "Здесь игрок контрит раньше, чем\n"
        "соперник успел заявить.\n"
    )
    trees, _report = _build(tmp_path, {"page.txt": page})
    (tree,) = trees.values()
    assert _by_id(tree)["36.1"]["text"].split("\n")[-3:] == [
        "А. W N E S",
        "1S контра",
        "Здесь игрок контрит раньше, чем соперник успел заявить.",
    ]


# A reader site's page of the commentary: the second item of a list runs on in the
# first item's line, after a conjunction in capitals.
ITEM_IN_MID_LINE = (
    "Правило 30. ПАС ВНЕ ОЧЕРЕДИ\n"
    "30.6. Судья считает пас принятым, когда:\n"
    "(i) следующий игрок заявил свою заявку И (ii) никто из\n"
    "игроков не позвал судью до конца торговли (см. п. 30.4 (ii)).\n"
    "30.7. Иначе действует правило 30B.\n"
)


def test_an_item_run_into_the_line_of_the_item_before_is_an_item(tmp_path):
    trees, _ = _build(tmp_path, {"mid.txt": ITEM_IN_MID_LINE})
    nodes = _by_id(trees["mid"])
    assert list(nodes) == ["30", "30.6", "30.6(i)", "30.6(ii)", "30.7"]
    assert nodes["30.6(i)"]["text"] == "следующий игрок заявил свою заявку И"
    second = nodes["30.6(ii)"]
    assert second["text"].startswith("никто из игроков не позвал судью")
    # the item named after a paragraph's number inside it is a citation
    assert second["text"].endswith("(см. п. 30.4 (ii)).")


# A reader site's page of the laws' contents: the page ends inside an entry, before
# its leader, and the entry's wrapped title ends with a stop.
CONTENTS_CUT_AT_THE_END = (
    "Глава VI - РОЗЫГРЫШ...........................70\n"
    "Правило 41. Начало розыгрыша................70\n"
    "A.Первый ход закрытой картой..............70\n"
    "B.Вопросы о торговле......................70\n"
    "C.Рука болвана............................71\n"
    "- 10 -\n"
    "(A).Разыгрывающий просит сыграть\n"
    "в заданную масть.\n"
)


def test_a_contents_entry_the_page_cuts_before_its_leader_makes_no_node(tmp_path):
    trees, _ = _build(tmp_path, {"toc.txt": CONTENTS_CUT_AT_THE_END})
    assert trees["toc"]["nodes"] == []
    # a page of the laws' text that ends in a sentence keeps it as its text
    trees, _ = _build(
        tmp_path / "text",
        {"law.txt": "Правило 41. Начало розыгрыша\nA.Первый ход\nИгрок ходит закрытой картой.\n"},
    )
    assert _by_id(trees["law"])["41A"]["text"] == "Игрок ходит закрытой картой."


# Two pages of a site saved into one file: the first lost all its line breaks (one
# long line, headings run into their text), the second kept them.
_SENTENCE = "Колоду тщательно тасуют перед каждой сдачей, и любой из оппонентов может снять. "
ONE_LINE_THEN_LINES = (
    "Правило 6. ТАСОВАНИЕ И СДАЧАA. Тасование"
    + _SENTENCE * 4
    + "B. Сдача"
    + _SENTENCE * 3
    + "C. Пересдача и её поводы1. Карты сданы неверно Карты сдали не по одной. "
    + _SENTENCE * 2
    + "Их сдают заново.2. Не было тасования Сдача недействительна.\n"
    "Правило 7. КОНТРОЛЬ НАД КАРТАМИ ВО ВРЕМЯ СДАЧИ И РОЗЫГРЫША\n"
    "A.Положение коробки с картами на столе во время игры\n"
    "Коробку с картами кладут на середину стола, и она остаётся\n"
    "там до конца сдачи, пока судья не разрешит её передвинуть в\n"
    "сторону или не велит передать её к соседнему столу, где\n"
    "играют следующий тур турнира.\n"
)


def test_a_line_that_lost_its_breaks_among_lines_that_kept_theirs_is_split(tmp_path):
    assert len(ONE_LINE_THEN_LINES.split("\n")[0]) > 600
    trees, _ = _build(tmp_path, {"two.txt": ONE_LINE_THEN_LINES})
    nodes = _by_id(trees["two"])
    assert list(nodes) == ["6", "6A", "6B", "6C", "6C1", "6C2", "7", "7A"]
    assert [nodes[k]["title"] for k in ("6A", "6B", "6C", "6C1", "6C2")] == [
        "Тасование",
        "Сдача",
        "Пересдача и её поводы",
        "Карты сданы неверно",
        "Не было тасования",
    ]
    assert nodes["7A"]["text"].startswith("Коробку с картами кладут на середину стола, и она")


def test_a_reader_sees_an_unknown_edition_as_not_established(tmp_path):
    """A page whose edition its text does not tell is kept apart as edition «unknown»
    (the id of its folder and files); the site's pages name it «не установлена»."""
    pages = {
        "known.txt": "Правило 64. Процедура после выявления фальшренонса\nA.Наказание назначается\n"
        "Когда фальшренонс выявлен, взятка переходит к оппонентам.\n",
        "other.txt": "Правило 64. Порядок\nA.Взятки\nВзятка переходит к оппонентам.\n",
    }
    _build(tmp_path, pages)
    site = (tmp_path / "out" / "html").rglob("*.html")
    shown = [p.read_text(encoding="utf-8") for p in site]
    switches = [page for page in shown if 'class="edition-switch"' in page]
    assert switches, "two editions: the site has an edition switch"
    assert all(">не установлена<" in page and ">unknown<" not in page for page in switches)
    assert not any("редакция unknown" in page.lower() for page in shown)


# A reader site's page saved as HTML: menus above, a pager, and the site's notice of
# its rights at the foot, under the law's last clause.
HTML_PAGE_WITH_A_FOOTER = """<!DOCTYPE html>
<html lang="ru"><head><meta charset="utf-8"><title>Книга о бридже - страница 3</title></head>
<body><div class="top"><a href="/">Главная</a> | <a href="/a">Авторы</a></div>
<div class="text">
<p>Правило 65. Расположение взяток</p>
<p>A.Сыгранные карты</p>
<p>Каждый игрок держит свою сыгранную карту перед собой лицом вниз до конца сдачи.</p>
<p>B.Порядок карт</p>
<p>Карты лежат в том порядке, в каком были сыграны, чтобы судья мог проверить ход игры.</p>
</div>
<div class="foot">&copy; 2009-2024 Читальня. Все права защищены.<br>
Копирование материалов сайта запрещено.</div>
</body></html>
"""


def test_a_sites_notice_of_its_rights_at_the_foot_of_an_html_page_is_no_law_text(tmp_path):
    trees, _ = _build(tmp_path, {"page.html": HTML_PAGE_WITH_A_FOOTER})
    nodes = _by_id(trees["page"])
    assert list(nodes) == ["65", "65A", "65B"]
    assert nodes["65B"]["text"].endswith("чтобы судья мог проверить ход игры.")
    assert not any("защищены" in line or "Копирование" in line for line in _all_text(trees["page"]))
    removed = [r["why"] for r in trees["page"]["removed"] if "Копирование" in r["text"]]
    assert removed == ["site-chrome"]


# A card club's forum page of another game's penalties, its Russian read with the wrong
# code page: only the cleaner's decoding shows its words («прикуп»).
OTHER_GAME_MISDECODED = (
    (
        "Штрафы за ошибки при сдаче\n"
        "1. Сдающий посмотрел прикуп до конца торговли.\n"
        "1.1. Штраф десять очков.\n"
        "2. Игрок открыл прикуп раньше времени.\n"
        "2.1. Сдача переигрывается.\n"
    )
    .encode("cp1251")
    .decode("latin-1")
)


def test_another_games_page_the_cleaner_decodes_gets_no_edition_of_the_book(tmp_path):
    trees, report = _build(tmp_path, {"forum.txt": OTHER_GAME_MISDECODED})
    assert trees["forum"]["nodes"] == []
    edition = report["sources"]["forum.txt"]["edition"]
    assert edition["edition"] == "unknown" and "прикуп" in edition["evidence"][0]
    assert "K114" in _codes(report, "forum.txt") and "K308" in _codes(report, "forum.txt")


def test_a_reader_pages_rating_pager_comments_and_share_prompt_are_no_law(tmp_path):
    """A reader site's page of the book: a rating above the text, a pager of links with
    their noun, a reader's comment and an invitation to share below it. None of them is
    law text, and the rating above law 13 opens no law 12."""
    page = (
        "Страница 4 из 12\nОценка: 4,5 (12 голосов)\nПравило 13. Неправильное количество карт\n"
        "Когда в кармане не хватает карт, судья исправляет дефект.\n"
        "A.Никто не видел чужих карт\nСудья исправляет дефект, и сдача играется.\n"
        "« Предыдущая страница   1 2 3 4 5 6 7 8 9 10 11 12   Следующая страница »\n"
        "Добавить комментарий\nИван, 12.03.2019 в 14:05: Спасибо, всё понятно!\n"
        "Понравилась книга? Поделитесь с друзьями:\n"
    )
    trees, _report = _build(tmp_path, {"reader.txt": page})
    tree = trees["reader"]
    assert _ids(tree) == ["13", "13A"]
    assert _by_id(tree)["13A"]["text"] == "Судья исправляет дефект, и сдача играется."


THREAD = (
    "Комментарии (2)\nИван Петров\n12.03.2015 в 14:22\n"
    "Спасибо, полезно! Только не понял, что делать по правилу 65.\nОтветить\n"
    "Гость\n05.05.2016 в 09:10\nА где правило 66?\nОтветить\n"
    "Добавить комментарий\nВаше имя\nОтправить\n"
)


def test_readers_comments_under_a_law_page_are_no_law_text(tmp_path):
    """A site's thread of readers' comments under the law's text, each comment its
    author, its date and its words on lines of their own with a reply button: none
    of it is the last section's text, and the laws a reader names are no references.
    A comment counter above the text takes nothing with it."""
    page = (
        "Комментарии (2)\nПравило 13. Неправильное количество карт\n"
        "A.Никто не видел чужих карт\nСудья исправляет дефект, и сдача играется.\n"
        "B.Карты видели\nСудья решает, можно ли играть сдачу.\n" + THREAD
    )
    trees, _report = _build(tmp_path, {"reader.txt": page})
    nodes = _by_id(trees["reader"])
    assert list(nodes) == ["13", "13A", "13B"]
    assert nodes["13B"]["text"] == "Судья решает, можно ли играть сдачу."
    assert nodes["13B"]["refs"] == []


def test_a_thread_with_no_head_and_a_share_bar_are_no_law_text(tmp_path):
    """A page whose readers' comments stand under the text with no head over them
    (author, stamp to the minute, words, button), and whose foot has a share button
    with its networks and an invitation to keep the book: none of it is the last
    section's text, and the laws a reader names are no references."""
    page = (
        "Правило 13. Неправильное количество карт\nA.Никто не видел чужих карт\n"
        "Судья исправляет дефект, и сдача играется.\nB.Карты видели\n"
        "Судья решает, можно ли играть сдачу.\n"
        "Поделиться: ВКонтакте Facebook Одноклассники Telegram\n"
        "Понравилась книга? Добавьте её в избранное!\n\n"
        "Сергей_К\n14 марта 2016 в 10:42\nА если карты видел судья? По правилу 16 как?\n"
        "Ответить\nАдмин\n15 марта 2016 в 09:05\nСмотрите правило 13B.\nОтветить\n"
    )
    trees, _report = _build(tmp_path, {"reader.txt": page})
    nodes = _by_id(trees["reader"])
    assert list(nodes) == ["13", "13A", "13B"]
    assert nodes["13B"]["text"] == "Судья решает, можно ли играть сдачу."
    assert nodes["13B"]["refs"] == []


def test_a_table_with_markers_in_cells_of_their_own_keeps_the_titles(tmp_path):
    """A page that sets each unit as a table's row, its marker in one cell and its
    title and text in the next: the titles, short and alone on their lines once the
    page is read, are the units' titles, not the site's boilerplate."""
    page = (
        '<html><head><meta charset="utf-8"></head><body><table>'
        '<tr><td colspan="2"><b>Правило 64. Процедура после выявления ренонса</b></td></tr>'
        "<tr><td>A.</td><td><b>Наказание назначается</b><br>Когда ренонс выявлен, "
        "действует следующее.</td></tr><tr><td>1.</td><td><b>Нарушитель выиграл взятку</b>"
        "<br>Взятка переходит к другой стороне.</td></tr><tr><td>B.</td><td>"
        "<b>Наказание не назначается</b><br>Наказания нет в двенадцатой взятке, см. "
        "правило 63.</td></tr></table></body></html>"
    )
    trees, _report = _build(tmp_path, {"page.html": page})
    nodes = _by_id(trees["page"])
    assert list(nodes) == ["64", "64A", "64A1", "64B"]
    assert [nodes[k]["title"] for k in ("64A", "64A1", "64B")] == [
        "Наказание назначается",
        "Нарушитель выиграл взятку",
        "Наказание не назначается",
    ]
    assert nodes["64A"]["text"] == "Когда ренонс выявлен, действует следующее."


def test_a_document_editors_export_numbers_its_units_by_its_style_sheet(tmp_path):
    """A law saved from a document editor as HTML: each marker is a one-item list
    whose number only the style sheet shows (``li:before`` with a counter in letters
    or figures, the list's own numbers hidden), the list restarted or continued by
    ``start``; the units are the sections and clauses a reader sees."""
    head = (
        "<html><head><style>ol.k-0{list-style-type:none}ol.k-1{list-style-type:none}"
        '.k-0>li:before{content:"" counter(c-0,upper-latin) ". "}'
        '.k-1>li:before{content:"" counter(c-1,decimal) ". "}</style></head><body>'
    )

    def item(cls: str, start: int, title: str, text: str) -> str:
        return f"<ol class='{cls}' start='{start}'><li><b>{title}</b></li></ol><p>{text}</p>"

    page = (
        head
        + "<p><b>Правило 64. Процедура после выявления ренонса</b></p>"
        + item("k-0", 1, "Наказание назначается", "Когда ренонс выявлен, действует правило.")
        + item("k-1", 1, "Нарушитель выиграл взятку", "Переходят две взятки.")
        + item("k-1", 2, "Нарушитель не выиграл взятку", "Переходит одна, см. правило 63.")
        + item("k-0", 2, "Наказание не назначается", "Наказания нет в последней взятке.")
        + "</body></html>"
    )
    trees, _report = _build(tmp_path, {"export.html": page})
    nodes = _by_id(trees["export"])
    assert list(nodes) == ["64", "64A", "64A1", "64A2", "64B"]
    assert nodes["64B"]["title"] == "Наказание не назначается"
    assert [r["target"] for r in nodes["64A2"]["refs"]] == ["63"]


def test_a_reader_sites_menu_of_genres_in_groups_is_no_fragment(tmp_path):
    """A reader site's page: a label, then its genres in groups of three or four, each
    group under its head, then the law. The menu is no fragment of the codex."""
    page = (
        "Выбрать книгу по жанру\nРоманы\n- Исторический роман\n- Любовный роман\n"
        "- Роман в письмах\nИгры\n- Бридж\n- Шахматы\n- Шашки\n- Го\n"
        "Правило 13. Неправильное количество карт\nA.Никто не видел чужих карт\n"
        "Судья исправляет дефект, и сдача играется.\n"
    )
    trees, _report = _build(tmp_path, {"reader.txt": page})
    assert list(_by_id(trees["reader"])) == ["13", "13A"]
    assert "Шахматы" not in _all_text(trees["reader"])


def test_a_club_blogs_post_of_a_law_keeps_only_the_law(tmp_path):
    """A club's blog post of a law: its byline above the law, its tags, its category
    and a list of related posts naming other laws below it. The byline opens no law
    63, the tags and the category are no section's text, the related posts no laws."""
    page = (
        "Клуб «Пример»\nОпубликовано 12.03.2015 автором admin\n"
        "Правило 13. Неправильное количество карт\nA.Никто не видел чужих карт\n"
        "Судья исправляет дефект, и сдача играется.\nМетки: бридж, правила, карты\n"
        "Рубрика: Правила\nПохожие записи\nПравило 14. Отсутствующая карта\n"
        "Правило 15. Игра не той колодой\n"
    )
    trees, _report = _build(tmp_path, {"post.txt": page})
    nodes = _by_id(trees["post"])
    assert list(nodes) == ["13", "13A"]
    assert nodes["13A"]["text"] == "Судья исправляет дефект, и сдача играется."


def test_a_web_archives_copy_of_a_law_page_loses_the_archives_toolbar(tmp_path):
    """A law page saved from a web archive: the archive's toolbar above the page (its
    name and address, its count of copies, their range of dates, a bar of months, a
    day, a bar of years, a link about the copy) and a search engine's notice of a
    cached copy. None of it is a fragment of the codex."""
    page = (
        "The Wayback Machine - https://web.archive.org/web/20150312/http://example.org/13\n"
        "12 captures\n12 Mar 2015 - 03 Apr 2020\nMAR APR MAY\n12\n2014 2015 2016\n"
        "About this capture\nЭто сохранённая копия страницы. Текущая страница могла "
        "измениться.\nПравило 13. Неправильное количество карт\nA.Никто не видел чужих карт\n"
        "Судья исправляет дефект, и сдача играется.\n"
    )
    trees, _report = _build(tmp_path, {"archived.txt": page})
    nodes = _by_id(trees["archived"])
    assert list(nodes) == ["13", "13A"]
    assert "копия" not in _all_text(trees["archived"])


def test_adverts_between_a_laws_units_are_no_text_of_it(tmp_path):
    """A reader site's adverts between a law's units, each under its label (an offer,
    a price, a button, a shop's address): none of it is the text of the unit above."""
    page = (
        "Правило 13. Неправильное количество карт\nA.Никто не видел чужих карт\n"
        "Судья исправляет дефект, и сдача играется.\nРеклама\n"
        "Колоды для турниров — от 300 ₽\nКупить\nСкрыть объявление\n"
        "B.Карты видели\nСудья решает, можно ли играть сдачу.\nЯндекс.Директ\n"
        "Столы для игры на заказ. Доставка!\nstoly.example.ru\n"
        "C.Игра закончена\nСдача засчитывается.\n"
    )
    trees, _report = _build(tmp_path, {"reader.txt": page})
    nodes = _by_id(trees["reader"])
    assert list(nodes) == ["13", "13A", "13B", "13C"]
    assert nodes["13A"]["text"] == "Судья исправляет дефект, и сдача играется."
    assert nodes["13B"]["text"] == "Судья решает, можно ли играть сдачу."


def test_a_page_heading_its_laws_with_their_numbers_alone_builds_the_laws(tmp_path):
    """A page that heads each law with its number and title only, the noun left out
    (``<h3>64. Процедура …</h3>``), over its sections: each heading is the law's."""
    page = (
        "<html><body><h3>64. Процедура после выявления ренонса</h3>"
        "<p>A. Наказание назначается</p><p>Когда ренонс выявлен, действует правило.</p>"
        "<p>1. Нарушитель выиграл взятку</p><p>Переходят две взятки.</p>"
        "<p>B. Наказание не назначается</p><p>Наказания нет в последней взятке.</p>"
        "<h3>65. Порядок расположения взяток</h3><p>A. Завершённая взятка</p>"
        "<p>Каждый кладёт карту перед собой.</p></body></html>"
    )
    trees, _report = _build(tmp_path, {"laws.html": page})
    nodes = _by_id(trees["laws"])
    assert list(nodes) == ["64", "64A", "64A1", "64B", "65", "65A"]
    assert nodes["65"]["title"] == "Порядок расположения взяток"


@pytest.mark.parametrize("form", ["markdown", "html"])
def test_a_laws_table_of_scores_keeps_its_rows_and_words(tmp_path, form):
    """A law's table of scores, as a Markdown table or an HTML one: its head and its
    rows stay the section's text, one line a row, the cells apart by bars (before, the
    rows ran into one line, or every cell was a line and the words of the short ones
    went as the site's boilerplate)."""
    rows = [("Масть", "Без контры", "С контрой"), ("Трефы, бубны", "20", "40")]
    rows.append(("Черви, пики", "30", "60"))
    if form == "markdown":
        table = "| " + " | ".join(rows[0]) + " |\n|---|---|---|\n"
        table += "".join("| " + " | ".join(r) + " |\n" for r in rows[1:])
        page = (
            "Правило 77. Запись очков\nA. Очки за взятки\nОчки записываются так:\n"
            + table
            + "B. Премии\nПремия за гейм назначается по правилу 77C.\n"
        )
        name = "scores.txt"
    else:
        cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
        page = (
            "<html><body><h2>Правило 77. Запись очков</h2><p>A. Очки за взятки</p>"
            f"<p>Очки записываются так:</p><table>{cells}</table><p>B. Премии</p>"
            "<p>Премия за гейм назначается по правилу 77C.</p></body></html>"
        )
        name = "scores.html"
    trees, _report = _build(tmp_path, {name: page})
    nodes = _by_id(trees["scores"])
    assert list(nodes) == ["77", "77A", "77B"]
    assert nodes["77A"]["text"] == (
        "Очки записываются так:\nМасть | Без контры | С контрой\nТрефы, бубны | 20 | 40\n"
        "Черви, пики | 30 | 60"
    )


def test_a_discussion_heading_with_law_text_below_it_keeps_the_text(tmp_path):
    """A heading named like a thread's, with the law's own units under it, heads no
    thread: nothing under it goes, whatever dates stand there."""
    page = (
        "Правило 13. Неправильное количество карт\nA.Никто не видел чужих карт\n"
        "Судья исправляет дефект.\nОбсуждение\n12.03.2015\nB.Карты видели\n"
        "Судья решает, можно ли играть сдачу.\n"
    )
    trees, _report = _build(tmp_path, {"law.txt": page})
    assert list(_by_id(trees["law"])) == ["13", "13A", "13B"]
    assert "Судья решает, можно ли играть сдачу." in _all_text(trees["law"])


def test_a_page_saved_as_markdown_keeps_its_links_words_and_loses_its_menus(tmp_path):
    """A page a converter saved as Markdown: a menu of links over the text, links
    inside its sentences, an image and a pager of links under it. The links' words
    are the text (and their references), the menu, the image and the pager go."""
    page = (
        "[Главная](/) | [Книги](/books) | [Авторы](/authors) | [Вход](/login)\n\n"
        "## Правило 64. Процедура после выявления фальшренонса\n\n**A. Наказание назначается**"
        "\n\nКогда фальшренонс выявлен, взятки передаются по [правилу 63](/law/63.html).\n\n"
        "**B. Наказание не назначается**\n\nНаказание не назначается, если сторона не взяла "
        "взяток ([см. правило 65](http://example.org/law/65)).\n\n![обложка](/img/c.jpg)\n\n"
        "[« Предыдущая](/p/93) [Следующая »](/p/95)\n"
    )
    trees, _report = _build(tmp_path, {"page.txt": page})
    nodes = _by_id(trees["page"])
    assert list(nodes) == ["64", "64A", "64B"]
    assert nodes["64A"]["text"] == "Когда фальшренонс выявлен, взятки передаются по правилу 63."
    assert nodes["64B"]["text"] == (
        "Наказание не назначается, если сторона не взяла взяток (см. правило 65)."
    )
    assert [r["target"] for r in nodes["64B"]["refs"]] == ["65"]


def test_a_text_browsers_dump_loses_its_link_numbers_and_list(tmp_path):
    """A page saved by a text browser: a link's number before its words, a menu and a
    pager of such links, and the list of the links' addresses at the end. The menu
    opens no law, the numbers and the list are no text."""
    page = (
        "   [1]Главная [2]Книги [3]Авторы [4]Вход\n\n"
        "          Правило 64. Процедура после выявления фальшренонса\n\n"
        "   A. Наказание назначается\n\n   Когда фальшренонс выявлен, взятки передаются "
        "стороне,\n   как сказано в [5]правиле 63.\n\n   B. Наказание не назначается\n\n"
        "   Наказание не назначается, если сторона не взяла взяток (см.\n"
        "   [6]правило 65).\n\n   [7]« Предыдущая [8]Следующая »\n\nReferences\n\n"
        + "".join(f"   {n}. http://example.org/p/{n}\n" for n in range(1, 9))
    )
    trees, _report = _build(tmp_path, {"dump.txt": page})
    nodes = _by_id(trees["dump"])
    assert list(nodes) == ["64", "64A", "64B"]
    assert nodes["64A"]["text"] == (
        "Когда фальшренонс выявлен, взятки передаются стороне, как сказано в правиле 63."
    )
    assert (
        nodes["64B"]["text"]
        == "Наказание не назначается, если сторона не взяла взяток (см. правило 65)."
    )
    assert [r["target"] for r in nodes["64B"]["refs"]] == ["65"]


def test_footnotes_under_a_rule_are_one_footnote_each(tmp_path):
    """A legal database's page: two footnotes under a rule, each opened by its mark,
    the first wrapped over two lines. Each is a footnote of its own, with its own
    references, of the section that carries its mark."""
    page = (
        "Правило 64. Процедура после выявления фальшренонса\nA. Наказание назначается\n"
        "Когда фальшренонс выявлен<*>, взятки передаются стороне, которая не\n"
        "нарушала правил<**>, как сказано в правиле 63.\n"
        "--------------------------------\n<*> Фальшренонс выявлен, когда нарушитель сыграл "
        "в\nследующую взятку.\n<**> См. правило 72.\n"
    )
    trees, _report = _build(tmp_path, {"base.txt": page})
    notes = _by_id(trees["base"])["64A"]["footnotes"]
    assert [(n["mark"], n["text"]) for n in notes] == [
        ("<*>", "Фальшренонс выявлен, когда нарушитель сыграл в следующую взятку."),
        ("<**>", "См. правило 72."),
    ]
    assert [r["target"] for r in notes[1]["refs"]] == ["72"]


def test_points_under_a_subclause_of_a_later_edition_get_their_own_address(tmp_path):
    """A later edition's page, its subclauses lettered «(a)», «(b)» and the points under
    «(b)» numbered «(1)», «(2)»: each point is a node one level under its subclause."""
    page = (
        "Правило 9. Процедура после отклонения\n\nA. Обращение внимания\n"
        "1. Во время торговли\nЛюбой игрок может обратить внимание на отклонение.\n"
        "2. Во время розыгрыша\n(a) Разыгрывающий или вистующий может обратить внимание.\n"
        "(b) Болван:\n(1) не обращает внимания до конца розыгрыша;\n"
        "(2) может предотвратить отклонение партнёра.\n"
    )
    trees, _ = _build(tmp_path, {"later.txt": page})
    nodes = _by_id(trees["later"])
    assert ["9A2(A)", "9A2(B)", "9A2(B)(1)", "9A2(B)(2)"] == [i for i in nodes if "(" in i]
    assert nodes["9A2(B)(2)"]["text"] == "может предотвратить отклонение партнёра."


def test_a_table_set_one_cell_a_line_keeps_every_cell(tmp_path):
    """A web copy flattens a table of results one cell a line: seats, a minus glued to its
    number, a value the next cell repeats. No cell is a page number, a running head or a
    scan's echo; every one stays in the law's text."""
    rows = [("N", "–2"), ("S", "20"), ("N", "20"), ("S", "–1")]
    page = (
        "Правило 78. Подсчёт\n\nA. Результаты\nСекретарь записывает результаты по местам:\n"
        + "".join(f"{seat}\n{score}\n" for seat, score in rows)
        + "Итог сдачи подводит судья.\n"
    )
    trees, _ = _build(tmp_path, {"table.txt": page})
    words = " ".join(_all_text(trees["table"])).split()
    assert [w for w in words if w in {"N", "S", "–2", "20", "–1"}] == [c for r in rows for c in r]


def test_a_law_pages_links_to_the_laws_beside_it_and_its_title_are_no_laws(tmp_path):
    """A site that gives each law a page of its own: the page's title names the law and
    the book, links to the laws before and after it stand above and below the text.
    They open no law 12 or 14 and no second law 13; law 12 is read from its own page,
    never from a link that names it; a sentence that opens with «Далее» and a
    reference after «см.» stay the law's text."""
    law_13 = (
        "Правило 13 — Законы игры в карты (1987)\n"
        "« Правило 12 | Оглавление | Правило 14 »\n"
        "Правило 13. Неправильное количество карт\n"
        "A.Никто не видел чужих карт\n"
        "Судья исправляет дефект, и сдача играется.\n"
        "Далее судья применяет Правило 12 к новой сдаче.\n"
        "B.Карту видели\n"
        "Судья назначает пересдачу (см. Правило 14).\n"
        "Назад: Правило 12. Как сдают карты\n"
        "Далее: Правило 14. Лишняя карта\n"
    )
    law_12 = (
        "Правило 12 — Законы игры в карты (1987)\n"
        "Правило 12. Как сдают карты\n"
        "Сдающий раздаёт карты по одной, начиная с игрока слева.\n"
        "A.Ошибка сдачи\n"
        "Сдачу, розданную не по порядку, сдают заново.\n"
    )
    trees, _ = _build(tmp_path, {"a13.txt": law_13, "b12.txt": law_12})
    assert _ids(trees["a13"]) == ["13", "13A", "13B"]
    nodes = _by_id(trees["a13"])
    assert nodes["13"]["title"] == "Неправильное количество карт"
    assert nodes["13A"]["text"] == (
        "Судья исправляет дефект, и сдача играется.\nДалее судья применяет Правило 12 к новой сдаче."
    )
    assert [r["target"] for r in nodes["13A"]["refs"]] == ["12"]
    assert nodes["13B"]["text"] == "Судья назначает пересдачу (см. Правило 14)."
    assert not any("Назад" in line or "Оглавление" in line for line in _all_text(trees["a13"]))
    codex = json.loads((tmp_path / "out" / "codex.json").read_text(encoding="utf-8"))
    entries = {e["id"]: e for e in codex["entries"]}
    assert "14" not in entries
    assert entries["12"]["chosen"] == "b12.txt"
    assert entries["12"]["text"] == "Сдающий раздаёт карты по одной, начиная с игрока слева."


def test_a_page_set_a_block_a_line_keeps_its_text_and_loses_its_menu(tmp_path):
    """A page's source saved as text, a ``<p>`` each printed line of a wrapped law (as a
    PDF converted to HTML sets it), a menu of links above and a footer below: every
    line is short, as a menu's item is. The menu and the footer go; every heading,
    marker and line of the law stays, its broken words joined."""
    menu = "".join(f"<p><a href='/{w}'>{w}</a></p>\n" for w in ("Главная", "Турниры", "Контакты"))
    page = menu + "".join(f"<p>{line}</p>\n" for line in WRAPPED_LINES) + "<p>© 2026 Клуб игр</p>\n"
    trees, _report = _build(tmp_path, {"page.txt": page})
    nodes = _by_id(trees["page"])
    assert list(nodes) == ["90", "90A", "90A1", "90A2", "90B"]
    assert nodes["90A1"]["text"].endswith("кто перейдёт за соседний.")
    assert "турнира, и не меняет" in nodes["90A1"]["text"]
    assert nodes["90B"]["text"] == (
        "Каждый игрок держит свои карты так, чтобы соседи их не видели, и кладёт "
        "сыгранную им карту лицом вверх перед собой до конца взятки."
    )
    text = " ".join(_all_text(trees["page"]))
    assert "Главная" not in text and "Клуб игр" not in text


_FORUM_LAW = (
    "Правило 13. Неправильное количество карт\nA.Никто не видел чужих карт\n"
    "Судья исправляет дефект, и сдача играется.\nB.Карты видели\n"
    "Судья решает, можно ли играть сдачу.\n"
)


def test_a_forum_thread_quoting_a_law_keeps_only_the_law(tmp_path):
    """A forum thread, as a text copy keeps it: the topic, a post's header (its author
    and minute), the member's question, the caption over the law they quote, the law,
    the buttons under the post, a reply naming another law, and the forum's notices.
    The question opens no law 12 above the quoted one, and the reply and the notices
    are no text of the law's last section."""
    page = (
        "Как считать карты?\nСообщение Пётр_М » 14 фев 2013, 21:07\n"
        "Коллеги, у нас спор за столом. Вот что сказано в книге:\nКнига писал(а):\n"
        + _FORUM_LAW
        + "Вернуться к началу\nСообщение Судья_К » 15 фев 2013, 09:12\n"
        "Смотрите правило 14, там про отсутствующую карту.\nВернуться к началу\n"
        "Сейчас этот форум просматривают: нет зарегистрированных пользователей и гости: 2\n"
    )
    trees, _report = _build(tmp_path, {"forum.txt": page})
    nodes = _by_id(trees["forum"])
    assert list(nodes) == ["13", "13A", "13B"]
    assert nodes["13B"]["text"] == "Судья решает, можно ли играть сдачу."
    assert not nodes["13B"].get("refs")


def test_a_forum_members_words_after_the_quoted_law_are_no_text_of_it(tmp_path):
    """The member goes on under the law they quote, in the same post: a question, thanks
    and a smiley. Those lines are the forum's; the quoted law's last sentence stays."""
    page = (
        "Сообщение Пётр_М » 14 фев 2013, 21:07\nКнига писал(а):\n"
        + _FORUM_LAW
        + "У нас вчера вышло именно так, кто прав?\nСпасибо заранее :)\n"
        "Вернуться к началу\nСообщение Судья_К » 15 фев 2013, 09:12\n"
        "Смотрите правило 14.\n"
    )
    trees, _report = _build(tmp_path, {"forum.txt": page})
    nodes = _by_id(trees["forum"])
    assert list(nodes) == ["13", "13A", "13B"]
    assert nodes["13B"]["text"] == "Судья решает, можно ли играть сдачу."
    removed = "\n".join(r["text"] for r in trees["forum"]["removed"])
    assert "кто прав?" in removed and "Спасибо заранее" in removed


def test_a_forum_pages_quote_caption_does_not_swallow_the_quoted_laws_heading(tmp_path):
    """The same thread saved as HTML: the caption is a ``<cite>`` that opens the
    ``<blockquote>``, run into the quoted law's heading with no break between them.
    The heading stays a law's heading (before, the caption and the heading were one
    line, which the boilerplate extractor dropped, and no law was found)."""
    law = "".join(f"{line}<br>" for line in _FORUM_LAW.splitlines())
    page = (
        "<html><body><h2>Как считать карты?</h2>"
        "<p>Сообщение <b>Пётр_М</b> » 14 фев 2013, 21:07</p>"
        "<div>Коллеги, у нас спор за столом. Вот что сказано в книге:"
        f"<blockquote><cite>Книга писал(а):</cite>{law}</blockquote></div>"
        "<p>Вернуться к началу</p><p>Сообщение <b>Судья_К</b> » 15 фев 2013, 09:12</p>"
        "<div>Смотрите правило 14, там про отсутствующую карту.</div>"
        "<p>Вернуться к началу</p></body></html>"
    )
    trees, _report = _build(tmp_path, {"forum.html": page})
    nodes = _by_id(trees["forum"])
    assert list(nodes) == ["13", "13A", "13B"]
    assert nodes["13"]["title"] == "Неправильное количество карт"
    assert nodes["13B"]["text"] == "Судья решает, можно ли играть сдачу."


def test_the_books_own_sentences_that_read_like_a_forums_lines_stay(tmp_path):
    """A commentary's sentence citing what an author wrote, and a section that tells
    a player to go back to the start of the auction, stay text: no forum caption
    without «(а)», no forum button inside a sentence."""
    page = (
        "Правило 13. Неправильное количество карт\nA.Никто не видел чужих карт\n"
        "Как писал один судья:\nсдача играется, если никто не видел карт.\n"
        "B.Карты видели\nИгрок должен вернуться к началу торговли.\n"
    )
    trees, _report = _build(tmp_path, {"book.txt": page})
    nodes = _by_id(trees["book"])
    assert list(nodes) == ["13", "13A", "13B"]
    assert "Как писал один судья:" in nodes["13A"]["text"]
    assert nodes["13B"]["text"] == "Игрок должен вернуться к началу торговли."


@pytest.mark.parametrize(
    "header",
    [
        # a document published from an editor: its notices, a link, the document's name
        "Опубликовано в онлайн-редакторе\nСообщить о нарушении\nПодробнее…\n"
        "Выдержки для судей\nОбновляется автоматически каждые 5 минут\n",
        # a messenger channel's post passed on from another
        "Судейский уголок\nForwarded from Клуб «Пример»\n",
    ],
    ids=["published-document", "channel-post"],
)
def test_a_pages_header_over_its_first_law_opens_no_law_before_it(tmp_path, header):
    """Short lines over the page's first law heading, none ending a sentence (a
    channel's name, a document viewer's notices, the document's name): the page's
    header, not the end of the law before (before, they became a law 12 of no title)."""
    trees, _report = _build(tmp_path, {"page.txt": header + _FORUM_LAW})
    assert list(_by_id(trees["page"])) == ["13", "13A", "13B"]


def test_a_cut_pages_first_sentence_is_still_the_law_before(tmp_path):
    """A page cut in the middle of law 12 opens with the end of its sentence: that is
    law 12's text, inferred, as before; a short line ending a sentence is no header."""
    for opening in ("и судья решает сам.\n", "Сдача переигрывается.\n"):
        trees, _report = _build(tmp_path / str(len(opening)), {"cut.txt": opening + _FORUM_LAW})
        nodes = _by_id(trees["cut"])
        assert list(nodes) == ["12", "13", "13A", "13B"]
        assert nodes["12"]["inferred"] and nodes["12"]["text"] == opening.strip()


def test_a_channels_post_of_a_law_loses_its_counters(tmp_path):
    """A messenger channel's post of a law: its views, its minute and a link to the
    whole post under it are no text of the law's last section."""
    page = _FORUM_LAW + "👁 1.2K\n12:40\nПоказать полностью…\n"
    trees, _report = _build(tmp_path, {"post.txt": page})
    nodes = _by_id(trees["post"])
    assert nodes["13B"]["text"] == "Судья решает, можно ли играть сдачу."


def test_a_law_lettered_in_the_russian_order_links_its_references_by_place(tmp_path):
    """A copy retyped with sections lettered in the Russian alphabet's order (``А.``,
    ``Б.``, ``В.``, ``Г.``) names them so in its references too: «правило 13Б» is 13B
    and «по правилу 13Г» 13D (before, neither was a reference); a bid's letter in brackets,
    «(1Б)», names no section."""
    page = (
        "Правило 13. Неправильное количество карт\nА. Никто не видел чужих карт\n"
        "Судья исправляет дефект (см. правило 13Б).\nБ. Карты видели\n"
        "Судья решает, можно ли играть сдачу.\nВ. Сдача сыграна\nРезультат остаётся.\n"
        "Г. Последний случай\nСудья присуждает результат по правилу 13Г после заявки (1Б).\n"
    )
    trees, _report = _build(tmp_path, {"typed.txt": page})
    nodes = _by_id(trees["typed"])
    assert list(nodes) == ["13", "13A", "13B", "13C", "13D"]
    assert [r["target"] for r in nodes["13A"]["refs"]] == ["13B"]
    assert [r["target"] for r in nodes["13D"]["refs"]] == ["13D"]


def _two_columns(left: list[str], right: list[str], at: int = 50) -> str:
    """Lines of two columns side by side, as a text viewer keeps a page's layout."""
    rows = []
    for a, b in zip(
        left + [""] * (len(right) - len(left)), right + [""] * (len(left) - len(right)), strict=True
    ):
        rows.append((a.ljust(at) + b).rstrip() if b else a)
    return "\n".join(rows) + "\n"


def test_a_parallel_translation_in_two_columns_keeps_the_russian_laws_text(tmp_path):
    """A PDF's page of a parallel translation read with its layout kept: the Russian
    law on the left, the English original on the right, each line holding both. The
    Russian text is the law's, whole and in order, with no English in it (before, the
    halves of each line ran into one another: «… чужих карт, When no player has …»)."""
    left = [
        "Правило 13. Неправильное количество карт",
        "A. Никто не видел чужих карт",
        "Если ни один игрок не видел чужих карт,",
        "судья исправляет дефект, и сдача",
        "играется нормально.",
        "B. Карты видели",
        "Судья решает, можно ли играть сдачу.",
    ]
    right = [
        "LAW 13 - WRONG NUMBER OF CARDS",
        "A. Nobody Saw Other Cards",
        "When nobody has seen a card of",
        "another, the Director mends the fault",
        "and the deal goes on as usual.",
        "B. Cards Were Seen",
        "The Director decides whether to play.",
    ]
    trees, _report = _build(tmp_path, {"parallel.txt": _two_columns(left, right)})
    nodes = _by_id(trees["parallel"])
    assert list(nodes) == ["13", "13A", "13B"]
    assert nodes["13A"]["title"] == "Никто не видел чужих карт"
    assert nodes["13A"]["text"] == (
        "Если ни один игрок не видел чужих карт, судья исправляет дефект, и сдача "
        "играется нормально."
    )
    assert nodes["13B"]["text"] == "Судья решает, можно ли играть сдачу."


def test_a_page_in_two_columns_is_read_column_after_column(tmp_path):
    """A page of the laws set in two columns: the left column's sections come first,
    then the right column's, each whole."""
    left = [
        "A. Никто не видел чужих карт",
        "Если ни один игрок не видел чужих",
        "карт, судья исправляет дефект, и",
        "сдача играется нормально.",
        "B. Карты видели",
        "Судья решает, можно ли играть",
    ]
    right = [
        "сдачу, и назначает наказание.",
        "C. Сдача уже сыграна",
        "Если сдача сыграна, её результат",
        "остаётся в силе, и судья не",
        "вмешивается в подсчёт очков.",
    ]
    page = "Правило 13. Неправильное количество карт\n" + _two_columns(left, right)
    trees, _report = _build(tmp_path, {"columns.txt": page})
    nodes = _by_id(trees["columns"])
    assert list(nodes) == ["13", "13A", "13B", "13C"]
    assert nodes["13B"]["text"] == "Судья решает, можно ли играть сдачу, и назначает наказание."
    assert nodes["13C"]["text"] == (
        "Если сдача сыграна, её результат остаётся в силе, и судья не вмешивается в подсчёт очков."
    )


def test_aligned_tables_and_contents_are_no_two_columns(tmp_path):
    """A table of scores aligned with blanks and a contents with its page numbers at
    the right margin keep their lines: their cells are short."""
    table = _two_columns(
        ["Масть", "Пики", "Черви", "Бубны", "Трефы"], ["30", "30", "20", "20", "20"], at=30
    )
    contents = _two_columns(
        [
            "Правило 13. Неправильное количество карт",
            "Правило 14. Отсутствующая карта",
            "Правило 15. Игра не той колодой",
            "Правило 16. Несанкционированная информация",
        ],
        ["25", "27", "29", "31"],
        at=60,
    )
    scores = (
        "За каждую взятку сверх шести:\n"
        + _two_columns(
            [
                "Трефы или бубны без контры",
                "Трефы или бубны с контрой",
                "Черви или пики без контры",
                "Черви или пики с контрой",
                "Без козыря без контры",
            ],
            [
                "20 очков за взятку",
                "40 очков за взятку",
                "30 очков за взятку",
                "60 очков за взятку",
                "40 очков за первую",
            ],
            at=36,
        )
        + "Очки записываются под чертой.\n"
    )
    for text in (table, contents, scores):
        from pipeline import clean

        assert clean.columns(text, clean.Context(source=None, buffer=None)) == []  # type: ignore[arg-type]


def test_links_back_to_the_contents_between_laws_are_no_text_of_them(tmp_path):
    """A page of several laws with a link back to its contents or its top after each:
    none of them is the text of the section above (before, «К оглавлению» and
    «Вернуться к содержанию» were)."""
    page = (
        "Правило 13. Неправильное количество карт\nA.Никто не видел чужих карт\n"
        "Судья исправляет дефект, и сдача играется.\nК оглавлению\n"
        "Правило 14. Отсутствующая карта\nA.Карта найдена\n"
        "Если карта найдена, она считается частью руки.\nВернуться к содержанию\n"
        "Правило 15. Игра не той колодой\nA.Сдача сыграна\nК началу торговли никто не вернётся.\n"
    )
    trees, _report = _build(tmp_path, {"laws.txt": page})
    nodes = _by_id(trees["laws"])
    assert nodes["13A"]["text"] == "Судья исправляет дефект, и сдача играется."
    assert nodes["14A"]["text"] == "Если карта найдена, она считается частью руки."
    assert nodes["15A"]["text"] == "К началу торговли никто не вернётся."


def test_a_consent_banner_and_a_newsletter_form_under_a_law_are_no_text_of_it(tmp_path):
    """A modern page's cookie notice, its buttons, a link to the full site and a
    newsletter's form under the law: none of it is the last section's text."""
    page = (
        _FORUM_LAW + "Мы используем файлы cookie, чтобы сайт работал лучше. Продолжая "
        "пользоваться сайтом, вы соглашаетесь с этим.\nПринять\nПолная версия сайта\n"
        "Подпишитесь на нашу рассылку\nВведите ваш e-mail\nПодписаться\n"
    )
    trees, _report = _build(tmp_path, {"modern.txt": page})
    nodes = _by_id(trees["modern"])
    assert nodes["13B"]["text"] == "Судья решает, можно ли играть сдачу."


def test_a_law_heading_with_its_title_in_brackets_is_a_heading(tmp_path):
    """A copy that sets a law's title in brackets after its number (``Правило 13
    (Неправильное количество карт)``): the law and its sections are read (before, the
    page had no law heading and yielded nothing)."""
    page = "Правило 13 (Неправильное количество карт)\n" + _FORUM_LAW.split("\n", 1)[1]
    trees, _report = _build(tmp_path, {"brackets.txt": page})
    nodes = _by_id(trees["brackets"])
    assert list(nodes) == ["13", "13A", "13B"]
    assert "Неправильное количество карт" in nodes["13"]["title"]


def _through_greek(text: str) -> str:
    """``text`` as a copy that read its UTF-8 through the Greek code page gives it:
    the bytes the page has no character for (``0x80``–``0x9F``, ``0xAE``) dropped."""
    out = []
    for byte in text.encode("utf-8"):
        if 0x80 <= byte <= 0x9F or byte == 0xAE:
            continue
        out.append(bytes([byte]).decode("iso8859_7"))
    return "".join(out)


def test_a_page_read_through_the_greek_code_page_with_bytes_lost_is_read_back(tmp_path):
    """A reader site's copy whose UTF-8 went through the Greek code page and lost the
    bytes it has no character for («Правило» reaches the reader as «ΠΡΠ°Π²ΠΈΠ»ΠΎ»): its
    laws are read back, each lost letter filled from the dictionary and the book's terms
    (before, the page was Greek to Kodeks and yielded nothing)."""
    law = (
        "Правило 64. Процедура после выявления фальшренонса\nA.Наказание назначается\n"
        "Когда фальшренонс выявлен, нарушитель передал взятку стороне противника.\n"
        "B.Наказание не назначается\nНаказания нет, если фальшренонс был в последней взятке.\n"
    )
    trees, _report = _build(tmp_path, {"greek.txt": _through_greek(law)})
    nodes = _by_id(trees["greek"])
    assert list(nodes) == ["64", "64A", "64B"]
    assert nodes["64"]["title"] == "Процедура после выявления фальшренонса"
    assert nodes["64A"]["text"] == (
        "Когда фальшренонс выявлен, нарушитель передал взятку стороне противника."
    )
    assert nodes["64B"]["title"] == "Наказание не назначается"


def test_a_book_title_opening_a_quoted_sentence_stays_in_it(tmp_path):
    """A ``<cite>`` that opens a quoted paragraph with a book's title, its sentence going
    on after it, is no forum's caption: the sentence stays whole."""
    page = (
        "<html><body><h2>Правило 13. Неправильное количество карт</h2>"
        "<p>A. Никто не видел чужих карт</p><blockquote><p><cite>Кодекс</cite> 1987 года "
        "прямо говорит, что сдача играется.</p></blockquote></body></html>"
    )
    trees, _report = _build(tmp_path, {"cite.html": page})
    nodes = _by_id(trees["cite"])
    assert nodes["13A"]["text"] == "Кодекс 1987 года прямо говорит, что сдача играется."


# A law of a later edition: the points of a clause lettered in small Latin letters, each
# ending with a semicolon, a reference naming one of them.
LATER_POINTS = (
    "Правило 12. Полномочия судьи\n"
    "C. Назначение компенсирующего результата\n"
    "1. Если после нарушения судья получил право назначить результат:\n"
    "(a) он назначает тот, который был бы наиболее вероятен без нарушения;\n"
    "(b) невиновная сторона получает самый благоприятный из вероятных;\n"
    "(c) чтобы восстановить равенство, судья может взвесить результаты, см. Правило 12C1(b).\n"
    "2. Если судья не может определить результат, он назначает искусственный.\n"
)


def test_a_later_editions_points_in_small_letters_are_text_and_referenced(tmp_path):
    trees, _report = _build(tmp_path, {"later.txt": LATER_POINTS})
    nodes = _by_id(trees["later"])
    assert [i for i in nodes if i and i.startswith("12C1(")] == ["12C1(A)", "12C1(B)", "12C1(C)"]
    # a point that ends with a semicolon is a sentence of the list, no heading
    for point in ("12C1(A)", "12C1(B)"):
        assert nodes[point]["title"] is None
        assert nodes[point]["text"].endswith(";")
    assert [r["target"] for r in nodes["12C1(C)"]["refs"]] == ["12C1(B)"]


# The later editions run a clause's first point in on the line of its number.
RUN_IN_POINT = (
    "Правило 16. Несанкционированная информация\n"
    "A. Законная информация\n"
    "1. Игрок учитывает сведения из торговли, если (a) они получены из заявок или (b) из ходов.\n"
    "B. Посторонняя информация от партнёра\n"
    "1. (a) После постороннего намёка партнёра игрок не выбирает действие, которое он подсказал.\n"
    "(b) Логичной альтернативой зовётся действие, которое всерьёз рассмотрели бы многие.\n"
    "2. Заметив нарушение, противник может вызвать судью (см. Правило 16B1(a)).\n"
)


def test_a_clauses_first_point_run_in_on_its_line_is_a_subclause(tmp_path):
    trees, _report = _build(tmp_path, {"run_in.txt": RUN_IN_POINT})
    nodes = _by_id(trees["run_in"])
    assert nodes["16B1"]["text"] == "" and nodes["16B1"]["title"] is None
    assert [c["id"] for c in nodes["16B1"]["children"]] == ["16B1(A)", "16B1(B)"]
    assert nodes["16B1(A)"]["text"].startswith("После постороннего намёка")
    assert nodes["16B1(B)"]["text"].startswith("Логичной альтернативой")
    # points named inside a sentence are its words, no units
    assert nodes["16A1"]["children"] == [] and "(a) они получены" in nodes["16A1"]["text"]
    assert [r["target"] for r in nodes["16B2"]["refs"]] == ["16B1(A)"]


# A page whose line breaks were all lost, its law headings without their stops (one
# read as a comma), each after the sentence that ends the law before
COLLAPSED_STOPLESS_HEADS = (
    "Правило 13. Неправильное количество карт A. Никто не видел чужих карт Судья "
    "исправляет сдачу, и игра идёт дальше без наказания. Правило 14 Недостающая карта "
    "A. До начала торговли Найденную до торговли карту возвращают в руку, которой её "
    "недоставало. Правило 15, Лишняя карта A. Карта из другой колоды Судья убирает "
    "чужую карту, и сдачу играют.\n"
)


# … one of them right after a division's title, which has no stop either
COLLAPSED_DIVISION_OVER_A_STOPLESS_HEAD = (
    "Правило 23. Пропуск хода A. Судья решает Судья решает, можно ли продолжать торговлю. "
    "Раздел II - Показ карт во время торговли Правило 24, Показ карты во время торговли "
    "Когда игрок показал карту во время торговли, судья решает, что с ней делать. "
    "Правило 25. Изменение заявки A. Оговорка Игрок может заменить заявку, сделанную "
    "по ошибке.\n"
)


# … and one whose markers a word processor's bullet glyphs set off
COLLAPSED_GLYPHED_MARKERS = (
    "Правило 67, Дефектная взятка ·\tA.До того, как сыграна следующая взятка Когда игрок не "
    "сыграл в эту взятку, ошибку исправляют. ·\t1.Игрок не сыграл картой Нарушитель "
    "доставляет карту, которую мог сыграть. ·\t2.Игрок положил две карты Судья решает, "
    "какую карту оставить во взятке.\n"
)


def test_a_collapsed_page_s_stopless_law_headings_open_their_laws(tmp_path):
    trees, _report = _build(
        tmp_path,
        {
            "flat.txt": COLLAPSED_STOPLESS_HEADS,
            "part.txt": COLLAPSED_DIVISION_OVER_A_STOPLESS_HEAD,
            "glyphs.txt": COLLAPSED_GLYPHED_MARKERS,
        },
    )
    glyphs = _by_id(trees["glyphs"])
    assert [i for i in glyphs if i] == ["67", "67A", "67A1", "67A2"]
    assert glyphs["67"]["title"] == "Дефектная взятка"
    assert not any("·" in line for line in _all_text(trees["glyphs"]))
    nodes = _by_id(trees["flat"])
    assert [i for i in nodes if i] == ["13", "13A", "14", "14A", "15", "15A"]
    assert nodes["14"]["title"] == "Недостающая карта"
    assert nodes["15"]["title"] == "Лишняя карта"
    assert nodes["14A"]["text"].startswith("Найденную до торговли")
    part = _by_id(trees["part"])
    assert [i for i in part if i] == ["23", "23A", "part:II", "24", "25", "25A"]
    assert part["24"]["title"] == "Показ карты во время торговли"
    assert part["24"]["text"].startswith("Когда игрок показал карту")


# A document viewer's text: the number in a page's corner joined to the page's first
# line, here a law's heading.
GLUED_PAGE_NUMBER = (
    "14 Правило 13. Неправильное количество карт\n"
    "A. Никто не видел чужих карт\n"
    "Если ни одна чужая карта не была видна, судья исправляет сдачу, и игра идёт дальше.\n"
    "B. Игрок видел чужую карту\n"
    "Если игрок увидел чужую карту, судья решает, можно ли продолжать.\n"
    "15 Правило 14. Недостающая карта\n"
    "A. До начала торговли\n"
    "Найденную до торговли карту возвращают в руку, которой её недоставало.\n"
)
# … and a contents list that numbers its entries by page the same way
NUMBERED_CONTENTS = (
    "Содержание\n5 Правило 1. Колода карт\n6 Правило 2. Доски\n8 Правило 3. Расположение столов\n"
)


def test_a_page_number_glued_to_a_law_heading_goes(tmp_path):
    trees, _report = _build(
        tmp_path, {"viewer.txt": GLUED_PAGE_NUMBER, "contents.txt": NUMBERED_CONTENTS}
    )
    nodes = _by_id(trees["viewer"])
    assert [i for i in nodes if i and i.isdigit()] == ["13", "14"]
    assert nodes["13"]["title"] == "Неправильное количество карт"
    assert nodes["14"]["title"] == "Недостающая карта"
    assert not any(line.startswith(("14 ", "15 ")) for line in _all_text(trees["viewer"]))
    # a contents list keeps its numbers: none of its entries is a law
    assert not [i for i in _ids(trees["contents"]) if i]


# … and the same viewer's number glued to a section, a clause or a commentary paragraph
# that opens its page: each goes on counting its series.
GLUED_PAGE_NUMBER_UNITS = (
    "Правило 67. Дефектная взятка\n"
    "A. До того, как обе стороны сыграли в следующую взятку\n"
    "1. Игрок не сыграл картой\n"
    "Нарушитель доставляет карту, которую мог сыграть по правилам.\n"
    "96 2. Игрок положил слишком много карт\n"
    "Судья применяет правило 45E или правило 58B по обстоятельствам.\n"
    "97 B. После того, как обе стороны сыграли в следующую взятку\n"
    "Судья решает, какая из взяток дефектна.\n"
    "1. Нарушитель имеет слишком много карт\n"
    "Судья просит его сразу показать лишнюю карту и положить её к сыгранным.\n"
    "98 2. Нарушитель имеет слишком мало карт\n"
    "Судья просит доставить недостающую карту, и наказания нет.\n"
)
# … where a number before a unit's marker is no page's: a reference a wrap cut from its
# head word, a margin of line numbers and a contents list numbered by page
NUMBERS_BEFORE_MARKERS = (
    "Правило 67. Дефектная взятка\n"
    "A. До того, как обе стороны сыграли в следующую взятку\n"
    "Судья поступает так, как велит правило\n"
    "67 B. Эти слова продолжают то же предложение и не открывают раздела.\n"
)
NUMBERED_MARGIN = (
    "Правило 67. Дефектная взятка\n"
    "A. До того, как обе стороны сыграли в следующую взятку\n"
    "Судья исправляет взятку по правилам этого раздела.\n"
    "12 B. После того, как обе стороны сыграли в следующую взятку\n"
    "13 Судья решает, какая взятка дефектна, и исправляет её.\n"
)
NUMBERED_SECTION_CONTENTS = (
    "Правило 67. Дефектная взятка\n"
    "Оглавление правила\n"
    "12 A. До того, как обе стороны сыграли в следующую взятку\n"
    "13 B. После того, как обе стороны сыграли в следующую взятку\n"
)


def test_a_page_number_glued_to_a_section_a_clause_goes(tmp_path):
    trees, _report = _build(
        tmp_path,
        {
            "viewer.txt": GLUED_PAGE_NUMBER_UNITS,
            "wrapped.txt": NUMBERS_BEFORE_MARKERS,
            "margin.txt": NUMBERED_MARGIN,
            "contents.txt": NUMBERED_SECTION_CONTENTS,
        },
    )
    nodes = _by_id(trees["viewer"])
    assert [i for i in nodes if i] == ["67", "67A", "67A1", "67A2", "67B", "67B1", "67B2"]
    assert nodes["67A2"]["title"] == "Игрок положил слишком много карт"
    assert nodes["67B"]["title"] == "После того, как обе стороны сыграли в следующую взятку"
    assert nodes["67B2"]["title"] == "Нарушитель имеет слишком мало карт"
    assert not any(line.startswith(("96 ", "97 ", "98 ")) for line in _all_text(trees["viewer"]))
    # the numbers that are no pages' stay where they stood
    assert [i for i in _ids(trees["wrapped"]) if i] == ["67", "67A"]
    assert "67 B. Эти слова" in " ".join(_all_text(trees["wrapped"]))
    assert "12 B. После того" in " ".join(_all_text(trees["margin"]))
    assert "12 A. До того" in " ".join(_all_text(trees["contents"]))


# … where the section's first sentence is wrapped over several lines, each going on
# with a small letter, and ends with the colon that opens its list
GLUED_PAGE_NUMBER_WRAPPED = (
    "Правило 13. Неправильное количество карт\n"
    "A. Никто не видел чужих карт\n"
    "Судья исправляет сдачу, и игра идёт дальше.\n"
    "49 B. Игрок видел чужую карту\n"
    "Когда судья узнаёт, что в одном из карманов\n"
    "лежало не столько карт, сколько нужно, и\n"
    "что после исправления сдачи кто-то из\n"
    "игроков успел увидеть чужие карты, то при\n"
    "таком условии судья поступает так:\n"
    "1. Увиденное ничего не дало\n"
    "Если увиденное не помогло игроку ни в\n"
    "торговле, ни в розыгрыше, сдачу играют.\n"
)


# … where the pages' footers skip a number that stands at a line's start in between
# (a viewer's number joined to a page's first line, which no rule reads as a page's):
# that page is there, and no page is missing at the break
FOOTERS_OVER_A_JOINED_NUMBER = (
    "Правило 67. Дефектная взятка\n"
    "A. До того, как обе стороны сыграли в следующую взятку\n"
    "Судья исправляет взятку, пока никто не сыграл в следующую.\n"
    "1. Игрок не сыграл картой\n"
    "Нарушитель доставляет карту, которую мог сыграть по правилам.\n"
    "- 11 -\n"
    "2. Игрок положил слишком много карт\n"
    "Судья применяет правило 45E или правило 58B, когда игрок положил\n"
    "12 лишнюю карту в эту взятку. Если карт в руке\n"
    "не хватает, судья проверяет и следующие\n"
    "13 взятки этой сдачи.\n"
    "- 14 -\n"
    "B. После того, как обе стороны сыграли в следующую взятку\n"
    "Судья решает, какая из взяток дефектна, и исправляет её.\n"
)


def test_a_page_number_that_stands_between_two_footers_is_no_missing_page(tmp_path):
    trees, report = _build(tmp_path, {"viewer.txt": FOOTERS_OVER_A_JOINED_NUMBER})
    assert [i for i in _ids(trees["viewer"]) if i] == ["67", "67A", "67A1", "67A2", "67B"]
    assert "K301" not in {d["code"] for d in report["diagnostics"]}


# … but a number that only happens to be the skipped page's (a count at a line's start
# where one page is missing; a margin of line numbers over missing pages) is none
ONE_PAGE_MISSING_OVER_A_COUNT = (
    "Правило 10. Порядок назначения наказания\n"
    "A. Право судьи\n"
    "Только судья решает, назначать ли наказание; игроки сами\n"
    "наказаний не назначают и не отменяют.\n"
    "B. Исправление без судьи\n"
    "Если игроки исправили нарушение без судьи, судья может\n"
    "пересмотреть их решение, когда его позовут.\n"
    "- 10 -\n"
    "Правило 11. Утрата права на наказание\n"
    "A. Действие ненарушившей стороны\n"
    "Право на наказание теряется, если ненарушившая сторона\n"
    "сделала заявку или сыграла картой после нарушения.\n"
    "B. Наказание после утраты права\n"
    "Даже когда право утрачено, судья может назначить наказание\n"
    "за нарушение процедуры.\n"
    "- 11 -\n"
    "Правило 12. Право судьи назначать результат\n"
    "A. Когда судья назначает результат\n"
    "Судья вправе назначить результат по своей инициативе, если\n"
    "ни одно из правил не даёт способа исправить нарушение.\n"
    "- 12 -\n"
    "B. Если карта нашлась позже\n"
    "Если в руке игрока оказалось меньше, чем\n"
    "13 карт, а недостающую карту потом нашли, судья\n"
    "возвращает её в руку, и розыгрыш идёт дальше.\n"
    "- 14 -\n"
    "Правило 15. Игра чужой доски\n"
    "A. Доска сыграна не той парой\n"
    "Если пара сыграла доску, назначенную другой паре, судья\n"
    "назначает обеим парам результат за эту доску.\n"
    "- 15 -\n"
)
MARGIN_OVER_A_MISSING_PAGE = (
    "36 Правило 61. Нарушение обязанности следовать в масть\n"
    "37 A. Определение\n"
    "38 Игрок, который не сыграл в масть хода, хотя у него была\n"
    "39 карта этой масти, совершает фальшренонс; это касается и\n"
    "40 болвана, за которого играет разыгрывающий.\n"
    "41 B. Вопросы о ренонсе\n"
    "42 Разыгрывающий вправе спросить вистующего, нет ли у него\n"
    "43 карт масти хода, а вистующие вправе спросить друг друга,\n"
    "44 если это не нарушает других правил.\n"
    "45 C. Вопросы болвана\n"
    "46 Болван может спросить разыгрывающего, не осталось ли у\n"
    "47 него карт масти хода, если тот в неё не сыграл.\n"
    "48 - 61 -\n"
    "49 Правило 62. Исправление фальшренонса\n"
    "50 A. Обязанность исправить\n"
    "51 Игрок обязан исправить свой фальшренонс, если заметил его\n"
    "52 до того, как ошибка стала выявленной; для этого он\n"
    "53 снимает неправильно сыгранную карту.\n"
    "54 - 62 -\n"
    "55 B. Наказание не назначается\n"
    "56 Наказание за выявленный фальшренонс не назначают,\n"
    "57 если нарушившая сторона не выиграла ни эту взятку, ни\n"
    "58 одну из следующих; не назначают его и за второй\n"
    "59 фальшренонс в той же масти того же игрока, и за\n"
    "60 фальшренонс в последней взятке сдачи, и в тех случаях,\n"
    "61 когда на ошибку указали после того, как раунд\n"
    "62 закончился или была сделана заявка в следующей сдаче.\n"
    "63 C. Ответственность судьи\n"
    "64 Если судья считает, что ненарушившая сторона получила\n"
    "65 недостаточную компенсацию, он назначает результат.\n"
    "66 Это решение он принимает и тогда, когда наказания нет.\n"
    "67 - 64 -\n"
    "68 Правило 65. Порядок сложения взяток\n"
    "69 A. Сыгранные карты\n"
    "70 Каждый игрок складывает свои карты перед собой по\n"
    "71 порядку взяток, рубашкой вверх, не смешивая их.\n"
    "72 B. Выигранные взятки\n"
    "73 Карту выигранной взятки кладут вдоль, проигранной —\n"
    "74 поперёк, чтобы порядок был виден до конца сдачи.\n"
    "75 C. Сохранение порядка\n"
    "76 Пока не записан результат, игроки не перемешивают\n"
    "77 свои карты и не убирают их в доску.\n"
    "78 - 65 -\n"
)


def test_a_count_or_a_margin_s_number_is_no_skipped_page(tmp_path):
    trees, report = _build(
        tmp_path,
        {"count.txt": ONE_PAGE_MISSING_OVER_A_COUNT, "margin.txt": MARGIN_OVER_A_MISSING_PAGE},
    )
    assert "12B" not in _ids(trees["count"])
    assert not {"62B", "62C"} & set(_ids(trees["margin"]))
    unplaced = [d["message"] for d in report["diagnostics"] if d["code"] == "K301"]
    assert any("count.txt" in m for m in unplaced) and any("margin.txt" in m for m in unplaced)


# … a law's heading whose first sentence ends on a short line of its wrap, and a
# commentary paragraph after one the source tags, its sentence going on below
GLUED_PAGE_NUMBER_SHORT_ENDS = (
    "Правило 63. Выявление ошибки\n"
    "A. Когда ошибка выявлена\n"
    "Ошибка становится выявленной, когда сторона\n"
    "сыграла в следующую взятку.\n"
    "37 Правило 64. Порядок после выявления\n"
    "A. Наказание назначается\n"
    "Когда ошибка выявлена:\n"
    "1. Нарушитель выиграл взятку\n"
    "Тогда взятку, в которой была ошибка, и ещё одну\n"
    "из следующих передают другой\n"
    "стороне.\n"
)
GLUED_PAGE_NUMBER_TAGGED = (
    "Правило 65. ПОРЯДОК ВЗЯТОК(DC4)\n"
    "65.2. Судья напоминает игрокам, как складывать взятки.(DC4)\n"
    "64 65.3. Если игрок сложил свои карты не по порядку, судья\n"
    "не верит его словам о том, как они были сыграны, и решает\n"
    "спор против него.(DC4)\n"
)


# … and contents lists numbered by page whose entries list their sections' titles, each
# ending in a stop, or a law's summary in parts that «;» ends and a small letter opens
CONTENTS_WITH_SECTION_TITLES = (
    "Содержание\n"
    "5 Правило 1. Колода карт\n"
    "A. Состав колоды.\n"
    "B. Старшинство карт.\n"
    "6 Правило 2. Доски\n"
    "A. Номер доски.\n"
    "B. Карманы доски.\n"
    "8 Правило 3. Расположение столов\n"
    "9 Правило 4. Партнёрства\n"
)
CONTENTS_WITH_SUMMARIES = (
    "Оглавление\n"
    "37 Правило 64. Процедура после выявления фальшренонса\n"
    "Наказание назначается;\n"
    "наказание не назначается;\n"
    "судья отвечает за справедливость.\n"
    "39 Правило 65. Порядок расположения взяток\n"
    "Сыгранные карты; выигранные и проигранные взятки;\n"
    "согласие о результате.\n"
    "40 Правило 66. Осмотр взяток\n"
)


def test_a_contents_list_numbered_by_page_over_titles_and_summaries_yields_no_laws(tmp_path):
    trees, _report = _build(
        tmp_path,
        {"titles.txt": CONTENTS_WITH_SECTION_TITLES, "summaries.txt": CONTENTS_WITH_SUMMARIES},
    )
    assert not [i for i in _ids(trees["titles"]) if i]
    assert not [i for i in _ids(trees["summaries"]) if i]


# … and glued to the first section of a law whose heading closed the page before
GLUED_PAGE_NUMBER_UNDER_A_LAW = (
    "Правило 63. Выявление ошибки\n"
    "Ошибка становится выявленной, когда сторона сыграла в следующую взятку.\n"
    "Правило 64. Порядок после выявления\n"
    "55 A. Наказание назначается\n"
    "Когда ошибка выявлена, судья передаёт взятки другой стороне.\n"
    "1. Нарушитель выиграл взятку\n"
    "Тогда переходят эта взятка и ещё одна из следующих.\n"
)


def test_a_page_number_glued_to_a_law_s_first_section_goes(tmp_path):
    trees, _report = _build(tmp_path, {"viewer.txt": GLUED_PAGE_NUMBER_UNDER_A_LAW})
    nodes = _by_id(trees["viewer"])
    assert [i for i in nodes if i] == ["63", "64", "64A", "64A1"]
    assert nodes["64A"]["title"] == "Наказание назначается"


def test_a_page_number_glued_over_short_ends_and_tags_goes(tmp_path):
    trees, _report = _build(
        tmp_path,
        {"laws.txt": GLUED_PAGE_NUMBER_SHORT_ENDS, "comm.txt": GLUED_PAGE_NUMBER_TAGGED},
    )
    assert [i for i in _ids(trees["laws"]) if i] == ["63", "63A", "64", "64A", "64A1"]
    assert _by_id(trees["laws"])["64"]["title"] == "Порядок после выявления"
    assert [i for i in _ids(trees["comm"]) if i] == ["65", "65.2", "65.3"]
    for name in ("laws", "comm"):
        assert not any(line.startswith(("37 ", "64 ")) for line in _all_text(trees[name]))


def test_a_page_number_glued_to_a_section_over_a_wrapped_sentence_goes(tmp_path):
    trees, _report = _build(tmp_path, {"viewer.txt": GLUED_PAGE_NUMBER_WRAPPED})
    nodes = _by_id(trees["viewer"])
    assert [i for i in nodes if i] == ["13", "13A", "13B", "13B1"]
    assert nodes["13B"]["title"] == "Игрок видел чужую карту"
    assert not any(line.startswith("49 ") for line in _all_text(trees["viewer"]))


# Two pages of one site copy the same scan, whose OCR read the 6 of the law's number
# as «б»: the heading opens both, as a site's template line opens its pages
OCR_HEADING_COPY = (
    "Правило б6. Осмотр взяток\n"
    "A.Текущая взятка\n"
    "Пока его сторона не перевернула карту, игрок может попросить показать взятку.\n"
    "B.Прежние взятки\n"
    "После этого смотреть на закрытые взятки нельзя, кроме случаев, названных ниже.\n"
)


def test_two_copies_of_a_page_opening_with_a_heading_whose_number_ocr_misread_keep_it(
    tmp_path,
):
    trees, _report = _build(tmp_path, {"scan.txt": OCR_HEADING_COPY, "copy.txt": OCR_HEADING_COPY})
    for stem in ("scan", "copy"):
        nodes = _by_id(trees[stem])
        assert [i for i in nodes if i] == ["66", "66A", "66B"]
        assert nodes["66"]["title"] == "Осмотр взяток"


# … where the unit's sentence wraps on in small letters, as a hard-wrapped viewer's text
# sets it, and the same text quoted in a mail (its margin outside the page's number)
WRAPPED_GLUED_PAGE_NUMBERS = (
    "Правило 13. Неправильное количество карт\n"
    "A. Никто не видел чужих карт\n"
    "Судья исправляет сдачу, и\n"
    "игра идёт дальше без наказания.\n"
    "15 Правило 14. Недостающая карта\n"
    "A. До начала торговли\n"
    "Найденную до торговли карту\n"
    "возвращают в руку, которой её недоставало.\n"
    "1. Карта лежала под столом\n"
    "Судья кладёт её в руку\n"
    "игрока и записывает случай.\n"
    "16 2. Карта лежала в другой доске\n"
    "Судья проверяет обе доски и\n"
    "возвращает карту на её место.\n"
    "17 B. После начала торговли\n"
    "Найденная позднее карта\n"
    "считается принадлежавшей руке с самого начала.\n"
)


def test_a_page_number_glued_to_a_unit_whose_sentence_wraps_goes(tmp_path):
    quoted = "".join(f"> {line}\n" for line in WRAPPED_GLUED_PAGE_NUMBERS.splitlines())
    trees, _report = _build(
        tmp_path, {"viewer.txt": WRAPPED_GLUED_PAGE_NUMBERS, "mail.txt": quoted}
    )
    for stem in ("viewer", "mail"):
        nodes = _by_id(trees[stem])
        assert [i for i in nodes if i] == ["13", "13A", "14", "14A", "14A1", "14A2", "14B"]
        assert nodes["14"]["title"] == "Недостающая карта"
        assert nodes["14A2"]["title"] == "Карта лежала в другой доске"
        assert nodes["14B"]["title"] == "После начала торговли"
        assert not any(line.startswith(("15 ", "16 ", "17 ")) for line in _all_text(trees[stem]))


# … and a viewer that joins each page's number to the end of the page's last line
_FILLER = "".join(
    f"Судья следит, чтобы в {n}-й взятке лежало по одной карте каждого игрока.\n"
    for n in range(1, 7)
)
TRAILING_PAGE_NUMBERS = (
    "Правило 67. Дефектная взятка\n"
    "A. До того, как обе стороны сыграли в следующую взятку\n"
    "1. Игрок не сыграл картой\n" + _FILLER + "Нарушитель доставляет карту, которую мог "
    "сыграть. 96\n2. Игрок положил слишком много карт\n" + _FILLER + "Судья применяет "
    "правило 45E или правило 58B, которое велит 97\nубрать лишнюю карту.\n"
    "B. После того, как обе стороны сыграли в следующую взятку\n" + _FILLER + "Судья решает, "
    "какая из взяток дефектна. 98\n1. Нарушитель имеет слишком много карт\n" + _FILLER
)


def test_page_numbers_joined_to_the_ends_of_pages_go(tmp_path):
    # two numbers at lines' ends are no run of pages, nor are a reference's
    few = TRAILING_PAGE_NUMBERS.replace(" 98\n", "\n")
    cited = TRAILING_PAGE_NUMBERS.replace("сыграть. 96", "сыграть, см. правило 96")
    trees, _report = _build(
        tmp_path, {"viewer.txt": TRAILING_PAGE_NUMBERS, "few.txt": few, "cited.txt": cited}
    )
    nodes = _by_id(trees["viewer"])
    assert [i for i in nodes if i] == ["67", "67A", "67A1", "67A2", "67B", "67B1"]
    assert nodes["67A1"]["text"].endswith("которую мог сыграть.")
    assert nodes["67A2"]["text"].endswith("которое велит убрать лишнюю карту.")
    assert nodes["67B"]["text"].endswith("какая из взяток дефектна.")
    assert "которую мог сыграть. 96" in _by_id(trees["few"])["67A1"]["text"]
    assert "см. правило 96" in _by_id(trees["cited"])["67A1"]["text"]
    assert "какая из взяток дефектна. 98" in _by_id(trees["cited"])["67B"]["text"]


def test_a_page_number_alone_that_cuts_a_hyphened_word_or_ends_the_text_goes(tmp_path):
    """Two pages give no run: the number between a word's pieces a hyphen broke, and the
    one after the text's last sentence, are pages' all the same."""
    two_pages = (
        "Правило 64. Процедура после выявления фальшренонса\n"
        "A. Наказание\n" + _FILLER + "Нарушившая сторона теряет взятку, а по- 78\n"
        "следующие взятки остаются при ней.\n" + _FILLER + "Судья назначает результат. 79\n"
    )
    at_start = two_pages.replace("по- 78\nследующие", "по-\n78 следующие")
    counted = two_pages.replace("по- 78\n", "по 78\n")  # a count cut by a wrap stays
    pages = {"ends": two_pages, "starts": at_start, "counted": counted}
    trees = {n: _build(tmp_path / n, {f"{n}.txt": page})[0][n] for n, page in pages.items()}
    for name in ("ends", "starts"):
        text = _by_id(trees[name])["64A"]["text"]
        assert "а последующие взятки остаются при ней." in text
        assert text.endswith("Судья назначает результат.")
    assert "по 78 следующие" in _by_id(trees["counted"])["64A"]["text"]


# A scan of a page that lost its HTML block breaks: a clause run in after a sentence, a
# subclause glued to the word before it; on the next lines OCR misread the next
# markers («З.» for 3., «(8).» for (B).), which count on from the run-in ones.
OCR_AFTER_RUN_IN = (
    "Правило 63. Выявление фальшренонса\n"
    "A. Фальшренонс становится выявленным\n"
    "1. Игрок сделал ход\nИгрок нарушившей стороны пошёл в следующую взятку. 2.Игрок\n"
    "назвал карту\nИгрок назвал карту для следующей взятки.\n"
    "З.Игрок сделал претензию\nИгрок нарушившей стороны заявил о своих взятках.\n"
    "Правило 67. Дефектная взятка\n"
    "A. Нарушитель имеет лишние карты\n"
    "1. Судья смотрит карты\nСудья велит показать лишнюю карту, и если(A).Есть карта масти\n"
    "Нарушитель кладёт карту масти хода.\n"
    "(8).Нет карты масти\nНарушитель кладёт любую карту.\n"
)


def test_markers_ocr_misread_count_on_from_units_run_in_on_the_line_above(tmp_path):
    trees, _report = _build(tmp_path, {"scan.txt": OCR_AFTER_RUN_IN})
    nodes = _by_id(trees["scan"])
    assert [i for i in nodes if i and i.startswith("63A")] == ["63A", "63A1", "63A2", "63A3"]
    assert nodes["63A3"]["title"] == "Игрок сделал претензию"
    assert [c["id"] for c in nodes["67A1"]["children"]] == ["67A1(A)", "67A1(B)"]
    assert nodes["67A1(B)"]["title"] == "Нет карты масти"


# Guards found by a review of this stop's page-number, marker and table rules: each page
# below kept its text at bed3629, and must still.


def test_numbers_that_end_or_open_lines_a_page_apart_stay_without_a_pages_signs(tmp_path):
    """Examples numbered one a page, counts of tricks at lines' ends or starts, a list
    numbered with no stops: numbers that count up a page apart, none after a sentence's
    end, are no pages'."""
    lines = "".join(
        f"Защитник объясняет судье, как шла {n}-я взятка этой сдачи.\n" for n in range(7)
    )
    examples = "Правило 64. Процедура\n64.5. Разберём три случая.\n" + "".join(
        f"Пример {n}\n{lines}" for n in (1, 2, 3)
    )
    counts = "Правило 64. Процедура\n64.5. Разберём три случая.\n" + "".join(
        f"{lines}Судья выяснил, что к этому моменту сторона выиграла {n}\nвзяток подряд.\n"
        for n in (7, 8, 9)
    )
    opening = counts.replace(" выиграла 7\nвзяток", " выиграла\n7 взяток")
    opening = opening.replace(" выиграла 8\nвзяток", " выиграла\n8 взяток")
    opening = opening.replace(" выиграла 9\nвзяток", " выиграла\n9 взяток")
    kept = [f"выиграла {n} взяток" for n in (7, 8, 9)]
    pages = {
        "examples": (examples, ["Пример 1", "Пример 2", "Пример 3"]),
        "counts": (counts, kept),
        "opening": (opening, kept),
    }
    for name, (page, words) in pages.items():
        trees, _report = _build(tmp_path / name, {f"{name}.txt": page})
        text = " ".join(_all_text(trees[name]))
        for word in words:
            assert word in text, (name, word)


def test_a_texts_last_number_after_a_bracket_a_question_or_a_quote_stays(tmp_path):
    pages = {
        "table": "Малый шлем (в зоне) 750\n",
        "quiz": "Сколько взяток получат соперники? 2\n",
        "year": "Источник: «Законы бриджа» 1987\n",
    }
    law = (
        "Правило 77. Подсчёт очков\nA. Премии за шлемы\n1. Малый шлем\nЗа малый шлем "
        "начисляют премию.\n2. Большой шлем\nЗа большой шлем премия больше.\n"
        "B. Таблица премий\nПремии по зонам даны ниже.\n"
    )
    pages = {name: law + last for name, last in pages.items()}
    for name, page in pages.items():
        trees, _report = _build(tmp_path / name, {f"{name}.txt": page})
        text = " ".join(_all_text(trees[name]))
        assert page.strip().split("\n")[-1] in text, name


def test_a_signatures_initial_alone_over_a_surname_is_no_section(tmp_path):
    page = (
        "Правило 64. Процедура\nA. Наказание назначается\nСудья передаёт взятки.\n"
        "B. Наказание не назначается\nСудья ничего не передаёт.\nРедактор перевода\nВ.\n"
        "Зайцев\n"
    )
    trees, _report = _build(tmp_path, {"signed.txt": page})
    assert [i for i in _ids(trees["signed"])] == ["64", "64A", "64B"]
    assert "Зайцев" in " ".join(_all_text(trees["signed"]))


def test_a_table_dumps_cells_that_are_short_words_a_letter_or_a_sign_stay(tmp_path):
    page = (
        "|      Правило 54      |      Выход лицом вверх      |\n"
        "|      A.Разыгрывающий принимает выход      |      Игрок может принять выход, и "
        "карта остаётся открытой.      |      +      |\n"
    )
    trees, _report = _build(tmp_path, {"table.txt": page})
    nodes = _by_id(trees["table"])
    assert nodes["54"]["title"] == "Выход лицом вверх"


# A post on a blog platform with an English template: the blog's name and the post's
# title over the law, the byline, labels and buttons under it.
BLOG_POST = (
    "Клуб «Козырь»: заметки судьи\n"
    "Памятка для судей клуба\n"
    "Правило 13. Неправильное количество карт\n"
    "A. Никто не видел чужих карт\n"
    "Если ни одна чужая карта не была видна, судья исправляет сдачу, и игра идёт дальше.\n"
    "B. Игрок видел чужую карту\n"
    "Если игрок увидел чужую карту, судья решает, можно ли продолжать.\n"
    "Posted by Иван Петров at 14:22\n"
    "Labels: бридж, судейство\n"
    "No comments:\n"
    "Post a Comment\n"
    "Newer Post Older Post Home\n"
    "Subscribe to: Post Comments (Atom)\n"
)


def test_a_blog_platforms_english_template_is_chrome(tmp_path):
    trees, _report = _build(tmp_path, {"blog.txt": BLOG_POST})
    assert _ids(trees["blog"]) == ["13", "13A", "13B"]  # no phantom law 12 from the post's title
    assert _by_id(trees["blog"])["13B"]["text"] == (
        "Если игрок увидел чужую карту, судья решает, можно ли продолжать."
    )
    removed = "\n".join(r["text"] for r in trees["blog"]["removed"])
    for line in ("Posted by", "Labels:", "Post a Comment", "Памятка для судей клуба"):
        assert line in removed


# A copy retyped in Russian letters its sections in the Russian alphabet's order (А, Б,
# В for A, B, C); its references write the letters so too.
RUSSIAN_ORDER = (
    "Правило 13. Неправильное количество карт\n"
    "А. Никто не видел чужих карт\n"
    "Если ни одна чужая карта не была видна, судья исправляет сдачу.\n"
    "Б. Игрок видел чужую карту\n"
    "Если игрок увидел чужую карту, судья решает, можно ли играть дальше.\n"
    "В. Лишняя карта\n"
    "Лишнюю карту изымают; если её сыграли, применяют правило 13Б, а не пункт В этого правила.\n"
    "Правило 14. Недостающая карта\n"
    "А. До начала торговли\n"
    "Карту возвращают в руку, см. правило 13В.\n"
)


def test_references_of_a_copy_lettered_in_the_russian_order_read_their_letters_so(tmp_path):
    latin = RUSSIAN_ORDER.replace("\nБ. ", "\nB. ").replace("\nВ. ", "\nC. ")
    trees, _report = _build(tmp_path, {"russian.txt": RUSSIAN_ORDER, "latin.txt": latin})
    nodes = _by_id(trees["russian"])
    assert [r["target"] for r in nodes["13C"]["refs"]] == ["13B", "13C", "13"]
    assert [r["target"] for r in nodes["14A"]["refs"]] == ["13C"]
    # a page lettered as the book is reads «В» as the look-alike of B
    assert [r["target"] for r in _by_id(trees["latin"])["14A"]["refs"]] == ["13B"]


def test_a_reference_to_a_law_lettered_as_the_book_is_keeps_the_look_alike(tmp_path):
    """On a page whose law 13 is lettered in the Russian order and whose law 20 as the
    book letters it, «20В» names 20B: only a law lettered by place is read so."""
    page = RUSSIAN_ORDER + (
        "Правило 20. Повторение заявок\nA. Повторение торговли\nИгрок может попросить "
        "повторить торговлю.\nB. Объяснение заявок\nПротивник объясняет заявку, см. правило 20В "
        "и правило 13В.\n"
    )
    trees, _report = _build(tmp_path, {"mixed.txt": page})
    assert [r["target"] for r in _by_id(trees["mixed"])["20B"]["refs"]] == ["20B", "13C"]


# Guards found by a review of this stop's rules: each page below kept its text before
# them, and must still.


def test_a_quoted_laws_last_lines_that_quote_players_or_count_stay_its_text(tmp_path):
    """A quoted law's last lines may hold a player's words in quotes («Я беру две»), a
    question in quotes, an ordinal («5-я карта») or a reference: none is a member's."""
    endings = (
        "Заявлением считается любая фраза игрока о взятках, например «Я беру две».\n",
        "Разыгрывающий вправе спросить защитника: «Нет ли у вас карт этой масти?»\n",
        "Лишняя карта считается 5-я картой взятки, см. правило 45E.\n",
    )
    for n, ending in enumerate(endings):
        page = (
            "Сообщение Пётр_М » 14 фев 2013, 21:07\nКнига писал(а):\n"
            "Правило 68. Заявление\nA. Что считается заявлением\n" + ending + "Вернуться к началу\n"
        )
        trees, _report = _build(tmp_path / str(n), {"forum.txt": page})
        assert _by_id(trees["forum"])["68A"]["text"] == ending.strip()


def test_a_running_head_a_page_number_opens_is_no_second_law(tmp_path):
    """A book's running head, the page's number before the law's heading, over the rest
    of a sentence: no second law 13, no sentence cut."""
    page = (
        "Правило 13. Неправильное количество карт\nA. Никто не видел чужих карт\n"
        "Если ни одна чужая карта не была видна, судья исправляет сдачу без\n"
        "15 Правило 13. Неправильное количество карт\n"
        "каких-либо изменений в счёте.\nB. Игрок видел чужую карту\n"
        "Судья решает, можно ли играть дальше.\n"
    )
    trees, _report = _build(tmp_path, {"heads.txt": page})
    assert [i for i in _ids(trees["heads"]) if i == "13"] == ["13"]


def test_a_contents_list_with_section_titles_under_its_numbered_entries_stays_a_list(tmp_path):
    page = (
        "Содержание\n12 Правило 13. Неправильное количество карт\nA. Никто не видел чужих карт\n"
        "B. Игрок видел чужую карту\n14 Правило 14. Недостающая карта\nA. До начала торговли\n"
        "B. После начала торговли\n"
    )
    trees, _report = _build(tmp_path, {"contents.txt": page})
    assert not [i for i in _ids(trees["contents"]) if i]


def test_a_tables_rows_cut_at_a_blog_pages_top_stay_the_law_befores(tmp_path):
    page = (
        "Бонус за геймовый контракт 300 500\nБонус за частичную запись 50 50\n"
        "Правило 78. Методы подсчёта\nA. Подсчёт по матчевым очкам\n"
        "Каждому участнику начисляют два очка за сдачу, в которой его результат лучше.\n"
        "Метки: бридж, правила\nНавигация по записям\n"
    )
    trees, _report = _build(tmp_path, {"table.txt": page})
    kept = _all_text(trees["table"])
    assert "Бонус за геймовый контракт 300 500" in " ".join(kept)


def test_a_short_heading_whose_stop_a_scan_read_as_a_semicolon_stays_a_heading(tmp_path):
    page = (
        "Правило 66. Осмотр взяток\nA. Текущая взятка;\n"
        "Пока его сторона не перевернула карту, игрок может попросить показать взятку.\n"
    )
    trees, _report = _build(tmp_path, {"scan.txt": page})
    assert _by_id(trees["scan"])["66A"]["title"] == "Текущая взятка;"


def test_a_section_letter_in_cyrillic_alone_over_its_title_is_a_section(tmp_path):
    # a word processor set each marker on a line of its own, and the section letters
    # came in their Cyrillic look-alikes
    page = (
        "Правило 52 Пропуск хода\nА.\nИгрок забыл сыграть\n"
        "Если игрок пропустил свою очередь, судья просит его сыграть\nкартой сейчас.\n"
        "1.\nКарта уже открыта\nОткрытая карта остаётся на столе.\n"
        "В.\nИгрок сыграл не в свою очередь\nСудья решает, как исправить ошибку.\n"
    )
    trees, _report = _build(tmp_path, {"word.txt": page})
    nodes = _by_id(trees["word"])
    assert list(nodes) == ["52", "52A", "52A1", "52B"]
    assert nodes["52A"]["title"] == "Игрок забыл сыграть"
    assert nodes["52A"]["text"].startswith("Если игрок пропустил")
    assert nodes["52B"]["title"] == "Игрок сыграл не в свою очередь"


def test_a_quoted_pages_number_and_running_head_inside_a_sentence_go(tmp_path):
    """A mail quotes a scanned book's page break: the page's number and the book's
    running head stand inside a sentence, all in the quotation's margin. They go as
    they go on an unquoted page, and the sentence runs on past them."""
    page = (
        "> Правило 52. Пропуск хода\n"
        "> A. Игрок забыл сыграть\n"
        "> Если игрок пропустил свою очередь, судья просит его\n"
        "> - 17 -\n"
        "> СБОРНИК ДЛЯ СУДЕЙ\n"
        "> сыграть картой сейчас и объясняет порядок.\n"
        "> B. Игрок сыграл не в свою очередь\n"
        "> Судья решает, как исправить ошибку.\n"
    )
    trees, _ = _build(tmp_path, {"mail.txt": page})
    nodes = _by_id(trees["mail"])
    assert list(nodes) == ["52", "52A", "52B"]
    assert nodes["52A"]["text"] == (
        "Если игрок пропустил свою очередь, судья просит его сыграть картой сейчас "
        "и объясняет порядок."
    )


def test_a_mis_decoded_pager_in_a_margin_of_line_numbers_goes(tmp_path):
    """A pasting site numbers every line of a page whose last line, the site's links
    to the laws before and after, went through a wrong code page: decoded back, it
    is the site's pager still, and cites no law."""
    lines = [
        "Правило 52. Пропуск хода",
        "A. Игрок забыл сыграть",
        "Если игрок пропустил свою очередь, судья просит его",
        "сыграть картой сейчас и объясняет порядок.",
        "B. Игрок сыграл не в свою очередь",
        "Судья решает, как исправить ошибку, и записывает",
        "своё решение в протокол.",
        "C. Игрок сыграл дважды",
        "Вторая карта остаётся на столе открытой, пока",
        "судья не решит, как с ней поступить.",
        _misread("« Правило 51 | Оглавление | Правило 53 »", "cp1251", "koi8_r"),
    ]
    page = "".join(f"{n}\t{line}\n" for n, line in enumerate(lines, start=40))
    trees, _ = _build(tmp_path, {"paste.txt": page})
    nodes = _by_id(trees["paste"])
    assert list(nodes) == ["52", "52A", "52B", "52C"]
    assert nodes["52C"]["text"] == (
        "Вторая карта остаётся на столе открытой, пока судья не решит, как с ней поступить."
    )
    assert not nodes["52C"]["refs"]


# A bilingual edition's page whose table was read row by row: each Russian heading or
# paragraph with its English original on the next line, a bar at each row's end.
BESIDE_ORIGINAL = (
    "ПРАВИЛО 58. ОДНОВРЕМЕННЫЕ КАРТЫ |\n"
    "LAW 58 - SIMULTANEOUS CARDS |\n"
    "A. Две карты одного игрока |\n"
    "A. Two Cards by One Player |\n"
    "Если игрок кладёт на стол сразу две карты, сыгранной считается та, что видна. |\n"
    "If a player puts two cards down at once, the visible one counts as played. |\n"
    "1. Видна одна карта |\n"
    "1. One Card Visible |\n"
    "Вторая карта возвращается в руку без последствий. |\n"
    "The other card goes back to the hand without consequence. |\n"
    "2. Видны обе карты |\n"
    "2. Both Cards Visible |\n"
    "Игрок сам выбирает, какой из них сыграть; другая остаётся открытой. |\n"
    "The player picks which one to play; the other stays face up. |\n"
    "B. Карты разных игроков |\n"
    "B. Cards of Different Players |\n"
    "Судья решает, чья карта легла первой, и записывает решение. |\n"
    "The director decides whose card came first and writes it down. |\n"
)


def test_a_bilingual_pages_rows_keep_the_russian_law_whole(tmp_path):
    """The English lines between the Russian ones are kept out, but the Russian law goes
    on across them: each section and clause under its law, no English in their text."""
    trees, report = _build(tmp_path, {"rows.txt": BESIDE_ORIGINAL})
    nodes = _by_id(trees["rows"])
    assert list(nodes) == ["58", "58A", "58A1", "58A2", "58B"]
    assert nodes["58A"]["title"] == "Две карты одного игрока"
    assert nodes["58A"]["text"].startswith("Если игрок кладёт на стол сразу две карты")
    assert nodes["58A2"]["text"].startswith("Игрок сам выбирает")
    assert nodes["58B"]["text"].startswith("Судья решает, чья карта")
    assert not any(regex.search(r"[A-Za-z]{3}", line) for line in _all_text(trees["rows"]))
    assert "K301" not in _codes(report, "rows.txt")


def test_an_english_law_after_the_russian_one_still_starts_afresh(tmp_path):
    """An English original printed whole after the Russian law is no line-by-line
    translation: the Russian text after it cannot be told to be that law's."""
    page = (
        "ПРАВИЛО 58. ОДНОВРЕМЕННЫЕ КАРТЫ\n"
        "A. Две карты одного игрока\n"
        "Если игрок кладёт на стол сразу две карты, сыгранной считается та, что видна.\n"
        "LAW 58 - SIMULTANEOUS CARDS\n"
        "A. Two Cards by One Player\n"
        "If a player puts two cards down at once, the visible one counts as played.\n"
        "Судья решает, чья карта легла первой, и записывает решение.\n"
    )
    trees, _ = _build(tmp_path, {"after.txt": page})
    assert _ids(trees["after"]) == ["58", "58A", None]


def test_a_posts_words_that_introduce_a_quoted_law_are_no_end_of_the_law_before(tmp_path):
    """A forum post or an article quotes a law under a sentence that ends on a colon.
    That sentence is not the end of the law before the quoted one (a law never ends on
    a colon): it is kept out, and no law before the quoted one is made up for it."""
    page = (
        "Тема: Спор о двух картах сразу | Ответить\n"
        "Автор: Семёныч, 02.04.2011\n"
        "\n"
        "Друзья, вчера за третьим столом вышел спор, вот что сказано в правилах:\n"
        "\n"
        "ПРАВИЛО 58. ОДНОВРЕМЕННЫЕ КАРТЫ\n"
        "A. Две карты одного игрока\n"
        "Если игрок кладёт на стол сразу две карты, сыгранной считается та, что видна.\n"
        "B. Карты разных игроков\n"
        "Судья решает, чья карта легла первой, и записывает решение.\n"
    )
    trees, report = _build(tmp_path, {"post.txt": page})
    assert _ids(trees["post"]) == ["58", "58A", "58B"]
    assert not any("Семёныч" in line or "спор" in line for line in _all_text(trees["post"]))
    assert "K306" not in _codes(report, "post.txt")
    assert "K313" in _codes(report, "post.txt")


def test_a_posters_answer_under_a_quoted_law_is_none_of_its_text(tmp_path):
    """A mail or forum archive quotes a law with a margin (``> ``) and answers under it
    after an empty line: the answer is kept apart, not appended to the law's last
    section; a quoted line the answer's client wrapped anew, with no empty line, stays
    the law's."""
    page = (
        "> ПРАВИЛО 58. ОДНОВРЕМЕННЫЕ КАРТЫ\n"
        "> A. Две карты одного игрока\n"
        "> Если игрок кладёт на стол сразу две карты, сыгранной\n"
        "считается та, что видна.\n"
        "> B. Карты разных игроков\n"
        "> Судья решает, чья карта легла первой, и записывает решение.\n"
        "\n"
        "Вот и я так думаю: раз судья записал, спорить не о чем.\n"
    )
    trees, _ = _build(tmp_path, {"mail.txt": page})
    nodes = _by_id(trees["mail"])
    assert _ids(trees["mail"]) == ["58", "58A", "58B", None]
    assert nodes["58A"]["text"] == (
        "Если игрок кладёт на стол сразу две карты, сыгранной считается та, что видна."
    )
    assert nodes["58B"]["text"] == "Судья решает, чья карта легла первой, и записывает решение."
    assert trees["mail"]["nodes"][-1]["text"].startswith("Вот и я так думаю")


def test_a_posters_answer_after_a_forums_closing_quote_code_is_none_of_the_laws(tmp_path):
    """A forum's copy that kept its code closes the quoted law with ``[/quote]`` and the
    answer follows on the next line: the code goes, and the answer is kept apart."""
    page = (
        '[quote="Семёныч"]ПРАВИЛО 58. ОДНОВРЕМЕННЫЕ КАРТЫ\n'
        "A. Две карты одного игрока\n"
        "Если игрок кладёт на стол сразу две карты, сыгранной считается та, что видна.\n"
        "B. Карты разных игроков\n"
        "Судья решает, чья карта легла первой, и записывает решение.[/quote]\n"
        "Вот и я так думаю: раз судья записал, спорить не о чем.\n"
    )
    trees, _ = _build(tmp_path, {"forum.txt": page})
    nodes = _by_id(trees["forum"])
    assert _ids(trees["forum"]) == ["58", "58A", "58B", None]
    assert nodes["58B"]["text"] == "Судья решает, чья карта легла первой, и записывает решение."
    assert trees["forum"]["nodes"][-1]["text"].startswith("Вот и я так думаю")


@pytest.mark.parametrize(
    "opening",
    [
        "Добрый вечер! Вчера за нашим столом заспорили о картах, сыгранных вместе\n> ",
        "Вот что пишет Кодекс про две карты сразу\n[quote]",
    ],
    ids=["margin", "forum code"],
)
def test_a_posters_words_above_a_quoted_law_make_up_no_law_before_it(tmp_path, opening):
    """The poster's words above a quoted law (its lines in a quotation's margin, or after
    a forum's opening quote code) are no end of the law before the quoted one, though
    they end on no colon: no law 57 is made up for them, they stay apart."""
    law = (
        "ПРАВИЛО 58. ОДНОВРЕМЕННЫЕ КАРТЫ\n"
        "A. Две карты одного игрока\n"
        "Если игрок кладёт на стол сразу две карты, сыгранной считается та, что видна.\n"
        "B. Карты разных игроков\n"
        "Судья решает, чья карта легла первой, и записывает решение.\n"
    )
    if opening.endswith("> "):
        law = "".join("> " + line + "\n" for line in law.splitlines())[2:]
    trees, report = _build(tmp_path, {"post.txt": opening + law})
    assert _ids(trees["post"]) == [None, "58", "58A", "58B"]
    assert trees["post"]["nodes"][0]["kind"] == "fragment"
    assert "K306" not in _codes(report, "post.txt")


@pytest.mark.parametrize(
    "page",
    [
        "> ПРАВИЛО 58. ОДНОВРЕМЕННЫЕ КАРТЫ\n"
        "> A. Две карты одного игрока\n"
        "> Если игрок кладёт на стол сразу две карты, сыгранной считается та, что видна.\n"
        "\n"
        "С этим пунктом я согласен целиком.\n"
        "\n"
        "> Так бывает чаще всего при быстрой игре.\n"
        "> B. Карты разных игроков\n"
        "> Судья решает, чья карта легла первой, и записывает решение.\n"
        "\n"
        "А про этот пункт мы спорили весь вечер.\n",
        "[quote]ПРАВИЛО 58. ОДНОВРЕМЕННЫЕ КАРТЫ\n"
        "A. Две карты одного игрока\n"
        "Если игрок кладёт на стол сразу две карты, сыгранной считается та, что видна.[/quote]\n"
        "С этим пунктом я согласен целиком.\n"
        "[quote]Так бывает чаще всего при быстрой игре.\n"
        "B. Карты разных игроков\n"
        "Судья решает, чья карта легла первой, и записывает решение.[/quote]\n"
        "А про этот пункт мы спорили весь вечер.\n",
    ],
    ids=["margin", "forum code"],
)
def test_a_law_quoted_piece_by_piece_between_answers_stays_whole(tmp_path, page):
    """A post answers a quoted law piece by piece: each answer is kept apart, and the
    quotation that goes on under it is the same law's still (its next section, the rest
    of a section's text), not a section of no law."""
    trees, report = _build(tmp_path, {"post.txt": page})
    nodes = _by_id(trees["post"])
    assert [i for i in _ids(trees["post"]) if i] == ["58", "58A", "58B"]
    assert nodes["58A"]["text"] == (
        "Если игрок кладёт на стол сразу две карты, сыгранной считается та, что видна.\n"
        "Так бывает чаще всего при быстрой игре."
    )
    assert nodes["58B"]["text"] == "Судья решает, чья карта легла первой, и записывает решение."
    fragments = [n["text"] for n in trees["post"]["nodes"] if n["kind"] == "fragment"]
    assert fragments == [
        "С этим пунктом я согласен целиком.",
        "А про этот пункт мы спорили весь вечер.",
    ]
    assert "K402" not in _codes(report, "post.txt")


def test_a_quoted_laws_clause_whose_margin_was_dropped_stays_the_laws(tmp_path):
    """A clause of a quoted law printed without the margin after an empty line is the
    law's own (a poster answers in words, not under a clause's marker): it and the
    sections quoted after it keep their law."""
    page = (
        "> ПРАВИЛО 58. ОДНОВРЕМЕННЫЕ КАРТЫ\n"
        "> A. Две карты одного игрока\n"
        "> 1. Видна одна карта\n"
        "> Вторая карта возвращается в руку без последствий.\n"
        "\n"
        "2. Видны обе карты\n"
        "Игрок сам выбирает, какой из них сыграть; другая остаётся открытой.\n"
        "\n"
        "> B. Карты разных игроков\n"
        "> Судья решает, чья карта легла первой, и записывает решение.\n"
    )
    trees, report = _build(tmp_path, {"mail.txt": page})
    nodes = _by_id(trees["mail"])
    assert _ids(trees["mail"]) == ["58", "58A", "58A1", "58A2", "58B"]
    assert nodes["58A2"]["text"].startswith("Игрок сам выбирает")
    assert "K301" not in _codes(report, "mail.txt")


def test_a_laws_lead_in_whose_list_was_lost_at_a_cut_pages_top_stays_the_laws(tmp_path):
    """A page cut out of the book opens with a law's last sentence, a lead-in to a list
    the copy lost, ending on a colon: it names the game (the director, a concession), so
    it is the end of the law before the heading, not a poster's introduction."""
    page = (
        "В течение периода коррекции судье надлежит аннулировать уступку, сделанную защитником:\n"
        "ПРАВИЛО 72. ОБЩИЕ ПРИНЦИПЫ\n"
        "A. Соблюдение правил\n"
        "Турнир проводится по этим правилам, и каждый участник обязан их знать.\n"
        "B. Нарушение по незнанию\n"
        "Незнание правил не освобождает от исправления нарушения.\n"
    )
    trees, report = _build(tmp_path, {"cut.txt": page})
    nodes = _by_id(trees["cut"])
    assert _ids(trees["cut"]) == ["71", "72", "72A", "72B"]
    assert nodes["71"]["text"].startswith("В течение периода коррекции судье надлежит")
    assert "K313" not in _codes(report, "cut.txt")


def test_a_commentarys_lead_in_naming_the_director_at_a_cut_pages_top_is_kept(tmp_path):
    """A commentary page cut out of the book opens with a paragraph's end that leads in
    to an example the copy lost («судья …, например:»): it names the game (the director
    too, a word the codes of sports share), so it is kept as a fragment, not dropped as
    a poster's introduction."""
    page = (
        "судья исправляет результат только при явной несправедливости, например:\n"
        "64.10. Разыгрывающий, который совершил ревок на последней взятке, теряет одну взятку.\n"
        "64.11. Защитник, совершивший ревок дважды, теряет две взятки.\n"
    )
    trees, report = _build(tmp_path, {"cut.txt": page})
    assert _ids(trees["cut"]) == [None, "64.10", "64.11"]
    assert trees["cut"]["nodes"][0]["text"].startswith("судья исправляет результат")
    assert "K313" not in _codes(report, "cut.txt")


def test_the_next_laws_english_heading_after_a_russian_law_starts_afresh(tmp_path):
    """A short English block that opens with the original's heading of the next law,
    under the Russian text of a law (the page lost the next law's Russian heading), is
    no line printed beside that text: the Russian lines under it are not the law's."""
    page = (
        "ПРАВИЛО 58. ОДНОВРЕМЕННЫЕ КАРТЫ\n"
        "A. Две карты одного игрока\n"
        "Если игрок кладёт на стол сразу две карты, сыгранной считается та, что видна.\n"
        "B. Карты разных игроков\n"
        "Судья решает, чья карта легла первой, и записывает решение.\n"
        "LAW 59 - WHEN A PLAYER CANNOT FOLLOW\n"
        "A player who cannot do as required puts down any card he likes.\n"
        "Игрок, который не может выполнить требование, кладёт любую карту по своему выбору.\n"
    )
    trees, _ = _build(tmp_path, {"next.txt": page})
    nodes = _by_id(trees["next"])
    assert nodes["58B"]["text"] == "Судья решает, чья карта легла первой, и записывает решение."
    assert trees["next"]["nodes"][-1]["kind"] == "fragment"


def test_a_cut_pages_top_over_its_own_laws_stays_law_n_minus_1_under_a_later_quote(tmp_path):
    """A page prints the laws unquoted, from a cut top, and quotes a reader's question in
    a forum's code further down: the top is the end of the law before the first heading
    (no poster's words above a quoted law), placed in that law as on any cut page."""
    page = (
        "судья назначает компенсацию в одну взятку, если нарушитель выиграл её.\n"
        "ПРАВИЛО 58. ОДНОВРЕМЕННЫЕ КАРТЫ\n"
        "A. Две карты одного игрока\n"
        "Если игрок кладёт на стол сразу две карты, сыгранной считается та, что видна.\n"
        "B. Карты разных игроков\n"
        "Судья решает, чья карта легла первой, и записывает решение.\n"
        '[quote="Петрович"]А если обе карты легли одновременно?[/quote]\n'
        "Тогда судья решает по своему усмотрению.\n"
    )
    trees, report = _build(tmp_path, {"page.txt": page})
    nodes = _by_id(trees["page"])
    assert _ids(trees["page"])[:4] == ["57", "58", "58A", "58B"]
    assert nodes["57"]["text"].startswith("судья назначает компенсацию")
    assert "K306" in _codes(report, "page.txt")
