/* The one growable array of the C sources: a vector of int32_t, shared by
 * the cores of xcc/csrc/ (hence here, beside their folders).
 *
 * Python twin: none (a Python list).  Used wherever an array grows: the
 * loop guard's undo trail (dlx/guard.c), the clauses and tables of the CNF
 * (sat/cnf.c), the cuts of a model (sat/cuts.c), the DRAT checker
 * (drat/drat.c), the one-pass reader (reader/dlxread.c).  Arrays whose size is known up
 * front are plain malloc'ed blocks, not vectors.
 *
 * A zeroed struct is an empty vector; xcc_ivec_free returns it to that.
 * The room check is inline (the guard pushes on its trail in the search
 * loop); growing is in vec.c.
 */
#ifndef XCC_VEC_H
#define XCC_VEC_H

#include <stddef.h>
#include <stdint.h>

struct xcc_ivec {
    int32_t *a;
    size_t n, cap; /* a[0..n) are in use, a[0..cap) allocated */
};

/* Make room for at least `need` entries in all: 0, or -1 when out of memory
 * (the vector is then unchanged). */
int xcc_ivec_grow(struct xcc_ivec *v, size_t need);

/* Room for `extra` more entries: 0, or -1 when out of memory. */
static inline int xcc_ivec_reserve(struct xcc_ivec *v, size_t extra)
{
    return v->n + extra <= v->cap ? 0 : xcc_ivec_grow(v, v->n + extra);
}

/* Append x: 0, or -1 when out of memory. */
static inline int xcc_ivec_push(struct xcc_ivec *v, int32_t x)
{
    if (v->n == v->cap && xcc_ivec_grow(v, v->n + 1) < 0)
        return -1;
    v->a[v->n++] = x;
    return 0;
}

void xcc_ivec_free(struct xcc_ivec *v);

/* qsort's comparison of two int32_t. */
int xcc_int32_cmp(const void *x, const void *y);

#endif
