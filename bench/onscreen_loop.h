/*
** bench/onscreen_loop.h: the hand-written loops of the everything-on-screen workload (a flow of
** 50 x 50 items switched to a circle with every item on screen), which bench/everything_on_screen.c
** (the set-up's floor, wall clock) and bench/perf_guard.c (the `onscreen_*` phases, instructions)
** measure cvlayout against, in one place so that both use the same loops. Header-only.
**
** The set-up's floor (BENCHMARKS.md, "Everything on screen"): work out the circle's N places (one
** sincos an item) and write both ends of every track as records of cvl_attributes' size (288
** bytes, as large as a layout's attributes), plus each end's angle (the library also takes every
** turned end's angle at set-up). The start is the flow's grid of 50 x 50 items, `per_row` to a
** row at pitches `dx` and `dy` (closed form). No bounds, no keys, no draw order: a floor, not a rival.
** A frame: each track's two ends interpolated at progress p (frame and angle; one sincos of the
** angle), tested against the viewport, and written as a full record.
*/
#ifndef CVL_BENCH_ONSCREEN_LOOP_H
#define CVL_BENCH_ONSCREEN_LOOP_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cvlayout.h"

/** One track's ends' angles (radians): the start's (0, the flow's) and the end's (its place's, in
** (-pi, pi]: the shorter turn). */
typedef struct {
    double from, to;
} onscreen_loop_turn;

/**
** The set-up's floor: n tracks from the flow's grid (`per_row` items a row, pitches dx, dy) to the
** circle's places in a view_w x view_h viewport (cvlayout's circle: radius min(w, h) / 2.5 rounded
** down, 60 x 60 items turned to their angle), both ends written into `from` and `to` (n records
** each) and their angles into `turn` (n entries). O(n), one sincos an item.
*/
static inline void onscreen_loop_setup(int64_t n, int64_t per_row, double dx, double dy, double view_w,
                                       double view_h, cvl_attributes *from, cvl_attributes *to,
                                       onscreen_loop_turn *turn) {
    const double radius = floor(fmin(view_w, view_h) / 2.5);
    for (int64_t i = 0; i < n; i++) {
        double s, c, angle = 2 * M_PI * (double)(2 * i > n ? i - n : i) / (double)n;
        double fx = (double)(i % per_row) * dx, fy = (double)(i / per_row) * dy;
        sincos(angle, &s, &c);
        double cx = view_w / 2 + radius * s, cy = view_h / 2 - radius * c;
        cvl_attributes *a = from + i, *b = to + i;
        *a = (cvl_attributes){.index_path = {0, i}, .frame = {fx, fy, 50, 50}, .center = {fx + 25, fy + 25},
                              .size = {50, 50}, .alpha = 1};
        a->transform.m11 = a->transform.m22 = a->transform.m33 = a->transform.m44 = 1;
        *b = (cvl_attributes){.index_path = {0, i}, .frame = {cx - 30, cy - 30, 60, 60}, .center = {cx, cy},
                              .size = {60, 60}, .alpha = 1};
        b->transform.m11 = b->transform.m22 = c;
        b->transform.m12 = s;
        b->transform.m21 = -s;
        b->transform.m33 = b->transform.m44 = 1;
        turn[i] = (onscreen_loop_turn){0, angle};
    }
}

/**
** A frame at progress p of the n tracks `from` -> `to` (angles `turn`): each interpolated (frame,
** angle), and written into `out` when its drawn bounds (the frame turned about its centre) meet
** the viewport [0, view_w) x [0, view_h) (open intervals, as cvlayout); a track whose reach at any
** angle misses the viewport is skipped before its angle is interpolated. Returns the records
** written. O(n), at most one sincos a track.
*/
static inline size_t onscreen_loop_frame(int64_t n, double view_w, double view_h, const cvl_attributes *from,
                                         const cvl_attributes *to, const onscreen_loop_turn *turn, double p,
                                         cvl_attributes *out) {
    size_t count = 0;
    for (int64_t i = 0; i < n; i++) {
        cvl_rect f = from[i].frame, g = to[i].frame;
        cvl_rect r = {f.x + (g.x - f.x) * p, f.y + (g.y - f.y) * p, f.width + (g.width - f.width) * p,
                      f.height + (g.height - f.height) * p};
        cvl_point m = {r.x + r.width * 0.5, r.y + r.height * 0.5};
        double reach = (r.width + r.height) * 0.5; /* >= half the diagonal: the bounds at any angle */
        if (!(m.x - reach < view_w && m.x + reach > 0 && m.y - reach < view_h && m.y + reach > 0)) continue;
        double s, c;
        sincos(turn[i].from + (turn[i].to - turn[i].from) * p, &s, &c);
        double hw = (r.width * fabs(c) + r.height * fabs(s)) * 0.5, hh = (r.width * fabs(s) + r.height * fabs(c)) * 0.5;
        if (!(r.width > 0 && r.height > 0 && m.x - hw < view_w && m.x + hw > 0 && m.y - hh < view_h && m.y + hh > 0))
            continue;
        cvl_attributes *o = &out[count++];
        memset(o, 0, sizeof *o);
        o->index_path = from[i].index_path;
        o->frame = r;
        o->center = m;
        o->size = (cvl_size){r.width, r.height};
        o->transform.m11 = o->transform.m22 = c;
        o->transform.m12 = s;
        o->transform.m21 = -s;
        o->transform.m33 = o->transform.m44 = 1;
        o->alpha = 1;
    }
    return count;
}

#endif
