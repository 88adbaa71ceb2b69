/*
** bench/flow_loop.h: the hand-written flow loop that cvlayout is measured against (bench/bench.c's
** BASELINE and the instruction-count guard bench/perf_guard.c), in one place so that both compare
** the library with the same loop: greedy lines in a column `avail` wide, `spacing` between items,
** full lines justified (one item alone centred), the last line packed left, items centred on
** their line, double frames and a line table. Header-only: each program inlines it.
*/
#ifndef CVL_BENCH_FLOW_LOOP_H
#define CVL_BENCH_FLOW_LOOP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

/**
** The loop as a host keeps it: the host's sizes (or its own copy of them, for the hand-over), the
** column, the viewport height, the frames and the line table. The query and animation helpers
** below are what bench/bench.c and bench/perf_guard.c time or count against cvlayout.
*/
typedef struct {
    int64_t n;
    const cvl_size *sizes;
    cvl_size *own; /* the loop's copy of the sizes, for the hand-over (may be NULL otherwise) */
    double avail, view_h, spacing, line_spacing;
    cvl_rect *frames;
    flow_loop_line *lines;
    int64_t line_count;
    double content_h;
} flow_loop;

static inline void flow_loop_run(flow_loop *b) {
    b->content_h = flow_loop_prepare(b->sizes, b->n, b->avail, b->spacing, b->line_spacing, b->frames, b->lines,
                                     &b->line_count);
}

/** The hand-over by hand: copy the host's array, then lay out from the copy. */
static inline void flow_loop_handover(flow_loop *b, const cvl_size *host) {
    memcpy(b->own, host, (size_t)b->n * sizeof *host);
    b->sizes = b->own;
    flow_loop_run(b);
}

static inline void flow_loop_fill(cvl_attributes *o, int64_t item, cvl_rect f) {
    memset(o, 0, sizeof *o);
    o->index_path.item = item;
    o->frame = f;
    o->center = (cvl_point){f.x + f.width * 0.5, f.y + f.height * 0.5};
    o->size = (cvl_size){f.width, f.height};
    o->transform.m11 = o->transform.m22 = o->transform.m33 = o->transform.m44 = 1;
    o->alpha = 1;
}

static inline void flow_loop_fill_compact(cvl_element *o, int64_t item, cvl_rect f) {
    memset(o, 0, sizeof *o);
    o->index_path.item = item;
    o->frame = f;
}

/** A frame intersects the viewport [0, avail) x [top, bottom) (open intervals, as cvlayout). */
static inline int flow_loop_visible(const flow_loop *b, cvl_rect f, double top, double bottom) {
    return f.width > 0 && f.height > 0 && f.y < bottom && f.y + f.height > top && f.x < b->avail &&
           f.x + f.width > 0;
}

/** First line whose end is below `top` (binary search). */
static inline int64_t flow_loop_first_line(const flow_loop *b, double top) {
    int64_t lo = 0, hi = b->line_count;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (b->lines[mid].y + b->lines[mid].thickness > top) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

/** The items of the lines from the first one ending below `top` to the last starting above the bottom. */
static inline void flow_loop_item_range(const flow_loop *b, double top, int64_t *from, int64_t *to) {
    double bottom = top + b->view_h;
    int64_t k = flow_loop_first_line(b, top), k1 = k;
    while (k1 < b->line_count && b->lines[k1].y < bottom) k1++;
    *from = k < b->line_count ? b->lines[k].first : b->n;
    *to = k1 < b->line_count ? b->lines[k1].first : b->n;
}

/** The viewport at `top`: every visible item's full cvl_attributes. Returns the count. */
static inline size_t flow_loop_query(const flow_loop *b, double top, cvl_attributes *out) {
    double bottom = top + b->view_h;
    int64_t from, to;
    flow_loop_item_range(b, top, &from, &to);
    size_t count = 0;
    for (int64_t i = from; i < to; i++)
        if (flow_loop_visible(b, b->frames[i], top, bottom)) flow_loop_fill(&out[count++], i, b->frames[i]);
    return count;
}

/** The same query filling cvl_element (index path + frame). */
static inline size_t flow_loop_query_compact(const flow_loop *b, double top, cvl_element *out) {
    double bottom = top + b->view_h;
    int64_t from, to;
    flow_loop_item_range(b, top, &from, &to);
    size_t count = 0;
    for (int64_t i = from; i < to; i++)
        if (flow_loop_visible(b, b->frames[i], top, bottom)) flow_loop_fill_compact(&out[count++], i, b->frames[i]);
    return count;
}

/**
** The animation by hand: the items on screen before (layout a at `top`) or after (layout b at
** `to_top`) get a track, its start moved by the offset's jump; a frame interpolates every track
** at progress p and fills those on screen.
*/
typedef struct {
    int64_t item;
    cvl_rect from, to;
} flow_loop_track;

static inline size_t flow_loop_tracks(const flow_loop *a, double top, const flow_loop *b, double to_top,
                                      flow_loop_track *out) {
    int64_t a0, a1, b0, b1;
    flow_loop_item_range(a, top, &a0, &a1);
    flow_loop_item_range(b, to_top, &b0, &b1);
    int64_t from = a0 < b0 ? a0 : b0, to = a1 > b1 ? a1 : b1;
    size_t count = 0;
    for (int64_t i = from; i < to; i++) {
        cvl_rect f = a->frames[i], g = b->frames[i];
        int on_a = i >= a0 && i < a1 && flow_loop_visible(a, f, top, top + a->view_h);
        int on_b = i >= b0 && i < b1 && flow_loop_visible(b, g, to_top, to_top + b->view_h);
        if (!on_a && !on_b) continue;
        f.y += to_top - top;
        out[count++] = (flow_loop_track){i, f, g};
    }
    return count;
}

static inline size_t flow_loop_frame(const flow_loop *b, const flow_loop_track *tracks, size_t n, double top,
                                     double p, cvl_attributes *out) {
    double bottom = top + b->view_h;
    size_t count = 0;
    for (size_t k = 0; k < n; k++) {
        cvl_rect f = tracks[k].from, g = tracks[k].to;
        cvl_rect r = {f.x + (g.x - f.x) * p, f.y + (g.y - f.y) * p, f.width + (g.width - f.width) * p,
                      f.height + (g.height - f.height) * p};
        if (flow_loop_visible(b, r, top, bottom)) flow_loop_fill(&out[count++], tracks[k].item, r);
    }
    return count;
}

#endif
