/// A span grid: Apple's compositional grid sample ("Implementing Modern Collection Views",
/// `GridViewController`: one horizontal group of `columns` equally wide items repeated down each
/// section) grown into the grid of Android's `GridLayoutManager` and Compose's lazy grids, whose
/// items span 1 ... C columns and have their own extents. docs/grid-rules.md gives every rule
/// (G1–G5) with its source and the decisions taken where the sources leave a question open.
///
/// Written for vertical scrolling; scrolling horizontally, the columns are rows, extents run
/// along x and every rule below holds with the axes swapped ("main" = the scroll axis, "cross" =
/// the other; insets: main leading/trailing = top/bottom, cross = left/right, transposed).
///
/// Section s with n items, from its main-axis `origin` (0 for section 0, then the previous
/// section's end), X the view's cross size (its width when vertical):
///
///     available = max(0, X − inset.crossLead − inset.crossTrail)
///     C         = the section's columns: fixed, or (minimum width m > 0, Compose GridCells.Adaptive)
///                 min(maxColumns, max(1, ⌊(available + spacing) / (m + spacing)⌋))
///     w         = max(0, (available − (C − 1)·spacing) / C);   pitch = w + spacing
///     G1 rows   items fill a row by span; an item whose span does not fit what is left of the row
///               starts the next one at span index 0 (Android `layoutChunk`, Compose `spansLineBreak`)
///     G2 cross  item at span index j spanning s: cross = inset.crossLead + shift + j·pitch,
///               size s·w + (s − 1)·spacing (Android `mCachedBorders`, Compose `spansWithHorizontalSpacing`)
///     G3 main   a row is as thick as its thickest item; an item keeps its own extent at the row's
///               leading edge (Compose, default) or is stretched to the row (`stretchItems`: Android)
///     G5 short  rows not filled to C spans are leading (shift 0; Android, Compose); `shortRowAlignment`
///               centres them (shift = leftover·pitch / 2) or puts them at the trailing end (leftover·pitch)
///     extent    the item's bulk extent, else `itemHeight` when > 0, else `itemAspect` × its cross size
///
/// Headers and footers (G4), `supplementariesFollowInsets` 0 (default, UICollectionViewFlowLayout's
/// rule): the header spans the whole cross size at the section's origin, `headerHeight` thick; the
/// rows start inset.mainLead below it; the footer follows inset.mainTrail after the last row and
/// spans the whole cross size. With 1 (compositional's `supplementariesFollowContentInsets`):
/// header at (inset.crossLead, origin + inset.mainLead, available wide), the rows right after it,
/// the footer right after the last row (available wide), then inset.mainTrail. Rows are
/// `intergroupSpacing` apart; no spacing between a header or footer and the rows.
///
/// Content size: (X, the last section's end) when vertical, (the last section's end, Y) when
/// horizontal; 0 along the scroll axis without sections. Every number is the exact double of
/// these expressions (no pixel rounding: snapping is the view's).
///
/// ## Cost
/// A section whose items all span one column and share one extent (no bulk spans, or all 1; no
/// bulk extents, or all equal) is today's closed form: nothing stored per item, its frames a
/// product of the index (2^40 items cost what 4 do). Any other section keeps a row table
/// (`GridRows`: 16 bytes an item, 24 a row, rows in blocks of about 160 cut by their contents),
/// built in O(n) by `prepare()` and kept while its inputs stay the same. Range edits of the
/// spans and extents (chunked arrays) re-pack the rows around the edited items until the rows and
/// their blocks agree with the old ones again, keep the old blocks, and walk the blocks' offsets
/// after: O(items re-packed + blocks); extents replaced in place patch the rows holding them.
/// Single-element lookups: O(1) closed form, O(log rows) with a table. Rect queries: O(log S) to
/// find the first section met, then per section O(log rows) for the rows the rect crosses and,
/// per row crossed, O(log C) for its first item in the rect, then O(1) per element returned (with
/// a table, also O(1) per item in the rect's cross range whose own extent misses it: a short item
/// of a tall row).
public final class GridLayout: CollectionViewLayout {
    /// No appear hook is overridden: an animation's set-up need not ask it.
    override var appearsWithoutAttributes: Bool { true }

    /// The largest column count (`CVL_MAX_GRID_COLUMNS`).
    public static let maxColumns = 1024

    /// The grid's properties. Every section uses them, except that a section's column count may
    /// be set apart (`setSectionColumns(_:)`).
    public struct Configuration: Equatable, Sendable {
        /// Columns of a row (the group's `count`) when `minimumColumnWidth` is 0. Default 5 (Apple's
        /// grid sample: items of `.fractionalWidth(0.2)`); 1 ... `maxColumns`.
        public var columns = 5
        /// > 0: the column count is derived from the available size (Compose `GridCells.Adaptive`).
        /// Default 0 (use `columns`). Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var minimumColumnWidth = 0.0
        /// The items' extent along the scroll axis when > 0 (and no bulk extents); 0 (default):
        /// `itemAspect` × the item's cross size. Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var itemHeight = 0.0
        /// Extent along the scroll axis over the cross size when `itemHeight` is 0. Default 1
        /// (square, as the sample's cells). Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var itemAspect = 1.0
        /// The gap between the columns (the group's `interItemSpacing`). Default 0 (UIKit's).
        /// Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var interitemSpacing = 0.0
        /// The gap between rows (the section's `interGroupSpacing`). Default 0 (UIKit's).
        /// Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var intergroupSpacing = 0.0
        /// Each section's insets. Default zero. Each side finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var contentInsets = EdgeInsets.zero
        /// Thickness of each section's header along the scroll axis; 0 (default) = no header.
        /// Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var headerHeight = 0.0
        /// Thickness of each section's footer; 0 (default) = no footer. As `headerHeight`.
        public var footerHeight = 0.0
        /// 0 (default): vertical; 1: horizontal (`CVL_SCROLL_*`).
        public var scrollDirection = 0
        /// 0 (default): an item keeps its own extent at its row's leading edge (Compose); 1: it
        /// is stretched to its row's extent (Android's `GridLayoutManager`).
        public var stretchItems = 0
        /// Where a row filled to fewer than C spans lies: 0 leading (default), 1 centred, 2
        /// trailing (`CVL_GRID_ALIGN_*`).
        public var shortRowAlignment = 0
        /// 0 (default): headers and footers span the whole cross size outside the section's
        /// insets (UICollectionViewFlowLayout); 1: inside them (compositional's
        /// `supplementariesFollowContentInsets`).
        public var supplementariesFollowInsets = 0

        public init() {}
        /// Five square columns, no spacing, no insets, no header: Apple's grid sample.
        public static let `default` = Configuration()

        var isHorizontal: Bool { scrollDirection == 1 }

        /// - Throws: `LayoutError.invalidArgument` naming the first bad value.
        public func validate() throws {
            guard columns >= 1, columns <= GridLayout.maxColumns else {
                throw LayoutError.invalid("GridLayout columns \(columns) must be 1 ... \(GridLayout.maxColumns)")
            }
            let flags: [(String, Int, Int)] = [
                ("scroll_direction", scrollDirection, 1), ("stretch_items", stretchItems, 1),
                ("short_row_alignment", shortRowAlignment, 2),
                ("supplementaries_follow_insets", supplementariesFollowInsets, 1),
            ]
            for (name, v, maxValue) in flags where !(0...maxValue).contains(v) {
                throw LayoutError.invalid("GridLayout \(name) \(v) must be 0 ... \(maxValue)")
            }
            let values: [(String, Double)] = [
                ("minimum_column_width", minimumColumnWidth),
                ("item_height", itemHeight), ("item_aspect", itemAspect), ("interitem_spacing", interitemSpacing),
                ("intergroup_spacing", intergroupSpacing), ("content_insets.top", contentInsets.top),
                ("content_insets.left", contentInsets.left), ("content_insets.bottom", contentInsets.bottom),
                ("content_insets.right", contentInsets.right), ("header_height", headerHeight),
                ("footer_height", footerHeight),
            ]
            for (name, v) in values where !GridLayout.isValidValue(v) {
                throw LayoutError.invalid(
                    "GridLayout \(name) \(v) must be finite, >= 0 and <= \(FlowLayout.maxMagnitude)")
            }
        }
    }

    @inline(__always)
    static func isValidValue(_ v: Double) -> Bool { v.isFinite && v >= 0 && v <= FlowLayout.maxMagnitude }

    /// Whether every value is `isValidValue` (also the waterfall's extents' rule), in one pass with no
    /// branch per value (NaN fails both comparisons, infinity the second: the same test).
    static func allValid(_ values: UnsafeBufferPointer<Double>) -> Bool {
        var bad: UInt8 = 0
        for v in values { bad |= v >= 0 && v <= FlowLayout.maxMagnitude ? 0 : 1 }
        return bad == 0
    }

    /// The properties in effect (set with `configure(_:)`).
    public private(set) var configuration = Configuration.default

    /// Validates `configuration` and installs all of it, or throws and changes nothing;
    /// invalidates the attached collection view.
    /// - Throws: `LayoutError.invalidArgument` (see `Configuration.validate()`; also a bulk span
    ///   wider than the fixed column count a section would get).
    /// - Complexity: O(sections with bulk spans).
    public func configure(_ configuration: Configuration) throws {
        try configuration.validate()
        guard configuration != self.configuration else { return }
        try checkFixedSpans(configuration, sectionColumns)
        self.configuration = configuration
        cachedRows.removeAll()
        extentEdits.removeAll()
        spanEdits.removeAll()
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// Per-item and per-section inputs (`GridLayout+Items.swift`).
    var itemSpans: [Int: GridSpans] = [:]
    var itemExtents: [Int: GridExtents] = [:]
    var measuredItems: [Int: Set<Int>] = [:]
    var sectionColumns: [SectionColumns] = []
    /// The per-item and per-section callbacks (`GridLayout+Callbacks.swift`).
    var itemCallbacks: Callbacks?
    /// Sections whose extents array the layout made from the estimates when an item was measured.
    var ownsExtents = Set<Int>()
    var versionCounter = 0
    /// Row tables of the last prepare by section, reused while their inputs are the same.
    var cachedRows: [Int: GridRows] = [:]
    /// Per section, the range edits of its spans and of its extents since the last prepare
    /// (`GridEdits`): the next prepare re-packs the rows around them only (`GridRows.planEdit`).
    var spanEdits: [Int: GridEdits] = [:]
    var extentEdits: [Int: GridEdits] = [:]
    /// Sections whose rows the last `prepare()` edited (`GridRows.planEdit`), and sections whose
    /// rows it built from scratch: the tests check which path an edit took.
    private(set) var lastPrepareRowsPatched = 0
    /// Items the last prepare's edits packed again (`GridRows.EditPlan.packed`).
    private(set) var lastPrepareItemsPacked = 0
    private(set) var lastPrepareRowsBuilt = 0

    /// One section's geometry from the last prepare (main axis = scroll axis).
    struct Section {
        var origin = 0.0
        /// Main-axis start of the first row.
        var top = 0.0
        /// Main-axis end of the last row (`top` when empty).
        var bodyEnd = 0.0
        var end = 0.0
        var itemCount = 0
        var columns = 1
        var itemWidth = 0.0
        var columnPitch = 0.0
        /// The closed form's extent (every item's) and row pitch.
        var extent = 0.0
        var rowPitch = 0.0
        /// nil: the closed form.
        var rows: GridRows?
    }

    /// The sizes the last prepare resolved for section 0 (or from the configuration without
    /// sections): kept for callers that read one grid's metrics.
    public struct Metrics: Equatable, Sendable {
        public var width = 0.0
        public var contentWidth = 0.0
        public var itemWidth = 0.0
        public var itemHeight = 0.0
        public var columnPitch = 0.0
        public var rowPitch = 0.0
    }

    var sections: [Section] = []
    /// The resolved sizes of the last `prepare()` (section 0's).
    public private(set) var metrics = Metrics()
    /// The configuration the last `prepare()` used.
    var prepared = Configuration.default
    private var crossSize = 0.0
    private var mainSize = 0.0
    private var contentMain = 0.0
    private var available = 0.0

    public override init() { super.init() }

    /// No transforms: every element is drawn over its frame.
    public override var drawsElementsWithinFrames: Bool { true }

    // MARK: Geometry helpers

    @inline(__always)
    func rect(main: Double, mainLength: Double, cross: Double, crossLength: Double) -> Rect {
        prepared.isHorizontal
            ? Rect(x: main, y: cross, width: mainLength, height: crossLength)
            : Rect(x: cross, y: main, width: crossLength, height: mainLength)
    }

    /// (main leading, main trailing, cross leading, cross trailing) insets.
    static func axisInsets(_ c: Configuration) -> (Double, Double, Double, Double) {
        let i = c.contentInsets
        return c.isHorizontal ? (i.left, i.right, i.top, i.bottom) : (i.top, i.bottom, i.left, i.right)
    }

    /// The column count of a section: its own entry, else the configuration's.
    static func columnRule(_ c: Configuration, _ entries: [SectionColumns], _ s: Int) -> (fixed: Int, minimum: Double) {
        if s < entries.count {
            let e = entries[s]
            if e.minimumColumnWidth > 0 { return (0, e.minimumColumnWidth) }
            if e.columns > 0 { return (e.columns, 0) }
        }
        return c.minimumColumnWidth > 0 ? (0, c.minimumColumnWidth) : (c.columns, 0)
    }

    /// W7: `max(1, ⌊(available + spacing) / (minimum + spacing)⌋)`, at most `maxColumns`.
    static func adaptiveColumns(available: Double, minimum: Double, spacing: Double) -> Int {
        let q = ((available + spacing) / (minimum + spacing)).rounded(.down)
        guard q.isFinite, q >= 1 else { return 1 }
        return q >= Double(maxColumns) ? maxColumns : Int(q)
    }

    // MARK: The layout cycle

    /// Resolves each section's columns, builds the row tables of the sections that need one, and
    /// stacks the sections.
    /// - Throws: `LayoutError.invalidArgument` for bounds that are not finite and non-negative, a
    ///   bulk array whose length is not the section's item count, or a span wider than the
    ///   section's columns; `.overflow` when a section would end beyond the coordinate range.
    ///   Nothing changes on error.
    /// - Complexity: O(S + items of the sections whose row table must be built).
    public override func prepare() throws {
        let size = collectionView?.boundsSize ?? .zero
        guard size.isValidExtent else {
            throw LayoutError.invalid(
                "GridLayout: bounds size \(size.width)x\(size.height) must be finite and non-negative")
        }
        let c = configuration
        let counts = collectionView?.counts ?? []
        // Arrays the layout made for measurements whose section's count changed are dropped at
        // the end (their measurements forgotten), and not used meanwhile.
        let stale = staleOwnedExtents(counts)
        try checkAskedItems(counts)
        let cross = c.isHorizontal ? size.height : size.width
        let (mainLead, mainTrail, crossLead, crossTrail) = Self.axisInsets(c)
        let avail = Swift.max(0, cross - crossLead - crossTrail)
        let inside = c.supplementariesFollowInsets == 1
        var secs: [Section] = []
        secs.reserveCapacity(counts.count)
        var newRows: [Int: GridRows] = [:]
        var plans: [(GridRows, GridRows.EditPlan)] = []
        var built = 0
        var y = 0.0
        for (s, n) in counts.enumerated() {
            let rule = try askedColumnRule(c, s)
            let columns =
                rule.fixed > 0
                ? rule.fixed
                : Self.adaptiveColumns(available: avail, minimum: rule.minimum, spacing: c.interitemSpacing)
            var sec = Section(origin: y, itemCount: n, columns: columns)
            sec.itemWidth = Swift.max(0, (avail - Double(columns - 1) * c.interitemSpacing) / Double(columns))
            sec.columnPitch = sec.itemWidth + c.interitemSpacing
            sec.top = y + mainLead + c.headerHeight
            var spans = itemSpans[s], extents = stale.contains(s) ? nil : itemExtents[s]
            // Without a bulk array, the callbacks' answers (asked at each prepare: new versions,
            // so the section's rows are built again from them).
            let asked = (spans == nil && itemCallbacks?.span != nil) || (extents == nil && itemCallbacks?.extent != nil)
            if spans == nil { spans = try askedSpans(s, count: n, columns: columns) }
            if extents == nil { extents = try askedExtents(s, count: n) }
            if let spans, spans.values.count != n {
                throw LayoutError.invalid(
                    "GridLayout: item spans for section \(s) have \(spans.values.count) entries but the section "
                        + "has \(n) items (edit them with the batch update)")
            }
            if let extents, extents.values.count != n {
                throw LayoutError.invalid(
                    "GridLayout: item extents for section \(s) have \(extents.values.count) entries but the section "
                        + "has \(n) items (edit them with the batch update)")
            }
            if let spans, spans.maxSpan > columns {
                let i = spans.values.withReader { r in (0..<n).first { Int(r($0)) > columns } } ?? 0
                throw LayoutError.invalid(
                    "GridLayout: item \(i) of section \(s) spans \(spans.values[i]) columns but the section has "
                        + "\(columns) (span > column count)")
            }
            let uniformSpans = spans == nil || spans!.maxSpan <= 1
            let uniformExtent: Double? = extents == nil ? nil : extents!.uniform
            if uniformSpans, extents == nil || uniformExtent != nil {
                // The closed form.
                sec.extent = uniformExtent ?? (c.itemHeight > 0 ? c.itemHeight : c.itemAspect * sec.itemWidth)
                sec.rowPitch = sec.extent + c.intergroupSpacing
                guard sec.extent.isFinite, sec.rowPitch.isFinite, sec.columnPitch.isFinite else {
                    throw LayoutError(.overflow, "GridLayout: items \(sec.itemWidth) wide exceed the coordinate range")
                }
                let rows = n / columns + (n % columns == 0 ? 0 : 1)
                sec.bodyEnd = rows > 0 ? sec.top + Double(rows - 1) * sec.rowPitch + sec.extent : sec.top
            } else {
                let key = GridRows.Key(
                    count: n, columns: columns, itemWidth: sec.itemWidth, spansVersion: spans?.version ?? -1,
                    extentsVersion: extents?.version ?? -1)
                let table: GridRows
                let old = cachedRows[s]
                var body: Double?
                if let old, old.key == key {
                    table = old
                } else if let old, old.key.columns == key.columns, old.key.itemWidth == key.itemWidth,
                    !stale.contains(s), !asked,
                    let stretches = editStretches(s, old.key, key),
                    let plan = try old.planEdit(
                        key: key, spans: spans?.values, extents: extents?.values, stretches: stretches,
                        spansChanged: old.key.spansVersion != key.spansVersion, section: s)
                {
                    // Range edits: the rows re-packed around them, written once every section is done.
                    plans.append((old, plan))
                    table = old
                    body = plan.total
                } else {
                    built += 1
                    table = try GridRows(
                        key: key, spans: spans?.values, extents: extents?.values, configuration: c, section: s)
                }
                newRows[s] = table
                sec.rows = table
                sec.bodyEnd = sec.top + (body ?? table.total)
            }
            sec.end = inside ? sec.bodyEnd + c.footerHeight + mainTrail : sec.bodyEnd + mainTrail + c.footerHeight
            guard sec.end.isFinite, sec.bodyEnd.isFinite else {
                throw LayoutError(.overflow, "GridLayout: section \(s) ends beyond the coordinate range")
            }
            y = sec.end
            secs.append(sec)
        }
        forgetMeasurementsOfChangedCounts(counts)
        for (table, plan) in plans { table.apply(plan) }
        lastPrepareRowsPatched = plans.count
        lastPrepareItemsPacked = plans.reduce(0) { $0 + $1.1.packed }
        lastPrepareRowsBuilt = built
        sections = secs
        cachedRows = newRows
        extentEdits.removeAll()
        spanEdits.removeAll()
        prepared = c
        crossSize = cross
        mainSize = c.isHorizontal ? size.width : size.height
        available = avail
        contentMain = y
        var m = Metrics(width: size.width, contentWidth: avail)
        if let first = secs.first {
            m.itemWidth = first.itemWidth
            m.columnPitch = first.columnPitch
            m.itemHeight = first.extent
            m.rowPitch = first.rowPitch
        }
        metrics = m
    }

    /// (view width, end of the last section) vertically; (end of the last section, view height)
    /// horizontally. O(1).
    public override func collectionViewContentSize() throws -> Size {
        prepared.isHorizontal
            ? Size(width: contentMain, height: crossSize) : Size(width: crossSize, height: contentMain)
    }

    /// The stretches of section `s` whose items differ from those `old` was built from, from the
    /// range edits recorded since (`GridEdits.combine`); nil when an array changed otherwise (set
    /// whole, removed, made by a measurement) or nothing relates them.
    private func editStretches(_ s: Int, _ old: GridRows.Key, _ key: GridRows.Key) -> [GridRows.Stretch]? {
        func edits(_ e: GridEdits?, _ was: Int, _ now: Int) -> GridEdits?? {
            if was == now { return .some(nil) }  // unchanged
            guard let e, e.fromVersion == was else { return nil }
            return .some(e)
        }
        guard let a = edits(spanEdits[s], old.spansVersion, key.spansVersion),
            let b = edits(extentEdits[s], old.extentsVersion, key.extentsVersion), a != nil || b != nil,
            let st = GridEdits.combine(a, b), !st.isEmpty
        else { return nil }
        return st
    }

    private func rowCount(_ sec: Section) -> Int {
        if let t = sec.rows { return t.rowCount }
        return sec.itemCount / sec.columns + (sec.itemCount % sec.columns == 0 ? 0 : 1)
    }

    /// The cross-axis shift of a row that uses `used` of the section's spans (G5 and its option).
    @inline(__always)
    func shift(_ sec: Section, used: Int) -> Double {
        let a = prepared.shortRowAlignment
        guard a != 0, used < sec.columns else { return 0 }
        let leftover = Double(sec.columns - used) * sec.columnPitch
        return a == 1 ? leftover / 2 : leftover
    }

    private var crossLead: Double { Self.axisInsets(prepared).2 }

    /// The closed form's frame of `item`.
    private func uniformFrame(_ sec: Section, _ item: Int) -> Rect {
        let row = item / sec.columns, column = item % sec.columns
        let used = Swift.min(sec.columns, sec.itemCount - row * sec.columns)
        return rect(
            main: sec.top + Double(row) * sec.rowPitch, mainLength: sec.extent,
            cross: crossLead + shift(sec, used: used) + Double(column) * sec.columnPitch, crossLength: sec.itemWidth)
    }

    /// A row table's frame of item `j` of block `blk` (block `b` of `t`), in the block's row `k`.
    @inline(__always)
    private func tableFrame(
        _ sec: Section, _ t: GridRows, base: Double, _ blk: GridRowBlock, row k: Int, _ j: Int
    ) -> Rect {
        let span = blk.span(j)
        let crossLength = Double(span) * sec.itemWidth + Double(span - 1) * prepared.interitemSpacing
        let cross = crossLead + shift(sec, used: blk.used(k)) + Double(blk.spanIndex[j]) * sec.columnPitch
        let own = blk.extents.map { $0[j] } ?? (t.itemHeight > 0 ? t.itemHeight : t.itemAspect * crossLength)
        return rect(
            main: sec.top + (base + blk.local[k]), mainLength: prepared.stretchItems == 1 ? blk.thickness[k] : own,
            cross: cross, crossLength: crossLength)
    }

    func itemFrame(_ sec: Section, _ item: Int) -> Rect {
        guard let t = sec.rows else { return uniformFrame(sec, item) }
        let (b, k) = t.row(of: item)
        return tableFrame(sec, t, base: t.base[b], t.blocks[b], row: k, item - t.itemStart[b])
    }

    /// - Complexity: O(1) in a closed-form section, O(log rows) with a row table.
    public override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let sec = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < sec.itemCount else { return nil }
        return .cell(indexPath, frame: itemFrame(sec, indexPath.item))
    }

    private func supplementary(_ kind: ElementKind, _ s: Int) -> LayoutAttributes? {
        let c = prepared
        let thickness = kind == .sectionHeader ? c.headerHeight : c.footerHeight
        guard thickness > 0 else { return nil }
        let sec = sections[s]
        let (mainLead, mainTrail, crossLeadInset, _) = Self.axisInsets(c)
        let inside = c.supplementariesFollowInsets == 1
        let main: Double
        if kind == .sectionHeader {
            main = inside ? sec.origin + mainLead : sec.origin
        } else {
            main = inside ? sec.bodyEnd : sec.bodyEnd + mainTrail
        }
        return .supplementary(
            kind, IndexPath(section: s, item: 0),
            frame: rect(
                main: main, mainLength: thickness, cross: inside ? crossLeadInset : 0,
                crossLength: inside ? available : crossSize))
    }

    /// The header and the footer (item 0) of every section when their thickness is > 0; nil
    /// otherwise. O(1).
    public override func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        guard kind == .sectionHeader || kind == .sectionFooter, indexPath.item == 0, indexPath.section >= 0,
            indexPath.section < sections.count
        else { return nil }
        return supplementary(kind, indexPath.section)
    }

    /// The grid has no decoration views. O(1).
    public override func layoutAttributesForDecorationView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        nil
    }

    /// The first index in `lo ..< hi` for which `isAfter` holds (hi if none); `isAfter` must be
    /// false then true along the range. O(log(hi − lo)).
    static func firstIndex(_ lo: Int, _ hi: Int, _ isAfter: (Int) -> Bool) -> Int {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if isAfter(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// See the type's comment for the cost.
    public override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        guard rect.isFinite, rect.width > 0, rect.height > 0, !sections.isEmpty else { return }
        let horizontal = prepared.isHorizontal
        let minMain = horizontal ? rect.minX : rect.minY, maxMain = horizontal ? rect.maxX : rect.maxY
        let minCross = horizontal ? rect.minY : rect.minX, maxCross = horizontal ? rect.maxY : rect.maxX
        // The first section ending past minMain (ends are non-decreasing).
        var s = Self.firstIndex(0, sections.count) { self.sections[$0].end > minMain }
        let lead = crossLead
        while s < sections.count, sections[s].origin < maxMain {
            let sec = sections[s]
            if let h = supplementary(.sectionHeader, s), h.frame.intersects(rect) { try sink.add(h) }
            if sec.itemCount > 0, sec.itemWidth > 0 {
                if let t = sec.rows {
                    try queryTable(sec, t, s, minMain, maxMain, minCross, maxCross, rect, sink)
                } else if sec.extent > 0 {
                    let rows = rowCount(sec)
                    let firstRow = Self.firstIndex(0, rows) {
                        sec.top + Double($0) * sec.rowPitch + sec.extent > minMain
                    }
                    let endRow = Self.firstIndex(firstRow, rows) { sec.top + Double($0) * sec.rowPitch >= maxMain }
                    var row = firstRow
                    while row < endRow {
                        let base = row * sec.columns
                        let used = Swift.min(sec.columns, sec.itemCount - base)
                        let x0 = lead + shift(sec, used: used)
                        let first = Self.firstIndex(0, used) {
                            x0 + Double($0) * sec.columnPitch + sec.itemWidth > minCross
                        }
                        let end = Self.firstIndex(first, used) { x0 + Double($0) * sec.columnPitch >= maxCross }
                        let main = sec.top + Double(row) * sec.rowPitch
                        var column = first
                        while column < end {
                            try sink.cell(
                                section: s, item: base + column,
                                frame: self.rect(
                                    main: main, mainLength: sec.extent, cross: x0 + Double(column) * sec.columnPitch,
                                    crossLength: sec.itemWidth))
                            column += 1
                        }
                        row += 1
                    }
                }
            }
            if let f = supplementary(.sectionFooter, s), f.frame.intersects(rect) { try sink.add(f) }
            s += 1
        }
    }

    private func queryTable(
        _ sec: Section, _ t: GridRows, _ s: Int, _ minMain: Double, _ maxMain: Double, _ minCross: Double,
        _ maxCross: Double, _ rect: Rect, _ sink: ElementSink
    ) throws {
        // Rows' offsets never decrease along the rows; their ends may exceed the next row's
        // offset by a few rounding errors (`GridRows`): the first row whose end passes minMain
        // less that slack is at or before the first row that meets the rect (every row after
        // one that does passes it too), and the rows between are filtered below.
        let lowMain = minMain - GridRows.searchSlack(top: sec.top, extent: t.total)
        let bases = t.base, lastLocal = t.lastLocal, lastThickness = t.lastThickness, blocks = t.blocks
        let top = sec.top
        var b = Self.firstIndex(0, blocks.count) { top + (bases[$0] + lastLocal[$0]) + lastThickness[$0] > lowMain }
        guard b < blocks.count else { return }
        var blk = blocks[b], base = bases[b]
        var k = Self.firstIndex(0, blk.rowCount) { top + (base + blk.local[$0]) + blk.thickness[$0] > lowMain }
        let lead = crossLead, spacing = prepared.interitemSpacing
        while true {
            if k == blk.rowCount {
                b += 1
                guard b < blocks.count else { break }
                blk = blocks[b]
                base = bases[b]
                k = 0
            }
            guard top + (base + blk.local[k]) < maxMain else { break }
            let lo = blk.first[k], hi = blk.first[k + 1]
            let x0 = lead + shift(sec, used: blk.used(k))
            // Items' cross edges grow along a row.
            let first = Self.firstIndex(lo, hi) {
                let span = Double(blk.span($0))
                return x0 + Double(blk.spanIndex[$0]) * sec.columnPitch + span * sec.itemWidth + (span - 1) * spacing
                    > minCross
            }
            let end = Self.firstIndex(first, hi) { x0 + Double(blk.spanIndex[$0]) * sec.columnPitch >= maxCross }
            var j = first
            let itemBase = t.itemStart[b]
            while j < end {
                let f = tableFrame(sec, t, base: base, blk, row: k, j)
                if f.intersects(rect) { try sink.cell(section: s, item: itemBase + j, frame: f) }
                j += 1
            }
            k += 1
        }
    }

    // MARK: Invalidation and rollback

    /// The extents and measurements a failed batch update gives back (GridLayout+SelfSizing.swift).
    public override func stateForRollback() -> Any? { GridSizingState(grid: self) }

    public override func restore(forRollback state: Any) { restoreSizing(state) }

    /// True when the cross size changes (the columns follow it); a scroll keeps the layout.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        let old = collectionView?.boundsSize ?? .zero
        return configuration.isHorizontal ? newBounds.size.height != old.height : newBounds.size.width != old.width
    }

    /// A cross-size change moves every item.
    public override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        .layoutAttributes
    }

    /// Estimated bytes of the grid's tables.
    public var gridFootprint: Int {
        sections.count * MemoryLayout<Section>.stride + cachedRows.values.reduce(0) { $0 + $1.footprint }
    }
}
