/* Clauses and cardinality encodings; see formula.h.
 *
 * Python twin: xcc/engines/sat/formula.py (Formula).
 */
#include "formula.h"

int32_t formula_new_var(struct xcc_formula *F)
{
    return ++F->nvars;
}

void formula_add(struct xcc_formula *F, const int32_t *lits, size_t k)
{
    if (xcc_ivec_reserve(&F->clauses, k + 1) < 0) {
        F->oom = 1;
        return;
    }
    for (size_t j = 0; j < k; j++)
        F->clauses.a[F->clauses.n++] = lits[j];
    F->clauses.a[F->clauses.n++] = 0;
    F->nclauses++;
    if (k == 0)
        F->unsat = 1;
}

void formula_add2(struct xcc_formula *F, int32_t x, int32_t y)
{
    int32_t c[2] = {x, y};
    formula_add(F, c, 2);
}

void formula_add3(struct xcc_formula *F, int32_t x, int32_t y, int32_t z)
{
    int32_t c[3] = {x, y, z};
    formula_add(F, c, 3);
}

void formula_at_most_one(struct xcc_formula *F, const int32_t *lits, size_t k)
{
    if (k <= 6) {
        for (size_t i = 0; i < k; i++)
            for (size_t j = i + 1; j < k; j++)
                formula_add2(F, -lits[i], -lits[j]);
        return;
    }
    int32_t prev = 0; /* some of the literals so far is true */
    for (size_t i = 0; i < k; i++) {
        if (prev)
            formula_add2(F, -lits[i], -prev);
        if (i == k - 1)
            break;
        int32_t s = formula_new_var(F);
        formula_add2(F, -lits[i], s);
        if (prev)
            formula_add2(F, -prev, s);
        prev = s;
    }
}

void formula_exactly_one(struct xcc_formula *F, const int32_t *lits, size_t k)
{
    formula_add(F, lits, k);
    formula_at_most_one(F, lits, k);
}

void formula_at_most_two(struct xcc_formula *F, const int32_t *lits, const int32_t *w,
                         size_t k)
{
    if (k <= 6) {
        for (size_t i = 0; i < k; i++)
            for (size_t j = i + 1; j < k; j++) {
                if (w[i] + w[j] > 2)
                    formula_add2(F, -lits[i], -lits[j]);
                else
                    for (size_t l = j + 1; l < k; l++)
                        formula_add3(F, -lits[i], -lits[j], -lits[l]);
            }
        return;
    }
    int32_t one = 0, two = 0; /* the count so far is at least 1, at least 2 */
    for (size_t i = 0; i < k; i++) {
        int32_t lit = lits[i];
        if (two)
            formula_add2(F, -lit, -two);
        if (w[i] == 2 && one)
            formula_add2(F, -lit, -one);
        int32_t new_one = formula_new_var(F), new_two = formula_new_var(F);
        formula_add2(F, -lit, new_one);
        if (one) {
            formula_add2(F, -one, new_one);
            formula_add3(F, -lit, -one, new_two);
        }
        if (two)
            formula_add2(F, -two, new_two);
        if (w[i] == 2)
            formula_add2(F, -lit, new_two);
        one = new_one;
        two = new_two;
    }
}

