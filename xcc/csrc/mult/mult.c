/* Algorithm M (multiplicities), Knuth's DLX3, in C: engine "mult".
 *
 * Python twin: xcc/engines/mult/python.py, the reference, which documents
 * the data and the steps; this file follows it line by line and charges the
 * same mems on the same statements (o: one mem, oo: two, as in DLX3).
 */
#include "mult.h"

#include <stdlib.h>
#include <string.h>

#define INFTY INT32_MAX /* the score of no item at all (DLX3: its max_nodes; here above any list) */

#define o (s->mems++)
#define oo (s->mems += 2)

struct node {
    int32_t up, down, itm, color; /* a header's itm is the length of its list */
};

struct item {
    int32_t prev, next, bound, slack;
};

enum { START, FORWARD, BACKDOWN, OVER }; /* where a step goes on from */

struct xcc_mult {
    struct node *nd;
    struct item *cl;
    int32_t second, last_itm, last_node;
    int32_t *choice, *first_tweak, *scor; /* per level */
    size_t levels; /* their size */
    int32_t level, best, cur, solution_level;
    int state;
    uint64_t pause_at;
    struct xcc_mult_stats st;
    uint64_t mems; /* st.mems while searching */
};

struct xcc_mult *xcc_mult_new(int32_t n1, int32_t n, int32_t m, const int32_t *starts,
                              const int32_t *items, const int32_t *colors,
                              const int32_t *bounds)
{
    struct xcc_mult *s = calloc(1, sizeof *s);
    if (s == NULL)
        return NULL;
    int32_t last_itm = n + 1;
    size_t size = (size_t)last_itm + 1 + (size_t)starts[m] + (size_t)m;
    s->nd = calloc(size, sizeof *s->nd);
    s->cl = calloc((size_t)n + 1, sizeof *s->cl);
    s->levels = 64;
    s->choice = calloc(s->levels, sizeof *s->choice);
    s->first_tweak = calloc(s->levels, sizeof *s->first_tweak);
    s->scor = calloc(s->levels, sizeof *s->scor);
    if (!s->nd || !s->cl || !s->choice || !s->first_tweak || !s->scor) {
        xcc_mult_free(s);
        return NULL;
    }
    struct node *nd = s->nd;
    struct item *cl = s->cl;
    for (int32_t k = 1; k <= n; k++) {
        if (k <= n1) {
            cl[k].prev = k - 1, cl[k - 1].next = k;
            int32_t u = bounds ? bounds[2 * (k - 1)] : 1, v = bounds ? bounds[2 * k - 1] : 1;
            cl[k].bound = v, cl[k].slack = v - u;
        } else
            cl[k].prev = cl[k].next = k;
        nd[k].up = nd[k].down = k;
    }
    cl[0].prev = n1, cl[n1].next = 0;
    s->second = n1 + 1, s->last_itm = last_itm;
    int32_t last = last_itm;
    for (int32_t j = 0; j < m; j++) {
        int32_t spacer = last;
        for (int32_t e = starts[j]; e < starts[j + 1]; e++) {
            last++;
            int32_t k = items[e] + 1;
            nd[last].itm = k, nd[last].color = colors[e];
            nd[k].itm++;
            int32_t r = nd[k].up;
            nd[r].down = nd[k].up = last;
            nd[last].up = r, nd[last].down = k;
        }
        nd[spacer].down = last;
        last++;
        nd[last].up = spacer + 1, nd[last].itm = -(j + 1);
    }
    s->last_node = last;
    s->state = START;
    return s;
}

void xcc_mult_free(struct xcc_mult *s)
{
    if (s == NULL)
        return;
    free(s->nd);
    free(s->cl);
    free(s->choice);
    free(s->first_tweak);
    free(s->scor);
    free(s);
}

/* ---- covering, and its inverse ------------------------------------------------ */

/* Hide every option of item c from the other items' lists (and take c out of
 * the active list if deact). */
static void cover(struct xcc_mult *s, int32_t c, int deact)
{
    struct node *nd = s->nd;
    struct item *cl = s->cl;
    int32_t last_itm = s->last_itm;
    if (deact) {
        int32_t l = cl[c].prev, r = cl[c].next;
        s->mems += 3, cl[l].next = r, cl[r].prev = l;
    }
    s->st.updates++;
    int32_t rr = (o, nd[c].down);
    while (rr >= last_itm) {
        for (int32_t nn = rr + 1; nn != rr;) {
            if (o, nd[nn].color >= 0) {
                int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
                o;
                if (cc <= 0) {
                    nn = uu;
                    continue;
                }
                oo, nd[uu].down = dd, nd[dd].up = uu;
                s->st.updates++;
                oo, nd[cc].itm--;
            }
            nn++;
        }
        o, rr = nd[rr].down;
    }
}

/* Undo cover(c, react), going downward again. */
static void uncover(struct xcc_mult *s, int32_t c, int react)
{
    struct node *nd = s->nd;
    struct item *cl = s->cl;
    int32_t last_itm = s->last_itm;
    int32_t rr = (o, nd[c].down);
    while (rr >= last_itm) {
        for (int32_t nn = rr + 1; nn != rr;) {
            if (o, nd[nn].color >= 0) {
                int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
                o;
                if (cc <= 0) {
                    nn = uu;
                    continue;
                }
                oo, nd[uu].down = nd[dd].up = nn;
                oo, nd[cc].itm++;
            }
            nn++;
        }
        o, rr = nd[rr].down;
    }
    if (react) {
        int32_t l = cl[c].prev, r = cl[c].next;
        s->mems += 3, cl[l].next = cl[r].prev = c;
    }
}

/* Node p gives its secondary item a color: hide the options that want
 * another color there, cleanse those that want the same. */
static void purify(struct xcc_mult *s, int32_t p)
{
    struct node *nd = s->nd;
    int32_t last_itm = s->last_itm;
    int32_t c = nd[p].itm, x = nd[p].color;
    o;
    s->st.cleansings++;
    int32_t rr = (o, nd[c].down);
    while (rr >= last_itm) {
        if (o, nd[rr].color != x) {
            for (int32_t nn = rr + 1; nn != rr;) {
                int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
                oo;
                if (cc <= 0) {
                    nn = uu;
                    continue;
                }
                if (nd[nn].color >= 0) {
                    oo, nd[uu].down = dd, nd[dd].up = uu;
                    s->st.updates++;
                    oo, nd[cc].itm--;
                }
                nn++;
            }
        } else if (rr != p) {
            s->st.cleansings++;
            o, nd[rr].color = -1;
        }
        o, rr = nd[rr].down;
    }
}

/* Undo purify(p), upward. */
static void unpurify(struct xcc_mult *s, int32_t p)
{
    struct node *nd = s->nd;
    int32_t last_itm = s->last_itm;
    int32_t c = nd[p].itm, x = nd[p].color;
    o;
    int32_t rr = (o, nd[c].up);
    while (rr >= last_itm) {
        if (o, nd[rr].color < 0) {
            o, nd[rr].color = x;
        } else if (rr != p) {
            for (int32_t nn = rr - 1; nn != rr;) {
                int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
                oo;
                if (cc <= 0) {
                    nn = dd;
                    continue;
                }
                if (nd[nn].color >= 0) {
                    oo, nd[uu].down = nd[dd].up = nn;
                    oo, nd[cc].itm++;
                }
                nn--;
            }
        }
        o, rr = nd[rr].up;
    }
}

/* Hide node n (the top of its item's list) from that list, and, if block,
 * its option from the other items' lists too. */
static void tweak(struct xcc_mult *s, int32_t n, int32_t block)
{
    struct node *nd = s->nd;
    for (int32_t nn = block ? n + 1 : n;;) {
        if (o, nd[nn].color >= 0) {
            int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
            o;
            if (cc <= 0) {
                nn = uu;
                continue;
            }
            oo, nd[uu].down = dd, nd[dd].up = uu;
            s->st.updates++;
            oo, nd[cc].itm--;
        }
        if (nn == n)
            break;
        nn++;
    }
}

/* Undo the tweaks of item c since its top was node x. */
static void untweak(struct xcc_mult *s, int32_t c, int32_t x, int32_t unblock)
{
    struct node *nd = s->nd;
    int32_t z = nd[c].down, k = 0, qq = c, rr = x;
    oo, nd[c].down = x;
    while (rr != z) {
        o, nd[rr].up = qq, k++;
        if (unblock)
            for (int32_t nn = rr + 1; nn != rr;) {
                if (o, nd[nn].color >= 0) {
                    int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
                    o;
                    if (cc <= 0) {
                        nn = uu;
                        continue;
                    }
                    oo, nd[uu].down = nd[dd].up = nn;
                    oo, nd[cc].itm++;
                }
                nn++;
            }
        o, qq = rr, rr = nd[rr].down;
    }
    o, nd[rr].up = qq;
    oo, nd[c].itm += k;
    if (!unblock)
        uncover(s, c, 0);
}

/* Cover or partially cover the other items of cur's option. */
static void commit(struct xcc_mult *s, int32_t cur)
{
    struct node *nd = s->nd;
    struct item *cl = s->cl;
    for (int32_t pp = cur + 1; pp != cur;) {
        int32_t cc = (o, nd[pp].itm);
        if (cc <= 0) {
            o, pp = nd[pp].up;
            continue;
        }
        if (cc < s->second) {
            oo, cl[cc].bound--;
            if (cl[cc].bound == 0)
                cover(s, cc, 1);
        } else if (!nd[pp].color)
            cover(s, cc, 1);
        else if (nd[pp].color > 0)
            purify(s, pp);
        pp++;
    }
}

/* Undo commit(cur), leftward. */
static void uncommit(struct xcc_mult *s, int32_t cur)
{
    struct node *nd = s->nd;
    struct item *cl = s->cl;
    for (int32_t pp = cur - 1; pp != cur;) {
        int32_t cc = (o, nd[pp].itm);
        if (cc <= 0) {
            o, pp = nd[pp].down;
            continue;
        }
        if (cc < s->second) {
            if (o, cl[cc].bound == 0)
                uncover(s, cc, 1);
            o, cl[cc].bound++;
        } else if (!nd[pp].color)
            uncover(s, cc, 1);
        else if (nd[pp].color > 0)
            unpurify(s, pp);
        pp--;
    }
}

/* M3: the active item of least branching degree len + s - bound + 1 (s the
 * slack, at most the bound); on ties the least s, then the longest list,
 * then the leftmost.  *score INFTY: none active; <= 0: a dead end. */
static int32_t choose(struct xcc_mult *s, int32_t *score)
{
    struct node *nd = s->nd;
    struct item *cl = s->cl;
    int32_t t, best = 0, best_s = 0, best_l = 0, sc = INFTY;
    uint64_t count = 0;
    o;
    for (int32_t k = cl[0].next; k != 0; k = cl[k].next) {
        count++;
        int32_t sl = cl[k].slack, b = cl[k].bound, len = nd[k].itm;
        if (sl > b)
            sl = b;
        t = len + sl - b + 1;
        if (t <= sc && (t < sc || sl < best_s || (sl == best_s && len > best_l)))
            sc = t, best = k, best_s = sl, best_l = len;
    }
    s->mems += 2 * count; /* slack (with bound) and next, for each active item */
    *score = sc;
    return best;
}

/* ---- the search: Algorithm M ---------------------------------------------------- */

static int grow(struct xcc_mult *s)
{
    size_t size = 2 * s->levels;
    int32_t *a = realloc(s->choice, size * sizeof *a);
    if (a == NULL)
        return -1;
    s->choice = a;
    if ((a = realloc(s->first_tweak, size * sizeof *a)) == NULL)
        return -1;
    s->first_tweak = a;
    if ((a = realloc(s->scor, size * sizeof *a)) == NULL)
        return -1;
    s->scor = a;
    s->levels = size;
    return 0;
}

int xcc_mult_step(struct xcc_mult *s, uint64_t budget)
{
    struct node *nd = s->nd;
    struct item *cl = s->cl;
    int32_t level = s->level, best = s->best, cur = s->cur, score;
    int32_t last_itm = s->last_itm;
    int status = XCC_MULT_DONE;
    s->mems = s->st.mems;
    s->pause_at = budget ? s->mems + budget : UINT64_MAX;
    switch (s->state) {
    case START:
        goto forward;
    case FORWARD:
        goto forward_go; /* the level was entered (and counted) before the pause */
    case BACKDOWN:
        goto backdown;
    default:
        return XCC_MULT_DONE;
    }
forward:
    /* M2 [Enter level l.] */
    s->st.nodes++;
    if (s->mems >= s->pause_at) {
        s->state = FORWARD, status = XCC_MULT_PAUSED;
        goto out;
    }
forward_go:
    /* M3 [Choose i.] */
    best = choose(s, &score);
    if (score <= 0)
        goto backdown; /* not enough options left in this item */
    if (score == INFTY) { /* no active primary item: a solution */
        s->solution_level = level;
        s->state = BACKDOWN, status = XCC_MULT_SOLUTION;
        goto out;
    }
    /* M4 [Prepare to branch on i.] */
    s->scor[level] = score, s->first_tweak[level] = 0;
    oo, cur = s->choice[level] = nd[best].down;
    o, cl[best].bound--;
    if (cl[best].bound == 0 && cl[best].slack == 0)
        cover(s, best, 1);
    else {
        o, s->first_tweak[level] = cur;
        if (cl[best].bound == 0)
            cover(s, best, 1);
    }
advance:
    /* M5 [Try x_l.] back up when cur is off limits; else tweak, or the null move */
    if ((o, cl[best].bound == 0) && cl[best].slack == 0) {
        if (cur == best)
            goto backup;
    } else if (oo, nd[best].itm <= cl[best].bound - cl[best].slack)
        goto backup;
    else if (cur != best)
        tweak(s, cur, cl[best].bound);
    else if (cl[best].bound != 0) { /* the null move: i leaves the active list */
        int32_t p = cl[best].prev, q = cl[best].next;
        s->mems += 3, cl[p].next = q, cl[q].prev = p;
    }
    if (cur > last_itm)
        commit(s, cur);
    if ((uint64_t)++level > s->st.max_level) {
        s->st.max_level = (uint64_t)level;
        if ((size_t)level == s->levels && grow(s) < 0) {
            status = -1, s->state = OVER;
            goto out;
        }
    }
    goto forward;
backup:
    /* M6 [Restore i.] */
    if ((o, cl[best].bound == 0) && cl[best].slack == 0)
        uncover(s, best, 1);
    else
        o, untweak(s, best, s->first_tweak[level], cl[best].bound);
    oo, cl[best].bound++;
backdown:
    /* M7 [Leave level l.] */
    if (level == 0) {
        s->state = OVER, status = XCC_MULT_DONE;
        goto out;
    }
    level--;
    oo, cur = s->choice[level], best = nd[cur].itm;
    if (cur < last_itm) { /* the null move: reactivate the item, then restore it */
        best = cur;
        int32_t p = cl[best].prev, q = cl[best].next;
        s->mems += 3, cl[p].next = cl[q].prev = best;
        goto backup;
    }
    uncommit(s, cur);
    oo, cur = s->choice[level] = nd[cur].down;
    goto advance;
out:
    s->level = level, s->best = best, s->cur = cur;
    s->st.mems = s->mems;
    if (status == XCC_MULT_SOLUTION)
        s->st.solutions++;
    return status;
}

int xcc_mult_count(struct xcc_mult *s, uint64_t budget, uint64_t room, uint64_t *found)
{
    uint64_t pause_at = budget ? s->st.mems + budget : 0;
    *found = 0;
    for (;;) {
        uint64_t left = 0;
        if (budget) {
            if (s->st.mems >= pause_at)
                return XCC_MULT_PAUSED;
            left = pause_at - s->st.mems;
        }
        int status = xcc_mult_step(s, left);
        if (status != XCC_MULT_SOLUTION)
            return status;
        if (++*found >= room)
            return status;
    }
}

size_t xcc_mult_depth(const struct xcc_mult *s)
{
    return (size_t)s->solution_level;
}

size_t xcc_mult_solution(const struct xcc_mult *s, int32_t *out)
{
    size_t count = 0;
    for (int32_t l = 0; l < s->solution_level; l++) {
        int32_t p = s->choice[l];
        if (p <= s->last_itm)
            continue; /* a null move */
        while (s->nd[p].itm > 0)
            p++;
        out[count++] = -s->nd[p].itm - 1;
    }
    return count;
}

struct xcc_mult_stats xcc_mult_stats(const struct xcc_mult *s)
{
    return s->st;
}
