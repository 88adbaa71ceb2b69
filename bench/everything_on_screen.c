/*
** bench/everything_on_screen.c — layouts that put every element on screen (issue 32, "Everything on
** screen"): an animated flow -> circle switch of N items, one animation frame of it, and an animated
** batch update (one delete) on the circle, at N = 6x10^4 and 10^5. `make bench-everything` builds and
** runs it (never part of `make test`: it measures wall-clock time). BENCHMARKS.md, "Everything on
** screen (issue 32)", holds its figures.
**
** Workload: one section of N items; a vertical flow of 50 x 50 items (the defaults) in a
** 1000 x 800 viewport at offset 0; the switch goes to the circle layout (every item on screen)
** with a linear 1 s animation; the frame is cvl_view_set_time(0.5) + cvl_view_visible_attributes
** into a buffer of N + 1024; the update deletes item N / 2 (animated, 1 s) on the circle at rest, and
** its frame at t = 0.5 is timed the same way (every element on screen and animating: N - 1 items now
** share the circle, so each moves along it and turns).
** Each figure is the fastest of RUNS runs, each on a fresh view; a status other than CVL_OK is
** printed instead of a time (CVL_ERROR_OVERFLOW: more elements than CVL_MAX_ANIMATED_ELEMENTS).
**
** The floor next to it, in the same run: what a hand-written C loop takes for the least a set-up of
** the switch must do, namely work out the circle's N places (one sincos an item) and write both
** ends of every track, into fresh memory as a fresh view's set-up gets it. The loop writes the ends
** as records of cvl_attributes' size (a layout's attributes are as large) and as 48-byte records
** (frame + turn only), each the fastest of RUNS. No frames, no bounds, no keys: a floor, not a rival.
*/
#define _GNU_SOURCE /* sincos, M_PI */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cvlayout.h"
#include "onscreen_loop.h"

#define RUNS 3
#define VIEW_W 1000.0
#define VIEW_H 800.0

static int64_t g_items;
static int ds_items(void *context, int64_t section, int64_t *out) {
    (void)context;
    (void)section;
    *out = g_items;
    return 0;
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void die(int status, const char *what) {
    fprintf(stderr, "everything_on_screen: %s: %s: %s\n", what, cvl_status_string(status), cvl_last_error_message());
    exit(1);
}
#define CHECK(call)                          \
    do {                                     \
        int s_ = (call);                     \
        if (s_ != CVL_OK) die(s_, #call);    \
    } while (0)

typedef struct {
    double switch_ms, frame_ms, update_ms, update_frame_ms;
    int switch_status, update_status;
    size_t frame_elements, update_frame_elements;
} figures;

static void run(int64_t n, cvl_attributes *out, size_t capacity, figures *best) {
    g_items = n;
    cvl_layout *flow, *circle;
    cvl_view *view;
    CHECK(cvl_flow_layout_create(&flow));
    CHECK(cvl_circle_layout_create(&circle));
    cvl_data_source ds = {NULL, NULL, ds_items};
    CHECK(cvl_view_create(&ds, flow, &view));
    CHECK(cvl_view_set_bounds_size(view, (cvl_size){VIEW_W, VIEW_H}));
    size_t count = 0;
    CHECK(cvl_view_visible_attributes(view, out, capacity, &count));
    CHECK(cvl_view_set_time(view, 0));
    cvl_animation anim;
    CHECK(cvl_animation_default(&anim));
    anim.duration = 1.0;
    anim.curve = CVL_CURVE_LINEAR;

    double t0 = now_ms();
    int status = cvl_view_set_layout(view, circle, &anim);
    double t1 = now_ms();
    best->switch_status = status;
    if (status == CVL_OK && t1 - t0 < best->switch_ms) best->switch_ms = t1 - t0;
    if (status != CVL_OK) CHECK(cvl_view_set_layout(view, circle, NULL));  /* the circle, at rest */

    if (status == CVL_OK) {
        t0 = now_ms();
        CHECK(cvl_view_set_time(view, 0.5));
        CHECK(cvl_view_visible_attributes(view, out, capacity, &count));
        t1 = now_ms();
        if (t1 - t0 < best->frame_ms) best->frame_ms = t1 - t0;
        best->frame_elements = count;
    }

    CHECK(cvl_view_finish_animations(view));
    CHECK(cvl_view_visible_attributes(view, out, capacity, &count));
    CHECK(cvl_view_set_time(view, 2));
    cvl_update_item del = {CVL_UPDATE_DELETE, 0, {0, n / 2}, {-1, -1}};
    g_items = n - 1;
    t0 = now_ms();
    status = cvl_view_perform_batch_updates(view, &del, 1, &anim);
    t1 = now_ms();
    best->update_status = status;
    if (status == CVL_OK && t1 - t0 < best->update_ms) best->update_ms = t1 - t0;
    if (status == CVL_OK) {  /* a frame of the update: every element on screen, each animating */
        t0 = now_ms();
        CHECK(cvl_view_set_time(view, 2.5));
        CHECK(cvl_view_visible_attributes(view, out, capacity, &count));
        t1 = now_ms();
        if (t1 - t0 < best->update_frame_ms) best->update_frame_ms = t1 - t0;
        best->update_frame_elements = count;
    }

    CHECK(cvl_view_destroy(view));
    CHECK(cvl_layout_destroy(flow));
    CHECK(cvl_layout_destroy(circle));
}

static void print_ms(const char *what, int status, double ms, int64_t n) {
    if (status != CVL_OK) printf("  %-34s %s\n", what, cvl_status_string(status));
    else printf("  %-34s %9.2f ms  %7.1f ns/element\n", what, ms, ms * 1e6 / (double)n);
}

/* For comparison, the common case (issue 32's "animation frame at 10^5 items with ~50 on
** screen"): a flow -> flow switch (100 x 100 items, line spacing 10 -> 40) of 10^5 items, viewport
** in the middle;
** the mean of FLOW_FRAMES frames (set_time + visible_attributes), fastest of RUNS batches. */
#define FLOW_FRAMES 2000
static void flow_frames(cvl_attributes *out, size_t capacity) {
    g_items = 100000;
    double best = 1e300;
    size_t elements = 0;
    for (int r = 0; r < RUNS; r++) {
        cvl_layout *a, *b;
        cvl_view *view;
        cvl_flow_config cfg;
        CHECK(cvl_flow_config_default(&cfg));
        cfg.item_size = (cvl_size){100, 100};
        cfg.minimum_interitem_spacing = 10;
        cfg.minimum_line_spacing = 10;
        CHECK(cvl_flow_layout_create(&a));
        CHECK(cvl_flow_layout_set_config(a, &cfg));
        cfg.minimum_line_spacing = 40;
        CHECK(cvl_flow_layout_create(&b));
        CHECK(cvl_flow_layout_set_config(b, &cfg));
        cvl_data_source ds = {NULL, NULL, ds_items};
        CHECK(cvl_view_create(&ds, a, &view));
        CHECK(cvl_view_set_bounds_size(view, (cvl_size){VIEW_W, VIEW_H}));
        cvl_size content;
        CHECK(cvl_view_content_size(view, &content));
        CHECK(cvl_view_set_content_offset(view, (cvl_point){0, (content.height - VIEW_H) / 2}));
        CHECK(cvl_view_set_time(view, 0));
        cvl_animation anim;
        CHECK(cvl_animation_default(&anim));
        anim.duration = 1.0;
        anim.curve = CVL_CURVE_LINEAR;
        CHECK(cvl_view_set_layout(view, b, &anim));
        size_t total = 0, count = 0;
        double t0 = now_ms();
        for (int f = 0; f < FLOW_FRAMES; f++) {
            CHECK(cvl_view_set_time(view, (f + 1.0) / (FLOW_FRAMES + 2.0)));
            CHECK(cvl_view_visible_attributes(view, out, capacity, &count));
            total += count;
        }
        double per = (now_ms() - t0) / FLOW_FRAMES;
        if (per < best) best = per;
        elements = total / FLOW_FRAMES;
        CHECK(cvl_view_destroy(view));
        CHECK(cvl_layout_destroy(a));
        CHECK(cvl_layout_destroy(b));
    }
    printf("flow -> flow frame, N = 100000, ~%zu elements on screen: %.2f us a frame\n", elements, best * 1e3);
}

/* One end of a track as a hand-written loop would keep it when it keeps only the frame and turn. */
typedef struct {
    double x, y, width, height, cos, sin;
} small_end;

/* The floor's loop (see the top): N tracks from the flow's 50 x 50 grid (18 to a row here, the
** arithmetic not the point) to the circle's places, both ends written; fresh memory each call, freed
** after. `full` picks cvl_attributes-sized records (bench/onscreen_loop.h's set-up, which also keeps
** each end's angle, as bench/perf_guard.c counts it). Returns ms, or -1 when out of memory. */
static double floor_ms(int64_t n, int full) {
    double t0 = now_ms(), check = 0;
    if (full) {
        cvl_attributes *from = malloc((size_t)n * sizeof *from), *to = malloc((size_t)n * sizeof *to);
        onscreen_loop_turn *turn = malloc((size_t)n * sizeof *turn);
        if (from && to && turn) {
            onscreen_loop_setup(n, 18, 55.0, 55.0, VIEW_W, VIEW_H, from, to, turn);
            check = to[n / 3].frame.x + turn[n / 3].to;
        }
        free(from);
        free(to);
        free(turn);
        if (!from || !to || !turn) return -1;
        return check == check ? now_ms() - t0 : -1; /* the ends are read, so they are written */
    }
    small_end *from = malloc((size_t)n * sizeof *from), *to = malloc((size_t)n * sizeof *to);
    if (!from || !to) {
        free(from);
        free(to);
        return -1;
    }
    for (int64_t i = 0; i < n; i++) {
        double s, c, fx = (double)(i % 18) * 55.0, fy = (double)(i / 18) * 55.0;
        sincos(2 * M_PI * (double)i / (double)n, &s, &c);
        double cx = VIEW_W / 2 + 320 * s, cy = VIEW_H / 2 - 320 * c;
        from[i] = (small_end){fx, fy, 50, 50, 1, 0};
        to[i] = (small_end){cx - 30, cy - 30, 60, 60, c, s};
    }
    check = to[n / 3].x;
    free(from);
    free(to);
    return check == check ? now_ms() - t0 : -1; /* the ends are read, so they are written */
}

static void print_floor(int64_t n, const char *what, int full, double switch_ms) {
    double best = 1e300;
    for (int r = 0; r < RUNS; r++) {
        double ms = floor_ms(n, full);
        if (ms >= 0 && ms < best) best = ms;
    }
    if (best == 1e300) {
        printf("  %-34s out of memory\n", what);
        return;
    }
    printf("  %-34s %9.2f ms  %7.1f ns/element; set_layout / it %.2fx\n", what, best, best * 1e6 / (double)n,
           switch_ms / best);
}

int main(void) {
    const int64_t sizes[] = {60000, 100000};
    size_t capacity = 100000 + 1024;
    cvl_attributes *out = malloc(capacity * sizeof *out);
    if (!out) return 1;
    printf("everything on screen: flow -> circle, %.0f x %.0f viewport, fastest of %d runs\n", VIEW_W, VIEW_H, RUNS);
    flow_frames(out, capacity);
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        int64_t n = sizes[s];
        figures best = {1e300, 1e300, 1e300, 1e300, CVL_OK, CVL_OK, 0, 0};
        for (int r = 0; r < RUNS; r++) run(n, out, capacity, &best);
        printf("N = %lld\n", (long long)n);
        print_ms("set_layout (animated switch)", best.switch_status, best.switch_ms, n);
        if (best.switch_status == CVL_OK) {
            printf("  %-34s %9.2f ms  %7.1f ns/element (%zu elements)\n", "frame (set_time + visible)",
                   best.frame_ms, best.frame_ms * 1e6 / (double)n, best.frame_elements);
        }
        if (best.switch_status == CVL_OK) {
            print_floor(n, "floor: loop, attribute-sized ends", 1, best.switch_ms);
            print_floor(n, "floor: loop, 48-byte ends", 0, best.switch_ms);
        }
        print_ms("batch update (1 delete, animated)", best.update_status, best.update_ms, n);
        if (best.update_status == CVL_OK) {
            printf("  %-34s %9.2f ms  %7.1f ns/element (%zu elements)\n", "frame of the update (t = 0.5)",
                   best.update_frame_ms, best.update_frame_ms * 1e6 / (double)n, best.update_frame_elements);
        }
    }
    free(out);
    return 0;
}
