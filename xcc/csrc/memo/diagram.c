/* xcc/csrc/memo/diagram.c: the diagram's paths, ranks and uniform draws.
 * Python twin: xcc/engines/memo/diagram.py (Build._paths, unrank, sample,
 * SplitMix64): the same numbers, the same solution for each rank, the same
 * draws for each seed.
 *
 * Called by the driver (memo.c, diagram_paths) and the glue (memo_unrank,
 * memo_sample); calls only the multiword counts (bigs.c) and the memory
 * (memory.c): memo.h.
 */
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
