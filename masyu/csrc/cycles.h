/* The cycles of a set of edges in which every cell has degree 0 or 2 (cycles.c). */
#ifndef MASYU_CYCLES_H
#define MASYU_CYCLES_H

typedef struct {
    int count;        /* cycles, in the order of their smallest edge */
    int *first_edge;  /* per cycle: its smallest edge */
    int *start;       /* per cycle: where its cells start in walk (count + 1 entries) */
    int *walk;        /* the cells of each cycle, in the order walked from first_edge */
    int *label;       /* per cell: its cycle, or -1 */
} cy_result;

/* present: one 0/1 per edge.  Returns 0; -1 if some cell has degree 1 or more
 * than 2; -2 out of memory.  Free the result with cy_free either way. */
int cy_cycles(int rows, int cols, const unsigned char *present, cy_result *out);
/* The literals (edge + 1) of the edges leaving cycle k's cells, into lits
 * (room for 4 per cell); returns their number. */
int cy_crossing(int rows, int cols, const cy_result *cy, int k, int *lits);
void cy_free(cy_result *cy);

#endif
