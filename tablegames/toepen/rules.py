"""Toepen house rules as data (``toepen.Rules``) and the named variants.

Every field defaults to the standard game as our rulings file states it; each field's
docstring-comment names the ruling it changes. A ``Rules`` value is immutable and hashed
into every saved game, so a record made under one set of house rules is never replayed
under another.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import attrs

from tablegames.common.errors import RulesError, quoted
from tablegames.common.rules import (
    STANDARD,
    OptionText,
    converter,
    int_in,
    is_bool,
    named_variants,
    one_of,
    optional_int_in,
    pick_variant,
    said,
    variant_texts,
)

Ending = Literal["rubber", "elimination"]
DirtyHand = Literal["faces", "faces_or_seven"]
NextDealer = Literal["winner", "left", "most_points"]
#: ``second_exchange``: no second round, one for the holders of replacement cards (True),
#: or one for every player still in (``"all"``).
SecondExchange = bool | Literal["all"]


def _second_exchange(value: object, _type: object) -> SecondExchange:
    """Read a ``second_exchange`` value strictly: ``true``, ``false`` or ``"all"``."""
    if type(value) is bool or (value == "all" and type(value) is str):
        return value
    raise TypeError(f'expected true, false or "all", got {quoted(value, 40)}')


def _is_second_exchange(_inst: object, attr: Any, value: object) -> None:
    try:
        _second_exchange(value, None)
    except TypeError as exc:
        raise RulesError(f"{attr.name}: {exc}", code="choice", option=attr.name, value=value,
                         choices=("all", "false", "true")) from None


converter().register_structure_hook(SecondExchange, _second_exchange)


@attrs.frozen
class Rules:
    """Toepen options. Defaults are the standard game (see the Toepen rulings page).

    * ``limit`` — penalty points (lives) at which a player is out (TOE-23); 10 or 15 are usual.
    * ``ending`` — ``"rubber"``: the game ends after the hand in which someone reaches the
      limit; they pay (TOE-23). ``"elimination"``: players at the limit drop out and play
      goes on until one is left.
    * ``exchanges`` — allow the dirty-hand exchange at all (TOE-03). With ``False``,
      ``dirty_hand``, ``bluff_penalty`` and ``challenge_penalty`` are unused, and
      ``second_exchange`` or ``bluff_takes_back`` switched on is refused (``RulesError``):
      they add to an exchange that never happens.
    * ``dirty_hand`` — what counts as a dirty hand (TOE-03/04): ``"faces"`` = only J, Q, K, A;
      ``"faces_or_seven"`` also accepts three of them plus one 7.
    * ``bluff_penalty`` — lives a caught bluffer loses (TOE-04), 1 or 2.
    * ``challenge_penalty`` — lives a wrong challenger loses (TOE-04).
    * ``double_knock`` — the last knocker may knock again at once (TOE-50 forbids it).
    * ``max_stake`` — cap on the stake knocks may raise (``None``: only TOE-55 limits
      it). A last trick won with a jack under ``jack_doubles`` still costs double the
      stake, so a round can cost up to twice ``max_stake``.
    * ``poverty`` — the poverty rule of TOE-30/31 is in force.
    * ``poverty_may_fold`` — a player in poverty may fold on a later knock (TOE-31).
    * ``knock_only_on_turn`` — knocking only when it is your turn to play (TOE-21 lets
      anyone knock at any moment of play).
    * ``jack_doubles`` — a last trick won with a jack costs the payers double (TOE-52).
    * ``out_at_once`` — a player whom a challenge penalty (TOE-04) brings to the limit is
      out at once (TOE-23): the round goes on without them, or the game ends when that
      settles it. ``False`` is the old table habit of checking the limit only when the
      round ends (the player plays the round out).
    * ``next_dealer`` — who deals the next round (TOE-13): ``"winner"`` of the last trick
      (default), ``"left"``: the dealer's left-hand neighbour still in the game, or
      ``"most_points"``: the player with most lives lost (ties: the first of them from
      the dealer's left).
    * ``bluff_takes_back`` — a caught bluffer (TOE-04) takes back their own cards, now
      seen by everybody, and sets the drawn ones aside face down for the round (default
      ``False``: they keep the new cards, as TOE-04 says).
    * ``fold_withdraws`` — a folded player's card leaves the current trick (TOE-54): the
      trick stands as if it had never been played, so the first card left leads it and the
      best card of that suit wins it and leads next (default ``False``: the card stays and
      may win the trick, and only the lead passes on).
    * ``second_exchange`` — after the replacement cards, a second exchange round (TOE-03):
      ``True``: whoever holds replacement cards may throw them in once more, in the same
      order, and that exchange may be challenged like the first; ``"all"``: every player
      still in is asked again in the same order, whether they exchanged or not, including
      a caught bluffer who took back their own cards (``bluff_takes_back``); a caught
      bluffer's drawn cards all stay aside (default ``False``: one round).

    ``poverty_may_fold=False`` works with or without the poverty rule: a player one life
    from the limit is "in poverty" (named in every view) and may not fold; ``poverty=False``
    only drops the poverty lead and opening stake of TOE-30/31.
    """

    limit: int = attrs.field(
        default=10, validator=int_in(2, 100),
        metadata=said(
            "Lives",
            "A player who has lost this many lives is out.",
        ))
    ending: Ending = attrs.field(
        default="rubber", validator=one_of({"rubber", "elimination"}),
        metadata=said(
            "End of the game",
            "What happens when a player reaches the limit.",
            rubber="The game ends after that round",
            elimination="They drop out; play on until one is left",
        ))
    exchanges: bool = attrs.field(
        default=True, validator=is_bool,
        metadata=said(
            "Dirty hand exchange",
            "A player with a dirty hand may throw it in for four new cards.",
        ))
    dirty_hand: DirtyHand = attrs.field(
        default="faces", validator=one_of({"faces", "faces_or_seven"}),
        metadata=said(
            "Dirty hand",
            "Which hands count as dirty and may be thrown in.",
            faces="Only jacks, queens, kings and aces",
            faces_or_seven="Those, or three of them and a 7",
        ))
    bluff_penalty: int = attrs.field(
        default=1, validator=int_in(1, 2),
        metadata=said(
            "Lives for a caught bluff",
            "A player caught throwing in a hand that was not dirty loses this many lives.",
        ))
    challenge_penalty: int = attrs.field(
        default=1, validator=int_in(1, 2),
        metadata=said(
            "Lives for a wrong challenge",
            "A player who challenges a hand that really was dirty loses this many lives.",
        ))
    double_knock: bool = attrs.field(
        default=False, validator=is_bool,
        metadata=said(
            "Knock twice in a row",
            "The last player to knock may knock again straight away.",
        ))
    max_stake: int | None = attrs.field(
        default=None, validator=optional_int_in(2, 100),
        metadata=said(
            "Highest stake",
            "The highest stake knocking may raise a round to; leave it empty for no cap.",
        ))
    poverty: bool = attrs.field(
        default=True, validator=is_bool,
        metadata=said(
            "Poverty",
            "A player one life from the limit leads the first trick and the round starts at 2.",
        ))
    poverty_may_fold: bool = attrs.field(
        default=True, validator=is_bool,
        metadata=said(
            "Poverty may fold",
            "A player one life from the limit may still fold when someone knocks.",
        ))
    knock_only_on_turn: bool = attrs.field(
        default=False, validator=is_bool,
        metadata=said(
            "Knock only on your turn",
            "Players may knock only when it is their turn to play.",
        ))
    jack_doubles: bool = attrs.field(
        default=False, validator=is_bool,
        metadata=said(
            "Jack doubles",
            "When the last trick is won with a jack, the others lose double.",
        ))
    out_at_once: bool = attrs.field(
        default=True, validator=is_bool,
        metadata=said(
            "Out at once",
            "A player whom a challenge brings to the limit is out straight away, not when the round ends.",
        ))
    next_dealer: NextDealer = attrs.field(
        default="winner", validator=one_of({"winner", "left", "most_points"}),
        metadata=said(
            "Next dealer",
            "Who deals the next round.",
            winner="Whoever won the last trick",
            left="The player on the dealer's left",
            most_points="The player who has lost the most lives",
        ))

    bluff_takes_back: bool = attrs.field(
        default=False, validator=is_bool,
        metadata=said(
            "Bluffer takes back the cards",
            "A caught bluffer takes back their own cards, shown to everyone, and puts the new ones aside.",
        ))
    fold_withdraws: bool = attrs.field(
        default=False, validator=is_bool,
        metadata=said(
            "Folding takes the card back",
            "A player who folds takes their card out of the trick, so it cannot win it.",
        ))
    second_exchange: SecondExchange = attrs.field(
        default=False, validator=_is_second_exchange,
        metadata=said(
            "Second exchange",
            "Whether the new cards of a dirty hand exchange may be thrown in once more.",
            false="No: one exchange only",
            true="Yes, by those who got new cards",
            all="Yes: every player still in is asked again",
        ))

    def __attrs_post_init__(self) -> None:
        # TOE-03: without the exchange there is no second round of it and no caught
        # bluffer; accepting either option would start a game that silently drops it
        if not self.exchanges:
            for name in ("second_exchange", "bluff_takes_back"):
                value = getattr(self, name)
                if value is not False:
                    shown = f'"{value}"' if isinstance(value, str) else "True"
                    raise RulesError(
                        f"{name}={shown} needs exchanges=True: it changes the dirty-hand "
                        "exchange, and exchanges=False turns the exchange off",
                        code="clash", options=(name, "exchanges"))

    @classmethod
    def variant(cls, name: str) -> Rules:
        """A named variant (see :data:`VARIANTS`)."""
        return pick_variant(VARIANTS, name, "toepen")


#: Each named variant with the words a player reads where a table picks one.
_NAMED: Mapping[str, tuple[Rules, OptionText]] = {
    "standard": (Rules(), STANDARD),
    "limit15": (Rules(limit=15), OptionText(
        "Fifteen lives", "A player is out at 15 lives instead of 10, for a longer game.")),
    "elimination": (Rules(ending="elimination"), OptionText(
        "Last one standing",
        "A player who reaches 10 lives drops out, and play goes on until one is left.")),
    "elimination15": (Rules(limit=15, ending="elimination"), OptionText(
        "Last one standing, 15 lives",
        "A player who reaches 15 lives drops out, and play goes on until one is left.")),
    "lenient-dirty-hand": (Rules(dirty_hand="faces_or_seven"), OptionText(
        "Lenient dirty hand",
        "Three jacks, queens, kings or aces with a 7 also count as a dirty hand.")),
    "harsh-bluff": (Rules(bluff_penalty=2), OptionText(
        "Harsh on bluffs",
        "A player caught throwing in a hand that was not dirty loses two lives, not one.")),
    "double-knock": (Rules(double_knock=True), OptionText(
        "Double knock", "The last player to knock may knock again straight away.")),
    "knock-on-turn": (Rules(knock_only_on_turn=True), OptionText(
        "Knock on your turn", "Players may knock only when it is their turn to play.")),
    "no-poverty": (Rules(poverty=False), OptionText(
        "No poverty",
        "A player one life from the limit plays like everyone else, with no poverty rule.")),
    "jack-doubles": (Rules(jack_doubles=True), OptionText(
        "Jack doubles", "When the last trick is won with a jack, the others lose double.")),
}
#: Named variants: house rules people actually play, by name (read-only: the table is
#: the whole process's).
VARIANTS: Mapping[str, Rules] = named_variants(_NAMED)
#: The words of each named variant (``GameInfo.variant_texts``).
VARIANT_TEXTS: Mapping[str, OptionText] = variant_texts(_NAMED)
