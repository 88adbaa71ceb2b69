/*
** bench/flow_loop.h: the hand-written flow loop that cvlayout is measured against (bench/bench.c's
** BASELINE and the instruction-count guard bench/perf_guard.c), in one place so that both compare
** the library with the same loop: greedy lines in a column `avail` wide, `spacing` between items,
** full lines justified (one item alone centred), the last line packed left, items centred on
** their line, double frames and a line table. Header-only: each program inlines it.
*/
#ifndef CVL_BENCH_FLOW_LOOP_H
#define CVL_BENCH_FLOW_LOOP_H

#include <stdint.h>

#include "cvlayout.h"

/** One line of the loop's table: its origin, its thickness and its first item. */
typedef struct {
    double y, thickness;
    int64_t first;
} flow_loop_line;

/**
** Lays out `n` items of sizes `sz` into `frames` (n entries) and `lines` (at most n entries);
** sets *out_line_count and returns the content height. Tolerance 1e-9 * avail on the line
** width, as the library's line breaker.
*/
static inline double flow_loop_prepare(const cvl_size *sz, int64_t n, double avail, double spacing,
                                       double line_spacing, cvl_rect *frames, flow_loop_line *lines,
                                       int64_t *out_line_count) {
    const double s = spacing, limit = avail + 1e-9 * avail;
    double y = 0;
    int64_t nl = 0, i = 0;
    while (i < n) {
        int64_t first = i;
        double used = sz[i].width, thick = sz[i].height;
        for (i++; i < n; i++) {
            double next = used + (s + sz[i].width);
            if (next > limit) break;
            used = next;
            if (sz[i].height > thick) thick = sz[i].height;
        }
        int64_t count = i - first;
        double x = 0, step = s;
        if (i == n) {
            /* last line: packed left */
        } else if (count == 1) {
            if (used <= avail) x = (avail - used) * 0.5;
        } else {
            step = s + (avail - used) / (double)(count - 1);
        }
        for (int64_t k = first; k < i; k++) {
            frames[k] = (cvl_rect){x, y + (thick - sz[k].height) * 0.5, sz[k].width, sz[k].height};
            x += sz[k].width + step;
        }
        lines[nl++] = (flow_loop_line){y, thick, first};
        y += thick + (i < n ? line_spacing : 0);
    }
    *out_line_count = nl;
    return y;
}

#endif
