/* The lazy cuts of the SAT engine: which cuts a model's edges violate.
 *
 * Python twin: check_edges (and boundary) in xcc/engines/sat/cuts.py, the
 * same cuts in the same order.
 *
 * Every vertex of the true edges must have degree 2 (the CNF says so; if not,
 * the weakest valid cut "not all of these edges").  Walk each cycle from its
 * first vertex (vertices in order of first appearance).  One cycle through
 * every required vertex: done.  Else, per cycle C: with no required vertex in
 * the whole problem, "not both C and the next cycle"; with none in C, "not
 * all of C"; with some but not all, "some edge across C's boundary" (or "not
 * all of C" when an edge present from the start crosses it).
 */
#include "cnf.h"

#include <stdlib.h>
#include <string.h>

/* Sort cuts->a[from..], drop repeats, end the cut with a 0. */
static int close_cut(struct xcc_ivec *cuts, size_t from)
{
    int32_t *a = cuts->a + from;
    size_t k = cuts->n - from, d = 0;
    if (k)
        qsort(a, k, sizeof *a, xcc_int32_cmp);
    for (size_t x = 0; x < k; x++)
        if (!d || a[d - 1] != a[x])
            a[d++] = a[x];
    cuts->n = from + d;
    return xcc_ivec_push(cuts, 0);
}

int xcc_cycle_cuts(int32_t nverts, int32_t nedges, const int32_t *u, const int32_t *v,
                   const int32_t *lit, const char *truth, int32_t nrequired,
                   const int32_t *required, struct xcc_ivec *cuts)
{
    int result = -1, bad = 0;
    size_t nv = (size_t)nverts, ntrue = 0, ncomp = 0;
    int32_t *first = malloc((nv + 1) * sizeof *first), *second = malloc((nv + 1) * sizeof *second);
    int32_t *order = malloc((nv + 1) * sizeof *order), *comp = malloc((nv + 1) * sizeof *comp);
    int32_t *walk = malloc(((size_t)nedges + 1) * sizeof *walk);  /* edges, cycle by cycle */
    int32_t *wstart = malloc((nv + 2) * sizeof *wstart);
    int32_t *inside = calloc(nv + 1, sizeof *inside);
    int32_t *inc_start = calloc(nv + 2, sizeof *inc_start);
    int32_t *inc = malloc((2 * (size_t)nedges + 1) * sizeof *inc);
    size_t norder = 0;
    cuts->n = 0;
    if (!first || !second || !order || !comp || !walk || !wstart || !inside || !inc_start || !inc)
        goto done;
    for (size_t w = 0; w < nv; w++)
        first[w] = second[w] = comp[w] = -1;
    for (int32_t j = 0; j < nedges; j++) {
        if (!truth[j])
            continue;
        ntrue++;
        if (u[j] == v[j])
            bad = 1;
        int32_t ends[2] = {u[j], v[j]};
        for (int e = 0; e < 2; e++) {
            int32_t w = ends[e];
            if (first[w] < 0) {
                first[w] = j;
                order[norder++] = w;
            } else if (second[w] < 0)
                second[w] = j;
            else
                second[w] = -2, bad = 1; /* degree 3 or more */
        }
    }
    for (size_t x = 0; x < norder && !bad; x++)
        bad = second[order[x]] < 0;
    if (ntrue == 0 || bad) { /* the CNF forbids these: the weakest valid cut */
        if (ntrue) {
            for (int32_t j = 0; j < nedges; j++)
                if (truth[j] && lit[j] && xcc_ivec_push(cuts, -lit[j]) < 0)
                    goto done;
            if (close_cut(cuts, 0) < 0)
                goto done;
        }
        result = 0;
        goto done;
    }
    size_t nwalk = 0;
    for (size_t x = 0; x < norder; x++) { /* every vertex has degree 2: walk each cycle */
        int32_t start = order[x];
        if (comp[start] >= 0)
            continue;
        wstart[ncomp] = (int32_t)nwalk;
        int32_t w = start, j = first[start];
        comp[start] = (int32_t)ncomp;
        for (;;) {
            walk[nwalk++] = j;
            w = u[j] == w ? v[j] : u[j];
            if (w == start)
                break;
            comp[w] = (int32_t)ncomp;
            j = first[w] == j ? second[w] : first[w];
        }
        ncomp++;
    }
    wstart[ncomp] = (int32_t)nwalk;
    for (int32_t r = 0; r < nrequired; r++)
        if (comp[required[r]] >= 0)
            inside[comp[required[r]]]++;
    if (ncomp == 1 && inside[0] == nrequired) {
        result = 1;
        goto done;
    }
    for (int32_t j = 0; j < nedges; j++) { /* vertex -> its edges, for the boundaries */
        inc_start[u[j] + 2]++;
        if (v[j] != u[j])
            inc_start[v[j] + 2]++;
    }
    for (size_t w = 0; w < nv; w++)
        inc_start[w + 2] += inc_start[w + 1];
    for (int32_t j = 0; j < nedges; j++) {
        inc[inc_start[u[j] + 1]++] = j;
        if (v[j] != u[j])
            inc[inc_start[v[j] + 1]++] = j;
    }
    for (size_t k = 0; k < ncomp; k++) {
        size_t from = cuts->n;
        int32_t in = inside[k];
        if (nrequired == 0) { /* two cycles cannot both stay */
            size_t other = (k + 1) % ncomp;
            for (int32_t a = wstart[k]; a < wstart[k + 1]; a++)
                if (lit[walk[a]] && xcc_ivec_push(cuts, -lit[walk[a]]) < 0)
                    goto done;
            for (int32_t a = wstart[other]; a < wstart[other + 1]; a++)
                if (lit[walk[a]] && xcc_ivec_push(cuts, -lit[walk[a]]) < 0)
                    goto done;
        } else if (in > 0 && in < nrequired) { /* some edge across the boundary */
            int crossed_present = 0;
            /* the vertices of cycle k: the first end of each of its edges */
            for (int32_t a = wstart[k]; a < wstart[k + 1] && !crossed_present; a++) {
                int32_t j0 = walk[a], ends[2] = {u[j0], v[j0]};
                for (int e = 0; e < 2 && !crossed_present; e++) {
                    int32_t w = ends[e];
                    for (int32_t x = inc_start[w]; x < inc_start[w + 1]; x++) {
                        int32_t j = inc[x];
                        if ((comp[u[j]] == (int32_t)k) != (comp[v[j]] == (int32_t)k)) {
                            if (!lit[j]) {
                                crossed_present = 1;
                                break;
                            }
                            if (xcc_ivec_push(cuts, lit[j]) < 0)
                                goto done;
                        }
                    }
                }
            }
            if (crossed_present) { /* the cut says nothing: "not all of C" instead */
                cuts->n = from;
                for (int32_t a = wstart[k]; a < wstart[k + 1]; a++)
                    if (lit[walk[a]] && xcc_ivec_push(cuts, -lit[walk[a]]) < 0)
                        goto done;
            }
        } else if (in == 0) { /* not all of C */
            for (int32_t a = wstart[k]; a < wstart[k + 1]; a++)
                if (lit[walk[a]] && xcc_ivec_push(cuts, -lit[walk[a]]) < 0)
                    goto done;
        } else
            continue; /* all required vertices, but not alone: another cycle is cut */
        if (close_cut(cuts, from) < 0)
            goto done;
    }
    result = 0;
done:
    free(first), free(second), free(order), free(comp), free(walk), free(wstart), free(inside);
    free(inc_start), free(inc);
    return result;
}
