"""Executable rulings: facts or a played deal in, a ruling with clause addresses out.

Public API:
- ``RULINGS: tuple[RulingSpec, ...]`` — one spec per ruling (name, Russian
  title and summary, ``implements`` corpus addresses, ``outside`` addresses,
  ``judgement`` addresses, ``inputs`` and ``examples()``).
- ``check_addresses(known) -> list[str]``: declared ``implements`` addresses
  missing from ``known``, the addresses of a built codex (the build treats any
  as an error). Which clauses exist is the codex's word, not a list kept here.
- ``OUTSIDE_ADDRESSES``: the ``outside`` clauses all specs declare.
- ``implemented_addresses() -> dict[str, list[str]]``: address → ruling names.
- Ruling functions: ``rule_revoke``, ``rule_revoke_pbn``, ``rule_defective_trick``,
  ``rule_incorrect_cards``, ``rule_auction``, ``rule_score``, ``score``,
  ``rule_claim``, ``rule_concession``, ``rule_attention``.
- Types: ``Ruling``, ``Step``, ``JudgementPoint``, ``RulingInputError``.

Worked examples come from ``pipeline/rulings/cases/*.json``, the same tables
the tests run.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .auction import rule_auction, rule_score, score, vulnerability
from .cards import rule_incorrect_cards
from .claims import rule_attention, rule_claim, rule_concession
from .defective import rule_defective_trick
from .pbn_revoke import rule_revoke_pbn
from .result import JudgementPoint, Ruling, RulingInputError, Step
from .revoke import rule_revoke

CASES_DIR = Path(__file__).parent / "cases"


def load_cases(name: str) -> list[dict[str, Any]]:
    """The test table for a ruling: [{"title", "input", "expect"}]."""
    with open(CASES_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


def _run_auction(inp: dict) -> Ruling:
    return rule_auction(inp["calls"], inp.get("dealer", "N"))


def _vul_arg(value: str) -> str:
    """``--vul``: every PBN spelling; argparse turns the error into exit 2."""
    import argparse

    try:
        return vulnerability(value)
    except RulingInputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _run_score(inp: dict) -> Ruling:
    return rule_score(inp["contract"], inp["vul"], inp["declarer"], inp["tricks"])


@dataclass(frozen=True)
class Arg:
    """One command-line argument of ``kodeks rule NAME``: ``argparse`` flags and options."""

    flags: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)


def arg(*flags: str, **options: Any) -> Arg:
    return Arg(flags, options)


# Most rulings read their facts from a JSON file.
FACTS_FILE = (arg("--facts", required=True, help="facts JSON file"),)


@dataclass(frozen=True)
class RulingSpec:
    name: str
    title: str
    summary: str
    implements: tuple[str, ...]
    outside: tuple[str, ...]
    judgement: tuple[str, ...]
    inputs: tuple[tuple[str, str], ...]
    run: Callable[[dict], Ruling]
    cases: str
    help: str = ""
    """One line for ``kodeks rule --help``."""
    heading: str = ""
    """The heading of the text output (Russian)."""
    args: tuple[Arg, ...] = FACTS_FILE
    """The subcommand's arguments; ``kodeks rule NAME`` is generated from them."""
    from_args: Callable[[Any], dict] | None = None
    """Parsed arguments → the ruling's input; None: the facts file named by ``--facts``."""

    def examples(self) -> list[dict[str, Any]]:
        return [
            {"title": c["title"], "input": c["input"], "result": self.run(c["input"]).to_dict()}
            for c in load_cases(self.cases)
        ]


RULINGS: tuple[RulingSpec, ...] = (
    RulingSpec(
        name="revoke",
        title="Ренонс: когда он окончателен и сколько взяток передаётся",
        summary=(
            "По фактам или по записи розыгрыша в PBN определяет, стал ли ренонс окончательным "
            "(63A1–63A3), что он не исправляется (63B), сколько взяток передаётся (64A1, обе "
            "части 64A2) и не действует ли одно из исключений 64B1–64B6. Учитывает комментарий "
            "64.10: ренонс разыгрывающего во взятке, взятой болваном, и ренонс болвана. Никогда "
            "не передаёт больше взяток, чем провинившаяся сторона взяла начиная со взятки с "
            "ренонсом. Вопрос о достаточности компенсации (64C) оставлен судье; по записи "
            "розыгрыша даётся оценка двойным болваном."
        ),
        implements=(
            "63",
            "63A",
            "63A1",
            "63A2",
            "63A3",
            "63B",
            "64",
            "64A",
            "64A1",
            "64A2",
            "64B",
            "64B1",
            "64B2",
            "64B3",
            "64B4",
            "64B5",
            "64B6",
            "64C",
            "64.10",
            "64.10(i)",
            "64.10(ii)",
        ),
        outside=("62", "62D", "64.8"),
        judgement=("64C",),
        inputs=(
            ("offender", "игрок, допустивший ренонс (N, E, S, W)"),
            ("declarer", "разыгрывающий (N, E, S, W)"),
            ("revoke_trick", "номер взятки с ренонсом (1–12)"),
            ("suit", "масть хода во взятке с ренонсом (необязательно)"),
            ("established_by", "play, designation, claim или null (63A1–63A3)"),
            ("trick_winners", "кто взял взятку с ренонсом и каждую последующую"),
            (
                "offender_won_with_revoke_suit_card",
                "номера последующих взяток, взятых провинившимся картой, которой он мог сыграть во "
                "взятку с ренонсом",
            ),
            ("second_revoke_same_suit", "повторный ренонс в той же масти того же игрока (64B2)"),
            ("failed_to_play_faced_card", "ренонс непроходом открытой картой (64B3)"),
            (
                "attention_after_next_deal_call",
                "внимание привлечено после заявки на следующей сдаче (64B4)",
            ),
            ("attention_after_round", "внимание привлечено после окончания тура (64B5)"),
        ),
        run=rule_revoke,
        cases="revoke",
        help="revoke (laws 63, 64)",
        heading="Ренонс",
        args=(
            arg("--facts", help="facts JSON file"),
            arg("--pbn", help="PBN file with [Play] records"),
            arg("--board", type=int, help="only this board of the PBN file"),
            arg("--no-dds", action="store_true", help="skip the double-dummy equity estimate"),
            arg("--jobs", type=int, default=1, help="rule the boards of a PBN file in N processes"),
        ),
    ),
    RulingSpec(
        name="defective-trick",
        title="Дефектная взятка",
        summary=(
            "Игрок не сыграл во взятку или сыграл в неё больше одной карты. До того как обе "
            "стороны сыграли в следующую взятку — 67A1 или 67A2; после — 67B1 (лишняя карта: "
            "открыть карту масти хода, 67B1(A), а без неё — считается ренонс со штрафом в одну "
            "взятку по закону 64, 67B1(B)) или 67B2 (не хватает карт: вернуть лишние в руку)."
        ),
        implements=(
            "67",
            "67A",
            "67A1",
            "67A2",
            "67B",
            "67B1",
            "67B1(A)",
            "67B1(B)",
            "67B2",
            "64A2",
            "64B1",
        ),
        outside=("45E", "58B"),
        judgement=("64C",),
        inputs=(
            ("offender", "провинившийся игрок (N, E, S, W)"),
            ("fault", "failed_to_play (не сыграл) или played_too_many (сыграл лишние карты)"),
            ("both_sides_played_to_next_trick", "обе стороны уже сыграли в следующую взятку"),
            ("has_suit_led", "у провинившегося есть карта масти хода (для 67B1)"),
            ("extra_card_identifiable", "можно установить, какая карта была открыта (для 67B2)"),
            ("defective_trick", "номер дефектной взятки (необязательно)"),
            (
                "offending_side_won_from_defective_trick",
                "сколько взяток провинившаяся сторона взяла начиная с дефектной (необязательно)",
            ),
        ),
        run=rule_defective_trick,
        cases="defective_trick",
        help="defective trick (law 67)",
        heading="Дефектная взятка",
    ),
    RulingSpec(
        name="cards",
        title="Неправильное число карт",
        summary=(
            "Если игрок с неправильной рукой уже сделал заявку — искусственный "
            "скорректированный результат. Иначе, если никто не видел чужих карт, сдача "
            "исправляется по записям рук (13A1), по опросу игравших (13A2) или пересдаётся "
            "(13A3), после чего играется обычным порядком. Если чужие карты видели — обычная "
            "игра возможна лишь при несущественной информации и согласии всех четырёх (13B1). "
            "Если три руки правильные, а в одной не хватает карт, применяется закон 14."
        ),
        implements=("13", "13A", "13A1", "13A2", "13A3", "13B", "13B1"),
        outside=("6", "14"),
        judgement=("13", "13B", "13B1"),
        inputs=(
            ("card_counts", 'число карт у каждого игрока, например {"N": 14, "E": 12, ...}'),
            ("offender_called", "игрок с неправильной рукой уже сделал заявку"),
            ("cards_seen", "кто-то видел чужие карты"),
            ("hand_records", "есть записи рук"),
            ("misdealt", "карты сданы неправильно"),
            ("information_unimportant", "судья считает информацию несущественной (13B1)"),
            ("all_four_agree", "все четыре игрока согласны (13B1)"),
        ),
        run=rule_incorrect_cards,
        cases="cards",
        help="incorrect number of cards (law 13)",
        heading="Неправильное число карт",
    ),
    RulingSpec(
        name="auction",
        title="Контры и реконтры",
        summary=(
            "Проверяет законность каждой контры (19A1, вне корпуса) и реконтры (19B1), "
            "отмечает контры и реконтры, перебитые последующим законным назначением (19C), и "
            "определяет итоговый контракт; стоимость неперебитого контракта с контрой или "
            "реконтрой увеличивается по закону 77 (19D)."
        ),
        implements=("19", "19B", "19B1", "19C", "19D"),
        outside=("19A", "19A1", "77"),
        judgement=(),
        inputs=(
            ("calls", "список заявок: P, X, XX, 1C…7NT"),
            ("dealer", "сдающий (N, E, S, W), по умолчанию N"),
        ),
        run=_run_auction,
        cases="auction",
        help="doubles and redoubles (law 19)",
        heading="Контры и реконтры",
        args=(arg("calls", nargs="+", help="calls, e.g. 1S X P XX"), arg("--dealer", default="N")),
        from_args=lambda a: {"calls": list(a.calls), "dealer": a.dealer},
    ),
    RulingSpec(
        name="score",
        title="Запись результата контракта",
        summary=(
            "Результат контракта в дуплимате для любого уровня, масти, контры или реконтры, "
            "зоны и числа взяток — со стороны разыгрывающего, отрицательный при недоборе "
            "(19D; таблица закона 77 вне корпуса)."
        ),
        implements=("19D",),
        outside=("77",),
        judgement=(),
        inputs=(
            ("contract", "контракт, например 4SX"),
            ("vul", "зона: NONE, NS, EW, ALL"),
            ("declarer", "разыгрывающий (N, E, S, W)"),
            ("tricks", "взятки разыгрывающего (0–13)"),
        ),
        run=_run_score,
        cases="score",
        help="duplicate score (19D, law 77)",
        heading="Запись результата",
        args=(
            arg("contract", help="e.g. 4SX"),
            arg("--vul", required=True, type=_vul_arg, help="None (Love, -), NS, EW or All (Both)"),
            arg("--declarer", required=True, type=str.upper, choices=("N", "E", "S", "W")),
            arg("--tricks", required=True, type=int),
        ),
        from_args=lambda a: {
            "contract": a.contract,
            "vul": a.vul,
            "declarer": a.declarer,
            "tricks": a.tricks,
        },
    ),
    RulingSpec(
        name="claim",
        title="Заявление при оставшемся у противника козыре",
        summary=(
            "Судья присуждает взятку противникам, только если выполнены все три условия: "
            "заявивший не упомянул козырь (70C1), вероятно, не знал о нём (70C2) и взятка "
            "могла быть проиграна этому козырю при нормальном розыгрыше (70C3)."
        ),
        implements=("70C", "70C1", "70C2", "70C3"),
        outside=(),
        judgement=("70C2", "70C3"),
        inputs=(
            ("trump_outstanding", "у противника остался козырь"),
            ("claimer_mentioned_trump", "заявивший упомянул этот козырь"),
            ("likely_unaware", "вероятно, заявивший не знал о козыре"),
            ("trick_could_be_lost", "взятка могла быть проиграна этому козырю"),
        ),
        run=rule_claim,
        cases="claim",
        help="claim with an outstanding trump (70C)",
        heading="Заявление",
    ),
    RulingSpec(
        name="concession",
        title="Отмена отдачи взятки",
        summary=(
            "Отдача взятки остаётся в силе, если только в срок для исправлений (79C) судья не "
            "отменит отдачу взятки, которую сторона не могла проиграть ни при каком законном "
            "розыгрыше (71A; текст в корпусе обрезан)."
        ),
        implements=("71", "71A"),
        outside=("79C",),
        judgement=(),
        inputs=(
            ("within_correction_period", "срок для исправлений по 79C не истёк"),
            ("could_lose_by_legal_play", "взятку можно было проиграть при законном розыгрыше"),
        ),
        run=rule_concession,
        cases="concession",
        help="cancelling a concession (71A)",
        heading="Отдача взятки",
    ),
    RulingSpec(
        name="attention",
        title="Кто может привлечь внимание к нарушению",
        summary=(
            "Во время розыгрыша внимание к нарушению могут привлечь разыгрывающий и защитники; "
            "болван — только после розыгрыша, но он может попытаться предотвратить нарушение "
            "разыгрывающего. После этого немедленно вызывают судью (9A2, 9B — текст во "
            "фрагменте вне корпуса)."
        ),
        implements=(),
        outside=("9A2", "9B", "42B2"),
        judgement=(),
        inputs=(
            ("player", "declarer, defender или dummy"),
            ("during_play", "идёт розыгрыш"),
        ),
        run=rule_attention,
        cases="attention",
        help="who may draw attention (9A2, 9B)",
        heading="Привлечение внимания",
    ),
)


# Clauses the rulings cite whose text is not in the corpus (scoring 77, the
# double half of law 19, …): each spec declares its own in ``outside``.
OUTSIDE_ADDRESSES: frozenset[str] = frozenset(a for s in RULINGS for a in s.outside)


def check_addresses(known: set[str]) -> list[str]:
    """Declared ``implements`` addresses that are missing from ``known``."""
    missing: list[str] = []
    for spec in RULINGS:
        for addr in spec.implements:
            if addr not in known and addr not in missing:
                missing.append(addr)
    return missing


def implemented_addresses() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for spec in RULINGS:
        for addr in spec.implements:
            out.setdefault(addr, []).append(spec.name)
    return out


def get_spec(name: str) -> RulingSpec:
    for spec in RULINGS:
        if spec.name == name:
            return spec
    raise KeyError(name)


__all__ = [
    "OUTSIDE_ADDRESSES",
    "RULINGS",
    "JudgementPoint",
    "Ruling",
    "RulingInputError",
    "RulingSpec",
    "Step",
    "check_addresses",
    "get_spec",
    "implemented_addresses",
    "load_cases",
    "rule_attention",
    "rule_auction",
    "rule_claim",
    "rule_concession",
    "rule_defective_trick",
    "rule_incorrect_cards",
    "rule_revoke",
    "rule_revoke_pbn",
    "rule_score",
    "score",
]
