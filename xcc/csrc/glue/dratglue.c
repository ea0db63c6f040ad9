/* The glue of the DRAT checker (drat/drat.h): _native.drat_check.
 *
 * Python twin: none; the caller is xcc/drat.py (check_c), whose twin of the
 * checker is check_python.  Only conversion and the checks of the arrays
 * given live here: offsets that start at 0, never decrease and end at the
 * length of their literals; literals nonzero and within the variables; kinds
 * 0 (add) or 1 (delete).  Inconsistent arrays are refused with ValueError.
 */
#include "glue.h"

#include "drat/drat.h"

PyObject *xcc_py_drat_check(PyObject *module, PyObject *args);

static int offsets_ok(const Py_buffer *starts, Py_ssize_t nlits)
{
    const int32_t *s = starts->buf;
    Py_ssize_t n = xcc_length(starts);
    if (n < 1 || s[0] != 0 || s[n - 1] != nlits)
        return 0;
    for (Py_ssize_t j = 1; j < n; j++)
        if (s[j] < s[j - 1])
            return 0;
    return 1;
}

static int lits_ok(const Py_buffer *lits, int32_t nvars)
{
    const int32_t *a = lits->buf;
    for (Py_ssize_t j = 0, n = xcc_length(lits); j < n; j++)
        if (a[j] == 0 || a[j] < -nvars || a[j] > nvars)
            return 0;
    return 1;
}

PyObject *xcc_py_drat_check(PyObject *module, PyObject *args)
{
    int nvars;
    PyObject *objs[5];
    static const char *names[5] = {"lits", "starts", "plits", "pstarts", "kinds"};
    Py_buffer views[5];
    int got = 0;
    PyObject *out = NULL;
    int64_t res[5] = {-1, 0, 0, 0, 0};
    (void)module;
    if (!PyArg_ParseTuple(args, "iOOOOO", &nvars, &objs[0], &objs[1], &objs[2], &objs[3],
                          &objs[4]))
        return NULL;
    if (xcc_get_all(objs, views, names, 5, &got) < 0)
        goto done;
    Py_ssize_t nsteps = xcc_length(&views[3]) - 1;
    if (nvars < 0 || nvars > (1 << 28)) {
        PyErr_SetString(PyExc_ValueError, "drat_check: nvars out of range");
        goto done;
    }
    if (!offsets_ok(&views[1], xcc_length(&views[0])) || !offsets_ok(&views[3], xcc_length(&views[2]))
        || xcc_length(&views[4]) != nsteps) {
        PyErr_SetString(PyExc_ValueError, "drat_check: inconsistent clause or step offsets");
        goto done;
    }
    if (!lits_ok(&views[0], nvars) || !lits_ok(&views[2], nvars)
        || !xcc_in_range(views[4].buf, nsteps, 0, 1)) {
        PyErr_SetString(PyExc_ValueError,
                        "drat_check: a literal outside the variables, or a kind not 0 or 1");
        goto done;
    }
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = xcc_drat_check(nvars, views[0].buf, views[1].buf, xcc_length(&views[1]) - 1,
                            views[2].buf, views[3].buf, views[4].buf, nsteps, res);
    Py_END_ALLOW_THREADS
    if (status < 0) {
        PyErr_NoMemory();
        goto done;
    }
    out = Py_BuildValue("(iLLLLL)", status, (long long)res[0], (long long)res[1],
                        (long long)res[2], (long long)res[3], (long long)res[4]);
done:
    xcc_release_all(views, got);
    return out;
}
