"""What each phone shows: the prompt for a seat, in English or Arabic.

A phone at the table is the only rule sheet a player looks at, so a prompt is written for
a person, not a program: it names the card, the cup shape and the zone in the chosen
language (the names come from the card set), says which cup of a two-cup card this is and
who collects what falls when that is not the placer (DAL-24), and lists exactly the
reports the seat may make now (``nospace`` and ``timeout`` only when they are legal).

Seats that are not asked get a third-person line ("waiting for P1 to ...") instead of the
asked seat's instruction: an instruction in the second person ("your pile", "gives you")
shown to the wrong phone would tell that person something false.
"""

from __future__ import annotations

from typing import Any

from tablegames.dallah import stages as S

_EN = {
    "over_loser": "The game is over. Biggest Loser: {who}.",
    "over_none": "The game is over. Every personal pile is empty: nobody is the Biggest Loser.",
    "draw": "Draw an Action card.",
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
    "more": "Report any other cup that fell, or that the Dallah has settled.",
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
    "w_roll": "{card}: waiting for {who} to roll the die.",
    "w_place": "{card}: waiting for {who} to place the {cup} cup on the {zone}.",
    "w_stunt": "{card}: waiting for {who} to {stunt}.",
    "w_report": "Waiting for {who} to report what fell.",
    "w_protect": "{card}: waiting for {who} to decide on protection.",
}

_AR = {
    "over_loser": "انتهت اللعبة. أكبر خسران: {who}.",
    "over_none": "انتهت اللعبة. كل المجموعات فارغة: لا يوجد أكبر خسران.",
    "draw": "اسحب بطاقة إجراء.",
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
    "more": "أبلغ عن أي فنجان آخر سقط، أو أن الدلة استقرت.",
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
    "w_roll": "{card}: بانتظار {who} ليرمي النرد.",
    "w_place": "{card}: بانتظار {who} ليضع فنجان {cup} على {zone}.",
    "w_stunt": "{card}: بانتظار {who} ({stunt}).",
    "w_report": "بانتظار {who} ليبلغ بما سقط.",
    "w_protect": "{card}: بانتظار {who} ليقرر هل يلعب بطاقة حماية.",
}

TEMPLATES = {"en": _EN, "ar": _AR}


def cups_text(k: int, lang: str, form: str = "count") -> str:
    """``k`` cups in words, as a count ("1 cup", "2 cups"), the object of "place" ("the
    cup", "the 2 cups") or of "roll the die for" (Arabic needs its own preposition)."""
    if lang == "en":
        if form != "count":
            return "the cup" if k == 1 else f"the {k} cups"
        return "1 cup" if k == 1 else f"{k} cups"
    if form == "roll":
        return "للفنجان" if k == 1 else "للفنجانين" if k == 2 else f"لـ{k} فناجين"
    if k == 1:
        return "فنجاناً واحداً"
    if k == 2:
        return "فنجانين"
    return f"{k} فناجين" if k <= 10 else f"{k} فنجاناً"


def prompt_for(state: Any, seat: int | None, lang: str = "en") -> str:
    """The prompt for ``seat`` (``None``: a spectator) in ``lang``."""
    words = TEMPLATES[lang]
    if state.stage == S.OVER:
        if not state.losers:
            return words["over_none"]
        return words["over_loser"].format(who=", ".join(state.players[s] for s in state.losers))
    if seat != state.to_act:
        return _waiting(state, words, lang)
    return _doing(state, words, lang)


def _waiting(state: Any, words: dict[str, str], lang: str) -> str:
    """What the other phones show: who the table waits for and what they are doing."""
    who = state.players[state.to_act]
    stage = state.stage
    if stage == S.DRAW:
        return words["w_draw"].format(who=who)
    names = state.t.names[lang]
    spec = state.spec
    card = names["cards"][spec.id]
    if stage == S.REPORT:
        if state.falls or state.what == S.R_MOVE or (state.what == S.R_PLACE
                                                      and state.released):
            return words["w_report"].format(who=who)
        if state.what == S.R_STUNT:
            return words["w_stunt"].format(card=card, who=who, stunt=words[spec.kind])
        t = state.t
        return words["w_place"].format(card=card, who=who,
                                       cup=names["shapes"][t.shape_ids[state.hand[0]]],
                                       zone=names["zones"][t.zone_ids[state.zone]])
    key = {S.TARGET: "w_choose", S.PAIR: "w_pair", S.MOVE: "w_move", S.ROLL: "w_roll",
           S.PROTECT: "w_protect"}[stage]
    return words[key].format(card=card, who=who)


def _doing(state: Any, words: dict[str, str], lang: str) -> str:
    """The instruction for the seat that must act now."""
    names = state.t.names[lang]
    stage = state.stage
    if stage == S.DRAW:
        return words["draw"]
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
        k = min(spec.cups, state.shared_total())
        if state.placer != state.active:
            return words["roll_for"].format(card=card, who=state.players[state.active],
                                            cups=cups_text(k, lang, "object"))
        return words["roll"].format(card=card, cups=cups_text(k, lang, "roll"))
    if stage == S.REPORT:
        if state.falls or (state.what == S.R_PLACE and state.released):
            return words["more"]
        if state.what == S.R_STUNT:
            return words["stunt"].format(card=card, stunt=words[spec.kind])
        if state.what == S.R_MOVE:
            return words["moved"].format(card=card)
        return _place(state, words, names, card)
    return _protect(state, words, names, card, lang)


def _place(state: Any, words: dict[str, str], names: dict[str, dict[str, str]],
           card: str) -> str:
    """The placement instruction: cup, zone, countdown, which cup, who collects, reports."""
    t = state.t
    spec = state.spec
    timed = spec.kind == "timed"
    which = ""
    if len(state.placers) > 1:
        which = words["which"].format(i=state.cup_no + 1, k=len(state.placers))
    if state.collector != state.placer:
        which += words["collects"].format(who=state.players[state.collector])
    alts = [words["alt_settled"], words["alt_fell"], words["alt_collapse"]]
    if state._can_nospace():
        alts.append(words["alt_nospace"])
    if timed:
        alts.append(words["alt_timeout"])
    return words["place"].format(
        card=card, cup=names["shapes"][t.shape_ids[state.hand[0]]],
        zone=names["zones"][t.zone_ids[state.zone]],
        timed=words["timed"].format(seconds=spec.seconds) if timed else "",
        which=which, alts=words["alt_join"].join(alts[:-1]) + words["alt_last"] + alts[-1])


def _protect(state: Any, words: dict[str, str], names: dict[str, dict[str, str]],
             card: str, lang: str) -> str:
    """The protection question: the effect against this seat and each card it may play."""
    t = state.t
    asked = state.asked[0]
    effect = state._my_effect(asked)
    src = state.players[effect[0]]
    text = (words["eff_swap"].format(src=src) if effect[2] == S.SWAP
            else words["eff_give"].format(src=src, cups=cups_text(effect[2], lang)))
    options = []
    block = state._held_kind(asked, "block")
    if block >= 0:
        options.append(words["opt_block"].format(
            name=names["cards"][t.card_ids[state.held[asked][block]]]))
    redirect = state._held_kind(asked, "redirect")
    if redirect >= 0:
        key = "opt_redirect" if state._eligible(asked, effect) else "opt_cancel"
        options.append(words[key].format(
            name=names["cards"][t.card_ids[state.held[asked][redirect]]]))
    joined = words["opt_join"].join(options)
    return words["protect"].format(card=card, effect=text,
                                   options=joined[:1].upper() + joined[1:])
