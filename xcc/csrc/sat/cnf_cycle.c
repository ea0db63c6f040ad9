/* The clauses of the cycle constraint (step T8 of the translation, cnf.c):
 * its edges, loops on one vertex, the degree of every vertex (0 or 2, 2 if
 * required) unless one table already fixes it, and "some edge" when none is
 * present from the start.
 *
 * Python twin: Translation._cycle, _degree_in_table and _degree in
 * xcc/engines/sat/translate.py.
 */
#include "cnf_build.h"

#include <stdlib.h>
#include <string.h>

/* The degree of a vertex is 0 or 2 (2 if required). */
static void degree(struct build *b, int32_t *lits, int32_t *w, size_t k, int32_t fixed,
                   int required, int32_t *keep, int32_t *kw, int32_t *clause)
{
    if (fixed > 2) {
        formula_add(&b->fm, NULL, 0);
        return;
    }
    size_t nk = 0;
    for (size_t j = 0; j < k; j++) {
        if (w[j] + fixed > 2) {
            int32_t c = -lits[j];
            formula_add(&b->fm, &c, 1);
        } else {
            keep[nk] = lits[j];
            kw[nk++] = w[j];
        }
    }
    if (fixed == 2)
        return;
    if (fixed == 1) {
        formula_exactly_one(&b->fm, keep, nk);
        return;
    }
    if (required)
        formula_add(&b->fm, keep, nk);
    formula_at_most_two(&b->fm, keep, kw, nk);
    for (size_t j = 0; j < nk; j++) { /* never exactly one */
        if (kw[j] != 1)
            continue;
        size_t c = 0;
        clause[c++] = -keep[j];
        for (size_t x = 0; x < nk; x++)
            if (keep[x] != keep[j])
                clause[c++] = keep[x];
        formula_add(&b->fm, clause, c);
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

/* What the steps of T8 share. */
struct cycle_work {
    struct xcc_ivec oi, oc;   /* the (item, color) of each edge; -1 if present from the start */
    int32_t *inc_start, *inc; /* the edges at vertex v: inc[inc_start[v]..inc_start[v+1]) */
    char *required;           /* required[v]: the cycle must visit v */
    int32_t *tof_start, *tof; /* the tables naming item i: tof[tof_start[i]..tof_start[i+1]) */
    /* scratch, room for every edge end: */
    int32_t *lits, *w, *keep, *kw, *clause, *pos, *at_i, *at_c;
};

/* The cycle's edges: those present from the start (literal 0), then those of
 * each secondary item's colors, unless the color is impossible. */
static void cycle_edges(struct build *b, struct cycle_work *cw)
{
    const struct xcc_cnf_problem *p = b->p;
    struct xcc_cnf *f = b->f;
    const int32_t W = b->W, truth = 1;
    for (int32_t j = 0; j < p->npresent; j++) {
        push(b, &f->edge_u, p->present[2 * j]);
        push(b, &f->edge_v, p->present[2 * j + 1]);
        push(b, &f->edge_lit, 0);
        push(b, &cw->oi, -1);
        push(b, &cw->oc, -1);
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
                push(b, &cw->oi, i);
                push(b, &cw->oc, c);
            }
        }
    }
}

/* The edges at each vertex (a loop once), the required vertices, the tables
 * naming each item; room for the scratch. */
static void cycle_arrays(struct build *b, struct cycle_work *cw)
{
    const struct xcc_cnf_problem *p = b->p;
    const struct xcc_cnf *f = b->f;
    const struct tables *tb = &b->tb;
    const int32_t nv = p->nverts;
    const size_t ne = f->edge_lit.n, big = 2 * ne + 8;
    cw->inc_start = zalloc(b, (size_t)nv + 2, sizeof *cw->inc_start);
    cw->inc = zalloc(b, 2 * ne, sizeof *cw->inc);
    cw->required = zalloc(b, (size_t)nv + 1, 1);
    cw->tof_start = zalloc(b, (size_t)p->n + 2, sizeof *cw->tof_start);
    cw->tof = zalloc(b, tb->sig.n, sizeof *cw->tof);
    int32_t **scratch[] = {&cw->lits, &cw->w, &cw->keep, &cw->kw,
                           &cw->clause, &cw->pos, &cw->at_i, &cw->at_c};
    for (size_t k = 0; k < sizeof scratch / sizeof *scratch; k++)
        *scratch[k] = zalloc(b, big, sizeof(int32_t));
    if (b->fm.oom)
        return;
    int32_t *inc_start = cw->inc_start, *tof_start = cw->tof_start;
    for (size_t j = 0; j < ne; j++) {
        inc_start[f->edge_u.a[j] + 2]++;
        if (f->edge_v.a[j] != f->edge_u.a[j])
            inc_start[f->edge_v.a[j] + 2]++;
    }
    for (int32_t v = 0; v < nv; v++)
        inc_start[v + 2] += inc_start[v + 1];
    for (size_t j = 0; j < ne; j++) {
        cw->inc[inc_start[f->edge_u.a[j] + 1]++] = (int32_t)j;
        if (f->edge_v.a[j] != f->edge_u.a[j])
            cw->inc[inc_start[f->edge_v.a[j] + 1]++] = (int32_t)j;
    }
    for (int32_t r = 0; r < p->nrequired; r++)
        cw->required[p->required[r]] = 1;
    for (size_t t = 0; t < tb->count; t++) {
        size_t end = t + 1 < tb->count ? (size_t)tb->sig_start.a[t + 1] : tb->sig.n;
        for (size_t x = (size_t)tb->sig_start.a[t]; x < end; x++)
            tof_start[tb->sig.a[x] + 2]++;
    }
    for (int32_t i = 0; i < p->n; i++)
        tof_start[i + 2] += tof_start[i + 1];
    for (size_t t = 0; t < tb->count; t++) {
        size_t end = t + 1 < tb->count ? (size_t)tb->sig_start.a[t + 1] : tb->sig.n;
        for (size_t x = (size_t)tb->sig_start.a[t]; x < end; x++)
            cw->tof[tof_start[tb->sig.a[x] + 1]++] = (int32_t)t;
    }
}

/* A loop on one vertex is never part of the cycle. */
static void loops(struct build *b)
{
    const struct xcc_cnf *f = b->f;
    for (size_t j = 0; j < f->edge_lit.n; j++)
        if (f->edge_u.a[j] == f->edge_v.a[j]) {
            int32_t c = -f->edge_lit.a[j];
            formula_add(&b->fm, &c, c != 0);
        }
}

/* The degree of every vertex, unless one table already fixes it. */
static void degrees(struct build *b, struct cycle_work *cw)
{
    const struct xcc_cnf *f = b->f;
    int32_t *lits = cw->lits, *w = cw->w;
    for (int32_t v = 0; v < b->p->nverts && !b->fm.oom; v++) {
        int32_t fixed = 0; /* edges present from the start */
        size_t k = 0, nat = 0;
        for (int32_t x = cw->inc_start[v]; x < cw->inc_start[v + 1]; x++) {
            int32_t j = cw->inc[x];
            if (f->edge_u.a[j] == f->edge_v.a[j])
                continue;
            if (f->edge_lit.a[j] == 0)
                fixed++;
            else {
                lits[k++] = f->edge_lit.a[j];
                cw->at_i[nat] = cw->oi.a[j];
                cw->at_c[nat++] = cw->oc.a[j];
            }
        }
        if (degree_in_table(&b->tb, cw->at_i, cw->at_c, nat, fixed, cw->required[v],
                            cw->tof_start, cw->tof, cw->pos))
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
        degree(b, lits, w, d, fixed, cw->required[v], cw->keep, cw->kw, cw->clause);
    }
}

/* With no edge present from the start: a cycle has some edge. */
static void some_edge(struct build *b, struct cycle_work *cw)
{
    const struct xcc_cnf *f = b->f;
    int32_t *lits = cw->lits;
    size_t k = 0;
    for (size_t j = 0; j < f->edge_lit.n; j++)
        if (f->edge_u.a[j] != f->edge_v.a[j])
            lits[k++] = f->edge_lit.a[j];
    qsort(lits, k, sizeof *lits, xcc_int32_cmp);
    size_t d = 0;
    for (size_t x = 0; x < k; x++)
        if (!d || lits[d - 1] != lits[x])
            lits[d++] = lits[x];
    formula_add(&b->fm, lits, d);
}

/* T8 */
void cnf_cycle(struct build *b)
{
    struct cycle_work cw = {0};
    cycle_edges(b, &cw);
    if (!b->fm.oom)
        cycle_arrays(b, &cw);
    if (!b->fm.oom)
        loops(b);
    if (!b->fm.oom)
        degrees(b, &cw);
    if (b->p->npresent == 0 && !b->fm.oom)
        some_edge(b, &cw);
    xcc_ivec_free(&cw.oi), xcc_ivec_free(&cw.oc);
    free(cw.inc_start), free(cw.inc), free(cw.required), free(cw.tof_start), free(cw.tof);
    free(cw.lits), free(cw.w), free(cw.keep), free(cw.kw), free(cw.clause), free(cw.pos);
    free(cw.at_i), free(cw.at_c);
}

