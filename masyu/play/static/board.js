// The board: an SVG grid of cells with pearls, where the player draws lines between cell
// centres (click an edge, or drag from cell to cell), X marks and dashed tentative lines,
// with undo and redo.  It knows the drawing, not the rules: play.js asks the server's
// checker (POST /api/check) whether a loop is right.
//
// An edge is named "h:r:c" (between cells (r, c) and (r, c+1)) or "v:r:c" (between (r, c)
// and (r+1, c)); its state is EMPTY, LINE, TENTATIVE or CROSS (an X mark).  Inside, rows and
// columns count from 0 (as the API's JSON does); everything a player reads counts from 1
// (the row and column labels, the cell labels, play.js's texts).
//
// Keyboard (the board is focusable): a cursor cell, moved by the arrows; Shift+arrow applies
// the tool (line, X mark, tentative) to the edge toward that side and, for a line, moves
// along it; Ctrl+arrow an X mark; Delete erases the marks around the cursor.  Touch: a long
// press on an edge marks an X whatever the tool.
"use strict";

const EMPTY = 0, LINE = 1, TENTATIVE = 2, CROSS = 3;
const SVG_NS = "http://www.w3.org/2000/svg";
const CELL = 40;                       // viewBox units per cell
// Box-drawing shapes by the directions they use, as masyu.Loop reads them (N E S W bits).
const LONG_PRESS_MS = 500;             // a touch held this long on an edge marks an X
const STEP = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
const SIDE = {"-1,0": "north", "1,0": "south", "0,-1": "west", "0,1": "east"};
const BOX = [" ", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"];

function svgEl(name, attrs, parent) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

class Board {
  constructor(svg) {
    this.svg = svg;
    this.rows = 0; this.cols = 0; this.grid = [];
    this.edges = {};                 // edge -> state (EMPTY edges are absent)
    this.undoStack = []; this.redoStack = [];
    this.tool = LINE;
    this.locked = false;
    this.bad = [];                   // [{cell: [r, c], rule}] marked on the board
    this.hint = null;                // {cells: [[r, c]], set: [[r1, c1, r2, c2, v]], wrong: [...]}
    this.guard = null;               // (edge, state) -> bool: false refuses a move
    this.onChange = null;            // (kind, entry) after every move, undo or redo
    this.drag = null;
    this.cursor = [0, 0];            // the keyboard's cell, drawn while the board has focus
    this.press = null;               // a touch's long-press timer
    this.keyboard = false;           // the cursor shows while the keyboard drives the board
    svg.addEventListener("focus", () => { this.keyboard = !this.pointing; this.render(); });
    svg.addEventListener("blur", () => this.render());
    svg.addEventListener("pointerdown", (e) => this.down(e));
    svg.addEventListener("pointermove", (e) => this.move(e));
    svg.addEventListener("pointerup", (e) => this.up(e));
    svg.addEventListener("pointercancel", () => this.finishDrag());
    svg.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  load(rows, cols, grid, saved) {
    this.rows = rows; this.cols = cols; this.grid = grid;
    this.edges = Object.assign({}, (saved && saved.edges) || {});
    this.undoStack = (saved && saved.undo) || [];
    this.redoStack = (saved && saved.redo) || [];
    this.locked = false; this.bad = []; this.hint = null; this.drag = null;
    this.cursor = [0, 0];
    this.render();
  }

  saved() {
    return {edges: Object.assign({}, this.edges), undo: this.undoStack.slice(-500),
            redo: this.redoStack.slice(-500)};
  }

  state(edge) { return this.edges[edge] || EMPTY; }

  // -- geometry --------------------------------------------------------------------

  static edgeBetween(a, b) {         // two adjacent cells -> the edge joining them
    const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
    return p[0] === q[0] ? `h:${p[0]}:${p[1]}` : `v:${p[0]}:${p[1]}`;
  }

  static cellsOf(edge) {
    const [kind, r, c] = [edge[0], ...edge.slice(2).split(":").map(Number)];
    return kind === "h" ? [[r, c], [r, c + 1]] : [[r, c], [r + 1, c]];
  }

  point(e) {                          // pointer position in cell units (cell (r, c) spans r..r+1)
    const box = this.svg.getBoundingClientRect();
    const w = (this.cols + 1) * CELL, h = (this.rows + 1) * CELL;
    const x = (e.clientX - box.left) * w / box.width - CELL / 2;
    const y = (e.clientY - box.top) * h / box.height - CELL / 2;
    return [y / CELL, x / CELL];
  }

  nearestEdge([y, x]) {               // the edge whose midpoint is nearest, or null off the board
    const u = x - 0.5, v = y - 0.5;   // cell centres at whole numbers
    const hr = Math.round(v), hc = Math.floor(u), hd = Math.abs(v - hr);
    const vc = Math.round(u), vr = Math.floor(v), vd = Math.abs(u - vc);
    const h = hr >= 0 && hr < this.rows && hc >= 0 && hc < this.cols - 1;
    const vv = vr >= 0 && vr < this.rows - 1 && vc >= 0 && vc < this.cols;
    if (h && (!vv || hd <= vd)) return `h:${hr}:${hc}`;
    if (vv) return `v:${vr}:${vc}`;
    return null;
  }

  cellAt([y, x]) {
    const r = Math.floor(y), c = Math.floor(x);
    return r >= 0 && r < this.rows && c >= 0 && c < this.cols ? [r, c] : null;
  }

  // -- moves, undo, redo -----------------------------------------------------------

  change(entry, edge, value) {        // one edge of a move; false if the guard refuses it
    const before = this.state(edge);
    if (before === value) return true;
    if (this.guard && !this.guard(edge, value)) return false;
    if (value === EMPTY) delete this.edges[edge]; else this.edges[edge] = value;
    entry.push([edge, before, value]);
    return true;
  }

  commit(entry, kind) {
    if (!entry.length) return;
    this.undoStack.push(entry);
    this.redoStack = [];
    this.bad = [];                   // marks belong to the drawing they were checked on
    this.hint = null;                // and so does a hint
    this.render();
    if (this.onChange) this.onChange(kind || "move", entry);
  }

  toggle(edge, tool) {                // a click: the tool's state, or empty if it had it
    if (this.locked || !edge) return;
    const entry = [];
    this.change(entry, edge, this.state(edge) === tool ? EMPTY : tool);
    this.commit(entry);
  }

  replay(entry, back) {
    for (const [edge, before, after] of back ? entry.slice().reverse() : entry) {
      const v = back ? before : after;
      if (v === EMPTY) delete this.edges[edge]; else this.edges[edge] = v;
    }
  }

  undo() {
    if (this.locked || !this.undoStack.length) return;
    const entry = this.undoStack.pop();
    this.replay(entry, true);
    this.redoStack.push(entry);
    this.bad = []; this.hint = null;
    this.render();
    if (this.onChange) this.onChange("undo", entry);
  }

  redo() {
    if (this.locked || !this.redoStack.length) return;
    const entry = this.redoStack.pop();
    this.replay(entry, false);
    this.undoStack.push(entry);
    this.bad = []; this.hint = null;
    this.render();
    if (this.onChange) this.onChange("redo", entry);
  }

  clear() {
    if (this.locked) return;
    const entry = [];
    for (const edge of Object.keys(this.edges)) this.change(entry, edge, EMPTY);
    this.commit(entry, "clear");
  }

  // -- keyboard: a cursor cell, arrows, Shift+arrow the tool, Ctrl+arrow an X mark -----

  // The edge from the cursor toward a side ([dr, dc]), and the cell across it (null: the wall).
  edgeToward([dr, dc]) {
    const [r, c] = this.cursor, next = [r + dr, c + dc];
    if (next[0] < 0 || next[0] >= this.rows || next[1] < 0 || next[1] >= this.cols) return null;
    return {edge: Board.edgeBetween(this.cursor, next), next};
  }

  // A key pressed on the focused board: true if it was the board's.
  key(e) {
    if (!this.rows) return false;
    this.keyboard = true;
    const step = STEP[e.key];
    if (step && !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const [r, c] = this.cursor;
      this.cursor = [Math.min(this.rows - 1, Math.max(0, r + step[0])),
                     Math.min(this.cols - 1, Math.max(0, c + step[1]))];
      this.render();
      return true;
    }
    if (step && (e.shiftKey || e.ctrlKey) && !e.altKey && !e.metaKey) {
      const to = this.edgeToward(step);
      if (!to || this.locked) return true;
      const tool = e.ctrlKey ? CROSS : this.tool;
      this.toggle(to.edge, tool);
      if (tool !== CROSS && this.state(to.edge) === tool) this.cursor = to.next;
      this.render();
      return true;
    }
    if ((e.key === "Delete" || e.key === "Backspace") && !this.locked) {
      const entry = [];
      for (const s of Object.values(STEP)) {
        const to = this.edgeToward(s);
        if (to) this.change(entry, to.edge, EMPTY);
      }
      this.commit(entry, "move");
      return true;
    }
    return false;
  }

  // What a cell holds, in words (1-based): its place, its pearl, its lines and X marks.
  describe(r, c) {
    const ch = this.grid[r] ? this.grid[r][c] : ".";
    const pearl = ch === "W" ? ", white pearl" : ch === "B" ? ", black pearl" : "";
    const lines = [], crosses = [];
    for (const [key, side] of Object.entries(SIDE)) {
      const [dr, dc] = key.split(",").map(Number), n = [r + dr, c + dc];
      if (n[0] < 0 || n[0] >= this.rows || n[1] < 0 || n[1] >= this.cols) continue;
      const v = this.state(Board.edgeBetween([r, c], n));
      if (v === LINE) lines.push(side); else if (v === CROSS) crosses.push(side);
    }
    return `Row ${r + 1}, column ${c + 1}${pearl}` +
      (lines.length ? `; line ${lines.join(" and ")}` : "") +
      (crosses.length ? `; X ${crosses.join(" and ")}` : "");
  }

  // -- pointer: click an edge, drag across cells, right button for X marks -----------

  down(e) {
    if (this.locked || !this.rows) return;
    e.preventDefault();
    this.keyboard = false;
    this.pointing = true;
    if (this.svg.focus) this.svg.focus({preventScroll: true});
    this.pointing = false;
    const p = this.point(e);
    if (e.button === 2) { this.toggle(this.nearestEdge(p), CROSS); return; }
    if (e.button !== 0) return;
    this.drag = {edge: this.nearestEdge(p), last: this.cellAt(p), value: null, entry: [],
                 stopped: false};
    if (e.pointerType === "touch") {           // a long press: an X mark without the tool
      const d = this.drag;
      this.press = setTimeout(() => {
        this.press = null;
        if (this.drag !== d || d.value !== null) return;
        this.drag = null;
        this.toggle(d.edge, CROSS);
      }, LONG_PRESS_MS);
    }
    if (this.svg.setPointerCapture) this.svg.setPointerCapture(e.pointerId);
  }

  cancelPress() { if (this.press) { clearTimeout(this.press); this.press = null; } }

  move(e) {
    const d = this.drag;
    if (!d || d.stopped) return;
    const now = this.cellAt(this.point(e));
    if (!now || !d.last) { d.last = d.last || now; return; }
    if (now[0] !== d.last[0] || now[1] !== d.last[1]) this.cancelPress();
    while (!d.stopped && (now[0] !== d.last[0] || now[1] !== d.last[1])) {
      const next = now[0] !== d.last[0]
        ? [d.last[0] + Math.sign(now[0] - d.last[0]), d.last[1]]
        : [d.last[0], d.last[1] + Math.sign(now[1] - d.last[1])];
      const edge = Board.edgeBetween(d.last, next);
      if (d.value === null) d.value = this.state(edge) === this.tool ? EMPTY : this.tool;
      if (!this.change(d.entry, edge, d.value)) d.stopped = true;
      d.last = next;
      this.render();
    }
  }

  up(e) {
    this.cancelPress();
    const d = this.drag;
    if (!d) return;
    if (d.value === null && !d.stopped) {     // no cell crossed: a click on the nearest edge
      this.drag = null;
      this.toggle(d.edge, this.tool);
      return;
    }
    this.finishDrag();
  }

  finishDrag() {
    this.cancelPress();
    const d = this.drag;
    this.drag = null;
    if (d) this.commit(d.entry);
  }

  // -- what the drawn lines are --------------------------------------------------

  lineEdges() { return Object.keys(this.edges).filter((k) => this.edges[k] === LINE); }

  // The player's claims for POST /api/hint: [r1, c1, r2, c2, v], v 1 a line, 0 an X mark
  // (tentative lines claim nothing).
  marks() {
    const out = [];
    for (const [edge, v] of Object.entries(this.edges)) {
      if (v !== LINE && v !== CROSS) continue;
      const [[r1, c1], [r2, c2]] = Board.cellsOf(edge);
      out.push([r1, c1, r2, c2, v === LINE ? 1 : 0]);
    }
    return out;
  }

  degrees() {
    const deg = {};
    for (const edge of this.lineEdges())
      for (const [r, c] of Board.cellsOf(edge)) deg[`${r},${c}`] = (deg[`${r},${c}`] || 0) + 1;
    return deg;
  }

  // True when there are lines and every cell they touch has two: no loose end anywhere.
  closed() {
    const deg = Object.values(this.degrees());
    return deg.length > 0 && deg.every((d) => d === 2);
  }

  // Whether the two cells of ``edge`` are joined by lines other than ``edge`` itself
  // (then a line on ``edge`` closes a loop).
  joinedWithout(edge) {
    const [a, b] = Board.cellsOf(edge);
    const nbrs = {};
    for (const e of this.lineEdges()) {
      if (e === edge) continue;
      const [p, q] = Board.cellsOf(e).map((x) => x.join(","));
      (nbrs[p] = nbrs[p] || []).push(q); (nbrs[q] = nbrs[q] || []).push(p);
    }
    const goal = b.join(","), seen = new Set([a.join(",")]), todo = [a.join(",")];
    while (todo.length) {
      const x = todo.pop();
      if (x === goal) return true;
      for (const y of nbrs[x] || []) if (!seen.has(y)) { seen.add(y); todo.push(y); }
    }
    return false;
  }

  // The lines in the box drawing masyu.Loop reads (one row of R characters a line).
  toBox() {
    const mask = [];
    for (let r = 0; r < this.rows; r++) mask.push(new Array(this.cols).fill(0));
    for (const edge of this.lineEdges()) {
      const [[r1, c1], [r2, c2]] = Board.cellsOf(edge);
      if (r1 === r2) { mask[r1][c1] |= 2; mask[r2][c2] |= 8; }
      else { mask[r1][c1] |= 4; mask[r2][c2] |= 1; }
    }
    return mask.map((row) => row.map((m) => BOX[m]).join("")).join("\n");
  }

  // -- drawing -------------------------------------------------------------------

  render() {
    const svg = this.svg, R = this.rows, C = this.cols, m = CELL / 2;
    const W = C * CELL + 2 * m, H = R * CELL + 2 * m;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.dataset.rows = R; svg.dataset.cols = C;
    svg.classList.toggle("locked", this.locked);
    if (!R) return;
    const centre = (r, c) => [m + (c + 0.5) * CELL, m + (r + 0.5) * CELL];
    svgEl("rect", {class: "paper", x: 0, y: 0, width: W, height: H}, svg);
    const cells = svgEl("g", {class: "bad-cells"}, svg);
    for (const v of this.bad)
      svgEl("rect", {class: "bad-cell", x: m + v.cell[1] * CELL, y: m + v.cell[0] * CELL,
                     width: CELL, height: CELL}, cells);
    let d = "";
    for (let r = 0; r <= R; r++) d += `M${m} ${m + r * CELL}H${m + C * CELL}`;
    for (let c = 0; c <= C; c++) d += `M${m + c * CELL} ${m}V${m + R * CELL}`;
    const hint = this.hint, lit = svgEl("g", {class: "hint-cells"}, svg);
    for (const [r, c] of hint ? hint.cells : [])
      svgEl("rect", {class: "hint-cell", x: m + c * CELL, y: m + r * CELL, width: CELL,
                     height: CELL, "data-cell": `${r},${c}`}, lit);
    svgEl("path", {class: "grid", d}, svg);
    svgEl("rect", {class: "frame", x: m, y: m, width: C * CELL, height: R * CELL}, svg);
    const labels = svgEl("g", {class: "labels", "aria-hidden": "true"}, svg);   // 1-based
    for (let c = 0; c < C; c++)
      svgEl("text", {x: m + (c + 0.5) * CELL, y: m * 0.7, "text-anchor": "middle"}, labels)
        .textContent = c + 1;
    for (let r = 0; r < R; r++)
      svgEl("text", {x: m * 0.5, y: m + (r + 0.5) * CELL + 4, "text-anchor": "middle"}, labels)
        .textContent = r + 1;
    const lines = svgEl("g", {class: "lines"}, svg), marks = svgEl("g", {class: "marks"}, svg);
    for (const [edge, v] of Object.entries(this.edges)) {
      const [[r1, c1], [r2, c2]] = Board.cellsOf(edge);
      const [x1, y1] = centre(r1, c1), [x2, y2] = centre(r2, c2);
      if (v === LINE || v === TENTATIVE) {
        svgEl("line", {class: v === LINE ? "line" : "line tentative", x1, y1, x2, y2,
                       "data-edge": edge}, lines);
      } else if (v === CROSS) {
        const x = (x1 + x2) / 2, y = (y1 + y2) / 2, s = CELL * 0.12;
        svgEl("path", {class: "cross", d: `M${x - s} ${y - s}L${x + s} ${y + s}M${x - s} ` +
                       `${y + s}L${x + s} ${y - s}`, "data-edge": edge}, marks);
      }
    }
    const shown = svgEl("g", {class: "hint-edges"}, svg);   // a hint's edges, dashed
    const marked = (list, wrong) => {
      for (const [r1, c1, r2, c2, v] of list) {
        const edge = Board.edgeBetween([r1, c1], [r2, c2]);
        const [x1, y1] = centre(r1, c1), [x2, y2] = centre(r2, c2);
        const x = (x1 + x2) / 2, y = (y1 + y2) / 2, s = CELL * 0.14;
        if (wrong) svgEl("circle", {class: "hint-wrong", cx: x, cy: y, r: CELL * 0.3,
                                    "data-edge": edge}, shown);
        else if (v) svgEl("line", {class: "hint-line", x1, y1, x2, y2, "data-edge": edge}, shown);
        else svgEl("path", {class: "hint-cross", "data-edge": edge, d: `M${x - s} ${y - s}` +
                            `L${x + s} ${y + s}M${x - s} ${y + s}L${x + s} ${y - s}`}, shown);
      }
    };
    if (hint) { marked(hint.set, false); marked(hint.wrong, true); }
    const pearls = svgEl("g", {class: "pearls"}, svg);
    this.grid.forEach((row, r) => [...row].forEach((ch, c) => {
      if (ch !== "W" && ch !== "B") return;
      const [x, y] = centre(r, c);
      svgEl("circle", {class: ch === "W" ? "pearl white" : "pearl black", cx: x, cy: y,
                       r: CELL * 0.3, "data-cell": `${r},${c}`}, pearls);
    }));
    const named = svgEl("g", {class: "cells"}, svg);   // each cell in words, for screen readers
    for (let r = 0; r < R; r++)
      for (let c = 0; c < C; c++)
        svgEl("rect", {class: "cell", x: m + c * CELL, y: m + r * CELL, width: CELL,
                       height: CELL, role: "img", "aria-label": this.describe(r, c),
                       id: `cell-${r}-${c}`}, named);
    if (document.activeElement === svg && this.keyboard) {
      const [r, c] = this.cursor;
      svgEl("rect", {class: "cursor", x: m + c * CELL + 3, y: m + r * CELL + 3,
                     width: CELL - 6, height: CELL - 6, rx: 5, "data-cell": `${r},${c}`}, svg);
    }
    const rings = svgEl("g", {class: "bad-marks"}, svg);
    for (const v of this.bad) {
      const [x, y] = centre(v.cell[0], v.cell[1]);
      svgEl("rect", {class: "bad", x: x - CELL * 0.44, y: y - CELL * 0.44, width: CELL * 0.88,
                     height: CELL * 0.88, rx: CELL * 0.12, "data-cell": v.cell.join(","),
                     "data-rule": v.rule}, rings);
    }
  }

  mark(violations) {                   // the cells of these violations, marked on the board
    this.bad = violations.filter((v) => v.cell);
    this.render();
  }

  // A hint on the board: its cells highlighted, the edges it sets dashed, wrong marks ringed.
  showHint(cells, set, wrong) {
    this.hint = {cells: cells || [], set: set || [], wrong: wrong || []};
    this.render();
  }
}

window.Board = Board;
window.EDGE = {EMPTY, LINE, TENTATIVE, CROSS};
