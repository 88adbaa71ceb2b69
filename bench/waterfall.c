/*
** bench/waterfall.c — the waterfall's figures next to the flow's (BENCHMARKS.md, "Waterfall").
**
** One section of n = 10^6 items in a 1000 x 800 viewport, vertical scrolling, spacings 10:
**   flow random:        item sizes uniform in [20, 200]^2 (seeded), bulk (cvl_flow_layout_set_item_sizes);
**   waterfall sizes:    4 columns, the same sizes scaled to the column width, shortest first;
**   waterfall extents:  4 columns, extents uniform in [20, 200], 2% of the items full-span (seeded),
**                       shortest first, then in order.
** For each: the first prepare (after handing the data over), a prepare after the layout is
** invalidated (everything placed again), a viewport query (a sweep of 1000 offsets, the mean), and
** a one-item edit of item 500,000, then of item 999,900 (a size by cvl_flow_layout_replace_item_sizes, an extent by
** cvl_waterfall_layout_replace_extents), then the prepare it causes. Times are CLOCK_MONOTONIC,
** the best of several runs.
**
**   make lib && cc -O2 -std=c11 -Iinclude bench/waterfall.c -o build/bench-waterfall -Lbuild/lib -lcvlayout \
**       -Wl,-rpath,$PWD/build/lib -lm && build/bench-waterfall
**
** Instruction counts (deterministic): `build/bench-waterfall count ROW n` sets row ROW (0-3, as
** the table's) up with n items and, under callgrind with --collect-atstart=no, counts each
** step on its own (a dump each: hand-over, first prepare, prepare again, item n/2 edited +
** prepare, item n - 100 edited + prepare, then a sweep of 1000 viewport queries as the table's, into
** cvl_attributes), when <valgrind/callgrind.h> was found at build time:
**   valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=cg.%p \
**       build/bench-waterfall count 2 200000
*/
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cvlayout.h"

#if defined(__has_include) && !defined(NO_COUNT)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define COUNT_BEGIN() CALLGRIND_TOGGLE_COLLECT
#define COUNT_END(what) \
    do {                 \
        CALLGRIND_TOGGLE_COLLECT; \
        CALLGRIND_DUMP_STATS_AT(what); \
    } while (0)
#endif
#endif
#ifndef COUNT_BEGIN
#define COUNT_BEGIN() ((void)0)
#define COUNT_END(what) ((void)0)
#endif

#define N 1000000
#define RUNS 5
#define SWEEP 1000

static int64_t g_count = N;
static uint64_t rng = 12345;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
static double uniform(double lo, double hi) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return lo + (hi - lo) * (double)(rng >> 11) / 9007199254740992.0;
}
static void must(int rc, const char *what) {
    if (rc != CVL_OK) {
        fprintf(stderr, "%s failed: %d %s\n", what, rc, cvl_last_error_message());
        exit(1);
    }
}
static int n_sections(void *c, int64_t *out) {
    (void)c;
    *out = 1;
    return 0;
}
static int n_items(void *c, int64_t s, int64_t *out) {
    (void)c;
    (void)s;
    *out = g_count;
    return 0;
}

/* Content height forces a prepare; returns its time. */
static double prepare_time(cvl_view *v) {
    cvl_size s;
    double t = now();
    must(cvl_view_content_size(v, &s), "content size");
    return now() - t;
}

static double sweep(cvl_view *v, cvl_attributes *buf, size_t cap) {
    cvl_size content;
    size_t count;
    int i;
    double best = 1e9;
    int r;
    must(cvl_view_content_size(v, &content), "content size");
    for (r = 0; r < 3; r++) {
        double t = now();
        for (i = 0; i < SWEEP; i++) {
            double y = (content.height - 800) * i / SWEEP;
            must(cvl_view_attributes_in_rect(v, (cvl_rect){0, y, 1000, 800}, buf, cap, &count), "query");
        }
        t = (now() - t) / SWEEP;
        if (t < best) best = t;
    }
    return best;
}

/* One sweep of SWEEP viewport queries down the content; returns the elements answered. */
static size_t sweep_once(cvl_view *v, cvl_attributes *buf, size_t cap) {
    cvl_size content;
    size_t count, total = 0;
    int i;
    must(cvl_view_content_size(v, &content), "content size");
    for (i = 0; i < SWEEP; i++) {
        double y = (content.height - 800) * i / SWEEP;
        must(cvl_view_attributes_in_rect(v, (cvl_rect){0, y, 1000, 800}, buf, cap, &count), "query");
        total += count;
    }
    return total;
}

typedef struct {
    const char *name;
    double first, again, query, edit, edit_end;
} row;

static void report(const row *r) {
    printf("| %s | %.2f ms (%.1f ns/item) | %.3f ms | %.2f µs | ", r->name, r->first * 1e3, r->first * 1e9 / N,
           r->again * 1e3, r->query * 1e6);
    printf("%.3f ms | %.3f ms |\n", r->edit * 1e3, r->edit_end * 1e3);
}

static cvl_size sizes[N];
static double extents[N];
static uint8_t flags[N];

/* A layout of row r (0: the flow; 1-3 the waterfalls) configured as the table's. */
static cvl_layout *make_layout(int r) {
    cvl_layout *l = NULL;
    cvl_flow_config c;
    if (r == 0) {
        must(cvl_flow_layout_create(&l), "create");
    } else {
        cvl_waterfall_config w;
        must(cvl_waterfall_layout_create(&l), "create");
        must(cvl_waterfall_layout_get_config(l, &w), "get");
        w.column_count = 4;
        w.placement = r == 3 ? CVL_WATERFALL_PLACE_IN_ORDER : CVL_WATERFALL_PLACE_SHORTEST;
        must(cvl_waterfall_layout_set_config(l, &w), "set");
    }
    must(cvl_flow_layout_get_config(l, &c), "get");
    c.minimum_interitem_spacing = c.minimum_line_spacing = 10;
    must(cvl_flow_layout_set_config(l, &c), "set");
    return l;
}

static void hand_over(cvl_layout *l, int r) {
    if (r <= 1) {
        must(cvl_flow_layout_set_item_sizes(l, 0, sizes, (size_t)g_count), "sizes");
    } else {
        must(cvl_waterfall_layout_set_extents(l, 0, extents, (size_t)g_count), "extents");
        must(cvl_waterfall_layout_set_full_spans(l, 0, flags, (size_t)g_count), "flags");
    }
}

static void edit_one(cvl_layout *l, int r, int64_t at) {
    if (r <= 1) {
        cvl_size one = {150, 90};
        must(cvl_flow_layout_replace_item_sizes(l, 0, at, 1, &one, 1), "edit");
    } else {
        double one = 90;
        must(cvl_waterfall_layout_replace_extents(l, 0, at, 1, &one, 1), "edit");
    }
}

/* `count ROW n`: each step of row ROW at n items counted on its own (see the top). */
static int count_steps(int r, int64_t n) {
    cvl_data_source ds = {NULL, n_sections, n_items};
    cvl_layout *l;
    cvl_view *v = NULL;
    cvl_size s;
    if (r < 0 || r > 3 || n < 200 || n > N) {
        fprintf(stderr, "count ROW n: ROW 0-3, n 200 ... %d\n", N);
        return 2;
    }
    g_count = n;
    l = make_layout(r);
    must(cvl_view_create(&ds, l, &v), "view");
    must(cvl_view_set_bounds_size(v, (cvl_size){1000, 800}), "bounds");
    COUNT_BEGIN();
    hand_over(l, r);
    COUNT_END("hand-over");
    COUNT_BEGIN();
    must(cvl_view_content_size(v, &s), "content size");
    COUNT_END("first prepare");
    must(cvl_view_invalidate_layout(v, CVL_INVALIDATE_EVERYTHING, NULL, 0), "invalidate");
    COUNT_BEGIN();
    must(cvl_view_content_size(v, &s), "content size");
    COUNT_END("prepare again");
    COUNT_BEGIN();
    edit_one(l, r, n / 2);
    must(cvl_view_content_size(v, &s), "content size");
    COUNT_END("middle edit");
    COUNT_BEGIN();
    edit_one(l, r, n - 100);
    must(cvl_view_content_size(v, &s), "content size");
    COUNT_END("end edit");
    {
        static cvl_attributes qbuf[4096];
        COUNT_BEGIN();
        (void)sweep_once(v, qbuf, 4096);
        COUNT_END("query sweep");
    }
    must(cvl_view_destroy(v), "destroy");
    must(cvl_layout_destroy(l), "destroy");
    return 0;
}

int main(int argc, char **argv) {
    static cvl_attributes buf[4096];
    cvl_data_source ds = {NULL, n_sections, n_items};
    int i, r;
    row rows[4];
    memset(rows, 0, sizeof rows);
    for (i = 0; i < N; i++) {
        sizes[i].width = uniform(20, 200);
        sizes[i].height = uniform(20, 200);
        extents[i] = uniform(20, 200);
        flags[i] = uniform(0, 1) < 0.02;
    }
    if (argc == 4 && strcmp(argv[1], "count") == 0) return count_steps(atoi(argv[2]), atoll(argv[3]));
    for (r = 0; r < 4; r++) {
        row *out = &rows[r];
        int run;
        out->first = out->again = out->edit = out->edit_end = 1e9;
        out->name = r == 0   ? "flow, random sizes"
                    : r == 1 ? "waterfall, 4 columns, random sizes scaled (edit: a size)"
                    : r == 2 ? "waterfall, 4 columns, extents, 2% full-span (edit: an extent)"
                             : "waterfall in order, extents, 2% full-span (edit: an extent)";
        for (run = 0; run < RUNS; run++) {
            cvl_layout *l = make_layout(r);
            cvl_view *v = NULL;
            double t;
            t = now();
            hand_over(l, r);
            t = now() - t;
            must(cvl_view_create(&ds, l, &v), "view");
            must(cvl_view_set_bounds_size(v, (cvl_size){1000, 800}), "bounds");
            t += prepare_time(v);
            if (t < out->first) out->first = t;
            must(cvl_view_invalidate_layout(v, CVL_INVALIDATE_EVERYTHING, NULL, 0), "invalidate");
            t = prepare_time(v);
            if (t < out->again) out->again = t;
            if (run == 0) out->query = sweep(v, buf, 4096);
            /* One item changed by a range edit, then the prepare it causes. */
            for (i = 0; i < 2; i++) {
                int64_t at = i == 0 ? N / 2 : N - 100;
                t = now();
                edit_one(l, r, at);
                t = now() - t + prepare_time(v);
                if (i == 0 && t < out->edit) out->edit = t;
                if (i == 1 && t < out->edit_end) out->edit_end = t;
            }
            must(cvl_view_destroy(v), "destroy");
            must(cvl_layout_destroy(l), "destroy");
        }
    }
    printf("| 10^6 items, one section | first prepare (with the bulk hand-over) | prepare again | "
           "viewport query | item 500,000 edited + prepare | item 999,900 edited + prepare |\n"
           "|---|---:|---:|---:|---:|---:|\n");
    for (r = 0; r < 4; r++) report(&rows[r]);
    return 0;
}
