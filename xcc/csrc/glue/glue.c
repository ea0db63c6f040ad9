/* What the glue files (module.c, module_layout.c, module_sat.c, ...) share: int32 buffers in,
 * bytes out.
 *
 * Python twin: none.
 */
#include "glue.h"

/* A C-contiguous buffer of int32 (format 'i', or 'l' where long is 4 bytes). */
int xcc_get_int32(PyObject *obj, Py_buffer *view, const char *name)
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

Py_ssize_t xcc_length(const Py_buffer *view)
{
    return view->len / 4;
}

/* views[*got ..] = int32 buffers of objs[0 .. count); *got counts those taken
 * (released by release_all, also after a failure). */
int xcc_get_all(PyObject *const *objs, Py_buffer *views, const char *const *names,
                   int count, int *got)
{
    for (int j = 0; j < count; j++, (*got)++)
        if (xcc_get_int32(objs[j], &views[*got], names[j]) < 0)
            return -1;
    return 0;
}

void xcc_release_all(Py_buffer *views, int got)
{
    while (got > 0)
        PyBuffer_Release(&views[--got]);
}

PyObject *xcc_int32_bytes(const int32_t *a, size_t n)
{
    return PyBytes_FromStringAndSize((const char *)a, (Py_ssize_t)(n * sizeof *a));
}

int xcc_in_range(const int32_t *a, Py_ssize_t n, int32_t lo, int32_t hi)
{
    for (Py_ssize_t j = 0; j < n; j++)
        if (a[j] < lo || a[j] > hi)
            return 0;
    return 1;
}
