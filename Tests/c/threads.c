/* Several threads using the library at once: one view shared by every thread, and views of
** their own (created, animated, updated and destroyed while the others run). Checks answers
** that do not depend on the other threads (frames from the grid formula, per-thread error
** messages, counts after each thread's own batch updates). Run by `make test`; `make tsan`
** runs it against a ThreadSanitizer build of the library. Prints "threads: N checks failed". */
#define _POSIX_C_SOURCE 200809L
#include "cvlayout.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define THREADS 4
#ifndef ROUNDS
#define ROUNDS 2000
#endif

static int failed[THREADS];

#define CHECK(t, cond)                                                                             \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            failed[t]++;                                                                           \
            fprintf(stderr, "thread %d: %s:%d: CHECK failed: %s (last error: %s)\n", t, __FILE__,   \
                    __LINE__, #cond, cvl_last_error_message());                                    \
        }                                                                                          \
    } while (0)

/* A data source over counts a thread changes between its own batch updates. */
typedef struct ds_state {
    int64_t sections;
    int64_t items[4];
} ds_state;
static int ds_sections(void *ctx, int64_t *out) {
    *out = ((ds_state *)ctx)->sections;
    return 0;
}
static int ds_items(void *ctx, int64_t section, int64_t *out) {
    *out = ((ds_state *)ctx)->items[section];
    return 0;
}
static cvl_data_source make_ds(ds_state *d) {
    cvl_data_source s;
    memset(&s, 0, sizeof s);
    s.context = d;
    s.number_of_sections = ds_sections;
    s.number_of_items = ds_items;
    return s;
}

/* The shared view: one section of 100000 items of 50 x 50 in a 1000-wide view: 16 a line
** (16*50 + 15*10 = 950 <= 1000; leftover 50 spread over 15 gaps), lines 60 apart. */
static cvl_view *shared_view;
static ds_state shared_ds = {1, {100000, 0, 0, 0}};

static cvl_rect rect_of(double x, double y, double w, double h) {
    cvl_rect r;
    r.x = x;
    r.y = y;
    r.width = w;
    r.height = h;
    return r;
}

static void use_shared_view(int t, unsigned *seed) {
    cvl_attributes buf[256], one;
    cvl_point offset;
    cvl_index_path ip;
    size_t n = 0, i;
    int found = 0;
    double pitch = 50.0 + 10.0 + 50.0 / 15.0;
    offset.x = 0;
    offset.y = (double)(rand_r(seed) % 300000);
    CHECK(t, cvl_view_set_content_offset(shared_view, offset) == CVL_OK);
    CHECK(t, cvl_view_visible_attributes(shared_view, buf, 256, &n) == CVL_OK);
    for (i = 0; i < n; i++) CHECK(t, buf[i].index_path.section == 0 && buf[i].index_path.item < 100000);
    CHECK(t, cvl_view_attributes_in_rect(shared_view, rect_of(0, 6000, 1000, 120), buf, 256, &n) == CVL_OK);
    CHECK(t, n == 32 && buf[0].index_path.item == 1600);
    ip.section = 0;
    ip.item = rand_r(seed) % 100000;
    CHECK(t, cvl_view_attributes_for_item(shared_view, ip, &one, &found) == CVL_OK);
    CHECK(t, found == 1 && one.frame.y == (double)(ip.item / 16) * 60.0);
    double want_x = (double)(ip.item % 16) * pitch;
    CHECK(t, one.frame.x - want_x < 1e-9 && want_x - one.frame.x < 1e-9);
    /* An error's message is this thread's, whatever the others do meanwhile. */
    ip.item = 100000 + t;
    CHECK(t, cvl_view_attributes_for_item(shared_view, ip, &one, &found) == CVL_ERROR_OUT_OF_RANGE);
    {
        char expect[32];
        snprintf(expect, sizeof expect, "item %d", 100000 + t);
        CHECK(t, strstr(cvl_last_error_message(), expect) != NULL);
    }
}

/* A hook that reads the layout it is given (callable from hooks) and counts its answers. */
typedef struct hook_ctx {
    int calls, ok;
} hook_ctx;
static int hook_element(void *context, const cvl_layout_env *env, cvl_layout *layout, int32_t category,
                        int32_t kind, cvl_index_path index_path, cvl_attributes *attributes, int *inout_found) {
    hook_ctx *h = context;
    cvl_flow_config cfg;
    (void)env;
    (void)category;
    (void)kind;
    (void)index_path;
    (void)attributes;
    (void)inout_found;
    h->calls++;
    if (cvl_flow_layout_get_config(layout, &cfg) == CVL_OK && cfg.item_size.width == 50) h->ok++;
    return 0;
}

/* A view of the thread's own: hooks on its layout (whose handle it destroys while the view
** uses it), batch updates, an animated layout switch, then destroyed. */
static void use_own_view(int t, unsigned *seed) {
    ds_state d = {2, {20, 5, 0, 0}};
    cvl_data_source ds = make_ds(&d);
    cvl_layout *flow = NULL, *circle = NULL;
    cvl_view *view = NULL;
    cvl_update_item up;
    cvl_animation anim;
    cvl_attributes buf[64];
    cvl_size size = {320, 480};
    size_t n = 0;
    int64_t count = 0;
    double time = 0;
    hook_ctx h = {0, 0};   /* outlives the view: the layout's hooks point at it */
    CHECK(t, cvl_flow_layout_create(&flow) == CVL_OK);
    CHECK(t, cvl_circle_layout_create(&circle) == CVL_OK);
    CHECK(t, cvl_view_create(&ds, flow, &view) == CVL_OK);
    if (!view) return;
    CHECK(t, cvl_view_set_bounds_size(view, size) == CVL_OK);
    {
        cvl_layout_callbacks hooks;
        cvl_attributes one;
        cvl_index_path ip = {1, 2};
        int found = 0;
        memset(&hooks, 0, sizeof hooks);
        hooks.context = &h;
        hooks.attributes_for_element = hook_element;
        CHECK(t, cvl_flow_layout_set_hooks(flow, &hooks) == CVL_OK);
        CHECK(t, cvl_view_attributes_for_item(view, ip, &one, &found) == CVL_OK && found == 1);
        CHECK(t, cvl_layout_destroy(flow) == CVL_OK);
        flow = NULL;
        CHECK(t, cvl_view_attributes_for_item(view, ip, &one, &found) == CVL_OK && found == 1);
        CHECK(t, h.calls == 2 && h.ok == 2);
    }
    CHECK(t, cvl_animation_default(&anim) == CVL_OK);
    memset(&up, 0, sizeof up);
    up.action = CVL_UPDATE_INSERT;
    up.before.section = up.before.item = -1;
    up.after.section = 0;
    up.after.item = rand_r(seed) % 20;
    d.items[0] = 21;
    CHECK(t, cvl_view_perform_batch_updates(view, &up, 1, &anim) == CVL_OK);
    time += 0.1;
    CHECK(t, cvl_view_set_time(view, time) == CVL_OK);
    CHECK(t, cvl_view_visible_attributes(view, buf, 64, &n) == CVL_OK);
    CHECK(t, cvl_view_number_of_items(view, 0, &count) == CVL_OK && count == 21);
    CHECK(t, cvl_view_set_layout(view, circle, &anim) == CVL_OK);
    time += 0.1;
    CHECK(t, cvl_view_set_time(view, time) == CVL_OK);
    CHECK(t, cvl_view_attributes_in_rect(view, rect_of(0, 0, 320, 480), NULL, 0, &n) == CVL_OK);
    CHECK(t, cvl_view_finish_animations(view) == CVL_OK);
    /* The circle shows section 0's 21 items, all inside the 320 x 480 view. */
    CHECK(t, cvl_view_visible_attributes(view, buf, 64, &n) == CVL_OK && n == 21);
    CHECK(t, cvl_view_destroy(view) == CVL_OK);
    CHECK(t, cvl_layout_destroy(circle) == CVL_OK);
}

static void *run(void *arg) {
    int t = (int)(size_t)arg;
    unsigned seed = 1234u + (unsigned)t;
    int r;
    for (r = 0; r < ROUNDS; r++) {
        use_shared_view(t, &seed);
        if (r % 10 == t % 10) use_own_view(t, &seed);
    }
    return NULL;
}

/* The library lock held through a callback: threads calling in while another thread is inside a
** data source callback wait until that call returns (they sleep and each release wakes the next:
** the lock's contended path). The holder's callback sleeps 50 ms after the others are told it is
** inside, so they call in while it holds the lock; a waiter that got in early would see
** `hold_done` still 0. */
static atomic_int hold_slow, hold_inside, hold_done;
static int hold_sections(void *ctx, int64_t *out) {
    (void)ctx;
    if (atomic_load(&hold_slow)) {
        struct timespec ts = {0, 50 * 1000 * 1000};
        atomic_store(&hold_inside, 1);
        nanosleep(&ts, NULL);
        atomic_store(&hold_done, 1);
    }
    *out = 1;
    return 0;
}
static int hold_items(void *ctx, int64_t section, int64_t *out) {
    (void)ctx;
    (void)section;
    *out = 10;
    return 0;
}
static int hold_failed;
static void *hold_waiter(void *arg) {
    struct timespec ts = {0, 1000 * 1000};
    int64_t sections = 0;
    (void)arg;
    while (!atomic_load(&hold_inside)) nanosleep(&ts, NULL);
    if (cvl_view_number_of_sections(shared_view, &sections) != CVL_OK || sections != 1 || !atomic_load(&hold_done)) {
        fprintf(stderr, "lock: a call ran while another thread's callback held the library lock\n");
        hold_failed++;
    }
    return NULL;
}
static int check_lock_waits(void) {
    cvl_data_source ds;
    cvl_layout *flow = NULL;
    cvl_view *view = NULL;
    pthread_t w[3];
    int i;
    memset(&ds, 0, sizeof ds);
    ds.number_of_sections = hold_sections;
    ds.number_of_items = hold_items;
    if (cvl_flow_layout_create(&flow) != CVL_OK || cvl_view_create(&ds, flow, &view) != CVL_OK) return 1;
    for (i = 0; i < 3; i++) pthread_create(&w[i], NULL, hold_waiter, NULL);
    atomic_store(&hold_slow, 1);
    if (cvl_view_reload_data(view) != CVL_OK) hold_failed++;
    for (i = 0; i < 3; i++) pthread_join(w[i], NULL);
    cvl_view_destroy(view);
    cvl_layout_destroy(flow);
    printf("threads: 3 callers waited for a callback holding the lock, %d checks failed\n", hold_failed);
    return hold_failed;
}

int main(void) {
    pthread_t th[THREADS];
    cvl_layout *flow = NULL;
    cvl_data_source ds = make_ds(&shared_ds);
    cvl_size size = {1000, 800};
    int t, total = 0;
    if (cvl_flow_layout_create(&flow) != CVL_OK || cvl_view_create(&ds, flow, &shared_view) != CVL_OK ||
        cvl_view_set_bounds_size(shared_view, size) != CVL_OK) {
        fprintf(stderr, "setup failed: %s\n", cvl_last_error_message());
        return 1;
    }
    for (t = 0; t < THREADS; t++) pthread_create(&th[t], NULL, run, (void *)(size_t)t);
    for (t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
    total += check_lock_waits();
    cvl_view_destroy(shared_view);
    cvl_layout_destroy(flow);
    for (t = 0; t < THREADS; t++) total += failed[t];
    printf("threads: %d threads x %d rounds, %d checks failed\n", THREADS, ROUNDS, total);
    return total == 0 ? 0 : 1;
}
