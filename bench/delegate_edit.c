/*
** One-item edits on a flow layout with a delegate (issue 32): a delete, an insert and a size
** change in the middle of one section of 10^6 items of random sizes with bulk sizes, with and
** without an inset_for_section delegate, against a full re-layout of the same view. Build and
** run:
**   make lib && cc -O2 -std=c11 -Iinclude bench/delegate_edit.c -o build/bench-delegate-edit \
**       -Lbuild/lib -lcvlayout -Wl,-rpath,$PWD/build/lib -lm && build/bench-delegate-edit
** Best of 5 runs each; wall-clock, so read it on a quiet machine.
*/
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cvlayout.h"

#define N 1000000

static int64_t g_count = N;
static int items(void *ctx, int64_t section, int64_t *out) {
    (void)ctx;
    (void)section;
    *out = g_count;
    return 0;
}
static int inset(void *ctx, int64_t section, cvl_insets *out) {
    (void)ctx;
    (void)section;
    *out = (cvl_insets){5, 5, 5, 5};
    return 0;
}
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
static void check(int rc) {
    if (rc != CVL_OK) {
        fprintf(stderr, "error: %s\n", cvl_last_error_message());
        exit(1);
    }
}

static void run(int with_delegate) {
    cvl_layout *flow;
    cvl_view *view;
    cvl_flow_config c;
    cvl_size content;
    cvl_data_source ds = {NULL, NULL, items};
    cvl_size *sizes = malloc(N * sizeof *sizes);
    uint64_t x = 42;
    double full = 1e9, del = 1e9, ins = 1e9, chg = 1e9;
    for (int i = 0; i < N; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        sizes[i] = (cvl_size){50 + (double)(x >> 33) / (1ull << 31) * 100, 50 + (double)(x >> 40 & 0xff) / 255 * 100};
    }
    g_count = N;
    check(cvl_flow_layout_create(&flow));
    check(cvl_flow_config_default(&c));
    c.minimum_interitem_spacing = c.minimum_line_spacing = 10;
    check(cvl_flow_layout_set_config(flow, &c));
    if (with_delegate) {
        cvl_flow_delegate d = {0};
        d.inset_for_section = inset;
        check(cvl_flow_layout_set_delegate(flow, &d));
    }
    check(cvl_flow_layout_set_item_sizes(flow, 0, sizes, N));
    check(cvl_view_create(&ds, flow, &view));
    check(cvl_view_set_bounds_size(view, (cvl_size){1000, 800}));
    check(cvl_view_content_size(view, &content));
    for (int r = 0; r < 5; r++) {
        double t = now();
        check(cvl_view_invalidate_layout(view, CVL_INVALIDATE_EVERYTHING, NULL, 0));
        check(cvl_view_content_size(view, &content));
        t = now() - t;
        if (t < full) full = t;
        cvl_update_item u = {0, 0, {-1, -1}, {-1, -1}};
        /* delete item 500,000 */
        t = now();
        check(cvl_flow_layout_replace_item_sizes(flow, 0, 500000, 1, NULL, 0));
        g_count = N - 1;
        u.action = CVL_UPDATE_DELETE;
        u.before = (cvl_index_path){0, 500000};
        check(cvl_view_perform_batch_updates(view, &u, 1, NULL));
        check(cvl_view_content_size(view, &content));
        t = now() - t;
        if (t < del) del = t;
        /* insert it back */
        t = now();
        check(cvl_flow_layout_replace_item_sizes(flow, 0, 500000, 0, &sizes[500000], 1));
        g_count = N;
        u.action = CVL_UPDATE_INSERT;
        u.before = (cvl_index_path){-1, -1};
        u.after = (cvl_index_path){0, 500000};
        check(cvl_view_perform_batch_updates(view, &u, 1, NULL));
        check(cvl_view_content_size(view, &content));
        t = now() - t;
        if (t < ins) ins = t;
        /* change its size (no batch update) */
        t = now();
        cvl_size z = {77, 66};
        check(cvl_flow_layout_replace_item_sizes(flow, 0, 500000, 1, r % 2 ? &sizes[500000] : &z, 1));
        check(cvl_view_content_size(view, &content));
        t = now() - t;
        if (t < chg) chg = t;
    }
    printf("| %s | %.2f ms | %.3f ms (%.2f %%) | %.3f ms (%.2f %%) | %.3f ms (%.2f %%) |\n",
           with_delegate ? "inset_for_section delegate" : "no delegate", full * 1e3, del * 1e3, 100 * del / full,
           ins * 1e3, 100 * ins / full, chg * 1e3, 100 * chg / full);
    check(cvl_view_destroy(view));
    check(cvl_layout_destroy(flow));
    free(sizes);
}

int main(void) {
    printf("| 10^6 items, one section | full layout | delete item 500,000 | insert it back | change its size |\n");
    printf("|---|---:|---:|---:|---:|\n");
    run(0);
    run(1);
    return 0;
}
