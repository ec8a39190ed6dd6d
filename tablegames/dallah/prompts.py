"""What each phone shows: the prompt for a seat, in English or Arabic.

A prompt names the card, the cup shape and the zone in the chosen language (the names come
from the card set), so an app can display it as it is. Seats that are not asked are told
whom the table is waiting for and what that player is doing.
"""

from __future__ import annotations

from typing import Any

from tablegames.dallah import stages as S

_EN = {
    "over_loser": "The game is over. Biggest Loser: {who}.",
    "over_none": "The game is over. Every personal pile is empty: nobody is the Biggest Loser.",
    "wait": "Waiting for {who}: {doing}",
    "draw": "Draw an Action card.",
    "partner": "{card}: choose a partner to place a cup with you.",
    "give": "{card}: choose who gets {k} cup(s) from your pile.",
    "swap": "{card}: choose another player to swap piles with.",
    "pair": "{card}: piles are tied. Choose which biggest pile gives and which smallest "
            "pile receives.",
    "move": "{card}: move one cup on the Dallah to a different zone.",
    "roll": "{card}: roll the die for the cup.",
    "roll_for": "{card} for {who}: roll the die, then place the cup for them.",
    "place": "{card}: place the {cup} cup on the {zone}{timed}. Then report: settled, or "
             "which cups fell.",
    "timed": " within {seconds} seconds",
    "stunt": "{card}: {stunt}, then report what fell, or that the Dallah settled.",
    "rotate": "rotate the Dallah",
    "tap": "tap the Dallah",
    "blow": "blow on the cups",
    "moved": "{card}: report what fell while moving the cup, or that the Dallah settled.",
    "more": "Report any other fallen cup, or that the Dallah has settled.",
    "protect": "{card}: {effect}. Play {held}, or allow it.",
    "eff_give": "{src} gives you {k} cup(s)",
    "eff_swap": "{src} swaps piles with you",
}

_AR = {
    "over_loser": "انتهت اللعبة. أكبر خسران: {who}.",
    "over_none": "انتهت اللعبة. كل المجموعات فارغة: لا يوجد أكبر خسران.",
    "wait": "بانتظار {who}: {doing}",
    "draw": "اسحب بطاقة إجراء.",
    "partner": "{card}: اختر شريكاً يضع فنجاناً معك.",
    "give": "{card}: اختر من يأخذ {k} من فناجينك.",
    "swap": "{card}: اختر لاعباً آخر لتبادل المجموعات معه.",
    "pair": "{card}: المجموعات متعادلة. اختر أي أكبر مجموعة تعطي وأي أصغر مجموعة تأخذ.",
    "move": "{card}: انقل فنجاناً على الدلة إلى منطقة أخرى.",
    "roll": "{card}: ارمِ النرد للفنجان.",
    "roll_for": "{card} لـ{who}: ارمِ النرد ثم ضع الفنجان عنه.",
    "place": "{card}: ضع فنجان {cup} على {zone}{timed}. ثم أبلغ: استقرت الدلة، أو ما الذي سقط.",
    "timed": " خلال {seconds} ثوانٍ",
    "stunt": "{card}: {stunt}، ثم أبلغ بما سقط أو أن الدلة استقرت.",
    "rotate": "لف الدلة",
    "tap": "اطرق الدلة",
    "blow": "انفخ على الفناجين",
    "moved": "{card}: أبلغ بما سقط أثناء النقل، أو أن الدلة استقرت.",
    "more": "أبلغ عن أي فنجان آخر سقط، أو أن الدلة استقرت.",
    "protect": "{card}: {effect}. العب {held} أو اسمح بذلك.",
    "eff_give": "{src} يعطيك {k} فنجان",
    "eff_swap": "{src} يبادلك المجموعة",
}

TEMPLATES = {"en": _EN, "ar": _AR}


def prompt_for(state: Any, seat: int | None, lang: str = "en") -> str:
    """The prompt for ``seat`` (``None``: a spectator) in ``lang``."""
    words = TEMPLATES[lang]
    if state.stage == S.OVER:
        if not state.losers:
            return words["over_none"]
        return words["over_loser"].format(who=", ".join(state.players[s] for s in state.losers))
    doing = _doing(state, words, lang)
    if seat != state.to_act:
        return words["wait"].format(who=state.players[state.to_act], doing=doing)
    return doing


def _doing(state: Any, words: dict[str, str], lang: str) -> str:
    names = state.t.cards.names(lang)
    t = state.t
    stage = state.stage
    if stage == S.DRAW:
        return words["draw"]
    spec = state.spec
    card = names["cards"][spec.id]
    if stage == S.TARGET:
        if spec.kind == "shareek":
            return words["partner"].format(card=card)
        if spec.kind == "give":
            return words["give"].format(card=card, k=state.amount)
        return words["swap"].format(card=card)
    if stage == S.PAIR:
        return words["pair"].format(card=card)
    if stage == S.MOVE:
        return words["move"].format(card=card)
    if stage == S.ROLL:
        if state.placer != state.active:
            return words["roll_for"].format(card=card, who=state.players[state.active])
        return words["roll"].format(card=card)
    if stage == S.REPORT:
        if state.falls:
            return words["more"]
        if state.what == S.R_STUNT:
            return words["stunt"].format(card=card, stunt=words[spec.kind])
        if state.what == S.R_MOVE:
            return words["moved"].format(card=card)
        timed = words["timed"].format(seconds=spec.seconds) if spec.kind == "timed" else ""
        if state.released:
            return words["more"]
        return words["place"].format(card=card, cup=names["shapes"][t.shape_ids[state.hand[0]]],
                                     zone=names["zones"][t.zone_ids[state.zone]], timed=timed)
    # PROTECT
    asked = state.asked[0]
    effect = state._my_effect(asked)
    src = state.players[effect[0]]
    text = (words["eff_swap"].format(src=src) if effect[2] == S.SWAP
            else words["eff_give"].format(src=src, k=effect[2]))
    held = " / ".join(names["cards"][t.card_ids[c]] for c in state.held[asked])
    return words["protect"].format(card=card, effect=text, held=held)
