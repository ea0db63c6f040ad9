/* Propagation inside the search: forcing, unit items, probes, lookahead.
 *
 * Python twin: xcc/engines/dlx/lookahead.py.  After every choice propagate()
 * chooses the options of items with one option left and forces the colors
 * that a round of reasoning (propagate.c) deduces, until nothing new
 * follows; lookahead() is step C3 when propagating: it probes every option
 * of every active primary item, takes out the options that fail, and picks
 * the item to branch on.  Everything forced goes on a stack (dlx.h) and is
 * undone on backtrack by unforce_to().
 */
#include "dlx.h"

/* ---- propagation: forced colors and options, undone on backtrack ---------- */

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

/* Choose the option of node for its item, without branching.  (Reading the
 * node's item here and in unforce_to costs no mem, in the twin too.) */
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
    int32_t uu, dd, c, t;
    hide(s, node);
    o, uu = nd[node].up, dd = nd[node].down;
    oo, nd[uu].down = dd, nd[dd].up = uu;
    s->updates++;
    o, c = nd[node].itm;
    o, t = nd[c].itm - 1;
    o, nd[c].itm = t;
    push_forced(s, REMOVED, node);
}

static void restore_option(struct xcc_search *s, int32_t node)
{
    struct xcc_node *nd = s->nd;
    int32_t uu, dd, c, t;
    o, uu = nd[node].up, dd = nd[node].down;
    oo, nd[uu].down = nd[dd].up = node;
    o, c = nd[node].itm;
    o, t = nd[c].itm + 1;
    o, nd[c].itm = t;
    unhide(s, node);
}

void unforce_to(struct xcc_search *s, size_t mark)
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
    const struct xcc_item *cl = s->cl;
    int32_t k;
    for (o, k = cl[0].rlink; k != 0; o, k = cl[k].rlink)
        if (o, s->nd[k].itm <= 1)
            return k;
    return -1;
}

/* Choose the options of items with one option left, and force the colors
 * the propagator deduces, until nothing new follows; set guard_failed at a
 * dead end.  -1 if the guard's memory runs out. */
int propagate(struct xcc_search *s)
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
    size_t mark = s->nforced, guard_mark = s->guard->trail.n;
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
int32_t lookahead(struct xcc_search *s)
{
    struct xcc_node *nd = s->nd;
    const struct xcc_item *cl = s->cl;
    int32_t *items = s->pass_items, *failed = s->failed_nodes;
    int32_t k, x;
    for (;;) {
        int32_t nitems = 0;
        for (o, k = cl[0].rlink; k != 0; o, k = cl[k].rlink)
            items[nitems++] = k;
        if (nitems == 0)
            return 0;
        int changed = 0;
        int32_t best = 0, best_len = 0;
        int64_t best_score = 0;
        for (int32_t j = 0; j < nitems; j++) {
            int32_t nfailed = 0;
            k = items[j];
            if (o, cl[cl[k].llink].rlink != k) /* one mem, as the twin charges */
                continue; /* covered since the pass began */
            int64_t score = 1, gain;
            for (o, x = nd[k].down; x != k; o, x = nd[x].down) {
                int r = probe(s, x, &gain);
                if (r < 0)
                    return -2;
                if (r)
                    failed[nfailed++] = x;
                else
                    score = score > SCORE_CAP / (gain + 1) ? SCORE_CAP : score * (gain + 1);
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
