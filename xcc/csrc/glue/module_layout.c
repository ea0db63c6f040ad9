/* The glue of the layouts (dlx/layout.c) and of the one-pass DLX reader
 * (reader/dlxread.c): _native.Layout, layout_compact, layout_arrays and
 * parse_dlx, as module.c documents them.
 *
 * Python twin: none; the callers are xcc/engines/dlx/native.py and
 * xcc/dlxread.py.  Only conversion and the checks of the
 * arrays given live here.
 */
#include "glue.h"

#include "reader/dlxread.h"
#include "dlx/search.h"

/* ---- Layout ------------------------------------------------------------------ */

static void Layout_dealloc(LayoutObject *self)
{
    xcc_layout_free(self->layout);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Layout_arrays(LayoutObject *self, PyObject *unused)
{
    (void)unused;
    int32_t n1, n, last_node;
    xcc_layout_sizes(self->layout, &n1, &n, &last_node);
    size_t items = (size_t)n + 2, nodes = (size_t)last_node;
    int32_t *a = malloc((2 * items + 4 * nodes) * sizeof *a);
    if (a == NULL)
        return PyErr_NoMemory();
    int32_t *llink = a, *rlink = a + items, *up = rlink + items, *down = up + nodes,
            *itm = down + nodes, *color = itm + nodes;
    xcc_layout_export(self->layout, llink, rlink, up, down, itm, color);
    PyObject *out = Py_BuildValue("iiNNNNNN", n1, n, xcc_int32_bytes(llink, items),
                                  xcc_int32_bytes(rlink, items), xcc_int32_bytes(up, nodes),
                                  xcc_int32_bytes(down, nodes), xcc_int32_bytes(itm, nodes),
                                  xcc_int32_bytes(color, nodes));
    free(a);
    return out;
}

/* A layout pickles as layout_arrays of its arrays (as array('i')), so that a
 * problem that keeps one still pickles. */
static PyObject *Layout_reduce(LayoutObject *self, PyObject *unused)
{
    (void)unused;
    PyObject *arrays = Layout_arrays(self, NULL), *array = NULL, *args = NULL, *out = NULL;
    PyObject *module = PyImport_ImportModule("xcc._native");
    if (arrays == NULL || module == NULL || (array = PyImport_ImportModule("array")) == NULL)
        goto done;
    args = PyTuple_New(8);
    if (args == NULL)
        goto done;
    for (Py_ssize_t k = 0; k < 8; k++) {
        PyObject *x = PyTuple_GET_ITEM(arrays, k);
        x = k < 2 ? (Py_INCREF(x), x) : PyObject_CallMethod(array, "array", "sO", "i", x);
        if (x == NULL)
            goto done;
        PyTuple_SET_ITEM(args, k, x);
    }
    out = Py_BuildValue("(NO)", PyObject_GetAttrString(module, "layout_arrays"), args);
done:
    Py_XDECREF(arrays);
    Py_XDECREF(module);
    Py_XDECREF(array);
    Py_XDECREF(args);
    return out;
}

static PyMethodDef Layout_methods[] = {
    {"arrays", (PyCFunction)Layout_arrays, METH_NOARGS,
     "(n1, n, llink, rlink, up, down, itm, color), the arrays as bytes of int32"},
    {"__reduce__", (PyCFunction)Layout_reduce, METH_NOARGS, "pickled as layout_arrays(...)"},
    {NULL, NULL, 0, NULL}};

PyTypeObject xcc_LayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "xcc._native.Layout",
    .tp_doc = "A problem's links before the search (made by layout_compact or layout_arrays)",
    .tp_basicsize = sizeof(LayoutObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)Layout_dealloc,
    .tp_methods = Layout_methods,
};

static PyObject *new_layout(struct xcc_layout *L)
{
    LayoutObject *obj = PyObject_New(LayoutObject, &xcc_LayoutType);
    if (obj == NULL) {
        xcc_layout_free(L);
        return NULL;
    }
    obj->layout = L;
    return (PyObject *)obj;
}

PyObject *xcc_py_layout_compact(PyObject *module, PyObject *args)
{
    int n1, n;
    PyObject *objs[3], *out = NULL;
    static const char *names[3] = {"starts", "items", "colors"};
    Py_buffer views[3];
    int got = 0;
    char why[160];
    (void)module;
    if (!PyArg_ParseTuple(args, "iiOOO", &n1, &n, &objs[0], &objs[1], &objs[2]))
        return NULL;
    if (xcc_get_all(objs, views, names, 3, &got) < 0)
        goto done;
    Py_ssize_t m = xcc_length(&views[0]) - 1, len = xcc_length(&views[1]);
    if (m < 0 || m > INT32_MAX - 1 || len > INT32_MAX || xcc_length(&views[2]) != len
        || ((int32_t *)views[0].buf)[m] != len) {
        PyErr_SetString(PyExc_ValueError, "layout: inconsistent array lengths");
        goto done;
    }
    struct xcc_layout *L = xcc_layout_compact(n1, n, (int32_t)m, views[0].buf, views[1].buf,
                                              views[2].buf, why, sizeof why);
    if (L == NULL)
        PyErr_SetString(PyExc_ValueError, why);
    else
        out = new_layout(L);
done:
    xcc_release_all(views, got);
    return out;
}

struct xcc_layout *xcc_layout_from_objects(int n1, int n, PyObject *const objs[6])
{
    static const char *names[6] = {"llink", "rlink", "up", "down", "itm", "color"};
    Py_buffer views[6];
    int got = 0;
    char why[160];
    struct xcc_layout *L = NULL;
    if (xcc_get_all(objs, views, names, 6, &got) < 0)
        goto done;
    Py_ssize_t last_node = xcc_length(&views[2]);
    if (n1 < 1 || n < n1 || n > INT32_MAX - 3 || xcc_length(&views[0]) != (Py_ssize_t)n + 2
        || xcc_length(&views[1]) != (Py_ssize_t)n + 2 || last_node > INT32_MAX - 2
        || xcc_length(&views[3]) != last_node || xcc_length(&views[4]) != last_node
        || xcc_length(&views[5]) != last_node) {
        PyErr_SetString(PyExc_ValueError, "inconsistent array lengths");
        goto done;
    }
    L = xcc_layout_arrays(n1, n, (int32_t)last_node, views[0].buf, views[1].buf, views[2].buf,
                          views[3].buf, views[4].buf, views[5].buf, why, sizeof why);
    if (L == NULL)
        PyErr_SetString(PyExc_ValueError, why);
done:
    xcc_release_all(views, got);
    return L;
}

PyObject *xcc_py_layout_arrays(PyObject *module, PyObject *args)
{
    int n1, n;
    PyObject *objs[6];
    (void)module;
    if (!PyArg_ParseTuple(args, "iiOOOOOO", &n1, &n, &objs[0], &objs[1], &objs[2], &objs[3],
                          &objs[4], &objs[5]))
        return NULL;
    struct xcc_layout *L = xcc_layout_from_objects(n1, n, objs);
    return L == NULL ? NULL : new_layout(L);
}

/* ---- parse_dlx() --------------------------------------------------------------- */

static PyObject *names_list(const char *text, const struct xcc_ivec *at)
{
    Py_ssize_t count = (Py_ssize_t)(at->n / 2);
    PyObject *list = PyList_New(count);
    for (Py_ssize_t k = 0; list != NULL && k < count; k++) {
        PyObject *s = PyUnicode_FromStringAndSize(text + at->a[2 * k], at->a[2 * k + 1]);
        if (s == NULL)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, k, s);
    }
    return list;
}

PyObject *xcc_py_parse_dlx(PyObject *module, PyObject *arg)
{
    (void)module;
    if (!PyUnicode_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "parse_dlx: expected a str");
        return NULL;
    }
    if (!PyUnicode_IS_ASCII(arg))
        Py_RETURN_NONE; /* the Python reader's */
    Py_ssize_t size;
    const char *text = PyUnicode_AsUTF8AndSize(arg, &size);
    if (text == NULL)
        return NULL;
    struct xcc_dlx d;
    int r;
    Py_BEGIN_ALLOW_THREADS
    r = xcc_dlx_parse(text, (size_t)size, &d);
    Py_END_ALLOW_THREADS
    if (r < 0)
        return PyErr_NoMemory();
    if (r == 0)
        Py_RETURN_NONE;
    PyObject *out = Py_BuildValue("iNNNNNNiN", d.n1, names_list(text, &d.item_at),
                                  xcc_int32_bytes(d.starts.a, d.starts.n),
                                  xcc_int32_bytes(d.items.a, d.items.n),
                                  xcc_int32_bytes(d.colors.a, d.colors.n),
                                  names_list(text, &d.color_at),
                                  xcc_int32_bytes(d.lines.a, d.lines.n), d.without_primary,
                                  d.bounded ? xcc_int32_bytes(d.bounds.a, d.bounds.n)
                                            : (Py_INCREF(Py_None), Py_None));
    xcc_dlx_free(&d);
    return out;
}
