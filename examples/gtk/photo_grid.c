/*
** A GTK 4 host for cvlayout: a photo grid of 100,000 items in 100 sections with headers, drawn by
** a GtkWidget subclass (CvlPhotoView) that implements GtkScrollable. Keys: 1-5 switch layouts
** (flow, waterfall, grid, Cover Flow, circle) with an animation; i / d / m insert, delete, move
** items through apply_snapshot; Page Up/Down, arrows and the wheel scroll; a click selects the
** cell drawn under the pointer (hit testing respects transforms). docs/writing-a-host.md explains
** each part; examples/gtk/README.md how to run it, the scripted mode and the benchmark.
*/
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cvlayout.h"

#define SECTIONS 100
#define ITEMS_PER_SECTION 1000
#define SECTION_ID_BASE 1000000000ull
#define HEADER_HEIGHT 28.0
#define WHEEL_STEP 60.0
#define SNAP_IDLE 0.15           /* seconds without scrolling before Cover Flow snaps */
#define MEASURE_MARGIN 200.0     /* measure cells this far beyond the visible rect */

enum { L_FLOW, L_WATERFALL, L_GRID, L_COVER, L_CIRCLE, L_COUNT };
static const char *layout_names[L_COUNT] = {"flow", "waterfall", "grid", "cover_flow", "circle"};

/* ---- the data: item identifiers per section (the app's model) -------------------------------- */
typedef struct {
    uint64_t *ids;
    size_t count, cap;
} Section;

typedef struct {
    Section sections[SECTIONS];
    uint64_t next_id;
} Model;

static void section_insert(Section *s, size_t at, uint64_t id) {
    if (s->count == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 16;
        s->ids = g_realloc_n(s->ids, s->cap, sizeof *s->ids);
    }
    memmove(s->ids + at + 1, s->ids + at, (s->count - at) * sizeof *s->ids);
    s->ids[at] = id;
    s->count++;
}

static uint64_t section_remove(Section *s, size_t at) {
    uint64_t id = s->ids[at];
    memmove(s->ids + at, s->ids + at + 1, (s->count - at - 1) * sizeof *s->ids);
    s->count--;
    return id;
}

/* A cell's colour is a function of its identifier, so a disappearing element (which carries the
** identifier it had) is drawn with its own data. The tests compute the same function. */
static void id_colour(uint64_t id, double rgb[3]) {
    uint64_t h = id * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    rgb[0] = (60 + (double)((h & 0xff) % 160)) / 255.0;
    rgb[1] = (60 + (double)(((h >> 8) & 0xff) % 160)) / 255.0;
    rgb[2] = (60 + (double)(((h >> 16) & 0xff) % 160)) / 255.0;
}

static const char *captions[5] = {"", " sea", " old harbour", " a very long caption", " dunes at dusk"};

/* A photo's aspect (the waterfall's sizes): width 100, height 60 ... 160. */
static cvl_size photo_size(uint64_t id) {
    return (cvl_size){100.0, 60.0 + (double)((id * 7919u) % 101u)};
}

/* ---- the widget ------------------------------------------------------------------------------- */
#define CVL_TYPE_PHOTO_VIEW (cvl_photo_view_get_type())
G_DECLARE_FINAL_TYPE(CvlPhotoView, cvl_photo_view, CVL, PHOTO_VIEW, GtkWidget)

typedef struct {
    GskRenderNode *text, *content; /* see cell_content: reused while the element stays visible */
    double w, h, veil;
    gboolean selected;
    uint64_t frame_seen;
} CachedCell;

struct _CvlPhotoView {
    GtkWidget parent;
    Model model;
    cvl_view *view;
    cvl_layout *layouts[L_COUNT];
    int current;
    GtkAdjustment *hadj, *vadj;
    guint hpolicy, vpolicy;
    gboolean syncing;         /* adjustments being written by the view, not the user */
    cvl_attributes *buf;      /* the per-frame query buffer, grown on CVL_ERROR_CAPACITY */
    size_t buf_cap, drawn;    /* elements drawn by the last snapshot (kept for the scripted dumps) */
    GHashTable *pool;         /* identifier -> CachedCell: the reuse pool, visible cells only */
    uint64_t frame_no;
    double now;               /* host clock, seconds: frame clock, or driven by the script */
    double last_scroll;       /* when the user last scrolled (Cover Flow snaps SNAP_IDLE later) */
    gboolean snap_pending, snapping, was_animating;
    gboolean settle;          /* a switch into Cover Flow: snap once its animation has ended */
    cvl_point snap_from, snap_to;
    double snap_start;
    int64_t selected_section, selected_item;
    uint64_t selected_id;
    int keys, clicks, scrolls;
    gboolean driven;          /* scripted: the clock moves only on `step` */
    double query_ms, draw_ms; /* last frame's costs (the benchmark reads them) */
    cvl_point drawn_offset;   /* the content offset of the last frame drawn */
};

G_DEFINE_TYPE_WITH_CODE(CvlPhotoView, cvl_photo_view, GTK_TYPE_WIDGET,
                        G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

enum { PROP_0, PROP_HADJUSTMENT, PROP_VADJUSTMENT, PROP_HSCROLL_POLICY, PROP_VSCROLL_POLICY };

static void check(int status, const char *what) {
    if (status != CVL_OK) {
        g_printerr("%s: %s (%s)\n", what, cvl_status_string(status), cvl_last_error_message());
        exit(2);
    }
}

static double mono_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int ds_sections(void *ctx, int64_t *out) {
    (void)ctx;
    *out = SECTIONS;
    return 0;
}

static int ds_items(void *ctx, int64_t section, int64_t *out) {
    Model *m = ctx;
    *out = (int64_t)m->sections[section].count;
    return 0;
}

/* The snapshot handed to cvl_view_set_identifiers / cvl_view_apply_snapshot: views of the model. */
static void model_snapshot(Model *m, cvl_section_snapshot *out) {
    for (int s = 0; s < SECTIONS; s++)
        out[s] = (cvl_section_snapshot){SECTION_ID_BASE + (uint64_t)s, m->sections[s].ids, m->sections[s].count};
}

static void waterfall_sync_sizes(CvlPhotoView *self, int section) {
    Section *s = &self->model.sections[section];
    cvl_size *sizes = g_new(cvl_size, s->count ? s->count : 1);
    for (size_t i = 0; i < s->count; i++) sizes[i] = photo_size(s->ids[i]);
    check(cvl_flow_layout_set_item_sizes(self->layouts[L_WATERFALL], section, sizes, s->count), "waterfall sizes");
    g_free(sizes);
}

static void make_layouts(CvlPhotoView *self) {
    cvl_flow_config fc;
    check(cvl_flow_layout_create(&self->layouts[L_FLOW]), "flow");
    cvl_flow_config_default(&fc);
    fc.item_size = (cvl_size){110, 90};
    fc.minimum_line_spacing = fc.minimum_interitem_spacing = 8;
    fc.section_inset = (cvl_insets){8, 8, 8, 8};
    fc.header_reference_size = (cvl_size){0, HEADER_HEIGHT};
    check(cvl_flow_layout_set_config(self->layouts[L_FLOW], &fc), "flow config");
    /* Self-sizing: every caption is measured (its width) before its cell is drawn. */
    check(cvl_flow_layout_set_estimated_item_size(self->layouts[L_FLOW], (cvl_size){110, 90}), "estimate");

    check(cvl_waterfall_layout_create(&self->layouts[L_WATERFALL]), "waterfall");
    fc.item_size = (cvl_size){100, 100};
    check(cvl_flow_layout_set_config(self->layouts[L_WATERFALL], &fc), "waterfall config");
    cvl_waterfall_config wc;
    cvl_waterfall_config_default(&wc);
    wc.minimum_column_width = 150;
    check(cvl_waterfall_layout_set_config(self->layouts[L_WATERFALL], &wc), "waterfall columns");

    cvl_grid_config gc;
    check(cvl_grid_layout_create(&self->layouts[L_GRID]), "grid");
    cvl_grid_config_default(&gc);
    gc.columns = 5;
    gc.item_aspect = 0.75;
    gc.interitem_spacing = gc.intergroup_spacing = 8;
    gc.content_insets = (cvl_insets){8, 8, 8, 8};
    gc.header_height = HEADER_HEIGHT;
    check(cvl_grid_layout_set_config(self->layouts[L_GRID], &gc), "grid config");

    check(cvl_cover_flow_layout_create(&self->layouts[L_COVER]), "cover flow");
    check(cvl_circle_layout_create(&self->layouts[L_CIRCLE]), "circle");
    check(cvl_circle_layout_set_item_size(self->layouts[L_CIRCLE], (cvl_size){48, 48}), "circle size");
}

/* ---- offsets, adjustments, right-to-left ----------------------------------------------------- */
/* Right-to-left is the library's: the view is told the widget's direction (set_direction below)
** and hands out host coordinates, so frames, the content offset and hit-test points are the
** widget's own whatever the direction, and nothing here mirrors. The offset's x counts from the
** left in both directions (a right-to-left view starts at the right end: x = content - bounds), so
** it is the horizontal adjustment's value as it is. */
static double widget_width(CvlPhotoView *self) { return gtk_widget_get_width(GTK_WIDGET(self)); }
static double widget_height(CvlPhotoView *self) { return gtk_widget_get_height(GTK_WIDGET(self)); }

static void sync_adjustments(CvlPhotoView *self) {
    cvl_size content, bounds;
    cvl_point off;
    check(cvl_view_content_size(self->view, &content), "content size");
    check(cvl_view_get_bounds_size(self->view, &bounds), "bounds");
    check(cvl_view_get_content_offset(self->view, &off), "offset");
    self->syncing = TRUE;
    if (self->hadj)
        gtk_adjustment_configure(self->hadj, off.x, 0, MAX(content.width, bounds.width), bounds.width * 0.1,
                                 bounds.width * 0.9, bounds.width);
    if (self->vadj)
        gtk_adjustment_configure(self->vadj, off.y, 0, MAX(content.height, bounds.height), bounds.height * 0.1,
                                 bounds.height * 0.9, bounds.height);
    self->syncing = FALSE;
}

static void adjustment_changed(GtkAdjustment *adj, CvlPhotoView *self) {
    (void)adj;
    if (self->syncing || !self->view) return;
    double x = self->hadj ? gtk_adjustment_get_value(self->hadj) : 0;
    double y = self->vadj ? gtk_adjustment_get_value(self->vadj) : 0;
    check(cvl_view_set_content_offset(self->view, (cvl_point){x, y}), "scroll");
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void set_adjustment(CvlPhotoView *self, GtkAdjustment **slot, GtkAdjustment *adj) {
    if (*slot) {
        g_signal_handlers_disconnect_by_func(*slot, adjustment_changed, self);
        g_object_unref(*slot);
    }
    if (!adj) adj = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    *slot = g_object_ref_sink(adj);
    g_signal_connect(adj, "value-changed", G_CALLBACK(adjustment_changed), self);
    if (self->view) sync_adjustments(self);
}

/* Scrolls by (dx, dy) in screen directions, clamped to the content (the adjustments clamp). */
static void scroll_by(CvlPhotoView *self, double dx, double dy) {
    if (self->current == L_COVER && dx == 0) dx = dy, dy = 0;  /* one row: the wheel scrolls sideways */
    if (self->hadj && dx != 0) gtk_adjustment_set_value(self->hadj, gtk_adjustment_get_value(self->hadj) + dx);
    if (self->vadj && dy != 0) gtk_adjustment_set_value(self->vadj, gtk_adjustment_get_value(self->vadj) + dy);
    self->last_scroll = self->now;
    self->snap_pending = self->current == L_COVER;
    self->snapping = self->settle = FALSE;
    self->scrolls++;
}

/* ---- the frame loop --------------------------------------------------------------------------- */
static const cvl_animation *ease(double duration) {
    static cvl_animation a;
    cvl_animation_default(&a);
    a.duration = duration;
    return &a;
}

/* Measures the captions of the cells about to be drawn (flow only) and reports them; TRUE when it
** reported any (the frame changed). */
static gboolean measure_cells(CvlPhotoView *self) {
    if (self->current != L_FLOW) return FALSE;
    cvl_point off;
    cvl_size b;
    cvl_view_get_content_offset(self->view, &off);
    cvl_view_get_bounds_size(self->view, &b);
    cvl_rect r = {off.x - MEASURE_MARGIN, off.y - MEASURE_MARGIN, b.width + 2 * MEASURE_MARGIN,
                  b.height + 2 * MEASURE_MARGIN};
    size_t n = 0;
    check(cvl_view_items_to_measure(self->view, r, NULL, 0, &n), "items to measure");  /* count first */
    if (n == 0) return FALSE;
    cvl_index_path *paths = g_new(cvl_index_path, n);
    cvl_size *sizes = g_new(cvl_size, n);
    check(cvl_view_items_to_measure(self->view, r, paths, n, &n), "items to measure");
    PangoLayout *pl = gtk_widget_create_pango_layout(GTK_WIDGET(self), NULL);
    for (size_t i = 0; i < n; i++) {
        uint64_t id = self->model.sections[paths[i].section].ids[paths[i].item];
        char text[64];
        int tw, th;
        snprintf(text, sizeof text, "%llu%s", (unsigned long long)id, captions[id % 5]);
        pango_layout_set_text(pl, text, -1);
        pango_layout_get_pixel_size(pl, &tw, &th);
        sizes[i] = (cvl_size){MAX(90.0, (double)tw + 16.0), 90.0};
    }
    g_object_unref(pl);
    check(cvl_view_set_measured_sizes(self->view, paths, sizes, n), "measured sizes");
    g_free(paths);
    g_free(sizes);
    return TRUE;
}

/* One frame at host time `t`: the clock, Cover Flow's snapping, measuring, the adjustments. */
static void advance(CvlPhotoView *self, double t) {
    self->now = t;
    check(cvl_view_set_time(self->view, t), "set_time");
    int animating = 0;
    check(cvl_view_is_animating(self->view, &animating), "is_animating");
    if (self->settle && !animating) {
        /* A switch does not snap (UIKit asks only the form without velocity): rest on a cover now. */
        self->settle = FALSE;
        self->snap_pending = TRUE;
        self->last_scroll = t - SNAP_IDLE;
    }
    if (self->snap_pending && t - self->last_scroll >= SNAP_IDLE) {
        /* The gesture ended: ask the layout where to rest and glide there (0.3 s ease-out). */
        cvl_point off;
        cvl_view_get_content_offset(self->view, &off);
        check(cvl_view_target_content_offset(self->view, off, (cvl_point){0, 0}, &self->snap_to), "target");
        self->snap_from = off;
        self->snap_start = t;
        self->snap_pending = FALSE;
        self->snapping = TRUE;
    }
    if (self->snapping) {
        double p = 1;
        const cvl_animation *a = ease(0.3);
        if (t - self->snap_start < a->duration) cvl_animation_progress(a, t - self->snap_start, &p);
        cvl_point o = {self->snap_from.x + (self->snap_to.x - self->snap_from.x) * p,
                       self->snap_from.y + (self->snap_to.y - self->snap_from.y) * p};
        check(cvl_view_set_content_offset(self->view, o), "snap");
        if (p >= 1) self->snapping = FALSE;
    }
    gboolean measured = measure_cells(self);
    sync_adjustments(self);
    /* Draw only when the picture can have changed: an idle view costs nothing a frame. Scrolls,
    ** edits, switches and clicks queue their own draw. */
    if (animating || self->snapping || self->was_animating || measured) gtk_widget_queue_draw(GTK_WIDGET(self));
    self->was_animating = animating || self->snapping;
}

static gboolean on_tick(GtkWidget *w, GdkFrameClock *clock, gpointer data) {
    (void)data;
    CvlPhotoView *self = CVL_PHOTO_VIEW(w);
    if (!self->driven) advance(self, (double)gdk_frame_clock_get_frame_time(clock) / 1e6);
    return G_SOURCE_CONTINUE;
}

/* ---- drawing ---------------------------------------------------------------------------------- */
static void free_cached(gpointer p) {
    CachedCell *c = p;
    if (c->text) gsk_render_node_unref(c->text);
    if (c->content) gsk_render_node_unref(c->content);
    g_free(c);
}

/* The element's caption text, laid out once (6 points in, 1 down): its size does not depend on the
** cell's, so a cell whose size animates (a layout switch) keeps it and only clips it anew. */
static GskRenderNode *make_text(CvlPhotoView *self, const cvl_attributes *a) {
    char text[64];
    if (a->category == CVL_CATEGORY_CELL)
        snprintf(text, sizeof text, "%llu%s", (unsigned long long)a->identifier, captions[a->identifier % 5]);
    else
        snprintf(text, sizeof text, "Section %lld", (long long)a->index_path.section + 1);
    GtkSnapshot *s = gtk_snapshot_new();
    PangoLayout *pl = gtk_widget_create_pango_layout(GTK_WIDGET(self), text);
    GdkRGBA ink = {0, 0, 0, 1};
    gtk_snapshot_translate(s, &GRAPHENE_POINT_INIT(6, 1));
    gtk_snapshot_append_layout(s, pl, &ink);
    g_object_unref(pl);
    return gtk_snapshot_free_to_node(s);
}

/* The element's content at (0, 0, w, h): its fill, its caption, the selection bar. Cover Flow's
** masking value (custom[0]) is a black veil, folded into the fill's colour: black at alpha v over
** colour c is c (1 - v), and over the black caption black again, so the colours are exact and a
** cell without a caption stays one colour node. Both matter to GL renderers, which draw a single
** node under a rotation, a perspective or an opacity directly but a group of nodes through an
** offscreen texture, and keep that texture from frame to frame for the same node: the pool hands
** out the same content node while nothing in it changes (a captioned cell fading in costs one
** offscreen, not one a frame). The pool: identifier -> caption and content, visible elements only. */
static GskRenderNode *cell_content(CvlPhotoView *self, const cvl_attributes *a) {
    uint64_t key = a->category == CVL_CATEGORY_CELL ? a->identifier : (a->identifier | (1ull << 63));
    double veil = 0;
    if (a->category == CVL_CATEGORY_CELL && a->custom_count >= 1) veil = CLAMP(a->custom[0], 0.0, 1.0);
    gboolean selected = a->category == CVL_CATEGORY_CELL && a->has_identifier && a->identifier == self->selected_id;
    CachedCell *c = g_hash_table_lookup(self->pool, &key);
    if (!c) {
        c = g_new0(CachedCell, 1);
        uint64_t *k = g_new(uint64_t, 1);
        *k = key;
        g_hash_table_insert(self->pool, k, c);
    }
    c->frame_seen = self->frame_no;
    gboolean resized = !c->content || c->w != a->size.width || c->h != a->size.height;
    if (!resized && c->veil == veil && c->selected == selected) return c->content;
    /* The caption: the text in the top 18 points, clipped to the cell; none on a cell too small. */
    gboolean captioned = a->size.width >= 60 && a->size.height >= 40;
    if (captioned && !c->text) c->text = make_text(self, a);
    double rgb[3] = {0.9, 0.9, 0.9};
    if (a->category == CVL_CATEGORY_CELL) id_colour(a->identifier, rgb);
    GdkRGBA fill = {(float)(rgb[0] * (1 - veil)), (float)(rgb[1] * (1 - veil)), (float)(rgb[2] * (1 - veil)), 1};
    float w = (float)a->size.width, h = (float)a->size.height;
    GtkSnapshot *s = gtk_snapshot_new();
    gtk_snapshot_append_color(s, &fill, &GRAPHENE_RECT_INIT(0, 0, w, h));
    if (captioned) {
        gtk_snapshot_push_clip(s, &GRAPHENE_RECT_INIT(0, 0, w, 18));
        gtk_snapshot_append_node(s, c->text);
        gtk_snapshot_pop(s);
    }
    if (selected) gtk_snapshot_append_color(s, &(GdkRGBA){1, 1, 1, 1}, &GRAPHENE_RECT_INIT(0, h - 4, w, 4));
    if (c->content) gsk_render_node_unref(c->content);
    c->content = gtk_snapshot_free_to_node(s);
    c->w = a->size.width, c->h = a->size.height, c->veil = veil, c->selected = selected;
    return c->content;
}

static gboolean pool_stale(gpointer key, gpointer value, gpointer data) {
    (void)key;
    return ((CachedCell *)value)->frame_seen != *(uint64_t *)data;
}

/* Queries the visible elements (draw order) into self->buf. */
static size_t query_visible(CvlPhotoView *self) {
    size_t n = 0;
    int st = cvl_view_visible_attributes(self->view, self->buf, self->buf_cap, &n);
    if (st == CVL_ERROR_CAPACITY) {
        self->buf_cap = n + n / 2 + 64;
        self->buf = g_renew(cvl_attributes, self->buf, self->buf_cap);
        st = cvl_view_visible_attributes(self->view, self->buf, self->buf_cap, &n);
    }
    check(st, "visible attributes");
    return n;
}

/* Hands GTK the element's transform (about its centre, the snapshot's origin there). GTK keeps a
** transform's category: a translation, or a 2D rotation and scale, stays cheap for its renderers,
** while a general 4x4 matrix is treated as 3D. So the common cases are given as such; the rest (Cover
** Flow's perspective) as a matrix, graphene's row-major order being CATransform3D's (row vectors). */
static void apply_transform(GtkSnapshot *snapshot, const cvl_transform3d *m) {
    int planar = m->m13 == 0 && m->m23 == 0 && m->m31 == 0 && m->m32 == 0 && m->m33 == 1 && m->m34 == 0 &&
                 m->m43 == 0 && m->m14 == 0 && m->m24 == 0 && m->m44 == 1;
    if (planar && m->m11 == m->m22 && m->m12 == -m->m21) {
        /* Rotation by atan2(m12, m11) and uniform scale (the circle, the stack), or nothing. */
        if (m->m41 != 0 || m->m42 != 0)
            gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)m->m41, (float)m->m42));
        double scale = hypot(m->m11, m->m12), angle = atan2(m->m12, m->m11) * 180.0 / G_PI;
        if (angle != 0) gtk_snapshot_rotate(snapshot, (float)angle);
        if (scale != 1) gtk_snapshot_scale(snapshot, (float)scale, (float)scale);
        return;
    }
    /* GL renderers clip z outside their depth range, and Cover Flow moves its centre cover by
    ** z = 40000 (Core Animation's zPosition order): drop the z output, which leaves x, y and w of
    ** every point of the (z = 0) element unchanged. The draw order comes from the list. */
    float v[16] = {(float)m->m11, (float)m->m12, 0, (float)m->m14, (float)m->m21, (float)m->m22, 0, (float)m->m24,
                   (float)m->m31, (float)m->m32, 1, (float)m->m34, (float)m->m41, (float)m->m42, 0, (float)m->m44};
    graphene_matrix_t gm;
    graphene_matrix_init_from_float(&gm, v);
    gtk_snapshot_transform_matrix(snapshot, &gm);
}

static void draw_elements(CvlPhotoView *self, GtkSnapshot *snapshot, size_t n) {
    cvl_point off;
    check(cvl_view_get_content_offset(self->view, &off), "offset");
    self->drawn_offset = off;
    self->frame_no++;
    for (size_t i = 0; i < n; i++) {
        cvl_attributes *a = &self->buf[i];
        if (a->hidden || a->alpha <= 0) continue;
        double cx = a->center.x - off.x, cy = a->center.y - off.y;
        gtk_snapshot_save(snapshot);
        gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)cx, (float)cy));
        apply_transform(snapshot, &a->transform);
        gtk_snapshot_translate(snapshot,
                               &GRAPHENE_POINT_INIT((float)(-a->size.width / 2), (float)(-a->size.height / 2)));
        if (a->alpha < 1) gtk_snapshot_push_opacity(snapshot, a->alpha);
        gtk_snapshot_append_node(snapshot, cell_content(self, a));
        if (a->alpha < 1) gtk_snapshot_pop(snapshot);
        gtk_snapshot_restore(snapshot);
    }
    /* Only the cells drawn this frame keep their nodes. */
    g_hash_table_foreach_remove(self->pool, pool_stale, &self->frame_no);
}

static void photo_view_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    CvlPhotoView *self = CVL_PHOTO_VIEW(widget);
    double t0 = mono_ms();
    size_t n = query_visible(self);
    double t1 = mono_ms();
    GdkRGBA bg = {24 / 255.0f, 24 / 255.0f, 28 / 255.0f, 1};
    graphene_rect_t all = GRAPHENE_RECT_INIT(0, 0, (float)widget_width(self), (float)widget_height(self));
    gtk_snapshot_push_clip(snapshot, &all);
    gtk_snapshot_append_color(snapshot, &bg, &all);
    draw_elements(self, snapshot, n);
    gtk_snapshot_pop(snapshot);
    self->drawn = n;
    self->query_ms = t1 - t0;
    self->draw_ms = mono_ms() - t1;
}

/* The widget's text direction (the locale's unless set) is the view's layout direction. The host's
** offset follows the mirror's axis, so the adjustments are read back from the view. */
static void set_direction(CvlPhotoView *self) {
    gboolean rtl = gtk_widget_get_direction(GTK_WIDGET(self)) == GTK_TEXT_DIR_RTL;
    check(cvl_view_set_layout_direction(self->view, rtl ? CVL_LAYOUT_DIRECTION_RTL : CVL_LAYOUT_DIRECTION_LTR),
          "direction");
}

/* Frames on whole device pixels: the view's display scale is the widget's scale factor (2 on a
** HiDPI screen), so no cell edge falls between two pixels and blurs. */
static void set_scale(CvlPhotoView *self) {
    check(cvl_view_set_display_scale(self->view, gtk_widget_get_scale_factor(GTK_WIDGET(self))), "display scale");
}

static void scale_changed(GObject *o, GParamSpec *ps, gpointer data) {
    (void)o, (void)ps;
    if (!CVL_PHOTO_VIEW(data)->view) return;  /* disposed */
    set_scale(data);
    sync_adjustments(data);
    gtk_widget_queue_draw(GTK_WIDGET(data));
}

static gboolean is_rtl(CvlPhotoView *self) {
    int32_t d = CVL_LAYOUT_DIRECTION_LTR;
    check(cvl_view_get_layout_direction(self->view, &d), "direction");
    return d == CVL_LAYOUT_DIRECTION_RTL;
}

static void photo_view_direction_changed(GtkWidget *widget, GtkTextDirection previous) {
    CvlPhotoView *self = CVL_PHOTO_VIEW(widget);
    (void)previous;
    if (!self->view) return;  /* disposed */
    set_direction(self);
    sync_adjustments(self);
    gtk_widget_queue_draw(widget);
}

static void photo_view_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    CvlPhotoView *self = CVL_PHOTO_VIEW(widget);
    check(cvl_view_set_bounds_size(self->view, (cvl_size){width, height}), "bounds");
    measure_cells(self);
    sync_adjustments(self);
}

static void photo_view_measure(GtkWidget *w, GtkOrientation o, int for_size, int *min, int *nat, int *minb,
                               int *natb) {
    (void)w, (void)for_size;
    *min = 100;
    *nat = o == GTK_ORIENTATION_HORIZONTAL ? 800 : 600;
    *minb = *natb = -1;
}

/* ---- changes ---------------------------------------------------------------------------------- */
static void switch_layout(CvlPhotoView *self, int which, gboolean animated) {
    if (which == self->current) return;
    if (which == L_WATERFALL)
        for (int s = 0; s < SECTIONS; s++) waterfall_sync_sizes(self, s);
    self->snapping = self->snap_pending = FALSE;
    self->settle = which == L_COVER;
    check(cvl_view_set_layout(self->view, self->layouts[which], animated ? ease(0.6) : NULL), "set_layout");
    self->current = which;
    measure_cells(self);
    sync_adjustments(self);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* The first cell drawn in index-path order: where the edit keys act. */
static gboolean first_visible(CvlPhotoView *self, cvl_index_path *out) {
    size_t n = query_visible(self);
    gboolean found = FALSE;
    for (size_t i = 0; i < n; i++) {
        cvl_attributes *a = &self->buf[i];
        if (a->category != CVL_CATEGORY_CELL || a->disappearing) continue;
        if (!found || a->index_path.section < out->section ||
            (a->index_path.section == out->section && a->index_path.item < out->item))
            *out = a->index_path, found = TRUE;
    }
    return found;
}

static void apply_model(CvlPhotoView *self, int section) {
    if (self->current == L_WATERFALL) waterfall_sync_sizes(self, section);  /* sizes first */
    cvl_section_snapshot snap[SECTIONS];
    model_snapshot(&self->model, snap);
    check(cvl_view_apply_snapshot(self->view, snap, SECTIONS, NULL, 0, ease(0.4)), "apply_snapshot");
    if (self->current != L_WATERFALL) waterfall_sync_sizes(self, section);
    measure_cells(self);
    sync_adjustments(self);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void edit(CvlPhotoView *self, char op) {
    cvl_index_path p = {0, 0};
    if (!first_visible(self, &p)) return;
    Section *s = &self->model.sections[p.section];
    if (op == 'i') {
        section_insert(s, (size_t)p.item + 1, self->model.next_id++);
    } else if (op == 'd' && s->count > (size_t)p.item + 1) {
        section_remove(s, (size_t)p.item + 1);
    } else if (op == 'm' && s->count > (size_t)p.item + 4) {
        section_insert(s, (size_t)p.item + 3, section_remove(s, (size_t)p.item));
    } else {
        return;
    }
    apply_model(self, (int)p.section);
}

static void click(CvlPhotoView *self, double x, double y) {
    cvl_point off;
    cvl_view_get_content_offset(self->view, &off);
    cvl_index_path p;
    int found = 0;
    check(cvl_view_index_path_at_point(self->view, (cvl_point){x + off.x, y + off.y}, &p, &found), "hit test");
    self->clicks++;
    if (found) {
        self->selected_section = p.section, self->selected_item = p.item;
        self->selected_id = self->model.sections[p.section].ids[p.item];
    } else {
        self->selected_section = self->selected_item = -1, self->selected_id = 0;
    }
    printf("hit %s %lld %lld %llu\n", found ? "yes" : "no", (long long)self->selected_section,
           (long long)self->selected_item, (unsigned long long)self->selected_id);
    fflush(stdout);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static gboolean on_key(GtkEventControllerKey *c, guint keyval, guint keycode, GdkModifierType st, gpointer data) {
    (void)c, (void)keycode, (void)st;
    CvlPhotoView *self = data;
    double page = widget_height(self) * 0.9, pagex = widget_width(self) * 0.5;
    self->keys++;
    switch (keyval) {
    case GDK_KEY_1: case GDK_KEY_2: case GDK_KEY_3: case GDK_KEY_4: case GDK_KEY_5:
        switch_layout(self, (int)(keyval - GDK_KEY_1), TRUE);
        break;
    case GDK_KEY_i: edit(self, 'i'); break;
    case GDK_KEY_d: edit(self, 'd'); break;
    case GDK_KEY_m: edit(self, 'm'); break;
    case GDK_KEY_Page_Down: scroll_by(self, 0, page); break;
    case GDK_KEY_Page_Up: scroll_by(self, 0, -page); break;
    case GDK_KEY_Down: scroll_by(self, 0, WHEEL_STEP); break;
    case GDK_KEY_Up: scroll_by(self, 0, -WHEEL_STEP); break;
    case GDK_KEY_Right: scroll_by(self, pagex, 0); break;
    case GDK_KEY_Left: scroll_by(self, -pagex, 0); break;
    default: self->keys--; return FALSE;
    }
    return TRUE;
}

static gboolean on_scroll(GtkEventControllerScroll *c, double dx, double dy, gpointer data) {
    (void)c;
    scroll_by(data, dx * WHEEL_STEP, dy * WHEEL_STEP);
    return TRUE;
}

static void on_pressed(GtkGestureClick *g, int n, double x, double y, gpointer data) {
    (void)g, (void)n;
    gtk_widget_grab_focus(GTK_WIDGET(data));
    click(data, x, y);
}

/* ---- GObject boilerplate ---------------------------------------------------------------------- */
static void photo_view_set_property(GObject *o, guint id, const GValue *v, GParamSpec *ps) {
    CvlPhotoView *self = CVL_PHOTO_VIEW(o);
    switch (id) {
    case PROP_HADJUSTMENT: set_adjustment(self, &self->hadj, g_value_get_object(v)); break;
    case PROP_VADJUSTMENT: set_adjustment(self, &self->vadj, g_value_get_object(v)); break;
    case PROP_HSCROLL_POLICY: self->hpolicy = g_value_get_enum(v); break;
    case PROP_VSCROLL_POLICY: self->vpolicy = g_value_get_enum(v); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(o, id, ps);
    }
}

static void photo_view_get_property(GObject *o, guint id, GValue *v, GParamSpec *ps) {
    CvlPhotoView *self = CVL_PHOTO_VIEW(o);
    switch (id) {
    case PROP_HADJUSTMENT: g_value_set_object(v, self->hadj); break;
    case PROP_VADJUSTMENT: g_value_set_object(v, self->vadj); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum(v, (gint)self->hpolicy); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum(v, (gint)self->vpolicy); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(o, id, ps);
    }
}

static void photo_view_dispose(GObject *o) {
    CvlPhotoView *self = CVL_PHOTO_VIEW(o);
    if (self->hadj) g_signal_handlers_disconnect_by_func(self->hadj, adjustment_changed, self);
    if (self->vadj) g_signal_handlers_disconnect_by_func(self->vadj, adjustment_changed, self);
    g_clear_object(&self->hadj);
    g_clear_object(&self->vadj);
    g_clear_pointer(&self->pool, g_hash_table_destroy);
    if (self->view) {
        cvl_view_destroy(self->view);
        self->view = NULL;
        for (int i = 0; i < L_COUNT; i++) cvl_layout_destroy(self->layouts[i]);
        for (int s = 0; s < SECTIONS; s++) g_free(self->model.sections[s].ids);
        g_free(self->buf);
    }
    G_OBJECT_CLASS(cvl_photo_view_parent_class)->dispose(o);
}

static void cvl_photo_view_class_init(CvlPhotoViewClass *klass) {
    GObjectClass *oc = G_OBJECT_CLASS(klass);
    GtkWidgetClass *wc = GTK_WIDGET_CLASS(klass);
    oc->set_property = photo_view_set_property;
    oc->get_property = photo_view_get_property;
    oc->dispose = photo_view_dispose;
    wc->snapshot = photo_view_snapshot;
    wc->size_allocate = photo_view_size_allocate;
    wc->measure = photo_view_measure;
    wc->direction_changed = photo_view_direction_changed;
    g_object_class_override_property(oc, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(oc, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(oc, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(oc, PROP_VSCROLL_POLICY, "vscroll-policy");
}

static void cvl_photo_view_init(CvlPhotoView *self) {
    self->model.next_id = 1;
    for (int s = 0; s < SECTIONS; s++)
        for (int i = 0; i < ITEMS_PER_SECTION; i++)
            section_insert(&self->model.sections[s], (size_t)i, self->model.next_id++);
    self->pool = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, free_cached);
    self->selected_section = self->selected_item = -1;
    make_layouts(self);
    cvl_data_source src = {&self->model, ds_sections, ds_items};
    check(cvl_view_create(&src, self->layouts[L_FLOW], &self->view), "view");
    cvl_section_snapshot snap[SECTIONS];
    model_snapshot(&self->model, snap);
    check(cvl_view_set_identifiers(self->view, snap, SECTIONS), "identifiers");
    self->current = L_FLOW;
    set_direction(self);
    set_scale(self);
    g_signal_connect(self, "notify::scale-factor", G_CALLBACK(scale_changed), self);
    self->buf_cap = 256;
    self->buf = g_new(cvl_attributes, self->buf_cap);
    gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
    GtkEventController *key = gtk_event_controller_key_new();
    g_signal_connect(key, "key-pressed", G_CALLBACK(on_key), self);
    gtk_widget_add_controller(GTK_WIDGET(self), key);
    GtkEventController *sc = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
    g_signal_connect(sc, "scroll", G_CALLBACK(on_scroll), self);
    gtk_widget_add_controller(GTK_WIDGET(self), sc);
    GtkGesture *gc = gtk_gesture_click_new();
    g_signal_connect(gc, "pressed", G_CALLBACK(on_pressed), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(gc));
    gtk_widget_add_tick_callback(GTK_WIDGET(self), on_tick, NULL, NULL);
}

/* ---- scripted mode: commands on stdin, a driven clock, dumps of what was drawn ---------------- */
typedef struct {
    CvlPhotoView *pv;
    GtkWindow *window;
    const char *out_dir;
    char pending[64];
    GString *line;
} Script;

static void dump(Script *sc, const char *name) {
    CvlPhotoView *self = sc->pv;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.json", sc->out_dir, name);
    FILE *f = fopen(path, "w");
    if (!f) { g_printerr("cannot write %s\n", path); exit(2); }
    cvl_point off;
    cvl_size b, cs;
    off = self->drawn_offset;  /* the elements' and the offset of the frame painted */
    cvl_view_get_bounds_size(self->view, &b);
    cvl_view_content_size(self->view, &cs);
    graphene_point_t origin;
    if (!gtk_widget_compute_point(GTK_WIDGET(self), GTK_WIDGET(sc->window), &GRAPHENE_POINT_INIT(0, 0), &origin))
        origin = GRAPHENE_POINT_INIT(0, 0);
    fprintf(f, "{\"name\": \"%s\", \"host\": \"gtk\", \"layout\": \"%s\", \"time\": %.17g, \"rtl\": %s,\n",
            name, layout_names[self->current], self->now, is_rtl(self) ? "true" : "false");
    fprintf(f, " \"offset\": [%.17g, %.17g], \"bounds\": [%.17g, %.17g], \"content_size\": [%.17g, %.17g],\n",
            off.x, off.y, b.width, b.height, cs.width, cs.height);
    size_t unmeasured = 0;  /* visible cells still at their estimate (flow; other layouts measure nothing) */
    if (cvl_view_items_to_measure(self->view, (cvl_rect){off.x, off.y, b.width, b.height}, NULL, 0, &unmeasured))
        unmeasured = 0;
    double scale = 0;
    cvl_view_get_display_scale(self->view, &scale);
    fprintf(f, " \"widget_origin_in_window\": [%g, %g], \"selected\": %llu, \"unmeasured_visible\": %zu,\n",
            origin.x, origin.y, (unsigned long long)self->selected_id, unmeasured);
    fprintf(f, " \"display_scale\": %.17g,\n", scale);
    fprintf(f, " \"counts\": [");
    for (int s = 0; s < SECTIONS; s++) fprintf(f, "%s%zu", s ? ", " : "", self->model.sections[s].count);
    fprintf(f, "],\n \"elements\": [\n");
    for (size_t i = 0; i < self->drawn; i++) {
        cvl_attributes *a = &self->buf[i];
        const double *m = &a->transform.m11;
        fprintf(f, "  {\"category\": %d, \"kind\": %d, \"section\": %lld, \"item\": %lld, \"id\": %llu, ",
                a->category, a->kind, (long long)a->index_path.section, (long long)a->index_path.item,
                (unsigned long long)a->identifier);
        fprintf(f, "\"center\": [%.17g, %.17g], \"size\": [%.17g, %.17g], \"frame\": [%.17g, %.17g, %.17g, %.17g], ",
                a->center.x, a->center.y, a->size.width, a->size.height, a->frame.x, a->frame.y, a->frame.width,
                a->frame.height);
        fprintf(f, "\"alpha\": %.17g, \"z\": %lld, \"hidden\": %d, \"disappearing\": %d, \"mask\": %.17g, ",
                a->alpha, (long long)a->z_index, a->hidden, a->disappearing,
                a->category == CVL_CATEGORY_CELL && a->custom_count >= 1 ? a->custom[0] : 0.0);
        fprintf(f, "\"transform\": [");
        for (int k = 0; k < 16; k++) fprintf(f, "%s%.17g", k ? ", " : "", m[k]);
        fprintf(f, "]}%s\n", i + 1 < self->drawn ? "," : "");
    }
    fprintf(f, " ]}\n");
    fclose(f);
}

static gboolean shot_ready(gpointer data) {
    Script *sc = data;
    dump(sc, sc->pending);
    printf("ready %s\n", sc->pending);
    fflush(stdout);
    return G_SOURCE_REMOVE;
}

static void after_paint(GdkFrameClock *clock, gpointer data) {
    Script *sc = data;
    g_signal_handlers_disconnect_by_func(clock, after_paint, data);
    /* The frame is painted and swapped; give the X server a moment to show it, then report. */
    g_timeout_add(60, shot_ready, sc);
}

static void run_command(Script *sc, const char *cmd) {
    CvlPhotoView *self = sc->pv;
    double dt;
    char name[64];
    if (sscanf(cmd, "step %lf", &dt) == 1) {
        advance(self, self->now + dt);
        printf("ok\n");
    } else if (sscanf(cmd, "shot %63s", name) == 1) {
        snprintf(sc->pending, sizeof sc->pending, "%s", name);
        GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(self));
        g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), sc);
        gtk_widget_queue_draw(GTK_WIDGET(self));
        return;
    } else if (strcmp(cmd, "status") == 0) {
        cvl_point off;
        int animating = 0;
        cvl_view_get_content_offset(self->view, &off);
        cvl_view_is_animating(self->view, &animating);
        printf("status keys=%d clicks=%d scrolls=%d layout=%s animating=%d snapping=%d offset=%.17g,%.17g\n",
               self->keys, self->clicks, self->scrolls, layout_names[self->current], animating,
               self->snapping || self->snap_pending, off.x, off.y);
    } else if (strcmp(cmd, "quit") == 0) {
        g_application_quit(g_application_get_default());
        return;
    } else {
        printf("error unknown command %s\n", cmd);
    }
    fflush(stdout);
}

static gboolean on_stdin(GIOChannel *ch, GIOCondition cond, gpointer data) {
    Script *sc = data;
    gchar *line = NULL;
    gsize len = 0;
    (void)cond;
    GIOStatus st = g_io_channel_read_line(ch, &line, &len, NULL, NULL);
    if (st == G_IO_STATUS_EOF || st == G_IO_STATUS_ERROR) {
        g_application_quit(g_application_get_default());
        return G_SOURCE_REMOVE;
    }
    if (line) {
        g_strstrip(line);
        if (*line) run_command(sc, line);
        g_free(line);
    }
    return G_SOURCE_CONTINUE;
}

/* ---- benchmark: query + draw per frame, every layout ------------------------------------------ */
static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One frame as the widget draws it, timed: query (with measuring), render nodes, render. The
** nodes are rendered as GTK renders a frame of the window: gsk_renderer_render with the window's
** renderer onto its surface, which ends with the buffer swap to the X server. */
static size_t timed_frame(CvlPhotoView *self, GskRenderer *renderer, double out[4]) {
    double t0 = mono_ms();
    measure_cells(self);
    size_t n = query_visible(self);
    double t1 = mono_ms();
    GtkSnapshot *s = gtk_snapshot_new();
    draw_elements(self, s, n);
    GskRenderNode *node = gtk_snapshot_free_to_node(s);
    double t1b = mono_ms();
    if (node) gsk_renderer_render(renderer, node, NULL);
    double t2 = mono_ms();
    if (node) gsk_render_node_unref(node);
    out[0] = t1 - t0, out[1] = t1b - t1, out[2] = t2 - t1, out[3] = t2 - t0;
    return n;
}

enum { BENCH_FRAMES = 240 };

static void bench_row(FILE *f, const char *name, double (*m)[BENCH_FRAMES], int frames, size_t elements) {
    for (int c = 0; c < 4; c++) qsort(m[c], (size_t)frames, sizeof(double), cmp_double);
    int p95 = (frames * 95) / 100;
    fprintf(f, "| %s | %zu | %.3f ms | %.3f ms | %.3f ms | %.3f ms | %.3f ms | %.3f ms | %.3f ms |\n", name,
            elements / (size_t)frames, m[0][frames / 2], m[0][p95], m[1][frames / 2], m[2][frames / 2], m[2][p95],
            m[3][frames / 2], m[3][p95]);
}

/* Scrolls every layout for BENCH_FRAMES frames, then times the frames of an animated switch into
** each layout (0.6 s at 60 frames a second) from the one before it in the list. */
static gboolean run_bench(gpointer data) {
    Script *sc = data;
    CvlPhotoView *self = sc->pv;
    GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(sc->window));
    static double m[4][BENCH_FRAMES];
    double one[4], clock = 0;
    FILE *f = fopen(sc->out_dir, "w");
    if (!f) { g_printerr("cannot write %s\n", sc->out_dir); exit(2); }
    const char *head = "| layout | elements/frame | query median | query p95 | nodes median | draw median | draw p95 "
                       "| frame median | frame p95 |\n|---|---|---|---|---|---|---|---|---|\n";
    fprintf(f, "Scrolling (37 points a frame; the circle does not scroll):\n\n%s", head);
    for (int l = 0; l < L_COUNT; l++) {
        switch_layout(self, l, FALSE);
        size_t elements = 0;
        for (int k = 0; k < BENCH_FRAMES; k++) {
            double step = k * 37.0;
            cvl_point o = l == L_COVER ? (cvl_point){step, 0} : (cvl_point){0, l == L_CIRCLE ? 0 : step};
            cvl_view_set_content_offset(self->view, o);
            elements += timed_frame(self, renderer, one);
            for (int c = 0; c < 4; c++) m[c][k] = one[c];
        }
        bench_row(f, layout_names[l], m, BENCH_FRAMES, elements);
    }
    fprintf(f, "\nAnimated switch into the layout (from the one above it; from the circle into the flow), "
               "0.6 s, every 1/60 s:\n\n%s", head);
    for (int l = 0; l < L_COUNT; l++) {
        switch_layout(self, (l + L_COUNT - 1) % L_COUNT, FALSE);
        cvl_view_set_content_offset(self->view, (cvl_point){0, 0});
        check(cvl_view_set_time(self->view, clock), "time");
        switch_layout(self, l, TRUE);
        size_t elements = 0;
        int k = 0;
        for (; k < 36; k++) {
            clock += 1.0 / 60;
            check(cvl_view_set_time(self->view, clock), "time");
            elements += timed_frame(self, renderer, one);
            for (int c = 0; c < 4; c++) m[c][k] = one[c];
        }
        clock += 1;
        check(cvl_view_set_time(self->view, clock), "time");
        bench_row(f, layout_names[l], m, k, elements);
    }
    fclose(f);
    g_application_quit(g_application_get_default());
    return G_SOURCE_REMOVE;
}

/* ---- the application -------------------------------------------------------------------------- */
typedef struct {
    gboolean script, rtl;
    const char *out, *bench;
    int width, height;
} Options;

static Options opts = {FALSE, FALSE, ".", NULL, 820, 620};
static Script script;

static void on_activate(GtkApplication *app, gpointer data) {
    (void)data;
    /* --rtl does what a right-to-left locale does (GTK reads it at start-up: LANGUAGE=he). */
    if (opts.rtl) gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL);
    GtkWidget *win = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(win), "cvlayout GTK photo grid");
    gtk_window_set_default_size(GTK_WINDOW(win), opts.width, opts.height);
    if (opts.script || opts.bench) gtk_window_set_decorated(GTK_WINDOW(win), FALSE);
    GtkWidget *sw = gtk_scrolled_window_new();
    /* Classic scrollbars: they take their own space, so nothing draws over the cells. */
    gtk_scrolled_window_set_overlay_scrolling(GTK_SCROLLED_WINDOW(sw), FALSE);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
    CvlPhotoView *pv = g_object_new(CVL_TYPE_PHOTO_VIEW, NULL);
    pv->driven = opts.script || opts.bench;
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(sw), GTK_WIDGET(pv));
    gtk_window_set_child(GTK_WINDOW(win), sw);
    gtk_window_present(GTK_WINDOW(win));
    gtk_widget_grab_focus(GTK_WIDGET(pv));
    script.pv = pv;
    script.window = GTK_WINDOW(win);
    if (opts.bench) {
        script.out_dir = opts.bench;
        g_timeout_add(500, run_bench, &script);
    } else if (opts.script) {
        script.out_dir = opts.out;
        GIOChannel *ch = g_io_channel_unix_new(0);
        g_io_add_watch(ch, G_IO_IN | G_IO_HUP, on_stdin, &script);
        printf("started\n");
        fflush(stdout);
    }
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--script") == 0) opts.script = TRUE;
        else if (strcmp(argv[i], "--rtl") == 0) opts.rtl = TRUE;
        else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) opts.out = argv[++i];
        else if (strcmp(argv[i], "--bench") == 0 && i + 1 < argc) opts.bench = argv[++i];
        else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) sscanf(argv[++i], "%dx%d", &opts.width, &opts.height);
        else {
            fprintf(stderr, "usage: %s [--script --out DIR] [--bench FILE] [--rtl] [--size WxH]\n", argv[0]);
            return 2;
        }
    }
    GtkApplication *app = gtk_application_new("org.cvlayout.PhotoGrid", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
    char *args[] = {argv[0], NULL};
    int status = g_application_run(G_APPLICATION(app), 1, args);
    g_object_unref(app);
    return status;
}
