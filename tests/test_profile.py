"""The profile stage: template lines by shape and by repetition across sources,
layout traits, kind and divisions; written into report.json and the source's page."""

from __future__ import annotations

import json
import subprocess

import pytest

from kodeks_testing import ROOT, WRAPPED_LINES
from pipeline import profile as P
from pipeline.cli import build_command
from pipeline.grammar import starts_unit
from pipeline.model import Source


def src(text: str, name: str = "t.txt") -> Source:
    return Source(
        path=name, name=name, stem=name.rsplit(".", 1)[0], kind="laws", text=text, encoding="utf-8"
    )


# --- line shapes: (title, line, expected shape or None for "text, keep it") -------------

SHAPES = [
    ("pager with ellipses", "1 ... 77 78 79 80 ... 308", "pager"),
    ("pager wrapped with dashes", "17  - 18  - 19  - 20  - 21  -", "pager"),
    ("pager label", "Страницы: - 1  - 2  - 3", "pager"),
    ("previous link", "- « Предыдущая", "pager"),
    ("last link", "Последняя >>", "pager"),
    ("go to page", "Перейти на страницу:", "pager"),
    ("a link back to the page's top", "↑ Наверх", "pager"),
    ("links to the laws beside in a margin of bars and pilcrows", "| Далее: Правило 65¶", "pager"),
    ("a link back to the start, its arrow after it", "К началу ▲", "pager"),
    ("a link to the next law in a quotation's margin", "> Далее: Правило 65", "pager"),
    ("links to the laws beside, quoted", "> « Правило 66 | Оглавление | Правило 68 »", "pager"),
    ("a law's heading in a quotation's margin", "> Правило 66. Наказание за ошибку", None),
    ("a quoted sentence naming the next law", "> Далее судья применяет правило 65.", None),
    ("a sentence that opens with the word", "Наверх поднялся судья и сел за стол.", None),
    ("links around numbers", "« Предыдущая  1 2 3 … 33 34 35 … 88  Следующая »", "pager"),
    (
        "links around numbers whose window repeats the first pages",
        "« Предыдущая  1 2 3 … 2 3 4 5 6 … 88  Следующая »",
        "pager",
    ),
    (
        "links with their noun around numbers",
        "« Предыдущая страница   1 2 3 4 5 6 7   Следующая страница »",
        "pager",
    ),
    ("a rating and its votes", "Оценка: 4,5 (12 голосов)", "counter"),
    ("an invitation to share", "Понравилась книга? Поделитесь с друзьями:", "share"),
    ("a link to comment", "Добавить комментарий", "menu"),
    ("a reader's comment", "Иван, 12.03.2019 в 14:05: Спасибо, очень полезно!", "comment"),
    ("a preface's signature with a date stays", "Москва, 01.09.1987 — Исполком Федерации", None),
    ("an appeal's decision with a date stays", "Решение, 12.03.1988: взятка переходит", None),
    (
        "a wrapped line about sharing stays",
        "поделиться с партнёром сведениями о своих картах",
        None,
    ),
    (
        "a sentence that opens with sharing stays",
        "Поделиться своими картами с партнёром нельзя",
        None,
    ),
    ("a share button", "Поделиться:", "share"),
    (
        "a share button and its networks",
        "Поделиться: ВКонтакте, Facebook | Одноклассники Telegram",
        "share",
    ),
    ("an invitation to keep the book", "Понравилась книга? Добавьте её в избранное!", "share"),
    ("a post's byline", "Опубликовано 12.03.2015 автором admin", "byline"),
    (
        "a web archive's toolbar",
        "The Wayback Machine - https://web.archive.org/web/2015/http://example.org/64.html",
        "archive",
    ),
    ("a web archive's count of copies", "12 captures", "archive"),
    ("a web archive's link", "About this capture", "archive"),
    (
        "a search engine's cached copy",
        "Это сохранённая копия страницы. Текущая страница могла измениться.",
        "archive",
    ),
    ("a sentence about a copy stays", "Это копия протокола, которую судья хранит.", None),
    ("an advert's label", "Реклама", "advert"),
    ("an advert network's label", "Яндекс.Директ", "advert"),
    ("an advert's button", "Скрыть объявление", "advert"),
    ("a sentence about adverts stays", "Реклама в игровом зале запрещена.", None),
    ("a post's date with its label", "Дата публикации: 5 мая 2016 г.", "byline"),
    ("a sentence about a year stays", "Опубликовано в 1987 году издательством ФИС.", None),
    ("a post's tags", "Метки: бридж, правила, ренонс", "menu"),
    ("a sentence about marks stays", "Метки на бланке заявок не допускаются", None),
    ("a see-also line of the book stays", "Читайте также Правило 73 о сообщении", None),
    ("a dated note of the book stays", "Дата публикации: 01.09.1987, изменения в разделе B.", None),
    ("a post's category", "Рубрика: Правила", "menu"),
    ("related posts", "Похожие записи", "menu"),
    ("a link list's head", "Читайте также", "menu"),
    (
        "a sentence about sharing after a colon stays",
        "Поделиться: игрок не может сообщать партнёру о своих картах",
        None,
    ),
    (
        "a wrapped line about leaving a review stays",
        "Оставить отзыв о работе судьи капитан может",
        None,
    ),
    ("a comment with its time", "Пётр Сидоров (05.06.2020 14:30) - Где правило 12?", "comment"),
    ("a sentence with a date stays", "Кодекс вступил в силу 01.09.1987: с этого дня", None),
    ("a sentence about sharing stays", "Игрок не может поделиться информацией с партнёром.", None),
    ("alphabet bar", "А  Б  В  Г  Д  Е  Ж  З  И  Й  К  Л  М  Н  О  П  AZ", "alphabet bar"),
    ("alphabet ranges", "А-В Г-Е Ж-И К-М Н-П Р-Т У-Х Ц-Я", "alphabet bar"),
    ("half of an alphabet bar", "А-П", "alphabet range"),
    ("a few ranges of the alphabet", "А-Г Д-К Л-П", "alphabet range"),
    ("Latin alphabet as a range", "A-Z", "alphabet range"),
    ("pager in words", "Предыдущая страница Следующая страница", "pager"),
    ("pager links naming chapters", "« Предыдущая глава | Следующая глава »", "pager"),
    ("a link back to the law before", "Назад: Правило 12. Как сдают карты", "pager"),
    ("a link on to the next law", "Далее: Правило 14. Лишняя карта", "pager"),
    (
        "links to the laws beside and the contents",
        "« Правило 12 | Оглавление | Правило 14 »",
        "pager",
    ),
    ("a link to the law before after an arrow", "← Правило 12. Как сдают карты", "pager"),
    ("a link to the next law before an arrow", "Правило 14. Лишняя карта →", "pager"),
    (
        "links naming the law beside with their noun",
        "Предыдущее правило: Правило 12   Следующее правило: Правило 14",
        "pager",
    ),
    ("links to the laws beside without arrows", "Правило 12 | К оглавлению | Правило 14", "pager"),
    ("a reference after «see» stays", "см. Правило 12", None),
    ("a sentence that opens with «далее» stays", "Далее судья применяет Правило 12.", None),
    ("a law's name in quotation marks stays", "«Правило 12»", None),
    ("a law heading with a dash stays", "Правило 13 — Неправильное количество карт", None),
    ("two laws' names apart by a bar stay", "Правило 12 | Правило 14", None),
    ("a link's word before a reference stays", "Далее: см. Правило 14.", None),
    (
        "counter's caption opening with its site",
        "primer.ru: показано число посещений за сутки и за неделю у этой страницы",
        "link",
    ),
    ("file name", "123456.fb2", "file name"),
    ("file size", "1,2 Мб", "counter"),
    ("view counter", "Просмотров: 1234", "counter"),
    ("phone", "+7 900 000 00 00", "counter"),
    ("shop link", "https://shop.example.invalid/tables/", "link"),
    ("site name with a domain", "Читальня Пример.Ru", "link"),
    ("reading page header", "Книга о бридже | страница 47", "header"),
    ("reading page in brackets", "Спорт / Книга о бридже - Чтение (стр. 12)", "header"),
    ("reading page after a full stop", "Книга о бридже - Автор неизвестен. Страница 11", "header"),
    ("breadcrumb", "Главная » Спорт » Карточные игры » Книга", "breadcrumb"),
    ("reader's title line", "Читаем Книгу о бридже полностью", "menu"),
    ("menu items apart by runs of spaces", "НОВОСТИ    КНИГИ    СТАТЬИ    О НАС", "menu"),
    (
        "a menu on one line, items apart by bars",
        "Домой | Полка книг | Новинки | Отзывы гостей",
        "menu",
    ),
    ("a table's header row of three cells is no menu", "Контракт | Взятки | Очки", None),
    ("a sentence with bars is no menu", "Судья решает | игрок ждёт | так | бывает всегда.", None),
    ("author label", "Автор: Неизвестен", "menu"),
    ("genre label", "Жанр: Спорт", "menu"),
    # a reader site names a book of no known author so, on a line of its own
    ("unknown author", "Неизвестен автор", "menu"),
    # a stress mark a copy set in a word of the link is no character its reader sees
    (
        "links to the neighbours, a stress mark in one",
        "« Правило 63 | Оглавле\u0301ние | Правило 65 »",
        "pager",
    ),
    # a blog platform's English template under a post
    ("a post's labels", "Labels: бридж, судейство", "menu"),
    ("a post's category", "Posted in Правила", "menu"),
    ("a post's byline", "Posted by Иван Петров at 14:22", "byline"),
    ("a blog's buttons", "Newer Post Older Post Home", "button"),
    ("a post's comment count", "2 comments", "button"),
    ("a journal's entry links", "Previous Entry | Next Entry", "button"),
    ("an English sentence about posts is no label", "Labels tell the players apart.", None),
    ("book label", "Книга: Сборник о картах", "menu"),
    ("a line that opens with the word «книга» and no colon is no label", "Книга записей", None),
    ("font label", "Шрифт:", "menu"),
    ("a label after the run of ? a site left for its indentation", "????? Шрифт:", "menu"),
    ("font buttons", "A A A", "setting"),
    ("plus button", "+", "setting"),
    ("language toggle", "En Ru", "setting"),
    ("a reader's choice of font", "Fira Sans", "setting"),
    ("a reader's choice of a font of three words", "Times New Roman", "setting"),
    ("a colour's sample", "Текст", "setting"),
    ("a reader's settings", "Настройки", "menu"),
    ("a site's rights at its foot", "© 2008-2024 Читальня. Все права защищены.", "site notice"),
    ("a site's rule on copying", "Копирование материалов сайта запрещено.", "site notice"),
    ("a site's rights in capitals", "ВСЕ ПРАВА ЗАЩИЩЕНЫ", "site notice"),
    ("a site's rule on quoting", "При использовании материалов ссылка обязательна.", "site notice"),
    (
        "reader header with a long book title",
        "Читать книгу Большая книга о карточной игре для самых начинающих игроков и их друзей"
        " - Иван Петров - Страница 43",
        "header",
    ),
    ("current page of the book", "Текущая страница: 3 (всего у книги 12 страниц)", "header"),
    (
        "reader header after a quoted title",
        '"Иван Петров. Сад." - читать интересную книгу автора',
        "header",
    ),
    (
        "reader header ending in the site's verb",
        "Книга о картах - читать онлайн бесплатно",
        "header",
    ),
    ("catalogue counters", "120 300 книг, 15 400 авторов.", "counter"),
    ("report link", "сообщить о нарушении", "menu"),
    ("date stamp with a time", "05.03.2019 10:20", "date stamp"),
    ("date stamp printed twice, glued", "12 мая 202412 мая 2024", "date stamp"),
    ("reading time", "3 мин", "counter"),
    # text that must stay
    ("a range of Roman numerals", "I-V", None),
    ("letters that fall are no range", "Я-А", None),
    ("a clause range", "64А-Б", None),
    ("the next deal", "Следующая сдача", None),
    ("a link beside numbers that do not count", "Следующая 5 3 7", None),
    ("a link beside numbers whose last is not the highest", "« Назад 1 2 3 … 7 8 … 5 »", None),
    ("a short heading in Latin letters", "Laws 1987", None),
    ("a word of the text that opens with «Текст»", "Текст правила", None),
    ("the book's own rights line", "© Перевод на русский язык, 1990", None),
    ("a sentence on the players' rights", "Судья защищает права ненарушившей стороны.", None),
    (
        "a law's sentence on written materials",
        "Использование письменных материалов во время торговли и розыгрыша запрещено.",
        None,
    ),
    (
        "a sentence opening with a site",
        "Primer.ru: здесь правила 1987 года изложены полностью, с комментарием и указателем для судей.",
        None,
    ),
    ("law heading", "Правило 64. Процедура после выявления фальшренонса", None),
    ("section", "A.Наказание назначается", None),
    ("clause numbers are not a pager", "1 3 5 7 9 11", None),
    ("spaced-out title", "П Р А В И Л О  Ш Е С Т Ь Д Е С Я Т", None),
    ("widely spaced title", "П   Р   А   В   И   Л   А", None),
    ("justified DOS text", "судья  решает  спор,  если  игроки    не  согласны", None),
    (
        "DOS heading centred with runs of spaces",
        "   Правило 64.   ПРОЦЕДУРА   ПОСЛЕ   ВЫЯВЛЕНИЯ",
        None,
    ),
    ("three title words apart by runs of spaces", "ПРАВИЛА    СПОРТИВНОГО    БРИДЖА", None),
    ("DOS centred title spread out", "      ПРЕДМЕТНЫЙ    УКАЗАТЕЛЬ    К    ПРАВИЛАМ", None),
    ("sentence with a slash", "Судья решает, играть ли дальше / или остановить игру.", None),
    (
        "a row of a table dump with short cells is no menu",
        "|      именами игроков.      |      В.Роль судьи      |",
        None,
    ),
    ("page number alone", "- 87", None),
    (
        "a table row of short cells",
        "|      следующих случаях:      |      1.Нарушившая сторона      |      взятки      |",
        None,
    ),
    ("year in text", "Кодекс 1987 года действует.", None),
    ("bilingual heading shaped like a trail", "Правило 21 / Law 21 / Неверная информация", None),
    ("bilingual heading, English half first", "Law 21 Правило 21", None),
    ("a reference range", "см. правила 61 - 62 - 63", None),
    ("counted nouns in a sentence", "13 карт, 4 масти.", None),
    ("a date inside a sentence", "Кодекс введён 1 января 2008 г.", None),
    (
        "a long sentence that names a page",
        "Страница 43 книги правил содержит оговорку о том, что судья вправе решать иначе в этом случае",
        None,
    ),
    ("the verb read inside a sentence", "Судья читает книгу правил онлайн и решает.", None),
    (
        "a legal database's notice that its document lapsed",
        "Документ утратил силу или отменен. Подробнее см. Справку",
        "document notice",
    ),
    (
        "a legal database's offer of the document's current version",
        "Откройте актуальную версию документа прямо сейчас",
        "document notice",
    ),
    (
        "a legal database's offer to open the document in its program",
        "Если вы пользуетесь программой базы, вы можете открыть этот документ прямо в ней или "
        "запросить его по телефону.",
        "document notice",
    ),
    (
        "a sentence about a document of the tournament",
        "Судья составляет документ о результатах сессии.",
        None,
    ),
    ("a forum post's header", "Сообщение Пётр_М » 14 фев 2013, 21:07", "comment"),
    ("a forum post's header, no word before the author", "petr_m » 14.02.2013 21:07", "comment"),
    ("a forum's quote caption", "Пётр_М писал(а):", "forum"),
    ("a forum's quote caption with its stamp", "Цитата(petr @ 14 окт 2007, 02:48)", "forum"),
    ("a forum's quote caption and author", "Цитата: Сообщение от Пётр_М", "forum"),
    ("a forum's button", "Вернуться к началу", "forum"),
    (
        "a forum's notice",
        "Вы не можете начинать темы. Вы не можете отвечать на сообщения.",
        "forum",
    ),
    ("a forum's edit note", "Последний раз редактировалось Пётр_М 14 фев 2013, 21:20", "forum"),
    ("a sentence citing what a judge wrote", "Как писал один судья:", None),
    ("a sentence telling a player to go back", "Игрок должен вернуться к началу торговли.", None),
    ("a social post's views", "👁 1.2K", "counter"),
    ("a social post's reactions", "👍 12 ❤ 3", "counter"),
    ("a social post's views in words", "1,2 тыс. просмотров", "counter"),
    ("a social post's minute, alone on its line", "12:40", "minute"),
    ("a line of the book opening with «Цитата»", "Цитата (Правило 14):", None),
    ("a quotation's caption with a rule's name", "Цитата: Правило 40", None),
    ("a number sign and a number", "№ 64", None),
    ("a hand's suit", "♠ 1098", None),
    ("a line that opens a wrapped sentence with a button's word", "принять.", None),
    ("a channel's note over a post it passes on", "Forwarded from Клуб «Пример»", "header"),
    ("a social post's link to its whole text", "Показать полностью…", "button"),
    ("a score in a sentence", "Счёт 12:40 в пользу защиты.", None),
    ("a blog's stamp in the ISO form", "2015-03-12 14:30:00", "date stamp"),
    ("a link back to the contents", "К оглавлению", "button"),
    (
        "a consent banner's notice of cookies",
        "Мы используем файлы cookie, чтобы сайт работал лучше. Продолжая, вы согласны.",
        "site notice",
    ),
    ("a consent banner's button", "Принять", "button"),
    ("a link to the full site", "Полная версия сайта", "button"),
    ("a newsletter's field", "Введите ваш e-mail", "button"),
    ("a newsletter's invitation", "Подпишитесь на нашу рассылку", "button"),
    ("a sentence opening as a button", "Понятно, что судья решает сам", None),
    ("a link back to the contents, its verb first", "Вернуться к содержанию", "button"),
    ("a link back to the top of the page, in words", "↑ В начало страницы", "button"),
    ("a line of the book that opens like a link back", "К началу торговли игрок должен", None),
    ("an ISO stamp with its T", "2015-03-12T14:30", "date stamp"),
]


@pytest.mark.parametrize("title, line, shape", SHAPES, ids=[r[0] for r in SHAPES])
def test_line_shape(title, line, shape):
    assert P.line_shape(line) == shape


@pytest.mark.parametrize("title, line, shape", SHAPES, ids=[r[0] for r in SHAPES])
def test_every_shape_of_the_table_passes_the_gate_of_joined_pieces(title, line, shape):
    """A collapsed page's pieces are tried for a shape only where ``_may_have_shape``
    allows one: each row's line, its words joined by single spaces as a collapsed
    page joins them, passes the gate wherever ``line_shape`` finds a shape in it (a
    new shape that the gate does not know fails here)."""
    from kodeks_testing import gate_allows

    words = line.split()
    if not words or P.line_shape(" ".join(words)) is None:
        return
    assert gate_allows(words)


def test_a_menu_of_bars_alone_is_chrome_but_a_tables_rows_are_not():
    assert P.chrome_lines("Домой | Полка книг | Новинки | Отзывы\nПравило 64. Процедура\n") == {
        0: "menu"
    }
    table = "Текст.\nМасть | Пики | Черви | Бубны\nОчки | 30 | 30 | 20\nВ зоне | Да | Нет | Да\n"
    assert P.chrome_lines(table) == {}
    assert (
        P.chrome_lines("Заявка | Зона | Итог | Примечание\n\nПас | Нет | Ноль | Без слов\n") == {}
    )


def test_a_book_section_named_like_a_comments_head_is_no_thread():
    """A head with no count over the book's own words, a date or one button word
    under it (a footer's date, an editor's link), is no readers' thread: nothing goes
    but what its own shape says."""
    law = "Правило 92. Апелляция\nB. Срок подачи\nАпелляция подаётся в срок.\n"
    page = law + "Комментарии\nПравила вступают в силу, см. правило 12.\n1 мая 1987\n"
    assert "comments" not in " ".join(P.chrome_lines(page).values())
    page = law + "Обсуждение\nСудьи обсуждают правило 12.\nРедактировать\n"
    assert "comments" not in " ".join(P.chrome_lines(page).values())
    counted = law + "Комментарии (1)\nСудьи обсуждают правило 12.\n1 мая 2015\n"
    assert set(P.chrome_lines(counted)) == {3, 4, 5}


def test_a_thread_with_no_head_goes_from_its_first_author():
    """Readers' comments under a page with no head over them, each its author, its
    stamp to the minute, its words and a button: the thread, from the first author,
    is chrome; the last section's text above it stays. One stamp with nothing else,
    or stamps with no minute, are no thread."""
    law = "Правило 92. Апелляция\nB. Срок подачи\nАпелляция подаётся в срок.\n"
    thread = "Ольга_М\n3 апреля 2017 в 18:40\nА если срок прошёл? См. правило 93.\nОтветить\n"
    assert set(P.chrome_lines(law + thread)) == {3, 4, 5, 6}
    assert "comments" in P.chrome_lines(law + thread)[5]
    headers = "Пётр (05.06.2020 14:30) - Где правило 12?\nИван, 06.06.2020 в 10:05: Там же.\n"
    assert set(P.chrome_lines(law + "Спасибо за текст.\n" + headers)) == {4, 5}
    one_stamp = law + "Опубликовано:\n12.03.2015 14:22\nПравило 93 читайте ниже.\n"
    assert "comments" not in " ".join(P.chrome_lines(one_stamp).values())
    no_minute = law + "Москва\n1 мая 1987\nИсполком\n2 мая 1987\n"
    assert "comments" not in " ".join(P.chrome_lines(no_minute).values())


def test_related_posts_under_their_head_are_chrome_a_law_with_text_is_not():
    """Law headings listed under a head of related posts, none with text under it, up
    to the page's end or its template, are links; a law with its text under the same
    head is the page's own."""
    law = "Правило 92. Апелляция\nАпелляция подаётся в срок.\n"
    links = law + "Похожие записи\nПравило 93. Порядок\n\nПравило 94. Сборы\n© 2015 Клуб\n"
    assert set(P.chrome_lines(links)) == {2, 3, 5, 6}
    text = law + "Читайте также\nПравило 93. Порядок\nАпелляцию рассматривает комитет.\n"
    assert set(P.chrome_lines(text)) == {2}


def test_an_advert_between_two_units_goes_with_its_label():
    """An advert's label between two units, after a sentence's end, takes the few
    short lines under it down to the next unit; a label inside a sentence, or over
    more lines than an advert has, takes only itself."""
    top = "Правило 64. Процедура\nA. Наказание\nКогда ренонс выявлен, действует правило.\n"
    advert = "Реклама\nКарты для бриджа — от 450 ₽\nКупить\nСкрыть объявление\n"
    below = "1. Нарушитель выиграл\nВзятка переходит.\n"
    assert set(P.chrome_lines(top + advert + below)) == {3, 4, 5, 6}
    cut = top.replace("правило.", "правило,") + "Реклама\nКарты для бриджа\nКупить\n" + below
    assert set(P.chrome_lines(cut)) == {3}
    long = top + "Реклама\n" + "Судья решает так.\n" * 6 + below
    assert set(P.chrome_lines(long)) == {3}


@pytest.mark.parametrize(
    "law",
    [
        # each marker alone on its line, the heading's stop read as a comma
        "Правило 92, Апелляция\nB.\nСрок подачи\nАпелляция подаётся в срок.\n",
        # every line in a quotation's margin
        "> Правило 92. Апелляция\n> B. Срок подачи\n> Апелляция подаётся в срок.\n",
    ],
    ids=["markers alone on their lines", "a quotation's margin"],
)
def test_a_readers_thread_goes_under_units_split_or_quoted(law):
    """The readers' thread goes under a page whose units open as copies set them: a
    marker alone on its line with its title on the next, a heading whose stop was lost,
    a quotation's ``> `` margin on every line of the text. Before, no line of such a
    page opened a unit, and the thread's words stayed the last unit's text."""
    page = law + "Комментарии (1)\nАнна\n02.04.2015 в 10:12\nА правило 12?\nОтветить\n"
    chrome = P.chrome_lines(page)
    top = law.count("\n")
    assert set(range(top, top + 5)) <= set(chrome)
    assert not set(range(top)) & set(chrome)


def test_the_books_own_lines_that_look_like_site_chrome_stay():
    """A grouped list of the book after its sentence, a section titled «Реклама» under
    its marker alone, the law's sentences under such a label with no advert's sign, a
    schedule of rounds dated to the minute: none of it is chrome. A readers' thread
    with a head goes, though a reader set a marker alone on a line of it."""
    law = "Правило 1. Колода\nB. Масти\nМасти идут сверху вниз.\n"
    groups = "Старшие масти\n- Пики\n- Червы\nМладшие масти\n- Бубны\n- Трефы\n- Козыри\n"
    assert P.chrome_lines(law + groups) == {}
    titled = "Правило 40. Соглашения\nA. Право\nИгрок решает.\nB.\nРеклама\nИгрок не рекламирует.\n"
    assert P.chrome_lines(titled + "C. Иное\nТекст.\n") == {}
    plain = "Правило 50. Карта\nA. Штраф\nКарта штрафная.\nРеклама\nИгрок молчит.\nНе хвалит.\n"
    assert set(P.chrome_lines(plain + "B. Отказ\nТекст.\n")) == {3}
    rounds = "Правило 90. Туры\nB. Расписание\nРасписание туров.\nТур 1\n12.05.1987 10:00\n"
    rounds += "Тур 2\n12.05.1987 14:30\nОпоздавшие штрафуются.\n"
    assert "comments" not in " ".join(P.chrome_lines(rounds).values())
    thread = "Правило 64. Ренонс\nB. Нет\nТекст.\nКомментарии (2)\nИван\n12.03.2015 в 14:22\n"
    thread += "1.\nКогда ренонс выявлен, смотрите правило 62.\nОтветить\n"
    assert set(P.chrome_lines(thread)) == set(range(3, 9))


def test_two_menus_of_bars_stacked_are_chrome():
    """A site's sections over a category's, each a line of bars with its own count of
    items, are two menus, not a table's rows."""
    page = (
        "Главная | Книги | Авторы | Жанры | Вход\nСпорт | Настольные игры | Бридж | Преферанс\n"
        "Правило 64. Процедура\n"
    )
    assert P.chrome_lines(page) == {0: "menu", 1: "menu"}
    # a table of words whose rows have other counts, a row with an empty last cell: rows
    table = (
        "Текст.\nМасть | Пики | Черви | Бубны | Трефы\nЗа взятку | высшая | высшая | низшая\n"
        "За гейм | сто | сто | сто | сто\n"
    )
    assert P.chrome_lines(table) == {}
    table = (
        "Текст.\nНарушение | Кто назначает | Штраф | Примечание\nРенонс | Судья | Две взятки |\n"
    )
    assert P.chrome_lines(table) == {}


def test_a_page_title_over_its_laws_heading_is_chrome_but_a_heading_is_not():
    """A web page's title names its law and the book above the law's own heading; a bare
    heading over its title, a heading printed twice alike or again in capitals (a
    doubling, which the cleaner reads) and the headings of two laws in a row stay."""
    title = "Правило 12 — Законы игры в карты (1987)\nПравило 12. Как сдают карты\nТекст.\n"
    assert P.chrome_lines(title) == {0: "header: the page's title over its law's heading"}
    # under a site's name the template does not know, the title is the page's still
    assert P.chrome_lines("Карты онлайн\n" + title)[1] == (
        "header: the page's title over its law's heading"
    )
    # a pager between the title and the heading is read past
    top, rest = title.split("\n", 1)
    paged = f"{top}\n« Правило 11 | Оглавление | Правило 13 »\n{rest}"
    assert P.chrome_lines(paged) == {
        0: "header: the page's title over its law's heading",
        1: "pager",
    }
    for page in (
        "Правило 12\nКак сдают карты\nТекст.\n",
        "Правило 12. Как сдают карты\nПравило 12. Как сдают карты\nТекст.\n",
        "Правило 12 - Как сдают карты\n\nПРАВИЛО 12 - КАК СДАЮТ КАРТЫ.\nТекст.\n",
        "Правило 12. Как сдают карты\nПРАВИЛО 12\nКак сдают карты\nТекст.\n",
        "Правило 12. Как сдают карты\nПравило 13. Лишняя карта\nТекст.\n",
        # two editions' titles of one law compared under a page's text
        "Заголовки в двух редакциях:\nПравило 12. Как сдают карты\nПравило 12. Сдача карт\n",
        "Так было.\nПравило 12. Как сдают карты\nПравило 12. Сдача карт\n",
    ):
        assert P.chrome_lines(page) == {}, page


def test_pager_one_link_per_line_is_chrome_but_page_numbers_are_not():
    pager = "\n".join(f"- {n}" for n in range(1, 120)) + "\nПравило 1. Колода\n"
    chrome = P.chrome_lines(pager)
    assert set(chrome) == set(range(119))
    pages = "Текст.\n- 41\nЕщё текст.\n- 42\nКонец текста.\n"
    assert P.chrome_lines(pages) == {}


def test_a_page_of_nothing_but_template_is_chrome():
    menu = (
        "Выбрать книгу по жанру\n"
        + "\n".join(f"- Раздел номер{c}" for c in "абвгдеж")
        + "\n- Раздел и"
    )
    assert P.profile(src(menu)).kind == "chrome"
    assert P.profile(src("Правило 64. Процедура\nA.Наказание\n")).kind != "chrome"


def test_running_head_beside_page_numbers():
    def page(n):
        return f"Текст страницы {n} продолжается здесь\nи дальше идёт без остановки до {n}\n"

    text = "".join(f"{page(n)}- {n} -\nКНИГА О КАРТАХ\n" for n in range(40, 44)) + page(44)
    chrome = P.chrome_lines(text)
    heads = [i for i, why in chrome.items() if why.startswith("running head")]
    assert len(heads) == 4 and all(text.split("\n")[i] == "КНИГА О КАРТАХ" for i in heads)
    # the same words three times inside the text, far from page numbers, stay
    prose = "".join(f"{page(n)}КНИГА О КАРТАХ\n{page(n + 1)}{page(n + 2)}" for n in (1, 5, 9))
    assert P.chrome_lines(prose) == {}


def test_menu_run_of_bulleted_links():
    menu = "\n".join(f"- Раздел номер{c}" for c in "абвгде") + "\n- пас, если партнёр молчит;\n"
    chrome = P.chrome_lines(menu)
    assert set(chrome) == set(range(6))
    # a list of the text is no menu: one a colon introduces, one of parts of a sentence
    items = "\n".join(f"- {w} турнира" for w in ("место", "время", "порядок", "судья", "итоги"))
    assert P.chrome_lines(f"Организатор отвечает за:\n\n{items}\n") == {}
    assert P.chrome_lines(f"Организатор выбирает\n{items}\n") == {}


def test_a_menu_in_groups_under_their_heads_is_chrome():
    """A site's menu of genres in groups of three or four items, each group under a
    head with no bullet: the heads and the items are chrome, the law below is not.
    Groups of the text (items in small letters, a head that ends with a colon) stay."""
    menu = (
        "Романы\n- Исторический роман\n- Любовный роман\n- Роман в письмах\n"
        "Спорт\n- Бридж\n- Шахматы\n- Шашки\nПравило 64. Процедура\n"
        "Когда ренонс выявлен, наказание назначается.\n"
    )
    assert set(P.chrome_lines(menu)) == set(range(8))
    text = (
        "Сторона\n- пасует в свою очередь\n- называет масть\n- удваивает\n"
        "Партнёр\n- молчит\n- не смотрит в карты\nПравило 64. Процедура\n"
    )
    assert P.chrome_lines(text) == {}
    heads_with_colons = (
        "Правило 64. Процедура\nНарушитель:\n- Пики\n- Черви\n- Бубны\nПартнёр:\n"
        "- Трефы\n- Козыри\n"
    )
    assert P.chrome_lines(heads_with_colons) == {}


def test_template_block_between_chrome_lines_and_not_beyond():
    text = (
        "Читальня Пример.Ru\nКнижная полка\nФантастика. Фэнтези\nСтраницы: - 1  - 2  - 3  -\n"
        "Правило 64. Процедура\nКогда фальшренонс выявлен, наказание назначается.\nКороткая строка\n"
    )
    chrome = P.chrome_lines(text)
    assert set(chrome) == {0, 1, 2, 3}
    assert chrome[1] == "template block"


def test_a_menu_in_capitals_above_the_site_header_is_template_a_title_is_not():
    bar = "А  Б  В  Г  Д  Е  Ж  З  И  Й  К  Л  М  Н"
    menu = f"ИСТОРИЯ\n\nПУТЕШЕСТВИЯ\n\n{bar}\nПравило 6. Тасование\n"
    assert P.chrome_lines(menu) == {0: "template block", 2: "template block", 4: "alphabet bar"}
    # one line in capitals may be the page's title; above a pager (it stands between
    # the pages of a book) lines in capitals are the book's
    assert set(P.chrome_lines(f"ШТРАФНАЯ КАРТА\n{bar}\nПравило 50. Карта\n")) == {1}
    pager = "ШТРАФНАЯ КАРТА\nЧАСТЬ ВТОРАЯ\n1 ... 12 13 14 ... 308\nПравило 50. Карта\n"
    assert set(P.chrome_lines(pager)) == {2}


def test_a_line_of_text_between_chrome_lines_whose_sentence_goes_on_is_no_template():
    """A page's furniture, one line of the text, an advert, and the sentence of that
    line going on below: the line is the text's, cut by the page."""
    text = (
        "Правило 13. Карты\nСудья решает, как быть с картами.\n"
        "Страницы: - 1  - 2  - 3  -\nЕсли сдача была сдана неверно, судье\n"
        "Реклама: карты со скидкой на www.primer-kart.ru\n"
        "надлежит потребовать пересдачи.\nТекст правила о сдаче и картах.\n"
    )
    assert set(P.chrome_lines(text)) == {2, 4}
    # a menu's item of one word there stays the template's, before a cut page's text
    menu = text.replace("Если сдача была сдана неверно, судье", "Спорт")
    assert set(P.chrome_lines(menu)) == {2, 3, 4}


def test_a_bilingual_heading_between_chrome_lines_is_no_template():
    text = (
        "Читальня Пример.Ru\nПравило 21 / Law 21\nСтраницы: - 1  - 2  - 3  -\n"
        "Неверная информация\nИгрок может изменить заявку, сделанную по ошибке.\n"
    )
    assert set(P.chrome_lines(text)) == {0, 2}


def test_lines_shared_by_two_sources_are_the_template():
    head = "Читальня у камина\nКнига о картах\n"
    a = src(
        head + "Правило 64. Процедура\nКогда фальшренонс выявлен:\n1.Нарушитель выиграл взятку.\n",
        "a.txt",
    )
    b = src(head + "Правило 65. Взятки\nКаждая взятка складывается.\n", "b.txt")
    c = src("Правило 66. Просмотр\nИгрок может посмотреть взятку.\n", "c.txt")
    pa, pb, pc = P.profile_all([a, b, c])
    assert [n for n, _ in pa.chrome] == [1, 2] and [n for n, _ in pb.chrome] == [1, 2]
    assert "shared by 2 sources" in pa.chrome[0][1]
    assert pc.chrome == ()
    # alone, the same page keeps those lines: repetition is the evidence
    assert P.profile(a).chrome == ()


def test_shared_text_lines_are_not_template():
    body = "Правило 64. Процедура\nКогда фальшренонс выявлен:\nнарушитель выиграл взятку\nA.Наказание\n"
    pa, pb = P.profile_all([src(body, "a.txt"), src(body, "b.txt")])
    assert pa.chrome == () and pb.chrome == ()


def test_two_copies_of_a_page_opening_with_a_misread_paragraph_number_keep_it():
    """Two copies of a commentary page whose first paragraph's number OCR misread
    (``64.1О.``, which the cleaner reads back) share that line at their top, as a
    site's template line is shared: it is the book's heading, not template."""
    body = (
        "64.1О. Разыгрывающий совершает фальшренонс\n"
        "(i) Если разыгрывающий совершает фальшренонс, взятка его.\n"
        "Правило 65. Порядок расположения взяток\n65.1. Судьи часто видят это.\n"
    )
    pa, pb = P.profile_all([src(body, "a.txt"), src(body, "b.txt")])
    assert pa.chrome == () and pb.chrome == ()


def test_two_copies_of_a_page_whose_heading_has_a_bullet_glyph_keep_it():
    """A word processor set a glyph before each heading of a page (``■ Правило 67.``,
    which the cleaner takes away); two copies of the page share that line at their
    top, as a site's template line is shared: it is the page's heading, not template."""
    body = (
        "■ Правило 67. Неполная взятка\n"
        "·\tA.Пока никто не сыграл в новую взятку\n"
        "Игрок, который пропустил ход, добавляет карту из руки.\n"
    )
    pa, pb = P.profile_all([src(body, "a.txt"), src(body, "b.txt")])
    assert pa.chrome == () and pb.chrome == ()


def test_a_link_to_the_pages_top_in_an_e_book_dumps_margin_is_template():
    """An e-book dump sets a bar before every line and a pilcrow after a paragraph's
    last: a site's link back to the page's top saved with the text (``| Наверх ↑¶``) is
    a pager's link still, the pilcrow the layout's; a sentence so set stays text."""
    for line in ("| Наверх ↑¶", "| К началу ▲¶", "↑ Наверх ¶"):
        assert P.line_shape(line) == "pager", line
    assert P.line_shape("| Наверх поднялся судья и сел за стол.¶") is None
    text = (
        "| Наверх ↑¶\n| Правило 13. Лишняя карта¶\n"
        "| Если в кармане коробки нашлась лишняя карта, судья\n"
        "| решает, как продолжить игру.¶\n"
    )
    assert set(P.chrome_lines(text)) == {0}


def test_a_heading_utf8_read_as_cp1251_between_template_lines_is_kept():
    """A law's heading whose UTF-8 bytes a wrong code page (CP1251) read stands between
    a site's link back to the top and its advert: the profile reads it as it was
    written, a heading, no short line of the template block (the cleaner decodes it)."""
    heading = "Правило 65. Как складывают взятки"
    text = (
        "Судья решает спор на месте.\n"
        "↑ Наверх\n"
        f"{heading.encode('utf-8').decode('cp1251')}\n"
        "Реклама: новые колоды карт на www.koloda.example\n"
        "65.1. Игроки кладут свои карты перед собой по порядку.\n"
    )
    assert set(P.chrome_lines(text)) == {1, 3}
    # the link read so is the template's, as it reads written
    misread_link = "↑ Наверх".encode().decode("cp1251")
    assert 1 in P.chrome_lines(text.replace("↑ Наверх", misread_link))


def test_a_heading_word_whose_number_opens_the_next_line_is_not_template():
    """Two pages of a PDF's text layer open with a heading broken after its word
    (``Правило`` | ``64. …``): the word alone is shared at their top as a template
    line is, but it is half of each page's first heading."""
    for gap in ("\n", "\n\n"):  # the next line, or past an empty one (double spacing)
        pa, pb = P.profile_all(
            [
                src(f"Правило{gap}64. Процедура\nКогда фальшренонс выявлен, судья решает.\n", "a"),
                src(f"Правило{gap}67. Дефектная взятка\nИгрок положил две карты.\n", "b"),
            ]
        )
        assert pa.chrome == () and pb.chrome == (), gap


def test_a_title_two_unrelated_pages_share_at_different_edges_is_kept():
    """Two pages of different sites hold the same one-word title outside their text:
    one below its last line of text (a page cut off after the title and a few words),
    the other above its first. Shared by chance, at different edges, it is each page's
    title, not a site's template, and neither page depends on the other being in the
    corpus. A site's line above the text of two pages of one site still is template."""
    a = src(
        "Глава 17. Спорные вопросы\n\nВведение\n\nЭта книга впервые вышла много лет назад\n",
        "a.txt",
    )
    b = src(
        "Введение\nИгра возникла давно, и её правила с тех пор менялись не раз.\n"
        "Правило 64. Процедура\nКогда фальшренонс выявлен, судья решает.\n",
        "b.txt",
    )
    assert P.BOTTOM_KEY + "Введение" in P.edge_lines(a.text)
    assert P.TOP_KEY + "Введение" in P.edge_lines(b.text)
    pa, pb = P.profile_all([a, b])
    assert pa.chrome == () and pb.chrome == ()
    site = "Все о картах\nГлавная / Книги / Правила\n"
    pc, pd = P.profile_all(
        [src(site + a.text, "c.txt"), src(site + "Правило 64. Процедура\nТекст.\n", "d.txt")]
    )
    assert (1, "template line shared by 2 sources") in pc.chrome
    assert (1, "template line shared by 2 sources") in pd.chrome
    # a site's line that heads one of its pages and closes another, over no prose, is
    name = "Бриджевая библиотека клуба"
    pe, pf = P.profile_all(
        [
            src(f"{name}\nПравило 9. Процедура\nКогда игрок ошибся, судья решает.\n", "e.txt"),
            src(f"Правило 10. Решение\nСудья решает на месте.\n{name}\n", "f.txt"),
        ]
    )
    assert (1, "template line shared by 2 sources") in pe.chrome
    assert (3, "template line shared by 2 sources") in pf.chrome


def test_a_page_cut_inside_a_line_another_copy_holds_keeps_that_line():
    """A page cut inside the text opens with the wrapped head of a sentence; another
    copy of the book holds the same line inside its text. Shared, at the page's top,
    short, but the text: the next line goes on with its sentence."""
    line = "И взятка фальшренонса была выиграна"
    cut = src(f"{line}\n\nнарушителем, после игры взятка переходит к другой стороне.\n", "a.txt")
    whole = src(
        f"Правило 64. Процедура\nКогда фальшренонс выявлен:\n{line}\n"
        "нарушителем, после игры взятка переходит к другой стороне.\n",
        "b.txt",
    )
    pa, pb = P.profile_all([cut, whole])
    assert pa.chrome == () and pb.chrome == ()
    # an e-book dump's margin on every line says nothing of that
    margined = [
        src("".join(f"| {ln}\n" for ln in p.text.splitlines()), p.name) for p in (cut, whole)
    ]
    assert [p.chrome for p in P.profile_all(margined)] == [(), ()]
    # below a page's text the same shape is a site's footer, shared as template is
    foot = "Вы читаете книгу онлайн на нашем сайте\nбесплатно и без регистрации\n"
    pc, pd = P.profile_all([src(whole.text + foot, "c.txt"), src(cut.text + foot, "d.txt")])
    assert (5, "template line shared by 2 sources") in pc.chrome
    assert (4, "template line shared by 2 sources") in pd.chrome
    # a site's title line above a page that opens inside a sentence is still its template
    head = "Читальня у Камина Онлайн\n"
    pc, pd = P.profile_all([src(head + cut.text, "c.txt"), src(head + whole.text, "d.txt")])
    assert [n for n, _ in pc.chrome] == [1] and [n for n, _ in pd.chrome] == [1]


def test_index_entries_two_sources_share_are_not_template():
    # two copies of an index share whole entries; a heading line alone stays under them
    index = (
        "ПРЕДМЕТНЫЙ УКАЗАТЕЛЬ\n\nБолван..........................43\n"
        "= на столе......................41\nВзятка..........................44,67\n"
    )
    pa, pb = P.profile_all([src(index, "a.txt"), src(index + "Ренонс..........61\n", "b.txt")])
    assert pa.chrome == () and pb.chrome == ()


LAYOUTS = [
    (
        "double spacing",
        "Первая строка текста\n\nвторая строка текста\n\nтретья строка\n\nчетвёртая строка\n\n",
        "double-spaced",
    ),
    (
        "double spacing, a page number and an index printed without it",
        "Первая строка текста\n\nвторая строка текста\n- 12 -\nтретья строка\n\nконец.\n\n"
        + "".join(f"{w}........{n}\n" for w, n in (("Болван", 4), ("Ход", 5), ("Пас", 6))),
        "double-spaced",
    ),
    (
        "double spacing all through an index page",
        "УКАЗАТЕЛЬ\n\n"
        + "".join(f"{w}........{n}\n\n" for w, n in (("Болван", 4), ("Ход", 5), ("Пас", 6))),
        "double-spaced",
    ),
    ("collapsed", "Правило 64. Процедура A.Наказание " + "слово " * 400 + "\n", "collapsed"),
    (
        "collapsed, a short page: three units on its one line",
        "Правило 52. Ошибка A.Порядок исправления Когда ошибка замечена, судья решает: "
        "1.Игрок вернул карту Ошибка исправляется без наказания.\n",
        "collapsed",
    ),
    (
        "dos centring",
        "        ПРАВИЛО 64\n      ПРОЦЕДУРА\n     Текст  правила  с  пробелами\n"
        "     и  ещё  текст\n     конец  текста.\n",
        "dos",
    ),
    ("bar margin", "| Правило 64. Процедура\n| A.Наказание\n| Текст\n", "bar-margin"),
    ("pilcrows", "Текст.¶\nТекст.¶\nТекст.¶\n", "pilcrows"),
    ("spaced letters", "П Р А В И Л О\nТекст.\n", "spaced-letters"),
    ("tags", "Текст.(DC4)\nТекст.(DC4)\nТекст.(DC4)\n", "tagged"),
    (
        "hard wraps",
        "Когда после любого выявленного\nфальшренонса судья считает, что\nненарушившая сторона "
        "получает\nнедостаточную компенсацию за\nущерб, он назначает результат.\n",
        "wrapped",
    ),
]


@pytest.mark.parametrize("title, text, trait", LAYOUTS, ids=[r[0] for r in LAYOUTS])
def test_layout(title, text, trait):
    assert trait in P.layout(text)


def test_a_short_line_with_references_is_not_collapsed():
    """References inside a sentence (``п. 64.8.``, ``см. 64.9.``) open no unit."""
    text = "Правило 64. Процедура\nФальшренонс исправляется (см. 64.9. ниже) по п. 64.8. выше.\n"
    assert "collapsed" not in P.layout(text)


def test_letter_spaced_titles_of_a_short_page_are_not_justified_text():
    """The wide gaps of a title in spaced letters stand between single characters; a
    short page of three such titles and glued paragraphs is no DOS e-text."""
    text = (
        "П р а в и л о  4 0 .   П о д с к а з к и  п а р т н ё р у\n"
        "A.Игроку запрещено подсказыватьЖесты и паузы не должны ничего сообщать.\n"
        "П р а в и л о  4 1 .   Н а ч а л о  и г р ы\n"
        "A.Первый ход делается лицом внизПосле паса начинается розыгрыш.\n"
        "П р а в и л о  4 2 .   П р а в а  б о л в а н а\n"
        "Болван может следить за ходом игры.\n"
    )
    assert "dos" not in P.layout(text)
    justified = text.replace("Жесты и паузы", "Жесты  и  паузы").replace(
        "После паса", "После  паса"
    )
    assert "dos" in P.layout(justified.replace("Болван может", "Болван  может"))


def test_layout_of_plain_paragraphs_has_no_traits():
    text = (
        "Правило 64. Процедура\n"
        + ("Когда фальшренонс выявлен, наказание назначается по этому правилу. " * 3 + "\n") * 4
    )
    assert P.layout(text) == ()


STRUCTURE = [
    ("laws", "Правило 64. Процедура\nA.Наказание\n1.Нарушитель\n", "laws", ()),
    ("commentary", "Правило 64. Процедура\n64.1. Взятки.\n64.2. Текст.\n", "commentary", ()),
    (
        "divisions in order",
        "Глава V. Торговля\nЧасть II Отклонения\nПравило 23. Пас\n",
        "laws",
        ("Глава", "Часть"),
    ),
    ("capitals", "РАЗДЕЛ I\nПравило 1. Колода\n", "laws", ("Раздел",)),
    (
        "commentary items without tags",
        "64.10. Разыгрывающий ошибся\n(i) Первый случай.\n(ii) Второй случай.\n"
        "A.Ссылка на раздел\n",
        "commentary",
        (),
    ),
    (
        "a table of contents",
        "С О Д Е Р Ж А Н И Е\nПравило 5. Места..........12\nA.Выбор места..........12\n",
        "toc",
        (),
    ),
    (
        "a subject index",
        "Болван..........43\n= на столе..........41\nВзятка..........44,67\n",
        "index",
        (),
    ),
    (
        "front matter",
        "ОТ ПЕРЕВОДЧИКА\nМы переводили долго.\nСпасибо всем, кто помогал.\n",
        "front",
        (),
    ),
]


@pytest.mark.parametrize("title, text, kind, divisions", STRUCTURE, ids=[r[0] for r in STRUCTURE])
def test_structure(title, text, kind, divisions):
    assert P.structure(text) == (kind, divisions)


def test_profile_in_report_and_on_the_source_page(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "page.txt").write_text(
        "Читальня Пример.Ru\nАвтор: Неизвестен\nА  Б  В  Г  Д  Е  Ж  З  И  К  Л  М\n"
        "Правило 64. Процедура после выявления фальшренонса\nКогда фальшренонс выявлен,\nнаказание назначается.\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    subprocess.run(
        build_command(corpus, out),
        check=True,
        cwd=ROOT,
    )
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    prof = report["sources"]["page.txt"]["profile"]
    assert [c["line"] for c in prof["chrome"]] == [1, 2, 3]
    assert prof["kind"] == "laws"
    export = json.loads((out / "sources" / "page.json").read_text(encoding="utf-8"))
    nodes = json.dumps(export["nodes"], ensure_ascii=False)
    assert "Пример" not in nodes and "Автор" not in nodes and "64" in nodes
    assert {r["text"] for r in export["removed"]} >= {"Читальня Пример.Ru", "Автор: Неизвестен"}
    html = (out / "html" / "source-page.html").read_text(encoding="utf-8")
    assert "Профиль источника" in html and 'href="#L3"' in html and "alphabet bar" in html


def test_html_boilerplate_from_the_extractor(tmp_path):
    from pipeline.read import read_source

    law = (
        "Когда фальшренонс выявлен, судья назначает наказание по этому правилу, и нарушившая сторона "
        "передаёт взятки ненарушившей стороне после окончания игры, если она их выиграла."
    )
    html = (
        "<html><body><div class='menu'><a href='/a'>Читальня</a> <a href='/b'>Полка книг</a></div>"
        "<div><ul><li><a href='/c'>Новые поступления</a></li><li><a href='/d'>Лучшие книги</a></li></ul></div>"
        f"<h2>Правило 64. Процедура после выявления фальшренонса</h2><p>{law}</p><p>{law}</p>"
        "<div><a href='/e'>Поделиться страницей</a></div></body></html>"
    )
    (tmp_path / "page.html").write_text(html, encoding="utf-8")
    src, _ = read_source(tmp_path / "page.html")
    lines = src.text.split("\n")
    flagged = {lines[n - 1] for n in src.boilerplate}
    assert {"Новые поступления", "Лучшие книги", "Поделиться страницей"} <= flagged
    # on a page this short the extractor flags the text too: the profile weighs its
    # verdict by shape and keeps the heading and the sentences
    prof = P.profile(src)
    chrome = {lines[n - 1] for n, _why in prof.chrome}
    assert "Поделиться страницей" in chrome and "Лучшие книги" in chrome
    assert not any("Правило 64" in line or law[:20] in line for line in chrome)


def test_reader_page_keeps_none_of_its_header_counters_or_soft_hyphens(tmp_path):
    """A reader site's page as a user adds it: catalogue counters, a report link, the
    current-page header above the text; and a second page whose line breaks were lost,
    with the header glued to its first words and a word broken by a soft hyphen shown
    as a black square."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "reader.txt").write_text(
        "120 300 книг, 15 400 авторов.\n\nсообщить о нарушении\n\n"
        "Текущая страница: 3 (всего у книги 12 страниц)\n\n"
        "Правило 64. Процедура после выявления фальшренонса\n\n"
        "Когда фальшренонс выявлен, судья решает, сколько взяток передать.\n",
        encoding="utf-8",
    )
    (corpus / "flat.txt").write_text(
        '"Иван Петров. Правила." - читать интересную книгу автора Правило 65. Взятки '
        + "Каждая взятка складывается лицом вниз перед игроком, и он может насла■ диться "
        + "видом своей стопки, пока партнёр не попросит её показать. " * 20
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    subprocess.run(build_command(corpus, out), check=True, cwd=ROOT)
    texts = {}
    for stem in ("reader", "flat"):
        export = json.loads((out / "sources" / f"{stem}.json").read_text(encoding="utf-8"))
        texts[stem] = json.dumps(export["nodes"], ensure_ascii=False)
        for chrome in ("авторов", "нарушении", "Текущая", "читать интересную", "■"):
            assert chrome not in texts[stem], (stem, chrome)
    assert "выявлен, судья решает" in texts["reader"]
    assert "насладиться видом" in texts["flat"]


def test_a_running_head_seen_once_inside_a_sentence_is_chrome():
    text = (
        "Правило 65. Расположение взяток\n"
        "Игрок кладёт свои карты рядом, и если этот порядок\n"
        "- 41 -\n"
        "ПРАВИЛА ИГРЫ\n"
        "не признан обеими сторонами, судья решает против него.\n"
    )
    assert P.chrome_lines(text) == {3: "running head: beside a page number, inside a sentence"}
    # between two sentences the same short line may be the page's own heading
    own = text.replace("и если этот порядок", "и всё.").replace("не признан", "Не признан")
    assert P.chrome_lines(own) == {}


def test_a_running_head_two_files_of_one_book_share_is_chrome_wherever_its_page_number_falls():
    """Between a heading and its text the sentence tells nothing; the other file of
    the same scanned book, with the same line beside its page number, does."""
    a = src(
        "Правило 65. Расположение взяток\n1.Взятки лежат рядом\n- 41 -\nПРАВИЛА ИГРЫ\n"
        "Каждый игрок кладёт свои карты рядом с собой.\n",
        "a.txt",
    )
    b = src(
        "Правило 66. Просмотр взяток\nИгрок может посмотреть последнюю взятку, пока\n"
        "- 57 -\nПРАВИЛА ИГРЫ\nсвоя карта не сыграна.\n",
        "b.txt",
    )
    pa, pb = P.profile_all([a, b])
    assert pa.chrome == ((4, "running head: beside a page number, shared by other sources"),)
    assert [n for n, _ in pb.chrome] == [4]
    # alone, the line after a heading may be the page's own: it stays
    assert P.profile(a).chrome == ()


def test_a_running_head_on_its_page_numbers_line_two_files_share_is_removed_anywhere():
    """«34      ПРАВИЛА ИГРЫ» once in a file, after a section's heading or as its last
    line, where neither the sentence around it nor a second page of the file tells; the
    other file of the same scanned book prints the head beside another number."""
    from pipeline.clean import clean

    a = src(
        "Правило 65. Расположение взяток\nA.Взятки лежат рядом\n"
        "34          ПРАВИЛА ИГРЫ\nКогда взятки сыграны:\n1.Каждый игрок кладёт свои карты.\n",
        "a.txt",
    )
    b = src(
        "Правило 66. Просмотр взяток\nИгрок может посмотреть последнюю взятку.\n"
        "ПРАВИЛА ИГРЫ       58\n",
        "b.txt",
    )
    c = src("Правило 67. Дефектная взятка\nМЕЖДУНАРОДНЫЙ КОДЕКС   61\nТекст.\n", "c.txt")
    d = src(
        "Правило 68. Претензия\nИгрок заявляет претензию.\nМЕЖДУНАРОДНЫЙ КОДЕКС     63\n", "d.txt"
    )
    sources = (a, b, c, d)
    profiles = P.profile_all(list(sources))
    assert [p.running_heads for p in profiles] == [
        {"ПРАВИЛА ИГРЫ"},
        {"ПРАВИЛА ИГРЫ"},
        {"МЕЖДУНАРОДНЫЙ КОДЕКС"},
        {"МЕЖДУНАРОДНЫЙ КОДЕКС"},
    ]
    for s, p in zip(sources, profiles, strict=True):
        text = clean(s, profile=p).text
        assert "ПРАВИЛА" not in text and "КОДЕКС" not in text, text
        assert not any(n in text for n in ("34", "58", "61", "63")), text
    # alone, each file keeps the line: nothing tells it from the page's own
    assert "ПРАВИЛА ИГРЫ" in clean(a, profile=P.profile(a)).text
    assert P.profile(a).running_heads == frozenset()


def test_shared_running_heads_leave_contents_entries_headings_and_captions_alone():
    """A part's entry in capitals between law entries of a contents list, a numbered
    caption set close to its number, and a part's heading on a line of its own under a
    page number all keep their lines when other files print the same words as running
    heads beside their page numbers."""
    from pipeline.clean import clean

    heads = src(
        "Правило 30. Пас\nИгрок пасует, когда хочет.\n58          ПРАВИЛА ИГРЫ\nТекст.\n"
        "Правило 31. Ход\nИгрок ходит.\nОБЩИЕ ПОЛОЖЕНИЯ          9\nТекст.\n"
        "ПРИМЕР РАЗДАЧИ          2\nТекст.\n",
        "heads.txt",
    )
    contents = src(
        "ОГЛАВЛЕНИЕ\nОБЩИЕ ПОЛОЖЕНИЯ        5\nПравило 1. Колода        5\n"
        "Правило 2. Карманы        6\nПравило 3. Столы        7\nПравило 4. Пары        8\n"
        "Правило 5. Места        9\nПРАВИЛА ИГРЫ        12\nПравило 6. Тасовка        12\n",
        "contents.txt",
    )
    caption = src(
        "Правило 40. Соглашения\nСторона раскрывает свои соглашения.\nПРИМЕР РАЗДАЧИ 1\n"
        "Север открыл торговлю.\n",
        "caption.txt",
    )
    heading = src(
        "Вступление к книге.\n\n12\n\nПРАВИЛА ИГРЫ\n\nПравило 1. Колода\nТекст.\n", "h.txt"
    )
    profiles = P.profile_all([heads, contents, caption, heading])
    texts = [
        clean(s, profile=p).text
        for s, p in zip((contents, caption, heading), profiles[1:], strict=True)
    ]
    flat = [" ".join(t.split()) for t in texts]
    assert "ОБЩИЕ ПОЛОЖЕНИЯ 5" in flat[0] and "ПРАВИЛА ИГРЫ 12" in flat[0], texts[0]
    assert "ПРИМЕР РАЗДАЧИ 1" in flat[1], texts[1]
    assert "ПРАВИЛА ИГРЫ" in flat[2], texts[2]


def test_a_contents_list_two_files_share_keeps_its_entries():
    """Entries in capitals with their pages, one under another, in two copies of a
    contents list: shared, but a page's lines never stand so close."""
    from pipeline.clean import clean

    toc = "СОДЕРЖАНИЕ\nОБЩИЕ ПОЛОЖЕНИЯ        5\nПРАВИЛА ИГРЫ        12\nТОРГОВЛЯ ЗАЯВКАМИ        20\n"
    a, b = src(toc, "a.txt"), src(toc + "ПРИЛОЖЕНИЯ        40\n", "b.txt")
    pa, pb = P.profile_all([a, b])
    assert "ПРАВИЛА ИГРЫ" in pa.running_heads
    for s, p in ((a, pa), (b, pb)):
        text = " ".join(clean(s, profile=p).text.split())
        assert "ОБЩИЕ ПОЛОЖЕНИЯ 5" in text and "ПРАВИЛА ИГРЫ 12" in text, text


def test_a_running_head_is_found_past_an_advert_beside_its_page_number():
    """A reader site that hosts a scanned book puts its advert anywhere, even between
    the page number and the running head: the head is read past it."""
    advert = "Реклама: карты и столы для клуба на www.primer-klub.example\n"
    text = (
        "Правило 65. Расположение взяток\nИгрок кладёт свои карты рядом, и если этот порядок\n"
        "- 41 -\n" + advert + "ПРАВИЛА ИГРЫ\n"
        "не признан обеими сторонами, судья решает против него.\n"
    )
    assert P.chrome_lines(text) == {
        3: "link",
        4: "running head: beside a page number, inside a sentence",
    }
    a = src(
        "Правило 65. Расположение взяток\n1.Взятки лежат рядом\n- 41 -\n"
        + advert
        + "ПРАВИЛА ИГРЫ\nКаждый игрок кладёт свои карты рядом с собой.\n",
        "a.txt",
    )
    b = src("Правило 66. Просмотр\n- 57 -\nПРАВИЛА ИГРЫ\nИгрок смотрит взятку.\n", "b.txt")
    pa, _pb = P.profile_all([a, b])
    assert (5, "running head: beside a page number, shared by other sources") in pa.chrome


def test_alphabet_bar_is_decided_as_by_counting_every_token():
    # the check stops at the first token that leaves too few for a bar; the answer
    # must be the one counting every token gives
    import itertools

    from hypothesis import given, settings
    from hypothesis import strategies as st

    def counted(s: str) -> bool:
        toks = s.split()
        if len(toks) < 8:
            return False
        singles = [t for t in toks if len(t) <= 3 and P._LETTER_OR_RANGE.fullmatch(t)]
        if len(singles) < 0.8 * len(toks):
            return False
        firsts = [t[0].upper() for t in singles]
        rising = sum(1 for a, b in itertools.pairwise(firsts) if b > a)
        return rising >= 0.8 * (len(firsts) - 1)

    tokens = st.sampled_from(["А", "Б", "В-Г", "Д", "ЕЖЗ", "слово", "Я", "AZ", "12", "К-М"])

    @settings(max_examples=300, deadline=None)
    @given(st.lists(tokens, max_size=20).map(" ".join))
    def check(s):
        assert P._alphabet_bar(s) == counted(s)

    check()


# The cheap tests that guard the line patterns must never turn away a line the
# pattern matches: each is checked against its pattern on lines built from the
# pieces the patterns look for, in any case and with any white space.
_PIECES = [
    "Первая",
    "СЛЕДУЮЩАЯ",
    "назад",
    "Вперёд",
    "Пред.",
    "след.",
    "<<",
    "»",
    "→",
    "стр.",
    "Страница",
    "PAGE",
    "читать",
    "Чтение",
    "книгу",
    "онлайн",
    "автора",
    " - ",
    " — ",
    "www.",
    "WWW.",
    "http://",
    "site.ru",
    "x.COM",
    "a.in",
    ".su",
    "ſu",
    "K",
    ".",
    "!",
    "?",
    ";",
    ":",
    ",",
    "…",
    ")",
    "»",
    '"',
    " ",
    "  ",
    "\t",
    "\x1c",
    "\xa0",
    "\u2003",
    "\x85",
    "|",
    "(",
    "12",
    "3",
    "Правило",
    "текст",
    "Автор",
    "Меню",
]


def _lines_of_pieces():
    from hypothesis import strategies as st

    return st.lists(st.sampled_from(_PIECES), max_size=12).map("".join)


def test_line_hints_never_turn_away_a_match():
    import regex
    from hypothesis import given, settings

    ended = regex.compile(r"[.!?:;…)»\"]\s*$")
    sentence_end = regex.compile(r"[.!?;:,…]\s*$")

    @settings(max_examples=400, deadline=None)
    @given(_lines_of_pieces())
    def check(s):
        low = s.casefold()
        if P._URL.search(s):
            assert P._url_hint(s, low)
        if P._PAGER_LINK.search(s):
            assert P._has_any(low, P._PAGER_LINK_HINTS)
        if P._READING_PAGE.search(s):
            assert P._has_any(low, P._READING_PAGE_HINTS)
        if P._READ_BOOK.search(s):
            assert P._has_any(low, P._READ_BOOK_HINTS)
        if P._UI_LABEL.match(s):
            assert not P._has_any(s, P._NOT_IN_LABEL_LINE)
        assert P._ended(s) == bool(ended.search(s))
        assert P._sentence_end(s) == bool(sentence_end.search(s))

    check()


def test_whitespace_is_what_regex_calls_white_space():
    import sys

    import regex

    found = "".join(chr(c) for c in range(sys.maxunicode + 1) if regex.match(r"\s", chr(c)))
    assert found == P._WHITESPACE


def test_a_line_is_tried_unless_no_match_opens_with_its_first_character():
    """``grammar.never_opening``: a line whose first character no match of a pattern
    opens with is not tried, and is none whatever follows; every other line is
    (a unit's marker, ``starts_unit``; a commentary number OCR misread)."""
    from pipeline import grammar

    tails = [
        "",
        " ",
        "\tТекст",
        "1. Текст",
        ". Текст",
        "0. Текст",
        "равило 64. Порядок",
        "РАВИЛО 7",
        "лава II. Текст",
        "АСТЬ 2 - Текст",
        "4.10. Текст",
        "4A1. Текст",
        "ii) Текст",
        "*) - Текст",
        ") - Текст",
        "4.1О. Разыгрывающий",
    ]
    for c in map(chr, range(0x530)):
        for tail in tails:
            line = c + tail
            assert grammar.starts_unit(line) == (grammar._ANY_UNIT.match(line) is not None)
            if c in P._NEVER_OCR_COMMENTARY:
                assert grammar.OCR_COMMENTARY_NUMBER.match(line) is None
    assert grammar.starts_unit("Правило 64. Порядок") and grammar.starts_unit("64.10. Текст")
    assert not grammar.starts_unit("правило 64") and not grammar.starts_unit("")


def test_a_margin_of_line_numbers_hides_no_template_line():
    """A page copied from a viewer that numbers its lines: the template and the lines
    shared with other sources are read through the margin, as the cleaner leaves it."""
    lines = [
        "Главная | Жанры | Авторы | Новинки | Вход",
        "А Б В Г Д Е Ж З И К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Э Ю Я",
        "",
        "Правило 64. Процедура",
        "Когда фальшренонс выявлен, взятка",
        "переходит к другой стороне, и судья",
        "решает, как сказано в правиле 63.",
        "Так он поступает и",
        "в других случаях.",
    ]
    plain = "\n".join(lines) + "\n"
    numbered = "\n".join(f"{n:>4}  {ln}" for n, ln in enumerate(lines, start=41)) + "\n"
    assert P.profile(src(numbered, "a.txt")).chrome == P.profile(src(plain, "b.txt")).chrome
    assert [n for n, _ in P.profile(src(numbered, "a.txt")).chrome] == [1, 2]
    assert P.line_set(numbered) == P.line_set(plain)


def test_a_margin_of_line_numbers_goes_on_past_the_lines_the_template_took():
    """The cleaner takes a page's number and running head away before it reads the
    margin: the count skips them, and the margin goes on."""
    words = ["Когда фальшренонс", "выявлен, взятка", "переходит к другой", "стороне, и судья"]
    lines = [f"{n}  {words[n % 4]}" for n in (*range(1, 6), *range(8, 14))]
    assert sorted(P.numbered_margin(lines)) == list(range(len(lines)))
    # a gap wider than a page's furniture ends the run
    far = [f"{n}  {words[n % 4]}" for n in (*range(1, 6), *range(20, 26))]
    assert sorted(P.numbered_margin(far)) == []
    # a template line taken away may leave its line empty: the margin goes on past it
    emptied = [*lines[:4], "", *lines[4:]]
    assert sorted(P.numbered_margin(emptied)) == [i for i in range(len(emptied)) if i != 4]
    # two short runs of a margin on either side of an emptied line make one
    short = [f"{n}  {words[n % 4]}" for n in range(1, 5)]
    rest = [f"{n}  {words[n % 4]}" for n in range(6, 10)]
    assert len(P.numbered_margin([*short, "", *rest])) == len(short) + len(rest)


def test_a_line_another_copy_holds_inside_its_text_is_no_template():
    """A page cut off after a translator's signature, a heading and a paragraph's
    first words: those lines stand below its last line of text, where a site's
    footer stands, and another copy of the book holds them too, but inside its text.
    Only lines two sources hold outside their text are template."""
    note = (
        "ОТ ПЕРЕВОДЧИКА\n\nПри переводе мы держались терминов, принятых в самих правилах.\n"
        "Благодарю коллег за советы и за терпение.\n\nИ.Петров\n\n"
    )
    start = "Эта книга написана для судей, которые"
    cut = src(f"{note}ВВЕДЕНИЕ\n\n{start}\n", "a.txt")
    whole = src(
        f"{note}ВВЕДЕНИЕ\n\n{start}\nразбирают споры за столом спокойно. Она им поможет.\n",
        "b.txt",
    )
    top, bottom = P.TOP_KEY, P.BOTTOM_KEY
    assert P.edge_lines(cut.text) == {
        *("ОТ ПЕРЕВОДЧИКА", "И.Петров", "ВВЕДЕНИЕ", start),
        top + "ОТ ПЕРЕВОДЧИКА",
        bottom + "И.Петров",
        bottom + "ВВЕДЕНИЕ",
        bottom + start,
    }
    assert P.edge_lines(whole.text) == {"ОТ ПЕРЕВОДЧИКА", top + "ОТ ПЕРЕВОДЧИКА"}
    pa, pb = P.profile_all([cut, whole])
    assert pa.chrome == () and pb.chrome == ()


WRAPPED_MENU = ["Главная", "Турниры", "Фотоальбом", "Контакты"]
WRAPPED_FOOTER = "© 2026 Клуб любителей настольных игр"


def assert_menu_goes_and_text_stays(src) -> None:
    """The extractor flags ``WRAPPED_MENU`` and ``WRAPPED_FOOTER`` of ``src``, not the
    lines of ``WRAPPED_LINES`` that open no unit, and the profile takes the menu and the
    footer for template, never a line of the text."""
    lines = src.text.split("\n")
    flagged = {lines[n - 1] for n in src.boilerplate}
    assert set(WRAPPED_MENU) | {WRAPPED_FOOTER} <= flagged
    assert not flagged & {ln for ln in WRAPPED_LINES if not starts_unit(ln)}
    chrome = {lines[n - 1] for n, _why in P.profile(src).chrome}
    assert set(WRAPPED_MENU) | {WRAPPED_FOOTER} <= chrome
    assert not chrome & set(WRAPPED_LINES)


def wrapped_page() -> str:
    """``WRAPPED_LINES`` as a page's source: a ``<p>`` a printed line."""
    menu = "".join(f"<p><a href='/{n}'>{w}</a></p>\n" for n, w in enumerate(WRAPPED_MENU))
    text = "".join(f"<p>{line}</p>\n" for line in WRAPPED_LINES)
    return f"{menu}{text}<p>{WRAPPED_FOOTER}</p>\n"


def test_the_printed_lines_of_one_text_are_judged_together_by_the_extractor(tmp_path):
    """jusText takes a run of short blocks for a menu; the lines of a wrapped sentence
    are joined before it judges them, so it flags the menu and the footer, not them."""
    from pipeline.read import read_source

    (tmp_path / "page.txt").write_text(wrapped_page(), encoding="utf-8")
    src, _ = read_source(tmp_path / "page.txt")
    assert src.fmt == "html"
    assert_menu_goes_and_text_stays(src)


def br_page() -> str:
    """``WRAPPED_LINES`` as an old library's page: no block element at all, the menu's
    links, the text's lines and the footer each ended by a ``<br>`` alone, all in one
    ``<font>``, a blank line (``<br><br>``) only above the footer."""
    menu = "".join(f"<a href='/{n}'>{w}</a><br>\n" for n, w in enumerate(WRAPPED_MENU))
    text = "".join(f"{line}<BR>" for line in WRAPPED_LINES)
    return f"<html><body><font size=2>{menu}{text}<br/>\n{WRAPPED_FOOTER}<br></font></body></html>"


def test_a_page_of_lines_set_apart_by_br_alone_is_judged_a_line_a_block(tmp_path):
    """jusText ends a paragraph only at a block element or at ``<br><br>``: a page whose
    lines a ``<br>`` alone sets apart was one block to it, menu and text together, and
    judged as text. Read a line a block, it is weighed as the same page in ``<p>`` a line
    is: the menu's links go, the text's lines stay."""
    from pipeline.read import read_source

    (tmp_path / "page.html").write_text(br_page(), encoding="utf-8")
    src, _ = read_source(tmp_path / "page.html")
    lines = src.text.split("\n")
    assert lines[: len(WRAPPED_MENU) + len(WRAPPED_LINES)] == WRAPPED_MENU + WRAPPED_LINES
    assert_menu_goes_and_text_stays(src)


def test_the_extractors_verdict_on_a_wrapped_line_is_weighed_with_its_sentence():
    """Where the extractor flags every line, a line of a sentence wrapped over several
    is judged with them: not short, or a sentence; a section's heading after a run of
    ``?`` a site left for its indentation is a heading still, and so is a heading's
    title wrapped onto a line such a run indents; a short line alone, or lines that go
    on only into a name, stay the extractor's."""
    lines = [
        *WRAPPED_LINES,
        "??????????????? C.Конец сессии",
        "Правило 91. Порядок пересадки игроков",
        "?????????????????? между столами",
        "Поиск по сайту",
        "Войти",
        "Наши партнёры",
        "и спонсоры",
    ]
    text = "\n".join(lines) + "\n"
    chrome = P.chrome_lines(text, boilerplate=tuple(range(1, len(lines) + 1)))
    assert {lines[i] for i in chrome} == {"Поиск по сайту", "Войти", "Наши партнёры", "и спонсоры"}


def test_a_pages_header_is_short_lines_over_its_first_heading_never_a_hidden_heading():
    """Short lines over a page's first law heading are its header; a law heading that
    invisible characters hide from the profile, over a commentary paragraph or a
    section's marker, is none."""
    law = "Правило 13. Неправильное\nA.Текст раздела идёт.\n"
    header = "Судейский уголок\nForwarded from Клуб «Пример»\nВыдержки для судей\n"
    assert set(P.chrome_lines(header + law)) == {0, 1, 2}
    # with no template line among them, short lines over a law are the page's own (the
    # end of a table or a list of the law before, cut at the page's top)
    assert P.chrome_lines("Пики\nЧерви\nБубны\nТрефы\n" + law) == {}
    hidden = "Пра\u200bвило 64. Процедура после выявления\n"
    assert P.chrome_lines(hidden + "64.1. Разыгрывающий решает сам, и судья молчит.\n") == {}
    assert P.chrome_lines(hidden + "A.Текст раздела идёт.\n") == {}


def test_a_buttons_word_inside_a_sentence_is_the_sentences():
    """A line that is a button's word alone (``Принять``) stays where the sentence runs
    through it: the text above goes on, or the text below goes on in small letters."""
    page = "Правило 13. Карты\nA.Текст\nПротивник нарушителя может эту заявку\nПринять\nили отвергнуть её.\n"
    assert P.chrome_lines(page) == {}
    banner = "Правило 13. Карты\nA.Текст\nСудья решает сам.\nПринять\nПолная версия сайта\n"
    assert set(P.chrome_lines(banner)) == {3, 4}


def test_a_hand_in_suit_signs_is_no_post_counter():
    """A deal's hand written with the suits' signs and spot cards (``♠ 1098``) stays: a
    suit's sign is no counter's emoji."""
    hand = "Правило 13. Карты\nA.Рука Юга была такой:\n♠ 1098\n♥ 765\n♦ 432\n♣ 5432\nЮг сделал ренонс.\n"
    assert P.chrome_lines(hand) == {}
    # a time in a sentence that runs through its line stays
    assert (
        P.chrome_lines(
            "Правило 13. Карты\nA.Текст\nСессия начинается в\n12:40\nи идёт до вечера.\n"
        )
        == {}
    )
