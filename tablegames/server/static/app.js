/* tablegames room server: the phone page.
 *
 * The server sends a page model built from this seat's view only (see
 * tablegames/server/page.py): the whole page on hello, then patches of it ("what
 * changed"); this file keeps the page up to date, draws it and sends back the notation of the
 * button that was tapped with the version it was chosen at. Everything is drawn with
 * textContent, never as HTML, so a player's name cannot inject anything.
 */
"use strict";

/* The page's words in every language, written into the HTML by the server from the
 * message catalogues (tablegames/server/chrome.py): {langs: [[code, name, dir]], words}. */
const WORDS = JSON.parse(document.getElementById("words").textContent);
const UI = WORDS.words;
const LANGS = WORDS.langs.map(([code]) => code);

let lang = localStorage.getItem("tg-lang") || LANGS.find(l => (navigator.language || "").startsWith(l)) || "en";
if (!LANGS.includes(lang)) lang = "en";
if (!(lang in UI)) lang = "en";

function t(key, vars) {
  let s = (UI[lang] && UI[lang][key]) || UI.en[key] || key;
  for (const [k, v] of Object.entries(vars || {})) s = s.split("{" + k + "}").join(String(v));
  return s;
}

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k.startsWith("data-") || k === "type" || k === "title" || k === "href" || k === "src"
             || k === "alt" || k === "disabled" || k === "aria-label") node.setAttribute(k, v === true ? "" : v);
    else node[k] = v;
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/* replaceChildren without the nulls that optional parts leave (it would print "null") */
function fill(node, ...children) {
  node.replaceChildren(...children.filter(c => c !== null && c !== undefined && c !== false));
}

function applyLang() {
  document.documentElement.lang = lang;
  const info = WORDS.langs.find(([code]) => code === lang) || ["en", "English", "ltr"];
  document.documentElement.dir = info[2];
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  const button = document.getElementById("lang");
  const next = WORDS.langs[(LANGS.indexOf(lang) + 1) % LANGS.length];
  if (button) button.textContent = next[1];
}

function setupLang(onChange) {
  applyLang();
  document.getElementById("lang").addEventListener("click", () => {
    lang = LANGS[(LANGS.indexOf(lang) + 1) % LANGS.length];
    localStorage.setItem("tg-lang", lang);
    applyLang();
    if (onChange) onChange();
  });
}

function showError(text) {
  const box = document.getElementById("error");
  box.textContent = text;
  box.classList.add("shown");
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => box.classList.remove("shown"), 5000);
}

async function post(url, data) {
  const response = await fetch(url + "?lang=" + lang, {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(data),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.message + (body.detail ? " (" + body.detail + ")" : ""));
  return body;
}

/* ------------------------------------------------------------------ the home page */
function home() {
  setupLang(() => renderOptions());
  const form = document.getElementById("create-form");
  const joinForm = document.getElementById("join-form");
  let games = [];
  const parts = location.pathname.split("/");
  if (parts[1] === "j" && parts[2]) {
    joinForm.code.value = parts[2].toUpperCase();
    document.getElementById("create-box").hidden = true;
    fetch("/api/rooms/" + encodeURIComponent(parts[2])).then(r => r.json()).then(room => {
      const info = document.getElementById("join-info");
      if (room.error) { info.textContent = room.message; return; }
      const seats = room.seats.map(s => s || "·").join(", ");
      info.textContent = room.started ? t("full_room") : t("room_of", {title: room.title, code: room.code, seats});
      joinForm.name.focus();
    });
  }

  function current() { return games.find(g => g.name === form.game.value) || games[0]; }

  function renderGame() {
    const g = current();
    form.players.min = g.min; form.players.max = g.max;
    form.players.value = Math.min(g.max, Math.max(g.min, 4));
    form.variant.replaceChildren(...Object.keys(g.variants).map(v => el("option", {value: v, text: v})));
    form.bot.replaceChildren(...g.bots.map(b => el("option", {value: b, text: b})),
                             el("option", {value: "", text: t("no_bots")}));
    form.bot.value = g.default_bot;
    renderOptions();
  }

  function renderOptions() {
    const g = current();
    if (!g) return;
    const values = g.variants[form.variant.value] || {};
    const box = document.getElementById("options");
    box.replaceChildren(...g.options.map(o => {
      const value = o.name in values ? values[o.name] : o.default;
      let input;
      if (o.type === "bool") input = el("input", {type: "checkbox", checked: !!value});
      else if (o.type === "choice") {
        input = el("select", {}, ...o.choices.map(c => el("option", {value: c, text: c})));
        input.value = value;
      } else if (o.type === "list") input = el("input", {value: (value || []).join(", ")});
      else input = el("input", {type: "number", value: value === null ? "" : value});
      input.dataset.option = o.name;
      input.dataset.kind = o.type;
      return el("label", {class: o.type === "bool" ? "check" : "", title: o.doc},
                input, el("span", {text: o.name.replace(/_/g, " ")}), el("small", {text: o.doc}));
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

  fetch("/api/games").then(r => r.json()).then(list => {
    games = list;
    form.game.replaceChildren(...games.map(g => el("option", {value: g.name, text: g.title})));
    renderGame();
  });
  form.game.addEventListener("change", renderGame);
  form.variant.addEventListener("change", renderOptions);

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const seed = form.seed.value.trim();
    let rules = chosenRules();
    if (form.rules_json.value.trim()) {
      try { rules = Object.assign(rules, JSON.parse(form.rules_json.value)); }
      catch (err) { showError(t("bad_json")); return; }
    }
    const spec = {game: form.game.value, players: parseInt(form.players.value, 10),
                  variant: form.variant.value, rules, bot: form.bot.value,
                  name: form.name.value};
    if (seed) spec.seed = /^-?\d{1,18}$/.test(seed) ? parseInt(seed, 10) : seed;
    try {
      const room = await post("/api/rooms", spec);
      location.assign(room.url);
    } catch (err) { showError(err.message); }
  });

  joinForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const code = joinForm.code.value.trim().toUpperCase();
      const room = await post("/api/rooms/" + encodeURIComponent(code) + "/join", {name: joinForm.name.value});
      location.assign(room.url);
    } catch (err) { showError(err.message); }
  });
}

/* ------------------------------------------------------------------ the room page */
function room() {
  const parts = location.pathname.split("/");
  const screen = parts[1] === "s";
  const key = parts[2] || "";
  const state = {ws: null, version: null, page: null, lobby: null, backoff: 400, dead: false,
                 selecting: false, basket: {}, timer: {key: null, start: 0}, pending: false};
  setupLang(() => send({type: "lang", lang}));
  if (screen) document.body.classList.add("screen");

  function send(message) {
    if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
  }

  function act(actions) {
    if (state.pending || state.version === null) return;
    state.pending = true;
    document.body.dataset.pending = "1";
    send({type: "act", actions, expect: state.version});
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/ws/" + (screen ? "s/" : "p/") + encodeURIComponent(key));
    state.ws = ws;
    ws.onopen = () => {
      state.backoff = 400;
      setConnected(true);
      ws.send(JSON.stringify({type: "hello", since: state.version, lang}));
    };
    ws.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      receive(m);
    };
    ws.onclose = (e) => {
      setConnected(false);
      state.pending = false;
      delete document.body.dataset.pending;
      if (e.code === 4404 || state.dead) { state.dead = true; return; }
      setTimeout(connect, state.backoff);
      state.backoff = Math.min(state.backoff * 2, 4000);
    };
  }

  function setConnected(on) {
    document.body.dataset.connected = on ? "1" : "0";
    const c = document.getElementById("conn");
    c.textContent = state.dead ? "" : t(on ? "online" : "offline");
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

  function receive(m) {
    if (m.type === "patch") {
      const page = state.page && !state.lobby && state.version === m.from ? applyPatch(state.page, m.patch) : null;
      if (page === null) {  /* not the page this patch starts from: ask for the whole page */
        send({type: "hello", since: state.version, lang});
        return;
      }
      receive({type: "update", page, events: m.events});
    } else if (m.type === "update") {
      state.pending = false;
      delete document.body.dataset.pending;
      addEvents(m.events || []);
      state.page = m.page;
      state.lobby = null;
      state.version = m.page.version;
      render();
    } else if (m.type === "lobby") {
      state.lobby = m;
      renderLobby();
    } else if (m.type === "presence") {
      if (state.page) { state.page.online = m.online; renderTable(); }
      if (state.lobby) { state.lobby.online = m.online; renderLobby(); }
    } else if (m.type === "error") {
      state.pending = false;
      delete document.body.dataset.pending;
      if (m.code === "no_seat" || m.code === "no_room") { state.dead = true; document.body.dataset.dead = "1"; }
      document.body.dataset.lastError = m.code;
      showError(m.message + (m.detail ? " (" + m.detail + ")" : ""));
    }
  }

  /* -------------------------------------------------------------- the lobby */
  function renderLobby() {
    const l = state.lobby;
    document.getElementById("game").hidden = true;
    document.getElementById("result").hidden = true;
    const box = document.getElementById("lobby");
    box.hidden = false;
    document.getElementById("title").textContent = l.title;
    document.getElementById("code").textContent = l.code;
    document.body.dataset.stage = "lobby";
    const link = location.origin + "/j/" + l.code;
    const open = l.seats.filter(s => !s.name).length;
    const host = l.seats[0] && l.seats[0].name;
    const seats = el("ol", {class: "seats"}, ...l.seats.map((s, i) => el("li", {
      class: (s.name ? "taken" : "open") + (l.online[i] ? " online" : "") + (i === l.seat ? " me" : ""),
      text: s.name ? s.name + (i === l.seat ? " (" + t("you") + ")" : "") : t("open_seat")})));
    const copy = el("button", {type: "button", class: "small", text: t("copy"), onclick: () => {
      if (navigator.clipboard) navigator.clipboard.writeText(link).then(() => { copy.textContent = t("copied"); });
    }});
    let start = null;
    if (l.host) {
      const ok = l.bot || open === 0;
      start = el("button", {type: "button", class: "primary big", id: "start", disabled: !ok,
                            text: open && l.bot ? t("start_bots", {n: open}) : t("start"),
                            onclick: () => send({type: "start"})});
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
    document.getElementById("title").textContent = p.title;
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
    const prompt = document.getElementById("prompt");
    prompt.textContent = p.prompt;
    prompt.classList.toggle("mine", mine);
    renderDallah();
    renderActions();
    renderHand();
    renderTable();
    renderResult();
  }

  function actionButton(a, cls) {
    return el("button", {type: "button", class: "act " + (cls || ""), "data-action": a.n,
                         "data-verb": a.verb, onclick: () => act([a.n])},
              el("span", {text: a.label}),
              a.cards.length ? el("span", {class: "mini"}, ...a.cards.map(f => card(f))) : null,
              a.for ? el("span", {class: "mini"}, "⇄", ...a.for.map(f => card(f))) : null);
  }

  function renderActions() {
    const p = state.page;
    const box = document.getElementById("actions");
    const reporting = p.report && p.report.reporting;
    const list = p.actions.filter(a => !a.tap && !(reporting && a.report));
    const byVerb = new Map();
    for (const a of list) {
      if (!byVerb.has(a.verb)) byVerb.set(a.verb, []);
      byVerb.get(a.verb).push(a);
    }
    const nodes = [];
    const big = p.report ? "big" : "";
    for (const [, group] of byVerb) {
      if (group.length <= 6) { nodes.push(...group.map(a => actionButton(a, big))); continue; }
      nodes.push(...group.slice(0, 3).map(a => actionButton(a, big)));
      nodes.push(el("details", {class: "more"}, el("summary", {text: t("more", {n: group.length - 3})}),
                    ...group.slice(3).map(a => actionButton(a, big))));
    }
    const mine = p.seat !== null && p.seat === p.to_act;
    box.classList.toggle("interrupt", !mine && nodes.length > 0);
    box.replaceChildren(...nodes);
  }

  function renderHand() {
    const p = state.page;
    const box = document.getElementById("hand");
    if (p.seat === null) { box.replaceChildren(); box.hidden = true; return; }
    box.hidden = false;
    const taps = new Map(p.actions.filter(a => a.tap).map(a => [a.tap, a]));
    box.replaceChildren(el("h3", {text: t("hand")}), el("div", {class: "cards"}, ...p.hand.map(f => {
      const a = taps.get(f.code);
      return a ? card(f, {"data-action": a.n, class: "card tap " + f.kind + " " + f.colour,
                          title: a.label, onclick: () => act([a.n])}) : card(f);
    })));
  }

  function renderTable() {
    const p = state.page;
    if (!p) return;
    const tb = p.table;
    const seats = el("ul", {class: "seats-table"}, ...tb.seats.map(s => ({...s, you: s.seat === p.seat})).map(s => el("li", {
      class: "seat" + (s.turn ? " turn" : "") + (s.you ? " you" : "") + (p.online && p.online[s.seat] ? " online" : ""),
      "data-seat": s.seat},
      el("div", {class: "who"}, el("strong", {text: s.name}),
         s.you ? el("em", {text: t("you")}) : null,
         (p.bots || []).includes(s.seat) ? el("em", {class: "bot", text: t("bot_seat")}) : null,
         ...s.badges.map(b => el("span", {class: "badge", text: b}))),
      s.stats.length ? el("div", {class: "stats", text: s.stats.join(" · ")}) : null,
      s.hidden && !s.you ? backs(s.hidden) : null,
      s.down ? backs(s.down, "down") : null,
      ...s.groups.map(g => el("div", {class: "group"}, el("small", {text: g.label}),
                              el("span", {class: "cards"}, ...g.cards.map(f => card(f))))))));
    const center = el("div", {class: "center"}, ...tb.center.map(c => {
      if (c.items) {
        return el("div", {class: "zone"},
                  el("small", {text: c.label + (c.count !== undefined && c.count !== null ? " (" + c.count + ")" : "")}),
                  el("span", {class: "cups"}, ...c.items.map(name => el("span", {class: "cup", text: name}))));
      }
      return el("div", {class: "pile"}, el("small", {text: c.label + (c.count !== undefined && c.count !== null ? " (" + c.count + ")" : "")}),
                el("span", {class: "cards"}, ...c.cards.map((f, i) => el("span", {class: "played"}, card(f),
                   c.owners ? el("small", {text: c.owners[i]}) : null)),
                   c.backs ? backs(c.backs) : null));
    }));
    const panel = (p.panel || []).length ? el("div", {class: "panel"}, ...p.panel.map(a => el("div", {class: "group"},
      el("small", {text: a.label}), ...(a.items || []).map(i => el("p", {text: i}))))) : null;
    const facts = el("dl", {class: "facts"}, ...tb.facts.flatMap(([k, v]) => [el("dt", {text: k}), el("dd", {text: v === null || v === undefined ? "–" : String(v)})]));
    document.getElementById("table").replaceChildren(...[center, panel, facts, seats].filter(Boolean));
  }

  function addEvents(events) {
    const list = document.getElementById("events");
    for (const e of events) {
      list.prepend(el("li", {text: e.text, "data-kind": e.kind, "data-v": e.v}));
    }
    while (list.children.length > 40) list.lastChild.remove();
    if (events.length) {
      const last = document.getElementById("last");
      last.textContent = events[events.length - 1].text;
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
    if (!d || p.result) { box.replaceChildren(); box.hidden = true; stopTimer(); return; }
    box.hidden = false;
    const head = [];
    if (d.card) head.push(el("div", {class: "card-name", text: d.card.name}));
    if (d.cup && d.zone) head.push(el("div", {class: "placing", text: t("place_on", {cup: d.cup, zone: d.zone})}));
    const who = el("div", {class: "who-row"},
                   d.placer ? el("span", {class: "badge", text: t("places", {name: d.placer})}) : null,
                   d.collector && d.stage === "report" ? el("span", {class: "badge collect", text: t("collects", {name: d.collector})}) : null);
    let clock = null;
    if (d.countdown) {
      if (state.timer.key !== d.timer) state.timer = {key: d.timer, start: performance.now(), seconds: d.countdown};
      clock = el("div", {class: "countdown", id: "countdown"},
                 el("span", {class: "digits", id: "digits"}),
                 el("button", {type: "button", class: "small", text: t("restart_timer"),
                               onclick: () => { state.timer.start = performance.now(); tick(); }}));
      startTimer();
    } else stopTimer();
    const nodes = [...head, who, clock];
    if (d.reporting) nodes.push(reportScreen(p, d));
    box.replaceChildren(...nodes.filter(Boolean));
    if (clock) tick();
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
    for (const verb of ["collapse", "nospace", "timeout", "swap"]) {
      for (const a of byVerb(verb)) {
        screenBox.append(el("button", {type: "button", class: "act big " + verb, "data-action": a.n,
                                       "data-verb": verb, onclick: () => act([a.n])}, a.label));
      }
    }
    if (fells.length > 1 && settled) {
      const chosen = Object.entries(state.basket).flatMap(([n, k]) => Array(k).fill(n));
      if (state.selecting) {
        screenBox.append(el("div", {class: "multi"},
          el("button", {type: "button", class: "primary big", id: "send-several", disabled: !chosen.length,
                        text: t("report_n", {n: chosen.length}),
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
    box.hidden = false;
    fill(box,
      el("h2", {text: r.title}),
      el("p", {class: "loser-title", text: r.loser_title}),
      el("p", {class: "losers", id: "losers", text: r.losers.length ? r.losers.join(", ") : r.nobody}),
      r.winners.length ? el("p", {class: "winners", text: t("winners") + ": " + r.winners.join(", ")}) : null,
      r.scores.length ? el("table", {class: "scores"},
        el("caption", {text: r.scores_title}),
        ...r.scores.map(([name, score]) => el("tr", {class: r.losers.includes(name) ? "lost" : ""},
          el("td", {text: name}), el("td", {text: String(score)})))) : null,
      el("button", {type: "button", class: "small", text: t("to_the_table"),
                    onclick: () => { box.dataset.closed = String(p.version); box.hidden = true; }}));
  }

  connect();
}

document.addEventListener("DOMContentLoaded", () => {
  if (document.body.dataset.page === "home") home();
  else room();
});
