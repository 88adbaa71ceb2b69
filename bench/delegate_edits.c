/*
** One-item batch updates with and without flow delegate callbacks (issue 32), against a full
** prepare measured in the same run: 10^6 items in one section of random sizes 50-150 in a
** 1000-wide column. Three set-ups: no delegate (sizes handed over in bulk), an inset_for_section
** delegate only (sizes in bulk), and a size_for_item delegate answering from the host's array (plus
** inset_for_section). Each change: one size changed (bulk: replace_item_sizes; delegate: a reload),
** one appended, one inserted at 0, one deleted in the middle, one moved from n/4 to 3n/4; then the
** layout cycle. Prints the median of ROUNDS in ms and the share of a full prepare (invalidate
** everything, then the cycle). Not a test: numbers depend on the machine. Build and run:
** make bench-delegate-edits (LD_LIBRARY_PATH picks the library to measure).
*/
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "cvlayout.h"

#define ROUNDS 7
#define N 1000000


static cvl_size *g_sizes; /* the host's model: capacity N + ROUNDS * 2 */
static int64_t g_count;

static double unit(uint64_t i) {
    uint64_t z = i * 0x9E3779B97F4A7C15ull + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

static int ds_sections(void *c, int64_t *out) { (void)c; *out = 1; return 0; }
static int ds_items(void *c, int64_t s, int64_t *out) { (void)c; (void)s; *out = g_count; return 0; }
static int d_size(void *c, cvl_index_path ip, cvl_size *out) { (void)c; *out = g_sizes[ip.item]; return 0; }
static int d_inset(void *c, int64_t s, cvl_insets *out) {
    (void)c; (void)s;
    *out = (cvl_insets){8, 4, 8, 4};
    return 0;
}

static const char *g_modes[3] = {"no delegate (bulk sizes)", "inset_for_section only (bulk sizes)",
                                 "size_for_item + inset_for_section"};

static void model_insert(int64_t at, cvl_size v) {
    memmove(g_sizes + at + 1, g_sizes + at, (size_t)(g_count - at) * sizeof *g_sizes);
    g_sizes[at] = v;
    g_count++;
}
static cvl_size model_remove(int64_t at) {
    cvl_size v = g_sizes[at];
    memmove(g_sizes + at, g_sizes + at + 1, (size_t)(g_count - at - 1) * sizeof *g_sizes);
    g_count--;
    return v;
}

static void run(int mode) {
    static const char *names[5] = {"change one size", "append one", "insert one at 0", "delete one in the middle",
                                   "move one (n/4 to 3n/4)"};
    cvl_layout *layout;
    cvl_view *view;
    cvl_data_source ds;
    cvl_flow_delegate d;
    cvl_flow_config cfg;
    cvl_size size;
    double full[ROUNDS], t[ROUNDS], t0, f;
    int64_t i;
    int r, k;
    int bulk = mode < 2;
    g_count = N;
    for (i = 0; i < N; i++) {
        g_sizes[i] = (cvl_size){50 + 100 * unit((uint64_t)i * 2), 50 + 100 * unit((uint64_t)i * 2 + 1)};
    }
    memset(&ds, 0, sizeof ds);
    ds.number_of_sections = ds_sections;
    ds.number_of_items = ds_items;
    memset(&d, 0, sizeof d);
    d.inset_for_section = d_inset;
    if (mode == 2) d.size_for_item = d_size;
    CHECK(cvl_flow_layout_create(&layout));
    CHECK(cvl_flow_config_default(&cfg));
    CHECK(cvl_flow_layout_set_config(layout, &cfg));
    if (bulk) CHECK(cvl_flow_layout_set_item_sizes(layout, 0, g_sizes, (size_t)N));
    if (mode > 0) CHECK(cvl_flow_layout_set_delegate(layout, &d));
    CHECK(cvl_view_create(&ds, layout, &view));
    CHECK(cvl_view_set_bounds_size(view, (cvl_size){1000, 800}));
    CHECK(cvl_view_content_size(view, &size));
    for (r = 0; r < ROUNDS; r++) {
        CHECK(cvl_view_invalidate_layout(view, CVL_INVALIDATE_EVERYTHING, NULL, 0));
        t0 = now_ms();
        CHECK(cvl_view_content_size(view, &size));
        full[r] = now_ms() - t0;
    }
    f = median(full, ROUNDS);
    printf("\n### %s\n\n| change | ms (median of %d) | of a full prepare |\n|---|---|---|\n", g_modes[mode], ROUNDS);
    printf("| full prepare | %.3f | 100 %% |\n", f);
    for (k = 0; k < 5; k++) {
        for (r = 0; r < ROUNDS; r++) {
            cvl_update_item up;
            cvl_size one = {60 + r, 70}, v = {0, 0};
            int64_t n = g_count, at = k == 1 ? n : k == 2 ? 0 : n / 2;
            memset(&up, 0, sizeof up);
            up.before = up.after = (cvl_index_path){-1, -1};
            /* The host's own model is edited first, outside the timing (a memmove of up to 16 MB). */
            if (k == 0) {
                g_sizes[at] = one;
            } else if (k == 4) {
                v = model_remove(n / 4);
                model_insert(3 * n / 4, v);
            } else if (k == 3) {
                model_remove(at);
            } else {
                model_insert(at, one);
            }
            t0 = now_ms();
            if (k == 0) {
                if (bulk) {
                    CHECK(cvl_flow_layout_replace_item_sizes(layout, 0, at, 1, &one, 1));
                } else {
                    up.action = CVL_UPDATE_RELOAD;
                    up.before = (cvl_index_path){0, at};
                    CHECK(cvl_view_perform_batch_updates(view, &up, 1, NULL));
                }
            } else if (k == 4) {
                int64_t from = n / 4, to = 3 * n / 4;
                if (bulk) {
                    CHECK(cvl_flow_layout_replace_item_sizes(layout, 0, from, 1, NULL, 0));
                    CHECK(cvl_flow_layout_replace_item_sizes(layout, 0, to, 0, &v, 1));
                }
                up.action = CVL_UPDATE_MOVE;
                up.before = (cvl_index_path){0, from};
                up.after = (cvl_index_path){0, to};
                CHECK(cvl_view_perform_batch_updates(view, &up, 1, NULL));
            } else if (k == 3) {
                if (bulk) CHECK(cvl_flow_layout_replace_item_sizes(layout, 0, at, 1, NULL, 0));
                up.action = CVL_UPDATE_DELETE;
                up.before = (cvl_index_path){0, at};
                CHECK(cvl_view_perform_batch_updates(view, &up, 1, NULL));
            } else {
                if (bulk) CHECK(cvl_flow_layout_replace_item_sizes(layout, 0, at, 0, &one, 1));
                up.action = CVL_UPDATE_INSERT;
                up.after = (cvl_index_path){0, at};
                CHECK(cvl_view_perform_batch_updates(view, &up, 1, NULL));
            }
            CHECK(cvl_view_content_size(view, &size));
            t[r] = now_ms() - t0;
        }
        t0 = median(t, ROUNDS);
        printf("| %s | %.3f | %.2f %% |\n", names[k], t0, 100 * t0 / f);
    }
    CHECK(cvl_view_destroy(view));
    CHECK(cvl_layout_destroy(layout));
}

int main(void) {
    int m;
    g_sizes = malloc((size_t)(N + 8 * ROUNDS) * sizeof *g_sizes);
    if (!g_sizes) return 1;
    printf("One-item batch updates at 10^6 items (random sizes 50-150, 1000 wide)\n");
    for (m = 0; m < 3; m++) run(m);
    free(g_sizes);
    return 0;
}
