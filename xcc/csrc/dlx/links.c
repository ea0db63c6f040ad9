/* The dance: Algorithm C's operations on the links, each beside its inverse.
 *
 * Python twin: xcc/engines/dlx/links.py (cover/uncover, hide/unhide,
 * purify/unpurify, commit/uncommit, choose), and the link checks of
 * xcc/engines/dlx/arrays.py (sanity, option_of).  Each function here is the
 * C form of the twin's function of the same name and charges the same mems
 * in the same places (dlx.h).
 */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- cover / uncover (hide and unhide the options of item c) ------------- */

/* Remove the other nodes of option rr from their item lists.  (hide and
 * unhide are the inner loop of the dance: `inline` has them inlined into
 * cover and purify here, where the compiler then keeps s->mems and
 * s->updates in registers; called, they cost the search about a tenth more
 * instructions.  lookahead.c calls the external copy.) */
inline void hide(struct xcc_search *s, int32_t rr)
{
    struct xcc_node *nd = s->nd;
    int32_t uu, dd, cc, t;
    for (int32_t nn = rr + 1; nn != rr;) {
        if (o, nd[nn].color >= 0) {
            o, uu = nd[nn].up, dd = nd[nn].down;
            cc = nd[nn].itm; /* in the octabyte of color: no mem */
            if (cc <= 0) { /* a spacer: go back to the option's first node */
                nn = uu;
                continue;
            }
            oo, nd[uu].down = dd, nd[dd].up = uu;
            s->updates++;
            o, t = nd[cc].itm - 1; /* the length of item cc's list */
            o, nd[cc].itm = t;
        }
        nn++;
    }
}

inline void unhide(struct xcc_search *s, int32_t rr)
{
    struct xcc_node *nd = s->nd;
    int32_t uu, dd, cc, t;
    for (int32_t nn = rr + 1; nn != rr;) {
        if (o, nd[nn].color >= 0) {
            o, uu = nd[nn].up, dd = nd[nn].down;
            cc = nd[nn].itm;
            if (cc <= 0) {
                nn = uu;
                continue;
            }
            oo, nd[uu].down = nd[dd].up = nn;
            o, t = nd[cc].itm + 1;
            o, nd[cc].itm = t;
        }
        nn++;
    }
}

void cover(struct xcc_search *s, int32_t c)
{
    struct xcc_item *cl = s->cl;
    const struct xcc_node *nd = s->nd;
    int32_t l, r, rr;
    o, l = cl[c].llink, r = cl[c].rlink;
    oo, cl[l].rlink = r, cl[r].llink = l;
    s->updates++;
    for (o, rr = nd[c].down; rr >= s->last_itm; o, rr = nd[rr].down)
        hide(s, rr);
}

void uncover(struct xcc_search *s, int32_t c)
{
    struct xcc_item *cl = s->cl;
    const struct xcc_node *nd = s->nd;
    int32_t l, r, rr;
    for (o, rr = nd[c].down; rr >= s->last_itm; o, rr = nd[rr].down)
        unhide(s, rr);
    o, l = cl[c].llink, r = cl[c].rlink;
    oo, cl[l].rlink = cl[r].llink = c;
}

/* ---- purify / unpurify (keep only the options of color x in item cc) ----- */

/* Like unhide but walking the option leftward, as DLX2 does. */
static void unhide_purified(struct xcc_search *s, int32_t rr)
{
    struct xcc_node *nd = s->nd;
    int32_t uu, dd, cc, t;
    for (int32_t nn = rr - 1; nn != rr;) {
        if (o, nd[nn].color >= 0) {
            o, uu = nd[nn].up, dd = nd[nn].down;
            cc = nd[nn].itm;
            if (cc <= 0) { /* a spacer: go on to the option's last node */
                nn = dd;
                continue;
            }
            oo, nd[uu].down = nd[dd].up = nn;
            o, t = nd[cc].itm + 1;
            o, nd[cc].itm = t;
        }
        nn--;
    }
}

/* Hide the options of item cc whose color is not x; cleanse the rest. */
void purify_color(struct xcc_search *s, int32_t cc, int32_t x)
{
    struct xcc_node *nd = s->nd;
    int32_t rr;
    s->cleansings++;
    for (o, rr = nd[cc].down; rr >= s->last_itm; o, rr = nd[rr].down) {
        if (o, nd[rr].color != x)
            hide(s, rr);
        else
            s->cleansings++, o, nd[rr].color = -1;
    }
}

static void purify(struct xcc_search *s, int32_t p)
{
    int32_t cc, x;
    o, cc = s->nd[p].itm, x = s->nd[p].color;
    purify_color(s, cc, x);
}

void unpurify_color(struct xcc_search *s, int32_t cc, int32_t x)
{
    struct xcc_node *nd = s->nd;
    int32_t rr;
    for (o, rr = nd[cc].up; rr >= s->last_itm; o, rr = nd[rr].up) {
        if (o, nd[rr].color < 0)
            o, nd[rr].color = x;
        else
            unhide_purified(s, rr);
    }
}

static void unpurify(struct xcc_search *s, int32_t p)
{
    int32_t cc, x;
    o, cc = s->nd[p].itm, x = s->nd[p].color;
    unpurify_color(s, cc, x);
}

/* ---- the other items of a chosen option ----------------------------------- */

/* C5: cover or purify every other item of the option of node cur, and tell
 * the guard; returns -1 if the guard runs out of memory. */
int commit(struct xcc_search *s, int32_t cur)
{
    const struct xcc_node *nd = s->nd;
    struct xcc_guard *g = s->guard;
    int32_t cc;
    for (int32_t pp = cur + 1; pp != cur;) {
        o, cc = nd[pp].itm;
        if (cc <= 0) {
            o, pp = nd[pp].up;
            continue;
        }
        if (nd[pp].color == 0) { /* in the octabyte of itm: no mem */
            cover(s, cc);
            if (s->prop != NULL && cc > s->n1) /* named without a color: edges absent */
                if (guard_set_uncolored(g, cc - (s->n1 + 1)) < 0)
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

/* C6: the inverse of commit, walking the option leftward (the guard is
 * undone to its mark by the caller). */
void uncommit(struct xcc_search *s, int32_t cur)
{
    const struct xcc_node *nd = s->nd;
    int32_t cc;
    for (int32_t pp = cur - 1; pp != cur;) {
        o, cc = nd[pp].itm;
        if (cc <= 0) {
            o, pp = nd[pp].down;
            continue;
        }
        if (nd[pp].color == 0)
            uncover(s, cc);
        else if (nd[pp].color > 0)
            unpurify(s, pp);
        pp--;
    }
}

/* ---- C3: the item to branch on -------------------------------------------- */

/* The active primary item with the shortest list, leftmost on ties (0 if
 * none is left); the scan stops early at a list of length 0. */
int32_t choose(struct xcc_search *s)
{
    const struct xcc_node *nd = s->nd;
    const struct xcc_item *cl = s->cl;
    int64_t t = (int64_t)s->last_node + 1;
    int32_t best = 0, k;
    for (o, k = cl[0].rlink; t && k != 0; o, k = cl[k].rlink)
        if (o, nd[k].itm < t)
            best = k, t = nd[k].itm;
    return best;
}

/* ---- the link checks ---------------------------------------------------------- */

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

/* The same checks as xcc.engines.dlx.arrays.sanity: every active primary
 * item's neighbours point back to it; every item list (active primary ones,
 * and all secondary ones) is a proper circular list whose nodes belong to
 * the item and whose length matches len. */
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

int32_t xcc_option_of(const struct xcc_search *s, int32_t node)
{
    while (s->nd[node].itm > 0) /* the spacer after option k has itm -(k+1) */
        node++;
    return -s->nd[node].itm - 1;
}
