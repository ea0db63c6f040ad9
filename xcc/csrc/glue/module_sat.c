/* The glue of the SAT engine's C parts (sat/cnf.h): _native.cnf and
 * _native.cycle_cuts, as module.c documents them.
 *
 * Python twin: none; the callers are xcc/engines/sat/compiled.py and
 * cuts.py.  Only conversion and the checks of the arrays given live here.
 */
#include "glue.h"

#include "sat/cnf.h"

PyObject *xcc_py_cnf(PyObject *module, PyObject *args)
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
    if (xcc_get_all(objs, views, names, 3, &got) < 0)
        goto done;
    Py_ssize_t m = xcc_length(&views[0]) - 1, len = xcc_length(&views[1]);
    const int32_t *starts = views[0].buf;
    if (n1 < 1 || n < n1 || ncolors < 0 || m < 0 || m > INT32_MAX || len > INT32_MAX
        || xcc_length(&views[2]) != len || starts[0] != 0 || starts[m] != len
        || (double)n * ((double)ncolors + 1) > 1e8) {
        PyErr_SetString(PyExc_ValueError, "cnf: inconsistent problem arrays");
        goto done;
    }
    for (Py_ssize_t k = 0; k < m; k++)
        if (starts[k + 1] < starts[k]) {
            PyErr_SetString(PyExc_ValueError, "cnf: starts must not decrease");
            goto done;
        }
    if (!xcc_in_range(views[1].buf, len, 0, n - 1) || !xcc_in_range(views[2].buf, len, 0, ncolors)) {
        PyErr_SetString(PyExc_ValueError, "cnf: item or color out of range");
        goto done;
    }
    p = (struct xcc_cnf_problem){n1, n, (int32_t)m, ncolors, starts, views[1].buf,
                                 views[2].buf, -1, NULL, NULL, NULL, NULL, 0, NULL, 0, NULL};
    if (cycle != Py_None) {
        if (xcc_get_all(c, views, cnames, 6, &got) < 0)
            goto done;
        Py_buffer *v = views + 3;
        Py_ssize_t nsec = xcc_length(&v[0]) - 1, ne = xcc_length(&v[1]);
        if (nverts < 0 || nsec != n - n1 || xcc_length(&v[2]) != ne || xcc_length(&v[3]) != ne
            || xcc_length(&v[4]) % 2 || ((int32_t *)v[0].buf)[0] != 0
            || ((int32_t *)v[0].buf)[nsec] != ne || !xcc_in_range(v[0].buf, nsec + 1, 0, (int32_t)ne)
            || !xcc_in_range(v[2].buf, ne, 0, nverts - 1) || !xcc_in_range(v[3].buf, ne, 0, nverts - 1)
            || !xcc_in_range(v[4].buf, xcc_length(&v[4]), 0, nverts - 1)
            || !xcc_in_range(v[5].buf, xcc_length(&v[5]), 0, nverts - 1)) {
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
        p.npresent = (int32_t)(xcc_length(&v[4]) / 2);
        p.present = v[4].buf;
        p.nrequired = (int32_t)xcc_length(&v[5]);
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
                        xcc_int32_bytes(f.option_lit, (size_t)m),
                        xcc_int32_bytes(f.color_lit, (size_t)n * (size_t)(ncolors + 1)),
                        xcc_int32_bytes(f.in_table, (size_t)m),
                        xcc_int32_bytes(f.colored.a, f.colored.n),
                        xcc_int32_bytes(f.edge_u.a, f.edge_u.n), xcc_int32_bytes(f.edge_v.a, f.edge_v.n),
                        xcc_int32_bytes(f.edge_lit.a, f.edge_lit.n));
done:
    xcc_cnf_free(&f);
    xcc_release_all(views, got);
    return out;
}

PyObject *xcc_py_cycle_cuts(PyObject *module, PyObject *args)
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
    if (xcc_get_all(objs, views, names, 4, &got) < 0)
        goto done;
    Py_ssize_t ne = xcc_length(&views[0]);
    const int32_t *lit = views[2].buf;
    if (nverts < 0 || ne > INT32_MAX || xcc_length(&views[1]) != ne || xcc_length(&views[2]) != ne
        || xcc_length(&views[3]) > INT32_MAX || !xcc_in_range(views[0].buf, ne, 0, nverts - 1)
        || !xcc_in_range(views[1].buf, ne, 0, nverts - 1)
        || !xcc_in_range(views[3].buf, xcc_length(&views[3]), 0, nverts - 1)) {
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
                           (int32_t)xcc_length(&views[3]), views[3].buf, &cuts);
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
    xcc_release_all(views, got);
    return out;
}
