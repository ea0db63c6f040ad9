/* Propagation for the single-cycle constraint: one round of reasoning.
 *
 * Python twin: xcc/engines/dlx/propagate.py (Propagator.deductions), which
 * defines what is deduced; lookahead.c applies the deductions.
 *
 * A round looks at the graph of edges not yet absent and returns the colors
 * it forces, by item, or a dead end:
 *   - connectivity: every vertex that must be on the cycle (required, or on
 *     a present edge) lies in the component of the first of them; undecided
 *     edges outside it are absent;
 *   - bridges of that component lie on no cycle: absent, and a dead end if
 *     present or if must-vertices lie on both sides;
 *   - degree: a must-vertex with two edges left gets both, with fewer it is
 *     a dead end, and a full one (two present) loses the others;
 *   - an undecided edge joining the two ends of one fragment is absent,
 *     unless closing that cycle could be the whole answer;
 *   - a closed cycle makes every undecided edge absent;
 *   - a parity cut with one undecided item left fixes that item's color.
 * A deduction is a color asked for an item; two different colors asked for
 * one item is a dead end.  Every rule reads the state at the start of the
 * round (not the round's own deductions), so the result does not depend on
 * the order of the rules: here the component and the bridges come from one
 * depth-first search (Tarjan's, iterative), where Python makes two passes,
 * and that search comes last, so that a dead end found by a cheap rule
 * (most probes of the lookahead end in one) ends the round early.  The mems
 * a round costs are fixed (round_mems), so the order does not change them.
 *
 * All arrays are allocated by xcc_prop_init, once per search.
 */
#include "dlx.h"

#include <stdlib.h>
#include <string.h>

enum { UNDECIDED = 0, PRESENT = 1, ABSENT = 2 };

/* The other color of a two-colored item, or 0. */
static inline int32_t other_color(const struct xcc_prop *p, int32_t item, int32_t c)
{
    if (c == p->color_a[item])
        return p->color_b[item];
    if (c == p->color_b[item])
        return p->color_a[item];
    return 0;
}

/* Ask for color for item: 0 if the round already asked for another one. */
static inline int ask(struct xcc_prop *p, int32_t item, int32_t color)
{
    if (p->want[item] == 0) {
        p->want[item] = color;
        p->out_item[p->nout++] = item;
        return 1;
    }
    return p->want[item] == color;
}

/* Ask for undecided edge e to be present or absent (Python's force); the
 * absence of an item without exactly two colors cannot be asked. */
static inline int force_edge(struct xcc_prop *p, int32_t e, int present)
{
    int32_t item = p->eitem[e], color = p->ecolor[e];
    if (!present) {
        color = other_color(p, item, color);
        if (!color)
            return 1;
    }
    return ask(p, item, color);
}

static int by_item(const void *x, const void *y)
{
    int32_t a = *(const int32_t *)x, b = *(const int32_t *)y;
    return (a > b) - (a < b);
}

/* End a round: a dead end (-1), or the deductions sorted by item.  Either
 * way the round's requests are cleared for the next one. */
static int32_t finish(struct xcc_prop *p, int dead)
{
    int32_t n = p->nout;
    if (n > 24) {
        qsort(p->out_item, (size_t)n, sizeof *p->out_item, by_item);
    } else {
        for (int32_t k = 1; k < n; k++) { /* insertion sort: rounds ask for little */
            int32_t x = p->out_item[k], j = k;
            for (; j > 0 && p->out_item[j - 1] > x; j--)
                p->out_item[j] = p->out_item[j - 1];
            p->out_item[j] = x;
        }
    }
    for (int32_t k = 0; k < n; k++) {
        p->out_color[k] = p->want[p->out_item[k]];
        p->want[p->out_item[k]] = 0;
    }
    if (dead) {
        p->nout = 0;
        return -1;
    }
    return n;
}

/* The component of root in the live graph (disc[v] != 0) and its bridges
 * (Tarjan's low points, iteratively): a present bridge, or one with
 * must-vertices on both sides, is a dead end (0); an undecided one is asked
 * absent. */
static int component_and_bridges(struct xcc_prop *p, int32_t root, int32_t nmust)
{
    const uint8_t *st = p->st, *is_must = p->is_must;
    const int32_t *adj_start = p->adj_start, *adj = p->adj, *adj_w = p->adj_w;
    int32_t *disc = p->disc, *low = p->low, *below = p->below;
    int32_t *sv = p->stack_v, *se = p->stack_e, *si = p->stack_i;
    memset(disc, 0, (size_t)p->nverts * sizeof *disc);
    int32_t time = 1, top = 0;
    disc[root] = low[root] = time;
    below[root] = is_must[root];
    sv[0] = root, se[0] = -1, si[0] = adj_start[root];
    while (top >= 0) {
        /* scan the rest of the adjacency list of v, up to an undiscovered vertex */
        int32_t v = sv[top], pe = se[top], j = si[top], end = adj_start[v + 1];
        int32_t lowv = low[v];
        for (; j < end; j++) {
            int32_t e = adj[j];
            if (e == pe || st[e] == ABSENT)
                continue;
            int32_t w = adj_w[j];
            if (!disc[w])
                break;
            if (disc[w] < lowv)
                lowv = disc[w];
        }
        low[v] = lowv;
        if (j < end) { /* descend to w */
            int32_t w = adj_w[j];
            si[top] = j + 1;
            disc[w] = low[w] = ++time;
            below[w] = is_must[w];
            top++;
            sv[top] = w, se[top] = adj[j], si[top] = adj_start[w];
            continue;
        }
        top--; /* v is done: report to its parent */
        if (top >= 0) {
            int32_t u = sv[top];
            if (lowv < low[u])
                low[u] = lowv;
            below[u] += below[v];
            if (lowv > disc[u]) { /* pe is a bridge */
                if (below[v] > 0 && below[v] < nmust)
                    return 0;
                if (st[pe] == PRESENT || !force_edge(p, pe, 0))
                    return 0;
            }
        }
    }
    return 1;
}

int32_t xcc_deduce(struct xcc_prop *p, const struct xcc_guard *g)
{
    const int32_t nedges = p->nedges, nverts = p->nverts;
    const int32_t *item_color = g->item_color, *deg = g->deg, *mate = g->mate;
    uint8_t *st = p->st;
    p->nout = 0;
    for (int32_t e = 0; e < nedges; e++) {
        int32_t item = p->eitem[e];
        if (item < 0) {
            st[e] = PRESENT;
        } else {
            int32_t c = item_color[item];
            st[e] = c == 0 ? UNDECIDED : c == p->ecolor[e] ? PRESENT : ABSENT;
        }
    }
    if (g->closed) { /* every undecided edge is absent */
        for (int32_t e = 0; e < nedges; e++)
            if (st[e] == UNDECIDED && !force_edge(p, e, 0))
                return finish(p, 1);
        return finish(p, 0);
    }
    int32_t nmust = 0;
    for (int32_t v = 0; v < nverts; v++) {
        p->is_must[v] = deg[v] > 0 || g->is_required[v];
        if (p->is_must[v])
            p->must[nmust++] = v;
    }
    if (nmust == 0)
        return 0;
    /* degree: a vertex on the cycle needs two live edges */
    for (int32_t k = 0; k < nmust; k++) {
        int32_t v = p->must[k], live = 0;
        for (int32_t j = p->adj_start[v]; j < p->adj_start[v + 1]; j++)
            live += st[p->adj[j]] != ABSENT;
        if (live < 2)
            return finish(p, 1);
        if (live == 2 || deg[v] == 2) {
            for (int32_t j = p->adj_start[v]; j < p->adj_start[v + 1]; j++) {
                int32_t e = p->adj[j];
                if (st[e] == UNDECIDED && !force_edge(p, e, live == 2))
                    return finish(p, 1);
            }
        }
    }
    /* an edge joining the two ends of one fragment closes a cycle: absent,
     * unless that cycle would be the whole answer */
    if (!(g->fragments == 1 && g->touched_required == g->nrequired)) {
        for (int32_t k = 0; k < nmust; k++) {
            int32_t u = p->must[k];
            if (deg[u] != 1)
                continue;
            for (int32_t j = p->adj_start[u]; j < p->adj_start[u + 1]; j++) {
                int32_t e = p->adj[j];
                if (st[e] == UNDECIDED && mate[u] == p->adj_w[j] && !force_edge(p, e, 0))
                    return finish(p, 1);
            }
        }
    }
    /* parity cuts: one undecided item left on a cut fixes its color */
    for (int32_t k = 0; k < p->ncuts; k++) {
        int32_t parity = 0, item = -1, first = -1, many = 0;
        for (int32_t j = p->cut_start[k]; j < p->cut_start[k + 1]; j++) {
            int32_t e = p->cut_edge[j];
            if (st[e] == PRESENT) {
                parity ^= 1;
            } else if (st[e] == UNDECIDED) {
                if (item < 0)
                    item = p->eitem[e], first = e;
                else if (p->eitem[e] != item)
                    many = 1;
            }
        }
        if (item < 0 || many)
            continue;
        int32_t c0 = p->ecolor[first], c1 = other_color(p, item, c0);
        int32_t colors[2] = {c1 && c1 < c0 ? c1 : c0, c1 && c1 < c0 ? c0 : c1};
        int32_t ok = 0, okcolor = 0;
        for (int t = 0; t < 2; t++) {
            if (!colors[t])
                continue;
            int32_t q = parity;
            for (int32_t j = p->cut_start[k]; j < p->cut_start[k + 1]; j++) {
                int32_t e = p->cut_edge[j];
                if (st[e] == UNDECIDED && p->ecolor[e] == colors[t])
                    q ^= 1;
            }
            if (q == 0)
                ok++, okcolor = colors[t];
        }
        if (ok == 0)
            return finish(p, 1);
        if (ok == 1 && !ask(p, item, okcolor))
            return finish(p, 1);
    }
    /* connectivity, and the bridges of the component (the costliest rule, last) */
    if (!component_and_bridges(p, p->must[0], nmust))
        return finish(p, 1);
    const int32_t *comp = p->disc;
    for (int32_t k = 0; k < nmust; k++)
        if (!comp[p->must[k]])
            return finish(p, 1);
    for (int32_t e = 0; e < nedges; e++)
        if (st[e] == UNDECIDED && !comp[p->eu[e]] && !force_edge(p, e, 0))
            return finish(p, 1);
    return finish(p, 0);
}

/* ---- setting up and tearing down ------------------------------------------- */

static void *alloc(size_t n, size_t size)
{
    return calloc(n ? n : 1, size);
}

int xcc_prop_init(struct xcc_prop *p, const struct xcc_guard *g, int32_t ncuts,
                  const int32_t *cut_start, const int32_t *cut_edge)
{
    int32_t nsec = g->nsecondary, nverts = g->nverts;
    int32_t nitem_edges = g->edge_start[nsec];
    if (ncuts < 0 || cut_start[0] != 0 || nitem_edges > INT32_MAX / 2 - g->npresent)
        return -1;
    int32_t nedges = nitem_edges + g->npresent;
    if (nedges > INT32_MAX / 2)
        return -1;
    for (int32_t k = 0; k < ncuts; k++)
        if (cut_start[k + 1] < cut_start[k])
            return -1;
    for (int32_t j = 0; j < cut_start[ncuts]; j++)
        if (cut_edge[j] < 0 || cut_edge[j] >= nedges)
            return -1;
    size_t V = (size_t)nverts, E = (size_t)nedges, S = (size_t)nsec;
    size_t ncut_edges = (size_t)cut_start[ncuts];
    p->nverts = nverts, p->nsecondary = nsec, p->nedges = nedges, p->ncuts = ncuts;
    p->eu = alloc(E, sizeof(int32_t)), p->ev = alloc(E, sizeof(int32_t));
    p->eitem = alloc(E, sizeof(int32_t)), p->ecolor = alloc(E, sizeof(int32_t));
    p->adj_start = alloc(V + 1, sizeof(int32_t)), p->adj = alloc(2 * E, sizeof(int32_t));
    p->adj_w = alloc(2 * E, sizeof(int32_t));
    p->color_a = alloc(S, sizeof(int32_t)), p->color_b = alloc(S, sizeof(int32_t));
    p->cut_start = alloc((size_t)ncuts + 1, sizeof(int32_t));
    p->cut_edge = alloc(ncut_edges, sizeof(int32_t));
    p->st = alloc(E, 1), p->is_must = alloc(V, 1);
    p->must = alloc(V, sizeof(int32_t)), p->disc = alloc(V, sizeof(int32_t));
    p->low = alloc(V, sizeof(int32_t)), p->below = alloc(V, sizeof(int32_t));
    p->stack_v = alloc(V, sizeof(int32_t)), p->stack_e = alloc(V, sizeof(int32_t));
    p->stack_i = alloc(V, sizeof(int32_t));
    p->want = alloc(S, sizeof(int32_t));
    p->out_item = alloc(S, sizeof(int32_t)), p->out_color = alloc(S, sizeof(int32_t));
    if (!p->eu || !p->ev || !p->eitem || !p->ecolor || !p->adj_start || !p->adj || !p->adj_w
        || !p->color_a || !p->color_b || !p->cut_start || !p->cut_edge || !p->st
        || !p->is_must || !p->must || !p->disc || !p->low || !p->below || !p->stack_v
        || !p->stack_e || !p->stack_i || !p->want || !p->out_item || !p->out_color)
        return -1;
    int32_t e = 0;
    for (int32_t k = 0; k < nsec; k++)
        for (int32_t j = g->edge_start[k]; j < g->edge_start[k + 1]; j++, e++)
            p->eu[e] = g->edge_u[j], p->ev[e] = g->edge_v[j], p->eitem[e] = k,
            p->ecolor[e] = g->edge_color[j];
    for (int32_t j = 0; j < g->npresent; j++, e++)
        p->eu[e] = g->present[2 * j], p->ev[e] = g->present[2 * j + 1], p->eitem[e] = -1,
        p->ecolor[e] = 0;
    /* adjacency lists in edge order, as Python appends them */
    for (e = 0; e < nedges; e++)
        p->adj_start[p->eu[e] + 1]++, p->adj_start[p->ev[e] + 1]++;
    for (int32_t v = 0; v < nverts; v++)
        p->adj_start[v + 1] += p->adj_start[v];
    for (int32_t v = 0; v < nverts; v++)
        p->stack_i[v] = p->adj_start[v]; /* fill positions (scratch) */
    for (e = 0; e < nedges; e++) {
        p->adj_w[p->stack_i[p->eu[e]]] = p->ev[e];
        p->adj[p->stack_i[p->eu[e]]++] = e;
        p->adj_w[p->stack_i[p->ev[e]]] = p->eu[e];
        p->adj[p->stack_i[p->ev[e]]++] = e;
    }
    p->round_mems = (uint64_t)nverts + 3 * (uint64_t)nedges;
    memcpy(p->cut_start, cut_start, ((size_t)ncuts + 1) * sizeof *cut_start);
    if (ncut_edges)
        memcpy(p->cut_edge, cut_edge, ncut_edges * sizeof *cut_edge);
    return 0;
}

void xcc_prop_free(struct xcc_prop *p)
{
    if (p == NULL)
        return;
    free(p->eu), free(p->ev), free(p->eitem), free(p->ecolor);
    free(p->adj_start), free(p->adj), free(p->adj_w), free(p->color_a), free(p->color_b);
    free(p->cut_start), free(p->cut_edge), free(p->st), free(p->is_must);
    free(p->must), free(p->disc), free(p->low), free(p->below);
    free(p->stack_v), free(p->stack_e), free(p->stack_i);
    free(p->want), free(p->out_item), free(p->out_color);
    free(p);
}
