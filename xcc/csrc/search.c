/* Algorithm C (Knuth's DLX2) in plain C; see search.h.
 *
 * The arrays are those of xcc/arrays.py, interleaved as DLX2 keeps them: a
 * node's up, down, itm and color side by side (one cache line), an item's
 * llink and rlink side by side.  Each function below is the C form of the method of the same name in
 * xcc/engine_py.py (the reference engine), and counts mems in the same
 * places: one mem for up+down of a node together, one for itm+color
 * together, one for llink+rlink of an item together.  Keep the two in step.
 *
 * Steps of Algorithm C:
 *   C1 initialize; C2 enter level l (a solution if no active primary item);
 *   C3 choose item i (fewest options, leftmost on ties); C4 cover i;
 *   C5 try x_l (cover/purify the other items of the option); C6 try again
 *   (undo C5, take the next option); C7 backtrack (uncover i); C8 leave
 *   level l.
 * With propagation (xcc/propagate.py, propagate.c) C5 ends with propagate()
 * and C3 is lookahead(): probes of every option first, then the choice.
 */
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { START, FORWARD, ADVANCE, BACKUP, RECOVER, LEAVE, ROOT_SOLVED, FINISHED };

/* ---- the loop guard (xcc/cycle.py: CycleGuard) ---------------------------- */

enum { T_DEG, T_MATE, T_TOUCHED, T_FRAGMENTS, T_CLOSED, T_ITEM };

/* Each change is recorded on the trail; guard_undo_to reverts to a mark. */
static int guard_push(struct xcc_guard *g, int32_t what, int32_t k, int32_t old)
{
    if (g->trail_len + 3 > g->trail_cap) { /* never, by the bound in xcc_set_cycle */
        size_t cap = 2 * g->trail_cap + 48;
        int32_t *t = realloc(g->trail, cap * sizeof *t);
        if (t == NULL)
            return -1;
        g->trail = t;
        g->trail_cap = cap;
    }
    g->trail[g->trail_len++] = what;
    g->trail[g->trail_len++] = k;
    g->trail[g->trail_len++] = old;
    return 0;
}

static int32_t *guard_field(struct xcc_guard *g, int32_t what, int32_t k)
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

static int guard_set(struct xcc_guard *g, int32_t what, int32_t k, int32_t value)
{
    int32_t *f = guard_field(g, what, k);
    if (guard_push(g, what, k, *f) < 0)
        return -1;
    *f = value;
    return 0;
}

static void guard_undo_to(struct xcc_guard *g, size_t mark)
{
    while (g->trail_len > mark) {
        g->trail_len -= 3;
        int32_t *t = g->trail + g->trail_len;
        *guard_field(g, t[0], t[1]) = t[2];
    }
}

/* Add edge u-v: 1 if it keeps the single-cycle rule, 0 if it breaks it,
 * -1 if memory runs out. */
static int guard_add(struct xcc_guard *g, int32_t u, int32_t v)
{
    int32_t *deg = g->deg, *mate = g->mate;
    if (g->closed || u == v || deg[u] == 2 || deg[v] == 2)
        return 0;
    if (deg[u] == 0 && g->is_required[u]
        && guard_set(g, T_TOUCHED, 0, g->touched_required + 1) < 0)
        return -1;
    if (deg[v] == 0 && g->is_required[v]
        && guard_set(g, T_TOUCHED, 0, g->touched_required + 1) < 0)
        return -1;
    int32_t du = deg[u], dv = deg[v];
    if (du && dv && mate[u] == v) { /* closes a cycle */
        if (g->fragments != 1 || g->touched_required != g->nrequired)
            return 0;
        if (guard_set(g, T_DEG, u, 2) < 0 || guard_set(g, T_DEG, v, 2) < 0
            || guard_set(g, T_FRAGMENTS, 0, 0) < 0 || guard_set(g, T_CLOSED, 0, 1) < 0)
            return -1;
        return 1;
    }
    int32_t a = du ? mate[u] : u; /* the far end on u's side */
    int32_t b = dv ? mate[v] : v;
    if (guard_set(g, T_DEG, u, du + 1) < 0 || guard_set(g, T_DEG, v, dv + 1) < 0
        || guard_set(g, T_MATE, a, b) < 0 || guard_set(g, T_MATE, b, a) < 0
        || guard_set(g, T_FRAGMENTS, 0, g->fragments + 1 - (du > 0) - (dv > 0)) < 0)
        return -1;
    return 1;
}

/* Secondary item k (0-based among secondaries) got color x. */
static int guard_add_item(struct xcc_guard *g, int32_t k, int32_t x)
{
    if (g->item_color != NULL && guard_set(g, T_ITEM, k, x) < 0)
        return -1;
    for (int32_t e = g->edge_start[k]; e < g->edge_start[k + 1]; e++) {
        if (g->edge_color[e] == x) {
            int r = guard_add(g, g->edge_u[e], g->edge_v[e]);
            if (r <= 0)
                return r;
        }
    }
    return 1;
}

static void guard_free(struct xcc_guard *g)
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
    free(g->trail);
    free(g);
}

/* ---- cover / uncover (hide and unhide the options of item c) ------------- */

/* Remove the other nodes of option rr from their item lists. */
static inline void hide(struct xcc_search *s, int32_t rr)
{
    struct xcc_node *nd = s->nd;
    uint64_t mems = 0, updates = 0;
    for (int32_t nn = rr + 1; nn != rr;) {
        mems += 1;
        if (nd[nn].color >= 0) {
            mems += 1;
            int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
            if (cc <= 0) { /* a spacer: go back to the option's first node */
                nn = uu;
                continue;
            }
            nd[uu].down = dd, nd[dd].up = uu;
            mems += 2;
            updates += 1;
            nd[cc].itm -= 1;
            mems += 2;
        }
        nn++;
    }
    s->mems += mems;
    s->updates += updates;
}

static inline void unhide(struct xcc_search *s, int32_t rr)
{
    struct xcc_node *nd = s->nd;
    uint64_t mems = 0;
    for (int32_t nn = rr + 1; nn != rr;) {
        mems += 1;
        if (nd[nn].color >= 0) {
            mems += 1;
            int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
            if (cc <= 0) {
                nn = uu;
                continue;
            }
            nd[uu].down = nd[dd].up = nn;
            mems += 2;
            nd[cc].itm += 1;
            mems += 2;
        }
        nn++;
    }
    s->mems += mems;
}

static void cover(struct xcc_search *s, int32_t c)
{
    int32_t l = s->cl[c].llink, r = s->cl[c].rlink;
    s->cl[l].rlink = r, s->cl[r].llink = l;
    s->mems += 3;
    s->updates += 1;
    s->mems += 1;
    for (int32_t rr = s->nd[c].down; rr >= s->last_itm; rr = s->nd[rr].down) {
        hide(s, rr);
        s->mems += 1;
    }
}

static void uncover(struct xcc_search *s, int32_t c)
{
    s->mems += 1;
    for (int32_t rr = s->nd[c].down; rr >= s->last_itm; rr = s->nd[rr].down) {
        unhide(s, rr);
        s->mems += 1;
    }
    int32_t l = s->cl[c].llink, r = s->cl[c].rlink;
    s->cl[l].rlink = s->cl[r].llink = c;
    s->mems += 3;
}

/* ---- purify / unpurify (keep only the options of color x in item cc) ----- */

static void hide_purified(struct xcc_search *s, int32_t rr)
{
    hide(s, rr);
}

/* Like unhide but walking the option leftward, as DLX2 does. */
static void unhide_purified(struct xcc_search *s, int32_t rr)
{
    struct xcc_node *nd = s->nd;
    uint64_t mems = 0;
    for (int32_t nn = rr - 1; nn != rr;) {
        mems += 1;
        if (nd[nn].color >= 0) {
            mems += 1;
            int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
            if (cc <= 0) {
                nn = dd;
                continue;
            }
            nd[uu].down = nd[dd].up = nn;
            mems += 2;
            nd[cc].itm += 1;
            mems += 2;
        }
        nn--;
    }
    s->mems += mems;
}

/* Hide the options of item cc whose color is not x; cleanse the rest. */
static void purify_color(struct xcc_search *s, int32_t cc, int32_t x)
{
    struct xcc_node *nd = s->nd;
    s->cleansings += 1;
    s->mems += 1;
    for (int32_t rr = s->nd[cc].down; rr >= s->last_itm; rr = s->nd[rr].down) {
        s->mems += 1;
        if (nd[rr].color != x) {
            hide_purified(s, rr);
        } else {
            s->cleansings += 1;
            s->mems += 1;
            nd[rr].color = -1;
        }
        s->mems += 1;
    }
}

static void purify(struct xcc_search *s, int32_t p)
{
    s->mems += 1;
    purify_color(s, s->nd[p].itm, s->nd[p].color);
}

static void unpurify_color(struct xcc_search *s, int32_t cc, int32_t x)
{
    struct xcc_node *nd = s->nd;
    s->mems += 1;
    for (int32_t rr = s->nd[cc].up; rr >= s->last_itm; rr = s->nd[rr].up) {
        s->mems += 1;
        if (nd[rr].color < 0) {
            s->mems += 1;
            nd[rr].color = x;
        } else {
            unhide_purified(s, rr);
        }
        s->mems += 1;
    }
}

static void unpurify(struct xcc_search *s, int32_t p)
{
    s->mems += 1;
    unpurify_color(s, s->nd[p].itm, s->nd[p].color);
}

/* ---- the other items of a chosen option ----------------------------------- */

/* C5: cover or purify every other item of the option of node cur; returns
 * -1 if the guard runs out of memory. */
static int commit(struct xcc_search *s, int32_t cur)
{
    struct xcc_node *nd = s->nd;
    struct xcc_guard *g = s->guard;
    for (int32_t pp = cur + 1; pp != cur;) {
        s->mems += 1;
        int32_t cc = nd[pp].itm;
        if (cc <= 0) {
            s->mems += 1;
            pp = s->nd[pp].up;
            continue;
        }
        if (nd[pp].color == 0) {
            cover(s, cc);
            if (s->prop != NULL && cc > s->n1) /* named without a color: edges absent */
                if (guard_set(g, T_ITEM, cc - (s->n1 + 1), -1) < 0)
                    return -1;
        } else if (nd[pp].color > 0) {
            purify(s, pp);
            if (g != NULL && !s->guard_failed) {
                int r = guard_add_item(g, cc - (s->n1 + 1), nd[pp].color);
                if (r < 0)
                    return -1;
                if (r == 0)
                    s->guard_failed = 1;
            }
        }
        pp++;
    }
    return 0;
}

/* C6: the inverse of commit, walking the option leftward. */
static void uncommit(struct xcc_search *s, int32_t cur)
{
    struct xcc_node *nd = s->nd;
    for (int32_t pp = cur - 1; pp != cur;) {
        s->mems += 1;
        int32_t cc = nd[pp].itm;
        if (cc <= 0) {
            s->mems += 1;
            pp = s->nd[pp].down;
            continue;
        }
        if (nd[pp].color == 0)
            uncover(s, cc);
        else if (nd[pp].color > 0)
            unpurify(s, pp);
        pp--;
    }
}

/* ---- propagation: forced colors and options, undone on backtrack ---------- */

/* The stack of forced things holds (item, color) for a color forced on a
 * secondary item (0-based), (FORCED, node) for an option chosen without
 * branching, (REMOVED, node) for an option a probe showed to fail. */
enum { FORCED = -1, REMOVED = -2 };
#define SCORE_CAP ((int64_t)1 << 62) /* lookahead scores saturate here */

static void push_forced(struct xcc_search *s, int32_t k, int32_t x)
{
    s->forced_item[s->nforced] = k;
    s->forced_x[s->nforced++] = x;
}

/* Give secondary item k (0-based) color x as if an option had chosen it. */
static int force(struct xcc_search *s, int32_t k, int32_t x)
{
    purify_color(s, s->n1 + 1 + k, x);
    push_forced(s, k, x);
    if (!s->probing)
        s->forced += 1;
    int r = guard_add_item(s->guard, k, x);
    if (r < 0)
        return -1;
    if (r == 0)
        s->guard_failed = 1;
    return 0;
}

/* Choose the option of node for its item, without branching. */
static int force_option(struct xcc_search *s, int32_t node)
{
    cover(s, s->nd[node].itm);
    push_forced(s, FORCED, node);
    return commit(s, node);
}

/* Take the option of node out of every item list, its own too. */
static void remove_option(struct xcc_search *s, int32_t node)
{
    struct xcc_node *nd = s->nd;
    hide(s, node);
    int32_t uu = nd[node].up, dd = nd[node].down;
    nd[uu].down = dd, nd[dd].up = uu;
    nd[nd[node].itm].itm -= 1;
    s->mems += 6;
    s->updates += 1;
    push_forced(s, REMOVED, node);
}

static void restore_option(struct xcc_search *s, int32_t node)
{
    struct xcc_node *nd = s->nd;
    int32_t uu = nd[node].up, dd = nd[node].down;
    nd[uu].down = nd[dd].up = node;
    nd[nd[node].itm].itm += 1;
    s->mems += 6;
    unhide(s, node);
}

static void unforce_to(struct xcc_search *s, size_t mark)
{
    while (s->nforced > mark) {
        s->nforced -= 1;
        int32_t k = s->forced_item[s->nforced], x = s->forced_x[s->nforced];
        if (k == REMOVED) {
            restore_option(s, x);
        } else if (k == FORCED) {
            uncommit(s, x);
            uncover(s, s->nd[x].itm);
        } else {
            unpurify_color(s, s->n1 + 1 + k, x);
        }
    }
}

/* An active primary item with at most one option left, or -1. */
static int32_t unit_item(struct xcc_search *s)
{
    uint64_t mems = 1;
    int32_t k = s->cl[0].rlink;
    for (; k != 0; k = s->cl[k].rlink) {
        mems += 1;
        if (s->nd[k].itm <= 1)
            break;
        mems += 1;
    }
    s->mems += mems;
    return k != 0 ? k : -1;
}

/* Choose the options of items with one option left, and force the colors
 * the propagator deduces, until nothing new follows; set guard_failed at a
 * dead end.  -1 if the guard's memory runs out. */
static int propagate(struct xcc_search *s)
{
    struct xcc_guard *g = s->guard;
    struct xcc_prop *p = s->prop;
    while (!s->guard_failed) {
        int32_t unit = unit_item(s);
        if (unit >= 0) {
            if (s->nd[unit].itm == 0) {
                s->guard_failed = 1;
                return 0;
            }
            if (force_option(s, s->nd[unit].down) < 0)
                return -1;
            continue;
        }
        int32_t n = xcc_deduce(p, g);
        s->mems += p->round_mems;
        if (n < 0) {
            s->guard_failed = 1;
            return 0;
        }
        if (n == 0)
            return 0;
        for (int32_t k = 0; k < n; k++) {
            int32_t item = p->out_item[k], color = p->out_color[k];
            int32_t have = g->item_color[item];
            if (have == color)
                continue;
            if (have) {
                s->guard_failed = 1;
                return 0;
            }
            if (force(s, item, color) < 0)
                return -1;
            if (s->guard_failed)
                return 0;
        }
    }
    return 0;
}

/* Try the option of node and propagate, then undo it all: 1 if it fails,
 * 0 if not (then *gain is the number of updates it made), -1 if the guard's
 * memory runs out. */
static int probe(struct xcc_search *s, int32_t node, int64_t *gain)
{
    size_t mark = s->nforced, guard_mark = s->guard->trail_len;
    uint64_t updates = s->updates;
    s->probing = 1;
    s->probes += 1;
    if (force_option(s, node) < 0 || (!s->guard_failed && propagate(s) < 0))
        return -1;
    int failed = s->guard_failed;
    *gain = (int64_t)(s->updates - updates);
    unforce_to(s, mark);
    guard_undo_to(s->guard, guard_mark);
    s->guard_failed = s->probing = 0;
    return failed;
}

/* C3 when propagating: probe every option of every active primary item;
 * take out the options that fail and propagate, pass after pass, until a
 * pass changes nothing.  Then return the item to branch on: fewest options,
 * then the largest product of (updates + 1) over the probes of its options,
 * then leftmost; 0 if no primary item is left, -1 at a dead end, -2 if the
 * guard's memory runs out. */
static int32_t lookahead(struct xcc_search *s)
{
    struct xcc_node *nd = s->nd;
    const struct xcc_item *cl = s->cl;
    int32_t *items = s->pass_items, *failed = s->failed_nodes;
    for (;;) {
        int32_t nitems = 0;
        s->mems += 1;
        for (int32_t k = cl[0].rlink; k != 0; k = cl[k].rlink) {
            items[nitems++] = k;
            s->mems += 1;
        }
        if (nitems == 0)
            return 0;
        int changed = 0;
        int32_t best = 0, best_len = 0;
        int64_t best_score = 0;
        for (int32_t j = 0; j < nitems; j++) {
            int32_t k = items[j], nfailed = 0;
            s->mems += 1;
            if (cl[cl[k].llink].rlink != k)
                continue; /* covered since the pass began */
            int64_t score = 1, gain;
            s->mems += 1;
            for (int32_t x = nd[k].down; x != k; x = nd[x].down) {
                int r = probe(s, x, &gain);
                if (r < 0)
                    return -2;
                if (r)
                    failed[nfailed++] = x;
                else
                    score = score > SCORE_CAP / (gain + 1) ? SCORE_CAP : score * (gain + 1);
                s->mems += 1;
            }
            if (nfailed) {
                for (int32_t t = 0; t < nfailed; t++)
                    remove_option(s, failed[t]);
                if (propagate(s) < 0)
                    return -2;
                if (s->guard_failed)
                    return -1;
                changed = 1;
            } else if (!changed && (best == 0 || nd[k].itm < best_len
                                    || (nd[k].itm == best_len && score > best_score))) {
                best = k, best_len = nd[k].itm, best_score = score;
            }
        }
        if (!changed)
            return best;
    }
}

int32_t xcc_solution(const struct xcc_search *s, int32_t *out)
{
    int32_t k = 0;
    for (int32_t l = 0; l < s->nchoices; l++)
        out[k++] = s->choice[l];
    for (size_t j = 0; j < s->nforced; j++)
        if (s->forced_item[j] == FORCED)
            out[k++] = s->forced_x[j];
    return k;
}

/* ---- C3: the item to branch on -------------------------------------------- */

/* The active primary item with the shortest list, leftmost on ties. */
static int32_t choose(struct xcc_search *s)
{
    const struct xcc_node *nd = s->nd;
    const struct xcc_item *cl = s->cl;
    int64_t t = (int64_t)s->last_node + 1;
    int32_t best = 0;
    uint64_t mems = 1;
    for (int32_t k = cl[0].rlink; t && k != 0; k = cl[k].rlink) {
        mems += 1;
        if (nd[k].itm < t)
            best = k, t = nd[k].itm;
        mems += 1;
    }
    s->mems += mems;
    return best;
}

/* ---- the search ------------------------------------------------------------- */

int xcc_run(struct xcc_search *s, uint64_t mem_budget)
{
    struct xcc_guard *g = s->guard;
    uint64_t pause_at = mem_budget ? s->mems + mem_budget : UINT64_MAX;
    if (pause_at < s->mems)
        pause_at = UINT64_MAX;
    if (s->state == START) { /* C1 */
        if (g != NULL && !g->ok) { /* the edges present from the start break the rule */
            s->state = FINISHED;
            return XCC_DONE;
        }
        s->state = FORWARD;
        if (s->prop != NULL) { /* propagate at the root, before any choice */
            if (propagate(s) < 0)
                return XCC_ERROR;
            if (s->guard_failed || s->cl[0].rlink == 0) {
                if (!s->guard_failed && g->closed) { /* solved by propagation alone */
                    s->nodes = s->solutions = 1;
                    s->nchoices = 0;
                    s->state = ROOT_SOLVED;
                    return XCC_SOLUTION;
                }
                s->state = ROOT_SOLVED;
            }
        }
    }
    for (;;) {
        switch (s->state) {
        case FORWARD: /* C2: enter level */
            s->nodes += 1;
            if (s->prop == NULL) {
                s->best = choose(s); /* C3 */
            } else {
                int32_t best = lookahead(s); /* C3, probing the options first */
                if (best == -2)
                    return XCC_ERROR;
                if (best <= 0) { /* the probes decided this node */
                    s->state = LEAVE;
                    if (best == 0 && g->closed) {
                        s->solutions += 1;
                        s->nchoices = s->level;
                        return XCC_SOLUTION;
                    }
                    s->cycle_cuts += 1;
                    continue;
                }
                s->best = best;
            }
            cover(s, s->best); /* C4 */
            s->mems += 2;
            s->cur = s->choice[s->level] = s->nd[s->best].down;
            s->state = ADVANCE;
            /* fall through */
        case ADVANCE: /* C5: try the option of node cur */
            if (s->mems >= pause_at)
                return XCC_PAUSED;
            if (s->cur == s->best) {
                s->state = BACKUP;
                continue;
            }
            if (g != NULL)
                s->guard_mark[s->level] = g->trail_len;
            if (s->prop != NULL)
                s->force_mark[s->level] = s->nforced;
            if (commit(s, s->cur) < 0)
                return XCC_ERROR; /* the guard's memory ran out: the state is lost */
            if (s->prop != NULL && !s->guard_failed && propagate(s) < 0)
                return XCC_ERROR;
            if (s->guard_failed) {
                s->cycle_cuts += 1;
                s->state = RECOVER;
                continue;
            }
            s->mems += 1;
            if (s->cl[0].rlink == 0) { /* every primary item is covered */
                if (g != NULL && !g->closed) {
                    s->cycle_cuts += 1;
                    s->state = RECOVER;
                    continue;
                }
                s->nodes += 1; /* a solution is a special node of the tree */
                if (s->level + 1 > s->max_level)
                    s->max_level = s->level + 1;
                s->solutions += 1;
                s->nchoices = s->level + 1;
                s->state = RECOVER;
                return XCC_SOLUTION;
            }
            s->level += 1;
            if (s->level > s->max_level)
                s->max_level = s->level;
            if (s->level > s->n1) /* impossible: each level covers a primary item */
                return XCC_ERROR;
            s->state = FORWARD;
            continue;
        case BACKUP: /* C7: backtrack */
            uncover(s, s->best);
            if (s->level == 0) {
                unforce_to(s, 0);
                s->state = FINISHED;
                return XCC_DONE;
            }
            s->level -= 1; /* C8 */
            s->mems += 2;
            s->cur = s->choice[s->level];
            s->best = s->nd[s->cur].itm;
            s->state = RECOVER;
            /* fall through */
        case RECOVER: /* C6: undo the option, try the next */
            if (s->prop != NULL)
                unforce_to(s, s->force_mark[s->level]);
            uncommit(s, s->cur);
            if (g != NULL) {
                guard_undo_to(g, s->guard_mark[s->level]);
                s->guard_failed = 0;
            }
            s->mems += 2;
            s->cur = s->choice[s->level] = s->nd[s->cur].down;
            s->state = ADVANCE;
            continue;
        case LEAVE: /* C8 for a node the probes decided */
            if (s->level == 0) {
                unforce_to(s, 0);
                s->state = FINISHED;
                return XCC_DONE;
            }
            s->level -= 1;
            s->mems += 2;
            s->cur = s->choice[s->level];
            s->best = s->nd[s->cur].itm;
            s->state = RECOVER;
            continue;
        case ROOT_SOLVED: /* the root's propagation ended the search */
            unforce_to(s, 0);
            s->state = FINISHED;
            return XCC_DONE;
        case FINISHED:
            return XCC_DONE;
        default:
            return XCC_ERROR;
        }
    }
}

/* ---- setting up and tearing down ------------------------------------------- */

static int32_t *copy_array(const int32_t *a, size_t n)
{
    int32_t *b = malloc((n ? n : 1) * sizeof *b);
    if (b != NULL && n)
        memcpy(b, a, n * sizeof *b);
    return b;
}

/* Every link must point inside its array, so no search step can leave it. */
static int arrays_in_range(const struct xcc_search *s)
{
    int32_t n = s->n, last_node = s->last_node;
    for (int32_t i = 0; i <= n + 1; i++)
        if (s->cl[i].llink < 0 || s->cl[i].llink > n + 1
            || s->cl[i].rlink < 0 || s->cl[i].rlink > n + 1)
            return 0;
    for (int32_t p = 0; p < last_node; p++) {
        if (s->nd[p].up < 0 || s->nd[p].up >= last_node
            || s->nd[p].down < 0 || s->nd[p].down >= last_node)
            return 0;
        if (p <= n && (s->nd[p].itm < 0 || s->nd[p].color != 0)) /* a header: itm is len */
            return 0;
        if (p > n && (s->nd[p].itm > n || s->nd[p].itm < -last_node || s->nd[p].color < -1))
            return 0;
        if (s->nd[p].color > 0 && s->nd[p].itm <= s->n1) /* only secondary items have colors */
            return 0;
    }
    return s->nd[last_node - 1].itm <= 0; /* the last node is a spacer */
}

struct xcc_search *xcc_new(int32_t n1, int32_t n, int32_t last_node,
                           const int32_t *llink, const int32_t *rlink,
                           const int32_t *up, const int32_t *down,
                           const int32_t *itm, const int32_t *color)
{
    if (n1 < 1 || n < n1 || n > INT32_MAX - 2 || last_node < n + 2
        || last_node > INT32_MAX - 2)
        return NULL;
    struct xcc_search *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    s->n1 = n1;
    s->n = n;
    s->last_itm = n + 1;
    s->last_node = last_node;
    s->cl = malloc(((size_t)n + 2) * sizeof *s->cl);
    s->nd = malloc((size_t)last_node * sizeof *s->nd);
    s->choice = calloc((size_t)n1 + 1, sizeof *s->choice);
    s->guard_mark = calloc((size_t)n1 + 1, sizeof *s->guard_mark);
    if (s->cl != NULL)
        for (int32_t i = 0; i <= n + 1; i++)
            s->cl[i].llink = llink[i], s->cl[i].rlink = rlink[i];
    if (s->nd != NULL)
        for (int32_t p = 0; p < last_node; p++)
            s->nd[p].up = up[p], s->nd[p].down = down[p], s->nd[p].itm = itm[p],
            s->nd[p].color = color[p];
    if (!s->cl || !s->nd
        || !s->choice || !s->guard_mark || !arrays_in_range(s)) {
        xcc_free(s);
        return NULL;
    }
    s->state = START;
    return s;
}

int xcc_set_cycle(struct xcc_search *s, int32_t nverts, int32_t nsecondary,
                  const int32_t *edge_start, const int32_t *edge_color,
                  const int32_t *edge_u, const int32_t *edge_v,
                  int32_t npresent, const int32_t *present,
                  int32_t nrequired, const int32_t *required)
{
    if (s->state != START || s->guard != NULL || nverts < 0 || nverts > INT32_MAX / 8 - 8
        || nsecondary != s->n - s->n1 || npresent < 0 || nrequired < 0)
        return -1;
    if (edge_start[0] != 0)
        return -1;
    for (int32_t k = 0; k < nsecondary; k++)
        if (edge_start[k + 1] < edge_start[k])
            return -1;
    int32_t nedges = edge_start[nsecondary];
    for (int32_t e = 0; e < nedges; e++)
        if (edge_u[e] < 0 || edge_u[e] >= nverts || edge_v[e] < 0 || edge_v[e] >= nverts)
            return -1;
    for (int32_t j = 0; j < 2 * npresent; j++)
        if (present[j] < 0 || present[j] >= nverts)
            return -1;
    for (int32_t j = 0; j < nrequired; j++)
        if (required[j] < 0 || required[j] >= nverts)
            return -1;

    struct xcc_guard *g = calloc(1, sizeof *g);
    if (g == NULL)
        return -1;
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
     * are present at once (every vertex has degree <= 2). */
    g->trail_cap = 3 * (7 * ((size_t)nverts + 1) + 8);
    g->trail = malloc(g->trail_cap * sizeof *g->trail);
    if (!g->edge_start || !g->edge_color || !g->edge_u || !g->edge_v || !g->present
        || !g->deg || !g->mate
        || !g->is_required || !g->trail) {
        guard_free(g);
        return -1;
    }
    for (int32_t v = 0; v < nverts; v++)
        g->mate[v] = v;
    for (int32_t j = 0; j < nrequired; j++)
        g->is_required[required[j]] = 1;
    for (int32_t v = 0; v < nverts; v++)
        g->nrequired += g->is_required[v];
    g->ok = 1;
    for (int32_t j = 0; j < npresent && g->ok; j++) {
        int r = guard_add(g, present[2 * j], present[2 * j + 1]);
        if (r < 0) {
            guard_free(g);
            return -1;
        }
        g->ok = r;
    }
    g->trail_len = 0; /* the initial edges are never undone */
    s->guard = g;
    return 0;
}

int xcc_set_propagation(struct xcc_search *s, int32_t ncuts, const int32_t *cut_start,
                        const int32_t *cut_edge)
{
    struct xcc_guard *g = s->guard;
    if (s->state != START || g == NULL || s->prop != NULL)
        return -1;
    int32_t nsec = s->n - s->n1;
    struct xcc_prop *p = calloc(1, sizeof *p);
    if (p == NULL)
        return -1;
    if (xcc_prop_init(p, g, ncuts, cut_start, cut_edge) < 0) {
        xcc_prop_free(p);
        return -1;
    }
    /* the colors each secondary item takes in the options: two of them make
     * "absent" mean "the other color" */
    uint8_t *ncolors = calloc((size_t)nsec + 1, 1);
    g->item_color = calloc((size_t)nsec + 1, sizeof *g->item_color);
    /* each item is covered or purified at most once on a path, each option
     * taken out at most once (there are fewer options than nodes) */
    size_t room = (size_t)s->n + (size_t)s->last_node + 1;
    s->forced_item = malloc(room * sizeof *s->forced_item);
    s->forced_x = malloc(room * sizeof *s->forced_x);
    s->pass_items = malloc(((size_t)s->n1 + 1) * sizeof *s->pass_items);
    s->failed_nodes = malloc((size_t)s->last_node * sizeof *s->failed_nodes);
    s->force_mark = calloc((size_t)s->n1 + 1, sizeof *s->force_mark);
    /* room on the trail for one color per item besides the edges */
    size_t cap = g->trail_cap + 3 * ((size_t)nsec + 1);
    int32_t *trail = realloc(g->trail, cap * sizeof *trail);
    if (trail != NULL)
        g->trail = trail, g->trail_cap = cap;
    if (!ncolors || !g->item_color || !s->forced_item || !s->forced_x || !s->force_mark
        || !s->pass_items || !s->failed_nodes || trail == NULL) {
        free(ncolors);
        xcc_prop_free(p);
        return -1; /* what was allocated is freed by xcc_free */
    }
    for (int32_t q = s->last_itm + 1; q < s->last_node; q++) {
        int32_t i = s->nd[q].itm - (s->n1 + 1), c = s->nd[q].color;
        if (i < 0 || c <= 0 || c == p->color_a[i] || c == p->color_b[i] || ncolors[i] > 2)
            continue;
        if (ncolors[i] == 0)
            p->color_a[i] = c;
        else if (ncolors[i] == 1)
            p->color_b[i] = c;
        ncolors[i]++;
    }
    for (int32_t i = 0; i < nsec; i++) {
        if (ncolors[i] != 2) {
            p->color_a[i] = p->color_b[i] = 0;
        } else if (p->color_b[i] < p->color_a[i]) {
            int32_t t = p->color_a[i];
            p->color_a[i] = p->color_b[i], p->color_b[i] = t;
        }
    }
    free(ncolors);
    s->prop = p;
    return 0;
}

static void fault(int *count, void (*report)(void *, const char *), void *ctx,
                  const char *what, long where)
{
    char text[96];
    *count += 1;
    if (report != NULL) {
        snprintf(text, sizeof text, "%s %ld", what, where);
        report(ctx, text);
    }
}

/* The same checks as xcc.arrays.sanity: every active primary item's
 * neighbours point back to it; every item list (active primary ones, and
 * all secondary ones) is a proper circular list whose nodes belong to the
 * item and whose length matches len. */
int xcc_sanity(const struct xcc_search *s,
               void (*report)(void *ctx, const char *fault), void *ctx)
{
    int faults = 0;
    int32_t q = 0, p = s->cl[0].rlink;
    long steps = 0;
    for (;;) {
        if (s->cl[p].llink != q)
            fault(&faults, report, ctx, "bad llink at item", p);
        if (p == 0)
            break;
        q = p, p = s->cl[p].rlink;
        if (++steps > (long)s->n + 1) {
            fault(&faults, report, ctx, "item list does not close after item", q);
            return faults;
        }
    }
    uint8_t *active = calloc((size_t)s->n + 2, 1);
    if (active == NULL)
        return -1;
    for (int32_t k = s->cl[0].rlink; k != 0; k = s->cl[k].rlink)
        active[k] = 1;
    for (int32_t i = 1; i <= s->n; i++) {
        if (i <= s->n1 && !active[i])
            continue;
        int32_t qq = i, pp = s->nd[i].down;
        long k = 0;
        for (;;) {
            if (s->nd[pp].up != qq)
                fault(&faults, report, ctx, "bad up field at node", pp);
            if (pp == i)
                break;
            if (s->nd[pp].itm != i)
                fault(&faults, report, ctx, "bad itm field at node", pp);
            qq = pp, pp = s->nd[pp].down, k++;
            if (k > s->last_node) {
                fault(&faults, report, ctx, "list does not close: item", i);
                break;
            }
        }
        if (s->nd[i].itm != k)
            fault(&faults, report, ctx, "bad len field in item", i);
    }
    free(active);
    return faults;
}

void xcc_free(struct xcc_search *s)
{
    if (s == NULL)
        return;
    free(s->cl);
    free(s->nd);
    free(s->choice);
    free(s->guard_mark);
    free(s->force_mark);
    free(s->forced_item);
    free(s->forced_x);
    free(s->pass_items);
    free(s->failed_nodes);
    xcc_prop_free(s->prop);
    guard_free(s->guard);
    free(s);
}
