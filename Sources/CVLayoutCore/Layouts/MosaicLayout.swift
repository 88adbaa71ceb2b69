/// The paged mosaic of MacMullin's post (a horizontally paged layout with 12 items per page, "some cells
/// are bigger than others and span multiple lines"): `collectionViewContentSize` and
/// `layoutAttributesForItemAtIndex:` of the post, with its three `switch` tables.
///
/// Item `index` of section 0, with `page = index / 12` and `indexOnPage = index % 12`:
///
///     indexOnPage:  0  1  2  3  4  5  6  7  8  9 10 11
///     column:       0  1  2  0  1  0  1  2  3  1  2  3
///     row:          0  0  0  1  1  2  2  2  2  3  3  3
///     size:         index 2 → large (largeCellWidth × largeCellHeight)
///                   index 5 → medium (columnWidth × mediumCellHeight)
///                   others  → small (columnWidth × rowHeight)
///     x = page · pageWidth + (columnWidth + padding) · column
///     y = (rowHeight + padding) · row
///     content size = (⌈n / 12⌉ · pageWidth, pageHeight)       // 0 items → width 0
///
/// `pageWidth` and `pageHeight` are the collection view's bounds size. The post leaves the
/// constants (`kPadding`, `kColumnWidth`, …) undefined; here they are properties whose defaults
/// make four columns and four rows fill a page exactly:
/// `columnWidth = (W − 3·padding) / 4`, `rowHeight = (H − 3·padding) / 4` (0 when negative),
/// `largeCellWidth = 2·columnWidth + padding`, `largeCellHeight = mediumCellHeight =
/// 2·rowHeight + padding`.
///
/// With those defaults the tables tile each page's 4 × 4 grid without overlap or gap: the large
/// cell covers columns 2–3 of rows 0–1, the medium cell column 0 of rows 2–3, and the ten small
/// cells the other ten grid cells (10 + 4 + 2 = 16). Explicit sizes can make cells overlap;
/// the layout does not check.
///
/// Custom attribute slot 0 is the post's cell type (`CustomFlowLayoutAttributes`):
/// 0 = small, 1 = large, 2 = medium. It is discrete (switches, never blends, in animations).
///
/// Only section 0 is laid out (the post assumes a single section). The layout is invalidated
/// when the bounds size changes, not when they only move.
public final class MosaicLayout: CellsOnlyLayout {
    /// No appear hook is overridden: an animation's set-up need not ask it.
    override var appearsWithoutAttributes: Bool { true }

    /// Items per page (`kNumberOfItemsPerPage`).
    public static let itemsPerPage = 12
    /// The post's column table, indexed by `indexOnPage`.
    public static let columns = [0, 1, 2, 0, 1, 0, 1, 2, 3, 1, 2, 3]
    /// The post's row table, indexed by `indexOnPage`.
    public static let rows = [0, 0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3]

    /// Values of custom slot 0.
    public enum CellType: Int, Sendable {
        case small = 0
        case large = 1
        case medium = 2
    }

    /// The cell type of a position on the page: 2 is large, 5 medium, the rest small.
    public static func cellType(indexOnPage: Int) -> CellType {
        indexOnPage == 2 ? .large : indexOnPage == 5 ? .medium : .small
    }

    /// The sizes in effect for one `prepare()`, with every default resolved.
    public struct Metrics: Equatable, Sendable {
        public var pageWidth: Double
        public var pageHeight: Double
        public var padding: Double
        public var columnWidth: Double
        public var rowHeight: Double
        public var largeCellWidth: Double
        public var largeCellHeight: Double
        public var mediumCellHeight: Double
    }

    /// The post's constants as one value: `padding` and the five sizes (nil = derived from the
    /// page). This type owns their defaults and their rule (each finite and non-negative).
    public struct Configuration: Equatable, Sendable {
        /// Gap between columns and between rows (`kPadding`). Default 10.
        public var padding = 10.0
        /// `kColumnWidth`; nil (default) = `(pageWidth − 3·padding) / 4`.
        public var columnWidth: Double?
        /// `kRowHeight`; nil (default) = `(pageHeight − 3·padding) / 4`.
        public var rowHeight: Double?
        /// `kLargeCellWidth`; nil (default) = `2·columnWidth + padding`.
        public var largeCellWidth: Double?
        /// `kLargeCellHeight`; nil (default) = `2·rowHeight + padding`.
        public var largeCellHeight: Double?
        /// `kMediumCellHeight`; nil (default) = `2·rowHeight + padding`.
        public var mediumCellHeight: Double?

        public init() {}
        /// Padding 10, every size derived from the page.
        public static let `default` = Configuration()

        /// - Throws: `LayoutError.invalidArgument` naming the first value that is negative,
        ///   NaN or infinite.
        public func validate() throws {
            let fields: [(String, Double?)] = [
                ("padding", padding), ("column_width", columnWidth),
                ("row_height", rowHeight), ("large_cell_width", largeCellWidth),
                ("large_cell_height", largeCellHeight),
                ("medium_cell_height", mediumCellHeight),
            ]
            for (name, v) in fields {
                if let v, !(v.isFinite && v >= 0) {
                    throw LayoutError.invalid("MosaicLayout \(name) \(v) must be finite and non-negative")
                }
            }
        }
    }

    /// The constants in effect. Set them with `configure(_:)` (or the single-value setters).
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

    /// `configuration.padding`.
    public var padding: Double { configuration.padding }
    /// `configuration.columnWidth`.
    public var columnWidth: Double? { configuration.columnWidth }
    /// `configuration.rowHeight`.
    public var rowHeight: Double? { configuration.rowHeight }
    /// `configuration.largeCellWidth`.
    public var largeCellWidth: Double? { configuration.largeCellWidth }
    /// `configuration.largeCellHeight`.
    public var largeCellHeight: Double? { configuration.largeCellHeight }
    /// `configuration.mediumCellHeight`.
    public var mediumCellHeight: Double? { configuration.mediumCellHeight }

    /// The resolved sizes of the last `prepare()`.
    public private(set) var metrics = Metrics(
        pageWidth: 0, pageHeight: 0, padding: Configuration.default.padding,
        columnWidth: 0, rowHeight: 0,
        largeCellWidth: 0, largeCellHeight: 0, mediumCellHeight: 0)
    /// Section 0's count at the last `prepare()`.
    public private(set) var itemCount = 0
    /// ⌈itemCount / 12⌉.
    public private(set) var pageCount = 0
    /// The 12 frames of page 0 (page p is the same shifted by p · pageWidth).
    private var pageFrames: [Rect] = []
    /// The union of `pageFrames`.
    private var pageBox = Rect.zero
    private var contentSize = Size.zero

    public override init() { super.init() }

    /// No transforms: every cell is drawn over its frame.
    public override var drawsElementsWithinFrames: Bool { true }

    /// Slot 0 (the cell type) is discrete.
    public override var discreteCustomSlots: UInt8 { 0b1 }

    // MARK: Settings

    private func set(_ change: (inout Configuration) -> Void) throws {
        var c = configuration
        change(&c)
        try configure(c)
    }

    /// Sets `padding` (as `configure(_:)`).
    public func setPadding(_ v: Double) throws { try set { $0.padding = v } }
    /// Sets `columnWidth` (nil = derived), as `configure(_:)`.
    public func setColumnWidth(_ v: Double?) throws { try set { $0.columnWidth = v } }
    /// Sets `rowHeight` (nil = derived), as `configure(_:)`.
    public func setRowHeight(_ v: Double?) throws { try set { $0.rowHeight = v } }
    /// Sets `largeCellWidth` (nil = derived), as `configure(_:)`.
    public func setLargeCellWidth(_ v: Double?) throws { try set { $0.largeCellWidth = v } }
    /// Sets `largeCellHeight` (nil = derived), as `configure(_:)`.
    public func setLargeCellHeight(_ v: Double?) throws { try set { $0.largeCellHeight = v } }
    /// Sets `mediumCellHeight` (nil = derived), as `configure(_:)`.
    public func setMediumCellHeight(_ v: Double?) throws { try set { $0.mediumCellHeight = v } }

    /// Resolves the defaults for a page of `size`.
    /// - Complexity: O(1).
    public func metrics(forPageSize size: Size) -> Metrics {
        let p = padding
        let cw = columnWidth ?? Swift.max(0, (size.width - 3 * p) / 4)
        let rh = rowHeight ?? Swift.max(0, (size.height - 3 * p) / 4)
        return Metrics(
            pageWidth: size.width, pageHeight: size.height, padding: p, columnWidth: cw, rowHeight: rh,
            largeCellWidth: largeCellWidth ?? 2 * cw + p,
            largeCellHeight: largeCellHeight ?? 2 * rh + p,
            mediumCellHeight: mediumCellHeight ?? 2 * rh + p)
    }

    /// The frame of position `indexOnPage` on page 0 (the post's `switch` statements).
    static func frameOnPage(_ indexOnPage: Int, _ m: Metrics) -> Rect {
        let x = (m.columnWidth + m.padding) * Double(columns[indexOnPage])
        let y = (m.rowHeight + m.padding) * Double(rows[indexOnPage])
        switch cellType(indexOnPage: indexOnPage) {
        case .large: return Rect(x: x, y: y, width: m.largeCellWidth, height: m.largeCellHeight)
        case .medium: return Rect(x: x, y: y, width: m.columnWidth, height: m.mediumCellHeight)
        case .small: return Rect(x: x, y: y, width: m.columnWidth, height: m.rowHeight)
        }
    }

    // MARK: The layout cycle

    /// Resolves the sizes and the 12 frames of a page.
    /// - Throws: `LayoutError.overflow` when the content would be wider than a `Double` holds.
    /// - Complexity: O(1).
    public override func prepare() throws {
        let size = collectionView?.boundsSize ?? .zero
        guard size.isValidExtent else {
            throw LayoutError.invalid(
                "MosaicLayout: bounds size \(size.width)x\(size.height) must be finite and non-negative")
        }
        let m = metrics(forPageSize: size)
        let n = numberOfItems(inSection: 0)
        let pages = n / Self.itemsPerPage + (n % Self.itemsPerPage == 0 ? 0 : 1)
        let frames = (0..<Self.itemsPerPage).map { Self.frameOnPage($0, m) }
        let box = frames.dropFirst().reduce(frames[0]) { $0.union($1) }
        let width = Double(pages) * m.pageWidth
        guard box.isFinite, box.maxX.isFinite, box.maxY.isFinite, width.isFinite, (width + box.maxX).isFinite else {
            throw LayoutError(
                .overflow,
                "MosaicLayout: \(pages) pages of \(m.pageWidth) points with these cell sizes exceed the coordinate "
                    + "range"
            )
        }
        metrics = m
        itemCount = n
        pageCount = pages
        pageFrames = frames
        pageBox = box
        contentSize = Size(width: width, height: m.pageHeight)
    }

    /// `(pageCount · pageWidth, pageHeight)`.
    public override func collectionViewContentSize() throws -> Size { contentSize }

    private func attributes(_ index: Int) -> LayoutAttributes {
        let page = index / Self.itemsPerPage, onPage = index % Self.itemsPerPage
        var f = pageFrames[onPage]
        f.origin.x += Double(page) * metrics.pageWidth
        var a = LayoutAttributes.cell(IndexPath(section: 0, item: index), frame: f)
        a.custom[0] = Double(Self.cellType(indexOnPage: onPage).rawValue)
        return a
    }

    /// - Complexity: O(1).
    public override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < itemCount else { return nil }
        return attributes(indexPath.item)
    }

    /// Hands `sink` the items whose frame intersects `rect`, visiting only the pages whose items
    /// can reach it.
    /// - Complexity: O(12 · pages overlapping `rect`). When the page width is 0 every page sits
    ///   at x = 0: the positions on a page that intersect `rect` are found first (O(12)), then
    ///   only their items are visited (each one is returned).
    public override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        guard itemCount > 0, rect.isFinite, rect.width > 0, rect.height > 0,
            pageBox.minY < rect.maxY, rect.minY < pageBox.maxY
        else { return }
        let w = metrics.pageWidth
        var first = 0, last = pageCount - 1
        if !(w > 0) {
            // Every page at x = 0: position j intersects on every page or on none.
            for j in 0..<Self.itemsPerPage where rect.intersects(pageFrames[j]) {
                var index = j
                while index < itemCount {
                    try sink.add(attributes(index))
                    index += Self.itemsPerPage
                }
            }
            return
        }
        do {
            // Page p's items span [p·w + box.minX, p·w + box.maxX).
            let lo = ((rect.minX - pageBox.maxX) / w).rounded(.down) - 1
            let hi = ((rect.maxX - pageBox.minX) / w).rounded(.up) + 1
            let pc = Double(pageCount)
            first = Int(Swift.min(Swift.max(lo, 0), pc))
            last = Int(Swift.min(Swift.max(hi, -1), pc - 1))
        }
        guard first <= last else { return }
        for page in first...last {
            let base = page * Self.itemsPerPage
            for j in 0..<Swift.min(Self.itemsPerPage, itemCount - base) {
                let a = attributes(base + j)
                if rect.intersects(a.frame) { try sink.add(a) }
            }
        }
    }

    // MARK: Invalidation

    /// True when the size changes (pages and derived sizes follow it); a scroll keeps the layout.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != (collectionView?.boundsSize ?? .zero)
    }

    /// A size change moves every item.
    public override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        .layoutAttributes
    }
}
