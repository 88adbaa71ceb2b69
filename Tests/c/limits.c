/* Resource limits and hostile hosts (issue "never crash, never hang, never run away with
** memory"): each case runs in a forked child with an address-space limit and an alarm, so a
** case that would exhaust memory or hang fails (the child dies) instead of taking the machine
** or the test run down. Run by `make test` without valgrind (the cases are about time and
** memory, which valgrind distorts); the harness covers memory errors. Prints one line per case
** and "N cases passed, N failed" last. */
#define _POSIX_C_SOURCE 200809L
#include "cvlayout.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int failed = 0;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failed++;                                                                              \
            fprintf(stderr, "%s:%d: CHECK failed: %s (last error: %s)\n", __FILE__, __LINE__, #cond, \
                    cvl_last_error_message());                                                     \
        }                                                                                          \
    } while (0)
#define OK(call) CHECK((call) == CVL_OK)
#define FAILS(call, code) CHECK((call) == (code))

/* Address space a case may use: far below the machine's memory, far above what any case needs
** once the library bounds its memory by inputs and outputs. */
#define CASE_MEMORY_LIMIT (3ull << 30)
#define CASE_SECONDS 20

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------------------------------
** Hosts */

/* A data source with `sections` sections of `items` items each (both may be huge). */
typedef struct big_ds {
    int64_t sections, items;
    int64_t item_calls;
} big_ds;
static int big_sections(void *ctx, int64_t *out) {
    *out = ((big_ds *)ctx)->sections;
    return 0;
}
static int big_items(void *ctx, int64_t section, int64_t *out) {
    big_ds *d = ctx;
    (void)section;
    d->item_calls++;
    *out = d->items;
    return 0;
}
static cvl_data_source make_big(big_ds *d) {
    cvl_data_source s;
    memset(&s, 0, sizeof s);
    s.context = d;
    s.number_of_sections = big_sections;
    s.number_of_items = big_items;
    return s;
}

static int64_t size_calls = 0;
static int size_for_item(void *ctx, cvl_index_path ip, cvl_size *out) {
    (void)ctx;
    (void)ip;
    size_calls++;
    out->width = 50;
    out->height = 50;
    return 0;
}

static cvl_view *make_view(big_ds *d, cvl_layout *layout, double w, double h) {
    cvl_data_source ds = make_big(d);
    cvl_view *view = NULL;
    cvl_size size;
    size.width = w;
    size.height = h;
    OK(cvl_view_create(&ds, layout, &view));
    if (view) OK(cvl_view_set_bounds_size(view, size));
    return view;
}

/* Peak resident memory of this process so far, in MB (Linux reports KB). */
static double peak_mb(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0;
}

static cvl_rect rect_of(double x, double y, double w, double h) {
    cvl_rect r;
    r.x = x;
    r.y = y;
    r.width = w;
    r.height = h;
    return r;
}

/* ------------------------------------------------------------------------------------------
** Cases */

/* A data source answering 2^32 sections: refused before anything is reserved for them. */
static void case_huge_section_count(void) {
    big_ds d = {(int64_t)1 << 32, 1, 0};
    cvl_data_source ds = make_big(&d);
    cvl_layout *flow = NULL;
    cvl_view *view = NULL;
    int64_t n = -1;
    OK(cvl_flow_layout_create(&flow));
    FAILS(cvl_view_create(&ds, flow, &view), CVL_ERROR_OVERFLOW);
    CHECK(view == NULL && d.item_calls == 0);
    CHECK(strstr(cvl_last_error_message(), "sections") != NULL);
    /* The same answer on reload and at a batch update leaves the view as it was. */
    d.sections = 3;
    OK(cvl_view_create(&ds, flow, &view));
    d.sections = (int64_t)1 << 32;
    FAILS(cvl_view_reload_data(view), CVL_ERROR_OVERFLOW);
    FAILS(cvl_view_perform_batch_updates(view, NULL, 0, NULL), CVL_ERROR_OVERFLOW);
    OK(cvl_view_number_of_sections(view, &n));
    CHECK(n == 3);
    /* The largest accepted count works. */
    d.sections = CVL_MAX_SECTIONS;
    d.items = 0;
    OK(cvl_view_reload_data(view));
    OK(cvl_view_number_of_sections(view, &n));
    CHECK(n == CVL_MAX_SECTIONS);
    d.sections = CVL_MAX_SECTIONS + 1;
    FAILS(cvl_view_reload_data(view), CVL_ERROR_OVERFLOW);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
}

/* A size delegate over a section of 2^40 items: refused before the first size is asked. */
static void case_huge_sized_section(void) {
    big_ds d = {1, (int64_t)1 << 40, 0};
    cvl_layout *flow = NULL;
    cvl_view *view;
    cvl_flow_delegate del;
    cvl_size size;
    memset(&del, 0, sizeof del);
    del.size_for_item = size_for_item;
    OK(cvl_flow_layout_create(&flow));
    OK(cvl_flow_layout_set_delegate(flow, &del));
    view = make_view(&d, flow, 1000, 1000);
    size_calls = 0;
    FAILS(cvl_view_content_size(view, &size), CVL_ERROR_OVERFLOW);
    CHECK(size_calls == 0);
    /* Without the delegate, the same section costs nothing per item: 2^40 / 16 per line. */
    OK(cvl_flow_layout_set_delegate(flow, NULL));
    OK(cvl_view_content_size(view, &size));
    CHECK(size.height == (double)(((int64_t)1 << 40) / 16 * 60 - 10));
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
}

/* A layout callback answering CVL_ERROR_CAPACITY with a huge count is refused, not fed. */
static size_t asked_capacity = 0;
static int greedy_content_size(void *c, const cvl_layout_env *env, cvl_layout *layout, cvl_size *out) {
    (void)c;
    (void)layout;
    out->width = env->bounds_size.width;
    out->height = env->bounds_size.height;
    return 0;
}
static int greedy_in_rect(void *c, const cvl_layout_env *env, cvl_layout *layout, cvl_rect rect, cvl_attributes *out,
                          size_t base, size_t cap, size_t *count) {
    (void)c;
    (void)layout;
    (void)base;
    (void)env;
    (void)rect;
    (void)out;
    if (cap > asked_capacity) asked_capacity = cap;
    *count = (size_t)1 << 26;
    return CVL_ERROR_CAPACITY;
}
static void case_callback_capacity_request(void) {
    big_ds d = {1, 10, 0};
    cvl_layout_callbacks cb;
    cvl_layout *layout = NULL;
    cvl_view *view;
    cvl_attributes buf[4];
    size_t n = 0;
    memset(&cb, 0, sizeof cb);
    cb.content_size = greedy_content_size;
    cb.attributes_in_rect = greedy_in_rect;
    OK(cvl_custom_layout_create(&cb, &layout));
    view = make_view(&d, layout, 100, 100);
    FAILS(cvl_view_attributes_in_rect(view, rect_of(0, 0, 100, 100), buf, 4, &n), CVL_ERROR_CALLBACK);
    CHECK(strstr(cvl_last_error_message(), "CVL_MAX_CALLBACK_ELEMENTS") != NULL);
    CHECK(asked_capacity <= CVL_MAX_CALLBACK_ELEMENTS);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(layout));
}

/* Count-only and too-small-buffer rect queries: counted, never built. 1000 wide: 16 items of 50
** a line (16*50 + 15*10 = 950), lines 60 apart, so the rect over 65536 lines (the last ending at
** 65536*60 - 10) holds exactly CVL_MAX_QUERY_ELEMENTS cells; built, they would take 320 MB. */
static void case_count_only_query(void) {
    big_ds d = {1, 1000000000, 0};
    cvl_layout *flow = NULL;
    cvl_view *view;
    cvl_attributes buf[10];
    size_t n = 0;
    double t0, mb0;
    memset(buf, 0, sizeof buf);
    OK(cvl_flow_layout_create(&flow));
    view = make_view(&d, flow, 1000, 800);
    OK(cvl_view_attributes_in_rect(view, rect_of(0, 0, 10, 10), NULL, 0, &n)); /* prepared */
    mb0 = peak_mb();
    t0 = now();
    OK(cvl_view_attributes_in_rect(view, rect_of(0, 0, 1000, 65536.0 * 60 - 10), NULL, 0, &n));
    CHECK(n == (size_t)CVL_MAX_QUERY_ELEMENTS);
    n = 0;
    FAILS(cvl_view_attributes_in_rect(view, rect_of(0, 0, 1000, 65536.0 * 60 - 10), buf, 10, &n), CVL_ERROR_CAPACITY);
    CHECK(n == (size_t)CVL_MAX_QUERY_ELEMENTS);
    /* The buffer is left as it was. */
    CHECK(buf[0].alpha == 0 && buf[9].index_path.item == 0);
    printf("    two queries over 2^20 cells: %.2f s, peak memory grew %.0f MB\n", now() - t0, peak_mb() - mb0);
    CHECK(peak_mb() - mb0 < 64);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
}

/* One element more than CVL_MAX_QUERY_ELEMENTS fails the query, count-only or not: the status is
** CVL_ERROR_OVERFLOW (not CVL_ERROR_CAPACITY, which would make a host allocate 2^40 elements),
** *out_count is not written, the message says what to do. Over 2^40 items in a 10^12-point rect
** the query stops at the limit instead of counting 2.7e11 cells (hours). */
static void case_query_limit(void) {
    big_ds d = {1, (int64_t)1 << 40, 0};
    cvl_layout *flow = NULL;
    cvl_view *view;
    cvl_attributes buf[4];
    size_t n = 12345;
    OK(cvl_flow_layout_create(&flow));
    view = make_view(&d, flow, 1000, 800);
    /* One line more than the limit: 16 cells too many. */
    FAILS(cvl_view_attributes_in_rect(view, rect_of(0, 0, 1000, 65537.0 * 60 - 10), NULL, 0, &n), CVL_ERROR_OVERFLOW);
    CHECK(n == 12345);
    CHECK(strstr(cvl_last_error_message(), "CVL_MAX_QUERY_ELEMENTS") != NULL);
    CHECK(strstr(cvl_last_error_message(), "smaller rect") != NULL);
    FAILS(cvl_view_attributes_in_rect(view, rect_of(0, 0, 1000, 1e12), NULL, 0, &n), CVL_ERROR_OVERFLOW);
    FAILS(cvl_view_attributes_in_rect(view, rect_of(0, 0, 1000, 1e12), buf, 4, &n), CVL_ERROR_OVERFLOW);
    CHECK(n == 12345);
    /* The visible elements of a 10^12-point viewport likewise; a small query still works. */
    OK(cvl_view_set_bounds_size(view, (cvl_size){1000, 1e12}));
    FAILS(cvl_view_visible_attributes(view, NULL, 0, &n), CVL_ERROR_OVERFLOW);
    CHECK(n == 12345);
    OK(cvl_view_attributes_in_rect(view, rect_of(0, 0, 100, 50), buf, 4, &n));
    CHECK(n == 2);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
}

/* A count-only query while a layout switch animates, over 2^40 items: each final element is
** presented (interpolated) before it is counted, and still the query stops at the limit. */
static void case_count_only_query_animating(void) {
    big_ds d = {1, (int64_t)1 << 40, 0};
    cvl_layout *flow = NULL, *other = NULL;
    cvl_view *view;
    cvl_animation anim;
    size_t n = 0;
    int animating = 0;
    OK(cvl_flow_layout_create(&flow));
    OK(cvl_flow_layout_create(&other));
    view = make_view(&d, flow, 1000, 800);
    OK(cvl_animation_default(&anim));
    OK(cvl_view_set_layout(view, other, &anim));
    OK(cvl_view_is_animating(view, &animating));
    CHECK(animating == 1);
    /* Same configuration: every element is where it was, animating or not. */
    OK(cvl_view_attributes_in_rect(view, rect_of(0, 0, 1000, 65536.0 * 60 - 10), NULL, 0, &n));
    CHECK(n == (size_t)CVL_MAX_QUERY_ELEMENTS);
    n = 7;
    FAILS(cvl_view_attributes_in_rect(view, rect_of(0, 0, 1000, 1e12), NULL, 0, &n), CVL_ERROR_OVERFLOW);
    CHECK(n == 7);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
    OK(cvl_layout_destroy(other));
}

/* An animated change over a viewport holding millions of elements: refused, nothing changed,
** memory bounded; the same change without animation works. */
static void case_animation_over_huge_viewport(void) {
    big_ds d = {1, 1000000000, 0};
    cvl_layout *flow = NULL, *other = NULL;
    cvl_view *view;
    cvl_animation anim;
    cvl_update_item up;
    cvl_size size;
    int64_t count = 0;
    int32_t type = 0;
    OK(cvl_flow_layout_create(&flow));
    OK(cvl_flow_layout_create(&other));
    view = make_view(&d, flow, 1000, 1e8);
    OK(cvl_view_content_size(view, &size)); /* laid out: an update animates from what is on screen */
    OK(cvl_animation_default(&anim));
    memset(&up, 0, sizeof up);
    up.action = CVL_UPDATE_INSERT;
    up.before.section = up.before.item = -1;
    up.after.section = 0;
    up.after.item = 0;
    d.items++;
    FAILS(cvl_view_perform_batch_updates(view, &up, 1, &anim), CVL_ERROR_OVERFLOW);
    CHECK(strstr(cvl_last_error_message(), "CVL_MAX_ANIMATED_ELEMENTS") != NULL);
    OK(cvl_view_number_of_items(view, 0, &count));
    CHECK(count == 1000000000);
    OK(cvl_view_perform_batch_updates(view, &up, 1, NULL));
    OK(cvl_view_number_of_items(view, 0, &count));
    CHECK(count == 1000000001);
    FAILS(cvl_view_set_layout(view, other, &anim), CVL_ERROR_OVERFLOW);
    OK(cvl_view_set_layout(view, other, NULL));
    OK(cvl_layout_get_type(other, &type));
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
    OK(cvl_layout_destroy(other));
}

/* Scroll anchoring over a viewport of 2.7e11 cells (2^40 items, 10^12 points tall): the anchor
** candidates come from the first CVL_MAX_QUERY_ELEMENTS cells visited, not from all of them. */
static void case_anchoring_huge_viewport(void) {
    big_ds d = {1, (int64_t)1 << 40, 0};
    cvl_layout *flow = NULL;
    cvl_view *view;
    cvl_update_item up;
    cvl_point p = {500, 0}, offset;
    int64_t count = 0;
    cvl_size size;
    OK(cvl_flow_layout_create(&flow));
    view = make_view(&d, flow, 1000, 1e12);
    OK(cvl_view_content_size(view, &size));   /* prepared: the anchor comes from this state */
    OK(cvl_view_set_anchoring(view, CVL_ANCHOR_NEAREST_POINT, p));
    memset(&up, 0, sizeof up);
    up.action = CVL_UPDATE_DELETE;
    up.before.section = 0;
    up.before.item = 0;
    up.after.section = up.after.item = -1;
    d.items--;
    OK(cvl_view_perform_batch_updates(view, &up, 1, NULL));
    OK(cvl_view_number_of_items(view, 0, &count));
    CHECK(count == ((int64_t)1 << 40) - 1);
    /* The anchor (nearest the top middle: item 8, now item 7) keeps its screen place. */
    OK(cvl_view_get_content_offset(view, &offset));
    CHECK(offset.y == 0 && offset.x == 0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
}

/* Cover Flow snapping in a viewport 10^12 points wide over 2^40 items (4e9 cells in it, hours
** to visit): the cell nearest the centre is searched in strips around it. The derived insets
** centre cell 0 ((10^12 - 180) / 2 + 90 = 5e11) and the columns are 120 apart, so cell i's centre
** is at 5e11 + 120 i. Proposed offset 1007: centre 5e11 + 1007, nearest cell 8 (at 960, 47 away;
** cell 9 is 73 away), so the offset moves to 960. */
static void case_cover_flow_snap_huge_viewport(void) {
    big_ds d = {1, (int64_t)1 << 40, 0};
    cvl_layout *cover = NULL;
    cvl_view *view;
    cvl_point proposed = {1007, 0}, velocity = {0, 0}, out;
    OK(cvl_cover_flow_layout_create(&cover));
    view = make_view(&d, cover, 1e12, 500);
    OK(cvl_view_target_content_offset(view, proposed, velocity, &out));
    CHECK(out.x == 960 && out.y == 0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(cover));
}

/* The circle with a 0x0 viewport: every item at the same place; counting them builds nothing,
** and 2^40 of them fail at the query limit instead of being counted for hours. */
static void case_circle_zero_viewport(void) {
    big_ds d = {1, CVL_MAX_QUERY_ELEMENTS, 0};
    cvl_layout *circle = NULL;
    cvl_view *view;
    cvl_attributes one;
    size_t n = 0;
    int found = -1;
    cvl_index_path ip = {0, 0};
    OK(cvl_circle_layout_create(&circle));
    view = make_view(&d, circle, 0, 0);
    OK(cvl_view_attributes_in_rect(view, rect_of(-1, -1, 2, 2), NULL, 0, &n));
    CHECK(n == CVL_MAX_QUERY_ELEMENTS);
    d.items = (int64_t)1 << 40;
    OK(cvl_view_reload_data(view));
    n = 3;
    FAILS(cvl_view_attributes_in_rect(view, rect_of(-1, -1, 2, 2), NULL, 0, &n), CVL_ERROR_OVERFLOW);
    CHECK(n == 3);
    /* Single-element lookups of kinds the layout does not have are O(1), not a scan. */
    OK(cvl_view_attributes_for_element(view, CVL_CATEGORY_SUPPLEMENTARY, CVL_KIND_HEADER, ip, &one, &found));
    CHECK(found == 0);
    OK(cvl_view_attributes_for_element(view, CVL_CATEGORY_DECORATION, CVL_KIND_FIRST_CUSTOM, ip, &one, &found));
    CHECK(found == 0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(circle));
}

/* The mosaic: a zero-width viewport does not make a small query visit every page, and
** single-element lookups do not scan the content. */
static void case_mosaic(void) {
    big_ds d = {1, 1000000000, 0};
    cvl_layout *mosaic = NULL;
    cvl_view *view;
    cvl_attributes buf[16], one;
    size_t n = 99;
    int found = -1;
    cvl_index_path ip = {0, 5};
    double t0 = now();
    OK(cvl_mosaic_layout_create(&mosaic));
    view = make_view(&d, mosaic, 0, 500);
    /* Zero-width columns: every frame has zero area and intersects nothing. */
    OK(cvl_view_attributes_in_rect(view, rect_of(-10, 0, 20, 500), buf, 16, &n));
    CHECK(n == 0);
    OK(cvl_view_attributes_for_element(view, CVL_CATEGORY_SUPPLEMENTARY, CVL_KIND_HEADER, ip, &one, &found));
    CHECK(found == 0);
    OK(cvl_view_attributes_for_element(view, CVL_CATEGORY_DECORATION, CVL_KIND_BINDER, ip, &one, &found));
    CHECK(found == 0);
    CHECK(now() - t0 < 1.0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(mosaic));
}

/* Survey scrolling horizontally over 10^7 items: a viewport query visits what it returns. */
static void case_survey_horizontal(void) {
    big_ds d = {1, 10000000, 0};
    cvl_layout *survey = NULL;
    cvl_view *view;
    cvl_flow_config cfg;
    cvl_attributes buf[256];
    size_t n = 0, i;
    double t0;
    OK(cvl_survey_layout_create(&survey));
    OK(cvl_flow_layout_get_config(survey, &cfg));
    cfg.scroll_direction = CVL_SCROLL_HORIZONTAL;
    OK(cvl_flow_layout_set_config(survey, &cfg));
    view = make_view(&d, survey, 1024, 768);
    t0 = now();
    OK(cvl_view_visible_attributes(view, buf, 256, &n));
    CHECK(n > 0 && n < 256);
    for (i = 0; i < n; i++) CHECK(buf[i].frame.x < 1024 && buf[i].frame.x + buf[i].frame.width > 0);
    OK(cvl_view_visible_attributes(view, buf, 256, &n));
    printf("    two Survey viewport queries at 10^7 items: %.3f s\n", now() - t0);
    CHECK(now() - t0 < 2.0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(survey));
}

/* Survey scrolling horizontally in a viewport 1e308 high: one column holds all 2^32 items of the
** section, and the binder's tallest-cell search stopped only after visiting every one of them
** (prepare ran for hours; found by the fuzzer). Its cells are 320.25 high (adjusted: 321 or 322),
** so the search is bounded by 2^16 slots, or ends at the first 322-high cell. */
static void case_survey_horizontal_tall_viewport(void) {
    big_ds d = {1, (int64_t)1 << 32, 0};
    cvl_layout *survey = NULL;
    cvl_view *view;
    cvl_flow_config cfg;
    cvl_size size;
    double t0;
    OK(cvl_survey_layout_create(&survey));
    OK(cvl_flow_layout_get_config(survey, &cfg));
    cfg.scroll_direction = CVL_SCROLL_HORIZONTAL;
    cfg.item_size.width = 320;
    cfg.item_size.height = 320.25;
    OK(cvl_flow_layout_set_config(survey, &cfg));
    view = make_view(&d, survey, 10, 1e308);
    t0 = now();
    OK(cvl_view_content_size(view, &size));
    printf("    Survey prepare, one column of 2^32 items: %.3f s\n", now() - t0);
    CHECK(now() - t0 < 2.0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(survey));
}

/* A flow section of 2^32 same-size items in a viewport 1e308 high, queried with rects that cross
** every line and meet no column (a viewport narrower than the section's inset; a rect between two
** columns): each cost every line of the section, for hours (found by the fuzzer). The lines and
** the columns a rect meets are found by binary search now, O(log n + k). Items 50 x 50, spacing
** 10, inset 13: in a 1000-wide viewport 16 a line ((987 + 10) / 60), justified by
** (987 - 800) / 15 = 12.47, so column 0 spans x 13..63 and column 1 starts at 75.47. */
static void case_flow_rect_missing_every_column(void) {
    big_ds d = {1, (int64_t)1 << 32, 0};
    cvl_layout *flow = NULL;
    cvl_view *view;
    cvl_flow_config cfg;
    cvl_size size;
    size_t count = 99;
    double t0;
    OK(cvl_flow_layout_create(&flow));
    OK(cvl_flow_layout_get_config(flow, &cfg));
    cfg.section_inset.left = 13;
    cfg.section_inset.top = 13;
    OK(cvl_flow_layout_set_config(flow, &cfg));
    view = make_view(&d, flow, 10, 1e308);
    t0 = now();
    OK(cvl_view_visible_attributes(view, NULL, 0, &count));
    CHECK(count == 0);
    size.width = 1000;
    size.height = 1e308;
    OK(cvl_view_set_bounds_size(view, size));
    count = 99;
    OK(cvl_view_attributes_in_rect(view, rect_of(64, 0, 10, 1e300), NULL, 0, &count));
    CHECK(count == 0);
    count = 0;
    OK(cvl_view_attributes_in_rect(view, rect_of(20, 13, 10, 600), NULL, 0, &count));
    CHECK(count == 10); /* rows at y = 13 + 60 k for k = 0..9 */
    printf("    flow, 2^32 items, rects crossing every line and missing every column: %.3f s\n", now() - t0);
    CHECK(now() - t0 < 2.0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
}

/* Survey scrolling horizontally spreads a section's cells over the content width by index
** (Listing 4.5): a rect whose x-range meets every centre of 2^32 items and whose y-range meets no
** slot of the columns visited all of them (found by the fuzzer). Items 50 x 50, spacing 10, a
** viewport 10 high under a 13-point top inset: one item a column, at y 13..63; content width
** 2^32 * 60 - 10, so firstX = 30 - 10 / 2^33 and cell i spans x 60 i + 4 .. 60 i + 55 once
** CGRectIntegral has rounded it (centre 60 i + 30 - (2 i + 1) 10 / 2^33). The section's binder
** (Listing 4.8) spans y 13..63 too; Survey's own spacings, insets and header are set aside. */
static void case_survey_horizontal_rect_missing_every_slot(void) {
    big_ds d = {1, (int64_t)1 << 32, 0};
    cvl_layout *survey = NULL;
    cvl_view *view;
    cvl_flow_config cfg;
    cvl_attributes out[64];
    size_t count = 99, k, cells = 0;
    double t0;
    OK(cvl_survey_layout_create(&survey));
    OK(cvl_flow_layout_get_config(survey, &cfg));
    cfg.scroll_direction = CVL_SCROLL_HORIZONTAL;
    cfg.item_size.width = 50;
    cfg.item_size.height = 50;
    cfg.minimum_line_spacing = 10;
    cfg.minimum_interitem_spacing = 10;
    memset(&cfg.section_inset, 0, sizeof cfg.section_inset);
    cfg.section_inset.top = 13;
    memset(&cfg.header_reference_size, 0, sizeof cfg.header_reference_size);
    memset(&cfg.footer_reference_size, 0, sizeof cfg.footer_reference_size);
    OK(cvl_flow_layout_set_config(survey, &cfg));
    view = make_view(&d, survey, 1000, 10);
    t0 = now();
    OK(cvl_view_attributes_in_rect(view, rect_of(0, 0, 1e13, 10), NULL, 0, &count));
    CHECK(count == 0);
    count = 0;
    OK(cvl_view_attributes_in_rect(view, rect_of(0, 13, 1000, 50), out, 64, &count));
    for (k = 0; k < count && k < 64; k++) {
        if (out[k].category != CVL_CATEGORY_CELL) continue;
        CHECK(out[k].index_path.item == (int64_t)cells); /* items 0..16, in order */
        CHECK(out[k].frame.x == 60.0 * (double)cells + 4 && out[k].frame.width == 51);
        cells++;
    }
    CHECK(cells == 17 && count == 18); /* 60 i + 4 < 1000 for i <= 16, and the binder */
    printf("    Survey horizontal, 2^32 items, a rect over every centre and no slot: %.3f s\n", now() - t0);
    CHECK(now() - t0 < 2.0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(survey));
}

/* The same query path over items of size 0: CGRectIntegral gives a 0-wide cell 1 point of width
** when its centre is not a whole number and none when it is, which no range search can tell in
** advance; the cells without area count towards the query limit, so a rect over all 2^32 of them
** fails with CVL_ERROR_OVERFLOW quickly (before: every cell was tested). */
static void case_survey_horizontal_zero_size_items(void) {
    big_ds d = {1, (int64_t)1 << 32, 0};
    cvl_layout *survey = NULL;
    cvl_view *view;
    cvl_flow_config cfg;
    size_t count = 99;
    double t0;
    int status;
    OK(cvl_survey_layout_create(&survey));
    OK(cvl_flow_layout_get_config(survey, &cfg));
    cfg.scroll_direction = CVL_SCROLL_HORIZONTAL;
    cfg.item_size.width = 0;
    cfg.item_size.height = 0;
    OK(cvl_flow_layout_set_config(survey, &cfg));
    view = make_view(&d, survey, 10, 1e308);
    t0 = now();
    status = cvl_view_attributes_in_rect(view, rect_of(0, 0, 1e6, 1e308), NULL, 0, &count);
    printf("    Survey horizontal, 2^32 items of size 0: status %d, count %zu, %.3f s\n", status, count, now() - t0);
    CHECK(status == CVL_ERROR_OVERFLOW && count == 99);
    CHECK(now() - t0 < 2.0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(survey));
}

/* Invalidating the same items again and again without a query in between stays linear. */
static void case_repeated_item_invalidations(void) {
    big_ds d = {1, 100000, 0};
    cvl_layout *flow = NULL;
    cvl_view *view;
    cvl_flow_delegate del;
    cvl_index_path ip = {0, 7};
    cvl_size size;
    int k;
    double t0;
    memset(&del, 0, sizeof del);
    del.size_for_item = size_for_item;
    OK(cvl_flow_layout_create(&flow));
    OK(cvl_flow_layout_set_delegate(flow, &del));
    view = make_view(&d, flow, 1000, 800);
    OK(cvl_view_content_size(view, &size));
    t0 = now();
    for (k = 0; k < 300000; k++) {
        ip.item = k % 50;
        if (cvl_view_invalidate_layout(view, 0, &ip, 1) != CVL_OK) { CHECK(0); break; }
    }
    size_calls = 0;
    OK(cvl_view_content_size(view, &size));
    CHECK(size_calls == 50);   /* each invalidated item asked once */
    /* Many distinct items: coalesced into one re-ask of everything. */
    for (k = 0; k < 100000; k++) {
        ip.item = k;
        if (cvl_view_invalidate_layout(view, 0, &ip, 1) != CVL_OK) { CHECK(0); break; }
    }
    OK(cvl_view_content_size(view, &size));
    printf("    400000 item invalidations: %.2f s\n", now() - t0);
    CHECK(now() - t0 < 5.0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
}

/* The tree layout past its item limit: a clear error, never CVL_ERROR_CAPACITY without a count. */
static int tree_no_children(void *ctx, cvl_index_path parent, int64_t *out) {
    (void)ctx;
    (void)parent;
    *out = 0;
    return 0;
}
static void case_tree_limit(void) {
    big_ds d = {1, ((int64_t)1 << 24) + 1, 0};
    cvl_tree_data_source tds = {NULL, tree_no_children};
    cvl_layout *tree = NULL;
    cvl_view *view;
    cvl_attributes buf[4];
    cvl_size size;
    size_t n = 12345;
    int status;
    OK(cvl_tree_layout_create(&tds, &tree));
    view = make_view(&d, tree, 500, 500);
    FAILS(cvl_view_content_size(view, &size), CVL_ERROR_OVERFLOW);
    status = cvl_view_attributes_in_rect(view, rect_of(0, 0, 500, 500), buf, 4, &n);
    CHECK(status == CVL_ERROR_OVERFLOW);
    CHECK(status != CVL_ERROR_CAPACITY || n != 12345);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(tree));
}

/* Hit testing with a huge viewport: no error about a rect the caller never passed, and (the
** flow layout draws over its frames) no search of the whole neighbourhood: 10^9 items. */
static void case_hit_test_huge_bounds(void) {
    big_ds d = {1, 1000000000, 0};
    double t0 = now();
    cvl_layout *flow = NULL;
    cvl_view *view;
    cvl_index_path ip;
    cvl_point p;
    int found = -1;
    OK(cvl_flow_layout_create(&flow));
    view = make_view(&d, flow, 1e308, 500);
    p.x = 25;
    p.y = 25;
    OK(cvl_view_index_path_at_point(view, p, &ip, &found));
    CHECK(found == 1 && ip.section == 0 && ip.item == 0);
    p.x = 1e308;
    p.y = -1e308;
    OK(cvl_view_index_path_at_point(view, p, &ip, &found));
    CHECK(found == 0);
    CHECK(now() - t0 < 1.0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
}

/* Hit tests on layouts that draw outside their frames. The circle's items rotate about their
** centres, so only items whose centres lie within half a diagonal (42.4) of the point can be
** drawn there: an angular range. 2^33 items on a circle of radius 400000 (a 10^6 viewport): the
** range around item 0's centre (500000, 100000) holds about 5e5 of them (the whole circle was
** searched before: 2^33 items, minutes); the topmost is the last one, n - 1, whose centre is
** 3e-4 away. 2^40 items put 6e7 there: more than the limit, a clear error. */
static void case_hit_test_circle(void) {
    big_ds d = {1, (int64_t)1 << 33, 0};
    cvl_layout *circle = NULL;
    cvl_view *view;
    cvl_index_path ip = {-1, -1};
    int found = -1;
    OK(cvl_circle_layout_create(&circle));
    view = make_view(&d, circle, 1e6, 1e6);
    OK(cvl_view_index_path_at_point(view, (cvl_point){500000, 100000}, &ip, &found));
    CHECK(found == 1 && ip.section == 0 && ip.item == ((int64_t)1 << 33) - 1);
    OK(cvl_view_index_path_at_point(view, (cvl_point){500000, 500000}, &ip, &found));
    CHECK(found == 0);
    d.items = (int64_t)1 << 40;
    OK(cvl_view_reload_data(view));
    found = 7;
    FAILS(cvl_view_index_path_at_point(view, (cvl_point){500000, 100000}, &ip, &found), CVL_ERROR_OVERFLOW);
    CHECK(found == 7);
    CHECK(strstr(cvl_last_error_message(), "CVL_MAX_QUERY_ELEMENTS") != NULL);
    CHECK(strstr(cvl_last_error_message(), "hit test") != NULL);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(circle));
}

/* Cover Flow and a flow with hooks can draw anywhere near their frames: a hit test searches the
** point +- the larger bounds dimension, so a 10^12-point viewport over 2^40 items holds ~10^10
** cells there (hours); the search stops at the limit. An ordinary viewport answers. */
static int pass_through(void *c, const cvl_layout_env *env, cvl_layout *layout, cvl_rect rect, cvl_attributes *out,
                        size_t base, size_t cap, size_t *count) {
    (void)c;
    (void)env;
    (void)layout;
    (void)rect;
    (void)out;
    (void)cap;
    *count = base;
    return 0;
}
static void case_hit_test_transformed_huge(void) {
    big_ds d = {1, (int64_t)1 << 40, 0};
    cvl_layout *cover = NULL, *hooked = NULL;
    cvl_layout_callbacks hooks;
    cvl_view *view, *other;
    cvl_index_path ip = {-1, -1};
    int found = 5;
    OK(cvl_cover_flow_layout_create(&cover));
    view = make_view(&d, cover, 1e12, 500);
    FAILS(cvl_view_index_path_at_point(view, (cvl_point){5e11, 250}, &ip, &found), CVL_ERROR_OVERFLOW);
    CHECK(found == 5 && ip.item == -1);
    CHECK(strstr(cvl_last_error_message(), "CVL_MAX_QUERY_ELEMENTS") != NULL);
    OK(cvl_view_set_bounds_size(view, (cvl_size){1000, 500}));
    OK(cvl_view_index_path_at_point(view, (cvl_point){500, 250}, &ip, &found));
    OK(cvl_view_destroy(view));

    memset(&hooks, 0, sizeof hooks);
    hooks.attributes_in_rect = pass_through;
    OK(cvl_flow_layout_create(&hooked));
    OK(cvl_flow_layout_set_hooks(hooked, &hooks));
    other = make_view(&d, hooked, 1000, 1e12);
    found = 5;
    FAILS(cvl_view_index_path_at_point(other, (cvl_point){25, 25}, &ip, &found), CVL_ERROR_OVERFLOW);
    CHECK(found == 5);
    OK(cvl_view_set_bounds_size(other, (cvl_size){1000, 800}));
    OK(cvl_view_index_path_at_point(other, (cvl_point){25, 25}, &ip, &found));
    CHECK(found == 1 && ip.item == 0);
    OK(cvl_view_destroy(other));
    OK(cvl_layout_destroy(cover));
    OK(cvl_layout_destroy(hooked));
}

/* A layout switch without animation in a 10^12-point viewport over 2^40 items: the anchor (the
** cell nearest the viewport's centre, or under a nearest-point policy the cell nearest that
** point) is searched in boxes around the point instead of among 2.7e11 visible cells (hours).
** The new layout has the old one's geometry, so the anchor stays where it was: offset 0. */
static void case_layout_switch_huge_viewport(void) {
    big_ds d = {1, (int64_t)1 << 40, 0};
    cvl_layout *flow = NULL, *other = NULL, *third = NULL;
    cvl_view *view;
    cvl_point offset = {-1, -1};
    OK(cvl_flow_layout_create(&flow));
    OK(cvl_flow_layout_create(&other));
    OK(cvl_flow_layout_create(&third));
    view = make_view(&d, flow, 1000, 1e12);
    OK(cvl_view_set_layout(view, other, NULL));
    OK(cvl_view_get_content_offset(view, &offset));
    CHECK(offset.x == 0 && offset.y == 0);
    OK(cvl_view_set_anchoring(view, CVL_ANCHOR_NEAREST_POINT, (cvl_point){500, 5e11}));
    OK(cvl_view_set_layout(view, third, NULL));
    OK(cvl_view_get_content_offset(view, &offset));
    CHECK(offset.x == 0 && offset.y == 0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
    OK(cvl_layout_destroy(other));
    OK(cvl_layout_destroy(third));
}

/* ------------------------------------------------------------------------------------------ */

typedef struct test_case {
    const char *name;
    void (*run)(void);
} test_case;

/* Self-sizing: measuring an item of a 2^40-item section would make a 2^40-size array
** (CVL_ERROR_OVERFLOW, nothing allocated, the offset kept); a count-only query of the items to
** measure counts 2^20 cells without collecting them and fails beyond (a 10^7-point viewport holds
** 2.7e6); a 10^7-item list measures an item within the memory limit. */
static void case_self_sizing_limits(void) {
    big_ds d = {1, (int64_t)1 << 40, 0};
    big_ds m = {1, 10000000, 0};
    cvl_layout *flow = NULL, *list = NULL;
    cvl_view *view, *small;
    cvl_index_path ip = {0, 5}, need[4];
    cvl_size sz = {50, 80}, content;
    cvl_point offset;
    size_t n = 0;
    OK(cvl_flow_layout_create(&flow));
    view = make_view(&d, flow, 1000, 1e7);
    OK(cvl_view_content_size(view, &content));
    FAILS(cvl_view_set_measured_sizes(view, &ip, &sz, 1), CVL_ERROR_OVERFLOW);
    OK(cvl_view_get_content_offset(view, &offset));
    CHECK(offset.y == 0);
    /* 2^20 cells (65536 lines of 16) are counted; 2.7e6 (16 a line, 60 pt a line) are too many. */
    OK(cvl_view_items_to_measure(view, rect_of(0, 0, 1000, 65536.0 * 60 - 10), NULL, 0, &n));
    CHECK(n == CVL_MAX_QUERY_ELEMENTS);
    n = 5;
    FAILS(cvl_view_items_to_measure(view, rect_of(0, 0, 1000, 1e7), NULL, 0, &n), CVL_ERROR_OVERFLOW);
    FAILS(cvl_view_items_to_measure(view, rect_of(0, 0, 1000, 1e7), need, 4, &n), CVL_ERROR_OVERFLOW);
    FAILS(cvl_view_items_to_measure_for_scroll(view, ip, CVL_SCROLL_POSITION_TOP, NULL, 0, &n), CVL_ERROR_OVERFLOW);
    CHECK(n == 5);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));

    OK(cvl_flow_layout_create(&list));
    OK(cvl_flow_layout_set_estimated_item_size(list, sz));
    small = make_view(&m, list, 50, 500);
    OK(cvl_view_set_content_offset(small, (cvl_point){0, 6e8}));
    ip.item = 9999999;
    OK(cvl_view_set_measured_sizes(small, &ip, &sz, 1));
    OK(cvl_view_items_to_measure(small, rect_of(0, 6e8, 50, 500), NULL, 0, &n));
    CHECK(n > 0);
    OK(cvl_view_destroy(small));
    OK(cvl_layout_destroy(list));
}

/* Everything on screen (issue 32): an animated flow -> circle switch of 10^5 items tracks every
** one of them (below CVL_MAX_ANIMATED_ELEMENTS) and its frames return them all; one item past the
** limit on the circle is refused with CVL_ERROR_OVERFLOW and the old layout stays. */
static void case_animated_switch_everything_on_screen(void) {
    int64_t sizes[2] = {100000, (int64_t)CVL_MAX_ANIMATED_ELEMENTS + 1};
    for (int k = 0; k < 2; k++) {
        big_ds d = {1, sizes[k], 0};
        cvl_layout *flow = NULL, *circle = NULL;
        cvl_view *view;
        cvl_animation anim;
        size_t n = 0;
        int32_t type = -1;
        OK(cvl_flow_layout_create(&flow));
        OK(cvl_circle_layout_create(&circle));
        view = make_view(&d, flow, 1000, 800);
        OK(cvl_view_visible_attributes(view, NULL, 0, &n)); /* laid out: the switch starts from it */
        OK(cvl_animation_default(&anim));
        if (k == 0) {
            OK(cvl_view_set_layout(view, circle, &anim));
            OK(cvl_view_set_time(view, anim.duration / 2));
            OK(cvl_view_visible_attributes(view, NULL, 0, &n));
            CHECK(n > 0 && n <= (size_t)sizes[k] + 100);
            OK(cvl_view_set_time(view, anim.duration * 2));
            OK(cvl_view_attributes_in_rect(view, rect_of(-1e9, -1e9, 2e9, 2e9), NULL, 0, &n));
            CHECK(n == (size_t)sizes[k]); /* at rest: every item of the circle */
        } else {
            FAILS(cvl_view_set_layout(view, circle, &anim), CVL_ERROR_OVERFLOW);
            CHECK(strstr(cvl_last_error_message(), "CVL_MAX_ANIMATED_ELEMENTS") != NULL);
            OK(cvl_layout_get_type(flow, &type));
            OK(cvl_view_visible_attributes(view, NULL, 0, &n));
            CHECK(n > 0 && n < 1000); /* still the flow */
        }
        OK(cvl_view_destroy(view));
        OK(cvl_layout_destroy(flow));
        OK(cvl_layout_destroy(circle));
    }
}

static const test_case cases[] = {
    {"huge section count", case_huge_section_count},
    {"huge section sized one by one", case_huge_sized_section},
    {"callback capacity request", case_callback_capacity_request},
    {"count-only and small-buffer queries", case_count_only_query},
    {"count-only query during an animation", case_count_only_query_animating},
    {"animated change over a huge viewport", case_animation_over_huge_viewport},
    {"animated switch with everything on screen", case_animated_switch_everything_on_screen},
    {"anchoring over a huge viewport", case_anchoring_huge_viewport},
    {"Cover Flow snapping in a huge viewport", case_cover_flow_snap_huge_viewport},
    {"circle with a 0x0 viewport", case_circle_zero_viewport},
    {"mosaic with a zero-width viewport", case_mosaic},
    {"Survey scrolling horizontally", case_survey_horizontal},
    {"Survey scrolling horizontally in a 1e308-high viewport", case_survey_horizontal_tall_viewport},
    {"flow rects crossing every line of 2^32 items, missing every column", case_flow_rect_missing_every_column},
    {"Survey horizontal rects over every centre of 2^32 items, missing every slot",
     case_survey_horizontal_rect_missing_every_slot},
    {"Survey horizontal rect over 2^32 items of size 0", case_survey_horizontal_zero_size_items},
    {"repeated item invalidations", case_repeated_item_invalidations},
    {"tree past its item limit", case_tree_limit},
    {"hit test with huge bounds", case_hit_test_huge_bounds},
    {"query limit", case_query_limit},
    {"hit test on a circle of 2^33 items", case_hit_test_circle},
    {"hit test on transformed layouts in a huge viewport", case_hit_test_transformed_huge},
    {"layout switch in a huge viewport", case_layout_switch_huge_viewport},
    {"self-sizing limits", case_self_sizing_limits},
};

int main(int argc, char **argv) {
    size_t k, total = sizeof cases / sizeof cases[0];
    int passed_cases = 0, failed_cases = 0;
    const test_case *list = cases;
    for (k = 0; k < total; k++) {
        pid_t pid;
        int status = 0;
        if (argc > 1 && strstr(list[k].name, argv[1]) == NULL) continue;
        fflush(stdout);
        pid = fork();
        if (pid == 0) {
            struct rlimit lim;
            lim.rlim_cur = lim.rlim_max = CASE_MEMORY_LIMIT;
            setrlimit(RLIMIT_AS, &lim);
            alarm(CASE_SECONDS);
            list[k].run();
            fflush(stdout);
            _exit(failed == 0 ? 0 : 1);
        }
        waitpid(pid, &status, 0);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
            passed_cases++;
            printf("ok   %s\n", list[k].name);
        } else {
            failed_cases++;
            if (WIFSIGNALED(status))
                printf("FAIL %s: killed by signal %d%s\n", list[k].name, WTERMSIG(status),
                       WTERMSIG(status) == SIGALRM ? " (took too long)" : " (crashed or ran out of memory)");
            else
                printf("FAIL %s: %d checks failed\n", list[k].name, WEXITSTATUS(status));
        }
    }
    printf("%d cases passed, %d failed\n", passed_cases, failed_cases);
    return failed_cases == 0 ? 0 : 1;
}
