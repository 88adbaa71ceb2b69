/*
** Incremental changes vs a full prepare (issue 14): at 10^6 items in ONE section and at 1000
** sections x 1000 items, each change below is timed against a full prepare measured in the same
** run (the median and the slowest of ROUNDS): one size changed, one item appended, one inserted
** at 0, one deleted in the middle, one moved from a quarter to three quarters of the section
** (sizes edited in place with cvl_flow_layout_replace_item_sizes, then the batch update), and an
** apply_snapshot that swaps two identifiers, and the same swap as one apply_snapshot_edits splice
** (periodic sizes). The target is <= 1 % of a full
** prepare. Workloads: periodic widths and heights, random whole points, random fractional sizes,
** and a grid (a full-width banner, then equal cells three a line; the sizes inserted are the
** cells'). Not a test: numbers depend on the machine. Build and run: make bench.
*/
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "cvlayout.h"

#define ROUNDS 5


/* The median and the slowest of ROUNDS timings (the median hides an edit whose lines never
** agree with the old ones again: every line after it is laid out again). */
typedef struct timing {
    double median, worst;
} timing;
static timing summary(double *v) {
    timing t;
    t.median = median(v, ROUNDS);
    t.worst = v[ROUNDS - 1];
    return t;
}

static int64_t g_sections, g_items[1000];
/* 0 periodic, 1 random whole points, 2 random fractional, 3 grid. */
static int g_sizes;
static const char *g_size_names[4] = {"periodic", "random", "random fractional", "grid"};

/* splitmix64: a seeded, portable generator; uniform in [0, 1). */
static double unit(uint64_t i) {
    uint64_t z = i * 0x9E3779B97F4A7C15ull + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

static cvl_size size_of(int64_t i) {
    double w, h;
    if (g_sizes == 3) return i == 0 ? (cvl_size){390, 50} : (cvl_size){100, 100};
    if (g_sizes == 0) return (cvl_size){20 + (double)(i * 7919 % 61), 20 + (double)(i * 104729 % 37)};
    w = 20 + 61 * unit((uint64_t)i * 2);
    h = 20 + 37 * unit((uint64_t)i * 2 + 1);
    if (g_sizes == 1) {
        w = (double)(int64_t)w;
        h = (double)(int64_t)h;
    }
    return (cvl_size){w, h};
}

static int ds_sections(void *c, int64_t *out) { (void)c; *out = g_sections; return 0; }
static int ds_items(void *c, int64_t s, int64_t *out) { (void)c; *out = g_items[s]; return 0; }

typedef struct bench {
    cvl_layout *layout;
    cvl_view *view;
} bench;

static bench make(int64_t sections, int64_t per) {
    bench b;
    cvl_data_source ds;
    cvl_size *sizes = malloc((size_t)per * sizeof *sizes);
    int64_t s, i;
    memset(&ds, 0, sizeof ds);
    ds.number_of_sections = ds_sections;
    ds.number_of_items = ds_items;
    g_sections = sections;
    CHECK(cvl_flow_layout_create(&b.layout));
    for (i = 0; i < per; i++) sizes[i] = size_of(i);
    for (s = 0; s < sections; s++) {
        g_items[s] = per;
        CHECK(cvl_flow_layout_set_item_sizes(b.layout, s, sizes, (size_t)per));
    }
    free(sizes);
    CHECK(cvl_view_create(&ds, b.layout, &b.view));
    CHECK(cvl_view_set_bounds_size(b.view, (cvl_size){390, 844}));
    return b;
}

/* A full prepare: a fresh layout and view over the same data, timed from the first query (the
** layout computes everything; creating it and handing over the sizes are not counted). */
static double full_prepare(int64_t sections, int64_t per) {
    double t[ROUNDS], t0;
    cvl_size size;
    int r;
    for (r = 0; r < ROUNDS; r++) {
        bench f = make(sections, per);
        t0 = now_ms();
        CHECK(cvl_view_content_size(f.view, &size));
        t[r] = now_ms() - t0;
        CHECK(cvl_view_destroy(f.view));
        CHECK(cvl_layout_destroy(f.layout));
    }
    return median(t, ROUNDS);
}

/* One change in `section`: kind 0 = one size changed at the middle, 1 = append, 2 = insert at
** 0, 3 = delete in the middle, 4 = move from n/4 to 3n/4 (its size deleted there, inserted here);
** sizes edited in place, then the batch update, then the layout. */
static timing change(bench *b, int64_t section, int kind) {
    double t[ROUNDS], t0;
    cvl_size size, one = {33, 44};
    cvl_update_item up;
    if (g_sizes == 3) one = (cvl_size){100, 100}; /* a cell like the others */
    int r;
    for (r = 0; r < ROUNDS; r++) {
        int64_t n = g_items[section], at = kind == 1 ? n : kind == 2 ? 0 : n / 2;
        memset(&up, 0, sizeof up);
        up.before.section = up.before.item = up.after.section = up.after.item = -1;
        t0 = now_ms();
        if (kind == 0) {
            one.width = g_sizes == 3 ? 80 + r : 30 + r; /* a cell measured narrower */
            CHECK(cvl_flow_layout_replace_item_sizes(b->layout, section, at, 1, &one, 1));
        } else if (kind == 4) {
            int64_t from = n / 4, to = 3 * n / 4;
            CHECK(cvl_flow_layout_replace_item_sizes(b->layout, section, from, 1, NULL, 0));
            CHECK(cvl_flow_layout_replace_item_sizes(b->layout, section, to, 0, &one, 1));
            up.action = CVL_UPDATE_MOVE;
            up.before = (cvl_index_path){section, from};
            up.after = (cvl_index_path){section, to};
            CHECK(cvl_view_perform_batch_updates(b->view, &up, 1, NULL));
        } else if (kind == 3) {
            CHECK(cvl_flow_layout_replace_item_sizes(b->layout, section, at, 1, NULL, 0));
            g_items[section] = n - 1;
            up.action = CVL_UPDATE_DELETE;
            up.before = (cvl_index_path){section, at};
            CHECK(cvl_view_perform_batch_updates(b->view, &up, 1, NULL));
        } else {
            CHECK(cvl_flow_layout_replace_item_sizes(b->layout, section, at, 0, &one, 1));
            g_items[section] = n + 1;
            up.action = CVL_UPDATE_INSERT;
            up.after = (cvl_index_path){section, at};
            CHECK(cvl_view_perform_batch_updates(b->view, &up, 1, NULL));
        }
        CHECK(cvl_view_content_size(b->view, &size));
        t[r] = now_ms() - t0;
    }
    return summary(t);
}

static void row(const char *what, timing ms, double full) {
    double pct = 100.0 * ms.median / full, worst = 100.0 * ms.worst / full;
    printf("| %s | %.3f | %.1f %% | %.3f | %.1f %% | %s |\n", what, ms.median, pct, ms.worst, worst,
           pct <= 1.0 ? (worst <= 1.0 ? "met" : "met by the median") : "not met");
}

static void run(int64_t sections, int64_t per) {
    static const char *names[5] = {"change one size", "append one", "insert one at 0", "delete one in the middle",
                                   "move one (n/4 to 3n/4)"};
    double full = full_prepare(sections, per);
    bench b = make(sections, per);
    cvl_size first;
    int k;
    printf("\n### %lld section%s x %lld items, %s sizes\n\n", (long long)sections, sections == 1 ? "" : "s",
           (long long)per, g_size_names[g_sizes]);
    printf("| change | ms (median of %d) | of a full prepare | ms (slowest) | of a full prepare | target <= 1 %% |\n"
           "|---|---|---|---|---|---|\n",
           ROUNDS);
    printf("| full prepare | %.3f | 100 %% | | | |\n", full);
    CHECK(cvl_view_content_size(b.view, &first));
    for (k = 0; k < 5; k++) row(names[k], change(&b, sections / 2, k), full);
    if (g_sizes == 0) {
        /* apply_snapshot swapping two neighbouring identifiers in the middle of the middle
        ** section, and back (the diff and the batch update, no size change); then the diff
        ** alone. Every other section's identifiers are handed over unchanged, as a host does. */
        int64_t n = g_items[sections / 2], s, i, next = 0;
        uint64_t **ids = malloc((size_t)sections * sizeof *ids);
        cvl_section_snapshot *secs = malloc((size_t)sections * sizeof *secs);
        uint64_t *mid;
        cvl_size size;
        double t[ROUNDS], t0;
        int r;
        for (s = 0; s < sections; s++) {
            ids[s] = malloc((size_t)g_items[s] * sizeof **ids);
            for (i = 0; i < g_items[s]; i++) ids[s][i] = (uint64_t)next++;
            secs[s] = (cvl_section_snapshot){(uint64_t)s, ids[s], (size_t)g_items[s]};
        }
        CHECK(cvl_view_set_identifiers(b.view, secs, (size_t)sections));
        mid = ids[sections / 2];
        for (r = 0; r < ROUNDS; r++) {
            uint64_t tmp = mid[n / 2];
            mid[n / 2] = mid[n / 2 + 1];
            mid[n / 2 + 1] = tmp;
            t0 = now_ms();
            CHECK(cvl_view_apply_snapshot(b.view, secs, (size_t)sections, NULL, 0, NULL));
            CHECK(cvl_view_content_size(b.view, &size));
            t[r] = now_ms() - t0;
        }
        row("apply_snapshot: two neighbours swapped", summary(t), full);
        {
            /* The same swap handed over as one splice (cvl_view_apply_snapshot_edits): the two
            ** identifiers replaced by the pair swapped; nothing else is sent or compared. */
            uint64_t pair[2], p = mid[n / 2], q = mid[n / 2 + 1];
            cvl_snapshot_edit edit = {sections / 2, n / 2, 2, pair, 2};
            for (r = 0; r < ROUNDS; r++) {
                pair[0] = q;
                pair[1] = p;
                t0 = now_ms();
                CHECK(cvl_view_apply_snapshot_edits(b.view, &edit, 1, NULL, 0, NULL));
                CHECK(cvl_view_content_size(b.view, &size));
                t[r] = now_ms() - t0;
                p = pair[0];
                q = pair[1];
            }
            row("apply_snapshot_edits: the same swap as one splice", summary(t), full);
            if (ROUNDS % 2) { /* the view's pair back to `mid`'s, for the diff below */
                pair[0] = q;
                pair[1] = p;
                CHECK(cvl_view_apply_snapshot_edits(b.view, &edit, 1, NULL, 0, NULL));
            }
        }
        for (r = 0; r < ROUNDS; r++) {
            size_t count = 0;
            cvl_update_item out[4];
            uint64_t tmp = mid[n / 2];
            mid[n / 2] = mid[n / 2 + 1];
            mid[n / 2 + 1] = tmp;
            t0 = now_ms();
            CHECK(cvl_view_diff_snapshot(b.view, secs, (size_t)sections, NULL, 0, out, 4, &count));
            t[r] = now_ms() - t0;
        }
        row("diff_snapshot alone (two neighbours swapped)", summary(t), full);
        for (s = 0; s < sections; s++) free(ids[s]);
        free(ids);
        free(secs);
    }
    CHECK(cvl_view_destroy(b.view));
    CHECK(cvl_layout_destroy(b.layout));
}

int main(void) {
    printf("## Incremental changes vs a full prepare (bench/incremental.c)\n");
    for (g_sizes = 0; g_sizes < 4; g_sizes++) run(1, 1000000);
    g_sizes = 0;
    run(1000, 1000);
    return 0;
}
