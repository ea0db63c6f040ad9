/* The CNF of an XCC problem: a line-by-line twin of Translation in
 * xcc/engine_sat.py (read that first; the steps below carry its names).
 *
 *   T1  the variable `true`;
 *   T2  tables: primary items whose options each name only it and the same
 *       secondary items, all colored, in distinct color tuples;
 *   T3  option variables (options outside tables), color literals of the
 *       items a table colors (exactly one allowed color);
 *   T4  exactly one option per primary item (tables aside);
 *   T5  color variables of the other items: x -> y and y -> OR x;
 *   T6  per secondary item, colors and bare names exclude each other;
 *   T7  the color tuples each table forbids;
 *   T8  the cycle: its edges, loops on one vertex, the degree of every vertex
 *       (0 or 2, 2 if required) unless one table already fixes it, and "some
 *       edge" when none is present from the start.
 */
#include "cnf.h"

#include <stdlib.h>
#include <string.h>

#define MAX_TUPLES 64

struct build {
    const struct xcc_cnf_problem *p;
    struct xcc_cnf *f;
    int oom;
};

static void push(struct build *b, struct xcc_ivec *v, int32_t x)
{
    if (xcc_ivec_push(v, x) < 0)
        b->oom = 1;
}

static void *zalloc(struct build *b, size_t count, size_t size)
{
    void *q = calloc(count ? count : 1, size);
    if (q == NULL)
        b->oom = 1;
    return q;
}

static int32_t new_var(struct build *b)
{
    return ++b->f->nvars;
}

/* ---- clauses (Formula in the Python) ---------------------------------------- */

static void add(struct build *b, const int32_t *lits, size_t k)
{
    for (size_t j = 0; j < k; j++)
        push(b, &b->f->clauses, lits[j]);
    push(b, &b->f->clauses, 0);
    b->f->nclauses++;
    if (k == 0)
        b->f->unsat = 1;
}

static void add2(struct build *b, int32_t x, int32_t y)
{
    int32_t c[2] = {x, y};
    add(b, c, 2);
}

static void add3(struct build *b, int32_t x, int32_t y, int32_t z)
{
    int32_t c[3] = {x, y, z};
    add(b, c, 3);
}

/* Pairwise for a few literals, a sequential counter beyond. */
static void at_most_one(struct build *b, const int32_t *lits, size_t k)
{
    if (k <= 6) {
        for (size_t i = 0; i < k; i++)
            for (size_t j = i + 1; j < k; j++)
                add2(b, -lits[i], -lits[j]);
        return;
    }
    int32_t prev = 0; /* some of the literals so far is true */
    for (size_t i = 0; i < k; i++) {
        if (prev)
            add2(b, -lits[i], -prev);
        if (i == k - 1)
            break;
        int32_t s = new_var(b);
        add2(b, -lits[i], s);
        if (prev)
            add2(b, -prev, s);
        prev = s;
    }
}

static void exactly_one(struct build *b, const int32_t *lits, size_t k)
{
    add(b, lits, k);
    at_most_one(b, lits, k);
}

/* At most 2 in total, literal j counting w[j] (1 or 2). */
static void at_most_two(struct build *b, const int32_t *lits, const int32_t *w, size_t k)
{
    if (k <= 6) {
        for (size_t i = 0; i < k; i++)
            for (size_t j = i + 1; j < k; j++) {
                if (w[i] + w[j] > 2)
                    add2(b, -lits[i], -lits[j]);
                else
                    for (size_t l = j + 1; l < k; l++)
                        add3(b, -lits[i], -lits[j], -lits[l]);
            }
        return;
    }
    int32_t one = 0, two = 0; /* the count so far is at least 1, at least 2 */
    for (size_t i = 0; i < k; i++) {
        int32_t lit = lits[i];
        if (two)
            add2(b, -lit, -two);
        if (w[i] == 2 && one)
            add2(b, -lit, -one);
        int32_t new_one = new_var(b), new_two = new_var(b);
        add2(b, -lit, new_one);
        if (one) {
            add2(b, -one, new_one);
            add3(b, -lit, -one, new_two);
        }
        if (two)
            add2(b, -two, new_two);
        if (w[i] == 2)
            add2(b, -lit, new_two);
        one = new_one;
        two = new_two;
    }
}

/* ---- tables (T2) ------------------------------------------------------------- */

struct tables {
    size_t count;
    struct xcc_ivec sig_start, sig;     /* table t: sig[sig_start[t] .. sig_start[t+1]) */
    struct xcc_ivec tup_start, tup;     /* table t: tuples from tup_start[t], each |sig| colors */
    struct xcc_ivec ntup, opt_start;    /* tuples of table t; where its options begin */
    struct xcc_ivec tup_option;         /* the option of each tuple */
};

static int by_key(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* Sort the (item, color) pairs by item (items differ within an option):
 * insertion for a few, qsort beyond (keys hold both, item high). */
static int sort_pairs(int32_t *item, int32_t *color, size_t k)
{
    if (k > 16) {
        uint64_t *key = malloc(k * sizeof *key);
        if (key == NULL)
            return -1;
        for (size_t i = 0; i < k; i++)
            key[i] = (uint64_t)(uint32_t)item[i] << 32 | (uint32_t)color[i];
        qsort(key, k, sizeof *key, by_key);
        for (size_t i = 0; i < k; i++) {
            item[i] = (int32_t)(key[i] >> 32);
            color[i] = (int32_t)(key[i] & 0xffffffffu);
        }
        free(key);
        return 0;
    }
    for (size_t i = 1; i < k; i++)
        for (size_t j = i; j > 0 && item[j - 1] > item[j]; j--) {
            int32_t t = item[j];
            item[j] = item[j - 1];
            item[j - 1] = t;
            t = color[j];
            color[j] = color[j - 1];
            color[j - 1] = t;
        }
    return 0;
}

/* Is primary item i a table?  If so, record it. */
static void find_table(struct build *b, struct tables *tb, const int32_t *ks, size_t nk,
                       int32_t *si, int32_t *sc, int32_t *sig, int32_t *tup, int32_t *opt)
{
    const struct xcc_cnf_problem *p = b->p;
    int32_t len = -1;
    size_t ntup = 0;
    for (size_t a = 0; a < nk; a++) {
        int32_t k = ks[a], prim = 0, nsec = 0;
        for (int32_t e = p->starts[k]; e < p->starts[k + 1]; e++) {
            int32_t i = p->items[e], c = p->colors[e];
            if (i < p->n1)
                prim++;
            else if (c) {
                si[nsec] = i;
                sc[nsec++] = c;
            } else {
                prim = -1; /* a bare secondary item */
                break;
            }
        }
        if (prim != 1 || nsec == 0)
            return;
        if (sort_pairs(si, sc, (size_t)nsec) < 0) {
            b->oom = 1;
            return;
        }
        if (len < 0) {
            len = nsec;
            memcpy(sig, si, (size_t)nsec * sizeof *sig);
        } else if (nsec != len || memcmp(sig, si, (size_t)nsec * sizeof *sig) != 0)
            return;
        for (size_t t = 0; t < ntup; t++)
            if (memcmp(tup + t * (size_t)len, sc, (size_t)len * sizeof *sc) == 0)
                return;
        if (ntup == MAX_TUPLES) /* then the product of the domains exceeds MAX_TUPLES */
            return;
        memcpy(tup + ntup * (size_t)len, sc, (size_t)len * sizeof *sc);
        opt[ntup++] = k;
    }
    if (len < 0)
        return;
    size_t size = 1; /* the product of the domain sizes */
    for (int32_t j = 0; j < len && size <= MAX_TUPLES; j++) {
        size_t distinct = 0;
        for (size_t t = 0; t < ntup; t++) {
            size_t u = 0;
            while (u < t && tup[u * len + j] != tup[t * len + j])
                u++;
            distinct += u == t;
        }
        size *= distinct;
    }
    if (size > MAX_TUPLES)
        return;
    push(b, &tb->sig_start, (int32_t)tb->sig.n);
    for (int32_t j = 0; j < len; j++)
        push(b, &tb->sig, sig[j]);
    push(b, &tb->tup_start, (int32_t)tb->tup.n);
    for (size_t x = 0; x < ntup * (size_t)len; x++)
        push(b, &tb->tup, tup[x]);
    push(b, &tb->ntup, (int32_t)ntup);
    push(b, &tb->opt_start, (int32_t)tb->tup_option.n);
    for (size_t t = 0; t < ntup; t++)
        push(b, &tb->tup_option, opt[t]);
    tb->count++;
}

/* ---- the forbidden tuples of a table (T7) ------------------------------------ */

static void forbid(struct build *b, const struct tables *tb, size_t t, int32_t *dom,
                   int32_t *dlen, int32_t *at, int32_t *clause)
{
    const int32_t W = b->p->ncolors + 1, truth = 1;
    const int32_t *sig = tb->sig.a + tb->sig_start.a[t];
    const int32_t len = (t + 1 < tb->count ? tb->sig_start.a[t + 1] : (int32_t)tb->sig.n)
                        - tb->sig_start.a[t];
    const int32_t *tup = tb->tup.a + tb->tup_start.a[t];
    const int32_t ntup = tb->ntup.a[t];
    for (int32_t j = 0; j < len; j++) { /* the sorted domain of position j */
        int32_t *d = dom + (size_t)j * MAX_TUPLES, k = 0;
        for (int32_t u = 0; u < ntup; u++) {
            int32_t c = tup[(size_t)u * len + j], x = 0;
            if (b->f->color_lit[(size_t)sig[j] * W + c] == -truth)
                continue;
            while (x < k && d[x] < c)
                x++;
            if (x < k && d[x] == c)
                continue;
            memmove(d + x + 1, d + x, (size_t)(k - x) * sizeof *d);
            d[x] = c;
            k++;
        }
        if (k == 0)
            return; /* the product is empty */
        dlen[j] = k;
        at[j] = 0;
    }
    for (;;) { /* every tuple of the product, the last position fastest */
        int in_table = 0;
        for (int32_t u = 0; u < ntup && !in_table; u++) {
            int32_t j = 0;
            while (j < len && tup[(size_t)u * len + j] == dom[(size_t)j * MAX_TUPLES + at[j]])
                j++;
            in_table = j == len;
        }
        if (!in_table) {
            size_t k = 0;
            for (int32_t j = 0; j < len; j++) {
                int32_t c = dom[(size_t)j * MAX_TUPLES + at[j]];
                int32_t lit = b->f->color_lit[(size_t)sig[j] * W + c];
                if (lit != truth) /* a certain color: its negation is false */
                    clause[k++] = -lit;
            }
            add(b, clause, k);
        }
        int32_t j = len - 1;
        while (j >= 0 && ++at[j] == dlen[j])
            at[j--] = 0;
        if (j < 0)
            return;
    }
}

/* ---- the cycle (T8) ------------------------------------------------------------ */

/* The degree of a vertex is 0 or 2 (2 if required). */
static void degree(struct build *b, int32_t *lits, int32_t *w, size_t k, int32_t fixed,
                   int required, int32_t *keep, int32_t *kw, int32_t *clause)
{
    if (fixed > 2) {
        add(b, NULL, 0);
        return;
    }
    size_t nk = 0;
    for (size_t j = 0; j < k; j++) {
        if (w[j] + fixed > 2) {
            int32_t c = -lits[j];
            add(b, &c, 1);
        } else {
            keep[nk] = lits[j];
            kw[nk++] = w[j];
        }
    }
    if (fixed == 2)
        return;
    if (fixed == 1) {
        exactly_one(b, keep, nk);
        return;
    }
    if (required)
        add(b, keep, nk);
    at_most_two(b, keep, kw, nk);
    for (size_t j = 0; j < nk; j++) { /* never exactly one */
        if (kw[j] != 1)
            continue;
        size_t c = 0;
        clause[c++] = -keep[j];
        for (size_t x = 0; x < nk; x++)
            if (keep[x] != keep[j])
                clause[c++] = keep[x];
        add(b, clause, c);
    }
}

/* Does one table give v degree 0 or 2 (2 if required) in each of its tuples? */
static int degree_in_table(const struct tables *tb, const int32_t *at_i,
                           const int32_t *at_c, size_t nat, int32_t fixed, int required,
                           const int32_t *tof_start, const int32_t *tof, int32_t *pos)
{
    if (nat == 0)
        return 0;
    int32_t first = at_i[0];
    for (int32_t x = tof_start[first]; x < tof_start[first + 1]; x++) {
        size_t t = (size_t)tof[x];
        const int32_t *sig = tb->sig.a + tb->sig_start.a[t];
        int32_t len = (t + 1 < tb->count ? tb->sig_start.a[t + 1] : (int32_t)tb->sig.n)
                      - tb->sig_start.a[t];
        size_t a = 0;
        for (; a < nat; a++) { /* every item at v in the signature? */
            int32_t j = 0;
            while (j < len && sig[j] != at_i[a])
                j++;
            if (j == len)
                break;
            pos[a] = j;
        }
        if (a < nat)
            continue;
        const int32_t *tup = tb->tup.a + tb->tup_start.a[t];
        int32_t ntup = tb->ntup.a[t], u = 0;
        for (; u < ntup; u++) {
            int32_t d = fixed;
            for (a = 0; a < nat; a++)
                d += tup[(size_t)u * len + pos[a]] == at_c[a];
            if (d != 2 && (required || d != 0))
                break;
        }
        if (u == ntup)
            return 1;
    }
    return 0;
}

static void cycle(struct build *b, const struct tables *tb)
{
    const struct xcc_cnf_problem *p = b->p;
    struct xcc_cnf *f = b->f;
    const int32_t W = p->ncolors + 1, truth = 1, nv = p->nverts;
    struct xcc_ivec oi = {0}, oc = {0}; /* the (item, color) of each edge; -1 if present */
    for (int32_t j = 0; j < p->npresent; j++) {
        push(b, &f->edge_u, p->present[2 * j]);
        push(b, &f->edge_v, p->present[2 * j + 1]);
        push(b, &f->edge_lit, 0);
        push(b, &oi, -1);
        push(b, &oc, -1);
    }
    for (int32_t s = 0; s < p->n - p->n1; s++) {
        int32_t i = p->n1 + s;
        for (int32_t e = p->edge_start[s]; e < p->edge_start[s + 1]; e++) {
            int32_t c = p->edge_color[e];
            int32_t y = (c > 0 && c <= p->ncolors) ? f->color_lit[(size_t)i * W + c] : 0;
            if (y != 0 && y != -truth) {
                push(b, &f->edge_u, p->edge_u[e]);
                push(b, &f->edge_v, p->edge_v[e]);
                push(b, &f->edge_lit, y);
                push(b, &oi, i);
                push(b, &oc, c);
            }
        }
    }
    size_t ne = f->edge_lit.n;
    int32_t *inc_start = zalloc(b, (size_t)nv + 2, sizeof *inc_start);
    int32_t *inc = zalloc(b, 2 * ne, sizeof *inc);
    char *required = zalloc(b, (size_t)nv + 1, 1);
    int32_t *tof_start = zalloc(b, (size_t)p->n + 2, sizeof *tof_start);
    int32_t *tof = zalloc(b, tb->sig.n, sizeof *tof);
    size_t big = 2 * ne + 8;
    int32_t *lits = zalloc(b, big, sizeof *lits), *w = zalloc(b, big, sizeof *w);
    int32_t *keep = zalloc(b, big, sizeof *keep), *kw = zalloc(b, big, sizeof *kw);
    int32_t *clause = zalloc(b, big, sizeof *clause), *pos = zalloc(b, big, sizeof *pos);
    int32_t *at_i = zalloc(b, big, sizeof *at_i), *at_c = zalloc(b, big, sizeof *at_c);
    if (b->oom)
        goto done;
    for (size_t j = 0; j < ne; j++) { /* vertex -> its edges (a loop once) */
        inc_start[f->edge_u.a[j] + 2]++;
        if (f->edge_v.a[j] != f->edge_u.a[j])
            inc_start[f->edge_v.a[j] + 2]++;
    }
    for (int32_t v = 0; v < nv; v++)
        inc_start[v + 2] += inc_start[v + 1];
    for (size_t j = 0; j < ne; j++) {
        inc[inc_start[f->edge_u.a[j] + 1]++] = (int32_t)j;
        if (f->edge_v.a[j] != f->edge_u.a[j])
            inc[inc_start[f->edge_v.a[j] + 1]++] = (int32_t)j;
    }
    for (int32_t r = 0; r < p->nrequired; r++)
        required[p->required[r]] = 1;
    for (size_t j = 0; j < ne; j++) /* a loop on one vertex is never part of the cycle */
        if (f->edge_u.a[j] == f->edge_v.a[j]) {
            int32_t c = -f->edge_lit.a[j];
            add(b, &c, c != 0);
        }
    for (size_t t = 0; t < tb->count; t++) { /* item -> its tables */
        size_t end = t + 1 < tb->count ? (size_t)tb->sig_start.a[t + 1] : tb->sig.n;
        for (size_t x = (size_t)tb->sig_start.a[t]; x < end; x++)
            tof_start[tb->sig.a[x] + 2]++;
    }
    for (int32_t i = 0; i < p->n; i++)
        tof_start[i + 2] += tof_start[i + 1];
    for (size_t t = 0; t < tb->count; t++) {
        size_t end = t + 1 < tb->count ? (size_t)tb->sig_start.a[t + 1] : tb->sig.n;
        for (size_t x = (size_t)tb->sig_start.a[t]; x < end; x++)
            tof[tof_start[tb->sig.a[x] + 1]++] = (int32_t)t;
    }
    for (int32_t v = 0; v < nv && !b->oom; v++) {
        int32_t fixed = 0;
        size_t k = 0, nat = 0;
        for (int32_t x = inc_start[v]; x < inc_start[v + 1]; x++) {
            int32_t j = inc[x];
            if (f->edge_u.a[j] == f->edge_v.a[j])
                continue;
            if (f->edge_lit.a[j] == 0)
                fixed++;
            else {
                lits[k++] = f->edge_lit.a[j];
                at_i[nat] = oi.a[j];
                at_c[nat++] = oc.a[j];
            }
        }
        if (degree_in_table(tb, at_i, at_c, nat, fixed, required[v], tof_start, tof, pos))
            continue;
        qsort(lits, k, sizeof *lits, xcc_int32_cmp); /* the literals with their weights */
        size_t d = 0;
        for (size_t x = 0; x < k; x++) {
            if (d && lits[d - 1] == lits[x])
                w[d - 1]++;
            else {
                lits[d] = lits[x];
                w[d++] = 1;
            }
        }
        degree(b, lits, w, d, fixed, required[v], keep, kw, clause);
    }
    if (p->npresent == 0 && !b->oom) { /* a cycle has an edge */
        size_t k = 0;
        for (size_t j = 0; j < ne; j++)
            if (f->edge_u.a[j] != f->edge_v.a[j])
                lits[k++] = f->edge_lit.a[j];
        qsort(lits, k, sizeof *lits, xcc_int32_cmp);
        size_t d = 0;
        for (size_t x = 0; x < k; x++)
            if (!d || lits[d - 1] != lits[x])
                lits[d++] = lits[x];
        add(b, lits, d);
    }
done:
    free(oi.a), free(oc.a), free(inc_start), free(inc), free(required), free(tof_start);
    free(tof), free(lits), free(w), free(keep), free(kw), free(clause), free(pos);
    free(at_i), free(at_c);
}

/* ---- the whole translation ------------------------------------------------------ */

int xcc_cnf_build(const struct xcc_cnf_problem *p, struct xcc_cnf *f)
{
    struct build bb = {p, f, 0}, *b = &bb;
    memset(f, 0, sizeof *f);
    const int32_t n1 = p->n1, n = p->n, m = p->m, W = p->ncolors + 1, truth = 1;
    const size_t cells = (size_t)n * (size_t)W;
    struct tables tb = {0};
    int32_t maxlen = 0;
    for (int32_t k = 0; k < m; k++)
        if (p->starts[k + 1] - p->starts[k] > maxlen)
            maxlen = p->starts[k + 1] - p->starts[k];
    size_t sz = (size_t)maxlen + 1;
    int32_t *bp_start = zalloc(b, (size_t)n1 + 2, sizeof *bp_start), *bp = NULL;
    char *used = zalloc(b, cells, 1);
    int32_t *tcount = zalloc(b, (size_t)n, sizeof *tcount);
    int32_t *amark = zalloc(b, cells, sizeof *amark);
    int32_t *si = zalloc(b, sz, sizeof *si), *sc = zalloc(b, sz, sizeof *sc);
    int32_t *sig = zalloc(b, sz, sizeof *sig), *opt = zalloc(b, MAX_TUPLES, sizeof *opt);
    int32_t *tup = zalloc(b, sz * MAX_TUPLES, sizeof *tup);
    int32_t *names_start = zalloc(b, (size_t)n + 2, sizeof *names_start), *names = NULL;
    int32_t *pair_id = zalloc(b, cells, sizeof *pair_id);
    struct xcc_ivec pairs = {0}, pair_count = {0}, pair_y = {0}, lits = {0};
    int32_t *pair_start = NULL, *pair_x = NULL, *col_start = NULL, *col = NULL;
    int32_t *dom = NULL, *dlen = NULL, *at = NULL, *clause = NULL;
    f->option_lit = zalloc(b, (size_t)m, sizeof *f->option_lit);
    f->color_lit = zalloc(b, cells, sizeof *f->color_lit);
    f->in_table = zalloc(b, (size_t)m, sizeof *f->in_table);
    if (b->oom)
        goto done;

    /* T1 */
    new_var(b);
    add(b, &truth, 1);

    /* T2: the options of each primary item, the colors each item takes */
    for (int32_t e = 0; e < p->starts[m]; e++)
        if (p->items[e] < n1)
            bp_start[p->items[e] + 2]++;
        else if (p->colors[e])
            used[(size_t)p->items[e] * W + p->colors[e]] = 1;
    for (int32_t i = 0; i < n1; i++)
        bp_start[i + 2] += bp_start[i + 1];
    bp = zalloc(b, (size_t)bp_start[n1 + 1], sizeof *bp);
    if (b->oom)
        goto done;
    for (int32_t k = 0; k < m; k++)
        for (int32_t e = p->starts[k]; e < p->starts[k + 1]; e++)
            if (p->items[e] < n1)
                bp[bp_start[p->items[e] + 1]++] = k;
    for (int32_t i = 0; i < n1 && !b->oom; i++)
        find_table(b, &tb, bp + bp_start[i], (size_t)(bp_start[i + 1] - bp_start[i]), si, sc,
                   sig, tup, opt);
    if (b->oom)
        goto done;
    for (size_t t = 0; t < tb.count; t++) { /* the colors each table allows an item */
        int32_t len = (t + 1 < tb.count ? tb.sig_start.a[t + 1] : (int32_t)tb.sig.n)
                      - tb.sig_start.a[t];
        const int32_t *tt = tb.tup.a + tb.tup_start.a[t], nt = tb.ntup.a[t];
        for (int32_t u = 0; u < nt; u++)
            f->in_table[tb.tup_option.a[tb.opt_start.a[t] + u]] = 1;
        for (int32_t j = 0; j < len; j++) {
            int32_t i = tb.sig.a[tb.sig_start.a[t] + j];
            tcount[i]++;
            for (int32_t u = 0; u < nt; u++) {
                int32_t x = 0;
                while (x < u && tt[(size_t)x * len + j] != tt[(size_t)u * len + j])
                    x++;
                if (x == u) /* distinct */
                    amark[(size_t)i * W + tt[(size_t)u * len + j]]++;
            }
        }
    }

    /* T3 */
    for (int32_t k = 0; k < m; k++)
        if (!f->in_table[k])
            f->option_lit[k] = new_var(b);
    for (int32_t i = 0; i < n; i++) {
        if (!tcount[i])
            continue;
        int32_t *cl = f->color_lit + (size_t)i * W, *am = amark + (size_t)i * W;
        const char *us = used + (size_t)i * W;
        lits.n = 0;
        for (int32_t c = 1; c < W; c++) {
            if (am[c] == tcount[i])
                push(b, &lits, c);
            else if (us[c])
                cl[c] = -truth;
        }
        if (b->oom)
            goto done;
        size_t na = lits.n;
        if (na == 1)
            cl[lits.a[0]] = truth;
        else if (na == 2) {
            int32_t v = new_var(b);
            cl[lits.a[0]] = v;
            cl[lits.a[1]] = -v;
        } else if (na > 2) {
            for (size_t x = 0; x < na; x++)
                cl[lits.a[x]] = new_var(b);
            for (size_t x = 0; x < na; x++)
                lits.a[x] = cl[lits.a[x]];
            exactly_one(b, lits.a, na);
        } else
            add(b, NULL, 0); /* two tables disagree on every color */
        for (int32_t c = 1; c < W; c++)
            if (am[c] == tcount[i] && cl[c] != truth)
                push(b, &f->colored, cl[c]);
    }

    /* the options naming each item bare; the options of each (item, color) pair */
    for (size_t x = 0; x < cells; x++)
        pair_id[x] = -1;
    for (int32_t k = 0; k < m; k++) {
        if (!f->option_lit[k])
            continue;
        for (int32_t e = p->starts[k]; e < p->starts[k + 1]; e++) {
            int32_t i = p->items[e], c = p->colors[e];
            if (!c)
                names_start[i + 2]++;
            else {
                size_t cell = (size_t)i * W + c;
                if (pair_id[cell] < 0) {
                    pair_id[cell] = (int32_t)pairs.n;
                    push(b, &pairs, (int32_t)cell);
                    push(b, &pair_count, 0);
                }
                if (b->oom)
                    goto done;
                pair_count.a[pair_id[cell]]++;
            }
        }
    }
    for (int32_t i = 0; i < n; i++)
        names_start[i + 2] += names_start[i + 1];
    names = zalloc(b, (size_t)names_start[n + 1], sizeof *names);
    pair_start = zalloc(b, pairs.n + 2, sizeof *pair_start);
    if (b->oom)
        goto done;
    for (size_t q = 0; q < pairs.n; q++)
        pair_start[q + 2] = pair_start[q + 1] + pair_count.a[q];
    pair_x = zalloc(b, (size_t)pair_start[pairs.n + 1], sizeof *pair_x);
    if (b->oom)
        goto done;
    for (int32_t k = 0; k < m; k++) {
        int32_t x = f->option_lit[k];
        if (!x)
            continue;
        for (int32_t e = p->starts[k]; e < p->starts[k + 1]; e++) {
            int32_t i = p->items[e], c = p->colors[e];
            if (!c)
                names[names_start[i + 1]++] = x;
            else
                pair_x[pair_start[pair_id[(size_t)i * W + c] + 1]++] = x;
        }
    }

    /* T4 */
    for (int32_t i = 0; i < n1; i++)
        if (!(bp_start[i + 1] > bp_start[i] && f->in_table[bp[bp_start[i]]]))
            exactly_one(b, names + names_start[i], (size_t)(names_start[i + 1] - names_start[i]));

    /* T5 */
    for (size_t q = 0; q < pairs.n && !b->oom; q++) {
        size_t cell = (size_t)pairs.a[q];
        const int32_t *xs = pair_x + pair_start[q];
        size_t nx = (size_t)(pair_start[q + 1] - pair_start[q]);
        int32_t y = f->color_lit[cell];
        if (y) { /* a table colors the item: only the implications */
            for (size_t a = 0; a < nx; a++)
                add2(b, -xs[a], y);
            push(b, &pair_y, 0);
            continue;
        }
        y = f->color_lit[cell] = new_var(b);
        push(b, &pair_y, y);
        for (size_t a = 0; a < nx; a++)
            add2(b, -xs[a], y);
        lits.n = 0;
        push(b, &lits, -y);
        for (size_t a = 0; a < nx; a++)
            push(b, &lits, xs[a]);
        if (!b->oom)
            add(b, lits.a, lits.n);
    }
    if (b->oom)
        goto done;

    /* T6: the color variables of each item, in order of creation, then its bare names */
    col_start = zalloc(b, (size_t)n + 2, sizeof *col_start);
    col = zalloc(b, pairs.n, sizeof *col);
    if (b->oom)
        goto done;
    for (size_t q = 0; q < pairs.n; q++)
        if (pair_y.a[q])
            col_start[pairs.a[q] / W + 2]++;
    for (int32_t i = 0; i < n; i++)
        col_start[i + 2] += col_start[i + 1];
    for (size_t q = 0; q < pairs.n; q++)
        if (pair_y.a[q])
            col[col_start[pairs.a[q] / W + 1]++] = pair_y.a[q];
    for (int32_t i = n1; i < n && !b->oom; i++) {
        int32_t nn = names_start[i + 1] - names_start[i], nc = col_start[i + 1] - col_start[i];
        if (tcount[i]) {
            for (int32_t a = 0; a < nn; a++) {
                int32_t c = -names[names_start[i] + a];
                add(b, &c, 1);
            }
        } else if (nc + nn > 1) {
            lits.n = 0;
            for (int32_t a = 0; a < nc; a++)
                push(b, &lits, col[col_start[i] + a]);
            for (int32_t a = 0; a < nn; a++)
                push(b, &lits, names[names_start[i] + a]);
            if (!b->oom)
                at_most_one(b, lits.a, lits.n);
        }
    }

    /* T7 */
    dom = zalloc(b, sz * MAX_TUPLES, sizeof *dom);
    dlen = zalloc(b, sz, sizeof *dlen);
    at = zalloc(b, sz, sizeof *at);
    clause = zalloc(b, sz, sizeof *clause);
    for (size_t t = 0; t < tb.count && !b->oom; t++)
        forbid(b, &tb, t, dom, dlen, at, clause);

    /* T8 */
    if (p->nverts >= 0 && !b->oom)
        cycle(b, &tb);

done:
    free(bp_start), free(bp), free(used), free(tcount), free(amark), free(si), free(sc);
    free(sig), free(opt), free(tup), free(names_start), free(names), free(pair_id);
    free(pairs.a), free(pair_count.a), free(pair_y.a), free(lits.a), free(pair_start);
    free(pair_x), free(col_start), free(col), free(dom), free(dlen), free(at), free(clause);
    free(tb.sig_start.a), free(tb.sig.a), free(tb.tup_start.a), free(tb.tup.a);
    free(tb.ntup.a), free(tb.opt_start.a), free(tb.tup_option.a);
    if (b->oom) {
        xcc_cnf_free(f);
        return -1;
    }
    return 0;
}

void xcc_cnf_free(struct xcc_cnf *f)
{
    free(f->clauses.a), free(f->option_lit), free(f->color_lit), free(f->in_table);
    free(f->colored.a), free(f->edge_u.a), free(f->edge_v.a), free(f->edge_lit.a);
    memset(f, 0, sizeof *f);
}
