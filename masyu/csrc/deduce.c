/* The C twin of masyu.deduce levels 1 and 2: see deduce.h.  The Python
 * modules are the readable reference; each function here says which method
 * it mirrors.  Tests (tests/masyu/deduce/test_native.py) hold the two to the
 * same values and counters. */
#include "deduce.h"

#include <stdlib.h>
#include <string.h>

#define U DD_UNKNOWN
#define TRY(x) do { if (x) return -1; } while (0)  /* pass a contradiction on */

/* -- the board's tables (masyu.board.Board) ------------------------------ */

static void board_tables(dd_state *s) {
    int rows = s->rows, cols = s->cols, band = 2 * cols - 1, off = s->off;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int i = r * cols + c, *ne = s->near + 4 * i, *nb = s->nbr + 4 * i;
            ne[0] = r > 0 ? (r - 1) * band + cols - 1 + c : off;
            ne[1] = c < cols - 1 ? r * band + c : off;
            ne[2] = r < rows - 1 ? r * band + cols - 1 + c : off;
            ne[3] = c > 0 ? r * band + c - 1 : off;
            nb[0] = r > 0 ? i - cols : -1;
            nb[1] = c < cols - 1 ? i + 1 : -1;
            nb[2] = r < rows - 1 ? i + cols : -1;
            nb[3] = c > 0 ? i - 1 : -1;
            if (ne[1] != off) { s->ends[2 * ne[1]] = i; s->ends[2 * ne[1] + 1] = i + 1; }
            if (ne[2] != off) { s->ends[2 * ne[2]] = i; s->ends[2 * ne[2] + 1] = i + cols; }
        }
    int k = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols - 1; c++) s->scan[k++] = r * band + c;
    for (int r = 0; r < rows - 1; r++)
        for (int c = 0; c < cols; c++) s->scan[k++] = r * band + cols - 1 + c;
}

static int far_edge(const dd_state *s, int i, int d) {   /* Board.far */
    int j = s->nbr[4 * i + d];
    return j < 0 ? s->off : s->near[4 * j + d];
}

static int between(const dd_state *s, int i, int j) {    /* Board.between */
    if (i > j) { int t = i; i = j; j = t; }
    if (j == i + 1 && j % s->cols) return s->near[4 * i + 1];
    if (j == i + s->cols) return s->near[4 * i + 2];
    return -1;
}

/* sorted(rule): at most 16 edges, so insertion sort (libc's qsort, a merge sort
 * with its own buffer, cost more than the rest of dd_new on a 6x6) */
static void sort_edges(int *a, int len) {
    for (int i = 1; i < len; i++) {
        int x = a[i], j = i;
        for (; j > 0 && a[j - 1] > x; j--) a[j] = a[j - 1];
        a[j] = x;
    }
}

/* -- State.__init__ ------------------------------------------------------- */

dd_state *dd_new(int rows, int cols, const unsigned char *kinds) {
    dd_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    int n = rows * cols, m = rows * (2 * cols - 1) - cols;
    s->rows = rows; s->cols = cols; s->n = n; s->m = m; s->off = m;
    int np = 0;
    for (int i = 0; i < n; i++) np += kinds[i] != DD_EMPTY;
    s->np = np;
    int nrules = n + np;
    s->near = malloc(sizeof(int) * 4 * n);
    s->nbr = malloc(sizeof(int) * 4 * n);
    s->ends = calloc(2 * (size_t)m + 2, sizeof(int));
    s->scan = malloc(sizeof(int) * ((size_t)m + 1));
    s->kinds = malloc((size_t)n + 1);
    s->pearl_cells = malloc(sizeof(int) * ((size_t)np + 1));
    s->rule = malloc(sizeof(int) * 16 * ((size_t)np + 1));
    s->wstart = calloc((size_t)m + 2, sizeof(int));
    s->inq = calloc((size_t)nrules + 1, 1);
    s->queue = malloc(sizeof(int) * ((size_t)nrules + 1));
    s->val = malloc((size_t)m + 1);
    s->trail = malloc(sizeof(int) * ((size_t)m + 1));
    s->deg = calloc((size_t)n + 1, sizeof(int));
    s->other = malloc(sizeof(int) * ((size_t)n + 1));
    s->flen = calloc((size_t)n + 1, sizeof(int));
    s->fpearl = malloc(sizeof(int) * ((size_t)n + 1));
    s->ctrail = malloc(sizeof(dd_frag) * (2 * (size_t)m + 1));
    s->implied = calloc(2 * (size_t)m + 2, sizeof(int));
    s->order = malloc(sizeof(int) * ((size_t)n + 1));
    s->low = malloc(sizeof(int) * ((size_t)n + 1));
    s->bridges = malloc(sizeof(int) * ((size_t)n + 1));
    s->stack = malloc(sizeof(dd_frame) * ((size_t)n + 1));
    if (!s->near || !s->nbr || !s->ends || !s->scan || !s->kinds || !s->pearl_cells
        || !s->rule || !s->wstart || !s->inq || !s->queue || !s->val || !s->trail
        || !s->deg || !s->other || !s->flen || !s->fpearl || !s->ctrail || !s->implied
        || !s->order || !s->low || !s->bridges || !s->stack) {
        dd_free(s);
        return NULL;
    }
    memcpy(s->kinds, kinds, (size_t)n);
    board_tables(s);
    memset(s->val, U, (size_t)m);
    s->val[m] = 0;
    s->unknown = m;
    for (int i = 0; i < n; i++) {
        s->other[i] = i;
        s->fpearl[i] = kinds[i] ? 1 : 0;
    }
    s->npearls = np;
    np = 0;
    for (int i = 0; i < n; i++)
        if (kinds[i]) s->pearl_cells[np++] = i;
    /* the rules of the pearls: near edges, far edges, (black) the arms' sides */
    for (int p = 0; p < np; p++) {
        int i = s->pearl_cells[p], *ru = s->rule + 16 * p;
        for (int d = 0; d < 4; d++) {
            ru[d] = s->near[4 * i + d];
            ru[4 + d] = far_edge(s, i, d);
            int j = s->nbr[4 * i + d];
            ru[8 + 2 * d] = j < 0 ? s->off : s->near[4 * j + (d + 1) % 4];
            ru[9 + 2 * d] = j < 0 ? s->off : s->near[4 * j + (d + 3) % 4];
        }
    }
    /* watch lists: cells in order, then pearls in order, each edge once per
     * rule (sorted(set(rule))), the off edge watched by nobody */
    int total = 0, len;
    int pass_edges[16];
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            for (int e = 0, acc = 0; e <= m + 1; e++) {
                int c = s->wstart[e];
                s->wstart[e] = acc;
                acc += c;
            }
            s->witem = malloc(sizeof(int) * ((size_t)total + 1));
            if (!s->witem) { dd_free(s); return NULL; }
        }
        int *fill = pass == 1 ? calloc((size_t)m + 1, sizeof(int)) : NULL;
        if (pass == 1 && !fill) { dd_free(s); return NULL; }
        for (int k = 0; k < nrules; k++) {
            if (k < n) {
                len = 4;
                memcpy(pass_edges, s->near + 4 * k, sizeof(int) * 4);
            } else {
                int p = k - n;
                len = kinds[s->pearl_cells[p]] == DD_WHITE ? 8 : 16;
                memcpy(pass_edges, s->rule + 16 * p, sizeof(int) * (size_t)len);
                sort_edges(pass_edges, len);
            }
            for (int x = 0; x < len; x++) {
                int e = pass_edges[x];
                if (e == m || (k >= n && x > 0 && pass_edges[x - 1] == e)) continue;
                if (pass == 0) { s->wstart[e]++; total++; }
                else s->witem[s->wstart[e] + fill[e]++] = k;
            }
        }
        free(fill);
    }
    return s;
}

void dd_free(dd_state *s) {
    if (!s) return;
    free(s->near); free(s->nbr); free(s->ends); free(s->scan); free(s->kinds);
    free(s->pearl_cells); free(s->rule); free(s->wstart); free(s->witem);
    free(s->inq); free(s->queue); free(s->val); free(s->trail); free(s->deg);
    free(s->other); free(s->flen); free(s->fpearl); free(s->ctrail); free(s->implied);
    free(s->order); free(s->low); free(s->bridges); free(s->stack);
    free(s);
}

/* -- State.mark, undo, assign, _link -------------------------------------- */

dd_mark dd_markit(const dd_state *s) {
    dd_mark mk = {s->tlen, s->ctlen, s->closed};
    return mk;
}

void dd_undo(dd_state *s, dd_mark mk) {
    while (s->tlen > mk.t) {
        int e = s->trail[--s->tlen];
        if (s->val[e] == 1) {
            s->deg[s->ends[2 * e]]--;
            s->deg[s->ends[2 * e + 1]]--;
            s->ones--;
        }
        s->val[e] = U;
        s->unknown++;
    }
    while (s->ctlen > mk.ct) {
        dd_frag f = s->ctrail[--s->ctlen];
        s->other[f.i] = f.o; s->flen[f.i] = f.ln; s->fpearl[f.i] = f.pe;
    }
    s->closed = mk.closed;
    for (int k = 0; k < s->qlen; k++) s->inq[s->queue[k]] = 0;
    s->qlen = 0;
}

static int link_edge(dd_state *s, int e) {
    int a = s->ends[2 * e], b = s->ends[2 * e + 1];
    int *deg = s->deg, *other = s->other, *flen = s->flen, *fpearl = s->fpearl;
    int da = deg[a], db = deg[b];
    deg[a] = da + 1;
    deg[b] = db + 1;
    s->ones++;
    if (da >= 2 || db >= 2) return -1;
    int oa = other[a], ob = other[b];
    if (oa == b && da == 1) {
        if (flen[a] + 1 == s->ones && fpearl[a] == s->npearls) {
            s->closed = 1;
            return 0;
        }
        return -1;
    }
    int ln = flen[a] + flen[b] + 1, pe = fpearl[a] + fpearl[b];
    int xs[2] = {oa, ob};
    for (int k = 0; k < 2; k++) {
        int x = xs[k];
        dd_frag f = {x, other[x], flen[x], fpearl[x]};
        s->ctrail[s->ctlen++] = f;
    }
    other[oa] = ob; other[ob] = oa;
    flen[oa] = flen[ob] = ln;
    fpearl[oa] = fpearl[ob] = pe;
    int f = between(s, oa, ob);
    if (f >= 0 && s->val[f] == U && !(ln == s->ones && pe == s->npearls))
        return dd_assign(s, f, 0);
    return 0;
}

int dd_assign(dd_state *s, int e, int v) {
    int cur = s->val[e];
    if (cur == v) return 0;
    if (cur != U) return -1;
    if (v == 1 && s->closed) return -1;
    s->val[e] = (unsigned char)v;
    s->trail[s->tlen++] = e;
    s->unknown--;
    s->assignments++;
    for (int x = s->wstart[e]; x < s->wstart[e + 1]; x++) {
        int k = s->witem[x];
        if (!s->inq[k]) {
            s->inq[k] = 1;
            s->queue[s->qlen++] = k;
        }
    }
    return v == 1 ? link_edge(s, e) : 0;
}

/* -- LocalState.start, _straight, propagate --------------------------------- */

int dd_start(dd_state *s) {
    int nrules = s->n + s->np;
    for (int k = 0; k < nrules; k++) {
        s->inq[k] = 1;
        s->queue[k] = k;
    }
    s->qlen = nrules;
    for (int p = 0; p < s->np; p++) {
        int i = s->pearl_cells[p];
        if (s->kinds[i] != DD_BLACK) continue;
        for (int d = 0; d < 4; d++) {
            int j = s->nbr[4 * i + d];
            if (j >= 0 && s->kinds[j] == DD_BLACK && dd_assign(s, s->near[4 * i + d], 0))
                return -1;
        }
    }
    return 0;
}

static int straight(dd_state *s, int a, int b, int c, int d, int far_a, int far_b) {
    if (dd_assign(s, a, 1) || dd_assign(s, b, 1) || dd_assign(s, c, 0) || dd_assign(s, d, 0))
        return -1;
    if (s->val[far_a] == 1) return dd_assign(s, far_b, 0);
    if (s->val[far_b] == 1) return dd_assign(s, far_a, 0);
    return 0;
}

static int cell_rule(dd_state *s, int k) {
    const int *es = s->near + 4 * k;
    const unsigned char *val = s->val;
    int ones = 0, unk = 0;
    for (int x = 0; x < 4; x++) {
        int v = val[es[x]];
        if (v == 1) ones++;
        else if (v == U) unk++;
    }
    int fill = -1;  /* the value the unknown edges get, if any */
    if (ones == 2) {
        if (unk) fill = 0;
    } else if (ones == 1) {
        if (unk == 0) return -1;
        if (unk == 1) fill = 1;
    } else if (ones == 0) {
        if (s->kinds[k]) {
            if (unk < 2) return -1;
            if (unk == 2) fill = 1;
        } else if (unk == 1) {
            fill = 0;
        }
    } else {
        return -1;
    }
    if (fill >= 0)
        for (int x = 0; x < 4; x++)
            if (s->val[es[x]] == U) TRY(dd_assign(s, es[x], fill));
    return 0;
}

static int white_rule(dd_state *s, const int *ru) {
    const unsigned char *val = s->val;
    int en = ru[0], ee = ru[1], es = ru[2], ew = ru[3];
    int fn = ru[4], fe = ru[5], fs = ru[6], fw = ru[7];
    int vn = val[en], ve = val[ee], vs = val[es], vw = val[ew];
    int vert = vn == 1 || vs == 1 || ve == 0 || vw == 0;
    int hor = ve == 1 || vw == 1 || vn == 0 || vs == 0;
    if (!vert && !hor) {
        if (val[fn] == 1 && val[fs] == 1) hor = 1;
        if (val[fe] == 1 && val[fw] == 1) vert = 1;
    }
    if (vert && hor) return -1;
    if (vert) return straight(s, en, es, ee, ew, fn, fs);
    if (hor) return straight(s, ee, ew, en, es, fe, fw);
    return 0;
}

static int black_rule(dd_state *s, const int *ru) {
    const unsigned char *val = s->val;
    for (int d = 0; d < 2; d++) {
        int x = ru[d], y = ru[d + 2], vx = val[x], vy = val[y];
        if (vx == 1 || vy == 0) {
            TRY(dd_assign(s, x, 1));
            TRY(dd_assign(s, y, 0));
        } else if (vx == 0 || vy == 1) {
            TRY(dd_assign(s, x, 0));
            TRY(dd_assign(s, y, 1));
        }
    }
    for (int d = 0; d < 4; d++) {
        int arm = ru[d], far = ru[4 + d], s1 = ru[8 + 2 * d], s2 = ru[9 + 2 * d];
        int va = val[arm];
        if (va == 1) {
            TRY(dd_assign(s, far, 1));
            TRY(dd_assign(s, s1, 0));
            TRY(dd_assign(s, s2, 0));
        } else if (va == U && (val[far] == 0 || val[s1] == 1 || val[s2] == 1)) {
            TRY(dd_assign(s, arm, 0));
        }
    }
    return 0;
}

int dd_propagate(dd_state *s) {
    int n = s->n;
    while (s->qlen) {
        int k = s->queue[--s->qlen];
        s->inq[k] = 0;
        if (k < n) {
            TRY(cell_rule(s, k));
            continue;
        }
        int p = k - n;
        const int *ru = s->rule + 16 * p;
        if (s->kinds[s->pearl_cells[p]] == DD_WHITE) TRY(white_rule(s, ru));
        else TRY(black_rule(s, ru));
    }
    return 0;
}

/* -- ProbeState.connect, level2 ------------------------------------------- */

int dd_connect(dd_state *s) {
    if (s->closed || s->unknown == 0) return 0;
    int n = s->n, root = -1;
    if (s->np) {
        root = s->pearl_cells[0];
    } else {
        for (int i = 0; i < n; i++)
            if (s->deg[i]) { root = i; break; }
    }
    if (root < 0) return 0;
    int *order = s->order, *low = s->low, *bridges = s->bridges;
    dd_frame *stack = s->stack;
    memset(order, 0, sizeof(int) * (size_t)n);
    int counter = 1, top = 0, nb = 0;
    order[root] = low[root] = counter;
    stack[top++] = (dd_frame){root, -1, 0};
    while (top) {
        dd_frame *f = &stack[top - 1];
        int v = f->v;
        if (f->d < 4) {
            int d = f->d++;
            int e = s->near[4 * v + d];
            if (s->val[e] == 0 || e == f->pe) continue;
            int w = s->nbr[4 * v + d];
            if (order[w] == 0) {
                counter++;
                order[w] = low[w] = counter;
                stack[top++] = (dd_frame){w, e, 0};
            } else if (order[w] < low[v]) {
                low[v] = order[w];
            }
        } else {
            int pe = f->pe;
            top--;
            if (top) {
                int u = stack[top - 1].v;
                if (low[v] < low[u]) low[u] = low[v];
                if (low[v] > order[u]) bridges[nb++] = pe;
            }
        }
    }
    for (int p = 0; p < s->np; p++)
        if (!order[s->pearl_cells[p]]) return -1;
    for (int i = 0; i < n; i++) {
        if (order[i]) continue;
        if (s->deg[i]) return -1;
        for (int x = 0; x < 4; x++) {
            int e = s->near[4 * i + x];
            if (s->val[e] == U) TRY(dd_assign(s, e, 0));
        }
    }
    for (int k = 0; k < nb; k++) TRY(dd_assign(s, bridges[k], 0));
    return 0;
}

int dd_level2(dd_state *s, const unsigned char *known, long long budget, int frontier) {
    const unsigned char *kinds = s->kinds;
    int *implied = s->implied;
    TRY(dd_propagate(s));
    TRY(dd_connect(s));
    TRY(dd_propagate(s));
    int epoch = 1;
    memset(implied, 0, sizeof(int) * (2 * (size_t)s->m + 2));
    while (s->unknown && !s->closed) {
        int progress = 0;
        for (int x = 0; x < s->m; x++) {
            int e = s->scan[x];
            if (s->val[e] != U) continue;
            if (frontier) {
                int a = s->ends[2 * e], b = s->ends[2 * e + 1];
                if (!(s->deg[a] == 1 || s->deg[b] == 1 || kinds[a] || kinds[b])) continue;
            }
            if (budget >= 0 && s->probes >= budget) return 0;
            int tries[2], ntries = 0;
            if (known) tries[ntries++] = 1 - known[e];
            else { tries[ntries++] = 1; tries[ntries++] = 0; }
            for (int t = 0; t < ntries; t++) {
                int v = tries[t];
                if (implied[2 * e + v] == epoch) continue;
                s->probes++;
                dd_mark mk = dd_markit(s);
                int ok = dd_assign(s, e, v) == 0 && dd_propagate(s) == 0;
                if (ok)
                    for (int k = mk.t; k < s->tlen; k++) {
                        int f = s->trail[k];
                        implied[2 * f + s->val[f]] = epoch;
                    }
                dd_undo(s, mk);
                if (!ok) {
                    TRY(dd_assign(s, e, 1 - v));
                    TRY(dd_propagate(s));
                    progress = 1;
                    epoch++;
                    break;
                }
            }
        }
        if (progress) {
            TRY(dd_connect(s));
            TRY(dd_propagate(s));
        } else {
            int t = s->tlen;
            TRY(dd_connect(s));
            TRY(dd_propagate(s));
            if (s->tlen == t) return 0;
            epoch++;
        }
    }
    return 0;
}
