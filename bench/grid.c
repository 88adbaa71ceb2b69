/*
** bench/grid.c — the span grid's figures next to the flow's (BENCHMARKS.md, "Span grid").
**
** One section of n = 10^6 items in a 1000 x 800 viewport, vertical scrolling, spacings 10:
**   flow random:  item sizes uniform in [20, 200]^2 (seeded), bulk (cvl_flow_layout_set_item_sizes);
**   grid closed:  8 columns, every item spanning 1 with one extent (no per-item data);
**   grid spans:   8 columns, spans uniform in 1 ... 4 and extents in [20, 200] (seeded), bulk.
** For each: the first prepare (after handing the data over), a prepare after the layout is
** invalidated (the row table kept or rebuilt), a viewport query (a sweep of 1000 offsets, the
** mean), and a one-item edit (one size / extent / span changed by a range edit, then the
** prepare it causes). Times are CLOCK_MONOTONIC, the best of several runs.
** Then the one-item edits of issue 32 on the flow and the span grid (the same workloads): an
** extent (a size) changed at n/2, a span changed at n/2 (grid only), one item appended, one
** inserted at 0, one deleted at n/2, one moved from n/4 to 3n/4 — the range edits, the batch
** update (for a count change or a move), then the layout; the median and the best of EDITS.
**
**   make lib && cc -O2 -std=c11 -Iinclude bench/grid.c -o build/bench-grid -Lbuild/lib -lcvlayout \
**       -Wl,-rpath,$PWD/build/lib -lm && build/bench-grid
*/
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cvlayout.h"

#define N 1000000
#define RUNS 5
#define SWEEP 1000
#define EDITS 7

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

typedef struct {
    const char *name;
    double first, again, query, edit;
} row;

static void report(const row *r) {
    printf("| %s | %.2f ms (%.1f ns/item) | %.3f ms | %.2f µs | ", r->name, r->first * 1e3, r->first * 1e9 / N,
           r->again * 1e3, r->query * 1e6);
    if (r->edit < 0) printf("— |\n");
    else printf("%.3f ms |\n", r->edit * 1e3);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One edit of `kind` on a prepared view (0 extent / size at n/2, 1 span at n/2, 2 append, 3 insert
** at 0, 4 delete at n/2, 5 move n/4 -> 3n/4), then the layout; returns its time. */
static double one_edit(cvl_layout *l, cvl_view *v, int grid, int kind, int round) {
    int64_t n = g_count;
    cvl_update_item up;
    cvl_size one = {150, 90 + round};
    double extent = 90 + round;
    int32_t span = 1 + round % 4;
    double t = now();
    memset(&up, 0, sizeof up);
    up.before.section = up.before.item = up.after.section = up.after.item = -1;
    if (kind == 0) {
        if (grid) must(cvl_grid_layout_replace_item_extents(l, 0, n / 2, 1, &extent, 1), "extent");
        else must(cvl_flow_layout_replace_item_sizes(l, 0, n / 2, 1, &one, 1), "size");
    } else if (kind == 1) {
        must(cvl_grid_layout_replace_item_spans(l, 0, n / 2, 1, &span, 1), "span");
    } else if (kind == 2 || kind == 3) {
        int64_t at = kind == 2 ? n : 0;
        if (grid) {
            must(cvl_grid_layout_replace_item_spans(l, 0, at, 0, &span, 1), "span");
            must(cvl_grid_layout_replace_item_extents(l, 0, at, 0, &extent, 1), "extent");
        } else {
            must(cvl_flow_layout_replace_item_sizes(l, 0, at, 0, &one, 1), "size");
        }
        g_count = n + 1;
        up.action = CVL_UPDATE_INSERT;
        up.after = (cvl_index_path){0, at};
        must(cvl_view_perform_batch_updates(v, &up, 1, NULL), "insert");
    } else if (kind == 4) {
        if (grid) {
            must(cvl_grid_layout_replace_item_spans(l, 0, n / 2, 1, NULL, 0), "span");
            must(cvl_grid_layout_replace_item_extents(l, 0, n / 2, 1, NULL, 0), "extent");
        } else {
            must(cvl_flow_layout_replace_item_sizes(l, 0, n / 2, 1, NULL, 0), "size");
        }
        g_count = n - 1;
        up.action = CVL_UPDATE_DELETE;
        up.before = (cvl_index_path){0, n / 2};
        must(cvl_view_perform_batch_updates(v, &up, 1, NULL), "delete");
    } else {
        int64_t from = n / 4, to = 3 * n / 4;
        if (grid) {
            must(cvl_grid_layout_replace_item_spans(l, 0, from, 1, NULL, 0), "span");
            must(cvl_grid_layout_replace_item_extents(l, 0, from, 1, NULL, 0), "extent");
            must(cvl_grid_layout_replace_item_spans(l, 0, to, 0, &span, 1), "span");
            must(cvl_grid_layout_replace_item_extents(l, 0, to, 0, &extent, 1), "extent");
        } else {
            must(cvl_flow_layout_replace_item_sizes(l, 0, from, 1, NULL, 0), "size");
            must(cvl_flow_layout_replace_item_sizes(l, 0, to, 0, &one, 1), "size");
        }
        up.action = CVL_UPDATE_MOVE;
        up.before = (cvl_index_path){0, from};
        up.after = (cvl_index_path){0, to};
        must(cvl_view_perform_batch_updates(v, &up, 1, NULL), "move");
    }
    return now() - t + prepare_time(v);
}

static void edit_table(const double *sizes_w, const double *sizes_h, const double *extents, const int32_t *spans) {
    static const char *names[6] = {"extent (size) at n/2", "span at n/2", "append one", "insert one at 0",
                                   "delete one at n/2", "move one n/4 -> 3n/4"};
    static cvl_size sizes[N];
    double med[2][6], best[2][6];
    cvl_data_source ds = {NULL, n_sections, n_items};
    int grid, kind, r, i;
    for (i = 0; i < N; i++) sizes[i] = (cvl_size){sizes_w[i], sizes_h[i]};
    for (grid = 0; grid < 2; grid++) {
        for (kind = 0; kind < 6; kind++) {
            cvl_layout *l = NULL;
            cvl_view *v = NULL;
            double t[EDITS];
            med[grid][kind] = best[grid][kind] = -1;
            if (!grid && kind == 1) continue;
            g_count = N;
            if (!grid) {
                cvl_flow_config c;
                must(cvl_flow_layout_create(&l), "create");
                must(cvl_flow_layout_get_config(l, &c), "get");
                c.minimum_interitem_spacing = c.minimum_line_spacing = 10;
                must(cvl_flow_layout_set_config(l, &c), "set");
                must(cvl_flow_layout_set_item_sizes(l, 0, sizes, N), "sizes");
            } else {
                cvl_grid_config c;
                must(cvl_grid_layout_create(&l), "create");
                must(cvl_grid_layout_get_config(l, &c), "get");
                c.columns = 8;
                c.interitem_spacing = c.intergroup_spacing = 10;
                c.item_height = 110;
                must(cvl_grid_layout_set_config(l, &c), "set");
                must(cvl_grid_layout_set_item_spans(l, 0, spans, N), "spans");
                must(cvl_grid_layout_set_item_extents(l, 0, extents, N), "extents");
            }
            must(cvl_view_create(&ds, l, &v), "view");
            must(cvl_view_set_bounds_size(v, (cvl_size){1000, 800}), "bounds");
            prepare_time(v);
            for (r = 0; r < EDITS; r++) t[r] = one_edit(l, v, grid, kind, r);
            qsort(t, EDITS, sizeof t[0], cmp_double);
            med[grid][kind] = t[EDITS / 2];
            best[grid][kind] = t[0];
            must(cvl_view_destroy(v), "destroy");
            must(cvl_layout_destroy(l), "destroy");
        }
    }
    g_count = N;
    printf("\n| one-item edit + layout, 10^6 items | flow, median (best) | span grid, median (best) | grid / flow "
           "(medians) |\n|---|---:|---:|---:|\n");
    for (kind = 0; kind < 6; kind++) {
        printf("| %s | ", names[kind]);
        if (med[0][kind] < 0) printf("— | ");
        else printf("%.3f ms (%.3f) | ", med[0][kind] * 1e3, best[0][kind] * 1e3);
        printf("%.3f ms (%.3f) | ", med[1][kind] * 1e3, best[1][kind] * 1e3);
        if (med[0][kind] < 0) printf("— |\n");
        else printf("%.2fx |\n", med[1][kind] / med[0][kind]);
    }
}

int main(void) {
    static cvl_size sizes[N];
    static double sizes_w[N], sizes_h[N];
    static double extents[N];
    static int32_t spans[N];
    static cvl_attributes buf[4096];
    cvl_data_source ds = {NULL, n_sections, n_items};
    int i, r;
    row rows[3];
    memset(rows, 0, sizeof rows);
    for (i = 0; i < N; i++) {
        sizes[i].width = uniform(20, 200);
        sizes[i].height = uniform(20, 200);
        extents[i] = uniform(20, 200);
        spans[i] = 1 + (int32_t)uniform(0, 4);
        sizes_w[i] = sizes[i].width;
        sizes_h[i] = sizes[i].height;
    }
    if (getenv("GRID_BENCH_EDITS_ONLY")) {
        edit_table(sizes_w, sizes_h, extents, spans);
        return 0;
    }
    for (r = 0; r < 3; r++) {
        row *out = &rows[r];
        int run;
        out->first = out->again = out->edit = 1e9;
        out->name = r == 0 ? "flow, random sizes" : r == 1 ? "grid, closed form (spans 1, one extent)"
                                                            : "grid, spans 1-4 of 8 and random extents";
        for (run = 0; run < RUNS; run++) {
            cvl_layout *l = NULL;
            cvl_view *v = NULL;
            double t;
            if (r == 0) {
                cvl_flow_config c;
                must(cvl_flow_layout_create(&l), "create");
                must(cvl_flow_layout_get_config(l, &c), "get");
                c.minimum_interitem_spacing = c.minimum_line_spacing = 10;
                must(cvl_flow_layout_set_config(l, &c), "set");
                t = now();
                must(cvl_flow_layout_set_item_sizes(l, 0, sizes, N), "sizes");
                t = now() - t;
            } else {
                cvl_grid_config c;
                must(cvl_grid_layout_create(&l), "create");
                must(cvl_grid_layout_get_config(l, &c), "get");
                c.columns = 8;
                c.interitem_spacing = c.intergroup_spacing = 10;
                c.item_height = 110;
                must(cvl_grid_layout_set_config(l, &c), "set");
                t = now();
                if (r == 2) {
                    must(cvl_grid_layout_set_item_spans(l, 0, spans, N), "spans");
                    must(cvl_grid_layout_set_item_extents(l, 0, extents, N), "extents");
                }
                t = now() - t;
            }
            must(cvl_view_create(&ds, l, &v), "view");
            must(cvl_view_set_bounds_size(v, (cvl_size){1000, 800}), "bounds");
            t += prepare_time(v);
            if (t < out->first) out->first = t;
            must(cvl_view_invalidate_layout(v, CVL_INVALIDATE_EVERYTHING, NULL, 0), "invalidate");
            t = prepare_time(v);
            if (t < out->again) out->again = t;
            if (run == 0) out->query = sweep(v, buf, 4096);
            /* One item changed by a range edit, then the prepare it causes. */
            t = now();
            if (r == 0) {
                cvl_size one = {150, 90};
                must(cvl_flow_layout_replace_item_sizes(l, 0, N / 2, 1, &one, 1), "edit");
            } else if (r == 1) {
                t = -1e9; /* the closed form has no per-item data to edit */
            } else {
                double one = 90;
                must(cvl_grid_layout_replace_item_extents(l, 0, N / 2, 1, &one, 1), "edit");
            }
            if (r != 1) t = now() - t + prepare_time(v);
            if (t < out->edit) out->edit = t;
            must(cvl_view_destroy(v), "destroy");
            must(cvl_layout_destroy(l), "destroy");
        }
    }
    printf("| 10^6 items, one section | first prepare (with the bulk hand-over) | prepare again | "
           "viewport query | one-item edit + prepare |\n|---|---:|---:|---:|---:|\n");
    for (r = 0; r < 3; r++) report(&rows[r]);
    edit_table(sizes_w, sizes_h, extents, spans);
    return 0;
}
