/* The generator's uniqueness oracle (masyu/generate/unique.py): the cycles of a
 * SAT model and the edges crossing each cycle's cells, in C.  The Python twin is
 * unique._cycles with UniqueOracle._crossing; tests/masyu/generate/test_unique.py
 * holds the two to the same cycles, cells and crossing edges. */
#include "cycles.h"

#include <stdlib.h>

/* the board's numbering, as deduce.c's board_tables (masyu.board.Board) */
static int near_edge(int rows, int cols, int i, int d) {
    int r = i / cols, c = i % cols, band = 2 * cols - 1, off = rows * band - cols;
    switch (d) {
    case 0: return r > 0 ? (r - 1) * band + cols - 1 + c : off;
    case 1: return c < cols - 1 ? r * band + c : off;
    case 2: return r < rows - 1 ? r * band + cols - 1 + c : off;
    default: return c > 0 ? r * band + c - 1 : off;
    }
}

static int neighbour(int rows, int cols, int i, int d) {
    int r = i / cols, c = i % cols;
    switch (d) {
    case 0: return r > 0 ? i - cols : -1;
    case 1: return c < cols - 1 ? i + 1 : -1;
    case 2: return r < rows - 1 ? i + cols : -1;
    default: return c > 0 ? i - 1 : -1;
    }
}

static void edge_ends(int cols, int e, int *a, int *b) {
    int band = 2 * cols - 1, r = e / band, k = e % band;
    if (k < cols - 1) { *a = r * cols + k; *b = *a + 1; }
    else { *a = r * cols + k - (cols - 1); *b = *a + cols; }
}

int cy_cycles(int rows, int cols, const unsigned char *present, cy_result *out) {
    int n = rows * cols, m = rows * (2 * cols - 1) - cols;
    int *first = malloc(sizeof(int) * ((size_t)n + 1)), *second = malloc(sizeof(int) * ((size_t)n + 1));
    unsigned char *seen = calloc((size_t)m + 1, 1);
    out->label = malloc(sizeof(int) * ((size_t)n + 1));
    out->walk = malloc(sizeof(int) * ((size_t)n + 1));
    out->start = malloc(sizeof(int) * ((size_t)n + 2));
    out->first_edge = malloc(sizeof(int) * ((size_t)n + 1));
    out->count = 0;
    int rc = -2;
    if (!first || !second || !seen || !out->label || !out->walk || !out->start || !out->first_edge)
        goto done;
    for (int i = 0; i < n; i++) first[i] = second[i] = -1, out->label[i] = -1;
    rc = -1;
    for (int e = 0; e < m; e++) {
        if (!present[e]) continue;
        int ab[2];
        edge_ends(cols, e, &ab[0], &ab[1]);
        for (int k = 0; k < 2; k++) {
            int x = ab[k];
            if (first[x] < 0) first[x] = e;
            else if (second[x] < 0) second[x] = e;
            else goto done;   /* degree 3 or more: not a model of the oracle */
        }
    }
    for (int i = 0; i < n; i++)
        if (first[i] >= 0 && second[i] < 0) goto done;   /* degree 1 */
    int nw = 0;
    for (int e0 = 0; e0 < m; e0++) {
        if (!present[e0] || seen[e0]) continue;
        int k = out->count++, cell, b, e = e0;
        out->first_edge[k] = e0;
        out->start[k] = nw;
        edge_ends(cols, e0, &cell, &b);
        while (!seen[e]) {
            seen[e] = 1;
            out->walk[nw++] = cell;
            out->label[cell] = k;
            int x, y;
            edge_ends(cols, e, &x, &y);
            cell = x == cell ? y : x;
            e = first[cell] == e ? second[cell] : first[cell];
        }
    }
    out->start[out->count] = nw;
    rc = 0;
done:
    free(first); free(second); free(seen);
    return rc;
}

int cy_crossing(int rows, int cols, const cy_result *cy, int k, int *lits) {
    int nl = 0, off = rows * (2 * cols - 1) - cols;
    for (int x = cy->start[k]; x < cy->start[k + 1]; x++) {
        int c = cy->walk[x];
        for (int d = 0; d < 4; d++) {
            int e = near_edge(rows, cols, c, d), j = neighbour(rows, cols, c, d);
            if (e != off && cy->label[j] != k) lits[nl++] = e + 1;
        }
    }
    return nl;
}

void cy_free(cy_result *cy) {
    free(cy->label); free(cy->walk); free(cy->start); free(cy->first_edge);
}
