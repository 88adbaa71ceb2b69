/*
** bench/section_sweep.c — a bit-equality sweep of flow edits at many sections (BENCHMARKS.md, "One-item
** edits at many sections, extent changes (sect10, issue 32)"). Not timed: it writes what a host sees
** after each edit, so that two builds of the library can be compared with `cmp`:
**
**   cc -O2 -std=c11 -Iinclude bench/section_sweep.c -o section_sweep -Lbuild/lib -lcvlayout
**   LD_LIBRARY_PATH=A ./section_sweep out_a; LD_LIBRARY_PATH=B ./section_sweep out_b; cmp out_a out_b
**
** Rounds of 300-3,000 sections of 0-14 items sized by a delegate (quarter points, one item in forty
** wider than the view; every fifth round a line spacing of 1/3 point), both scroll directions, a
** header and footer a section. Random edits: item deletes and inserts (rows added and removed), a
** section emptied, moves across sections, item reloads with new sizes, section inserts and
** deletes, reloads of the data with new counts. After each: the content size, eight random rect
** queries and one over everything (every record: index path, category, kind, frame, z-index), the
** attributes of 16 random items and of their sections' header and footer, and the offset
** scrolling to each item. Doubles are written as their bits (%a).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cvlayout.h"

#define CHECK(x)                                                                                   \
    do {                                                                                           \
        int st_ = (x);                                                                             \
        if (st_) {                                                                                 \
            fprintf(stderr, "%s:%d: %s = %d: %s\n", __FILE__, __LINE__, #x, st_, cvl_last_error_message()); \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#define MAX_SECTIONS 4000
#define MAX_ITEMS 64
#define CAP 65536

static uint64_t g_rng = 0x5EC10u;
static uint64_t next_u64(void) {
    uint64_t z = (g_rng += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}
static int64_t rnd(int64_t lo, int64_t hi) { return lo + (int64_t)(next_u64() % (uint64_t)(hi - lo + 1)); }
static double unit(void) { return (double)(next_u64() >> 11) / 9007199254740992.0; }

static int64_t g_n;
static int64_t g_count[MAX_SECTIONS];
static cvl_size g_size[MAX_SECTIONS][MAX_ITEMS];
static double g_header[MAX_SECTIONS];
static int g_horizontal;
static double g_cross = 300;

static int ds_sections(void *c, int64_t *out) {
    (void)c;
    *out = g_n;
    return 0;
}
static int ds_items(void *c, int64_t s, int64_t *out) {
    (void)c;
    *out = g_count[s];
    return 0;
}
static int size_for_item(void *c, cvl_index_path ip, cvl_size *out) {
    (void)c;
    *out = g_size[ip.section][ip.item];
    return 0;
}
static int header_size(void *c, int64_t s, cvl_size *out) {
    (void)c;
    *out = (cvl_size){g_header[s], g_header[s]};
    return 0;
}

static cvl_size random_size(void) {
    double across = rnd(0, 39) == 0 ? g_cross + (double)rnd(1, 200) / 4 : (double)rnd(8, 160) / 4;
    double along = (double)rnd(4, 120) / 4;
    return g_horizontal ? (cvl_size){along, across} : (cvl_size){across, along};
}

static void dump_attrs(FILE *f, const cvl_attributes *a, size_t n) {
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "%lld %lld %d %d %a %a %a %a %lld\n", (long long)a[i].index_path.section,
                (long long)a[i].index_path.item, a[i].category, a[i].kind, a[i].frame.x, a[i].frame.y,
                a[i].frame.width, a[i].frame.height, (long long)a[i].z_index);
    }
}

static cvl_attributes g_buf[CAP];

static void dump(FILE *f, cvl_view *v) {
    cvl_size c;
    CHECK(cvl_view_content_size(v, &c));
    fprintf(f, "content %a %a\n", c.width, c.height);
    for (int q = 0; q < 9; q++) {
        cvl_rect r = q == 8 ? (cvl_rect){-1, -1, c.width + 2, c.height + 2}
                            : (cvl_rect){unit() * c.width, unit() * c.height, 1 + unit() * 900, 1 + unit() * 900};
        size_t got = 0;
        CHECK(cvl_view_attributes_in_rect(v, r, g_buf, CAP, &got));
        fprintf(f, "rect %a %a %a %a: %zu\n", r.x, r.y, r.width, r.height, got);
        dump_attrs(f, g_buf, got);
    }
    for (int k = 0; k < 16; k++) {
        int64_t s = rnd(0, g_n - 1);
        if (g_count[s] > 0) {
            cvl_index_path ip = {s, rnd(0, g_count[s] - 1)};
            int found = 0;
            CHECK(cvl_view_attributes_for_item(v, ip, g_buf, &found));
            fprintf(f, "item %d\n", found);
            if (found) dump_attrs(f, g_buf, 1);
            cvl_point o;
            CHECK(cvl_view_scroll_to_item(v, ip, 0, &o));
            fprintf(f, "scroll %a %a\n", o.x, o.y);
        }
        for (int32_t kind = CVL_KIND_HEADER; kind <= CVL_KIND_FOOTER; kind++) {
            int found = 0;
            CHECK(cvl_view_attributes_for_element(v, CVL_CATEGORY_SUPPLEMENTARY, kind, (cvl_index_path){s, 0}, g_buf,
                                                  &found));
            fprintf(f, "supplementary %d %d\n", kind, found);
            if (found) dump_attrs(f, g_buf, 1);
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: section_sweep OUT\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "w");
    if (!f) return 1;
    int lazy_edits = 0;
    for (int round = 0; round < 8; round++) {
        g_horizontal = round % 2;
        g_cross = 300 + round * 0.25;
        g_n = rnd(300, 3000);
        for (int64_t s = 0; s < g_n; s++) {
            g_count[s] = rnd(0, 14);
            g_header[s] = (double)(s % 4) * 2.5;
            for (int64_t i = 0; i < g_count[s]; i++) g_size[s][i] = random_size();
        }
        cvl_layout *l;
        CHECK(cvl_flow_layout_create(&l));
        cvl_flow_config cfg;
        CHECK(cvl_flow_config_default(&cfg));
        cfg.scroll_direction = g_horizontal ? CVL_SCROLL_HORIZONTAL : CVL_SCROLL_VERTICAL;
        cfg.minimum_line_spacing = round % 5 == 4 ? 1.0 / 3.0 : 0.5;
        cfg.minimum_interitem_spacing = 0.25;
        cfg.section_inset = (cvl_insets){0.75, 1.5, 2.125, 0.25};
        cfg.footer_reference_size = (cvl_size){3.5, 3.5};
        CHECK(cvl_flow_layout_set_config(l, &cfg));
        cvl_flow_delegate d = {NULL, size_for_item, NULL, NULL, NULL, header_size, NULL};
        CHECK(cvl_flow_layout_set_delegate(l, &d));
        cvl_data_source ds = {NULL, ds_sections, ds_items};
        cvl_view *v;
        CHECK(cvl_view_create(&ds, l, &v));
        CHECK(cvl_layout_destroy(l));
        CHECK(cvl_view_set_bounds_size(v, g_horizontal ? (cvl_size){700, g_cross} : (cvl_size){g_cross, 700}));
        fprintf(f, "round %d sections %lld\n", round, (long long)g_n);
        dump(f, v);
        for (int e = 0; e < 40; e++) {
            cvl_update_item up[8];
            size_t nu = 0;
            memset(up, 0, sizeof up);
            int64_t k = rnd(0, g_n - 1), c = g_count[k];
            int reload = 0;
            switch (rnd(0, 8)) {
            case 0:
                if (c == 0) continue;
                {
                    int64_t i = rnd(0, c - 1);
                    memmove(&g_size[k][i], &g_size[k][i + 1], sizeof(cvl_size) * (size_t)(c - 1 - i));
                    g_count[k]--;
                    up[nu++] = (cvl_update_item){CVL_UPDATE_DELETE, 0, {k, i}, {-1, -1}};
                }
                break;
            case 1:
                if (c == 0) continue;
                for (int64_t i = 0; i < c && nu < 8; i++) {
                    up[nu++] = (cvl_update_item){CVL_UPDATE_DELETE, 0, {k, i}, {-1, -1}};
                }
                if (c > 8) continue;
                g_count[k] = 0;
                break;
            case 2: {
                int64_t t = rnd(0, g_n - 1);
                if (c == 0 || t == k || g_count[t] >= MAX_ITEMS - 1) continue;
                int64_t i = rnd(0, c - 1), j = rnd(0, g_count[t]);
                cvl_size moved = g_size[k][i];
                memmove(&g_size[k][i], &g_size[k][i + 1], sizeof(cvl_size) * (size_t)(c - 1 - i));
                g_count[k]--;
                memmove(&g_size[t][j + 1], &g_size[t][j], sizeof(cvl_size) * (size_t)(g_count[t] - j));
                g_size[t][j] = moved;
                g_count[t]++;
                up[nu++] = (cvl_update_item){CVL_UPDATE_MOVE, 0, {k, i}, {t, j}};
                break;
            }
            case 3:
                if (c == 0) continue;
                {
                    int64_t i = rnd(0, c - 1);
                    g_size[k][i] = random_size();
                    up[nu++] = (cvl_update_item){CVL_UPDATE_RELOAD, 0, {k, i}, {-1, -1}};
                }
                break;
            case 4:
                if (g_n >= MAX_SECTIONS) continue;
                memmove(&g_count[k + 1], &g_count[k], sizeof g_count[0] * (size_t)(g_n - k));
                memmove(&g_size[k + 1], &g_size[k], sizeof g_size[0] * (size_t)(g_n - k));
                memmove(&g_header[k + 1], &g_header[k], sizeof g_header[0] * (size_t)(g_n - k));
                g_n++;
                g_count[k] = 1;
                g_size[k][0] = random_size();
                g_header[k] = 1.5;
                up[nu++] = (cvl_update_item){CVL_UPDATE_INSERT, 1, {-1, -1}, {k, -1}};
                break;
            case 5:
                if (g_n <= 2) continue;
                memmove(&g_count[k], &g_count[k + 1], sizeof g_count[0] * (size_t)(g_n - k - 1));
                memmove(&g_size[k], &g_size[k + 1], sizeof g_size[0] * (size_t)(g_n - k - 1));
                memmove(&g_header[k], &g_header[k + 1], sizeof g_header[0] * (size_t)(g_n - k - 1));
                g_n--;
                up[nu++] = (cvl_update_item){CVL_UPDATE_DELETE, 1, {k, -1}, {-1, -1}};
                break;
            case 6: {
                int64_t add = rnd(1, 6);
                if (c + add >= MAX_ITEMS) continue;
                for (int64_t i = 0; i < add; i++) g_size[k][c + i] = random_size();
                g_count[k] += add;
                reload = 1;
                break;
            }
            default: {
                int64_t add = rnd(1, 5), at = rnd(0, c);
                if (c + add >= MAX_ITEMS) continue;
                memmove(&g_size[k][at + add], &g_size[k][at], sizeof(cvl_size) * (size_t)(c - at));
                for (int64_t i = 0; i < add; i++) {
                    g_size[k][at + i] = random_size();
                    up[nu++] = (cvl_update_item){CVL_UPDATE_INSERT, 0, {-1, -1}, {k, at + i}};
                }
                g_count[k] += add;
            }
            }
            if (reload) {
                CHECK(cvl_view_reload_data(v));
            } else {
                CHECK(cvl_view_perform_batch_updates(v, up, nu, NULL));
            }
            lazy_edits++;
            fprintf(f, "edit %d\n", e);
            dump(f, v);
        }
        CHECK(cvl_view_destroy(v));
    }
    fclose(f);
    printf("section_sweep: %d edits\n", lazy_edits);
    return 0;
}
