/* What the two files of the CNF translation share: the state of one
 * translation (internal to cnf.c, the problem's clauses, and cnf_cycle.c,
 * the cycle's).
 *
 * Python twin: the attributes of Translation in xcc/engines/sat/translate.py.
 */
#ifndef XCC_CNF_BUILD_H
#define XCC_CNF_BUILD_H

#include <stdlib.h>

#include "cnf.h"
#include "formula.h"

#define MAX_TUPLES 64 /* larger tables keep their option variables */

/* The tables found (T2), flat. */
struct tables {
    size_t count;
    struct xcc_ivec sig_start, sig;     /* table t: sig[sig_start[t] .. sig_start[t+1]) */
    struct xcc_ivec tup_start, tup;     /* table t: tuples from tup_start[t], each |sig| colors */
    struct xcc_ivec ntup, opt_start;    /* tuples of table t; where its options begin */
    struct xcc_ivec tup_option;         /* the option of each tuple */
};

struct build {
    struct xcc_formula fm; /* the clauses; fm.oom: memory ran out */
    const struct xcc_cnf_problem *p;
    struct xcc_cnf *f; /* the answer, but for the clauses (in fm until the end) */
    int32_t W;    /* ncolors + 1: "item i, color c" is cell i * W + c */
    size_t cells; /* n * W */
    size_t sz;    /* the most items an option names, plus 1 */
    struct tables tb;
    int32_t *bp_start, *bp; /* the options of primary item i: bp[bp_start[i]..bp_start[i+1]) */
    char *used;             /* used[cell]: some option gives item i color c */
    int32_t *tcount;        /* the number of tables that color item i */
    int32_t *amark;         /* amark[cell]: the tables that allow item i color c */
    /* the options with a variable: those naming item i bare,
     * names[names_start[i]..names_start[i+1]); the (item, color) pairs they
     * name, in order of first appearance: pair q is cell pairs.a[q], named
     * by the options pair_x[pair_start[q]..pair_start[q+1]), with color
     * variable pair_y.a[q] (0 if a table colors the item) */
    int32_t *names_start, *names, *pair_id; /* pair_id[cell]: its pair, or -1 */
    struct xcc_ivec pairs, pair_count, pair_y;
    int32_t *pair_start, *pair_x;
    struct xcc_ivec lits; /* scratch for one clause */
};

/* Append x to v; note when memory runs out. */
static inline void push(struct build *b, struct xcc_ivec *v, int32_t x)
{
    if (xcc_ivec_push(v, x) < 0)
        b->fm.oom = 1;
}

/* A zeroed array; NULL (noted) when memory runs out. */
static inline void *zalloc(struct build *b, size_t count, size_t size)
{
    void *q = calloc(count ? count : 1, size);
    if (q == NULL)
        b->fm.oom = 1;
    return q;
}

/* T8, in cnf_cycle.c */
void cnf_cycle(struct build *b);

#endif
