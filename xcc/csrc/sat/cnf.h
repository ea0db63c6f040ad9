/* The SAT engine's C parts: the translation of an XCC problem into CNF, and
 * the lazy cuts of a model.  The API of cnf.c (with cnf_cycle.c and
 * formula.c) and cuts.c, as the glue (glue/module_sat.c) and tests/c/cnf_driver.c use it.
 *
 * Python twins: xcc/engines/sat/translate.py (Translation, the readable
 * reference: the same variables in the same order, the same clauses in the
 * same order, so the tests can hold the two equal clause by clause) and
 * xcc/engines/sat/cuts.py.  No Python.h here; the glue converts.
 */
#ifndef XCC_CNF_H
#define XCC_CNF_H

#include <stddef.h>
#include <stdint.h>

#include "vec.h"

/* The problem in the compact form of xcc.problem.Compact (items 0-based,
 * primary first; color 0 = none), and the cycle constraint of
 * xcc.cycle.CompiledCycle as flat arrays (nverts < 0: no cycle). */
struct xcc_cnf_problem {
    int32_t n1, n, m, ncolors;
    const int32_t *starts, *items, *colors;
    int32_t nverts;
    const int32_t *edge_start; /* n - n1 + 1 entries, per secondary item */
    const int32_t *edge_color, *edge_u, *edge_v;
    int32_t npresent;
    const int32_t *present; /* u0 v0 u1 v1 ... */
    int32_t nrequired;
    const int32_t *required;
};

struct xcc_cnf {
    int32_t nvars, unsat, nclauses;
    struct xcc_ivec clauses; /* each clause followed by a 0 */
    int32_t *option_lit;     /* m: the option's variable, 0 in a table */
    int32_t *color_lit;      /* n * (ncolors+1): "item i has color c", 0 = none */
    int32_t *in_table;       /* m: 1 if the option belongs to a table */
    struct xcc_ivec colored; /* color literals of table-colored items (blocking) */
    struct xcc_ivec edge_u, edge_v, edge_lit; /* the cycle's edges */
};

/* 0 on success, -1 when out of memory (out is then freed). */
int xcc_cnf_build(const struct xcc_cnf_problem *p, struct xcc_cnf *out);
void xcc_cnf_free(struct xcc_cnf *out);

/* The lazy cuts: a twin of check_edges in xcc/engines/sat/cuts.py.  The edges
 * (u, v, lit; lit 0 = present from the start) whose `truth` is nonzero form
 * one cycle through every required vertex: return 1.  Else return 0 with
 * the cuts it violates in `cuts`, each sorted, followed by a 0.  -1: no memory. */
int xcc_cycle_cuts(int32_t nverts, int32_t nedges, const int32_t *u, const int32_t *v,
                   const int32_t *lit, const char *truth, int32_t nrequired,
                   const int32_t *required, struct xcc_ivec *cuts);

#endif
