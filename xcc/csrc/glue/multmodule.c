/* xcc._mult: the Python face of Algorithm M in C (mult/mult.c), engine "mult".
 *
 *   Run(n1, n, starts, items, colors, bounds) -> a search of the problem
 *       given as xcc.problem.Compact's int32 arrays (any buffer of int32),
 *       bounds the (u, v) pairs of the primary items as int32, or None
 *   run.step(budget) -> PAUSED | SOLUTION | DONE
 *   run.count(budget, room) -> (status, found)
 *   run.batch(budget, room) -> (status, [options, ...])
 *   run.solution() -> options of the last solution (a tuple of int)
 *   run.stats() -> (solutions, nodes, updates, cleansings, mems, max_level)
 *
 * The search runs without the GIL.  Python twin of the search:
 * xcc/engines/mult/python.py; its Python face: xcc/engines/mult/native.py.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "mult/mult.h"

typedef struct {
    PyObject_HEAD
    struct xcc_mult *s;
} RunObject;

static int int32_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t want, const char *what)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return -1;
    if (view->itemsize != 4 || (view->format && strcmp(view->format, "i") != 0
                                && strcmp(view->format, "<i") != 0
                                && strcmp(view->format, "=i") != 0)
        || (want >= 0 && view->len / 4 != want)) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "Run: %s must be %zd int32 values", what, want);
        return -1;
    }
    return 0;
}

static int run_init(RunObject *self, PyObject *args, PyObject *kwds)
{
    (void)kwds;
    int n1, n;
    PyObject *starts_obj, *items_obj, *colors_obj, *bounds_obj;
    if (!PyArg_ParseTuple(args, "iiOOOO", &n1, &n, &starts_obj, &items_obj, &colors_obj,
                          &bounds_obj))
        return -1;
    if (n1 < 1 || n < n1) {
        PyErr_SetString(PyExc_ValueError, "Run: need 1 <= n1 <= n");
        return -1;
    }
    Py_buffer starts, items, colors, bounds = {0};
    if (int32_buffer(starts_obj, &starts, -1, "starts") < 0)
        return -1;
    const int32_t *st = starts.buf;
    Py_ssize_t m = starts.len / 4 - 1;
    int ok = m >= 0 && st[0] == 0;
    for (Py_ssize_t k = 0; ok && k < m; k++)
        ok = st[k] <= st[k + 1];
    if (!ok) {
        PyBuffer_Release(&starts);
        PyErr_SetString(PyExc_ValueError, "Run: starts must rise from 0");
        return -1;
    }
    if (int32_buffer(items_obj, &items, st[m], "items") < 0) {
        PyBuffer_Release(&starts);
        return -1;
    }
    if (int32_buffer(colors_obj, &colors, st[m], "colors") < 0) {
        PyBuffer_Release(&starts);
        PyBuffer_Release(&items);
        return -1;
    }
    int have_bounds = bounds_obj != Py_None;
    if (have_bounds && int32_buffer(bounds_obj, &bounds, 2 * (Py_ssize_t)n1, "bounds") < 0) {
        PyBuffer_Release(&starts);
        PyBuffer_Release(&items);
        PyBuffer_Release(&colors);
        return -1;
    }
    const int32_t *it = items.buf, *co = colors.buf, *bo = have_bounds ? bounds.buf : NULL;
    for (Py_ssize_t e = 0; ok && e < st[m]; e++)
        ok = it[e] >= 0 && it[e] < n && co[e] >= 0;
    for (int k = 0; ok && bo != NULL && k < n1; k++)
        ok = bo[2 * k] >= 0 && bo[2 * k] <= bo[2 * k + 1] && bo[2 * k + 1] >= 1;
    if (ok) {
        xcc_mult_free(self->s);
        self->s = xcc_mult_new(n1, n, (int32_t)m, st, it, co, bo);
    }
    PyBuffer_Release(&starts);
    PyBuffer_Release(&items);
    PyBuffer_Release(&colors);
    if (have_bounds)
        PyBuffer_Release(&bounds);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "Run: an item, color or bound out of range");
        return -1;
    }
    if (self->s == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void run_dealloc(RunObject *self)
{
    xcc_mult_free(self->s);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static struct xcc_mult *search_of(RunObject *self)
{
    if (self->s == NULL)
        PyErr_SetString(PyExc_ValueError, "Run: not initialized");
    return self->s;
}

static PyObject *solution_tuple(struct xcc_mult *s)
{
    size_t depth = xcc_mult_depth(s);
    int32_t *out = malloc((depth + 1) * sizeof *out);
    if (out == NULL)
        return PyErr_NoMemory();
    size_t count = xcc_mult_solution(s, out);
    PyObject *t = PyTuple_New((Py_ssize_t)count);
    for (size_t j = 0; t != NULL && j < count; j++) {
        PyObject *x = PyLong_FromLong(out[j]);
        if (x == NULL)
            Py_CLEAR(t);
        else
            PyTuple_SET_ITEM(t, (Py_ssize_t)j, x);
    }
    free(out);
    return t;
}

static PyObject *run_step(RunObject *self, PyObject *arg)
{
    struct xcc_mult *s = search_of(self);
    unsigned long long budget = PyLong_AsUnsignedLongLong(arg);
    if (s == NULL || (budget == (unsigned long long)-1 && PyErr_Occurred()))
        return NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = xcc_mult_step(s, budget);
    Py_END_ALLOW_THREADS
    if (status < 0)
        return PyErr_NoMemory();
    return PyLong_FromLong(status);
}

static PyObject *run_count(RunObject *self, PyObject *args)
{
    struct xcc_mult *s = search_of(self);
    unsigned long long budget, room;
    if (s == NULL || !PyArg_ParseTuple(args, "KK", &budget, &room))
        return NULL;
    uint64_t found;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = xcc_mult_count(s, budget, room ? room : 1, &found);
    Py_END_ALLOW_THREADS
    if (status < 0)
        return PyErr_NoMemory();
    return Py_BuildValue("iK", status, (unsigned long long)found);
}

static PyObject *run_batch(RunObject *self, PyObject *args)
{
    struct xcc_mult *s = search_of(self);
    unsigned long long budget, room;
    if (s == NULL || !PyArg_ParseTuple(args, "KK", &budget, &room))
        return NULL;
    PyObject *list = PyList_New(0);
    if (list == NULL)
        return NULL;
    uint64_t pause_at = xcc_mult_stats(s).mems + budget;
    int status = XCC_MULT_DONE;
    for (unsigned long long k = 0; k < (room ? room : 1); k++) {
        uint64_t mems = xcc_mult_stats(s).mems, left = 0;
        if (budget) {
            if (mems >= pause_at) {
                status = 2; /* PAUSED */
                break;
            }
            left = pause_at - mems;
        }
        Py_BEGIN_ALLOW_THREADS
        status = xcc_mult_step(s, left);
        Py_END_ALLOW_THREADS
        if (status < 0) {
            Py_DECREF(list);
            return PyErr_NoMemory();
        }
        if (status != XCC_MULT_SOLUTION)
            break;
        PyObject *t = solution_tuple(s);
        if (t == NULL || PyList_Append(list, t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(t);
    }
    return Py_BuildValue("iN", status, list);
}

static PyObject *run_solution(RunObject *self, PyObject *unused)
{
    (void)unused;
    struct xcc_mult *s = search_of(self);
    return s == NULL ? NULL : solution_tuple(s);
}

static PyObject *run_stats(RunObject *self, PyObject *unused)
{
    (void)unused;
    struct xcc_mult *s = search_of(self);
    if (s == NULL)
        return NULL;
    struct xcc_mult_stats st = xcc_mult_stats(s);
    return Py_BuildValue("KKKKKK", (unsigned long long)st.solutions,
                         (unsigned long long)st.nodes, (unsigned long long)st.updates,
                         (unsigned long long)st.cleansings, (unsigned long long)st.mems,
                         (unsigned long long)st.max_level);
}

static PyMethodDef run_methods[] = {
    {"step", (PyCFunction)run_step, METH_O, "step(budget) -> PAUSED | SOLUTION | DONE"},
    {"count", (PyCFunction)run_count, METH_VARARGS, "count(budget, room) -> (status, found)"},
    {"batch", (PyCFunction)run_batch, METH_VARARGS, "batch(budget, room) -> (status, solutions)"},
    {"solution", (PyCFunction)run_solution, METH_NOARGS, "the options of the last solution"},
    {"stats", (PyCFunction)run_stats, METH_NOARGS,
     "(solutions, nodes, updates, cleansings, mems, max_level)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RunType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "xcc._mult.Run",
    .tp_basicsize = sizeof(RunObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A search by Algorithm M (Knuth's DLX3).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)run_init,
    .tp_dealloc = (destructor)run_dealloc,
    .tp_methods = run_methods,
};

static struct PyModuleDef mult_module = {
    PyModuleDef_HEAD_INIT, "_mult", "Algorithm M (multiplicities) in C: engine 'mult'.", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__mult(void)
{
    if (PyType_Ready(&RunType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&mult_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&RunType);
    if (PyModule_AddObject(m, "Run", (PyObject *)&RunType) < 0
        || PyModule_AddIntConstant(m, "DONE", XCC_MULT_DONE) < 0
        || PyModule_AddIntConstant(m, "SOLUTION", XCC_MULT_SOLUTION) < 0
        || PyModule_AddIntConstant(m, "PAUSED", XCC_MULT_PAUSED) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
