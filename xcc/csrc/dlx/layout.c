/* The links of a problem, laid out once, and the checks of arrays given
 * from outside.
 *
 * Python twin: xcc/engines/dlx/arrays.py (layout_from_compact and
 * layout_from_options build the same arrays node for node; check_arrays
 * makes the same checks as xcc_layout_arrays, fault for fault).
 *
 * xcc_layout_compact lays a problem out from its compact integer form
 * (xcc.problem.Compact: option k has entries starts[k]..starts[k+1]-1, each
 * an item and a color code) in one pass, as DLX2's input phase does.
 * xcc_layout_arrays takes the six arrays of arrays.py as they are and checks
 * them first, in linear time: every index in range, the item lists and the
 * options exactly the structure Algorithm C expects.  A search started from
 * either (xcc_start) copies the layout, so one layout serves any number of
 * searches; nothing here trusts its input.
 */
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct xcc_layout *layout_alloc(int32_t n1, int32_t n, int32_t last_node)
{
    struct xcc_layout *L = calloc(1, sizeof *L);
    if (L == NULL)
        return NULL;
    L->n1 = n1, L->n = n, L->last_node = last_node;
    L->cl = malloc(((size_t)n + 2) * sizeof *L->cl);
    L->nd = malloc((size_t)last_node * sizeof *L->nd);
    if (L->cl == NULL || L->nd == NULL) {
        xcc_layout_free(L);
        return NULL;
    }
    return L;
}

void xcc_layout_free(struct xcc_layout *L)
{
    if (L == NULL)
        return;
    free(L->cl);
    free(L->nd);
    free(L);
}

/* The item lists as Knuth links them: root <-> 1 <-> ... <-> n1 <-> root, and
 * the secondary items n1+1 .. n through their own header n+1. */
static void link_items(struct xcc_layout *L)
{
    int32_t n1 = L->n1, n = L->n, second = n1 + 1;
    struct xcc_item *cl = L->cl;
    for (int32_t i = 0; i <= n + 1; i++)
        cl[i].llink = i - 1, cl[i].rlink = i + 1;
    cl[0].llink = n1, cl[n1].rlink = 0;
    cl[second].llink = n + 1, cl[n + 1].rlink = second;
    if (second == n + 1)
        cl[n + 1].llink = cl[n + 1].rlink = n + 1;
}

static void set_why(char *why, size_t room, const char *text)
{
    if (why != NULL && room > 0)
        snprintf(why, room, "%s", text);
}

#define FAIL(...)                                    \
    do {                                             \
        if (why != NULL && room > 0)                 \
            snprintf(why, room, __VA_ARGS__);        \
        goto fail;                                   \
    } while (0)

struct xcc_layout *xcc_layout_compact(int32_t n1, int32_t n, int32_t m, const int32_t *starts,
                                      const int32_t *items, const int32_t *colors, char *why,
                                      size_t room)
{
    struct xcc_layout *L = NULL;
    int32_t *seen = NULL;
    if (n1 < 1 || n < n1 || m < 0 || n > INT32_MAX - 3) {
        set_why(why, room, "layout: impossible numbers of items or options");
        return NULL;
    }
    if (starts[0] != 0)
        FAIL("layout: starts[0] is %ld, not 0", (long)starts[0]);
    for (int32_t k = 0; k < m; k++)
        if (starts[k + 1] <= starts[k])
            FAIL("layout: option %ld is empty or starts go down", (long)k + 1);
    int64_t entries = starts[m];
    int64_t size = (int64_t)n + 2 + entries + m;
    if (size > INT32_MAX - 2)
        FAIL("layout: too many nodes (%lld)", (long long)size);
    seen = malloc(((size_t)n + 1) * sizeof *seen); /* the last option naming each item */
    L = layout_alloc(n1, n, (int32_t)size);
    if (seen == NULL || L == NULL)
        FAIL("layout: out of memory");
    for (int32_t i = 0; i <= n; i++)
        seen[i] = -1;
    link_items(L);
    struct xcc_node *nd = L->nd;
    for (int32_t i = 0; i <= n; i++)
        nd[i] = (struct xcc_node){i, i, 0, 0};
    nd[n + 1] = (struct xcc_node){0, 0, 0, 0}; /* the first spacer */
    int32_t p = n + 2;
    for (int32_t k = 0; k < m; k++) {
        int32_t first = p;
        for (int32_t e = starts[k]; e < starts[k + 1]; e++, p++) {
            int32_t item = items[e], c = colors[e];
            if (item < 0 || item >= n)
                FAIL("layout: option %ld: item %ld out of range", (long)k + 1, (long)item);
            if (c < 0 || (c > 0 && item < n1))
                FAIL("layout: option %ld: bad color %ld for item %ld", (long)k + 1, (long)c,
                     (long)item);
            if (seen[item] == k)
                FAIL("layout: option %ld: item %ld appears twice", (long)k + 1, (long)item);
            seen[item] = k;
            int32_t i = item + 1, q = nd[i].up; /* the current bottom of the list */
            nd[p] = (struct xcc_node){q, i, i, c};
            nd[q].down = p;
            nd[i].up = p;
            nd[i].itm += 1; /* the header's len */
        }
        nd[first - 1].down = p - 1; /* the spacer before: the option's last node */
        nd[p] = (struct xcc_node){first, 0, -(k + 1), 0};
        p++;
    }
    free(seen);
    return L;
fail:
    free(seen);
    xcc_layout_free(L);
    return NULL;
}

struct xcc_layout *xcc_layout_arrays(int32_t n1, int32_t n, int32_t last_node,
                                     const int32_t *llink, const int32_t *rlink,
                                     const int32_t *up, const int32_t *down, const int32_t *itm,
                                     const int32_t *color, char *why, size_t room)
{
    struct xcc_layout *L = NULL;
    int32_t *seen = NULL;
    if (n1 < 1 || n < n1 || n > INT32_MAX - 3 || last_node < n + 2 || last_node > INT32_MAX - 2) {
        set_why(why, room, "links: impossible numbers of items or nodes");
        return NULL;
    }
    /* every index in range */
    for (int32_t i = 0; i <= n + 1; i++)
        if (llink[i] < 0 || llink[i] > n + 1 || rlink[i] < 0 || rlink[i] > n + 1)
            FAIL("links: llink or rlink of item %ld out of range", (long)i);
    for (int32_t p = 0; p < last_node; p++)
        if (up[p] < 0 || up[p] >= last_node || down[p] < 0 || down[p] >= last_node)
            FAIL("links: up or down of node %ld out of range", (long)p);
    /* the active primary items: one circle through the root, each once */
    seen = calloc((size_t)last_node + 1, sizeof *seen);
    if (seen == NULL)
        FAIL("links: out of memory");
    int32_t q = 0, p = rlink[0];
    for (int32_t steps = 0; p != 0; steps++, q = p, p = rlink[p]) {
        if (p > n1 || seen[p] || steps >= n1)
            FAIL("links: the list of primary items is broken at item %ld", (long)p);
        if (llink[p] != q)
            FAIL("links: llink of item %ld is not %ld", (long)p, (long)q);
        seen[p] = 1;
    }
    if (llink[0] != q)
        FAIL("links: llink of the root is not %ld", (long)q);
    for (int32_t i = 1; i <= n1; i++)
        if (!seen[i])
            FAIL("links: primary item %ld is not in the list", (long)i);
    /* the secondary items: one circle through header n+1 */
    q = n + 1, p = rlink[n + 1];
    for (int32_t steps = 0; p != n + 1; steps++, q = p, p = rlink[p]) {
        if (p <= n1 || seen[p] || steps >= n - n1)
            FAIL("links: the list of secondary items is broken at item %ld", (long)p);
        if (llink[p] != q)
            FAIL("links: llink of item %ld is not %ld", (long)p, (long)q);
        seen[p] = 1;
    }
    if (llink[n + 1] != q)
        FAIL("links: llink of item %ld is not %ld", (long)n + 1, (long)q);
    for (int32_t i = n1 + 1; i <= n; i++)
        if (!seen[i])
            FAIL("links: secondary item %ld is not in the list", (long)i);
    /* the headers, then the options: spacer, nodes, spacer, ... */
    int64_t total = 0;
    for (int32_t i = 1; i <= n; i++) {
        if (itm[i] < 0 || color[i] != 0)
            FAIL("links: header %ld has len %ld and color %ld", (long)i, (long)itm[i],
                 (long)color[i]);
        total += itm[i];
    }
    if (itm[n + 1] > 0 || itm[last_node - 1] > 0 || color[n + 1] != 0)
        FAIL("links: node %ld must be a spacer without a color",
             (long)(itm[n + 1] > 0 || color[n + 1] != 0 ? n + 1 : last_node - 1));
    for (int32_t i = 0; i <= n; i++)
        seen[i] = -1; /* now: the last option naming each item */
    int64_t entries = 0;
    int32_t k = 0, before = n + 1; /* the spacer before option k */
    for (int32_t p = n + 2; p < last_node; p++) {
        if (itm[p] > 0) {
            int32_t i = itm[p];
            if (i > n)
                FAIL("links: node %ld names item %ld", (long)p, (long)i);
            if (color[p] < 0 || (color[p] > 0 && i <= n1))
                FAIL("links: node %ld has color %ld", (long)p, (long)color[p]);
            if (seen[i] == k)
                FAIL("links: option %ld names item %ld twice", (long)k + 1, (long)i);
            seen[i] = k;
            entries++;
            continue;
        }
        /* the spacer after option k, whose nodes are before+1 .. p-1 */
        if (p == before + 1)
            FAIL("links: option %ld is empty (node %ld)", (long)k + 1, (long)p);
        if (itm[p] != -(k + 1))
            FAIL("links: the spacer at node %ld has itm %ld, not %ld", (long)p, (long)itm[p],
                 -(long)(k + 1));
        if (up[p] != before + 1 || down[before] != p - 1)
            FAIL("links: the spacers around option %ld do not point to its ends", (long)k + 1);
        if (color[p] != 0)
            FAIL("links: the spacer at node %ld has a color", (long)p);
        before = p, k++;
    }
    if (entries != total)
        FAIL("links: the lengths add up to %lld, but there are %lld nodes", (long long)total,
             (long long)entries);
    /* each item's list: a circle through its header of exactly len nodes of
     * that item, linked both ways (so every node is in its item's list once) */
    for (int32_t i = 1; i <= n; i++) {
        int32_t qq = i, pp = down[i], len = itm[i];
        for (int32_t steps = 0;; steps++, qq = pp, pp = down[pp]) {
            if (up[pp] != qq)
                FAIL("links: up of node %ld is not %ld", (long)pp, (long)qq);
            if (pp == i) {
                if (steps != len)
                    FAIL("links: item %ld has %ld nodes, not len %ld", (long)i, (long)steps,
                         (long)len);
                break;
            }
            if (steps >= len || pp <= n + 1 || itm[pp] != i)
                FAIL("links: the list of item %ld is broken at node %ld", (long)i, (long)pp);
        }
    }
    L = layout_alloc(n1, n, last_node);
    if (L == NULL)
        FAIL("links: out of memory");
    for (int32_t i = 0; i <= n + 1; i++)
        L->cl[i] = (struct xcc_item){llink[i], rlink[i]};
    for (int32_t p = 0; p < last_node; p++)
        L->nd[p] = (struct xcc_node){up[p], down[p], itm[p], color[p]};
    free(seen);
    return L;
fail:
    free(seen);
    xcc_layout_free(L);
    return NULL;
}

void xcc_layout_export(const struct xcc_layout *L, int32_t *llink, int32_t *rlink, int32_t *up,
                       int32_t *down, int32_t *itm, int32_t *color)
{
    for (int32_t i = 0; i <= L->n + 1; i++)
        llink[i] = L->cl[i].llink, rlink[i] = L->cl[i].rlink;
    for (int32_t p = 0; p < L->last_node; p++)
        up[p] = L->nd[p].up, down[p] = L->nd[p].down, itm[p] = L->nd[p].itm,
        color[p] = L->nd[p].color;
}

void xcc_layout_sizes(const struct xcc_layout *L, int32_t *n1, int32_t *n, int32_t *last_node)
{
    *n1 = L->n1, *n = L->n, *last_node = L->last_node;
}
