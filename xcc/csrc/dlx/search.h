/* Algorithm C (Knuth's DLX2, TAOCP 7.2.2.1) in plain C: the compiled engine's
 * API, as the glue (xcc/csrc/glue/) and tests/c/driver.c use it.
 *
 * Python twin: xcc/engines/dlx/python.py (engine "python"), a resumable run
 * of the same search on the same arrays (xcc/engines/dlx/arrays.py), with
 * the same solutions in the same order and the same counters: nodes,
 * updates, cleansings and mems as DLX2 counts them, plus the single-cycle
 * loop guard and the propagation of xcc/engines/dlx/.  No Python here; the
 * files behind this API share dlx.h.
 *
 * Use: a layout of the problem's links, built once (xcc_layout_compact from
 * the problem's compact arrays, or xcc_layout_arrays from the arrays of
 * arrays.py, checked), starts any number of searches (xcc_start copies it;
 * xcc_new() does both from the arrays); xcc_set_cycle() adds the loop guard,
 * and xcc_set_propagation() the reasoning of xcc/engines/dlx/propagate.py on
 * top of it; xcc_run() searches until a solution, the end, or a mem budget
 * is spent, and can be called again to resume; xcc_count() goes on through
 * many solutions, counting them; xcc_solution() reads a solution and
 * xcc_counters() the counters; xcc_free() releases everything.
 */
#ifndef XCC_SEARCH_H
#define XCC_SEARCH_H

#include <stddef.h>
#include <stdint.h>

struct xcc_ivec; /* vec.h */

enum xcc_status {
    XCC_DONE = 0,     /* the search is over: every solution has been found */
    XCC_SOLUTION = 1, /* a solution was found (xcc_solution); call again for more */
    XCC_PAUSED = 2,   /* the budget is spent; call again to go on */
    XCC_ERROR = -1,   /* out of memory */
    XCC_BAD_PREFIX = -2 /* the prefix (xcc_set_prefix) is no path of the search tree */
};

struct xcc_search; /* the state of one search (dlx.h) */
struct xcc_layout; /* a problem's links before the search (dlx.h) */

/* The counters, as xcc.results.Stats names them. */
struct xcc_counters {
    uint64_t solutions, nodes, updates, cleansings, mems, cycle_cuts, forced, probes;
    int32_t max_level;
};

/* The layout of a problem given as compact arrays (xcc.problem.Compact: m
 * options, option k's entries starts[k]..starts[k+1]-1, entry e naming
 * item items[e] (0-based, primary items first) with color code colors[e],
 * 0 for none), built in one pass.  NULL on bad input (an item out of range,
 * twice in an option, a color on a primary item, an empty option) or when
 * memory runs out; why (room bytes, if not NULL) then says which. */
struct xcc_layout *xcc_layout_compact(int32_t n1, int32_t n, int32_t m, const int32_t *starts,
                                      const int32_t *items, const int32_t *colors, char *why,
                                      size_t room);

/* The layout of the arrays of xcc/engines/dlx/arrays.py (item arrays n+2
 * long, node arrays last_node long), copied after checking them in linear
 * time: indices in range, the item lists circles through their headers
 * with the lengths the headers say, every node in its item's list once, the
 * spacers pointing to the ends of their options.  NULL, with why, if not. */
struct xcc_layout *xcc_layout_arrays(int32_t n1, int32_t n, int32_t last_node,
                                     const int32_t *llink, const int32_t *rlink,
                                     const int32_t *up, const int32_t *down, const int32_t *itm,
                                     const int32_t *color, char *why, size_t room);

/* The sizes of a layout, and its arrays in the form of arrays.py. */
void xcc_layout_sizes(const struct xcc_layout *L, int32_t *n1, int32_t *n, int32_t *last_node);
void xcc_layout_export(const struct xcc_layout *L, int32_t *llink, int32_t *rlink, int32_t *up,
                       int32_t *down, int32_t *itm, int32_t *color);
void xcc_layout_free(struct xcc_layout *L);

/* A search of a copy of the layout; NULL if memory runs out. */
struct xcc_search *xcc_start(const struct xcc_layout *L);

/* A search over copies of the arrays, checked as xcc_layout_arrays does;
 * NULL if they are inconsistent or memory runs out. */
struct xcc_search *xcc_new(int32_t n1, int32_t n, int32_t last_node,
                           const int32_t *llink, const int32_t *rlink,
                           const int32_t *up, const int32_t *down,
                           const int32_t *itm, const int32_t *color);

/* Add the loop guard (call before the first xcc_run).  For secondary item
 * k (0-based), the edges edge_start[k] <= e < edge_start[k+1] are present
 * when the item receives color edge_color[e]; present[2*j], present[2*j+1]
 * are the edges present from the start; required lists vertices the cycle
 * must visit.  nsecondary must be n - n1.  Returns 0, or -1 if memory runs
 * out or a number is out of range. */
int xcc_set_cycle(struct xcc_search *s, int32_t nverts, int32_t nsecondary,
                  const int32_t *edge_start, const int32_t *edge_color,
                  const int32_t *edge_u, const int32_t *edge_v,
                  int32_t npresent, const int32_t *present,
                  int32_t nrequired, const int32_t *required);

/* Add propagation (call after xcc_set_cycle, before the first xcc_run): the
 * reasoning of xcc/engines/dlx/propagate.py after every choice, with the
 * ncuts parity cuts cut_edge[cut_start[k]..cut_start[k+1]) given as edge
 * numbers (the guard's item edges in order, then its present edges).
 * Returns 0, or -1 if memory runs out or a number is out of range. */
int xcc_set_propagation(struct xcc_search *s, int32_t ncuts, const int32_t *cut_start,
                        const int32_t *cut_edge);

/* Make the search the subproblem named by a choice prefix (call before the
 * first xcc_run): at each level l < nprefix the item is chosen as usual and
 * only its option prefix[l] (0-based) is tried; the search then goes through
 * that subtree and stops where the whole search would leave it (at the next
 * option tried at a level < nprefix), undoing the levels it closes on the way.
 * The budget of xcc_run counts from the start, but the search pauses only
 * inside the subtree.  xcc_run answers XCC_BAD_PREFIX if the prefix leaves
 * the tree (an option not in the chosen item's list, a level the
 * propagation decided, a dead end or a solution before its last level);
 * xcc_bad_level then says where.  Returns 0, or -1 (out of memory, a bad
 * call, a negative option, nprefix > n1). */
int xcc_set_prefix(struct xcc_search *s, int32_t nprefix, const int32_t *prefix);
int32_t xcc_bad_level(const struct xcc_search *s);

/* After a subproblem's search ended (XCC_DONE where the whole search would
 * leave its subtree): make the same search the subproblem of another prefix
 * without starting again.  The next xcc_run backtracks to the deepest level
 * the two paths share (undoing the levels below it as step C7 does), then
 * replays only the new prefix's differing tail, as xcc_set_prefix's search
 * replays a whole prefix: the subproblem's own part is counted exactly as in
 * a search started with that prefix (max_level too), and what the walk cost
 * is in the counters before its xcc_replayed snapshot.  Returns 0, or -1 if
 * the search did not end so (never run, paused, at the end of the whole
 * tree, broken), the prefix is empty or an ancestor of where the search
 * stands, or memory runs out: then start a new search. */
int xcc_walk(struct xcc_search *s, int32_t nprefix, const int32_t *prefix);

/* The counters when the replay of the prefix ended (all 0 without a prefix):
 * 1 and *out set if it has ended, else 0.  What the search counted since is
 * the subproblem's own part: the own parts of the subproblems a search is
 * split into add up to the counters of the whole search. */
int xcc_replayed(const struct xcc_search *s, struct xcc_counters *out);

/* After xcc_run paused (XCC_PAUSED from xcc_run, not from xcc_count's check
 * between solutions): the untried rest of the subproblem as new prefixes,
 * in the order of the search: the option about to be tried, its untried
 * siblings, then at each level above, up to the prefix's, the untried
 * siblings of the option chosen there.  Appended to out as (length,
 * option...) groups; returns their number, -1 when not paused at such a
 * point, -2 out of memory. */
int32_t xcc_split(const struct xcc_search *s, struct xcc_ivec *out);

/* Search on until a solution (read it with xcc_solution), the end, or until
 * about mem_budget more mems have been spent (0: no budget). */
int xcc_run(struct xcc_search *s, uint64_t mem_budget);

/* Search on through up to room solutions (room >= 1): returns XCC_SOLUTION
 * when room solutions have been found, XCC_DONE at the end, XCC_PAUSED when
 * about mem_budget mems have been spent (0: no budget), XCC_ERROR; *found
 * is the number of solutions found in this call (the last one readable
 * with xcc_solution after XCC_SOLUTION).  The same search as xcc_run's. */
int xcc_count(struct xcc_search *s, uint64_t mem_budget, uint64_t room, uint64_t *found);

/* The nodes of the solution just found: the chosen node of each level, then
 * the options forced by propagation, in the order they were forced.  Writes
 * them to out (room for n1 entries suffices) and returns how many. */
int32_t xcc_solution(const struct xcc_search *s, int32_t *out);

/* The option (0-based) a node belongs to, as xcc.engines.dlx.arrays reads it
 * from the spacer after the option. */
int32_t xcc_option_of(const struct xcc_search *s, int32_t node);

/* The counters so far. */
void xcc_counters(const struct xcc_search *s, struct xcc_counters *out);

/* The number of faults in the links of the active structure (0 is good);
 * report, if not NULL, is called with a description of each; -1 if memory
 * runs out. */
int xcc_sanity(const struct xcc_search *s,
               void (*report)(void *ctx, const char *fault), void *ctx);

void xcc_free(struct xcc_search *s);

#endif
