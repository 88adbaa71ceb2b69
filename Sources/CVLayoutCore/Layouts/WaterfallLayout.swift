#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A waterfall (masonry, "Pinterest", staggered grid) layout: each section's items go into
/// columns of equal width, each into the currently shortest one (ties to the leading column) or
/// in order, an item's extent along the scroll axis given directly or scaled from its size to
/// the column width; items flagged full-span cross every column below the tallest one. The rules
/// (W1–W7) and the decisions on the questions the peers leave open are docs/waterfall-rules.md,
/// with their sources (CHTCollectionViewWaterfallLayout, Android's StaggeredGridLayoutManager,
/// Compose's lazy staggered grid).
///
/// Built on `FlowLayout` so that the per-item sizes come from the one size mechanism the flow
/// already has (the bulk sizes of `setItemSizes(_:forSection:)`, else the delegate's
/// `sizeForItemAt`, else `itemSize`), and the flow's properties and per-section delegate answers
/// keep their meaning:
///
///     column spacing   = minimumInteritemSpacing (interitem spacing of the section)
///     item spacing     = minimumLineSpacing (gap between items of a column), ≥ 0
///     section inset    = sectionInset (inset of the section), each side ≥ 0
///     header / footer  = the extent along the scroll axis of headerReferenceSize / footerReferenceSize
///     scroll direction = scrollDirection
///
/// Written for vertical scrolling ("main" = the scroll axis, y; "cross" = x). Scrolling
/// horizontally, columns are rows and every rule holds with the axes swapped (main = x, insets
/// transposed: main leading = left, cross leading = top). Section s, from its main-axis `origin`
/// (0 for section 0, then the previous section's end), X the view's cross size:
///
///     header      (cross 0, main origin, X across, headerExtent along)     when headerExtent > 0
///     top         = origin + headerExtent + inset.mainLeading
///     available   = X − inset.crossLeading − inset.crossTrailing
///     columns c   = the section's entry of `setSectionColumns`, else the configuration's:
///                   fixed, or, with a minimum width m > 0 (W7, Compose GridCells.Adaptive),
///                   max(1, ⌊(available + spacing) / (m + spacing)⌋), at most `maxColumns`
///     columnWidth = max(0, (available − (c − 1)·columnSpacing) / c)
///     column j    cross = inset.crossLeading + j·(columnWidth + columnSpacing) (W2)
///     extent      the section's bulk extent of the item (`setItemExtents`), else (W6) the item's
///                 size scaled to its cross size: main(size) · cross / cross(size), 0 when either
///                 is 0
///     item        (W3) placement 0: into the shortest column (the leading one on ties); 1: the
///                 k-th item since the section's top or the last full-span item into column
///                 k mod c; at that column's height, which then grows by extent + itemSpacing (W4)
///     full span   (W5) a flagged item starts at the tallest column's height (its end plus the
///                 spacing; `top` when no item precedes it), crosses `available` from
///                 inset.crossLeading, and every column continues at its end + itemSpacing
///     bodyEnd     = top when the section is empty, else the tallest column − itemSpacing
///     footer      (cross 0, main bodyEnd + inset.mainTrailing, X across, footerExtent along)
///     next origin = bodyEnd + inset.mainTrailing + footerExtent
///
/// The content size is X across and the last section's end along the scroll axis.
///
/// Not supported (rejected by `configure(_:)`, so nothing is silently ignored): pinned headers or
/// footers, `estimatedItemSize`. Measured sizes (`CollectionView.setMeasuredSizes`) go into the
/// flow's size store: a cell measured as (column width, h) is h high, unless its section has bulk
/// extents (they win). The flow's lines are never laid out (`laysOutLines`): the flow's prepare
/// only resolves and checks the sizes and metrics, and the flow's getters answer the waterfall's
/// geometry (`frameForItem(at:)`, `sectionFrame(_:)`, the header and footer frames, the items
/// to measure) or nothing (the line getters: 0 lines, nil).
///
/// Along the scroll axis each frame is stored from the start of its *segment* (the section's top,
/// or the end of the full-span item above it + item spacing), each segment's start kept per
/// section (`WaterfallSegmentStarts`): the frame is start + offset, one addition (so an item and the next
/// one in its column with no spacing between may share an ulp of the coordinate).
///
/// ## Cost
/// `prepare()`: the flow's prepare without its lines (O(1) a section for bulk sizes), then one
/// pass over the items: shortest first, O(min(c, 16)) each (a scan of the used columns' heights, up
/// to `WaterfallColumns.linearLimit` columns) or O(log c) (a heap of them, above); O(1) in order,
/// O(1) for a full-span item: O(n) for the bounded c. After edits of the waterfall's own flags or
/// extents only (`replaceFullSpanItems`, `replaceItemExtents`, and the setters from item 0), or
/// of sizes through the flow's range edits, only the edited sections are placed, each from its
/// first edited item (the columns before it read back in O(c log n)) through the next full-span
/// item after its last edited one when no flag changed (else to its end), the segments' starts
/// summed again in O(64 + F/64) and the later sections moved in O(1) each; the items placed go
/// into buffers of their own, written over the tables in place on success, and the range placed
/// replaces its items in the column lists of its chunks of 64 segments (and the full-span
/// list), in place: O(c log n + F/64 + items placed) (docs/waterfall-rules.md, "Costs"). A
/// prepare that would place every item keeps the frames when everything the placement reads is
/// bit for bit what the last one read (`PlacedInputs`): O(S), plus a comparison of each array
/// or size store handed over again (O(1) when it is the same storage).
/// Memory: 24 bytes an item (its span, its column, its place in its column's list) plus 36 an
/// occupied column of a chunk (its list) and 20 a full-span item, on top of the flow's sizes; at most
/// `CollectionView.maxStoredItems` items in all (else the prepare fails with
/// `LayoutError.Code.overflow` before allocating); the rect query's buffers (80 bytes a cell
/// found, up to 80 KB kept between queries: `WaterfallQueryScratch`). Single-element queries
/// O(log F) (the item's segment among the section's F full-span items). Rect queries:
/// O(log S) to find the sections the rect crosses along the scroll axis, then per such section and
/// per column the rect's cross range meets, a binary search over the column's items (their starts
/// and ends both increase down a column), and one over the section's full-span items, the cells
/// found put in item order (draw order: the sort merges the 1 + c′ runs they come in, O(k log c′)):
/// O(log n + k) for a rect within one section and the bounded c, in general
/// O(log S + Σ (1 + c′) log n + k log c′) over the sections crossed (c′ columns met).
public final class WaterfallLayout: FlowLayout {
    /// No appear hook is overridden: an animation's set-up need not ask it.
    override var appearsWithoutAttributes: Bool { true }

    /// The largest column count (`CVL_MAX_WATERFALL_COLUMNS`).
    public static let maxColumns = 1024

    /// The waterfall's own properties; spacings, insets, header, footer and scroll direction are
    /// the flow's.
    public struct Configuration: Equatable, Sendable {
        /// Columns of every section without its own entry, when `minimumColumnWidth` is 0.
        /// Default 2; 1 ... `maxColumns`.
        public var columnCount = 2
        /// When > 0, the column count is derived from it (W7). Default 0.
        /// Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var minimumColumnWidth = 0.0
        /// 0 (default): shortest column first, ties to the leading column; 1: in order (the k-th
        /// item of a run between full-span items into column k mod c) (`CVL_WATERFALL_PLACE_*`).
        public var placement = 0

        public init() {}
        /// Two columns, no minimum width, shortest first.
        public static let `default` = Configuration()

        /// - Throws: `LayoutError.invalidArgument` naming the bad value.
        public func validate() throws {
            guard columnCount >= 1, columnCount <= WaterfallLayout.maxColumns else {
                throw LayoutError.invalid(
                    "WaterfallLayout column_count \(columnCount) must be 1 ... \(WaterfallLayout.maxColumns)")
            }
            guard WaterfallLayout.isValidValue(minimumColumnWidth) else {
                throw LayoutError.invalid(
                    "WaterfallLayout minimum_column_width \(minimumColumnWidth) must be finite, >= 0 and <= "
                        + "\(FlowLayout.maxMagnitude)")
            }
            guard placement == 0 || placement == 1 else {
                throw LayoutError.invalid("WaterfallLayout placement \(placement) must be 0 (shortest) or 1 (in order)")
            }
        }
    }

    @inline(__always)
    static func isValidValue(_ v: Double) -> Bool { v.isFinite && v >= 0 && v <= FlowLayout.maxMagnitude }

    /// The waterfall properties in effect (set with `configure(waterfall:)`).
    public private(set) var waterfall = Configuration.default

    /// Validates and installs `configuration` (all or nothing); invalidates the attached view.
    /// - Throws: `LayoutError.invalidArgument` (see `Configuration.validate()`).
    public func configure(waterfall configuration: Configuration) throws {
        try configuration.validate()
        guard configuration != waterfall else { return }
        waterfall = configuration
        needsFullPlacement = true
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// The flow properties, with the waterfall's further rules: no pinning, no estimated size,
    /// insets and line (item) spacing ≥ 0. All or nothing.
    /// - Throws: `LayoutError.invalidArgument`.
    public override func configure(_ configuration: FlowConfiguration) throws {
        try configuration.validate()
        guard !configuration.sectionHeadersPinToVisibleBounds, !configuration.sectionFootersPinToVisibleBounds else {
            throw LayoutError.invalid("WaterfallLayout does not pin headers or footers")
        }
        guard configuration.estimatedItemSize == .zero else {
            throw LayoutError.invalid("WaterfallLayout does not support estimatedItemSize (self-sizing)")
        }
        try Self.checkSection(
            configuration.sectionInset, configuration.minimumLineSpacing,
            "sectionInset / minimumLineSpacing")
        try super.configure(configuration)
    }

    private static func checkSection(_ inset: EdgeInsets, _ itemSpacing: Double, _ what: String) throws {
        guard inset.top >= 0, inset.left >= 0, inset.bottom >= 0, inset.right >= 0, itemSpacing >= 0 else {
            throw LayoutError.invalid(
                "WaterfallLayout: \(what) must not be negative (insets \(inset.top), \(inset.left), "
                    + "\(inset.bottom), \(inset.right); item spacing \(itemSpacing))")
        }
    }

    // Per-section inputs (`WaterfallLayout+Items.swift`), keyed by section index.
    var sectionColumns: [SectionColumns] = []
    var fullSpanFlags: [Int: [UInt8]] = [:]
    var itemExtents: [Int: [Double]] = [:]
    /// The per-item and per-section callbacks (`WaterfallLayout+Callbacks.swift`).
    var itemCallbacks: Callbacks?

    /// One section's geometry from the last prepare (main = the scroll axis).
    struct Section {
        var origin = 0.0
        var end = 0.0
        var headerExtent = 0.0
        var footerStart = 0.0
        var footerExtent = 0.0
        var lead = 0.0
        var columns = 1
        var columnWidth = 0.0
        var columnPitch = 0.0
        /// A full-span item's cross size (the cross size inside the insets, at least 0).
        var wide = 0.0
        /// Index of item 0 in `spans` and `itemColumns`.
        var itemBase = 0
        var itemCount = 0
        /// Each occupied column's items (numbers within the section), top to bottom (columns
        /// fill in order: the occupied ones are 0 ..< count).
        /// The column lists per chunk of 64 segments (`WaterfallSegmentStarts.shift`): chunk c
        /// holds each column's items of segments 64c ..< 64c + 64, top to bottom (the used
        /// columns of a chunk are 0 ..< count), so that an edit moves entries of its chunk only.
        var chunks: [[ContiguousArray<Int32>]] = [[]]
        /// The full-span items, top to bottom (in item order).
        var full: ContiguousArray<Int32> = []
        /// Where each segment starts from `columnTop` (segment 0 at 0, segment k + 1 after
        /// full-span item k's end + the item spacing). The frames along the scroll axis are from
        /// their segment's start (`absolute`).
        var starts = WaterfallSegmentStarts()
        /// Main-axis start of the columns (`top(inset)`).
        var columnTop = 0.0
        /// The last segment's tallest column (from its start; 0 when it has no item).
        var tail = 0.0
        /// At least every full-span item's end in its segment + spacing and `tail` (a bound for
        /// the sums' range check; only grows).
        var endBound = 0.0

        /// Segment k's start along the scroll axis (absolute). O(1).
        @inline(__always)
        func start(_ k: Int) -> Double { starts.start(k, top: columnTop) }

        /// Main-axis start of the columns.
        func top(_ inset: Double) -> Double { origin + headerExtent + inset }
    }

    private var sections: [Section] = []
    /// Every item's main origin (from its segment's start) and extent, section after section;
    /// with its column (`itemColumns`, −1: full span), its frame (`WaterfallFrames`).
    private var spans: ContiguousArray<WaterfallSpan> = []
    /// Every item's column (−1: full span), section after section.
    private var itemColumns: ContiguousArray<Int32> = []
    private var horizontal = false
    private var crossSize = 0.0
    /// The placement rule of the last prepare.
    private var placedInOrder = false
    /// Per section, the first and the last item whose extent changed since the last prepare
    /// (`Int.max` as the last: from the first to the section's end, e.g. a flag changed, items
    /// inserted or removed by a range edit).
    var editedFrom: [Int: (first: Int, last: Int)] = [:]
    /// Anything else changed since the last prepare (an invalidation from the view, a property).
    var needsFullPlacement = true
    /// Items placed by the last prepare (tests read it to see a one-item change stay local).
    private(set) var itemsPlacedByLastPrepare = 0
    /// Whether the last prepare placed an edit straight into the tables (`editCannotFail`; tests).
    private(set) var lastEditPlacedInPlace = false

    public override init() { super.init() }

    public override var drawsElementsWithinFrames: Bool { true }

    /// A frame in (cross as x, main as y) as the view's frame, and back (the same swap).
    @inline(__always)
    private func swapped(_ r: Rect) -> Rect {
        horizontal ? Rect(x: r.minY, y: r.minX, width: r.size.height, height: r.size.width) : r
    }

    /// The segment of item `i` of `sec`: the number of full-span items before it. O(log F).
    @inline(__always)
    private static func segment(_ sec: Section, _ i: Int) -> Int {
        let full = sec.full
        return flowPartitionPoint(0, full.count) { Int(full[$0]) >= i }
    }

    /// The first index in `lo ..< hi` whose value is above the target (`isAbove(value(k))`,
    /// false then true along the range: the values do not decrease), `hi` when none is: up to
    /// four probes where the values make the target fall (between the values at the range's
    /// ends, which narrow it), then a binary search of what is left. Evenly spread values (item
    /// starts, segment starts) need a few probes where a binary search reads 20 scattered
    /// frames; any values: O(log(hi − lo)) (each probe narrows the range too).
    @inline(__always)
    static func interpolatedPartitionPoint(
        _ lo: Int, _ hi: Int, target: Double, _ value: (Int) -> Double, _ isAbove: (Double) -> Bool
    ) -> Int {
        var lo = lo, hi = hi  // the answer is in lo ... hi
        var probes = 0
        while hi - lo > 8, probes < 4 {
            probes += 1
            let a = value(lo)
            if isAbove(a) { return lo }
            let b = value(hi - 1)
            if !isAbove(b) { return hi }
            lo += 1
            hi -= 1  // (now the answer is in lo ... hi, and the value at hi is above)
            guard hi - lo > 1 else { break }
            let fraction = (target - a) / (b - a)
            let g: Int
            if fraction.isFinite {
                let f = Swift.min(Swift.max(fraction, 0), 1)
                g = Swift.min(Swift.max(lo, lo - 1 + Int(f * Double(hi - lo + 1))), hi - 1)
            } else {
                g = lo + (hi - lo) / 2
            }
            if isAbove(value(g)) { hi = g } else { lo = g + 1 }
        }
        return flowPartitionPoint(lo, hi) { isAbove(value($0)) }
    }

    /// The first index of `list` (increasing item numbers) whose item is at least `item`:
    /// a guess from the list's first and last items (a column holds about every c-th item),
    /// then a gallop and a binary search from it. O(log distance from the guess).
    @inline(__always)
    static func firstIndex(_ list: UnsafeBufferPointer<Int32>, atLeast item: Int) -> Int {
        let n = list.count
        guard n > 0, Int(list[0]) < item else { return 0 }
        guard Int(list[n - 1]) >= item else { return n }
        // list[0] < item <= list[n - 1]: the answer is in 1 ..< n.
        let lo0 = Int(list[0]), hi0 = Int(list[n - 1])
        let guess = Swift.min(Swift.max(1, Int(Double(item - lo0) / Double(hi0 - lo0 + 1) * Double(n))), n - 1)
        var lo: Int, hi: Int
        if Int(list[guess]) >= item {
            // The answer is at most guess: step back until list[lo - 1]... below item.
            hi = guess
            var step = 1
            lo = guess - 1
            while lo > 0, Int(list[lo]) >= item {
                hi = lo
                step *= 2
                lo = Swift.max(0, lo - step)
            }
            lo += 1  // list[lo - 1] < item (or lo - 1 = 0 < ... list[0] < item)
        } else {
            lo = guess + 1
            var step = 1
            hi = Swift.min(n - 1, guess + 1)
            while Int(list[hi]) < item {
                lo = hi + 1
                step *= 2
                hi = Swift.min(n - 1, hi + step)
            }
        }
        return flowPartitionPoint(lo, hi) { Int(list[$0]) >= item }
    }

    /// A frame from its segment's start made absolute: the one sum every query uses.
    @inline(__always)
    private static func absolute(_ f: Rect, _ base: Double) -> Rect {
        Rect(x: f.minX, y: base + f.minY, width: f.size.width, height: f.size.height)
    }

    /// Item `i` of section `sec` in (cross, main), absolute. O(log F) (its segment).
    private func frame(_ sec: Section, _ i: Int) -> Rect {
        let f = spans.withUnsafeBufferPointer { sp in
            itemColumns.withUnsafeBufferPointer { cols in
                Self.frames(sec, sp.baseAddress.unsafelyUnwrapped, cols.baseAddress.unsafelyUnwrapped)[i]
            }
        }
        return Self.absolute(f, sec.start(Self.segment(sec, i)))
    }

    /// Section `sec`'s frames from the tables' first entries (`spans`, `itemColumns`).
    @inline(__always)
    private static func frames(
        _ sec: Section, _ spans: UnsafePointer<WaterfallSpan>, _ columns: UnsafePointer<Int32>
    ) -> WaterfallFrames {
        WaterfallFrames(
            spans: spans + sec.itemBase, columns: columns + sec.itemBase, lead: sec.lead, pitch: sec.columnPitch,
            width: sec.columnWidth, wide: sec.wide)
    }

    // MARK: The layout cycle

    /// Checks the bulk per-section inputs against the item counts (before anything changes).
    private func checkInputs(_ counts: [Int]) throws {
        for (s, flags) in fullSpanFlags where s < counts.count && flags.count != counts[s] {
            throw LayoutError.invalid(
                "WaterfallLayout: full-span flags for section \(s) have \(flags.count) entries but the section has "
                    + "\(counts[s]) items (edit them with the batch update)")
        }
        for (s, ext) in itemExtents where s < counts.count && ext.count != counts[s] {
            throw LayoutError.invalid(
                "WaterfallLayout: item extents for section \(s) have \(ext.count) entries but the section has "
                    + "\(counts[s]) items (edit them with the batch update)")
        }
    }

    /// The column count of section `s` for `available` cross size and `spacing` between columns.
    func columnCount(section s: Int, available: Double, spacing: Double) throws -> Int {
        var fixed = waterfall.columnCount, minimum = waterfall.minimumColumnWidth
        let asked = try askedColumns(s)
        if asked != nil || s < sectionColumns.count {
            let e = asked ?? sectionColumns[s]
            if e.minimumColumnWidth > 0 {
                fixed = 0
                minimum = e.minimumColumnWidth
            } else if e.columns > 0 {
                fixed = e.columns
                minimum = 0
            }
        }
        guard minimum > 0 else { return fixed }
        // W7: max(1, ⌊(available + spacing) / (minimum + spacing)⌋), at most maxColumns.
        let q = ((available + spacing) / (minimum + spacing)).rounded(.down)
        guard q.isFinite, q >= 1 else { return 1 }
        return q >= Double(Self.maxColumns) ? Self.maxColumns : Int(q)
    }

    /// Records what the view invalidates: anything but a bounds change that keeps the cross size
    /// (or the waterfall's own edits, which come with an empty context) places every item again.
    public override func invalidateLayout(with context: InvalidationContext) {
        super.invalidateLayout(with: context)
        if context != InvalidationContext() && !context.isBoundsOnly { needsFullPlacement = true }
    }

    /// Records that the extents of items `from ... last` of `section` changed (`last` `Int.max`:
    /// from `from` to the section's end).
    func noteEdit(_ section: Int, from: Int, through last: Int) {
        let old = editedFrom[section]
        let last = Swift.max(last, from)
        editedFrom[section] = (Swift.min(old?.first ?? from, from), Swift.max(old?.last ?? last, last))
    }

    /// The flow's prepare (sizes, validation; without the flow's lines, `laysOutLines`), then
    /// the columns: every section, or, when only the waterfall's own flags or extents changed
    /// (range edits) or sizes kept their count, each such section from its first edited item
    /// on (through the segment of its last edited item, when no flag changed), the sections
    /// after it only moved.
    /// - Throws: what the flow's prepare throws; `LayoutError.invalidArgument` for a delegate's
    ///   negative inset or line spacing, or a bulk array whose length is not its section's item
    ///   count; `.overflow` past `maxStoredItems` or the coordinate range. The waterfall's frames
    ///   do not change on error.
    public override func prepare() throws {
        try checkInputs(collectionView?.counts ?? [])
        // Size range edits through the flow (`replaceItemSizes`, measured sizes) change only the
        // extents of the items they write (an extent is its own size scaled to the column): the
        // placement can start at each section's first edited item, as for the waterfall's own
        // edits. Edits that insert or remove sizes change the counts and place everything.
        let flowUnchanged = dirtySections.isEmpty && !needsFullRebuild
        var sizeEditedFrom: [Int: (first: Int, last: Int)] = [:]
        for (s, e) in sizeEdits {
            guard let first = e.runs.first, let last = e.runs.last, e.runs.allSatisfy({ $0.newCount == $0.oldCount })
            else {
                sizeEditedFrom[s] = (0, .max)
                continue
            }
            sizeEditedFrom[s] = (first.start, last.end - 1)
        }
        try super.prepare()
        guard let st = state else { return }
        guard st.totalItems <= CollectionView.maxStoredItems else {
            throw LayoutError(
                .overflow,
                "WaterfallLayout stores every item's frame: \(st.totalItems) items exceed CVL_MAX_STORED_ITEMS "
                    + "(\(CollectionView.maxStoredItems))")
        }
        try checkInputs(st.sections.map { $0.itemCount })
        let local =
            flowUnchanged && !needsFullPlacement && itemCallbacks == nil && st.crossSize == crossSize
            && st.axis.horizontal == horizontal
            && placedInOrder == (waterfall.placement == 1) && st.sections.count == sections.count
            && zip(st.sections, sections).allSatisfy { $0.itemCount == $1.itemCount }
        // (Local edits are cheaper than the comparison, unless one places a whole section: an
        // array set again.)
        let whole = !local || editedFrom.values.contains { $0.first <= 0 && $0.last == .max }
        lastEditPlacedInPlace = false
        if whole, placedInputs?.placeSame(st, self) == true {
            // Everything the placement reads is what the last one read, bit for bit: its frames
            // are the ones it would write again (an invalidation of everything with the same
            // data, the same values handed over again, a property set back).
            itemsPlacedByLastPrepare = 0
        } else if local {
            for (s, e) in sizeEditedFrom { noteEdit(s, from: e.first, through: e.last) }
            try prepareEditedSections(st)
        } else {
            try prepareAll(st)
        }
        placedInputs = PlacedInputs(st, self)
        editedFrom.removeAll()
        needsFullPlacement = false
    }

    /// What the last placement read (`PlacedInputs`); nil when unknown (no placement yet, a
    /// failed one).
    var placedInputs: PlacedInputs?

    /// Forgets what section `s`'s last placement read, before its flags or extents are edited
    /// in place (the arrays kept here would make the edit copy them). O(1). (An array set whole
    /// keeps the placed one until the next prepare, which compares them.)
    func forgetPlacedInputs(section s: Int) {
        guard let count = placedInputs?.sections.count, s >= 0, s < count else { return }
        placedInputs?.sections[s] = nil
    }

    /// Everything a full placement (`prepareAll`) reads, kept after each placement so that the
    /// next prepare can tell whether placing again would give the same frames: the axis, the
    /// cross size, the waterfall's properties and section column entries, and per section its
    /// resolved metrics (insets, spacings, header and footer sizes), item count, flags and
    /// extents (the bulk arrays), and the sizes the extents are scaled from (the flow's
    /// store). The arrays and the size store are references to the values placed (no copy:
    /// arrays and the flow's chunked store are copied on write, so a value kept here never
    /// changes); the same storage is the same values in O(1), other storage is compared
    /// value by value (`memcmp`, bit for bit, stopping at the first difference). Not kept with
    /// a callback set (its answers are asked at every placement), nor for sizes answered by the
    /// delegate (asked again at every full prepare: a copy of them would have to be kept).
    struct PlacedInputs {
        struct SectionInputs {
            var itemCount: Int
            var metrics: Metrics
            var flags: [UInt8]?
            var extents: [Double]?
            var isUniform: Bool
            var uniformSize: Size
            /// The sizes the extents are scaled from (nil with bulk extents, which win).
            var sizes: FlowSizes?
        }

        var horizontal: Bool
        var crossSize: UInt64
        var waterfall: Configuration
        var sectionColumns: [SectionColumns]
        /// nil: unknown (an edit of the section's arrays since: `forgetPlacedInputs`).
        var sections: [SectionInputs?]

        init?(_ st: FlowState, _ l: WaterfallLayout) {
            guard l.itemCallbacks == nil else { return nil }
            horizontal = st.axis.horizontal
            crossSize = st.crossSize.bitPattern
            waterfall = l.waterfall
            sectionColumns = l.sectionColumns
            sections = []
            sections.reserveCapacity(st.sections.count)
            for (s, fs) in st.sections.enumerated() {
                let extents = l.itemExtents[s]
                if extents == nil, !fs.isUniform, fs.sizeSource == .delegate { return nil }
                sections.append(
                    SectionInputs(
                        itemCount: fs.itemCount, metrics: Self.metrics(fs), flags: l.fullSpanFlags[s],
                        extents: extents, isUniform: fs.isUniform, uniformSize: fs.uniformSize,
                        sizes: extents == nil && !fs.isUniform ? fs.sizes : nil))
            }
        }

        /// A section's resolved metrics, as bits (−0 and 0 differ: a frame can keep the sign).
        struct Metrics: Equatable {
            var top, left, bottom, right, lineSpacing, interitemSpacing: UInt64
            var headerWidth, headerHeight, footerWidth, footerHeight: UInt64
        }

        private static func metrics(_ fs: FlowSection) -> Metrics {
            Metrics(
                top: fs.inset.top.bitPattern, left: fs.inset.left.bitPattern, bottom: fs.inset.bottom.bitPattern,
                right: fs.inset.right.bitPattern, lineSpacing: fs.lineSpacing.bitPattern,
                interitemSpacing: fs.interitemSpacing.bitPattern, headerWidth: fs.headerSize.width.bitPattern,
                headerHeight: fs.headerSize.height.bitPattern, footerWidth: fs.footerSize.width.bitPattern,
                footerHeight: fs.footerSize.height.bitPattern)
        }

        /// Whether placing `st` with `l`'s inputs reads exactly what the placement kept read.
        /// O(S) plus, per section, O(1) for the same arrays and size store (O(chunks) for the
        /// store), else one comparison of the values.
        func placeSame(_ st: FlowState, _ l: WaterfallLayout) -> Bool {
            guard l.itemCallbacks == nil, st.axis.horizontal == horizontal, st.crossSize.bitPattern == crossSize,
                l.waterfall == waterfall, l.sectionColumns == sectionColumns, st.sections.count == sections.count
            else { return false }
            for (s, fs) in st.sections.enumerated() {
                guard let old = sections[s], old.itemCount == fs.itemCount, old.metrics == Self.metrics(fs),
                    Self.same(old.flags, l.fullSpanFlags[s])
                else { return false }
                let extents = l.itemExtents[s]
                if extents != nil || old.extents != nil {
                    guard Self.same(old.extents, extents) else { return false }
                    continue
                }
                guard old.isUniform == fs.isUniform else { return false }
                if fs.isUniform {
                    guard old.uniformSize.width.bitPattern == fs.uniformSize.width.bitPattern,
                        old.uniformSize.height.bitPattern == fs.uniformSize.height.bitPattern
                    else { return false }
                } else {
                    guard let sizes = old.sizes, Self.same(sizes, fs.sizes, count: fs.itemCount) else { return false }
                }
            }
            return true
        }

        private static func same<T>(_ a: [T]?, _ b: [T]?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            guard a.count == b.count else { return false }
            return a.withUnsafeBytes { x in
                b.withUnsafeBytes { y in
                    x.baseAddress == y.baseAddress || x.count == 0
                        || memcmp(x.baseAddress.unsafelyUnwrapped, y.baseAddress.unsafelyUnwrapped, x.count) == 0
                }
            }
        }

        /// The first `n` sizes of two stores, chunk by chunk: a chunk of the same storage is the
        /// same values, others are compared bit for bit.
        private static func same(_ a: FlowSizes, _ b: FlowSizes, count n: Int) -> Bool {
            guard a.count >= n, b.count >= n else { return false }
            return a.withReader { ra in
                b.withReader { rb in
                    var i = 0
                    while i < n {
                        let wa = ra.window(at: i), wb = rb.window(at: i)
                        let end = Swift.min(n, wa.end, wb.end)
                        let pa = wa.pointer + i, pb = wb.pointer + i
                        if pa != pb, memcmp(pa, pb, (end - i) * MemoryLayout<Size>.stride) != 0 { return false }
                        i = end
                    }
                    return true
                }
            }
        }
    }

    /// Places every section. When nothing can fail once the placement has begun
    /// (`placementCannotFail`) and the item count is the same, into the current tables, in place
    /// (new tables of 10^6 spans and columns are 20 MB of fresh pages: their faults cost more
    /// than the placement); else into new tables (allocated without being cleared: every entry is
    /// written), installed only when every section succeeded.
    private func prepareAll(_ st: FlowState) throws {
        let total = st.totalItems
        // (With the bound, the placement checks no item.)
        if total > 0, spans.count == total, itemColumns.count == total, placementCannotFail(st, readingSizes: true) {
            var sp = spans, cols = itemColumns
            // (Now the only references, unless a copy of the layout's tables is kept elsewhere:
            // then the first write copies them, as any array.)
            spans = []
            itemColumns = []
            do {
                let secs = try sp.withUnsafeMutableBufferPointer { s in
                    try cols.withUnsafeMutableBufferPointer { c in
                        try placeAll(
                            st, s.baseAddress.unsafelyUnwrapped, c.baseAddress.unsafelyUnwrapped, checked: false)
                    }
                }
                spans = sp
                itemColumns = cols
                install(secs, st)
            } catch {
                // Not reached (`placementCannotFail` checked every way to fail): the tables are
                // partly written, so the layout is left empty, placed again at the next prepare.
                sections = []
                placedInputs = nil
                needsFullPlacement = true
                throw error
            }
            return
        }
        // New tables: the bound only when it needs no read of the sizes (one more pass over
        // them costs about what the checks it saves cost).
        let cannotFail = total > 0 && placementCannotFail(st, readingSizes: false)
        var secs: [Section] = []
        var cols = ContiguousArray<Int32>()
        // (Capacity at least 1: the buffers' addresses are never nil.)
        let sp = try ContiguousArray<WaterfallSpan>(unsafeUninitializedCapacity: Swift.max(total, 1)) { s, spansDone in
            cols = try ContiguousArray<Int32>(unsafeUninitializedCapacity: Swift.max(total, 1)) { c, columnsDone in
                secs = try placeAll(
                    st, s.baseAddress.unsafelyUnwrapped, c.baseAddress.unsafelyUnwrapped, checked: !cannotFail)
                columnsDone = total
            }
            spansDone = total
        }
        spans = sp
        itemColumns = cols
        install(secs, st)
    }

    private func install(_ secs: [Section], _ st: FlowState) {
        sections = secs
        horizontal = st.axis.horizontal
        crossSize = st.crossSize
        placedInOrder = waterfall.placement == 1
        itemsPlacedByLastPrepare = st.totalItems
    }

    /// Places every section of `st` into `spans` and `columns` (all items, section after section).
    private func placeAll(
        _ st: FlowState, _ spans: UnsafeMutablePointer<WaterfallSpan>, _ columns: UnsafeMutablePointer<Int32>,
        checked: Bool
    ) throws -> [Section] {
        let axis = st.axis
        var secs: [Section] = []
        secs.reserveCapacity(st.sections.count)
        var y = 0.0, base = 0
        for (s, fs) in st.sections.enumerated() {
            var sec = try newSection(fs, s, axis, st.crossSize, origin: y, itemBase: base)
            var cols = WaterfallColumns(count: sec.columns, inOrder: waterfall.placement == 1, top: 0)
            defer { cols.release() }
            var ends = ContiguousArray<Double>()
            let counts = try place(
                fs, s, axis, sec, from: 0, &cols, spans + base, columns + base, &ends, checked: checked,
                countingColumns: true)
            if let counts {
                sec.full = []
                sec.chunks = [Self.columnLists(columns + base, fs.itemCount, counts)]
            } else {
                Self.index(&sec, from: 0, to: fs.itemCount, columns + base)
            }
            sec.tail = cols.tallest
            sec.endBound = ends.reduce(sec.tail, Swift.max)
            sec.starts.replace(from: 0, with: ends)
            close(fs, axis, &sec)
            guard sec.end.isFinite else {
                throw LayoutError(.overflow, "WaterfallLayout: section \(s) ends beyond the coordinate range")
            }
            y = sec.end
            base += fs.itemCount
            secs.append(sec)
        }
        return secs
    }

    /// Whether placing every section of `st` cannot fail: no callback (each answer could fail),
    /// every section's insets and item spacing not negative (`checkSection`), and a bound on
    /// every coordinate the placement computes that is far inside the finite range: along the
    /// scroll axis, the sum over the sections of their header, insets, footer and n · (largest
    /// extent + spacing), each item's extent at most the bulk extents' limit
    /// (`FlowLayout.maxMagnitude`, checked when they were set) or its size scaled to at most the
    /// full-span width (largest main size · that width / smallest positive cross size); across,
    /// the last column's end and the full-span width. O(S), plus one read of the sizes of the
    /// sections scaled from non-uniform sizes (`readingSizes`; without it, false for them).
    private func placementCannotFail(_ st: FlowState, readingSizes: Bool) -> Bool {
        guard itemCallbacks == nil else { return false }
        let axis = st.axis
        let far = 1e300
        var bound = 0.0
        for (s, fs) in st.sections.enumerated() {
            let inset = fs.inset, spacing = fs.lineSpacing
            guard inset.top >= 0, inset.left >= 0, inset.bottom >= 0, inset.right >= 0, spacing >= 0 else {
                return false
            }
            let lead = axis.crossLeading(inset)
            let available = st.crossSize - lead - axis.crossTrailing(inset)
            guard let c = try? columnCount(section: s, available: available, spacing: fs.interitemSpacing) else {
                return false
            }
            let width = Swift.max(0, (available - Double(c - 1) * fs.interitemSpacing) / Double(c))
            let wide = Swift.max(0, available), widest = Swift.max(width, wide)
            let across = lead + Double(c) * (width + fs.interitemSpacing) + widest
            guard across.isFinite, across.magnitude < far else { return false }
            let n = fs.itemCount
            guard itemExtents[s] != nil || fs.isUniform || readingSizes else { return false }
            let extent = extentBound(s, fs, axis, widest: widest, from: 0, to: n)
            guard !extent.isNaN else { return false }
            bound +=
                axis.main(fs.headerSize).magnitude + axis.main(fs.footerSize).magnitude + axis.mainLeading(inset)
                + axis.mainTrailing(inset) + Double(n) * (extent + spacing)
            guard bound.isFinite, bound < far else { return false }
        }
        return true
    }

    /// At least the extent of every item of `start ..< stop` of section `s` placed at most
    /// `widest` across (NaN when a size is NaN): the bulk extents' limit (checked when they
    /// were set), else the largest main size scaled to `widest` over the smallest positive cross
    /// size (looser than over the items with both positive): `sizeExtremes`, O(stop − start),
    /// for sizes that are not uniform.
    private func extentBound(
        _ s: Int, _ fs: FlowSection, _ axis: FlowAxis, widest: Double, from start: Int, to stop: Int
    ) -> Double {
        guard itemExtents[s] == nil else { return FlowLayout.maxMagnitude }
        guard start < stop else { return 0 }
        let tallest: Double, narrowest: Double
        if fs.isUniform {
            tallest = axis.main(fs.uniformSize)
            let w = axis.cross(fs.uniformSize)
            narrowest = w > 0 ? w : .infinity
        } else {
            (tallest, narrowest) = Self.sizeExtremes(fs, axis, from: start, to: stop)
            guard !tallest.isNaN else { return .nan }
        }
        return tallest > 0 && narrowest < .infinity ? tallest * widest / narrowest : 0
    }

    /// The largest main size and (a hair under) the smallest positive cross size, +∞ when none,
    /// of items `start ..< stop` of `fs`'s sizes (`extentBound`); NaN for both if a size is NaN.
    /// The cross side's bit pattern minus one: for a positive side the double just below it,
    /// for a zero (or −0) a NaN, which the minimum `x < m ? x : m` passes over. A NaN-poisoned
    /// sum catches a NaN (which the minimum and maximum would pass over too). Window by window
    /// (each a plain array), no branch an item. O(stop − start).
    private static func sizeExtremes(
        _ fs: FlowSection, _ axis: FlowAxis, from start: Int, to stop: Int
    ) -> (tallest: Double, narrowest: Double) {
        var tallest = 0.0, narrowest = Double.infinity, poison = 0.0
        let horizontal = axis.horizontal
        fs.sizes.withReader { r in
            var i = start
            while i < stop {
                let window = r.window(at: i)
                let end = Swift.min(stop, window.end)
                let p = window.pointer
                var t = tallest, m = narrowest, nan = poison
                if horizontal {
                    for k in i..<end {
                        let h = p[k].width, w = Double(bitPattern: p[k].height.bitPattern &- 1)
                        t = h > t ? h : t
                        m = w < m ? w : m
                        nan += (h + p[k].height) * 0
                    }
                } else {
                    for k in i..<end {
                        let h = p[k].height, w = Double(bitPattern: p[k].width.bitPattern &- 1)
                        t = h > t ? h : t
                        m = w < m ? w : m
                        nan += (h + p[k].width) * 0
                    }
                }
                tallest = t
                narrowest = m
                poison = nan
                i = end
            }
        }
        return poison.isNaN ? (.nan, .nan) : (tallest, narrowest)
    }

    /// Section `s`'s geometry before its items are placed (W1, W2, W7).
    private func newSection(
        _ fs: FlowSection, _ s: Int, _ axis: FlowAxis, _ crossSize: Double, origin: Double, itemBase: Int
    ) throws -> Section {
        try Self.checkSection(fs.inset, fs.lineSpacing, "section \(s)'s inset / line spacing")
        var sec = Section(
            origin: origin, headerExtent: axis.main(fs.headerSize), footerExtent: axis.main(fs.footerSize),
            itemBase: itemBase, itemCount: fs.itemCount)
        sec.columnTop = sec.top(axis.mainLeading(fs.inset))
        let available = crossSize - axis.crossLeading(fs.inset) - axis.crossTrailing(fs.inset)
        let c = try columnCount(section: s, available: available, spacing: fs.interitemSpacing)
        sec.columns = c
        sec.columnWidth = Swift.max(0, (available - Double(c - 1) * fs.interitemSpacing) / Double(c))
        sec.columnPitch = sec.columnWidth + fs.interitemSpacing
        sec.lead = axis.crossLeading(fs.inset)
        sec.wide = Swift.max(0, available)
        return sec
    }

    /// A section placed again by `prepareEditedSections`, waiting to be installed: its items
    /// `start ..< stop`, their spans and columns indexed by item (`spans[i]` for i in the range)
    /// in buffers of their own — or, placed in place (`inPlace`), already in the tables.
    private struct PlacedTail {
        var s: Int
        var start: Int
        var stop: Int
        /// The section's last segment's tallest column once placed.
        var tail: Double
        /// Placed straight into the tables (`editCannotFail`): no buffers, nothing to copy.
        let inPlace: Bool
        var spans: UnsafeMutablePointer<WaterfallSpan>?
        var columns: UnsafeMutablePointer<Int32>?

        init(s: Int, start: Int, stop: Int, tail: Double, inPlace: Bool = false) {
            self.s = s
            self.start = start
            self.stop = stop
            self.tail = tail
            self.inPlace = inPlace
            if !inPlace {
                spans = UnsafeMutablePointer<WaterfallSpan>.allocate(capacity: Swift.max(1, stop - start)) - start
                columns = UnsafeMutablePointer<Int32>.allocate(capacity: Swift.max(1, stop - start)) - start
            }
        }

        func release() {
            if let spans { (spans + start).deallocate() }
            if let columns { (columns + start).deallocate() }
        }
    }

    /// Whether placing items `start ..< stop` of section `s` again (its only edit, items
    /// `edited.first ... edited.last` changed) cannot fail, nor the sums after it
    /// (`prepareEditedSections`' range guard), so that they can be placed straight into the
    /// tables: no callback; across, the last column's and a full-span item's far edge far inside
    /// the finite range; along the scroll axis, every column at most `endBound` before the range
    /// (the tallest a column can be: a segment's columns end at most at its full-span item's
    /// end, the last segment's at `tail`) plus the extents and spacings of the range's items:
    /// those not changed keep their extents, whose sum with the spacings is at most (columns + 1)
    /// times the section's extent (each column's items of a segment stack up to the segment's
    /// tallest column, and its full-span item lies below it; twice that for the rounding), and
    /// each changed one at most the largest extent it can have + the spacing (`extentBound`),
    /// and the sum `prepareEditedSections` checks with that bound below 1e300. O(changed items)
    /// (one read of their sizes when they are not uniform).
    private func editCannotFail(
        _ s: Int, _ fs: FlowSection, _ sec: Section, _ axis: FlowAxis, from start: Int, to stop: Int,
        edited: (first: Int, last: Int)
    ) -> Bool {
        guard itemCallbacks == nil, start < stop, fs.lineSpacing >= 0 else { return false }
        let far = 1e300
        let widest = Swift.max(sec.columnWidth, sec.wide)
        let across = sec.lead + Double(sec.columns) * sec.columnPitch + widest
        guard across.isFinite, across.magnitude < far, sec.columnPitch >= 0 else { return false }
        let lo = Swift.min(Swift.max(start, edited.first), stop)
        let hi = Swift.max(lo, edited.last < stop ? edited.last + 1 : stop)
        let extent = extentBound(s, fs, axis, widest: widest, from: lo, to: hi)
        guard !extent.isNaN else { return false }
        let kept = 2 * Double(sec.columns + 1) * (sec.end - sec.origin)
        let bound = sec.endBound + kept + Double(hi - lo) * (extent + fs.lineSpacing)
        let extra = sec.footerExtent + abs(axis.mainTrailing(fs.inset))
        let grow = Self.sumBound(sec.columnTop, bound, sec.full.count + (stop - start), extra)
        return bound.isFinite && bound < far && grow.isFinite && abs(sections.last?.end ?? 0) + grow < far
    }

    /// Whether nothing in a section can reach past the finite range along the scroll axis once
    /// placed: its top, tail and every full-span item's end at most `bound`, F of them (F + 2
    /// terms summed). Then `close` cannot fail.
    private static func sumBound(_ top: Double, _ bound: Double, _ f: Int, _ extra: Double) -> Double {
        abs(top) + Double(f + 2) * bound + extra
    }

    /// Places each edited section from its first edited item on (the columns of its segment as
    /// they were before it, read back from the frames), through the end of the segment of its
    /// last edited item when the flags kept their places: a full-span item puts every column at
    /// one height, so every item after it keeps its place in its segment (W5), and the segments
    /// after only start elsewhere (`WaterfallSegmentStarts`: O(64 + F/64)). Else (a flag changed,
    /// the last segment) to the section's end. A section whose origin moved, and that has no
    /// edit, only moves (O(1)): its frames are from its segments' starts, which are from its top.
    /// The new items go into buffers of their own, written over the tables only when every
    /// section was placed (nothing changes on error), and each column's list (and the full-span
    /// list) has the range placed replaced in place: O(c log n + F/64 + items placed), plus a move
    /// of the lists' later entries when a column holds another number of the range's items
    /// (shortest first). When a sum could leave the finite range (ends near 1e300), everything is
    /// placed again by `prepareAll`, which checks every step.
    private func prepareEditedSections(_ st: FlowState) throws {
        guard let first = editedFrom.keys.filter({ $0 < sections.count }).min() else {
            itemsPlacedByLastPrepare = 0
            return
        }
        let axis = st.axis
        var tails: [PlacedTail] = []
        var newEnds: [ContiguousArray<Double>] = []
        defer { for t in tails { t.release() } }
        var placed = 0
        var grow = 0.0
        // One edited section whose placement cannot fail is placed straight into the tables
        // (`editCannotFail`): an edit in the middle of a large section would otherwise write half
        // of it into fresh buffers (their pages faulted in) and copy them over.
        let single = editedFrom.keys.lazy.filter { $0 < self.sections.count }.count == 1
        // 1. Fallible: place the edited ranges into buffers of their own (or in place).
        for s in first..<sections.count {
            guard let edit = editedFrom[s] else { continue }
            let sec = sections[s], fs = st.sections[s]
            try Self.checkSection(fs.inset, fs.lineSpacing, "section \(s)'s inset / line spacing")
            let n = sec.itemCount
            let start = Swift.min(Swift.max(edit.first, 0), n)
            // Through the segment of the last edited item: up to its full-span item, included.
            var stop = n
            if edit.last < n {
                let k = Self.segment(sec, edit.last)
                if k < sec.full.count { stop = Int(sec.full[k]) + 1 }
            }
            var cols = restoredColumns(sec, fs, before: start)
            defer { cols.release() }
            let inPlace = single && editCannotFail(s, fs, sec, axis, from: start, to: stop, edited: edit)
            tails.append(PlacedTail(s: s, start: start, stop: stop, tail: sec.tail, inPlace: inPlace))
            var ends = ContiguousArray<Double>()
            if inPlace {
                lastEditPlacedInPlace = true
                // (Not reached for an error: `editCannotFail` bounded every step. The tables would
                // be partly written, so the layout is then left empty, placed at the next prepare.)
                do {
                    try placeInTables(fs, s, axis, sec, from: start, to: stop, &cols, &ends)
                } catch {
                    sections = []
                    placedInputs = nil
                    needsFullPlacement = true
                    throw error
                }
            } else {
                let out = tails[tails.count - 1]
                try place(
                    fs, s, axis, sec, from: start, to: stop, &cols, out.spans.unsafelyUnwrapped,
                    out.columns.unsafelyUnwrapped, &ends)
            }
            if stop == n { tails[tails.count - 1].tail = cols.tallest }
            let t = tails[tails.count - 1]
            let bound = ends.reduce(Swift.max(sec.endBound, t.tail), Swift.max)
            let extra = sec.footerExtent + abs(axis.mainTrailing(fs.inset))
            grow += Self.sumBound(sec.columnTop, bound, sec.full.count + ends.count, extra)
            guard grow.isFinite, abs(sections.last?.end ?? 0) + grow < 1e300 else {
                // Sums near the end of the range: placed again from scratch, every step checked.
                // (Not reached after a placement in place: `editCannotFail` bounded this sum.)
                return try prepareAll(st)
            }
            newEnds.append(ends)
            placed += stop - start
        }
        // 2. Infallible: install. (The old sections are let go first, so that each edited
        // section's tables are referenced once and changed in place.)
        var secs = sections
        sections = []
        var next = 0
        for s in first..<secs.count {
            let fs = st.sections[s]
            let oldEnd = secs[s].end
            if s > first { secs[s].origin = secs[s - 1].end }
            secs[s].columnTop = secs[s].top(axis.mainLeading(fs.inset))
            if next < tails.count, tails[next].s == s {
                let t = tails[next], ends = newEnds[next]
                next += 1
                let b = secs[s].itemBase, n = secs[s].itemCount
                let k = Self.segment(secs[s], t.start)
                if let placedSpans = t.spans, let placedColumns = t.columns {
                    spans.withUnsafeMutableBufferPointer { sp in
                        (sp.baseAddress.unsafelyUnwrapped + b + t.start).update(
                            from: placedSpans + t.start, count: t.stop - t.start)
                    }
                    itemColumns.withUnsafeMutableBufferPointer { c in
                        (c.baseAddress.unsafelyUnwrapped + b + t.start).update(
                            from: placedColumns + t.start, count: t.stop - t.start)
                    }
                }
                if t.stop < n {
                    ends.withUnsafeBufferPointer { secs[s].starts.update(at: k, $0) }
                } else {
                    secs[s].starts.replace(from: k, with: ends)
                }
                secs[s].endBound = ends.reduce(Swift.max(secs[s].endBound, t.tail), Swift.max)
                secs[s].tail = t.tail
                itemColumns.withUnsafeBufferPointer { c in
                    Self.index(&secs[s], from: t.start, to: t.stop, c.baseAddress.unsafelyUnwrapped + b)
                }
            }
            close(fs, axis, &secs[s])
            if next >= tails.count, secs[s].end == oldEnd { break }  // nothing after moves
        }
        sections = secs
        itemsPlacedByLastPrepare = placed
    }

    /// `place` of items `start ..< stop` of section `s` straight into the layout's tables (the
    /// tables taken out while they are written, so that no other access to them overlaps; copied
    /// first if another copy of them is kept). Every step unchecked: only after `editCannotFail`.
    private func placeInTables(
        _ fs: FlowSection, _ s: Int, _ axis: FlowAxis, _ sec: Section, from start: Int, to stop: Int,
        _ cols: inout WaterfallColumns, _ ends: inout ContiguousArray<Double>
    ) throws {
        var sp = spans, co = itemColumns
        spans = []
        itemColumns = []
        defer {
            spans = sp
            itemColumns = co
        }
        let b = sec.itemBase
        _ = try sp.withUnsafeMutableBufferPointer { spb in
            try co.withUnsafeMutableBufferPointer { cb in
                try place(
                    fs, s, axis, sec, from: start, to: stop, &cols, spb.baseAddress.unsafelyUnwrapped + b,
                    cb.baseAddress.unsafelyUnwrapped + b, &ends, checked: false)
            }
        }
    }

    /// The columns of section `sec` just before item `i` (W3–W5), from the start of its segment:
    /// the segment starts below the last full-span item before `i` (or at the section's top),
    /// and each column used since is at its last item's end + spacing. O(c log n).
    private func restoredColumns(_ sec: Section, _ fs: FlowSection, before i: Int) -> WaterfallColumns {
        let b = sec.itemBase
        let spacing = fs.lineSpacing
        let sp = spans
        // The last full-span item before i.
        let full = sec.full
        let p = flowPartitionPoint(0, full.count) { Int(full[$0]) >= i }
        let lastFull = p > 0 ? Int(full[p - 1]) : -1
        var used: [Double] = []
        let c = p >> WaterfallSegmentStarts.shift
        for list in c < sec.chunks.count ? sec.chunks[c] : [] {
            let q = flowPartitionPoint(0, list.count) { Int(list[$0]) >= i }
            guard q > 0, Int(list[q - 1]) > lastFull else { break }  // columns fill in order
            let last = sp[b + Int(list[q - 1])]
            used.append((last.y + last.extent) + spacing)  // (its frame's maxY + spacing)
        }
        return WaterfallColumns(
            count: sec.columns, inOrder: waterfall.placement == 1, base: 0, placed: i - lastFull - 1,
            used: used)
    }

    /// Places items `from ..< to` (default: to the section's end) of section `s`: item i's frame
    /// (main axis from its segment's start) into `sp[i]`, its column (−1: full-span) into
    /// `columnOf[i]`. With `countingColumns`, returns each column's item count when the
    /// placement counted them (`PlacementRun.columnCounts`: the whole section, no full-span
    /// item, at most 4 columns), else nil.
    @discardableResult
    private func place(
        _ fs: FlowSection, _ s: Int, _ axis: FlowAxis, _ sec: Section, from: Int, to end: Int? = nil,
        _ cols: inout WaterfallColumns, _ sp: UnsafeMutablePointer<WaterfallSpan>,
        _ columnOf: UnsafeMutablePointer<Int32>,
        _ ends: inout ContiguousArray<Double>, checked: Bool = true, countingColumns: Bool = false
    ) throws -> [Int]? {
        let n = fs.itemCount
        let to = Swift.min(end ?? n, n)
        guard from < to else { return nil }
        let flags = try fullSpanFlags(s, count: n), ext = try extents(s, count: n)
        var run = PlacementRun(
            section: s, sec: sec, wide: sec.wide, spacing: fs.lineSpacing,
            from: from, to: to, spans: sp, columns: columnOf, checked: checked)
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 4)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0, count: 4)
        if countingColumns, from == 0, to == n { run.columnCounts = counts }
        var counted = false
        try Self.withPointer(flags) { flagsAt in
            if let ext {
                try ext.withUnsafeBufferPointer { e in
                    var source = BulkExtents(values: e.baseAddress.unsafelyUnwrapped)
                    counted = try run.place(&source, flagsAt, &cols, &ends)
                }
            } else if fs.isUniform {
                var source = UniformExtents(width: axis.cross(fs.uniformSize), height: axis.main(fs.uniformSize))
                counted = try run.place(&source, flagsAt, &cols, &ends)
            } else if axis.horizontal {
                try fs.sizes.withReader { reader in
                    var source = SizedExtents<WaterfallHorizontal>(reader: reader)
                    counted = try run.place(&source, flagsAt, &cols, &ends)
                }
            } else {
                try fs.sizes.withReader { reader in
                    var source = SizedExtents<WaterfallVertical>(reader: reader)
                    counted = try run.place(&source, flagsAt, &cols, &ends)
                }
            }
        }
        return counted ? (0..<cols.count).map { counts[$0] } : nil
    }

    /// A section's column lists when it has no full-span item (`Section.chunks`' one chunk):
    /// column j's `counts[j]` items in item order, read from `columnOf` (0 ..< n), up to the
    /// last column holding an item, as `index` builds them (the same lists), without its
    /// counting pass and scratch copy: each list allocated at its size, written once. O(n + c).
    private static func columnLists(
        _ columnOf: UnsafePointer<Int32>, _ n: Int, _ counts: [Int]
    ) -> [ContiguousArray<Int32>] {
        let used = (counts.lastIndex { $0 > 0 } ?? -1) + 1
        guard used > 0 else { return [] }
        let heads = UnsafeMutablePointer<UnsafeMutablePointer<Int32>>.allocate(capacity: used)
        defer { heads.deallocate() }
        // Each list's storage, one inside the other's initializer (all of them writable at
        // once), then one pass over the items.
        func lists(from j: Int) -> [ContiguousArray<Int32>] {
            var rest: [ContiguousArray<Int32>] = []
            let list = ContiguousArray<Int32>(unsafeUninitializedCapacity: Swift.max(1, counts[j])) { buffer, done in
                heads[j] = buffer.baseAddress.unsafelyUnwrapped
                if j + 1 < used {
                    rest = lists(from: j + 1)
                } else {
                    for i in 0..<n {
                        let c = Int(columnOf[i])
                        heads[c].pointee = Int32(truncatingIfNeeded: i)
                        heads[c] += 1
                    }
                }
                done = counts[j]
            }
            return [list] + rest
        }
        return lists(from: 0)
    }

    private static func withPointer<T, R>(_ a: [T]?, _ body: (UnsafePointer<T>?) throws -> R) rethrows -> R {
        guard let a, !a.isEmpty else { return try body(nil) }
        return try a.withUnsafeBufferPointer { try body($0.baseAddress) }
    }

    /// The section's end (W4) once its items are placed and its segments' starts known: the
    /// last segment's start + its tallest column − the item spacing.
    private func close(_ fs: FlowSection, _ axis: FlowAxis, _ sec: inout Section) {
        // Q6: an empty section subtracts no spacing (its footer follows its insets).
        let top = sec.columnTop
        let bodyEnd = sec.itemCount == 0 ? top : (sec.start(sec.starts.count) + sec.tail) - fs.lineSpacing
        sec.footerStart = bodyEnd + axis.mainTrailing(fs.inset)
        sec.end = sec.footerStart + sec.footerExtent
    }

    /// Sets the section's index: its full-span items (`full`), and each column's items top to
    /// bottom per chunk of 64 segments (`chunks`). Items outside `start ..< stop` keep their
    /// places: the full-span list and, in each chunk the range meets, each column's list have
    /// their items of the range (found by binary search) replaced by the range's items of
    /// `columnOf` (−1: full span), in item order; `stop` n replaces everything from `start` on
    /// (the chunks after the first one met are built again). One counting sort of the range by
    /// column, then each column's run cut at the chunks' boundaries: O(c log n + F/64 · c +
    /// stop − start + the entries after the range in its chunks), in place when the lists are
    /// referenced once; `start` 0 and `stop` n build it all (one allocation a list).
    private static func index(
        _ sec: inout Section, from start: Int, to stop: Int, _ columnOf: UnsafePointer<Int32>
    ) {
        let n = sec.itemCount
        let toEnd = stop >= n
        // The range's items per column, slot 0 the full-span ones: a counting sort into a
        // scratch buffer (each slot's run in item order).
        let slots = sec.columns + 1
        let table = UnsafeMutablePointer<Int>.allocate(capacity: 3 * slots)
        defer { table.deallocate() }
        table.initialize(repeating: 0, count: 3 * slots)
        let added = table, next = table + slots, cursor = table + 2 * slots
        if start < stop { for i in start..<stop { added[Int(columnOf[i]) + 1] += 1 } }
        var at = 0
        for k in 0..<slots {
            next[k] = at
            cursor[k] = at
            at += added[k]
        }
        let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: Swift.max(1, stop - start))
        defer { scratch.deallocate() }
        if start < stop {
            for i in start..<stop {
                let k = Int(columnOf[i]) + 1
                scratch[next[k]] = Int32(truncatingIfNeeded: i)
                next[k] += 1
            }
        }
        // The full-span list.
        var full = sec.full
        sec.full = []
        splice(&full, from: start, to: stop, toEnd: toEnd, UnsafeBufferPointer(start: scratch, count: added[0]))
        sec.full = full
        // The chunks: chunk c holds segments 64c ..< 64c + 64, items from the one after full-span
        // item 64c − 1 to full-span item 64c + 63.
        let shift = WaterfallSegmentStarts.shift
        let f = full.count
        let chunkCount = (f >> shift) + 1
        func chunkEnd(_ c: Int) -> Int {
            let last = (c << shift) + (1 << shift) - 1  // the chunk's last full-span item
            return last < f ? Int(full[last]) + 1 : n
        }
        let c0 = flowPartitionPoint(0, f) { Int(full[$0]) >= start } >> shift
        var chunks = sec.chunks
        sec.chunks = []
        // To the end, every item from `start` on leaves every list of chunks c0 ... (a later chunk
        // holds only items after `start`): their lists are written over in place, keeping their
        // storage (a full prepare allocates nothing for the lists it had).
        while chunks.count < chunkCount { chunks.append([]) }
        if toEnd && chunks.count > chunkCount { chunks.removeSubrange(chunkCount...) }
        let cLast = toEnd ? chunkCount - 1 : flowPartitionPoint(0, f) { Int(full[$0]) >= stop - 1 } >> shift
        for c in c0...cLast {
            let b = Swift.min(stop, chunkEnd(c))
            // Each column's items of the range in this chunk: its run up to b.
            var used = chunks[c].count
            for j in 0..<sec.columns {
                let k = j + 1
                let e = flowPartitionPoint(cursor[k], next[k]) { Int(scratch[$0]) >= b }
                if e > cursor[k] { used = Swift.max(used, j + 1) }
                added[k] = e  // (now the end of this chunk's part of the run)
            }
            var lists = chunks[c]
            chunks[c] = []
            while lists.count < used { lists.append([]) }
            for j in 0..<used {
                let k = j + 1
                let run = UnsafeBufferPointer(start: scratch + cursor[k], count: added[k] - cursor[k])
                splice(&lists[j], from: start, to: b, toEnd: toEnd, run)
                cursor[k] = added[k]
            }
            while let last = lists.last, last.isEmpty { lists.removeLast() }
            chunks[c] = lists
        }
        sec.chunks = chunks
    }

    /// `list`'s items in `start ..< stop` (from `start` on when `toEnd`), found by binary
    /// search, replaced by `new`: the entries after the range move by one memmove when the count
    /// changes, then the range is written.
    private static func splice(
        _ list: inout ContiguousArray<Int32>, from start: Int, to stop: Int, toEnd: Bool,
        _ new: UnsafeBufferPointer<Int32>
    ) {
        let newCount = new.count
        let lo = flowPartitionPoint(0, list.count) { Int(list[$0]) >= start }
        let hi = toEnd ? list.count : flowPartitionPoint(lo, list.count) { Int(list[$0]) >= stop }
        let count = list.count, delta = newCount - (hi - lo)
        if delta > 0 { list.append(contentsOf: repeatElement(0, count: delta)) }
        list.withUnsafeMutableBufferPointer { l in
            guard let base = l.baseAddress else { return }
            if delta != 0, hi < count {
                UnsafeMutableRawPointer(base + hi + delta).copyMemory(
                    from: base + hi, byteCount: (count - hi) * MemoryLayout<Int32>.stride)
            }
            if newCount > 0, let from = new.baseAddress { (base + lo).update(from: from, count: newCount) }
        }
        if delta < 0 { list.removeLast(-delta) }
    }

    /// (cross size, end of the last section), transposed when horizontal.
    public override func collectionViewContentSize() throws -> Size {
        let main = sections.last?.end ?? 0
        return horizontal ? Size(width: main, height: crossSize) : Size(width: crossSize, height: main)
    }

    /// - Complexity: O(log F) (the item's segment among the section's F full-span items).
    public override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        placedItemFrame(at: indexPath).map { .cell(indexPath, frame: $0) }
    }

    // MARK: The flow's getters

    /// The flow's lines are never read: the flow's prepare only resolves the sizes and metrics.
    override var laysOutLines: Bool { false }

    /// The waterfall's frame of the item (`frameForItem(at:)`, `cvl_flow_layout_item_frame`);
    /// nil outside the counts or before the first prepare. O(log F).
    override func placedItemFrame(at indexPath: IndexPath) -> Rect? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let sec = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < sec.itemCount else { return nil }
        return swapped(frame(sec, indexPath.item))
    }

    /// The waterfall's section, header to footer (`sectionFrame(_:)`,
    /// `cvl_flow_layout_section_frame`), the whole cross size across. O(1).
    override func placedSectionFrame(_ section: Int) -> Rect? {
        guard section >= 0, section < sections.count else { return nil }
        let sec = sections[section]
        return swapped(Rect(x: 0, y: sec.origin, width: crossSize, height: Swift.max(0, sec.end - sec.origin)))
    }

    private func header(_ s: Int) -> LayoutAttributes? {
        let sec = sections[s]
        guard sec.headerExtent > 0 else { return nil }
        return .supplementary(
            .sectionHeader, IndexPath(section: s, item: 0),
            frame: swapped(Rect(x: 0, y: sec.origin, width: crossSize, height: sec.headerExtent)))
    }

    private func footer(_ s: Int) -> LayoutAttributes? {
        let sec = sections[s]
        guard sec.footerExtent > 0 else { return nil }
        return .supplementary(
            .sectionFooter, IndexPath(section: s, item: 0),
            frame: swapped(Rect(x: 0, y: sec.footerStart, width: crossSize, height: sec.footerExtent)))
    }

    /// Header and footer (item 0) of a section that has one; nil otherwise. O(1).
    public override func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        guard indexPath.item == 0, indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        switch kind {
        case .sectionHeader: return header(indexPath.section)
        case .sectionFooter: return footer(indexPath.section)
        default: return nil
        }
    }

    /// See the type's comment for the cost. The elements go to `sink` in draw order (cells
    /// section-major in item order, as default cells: nothing is built for them; then the
    /// headers, then the footers), so the sink has nothing to sort; and, when it asks, with their
    /// exact count before the first (the C query then writes straight into the caller's buffer).
    /// Memory: the cells found (at most the sink's limit + 1: one more fails the query there), in
    /// buffers kept for the next query (`WaterfallQueryScratch`).
    public override func layoutAttributesForElements(in viewRect: Rect, into sink: ElementSink) throws {
        guard viewRect.isFinite, viewRect.width > 0, viewRect.height > 0, !sections.isEmpty else { return }
        try withCells(in: viewRect, most: sink.limit + 1) { found, crossed in
            var others: [LayoutAttributes] = []
            for s in crossed { if let h = header(s), h.frame.intersects(viewRect) { others.append(h) } }
            for s in crossed { if let f = footer(s), f.frame.intersects(viewRect) { others.append(f) } }
            if sink.wantsBound { sink.expect(atMost: found.count + others.count) }
            try found.forEachSection { s, cells in try sink.cells(section: s, cells) }
            for a in others { try sink.add(a) }
        }
    }

    /// A direct query of `viewRect` (the view's coordinates), for a caller that writes records
    /// of its own (the C layer's direct query): when the layout is prepared for `counts` (the
    /// sections the rect crosses hold as many items), and the answer is at most `capacity`
    /// elements, hands `cells` each section's cells in item order (valid during the call only)
    /// and then `supplementary` the headers and then the footers that meet the rect: the
    /// elements and the order `layoutAttributesForElements` gives the sink (both collect the
    /// cells the same way, `withCells`). Returns true then; false before any call otherwise (a
    /// rect that is not finite or has no area, a count that differs, more than `capacity`, a
    /// header or footer that is not valid): the generic query answers. The cells are valid by
    /// construction, as the flow's direct cells: every extent and coordinate was checked finite
    /// when placed and the segments' sums bounded far inside the finite range, extents are ≥ 0
    /// and widths max(0, …), and a cell is kept only when it meets the finite rect with both
    /// sides positive; their items come from the section's tables, whose counts are compared.
    /// - Complexity: the rect query's (the type's comment); no allocation once the query's
    ///   buffers have grown to the answer.
    public func visitCells(
        in viewRect: Rect, counts: [Int], atMost capacity: Int,
        _ cells: (Int, UnsafeBufferPointer<CellHit>) throws -> Void,
        supplementary: (LayoutAttributes) throws -> Void
    ) rethrows -> Bool {
        guard viewRect.isFinite, viewRect.width > 0, viewRect.height > 0, sections.count == counts.count else {
            return false
        }
        guard !sections.isEmpty else { return true }
        return try withCells(in: viewRect, most: Swift.min(capacity, ElementSink.maxElements) + 1) { found, crossed in
            guard found.count <= capacity else { return false }
            // (Read in place: a copy of a section retains each of its tables.)
            var others = 0
            let same = sections.withUnsafeBufferPointer { secs in
                for s in crossed {
                    guard secs[s].itemCount == counts[s] else { return false }
                    others += (secs[s].headerExtent > 0 ? 1 : 0) + (secs[s].footerExtent > 0 ? 1 : 0)
                }
                return true
            }
            guard same else { return false }
            if others > 0 {
                others = 0
                for s in crossed {
                    if let h = header(s), h.frame.intersects(viewRect) {
                        guard h.isValid else { return false }
                        others += 1
                    }
                    if let f = footer(s), f.frame.intersects(viewRect) {
                        guard f.isValid else { return false }
                        others += 1
                    }
                }
                guard others <= capacity - found.count else { return false }
            }
            try found.forEachSection(cells)
            if others > 0 {
                for s in crossed { if let h = header(s), h.frame.intersects(viewRect) { try supplementary(h) } }
                for s in crossed { if let f = footer(s), f.frame.intersects(viewRect) { try supplementary(f) } }
            }
            return true
        }
    }

    /// The query's buffers when no query is using them (a nested query, not reached today,
    /// would make its own).
    private var queryScratch: WaterfallQueryScratch? = WaterfallQueryScratch()

    /// Collects the cells meeting `viewRect` (finite, positive size; at most `most`: the query
    /// stops collecting there) into the query's buffers, section after section in item order,
    /// and calls `body` with them and the sections the rect crosses along the scroll axis.
    private func withCells<R>(
        in viewRect: Rect, most: Int, _ body: (WaterfallQueryScratch, Range<Int>) throws -> R
    ) rethrows -> R {
        let found = queryScratch ?? WaterfallQueryScratch()
        queryScratch = nil
        defer {
            found.release()
            queryScratch = found
        }
        let rect = swapped(viewRect)
        // First section ending below rect.minY (ends are non-decreasing), up to the first
        // starting at or below rect.maxY.
        found.reset()
        var lo = 0, hi = 0
        sections.withUnsafeBufferPointer { secs in
            lo = flowPartitionPoint(0, secs.count) { secs[$0].end > rect.minY }
            hi = lo
            while hi < secs.count, secs[hi].origin < rect.maxY { hi += 1 }
            spans.withUnsafeBufferPointer { sp in
                guard let sp = sp.baseAddress else { return }  // (no item at all)
                itemColumns.withUnsafeBufferPointer { cols in
                    guard let cols = cols.baseAddress else { return }
                    for s in lo..<hi where found.count < most {
                        let start = found.count
                        let sec = secs.baseAddress.unsafelyUnwrapped + s
                        collectItems(sec, Self.frames(sec.pointee, sp, cols), rect, found, most: most)
                        // Each column's cells and the full-span ones are runs in item order: merged.
                        found.closeSection(s, from: start)
                    }
                }
            }
        }
        return try body(found, lo..<Swift.max(lo, hi))
    }

    /// Appends the items of section `sec` meeting `rect` (cross as x) to `found` with their view
    /// frames, as runs in item order: the full-span items, then each column the rect's cross
    /// range meets, each found by binary search; stops once `found` holds `most`.
    private func collectItems(
        _ sec: UnsafePointer<Section>, _ fr: WaterfallFrames, _ rect: Rect, _ found: WaterfallQueryScratch,
        most: Int
    ) {
        let n = sec.pointee.itemCount
        guard n > 0 else { return }
        let horizontal = self.horizontal
        // A frame is its segment's start + its offset in the segment, one sum each: the end of
        // an item and the start of the next one in its column (or of the full-span item below)
        // can differ from the offsets' order by an ulp. So the searches get a slack far above
        // that (they only choose where to start and stop testing); `Rect.intersects` on each
        // frame stays the exact test.
        let slack = 1e-7 * (1 + abs(rect.minY) + abs(rect.maxY))
        let minY = rect.minY - slack, maxY = rect.maxY + slack
        sec.pointee.full.withUnsafeBufferPointer { full in
            let fullCount = full.count
            // From `k` (an index into `list`, up to `end`), while the items start above maxY and
            // are before item `high`: item `list[k]` in segment `seg` or later (`seg` and its
            // start `base` follow the items). Returns where it stopped and whether it reached
            // `end` (the column may go on in the next chunk).
            @inline(__always)
            func walk(
                _ list: UnsafePointer<Int32>, _ k: Int, _ end: Int, high: Int, _ seg: inout Int, _ base: inout Double
            ) -> (at: Int, more: Bool) {
                var k = k
                while k < end {
                    guard found.count < most else { return (k, false) }
                    let item = Int(list[k])
                    if item >= high { return (k, false) }
                    if seg < fullCount, Int(full[seg]) < item {
                        repeat { seg += 1 } while seg < fullCount && Int(full[seg]) < item
                        base = sec.pointee.start(seg)
                    }
                    let f = Self.absolute(fr[item], base)
                    if f.minY >= maxY { return (k, false) }
                    if f.intersects(rect) {
                        found.append(
                            CellHit(
                                item: item,
                                frame: horizontal
                                    ? Rect(x: f.minY, y: f.minX, width: f.size.height, height: f.size.width) : f))
                    }
                    k += 1
                }
                return (k, true)
            }
            // Full-span items, top to bottom (item k starts segment k + 1): the first ending
            // below minY, on while they start above maxY. Searched first by the segments'
            // starts alone (segment k + 1 starts at full-span item k's end + the spacing, up to
            // rounding far below the slack: no item before `k1` ends below minY), then by the
            // items' ends from `k1` (a gallop: few steps; the searches read one table, not three).
            @inline(__always) func endsBelow(_ k: Int) -> Bool {
                fr.maxY(Int(full[k]), sec.pointee.start(k)) > minY
            }
            let k1 = Self.interpolatedPartitionPoint(
                0, fullCount, target: minY - slack, { sec.pointee.start($0 + 1) }, { $0 > minY - slack })
            var lo = k1, hi = k1, step = 1
            while hi < fullCount, !endsBelow(hi) {
                lo = hi + 1
                hi = Swift.min(fullCount, hi + step)
                step *= 2
            }
            let first = flowPartitionPoint(lo, hi) { endsBelow($0) }
            var stop = first
            if first < fullCount {
                found.beginRun()
                var seg = first, base = sec.pointee.start(first)
                stop = walk(full.baseAddress.unsafelyUnwrapped, first, fullCount, high: .max, &seg, &base).at
            }
            // W5: every item before a full-span item ends above its top, and every item after
            // it starts below its end. So no item before the last full-span item ending at or
            // above minY, nor after the first starting at or below maxY, meets the rect: each
            // column is searched between those items only (by item number), and only in
            // segment `first` (those after it start below minY).
            let low = first > 0 ? Int(full[first - 1]) + 1 : 0
            let high = stop < fullCount ? Int(full[stop]) : n
            let segmentEnd = first < fullCount ? Int(full[first]) : n
            let firstBase = sec.pointee.start(first)
            let shift = WaterfallSegmentStarts.shift
            sec.pointee.chunks.withUnsafeBufferPointer { chunks in
                let c0 = first >> shift, cEnd = Swift.min(stop >> shift, chunks.count - 1)
                guard c0 <= cEnd else { return }
                var used = 0
                for c in c0...cEnd { used = Swift.max(used, chunks[c].count) }
                let width = sec.pointee.columnWidth, pitch = sec.pointee.columnPitch, lead = sec.pointee.lead
                guard used > 0, width > 0 else { return }
                var firstColumn = 0, lastColumn = used - 1
                if pitch > 0 {
                    let a = ((rect.minX - lead - width) / pitch).rounded(.down)
                    let c = ((rect.maxX - lead) / pitch).rounded(.up)
                    firstColumn = Int(Swift.min(Swift.max(a, 0), Double(used)))
                    lastColumn = Int(Swift.min(Swift.max(c, -1), Double(used - 1)))
                }
                guard firstColumn <= lastColumn else { return }
                if placedInOrder {
                    // In order: the k-th item of a segment is in column k mod c, so a column's
                    // items are found by arithmetic (no list read): in segment `first` by binary
                    // search, then down the column, segment after segment, as the lists' walks.
                    let c = sec.pointee.columns
                    for j in firstColumn...lastColumn where found.count < most {
                        found.beginRun()
                        var seg = first, base = firstBase, segEnd = segmentEnd
                        var i = segmentEnd
                        if low + j < segmentEnd {
                            let count = (segmentEnd - low - j + c - 1) / c
                            let t = flowPartitionPoint(0, count) {
                                fr.maxY(low + j + c * $0, firstBase) > minY
                            }
                            i = low + j + c * t
                        }
                        while found.count < most {
                            if i >= segEnd {  // on in the next segment, after full-span item `seg`
                                guard seg < fullCount, segEnd < high else { break }
                                seg += 1
                                base = sec.pointee.start(seg)
                                segEnd = seg < fullCount ? Int(full[seg]) : n
                                i = Int(full[seg - 1]) + 1 + j
                                continue
                            }
                            if i >= high { break }
                            let f = Self.absolute(fr[i], base)
                            if f.minY >= maxY { break }
                            if f.intersects(rect) {
                                found.append(
                                    CellHit(
                                        item: i,
                                        frame: horizontal
                                            ? Rect(x: f.minY, y: f.minX, width: f.size.height, height: f.size.width)
                                            : f))
                            }
                            i += c
                        }
                    }
                    return
                }
                if !placedInOrder, 2 * (lastColumn - firstColumn + 1) >= used {
                    // Shortest first, and the rect meets most columns: the items in item order.
                    // In a segment each item starts at the least column height, which only
                    // grows, so the items' starts do not decrease down the section (a full-span
                    // item starts at the tallest column, the next segment below it). So the
                    // cells are: from the first item of segment `first` starting at or below
                    // minY (i0), the items in item order until one starts at or below maxY; and
                    // before i0, in each column only its last item before i0 can meet the rect
                    // (the column's earlier items end above that one's start, which is above
                    // minY). The same cells as the columns' walks below, read in order.
                    let i0 = Self.interpolatedPartitionPoint(
                        low, segmentEnd, target: minY, { fr.minY($0, firstBase) }, { $0 >= minY })
                    // Each column's last item before i0: first by reading back from i0 (the
                    // frames just read; an item's column from its cross origin, checked exactly),
                    // at most 2 × the used columns, then, for the columns not met, by item number
                    // in the column's list.
                    @inline(__always) func take(_ item: Int) {
                        let f = Self.absolute(fr[item], firstBase)
                        guard f.intersects(rect), found.count < most else { return }
                        found.beginRun()
                        found.append(
                            CellHit(
                                item: item,
                                frame: horizontal
                                    ? Rect(x: f.minY, y: f.minX, width: f.size.height, height: f.size.width) : f))
                    }
                    let columnsMet = lastColumn - firstColumn + 1
                    var missing: UInt64 = columnsMet >= 64 ? ~0 : (1 << UInt64(columnsMet)) - 1
                    // (Columns far apart against the coordinates' precision, so that an origin
                    // names one column.)
                    if columnsMet <= 64, pitch > 1e-9 * (abs(lead) + pitch * Double(used)) {
                        var k = i0 - 1
                        let floor = Swift.max(low, i0 - 2 * used)
                        while k >= floor, missing != 0 {
                            let x = fr[k].minX
                            let j = Int(Swift.min(Swift.max(((x - lead) / pitch).rounded(), 0), Double(used - 1)))
                            // (Not the placement's origin: stop, the lists answer the rest.)
                            guard x == lead + Double(j) * pitch else { break }
                            if j >= firstColumn, j <= lastColumn {
                                let bit: UInt64 = 1 << UInt64(j - firstColumn)
                                if missing & bit != 0 {
                                    missing &= ~bit
                                    take(k)
                                }
                            }
                            k -= 1
                        }
                    }
                    if missing != 0 {
                        chunks[c0].withUnsafeBufferPointer { lists in
                            let last = Swift.min(lastColumn, lists.count - 1)
                            guard firstColumn <= last else { return }
                            for j in firstColumn...last
                            where columnsMet > 64 || missing & (1 << UInt64(j - firstColumn)) != 0 {
                                lists[j].withUnsafeBufferPointer { list in
                                    let q = Self.firstIndex(list, atLeast: i0)
                                    guard q > 0, Int(list[q - 1]) >= low else { return }
                                    take(Int(list[q - 1]))
                                }
                            }
                        }
                    }
                    found.beginRun()
                    var seg = first, base = firstBase
                    var i = i0
                    while i < high, found.count < most {
                        if seg < fullCount, Int(full[seg]) == i {  // a full-span item: found above
                            seg += 1
                            base = sec.pointee.start(seg)
                            i += 1
                            continue
                        }
                        let f = Self.absolute(fr[i], base)
                        if f.minY >= maxY { break }
                        if f.intersects(rect) {
                            found.append(
                                CellHit(
                                    item: i,
                                    frame: horizontal
                                        ? Rect(x: f.minY, y: f.minX, width: f.size.height, height: f.size.width) : f))
                        }
                        i += 1
                    }
                    return
                }
                for j in firstColumn...lastColumn {
                    // The column's lists of the chunks from segment `first`'s to segment
                    // `stop`'s, in order.
                    found.beginRun()
                    var seg = first, base = firstBase
                    for c in c0...cEnd {
                        let more = chunks[c].withUnsafeBufferPointer { lists -> Bool in
                            guard j < lists.count else { return true }
                            return lists[j].withUnsafeBufferPointer { list -> Bool in
                                guard let items = list.baseAddress else { return true }
                                var k = 0
                                if c == c0 {
                                    // The first item from `low` on that ends below minY in segment
                                    // `first`, or the first past that segment (both orders hold
                                    // down a column: false, then true).
                                    k = flowPartitionPoint(0, list.count) {
                                        let item = Int(items[$0])
                                        return item >= low
                                            && (item >= segmentEnd || fr.maxY(item, firstBase) > minY)
                                    }
                                }
                                return walk(items, k, list.count, high: high, &seg, &base).more
                            }
                        }
                        if !more { break }
                    }
                }
            }
        }
    }

    // MARK: Invalidation

    /// True when the cross size changes (the columns follow it); a scroll keeps the layout.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        let old = collectionView?.bounds.size ?? .zero
        return configuration.scrollDirection == .horizontal
            ? newBounds.size.height != old.height : newBounds.size.width != old.width
    }

    /// Estimated bytes of the waterfall's tables (on top of the flow's `memoryFootprint`).
    public var waterfallFootprint: Int {
        spans.count * MemoryLayout<WaterfallSpan>.stride + itemColumns.count * 4
            + sections.reduce(0) {
                $0 + $1.full.count * 4 + $1.starts.bytes
                    + $1.chunks.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } * 4 + $1.count * 32 }
            }
            + sections.count * MemoryLayout<Section>.stride
    }
}

/// The waterfall's rect query's buffers (`WaterfallLayout.withCells`): the cells found, section
/// after section, each section's first as runs in item order (its full-span items, then each
/// column's), merged into item order when the section is done. Kept by the layout between
/// queries, so that a query allocates nothing once they have grown to its answer; more than
/// `keep` cells' worth is freed after the query.
final class WaterfallQueryScratch {
    /// Capacity kept between queries (cells): 2 × 40 bytes each, 80 KB.
    static let keep = 1 << 10
    private(set) var hits: UnsafeMutablePointer<CellHit>
    /// The merge's second buffer (as large as `hits`).
    private var spare: UnsafeMutablePointer<CellHit>
    private var capacity: Int
    /// Cells found.
    private(set) var count = 0
    /// The current section's runs: where each starts.
    private var runs: ContiguousArray<Int> = []
    /// Each section with cells, and where its cells start.
    private var sections: ContiguousArray<(section: Int, start: Int)> = []

    init() {
        capacity = 64
        hits = .allocate(capacity: capacity)
        spare = .allocate(capacity: capacity)
    }

    deinit {
        hits.deallocate()
        spare.deallocate()
    }

    func reset() {
        count = 0
        runs.removeAll(keepingCapacity: true)
        sections.removeAll(keepingCapacity: true)
    }

    /// Frees the buffers beyond `keep` cells.
    func release() {
        guard capacity > Self.keep else { return }
        resize(64)
    }

    private func resize(_ newCapacity: Int) {
        let h = UnsafeMutablePointer<CellHit>.allocate(capacity: newCapacity)
        h.initialize(from: hits, count: Swift.min(count, newCapacity))
        hits.deallocate()
        spare.deallocate()
        hits = h
        spare = .allocate(capacity: newCapacity)
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ hit: CellHit) {
        if count == capacity { resize(2 * capacity) }
        (hits + count).initialize(to: hit)
        count += 1
    }

    /// The cells appended from now on are a run in item order.
    @inline(__always)
    func beginRun() {
        if let last = runs.last, last == count { return }  // (the previous run is empty)
        runs.append(count)
    }

    /// Ends section `s`, whose cells are those from `start`: its runs merged into item order,
    /// pairwise, O(k log r) for k cells in r runs.
    func closeSection(_ s: Int, from start: Int) {
        defer { runs.removeAll(keepingCapacity: true) }
        guard count > start else { return }
        sections.append((s, start))
        runs.append(count)
        var n = runs.count - 1  // runs, each runs[r] ..< runs[r + 1]
        guard n > 1 else { return }
        if n <= 8 {
            // Few runs (a viewport's columns): one pass, the least head of the runs taken each
            // time (O(k r)), into the spare buffer, which then becomes the cells' (or is copied
            // back after the earlier sections').
            let hits = self.hits, spare = self.spare
            runs.withUnsafeBufferPointer { b in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n) { t in
                    let at = t.baseAddress.unsafelyUnwrapped, end = at + n
                    var live = 0  // the non-empty runs (the last one begun can be empty)
                    for r in 0..<n where b[r] < b[r + 1] {
                        at[live] = b[r]
                        end[live] = b[r + 1]
                        live += 1
                    }
                    var k = start
                    while live > 1 {
                        var best = 0
                        var item = hits[at[0]].item
                        for r in 1..<live where hits[at[r]].item < item {
                            best = r
                            item = hits[at[r]].item
                        }
                        (spare + k).initialize(to: hits[at[best]])
                        k += 1
                        at[best] += 1
                        if at[best] == end[best] {  // run done: the last live one takes its place
                            live -= 1
                            at[best] = at[live]
                            end[best] = end[live]
                        }
                    }
                    if live > 0 { (spare + k).initialize(from: hits + at[0], count: end[0] - at[0]) }
                }
            }
            if start == 0 {
                swap(&self.hits, &self.spare)
            } else {
                (hits + start).update(from: spare + start, count: count - start)
            }
            return
        }
        var src = hits, dst = spare
        runs.withUnsafeMutableBufferPointer { b in
            while n > 1 {
                var w = 0, r = 0
                while r < n {
                    let a = b[r], m = b[r + 1]
                    if r + 1 < n {
                        Self.merge(src + a, m - a, src + m, b[r + 2] - m, into: dst + a)
                        r += 2
                    } else {
                        (dst + a).update(from: src + a, count: m - a)
                        r += 1
                    }
                    b[w] = a
                    w += 1
                }
                b[w] = b[n]
                n = w
                swap(&src, &dst)
            }
        }
        if src != hits { (hits + start).update(from: src + start, count: count - start) }
    }

    /// Merges two runs in item order (their items distinct).
    @inline(__always)
    private static func merge(
        _ a: UnsafePointer<CellHit>, _ na: Int, _ b: UnsafePointer<CellHit>, _ nb: Int,
        into out: UnsafeMutablePointer<CellHit>
    ) {
        var i = 0, j = 0, k = 0
        while i < na && j < nb {
            if a[i].item < b[j].item {
                out[k] = a[i]
                i += 1
            } else {
                out[k] = b[j]
                j += 1
            }
            k += 1
        }
        if i < na { (out + k).update(from: a + i, count: na - i) }
        if j < nb { (out + k).update(from: b + j, count: nb - j) }
    }

    /// Calls `body` with each section's cells, in order.
    func forEachSection(_ body: (Int, UnsafeBufferPointer<CellHit>) throws -> Void) rethrows {
        for (k, r) in sections.enumerated() {
            let end = k + 1 < sections.count ? sections[k + 1].start : count
            try body(r.section, UnsafeBufferPointer(start: hits + r.start, count: end - r.start))
        }
    }
}
