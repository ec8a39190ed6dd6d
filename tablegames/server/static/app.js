/* tablegames room server: the phone page.
 *
 * The server sends a page model built from this seat's view only (see
 * tablegames/server/page.py): the whole page on hello, then patches of it ("what
 * changed"); this file keeps the page up to date, draws it and sends back the notation of the
 * button that was tapped with the version it was chosen at. The page comes in format 2:
 * each card is a key into a face table (the page's ``faces``, the table's own for its
 * seats and centre), which expand() looks up before drawing, so everything below draws
 * cards from their faces. Everything is drawn with
 * textContent, never as HTML, so a player's name cannot inject anything.
 */
"use strict";

/* The page's words in every language, written into the HTML by the server from the
 * message catalogues (tablegames/server/chrome.py): {langs: [[code, name, dir]], words,
 * counted: {lang: {key: {plural category: text}}}, games: {game: [code, ...]}} (the
 * languages each game's table is translated into). */
const WORDS = JSON.parse(document.getElementById("words").textContent);
const UI = WORDS.words;
const LANGS = WORDS.langs.map(([code]) => code);

/* The languages the language menu offers: every one on the home page; in a room only
 * those the room's game is translated into (see fitLang), so a page never shows its
 * chrome in one language and the table in another. */
let offered = LANGS.slice();

/* The player's language: the one chosen last (kept for other rooms even where this
 * game lacks it), else the browser's, else English; always one of ``offered``. */
function preferred() {
  const browser = LANGS.find(l => offered.includes(l) && (navigator.language || "").startsWith(l));
  const stored = localStorage.getItem("tg-lang");
  if (stored && offered.includes(stored) && stored in UI) return stored;
  return browser || "en";
}

let lang = preferred();

/* A name or number filled into a right-to-left sentence is bidi-isolated (U+2068 …
 * U+2069), so "Jo <b>&'" or "Bot 3" keeps its own order inside Arabic text. */
function rtl() {
  const info = WORDS.langs.find(([code]) => code === lang);
  return !!info && info[2] === "rtl";
}

function t(key, vars) {
  let s = (UI[lang] && UI[lang][key]) || UI.en[key] || key;
  const iso = rtl();
  for (const [k, v] of Object.entries(vars || {})) {
    s = s.split("{" + k + "}").join(iso ? "\u2068" + String(v) + "\u2069" : String(v));
  }
  return s;
}

/* A counted word ("Start now: a bot takes 1 empty seat"): the form the page's language
 * uses for n (its CLDR plural category: Arabic has six), from WORDS.counted. */
function tn(key, n, vars) {
  const forms = (WORDS.counted[lang] && WORDS.counted[lang][key]) || WORDS.counted.en[key];
  let category = "other";
  try { category = new Intl.PluralRules(lang).select(n); } catch (e) { category = n === 1 ? "one" : "other"; }
  let s = forms[category] || forms.other;
  const iso = rtl();
  for (const [k, v] of Object.entries(Object.assign({n}, vars || {}))) {
    s = s.split("{" + k + "}").join(iso ? "\u2068" + String(v) + "\u2069" : String(v));
  }
  return s;
}

/* Between the names of a list: the page's language's comma ("،" in Arabic). */
function listSeparator() {
  return lang === "ar" ? "\u060c " : ", ";
}

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k.startsWith("data-") || k === "type" || k === "title" || k === "href" || k === "src"
             || k === "alt" || k === "disabled" || k.startsWith("aria-") || k === "role" || k === "tabindex"
             || k === "dir" || k === "lang") node.setAttribute(k, v === true ? "" : v);
    else node[k] = v;
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/* Two or more card notations or ranks ("2 3 9 10 J Q K", "7♥ 10♠"), nothing else. */
const CARD_LIST = /^(?:10|[2-9JQKA])[♣♦♥♠]?(?:[ ,·]+(?:10|[2-9JQKA])[♣♦♥♠]?)+$/;

/* replaceChildren without the nulls that optional parts leave (it would print "null") */
function fill(node, ...children) {
  node.replaceChildren(...children.filter(c => c !== null && c !== undefined && c !== false));
}

function applyLang() {
  const info = WORDS.langs.find(([code]) => code === lang) || ["en", "English", "ltr"];
  document.documentElement.lang = info[0];
  document.documentElement.dir = info[2];
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  /* The language menu shows the page's language, by its own name, and opens the others
   * (a native select: a phone's own picker, the keyboard's arrows, and a screen reader
   * reads "Language, English, collapsed"); each choice is marked with its language and
   * direction, so "العربية" is spoken in Arabic and drawn right to left on an English page. */
  const menu = document.getElementById("lang");
  if (menu) {
    menu.hidden = offered.length < 2;  // a game in one language: nothing to choose
    menu.setAttribute("aria-label", t("language"));
    menu.title = t("language");
    menu.replaceChildren(...offered.map(code => {
      const known = WORDS.langs.find(([c]) => c === code) || [code, code, "ltr"];
      return el("option", {value: code, text: known[1], lang: code, dir: known[2]});
    }));
    menu.value = lang;
  }
}

/* The room's game is known (its lobby or its table): offer only its languages. Returns
 * whether the page's language changed (a stored Danish on a Toepen table: English, or
 * the browser's language where the game has it). */
function fitLang(game) {
  const langs = (WORDS.games || {})[game];
  if (!langs) return false;
  offered = LANGS.filter(l => langs.includes(l));
  if (!offered.length) offered = ["en"];
  const before = lang;
  lang = preferred();
  applyLang();
  return lang !== before;
}

function setupLang(onChange) {
  applyLang();
  document.getElementById("lang").addEventListener("change", (e) => {
    if (!offered.includes(e.target.value) || e.target.value === lang) return;
    lang = e.target.value;
    localStorage.setItem("tg-lang", lang);
    applyLang();
    if (onChange) onChange();
  });
}

/* ``form``: on the home page, the form whose sending was refused (the message goes
 * under it). */
function showError(text, form) {
  const box = showError.box || (showError.box = document.getElementById("error"));
  placeError(form);
  box.textContent = text;
  box.classList.add("shown");
  /* a player who scrolled down to tap a card, or whose form's foot is at the screen's
   * edge, sees why it was refused: the page comes back to the message (and what it is
   * about) only when it is out of sight */
  const r = box.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) box.scrollIntoView({block: "nearest"});
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => box.classList.remove("shown"), 5000);
}

/* Where a room says a refusal: in the page's flow beside what the player reads to act,
 * never over it (a banner fixed at the top covered the prompt, and the end panel's
 * title): over the end panel at the head of its foot, by Play again (the foot stays in
 * sight); at the table just above the prompt, which it pushes down while it shows; in
 * the lobby at its head. Called again after each redraw, which may draw the end panel
 * or the lobby anew without it. On the home page, right under the form that was sent
 * (``form``), by the button just pressed: its own heading and fields stay in sight (a
 * banner fixed at the top covered them on a phone). */
function placeError(form) {
  const box = showError.box;
  if (!box) return;
  if (document.body.dataset.page !== "room") {
    if (form && form.nextElementSibling !== box) form.after(box);
    return;
  }
  const result = document.getElementById("result");
  const foot = result && !result.hidden ? result.querySelector(".foot") : null;
  const game = document.getElementById("game");
  const prompt = document.getElementById("prompt");
  const lobby = document.getElementById("lobby");
  if (foot) {
    if (foot.firstElementChild !== box) foot.prepend(box);
  } else if (!game.hidden) {
    if (prompt.previousElementSibling !== box) prompt.before(box);
  } else if (lobby.firstElementChild !== box) {
    lobby.prepend(box);
  }
}

async function post(url, data) {
  let response, body;
  try {
    response = await fetch(url + "?lang=" + lang, {
      method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(data),
    });
    body = await response.json();
  } catch (err) {
    /* no answer (the network is down), or one that is not the server's (a proxy's error
     * page): the browser's own words ("Failed to fetch", a JSON parser's complaint) are
     * English and a developer's, so the player reads the page's language */
    throw new Error(t("no_server"));
  }
  if (!response.ok) throw new Error(body.message + (body.detail ? " (" + body.detail + ")" : ""));
  return body;
}

/* ------------------------------------------------------------------ names
 *
 * A name has at most NAME_MAX characters as a person counts them: code points after
 * NFC (an "é" typed as e + accent is one), with the spaces the server keeps (trimmed,
 * runs made one). The field has no maxlength (a browser cuts at 24 UTF-16 units without a
 * word, and can cut an emoji in half): a longer name stays as typed, the field says why
 * it cannot be sent, and the form is not sent; the server refuses it the same way
 * (code "name_too_long"). */
const NAME_MAX = 24;

function nameLength(text) {
  return [...text.split(/\s+/).filter(Boolean).join(" ").normalize("NFC")].length;
}

function watchName(input) {
  const note = el("small", {class: "field-error", id: input.form.id + "-name-error", role: "status"});
  input.after(note);
  input.setAttribute("aria-describedby", note.id);
  const check = () => {
    const long = nameLength(input.value) > NAME_MAX;
    note.textContent = long ? t("name_too_long") : "";
    if (long) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
    return !long;
  };
  input.addEventListener("input", check);
  return check;
}

/* ------------------------------------------------------------------ the home page */
function home() {
  const form = document.getElementById("create-form");
  const joinForm = document.getElementById("join-form");
  let games = [];
  const parts = location.pathname.split("/");
  const joining = parts[1] === "j" && parts[2];
  const nameFits = {create: watchName(form.name), join: watchName(joinForm.name)};
  setupLang(() => { loadGames(); if (joining) loadRoom(false); nameFits.create(); nameFits.join(); });
  if (joining) {
    joinForm.code.value = parts[2].toUpperCase();
    document.getElementById("create-box").hidden = true;
    loadRoom(true);
  }

  /* The room a join link opens, in the page's language, and again at each language
   * switch: "Toepen room 94HUY8F: Anneke; 3 seats free". Each name is bidi-isolated
   * (a Latin name keeps its order in an Arabic sentence, an Arabic one in an English
   * sentence) and joined with the language's comma; the open seats are counted in
   * words, in the language's plural form. */
  function loadRoom(first) {
    const asked = lang;
    fetch("/api/rooms/" + encodeURIComponent(parts[2]) + "?lang=" + encodeURIComponent(asked))
      .then(async r => [r.ok, await r.json()]).then(([ok, room]) => {
      if (asked !== lang) return;  // switched again meanwhile: that answer draws
      const info = document.getElementById("join-info");
      /* a refusal is told by its status: its body's ``code`` is the reason ("no_room"),
       * a room's is the room code */
      if (!ok) { info.textContent = room.message; return; }
      document.title = t("tab_title", {game: room.title});  // as the room's own tab will say
      const taken = room.seats.filter(Boolean);
      const names = taken.map(n => "\u2068" + n + "\u2069").join(listSeparator());
      const free = room.seats.length - taken.length;
      info.textContent = room.started || !free ? t("full_room")
        : tn("room_of", free, {title: room.title, code: room.code, names});
      if (first) joinForm.name.focus();
    });
  }

  function current() { return games.find(g => g.name === form.game.value) || games[0]; }

  function renderGame() {
    const g = current();
    form.players.min = g.min; form.players.max = g.max;
    form.players.value = Math.min(g.max, Math.max(g.min, 4));
    /* each variant and bot by its words in the page's language (/api/games: a label and
     * a sentence, from the game's catalogue), its name kept as the value the server is
     * sent; a server before these words shows the name */
    const labelled = (names, labels) => names.map(
      n => el("option", {value: n, text: (labels || {})[n] || n}));
    form.variant.replaceChildren(...labelled(Object.keys(g.variants), g.variant_labels));
    form.bot.replaceChildren(...labelled(g.bots, g.bot_labels),
                             el("option", {value: "", text: t("no_bots")}));
    form.bot.value = g.default_bot;
    renderOptions();
  }

  /* The sentence under the variant and the bot: what the chosen one changes at the
   * table, how the chosen bot plays (tied to its box by aria-describedby, so a screen
   * reader says it after the box's name and value). */
  function renderChoiceHelp() {
    const g = current();
    if (!g) return;
    document.getElementById("variant-help").textContent =
      (g.variant_help || {})[form.variant.value] || "";
    document.getElementById("bot-help").textContent = (g.bot_help || {})[form.bot.value] || "";
  }

  function renderOptions() {
    const g = current();
    if (!g) return;
    renderChoiceHelp();
    const values = g.variants[form.variant.value] || {};
    const box = document.getElementById("options");
    box.replaceChildren(...g.options.map(o => {
      const value = o.name in values ? values[o.name] : o.default;
      let input;
      if (o.type === "bool") input = el("input", {type: "checkbox", checked: !!value});
      else if (o.type === "choice") {
        input = el("select", {}, ...o.choices.map(c => el("option", {value: c, text: o.choice_labels[c]})));
        input.value = value;
      } else if (o.type === "list") input = el("input", {value: (value || []).join(", ")});
      else input = el("input", {type: "number", value: value === null ? "" : value});
      input.dataset.option = o.name;
      input.dataset.kind = o.type;
      /* the option's words for players, in the page's language (its label and one
       * sentence of help, from the game's catalogue: /api/games?lang=…), never its
       * reference docstring ("doc"), which is written for programmers */
      /* read top to bottom as Game and Players are: the rule's name, its sentence, then
       * its box (a box before its label read as the previous rule's); a checkbox stays
       * beside its name */
      const help = o.help ? el("small", {text: o.help}) : null;
      return o.type === "bool"
        ? el("label", {class: "check"}, input, el("span", {text: o.label}), help)
        : el("label", {}, el("span", {text: o.label}), help, input);
    }));
  }

  function chosenRules() {
    const g = current();
    const values = g.variants[form.variant.value] || {};
    const rules = {};
    for (const input of document.querySelectorAll("[data-option]")) {
      const name = input.dataset.option, kind = input.dataset.kind;
      let v;
      if (kind === "bool") v = input.checked;
      else if (kind === "int") v = parseInt(input.value, 10);
      else if (kind === "optional_int") v = input.value === "" ? null : parseInt(input.value, 10);
      else if (kind === "list") v = input.value.split(",").map(s => s.trim()).filter(Boolean);
      else v = input.value;
      const base = name in values ? values[name] : g.options.find(o => o.name === name).default;
      if (JSON.stringify(v) !== JSON.stringify(base)) rules[name] = v;
    }
    return rules;
  }

  /* The games and their house rules in the page's language: again at each language
   * switch, keeping the chosen game, players, bot and variant (the house rules go back
   * to the variant's). */
  function loadGames() {
    const asked = lang;
    fetch("/api/games?lang=" + encodeURIComponent(asked)).then(r => r.json()).then(list => {
      if (asked !== lang) return;  // switched again meanwhile: that answer draws
      const chosen = games.length ? {game: form.game.value, variant: form.variant.value,
                                     players: form.players.value, bot: form.bot.value} : null;
      games = list;
      form.game.replaceChildren(...games.map(g => el("option", {value: g.name, text: g.title})));
      if (chosen && games.some(g => g.name === chosen.game)) {
        form.game.value = chosen.game;
        renderGame();
        form.players.value = chosen.players;
        form.bot.value = chosen.bot;
        if (chosen.variant in current().variants) form.variant.value = chosen.variant;
        renderOptions();
      } else renderGame();
    });
  }
  loadGames();
  form.game.addEventListener("change", renderGame);
  form.variant.addEventListener("change", renderOptions);
  form.bot.addEventListener("change", renderChoiceHelp);

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!nameFits.create()) { form.name.focus(); return; }
    const seed = form.seed.value.trim();
    let rules = chosenRules();
    if (form.rules_json.value.trim()) {
      try { rules = Object.assign(rules, JSON.parse(form.rules_json.value)); }
      catch (err) { showError(t("bad_json"), form); return; }
    }
    const spec = {game: form.game.value, players: parseInt(form.players.value, 10),
                  variant: form.variant.value, rules, bot: form.bot.value,
                  name: form.name.value};
    if (seed) spec.seed = /^-?\d{1,18}$/.test(seed) ? parseInt(seed, 10) : seed;
    try {
      const room = await post("/api/rooms", spec);
      location.assign(room.url);
    } catch (err) { showError(err.message, form); }
  });

  joinForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!nameFits.join()) { joinForm.name.focus(); return; }
    try {
      const code = joinForm.code.value.trim().toUpperCase();
      const room = await post("/api/rooms/" + encodeURIComponent(code) + "/join", {name: joinForm.name.value});
      location.assign(room.url);
    } catch (err) { showError(err.message, joinForm); }
  });
}

/* ------------------------------------------------------------------ taps on what just appeared
 *
 * A redraw can put a different button exactly where the finger is: after "Stay in" the
 * page redraws with "Knock" on that spot, and the second tap of a double tap (or a tap
 * on a second phone of the same seat, which redraws too) would knock. So after every
 * redraw each tap target of the table is compared with what was drawn before it: one
 * that now covers a spot where another target was (a different button, or a card that
 * slid into the place of one just played) is new under the finger, and taps on it are
 * ignored for TAP_GUARD_MS (450 ms: longer than a double tap's gap, shorter than a
 * player reads a new button). A target that stays where it was, or appears where
 * nothing could be tapped, answers at once. While any target is so guarded the body
 * carries data-guard="1"; each ignored tap counts up data-ignored.
 */
const TAP_GUARD_MS = 450;
const TARGET = "button, .card.pick, [role=button]";
const guard = {spots: null, born: new WeakMap(), timer: null};

/* what a target does (a redraw makes new elements): its action, else its card, else its
 * id, else its words; a count on a button ("×2", "Report 2 fallen cups") is not a new
 * button */
function targetKey(node) {
  const d = node.dataset;
  if (d.action) return "a|" + d.action;
  if (d.pile) return "a|" + d.pile;  // a pile does what its button does
  if (d.code || d.down) return "c|" + (d.code || "") + "|" + (d.down || "");
  return node.id ? "i|" + node.id : "t|" + node.textContent;
}

function overlaps(a, b) {
  return a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1;
}

/* After a redraw (a MutationObserver callback: it runs before the next tap is handled). */
function markNewTargets(root) {
  const now = performance.now();
  const spots = [];
  let guarded = false;
  for (const node of root.querySelectorAll(TARGET)) {
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const spot = {key: targetKey(node), x: r.left + window.scrollX, y: r.top + window.scrollY,
                  w: r.width, h: r.height};
    spots.push(spot);
    if (!guard.born.has(node)) {
      const under = (guard.spots || []).filter(s => overlaps(s, spot));
      const fresh = under.length > 0 && !under.some(s => s.key === spot.key);
      guard.born.set(node, fresh ? now : -Infinity);
    }
    if (now - guard.born.get(node) < TAP_GUARD_MS) guarded = true;
  }
  guard.spots = spots;
  if (guarded) {
    document.body.dataset.guard = "1";
    clearTimeout(guard.timer);
    guard.timer = setTimeout(() => markNewTargets(root), TAP_GUARD_MS + 10);
  } else delete document.body.dataset.guard;
}

function guardTaps(root) {
  new MutationObserver((changes) => {
    /* the countdown's digits change ten times a second: they move no target */
    if (changes.every(c => c.target.closest && c.target.closest("#countdown .digits"))) return;
    markNewTargets(root);
  }).observe(root, {childList: true, subtree: true});
  root.addEventListener("click", (e) => {
    const node = e.target.closest && e.target.closest(TARGET);
    if (!node || !guard.born.has(node)) return;
    if (performance.now() - guard.born.get(node) >= TAP_GUARD_MS) return;
    e.stopPropagation();
    e.preventDefault();
    document.body.dataset.ignored = String(Number(document.body.dataset.ignored || 0) + 1);
  }, true);
}

/* ------------------------------------------------------------------ the focus across redraws
 *
 * Every redraw makes new elements, so the card or button that had the keyboard's focus
 * is gone and the focus falls back to the page's start: a person using the keyboard (a
 * switch, a screen reader) would Tab from the top again after each card chosen for a
 * lay-down or a swap. So the page remembers the target that had the focus and, after a
 * redraw that removed it, focuses the new element that does the same (a card by its
 * place in the hand and its face, as two green 2s are two cards); when nothing does the
 * same any more (the card was played, the turn moved on) ``fallback`` takes the focus
 * (the prompt: the next Tab reaches the first button, a screen reader reads what to do).
 * A programmatic focus shows its ring only after keyboard use (:focus-visible), so a
 * finger's tap draws nothing new.
 *
 * ``keepFocus`` returns ``restore``, which does at once what the observer would do after
 * the redraw, and returns the element it put the focus on (null if it moved nothing): a
 * screen reader reads the element the focus lands on, so ``announce`` asks it first and
 * does not say that element's words a second time (see announce).
 */
function focusKey(node) {
  return node.dataset.key ? "k|" + node.dataset.key + "|" + (node.dataset.code || "") : targetKey(node);
}

/* Whether a node is drawn: checkVisibility() where the browser has it (Safari since 17.4),
 * else whether it has a layout box (an older iPhone's Safari still at a party) */
function shown(node) {
  return node.checkVisibility ? node.checkVisibility() : node.getClientRects().length > 0;
}

function keepFocus(root, fallback) {
  let last = null;
  document.addEventListener("focusin", (e) => { last = root.contains(e.target) ? e.target : null; });
  function restore() {
    /* gone, or hidden with its part of the page (the lobby's Start, once the table is dealt) */
    if (!last || (last.isConnected && shown(last))) return null;
    const active = document.activeElement;
    /* the person moved on (a hidden element may keep the focus until the browser's next
     * check of it: that is no move) */
    if (active && active !== document.body && active !== last) { last = null; return null; }
    const key = focusKey(last);
    const byId = last.id ? document.getElementById(last.id) : null;  // the result's title, a seat's name
    last = null;
    const same = byId && root.contains(byId) && shown(byId) ? byId
      : [...root.querySelectorAll(TARGET)].find(n => shown(n) && focusKey(n) === key);
    /* the same element, else the fallback: the first that takes the focus (a seat's name
     * that fits now is no stop any more: reachNames) */
    for (const next of [same, fallback()]) {
      if (!next) continue;
      next.focus({preventScroll: true});
      if (document.activeElement === next) return next;
    }
    return null;
  }
  new MutationObserver(restore).observe(root, {childList: true, subtree: true});
  return restore;
}

/* ------------------------------------------------------------------ names cut by their lines
 *
 * A player's name is drawn whole in at most four lines (style.css): a seat's name, a name
 * in the lobby, the owner under a card played to the centre. Only a narrow screen, large
 * text or a name of wide letters (24 W under a card) has its fourth line cut with an
 * ellipsis. A screen reader reads the whole text; a person on a keyboard could not read
 * the rest. So a name cut now is a stop of the Tab key (tabindex 0) and shows whole
 * while it has the focus (a tap gives it the focus too); a name that fits is no stop,
 * so a table of short names costs no extra Tab. Measured after each drawing and when a
 * name's box changes size (a phone turned, its text made larger); the name that has the
 * focus keeps its stop (it shows whole, so it fits while focused).
 */
const NAMES = ".who strong, ol.seats li .name, .centre .played small";
const nameBoxes = typeof ResizeObserver === "function"
  ? new ResizeObserver(entries => markCut(entries.map(e => e.target))) : null;

function markCut(nodes) {
  for (const node of nodes) {
    if (!node.isConnected || node === document.activeElement) continue;
    const cut = node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1;
    if (cut) node.setAttribute("tabindex", "0"); else node.removeAttribute("tabindex");
  }
}

/* after a drawing: mark the names drawn now, and watch them (only them) from now on */
function reachNames() {
  const names = [...document.querySelectorAll(NAMES)];
  markCut(names);
  if (!nameBoxes) return;
  nameBoxes.disconnect();
  for (const node of names) nameBoxes.observe(node);
}

/* ------------------------------------------------------------------ the heartbeat
 *
 * A connection that holds data without closing (a wifi that drops silently) would leave
 * the page saying "live" while every tap is lost. So while connected the page sends a
 * ``ping`` every HEARTBEAT_MS; when something it sent (a ping or a tap) has had no answer
 * of any kind for 2 x HEARTBEAT_MS (8 s), the connection is taken as dead: the page says
 * it is offline, drops the socket and reconnects with the usual backoff, and the hello
 * shows the table as it is (a tap that was not acknowledged may be tapped again; one that
 * did arrive makes a second tap stale, which the server refuses; the tap's wait ends with
 * that table: see waitFor). A socket still opening
 * after that long is given up and retried the same way. The interval is read once at
 * start from the page address's ``heartbeat`` parameter (milliseconds, 100 to 60000:
 * ``/p/TOKEN?heartbeat=500``), so a test can shorten the wait.
 */
const HEARTBEAT_MS = (() => {
  const asked = Number(new URLSearchParams(location.search).get("heartbeat"));
  return Number.isFinite(asked) && asked >= 100 && asked <= 60000 ? asked : 4000;
})();
const SILENCE_MS = 2 * HEARTBEAT_MS;
/* The longest a closed socket waits to reconnect: while the page is seen, and at all
 * (see retryDelay). */
const RETRY_SEEN_MS = 1000;
const RETRY_MAX_MS = 4000;

/* The page format this file draws (tablegames/server/page.py FORMAT): said in every hello,
 * so the server never has to guess which page this phone reads. */
const PAGE_FORMAT = 2;
/* The refusals no retry changes (the server's FINAL, closed 4404 or 4410) -> the page's
 * own words that say so for good (refusedForGood). A page of this server is never
 * cross-site and only opens its own sockets' addresses: those two say the link opens
 * nothing. */
const FINAL_WORDS = {room_unreadable: "room_unreadable", no_room: "no_room", no_seat: "no_seat",
                     not_found: "no_seat", cross_site: "no_seat"};

/* ------------------------------------------------------------------ the room page */
function room() {
  const parts = location.pathname.split("/");
  const screen = parts[1] === "s";
  const key = parts[2] || "";
  /* page: the page as drawn (every card its face: expand); held: the page as sent,
   * which the next patch applies to */
  const state = {ws: null, version: null, page: null, held: null, lobby: null, backoff: 400, dead: false,
                 selecting: false, basket: {}, timer: {key: null, start: 0}, pending: null,
                 sel: [], selVersion: null, wasMine: false,
                 /* since when something sent has had no answer (null: all answered) */
                 unanswered: null, beat: null,
                 /* the number of the last move or Play again sent (its ``ask``: see waitFor) */
                 asked: 0};
  setupLang(() => send({type: "lang", lang}));
  /* puts the focus back after a redraw at once (see keepFocus); a shared screen has none */
  let restoreFocus = () => null;
  if (screen) document.body.classList.add("screen");
  else {
    guardTaps(document.getElementById("game"));
    restoreFocus = keepFocus(document.querySelector("main"), () => {
      const prompt = document.getElementById("prompt");
      return shown(prompt) ? prompt : null;
    });
  }

  function send(message) {
    if (state.ws && state.ws.readyState === WebSocket.OPEN) {
      state.ws.send(JSON.stringify(message));
      if (state.unanswered === null) state.unanswered = performance.now();
      return true;
    }
    return false;
  }

  /* every HEARTBEAT_MS while connected: a ping, or, after SILENCE_MS without an answer,
   * the socket is dead (see HEARTBEAT_MS) */
  function heartbeat() {
    const ws = state.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    const now = performance.now(), waiting = state.pending;
    if ((state.unanswered !== null && now - state.unanswered > SILENCE_MS)
        || (waiting && waiting.ws === ws && now - waiting.at > SILENCE_MS)) {
      abandon(ws);
      return;
    }
    send({type: "ping"});
  }

  /* A socket that stopped answering: no close handshake is waited for (nothing would
   * carry it); the page goes offline now and reconnects. */
  function abandon(ws) {
    if (state.ws !== ws) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    try { ws.close(); } catch (err) { /* already closing */ }
    closed(1006);
  }

  /* A tap while the socket is down is refused out loud, never dropped in silence (on a
   * page whose seat opened elsewhere, with that reason again: it will not reconnect). */
  function online() {
    if (state.ws && state.ws.readyState === WebSocket.OPEN) return true;
    if (state.elsewhere) openElsewhere();
    else showError(t("offline_banner"));
    return false;
  }

  /* The seat opened on another screen and the server closed this socket (4409; a seat
   * keeps up to four, the oldest goes first). The page does not reconnect (two screens
   * of one seat would take turns replacing each other) and says why for as long as it
   * is open, in the server's words of the refusal sent just before the close: the table
   * stays to be read, the indicator says nothing ("reconnecting…" was untrue), and the
   * line does not fade after 5 s as a passing refusal does. A reload plays here again. */
  function openElsewhere() {
    state.dead = true;
    document.body.dataset.dead = "1";
    setConnected(false);
    showError(state.elsewhere || t("offline_banner"));
    clearTimeout(showError.timer);
  }

  /* ---------------------------------------------------------- a tap waiting for its answer
   *
   * From a move sent (``act``) or Play again pressed (``again``) until its answer, the
   * page takes no other tap (its cards and buttons dimmed: body data-pending="1"), so a
   * second tap never goes out from the table the first was sent from (refused as stale,
   * "Someone else acted first", or a second move). ``state.pending`` says what waits:
   * its kind, the version and round it was sent from, and the socket that carried it.
   *
   * What ends the wait: its refusal; the lobby or a new table (a
   * new round); a table past the version it was sent from (its answer, or another
   * seat's move that makes it stale: the refusal follows); and, for a move sent on a
   * socket that has since closed, the first table the new socket shows: past the
   * version, the move was applied before the drop; at the same version, it never
   * arrived, and the player may tap again (the server refuses a copy of a move that did
   * arrive by its version, so nothing is played twice). A redraw of the very table the
   * move was sent from on the socket that carried it (the page's language switched, a
   * ``hello`` answered first: of a page whose patch did not fit, or of a reconnect
   * just before the tap) is not its answer: the move still waits. The server answers
   * every message of a socket in order, so a wait on a socket still answering pings
   * (the move's message lost, or dropped by the server's flood limit) would never end:
   * a wait older than SILENCE_MS takes the socket as dead, as the heartbeat's silence
   * does, and the reconnect's first table tells.
   * Play again waits for any table: its answer to a press that crossed another's can be
   * the table as it is, the same version and round. While the socket is down the page is
   * offline, not waiting (a tap says so); the wait is shown again once a new socket is
   * open, until its first table tells.
   *
   * Each move and Play again sent names itself with a number of the page's own, one more
   * each time (``ask``), and the server says it back in the refusal (the error's
   * ``answers``). A refusal can come while a later move waits: the earlier move's wait
   * ended at a table past its version (another seat's move, which makes it stale: the
   * refusal follows), the player tapped again at once, and that refusal was still on its
   * way. Taken for the later move's, it ended its wait, and a third tap went out at the
   * same version, refused stale too. So a refusal ends only the wait of the message it
   * names (and drops only that move's cards in flight); it is shown all the same. An
   * error that names no message (a flood's ``slow_down``, a server older than ``ask``)
   * ends any wait, as every error did. */
  function waitFor(kind) {
    state.asked += 1;
    state.pending = {kind, version: state.version, round: state.page ? state.page.round : null,
                     ws: state.ws, at: performance.now(), ask: state.asked};
    document.body.dataset.pending = "1";
    return state.asked;
  }

  /* Whether the error ``m`` answers the message numbered ``ask`` (see waitFor): it names
   * that message, or none. */
  function refuses(m, ask) {
    const named = m.answers && typeof m.answers === "object" ? m.answers.ask : undefined;
    return named === undefined || named === ask;
  }

  function answered() {
    state.pending = null;
    delete document.body.dataset.pending;
  }

  /* Whether the table ``page`` (an update about to be drawn) ends the wait. */
  function settles(page) {
    const w = state.pending;
    return !w || w.kind !== "act" || w.ws !== state.ws || page.round !== w.round
      || page.version !== w.version;
  }

  function act(actions) {
    if (state.version === null || !online() || state.pending) return;
    const ask = waitFor("act");
    state.flight = {version: state.version, round: state.page.round, from: flightOf(actions), ask};
    state.sel = [];
    send({type: "act", actions, expect: state.version, ask});
  }

  function connect() {
    document.body.dataset.attempts = String(Number(document.body.dataset.attempts || 0) + 1);
    delete document.body.dataset.retry;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/ws/" + (screen ? "s/" : "p/") + encodeURIComponent(key));
    state.ws = ws;
    state.unanswered = null;
    setTimeout(() => { if (ws.readyState === WebSocket.CONNECTING) abandon(ws); }, SILENCE_MS);
    ws.onopen = () => {
      setConnected(true);
      if (state.pending) document.body.dataset.pending = "1";  // until the first table tells
      send({type: "hello", since: state.version, lang, format: PAGE_FORMAT});
      clearInterval(state.beat);
      state.beat = setInterval(heartbeat, HEARTBEAT_MS);
    };
    ws.onmessage = (e) => {
      state.unanswered = null;  // the server is there
      let m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      /* the backoff starts again once the server serves this socket its room, not when
       * it opens: a server over its limits opens the socket only to say so and close it
       * (1013), and the page must keep waiting longer each time, not retry at once */
      if (m && (m.type === "update" || m.type === "lobby" || m.type === "patch")) state.backoff = 400;
      receive(m);
    };
    ws.onclose = (e) => closed(e.code);
  }

  function closed(code) {
    clearInterval(state.beat);
    state.beat = null;
    state.unanswered = null;
    setConnected(false);
    /* offline, not waiting: a tap now says so. What was sent stays known (state.pending):
     * the new socket's first table tells whether it was applied (see waitFor) */
    delete document.body.dataset.pending;
    // 4404: no such room or seat (final). 4409: the seat opened on another screen
    // (this page waits for a reload, or two screens of one seat would take turns
    // replacing each other). 4410: the room's stored game cannot be rebuilt (final).
    // Any other close, 1013 "try again later" (busy, a full room) and a socket that
    // stopped answering included, is transient: reconnect. A final close says why for
    // good (its refusal, sent just before it, named the reason: else "no such seat")
    if (code === 4410) refusedForGood("room_unreadable");
    if (code === 4404) refusedForGood(FINAL_WORDS[document.body.dataset.lastError] || "no_seat");
    if (code === 4409) { openElsewhere(); return; }
    if (state.dead) return;
    const wait = retryDelay(code);
    document.body.dataset.retry = String(wait);
    state.retry = setTimeout(() => { state.retry = null; connect(); }, wait);
  }

  /* How long a closed socket waits before it reconnects. The backoff doubles from 400 ms
   * at each failure. A page that is seen waits at most RETRY_SEEN_MS: a phone long
   * offline gets its network back without the browser saying ``online`` (many say it
   * late or never), and one in a player's hand would otherwise wait up to 4 s more
   * with its taps refused. Up to RETRY_MAX_MS only where waiting costs nobody anything
   * or was asked for: a page out of sight (its ``visibilitychange`` reconnects it at
   * once when it is shown), and a server that said to try again later (closed 1013:
   * busy, a full room, over its limits, whose look-ups a spectator screen retrying
   * each second would keep spending). Each wait is jittered (its half, plus up to its
   * other half at random), so the phones of a server that restarts, all dropped at
   * once, come back spread out rather than all in the same instant. A seat's link costs
   * its address nothing to open (server/limits.py), so a phone is never locked out by
   * its own retries. */
  function retryDelay(code) {
    const step = state.backoff;
    state.backoff = Math.min(step * 2, RETRY_MAX_MS);
    state.patient = code === 1013;
    const ceiling = state.patient || document.visibilityState === "hidden" ? RETRY_MAX_MS : RETRY_SEEN_MS;
    const wait = Math.min(step, ceiling);
    return Math.round(wait / 2 + Math.random() * wait / 2);
  }

  /* A socket waiting out its backoff reconnects now: the page shown again, back on the
   * network, or (unless the server asked to wait: ``patient``) touched or focused by a
   * player, who wants the table now; each such probe is one attempt at most, since the
   * retry it replaces is gone until that attempt fails. */
  function retryNow(probe) {
    if (!state.retry || state.dead || (probe && state.patient)) return false;
    clearTimeout(state.retry);
    state.retry = null;
    connect();
    return true;
  }
  for (const [target, kind] of [[window, "focus"], [document, "pointerdown"], [document, "keydown"]]) {
    target.addEventListener(kind, () => retryNow(true), {capture: true, passive: true});
  }

  /* A phone taken up again (unlocked, its browser brought back) or back on the network:
   * a socket that died while the page slept can still say it is open, and the heartbeat
   * finds the silence only after SILENCE_MS (8 s of an old table, and of taps that go
   * nowhere, each time a phone comes out of a pocket). So the page asks at once: a ping
   * that has no answer within RECHECK_MS drops the socket and reconnects (abandon; the
   * hello shows the table as it is); a socket that answers is kept (data-rechecked counts
   * those, for the browser tests). A socket already closed and waiting out its backoff
   * reconnects now. */
  const RECHECK_MS = Math.min(1500, SILENCE_MS);
  function recheck() {
    if (state.dead) return;
    const ws = state.ws;
    if (ws && ws.readyState === WebSocket.OPEN) {
      send({type: "ping"});
      const asked = state.unanswered;
      setTimeout(() => {
        if (state.ws !== ws) return;
        if (state.unanswered !== null && state.unanswered <= asked) { abandon(ws); return; }
        document.body.dataset.rechecked = String(Number(document.body.dataset.rechecked || 0) + 1);
      }, RECHECK_MS);
    } else retryNow(false);
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") recheck(); });
  window.addEventListener("online", recheck);

  /* A refusal no retry changes: the room's stored game cannot be rebuilt by this server
   * (``room_unreadable``, the socket closed with 4410: a game stored by an older
   * version), or there is no such room or seat (``no_room``, ``no_seat``, closed with
   * 4404). The page stops trying and says so for good (a refusal in the transient box
   * was gone after 5 s, leaving an empty page), in its own language: the refusal comes
   * before the hello names one, so the words are the page's own, by the refusal's key
   * (data-t: a language switch says it again), with a link to the home page, where a
   * new room is made. The table it may show goes: it cannot be played on. */
  function refusedForGood(key) {
    if (state.gone === key) return;  // the refusal, then its close: said once
    state.gone = key;
    state.dead = true;
    document.body.dataset.dead = "1";
    document.body.dataset.lastError = key;
    setConnected(false);
    document.getElementById("game").hidden = true;
    document.getElementById("lobby").hidden = true;
    document.getElementById("result").hidden = true;
    if (showError.box) { clearTimeout(showError.timer); showError.box.classList.remove("shown"); }
    const why = document.getElementById("gone-why");
    why.dataset.t = key;
    why.textContent = t(key);
    document.getElementById("gone").hidden = false;
  }

  /* The indicator keeps the key of what it says (data-t), so a language switch
   * translates "live" as "live", not back to the page's first "connecting…". */
  function setConnected(on) {
    document.body.dataset.connected = on ? "1" : "0";
    document.body.dataset.offline = on || state.dead ? "0" : "1";
    const c = document.getElementById("conn");
    if (state.dead) { delete c.dataset.t; c.textContent = ""; }
    else { c.dataset.t = on ? "online" : "offline"; c.textContent = t(c.dataset.t); }
    c.classList.toggle("on", on);
  }

  /* A patch (tablegames/server/page.py): JSON Patch operations replace, add (a key, or
   * "/-": append) and remove (a key, or an array's last item), in order, on a copy of the
   * page; null if an operation does not fit (then the phone asks for the whole page). */
  function applyPatch(page, ops) {
    let doc = JSON.parse(JSON.stringify(page));
    for (const op of ops) {
      const tokens = op.path === "" ? [] : op.path.slice(1).split("/").map(
        s => s.replace(/~1/g, "/").replace(/~0/g, "~"));
      if (!tokens.length) { if (op.op !== "replace") return null; doc = op.value; continue; }
      let parent = doc;
      for (const k of tokens.slice(0, -1)) {
        parent = Array.isArray(parent) ? parent[Number(k)] : parent[k];
        if (parent === null || typeof parent !== "object") return null;
      }
      const last = tokens[tokens.length - 1];
      if (Array.isArray(parent)) {
        if (op.op === "add" && last === "-") parent.push(op.value);
        else if (op.op === "replace" && Number(last) < parent.length) parent[Number(last)] = op.value;
        else if (op.op === "remove" && Number(last) === parent.length - 1) parent.pop();
        else return null;
      } else if (op.op === "replace" || op.op === "add") parent[last] = op.value;
      else if (op.op === "remove") delete parent[last];
      else return null;
    }
    return doc;
  }

  /* The page of format 2 as drawn: each card key looked up in its face table (the page's
   * own faces for the hand, buttons and panel; the table's for its seats and centre), a
   * button's groups its own cards by index (tablegames/server/page.py: expand). */
  function expand(page) {
    const cards = faces => keys => keys.map(k => faces[k]);
    const own = cards(page.faces), shared = cards(page.table.faces);
    const area = look => a => Object.assign({}, a, {cards: look(a.cards)});
    const button = b => {
      const out = Object.assign({}, b, {cards: own(b.cards)});
      if (b.for) out.for = own(b.for);
      if (b.groups) out.groups = b.groups.map(g => g.map(i => out.cards[i]));
      return out;
    };
    const table = Object.assign({}, page.table, {
      seats: page.table.seats.map(s => Object.assign({}, s, {groups: s.groups.map(area(shared))})),
      centre: page.table.centre.map(area(shared))});
    delete table.faces;
    const out = Object.assign({}, page, {
      hand: own(page.hand), actions: page.actions.map(button), table, panel: page.panel.map(area(own)),
      own: (page.own || []).map(area(own))});
    delete out.faces;
    delete out.format;
    return out;
  }

  function receive(m) {
    if (m.type === "patch") {
      const page = state.held && !state.lobby && state.version === m.from ? applyPatch(state.held, m.patch) : null;
      if (page === null) {  /* not the page this patch starts from: ask for the whole page */
        send({type: "hello", since: state.version, lang, format: PAGE_FORMAT});
        return;
      }
      receive({type: "update", page, events: m.events});
    } else if (m.type === "update") {
      if (fitLang(m.page.game)) send({type: "lang", lang});
      if (settles(m.page)) answered();
      /* a new table: the lobby turned into the game, or Play again dealt a new one */
      const fresh = state.lobby !== null || (state.page && m.page.round !== state.page.round);
      /* a new game in the room (Play again): what happened in the last one goes; a
       * language change sends the recent lines again in the new language (``replace``):
       * they take the place of the old ones */
      if (m.replace || (state.page && m.page.round !== state.page.round)) {
        document.getElementById("events").replaceChildren();
      }
      addEvents(m.events || [], !m.replace);
      const was = {page: state.page, lobby: state.lobby !== null};
      state.held = m.page;
      state.page = expand(m.page);
      state.lobby = null;
      state.version = m.page.version;
      render();
      announce(m, was);
      /* the page opens at the top of the new table (the lobby's Start button was at its
       * foot: the prompt and the first buttons were above the screen); a patch keeps
       * the player's place */
      if (fresh) window.scrollTo(0, 0);
    } else if (m.type === "lobby") {
      if (fitLang(m.game)) send({type: "lang", lang});
      answered();
      state.lobby = m;
      renderLobby();
    } else if (m.type === "notice") {
      state.notice = m;
      showNotice();
    } else if (m.type === "presence") {
      if (state.page) { state.page.online = state.held.online = m.online; renderTable(); }
      if (state.lobby) { state.lobby.online = m.online; renderLobby(); }
    } else if (m.type === "error") {
      /* only the wait of the message it refuses, or any for an error that names none
       * (see waitFor); the move refused: none of its cards goes anywhere */
      if (state.pending && refuses(m, state.pending.ask)) answered();
      if (state.flight && refuses(m, state.flight.ask)) state.flight = null;
      if (FINAL_WORDS[m.code]) { refusedForGood(FINAL_WORDS[m.code]); return; }
      document.body.dataset.lastError = m.code;
      if (m.code === "seat_elsewhere") state.elsewhere = m.message;
      showError(m.message + (m.detail ? " (" + m.detail + ")" : ""));
    }
  }

  /* Why a new table appeared (the server's ``notice``: the last seat was taken, or a
   * player pressed Play again), in words on the line that tells what just happened
   * (said with the new table's prompt: see announce; the notice comes just before that
   * table), so no lobby or result turns into a table without a word. The next event
   * takes the line as any event does. */
  function showNotice() {
    const m = state.notice;
    if (!m) return;
    const last = document.getElementById("last");
    last.textContent = t(m.key, {name: m.name});
    document.body.dataset.notice = m.key;
    last.classList.remove("flash");
    void last.offsetWidth;  // restart the animation
    last.classList.add("flash");
  }

  /* One announcement per change of the table, in the hidden live region #say
   * (role=status, atomic): what just happened, then what to do ("Bo played 9♥. Your
   * turn: play a card."). The line above the prompt (#last) and the prompt are not live
   * regions of their own: as two polite regions, one move was two announcements, the
   * second queued behind (or cut by) the next move's. Said: the newest line of what
   * happened (a move; on a new table, the notice of why it is new) and the prompt after
   * it, or the prompt alone when only it changed (the turn came round with no line to
   * say); no prompt where none is shown (a shared screen, the end of the game). Nothing
   * is said for a page drawn again as it was (a reconnect, a missed patch made good),
   * the first drawing of a page just opened, or the same lines sent in a new language.
   *
   * Each thing once: when the redraw took away the focused button (the player's own
   * move) the focus lands on the prompt, and a screen reader reads the element the focus
   * lands on; the prompt is then left out here, and only what happened is said (after
   * the prompt, which the reader says at once). */
  function announce(m, was) {
    const p = state.page;
    const landed = restoreFocus();  // now, not after this redraw: see keepFocus
    if (m.replace || (!was.page && !was.lobby)) return;
    const fresh = was.lobby || p.round !== was.page.round;
    const line = fresh || (m.events || []).length ? document.getElementById("last").textContent : "";
    const turned = fresh || was.page.prompt !== p.prompt;
    if (!line && !turned) return;
    const prompt = document.getElementById("prompt");
    const ask = shown(prompt) && landed !== prompt ? p.prompt : "";
    const text = [line, ask].filter(Boolean).join(" ");
    if (!text) return;
    const box = document.getElementById("say");
    /* the same words again (a second "The die is rolled again."): a region whose text
     * stays the same says nothing, so the second differs by a no-break space */
    box.textContent = box.textContent === text ? text + "\u00a0" : text;
  }

  /* Play again (any seated phone, once the game is over): the room deals a new game to
   * the same seats and house rules. The press names the game it saw (``round``), so a
   * press that crosses another's deals nothing more. */
  function playAgain() {
    const p = state.page;
    if (!p || !p.result || !online() || state.pending) return;
    send({type: "again", round: p.round, ask: waitFor("again")});
  }

  function againButton(id, cls) {
    return el("button", {type: "button", class: cls, id, "data-again": "1", text: t("play_again"),
                         onclick: playAgain});
  }

  /* The game's name in the bar: cut with an ellipsis on a narrow phone, whole as its title. */
  function setTitle(text) {
    const node = document.getElementById("title");
    node.textContent = text;
    node.title = text;
  }

  /* -------------------------------------------------------------- the lobby */
  /* The address a room's link carries: the one this page was opened at, unless that is
   * this computer's own name (localhost), which no phone can open; then the address
   * `tablegames serve --host 0.0.0.0` found on the network and wrote into the page, as
   * the QR code does (tablegames/server/app.py, share_url). */
  function shareOrigin() {
    const meta = document.querySelector('meta[name="tablegames-share"]');
    const own = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(location.hostname);
    return meta && own ? meta.content : location.origin;
  }

  function renderLobby() {
    const l = state.lobby;
    document.getElementById("game").hidden = true;
    document.getElementById("result").hidden = true;
    const box = document.getElementById("lobby");
    box.hidden = false;
    setTitle(l.title);
    document.title = t("tab_title", {game: l.title});
    document.getElementById("code").textContent = l.code;
    document.body.dataset.stage = "lobby";
    const link = shareOrigin() + "/j/" + l.code;
    const open = l.seats.filter(s => !s.name).length;
    const host = l.seats[0] && l.seats[0].name;
    const seats = el("ol", {class: "seats"}, ...l.seats.map((s, i) => el("li", {
      class: (s.name ? "taken" : "open") + (l.online[i] ? " online" : "") + (i === l.seat ? " me" : "")},
      ...(s.name ? [el("span", {class: "name", id: "lobby-name-" + i, text: s.name, title: s.name, dir: "auto"}),
                    i === l.seat ? el("span", {class: "you", text: " (" + t("you") + ")"}) : null]
                 : [t("open_seat")]))));
    const copy = el("button", {type: "button", class: "small", text: t("copy"), onclick: () => {
      if (navigator.clipboard) navigator.clipboard.writeText(link).then(() => { copy.textContent = t("copied"); });
    }});
    let start = null;
    if (l.host) {
      const ok = l.bot || open === 0;
      start = el("button", {type: "button", class: "primary big", id: "start", disabled: !ok,
                            text: open && l.bot ? tn("start_bots", open) : t("start"),
                            "aria-describedby": ok ? null : "start-why",
                            onclick: () => { if (online()) send({type: "start"}); }});
      /* greyed without a word left the host guessing: say why under it */
      if (!ok) start = el("div", {}, start, el("p", {class: "info", id: "start-why", text: t("start_needs_all")}));
    } else if (!screen) {
      start = el("p", {class: "info", text: t("waiting_host", {name: host})});
    }
    fill(box,
      el("h2", {text: t("lobby_title", {code: l.code})}),
      el("p", {class: "code-big", text: l.code}),
      el("p", {text: t("lobby_share")}),
      el("p", {class: "link"}, el("a", {href: link, text: link}), " ", copy),
      el("img", {class: "qr", src: "/qr/" + l.code + ".svg", alt: link}),
      seats, start,
      screen ? null : el("p", {class: "small"}, el("a", {href: "/s/" + l.code, text: t("screen")})),
    );
    reachNames();
    placeError();
  }

  /* -------------------------------------------------------------- cards */
  function card(f, extra) {
    const props = Object.assign({class: "card " + f.kind + " " + f.colour, "data-code": f.code}, extra || {});
    const tag = props["data-action"] ? "button" : "span";
    if (tag === "button") props.type = "button";
    if (f.name && !props.title) props.title = f.name;
    return el(tag, props, el("b", {text: f.rank}), f.suit ? el("i", {text: f.suit}) : null,
              f.mark ? el("small", {class: "mark", text: f.mark}) : null);
  }

  function backs(n, cls) {
    const row = el("span", {class: "backs " + (cls || "")});
    for (let i = 0; i < Math.min(n, 12); i++) row.append(el("span", {class: "card back"}));
    if (n > 12) row.append(el("small", {text: "×" + n}));
    return row;
  }

  /* -------------------------------------------------------------- the game */
  function render() {
    const p = state.page;
    document.getElementById("lobby").hidden = true;
    document.getElementById("game").hidden = false;
    setTitle(p.title);
    document.getElementById("code").textContent = p.code || "";
    const mine = p.seat !== null && p.seat === p.to_act;
    const body = document.body;
    body.dataset.version = p.version;
    body.dataset.toact = p.to_act === null ? "" : p.to_act;
    body.dataset.game = p.game;
    body.dataset.stage = p.stage || "";
    body.dataset.myturn = mine && p.actions.length ? "1" : "0";
    body.dataset.canact = p.actions.length ? "1" : "0";
    body.dataset.over = p.result ? "1" : "0";
    body.dataset.drawn = p.lang || "";  // the language the server drew the table in
    const prompt = document.getElementById("prompt");
    /* written only when it changes (not again at every redraw); a screen reader hears
     * it from #say (see announce), with what just happened before it */
    if (prompt.textContent !== p.prompt) prompt.textContent = p.prompt;
    prompt.classList.toggle("mine", mine);
    /* The end is said once, on the line above where the prompt was ("Game over: Bot 3
     * won."): not again as the prompt ("The game is over.") nor as the newest line of
     * "What happened" under the table; the standings stay (the result panel, the seats). */
    const last = document.getElementById("last");
    const said = !!p.result && !!last.textContent;
    prompt.hidden = said;
    const top = document.getElementById("events").firstElementChild;
    for (const li of document.querySelectorAll("#events li.said")) li.classList.remove("said");
    if (said && top && top.dataset.text === last.textContent) top.classList.add("said");
    const before = snapshot();
    renderDallah();
    renderHand();
    renderTable();
    renderResult();
    placeError();
    animate(before);
    alertTurn(p, body.dataset.myturn === "1");
  }

  /* -------------------------------------------------------------- what moved, whose turn
   *
   * Before a new page is drawn the cards on screen are measured; afterwards each card
   * that is new in the centre (the trick, the pile) starts where it was seen last (the
   * hand that played it, or the seat that just acted) and slides into place with a CSS
   * transition, and each new Dallah cup drops into its zone. Nothing moves when the
   * phone asks for reduced motion (the CSS turns transitions off as well).
   */
  const still = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  /* Which cards of its own the actions ``ns`` this phone sends take, each by what it is
   * rather than by its node (a redraw before the answer makes every node anew): its code,
   * its side (``hand``, or ``row`` with the index of its group on the seat's own row)
   * and which copy of that code on that side it is (``nth``: twins make the code alone
   * ambiguous, the same card may lie twice in the hand, face up and under "Known in
   * hand"); a face-down card by its place (``down``). The copy is the one tapped (the
   * selection's pool key), else the first copy on the side the action takes it from. */
  function flightOf(ns) {
    const p = state.page;
    if (!p || p.seat === null) return [];
    const m = tapModel();
    const me = p.table.seats.find(s => s.seat === p.seat);
    const groups = me ? rowGroups(p, me) : [];
    const left = m.pool.filter(c => state.sel.includes(c.key));
    const taken = new Set();
    /* a pool key ("h<i>" or "g<gi>.<ci>") as the card it names */
    const before = (cards, at, code) => cards.slice(0, at).filter(f => f.code === code).length;
    const identity = (key, code) => {
      if (key[0] === "h") return {code, place: "hand", nth: before(p.hand, Number(key.slice(1)), code)};
      const [gi, ci] = key.slice(1).split(".").map(Number);
      return {code, place: "row", group: gi, nth: before(groups[gi].cards, ci, code)};
    };
    const out = [];
    for (const n of ns) {
      const a = p.actions.find(x => x.n === n);
      if (!a) continue;
      if (m.blind.get(a.index) === a) { out.push({code: null, place: "down", down: a.index}); continue; }
      const side = sides(a, p.hand.map(f => f.code));
      for (const place of ["hand", "table"]) {
        for (const code of side[place]) {
          const i = left.findIndex(c => c.place === place && c.face.code === code);
          const c = i >= 0 ? left.splice(i, 1)[0]
            : m.pool.find(x => x.place === place && x.face.code === code && !taken.has(x.key));
          if (c) taken.add(c.key);
          out.push(c ? identity(c.key, code) : {code, place: null});
        }
      }
    }
    return out;
  }

  /* The node on screen now of a card ``flightOf`` named (null: none there). */
  function flightNode(f) {
    if (f.place === "down") return document.querySelector('#table .seat.you [data-down="' + f.down + '"]');
    let box = null;
    if (f.place === "hand") box = document.getElementById("hand");
    else if (f.place === "row") box = document.querySelectorAll("#table .seat.you .group")[f.group] || null;
    if (!box) return null;
    return [...box.querySelectorAll(".card[data-code]")].filter(n => n.dataset.code === f.code)[f.nth] || null;
  }

  function snapshot() {
    const hand = new Map(), rows = new Map(), seats = new Map(), centre = new Set(), cups = new Map();
    for (const node of document.querySelectorAll("#hand .card[data-code]")) {
      if (!hand.has(node.dataset.code)) hand.set(node.dataset.code, node.getBoundingClientRect());
    }
    for (const node of document.querySelectorAll("#table .seat[data-seat]")) {
      seats.set(node.dataset.seat, node.getBoundingClientRect());
      const row = new Map();
      for (const c of node.querySelectorAll(".group .card[data-code]")) {
        if (!row.has(c.dataset.code)) row.set(c.dataset.code, c.getBoundingClientRect());
      }
      rows.set(node.dataset.seat, row);
    }
    /* this phone's own move, sent from the table drawn now, at the redraw that moves the
     * table past it (its answer): where each of its cards lies. A redraw of the same
     * table before the answer (the page's language changed, a reconnect's hello answered
     * first) keeps the move for its answer; one of another table (a new game) drops it. */
    const flight = [];
    const sent = state.flight;
    if (sent && (sent.version !== state.drawnVersion || sent.round !== state.page.round)) state.flight = null;
    else if (sent && state.page.version !== sent.version) {
      for (const f of sent.from) {
        const node = flightNode(f);
        if (node) flight.push({code: f.code, rect: node.getBoundingClientRect()});
      }
      state.flight = null;
    }
    document.querySelectorAll("#table .centre > *").forEach((zone, zi) => {
      for (const node of zone.querySelectorAll(".card[data-code]")) centre.add(zi + "/" + node.dataset.code);
      cups.set(zi, zone.querySelectorAll(".cup").length);
    });
    return {hand, rows, seats, flight, centre, cups, drawn: !!state.drawn};
  }

  function slide(node, from) {
    const to = node.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    if (!dx && !dy) return false;
    node.style.transition = "none";
    node.style.transform = "translate(" + dx + "px," + dy + "px)";
    void node.offsetWidth;  // the start position is laid out before the transition begins
    node.style.transition = "";
    node.classList.add("moving");
    node.style.transform = "";
    node.addEventListener("transitionend", () => node.classList.remove("moving"), {once: true});
    return true;
  }

  function animate(before) {
    const p = state.page;
    const actor = state.lastActor;
    state.lastActor = p.to_act === null ? null : String(p.to_act);
    state.drawnVersion = p.version;
    if (!before.drawn) { state.drawn = true; return; }
    let moved = 0, arrived = 0;
    /* Where a new card comes from: this phone's own move from the copy it sent (the card
     * tapped, never a twin of it elsewhere on the screen); else the seat that acted, from
     * its hand (this phone's) or the cards on its row (a face-up card), else its seat. */
    const mine = p.seat !== null && actor === String(p.seat);
    const flight = mine ? before.flight.slice() : [];
    const origin = (code) => {
      let i = flight.findIndex(f => f.code === code);
      if (i < 0) i = flight.findIndex(f => f.code === null);
      if (i >= 0) return flight.splice(i, 1)[0].rect;
      const row = before.rows.get(actor);
      return (mine && before.hand.get(code)) || (row && row.get(code)) || before.seats.get(actor);
    };
    document.querySelectorAll("#table .centre > *").forEach((zone, zi) => {
      for (const node of zone.querySelectorAll(".card[data-code]")) {
        if (before.centre.has(zi + "/" + node.dataset.code)) continue;
        const from = origin(node.dataset.code);
        node.dataset.arrived = "1";
        arrived++;
        if (from && !still() && slide(node, from)) moved++;
      }
      const cups = zone.querySelectorAll(".cup");
      for (let i = before.cups.get(zi) || 0; i < cups.length; i++) {
        cups[i].dataset.arrived = "1";
        arrived++;
        if (still()) continue;
        cups[i].classList.add("drop");
        void cups[i].offsetWidth;
        cups[i].classList.remove("drop");
        moved++;
      }
    });
    // running totals, which the browser tests read (a bot's move may follow at once)
    const body = document.body;
    body.dataset.moved = String(Number(body.dataset.moved || 0) + moved);
    body.dataset.arrived = String(Number(body.dataset.arrived || 0) + arrived);
  }

  /* The phone calls its player when the turn comes to them: a short vibration where the
   * browser allows it, and the tab's title (seen from another tab or app switcher). */
  function alertTurn(p, mine) {
    document.title = (mine ? "● " + t("your_turn") + " · " : "") + t("tab_title", {game: p.title});
    if (mine && !state.wasMine) {
      document.body.dataset.alerts = String(Number(document.body.dataset.alerts || 0) + 1);
      /* only after the player has touched the page: before that (a reload) the browser
       * refuses the call and says so in the console */
      const touched = navigator.userActivation ? navigator.userActivation.hasBeenActive : false;
      try { if (touched && navigator.vibrate) navigator.vibrate([120, 60, 120]); } catch (err) { /* not allowed here */ }
    }
    state.wasMine = mine;
  }

  function actionButton(a, cls) {
    /* a lay-down (Phase 10): each group's short words ("run 4-7 with Wild as 4") over its
     * small cards, which wrap; the whole sentence is the button's name */
    if (a.parts && a.groups) {
      return el("button", {type: "button", class: "act lay", "data-action": a.n, "data-verb": a.verb,
                           title: a.label, "aria-label": a.label, onclick: () => act([a.n])},
                ...a.parts.map((words, i) => el("span", {class: "part"}, el("span", {text: words}),
                  el("span", {class: "mini"}, ...(a.groups[i] || []).map(f => card(f))))));
    }
    return el("button", {type: "button", class: "act " + (cls || ""), "data-action": a.n,
                         "data-verb": a.verb, onclick: () => act([a.n])},
              el("span", {text: a.label}),
              a.cards.length ? el("span", {class: "mini"}, ...a.cards.map(f => card(f))) : null,
              a.for ? el("span", {class: "mini"}, "⇄", ...a.for.map(f => card(f))) : null);
  }

  /* -------------------------------------------------------------- tapping cards
   *
   * Every legal action that names cards is played by tapping those cards: the hand, and
   * the seat's own cards on the table (Shithead's face-up cards). The page keeps a
   * selection; a card is lifted while adding it still leads to a legal action, the rest
   * are dimmed. When the selection leaves exactly one action and is all of its cards,
   * that action is sent at once (one tap plays Toepen's card); when it is all the cards
   * of several actions (Phase 10's discard or hit with the same card, Shithead's single
   * three when a pair is possible) their buttons appear under the hand to choose from.
   * Actions whose cards are not all on the phone's screen stay buttons, so no legal
   * action is ever out of reach, and nothing hides behind "more". A card played blind
   * (Shithead's face-down cards, an action with a ``down`` position) is played by
   * tapping that face-down card on the seat's own row: a tap sends it at once.
   */
  /* The groups drawn in a seat's row: the public table's, and on the phone's own row the
   * page's ``own`` after them, what only this seat sees there (Toepen's thrown-in hand:
   * the table is drawn from the spectator's side). One list for drawing and tapping, so
   * a card's "g" key is the same in both. */
  function rowGroups(p, s) {
    return s.seat === p.seat && (p.own || []).length ? s.groups.concat(p.own) : s.groups;
  }

  /* Every card the seat may tap, each with where it lies: "hand", or "table" (its own row).
   * Shithead from two or more decks deals twins, the same card in the hand and face up:
   * both copies are in the pool, each a card of its own, so a tap says which copy it
   * means and a swap is never a copy the player did not touch. A group of the row that
   * the table model marks ``held`` is the hand shown on the table (Shithead's "Known in
   * hand", Phase 10's "Taken from the discard pile"), never cards lying there: it is
   * drawn, not tapped. Known by that mark, not by the cards: the hand holds every card
   * of such a group, but with twins it may hold every face-up card too (three decks can
   * deal a seat the same three cards in its hand and face up), and those are tapped. */
  function cardPool(p) {
    const pool = p.hand.map((f, i) => ({key: "h" + i, face: f, place: "hand"}));
    const me = p.table.seats.find(s => s.seat === p.seat);
    if (me) rowGroups(p, me).forEach((g, gi) => {
      if (g.held) return;
      g.cards.forEach((f, ci) => pool.push({key: "g" + gi + "." + ci, face: f, place: "table"}));
    });
    return pool;
  }

  function needs(a) { return a.cards.map(f => f.code).concat((a.for || []).map(f => f.code)); }

  /* Where each card of action ``a`` comes from. A swap (an action ``for`` hand cards) gives
   * its ``cards`` from the table (Shithead's face-up cards) for ``for`` from the hand; any
   * other action's cards are the hand's while the hand holds a copy, the rest the table's
   * (Shithead plays face-up cards once the hand is empty, SHD-09). */
  function sides(a, hand) {
    if (a.for) return {hand: a.for.map(f => f.code), table: a.cards.map(f => f.code)};
    const left = new Map();
    for (const c of hand) left.set(c, (left.get(c) || 0) + 1);
    const out = {hand: [], table: []};
    for (const f of a.cards) {
      if (left.get(f.code)) { left.set(f.code, left.get(f.code) - 1); out.hand.push(f.code); }
      else out.table.push(f.code);
    }
    return out;
  }

  /* whether the multiset ``part`` is contained in the multiset ``whole`` */
  function within(part, whole) {
    const left = new Map();
    for (const c of whole) left.set(c, (left.get(c) || 0) + 1);
    for (const c of part) {
      if (!left.get(c)) return false;
      left.set(c, left.get(c) - 1);
    }
    return true;
  }

  /* whether the cards ``cs`` (pool entries) are all part of action ``a``, each on its side */
  function fits(cs, a) {
    return within(cs.filter(c => c.place === "hand").map(c => c.face.code), a.sides.hand)
      && within(cs.filter(c => c.place === "table").map(c => c.face.code), a.sides.table);
  }

  function tapModel() {
    const p = state.page;
    if (state.selVersion !== p.version) { state.sel = []; state.selVersion = p.version; }
    const pool = p.seat === null ? [] : cardPool(p);
    const handCodes = p.hand.map(f => f.code);
    const tableCodes = pool.filter(c => c.place === "table").map(c => c.face.code);
    const reporting = p.report && p.report.reporting;
    const byCards = [], buttons = [], blind = new Map();
    const me = p.seat === null ? null : p.table.seats.find(s => s.seat === p.seat);
    const down = me ? me.face_down || 0 : 0;
    for (const a of p.actions) {
      if (reporting && a.report) continue;
      if (Number.isInteger(a.index) && a.index < down) { blind.set(a.index, a); continue; }
      const side = sides(a, handCodes);
      if (needs(a).length && within(side.hand, handCodes) && within(side.table, tableCodes)) {
        byCards.push({...a, sides: side});
      } else buttons.push(a);
    }
    const chosen = pool.filter(c => state.sel.includes(c.key));
    const selCodes = chosen.map(c => c.face.code);
    const open = byCards.filter(a => fits(chosen, a));
    const exact = open.filter(a => needs(a).length === selCodes.length);
    const uses = new Map();
    for (const c of pool) {
      if (state.sel.includes(c.key)) continue;
      const more = chosen.concat([c]);
      uses.set(c.key, open.filter(a => fits(more, a)).map(a => a.n));
    }
    /* whether some move takes this card from where it lies (a card no move uses is dimmed) */
    const used = (c) => byCards.some(a => a.sides[c.place].includes(c.face.code));
    return {pool, byCards, buttons, open, exact, uses, selCodes, blind, used};
  }

  /* the seat's own face-down cards: each one that may be played blind is tapped to play it */
  function downCards(n, m) {
    const row = el("span", {class: "backs down" + (m.blind.size ? " tappable" : "")});
    for (let i = 0; i < Math.min(n, 12); i++) {
      const a = m.blind.get(i);
      if (!a) { row.append(el("span", {class: "card back" + (m.blind.size ? " pick dim" : ""), "data-down": i})); continue; }
      const play = () => act([a.n]);
      row.append(el("span", {class: "card back pick lifted", "data-down": i, "data-uses": JSON.stringify([a.n]),
                             role: "button", tabindex: "0", title: a.label, "aria-label": a.label,
                             onclick: play,
                             onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); play(); } }}));
    }
    if (n > 12) row.append(el("small", {text: "×" + n}));
    return row;
  }

  function tapCard(key) {
    if (!online() || state.pending) return;
    const m = tapModel();
    if (state.sel.includes(key)) state.sel = state.sel.filter(k => k !== key);
    else if ((m.uses.get(key) || []).length) state.sel = state.sel.concat([key]);
    else {
      if (!m.used(m.pool.find(c => c.key === key))) return;
      state.sel = [key];
    }
    const after = tapModel();
    if (after.open.length === 1 && after.exact.length === 1) { act([after.exact[0].n]); return; }
    renderActions();
    renderHand();
    renderTable();
  }

  /* a card the seat may tap: lifted, chosen or dimmed, with the actions it leads to; a
   * screen reader is told where it lies (``about``: the id of the hand's title or of its
   * group's label), so twin copies in the hand and face up are told apart */
  function pickCard(f, key, m, about) {
    const chosen = state.sel.includes(key);
    const uses = m.uses.get(key) || [];
    const state_ = chosen ? " chosen" : uses.length ? " lifted" : m.byCards.length ? " dim" : "";
    /* a card no move uses now (Phase 10's hand before the draw) does nothing when tapped:
     * a screen reader says so ("dimmed"), and it stays in the Tab order to be read */
    const playable = chosen || uses.length > 0 || m.used({face: f, place: key[0] === "h" ? "hand" : "table"});
    return card(f, {class: "card pick " + f.kind + " " + f.colour + state_, "data-key": key,
                    "data-uses": JSON.stringify(uses), "aria-pressed": chosen ? "true" : "false",
                    "aria-disabled": playable ? null : "true", "aria-describedby": about,
                    role: "button", tabindex: "0", onclick: () => tapCard(key),
                    onkeydown: (e) => {
                      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tapCard(key); }
                    }});
  }

  function renderActions() {
    const p = state.page;
    const box = document.getElementById("actions");
    const m = tapModel();
    const big = p.report ? "big" : "";
    const nodes = m.buttons.map(a => actionButton(a, big));
    /* the game is over: the table's way to the next one (the result panel has it too,
     * and a player who closed the panel finds it here) */
    if (p.result && p.seat !== null) nodes.push(againButton("again-table", "act big"));
    /* While the chosen cards are part of a lay-down not yet whole, the page says to keep
     * tapping, and what those cards already make (a discard of the one card) is drawn
     * small and apart, after "Clear the choice": never a big button where the next card
     * tap lands, so one stray tap does not end the turn unlaid. */
    const building = m.open.find(a => a.more && needs(a).length > m.selCodes.length);
    const clear = el("button", {type: "button", class: "small", id: "clear", text: t("clear"),
                                onclick: () => { state.sel = []; renderActions(); renderHand(); renderTable(); }});
    const confirm = !m.selCodes.length ? null : building
      ? el("div", {class: "confirm"}, el("p", {class: "keep", id: "keep", text: building.more}), clear,
           m.exact.length ? el("div", {class: "apart"}, ...m.exact.map(a => actionButton(a))) : null)
      : el("div", {class: "confirm"}, ...m.exact.map(a => actionButton(a, "big")), clear);
    const mine = p.seat !== null && p.seat === p.to_act;
    box.classList.toggle("interrupt", !mine && nodes.length > 0);
    fill(box, ...nodes);
    const hint = document.getElementById("confirm");
    if (hint) fill(hint, confirm);
  }

  function renderHand() {
    const p = state.page;
    const box = document.getElementById("hand");
    if (p.seat === null) { box.replaceChildren(); box.hidden = true; renderActions(); return; }
    box.hidden = false;
    const m = tapModel();
    box.dataset.picking = m.byCards.length ? "1" : "0";
    /* no hand (Dallah's seats hold none, Shithead's is played out): no title and no
     * empty row of cards, and the box is hidden while its choice box is empty too (CSS) */
    fill(box, p.hand.length ? el("h3", {id: "hand-title", text: t("hand")}) : null,
         p.hand.length ? el("div", {class: "cards"}, ...p.hand.map((f, i) => pickCard(f, "h" + i, m, "hand-title"))) : null,
         el("div", {id: "confirm", class: "confirm-box"}));
    renderActions();
  }

  /* The public table is drawn once for every phone, from the spectator's side, so a
   * badge says "their turn" on every seat; on the phone's own row the page's ``yours``
   * (drawn for this seat: their word -> its own) says it to the player as theirs. */
  function ownBadge(text) {
    const own = state.page.yours || {};
    return Object.prototype.hasOwnProperty.call(own, text) ? own[text] : text;
  }

  function renderTable() {
    const p = state.page;
    if (!p) return;
    const tb = p.table;
    const m = tapModel();
    /* a card of the seat's own row is tapped only when a legal action takes it from there
     * (Toepen's thrown-in cards are shown, never tapped; a face-up twin of a hand card is
     * tapped for the moves that take the face-up copy) */
    const tapped = new Set(m.pool.map(c => c.key));
    const usable = (f, key) => tapped.has(key) && m.used({face: f, place: "table"});
    /* whose turn it is, in words: the game's own badge where its table gives one
     * (Dallah's active seat), else the page's "their turn" on the seat asked to act */
    const turnWord = p.turn_badge;
    const badged = !turnWord || tb.seats.some(s => s.badges.includes(turnWord));
    const badgesOf = (s) => (s.turn && !badged ? [turnWord] : []).concat(s.badges);
    const seats = el("ul", {class: "seats-table"}, ...tb.seats.map(s => ({...s, you: s.seat === p.seat})).map(s => el("li", {
      class: "seat" + (s.turn ? " turn" : "") + (s.you ? " you" : "") + (p.online && p.online[s.seat] ? " online" : ""),
      "data-seat": s.seat},
      /* the name is the seat's heading: a screen reader goes from seat to seat by it and
       * says each name whole (the page wraps it in up to four lines: style.css; one they
       * still cut is a Tab stop that shows it whole: reachNames, found by its id after a
       * redraw: keepFocus) */
      el("div", {class: "who"}, el("strong", {class: "name", id: "seat-name-" + s.seat, text: s.name,
                                              title: s.name, dir: "auto", role: "heading", "aria-level": "3"}),
         s.you ? el("em", {text: t("you")}) : null,
         (p.bots || []).includes(s.seat) ? el("em", {class: "bot", text: t("bot_seat")}) : null,
         ...badgesOf(s).map(b => el("span", {class: "badge", text: s.you ? ownBadge(b) : b}))),
      s.stats.length ? el("div", {class: "stats", text: s.stats.join(" · ")}) : null,
      s.hidden && !s.you ? backs(s.hidden) : null,
      s.face_down ? (s.you ? downCards(s.face_down, m) : backs(s.face_down, "down")) : null,
      ...rowGroups(p, s).map((g, gi) => el("div", {class: "group", "data-held": g.held ? "1" : null},
                              el("small", {id: s.you ? "own-group-" + gi : null, text: g.label}),
                              el("span", {class: "cards"}, ...g.cards.map((f, ci) => s.you && usable(f, "g" + gi + "." + ci)
                                ? pickCard(f, "g" + gi + "." + ci, m, "own-group-" + gi) : card(f))))))));
    const centre = el("div", {class: "centre"}, ...tb.centre.map((c, zi) => {
      if (c.items) {
        return el("div", {class: "zone"},
                  el("small", {text: c.label + (c.count !== undefined && c.count !== null ? " (" + c.count + ")" : "")}),
                  el("span", {class: "cups"}, ...c.items.map(name => el("span", {class: "cup", text: name}))));
      }
      /* a pile an action takes from (the area's ``verbs``: Phase 10's draw pile draws,
       * its discard pile takes) is tapped as that action's button is, while the action
       * is legal for this phone; otherwise it is only drawn */
      const take = p.seat === null ? null
        : p.actions.find(a => !a.report && (c.verbs || []).includes(a.verb));
      const tapPile = () => act([take.n]);
      return el("div", take ? {class: "pile tappable", "data-pile": take.n, "data-verb": take.verb,
                               role: "button", tabindex: "0", "aria-label": take.label, title: take.label,
                               onclick: tapPile,
                               onkeydown: (e) => {
                                 if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tapPile(); }
                               }} : {class: "pile"},
                el("small", {text: c.label + (c.count !== undefined && c.count !== null ? " (" + c.count + ")" : "")}),
                el("span", {class: "cards"}, ...c.cards.map((f, i) => el("span", {class: "played"}, card(f),
                   c.owners ? el("small", {id: "owner-" + zi + "-" + i, text: c.owners[i], title: c.owners[i],
                                           dir: "auto"}) : null)),
                   c.backs ? backs(c.backs) : null));
    }));
    const panel = (p.panel || []).length ? el("div", {class: "panel"}, ...p.panel.map(a => el("div", {class: "group"},
      el("small", {text: a.label}), ...(a.items || []).map(i => el("p", {text: i}))))) : null;
    /* each fact is one unit (a div around its dt and dd), so a line breaks between facts,
     * never between a label and its value ("Out at" | "10 lives" read as two facts) */
    const facts = el("dl", {class: "facts"}, ...tb.facts.map(([k, v]) => {
      const text = v === null || v === undefined ? "–" : String(v);
      /* a list of cards or ranks ("2 3 9 10 J Q K") reads left to right, isolated, on a
       * right-to-left page too (else the digits and the letters swap places) */
      return el("div", {class: "fact"}, el("dt", {text: k}),
                el("dd", {text, dir: CARD_LIST.test(text) ? "ltr" : null}));
    }));
    document.getElementById("table").replaceChildren(...[centre, panel, facts, seats].filter(Boolean));
    reachNames();
  }

  /* The newest line first, 40 kept. A line the same as the one before it is not
   * written again: that line counts it ("The die is rolled again. (×12)"), as the
   * terminal does, so a run of rerolls does not push out what mattered. The count is
   * drawn left to right on a right-to-left page too (× and digits read the same in
   * every language). The line above the prompt says the newest, flashing unless
   * ``flash`` is false (the same lines sent again in a new language). */
  function addEvents(events, flash) {
    const list = document.getElementById("events");
    for (const e of events) {
      const top = list.firstElementChild;
      if (top && top.dataset.text === e.text) {
        const n = Number(top.dataset.times || 1) + 1;
        top.dataset.times = String(n);
        top.dataset.v = e.v;
        fill(top, e.text, " ", el("span", {class: "times", dir: "ltr", text: "(×" + n + ")"}));
        continue;
      }
      list.prepend(el("li", {text: e.text, "data-kind": e.kind, "data-v": e.v, "data-text": e.text}));
    }
    while (list.children.length > 40) list.lastChild.remove();
    if (events.length) {
      const last = document.getElementById("last");
      last.textContent = events[events.length - 1].text;
      if (flash === false) return;
      last.classList.remove("flash");
      void last.offsetWidth;  // restart the animation
      last.classList.add("flash");
    }
  }

  /* -------------------------------------------------------------- Dallah */
  function renderDallah() {
    const p = state.page;
    const box = document.getElementById("dallah");
    const d = p.report;
    if (!d || p.result) {
      box.replaceChildren(); box.hidden = true; stopTimer();
      box.classList.remove("timed"); document.body.dataset.timed = "0";
      placeDallah(box, false);
      return;
    }
    box.hidden = false;
    /* A timed card this phone reports on: the countdown and every report button come
     * first on the page and compact, so all of them are in sight without scrolling. */
    const timed = !!(d.countdown && d.reporting);
    box.classList.toggle("timed", timed);
    document.body.dataset.timed = timed ? "1" : "0";
    placeDallah(box, timed);
    const head = el("div", {class: "head"},
                    d.card ? el("div", {class: "card-name", text: d.card.name}) : null,
                    d.cup && d.zone ? el("div", {class: "placing", text: t("place_on", {cup: d.cup, zone: d.zone})}) : null);
    const badges = [d.placer ? el("span", {class: "badge", text: t("places", {name: d.placer})}) : null,
                    d.collector && d.stage === "report" ? el("span", {class: "badge collect", text: t("collects", {name: d.collector})}) : null]
      .filter(Boolean);
    const who = badges.length ? el("div", {class: "who-row"}, ...badges) : null;  // no empty box
    let clock = null, fresh = false;
    if (d.countdown) {
      if (state.timer.key !== d.timer) {
        state.timer = {key: d.timer, start: performance.now(), seconds: d.countdown};
        fresh = true;
      }
      clock = el("div", {class: "countdown", id: "countdown"},
                 el("span", {class: "digits", id: "digits"}),
                 el("button", {type: "button", class: "small", text: t("restart_timer"),
                               onclick: () => { state.timer.start = performance.now(); tick(); }}));
      startTimer();
    } else stopTimer();
    const nodes = [head.children.length ? head : null, who, clock];
    if (d.reporting) nodes.push(reportScreen(p, d));
    box.replaceChildren(...nodes.filter(Boolean));
    box.hidden = !box.children.length;  // nothing to say yet (before a card): no empty white bar
    if (clock) tick();
    if (timed && fresh) window.scrollTo(0, 0);  // the timer starts: the buttons in sight
  }

  /* The panel's place in the page: under the prompt, or first while a timed card is
   * reported, where it is drawn first. Moved in the page's order itself, not by CSS
   * ``order`` (which the keyboard and a screen reader do not follow): drawn first but
   * placed after the prompt, Tab from the prompt (where the focus goes after a move) went
   * up to the panel, and a screen reader read the prompt before the card it is about. */
  function placeDallah(box, timed) {
    const game = document.getElementById("game");
    const prompt = document.getElementById("prompt");
    if (timed && game.firstElementChild !== box) game.prepend(box);
    else if (!timed && prompt.nextElementSibling !== box) prompt.after(box);
  }

  function reportScreen(p, d) {
    const reports = p.actions.filter(a => a.report);
    const byVerb = (v) => reports.filter(a => a.verb === v);
    const screenBox = el("div", {class: "report" + (state.selecting ? " selecting" : "")});
    const settled = byVerb("settled")[0];
    const fells = byVerb("fell");
    const zones = d.zones.map(z => {
      const mine = fells.filter(a => a.zone === z.id);
      if (!mine.length) return null;
      return el("div", {class: "zone-row"}, el("small", {text: z.name}), ...mine.map(a => {
        const count = state.basket[a.n] || 0;
        const limit = z.cups.filter(c => c.shape === a.shape).length + (d.zone_id === z.id && d.cup_id === a.shape ? 1 : 0);
        return el("button", {type: "button", class: "act big fell" + (count ? " chosen" : ""),
                             "data-action": a.n, "data-verb": "fell",
                             onclick: () => {
                               if (!state.selecting) { act([a.n]); return; }
                               state.basket[a.n] = count + 1 > Math.max(limit, 1) ? 0 : count + 1;
                               renderDallah();
                             }},
                  el("span", {text: a.label}), count ? el("span", {class: "count", text: "×" + count}) : null);
      }));
    });
    if (settled) screenBox.append(el("button", {type: "button", class: "act big ok", "data-action": settled.n,
                                                "data-verb": "settled", onclick: () => act([settled.n])}, settled.label));
    screenBox.append(...zones.filter(Boolean));
    for (const verb of ["placed", "collapse", "nospace", "timeout", "swap"]) {
      for (const a of byVerb(verb)) {
        screenBox.append(el("button", {type: "button", class: "act big " + verb, "data-action": a.n,
                                       "data-verb": verb, onclick: () => act([a.n])}, a.label));
      }
    }
    if (fells.length > 1 && settled) {
      /* The cup in hand first: cups that fell together fell with the cup being placed
         (DAL-10: the placer collects them all). The engine takes the cup in hand named on
         its zone in any order (DAL-26, engine 5); sending it first keeps the report's
         events in the order the table saw them. Tapping order on this screen means nothing. */
      const held = (fells.find(a => a.zone === d.zone_id && a.shape === d.cup_id) || {}).n;
      const chosen = Object.entries(state.basket).flatMap(([n, k]) => Array(k).fill(n))
        .sort((x, y) => Number(y === held) - Number(x === held));
      if (state.selecting) {
        screenBox.append(el("div", {class: "multi"},
          el("button", {type: "button", class: "primary big", id: "send-several", disabled: !chosen.length,
                        text: tn("report_n", chosen.length),
                        onclick: () => { act([...chosen, settled.n]); state.selecting = false; state.basket = {}; }}),
          el("button", {type: "button", class: "small", text: t("cancel"),
                        onclick: () => { state.selecting = false; state.basket = {}; renderDallah(); }})));
      } else {
        screenBox.append(el("button", {type: "button", class: "small", id: "several", text: t("several"),
                                       onclick: () => { state.selecting = true; state.basket = {}; renderDallah(); }}));
      }
    }
    return screenBox;
  }

  function tick() {
    const digits = document.getElementById("digits");
    if (!digits || !state.timer.key) return;
    const left = Math.max(0, state.timer.seconds - (performance.now() - state.timer.start) / 1000);
    digits.textContent = left > 0 ? String(Math.ceil(left)) : t("time_up");
    const expired = left <= 0;
    document.getElementById("countdown").classList.toggle("expired", expired);
    document.body.dataset.timeUp = expired ? "1" : "0";
  }

  function startTimer() { if (!state.interval) state.interval = setInterval(tick, 100); }
  function stopTimer() {
    if (state.interval) clearInterval(state.interval);
    state.interval = null;
    state.timer.key = null;
  }

  /* -------------------------------------------------------------- the end */
  function renderResult() {
    const p = state.page;
    const box = document.getElementById("result");
    if (!p.result) { box.hidden = true; box.replaceChildren(); return; }
    if (box.dataset.closed === String(p.version)) { box.hidden = true; return; }
    const r = p.result;
    const opening = box.hidden;
    box.hidden = false;
    /* names, each isolated in its own direction (bdi), in a line titled with its whole text */
    const named = (cls, id, head, names) => {
      const line = el("p", id ? {class: cls, id} : {class: cls}, head);
      names.forEach((n, i) => line.append(i ? listSeparator() : "", el("bdi", {text: n})));
      line.title = line.textContent;
      return line;
    };
    fill(box,
      el("h2", {id: "result-title", tabindex: "-1", text: r.title}),
      el("p", {class: "losers-label", text: r.losers_label}),
      r.losers.length ? named("losers", "losers", "", r.losers)
                      : el("p", {class: "losers", id: "losers", text: r.nobody, title: r.nobody}),
      r.winners.length ? named("winners", null, (r.winners_label || t("winners")) + ": ", r.winners) : null,
      r.scores.length ? el("table", {class: "scores"},
        el("caption", {text: r.scores_label}),
        ...r.scores.map(([name, score]) => el("tr", {class: r.losers.includes(name) ? "lost" : ""},
          el("td", {text: name, title: name, dir: "auto"}), el("td", {text: String(score)})))) : null,
      /* the ways on, together at the panel's foot: a new game, or back to the table */
      el("div", {class: "foot"}, p.seat !== null ? againButton("again", "primary") : null,
         el("button", {type: "button", class: "small", text: t("to_the_table"),
                       onclick: () => {
                         box.dataset.closed = String(p.version); box.hidden = true;
                         /* the focus goes back to the table's own Play again, not the page's start */
                         const again = document.getElementById("again-table");
                         if (again) again.focus({preventScroll: true});
                       }})));
    /* the panel that opens over the table takes the focus (a screen reader reads "Game
     * over", the next Tab reaches Play again), not the covered buttons behind it */
    if (opening) document.getElementById("result-title").focus({preventScroll: true});
  }

  connect();
}

document.addEventListener("DOMContentLoaded", () => {
  if (document.body.dataset.page === "home") home();
  else room();
});
