/* Dancing Cells: Knuth's SSXCC (sparse-set XCC, TAOCP 7.2.2.3) in C, the twin
   of xcc/engines/cells/python.py.  No Python in here: csrc/glue/cellsglue.c is the glue.

   The arrays are those of xcc/engines/cells/layout.py, copied in: set (item
   headers pos, size and the active options of each item), item (the items,
   active ones first), and per node itm, loc, clr, opt. */
#ifndef XCC_CELLS_H
#define XCC_CELLS_H

#include <stdint.h>

enum { CELLS_DONE = 0, CELLS_SOLUTION = 1, CELLS_PAUSED = 2 };

typedef struct cells cells;

/* A search over copies of the arrays; NULL when out of memory. */
cells *cells_new(const int32_t *set, int setlen, const int32_t *item, int nitems,
                 const int32_t *itm, const int32_t *loc, const int32_t *clr,
                 const int32_t *opt, int nnodes, int second, int bad);
void cells_free(cells *s);

/* Search on for about budget mems (0: no limit): CELLS_SOLUTION, CELLS_PAUSED
   or CELLS_DONE; -1 when out of memory. */
int cells_run(cells *s, uint64_t budget);
/* Through at most room solutions with one budget: the status, *found the
   solutions found in this call. */
int cells_count(cells *s, uint64_t budget, uint64_t room, uint64_t *found);

/* The last solution: its number of options, and their indices into out
   (room for as many options as levels: cells_levels). */
int cells_solution(const cells *s, int32_t *out);
int cells_levels(const cells *s);

/* nodes, updates, mems, max level */
void cells_stats(const cells *s, uint64_t out[4]);

#endif
