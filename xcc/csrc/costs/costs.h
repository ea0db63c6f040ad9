/* Costs: Knuth's DLX5 (Algorithm C with costs, the k cheapest solutions) in C,
   the twin of xcc/engines/costs/python.py.  No Python in here:
   csrc/glue/costsglue.c is the glue.

   The arrays are those of CostArrays (python.py), copied in: per node ulink,
   dlink, top (a header's len; a spacer's -(option number)), color, cost (the
   net cost of its option, after DLX5's taxes), and llink, rlink of the items
   (0 heads the primary ones, n+1 the secondary ones). */
#ifndef XCC_COSTS_H
#define XCC_COSTS_H

#include <stdint.h>

enum { COSTS_DONE = 0, COSTS_FOUND = 1, COSTS_PAUSED = 2 };

typedef struct costs costs;

/* A search keeping the k cheapest (k == 0: every solution, no cutoff); NULL
   when out of memory. */
costs *costs_new(const int32_t *ulink, const int32_t *dlink, const int32_t *top,
                 const int32_t *color, const uint64_t *cost, int nnodes, const int32_t *llink,
                 const int32_t *rlink, int n1, int n, int k);
void costs_free(costs *s);

/* Search on for about budget mems (0: no limit): COSTS_FOUND (a solution
   cheaper than the cutoff, now in DLX5's heap), COSTS_PAUSED or COSTS_DONE. */
int costs_run(costs *s, uint64_t budget);

/* The last solution found: its number of options and their numbers (0 for
   the first option) into out (room for n1 options); *net its net cost. */
int costs_solution(const costs *s, int32_t *out, uint64_t *net);

/* nodes, updates, cleansings, mems, max level, solutions found */
void costs_stats(const costs *s, uint64_t out[6]);

#endif
