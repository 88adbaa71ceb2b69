/*
** Issue 29's "done when", kept as a test: a small program written from the README and the header
** only, which builds the flow, the span grid, the waterfall and the compositional layout in
** right-to-left with a display scale of 2 and checks the frames the header's rules give, worked
** by hand below. `make test-c` runs it under valgrind.
*/
#include <math.h>
#include <stdio.h>

#include "cvlayout.h"

static int failures = 0;

static int64_t g_items = 0;
static int items(void *ctx, int64_t section, int64_t *out) {
    (void)ctx;
    (void)section;
    *out = g_items;
    return 0;
}

static void expect(const char *what, double got, double want) {
    if (fabs(got - want) > 1e-9) {
        printf("FAIL %s: got %.17g, want %.17g\n", what, got, want);
        failures++;
    }
}

/* The cells of `layout` in a right-to-left view of `width` x 400 at display scale 2 against
** want[item] = {x, y, width, height}; the content height against `height`. */
static void check(const char *name, cvl_layout *layout, int64_t n, double width, const double (*want)[4],
                  double height) {
    cvl_data_source src = {NULL, NULL, items};
    cvl_view *view = NULL;
    cvl_attributes a[32];
    cvl_size content;
    size_t count = 0, i, cells = 0;
    g_items = n;
    if (cvl_view_create(&src, layout, &view) != CVL_OK || cvl_view_set_bounds_size(view, (cvl_size){width, 400}) ||
        cvl_view_set_layout_direction(view, CVL_LAYOUT_DIRECTION_RTL) || cvl_view_set_display_scale(view, 2) ||
        cvl_view_content_size(view, &content) || cvl_view_visible_attributes(view, a, 32, &count)) {
        printf("FAIL %s: %s\n", name, cvl_last_error_message());
        failures++;
        cvl_view_destroy(view);
        return;
    }
    expect(name, content.height, height);
    for (i = 0; i < count; i++) {
        const double *w;
        if (a[i].category != CVL_CATEGORY_CELL) continue;
        cells++;
        w = want[a[i].index_path.item];
        expect(name, a[i].frame.x, w[0]);
        expect(name, a[i].frame.y, w[1]);
        expect(name, a[i].frame.width, w[2]);
        expect(name, a[i].frame.height, w[3]);
    }
    if (cells != (size_t)n) {
        printf("FAIL %s: %zu cells on screen, want %lld\n", name, cells, (long long)n);
        failures++;
    }
    cvl_view_destroy(view);
}

int main(void) {
    cvl_layout *l;
    cvl_flow_config fc;

    /* Flow, 100 x 40 items in 321.5 with spacing 10: three a line, justified: the spacing is
    ** (321.5 - 300) / 2 = 10.75, x = 0, 110.75, 221.5. Snapped to halves: 110.75 -> 111 (ties
    ** up), its right edge 210.75 -> 211. Mirrored about W = 321.5: 221.5, 110.5, 0. */
    {
        static const double want[6][4] = {{221.5, 0, 100, 40},  {110.5, 0, 100, 40},  {0, 0, 100, 40},
                                          {221.5, 50, 100, 40}, {110.5, 50, 100, 40}, {0, 50, 100, 40}};
        cvl_flow_layout_create(&l);
        cvl_flow_config_default(&fc);
        fc.item_size = (cvl_size){100, 40};
        fc.minimum_interitem_spacing = fc.minimum_line_spacing = 10;
        cvl_flow_layout_set_config(l, &fc);
        check("flow", l, 6, 321.5, want, 90);
        cvl_layout_destroy(l);
    }
    /* Span grid: 3 columns of (300 - 20) / 3 in 300, spans 2, 2, 1, 3, extents 40, 50, 30, 20, a
    ** 44 header, inset top 5. Rows at 49, 99 (item 1 does not fit after item 0), 159. Item 0
    ** spans 0 .. 196.67 -> 0 .. 196.5, mirrored to 103.5; item 2 at 206.67 -> 206.5 .. 300,
    ** mirrored to 0 .. 93.5. */
    {
        static const int32_t spans[4] = {2, 2, 1, 3};
        static const double extents[4] = {40, 50, 30, 20};
        static const double want[4][4] = {
            {103.5, 49, 196.5, 40}, {103.5, 99, 196.5, 50}, {0, 99, 93.5, 30}, {0, 159, 300, 20}};
        cvl_grid_config gc;
        cvl_grid_layout_create(&l);
        cvl_grid_config_default(&gc);
        gc.columns = 3;
        gc.interitem_spacing = gc.intergroup_spacing = 10;
        gc.header_height = 44;
        gc.content_insets.top = 5;
        cvl_grid_layout_set_config(l, &gc);
        cvl_grid_layout_set_item_spans(l, 0, spans, 4);
        cvl_grid_layout_set_item_extents(l, 0, extents, 4);
        check("grid", l, 4, 300, want, 179);
        cvl_layout_destroy(l);
    }
    /* Waterfall: 3 columns of (321 - 20) / 3 = 100.33 in 321, extents 50, 80, 30, 40, 60, item 3
    ** full-span. Shortest first: items 0, 1, 2 in columns 0, 1, 2; item 3 below the tallest column
    ** (80 + 10 = 90); item 4 into column 0 at 140. Column 1 at 110.33 .. 210.67 snaps to
    ** 110.5 .. 210.5; column 0 to 0 .. 100.5; column 2 to 220.5 .. 321; mirrored about 321. */
    {
        static const double extents[5] = {50, 80, 30, 40, 60};
        static const uint8_t full[5] = {0, 0, 0, 1, 0};
        static const double want[5][4] = {
            {220.5, 0, 100.5, 50}, {110.5, 0, 100, 80}, {0, 0, 100.5, 30}, {0, 90, 321, 40}, {220.5, 140, 100.5, 60}};
        cvl_waterfall_config wc;
        cvl_waterfall_layout_create(&l);
        cvl_flow_config_default(&fc);
        fc.minimum_interitem_spacing = fc.minimum_line_spacing = 10;
        cvl_flow_layout_set_config(l, &fc);
        cvl_waterfall_config_default(&wc);
        wc.column_count = 3;
        cvl_waterfall_layout_set_config(l, &wc);
        cvl_waterfall_layout_set_extents(l, 0, extents, 5);
        cvl_waterfall_layout_set_full_spans(l, 0, full, 5);
        check("waterfall", l, 5, 321, want, 200);
        cvl_layout_destroy(l);
    }
    /* Compositional: a horizontal group 1.0 wide and 50 high of items 1/3 wide, in 301: items at
    ** 0, 100.33, 200.67, snapped to 0 .. 100.5, 100.5 .. 200.5, 200.5 .. 301, mirrored about 301;
    ** the fourth item starts the second group at 50. */
    {
        static const double want[4][4] = {
            {200.5, 0, 100.5, 50}, {100.5, 0, 100, 50}, {0, 0, 100.5, 50}, {200.5, 50, 100.5, 50}};
        cvl_comp_element el[2] = {{0}};
        int64_t children[1] = {1};
        cvl_comp_section sec = {0};
        el[0].type = CVL_COMP_ELEMENT_HORIZONTAL;
        el[0].size.width = (cvl_comp_dimension){CVL_COMP_DIMENSION_FRACTIONAL_WIDTH, 1};
        el[0].size.height = (cvl_comp_dimension){CVL_COMP_DIMENSION_ABSOLUTE, 50};
        el[0].first_child = 0;
        el[0].child_count = 1;
        el[1].type = CVL_COMP_ELEMENT_ITEM;
        el[1].size.width = (cvl_comp_dimension){CVL_COMP_DIMENSION_FRACTIONAL_WIDTH, 1.0 / 3};
        el[1].size.height = (cvl_comp_dimension){CVL_COMP_DIMENSION_FRACTIONAL_HEIGHT, 1};
        sec.elements = el;
        sec.element_count = 2;
        sec.children = children;
        sec.child_count = 1;
        sec.root = 0;
        if (cvl_compositional_layout_create(&sec, NULL, &l) != CVL_OK) {
            printf("FAIL compositional: %s\n", cvl_last_error_message());
            return 1;
        }
        check("compositional", l, 4, 301, want, 100);
        cvl_layout_destroy(l);
    }
    printf("rtl_layouts: %s\n", failures ? "FAILED" : "every frame as worked by hand");
    return failures != 0;
}
