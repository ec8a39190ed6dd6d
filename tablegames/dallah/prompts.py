"""What each phone shows: the prompt for a seat, in English or Arabic.

A phone at the table is the only rule sheet a player looks at, so a prompt is written for
a person, not a program: it names the card, the cup shape and the zone in the chosen
language (the names come from the card set), says which cup of a two-cup card this is and
who collects what falls when that is not the turn's player placing (DAL-24), and lists exactly the
reports the seat may make now (``nospace`` and ``timeout`` only when they are legal).

Seats that are not asked get a third-person line ("waiting for P1 to ...") instead of the
asked seat's instruction: an instruction in the second person ("your pile", "gives you")
shown to the wrong phone would tell that person something false. "You" appears on a
waiting phone only where it is true of that phone's seat ("you collect any cup that
falls" on the collector's phone while a Tag Team partner places).

Every phone says who collects what falls whenever that is not the player whose turn it is
placing their own cup (Tag Team, Shareek, Fazaa': DAL-24) and who
collected last turn; after a collapse the reporter is told to stand the Dallah up
(DAL-14); the end names the Biggest Loser in a sentence (DAL-51).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablegames.dallah import piles
from tablegames.dallah import stages as S

_EN = {
    "over_one": "The game is over. {who} is the Biggest Loser, with {cups}.",
    "over_tie": "The game is over. {who} share the Biggest Loser title, with {cups} each.",
    "over_none": "The game is over. Every personal pile is empty: nobody is the Biggest Loser.",
    "and": " and ",
    "draw": "Draw an Action card.",
    "last": "{who} collected {cups} last turn{collapsed}. ",
    "last_you": "You collected {cups} last turn{collapsed}. ",
    "last_collapsed": " (the Dallah collapsed)",
    "stand_up": "The Dallah collapsed after it settled: stand it back up first. ",
    "late": " If a cup falls before {who} draws, report it: {c} collects it.",
    "late_you": " If a cup falls before {who} draws, report it: you collect it.",
    "late_self": " If a cup falls before you draw, report it first: {c} collects it.",
    "late_self_you": " If a cup falls before you draw, report it first: you collect it.",
    "partner": "{card}: choose a partner to place a cup with you.",
    "give": "{card}: choose who gets {cups} from your pile.",
    "swap": "{card}: choose another player to swap piles with.",
    "pair": "{card}: piles are tied. Choose which biggest pile gives and which smallest "
            "pile receives.",
    "move": "{card}: move one cup on the Dallah to a different zone.",
    "roll": "{card}: roll the die for {cups}.",
    "roll_for": "{card} for {who}: roll the die, then place {cups} yourself; you collect "
                "any cup that falls.",
    "place": "{card}: place the {cup} cup on the {zone}{timed}{which}. Then report {alts}.",
    "timed": " within {seconds} seconds",
    "which": " (cup {i} of {k})",
    "collects": "; {who} collects any cup that falls",
    "collects_you": "; you collect any cup that falls",
    "alt_settled": "that it settled",
    "alt_fell": "each cup that fell",
    "alt_collapse": "a collapse",
    "alt_nospace": "that the zone has no space",
    "alt_timeout": "that time ran out with nothing fallen",
    "alt_join": ", ",
    "alt_last": ", or ",
    "stunt": "{card}: {stunt}, then report each cup that fell, a collapse, or that the "
             "Dallah settled.",
    "rotate": "rotate the Dallah",
    "tap": "tap the Dallah",
    "blow": "blow on the cups",
    "moved": "{card}: report each cup that fell while moving the cup, a collapse, or that "
             "the Dallah settled.",
    "so_far": "{who} collects what fell ({cups} so far). ",
    "so_far_you": "You collect what fell ({cups} so far). ",
    "more": "Report any other cup that fell, or that the Dallah has settled.",
    "still": "Place the {cup} cup on the {zone} if it is not there yet, then report any "
             "other cup that fell, or that the Dallah has settled.",
    "stop": "The card stops at the first fall: put {hand} back in the shared pile, "
            "untried. Report any other cup that fell, or that the Dallah has settled.",
    "stop_held": "The card stops at the first fall. If the {cup} cup was let go on the "
                 "{zone} before it, report that it fell, or that it stands there; if not, "
                 "put {hand} back in the shared pile, untried. Report any other cup that "
                 "fell, or that the Dallah has settled.",
    "hand_one": "the {cup} cup",
    "hand_many": "the {cups} cups",
    "collapsed": "The Dallah collapsed: {c} collects {cups}. Stand the Dallah back up, "
                 "then report that it has settled.",
    "collapsed_you": "The Dallah collapsed: you collect {cups}. Stand the Dallah back up, "
                     "then report that it has settled.",
    "collapsed_place": "The Dallah collapsed: {c} collects {cups}. Stand the Dallah back "
                       "up and place the {cup} cup on the {zone}, then report that the "
                       "Dallah has settled, or that the {cup} cup fell.",
    "collapsed_place_you": "The Dallah collapsed: you collect {cups}. Stand the Dallah "
                           "back up and place the {cup} cup on the {zone}, then report "
                           "that the Dallah has settled, or that the {cup} cup fell.",
    "collapsed_stop": "The Dallah collapsed: {c} collects {cups}. The card stops there: "
                      "put {hand} back in the shared pile, untried, stand the Dallah back "
                      "up, then report that it has settled.",
    "collapsed_stop_you": "The Dallah collapsed: you collect {cups}. The card stops there: "
                          "put {hand} back in the shared pile, untried, stand the Dallah "
                          "back up, then report that it has settled.",
    "collapsed_stop_held": "The Dallah collapsed: {c} collects {cups}. The card stops "
                           "there: if the {cup} cup was let go first, it fell with the "
                           "Dallah, so report it; if not, put {hand} back in the shared "
                           "pile, untried. Stand the Dallah back up, then report that it "
                           "has settled.",
    "collapsed_stop_held_you": "The Dallah collapsed: you collect {cups}. The card stops "
                               "there: if the {cup} cup was let go first, it fell with the "
                               "Dallah, so report it; if not, put {hand} back in the "
                               "shared pile, untried. Stand the Dallah back up, then "
                               "report that it has settled.",
    "collapsed_roll": "The Dallah collapsed: {c} collects {cups}. Stand the Dallah back "
                      "up, then roll the die.",
    "collapsed_roll_you": "The Dallah collapsed: you collect {cups}. Stand the Dallah back "
                          "up, then roll the die.",
    "protect": "{card}: {effect}. {options}, or allow it.",
    "eff_give": "{src} would give you {cups}",
    "eff_swap": "{src} would swap piles with you",
    "opt_block": "play {name} to block it",
    "opt_redirect": "play {name} to send it to another player",
    "opt_cancel": "play {name} to cancel it (nobody else can take it)",
    "opt_join": ", ",
    "w_draw": "Waiting for {who} to draw an Action card.",
    "w_choose": "{card}: waiting for {who} to choose a player.",
    "w_pair": "{card}: waiting for {who} to choose which tied piles give and receive.",
    "w_move": "{card}: waiting for {who} to move a cup to another zone.",
    "w_roll": "{card}: waiting for {who} to roll the die{collects}.",
    "w_place": "{card}: waiting for {who} to place the {cup} cup on the {zone}{collects}.",
    "w_stunt": "{card}: waiting for {who} to {stunt}.",
    "w_report": "Waiting for {who} to report what fell; {c} collects ({cups} so far).",
    "w_report_you": "Waiting for {who} to report what fell; you collect ({cups} so far).",
    "w_collapsed": "The Dallah collapsed: waiting for {who} to stand it back up; {c} "
                   "collects {cups}.",
    "w_collapsed_you": "The Dallah collapsed: waiting for {who} to stand it back up; you "
                       "collect {cups}.",
    "w_protect": "{card}: waiting for {who} to decide on protection.",
}

_AR = {
    "over_one": "انتهت اللعبة. أكبر خسران: {who}، وفي مجموعته {cups}.",
    "over_tie": "انتهت اللعبة. يتقاسم لقب أكبر خسران: {who}، وفي مجموعة كل منهم {cups}.",
    "over_none": "انتهت اللعبة. كل المجموعات فارغة: لا يوجد أكبر خسران.",
    "and": " و",
    "draw": "اسحب بطاقة إجراء.",
    "last": "أخذ {who} {cups} في الدور السابق{collapsed}. ",
    "last_you": "أخذتَ {cups} في الدور السابق{collapsed}. ",
    "last_collapsed": " (انهارت الدلة)",
    "stand_up": "انهارت الدلة بعد أن استقرت: أوقفها من جديد أولاً. ",
    "late": " إن سقط فنجان قبل أن يسحب {who}، أبلغ عنه: يأخذه {c}.",
    "late_you": " إن سقط فنجان قبل أن يسحب {who}، أبلغ عنه: تأخذه أنت.",
    "late_self": " إن سقط فنجان قبل أن تسحب، أبلغ عنه أولاً: يأخذه {c}.",
    "late_self_you": " إن سقط فنجان قبل أن تسحب، أبلغ عنه أولاً: تأخذه أنت.",
    "partner": "{card}: اختر شريكاً يضع فنجاناً معك.",
    "give": "{card}: اختر من يأخذ {cups} من مجموعتك.",
    "swap": "{card}: اختر لاعباً آخر لتبادل المجموعات معه.",
    "pair": "{card}: المجموعات متعادلة. اختر أي أكبر مجموعة تعطي وأي أصغر مجموعة تأخذ.",
    "move": "{card}: انقل فنجاناً على الدلة إلى منطقة أخرى.",
    "roll": "{card}: ارمِ النرد {cups}.",
    "roll_for": "{card} عن {who}: ارمِ النرد ثم ضع {cups} بنفسك؛ ما يسقط تأخذه أنت.",
    "place": "{card}: ضع فنجان {cup} على {zone}{timed}{which}. ثم أبلغ {alts}.",
    "timed": " خلال {seconds} ثوانٍ",
    "which": " (الفنجان {i} من {k})",
    "collects": "؛ ما يسقط يأخذه {who}",
    "collects_you": "؛ ما يسقط تأخذه أنت",
    "alt_settled": "أن الدلة استقرت",
    "alt_fell": "عن كل فنجان سقط",
    "alt_collapse": "عن انهيار الدلة",
    "alt_nospace": "أنه لا مكان في المنطقة",
    "alt_timeout": "أن الوقت انتهى دون سقوط",
    "alt_join": "، أو ",
    "alt_last": "، أو ",
    "stunt": "{card}: {stunt}، ثم أبلغ عن كل فنجان سقط، أو انهيار الدلة، أو أنها استقرت.",
    "rotate": "لف الدلة",
    "tap": "اطرق الدلة",
    "blow": "انفخ على الفناجين",
    "moved": "{card}: أبلغ عن كل فنجان سقط أثناء النقل، أو انهيار الدلة، أو أنها استقرت.",
    "so_far": "ما سقط يأخذه {who} ({cups} حتى الآن). ",
    "so_far_you": "ما سقط تأخذه أنت ({cups} حتى الآن). ",
    "more": "أبلغ عن أي فنجان آخر سقط، أو أن الدلة استقرت.",
    "still": "ضع فنجان {cup} على {zone} إن لم يكن هناك بعد، ثم أبلغ عن أي فنجان آخر سقط، "
             "أو أن الدلة استقرت.",
    "stop": "يتوقف الإجراء عند أول سقوط: أعد {hand} إلى المجموعة المشتركة دون محاولة. "
            "أبلغ عن أي فنجان آخر سقط، أو أن الدلة استقرت.",
    "stop_held": "يتوقف الإجراء عند أول سقوط. إن كان فنجان {cup} قد تُرك على {zone} قبله، "
                 "فأبلغ أنه سقط، أو أنه ثابت هناك؛ وإلا فأعد {hand} إلى المجموعة المشتركة "
                 "دون محاولة. أبلغ عن أي فنجان آخر سقط، أو أن الدلة استقرت.",
    "hand_one": "فنجان {cup}",
    "hand_many": "فناجين {cups}",
    "collapsed": "انهارت الدلة: يأخذ {c} {cups}. أوقف الدلة من جديد، ثم أبلغ أنها استقرت.",
    "collapsed_you": "انهارت الدلة: تأخذ أنت {cups}. أوقف الدلة من جديد، ثم أبلغ أنها "
                     "استقرت.",
    "collapsed_place": "انهارت الدلة: يأخذ {c} {cups}. أوقف الدلة من جديد وضع فنجان {cup} "
                       "على {zone}، ثم أبلغ أن الدلة استقرت، أو أن فنجان {cup} سقط.",
    "collapsed_place_you": "انهارت الدلة: تأخذ أنت {cups}. أوقف الدلة من جديد وضع فنجان "
                           "{cup} على {zone}، ثم أبلغ أن الدلة استقرت، أو أن فنجان {cup} "
                           "سقط.",
    "collapsed_stop": "انهارت الدلة: يأخذ {c} {cups}. ويتوقف الإجراء هنا: أعد {hand} إلى "
                      "المجموعة المشتركة دون محاولة، وأوقف الدلة من جديد، ثم أبلغ أنها "
                      "استقرت.",
    "collapsed_stop_you": "انهارت الدلة: تأخذ أنت {cups}. ويتوقف الإجراء هنا: أعد {hand} "
                          "إلى المجموعة المشتركة دون محاولة، وأوقف الدلة من جديد، ثم أبلغ "
                          "أنها استقرت.",
    "collapsed_stop_held": "انهارت الدلة: يأخذ {c} {cups}. ويتوقف الإجراء هنا: إن كان فنجان "
                           "{cup} قد تُرك قبلها فقد سقط معها، فأبلغ عنه؛ وإلا فأعد {hand} إلى "
                           "المجموعة المشتركة دون محاولة. أوقف الدلة من جديد، ثم أبلغ أنها "
                           "استقرت.",
    "collapsed_stop_held_you": "انهارت الدلة: تأخذ أنت {cups}. ويتوقف الإجراء هنا: إن كان "
                               "فنجان {cup} قد تُرك قبلها فقد سقط معها، فأبلغ عنه؛ وإلا فأعد "
                               "{hand} إلى المجموعة المشتركة دون محاولة. أوقف الدلة من جديد، "
                               "ثم أبلغ أنها استقرت.",
    "collapsed_roll": "انهارت الدلة: يأخذ {c} {cups}. أوقف الدلة من جديد، ثم ارمِ النرد.",
    "collapsed_roll_you": "انهارت الدلة: تأخذ أنت {cups}. أوقف الدلة من جديد، ثم ارمِ "
                          "النرد.",
    "protect": "{card}: {effect}. {options}، أو اسمح بذلك.",
    "eff_give": "{src} سيعطيك {cups}",
    "eff_swap": "{src} سيبادلك المجموعة",
    "opt_block": "العب {name} لإلغائه",
    "opt_redirect": "العب {name} لتحويله إلى لاعب آخر",
    "opt_cancel": "العب {name} لإلغائه (لا أحد غيرك يمكن أن يأخذه)",
    "opt_join": "، ",
    "w_draw": "بانتظار {who} ليسحب بطاقة إجراء.",
    "w_choose": "{card}: بانتظار {who} ليختار لاعباً.",
    "w_pair": "{card}: بانتظار {who} ليختار أي المجموعات المتعادلة تعطي وأيها تأخذ.",
    "w_move": "{card}: بانتظار {who} لينقل فنجاناً إلى منطقة أخرى.",
    "w_roll": "{card}: بانتظار {who} ليرمي النرد{collects}.",
    "w_place": "{card}: بانتظار {who} ليضع فنجان {cup} على {zone}{collects}.",
    "w_stunt": "{card}: بانتظار {who} ({stunt}).",
    "w_report": "بانتظار {who} ليبلغ بما سقط؛ ما يسقط يأخذه {c} ({cups} حتى الآن).",
    "w_report_you": "بانتظار {who} ليبلغ بما سقط؛ ما يسقط تأخذه أنت ({cups} حتى الآن).",
    "w_collapsed": "انهارت الدلة: بانتظار {who} ليوقفها من جديد؛ يأخذ {c} {cups}.",
    "w_collapsed_you": "انهارت الدلة: بانتظار {who} ليوقفها من جديد؛ تأخذ أنت {cups}.",
    "w_protect": "{card}: بانتظار {who} ليقرر هل يلعب بطاقة حماية.",
}

TEMPLATES = {"en": _EN, "ar": _AR}
#: The languages of prompts and names.
LANGS = tuple(TEMPLATES)


def cups_text(k: int, lang: str, form: str = "count") -> str:
    """``k`` cups in words: as a count ("1 cup", "2 cups"), the object of "place" ("the
    cup", "the 2 cups"), of "roll the die for" (Arabic needs its own preposition), or in
    Arabic the subject of a sentence (``"nom"``: فنجانان, not فنجانين)."""
    if lang == "en":
        if form in ("object", "roll"):
            return "the cup" if k == 1 else f"the {k} cups"
        return "1 cup" if k == 1 else f"{k} cups"
    if form == "roll":
        return "للفنجان" if k == 1 else "للفنجانين" if k == 2 else f"لـ{k} فناجين"
    if k == 1:
        return "فنجان واحد" if form == "nom" else "فنجاناً واحداً"
    if k == 2:
        return "فنجانان" if form == "nom" else "فنجانين"
    return f"{k} فناجين" if k <= 10 else f"{k} فنجاناً"


#: The parameters each card kind uses: a view shows only those (DAL-30: no cups on a
#: pile card, no seconds but on the five-second card).
_CARD_FIELDS: dict[str, tuple[str, ...]] = {
    "place": ("cups",), "timed": ("cups", "seconds"), "tag_team": ("cups",),
    "shareek": ("cups",), "fazaa": ("cups",), "naql": ("cups",), "rotate": ("cups",),
    "tap": ("cups",), "blow": ("cups",), "give": ("amount", "portion", "target"),
    "swap": ("target",), "retire": ("amount",), "even_out": ("amount",),
    "pass": ("target",),
}
def card_json(spec: Any) -> dict[str, Any]:
    """The view of an Action card: id, kind, ``you_lose`` and the parameters it uses.

    A give card with a ``half`` or ``all`` portion has no fixed amount, so it shows none.
    A new dict each call (a few attribute reads: well under a microsecond).
    """
    fields = _CARD_FIELDS[spec.kind]
    if spec.kind == "give" and spec.portion != "fixed":
        fields = ("portion", "target")
    return {"id": spec.id, "kind": spec.kind, "you_lose": spec.you_lose,
            **{f: getattr(spec, f) for f in fields}}


def _names(state: Any, seats: Sequence[int], words: dict[str, str]) -> str:
    names: list[str] = [state.players[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + words["and"] + names[-1]


def prompt_for(state: Any, seat: int | None, lang: str = "en") -> str:
    """The prompt for ``seat`` (``None``: a spectator) in ``lang``."""
    words = TEMPLATES[lang]
    if state.stage == S.OVER:
        losers = state.losers
        if not losers:
            return words["over_none"]
        key = "over_one" if len(losers) == 1 else "over_tie"
        return words[key].format(who=_names(state, losers, words),
                                 cups=cups_text(state.piles[losers[0]], lang, "nom"))
    if seat is None or seat != state.to_act:
        return _waiting(state, seat, words, lang)
    return _doing(state, seat, words, lang)


def _you(words: dict[str, str], key: str, seat: int | None, subject: int, state: Any,
         **more: Any) -> str:
    """Template ``key`` naming seat ``subject`` as ``c`` (``key_you`` when it is ``seat``)."""
    if seat == subject:
        return words[key + "_you"].format(**more)
    return words[key].format(c=state.players[subject], **more)


def _collects(state: Any, seat: int | None, words: dict[str, str]) -> str:
    """"; P0 collects any cup that falls" when that is not simply the player whose turn
    it is placing: a Tag Team or Shareek partner places for the active player, and on
    Fazaa' the helper collects though it is not their turn (DAL-24)."""
    c = state.collector
    if c < 0 or (c == state.placer and c == state.active):
        return ""
    if seat == c:
        return words["collects_you"]
    return words["collects"].format(who=state.players[c])


def _last_turn(state: Any, seat: int | None, words: dict[str, str], lang: str) -> str:
    """"P0 collected 2 cups last turn. " while the next player has not yet drawn."""
    last = state.last_turn
    if not last or last[2] < 0 or not last[3] or state.stage != S.DRAW:
        return ""
    collapsed = words["last_collapsed"] if last[4] else ""
    # a late collapse (DAL-14, DAL-23): nobody has stood the Dallah up yet
    lead = words["stand_up"] if last[4] == 2 else ""
    cups = cups_text(last[3], lang)
    if seat == last[2]:
        return lead + words["last_you"].format(cups=cups, collapsed=collapsed)
    return lead + words["last"].format(who=state.players[last[2]], cups=cups,
                                       collapsed=collapsed)


def _late(state: Any, seat: int | None, words: dict[str, str]) -> str:
    """The late-fall reminder for the seat that may still report one (DAL-23)."""
    if seat is None or seat != state.late:
        return ""
    collector = state.last_turn[2]
    if seat == state.to_act:
        return _you(words, "late_self", seat, collector, state)
    return _you(words, "late", seat, collector, state, who=state.players[state.to_act])


def _waiting(state: Any, seat: int | None, words: dict[str, str], lang: str) -> str:
    """What the other phones show: who the table waits for and what they are doing."""
    who = state.players[state.to_act]
    stage = state.stage
    if stage == S.DRAW:
        return (_last_turn(state, seat, words, lang) + words["w_draw"].format(who=who)
                + _late(state, seat, words))
    names = state.t.names[lang]
    spec = state.spec
    card = names["cards"][spec.id]
    if stage == S.REPORT:
        if state.collapsed:
            return _you(words, "w_collapsed", seat, state.collector, state, who=who,
                        cups=cups_text(state.falls, lang))
        if state.falls or state.report_kind == S.R_MOVE or (state.report_kind == S.R_PLACE
                                                      and state.released):
            return _you(words, "w_report", seat, state.collector, state, who=who,
                        cups=cups_text(state.collected, lang))
        if state.report_kind == S.R_STUNT:
            return words["w_stunt"].format(card=card, who=who, stunt=words[spec.kind])
        t = state.t
        return words["w_place"].format(card=card, who=who,
                                       cup=names["shapes"][t.shape_ids[state.cups_in_hand[0]]],
                                       zone=names["zones"][t.zone_ids[state.zone]],
                                       collects=_collects(state, seat, words))
    if stage == S.ROLL:
        if state.collapsed:  # before the roll (DAL-14, DAL-23)
            return _you(words, "w_collapsed", seat, state.collector, state, who=who,
                        cups=cups_text(state.falls, lang))
        return words["w_roll"].format(card=card, who=who, collects=_collects(state, seat, words))
    key = {S.TARGET: "w_choose", S.PAIR: "w_pair", S.MOVE: "w_move",
           S.PROTECT: "w_protect"}[stage]
    return words[key].format(card=card, who=who)


def _doing(state: Any, seat: int, words: dict[str, str], lang: str) -> str:
    """The instruction for the seat that must act now."""
    names = state.t.names[lang]
    stage = state.stage
    if stage == S.DRAW:
        return _last_turn(state, seat, words, lang) + words["draw"] + _late(state, seat, words)
    spec = state.spec
    card = names["cards"][spec.id]
    if stage == S.TARGET:
        if spec.kind == "shareek":
            return words["partner"].format(card=card)
        if spec.kind == "give":
            return words["give"].format(card=card, cups=cups_text(state.amount, lang))
        return words["swap"].format(card=card)
    if stage == S.PAIR:
        return words["pair"].format(card=card)
    if stage == S.MOVE:
        return words["move"].format(card=card)
    if stage == S.ROLL:
        if state.collapsed:  # a collapse before the roll (DAL-14, DAL-23)
            return _you(words, "collapsed_roll", seat, state.collector, state,
                        cups=cups_text(state.falls, lang))
        k = min(spec.cups, state.shared_total())
        if state.placer != state.active:
            return words["roll_for"].format(card=card, who=state.players[state.active],
                                            cups=cups_text(k, lang, "object"))
        return words["roll"].format(card=card, cups=cups_text(k, lang, "roll"))
    if stage == S.REPORT:
        held = _held(state, words, names)
        # DAL-26: the card stopped at a fall; the cups in hand go back at settled, unless
        # the later cup in hand for its zone is reported fallen or standing after all
        back = (state.report_kind == S.R_PLACE and bool(state.cups_in_hand)
                and not state._placing())
        stopped = state._stopped()
        if state.collapsed:
            if stopped:
                return _you(words, "collapsed_stop_held", seat, state.collector, state,
                            cups=cups_text(state.falls, lang), cup=held["cup"],
                            hand=held["hand"])
            if back:
                return _you(words, "collapsed_stop", seat, state.collector, state,
                            cups=cups_text(state.falls, lang), hand=held["hand"])
            if state._placing():  # the card's first cup: still placed
                return _you(words, "collapsed_place", seat, state.collector, state,
                            cups=cups_text(state.falls, lang), cup=held["cup"],
                            zone=held["zone"])
            return _you(words, "collapsed", seat, state.collector, state,
                        cups=cups_text(state.falls, lang))
        if state.falls or (state.report_kind == S.R_PLACE and state.released):
            so_far = (words["so_far_you"].format(cups=cups_text(state.collected, lang))
                      if seat == state.collector else words["so_far"].format(
                          who=state.players[state.collector],
                          cups=cups_text(state.collected, lang)))
            if stopped:
                return so_far + words["stop_held"].format(cup=held["cup"], zone=held["zone"],
                                                          hand=held["hand"])
            if back:
                return so_far + words["stop"].format(hand=held["hand"])
            if state._placing():
                return so_far + words["still"].format(cup=held["cup"], zone=held["zone"])
            return so_far + words["more"]
        if state.report_kind == S.R_STUNT:
            return words["stunt"].format(card=card, stunt=words[spec.kind])
        if state.report_kind == S.R_MOVE:
            return words["moved"].format(card=card)
        return _place(state, words, names, card)
    return _protect(state, words, names, card, lang)


def _held(state: Any, words: dict[str, str], names: dict[str, dict[str, str]]) -> dict[str, str]:
    """The cup in hand by name (``cup``), its zone (``zone``) and every cup in hand
    (``hand``: "the Wide cup", "the Wide and Tall cups"), or empty words."""
    t = state.t
    hand = [names["shapes"][t.shape_ids[s]] for s in state.cups_in_hand]
    if not hand:
        return {"cup": "", "zone": "", "hand": ""}
    zone = names["zones"][t.zone_ids[state.zone]] if state.zone >= 0 else ""
    many = hand[0] if len(hand) == 1 else (", ".join(hand[:-1]) + words["and"] + hand[-1])
    key = "hand_one" if len(hand) == 1 else "hand_many"
    return {"cup": hand[0], "zone": zone, "hand": words[key].format(cup=many, cups=many)}


def _place(state: Any, words: dict[str, str], names: dict[str, dict[str, str]],
           card: str) -> str:
    """The placement instruction: cup, zone, countdown, which cup, who collects, reports."""
    t = state.t
    spec = state.spec
    timed = spec.kind == "timed"
    which = ""
    if len(state.placers) > 1:
        which = words["which"].format(i=state.cup_no + 1, k=len(state.placers))
    which += _collects(state, state.placer, words)
    alts = [words["alt_settled"], words["alt_fell"], words["alt_collapse"]]
    if state._can_nospace():
        alts.append(words["alt_nospace"])
    if timed:
        alts.append(words["alt_timeout"])
    return words["place"].format(
        card=card, cup=names["shapes"][t.shape_ids[state.cups_in_hand[0]]],
        zone=names["zones"][t.zone_ids[state.zone]],
        timed=words["timed"].format(seconds=spec.seconds) if timed else "",
        which=which, alts=words["alt_join"].join(alts[:-1]) + words["alt_last"] + alts[-1])


def _protect(state: Any, words: dict[str, str], names: dict[str, dict[str, str]],
             card: str, lang: str) -> str:
    """The protection question: the effect against this seat and each card it may play."""
    t = state.t
    asked = state.asked[0]
    effect = piles.my_effect(state, asked)
    assert effect is not None  # an asked seat has an effect against it
    src = state.players[effect[0]]
    text = (words["eff_swap"].format(src=src) if effect[2] == S.SWAP
            else words["eff_give"].format(src=src, cups=cups_text(effect[2], lang)))
    options = []
    block = piles.held_kind(state, asked, "block")
    if block >= 0:
        options.append(words["opt_block"].format(
            name=names["cards"][t.card_ids[state.held[asked][block]]]))
    redirect = piles.held_kind(state, asked, "redirect")
    if redirect >= 0:
        key = "opt_redirect" if piles.eligible(state, asked, effect) else "opt_cancel"
        options.append(words[key].format(
            name=names["cards"][t.card_ids[state.held[asked][redirect]]]))
    joined = words["opt_join"].join(options)
    return words["protect"].format(card=card, effect=text,
                                   options=joined[:1].upper() + joined[1:])
