/*
** bench/bench.c — cvlayout's benchmark program from C (issue 32; BENCHMARKS.md). Built and run by
** `make bench`; scripts/gen_benchmarks.py turns its output into BENCHMARKS.md's main tables.
**
** The workload (the issue's): one section of n = 10^4 ... 10^7 items, sizes uniform in
** [50, 150]^2 (splitmix64, seed 42), vertical flow in a 1000-wide column, spacings 10/10, no
** insets, viewport 1000 x 800. Every path is measured against the hand-written C loop of
** bench/flow_loop.h (double frames, a line table, binary search) on the same data, interleaved
** in ROUNDS rounds (cvlayout, loop, cvlayout, loop, ...), and reported as the median and the
** min-max over the rounds, of the times and of each round's ratio cvlayout / loop:
**   full       a fresh layout: create it, cvl_flow_layout_set_item_sizes, a view, content_size
**              (allocation and first touch included; teardown not)  |  the loop: malloc its
**              copy, frames and line table, memcpy the host's array, the pass
**   prepare    re-prepare: cvl_view_invalidate_layout(EVERYTHING) + content_size  |  the pass
**   handover   cvl_flow_layout_set_item_sizes + content_size on the live view  |  memcpy + pass
**   query      set_content_offset + cvl_view_visible_attributes (full structs), a sweep of
**              SWEEP offsets over the content  |  binary search + full structs filled
**   compact    the same with cvl_view_visible_elements  |  binary search + cvl_element filled
** At 10^8 only the fresh hand-over (`full`) runs, one side allocated at a time, and only when
** MemAvailable leaves room (checked first; the output says when it is skipped).
** Then the animation frame at 10^5 (flow -> flow, line spacing 10 -> 40, linear 1 s; set_time +
** visible_attributes) against the loop interpolating the tracks of the items on screen, and a
** Cover Flow scroll step. Times are CLOCK_MONOTONIC; everything is single-threaded.
**
** `build/bench [json-path]`: the tables go to stdout, the figures also to json-path (for
** scripts/gen_benchmarks.py). CVL_BENCH_MAX_N=<n> caps the sizes (a quick run).
*/
#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cvlayout.h"
#include "flow_loop.h"

/* ------------------------------------------------------------------------------------------ */
/* Settings */

#define VIEW_W 1000.0
#define VIEW_H 800.0
#define SPACING 10.0
#define TO_LINE_SPACING 40.0
#define ITEM_MIN 50.0
#define ITEM_MAX 150.0
#define ROUNDS 7
#define ROUNDS_BIG 3  /* at 10^7 and 10^8 */
#define SWEEP 1000    /* offsets per query sweep */
#define MIN_BATCH 1e6 /* items per timed prepare batch: small n repeat the call to fill ~ms */
#define OUT_CAPACITY 8192
#define ANIM_N 100000
#define ANIM_FRAMES 60
#define MAX_ROUNDS 9
#define N_SIZES 4
#define HUGE_N 100000000LL

/* ------------------------------------------------------------------------------------------ */
/* Helpers */

static void check(int status, const char *what, int line) {
    if (status != CVL_OK) {
        fprintf(stderr, "bench.c:%d: %s failed: %s: %s\n", line, what, cvl_status_string(status),
                cvl_last_error_message());
        exit(1);
    }
}
#define CHECK(call) check((call), #call, __LINE__)

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void *xmalloc(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "bench.c: out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

/* splitmix64: a seeded, portable RNG. */
static uint64_t rng_state = 42;
static double rng_uniform(double lo, double hi) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return lo + (hi - lo) * (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

/* Bytes the allocator has handed out and not taken back (exact, unlike RSS). */
static double heap_in_use(void) {
    struct mallinfo2 mi = mallinfo2();
    return (double)mi.uordblks + (double)mi.hblkhd;
}

/* The data source: one section of `n` items. */
static int64_t g_items;
static int ds_items(void *context, int64_t section, int64_t *out) {
    (void)context;
    (void)section;
    *out = g_items;
    return 0;
}

/* MemAvailable from /proc/meminfo, bytes (0 when unknown). */
static double mem_available(void) {
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    double kb = 0;
    if (!f) return 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %lf kB", &kb) == 1) break;
    fclose(f);
    return kb * 1024;
}

static cvl_attributes *g_out;
static cvl_element *g_compact;
static volatile size_t g_sink;

static cvl_size *make_sizes(int64_t n) {
    cvl_size *s = xmalloc((size_t)n * sizeof *s);
    rng_state = 42;
    for (int64_t i = 0; i < n; i++) {
        s[i].width = rng_uniform(ITEM_MIN, ITEM_MAX);
        s[i].height = rng_uniform(ITEM_MIN, ITEM_MAX);
    }
    return s;
}

/* ------------------------------------------------------------------------------------------ */
/* Statistics over the rounds */

typedef struct {
    double v[MAX_ROUNDS];
    int n;
} series;

static void add(series *s, double x) {
    if (s->n < MAX_ROUNDS) s->v[s->n++] = x;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median, min, max. */
static void stats(const series *s, double *med, double *lo, double *hi) {
    double t[MAX_ROUNDS];
    memcpy(t, s->v, (size_t)s->n * sizeof *t);
    qsort(t, (size_t)s->n, sizeof *t, cmp_double);
    *lo = t[0];
    *hi = t[s->n - 1];
    *med = s->n % 2 ? t[s->n / 2] : 0.5 * (t[s->n / 2 - 1] + t[s->n / 2]);
}

/* ------------------------------------------------------------------------------------------ */
/* The two sides */

static cvl_layout *new_layout(double line_spacing) {
    cvl_layout *layout;
    CHECK(cvl_flow_layout_create(&layout));
    cvl_flow_config cfg;
    CHECK(cvl_flow_config_default(&cfg));
    cfg.minimum_line_spacing = line_spacing;
    cfg.minimum_interitem_spacing = SPACING;
    CHECK(cvl_flow_layout_set_config(layout, &cfg));
    return layout;
}

static cvl_view *new_view(cvl_layout *layout, int64_t n) {
    g_items = n;
    cvl_view *view;
    cvl_data_source ds = {NULL, NULL, ds_items};
    CHECK(cvl_view_create(&ds, layout, &view));
    CHECK(cvl_view_set_bounds_size(view, (cvl_size){VIEW_W, VIEW_H}));
    return view;
}

static flow_loop new_loop(int64_t n, const cvl_size *host, double line_spacing) {
    flow_loop b = {.n = n,
                   .sizes = host,
                   .avail = VIEW_W,
                   .view_h = VIEW_H,
                   .spacing = SPACING,
                   .line_spacing = line_spacing};
    b.own = xmalloc((size_t)n * sizeof *b.own);
    b.frames = xmalloc((size_t)n * sizeof *b.frames);
    b.lines = xmalloc((size_t)n * sizeof *b.lines);
    return b;
}

static void free_loop(flow_loop *b) {
    free(b->own);
    free(b->frames);
    free(b->lines);
}

/* Mean ns of a fresh hand-over: layout + sizes + view + content size (teardown untimed). */
static double cv_full_ns(int64_t n, const cvl_size *host, int reps) {
    double t = 0;
    for (int r = 0; r < reps; r++) {
        double t0 = now_ns();
        cvl_layout *layout = new_layout(SPACING);
        CHECK(cvl_flow_layout_set_item_sizes(layout, 0, host, (size_t)n));
        cvl_view *view = new_view(layout, n);
        cvl_size content;
        CHECK(cvl_view_content_size(view, &content));
        t += now_ns() - t0;
        CHECK(cvl_view_destroy(view));
        CHECK(cvl_layout_destroy(layout));
    }
    return t / reps;
}

static double loop_full_ns(int64_t n, const cvl_size *host, int reps) {
    double t = 0;
    for (int r = 0; r < reps; r++) {
        double t0 = now_ns();
        flow_loop b = new_loop(n, host, SPACING);
        flow_loop_handover(&b, host);
        t += now_ns() - t0;
        g_sink = (size_t)b.line_count;
        free_loop(&b);
    }
    return t / reps;
}

typedef struct {
    cvl_layout *layout;
    cvl_view *view;
    const cvl_size *host;
    flow_loop loop;
    int64_t n;
    double span;
} side;

static double cv_prepare_ns(side *s, int reps) {
    cvl_size content;
    double t0 = now_ns();
    for (int r = 0; r < reps; r++) {
        CHECK(cvl_view_invalidate_layout(s->view, CVL_INVALIDATE_EVERYTHING, NULL, 0));
        CHECK(cvl_view_content_size(s->view, &content));
    }
    return (now_ns() - t0) / reps;
}

static double loop_prepare_ns(side *s, int reps) {
    double t0 = now_ns();
    for (int r = 0; r < reps; r++) {
        s->loop.sizes = s->host;
        flow_loop_run(&s->loop);
    }
    return (now_ns() - t0) / reps;
}

static double cv_handover_ns(side *s, int reps) {
    cvl_size content;
    double t0 = now_ns();
    for (int r = 0; r < reps; r++) {
        CHECK(cvl_flow_layout_set_item_sizes(s->layout, 0, s->host, (size_t)s->n));
        CHECK(cvl_view_content_size(s->view, &content));
    }
    return (now_ns() - t0) / reps;
}

static double loop_handover_ns(side *s, int reps) {
    double t0 = now_ns();
    for (int r = 0; r < reps; r++) flow_loop_handover(&s->loop, s->host);
    return (now_ns() - t0) / reps;
}

static double offset_of(const side *s, int q) { return s->span * q / (SWEEP - 1); }

/* Mean ns per query over the sweep; *elems = mean elements per query. */
static double cv_query_ns(side *s, int compact, double *elems) {
    size_t total = 0, count = 0;
    double t0 = now_ns();
    for (int q = 0; q < SWEEP; q++) {
        CHECK(cvl_view_set_content_offset(s->view, (cvl_point){0, offset_of(s, q)}));
        if (compact) CHECK(cvl_view_visible_elements(s->view, g_compact, OUT_CAPACITY, &count));
        else CHECK(cvl_view_visible_attributes(s->view, g_out, OUT_CAPACITY, &count));
        total += count;
    }
    double t = (now_ns() - t0) / SWEEP;
    *elems = (double)total / SWEEP;
    return t;
}

static double loop_query_ns(side *s, int compact, double *elems) {
    size_t total = 0;
    double t0 = now_ns();
    for (int q = 0; q < SWEEP; q++)
        total += compact ? flow_loop_query_compact(&s->loop, offset_of(s, q), g_compact)
                         : flow_loop_query(&s->loop, offset_of(s, q), g_out);
    double t = (now_ns() - t0) / SWEEP;
    g_sink = total;
    *elems = (double)total / SWEEP;
    return t;
}

/* Every frame (sampled beyond 10^5 items) and the elements of a few queries agree. */
static void agree(side *s) {
    int64_t step = s->n <= 100000 ? 1 : s->n / 100000;
    double maxd = 0;
    for (int64_t i = 0; i < s->n; i += step) {
        cvl_rect f, g = s->loop.frames[i];
        CHECK(cvl_flow_layout_item_frame(s->layout, (cvl_index_path){0, i}, &f));
        double d = fmax(fmax(fabs(f.x - g.x), fabs(f.y - g.y)),
                        fmax(fabs(f.width - g.width), fabs(f.height - g.height)));
        if (d > maxd) maxd = d;
    }
    double ce, le, ke;
    cv_query_ns(s, 0, &ce);
    loop_query_ns(s, 0, &le);
    cv_query_ns(s, 1, &ke);
    if (maxd > 1e-6 * (1 + s->span) || ce != le || ke != ce) {
        fprintf(stderr,
                "bench.c: the loop disagrees with cvlayout at n=%lld: max |d| = %g, elements %.2f / %.2f / %.2f\n",
                (long long)s->n, maxd, ce, ke, le);
        exit(1);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* One size */

enum { P_FULL, P_PREPARE, P_HANDOVER, P_QUERY, P_COMPACT, P_COUNT };
static const char *const phase_names[P_COUNT] = {"full", "prepare", "handover", "query", "compact"};
static const char *const phase_titles[P_COUNT] = {
    "fresh hand-over + prepare (ns/item)", "re-prepare (ns/item)", "hand-over + prepare (ns/item)",
    "viewport query, full structs (µs/query)", "viewport query, compact (µs/query)"};

typedef struct {
    int64_t n;
    int rounds, ran[P_COUNT];
    series cv[P_COUNT], loop[P_COUNT], ratio[P_COUNT];
    double elems, heap_bytes;
} size_result;

static void record(size_result *r, int p, double cv, double loop) {
    add(&r->cv[p], cv);
    add(&r->loop[p], loop);
    add(&r->ratio[p], cv / loop);
    r->ran[p] = 1;
}

static size_result run_size(int64_t n) {
    size_result r;
    memset(&r, 0, sizeof r);
    r.n = n;
    r.rounds = n >= 10000000 ? ROUNDS_BIG : ROUNDS;
    int reps = n >= (int64_t)MIN_BATCH ? 1 : (int)(MIN_BATCH / (double)n);
    side s;
    memset(&s, 0, sizeof s);
    s.n = n;
    s.host = make_sizes(n);
    double heap0 = heap_in_use();
    s.layout = new_layout(SPACING);
    CHECK(cvl_flow_layout_set_item_sizes(s.layout, 0, s.host, (size_t)n));
    s.view = new_view(s.layout, n);
    cvl_size content;
    CHECK(cvl_view_content_size(s.view, &content));
    r.heap_bytes = heap_in_use() - heap0;
    s.span = content.height - VIEW_H;
    s.loop = new_loop(n, s.host, SPACING);
    flow_loop_run(&s.loop);
    agree(&s);

    for (int round = 0; round < r.rounds; round++) {
        double a, b, e;
        /* the order alternates each round, so neither side always runs on a warmer cache */
        int loop_first = round % 2;
        if (loop_first) b = loop_full_ns(n, s.host, reps), a = cv_full_ns(n, s.host, reps);
        else a = cv_full_ns(n, s.host, reps), b = loop_full_ns(n, s.host, reps);
        record(&r, P_FULL, a / (double)n, b / (double)n);
        if (loop_first) b = loop_prepare_ns(&s, reps), a = cv_prepare_ns(&s, reps);
        else a = cv_prepare_ns(&s, reps), b = loop_prepare_ns(&s, reps);
        record(&r, P_PREPARE, a / (double)n, b / (double)n);
        if (loop_first) b = loop_handover_ns(&s, reps), a = cv_handover_ns(&s, reps);
        else a = cv_handover_ns(&s, reps), b = loop_handover_ns(&s, reps);
        record(&r, P_HANDOVER, a / (double)n, b / (double)n);
        for (int compact = 0; compact < 2; compact++) {
            if (loop_first) b = loop_query_ns(&s, compact, &e), a = cv_query_ns(&s, compact, &r.elems);
            else a = cv_query_ns(&s, compact, &r.elems), b = loop_query_ns(&s, compact, &e);
            record(&r, compact ? P_COMPACT : P_QUERY, a / 1e3, b / 1e3);
        }
    }
    free_loop(&s.loop);
    CHECK(cvl_view_destroy(s.view));
    CHECK(cvl_layout_destroy(s.layout));
    free((void *)s.host);
    return r;
}

/* 10^8: the fresh hand-over only, one side's memory at a time. Returns 0 when skipped. */
static int run_huge(size_result *r, double cv_bytes_per_item, char *why, size_t why_size) {
    memset(r, 0, sizeof *r);
    r->n = HUGE_N;
    r->rounds = ROUNDS_BIG;
    double loop_bytes = sizeof(cvl_size) + sizeof(cvl_rect) + sizeof(flow_loop_line) / 6.0;
    double side_bytes = cv_bytes_per_item > loop_bytes ? cv_bytes_per_item : loop_bytes;
    double need = (double)HUGE_N * (sizeof(cvl_size) + side_bytes) * 1.25;
    double avail = mem_available();
    if (avail <= 0 || need > 0.5 * avail) {
        snprintf(why, why_size,
                 "skipped: needs about %.1f GB (host array + the larger side, +25 %%), MemAvailable %.1f GB (the bench "
                 "uses at most half)",
                 need / 1e9, avail / 1e9);
        return 0;
    }
    snprintf(why, why_size, "ran: needs about %.1f GB, MemAvailable %.1f GB", need / 1e9, avail / 1e9);
    cvl_size *host = make_sizes(HUGE_N);
    for (int round = 0; round < r->rounds; round++) {
        double a, b;
        if (round % 2) b = loop_full_ns(HUGE_N, host, 1), a = cv_full_ns(HUGE_N, host, 1);
        else a = cv_full_ns(HUGE_N, host, 1), b = loop_full_ns(HUGE_N, host, 1);
        record(r, P_FULL, a / (double)HUGE_N, b / (double)HUGE_N);
    }
    free(host);
    return 1;
}

/* ------------------------------------------------------------------------------------------ */
/* The animation frame at 10^5 against the loop's tracks */

typedef struct {
    series cv, loop, ratio, start;
    double elems, loop_elems;
} anim_result;

static anim_result run_animation(void) {
    anim_result a;
    memset(&a, 0, sizeof a);
    cvl_size *host = make_sizes(ANIM_N);
    flow_loop from = new_loop(ANIM_N, host, SPACING), to = new_loop(ANIM_N, host, TO_LINE_SPACING);
    flow_loop_run(&from);
    flow_loop_run(&to);
    flow_loop_track *tracks = xmalloc(OUT_CAPACITY * sizeof *tracks);
    for (int round = 0; round < ROUNDS; round++) {
        cvl_layout *la = new_layout(SPACING), *lb = new_layout(TO_LINE_SPACING);
        CHECK(cvl_flow_layout_set_item_sizes(la, 0, host, ANIM_N));
        CHECK(cvl_flow_layout_set_item_sizes(lb, 0, host, ANIM_N));
        cvl_view *view = new_view(la, ANIM_N);
        cvl_size content;
        CHECK(cvl_view_content_size(view, &content));
        double top = floor((content.height - VIEW_H) / 2);
        CHECK(cvl_view_set_content_offset(view, (cvl_point){0, top}));
        CHECK(cvl_view_set_time(view, 0));
        cvl_animation anim;
        CHECK(cvl_animation_default(&anim));
        anim.duration = 1.0;
        anim.curve = CVL_CURVE_LINEAR;
        double t0 = now_ns();
        CHECK(cvl_view_set_layout(view, lb, &anim));
        add(&a.start, (now_ns() - t0) / 1e3);
        cvl_point to_offset;
        CHECK(cvl_view_get_content_offset(view, &to_offset));
        size_t tracks_n = flow_loop_tracks(&from, top, &to, to_offset.y, tracks);
        size_t count = 0, total = 0, loop_total = 0;
        double cv_ns = 0, loop_ns = 0;
        for (int f = 1; f <= ANIM_FRAMES; f++) {
            double p = (double)f / (ANIM_FRAMES + 1);
            double f0 = now_ns();
            CHECK(cvl_view_set_time(view, p));
            CHECK(cvl_view_visible_attributes(view, g_out, OUT_CAPACITY, &count));
            double f1 = now_ns();
            size_t mine = flow_loop_frame(&to, tracks, tracks_n, to_offset.y, p, g_out);
            double f2 = now_ns();
            cv_ns += f1 - f0;
            loop_ns += f2 - f1;
            total += count;
            loop_total += mine;
        }
        int animating = 0;
        CHECK(cvl_view_is_animating(view, &animating));
        if (!animating) {
            fprintf(stderr, "bench.c: the layout switch was not animating at its last frame\n");
            exit(1);
        }
        add(&a.cv, cv_ns / ANIM_FRAMES / 1e3);
        add(&a.loop, loop_ns / ANIM_FRAMES / 1e3);
        add(&a.ratio, cv_ns / loop_ns);
        a.elems = (double)total / ANIM_FRAMES;
        a.loop_elems = (double)loop_total / ANIM_FRAMES;
        CHECK(cvl_view_destroy(view));
        CHECK(cvl_layout_destroy(la));
        CHECK(cvl_layout_destroy(lb));
    }
    free(tracks);
    free_loop(&from);
    free_loop(&to);
    free(host);
    return a;
}

/* ------------------------------------------------------------------------------------------ */
/* Cover Flow scroll step vs a full re-prepare (looked up at run time: not every build has it). */

typedef int (*cover_flow_create_fn)(cvl_layout **);
static void fmt_cell(char *out, size_t size, const series *s, int digits);

static void run_cover_flow(int64_t n) {
    cover_flow_create_fn create = (cover_flow_create_fn)(uintptr_t)dlsym(RTLD_DEFAULT, "cvl_cover_flow_layout_create");
    printf("\n## Cover Flow at n = %lld (horizontal, 180 x 180, transforms follow the scroll)\n\n", (long long)n);
    if (!create) {
        printf("skipped: cover flow not in this build\n");
        return;
    }
    cvl_layout *layout;
    CHECK(create(&layout));
    cvl_view *view = new_view(layout, n);
    cvl_size content;
    CHECK(cvl_view_content_size(view, &content));
    double span = content.width > VIEW_W ? content.width - VIEW_W : 0;
    size_t count = 0;
    series step, full;
    memset(&step, 0, sizeof step);
    memset(&full, 0, sizeof full);
    double elems = 0;
    for (int r = 0; r < ROUNDS; r++) {
        elems = 0;
        double t0 = now_ns();
        for (int q = 0; q < SWEEP; q++) {
            CHECK(cvl_view_set_content_offset(view, (cvl_point){span * q / (SWEEP - 1), 0}));
            CHECK(cvl_view_visible_attributes(view, g_out, OUT_CAPACITY, &count));
            elems += (double)count;
        }
        add(&step, (now_ns() - t0) / SWEEP / 1e3);
        t0 = now_ns();
        CHECK(cvl_view_invalidate_layout(view, CVL_INVALIDATE_EVERYTHING, NULL, 0));
        CHECK(cvl_view_visible_attributes(view, g_out, OUT_CAPACITY, &count));
        add(&full, (now_ns() - t0) / 1e3);
    }
    char c1[64], c2[64];
    fmt_cell(c1, sizeof c1, &step, 2);
    fmt_cell(c2, sizeof c2, &full, 1);
    printf("| step | µs, median (min-max) over %d rounds | elements |\n|---|---:|---:|\n", ROUNDS);
    printf("| scroll step (set offset + visible attributes) | %s | %.1f |\n", c1, elems / SWEEP);
    printf("| full re-prepare (invalidate everything + visible attributes) | %s | %zu |\n", c2, count);
    CHECK(cvl_view_destroy(view));
    CHECK(cvl_layout_destroy(layout));
}

/* ------------------------------------------------------------------------------------------ */
/* Output */

static void machine(char *model, size_t size) {
    snprintf(model, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *c = strchr(line, ':');
            if (c) {
                c++;
                while (*c == ' ' || *c == '\t') c++;
                snprintf(model, size, "%s", c);
                model[strcspn(model, "\n")] = 0;
            }
            break;
        }
    }
    fclose(f);
}

static void fmt_cell(char *out, size_t size, const series *s, int digits) {
    double med, lo, hi;
    stats(s, &med, &lo, &hi);
    snprintf(out, size, "%.*f (%.*f-%.*f)", digits, med, digits, lo, digits, hi);
}

static void json_series(FILE *j, const char *key, const series *s) {
    double med, lo, hi;
    stats(s, &med, &lo, &hi);
    fprintf(j, "\"%s\": {\"median\": %.6g, \"min\": %.6g, \"max\": %.6g, \"rounds\": %d}", key, med, lo, hi, s->n);
}

int main(int argc, char **argv) {
    g_out = xmalloc(OUT_CAPACITY * sizeof *g_out);
    g_compact = xmalloc(OUT_CAPACITY * sizeof *g_compact);
    int64_t max_n = HUGE_N;
    const char *cap = getenv("CVL_BENCH_MAX_N");
    if (cap && atoll(cap) > 0) max_n = atoll(cap);
    char model[256], date[64];
    machine(model, sizeof model);
    time_t tt = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&tt));
    double load[3] = {0, 0, 0};
    if (getloadavg(load, 3) != 3) load[0] = load[1] = load[2] = -1;
    uint32_t version = 0;
    CHECK(cvl_version(&version));
    printf("# cvlayout benchmark from C (issue 32)\n\n");
    printf("machine: %s, %ld cores online, load average %.2f %.2f %.2f at the start\n", model,
           sysconf(_SC_NPROCESSORS_ONLN), load[0], load[1], load[2]);
    printf("date: %s; library: cvlayout %u (header %s)\n", date, version, CVL_VERSION_STRING);
    printf("workload: one section, sizes uniform in [%.0f, %.0f]^2 (seed 42), vertical flow, 1000-wide column, "
           "spacings 10/10, viewport %.0f x %.0f; cvlayout and the hand-written loop (bench/flow_loop.h) "
           "interleaved in %d rounds (%d at 10^7 and beyond); each cell is the median (min-max) over the rounds; "
           "ratios are cvlayout / loop per round; queries: a sweep of %d offsets.\n",
           ITEM_MIN, ITEM_MAX, VIEW_W, VIEW_H, ROUNDS, ROUNDS_BIG, SWEEP);
    fflush(stdout);

    /* Warm-up (not reported): the Swift runtime's pages and first-use metadata. */
    {
        size_result w = run_size(1000);
        (void)w;
    }
    static const int64_t sizes[N_SIZES] = {10000, 100000, 1000000, 10000000};
    size_result res[N_SIZES + 1];
    int k = 0;
    for (int i = 0; i < N_SIZES && sizes[i] <= max_n; i++) {
        res[k++] = run_size(sizes[i]);
        fprintf(stderr, "bench.c: n = %lld done\n", (long long)sizes[i]);
    }
    char why[256] = "skipped: CVL_BENCH_MAX_N";
    int huge = 0;
    if (max_n >= HUGE_N) {
        double per_item = res[k - 1].heap_bytes / (double)res[k - 1].n;
        huge = run_huge(&res[k], per_item, why, sizeof why);
    }

    printf("\n## Against the hand-written loop (C)\n\n");
    printf("| path | n | cvlayout | loop | ratio cvlayout / loop |\n|---|---:|---:|---:|---:|\n");
    char c1[64], c2[64], c3[64];
    for (int p = 0; p < P_COUNT; p++) {
        for (int i = 0; i < k + huge; i++) {
            if (!res[i].ran[p]) continue;
            int digits = p >= P_QUERY ? 3 : 2;
            fmt_cell(c1, sizeof c1, &res[i].cv[p], digits);
            fmt_cell(c2, sizeof c2, &res[i].loop[p], digits);
            fmt_cell(c3, sizeof c3, &res[i].ratio[p], 2);
            printf("| %s | %lld | %s | %s | %sx |\n", phase_titles[p], (long long)res[i].n, c1, c2, c3);
        }
    }
    printf("\nelements per query (both sides, checked equal):");
    for (int i = 0; i < k; i++) printf(" %.1f at %lld;", res[i].elems, (long long)res[i].n);
    printf("\nheap after the first prepare (mallinfo2), cvlayout:");
    for (int i = 0; i < k; i++)
        printf(" %.1f B/item at %lld;", res[i].heap_bytes / (double)res[i].n, (long long)res[i].n);
    printf("\n10^8 fresh hand-over: %s\n", why);
    fflush(stdout);

    anim_result a = run_animation();
    printf("\n## Animation frame at 10^5 items (flow -> flow, line spacing 10 -> 40, linear 1 s, %d frames a "
           "round)\n\n",
           ANIM_FRAMES);
    printf("| | cvlayout (set_time + visible_attributes) | loop (interpolate the tracks) | ratio |\n");
    printf("|---|---:|---:|---:|\n");
    fmt_cell(c1, sizeof c1, &a.cv, 2);
    fmt_cell(c2, sizeof c2, &a.loop, 2);
    fmt_cell(c3, sizeof c3, &a.ratio, 2);
    printf("| frame µs | %s | %s | %sx |\n", c1, c2, c3);
    fmt_cell(c1, sizeof c1, &a.start, 1);
    printf("| animated set_layout µs | %s | - | - |\n", c1);
    printf("\nelements per frame: cvlayout %.1f, loop %.1f\n", a.elems, a.loop_elems);
    fflush(stdout);

    run_cover_flow(100000);

    if (argc > 1) {
        FILE *j = fopen(argv[1], "w");
        if (!j) {
            perror(argv[1]);
            return 1;
        }
        fprintf(j, "{\"machine\": \"%s\", \"cores\": %ld, \"load\": [%.2f, %.2f, %.2f], \"date\": \"%s\",\n",
                model, sysconf(_SC_NPROCESSORS_ONLN), load[0], load[1], load[2], date);
        fprintf(j, " \"huge\": \"%s\",\n \"sizes\": [\n", why);
        for (int i = 0; i < k + huge; i++) {
            fprintf(j, "  {\"n\": %lld, \"elements\": %.2f", (long long)res[i].n, res[i].elems);
            for (int p = 0; p < P_COUNT; p++) {
                if (!res[i].ran[p]) continue;
                char key[64];
                fprintf(j, ",\n   ");
                snprintf(key, sizeof key, "%s_cvlayout", phase_names[p]);
                json_series(j, key, &res[i].cv[p]);
                fprintf(j, ", ");
                snprintf(key, sizeof key, "%s_loop", phase_names[p]);
                json_series(j, key, &res[i].loop[p]);
                fprintf(j, ", ");
                snprintf(key, sizeof key, "%s_ratio", phase_names[p]);
                json_series(j, key, &res[i].ratio[p]);
            }
            fprintf(j, "}%s\n", i + 1 < k + huge ? "," : "");
        }
        fprintf(j, " ],\n \"animation\": {");
        json_series(j, "frame_cvlayout_us", &a.cv);
        fprintf(j, ", ");
        json_series(j, "frame_loop_us", &a.loop);
        fprintf(j, ", ");
        json_series(j, "frame_ratio", &a.ratio);
        fprintf(j, ", \"elements\": %.2f}}\n", a.elems);
        fclose(j);
    }
    free(g_out);
    free(g_compact);
    return 0;
}
