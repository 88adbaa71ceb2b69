/*
** bench/compositional.c — the compositional layout next to the flow layout (BENCHMARKS.md,
** "Compositional layout"). Built and run by `make bench-compositional`.
**
** Two shapes in a 1000 x 800 viewport, each laid out by
**   flow:          item_size 200 x 200, no spacing, a 44-point header per section (five a row);
**   compositional: Apple's Grid screen (items 0.2 x 1.0 of groups 1.0 x 0.2 width: five 200 x 200
**                  a row) with a 44-point .top header, the one section every section shares;
**   orthogonal:    the same section scrolling continuously across (each section one row of 20
**                  groups of 200 wide, each section at its own offset): 10^5 sections only;
** at 10^5 sections of 20 items and at one section of 10^6 items. For each: the first layout pass
** (the view created, its bounds set, then the content size asked: the timed call), the
** heap kept by the view and its layout per section and per item, and a viewport query (a sweep
** of 1000 visible-rect queries at seeded offsets, the orthogonal sections at seeded offsets of
** their own), and one-item edits of the middle section (the batch update and the content size,
** as bench/incremental.c times the flow's): one that keeps the section's rows and one that
** adds or removes a row (every later section then moves).
**
** Single-threaded; CLOCK_MONOTONIC; the best of RUNS runs.
*/
#define _GNU_SOURCE
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cvlayout.h"

#define VIEW_W 1000.0
#define VIEW_H 800.0
#define RUNS 5
#define QUERIES 1000
#define OUT_CAPACITY 4096

static void check(int status, const char *what, int line) {
    if (status != CVL_OK) {
        fprintf(stderr, "compositional.c:%d: %s failed: %s\n", line, what, cvl_last_error_message());
        exit(1);
    }
}
#define CHECK(call) check((call), #call, __LINE__)

#include "section_layouts.h"

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double heap_in_use(void) {
    struct mallinfo2 mi = mallinfo2();
    return (double)mi.uordblks + (double)mi.hblkhd;
}

static uint64_t rng_state = 7;
static double rng_unit(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

static int64_t g_sections, g_items, g_edit_section = -1, g_edit_delta;
static int ds_sections(void *c, int64_t *out) {
    (void)c;
    *out = g_sections;
    return 0;
}
static int ds_items(void *c, int64_t s, int64_t *out) {
    (void)c;
    *out = g_items + (s == g_edit_section ? g_edit_delta : 0);
    return 0;
}

static const char *NAMES[] = {"flow", "compositional", "compositional, orthogonal"};

static void run(int kind, int64_t sections, int64_t items) {
    cvl_data_source ds = {NULL, ds_sections, ds_items};
    cvl_attributes *out = malloc(sizeof *out * OUT_CAPACITY);
    double prepare = 1e300, query = 1e300, edit = 1e300, edit_rows = 1e300, heap = 0, elements = 0;
    cvl_size content = {0, 0};
    g_sections = sections;
    g_items = items;
    if (!out) exit(1);
    for (int r = 0; r < RUNS; r++) {
        double h0 = heap_in_use();
        cvl_layout *l = make_spaced_layout(kind, 0);
        cvl_view *v = NULL;
        CHECK(cvl_view_create(&ds, l, &v));
        CHECK(cvl_layout_destroy(l));
        CHECK(cvl_view_set_bounds_size(v, (cvl_size){VIEW_W, VIEW_H}));
        double t0 = now_ns();
        CHECK(cvl_view_content_size(v, &content));
        double t1 = now_ns();
        if (t1 - t0 < prepare) prepare = t1 - t0;
        heap = heap_in_use() - h0;
        rng_state = 7;
        size_t total = 0;
        double q0 = now_ns();
        for (int q = 0; q < QUERIES; q++) {
            double y = rng_unit() * (content.height - VIEW_H);
            size_t n = 0;
            CHECK(cvl_view_set_content_offset(v, (cvl_point){0, y}));
            if (kind == ORTHOGONAL) { /* the sections on screen scrolled to offsets of their own */
                int64_t first = (int64_t)(y / 244);
                for (int64_t s = first; s < first + 5 && s < sections; s++)
                    CHECK(cvl_compositional_set_orthogonal_offset(v, s, rng_unit() * 3000));
            }
            CHECK(cvl_view_visible_attributes(v, out, OUT_CAPACITY, &n));
            total += n;
        }
        double q1 = now_ns();
        if ((q1 - q0) / QUERIES < query) query = (q1 - q0) / QUERIES;
        elements = (double)total / QUERIES;
        /* The middle section loses item 1 and gets it back (its rows stay: 20 -> 19 -> 20 items
        ** of five a row), then gains an item and loses it (20 -> 21 -> 20: a row more, then
        ** fewer): each change timed on its own, the best of each pair. */
        g_edit_section = sections / 2;
        for (int e = 0; e < 4; e++) {
            cvl_update_item up;
            memset(&up, 0, sizeof up);
            int insert = e == 1 || e == 2;
            up.action = insert ? CVL_UPDATE_INSERT : CVL_UPDATE_DELETE;
            up.before = up.after = (cvl_index_path){g_edit_section, e < 2 ? 1 : items};
            g_edit_delta = e == 0 ? -1 : e == 2 ? 1 : 0;
            double e0 = now_ns();
            CHECK(cvl_view_perform_batch_updates(v, &up, 1, NULL));
            CHECK(cvl_view_content_size(v, &content));
            double e1 = now_ns();
            double *best = e < 2 ? &edit : &edit_rows;
            if (e1 - e0 < *best) *best = e1 - e0;
        }
        g_edit_section = -1;
        CHECK(cvl_view_destroy(v));
    }
    double n = (double)sections * (double)items;
    printf("| %s | %lld x %lld | %.1f ms (%.2f ns/item, %.1f ns/section) | %.0f B/section, %.2f B/item | "
           "%.2f us (%.0f elements) | %.3f ms | %.3f ms |\n",
           NAMES[kind], (long long)sections, (long long)items, prepare / 1e6, prepare / n, prepare / (double)sections,
           heap / (double)sections, heap / n, query / 1e3, elements, edit / 1e6, edit_rows / 1e6);
    free(out);
}

int main(void) {
    printf("| layout | sections x items | first layout pass | heap kept | viewport query | one-item edit, rows kept "
           "| one-item edit, a row more or fewer |\n");
    printf("|---|---|---:|---:|---:|---:|---:|\n");
    run(FLOW, 100000, 20);
    run(COMPOSITIONAL, 100000, 20);
    run(ORTHOGONAL, 100000, 20);
    run(FLOW, 1, 1000000);
    run(COMPOSITIONAL, 1, 1000000);
    return 0;
}
