// The page: modes (daily, time attack, zen), the clock, pause and penalties, the integrity
// check (POST /api/check), hints (POST /api/hint), the tracker (calendar with times and
// flawless marks, streak, monthly milestones, stats, share), themes, and what the browser
// remembers (localStorage "masyu-play-v1": the settings, each day's drawing, time and solve,
// each day's time attack, the zen puzzle at hand).
//
// Rules the page keeps (docs/play.md says them to players):
// - One coordinate convention for players: rows and columns count from 1 (board labels, cell
//   labels, the checker's and the hints' texts); the JSON of the API counts from 0.
// - The streak counts days solved on their day; a past day solved later is an archive solve.
//   A day after today is refused (and the server refuses it too).
// - A solve is never overwritten by an unsolved state: every write merges with what another
//   tab stored (mergeRecord), and a solve made in another tab is taken over at once.
// - Time attack: the first run of a day is the ranked one and its time is the day's best;
//   Restart before that solve clears the board but not the clock; after it, a run is
//   practice and never changes the best.  A hint costs HINT_SECONDS (or the server's
//   "hint_seconds") and is the next deduction from the pearls and earlier hints only: it
//   never looks at, so never confirms or refutes, the player's own lines.
// - Flawless: solved with no penalty, no failed check (or false closure) and no hint.
//
// Events for a panel such as masyu serve's (service.js), dispatched on window:
// masyu:start {date, mode}, masyu:move {t, r1, c1, r2, c2, v} (v 1 line, 0 erase, -1 X;
// t the clock in seconds; 0-based cells), masyu:check {ok, rules}, masyu:hint {},
// masyu:solved {date, mode, loop, seconds, penalties, practice}.
"use strict";

const STORE = "masyu-play-v1";
const PENALTY = 30;                 // seconds per penalty (unless /api/daily says otherwise)
const HINT_SECONDS = 60;            // a hint in time attack (unless /api/daily says otherwise)
// The four points of the integrity check, by masyu.check's rule ids: the pearls' rules
// (point 2) come with each answer of /api/check ("pearl_rules", from masyu.rules);
// "degree" is point 3 for a loose end and point 4 for a branch or a crossing.
const POINT = {"pearl-off-loop": 1, "several-loops": 3, "no-loop": 3, "off-board": 4};
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
                "September", "October", "November", "December"];
// The monthly mastery milestones: the one table (docs/play.md shows it).  ``m`` is a month's
// tally: days, onDay (solved on their day), flawless (on their day and flawless),
// sundays, fastSundays (Sundays solved on their day in under 30 minutes).
const MILESTONES = [
  {name: "Ten days", text: "10 days of the month solved on their day",
   got: (m) => Math.min(m.onDay, 10), of: () => 10},
  {name: "Full month", text: "every day of the month solved on its day",
   got: (m) => m.onDay, of: (m) => m.days},
  {name: "Flawless month", text: "every day of the month solved on its day, flawless",
   got: (m) => m.flawless, of: (m) => m.days},
  {name: "Sunday master", text: "every Sunday of the month solved on its day in under 30:00",
   got: (m) => m.fastSundays, of: (m) => m.sundays},
];

const $ = (id) => document.getElementById(id);
const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-` +
                   String(d.getDate()).padStart(2, "0");
const parseIso = (s) => { const [y, m, d] = s.split("-").map(Number); return new Date(y, m - 1, d); };
const isDate = (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && iso(parseIso(s)) === s;
const today = () => iso(new Date());
const longDate = (s) => { const d = parseIso(s);
  return `${WEEKDAYS[d.getDay()]} ${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`; };
const clockText = (s) => { s = Math.floor(s); const m = Math.floor(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:` +
    `${String(s % 60).padStart(2, "0")}` : `${m}:${String(s % 60).padStart(2, "0")}`; };
// The library's texts name cells (r, c) from 0: players read them from 1.
const oneBased = (text) => String(text).replace(/\((\d+), (\d+)\)/g,
  (_, r, c) => `(${Number(r) + 1}, ${Number(c) + 1})`);
const emit = (name, detail) => window.dispatchEvent(new CustomEvent(name, {detail}));

// -- what the browser remembers, merged across tabs -----------------------------------

function readStore() {
  try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (e) { return {}; }
}
const blank = () => ({settings: {}, daily: {}, attack: {}, zen: null});
const store = Object.assign(blank(), readStore());
const touched = new Set();          // what this page changed: "settings", "zen", "daily/DATE", ...
const STICKY = ["best", "solvedOn", "solvedAt", "flawless", "time"];   // a first solve's facts

function touch(key) { touched.add(key); }

// Two versions of one day's record (another tab's on disk, this page's): a later run wins
// (a practice run after the ranked one); in one run a solve is never undone by an unsolved
// state; the first solve's facts (STICKY) are kept whatever wins.
function mergeRecord(disk, mine) {
  if (!disk) return mine;
  if (!mine) return disk;
  let out;
  if ((disk.run || 0) !== (mine.run || 0)) out = (disk.run || 0) > (mine.run || 0) ? disk : mine;
  else if (disk.solved && !mine.solved) out = disk;
  else if (disk.solved && mine.solved) out = (disk.solvedAt || 0) <= (mine.solvedAt || 0) ? disk : mine;
  else out = mine;
  out = Object.assign({}, out);
  for (const key of STICKY) {
    const first = [disk, mine].filter((r) => r[key] !== undefined && r.solvedAt !== undefined)
      .sort((a, b) => a.solvedAt - b.solvedAt)[0];
    if (first) out[key] = first[key];
  }
  return out;
}

// Write what this page changed, merged with what is stored now: other tabs' days are kept.
function writeStore() {
  const disk = Object.assign(blank(), readStore());
  for (const key of touched) {
    const [book, date] = key.split("/");
    if (date === undefined) disk[book] = store[book];
    else if (store[book][date] === undefined) delete disk[book][date];
    else disk[book][date] = mergeRecord(disk[book][date], store[book][date]);
  }
  touched.clear();
  Object.assign(store, disk);
  try { localStorage.setItem(STORE, JSON.stringify(disk)); } catch (e) { /* full or off */ }
  adopt();
}

// Another tab wrote: take its records (merged with this page's record at hand).
function syncFromDisk() {
  const disk = Object.assign(blank(), readStore());
  const book = app.mode, mine = book !== "zen" ? store[book][app.date] : undefined;
  Object.assign(store, disk);
  if (mine) store[book][app.date] = mergeRecord(disk[book][app.date], mine);
  adopt();
  calendar();
}

// If the record at hand was solved elsewhere (another tab), show the solve.
function adopt() {
  if (!app.puzzle || app.mode === "zen" || app.solved) return;
  const rec = store[app.mode][app.date];
  if (rec && rec.solved && (rec.run || 0) === app.run) { show(app.puzzle, rec); calendar(); }
}

const app = {
  mode: "daily", date: today(), puzzle: null, board: new Board($("board")),
  base: 0, since: null,            // seconds counted before, and when the clock last started
  paused: false, hiddenStop: false,
  penalties: [], solved: false, rules: new Set(), queue: Promise.resolve(), token: 0,
  run: 0,                          // time attack: 0 the ranked run, 1, 2, ... practice
  month: null,                      // the calendar's month (a Date on its first day)
  retry: null,                      // what the Retry button does again
};

// -- the record of what is on the board ---------------------------------------------

function record() {                // the stored record of what is on the board (to change)
  if (app.mode === "zen") { touch("zen"); return store.zen || (store.zen = {}); }
  touch(`${app.mode}/${app.date}`);
  const book = store[app.mode];
  return book[app.date] || (book[app.date] = {});
}

function seconds() { return app.base + (app.since === null ? 0 : (Date.now() - app.since) / 1000); }
function startClock() {
  if (app.since === null && !app.solved && !app.paused && !document.hidden) app.since = Date.now();
}
function stopClock() { app.base = seconds(); app.since = null; }
const penaltySeconds = () => (app.puzzle && typeof app.puzzle.penalty_seconds === "number")
  ? app.puzzle.penalty_seconds : PENALTY;
const hintSeconds = () => (app.puzzle && typeof app.puzzle.hint_seconds === "number")
  ? app.puzzle.hint_seconds : HINT_SECONDS;
const penaltyOf = (reason) => reason.startsWith("hint") ? hintSeconds() : penaltySeconds();
const penaltyTotal = (list) => (list || []).reduce((s, p) => s + penaltyOf(p), 0);

function persist() {
  if (!app.puzzle) return;
  const rec = record();
  Object.assign(rec, app.board.saved());
  if (app.mode !== "zen") { rec.seconds = seconds(); rec.penalties = app.penalties; rec.run = app.run; }
  writeStore();
}

function showClock() {
  const el = $("clock");
  if (app.mode === "zen" || !app.puzzle) { el.textContent = ""; return; }
  const pen = app.mode === "attack" ? penaltyTotal(app.penalties) : 0;
  el.textContent = clockText(seconds() + pen);
  $("penalty").textContent = app.mode === "attack" && app.penalties.length
    ? `incl. ${pen} s of penalties` : "";
  $("penalty").dataset.count = app.penalties.length;
}

function say(text, kind, retry) {
  const el = $("status");
  el.textContent = text;
  el.className = kind || "";
  app.retry = retry || null;
  $("retry").hidden = !retry;
}

// -- loading puzzles --------------------------------------------------------------

class Offline extends Error {}

async function api(url, body) {
  let res;
  try {
    res = await fetch(url, body === undefined ? {} : {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  } catch (err) {
    throw new Offline("The server does not answer: is masyu play still running? " +
                      "Your progress is kept in this browser.");
  }
  const data = await res.json().catch(() => ({error: `HTTP ${res.status}`}));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

// Nothing on the board: a refusal, a failure, or a puzzle on its way.
function empty(text, kind, retry) {
  app.puzzle = null;
  app.board.load(0, 0, [], {});
  app.board.locked = true;
  $("title").textContent = "";
  $("board").setAttribute("aria-label", "No puzzle");
  hintText("");
  resetIntegrity();
  showClock();
  say(text, kind, retry);
}

function describeBoard(puzzle) {
  const w = [...puzzle.puzzle].filter((ch) => ch === "W").length;
  const b = [...puzzle.puzzle].filter((ch) => ch === "B").length;
  $("board").setAttribute("aria-label", `Masyu board, ${puzzle.rows} rows by ${puzzle.cols} ` +
    `columns, ${w} white and ${b} black pearls. Arrow keys move the cursor, Shift+arrow ` +
    "draws or erases a line, Ctrl+arrow an X mark, Delete erases around the cursor.");
}

function show(puzzle, rec) {
  app.puzzle = puzzle;
  hintText("");
  app.board.load(puzzle.rows, puzzle.cols, puzzle.puzzle.split("\n"), rec);
  app.solved = !!rec.solved;
  app.run = rec.run || 0;
  app.board.locked = app.solved || app.paused;
  app.base = rec.seconds || 0; app.since = null;
  app.penalties = rec.penalties || [];
  app.rules = new Set();
  app.board.render();
  $("board").classList.toggle("solved", app.solved);
  // on a phone a large board keeps cells of about 26 px (scroll or pinch-zoom to see it all)
  $("board").style.minWidth = `${(puzzle.cols + 1) * 26}px`;
  describeBoard(puzzle);
  resetIntegrity();
  if (app.solved) say(solvedText(rec), "good"); else { say(""); startClock(); }
  showClock();
  showTracker();
  emit("masyu:start", {date: app.mode === "zen" ? null : app.date, mode: app.mode});
}

function address() {                // the mode and date in the address: reload and share work
  const q = app.mode === "zen" ? "?mode=zen" : `?mode=${app.mode}&date=${app.date}`;
  if (location.search !== q) history.replaceState(null, "", q);
}

async function loadDay(date) {
  const token = ++app.token;
  persist();
  if (!isDate(date)) { empty(`No such date: ${String(date).slice(0, 20)}.`, "error"); calendar(); return; }
  if (date > today()) {
    empty(`The puzzle of ${longDate(date)} is not out yet: it opens on that day.`, "error");
    calendar();
    return;
  }
  app.date = date;
  address();
  empty("Making the day's puzzle…", "", null);
  calendar();
  try {
    const puzzle = await api(`/api/daily?date=${encodeURIComponent(date)}`);
    if (token !== app.token) return;
    show(puzzle, record());
    const diff = puzzle.difficulty, tier = puzzle.tier || diff.band;
    $("title").textContent = `${app.mode === "attack" ? "Time attack" : "Daily"} · ` +
      `${longDate(date)} · ${puzzle.rows}×${puzzle.cols} · ${tier} (score ${diff.score})` +
      (app.mode === "attack" && app.run ? " · practice" : "");
  } catch (err) {
    if (token !== app.token) return;
    empty(err.message, "error", () => loadDay(date));
  }
  calendar();
}

async function newZen() {
  const token = ++app.token;
  persist();
  const n = Number($("zen-size").value), w = Number($("zen-white").value),
        b = Number($("zen-black").value);
  const seed = 1 + Math.floor(Math.random() * 999999999);
  address();
  empty("Making a puzzle…");
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
    if (store.zen && store.zen.puzzle && !(err instanceof Offline)) {
      showZen();                                          // back to the puzzle at hand
      say(err.message, "error");
    } else empty(err.message, "error", newZen);
  }
}

function showZen() {
  const z = store.zen, cells = z.puzzle.rows * z.puzzle.cols;
  show(z.puzzle, z);
  const count = (k) => [...z.puzzle.puzzle].filter((ch) => ch === k).length;
  const pct = (k) => Math.round(100 * count(k) / cells);
  $("title").textContent = `Zen · ${z.puzzle.rows}×${z.puzzle.cols} · ${z.puzzle.difficulty.band}` +
    ` · seed ${z.seed}`;
  $("zen-reached").textContent = `This puzzle: ${count("W")} white (${pct("W")} %, asked ` +
    `${z.white} %), ${count("B")} black (${pct("B")} %, asked ${z.black} %): as near as ` +
    "its loop allows.";
}

function setMode(mode) {
  persist();
  app.puzzle = null;
  app.token++;
  app.mode = mode;
  for (const b of document.querySelectorAll("#modes button"))
    b.setAttribute("aria-selected", String(b.dataset.mode === mode));
  for (const m of ["daily", "attack", "zen"]) $(`panel-${m}`).hidden = m !== mode;
  $("panel-tracker").hidden = mode === "zen";
  document.body.dataset.mode = mode;
  if (mode === "zen") {
    address();
    if (store.zen && store.zen.puzzle) showZen(); else newZen();
  } else {
    loadDay(app.date);
  }
}

// -- pause: the button, and a hidden tab ----------------------------------------------

function setPaused(paused) {
  if (!app.puzzle && paused) return;
  app.paused = paused;
  if (paused) stopClock(); else startClock();
  app.board.locked = app.solved || paused;
  app.board.render();
  $("board-wrap").classList.toggle("paused", paused);
  $("pause").textContent = paused ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(paused));
  showClock();
}

function visibility() {
  persist();
  if (document.hidden) { if (app.since !== null) { stopClock(); app.hiddenStop = true; } }
  else if (app.hiddenStop) { app.hiddenStop = false; startClock(); }
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
    li.textContent = (v.cell ? `(${v.cell[0] + 1}, ${v.cell[1] + 1}) ` : "") + oneBased(v.text);
    li.dataset.rule = v.rule;
    list.appendChild(li);
  }
  document.querySelectorAll("#integrity li[data-point]").forEach((li) => {
    li.className = broken.has(Number(li.dataset.point)) ? "bad" : "ok";
  });
  app.board.mark(res.violations);
  emit("masyu:check", {ok: res.solved, rules: res.violations.map((v) => v.rule)});
}

function check() {
  return api("/api/check", {puzzle: app.puzzle.puzzle, loop: app.board.toBox()});
}

function failed() {                 // a failed check or a false closure: no longer flawless
  if (app.mode === "zen") return;
  const rec = record();
  rec.mistakes = (rec.mistakes || 0) + 1;
}

async function checkNow(auto) {
  if (!app.puzzle || app.paused) return;
  try {
    const res = await check();
    showCheck(res);
    if (res.solved) { finish(); return; }
    failed();
    persist();
    const first = res.violations[0];
    say(auto ? "The loop is closed, but it is not the solution." :
        `${res.violations.length} problem${res.violations.length === 1 ? "" : "s"}` +
        (first ? `: ${first.cell ? `(${first.cell[0] + 1}, ${first.cell[1] + 1}) ` : ""}` +
         `${oneBased(first.text)}.` : "."), "bad");
  } catch (err) { say(err.message, "error", () => checkNow(auto)); }
}

function solvedText(rec) {
  if (app.mode === "zen") return "Solved! “New puzzle” for another.";
  const pen = rec.penalties || [], star = rec.flawless ? " Flawless ★." : "";
  if (app.mode === "attack") {
    const total = rec.seconds + penaltyTotal(pen);
    const head = `Solved in ${clockText(total)} (${clockText(rec.seconds)} + ` +
      `${penaltyTotal(pen)} s of penalties).`;
    return (rec.run ? `Practice: ${head} The best stays ${clockText(rec.best)}, ` +
            "the first run's." : `${head} Best: ${clockText(rec.best)}.`) + star;
  }
  const late = rec.solvedOn && rec.solvedOn !== app.date ? " (an archive solve: the streak " +
    "counts days solved on their day)" : "";
  return `Solved in ${clockText(rec.seconds)}!${star}${late}`;
}

function finish() {
  stopClock();
  app.solved = true;
  app.board.locked = true;
  app.board.render();
  $("board").classList.add("solved");
  const rec = record();
  rec.solved = true;
  rec.seconds = seconds();
  rec.penalties = app.penalties;
  if (app.mode !== "zen" && !app.run && rec.solvedAt === undefined) {   // the first solve
    rec.solvedAt = Date.now();
    rec.solvedOn = today();
    rec.time = seconds() + (app.mode === "attack" ? penaltyTotal(app.penalties) : 0);
    rec.flawless = !app.penalties.length && !rec.mistakes && !rec.hints;
    if (app.mode === "attack") rec.best = rec.time;
  }
  persist();
  say(solvedText(app.mode === "zen" ? store.zen : store[app.mode][app.date]), "good");
  showClock();
  calendar();
  emit("masyu:solved", {date: app.mode === "zen" ? null : app.date, mode: app.mode,
                        loop: app.board.toBox(), seconds: rec.seconds,
                        penalties: app.penalties.slice(), practice: app.run > 0});
}

// -- hints: POST /api/hint, the next deduction and its reason (masyu.hint) ----------

function hintText(text, kind) {
  const el = $("hint-text");
  el.textContent = text;
  el.className = kind || "";
}

async function hintNow() {
  if (!app.puzzle || app.solved || app.paused) return;
  const attack = app.mode === "attack";
  // time attack: the next deduction from the pearls and the earlier hints, never the lines
  const given = attack ? (record().hinted || []) : null;
  const state = attack ? given : app.board.marks();
  const token = app.token, drawn = JSON.stringify(app.board.marks());
  hintText("Thinking…");
  emit("masyu:hint", {});
  let res;
  try {
    res = await api("/api/hint", {puzzle: app.puzzle.puzzle, state: {set: state}});
  } catch (err) { hintText(err.message, "error"); return; }
  // the answer is about the drawing it was asked for: not another puzzle or a later drawing
  if (token !== app.token || (!attack && drawn !== JSON.stringify(app.board.marks()))) {
    hintText(""); return;
  }
  if (app.mode !== "zen") { const rec = record(); rec.hints = (rec.hints || 0) + 1; }
  if (res.kind === "step") {
    app.board.showHint(res.step.cells, res.step.set, []);
    hintText(`Hint · ${res.step.rule}: ${oneBased(res.step.text)}`, "step");
    if (attack) {
      record().hinted = given.concat(res.step.set);
      penalize(`hint: ${res.step.rule}`);
    }
  } else if (res.kind === "wrong") {
    app.board.showHint(res.wrong.flatMap((w) => w.cells), [], res.wrong.map((w) => w.set));
    hintText(res.wrong.length ? `Wrong: ${res.wrong.map((w) => oneBased(w.text)).join(" ")}`
             : oneBased(res.text), "bad");
  } else {
    app.board.showHint([], [], []);
    hintText(oneBased(res.text), res.kind === "solved" ? "good" : "");
  }
  persist();
}

// -- time attack: every invalid move, false loop closure or broken rule costs 30 s ----

function penalize(reason) {
  app.penalties.push(reason);
  const li = document.createElement("li");
  li.textContent = `+${penaltyOf(reason)} s: ${reason}`;
  $("penalties").appendChild(li);
  say(`+${penaltyOf(reason)} s: ${reason}`, "bad");
  persist();
  showClock();
}

// A third line at a cell (a branch or a crossing) is refused, and costs a penalty.
app.board.guard = (edge, value) => {
  if (app.mode !== "attack" || value !== EDGE.LINE) return true;
  const deg = app.board.degrees();
  for (const [r, c] of Board.cellsOf(edge)) {
    if ((deg[`${r},${c}`] || 0) >= 2) {
      const [[r1, c1], [r2, c2]] = Board.cellsOf(edge);     // the move, refused: a server
      emit("masyu:move", {t: Math.round(seconds() * 1000) / 1000, r1, c1, r2, c2, v: 1});  // replays it
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
    penalize(`rule broken at (${fresh[0].cell[0] + 1}, ${fresh[0].cell[1] + 1}): ` +
             oneBased(fresh[0].text));
  }
}

const CLAIM = {[EDGE.LINE]: 1, [EDGE.CROSS]: -1};
app.board.onChange = (kind, entry) => {
  hintText("");
  if (app.solved || !app.puzzle) return;
  const t = Math.round(seconds() * 1000) / 1000;
  for (const [edge, before, after] of entry) {
    if (!(before in CLAIM) && !(after in CLAIM)) continue;      // tentative lines claim nothing
    const [[r1, c1], [r2, c2]] = Board.cellsOf(edge);
    emit("masyu:move", {t, r1, c1, r2, c2, v: CLAIM[after] || 0});
  }
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
  if (app.mode !== "attack" || !app.puzzle) return;
  const rec = record();
  if (!rec.solved && !app.run) {    // the ranked run goes on: a clean board, the same clock
    app.board.clear();
    say("A clean board; the ranked run's clock and penalties go on.", "");
    return;
  }
  // after a solve: a practice run, which never changes the day's best
  const kept = {};
  for (const key of STICKY.concat(["hints", "mistakes"])) if (rec[key] !== undefined) kept[key] = rec[key];
  store.attack[app.date] = Object.assign(kept, {run: (rec.run || 0) + 1});
  touch(`attack/${app.date}`);
  $("penalties").textContent = "";
  show(app.puzzle, record());
  persist();
  $("title").textContent = $("title").textContent.replace(/( · practice)?$/, " · practice");
  say("Practice: the best stays the first run's.", "");
}

// -- the tracker: calendar, streak, milestones, stats, share --------------------------

const onDay = (date) => { const r = store.daily[date];
  return !!(r && r.solved && r.solvedOn === date); };

function streak() {
  const d = new Date();
  if (!onDay(iso(d))) d.setDate(d.getDate() - 1);
  let n = 0;
  while (onDay(iso(d))) { n++; d.setDate(d.getDate() - 1); }
  return n;
}

function longestStreak() {
  const days = Object.keys(store.daily).filter(onDay).sort();
  let best = 0, run = 0, prev = null;
  for (const d of days) {
    const p = parseIso(d); p.setDate(p.getDate() - 1);
    run = prev === iso(p) ? run + 1 : 1;
    best = Math.max(best, run); prev = d;
  }
  return best;
}

function monthTally(m) {
  const days = new Date(m.getFullYear(), m.getMonth() + 1, 0).getDate();
  const t = {days, onDay: 0, flawless: 0, sundays: 0, fastSundays: 0};
  for (let day = 1; day <= days; day++) {
    const d = new Date(m.getFullYear(), m.getMonth(), day), key = iso(d), r = store.daily[key];
    const ok = onDay(key);
    t.onDay += ok; t.flawless += ok && !!r.flawless;
    if (d.getDay() === 0) { t.sundays++; t.fastSundays += ok && r.time < 1800; }
  }
  return t;
}

function milestones() {
  const t = monthTally(app.month), list = $("milestones");
  list.textContent = "";
  for (const ms of MILESTONES) {
    const got = ms.got(t), of = ms.of(t), li = document.createElement("li");
    li.className = got >= of ? "won" : "";
    li.title = ms.text;
    li.textContent = `${ms.name}: ${got >= of ? "won ★" : `${got} / ${of}`}`;
    const small = document.createElement("small");
    small.textContent = ms.text;
    li.appendChild(small);
    list.appendChild(li);
  }
}

function stats() {
  const solved = Object.entries(store.daily).filter(([, r]) => r.solved);
  const inTime = solved.filter(([d]) => onDay(d)), flawless = solved.filter(([, r]) => r.flawless);
  $("stats-summary").textContent = `${inTime.length} solved on their day · ` +
    `${solved.length - inTime.length} archive · ${flawless.length} flawless · ` +
    `streak ${streak()} (longest ${longestStreak()})`;
  const body = $("stats-weekdays");
  body.textContent = "";
  for (const wd of [1, 2, 3, 4, 5, 6, 0]) {
    const times = solved.filter(([d, r]) => parseIso(d).getDay() === wd && r.time !== undefined)
      .map(([, r]) => r.time);
    const tr = document.createElement("tr");
    for (const text of [WEEKDAYS[wd].slice(0, 3), times.length,
                        times.length ? clockText(Math.min(...times)) : "–",
                        times.length ? clockText(times.reduce((a, b) => a + b, 0) / times.length) : "–"]) {
      const td = document.createElement("td"); td.textContent = text; tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  const recent = $("stats-history");
  recent.textContent = "";
  for (const [d, r] of solved.sort((a, b) => (a[0] < b[0] ? 1 : -1)).slice(0, 8)) {
    const li = document.createElement("li");
    li.textContent = `${d} · ${r.time !== undefined ? clockText(r.time) : "–"}` +
      (r.flawless ? " ★" : "") + (onDay(d) ? "" : " · archive");
    recent.appendChild(li);
  }
}

function shareText() {
  const r = store.daily[app.date];
  if (!r || !r.solved || !app.puzzle) return null;
  const tier = app.puzzle.tier || app.puzzle.difficulty.band;
  return `Daily Masyu · ${longDate(app.date)} · ${tier} ${app.puzzle.rows}×${app.puzzle.cols}\n` +
    `Solved in ${clockText(r.time !== undefined ? r.time : r.seconds)}` +
    (r.flawless ? " · flawless ★" : "") + (onDay(app.date) ? ` · streak ${streak()}` : " · archive");
}

async function share() {
  const text = shareText();
  if (!text) { say("Solve the day first: the share text tells your time, not the loop.", ""); return; }
  $("share-text").textContent = text;
  $("share-text").hidden = false;
  try { await navigator.clipboard.writeText(text); say("Copied to the clipboard (no spoilers).", "good"); }
  catch (e) {
    const area = document.createElement("textarea");
    area.value = text; document.body.appendChild(area); area.select();
    const ok = document.execCommand && document.execCommand("copy");
    area.remove();
    say(ok ? "Copied to the clipboard (no spoilers)." : "Copy the text below to share it.", ok ? "good" : "");
  }
}

function showTracker() { if (app.month) { milestones(); stats(); } }

function calendar() {
  if (!app.month) { const d = parseIso(isDate(app.date) ? app.date : today());
    app.month = new Date(d.getFullYear(), d.getMonth(), 1); }
  const m = app.month, grid = $("calendar-days");
  $("calendar-month").textContent = `${MONTHS[m.getMonth()]} ${m.getFullYear()}`;
  grid.textContent = "";
  const first = (m.getDay() + 6) % 7;            // Monday first
  for (let i = 0; i < first; i++) grid.appendChild(document.createElement("span"));
  const days = new Date(m.getFullYear(), m.getMonth() + 1, 0).getDate(), now = today();
  for (let day = 1; day <= days; day++) {
    const d = iso(new Date(m.getFullYear(), m.getMonth(), day)), b = document.createElement("button");
    const r = store.daily[d];
    b.textContent = day;
    b.dataset.date = d;
    b.disabled = d > now;
    let label = longDate(d);
    if (r && r.solved) {
      b.classList.add(onDay(d) ? "solved" : "archive");
      if (r.flawless) b.classList.add("flawless");
      const time = r.time !== undefined ? r.time : r.seconds, small = document.createElement("small");
      small.textContent = clockText(time) + (r.flawless ? "★" : "");
      b.appendChild(small);
      label += `: solved ${onDay(d) ? "on the day" : "later"} in ${clockText(time)}` +
        (r.flawless ? ", flawless" : "");
    }
    b.setAttribute("aria-label", label);
    b.title = label;
    if (d === now) b.classList.add("today");
    if (d === app.date) b.classList.add("selected");
    b.addEventListener("click", () => {
      if (app.mode === "zen") setMode("daily");
      loadDay(d);
    });
    grid.appendChild(b);
  }
  $("streak").textContent = `Streak: ${streak()} day${streak() === 1 ? "" : "s"} solved on ` +
    "their day";
  const rec = store.attack[app.date];
  $("attack-best").textContent = rec && rec.best !== undefined
    ? `Best (the first run): ${clockText(rec.best)}` : "";
  const list = $("penalties");
  list.textContent = "";
  for (const reason of app.mode === "attack" ? app.penalties : []) {
    const li = document.createElement("li");
    li.textContent = `+${penaltyOf(reason)} s: ${reason}`;
    list.appendChild(li);
  }
  showTracker();
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

function boardKey(e) {              // keys on the focused board; true if used
  if (!app.board.key(e)) return false;
  e.preventDefault();
  const [r, c] = app.board.cursor;
  $("announce").textContent = app.board.describe(r, c);
  return true;
}

function start() {
  const q = new URLSearchParams(location.search);
  const asked = q.get("date");
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
  $("pause").addEventListener("click", () => setPaused(!app.paused));
  $("retry").addEventListener("click", () => { if (app.retry) app.retry(); });
  $("restart").addEventListener("click", restartAttack);
  $("share").addEventListener("click", share);
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
    if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") return;
    if (e.target === $("board") && boardKey(e)) return;
    const k = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && k === "z") { e.preventDefault(); e.shiftKey ? app.board.redo() : app.board.undo(); }
    else if ((e.ctrlKey || e.metaKey) && k === "y") { e.preventDefault(); app.board.redo(); }
    else if (e.ctrlKey || e.metaKey || e.altKey) return;
    else if (k === "x") setTool(app.board.tool === EDGE.CROSS ? EDGE.LINE : EDGE.CROSS);
    else if (k === "t") setTool(app.board.tool === EDGE.TENTATIVE ? EDGE.LINE : EDGE.TENTATIVE);
    else if (k === "l") setTool(EDGE.LINE);
    else if (k === "c") checkNow(false);
    else if (k === "h") hintNow();
    else if (k === "p") setPaused(!app.paused);
  });
  window.addEventListener("pagehide", persist);
  window.addEventListener("storage", (e) => { if (e.key === STORE || e.key === null) syncFromDisk(); });
  document.addEventListener("visibilitychange", visibility);
  setInterval(showClock, 250);
  setInterval(persist, 5000);
  if (store.zen && store.zen.size) {
    $("zen-size").value = store.zen.size; $("zen-white").value = store.zen.white;
    $("zen-black").value = store.zen.black;
  }
  zenLabels();
  setTool(EDGE.LINE);
  const mode = ["daily", "attack", "zen"].includes(q.get("mode")) ? q.get("mode") : "daily";
  if (asked !== null && mode !== "zen") app.date = asked;    // loadDay refuses a bad one
  setMode(mode);
}

window.masyuPlay = app;   // for the browser tests and the curious
start();
