/// A fixed-column grid, the grid of Apple's sample code "Implementing Modern Collection Views"
/// (`GridViewController`, `TwoColumnViewController`): a `UICollectionViewCompositionalLayout`
/// whose every section is one horizontal group repeated, the group holding `columns` items of
/// equal width (`NSCollectionLayoutGroup.horizontal(layoutSize:subitem:count:)`: equally sized
/// items in a horizontal line, `interItemSpacing` between them), the groups (rows)
/// `interGroupSpacing` apart, each section inside its `contentInsets`. Vertical scrolling;
/// sections stacked. docs/sources.md ("Apple's grid sample") lists the pages.
///
/// Section s with n items, W the collection view's width, from its top `origin` (section 0 at
/// y = 0, each next section at the previous one's end):
///
///     contentWidth = max(0, W − inset.left − inset.right)
///     itemWidth    = max(0, (contentWidth − (columns − 1)·interitemSpacing) / columns)
///     itemHeight   = itemHeight > 0 ? itemHeight : itemAspect · itemWidth
///     header       (inset.left, origin + inset.top, contentWidth, headerHeight)   when headerHeight > 0
///     top          = origin + inset.top + headerHeight
///     rows         = ⌈n / columns⌉
///     item i       row = i / columns, column = i % columns:
///                  (inset.left + column·(itemWidth + interitemSpacing),
///                   top + row·(itemHeight + intergroupSpacing), itemWidth, itemHeight)
///     end          = top + (rows > 0 ? (rows − 1)·(itemHeight + intergroupSpacing) + itemHeight : 0)
///                    + inset.bottom
///
/// Content size: (W, the last section's end); (W, 0) without sections. Every number is the exact
/// double of these expressions, evaluated as written: UIKit rounds the compositional layout's
/// frames to the screen's pixels, but no Apple document says how, so cvlayout does not guess.
///
/// The item height is the item dimension of the group: `.absolute(h)` (`itemHeight` > 0) or a
/// fraction of the item's own width (`itemAspect`; 1 = square). Apple's sample writes its square
/// cells as a group height of `.fractionalWidth(1/N)`, a fraction of the group's width, which is
/// the item width only without inter-item spacing; the aspect form keeps cells square with it.
///
/// The header is the section's `boundarySupplementaryItems` entry of kind header, aligned
/// `.top`, `.fractionalWidth(1)` wide and `headerHeight` high, with the default
/// `supplementariesFollowContentInsets` (true): it lies inside the section's content insets, on
/// all four sides here, and the first row follows it directly. The same height for every section
/// (0: none); no footers, no pinning.
///
/// Every frame is a closed form of its index path: nothing is stored per item, whatever the
/// counts (2^40 items cost what 4 do).
///
/// ## Cost
/// `prepare()`: O(S) for S sections, 32 bytes a section. Content size and single-element
/// lookups: O(1). Rect queries: O(log S) to find the first section the rect's y-range meets, then
/// for each section it meets O(log rows + log columns) to find the rows and columns it crosses
/// (binary searches over their closed-form edges, exact), then O(1) per element returned:
/// O(log S + S′·log n + k) for the S′ sections met, O(log n + k) for a rect within one section.
public final class GridLayout: CollectionViewLayout {
    /// The largest column count (`CVL_MAX_GRID_COLUMNS`).
    public static let maxColumns = 1024

    /// The grid's properties: the group's count and item height, the two spacings, the section
    /// insets and header. Every section uses the same values.
    public struct Configuration: Equatable, Sendable {
        /// Items per row (the group's `count`). Default 5 (Apple's grid sample: items of
        /// `.fractionalWidth(0.2)`); 1 ... `maxColumns`.
        public var columns = 5
        /// The items' absolute height when > 0; 0 (default): `itemAspect · itemWidth`.
        /// Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var itemHeight = 0.0
        /// Height over width of the items when `itemHeight` is 0. Default 1 (square, as the
        /// sample's cells). Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var itemAspect = 1.0
        /// The gap between the items of a row (the group's `interItemSpacing`, `.fixed`).
        /// Default 0 (UIKit's: no spacing). Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var interitemSpacing = 0.0
        /// The gap between rows (the section's `interGroupSpacing`). Default 0 (UIKit's).
        /// Finite, ≥ 0, at most `FlowLayout.maxMagnitude`.
        public var intergroupSpacing = 0.0
        /// Each section's `contentInsets`. Default zero (UIKit's). Each side finite, ≥ 0, at most
        /// `FlowLayout.maxMagnitude`.
        public var contentInsets = EdgeInsets.zero
        /// Height of each section's header; 0 (default) = no header. Finite, ≥ 0, at most
        /// `FlowLayout.maxMagnitude`.
        public var headerHeight = 0.0

        public init() {}
        /// Five square columns, no spacing, no insets, no header: Apple's grid sample.
        public static let `default` = Configuration()

        /// - Throws: `LayoutError.invalidArgument` naming the first bad value.
        public func validate() throws {
            guard columns >= 1, columns <= GridLayout.maxColumns else {
                throw LayoutError.invalid("GridLayout columns \(columns) must be 1 ... \(GridLayout.maxColumns)")
            }
            let values: [(String, Double)] = [
                ("item_height", itemHeight), ("item_aspect", itemAspect), ("interitem_spacing", interitemSpacing),
                ("intergroup_spacing", intergroupSpacing), ("content_insets.top", contentInsets.top),
                ("content_insets.left", contentInsets.left), ("content_insets.bottom", contentInsets.bottom),
                ("content_insets.right", contentInsets.right), ("header_height", headerHeight),
            ]
            for (name, v) in values where !(v.isFinite && v >= 0 && v <= FlowLayout.maxMagnitude) {
                throw LayoutError.invalid(
                    "GridLayout \(name) \(v) must be finite, >= 0 and <= \(FlowLayout.maxMagnitude)")
            }
        }
    }

    /// The properties in effect (set with `configure(_:)`).
    public private(set) var configuration = Configuration.default

    /// Validates `configuration` and installs all of it, or throws and changes nothing;
    /// invalidates the attached collection view.
    /// - Throws: `LayoutError.invalidArgument` (see `Configuration.validate()`).
    public func configure(_ configuration: Configuration) throws {
        try configuration.validate()
        guard configuration != self.configuration else { return }
        self.configuration = configuration
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// One section's geometry from the last prepare.
    struct Section {
        var origin = 0.0
        /// y of the first row.
        var top = 0.0
        var end = 0.0
        var itemCount = 0
    }

    /// The sizes every section shares, resolved by the last prepare.
    public struct Metrics: Equatable, Sendable {
        public var width = 0.0
        public var contentWidth = 0.0
        public var itemWidth = 0.0
        public var itemHeight = 0.0
        /// itemWidth + interitemSpacing.
        public var columnPitch = 0.0
        /// itemHeight + intergroupSpacing.
        public var rowPitch = 0.0
    }

    private var sections: [Section] = []
    /// The resolved sizes of the last `prepare()`.
    public private(set) var metrics = Metrics()
    /// The configuration the last `prepare()` used.
    private var prepared = Configuration.default
    private var contentHeight = 0.0

    public override init() { super.init() }

    /// No transforms: every element is drawn over its frame.
    public override var drawsElementsWithinFrames: Bool { true }

    // MARK: The layout cycle

    /// Resolves the sizes and stacks the sections.
    /// - Throws: `LayoutError.invalidArgument` for bounds that are not finite and non-negative;
    ///   `.overflow` when a section would end beyond the coordinate range. Nothing changes on error.
    /// - Complexity: O(S).
    public override func prepare() throws {
        let size = collectionView?.boundsSize ?? .zero
        guard size.isValidExtent else {
            throw LayoutError.invalid(
                "GridLayout: bounds size \(size.width)x\(size.height) must be finite and non-negative")
        }
        let c = configuration
        let counts = collectionView?.counts ?? []
        var m = Metrics(width: size.width)
        m.contentWidth = Swift.max(0, size.width - c.contentInsets.left - c.contentInsets.right)
        m.itemWidth = Swift.max(0, (m.contentWidth - Double(c.columns - 1) * c.interitemSpacing) / Double(c.columns))
        m.itemHeight = c.itemHeight > 0 ? c.itemHeight : c.itemAspect * m.itemWidth
        m.columnPitch = m.itemWidth + c.interitemSpacing
        m.rowPitch = m.itemHeight + c.intergroupSpacing
        guard m.itemHeight.isFinite, m.rowPitch.isFinite, m.columnPitch.isFinite else {
            throw LayoutError(.overflow, "GridLayout: items \(m.itemWidth) wide exceed the coordinate range")
        }
        var secs: [Section] = []
        secs.reserveCapacity(counts.count)
        var y = 0.0
        for (s, n) in counts.enumerated() {
            var sec = Section(origin: y, itemCount: n)
            sec.top = y + c.contentInsets.top + c.headerHeight
            let rows = n / c.columns + (n % c.columns == 0 ? 0 : 1)
            let bodyEnd = rows > 0 ? sec.top + Double(rows - 1) * m.rowPitch + m.itemHeight : sec.top
            sec.end = bodyEnd + c.contentInsets.bottom
            guard sec.end.isFinite else {
                throw LayoutError(.overflow, "GridLayout: section \(s) ends beyond the coordinate range")
            }
            y = sec.end
            secs.append(sec)
        }
        sections = secs
        metrics = m
        prepared = c
        contentHeight = y
    }

    /// (collection view width, end of the last section). O(1).
    public override func collectionViewContentSize() throws -> Size {
        Size(width: metrics.width, height: contentHeight)
    }

    private func rowCount(_ sec: Section) -> Int {
        sec.itemCount / prepared.columns + (sec.itemCount % prepared.columns == 0 ? 0 : 1)
    }

    @inline(__always)
    private func columnX(_ column: Int) -> Double {
        prepared.contentInsets.left + Double(column) * metrics.columnPitch
    }

    @inline(__always)
    private func rowY(_ sec: Section, _ row: Int) -> Double {
        sec.top + Double(row) * metrics.rowPitch
    }

    private func itemFrame(_ sec: Section, _ item: Int) -> Rect {
        Rect(
            x: columnX(item % prepared.columns), y: rowY(sec, item / prepared.columns), width: metrics.itemWidth,
            height: metrics.itemHeight)
    }

    /// - Complexity: O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let sec = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < sec.itemCount else { return nil }
        return .cell(indexPath, frame: itemFrame(sec, indexPath.item))
    }

    private func header(_ s: Int) -> LayoutAttributes? {
        guard prepared.headerHeight > 0 else { return nil }
        return .supplementary(
            .sectionHeader, IndexPath(section: s, item: 0),
            frame: Rect(
                x: prepared.contentInsets.left, y: sections[s].origin + prepared.contentInsets.top,
                width: metrics.contentWidth, height: prepared.headerHeight))
    }

    /// The header (item 0) of every section when `headerHeight` > 0; nil otherwise. O(1).
    public override func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        guard kind == .sectionHeader, indexPath.item == 0, indexPath.section >= 0, indexPath.section < sections.count
        else { return nil }
        return header(indexPath.section)
    }

    /// The grid has no decoration views. O(1).
    public override func layoutAttributesForDecorationView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        nil
    }

    /// The first index in `0 ..< n` for which `isAfter` holds (n if none); `isAfter` must be
    /// false then true along the range. O(log n).
    private static func firstIndex(_ n: Int, _ isAfter: (Int) -> Bool) -> Int {
        var lo = 0, hi = n
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if isAfter(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// See the type's comment for the cost.
    public override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        guard rect.isFinite, rect.width > 0, rect.height > 0, !sections.isEmpty else { return }
        // The first section ending below rect.minY (ends are non-decreasing).
        var s = Self.firstIndex(sections.count) { self.sections[$0].end > rect.minY }
        // Rows' and columns' edges grow with their index (a product by a pitch ≥ 0, then a sum):
        // the ones crossing the rect form a range found exactly by two binary searches each.
        let m = metrics
        var firstColumn = 0, endColumn = 0
        if m.itemWidth > 0, m.itemHeight > 0 {
            let n = prepared.columns
            firstColumn = Self.firstIndex(n) { self.columnX($0) + m.itemWidth > rect.minX }
            endColumn = Self.firstIndex(n) { self.columnX($0) >= rect.maxX }
        }
        while s < sections.count, sections[s].origin < rect.maxY {
            let sec = sections[s]
            if let h = header(s), h.frame.intersects(rect) { try sink.add(h) }
            if firstColumn < endColumn, sec.itemCount > 0 {
                let rows = rowCount(sec)
                let firstRow = Self.firstIndex(rows) { self.rowY(sec, $0) + m.itemHeight > rect.minY }
                let endRow = Self.firstIndex(rows) { self.rowY(sec, $0) >= rect.maxY }
                var row = firstRow
                while row < endRow {
                    let y = rowY(sec, row)
                    let base = row * prepared.columns
                    let last = Swift.min(endColumn, sec.itemCount - base)
                    var column = firstColumn
                    while column < last {
                        try sink.cell(
                            section: s, item: base + column,
                            frame: Rect(x: columnX(column), y: y, width: m.itemWidth, height: m.itemHeight))
                        column += 1
                    }
                    row += 1
                }
            }
            s += 1
        }
    }

    // MARK: Invalidation

    /// True when the width changes (the item width follows it); a scroll keeps the layout.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size.width != (collectionView?.boundsSize.width ?? 0)
    }

    /// A width change moves every item.
    public override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        .layoutAttributes
    }

    /// Estimated bytes of the grid's tables.
    public var gridFootprint: Int { sections.count * MemoryLayout<Section>.stride }
}
