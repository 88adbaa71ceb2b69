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

/* Count-only and too-small-buffer rect queries over 1.6e7 cells: counted, never built. */
static void case_count_only_query(void) {
    big_ds d = {1, 1000000000, 0};
    cvl_layout *flow = NULL;
    cvl_view *view;
    cvl_attributes buf[10];
    size_t n = 0;
    double t0;
    memset(buf, 0, sizeof buf);
    OK(cvl_flow_layout_create(&flow));
    /* 1000 wide: 16 items of 50 a line (16*50 + 15*10 = 950), lines 60 apart. */
    view = make_view(&d, flow, 1000, 800);
    t0 = now();
    OK(cvl_view_attributes_in_rect(view, rect_of(0, 0, 1000, 6e7), NULL, 0, &n));
    CHECK(n == (size_t)16000000);
    n = 0;
    FAILS(cvl_view_attributes_in_rect(view, rect_of(0, 0, 1000, 6e7), buf, 10, &n), CVL_ERROR_CAPACITY);
    CHECK(n == (size_t)16000000);
    /* The buffer is left as it was. */
    CHECK(buf[0].alpha == 0 && buf[9].index_path.item == 0);
    printf("    two queries over 1.6e7 cells: %.2f s\n", now() - t0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
}

/* The same count-only query while a layout switch animates: still nothing collected. */
static void case_count_only_query_animating(void) {
    big_ds d = {1, 1000000000, 0};
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
    OK(cvl_view_attributes_in_rect(view, rect_of(0, 0, 1000, 6e7), NULL, 0, &n));
    CHECK(n == (size_t)16000000);
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
    int64_t count = 0;
    int32_t type = 0;
    OK(cvl_flow_layout_create(&flow));
    OK(cvl_flow_layout_create(&other));
    view = make_view(&d, flow, 1000, 1e8);
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

/* Scroll anchoring over a viewport of millions of cells: the anchor candidates are bounded. */
static void case_anchoring_huge_viewport(void) {
    big_ds d = {1, 100000000, 0};
    cvl_layout *flow = NULL;
    cvl_view *view;
    cvl_update_item up;
    cvl_point p = {500, 0}, offset;
    int64_t count = 0;
    cvl_size size;
    OK(cvl_flow_layout_create(&flow));
    view = make_view(&d, flow, 1000, 1e8);
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
    CHECK(count == 99999999);
    /* The anchor (nearest the top middle: item 8, now item 7) keeps its screen place. */
    OK(cvl_view_get_content_offset(view, &offset));
    CHECK(offset.y == 0 && offset.x == 0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(flow));
}

/* Cover Flow snapping in a viewport 10^9 points wide: the cells are visited, not collected. */
static void case_cover_flow_snap_huge_viewport(void) {
    big_ds d = {1, 100000000, 0};
    cvl_layout *cover = NULL;
    cvl_view *view;
    cvl_point proposed = {0, 0}, velocity = {0, 0}, out;
    OK(cvl_cover_flow_layout_create(&cover));
    view = make_view(&d, cover, 1e9, 500);
    OK(cvl_view_target_content_offset(view, proposed, velocity, &out));
    CHECK(isfinite(out.x) && out.y == 0);
    OK(cvl_view_destroy(view));
    OK(cvl_layout_destroy(cover));
}

/* The circle with a 0x0 viewport: every item at the same place; counting them builds nothing. */
static void case_circle_zero_viewport(void) {
    big_ds d = {1, 10000000, 0};
    cvl_layout *circle = NULL;
    cvl_view *view;
    cvl_attributes one;
    size_t n = 0;
    int found = -1;
    cvl_index_path ip = {0, 0};
    OK(cvl_circle_layout_create(&circle));
    view = make_view(&d, circle, 0, 0);
    OK(cvl_view_attributes_in_rect(view, rect_of(-1, -1, 2, 2), NULL, 0, &n));
    CHECK(n == 10000000);
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

/* ------------------------------------------------------------------------------------------ */

typedef struct test_case {
    const char *name;
    void (*run)(void);
} test_case;

/* Self-sizing: measuring an item of a 2^40-item section would make a 2^40-size array
** (CVL_ERROR_OVERFLOW, nothing allocated, the offset kept); a count-only query of the items to
** measure over a 10^7-point viewport (2.7e6 cells) counts without collecting; a 10^7-item list measures an
** item within the memory limit. */
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
    OK(cvl_view_items_to_measure(view, rect_of(0, 0, 1000, 1e7), NULL, 0, &n));
    CHECK(n > 2600000);   /* 16 a line, 60 pt a line */
    FAILS(cvl_view_items_to_measure(view, rect_of(0, 0, 1000, 1e7), need, 4, &n), CVL_ERROR_CAPACITY);
    OK(cvl_view_items_to_measure_for_scroll(view, ip, CVL_SCROLL_POSITION_TOP, NULL, 0, &n));
    CHECK(n > 2600000);   /* 16 a line, 60 pt a line */
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

static const test_case cases[] = {
    {"huge section count", case_huge_section_count},
    {"huge section sized one by one", case_huge_sized_section},
    {"callback capacity request", case_callback_capacity_request},
    {"count-only and small-buffer queries", case_count_only_query},
    {"count-only query during an animation", case_count_only_query_animating},
    {"animated change over a huge viewport", case_animation_over_huge_viewport},
    {"anchoring over a huge viewport", case_anchoring_huge_viewport},
    {"Cover Flow snapping in a huge viewport", case_cover_flow_snap_huge_viewport},
    {"circle with a 0x0 viewport", case_circle_zero_viewport},
    {"mosaic with a zero-width viewport", case_mosaic},
    {"Survey scrolling horizontally", case_survey_horizontal},
    {"repeated item invalidations", case_repeated_item_invalidations},
    {"tree past its item limit", case_tree_limit},
    {"hit test with huge bounds", case_hit_test_huge_bounds},
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
