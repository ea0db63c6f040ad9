/* Algorithm M (multiplicities), Knuth's DLX3, in C: engine "mult".
 *
 * Python twin: xcc/engines/mult/python.py (engine "mult-python"), which this
 * translates line by line: the same arrays, the same steps (M1-M7), the same
 * mems charged on the same statements, so nodes, updates, cleansings and
 * mems equal DLX3's.  No Python.h here: the glue is glue/multmodule.c.
 */
#ifndef XCC_MULT_H
#define XCC_MULT_H

#include <stddef.h>
#include <stdint.h>

/* What a step returns (the Run protocol's, xcc/engines/base.py). */
enum { XCC_MULT_DONE = 0, XCC_MULT_SOLUTION = 1, XCC_MULT_PAUSED = 2 };

struct xcc_mult_stats {
    uint64_t solutions, nodes, updates, cleansings, mems, max_level;
};

struct xcc_mult;

/* M1: the search of a problem given as xcc.problem.Compact's arrays: n items
 * (the first n1 primary), m options, option k has entries starts[k] to
 * starts[k+1]-1 naming items[e] (0-based) with color code colors[e] (0:
 * none); primary item k is covered bounds[2k] to bounds[2k+1] times (NULL:
 * once).  The caller has validated them (xcc.Problem).  NULL if memory runs
 * out. */
struct xcc_mult *xcc_mult_new(int32_t n1, int32_t n, int32_t m, const int32_t *starts,
                              const int32_t *items, const int32_t *colors,
                              const int32_t *bounds);
void xcc_mult_free(struct xcc_mult *s);

/* Search on for about `budget` mems (0: no limit): XCC_MULT_SOLUTION,
 * _PAUSED (on entering a level once the budget is spent) or _DONE (and
 * _DONE ever after).  -1 if memory runs out (the level arrays grow). */
int xcc_mult_step(struct xcc_mult *s, uint64_t budget);

/* Search on through at most `room` (>= 1) solutions for about `budget` mems:
 * the status of the last step, *found the solutions found in this call. */
int xcc_mult_count(struct xcc_mult *s, uint64_t budget, uint64_t room, uint64_t *found);

/* The options of the last solution, level by level (null moves left out),
 * into out (room for xcc_mult_depth(s) of them): how many. */
size_t xcc_mult_solution(const struct xcc_mult *s, int32_t *out);
size_t xcc_mult_depth(const struct xcc_mult *s);

struct xcc_mult_stats xcc_mult_stats(const struct xcc_mult *s);

#endif
