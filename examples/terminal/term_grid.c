/*
** A terminal host for cvlayout: the photo grid in character cells (plain ANSI, no curses). One
** unit of the layout is one character cell, and the view's display scale is 1 (one pixel a unit):
** the library hands out frames with whole-number edges (each edge rounded to the nearest cell
** boundary, so neighbours never overlap), animations included, and the host scrolls by whole
** cells, so every untransformed frame lands on whole cells as it is. Right-to-left (--rtl, or a
** language written right to left in LANGUAGE / LC_ALL / LC_MESSAGES / LANG) is the library's too.
** Keys: j/k scroll a row, J/K a page, h/l sideways (Cover Flow), i/d insert/delete after the first
** visible cell (animated), c switches between the grid and Cover Flow (animated), q quits.
**
**   term_grid                          interactive, real clock
**   term_grid --driven                 interactive, the clock moves only on '.' (0.1 s a press)
**   term_grid --keys "jjci..." --size 80x24
**                                      non-interactive: renders a text frame after each key
*/
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "cvlayout.h"

#define SECTIONS 100
#define ITEMS_PER_SECTION 1000
#define SECTION_ID_BASE 1000000000ull
#define MAX_COLS 400
#define MAX_ROWS 200
#define STEP 0.1  /* seconds per '.' with a driven clock */

typedef struct {
    uint64_t *ids;
    size_t count, cap;
} Section;

static Section sections[SECTIONS];
static uint64_t next_id = 1;
static cvl_view *view;
static cvl_layout *grid, *cover;
static int cover_on;
static double now;
static int cols = 80, rows = 24;
static char screen[MAX_ROWS][MAX_COLS + 1];
static cvl_attributes *buf;
static size_t buf_cap = 256;
static int keys_handled;

static void check(int status, const char *what) {
    if (status != CVL_OK) {
        fprintf(stderr, "%s: %s (%s)\n", what, cvl_status_string(status), cvl_last_error_message());
        exit(2);
    }
}

static void section_insert(Section *s, size_t at, uint64_t id) {
    if (s->count == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 16;
        s->ids = realloc(s->ids, s->cap * sizeof *s->ids);
        if (!s->ids) exit(3);
    }
    memmove(s->ids + at + 1, s->ids + at, (s->count - at) * sizeof *s->ids);
    s->ids[at] = id;
    s->count++;
}

static int ds_sections(void *ctx, int64_t *out) {
    (void)ctx;
    *out = SECTIONS;
    return 0;
}

static int ds_items(void *ctx, int64_t section, int64_t *out) {
    (void)ctx;
    *out = (int64_t)sections[section].count;
    return 0;
}

static void snapshot(cvl_section_snapshot *out) {
    for (int s = 0; s < SECTIONS; s++)
        out[s] = (cvl_section_snapshot){SECTION_ID_BASE + (uint64_t)s, sections[s].ids, sections[s].count};
}

static const cvl_animation *ease(double duration) {
    static cvl_animation a;
    cvl_animation_default(&a);
    a.duration = duration;
    return &a;
}

static void setup(int rtl) {
    for (int s = 0; s < SECTIONS; s++)
        for (int i = 0; i < ITEMS_PER_SECTION; i++) section_insert(&sections[s], (size_t)i, next_id++);
    /* The grid in cells: 4 columns, cells 4 rows high, a one-cell gap, a one-row header. */
    cvl_grid_config gc;
    check(cvl_grid_layout_create(&grid), "grid");
    cvl_grid_config_default(&gc);
    gc.columns = 4;
    gc.item_height = 4;
    gc.interitem_spacing = 1;
    gc.intergroup_spacing = 1;
    gc.content_insets = (cvl_insets){0, 1, 1, 1};
    gc.header_height = 1;
    check(cvl_grid_layout_set_config(grid, &gc), "grid config");
    /* Cover Flow in cells: covers 16 x 8, the book's constants scaled by 0.09 (180 points -> 16). */
    cvl_flow_config fc;
    cvl_cover_flow_params cp;
    check(cvl_cover_flow_layout_create(&cover), "cover flow");
    check(cvl_flow_layout_get_config(cover, &fc), "cover config");
    fc.item_size = (cvl_size){16, 8};
    fc.minimum_line_spacing = -5;
    fc.minimum_interitem_spacing = 100;
    check(cvl_flow_layout_set_config(cover, &fc), "cover config");
    cvl_cover_flow_params_default(&cp);
    cp.active_distance = 9;
    cp.translate_distance = 9;
    cp.flow_offset = 3.5;
    check(cvl_cover_flow_layout_set_params(cover, &cp), "cover params");
    cvl_data_source src = {NULL, ds_sections, ds_items};
    check(cvl_view_create(&src, grid, &view), "view");
    check(cvl_view_set_display_scale(view, 1), "display scale");
    cvl_section_snapshot snap[SECTIONS];
    snapshot(snap);
    check(cvl_view_set_identifiers(view, snap, SECTIONS), "identifiers");
    check(cvl_view_set_layout_direction(view, rtl ? CVL_LAYOUT_DIRECTION_RTL : CVL_LAYOUT_DIRECTION_LTR), "direction");
    buf = malloc(buf_cap * sizeof *buf);
    if (!buf) exit(3);
}

static size_t query(void) {
    size_t n = 0;
    int st = cvl_view_visible_attributes(view, buf, buf_cap, &n);
    if (st == CVL_ERROR_CAPACITY) {
        buf_cap = n + 64;
        buf = realloc(buf, buf_cap * sizeof *buf);
        if (!buf) exit(3);
        st = cvl_view_visible_attributes(view, buf, buf_cap, &n);
    }
    check(st, "visible attributes");
    return n;
}

/* ---- scrolling (clamped: the view takes any offset) ------------------------------------------- */
static void scroll_by(double dx, double dy) {
    cvl_point o;
    cvl_size c, b;
    check(cvl_view_get_content_offset(view, &o), "offset");
    check(cvl_view_content_size(view, &c), "content");
    check(cvl_view_get_bounds_size(view, &b), "bounds");
    o.x = fmin(fmax(0, o.x + dx), fmax(0, c.width - b.width));
    o.y = fmin(fmax(0, o.y + dy), fmax(0, c.height - b.height));
    if (cover_on) {
        /* Cover Flow rests on a cover: snap at once (a key press is a whole gesture). */
        check(cvl_view_target_content_offset(view, o, (cvl_point){dx, 0}, &o), "snap");
    }
    /* A terminal shows whole cells: the offset too (half a cell off centre at an odd width). */
    o.x = floor(o.x + 0.5), o.y = floor(o.y + 0.5);
    check(cvl_view_set_content_offset(view, o), "scroll");
}

static void edit(char op) {
    size_t n = query();
    cvl_index_path first = {-1, -1};
    for (size_t i = 0; i < n; i++)
        if (buf[i].category == CVL_CATEGORY_CELL && !buf[i].disappearing &&
            (first.section < 0 || buf[i].index_path.section < first.section ||
             (buf[i].index_path.section == first.section && buf[i].index_path.item < first.item)))
            first = buf[i].index_path;
    if (first.section < 0) return;
    Section *s = &sections[first.section];
    size_t at = (size_t)first.item + 1;
    if (op == 'i') {
        section_insert(s, at, next_id++);
    } else if (at < s->count) {
        memmove(s->ids + at, s->ids + at + 1, (s->count - at - 1) * sizeof *s->ids);
        s->count--;
    } else {
        return;
    }
    cvl_section_snapshot snap[SECTIONS];
    snapshot(snap);
    check(cvl_view_apply_snapshot(view, snap, SECTIONS, NULL, 0, ease(0.4)), "apply_snapshot");
}

static void toggle_cover(void) {
    cover_on = !cover_on;
    check(cvl_view_set_layout(view, cover_on ? cover : grid, ease(0.6)), "set_layout");
    if (cover_on) scroll_by(0, 0);
}

/* ---- drawing ---------------------------------------------------------------------------------- */
static void put(int x, int y, char ch) {
    if (x >= 0 && x < cols && y >= 0 && y < rows - 1) screen[y][x] = ch;
}

static void put_text(int x, int y, const char *s, int max) {
    for (int i = 0; s[i] && i < max; i++) put(x + i, y, s[i]);
}

/* A whole number of cells: the frames (display scale 1) and the offset (scroll_by) are whole. */
static int cell(double v) { return (int)floor(v); }

static void project(const cvl_attributes *a, double ox, double oy, double px, double py, double *qx, double *qy) {
    const cvl_transform3d *m = &a->transform;
    double w = px * m->m14 + py * m->m24 + m->m44;
    *qx = (px * m->m11 + py * m->m21 + m->m41) / w + a->center.x - ox;
    *qy = (px * m->m12 + py * m->m22 + m->m42) / w + a->center.y - oy;
}

static int in_quad(const double qx[4], const double qy[4], double x, double y) {
    int pos = 0, neg = 0;
    for (int i = 0; i < 4; i++) {
        int j = (i + 1) % 4;
        double c = (qx[j] - qx[i]) * (y - qy[i]) - (qy[j] - qy[i]) * (x - qx[i]);
        if (c > 0) pos = 1;
        if (c < 0) neg = 1;
    }
    return !(pos && neg);
}

static void draw_element(const cvl_attributes *a, double ox, double oy) {
    char label[32];
    const cvl_transform3d *m = &a->transform;
    int flat = m->m11 == 1 && m->m12 == 0 && m->m21 == 0 && m->m22 == 1 && m->m14 == 0 && m->m24 == 0 &&
               m->m41 == 0 && m->m42 == 0;
    if (a->category != CVL_CATEGORY_CELL) {
        /* A header: one row "== Section N ==" across its frame. */
        int y = cell(a->frame.y - oy), x0 = cell(a->frame.x - ox), x1 = cell(a->frame.x + a->frame.width - ox);
        for (int x = x0; x < x1; x++) put(x, y, '=');
        snprintf(label, sizeof label, " Section %lld ", (long long)a->index_path.section + 1);
        put_text(x0 + 2, y, label, x1 - x0 - 4);
        return;
    }
    snprintf(label, sizeof label, "%llu", (unsigned long long)a->identifier);
    if (flat) {
        /* A box on the integer frame: corners '+', edges '-' and '|', the identifier inside. */
        int x0 = cell(a->frame.x - ox), y0 = cell(a->frame.y - oy);
        int x1 = cell(a->frame.x + a->frame.width - ox) - 1, y1 = cell(a->frame.y + a->frame.height - oy) - 1;
        if (x1 <= x0 || y1 <= y0) return;
        char fill = a->alpha < 0.5 ? '.' : ' ';
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                int side = x == x0 || x == x1, rim = y == y0 || y == y1;
                put(x, y, rim ? (side ? '+' : '-') : (side ? '|' : fill));
            }
        if (a->alpha >= 0.5) put_text(x0 + 1, y0 + 1, label, x1 - x0 - 1);
        return;
    }
    /* A transformed cover: every character cell whose centre the projected quad holds. */
    double qx[4], qy[4], hw = a->size.width / 2, hh = a->size.height / 2;
    project(a, ox, oy, -hw, -hh, &qx[0], &qy[0]);
    project(a, ox, oy, hw, -hh, &qx[1], &qy[1]);
    project(a, ox, oy, hw, hh, &qx[2], &qy[2]);
    project(a, ox, oy, -hw, hh, &qx[3], &qy[3]);
    double mask = a->custom_count >= 1 ? a->custom[0] : 0;
    char fill = a->alpha < 0.5 ? '.' : mask < 0.3 ? '#' : ':';
    double minx = fmin(fmin(qx[0], qx[1]), fmin(qx[2], qx[3])), maxx = fmax(fmax(qx[0], qx[1]), fmax(qx[2], qx[3]));
    double miny = fmin(fmin(qy[0], qy[1]), fmin(qy[2], qy[3])), maxy = fmax(fmax(qy[0], qy[1]), fmax(qy[2], qy[3]));
    for (int y = (int)floor(miny); y <= (int)ceil(maxy); y++)
        for (int x = (int)floor(minx); x <= (int)ceil(maxx); x++)
            if (in_quad(qx, qy, x + 0.5, y + 0.5)) put(x, y, fill);
    double cx, cy;
    project(a, ox, oy, 0, 0, &cx, &cy);
    if (a->alpha >= 0.5) put_text((int)floor(cx) - (int)strlen(label) / 2, (int)floor(cy), label, 20);
}

static void render(FILE *out, int frame_markers) {
    cvl_point o;
    check(cvl_view_set_time(view, now), "set_time");
    size_t n = query();
    check(cvl_view_get_content_offset(view, &o), "offset");
    for (int y = 0; y < rows; y++) {
        memset(screen[y], ' ', (size_t)cols);
        screen[y][cols] = 0;
    }
    for (size_t i = 0; i < n; i++)
        if (!buf[i].hidden && buf[i].alpha > 0) draw_element(&buf[i], o.x, o.y);
    int animating = 0;
    cvl_view_is_animating(view, &animating);
    char status[MAX_COLS + 1];
    snprintf(status, sizeof status, "%s offset=%.17g,%.17g t=%.1f keys=%d%s", cover_on ? "cover" : "grid", o.x, o.y,
             now, keys_handled, animating ? " animating" : "");
    put_text(0, rows - 1, status, cols);
    memcpy(screen[rows - 1], status, strlen(status) < (size_t)cols ? strlen(status) : (size_t)cols);
    if (frame_markers) {
        for (int y = 0; y < rows; y++) fprintf(out, "%s\n", screen[y]);
    } else {
        fputs("\x1b[H", out);
        for (int y = 0; y < rows; y++) fprintf(out, "%s%s", screen[y], y + 1 < rows ? "\r\n" : "");
    }
    fflush(out);
}

/* One key: returns 0 to quit. */
static int key(int ch) {
    cvl_size b;
    check(cvl_view_get_bounds_size(view, &b), "bounds");
    switch (ch) {
    case 'j': scroll_by(0, 5); break;
    case 'k': scroll_by(0, -5); break;
    case 'J': scroll_by(0, b.height - 1); break;
    case 'K': scroll_by(0, -(b.height - 1)); break;
    case 'l': scroll_by(cover_on ? 11 : 5, 0); break;
    case 'h': scroll_by(cover_on ? -11 : -5, 0); break;
    case 'i': case 'd': edit((char)ch); break;
    case 'c': toggle_cover(); break;
    case '.': now += STEP; break;
    case 'q': return 0;
    default: return 1;
    }
    keys_handled++;
    return 1;
}

/* Whether the user's language is written right to left, read as gettext reads it: LANGUAGE's
** first entry, else LC_ALL, LC_MESSAGES, LANG ("he_IL.UTF-8" -> "he"). */
static int locale_is_rtl(void) {
    static const char *rtl_languages[] = {"ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "ug", "ur",
                                          "yi"};
    static const char *vars[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t v = 0; v < sizeof vars / sizeof *vars; v++) {
        const char *value = getenv(vars[v]);
        if (!value || !*value) continue;
        size_t n = strcspn(value, ":_.@");
        if (n == 0) continue;
        for (size_t k = 0; k < sizeof rtl_languages / sizeof *rtl_languages; k++)
            if (strlen(rtl_languages[k]) == n && strncmp(value, rtl_languages[k], n) == 0) return 1;
        return 0;
    }
    return 0;
}

static struct termios saved;
static void restore(void) {
    tcsetattr(0, TCSANOW, &saved);
    fputs("\x1b[?25h\x1b[?1049l", stdout);
    fflush(stdout);
}

static double mono(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    const char *keys = NULL;
    int driven = 0, rtl = locale_is_rtl();
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--keys") == 0 && i + 1 < argc) keys = argv[++i];
        else if (strcmp(argv[i], "--driven") == 0) driven = 1;
        else if (strcmp(argv[i], "--rtl") == 0) rtl = 1;
        else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) sscanf(argv[++i], "%dx%d", &cols, &rows);
        else {
            fprintf(stderr, "usage: %s [--driven] [--rtl] [--keys KEYS] [--size COLSxROWS]\n", argv[0]);
            return 2;
        }
    }
    struct winsize ws;
    if (!keys && ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) cols = ws.ws_col, rows = ws.ws_row;
    if (cols < 20 || cols > MAX_COLS || rows < 5 || rows > MAX_ROWS) {
        fprintf(stderr, "terminal size %dx%d outside 20x5 ... %dx%d\n", cols, rows, MAX_COLS, MAX_ROWS);
        return 2;
    }
    setup(rtl);
    /* The bounds: the whole terminal but the status line, in cells. */
    check(cvl_view_set_bounds_size(view, (cvl_size){cols, rows - 1}), "bounds");
    if (keys) {
        printf("--- frame 0 (start)\n");
        render(stdout, 1);
        for (int k = 0; keys[k]; k++) {
            if (!key(keys[k])) break;
            printf("--- frame %d (key '%c')\n", k + 1, keys[k]);
            render(stdout, 1);
        }
        return 0;
    }
    struct termios raw;
    tcgetattr(0, &saved);
    raw = saved;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    tcsetattr(0, TCSANOW, &raw);
    atexit(restore);
    fputs("\x1b[?1049h\x1b[?25l\x1b[2J", stdout);
    double start = mono();
    for (;;) {
        if (!driven) now = mono() - start;
        render(stdout, 0);
        int animating = 0;
        cvl_view_is_animating(view, &animating);
        struct pollfd p = {0, POLLIN, 0};
        /* Animating with the real clock: a frame every 33 ms; otherwise wait for a key. */
        if (poll(&p, 1, (animating && !driven) ? 33 : -1) > 0) {
            char c;
            if (read(0, &c, 1) == 1 && !key(c)) break;
        }
    }
    return 0;
}
