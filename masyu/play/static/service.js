// The panel of `masyu serve` (masyu/service): the player, ranked time attacks with the
// server's own time, the day's leaderboard, the tracker (calendar, streak, milestones),
// stats and a share button.  Under `masyu play` GET /api/v1/me answers 404 and the
// panel stays hidden.
//
// It listens to the page's events (play.js): masyu:start {date, mode} starts a ranked
// attempt in time attack (POST /api/v1/attempts); masyu:move {r1, c1, r2, c2, v} is
// logged with this page's clock from the attempt's start, as the server counts it;
// masyu:solved {loop} finishes it (POST /api/v1/attempts/{id}/finish): the server checks
// the loop, replays the moves for penalties and times it.  Every POST to /api/ carries
// the player's CSRF token (X-CSRF-Token).  Text only ever goes in through textContent.
"use strict";

(() => {
  const panel = document.getElementById("service");
  if (!panel) return;
  const state = {me: null, attempt: null, date: null, month: null};
  const MOVE_V = {1: 1, 0: 0, "-1": 3};           // the page's -1 (an X) is the log's 3

  // -- the CSRF token on every POST to /api/ (the page's own hint requests too) -------
  const plainFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const opts = Object.assign({}, init || {});
    if (state.me && url.origin === location.origin && url.pathname.startsWith("/api/")
        && (opts.method || "GET").toUpperCase() === "POST") {
      const headers = new Headers(opts.headers || {});
      headers.set("X-CSRF-Token", state.me.csrf);
      opts.headers = headers;
    }
    return plainFetch(input, opts);
  };

  async function call(path, body) {
    const opts = body === undefined ? {} : {method: "POST", body: JSON.stringify(body),
                                            headers: {"Content-Type": "application/json"}};
    const res = await window.fetch(path, opts);
    let data = null;
    try { data = await res.json(); } catch (err) { data = {error: `HTTP ${res.status}`}; }
    if (!res.ok) throw new Error((data && data.error) || `HTTP ${res.status}`);
    return data;
  }

  // -- building blocks ------------------------------------------------------------------
  function el(tag, attrs, ...kids) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") node.textContent = v; else node.setAttribute(k, v);
    }
    for (const kid of kids) if (kid) node.appendChild(kid);
    return node;
  }
  const clock = (s) => {
    if (s === null || s === undefined) return "–";
    const t = Math.round(s);
    return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
  };
  const say = (id, text, kind) => {
    const node = document.getElementById(id);
    node.textContent = text;
    node.className = kind || "";
  };

  function build() {
    panel.textContent = "";
    panel.append(
      el("h2", {text: "Players"}),
      el("p", {id: "svc-player"}),
      el("form", {id: "svc-name-form"},
         el("label", {for: "svc-name", text: "Your name "}),
         el("input", {id: "svc-name", maxlength: "24", pattern: "[A-Za-z0-9 _-]{1,24}",
                      autocomplete: "nickname"}),
         el("button", {type: "submit", text: "Save"})),
      el("p", {id: "svc-name-status", role: "status"}),
      el("details", {id: "svc-transfer"},
         el("summary", {text: "Move to another device"}),
         el("button", {id: "svc-code-new", type: "button", text: "Show a transfer code"}),
         el("p", {id: "svc-code"}),
         el("form", {id: "svc-claim-form"},
            el("label", {for: "svc-claim", text: "Code from your other device "}),
            el("input", {id: "svc-claim", maxlength: "20", autocomplete: "off"}),
            el("button", {type: "submit", text: "Use it"})),
         el("p", {id: "svc-claim-status", role: "status"})),
      el("p", {id: "svc-attempt", role: "status", "aria-live": "polite"}),
      el("h2", {id: "svc-board-title", text: "Leaderboard"}),
      el("table", {id: "svc-board"},
         el("thead", {}, el("tr", {}, el("th", {text: "#"}), el("th", {text: "Player"}),
                               el("th", {text: "Time"}), el("th", {text: "Penalties"}),
                               el("th", {text: "Flawless"}))),
         el("tbody", {id: "svc-board-rows"})),
      el("p", {id: "svc-board-me"}),
      el("h2", {text: "Tracker"}),
      el("div", {class: "calendar-head"},
         el("button", {id: "svc-prev", type: "button", title: "Previous month", text: "‹"}),
         el("span", {id: "svc-month"}),
         el("button", {id: "svc-next", type: "button", title: "Next month", text: "›"})),
      el("ul", {id: "svc-days", "aria-label": "Solved days and times"}),
      el("p", {id: "svc-streak"}),
      el("ul", {id: "svc-milestones", "aria-label": "Milestones this month"}),
      el("h2", {text: "Stats"}),
      el("table", {id: "svc-stats"},
         el("thead", {}, el("tr", {}, el("th", {text: "Day"}), el("th", {text: "Solves"}),
                               el("th", {text: "Best"}), el("th", {text: "Median"}))),
         el("tbody", {id: "svc-stats-rows"})),
      el("button", {id: "svc-share", type: "button", text: "Share today"}),
      el("pre", {id: "svc-share-text", hidden: ""}));
    document.getElementById("svc-name-form").addEventListener("submit", saveName);
    document.getElementById("svc-code-new").addEventListener("click", newCode);
    document.getElementById("svc-claim-form").addEventListener("submit", claim);
    document.getElementById("svc-prev").addEventListener("click", () => shiftMonth(-1));
    document.getElementById("svc-next").addEventListener("click", () => shiftMonth(1));
    document.getElementById("svc-share").addEventListener("click", share);
  }

  function showMe() {
    const me = state.me;
    say("svc-player", `Playing as ${me.shown_name}. A ranked time attack a day; ` +
        `penalties +${me.penalty_seconds} s, hints +${me.hint_seconds} s.`);
    document.getElementById("svc-name").value = me.name || "";
  }

  // -- the player -----------------------------------------------------------------------
  async function saveName(ev) {
    ev.preventDefault();
    try {
      state.me = await call("/api/v1/me", {name: document.getElementById("svc-name").value});
      showMe();
      say("svc-name-status", "Saved.", "good");
      board();
    } catch (err) { say("svc-name-status", err.message, "bad"); }
  }

  async function newCode() {
    try {
      const got = await call("/api/v1/transfer", {});
      say("svc-code", `Your code: ${got.code} (good for a day, once). Type it on the other ` +
          "device; this one then becomes a new player.");
    } catch (err) { say("svc-code", err.message, "bad"); }
  }

  async function claim(ev) {
    ev.preventDefault();
    try {
      state.me = await call("/api/v1/transfer/claim",
                            {code: document.getElementById("svc-claim").value});
      showMe();
      say("svc-claim-status", "This device is now that player.", "good");
      refresh();
    } catch (err) { say("svc-claim-status", err.message, "bad"); }
  }

  // -- attempts -------------------------------------------------------------------------
  const logKey = (token) => `masyu-service-moves:${token}`;

  async function start(ev) {
    const {date, mode} = ev.detail || {};
    state.attempt = null;
    if (!(await ready)) return;
    if (date) { state.date = date; board(); }
    if (mode !== "attack" || !date) { say("svc-attempt", ""); return; }
    try {
      const got = await call("/api/v1/attempts", {date, mode: "attack"});
      let moves = [];
      try { moves = JSON.parse(sessionStorage.getItem(logKey(got.attempt)) || "[]"); }
      catch (err) { moves = []; }
      state.attempt = {token: got.attempt, ranked: got.ranked, moves,
                       zero: performance.now() - got.elapsed * 1000};
      say("svc-attempt", got.ranked
        ? "Ranked attempt: the server's clock is running."
        : "Practice run: today's ranked attempt is done (or this is an archive day).");
    } catch (err) { say("svc-attempt", `No ranked attempt: ${err.message}`, "bad"); }
  }

  function move(ev) {
    const a = state.attempt, m = ev.detail || {};
    if (!a || !(String(m.v) in MOVE_V)) return;
    a.moves.push([Math.max(0, Math.round(performance.now() - a.zero)), m.r1, m.c1, m.r2, m.c2,
                  MOVE_V[String(m.v)]]);
    try { sessionStorage.setItem(logKey(a.token), JSON.stringify(a.moves)); } catch (err) { /* full */ }
  }

  async function solved(ev) {
    const a = state.attempt, d = ev.detail || {};
    if (!a || d.mode !== "attack") return;
    state.attempt = null;
    try {
      const got = await call(`/api/v1/attempts/${encodeURIComponent(a.token)}/finish`,
                             {loop: d.loop, moves: a.moves});
      sessionStorage.removeItem(logKey(a.token));
      const extra = got.penalty_seconds ? ` (incl. +${got.penalty_seconds} s)` : "";
      const rank = got.ranked && got.rank
        ? ` · rank ${got.rank}, ahead of ${got.percentile}% of players` : " · practice";
      say("svc-attempt", `Server time ${clock(got.seconds)}${extra}${got.flawless ? " · flawless" : ""}${rank}`,
          "good");
    } catch (err) { say("svc-attempt", `Not counted: ${err.message}`, "bad"); }
    refresh();
  }

  // -- the board, the tracker, stats ---------------------------------------------------
  async function board() {
    const date = state.date;
    if (!date) return;
    try {
      const got = await call(`/api/v1/leaderboard?date=${encodeURIComponent(date)}&limit=20`);
      document.getElementById("svc-board-title").textContent = `Leaderboard ${got.date}`;
      const rows = document.getElementById("svc-board-rows");
      rows.textContent = "";
      for (const e of got.entries) {
        rows.appendChild(el("tr", {}, el("td", {text: String(e.rank)}), el("td", {text: e.name}),
                            el("td", {text: clock(e.seconds)}),
                            el("td", {text: e.penalty_seconds ? `+${e.penalty_seconds} s` : ""}),
                            el("td", {text: e.flawless ? "✓" : ""})));
      }
      say("svc-board-me", got.me
        ? `You: #${got.me.rank} in ${clock(got.me.seconds)}, ahead of ${got.me.percentile}%`
        : (got.entries.length ? "" : "No ranked solves yet."));
    } catch (err) { say("svc-board-me", err.message, "bad"); }
  }

  function shiftMonth(k) {
    if (!state.month) return;                       // the first answer names it
    const [y, m] = state.month.split("-").map(Number);
    const d = new Date(Date.UTC(y, m - 1 + k, 1));
    state.month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    tracker();
  }

  async function tracker() {
    try {
      const got = await call(state.month ? `/api/v1/tracker?month=${state.month}` : "/api/v1/tracker");
      state.month = got.month;
      document.getElementById("svc-month").textContent = got.month;
      const days = document.getElementById("svc-days");
      days.textContent = "";
      for (const d of got.days) {
        days.appendChild(el("li", {text: `${d.date}: ${clock(d.seconds)}` +
                                   `${d.flawless ? " ✓" : ""}${d.on_day ? "" : " (archive)"}`}));
      }
      say("svc-streak", `Streak ${got.streak} · best ${got.best_streak}`);
      const list = document.getElementById("svc-milestones");
      list.textContent = "";
      for (const m of got.milestones) {
        list.appendChild(el("li", {}, el("span", {text: `${m.done ? "✓ " : ""}${m.name} `}),
                            el("progress", {max: "1", value: String(m.progress),
                                            "aria-label": m.name})));
      }
    } catch (err) { say("svc-streak", err.message, "bad"); }
  }

  async function stats() {
    try {
      const got = await call("/api/v1/stats");
      const rows = document.getElementById("svc-stats-rows");
      rows.textContent = "";
      for (const w of got.weekdays) {
        rows.appendChild(el("tr", {}, el("td", {text: w.weekday.slice(0, 3)}),
                            el("td", {text: String(w.solves)}), el("td", {text: clock(w.best)}),
                            el("td", {text: clock(w.median)})));
      }
    } catch (err) { /* the tracker line says it */ }
  }

  async function share() {
    const out = document.getElementById("svc-share-text");
    try {
      const got = await call(state.date ? `/api/v1/share?date=${encodeURIComponent(state.date)}`
                                        : "/api/v1/share");
      out.textContent = got.text;
      out.hidden = false;
      if (navigator.clipboard) navigator.clipboard.writeText(got.text).catch(() => {});
    } catch (err) { out.textContent = err.message; out.hidden = false; }
  }

  function refresh() { board(); tracker(); stats(); }

  // -- start: only when the service answers ---------------------------------------------
  addEventListener("masyu:start", start);
  addEventListener("masyu:move", move);
  addEventListener("masyu:solved", solved);
  const ready = (async () => {
    let res;
    try { res = await plainFetch("/api/v1/me", {credentials: "same-origin"}); }
    catch (err) { return false; }
    if (res.status !== 200) return false;           // masyu play: no service
    state.me = await res.json();
    // the month shown first is the server's (the tracker's answer names it), not the browser clock's
    state.month = null;
    state.date = state.date || new Date().toISOString().slice(0, 10);
    build();
    showMe();
    panel.hidden = false;
    refresh();
    return true;
  })();
})();
