/* xcc._native: the thin Python face of the C parts (the only file with
 * Python.h).
 *
 * Python twin: none; its callers are xcc/engines/dlx/native.py (engine "c":
 * the search of search.h), xcc/engines/sat/compiled.py and cuts.py (cnf.h).
 * Only conversion lives here: int32 buffers in, a status, the chosen nodes
 * and the counters out.
 *
 *   Solver(n1, n, llink, rlink, up, down, itm, color, cycle=None, cuts=None)
 *       the arrays of xcc.engines.dlx.arrays as int32 buffers (copied);
 *       cycle is None or (nverts, edge_start, edge_color, edge_u, edge_v,
 *       present, required), the last six int32 buffers (present flattened
 *       u, v, ...); cuts, given with a cycle, turns propagation on:
 *       (cut_start, cut_edge), the parity cuts as edge numbers
 *       (xcc.engines.dlx.propagate).
 *   run(mem_budget) -> DONE | SOLUTION | PAUSED   (the GIL is released)
 *   choices() -> [node, ...]      the nodes of a solution: the chosen node of
 *                                 each level, then the options propagation forced
 *   options() -> (option, ...)    the option of each of them (0-based)
 *   stats() -> (solutions, nodes, updates, cleansings, mems, max_level, cycle_cuts,
 *               forced, probes)
 *   sanity() -> [fault, ...]      the link checks of xcc.engines.dlx.arrays.sanity
 *
 *   cnf(n1, n, ncolors, starts, items, colors, cycle=None) -> (nvars, unsat,
 *       clauses, option_lit, color_lit, in_table, colored, edge_u, edge_v,
 *       edge_lit): the SAT engine's translation (csrc/cnf.c); the problem
 *       as xcc.problem.Compact's int32 arrays, the cycle as for Solver; the
 *       clauses as a list of lists, every array as bytes of int32.
 *   cycle_cuts(nverts, edge_u, edge_v, edge_lit, required, model) -> None if
 *       the edges the model makes true (lit 0: always) form one cycle through
 *       every required vertex, else the cuts it violates (csrc/cuts.c).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "cnf.h"
#include "memoglue.h"
#include "search.h"

typedef struct {
    PyObject_HEAD
    struct xcc_search *search;
    int32_t n1, n; /* the numbers of primary items and of all items */
    int busy;
} SolverObject;

/* A C-contiguous buffer of int32 (format 'i', or 'l' where long is 4 bytes). */
static int get_int32(PyObject *obj, Py_buffer *view, const char *name)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Format(PyExc_TypeError, "%s: expected an int32 buffer", name);
        return -1;
    }
    const char *f = view->format ? view->format : "B";
    const int little = *(const unsigned char *)&(uint16_t){1} == 1;
    if (*f == '=' || *f == '@' || (*f == '<' && little) || ((*f == '>' || *f == '!') && !little))
        f++; /* native byte order only: another one would be read wrongly */
    if (view->itemsize != 4 || (strcmp(f, "i") != 0 && strcmp(f, "l") != 0)) {
        PyErr_Format(PyExc_TypeError, "%s: expected int32 items, not format %s", name,
                     view->format ? view->format : "B");
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static Py_ssize_t length(const Py_buffer *view)
{
    return view->len / 4;
}

/* views[*got ..] = int32 buffers of objs[0 .. count); *got counts those taken
 * (released by release_all, also after a failure). */
static int get_all(PyObject *const *objs, Py_buffer *views, const char *const *names,
                   int count, int *got)
{
    for (int j = 0; j < count; j++, (*got)++)
        if (get_int32(objs[j], &views[*got], names[j]) < 0)
            return -1;
    return 0;
}

static void release_all(Py_buffer *views, int got)
{
    while (got > 0)
        PyBuffer_Release(&views[--got]);
}

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
    if (get_all(objs, views, names, 6, &got) < 0)
        goto done;
    Py_ssize_t nsec = length(&views[0]) - 1, nedges = length(&views[1]);
    if (nsec != self->n - self->n1 || length(&views[2]) != nedges || length(&views[3]) != nedges
        || length(&views[4]) % 2 != 0 || length(&views[4]) / 2 > INT32_MAX
        || length(&views[5]) > INT32_MAX || ((int32_t *)views[0].buf)[nsec] != nedges) {
        PyErr_SetString(PyExc_ValueError, "cycle: inconsistent array lengths");
        goto done;
    }
    if (xcc_set_cycle(self->search, nverts, (int32_t)nsec, views[0].buf, views[1].buf, views[2].buf,
                      views[3].buf, (int32_t)(length(&views[4]) / 2), views[4].buf,
                      (int32_t)length(&views[5]), views[5].buf) < 0) {
        PyErr_SetString(PyExc_ValueError, "cycle: bad vertex or item numbers (or no memory)");
        goto done;
    }
    result = 0;
done:
    release_all(views, got);
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
    if (get_all(objs, views, names, 2, &got) < 0)
        goto done;
    Py_ssize_t ncuts = length(&views[0]) - 1;
    if (ncuts < 0 || ncuts > INT32_MAX - 1
        || ((int32_t *)views[0].buf)[ncuts] != length(&views[1])) {
        PyErr_SetString(PyExc_ValueError, "cuts: inconsistent array lengths");
        goto done;
    }
    if (xcc_set_propagation(self->search, (int32_t)ncuts, views[0].buf, views[1].buf) < 0) {
        PyErr_SetString(PyExc_ValueError, "cuts: bad edge numbers (or no memory)");
        goto done;
    }
    result = 0;
done:
    release_all(views, got);
    return result;
}

static int Solver_init(SolverObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"n1", "n", "llink", "rlink", "up", "down", "itm", "color",
                             "cycle", "cuts", NULL};
    static const char *names[6] = {"llink", "rlink", "up", "down", "itm", "color"};
    int n1, n;
    PyObject *objs[6], *cycle = Py_None, *cuts = Py_None;
    Py_buffer views[6];
    int got = 0, result = -1;
    if (self->search != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Solver already initialized");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiOOOOOO|OO", kwlist, &n1, &n, &objs[0],
                                     &objs[1], &objs[2], &objs[3], &objs[4], &objs[5], &cycle,
                                     &cuts))
        return -1;
    if (cuts != Py_None && cycle == Py_None) {
        PyErr_SetString(PyExc_ValueError, "cuts (propagation) need a cycle");
        return -1;
    }
    if (get_all(objs, views, names, 6, &got) < 0)
        goto done;
    Py_ssize_t last_node = length(&views[2]);
    if (n1 < 1 || n < n1 || length(&views[0]) != (Py_ssize_t)n + 2
        || length(&views[1]) != (Py_ssize_t)n + 2 || last_node > INT32_MAX - 2
        || length(&views[3]) != last_node || length(&views[4]) != last_node
        || length(&views[5]) != last_node) {
        PyErr_SetString(PyExc_ValueError, "inconsistent array lengths");
        goto done;
    }
    self->search = xcc_new(n1, n, (int32_t)last_node, views[0].buf, views[1].buf,
                           views[2].buf, views[3].buf, views[4].buf, views[5].buf);
    if (self->search == NULL) {
        PyErr_SetString(PyExc_ValueError, "arrays out of range (or no memory)");
        goto done;
    }
    self->n1 = n1, self->n = n;
    if ((cycle != Py_None && set_cycle(self, cycle) < 0)
        || (cuts != Py_None && set_propagation(self, cuts) < 0)) {
        xcc_free(self->search);
        self->search = NULL;
        goto done;
    }
    result = 0;
done:
    release_all(views, got);
    return result;
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
    if (status == XCC_ERROR)
        return PyErr_NoMemory();
    if (status == XCC_PAUSED && PyErr_CheckSignals() < 0)
        return NULL; /* Ctrl-C: KeyboardInterrupt; the search can still resume */
    return PyLong_FromLong(status);
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

static PyObject *Solver_stats(SolverObject *self, PyObject *unused)
{
    if (!ready(self))
        return NULL;
    struct xcc_counters c;
    xcc_counters(self->search, &c);
    return Py_BuildValue("(KKKKKiKKK)", (unsigned long long)c.solutions,
                         (unsigned long long)c.nodes, (unsigned long long)c.updates,
                         (unsigned long long)c.cleansings, (unsigned long long)c.mems,
                         (int)c.max_level, (unsigned long long)c.cycle_cuts,
                         (unsigned long long)c.forced, (unsigned long long)c.probes);
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
    {"choices", (PyCFunction)Solver_choices, METH_NOARGS,
     "the chosen node of each level (a solution, after SOLUTION)"},
    {"options", (PyCFunction)Solver_options, METH_NOARGS,
     "the option (0-based) of each chosen node, as a tuple"},
    {"stats", (PyCFunction)Solver_stats, METH_NOARGS,
     "(solutions, nodes, updates, cleansings, mems, max_level, cycle_cuts, forced, probes)"},
    {"sanity", (PyCFunction)Solver_sanity, METH_NOARGS,
     "the faults found in the links of the active structure"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "xcc._native.Solver",
    .tp_doc = "Algorithm C over int32 copies of the arrays of xcc.arrays",
    .tp_basicsize = sizeof(SolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
};

/* ---- cnf() ------------------------------------------------------------------- */

static PyObject *int32_bytes(const int32_t *a, size_t n)
{
    return PyBytes_FromStringAndSize((const char *)a, (Py_ssize_t)(n * sizeof *a));
}

static int in_range(const int32_t *a, Py_ssize_t n, int32_t lo, int32_t hi)
{
    for (Py_ssize_t j = 0; j < n; j++)
        if (a[j] < lo || a[j] > hi)
            return 0;
    return 1;
}

static PyObject *cnf(PyObject *module, PyObject *args)
{
    int n1, n, ncolors;
    PyObject *objs[3], *cycle = Py_None, *out = NULL;
    static const char *names[3] = {"starts", "items", "colors"};
    static const char *cnames[6] = {"edge_start", "edge_color", "edge_u", "edge_v",
                                    "present", "required"};
    Py_buffer views[9];
    int got = 0;
    struct xcc_cnf_problem p = {0};
    struct xcc_cnf f = {0};
    (void)module;
    int nverts = -1;
    PyObject *c[6];
    if (!PyArg_ParseTuple(args, "iiiOOO|O", &n1, &n, &ncolors, &objs[0], &objs[1], &objs[2],
                          &cycle))
        return NULL;
    /* Everything that may run Python code comes before the arrays are checked. */
    if (cycle != Py_None) {
        if (!PyTuple_Check(cycle)) {
            PyErr_SetString(PyExc_TypeError, "cnf: cycle must be a tuple or None");
            return NULL;
        }
        if (!PyArg_ParseTuple(cycle, "iOOOOOO;cycle must be (nverts, edge_start, edge_color, "
                              "edge_u, edge_v, present, required)", &nverts, &c[0], &c[1],
                              &c[2], &c[3], &c[4], &c[5]))
            return NULL;
    }
    if (get_all(objs, views, names, 3, &got) < 0)
        goto done;
    Py_ssize_t m = length(&views[0]) - 1, len = length(&views[1]);
    const int32_t *starts = views[0].buf;
    if (n1 < 1 || n < n1 || ncolors < 0 || m < 0 || m > INT32_MAX || len > INT32_MAX
        || length(&views[2]) != len || starts[0] != 0 || starts[m] != len
        || (double)n * ((double)ncolors + 1) > 1e8) {
        PyErr_SetString(PyExc_ValueError, "cnf: inconsistent problem arrays");
        goto done;
    }
    for (Py_ssize_t k = 0; k < m; k++)
        if (starts[k + 1] < starts[k]) {
            PyErr_SetString(PyExc_ValueError, "cnf: starts must not decrease");
            goto done;
        }
    if (!in_range(views[1].buf, len, 0, n - 1) || !in_range(views[2].buf, len, 0, ncolors)) {
        PyErr_SetString(PyExc_ValueError, "cnf: item or color out of range");
        goto done;
    }
    p = (struct xcc_cnf_problem){n1, n, (int32_t)m, ncolors, starts, views[1].buf,
                                 views[2].buf, -1, NULL, NULL, NULL, NULL, 0, NULL, 0, NULL};
    if (cycle != Py_None) {
        if (get_all(c, views, cnames, 6, &got) < 0)
            goto done;
        Py_buffer *v = views + 3;
        Py_ssize_t nsec = length(&v[0]) - 1, ne = length(&v[1]);
        if (nverts < 0 || nsec != n - n1 || length(&v[2]) != ne || length(&v[3]) != ne
            || length(&v[4]) % 2 || ((int32_t *)v[0].buf)[0] != 0
            || ((int32_t *)v[0].buf)[nsec] != ne || !in_range(v[0].buf, nsec + 1, 0, (int32_t)ne)
            || !in_range(v[2].buf, ne, 0, nverts - 1) || !in_range(v[3].buf, ne, 0, nverts - 1)
            || !in_range(v[4].buf, length(&v[4]), 0, nverts - 1)
            || !in_range(v[5].buf, length(&v[5]), 0, nverts - 1)) {
            PyErr_SetString(PyExc_ValueError, "cnf: inconsistent cycle arrays");
            goto done;
        }
        for (Py_ssize_t s = 0; s < nsec; s++)
            if (((int32_t *)v[0].buf)[s + 1] < ((int32_t *)v[0].buf)[s]) {
                PyErr_SetString(PyExc_ValueError, "cnf: edge_start must not decrease");
                goto done;
            }
        p.nverts = nverts;
        p.edge_start = v[0].buf;
        p.edge_color = v[1].buf;
        p.edge_u = v[2].buf;
        p.edge_v = v[3].buf;
        p.npresent = (int32_t)(length(&v[4]) / 2);
        p.present = v[4].buf;
        p.nrequired = (int32_t)length(&v[5]);
        p.required = v[5].buf;
    }
    if (xcc_cnf_build(&p, &f) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    PyObject *clauses = PyList_New(f.nclauses);
    if (clauses == NULL)
        goto done;
    size_t at = 0;
    for (Py_ssize_t c = 0; c < f.nclauses; c++) {
        size_t end = at;
        while (f.clauses.a[end])
            end++;
        PyObject *clause = PyList_New((Py_ssize_t)(end - at));
        if (clause == NULL) {
            Py_DECREF(clauses);
            goto done;
        }
        for (size_t j = at; j < end; j++) {
            PyObject *lit = PyLong_FromLong(f.clauses.a[j]);
            if (lit == NULL) {
                Py_DECREF(clause);
                Py_DECREF(clauses);
                goto done;
            }
            PyList_SET_ITEM(clause, (Py_ssize_t)(j - at), lit);
        }
        PyList_SET_ITEM(clauses, c, clause);
        at = end + 1;
    }
    out = Py_BuildValue("iiNNNNNNNN", f.nvars, f.unsat, clauses,
                        int32_bytes(f.option_lit, (size_t)m),
                        int32_bytes(f.color_lit, (size_t)n * (size_t)(ncolors + 1)),
                        int32_bytes(f.in_table, (size_t)m),
                        int32_bytes(f.colored.a, f.colored.n),
                        int32_bytes(f.edge_u.a, f.edge_u.n), int32_bytes(f.edge_v.a, f.edge_v.n),
                        int32_bytes(f.edge_lit.a, f.edge_lit.n));
done:
    xcc_cnf_free(&f);
    release_all(views, got);
    return out;
}

static PyObject *cycle_cuts(PyObject *module, PyObject *args)
{
    int nverts;
    PyObject *objs[4], *model, *out = NULL;
    static const char *names[4] = {"edge_u", "edge_v", "edge_lit", "required"};
    Py_buffer views[4];
    int got = 0;
    char *truth = NULL, *sign = NULL;
    struct xcc_ivec cuts = {0};
    (void)module;
    if (!PyArg_ParseTuple(args, "iOOOOO!", &nverts, &objs[0], &objs[1], &objs[2], &objs[3],
                          &PyList_Type, &model))
        return NULL;
    /* The model first, as signs (+1 true, -1 false, 0 neither): no Python code
     * may run once the arrays are checked. */
    Py_ssize_t nm = PyList_GET_SIZE(model);
    sign = malloc((size_t)nm + 1);
    if (sign == NULL)
        return PyErr_NoMemory();
    for (Py_ssize_t v = 0; v < nm; v++) {
        PyObject *x = PyList_GET_ITEM(model, v);
        if (!PyLong_Check(x)) {
            PyErr_SetString(PyExc_TypeError, "cycle_cuts: the model must be a list of ints");
            goto done;
        }
        int overflow; /* an int runs no Python code here */
        long value = PyLong_AsLongAndOverflow(x, &overflow);
        if (value == -1 && !overflow && PyErr_Occurred())
            goto done;
        sign[v] = (char)(overflow ? overflow : (value > 0) - (value < 0));
    }
    if (get_all(objs, views, names, 4, &got) < 0)
        goto done;
    Py_ssize_t ne = length(&views[0]);
    const int32_t *lit = views[2].buf;
    if (nverts < 0 || ne > INT32_MAX || length(&views[1]) != ne || length(&views[2]) != ne
        || length(&views[3]) > INT32_MAX || !in_range(views[0].buf, ne, 0, nverts - 1)
        || !in_range(views[1].buf, ne, 0, nverts - 1)
        || !in_range(views[3].buf, length(&views[3]), 0, nverts - 1)) {
        PyErr_SetString(PyExc_ValueError, "cycle_cuts: inconsistent arrays");
        goto done;
    }
    truth = malloc((size_t)ne + 1);
    if (truth == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t j = 0; j < ne; j++) { /* a variable beyond the model is false */
        long x = lit[j] < 0 ? -(long)lit[j] : lit[j];
        int value = x == 0 ? 0 : x <= nm ? sign[x - 1] : -1;
        truth[j] = x == 0 || (lit[j] > 0 ? value > 0 : value < 0);
    }
    int r = xcc_cycle_cuts(nverts, (int32_t)ne, views[0].buf, views[1].buf, lit, truth,
                           (int32_t)length(&views[3]), views[3].buf, &cuts);
    if (r < 0) {
        PyErr_NoMemory();
        goto done;
    }
    if (r == 1) {
        out = Py_None;
        Py_INCREF(out);
        goto done;
    }
    out = PyList_New(0);
    size_t at = 0;
    while (out != NULL && at < cuts.n) {
        size_t end = at;
        while (cuts.a[end])
            end++;
        PyObject *cut = PyList_New((Py_ssize_t)(end - at));
        for (size_t j = at; cut != NULL && j < end; j++) {
            PyObject *x = PyLong_FromLong(cuts.a[j]);
            if (x == NULL)
                Py_CLEAR(cut);
            else
                PyList_SET_ITEM(cut, (Py_ssize_t)(j - at), x);
        }
        if (cut == NULL || PyList_Append(out, cut) < 0)
            Py_CLEAR(out);
        Py_XDECREF(cut);
        at = end + 1;
    }
done:
    free(sign);
    free(truth);
    free(cuts.a);
    release_all(views, got);
    return out;
}

static PyMethodDef module_methods[] = {
    {"cycle_cuts", cycle_cuts, METH_VARARGS,
     "cycle_cuts(nverts, edge_u, edge_v, edge_lit, required, model): None or the cuts"},
    {"cnf", cnf, METH_VARARGS,
     "cnf(n1, n, ncolors, starts, items, colors, cycle=None): the SAT translation"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef csearch_module = {
    PyModuleDef_HEAD_INIT, "_native",
    "The compiled engine: Knuth's Algorithm C (DLX2) in C.", -1, module_methods};

PyMODINIT_FUNC PyInit__native(void)
{
    if (PyType_Ready(&SolverType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&csearch_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0
        || PyModule_AddIntConstant(m, "DONE", XCC_DONE) < 0
        || PyModule_AddIntConstant(m, "SOLUTION", XCC_SOLUTION) < 0
        || PyModule_AddIntConstant(m, "PAUSED", XCC_PAUSED) < 0
        || memo_register(m) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
