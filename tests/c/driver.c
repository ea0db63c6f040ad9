/* A standalone driver for the C search (xcc/csrc/dlx/search.h), no Python.
 *
 *   driver FILE [BUDGET]
 *
 * FILE holds a count of problems, then each problem as whitespace-separated
 * integers (tests/c/differential.py writes them):
 *   n1 n last_node
 *   llink[n+2] rlink[n+2] up[last_node] down[last_node] itm[last_node] color[last_node]
 *   has_cycle (0, 1, or 2 for a cycle with propagation), and if not 0:
 *     nverts nsecondary nedges npresent nrequired
 *     edge_start[nsecondary+1] edge_color[nedges] edge_u[nedges] edge_v[nedges]
 *     present[2*npresent] required[nrequired]
 *   and if 2:
 *     ncuts cut_start[ncuts+1] cut_edge[cut_start[ncuts]]
 * For each problem it prints "P k", one "S node node ..." line per solution
 * (xcc_solution: the choices, then the forced options), and
 * "T solutions nodes updates cleansings mems max_level cycle_cuts", with
 * " forced probes" added when propagating.  The
 * search pauses every BUDGET mems (default 0: never) and resumes, and the
 * links are checked (xcc_sanity) at every solution and at the end.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "dlx/search.h"

static FILE *in;

static int32_t next_int(void)
{
    long v;
    if (fscanf(in, "%ld", &v) != 1) {
        fprintf(stderr, "driver: truncated input\n");
        exit(2);
    }
    return (int32_t)v;
}

static int32_t *read_ints(size_t n)
{
    int32_t *a = malloc((n ? n : 1) * sizeof *a);
    if (a == NULL) {
        fprintf(stderr, "driver: out of memory\n");
        exit(2);
    }
    for (size_t k = 0; k < n; k++)
        a[k] = next_int();
    return a;
}

static void report(void *ctx, const char *fault)
{
    (void)ctx;
    fprintf(stderr, "driver: sanity: %s\n", fault);
}

static void check(const struct xcc_search *s, long problem)
{
    if (xcc_sanity(s, report, NULL) != 0) {
        fprintf(stderr, "driver: problem %ld: the links are broken\n", problem);
        exit(1);
    }
}

static void run_problem(long k, uint64_t budget)
{
    int32_t n1 = next_int(), n = next_int(), last_node = next_int();
    int32_t *arrays[6];
    for (int j = 0; j < 6; j++)
        arrays[j] = read_ints(j < 2 ? (size_t)n + 2 : (size_t)last_node);
    struct xcc_search *s = xcc_new(n1, n, last_node, arrays[0], arrays[1], arrays[2],
                                   arrays[3], arrays[4], arrays[5]);
    for (int j = 0; j < 6; j++)
        free(arrays[j]);
    if (s == NULL) {
        fprintf(stderr, "driver: problem %ld refused\n", k);
        exit(1);
    }
    int has_cycle = next_int();
    if (has_cycle) {
        int32_t nverts = next_int(), nsec = next_int(), nedges = next_int();
        int32_t npresent = next_int(), nrequired = next_int();
        int32_t *start = read_ints((size_t)nsec + 1), *color = read_ints((size_t)nedges);
        int32_t *u = read_ints((size_t)nedges), *v = read_ints((size_t)nedges);
        int32_t *present = read_ints(2 * (size_t)npresent);
        int32_t *required = read_ints((size_t)nrequired);
        int r = xcc_set_cycle(s, nverts, nsec, start, color, u, v, npresent, present,
                              nrequired, required);
        free(start), free(color), free(u), free(v), free(present), free(required);
        if (r < 0) {
            fprintf(stderr, "driver: problem %ld: cycle refused\n", k);
            exit(1);
        }
    }
    if (has_cycle == 2) {
        int32_t ncuts = next_int();
        int32_t *cut_start = read_ints((size_t)ncuts + 1);
        int32_t *cut_edge = read_ints((size_t)cut_start[ncuts]);
        int r = xcc_set_propagation(s, ncuts, cut_start, cut_edge);
        free(cut_start), free(cut_edge);
        if (r < 0) {
            fprintf(stderr, "driver: problem %ld: cuts refused\n", k);
            exit(1);
        }
    }
    int32_t *nodes = malloc(((size_t)n1 + 1) * sizeof *nodes); /* room for a solution */
    if (nodes == NULL) {
        fprintf(stderr, "driver: out of memory\n");
        exit(2);
    }
    printf("P %ld\n", k);
    for (;;) {
        int status = xcc_run(s, budget);
        if (status == XCC_DONE)
            break;
        if (status == XCC_ERROR) {
            fprintf(stderr, "driver: problem %ld: error\n", k);
            exit(1);
        }
        if (status == XCC_SOLUTION) {
            printf("S");
            int32_t count = xcc_solution(s, nodes);
            for (int32_t l = 0; l < count; l++)
                printf(" %" PRId32, nodes[l]);
            printf("\n");
            check(s, k);
        }
    }
    check(s, k);
    struct xcc_counters c;
    xcc_counters(s, &c);
    printf("T %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRId32 " %" PRIu64,
           c.solutions, c.nodes, c.updates, c.cleansings, c.mems, c.max_level, c.cycle_cuts);
    if (has_cycle == 2)
        printf(" %" PRIu64 " %" PRIu64, c.forced, c.probes);
    printf("\n");
    free(nodes);
    xcc_free(s);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: driver FILE [BUDGET]\n");
        return 2;
    }
    in = fopen(argv[1], "r");
    if (in == NULL) {
        perror(argv[1]);
        return 2;
    }
    uint64_t budget = argc == 3 ? strtoull(argv[2], NULL, 10) : 0;
    long count = next_int();
    for (long k = 0; k < count; k++)
        run_problem(k, budget);
    fclose(in);
    return 0;
}
