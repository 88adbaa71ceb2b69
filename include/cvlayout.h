/*
** cvlayout.h — the C interface of cvlayout, a headless re-implementation of UIKit's
** collection-view layout engine (UICollectionViewLayout, UICollectionViewFlowLayout, custom
** layouts, layout attributes, batch updates, animated layout switches).
**
** This file is the contract. Anything not declared here is not API. Each declaration says what
** it does, who owns what, which status codes it returns and which thread may call it.
**
** ## Conventions (apply to every function unless its comment says otherwise)
** - Every function returns an `int` status: CVL_OK (0) or one of the CVL_ERROR_* codes below.
**   On failure, `cvl_last_error_message()` explains it in words, and NOTHING has changed: no
**   output parameter written, no state of any handle modified.
** - Pointers to output parameters must not be NULL (CVL_ERROR_NULL_ARGUMENT).
** - Numbers are validated: NaN, infinity, negative sizes, index paths outside the counts and
**   counts that disagree are errors, never crashes. A destroyed or foreign handle is reported as
**   CVL_ERROR_INVALID_HANDLE (handles are never reused, so a stale handle is always detected).
** - Coordinates are `double`, in points, origin top-left, y down (UIKit's).
** - Arrays filled by the library take a caller-provided buffer `out`, its `capacity` in
**   elements, and `out_count`. If `capacity` is too small the call fails with
**   CVL_ERROR_CAPACITY, writes nothing to `out` and sets `*out_count` to the number needed.
**   Passing `out == NULL` and `capacity == 0` asks for the count only (returns CVL_OK).
**   A query whose answer would hold more than CVL_MAX_QUERY_ELEMENTS elements fails with
**   CVL_ERROR_OVERFLOW instead, count-only or not, and writes neither `out` nor `*out_count`.
**
** ## Threads
** Any function may be called from any thread. Calls are serialized by one library-wide lock,
** held for the whole call including the callbacks it makes: two threads using the same view (or
** different views) at once take turns, they never race. Callbacks run synchronously on the
** thread that made the call; a callback must therefore not wait for another thread that is
** itself calling into the library (it would wait forever). A callback must not call back into
** the view (or the layout) that invoked it: such calls fail with CVL_ERROR_STATE — except two
** kinds of read-only functions. Those marked "callable from hooks" below may be called from a
** layout hook (cvl_layout_callbacks, cvl_flow_layout_set_hooks()) and while the view answers a
** query. Those marked "callable from hooks and callbacks" read stored properties only (never the
** prepared layout, never a layout pass), so any callback may call them, also one asked while
** the layout is being prepared (a flow delegate's size_for_item, a waterfall's or grid's
** callback, a data source's), as a UIKit delegate reads its layout's properties and the
** collection view's bounds: cvl_layout_get_type(), cvl_layout_get_flips_horizontally(), every
** layout's get_config / get_params / get_mode / get_item_size, cvl_flow_layout_get_estimated_item_size(),
** cvl_view_get_bounds_size(), cvl_view_get_display_scale(), cvl_view_get_layout_direction(),
** cvl_view_get_anchoring(), cvl_view_get_time(), cvl_view_is_animating(),
** cvl_view_number_of_sections(), cvl_view_number_of_items() and cvl_view_item_counts() (the
** counts the view holds: while it loads new ones, those before the load). The last error
** message is per thread.
**
** ## Callbacks
** Every callback receives the `context` pointer stored next to it and returns 0 for success or
** any non-zero value for failure; the library then fails the call in progress with
** CVL_ERROR_CALLBACK (a callback may call `cvl_callback_error()` first to give the message).
** A callback's context must stay valid until the handle that stores it is destroyed.
**
** ## Sources
** The seed layouts cite where they come from by short name: "Furrow ch. 4" is Ash Furrow, "iOS
** UICollectionView: The Complete Guide", 2nd ed. (2014), chapter 4; "MacMullin's post" is Jake
** MacMullin, "Creating a custom collection view layout" (2013); "Apple's guide" is Apple's
** "Collection View Programming Guide for iOS", "Custom Layouts: A Worked Example"; "the circle
** article" is "iOS : Working with collection view layouts"; the grid follows Apple's sample code
** "Implementing Modern Collection Views" and its UICollectionViewCompositionalLayout pages, its
** spans Android's GridLayoutManager and Compose's lazy grids (docs/grid-rules.md); the
** card stack is this library's own arrangement through the mechanism of Apple's
** "UICollectionViewLayout" page ("Subclassing Notes"). docs/sources.md has the details.
*/
#ifndef CVLAYOUT_H
#define CVLAYOUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ============================================================================================
** Version
*/
#define CVL_VERSION_MAJOR 0
#define CVL_VERSION_MINOR 1
#define CVL_VERSION_PATCH 0
/** CVL_VERSION_NUMBER = major * 10000 + minor * 100 + patch. */
#define CVL_VERSION_NUMBER (CVL_VERSION_MAJOR * 10000 + CVL_VERSION_MINOR * 100 + CVL_VERSION_PATCH)
#define CVL_VERSION_STRING "0.1.0"

/**
** Writes the library's CVL_VERSION_NUMBER to *out (compare with the header's to detect a
** mismatched library at run time). Any thread.
*/
int cvl_version(uint32_t *out);

/* ============================================================================================
** Limits and costs
**
** Every call's time and memory are bounded by its inputs and outputs; the numbers below are
** the contract. n = items, S = sections, k = elements a query returns (or counts).
**
** Counts. A data source may report at most CVL_MAX_SECTIONS sections and CVL_MAX_ITEMS items in
** all; a larger answer fails the call (create, reload, data-count invalidation, batch update)
** with CVL_ERROR_OVERFLOW before anything is stored for it, and the view keeps its counts.
**
** Memory kept by a view: O(S) (a few hundred bytes a section with a flow layout), plus its
** layout's:
**   flow, Dimensions, Cover Flow: nothing per item in a section whose items share one size;
**     otherwise 8 bytes an item and 40 a line, plus 16 an item for sizes (bulk sizes are a copy
**     of the caller's array; a delegate's sizes are asked one by one, at most
**     CVL_MAX_STORED_ITEMS items in all, else the prepare fails with CVL_ERROR_OVERFLOW before
**     the first size_for_item call);
**   Survey: as flow, plus O(S);
**   mosaic, circle: O(1);
**   tree: 48 bytes an item, at most CVL_MAX_STORED_ITEMS items (else CVL_ERROR_OVERFLOW);
**   waterfall: as flow, plus 24 bytes an item, 4 an occupied column and 4 a full-span item (and
**     the bulk flags, 1 byte an item, and extents, 8), at most
**     CVL_MAX_STORED_ITEMS items in all (else CVL_ERROR_OVERFLOW before allocating), and the rect
**     query's buffers, 80 bytes a cell it found, up to 80 KB kept between queries;
**   grid: about 100 bytes a section, nothing per item in a section whose items span one column
**     and share one extent (2^40 items cost what 4 do); otherwise the bulk spans and extents
**     (copies of the caller's arrays, chunked) and 16 bytes an item, 24 a row and about 150 a
**     block of about 160 rows;
**   stack: 8 bytes a section and the index paths of the shown cards (at most
**     CVL_MAX_STACK_VISIBLE), nothing per item;
**   compositional: about 200 bytes a section and its group's cells (32 bytes each) once, or once
**     per section with a provider; nothing per item;
**   custom: what its callbacks keep.
**
** The layout cycle (runs inside the first query after an invalidation): flow O(S + items of
** sections whose sizes vary), O(1) per same-size section; Survey adds, per section, O(1) when
** its lines start at whole points, else up to 2^16 lines (the binder's tallest-cell search
** stops there), O(items) for varied sizes, up to 2^16 slots of a column when scrolling
** horizontally (a column of a very tall viewport can hold every item);
** tree O(n) (n number_of_children calls when its structure is stale); mosaic, circle O(1);
** waterfall: the flow's, plus O(n log c) for c columns (c <= CVL_MAX_WATERFALL_COLUMNS); grid O(S +
** items of the sections with spans or extents whose inputs changed);
** stack O(S); compositional O(S) plus its groups' cells (see its section).
**
** Rect queries (cvl_view_attributes_in_rect, cvl_view_visible_attributes): flow, Dimensions,
** Cover Flow O(log n + k) time for a rect within one section, plus O(log n) for each other
** section its main-axis range crosses (sections, lines and, in a section of same-size items,
** the columns a rect meets are found by binary search, so a rect crossing every line of 2^40
** items and missing every column costs O(log n)); a section with per-item sizes adds O(1) for
** each line the rect crosses whose cells it misses (a tall rect between two columns); mosaic,
** circle O(log n + k); tree O(c log n + k) for c columns in the
** rect; waterfall O(log S + c' log n + k) for a rect within one section (c' = columns the rect
** meets; the sum over the sections it crosses in general; shortest first, a rect meeting at
** least half the columns also reads the other columns' items starting in its range);
** grid O(log S + log n + k) for a rect
** within one section (binary searches over the closed-form row and column edges, or over a
** section's row table and each row's items; in general O(log S + S' log n + k) for the S'
** sections the rect's scroll-axis range meets; a row table adds O(1) per item of a crossed row
** whose own extent misses the rect); stack O(v) for the
** v <= CVL_MAX_STACK_VISIBLE shown cards (only they are ever returned); compositional
** O(log S + log n + k) for a rect within one section (see its section);
** Survey O(log n + k') scrolling vertically (k' = cells of the lines the rect crosses),
** O(S + m log n) horizontally (m = cells whose spread position can reach the rect;
** O(log n + k) in a section of same-size items, whatever the rect); custom: its
** callback's. Memory O(min(k, capacity)): a count-only query (out NULL, capacity 0) stores
** nothing, a buffer too small stops storing at its capacity and only counts the rest. While an
** animation runs, add O(animated elements) (the elements on screen before or after the change).
** With a display scale (cvl_view_set_display_scale) the layout is asked about the rect grown by
** one pixel a side: add the elements of that margin, O(1) each. Right-to-left (see
** "Right-to-left"): O(1) more per element.
**
** Query size. k is at most CVL_MAX_QUERY_ELEMENTS, so no query runs long whatever the counts
** and the geometry (a circle or a Cover Flow of 2^40 items in a huge viewport, items of size 0
** piled up in one place; Survey scrolling horizontally counts the cells that CGRectIntegral
** leaves without area, 0-wide items at whole-number centres, towards the limit): rect and
** count-only queries, visible-element queries (animating or not), items-to-measure queries, hit
** tests and single-element lookups that search by rect stop at the first element past the limit
** and fail with CVL_ERROR_OVERFLOW ("query a smaller rect"), *out_count not written, nothing
** changed. The costliest built-in elements (a Cover Flow cell with its 3D transform, a circle
** item) take about 0.1 microsecond each, so such a call fails within about 0.1 s. Searches for
** one cell never fail for it: a layout switch's anchor (the cell nearest the viewport's centre)
** and Cover Flow's snapping cell are searched in growing boxes around the point once the
** viewport holds more than the limit; scroll anchoring (and a .first_visible/.end switch
** anchor) takes its candidates from the first CVL_MAX_QUERY_ELEMENTS elements the layout
** visits.
**
** Single-element lookups (cvl_view_attributes_for_element): O(1) or O(log n) for every built-in
** layout; a custom layout without attributes_for_element answers from one attributes_in_rect call
** over its whole content (its cost, at most CVL_MAX_CALLBACK_ELEMENTS elements, O(1) memory in the
** library), and an animation or a scroll anchor that needs the places of many elements makes one
** such call for all of them (O(k) memory for k elements). Hit tests
** (cvl_view_index_path_at_point): a rect query of the frames that a cell drawn at the point could
** have, O(1) memory: O(log n + k) for the k cells within the layout's reach of the point — reach 0
** (the frames at the point, O(log n)) for the flow without hooks, Survey, Dimensions, mosaic,
** tree, waterfall, grid and stack layouts (the stack's cards are scaled by at most 1 about their
** centres: drawn inside their frames), half an item's diagonal for the circle (its items rotate
** about their centres: an angular range of the circle); Cover Flow, a flow with hooks, custom
** layouts and any layout during an animation draw with transforms the library cannot bound, so
** their hit tests query the point +- the larger bounds dimension. More than CVL_MAX_QUERY_ELEMENTS
** elements there: CVL_ERROR_OVERFLOW.
**
** Callbacks: a layout callback or hook hands back at most CVL_MAX_CALLBACK_ELEMENTS elements per
** call (a larger CVL_ERROR_CAPACITY request fails the call with CVL_ERROR_CALLBACK); an
** adjust_attributes_in_rect hook receives the flow's elements in the rect, so a rect holding
** more than CVL_MAX_QUERY_ELEMENTS of them fails with CVL_ERROR_OVERFLOW like any query. Memory
** is committed only as the callback writes.
**
** Animations: an animated batch update, layout switch or animated change tracks the elements
** on screen before and after it, at most CVL_MAX_ANIMATED_ELEMENTS (else CVL_ERROR_OVERFLOW,
** nothing changed); each frame then costs O(k + tracked elements): per element on screen one
** hash lookup, and one interpolation for a tracked element that can be in the rect at this
** progress (a cheap test of its ends' centres and reach skips the others), no per-element
** allocation: about 3-6 us a frame for ~65 elements of a flow of 10^5 items, about 30 ns a
** tracked element for a switch to the circle of 10^5 items (3 ms a frame, 416 of them drawn),
** about 85 ns an element for a batch update on that circle where every element moves and turns
** (8.5 ms a frame). Setting such a change up costs about 0.25-0.45 us an element on screen before
** or after it (about 25 ms for a switch to the circle of 10^5, 45 ms for a batch update on it;
** BENCHMARKS.md, "Everything on screen (issue 32)" and the sections after it). With
** CVL_HUGE_PAGES=1 in the environment (read once, at the first buffer of 4 MiB or more; absent or
** any other value: off), on Linux the set-up's buffers of
** 4 MiB or more (its tracks' ends, the layout's answer, the tracks' tables) are advised to the
** kernel for transparent huge pages (madvise MADV_HUGEPAGE, only the whole 2 MiB pages inside
** each buffer): one page fault where there were 512, and the set-ups at 10^5 take about 45 %
** less time (about 30 ms) where the system's transparent_hugepage setting is "madvise" or
** "always". It is off by default: on a virtual machine whose free memory the host takes back
** (free page reporting, as Firecracker's), a huge page's first write can wait for the host, and
** the slowest set-ups there took up to 4x longer than without it (BENCHMARKS.md, "the set-ups'
** buffers in huge pages"); where the "defrag" setting asks it to, the kernel may also compact
** memory for them. Memory O(tracked elements): an end record each (when the elements on screen
** after the change get their tracks in draw order, as a switch to the circle or an update that
** moves every element, the ends are the layout's answer itself, kept rather than copied) and a
** start: 72 bytes while every start is a plain cell but for its frame, alpha and a turn (a flow's
** or the circle's cells), else a full attribute record each. Once an animation is finished
** (cvl_view_set_time past its end, cvl_view_finish_animations), the view keeps its tracks'
** storage (not freed) for the next animated change to write its tracks into instead of fresh
** memory: taken or freed by that change (kept only when it fits that change's tracks, at most
** twice as many), freed with the view. Scroll anchoring keeps at
** most that many anchor candidates (the first in its policy's order). A layout switch finds its
** anchor cell, and Cover Flow its snapping cell, by visiting the visible cells: O(1) memory
** (see "Query size" for a viewport holding more than CVL_MAX_QUERY_ELEMENTS).
**
** Invalidation: cvl_view_invalidate_layout costs O(items named); an item named again before the
** next layout cycle is not stored twice, and more than max(1024, n / 4) distinct pending items
** become one delegate-metrics invalidation.
*/
/** Most items a data source may report, all sections together (2^40). */
#define CVL_MAX_ITEMS              1099511627776
/** Most sections a data source may report (2^20): each costs a few hundred bytes in a view. */
#define CVL_MAX_SECTIONS           1048576
/** Most items a layout keeps per-item data for (2^24): items sized one by one by a flow
** delegate, all items of a tree layout. */
#define CVL_MAX_STORED_ITEMS       16777216
/** Most attributes one layout callback or hook may hand back in one call (2^20). */
#define CVL_MAX_CALLBACK_ELEMENTS  1048576
/** Most elements on screen (before or after) an animated change can track (2^17, so that a
** layout with 10^5 items all on screen, as the circle, animates them); more fails the animated
** call with CVL_ERROR_OVERFLOW, nothing changed. A tracked element keeps about 1.3 KB while
** its animation runs (about 170 MB at the limit), and each frame samples every tracked element
** on screen (about 85 ns each: 8.5 ms a frame at 10^5, measured on this project's CI VM). */
#define CVL_MAX_ANIMATED_ELEMENTS  131072
/** Most elements one query may count or return (2^20, as a callback may hand back): more fails
** the query with CVL_ERROR_OVERFLOW after about 0.1 s, *out_count not written, nothing changed
** (see "Query size"). */
#define CVL_MAX_QUERY_ELEMENTS     1048576
/** Most splices one cvl_view_apply_snapshot_edits() call takes (2^16; each costs a few
** microseconds): more fails with CVL_ERROR_OVERFLOW, nothing changed; hand over the whole
** snapshot (cvl_view_apply_snapshot()) or split the edits over several calls. */
#define CVL_MAX_SNAPSHOT_EDITS     65536

/* ============================================================================================
** Status codes and errors
*/
#define CVL_OK                         0  /* Success */
#define CVL_ERROR_NULL_ARGUMENT        1  /* A required pointer was NULL */
#define CVL_ERROR_INVALID_ARGUMENT     2  /* NaN, infinity, negative size, unknown enum value, wrong layout type */
#define CVL_ERROR_INVALID_HANDLE       3  /* Destroyed, foreign or wrong-type handle */
#define CVL_ERROR_OUT_OF_RANGE         4  /* Index path or section outside the counts */
#define CVL_ERROR_CAPACITY             5  /* Output buffer too small; *out_count says how many are needed */
#define CVL_ERROR_CALLBACK             6  /* A callback failed or returned invalid data */
#define CVL_ERROR_INCONSISTENT_UPDATE  7  /* A batch update that does not match the counts (UIKit's wording) */
#define CVL_ERROR_STATE                8  /* Not allowed now (re-entrant call, layout already attached, ...) */
#define CVL_ERROR_OVERFLOW             9  /* A count or size too large to represent */
#define CVL_ERROR_INTERNAL            10  /* A bug in cvlayout; please report it */

/**
** Returns the message explaining the last failed call made on this thread, or "" if the last
** call succeeded. The string is owned by the library and stays valid on this thread until the
** next cvl_ call made on it. Any thread (the message is per thread). Never NULL.
*/
const char *cvl_last_error_message(void);

/**
** Returns a static string naming a status code ("CVL_ERROR_CAPACITY"), or "unknown status".
** Never NULL; the string is static. Any thread.
*/
const char *cvl_status_string(int status);

/**
** For use inside a callback that is about to return failure: sets the message the library
** reports for it (copied; at most 1000 bytes are kept). `message` may be NULL (no message).
** Outside a callback it has no effect. Returns CVL_OK.
*/
int cvl_callback_error(const char *message);

/* ============================================================================================
** Plain data types
*/
typedef struct cvl_point { double x, y; } cvl_point;
typedef struct cvl_size { double width, height; } cvl_size;
typedef struct cvl_rect { double x, y, width, height; } cvl_rect;
/** UIEdgeInsets order. */
typedef struct cvl_insets { double top, left, bottom, right; } cvl_insets;
/** A (section, item) pair. In whole-section contexts `item` is -1. */
typedef struct cvl_index_path { int64_t section, item; } cvl_index_path;

/**
** A 4x4 transform with CATransform3D conventions: row vectors (p' = p * M), translation in
** m41 m42 m43, perspective in m34 (`m34 = -1/d`). It applies about the element's `center`.
** To draw an element: map each corner (±width/2, ±height/2, 0, 1) through M, divide x and y by
** w, add `center`.
*/
typedef struct cvl_transform3d {
    double m11, m12, m13, m14;
    double m21, m22, m23, m24;
    double m31, m32, m33, m34;
    double m41, m42, m43, m44;
} cvl_transform3d;

/** Element categories: UICollectionElementCategory (same values). */
#define CVL_CATEGORY_CELL            0
#define CVL_CATEGORY_SUPPLEMENTARY   1
#define CVL_CATEGORY_DECORATION      2

/** Built-in element kinds. Cells have kind CVL_KIND_NONE. Kinds registered by name with
** cvl_layout_register_kind() get values from CVL_KIND_FIRST_CUSTOM up. */
#define CVL_KIND_NONE          0
#define CVL_KIND_HEADER        1  /* UICollectionElementKindSectionHeader */
#define CVL_KIND_FOOTER        2  /* UICollectionElementKindSectionFooter */
#define CVL_KIND_BINDER        3  /* the Survey layout's decoration (seed Listing 4.9) */
#define CVL_KIND_CONNECTOR     4  /* the tree layout's parent->children connector */
#define CVL_KIND_FIRST_CUSTOM  100

/** Number of custom attribute slots in cvl_attributes. */
#define CVL_CUSTOM_SLOTS 8

/**
** One element's layout attributes: UICollectionViewLayoutAttributes as plain data.
**
** `frame` is the untransformed frame and `center` its centre (`frame.x + size.width/2`, ...).
** The library fills all three; the frame it returns is exactly the one its rect queries tested,
** bit for bit (any rounding is in `center`). When the library reads attributes from a callback
** it uses `center` and `size` and recomputes `frame`. `hidden` is 0 or 1.
**
** `disappearing` is set by the library, during a running animation, on elements that are going
** away: items and sections deleted (and the old instance of a reloaded one) by a batch update,
** elements absent from the new layout in a layout switch. Their `index_path` is the one BEFORE the
** change, so draw them with the data they had; another element may carry the same index path
** (e.g. the item that moved into the deleted one's place) with `disappearing` = 0. A disappearing
** element runs the animation that removed it: a later animation started meanwhile carries it on
** unchanged (it is not restarted), and it is no longer returned once its own removal has ended, or
** once the running animation has ended if that is sooner. So the disappearing elements returned
** at any time are at most those that were on screen during the last animation's duration. The
** library ignores `disappearing`,
** `has_identifier` and `identifier` in attributes it reads from callbacks.
**
** `identifier` (valid when `has_identifier` = 1) is the element's record identifier, when the
** view has identifiers ("Identities and diffing" below): a cell's item identifier; a
** supplementary or decoration view's section identifier. A disappearing element carries the
** identifier it had before the change, so a host draws it from its id without keeping its old
** arrays (with an identifier source callback, disappearing elements carry none: the callback
** describes the current data only).
**
** Custom attributes: `custom[0 .. custom_count-1]` are layout-specific numbers (the engine's
** stand-in for a UICollectionViewLayoutAttributes subclass). They take part in equality and are
** interpolated in animations (except slots a layout declares discrete). Built-in meanings:
**   Cover Flow: custom[0] = masking value (0 at the centre .. 0.6 away), custom[1] = should
**               rasterize (1.0).
**   Dimensions: custom[0] = layout mode (CVL_LAYOUT_MODE_ASPECT_FIT / _FILL), discrete.
**   Mosaic:     custom[0] = cell type (0 small, 1 large, 2 medium), discrete.
**   Tree:       custom[0] = first child's item index in the next section, custom[1] = number of
**               children (cells and connectors).
*/
typedef struct cvl_attributes {
    cvl_index_path index_path;
    int32_t category;            /* CVL_CATEGORY_* */
    int32_t kind;                /* CVL_KIND_* or a registered kind; CVL_KIND_NONE for cells */
    cvl_rect frame;
    cvl_point center;
    cvl_size size;
    cvl_transform3d transform;
    double alpha;                /* 0 .. 1, default 1 */
    int64_t z_index;             /* default 0; higher draws on top */
    int32_t hidden;              /* 0 or 1 */
    uint32_t custom_count;       /* 0 .. CVL_CUSTOM_SLOTS */
    double custom[CVL_CUSTOM_SLOTS];
    int32_t disappearing;        /* output only: 1 for an element going away in a running animation */
    int32_t has_identifier;      /* output only: 1 when `identifier` is set */
    uint64_t identifier;         /* output only: the element's record identifier (see above) */
} cvl_attributes;

/*
** Draw order. Every list of attributes the library returns is sorted in draw order: z_index
** ascending, then category (cell, supplementary, decoration), then kind, then index path
** (section, then item). Draw the list front to back in that order: later elements on top.
*/

/**
** Reports the size of one of the structs above as the library was compiled, so bindings can
** check their declarations. `name` is the C type name ("cvl_attributes"). Unknown name:
** CVL_ERROR_INVALID_ARGUMENT. Any thread.
*/
int cvl_abi_struct_size(const char *name, size_t *out_size);

/**
** Reports the byte offset of `field` in struct `name` as the library was compiled (nested
** fields are not named: "frame", not "frame.x"). Unknown struct or field:
** CVL_ERROR_INVALID_ARGUMENT. Any thread.
*/
int cvl_abi_field_offset(const char *name, const char *field, size_t *out_offset);

/* ============================================================================================
** Handles
*/
/** A layout: flow, one of the built-in seed layouts, or one made of callbacks. */
typedef struct cvl_layout cvl_layout;
/** A headless collection view: data source + bounds + content offset + one layout. */
typedef struct cvl_view cvl_view;

/** Layout types, reported by cvl_layout_get_type(). */
#define CVL_LAYOUT_FLOW          1
#define CVL_LAYOUT_SURVEY        2  /* Furrow ch. 4 Listings 4.1-4.12 (flow subclass) */
#define CVL_LAYOUT_DIMENSIONS    3  /* Furrow ch. 4 Listings 4.18-4.23 (flow subclass) */
#define CVL_LAYOUT_COVER_FLOW    4  /* Furrow ch. 4 Listings 4.29-4.32 (flow subclass) */
#define CVL_LAYOUT_MOSAIC        5  /* MacMullin's post */
#define CVL_LAYOUT_TREE          6  /* Apple's guide */
#define CVL_LAYOUT_CIRCLE        7  /* the circle article */
#define CVL_LAYOUT_CUSTOM        8  /* cvl_custom_layout_create() */
#define CVL_LAYOUT_WATERFALL     9  /* CHTCollectionViewWaterfallLayout's rule (flow subclass) */
#define CVL_LAYOUT_GRID         10  /* Apple's compositional grid sample, with spans (Android, Compose) */
#define CVL_LAYOUT_STACK        11  /* a card stack (this library's own, Apple's UICollectionViewLayout page) */
#define CVL_LAYOUT_COMPOSITIONAL 12 /* UICollectionViewCompositionalLayout (docs/compositional-rules.md) */

/* ============================================================================================
** Layouts: common functions
**
** A layout is created by one of the *_create functions and destroyed with cvl_layout_destroy().
** A view keeps the layout it uses alive: destroying the handle of a layout still attached to a
** view invalidates the handle at once, and the layout itself goes away when the view releases
** it (cvl_view_set_layout() or cvl_view_destroy()). A layout is attached to at most one view.
** Hooks and callbacks that receive a `cvl_layout *` always get a live handle: the caller's
** while it exists; after the caller destroyed it, one the library registers for as long as the
** view uses the layout (it becomes invalid, CVL_ERROR_INVALID_HANDLE, once the view releases
** the layout).
*/

/**
** Destroys the caller's handle to `layout`. NULL is a harmless no-op (CVL_OK). A destroyed or
** foreign handle: CVL_ERROR_INVALID_HANDLE. Not from inside a callback of the same view.
*/
int cvl_layout_destroy(cvl_layout *layout);

/** Writes the layout's CVL_LAYOUT_* type. Callable from hooks and callbacks. */
int cvl_layout_get_type(const cvl_layout *layout, int32_t *out_type);

/**
** Registers an element kind by name on `layout` (registerClass:forDecorationViewOfKind: and
** custom supplementary kinds) and writes its value (>= CVL_KIND_FIRST_CUSTOM; a built-in name
** such as "header" gives the built-in value). Registering the same name again gives the same
** value. `name` is UTF-8, 1 to 255 bytes.
*/
int cvl_layout_register_kind(cvl_layout *layout, const char *name, int32_t *out_kind);

/* ============================================================================================
** Flow layout: UICollectionViewFlowLayout
**
** Rules (documented in detail in docs/flow-layout-rules.md): items fill lines greedily using the
** minimum inter-item spacing; a full line's leftover space widens the gaps evenly (justified);
** the last line of a section with uniform item sizes keeps the grid's spacing, with mixed
** sizes it is packed at the minimum spacing from the leading edge; items smaller than their
** line's thickness are centred on it; header and footer use only the scroll-axis dimension of
** their size and span the whole cross axis; the content size stacks the sections.
*/
#define CVL_SCROLL_VERTICAL    0
#define CVL_SCROLL_HORIZONTAL  1

/*
** Alignment options (UIKit keeps them private: `_rowAlignmentOptions`; rules and sources in
** docs/alignment-direction-snapping.md). Along a line (the cross axis: horizontal when scrolling
** vertically, vertical when scrolling horizontally) items keep the minimum inter-item spacing and
** get none (LEADING), half (CENTER) or all (TRAILING) of the line's leftover space before them;
** JUSTIFIED spreads it between them (gap = spacing + leftover / (n - 1)), and a justified line of
** one item is centred (UIKit). The last line: AUTOMATIC is UIKit's rule (above) when full lines
** are justified, else the full lines' alignment (CSS text-align-last: auto); JUSTIFIED spreads
** it over the whole line. Across a line (along the scroll axis) an item thinner than its line is
** centred (CENTER, UIKit), at the line's top / left (LEADING) or bottom / right (TRAILING). All
** zero = UIKit's defaults, frames bit for bit those without the options. In right-to-left the
** view mirrors the frames, so LEADING is the right edge there. Cost: none per item; a uniform
** section stays O(1) (its last line gets its own start and pitch).
*/
#define CVL_LINE_ALIGN_JUSTIFIED       0
#define CVL_LINE_ALIGN_LEADING         1
#define CVL_LINE_ALIGN_CENTER          2
#define CVL_LINE_ALIGN_TRAILING        3
#define CVL_LAST_LINE_ALIGN_AUTOMATIC  0
#define CVL_LAST_LINE_ALIGN_JUSTIFIED  1
#define CVL_LAST_LINE_ALIGN_LEADING    2
#define CVL_LAST_LINE_ALIGN_CENTER     3
#define CVL_LAST_LINE_ALIGN_TRAILING   4
#define CVL_ITEM_ALIGN_CENTER          0
#define CVL_ITEM_ALIGN_LEADING         1
#define CVL_ITEM_ALIGN_TRAILING        2

/** The flow layout's properties. Defaults (cvl_flow_config_default) are UIKit's. */
typedef struct cvl_flow_config {
    int32_t scroll_direction;                 /* CVL_SCROLL_VERTICAL */
    int32_t section_headers_pin_to_visible_bounds;  /* 0 */
    int32_t section_footers_pin_to_visible_bounds;  /* 0 */
    int32_t reserved;                         /* must be 0 */
    cvl_size item_size;                       /* 50 x 50 */
    double minimum_line_spacing;              /* 10; may be negative (Cover Flow uses -60) */
    double minimum_interitem_spacing;         /* 10; >= 0 */
    cvl_insets section_inset;                 /* 0, 0, 0, 0 */
    cvl_size header_reference_size;           /* 0 x 0 = no header */
    cvl_size footer_reference_size;           /* 0 x 0 = no footer */
    int32_t line_alignment;                   /* CVL_LINE_ALIGN_JUSTIFIED (UIKit's) */
    int32_t last_line_alignment;              /* CVL_LAST_LINE_ALIGN_AUTOMATIC (UIKit's rule) */
    int32_t item_alignment;                   /* CVL_ITEM_ALIGN_CENTER (UIKit's) */
    int32_t reserved2;                        /* must be 0 */
} cvl_flow_config;

/** Fills *out with UIKit's defaults. Any thread. */
int cvl_flow_config_default(cvl_flow_config *out);

/**
** UICollectionViewDelegateFlowLayout. Every callback is optional: NULL means "use the layout's
** property", as in UIKit. Each returns 0 and writes its answer, or non-zero on failure. The
** answers are validated (finite, sizes and spacings not negative except line spacing).
** The flow layout asks each callback once per item or section when it lays everything out
** (first prepare, CVL_INVALIDATE_EVERYTHING or _DELEGATE_METRICS, a new config or delegate, a
** cross-axis size change); a batch update asks again only what it can have changed: see "What a
** batch update asks the flow delegate again" below.
*/
typedef struct cvl_flow_delegate {
    void *context;
    int (*size_for_item)(void *context, cvl_index_path index_path, cvl_size *out);
    int (*inset_for_section)(void *context, int64_t section, cvl_insets *out);
    int (*minimum_line_spacing_for_section)(void *context, int64_t section, double *out);
    int (*minimum_interitem_spacing_for_section)(void *context, int64_t section, double *out);
    int (*header_size_for_section)(void *context, int64_t section, cvl_size *out);
    int (*footer_size_for_section)(void *context, int64_t section, cvl_size *out);
} cvl_flow_delegate;

/** Creates a flow layout with UIKit's defaults. The caller owns *out_layout. */
int cvl_flow_layout_create(cvl_layout **out_layout);

/**
** Sets all properties at once, or nothing (validated first: finite, item size and spacings >= 0
** except the line spacing, every value at most 1e12 in magnitude (for header and footer sizes:
** the scroll-axis dimension, the only one used), known scroll direction, pin flags 0 or 1,
** known alignment constants, reserved and reserved2 == 0). Invalidates the attached view's layout.
** Works on every flow-based layout (flow, Survey, Dimensions, Cover Flow).
*/
int cvl_flow_layout_set_config(cvl_layout *layout, const cvl_flow_config *config);

/** Reads the properties. Callable from hooks and callbacks. */
int cvl_flow_layout_get_config(const cvl_layout *layout, cvl_flow_config *out);

/**
** Sets (copies) or clears (`delegate == NULL`) the delegate callbacks. Invalidates the attached
** view's layout. With `size_for_item`, at most CVL_MAX_STORED_ITEMS items (all sections) can be
** sized (the next prepare fails with CVL_ERROR_OVERFLOW otherwise, before asking any size). The
** context must stay valid until the layout is destroyed or the delegate replaced.
** Every answer is asked at the first layout, after this call and after cvl_view_invalidate_layout()
** with EVERYTHING or DELEGATE_METRICS; what a batch update asks again is said before
** cvl_view_perform_batch_updates() ("What a batch update asks the flow delegate again").
*/
int cvl_flow_layout_set_delegate(cvl_layout *layout, const cvl_flow_delegate *delegate);

/**
** Hands over the sizes of every item of `section` in bulk (copied), so large collections and
** Python callers pay no callback per item. They take precedence over `size_for_item` and
** `item_size` for that section. `count` must equal the section's item count when the layout is
** next prepared (else that query fails with CVL_ERROR_INVALID_ARGUMENT). For a batch update, hand
** over the new sizes first, then call cvl_view_perform_batch_updates(): the animation starts
** from the frames last prepared (what the host drew), not from the new sizes. `sizes == NULL` with
** `count == 0` clears the section's bulk sizes. Sizes must be finite and >= 0. `section` >= 0
** (it may name a section that does not exist yet). When the section already has bulk sizes of
** the same count (and no measured size), the new ones are first compared with them bit for bit:
** the same array changes nothing (the next cycle has nothing to recompute: O(n) for the compare
** only); an array that differs from item a to item b re-lays out only the lines around a..b, as
** cvl_flow_layout_replace_item_sizes() of that range would. O(n).
*/
int cvl_flow_layout_set_item_sizes(cvl_layout *layout, int64_t section, const cvl_size *sizes, size_t count);

/**
** Edits the bulk sizes of `section` in place, so a change never re-sends the whole section: the
** sizes at [start, start + remove_count) are replaced by `sizes[0 .. insert_count-1]` (copied;
** may be NULL when insert_count is 0). An insert is remove_count 0, a delete insert_count 0, a
** change of one size 1 and 1. Pair it with the batch update that inserts or deletes those items:
** edit the sizes first, then call cvl_view_perform_batch_updates() or cvl_view_apply_snapshot()
** (the animation starts from the frames last drawn, as with cvl_flow_layout_set_item_sizes()).
** Errors (nothing changed): CVL_ERROR_STATE when the section has no bulk sizes,
** CVL_ERROR_OUT_OF_RANGE for a range outside them, CVL_ERROR_INVALID_ARGUMENT for a bad size.
** Cost: O(insert_count) to check and copy the new sizes, plus O(512 + 64 + n / 32768) to splice
** them into the section's chunked size store (chunks of 512 sizes in groups of 64 chunks; the
** chunk and the group's table the prepared layout shares are copied, not changed). The next
** prepare re-lays out only what the edits can change: for each run of edited items, from the
** line before it until a new line starts at an item where an old line started past the run; the
** lines after are the old ones, moved along the scroll axis
** by one update of a Fenwick tree of their blocks' offsets (blocks of about 256 lines), and the
** blocks' item and line counts and extents are kept in trees too: O(log blocks) per edit, plus
** O(blocks) (about n / 1600) when an edit changes the number of blocks (a rebuilt block grows
** past 512 lines or falls below 64, so rarely; and, with a negative line spacing, the
** section's extent is gathered over every block). Line origins are compensated sums (the line
** pitches added with their rounding errors kept, as a layout from scratch adds them) and the
** blocks after an edit move by the compensated difference of their start, so, however many
** edits came before, frames equal a layout from scratch: bit for bit when no sum of line
** origins rounds (sizes, spacings and insets in whole points, halves, quarters..., contents
** below 2^50 times that grid); otherwise (e.g. thirds of a point) with the same lines, items
** and cross-axis values, and each scroll-axis coordinate within 16 * (s + 1) units in the last
** place of the layout's largest scroll-axis coordinate (s: the element's section; about
** 1.5e-8 pt in a section 6.4e6 pt long). How far the
** re-breaking runs depends on the sizes: greedy lines usually agree again within a few lines.
** Runs of equal sizes (a grid of equal cells, estimates not measured yet): a cell deleted,
** inserted, moved or measured wider there moves every later cell to a neighbour's place, so the
** new breaks never meet the old ones; but lines over equal sizes are all alike, so where a new
** line starts in such a run with at least 512 more items of it past the next old line, the old
** lines through the run are kept (their items renumbered) and only the run's end is re-broken,
** as another edit: two short edits in all. Finding the run's end reads sizes only where they
** changed since it was last read (uniformity is cached per chunk of 512 and group of 64
** chunks); the first time, the whole run (about 0.6 ms for 10^6 sizes). Other sizes, widths
** that repeat with a period for one, can move every line break after an edit (then the whole
** rest of the section is laid out again, as it must be: every frame after it changes). Past
** 1024 lines broken again, the rest is broken straight into new blocks as a layout from scratch
** does (no run is kept from there), so such an edit costs about what laying out the rest of
** the section from scratch costs (before, 2-3 times a whole layout).
** Edits of several sections, or several edits of one section before the next prepare, add up.
*/
int cvl_flow_layout_replace_item_sizes(cvl_layout *layout, int64_t section, int64_t start, size_t remove_count,
                                       const cvl_size *sizes, size_t insert_count);

/** Clears every section's bulk sizes. */
int cvl_flow_layout_clear_item_sizes(cvl_layout *layout);

/**
** The flow layout's own frame of an item (before any hook or subclass adjustment) from the last
** prepare; on a waterfall, the waterfall's frame (it has no flow lines: see the waterfall's
** section). Fails with CVL_ERROR_STATE if the layout is not attached or not prepared, and
** CVL_ERROR_OUT_OF_RANGE for an index path outside the counts. Callable from hooks.
*/
int cvl_flow_layout_item_frame(const cvl_layout *layout, cvl_index_path index_path, cvl_rect *out);

/**
** The frame of a whole section (header, insets, lines and footer) from the last prepare.
** Same errors as cvl_flow_layout_item_frame(). Callable from hooks.
*/
int cvl_flow_layout_section_frame(const cvl_layout *layout, int64_t section, cvl_rect *out);

/* ============================================================================================
** Layout callbacks: UICollectionViewLayout's overridable methods, written by the caller
**
** One table, used two ways:
** - cvl_custom_layout_create(): a layout made of callbacks ("subclass UICollectionViewLayout").
**   Its base answers nothing: no content, no elements, no invalidation, the proposed offset.
**   `content_size` and `attributes_in_rect` are required.
** - cvl_flow_layout_set_hooks(): "subclass" a plain flow layout, as the seeds do in Objective-C
**   (call super, then adjust). Every callback is optional.
** Each callback is called after the base layout (the flow layout, or the empty base) answered,
** and receives that answer in its in/out arguments: it may keep it, change it, or (queries) add
** to it. NULL keeps the base's answer. Every callback receives `env` (the collection view during
** the call) and `layout` (the layout's handle, valid during the call: the functions marked
** "callable from hooks" may be called on it). The library validates what the callbacks return
** (finite numbers, sizes >= 0, alpha within 0...1, cells whose index paths exist, counts within
** capacity) and fails the call in progress with CVL_ERROR_CALLBACK otherwise.
*/

/** What a layout callback knows about its collection view. Valid only during the call. */
typedef struct cvl_layout_env {
    cvl_size bounds_size;
    cvl_point content_offset;
    int64_t number_of_sections;
    const int64_t *items_in_section;   /* number_of_sections entries; NULL when there are none */
} cvl_layout_env;

/** One change of a batch update: UICollectionViewUpdateItem. */
#define CVL_UPDATE_INSERT  0
#define CVL_UPDATE_DELETE  1
#define CVL_UPDATE_RELOAD  2
#define CVL_UPDATE_MOVE    3
typedef struct cvl_update_item {
    int32_t action;            /* CVL_UPDATE_* */
    int32_t is_section;        /* 1: the change names a whole section; items are -1 */
    cvl_index_path before;     /* delete, reload, move: the index path before the update; else (-1, -1) */
    cvl_index_path after;      /* insert, move: the index path after the update; else (-1, -1) */
} cvl_update_item;

/**
** What changed since the layout's last prepare (UICollectionViewLayoutInvalidationContext), handed
** to the `invalidate` callback right before `prepare`, so a layout can recompute only that. Valid
** only during the call. Several invalidations before one prepare are merged (flags or'ed, lists
** appended).
*/
typedef struct cvl_invalidation {
    /* CVL_INVALIDATE_*: EVERYTHING, DATA_COUNTS (counts changed), DELEGATE_METRICS,
    ** LAYOUT_ATTRIBUTES, BOUNDS (bounds changed) */
    uint32_t flags;
    uint32_t reserved;               /* 0 */
    /* Items whose size changed (none listed when DELEGATE_METRICS or EVERYTHING is set:
    ** everything is re-asked); NULL when item_count is 0. A flow layout's bulk sizes count as
    ** its delegate's sizes: cvl_flow_layout_set_item_sizes() and _clear_item_sizes() (and the
    ** sections whose sizes a measurement made) set DELEGATE_METRICS; each
    ** cvl_flow_layout_replace_item_sizes() lists the items it wrote, [start, start + insert_count)
    ** numbered after all the edits since the last prepare (DELEGATE_METRICS instead past
    ** max(1024, a quarter of the items), as for cvl_view_invalidate_layout()'s items). */
    const cvl_index_path *items;
    size_t item_count;
    /* The batch update being committed, UIKit's list as prepare_for_updates gets it; NULL when
    ** update_count is 0. */
    const cvl_update_item *updates;
    size_t update_count;
} cvl_invalidation;

typedef struct cvl_layout_callbacks {
    void *context;
    /** prepareLayout, after the base's prepare. */
    int (*prepare)(void *context, const cvl_layout_env *env, cvl_layout *layout);
    /** collectionViewContentSize: *inout_size holds the base's (0 x 0 for a custom layout). */
    int (*content_size)(void *context, const cvl_layout_env *env, cvl_layout *layout, cvl_size *inout_size);
    /**
    ** layoutAttributesForElementsInRect: `attributes[0 .. count-1]` are the base's elements in
    ** `rect` (none for a custom layout). Adjust them in place and/or append up to
    ** `capacity - count` more (the elements whose frame intersects `rect`), and set *out_count to
    ** the total. If more room is needed, set *out_count to the total needed and return
    ** CVL_ERROR_CAPACITY: the library calls again with a larger buffer holding the base's
    ** elements again (at most CVL_MAX_CALLBACK_ELEMENTS in all, else CVL_ERROR_CALLBACK).
    */
    int (*attributes_in_rect)(void *context, const cvl_layout_env *env, cvl_layout *layout, cvl_rect rect,
                              cvl_attributes *attributes, size_t count, size_t capacity, size_t *out_count);
    /**
    ** layoutAttributesFor{Item,SupplementaryView,DecorationView}AtIndexPath: *inout_found is 1
    ** and *attributes the base's answer if the base has the element, else *inout_found is 0.
    ** Fill or adjust *attributes and set *inout_found to 1, or set it to 0 (no such element).
    ** The identity fields are the ones asked for, whatever the callback writes there. NULL: the
    ** base's answer; for a custom layout, the element is looked up in a rect query of the whole
    ** content.
    */
    int (*attributes_for_element)(void *context, const cvl_layout_env *env, cvl_layout *layout, int32_t category,
                                  int32_t kind, cvl_index_path index_path, cvl_attributes *attributes,
                                  int *inout_found);
    /**
    ** shouldInvalidateLayoutForBoundsChange: *inout_invalidate holds the base's answer (0 or 1);
    ** leave or change it. A failing callback counts as 1 (and fails the next query if it persists).
    */
    int (*should_invalidate_for_bounds_change)(void *context, const cvl_layout_env *env, cvl_layout *layout,
                                               cvl_rect new_bounds, int *inout_invalidate);
    /**
    ** targetContentOffsetForProposedContentOffset:withScrollingVelocity:: *inout_offset holds the
    ** base's answer (the proposed offset for a custom layout). Setting it makes the layout one
    ** that snaps: a switch to it under an anchoring policy proposes the offset centring the
    ** policy's cell (see "Scroll anchoring"). It also answers UIKit's form without velocity
    ** (targetContentOffsetForProposedContentOffset:, asked after a rotation, in a switch and
    ** after every batch update or applied snapshot), with velocity 0.
    */
    int (*target_content_offset)(void *context, const cvl_layout_env *env, cvl_layout *layout, cvl_point proposed,
                                 cvl_point velocity, cvl_point *inout_offset);
    /** prepareForCollectionViewUpdates: the updates in UIKit's order (`items` is NULL when `count` is 0). */
    int (*prepare_for_updates)(void *context, const cvl_layout_env *env, cvl_layout *layout,
                               const cvl_update_item *items, size_t count);
    /** finalizeCollectionViewUpdates. */
    int (*finalize_updates)(void *context, const cvl_layout_env *env, cvl_layout *layout);
    /**
    ** initialLayoutAttributesFor{Appearing}...: *attributes holds the base's start attributes and
    ** *inout_use is 1 when the base has some; else *attributes holds the element's attributes
    ** after the update and *inout_use is 0 (identity fields tell which element). Modify them and
    ** set *inout_use = 1 to start the element from them, or set it to 0 for the default (a
    ** crossfade).
    */
    int (*initial_attributes_for_appearing)(void *context, const cvl_layout_env *env, cvl_layout *layout,
                                            cvl_attributes *attributes, int *inout_use);
    /** finalLayoutAttributesFor{Disappearing}...: as above with the attributes before the update. */
    int (*final_attributes_for_disappearing)(void *context, const cvl_layout_env *env, cvl_layout *layout,
                                             cvl_attributes *attributes, int *inout_use);
    /**
    ** invalidateLayoutWithContext:: what changed since the last prepare (see cvl_invalidation),
    ** called right before `prepare` (a batch update's items come before prepare_for_updates).
    ** NULL: nothing.
    */
    int (*invalidate)(void *context, const cvl_layout_env *env, cvl_layout *layout,
                      const cvl_invalidation *invalidation);
} cvl_layout_callbacks;

/**
** Sets (copies) or clears (`hooks == NULL`) the callbacks that adjust a flow layout (type
** CVL_LAYOUT_FLOW; the built-in flow subclasses keep their own behaviour and reject hooks with
** CVL_ERROR_INVALID_ARGUMENT). Invalidates the attached view's layout.
*/
int cvl_flow_layout_set_hooks(cvl_layout *layout, const cvl_layout_callbacks *hooks);

/**
** Creates a layout driven by `callbacks` (copied). `content_size` and `attributes_in_rect`
** must not be NULL (CVL_ERROR_NULL_ARGUMENT). The caller owns *out_layout.
*/
int cvl_custom_layout_create(const cvl_layout_callbacks *callbacks, cvl_layout **out_layout);

/* ============================================================================================
** The seeds' layouts, built in
*/

/**
** The evenly spaced Survey layout (Furrow ch. 4, Listings 4.1-4.12): a flow layout with insets
** 30/80/30/20, spacings 20, item size 200x200, header 60x70; each cell re-centred by the
** Listing 4.5 formula and snapped with CGRectIntegral; one CVL_KIND_BINDER decoration per
** section behind its row (z -1); inserted sections' cells slide in from the right and their
** binder from the left at alpha 0 (Listings 4.10-4.12). Use cvl_flow_layout_set_delegate() for
** per-item sizes (see cvl_aspect_fit_size()).
*/
int cvl_survey_layout_create(cvl_layout **out_layout);

/**
** Listing 3.9: the size of an item showing an image of `image_size` scaled to fit `max_size`
** keeping its aspect ratio (portrait: width shrinks; landscape: height shrinks; square: max).
** Both sizes finite; image_size > 0. Any thread.
*/
int cvl_aspect_fit_size(cvl_size image_size, cvl_size max_size, cvl_size *out);

/** Dimensions layout modes (custom[0] of each cell). */
#define CVL_LAYOUT_MODE_ASPECT_FIT   0
#define CVL_LAYOUT_MODE_ASPECT_FILL  1

/**
** The Dimensions layout (Furrow ch. 4, Listings 4.18-4.23): a flow layout (item 140x140, insets and
** spacings 13) whose cells carry the layout mode in custom[0]: the layout-wide mode, or per
** item from the optional mode callback.
*/
int cvl_dimensions_layout_create(cvl_layout **out_layout);

/** Sets the layout-wide mode (CVL_LAYOUT_MODE_*); invalidates the layout (Listing 4.23). */
int cvl_dimensions_layout_set_mode(cvl_layout *layout, int32_t mode);
int cvl_dimensions_layout_get_mode(const cvl_layout *layout, int32_t *out_mode);

/**
** Sets (or clears, with `fn == NULL`) the per-item mode callback
** (collectionView:layout:layoutModeForItemAtIndexPath:). It must write a CVL_LAYOUT_MODE_*.
*/
int cvl_dimensions_layout_set_mode_callback(cvl_layout *layout,
                                            int (*fn)(void *context, cvl_index_path index_path, int32_t *out_mode),
                                            void *context);

/**
** Cover Flow (Furrow ch. 4, Listings 4.29-4.32): a horizontal flow layout (item 180x180, line
** spacing -60, inter-item spacing 200) whose cells get the listing's perspective transform,
** z-index 1 within ACTIVE_DISTANCE of the visible centre and 0 beyond, and the masking value in
** custom[0] (custom[1] = 1, should rasterize). Transforms follow every scroll without a new
** prepare. cvl_view_target_content_offset() snaps to the cell nearest the centre.
** Any viewport (docs/cover-flow.md): with derive_insets = 1 (the default) the
** section insets are derived from the bounds — (height - item height)/2 above and below (one
** vertically centred row whatever the height) and (width - item width)/2 left and right (the
** first and last covers can reach the centre; Listing 4.27's portrait insets, 70 in a 320-wide
** view, are this rule's), each at most 1e12 (the flow's largest metric, so any finite bounds
** size works); a non-zero section_inset in the flow config or a delegate's insets
** win, and derive_insets = 0 uses even a zero section_inset as given. Equal z-indexes: side
** covers come nearest-last in every query's draw order (farther from the visible centre first;
** then the index path).
*/
int cvl_cover_flow_layout_create(cvl_layout **out_layout);

/** Cover Flow's constants, settable so the layout works in any unit (points, terminal cells). */
typedef struct cvl_cover_flow_params {
    double active_distance;      /* ACTIVE_DISTANCE, 100 (> 0): covers within it turn and zoom */
    double translate_distance;   /* TRANSLATE_DISTANCE, 100 (> 0) */
    double zoom_factor;          /* ZOOM_FACTOR, 0.2 (>= 0): the centred cover is 1 + 0.2 */
    double flow_offset;          /* FLOW_OFFSET, 40: sideways offset of the turned covers */
    double inactive_grey_value;  /* INACTIVE_GREY_VALUE, 0.6 (0..1): mask alpha away from the centre */
    double maximum_angle;        /* the side covers' turn, pi/4 radians (0..pi/2) */
    double perspective_factor;   /* 4.6777 (> 0): m34 = -1 / (perspective_factor * item width) */
    int32_t derive_insets;       /* 1 (default): a zero section_inset means "derive from the bounds"; 0: use it as is */
    int32_t reserved;            /* must be 0 */
} cvl_cover_flow_params;

/** Fills *out with the defaults: the seed's constants and derive_insets = 1. Any thread. */
int cvl_cover_flow_params_default(cvl_cover_flow_params *out);
/** Sets Cover Flow's constants and derive_insets. CVL_ERROR_INVALID_ARGUMENT (nothing changed) for
** a value out of range or a layout that is not Cover Flow. Invalidates the layout. O(1). */
int cvl_cover_flow_layout_set_params(cvl_layout *layout, const cvl_cover_flow_params *params);
int cvl_cover_flow_layout_get_params(const cvl_layout *layout, cvl_cover_flow_params *out);

/** The paged mosaic's sizes (MacMullin's post). 0 means "derived from the page": see each field. */
typedef struct cvl_mosaic_config {
    double padding;              /* 10 */
    double column_width;         /* 0: (page width - 3 * padding) / 4 */
    double row_height;           /* 0: (page height - 3 * padding) / 4 */
    double large_cell_width;     /* 0: 2 * column_width + padding */
    double large_cell_height;    /* 0: 2 * row_height + padding */
    double medium_cell_height;   /* 0: 2 * row_height + padding */
} cvl_mosaic_config;

/**
** The paged mosaic (MacMullin's post): 12 items a page in the post's row/column/size tables, pages laid
** side by side at the collection view's width, content size = pages x viewport. Section 0 only.
*/
int cvl_mosaic_layout_create(cvl_layout **out_layout);
int cvl_mosaic_layout_set_config(cvl_layout *layout, const cvl_mosaic_config *config);
int cvl_mosaic_layout_get_config(const cvl_layout *layout, cvl_mosaic_config *out);

/** The tree's children: item `parent`'s children are the next `*out_count` items of section parent.section + 1. */
typedef struct cvl_tree_data_source {
    void *context;
    int (*number_of_children)(void *context, cvl_index_path parent, int64_t *out_count);
} cvl_tree_data_source;

typedef struct cvl_tree_config {
    cvl_size item_size;       /* see cvl_tree_config_default() */
    cvl_insets insets;        /* around each cell */
} cvl_tree_config;

int cvl_tree_config_default(cvl_tree_config *out);

/**
** The class-hierarchy tree (Apple's guide): a section per depth, the bottom-up framing pass of
** Listing 6-5, CVL_KIND_CONNECTOR supplementary views from each parent to its children, content
** size from the number of sections and section 0's rows. `source` is copied; its callback is
** required. Section s+1 must hold exactly the children of section s's items. At most
** CVL_MAX_STORED_ITEMS items in all (else the prepare fails with CVL_ERROR_OVERFLOW).
*/
int cvl_tree_layout_create(const cvl_tree_data_source *source, cvl_layout **out_layout);
int cvl_tree_layout_set_config(cvl_layout *layout, const cvl_tree_config *config);
int cvl_tree_layout_get_config(const cvl_layout *layout, cvl_tree_config *out);

/**
** The circle (the circle article): items of section 0 (default 60x60) on a circle around the centre of the
** bounds, radius floor(min(w, h) / 2.5), item i at angle 2*pi*i/n - pi/2 and rotated by
** 2*pi*i/n about z; content size = bounds size. The centre is worked out as
** (cx + r * sin(a), cy - r * cos(a)) with a = 2*pi*i/n (the same point; the argument is not shifted by
** pi/2), and an item with 2i > n as the mirror image of item n - i (the sine negated), so that each value
** is within an ulp or two of the exact one and the circle is exactly symmetric.
*/
int cvl_circle_layout_create(cvl_layout **out_layout);
int cvl_circle_layout_set_item_size(cvl_layout *layout, cvl_size item_size);
int cvl_circle_layout_get_item_size(const cvl_layout *layout, cvl_size *out);

/* ============================================================================================
** Waterfall (masonry, staggered grid) layout: CHTCollectionViewWaterfallLayout's rule, with the
** options of Android's StaggeredGridLayoutManager and Compose's lazy staggered grids
**
** A flow subclass: the item sizes are the flow's (cvl_flow_layout_set_item_sizes(), else the
** delegate's size_for_item, else item_size), and the flow's properties and per-section delegate
** answers keep their meaning: minimum_interitem_spacing = the gap between columns,
** minimum_line_spacing = the gap between items of a column (>= 0), section_inset (each side
** >= 0), the extent along the scroll axis of header_reference_size / footer_reference_size
** (headers and footers span the whole cross size, outside the section insets, as the flow's),
** scroll_direction. cvl_flow_layout_set_config() on a waterfall also fails with
** CVL_ERROR_INVALID_ARGUMENT (nothing changed) for pinning, a non-zero estimated_item_size or a
** negative inset or line spacing; a delegate answering a negative inset or line spacing fails
** the prepare (CVL_ERROR_INVALID_ARGUMENT). docs/waterfall-rules.md gives each rule (W1-W7) with
** its source and the decisions where the sources differ.
**
** Written for vertical scrolling; with scroll_direction CVL_SCROLL_HORIZONTAL the columns are
** rows, extents are widths, and "top/bottom" and "left/right" below swap (insets included).
** Section s, from its top `origin` (0, then the previous section's end), W the view's width:
**   available = W - inset.left - inset.right
**   columns c = cvl_waterfall_layout_set_section_columns()'s entry for s, else the config's:
**               column_count, or, with a minimum width m > 0, max(1, floor((available + spacing)
**               / (m + spacing))) (Compose GridCells.Adaptive), at most CVL_MAX_WATERFALL_COLUMNS
**   column width = max(0, (available - (c - 1) * spacing) / c); column j at
**               x = inset.left + j * (column width + spacing)
**   extent    the item's bulk extent (cvl_waterfall_layout_set_extents()), else its size's
**             height * its width in the layout / its size's width (0 when either is 0)
**   placement CVL_WATERFALL_PLACE_SHORTEST (default): each item into the shortest column (the
**             leftmost on ties); CVL_WATERFALL_PLACE_IN_ORDER: the k-th item since the section's
**             top or its last full-span item into column k mod c; the column then grows by the
**             extent + line spacing
**   full span an item flagged by cvl_waterfall_layout_set_full_spans() starts at the tallest
**             column's height (top + header if nothing precedes it), spans `available` from
**             inset.left, and every column continues below it (+ line spacing)
**   body end  the tallest column less one line spacing (the section's top when it is empty:
**             no spacing subtracted); footer at body end + inset.bottom.
** Content size: (W, end of the last section); horizontally (end, H). The numbers are exact
** doubles (no pixel rounding). Measured sizes (cvl_view_set_measured_sizes()) go into the flow's
** size store: a cell measured as (column width, h) is h high, unless its section has bulk
** extents (they win). The waterfall's prepare never lays the flow's lines out (it only resolves
** and checks the flow's sizes and metrics), so on a waterfall the flow's getters answer the
** waterfall's own geometry: cvl_flow_layout_item_frame() the item's waterfall frame (what the
** queries return), cvl_flow_layout_section_frame() the section from its header's top to its
** footer's end, the whole cross size across; same errors as on a flow.
** At most CVL_MAX_STORED_ITEMS items in all (CVL_ERROR_OVERFLOW).
** Along the scroll axis a frame is its segment's start (the section's top, or the end of the
** full-span item above it + line spacing) + its offset in the segment, one addition each: an
** item and the next one in its column with no line spacing between may share an ulp of the
** coordinate (as the flow's lines may).
**
** Flags and extents are handed over per section in bulk (copied), as the flow's item sizes: an
** array must have exactly as many entries as its section has items when the layout is next
** prepared, else that layout cycle fails with CVL_ERROR_INVALID_ARGUMENT (previous frames kept);
** for a batch update that inserts or deletes items, edit the arrays first with the _replace_
** functions.
**
** Costs: prepare O(n log c) (the flow's sizes resolved, O(1) a section for bulk sizes, one read
** of them for the bound on the coordinates when placing over the previous frames, then one
** pass: a scan or heap of the used columns when shortest first, O(1) an item in order or
** full-span); memory 24 bytes an item, 36 an occupied column of a chunk of 64 segments and 20 a
** full-span item on top of the flow's sizes. A change of extents only
** (cvl_waterfall_layout_replace_extents() keeping the count, cvl_flow_layout_replace_item_sizes()
** keeping the count, measured sizes) places, at the next prepare, the items from the first one
** changed through the next full-span item after the last one changed (a full-span item puts
** every column at one height, so the later items keep their offsets: the segments' starts are
** sums kept in blocks of 64, O(64 + F / 64) to update for F full-span items; later sections only
** move, O(1) each): O(c log n + F / 64 + m log c) for m items placed, plus a move of the column
** lists' later entries within their chunk of 64 segments when a column holds another number of
** the items placed (shortest first); the items placed go over their previous frames when only one
** section changed and no step can fail (no callbacks, every coordinate bounded far inside the
** finite range), else into buffers of m items first (a failure leaves the previous frames). With
** no full-span item after the change (none in the section, or the change in its last segment) it
** places every item to the section's end:
** shortest first, an item's column depends on every height before it, and in order the changed
** column's later items all move (docs/waterfall-rules.md, "Costs"). A flag changed
** (_replace_full_spans) places from it to the section's end; a whole array set (_set_) from item 0
** of its section; any other change (a whole size array, a property, the bounds' cross size, a
** batch update, callbacks set) places every item -- unless, without callbacks or delegate sizes,
** everything the placement reads (axis, cross size, config, section columns, each section's
** metrics, count, flags, extents or sizes) is bit for bit what the last placement read: the
** frames are then kept, O(S) plus one comparison of each array handed over again (O(1) for the
** same storage; docs/waterfall-rules.md, "The same inputs again"). Single-element lookups
** O(log F); rect queries O(log S + c' log n + k) for a rect within one section (c' = columns the
** rect meets: one binary search per column and one over the full-span items); see also "Memory
** kept by a view" and the layout cycle and rect query costs at the top.
*/
#define CVL_MAX_WATERFALL_COLUMNS 1024

/** placement: which column an item goes into (W3). */
#define CVL_WATERFALL_PLACE_SHORTEST  0  /* the shortest column, ties to the leftmost (CHT, Android, Compose) */
#define CVL_WATERFALL_PLACE_IN_ORDER  1  /* item k of a run into column k mod c (CHT's left-to-right order) */

typedef struct cvl_waterfall_config {
    int64_t column_count;          /* 2; 1 ... CVL_MAX_WATERFALL_COLUMNS (used when no minimum width) */
    double minimum_column_width;   /* 0 = use column_count; > 0: the count is derived; finite, <= 1e12 */
    int64_t placement;             /* CVL_WATERFALL_PLACE_SHORTEST (0, default) or _IN_ORDER (1) */
} cvl_waterfall_config;

/** Fills *out with the defaults (2 columns, no minimum width, shortest first). Any thread. */
int cvl_waterfall_config_default(cvl_waterfall_config *out);
/** Creates a waterfall layout (the flow's defaults, 2 columns). The caller owns *out_layout. */
int cvl_waterfall_layout_create(cvl_layout **out_layout);
/**
** Sets every field at once or nothing: CVL_ERROR_INVALID_ARGUMENT (the message names the field)
** for column_count outside 1 ... CVL_MAX_WATERFALL_COLUMNS, a NaN, infinite, negative or larger
** than 1e12 minimum_column_width, a placement other than 0 or 1, or a layout that is not a
** waterfall; CVL_ERROR_NULL_ARGUMENT for a NULL config. Invalidates the attached view. O(1).
*/
int cvl_waterfall_layout_set_config(cvl_layout *layout, const cvl_waterfall_config *config);
/** Reads the fields. Callable from hooks and callbacks. */
int cvl_waterfall_layout_get_config(const cvl_layout *layout, cvl_waterfall_config *out);

/**
** Flags the items of `section` that span every column (flags[i] 1: item i spans; 0: it takes one
** column; copied). `flags == NULL` with `count == 0` removes them. `section` >= 0 and
** < CVL_MAX_SECTIONS (it may name a section that does not exist yet). Errors, nothing changed:
** CVL_ERROR_INVALID_ARGUMENT for a flag other than 0 or 1 or a layout that is not a waterfall;
** CVL_ERROR_OUT_OF_RANGE for the section; CVL_ERROR_NULL_ARGUMENT for NULL flags with count > 0.
** Invalidates the view. O(n).
*/
int cvl_waterfall_layout_set_full_spans(cvl_layout *layout, int64_t section, const uint8_t *flags, size_t count);
/**
** Replaces the flags at [start, start + remove_count) of `section` by flags[0 .. insert_count-1]
** (copied; NULL when insert_count is 0): pair it with the batch update, edited first. Errors as
** cvl_waterfall_layout_set_full_spans(), plus CVL_ERROR_STATE when the section has no flags
** and CVL_ERROR_OUT_OF_RANGE for a range outside them; nothing changed. O(n) for the section.
*/
int cvl_waterfall_layout_replace_full_spans(cvl_layout *layout, int64_t section, int64_t start, size_t remove_count,
                                           const uint8_t *flags, size_t insert_count);
/**
** Sets the extent along the scroll axis (the height; the width when horizontal) of every item of
** `section`, given directly instead of scaled from the item's size (each finite, >= 0, at most
** 1e12; copied). `extents == NULL` with `count == 0` removes them. Errors as
** cvl_waterfall_layout_set_full_spans() (CVL_ERROR_INVALID_ARGUMENT for a NaN, infinite,
** negative or too large extent); nothing changed. Invalidates the view. O(n).
*/
int cvl_waterfall_layout_set_extents(cvl_layout *layout, int64_t section, const double *extents, size_t count);
/**
** Replaces the extents at [start, start + remove_count) of `section` by
** extents[0 .. insert_count-1], as cvl_waterfall_layout_replace_full_spans(). O(n) for the
** section.
*/
int cvl_waterfall_layout_replace_extents(cvl_layout *layout, int64_t section, int64_t start, size_t remove_count,
                                        const double *extents, size_t insert_count);

/** One waterfall section's column count (CHT's columnCountForSection): minimum_column_width > 0
** derives it (adaptive), else columns >= 1 fixes it; {0, 0} uses the config's. */
typedef struct cvl_waterfall_section_columns {
    int64_t columns;             /* 0 ... CVL_MAX_WATERFALL_COLUMNS */
    double minimum_column_width; /* finite, >= 0, at most 1e12 */
} cvl_waterfall_section_columns;

/**
** Per-section column counts: entry s is section s's (copied); sections past `count` use the
** config's. `columns == NULL` with `count == 0` removes them. Errors, nothing changed:
** CVL_ERROR_INVALID_ARGUMENT for an entry out of range, more than CVL_MAX_SECTIONS entries, or a
** layout that is not a waterfall; CVL_ERROR_NULL_ARGUMENT for NULL with count > 0. Invalidates
** the view. O(count).
*/
int cvl_waterfall_layout_set_section_columns(cvl_layout *layout, const cvl_waterfall_section_columns *columns,
                                             size_t count);

/**
** The waterfall's answers by callback, for hosts that keep no arrays (CHT's
** columnCountForSection: and per-item heights, Android's setFullSpan, Compose's
** StaggeredGridItemSpan.FullLine). Each function may be NULL (not asked). Rules:
**   - a bulk array wins: a section with cvl_waterfall_layout_set_full_spans() flags (_set_extents()
**     extents) is not asked is_full_span (extent_for_item); columns_for_section, when set, answers
**     for every section (cvl_waterfall_layout_set_section_columns() entries are then not used);
**   - each prepare that places the items asks columns_for_section once a section and the item
**     functions once an item, in index order, and keeps only the frames; a prepare places the
**     items when the layout is invalidated (a property, a batch update, cvl_view_invalidate_layout(),
**     a change of the bounds' cross size, this function), never for a scroll. With any callback
**     set, every such prepare places every item (range edits are then not local);
**   - answers: *out_full 0 or 1; *out_extent finite, >= 0, at most 1e12 (the extent along the
**     scroll axis, used instead of the item's size scaled to the column); *out columns 0 ...
**     CVL_MAX_WATERFALL_COLUMNS with a minimum width finite, >= 0, at most 1e12 ({0, 0}: the
**     config's). A non-zero return or a bad answer fails that layout cycle with CVL_ERROR_CALLBACK
**     naming the item or section; the frames do not change.
** Callbacks run on the thread that runs the layout cycle, under the library's lock: they may call
** the functions callable from hooks and callbacks ("Threads" at the top); the others fail with
** CVL_ERROR_STATE (the layout is being prepared). The context must stay valid until the layout is
** destroyed or the callbacks replaced.
*/
typedef struct cvl_waterfall_callbacks {
    void *context;
    int (*is_full_span)(void *context, cvl_index_path index_path, int32_t *out_full);
    int (*extent_for_item)(void *context, cvl_index_path index_path, double *out_extent);
    int (*columns_for_section)(void *context, int64_t section, cvl_waterfall_section_columns *out);
} cvl_waterfall_callbacks;

/**
** Sets (copies) or clears (`callbacks` NULL, or every function NULL) the callbacks. Errors,
** nothing changed: CVL_ERROR_INVALID_ARGUMENT for a layout that is not a waterfall. Invalidates
** the view. O(1); each layout cycle then costs one call an item of the sections asked.
*/
int cvl_waterfall_layout_set_callbacks(cvl_layout *layout, const cvl_waterfall_callbacks *callbacks);

/* ============================================================================================
** Grid layout: a span grid (Apple's compositional grid sample, Android's GridLayoutManager,
** Compose's lazy grids)
**
** Apple's "Implementing Modern Collection Views" grid (a horizontal group of `columns` equally
** wide items repeated down each section, interItemSpacing between them, interGroupSpacing between
** rows) whose items may span 1 ... C columns (Android's SpanSizeLookup, Compose's GridItemSpan)
** and have their own extents along the scroll axis. Not a flow subclass: the flow functions
** refuse it (CVL_ERROR_INVALID_ARGUMENT). docs/grid-rules.md gives each rule (G1-G5) with its
** source. Written for vertical scrolling; with scroll_direction CVL_SCROLL_HORIZONTAL the columns
** are rows, extents are widths, and "top/bottom" and "left/right" below swap (insets included).
**
** Section s with n items, from its top `origin` (0 for section 0, then the previous section's
** end), W the view's width:
**   available = max(0, W - insets.left - insets.right)
**   C         = the section's column count: cvl_grid_layout_set_section_columns()'s entry for s,
**               else the config's; fixed (`columns`), or, when a minimum column width m > 0 is
**               given, min(CVL_MAX_GRID_COLUMNS, max(1, floor((available + interitem_spacing) /
**               (m + interitem_spacing)))) (Compose GridCells.Adaptive), the rest shared evenly
**   w         = max(0, (available - (C - 1) * interitem_spacing) / C), pitch = w + interitem_spacing
**   rows (G1) items fill a row by span in index order; an item whose span does not fit what is
**             left of the row starts the next row at span index 0
**   item (G2) at span index j with span k: x = insets.left + shift + j * pitch,
**             width = k * w + (k - 1) * interitem_spacing
**   extent    its bulk extent (cvl_grid_layout_set_item_extents() or a measured size), else
**             item_height if > 0, else item_aspect * its width
**   row (G3)  as tall as its tallest item; rows intergroup_spacing apart; y of an item = its row's
**             top; height = its extent (stretch_items 0, Compose) or the row's (1, Android)
**   shift(G5) 0 (short_row_alignment CVL_GRID_ALIGN_LEADING); for a row filled to u < C spans,
**             (C - u) * pitch / 2 (CENTER) or (C - u) * pitch (TRAILING)
**   header, footer (kind CVL_KIND_HEADER / CVL_KIND_FOOTER, item 0) when header_height /
**             footer_height > 0, supplementaries_follow_insets 0 (the default: the flow layout's
**             rule, UICollectionViewFlowLayout): header (0, origin, W, header_height), first row
**             at origin + header_height + insets.top, footer (0, last row's end + insets.bottom,
**             W, footer_height), end = footer's end; 1 (compositional's
**             supplementariesFollowContentInsets): header (insets.left, origin + insets.top,
**             available, header_height), first row right below it, footer (insets.left, last
**             row's end, available, footer_height), end = its end + insets.bottom.
**             An empty section keeps its header, insets and footer.
**             Which rule each layout follows: the flow and its subclasses (Survey, Dimensions,
**             Cover Flow, waterfall) put headers and footers outside the section insets, across
**             the whole cross axis; the grid does too by default, or follows the insets with
**             supplementaries_follow_insets 1; the mosaic, tree, circle and stack have none.
** Content size: (W, the last section's end); (W, 0) without sections; horizontally (the last
** section's end, H). The numbers are the exact doubles of these expressions (no pixel rounding).
** Right-to-left and pixel snapping are the view's, applied to these frames.
**
** Spans and extents are handed over per section in bulk (copied), as the flow's item sizes: an
** array must have exactly as many entries as its section has items when the layout is next
** prepared, else that layout cycle fails with CVL_ERROR_INVALID_ARGUMENT (previous frames kept);
** for a batch update that inserts or deletes items, edit the arrays first with the _replace_
** functions. A span larger than the section's column count fails the setter when the count is
** fixed (cvl_grid_layout_set_item_spans(), _set_config, _set_section_columns), else (adaptive)
** the layout cycle, with CVL_ERROR_INVALID_ARGUMENT naming the item ("span > column count"),
** nothing changed. Measured sizes (cvl_view_set_measured_sizes(), self-sizing) give an item its
** extent (its height; its width when horizontal) and keep its width from the columns.
**
** Costs: a section whose items all span 1 and share one extent (no arrays, or arrays of 1s / of
** one value) is a closed form of its index paths: nothing stored per item, counts up to
** CVL_MAX_ITEMS cost O(S) (about 100 bytes a section). Any other section keeps a row table
** (16 bytes an item, 24 a row, about 150 a block of about 160 rows), built in O(n) when its
** inputs change. The spans and extents are kept in chunks: a range edit costs O(edited + 512 +
** n / 32768). Any range edits (extents or spans replaced, inserts, deletes, moves, appends, and
** measured sizes) re-pack the rows from the row before the first edited item's until the rows
** and their blocks agree with the old ones again (usually within the edited row's block), keep
** the old blocks up to the next edit, and walk the blocks' offsets after: O(items re-packed +
** blocks); extents replaced in place patch the rows holding them instead (O(items of their
** blocks + blocks)). Rows all alike (one repeated span pattern and one extent) may re-pack up to
** the section's end: O(n). The frames are those of a table built from scratch, bit
** for bit, either way (docs/grid-rules.md, "Costs"). Prepare O(S + items of the sections rebuilt);
** content size O(1);
** single-element lookups O(1), O(log rows) with a table; rect queries O(log S + log n + k)
** within one section (rows and, per row, items found by binary search; with a table also O(1)
** per item of a crossed row whose own extent misses the rect), plus O(log n) per other section
** crossed; hit tests search the frames at the point (reach 0). A bounds change that keeps the
** width (the height, horizontally) keeps the layout. A layout cycle whose numbers leave the
** doubles fails with CVL_ERROR_OVERFLOW, the previous frames kept.
*/
#define CVL_MAX_GRID_COLUMNS 1024

/** short_row_alignment: where a row filled to fewer than C spans lies (G5). */
#define CVL_GRID_ALIGN_LEADING   0  /* at the leading edge (Android, Compose; the default) */
#define CVL_GRID_ALIGN_CENTER    1  /* centred: half the leftover columns before it */
#define CVL_GRID_ALIGN_TRAILING  2  /* at the trailing edge */

/** The grid's properties. Each double finite, >= 0, at most 1e12; each flag 0 or 1. */
typedef struct cvl_grid_config {
    int64_t columns;             /* 5 (Apple's sample: items of fractionalWidth 0.2); 1 ... CVL_MAX_GRID_COLUMNS */
    double minimum_column_width; /* 0 = use columns; > 0: the column count is derived (adaptive) */
    double item_height;          /* 0: use item_aspect; > 0: the extent of items without a bulk extent */
    double item_aspect;          /* 1 (square): extent = item_aspect * the item's width when item_height is 0 */
    double interitem_spacing;    /* 0: between the columns (the group's interItemSpacing) */
    double intergroup_spacing;   /* 0: between rows (the section's interGroupSpacing) */
    cvl_insets content_insets;   /* 0, 0, 0, 0: each section's insets */
    double header_height;        /* 0 = no header; its extent along the scroll axis */
    double footer_height;        /* 0 = no footer; its extent along the scroll axis */
    int64_t scroll_direction;    /* CVL_SCROLL_VERTICAL (0) or CVL_SCROLL_HORIZONTAL (1) */
    int64_t stretch_items;       /* 0: own extent at the row's top (Compose); 1: stretched to the row (Android) */
    int64_t short_row_alignment; /* CVL_GRID_ALIGN_LEADING (0), _CENTER (1) or _TRAILING (2) */
    int64_t supplementaries_follow_insets; /* 0: headers/footers outside the insets (flow's rule); 1: inside */
} cvl_grid_config;

/** Fills *out with the defaults (5 square columns, no spacing, insets, header or footer). Any thread. */
int cvl_grid_config_default(cvl_grid_config *out);
/** Creates a grid layout with the defaults. The caller owns *out_layout. O(1). */
int cvl_grid_layout_create(cvl_layout **out_layout);
/**
** Sets every field at once, or nothing: CVL_ERROR_INVALID_ARGUMENT (the message names the field)
** for columns outside 1 ... CVL_MAX_GRID_COLUMNS, a flag or enum out of its range, a NaN,
** infinite, negative or larger than 1e12 double, a section's bulk spans wider than the fixed
** column count it would get, or a layout that is not a grid; CVL_ERROR_NULL_ARGUMENT for a NULL
** config. Invalidates the attached view when a value changes. O(sections with bulk spans); the
** next layout cycle rebuilds every row table.
*/
int cvl_grid_layout_set_config(cvl_layout *layout, const cvl_grid_config *config);
/** Reads the fields (CVL_ERROR_INVALID_ARGUMENT for a layout that is not a grid). Callable from hooks
** and callbacks. O(1). */
int cvl_grid_layout_get_config(const cvl_layout *layout, cvl_grid_config *out);

/**
** Sets the span of every item of `section` (spans[i] of item i, each 1 ... CVL_MAX_GRID_COLUMNS;
** copied). `spans == NULL` with `count == 0` removes them (every item spans 1). `section` >= 0
** and < CVL_MAX_SECTIONS (it may name a section that does not exist yet). Errors, nothing
** changed: CVL_ERROR_INVALID_ARGUMENT for a span < 1 or > CVL_MAX_GRID_COLUMNS, a span wider than
** the section's fixed column count, or a layout that is not a grid; CVL_ERROR_OUT_OF_RANGE for
** the section; CVL_ERROR_NULL_ARGUMENT for NULL spans with count > 0. Invalidates the view. O(n).
*/
int cvl_grid_layout_set_item_spans(cvl_layout *layout, int64_t section, const int32_t *spans, size_t count);
/**
** Replaces the spans at [start, start + remove_count) of `section` by spans[0 .. insert_count-1]
** (copied; NULL when insert_count is 0): pair it with the batch update, edited first. Errors as
** cvl_grid_layout_set_item_spans(), plus CVL_ERROR_STATE when the section has no spans and
** CVL_ERROR_OUT_OF_RANGE for a range outside them; nothing changed. O(insert_count + remove_count
** + 512 + n / 32768) (the spans are kept in chunks), plus O(n) when the span removed was the
** section's only widest one.
*/
int cvl_grid_layout_replace_item_spans(cvl_layout *layout, int64_t section, int64_t start, size_t remove_count,
                                       const int32_t *spans, size_t insert_count);
/**
** Sets the extent along the scroll axis (the height; the width when horizontal) of every item of
** `section` (each finite, >= 0, at most 1e12; copied). `extents == NULL` with `count == 0`
** removes them (back to item_height / item_aspect). Forgets the section's measured extents.
** Errors as cvl_grid_layout_set_item_spans() (CVL_ERROR_INVALID_ARGUMENT for a NaN, infinite,
** negative or too large extent); nothing changed. Invalidates the view. O(n).
*/
int cvl_grid_layout_set_item_extents(cvl_layout *layout, int64_t section, const double *extents, size_t count);
/**
** Replaces the extents at [start, start + remove_count) of `section` by
** extents[0 .. insert_count-1], as cvl_grid_layout_replace_item_spans(); the measured extents of
** the items it does not replace are kept. O(insert_count + remove_count + 512 + n / 32768) (the
** extents are kept in chunks), plus O(measured items of the section); the next prepare re-packs
** only the rows around the edit (see "Costs" above).
*/
int cvl_grid_layout_replace_item_extents(cvl_layout *layout, int64_t section, int64_t start, size_t remove_count,
                                         const double *extents, size_t insert_count);

/** One section's column count: minimum_column_width > 0 derives it (adaptive), else columns >= 1
** fixes it; {0, 0} uses the config's. */
typedef struct cvl_grid_section_columns {
    int64_t columns;             /* 0 ... CVL_MAX_GRID_COLUMNS */
    double minimum_column_width; /* finite, >= 0, at most 1e12 */
} cvl_grid_section_columns;

/**
** Per-section column counts: entry s is section s's (copied); sections past `count` use the
** config's. `columns == NULL` with `count == 0` removes them. Errors, nothing changed:
** CVL_ERROR_INVALID_ARGUMENT for an entry out of range, more than CVL_MAX_SECTIONS entries, a
** section's bulk spans wider than the fixed count it would get, or a layout that is not a grid;
** CVL_ERROR_NULL_ARGUMENT for NULL with count > 0. Invalidates the view. O(count).
*/
int cvl_grid_layout_set_section_columns(cvl_layout *layout, const cvl_grid_section_columns *columns, size_t count);

/**
** The grid's answers by callback, for hosts that keep no arrays (Android's
** GridLayoutManager.SpanSizeLookup, Compose's `span` lambda, CHT's columnCountForSection:). Each
** function may be NULL (not asked). Rules:
**   - a bulk array wins: a section with cvl_grid_layout_set_item_spans() spans (_set_item_extents()
**     extents, or measured extents) is not asked span_for_item (extent_for_item);
**     columns_for_section, when set, answers for every section (cvl_grid_layout_set_section_columns()
**     entries are then not used);
**   - each layout cycle that lays the grid out asks columns_for_section once a section and the
**     item functions once an item of the sections without arrays, in index order, and builds
**     those sections' rows from the answers (O(n) calls and time, 28 bytes an item kept); a layout
**     cycle runs when the layout is invalidated (a property, a batch update,
**     cvl_view_invalidate_layout(), a change of the bounds' width, this function), never for a
**     scroll. At most CVL_MAX_STORED_ITEMS items are asked in all (CVL_ERROR_OVERFLOW before the
**     first call). Once an item of a section is measured (self-sizing), the section's extents are
**     kept as an array (the last answers, then the measurements) and extent_for_item is not asked
**     for it again until its item count changes;
**   - answers: *out_span 1 ... the section's column count; *out_extent finite, >= 0, at most 1e12;
**     *out columns 0 ... CVL_MAX_GRID_COLUMNS with a minimum width finite, >= 0, at most 1e12
**     ({0, 0}: the config's). A non-zero return or a bad answer ("span > column count", a NaN
**     extent, ...) fails that layout cycle with CVL_ERROR_CALLBACK naming the item or section;
**     the frames do not change.
** Callbacks run on the thread that runs the layout cycle, under the library's lock: they may call
** the functions callable from hooks and callbacks ("Threads" at the top); the others fail with
** CVL_ERROR_STATE (the layout is being prepared). The context must stay valid until the layout is
** destroyed or the callbacks replaced.
*/
typedef struct cvl_grid_callbacks {
    void *context;
    int (*span_for_item)(void *context, cvl_index_path index_path, int32_t *out_span);
    int (*extent_for_item)(void *context, cvl_index_path index_path, double *out_extent);
    int (*columns_for_section)(void *context, int64_t section, cvl_grid_section_columns *out);
} cvl_grid_callbacks;

/**
** Sets (copies) or clears (`callbacks` NULL, or every function NULL) the callbacks. Errors,
** nothing changed: CVL_ERROR_INVALID_ARGUMENT for a layout that is not a grid. Invalidates the
** view. O(1); each layout cycle then costs one call an item of the sections asked.
*/
int cvl_grid_layout_set_callbacks(cvl_layout *layout, const cvl_grid_callbacks *callbacks);

/* ============================================================================================
** Stack layout: a pile of cards, as in many apps' swipeable card decks
**
** This library's own arrangement, written with the mechanism Apple's "UICollectionViewLayout"
** page describes for custom layouts ("Subclassing Notes": the layout computes each element's
** frame, transform, alpha, z-index and hidden flag). Not a flow subclass: the flow functions
** refuse it (CVL_ERROR_INVALID_ARGUMENT).
**
** Every item of every section, in index-path order, is one card of one deck: item i of section
** s is card d = (items of the sections before s) + i. W is the view's width, (w, h) item_size,
** v = visible_count:
**   card d < v:  frame     = (insets.left + (W - insets.left - insets.right - w) / 2,
**                             insets.top + d * offset, w, h)   (centred, also when wider than W)
**                transform = scale(1 - d * scale_step, 1 - d * scale_step, 1), applied about the
**                            frame's centre (the frame is the untransformed one, as for the
**                            circle and Cover Flow)
**                alpha     = max(0, 1 - d * alpha_step); z_index = v - d (the top card, d = 0,
**                            draws last)
**   card d >= v: not returned by rect queries; a single-element lookup gives it the frame and
**                transform of card v - 1, hidden = 1, alpha 0, z_index 0
** No supplementary or decoration views. Content size: (W, insets.top + h + (min(v, n) - 1) *
** offset + insets.bottom) for n >= 1 items in all; (W, 0) without items (as the grid without
** sections: no card for the insets to surround). The numbers are the exact doubles of these
** expressions, all finite (the values are bounded: at most 1e12 each, at most
** CVL_MAX_STACK_VISIBLE cards shown). A bounds change that keeps the width keeps the layout.
** Costs: prepare O(S) (8 bytes a section: the prefix sums of the counts; nothing per item,
** counts up to CVL_MAX_ITEMS); content size and single-element lookups O(1); rect queries O(v),
** v <= CVL_MAX_STACK_VISIBLE; hit tests search the frames at the point (reach 0: every scale is
** in (0, 1], so each card is drawn inside its frame) and test the scaled shapes in draw order.
*/
#define CVL_MAX_STACK_VISIBLE 64

/** The stack's properties. Each double finite; sizes, offset and insets >= 0 and at most 1e12. */
typedef struct cvl_stack_config {
    cvl_size item_size;          /* 300 x 400: every card's size */
    int64_t visible_count;       /* 3; 1 ... CVL_MAX_STACK_VISIBLE: the cards shown */
    double offset;               /* 12 (>= 0): how much lower each card sits than the one above */
    double scale_step;           /* 0.05 (>= 0, and 1 - (visible_count - 1) * scale_step > 0) */
    double alpha_step;           /* 0.2; 0 ... 1: how much fainter each card is than the one above */
    cvl_insets content_insets;   /* 0, 0, 0, 0: around the stack */
} cvl_stack_config;

/** Fills *out with the defaults (300 x 400 cards, 3 shown, 12 apart, steps 0.05 and 0.2, no insets). Any thread. */
int cvl_stack_config_default(cvl_stack_config *out);
/** Creates a stack layout with the defaults. The caller owns *out_layout. O(1). */
int cvl_stack_layout_create(cvl_layout **out_layout);
/**
** Sets every field at once, or nothing: CVL_ERROR_INVALID_ARGUMENT (the message names the field
** and its rule) for visible_count outside 1 ... CVL_MAX_STACK_VISIBLE, a NaN or infinite double,
** a negative or larger than 1e12 size, offset or inset, a negative scale_step or one that leaves
** the last shown card a scale <= 0, an alpha_step outside 0 ... 1, or a layout that is not a
** stack; CVL_ERROR_NULL_ARGUMENT for a NULL config. Invalidates the attached view when a value
** changes. O(1); the next layout cycle costs O(S).
*/
int cvl_stack_layout_set_config(cvl_layout *layout, const cvl_stack_config *config);
/** Reads the fields (CVL_ERROR_INVALID_ARGUMENT for a layout that is not a stack). Callable from hooks
** and callbacks. O(1). */
int cvl_stack_layout_get_config(const cvl_layout *layout, cvl_stack_config *out);

/* ============================================================================================
** Compositional layout: UICollectionViewCompositionalLayout (items in groups in sections)
**
** UIKit's rules, their sources (UIKit's header UICollectionViewCompositionalLayout.h, Apple's
** documentation pages, Apple's sample "Implementing Modern Collection Views" by screen) and the
** decisions on what they leave open: docs/compositional-rules.md. A section is described as a
** list of elements (cvl_comp_element): items, and groups naming their children by index into the
** list; the section's group is the element `root`. The section's group repeats along the scroll
** axis, ceil(items / cells of one group) times, interGroupSpacing apart, inside the section's
** contentInsets, after its leading boundary items (headers) and before its trailing ones
** (footers); sections follow each other inter_section_spacing apart. An orthogonal section lays
** its groups across the scroll axis instead (one group thick) and scrolls by its own offset
** (cvl_compositional_set_orthogonal_offset): its cells and badges move, its boundary items and
** decorations do not.
**
** Index paths: a cell's badges have the cell's; a section's boundary items and decorations
** (section, 0); layout-wide boundary items (0, 0), so their kinds must differ from section 0's
** boundary items' and badges' (else the prepare fails with CVL_ERROR_INVALID_ARGUMENT). Kinds are
** CVL_KIND_* or kinds registered on the layout (cvl_layout_register_kind); 0 is refused.
**
** Validation: a description is checked whole when it is set (create, set_section,
** set_configuration; a provider's description when the provider returns it): a dimension not
** finite, negative points, a fraction not finite, negative or above 1e6, an inset or spacing not
** finite or negative, a child index outside the list, a group containing itself (directly or
** through its children), nesting deeper than CVL_MAX_COMP_DEPTH groups, a description expanding to
** more than CVL_MAX_COMP_ELEMENTS elements (a shared child counts once per use), an empty
** subitems list, a count outside 1 ... CVL_MAX_COMP_GROUP_ITEMS or a count group with other than
** one child, a kind of 0 or twice among one item's badges, one section's boundary items or
** decorations, more than 64 of them, an unknown enum value: CVL_ERROR_INVALID_ARGUMENT naming the
** element ("section.elements[3].size.width"), nothing changed. At prepare: a group resolving to
** more than CVL_MAX_COMP_GROUP_ITEMS cells (CVL_ERROR_OVERFLOW), a custom group's callback
** failing, returning more frames than its capacity or a frame not finite or of negative size
** (CVL_ERROR_CALLBACK, naming the group). A list of items that advance nothing along the axis
** (zero width, no spacing) is placed once per group: it never loops.
**
** Costs: prepare O(S) for S sections sharing one description, plus the cells of its group once;
** a provider is called once per section and each section's group resolved (O(its cells)).
** When only item counts changed since the last layout pass (a batch update, a reload) and one
** description is shared, with no measured cells: only the changed sections are laid out again;
** when one's extent changes, the sections of its block of 256 are placed again and the later
** blocks moved (one addition a block: a section's place is its block's start plus its place in
** the block, in every pass; a moved block's sections are written when a query first reads them,
** O(256) then). So the pass costs O(S) comparisons of the counts (a few instructions a section),
** plus O(S / 256 + 256) and one section's layout for each changed section, whatever the values
** (fractions of a point, spacings such as 0.1 alike); the frames are the full pass's, bit for
** bit.
** Nothing is stored per item. Rect queries O(log S + log n + k) for a rect within one section
** (groups found by binary search along the scroll axis, or across it at an orthogonal section's
** offset; cells by binary search inside a group that is a row or a column, else each cell of the
** groups met). Lookups O(1).
**
** Self-sizing: a CVL_COMP_DIMENSION_ESTIMATED dimension is its estimate until the host reports
** the measured size through the self-sizing calls (cvl_view_set_measured_sizes() and the others,
** "Self-sizing cells"): the measured size replaces the cell's estimated dimensions, its group
** extends along the scroll axis to its longest measured cell (the groups after it move), the
** content offset is corrected as for the flow; cells keep their places inside their group, and an
** orthogonal section keeps its thickness. A section whose item count changes forgets its
** measurements. 16 bytes a measured item and a group of such a section, at most
** CVL_MAX_STORED_ITEMS of each. Not yet: badges on groups.
*/

#define CVL_MAX_COMP_DEPTH            16     /* groups nested in groups (a section's group is 1) */
#define CVL_MAX_COMP_GROUP_ITEMS      65536  /* cells of one resolved group, and a group's count */
#define CVL_MAX_COMP_ELEMENTS         65536  /* elements of one description, expanded */
#define CVL_MAX_COMP_BOUNDARY_ITEMS   64     /* boundary items, decorations or badges of one owner */

/* cvl_comp_dimension.kind: NSCollectionLayoutDimension */
#define CVL_COMP_DIMENSION_ABSOLUTE           0  /* points */
#define CVL_COMP_DIMENSION_FRACTIONAL_WIDTH   1  /* a fraction of the containing group's width */
#define CVL_COMP_DIMENSION_FRACTIONAL_HEIGHT  2  /* a fraction of the containing group's height */
#define CVL_COMP_DIMENSION_ESTIMATED          3  /* points: the estimate until measured ("Self-sizing" above) */

/* cvl_comp_spacing.kind: NSCollectionLayoutSpacing (or none) */
#define CVL_COMP_SPACING_NONE      0
#define CVL_COMP_SPACING_FIXED     1  /* exactly `value` */
#define CVL_COMP_SPACING_FLEXIBLE  2  /* at least `value`, sharing the group's leftover */

/* cvl_comp_anchor.edges: NSDirectionalRectEdge (bit flags; none or both of an axis = its middle) */
#define CVL_COMP_EDGE_TOP       1
#define CVL_COMP_EDGE_LEADING   2
#define CVL_COMP_EDGE_BOTTOM    4
#define CVL_COMP_EDGE_TRAILING  8

/* cvl_comp_element.type */
#define CVL_COMP_ELEMENT_ITEM        0  /* NSCollectionLayoutItem: one cell */
#define CVL_COMP_ELEMENT_HORIZONTAL  1  /* NSCollectionLayoutGroup.horizontal */
#define CVL_COMP_ELEMENT_VERTICAL    2  /* NSCollectionLayoutGroup.vertical */
#define CVL_COMP_ELEMENT_CUSTOM      3  /* NSCollectionLayoutGroup.custom: frames from custom_frames */

/* cvl_comp_element.fill: how a horizontal or vertical group fills itself */
#define CVL_COMP_FILL_SUBITEMS   0  /* subitems: the children cycled while the next one fits */
#define CVL_COMP_FILL_COUNT      1  /* subitem:count: `count` equal slots of the one child */
#define CVL_COMP_FILL_REPEATING  2  /* repeatingSubitem:count: the child `count` times at its size */

/* cvl_comp_boundary_item.alignment: NSRectAlignment */
#define CVL_COMP_ALIGN_TOP              1
#define CVL_COMP_ALIGN_TOP_LEADING      2
#define CVL_COMP_ALIGN_LEADING          3
#define CVL_COMP_ALIGN_BOTTOM_LEADING   4
#define CVL_COMP_ALIGN_BOTTOM           5
#define CVL_COMP_ALIGN_BOTTOM_TRAILING  6
#define CVL_COMP_ALIGN_TRAILING         7
#define CVL_COMP_ALIGN_TOP_TRAILING     8

/* cvl_comp_section.orthogonal_scrolling: UICollectionLayoutSectionOrthogonalScrollingBehavior */
#define CVL_COMP_ORTHOGONAL_NONE                               0
#define CVL_COMP_ORTHOGONAL_CONTINUOUS                         1
#define CVL_COMP_ORTHOGONAL_CONTINUOUS_GROUP_LEADING_BOUNDARY  2
#define CVL_COMP_ORTHOGONAL_PAGING                             3
#define CVL_COMP_ORTHOGONAL_GROUP_PAGING                       4
#define CVL_COMP_ORTHOGONAL_GROUP_PAGING_CENTERED              5

typedef struct cvl_comp_dimension {
    int32_t kind;   /* CVL_COMP_DIMENSION_* */
    double value;   /* points, finite, 0 ... 1e12; or a fraction, finite, 0 ... 1e6 */
} cvl_comp_dimension;

typedef struct cvl_comp_size {
    cvl_comp_dimension width, height;
} cvl_comp_size;

typedef struct cvl_comp_spacing {
    int32_t kind;   /* CVL_COMP_SPACING_* */
    double value;   /* points, finite, 0 ... 1e12 */
} cvl_comp_spacing;

typedef struct cvl_comp_edge_spacing {
    cvl_comp_spacing leading, top, trailing, bottom;  /* all zero: none */
} cvl_comp_edge_spacing;

/** NSCollectionLayoutAnchor: `edges` of the container, then `offset` (points, or fractions of the
** anchored element's own size when `fractional` is non-zero). */
typedef struct cvl_comp_anchor {
    uint32_t edges;     /* CVL_COMP_EDGE_* flags */
    int32_t fractional;
    cvl_point offset;   /* finite, within +-1e12 */
} cvl_comp_anchor;

/** NSCollectionLayoutSupplementaryItem: a badge anchored to its item's (inset) frame. */
typedef struct cvl_comp_badge {
    int32_t kind;                 /* not 0 */
    int32_t z_index;              /* UIKit's default 1: over its cell */
    cvl_comp_size size;           /* fractions are of the item's frame */
    cvl_comp_anchor container_anchor;
    int32_t has_item_anchor;      /* 0: the badge's own anchor point is the container anchor's */
    cvl_comp_anchor item_anchor;
} cvl_comp_badge;

/** One element of a description: an item (a cell) or a group. */
typedef struct cvl_comp_element {
    int32_t type;                      /* CVL_COMP_ELEMENT_* */
    int32_t fill;                      /* groups: CVL_COMP_FILL_* */
    cvl_comp_size size;
    cvl_insets content_insets;         /* items: shrink the cell in its slot; groups: the children's box */
    cvl_comp_edge_spacing edge_spacing;
    cvl_comp_spacing inter_item_spacing;  /* groups */
    int64_t count;                     /* groups filled by COUNT or REPEATING: 1 ... CVL_MAX_COMP_GROUP_ITEMS */
    int64_t first_child;               /* groups: children[first_child ...] of the description */
    int64_t child_count;
    int64_t first_badge;               /* items: badges[first_badge ...] of the description */
    int64_t badge_count;
} cvl_comp_element;

/** NSCollectionLayoutBoundarySupplementaryItem: a header or footer of a section or the layout. */
typedef struct cvl_comp_boundary_item {
    int32_t kind;                 /* not 0 */
    int32_t alignment;            /* CVL_COMP_ALIGN_* (TOP: a header; BOTTOM: a footer) */
    cvl_comp_size size;           /* fractions are of the section's content size (or the view's) */
    cvl_point absolute_offset;    /* finite, within +-1e12 */
    int32_t extends_boundary;     /* non-zero (UIKit's default): the section makes room for it */
    int32_t pin_to_visible_bounds;
    int32_t z_index;              /* 0 (pinned: at least the flow's pinned z-index) */
} cvl_comp_boundary_item;

/** NSCollectionLayoutDecorationItem.background: covers its section, inset by `content_insets`. */
typedef struct cvl_comp_decoration_item {
    int32_t kind;                 /* not 0 */
    int32_t z_index;              /* -1: behind the cells */
    cvl_insets content_insets;    /* each finite, >= 0 */
} cvl_comp_decoration_item;

/**
** NSCollectionLayoutSection, flattened. The arrays are read (and copied) by the call that takes the
** description; they need not outlive it. NULL arrays with a count of 0 are allowed.
*/
typedef struct cvl_comp_section {
    const cvl_comp_element *elements;
    int64_t element_count;
    const int64_t *children;           /* the groups' children, by element index */
    int64_t child_count;
    const cvl_comp_badge *badges;
    int64_t badge_count;
    int64_t root;                      /* the section's group (an element index; a group, not an item) */
    cvl_insets content_insets;         /* each finite, >= 0 */
    double inter_group_spacing;        /* finite, >= 0 */
    int32_t orthogonal_scrolling;      /* CVL_COMP_ORTHOGONAL_* */
    int32_t supplementaries_ignore_content_insets;  /* 0 (UIKit's default): boundary items follow the insets */
    const cvl_comp_boundary_item *boundary_items;
    int64_t boundary_item_count;       /* at most CVL_MAX_COMP_BOUNDARY_ITEMS */
    const cvl_comp_decoration_item *decoration_items;
    int64_t decoration_item_count;     /* at most CVL_MAX_COMP_BOUNDARY_ITEMS */
    void *custom_context;              /* passed to custom_frames; must live as long as the layout */
    /*
    ** Required when an element is CUSTOM: the frames of the custom group `element` (an index into
    ** `elements`) of `section` (-1 for a layout's shared section, resolved once for all its
    ** sections), relative to the group's box of size `group_size` (its contentInsets applied):
    ** write at most `capacity` frames into `out` and their number into `*out_count`. Called with
    ** a capacity of 64 first; a callback with more frames sets `*out_count` to their number
    ** (writing at most `capacity`) and is called once more with that capacity (at most
    ** CVL_MAX_COMP_GROUP_ITEMS, else CVL_ERROR_CALLBACK). Each frame is one cell, in item order.
    ** Called during the layout cycle, on the calling thread.
    */
    int (*custom_frames)(void *context, int64_t section, int64_t element, cvl_size group_size, cvl_rect *out,
                         int64_t capacity, int64_t *out_count);
} cvl_comp_section;

/** UICollectionViewCompositionalLayoutConfiguration. All zero: vertical, no spacing, no items. */
typedef struct cvl_comp_configuration {
    int32_t scroll_direction;          /* CVL_SCROLL_VERTICAL (default) or CVL_SCROLL_HORIZONTAL */
    double inter_section_spacing;      /* finite, >= 0; between sections, not after the last */
    const cvl_comp_boundary_item *boundary_items;  /* the layout's header / footer; copied */
    int64_t boundary_item_count;
} cvl_comp_configuration;

/**
** The section provider (UICollectionViewCompositionalLayoutSectionProvider): describe section
** `section` for a container of `container_size` (the view's bounds size) into `*out`. Asked once
** per section at every layout pass that recomputes (counts, bounds size, invalidation), not on
** a scroll. The arrays `*out` points to must stay valid until the provider is called again or the
** layout is destroyed (the library copies them before it returns).
*/
typedef struct cvl_comp_provider {
    void *context;
    int (*section_for_index)(void *context, int64_t section, cvl_size container_size, cvl_comp_section *out);
} cvl_comp_provider;

/**
** Creates a compositional layout whose every section is `section` (init(section:configuration:)).
** `configuration` NULL: the defaults. Errors: see "Validation" above; CVL_ERROR_NULL_ARGUMENT.
** O(elements).
*/
int cvl_compositional_layout_create(const cvl_comp_section *section, const cvl_comp_configuration *configuration,
                                    cvl_layout **out_layout);

/**
** Creates a compositional layout whose sections come from `provider` (copied; its callback is
** required). A provider's description that fails validation fails the prepare with its error.
*/
int cvl_compositional_layout_create_with_provider(const cvl_comp_provider *provider,
                                                  const cvl_comp_configuration *configuration,
                                                  cvl_layout **out_layout);

/** Replaces the shared section (or the provider) with `section`, all or nothing; invalidates. */
int cvl_compositional_layout_set_section(cvl_layout *layout, const cvl_comp_section *section);

/** Replaces the configuration, all or nothing; invalidates. */
int cvl_compositional_layout_set_configuration(cvl_layout *layout, const cvl_comp_configuration *configuration);

/**
** Sets section `section`'s own scroll offset across the scroll axis (the host scrolled it; any
** finite value within +-1e12, rubber-banding included). The view's queries then show its cells
** there. Runs the layout cycle first. Errors: CVL_ERROR_STATE when the view's layout is not
** compositional, CVL_ERROR_OUT_OF_RANGE for a section outside the counts, CVL_ERROR_INVALID_ARGUMENT
** for a section that does not scroll orthogonally or a bad offset. The offset belongs to the
** section index (a batch update does not move it). O(1) after the cycle.
*/
int cvl_compositional_set_orthogonal_offset(cvl_view *view, int64_t section, double offset);

/** Section `section`'s offset across the scroll axis (0 until set). Errors as above. O(1). */
int cvl_compositional_get_orthogonal_offset(cvl_view *view, int64_t section, double *out);

/**
** Where section `section` comes to rest after a gesture that started at offset `start`, whose
** deceleration would end at `proposed`, with `velocity` (points per second; positive towards larger
** offsets), by the section's behaviour: continuous: `proposed`; continuous_group_leading_boundary:
** the group edge nearest `proposed`; paging / group_paging / group_paging_centered: one page
** (group) from the one at `start` in the velocity's direction, the nearest to `proposed` without
** velocity. Always within 0 ... *out_extent - the view's extent across the axis. `out_extent`
** may be NULL; else it receives the section's scrollable extent. Errors as above. O(1).
*/
int cvl_compositional_target_orthogonal_offset(cvl_view *view, int64_t section, double start, double proposed,
                                               double velocity, double *out, double *out_extent);

/* ============================================================================================
** The collection view
*/

/** UICollectionViewDataSource. `number_of_items` is required; `number_of_sections` NULL means 1. */
typedef struct cvl_data_source {
    void *context;
    int (*number_of_sections)(void *context, int64_t *out_count);
    int (*number_of_items)(void *context, int64_t section, int64_t *out_count);
} cvl_data_source;

/**
** Creates a view that uses `layout` and asks `source` (copied) for its counts at once. The
** bounds size and content offset start at zero. Counts must be >= 0, at most CVL_MAX_SECTIONS
** sections and CVL_MAX_ITEMS items in all (else CVL_ERROR_OVERFLOW, before anything is stored
** for them). Fails with CVL_ERROR_STATE if `layout` is attached to another view. The layout is
** taken before the data source is asked anything: while the data source runs, calls on
** `layout` (attaching it elsewhere, changing or destroying it) fail with CVL_ERROR_STATE. On
** failure the layout is left free. The caller owns *out_view; the view keeps `layout` alive.
** Cost: O(sections) data-source calls and memory.
*/
int cvl_view_create(const cvl_data_source *source, cvl_layout *layout, cvl_view **out_view);

/** Destroys a view and releases its layout. NULL is a no-op. Not from inside its own callbacks. */
int cvl_view_destroy(cvl_view *view);

/**
** Sets the viewport size. The layout is invalidated if it asks for it
** (shouldInvalidateLayoutForBoundsChange; the flow layout does when the cross-axis size changes);
** then the next layout cycle lets the layout pick its resting offset (see "Scroll anchoring":
** under an anchoring policy a layout that snaps, such as Cover Flow, rests on the anchor's cell
** after a rotation; without one, as in UIKit, only a layout answering the form without velocity
** — a target_content_offset callback or hook — moves the offset).
*/
int cvl_view_set_bounds_size(cvl_view *view, cvl_size size);
int cvl_view_get_bounds_size(const cvl_view *view, cvl_size *out);

/** Scrolls: sets the content offset (any finite point; no clamping). Layouts that depend on the
** visible rect (Cover Flow, pinned headers) follow without a full prepare. */
int cvl_view_set_content_offset(cvl_view *view, cvl_point offset);
int cvl_view_get_content_offset(const cvl_view *view, cvl_point *out);

/** reloadData: asks the data source for every count again and re-runs the layout (at the next
** query). Cancels animations. Until a query lays the reloaded data out, an animated batch update
** has nothing on screen to start from and is applied without animation (see
** cvl_view_perform_batch_updates()). Counts beyond CVL_MAX_SECTIONS / CVL_MAX_ITEMS:
** CVL_ERROR_OVERFLOW, nothing changed. */
int cvl_view_reload_data(cvl_view *view);

/** Invalidation flags (UICollectionView[Flow]LayoutInvalidationContext). */
#define CVL_INVALIDATE_EVERYTHING        1u  /* invalidateLayout */
#define CVL_INVALIDATE_DATA_COUNTS       2u  /* re-ask the data source's counts */
#define CVL_INVALIDATE_DELEGATE_METRICS  4u  /* re-ask sizes, insets, spacings */
#define CVL_INVALIDATE_LAYOUT_ATTRIBUTES 8u  /* re-position from the known sizes */
#define CVL_INVALIDATE_BOUNDS           16u  /* only the visible rect moved */

/**
** Invalidates part of the layout: `flags` is a combination of CVL_INVALIDATE_*, and
** `items[0 .. item_count-1]` (may be NULL when item_count is 0) are items whose size changed.
** The next query re-runs what is stale, nothing more. CVL_INVALIDATE_DATA_COUNTS asks the data
** source at once; counts that changed end a running update or layout-switch animation, as
** cvl_view_reload_data() does (its elements carry the old index paths). Unknown flag bits or
** out-of-range items: error, nothing invalidated. O(item_count); items already pending are not stored again (see
** "Limits and costs").
*/
int cvl_view_invalidate_layout(cvl_view *view, uint32_t flags, const cvl_index_path *items, size_t item_count);

/** The cached counts. */
int cvl_view_number_of_sections(const cvl_view *view, int64_t *out);
int cvl_view_number_of_items(const cvl_view *view, int64_t section, int64_t *out);

/**
** Every section's cached item count in one call: out[s] is the count of section s (buffer
** protocol of "Conventions"; out NULL and capacity 0 ask for the number of sections). One call
** is one state of the view, also while another thread changes it: reading section by section
** with cvl_view_number_of_items() can mix two states, or fail when a section goes away between
** two calls. Callable from hooks and callbacks. O(S) time, O(S) memory.
*/
int cvl_view_item_counts(const cvl_view *view, int64_t *out, size_t capacity, size_t *out_count);

/*
** Item counts in bulk (opt-in; issue 32). By default the view asks `number_of_items` once a
** section wherever it loads the counts (creation, cvl_view_reload_data(), CVL_INVALIDATE_DATA_COUNTS,
** the commit of a batch update, of animated changes and of a snapshot), as UIKit asks
** numberOfItemsInSection: for every section. A host that keeps its counts in a table can hand
** them over in ONE call instead: set an item-counts source on the view, and every later load asks
** `number_of_sections` (as before), then `item_counts(context, out_counts, section_count)` once,
** instead of `number_of_items` for each section. The callback writes out_counts[s], the item
** count of section s, for every s < section_count, and returns 0 (non-zero: failure; it may call
** cvl_callback_error() first). `out_counts` is a buffer the view keeps for this source, valid
** only during the call (never keep the pointer). On entry it holds what the previous call left
** there (the host's previous answer, accepted or not) for the sections both calls have, so a host
** that knows which sections changed may write only those; every other entry (a section the
** previous call did not have, and every entry on the first call after the source is set) holds
** -1, so leaving it unwritten fails as a negative count. It is not called when the data source
** reports 0 sections.
**
** Checks, as for the per-section counts, with the same limits and messages (naming `item_counts`
** where those name `number_of_items`): each count >= 0
** (else CVL_ERROR_CALLBACK naming the first negative section), all together at most
** CVL_MAX_ITEMS (else CVL_ERROR_OVERFLOW naming the section where the total first exceeds it);
** a failing callback gives CVL_ERROR_CALLBACK. On any error the load changes nothing (the view
** keeps its counts, the update is not applied). Reentrancy: while the callback runs the view is
** busy, as inside any of its callbacks: calls on the view fail with CVL_ERROR_STATE (functions
** "callable from hooks" included), but for those callable from hooks and callbacks ("Threads" at
** the top; the counts they read are those before the load); other views may be used. Threads:
** called on the thread of the call that loads the counts, with the library lock held.
**
** Cost of a load: one `number_of_sections` call, one `item_counts` call, and one straight pass
** that copies the buffer to the view's counts and checks them (a few machine instructions a
** section), no per-section callback. A one-item batch update of a flow or compositional layout
** then costs that pass, two comparisons of the old and new counts (memcmp, block by block), and
** the changed section's own work (and, when its extent changes, O(S / 256 + 256) to move the
** sections after it: sections in blocks of 256, a moved block's written when a query reads it).
** Memory: the buffer, 8 bytes a section, kept while the source is set.
*/

/** The bulk item-count callback and its context (copied by cvl_view_set_item_counts_source()). */
typedef struct cvl_item_counts_source {
    void *context;
    int (*item_counts)(void *context, int64_t *out_counts, size_t section_count);
} cvl_item_counts_source;

/**
** Sets (copies) the view's item-counts source, or removes it (`source` NULL, or its
** `item_counts` NULL: back to `number_of_items` a section). Asks nothing now: the next load uses
** it (creation always asks `number_of_items`; set the source right after cvl_view_create()).
** `context` must stay valid while it is set and the view lives. Setting a source again (even the
** same one) starts its buffer over at -1. Errors: CVL_ERROR_NULL_ARGUMENT (view NULL),
** CVL_ERROR_INVALID_HANDLE, CVL_ERROR_STATE from inside one of the view's callbacks. O(1).
*/
int cvl_view_set_item_counts_source(cvl_view *view, const cvl_item_counts_source *source);

/** collectionViewContentSize (runs the layout cycle if stale). */
int cvl_view_content_size(cvl_view *view, cvl_size *out);

/*
** Pixel snapping (UIKit's displayScale, Yoga's pointScaleFactor; rules and sources in
** docs/alignment-direction-snapping.md). With a display scale s > 0, every frame the view hands
** out (rect queries, single-element queries, hit tests, the elements of an animation) has its left,
** top, right and bottom edges rounded to the nearest multiple of 1/s (an edge exactly half-way goes
** up, towards +infinity, as Yoga), and its size is the difference of its rounded edges: elements
** that share an edge keep sharing it (no overlap, no gap). The content size is snapped the same
** way. A rect query returns the elements whose SNAPPED frame meets the rect. During an animation
** the interpolated frame is snapped at each time (so the first and last frames are the snapped
** static ones). Transforms, alpha, offsets (scroll targets, anchoring) are not snapped; the layout
** never sees the scale (custom layouts are snapped too). Works with every layout.
*/

/**
** Sets the display scale: 0 = off (the default: exact doubles, bit for bit the layout's), else
** the pixels per point (2 or 3 for screens, 1 for terminal cells; any finite positive value).
** CVL_ERROR_INVALID_ARGUMENT for NaN, infinity or a negative scale, nothing changed. Lays nothing
** out again: queries snap what the layout gives (O(1) per element, a query rect one pixel wider).
*/
int cvl_view_set_display_scale(cvl_view *view, double scale);

/** The display scale (0 = off). Callable from hooks and callbacks. O(1). */
int cvl_view_get_display_scale(const cvl_view *view, double *out);

/**
** layoutAttributesForElementsInRect: every element whose frame intersects `rect` (open
** intervals: touching edges do not count; zero-area frames never intersect), in draw order.
** During an animation these are the on-screen (interpolated) attributes of the elements whose
** interpolated frame or drawn bounds (that frame through its interpolated transform) intersect
** `rect`, so an element turning into view is returned before its frame arrives. See
** "Conventions" for the buffer protocol. Elements the layout returns are validated (finite, sizes >= 0, cells
** inside the counts), whatever the layout: an invalid one fails the call with
** CVL_ERROR_CALLBACK. Cost: "Limits and costs" (O(log n + k) for a flow layout's rect within one section, memory
** O(min(k, capacity))). More than CVL_MAX_QUERY_ELEMENTS elements in `rect` (count-only
** queries included): CVL_ERROR_OVERFLOW, *out_count not written; query a smaller rect.
*/
int cvl_view_attributes_in_rect(cvl_view *view, cvl_rect rect, cvl_attributes *out, size_t capacity,
                                size_t *out_count);

/** The elements in the visible rect (content offset + bounds size), in draw order; as
** cvl_view_attributes_in_rect() (CVL_ERROR_OVERFLOW beyond CVL_MAX_QUERY_ELEMENTS). */
int cvl_view_visible_attributes(cvl_view *view, cvl_attributes *out, size_t capacity, size_t *out_count);

/*
** Compact rect queries: what most hosts draw from, 72 bytes an element against cvl_attributes'
** 312. The same elements, in the same draw order, with the same `index_path`, `category`, `kind`
** and `frame` (bit for bit) as cvl_view_attributes_in_rect() / cvl_view_visible_attributes() in
** the same state (animations included: the frame is the interpolated one); the transform, alpha,
** z-index, center, size and custom slots are left out (a host that draws transforms or fades
** queries the full struct). `flags` carries CVL_ELEMENT_* bits; `identifier` is valid when
** CVL_ELEMENT_HAS_IDENTIFIER is set (0 otherwise); `reserved` is 0.
*/
#define CVL_ELEMENT_HAS_IDENTIFIER 1u /* `identifier` is the element's record identifier */
#define CVL_ELEMENT_DISAPPEARING   2u /* as cvl_attributes.disappearing */
#define CVL_ELEMENT_HIDDEN         4u /* as cvl_attributes.hidden */

typedef struct cvl_element {
    cvl_index_path index_path;
    int32_t category;            /* CVL_CATEGORY_* */
    int32_t kind;                /* CVL_KIND_* or a registered kind */
    cvl_rect frame;
    uint64_t identifier;         /* valid with CVL_ELEMENT_HAS_IDENTIFIER */
    uint32_t flags;              /* CVL_ELEMENT_* */
    uint32_t reserved;           /* 0 */
} cvl_element;

/**
** As cvl_view_attributes_in_rect() (same errors, buffer protocol, limits and cost), writing
** compact elements. Both queries write each element once, straight into `out`, when the
** layout can bound the answer by `capacity` before it starts (a flow layout without an
** attributes_in_rect hook or a subclass, no animation running; for a flow shown as it is --
** no mirroring, no display scale -- without any intermediate step; during an animation whose
** elements all keep the identity transform and no custom attributes, with none leaving, when
** `capacity` also holds every element the animation tracks); otherwise through a buffer the
** view keeps, copied once. Either way an error writes nothing to `out`.
*/
int cvl_view_elements_in_rect(cvl_view *view, cvl_rect rect, cvl_element *out, size_t capacity,
                              size_t *out_count);

/** The elements in the visible rect, compact; as cvl_view_visible_attributes(). */
int cvl_view_visible_elements(cvl_view *view, cvl_element *out, size_t capacity, size_t *out_count);

/**
** A scroll step in one call: cvl_view_set_content_offset(view, offset), then
** cvl_view_visible_elements() (or cvl_view_visible_attributes()), with the same answer and the
** same errors; what a host does every frame it scrolls, with one lock and one handle lookup
** instead of two (from Python, one ctypes call instead of two). Errors change nothing: the
** buffer arguments are checked first (CVL_ERROR_NULL_ARGUMENT, CVL_ERROR_INVALID_ARGUMENT), an
** offset that is not finite is refused (CVL_ERROR_INVALID_ARGUMENT), and a query that fails once
** the offset is set (CVL_ERROR_CAPACITY, where *out_count says how many; a callback's error) puts
** the offset (and a running animated scroll) back, `out` untouched: a buffer too small for the
** new offset's answer is retried with a larger one. Not callable from hooks.
*/
int cvl_view_visible_elements_at(cvl_view *view, cvl_point offset, cvl_element *out, size_t capacity,
                                 size_t *out_count);
int cvl_view_visible_attributes_at(cvl_view *view, cvl_point offset, cvl_attributes *out, size_t capacity,
                                   size_t *out_count);

/**
** layoutAttributesFor{Item,SupplementaryView,DecorationView}AtIndexPath: the element of
** `category` and `kind` at `index_path`. *out_found = 0 when the layout has no such element.
** A cell index path outside the counts, or a section outside them: CVL_ERROR_OUT_OF_RANGE.
** Cost: O(1) or O(log n) for the built-in layouts (see "Limits and costs" for custom ones).
*/
int cvl_view_attributes_for_element(cvl_view *view, int32_t category, int32_t kind, cvl_index_path index_path,
                                    cvl_attributes *out, int *out_found);

/** Shorthand for the cell at `index_path` (*out_found semantics as above). */
int cvl_view_attributes_for_item(cvl_view *view, cvl_index_path index_path, cvl_attributes *out, int *out_found);

/**
** indexPathForItemAtPoint: the topmost cell drawn at `point` (content coordinates), respecting
** transforms, draw order, hidden and alpha 0. *out_found = 0 when there is none. Any finite
** point and bounds work. Cost: O(log n) for the flow (without hooks), Survey, Dimensions,
** mosaic, tree, waterfall and grid layouts while no animation runs (they draw every element
** over its frame), O(v) for the stack (its v <= CVL_MAX_STACK_VISIBLE shown cards are drawn
** inside their frames); O(log n + k) for the circle (k items whose centres lie within an
** item's diagonal of the point); otherwise (Cover Flow, flow with hooks, custom layouts, animations) a rect query
** of the point +- the larger bounds dimension (transformed elements can be drawn outside their
** frames). O(1) memory. More than CVL_MAX_QUERY_ELEMENTS elements in the searched area (items
** piled up at the point, a huge viewport): CVL_ERROR_OVERFLOW, nothing written.
*/
int cvl_view_index_path_at_point(cvl_view *view, cvl_point point, cvl_index_path *out, int *out_found);

/** targetContentOffsetForProposedContentOffset:withScrollingVelocity: (Cover Flow snaps). */
int cvl_view_target_content_offset(cvl_view *view, cvl_point proposed, cvl_point velocity, cvl_point *out);

/** Scroll positions: UICollectionViewScrollPosition (same values). At most one vertical and one horizontal. */
#define CVL_SCROLL_POSITION_NONE                   0u
#define CVL_SCROLL_POSITION_TOP                    1u
#define CVL_SCROLL_POSITION_CENTERED_VERTICALLY    2u
#define CVL_SCROLL_POSITION_BOTTOM                 4u
#define CVL_SCROLL_POSITION_LEFT                   8u
#define CVL_SCROLL_POSITION_CENTERED_HORIZONTALLY 16u
#define CVL_SCROLL_POSITION_RIGHT                 32u

/**
** scrollToItemAtIndexPath:atScrollPosition: — sets the content offset so the item's frame sits
** at `position` (an axis without a position keeps its offset), clamped to
** [0, content size - bounds size] on each axis, and writes it to *out_offset (may be NULL).
*/
int cvl_view_scroll_to_item(cvl_view *view, cvl_index_path index_path, uint32_t position, cvl_point *out_offset);

/* ============================================================================================
** Animations
**
** The host owns the clock: it tells the view the time (seconds, any origin, non-decreasing) with
** cvl_view_set_time(). An animated batch update or layout switch starts at the view's current
** time (+ delay). While it runs, every attributes query returns the interpolated on-screen
** attributes at the view's current time: frame/center/size, alpha and custom slots linearly (or
** along the timing curve), the transform by decomposition (CSS Transforms Level 2: translation,
** scale, skew, perspective, quaternion slerp); z_index takes the final value at once; hidden
** is shown while either end is shown. A new animation started while one runs starts from the
** current on-screen state (beginFromCurrentState).
*/
#define CVL_CURVE_LINEAR        0
#define CVL_CURVE_EASE_IN       1  /* cubic Bezier (0.42, 0, 1, 1) */
#define CVL_CURVE_EASE_OUT      2  /* (0, 0, 0.58, 1) */
#define CVL_CURVE_EASE_IN_OUT   3  /* (0.42, 0, 0.58, 1) */
#define CVL_CURVE_CUBIC_BEZIER  4  /* bezier[0..3] = x1, y1, x2, y2; x in [0, 1] */
#define CVL_CURVE_SPRING        5  /* see the spring fields and flags; the duration is the settling time */

/* cvl_animation.flags (docs/animation-rules.md). Unknown bits fail with CVL_ERROR_INVALID_ARGUMENT. */
/* A spring whose damping ratio is above 1 moves as an overdamped spring. Without this flag it moves
** as the critically damped spring of the same natural frequency: Core Animation's default
** (CASpringAnimation.allowsOverdamping = NO). */
#define CVL_ANIMATION_ALLOWS_OVERDAMPING 1u
/* The spring is UIKit's animateWithDuration:delay:usingSpringWithDamping:initialSpringVelocity:
** `duration` (>= 0), `spring_damping_ratio` (> 0; above 1 acts as 1) and `spring_initial_velocity`:
** the stiffness is solved so the spring's envelope reaches 0.001 at `duration` (UIKit's
** parametersOfSpringAnimation), and the animation lasts `duration`. `spring_response` must be 0. */
#define CVL_ANIMATION_SPRING_FROM_DURATION 2u
/* Transforms turn as CSS Transforms 2's algorithm is written (no quaternion sign flip: a turn from
** 170 to -170 degrees goes the long way round). Default: the shorter way. */
#define CVL_ANIMATION_ROTATION_CSS 4u

typedef struct cvl_animation {
    double duration;                 /* seconds, >= 0 (ignored for springs, except with
                                        CVL_ANIMATION_SPRING_FROM_DURATION) */
    double delay;                    /* seconds, >= 0 */
    int32_t curve;                   /* CVL_CURVE_* */
    uint32_t flags;                  /* CVL_ANIMATION_* bits; 0 by default */
    double bezier[4];                /* CVL_CURVE_CUBIC_BEZIER control points */
    /* CVL_CURVE_SPRING: with CVL_ANIMATION_SPRING_FROM_DURATION the spring is (duration, damping
    ** ratio, initial velocity); else if spring_response > 0 it is (damping ratio, response); else
    ** (mass, stiffness, damping, initial velocity). The settling time is Core Animation's
    ** CASpringAnimation.settlingDuration (docs/animation-rules.md): mass 1, stiffness 100,
    ** damping 5 settles in about 2.855 s; damping 15 in about 1.022 s. */
    double spring_damping_ratio;
    double spring_response;
    double spring_mass;
    double spring_stiffness;
    double spring_damping;
    double spring_initial_velocity;
} cvl_animation;

/**
** Fills *out with the library's defaults, the only place a caller should take them from: 0.3 s
** ease-in-out, no delay, no flags, `bezier` = the ease-in-out control points; the spring fields
** hold the default spring, so that setting `curve` to CVL_CURVE_SPRING gives it: damping ratio 1,
** response 0.5 s (critically damped), and Core Animation's CASpringAnimation defaults for the
** physical form (mass 1, stiffness 100, damping 10, initial velocity 0; used once
** `spring_response` is set to 0). Any thread.
*/
int cvl_animation_default(cvl_animation *out);

/**
** Validates `animation` and writes how long it lasts from its start (delay + duration, or delay +
** the spring's settling time; delay + duration for CVL_ANIMATION_SPRING_FROM_DURATION). Any thread.
*/
int cvl_animation_total_duration(const cvl_animation *animation, double *out_seconds);

/**
** The animation's progress `elapsed` seconds after its start (0 before the delay; a spring may
** overshoot 1). Any thread.
*/
int cvl_animation_progress(const cvl_animation *animation, double elapsed, double *out_progress);

/**
** Interpolates two transforms by decomposition at `t` (CSS Transforms Level 2), rotations the
** shorter way. Any thread.
*/
int cvl_transform3d_interpolate(const cvl_transform3d *from, const cvl_transform3d *to, double t, cvl_transform3d *out);

#define CVL_ROTATION_SHORTEST 0  /* the shorter way (quaternion sign flip, as browsers do) */
#define CVL_ROTATION_CSS      1  /* CSS Transforms 2's algorithm as written: no flip */
/** As cvl_transform3d_interpolate, with the rotation direction chosen by `rotation`
** (CVL_ROTATION_*; anything else fails with CVL_ERROR_INVALID_ARGUMENT). Any thread. O(1). */
int cvl_transform3d_interpolate_rotation(const cvl_transform3d *from, const cvl_transform3d *to, double t,
                                         int32_t rotation, cvl_transform3d *out);

/** Sets the view's clock (seconds; finite; not earlier than the current time). O(elements going
** away) to retire the removals that ended, plus an animated scroll's step; the frame itself is
** computed by the next query ("Animations" at the top for its cost). */
int cvl_view_set_time(cvl_view *view, double seconds);
int cvl_view_get_time(const cvl_view *view, double *out_seconds);

/** *out_animating = 1 while an animation has not reached its end at the view's time. */
int cvl_view_is_animating(const cvl_view *view, int *out_animating);

/** Jumps every running animation to its end (an animated scroll to its target offset). */
int cvl_view_finish_animations(cvl_view *view);

/**
** Animated layout changes: UIKit's property change or invalidateLayout inside a UIView animation
** block ([UIView beginAnimations:...] / [UIView commitAnimations]). Begin remembers what is on
** screen (`animation` must not be NULL; an open block is replaced); the host then changes layout
** properties, invalidates, or resizes; commit re-runs the layout and animates every element from
** where it was on screen to its new attributes (elements not on screen before crossfade in, or
** start from the layout's appearing attributes; elements that go away fade out). Custom attribute
** slots the layout declares discrete (e.g. the Dimensions layout's mode) switch at progress 0.5.
** A batch update, layout switch or reload inside the block animates itself; the commit then only
** closes the block. Commit without an open block fails with CVL_ERROR_STATE.
** O(elements on screen before + after).
*/
int cvl_view_begin_animated_changes(cvl_view *view, const cvl_animation *animation);
int cvl_view_commit_animated_changes(cvl_view *view);

/**
** scrollToItemAtIndexPath:atScrollPosition:animated: — as cvl_view_scroll_to_item, but with
** `animation` (not NULL) the content offset moves from its current value to the target along the
** animation's curve as the view's clock advances (cvl_view_set_time): at time t it is
** from + (target - from) * progress(t), and every query (content offset, rect queries, visible
** elements) answers for that offset; at the end it is exactly the target. Setting the content
** offset or bounds size, or another scroll, stops it where it is; cvl_view_finish_animations jumps
** to the target; cvl_view_is_animating reports it. `animation` NULL: the offset jumps at once.
** Writes the target offset to *out_target (may be NULL). On error nothing changes.
*/
int cvl_view_scroll_to_item_animated(cvl_view *view, cvl_index_path index_path, uint32_t position,
                                     const cvl_animation *animation, cvl_point *out_target);

/* ============================================================================================
** Batch updates: performBatchUpdates
**
** Requests use UIKit's index paths: deletes and reloads name the state BEFORE the update, inserts
** the state AFTER it, moves both. `is_section = 1` names a whole section (its `section` field;
** items ignored). At commit the view asks the data source for the new counts and checks the
** requests the way UIKit does, in UIKit's order, and reports the first failure with UIKit's text
** (docs/batch-update-rules.md): the reloads against the deletes; every delete (a reload counts as
** a delete: a missing reload is reported as "attempt to delete item ..."), descending; every
** insert (a reloaded section counts as inserted at its new index), ascending; the moves (ranges,
** then "to both" / "move both" conflicts), ascending by source; then the section count and every
** section's item count (after == before + inserted - deleted + moved in - moved out, a reload
** counting 1 inserted and 1 deleted, a move inside one section neither in nor out). Range errors
** fail with CVL_ERROR_OUT_OF_RANGE, the rest with CVL_ERROR_INCONSISTENT_UPDATE; the view is
** left exactly as it was. Moving an item out of a deleted (or reloaded) section or into an
** inserted (or reloaded) one is an error, as in UIKit. Item deletes inside a deleted section are
** dropped unchecked and an exact duplicate move is dropped, as in UIKit; a reload of an item that
** does not exist is an error even inside a deleted or reloaded section (UIKit still inserts its
** replacement). With several errors, the first in UIKit's order is reported
** (docs/batch-update-rules.md, "The checks, in UIKit's order").
**
** Deliberate differences from UIKit: duplicate deletes, inserts and reloads are merged (UIKit
** counts each copy and corrupts its state); a reload combined with moves is accepted and the
** reloaded item is mapped to its real new position (UIKit computes that position ignoring the
** moves). A reload animates as a delete of the old element plus an insert of the new one there.
*/

/**
** What a batch update asks the flow delegate again (flow-based layouts; issue 32)
**
** UIKit hands a batch update to the layout as a data-count invalidation whose
** invalidateFlowLayoutDelegateMetrics is false (UICollectionViewFlowLayoutInvalidationContext:
** "Set this property to true if you want the flow layout to query the delegate for new
** metrics"; docs/batch-update-rules.md, "What the flow delegate is asked again"). cvlayout asks
** the delegate again only for what the update can have changed:
** - a TOUCHED section — one named by an item insert, delete, reload or move (as source or
**   destination; so every section whose item count changes) — is asked its inset, line and
**   interitem spacings and header and footer sizes again, each once; an untouched section is
**   asked nothing and keeps its metrics and lines;
** - size_for_item is asked only for the inserted items and the new instances of reloaded ones,
**   at their new index paths; a moved item keeps the size it had (also across sections); a
**   deleted one is dropped; every other item keeps its size (sizes handed over in bulk are never
**   asked: edit them with the _replace_ calls);
** - a touched section whose metrics come back unchanged re-lays only the lines around the edits;
**   one whose metrics changed is laid out again (O(its items), no size asked again).
** A batch update that inserts, deletes, reloads or moves a whole SECTION asks everything again,
** as does any update together with CVL_INVALIDATE_EVERYTHING or CVL_INVALIDATE_DELEGATE_METRICS.
** A host whose answers for an untouched section or an unchanged item depend on the update must
** say so: invalidate those items (cvl_view_invalidate_layout() with their index paths) or
** CVL_INVALIDATE_DELEGATE_METRICS before the update. A failing callback fails the update with
** CVL_ERROR_CALLBACK; nothing changes. Cost: O(k log k) for k update items plus the re-laid lines.
*/

/**
** Applies `updates[0 .. count-1]` in one transaction. `animation` NULL: no animation (the new
** state answers at once); otherwise the layout's appear/disappear hooks are consulted and the
** change animates from the current on-screen state: the running animation's, else the layout's
** last prepared attributes, even if the layout was invalidated since (new bulk sizes or metrics
** set for this update), as long as that prepare was for the view's current counts. When nothing
** has been laid out for them — no query ran the layout cycle since cvl_view_create(),
** cvl_view_reload_data(), a CVL_INVALIDATE_DATA_COUNTS invalidation that changed a count, or a
** failed update or layout switch — nothing is on screen to animate from, and laying out the old
** counts now would ask the data source, delegate or layout callbacks about data the host has
** already replaced. The update is then checked as always and applied without animation, as
** UIKit "may reload" when the layout is not up to date: the layout is prepared only for the new
** counts (prepare_for_updates and finalize_updates are still called), cvl_view_is_animating()
** reports 0, and no callback is asked anything about the counts before the update. Draw (query)
** at least once after creating or reloading a view to animate its next update.
**
** Where the update comes to rest, in UIKit's order (UXKit's -_endItemAnimations and
** -_updateWithItems:): the layout is prepared for the new counts; under an anchoring policy the
** offset moves so the anchor cell keeps its screen position (see "Scroll anchoring"; none: the
** offset is kept); then, along each axis on which the new content size is larger than the
** bounds size, a viewport whose far edge is past the content's end moves back by the overhang
** (it ends at content size - bounds size); nothing else is clamped: a negative offset is kept,
** and so is an offset along an axis the content does not overfill (not moved to 0).
** prepare_for_updates runs; then the layout is asked targetContentOffsetForProposedContentOffset:
** (the form without velocity: a target_content_offset callback or hook with velocity 0) with
** that offset proposed, and its answer becomes the content offset (a non-finite one keeps it),
** before the animation is built and finalize_updates runs. The policy proposes and the layout
** has the last word, as after a rotation. The base layout and the built-in ones return the
** proposal (Cover Flow implements only the velocity form, as the book's), so with them the
** offset moves only by the policy or the pull-back. The animation starts from what was on
** screen (every element moved with the total offset change) and ends at the layout's static
** frame at that offset. A failing callback fails the update with CVL_ERROR_CALLBACK, nothing
** changed (the offset too). O(1) for the pull-back, plus a layout cycle if the layout
** invalidates for the offset change.
*/
int cvl_view_perform_batch_updates(cvl_view *view, const cvl_update_item *updates, size_t count,
                                   const cvl_animation *animation);

/**
** The update items of the last committed batch exactly as the layout saw them in
** prepareForCollectionViewUpdates: (UIKit's list): the stated deletes, then the stated inserts,
** then the reloads as CVL_UPDATE_RELOAD items (`before` the old index path, `after` where the
** reloaded element's replacement ends up, (-1, -1) for a reload absorbed by a deleted or reloaded
** section), then the moves; each group ascending (moves by source). Duplicates are merged; item
** deletes/inserts inside a deleted/inserted section are listed as stated. Buffer protocol as in
** "Conventions".
*/
int cvl_view_last_update_items(const cvl_view *view, cvl_update_item *out, size_t capacity, size_t *out_count);

#define CVL_MAP_OLD_TO_NEW 0
#define CVL_MAP_NEW_TO_OLD 1
/**
** Maps an index path across the last committed batch: old -> new (*out_exists = 0 if it was
** deleted) or new -> old (*out_exists = 0 if it was inserted). A reloaded item maps to itself
** (old and new position of the same element). With `index_path.item == -1` a section is mapped.
*/
int cvl_view_map_index_path(const cvl_view *view, int32_t direction, cvl_index_path index_path,
                            cvl_index_path *out, int *out_exists);

/* ============================================================================================
** Identities and diffing
**
** Items and sections may carry a stable 64-bit identifier (a database key, a hash: any value).
** Section identifiers are unique among the sections, item identifiers among all items (an item
** may move between sections). With identifiers the view reports each element's identifier in
** cvl_attributes, including disappearing elements, and cvl_view_apply_snapshot() turns a new
** list of identifiers into a batch update by itself.
**
** Identifiers come in bulk (cvl_view_set_identifiers(), or the last applied snapshot) or from a
** callback (cvl_view_set_identifier_source()). Bulk identifiers follow the view: a snapshot
** applied replaces them; anything else that changes the counts or the items' places drops them
** (cvl_view_perform_batch_updates() with any request, cvl_view_reload_data(), a
** CVL_INVALIDATE_DATA_COUNTS invalidation that changes a count), since the library cannot know
** the identifiers of items it did not see inserted: set them again after such a call, or make the
** change with cvl_view_apply_snapshot_edits() instead, which names the identifiers it inserts. A
** callback is kept (it describes the current data).
**
** ## The diff (cvl_view_apply_snapshot, cvl_view_diff_snapshot)
** Heckel's algorithm (P. Heckel, "A technique for isolating differences between files", CACM
** 21(4), 1978) with the unique identifiers as its symbols: one hash table per snapshot
** (identifier -> position); sections and items found only in the old snapshot are deleted, only
** in the new one inserted; an item found in both that changes section moves. Within a section
** (and among the sections) the elements found in both keep their place when their relative order
** is unchanged; a linear-time selection chooses which stay (exactly the fewest moves for any
** single moved element, a block of them, or a change made only of inserts and deletes; not
** always the fewest in general, which would need a longest increasing subsequence, O(n log n)),
** the others move. Identifiers listed as changed are reloaded when their item stays in place
** (see below for where UIKit needs a delete and an insert instead), and deleted plus inserted
** when it moves. UIKit cannot move an item out of a deleted section or
** into an inserted one: such an item is deleted and inserted. Time O(S + N) expected (hashing),
** memory O(S + N), for S sections and N items in both snapshots.
**
** When the view's identifiers are bulk ones (not a callback), the new snapshot keeps their section
** identifiers and the changed items are few (the runs that differ hold at most a quarter of both
** snapshots' items), each section's common prefix and suffix are compared instead of hashed and
** only the runs between them are diffed: O(S + N) sequential comparisons plus O(k) expected
** hashing for the k items in those runs. Applying such a snapshot updates the view's identifier
** table in O(k) (rebuilt, O(N), once its run map passes 1024 runs, two at most per changed
** section, or the table is 5/8 full). Prefixes and suffixes stay in place; the guarantees and the
** error messages are those above. At 10^6 items in one section, moving one identifier takes about
** 2.5 ms instead of 240 ms (BENCHMARKS.md).
**
** The computed requests are grouped, each group ascending: section deletes, section inserts,
** section moves (by source), item deletes, item inserts, reloads, item moves (by source). They
** always pass cvl_view_perform_batch_updates()'s checks for the snapshots' counts, and UIKit's own
** (docs/batch-update-rules.md, "Snapshot diffs UIKit accepts"): UIKit reads a reload as an insert
** where the deletes and inserts alone put it, counts moves by section number, and mishandles item
** changes inside a moved section. So a moved section with item changes (deleted, reloaded or
** moved out of it; inserted or moved into it) is deleted and inserted instead, its item requests
** going with it (IGListKit's rule); an item moved between two sections that carry the same number
** is deleted and inserted; a changed item is reloaded only where UIKit's reading is its real place
** (no item move leaves or enters its section, its section does not move, and the section deletes
** and inserts alone give its section's new index), and otherwise deleted and inserted in the same
** batch. cvl_view_apply_snapshot() commits these requests (cvl_view_last_update_items() lists
** them) but animates and anchors by the identifiers: such items still move on screen.
**
** Limits: a snapshot holds at most CVL_MAX_SECTIONS sections and CVL_MAX_STORED_ITEMS items
** (and at most that many changed identifiers), else CVL_ERROR_OVERFLOW before anything is copied;
** an identifier source is read in full (for the old state of a diff) only within the same limit.
** Bulk identifiers cost about 40 bytes per item (the identifiers and their hash table).
*/

/** One section of a snapshot: its identifier and its items' identifiers, in order. */
typedef struct cvl_section_snapshot {
    uint64_t identifier;         /* the section's identifier */
    const uint64_t *item_ids;    /* `item_count` item identifiers; may be NULL when item_count is 0 */
    size_t item_count;
} cvl_section_snapshot;

/**
** Sets the identifiers of the view's current data (no update): `sections[0 .. section_count-1]`
** (copied) must match the view's counts exactly. Duplicate identifiers: CVL_ERROR_INVALID_ARGUMENT
** naming the first one and both places; counts that differ: CVL_ERROR_INVALID_ARGUMENT. Nothing
** changes on error. O(S + N) time and memory.
*/
int cvl_view_set_identifiers(cvl_view *view, const cvl_section_snapshot *sections, size_t section_count);

/** Identifiers by callback. `item_identifier` is required; `section_identifier` NULL means a
** section's identifier is its index. Each writes the identifier and returns 0, or non-zero on failure. */
typedef struct cvl_identifier_source {
    void *context;
    int (*item_identifier)(void *context, cvl_index_path index_path, uint64_t *out_identifier);
    int (*section_identifier)(void *context, int64_t section, uint64_t *out_identifier);
} cvl_identifier_source;

/**
** Identifiers answered on demand (copied): queries call `item_identifier` once per cell they
** return (and `section_identifier` once per other element). Uniqueness is the caller's promise:
** it is checked only when all identifiers are read (cvl_view_apply_snapshot() and
** cvl_view_diff_snapshot() read them all, for the old state: the callback must still answer for
** the data before the change during those calls). `source == NULL`: CVL_ERROR_NULL_ARGUMENT
** (use cvl_view_clear_identifiers()).
*/
int cvl_view_set_identifier_source(cvl_view *view, const cvl_identifier_source *source);

/** Forgets the view's identifiers (bulk or callback). Elements then carry none. */
int cvl_view_clear_identifiers(cvl_view *view);

/**
** The identifier of the item at `index_path`: *out_found = 0 when the view has no identifiers.
** Outside the counts: CVL_ERROR_OUT_OF_RANGE. O(1) (one callback with an identifier source).
*/
int cvl_view_item_identifier(cvl_view *view, cvl_index_path index_path, uint64_t *out_identifier, int *out_found);

/**
** The index path of the item with identifier `identifier` (*out_found = 0 when no item has it).
** Needs identifiers given in bulk or by a snapshot (CVL_ERROR_STATE otherwise). O(1) expected,
** plus a binary search over at most 1024 runs once small snapshots were applied ("The diff").
*/
int cvl_view_index_path_for_identifier(cvl_view *view, uint64_t identifier, cvl_index_path *out, int *out_found);

/**
** Computes the batch update from the view's current identifiers to the snapshot
** `sections[0 .. section_count-1]` (see "The diff" above) and writes its requests, in the
** cvl_view_perform_batch_updates() input form, to `out` (buffer protocol as in "Conventions";
** the diff is recomputed by each call). `changed[0 .. changed_count-1]` (may be NULL when
** changed_count is 0) are identifiers of items whose content changed; each must be an item of
** the new snapshot. Nothing is applied. Errors: CVL_ERROR_STATE when the view has no identifiers
** (a view with no sections counts as having an empty snapshot), CVL_ERROR_INVALID_ARGUMENT for
** duplicate identifiers or an unknown changed identifier, CVL_ERROR_CALLBACK when an identifier
** source fails. O(S + N) time and memory.
*/
int cvl_view_diff_snapshot(cvl_view *view, const cvl_section_snapshot *sections, size_t section_count,
                           const uint64_t *changed, size_t changed_count,
                           cvl_update_item *out, size_t capacity, size_t *out_count);

/**
** apply(snapshot): computes the update as cvl_view_diff_snapshot() does and commits it exactly
** as cvl_view_perform_batch_updates() would with `animation` (NULL: not animated): the layout
** sees the update items, cvl_view_last_update_items() and cvl_view_map_index_path() describe it,
** and the snapshot becomes the view's identifiers. The data source is asked for the new counts,
** as for any batch update, and must report the snapshot's (else CVL_ERROR_INCONSISTENT_UPDATE).
** Errors as cvl_view_diff_snapshot() and cvl_view_perform_batch_updates(); nothing changes on
** error. O(S + N) time and memory, plus the batch update's own cost.
*/
int cvl_view_apply_snapshot(cvl_view *view, const cvl_section_snapshot *sections, size_t section_count,
                            const uint64_t *changed, size_t changed_count, const cvl_animation *animation);

/** One splice of a section's item identifiers (cvl_view_apply_snapshot_edits()). */
typedef struct cvl_snapshot_edit {
    int64_t section;             /* the section's index */
    int64_t start;               /* the first item replaced */
    int64_t remove_count;        /* how many items are removed from `start` */
    const uint64_t *item_ids;    /* `item_count` identifiers inserted at `start`; may be NULL when item_count is 0 */
    size_t item_count;
} cvl_snapshot_edit;

/**
** apply(edits): the view's bulk identifiers (cvl_view_set_identifiers() or the last applied
** snapshot) changed by `edits[0 .. edit_count-1]`, splices applied in order, each on the result of
** the ones before it: the items `start .. start + remove_count - 1` of `section` are replaced by
** `item_ids` (an insert: remove_count 0; a delete: item_count 0; a move: a delete and an insert of
** the same identifier). They are the splices of cvl_flow_layout_replace_item_sizes(), so a host
** makes the same ones on its sizes (first, as for any batch update) and on its identifiers. The
** update is computed and committed as cvl_view_apply_snapshot() would for the snapshot the edits
** give (the same diff, guarantees, errors, animation and anchoring; cvl_view_last_update_items()
** lists it), except that only the run of each edited section from its first edited item to its
** last is diffed: the rest is known to be unchanged and is not compared. Sections are not
** inserted, deleted or moved (use cvl_view_apply_snapshot()). `changed` as for
** cvl_view_apply_snapshot(); the data source must report the new counts.
** Errors (nothing changes): CVL_ERROR_STATE when the view's identifiers are not bulk ones (an
** identifier source, or none), CVL_ERROR_OUT_OF_RANGE for a section or an item range outside the
** snapshot as the edits before it left it (the message names the edit), CVL_ERROR_OVERFLOW for
** edit_count above CVL_MAX_SNAPSHOT_EDITS, the edits' identifiers together above
** CVL_MAX_STORED_ITEMS, or a snapshot that would hold more items, CVL_ERROR_NULL_ARGUMENT for
** NULL `edits` or `item_ids` with a non-zero count; then those of cvl_view_apply_snapshot().
** Cost: O(S + E) for S sections and E edits, O(k) expected for the k items of the diffed runs,
** and per splice O(k + 512 + 64 + n/32768) for k new identifiers in a section of n: a section of
** more than 2048 identifiers (or one that more than 8 splices edit in one call) is kept in chunks
** of 512 from its first splice on (that first call copies it, O(n)). No hashing or comparing of
** the whole snapshot. Edits spread over more than a quarter of the items are diffed as
** cvl_view_apply_snapshot() diffs a whole snapshot. Swapping two neighbours in one section of
** 10^6 items took 0.03 ms against 2-3 ms for cvl_view_apply_snapshot() (the first splice of the
** section 1.5-2 ms), and 0.1 ms at 1000 x 1000 sections x items (BENCHMARKS.md).
*/
int cvl_view_apply_snapshot_edits(cvl_view *view, const cvl_snapshot_edit *edits, size_t edit_count,
                                  const uint64_t *changed, size_t changed_count, const cvl_animation *animation);

/**
** The update cvl_view_apply_snapshot_edits() would commit for `edits` and `changed`, written to
** `out` in the cvl_view_perform_batch_updates() input form (buffer protocol as in "Conventions";
** recomputed by each call). Nothing is applied and the data source is not asked. Errors: those
** of cvl_view_apply_snapshot_edits() before the commit (CVL_ERROR_STATE, CVL_ERROR_OUT_OF_RANGE,
** CVL_ERROR_OVERFLOW, CVL_ERROR_NULL_ARGUMENT, CVL_ERROR_INVALID_ARGUMENT for a duplicate or an
** unknown changed identifier), and CVL_ERROR_NULL_ARGUMENT for a NULL out_count. Cost: that of
** cvl_view_apply_snapshot_edits() without the batch update.
*/
int cvl_view_diff_snapshot_edits(cvl_view *view, const cvl_snapshot_edit *edits, size_t edit_count,
                                 const uint64_t *changed, size_t changed_count,
                                 cvl_update_item *out, size_t capacity, size_t *out_count);

/* ============================================================================================
** Scroll anchoring
**
** UIKit keeps the content offset through size changes and bounds changes, and through batch
** updates except that a viewport left hanging past the end of content that shrank is pulled
** back into it (see cvl_view_perform_batch_updates()), so the content jumps when something
** changes above the viewport. With an anchoring policy the view
** picks an anchor cell before the change (from what was last drawn) and, once the layout is
** prepared again, moves the content offset along the scroll axis (a flow layout's direction;
** otherwise vertical unless only the width overflows) so the anchor's frame origin is where it
** was on screen; then clamps the offset into [0, content size - bounds size] (the only case in
** which the anchor moves). It applies to cvl_view_perform_batch_updates() and
** cvl_view_apply_snapshot() (the anchor follows its item through the update; the anchored offset
** is then pulled back out of any overhang past the content's end (along the anchor's axis the
** clamp has removed it) and proposed to the layout's form without velocity, which has the last
** word, see
** cvl_view_perform_batch_updates(); an animated update starts from exactly what was on screen:
** every element's start is moved with the offset), to
** size changes (cvl_flow_layout_set_item_sizes(), cvl_view_invalidate_layout(), delegate or
** config changes: restored at the next prepare), to cvl_view_set_bounds_size(), and to
** cvl_view_set_layout() (the policy picks the cell that keeps its place, by its leading edge —
** its frame origin — on both axes, as anchoring keeps it through other changes; under
** CVL_ANCHOR_END, a view showing the end shows the end of the new content, and otherwise the last
** visible cell keeps the distance from its trailing edge to the viewport's end; a layout that
** snaps — Cover Flow, or any layout with a target_content_offset callback or hook — gets that
** cell centred, clamped, before it snaps, so it rests on that cell wherever it can be centred).
** Scrolling (cvl_view_set_content_offset) never triggers it.
**
** A bounds-size change (a rotation) that invalidates a prepared layout is a layout update, after
** which UIKit asks the layout's targetContentOffsetForProposedContentOffset: (the form without
** velocity; the base layout returns the offset proposed, and the book's Cover Flow implements
** only the velocity form, so UIKit leaves its offset alone). So once the layout is prepared for
** the new size: with CVL_ANCHOR_NONE the kept offset is proposed to that form (it moves only for
** a target_content_offset callback or hook); under a policy, for a layout that snaps, the
** offset centring the anchor cell along the scroll axis (clamped; at the end under
** CVL_ANCHOR_END, the end) is proposed to the snapping form (velocity 0) — as a switch does, so
** Cover Flow comes to rest on the anchor's cover, not between covers; otherwise the anchored
** offset is proposed to the form without velocity. CVL_ANCHOR_NEAREST_POINT
** at the viewport's centre keeps Cover Flow's centred cover; CVL_ANCHOR_FIRST_VISIBLE centres
** the first visible (partly hidden) cover. The same applies inside an animated-changes block.
** A size set before the first layout cycle, or one the layout does not invalidate for, proposes
** nothing. A failing target_content_offset callback fails the query that runs the cycle once;
** the offset then stays where the anchor put it.
*/
#define CVL_ANCHOR_NONE           0  /* UIKit's behaviour: the offset is kept (see cvl_view_perform_batch_updates) */
#define CVL_ANCHOR_FIRST_VISIBLE  1  /* the visible cell with the lowest index path (then the next if it goes) */
#define CVL_ANCHOR_NEAREST_POINT  2  /* the visible cell whose centre is nearest `point` (viewport coordinates) */
#define CVL_ANCHOR_END            3  /* chats: at the end stay at the end; else the last visible cell's trailing edge */

/**
** Sets the view's anchoring policy (CVL_ANCHOR_*). `point` is used by CVL_ANCHOR_NEAREST_POINT
** (viewport coordinates: (0, 0) is the visible rect's top-left corner) and must be finite.
** Unknown policy: CVL_ERROR_INVALID_ARGUMENT. The default is CVL_ANCHOR_NONE. O(1).
*/
int cvl_view_set_anchoring(cvl_view *view, int32_t policy, cvl_point point);

/** Reads the policy and its point ((0, 0) unless CVL_ANCHOR_NEAREST_POINT). Callable from hooks and callbacks. */
int cvl_view_get_anchoring(const cvl_view *view, int32_t *out_policy, cvl_point *out_point);

/* ============================================================================================
** Right-to-left (a view option; docs/alignment-direction-snapping.md, "Right-to-left")
**
** UIKit's effectiveUserInterfaceLayoutDirection with a layout whose
** flipsHorizontallyInOppositeLayoutDirection is true. It changes only what the host sees ("host
** coordinates"): every layout keeps working in its own left-to-right coordinates ("layout
** coordinates"), and so do the view's anchors, animations and animated scrolls. In right-to-left
** every frame of a flipping layout is mirrored about W = max(content width, bounds width):
** x' = W - x - width. Each function taking or giving a position works in host coordinates:
** cvl_view_attributes_in_rect() and cvl_view_elements_in_rect() (the rect is mirrored in, the
** elements out), cvl_view_visible_attributes() and _elements(), cvl_view_attributes_for_element()
** and _for_item(), cvl_view_index_path_at_point() (the point mirrored),
** cvl_view_set_content_offset() and _get_ (an offset x' = W - x - bounds width, so the layout's
** offset 0, its leading end, is max(0, content width - bounds width): horizontal scrolling starts
** at the right end), cvl_view_target_content_offset() (offsets mirrored, the velocity's x
** negated), cvl_view_scroll_to_item() and _animated (CVL_SCROLL_POSITION_LEFT and _RIGHT mean the
** host's left and right), cvl_view_items_to_measure() and _for_scroll, and
** CVL_ANCHOR_NEAREST_POINT's viewport point. Transforms are mirrored as F*M*F with F the x-flip (a
** y-rotation's angle changes sign: Cover Flow's covers turn the other way; never a negative
** scale). With a display scale the frames are snapped in layout coordinates first and W is
** snapped too, so a snapped right-to-left frame is exactly the mirror of the snapped
** left-to-right one (its ties went towards the layout's trailing side: the host's left).
** The library never moves the layout's offset for a direction: it keeps the layout's offset and
** the host's is its mirror. So the host's offset follows W: after setting the direction, and
** after any change of the content or bounds width (content growing at the left end keeps what
** is on screen), read it back with cvl_view_get_content_offset() (a view at its leading end --
** every new view -- shows the right end in right-to-left). From inside the layout's own
** callbacks cvl_view_get_content_offset() gives the layout's offset (as cvl_layout_env does).
** cvl_flow_layout_item_frame() and _section_frame() and the callbacks of a custom layout see
** layout coordinates.
**
** Cost: O(1) per element returned and per call; nothing stored. Left-to-right (the default),
** every function runs exactly as without the option. Right-to-left, the offset functions run a
** pending layout cycle first (the mirror needs the content width), so they can fail as a query
** can (CVL_ERROR_CALLBACK, ...).
*/
#define CVL_LAYOUT_DIRECTION_LTR  0  /* left-to-right (the default) */
#define CVL_LAYOUT_DIRECTION_RTL  1  /* right-to-left: flipping layouts are mirrored for the host */

/**
** Sets the view's layout direction (CVL_LAYOUT_DIRECTION_*; the default is LTR). Another value:
** CVL_ERROR_INVALID_ARGUMENT, nothing changed. Invalidates nothing (the layout does not see it);
** the next query returns mirrored elements. O(1).
*/
int cvl_view_set_layout_direction(cvl_view *view, int32_t direction);

/** Reads the view's layout direction (CVL_LAYOUT_DIRECTION_*). Callable from hooks and callbacks. O(1). */
int cvl_view_get_layout_direction(const cvl_view *view, int32_t *out_direction);

/**
** flipsHorizontallyInOppositeLayoutDirection: whether a right-to-left view mirrors `layout`
** (0 or 1; another value: CVL_ERROR_INVALID_ARGUMENT). Every built-in layout starts at 1 (as
** UICollectionViewFlowLayout: each is written left-to-right and mirrored as a whole); a layout
** made with cvl_custom_layout_create() starts at 0 (UICollectionViewLayout's default: it
** mirrors itself, or not at all). Takes effect at the next query. O(1).
*/
int cvl_layout_set_flips_horizontally(cvl_layout *layout, int32_t flips);

/** Reads the flag of cvl_layout_set_flips_horizontally(). Callable from hooks and callbacks. O(1). */
int cvl_layout_get_flips_horizontally(const cvl_layout *layout, int32_t *out_flips);

/* ============================================================================================
** Self-sizing cells (flow-based layouts)
**
** UIKit's estimatedItemSize + preferredLayoutAttributesFitting(_:): items the host has not
** measured yet have an estimated size; the host measures the cells it is about to draw and
** reports their sizes; the view corrects the content size and the content offset so that
** nothing already on screen moves (UIKit's contentOffsetAdjustment; TanStack Virtual's
** measureElement).
**
** Estimates: cvl_flow_layout_set_estimated_item_size() (every item of sections without bulk
** sizes or a size_for_item delegate), else the section's bulk sizes or size_for_item answers
** (per-item estimates), else item_size.
**
** Storage: a measured size goes into the section's bulk size array, the layout's one per-item
** size store. A section without one gets an array made from its estimates when its first item
** is measured (16 bytes an item, once; at most CVL_MAX_STORED_ITEMS items in all such arrays,
** else CVL_ERROR_OVERFLOW); its estimates are then fixed (size_for_item is not asked again for
** them). Plus one byte per item of a section with a measured item. Sizes and flags are stored
** in chunks of 512 items (in groups of 64 chunks), so a batch of k measured sizes costs
** O(k log n) plus one chunk and one group's table copied per chunk written, and the next
** prepare re-lays out only the lines around the measured items (see
** cvl_flow_layout_replace_item_sizes()). A range edit of the sizes
** (cvl_flow_layout_replace_item_sizes(), paired with the batch update) keeps the measurements of
** the items it does not replace (the new items are estimates). cvl_view_clear_measured_sizes()
** marks items unmeasured again (their size kept until they are measured anew). A section
** whose item count changes otherwise (batch update, snapshot, reload) forgets its measurements
** and goes back to its estimates (an array the layout made is dropped; a host's bulk array must
** be handed over again as for any count change); so does a section whose bulk sizes the host
** sets or clears.
**
** The correction: before the sizes change the view picks an anchor among the visible cells —
** the first visible cell (index-path order) whose size the batch does not change, else the
** first visible one; under CVL_ANCHOR_NEAREST_POINT the policy's order (unchanged cells first);
** under CVL_ANCHOR_END at the end, the end — and after the layout is prepared moves the offset
** so the anchor is where it was on screen, clamped into [0, content size - bounds size] (the
** anchoring machinery of "Scroll anchoring", applied whatever the policy, CVL_ANCHOR_NONE
** included). So sizes measured above the viewport move the offset by their change, sizes below
** change only the content size, a cell straddling the viewport's start grows away from the
** anchor below it. A running animation or animated scroll follows the content (its elements and
** its target move with the offset), so what is on screen mid-animation does not move either.
** A host that measures the cells within a margin around the visible rect
** (cvl_view_items_to_measure) before it draws a frame sees no drawn cell move except by its
** own scrolling.
**
** Exact scroll_to_item: design choice, the library tells the host what to measure (no
** callback). cvl_view_items_to_measure_for_scroll() lists the unmeasured items that decide
** where cvl_view_scroll_to_item() lands: the item and the cells of the viewport it would end
** in (they decide the clamping at the content's end). The host measures them, reports them with
** cvl_view_set_measured_sizes() and asks again until the list is empty (each round measures at
** least one new item; a viewport of cells in all), then cvl_view_scroll_to_item() puts the item
** exactly at `position`. Items between it and the top may stay estimates: measuring them later
** moves the offset with them, so the item stays where it landed.
**
** These functions need a flow-based layout (flow, Survey, Cover Flow, Dimensions, hooked flow),
** a grid layout (a measured size gives a grid item its extent along the scroll axis, written
** into the section's bulk extents: see "Grid layout") or a compositional layout (its estimated
** dimensions); another layout fails with CVL_ERROR_STATE
** (the estimated size setter: CVL_ERROR_INVALID_ARGUMENT, as every flow setter).
*/

/**
** estimatedItemSize: the size of every unmeasured item of sections without bulk sizes or a
** size_for_item delegate. (0, 0) (the default) turns it off: such items are item_size. Finite,
** >= 0, at most 1e12 on each side (CVL_ERROR_INVALID_ARGUMENT). Not part of cvl_flow_config:
** cvl_flow_layout_set_config() keeps it. Invalidates the layout as a config change does. O(1).
*/
int cvl_flow_layout_set_estimated_item_size(cvl_layout *layout, cvl_size size);

/** Reads the estimated item size ((0, 0): off). Callable from hooks and callbacks. */
int cvl_flow_layout_get_estimated_item_size(const cvl_layout *layout, cvl_size *out);

/**
** Reports the measured sizes of `count` items (`sizes[i]` is the size of `index_paths[i]`; an
** index path named twice takes its last size) and corrects the content offset (see above). All
** or nothing: an index path outside the counts (CVL_ERROR_OUT_OF_RANGE), a size that is NaN,
** infinite, negative or above 1e12 (CVL_ERROR_INVALID_ARGUMENT), `count` above
** CVL_MAX_STORED_ITEMS (CVL_ERROR_OVERFLOW, checked before reading) or a NULL array with
** count > 0 (CVL_ERROR_NULL_ARGUMENT) changes nothing. Runs the layout cycle first (the sizes are
** checked against the counts the host last drew). A callback or hook failing after the sizes are
** checked (the prepare, the anchor cell's lookup) fails the call with its error and changes
** nothing either: the sizes, the flags and the offset are given back, and the sections named are
** laid out again at the next layout cycle. Cost: one visible-rect query, O(count log n), one size
** chunk and one flag chunk copied per chunk written, with their groups' tables, and the tables
** of groups of the sections written
** (the old ones are kept until the call returns), plus the prepare: the lines from the one
** before the first measured item of a run until the line breaks agree with the old ones again,
** the rest of the section moved by a constant (see
** cvl_flow_layout_replace_item_sizes()); O(n) once for a section whose array the layout makes.
*/
int cvl_view_set_measured_sizes(cvl_view *view, const cvl_index_path *index_paths, const cvl_size *sizes,
                                size_t count);

/**
** As cvl_view_set_measured_sizes(), by item identifier (identifiers given in bulk:
** cvl_view_set_identifiers() or cvl_view_apply_snapshot(); else CVL_ERROR_STATE). An identifier
** that is no item of the view: CVL_ERROR_INVALID_ARGUMENT, nothing changed. O(1) per identifier
** on top.
*/
int cvl_view_set_measured_sizes_by_id(cvl_view *view, const uint64_t *identifiers, const cvl_size *sizes,
                                      size_t count);

/**
** Marks items as not measured any more (their content or the font changed): they are listed by
** cvl_view_items_to_measure() again and keep their current size until measured anew, so nothing
** moves meanwhile. `section` -1: every item of every section (`start` and `count` must be 0);
** otherwise the items `start ..< start + count` of `section` (pass the section's item count to
** clear all of it). `out_cleared` (may be NULL) receives how many items stopped being measured.
** Runs the layout cycle first (the range is checked against the counts the host last drew).
** Errors, nothing changed: a section below -1 or at or past the section count, a negative or too
** large `start` or `count` (CVL_ERROR_OUT_OF_RANGE), `start`/`count` not 0 with section -1
** (CVL_ERROR_INVALID_ARGUMENT), a layout that is neither flow-based nor a grid (CVL_ERROR_STATE).
** Does not invalidate the layout. O(count log n), O(sections) for section -1.
*/
int cvl_view_clear_measured_sizes(cvl_view *view, int64_t section, int64_t start, int64_t count,
                                  size_t *out_cleared);

/**
** The cells whose frame intersects `rect` (content coordinates) and whose size is still an
** estimate, in index-path order (the buffer convention of "Conventions"). `rect` must be finite.
** A host measures the visible rect plus a margin of at least its scroll step on each side, so
** a cell is measured before it is drawn. O(log n + k) time, O(min(k, capacity)) memory. More
** than CVL_MAX_QUERY_ELEMENTS cells in `rect` (measured or not): CVL_ERROR_OVERFLOW.
*/
int cvl_view_items_to_measure(cvl_view *view, cvl_rect rect, cvl_index_path *out, size_t capacity,
                              size_t *out_count);

/**
** The unmeasured items that decide where cvl_view_scroll_to_item(index_path, position) lands
** (see above; empty: it lands exactly). Same arguments and errors as cvl_view_scroll_to_item()
** for `index_path` and `position`, the buffer convention of "Conventions" for the rest.
** Changes nothing. O(log n + k) time, O(min(k, capacity)) memory; CVL_ERROR_OVERFLOW when the
** viewport there holds more than CVL_MAX_QUERY_ELEMENTS cells.
*/
int cvl_view_items_to_measure_for_scroll(cvl_view *view, cvl_index_path index_path, uint32_t position,
                                         cvl_index_path *out, size_t capacity, size_t *out_count);

/* ============================================================================================
** Layout switching: setCollectionViewLayout:animated:
*/

/**
** Makes `layout` the view's layout (the view retains it; the previous layout is released and
** can be attached elsewhere). `animation` NULL: the new layout is prepared and answers at once;
** otherwise every element moves from its old on-screen attributes (moved with the content offset
** change, so the first frame is exactly the old layout's last frame) to its new attributes
** (appearing / disappearing elements crossfade). The content offset is carried so the item nearest the centre of the
** viewport keeps its centre's place on screen (under an anchoring policy, the policy's cell keeps its leading edge's,
** see cvl_view_set_anchoring()), clamped to the new content size. Fails with CVL_ERROR_STATE if
** `layout` is attached to another view. Cost: the new layout's prepare, plus, animated, the
** elements on screen before and after collected (O(k_before + k_after) time and memory, at most
** CVL_MAX_ANIMATED_ELEMENTS each, else CVL_ERROR_OVERFLOW with nothing changed) and one track
** for each (see "Animations" at the top).
*/
int cvl_view_set_layout(cvl_view *view, cvl_layout *layout, const cvl_animation *animation);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CVLAYOUT_H */
