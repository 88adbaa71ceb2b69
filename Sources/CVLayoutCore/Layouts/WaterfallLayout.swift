/// A waterfall (masonry, "Pinterest") layout: each section's items go into `columnCount` columns
/// of equal width, each item into the currently shortest column (ties to the leftmost), its height
/// scaled from its size to the column width keeping the aspect ratio. Vertical scrolling only.
/// The placement rule is the one of CHTCollectionViewWaterfallLayout (chiahsien, GitHub,
/// `CHTCollectionViewWaterfallLayout.m`: `shortestColumnIndexInSection`, and the item height
/// `itemSize.height * itemWidth / itemSize.width`), without its pixel flooring.
///
/// Built on `FlowLayout` so that the per-item sizes come from the one size mechanism the flow
/// already has (the bulk sizes of `setItemSizes(_:forSection:)`, else the delegate's
/// `sizeForItemAt`, else `itemSize`), and the flow's properties and per-section delegate answers
/// keep their meaning:
///
///     column spacing   = minimumInteritemSpacing (interitem spacing of the section)
///     item spacing     = minimumLineSpacing (vertical gap between items of a column), ≥ 0
///     section inset    = sectionInset (inset of the section), each side ≥ 0
///     header / footer  = the height of headerReferenceSize / footerReferenceSize (of the section)
///
/// Section s, from its top `origin` (sections stacked from y = 0):
///
///     header      (0, origin, W, headerHeight)                    when headerHeight > 0
///     top         = origin + headerHeight + inset.top
///     available   = W − inset.left − inset.right
///     columns c   = configuration.columnCount, or, when minimumColumnWidth > 0,
///                   max(1, ⌊(available + spacing) / (minimumColumnWidth + spacing)⌋),
///                   at most `maxColumns`
///     columnWidth = max(0, (available − (c − 1)·columnSpacing) / c)
///     column j    x = inset.left + j·(columnWidth + columnSpacing), height starts at top
///     item i      size (w, h): height = h · columnWidth / w (0 when w or h is 0);
///                 goes into the shortest column (the leftmost on ties) at its current height,
///                 which then grows by height + itemSpacing
///     bodyEnd     = top when the section is empty, else the tallest column − itemSpacing
///     footer      (0, bodyEnd + inset.bottom, W, footerHeight)    when footerHeight > 0
///     next origin = bodyEnd + inset.bottom + footerHeight
///
/// W is the collection view's width; the content size is (W, the last section's end).
///
/// Not supported (rejected by `configure(_:)`, so nothing is silently ignored): horizontal
/// scrolling, pinned headers or footers, `estimatedItemSize`. Measured sizes
/// (`CollectionView.setMeasuredSizes`) go into the same size store: a cell measured as
/// (column width, h) is h high. `frameForItem(at:)` stays the flow's frame.
///
/// ## Cost
/// `prepare()`: the flow's prepare (which resolves and validates the sizes, O(n)), then one pass
/// over the items with a heap of the section's columns: O(n log c) = O(n) for the bounded c.
/// Memory: 40 bytes an item (frame and column order) plus 8 per occupied column, on top of the
/// flow's own tables; at most `CollectionView.maxStoredItems` items in all (else the prepare fails
/// with `LayoutError.Code.overflow` before allocating). Single-element queries O(1). Rect queries:
/// O(log sections) to find the sections the rect's y-range crosses, then per such section and per
/// column the rect's x-range meets, a binary search over the column's items (their tops and bottoms
/// both increase down a column): O(log n + k) for a rect within one section, in general
/// O(log S + Σ (1 + c′ log n) + k) over the sections crossed.
public final class WaterfallLayout: FlowLayout {
    /// The largest column count (`CVL_MAX_WATERFALL_COLUMNS`).
    public static let maxColumns = 1024

    /// The waterfall's own properties; spacings, insets, header and footer are the flow's.
    public struct Configuration: Equatable, Sendable {
        /// Columns of every section when `minimumColumnWidth` is 0. Default 2; 1 ... `maxColumns`.
        public var columnCount = 2
        /// When > 0, the column count is derived from it (see the type's comment). Default 0.
        /// Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var minimumColumnWidth = 0.0

        public init() {}
        /// Two columns, no minimum width.
        public static let `default` = Configuration()

        /// - Throws: `LayoutError.invalidArgument` naming the bad value.
        public func validate() throws {
            guard columnCount >= 1, columnCount <= WaterfallLayout.maxColumns else {
                throw LayoutError.invalid(
                    "WaterfallLayout column_count \(columnCount) must be 1 ... \(WaterfallLayout.maxColumns)")
            }
            let m = minimumColumnWidth
            guard m.isFinite, m >= 0, m <= FlowLayout.maxMagnitude else {
                throw LayoutError.invalid(
                    "WaterfallLayout minimum_column_width \(m) must be finite, >= 0 and <= \(FlowLayout.maxMagnitude)")
            }
        }
    }

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

    /// The flow properties, with the waterfall's further rules: vertical, no pinning, no
    /// estimated size, insets and line (item) spacing ≥ 0. All or nothing.
    /// - Throws: `LayoutError.invalidArgument`.
    public override func configure(_ configuration: FlowConfiguration) throws {
        try configuration.validate()
        guard configuration.scrollDirection == .vertical else {
            throw LayoutError.invalid("WaterfallLayout scrolls vertically only")
        }
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

    /// One section's geometry from the last prepare.
    struct Section {
        var origin = 0.0
        var headerHeight = 0.0
        var footerY = 0.0
        var footerHeight = 0.0
        var end = 0.0
        var left = 0.0
        var columnWidth = 0.0
        var columnPitch = 0.0
        /// Index of item 0 in `frames` / `order`.
        var itemBase = 0
        var itemCount = 0
        /// The section's column runs: `runs[runBase ..< runEnd]`, column j's run is runs[runBase + j].
        var runBase = 0
        var runEnd = 0
    }

    private var sections: [Section] = []
    /// Every item's frame, section after section.
    private var frames: ContiguousArray<Rect> = []
    /// Per section, its item indices sorted by (column, item): a column's items top to bottom.
    private var order: ContiguousArray<Int32> = []
    /// Start of each occupied column's slice of `order` (absolute), section after section.
    private var runs: ContiguousArray<Int32> = []
    private var width = 0.0
    private var contentHeight = 0.0

    public override init() { super.init() }

    public override var drawsElementsWithinFrames: Bool { true }

    // MARK: The layout cycle

    /// The flow's prepare (sizes, validation), then the columns.
    /// - Throws: what the flow's prepare throws; `LayoutError.invalidArgument` for a delegate's
    ///   negative inset or line spacing; `.overflow` past `maxStoredItems` or the coordinate range.
    ///   Nothing changes on error.
    public override func prepare() throws {
        try super.prepare()
        guard let st = state else { return }
        guard st.totalItems <= CollectionView.maxStoredItems else {
            throw LayoutError(
                .overflow,
                "WaterfallLayout stores every item's frame: \(st.totalItems) items exceed CVL_MAX_STORED_ITEMS "
                    + "(\(CollectionView.maxStoredItems))")
        }
        let w = st.crossSize
        var secs: [Section] = []
        secs.reserveCapacity(st.sections.count)
        var fr = ContiguousArray<Rect>(repeating: .zero, count: st.totalItems)
        var ord = ContiguousArray<Int32>(repeating: 0, count: st.totalItems)
        var rn = ContiguousArray<Int32>()
        var y = 0.0, base = 0
        var heap = ColumnHeap()
        for (s, fs) in st.sections.enumerated() {
            try Self.checkSection(fs.inset, fs.lineSpacing, "section \(s)'s inset / line spacing")
            var sec = Section(
                origin: y, headerHeight: fs.headerSize.height, footerHeight: fs.footerSize.height,
                itemBase: base, itemCount: fs.itemCount)
            let top = y + sec.headerHeight + fs.inset.top
            let available = w - fs.inset.left - fs.inset.right
            let gap = fs.interitemSpacing
            var c = waterfall.columnCount
            if waterfall.minimumColumnWidth > 0 {
                let fit = ((available + gap) / (waterfall.minimumColumnWidth + gap)).rounded(.down)
                c = fit.isFinite ? Int(Swift.min(Swift.max(fit, 1), Double(Self.maxColumns))) : 1
            }
            sec.columnWidth = Swift.max(0, (available - Double(c - 1) * gap) / Double(c))
            sec.columnPitch = sec.columnWidth + gap
            sec.left = fs.inset.left
            let used = Swift.min(c, fs.itemCount)  // column j fills only after columns 0 ..< j
            heap.reset(columns: used, height: top)
            var counts = [Int](repeating: 0, count: used)
            var columnOf = [Int32](repeating: 0, count: fs.itemCount)
            for i in 0..<fs.itemCount {
                let size = fs.size(ofItem: i)
                let h = size.width > 0 && size.height > 0 ? size.height * sec.columnWidth / size.width : 0
                let (colY, j) = heap.shortest
                let f = Rect(x: sec.left + Double(j) * sec.columnPitch, y: colY, width: sec.columnWidth, height: h)
                guard h.isFinite, f.maxX.isFinite, (f.maxY + fs.lineSpacing).isFinite else {
                    throw LayoutError(
                        .overflow,
                        "WaterfallLayout: item \(i) of section \(s) (\(size.width)x\(size.height) in a column "
                            + "\(sec.columnWidth) wide) exceeds the coordinate range")
                }
                fr[base + i] = f
                columnOf[i] = Int32(j)
                counts[j] += 1
                heap.replaceShortest(height: f.maxY + fs.lineSpacing)
            }
            // Counting sort of the section's items by column (stable: top to bottom).
            sec.runBase = rn.count
            var start = base
            for j in 0..<used {
                rn.append(Int32(start))
                let n = counts[j]
                counts[j] = start
                start += n
            }
            sec.runEnd = rn.count
            for i in 0..<fs.itemCount {
                let j = Int(columnOf[i])
                ord[counts[j]] = Int32(i)
                counts[j] += 1
            }
            let bodyEnd = fs.itemCount == 0 ? top : heap.tallest - fs.lineSpacing
            sec.footerY = bodyEnd + fs.inset.bottom
            sec.end = sec.footerY + sec.footerHeight
            guard sec.end.isFinite else {
                throw LayoutError(.overflow, "WaterfallLayout: section \(s) ends beyond the coordinate range")
            }
            y = sec.end
            base += fs.itemCount
            secs.append(sec)
        }
        sections = secs
        frames = fr
        order = ord
        runs = rn
        width = w
        contentHeight = y
    }

    /// (collection view width, end of the last section).
    public override func collectionViewContentSize() throws -> Size {
        Size(width: width, height: contentHeight)
    }

    /// - Complexity: O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let sec = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < sec.itemCount else { return nil }
        return .cell(indexPath, frame: frames[sec.itemBase + indexPath.item])
    }

    private func header(_ s: Int) -> LayoutAttributes? {
        let sec = sections[s]
        guard sec.headerHeight > 0 else { return nil }
        return .supplementary(
            .sectionHeader, IndexPath(section: s, item: 0),
            frame: Rect(x: 0, y: sec.origin, width: width, height: sec.headerHeight))
    }

    private func footer(_ s: Int) -> LayoutAttributes? {
        let sec = sections[s]
        guard sec.footerHeight > 0 else { return nil }
        return .supplementary(
            .sectionFooter, IndexPath(section: s, item: 0),
            frame: Rect(x: 0, y: sec.footerY, width: width, height: sec.footerHeight))
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
    public override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        guard rect.isFinite, rect.width > 0, rect.height > 0, !sections.isEmpty else { return }
        // First section ending below rect.minY (ends are non-decreasing).
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].end <= rect.minY { lo = mid + 1 } else { hi = mid }
        }
        var s = lo
        while s < sections.count, sections[s].origin < rect.maxY {
            if let h = header(s), h.frame.intersects(rect) { try sink.add(h) }
            try sendItems(s, rect, sink)
            if let f = footer(s), f.frame.intersects(rect) { try sink.add(f) }
            s += 1
        }
    }

    /// The items of section `s` meeting `rect`: the columns its x-range meets, each searched.
    private func sendItems(_ s: Int, _ rect: Rect, _ sink: ElementSink) throws {
        let sec = sections[s]
        let used = sec.runEnd - sec.runBase
        guard used > 0, sec.columnWidth > 0 else { return }
        var first = 0, last = used - 1
        if sec.columnPitch > 0 {
            let a = ((rect.minX - sec.left - sec.columnWidth) / sec.columnPitch).rounded(.down)
            let b = ((rect.maxX - sec.left) / sec.columnPitch).rounded(.up)
            first = Int(Swift.min(Swift.max(a, 0), Double(used)))
            last = Int(Swift.min(Swift.max(b, -1), Double(used - 1)))
        }
        guard first <= last else { return }
        for j in first...last {
            let start = Int(runs[sec.runBase + j])
            let end = j + 1 < used ? Int(runs[sec.runBase + j + 1]) : sec.itemBase + sec.itemCount
            // First item of the column whose bottom is below rect.minY.
            var lo = start, hi = end
            while lo < hi {
                let mid = (lo + hi) / 2
                if frames[sec.itemBase + Int(order[mid])].maxY <= rect.minY { lo = mid + 1 } else { hi = mid }
            }
            while lo < end {
                let item = Int(order[lo])
                let f = frames[sec.itemBase + item]
                if f.minY >= rect.maxY { break }
                if f.intersects(rect) { try sink.add(.cell(IndexPath(section: s, item: item), frame: f)) }
                lo += 1
            }
        }
    }

    // MARK: Invalidation

    /// True when the width changes (the columns follow it); a scroll keeps the layout.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size.width != (collectionView?.bounds.size.width ?? 0)
    }

    /// Estimated bytes of the waterfall's tables (on top of the flow's `memoryFootprint`).
    public var waterfallFootprint: Int {
        frames.count * MemoryLayout<Rect>.stride + order.count * 4 + runs.count * 4
            + sections.count * MemoryLayout<Section>.stride
    }
}

/// A binary min-heap of a section's columns by (height, column): its top is the shortest column,
/// the leftmost among equals. O(log c) per replacement.
struct ColumnHeap {
    private var heights: [Double] = []
    private var columns: [Int] = []
    /// Tallest column height seen (the heap's maximum).
    private(set) var tallest = 0.0

    mutating func reset(columns n: Int, height: Double) {
        // Equal heights in column order already form a heap.
        heights = [Double](repeating: height, count: n)
        columns = Array(0..<n)
        tallest = height
    }

    var shortest: (Double, Int) { (heights[0], columns[0]) }

    private func less(_ a: Int, _ b: Int) -> Bool {
        heights[a] < heights[b] || (heights[a] == heights[b] && columns[a] < columns[b])
    }

    mutating func replaceShortest(height: Double) {
        heights[0] = height
        tallest = Swift.max(tallest, height)
        var i = 0
        let n = heights.count
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < n, less(l, m) { m = l }
            if r < n, less(r, m) { m = r }
            if m == i { return }
            heights.swapAt(i, m)
            columns.swapAt(i, m)
            i = m
        }
    }
}
