/*
** bench/bench_util.h — what the edit benchmarks share (bench/incremental.c,
** bench/delegate_edits.c, bench/section_edits.c): a status check that stops the program with the
** library's message, a millisecond clock and the median of a set of timings. Header-only, for the
** bench programs.
*/
#ifndef CVL_BENCH_UTIL_H
#define CVL_BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cvlayout.h"

static inline void check(int status, const char *what, int line) {
    if (status != CVL_OK) {
        fprintf(stderr, "line %d: %s failed: %s\n", line, what, cvl_last_error_message());
        exit(1);
    }
}
#define CHECK(call) check((call), #call, __LINE__)

static inline double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static inline int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of v[0 .. n-1] (sorts v). */
static inline double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[n / 2];
}

#endif
