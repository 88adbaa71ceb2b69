/// Answers the tree layout's one question: how many children an item has.
///
/// The children of the items of section `s` are the items of section `s + 1`, in order: item
/// `i`'s children are the next `numberOfChildren(ofItemAt: [s, i])` items of section `s + 1`.
/// So section `s + 1` must hold exactly as many items as section `s` has children in all, and
/// items of the last section must answer 0.
public protocol TreeLayoutDataSource: AnyObject {
    /// The number of children of the item at `indexPath` (0 for a leaf).
    func numberOfChildren(ofItemAt indexPath: IndexPath) throws -> Int
}

/// The class-hierarchy tree of Apple's guide (*Collection View Programming Guide for iOS*, "Custom
/// Layouts: A Worked Example", Listings 6-1 to 6-10): each section is one level of depth, each
/// item a node, drawn left to right from the root column, with a connector supplementary view
/// from each parent to its children.
///
/// - Rows (Listing 6-5): every item occupies `numRowsForClassAndChildren` rows
///   = max(1, the sum of its children's rows), computed bottom-up. The items of section 0 are
///   stacked by those rows (`totalHeight`), and `adjustFramesOfChildrenAndConnectors…` moves
///   each parent's subtree so that its first child sits on the parent's row and each following
///   child below the rows of the previous ones. Net effect, computed here top-down in one pass:
///   `row(child j) = row(parent) + Σ rows(earlier siblings)`, identical to the listing's
///   bottom-up framing followed by recursive adjustment.
/// - Frames (`frameForCellAtIndexPath:withHeight:`):
///   `x = section · (itemWidth + insets.left + insets.right) + insets.left`,
///   `y = row · (itemHeight + insets.top + insets.bottom) + insets.top`, size `itemSize`.
/// - Content size (Listing 6-6): `(sections · (itemWidth + left + right),
///   maxNumRows · (itemHeight + top + bottom))`, where `maxNumRows` is section 0's total rows.
/// - Connectors (Listing 6-9, kind `.connector`, index path of the parent): one per item with at
///   least one child. The guide leaves `frameForSupplementaryViewOfKind:` out; here the frame
///   spans the gap between the columns, from the parent's right edge (`maxX`) to the children's
///   left edge, and vertically from the parent's top to its last child's bottom, so the view
///   can draw every branch. (With `insets.left + insets.right = 0` it has zero width and so
///   intersects no rect.)
/// - The guide's `ITEM_WIDTH` / `ITEM_HEIGHT` / `INSET_*` constants have no values; the
///   defaults here are a 150 × 40 item (room for a class name) and 10-point insets.
///
/// Custom attribute slots (the guide's `children` array, as a range), on cells and connectors:
/// slot 0 = index of the item's first child in section `s + 1`; slot 1 = number of children. The
/// children are items `slot0 ..< slot0 + slot1` of the next section (for a leaf, slot 0 is
/// where that empty range would start). Both are discrete.
///
/// The children counts are asked once per structural invalidation (`invalidateLayout()`,
/// `reloadData`, a new `treeDataSource`) and checked: negative counts, a last section with
/// children, or a section whose count differs from the previous section's children throw
/// `LayoutError.callback`. Changing `itemSize` or `insets` reuses them. Bounds changes never
/// invalidate the layout (it does not depend on them).
public final class TreeLayout: CollectionViewLayout {
    /// No appear hook is overridden: an animation's set-up need not ask it.
    override var appearsWithoutAttributes: Bool { true }

    /// Where the children counts come from (the guide's `customDataSource`). Held strongly.
    /// Nil means every item is a leaf. Setting it invalidates the attached collection view.
    public var treeDataSource: TreeLayoutDataSource? {
        didSet { structureValid = false; collectionView?.invalidateLayout() }
    }

    /// The guide's constants as one value. This type owns their defaults and their rule.
    public struct Configuration: Equatable, Sendable {
        /// Each item's size (`ITEM_WIDTH` × `ITEM_HEIGHT`). Default 150 × 40. Finite, >= 0.
        public var itemSize = Size(width: 150, height: 40)
        /// Space around each item (`INSET_TOP`, `INSET_LEFT`, …). Default 10 on every side.
        /// Finite, >= 0.
        public var insets = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)

        public init() {}
        /// A 150 × 40 item, 10-point insets.
        public static let `default` = Configuration()

        /// - Throws: `LayoutError.invalidArgument` for a negative, NaN or infinite size or inset.
        public func validate() throws {
            guard itemSize.isValidExtent else {
                throw LayoutError.invalid(
                    "TreeLayout item_size \(itemSize.width)x\(itemSize.height) must be finite and non-negative")
            }
            let e = insets
            guard e.isFinite, e.top >= 0, e.left >= 0, e.bottom >= 0, e.right >= 0 else {
                throw LayoutError.invalid(
                    "TreeLayout insets (\(e.top), \(e.left), \(e.bottom), \(e.right)) must be finite and non-negative")
            }
        }
    }

    /// The constants in effect. Set them with `configure(_:)` (or the single-value setters).
    public private(set) var configuration = Configuration.default
    /// `configuration.itemSize`.
    public var itemSize: Size { configuration.itemSize }
    /// `configuration.insets`.
    public var insets: EdgeInsets { configuration.insets }

    /// Section 0's total rows at the last `prepare()` (the guide's `maxNumRows`).
    public private(set) var maxNumRows = 0

    // Structure (from the data source), flat over all sections: item (s, i) is at sectionStart[s] + i.
    private var structureValid = false
    private var counts: [Int] = []
    private var sectionStart: [Int] = []
    private var firstChild: [Int] = []
    private var childCount: [Int] = []
    /// numRowsForClassAndChildren of each item.
    private var rowSpan: [Int] = []
    /// The row of each item.
    private var row: [Int] = []
    /// Per section, the items that have children (sorted), flat; section s's are
    /// parents[parentStart[s] ..< parentStart[s + 1]].
    private var parents: [Int] = []
    private var parentStart: [Int] = []

    private var columnPitch = 0.0, rowPitch = 0.0
    private var contentSize = Size.zero

    /// The most items (all sections together) the layout accepts: it keeps six `Int`s per item
    /// (about 800 MB at this limit). More throws `LayoutError.overflow` (not `.capacity`, which
    /// means "your buffer is too small" to a host) instead of exhausting memory.
    public static let maxItems = CollectionView.maxStoredItems

    public override init() { super.init() }

    /// No transforms: every cell and connector is drawn over its frame.
    public override var drawsElementsWithinFrames: Bool { true }

    /// Both slots are indices: discrete.
    public override var discreteCustomSlots: UInt8 { 0b11 }

    // MARK: Settings

    /// Validates `configuration` and installs all of it, or throws and changes nothing;
    /// invalidates the attached collection view (the children counts are kept).
    /// - Throws: `LayoutError.invalidArgument` (see `Configuration.validate()`).
    public func configure(_ configuration: Configuration) throws {
        try configuration.validate()
        guard configuration != self.configuration else { return }
        self.configuration = configuration
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// Sets `itemSize`, as `configure(_:)`.
    public func setItemSize(_ size: Size) throws {
        var c = configuration
        c.itemSize = size
        try configure(c)
    }

    /// Sets `insets`, as `configure(_:)`.
    public func setInsets(_ e: EdgeInsets) throws {
        var c = configuration
        c.insets = e
        try configure(c)
    }

    public override func invalidateLayout(with context: InvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts { structureValid = false }
    }

    // MARK: The layout cycle

    /// Asks the children counts (when stale), checks them, computes every item's rows and row.
    /// - Throws: `LayoutError.callback` for inconsistent or failing counts,
    ///   `LayoutError.overflow` beyond `maxItems` items, `LayoutError.overflow` when the content does not fit the
    /// coordinate range. On error the
    ///   previous layout is kept.
    /// - Complexity: O(n) for n items (n data-source calls when the structure is stale).
    public override func prepare() throws {
        let cv = collectionView
        let sectionCounts = cv?.counts ?? []
        if !structureValid || sectionCounts != counts {
            try loadStructure(sectionCounts)
        }
        let colP = itemSize.width + insets.left + insets.right
        let rowP = itemSize.height + insets.top + insets.bottom
        let w = Double(counts.count) * colP
        let h = Double(maxNumRows) * rowP
        guard w.isFinite, h.isFinite else {
            throw LayoutError(
                .overflow,
                "TreeLayout: content of \(counts.count) columns × \(maxNumRows) rows exceeds the coordinate range")
        }
        columnPitch = colP
        rowPitch = rowP
        contentSize = Size(width: w, height: h)
    }

    private func loadStructure(_ counts: [Int]) throws {
        let ns = counts.count
        var sectionStart = [Int](); sectionStart.reserveCapacity(ns + 1)
        var total = 0
        for c in counts {
            sectionStart.append(total)
            total += c
            guard total <= Self.maxItems else {
                throw LayoutError(.overflow, "TreeLayout supports at most \(Self.maxItems) items in all sections")
            }
        }
        sectionStart.append(total)
        var firstChild = [Int](repeating: 0, count: total)
        var childCount = [Int](repeating: 0, count: total)
        var parents = [Int](), parentStart = [Int](); parentStart.reserveCapacity(ns + 1)

        // Children counts, checked section by section.
        for s in 0..<ns {
            parentStart.append(parents.count)
            let next = s + 1 < ns ? counts[s + 1] : 0
            var sum = 0
            for i in 0..<counts[s] {
                let ip = IndexPath(section: s, item: i)
                let c: Int
                if let ds = treeDataSource {
                    do { c = try ds.numberOfChildren(ofItemAt: ip) } catch let e as LayoutError { throw e } catch {
                        throw LayoutError.callback("TreeLayout: numberOfChildren(ofItemAt: \(ip)) failed: \(error)")
                    }
                } else {
                    c = 0
                }
                guard c >= 0 else {
                    throw LayoutError.callback(
                        "TreeLayout: numberOfChildren(ofItemAt: \(ip)) returned \(c), a negative count")
                }
                guard c <= next - sum else {
                    throw LayoutError.callback(
                        s + 1 < ns
                            ? "TreeLayout: the items of section \(s) up to \(ip) have more children than the \(next) "
                                + "items of section \(s + 1)"
                            : "TreeLayout: item \(ip) of the last section has \(c) children, but there is no section "
                                + "\(s + 1)"
                    )
                }
                firstChild[sectionStart[s] + i] = sum
                childCount[sectionStart[s] + i] = c
                if c > 0 { parents.append(i) }
                sum += c
            }
            guard sum == next else {
                throw LayoutError.callback(
                    treeDataSource == nil
                        ? "TreeLayout: no treeDataSource is set, so every item is a leaf, but section \(s + 1) has "
                            + "\(next) items"
                        : "TreeLayout: the items of section \(s) have \(sum) children in all, but section \(s + 1) "
                            + "has \(next) items"
                )
            }
        }
        parentStart.append(parents.count)

        // numRowsForClassAndChildren, bottom-up.
        var rowSpan = [Int](repeating: 1, count: total)
        for s in stride(from: ns - 2, through: 0, by: -1) {
            let base = sectionStart[s], childBase = sectionStart[s + 1]
            for i in 0..<counts[s] where childCount[base + i] > 0 {
                var r = 0
                let f = childBase + firstChild[base + i]
                for k in f..<(f + childCount[base + i]) { r += rowSpan[k] }
                rowSpan[base + i] = r
            }
        }

        // Rows, top-down: section 0 stacked, each child at its parent's row + earlier siblings' rows.
        var row = [Int](repeating: 0, count: total)
        var maxNumRows = 0
        if ns > 0 {
            for i in 0..<counts[0] { row[i] = maxNumRows; maxNumRows += rowSpan[i] }
        }
        for s in 0..<Swift.max(ns - 1, 0) {
            let base = sectionStart[s], childBase = sectionStart[s + 1]
            for i in 0..<counts[s] {
                var r = row[base + i]
                let f = childBase + firstChild[base + i]
                for k in f..<(f + childCount[base + i]) { row[k] = r; r += rowSpan[k] }
            }
        }

        self.counts = counts
        self.sectionStart = sectionStart
        self.firstChild = firstChild
        self.childCount = childCount
        self.rowSpan = rowSpan
        self.row = row
        self.parents = parents
        self.parentStart = parentStart
        self.maxNumRows = maxNumRows
        structureValid = true
    }

    /// `(sections · (itemWidth + left + right), maxNumRows · (itemHeight + top + bottom))`.
    public override func collectionViewContentSize() throws -> Size { contentSize }

    // MARK: Geometry

    /// The guide's `frameForCellAtIndexPath:withHeight:`.
    private func cellFrame(section: Int, row: Int) -> Rect {
        Rect(
            x: Double(section) * columnPitch + insets.left, y: Double(row) * rowPitch + insets.top,
            width: itemSize.width, height: itemSize.height)
    }

    private func cellAttributes(_ s: Int, _ i: Int) -> LayoutAttributes {
        let f = sectionStart[s] + i
        var a = LayoutAttributes.cell(IndexPath(section: s, item: i), frame: cellFrame(section: s, row: row[f]))
        a.custom[0] = Double(firstChild[f])
        a.custom[1] = Double(childCount[f])
        return a
    }

    /// The connector of item `i` of section `s`, which has at least one child.
    private func connectorAttributes(_ s: Int, _ i: Int) -> LayoutAttributes {
        let f = sectionStart[s] + i
        let parent = cellFrame(section: s, row: row[f])
        let lastChild = cellFrame(section: s + 1, row: row[sectionStart[s + 1] + firstChild[f] + childCount[f] - 1])
        let frame = Rect(
            x: parent.maxX, y: parent.minY,
            width: lastChild.minX - parent.maxX, height: lastChild.maxY - parent.minY)
        var a = LayoutAttributes.supplementary(.connector, IndexPath(section: s, item: i), frame: frame)
        a.custom[0] = Double(firstChild[f])
        a.custom[1] = Double(childCount[f])
        return a
    }

    /// The row of item `i` of section `s` and its `numRowsForClassAndChildren`, from the last
    /// `prepare()`; nil when out of range.
    public func rowInfo(at indexPath: IndexPath) -> (row: Int, rows: Int)? {
        guard indexPath.section >= 0, indexPath.section < counts.count,
            indexPath.item >= 0, indexPath.item < counts[indexPath.section]
        else { return nil }
        let f = sectionStart[indexPath.section] + indexPath.item
        return (row[f], rowSpan[f])
    }

    // MARK: Queries

    /// - Complexity: O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < counts.count,
            indexPath.item >= 0, indexPath.item < counts[indexPath.section]
        else { return nil }
        return cellAttributes(indexPath.section, indexPath.item)
    }

    /// The connector of a parent; nil for a leaf and for other kinds.
    /// - Complexity: O(1).
    public override func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        guard kind == .connector, indexPath.section >= 0, indexPath.section < counts.count,
            indexPath.item >= 0, indexPath.item < counts[indexPath.section],
            childCount[sectionStart[indexPath.section] + indexPath.item] > 0
        else { return nil }
        return connectorAttributes(indexPath.section, indexPath.item)
    }

    /// The layout has no decoration views. O(1).
    public override func layoutAttributesForDecorationView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        nil
    }

    /// Hands `sink` the cells and connectors whose frame intersects `rect`.
    ///
    /// Only the columns `rect` spans are visited. In a section, cells are in row order and so are
    /// connectors (a connector ends no lower than the next parent's top), so a binary search on
    /// the bottom edge finds the first one reaching `rect` and the walk stops at the first one
    /// starting below it.
    /// - Complexity: O(c · log n + k) for c columns in `rect` and k elements returned.
    public override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        let ns = counts.count
        guard ns > 0, rect.isFinite, rect.width > 0, rect.height > 0, columnPitch > 0, rowPitch > 0 else { return }
        // Section s's column (cells and connector) spans [s·P + left, (s+1)·P + left).
        let lo = ((rect.minX - insets.left) / columnPitch).rounded(.down) - 1
        let hi = ((rect.maxX - insets.left) / columnPitch).rounded(.up) + 1
        let first = Int(Swift.min(Swift.max(lo, 0), Double(ns)))
        let last = Int(Swift.min(Swift.max(hi, -1), Double(ns - 1)))
        guard first <= last else { return }
        // The searches compare unrounded edges; `slack` covers the rounding of `frame`
        // (centre ± half size), and every candidate is then tested on its frame exactly.
        let slack = 1e-9 * (1 + Swift.max(abs(rect.minY), contentSize.height))
        let top = rect.minY - slack, bottom = rect.maxY + slack
        func minY(_ r: Int) -> Double { Double(r) * rowPitch + insets.top }
        for s in first...last {
            let base = sectionStart[s], n = counts[s]
            guard n > 0 else { continue }
            // Cells, by row: the first whose bottom is below `top`, until one starts below `bottom`.
            let cx = Double(s) * columnPitch + insets.left
            if itemSize.width > 0, itemSize.height > 0, cx < rect.maxX + slack, rect.minX - slack < cx + itemSize.width
            {
                var i = lowerBound(n) { minY(self.row[base + $0]) + self.itemSize.height > top }
                while i < n, minY(row[base + i]) < bottom {
                    let a = cellAttributes(s, i)
                    if rect.intersects(a.frame) { try sink.add(a) }
                    i += 1
                }
            }
            // Connectors, by parent row: a connector ends at its last child's bottom.
            let p0 = parentStart[s], pn = parentStart[s + 1] - p0
            guard pn > 0, s + 1 < ns else { continue }
            let childBase = sectionStart[s + 1]
            var j = lowerBound(pn) { k in
                let f = base + self.parents[p0 + k]
                return minY(self.row[childBase + self.firstChild[f] + self.childCount[f] - 1]) + self.itemSize.height
                    > top
            }
            while j < pn, minY(row[base + parents[p0 + j]]) < bottom {
                let a = connectorAttributes(s, parents[p0 + j])
                if rect.intersects(a.frame) { try sink.add(a) }
                j += 1
            }
        }
    }

    /// The first index in 0 ..< n where the monotone predicate holds (n if none).
    private func lowerBound(_ n: Int, _ pred: (Int) -> Bool) -> Int {
        var lo = 0, hi = n
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if pred(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
