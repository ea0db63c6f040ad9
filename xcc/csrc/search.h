/* Algorithm C (Knuth's DLX2, TAOCP 7.2.2.1) in plain C: the compiled engine.
 *
 * A line-by-line translation of xcc/engine_py.py onto the same flat arrays
 * (xcc/arrays.py), counting nodes, updates, cleansings and mems exactly as
 * the reference engine (and DLX2) does, plus the single-cycle loop guard of
 * xcc/cycle.py.  No Python here: xcc/csrc/module.c is the glue, and
 * tests/c/driver.c runs this file alone (under sanitizers: tools/sanitize.sh).
 *
 * Use: xcc_new() copies the arrays; xcc_set_cycle() adds the guard, and
 * xcc_set_propagation() the reasoning of xcc/propagate.py on top of it
 * (propagate.c); xcc_run() searches until a solution, the end, or a mem
 * budget is spent, and can be called again to resume; xcc_solution() reads
 * a solution; xcc_free() releases everything.
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
    int32_t npresent, *present; /* the edges present from the start, u v u v ... */
    int32_t *deg, *mate;
    uint8_t *is_required;
    int32_t nrequired, touched_required, fragments, closed;
    int32_t *item_color; /* propagation only: the color each item received
                            (0 none yet, -1 named without a color), else NULL */
    int32_t *trail; /* triples (what, index, old value) */
    size_t trail_len, trail_cap;
    int ok; /* the edges present from the start keep the rule */
};

/* The edge-level view of the guard for propagation (xcc/propagate.py:
 * Propagator), with its working arrays, allocated once per search. */
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
     * entry k is (forced_item[k], forced_x[k]): a secondary item (0-based)
     * and the color it was given, or (-1, node) for an option chosen
     * without branching, or (-2, node) for an option taken out because a
     * probe of the lookahead showed that it fails */
    struct xcc_prop *prop;
    int32_t *forced_item, *forced_x;
    size_t nforced;
    size_t *force_mark; /* nforced when choice[level] was tried */
    int32_t nchoices;   /* levels in the solution just found */
    int probing;        /* inside a probe (its forced colors are not counted) */
    int32_t *pass_items, *failed_nodes; /* scratch for the lookahead */
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

/* Add propagation (call after xcc_set_cycle, before the first xcc_run): the
 * reasoning of xcc/propagate.py after every choice, with the ncuts parity
 * cuts cut_edge[cut_start[k]..cut_start[k+1]) given as edge numbers (the
 * guard's item edges in order, then its present edges).  Returns 0, or -1
 * if memory runs out or a number is out of range. */
int xcc_set_propagation(struct xcc_search *s, int32_t ncuts, const int32_t *cut_start,
                        const int32_t *cut_edge);

/* Search on until a solution (read it with xcc_solution), the end, or until
 * about mem_budget more mems have been spent (0: no budget). */
int xcc_run(struct xcc_search *s, uint64_t mem_budget);

/* The nodes of the solution just found: the chosen node of each level, then
 * the options forced by propagation, in the order they were forced.  Writes
 * them to out (room for n1 entries suffices) and returns how many. */
int32_t xcc_solution(const struct xcc_search *s, int32_t *out);

/* propagate.c: one round of reasoning over the guard's current state.
 * Returns -1 at a dead end; else the number of deductions, which are then
 * (p->out_item[k], p->out_color[k]) in increasing item order. */
int32_t xcc_deduce(struct xcc_prop *p, const struct xcc_guard *g);
int xcc_prop_init(struct xcc_prop *p, const struct xcc_guard *g, int32_t ncuts,
                  const int32_t *cut_start, const int32_t *cut_edge);
void xcc_prop_free(struct xcc_prop *p);

/* The number of faults in the links of the active structure (0 is good);
 * report, if not NULL, is called with a description of each; -1 if memory
 * runs out. */
int xcc_sanity(const struct xcc_search *s,
               void (*report)(void *ctx, const char *fault), void *ctx);

void xcc_free(struct xcc_search *s);

#endif
