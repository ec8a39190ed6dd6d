"""The phone table's words can be read: WCAG AA contrast (4.5:1 for text, 3:1 for large text)
through a few turns of each game, on a 360x740 phone, in the game's own language.

One server and one Chromium for the module. What a reviewer measured on the table (helper
157): every seat's line of facts, its "you" and "bot" marks and the labels of its rows were
translucent white that fell to 3.5-4:1 on the lighter seat boxes; the badges ("your turn",
"dealer") were white on a white-tinted pill, 3.1:1 on the turn's gold; a yellow Phase 10
card was white on yellow, 2.3:1; Dallah's named cards and the card's title were gold on
white, 3.9:1, and its "Time ran out" button white on orange, 3.4:1.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.helpers import LEGAL, Phones, Server, by_priority, new_phones, tap, until
from tests.server.test_browser_layout import ORDER, settle

#: Each visible piece of text of ``sel`` whose colour against what is drawn behind it
#: falls under WCAG AA: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). The
#: colour is the text's with every ancestor's opacity applied, over the backgrounds of
#: its ancestors composited from the page down. Text that is out of use (a disabled
#: button, a dimmed card no move uses, a sent tap's buttons: WCAG exempts inactive
#: parts) is not asked; text over a picture (the wild card's four colours) cannot be
#: measured this way and is left out.
CONTRAST = """(sel) => {
  const parse = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, a, bot) => [0, 1, 2].map(i => top[i] * a + bot[i] * (1 - a));
  const lum = c => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const bad = [], seen = new Set();
  for (const root of document.querySelectorAll(sel)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      const e = node.parentElement;
      if (!node.data.trim() || !e || seen.has(e) || !e.checkVisibility()) continue;
      seen.add(e);
      if (e.closest('.sr-only, [disabled], [aria-disabled=true], .dim, select option')) continue;
      if (document.body.dataset.pending === '1' && e.closest('.act, .pick, .pile')) continue;
      const chain = [];
      for (let n = e; n; n = n.parentElement) chain.unshift(n);
      let bg = [255, 255, 255], picture = false, alpha = 1;
      for (const n of chain) {
        const cs = getComputedStyle(n);
        alpha *= Number(cs.opacity);
        const c = parse(cs.backgroundColor);
        if (c && c[3] > 0) { bg = over(c, c[3], bg); if (c[3] === 1) picture = false; }
        if (cs.backgroundImage !== 'none' && !n.matches('select')) picture = true;  // a select's drawn arrow
      }
      if (picture) continue;
      const cs = getComputedStyle(e);
      const c = parse(cs.color);
      const fg = over(c, c[3] * alpha, bg);
      const a = lum(fg), b = lum(bg), ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const size = parseFloat(cs.fontSize);
      const large = size >= 24 || (Number(cs.fontWeight) >= 700 && size >= 18.66);
      if (ratio < (large ? 3 : 4.5) - 0.005)
        bad.push(e.tagName.toLowerCase() + '.' + String(e.className).trim().split(/\\s+/).join('.') + ' ' +
                 JSON.stringify(node.data.trim().slice(0, 24)) + ' ' + ratio.toFixed(2) + ':1');
    }
  }
  return bad;
}"""

#: game -> (language, seed, house rules, turns played): the game's own language (Arabic
#: for the two that have none else); seeds whose first turns show what was too faint (a
#: yellow card in the Phase 10 hand, a named Dallah card, a turn badge and a face-up row).
GAMES: dict[str, tuple[str, Any, dict[str, Any], int]] = {
    "toepen": ("nl", 3, {"limit": 3}, 6),
    "phase10": ("da", 3, {}, 6),
    "shithead": ("ar", 3, {}, 6),
    "dallah": ("ar", "d3", {}, 8),
}


def readable(page: Any, where: str, sel: str = "header, #game, #result") -> list[str]:
    settle(page)
    return [f"{where}: {b}" for b in page.evaluate(CONTRAST, sel)]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_word_on_the_table_has_aa_contrast(game: str, server: Server, browser: Any,
                                                 phones: list[Phones]) -> None:
    """A 360x740 phone plays a few turns against bots: at each of its turns, and at the
    lobby, every word on the page (the bar, the prompt, the buttons, the hand, the felt's
    seats, badges and piles) reads at WCAG AA contrast."""
    lang, seed, rules, turns = GAMES[game]
    ph = new_phones(phones, browser, server, lang)
    room = server.create(game=game, players=3, name="Amal", seed=seed, bot="random", rules=rules)
    page = ph.open(room["url"], viewport=(360, 740), reduced_motion="reduce")
    until(page, "#lobby:not([hidden])", state="visible")
    problems = readable(page, "lobby")
    page.click("#start")
    seen: set[str] = set()
    for _ in range(turns):
        until(page, "body[data-myturn='1'], body[data-over='1']")
        version = page.get_attribute("body", "data-version")
        problems += readable(page, f"v{version}")
        seen |= set(page.evaluate(
            "() => [...document.querySelectorAll('#game :is(.badge, .card.marked.yellow,"
            " .card.named, .stats)')].map(e => e.className.split(' ').slice(0, 3).join('.'))"))
        if page.get_attribute("body", "data-over") == "1":
            break
        tap(page, by_priority(ORDER[game])(page.evaluate(LEGAL), page))
        until(page, f"body:not([data-version='{version}'])")
    assert problems == [], problems[:12]
    # the turns played showed what the test is for
    assert {"badge", "stats"} <= seen, seen
    if game == "phase10":
        assert "card.marked.yellow" in seen, seen
    if game == "dallah":
        assert any(s.startswith("card.named") for s in seen), seen
    assert not ph.errors


def test_dallahs_timed_card_and_its_buttons_read_at_aa(server: Server, browser: Any,
                                                        phones: list[Phones]) -> None:
    """The five-second card (its gold title) and its report buttons ('Time ran out' on
    orange among them) read at WCAG AA contrast, on a phone held sideways (740x360)."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="dallah", players=3, name="Amal", seed="d3", bot="random")
    page = ph.open(room["url"], viewport=(740, 360), reduced_motion="reduce")
    page.click("#start")
    order = {"draw": 0, "roll": 1, "settled": 2, "allow": 3, "target": 4, "pair": 4, "move": 5}
    for _ in range(60):
        until(page, "body[data-myturn='1']")
        if page.get_attribute("body", "data-timed") == "1":
            break
        version = page.get_attribute("body", "data-version")
        tap(page, by_priority(order)(page.evaluate(LEGAL), page))
        until(page, f"body:not([data-version='{version}'])")
    else:
        raise AssertionError("no timed card came")
    assert page.locator("#dallah .card-name").is_visible()
    assert page.locator("#dallah button[data-verb='timeout']").is_visible()
    assert readable(page, "timed card", "#dallah") == []
    assert not ph.errors
