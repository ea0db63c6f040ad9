/* The growable int32 array of vec.h: growing, freeing, comparing.
 *
 * Python twin: none (a Python list).
 */
#include "vec.h"

#include <stdlib.h>

int xcc_ivec_grow(struct xcc_ivec *v, size_t need)
{
    if (need <= v->cap)
        return 0;
    size_t cap = v->cap ? 2 * v->cap : 64; /* doubling: pushes cost O(1) each */
    if (cap < need)
        cap = need;
    if (cap > SIZE_MAX / sizeof *v->a)
        return -1;
    int32_t *a = realloc(v->a, cap * sizeof *a);
    if (a == NULL)
        return -1;
    v->a = a;
    v->cap = cap;
    return 0;
}

void xcc_ivec_free(struct xcc_ivec *v)
{
    free(v->a);
    v->a = NULL;
    v->n = v->cap = 0;
}

int xcc_int32_cmp(const void *x, const void *y)
{
    int32_t a = *(const int32_t *)x, c = *(const int32_t *)y;
    return (a > c) - (a < c);
}
