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
/// extents (they win). `frameForItem(at:)` stays the flow's frame.
///
/// ## Cost
/// `prepare()`: the flow's prepare (which resolves and validates the sizes, O(n)), then one pass
/// over the items: O(log c) each with shortest-first placement (a heap of the used columns),
/// O(1) in order, O(1) for a full-span item: O(n log c) = O(n) for the bounded c.
/// Memory: 36 bytes an item (frame and column order) plus 4 an occupied column and 4 a full-span
/// item, on top of the flow's own tables; at most `CollectionView.maxStoredItems` items in all
/// (else the prepare fails with `LayoutError.Code.overflow` before allocating). Single-element
/// queries O(1). Rect queries: O(log S) to find the sections the rect crosses along the scroll
/// axis, then per such section and per column the rect's cross range meets, a binary search over
/// the column's items (their starts and ends both increase down a column), and one over the
/// section's full-span items: O(log n + k) for a rect within one section, in general
/// O(log S + Σ (1 + c′) log n + k) over the sections crossed (c′ columns met).
public final class WaterfallLayout: FlowLayout {
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

    /// One section's geometry from the last prepare (main = the scroll axis).
    struct Section {
        var origin = 0.0
        var headerExtent = 0.0
        var footerStart = 0.0
        var footerExtent = 0.0
        var end = 0.0
        var lead = 0.0
        var columns = 1
        var columnWidth = 0.0
        var columnPitch = 0.0
        /// Index of item 0 in `frames`.
        var itemBase = 0
        var itemCount = 0
        /// The section's column runs: `runs[runBase ..< runEnd]`, column j's run is runs[runBase + j]
        /// (a start in `order`); its column items end at `orderEnd`.
        var runBase = 0
        var runEnd = 0
        var orderEnd = 0
        /// The section's full-span items, top to bottom: `spans[spanBase ..< spanEnd]`.
        var spanBase = 0
        var spanEnd = 0
    }

    private var sections: [Section] = []
    /// Every item's frame (cross as x, main as y), section after section.
    private var frames: ContiguousArray<Rect> = []
    /// Per section, its column items sorted by (column, item): a column's items top to bottom.
    private var order: ContiguousArray<Int32> = []
    /// Start (in `order`) of each occupied column's slice, section after section.
    private var runs: ContiguousArray<Int32> = []
    /// The full-span items of every section (item indices), section after section.
    private var spans: ContiguousArray<Int32> = []
    private var horizontal = false
    private var crossSize = 0.0
    private var contentMain = 0.0

    public override init() { super.init() }

    public override var drawsElementsWithinFrames: Bool { true }

    /// A frame in (cross as x, main as y) as the view's frame, and back (the same swap).
    @inline(__always)
    private func swapped(_ r: Rect) -> Rect {
        horizontal ? Rect(x: r.minY, y: r.minX, width: r.size.height, height: r.size.width) : r
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
    func columnCount(section s: Int, available: Double, spacing: Double) -> Int {
        var fixed = waterfall.columnCount, minimum = waterfall.minimumColumnWidth
        if s < sectionColumns.count {
            let e = sectionColumns[s]
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

    /// The flow's prepare (sizes, validation), then the columns.
    /// - Throws: what the flow's prepare throws; `LayoutError.invalidArgument` for a delegate's
    ///   negative inset or line spacing, or a bulk array whose length is not its section's item
    ///   count; `.overflow` past `maxStoredItems` or the coordinate range. The waterfall's frames
    ///   do not change on error.
    public override func prepare() throws {
        try checkInputs(collectionView?.counts ?? [])
        try super.prepare()
        guard let st = state else { return }
        guard st.totalItems <= CollectionView.maxStoredItems else {
            throw LayoutError(
                .overflow,
                "WaterfallLayout stores every item's frame: \(st.totalItems) items exceed CVL_MAX_STORED_ITEMS "
                    + "(\(CollectionView.maxStoredItems))")
        }
        try checkInputs(st.sections.map { $0.itemCount })
        let axis = st.axis
        let x = st.crossSize
        let inOrder = waterfall.placement == 1
        var secs: [Section] = []
        secs.reserveCapacity(st.sections.count)
        var fr = ContiguousArray<Rect>(repeating: .zero, count: st.totalItems)
        var ord = ContiguousArray<Int32>(repeating: 0, count: st.totalItems)
        var rn = ContiguousArray<Int32>()
        var sp = ContiguousArray<Int32>()
        var columnOf = [Int32]()
        var y = 0.0, base = 0, ordBase = 0
        for (s, fs) in st.sections.enumerated() {
            try Self.checkSection(fs.inset, fs.lineSpacing, "section \(s)'s inset / line spacing")
            let n = fs.itemCount
            var sec = Section(
                origin: y, headerExtent: axis.main(fs.headerSize), footerExtent: axis.main(fs.footerSize),
                itemBase: base, itemCount: n)
            let top = y + sec.headerExtent + axis.mainLeading(fs.inset)
            let available = x - axis.crossLeading(fs.inset) - axis.crossTrailing(fs.inset)
            let gap = fs.interitemSpacing
            let c = columnCount(section: s, available: available, spacing: gap)
            sec.columns = c
            sec.columnWidth = Swift.max(0, (available - Double(c - 1) * gap) / Double(c))
            sec.columnPitch = sec.columnWidth + gap
            sec.lead = axis.crossLeading(fs.inset)
            let flags = fullSpanFlags[s], ext = itemExtents[s]
            let spacing = fs.lineSpacing
            var cols = WaterfallColumns(count: c, inOrder: inOrder, top: top)
            columnOf.removeAll(keepingCapacity: true)
            columnOf.reserveCapacity(n)
            sec.spanBase = sp.count
            var counts = [Int]()
            for i in 0..<n {
                let full = flags.map { $0[i] != 0 } ?? false
                let cross = full ? Swift.max(0, available) : sec.columnWidth
                let extent: Double
                if let ext {
                    extent = ext[i]
                } else {
                    let size = fs.size(ofItem: i)
                    let w = axis.cross(size), h = axis.main(size)
                    extent = w > 0 && h > 0 ? h * cross / w : 0
                }
                let f: Rect
                if full {
                    f = Rect(x: sec.lead, y: cols.tallest, width: cross, height: extent)
                    cols.restart(at: f.maxY + spacing)
                    sp.append(Int32(i))
                    columnOf.append(-1)
                } else {
                    let (j, colY) = cols.next()
                    f = Rect(x: sec.lead + Double(j) * sec.columnPitch, y: colY, width: cross, height: extent)
                    cols.place(column: j, end: f.maxY + spacing)
                    columnOf.append(Int32(j))
                    while counts.count <= j { counts.append(0) }
                    counts[j] += 1
                }
                guard extent.isFinite, f.maxX.isFinite, (f.maxY + spacing).isFinite else {
                    throw LayoutError(
                        .overflow,
                        "WaterfallLayout: item \(i) of section \(s) (extent \(extent), \(cross) across) exceeds the "
                            + "coordinate range")
                }
                fr[base + i] = f
            }
            sec.spanEnd = sp.count
            // Counting sort of the section's column items by column (stable: top to bottom).
            sec.runBase = rn.count
            var start = ordBase
            for j in counts.indices {
                rn.append(Int32(start))
                let k = counts[j]
                counts[j] = start
                start += k
            }
            sec.runEnd = rn.count
            sec.orderEnd = start
            for i in 0..<n where columnOf[i] >= 0 {
                let j = Int(columnOf[i])
                ord[counts[j]] = Int32(i)
                counts[j] += 1
            }
            // Q6: an empty section subtracts no spacing (its footer follows its insets).
            let bodyEnd = n == 0 ? top : cols.tallest - spacing
            sec.footerStart = bodyEnd + axis.mainTrailing(fs.inset)
            sec.end = sec.footerStart + sec.footerExtent
            guard sec.end.isFinite else {
                throw LayoutError(.overflow, "WaterfallLayout: section \(s) ends beyond the coordinate range")
            }
            y = sec.end
            base += n
            ordBase = start
            secs.append(sec)
        }
        ord.removeLast(ord.count - ordBase)
        sections = secs
        frames = fr
        order = ord
        runs = rn
        spans = sp
        horizontal = axis.horizontal
        crossSize = x
        contentMain = y
    }

    /// (cross size, end of the last section), transposed when horizontal.
    public override func collectionViewContentSize() throws -> Size {
        horizontal ? Size(width: contentMain, height: crossSize) : Size(width: crossSize, height: contentMain)
    }

    /// - Complexity: O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let sec = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < sec.itemCount else { return nil }
        return .cell(indexPath, frame: swapped(frames[sec.itemBase + indexPath.item]))
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

    /// See the type's comment for the cost.
    public override func layoutAttributesForElements(in viewRect: Rect, into sink: ElementSink) throws {
        guard viewRect.isFinite, viewRect.width > 0, viewRect.height > 0, !sections.isEmpty else { return }
        let rect = swapped(viewRect)
        // First section ending below rect.minY (ends are non-decreasing).
        var s = flowPartitionPoint(0, sections.count) { self.sections[$0].end > rect.minY }
        while s < sections.count, sections[s].origin < rect.maxY {
            if let h = header(s), h.frame.intersects(viewRect) { try sink.add(h) }
            try sendItems(s, rect, sink)
            if let f = footer(s), f.frame.intersects(viewRect) { try sink.add(f) }
            s += 1
        }
    }

    /// The items of section `s` meeting `rect` (cross as x): the columns its cross range meets,
    /// each searched, and the full-span items.
    private func sendItems(_ s: Int, _ rect: Rect, _ sink: ElementSink) throws {
        let sec = sections[s]
        func send(_ item: Int) throws -> Bool {
            let f = frames[sec.itemBase + item]
            if f.minY >= rect.maxY { return false }
            if f.intersects(rect) { try sink.add(.cell(IndexPath(section: s, item: item), frame: swapped(f))) }
            return true
        }
        // Full-span items, top to bottom: the first ending below rect.minY, on while they start above maxY.
        var k = flowPartitionPoint(sec.spanBase, sec.spanEnd) {
            self.frames[sec.itemBase + Int(self.spans[$0])].maxY > rect.minY
        }
        while k < sec.spanEnd, try send(Int(spans[k])) { k += 1 }
        let used = sec.runEnd - sec.runBase
        guard used > 0, sec.columnWidth > 0 else { return }
        var first = 0, last = used - 1
        if sec.columnPitch > 0 {
            let a = ((rect.minX - sec.lead - sec.columnWidth) / sec.columnPitch).rounded(.down)
            let b = ((rect.maxX - sec.lead) / sec.columnPitch).rounded(.up)
            first = Int(Swift.min(Swift.max(a, 0), Double(used)))
            last = Int(Swift.min(Swift.max(b, -1), Double(used - 1)))
        }
        guard first <= last else { return }
        for j in first...last {
            let start = Int(runs[sec.runBase + j])
            let end = j + 1 < used ? Int(runs[sec.runBase + j + 1]) : sec.orderEnd
            // First item of the column whose end is below rect.minY.
            var i = flowPartitionPoint(start, end) { self.frames[sec.itemBase + Int(self.order[$0])].maxY > rect.minY }
            while i < end, try send(Int(order[i])) { i += 1 }
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
        frames.count * MemoryLayout<Rect>.stride + order.count * 4 + runs.count * 4 + spans.count * 4
            + sections.count * MemoryLayout<Section>.stride
    }
}
