/* The C twin of masyu.deduce levels 1 and 2 (state.py, local.py, probe.py).
 *
 * Plain C, no Python: deducemodule.c is the glue.  Every function mirrors the
 * Python method of the same name, step for step and in the same order, so the
 * edge values, the counters (assignments, probes) and the order of everything
 * are the same as the reference's.  Functions that can meet a contradiction
 * return -1 (the Python code raises Contradiction), else 0.
 */
#ifndef MASYU_DEDUCE_H
#define MASYU_DEDUCE_H

#define DD_UNKNOWN 2
#define DD_EMPTY 0
#define DD_WHITE 1
#define DD_BLACK 2

typedef struct { int i, o, ln, pe; } dd_frag;  /* an entry of the fragments' undo trail */
typedef struct { int v, pe, d; } dd_frame;     /* connect: a frame of Tarjan's walk */

typedef struct {
    /* the board (masyu.board.Board's tables, computed from rows and cols) */
    int rows, cols, n, m, off;
    int *near;      /* n*4: edges N, E, S, W of each cell (off where they leave) */
    int *nbr;       /* n*4: neighbours N, E, S, W (-1 off the board) */
    int *ends;      /* m*2: the two cells of each edge, smaller first */
    int *scan;      /* m: horizontal edges row by row, then vertical ones */
    unsigned char *kinds;   /* n: EMPTY, WHITE, BLACK */
    /* the rules: 0..n-1 the cells' degrees, n+p the rule of pearl p */
    int np, *pearl_cells, *rule;  /* rule: 16 edges per pearl (white: 8 used) */
    int *wstart, *witem;          /* watch lists (CSR), ascending */
    unsigned char *inq;
    int *queue, qlen;
    /* the state */
    unsigned char *val;     /* m+1: 0 empty, 1 line, 2 unknown; val[off] == 0 */
    int unknown, ones, closed, npearls;
    int *trail, tlen;
    int *deg, *other, *flen, *fpearl;
    dd_frag *ctrail;
    int ctlen;
    int *implied;           /* level 2: 2m+2 epochs */
    int *order, *low, *bridges;  /* connect's scratch, n each */
    dd_frame *stack;
    long long assignments, probes;
} dd_state;

typedef struct { int t, ct, closed; } dd_mark;

/* A fresh state (all edges unknown) for a rows x cols board with the given pearl
 * codes; NULL when out of memory.  Free with dd_free. */
dd_state *dd_new(int rows, int cols, const unsigned char *kinds);
void dd_free(dd_state *s);

int dd_assign(dd_state *s, int e, int v);
dd_mark dd_markit(const dd_state *s);
void dd_undo(dd_state *s, dd_mark mk);
int dd_start(dd_state *s);
int dd_propagate(dd_state *s);
int dd_connect(dd_state *s);
/* known: m+1 values or NULL; budget < 0: no cap; frontier: probe.FRONTIER */
int dd_level2(dd_state *s, const unsigned char *known, long long budget, int frontier);

#endif
