/*
** bench/section_drift.c — how far a layout's section origins drift from the exact sums of its
** sections' extents and spacings (BENCHMARKS.md "(sect11, issue 32)").
**
** Usage: section_drift flow|compositional [sections] [spacing]
** The shapes of bench/section_layouts.h, 10^5 sections x 20 items and a spacing of 0.1 by default
** (the flow's between lines, the compositional layout's between sections: sums that round). Every
** section is alike, so its extent `e` is the content length of a one-section layout, and section
** s starts exactly at s * e (flow) or s * (e + spacing) (compositional), computed in long double
** (64-bit significand: within 2^-60 of the exact value here). The origin read is the section
** header's frame (at the origin plus 0). Prints the largest and the mean absolute difference, the
** largest in units in the last place of the origin, and at the last section; after the full pass,
** then after a row-adding edit of section 0 and its undo (every later section moved).
*/
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static cvl_view *make_view(int kind, double spacing) {
    cvl_data_source ds = {NULL, ds_sections, ds_items};
    cvl_layout *l = make_spaced_layout(kind, spacing);
    cvl_view *v = NULL;
    CHECK(cvl_view_create(&ds, l, &v));
    CHECK(cvl_layout_destroy(l));
    CHECK(cvl_view_set_bounds_size(v, (cvl_size){1000, 800}));
    return v;
}

static void report(const char *what, cvl_view *v, long double pitch) {
    long double worst = 0, sum = 0, worstUlps = 0, last = 0;
    for (int64_t s = 0; s < g_sections; s++) {
        cvl_attributes a;
        int found = 0;
        CHECK(cvl_view_attributes_for_element(v, CVL_CATEGORY_SUPPLEMENTARY, CVL_KIND_HEADER, (cvl_index_path){s, 0},
                                              &a, &found));
        if (!found) exit(1);
        double y = a.frame.y;
        long double d = fabsl((long double)y - (long double)s * pitch);
        double ulp = y > 0 ? nextafter(y, INFINITY) - y : 0;
        sum += d;
        if (d > worst) worst = d;
        if (ulp > 0 && d / ulp > worstUlps) worstUlps = d / ulp;
        if (s == g_sections - 1) last = d;
    }
    printf("%-22s largest %.3Le  mean %.3Le  largest %.1Lf ulps  last section %.3Le\n", what, worst,
           sum / g_sections, worstUlps, last);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: section_drift flow|compositional [sections] [spacing]\n");
        return 1;
    }
    int kind = !strcmp(argv[1], "flow") ? FLOW : COMPOSITIONAL;
    int64_t sections = argc > 2 ? atoll(argv[2]) : 100000;
    double spacing = argc > 3 ? atof(argv[3]) : 0.1;
    g_counts = malloc(sizeof *g_counts * (size_t)sections);
    if (!g_counts) return 1;
    for (int64_t s = 0; s < sections; s++) g_counts[s] = 20;
    cvl_size one, content;
    g_sections = 1;
    cvl_view *v = make_view(kind, spacing);
    CHECK(cvl_view_content_size(v, &one));
    CHECK(cvl_view_destroy(v));
    long double pitch = (long double)one.height + (kind == FLOW ? 0 : (long double)spacing);
    g_sections = sections;
    v = make_view(kind, spacing);
    CHECK(cvl_view_content_size(v, &content));
    printf("%s, %lld sections, spacing %g, extent %.17g\n", argv[1], (long long)sections, spacing, one.height);
    report("full pass", v, pitch);
    cvl_update_item up;
    memset(&up, 0, sizeof up);
    up.action = CVL_UPDATE_INSERT;
    up.before = up.after = (cvl_index_path){0, 20};
    g_counts[0] = 21;
    CHECK(cvl_view_perform_batch_updates(v, &up, 1, NULL));
    up.action = CVL_UPDATE_DELETE;
    g_counts[0] = 20;
    CHECK(cvl_view_perform_batch_updates(v, &up, 1, NULL));
    report("after a row edit, back", v, pitch);
    CHECK(cvl_view_destroy(v));
    free(g_counts);
    return 0;
}
