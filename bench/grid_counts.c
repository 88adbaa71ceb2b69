/*
** bench/grid_counts.c — instruction counts (callgrind) of the span grid's paths next to the flow's
** (BENCHMARKS.md, "Span grid edits (grid4, issue 32)"): bench/grid.c's workload (10^6 items, one
** section, 1000 x 800, spacings 10; grid: 8 columns, spans 1-4, extents in [20, 200]; flow: sizes
** in [20, 200]^2), and four phases, each dumped on its own: the first prepare (content size after
** the hand-over), a sweep of 1000 viewport queries, five one-item extent (size) edits at n/2 each
** followed by its prepare, four span edits at n/2 (spans 1, 2, 3, 4; grid only), and (grid5)
** five inserts at 0, five deletes at n/2 and five moves n/4 -> 3n/4, each the range edits, the
** batch update and the prepare, as bench/grid.c makes them.
**
**   cc -O2 -std=c11 -Iinclude bench/grid_counts.c -o build/grid-counts -Lbuild/lib -lcvlayout
**   valgrind --tool=callgrind --callgrind-out-file=build/cg.%p build/grid-counts grid   # or flow
**   grep summary build/cg.<pid>.[1-4]
*/
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include "cvlayout.h"

#define N 1000000

static int64_t g_count = N;
static uint64_t rng = 12345;

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
static double uniform(double lo, double hi) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return lo + (hi - lo) * (double)(rng >> 11) / 9007199254740992.0;
}

int main(int argc, char **argv) {
    static double extents[N];
    static int32_t spans[N];
    static cvl_size sizes[N];
    static cvl_attributes buf[4096];
    int i, flow = argc > 1 && strcmp(argv[1], "flow") == 0;
    cvl_layout *l = NULL;
    cvl_view *v = NULL;
    cvl_size s;
    size_t count, total = 0;
    cvl_data_source ds = {NULL, n_sections, n_items};
    for (i = 0; i < N; i++) {
        sizes[i].width = uniform(20, 200);
        sizes[i].height = uniform(20, 200);
        extents[i] = uniform(20, 200);
        spans[i] = 1 + (int32_t)uniform(0, 4);
    }
    if (flow) {
        cvl_flow_config c;
        cvl_flow_layout_create(&l);
        cvl_flow_layout_get_config(l, &c);
        c.minimum_interitem_spacing = c.minimum_line_spacing = 10;
        cvl_flow_layout_set_config(l, &c);
        cvl_flow_layout_set_item_sizes(l, 0, sizes, N);
    } else {
        cvl_grid_config c;
        cvl_grid_layout_create(&l);
        cvl_grid_layout_get_config(l, &c);
        c.columns = 8;
        c.interitem_spacing = c.intergroup_spacing = 10;
        c.item_height = 110;
        cvl_grid_layout_set_config(l, &c);
        cvl_grid_layout_set_item_spans(l, 0, spans, N);
        cvl_grid_layout_set_item_extents(l, 0, extents, N);
    }
    cvl_view_create(&ds, l, &v);
    cvl_view_set_bounds_size(v, (cvl_size){1000, 800});
    CALLGRIND_ZERO_STATS;
    cvl_view_content_size(v, &s);
    CALLGRIND_DUMP_STATS_AT("first-prepare");
    for (i = 0; i < 1000; i++) {
        double y = (s.height - 800) * i / 1000;
        cvl_view_attributes_in_rect(v, (cvl_rect){0, y, 1000, 800}, buf, 4096, &count);
        total += count;
    }
    CALLGRIND_DUMP_STATS_AT("query-sweep-1000");
    for (i = 0; i < 5; i++) {
        double e = 90 + i;
        cvl_size one = {150, 90 + i};
        if (flow) cvl_flow_layout_replace_item_sizes(l, 0, N / 2, 1, &one, 1);
        else cvl_grid_layout_replace_item_extents(l, 0, N / 2, 1, &e, 1);
        cvl_view_content_size(v, &s);
    }
    CALLGRIND_DUMP_STATS_AT("extent-edit-x5");
    for (i = 0; i < 4; i++) {
        int32_t one = 1 + i;
        if (!flow) cvl_grid_layout_replace_item_spans(l, 0, N / 2, 1, &one, 1);
        cvl_view_content_size(v, &s);
    }
    CALLGRIND_DUMP_STATS_AT("span-edit-x4");
    for (int kind = 0; kind < 3; kind++) {
        for (i = 0; i < 5; i++) {
            int64_t n = g_count, from = kind == 0 ? 0 : kind == 1 ? n / 2 : n / 4, to = 3 * n / 4;
            double e = 90 + i;
            int32_t sp = 1 + i % 4;
            cvl_size one = {150, 90 + i};
            cvl_update_item up;
            memset(&up, 0, sizeof up);
            up.before.section = up.before.item = up.after.section = up.after.item = -1;
            if (kind != 0) { /* the delete, and a move's first half */
                if (flow) {
                    cvl_flow_layout_replace_item_sizes(l, 0, from, 1, NULL, 0);
                } else {
                    cvl_grid_layout_replace_item_spans(l, 0, from, 1, NULL, 0);
                    cvl_grid_layout_replace_item_extents(l, 0, from, 1, NULL, 0);
                }
            }
            if (kind != 1) { /* the insert, and a move's second half */
                int64_t at = kind == 0 ? 0 : to;
                if (flow) {
                    cvl_flow_layout_replace_item_sizes(l, 0, at, 0, &one, 1);
                } else {
                    cvl_grid_layout_replace_item_spans(l, 0, at, 0, &sp, 1);
                    cvl_grid_layout_replace_item_extents(l, 0, at, 0, &e, 1);
                }
            }
            if (kind == 0) {
                g_count = n + 1;
                up.action = CVL_UPDATE_INSERT;
                up.after = (cvl_index_path){0, 0};
            } else if (kind == 1) {
                g_count = n - 1;
                up.action = CVL_UPDATE_DELETE;
                up.before = (cvl_index_path){0, from};
            } else {
                up.action = CVL_UPDATE_MOVE;
                up.before = (cvl_index_path){0, from};
                up.after = (cvl_index_path){0, to};
            }
            if (cvl_view_perform_batch_updates(v, &up, 1, NULL) != CVL_OK) {
                printf("batch update failed: %s\n", cvl_last_error_message());
                return 1;
            }
            cvl_view_content_size(v, &s);
        }
        CALLGRIND_DUMP_STATS_AT(kind == 0 ? "insert-at-0-x5" : kind == 1 ? "delete-x5" : "move-x5");
    }
    printf("%zu elements in 1000 queries, content height %.17g\n", total, s.height);
    cvl_view_destroy(v);
    cvl_layout_destroy(l);
    return 0;
}
