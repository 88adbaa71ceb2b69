/*
** bench/perf_guard.c — the static path's instruction counts against a hand-written C loop
** (issue 32's guard; BENCHMARKS.md, "The instruction-count guard"). `make perf-guard` (part of
** `make test`) runs it under `valgrind --tool=callgrind` and scripts/perf_guard.py compares the
** counts: callgrind counts instructions, so the figures do not depend on the machine's load.
**
** The fixed workload (the issue's): one section of N items, random sizes uniform in [50, 150]^2
** (splitmix64, seed 42), vertical flow, a 1000-wide column, viewport 1000 x 800, spacings 10/10,
** no insets. Each phase runs once to warm up (lazy binding, first-use metadata), then its
** counters are zeroed, it runs REPS times, and its counts are dumped under its name
** (CALLGRIND_DUMP_STATS_AT): the script reads one dump per phase and divides by the repetitions
** this program prints ("phase <name> <reps> <elements>").
**
** Phases (cvlayout, then the loop doing the same work by hand):
**   prepare   cvl_view_invalidate_layout(EVERYTHING) + cvl_view_content_size  |  the loop's pass:
**             greedy lines, justified, a frame per item, a line table
**   handover  cvl_flow_layout_set_item_sizes + cvl_view_content_size          |  memcpy + pass
**   query     cvl_view_set_content_offset + cvl_view_visible_attributes       |  binary search over
**             the lines, each visible item's full cvl_attributes filled
**   compact   cvl_view_set_content_offset + cvl_view_visible_elements         |  the same search,
**             each visible item's cvl_element filled
**   scroll    cvl_view_visible_elements_at (the offset and the query in one call)  |  the same
**   step      the same call, scrolling by STEP points a call from the middle of the content (a
**             finger's scroll: each query's lines lie next to the last one's)  |  the loop's
**             compact query at the same offsets
**   sections  cvl_view_invalidate_layout(EVERYTHING) + cvl_view_content_size of a flow of SECTIONS
**             sections of SECTION_ITEMS items of one item_size, a header each  |  the loop's pass
**             over the sections: items a line, lines, each section's origin and header frame
**   section_edit  on that flow, an item deleted from the middle section then inserted back (two
**             batch updates, each with cvl_view_content_size)  |  not a loop: the `sections` phase,
**             the library's own full pass (one-item edits, issue 32: a fraction of a full layout)
**   section_edit_bulk  the same, the counts asked in one call (cvl_view_set_item_counts_source),
**             the host writing only the changed entry  |  the `sections` phase
**   frame     cvl_view_set_time + cvl_view_visible_attributes during a flow -> flow switch (line
**             spacing 10 -> 40, same sizes)  |  the two layouts' binary searches, the two visible
**             runs merged by item, each frame interpolated, full structs filled
**   onscreen_switch  everything on screen (BENCHMARKS.md, "Everything on screen"): an animated
**             (linear, 1 s) cvl_view_set_layout of ONSCREEN_N items from a flow of 50 x 50 items at
**             offset 0 to the circle (every item on screen; the flow restored at rest, uncounted,
**             before each)  |  the set-up's floor (bench/onscreen_loop.h): the circle's places, one
**             sincos an item, and both ends of every track written as 288-byte records
**   onscreen_switch_frame  cvl_view_set_time + cvl_view_visible_attributes during that switch  |
**             each track's two ends interpolated (frame, angle), full records filled
**   onscreen_update  on the circle at rest, an animated batch update deleting item N / 2, then
**             (after it finished, uncounted) one inserting it back: every item moves  |  the floor
**             twice (a set-up a batch)
**   onscreen_update_frame  a frame of the deletion, every element on screen and moving  |  the
**             frame loop over the deletion's tracks (each item from its place among N to its place
**             among N - 1)
** Run natively (no valgrind) the client requests do nothing: it then only checks that both sides
** agree (every frame equal, the same elements per query), which `make perf-guard` also runs.
*/
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include "cvlayout.h"
#include "flow_loop.h"
#include "onscreen_loop.h"

#define N 100000
#define VIEW_W 1000.0
#define VIEW_H 800.0
#define SPACING 10.0
#define TO_LINE_SPACING 40.0
#define ITEM_MIN 50.0
#define ITEM_MAX 150.0
#define QUERIES 64
#define STEP 40.0
#define FRAMES 16
#define PREPARE_REPS 2
#define OUT_CAPACITY 4096
#define SECTIONS 10000
#define SECTION_ITEMS 20
#define SECTION_ITEM 90.0
#define SECTION_HEADER 44.0
#define ONSCREEN_N 10000
#define ONSCREEN_REPS 2
#define ONSCREEN_FRAMES 4

static void check(int status, const char *what, int line) {
    if (status != CVL_OK) {
        fprintf(stderr, "perf_guard.c:%d: %s failed: %s: %s\n", line, what, cvl_status_string(status),
                cvl_last_error_message());
        exit(1);
    }
}
#define CHECK(call) check((call), #call, __LINE__)

/* splitmix64: a seeded, portable RNG (the same as bench/bench.c). */
static uint64_t rng_state = 42;
static double rng_uniform(double lo, double hi) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return lo + (hi - lo) * (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

static int64_t g_items = N;
static int ds_items(void *context, int64_t section, int64_t *out) {
    (void)context;
    (void)section;
    *out = g_items;
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* The hand-written loop: bench/flow_loop.h (bench/bench.c times the same functions). */

typedef flow_loop hand_loop;
typedef flow_loop_track hl_track;

/* ------------------------------------------------------------------------------------------ */

static cvl_attributes *g_out;
static cvl_element *g_compact;
static volatile size_t g_sink;

/* Each phase is a function of `reps` repetitions that returns the elements of its last one. */
typedef struct {
    cvl_view *view;
    cvl_layout *layout;
    const cvl_size *host;
    hand_loop *loop, *loop_to;
    double span;
    hl_track *tracks;
    size_t track_count;
    double to_top;
} ctx;

static double offset_of(const ctx *c, int q) { return c->span * q / (QUERIES - 1); }

static size_t cv_prepare(ctx *c, int reps) {
    cvl_size content;
    for (int r = 0; r < reps; r++) {
        CHECK(cvl_view_invalidate_layout(c->view, CVL_INVALIDATE_EVERYTHING, NULL, 0));
        CHECK(cvl_view_content_size(c->view, &content));
    }
    return 0;
}

static size_t loop_prepare(ctx *c, int reps) {
    for (int r = 0; r < reps; r++) flow_loop_run(c->loop);
    return 0;
}

static size_t cv_handover(ctx *c, int reps) {
    cvl_size content;
    for (int r = 0; r < reps; r++) {
        CHECK(cvl_flow_layout_set_item_sizes(c->layout, 0, c->host, N));
        CHECK(cvl_view_content_size(c->view, &content));
    }
    return 0;
}

static size_t loop_handover(ctx *c, int reps) {
    for (int r = 0; r < reps; r++) flow_loop_handover(c->loop, c->host);
    return 0;
}

static size_t cv_query(ctx *c, int reps) {
    size_t total = 0;
    for (int r = 0; r < reps; r++) {
        size_t count = 0;
        CHECK(cvl_view_set_content_offset(c->view, (cvl_point){0, offset_of(c, r % QUERIES)}));
        CHECK(cvl_view_visible_attributes(c->view, g_out, OUT_CAPACITY, &count));
        total += count;
    }
    return total;
}

static size_t loop_query(ctx *c, int reps) {
    size_t total = 0;
    for (int r = 0; r < reps; r++) total += flow_loop_query(c->loop, offset_of(c, r % QUERIES), g_out);
    g_sink = total;
    return total;
}

static size_t cv_compact(ctx *c, int reps) {
    size_t total = 0;
    for (int r = 0; r < reps; r++) {
        size_t count = 0;
        CHECK(cvl_view_set_content_offset(c->view, (cvl_point){0, offset_of(c, r % QUERIES)}));
        CHECK(cvl_view_visible_elements(c->view, g_compact, OUT_CAPACITY, &count));
        total += count;
    }
    return total;
}

static size_t cv_scroll(ctx *c, int reps) {
    size_t total = 0;
    for (int r = 0; r < reps; r++) {
        size_t count = 0;
        CHECK(cvl_view_visible_elements_at(c->view, (cvl_point){0, offset_of(c, r % QUERIES)}, g_compact, OUT_CAPACITY,
                                           &count));
        total += count;
    }
    return total;
}

/* The step phase's offsets: STEP points apart from the middle of the content. */
static double step_offset(const ctx *c, int r) { return c->span * 0.5 + STEP * r; }

static size_t cv_step(ctx *c, int reps) {
    size_t total = 0;
    for (int r = 0; r < reps; r++) {
        size_t count = 0;
        CHECK(cvl_view_visible_elements_at(c->view, (cvl_point){0, step_offset(c, r)}, g_compact, OUT_CAPACITY,
                                           &count));
        total += count;
    }
    return total;
}

static size_t loop_step(ctx *c, int reps) {
    size_t total = 0;
    for (int r = 0; r < reps; r++) total += flow_loop_query_compact(c->loop, step_offset(c, r), g_compact);
    g_sink = total;
    return total;
}

static size_t loop_compact(ctx *c, int reps) {
    size_t total = 0;
    for (int r = 0; r < reps; r++) total += flow_loop_query_compact(c->loop, offset_of(c, r % QUERIES), g_compact);
    g_sink = total;
    return total;
}

/* The animation's clock: frame f of FRAMES strictly inside a 1 s linear switch started at 0. */
static double frame_time(int f) { return (double)(f + 1) / (FRAMES + 2); }
static int g_frame;

static size_t cv_frame(ctx *c, int reps) {
    size_t total = 0;
    for (int r = 0; r < reps; r++) {
        size_t count = 0;
        CHECK(cvl_view_set_time(c->view, frame_time(g_frame++)));
        CHECK(cvl_view_visible_attributes(c->view, g_out, OUT_CAPACITY, &count));
        total += count;
    }
    return total;
}

static size_t loop_frame(ctx *c, int reps) {
    size_t total = 0;
    for (int r = 0; r < reps; r++)
        total += flow_loop_frame(c->loop_to, c->tracks, c->track_count, c->to_top, frame_time(r), g_out);
    g_sink = total;
    return total;
}

/* ------------------------------------------------------------------------------------------ */
/* Many sections: a grid of one item size in sections with headers (the flow's O(1) sections). */

static int ds_sections(void *context, int64_t *out) {
    (void)context;
    *out = SECTIONS;
    return 0;
}
static int64_t g_section_items[SECTIONS]; /* SECTION_ITEMS each, but while `section_edit` runs */
static int ds_section_items(void *context, int64_t section, int64_t *out) {
    (void)context;
    *out = g_section_items[section];
    return 0;
}

static cvl_view *g_sections_view;
static double g_section_origin[SECTIONS];
static cvl_rect g_section_header[SECTIONS];

static size_t cv_sections(ctx *c, int reps) {
    (void)c;
    cvl_size content;
    for (int r = 0; r < reps; r++) {
        CHECK(cvl_view_invalidate_layout(g_sections_view, CVL_INVALIDATE_EVERYTHING, NULL, 0));
        CHECK(cvl_view_content_size(g_sections_view, &content));
    }
    return 0;
}

/* A one-item edit in the middle section (item 3 deleted, then inserted back: two batch updates,
** each followed by the content size), against the library's own full pass (`sections`). */
static size_t cv_section_edit(ctx *c, int reps) {
    (void)c;
    cvl_size content;
    const int64_t mid = SECTIONS / 2;
    for (int r = 0; r < reps; r++) {
        cvl_update_item del = {CVL_UPDATE_DELETE, 0, {mid, 3}, {-1, -1}};
        cvl_update_item ins = {CVL_UPDATE_INSERT, 0, {-1, -1}, {mid, 3}};
        g_section_items[mid]--;
        CHECK(cvl_view_perform_batch_updates(g_sections_view, &del, 1, NULL));
        CHECK(cvl_view_content_size(g_sections_view, &content));
        g_section_items[mid]++;
        CHECK(cvl_view_perform_batch_updates(g_sections_view, &ins, 1, NULL));
        CHECK(cvl_view_content_size(g_sections_view, &content));
    }
    return 0;
}

/* The same edits with the counts handed over in one call (cvl_view_set_item_counts_source): a
** host that knows which section changed writes only its entry (the buffer keeps the rest). */
static int g_bulk_primed;
static int ds_section_counts(void *context, int64_t *out, size_t n) {
    (void)context;
    if (!g_bulk_primed) {
        memcpy(out, g_section_items, n * sizeof *out);
        g_bulk_primed = 1;
    } else {
        out[SECTIONS / 2] = g_section_items[SECTIONS / 2];
    }
    return 0;
}

/* The loop a host would write for the same grid: items a line (the greedy fit of one size), then
** each section's header frame and origin, stacked. Returns the content height. */
static double loop_sections_pass(void) {
    int64_t per_line = (int64_t)floor((VIEW_W + SPACING) / (SECTION_ITEM + SPACING));
    if (per_line < 1) per_line = 1;
    double y = 0;
    for (int s = 0; s < SECTIONS; s++) {
        g_section_header[s] = (cvl_rect){0, y, VIEW_W, SECTION_HEADER};
        y += SECTION_HEADER;
        g_section_origin[s] = y;
        int64_t lines = (SECTION_ITEMS + per_line - 1) / per_line;
        if (lines > 0) y += (double)lines * SECTION_ITEM + (double)(lines - 1) * SPACING;
    }
    return y;
}

static size_t loop_sections(ctx *c, int reps) {
    (void)c;
    double h = 0;
    for (int r = 0; r < reps; r++) h += loop_sections_pass();
    g_sink = (size_t)h;
    return 0;
}

static void sections_view(void) {
    cvl_layout *l;
    cvl_flow_config cfg;
    for (int s = 0; s < SECTIONS; s++) g_section_items[s] = SECTION_ITEMS;
    CHECK(cvl_flow_layout_create(&l));
    CHECK(cvl_flow_config_default(&cfg));
    cfg.item_size = (cvl_size){SECTION_ITEM, SECTION_ITEM};
    cfg.minimum_interitem_spacing = cfg.minimum_line_spacing = SPACING;
    cfg.header_reference_size = (cvl_size){0, SECTION_HEADER};
    CHECK(cvl_flow_layout_set_config(l, &cfg));
    cvl_data_source ds = {NULL, ds_sections, ds_section_items};
    CHECK(cvl_view_create(&ds, l, &g_sections_view));
    CHECK(cvl_layout_destroy(l));
    CHECK(cvl_view_set_bounds_size(g_sections_view, (cvl_size){VIEW_W, VIEW_H}));
    cvl_size content;
    CHECK(cvl_view_content_size(g_sections_view, &content));
    double mine = loop_sections_pass();
    if (fabs(content.height - mine) > 1e-6) {
        fprintf(stderr, "perf_guard: sections: cvlayout's content height %g, the loop's %g\n", content.height, mine);
        exit(1);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Everything on screen: a flow of ONSCREEN_N 50 x 50 items (the defaults) switched to the circle,
** and batch updates on the circle (bench/everything_on_screen.c's workload at a smaller N). */

static int64_t g_on_items = ONSCREEN_N;
static int ds_onscreen_items(void *context, int64_t section, int64_t *out) {
    (void)context;
    (void)section;
    *out = g_on_items;
    return 0;
}

typedef struct {
    cvl_view *view;
    cvl_layout *flow, *circle;
    cvl_animation anim;
    double clock;        /* the view's time: moved on 10 s before each set-up, so each starts at rest */
    double start;        /* the running animation's start */
    int frame;           /* the next frame of the running animation */
    int loop_frame;      /* the loop's next frame (the same times as the view's) */
    cvl_attributes *out; /* ONSCREEN_N + 1024 records */
    cvl_attributes *from, *to, *update_from, *update_to; /* the loop's tracks: ONSCREEN_N each */
    onscreen_loop_turn *turn, *update_turn;
} onscreen;
static onscreen g_on;

/* The flow's justified grid at 1000 wide: 16 items a row, (1000 - 16 * 50) / 15 apart, rows 60 apart. */
#define ONSCREEN_PER_ROW 16
#define ONSCREEN_DX (50.0 + (VIEW_W - ONSCREEN_PER_ROW * 50.0) / (ONSCREEN_PER_ROW - 1))
#define ONSCREEN_DY 60.0

static void onscreen_loop_switch_setup(cvl_attributes *from, cvl_attributes *to, onscreen_loop_turn *turn) {
    onscreen_loop_setup(ONSCREEN_N, ONSCREEN_PER_ROW, ONSCREEN_DX, ONSCREEN_DY, VIEW_W, VIEW_H, from, to, turn);
}

/* Uncounted (callgrind's collection off): the view at rest, its time moved on, every element drawn. */
static void onscreen_settle(void) {
    size_t count = 0;
    CALLGRIND_TOGGLE_COLLECT;
    CHECK(cvl_view_finish_animations(g_on.view));
    CHECK(cvl_view_set_time(g_on.view, g_on.clock += 10));
    CHECK(cvl_view_visible_attributes(g_on.view, g_on.out, ONSCREEN_N + 1024, &count));
    g_on.start = g_on.clock;
    g_on.frame = 0;
    CALLGRIND_TOGGLE_COLLECT;
}

static size_t cv_onscreen_switch(ctx *c, int reps) {
    (void)c;
    for (int r = 0; r < reps; r++) {
        CALLGRIND_TOGGLE_COLLECT;
        CHECK(cvl_view_finish_animations(g_on.view));
        CHECK(cvl_view_set_layout(g_on.view, g_on.flow, NULL));
        CHECK(cvl_view_set_content_offset(g_on.view, (cvl_point){0, 0})); /* the switch anchored it elsewhere */
        CALLGRIND_TOGGLE_COLLECT;
        onscreen_settle();
        CHECK(cvl_view_set_layout(g_on.view, g_on.circle, &g_on.anim));
    }
    return 0;
}

static size_t loop_onscreen_setup(ctx *c, int reps) {
    (void)c;
    for (int r = 0; r < reps; r++) onscreen_loop_switch_setup(g_on.from, g_on.to, g_on.turn);
    g_sink = (size_t)g_on.to[ONSCREEN_N / 3].frame.x;
    return 0;
}

/* Deletes item N / 2 (animated) on the circle at rest; `items` is the count after it. */
static void onscreen_delete(void) {
    cvl_update_item del = {CVL_UPDATE_DELETE, 0, {0, ONSCREEN_N / 2}, {-1, -1}};
    g_on_items = ONSCREEN_N - 1;
    CHECK(cvl_view_perform_batch_updates(g_on.view, &del, 1, &g_on.anim));
}

static size_t cv_onscreen_update(ctx *c, int reps) {
    (void)c;
    for (int r = 0; r < reps; r++) {
        cvl_update_item ins = {CVL_UPDATE_INSERT, 0, {-1, -1}, {0, ONSCREEN_N / 2}};
        onscreen_settle();
        onscreen_delete();
        onscreen_settle();
        g_on_items = ONSCREEN_N;
        CHECK(cvl_view_perform_batch_updates(g_on.view, &ins, 1, &g_on.anim));
    }
    return 0;
}

static size_t loop_onscreen_update(ctx *c, int reps) {
    (void)c;
    for (int r = 0; r < reps; r++) {
        onscreen_loop_switch_setup(g_on.from, g_on.to, g_on.turn);
        onscreen_loop_switch_setup(g_on.from, g_on.to, g_on.turn);
    }
    g_sink = (size_t)g_on.to[ONSCREEN_N / 3].frame.x;
    return 0;
}

/* The k-th frame since a set-up: around the middle of the animation (bench/everything_on_screen.c
** draws t = 0.5), 0.05 s apart. */
static double onscreen_frame_time(int k) { return 0.4 + 0.05 * k; }

/* A frame of the running animation: onscreen_frame_time(k) of it for the k-th frame since its set-up. */
static size_t cv_onscreen_frame(ctx *c, int reps) {
    (void)c;
    size_t total = 0;
    for (int r = 0; r < reps; r++) {
        size_t count = 0;
        CHECK(cvl_view_set_time(g_on.view, g_on.start + onscreen_frame_time(g_on.frame++)));
        CHECK(cvl_view_visible_attributes(g_on.view, g_on.out, ONSCREEN_N + 1024, &count));
        total += count;
    }
    return total;
}

static size_t loop_onscreen_switch_frame(ctx *c, int reps) {
    (void)c;
    size_t total = 0;
    for (int r = 0; r < reps; r++)
        total += onscreen_loop_frame(ONSCREEN_N, VIEW_W, VIEW_H, g_on.from, g_on.to, g_on.turn,
                                     onscreen_frame_time(g_on.loop_frame++), g_on.out);
    g_sink = total;
    return total;
}

static size_t loop_onscreen_update_frame(ctx *c, int reps) {
    (void)c;
    size_t total = 0;
    for (int r = 0; r < reps; r++)
        total += onscreen_loop_frame(ONSCREEN_N - 1, VIEW_W, VIEW_H, g_on.update_from, g_on.update_to,
                                     g_on.update_turn, onscreen_frame_time(g_on.loop_frame++), g_on.out);
    g_sink = total;
    return total;
}

/* The deletion's tracks by hand: item i from its place among N (i, or i + 1 from N / 2 on) to its
** place among N - 1. Built once from two runs of the floor (not counted: the floor is). */
static void onscreen_update_tracks(void) {
    cvl_attributes *scratch = malloc(ONSCREEN_N * sizeof *scratch);
    onscreen_loop_turn *turns = malloc(ONSCREEN_N * sizeof *turns);
    if (!scratch || !turns) exit(1);
    onscreen_loop_setup(ONSCREEN_N, ONSCREEN_PER_ROW, ONSCREEN_DX, ONSCREEN_DY, VIEW_W, VIEW_H, scratch,
                        g_on.update_from, turns);
    onscreen_loop_setup(ONSCREEN_N - 1, ONSCREEN_PER_ROW, ONSCREEN_DX, ONSCREEN_DY, VIEW_W, VIEW_H, scratch,
                        g_on.update_to, g_on.update_turn);
    for (int64_t i = ONSCREEN_N / 2; i < ONSCREEN_N - 1; i++) {
        g_on.update_from[i] = g_on.update_from[i + 1];
        g_on.update_from[i].index_path.item = i;
        turns[i] = turns[i + 1];
    }
    for (int64_t i = 0; i < ONSCREEN_N - 1; i++) g_on.update_turn[i].from = turns[i].to;
    free(scratch);
    free(turns);
}

/* The view, the layouts and the loop's buffers; the view shows the flow at rest at offset 0. */
static void onscreen_view(void) {
    g_on.out = malloc((ONSCREEN_N + 1024) * sizeof *g_on.out);
    g_on.from = malloc(ONSCREEN_N * sizeof *g_on.from);
    g_on.to = malloc(ONSCREEN_N * sizeof *g_on.to);
    g_on.update_from = malloc(ONSCREEN_N * sizeof *g_on.update_from);
    g_on.update_to = malloc(ONSCREEN_N * sizeof *g_on.update_to);
    g_on.turn = malloc(ONSCREEN_N * sizeof *g_on.turn);
    g_on.update_turn = malloc(ONSCREEN_N * sizeof *g_on.update_turn);
    if (!g_on.out || !g_on.from || !g_on.to || !g_on.update_from || !g_on.update_to || !g_on.turn ||
        !g_on.update_turn)
        exit(1);
    CHECK(cvl_flow_layout_create(&g_on.flow));
    CHECK(cvl_circle_layout_create(&g_on.circle));
    cvl_data_source ds = {NULL, NULL, ds_onscreen_items};
    CHECK(cvl_view_create(&ds, g_on.flow, &g_on.view));
    CHECK(cvl_view_set_bounds_size(g_on.view, (cvl_size){VIEW_W, VIEW_H}));
    CHECK(cvl_animation_default(&g_on.anim));
    g_on.anim.duration = 1.0;
    g_on.anim.curve = CVL_CURVE_LINEAR;
    onscreen_loop_switch_setup(g_on.from, g_on.to, g_on.turn);
    onscreen_update_tracks();
}

/* The same frames drawn the same elements on both sides (their sums over the counted frames). */
static void onscreen_agree(const char *what, size_t mine, size_t theirs) {
    if (mine != theirs) {
        fprintf(stderr, "perf_guard: %s: cvlayout drew %zu elements, the loop %zu\n", what, mine, theirs);
        exit(1);
    }
}

static void onscreen_free(void) {
    CHECK(cvl_view_destroy(g_on.view));
    CHECK(cvl_layout_destroy(g_on.flow));
    CHECK(cvl_layout_destroy(g_on.circle));
    free(g_on.out);
    free(g_on.from);
    free(g_on.to);
    free(g_on.update_from);
    free(g_on.update_to);
    free(g_on.turn);
    free(g_on.update_turn);
}

/* Warm once, then the counted repetitions, dumped under `name`; returns their elements. */
static size_t phase(const char *name, size_t (*fn)(ctx *, int), ctx *c, int reps) {
    fn(c, 1);
    CALLGRIND_ZERO_STATS;
    size_t elements = fn(c, reps);
    CALLGRIND_DUMP_STATS_AT(name);
    printf("phase %s %d %zu\n", name, reps, elements);
    return elements;
}

static void set_spacing(cvl_layout *layout, double line_spacing) {
    cvl_flow_config cfg;
    CHECK(cvl_flow_config_default(&cfg));
    cfg.minimum_line_spacing = line_spacing;
    cfg.minimum_interitem_spacing = SPACING;
    CHECK(cvl_flow_layout_set_config(layout, &cfg));
}

/* Both sides agree: every frame, the content height, the elements of each query. */
static void agree(ctx *c) {
    cvl_size content;
    CHECK(cvl_view_content_size(c->view, &content));
    double maxd = fabs(content.height - c->loop->content_h);
    for (int64_t i = 0; i < N; i++) {
        cvl_rect f, g = c->loop->frames[i];
        CHECK(cvl_flow_layout_item_frame(c->layout, (cvl_index_path){0, i}, &f));
        double d = fmax(fmax(fabs(f.x - g.x), fabs(f.y - g.y)),
                        fmax(fabs(f.width - g.width), fabs(f.height - g.height)));
        if (d > maxd) maxd = d;
    }
    if (maxd > 1e-6) {
        fprintf(stderr, "perf_guard: the loop's frames differ from cvlayout's by %g\n", maxd);
        exit(1);
    }
    for (int q = 0; q < QUERIES; q++) {
        size_t count = 0, compact = 0;
        CHECK(cvl_view_set_content_offset(c->view, (cvl_point){0, offset_of(c, q)}));
        CHECK(cvl_view_visible_attributes(c->view, g_out, OUT_CAPACITY, &count));
        CHECK(cvl_view_visible_elements(c->view, g_compact, OUT_CAPACITY, &compact));
        size_t mine = flow_loop_query(c->loop, offset_of(c, q), g_out + OUT_CAPACITY / 2);
        if (count != mine || compact != count) {
            fprintf(stderr, "perf_guard: query %d: cvlayout %zu / %zu elements, the loop %zu\n", q, count, compact,
                    mine);
            exit(1);
        }
        for (size_t k = 0; k < count; k++) {
            const cvl_attributes *a = &g_out[k];
            const cvl_element *e = &g_compact[k];
            if (a->index_path.item != e->index_path.item || a->frame.x != e->frame.x || a->frame.y != e->frame.y ||
                a->category != e->category || a->kind != e->kind) {
                fprintf(stderr, "perf_guard: query %d: element %zu differs between the full and compact queries\n",
                        q, k);
                exit(1);
            }
        }
    }
    for (int r = 0; r < QUERIES; r++) { /* the step phase's queries: the loop's elements, in order */
        size_t count = 0;
        CHECK(cvl_view_visible_elements_at(c->view, (cvl_point){0, step_offset(c, r)}, g_compact, OUT_CAPACITY,
                                           &count));
        cvl_element *mine = g_compact + OUT_CAPACITY / 2;
        size_t want = flow_loop_query_compact(c->loop, step_offset(c, r), mine);
        int same = count == want;
        for (size_t k = 0; same && k < count; k++)
            same = g_compact[k].index_path.item == mine[k].index_path.item &&
                   fabs(g_compact[k].frame.y - mine[k].frame.y) <= 1e-6;
        if (!same) {
            fprintf(stderr, "perf_guard: step %d: cvlayout %zu elements, the loop %zu (or an element differs)\n", r,
                    count, want);
            exit(1);
        }
    }
}

int main(void) {
    g_out = malloc(OUT_CAPACITY * sizeof *g_out);
    g_compact = malloc(OUT_CAPACITY * sizeof *g_compact);
    cvl_size *host = malloc(N * sizeof *host);
    for (int64_t i = 0; i < N; i++) {
        host[i].width = rng_uniform(ITEM_MIN, ITEM_MAX);
        host[i].height = rng_uniform(ITEM_MIN, ITEM_MAX);
    }
    hand_loop loop = {.n = N,
                      .sizes = host,
                      .own = malloc(N * sizeof(cvl_size)),
                      .avail = VIEW_W,
                      .view_h = VIEW_H,
                      .spacing = SPACING,
                      .line_spacing = SPACING,
                      .frames = malloc(N * sizeof(cvl_rect)),
                      .lines = malloc(N * sizeof(flow_loop_line))};
    hand_loop loop_to = loop;
    loop_to.line_spacing = TO_LINE_SPACING;
    loop_to.frames = malloc(N * sizeof(cvl_rect));
    loop_to.lines = malloc(N * sizeof(flow_loop_line));
    flow_loop_run(&loop);
    flow_loop_run(&loop_to);

    ctx c = {NULL, NULL, host, &loop, &loop_to, 0, NULL, 0, 0};
    CHECK(cvl_flow_layout_create(&c.layout));
    set_spacing(c.layout, SPACING);
    CHECK(cvl_flow_layout_set_item_sizes(c.layout, 0, host, N));
    cvl_data_source ds = {NULL, NULL, ds_items};
    CHECK(cvl_view_create(&ds, c.layout, &c.view));
    CHECK(cvl_view_set_bounds_size(c.view, (cvl_size){VIEW_W, VIEW_H}));
    cvl_size content;
    CHECK(cvl_view_content_size(c.view, &content));
    c.span = content.height - VIEW_H;
    agree(&c);

    phase("prepare", cv_prepare, &c, PREPARE_REPS);
    phase("loop_prepare", loop_prepare, &c, PREPARE_REPS);
    phase("handover", cv_handover, &c, PREPARE_REPS);
    phase("loop_handover", loop_handover, &c, PREPARE_REPS);
    phase("query", cv_query, &c, QUERIES);
    phase("loop_query", loop_query, &c, QUERIES);
    phase("compact", cv_compact, &c, QUERIES);
    phase("loop_compact", loop_compact, &c, QUERIES);
    phase("scroll", cv_scroll, &c, QUERIES);
    phase("step", cv_step, &c, QUERIES);
    phase("loop_step", loop_step, &c, QUERIES);
    sections_view();
    phase("sections", cv_sections, &c, PREPARE_REPS);
    phase("loop_sections", loop_sections, &c, PREPARE_REPS);
    phase("section_edit", cv_section_edit, &c, PREPARE_REPS);
    cvl_item_counts_source bulk = {NULL, ds_section_counts};
    CHECK(cvl_view_set_item_counts_source(g_sections_view, &bulk));
    phase("section_edit_bulk", cv_section_edit, &c, PREPARE_REPS);
    CHECK(cvl_view_destroy(g_sections_view));

    onscreen_view();
    phase("onscreen_switch", cv_onscreen_switch, &c, ONSCREEN_REPS);
    phase("loop_onscreen_setup", loop_onscreen_setup, &c, ONSCREEN_REPS);
    size_t mine = phase("onscreen_switch_frame", cv_onscreen_frame, &c, ONSCREEN_FRAMES);
    size_t theirs = phase("loop_onscreen_switch_frame", loop_onscreen_switch_frame, &c, ONSCREEN_FRAMES);
    onscreen_agree("the switch's frames", mine, theirs);
    phase("onscreen_update", cv_onscreen_update, &c, ONSCREEN_REPS);
    phase("loop_onscreen_update", loop_onscreen_update, &c, ONSCREEN_REPS);
    onscreen_settle();
    onscreen_delete();
    g_on.loop_frame = 0;
    mine = phase("onscreen_update_frame", cv_onscreen_frame, &c, ONSCREEN_FRAMES);
    theirs = phase("loop_onscreen_update_frame", loop_onscreen_update_frame, &c, ONSCREEN_FRAMES);
    /* cvlayout also draws the deleted item, fading out: one element a frame more than the loop. */
    onscreen_agree("the update's frames", mine, theirs + ONSCREEN_FRAMES);
    onscreen_free();

    /* The switch: the same sizes with line spacing 40, a linear 1 s animation from time 0, the
    ** viewport in the middle of the content. */
    cvl_layout *to;
    CHECK(cvl_flow_layout_create(&to));
    set_spacing(to, TO_LINE_SPACING);
    CHECK(cvl_flow_layout_set_item_sizes(to, 0, host, N));
    CHECK(cvl_view_set_content_offset(c.view, (cvl_point){0, c.span / 2}));
    CHECK(cvl_view_set_time(c.view, 0));
    cvl_animation anim;
    CHECK(cvl_animation_default(&anim));
    anim.duration = 1.0;
    anim.curve = CVL_CURVE_LINEAR;
    CHECK(cvl_view_set_layout(c.view, to, &anim));
    cvl_point to_offset;
    CHECK(cvl_view_get_content_offset(c.view, &to_offset));
    c.to_top = to_offset.y;
    c.tracks = malloc(OUT_CAPACITY * sizeof *c.tracks);
    c.track_count = flow_loop_tracks(&loop, c.span / 2, &loop_to, c.to_top, c.tracks);
    phase("frame", cv_frame, &c, FRAMES);
    phase("loop_frame", loop_frame, &c, FRAMES);
    int animating = 0;
    CHECK(cvl_view_is_animating(c.view, &animating));
    if (!animating) {
        fprintf(stderr, "perf_guard: the switch was not animating at its last frame\n");
        exit(1);
    }

    CHECK(cvl_view_destroy(c.view));
    CHECK(cvl_layout_destroy(c.layout));
    CHECK(cvl_layout_destroy(to));
    free(loop.own);
    free(loop.frames);
    free(loop.lines);
    free(loop_to.frames);
    free(loop_to.lines);
    free(host);
    free(c.tracks);
    free(g_compact);
    free(g_out);
    printf("agreement: frames, content height and elements per query equal\n");
    return 0;
}
