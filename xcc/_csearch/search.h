/* Algorithm C (Knuth's DLX2, TAOCP 7.2.2.1) in plain C: the compiled engine.
 *
 * A line-by-line translation of xcc/engine_py.py onto the same flat arrays
 * (xcc/arrays.py), counting nodes, updates, cleansings and mems exactly as
 * the reference engine (and DLX2) does, plus the single-cycle loop guard of
 * xcc/cycle.py.  No Python here: xcc/_csearchmodule.c is the glue, and
 * tests/c/driver.c runs this file alone (under sanitizers: tools/sanitize.sh).
 *
 * Use: xcc_new() copies the arrays; xcc_set_cycle() adds the guard;
 * xcc_run() searches until a solution, the end, or a mem budget is spent,
 * and can be called again to resume; xcc_free() releases everything.
 */
#ifndef XCC_SEARCH_H
#define XCC_SEARCH_H

#include <stddef.h>
#include <stdint.h>

enum xcc_status {
    XCC_DONE = 0,     /* the search is over: every solution has been found */
    XCC_SOLUTION = 1, /* choice[0..level] is a solution; call again for more */
    XCC_PAUSED = 2,   /* the budget is spent; call again to go on */
    XCC_ERROR = -1    /* out of memory */
};

/* The single-cycle constraint over secondary items (CycleGuard). */
struct xcc_guard {
    int32_t nverts;
    int32_t nsecondary;
    int32_t *edge_start; /* nsecondary+1 offsets into the edge arrays */
    int32_t *edge_color, *edge_u, *edge_v;
    int32_t *deg, *mate;
    uint8_t *is_required;
    int32_t nrequired, touched_required, fragments, closed;
    int32_t *trail; /* triples (what, index, old value) */
    size_t trail_len, trail_cap;
    int ok; /* the edges present from the start keep the rule */
};

/* The arrays of xcc/arrays.py interleaved, as DLX2 stores them: node p is
 * nd[p] (up[p], down[p], itm[p], color[p]); item i is cl[i]. */
struct xcc_node {
    int32_t up, down, itm, color;
};

struct xcc_item {
    int32_t llink, rlink;
};

struct xcc_search {
    /* the problem, owned copies of the arrays of xcc/arrays.py */
    int32_t n1, n, last_itm, last_node;
    struct xcc_item *cl; /* items 0..n+1 */
    struct xcc_node *nd; /* nodes 0..last_node-1 */

    /* the counters, as xcc.results.Stats */
    uint64_t nodes, solutions, updates, cleansings, mems, cycle_cuts;
    int32_t max_level;

    /* the state of the search, so that xcc_run can resume */
    int state;
    int32_t level, best, cur;
    int32_t *choice;       /* n1+1 entries: each level covers a primary item */
    size_t *guard_mark;    /* the trail length when choice[level] was tried */
    struct xcc_guard *guard;
    int guard_failed;
};

/* A search over copies of the arrays (item arrays n+2 long, node arrays
 * last_node long); NULL if memory runs out or the sizes make no sense. */
struct xcc_search *xcc_new(int32_t n1, int32_t n, int32_t last_node,
                           const int32_t *llink, const int32_t *rlink,
                           const int32_t *up, const int32_t *down,
                           const int32_t *itm, const int32_t *color);

/* Add the loop guard (call before the first xcc_run).  For secondary item
 * k (0-based), the edges edge_start[k] <= e < edge_start[k+1] are present
 * when the item receives color edge_color[e]; present[2*j], present[2*j+1]
 * are the edges present from the start; required lists vertices the cycle
 * must visit.  Returns 0, or -1 if memory runs out or a vertex is out of
 * range. */
int xcc_set_cycle(struct xcc_search *s, int32_t nverts, int32_t nsecondary,
                  const int32_t *edge_start, const int32_t *edge_color,
                  const int32_t *edge_u, const int32_t *edge_v,
                  int32_t npresent, const int32_t *present,
                  int32_t nrequired, const int32_t *required);

/* Search on until a solution (then s->choice[0..s->level] holds it), the end,
 * or until about mem_budget more mems have been spent (0: no budget). */
int xcc_run(struct xcc_search *s, uint64_t mem_budget);

/* The number of faults in the links of the active structure (0 is good);
 * report, if not NULL, is called with a description of each; -1 if memory
 * runs out. */
int xcc_sanity(const struct xcc_search *s,
               void (*report)(void *ctx, const char *fault), void *ctx);

void xcc_free(struct xcc_search *s);

#endif
