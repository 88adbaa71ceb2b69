/* libFuzzer harness over the whole C surface of cvlayout (include/cvlayout.h).
**
** Each input is decoded into a sequence of calls on real handles: every layout kind (flow, flow
** with hooks, layouts made of callbacks, the seed layouts), hostile doubles (NaN, infinities,
** 1e308, negatives, denormals), data sources and delegates that answer hostile values (negative,
** huge, changing counts, error codes, capacity requests), queries with hostile rects and
** capacities, batch updates (consistent with a model, or random), layout switches, animation
** sampling, invalidations, destroy and use after destroy, and calls made back into the library
** from inside callbacks.
**
** The contract checked after every call (a violation aborts, which libFuzzer reports):
**   - the status is CVL_OK or a known CVL_ERROR_* code;
**   - after a failure cvl_last_error_message() is not empty, after a success it is "";
**   - a failed call writes no output parameter (outputs are pre-filled with a pattern), except
**     *out_count on CVL_ERROR_CAPACITY, which is then larger than the capacity; a successful
**     query reports at most `capacity` elements;
**   - a failed call changes no observable state of any view (counts, bounds, offset, time,
**     content size and a small query compared before and after);
**   - a destroyed handle is always reported as CVL_ERROR_INVALID_HANDLE;
**   - after a successful batch update or reload, the view's counts are the data source's.
** AddressSanitizer (the library is built with it too) catches memory errors and leaks.
**
** Build and run: `make fuzz` (see docs/fuzzing.md). Sizes stay moderate (at most 64 sections of
** a few hundred items) so that the fuzzer spends its time on variety, not on legitimate O(n)
** work; answers beyond the header's limits (more than 2^40 items) are included and must be
** rejected cheaply. The findings of the first runs (huge capacity requests from callbacks, a
** layout attached to two views from a callback, memory reserved for huge counts) are fixed and
** fuzzed like the rest, and so are counts up to 2^40 over degenerate geometry (a circle puts
** every item in the bounds): a query stops at CVL_MAX_QUERY_ELEMENTS (the fuzzing build of the
** library lowers that limit, see docs/fuzzing.md, so that reaching it costs little). */
#include "cvlayout.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The layouts with a configuration struct, read out of the header by
** scripts/gen_c_config_layouts.py: created and configured through this table (op_create_layout,
** op_layout_setter), so a new one is fuzzed without an edit here. */
#include "../c/config_layouts.inc"

/* ------------------------------------------------------------------------------------------
** Failing the contract */
static void die(const char *what, int rc) {
    fprintf(stderr, "cvlayout contract violated: %s (status %d %s, message \"%s\")\n", what, rc, cvl_status_string(rc),
            cvl_last_error_message());
    abort();
}
#define REQUIRE(cond, rc)                                                                                              \
    do {                                                                                                               \
        if (!(cond)) die(#cond, (rc));                                                                                 \
    } while (0)

/* ------------------------------------------------------------------------------------------
** The byte reader: every decision comes from the input; an exhausted input reads zeros. */
typedef struct reader {
    const uint8_t *p;
    size_t n, at;
} reader;
static reader *R; /* the reader in use (a callback's replay swaps it) */

static int more(void) { return R->at < R->n; }
static uint8_t u8(void) { return R->at < R->n ? R->p[R->at++] : 0; }
static uint16_t u16(void) { return (uint16_t)(u8() | (u8() << 8)); }
static uint64_t u64(void) {
    uint64_t v = 0;
    int i;
    for (i = 0; i < 8; i++) v |= (uint64_t)u8() << (8 * i);
    return v;
}

static const double hostile_doubles[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 10.0, 50.0, 100.0, 200.0, 320.0, 768.0, 1000.0, -50.0, -1000.0, 1e6, 1e15,
    1e300, 1e308, -1e308, DBL_MAX, -DBL_MAX, INFINITY, -INFINITY, NAN, -NAN, 4.9406564584124654e-324,
    -4.9406564584124654e-324, DBL_MIN, 1e-300, 9007199254740992.0, 9223372036854775808.0, 0.1, 1e-9, 0.3, 3.5,
};
#define NHOSTILE (sizeof hostile_doubles / sizeof hostile_doubles[0])

/* Any double, hostile values favoured. */
static double dbl(void) {
    uint8_t b = u8();
    if (b < 150) return hostile_doubles[b % NHOSTILE];
    if (b < 230) return (double)u16() / 8.0 - (b & 1 ? 0 : 1000.0);
    {
        uint64_t bits = u64();
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
}
/* `v` if it lies in [lo, hi], else folded into it (|v| modulo the range's width, from `lo`);
** NaN and infinities become `fallback`. */
static double fold(double v, double lo, double hi, double fallback) {
    if (!isfinite(v)) return fallback;
    if (v >= lo && v <= hi) return v;
    v = lo + fmod(fabs(v), hi - lo);
    return v >= lo && v <= hi ? v : fallback;
}
/* A plausible non-negative size, sometimes hostile. */
static double dim(void) {
    uint8_t b = u8();
    if (b < 200) return (double)(b % 25) * 20.0;
    return dbl();
}

/* A count a callback answers. Mostly small; answers above the header's 2^40 must be rejected
** cheaply, answers up to 2^40 must cost no memory per item and no query may run past the query
** limit (a circle layout puts every item inside the bounds). */
static int64_t count_answer(void) {
    uint8_t b = u8() % 16;
    if (b < 9) return u8() % 12;
    if (b < 11) return u16() % 300;
    if (b == 11) return 0;
    if (b == 12) {
        static const int64_t neg[] = {-1, INT64_MIN, -(INT64_C(1) << 40), -300};
        return neg[u8() % 4];
    }
    if (b == 13) {
        static const int64_t over[] = {(INT64_C(1) << 40) + 1, INT64_MAX, INT64_C(1) << 62, INT64_C(1) << 41};
        return over[u8() % 4];
    }
    if (b == 14) {
        /* Past the stored-item limit (2^24) or far past it: layouts that keep per-item data
        ** refuse these at once, the others cost O(1) per item. 2^9 + 1 is one past the
        ** fuzzing build's query limit; counts between that and 2^24 would buy only legitimate
        ** O(n) work (a size asked per item) for the fuzzer's time. */
        static const int64_t huge[] = {INT64_C(1) << 32, INT64_C(1) << 40, (INT64_C(1) << 40) - 1, INT64_C(1) << 26,
                                       (INT64_C(1) << 24) + 1, INT64_C(1) << 9, (INT64_C(1) << 9) + 1,
                                       INT64_C(1) << 30};
        return huge[u8() % 8];
    }
    return u8() % 4;
}

/* ------------------------------------------------------------------------------------------
** Harness state */
#define NV 3      /* view slots */
#define NL 5      /* layout slots */
#define NSTALE 16 /* destroyed handles kept for use-after-destroy calls */
#define MAXS 64   /* sections a model holds */
#define REPLAY 24 /* bytes a callback replays as a re-entrant call */
/* Re-entrant calls one input may make from callbacks. Without a bound, a data source that calls
** back in on every count multiplies the input's cost by its section count: 1,720 animated batch
** updates from inside count callbacks took one input 13 s (a timeout of the harness's making:
** each call's own cost is bounded; docs/fuzzing.md, "Runs"). */
#define REENTRY_BUDGET 64

typedef struct reentry {
    int on;
    uint8_t bytes[REPLAY];
} reentry;

/* What a callback does besides answering: fail (with which message), or call back in. */
typedef struct misbehaviour {
    uint8_t fail_mod;   /* fail when hash % fail_mod == 0 (0: never) */
    uint8_t msg;        /* message given to cvl_callback_error before failing */
    uint8_t hostile;    /* which hostile answer (0: none) */
    double hv;          /* a hostile value used in answers */
    reentry re;
} misbehaviour;

typedef struct ds_ctx {
    int64_t sections;
    int64_t items[MAXS];
    int mode; /* 0 model, 1 hostile sections, 2 hostile items, 3 changing counts */
    int one_section; /* number_of_sections is NULL: one section */
    int64_t hostile_count;
    uint64_t calls;
    misbehaviour mb;
} ds_ctx;

typedef struct layout_ctx {
    int kind; /* CVL_LAYOUT_* or 100 = flow with hooks */
    /* custom grid */
    double cw, ch;
    int64_t cols;
    double bw;
    int prepared, invalidated; /* custom grid: prepared once; asked to be invalidated since */
    int64_t nsec, counts[MAXS], rows_before[MAXS];
    int32_t deco_kind;
    misbehaviour mb;      /* layout callbacks / hooks */
    misbehaviour dmb;     /* flow delegate / tree source / dimensions mode */
    double sizes[4];      /* delegate size table */
    int64_t tree_mode;    /* 0 consistent with the view, else hostile */
    unsigned inv_calls, inv_empty; /* invalidate hook calls, and those told nothing (no flag, item, update) */
} layout_ctx;

typedef struct view_slot {
    cvl_view *h;
    ds_ctx *ds;
} view_slot;
typedef struct layout_slot {
    cvl_layout *h;
    layout_ctx *ctx;
} layout_slot;

static view_slot views[NV];
static layout_slot layouts[NL];
static void *stale[NSTALE];
static int stale_is_view[NSTALE];
static int nstale;
static void *owned[256]; /* contexts, freed when the input is done (the library may use them until then) */
static int nowned;
static int depth;        /* > 0 while inside a callback */
static int reentry_left; /* re-entrant calls this input may still make (REENTRY_BUDGET) */
static int quiet;        /* snapshots: callbacks do not call back in */
static unsigned reentrant_effects; /* successful calls made from inside callbacks */
/* A layout's callbacks or delegate were made to answer differently without telling any view:
** from then on, whatever the view prepares again (as a failed batch update's rollback must: the
** layout has already been prepared for the new counts) may legitimately differ. */
static int answers_changed;
static unsigned calls_in_op, ok_in_op; /* calls made by the current operation (outside callbacks) */

static void *own(size_t size) {
    void *p;
    if (nowned >= (int)(sizeof owned / sizeof owned[0])) return NULL;
    p = calloc(1, size);
    if (p) owned[nowned++] = p;
    return p;
}

static void remember_stale(void *h, int is_view) {
    stale[nstale % NSTALE] = h;
    stale_is_view[nstale % NSTALE] = is_view;
    nstale++;
}

/* ------------------------------------------------------------------------------------------
** Checking one call's status */
static int trace = -1; /* CVL_FUZZ_TRACE=1 in the environment prints every call */
/* CVL_FUZZ_STATS=1 prints, at exit, how often each status came back and how many checks ran. */
static unsigned long long by_status[CVL_ERROR_INTERNAL + 1], compared_views, reentrant_calls, stale_calls;
static unsigned long long streams, streams_checked; /* op_stream runs, and those whose every update went through */
static void print_stats(void) {
    int i;
    fprintf(stderr, "cvlayout fuzz stats: %llu views compared after failed operations, %llu calls from callbacks, "
                    "%llu calls on destroyed handles\n", compared_views, reentrant_calls, stale_calls);
    fprintf(stderr, "  overlapping animated update streams: %llu, %llu checked\n", streams, streams_checked);
    for (i = 0; i <= CVL_ERROR_INTERNAL; i++) fprintf(stderr, "  %-28s %llu\n", cvl_status_string(i), by_status[i]);
}
static int check_call(int rc, const char *call) {
    const char *m = cvl_last_error_message();
    if (trace < 0) {
        trace = getenv("CVL_FUZZ_TRACE") != NULL;
        if (getenv("CVL_FUZZ_STATS")) atexit(print_stats);
    }
    if (rc >= 0 && rc <= CVL_ERROR_INTERNAL) by_status[rc]++;
    if (depth > 0) reentrant_calls++;
    if (trace) fprintf(stderr, "%*s%s -> %s %s\n", depth * 4, "", call, cvl_status_string(rc), m);
    REQUIRE(m != NULL, rc);
    REQUIRE(rc >= CVL_OK && rc <= CVL_ERROR_INTERNAL, rc);
    REQUIRE(rc != CVL_ERROR_INTERNAL, rc);
    if (rc == CVL_OK)
        REQUIRE(m[0] == 0, rc);
    else
        REQUIRE(m[0] != 0, rc);
    if (depth > 0 && rc == CVL_OK) reentrant_effects++;
    if (depth == 0) {
        calls_in_op++;
        ok_in_op += rc == CVL_OK;
    }
    return rc;
}

#define check(call) check_call((call), #call)

#define PATTERN 0xA5
static void fill(void *p, size_t n) { memset(p, PATTERN, n); }
static int untouched(const void *p, size_t n) {
    const uint8_t *b = p;
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i] != PATTERN) return 0;
    return 1;
}
/* A getter-style call: on failure its output must be untouched. */
#define OUTCALL(rc, call, outp)                                                                                        \
    do {                                                                                                               \
        fill((outp), sizeof *(outp));                                                                                  \
        rc = check(call);                                                                                              \
        if (rc != CVL_OK) REQUIRE(untouched((outp), sizeof *(outp)), rc);                                              \
    } while (0)

/* ------------------------------------------------------------------------------------------
** Observable state of a view, to check that a failed call changed nothing. */
#define SNAPQ 6
typedef struct snapshot {
    int rc[6];
    int64_t sections, items[4];
    cvl_size bounds, content;
    cvl_point offset;
    double time;
    int animating;
    size_t n;
    cvl_attributes q[SNAPQ];
} snapshot;

static int take(cvl_view *v, snapshot *s) {
    int i, all_ok = 1;
    int64_t k;
    memset(s, 0, sizeof *s);
    quiet++;
    s->rc[0] = cvl_view_number_of_sections(v, &s->sections);
    for (k = 0; k < 4 && s->rc[0] == CVL_OK && k < s->sections; k++)
        s->rc[0] |= cvl_view_number_of_items(v, k, &s->items[k]);
    /* The content size first: it runs a pending layout cycle, which may move the content offset
    ** (scroll anchoring restores its anchor at the next prepare), so the offset is read after. */
    s->rc[3] = cvl_view_content_size(v, &s->content);
    s->rc[1] = cvl_view_get_bounds_size(v, &s->bounds) | cvl_view_get_content_offset(v, &s->offset);
    s->rc[2] = cvl_view_get_time(v, &s->time) | cvl_view_is_animating(v, &s->animating);
    s->rc[4] = cvl_view_visible_attributes(v, s->q, SNAPQ, &s->n);
    if (s->rc[4] == CVL_ERROR_CAPACITY) s->rc[4] = CVL_OK; /* the count alone is compared */
    quiet--;
    for (i = 0; i < 5; i++) all_ok &= s->rc[i] == CVL_OK;
    return all_ok;
}

typedef struct world {
    int ok[NV];
    cvl_view *h[NV];
    snapshot s[NV];
    unsigned effects;
} world;

static void take_world(world *w) {
    int i;
    for (i = 0; i < NV; i++) {
        w->h[i] = views[i].h;
        w->ok[i] = views[i].h ? take(views[i].h, &w->s[i]) : 0;
    }
    w->effects = reentrant_effects;
}

/* After an operation whose calls all failed: every view that could be observed before is exactly
** as it was (unless a call made from a callback legitimately changed something in between). */
static void compare_world(const world *w, int rc) {
    int i;
    snapshot now;
    if (w->effects != reentrant_effects || depth > 0) return;
    for (i = 0; i < NV; i++) {
        if (!w->ok[i] || views[i].h != w->h[i] || !views[i].h) continue;
        if (!take(views[i].h, &now)) continue;
        compared_views++;
        if (answers_changed) { /* what does not come from the layout's answers */
            REQUIRE(memcmp(now.rc, w->s[i].rc, sizeof now.rc) == 0 && now.sections == w->s[i].sections, rc);
            REQUIRE(memcmp(now.items, w->s[i].items, sizeof now.items) == 0, rc);
            REQUIRE(memcmp(&now.bounds, &w->s[i].bounds, sizeof now.bounds) == 0, rc);
            REQUIRE(memcmp(&now.time, &w->s[i].time, sizeof now.time) == 0 && now.animating == w->s[i].animating, rc);
        } else if (now.n <= SNAPQ && w->s[i].n <= SNAPQ) {
            REQUIRE(memcmp(&now, &w->s[i], sizeof now) == 0, rc);
        } else {
            REQUIRE(now.n == w->s[i].n, rc);
            REQUIRE(memcmp(&now, &w->s[i], offsetof(snapshot, q)) == 0, rc);
        }
    }
}

/* ------------------------------------------------------------------------------------------
** Callbacks */
static void run_one_op(void);

static uint64_t mix(uint64_t a, uint64_t b) {
    uint64_t h = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL + (a << 6) + (a >> 2));
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 32);
}

static char long_message[1500];

/* Returns non-zero (the callback's failure status) when the misbehaviour says this call fails;
** may first call back into the library. Deterministic in `key` so that repeated calls agree. */
static int misbehave(misbehaviour *mb, uint64_t key) {
    if (mb->re.on && depth == 0 && !quiet && reentry_left > 0) {
        reader sub, *saved = R;
        reentry_left--;
        sub.p = mb->re.bytes;
        sub.n = REPLAY;
        sub.at = 0;
        R = &sub;
        depth++;
        run_one_op();
        depth--;
        R = saved;
    }
    if (mb->fail_mod && mix(key, mb->fail_mod) % mb->fail_mod == 0) {
        switch (mb->msg % 5) {
        case 0: break;
        case 1: cvl_callback_error(NULL); break;
        case 2: cvl_callback_error(""); break;
        case 3:
            if (!long_message[0]) memset(long_message, 'x', sizeof long_message - 1);
            cvl_callback_error(long_message);
            break;
        default: cvl_callback_error("\xff\xfe not UTF-8 \xc3"); break;
        }
        return (mb->msg & 0x80) ? CVL_ERROR_CAPACITY : (int)(mb->msg % 7) + 1;
    }
    return 0;
}

/* Data source */
static int ds_sections(void *c, int64_t *out) {
    ds_ctx *d = c;
    int rc = misbehave(&d->mb, 1);
    if (rc) return rc;
    d->calls++;
    *out = d->mode == 1 ? d->hostile_count : d->sections;
    return 0;
}
static int ds_items(void *c, int64_t section, int64_t *out) {
    ds_ctx *d = c;
    int rc = misbehave(&d->mb, (uint64_t)section + 2);
    if (rc) return rc;
    d->calls++;
    if (d->mode == 2 && section == d->sections - 1)
        *out = d->hostile_count;
    else if (section >= 0 && section < d->sections && section < MAXS)
        *out = d->items[section] + (d->mode == 3 ? (int64_t)(d->calls % 3) : 0);
    else
        *out = section >= 0 ? 1 : -1; /* a section the model does not have */
    return 0;
}

/* The same counts in one call (cvl_view_set_item_counts_source), with the same misbehaviour;
** with `mode` 3 it leaves the last entry as the view handed it over. */
static int ds_all_items(void *c, int64_t *out, size_t n) {
    ds_ctx *d = c;
    size_t s;
    for (s = 0; s < n; s++) {
        int rc;
        if (d->mode == 3 && s + 1 == n) break;
        rc = ds_items(c, (int64_t)s, &out[s]);
        if (rc) return rc;
    }
    return 0;
}

/* Hostile attribute values written by layout callbacks and hooks. */
static void spoil(cvl_attributes *a, uint8_t how, double hv) {
    switch (how % 12) {
    case 0: break;
    case 1: a->center.x = hv; break;
    case 2: a->size.width = hv; break;
    case 3: a->alpha = hv; break;
    case 4: a->index_path.item = (int64_t)mix((uint64_t)a->index_path.item, 9) % 1000 - 10; break;
    case 5: a->index_path.section = -1; break;
    case 6: a->category = 7; break;
    case 7: a->custom_count = 9; break;
    case 8: a->hidden = 3; break;
    case 9: a->transform.m34 = hv; a->transform.m44 = 0; break;
    case 10: a->kind = -5; break;
    default: a->z_index = INT64_MIN; a->frame.x = hv; break;
    }
}

static void identity(cvl_attributes *a) {
    memset(a, 0, sizeof *a);
    a->transform.m11 = a->transform.m22 = a->transform.m33 = a->transform.m44 = 1;
    a->alpha = 1;
}

/* The custom grid: `cols` columns of cw x ch cells, sections stacked. */
static int grid_prepare(void *c, const cvl_layout_env *env, cvl_layout *layout) {
    layout_ctx *g = c;
    (void)layout;
    int64_t s, rows = 0;
    int rc = misbehave(&g->mb, 100);
    if (rc) return rc;
    /* Prepared again for another width without having asked for it (no
    ** should_invalidate_for_bounds_change, or one that said no or failed): its answers were stale
    ** by the host's own declaration since the bounds changed, and this prepare — a failed layout
    ** switch's rollback prepares the old layout again — answers for the new width: its answers
    ** changed without telling the view (docs/fuzzing.md, "What is checked"). */
    if (g->prepared && !g->invalidated && env->bounds_size.width != g->bw) answers_changed = 1;
    g->prepared = 1;
    g->invalidated = 0;
    g->bw = env->bounds_size.width;
    g->cols = g->cw > 0 && isfinite(env->bounds_size.width / g->cw) ? (int64_t)(env->bounds_size.width / g->cw) : 1;
    if (g->cols < 1) g->cols = 1;
    if (g->cols > 1000) g->cols = 1000;
    g->nsec = env->number_of_sections < MAXS ? env->number_of_sections : MAXS;
    for (s = 0; s < g->nsec; s++) {
        g->counts[s] = env->items_in_section[s] < 100000 ? env->items_in_section[s] : 100000;
        g->rows_before[s] = rows;
        rows += (g->counts[s] + g->cols - 1) / g->cols;
    }
    return 0;
}
static int64_t grid_rows(const layout_ctx *g) {
    return g->nsec ? g->rows_before[g->nsec - 1] + (g->counts[g->nsec - 1] + g->cols - 1) / g->cols : 0;
}
static int grid_content_size(void *c, const cvl_layout_env *env, cvl_layout *layout, cvl_size *out) {
    layout_ctx *g = c;
    (void)layout;
    int rc = misbehave(&g->mb, 101);
    (void)env;
    if (rc) return rc;
    out->width = g->mb.hostile == 1 ? g->mb.hv : g->bw;
    out->height = (double)grid_rows(g) * g->ch;
    return 0;
}
static cvl_attributes grid_cell(const layout_ctx *g, int64_t s, int64_t i) {
    cvl_attributes a;
    identity(&a);
    a.index_path.section = s;
    a.index_path.item = i;
    a.size.width = g->cw;
    a.size.height = g->ch;
    a.center.x = (double)(i % g->cols) * g->cw + g->cw / 2;
    a.center.y = (double)(g->rows_before[s] + i / g->cols) * g->ch + g->ch / 2;
    return a;
}
static int grid_rect_query(void *c, const cvl_layout_env *env, cvl_rect rect, cvl_attributes *out, size_t cap,
                           size_t *count) {
    layout_ctx *g = c;
    size_t n = 0;
    int64_t s, i;
    int rc = misbehave(&g->mb, 102);
    (void)env;
    if (rc) return rc;
    for (s = 0; s < g->nsec; s++) {
        for (i = 0; i < g->counts[s] && n < 20000; i++) {
            cvl_attributes a = grid_cell(g, s, i);
            double x = a.center.x - g->cw / 2, y = a.center.y - g->ch / 2;
            if (x < rect.x + rect.width && rect.x < x + g->cw && y < rect.y + rect.height && rect.y < y + g->ch) {
                if (n < cap) {
                    out[n] = a;
                    if (g->mb.hostile >= 2 && g->mb.hostile < 14 && n == 0) spoil(&out[n], g->mb.hostile, g->mb.hv);
                }
                n++;
            }
        }
    }
    /* Decoration per section. */
    if (g->deco_kind && g->nsec > 0) {
        if (n < cap) {
            identity(&out[n]);
            out[n].category = CVL_CATEGORY_DECORATION;
            out[n].kind = g->deco_kind;
            out[n].size.width = out[n].size.height = 4;
            out[n].center.x = out[n].center.y = 2;
            out[n].z_index = -1;
        }
        n++;
    }
    switch (g->mb.hostile) {
    case 20: /* more written than asked, no capacity error */
        *count = n > cap ? cap + 1 : n;
        return 0;
    case 21: /* a capacity request that asks for no more room */
        *count = cap;
        return CVL_ERROR_CAPACITY;
    case 22: /* a larger capacity request than needed (moderate) */
        *count = n + 1 + (size_t)(g->mb.hv > 0 && g->mb.hv < 4096 ? g->mb.hv : 100);
        return CVL_ERROR_CAPACITY;
    case 23: /* a huge capacity request: refused without allocating it */
        *count = (size_t)1 << 26;
        return CVL_ERROR_CAPACITY;
    case 24:
        *count = SIZE_MAX;
        return CVL_ERROR_CAPACITY;
    default: break;
    }
    *count = n;
    return n > cap ? CVL_ERROR_CAPACITY : 0;
}
/* The base (a custom layout's) has no elements: `count` is 0 unless a flow layout calls this. */
static int grid_in_rect(void *c, const cvl_layout_env *env, cvl_layout *layout, cvl_rect rect, cvl_attributes *attrs,
                        size_t count, size_t capacity, size_t *out_count) {
    size_t n = 0;
    int rc;
    (void)layout;
    if (count > capacity) return 1;
    rc = grid_rect_query(c, env, rect, attrs + count, capacity - count, &n);
    *out_count = n > SIZE_MAX - count ? SIZE_MAX : n + count;
    return rc;
}
static int grid_element(void *c, const cvl_layout_env *env, cvl_layout *layout, int32_t category, int32_t kind,
                        cvl_index_path ip, cvl_attributes *out, int *found) {
    layout_ctx *g = c;
    (void)layout;
    int rc = misbehave(&g->mb, mix((uint64_t)ip.section, (uint64_t)ip.item + 103));
    (void)env;
    if (rc) return rc;
    *found = 0;
    if (category == CVL_CATEGORY_CELL && ip.section >= 0 && ip.section < g->nsec && ip.item >= 0 &&
        ip.item < g->counts[ip.section]) {
        *out = grid_cell(g, ip.section, ip.item);
        if (g->mb.hostile >= 2 && g->mb.hostile < 14) spoil(out, g->mb.hostile, g->mb.hv);
        *found = g->mb.hostile == 15 ? 5 : 1;
    } else if (category == CVL_CATEGORY_DECORATION && kind == g->deco_kind && g->deco_kind) {
        identity(out);
        out->category = CVL_CATEGORY_DECORATION;
        out->kind = kind;
        out->index_path = ip;
        out->size.width = out->size.height = 4;
        out->center.x = out->center.y = 2;
        *found = 1;
    } else if (g->mb.hostile == 16) {
        identity(out);
        out->category = category;
        out->kind = kind + 1; /* not the element asked for */
        out->index_path = ip;
        *found = 1;
    }
    return 0;
}
static int grid_should_invalidate(void *c, const cvl_layout_env *env, cvl_layout *layout, cvl_rect nb, int *out) {
    layout_ctx *g = c;
    (void)layout;
    int rc = misbehave(&g->mb, 104);
    if (rc) return rc;
    *out = g->mb.hostile == 17 ? 42 : nb.width != env->bounds_size.width;
    if (*out) g->invalidated = 1;
    return 0;
}
static int grid_target(void *c, const cvl_layout_env *env, cvl_layout *layout, cvl_point proposed, cvl_point velocity,
                       cvl_point *out) {
    layout_ctx *g = c;
    (void)layout;
    int rc = misbehave(&g->mb, 105);
    (void)env;
    (void)velocity;
    if (rc) return rc;
    out->x = g->mb.hostile == 18 ? g->mb.hv : proposed.x;
    out->y = g->ch > 0 ? floor(proposed.y / g->ch + 0.5) * g->ch : proposed.y;
    return 0;
}
static int base_prepare_updates(void *c, const cvl_layout_env *env, const cvl_update_item *items, size_t n) {
    layout_ctx *g = c;
    size_t i;
    int64_t sum = 0;
    (void)env;
    for (i = 0; i < n; i++) sum += items[i].before.section + items[i].after.item; /* ASan: the list is readable */
    return misbehave(&g->mb, 106 + (uint64_t)(sum & 1));
}
static int base_finalize(void *c, const cvl_layout_env *env) {
    (void)env;
    return misbehave(&((layout_ctx *)c)->mb, 107);
}
static int base_appearing(void *c, const cvl_layout_env *env, cvl_attributes *a, int *use) {
    layout_ctx *g = c;
    int rc = misbehave(&g->mb, mix((uint64_t)a->index_path.item, 108));
    (void)env;
    if (rc) return rc;
    a->center.x += 500;
    a->alpha = 0;
    if (g->mb.hostile == 19) spoil(a, (uint8_t)(a->index_path.item & 0xff), g->mb.hv);
    *use = g->mb.hostile == 19 ? 2 : (int)(a->index_path.item & 1);
    return 0;
}
static int base_disappearing(void *c, const cvl_layout_env *env, cvl_attributes *a, int *use) {
    layout_ctx *g = c;
    int rc = misbehave(&g->mb, mix((uint64_t)a->index_path.item, 109));
    (void)env;
    if (rc) return rc;
    a->size.width *= 2;
    if (g->mb.hostile == 19) spoil(a, (uint8_t)(a->index_path.item >> 1), g->mb.hv);
    *use = 1;
    return 0;
}

/* Flow hooks */
static int hook_rect(void *c, const cvl_layout_env *env, cvl_layout *layout, cvl_rect rect, cvl_attributes *attrs,
                     size_t count, size_t capacity, size_t *out_count) {
    layout_ctx *g = c;
    cvl_flow_config cfg;
    size_t i, extra = g->mb.hostile % 4;
    int rc = misbehave(&g->mb, 110);
    (void)env;
    (void)rect;
    if (rc) return rc;
    if (cvl_flow_layout_get_config(layout, &cfg) != CVL_OK) { /* callable from hooks */
        cvl_callback_error("get_config failed inside a hook");
        return 1;
    }
    for (i = 0; i < count; i++) attrs[i].alpha = 0.5;
    if (count && g->mb.hostile >= 4 && g->mb.hostile < 16) spoil(&attrs[count - 1], g->mb.hostile, g->mb.hv);
    if (g->mb.hostile == 20) {
        *out_count = capacity + 1;
        return 0;
    }
    if (g->mb.hostile == 21) {
        *out_count = capacity;
        return CVL_ERROR_CAPACITY;
    }
    if (g->mb.hostile == 23) { /* a huge capacity request */
        *out_count = (size_t)1 << 26;
        return CVL_ERROR_CAPACITY;
    }
    if (g->mb.hostile == 24) {
        *out_count = SIZE_MAX;
        return CVL_ERROR_CAPACITY;
    }
    if (count + extra > capacity) {
        *out_count = count + extra;
        return CVL_ERROR_CAPACITY;
    }
    for (i = 0; i < extra; i++) {
        cvl_attributes *a = &attrs[count + i];
        identity(a);
        a->category = CVL_CATEGORY_DECORATION;
        a->kind = g->deco_kind ? g->deco_kind : CVL_KIND_BINDER;
        a->index_path.section = 0;
        a->index_path.item = (int64_t)i;
        a->center.x = a->center.y = 3 + (double)i;
        a->size.width = a->size.height = 6;
    }
    *out_count = count + extra;
    return 0;
}
/* attributes_for_element on a flow layout: a decoration of our own, else adjust the flow's answer. */
static int hook_element(void *c, const cvl_layout_env *env, cvl_layout *layout, int32_t category, int32_t kind,
                        cvl_index_path ip, cvl_attributes *out, int *found) {
    layout_ctx *g = c;
    cvl_rect frame;
    int32_t type;
    int rc = misbehave(&g->mb, mix((uint64_t)ip.section, (uint64_t)ip.item + 112));
    (void)env;
    if (rc) return rc;
    if (category != CVL_CATEGORY_DECORATION) {
        if (cvl_layout_get_type(layout, &type) != CVL_OK) return 1; /* callable from hooks */
        if (*found && g->mb.hostile >= 4 && g->mb.hostile < 16) spoil(out, g->mb.hostile, g->mb.hv);
        if (g->mb.hostile == 15) *found = 7; /* neither 0 nor 1 */
        return 0;
    }
    identity(out);
    out->category = CVL_CATEGORY_DECORATION;
    out->kind = kind;
    out->index_path = ip;
    out->size.width = out->size.height = 6;
    if (cvl_flow_layout_section_frame(layout, ip.section, &frame) == CVL_OK) {
        out->center.x = frame.x + 3;
        out->center.y = frame.y + 3;
    }
    if (g->mb.hostile >= 4 && g->mb.hostile < 16) spoil(out, g->mb.hostile, g->mb.hv);
    *found = 1;
    return 0;
}
static int hook_prepare_updates(void *c, const cvl_layout_env *env, cvl_layout *layout, const cvl_update_item *items,
                                size_t n) {
    (void)layout;
    return base_prepare_updates(c, env, items, n);
}
/* invalidate: what changed since the last prepare; the lists must be readable (ASan). */
static int hook_invalidate(void *c, const cvl_layout_env *env, cvl_layout *layout, const cvl_invalidation *inv) {
    layout_ctx *g = c;
    size_t i;
    int64_t sum = 0;
    (void)env;
    (void)layout;
    for (i = 0; i < inv->item_count; i++) sum += inv->items[i].section + inv->items[i].item;
    for (i = 0; i < inv->update_count; i++) sum += inv->updates[i].after.item;
    g->inv_calls++;
    g->inv_empty += inv->flags == 0 && inv->item_count == 0 && inv->update_count == 0;
    return misbehave(&g->mb, 113 + (uint64_t)(sum & 1) + inv->flags);
}
static int hook_finalize(void *c, const cvl_layout_env *env, cvl_layout *layout) {
    (void)layout;
    return base_finalize(c, env);
}
static int hook_appearing(void *c, const cvl_layout_env *env, cvl_layout *layout, cvl_attributes *a, int *use) {
    (void)layout;
    return base_appearing(c, env, a, use);
}
static int hook_disappearing(void *c, const cvl_layout_env *env, cvl_layout *layout, cvl_attributes *a, int *use) {
    (void)layout;
    return base_disappearing(c, env, a, use);
}

/* Flow delegate: answers from a small table of (possibly hostile) values, by index path. */
static double table(const layout_ctx *g, uint64_t key) { return g->sizes[mix(key, 7) % 4]; }
static int fd_size(void *c, cvl_index_path ip, cvl_size *out) {
    layout_ctx *g = c;
    uint64_t key = mix((uint64_t)ip.section, (uint64_t)ip.item);
    int rc = misbehave(&g->dmb, key);
    if (rc) return rc;
    out->width = table(g, key);
    out->height = table(g, key + 1);
    return 0;
}
static int fd_inset(void *c, int64_t s, cvl_insets *out) {
    layout_ctx *g = c;
    int rc = misbehave(&g->dmb, (uint64_t)s + 200);
    if (rc) return rc;
    out->top = table(g, (uint64_t)s + 1);
    out->left = out->right = 5;
    out->bottom = g->dmb.hostile ? g->dmb.hv : 0;
    return 0;
}
static int fd_spacing(void *c, int64_t s, double *out) {
    layout_ctx *g = c;
    int rc = misbehave(&g->dmb, (uint64_t)s + 300);
    if (rc) return rc;
    *out = table(g, (uint64_t)s + 3);
    return 0;
}
static int fd_header(void *c, int64_t s, cvl_size *out) {
    layout_ctx *g = c;
    int rc = misbehave(&g->dmb, (uint64_t)s + 400);
    if (rc) return rc;
    out->width = out->height = (s & 1) ? table(g, (uint64_t)s) : 0;
    return 0;
}

/* Tree data source: consistent with a view's model (all children under item 0) or hostile. */
static ds_ctx *tree_view_model(void);
static int tree_children(void *c, cvl_index_path parent, int64_t *out) {
    layout_ctx *g = c;
    ds_ctx *d = tree_view_model();
    int rc = misbehave(&g->dmb, mix((uint64_t)parent.section, (uint64_t)parent.item + 500));
    if (rc) return rc;
    if (g->tree_mode == 0 && d) {
        int64_t next = parent.section + 1;
        *out = (parent.item == 0 && next >= 0 && next < d->sections && next < MAXS) ? d->items[next] : 0;
    } else if (g->tree_mode == 1) {
        *out = (int64_t)(mix((uint64_t)parent.section, (uint64_t)parent.item) % 4);
    } else {
        *out = g->tree_mode;
    }
    return 0;
}
static int dims_mode(void *c, cvl_index_path ip, int32_t *out) {
    layout_ctx *g = c;
    int rc = misbehave(&g->dmb, mix((uint64_t)ip.item, 600));
    if (rc) return rc;
    *out = g->dmb.hostile ? (int32_t)g->dmb.hostile - 3 : (int32_t)(ip.item & 1);
    return 0;
}

/* Identifiers by callback (cvl_view_set_identifier_source): the ids the bulk ones use (so that
** snapshots built from the model agree), or one id for every item (duplicates, which only reading
** all of them may notice); failures and re-entrant calls as the view's data source misbehaves. */
typedef struct id_ctx {
    uint64_t key;
    int same;
    misbehaviour mb;
} id_ctx;
static int id_item(void *c, cvl_index_path ip, uint64_t *out) {
    id_ctx *x = c;
    int rc = misbehave(&x->mb, mix((uint64_t)ip.section, (uint64_t)ip.item) ^ 700);
    if (rc) return rc;
    *out = x->same ? x->key : mix(x->key, (uint64_t)(ip.section * 1000 + ip.item));
    return 0;
}
static int id_section(void *c, int64_t section, uint64_t *out) {
    id_ctx *x = c;
    int rc = misbehave(&x->mb, (uint64_t)section ^ 800);
    if (rc) return rc;
    *out = mix((uint64_t)section, x->key) | 1;
    return 0;
}

/* ------------------------------------------------------------------------------------------
** Decoding helpers */
static void decode_misbehaviour(misbehaviour *mb) {
    uint8_t b = u8();
    memset(mb, 0, sizeof *mb);
    if (b < 128) return; /* well behaved */
    mb->fail_mod = (b & 1) ? (uint8_t)(1 + u8() % 8) : 0;
    mb->msg = u8();
    mb->hostile = (b & 2) ? u8() % 26 : 0;
    mb->hv = dbl();
    if (b & 4) {
        int i;
        mb->re.on = 1;
        for (i = 0; i < REPLAY; i++) mb->re.bytes[i] = u8();
    }
}

static cvl_index_path index_path(void) {
    cvl_index_path ip;
    uint8_t b = u8();
    if (b < 200) {
        ip.section = b % 5;
        ip.item = u8() % 24;
    } else {
        static const int64_t odd[] = {-1, INT64_MIN, INT64_MAX, 1 << 20, 64, -2, (INT64_C(1) << 40)};
        ip.section = (b & 1) ? odd[u8() % 7] : u8() % 5;
        ip.item = (b & 2) ? odd[u8() % 7] : u8() % 24;
    }
    return ip;
}

static cvl_rect rect(void) {
    cvl_rect r;
    if (u8() < 170) {
        r.x = (double)(u8() % 16) * 50 - 100;
        r.y = (double)u16() - 500;
        r.width = (double)(u8() % 20) * 60;
        r.height = (double)(u8() % 20) * 60;
    } else {
        r.x = dbl();
        r.y = dbl();
        r.width = dbl();
        r.height = dbl();
    }
    return r;
}

static cvl_animation animation(void) {
    cvl_animation a;
    uint8_t b = u8();
    cvl_animation_default(&a);
    a.curve = (int32_t)(b % 7) - (b >= 250 ? 10 : 0);
    a.duration = (b & 0x10) ? dbl() : (double)(u8() % 4) * 0.25;
    a.delay = (b & 0x20) ? dbl() : 0;
    if (a.curve == CVL_CURVE_CUBIC_BEZIER) {
        a.bezier[0] = (b & 0x40) ? dbl() : 0.3;
        a.bezier[1] = dbl();
        a.bezier[2] = 0.7;
        a.bezier[3] = dbl();
    }
    if (a.curve == CVL_CURVE_SPRING) {
        a.spring_damping_ratio = (b & 0x40) ? dbl() : 0.7;
        a.spring_response = (b & 0x80) ? dbl() : 0.4;
        a.spring_mass = dbl();
        a.spring_stiffness = dbl();
        a.spring_damping = dbl();
        a.spring_initial_velocity = dbl();
    }
    {
        uint8_t f = u8();
        a.flags = f < 160 ? 0 : f < 250 ? (uint32_t)(f & 7) : (uint32_t)u64(); /* unknown bits: an error */
    }
    return a;
}

/* Up to MAX_FUZZ_EDITS splices of a view's identifiers (op_identifiers): at places and of
** lengths that fit or not (an index path's section and item, hostile ones included), inserting
** identifiers of `ids[0 .. used-1]` (duplicates of the view's, or new) or a NULL list; as many
** inserted as removed, half the time, keeps the counts the data source reports. Up to 3 when the
** count byte is below 128 (as before), else up to 12 (more than 8 splices of one section move it
** into chunks: SnapshotItems). Returns how many. */
#define MAX_FUZZ_EDITS 12
static size_t snapshot_edits(cvl_snapshot_edit *ed, const uint64_t *ids, size_t used) {
    uint8_t b = u8();
    size_t ne = b < 128 ? b % 4 : b % (MAX_FUZZ_EDITS + 1), e;
    for (e = 0; e < ne; e++) {
        cvl_index_path at = index_path();
        size_t from = used ? (size_t)(u8() % used) : 0;
        ed[e].section = at.section;
        ed[e].start = at.item;
        ed[e].remove_count = (int64_t)(u8() % 4) - (u8() == 255);
        ed[e].item_count = (u8() & 1) ? (size_t)(ed[e].remove_count > 0 ? ed[e].remove_count : 0) : u8() % 4;
        if (ed[e].item_count > used - from) ed[e].item_count = used - from;
        ed[e].item_ids = used && u8() != 255 ? &ids[from] : NULL;
    }
    return ne;
}


/* A handle to pass: a live one, NULL, a stale (destroyed) one, one of the other type, foreign memory. */
static int foreign_word;
static cvl_view *pick_view(int *slot) {
    uint8_t b = u8();
    *slot = -1;
    if (b < 220) {
        *slot = b % NV;
        return views[*slot].h;
    }
    if (b < 235 && nstale) return (cvl_view *)stale[b % (nstale < NSTALE ? nstale : NSTALE)];
    if (b < 245) return (cvl_view *)(void *)layouts[b % NL].h;
    if (b < 250) return (cvl_view *)(void *)&foreign_word;
    return NULL;
}
static cvl_layout *pick_layout(int *slot) {
    uint8_t b = u8();
    *slot = -1;
    if (b < 220) {
        *slot = b % NL;
        return layouts[*slot].h;
    }
    if (b < 235 && nstale) return (cvl_layout *)stale[b % (nstale < NSTALE ? nstale : NSTALE)];
    if (b < 245) return (cvl_layout *)(void *)views[b % NV].h;
    if (b < 250) return (cvl_layout *)(void *)&foreign_word;
    return NULL;
}

static ds_ctx *tree_model;
static ds_ctx *tree_view_model(void) { return tree_model; }

/* The config-layout rows (config_layouts.inc) that op_create_layout and op_layout_setter reach
** through the table: every row but those their own cases create and configure with inputs of
** their own (the flow with its hooks, the mosaic, the tree with its data source), and but a row
** whose create takes an argument (it needs a case of its own). In table order: today waterfall,
** grid, so that `n % 2` picks them as the harness's earlier `n & 1` did (inputs decode as
** before); a new row joins the end of the choice. */
static int by_own_case(int32_t type) {
    return type == CVL_LAYOUT_FLOW || type == CVL_LAYOUT_MOSAIC || type == CVL_LAYOUT_TREE;
}
static const cl_row *table_row(unsigned n) {
    const cl_row *rows[CL_NROWS];
    size_t i, k = 0;
    for (i = 0; i < CL_NROWS; i++)
        if (!by_own_case(cl_rows[i].type) && cl_rows[i].create_arg[0] == 0) rows[k++] = &cl_rows[i];
    REQUIRE(k > 0, 0);
    return rows[n % k];
}

/* ------------------------------------------------------------------------------------------
** The compositional layout: random descriptions (elements naming children by index, some out of
** range or cyclic, hostile dimensions and enums), a provider and custom groups answering hostile
** frames and counts (some beyond the first capacity of 64), orthogonal offsets and snapping. */
typedef struct comp_fuzz {
    cvl_comp_element el[8];
    int64_t children[12];
    cvl_comp_badge badges[2];
    cvl_comp_boundary_item bi[3];
    cvl_comp_decoration_item deco[2];
    cvl_comp_boundary_item gbi[2];
    cvl_comp_section sec;
    cvl_comp_configuration conf;
    int64_t frames;
    double fv[2];
    int fail;
} comp_fuzz;

static cvl_comp_dimension comp_dim(void) {
    cvl_comp_dimension d;
    uint8_t b = u8();
    d.kind = (b & 7) < 6 ? (b & 7) % 4 : 4 + (b >> 6);
    if (b & 0x80)
        d.value = dbl();
    else
        d.value = (d.kind == 1 || d.kind == 2) ? (double)(u8() % 11) / 10 : (double)(u8() % 8) * 20;
    return d;
}
static cvl_comp_size comp_size(void) {
    cvl_comp_size s;
    s.width = comp_dim();
    s.height = comp_dim();
    return s;
}
static cvl_comp_spacing comp_spacing(void) {
    cvl_comp_spacing s;
    uint8_t b = u8();
    s.kind = (b & 3) == 3 && (b & 4) ? 7 : (b & 3) % 3;
    s.value = (b & 0x80) ? dbl() : (double)(u8() % 10);
    return s;
}
static cvl_insets comp_insets(void) {
    cvl_insets i;
    uint8_t b = u8();
    i.top = (b & 1) ? dbl() : (double)(b % 7);
    i.left = (b & 2) ? (double)(u8() % 30) : 0;
    i.bottom = (double)(b % 5);
    i.right = (b & 4) ? (double)(u8() % 30) : 0;
    return i;
}
static cvl_comp_anchor comp_anchor(void) {
    cvl_comp_anchor a;
    uint8_t b = u8();
    a.edges = b % 20;
    a.fractional = (b >> 5) & 1;
    a.offset.x = (b & 0x40) ? dbl() : (double)(u8() % 5) - 2;
    a.offset.y = (b & 0x80) ? dbl() : -0.5;
    return a;
}
static int comp_frames(void *c, int64_t section, int64_t element, cvl_size size, cvl_rect *out, int64_t capacity,
                       int64_t *out_count) {
    comp_fuzz *f = c;
    int64_t i;
    (void)section;
    (void)element;
    if (f->fail) return 3;
    *out_count = f->frames;
    for (i = 0; i < f->frames && i < capacity; i++) {
        out[i].x = f->fv[0] * (double)i;
        out[i].y = 0;
        out[i].width = f->fv[1];
        out[i].height = size.height;
    }
    return 0;
}
static int comp_provider(void *c, int64_t section, cvl_size size, cvl_comp_section *out) {
    comp_fuzz *f = c;
    (void)size;
    if (f->fail && section == 1) return 4;
    *out = f->sec;
    if (section % 2) out->orthogonal_scrolling = (int32_t)((section / 2) % 6);
    return 0;
}
static void comp_decode(comp_fuzz *f) {
    int n = 1 + u8() % 8, nc = u8() % 13, i;
    memset(f, 0, sizeof *f);
    for (i = 0; i < n; i++) {
        cvl_comp_element *e = &f->el[i];
        uint8_t b = u8();
        e->type = b % 9 < 8 ? (int32_t)(b % 9) % 4 : 5;
        e->size = comp_size();
        e->content_insets = comp_insets();
        if (b & 0x10) {
            e->edge_spacing.leading = comp_spacing();
            e->edge_spacing.top = comp_spacing();
            e->edge_spacing.trailing = comp_spacing();
            e->edge_spacing.bottom = comp_spacing();
        }
        e->inter_item_spacing = comp_spacing();
        e->fill = (int32_t)(u8() % 4);
        e->count = (b & 0x20) ? 70000 : u8() % 6;
        e->first_child = u8() % (nc + 2);
        e->child_count = u8() % 4;
        e->first_badge = u8() % 3;
        e->badge_count = u8() % 2;
    }
    for (i = 0; i < nc; i++) f->children[i] = u8() % (n + 2);
    for (i = 0; i < 2; i++) {
        f->badges[i].kind = (u8() & 7) ? 100 + i : 0;
        f->badges[i].z_index = 1;
        f->badges[i].size = comp_size();
        f->badges[i].container_anchor = comp_anchor();
        f->badges[i].has_item_anchor = u8() & 1;
        f->badges[i].item_anchor = comp_anchor();
    }
    for (i = 0; i < 3; i++) {
        f->bi[i].kind = (u8() & 7) ? 1 + i : 0;
        f->bi[i].alignment = (int32_t)(u8() % 10);
        f->bi[i].size = comp_size();
        f->bi[i].absolute_offset.x = (u8() & 1) ? dbl() : 0;
        f->bi[i].extends_boundary = u8() & 1;
        f->bi[i].pin_to_visible_bounds = u8() & 1;
    }
    for (i = 0; i < 2; i++) {
        f->deco[i].kind = (u8() & 7) ? 200 + i : 0;
        f->deco[i].z_index = -1;
        f->deco[i].content_insets = comp_insets();
        f->gbi[i].kind = (u8() & 7) ? 300 + i : CVL_KIND_HEADER; /* the header may collide with section 0's */
        f->gbi[i].alignment = (int32_t)(1 + u8() % 8);
        f->gbi[i].size = comp_size();
        f->gbi[i].pin_to_visible_bounds = u8() & 1;
        f->gbi[i].extends_boundary = 1;
    }
    f->sec.elements = u8() == 255 ? NULL : f->el;
    f->sec.element_count = n;
    f->sec.children = f->children;
    f->sec.child_count = nc;
    f->sec.badges = f->badges;
    f->sec.badge_count = 2;
    f->sec.root = u8() % (n + 1);
    f->sec.content_insets = comp_insets();
    f->sec.inter_group_spacing = (u8() & 1) ? dbl() : (double)(u8() % 10);
    f->sec.orthogonal_scrolling = (int32_t)(u8() % 7);
    f->sec.supplementaries_ignore_content_insets = u8() & 1;
    f->sec.boundary_items = f->bi;
    f->sec.boundary_item_count = u8() % 4;
    f->sec.decoration_items = f->deco;
    f->sec.decoration_item_count = u8() % 3;
    f->sec.custom_context = f;
    f->sec.custom_frames = (u8() & 3) ? comp_frames : NULL;
    f->frames = (u8() % 3 == 0) ? 60 + u8() % 10 : u8() % 5;
    if (u8() == 255) f->frames = -1;
    f->fv[0] = (u8() & 1) ? dbl() : 12;
    f->fv[1] = (u8() & 1) ? dbl() : 10;
    f->fail = u8() == 255;
    f->conf.scroll_direction = (int32_t)(u8() % 3);
    f->conf.inter_section_spacing = (u8() & 1) ? dbl() : (double)(u8() % 20);
    f->conf.boundary_items = f->gbi;
    f->conf.boundary_item_count = u8() % 3;
}
static void comp_create(layout_ctx *g, cvl_layout **h) {
    comp_fuzz *f = own(sizeof *f);
    if (!f) return;
    comp_decode(f);
    g->kind = CVL_LAYOUT_COMPOSITIONAL;
    if (u8() & 1) {
        cvl_comp_provider p;
        p.context = f;
        p.section_for_index = u8() == 255 ? NULL : comp_provider;
        check(cvl_compositional_layout_create_with_provider(&p, (u8() & 1) ? &f->conf : NULL, h));
    } else {
        check(cvl_compositional_layout_create(u8() == 255 ? NULL : &f->sec, (u8() & 1) ? &f->conf : NULL, h));
    }
}
static void comp_setters(cvl_layout *l) {
    int slot, rc;
    cvl_view *v;
    comp_fuzz *f;
    double d, e;
    int64_t s;
    switch (u8() % 5) {
    case 0:
    case 1:
        f = own(sizeof *f);
        if (!f) return;
        comp_decode(f);
        if (u8() & 1)
            check(cvl_compositional_layout_set_section(l, &f->sec));
        else
            check(cvl_compositional_layout_set_configuration(l, &f->conf));
        break;
    case 2:
        v = pick_view(&slot);
        s = (int64_t)(u8() % 6) - 1;
        check(cvl_compositional_set_orthogonal_offset(v, s, (u8() & 1) ? dbl() : dim() - 50));
        break;
    case 3:
        v = pick_view(&slot);
        s = (int64_t)(u8() % 6) - 1;
        OUTCALL(rc, cvl_compositional_get_orthogonal_offset(v, s, &d), &d);
        break;
    default:
        v = pick_view(&slot);
        s = (int64_t)(u8() % 6) - 1;
        OUTCALL(rc,
                cvl_compositional_target_orthogonal_offset(v, s, dim(), (u8() & 1) ? dbl() : dim() * 4,
                                                           (double)(u8() % 5) - 2, &d, (u8() & 1) ? &e : NULL),
                &d);
        if (rc == CVL_OK) REQUIRE(d >= 0 && !isnan(d), rc);
        break;
    }
}

/* ------------------------------------------------------------------------------------------
** Operations */
static void op_create_layout(void) {
    int slot = u8() % NL, rc, kb = u8(), kind = kb % 10;
    layout_ctx *g;
    cvl_layout *h = NULL;
    if (layouts[slot].h) return; /* keep the slot's handle (destroy is its own operation) */
    g = own(sizeof *g);
    if (!g) return;
    g->cw = dim();
    g->ch = dim();
    g->deco_kind = 0;
    g->sizes[0] = dim();
    g->sizes[1] = dim();
    g->sizes[2] = (u8() & 1) ? dbl() : 50;
    g->sizes[3] = 30;
    decode_misbehaviour(&g->mb);
    decode_misbehaviour(&g->dmb);
    switch (kind) {
    case 0: case 1:
        g->kind = kind == 0 ? CVL_LAYOUT_FLOW : 100;
        rc = check(cvl_flow_layout_create(&h));
        if (rc == CVL_OK && kind == 1) {
            cvl_layout_callbacks hk;
            memset(&hk, 0, sizeof hk);
            hk.context = g;
            hk.attributes_in_rect = hook_rect;
            hk.attributes_for_element = hook_element;
            hk.prepare_for_updates = hook_prepare_updates;
            hk.finalize_updates = hook_finalize;
            hk.initial_attributes_for_appearing = hook_appearing;
            hk.final_attributes_for_disappearing = hook_disappearing;
            hk.invalidate = hook_invalidate;
            check(cvl_flow_layout_set_hooks(h, &hk));
        }
        break;
    case 2: {
        cvl_layout_callbacks cb;
        uint8_t which = u8();
        memset(&cb, 0, sizeof cb);
        g->kind = CVL_LAYOUT_CUSTOM;
        cb.context = g;
        cb.prepare = grid_prepare;
        cb.content_size = grid_content_size;
        cb.attributes_in_rect = grid_in_rect;
        if (which & 1) cb.attributes_for_element = grid_element;
        if (which & 2) cb.should_invalidate_for_bounds_change = grid_should_invalidate;
        if (which & 4) cb.target_content_offset = grid_target;
        if (which & 8) cb.prepare_for_updates = hook_prepare_updates;
        if (which & 16) cb.finalize_updates = hook_finalize;
        if (which & 32) cb.initial_attributes_for_appearing = hook_appearing;
        if (which & 64) cb.final_attributes_for_disappearing = hook_disappearing;
        if (which & 128) cb.invalidate = hook_invalidate;
        if (which == 255) cb.content_size = NULL; /* required: must be refused */
        rc = check(cvl_custom_layout_create(&cb, &h));
        if (rc == CVL_OK) {
            int32_t k = 0;
            if (check(cvl_layout_register_kind(h, "band", &k)) == CVL_OK) g->deco_kind = k;
        }
        break;
    }
    case 3: g->kind = CVL_LAYOUT_SURVEY; check(cvl_survey_layout_create(&h)); break;
    case 4: g->kind = CVL_LAYOUT_DIMENSIONS; check(cvl_dimensions_layout_create(&h)); break;
    case 5: g->kind = CVL_LAYOUT_COVER_FLOW; check(cvl_cover_flow_layout_create(&h)); break;
    case 6: g->kind = CVL_LAYOUT_MOSAIC; check(cvl_mosaic_layout_create(&h)); break;
    case 7: {
        cvl_tree_data_source ts;
        g->kind = CVL_LAYOUT_TREE;
        g->tree_mode = (u8() & 3) == 3 ? count_answer() : u8() % 2;
        ts.context = g;
        ts.number_of_children = (u8() == 255) ? NULL : tree_children;
        check(cvl_tree_layout_create(&ts, &h));
        break;
    }
    case 8: g->kind = CVL_LAYOUT_CIRCLE; check(cvl_circle_layout_create(&h)); break;
    default: { /* the byte's next digit picks a row of the table (no byte read: inputs decode as before) */
        const cl_row *row = table_row((unsigned)(kb / 10));
        if (kb == 249) { /* the compositional layout (a description decoded from the input) */
            comp_create(g, &h);
            break;
        }
        g->kind = row->type;
        check_call(row->create(NULL, &h), row->create_name);
        break;
    }
    }
    layouts[slot].h = h;
    layouts[slot].ctx = g;
}

static void forget_handle(void *h, int is_view) {
    int i;
    remember_stale(h, is_view);
    for (i = 0; i < NV; i++)
        if (views[i].h == h) views[i].h = NULL;
    for (i = 0; i < NL; i++)
        if (layouts[i].h == h) layouts[i].h = NULL;
}

static void op_destroy_layout(void) {
    int slot;
    cvl_layout *h = pick_layout(&slot);
    int was_stale = h && slot < 0;
    int rc = check(cvl_layout_destroy(h));
    if (rc == CVL_OK && h) forget_handle(h, 0);
    if (was_stale && h != (cvl_layout *)(void *)&foreign_word) REQUIRE(rc != CVL_OK, rc);
}

static void decode_model(ds_ctx *d) {
    int64_t s;
    d->sections = u8() % 6;
    if (u8() > 240) d->sections = u8() % MAXS;
    for (s = 0; s < d->sections; s++) d->items[s] = (u8() & 3) == 3 ? u16() % 300 : u8() % 12;
    d->mode = u8() % 8;
    if (d->mode > 3) d->mode = 0;
    d->hostile_count = count_answer();
    decode_misbehaviour(&d->mb);
}

static void op_create_view(void) {
    int vslot = u8() % NV, lslot, rc;
    cvl_layout *l = pick_layout(&lslot);
    ds_ctx *d;
    cvl_data_source src;
    cvl_view *v = NULL;
    if (views[vslot].h) return;
    d = own(sizeof *d);
    if (!d) return;
    decode_model(d);
    memset(&src, 0, sizeof src);
    src.context = d;
    d->one_section = (u8() & 7) == 7;
    src.number_of_sections = d->one_section ? NULL : ds_sections;
    src.number_of_items = (u8() == 255) ? NULL : ds_items;
    if (lslot >= 0 && layouts[lslot].ctx && layouts[lslot].ctx->kind == CVL_LAYOUT_TREE) tree_model = d;
    fill(&v, sizeof v);
    rc = check(cvl_view_create(&src, l, &v));
    if (rc != CVL_OK) {
        REQUIRE(untouched(&v, sizeof v), rc);
        return;
    }
    views[vslot].h = v;
    views[vslot].ds = d;
}

static void op_destroy_view(void) {
    int slot;
    cvl_view *v = pick_view(&slot);
    int was_stale = v && slot < 0;
    int rc = check(cvl_view_destroy(v));
    if (rc == CVL_OK && v) forget_handle(v, 1);
    if (was_stale && (void *)v != (void *)&foreign_word) REQUIRE(rc != CVL_OK, rc);
}

/* Counts of a successful reload or batch update are the model's (when the model answers). */
static void check_counts(int slot) {
    ds_ctx *d;
    int64_t n, s;
    if (slot < 0 || !views[slot].h) return;
    d = views[slot].ds;
    if (!d || d->mode != 0 || d->one_section) return;
    if (check(cvl_view_number_of_sections(views[slot].h, &n)) != CVL_OK) return;
    REQUIRE(n == d->sections, (int)n);
    for (s = 0; s < n && s < MAXS; s++) {
        int64_t k = -1;
        check(cvl_view_number_of_items(views[slot].h, s, &k));
        REQUIRE(k == d->items[s], (int)k);
    }
}

/* A consistent batch update: edit the model and state the matching updates. */
/* Overlapping animated updates (a chat streaming text into its last message): the picked layout
** becomes the view's, takes the model's sizes in bulk when it is a flow (hooks included), then
** 2-13 consistent animated updates follow one another a few hundredths of a second apart (the
** previous ones still running), each paired with the size edit it implies (a reload: one size
** replaced; an insert or delete at a place: one size in or out). Checked: under hooks, a size
** edit never reaches the invalidate hook as an empty context; and once the last animation's
** duration has passed, no element is disappearing any more (each leaver retired when its own
** removal ended), when the update sequence went through. */
static void op_stream(cvl_view *v, int slot) {
    ds_ctx *d = slot >= 0 ? views[slot].ds : NULL;
    int lslot, rc, k, step, ok = 1, flow;
    cvl_layout *l = pick_layout(&lslot);
    layout_ctx *g = lslot >= 0 ? layouts[lslot].ctx : NULL;
    unsigned empty_before;
    unsigned long long reentered = reentrant_calls;
    double t = 0, longest = 0;
    if (!v || !d || depth > 0 || d->mode != 0 || d->one_section || d->sections == 0) return;
    if (l && check(cvl_view_set_layout(v, l, NULL)) != CVL_OK) l = NULL;
    flow = l && g && (g->kind == CVL_LAYOUT_FLOW || g->kind == 100);
    if (flow) {
        int64_t s;
        cvl_size sz[64];
        for (s = 0; s < d->sections; s++) {
            int64_t i, n = d->items[s] < 64 ? d->items[s] : 0;
            for (i = 0; i < n; i++) sz[i] = (cvl_size){20 + (double)(u8() % 60), 10 + (double)(u8() % 40)};
            if (n == d->items[s] && check(cvl_flow_layout_set_item_sizes(l, s, sz, (size_t)n)) != CVL_OK) flow = 0;
        }
    }
    {
        /* The check at the end is about the stream's own animations: one an earlier operation
        ** started (of any duration and delay) may still hold disappearing elements then. */
        int animating = 0;
        if (check(cvl_view_is_animating(v, &animating)) != CVL_OK) return;
        if (animating && check(cvl_view_finish_animations(v)) != CVL_OK) return;
    }
    if (check(cvl_view_get_time(v, &t)) != CVL_OK) return;
    streams++;
    k = 2 + u8() % 12;
    empty_before = g ? g->inv_empty : 0;
    for (step = 0; step < k && ok; step++) {
        ds_ctx saved = *d;
        cvl_update_item up;
        cvl_animation an;
        cvl_size one = {30 + (double)(u8() % 40), 12 + (double)(u8() % 30)};
        int64_t s = (int64_t)(u8() % d->sections), p;
        uint8_t what = u8() % 3;
        memset(&up, 0, sizeof up);
        up.before.section = up.before.item = up.after.section = up.after.item = -1;
        if (what == 0 && d->items[s] > 0) { /* the last message changes */
            p = d->items[s] - 1;
            up.action = CVL_UPDATE_RELOAD;
            up.before.section = s;
            up.before.item = p;
            if (flow && check(cvl_flow_layout_replace_item_sizes(l, s, p, 1, &one, 1)) != CVL_OK) break;
        } else if (what == 1 && d->items[s] > 0) { /* a message goes away */
            p = (int64_t)(u8() % d->items[s]);
            up.action = CVL_UPDATE_DELETE;
            up.before.section = s;
            up.before.item = p;
            if (flow && check(cvl_flow_layout_replace_item_sizes(l, s, p, 1, NULL, 0)) != CVL_OK) break;
            d->items[s]--;
        } else if (d->items[s] < 60) { /* a message arrives */
            p = (int64_t)(u8() % (d->items[s] + 1));
            up.action = CVL_UPDATE_INSERT;
            up.after.section = s;
            up.after.item = p;
            if (flow && check(cvl_flow_layout_replace_item_sizes(l, s, p, 0, &one, 1)) != CVL_OK) break;
            d->items[s]++;
        } else {
            break;
        }
        t += (double)(u8() % 16) * 0.01;
        if (check(cvl_view_set_time(v, t)) != CVL_OK) ok = 0;
        cvl_animation_default(&an);
        an.duration = 0.1 * (double)(1 + u8() % 4);
        if (an.duration > longest) longest = an.duration;
        rc = check(cvl_view_perform_batch_updates(v, &up, 1, &an));
        if (rc != CVL_OK) {
            *d = saved; /* the view kept the old counts: so does the model (its sizes stay edited) */
            ok = 0;
        } else {
            check_counts(slot);
            if (u8() & 1) {
                cvl_attributes buf[32];
                size_t cnt;
                check(cvl_view_visible_attributes(v, buf, 32, &cnt));
            }
        }
    }
    /* A size edit, paired with its update, told the hooks what changed (unless a callback called
    ** back in meanwhile: cvl_view_invalidate_layout() with nothing named is the host's own). */
    if (ok && flow && g && g->kind == 100 && reentrant_calls == reentered)
        REQUIRE(g->inv_empty == empty_before, (int)g->inv_empty);
    /* (Only where the clock can count the stream's hundredths: an earlier operation may have set
    ** it to 1e300, where t + 0.4 == t and no animation's duration ever passes.) */
    if (ok && step > 0 && fabs(t) < 1e9 && check(cvl_view_set_time(v, t + longest + 0.01)) == CVL_OK) {
        static cvl_attributes big[1024];
        size_t cnt = 0, i;
        if (check(cvl_view_visible_attributes(v, big, 1024, &cnt)) == CVL_OK) {
            for (i = 0; i < cnt; i++) REQUIRE(big[i].disappearing == 0, (int)i);
            streams_checked++;
        }
    }
}

static void op_batch(int consistent) {
    int slot, rc;
    cvl_view *v = pick_view(&slot);
    ds_ctx *d = slot >= 0 ? views[slot].ds : NULL;
    ds_ctx saved;
    cvl_update_item up[8];
    size_t n = 0, i;
    cvl_animation an;
    uint8_t mode = u8();
    int animated = mode & 1;
    if (consistent && mode >= 0xF8) { /* a stream of overlapping animated updates */
        op_stream(v, slot);
        return;
    }
    memset(up, 0, sizeof up);
    if (d) saved = *d;
    if (consistent && d) {
        uint8_t what = u8() % 6;
        int64_t s = d->sections ? (int64_t)(u8() % d->sections) : 0;
        switch (what) {
        case 0: /* insert k items at p */
            if (d->sections) {
                int64_t p = d->items[s] ? u8() % (d->items[s] + 1) : 0, k = 1 + u8() % 3;
                for (i = 0; i < (size_t)k; i++) {
                    up[n].action = CVL_UPDATE_INSERT;
                    up[n].before.section = up[n].before.item = -1;
                    up[n].after.section = s;
                    up[n].after.item = p + (int64_t)i;
                    n++;
                }
                d->items[s] += k;
            }
            break;
        case 1: /* delete k items from p */
            if (d->sections && d->items[s]) {
                int64_t p = u8() % d->items[s], k = 1 + u8() % 3;
                if (p + k > d->items[s]) k = d->items[s] - p;
                for (i = 0; i < (size_t)k; i++) {
                    up[n].action = CVL_UPDATE_DELETE;
                    up[n].before.section = s;
                    up[n].before.item = p + (int64_t)i;
                    up[n].after.section = up[n].after.item = -1;
                    n++;
                }
                d->items[s] -= k;
            }
            break;
        case 2: /* insert a section */
            if (d->sections < MAXS) {
                int64_t at = u8() % (d->sections + 1), j;
                for (j = d->sections; j > at; j--) d->items[j] = d->items[j - 1];
                d->items[at] = u8() % 6;
                d->sections++;
                up[n].action = CVL_UPDATE_INSERT;
                up[n].is_section = 1;
                up[n].before.section = up[n].before.item = -1;
                up[n].after.section = at;
                up[n].after.item = -1;
                n++;
            }
            break;
        case 3: /* delete a section */
            if (d->sections) {
                int64_t j;
                for (j = s; j + 1 < d->sections; j++) d->items[j] = d->items[j + 1];
                d->sections--;
                up[n].action = CVL_UPDATE_DELETE;
                up[n].is_section = 1;
                up[n].before.section = s;
                up[n].before.item = -1;
                up[n].after.section = up[n].after.item = -1;
                n++;
            }
            break;
        case 4: /* move an item */
            if (d->sections && d->items[s]) {
                int64_t t = u8() % d->sections, from = u8() % d->items[s], to;
                d->items[s]--;
                to = u8() % (d->items[t] + 1);
                d->items[t]++;
                up[n].action = CVL_UPDATE_MOVE;
                up[n].before.section = s;
                up[n].before.item = from;
                up[n].after.section = t;
                up[n].after.item = to;
                n++;
            }
            break;
        default: /* reload an item or a section */
            if (d->sections) {
                up[n].action = CVL_UPDATE_RELOAD;
                up[n].is_section = d->items[s] == 0 || (u8() & 1);
                up[n].before.section = s;
                up[n].before.item = up[n].is_section ? -1 : u8() % d->items[s];
                up[n].after.section = up[n].after.item = -1;
                n++;
            }
            break;
        }
    } else {
        n = u8() % 9;
        for (i = 0; i < n; i++) {
            up[i].action = (int32_t)(u8() % 5);
            up[i].is_section = u8() % 3 == 0;
            up[i].before = index_path();
            up[i].after = index_path();
        }
        if (d && (u8() & 1)) decode_model(d); /* the data source changes its answers */
    }
    if (animated) an = animation();
    rc = check(cvl_view_perform_batch_updates(v, u8() == 255 ? NULL : up, n, animated ? &an : NULL));
    if (rc != CVL_OK && d) {
        *d = saved; /* the view kept the old counts: so does the model */
    } else if (rc == CVL_OK && consistent && depth == 0) {
        check_counts(slot);
    }
}

/* Identities: bulk identifiers and snapshots built from the view's model (same counts, so a
** snapshot's update is consistent with the data source unless the model is hostile): ids that
** are unique, duplicated, or permuted within a section (moves, far apart or neighbours);
** sometimes counts that differ. */
static void op_identifiers(cvl_view *v, int slot) {
    static uint64_t ids[MAXS * 300];
    static cvl_section_snapshot secs[MAXS];
    const ds_ctx *d = slot >= 0 ? views[slot].ds : NULL;
    size_t ns = 0, used = 0;
    uint8_t how = u8();
    uint64_t key = u8();
    int rc;
    if (d && d->mode == 0 && d->sections >= 0) {
        int64_t s;
        ns = (size_t)(d->sections < MAXS ? d->sections : MAXS);
        for (s = 0; s < (int64_t)ns; s++) {
            int64_t n = d->items[s] < 300 ? d->items[s] : 300, k;
            /* The identifiers come from the top 3 bits of `key` (one call in 8 reuses the last
            ** call's set: the small-change path), the permutation from the low bits. */
            secs[s].identifier = mix((uint64_t)s, key >> 5) | 1;
            secs[s].item_ids = &ids[used];
            secs[s].item_count = (size_t)(n > 0 ? n : 0);
            for (k = 0; k < n; k++) ids[used + (size_t)k] = mix(key >> 5, (uint64_t)(s * 1000 + k));
            if (n > 1 && (how & 1)) {
                /* permute: swap the first and last items (the whole section differs: the hashing
                ** diff), or two neighbours (a small change: the compared ends and the derived
                ** table, cvlayout.h "The diff") */
                size_t a = (key & 1) ? 0 : (size_t)(key % (uint64_t)(n - 1));
                size_t b = (key & 1) ? (size_t)n - 1 : a + 1;
                uint64_t t = ids[used + a];
                ids[used + a] = ids[used + b];
                ids[used + b] = t;
            }
            if (n > 1 && (how & 0x0e) == 0x0e) ids[used + 1] = ids[used]; /* duplicate */
            used += secs[s].item_count;
        }
    }
    if (ns && (how & 0x30) == 0x30) secs[0].item_count += 1; /* counts that differ: refused */
    switch ((how >> 6) & 3) {
    case 0:
        check(cvl_view_set_identifiers(v, ns ? secs : NULL, ns));
        break;
    case 1: {
        cvl_update_item out[16];
        size_t cnt = 0, cap = u8() % 17;
        uint64_t changed = used ? ids[0] : key;
        int to_out = 1; /* 0: asked for the count only (out NULL, capacity 0), any count is fine */
        if ((key & 6) == 6) { /* the splices' diff alone (case 2) */
            cvl_snapshot_edit ed[MAX_FUZZ_EDITS];
            size_t ne = snapshot_edits(ed, ids, used);
            to_out = u8() & 1;
            rc = check(cvl_view_diff_snapshot_edits(v, u8() == 255 ? NULL : ed, ne, &changed, u8() & 1,
                                                    to_out ? out : NULL, to_out ? cap : 0, &cnt));
        } else {
            rc = check(cvl_view_diff_snapshot(v, ns ? secs : NULL, ns, &changed, u8() & 1, out, cap, &cnt));
        }
        if (rc == CVL_OK && to_out) REQUIRE(cnt <= cap, (int)cnt);
        break;
    }
    case 2: {
        cvl_animation an = animation();
        uint64_t changed = used ? ids[used - 1] : key;
        if ((key & 6) == 6) {
            /* Splices of the view's identifiers (chosen by bits of `key`, so other inputs decode
            ** as before; see snapshot_edits): some keep the counts the data source reports, so
            ** some commit. */
            cvl_snapshot_edit ed[MAX_FUZZ_EDITS];
            size_t ne = snapshot_edits(ed, ids, used);
            rc = check(cvl_view_apply_snapshot_edits(v, u8() == 255 ? NULL : ed, ne, &changed, u8() & 1,
                                                     (u8() & 1) ? &an : NULL));
            if (rc == CVL_OK && depth == 0) check_counts(slot);
            break;
        }
        rc = check(cvl_view_apply_snapshot(v, ns ? secs : NULL, ns, &changed, u8() & 1, (u8() & 1) ? &an : NULL));
        if (rc == CVL_OK && depth == 0) check_counts(slot);
        break;
    }
    default: {
        uint64_t id = 0;
        cvl_index_path ip;
        int found = 0;
        /* Identifiers by callback, chosen by bits of `key` (no byte read for it, so inputs decode
        ** as before): both callbacks, the item one only, or a refused source. */
        if (((key >> 2) & 7) >= 5) {
            cvl_identifier_source src;
            id_ctx *x = own(sizeof *x);
            if (x) {
                x->key = key;
                x->same = (how & 0x0e) == 0x0e;
                if (d) x->mb = d->mb;
                src.context = x;
                src.item_identifier = ((key >> 2) & 7) == 7 && (key & 32) ? NULL : id_item;
                src.section_identifier = ((key >> 2) & 7) == 6 ? NULL : id_section;
                rc = check(cvl_view_set_identifier_source(v, ((key >> 2) & 7) == 7 && !(key & 32) ? NULL : &src));
                if (((key >> 2) & 7) == 7) REQUIRE(rc != CVL_OK, rc);
            }
        }
        OUTCALL(rc, cvl_view_item_identifier(v, index_path(), &id, &found), &id);
        OUTCALL(rc, cvl_view_index_path_for_identifier(v, used && (key & 1) ? ids[key % used] : key, &ip, &found),
                &ip);
        if (u8() == 255) check(cvl_view_clear_identifiers(v));
        if (used) {
            cvl_size sz[2];
            sz[0].width = sz[1].width = dim();
            sz[0].height = (key & 2) ? dbl() : dim();
            sz[1].height = 44;
            check(cvl_view_set_measured_sizes_by_id(v, ids, sz, used < 2 ? used : 2));
        }
        break;
    }
    }
}

/* The view's host-space options: layout direction and display scale (hostile values must fail
** and change nothing), and a layout's flips flag. The queries that follow run mirrored and
** snapped. */
static void op_host_space(cvl_view *v) {
    int rc, lslot;
    int32_t d0 = -7, d1 = -7, f0 = -7, f1 = -7;
    double s0 = -7, s1 = -7;
    uint8_t b = u8();
    cvl_layout *l = pick_layout(&lslot);
    int32_t dir = b < 240 ? (int32_t)(b & 1) : (int32_t)u64();
    double scale = (b & 6) == 6 ? dbl() : (double)((b >> 1) & 3);
    int32_t flips = (b & 0x38) == 0x38 ? (int32_t)u64() : (int32_t)((b >> 3) & 1);
    rc = check(cvl_view_get_layout_direction(v, &d0));
    if (rc == CVL_OK) REQUIRE(d0 == CVL_LAYOUT_DIRECTION_LTR || d0 == CVL_LAYOUT_DIRECTION_RTL, (int)d0);
    rc = check(cvl_view_set_layout_direction(v, dir));
    if (rc == CVL_OK) REQUIRE(dir == 0 || dir == 1, (int)dir);
    if (check(cvl_view_get_layout_direction(v, &d1)) == CVL_OK && d0 != -7)
        REQUIRE(d1 == (rc == CVL_OK ? dir : d0), (int)d1);
    check(cvl_view_get_layout_direction(v, NULL));
    rc = check(cvl_view_get_display_scale(v, &s0));
    rc = check(cvl_view_set_display_scale(v, scale));
    if (rc == CVL_OK) REQUIRE(scale >= 0 && scale <= 1.7976931348623157e308, rc);
    if (check(cvl_view_get_display_scale(v, &s1)) == CVL_OK && s0 != -7)
        REQUIRE(rc == CVL_OK ? s1 == scale : s1 == s0, rc);
    check(cvl_view_get_display_scale(v, NULL));
    check(cvl_layout_get_flips_horizontally(l, &f0));
    rc = check(cvl_layout_set_flips_horizontally(l, flips));
    if (check(cvl_layout_get_flips_horizontally(l, &f1)) == CVL_OK && f0 != -7)
        REQUIRE(f1 == (rc == CVL_OK ? flips : f0), (int)f1);
    check(cvl_layout_get_flips_horizontally(l, NULL));
}

static void op_view_setter(uint8_t which) {
    int slot, rc;
    cvl_view *v = pick_view(&slot);
    switch (which % 12) {
    case 0: {
        cvl_size s;
        if (which >= 228) { /* display scale: 0 (off), 1 ... 3, or hostile (NaN, infinite, negative) */
            double scale = (u8() & 1) ? dbl() : (double)(u8() % 4);
            check(cvl_view_set_display_scale(v, scale));
            check(cvl_view_get_display_scale(v, (which & 1) ? &scale : NULL));
            break;
        }
        s.width = (u8() & 1) ? dbl() : dim();
        s.height = (u8() & 1) ? dbl() : dim();
        check(cvl_view_set_bounds_size(v, s));
        break;
    }
    case 1: {
        cvl_point p;
        p.x = (u8() & 1) ? dbl() : dim();
        p.y = (u8() & 1) ? dbl() : dim() * 3;
        check(cvl_view_set_content_offset(v, p));
        break;
    }
    case 2:
        if (which >= 230) { /* the bulk count source set, or removed (NULL, a NULL function) */
            cvl_item_counts_source src;
            uint8_t how = u8();
            src.context = slot >= 0 ? views[slot].ds : NULL;
            src.item_counts = how % 3 == 0 || !src.context ? NULL : ds_all_items;
            check(cvl_view_set_item_counts_source(v, how % 3 == 1 ? NULL : &src));
        }
        rc = check(cvl_view_reload_data(v));
        if (rc == CVL_OK && depth == 0) check_counts(slot);
        break;
    case 3: {
        cvl_index_path ips[4];
        size_t n = u8() % 5, i;
        uint32_t flags = (u8() & 7) == 7 ? (uint32_t)u64() : (uint32_t)(u8() & 31);
        for (i = 0; i < n && i < 4; i++) ips[i] = index_path();
        check(cvl_view_invalidate_layout(v, flags, (n && u8() == 255) ? NULL : ips, n > 4 ? 4 : n));
        break;
    }
    case 4: {
        double t = 0;
        uint8_t b = u8();
        if (b < 200 && cvl_view_get_time(v, &t) == CVL_OK) t += (double)(b % 20) * 0.05;
        else t = dbl();
        check(cvl_view_set_time(v, t));
        break;
    }
    case 5:
        /* The higher part of `which` picks a variant, so inputs that chose another case decode
        ** as before. */
        if ((which / 12) % 3 == 1) { /* animated layout changes (a UIView animation block) */
            cvl_animation an = animation();
            uint8_t b = u8();
            check(cvl_view_begin_animated_changes(v, b == 255 ? NULL : &an));
            if (b & 1) {
                cvl_size s;
                s.width = (b & 2) ? dbl() : dim();
                s.height = dim();
                check(cvl_view_set_bounds_size(v, s));
            } else {
                check(cvl_view_invalidate_layout(v, (uint32_t)(b & 31), NULL, 0));
            }
            if (b & 4) check(cvl_view_set_time(v, dbl()));
            if (!(b & 8)) check(cvl_view_commit_animated_changes(v)); /* else left open for later calls */
        } else if ((which / 12) % 3 == 2) {
            check(cvl_view_commit_animated_changes(v)); /* often without an open block: CVL_ERROR_STATE */
        } else {
            check(cvl_view_finish_animations(v));
        }
        break;
    case 6: {
        cvl_point out;
        cvl_index_path ip = index_path();
        uint32_t pos = u8() < 240 ? (uint32_t)(u8() & 63) : (uint32_t)u64();
        if ((which / 12) & 1) { /* animated scroll: hostile curves, NULL animation and output */
            cvl_animation an = animation();
            uint8_t b = u8();
            if (b & 1) {
                check(cvl_view_scroll_to_item_animated(v, ip, pos, (b & 2) ? NULL : &an, NULL));
            } else {
                OUTCALL(rc, cvl_view_scroll_to_item_animated(v, ip, pos, (b & 2) ? NULL : &an, &out), &out);
            }
        } else if (u8() & 1) {
            check(cvl_view_scroll_to_item(v, ip, pos, NULL));
        } else {
            OUTCALL(rc, cvl_view_scroll_to_item(v, ip, pos, &out), &out);
        }
        break;
    }
    case 7: { /* layout switch */
        int lslot;
        cvl_layout *l = pick_layout(&lslot);
        cvl_animation an = animation();
        check(cvl_view_set_layout(v, l, (u8() & 1) ? &an : NULL));
        break;
    }
    case 8: { /* scroll anchoring: known and unknown policies, hostile points */
        cvl_point p, out;
        int32_t pol;
        uint8_t b;
        if (which >= 240) { /* (a variant the older inputs rarely chose) right-to-left and snapping */
            op_host_space(v);
            break;
        }
        b = u8();
        p.x = (b & 0x10) ? dbl() : dim();
        p.y = (b & 0x20) ? dbl() : dim();
        check(cvl_view_set_anchoring(v, b < 250 ? (int32_t)(b % 4) : (int32_t)u64(), p));
        OUTCALL(rc, cvl_view_get_anchoring(v, &pol, &out), &pol);
        if (rc == CVL_OK) REQUIRE(pol >= CVL_ANCHOR_NONE && pol <= CVL_ANCHOR_END, (int)pol);
        break;
    }
    case 9: op_identifiers(v, slot); break;
    case 10: { /* self-sizing: measured sizes (some outside the counts, some hostile) */
        cvl_index_path ips[6];
        cvl_size sz[6];
        /* 0..6 paths, or (the last four byte values, which gave 0..3 before this case was
        ** reachable) 7: a count beyond the limit. */
        uint8_t nb = u8();
        size_t n = nb >= 252 ? 7 : nb % 7, i;
        for (i = 0; i < n && i < 6; i++) {
            ips[i] = index_path();
            sz[i].width = (u8() & 7) == 7 ? dbl() : dim();
            sz[i].height = (u8() & 7) == 7 ? dbl() : dim();
        }
        if (n > 6) { /* a count beyond the header's limit, checked before reading: must fail */
            uint64_t c = u64();
            size_t count = c > CVL_MAX_STORED_ITEMS ? (size_t)c : (size_t)(CVL_MAX_STORED_ITEMS + 1 + c);
            rc = check(cvl_view_set_measured_sizes(v, ips, sz, count));
            REQUIRE(rc != CVL_OK, rc);
        } else {
            check(cvl_view_set_measured_sizes(v, (n && u8() == 255) ? NULL : ips, sz, n));
        }
        {
            cvl_index_path out[8];
            size_t cnt = 0, cap = u8() % 9;
            cvl_rect r = rect();
            rc = check(cvl_view_items_to_measure(v, r, out, cap, &cnt)); /* CAPACITY writes the count */
            if (rc == CVL_OK) REQUIRE(cnt <= cap, (int)cnt);
        }
        if (n == 2 || n == 4) { /* measurements forgotten: all of them (section -1; with a start
                                 ** too, refused) or a range from the first path, hostile or not */
            size_t cleared;
            int64_t sec = n == 2 ? -1 : ips[0].section, start = n == 4 || (ips[1].item & 16) ? ips[0].item : 0;
            int64_t count = n == 2 ? 0 : ips[1].item;
            fill(&cleared, sizeof cleared);
            rc = check(cvl_view_clear_measured_sizes(v, sec, start, count, (ips[1].item & 8) ? NULL : &cleared));
            if (rc != CVL_OK) REQUIRE(untouched(&cleared, sizeof cleared), rc);
        }
        { /* where scroll_to_item would land: its arguments come from the bytes read above (the
          ** first measured index path; a position, capacity and buffer by the count), so inputs
          ** decode as before. No item path: a count-only call (NULL, capacity 0); five: NULL
          ** with a capacity, refused. */
            static const uint32_t positions[] = {
                CVL_SCROLL_POSITION_NONE, CVL_SCROLL_POSITION_TOP, CVL_SCROLL_POSITION_CENTERED_VERTICALLY,
                CVL_SCROLL_POSITION_BOTTOM, CVL_SCROLL_POSITION_LEFT, CVL_SCROLL_POSITION_CENTERED_HORIZONTALLY,
                CVL_SCROLL_POSITION_RIGHT, CVL_SCROLL_POSITION_TOP | CVL_SCROLL_POSITION_RIGHT,
                CVL_SCROLL_POSITION_TOP | CVL_SCROLL_POSITION_BOTTOM /* two vertical: refused */, 1u << 20,
            };
            cvl_index_path out[8], *buf, ip = {0, 0};
            size_t cnt, cap = (n * 3) % 9;
            uint32_t pos;
            if (n) ip = ips[0];
            buf = n == 0 || (n == 5 && (ip.item & 4)) ? NULL : out;
            fill(out, sizeof out);
            fill(&cnt, sizeof cnt);
            /* (n = 7, the count beyond the limit, wraps round to the first positions) */
            pos = positions[(n + (size_t)(ip.item & 3)) % (sizeof positions / sizeof *positions)];
            rc = check(cvl_view_items_to_measure_for_scroll(v, ip, pos, buf, cap, &cnt));
            if (rc == CVL_OK) {
                REQUIRE(buf == NULL ? cap == 0 : cnt <= cap, (int)cnt);
            } else if (rc == CVL_ERROR_CAPACITY) {
                REQUIRE(cnt > cap && untouched(out, sizeof out), rc);
            } else {
                REQUIRE(untouched(&cnt, sizeof cnt) && untouched(out, sizeof out), rc);
            }
        }
        break;
    }
    default: { /* the data source changes its answers without telling the view */
        if (slot >= 0 && views[slot].ds && depth == 0) decode_model(views[slot].ds);
        break;
    }
    }
    (void)rc;
}

static void op_query(uint8_t which) {
    int slot, rc;
    cvl_view *v = pick_view(&slot);
    switch (which % 10) {
    case 0: case 1: {
        size_t cap = u8() % 40, n;
        cvl_attributes *buf = NULL, *out;
        uint8_t form = u8();
        cvl_rect r = rect();
        if (form < 40) cap = 0;
        if (cap) buf = malloc(cap * sizeof *buf);
        if (cap && !buf) break;
        if (buf) fill(buf, cap * sizeof *buf);
        fill(&n, sizeof n);
        out = (form & 1) && cap ? NULL : buf;
        /* form bit 1: the compact records (cvl_element is smaller: the same buffer holds cap);
        ** bit 2 (visible queries): scrolled to a point first, in the same call (the _at forms). */
        cvl_point at;
        at.x = (form & 8) ? dbl() : dim();
        at.y = (form & 16) ? dbl() : dim();
        if (form & 2)
            rc = which % 10 == 0 ? check(cvl_view_elements_in_rect(v, r, (cvl_element *)(void *)out, cap, &n))
                 : (form & 4)    ? check(cvl_view_visible_elements_at(v, at, (cvl_element *)(void *)out, cap, &n))
                                 : check(cvl_view_visible_elements(v, (cvl_element *)(void *)out, cap, &n));
        else if (which % 10 == 0)
            rc = check(cvl_view_attributes_in_rect(v, r, out, cap, &n));
        else if (form & 4)
            rc = check(cvl_view_visible_attributes_at(v, at, out, cap, &n));
        else
            rc = check(cvl_view_visible_attributes(v, out, cap, &n));
        if (rc == CVL_OK) {
            REQUIRE(out == NULL ? cap == 0 : n <= cap, rc); /* NULL with a capacity is an error */
        } else if (rc == CVL_ERROR_CAPACITY) {
            REQUIRE(n > cap, rc);
            if (buf) REQUIRE(untouched(buf, cap * sizeof *buf), rc);
        } else {
            REQUIRE(untouched(&n, sizeof n), rc);
            if (buf) REQUIRE(untouched(buf, cap * sizeof *buf), rc);
        }
        free(buf);
        break;
    }
    case 2: {
        cvl_attributes a;
        int found;
        int32_t cat = (int32_t)(u8() % 4), kind = (int32_t)(u8() % 6);
        if (kind == 5) kind = CVL_KIND_FIRST_CUSTOM;
        fill(&found, sizeof found);
        OUTCALL(rc, cvl_view_attributes_for_element(v, cat, kind, index_path(), &a, &found), &a);
        if (rc != CVL_OK) REQUIRE(untouched(&found, sizeof found), rc);
        else REQUIRE(found == 0 || found == 1, found);
        break;
    }
    case 3: {
        cvl_attributes a;
        int found;
        OUTCALL(rc, cvl_view_attributes_for_item(v, index_path(), &a, &found), &a);
        if (rc == CVL_OK) REQUIRE(found == 0 || found == 1, found);
        break;
    }
    case 4: {
        cvl_index_path ip;
        int found;
        cvl_point p;
        p.x = (u8() & 1) ? dbl() : dim();
        p.y = (u8() & 1) ? dbl() : dim();
        OUTCALL(rc, cvl_view_index_path_at_point(v, p, &ip, &found), &ip);
        break;
    }
    case 5: {
        cvl_point p, vel, out;
        p.x = dbl();
        p.y = dbl();
        vel.x = dbl();
        vel.y = (u8() & 1) ? dbl() : 0;
        OUTCALL(rc, cvl_view_target_content_offset(v, p, vel, &out), &out);
        break;
    }
    case 6: {
        cvl_size s;
        int64_t k;
        OUTCALL(rc, cvl_view_content_size(v, &s), &s);
        OUTCALL(rc, cvl_view_number_of_sections(v, &k), &k);
        OUTCALL(rc, cvl_view_number_of_items(v, (int64_t)(u8() % 6) - 1, &k), &k);
        {
            /* Every count in one call: the same as section by section; too small a buffer is
            ** untouched and told the size. No input byte is read, so inputs decode as before. */
            int64_t all[4], one;
            size_t m, s;
            fill(all, sizeof all);
            fill(&m, sizeof m);
            rc = check(cvl_view_item_counts(v, all, 4, &m));
            if (rc == CVL_OK) {
                REQUIRE(m <= 4, rc);
                for (s = 0; s < m; s++)
                    REQUIRE(cvl_view_number_of_items(v, (int64_t)s, &one) == CVL_OK && one == all[s], rc);
            }
            if (rc == CVL_ERROR_CAPACITY) REQUIRE(m > 4 && untouched(all, sizeof all), rc);
        }
        break;
    }
    case 7: {
        cvl_update_item items[4];
        size_t n, cap = u8() % 5;
        fill(items, sizeof items);
        fill(&n, sizeof n);
        rc = check(cvl_view_last_update_items(v, cap ? items : NULL, cap, &n));
        if (rc == CVL_OK && cap) REQUIRE(n <= cap, rc);
        if (rc == CVL_ERROR_CAPACITY) REQUIRE(n > cap && untouched(items, sizeof items), rc);
        break;
    }
    case 8: {
        cvl_index_path out;
        int exists;
        int32_t dir = (int32_t)(u8() % 3);
        OUTCALL(rc, cvl_view_map_index_path(v, dir, index_path(), &out, &exists), &out);
        break;
    }
    default: {
        cvl_size s;
        cvl_point p;
        double t;
        int an;
        OUTCALL(rc, cvl_view_get_bounds_size(v, &s), &s);
        OUTCALL(rc, cvl_view_get_content_offset(v, &p), &p);
        OUTCALL(rc, cvl_view_get_time(v, &t), &t);
        OUTCALL(rc, cvl_view_is_animating(v, &an), &an);
        if (rc == CVL_OK) REQUIRE(an == 0 || an == 1, an);
        break;
    }
    }
}

/* Answers of the grid's and the waterfall's callbacks, decoded when they are set: mostly valid,
** at times a span of 0 or wider than any column count, a NaN or negative extent, a flag of 2, a
** column count past the limit, or a failing callback. The layout checks every answer. */
static struct {
    int32_t spans[8], flags[8];
    double extents[8];
    int64_t columns;
    double min_width;
    int fail;
} fz_answers;
static void fz_decode_answers(void) {
    int i;
    for (i = 0; i < 8; i++) {
        uint8_t b = u8();
        fz_answers.spans[i] = b < 240 ? 1 + b % 4 : b < 250 ? (int32_t)(b % 3) - 1 : (int32_t)u64();
        fz_answers.flags[i] = b < 200 ? 0 : b < 250 ? 1 : b;
        fz_answers.extents[i] = (b & 3) == 3 ? dbl() : dim();
    }
    uint8_t c = u8();
    fz_answers.columns = c < 250 ? (int64_t)(c % 6) : (int64_t)u64();
    fz_answers.min_width = (c & 3) == 3 ? dbl() : 0;
    fz_answers.fail = u8() == 255;
}
static int fz_span(void *ctx, cvl_index_path ip, int32_t *out) {
    (void)ctx;
    *out = fz_answers.spans[(uint64_t)ip.item % 8];
    return fz_answers.fail ? 3 : 0;
}
static int fz_flag(void *ctx, cvl_index_path ip, int32_t *out) {
    (void)ctx;
    *out = fz_answers.flags[(uint64_t)ip.item % 8];
    return fz_answers.fail ? 3 : 0;
}
static int fz_extent(void *ctx, cvl_index_path ip, double *out) {
    (void)ctx;
    *out = fz_answers.extents[(uint64_t)ip.item % 8];
    return 0;
}
static int fz_grid_columns(void *ctx, int64_t section, cvl_grid_section_columns *out) {
    (void)ctx;
    (void)section;
    out->columns = fz_answers.columns;
    out->minimum_column_width = fz_answers.min_width;
    return 0;
}
static int fz_waterfall_columns(void *ctx, int64_t section, cvl_waterfall_section_columns *out) {
    (void)ctx;
    (void)section;
    out->columns = fz_answers.columns;
    out->minimum_column_width = fz_answers.min_width;
    return 0;
}

/* The span grid's bulk data: spans (1 ... 4 mostly; 0, negative or any 32 bits at times), extents
** (plausible or hostile doubles), per-section column entries, whole or by range edits, NULL
** arrays with counts. The grid checks everything; an error changes nothing (later queries and the
** invariants of run_one_op's checks see the same frames). */
static void grid_op(cvl_layout *l) {
    uint8_t m = u8();
    int64_t s = (u8() & 7) == 7 ? (int64_t)u64() : (int64_t)(u8() % 6);
    int64_t start = (u8() & 7) == 7 ? (int64_t)u64() : (int64_t)(u8() % 40);
    size_t rm = (u8() & 7) == 7 ? (size_t)u64() : (size_t)(u8() % 8), n = u8() % 40, i;
    int32_t spans[40];
    double extents[40];
    cvl_grid_section_columns cols[8];
    int null = n && u8() == 255;
    for (i = 0; i < n; i++) {
        uint8_t b = u8();
        spans[i] = b < 240 ? 1 + b % 4 : b < 250 ? (int32_t)(b % 3) - 1 : (int32_t)u64();
        extents[i] = (b & 3) == 3 ? dbl() : dim();
    }
    switch (m % 7) {
    case 6: { /* answers by callback, each function present or not, or none at all */
        uint8_t which = u8();
        cvl_grid_callbacks cb = {NULL, (which & 1) ? fz_span : NULL, (which & 2) ? fz_extent : NULL,
                                 (which & 4) ? fz_grid_columns : NULL};
        fz_decode_answers();
        check(cvl_grid_layout_set_callbacks(l, (which & 8) ? NULL : &cb));
        break;
    }
    case 0: check(cvl_grid_layout_set_item_spans(l, s, null ? NULL : spans, n)); break;
    case 1: check(cvl_grid_layout_replace_item_spans(l, s, start, rm, null ? NULL : spans, n % 9)); break;
    case 2: check(cvl_grid_layout_set_item_extents(l, s, null ? NULL : extents, n)); break;
    case 3: check(cvl_grid_layout_replace_item_extents(l, s, start, rm, null ? NULL : extents, n % 9)); break;
    case 4:
        for (i = 0; i < 8; i++) {
            uint8_t b = u8();
            cols[i].columns = b < 250 ? (int64_t)(b % 6) : (int64_t)u64();
            cols[i].minimum_column_width = (b & 3) == 3 ? ((b & 4) ? dbl() : dim()) : 0;
        }
        check(cvl_grid_layout_set_section_columns(l, null ? NULL : cols, n % 9));
        break;
    default: /* every section's spans and extents removed */
        check(cvl_grid_layout_set_item_spans(l, s, NULL, 0));
        check(cvl_grid_layout_set_item_extents(l, s, NULL, 0));
        break;
    }
}

/* The waterfall's bulk data: full-span flags (0 or 1 mostly; any byte at times), extents
** (plausible or hostile doubles), per-section column entries, whole or by range edits, NULL
** arrays with counts. An error changes nothing; a flags or extents array whose length is not
** its section's count fails the next layout cycle, the previous frames kept. */
static void waterfall_op(cvl_layout *l) {
    uint8_t m = u8();
    int64_t s = (u8() & 7) == 7 ? (int64_t)u64() : (int64_t)(u8() % 6);
    int64_t start = (u8() & 7) == 7 ? (int64_t)u64() : (int64_t)(u8() % 40);
    size_t rm = (u8() & 7) == 7 ? (size_t)u64() : (size_t)(u8() % 8), n = u8() % 40, i;
    uint8_t flags[40];
    double extents[40];
    cvl_waterfall_section_columns cols[8];
    int null = n && u8() == 255;
    for (i = 0; i < n; i++) {
        uint8_t b = u8();
        flags[i] = b < 200 ? 0 : b < 250 ? 1 : b;
        extents[i] = (b & 3) == 3 ? dbl() : dim();
    }
    switch (m % 7) {
    case 6: { /* answers by callback, each function present or not, or none at all */
        uint8_t which = u8();
        cvl_waterfall_callbacks cb = {NULL, (which & 1) ? fz_flag : NULL, (which & 2) ? fz_extent : NULL,
                                      (which & 4) ? fz_waterfall_columns : NULL};
        fz_decode_answers();
        check(cvl_waterfall_layout_set_callbacks(l, (which & 8) ? NULL : &cb));
        break;
    }
    case 0: check(cvl_waterfall_layout_set_full_spans(l, s, null ? NULL : flags, n)); break;
    case 1: check(cvl_waterfall_layout_replace_full_spans(l, s, start, rm, null ? NULL : flags, n % 9)); break;
    case 2: check(cvl_waterfall_layout_set_extents(l, s, null ? NULL : extents, n)); break;
    case 3: check(cvl_waterfall_layout_replace_extents(l, s, start, rm, null ? NULL : extents, n % 9)); break;
    case 4:
        for (i = 0; i < 8; i++) {
            uint8_t b = u8();
            cols[i].columns = b < 250 ? (int64_t)(b % 6) : (int64_t)u64();
            cols[i].minimum_column_width = (b & 3) == 3 ? ((b & 4) ? dbl() : dim()) : 0;
        }
        check(cvl_waterfall_layout_set_section_columns(l, null ? NULL : cols, n % 9));
        break;
    default: /* the section's flags and extents removed */
        check(cvl_waterfall_layout_set_full_spans(l, s, NULL, 0));
        check(cvl_waterfall_layout_set_extents(l, s, NULL, 0));
        break;
    }
}

static void op_layout_setter(uint8_t which) {
    int slot, rc;
    cvl_layout *l = pick_layout(&slot);
    layout_ctx *g = slot >= 0 ? layouts[slot].ctx : NULL;
    if (g && l && g->kind == CVL_LAYOUT_COMPOSITIONAL) { /* its own setters (no input decoded so before) */
        comp_setters(l);
        return;
    }
    switch (which % 15) {
    case 0: {
        cvl_flow_config c;
        cvl_flow_config_default(&c);
        c.scroll_direction = (int32_t)(u8() % 3);
        c.section_headers_pin_to_visible_bounds = u8() % 2;
        c.section_footers_pin_to_visible_bounds = u8() % 2;
        c.reserved = u8() == 255;
        c.item_size.width = dim();
        c.item_size.height = dim();
        c.minimum_line_spacing = (u8() & 1) ? dbl() : dim() - 60;
        c.minimum_interitem_spacing = (u8() & 1) ? dbl() : dim();
        c.section_inset.top = dim();
        c.section_inset.left = (u8() & 1) ? dbl() : 0;
        c.section_inset.bottom = dim() - 100;
        c.section_inset.right = 0;
        c.header_reference_size.width = c.header_reference_size.height = dim();
        c.footer_reference_size.width = c.footer_reference_size.height = (u8() & 1) ? dim() : 0;
        /* Alignment options: one value past each group's last constant, reserved2 rarely set. */
        c.line_alignment = (int32_t)(u8() % 5);
        c.last_line_alignment = (int32_t)(u8() % 6);
        c.item_alignment = (int32_t)(u8() % 4);
        c.reserved2 = u8() == 254;
        check(cvl_flow_layout_set_config(l, &c));
        break;
    }
    case 1: {
        cvl_flow_config c;
        OUTCALL(rc, cvl_flow_layout_get_config(l, &c), &c);
        break;
    }
    case 2: {
        cvl_flow_delegate fd;
        uint8_t m = u8();
        memset(&fd, 0, sizeof fd);
        fd.context = g;
        if (g) {
            if (m & 1) fd.size_for_item = fd_size;
            if (m & 2) fd.inset_for_section = fd_inset;
            if (m & 4) fd.minimum_line_spacing_for_section = fd_spacing;
            if (m & 8) fd.minimum_interitem_spacing_for_section = fd_spacing;
            if (m & 16) fd.header_size_for_section = fd_header;
            if (m & 32) fd.footer_size_for_section = fd_header;
        }
        check(cvl_flow_layout_set_delegate(l, (m & 64) ? NULL : &fd));
        break;
    }
    case 3: {
        int64_t s = (u8() & 7) == 7 ? (int64_t)u64() : (int64_t)(u8() % 6);
        size_t n = u8() % 40, i;
        cvl_size *sizes = n ? malloc(n * sizeof *sizes) : NULL;
        if (n && !sizes) break;
        for (i = 0; i < n; i++) {
            sizes[i].width = (u8() & 3) == 3 ? dbl() : dim();
            sizes[i].height = dim();
        }
        check(cvl_flow_layout_set_item_sizes(l, s, sizes, n));
        free(sizes);
        break;
    }
    case 4: check(cvl_flow_layout_clear_item_sizes(l)); break;
    case 5: {
        cvl_rect r;
        OUTCALL(rc, cvl_flow_layout_item_frame(l, index_path(), &r), &r);
        OUTCALL(rc, cvl_flow_layout_section_frame(l, (int64_t)(u8() % 7) - 1, &r), &r);
        break;
    }
    case 6: {
        int32_t k, t;
        static const char *names[] = {"band", "header", "footer", "", "x", "\xff", "connector"};
        char longname[300];
        uint8_t b = u8();
        const char *name = b < 240 ? names[b % 7] : (b & 1) ? NULL : longname;
        memset(longname, 'k', sizeof longname - 1);
        longname[sizeof longname - 1] = 0;
        OUTCALL(rc, cvl_layout_register_kind(l, name, &k), &k);
        if (rc == CVL_OK) REQUIRE(k >= 0, (int)k);
        OUTCALL(rc, cvl_layout_get_type(l, &t), &t);
        if (rc == CVL_OK) REQUIRE(t >= CVL_LAYOUT_FLOW && t <= CL_LAST_LAYOUT_TYPE, (int)t);
        break;
    }
    case 7: {
        int32_t m;
        check(cvl_dimensions_layout_set_mode(l, (int32_t)(u8() % 3) - (u8() == 255 ? 5 : 0)));
        OUTCALL(rc, cvl_dimensions_layout_get_mode(l, &m), &m);
        check(cvl_dimensions_layout_set_mode_callback(l, (u8() & 1) && g ? dims_mode : NULL, g));
        break;
    }
    case 8: {
        cvl_mosaic_config c;
        c.padding = (u8() & 1) ? dbl() : 10;
        c.column_width = (u8() & 1) ? dbl() : 0;
        c.row_height = (u8() & 1) ? dbl() : 0;
        c.large_cell_width = (u8() & 3) == 3 ? dbl() : 0;
        c.large_cell_height = (u8() & 3) == 3 ? dbl() : 0;
        c.medium_cell_height = (u8() & 3) == 3 ? dbl() : 0;
        check(cvl_mosaic_layout_set_config(l, &c));
        OUTCALL(rc, cvl_mosaic_layout_get_config(l, &c), &c);
        break;
    }
    case 9: {
        cvl_tree_config c;
        cvl_tree_config_default(&c);
        c.item_size.width = dim();
        c.item_size.height = (u8() & 1) ? dbl() : dim();
        c.insets.top = (u8() & 3) == 3 ? dbl() : 5;
        c.insets.left = 5;
        check(cvl_tree_layout_set_config(l, &c));
        OUTCALL(rc, cvl_tree_layout_get_config(l, &c), &c);
        break;
    }
    case 10:
        if ((which / 15) & 1) { /* Cover Flow's constants (on any layout: other kinds are refused) */
            cvl_cover_flow_params c;
            uint8_t b = u8();
            check(cvl_cover_flow_params_default(b == 255 ? NULL : &c));
            if (b == 255) check(cvl_cover_flow_params_default(&c));
            if (b & 1) c.active_distance = dbl();
            if (b & 2) c.translate_distance = dbl();
            if (b & 4) c.zoom_factor = dbl();
            if (b & 8) c.flow_offset = dbl();
            if (b & 16) c.inactive_grey_value = dbl();
            if (b & 32) c.maximum_angle = dbl();
            if (b & 64) c.perspective_factor = dbl();
            if (b & 128) {
                uint8_t d = u8();
                c.derive_insets = d < 250 ? (int32_t)(d % 3) : (int32_t)u64();
                c.reserved = d == 249 ? 1 : 0;
            }
            rc = check(cvl_cover_flow_layout_set_params(l, u8() == 255 ? NULL : &c));
            if (rc == CVL_ERROR_INVALID_ARGUMENT && depth == 0) {
                /* A host that corrects its values and its target (no byte read, so inputs decode as
                ** before): each value folded into its range, set on this layout if it is Cover
                ** Flow, else on the first Cover Flow slot: accepted, so set_params also succeeds
                ** with values other than the defaults (hostile doubles alone rarely are). */
                int k, cf = g && layouts[slot].h == l && g->kind == CVL_LAYOUT_COVER_FLOW ? slot : -1;
                for (k = 0; k < NL && cf < 0; k++)
                    if (layouts[k].h && layouts[k].ctx && layouts[k].ctx->kind == CVL_LAYOUT_COVER_FLOW) cf = k;
                c.active_distance = fold(c.active_distance, 1e-9, 1e12, 100);
                c.translate_distance = fold(c.translate_distance, 1e-9, 1e12, 100);
                c.zoom_factor = fold(c.zoom_factor, 0, 1e12, 0.2);
                c.flow_offset = fold(c.flow_offset, -1e12, 1e12, 40);
                c.inactive_grey_value = fold(c.inactive_grey_value, 0, 1, 0.6);
                c.maximum_angle = fold(c.maximum_angle, 0, 1.5707963267948966, 0.7853981633974483);
                c.perspective_factor = fold(c.perspective_factor, 1e-9, 1e12, 4.6777);
                c.derive_insets = c.derive_insets & 1;
                c.reserved = 0;
                if (cf >= 0) {
                    rc = check(cvl_cover_flow_layout_set_params(layouts[cf].h, &c));
                    REQUIRE(rc == CVL_OK, rc);
                }
            }
            OUTCALL(rc, cvl_cover_flow_layout_get_params(l, &c), &c);
            if (rc == CVL_OK) REQUIRE(c.derive_insets == 0 || c.derive_insets == 1, (int)c.derive_insets);
        } else {
            cvl_size s;
            s.width = dim();
            s.height = (u8() & 1) ? dbl() : dim();
            check(cvl_circle_layout_set_item_size(l, s));
            OUTCALL(rc, cvl_circle_layout_get_item_size(l, &s), &s);
        }
        break;
    case 11: { /* a row of the table (which / 15 picks it), its fields by offset and type, on any layout */
        const cl_row *row = table_row((unsigned)(which / 15));
        cl_any_config c;
        uint8_t b = u8();
        size_t i;
        int first_double;
        memset(&c, 0, sizeof c);
        if (row->config_default) {
            check_call(row->config_default(b == 255 ? NULL : &c), row->config_default_name);
            if (b == 255) check_call(row->config_default(&c), row->config_default_name);
        }
        /* The first field always, each other one when its bit of b (1 to 7, in turn) is set: an
        ** integer from b (the first; small, or any 64 bits from b >= 200) or from a byte of its own,
        ** a double plausible or, for an odd b, hostile (and then the first double always). Read so
        ** that the waterfall's inputs decode as they did with its own case before the table. */
        for (i = 0, first_double = 1; i < row->nfields; i++) {
            const cl_field *f = &row->fields[i];
            char *at = (char *)&c + f->offset;
            int chosen = i > 0 && ((b >> ((i - 1) % 7 + 1)) & 1);
            if (f->type == CL_DOUBLE) {
                double v;
                if ((b & 1) && first_double) v = dbl();
                else if (chosen) v = (b & 1) ? dbl() : dim();
                else {
                    first_double = 0;
                    continue;
                }
                first_double = 0;
                memcpy(at, &v, sizeof v);
            } else if (i == 0 || chosen) {
                uint8_t n = i == 0 ? b : u8();
                int64_t v = n < 200 ? (int64_t)(n % 6) : (int64_t)u64();
                if (f->type == CL_INT32) {
                    int32_t v32 = (int32_t)v;
                    memcpy(at, &v32, sizeof v32);
                } else {
                    memcpy(at, &v, sizeof v);
                }
            }
        }
        rc = check_call(row->set_config(l, b == 255 ? NULL : &c), row->set_config_name);
        /* Only a layout of the row's kind takes its config (the flow's also works on its subclasses). */
        if (rc == CVL_OK && row->type != CVL_LAYOUT_FLOW) REQUIRE(g && g->kind == row->type, rc);
        fill(&c, sizeof c);
        rc = check_call(row->get_config(l, &c), row->get_config_name);
        if (rc != CVL_OK) REQUIRE(untouched(&c, sizeof c), rc);
        break;
    }
    case 12: { /* range edit of bulk sizes; on a span grid or a waterfall, its own bulk data (grid_op, waterfall_op) */
        cvl_size sizes[8];
        if (g && g->kind == CVL_LAYOUT_GRID) {
            grid_op(l);
            break;
        }
        if (g && g->kind == CVL_LAYOUT_WATERFALL && (u8() & 1)) {
            waterfall_op(l);
            break;
        }
        int64_t s = (u8() & 7) == 7 ? (int64_t)u64() : (int64_t)(u8() % 6);
        int64_t start = (u8() & 7) == 7 ? (int64_t)u64() : (int64_t)(u8() % 40);
        size_t rm = (u8() & 7) == 7 ? (size_t)u64() : (size_t)(u8() % 8), n = u8() % 9, i;
        for (i = 0; i < n; i++) {
            sizes[i].width = (u8() & 3) == 3 ? dbl() : dim();
            sizes[i].height = dim();
        }
        check(cvl_flow_layout_replace_item_sizes(l, s, start, rm, (n && u8() == 255) ? NULL : sizes, n));
        break;
    }
    case 13: {
        cvl_size s;
        s.width = (u8() & 3) == 3 ? dbl() : (u8() & 1) ? dim() : 0;
        s.height = (u8() & 3) == 3 ? dbl() : dim();
        check(cvl_flow_layout_set_estimated_item_size(l, s));
        OUTCALL(rc, cvl_flow_layout_get_estimated_item_size(l, &s), &s);
        break;
    }
    default: /* reconfigure how the layout's callbacks behave */
        if (g && depth == 0) {
            answers_changed = 1;
            decode_misbehaviour(&g->mb);
            decode_misbehaviour(&g->dmb);
            g->sizes[u8() % 4] = (u8() & 1) ? dbl() : dim();
        }
        break;
    }
}

/* Every function on a destroyed handle: CVL_ERROR_INVALID_HANDLE. */
static void op_stale(void) {
    void *h;
    int is_view, rc;
    int k;
    if (!nstale) return;
    k = u8() % (nstale < NSTALE ? nstale : NSTALE);
    h = stale[k];
    is_view = stale_is_view[k];
    if (is_view) {
        cvl_view *v = h;
        cvl_size s = {100, 100};
        cvl_point p = {0, 0};
        size_t n;
        switch (u8() % 8) {
        case 0: rc = check(cvl_view_set_bounds_size(v, s)); break;
        case 1: rc = check(cvl_view_content_size(v, &s)); break;
        case 2: rc = check(cvl_view_visible_attributes(v, NULL, 0, &n)); break;
        case 3: rc = check(cvl_view_reload_data(v)); break;
        case 4: rc = check(cvl_view_set_content_offset(v, p)); break;
        case 5: rc = check(cvl_view_perform_batch_updates(v, NULL, 0, NULL)); break;
        case 6: rc = check(cvl_view_set_layout(v, NULL, NULL)); break;
        default: rc = check(cvl_view_destroy(v)); break;
        }
    } else {
        cvl_layout *l = h;
        cvl_flow_config c;
        int32_t t;
        cvl_data_source src;
        cvl_view *v = NULL;
        ds_ctx *d;
        switch (u8() % 6) {
        case 0: rc = check(cvl_layout_get_type(l, &t)); break;
        case 1: rc = check(cvl_flow_layout_get_config(l, &c)); break;
        case 2:
            cvl_flow_config_default(&c);
            rc = check(cvl_flow_layout_set_config(l, &c));
            break;
        case 3:
            d = own(sizeof *d);
            if (!d) return;
            memset(&src, 0, sizeof src);
            src.context = d;
            src.number_of_items = ds_items;
            rc = check(cvl_view_create(&src, l, &v));
            if (rc == CVL_OK) cvl_view_destroy(v);
            break;
        case 4: {
            int slot;
            cvl_view *target = pick_view(&slot);
            if (!target || slot < 0) return;
            rc = check(cvl_view_set_layout(target, l, NULL));
            /* Inside a callback the live view may be the busy one: refusing the re-entrant call
            ** first (CVL_ERROR_STATE) is as correct as naming the stale layout. */
            if (depth > 0 && rc == CVL_ERROR_STATE) rc = CVL_ERROR_INVALID_HANDLE;
            break;
        }
        default: rc = check(cvl_layout_destroy(l)); break;
        }
    }
    REQUIRE(rc == CVL_ERROR_INVALID_HANDLE, rc);
    stale_calls++;
}

/* Functions that touch no handle. */
static void op_pure(void) {
    int rc;
    switch (u8() % 5) {
    case 0: {
        cvl_animation a = animation();
        double d;
        OUTCALL(rc, cvl_animation_total_duration(&a, &d), &d);
        if (rc == CVL_OK) REQUIRE(d >= 0 && !isnan(d), rc);
        OUTCALL(rc, cvl_animation_progress(&a, (u8() & 1) ? dbl() : (double)(u8() % 20) * 0.1, &d), &d);
        break;
    }
    case 1: {
        cvl_transform3d a, b, out;
        double *pa = &a.m11, *pb = &b.m11;
        int i;
        for (i = 0; i < 16; i++) {
            pa[i] = (i % 5 == 0) ? 1 : 0;
            pb[i] = pa[i];
        }
        for (i = 0; i < 4; i++) pb[u8() % 16] = dbl();
        if (u8() & 1) pa[u8() % 16] = dbl();
        if (u8() & 1)
            OUTCALL(rc, cvl_transform3d_interpolate(&a, &b, (u8() & 1) ? dbl() : 0.5, &out), &out);
        else {
            double f = (u8() & 1) ? dbl() : 0.5;
            OUTCALL(rc, cvl_transform3d_interpolate_rotation(&a, &b, f, (int32_t)(u8() % 3), &out), &out);
        }
        break;
    }
    case 2: {
        cvl_size img, max, out;
        img.width = dbl();
        img.height = dim();
        max.width = dim();
        max.height = dbl();
        OUTCALL(rc, cvl_aspect_fit_size(img, max, &out), &out);
        break;
    }
    case 3: {
        size_t off;
        static const char *s[] = {"cvl_attributes", "cvl_rect", "nope", ""};
        static const char *f[] = {"alpha", "frame", "frame.x", "", "custom"};
        OUTCALL(rc, cvl_abi_field_offset(s[u8() % 4], f[u8() % 5], &off), &off);
        OUTCALL(rc, cvl_abi_struct_size(s[u8() % 4], &off), &off);
        break;
    }
    default: {
        uint32_t v;
        OUTCALL(rc, cvl_version(&v), &v);
        REQUIRE(cvl_status_string(u8() - 2) != NULL, 0);
        break;
    }
    }
}

static void op_set_reentry(void) {
    /* Make a view's data source call back in. */
    int slot = u8() % NV, i;
    if (depth > 0 || !views[slot].ds) return;
    views[slot].ds->mb.re.on = u8() & 1;
    for (i = 0; i < REPLAY; i++) views[slot].ds->mb.re.bytes[i] = u8();
}

static void run_one_op(void) {
    uint8_t op = u8();
    world w;
    int compare = depth == 0 && (op & 0x80);
    if (compare) take_world(&w);
    if (depth == 0) calls_in_op = ok_in_op = 0;
    switch (op % 16) {
    case 0: op_create_layout(); break;
    case 1: op_destroy_layout(); break;
    case 2: op_create_view(); break;
    case 3: op_destroy_view(); break;
    case 4: case 5: op_view_setter(u8()); break;
    case 6: case 7: case 8: op_query(u8()); break;
    case 9: op_batch(1); break;
    case 10: op_batch(0); break;
    case 11: case 12: op_layout_setter(u8()); break;
    case 13: op_stale(); break;
    case 14: op_pure(); break;
    default: op_set_reentry(); break;
    }
    /* Nothing changes on error: checked when every call of the operation failed. */
    if (compare && calls_in_op > 0 && ok_in_op == 0) compare_world(&w, -1);
}

static void teardown(void) {
    int i;
    depth = 0;
    quiet = 1; /* no re-entrant calls while tearing down */
    for (i = 0; i < NV; i++)
        if (views[i].h) {
            int rc = check(cvl_view_destroy(views[i].h));
            REQUIRE(rc == CVL_OK, rc);
            views[i].h = NULL;
        }
    for (i = 0; i < NL; i++)
        if (layouts[i].h) {
            int rc = check(cvl_layout_destroy(layouts[i].h));
            REQUIRE(rc == CVL_OK, rc);
            layouts[i].h = NULL;
        }
    for (i = 0; i < NV; i++) views[i].ds = NULL;
    for (i = 0; i < NL; i++) layouts[i].ctx = NULL;
    for (i = 0; i < nowned; i++) free(owned[i]);
    nowned = 0;
    nstale = 0;
    tree_model = NULL;
    quiet = 0;
    reentrant_effects = 0;
    answers_changed = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader r;
    int steps = 0;
    r.p = data;
    r.n = size;
    r.at = 0;
    R = &r;
    reentry_left = REENTRY_BUDGET;
    while (more() && steps++ < 400) run_one_op();
    teardown();
    return 0;
}
