/* masyu._plugs: the glue of the frontier of plugs (plugs.c); its twin and
 * driver is masyu/plugs.py.
 *
 * new(width, levels, weak, wide, moves, limit) -> sweep (a capsule); moves: bytes,
 * levels * 49 * 10 of masyu.plugs.moves.  step(sweep) -> None, or the reason
 * (a str) a level would pass the memory limit.  counters(sweep) -> (levels,
 * level, states, width, bytes, peak_bytes, layer).  limit(sweep, bytes): a new
 * memory limit.  total(sweep) -> bytes, the count little-endian.
 * layer(sweep) -> (keys, counts, words, closed): the current layer to keep, keys
 * as two little-endian 64-bit words each, counts of `words` words each, and
 * the loops closed so far (strong), all bytes.  restore(sweep, level, keys,
 * counts, words, closed, states, width): go on from such a layer; None, or
 * why the memory limit refuses it; ValueError if it does not fit the sweep.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "plugs.h"

static const char NAME[] = "masyu._plugs.sweep";

static void destroy(PyObject *capsule)
{
    plugs_free(PyCapsule_GetPointer(capsule, NAME));
}

static plugs *sweep_of(PyObject *capsule)
{
    return PyCapsule_GetPointer(capsule, NAME);
}

static PyObject *new(PyObject *self, PyObject *args)
{
    (void)self;
    int width, levels, weak, wide;
    unsigned long long limit;
    Py_buffer moves;
    if (!PyArg_ParseTuple(args, "iippy*K", &width, &levels, &weak, &wide, &moves, &limit))
        return NULL;
    if (width < 1 || width > PLUGS_MAX_WIDTH || levels < 0 ||
        moves.len != (Py_ssize_t)levels * PLUGS_PAIRS * PLUGS_ENTRY ||
        !plugs_moves_fit(width, levels, moves.buf)) {
        PyBuffer_Release(&moves);
        PyErr_SetString(PyExc_ValueError, "masyu._plugs.new: width, levels or moves out of range");
        return NULL;
    }
    plugs *p = plugs_new(width, levels, weak, wide, moves.buf, (size_t)limit);
    PyBuffer_Release(&moves);
    if (p == NULL)
        return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(p, NAME, destroy);
    if (capsule == NULL)
        plugs_free(p);
    return capsule;
}

static PyObject *step(PyObject *self, PyObject *capsule)
{
    (void)self;
    plugs *p = sweep_of(capsule);
    if (p == NULL)
        return NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = plugs_step(p);
    Py_END_ALLOW_THREADS
    if (status != PLUGS_OK)
        return PyUnicode_FromString(plugs_error(p));
    Py_RETURN_NONE;
}

static PyObject *counters(PyObject *self, PyObject *capsule)
{
    (void)self;
    plugs *p = sweep_of(capsule);
    if (p == NULL)
        return NULL;
    long long c[7];
    plugs_counters(p, c);
    return Py_BuildValue("(LLLLLLL)", c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
}

static PyObject *limit(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    unsigned long long bytes;
    if (!PyArg_ParseTuple(args, "OK", &capsule, &bytes))
        return NULL;
    plugs *p = sweep_of(capsule);
    if (p == NULL)
        return NULL;
    plugs_limit(p, (size_t)bytes);
    Py_RETURN_NONE;
}

static PyObject *total(PyObject *self, PyObject *capsule)
{
    (void)self;
    plugs *p = sweep_of(capsule);
    if (p == NULL)
        return NULL;
    int words;
    const uint64_t *w = plugs_total(p, &words);
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)words * 8);
    if (out == NULL)
        return NULL;
    unsigned char *b = (unsigned char *)PyBytes_AS_STRING(out);
    for (int i = 0; i < words; i++)
        for (int j = 0; j < 8; j++)
            b[8 * i + j] = (unsigned char)(w[i] >> (8 * j));
    return out;
}

static PyObject *layer(PyObject *self, PyObject *capsule)
{
    (void)self;
    plugs *p = sweep_of(capsule);
    if (p == NULL)
        return NULL;
    size_t n = plugs_layer_size(p);
    int cw = plugs_layer_words(p), tw;
    PyObject *keys = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * 16));
    PyObject *cnt = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * (size_t)cw * 8));
    PyObject *closed = NULL;
    if (keys != NULL && cnt != NULL) {
        plugs_layer(p, (uint64_t *)PyBytes_AS_STRING(keys), (uint64_t *)PyBytes_AS_STRING(cnt));
        const uint64_t *t = plugs_closed(p, &tw);
        closed = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)tw * 8);
        if (closed != NULL)
            for (int i = 0; i < tw; i++)
                for (int j = 0; j < 8; j++)
                    PyBytes_AS_STRING(closed)[8 * i + j] = (char)(t[i] >> (8 * j));
    }
    PyObject *out = closed == NULL ? NULL : Py_BuildValue("(OOiO)", keys, cnt, cw, closed);
    Py_XDECREF(keys);
    Py_XDECREF(cnt);
    Py_XDECREF(closed);
    return out;
}

static PyObject *restore(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *capsule;
    int level, cw;
    long long states, width;
    Py_buffer keys, cnt, closed;
    if (!PyArg_ParseTuple(args, "Oiy*y*iy*LL", &capsule, &level, &keys, &cnt, &cw, &closed,
                          &states, &width))
        return NULL;
    plugs *p = sweep_of(capsule);
    int status = -1;
    size_t n = (size_t)keys.len / 16;
    if (p != NULL && cw >= 1 && keys.len % 16 == 0 && closed.len % 8 == 0 &&
        (size_t)cnt.len == n * (size_t)cw * 8)
        status = plugs_restore(p, level, n, cw, keys.buf, cnt.buf, (int)(closed.len / 8),
                               closed.buf, states, width);
    PyBuffer_Release(&keys);
    PyBuffer_Release(&cnt);
    PyBuffer_Release(&closed);
    if (p == NULL)
        return NULL;
    if (status == PLUGS_ENOMEM)
        return PyUnicode_FromString(plugs_error(p));
    if (status != PLUGS_OK) {
        PyErr_SetString(PyExc_ValueError, "masyu._plugs.restore: the layer does not fit the sweep");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"new", new, METH_VARARGS, "A sweep of the plugs (see the module's comment)."},
    {"step", step, METH_O, "Sweep one cell: None, or why the memory limit stops it."},
    {"counters", counters, METH_O, "(levels, level, states, width, bytes, peak_bytes, layer)."},
    {"limit", limit, METH_VARARGS, "A new memory limit for the sweep."},
    {"total", total, METH_O, "The count, little-endian bytes."},
    {"layer", layer, METH_O, "(keys, counts, words, closed): the layer to keep."},
    {"restore", restore, METH_VARARGS, "Go on from a kept layer."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "masyu._plugs",
    "The C twin of masyu.plugs: the frontier of plugs (masyu/csrc/plugs.c).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__plugs(void) { return PyModule_Create(&module); }
