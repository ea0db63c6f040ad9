/* The generator's loop reshaping (masyu/generate/loops.py, improve_loop) in C:
 * simulated annealing over single-face toggles, the score and the test of a
 * toggle exactly as the Python twin computes them (the same float operations
 * in the same order), the random numbers drawn from the caller's generator
 * (see faces.h), so a seed gives the same loop with either. */
#include "faces.h"

#include <math.h>

/* the eight faces around a face, N, NE, E, SE, S, SW, W, NW (loops.RING) */
static const int RING_R[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
static const int RING_C[8] = {0, 1, 1, 1, 0, -1, -1, -1};

typedef struct {
    const unsigned char *F;
    int rows, cols, w;
    double fill_weight, black_weight;
} board_t;

static int face(const board_t *b, int r, int c) { return b->F[(r + 1) * b->w + c + 1]; }

static int shape(const board_t *b, int r, int c) {
    int nw = face(b, r - 1, c - 1), ne = face(b, r - 1, c), sw = face(b, r, c - 1),
        se = face(b, r, c);
    return (nw != ne ? 1 : 0) | (ne != se ? 2 : 0) | (sw != se ? 4 : 0) | (nw != sw ? 8 : 0);
}

static int two(int m) { return m == 3 || m == 5 || m == 6 || m == 9 || m == 10 || m == 12; }
static int straight(int m) { return m == 5 || m == 10; }

static double value(const board_t *b, int r, int c) {
    int m = shape(b, r, c);
    if (!two(m)) return 0.0;
    int ns[2], k = 0;
    if (m & 1) ns[k++] = shape(b, r - 1, c);
    if (m & 2) ns[k++] = shape(b, r, c + 1);
    if (m & 4) ns[k++] = shape(b, r + 1, c);
    if (m & 8) ns[k++] = shape(b, r, c - 1);
    double gain;
    if (straight(m))
        gain = (!straight(ns[0]) || !straight(ns[1])) ? 1.0 : 0.0;
    else
        gain = (straight(ns[0]) && straight(ns[1])) ? b->black_weight : 0.0;
    return gain + b->fill_weight;
}

static double around(const board_t *b, int fr, int fc) {
    double total = 0.0;
    int rlo = fr - 1 > 0 ? fr - 1 : 0, rhi = fr + 3 < b->rows ? fr + 3 : b->rows;
    int clo = fc - 1 > 0 ? fc - 1 : 0, chi = fc + 3 < b->cols ? fc + 3 : b->cols;
    for (int r = rlo; r < rhi; r++)
        for (int c = clo; c < chi; c++) total += value(b, r, c);
    return total;
}

int fc_improve(unsigned char *F, int rows, int cols, const fc_params *p, fc_rng *rng) {
    board_t b = {F, rows, cols, cols + 1, p->fill_weight, p->black_weight};
    int w = cols + 1, kick = p->kick;
    long size = 0;
    for (int x = 0; x < (rows + 1) * w; x++) size += F[x];
    for (long t = 0; t < p->steps; t++) {
        long fr, fc;
        if (rng->randrange(rng->ctx, p->r1 - p->r0, &fr)) return -1;
        if (rng->randrange(rng->ctx, p->c1 - p->c0, &fc)) return -1;
        fr += p->r0;
        fc += p->c0;
        int k = (int)((fr + 1) * w + fc + 1), ring[8];
        for (int i = 0; i < 8; i++) ring[i] = F[k + RING_R[i] * w + RING_C[i]] == 1;
        int ins = 0, outs = 0;
        for (int i = 0; i < 8; i++) {
            int prev = ring[(i + 7) % 8];
            ins += ring[i] && !prev;
            outs += !ring[i] && prev;
        }
        if (F[k]) {
            if (size <= 1 || ins != 1 || outs != 1 || !(!ring[0] || !ring[2] || !ring[4] || !ring[6]))
                continue;
        } else {
            if (ins != 1 || !(ring[0] || ring[2] || ring[4] || ring[6])) continue;
        }
        double before = around(&b, (int)fr, (int)fc);
        F[k] ^= 1;
        double delta = around(&b, (int)fr, (int)fc) - before;
        double temp = p->temperature * (1 - (double)t / (double)p->steps);
        int take = kick > 0 || delta >= 0;
        if (!take && temp > 0) {
            double u;
            if (rng->random(rng->ctx, &u)) return -1;
            take = u < exp(delta / temp);
        }
        if (take) {
            kick--;
            size += F[k] ? 1 : -1;
        } else {
            F[k] ^= 1;
        }
    }
    return 0;
}
