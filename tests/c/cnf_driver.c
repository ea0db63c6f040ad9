/* Leak and bounds check of the SAT engine's C parts (xcc/csrc/sat/cnf.h:
 * cnf.c, cnf_cycle.c, formula.c and cuts.c) under the sanitizers, without Python:
 * seeded random problems (some with table items), random cycle constraints
 * and random models.  Their
 * answers are checked against the Python references by
 * tests/xcc/engines/sat/test_translation.py; this only runs them.
 *
 *   cnf_driver COUNT SEED
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sat/cnf.h"

static unsigned long long state;

static int32_t rnd(int32_t n) /* 0 .. n-1 */
{
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int32_t)((state >> 33) % (unsigned long long)n);
}

int main(int argc, char **argv)
{
    int count = argc > 1 ? atoi(argv[1]) : 1000;
    state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    long clauses = 0, cuts = 0;
    for (int t = 0; t < count; t++) {
        int32_t n1 = 1 + rnd(5), n2 = rnd(6), n = n1 + n2, ncolors = rnd(4), m = 1 + rnd(14);
        int32_t *starts = malloc((size_t)(m + 1) * sizeof *starts);
        int32_t *items = malloc((size_t)m * (size_t)n * sizeof *items);
        int32_t *colors = malloc((size_t)m * (size_t)n * sizeof *colors);
        int32_t len = 0;
        starts[0] = 0;
        for (int32_t k = 0; k < m; k++) {
            int32_t used[16] = {0};
            items[len] = rnd(n1); /* one primary item first, then distinct others */
            colors[len++] = 0;
            used[items[len - 1]] = 1;
            for (int32_t e = rnd(n); e > 0; e--) {
                int32_t i = rnd(n);
                if (used[i])
                    continue;
                used[i] = 1;
                items[len] = i;
                colors[len++] = i >= n1 && ncolors ? rnd(ncolors + 1) : 0;
            }
            starts[k + 1] = len;
        }
        int32_t nverts = 2 + rnd(5), ne = 0;
        int32_t *edge_start = malloc((size_t)(n2 + 1) * sizeof *edge_start);
        int32_t *ec = malloc((size_t)(2 * n2 + 1) * sizeof *ec);
        int32_t *eu = malloc((size_t)(2 * n2 + 1) * sizeof *eu);
        int32_t *ev = malloc((size_t)(2 * n2 + 1) * sizeof *ev);
        edge_start[0] = 0;
        for (int32_t s = 0; s < n2; s++) {
            for (int32_t e = rnd(3); e > 0; e--) {
                ec[ne] = 1 + rnd(ncolors ? ncolors : 1);
                eu[ne] = rnd(nverts);
                ev[ne++] = rnd(nverts); /* loops on one vertex too */
            }
            edge_start[s + 1] = ne;
        }
        int32_t present[2] = {0, 1}, required[2] = {0, nverts - 1};
        struct xcc_cnf_problem p = {n1, n, m, ncolors, starts, items, colors,
                                    rnd(3) ? nverts : -1, edge_start, ec, eu, ev,
                                    rnd(2), present, rnd(3), required};
        struct xcc_cnf f;
        if (xcc_cnf_build(&p, &f) < 0) {
            fprintf(stderr, "out of memory\n");
            return 1;
        }
        clauses += f.nclauses;
        if (p.nverts >= 0) {
            int32_t nedges = (int32_t)f.edge_lit.n;
            char *truth = malloc((size_t)nedges + 1);
            struct xcc_ivec out = {0};
            for (int r = 0; r < 4; r++) {
                for (int32_t j = 0; j < nedges; j++)
                    truth[j] = f.edge_lit.a[j] == 0 || rnd(2);
                int k = xcc_cycle_cuts(nverts, nedges, f.edge_u.a, f.edge_v.a, f.edge_lit.a,
                                       truth, p.nrequired, required, &out);
                if (k < 0) {
                    fprintf(stderr, "out of memory\n");
                    return 1;
                }
                cuts += (long)out.n;
            }
            free(out.a);
            free(truth);
        }
        xcc_cnf_free(&f);
        free(starts), free(items), free(colors), free(edge_start), free(ec), free(eu), free(ev);
    }
    printf("%d problems, %ld clauses, %ld cut literals\n", count, clauses, cuts);
    return 0;
}
