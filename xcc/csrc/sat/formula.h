/* Clauses over numbered variables, with fresh auxiliary variables, and the
 * cardinality encodings the CNF translation uses (internal to cnf.c and
 * cnf_cycle.c).
 *
 * Python twin: xcc/engines/sat/formula.py (Formula): the same clauses in the
 * same order, the same auxiliary variables.
 */
#ifndef XCC_FORMULA_H
#define XCC_FORMULA_H

#include <stddef.h>
#include <stdint.h>

#include "vec.h"

struct xcc_formula {
    int32_t nvars, nclauses;
    int32_t unsat;           /* an empty clause was added */
    struct xcc_ivec clauses; /* each clause followed by a 0 */
    int oom;                 /* memory ran out: the clauses are incomplete */
};

/* A fresh variable. */
int32_t formula_new_var(struct xcc_formula *F);
/* The clause lits[0..k). */
void formula_add(struct xcc_formula *F, const int32_t *lits, size_t k);
void formula_add2(struct xcc_formula *F, int32_t x, int32_t y);
void formula_add3(struct xcc_formula *F, int32_t x, int32_t y, int32_t z);
/* At most one of lits[0..k): pairwise for a few literals, a sequential
 * counter beyond. */
void formula_at_most_one(struct xcc_formula *F, const int32_t *lits, size_t k);
/* Exactly one of lits[0..k). */
void formula_exactly_one(struct xcc_formula *F, const int32_t *lits, size_t k);
/* At most 2 in total, literal j counting w[j] (1 or 2). */
void formula_at_most_two(struct xcc_formula *F, const int32_t *lits, const int32_t *w,
                         size_t k);

#endif
