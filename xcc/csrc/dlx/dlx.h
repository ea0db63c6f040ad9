/* What the files of the compiled dancing-links engine share (internal: the
 * glue and tests/c/driver.c use search.h only).
 *
 * Python twins, file by file (each C file opens with its own):
 *   links.c      xcc/engines/dlx/links.py, and the link checks of arrays.py
 *   guard.c      xcc/engines/dlx/guard.py, with the fragments of xcc/fragments.py
 *   propagate.c  xcc/engines/dlx/propagate.py
 *   lookahead.c  xcc/engines/dlx/lookahead.py
 *   search.c     xcc/engines/dlx/python.py (the run, C1-C8) and the setup
 *   layout.c     the layouts and the link checks of xcc/engines/dlx/arrays.py
 *
 * Here: the state of a search (struct xcc_search, opaque in search.h), the
 * loop guard and the propagator, the mem macros, and the functions each
 * file gives the others.  All of it is hidden inside the extension
 * (-fvisibility=hidden), so calls between the files are direct.
 */
#ifndef XCC_DLX_H
#define XCC_DLX_H

#include <stddef.h>
#include <stdint.h>

#include "search.h"
#include "vec.h"

/* ---- mems -------------------------------------------------------------------
 * Charged on the access that pays for them, as DLX2 does (`o,cc=nd[nn].itm;`):
 * `o, x = nd[p].up` charges one mem to the search s in scope, `oo,` two,
 * `ooo,` three.  One mem is one access to an octabyte: up and down of a node
 * together, itm and color of a node together, llink and rlink of an item
 * together; the Python twins charge the same mems in the same places.  (The
 * count is the search's own, s->mems; in the dance's inner loops the
 * compiler keeps it in a register, see hide in links.c.) */
#define o s->mems++
#define oo s->mems += 2
#define ooo s->mems += 3

/* ---- the arrays ------------------------------------------------------------- */

/* The arrays of xcc/engines/dlx/arrays.py interleaved, as DLX2 stores them:
 * node p is nd[p] (up, down, itm, color); item i is cl[i].  The header node
 * of item i keeps the length of its list in itm; a spacer has itm <= 0. */
struct xcc_node {
    int32_t up, down, itm, color;
};

struct xcc_item {
    int32_t llink, rlink;
};

/* A problem's links as laid out before the search (layout.c): what every
 * search of it starts from (xcc_start copies them). */
struct xcc_layout {
    int32_t n1, n, last_node;
    struct xcc_item *cl; /* items 0..n+1 */
    struct xcc_node *nd; /* nodes 0..last_node-1 */
};

/* ---- the loop guard (guard.c) ---------------------------------------------- */

/* The single-cycle constraint over secondary items: the fragments (paths) the
 * present edges form, with an undo trail. */
struct xcc_guard {
    int32_t nverts;
    int32_t nsecondary;
    int32_t *edge_start; /* nsecondary+1 offsets into the edge arrays */
    int32_t *edge_color, *edge_u, *edge_v;
    int32_t npresent, *present; /* the edges present from the start, u v u v ... */
    int32_t *deg, *mate;
    uint8_t *is_required;
    int32_t nrequired, touched_required, fragments, closed;
    int32_t *item_color; /* propagation only: the color each item received
                            (0 none yet, -1 named without a color), else NULL */
    struct xcc_ivec trail; /* triples (what, index, old value); a mark is trail.n */
    int ok; /* the edges present from the start keep the rule */
};

/* The guard for the edges given (see xcc_set_cycle), or NULL if memory runs
 * out or a number is out of range. */
struct xcc_guard *guard_new(int32_t nverts, int32_t nsecondary, const int32_t *edge_start,
                            const int32_t *edge_color, const int32_t *edge_u,
                            const int32_t *edge_v, int32_t npresent, const int32_t *present,
                            int32_t nrequired, const int32_t *required);
/* Record the color of each item too (for propagation): 0, or -1 if memory runs out. */
int guard_track_items(struct xcc_guard *g);
/* Secondary item k (0-based among secondaries) got color x: 1 if its edges
 * keep the single-cycle rule, 0 if not, -1 if memory runs out. */
int guard_add_item(struct xcc_guard *g, int32_t k, int32_t x);
/* Item k was named without a color (its edges are absent): 0, or -1. */
int guard_set_uncolored(struct xcc_guard *g, int32_t k);
/* Undo every change made since the trail had length mark. */
void guard_undo_to(struct xcc_guard *g, size_t mark);
void guard_free(struct xcc_guard *g);

/* ---- the propagator (propagate.c) ------------------------------------------ */

/* The edge-level view of the guard for propagation (Propagator), with its
 * working arrays, allocated once per search. */
struct xcc_prop {
    int32_t nverts, nsecondary, nedges, ncuts;
    /* edge e: endpoints, owning secondary item (-1: present from the start)
     * and the color of the item that makes it present; item edges first,
     * in item order, then the constant ones */
    int32_t *eu, *ev, *eitem, *ecolor;
    int32_t *adj_start, *adj; /* the edges at vertex v: adj[adj_start[v]..adj_start[v+1]) */
    int32_t *adj_w;           /* the other end of edge adj[j] seen from its vertex */
    int32_t *color_a, *color_b; /* the two colors of an item, or 0, 0 */
    int32_t *cut_start, *cut_edge; /* parity cuts: cut_edge[cut_start[k]..cut_start[k+1]) */
    /* scratch for one round of reasoning */
    uint8_t *st, *is_must;
    int32_t *must, *disc, *low, *below, *stack_v, *stack_e, *stack_i;
    int32_t *want; /* the color a round asks for each item, 0 none */
    int32_t *out_item, *out_color, nout; /* a round's deductions, by item */
    uint64_t round_mems; /* the mems a round costs: nverts + 3 * nedges */
};

/* One round of reasoning over the guard's current state.  Returns -1 at a
 * dead end; else the number of deductions, which are then
 * (p->out_item[k], p->out_color[k]) in increasing item order. */
int32_t xcc_deduce(struct xcc_prop *p, const struct xcc_guard *g);
int xcc_prop_init(struct xcc_prop *p, const struct xcc_guard *g, int32_t ncuts,
                  const int32_t *cut_start, const int32_t *cut_edge);
void xcc_prop_free(struct xcc_prop *p);

/* ---- the search ------------------------------------------------------------ */

/* The stack of forced things (lookahead.c) holds (item, color) for a color
 * forced on a secondary item (0-based), (FORCED, node) for an option chosen
 * without branching, (REMOVED, node) for an option a probe showed to fail. */
enum { FORCED = -1, REMOVED = -2 };

struct xcc_search {
    /* the problem, owned copies of the arrays of xcc/engines/dlx/arrays.py */
    int32_t n1, n, last_itm, last_node;
    struct xcc_item *cl; /* items 0..n+1 */
    struct xcc_node *nd; /* nodes 0..last_node-1 */

    /* the counters, as xcc.results.Stats */
    uint64_t nodes, solutions, updates, cleansings, mems, cycle_cuts, forced, probes;
    int32_t max_level;

    /* the state of the search, so that xcc_run can resume */
    int state;
    int32_t level, best, cur;
    int32_t *choice;       /* n1+1 entries: each level covers a primary item */
    size_t *guard_mark;    /* the trail length when choice[level] was tried */
    struct xcc_guard *guard;
    int guard_failed;

    /* propagation: what was forced without branching, undone on backtrack;
     * entry k is (forced_item[k], forced_x[k]), as the enum above says */
    struct xcc_prop *prop;
    int32_t *forced_item, *forced_x;
    size_t nforced;
    size_t *force_mark; /* nforced when choice[level] was tried */
    int32_t nchoices;   /* levels in the solution just found */
    int probing;        /* inside a probe (its forced colors are not counted) */
    int32_t *pass_items, *failed_nodes; /* scratch for the lookahead */

    /* a subproblem (xcc_set_prefix): the option of each of the first
     * nprefix levels, replayed before the search of its subtree */
    int32_t *prefix, nprefix;
    int descending;              /* still replaying the prefix */
    int paused;                  /* the last xcc_run paused at step C5 (xcc_split) */
    int32_t bad_level;           /* where the prefix left the search tree, or -1 */
    struct xcc_counters replay;  /* the counters when the replay ended */
    int walkable;                /* done at a level of the prefix, links kept (xcc_walk) */
    int32_t walk_common;         /* the levels the next prefix shares with the last */
};

/* links.c: the dance (Algorithm C's operations on the links) */
void hide(struct xcc_search *s, int32_t rr);
void unhide(struct xcc_search *s, int32_t rr);
void cover(struct xcc_search *s, int32_t c);
void uncover(struct xcc_search *s, int32_t c);
void purify_color(struct xcc_search *s, int32_t cc, int32_t x);
void unpurify_color(struct xcc_search *s, int32_t cc, int32_t x);
int commit(struct xcc_search *s, int32_t cur); /* -1 if the guard's memory runs out */
void uncommit(struct xcc_search *s, int32_t cur);
int32_t choose(struct xcc_search *s);

/* lookahead.c: forcing and probing, with propagation */
int propagate(struct xcc_search *s);                /* 0, or -1: out of memory */
int32_t lookahead(struct xcc_search *s);            /* the item, 0, -1 dead end, -2 */
void unforce_to(struct xcc_search *s, size_t mark); /* undo what was forced */

#endif
