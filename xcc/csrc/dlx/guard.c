/* The loop guard: the single-cycle constraint over secondary items.
 *
 * Python twin: xcc/engines/dlx/guard.py (CycleGuard), with the fragment
 * tracker of xcc/fragments.py.  The edges present so far form paths
 * (fragments): deg[v] is the number of present edges at v, and for an end
 * of an open fragment mate[v] is its other end.  An edge that gives a
 * vertex degree 3, or closes a cycle before every fragment and required
 * vertex is in it, breaks the rule.  Every change goes on an undo trail, so
 * that the search can go back to any earlier mark.
 */
#include "dlx.h"

#include <stdlib.h>
#include <string.h>

/* What a trail entry changed. */
enum { T_DEG, T_MATE, T_TOUCHED, T_FRAGMENTS, T_CLOSED, T_ITEM };

static int32_t *field(struct xcc_guard *g, int32_t what, int32_t k)
{
    switch (what) {
    case T_DEG: return &g->deg[k];
    case T_MATE: return &g->mate[k];
    case T_TOUCHED: return &g->touched_required;
    case T_FRAGMENTS: return &g->fragments;
    case T_ITEM: return &g->item_color[k];
    default: return &g->closed;
    }
}

/* Set a field, recording its old value on the trail: 0, or -1 if memory
 * runs out (never, by the room guard_new and guard_track_items make). */
static int set(struct xcc_guard *g, int32_t what, int32_t k, int32_t value)
{
    int32_t *f = field(g, what, k);
    if (xcc_ivec_reserve(&g->trail, 3) < 0)
        return -1;
    int32_t *t = g->trail.a + g->trail.n;
    t[0] = what, t[1] = k, t[2] = *f;
    g->trail.n += 3;
    *f = value;
    return 0;
}

void guard_undo_to(struct xcc_guard *g, size_t mark)
{
    while (g->trail.n > mark) {
        g->trail.n -= 3;
        int32_t *t = g->trail.a + g->trail.n;
        *field(g, t[0], t[1]) = t[2];
    }
}

/* Add edge u-v: 1 if it keeps the single-cycle rule, 0 if it breaks it,
 * -1 if memory runs out. */
static int add(struct xcc_guard *g, int32_t u, int32_t v)
{
    int32_t *deg = g->deg, *mate = g->mate;
    if (g->closed || u == v || deg[u] == 2 || deg[v] == 2)
        return 0;
    if (deg[u] == 0 && g->is_required[u] && set(g, T_TOUCHED, 0, g->touched_required + 1) < 0)
        return -1;
    if (deg[v] == 0 && g->is_required[v] && set(g, T_TOUCHED, 0, g->touched_required + 1) < 0)
        return -1;
    int32_t du = deg[u], dv = deg[v];
    if (du && dv && mate[u] == v) { /* closes a cycle */
        if (g->fragments != 1 || g->touched_required != g->nrequired)
            return 0;
        if (set(g, T_DEG, u, 2) < 0 || set(g, T_DEG, v, 2) < 0
            || set(g, T_FRAGMENTS, 0, 0) < 0 || set(g, T_CLOSED, 0, 1) < 0)
            return -1;
        return 1;
    }
    int32_t a = du ? mate[u] : u; /* the far end on u's side */
    int32_t b = dv ? mate[v] : v;
    if (set(g, T_DEG, u, du + 1) < 0 || set(g, T_DEG, v, dv + 1) < 0
        || set(g, T_MATE, a, b) < 0 || set(g, T_MATE, b, a) < 0
        || set(g, T_FRAGMENTS, 0, g->fragments + 1 - (du > 0) - (dv > 0)) < 0)
        return -1;
    return 1;
}

int guard_add_item(struct xcc_guard *g, int32_t k, int32_t x)
{
    if (g->item_color != NULL && set(g, T_ITEM, k, x) < 0)
        return -1;
    for (int32_t e = g->edge_start[k]; e < g->edge_start[k + 1]; e++) {
        if (g->edge_color[e] == x) {
            int r = add(g, g->edge_u[e], g->edge_v[e]);
            if (r <= 0)
                return r;
        }
    }
    return 1;
}

int guard_set_uncolored(struct xcc_guard *g, int32_t k)
{
    return set(g, T_ITEM, k, -1);
}

/* ---- setting up and tearing down ------------------------------------------- */

static int32_t *copy_array(const int32_t *a, size_t n)
{
    int32_t *b = malloc((n ? n : 1) * sizeof *b);
    if (b != NULL && n)
        memcpy(b, a, n * sizeof *b);
    return b;
}

struct xcc_guard *guard_new(int32_t nverts, int32_t nsecondary, const int32_t *edge_start,
                            const int32_t *edge_color, const int32_t *edge_u,
                            const int32_t *edge_v, int32_t npresent, const int32_t *present,
                            int32_t nrequired, const int32_t *required)
{
    if (nverts < 0 || nverts > INT32_MAX / 8 - 8 || npresent < 0 || nrequired < 0)
        return NULL;
    if (edge_start[0] != 0)
        return NULL;
    for (int32_t k = 0; k < nsecondary; k++)
        if (edge_start[k + 1] < edge_start[k])
            return NULL;
    int32_t nedges = edge_start[nsecondary];
    for (int32_t e = 0; e < nedges; e++)
        if (edge_u[e] < 0 || edge_u[e] >= nverts || edge_v[e] < 0 || edge_v[e] >= nverts)
            return NULL;
    for (int32_t j = 0; j < 2 * npresent; j++)
        if (present[j] < 0 || present[j] >= nverts)
            return NULL;
    for (int32_t j = 0; j < nrequired; j++)
        if (required[j] < 0 || required[j] >= nverts)
            return NULL;

    struct xcc_guard *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NULL;
    g->nverts = nverts;
    g->nsecondary = nsecondary;
    g->edge_start = copy_array(edge_start, (size_t)nsecondary + 1);
    g->edge_color = copy_array(edge_color, (size_t)nedges);
    g->edge_u = copy_array(edge_u, (size_t)nedges);
    g->edge_v = copy_array(edge_v, (size_t)nedges);
    g->npresent = npresent;
    g->present = copy_array(present, 2 * (size_t)npresent);
    g->deg = calloc((size_t)nverts + 1, sizeof *g->deg);
    g->mate = malloc(((size_t)nverts + 1) * sizeof *g->mate);
    g->is_required = calloc((size_t)nverts + 1, 1);
    /* Each added edge records at most 7 changes, and at most nverts+1 edges
     * are present at once (every vertex has degree <= 2), nor more than the
     * edges there are: the trail never grows in the search. */
    size_t most = (size_t)nverts + 1, edges = (size_t)nedges + (size_t)npresent;
    int room = xcc_ivec_grow(&g->trail, 3 * (7 * (most < edges ? most : edges) + 8));
    if (!g->edge_start || !g->edge_color || !g->edge_u || !g->edge_v || !g->present
        || !g->deg || !g->mate || !g->is_required || room < 0) {
        guard_free(g);
        return NULL;
    }
    for (int32_t v = 0; v < nverts; v++)
        g->mate[v] = v;
    for (int32_t j = 0; j < nrequired; j++)
        g->is_required[required[j]] = 1;
    for (int32_t v = 0; v < nverts; v++)
        g->nrequired += g->is_required[v];
    g->ok = 1;
    for (int32_t j = 0; j < npresent && g->ok; j++) {
        int r = add(g, present[2 * j], present[2 * j + 1]);
        if (r < 0) {
            guard_free(g);
            return NULL;
        }
        g->ok = r;
    }
    g->trail.n = 0; /* the initial edges are never undone */
    return g;
}

int guard_track_items(struct xcc_guard *g)
{
    size_t nsec = (size_t)g->nsecondary;
    g->item_color = calloc(nsec + 1, sizeof *g->item_color);
    /* room on the trail for one color per item besides the edges */
    if (g->item_color == NULL || xcc_ivec_grow(&g->trail, g->trail.cap + 3 * (nsec + 1)) < 0)
        return -1;
    return 0;
}

void guard_free(struct xcc_guard *g)
{
    if (g == NULL)
        return;
    free(g->edge_start);
    free(g->edge_color);
    free(g->edge_u);
    free(g->edge_v);
    free(g->present);
    free(g->item_color);
    free(g->deg);
    free(g->mate);
    free(g->is_required);
    xcc_ivec_free(&g->trail);
    free(g);
}
