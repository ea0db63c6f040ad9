/* masyu._deduce: the glue of the C deducer (deduce.c), levels 1 and 2 in one call,
 * and of two parts of the generator: the oracle's cycle finder (cycles.c, see
 * cycles() below) and the loop reshaping (faces.c, improve() below).
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

#include <math.h>

#include "cycles.h"
#include "deduce.h"
#include "faces.h"

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

/* cycles(rows, cols, model): the cycles of a SAT model of the generator's oracle
 * (masyu/generate/unique.py; model: the solver's literals, edge e's first).
 * Returns (label, cycles): label[i] the cycle of cell i or -1; cycles, by their
 * smallest edge, each (that edge, the literals of the edges leaving its cells). */
static PyObject *cycles(PyObject *self, PyObject *args) {
    (void)self;
    int rows, cols;
    PyObject *model;
    if (!PyArg_ParseTuple(args, "iiO", &rows, &cols, &model)) return NULL;
    if (rows < 1 || cols < 1 || (long long)rows * cols > (1LL << 26)) {
        PyErr_SetString(PyExc_ValueError, "_deduce.cycles: bad board size");
        return NULL;
    }
    int n = rows * cols, m = rows * (2 * cols - 1) - cols;
    PyObject *flat = PySequence_Fast(model, "_deduce.cycles: model must be a sequence");
    if (!flat) return NULL;
    PyObject *result = NULL, *label = NULL, *list = NULL;
    unsigned char *present = calloc((size_t)m + 1, 1);
    int *lits = malloc(sizeof(int) * (4 * (size_t)n + 1));
    cy_result cy = {0};
    if (!present || !lits) { PyErr_NoMemory(); goto out; }
    if (PySequence_Fast_GET_SIZE(flat) < m) {
        PyErr_SetString(PyExc_ValueError, "_deduce.cycles: the model is shorter than the edges");
        goto out;
    }
    for (int e = 0; e < m; e++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(flat, e));
        if (v == -1 && PyErr_Occurred()) goto out;
        present[e] = v > 0;
    }
    int rc = cy_cycles(rows, cols, present, &cy);
    if (rc == -2) { PyErr_NoMemory(); goto out; }
    if (rc == -1) {
        PyErr_SetString(PyExc_ValueError, "_deduce.cycles: a cell has degree 1 or more than 2");
        goto out;
    }
    label = PyList_New(n);
    list = PyList_New(cy.count);
    if (!label || !list) goto out;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLong(cy.label[i]);
        if (!x) goto out;
        PyList_SET_ITEM(label, i, x);
    }
    for (int k = 0; k < cy.count; k++) {
        int nl = cy_crossing(rows, cols, &cy, k, lits);
        PyObject *cross = PyList_New(nl);
        if (!cross) goto out;
        for (int x = 0; x < nl; x++) {
            PyObject *v = PyLong_FromLong(lits[x]);
            if (!v) { Py_DECREF(cross); goto out; }
            PyList_SET_ITEM(cross, x, v);
        }
        PyObject *item = Py_BuildValue("iN", cy.first_edge[k], cross);
        if (!item) goto out;
        PyList_SET_ITEM(list, k, item);
    }
    result = PyTuple_Pack(2, label, list);
out:
    cy_free(&cy);
    free(present);
    free(lits);
    Py_XDECREF(label);
    Py_XDECREF(list);
    Py_DECREF(flat);
    return result;
}

/* improve(faces, rows, cols, rng, steps, fill_weight, black_weight, temperature,
 * r0, r1, c0, c1, kick): loops.improve_loop's annealing on the bordered face
 * list ``faces`` (a bytearray, changed in place), drawing from ``rng`` (a
 * random.Random) exactly the numbers the Python twin draws. */
typedef struct { PyObject *randrange, *random; } py_rng;

/* The caller's generator is any object: what it returns is checked before it is used
 * (an index out of range would be a write outside the faces). */
static int call_randrange(void *ctx, long n, long *out) {
    PyObject *r = PyObject_CallFunction(((py_rng *)ctx)->randrange, "l", n);
    if (!r) return -1;
    *out = PyLong_AsLong(r);
    Py_DECREF(r);
    if (*out == -1 && PyErr_Occurred()) return -1;
    if (*out < 0 || *out >= n) {
        PyErr_Format(PyExc_ValueError, "_deduce.improve: rng.randrange(%ld) returned %ld", n, *out);
        return -1;
    }
    return 0;
}

static int call_random(void *ctx, double *out) {
    PyObject *r = PyObject_CallNoArgs(((py_rng *)ctx)->random);
    if (!r) return -1;
    *out = PyFloat_AsDouble(r);
    Py_DECREF(r);
    if (*out == -1.0 && PyErr_Occurred()) return -1;
    if (!(*out >= 0.0 && *out < 1.0)) {   /* NaN fails this too */
        PyErr_SetString(PyExc_ValueError, "_deduce.improve: rng.random() returned a value "
                                          "outside [0, 1)");
        return -1;
    }
    return 0;
}

/* The most toggles one call tries: far above the generator's (30 a face), so a
 * caller cannot make the loop run for hours. */
#define MAX_STEPS_PER_FACE 10000L

static PyObject *improve(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer faces;
    int rows, cols;
    PyObject *rng_obj;
    fc_params p;
    if (!PyArg_ParseTuple(args, "w*iiOldddiiiii", &faces, &rows, &cols, &rng_obj, &p.steps,
                          &p.fill_weight, &p.black_weight, &p.temperature, &p.r0, &p.r1,
                          &p.c0, &p.c1, &p.kick))
        return NULL;
    PyObject *result = NULL;
    py_rng pr = {NULL, NULL};
    if (rows < 2 || cols < 2 || (long long)rows * cols > (1LL << 26)
        || faces.len != (Py_ssize_t)(rows + 1) * (cols + 1)
        || p.r0 < 0 || p.c0 < 0 || p.r1 > rows - 1 || p.c1 > cols - 1) {
        PyErr_SetString(PyExc_ValueError, "_deduce.improve: faces must be (rows+1) x (cols+1), "
                                          "the window inside the board");
        goto out;
    }
    if (p.steps > 0 && (p.r1 <= p.r0 || p.c1 <= p.c0)) {
        PyErr_SetString(PyExc_ValueError, "_deduce.improve: the window holds no face");
        goto out;
    }
    if (!isfinite(p.fill_weight) || !isfinite(p.black_weight) || !isfinite(p.temperature)
        || p.temperature < 0) {
        PyErr_SetString(PyExc_ValueError, "_deduce.improve: the weights are finite numbers "
                                          "and the temperature finite and >= 0");
        goto out;
    }
    if (p.steps < 0 || (long long)p.steps > (long long)MAX_STEPS_PER_FACE * (rows + 1) * (cols + 1)
        || p.kick < 0) {
        PyErr_Format(PyExc_ValueError, "_deduce.improve: steps from 0 to %ld a face, kick >= 0",
                     MAX_STEPS_PER_FACE);
        goto out;
    }
    for (Py_ssize_t i = 0; i < faces.len; i++)
        if (((unsigned char *)faces.buf)[i] > 1) {
            PyErr_SetString(PyExc_ValueError, "_deduce.improve: a face is 0 or 1");
            goto out;
        }
    pr.randrange = PyObject_GetAttrString(rng_obj, "randrange");
    pr.random = pr.randrange ? PyObject_GetAttrString(rng_obj, "random") : NULL;
    if (!pr.random) goto out;
    fc_rng rng = {&pr, call_randrange, call_random};
    if (fc_improve(faces.buf, rows, cols, &p, &rng) == 0) result = Py_NewRef(Py_None);
out:
    Py_XDECREF(pr.randrange);
    Py_XDECREF(pr.random);
    PyBuffer_Release(&faces);
    return result;
}

static PyMethodDef methods[] = {
    {"improve", improve, METH_VARARGS, "The generator's loop reshaping (loops.improve_loop)."},
    {"run", run, METH_VARARGS, "Levels 1 and 2 of masyu.deduce in C (see the module's comment)."},
    {"cycles", cycles, METH_VARARGS, "The cycles of an oracle's model and their crossing edges."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "masyu._deduce",
    "The C twin of masyu.deduce levels 1 and 2 (masyu/csrc/deduce.c).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__deduce(void) { return PyModule_Create(&module); }
