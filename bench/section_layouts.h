/*
** bench/section_layouts.h — the three layouts bench/compositional.c and bench/section_edits.c
** compare (1000 x 800 viewport): the flow (200 x 200 items, no spacing, a 44-point header a
** section: five a row), the compositional layout of Apple's Grid screen (items 0.2 x 1.0 of
** groups 1.0 x 0.2 width, a 44-point .top header, the one section every section shares), and
** the same section scrolling continuously across (orthogonal: one row of groups 0.2 wide).
** `make_spaced_layout` adds a spacing: the flow's between lines, the compositional layout's between
** sections (0.1: sums that round, BENCHMARKS.md "(sect11, issue 32)").
** Header-only, for the bench programs; the includer defines CHECK(call) first.
*/
#ifndef CVL_BENCH_SECTION_LAYOUTS_H
#define CVL_BENCH_SECTION_LAYOUTS_H

#include <string.h>

#include "cvlayout.h"

enum { FLOW, COMPOSITIONAL, ORTHOGONAL };

static cvl_layout *make_spaced_layout(int kind, double spacing) {
    cvl_layout *l = NULL;
    if (kind == FLOW) {
        cvl_flow_config c;
        CHECK(cvl_flow_layout_create(&l));
        CHECK(cvl_flow_config_default(&c));
        c.item_size.width = c.item_size.height = 200;
        c.minimum_interitem_spacing = 0;
        c.minimum_line_spacing = spacing;
        c.header_reference_size.height = 44;
        CHECK(cvl_flow_layout_set_config(l, &c));
        return l;
    }
    cvl_comp_element el[2];
    int64_t children[1] = {0};
    cvl_comp_boundary_item header;
    cvl_comp_section s;
    memset(el, 0, sizeof el);
    memset(&s, 0, sizeof s);
    memset(&header, 0, sizeof header);
    el[0].type = CVL_COMP_ELEMENT_ITEM;
    el[0].size.width.kind = CVL_COMP_DIMENSION_FRACTIONAL_WIDTH;
    el[0].size.width.value = kind == ORTHOGONAL ? 1 : 0.2;
    el[0].size.height.kind = CVL_COMP_DIMENSION_FRACTIONAL_HEIGHT;
    el[0].size.height.value = 1;
    el[1].type = CVL_COMP_ELEMENT_HORIZONTAL;
    el[1].size.width.kind = CVL_COMP_DIMENSION_FRACTIONAL_WIDTH;
    el[1].size.width.value = kind == ORTHOGONAL ? 0.2 : 1;
    el[1].size.height.kind = CVL_COMP_DIMENSION_ABSOLUTE;
    el[1].size.height.value = 200;
    el[1].child_count = 1;
    header.kind = CVL_KIND_HEADER;
    header.alignment = CVL_COMP_ALIGN_TOP;
    header.size.width.kind = CVL_COMP_DIMENSION_FRACTIONAL_WIDTH;
    header.size.width.value = 1;
    header.size.height.value = 44;
    header.extends_boundary = 1;
    s.elements = el;
    s.element_count = 2;
    s.children = children;
    s.child_count = 1;
    s.root = 1;
    s.boundary_items = &header;
    s.boundary_item_count = 1;
    s.orthogonal_scrolling = kind == ORTHOGONAL ? CVL_COMP_ORTHOGONAL_CONTINUOUS : CVL_COMP_ORTHOGONAL_NONE;
    cvl_comp_configuration config;
    memset(&config, 0, sizeof config);
    config.inter_section_spacing = spacing;
    CHECK(cvl_compositional_layout_create(&s, &config, &l));
    return l;
}


#endif
