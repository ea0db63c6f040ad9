/* xcc._native: the thin Python face of the C parts (with the other files of
 * xcc/csrc/glue/, the only files with Python.h).  Here: the module and
 * Solver; Layout and parse_dlx are in module_layout.c, cnf and cycle_cuts in
 * module_sat.c, quick (the xcc command's count) in quick.c, Memo in
 * memoglue.c, drat_check in dratglue.c.
 *
 * (A few lines past 600: Solver's methods, the prefix ones too, stay together.)
 *
 * Python twin: none; its callers are xcc/engines/dlx/native.py (engine "c":
 * the search of dlx/search.h), xcc/dlxread.py (the reader of
 * reader/dlxread.h), xcc/engines/sat/compiled.py and cuts.py (sat/cnf.h,
 * glue in module_sat.c), xcc/engines/memo/native.py (memo/memo.h, glue in
 * memoglue.c), xcc/drat.py (drat/drat.h, glue in dratglue.c).
 * Only conversion and the checks of what Python hands over live here: every
 * array is checked (lengths, index ranges, the structure of the links) in
 * linear time before any search sees it, and refused with ValueError.
 *
 *   layout_compact(n1, n, starts, items, colors) -> Layout
 *       a problem's links laid out in C from xcc.problem.Compact's int32
 *       arrays (dlx/layout.c), once: each Solver of it starts from a copy.
 *   layout_arrays(n1, n, llink, rlink, up, down, itm, color) -> Layout
 *       the same from the arrays of xcc.engines.dlx.arrays, checked.
 *   Layout.arrays() -> (n1, n, llink, rlink, up, down, itm, color)
 *       its arrays back, as bytes of int32 (the tests compare them with
 *       xcc.engines.dlx.arrays, node for node).
 *   Solver(layout, cycle=None, cuts=None)
 *   Solver(n1, n, llink, rlink, up, down, itm, color, cycle=None, cuts=None)
 *       a search of a Layout, or of the arrays (int32 buffers, checked as
 *       layout_arrays does, copied); cycle is None or (nverts, edge_start,
 *       edge_color, edge_u, edge_v, present, required), the last six int32
 *       buffers (present flattened u, v, ...); cuts, given with a cycle,
 *       turns propagation on: (cut_start, cut_edge), the parity cuts as edge
 *       numbers (xcc.engines.dlx.propagate).
 *   run(mem_budget) -> DONE | SOLUTION | PAUSED   (the GIL is released)
 *   count(mem_budget, room) -> (status, found)    on through up to room
 *                                 solutions without a return per solution:
 *                                 SOLUTION when room were found
 *   batch(mem_budget, room) -> (status, [options, ...])   the same, with the
 *                                 options of each solution found, as tuples
 *   choices() -> [node, ...]      the nodes of a solution: the chosen node of
 *                                 each level, then the options propagation forced
 *   options() -> (option, ...)    the option of each of them (0-based)
 *   stats() -> (solutions, nodes, updates, cleansings, mems, max_level, cycle_cuts,
 *               forced, probes)
 *   sanity() -> [fault, ...]      the link checks of xcc.engines.dlx.arrays.sanity
 *   set_prefix(options)           (int32) before the first run: search only the subtree
 *                                 this choice prefix names (dlx/search.h); a
 *                                 prefix off the tree makes run/count/batch
 *                                 raise ValueError
 *   walk(options) -> bool         after a subproblem ended: the subproblem of this
 *                                 prefix, by backtracking to the shared level
 *                                 (dlx/search.h's xcc_walk); False: start anew
 *   replayed() -> stats() | None  the counters when the prefix's replay ended
 *   split() -> [prefix, ...] | None   after run paused: the untried rest
 *
 *   parse_dlx(text) -> None | (n1, names, starts, items, colors, color_names,
 *       lines, without_primary, bounds): Knuth's DLX text read in one pass
 *       (reader/dlxread.c), the arrays as bytes of int32, the number of options
 *       without a primary item, and the primary items' multiplicities (u, v
 *       pairs as bytes of int32; None when all are 1:1); None for a text the reader leaves to the
 *       Python one (an error, or an unusual character).
 *   cnf(n1, n, ncolors, starts, items, colors, cycle=None) -> (nvars, unsat,
 *       clauses, option_lit, color_lit, in_table, colored, edge_u, edge_v,
 *       edge_lit): the SAT engine's translation (sat/cnf.c); the problem
 *       as xcc.problem.Compact's int32 arrays, the cycle as for Solver; the
 *       clauses as a list of lists, every array as bytes of int32.
 *   cycle_cuts(nverts, edge_u, edge_v, edge_lit, required, model) -> None if
 *       the edges the model makes true (lit 0: always) form one cycle through
 *       every required vertex, else the cuts it violates (sat/cuts.c).
 */
#include "glue.h"

#include "memoglue.h"
#include "dlx/search.h"
#include "vec.h"

/* ---- Solver ------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    struct xcc_search *search;
    int32_t n1, n; /* the numbers of primary items and of all items */
    int busy;
} SolverObject;

static int set_cycle(SolverObject *self, PyObject *cycle)
{
    int nverts;
    PyObject *objs[6];
    static const char *names[6] = {"edge_start", "edge_color", "edge_u", "edge_v",
                                   "present", "required"};
    Py_buffer views[6];
    int got = 0, result = -1;
    if (!PyArg_ParseTuple(cycle, "iOOOOOO;cycle must be (nverts, edge_start, edge_color, "
                          "edge_u, edge_v, present, required)", &nverts, &objs[0], &objs[1],
                          &objs[2], &objs[3], &objs[4], &objs[5]))
        return -1;
    if (xcc_get_all(objs, views, names, 6, &got) < 0)
        goto done;
    Py_ssize_t nsec = xcc_length(&views[0]) - 1, nedges = xcc_length(&views[1]);
    if (nsec != self->n - self->n1 || xcc_length(&views[2]) != nedges || xcc_length(&views[3]) != nedges
        || xcc_length(&views[4]) % 2 != 0 || xcc_length(&views[4]) / 2 > INT32_MAX
        || xcc_length(&views[5]) > INT32_MAX || ((int32_t *)views[0].buf)[nsec] != nedges) {
        PyErr_SetString(PyExc_ValueError, "cycle: inconsistent array lengths");
        goto done;
    }
    if (xcc_set_cycle(self->search, nverts, (int32_t)nsec, views[0].buf, views[1].buf, views[2].buf,
                      views[3].buf, (int32_t)(xcc_length(&views[4]) / 2), views[4].buf,
                      (int32_t)xcc_length(&views[5]), views[5].buf) < 0) {
        PyErr_SetString(PyExc_ValueError, "cycle: bad vertex or item numbers (or no memory)");
        goto done;
    }
    result = 0;
done:
    xcc_release_all(views, got);
    return result;
}

static int set_propagation(SolverObject *self, PyObject *cuts)
{
    PyObject *objs[2];
    static const char *names[2] = {"cut_start", "cut_edge"};
    Py_buffer views[2];
    int got = 0, result = -1;
    if (!PyArg_ParseTuple(cuts, "OO;cuts must be (cut_start, cut_edge)", &objs[0], &objs[1]))
        return -1;
    if (xcc_get_all(objs, views, names, 2, &got) < 0)
        goto done;
    Py_ssize_t ncuts = xcc_length(&views[0]) - 1;
    if (ncuts < 0 || ncuts > INT32_MAX - 1
        || ((int32_t *)views[0].buf)[ncuts] != xcc_length(&views[1])) {
        PyErr_SetString(PyExc_ValueError, "cuts: inconsistent array lengths");
        goto done;
    }
    if (xcc_set_propagation(self->search, (int32_t)ncuts, views[0].buf, views[1].buf) < 0) {
        PyErr_SetString(PyExc_ValueError, "cuts: bad edge numbers (or no memory)");
        goto done;
    }
    result = 0;
done:
    xcc_release_all(views, got);
    return result;
}

static int Solver_init(SolverObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"n1", "n", "llink", "rlink", "up", "down", "itm", "color",
                             "cycle", "cuts", NULL};
    static char *kwlist_layout[] = {"layout", "cycle", "cuts", NULL};
    int n1, n;
    PyObject *objs[6], *cycle = Py_None, *cuts = Py_None, *layout = NULL;
    if (self->search != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Solver already initialized");
        return -1;
    }
    if (PyTuple_GET_SIZE(args) >= 1
        && PyObject_TypeCheck(PyTuple_GET_ITEM(args, 0), &xcc_LayoutType)) {
        if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!|OO", kwlist_layout, &xcc_LayoutType,
                                         &layout, &cycle, &cuts))
            return -1;
    } else if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiOOOOOO|OO", kwlist, &n1, &n, &objs[0],
                                            &objs[1], &objs[2], &objs[3], &objs[4], &objs[5],
                                            &cycle, &cuts)) {
        return -1;
    }
    if (cuts != Py_None && cycle == Py_None) {
        PyErr_SetString(PyExc_ValueError, "cuts (propagation) need a cycle");
        return -1;
    }
    if (cycle != Py_None && !PyTuple_Check(cycle)) {
        PyErr_SetString(PyExc_TypeError, "cycle must be a tuple or None");
        return -1;
    }
    if (cuts != Py_None && !PyTuple_Check(cuts)) {
        PyErr_SetString(PyExc_TypeError, "cuts must be a tuple or None");
        return -1;
    }
    if (layout != NULL) {
        const struct xcc_layout *L = ((LayoutObject *)layout)->layout;
        int32_t last_node;
        xcc_layout_sizes(L, &self->n1, &self->n, &last_node);
        self->search = xcc_start(L);
        if (self->search == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    } else {
        struct xcc_layout *L = xcc_layout_from_objects(n1, n, objs); /* checked there */
        if (L == NULL)
            return -1;
        self->search = xcc_start(L);
        xcc_layout_free(L);
        if (self->search == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        self->n1 = n1, self->n = n;
    }
    if ((cycle != Py_None && set_cycle(self, cycle) < 0)
        || (cuts != Py_None && set_propagation(self, cuts) < 0)) {
        xcc_free(self->search);
        self->search = NULL;
        return -1;
    }
    return 0;
}

static void Solver_dealloc(SolverObject *self)
{
    xcc_free(self->search);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int ready(SolverObject *self)
{
    if (self->search == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Solver not initialized");
        return 0;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "Solver is running in another thread");
        return 0;
    }
    return 1;
}

/* The exception for a failed status: NULL, or the status if it is not one. */
static int failed(SolverObject *self, int status)
{
    if (status == XCC_ERROR)
        PyErr_NoMemory();
    else if (status == XCC_BAD_PREFIX)
        PyErr_Format(PyExc_ValueError, "no path of the search tree: it leaves it at level %d",
                     (int)xcc_bad_level(self->search));
    return status == XCC_ERROR || status == XCC_BAD_PREFIX;
}

static PyObject *Solver_run(SolverObject *self, PyObject *arg)
{
    unsigned long long budget = PyLong_AsUnsignedLongLong(arg);
    if (budget == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    if (!ready(self))
        return NULL;
    int status;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    status = xcc_run(self->search, (uint64_t)budget);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (failed(self, status))
        return NULL;
    if (status == XCC_PAUSED && PyErr_CheckSignals() < 0)
        return NULL; /* Ctrl-C: KeyboardInterrupt; the search can still resume */
    return PyLong_FromLong(status);
}

/* room and budget from Python: room a positive int (a larger one than
 * 2**64-1 is taken as that), budget an int >= 0. */
static int count_args(PyObject *args, uint64_t *budget, uint64_t *room)
{
    PyObject *b, *r;
    if (!PyArg_ParseTuple(args, "OO", &b, &r))
        return -1;
    unsigned long long bb = PyLong_AsUnsignedLongLong(b);
    if (bb == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    int overflow = 0;
    long long rr = PyLong_Check(r) ? PyLong_AsLongLongAndOverflow(r, &overflow) : -1;
    if (rr == -1 && PyErr_Occurred())
        return -1;
    if (!PyLong_Check(r) || (rr < 1 && overflow <= 0)) {
        PyErr_SetString(PyExc_ValueError, "room must be a positive int");
        return -1;
    }
    *budget = bb;
    *room = overflow > 0 ? UINT64_MAX : (uint64_t)rr;
    return 0;
}

static PyObject *Solver_count(SolverObject *self, PyObject *args)
{
    uint64_t budget, room, found = 0;
    if (count_args(args, &budget, &room) < 0 || !ready(self))
        return NULL;
    int status;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    status = xcc_count(self->search, budget, room, &found);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (failed(self, status))
        return NULL;
    if (status == XCC_PAUSED && found == 0 && PyErr_CheckSignals() < 0)
        return NULL; /* Ctrl-C: KeyboardInterrupt, no solution lost; the search can resume */
    return Py_BuildValue("(iK)", status, (unsigned long long)found);
}

/* The solutions of a batch, as options, while the GIL is released: each
 * solution is its count, then its options. */
static int batch_run(struct xcc_search *s, int32_t n1, uint64_t budget, uint64_t room,
                     struct xcc_ivec *out, uint64_t *found, int *status)
{
    int32_t *nodes = malloc(((size_t)n1 + 1) * sizeof *nodes);
    struct xcc_counters c;
    if (nodes == NULL)
        return -1;
    xcc_counters(s, &c);
    uint64_t pause_at = budget && c.mems + budget >= c.mems ? c.mems + budget : 0;
    *found = 0;
    for (;;) {
        uint64_t left = 0, one;
        if (pause_at) {
            xcc_counters(s, &c);
            if (c.mems >= pause_at) {
                *status = XCC_PAUSED;
                break;
            }
            left = pause_at - c.mems;
        }
        *status = xcc_count(s, left, 1, &one);
        if (*status != XCC_SOLUTION)
            break;
        int32_t k = xcc_solution(s, nodes);
        if (xcc_ivec_reserve(out, (size_t)k + 1) < 0) {
            free(nodes);
            return -1;
        }
        out->a[out->n++] = k;
        for (int32_t j = 0; j < k; j++)
            out->a[out->n++] = xcc_option_of(s, nodes[j]);
        if (++*found >= room)
            break;
    }
    free(nodes);
    return 0;
}

/* count groups (length, entries...) of out as a list of tuples, or NULL. */
static PyObject *grouped_tuples(const struct xcc_ivec *out, Py_ssize_t count)
{
    PyObject *list = PyList_New(count);
    size_t at = 0;
    for (Py_ssize_t j = 0; list != NULL && j < count; j++) {
        int32_t k = out->a[at++];
        PyObject *t = PyTuple_New(k);
        for (int32_t l = 0; t != NULL && l < k; l++) {
            PyObject *v = PyLong_FromLong(out->a[at++]);
            if (v == NULL)
                Py_CLEAR(t);
            else
                PyTuple_SET_ITEM(t, l, v);
        }
        if (t == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, j, t);
    }
    return list;
}

static PyObject *Solver_batch(SolverObject *self, PyObject *args)
{
    uint64_t budget, room, found = 0;
    if (count_args(args, &budget, &room) < 0 || !ready(self))
        return NULL;
    int status = XCC_ERROR, r;
    struct xcc_ivec out = {0};
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    r = batch_run(self->search, self->n1, budget, room, &out, &found, &status);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (r < 0 || status == XCC_ERROR || status == XCC_BAD_PREFIX) {
        xcc_ivec_free(&out);
        return r < 0 ? PyErr_NoMemory() : (failed(self, status), NULL);
    }
    PyObject *list = grouped_tuples(&out, (Py_ssize_t)found);
    xcc_ivec_free(&out);
    if (list == NULL)
        return NULL;
    if (status == XCC_PAUSED && found == 0 && PyErr_CheckSignals() < 0) {
        Py_DECREF(list);
        return NULL; /* Ctrl-C, with no solution lost */
    }
    return Py_BuildValue("(iN)", status, list);
}

/* The nodes of the solution just found (xcc_solution), or NULL. */
static int32_t *solution_nodes(SolverObject *self, int32_t *count)
{
    int32_t *nodes = PyMem_Malloc(((size_t)self->n1 + 1) * sizeof *nodes);
    if (nodes == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    *count = xcc_solution(self->search, nodes);
    return nodes;
}

/* The solution's nodes as a list (as_options 0) or, each mapped to its
 * 0-based option (xcc_option_of), as a tuple. */
static PyObject *solution_sequence(SolverObject *self, int as_options)
{
    if (!ready(self))
        return NULL;
    int32_t count;
    int32_t *nodes = solution_nodes(self, &count);
    if (nodes == NULL)
        return NULL;
    PyObject *seq = as_options ? PyTuple_New((Py_ssize_t)count) : PyList_New((Py_ssize_t)count);
    for (int32_t l = 0; seq != NULL && l < count; l++) {
        long value = as_options ? xcc_option_of(self->search, nodes[l]) : nodes[l];
        PyObject *v = PyLong_FromLong(value);
        if (v == NULL)
            Py_CLEAR(seq);
        else if (as_options)
            PyTuple_SET_ITEM(seq, l, v);
        else
            PyList_SET_ITEM(seq, l, v);
    }
    PyMem_Free(nodes);
    return seq;
}

static PyObject *Solver_choices(SolverObject *self, PyObject *unused)
{
    (void)unused;
    return solution_sequence(self, 0);
}

static PyObject *Solver_options(SolverObject *self, PyObject *unused)
{
    (void)unused;
    return solution_sequence(self, 1);
}

static PyObject *counters_tuple(const struct xcc_counters *c)
{
    return Py_BuildValue("(KKKKKiKKK)", (unsigned long long)c->solutions,
                         (unsigned long long)c->nodes, (unsigned long long)c->updates,
                         (unsigned long long)c->cleansings, (unsigned long long)c->mems,
                         (int)c->max_level, (unsigned long long)c->cycle_cuts,
                         (unsigned long long)c->forced, (unsigned long long)c->probes);
}

static PyObject *Solver_stats(SolverObject *self, PyObject *unused)
{
    if (!ready(self))
        return NULL;
    struct xcc_counters c;
    xcc_counters(self->search, &c);
    return counters_tuple(&c);
}

/* ---- subproblems (dlx/search.h: xcc_set_prefix, xcc_replayed, xcc_split) ---- */

static PyObject *Solver_set_prefix(SolverObject *self, PyObject *arg)
{
    Py_buffer view;
    if (!ready(self) || xcc_get_int32(arg, &view, "prefix") < 0)
        return NULL;
    Py_ssize_t k = xcc_length(&view);
    int r = k <= self->n1 ? xcc_set_prefix(self->search, (int32_t)k, view.buf) : -1;
    PyBuffer_Release(&view);
    if (r < 0)
        return PyErr_Format(PyExc_ValueError, "a prefix is at most n1 option indices >= 0, "
                            "set once before the search starts");
    Py_RETURN_NONE;
}

static PyObject *Solver_walk(SolverObject *self, PyObject *arg)
{
    Py_buffer view;
    if (!ready(self) || xcc_get_int32(arg, &view, "prefix") < 0)
        return NULL;
    Py_ssize_t k = xcc_length(&view);
    int r = k <= self->n1 ? xcc_walk(self->search, (int32_t)k, view.buf) : -1;
    PyBuffer_Release(&view);
    return PyBool_FromLong(r == 0);
}

static PyObject *Solver_replayed(SolverObject *self, PyObject *unused)
{
    (void)unused;
    if (!ready(self))
        return NULL;
    struct xcc_counters c;
    if (!xcc_replayed(self->search, &c))
        Py_RETURN_NONE;
    return counters_tuple(&c);
}

static PyObject *Solver_split(SolverObject *self, PyObject *unused)
{
    (void)unused;
    if (!ready(self))
        return NULL;
    struct xcc_ivec out = {0};
    int32_t made = xcc_split(self->search, &out);
    if (made < 0) {
        xcc_ivec_free(&out);
        if (made == -1)
            Py_RETURN_NONE;
        return PyErr_NoMemory();
    }
    PyObject *list = grouped_tuples(&out, made);
    xcc_ivec_free(&out);
    return list;
}

static void report_fault(void *ctx, const char *text)
{
    PyObject *list = ctx, *s = PyUnicode_FromString(text);
    if (s != NULL) {
        PyList_Append(list, s);
        Py_DECREF(s);
    }
}

static PyObject *Solver_sanity(SolverObject *self, PyObject *unused)
{
    if (!ready(self))
        return NULL;
    PyObject *list = PyList_New(0);
    if (list == NULL)
        return NULL;
    if (xcc_sanity(self->search, report_fault, list) < 0 || PyErr_Occurred()) {
        Py_DECREF(list);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    return list;
}

static PyMethodDef Solver_methods[] = {
    {"run", (PyCFunction)Solver_run, METH_O,
     "run(mem_budget) -> DONE, SOLUTION or PAUSED (0 = no budget)"},
    {"count", (PyCFunction)Solver_count, METH_VARARGS,
     "count(mem_budget, room) -> (status, found): on through up to room solutions, counting"},
    {"batch", (PyCFunction)Solver_batch, METH_VARARGS,
     "batch(mem_budget, room) -> (status, [options, ...]): up to room solutions at once"},
    {"choices", (PyCFunction)Solver_choices, METH_NOARGS,
     "the chosen node of each level (a solution, after SOLUTION)"},
    {"options", (PyCFunction)Solver_options, METH_NOARGS,
     "the option (0-based) of each chosen node, as a tuple"},
    {"stats", (PyCFunction)Solver_stats, METH_NOARGS,
     "(solutions, nodes, updates, cleansings, mems, max_level, cycle_cuts, forced, probes)"},
    {"set_prefix", (PyCFunction)Solver_set_prefix, METH_O,
     "set_prefix(int32 options): search only the subtree this choice prefix names"},
    {"walk", (PyCFunction)Solver_walk, METH_O,
     "walk(int32 options) -> bool: after a subproblem ended, go on to this prefix's"},
    {"replayed", (PyCFunction)Solver_replayed, METH_NOARGS,
     "replayed() -> stats() when the prefix's replay ended, or None before"},
    {"split", (PyCFunction)Solver_split, METH_NOARGS,
     "split() -> [prefix, ...] the untried rest after a pause in the search, or None"},
    {"sanity", (PyCFunction)Solver_sanity, METH_NOARGS,
     "the faults found in the links of the active structure"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "xcc._native.Solver",
    .tp_doc = "Algorithm C over a copy of a Layout, or of the arrays of xcc.engines.dlx.arrays",
    .tp_basicsize = sizeof(SolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
};

/* ---- the module -------------------------------------------------------------------- */

PyObject *xcc_py_drat_check(PyObject *module, PyObject *args); /* dratglue.c (issue 18) */
static PyMethodDef module_methods[] = {
    {"drat_check", xcc_py_drat_check, METH_VARARGS, "drat_check(nvars, lits, starts, plits, pstarts, kinds) -> (status, step, lemmas, rat, deletions, ignored)"},
    {"layout_compact", xcc_py_layout_compact, METH_VARARGS,
     "layout_compact(n1, n, starts, items, colors) -> Layout: the links laid out in C"},
    {"layout_arrays", xcc_py_layout_arrays, METH_VARARGS,
     "layout_arrays(n1, n, llink, rlink, up, down, itm, color) -> Layout, checked"},
    {"parse_dlx", xcc_py_parse_dlx, METH_O,
     "parse_dlx(text) -> None or (n1, names, starts, items, colors, color_names, lines, "
     "without_primary, bounds)"},
    {"quick", xcc_py_quick, METH_O,
     "quick(argv) -> exit code, or None: `xcc count FILE [--json] [--quiet|-q]` done in C "
     "(quick.c), or left (nothing printed) to the full command"},
    {"cycle_cuts", xcc_py_cycle_cuts, METH_VARARGS,
     "cycle_cuts(nverts, edge_u, edge_v, edge_lit, required, model): None or the cuts"},
    {"cnf", xcc_py_cnf, METH_VARARGS,
     "cnf(n1, n, ncolors, starts, items, colors, cycle=None): the SAT translation"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef csearch_module = {
    PyModuleDef_HEAD_INIT, "_native",
    "The compiled engine: Knuth's Algorithm C (DLX2) in C.", -1, module_methods};

PyMODINIT_FUNC PyInit__native(void)
{
    if (PyType_Ready(&SolverType) < 0 || PyType_Ready(&xcc_LayoutType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&csearch_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&SolverType);
    Py_INCREF(&xcc_LayoutType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0
        || PyModule_AddObject(m, "Layout", (PyObject *)&xcc_LayoutType) < 0
        || PyModule_AddIntConstant(m, "DONE", XCC_DONE) < 0
        || PyModule_AddIntConstant(m, "SOLUTION", XCC_SOLUTION) < 0
        || PyModule_AddIntConstant(m, "PAUSED", XCC_PAUSED) < 0
        || memo_register(m) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(&xcc_LayoutType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
