/* masyu._deduce: the glue of the C deducer (deduce.c), levels 1 and 2 in one call.
 *
 * run(rows, cols, kinds, given, known, max_level, budget, frontier) runs what
 * masyu.deduce.analysis.analyze_kinds runs before any search: the given
 * values, level 1 (start, propagate) and, with max_level >= 2 and the puzzle
 * not yet settled, level 2 (ProbeState.level2).  kinds: bytes, a pearl code
 * per cell; given: a flat sequence e0, v0, e1, v1, ...; known: bytes (one
 * 0/1 per edge, off included) or None; budget < 0: no cap.  Returns (stage,
 * contradiction, closed, unknown, probes, assignments, values): the level
 * that ran last, whether it met a contradiction, and the state it left.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "deduce.h"

static PyObject *run(PyObject *self, PyObject *args) {
    (void)self;
    int rows, cols, max_level, frontier;
    long long budget;
    Py_buffer kinds, known = {0};
    PyObject *given, *known_obj;
    if (!PyArg_ParseTuple(args, "iiy*OOiLp", &rows, &cols, &kinds, &given, &known_obj,
                          &max_level, &budget, &frontier))
        return NULL;
    PyObject *result = NULL, *flat = NULL;
    dd_state *s = NULL;
    if (rows < 1 || cols < 1 || (long long)rows * cols > (1LL << 26) || (Py_ssize_t)rows * cols != kinds.len) {
        PyErr_SetString(PyExc_ValueError, "_deduce.run: kinds must hold rows * cols codes");
        goto out;
    }
    for (Py_ssize_t i = 0; i < kinds.len; i++)
        if (((unsigned char *)kinds.buf)[i] > DD_BLACK) {
            PyErr_SetString(PyExc_ValueError, "_deduce.run: a pearl code is 0, 1 or 2");
            goto out;
        }
    int m = rows * (2 * cols - 1) - cols;
    if (known_obj != Py_None) {
        if (PyObject_GetBuffer(known_obj, &known, PyBUF_SIMPLE) < 0) goto out;
        if (known.len != (Py_ssize_t)m + 1) {
            PyErr_SetString(PyExc_ValueError, "_deduce.run: known must hold one value per edge and off");
            goto out;
        }
        for (Py_ssize_t i = 0; i < known.len; i++)
            if (((unsigned char *)known.buf)[i] > 1) {
                PyErr_SetString(PyExc_ValueError, "_deduce.run: a known value is 0 or 1");
                goto out;
            }
    }
    flat = PySequence_Fast(given, "_deduce.run: given must be a sequence");
    if (!flat) goto out;
    Py_ssize_t ng = PySequence_Fast_GET_SIZE(flat);
    if (ng % 2) {
        PyErr_SetString(PyExc_ValueError, "_deduce.run: given holds edge, value pairs");
        goto out;
    }
    s = dd_new(rows, cols, kinds.buf);
    if (!s) {
        PyErr_NoMemory();
        goto out;
    }
    int contra = 0;
    for (Py_ssize_t k = 0; k < ng && !contra; k += 2) {
        long e = PyLong_AsLong(PySequence_Fast_GET_ITEM(flat, k));
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(flat, k + 1));
        if (PyErr_Occurred()) goto out;
        if (e < 0 || e > m || v < 0 || v > 1) {
            PyErr_SetString(PyExc_ValueError, "_deduce.run: a given edge or value is out of range");
            goto out;
        }
        contra = dd_assign(s, (int)e, (int)v) != 0;
    }
    if (!contra) contra = dd_start(s) != 0 || dd_propagate(s) != 0;
    int stage = 1;
    if (!contra && !(s->closed || s->unknown == 0) && max_level >= 2) {
        stage = 2;
        contra = dd_level2(s, known.buf, budget, frontier) != 0;
    }
    result = Py_BuildValue("iiiiLLy#", stage, contra, s->closed, s->unknown, s->probes,
                           s->assignments, (const char *)s->val, (Py_ssize_t)m + 1);
out:
    dd_free(s);
    Py_XDECREF(flat);
    if (known.buf) PyBuffer_Release(&known);
    PyBuffer_Release(&kinds);
    return result;
}

static PyMethodDef methods[] = {
    {"run", run, METH_VARARGS, "Levels 1 and 2 of masyu.deduce in C (see the module's comment)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "masyu._deduce",
    "The C twin of masyu.deduce levels 1 and 2 (masyu/csrc/deduce.c).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__deduce(void) { return PyModule_Create(&module); }
