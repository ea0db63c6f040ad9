/* xcc._csearch: the thin Python face of the C search (_csearch/search.c).
 *
 * Only conversion lives here: int32 buffers in, a status, the chosen nodes
 * and the counters out.  xcc/engine_c.py drives it.
 *
 *   Solver(n1, n, llink, rlink, up, down, itm, color, cycle=None, cuts=None)
 *       the arrays of xcc.arrays.Arrays as int32 buffers (copied); cycle is
 *       None or (nverts, edge_start, edge_color, edge_u, edge_v, present,
 *       required), the last six int32 buffers (present flattened u, v, ...);
 *       cuts, given with a cycle, turns propagation on: (cut_start,
 *       cut_edge), the parity cuts as edge numbers (xcc.propagate.edge_lists).
 *   run(mem_budget) -> DONE | SOLUTION | PAUSED   (the GIL is released)
 *   choices() -> [node, ...]      the nodes of a solution: the chosen node of
 *                                 each level, then the options propagation forced
 *   options() -> (option, ...)    the option of each of them (0-based)
 *   stats() -> (solutions, nodes, updates, cleansings, mems, max_level, cycle_cuts,
 *               forced, probes)
 *   sanity() -> [fault, ...]      the link checks of xcc.arrays.sanity
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_csearch/search.h"

typedef struct {
    PyObject_HEAD
    struct xcc_search *search;
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
    if (*f == '=' || *f == '<' || *f == '@' || *f == '!' || *f == '>')
        f++;
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

static int set_cycle(struct xcc_search *s, PyObject *cycle)
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
    for (; got < 6; got++)
        if (get_int32(objs[got], &views[got], names[got]) < 0)
            goto done;
    Py_ssize_t nsec = length(&views[0]) - 1, nedges = length(&views[1]);
    if (nsec != s->n - s->n1 || length(&views[2]) != nedges || length(&views[3]) != nedges
        || length(&views[4]) % 2 != 0 || length(&views[4]) / 2 > INT32_MAX
        || length(&views[5]) > INT32_MAX || ((int32_t *)views[0].buf)[nsec] != nedges) {
        PyErr_SetString(PyExc_ValueError, "cycle: inconsistent array lengths");
        goto done;
    }
    if (xcc_set_cycle(s, nverts, (int32_t)nsec, views[0].buf, views[1].buf, views[2].buf,
                      views[3].buf, (int32_t)(length(&views[4]) / 2), views[4].buf,
                      (int32_t)length(&views[5]), views[5].buf) < 0) {
        PyErr_SetString(PyExc_ValueError, "cycle: bad vertex or item numbers (or no memory)");
        goto done;
    }
    result = 0;
done:
    while (got > 0)
        PyBuffer_Release(&views[--got]);
    return result;
}

static int set_propagation(struct xcc_search *s, PyObject *cuts)
{
    PyObject *objs[2];
    static const char *names[2] = {"cut_start", "cut_edge"};
    Py_buffer views[2];
    int got = 0, result = -1;
    if (!PyArg_ParseTuple(cuts, "OO;cuts must be (cut_start, cut_edge)", &objs[0], &objs[1]))
        return -1;
    for (; got < 2; got++)
        if (get_int32(objs[got], &views[got], names[got]) < 0)
            goto done;
    Py_ssize_t ncuts = length(&views[0]) - 1;
    if (ncuts < 0 || ncuts > INT32_MAX - 1
        || ((int32_t *)views[0].buf)[ncuts] != length(&views[1])) {
        PyErr_SetString(PyExc_ValueError, "cuts: inconsistent array lengths");
        goto done;
    }
    if (xcc_set_propagation(s, (int32_t)ncuts, views[0].buf, views[1].buf) < 0) {
        PyErr_SetString(PyExc_ValueError, "cuts: bad edge numbers (or no memory)");
        goto done;
    }
    result = 0;
done:
    while (got > 0)
        PyBuffer_Release(&views[--got]);
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
    for (; got < 6; got++)
        if (get_int32(objs[got], &views[got], names[got]) < 0)
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
    if ((cycle != Py_None && set_cycle(self->search, cycle) < 0)
        || (cuts != Py_None && set_propagation(self->search, cuts) < 0)) {
        xcc_free(self->search);
        self->search = NULL;
        goto done;
    }
    result = 0;
done:
    while (got > 0)
        PyBuffer_Release(&views[--got]);
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
static int32_t *solution_nodes(struct xcc_search *s, int32_t *count)
{
    int32_t *nodes = PyMem_Malloc(((size_t)s->n1 + 1) * sizeof *nodes);
    if (nodes == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    *count = xcc_solution(s, nodes);
    return nodes;
}

static PyObject *Solver_choices(SolverObject *self, PyObject *unused)
{
    if (!ready(self))
        return NULL;
    int32_t count;
    int32_t *nodes = solution_nodes(self->search, &count);
    if (nodes == NULL)
        return NULL;
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (int32_t l = 0; list != NULL && l < count; l++) {
        PyObject *v = PyLong_FromLong(nodes[l]);
        if (v == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, l, v);
    }
    PyMem_Free(nodes);
    return list;
}

/* The 0-based option of each node of the solution: the spacer after an
 * option k has itm -(k+1), as xcc.arrays.Arrays.option_of reads it. */
static PyObject *Solver_options(SolverObject *self, PyObject *unused)
{
    if (!ready(self))
        return NULL;
    struct xcc_search *s = self->search;
    int32_t count;
    int32_t *nodes = solution_nodes(s, &count);
    if (nodes == NULL)
        return NULL;
    PyObject *tuple = PyTuple_New((Py_ssize_t)count);
    for (int32_t l = 0; tuple != NULL && l < count; l++) {
        int32_t p = nodes[l];
        while (s->nd[p].itm > 0)
            p++;
        PyObject *v = PyLong_FromLong(-(long)s->nd[p].itm - 1);
        if (v == NULL) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, l, v);
    }
    PyMem_Free(nodes);
    return tuple;
}

static PyObject *Solver_stats(SolverObject *self, PyObject *unused)
{
    if (!ready(self))
        return NULL;
    struct xcc_search *s = self->search;
    return Py_BuildValue("(KKKKKiKKK)", (unsigned long long)s->solutions,
                         (unsigned long long)s->nodes, (unsigned long long)s->updates,
                         (unsigned long long)s->cleansings, (unsigned long long)s->mems,
                         (int)s->max_level, (unsigned long long)s->cycle_cuts,
                         (unsigned long long)s->forced, (unsigned long long)s->probes);
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
    .tp_name = "xcc._csearch.Solver",
    .tp_doc = "Algorithm C over int32 copies of the arrays of xcc.arrays",
    .tp_basicsize = sizeof(SolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
};

static struct PyModuleDef csearch_module = {
    PyModuleDef_HEAD_INIT, "_csearch",
    "The compiled engine: Knuth's Algorithm C (DLX2) in C.", -1, NULL};

PyMODINIT_FUNC PyInit__csearch(void)
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
        || PyModule_AddIntConstant(m, "PAUSED", XCC_PAUSED) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
