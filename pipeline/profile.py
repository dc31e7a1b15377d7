"""Stage 2, profile: measure every source before it is cleaned and segmented.

Input: the decoded ``Source`` values of one build. Output: one ``Profile`` per
source (same order) saying

- ``layout``: the layout traits measured on the raw lines (hard-wrapped, double
  spaced, collapsed into one line, DOS e-text with centred titles and justified
  spacing, a ``|`` margin, pilcrows, spaced-out letters, tags at line ends);
- ``chrome``: which raw lines are the reading site's template (menus, pagers,
  alphabet bars, header lines, counters, adverts), each with the reason; the
  cleaner removes exactly these lines, as logged edits;
- ``kind`` and ``divisions``: what the text is (laws, commentary, table of
  contents, index, front matter, mixed) and which division headings it uses.
  Only ``chrome`` (nothing but template lines) is decided on the raw lines;
  every other kind is read from the cleaned text by ``settle``, which the clean
  stage calls: a ``|`` margin on every line or table separators joining lines
  hide the headings in the raw text, and the kind must agree with the structure
  the segmenter finds (``refs`` links no reference of a page that is not law
  text);
- ``language``: the language of its text (``pipeline.language``), measured on
  the raw lines that are not template, and measured again on the cleaned text
  when they say another language (a wrong code page's letters are not Ukrainian
  once decoded back). Where the raw letters leave it to the model (``UNNAMED``),
  ``settle`` names it: a cleaned text that is plainly Russian is Russian without
  the model. A text in another language yields no nodes (the segmenter
  says so, K311); its kind is ``laws`` when it showed an edition of the laws
  (``editions.toml``: titles and wording in other languages), else the kind its
  shape gives.

Everything is decided from features of the text: the shape of a line (short,
not a sentence, looks like a link, a counter or a run of page numbers) and
repetition (a line that two or more sources share, in the same short,
non-sentence shape, is the template of the site they came from). No rule tests
for a file name, a site name or one page's wording.

The kind and the divisions come from ``structure(text)``, the one place that
decides them (it reads the text with the segmenter's block rules): extend that function
(and its fixture table in ``tests/test_profile.py``) to recognise more kinds.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import replace

import regex

from . import codepages, editions
from . import language as language_mod
from .blocks import measure
from .grammar import (
    BILINGUAL_HEAD,
    BULLET_GLYPHS,
    COUNTING_REACH,
    DITTO,
    HEAD_INITIALS,
    LAW_HEAD,
    LAW_SERIES,
    LEADER,
    OCR_COMMENTARY_NUMBER,
    OCR_HEADING_NUMBER,
    OCR_LAW_NOUN,
    PART_HEAD,
    RU_HEADS,
    SPLIT_HEAD,
    SPLIT_MARKER,
    STOPLESS_HEAD,
    TAG,
    LineOpening,
    bar_cells,
    collapsed_breaks,
    glued_markers,
    goes_on_counting,
    is_bare_heading,
    misread_law_heading,
    never_opening,
    series_place,
    starts_unit,
    table_cells,
    wrapped_on,
)
from .markup import visible
from .model import Profile, Source, TextKind


class _Hints(tuple):
    """Strings one of which a line holds wherever a shape can be found in it
    (``_has_any``), looked for together: one ``re`` alternation of them finds one
    in a line (or tells there is none) in half the time a test of each string
    takes, and ``line_shape`` asks a line of prose a dozen such questions."""

    search: Callable[[str], re.Match[str] | None]

    def __new__(cls, *hints: str) -> _Hints:
        self = super().__new__(cls, hints)
        self.search = re.compile("|".join(map(re.escape, hints))).search
        return self


# ---------------------------------------------------------------------------
# Line shapes. Each pattern describes a kind of template line, never a site.

_NUM = r"\d{1,4}"
_PAGER_NUMBERS = regex.compile(
    rf"""^[\s\-–—•·|]*
    (?:(?:{_NUM}|…|\.{{2,3}}|<<|>>|«|»|‹|›)[\s\-–—•·|,]*){{2,}}$""",
    regex.X,
)
"""A line of page links: ``1 2 3 … 206``, ``17  - 18  - 19  -``, ``1 ... 77 78``."""
_PAGER_LABEL = regex.compile(r"^(?:Страниц[аы]?|Pages?)\s*:[\s\d\-–—.…|«»<>]*$", regex.I)
"""``Страницы: - 1  - 2 …`` (the label and the first numbers of a pager)."""
_ARROWS = r"(?:<<|>>|«|»|‹|›|←|→|↑|▲)"
"""The arrows and angle quotes a pager's link stands beside."""
_PAGER_WORD = r"(?:Первая|Предыдущая|Следующая|Последняя|Назад|Вперед|Вперёд|Пред\.|След\.)"
"""A pager's link to the first, previous, next or last page."""
_PAGER_WORDS = regex.compile(
    r"""^[\s\-–—•·|]*
    (?:{_ARROWS}?[ \t]*
       (?:{_PAGER_WORD}|В\ начало|К\ началу|Наверх|Вверх|Перейти\ на\ страницу)
       (?:[ \t]+(?:страница|страницу|стр\.|глава|главу|page))?
       [ \t]*{_ARROWS}?[ \t]*(?:{_NUM})?[ \t]*:?[\s\-–—•·|]*){1,4}$""".replace("{_NUM}", _NUM)
    .replace("{_ARROWS}", _ARROWS)
    .replace("{_PAGER_WORD}", _PAGER_WORD),
    regex.X | regex.I,
)
"""Previous/next/first/last links, alone on a line (maybe bulleted), one or a few of
them, a link maybe saying what it leads to (``Предыдущая страница Следующая страница``),
or a link back to the page's top (``↑ Наверх``)."""
_PAGER_LINK = regex.compile(
    rf"""{_ARROWS}?\s*
    {_PAGER_WORD}
    (?:[ \t]+(?:страница|страницу|стр\.|глава|главу|page))?\s*{_ARROWS}?""",
    regex.X | regex.I,
)
"""A previous/next link inside a line of page numbers."""
_NEIGHBOUR_LINK = regex.compile(
    r"""^(?:
      (?P<arrow>(?:<<|←|[«‹](?=[ \t]))[ \t]*)?
      (?:(?P<word>{_PAGER_WORD}|Предыдущ(?:ее|ий)|Следующ(?:ее|ий)|Далее)
         (?:[ \t]+(?:правило|глава|раздел|часть|страница))?[ \t]*[:\-–—]?[ \t]*)?
      (?P<arrow>(?:<<|←|[«‹](?=[ \t]))[ \t]*)?
      (?-i:(?:{RU_HEADS})[ \t]+(?:№[ \t]*)?\d{1,3}\b)
      (?:[ \t]*[.:\-–—]?[ \t]*(?-i:\p{Lu})[^|«»‹›←→<>.!?;]{0,100})?
      [ \t]*\.?
      (?P<arrow>[ \t]*(?:>>|→|(?<=[ \t])[»›]))?
    | (?P<contents>(?:К[ \t]+)?(?:оглавлению|содержанию)|Оглавление|Содержание|Наверх|В[ \t]+начало)
    )$""".replace("{_PAGER_WORD}", _PAGER_WORD).replace("{RU_HEADS}", RU_HEADS),
    regex.X | regex.I,
)
"""One link of a page's links to the laws beside it (``Назад: Правило 63. Выявление
фальшренонса``, ``← Правило 63``, ``Правило 65. Порядок расположения взяток →``, a
pager's word and maybe ``правило`` before the law's name, a colon or a dash after it),
or a link to the contents among them (``К оглавлению``). The law's name is written as
its heading is (a capital, in its case); an angle quote is an arrow only with a blank
between it and the link (``«Правило 63»`` quotes a name)."""
_NEIGHBOUR_LINKS_APART = regex.compile(r"[ \t]*[|•·][ \t]*|[ \t]{3,}")
"""What stands between two links of such a line: a bar, a bullet or a run of blanks."""
_LONE_NUMBER = regex.compile(r"^\s*[-–—•·]?\s*(\d{1,4})\s*$")
"""``- 1``, ``2``: one number on a line (a pager when a run of them counts up)."""
_URL = regex.compile(
    r"https?://|\bwww\.|\b[\p{L}\d-]+\.(?:ru|com|net|org|ua|info|club|me|su|by|kz|io|vip|in|biz|cc)\b",
    regex.I,
)
_FILE_NAME = regex.compile(
    r"^\s*\S+\.(?:fb2|epub|txt|docx?|rtf|pdf|zip|djvu|mobi|html?)\s*$", regex.I
)
_PHONE = regex.compile(
    r"^\s*(?:\+\d[\d\s()\-]{8,}\d|\(?\d{3,4}\)?[\s-]?\d{2,3}[\s-]\d{2}[\s-]\d{2})\s*$"
)
_COUNTER_LABELS = (
    r"(?:Размер|Объ[её]м|Просмотр(?:ов|ы)|Прочитан[оа]?|Скачан[оа]?|Рейтинг|Оценка|Голос(?:ов|а)?"
    r"|Комментари[ией]в?)"
)
_COUNTER_OPENING = regex.compile(r"^\s*" + _COUNTER_LABELS)
"""How a ``_SIZE_OR_COUNTER`` line that opens with its label opens."""
_SIZE_OR_COUNTER = regex.compile(
    r"""^\s*(?:
      \d+(?:[.,]\d+)?\s*(?:Кб|КБ|кб|Мб|МБ|мб|KB|MB|Kb|Mb|байт)\b.*
    | """
    + _COUNTER_LABELS
    + r"""
      \s*:?\s*[\d\s.,/]+\S{0,6}(?:\s*\(\s*\d+\s*\p{L}{0,10}\s*\))?
)\s*$""",
    regex.X,
)
_RELATED_WORDS = r"""(?:Похожие\ (?:записи|статьи|материалы|публикации)|Читайте\ также
    |Вам\ также\ может\ понравиться|Другие\ (?:записи|статьи|публикации))"""
"""The head of a list of links to a site's other posts (``_related_posts``)."""
_RELATED_HEAD = regex.compile(r"^\s*" + _RELATED_WORDS + r"\s*:?\s*$", regex.X | regex.I)
_POST_LABEL = regex.compile(
    r"^(?:Метки|Рубрик[аи]|Теги|(?:Entry\s+)?Tags|Labels|Categor(?:y|ies))\s*:\s*\S[^.!?;]{0,80}$"
    r"|^(?:Filed\s+under|Posted\s+in|Tagged(?:\s+with)?)\s*:?\s+\S[^.!?;]{0,80}$"
    r"|^Навигация\s+по\s+записям$",
    regex.I,
)
"""A post's tags or category after their label and its colon (``Метки: бридж,
правила``, ``Рубрика: Правила``; a blog platform's English template: ``Labels: …``,
``Entry tags: …``, ``Posted in …``): a sentence that opens with the word has no colon."""
_POST_HINTS = _Hints(
    "метки",
    "рубрик",
    "теги",
    "навигация по",
    "похожие",
    "читайте также",
    "другие",
    "tags",
    "labels",
    "categor",
    "filed under",
    "posted in",
    "tagged",
)
"""What a ``_POST_LABEL`` or a ``_RELATED_HEAD`` line holds (casefolded)."""
_UI_LABEL_WORDS = r"""(?:
      Автор|Авторы|Жанр|Жанры|Серия|Категори[ияй]|Издательство|Язык|Теги|Шрифт|Интервал|Закладк[аи]
    | Неизвестен\ автор|Книга(?=\s*:)
    | Настро[йи]ки
    | Размер\ шрифта|Ширина|Фон|Цвет|Читать(?:\ онлайн)?|Чтение\ онлайн|Скачать|Поиск(?:\ по\ сайту)?|Искать
    | Войти|Регистрация|Вход|Выход|Меню|Главная|На\ главную|Оглавление|Содержание|Версия\ для\ печати
    | Отзывы|Добавить\ в\ избранное|Самые\ читаемые|Популярные\ книги|Новинки|Топ|ТОП
    | Библиотека|Электронная\ библиотека|Выбрать\ книгу|Подписаться|Помощь|Читаем
    | Сообщить\ о\ (?:нарушении|неприемлемом\ содержимом|ошибке)|Пожаловаться
)"""
_UI_LABEL = regex.compile(r"^\s*" + _UI_LABEL_WORDS + r"\b[^.!?;]{0,80}$", regex.X | regex.I)
"""Labels of a reader site's interface (their vocabulary is the class, not one site's)."""
_UI_LABEL_OPENING = regex.compile(r"^\s*" + _UI_LABEL_WORDS + r"\b", regex.X | regex.I)
"""How a ``_UI_LABEL`` line opens."""
_READING_PAGE = regex.compile(
    r"(?:\|\s*|\(\s*|[-–—]\s*|\.\s+)(?:стр\.|страница|page)\s*\d{1,4}\s*\)?\s*$", regex.I
)
"""``… | страница 47``, ``… - Чтение (стр. 25)``, ``Книга - Автор. Страница 11``: a
header naming the page being read."""
_READER_VERB = regex.compile(r"^(?:Читать|Читаем|Чтение)\b", regex.I)
"""A reader site's header opens with its verb (``Читать книгу …``); the book's title in
it may be long, so such a header is not held to the word count of other headers."""
_CURRENT_PAGE = regex.compile(
    r"^(?:Текущая\s+)?страница\s*:?\s*\d{1,4}\s*\(\s*(?:всего|из)\b[^()]{0,40}\)\s*$", regex.I
)
"""``Текущая страница: 3 (всего у книги 10 страниц)``: where the reader is in the book."""
_READ_BOOK = regex.compile(
    r"""[-–—]\s+(?:читать|чтение)\b(?:\s+\p{Ll}+){0,3}?\s+(?:книгу|книги|онлайн)
        (?:\s+(?:автора|онлайн|бесплатно|полностью))*""",
    regex.X | regex.I,
)
"""``"Название." - читать интересную книгу автора``, ``Книга - читать онлайн``: the
header a reader site puts before the book's text (the site's verb after a dash)."""
_DOCUMENT_NOTICE = regex.compile(
    r"""\b[Дд]окумент\w*\s+(?:утратил\w*\s+силу|не\s+вступил\w*\s+в\s+силу|отмен[её]н\w*
        |предоставлен\w*)
      |\b(?:[Аа]ктуальн|[Дд]ействующ)\w+\s+(?:верси|редакци)\w+\s+(?:этого\s+)?документа
      |\b[Оо]ткрыть\s+(?:этот\s+)?документ""",
    regex.X,
)
"""A legal database's notice about the document it shows (``Документ утратил силу или
отменен. Подробнее см. Справку``, ``Откройте актуальную версию документа``, an offer to
open the document in the database's own program): the laws never speak of themselves
as a document."""
_DOCUMENT_HINT = "окумент"
"""What every ``_DOCUMENT_NOTICE`` line holds."""
_SITE_NOTICE = regex.compile(
    r"""^\W*(?:©|\(c\)\s*\d{4}|copyright\b)
      |\bвсе\s+права\s+(?:защищены|охраняются)
      |\b(?:копирование|перепечатка)\s+(?:\w+\s+){0,2}?(?:материалов|текстов)
         [^.]{0,40}?(?:запрещен|разрешен|только)
      |\bпри\s+(?:копировании|использовании|цитировании)\s+(?:\w+\s+){0,2}?материалов
         [^.]{0,60}?ссылк
      |\b(?:cookies?|куки)\b""",
    regex.X | regex.I,
)
"""A site's notice of its rights, at a page's foot (``© 2010-2024 Библиотека. Все права
защищены.``, ``Копирование материалов запрещено``, ``При использовании материалов
ссылка обязательна``): the laws' and the commentary's own text has no sign ``©`` and
speaks of no site's materials."""
_BOOK_RIGHTS = regex.compile(r"перев[оеё]д|издани|издательств|isbn|редакц|составител", regex.I)
"""A rights line of the book itself (``© Перевод на русский язык, 1990``, an ISBN): the
book's front matter, which stays its text (``editions.front_matter``)."""
_SITE_NOTICE_HINTS = _Hints(
    "©",
    "(c)",
    "(C)",
    "opyright",
    "OPYRIGHT",
    "защищены",
    "ЗАЩИЩЕНЫ",
    "охраняются",
    "материалов",
    "cookie",
    "Cookie",
    "куки",
)
"""What a ``_SITE_NOTICE`` line holds as written (one of them): cheap substring tests
before the pattern, on lines of the laws' text that rarely hold any."""
_TITLE_BAR = regex.compile(r"^[^\\\n]*\p{L}[^\\\n]*[ \t]\\[ \t]+\p{L}[\p{L}\d.+-]*$")
"""``Заголовок статьи \\ Сайт``: a page's title bar, the document's title and, after a
backslash between blanks, the one word of the site's name; no sentence of a page's
own text ends so (the title of a law of another sport given alone on a page)."""
READER_HEADER_AT_START = regex.compile(
    r"""^[ \t]*(?:"[^"\n]{1,150}"|«[^»\n]{1,150}»)[ \t]*""" + _READ_BOOK.pattern + r"[ \t]+(?=\S)",
    regex.X | regex.I,
)
"""The same header glued to the start of a line of text (a page whose line breaks were
lost): the quoted title, the dash and the site's verb, and the text after them."""
_CATALOGUE_COUNTER = regex.compile(r"^\d[\d ]*\s+\p{L}+(?:\s*,\s*\d[\d ]*\s+\p{L}+)+\s*\.?$")
"""``355 500 произведений, 25 200 авторов.``: a site's catalogue counters (number and
noun, two or more, nothing else; one number runs to thousands)."""
_BIG_NUMBER = regex.compile(r"\d[\d ]{3,}\d")
_MONTH = r"(?:янв|фев|мар|апр|ма[йя]|июн|июл|авг|сен|окт|ноя|дек)\p{Ll}*\.?"
_SHARE = regex.compile(
    r"^(?:\p{Lu}[^.!?]{0,40}\?\s*)?"
    r"(?:Поделитесь|Расскажите\s+(?:о\s+ней\s+)?друзьям"
    r"|Добавьте(?:\s+\p{L}+)?\s+в\s+(?:избранное|закладки))\b[^.!?]{0,60}!?$"
    r"|^Поделиться(?:\s+\p{L}+){0,2}\s*:?$"
    r"|^Поделиться\s*:(?:[\s,|•·]+(?:\p{Lu}|[A-Za-z])[\p{L}.+]*){1,8}$"
)
"""``Понравилась книга? Поделитесь с друзьями:``, ``Добавьте её в избранное!``,
``Поделиться:``, ``Поделиться: ВКонтакте Facebook Telegram``: a page's invitation to
share it or keep it, in the imperative a site addresses its reader with, or a button of
three words at most, or the button and the names of the networks it shares to, each
capitalised or in Latin letters (a sentence about sharing information with a partner
says «поделиться» within it, and with words in small letters after it)."""
_SHARE_HINTS = _Hints("оделит", "асскажите", "обавьте")
_DATE = r"\d{1,2}\.\d{1,2}\.\d{2,4}"
"""A date in figures (``12.03.2019``), as a post's stamp, a comment's header and a piece's
trait (``_DATE_STAMP``, ``_COMMENT_HEADER``, ``_DATE_WORD``) read it."""
_COMMENT_HEADER = regex.compile(
    rf"""^\p{{Lu}}[\p{{L}}\d_.\-]{{1,30}}(?:\s+\p{{Lu}}[\p{{L}}\-]{{1,30}})?\s*[,(]?\s*
        {_DATE}[,\s]+(?:в\s+)?\d{{1,2}}:\d{{2}}\s*\)?\s*[:\-–—]""",
    regex.X,
)
"""``Иван, 12.03.2019 в 14:30: …``, ``Пётр (05.06.2020 14:30) - …``: a reader's comment
under the text, its author, date and time first (a preface's signature or an appeal's
decision gives a place or a name and a date, never the minute)."""
_FORUM_USER = r"[\p{L}\d_.\-]{2,30}(?:[ \t][\p{L}\d_.\-]{1,30})?"
"""A forum member's name: a login, or a first name and a surname."""
_FORUM_POST = regex.compile(
    rf"""^(?:Сообщение\s+)?{_FORUM_USER}\s*»\s*(?:\p{{L}}{{2}},?\s+)?
        (?:\d{{1,2}}\s+{_MONTH}\s*\d{{4}}|{_MONTH}\s+\d{{1,2}},\s*\d{{4}}|{_DATE})
        [,\s]+(?:в\s+)?\d{{1,2}}:\d{{2}}(?::\d{{2}})?(?:\s*[ap]m)?$""",
    regex.X | regex.I,
)
"""``Сообщение Сергей_К » 14 фев 2013, 21:07``: a forum post's header, its author, then
``»`` (``_FORUM_HINT``, a word of its own) and the minute it was posted; a comment's
header as ``_COMMENT_HEADER`` is."""
_FORUM_HINT = "»"
_QUOTE_CAPTION = regex.compile(
    rf"""^(?:{_FORUM_USER}\s+(?:на)?писал\(а\)\s*:
      |{_FORUM_USER}\s+wrote\s*:
      |(?:Цитата|Quote)(?:\s*\([^()\n]{{0,60}}(?:@|\d:\d\d)[^()\n]{{0,40}}\)
        |\s*:\s*Сообщение\s+от\s+{_FORUM_USER})?\s*:?
    )$""",
    regex.X,
)
"""A forum's caption over the post it quotes (``Иван писал(а):``, ``Цитата(Иван @ 14
окт 2007, 02:48)`` with its stamp, ``Цитата: Сообщение от Иван``): a forum member
quoting the laws sets their text under it. The book never writes «(а)» after a verb,
nor a bare «Цитата»; «Цитата (Правило 14):» is a line of the text."""
_FORUM_LINE = regex.compile(
    r"""^(?:Вернуться\s+к\s+началу|Ответить\s+с\s+цитатой|Профиль(?:\s+ЛС)?
      |Сейчас\s+этот\s+форум\s+просматривают\s*:.{0,200}
      |Кто\s+сейчас\s+на\s+(?:конференции|форуме)\b.{0,200}
      |Показать\s+сообщения\s+за\s*:.{0,200}
      |(?:Вы\s+не\s+можете\s+(?:начинать|отвечать|редактировать|удалять|добавлять)\s[^.]{1,60}\.?\s*)+
      |Последний\s+раз\s+редактировалось\s.{1,160}
      |(?:Сообщени[йя]|Зарегистрирован)\s*:\s*[\d\s.,:]{1,40}
    )$""",
    regex.X,
)
"""A forum's buttons and notices around its posts (``Вернуться к началу``, ``Сейчас
этот форум просматривают: …``, ``Вы не можете отвечать на сообщения``, ``Последний
раз редактировалось …``, a member's count of posts)."""
_BUTTON = regex.compile(
    r"""^(?:Принять(?:\ все)?|Понятно|Согласен|Согласна|Закрыть|Отказаться
      |Показать\ полностью(?:…|\.\.\.)?|Развернуть|Свернуть
      |(?:Полная|Мобильная)\ версия(?:\ сайта)?
      |Подпишитесь(?:\ на\ (?:нашу\ )?рассылку)?
      |Введите\ (?:ваш\ )?(?:e-?mail|адрес\ (?:электронной\ )?почты)
      |Post\ a\ Comment|Leave\ a\ (?:Reply|Comment)|Reply|Share(?:\ this)?|Email\ This|BlogThis!
      |(?:Newer|Older)\ Posts?(?:\ (?:Newer|Older)\ Posts?)?(?:\ Home)?|Home
      |Subscribe\ to:?\ Posts?(?:\ Comments)?(?:\ \(Atom\))?
      |(?:Previous|Next)\ Entry(?:\ \|\ (?:Previous|Next)\ Entry)?
      |(?:\d{1,4}|No)\ comments?:?)$""",
    regex.X,
)
"""A page's button or a form's field label, the whole line, capitalised as a button
is: a consent banner's ``Принять``, ``Полная версия сайта``, a post's ``Показать
полностью…``, a newsletter's ``Подпишитесь на рассылку`` and ``Введите ваш e-mail``;
a blog platform's English template under a post (``Post a Comment``, ``Newer Post
Older Post Home``, ``2 comments``, ``Previous Entry | Next Entry``)
(``_BUTTON_REASON``: read only where no sentence runs through the line)."""
_BUTTON_INITIALS = frozenset("ПСЗОМРВ" + "PLRSEBNOH" + "0123456789")
_BUTTON_REASON = "button"
"""Why a ``_BUTTON`` or ``_BACK_LINK`` line is the template: kept only where the lines
around it run no sentence through it (``chrome_lines``)."""
_POSTED_MINUTE = regex.compile(r"^\d{1,2}:\d{2}$")
"""``12:40``: the minute a social post was posted, alone on its line under the post."""
_MINUTE_REASON = "minute"
"""Why a ``_POSTED_MINUTE`` line is the template, kept only as ``_BUTTON_REASON`` is."""
_IN_CONTEXT = (_BUTTON_REASON, _MINUTE_REASON)
"""Shapes a line has alone that a sentence running through it overrules."""
_BUTTON_HINTS = (
    "версия",
    "рассылк",
    "подпишит",
    "e-mail",
    "email",
    "почты",
    "полностью",
    "comment",
    "post",
    "entry",
    "subscribe",
)
"""What a ``_BUTTON`` line of more than one word holds (casefolded)."""
_FORWARDED_HINTS = ("forwarded", "переслано")
_FORUM_HINTS = _Hints(
    "писал(а)",
    "wrote",
    "цитат",
    "quote",
    "сообщени",
    "вернуться",
    "профиль",
    "просматрива",
    "конференци",
    "вы не можете",
    "редактировалось",
    "зарегистрирован",
)
"""What a ``_QUOTE_CAPTION`` or a ``_FORUM_LINE`` line holds (casefolded)."""
_COMMENT_LINK_HINTS = _Hints("комментарий", "отзыв")
_COMMENT_LINK = regex.compile(r"^(?:Добавить|Оставить|Написать)\s+(?:комментарий|отзыв)\s*:?$")
"""``Добавить комментарий``: a link under a page's text, alone on its line."""
_DATE_STAMP = regex.compile(
    rf"""^(?:(?:\d{{1,2}}\s+{_MONTH}\s*\d{{4}}|{_DATE}|\d{{4}}-\d{{2}}-\d{{2}})
        (?:(?:\s*(?:в\s+)?|T)\d{{1,2}}:\d{{2}}(?::\d{{2}})?)?\s*)+$""",
    regex.X | regex.I,
)
"""``09.02.2018 14:13``, ``18 июля 2025``, ``2015-03-12 14:30:00``: a post's date stamp
alone on its line (a dated sentence or a year with «г.» is text)."""
_BYLINE_OPENING = regex.compile(
    r"^(?:Опубликовано|Добавлено|Размещено|Дата\s+(?:публикации|добавления))\b", regex.I
)
_BYLINE = regex.compile(
    _BYLINE_OPENING.pattern
    + rf"""\s*:?\s*(?:{_DATE}|\d{{1,2}}\s+{_MONTH}\s*\d{{4}}(?:\s*г\.)?)
      (?:[\s,]+(?:в\s+)?\d{{1,2}}:\d{{2}})?
      (?:[\s,|]+(?:автором|автор:?|пользователем|by)\s+\S+(?:\s+\S+)?)?\s*$""",
    regex.I | regex.X,
)
"""``Опубликовано 12.03.2015 автором admin``, ``Дата публикации: 5 мая 2016``: a post's
byline, its verb in the past or its label, then its date (a sentence of the book
dates nothing so)."""
_POSTED_BY = regex.compile(
    r"^Posted\s+by\s+[\p{L}\d_.\-]+(?:\s+[\p{L}\d_.\-]+){0,2}?(?:\s+(?:at|on)\s+[\p{L}\d:,./ ]{1,30})?$"
)
"""``Posted by Иван Петров at 14:22``: a blog platform's English byline under a post."""
_ARCHIVE_NOTICE = regex.compile(
    r"""^(?:The\s+Wayback\s+Machine\b.*|About\s+this\s+capture|COLLECTED\s+BY|TIMESTAMPS
      |Collection:\s.{0,80}|\d[\d,]*\s+captures?
      |(?:Это|Перед\s+вами)\s+(?:сохран[её]нная\s+копия|копия\s+из\s+(?:кеша|кэша))\b.{0,120}
      |This\s+is\s+Google's\s+cache\b.{0,160})$""",
    regex.X,
)
"""A web archive's toolbar over the copy it keeps (``The Wayback Machine - https://…``,
``12 captures``, ``About this capture``), or a search engine's notice over its cached
copy (``Это сохранённая копия страницы …``); the lines between them (the range of
dates, a day, a bar of years) go with them (``_grow``)."""
_ARCHIVE_HINTS = _Hints("wayback", "capture", "collect", "timestamps", "копия", "cache")
_ADVERT = regex.compile(
    r"""^(?:Реклама(?:\s+от\s+\S+)?|Рекламный\s+блок|Яндекс\.\s?Директ|Спонсорские\s+ссылки
      |Скрыть\s+(?:объявление|рекламу)|Пожаловаться\s+на\s+рекламу|Отключить\s+рекламу
      |Ads\s+by\s+Google|Advertisement)\s*:?$""",
    regex.X | regex.I,
)
"""The label a site sets over or under an advert among a page's text (``Реклама``,
``Яндекс.Директ``, ``Скрыть объявление``); the advert's own lines are read by
``_adverts``."""
_ADVERT_HINTS = _Hints("реклам", "директ", "спонсор", "объявлен", "ads", "advert")
_READING_TIME = regex.compile(r"^\d{1,3}\s*мин(?:\.|ут[аы]?)?(?:\s+чтения)?$", regex.I)
"""``2 мин``: a post's reading time."""
_POST_STATS = regex.compile(
    r"""^(?:(?:[\U0001F300-\U0001FAFF\u2764\u2B50]\uFE0F?\s*)+\d[\d.,]*\s*(?:[KkMКк]|тыс\.?)?\s*)+$
      |^\d[\d.,]*\s*(?:[KkMКк]|тыс\.?)?\s*просмотр\w*$""",
    regex.X,
)
"""A social post's counters under it: ``👁 1.2K``, ``👍 12 ❤ 3`` (an emoji and a count,
each; not a suit's sign, ``♠ КД10``, nor ``№``), ``1,2 тыс. просмотров``."""
_BACK_LINK = regex.compile(
    r"""^(?:↑\s*)?(?:(?:Вернуться|Перейти|Назад)\s+[кв]|К|В)\s+
      (?:(?<=[кК]\s+)(?:оглавлению|содержанию|началу(?:\s+страницы)?|списку(?:\s+правил)?)
        |(?<=[вВ]\s+)(?:начало(?:\s+страницы)?|оглавление|содержание))\s*[↑»]?$""",
    regex.X,
)
"""``К оглавлению``, ``Вернуться к содержанию``, ``↑ В начало страницы``: a link back to a
page's contents or top, the whole line (a sentence of the book that opens «К началу
торговли …» goes on)."""
_BACK_LINK_HINTS = _Hints("оглавлени", "содержани", "начал", "списку")
_FORWARDED = regex.compile(r"^(?:Forwarded\s+from|Переслано\s+(?:от|из))\s+\S.{0,60}$")
"""``Forwarded from Клуб``: a messenger channel's note over a post it passes on."""
_SPACED_MENU = regex.compile(r"^\S+(?: \S+){0,2}(?:(?: {3,}|\t+)\S+(?: \S+){0,2}){3,}$")
"""``НОВОСТИ    БИБЛИОТЕКА    КАРТА САЙТА    О НАС``: four or more short items apart by
runs of spaces, from the first column (a DOS e-text centres its titles and spreads
them: they are indented)."""
_BAR_MENU = regex.compile(
    r"^(?P<item>[\p{Lu}\p{Ll}][\p{L}\p{Pd}]*(?:[ \t][\p{L}\p{Pd}]+){0,2})"
    r"(?:[ \t]+\|[ \t]+(?&item)){3,}$"
)
"""``Домашняя | Книжная полка | Свежие поступления | Гостевая``: a site's menu on one
line, four items or more of three words at most apart by bars, no digit, no stop. A
table's row of words has another row beside it (``chrome_lines`` keeps it:
``_table_rows``)."""
_TABLE_ROW = regex.compile(r"\|[ \t]{2,}\S")
"""``|      cell      |      cell      |``: a row of a text saved from a table (its
first border, then space), whose cells are the page's own lines, however short."""
_CELL_BORDER = regex.compile(r"^[ \t]*\|[ \t]*|[ \t]*\|[ \t]*$|[ \t]{2,}\|[ \t]{2,}")
"""A border between two cells of such a row, or at its edge: a bar with runs of blanks
beside it (a bar with a blank each side is a cell's own: a site's links to the laws
beside, ``« Правило 63 | Оглавление | Правило 65 »``)."""


_CELL_SHAPES = frozenset(("pager",))
"""The shapes of template lines ``template_cells`` takes in a cell: the links back to
the page's top and to the pages beside."""


def template_cells(line: str) -> list[tuple[int, int, str]]:
    """The cells of a row of a text saved from a table (``_TABLE_ROW``) that are the
    site's template lines by their shape (``line_shape``): ``(start, end, why)`` of each
    cell's words in ``line``. The table joined what were the page's lines, its template
    lines with them (a link back to the page's top over a law's heading, the links to
    the laws beside under its text), so the profile, which reads whole lines, finds
    them only here. Only a link to move about the site is one (``_CELL_SHAPES``): a
    cell's short words, a date or a sign are a table's content as often (a law's title
    read as a menu, a section's letter or a table's ``+`` as a setting)."""
    if not _TABLE_ROW.match(line.lstrip(" \t")):
        return []
    out, at = [], 0
    for m in [*_CELL_BORDER.finditer(line), None]:
        end = m.start() if m is not None else len(line)
        if end > at:
            shape = line_shape(line[at:end])
            if shape in _CELL_SHAPES:
                out.append((at, end, shape))
        if m is not None:
            at = m.end()
    return out


def _nearest_text(lines: list[str], i: int, step: int) -> int | None:
    """The index of the first line with text from line ``i`` on in the direction
    ``step`` (its own line left out), or None."""
    j = i + step
    while 0 <= j < len(lines) and not lines[j].strip():
        j += step
    return j if 0 <= j < len(lines) else None


def _table_rows(lines: list[str], shapes: dict[int, str | None]) -> list[int]:
    """The lines ``_BAR_MENU`` shaped as a menu that are a table's rows: the nearest line
    with text above or below has bars too (``Масть | Пики | Черви | Бубны`` over
    ``За взятку | 30 | 30 | 20``). A site's menu stands alone among its page's lines, or
    over another menu of another count of items, the two alone (a site's sections over a
    category's): a third line with bars beside them, or a neighbour that is no menu's
    shape (a row with figures, longer cells, an empty cell), makes them a table's."""

    def barred(j: int | None) -> bool:
        return j is not None and "|" in lines[j]

    def stacked(i: int, j: int) -> bool:  # two menus of different counts, nothing barred beside
        top, bottom = min(i, j), max(i, j)
        return (
            shapes.get(j) == "menu"
            and _cells(lines[i]) != _cells(lines[j])
            and not barred(_nearest_text(lines, top, -1))
            and not barred(_nearest_text(lines, bottom, 1))
        )

    out = []
    for i, shape in shapes.items():
        if shape != "menu" or " | " not in lines[i]:
            continue
        near = (_nearest_text(lines, i, -1), _nearest_text(lines, i, 1))
        if any(barred(j) and not stacked(i, j) for j in near if j is not None):
            out.append(i)
    return out


def _cells(line: str) -> int:
    """The cells of a line of bars, the empty ones at its edges not counted."""
    return len(bar_cells(line))


def shape_among(lines: list[str], i: int) -> str | None:
    """``line_shape`` of line ``i`` read among the lines around it: a line of bars
    shaped as a menu that is a table's row (``_table_rows``) is none of the template
    (for a line read again once decoded, ``clean.decoded_chrome``)."""
    shape = line_shape(lines[i])
    if shape == "menu" and _table_rows(lines, {i: shape}):
        return None
    return shape


_BREADCRUMB_SEP = regex.compile(r"\s(?:/|»|>|→|›|·)\s")
"""Separators of a breadcrumb trail (a bar is not one: table rows use it)."""
_SETTING = regex.compile(
    r"^\s*(?:[-+]|[AaАа]{1,2}(?:\s+[AaАа]{1,2}){0,3}|[A-Za-z]{2}(?:\s+[A-Za-z]{2}){1,3}|Текст)\s*$"
)
"""Font-size buttons (``+``, ``-``, ``A A A``), language toggles (``En Ru``) and a
colour's sample (``Текст``)."""
_FONT_NAME = regex.compile(
    r"""^\s*(?:Roboto|Garamond|Fira\ Sans|Times(?:\ New\ Roman)?|Arial|Georgia|Verdana
      |Open\ Sans|PT\ (?:Serif|Sans)|Helvetica|Tahoma|Courier(?:\ New)?|Lora|Merriweather
      |Noto\ (?:Sans|Serif))\s*$""",
    regex.X,
)
"""A font's name alone on a line: a reader site's choice of typeface."""
_DIGITS = regex.compile(r"\d+")
_ELLIPSIS = regex.compile(r"…|\.{2,3}")
_LETTER_OR_RANGE = regex.compile(r"\p{L}(?:[-–]?\p{L})?")
_RANGE = regex.compile(r"(\p{Lu})[-–](\p{Lu})")
_BULLETS = "-–—•·*"
BULLET_AT = regex.compile(rf"^[{_BULLETS}]\s+")
"""A bullet opening a line (a list item, a menu's link), whatever follows it."""
_BULLETED = regex.compile(rf"^[{_BULLETS}]\s+(\S.*)$")
_INDENT = " " * 5
"""The spaces every ``_INDENTED`` line opens with."""
_INDENTED = regex.compile(rf"^{_INDENT} *\S")
_JUSTIFIED = regex.compile(r"\S\S {2,}\S|\S {2,}\S\S")
"""A gap of two spaces or more beside a word of two characters or more: justified
text. A title printed in spaced letters (``П р а в и л о  6 4 .``) has its wide
gaps between single characters only."""
_WORD = regex.compile(r"\p{L}+")
_MORE_LINK = regex.compile(r"^\p{Lu}\p{Ll}*(?:\s+\p{L}+){0,2}(?:\.{3}|…)$")
"""``Другие игры...``, ``Читать далее…``: a link to the rest of a list or a text."""

# Cheap necessary conditions for the patterns above, tested on the line in lower
# case (``str.casefold``: every character ``regex``'s IGNORECASE folds to a letter of
# these words folds to it here too). A pattern is tried only where its hint is found:
# trying ``_URL`` or ``_PAGER_LINK`` on every line cost more than the rest of the profile.
_PAGER_LINK_HINTS = _Hints("перв", "пред", "след", "посл", "назад", "вперед", "вперёд")
"""Every ``_PAGER_LINK`` match holds one of these."""
_PAGER_WORDS_HINTS = _Hints(
    *_PAGER_LINK_HINTS, "в начало", "к началу", "наверх", "вверх", "перейти"
)
"""Every ``_PAGER_WORDS`` match holds one of these."""
_NEIGHBOUR_HINTS = _Hints(*_PAGER_WORDS_HINTS, "далее", "оглавлен", "содержан", "начало")
"""Every ``_neighbour_links`` line holds one of these, or an arrow of ``_NEIGHBOUR_ARROWS``."""
_NEIGHBOUR_ARROWS = _Hints("<<", ">>", "«", "»", "‹", "›", "←", "→")
"""The arrows of ``_NEIGHBOUR_LINK``."""
_CURRENT_PAGE_INITIALS = ("т", "с")
"""What a ``_CURRENT_PAGE`` match opens with, in lower case (``Текущая``, ``страница``)."""
_READING_PAGE_HINTS = _Hints("стр.", "страница", "page")
_READ_BOOK_HINTS = _Hints("читать", "чтение")
_BREADCRUMB_MARKS = _Hints(*"/»>→›·")
"""A breadcrumb trail's separators (``_BREADCRUMB_SEP``): a line without one is none."""
_NOT_IN_LABEL_LINE = _Hints(*".!?;")
"""A ``_UI_LABEL`` line holds none of these (its labels hold none either)."""
_TLDS = tuple("ru com net org ua info club me su by kz io vip in biz cc".split())
"""The domains ``_URL`` knows, each after a dot."""
_DOT_TLD = re.compile(r"\.(?:" + "|".join(map(re.escape, _TLDS)) + ")")
"""A dot and one of ``_TLDS`` after it: where ``_URL`` may find a site's name (literals
only, for the standard library's ``re``, which looks for the dot as ``str.find`` does
where ``regex`` tries every position: half the time on a line of prose)."""
_WHITESPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
"""The characters ``regex`` calls ``\\s`` (``str.strip()`` takes ``\\x1c``–``\\x1f`` too)."""
_ENDS = frozenset('.!?:;…)»"')
"""What a line of text ends with (before trailing white space) when it ends a
sentence or a quotation."""
_SENTENCE_ENDS = frozenset(".!?;:,…")
"""What a sentence or a clause ends with: a line ending so is no menu item."""


def _has_any(low: str, hints: _Hints) -> bool:
    return hints.search(low) is not None


def _url_hint(s: str, low: str) -> bool:
    """Whether ``_URL`` can match ``s`` (``low``: ``s.casefold()``)."""
    return "://" in s or "www." in low or ("." in low and _DOT_TLD.search(low) is not None)


def _ended(line: str) -> bool:
    """The line's last character before trailing white space is one of ``_ENDS``
    (a test of the last character: a pattern ending in ``\\s*$`` is tried at every
    character of the line)."""
    return line.rstrip(_WHITESPACE)[-1:] in _ENDS


def inside_a_sentence(above: str, below: str) -> bool:
    """A line between ``above`` and ``below`` stands inside a sentence: the text above
    runs on (no end of a sentence or a unit), the text below goes on in small letters."""
    return not _ended(above) and below.lstrip()[:1].islower()


def _sentence_end(line: str) -> bool:
    """The line's last character before trailing white space is one of ``_SENTENCE_ENDS``."""
    return line.rstrip(_WHITESPACE)[-1:] in _SENTENCE_ENDS


def _counting(s: str, linked: bool = False) -> bool:
    """Three or more page numbers that count up by one, where an ellipsis may
    skip ahead (``1 ... 77 78 79 ... 308``). Between ``linked`` previous and next
    links the pages around the current one may repeat the first ones
    (``1 2 3 … 2 3 4 5 6 … 88``): each run counts up and the last page is the
    highest."""
    runs = [[int(n) for n in _DIGITS.findall(part)] for part in _ELLIPSIS.split(s)]
    nums = [n for run in runs for n in run]
    if len(nums) < 3:
        return False
    if linked:
        if nums[-1] != max(nums):
            return False
    elif any(b <= a for a, b in itertools.pairwise(nums)):
        return False
    return (
        all(b == a + 1 for run in runs for a, b in itertools.pairwise(run))
        and max(map(len, runs)) >= 2
    )


def _alphabet_bar(s: str) -> bool:
    """The whole alphabet, or ranges of letters, on one line."""
    toks = s.split()
    n = len(toks)
    if n < 8:
        return False
    need = 0.8 * n
    if len([t for t in toks if len(t) <= 3]) < need:
        return False  # too few tokens short enough to be letters (the loop below would say so)
    singles = []
    missed = 0
    for t in toks:
        if len(t) <= 3 and _LETTER_OR_RANGE.fullmatch(t):
            singles.append(t)
        else:
            missed += 1
            if n - missed < need:  # too few tokens left to be letters: a line of words
                return False
    # in alphabetical order (a spaced-out title such as ``П Р А В И Л О`` is not)
    firsts = [t[0].upper() for t in singles]
    rising = sum(1 for a, b in itertools.pairwise(firsts) if b > a)
    return rising >= 0.8 * (len(firsts) - 1)


def _alphabet_range(s: str) -> bool:
    """``А-П``, ``П-Я``, ``А-Г Д-К``: a range or a few of the alphabet's letters alone on
    a line (half of a reader site's alphabet bar, split over lines); each range rises,
    and so does a row of them. Ranges of Roman numeral letters (``I-V``) are numbers."""
    toks = s.split()
    if not 1 <= len(toks) <= 7:
        return False
    pairs = []
    for t in toks:
        m = _RANGE.fullmatch(t)
        if not m or m[2] <= m[1] or not set(m[1] + m[2]) - set("IVXLCDM"):
            return False
        pairs.append((m[1], m[2]))
    return all(b[0] >= a[1] for a, b in itertools.pairwise(pairs))


def _breadcrumb(s: str) -> bool:
    """``Site / Genre / Author / Title``: short segments joined by separators."""
    parts = _BREADCRUMB_SEP.split(s)
    return len(parts) >= 3 and all(len(p.split()) <= 7 for p in parts) and not _sentence_end(s)


def _neighbour_links(s: str) -> bool:
    """``s`` (stripped) is a line of links to the laws beside a page's law, and maybe to
    the contents (``« Правило 63 | Оглавление | Правило 65 »``, ``Далее: Правило 65.
    Порядок расположения взяток``): every piece between bars, bullets or runs of blanks is
    a ``_NEIGHBOUR_LINK``, one names a law, and each that does says where it leads (an
    arrow or a pager's word), unless a link to the contents stands among them. A law's
    heading, a reference (``см. Правило 63``) or a sentence (``Далее судья …``) is none."""
    links = []
    for piece in _NEIGHBOUR_LINKS_APART.split(s.strip(" \t|•·¶")):
        m = _NEIGHBOUR_LINK.match(piece)
        if m is None:
            return False
        links.append(m)
    named = [m for m in links if not m["contents"]]
    return bool(named) and (
        len(named) < len(links) or all(m["word"] or m.captures("arrow") for m in named)
    )


def line_shape(line: str) -> str | None:
    """The kind of template line ``line`` is by its shape alone, or ``None``. A new
    shape keeps ``_may_have_shape`` true of every piece of words it finds a shape in
    (the search of collapsed pages tries the shapes only there). A line with no shape
    of its own is read again without a quotation's margin (``QUOTE_MARGIN``): a mail's
    or a forum's copy quotes the site's template lines with the text; and without the
    characters no reader sees (``_UNSEEN``: a stress mark, a decomposed letter's mark)."""
    shape = _shape(line)
    if shape is None and line.lstrip()[:1] == ">":
        if rest := unquoted(line).strip():
            return _shape(rest)
    if shape is None and _UNSEEN.search(line):
        # a stress mark or a letter's decomposed mark, a character no reader sees: the
        # line is judged as its reader sees it (``Оглавле́ние``), as the cleaner reads it
        return line_shape(_UNSEEN.sub("", line))
    return shape


def _shape(line: str) -> str | None:
    """``line_shape`` of ``line`` as it stands."""
    # a pilcrow after the line is an e-book dump's paragraph end (``| Наверх ↑¶``)
    s = line.strip().rstrip("¶ \t")
    if s[:1] == "?":
        # the run of ``?`` a reader site left for the line's indentation says nothing of
        # it (the cleaner removes it: a label «Шрифт» after it is a label still)
        s = _LEADING_QUESTIONS.sub("", s)
    if not s:
        return None
    words = len(s.split())
    digit = _DIGITS.search(s) is not None
    if _DOCUMENT_HINT in s and words <= 30 and _DOCUMENT_NOTICE.search(s):
        return "document notice"
    if (
        words <= 30
        and _has_any(s, _SITE_NOTICE_HINTS)
        and _SITE_NOTICE.search(s)
        and not _BOOK_RIGHTS.search(s)
    ):
        return "site notice"
    # cheap string tests guard every pattern: most lines are long lines of words
    if words > 16 and not digit:
        return "alphabet bar" if _alphabet_bar(s) else None
    low = s.casefold() if words <= 40 else ""
    # before the headings: a link to the next law may read as its heading
    # (``Правило 65. Порядок расположения взяток →``)
    if (
        digit
        and words <= 30
        and (_has_any(s, _NEIGHBOUR_ARROWS) or _has_any(low, _NEIGHBOUR_HINTS))
        and _neighbour_links(s)
    ):
        return "pager"
    if _structural(s):
        return None
    if (words <= 10 and _has_any(low, _PAGER_WORDS_HINTS) and _PAGER_WORDS.match(s)) or (
        s[:1] in "СсPp" and _PAGER_LABEL.match(s)
    ):
        return "pager"
    if digit:
        if not s[0].isalpha() and _PAGER_NUMBERS.match(s) and _counting(s):
            return "pager"
        if _has_any(s.casefold(), _PAGER_LINK_HINTS) and _PAGER_LINK.search(s):
            rest = _PAGER_LINK.sub(" ", s)
            if _PAGER_NUMBERS.match(rest) and _counting(rest, linked=True):
                return "pager"
    if words >= 8 and _alphabet_bar(s):
        return "alphabet bar"
    if words <= 7 and len(s) <= 27 and ("-" in s or "–" in s) and _alphabet_range(s):
        return "alphabet range"
    if words == 1 and _FILE_NAME.match(s):
        return "file name"
    if digit and words <= 8 and (_PHONE.match(s) or _SIZE_OR_COUNTER.match(s)):
        return "counter"
    # these three open with a digit, and a date stamp or a reading time too
    number_first = digit and s[0].isdigit()
    if number_first and words <= 10 and _CATALOGUE_COUNTER.match(s) and _BIG_NUMBER.search(s):
        return "counter"
    if number_first and words <= 8 and _DATE_STAMP.match(s):
        return "date stamp"
    if number_first and words <= 3 and _READING_TIME.match(s):
        return "counter"
    if digit and words <= 8 and not s[0].isalpha() and _POST_STATS.match(s):
        return "counter"
    if words == 1 and digit and _POSTED_MINUTE.match(s):
        return _MINUTE_REASON
    if words <= 10 and s[:1] in "FП" and _FORWARDED.match(s):
        return "header"
    if words <= 30 and _has_any(low, _ARCHIVE_HINTS) and _ARCHIVE_NOTICE.match(s):
        return "archive"
    if words <= 4 and _has_any(low, _ADVERT_HINTS) and _ADVERT.match(s):
        return "advert"
    if digit and words <= 12 and s[:1] in "ОоДдРр" and _BYLINE.match(s):
        return "byline"
    if words <= 10 and s.startswith("Posted by") and _POSTED_BY.match(s):
        return "byline"
    if digit and words <= 12 and low[:1] in _CURRENT_PAGE_INITIALS and _CURRENT_PAGE.match(s):
        return "header"
    if words <= 12 and ("." in s or "/" in s) and _url_hint(s, low) and _URL.search(s):
        return "link"
    if words <= 24 and "." in s[:40] and not _ended(s) and _url_hint(s, low) and _URL.match(s):
        # a counter's or an advert's caption opens with its site (``site.ru: показано
        # число просмотров за 24 часа…``): no sentence of a page's own does
        return "link"
    if (
        digit
        and _has_any(low, _READING_PAGE_HINTS)
        and _READING_PAGE.search(s)
        and (words <= 16 or (words <= 40 and _READER_VERB.match(s)))
    ):
        return "header"
    if words <= 24 and "\\" in s and not _sentence_end(s) and _TITLE_BAR.match(s):
        return "header"
    if (
        words <= 40
        and _has_any(low, _READ_BOOK_HINTS)
        and _READ_BOOK.search(s)
        and _READ_BOOK.search(s).end() == len(s)
    ):
        return "header"
    if words <= 16 and _has_any(s, _BREADCRUMB_MARKS) and _breadcrumb(s):
        return "breadcrumb"
    if words <= 14 and _has_any(low, _SHARE_HINTS) and _SHARE.match(s):
        return "share"
    if words <= 3 and _has_any(low, _COMMENT_LINK_HINTS) and _COMMENT_LINK.match(s):
        return "menu"
    if digit and s[0].isupper() and _COMMENT_HEADER.match(s):
        return "comment"
    if digit and _FORUM_HINT in s and words <= 12 and _FORUM_POST.match(s):
        return "comment"
    if (
        words <= 40
        and _has_any(low, _FORUM_HINTS)
        and (_QUOTE_CAPTION.match(s) or _FORUM_LINE.match(s))
    ):
        return "forum"
    if words <= 6 and _has_any(low, _BACK_LINK_HINTS) and _BACK_LINK.match(s):
        return _BUTTON_REASON
    if words <= 5 and s[0] in _BUTTON_INITIALS and _BUTTON.match(s):
        return _BUTTON_REASON
    if words <= 10 and not _has_any(s, _NOT_IN_LABEL_LINE) and _UI_LABEL.match(s):
        return "menu"
    if (
        words <= 14
        and _has_any(low, _POST_HINTS)
        and (_POST_LABEL.match(s) or _RELATED_HEAD.match(s))
    ):
        return "menu"
    if words <= 16 and not digit and " | " in s and _BAR_MENU.match(s):
        return "menu"
    if (
        words <= 12
        and not digit
        and not line[:1].isspace()
        and not _sentence_end(s)
        and ("   " in s or "\t" in s)
        and not _TABLE_ROW.match(s)
        and _SPACED_MENU.match(s)
    ):
        # items are words, not the letters of a spaced-out title
        found = _WORD.findall(s)
        if sum(len(w) >= 2 for w in found) >= 0.75 * len(found):
            return "menu"
    if len(s) <= 12 and _SETTING.match(s):
        return "setting"
    if len(s) <= _FONT_NAME_CHARACTERS and s[:1].isascii() and _FONT_NAME.match(s):
        return "setting"
    return None


def _core(line: str) -> str:
    """A line without its margin marks (``|``, ``¶``, a quotation's ``>``, bullets),
    which say nothing of what it is."""
    s = line.strip().strip("|¶ \t").strip()
    if s[:1] == "?":
        # the run of ``?`` a reader site left for the line's indentation (the cleaner
        # removes it: ``??????? A.Фальшренонс …`` is a section's heading still)
        s = _LEADING_QUESTIONS.sub("", s)
    if s[:1] == ">":
        s = s[QUOTE_MARGIN.match(s).end() :]
    if s and s[0] in BULLET_GLYPHS and s[0] not in _BULLETS:
        # a word processor's glyph before a heading (``■ Правило 64.``), which the
        # cleaner takes away (``clean.bullet_glyphs``)
        s = s[1:].lstrip()
    return BULLET_AT.sub("", s) if s[:1] in _BULLETS else s


QUESTION_RUN = r"(?:\?{3,}|(?<!\S)\?\?(?:[ \t]+\?\?){2,}(?!\S))"
"""Three or more ``?`` in a row, or three or more pairs apart by blanks (``?? ?? ??``:
a reader site's rendering of an indentation or a rule it could not show); a lone
``??`` after a word is the text's own. The cleaner removes them (``question_runs``)."""
_LEADING_QUESTIONS = regex.compile(rf"^{QUESTION_RUN}[ \t]*")


QUOTE_MARGIN = regex.compile(r"(?:>[ \t]?)+")
"""A quotation's margin at a line's start (``> ``, ``> > ``, ``>> ``), as a mail or a
forum's copy sets it (the cleaner's ``bar_prefix`` takes it out)."""


def unquoted(line: str) -> str:
    """``line`` without a quotation's margin (``QUOTE_MARGIN``) and the blanks before
    it; a line with none as it stands."""
    s = line.lstrip()
    return s[QUOTE_MARGIN.match(s).end() :] if s[:1] == ">" else line


def _misread_law_number(s: str) -> bool:
    """``s`` is a law heading whose number OCR misread (``Правило б7. …``), which the
    cleaner reads back (``clean.ocr_digits``): two copies of a scanned page that opens
    with it share it at their top, as a site's template is shared."""
    return s[:1] == "П" and "б" in s[:16] and OCR_HEADING_NUMBER.match(s) is not None


def _structural(line: str) -> bool:
    s = _core(line)
    # a heading in both languages («Правило 21 / Law 21», «Law 21 Правило 21») is a
    # heading, however much its separators look like a breadcrumb trail's
    return bool(s) and (
        starts_unit(s)
        or (
            s[0] in HEAD_INITIALS
            and (PART_HEAD.match(s) is not None or BILINGUAL_HEAD.match(s) is not None)
        )
        # a law heading whose noun OCR misread (``Правнло 65. …``): the cleaner reads it back
        or (
            s[0].isupper()
            and (m := OCR_LAW_NOUN.match(s)) is not None
            and misread_law_heading(m) is not None
        )
        or _misread_law_number(s)
        # a commentary paragraph whose number OCR misread (``64.1О. Разыгрывающий …``),
        # which the cleaner reads back too: two copies of a page that opens with it share
        # it at their top, as a site's template is shared
        or (
            s[0] not in _NEVER_OCR_COMMENTARY
            and OCR_COMMENTARY_NUMBER.match(s) is not None
            and _COMMENTARY_HEAD_REST.match(s) is not None
        )
    )


_NEVER_OCR_COMMENTARY = never_opening(OCR_COMMENTARY_NUMBER)
"""What no commentary paragraph's number OCR misread opens with (most lines' first letter)."""
_COMMENTARY_HEAD_REST = regex.compile(r"[^.]*\.[^.]*\.[ \t]+\p{Lu}")
"""After a commentary paragraph's number and its stop, a capital opens its words."""


def _listing(line: str) -> bool:
    """An entry of a table of contents or an index (a dot leader to numbers, a ditto
    mark): the page's own content, however short, even when two pages share it."""
    return ("..." in line or "…" in line or "=" in line) and (
        LEADER.search(line) is not None or DITTO.search(line) is not None
    )


_UNKNOWN = object()


def _text_line(line: str, shape: object = _UNKNOWN) -> bool:
    """A line of the page's own text: a heading, a sentence, or a long run of words."""
    s = _core(line)
    return (
        bool(s)
        and (_structural(s) or bool(_sentence_end(s)) or len(s.split()) > 8 or _listing(s))
        and (line_shape(line) if shape is _UNKNOWN else shape) is None
    )


_SHORT_WORDS = 8
"""Most words a line of a site's template has (``_short_non_sentence``)."""


def _short_non_sentence(line: str, lower: bool = False, capitals: bool = False) -> bool:
    """Short, not a sentence, not a structural heading: what a menu item looks
    like (``lower``: it may start with a small letter, as an advert does;
    ``capitals``: it may be in capitals, as a site's category menu is, where no
    title of the page's own can stand). A link to more of a list (``Другие
    игры...``: a few words and an ellipsis) is no sentence either."""
    s = _core(line)
    if not s or _structural(s) or _listing(s):
        return False
    words = _WORD.findall(s)
    if not words:
        return False  # rules, bars and numbers have repairs of their own
    return (
        len(s.split()) <= _SHORT_WORDS
        and (not _sentence_end(s) or _MORE_LINK.match(s) is not None)
        and (lower or not s[0].islower())
        and not (not capitals and all(w.isupper() for w in words) and not _UI_LABEL.match(s))
    )


# ---------------------------------------------------------------------------
# Chrome: shape, runs, neighbourhood and repetition.


def _pager_runs(lines: list[str]) -> set[int]:
    """Three or more lines of one number each, counting up by one (blank lines
    between allowed): a pager rendered one link per line, not page numbers."""
    out: set[int] = set()
    run: list[tuple[int, int]] = []

    def flush():
        if len(run) >= 3:
            out.update(i for i, _ in run)

    for i, line in enumerate(lines):
        if not line.strip():
            continue
        m = _LONE_NUMBER.match(line)
        if m and run and int(m[1]) == run[-1][1] + 1:
            run.append((i, int(m[1])))
            continue
        flush()
        run = [(i, int(m[1]))] if m else []
    flush()
    return out


def page_number(digits: int = 4, group: str = "page") -> str:
    """The pattern of a page's number as a printed page sets it, bare or between
    dashes (``41``, ``– 87``, ``- 41 -``), of at most ``digits`` digits, the number
    in the named ``group``: on a line of its own (``_PAGE_NUMBER_LINE``) or beside
    the page's running head (``PAGE_AND_HEAD``)."""
    return rf"(?:[-–—]\s*)?(?P<{group}>\d{{1,{digits}}})(?:\s*[-–—])?"


_PAGE_NUMBER_LINE = regex.compile(rf"^\s*{page_number()}\s*$")
PAGE_AND_HEAD = regex.compile(
    rf"^[ \t]*(?:{page_number(3, 'a')}(?P<g1>[ \t]+)(?P<h1>\p{{Lu}}.*?)"
    rf"|(?P<h2>\p{{Lu}}.*?)(?P<g2>[ \t]+){page_number(3, 'b')})[ \t]*$"
)
"""A page's number and its running head on one line, either way round
(``56        ПРАВИЛА ИГРЫ``, ``ПРАВИЛА ИГРЫ        57``): a scan's text layer keeps them so.
A page number has three digits at most (``2017`` is a year)."""
_NUMBER_EDGE = frozenset("0123456789-–—")
_MARGINS_APART = 3
"""Least blanks between a page's number and its head where the page's two margins set
them (a caption's number follows its words after one)."""


def page_and_head(line: str) -> tuple[int, str, bool] | None:
    """``(page, head, margins apart)`` of a line shaped as a page's number and its
    running head (``PAGE_AND_HEAD``; the head normalised, its number and it
    ``_MARGINS_APART`` blanks or more apart), or ``None``. The head must look like one
    (``head_like``: a title of two words or more, on a line that opens no unit); only
    repetition tells that it is one (``clean._pages_with_heads``)."""
    stripped = line.strip()
    if (
        not stripped
        or len(stripped) > 90
        or (stripped[0] not in _NUMBER_EDGE and stripped[-1] not in _NUMBER_EDGE)
    ):
        return None  # the number stands at one end of the line
    m = PAGE_AND_HEAD.match(line)
    if m is None:
        return None
    head = " ".join((m["h1"] or m["h2"]).split())
    # a heading is a word and its number too («Правило 33», «Law 33»)
    if len(head.split()) < 2 or not head_like(head) or starts_unit(stripped):
        return None
    return int(m["a"] or m["b"]), head, len(m["g1"] or m["g2"]) >= _MARGINS_APART


def _running_heads(lines: list[str]) -> set[int]:
    """A scanned book's running head: a short line (a title, often in capitals)
    printed on several pages next to the page number (every time when it is
    seen twice, most times when more often)."""
    where: dict[str, list[int]] = {}
    for i, line in enumerate(lines):
        key = _norm(line)
        if key and len(key) < 80:
            where.setdefault(key, []).append(i)
    out: set[int] = set()
    for key, idx in where.items():
        if len(idx) < 2 or not head_like(key):
            continue
        near = sum(
            1
            for i in idx
            if any(
                0 <= j < len(lines) and _PAGE_NUMBER_LINE.match(lines[j])
                for j in (i - 2, i - 1, i + 1, i + 2)
            )
        )
        if (near == len(idx) or (len(idx) >= 3 and near >= 0.6 * len(idx))) and _pages_between(
            lines, idx
        ):
            out.update(idx)
    return out


def _pages_between(lines: list[str], idx: list[int]) -> bool:
    """Some stretch between two of the lines ``idx`` (in order) holds a line of a page's
    own text: no ``table_cell`` and no page number. A running head stands over pages of
    text; a table a web copy sets one cell to a line repeats its labels beside its
    numbers with nothing but cells between them (``NS`` | ``1`` | ``EW`` | ``2`` | ``NS``)."""
    return any(
        (ln := lines[j]).strip() and not table_cell(ln) and not _PAGE_NUMBER_LINE.match(ln)
        for a, b in itertools.pairwise(idx)
        for j in range(a + 1, b)
    )


LINE_NUMBER = regex.compile(r"[ \t]*(\d{1,5})(?:[ \t]*[|:][ \t]?|[ \t]+|$)")
"""A line's number in a margin of line numbers, with the blank, bar or colon after it
(a clause's number has its stop, a list's its bracket: neither is one)."""
_LINE_NUMBER_HINT = LineOpening(r"[ \t]*\d{1,5}(?:[ \t|:]|$)")
LINE_NUMBER_RUN = 8
"""Least lines in a row that make a margin of line numbers."""


def may_have_numbered_margin(text: str) -> bool:
    """A cheap test every text with a margin of line numbers passes."""
    return _LINE_NUMBER_HINT.search(text)


def numbered_margin(lines: list[str]) -> dict[int, int]:
    """Line index → length of its margin, for the lines in a margin of line numbers (a
    code viewer's, a pasting site's, a PDF of a court document's): every line opens with
    its own number, counting up one a line, empty lines too (a line of the number
    alone; where the cleaner has taken a template line away before, the count skips
    it, and an empty line it left stands between). A run of ``LINE_NUMBER_RUN`` lines or more is such a margin only when some
    numbered line goes on with the sentence of the line before it (the line before ends
    no sentence, clause or list item, and this one opens with a small letter): a list
    numbered one item a line opens each item after a colon or a semicolon (``1 взятку —
    20 очков;``) or with a capital (``1 Определения``), and a clause's number has its
    stop (``1.Нарушитель``)."""
    out: dict[int, int] = {}
    run: list[tuple[int, int]] = []  # (line index, margin length)

    def flush() -> None:
        if len(run) >= LINE_NUMBER_RUN and any(
            lines[i][n : n + 1].islower() and not _ended(lines[h][m:])
            for (h, m), (i, n) in itertools.pairwise(run)
        ):
            out.update(run)

    prev: tuple[int, int] | None = None  # (line index, number) of the run's last line
    for i, line in enumerate(lines):
        if not line.strip():
            continue  # where the site's template took a numbered line away, an empty one
        m = LINE_NUMBER.match(line) if line[:1] in _MARGIN_FIRST else None
        # counting up one a line; a line or two of the page the site's template took
        # away before (a page number, a running head) leave a small gap
        if m is not None and prev is not None and 1 <= int(m[1]) - prev[1] <= 3:
            run.append((i, m.end()))
        else:
            flush()
            run = [(i, m.end())] if m else []
        prev = (i, int(m[1])) if m is not None else None
    flush()
    return out


_MARGIN_FIRST = frozenset(" \t0123456789")


def _heads_inside_a_sentence(
    lines: list[str], template: AbstractSet[int] = frozenset()
) -> set[int]:
    """A running head seen once (an excerpt of one page break): a short line in
    capitals beside a page number, the two standing inside a sentence (the text
    above runs on, the text below goes on in small letters) or between two units of
    one series of the laws (``2.`` below, ``1.`` the last of its series above; the
    commentary may set a heading of its own between two paragraphs), where nothing of
    the page's own can. (A line in small letters there may be the page's own last
    line or a capitalised word of the sentence: only repetition tells those.)
    Lines in ``template`` are read past."""
    out: set[int] = set()
    text = [i for i, line in enumerate(lines) if line.strip() and i not in template]
    for k, i in enumerate(text):
        if not _PAGE_NUMBER_LINE.match(lines[i]):
            continue
        for j, before, after in ((k + 1, k - 1, k + 2), (k - 1, k - 2, k + 1)):
            if not (0 <= before and after < len(text) and 0 <= j < len(text)):
                continue
            head = _norm(lines[text[j]])
            if not _running_head_shape(head):
                continue
            above, below = lines[text[before]], lines[text[after]].lstrip()
            # the laws' units have no headings between them; the commentary's may
            law_series = (place := series_place(below)) is not None and place[0] in LAW_SERIES
            if not inside_a_sentence(above, below) and not (
                law_series
                and goes_on_counting(
                    (lines[text[b]] for b in range(before, max(before - COUNTING_REACH, -1), -1)),
                    below,
                )
            ):
                continue
            out.add(text[j])
    return out


def head_like(head: str) -> bool:
    """A short line (``head``, normalised) that is no sentence, heading or page
    number and has two letters or more (``_HEAD_WORD``): what a running head is, when repetition
    beside page numbers says so."""
    return not (
        len(head) >= 80
        or len(head.split()) > 8
        or _sentence_end(head)
        or _structural(head)
        or not _HEAD_WORD.search(head)
        or _PAGE_NUMBER_LINE.match(head)
    )


_HEAD_WORD = regex.compile(r"\p{L}[^\p{L}]*\p{L}")
"""Two letters or more, as a running head has (``А—В``, an index's): a letter alone on
its line beside numbers is a table's cell (a seat ``N``, a card ``К``), whatever it
repeats."""


def table_cell(line: str) -> bool:
    """A table's cell set on a line of its own, as a web copy flattens a table: a short
    line (``_CELL_WIDTH`` characters at most) of numbers, signs and words that open
    with a capital (``Стол 1``, ``+1``, ``NS``, ``Север``, ``=``), which opens no unit
    and ends no sentence. A line of text has words in small letters."""
    s = line.strip()
    return (
        0 < len(s) <= _CELL_WIDTH
        and s[-1] not in _SENTENCE_ENDS
        and _SMALL_WORD.search(s) is None
        and not starts_unit(s)
    )


_CELL_WIDTH = 20
_SMALL_WORD = regex.compile(r"(?<!\p{L})\p{Ll}")
"""A word that opens with a small letter."""


def _running_head_shape(head: str) -> bool:
    """A short line in capitals that is no sentence, heading or page number: what a
    running head seen once looks like."""
    return head_like(head) and all(w.isupper() for w in _WORD.findall(head))


def _shared_running_heads(
    lines: list[str], shared: Counter[str], template: AbstractSet[int] = frozenset()
) -> set[int]:
    """A running head seen once on this page but in other sources of the build too
    (files of one scanned book): a short line in capitals beside a page number,
    wherever the page number falls (after a heading, before a new paragraph, where
    the sentence around it tells nothing). Lines in ``template`` are read past."""
    out: set[int] = set()
    text = [i for i, line in enumerate(lines) if line.strip() and i not in template]
    for k, i in enumerate(text):
        if not _PAGE_NUMBER_LINE.match(lines[i]):
            continue
        for j in (k - 1, k + 1):
            if 0 <= j < len(text):
                head = _norm(lines[text[j]])
                if shared.get(head, 0) >= 2 and _running_head_shape(head):
                    out.add(text[j])
    return out


def _menu_runs(lines: list[str]) -> set[int]:
    """Five or more bulleted one- to four-word lines in a row: a menu (genres, sections),
    maybe in groups, each under its head (a line of one to four words in capitals
    or with a capital, no bullet, no stop, a bulleted line after it: «Проза» over
    «- Роман», «- Рассказ»). Not a list of the text: one that a line ending in a
    colon introduces («… отвечает за:»), or whose items mostly open in small letters,
    as the parts of a sentence do (a menu's links are names: «Детективы», «Форум»)."""
    out: set[int] = set()
    run: list[int] = []
    items = 0
    for i, line in enumerate([*lines, ""]):
        s = line.strip()
        if _menu_item(s):
            run.append(i)
            items += 1
            continue
        if s and i + 1 < len(lines) and _menu_item(lines[i + 1].strip()) and _group_head(s):
            run.append(i)
            continue
        if s or i == len(lines):
            if items >= 5 and not _a_list_of_the_text(lines, run) and not _after_text(lines, run):
                out.update(run)
            run, items = [], 0
    return out


def _after_text(lines: list[str], run: list[int]) -> bool:
    """A run of items in groups (``_menu_runs``: a head stands among them) follows a
    sentence of the text: a list of the book's (the suits under their ranks), which a
    site's menu of groups never does (it opens the page, or follows a label)."""
    if all(_BULLETED.match(lines[i].strip()) for i in run):
        return False
    j = _nearest_text(lines, run[0], -1)
    return j is not None and _ended(_core(lines[j]))


def _menu_item(s: str) -> bool:
    """``s`` (stripped) is a menu's bulleted item: one to four words, no stop, no digit."""
    m = _BULLETED.match(s)
    return bool(
        m and len(m[1].split()) <= 4 and not _sentence_end(m[1]) and not _DIGITS.search(m[1])
    )


def _group_head(s: str) -> bool:
    """``s`` (stripped) may head a group of a menu's items: one to four words, the
    first with a capital, no stop, no digit, no unit of the text."""
    return (
        len(s.split()) <= 4
        and s[:1].isupper()
        and not _sentence_end(s)
        and not _DIGITS.search(s)
        and not _structural(s)
    )


def _a_list_of_the_text(lines: list[str], run: list[int]) -> bool:
    """Whether the bulleted lines ``run`` (their groups' heads among them) continue
    the text: a colon ends the line before them, or most of them open with a small
    letter."""
    j = _nearest_text(lines, run[0], -1)
    if j is not None and lines[j].rstrip(_WHITESPACE).endswith(":"):
        return True
    bulleted = [m for i in run if (m := _BULLETED.match(lines[i].strip()))]
    small = sum(1 for m in bulleted if m[1][:1].islower())
    return small * 2 > len(bulleted)


_BETWEEN_PAGES = ("pager", "running head")
"""Reasons of template lines that stand between the pages of a book's text too."""


def _runs_on_past(lines: list[str], chrome: dict[int, str], i: int, b: int, words: int) -> bool:
    """The sentence of ``lines[i]``, a piece of a sentence (``words`` or more words),
    goes on past the template line ``b`` (and any template or empty lines after it):
    the next line of text opens with a small letter and ``lines[i]`` ends no sentence
    (a menu's item of a word or two stays the template's)."""
    core = _core(lines[i])
    if len(core.split()) < words:
        return False
    j = b + 1
    while j < len(lines) and (j in chrome or not lines[j].strip()):
        j += 1
    return j < len(lines) and inside_a_sentence(core, _core(lines[j]))


_SENTENCE_PIECE = 4
"""Least words of a line of the text that a page's furniture cut from its sentence."""


_COMMENTS_HEAD = regex.compile(
    r"^(?P<plain>(?:Комментарии|Отзывы|Обсуждение)(?:[ \t]+читателей)?)"
    r"(?P<count>[ \t]*\(\d+\)|[ \t]*:[ \t]*\d+)?[ \t]*:?$"
    r"|^\d+[ \t]+(?:комментари[йяев]{1,2}|отзыв(?:а|ов)?)[ \t]*$",
    regex.I,
)
"""``Комментарии (2)``, ``Отзывы``, ``3 комментария``: the head of the readers'
comments under a page (``_COMMENT_LINK``, ``Добавить комментарий``, heads them too);
groups ``plain``, the head's word, and ``count``: a head with the word and no count
may name a book's own section."""
_REPLY = regex.compile(
    r"^(?:Ответить(?:\s+с\s+цитатой)?|Цитировать|Пожаловаться|Нравится|Удалить|Редактировать"
    r"|Вернуться\s+к\s+началу)(?:[ \t]*\(\d+\))?$",
    regex.I,
)
"""A comment's buttons, alone on their line (``Ответить``, ``Нравится (3)``)."""
_PLAIN_HEAD_SIGNS = 2
"""Comments' signs a head with no count needs below it (a book's section named
«Обсуждение» may have a date or a word like «Редактировать» under it)."""


_NEVER_A_HEAD = (
    never_opening(STOPLESS_HEAD) & never_opening(SPLIT_HEAD) & never_opening(SPLIT_MARKER)
)
"""What no heading whose stop was lost, nor a heading or marker split from its title,
opens with."""


def _opens_unit(lines: list[str], i: int) -> bool:
    """Line ``i`` opens a unit of the page's text, read through its margin (``_core``):
    a heading or a marker (``_structural``), a law heading whose stop was lost
    (``STOPLESS_HEAD``), or a heading's word or a marker alone on its line, its number or
    title opening the next (``SPLIT_HEAD``, ``SPLIT_MARKER``)."""
    if _structural(lines[i]):
        return True
    s = _core(lines[i])
    if not s or s[0] in _NEVER_A_HEAD:
        return False
    if STOPLESS_HEAD.match(s):
        return True
    split = s + "\n" + _next_core(lines, i)
    return SPLIT_MARKER.match(split) is not None or SPLIT_HEAD.match(split) is not None


def _comment_thread(lines: list[str], chrome: dict[int, str]) -> list[int]:
    """The lines of the readers' comments under a page's text: from their head
    (``_COMMENTS_HEAD``, ``_COMMENT_LINK``) to the page's end, where a unit of the
    page's text (a law, a section, a commentary paragraph) opens above the head and
    none below it, and a comment's signs stand below it: a comment's header (its
    author and minute, ``_COMMENT_HEADER``) or buttons (``_REPLY``), or, under a head
    that counts the comments or invites one, a date. A head with no count needs
    ``_PLAIN_HEAD_SIGNS`` of the first two; a thread with no head is read by
    ``_headless_thread``. A reader's words name laws (``а где правило 66?``) and
    would become the last unit's text and its references."""
    heads = [
        (i, m)
        for i, ln in enumerate(lines)
        if (m := _COMMENTS_HEAD.match(ln.strip()) or _COMMENT_LINK.match(ln.strip()))
    ]
    if not heads and not any(v in ("comment", "date stamp") for v in chrome.values()):
        return []  # a thread with no head opens with a comment's header or stamp
    last_unit = next((i for i in reversed(range(len(lines))) if _opens_unit(lines, i)), None)
    if last_unit is None:
        return []
    head, m = next(((i, m) for i, m in heads if i > last_unit), (None, None))
    if head is None and heads:
        # a marker alone on its line or a stopless heading below a head may be a
        # reader's (``1.`` | ``Когда ренонс выявлен …``): the head counts where a unit
        # opens above it and no heading or marker with its words stands below it
        strict = next((i for i in reversed(range(len(lines))) if _structural(lines[i])), -1)
        head, m = next(((i, m) for i, m in heads if i > strict), (None, None))
        if head is not None and not any(_opens_unit(lines, i) for i in range(head)):
            head, m = None, None
    if head is None or m is None:
        return _headless_thread(lines, chrome, last_unit)
    plain = bool(m.groupdict().get("plain")) and not m.groupdict().get("count")
    below = range(head + 1, len(lines))
    signs = sum(
        1
        for i in below
        if chrome.get(i, "") == "comment"
        or _REPLY.match(lines[i].strip())
        or (not plain and chrome.get(i, "") == "date stamp")
    )
    if signs < (_PLAIN_HEAD_SIGNS if plain else 1):
        return []
    return [i for i in range(head, len(lines)) if lines[i].strip()]


def _adverts(lines: list[str], chrome: dict[int, str]) -> list[int]:
    """The lines of an advert a site set among the page's text: from its label
    (``_ADVERT``) down to the next unit's opening, where ``_ADVERT_LINES`` short
    lines at most stand between them, one of them shows an advert's sign
    (``_AD_SIGN``: a price, a button, a shop's address) or another label, and the
    text above the label ended its sentence. A label that is the title of a unit
    whose marker stands alone above it is that title."""
    out: list[int] = []
    for i in range(len(lines)):
        if chrome.get(i) != "advert":
            continue
        if _title_of_bare_heading(lines, i):
            del chrome[i]  # the title of a unit whose marker stands alone above it
            continue
        above = _nearest_text(lines, i, -1)
        if above is not None and above not in chrome and not _ended(_core(lines[above])):
            continue  # the label cuts a sentence of the text: its lines are the text's
        block: list[int] = []
        for j in range(i + 1, len(lines)):
            s = lines[j].strip()
            if not s:
                continue
            if starts_unit(s) or len(block) > _ADVERT_LINES or len(s.split()) > _SHORT_WORDS * 2:
                break
            block.append(j)
        else:
            continue  # the page ends: what stands below is the page's foot
        if (
            block
            and starts_unit(lines[j].strip())
            and len(block) <= _ADVERT_LINES
            and any(_AD_SIGN.search(lines[k]) or chrome.get(k) == "advert" for k in block)
        ):
            out += block
    return out


_AD_SIGN = regex.compile(
    r"\d\s*(?:₽|руб\b|р\.|\$|€|грн)|(?:₽|\$|€)\s*\d"
    r"|^\s*(?:Купить|Заказать|Подробнее|Перейти|Узнать\s+больше|Оформить)\b"
    r"|(?<![\p{L}\d])[\w-]+\.(?:ru|com|net|org|рф|su|ua|by|kz|info|shop|online|store)\b",
    regex.I,
)
"""What an advert's own lines show and a law's never do: a price, a shop's button, a
site's address."""


_ADVERT_LINES = 5
"""Most lines of an advert between its label and the next unit."""


def _related_posts(lines: list[str], chrome: dict[int, str]) -> list[int]:
    """The links a site lists under its head of related posts (``Похожие записи``,
    ``Читайте также``): law headings with no text under any of them, one a line, up
    to the page's end or its template. The headings a page's text goes on under (a
    law and its sections) stay."""
    out: list[int] = []
    for i, line in enumerate(lines):
        if i not in chrome or not _RELATED_HEAD.match(line):
            continue
        run = []
        j = i + 1
        while j < len(lines) and (not lines[j].strip() or j not in chrome):
            s = lines[j].strip()
            if s and not (LAW_HEAD.match(s) and len(s.split()) <= _LINK_WORDS):
                break
            if s:
                run.append(j)
            j += 1
        else:  # the page's end or its template closes the list
            out += run
    return out


_LINK_WORDS = 12
"""Most words of a link to a post that names a law (its heading, its title)."""


_MINUTE = regex.compile(r"\d:\d\d")


def _headless_thread(lines: list[str], chrome: dict[int, str], last_unit: int) -> list[int]:
    """A thread of readers' comments with no head (``_comment_thread``): from the
    first comment's opening below the page's last unit, a comment's header or a
    date stamp with its minute, with the author's name on the line above it, to the
    page's end, where ``_HEADLESS_SIGNS`` comments' signs stand (headers, stamps
    with their minute, buttons): a book dates nothing to the minute."""
    signs = [
        i
        for i in range(last_unit + 1, len(lines))
        if _REPLY.match(lines[i].strip())
        or chrome.get(i, "") == "comment"
        or (chrome.get(i, "") == "date stamp" and _MINUTE.search(lines[i]))
    ]
    opening = next((i for i in signs if not _REPLY.match(lines[i].strip())), None)
    if (
        opening is None
        or len(signs) < _HEADLESS_SIGNS
        or all(chrome.get(i) == "date stamp" for i in signs)
    ):
        return []  # stamps alone may be a schedule's: a button or a header says comments
    above = _nearest_text(lines, opening, -1)
    if (
        above is not None
        and above > last_unit
        and above not in chrome
        and len(lines[above].split()) <= _AUTHOR_WORDS
        and _short_non_sentence(lines[above], lower=True)
    ):
        opening = above
    return [i for i in range(opening, len(lines)) if lines[i].strip()]


def _quoting_posts(lines: list[str], chrome: dict[int, str]) -> list[int]:
    """A forum member's words before the laws they quote: the lines between a post's
    header (``_FORUM_POST``) and a quotation's caption (``_QUOTE_CAPTION``) under which
    a unit of the page's text opens (``Подскажите, как считать … Вот текст:``), and,
    above the first post, the thread's topic. Above the law's heading they would be
    read as the end of the law before it."""
    out: list[int] = []
    if "comment" not in chrome.values():
        return out  # no post's header on the page
    header = None  # the last post header above, where no unit opened since
    first = True  # no unit opened above the header
    for i, line in enumerate(lines):
        if chrome.get(i) == "comment":
            header = i
        elif _opens_unit(lines, i):
            header, first = None, False
        elif header is not None and chrome.get(i) == "forum" and _QUOTE_CAPTION.match(line.strip()):
            below = _nearest_text(lines, i, 1)
            if below is not None and _opens_unit(lines, below):
                words = range(0 if first else header + 1, i)
                out += [k for k in words if lines[k].strip() and k not in chrome]
            header = None
    return out


def _after_quotes(lines: list[str], chrome: dict[int, str]) -> list[int]:
    """A forum member's words after the laws they quote: the last lines of a post whose
    quotation's caption (``_QUOTE_CAPTION``) leads in to a unit of the page's text, read
    up from where the post ends (its buttons, the next post's header, a forum's line, the
    page's end) while each is a member's (``_MEMBERS_LINE``: a question, thanks, the
    first person, a smiley) and opens no unit. The quotation's own last lines stay."""
    out: list[int] = []
    if "forum" not in chrome.values():
        return out  # no caption on the page

    def ends_at(end: int) -> None:
        j = end - 1
        while j >= 0:
            if lines[j].strip():
                if j in chrome or _opens_unit(lines, j) or not _members_line(lines[j]):
                    return
                out.append(j)
            j -= 1

    quoting = False  # inside a post that quotes the page's text
    for i, line in enumerate(lines):
        why = chrome.get(i)
        if why is None:
            continue
        if why == "forum" and _QUOTE_CAPTION.match(line.strip()):
            below = _nearest_text(lines, i, 1)
            quoting = below is not None and _opens_unit(lines, below)
        elif quoting and why in ("forum", "comment", _BUTTON_REASON):
            ends_at(i)
            quoting = False
    if quoting:
        ends_at(len(lines))
    return out


_MEMBERS_LINE = regex.compile(
    r"\?\s*$|[?!]{2,}"
    r"|(?<![\p{L}\d])(?:спасибо|подскажите|помогите|посоветуйте)(?![\p{L}\d])"
    r"|(?<![\p{L}\d-])(?:я|мне|меня)(?![\p{L}\d])"
    r"|[:;]-?[)(D]|\){2,}\s*$",
    regex.I,
)
"""What a forum member's line holds: a question, thanks, a plea, the first person
singular or a smiley (``_members_line``)."""
_MEMBERS_WORDS = 16
"""Most words of a member's line under a quotation (a paragraph of the laws runs longer)."""
_QUOTED_SPEECH = regex.compile(r"[«»„“”\"]")
"""A quotation mark: the laws quote what players say («Я беру две», «Нет ли у вас …?»)."""


def _members_line(line: str) -> bool:
    """``line`` is a forum member's own words (``_MEMBERS_LINE``): short, quoting no one
    and naming no law, as the laws' own lines that ask or speak in the first person do
    (a player's claim in quotes, «5-я карта», a reference)."""
    return (
        len(line.split()) <= _MEMBERS_WORDS
        and _QUOTED_SPEECH.search(line) is None
        and "равил" not in line
        and _MEMBERS_LINE.search(line) is not None
    )


_HEADLESS_SIGNS = 2
"""Comments' signs a thread with no head needs: a comment's stamp and its button, or
two comments."""
_AUTHOR_WORDS = 3
"""Most words of a comment's author's name, alone above its stamp."""


def _header_above(lines: list[str], chrome: dict[int, str]) -> list[int]:
    """The lines over a page's first unit that are none of the book's: at most
    ``_HEADER_LINES`` lines with text among which a line of the site's template stands
    (read past), each short, ending no sentence, with no columns of blanks and opening
    with a capital (``_short_non_sentence``: a post's channel, a document viewer's
    notices, a topic), over a law's or a division's heading. A page
    cut in the middle of a law opens with the end of a sentence of it (a stop), a piece
    of one (a small letter) or a unit; a line of capitals, the book's title and its
    front matter (``Перевод: …``, ``editions.front_matter``) stay too;
    over a section's or a clause's marker the line may be its law's heading, misread,
    and over a commentary paragraph the head of the law's commentary
    (``Комментарий``)."""
    out: list[int] = []
    # a line of the site's template stands among them, or under the page's text (a blog
    # platform's byline and buttons under a post whose title and blog's name head it:
    # its lines are words, where the rows of a table cut at the page's top hold figures)
    among = False
    below = _template_below(lines, chrome)
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        if i in chrome:
            among = True
            continue
        if _opens_unit(lines, i):
            template = among or (below and not any(_DIGITS.search(lines[k]) for k in out))
            if series_place(_core(line)) is not None or not template:
                # a marker under lines that may be its law's heading, misread; a
                # commentary paragraph under its law's commentary's head; and with no
                # line of a template among them, the lines may be the end of a table or
                # a list of the law before, cut at the page's top
                return []
            return out
        if (
            len(out) == _HEADER_LINES
            or not _short_non_sentence(line)
            or _HIDDEN_HEAD.match(_UNSEEN.sub("", _core(line)))
            or editions.names_the_book(line)
            or editions.front_matter(line)
            or "  " in line.strip()
            or "\t" in line
        ):
            return []  # a heading hidden from the profile, the book's title or credits
        out.append(i)
    return []  # no unit on the page


_HEADER_LINES = 6
"""The most lines ``_header_above`` reads as a page's header."""
_TEMPLATE_BELOW = 2
"""Least lines of the site's template under a page's last line of text that show the
page a site's (``_template_below``)."""


def _template_below(lines: list[str], chrome: dict[int, str]) -> bool:
    """Under the page's last line of text stand ``_TEMPLATE_BELOW`` lines of the site's
    template or more, and nothing else: the page is a site's, its lines over its first
    unit are the site's too (a post's title and its blog's name)."""
    below = 0
    for i in range(len(lines) - 1, -1, -1):
        if not lines[i].strip():
            continue
        if i not in chrome:
            break
        below += 1
    return below >= _TEMPLATE_BELOW


_UNSEEN = regex.compile(r"[\p{Cf}\p{Mn}]+")
"""Characters no reader sees and the marks of decomposed letters: read past, a line
shows what its reader sees (``_header_above``)."""
_HIDDEN_HEAD = regex.compile(rf"(?:{RU_HEADS})\b")
"""A heading's word at a line's start, once ``_UNSEEN`` characters are read past: a
law's heading that the profile could not read stays out of a page's header."""


def _grow(lines: list[str], chrome: dict[int, str]) -> None:
    """Short non-sentence lines that stand between two chrome lines, or between
    the edge of the page and a chrome line, belong to the same template block."""
    marked = sorted(chrome)
    if not marked:
        return
    bounds = [-1, *marked, len(lines)]
    for a, b in itertools.pairwise(bounds):
        inner = range(a + 1, b)
        if not inner:
            continue
        at_edge = a == -1 or b == len(lines)
        content = [i for i in inner if lines[i].strip()]
        if not content or (at_edge and a == -1 and b == len(lines)):
            continue
        if at_edge and len(content) > 3:
            continue  # the page's own text runs up to the template
        # above the first template line nothing of the page's text can stand but
        # the end of a sentence, which ends with a stop: an advert may be lower-case,
        # and a category menu in capitals (a list: two lines or more) when that line
        # is the site's own header (a pager or a running head stands between a book's
        # pages, under a title; one line in capitals may be the page's title)
        top = a == -1
        capitals = top and len(content) >= 2 and not chrome[b].startswith(_BETWEEN_PAGES)
        if all(_short_non_sentence(lines[i], lower=top, capitals=capitals) for i in content):
            if not at_edge and _runs_on_past(lines, chrome, content[-1], b, _SENTENCE_PIECE):
                continue  # the page's text between its furniture: its sentence goes on below
            for i in content:
                chrome[i] = "template block"


# What a word of a joined piece brings to the shapes ``line_shape`` knows (a bit
# each). Most pieces a collapsed page offers are pieces of sentences with none of
# them: the shapes are not tried on those (``_may_have_shape``).
_DIGIT, _URLISH, _BACKSLASH, _CRUMB, _HINT, _COLON, _DASH, _BAR = (1 << k for k in range(8))
_ANYWHERE = _URLISH | _BACKSLASH | _CRUMB | _HINT
"""Traits with which a shape may claim a piece wherever in it they stand."""
_PIECE_HINTS = _Hints(
    *_READ_BOOK_HINTS,
    *_READING_PAGE_HINTS,
    _DOCUMENT_HINT,
    *_SITE_NOTICE_HINTS,
    *_SHARE_HINTS,
    *_COMMENT_LINK_HINTS,
    *_ARCHIVE_HINTS,
    *_ADVERT_HINTS,
    *_POST_HINTS,
    *_FORUM_HINTS,
    *_FORWARDED_HINTS,
    *_BACK_LINK_HINTS,
    *_BUTTON_HINTS,
)
"""What the casefolded words of a reader's header, a legal database's notice about its
document or an invitation to share the page hold (a pager's words open it)."""
_DATE_WORD = regex.compile(rf"\(?{_DATE}")
"""A word that is a date (a reader's comment's header holds one, ``_COMMENT_HEADER``)."""
_SETTING_CHARACTERS = 12
"""The longest line ``_SETTING`` is tried on."""
_FONT_NAME_CHARACTERS = 16
"""The longest line ``_FONT_NAME`` is tried on."""
_PAGER_LABEL_LETTERS = "СсPp"
"""What a ``_PAGER_LABEL`` line opens with."""


@functools.lru_cache(maxsize=65_536)
def _word_traits(word: str) -> int:
    """The bits of ``_DIGIT`` … ``_DASH`` that ``word`` (no white space in it) has."""
    low = word.casefold()
    return (
        (_DIGIT if _DIGITS.search(word) else 0)
        | (_URLISH if _url_hint(word, low) else 0)
        | (_BACKSLASH if "\\" in word else 0)
        | (_CRUMB if _has_any(word, _BREADCRUMB_MARKS) else 0)
        | (
            _HINT
            if _has_any(low, _PIECE_HINTS) or _DATE_WORD.match(word) or word == _FORUM_HINT
            else 0
        )
        | (_COLON if ":" in word else 0)
        | (_DASH if "-" in word or "–" in word else 0)
        | (_BAR if "|" in word else 0)
    )


def _opening(words: list[str]) -> tuple[bool, bool]:
    """What the first words of a piece say of the shapes that must open a line:
    ``(labelled, numbered)``. ``labelled``: it may open a pager's words or links
    (maybe after bullets: it opens with no letter), an interface label or a pager's
    label; ``numbered``: a pager, a line of numbers (it opens with no letter) or a
    counter's label (a page's place, ``Текущая страница: 3 (из 10)``, holds a
    reader's header word)."""
    first = words[0]
    head = " ".join(words[:4])
    # (a link to the law beside opens with its word too, ``Далее: Правило 14``)
    pager = _has_any(" ".join(words[:2]).casefold(), _NEIGHBOUR_HINTS)
    # a pager's words may stand after bullets and arrows (``- « Назад``)
    lead = pager or not first[0].isalpha()
    labelled = lead or first[0] in _PAGER_LABEL_LETTERS or bool(_UI_LABEL_OPENING.match(head))
    numbered = lead or bool(_COUNTER_OPENING.match(first) or _BYLINE_OPENING.match(head))
    return labelled, numbered


def _may_have_shape(
    traits: int, words: int, chars: int, short: int, opening: tuple[bool, bool]
) -> bool:
    """Whether ``line_shape`` may find a shape in a piece of ``words`` words joined by
    single spaces (``chars`` characters), the OR of whose words' ``_word_traits`` is
    ``traits``, ``short`` of whose words have three characters or fewer, and whose
    first words say ``opening`` (``_opening``). Each shape's own guards in
    ``line_shape`` need what is asked here: a site's address, a backslash (a title
    bar), a breadcrumb's separator, a reader's header word, a notice's «документ», an
    invitation to share, a link to comment or a comment's date anywhere; a digit in a
    line that opens with no letter (page numbers, a phone, a size, a date), with a
    pager's word (``Далее``) or a counter's label, or a digit and a bar anywhere (links
    to the laws beside a page's, ``Правило 12 | Оглавление | Правило 14``), or a bar in
    sixteen words at most (a menu on one line); a pager's or a label's
    opening (with a colon, or in ten words at most); a dash in an alphabet range of
    seven words at most; most words short (an alphabet bar); one word (a file name);
    a setting's few characters, or a font's few words. A run of spaces (a spaced menu)
    is never in a piece."""
    labelled, numbered = opening
    return bool(
        traits & _ANYWHERE
        or (traits & _DIGIT and numbered)
        or (traits & _DIGIT and traits & _BAR)
        or (traits & _BAR and words <= 16)
        or words == 1
        or chars <= _SETTING_CHARACTERS
        or (chars <= _FONT_NAME_CHARACTERS and words <= 3)
        or (labelled and (words <= 10 or traits & _COLON))
        or (traits & _DASH and words <= 7)
        or (words >= 8 and short >= 0.8 * words)
    )


_WORD_OR_NUMBER = regex.compile(r"[\p{L}\d]")
_JOINED_LINE_WORDS = 16
"""The most words one template line of a collapsed page is taken to have (an
alphabet bar, a run of single letters, may have more)."""


def joined_template(words: list[str], open_start: bool, open_end: bool) -> list[int]:
    """Where a run of template lines joined end to end may end in ``words`` (a stretch
    of a page whose line breaks were all lost, from where the run would start): the
    numbers ``k`` of words such that ``words[:k]`` split into pieces that are each a
    template line by shape (``line_shape``), or a short line that is not a sentence
    where ``_grow`` takes one: between two template lines, or between one and the
    edge of the page (``open_start``: the stretch starts at the page's start;
    ``open_end``: ``words`` end at the page's end or at its first heading). At least
    one piece is a template line by shape, and the run ends with one unless it
    reaches an open end."""
    n = len(words)

    def kind(i: int, j: int, short: bool, shaped: bool) -> str | None:
        """``template``, ``short`` (asked only when ``short``: where a short line
        can extend a run) or ``None`` for the piece ``words[i:j]`` (``shaped``:
        ``_may_have_shape`` allows it a shape)."""
        s = " ".join(words[i:j])
        # a line of the site opens with a capital, a digit or a symbol and holds
        # a word or a number (a lone ``-`` is a font button only on a line of its own)
        if s[0].islower() or not _WORD_OR_NUMBER.search(s):
            return None
        if shaped and line_shape(s):
            return "template"
        return "short" if short and _short_non_sentence(s) else None

    # states after k words: 0 nothing of the template yet (short lines at the open
    # start only), 1 the last piece a template line, 2 short lines after one
    reach: list[set[int]] = [set() for _ in range(n + 1)]
    reach[0].add(0)
    for k in range(n):
        if not reach[k]:
            continue
        # a short line goes on from here only at the open start or after a template
        # line; elsewhere (the start of most runs tried) only template lines count
        start = 0 in reach[k] and open_start
        after = bool(reach[k] & {1, 2})
        opening = _opening(words[k : k + 4])
        seen = chars = short = 0  # of words[k:m]
        for m in range(k + 1, n + 1):
            if m - k > _JOINED_LINE_WORDS and (len(words[m - 1]) > 3 or m - k > 40):
                break  # only a run of single letters (an alphabet bar) is longer
            word = words[m - 1]
            seen |= _word_traits(word)
            chars += len(word) + (m > k + 1)
            short += len(word) <= 3
            shaped = _may_have_shape(seen, m - k, chars, short, opening)
            if not shaped and not (start or after):
                continue
            kd = kind(k, m, start or after, shaped)
            if kd == "template":
                reach[m].add(1)
            elif kd == "short":
                if start:
                    reach[m].add(0)
                if after:
                    reach[m].add(2)
    return [k for k in range(1, n + 1) if 1 in reach[k] or (k == n and open_end and 2 in reach[k])]


def _norm(line: str) -> str:
    return " ".join(line.split())


def line_set(text: str) -> set[str]:
    """The distinct normalised lines of one text (blank lines left out), without a
    margin of line numbers (``numbered_margin``), as the profile reads them; and, after
    ``RUNNING_HEAD_KEY``, the running head in capitals of each line of a page's number
    and its head set far apart (``_apart_head``), which other sources print beside other
    numbers (``running_heads``)."""
    out = set()
    for ln in without_numbered_margin(text).split("\n"):
        if ln.strip():
            out.add(_norm(ln))
            if (got := _apart_head(ln)) is not None:
                out.add(RUNNING_HEAD_KEY + got)
    return out


RUNNING_HEAD_KEY = "\x1e"
"""What ``line_set`` puts before a running head it counts apart from its lines (no line
of text holds this control character): a head beside a page number is not the same
line as a heading of those words on a line of its own."""


def _apart_head(line: str) -> str | None:
    """The head in capitals of a line of a page's number and its running head set far
    apart, as a page's two margins set them (``page_and_head``), or ``None``."""
    got = page_and_head(line)
    return got[1] if got is not None and got[2] and got[1].isupper() else None


def running_heads(text: str, shared: Counter[str]) -> frozenset[str]:
    """The heads in capitals of ``text``'s lines of a page's number and its running head
    (``page_and_head``) that two sources of the build or more set far apart from their
    numbers (``line_set``, ``_apart_head``): a book's running heads, which its scanned
    pages repeat beside every number, in the page's two margins (a caption's number
    follows its words: ``ПРИМЕР РАЗДАЧИ 1``)."""
    return frozenset(
        got[1]
        for ln in text.split("\n")
        if (got := page_and_head(ln)) is not None
        and got[1].isupper()
        and shared.get(RUNNING_HEAD_KEY + got[1], 0) >= 2
    )


def shared_lines(texts: Iterable[str]) -> Counter[str]:
    """How many of the given texts contain each distinct normalised line, for the
    lines two or more texts contain (the only ones ``chrome_lines`` asks about)."""
    return shared_lines_of(line_set(text) for text in texts)


def shared_lines_of(line_sets: Iterable[set[str]]) -> Counter[str]:
    """``shared_lines`` from each text's ``line_set``."""
    seen: Counter[str] = Counter()
    for lines in line_sets:
        seen.update(lines)
    return shared_of_counts(seen.items())


def shared_of_counts(seen: Iterable[tuple[str, int]]) -> Counter[str]:
    """``shared_lines`` from how many texts contain each distinct normalised line
    (``(line, count)`` pairs)."""
    return Counter({line: n for line, n in seen if n >= 2})


def _text_bounds(lines: list[str], shapes: dict[int, str | None] | None = None) -> tuple[int, int]:
    """The index of the first line of the page's own text (``_text_line``) and of
    its last (``len(lines)`` and ``-1`` when it has none): a site's template stands
    above the one or below the other. ``shapes``: the ``line_shape`` of lines
    already measured."""
    known = shapes or {}

    def texty(i: int) -> bool:
        return _text_line(lines[i], known.get(i, _UNKNOWN))

    first = next((i for i in range(len(lines)) if texty(i)), len(lines))
    last = next((i for i in range(len(lines) - 1, first - 1, -1) if texty(i)), -1)
    return first, last


def edge_lines(raw: str) -> set[str]:
    """The distinct normalised lines a source's text (``raw``, as read) holds above
    its first line of text or below its last (``_text_bounds``), where a site's
    template stands: the build counts them over its sources (``chrome_lines``'s
    ``edges``). Each is there once as it is, for either edge, and once for its edge
    (``TOP_KEY``, ``BOTTOM_KEY``)."""
    lines = [ln.rstrip("\r") for ln in _read_text(raw).split("\n")]
    first, last = _text_bounds(lines)
    out = set()
    for i, ln in enumerate(lines):
        if not first <= i <= last and ln.strip():
            out.add(_norm(ln))
            out.add(_edge_key(i < first, ln))
    return out


TOP_KEY, BOTTOM_KEY = "\x1c", "\x1d"
"""What ``edge_lines`` puts before a line above a page's text and one below it (no line
of text holds these control characters): a site sets its template at the same edge of
its pages, and a title two pages of different sites share by chance, one over its text
and one under it (``Введение``), is no line of one site's template."""


def _edge_key(top: bool, line: str) -> str:
    """The key ``edge_lines`` counts ``line`` under, above a page's text or below it."""
    return (TOP_KEY if top else BOTTOM_KEY) + _norm(line)


def _row_of_a_table(lines: list[str], i: int) -> bool:
    """Line ``i`` is a row of a table of data (``grammar.table_cells``) with another
    row above or below it: the page's own figures and names, short as they are."""
    return table_cells(lines[i]) is not None and any(
        0 <= j < len(lines) and table_cells(lines[j]) is not None for j in (i - 1, i + 1)
    )


def _title_of_bare_heading(lines: list[str], i: int) -> bool:
    """Line ``i`` follows a law or division heading that has no title of its own
    (``Правило 33`` alone on its line), or a unit's marker alone on its line (``A.``
    in a table's cell of its own, ``grammar.SPLIT_MARKER``): it is that heading's
    title, short like a menu item."""
    j = _nearest_text(lines, i, -1)
    return j is not None and (
        is_bare_heading(lines[j])
        or (j == i - 1 and SPLIT_MARKER.match(lines[j] + "\n" + lines[i].lstrip()) is not None)
    )


def _runs_on_below(lines: list[str], i: int) -> bool:
    """Line ``i`` is the head of a sentence the next line goes on with: words in
    small letters mostly, as a sentence's are (a template's menus and titles are
    names), and the next line with text opens with a small letter. A page cut inside
    the text opens with such a line, which another copy of the book holds too (asked
    only above a page's text: a site's footer below it may read so too)."""
    if not prose(lines[i]):
        return False
    return _next_core(lines, i)[:1].islower()


def _titles_prose(lines: list[str], i: int) -> bool:
    """Line ``i`` is no ``prose`` and the next line with text after it is: the title
    of what follows it (``Введение`` over a paragraph)."""
    return not prose(lines[i]) and prose(_next_core(lines, i))


def _next_core(lines: list[str], i: int) -> str:
    """The ``_core`` of the first line with text after line ``i`` (``""``: none)."""
    return next((core for ln in itertools.islice(lines, i + 1, None) if (core := _core(ln))), "")


def prose(line: str) -> bool:
    """Four words or more, most of them in small letters, as a sentence's are (a
    template's menus and titles, a contents list's entries, are names and headings)."""
    words = _WORD.findall(line)
    return len(words) >= 4 and 2 * sum(w[0].islower() for w in words) >= len(words)


def _page_titles(lines: list[str], template: AbstractSet[int]) -> list[int]:
    """Lines that name a law as its heading does, whose next line with text (template
    lines read past) is another heading of the same law (``Правило 64 — Законы
    дубликатного бриджа`` over ``Правило 64. Процедура …``): a web page's title,
    the law's name and the site's or the book's, over the law's own heading. The book
    never heads a law twice with nothing between. No sentence or lead-in ends on the
    line above it (two headings of one law under a page's text are the law's titles in
    two editions, compared; a site's name the template does not know may stand over a
    title), both name a title, and the titles differ: a heading with the same title
    above (in capitals, say) or a bare one (``ПРАВИЛО 218`` with its title on the next
    line) is no page's title (a doubling, ``clean.duplicates``, or a code of another
    game that sets its headings so)."""
    out = []
    for i, line in enumerate(lines):
        # every ``LAW_HEAD`` match holds its noun as written here
        if i in template or ("Правило" not in line and "ПРАВИЛО" not in line):
            continue
        head = LAW_HEAD.match(core := _core(line))
        if head is None:
            continue
        k = _nearest_text(lines, i, -1)
        if k is not None and k not in template and _ended(lines[k]):
            continue  # under a page's sentence or lead-in, not over the page
        j = next(
            (j for j in range(i + 1, len(lines)) if j not in template and lines[j].strip()), None
        )
        if j is None:
            continue
        below = LAW_HEAD.match(core_below := _core(lines[j]))
        if below is None or below[1] != head[1]:
            continue
        title = _heading_title(core[head.end() :])
        own = _heading_title(core_below[below.end() :])
        if title and own and title != own:
            out.append(i)
    return out


def _heading_title(rest: str) -> str:
    """The title after a law heading's number (``rest``), as two copies of one heading
    compare alike across case, spacing and the stops around it."""
    return " ".join(rest.casefold().split()).strip(" .:;-–—")


def _wrapped_sentence(lines: list[str], i: int) -> tuple[int, str]:
    """The first line and the text of the printed lines line ``i`` is one of, joined
    (``grammar.wrapped_on``: each goes on with the next); looked for no further than
    a template line's words could reach. The lines are read without their margin marks
    (``_core``): a heading's title wrapped onto a line a reader site indented with a
    run of ``?`` goes on with its heading still."""
    first = last = i
    while (
        first > 0
        and i - first <= _SHORT_WORDS
        and wrapped_on(_core(lines[first - 1]), _core(lines[first]))
    ):
        first -= 1
    while (
        last + 1 < len(lines)
        and last - i <= _SHORT_WORDS
        and wrapped_on(_core(lines[last]), _core(lines[last + 1]))
    ):
        last += 1
    return first, " ".join(_core(ln) for ln in lines[first : last + 1])


def chrome_lines(
    text: str,
    shared: Counter[str] | None = None,
    boilerplate: tuple[int, ...] = (),
    edges: Counter[str] | None = None,
) -> dict[int, str]:
    """0-based raw line index → why it is template, for one source's text
    (``boilerplate``: 1-based lines an HTML boilerplate extractor flagged;
    ``shared``: how many of the build's sources hold each line, ``edges``: how many
    hold it outside their text, at the same edge, ``edge_lines``; ``shared`` stands for
    both where ``edges`` is not given)."""
    lines = [ln.rstrip("\r") for ln in text.split("\n")]
    if codepages.may_hold_utf8_as_cp1251(text):
        # a line of UTF-8 that CP1251 read (``в†‘ РќР°РІРµСЂС…``) is judged as it was
        # written (``↑ Наверх``), as the cleaner will decode it: a law's heading so read
        # is no short line of a template block
        lines = [codepages.utf8_read_as_cp1251(ln) or ln for ln in lines]
    chrome: dict[int, str] = {}
    for i in _pager_runs(lines):
        chrome[i] = "pager: one page link per line"
    for i in _menu_runs(lines):
        chrome[i] = "menu: a run of short bulleted links"
    # a mail's or a forum's copy quotes a scan's pages with their page numbers and
    # running heads: those are read without the quotation's margin
    plain = [unquoted(ln) for ln in lines]
    for i in _running_heads(plain):
        chrome[i] = "running head: repeated beside the page numbers"
    shapes: dict[int, str | None] = {}
    # a line the text repeats (a running head, a rule, an empty line) is judged once
    judged: dict[str, str | None] = {}
    for i, line in enumerate(lines):
        if i in chrome:
            continue
        if line in judged:
            shape = shapes[i] = judged[line]
        else:
            shape = shapes[i] = judged[line] = line_shape(line)
        if shape:
            chrome[i] = shape
    for i in _table_rows(lines, shapes):
        del chrome[i]
    for i in [i for i, why in chrome.items() if why in _IN_CONTEXT]:
        above, below = _nearest_text(lines, i, -1), _nearest_text(lines, i, 1)
        if (
            above is not None
            and above not in chrome
            and _WORD.search(lines[above])
            and not _ended(lines[above])
        ) or (below is not None and lines[below].lstrip()[:1].islower()):
            del chrome[i]  # a word of a sentence that runs through the line
    for i in _page_titles(lines, chrome.keys()):
        chrome[i] = "header: the page's title over its law's heading"
    # a page number's neighbours are read past the site's template (an advert the
    # site put between the page number and the running head)
    template = set(chrome)
    for i in _heads_inside_a_sentence(plain, template):
        chrome.setdefault(i, "running head: beside a page number, inside a sentence")
    if shared is not None:
        for i in _shared_running_heads(plain, shared, template):
            chrome.setdefault(i, "running head: beside a page number, shared by other sources")
    if boilerplate:
        # the extractor's verdict counts for lines that could be template by shape
        # (short, not a sentence, not a heading), never for the page's own text; a
        # printed line of a sentence wrapped over several lines is judged with them
        # (each is short and ends no sentence, as a menu's item does)
        for n in boilerplate:
            i = n - 1
            if i in chrome or not 0 <= i < len(lines):
                continue
            first, piece = _wrapped_sentence(lines, i)
            if (
                _short_non_sentence(piece, lower=True)
                and not _title_of_bare_heading(lines, first)
                and not _row_of_a_table(lines, i)
            ):
                chrome[i] = "boilerplate (jusText)"
    if shared is not None:
        # a shared line is the site's template only where a template can stand:
        # above the page's first line of text or below its last (two copies of
        # the same law share their short lines too, but inside the text), and only
        # where two sources or more hold it there (a page cut off after a
        # signature and a paragraph's first words shares them with a copy of the
        # book that goes on)
        first, last = _text_bounds(lines, shapes)
        for i, line in enumerate(lines):
            if i in chrome or first <= i <= last:
                continue
            # counted at the same edge of the pages that hold it; at either edge
            # where it is no title over prose (``_titles_prose``: a footer under one
            # page may head another of its site, a chapter's title never)
            if edges is None:
                held = shared.get(_norm(line), 0)
            else:
                held = edges.get(_edge_key(i < first, line), 0)
                either = edges.get(_norm(line), 0) if held < 2 else 0
                if either >= 2 and not _titles_prose(lines, i):
                    held = either
            if (
                held >= 2
                and _short_non_sentence(line)
                and not (i < first and _runs_on_below(lines, i))
                # a heading's word whose number opens the next line (``Правило`` | ``64.``)
                and not SPLIT_HEAD.match(_core(line) + "\n" + _next_core(lines, i))
            ):
                chrome[i] = f"template line shared by {held} sources"
    for i in _quoting_posts(lines, chrome):
        chrome[i] = "forum: a member's words before the laws they quote"
    for i in _after_quotes(lines, chrome):
        chrome[i] = "forum: a member's words after the laws they quote"
    for i in _comment_thread(lines, chrome):
        chrome[i] = "comments: readers' thread under the page's text"
    for i in _adverts(lines, chrome):
        chrome.setdefault(i, "advert: between the page's units")
    for i in _related_posts(lines, chrome):
        chrome[i] = "related posts: links to other laws under the page's text"
    _grow(lines, chrome)
    for i in _header_above(lines, chrome):
        chrome[i] = "header: the page's lines over its first unit"
    return chrome


# ---------------------------------------------------------------------------
# Layout.


_JOINED_UNITS = 3
"""Units on one line that make a short page collapsed: a heading, its title and
text, and the next unit, with no line break between them."""


def _joined_units(body: list[str]) -> bool:
    """The page (three lines or fewer) is a page whose line breaks were lost: a line
    of more than 1500 characters, or a shorter one that holds three units or more
    (markers that open a unit inside it, ``collapsed_breaks``)."""
    longest = max(body, key=len)
    return len(longest.strip()) > 1500 or len(collapsed_breaks(longest)) >= _JOINED_UNITS - 1


COLLAPSED_LINE = 600
"""Characters of a line past which it may be a stretch of a page whose line breaks
were lost, on a page whose other lines kept theirs (``collapsed_line``)."""


_WHOLE_UNIT = regex.compile(
    rf"(?:{RU_HEADS})[ \t]*(?:\d{{1,3}}|[IVXLC]+\b)[ \t]*[.\-–—]|\d{{1,3}}\.\d{{1,2}}\.[ \t]"
)
"""What opens a law, a division or a commentary paragraph where a line runs one on: its
word and number closed by a stop or a dash (``Правило 65.``, ``Глава VI -``), or a
paragraph's number (``56.2.``); a sentence that names one («Глава VI Правил, …») is
none."""


def collapsed_line(line: str) -> bool:
    """One line of a page that is not collapsed, but whose own line breaks were lost (a
    page of a site pasted whole into a file of other pages): longer than
    ``COLLAPSED_LINE``, holding three units or more, and one of them a law, a division
    or a commentary paragraph run on after text (``_WHOLE_UNIT``) or a marker glued to
    the word before it (``СДАЧАA. Тасование``). A long paragraph that names items, an
    initial or a clause («Условия (i) и (ii) …, Е. Гулевич») runs on no unit."""
    if len(line) <= COLLAPSED_LINE:
        return False
    breaks = collapsed_breaks(line)
    glued = list(glued_markers(line))
    if len(breaks) + len(glued) < _JOINED_UNITS - 1:
        return False
    return bool(glued) or any(_WHOLE_UNIT.match(line, b.end()) for b in breaks)


def double_spaced(lines: list[str]) -> bool:
    """A blank line after nearly every line (``lines``: without the empty string
    after the final newline), or after nearly every line of text: a scan's page
    numbers and the entries of an index or a contents list printed with the page
    need not share it (a page that is all index is measured on its entries)."""

    def followed(kept: list[int]) -> int:
        return sum(1 for i in kept if i + 1 < len(lines) and not lines[i + 1].strip())

    def spaced(kept: list[int], after: int) -> bool:
        return len(kept) >= 4 and after >= 0.8 * (len(kept) - 1)

    body = [i for i, ln in enumerate(lines) if ln.strip()]
    after = followed(body)
    if spaced(body, after):
        return True
    # the lines of text are some of the body's, so no more of them than of the body's
    # are followed by a blank: once they are too many for that share, they are not
    # double spaced either, and the rest need no pattern (a page with few blank
    # lines is told after a few of its lines, not all)
    most = after / 0.8 + 2
    text = []
    for i in body:
        if not _PAGE_NUMBER_LINE.match(lines[i]) and not _listing(lines[i]):
            text.append(i)
            if len(text) > most:
                return False
    return spaced(text, followed(text))


def layout(text: str) -> tuple[str, ...]:
    """The layout traits of a raw text, measured on its lines."""
    lines = [ln.rstrip("\r") for ln in text.split("\n")]
    if lines and lines[-1] == "":
        lines.pop()
    body = [ln for ln in lines if ln.strip()]
    traits: list[str] = []
    if not body:
        return ()
    lengths = sorted(len(ln.strip()) for ln in body)
    median = lengths[len(lengths) // 2]
    if (len(body) <= 3 and _joined_units(body)) or median > 600:
        traits.append("collapsed")
    if double_spaced(lines):
        traits.append("double-spaced")
    unended = sum(1 for ln in body if not _ended(ln))
    if 30 <= median <= 110 and unended >= 0.5 * len(body):
        traits.append("wrapped")
    indented = sum(1 for ln in body if ln.startswith(_INDENT) and _INDENTED.match(ln))
    justified = sum(1 for ln in body if "  " in ln and _JUSTIFIED.search(ln.strip()))
    if len(body) >= 4 and (indented >= 0.3 * len(body) or justified >= 0.3 * len(body)):
        traits.append("dos")
    if len(body) >= 3 and sum(1 for ln in body if ln.startswith("|")) >= 0.6 * len(body):
        traits.append("bar-margin")
    if text.count("¶") >= 3:
        traits.append("pilcrows")
    # a run at the text's start, or after white space: ``(?<!\S)`` is one test a
    # character, where ``(?:^|\s)`` tried both branches at every one (three times as slow)
    if regex.search(r"(?m)(?<!\S)(?:\p{Lu} ){4,}\p{Lu}(?:\s|$)", text):
        traits.append("spaced-letters")
    if len(regex.findall(rf"{TAG.pattern}[ \t]*\r?$", text, regex.M)) >= 3:
        traits.append("tagged")
    return tuple(traits)


# ---------------------------------------------------------------------------
# Kind and divisions.


def structure(text: str) -> tuple[TextKind, tuple[str, ...]]:
    """``(kind, divisions)`` of a text whose template lines are gone, read by the
    segmenter's block rules (``blocks.measure``): ``kind`` is ``laws``,
    ``commentary``, ``toc``, ``index``, ``front`` or ``mixed``; ``divisions`` are
    the division words its headings use, in order of first appearance
    (``Глава``, ``Часть``, ``Раздел``)."""
    return measure(text)


def profile(
    source: Source, shared: Counter[str] | None = None, edges: Counter[str] | None = None
) -> Profile:
    """Measure one source (``shared``, ``edges``: line counts over the build's
    sources, ``chrome_lines``): its layout and template lines. Its kind is
    ``chrome`` when the template is all it has; any other kind is left to
    ``settle`` on the cleaned text."""
    text = _read_text(source.text)
    chrome = chrome_lines(text, shared, source.boilerplate, edges)
    kept = _kept(text, {i + 1 for i in chrome})
    return Profile(
        layout=layout(kept),
        chrome=tuple((i + 1, why) for i, why in sorted(chrome.items())),
        running_heads=running_heads(text, shared) if shared else frozenset(),
        # the whole page is the site's template: no text of its own
        kind="chrome" if chrome and not kept.strip() else "laws",
        # named by the model only in ``settle``, and only where the cleaned text is
        # not plainly Russian
        language=language_mod.measure(kept, identify=False).code,
    )


def _read_text(raw: str) -> str:
    """A source's text as the profile reads it: as a reader sees it
    (``markup.visible``), without a margin of line numbers."""
    return without_numbered_margin(visible(raw))


def without_numbered_margin(text: str) -> str:
    """``text`` with its margin of line numbers (``numbered_margin``) left out, line for
    line: a page's template and layout are read as the cleaner will leave them."""
    if not may_have_numbered_margin(text):
        return text
    lines = text.split("\n")
    margin = numbered_margin(lines)
    if not margin:
        return text
    return "\n".join(ln[margin[i] :] if i in margin else ln for i, ln in enumerate(lines))


def _kept(text: str, template: AbstractSet[int]) -> str:
    """``text`` with its ``template`` lines (1-based numbers) left empty."""
    return "\n".join("" if n in template else ln for n, ln in enumerate(text.split("\n"), start=1))


def _language(prof: Profile, cleaned: str, raw: str) -> str:
    """The language of a source whose raw text's letters left it ``UNNAMED`` (``raw``:
    that text). The raw text, its template lines left out, is named by the model,
    and a text it names in another language is named again from the cleaned text (a
    wrong code page's letters are not Ukrainian once decoded back). So where the
    cleaned text is plainly Russian, the source is Russian whatever the model would
    say of the raw text, and the model is not asked."""
    cleaned_letters = language_mod.measure(cleaned, identify=False).code
    if cleaned_letters == language_mod.RUSSIAN:
        return cleaned_letters
    first = language_mod.measure(_kept(raw, {n for n, _why in prof.chrome})).code
    if first in ("", language_mod.RUSSIAN):
        return first
    if cleaned_letters == language_mod.UNNAMED:
        return language_mod.measure(cleaned).code
    return cleaned_letters


def settle(prof: Profile, cleaned: str, raw: str, edition: str | None = None) -> Profile:
    """``prof`` with its kind and divisions read from the cleaned text (``structure``),
    as the segmenter reads it, and its language named (``_language``; ``raw``: the
    source's text); a page of nothing but template stays ``chrome``. A
    text in another language is ``laws`` when its source showed a known edition
    (``edition``), else what its shape gives; the segmenter makes no nodes of it
    and drops the tokens ``structure`` kept of it (``blocks.forget_measured``)."""
    if prof.kind == "chrome":  # no text of its own: no language either
        return prof
    if prof.language in (language_mod.UNNAMED, language_mod.MISREAD):
        # a wrong code page writes letters Russian lacks (CP866 read as CP1251 gives
        # ``ў``, ``Ї``, ``є``) or another script's (UTF-8 read as Greek gives ``Π``,
        # ``Ρ``): the text decoded back by the cleaner has the last word
        prof = replace(prof, language=_language(prof, cleaned, raw))
    kind, divisions = structure(cleaned)
    if prof.foreign:
        # the shape the block rules see (numbered headings, lettered sections) is all
        # they can tell of another language; a known edition says it is the laws
        from .editions import EDITIONS

        if _foreign_listing(cleaned):
            kind = "toc"
        elif edition in EDITIONS:
            kind = "laws"
        return replace(prof, kind=kind, divisions=())
    return replace(prof, kind=kind, divisions=divisions)


LISTED_HEADINGS = 5
_LETTERED_ENTRY = regex.compile(r"[A-H]\.[ \t]*\p{L}")
"""Least number of numbered law headings a table of contents in another language lists."""


def _foreign_listing(text: str) -> bool:
    """Whether a text in another language is a table of contents: at least
    ``LISTED_HEADINGS`` short law titles whose numbers follow each other («23. Title
    …… 41», «LOI 6 - Title», with or without page numbers or leaders, no sentence
    end) which, with the short lettered section titles listed under them («A.
    Title»), make up half its lines, and at most one line long enough to be a
    clause's text (a blurb of the site; its titles stand one to a line)."""
    from .editions import _FOREIGN_HEADING

    lines = [ln.strip() for ln in text.split("\n") if ln.strip()]
    if sum(1 for ln in lines if len(ln) > 160) > 1:
        return False
    # a title, not a clause: no sentence end («1. Talia.. 11», «LOI 6 - Mélange et Donne»)
    numbers = [
        int(m[1])
        for ln in lines
        if len(ln) <= 100
        and ln[-1] not in ".;:!?"
        and (m := _FOREIGN_HEADING.match(ln)) is not None
    ]
    sections = sum(1 for ln in lines if len(ln) <= 100 and _LETTERED_ENTRY.match(ln))
    # the listed laws follow each other (a law's clauses «1.», «2.» end in full stops)
    steps = sum(1 for a, b in itertools.pairwise(numbers) if b == a + 1)
    return steps >= LISTED_HEADINGS - 1 and (len(numbers) + sections) * 2 >= len(lines)


def profile_all(sources: list[Source]) -> list[Profile]:
    """Profiles of all the sources of a build, compared with each other."""
    shared = shared_lines(s.text for s in sources)
    edges = shared_lines_of(edge_lines(s.text) for s in sources)
    return [profile(s, shared, edges) for s in sources]
