/*
** Everything on screen (issue 32): an animated switch from a flow of 4 x 4 items (50,000 on
** screen in 1000 x 800) into the circle (every item on screen after it), n = 60,000 or 10^5:
** the time set_layout takes to start it, and the best frame (set_time + the compact query of
** every element) over 9 frames inside the animation. Build and run:
**   make lib && cc -O2 -std=c11 -Iinclude bench/everything_on_screen.c -o build/bench-eos \
**       -Lbuild/lib -lcvlayout -Wl,-rpath,$PWD/build/lib && build/bench-eos 60000 && build/bench-eos 100000
*/
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "cvlayout.h"
static int64_t g_n;
static int items(void *c, int64_t s, int64_t *o) { (void)c; (void)s; *o = g_n; return 0; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
    g_n = argc > 1 ? atoll(argv[1]) : 60000;
    cvl_layout *flow, *circle; cvl_view *v; cvl_flow_config c; cvl_animation a;
    cvl_data_source ds = {NULL, NULL, items};
    cvl_flow_layout_create(&flow);
    cvl_flow_config_default(&c);
    c.item_size = (cvl_size){4, 4};
    c.minimum_interitem_spacing = c.minimum_line_spacing = 0;
    cvl_flow_layout_set_config(flow, &c);
    cvl_circle_layout_create(&circle);
    cvl_view_create(&ds, flow, &v);
    cvl_view_set_bounds_size(v, (cvl_size){1000, 800});
    size_t cap = 1 << 20, n = 0; cvl_element *buf = malloc(cap * sizeof *buf);
    cvl_view_set_time(v, 0);
    cvl_view_visible_elements(v, buf, cap, &n);
    printf("n=%lld on screen before: %zu\n", (long long)g_n, n);
    cvl_animation_default(&a); a.duration = 1;
    double t = now();
    int rc = cvl_view_set_layout(v, circle, &a);
    double ts = now() - t;
    printf("set_layout rc=%d %s: %.2f ms\n", rc, rc ? cvl_last_error_message() : "", ts * 1e3);
    double best = 1e9;
    for (int f = 1; f < 10; f++) {
        cvl_view_set_time(v, f * 0.1);
        t = now();
        rc = cvl_view_visible_elements(v, buf, cap, &n);
        double tf = now() - t; if (tf < best) best = tf;
    }
    printf("frame: %.2f ms, %zu elements rc=%d\n", best * 1e3, n, rc);
    return 0;
}
