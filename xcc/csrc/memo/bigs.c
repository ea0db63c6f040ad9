/* xcc/csrc/memo/bigs.c: multiword counts, the numbers of solutions
 * (little-endian 64-bit words, all of one width in an array that widens when
 * an addition carries out).
 * Python twin: none (Python's integers); the counts are those of count and
 * Diagram.paths in xcc/engines/memo/diagram.py.
 *
 * Below the driver (memo.c) and the diagram (diagram.c), above the memory
 * (memory.c), which every widening is charged to: memo.h.
 */
#include <string.h>

#include "memo.h"

int bigs_resize(memo *m, bigs *b, size_t n)
{
    if (n > b->cap) {
        size_t cap = b->cap ? b->cap : 16;
        while (cap < n)
            cap *= 2;
        size_t w = (size_t)b->width;
        uint64_t *q = memo_realloc(m, b->w, b->cap * w * 8, cap * w * 8);
        if (q == NULL)
            return 0;
        b->w = q;
        b->cap = cap;
    }
    if (n > b->n)
        memset(b->w + b->n * (size_t)b->width, 0, (n - b->n) * (size_t)b->width * 8);
    b->n = n;
    return 1;
}

int bigs_widen(memo *m, bigs *b, int width)
{
    size_t cap = b->cap ? b->cap : 1;
    uint64_t *q = memo_alloc(m, cap * (size_t)width * 8);
    if (q == NULL)
        return 0;
    memset(q, 0, cap * (size_t)width * 8);
    for (size_t i = 0; i < b->n; i++)
        memcpy(q + i * (size_t)width, b->w + i * (size_t)b->width, (size_t)b->width * 8);
    memo_release(m, b->w, b->cap * (size_t)b->width * 8);
    b->w = q;
    b->cap = cap;
    b->width = width;
    return 1;
}

int bigs_add(memo *m, bigs *dst, size_t i, const uint64_t *src, int sw)
{
    if (sw == 1 && dst->width == 1) {  /* one word each, no carry: most additions */
        uint64_t *d = dst->w + i, t = *d + src[0];
        if (t >= src[0]) {
            *d = t;
            return 1;
        }
    }
    if (sw > dst->width && !bigs_widen(m, dst, sw))
        return 0;
    uint64_t *d = dst->w + i * (size_t)dst->width, carry = 0;
    for (int j = 0; j < dst->width; j++) {
        uint64_t s = j < sw ? src[j] : 0;
        uint64_t t = d[j] + s;
        uint64_t c1 = t < s;
        d[j] = t + carry;
        carry = c1 | (d[j] < t);
    }
    if (carry) {
        if (!bigs_widen(m, dst, dst->width + 1))
            return 0;
        dst->w[i * (size_t)dst->width + (size_t)dst->width - 1] = 1;
    }
    return 1;
}
