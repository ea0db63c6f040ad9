/* The CNF of an XCC problem: steps T1-T7 of the translation, and the
 * translation as a whole (the cycle's clauses, T8, are in cnf_cycle.c).
 *
 * Python twin: xcc/engines/sat/translate.py (Translation; read that first):
 * the same variables in the same order and the same clauses in the same
 * order, so that the tests can hold the two equal clause by clause.  The
 * clauses and cardinality encodings are Formula's (formula.c).  Each step
 * is a function named after the part of the twin it mirrors:
 *
 *   T1  the variable `true`                                    xcc_cnf_build
 *   T2  tables: primary items whose options each name only it and the same
 *       secondary items, all colored, in distinct color tuples   find_tables
 *       (_find_tables); the colors the tables allow        allowed_colors
 *   T3  option variables (options outside tables)         option_variables
 *       and the color literals of the items a table colors
 *       (exactly one allowed color)                     table_colored_items
 *   T4  exactly one option per primary item (tables aside)  one_option_each
 *   T5  color variables of the other items: x -> y, y -> OR x  color_variables
 *   T6  per secondary item, colors and bare names exclude each other
 *                                                                 exclusions
 *   T7  the color tuples each table forbids          table_clauses (_table)
 *   T8  the cycle (_cycle, _degree_in_table, _degree)   cnf_cycle.c
 *
 * T2-T7 are the twin's _items, run by items() here.  The working arrays of
 * the steps live in struct build (cnf_build.h); memory running out sets
 * b->fm.oom, the steps that follow do nothing, and xcc_cnf_build frees
 * everything and fails.
 */
#include "cnf_build.h"

#include <stdlib.h>
#include <string.h>

/* ---- tables (T2: Translation._find_tables) ------------------------------- */

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
                       const int32_t *nprim, int32_t *si, int32_t *sc, int32_t *sig,
                       int32_t *tup, int32_t *opt)
{
    const struct xcc_cnf_problem *p = b->p;
    int32_t len = -1;
    size_t ntup = 0;
    for (size_t a = 0; a < nk; a++) {
        int32_t k = ks[a], prim = 0, nsec = 0;
        if (nprim[k] != 1) /* not read whole: linear time however long the options are */
            return;
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
            b->fm.oom = 1;
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


/* T2: the options of each primary item and the colors each item takes
 * (by_primary and used in the twin), then the tables among the primary items. */
static void find_tables(struct build *b)
{
    const struct xcc_cnf_problem *p = b->p;
    const int32_t n1 = p->n1, m = p->m;
    for (int32_t e = 0; e < p->starts[m]; e++)
        if (p->items[e] < n1)
            b->bp_start[p->items[e] + 2]++;
        else if (p->colors[e])
            b->used[(size_t)p->items[e] * b->W + p->colors[e]] = 1;
    for (int32_t i = 0; i < n1; i++)
        b->bp_start[i + 2] += b->bp_start[i + 1];
    b->bp = zalloc(b, (size_t)b->bp_start[n1 + 1], sizeof *b->bp);
    int32_t *si = zalloc(b, b->sz, sizeof *si), *sc = zalloc(b, b->sz, sizeof *sc);
    int32_t *sig = zalloc(b, b->sz, sizeof *sig), *opt = zalloc(b, MAX_TUPLES, sizeof *opt);
    int32_t *tup = zalloc(b, b->sz * MAX_TUPLES, sizeof *tup);
    int32_t *nprim = zalloc(b, (size_t)m + 1, sizeof *nprim); /* primary items of each option */
    if (!b->fm.oom) {
        for (int32_t k = 0; k < m; k++)
            for (int32_t e = p->starts[k]; e < p->starts[k + 1]; e++)
                nprim[k] += p->items[e] < n1;
        for (int32_t k = 0; k < m; k++)
            for (int32_t e = p->starts[k]; e < p->starts[k + 1]; e++)
                if (p->items[e] < n1)
                    b->bp[b->bp_start[p->items[e] + 1]++] = k;
        for (int32_t i = 0; i < n1 && !b->fm.oom; i++)
            find_table(b, &b->tb, b->bp + b->bp_start[i],
                       (size_t)(b->bp_start[i + 1] - b->bp_start[i]), nprim, si, sc, sig, tup,
                       opt);
    }
    free(si), free(sc), free(sig), free(opt), free(tup), free(nprim);
}

/* The options in tables (in_table), and for each item the number of tables
 * that color it (tcount) and that allow each color (amark): a color is
 * allowed when every such table allows it. */
static void allowed_colors(struct build *b)
{
    const struct tables *tb = &b->tb;
    for (size_t t = 0; t < tb->count; t++) {
        int32_t len = (t + 1 < tb->count ? tb->sig_start.a[t + 1] : (int32_t)tb->sig.n)
                      - tb->sig_start.a[t];
        const int32_t *tt = tb->tup.a + tb->tup_start.a[t], nt = tb->ntup.a[t];
        for (int32_t u = 0; u < nt; u++)
            b->f->in_table[tb->tup_option.a[tb->opt_start.a[t] + u]] = 1;
        for (int32_t j = 0; j < len; j++) {
            int32_t i = tb->sig.a[tb->sig_start.a[t] + j];
            b->tcount[i]++;
            for (int32_t u = 0; u < nt; u++) {
                int32_t x = 0;
                while (x < u && tt[(size_t)x * len + j] != tt[(size_t)u * len + j])
                    x++;
                if (x == u) /* distinct */
                    b->amark[(size_t)i * b->W + tt[(size_t)u * len + j]]++;
            }
        }
    }
}

/* T3: a variable for every option outside the tables. */
static void option_variables(struct build *b)
{
    for (int32_t k = 0; k < b->p->m; k++)
        if (!b->f->in_table[k])
            b->f->option_lit[k] = formula_new_var(&b->fm);
}

/* T3: an item colored by tables has exactly one of the colors they allow
 * (a certain color is `true`; two share a variable), the others are
 * impossible; its color literals are noted for the blocking clauses. */
static void table_colored_items(struct build *b)
{
    const int32_t W = b->W, truth = 1;
    struct xcc_ivec *lits = &b->lits;
    for (int32_t i = 0; i < b->p->n && !b->fm.oom; i++) {
        if (!b->tcount[i])
            continue;
        int32_t *cl = b->f->color_lit + (size_t)i * W, *am = b->amark + (size_t)i * W;
        const char *us = b->used + (size_t)i * W;
        lits->n = 0;
        for (int32_t c = 1; c < W; c++) {
            if (am[c] == b->tcount[i])
                push(b, lits, c);
            else if (us[c])
                cl[c] = -truth;
        }
        if (b->fm.oom)
            return;
        size_t na = lits->n;
        if (na == 1)
            cl[lits->a[0]] = truth;
        else if (na == 2) {
            int32_t v = formula_new_var(&b->fm);
            cl[lits->a[0]] = v;
            cl[lits->a[1]] = -v;
        } else if (na > 2) {
            for (size_t x = 0; x < na; x++)
                cl[lits->a[x]] = formula_new_var(&b->fm);
            for (size_t x = 0; x < na; x++)
                lits->a[x] = cl[lits->a[x]];
            formula_exactly_one(&b->fm, lits->a, na);
        } else
            formula_add(&b->fm, NULL, 0); /* two tables disagree on every color */
        for (int32_t c = 1; c < W; c++)
            if (am[c] == b->tcount[i] && cl[c] != truth)
                push(b, &b->f->colored, cl[c]);
    }
}

/* The options (with a variable) naming each item bare, and those of each
 * (item, color) pair (names and colored in the twin). */
static void names_and_pairs(struct build *b)
{
    const struct xcc_cnf_problem *p = b->p;
    const struct xcc_cnf *f = b->f;
    const int32_t n = p->n, m = p->m, W = b->W;
    for (size_t x = 0; x < b->cells; x++)
        b->pair_id[x] = -1;
    for (int32_t k = 0; k < m; k++) { /* count */
        if (!f->option_lit[k])
            continue;
        for (int32_t e = p->starts[k]; e < p->starts[k + 1]; e++) {
            int32_t i = p->items[e], c = p->colors[e];
            if (!c)
                b->names_start[i + 2]++;
            else {
                size_t cell = (size_t)i * W + c;
                if (b->pair_id[cell] < 0) {
                    b->pair_id[cell] = (int32_t)b->pairs.n;
                    push(b, &b->pairs, (int32_t)cell);
                    push(b, &b->pair_count, 0);
                }
                if (b->fm.oom)
                    return;
                b->pair_count.a[b->pair_id[cell]]++;
            }
        }
    }
    for (int32_t i = 0; i < n; i++)
        b->names_start[i + 2] += b->names_start[i + 1];
    b->names = zalloc(b, (size_t)b->names_start[n + 1], sizeof *b->names);
    b->pair_start = zalloc(b, b->pairs.n + 2, sizeof *b->pair_start);
    if (b->fm.oom)
        return;
    for (size_t q = 0; q < b->pairs.n; q++)
        b->pair_start[q + 2] = b->pair_start[q + 1] + b->pair_count.a[q];
    b->pair_x = zalloc(b, (size_t)b->pair_start[b->pairs.n + 1], sizeof *b->pair_x);
    if (b->fm.oom)
        return;
    for (int32_t k = 0; k < m; k++) { /* fill */
        int32_t x = f->option_lit[k];
        if (!x)
            continue;
        for (int32_t e = p->starts[k]; e < p->starts[k + 1]; e++) {
            int32_t i = p->items[e], c = p->colors[e];
            if (!c)
                b->names[b->names_start[i + 1]++] = x;
            else
                b->pair_x[b->pair_start[b->pair_id[(size_t)i * W + c] + 1]++] = x;
        }
    }
}

/* T4: exactly one option per primary item (a table says it in T7). */
static void one_option_each(struct build *b)
{
    const int32_t *bp_start = b->bp_start, *names_start = b->names_start;
    for (int32_t i = 0; i < b->p->n1; i++)
        if (!(bp_start[i + 1] > bp_start[i] && b->f->in_table[b->bp[bp_start[i]]]))
            formula_exactly_one(&b->fm, b->names + names_start[i],
                        (size_t)(names_start[i + 1] - names_start[i]));
}

/* T5: the color variable y of each pair: every option x naming it gives
 * it (x -> y), and it needs one of them (y -> OR x); a pair a table colors
 * has its literal already and takes only the implications. */
static void color_variables(struct build *b)
{
    struct xcc_ivec *lits = &b->lits;
    for (size_t q = 0; q < b->pairs.n && !b->fm.oom; q++) {
        size_t cell = (size_t)b->pairs.a[q];
        const int32_t *xs = b->pair_x + b->pair_start[q];
        size_t nx = (size_t)(b->pair_start[q + 1] - b->pair_start[q]);
        int32_t y = b->f->color_lit[cell];
        if (y) { /* a table colors the item: only the implications */
            for (size_t a = 0; a < nx; a++)
                formula_add2(&b->fm, -xs[a], y);
            push(b, &b->pair_y, 0);
            continue;
        }
        y = b->f->color_lit[cell] = formula_new_var(&b->fm);
        push(b, &b->pair_y, y);
        for (size_t a = 0; a < nx; a++)
            formula_add2(&b->fm, -xs[a], y);
        lits->n = 0;
        push(b, lits, -y);
        for (size_t a = 0; a < nx; a++)
            push(b, lits, xs[a]);
        if (!b->fm.oom)
            formula_add(&b->fm, lits->a, lits->n);
    }
}

/* T6: per secondary item, its color variables (in order of creation) and
 * the options naming it bare exclude each other; an item a table colors is
 * never named bare. */
static void exclusions(struct build *b)
{
    const int32_t n = b->p->n, W = b->W;
    const int32_t *names = b->names, *names_start = b->names_start;
    int32_t *col_start = zalloc(b, (size_t)n + 2, sizeof *col_start);
    int32_t *col = zalloc(b, b->pairs.n, sizeof *col);
    struct xcc_ivec *lits = &b->lits;
    if (b->fm.oom)
        goto done;
    for (size_t q = 0; q < b->pairs.n; q++)
        if (b->pair_y.a[q])
            col_start[b->pairs.a[q] / W + 2]++;
    for (int32_t i = 0; i < n; i++)
        col_start[i + 2] += col_start[i + 1];
    for (size_t q = 0; q < b->pairs.n; q++)
        if (b->pair_y.a[q])
            col[col_start[b->pairs.a[q] / W + 1]++] = b->pair_y.a[q];
    for (int32_t i = b->p->n1; i < n && !b->fm.oom; i++) {
        int32_t nn = names_start[i + 1] - names_start[i], nc = col_start[i + 1] - col_start[i];
        if (b->tcount[i]) {
            for (int32_t a = 0; a < nn; a++) {
                int32_t c = -names[names_start[i] + a];
                formula_add(&b->fm, &c, 1);
            }
        } else if (nc + nn > 1) {
            lits->n = 0;
            for (int32_t a = 0; a < nc; a++)
                push(b, lits, col[col_start[i] + a]);
            for (int32_t a = 0; a < nn; a++)
                push(b, lits, names[names_start[i] + a]);
            if (!b->fm.oom)
                formula_at_most_one(&b->fm, lits->a, lits->n);
        }
    }
done:
    free(col_start), free(col);
}

/* ---- the forbidden tuples of a table (T7: Translation._table) --------------- */

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
            formula_add(&b->fm, clause, k);
        }
        int32_t j = len - 1;
        while (j >= 0 && ++at[j] == dlen[j])
            at[j--] = 0;
        if (j < 0)
            return;
    }
}

/* T7: the forbidden tuples of every table. */
static void table_clauses(struct build *b)
{
    int32_t *dom = zalloc(b, b->sz * MAX_TUPLES, sizeof *dom);
    int32_t *dlen = zalloc(b, b->sz, sizeof *dlen), *at = zalloc(b, b->sz, sizeof *at);
    int32_t *clause = zalloc(b, b->sz, sizeof *clause);
    for (size_t t = 0; t < b->tb.count && !b->fm.oom; t++)
        forbid(b, &b->tb, t, dom, dlen, at, clause);
    free(dom), free(dlen), free(at), free(clause);
}

/* T2-T7: the items and options (Translation._items). */
static void items(struct build *b)
{
    void (*const steps[])(struct build *) = {
        find_tables, allowed_colors, option_variables, table_colored_items,
        names_and_pairs, one_option_each, color_variables, exclusions, table_clauses,
    };
    for (size_t k = 0; k < sizeof steps / sizeof *steps && !b->fm.oom; k++)
        steps[k](b);
}

/* ---- the whole translation ------------------------------------------------------ */

int xcc_cnf_build(const struct xcc_cnf_problem *p, struct xcc_cnf *f)
{
    struct build bb = {.p = p, .f = f}, *b = &bb;
    memset(f, 0, sizeof *f);
    int32_t maxlen = 0;
    for (int32_t k = 0; k < p->m; k++)
        if (p->starts[k + 1] - p->starts[k] > maxlen)
            maxlen = p->starts[k + 1] - p->starts[k];
    b->W = p->ncolors + 1;
    b->cells = (size_t)p->n * (size_t)b->W;
    b->sz = (size_t)maxlen + 1;
    f->option_lit = zalloc(b, (size_t)p->m, sizeof *f->option_lit);
    f->color_lit = zalloc(b, b->cells, sizeof *f->color_lit);
    f->in_table = zalloc(b, (size_t)p->m, sizeof *f->in_table);
    b->bp_start = zalloc(b, (size_t)p->n1 + 2, sizeof *b->bp_start);
    b->used = zalloc(b, b->cells, 1);
    b->tcount = zalloc(b, (size_t)p->n, sizeof *b->tcount);
    b->amark = zalloc(b, b->cells, sizeof *b->amark);
    b->names_start = zalloc(b, (size_t)p->n + 2, sizeof *b->names_start);
    b->pair_id = zalloc(b, b->cells, sizeof *b->pair_id);
    if (!b->fm.oom) {
        const int32_t truth = 1;
        formula_new_var(&b->fm); /* T1 */
        formula_add(&b->fm, &truth, 1);
        items(b);
    }
    if (p->nverts >= 0 && !b->fm.oom)
        cnf_cycle(b);

    free(b->bp_start), free(b->bp), free(b->used), free(b->tcount), free(b->amark);
    free(b->names_start), free(b->names), free(b->pair_id);
    xcc_ivec_free(&b->pairs), xcc_ivec_free(&b->pair_count), xcc_ivec_free(&b->pair_y);
    free(b->pair_start), free(b->pair_x), xcc_ivec_free(&b->lits);
    struct tables *tb = &b->tb;
    xcc_ivec_free(&tb->sig_start), xcc_ivec_free(&tb->sig), xcc_ivec_free(&tb->tup_start);
    xcc_ivec_free(&tb->tup), xcc_ivec_free(&tb->ntup), xcc_ivec_free(&tb->opt_start);
    xcc_ivec_free(&tb->tup_option);
    f->nvars = b->fm.nvars, f->nclauses = b->fm.nclauses, f->unsat = b->fm.unsat;
    f->clauses = b->fm.clauses;
    if (b->fm.oom) {
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
