// The page: modes (daily, time attack, zen), the clock and penalties, the integrity check
// (POST /api/check), the calendar and streak, themes, and what the browser remembers
// (localStorage "masyu-play-v1": the settings, each day's drawing, time and solve, each
// day's time attack, the zen puzzle at hand).
"use strict";

const STORE = "masyu-play-v1";
const PENALTY = 30;                 // seconds per invalid move, false closure or broken rule
// The four points of the integrity check, by masyu.check's rule ids: the pearls' rules
// (point 2) come with each answer of /api/check ("pearl_rules", from masyu.rules);
// "degree" is point 3 for a loose end and point 4 for a branch or a crossing.
const POINT = {"pearl-off-loop": 1, "several-loops": 3, "no-loop": 3, "off-board": 4};
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
                "September", "October", "November", "December"];

const $ = (id) => document.getElementById(id);
const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-` +
                   String(d.getDate()).padStart(2, "0");
const parseIso = (s) => { const [y, m, d] = s.split("-").map(Number); return new Date(y, m - 1, d); };
const today = () => iso(new Date());
const clockText = (s) => { s = Math.floor(s); const m = Math.floor(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:` +
    `${String(s % 60).padStart(2, "0")}` : `${m}:${String(s % 60).padStart(2, "0")}`; };

function readStore() {
  try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (e) { return {}; }
}
const blank = () => ({settings: {}, daily: {}, attack: {}, zen: null});
const store = Object.assign(blank(), readStore());
const touched = new Set();          // what this page changed: "settings", "zen", "daily/DATE", ...

function touch(key) { touched.add(key); }

// Write what this page changed over what is stored now: another tab's days are kept.
function writeStore() {
  const disk = Object.assign(blank(), readStore());
  for (const key of touched) {
    const [book, date] = key.split("/");
    if (date === undefined) disk[book] = store[book];
    else if (store[book][date] === undefined) delete disk[book][date];
    else disk[book][date] = store[book][date];
  }
  touched.clear();
  Object.assign(store, disk);
  try { localStorage.setItem(STORE, JSON.stringify(disk)); } catch (e) { /* full or off */ }
}

const app = {
  mode: "daily", date: today(), puzzle: null, board: new Board($("board")),
  base: 0, since: null,            // seconds counted before, and when the clock last started
  penalties: [], solved: false, rules: new Set(), queue: Promise.resolve(), token: 0,
  month: null,                      // the calendar's month (a Date on its first day)
};

// -- the record of what is on the board ---------------------------------------------

function record() {                // the stored record of what is on the board (to change)
  if (app.mode === "zen") { touch("zen"); return store.zen || (store.zen = {}); }
  touch(`${app.mode}/${app.date}`);
  const book = store[app.mode];
  return book[app.date] || (book[app.date] = {});
}

function seconds() { return app.base + (app.since === null ? 0 : (Date.now() - app.since) / 1000); }
function startClock() { if (app.since === null && !app.solved) app.since = Date.now(); }
function stopClock() { app.base = seconds(); app.since = null; }

function persist() {
  if (!app.puzzle) return;
  const rec = record();
  Object.assign(rec, app.board.saved());
  if (app.mode !== "zen") { rec.seconds = seconds(); rec.penalties = app.penalties; }
  writeStore();
}

function showClock() {
  const el = $("clock");
  if (app.mode === "zen" || !app.puzzle) { el.textContent = ""; return; }
  const total = seconds() + (app.mode === "attack" ? PENALTY * app.penalties.length : 0);
  el.textContent = clockText(total);
  $("penalty").textContent = app.mode === "attack" && app.penalties.length
    ? `incl. ${app.penalties.length} × ${PENALTY} s` : "";
  $("penalty").dataset.count = app.penalties.length;
}

function say(text, kind) {
  const el = $("status");
  el.textContent = text;
  el.className = kind || "";
}

// -- loading puzzles --------------------------------------------------------------

async function api(url, body) {
  const res = await fetch(url, body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await res.json().catch(() => ({error: `HTTP ${res.status}`}));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

function show(puzzle, rec) {
  app.puzzle = puzzle;
  hintText("");
  app.board.load(puzzle.rows, puzzle.cols, puzzle.puzzle.split("\n"), rec);
  app.solved = !!rec.solved;
  app.board.locked = app.solved;
  app.base = rec.seconds || 0; app.since = null;
  app.penalties = rec.penalties || [];
  app.rules = new Set();
  app.board.render();
  $("board").classList.toggle("solved", app.solved);
  resetIntegrity();
  if (app.solved) say(solvedText(rec), "good"); else { say(""); startClock(); }
  showClock();
}

async function loadDay(date) {
  const token = ++app.token;
  persist();
  app.puzzle = null;                // nothing to persist or draw until the day's puzzle is shown
  app.board.locked = true;
  app.date = date;
  say("Making the day's puzzle…");
  try {
    const puzzle = await api(`/api/daily?date=${encodeURIComponent(date)}`);
    if (token !== app.token) return;
    show(puzzle, record());
    const d = parseIso(date), diff = puzzle.difficulty;
    $("title").textContent = `${app.mode === "attack" ? "Time attack" : "Daily"} · ` +
      `${WEEKDAYS[d.getDay()]} ${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()} · ` +
      `${puzzle.rows}×${puzzle.cols} · ${diff.band} (score ${diff.score})`;
  } catch (err) { if (token === app.token) say(err.message, "error"); }
  calendar();
}

async function newZen() {
  const token = ++app.token;
  persist();
  app.puzzle = null;
  app.board.locked = true;
  const n = Number($("zen-size").value), w = Number($("zen-white").value),
        b = Number($("zen-black").value);
  const seed = 1 + Math.floor(Math.random() * 999999999);
  say("Making a puzzle…");
  try {
    const puzzle = await api(`/api/zen?rows=${n}&cols=${n}&white=${w / 100}&black=${b / 100}` +
                             `&seed=${seed}`);
    if (token !== app.token) return;
    store.zen = {puzzle, seed, size: n, white: w, black: b};
    touch("zen");
    writeStore();
    showZen();
  } catch (err) {
    if (token !== app.token) return;
    if (store.zen && store.zen.puzzle) showZen();      // back to the puzzle at hand
    say(err.message, "error");
  }
}

function showZen() {
  const z = store.zen;
  show(z.puzzle, z);
  const count = (k) => [...z.puzzle.puzzle].filter((ch) => ch === k).length;
  $("title").textContent = `Zen · ${z.puzzle.rows}×${z.puzzle.cols} · ${count("W")} white, ` +
    `${count("B")} black · ${z.puzzle.difficulty.band} · seed ${z.seed}`;
}

function setMode(mode) {
  persist();
  app.puzzle = null;
  app.token++;
  app.mode = mode;
  for (const b of document.querySelectorAll("#modes button"))
    b.setAttribute("aria-selected", String(b.dataset.mode === mode));
  for (const m of ["daily", "attack", "zen"]) $(`panel-${m}`).hidden = m !== mode;
  document.body.dataset.mode = mode;
  if (mode === "zen") {
    if (store.zen && store.zen.puzzle) showZen(); else newZen();
  } else {
    loadDay(app.date);
  }
}

// -- the integrity check ----------------------------------------------------------

function resetIntegrity() {
  for (const li of document.querySelectorAll("#integrity li")) li.className = "";
  $("violations").textContent = "";
}

function pointOf(v, degrees, pearlRules) {
  if (pearlRules.includes(v.rule)) return 2;
  if (v.rule !== "degree") return POINT[v.rule] || 4;
  return (degrees[v.cell.join(",")] || 0) < 2 ? 3 : 4;
}

function showCheck(res) {
  const degrees = app.board.degrees(), broken = new Set();
  const list = $("violations");
  list.textContent = "";
  for (const v of res.violations) {
    broken.add(pointOf(v, degrees, res.pearl_rules));
    const li = document.createElement("li");
    li.textContent = (v.cell ? `(${v.cell[0] + 1}, ${v.cell[1] + 1}) ` : "") + v.text;
    li.dataset.rule = v.rule;
    list.appendChild(li);
  }
  document.querySelectorAll("#integrity li[data-point]").forEach((li) => {
    li.className = broken.has(Number(li.dataset.point)) ? "bad" : "ok";
  });
  app.board.mark(res.violations);
}

function check() {
  return api("/api/check", {puzzle: app.puzzle.puzzle, loop: app.board.toBox()});
}

async function checkNow(auto) {
  if (!app.puzzle) return;
  try {
    const res = await check();
    showCheck(res);
    if (res.solved) finish();
    else say(auto ? "The loop is closed, but it is not the solution." :
             `${res.violations.length} problem${res.violations.length === 1 ? "" : "s"}.`, "bad");
  } catch (err) { say(err.message, "error"); }
}

function solvedText(rec) {
  if (app.mode === "zen") return "Solved! “New puzzle” for another.";
  const pen = (rec.penalties || []).length;
  if (app.mode === "attack")
    return `Solved in ${clockText(rec.seconds + PENALTY * pen)} (${clockText(rec.seconds)}` +
      ` + ${pen} × ${PENALTY} s). Best: ${clockText(rec.best)}.`;
  return `Solved in ${clockText(rec.seconds)}!`;
}

function finish() {
  stopClock();
  app.solved = true;
  app.board.locked = true;
  app.board.render();
  $("board").classList.add("solved");
  const rec = record();
  rec.solved = true;
  if (app.mode === "attack") {
    const total = seconds() + PENALTY * app.penalties.length;
    rec.best = rec.best === undefined ? total : Math.min(rec.best, total);
  }
  persist();
  say(solvedText(rec), "good");
  showClock();
  calendar();
}

// -- hints: POST /api/hint, the next deduction and its reason (masyu.hint) ----------

function hintText(text, kind) {
  const el = $("hint-text");
  el.textContent = text;
  el.className = kind || "";
}

async function hintNow() {
  if (!app.puzzle || app.solved) return;
  const token = app.token, drawn = JSON.stringify(app.board.marks());
  hintText("Thinking…");
  let res;
  try {
    res = await api("/api/hint", {puzzle: app.puzzle.puzzle, state: {set: app.board.marks()}});
  } catch (err) { hintText(err.message, "error"); return; }
  // the answer is about the drawing it was asked for: not another puzzle or a later drawing
  if (token !== app.token || drawn !== JSON.stringify(app.board.marks())) { hintText(""); return; }
  if (res.kind === "step") {
    app.board.showHint(res.step.cells, res.step.set, []);
    hintText(`Hint · ${res.step.rule}: ${res.step.text}`, "step");
  } else if (res.kind === "wrong") {
    app.board.showHint(res.wrong.flatMap((w) => w.cells), [], res.wrong.map((w) => w.set));
    hintText(res.wrong.length ? `Wrong: ${res.wrong.map((w) => w.text).join(" ")}` : res.text,
             "bad");
  } else {
    app.board.showHint([], [], []);
    hintText(res.text, res.kind === "solved" ? "good" : "");
  }
}

// -- time attack: every invalid move, false loop closure or broken rule costs 30 s ----

function penalize(reason) {
  app.penalties.push(reason);
  const li = document.createElement("li");
  li.textContent = `+${PENALTY} s: ${reason}`;
  $("penalties").appendChild(li);
  say(`+${PENALTY} s: ${reason}`, "bad");
  persist();
  showClock();
}

// A third line at a cell (a branch or a crossing) is refused, and costs a penalty.
app.board.guard = (edge, value) => {
  if (app.mode !== "attack" || value !== EDGE.LINE) return true;
  const deg = app.board.degrees();
  for (const [r, c] of Board.cellsOf(edge)) {
    if ((deg[`${r},${c}`] || 0) >= 2) {
      penalize(`invalid move: a third line at (${r + 1}, ${c + 1})`);
      return false;
    }
  }
  return true;
};

// Judged on the drawing as the move left it (the answer may come after later moves).
async function judge(kind, closes, box, token) {
  let res;
  try { res = await api("/api/check", {puzzle: app.puzzle.puzzle, loop: box}); }
  catch (err) { say(err.message, "error"); return; }
  if (token !== app.token || app.solved) return;    // another puzzle by now
  const pearl = (v) => res.pearl_rules.includes(v.rule);
  const rules = new Set(res.violations.filter(pearl).map((v) => `${v.rule}@${v.cell}`));
  const fresh = res.violations.filter((v) => pearl(v) &&
                                              !app.rules.has(`${v.rule}@${v.cell}`));
  app.rules = rules;
  if (res.solved) { showCheck(res); finish(); return; }
  if (closes) {
    showCheck(res);
    penalize("false loop closure");
  } else if (fresh.length && kind === "move") {
    app.board.mark(fresh);
    penalize(`rule broken at (${fresh[0].cell[0] + 1}, ${fresh[0].cell[1] + 1}): ${fresh[0].text}`);
  }
}

app.board.onChange = (kind, entry) => {
  hintText("");
  if (app.solved || !app.puzzle) return;
  resetIntegrity();
  startClock();
  persist();
  if (app.mode === "attack") {
    const added = kind === "move" ? entry.filter((x) => x[2] === EDGE.LINE).map((x) => x[0]) : [];
    const closes = added.some((e) => app.board.joinedWithout(e)), box = app.board.toBox();
    const token = app.token;
    app.queue = app.queue.then(() => judge(kind, closes, box, token));
  }
  else if (app.board.closed()) checkNow(true);
  else say("");
};

function restartAttack() {
  if (app.mode !== "attack") return;
  const rec = record(), best = rec.best;
  store.attack[app.date] = best === undefined ? {} : {best};
  $("penalties").textContent = "";
  show(app.puzzle, record());
}

// -- the calendar and the streak ----------------------------------------------------

function streak() {
  const d = new Date(), solved = (x) => store.daily[iso(x)] && store.daily[iso(x)].solved;
  if (!solved(d)) d.setDate(d.getDate() - 1);
  let n = 0;
  while (solved(d)) { n++; d.setDate(d.getDate() - 1); }
  return n;
}

function calendar() {
  if (!app.month) { const d = parseIso(app.date); app.month = new Date(d.getFullYear(), d.getMonth(), 1); }
  const m = app.month, grid = $("calendar-days");
  $("calendar-month").textContent = `${MONTHS[m.getMonth()]} ${m.getFullYear()}`;
  grid.textContent = "";
  const first = (m.getDay() + 6) % 7;            // Monday first
  for (let i = 0; i < first; i++) grid.appendChild(document.createElement("span"));
  const days = new Date(m.getFullYear(), m.getMonth() + 1, 0).getDate(), now = today();
  for (let day = 1; day <= days; day++) {
    const d = iso(new Date(m.getFullYear(), m.getMonth(), day)), b = document.createElement("button");
    b.textContent = day;
    b.dataset.date = d;
    b.disabled = d > now;
    if (store.daily[d] && store.daily[d].solved) b.classList.add("solved");
    if (d === now) b.classList.add("today");
    if (d === app.date) b.classList.add("selected");
    b.addEventListener("click", () => loadDay(d));
    grid.appendChild(b);
  }
  const solvedDays = Object.values(store.daily).filter((r) => r.solved).length;
  $("streak").textContent = `Streak: ${streak()} day${streak() === 1 ? "" : "s"} · ` +
    `${solvedDays} solved`;
  const rec = store.attack[app.date];
  $("attack-best").textContent = rec && rec.best !== undefined ? `Best today: ${clockText(rec.best)}` : "";
  const list = $("penalties");
  list.textContent = "";
  for (const reason of app.mode === "attack" ? app.penalties : []) {
    const li = document.createElement("li");
    li.textContent = `+${PENALTY} s: ${reason}`;
    list.appendChild(li);
  }
}

function shiftMonth(k) {
  app.month = new Date(app.month.getFullYear(), app.month.getMonth() + k, 1);
  calendar();
}

// -- tools, keys, settings --------------------------------------------------------

function setTool(tool) {
  app.board.tool = tool;
  for (const [id, t] of [["tool-line", EDGE.LINE], ["tool-x", EDGE.CROSS], ["tool-pencil", EDGE.TENTATIVE]])
    $(id).setAttribute("aria-pressed", String(t === tool));
}

function applySettings() {
  const s = store.settings;
  document.body.dataset.theme = s.theme === "slate" ? "slate" : "ivory";
  document.body.dataset.cb = s.cb ? "1" : "0";
  $("theme").textContent = s.theme === "slate" ? "Ivory" : "Dark slate";
  $("colorblind").checked = !!s.cb;
}

function zenLabels() {
  $("zen-size-value").textContent = `${$("zen-size").value}×${$("zen-size").value}`;
  $("zen-white-value").textContent = `${$("zen-white").value} %`;
  $("zen-black-value").textContent = `${$("zen-black").value} %`;
}

function start() {
  const q = new URLSearchParams(location.search);
  if (/^\d{4}-\d{2}-\d{2}$/.test(q.get("date") || "")) app.date = q.get("date");
  if (q.get("theme")) { store.settings.theme = q.get("theme") === "slate" ? "slate" : "ivory"; touch("settings"); }
  if (q.get("cb")) { store.settings.cb = q.get("cb") === "1"; touch("settings"); }
  applySettings();
  for (const b of document.querySelectorAll("#modes button"))
    b.addEventListener("click", () => setMode(b.dataset.mode));
  $("tool-line").addEventListener("click", () => setTool(EDGE.LINE));
  $("tool-x").addEventListener("click", () => setTool(EDGE.CROSS));
  $("tool-pencil").addEventListener("click", () => setTool(EDGE.TENTATIVE));
  $("undo").addEventListener("click", () => app.board.undo());
  $("redo").addEventListener("click", () => app.board.redo());
  $("clear").addEventListener("click", () => app.board.clear());
  $("check").addEventListener("click", () => checkNow(false));
  $("hint").addEventListener("click", hintNow);
  $("restart").addEventListener("click", restartAttack);
  $("zen-new").addEventListener("click", newZen);
  for (const id of ["zen-size", "zen-white", "zen-black"]) $(id).addEventListener("input", zenLabels);
  $("calendar-prev").addEventListener("click", () => shiftMonth(-1));
  $("calendar-next").addEventListener("click", () => shiftMonth(1));
  $("theme").addEventListener("click", () => {
    store.settings.theme = store.settings.theme === "slate" ? "ivory" : "slate";
    touch("settings"); writeStore(); applySettings();
  });
  $("colorblind").addEventListener("change", () => {
    store.settings.cb = $("colorblind").checked; touch("settings"); writeStore(); applySettings();
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT") return;
    const k = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && k === "z") { e.preventDefault(); e.shiftKey ? app.board.redo() : app.board.undo(); }
    else if ((e.ctrlKey || e.metaKey) && k === "y") { e.preventDefault(); app.board.redo(); }
    else if (e.ctrlKey || e.metaKey || e.altKey) return;
    else if (k === "x") setTool(app.board.tool === EDGE.CROSS ? EDGE.LINE : EDGE.CROSS);
    else if (k === "t") setTool(app.board.tool === EDGE.TENTATIVE ? EDGE.LINE : EDGE.TENTATIVE);
    else if (k === "l") setTool(EDGE.LINE);
    else if (k === "c") checkNow(false);
    else if (k === "h") hintNow();
  });
  window.addEventListener("pagehide", persist);
  document.addEventListener("visibilitychange", persist);
  setInterval(showClock, 250);
  setInterval(persist, 5000);
  if (store.zen && store.zen.size) {
    $("zen-size").value = store.zen.size; $("zen-white").value = store.zen.white;
    $("zen-black").value = store.zen.black;
  }
  zenLabels();
  setTool(EDGE.LINE);
  const mode = q.get("mode");
  setMode(["daily", "attack", "zen"].includes(mode) ? mode : "daily");
}

window.masyuPlay = app;   // for the browser tests and the curious
start();
