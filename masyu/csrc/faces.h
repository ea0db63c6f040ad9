/* The generator's loop reshaping, improve_loop (faces.c). */
#ifndef MASYU_FACES_H
#define MASYU_FACES_H

/* The caller's random numbers (Python's random.Random: randrange(n), random()). */
typedef struct {
    void *ctx;
    int (*randrange)(void *ctx, long n, long *out);   /* 0, or -1 on an error */
    int (*random)(void *ctx, double *out);
} fc_rng;

typedef struct {
    long steps;
    double fill_weight, black_weight, temperature;
    int r0, r1, c0, c1, kick;   /* the window, clipped, and the toggles taken whatever */
} fc_params;

/* F: the faces with a border of outside faces, (rows + 1) x (cols + 1), row-major
 * (loops._faces); reshaped in place.  Returns 0, or -1 when the generator fails. */
int fc_improve(unsigned char *F, int rows, int cols, const fc_params *p, fc_rng *rng);

#endif
