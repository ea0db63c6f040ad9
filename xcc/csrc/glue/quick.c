/* The quick path of the ``xcc`` command: ``xcc count FILE [--json]
 * [--quiet|-q]`` done here, in C, from the arguments to the printed count.
 *
 * Python twin: the full command, ``xcc count`` of xcc/cli.py (typer, the
 * reader of xcc/dlxfile.py, xcc.count): the same output, warnings, progress,
 * Ctrl-C report and exit code for every call this path takes
 * (tests/xcc/test_quick.py holds them equal).
 *
 * Why C: counting a small DLX file takes Knuth's DLX2 about half a
 * millisecond, a whole process included.  After the interpreter and
 * ``import xcc``, loading this extension is the one cost left that is not
 * the work itself; a Python module around it would cost as much again.
 * So xcc.main (xcc/__init__.py, the console script's entry) calls
 * _native.quick(argv) first, and the full command only when it answers None.
 *
 * The path takes the plainest call only: a regular, ASCII file of at most
 * QUICK_BYTES that the one-pass reader (reader/dlxread.c) reads and whose layout
 * (dlx/layout.c) is sound.  Anything else (other options, a pipe, an error, a
 * character the reader leaves to the twin) answers None with nothing
 * printed, and the full command names every error at its place.
 */
#include "glue.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "reader/dlxread.h"
#include "dlx/search.h"

#define QUICK_BYTES (1 << 20) /* as the full reader's caps allow, the rest goes there */
#define MEM_BUDGET (1u << 22) /* mems between checks (xcc/engines/dlx/native.py's) */
#define ROOM ((uint64_t)1 << 62)

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t); /* time.monotonic and time.perf_counter here */
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); /* time.process_time: xcc.results.cpu_time */
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- the file ------------------------------------------------------------------ */

/* The bytes of a small regular ASCII file (*size of them, NUL-terminated;
 * free them), or NULL: the full command's. */
static char *read_small(PyObject *path, size_t *size)
{
    PyObject *encoded = PyUnicode_EncodeFSDefault(path);
    if (encoded == NULL) {
        PyErr_Clear(); /* not a path this system can name: the full command says so */
        return NULL;
    }
    const char *name = PyBytes_AS_STRING(encoded);
    char *data = NULL;
    struct stat st;
    FILE *f = NULL;
    if ((size_t)PyBytes_GET_SIZE(encoded) != strlen(name) || stat(name, &st) != 0
        || !S_ISREG(st.st_mode) || st.st_size > QUICK_BYTES
        || (f = fopen(name, "rb")) == NULL || (data = malloc((size_t)st.st_size + 2)) == NULL)
        goto fail;
    *size = fread(data, 1, (size_t)st.st_size + 1, f);
    if (*size != (size_t)st.st_size || ferror(f))
        goto fail; /* it changed while read: the full command reads it again */
    for (size_t k = 0; k < *size; k++)
        if ((unsigned char)data[k] >= 128)
            goto fail;
    data[*size] = '\0';
    fclose(f);
    Py_DECREF(encoded);
    return data;
fail:
    free(data);
    if (f != NULL)
        fclose(f);
    Py_DECREF(encoded);
    return NULL;
}

/* ---- output ---------------------------------------------------------------------- */

static int say(const char *stream, PyObject *text)
{
    PyObject *f = PySys_GetObject(stream); /* borrowed */
    int r = text == NULL ? -1 : f == NULL ? 0 : PyFile_WriteObject(text, f, Py_PRINT_RAW);
    Py_XDECREF(text);
    return r;
}

static int flush(const char *stream)
{
    PyObject *f = PySys_GetObject(stream), *r;
    if (f == NULL)
        return 0;
    r = PyObject_CallMethod(f, "flush", NULL);
    Py_XDECREF(r);
    return r == NULL ? -1 : 0;
}

/* v with thousands separators, as Python's f"{v:,}" (digits: an integer's text) */
static char *grouped(const char *digits, char *out)
{
    size_t n = strlen(digits), j = 0;
    for (size_t k = 0; k < n; k++) {
        if (k && (n - k) % 3 == 0)
            out[j++] = ',';
        out[j++] = digits[k];
    }
    out[j] = '\0';
    return out;
}

#define TOLD 64 /* room for told's text: 26 characters of digits and commas, a noun */

static char *told(uint64_t v, const char *noun, char out[TOLD])
{
    char digits[24], g[32];
    snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
    /* as str(xcc.Stats): 1,234 nodes, 1 node */
    snprintf(out, TOLD, "%s %.*s", grouped(digits, g), (int)(strlen(noun) - (v == 1)), noun);
    return out;
}

/* "xcc: warning: SOURCE:LINE:1: option ignored (no primary items): a b:c",
 * as xcc.problem warns and xcc.cli prints it */
static int warn_dropped(PyObject *source, const char *text, const struct xcc_dlx *d, int32_t k)
{
    size_t room = 1;
    for (int32_t e = d->starts.a[k]; e < d->starts.a[k + 1]; e++) {
        int32_t i = d->items.a[e], c = d->colors.a[e];
        room += (size_t)d->item_at.a[2 * i + 1] + 1 + (c ? (size_t)d->color_at.a[2 * c - 1] + 1 : 0);
    }
    char *buf = malloc(room), *p = buf;
    if (buf == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (int32_t e = d->starts.a[k]; e < d->starts.a[k + 1]; e++) {
        int32_t i = d->items.a[e], c = d->colors.a[e];
        if (p != buf)
            *p++ = ' ';
        memcpy(p, text + d->item_at.a[2 * i], (size_t)d->item_at.a[2 * i + 1]);
        p += d->item_at.a[2 * i + 1];
        if (c) {
            *p++ = ':';
            memcpy(p, text + d->color_at.a[2 * c - 2], (size_t)d->color_at.a[2 * c - 1]);
            p += d->color_at.a[2 * c - 1];
        }
    }
    *p = '\0';
    int r = say("stderr", PyUnicode_FromFormat(
                              "xcc: warning: %U:%d:1: option ignored (no primary items): %s\n",
                              source, (int)d->lines.a[k], buf));
    free(buf);
    return r;
}

/* ---- the layout ------------------------------------------------------------------- */

/* The layout of the file read, its options without a primary item dropped
 * (a warning each, printed once the layout is sound); NULL with no error set
 * if the layout is unsound (the full command's, nothing printed), NULL with
 * an error set if memory runs out or a warning fails. */
static struct xcc_layout *layout(PyObject *source, const char *text, const struct xcc_dlx *d)
{
    char why[160];
    if (!d->without_primary)
        return xcc_layout_compact(d->n1, d->n, d->m, d->starts.a, d->items.a, d->colors.a, why,
                                  sizeof why);
    size_t entries = d->items.n;
    int32_t *starts = malloc(((size_t)d->m + 1) * sizeof *starts);
    int32_t *items = malloc((entries + 1) * sizeof *items);
    int32_t *colors = malloc((entries + 1) * sizeof *colors);
    char *dropped = calloc((size_t)d->m + 1, 1);
    struct xcc_layout *L = NULL;
    if (starts == NULL || items == NULL || colors == NULL || dropped == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int32_t kept = 0, end = 0;
    for (int32_t k = 0; k < d->m; k++) {
        int32_t from = d->starts.a[k], to = d->starts.a[k + 1], primary = 0;
        for (int32_t e = from; e < to; e++)
            primary |= d->items.a[e] < d->n1;
        if (!primary) {
            dropped[k] = 1;
            continue;
        }
        starts[kept++] = end;
        for (int32_t e = from; e < to; e++, end++) {
            items[end] = d->items.a[e];
            colors[end] = d->colors.a[e];
        }
    }
    starts[kept] = end;
    L = xcc_layout_compact(d->n1, d->n, kept, starts, items, colors, why, sizeof why);
    for (int32_t k = 0; L != NULL && k < d->m; k++)
        if (dropped[k] && warn_dropped(source, text, d, k) < 0) {
            xcc_layout_free(L);
            L = NULL;
        }
done:
    free(starts);
    free(items);
    free(colors);
    free(dropped);
    return L;
}

/* ---- the count ---------------------------------------------------------------------- */

/* The count, printed as ``xcc.cli.count`` prints it; the exit code. */
static PyObject *count(struct xcc_search *s, int as_json, int progress)
{
    double start = now(), next_report = start + 1.0, cpu_start = cpu();
    uint64_t solutions = 0, found;
    int interrupted = 0;
    struct xcc_counters c;
    for (;;) {
        int status = xcc_count(s, MEM_BUDGET, ROOM, &found);
        solutions += found;
        if (status == XCC_ERROR)
            return PyErr_NoMemory();
        if (status == XCC_DONE)
            break;
        if (PyErr_CheckSignals() < 0) {
            if (!PyErr_ExceptionMatches(PyExc_KeyboardInterrupt))
                return NULL;
            PyErr_Clear();
            interrupted = 1;
            break;
        }
        double t = now();
        if (progress && t >= next_report) {
            next_report = t + 1.0;
            xcc_counters(s, &c);
            double rate = t > start ? (double)c.nodes / (t - start) : 0.0;
            char digits[64], g[96];
            snprintf(digits, sizeof digits, "%.0f", rate);
            if (say("stderr", PyUnicode_FromFormat("... %llu solutions, %llu nodes (%s nodes/s)\n",
                                                   (unsigned long long)solutions,
                                                   (unsigned long long)c.nodes,
                                                   grouped(digits, g))) < 0
                || flush("stderr") < 0)
                return NULL;
        }
    }
    double seconds = now() - start, cpu_seconds = cpu() - cpu_start;
    xcc_counters(s, &c);
    PyObject *text;
    if (as_json) { /* json.dumps of xcc.cli's dict: float repr, true/false */
        char *secs = PyOS_double_to_string(seconds, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
        char *cpus = PyOS_double_to_string(cpu_seconds, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
        if (secs == NULL || cpus == NULL) {
            PyMem_Free(secs);
            PyMem_Free(cpus);
            return NULL;
        }
        char line[512];
        snprintf(line, sizeof line,
                 "{\"solutions\": %llu, \"nodes\": %llu, \"updates\": %llu, \"cleansings\": %llu, "
                 "\"mems\": %llu, \"max_level\": %d, \"seconds\": %s, \"cpu_seconds\": %s, "
                 "\"complete\": %s, "
                 "\"interrupted\": %s, \"engine\": \"c\"}\n",
                 (unsigned long long)solutions, (unsigned long long)c.nodes,
                 (unsigned long long)c.updates, (unsigned long long)c.cleansings,
                 (unsigned long long)c.mems, (int)c.max_level, secs, cpus,
                 interrupted ? "false" : "true", interrupted ? "true" : "false");
        PyMem_Free(secs);
        PyMem_Free(cpus);
        text = PyUnicode_FromString(line);
    } else {
        char a[TOLD], b[TOLD], u[TOLD], l[TOLD], m[TOLD], digits[24], g[32], line[512];
        snprintf(digits, sizeof digits, "%d", (int)c.max_level);
        snprintf(line, sizeof line, "Altogether %s, %s, %s, %s, %s, max level %s, %.3f s%s\n",
                 told(solutions, "solutions", a), told(c.nodes, "nodes", b),
                 told(c.updates, "updates", u), told(c.cleansings, "cleansings", l),
                 told(c.mems, "mems", m), grouped(digits, g), seconds,
                 interrupted ? " (stopped early) [interrupted]" : "");
        text = PyUnicode_FromString(line);
    }
    if (say("stdout", text) < 0)
        return NULL;
    return PyLong_FromLong(interrupted ? 130 : solutions ? 0 : 1);
}

/* ---- the entry ------------------------------------------------------------------------ */

PyObject *xcc_py_quick(PyObject *module, PyObject *argv)
{
    (void)module;
    if (!PyList_Check(argv)) {
        PyErr_SetString(PyExc_TypeError, "quick: expected the list of arguments");
        return NULL;
    }
    Py_ssize_t argc = PyList_GET_SIZE(argv);
    PyObject *file = NULL;
    int as_json = 0, progress = 1, files = 0;
    if (argc < 2 || !PyUnicode_Check(PyList_GET_ITEM(argv, 0))
        || PyUnicode_CompareWithASCIIString(PyList_GET_ITEM(argv, 0), "count") != 0)
        Py_RETURN_NONE;
    for (Py_ssize_t k = 1; k < argc; k++) { /* the flags; the one other argument, the file */
        PyObject *arg = PyList_GET_ITEM(argv, k);
        if (!PyUnicode_Check(arg))
            Py_RETURN_NONE;
        if (PyUnicode_CompareWithASCIIString(arg, "--json") == 0)
            as_json = 1;
        else if (PyUnicode_CompareWithASCIIString(arg, "--quiet") == 0
                 || PyUnicode_CompareWithASCIIString(arg, "-q") == 0)
            progress = 0;
        else
            file = arg, files++;
    }
    if (files != 1 || (PyUnicode_GET_LENGTH(file) && PyUnicode_READ_CHAR(file, 0) == '-'))
        Py_RETURN_NONE;
    size_t size;
    char *text = read_small(file, &size);
    if (text == NULL)
        Py_RETURN_NONE;
    struct xcc_dlx d;
    int r = xcc_dlx_parse(text, size, &d);
    if (r > 0 && d.bounded) { /* multiplicities: the full command's (engine "c" refuses them) */
        xcc_dlx_free(&d);
        r = 0;
    }
    if (r <= 0) {
        free(text);
        return r < 0 ? PyErr_NoMemory() : (Py_INCREF(Py_None), Py_None);
    }
    PyObject *out = NULL;
    struct xcc_layout *L = layout(file, text, &d);
    struct xcc_search *s = NULL;
    if (L == NULL) {
        if (!PyErr_Occurred())
            out = (Py_INCREF(Py_None), Py_None); /* unsound: the full command names why */
    } else if ((s = xcc_start(L)) == NULL) {
        PyErr_NoMemory();
    } else {
        out = count(s, as_json, progress);
    }
    xcc_free(s);
    xcc_layout_free(L);
    xcc_dlx_free(&d);
    free(text);
    return out;
}
