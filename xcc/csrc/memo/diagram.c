/* xcc/csrc/memo/diagram.c: the diagram's paths, ranks, uniform draws and
 * counts by weight.
 * Python twins: xcc/engines/memo/diagram.py (Build._paths, unrank, sample,
 * SplitMix64): the same numbers, the same solution for each rank, the same
 * draws for each seed; xcc/engines/memo/poly.py (polynomial): the same
 * counts by weight.
 *
 * Called by the driver (memo.c, diagram_paths) and the glue (memo_unrank,
 * memo_sample, memo_polynomial); calls only the multiword counts (bigs.c)
 * and the memory (memory.c): memo.h.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "memo.h"

/* paths[k][j]: the accepting paths below node j of layer k, from the last layer up. */
int diagram_paths(memo *m)
{
    int L = m->p.levels;
    m->paths = memo_alloc(m, sizeof(bigs) * (size_t)(L + 1));
    if (m->paths == NULL)
        return 0;
    memset(m->paths, 0, sizeof(bigs) * (size_t)(L + 1));
    for (int k = 0; k <= L; k++)
        m->paths[k].width = 1;
    bigs *last = &m->paths[L];
    if (!bigs_resize(m, last, m->widths[L]))
        return 0;
    for (size_t j = 0; j < m->widths[L]; j++)
        last->w[j] = m->accept[j];
    for (int k = L - 1; k >= 0; k--) {
        bigs *here = &m->paths[k], *below = &m->paths[k + 1];
        const memo_arcs *A = &m->arcs[k];
        if (!bigs_resize(m, here, m->widths[k]))
            return 0;
        for (size_t j = 0; j < m->widths[k]; j++)
            for (uint32_t a = A->start[j]; a < A->start[j + 1]; a++)
                if (!bigs_add(m, here, j, below->w + (size_t)A->child[a] * (size_t)below->width,
                              below->width))
                    return 0;
    }
    return 1;
}

/* a vs b, as numbers of aw and bw words */
static int cmp(const uint64_t *a, int aw, const uint64_t *b, int bw)
{
    int w = aw > bw ? aw : bw;
    for (int i = w - 1; i >= 0; i--) {
        uint64_t x = i < aw ? a[i] : 0, y = i < bw ? b[i] : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

/* a -= b (a >= b) */
static void sub(uint64_t *a, int aw, const uint64_t *b, int bw)
{
    uint64_t borrow = 0;
    for (int i = 0; i < aw; i++) {
        uint64_t y = i < bw ? b[i] : 0;
        uint64_t t = a[i] - y;
        uint64_t b1 = a[i] < y;
        a[i] = t - borrow;
        borrow = b1 | (t < borrow);
    }
}

#define MAXW 4096  /* words of a rank: numbers below 2^262144 */

static int walk(memo *m, uint64_t *r, int rw, int32_t *out)
{
    int n = 0;
    uint32_t node = 0;
    for (int k = 0; k < m->p.levels; k++) {
        const memo_arcs *A = &m->arcs[k];
        const bigs *below = &m->paths[k + 1];
        uint32_t a = A->start[node];
        for (; a < A->start[node + 1]; a++) {
            const uint64_t *c = below->w + (size_t)A->child[a] * (size_t)below->width;
            if (cmp(r, rw, c, below->width) < 0)
                break;
            sub(r, rw, c, below->width);
        }
        if (a == A->start[node + 1])
            return -1;  /* cannot happen when r is below the total */
        if (A->choice[a] != MEMO_SKIP)
            out[n++] = A->choice[a];
        node = A->child[a];
    }
    return n;
}

int memo_unrank(memo *m, const uint64_t *r, int rw, int32_t *out)
{
    const bigs *top = &m->paths[0];
    if (rw > MAXW || top->n == 0 || cmp(r, rw, top->w, top->width) >= 0)
        return -1;
    uint64_t work[MAXW];
    memset(work, 0, sizeof work);
    memcpy(work, r, (size_t)rw * 8);
    int w = rw > top->width ? rw : top->width;
    return walk(m, work, w, out);
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int memo_sample(memo *m, long k, uint64_t seed, int32_t *out, int32_t *lens)
{
    const bigs *top = &m->paths[0];
    int tw = top->width;
    while (tw > 0 && top->w[tw - 1] == 0)
        tw--;
    if (tw == 0 || tw > MAXW)
        return -1;
    int bits = 64 * (tw - 1);
    for (uint64_t x = top->w[tw - 1]; x; x >>= 1)
        bits++;
    int topbits = bits - 64 * (tw - 1);
    uint64_t mask = topbits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << topbits) - 1);
    uint64_t state = seed, r[MAXW];
    for (long i = 0; i < k; i++) {
        do {
            for (int w = 0; w < tw; w++)
                r[w] = splitmix64(&state);
            r[tw - 1] &= mask;
        } while (cmp(r, tw, top->w, top->width) >= 0);
        lens[i] = walk(m, r, tw, out + (size_t)i * (size_t)m->p.levels);
    }
    return 0;
}

/* The diagram as arrays, for the glue (xcc.Diagram: xcc/engines/memo/saved.py). */
void memo_layer_arcs(const memo *m, int k, size_t *n, size_t *narcs, const uint32_t **start,
                     const int32_t **choice, const uint32_t **child, const int32_t **closures)
{
    const memo_arcs *A = &m->arcs[k];
    *n = A->n;
    *narcs = A->narcs;
    *start = A->start;
    *choice = A->choice;
    *child = A->child;
    *closures = A->closures;
}

const uint8_t *memo_accept(const memo *m, size_t *n)
{
    *n = m->widths[m->p.levels];
    return m->accept;
}

/* ---- counts by weight ------------------------------------------------------- */

/* One layer's polynomials: node j's coefficients of the weights lo[j],
 * lo[j] + 1, ..., lo[j] + len[j] - 1 (none: len 0), `width` words each, from
 * w + off[j] * width.  The twin packs each polynomial into one Python
 * integer (Kronecker's substitution); here each is a window of the weights
 * its paths can have, so a coefficient needs no room for the others. */
typedef struct {
    int64_t *lo;
    size_t *len, *off, n, ncoef;
    uint64_t *w;
    int width;
} polys;

static void polys_free(memo *m, polys *P)
{
    memo_release(m, P->lo, P->n * sizeof(int64_t));
    memo_release(m, P->len, P->n * sizeof(size_t));
    memo_release(m, P->off, P->n * sizeof(size_t));
    memo_release(m, P->w, P->ncoef * (size_t)P->width * 8);
    memset(P, 0, sizeof *P);
}

/* P's node arrays for n nodes (the coefficients come later: polys_coef). */
static int polys_nodes(memo *m, polys *P, size_t n, int width)
{
    memset(P, 0, sizeof *P);
    P->n = n;
    P->width = width;
    P->lo = memo_alloc(m, n * sizeof(int64_t));
    P->len = memo_alloc(m, n * sizeof(size_t));
    P->off = memo_alloc(m, n * sizeof(size_t));
    return P->lo && P->len && P->off;
}

/* Room for P's coefficients (the windows set), all 0. */
static int polys_coef(memo *m, polys *P)
{
    size_t ncoef = 0;
    for (size_t j = 0; j < P->n; j++) {
        P->off[j] = ncoef;
        if (P->len[j] > SIZE_MAX / 16 / (size_t)P->width - ncoef) {
            snprintf(m->error, sizeof m->error, "counts by weight: too many weights");
            m->status_failed = 1;
            return 0;
        }
        ncoef += P->len[j];
    }
    P->ncoef = ncoef;
    P->w = memo_alloc(m, ncoef * (size_t)P->width * 8);
    if (P->w == NULL)
        return 0;
    memset(P->w, 0, ncoef * (size_t)P->width * 8);
    return 1;
}

/* The weight of arc a of layer k. */
static inline int64_t arc_weight(const memo *m, const memo_arcs *A, uint32_t a,
                                 const int64_t *weights)
{
    if (weights)
        return A->choice[a] == MEMO_SKIP ? 0 : weights[A->choice[a]];
    return A->closures ? A->closures[a] : 0;
}

/* From the last layer up (twin: poly.polynomial): node j's polynomial is the
 * sum over its arcs of x^weight(arc) times the child's.  A layer's
 * coefficients are as wide as its paths (no coefficient of a node exceeds
 * the paths below it), so the sums never carry out of them. */
int memo_polynomial(memo *m, const int64_t *weights, int64_t *lo, size_t *len, int *width,
                    const uint64_t **coef)
{
    int L = m->p.levels;
    if (m->poly) {
        memo_release(m, m->poly, m->poly_len * (size_t)m->poly_width * 8);
        m->poly = NULL;
    }
    polys below, here;
    if (!polys_nodes(m, &below, m->widths[L], 1))
        goto fail_below;
    for (size_t j = 0; j < below.n; j++) {
        below.lo[j] = 0;
        below.len[j] = m->accept[j] ? 1 : 0;
    }
    if (!polys_coef(m, &below))
        goto fail_below;
    for (size_t j = 0; j < below.n; j++)
        if (below.len[j])
            below.w[below.off[j]] = 1;
    for (int k = L - 1; k >= 0; k--) {
        const memo_arcs *A = &m->arcs[k];
        int hw = m->paths[k].width, bw = below.width;
        if (!polys_nodes(m, &here, m->widths[k], hw))
            goto fail;
        for (size_t j = 0; j < here.n; j++) {  /* the windows */
            int64_t first = INT64_MAX, last = -1;
            for (uint32_t a = A->start[j]; a < A->start[j + 1]; a++) {
                uint32_t c = A->child[a];
                if (below.len[c] == 0)
                    continue;
                int64_t from = below.lo[c] + arc_weight(m, A, a, weights);
                int64_t to = from + (int64_t)below.len[c] - 1;
                first = from < first ? from : first;
                last = to > last ? to : last;
            }
            here.lo[j] = first <= last ? first : 0;
            here.len[j] = first <= last ? (size_t)(last - first + 1) : 0;
        }
        if (!polys_coef(m, &here))
            goto fail;
        for (size_t j = 0; j < here.n; j++) {  /* the sums */
            for (uint32_t a = A->start[j]; a < A->start[j + 1]; a++) {
                uint32_t c = A->child[a];
                size_t n = below.len[c];
                if (n == 0)
                    continue;
                int64_t at = below.lo[c] + arc_weight(m, A, a, weights) - here.lo[j];
                uint64_t *d = here.w + (here.off[j] + (size_t)at) * (size_t)hw;
                const uint64_t *s = below.w + below.off[c] * (size_t)bw;
                if (hw == 1) {
                    for (size_t t = 0; t < n; t++)
                        d[t] += s[t];
                    continue;
                }
                for (size_t t = 0; t < n; t++, d += hw, s += bw) {
                    uint64_t carry = 0;
                    for (int i = 0; i < hw; i++) {
                        uint64_t x = i < bw ? s[i] : 0, y = d[i] + x;
                        uint64_t c1 = y < x;
                        d[i] = y + carry;
                        carry = c1 | (d[i] < y);
                    }
                }
            }
        }
        polys_free(m, &below);
        below = here;
    }
    /* the root's polynomial, kept by m */
    size_t n = below.n ? below.len[0] : 0;
    m->poly_width = below.width;
    m->poly_len = n;
    m->poly_lo = below.n ? below.lo[0] : 0;
    m->poly = memo_alloc(m, n * (size_t)below.width * 8);
    if (m->poly == NULL)
        goto fail_below;
    if (n)
        memcpy(m->poly, below.w, n * (size_t)below.width * 8);  /* node 0: offset 0 */
    polys_free(m, &below);
    *lo = m->poly_lo;
    *len = m->poly_len;
    *width = m->poly_width;
    *coef = m->poly;
    return 1;
fail:
    polys_free(m, &here);
fail_below:
    polys_free(m, &below);
    return 0;
}
