/*
** bench/section_edits.c — one-item edits at many sections, counted by callgrind (BENCHMARKS.md,
** "One-item edits at many sections, bulk counts (sect9, issue 32)"). Run by bench/section_edits.py.
**
** Usage: section_edits flow|compositional|orthogonal callback|bulk|bulk_changed [sections] [items]
**        [spacing]
** The shapes of bench/compositional.c (1000 x 800; flow: 200 x 200 items, a 44-point header a
** section; compositional: Apple's Grid with a 44-point header; orthogonal: its sections scrolling
** across), 10^5 sections x 20 items by default; `spacing` (default 0) between the flow's lines
** and between the compositional layout's sections (0.1: sums that round). The host keeps its
** counts in a table; the view asks them section by section (`callback`: cvl_data_source.number_of_items) or in one call
** (cvl_view_set_item_counts_source, looked up with dlsym so that the same binary runs against a
** library without it: then the bulk modes exit with status 2), the host copying its whole table
** (`bulk`: memcpy) or writing only the entry that changed (`bulk_changed`: the buffer keeps the
** host's previous answer). Phases, each dumped by
** CALLGRIND_DUMP_STATS_AT under its name: `first` (the first layout pass: the content size after
** the bounds), then each edit of the middle section (the batch update and the content size):
** `delete` (item 1: 20 -> 19, the rows kept), `insert` (back), `insert_row` (an item at the end:
** 20 -> 21, a row more), `delete_row` (back). The four edits run once uncounted first (lazy
** binding, first-use metadata), then counted. Then a row-adding edit right after a full pass
** (`first_row_edit`), a viewport query right after a row-adding edit (`query_after_edit`) and
** again (`query`). Natively the client requests do nothing.
*/
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include "cvlayout.h"

#include "bench_util.h"
#include "section_layouts.h"

static int64_t g_sections, *g_counts;
static int ds_sections(void *c, int64_t *out) {
    (void)c;
    *out = g_sections;
    return 0;
}
static int ds_items(void *c, int64_t s, int64_t *out) {
    (void)c;
    *out = g_counts[s];
    return 0;
}
static int ds_all_items(void *c, int64_t *out, size_t n) {
    (void)c;
    memcpy(out, g_counts, n * sizeof *out);
    return 0;
}
/* A host that knows what changed: the buffer holds its previous answer, so after the first call
** it writes only the middle section's entry (the one the edits change). */
static int g_primed;
static int ds_changed_items(void *c, int64_t *out, size_t n) {
    if (!g_primed) {
        g_primed = 1;
        return ds_all_items(c, out, n);
    }
    out[g_sections / 2] = g_counts[g_sections / 2];
    return 0;
}

static const char *EDITS[] = {"delete", "insert", "insert_row", "delete_row"};

static void edit(cvl_view *v, int e, int64_t sections, int64_t items) {
    cvl_update_item up;
    cvl_size content;
    int64_t mid = sections / 2;
    memset(&up, 0, sizeof up);
    up.action = e == 1 || e == 2 ? CVL_UPDATE_INSERT : CVL_UPDATE_DELETE;
    up.before = up.after = (cvl_index_path){mid, e < 2 ? 1 : items};
    g_counts[mid] = items + (e == 0 ? -1 : e == 2 ? 1 : 0);
    CHECK(cvl_view_perform_batch_updates(v, &up, 1, NULL));
    CHECK(cvl_view_content_size(v, &content));
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: section_edits flow|compositional|orthogonal callback|bulk|bulk_changed [sections] "
                        "[items] [spacing]\n");
        return 1;
    }
    int kind = !strcmp(argv[1], "flow") ? FLOW : !strcmp(argv[1], "compositional") ? COMPOSITIONAL : ORTHOGONAL;
    int bulk = !strcmp(argv[2], "bulk") ? 1 : !strcmp(argv[2], "bulk_changed") ? 2 : 0;
    int64_t sections = argc > 3 ? atoll(argv[3]) : 100000, items = argc > 4 ? atoll(argv[4]) : 20;
    double spacing = argc > 5 ? atof(argv[5]) : 0;
    g_sections = sections;
    g_counts = malloc(sizeof *g_counts * (size_t)sections);
    if (!g_counts) return 1;
    for (int64_t s = 0; s < sections; s++) g_counts[s] = items;
    cvl_data_source ds = {NULL, ds_sections, ds_items};
    cvl_layout *l = make_spaced_layout(kind, spacing);
    cvl_view *v = NULL;
    CHECK(cvl_view_create(&ds, l, &v));
    CHECK(cvl_layout_destroy(l));
    if (bulk) {
        typedef int (*setter)(cvl_view *, const cvl_item_counts_source *);
        setter set = (setter)(uintptr_t)dlsym(RTLD_DEFAULT, "cvl_view_set_item_counts_source");
        if (!set) {
            fprintf(stderr, "section_edits: this library has no cvl_view_set_item_counts_source\n");
            return 2;
        }
        cvl_item_counts_source src = {NULL, bulk == 1 ? ds_all_items : ds_changed_items};
        CHECK(set(v, &src));
    }
    CHECK(cvl_view_set_bounds_size(v, (cvl_size){1000, 800}));
    cvl_size content;
    CALLGRIND_ZERO_STATS;
    CHECK(cvl_view_content_size(v, &content));
    CALLGRIND_DUMP_STATS_AT("first");
    printf("first %.1f x %.1f\n", content.width, content.height);
    for (int e = 0; e < 4; e++) edit(v, e, sections, items);
    for (int e = 0; e < 4; e++) {
        CALLGRIND_ZERO_STATS;
        edit(v, e, sections, items);
        CALLGRIND_DUMP_STATS_AT(EDITS[e]);
    }
    /* A row-adding edit right after a full layout pass (`first_row_edit`: what the first such
    ** edit pays, e.g. for building tables the later ones use), then back (uncounted). */
    CHECK(cvl_view_invalidate_layout(v, CVL_INVALIDATE_EVERYTHING, NULL, 0));
    CHECK(cvl_view_content_size(v, &content));
    CALLGRIND_ZERO_STATS;
    edit(v, 2, sections, items);
    CALLGRIND_DUMP_STATS_AT("first_row_edit");
    edit(v, 3, sections, items);
    /* Then a viewport query (a 1000 x 800 rect three quarters down the content, in a buffer that
    ** holds it) right after a row-adding edit (`query_after_edit`: the first query after an edit
    ** that moved later sections), and the same query again (`query`). */
    edit(v, 2, sections, items);
    CHECK(cvl_view_content_size(v, &content));
    static cvl_attributes buf[4096];
    size_t got = 0;
    cvl_rect r = {0, content.height * 0.75, 1000, 800};
    CALLGRIND_ZERO_STATS;
    CHECK(cvl_view_attributes_in_rect(v, r, buf, 4096, &got));
    CALLGRIND_DUMP_STATS_AT("query_after_edit");
    size_t again = 0;
    CALLGRIND_ZERO_STATS;
    CHECK(cvl_view_attributes_in_rect(v, r, buf, 4096, &again));
    CALLGRIND_DUMP_STATS_AT("query");
    if (again != got) return 1;
    edit(v, 3, sections, items);
    CHECK(cvl_view_content_size(v, &content));
    printf("last %.1f x %.1f (query: %zu elements)\n", content.width, content.height, got);
    CHECK(cvl_view_destroy(v));
    free(g_counts);
    return 0;
}
