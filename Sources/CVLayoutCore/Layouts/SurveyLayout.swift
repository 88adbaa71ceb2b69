/// The Survey app's flow layout (Furrow ch. 4, "Organizing Content with UICollectionViewFlowLayout",
/// `AFCollectionViewFlowLayout`, Listings 4.1–4.12): a vertical flow whose cells are spread
/// evenly across the content width, with one "binder" decoration behind each section, and
/// inserted sections sliding in (cells from the right, the binder from the left, fading in).
///
/// ## What each piece implements
/// - `init` — Listings 4.1, 4.2, 4.9, 4.10: `sectionInset` (top 30, left 80, bottom 30,
///   right 20), spacings 20, `itemSize` = `kMaxItemSize` 200 × 200, `headerReferenceSize`
///   60 × 70. The binder kind is built in (`ElementKind.binder`): nothing is registered.
/// - Cells — Listings 4.4, 4.5 (`applyLayoutAttributes:`), applied to every cell the rect and
///   single-item queries return, after the flow layout placed it:
///
///       width  = collectionViewContentSize().width
///       n      = items in the cell's section
///       firstX = (width − (sectionInset.left + sectionInset.right)) / (2n)
///       center.x = sectionInset.left + firstX + 2·firstX·item        (center.y unchanged)
///       frame  = CGRectIntegral(frame)
///
///   As in the listing, the insets are the layout's `sectionInset` *property*, not the
///   delegate's per-section `insetForSectionAt` answer (which still drives the flow's own line
///   breaking). Headers and footers are left as the flow layout placed them.
/// - Binder — Listings 4.7, 4.8: one `.binder` decoration per section at index path
///   (section, 0), zIndex −1, behind the section's tallest cell:
///
///       tallest = the cell with the largest adjusted frame height (the first one on ties:
///                 the listing's strict `>`)
///       size    = (contentSize.width, tallest.height + headerReferenceSize.height)
///       center  = (contentSize.width / 2, tallest.center.y)
///
///   `headerReferenceSize` is the layout property, as in the listing (not the delegate's
///   per-section header size). Listing 4.7 adds a binder to a rect query when the query meets
///   the section's *header*; this layout adds it when the binder's *own frame* intersects the
///   rect, so a binder is neither missing while its section's cells are on screen without the
///   header, nor returned when only the header is. A section without items has no binder (the
///   listing would size it from a nil "tallest" cell: a zero-height cell at y 0); its
///   decoration query returns nil.
/// - Update animations — Listings 4.10–4.12: `prepare(forCollectionViewUpdates:)` records the
///   section (after the update) of every `.insert` update item — item inserts and section
///   inserts alike, so inserting one item makes its whole section slide in, as in the seed;
///   `finalizeCollectionViewUpdates()` forgets them. For a recorded section the binder appears
///   from `CATransform3DMakeTranslation(−frame.width, 0, 0)` at alpha 0 and each cell from
///   `CATransform3DMakeTranslation(contentSize.width, 0, 0)` (alpha unchanged, as in the
///   listing); elsewhere nil (the collection view's crossfade).
///
/// ## Cost
/// `prepare()` = the flow's prepare + finding each section's tallest cell, cached until the
/// next prepare that follows a non-bounds invalidation: O(1) for a section of same-size items
/// whose line positions are whole numbers (then every adjusted cell has the same height and
/// the first one wins); for other same-size sections the lines are searched until one reaches
/// the largest height CGRectIntegral can give (⌊h⌋ + 2, or h + 1 for a whole h), at most
/// `maxTallestSearchLines` lines (the cells of a line share their y); scrolling horizontally
/// (a cell's y depends only on its slot in the column), the slots of a column likewise, at most
/// `maxTallestSearchLines` of them (a viewport 1e308 high holds 2^40 items in one column); O(items) for
/// sections of varied sizes (whose prepare already asks every size).
/// Rect queries, vertical: O(log n + k′), k′ the cells of the lines the rect's y-range crosses
/// (the re-centring moves cells along x only, so the flow is asked for whole lines), plus
/// O(log sections) for the binders. Horizontal (not what the seed designed this layout for,
/// but it works: cells spread over the whole content width): per section, the cells whose
/// spread centre can reach the rect's x-range are an index range computed arithmetically, so
/// O(sections + m · log lines) for m such cells.
///
/// No custom attribute slots.
open class SurveyLayout: FlowLayout {
    /// `kMaxItemDimension` (Listing 4.1).
    public static let maxItemDimension = 200.0
    /// `kMaxItemSize` (Listing 4.1): 200 × 200, the default `itemSize` and the bound photos
    /// are fitted into (`DimensionsLayout.aspectFitSize(imageSize:maxSize:)`, Listing 3.9).
    public static let maxItemSize = Size(width: maxItemDimension, height: maxItemDimension)

    /// The sections (after the update) that gain items in the batch update being animated:
    /// Listing 4.10's `insertedSectionSet`. Filled by `prepare(forCollectionViewUpdates:)`,
    /// emptied by `finalizeCollectionViewUpdates()`.
    public private(set) var insertedSections = Set<Int>()

    /// Per section: the binder's frame, nil for a section without items. From the last prepare.
    private var binderFrames: [Rect?] = []
    /// `binderReach[s]`: largest binder maxY of sections 0 ... s (non-decreasing).
    private var binderReach: [Double] = []
    /// `binderFloor[s]`: smallest binder minY of sections s ..< n (non-decreasing).
    private var binderFloor: [Double] = []
    /// False when something other than the visible bounds changed since the cache was built.
    private var binderCacheValid = false
    /// The content width the cache was built for.
    private var binderCacheWidth = Double.nan

    /// Cells and binders are drawn over their frames (the slide-in transforms exist only while
    /// an update animates, when hit tests search a neighbourhood anyway).
    open override var drawsElementsWithinFrames: Bool { type(of: self) == SurveyLayout.self }

    /// Listing 4.2 (with 4.9 and 4.10): the Survey metrics.
    public static let seedConfiguration: FlowConfiguration = {
        var c = FlowConfiguration.default
        c.sectionInset = EdgeInsets(top: 30, left: 80, bottom: 30, right: 20)
        c.minimumInteritemSpacing = 20
        c.minimumLineSpacing = 20
        c.itemSize = SurveyLayout.maxItemSize
        c.headerReferenceSize = Size(width: 60, height: 70)
        return c
    }()

    public override init() { super.init(seedConfiguration: SurveyLayout.seedConfiguration) }

    // MARK: The layout cycle

    /// The flow's prepare, then the binder of each section (its tallest cell), unless only the
    /// visible bounds moved since the last prepare.
    open override func prepare() throws {
        try super.prepare()
        let width = try collectionViewContentSize().width
        let sections = numberOfSections
        if binderCacheValid && width == binderCacheWidth && binderFrames.count == sections { return }
        rebuildBinders(contentWidth: width, sections: sections)
        binderCacheWidth = width
        binderCacheValid = true
    }

    open override func invalidateLayout(with context: InvalidationContext) {
        super.invalidateLayout(with: context)
        if !context.isBoundsOnly { binderCacheValid = false }
    }

    /// Listing 4.4 + 4.7: the flow's elements, cells re-centred (Listing 4.5), plus the
    /// binders whose frame intersects `rect`.
    open override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        guard rect.width > 0, rect.height > 0, rect.isFinite else { return }
        let width = try collectionViewContentSize().width
        if scrollDirection == .vertical {
            // Cells only move along x, and CGRectIntegral grows a frame by less than 1 pt on
            // each side: ask the flow for whole lines across the rect's y-range (+ 1 pt), then
            // keep what intersects `rect` once adjusted.
            let wide = Rect(
                x: -SurveyLayout.farAway, y: rect.minY - 1,
                width: 2 * SurveyLayout.farAway, height: rect.height + 2)
            let mapped = MappingSink(into: sink) { [unowned self] a in
                if a.category == .cell { self.recentre(&a, contentWidth: width) }
                return a.frame.intersects(rect)
            }
            try super.layoutAttributesForElements(in: wide, into: mapped)
        } else {
            // Scrolling horizontally, Listing 4.5 spreads each section's cells over the whole
            // content width by index: the cells whose centre can reach the rect's x-range are
            // a range of indices, computed per section; headers and footers come from the flow.
            let others = MappingSink(into: sink) { $0.category != .cell && $0.frame.intersects(rect) }
            try super.layoutAttributesForElements(in: rect, into: others)
            for s in 0..<numberOfSections { try sendSpreadCells(section: s, in: rect, contentWidth: width, to: sink) }
        }
        try sendBinders(in: rect, to: sink)
    }

    /// The re-centred cells of section `s` intersecting `rect` when scrolling horizontally.
    /// Cell i's centre is at `left + firstX·(2i + 1)` (Listing 4.5), its frame at most the
    /// section's widest item (+ 1 pt of CGRectIntegral) around it.
    /// - Complexity: O(m · log lines) for the m cells whose spread x-range meets the rect's;
    ///   O(log n + k) for a section of same-size items (`sendSpreadGridCells`).
    private func sendSpreadCells(section s: Int, in rect: Rect, contentWidth width: Double, to sink: ElementSink) throws
    {
        let n = numberOfItems(inSection: s)
        guard n > 0, let st = state, s < st.sections.count, st.sections[s].itemCount == n else { return }
        let sec = st.sections[s]
        let left = sectionInset.left, right = sectionInset.right
        let firstX = (width - (left + right)) / (2 * Double(n))
        if sec.isUniform, try sendSpreadGridCells(section: s, sec, count: n, in: rect, contentWidth: width, to: sink) {
            return
        }
        let widest = sec.isUniform ? sec.uniformSize.width : sec.maxThickness
        guard firstX > 0, firstX.isFinite, widest.isFinite else {
            // Every centre at one x (or a degenerate width): test every cell.
            for i in 0..<n { try sendSpreadCell(s, i, rect, width, sink) }
            return
        }
        let reach = widest / 2 + 2
        let lo = (((rect.minX - reach - left) / firstX - 1) / 2).rounded(.down)
        let hi = (((rect.maxX + reach - left) / firstX - 1) / 2).rounded(.up)
        guard hi >= 0, lo < Double(n) else { return }
        let first = Int(Swift.max(lo, 0)), last = Int(Swift.min(hi, Double(n - 1)))
        guard first <= last else { return }
        for i in first...last { try sendSpreadCell(s, i, rect, width, sink) }
    }

    /// `sendSpreadCells` for a section of same-size items, in O(log n + k) whatever n and the
    /// rect: a re-centred cell's x-extent depends only on its index (centre `left + firstX·(2i +
    /// 1)`, the same sums as `recentre`, then `CGRectIntegral`: monotone in i, either way) and its
    /// y-extent only on its slot in its column (the flow's grid), so the indices and the slots
    /// whose frames meet the rect are two ranges, found by binary search over the adjusted
    /// frames themselves; every cell visited then meets the rect (or has no area), and the
    /// sink's limit bounds the loop. Before, a rect whose x-range met every centre of 2^32 items and whose y-range
    /// met no slot visited all of them (found by the fuzzer). Returns false, having sent
    /// nothing, when a centre is not finite (absurd insets): the caller's loop then decides.
    private func sendSpreadGridCells(
        section s: Int, _ sec: FlowSection, count n: Int, in rect: Rect, contentWidth width: Double,
        to sink: ElementSink
    ) throws -> Bool {
        let left = sectionInset.left, right = sectionInset.right
        let firstX = (width - (left + right)) / (2 * Double(n))
        let xFirst = left + (firstX + 2 * firstX * 0), xLast = left + (firstX + 2 * firstX * Double(n - 1))
        guard xFirst.isFinite, xLast.isFinite else { return false }
        func frame(_ i: Int) -> Rect { adjustedCell(s, i, contentWidth: width)?.frame ?? .zero }
        let iLo: Int, iEnd: Int
        if xLast >= xFirst {
            iLo = flowPartitionPoint(0, n) { frame($0).maxX > rect.minX }
            iEnd = flowPartitionPoint(iLo, n) { frame($0).minX >= rect.maxX }
        } else {
            iLo = flowPartitionPoint(0, n) { frame($0).minX < rect.maxX }
            iEnd = flowPartitionPoint(iLo, n) { frame($0).maxX <= rect.minX }
        }
        let perLine = Swift.max(1, sec.perLine), slots = Swift.min(perLine, n)
        let jLo = flowPartitionPoint(0, slots) { frame($0).maxY > rect.minY }
        let jEnd = flowPartitionPoint(jLo, slots) { frame($0).minY >= rect.maxY }
        guard iLo < iEnd, jLo < jEnd else { return true }
        // Every cell visited meets the rect along both axes; it is left out only when
        // CGRectIntegral leaves it no area (a 0-wide item whose centre is a whole number is
        // 0 wide; one whose centre is not becomes 1 wide), which no range search can tell in
        // advance: more than the sink's limit of those stops the query as too many elements do.
        var misses = 0
        var base = (iLo / perLine) * perLine
        while base < iEnd {
            var i = Swift.max(iLo, base + jLo)
            let end = Swift.min(iEnd, base + jEnd)
            while i < end {
                if let a = adjustedCell(s, i, contentWidth: width), a.frame.intersects(rect) {
                    try sink.add(a)
                } else {
                    misses += 1
                    if misses > sink.limit { try sink.stopAtLimit() }
                }
                i += 1
            }
            base += perLine
        }
        return true
    }

    @inline(__always)
    private func sendSpreadCell(_ s: Int, _ i: Int, _ rect: Rect, _ width: Double, _ sink: ElementSink) throws {
        guard let a = adjustedCell(s, i, contentWidth: width), a.frame.intersects(rect) else { return }
        try sink.add(a)
    }

    /// Listing 4.4: the flow's attributes, re-centred (Listing 4.5).
    open override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard var a = try super.layoutAttributesForItem(at: indexPath) else { return nil }
        recentre(&a, contentWidth: try collectionViewContentSize().width)
        return a
    }

    /// Listing 4.8: the binder of `indexPath.section` for kind `.binder` at item 0 (the index
    /// path of the section's header, which Listing 4.7 uses). Nil for a section without items,
    /// an index path out of range, before the first prepare, and for any other kind.
    /// - Complexity: O(1) (the tallest cell is cached by `prepare()`).
    open override func layoutAttributesForDecorationView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        guard kind == .binder else { return nil }
        return binderAttributes(at: indexPath)
    }

    // MARK: Update animations (Listings 4.10–4.12)

    /// Listing 4.11: remembers the section of every `.insert` update item (its index path after
    /// the update; section inserts included).
    open override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) throws {
        try super.prepare(forCollectionViewUpdates: updateItems)
        for u in updateItems where u.action == .insert {
            if let ip = u.indexPathAfterUpdate, ip.section >= 0 { insertedSections.insert(ip.section) }
        }
    }

    /// Listing 4.11: forgets the inserted sections.
    open override func finalizeCollectionViewUpdates() throws {
        try super.finalizeCollectionViewUpdates()
        insertedSections.removeAll()
    }

    /// Listing 4.12: an inserted section's binder starts one binder-width to the left, fully
    /// transparent. Nil (crossfade) for other sections and kinds.
    open override func initialLayoutAttributesForAppearingDecorationElement(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        guard kind == .binder, insertedSections.contains(indexPath.section),
            var a = try layoutAttributesForDecorationView(ofKind: kind, at: indexPath)
        else { return nil }
        a.alpha = 0
        a.transform = .translation(-a.frame.width, 0, 0)
        return a
    }

    /// Listing 4.12: a cell of an inserted section starts one content-width to the right (its
    /// alpha is left at 1, as in the listing). Nil (crossfade) for other sections.
    open override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard insertedSections.contains(indexPath.section),
            var a = try layoutAttributesForItem(at: indexPath)
        else { return nil }
        a.transform = .translation(try collectionViewContentSize().width, 0, 0)
        return a
    }

    // MARK: Listing 4.5

    /// A coordinate beyond any frame the flow can produce (sizes and offsets are bounded by
    /// `FlowLayout.maxMagnitude` times at most `CollectionView.maxCount`).
    private static let farAway = 1e300

    /// Listing 4.5 on a cell: spread evenly across the content width, then `CGRectIntegral`.
    /// Left unchanged when the section's count is unknown (detached layout).
    private func recentre(_ a: inout LayoutAttributes, contentWidth width: Double) {
        let n = numberOfItems(inSection: a.indexPath.section)
        guard n > 0 else { return }
        let left = sectionInset.left, right = sectionInset.right
        let firstX = (width - (left + right)) / (2 * Double(n))
        let xPosition = firstX + 2 * firstX * Double(a.indexPath.item)
        let x = left + xPosition
        guard x.isFinite else { return }
        a.center = Point(x: x, y: a.center.y)
        a.frame = a.frame.integral
    }

    // MARK: Binders (Listing 4.8)

    private func binderAttributes(at indexPath: IndexPath) -> LayoutAttributes? {
        let s = indexPath.section
        guard indexPath.item == 0, s >= 0, s < binderFrames.count, let f = binderFrames[s] else { return nil }
        return binder(s, f)
    }

    private func binder(_ s: Int, _ f: Rect) -> LayoutAttributes {
        var a = LayoutAttributes.decoration(.binder, IndexPath(section: s, item: 0), frame: f)
        a.zIndex = -1
        return a
    }

    /// Binders whose frame intersects `rect`: sections found by binary search over the
    /// binders' prefix-max bottom and suffix-min top, as the flow finds its sections.
    private func sendBinders(in rect: Rect, to sink: ElementSink) throws {
        let n = binderFrames.count
        guard n > 0, binderReach.count == n, binderFloor.count == n else { return }
        let lo = flowPartitionPoint(0, n) { self.binderReach[$0] > rect.minY }
        let hi = flowPartitionPoint(lo, n) { self.binderFloor[$0] >= rect.maxY }
        var s = lo
        while s < hi {
            if let f = binderFrames[s], f.intersects(rect) { try sink.add(binder(s, f)) }
            s += 1
        }
    }

    /// Finds each section's tallest adjusted cell and caches its binder frame.
    private func rebuildBinders(contentWidth width: Double, sections n: Int) {
        var frames = [Rect?]()
        frames.reserveCapacity(n)
        let extra = headerReferenceSize.height
        for s in 0..<n {
            guard let tallest = tallestCell(inSection: s, contentWidth: width) else {
                frames.append(nil)
                continue
            }
            let size = Size(width: width, height: tallest.size.height + extra)
            let center = Point(x: width / 2, y: tallest.center.y)
            let f = Rect(
                x: center.x - size.width / 2, y: center.y - size.height / 2,
                width: size.width, height: size.height)
            frames.append(f.isFinite && size.isValidExtent ? f : nil)
        }
        var reach = [Double](repeating: 0, count: n)
        var r = -Double.infinity
        for s in 0..<n {
            if let f = frames[s] { r = Swift.max(r, f.maxY) }
            reach[s] = r
        }
        var floor = [Double](repeating: 0, count: n)
        var m = Double.infinity
        var s = n - 1
        while s >= 0 {
            if let f = frames[s] { m = Swift.min(m, f.minY) }
            floor[s] = m
            s -= 1
        }
        binderFrames = frames
        binderReach = reach
        binderFloor = floor
    }

    /// The adjusted attributes of item `i` (flow frame, then Listing 4.5), built exactly as the
    /// queries build them so heights match bit for bit.
    private func adjustedCell(_ s: Int, _ i: Int, contentWidth width: Double) -> LayoutAttributes? {
        let ip = IndexPath(section: s, item: i)
        guard let f = frameForItem(at: ip) else { return nil }
        var a = LayoutAttributes.cell(ip, frame: f)
        recentre(&a, contentWidth: width)
        return a
    }

    /// Listing 4.8's loop: the first cell with the largest adjusted frame height.
    private func tallestCell(inSection s: Int, contentWidth width: Double) -> LayoutAttributes? {
        let count = numberOfItems(inSection: s)
        guard count > 0 else { return nil }
        var best: LayoutAttributes?
        func consider(_ i: Int) {
            guard let a = adjustedCell(s, i, contentWidth: width) else { return }
            if best == nil || a.size.height > (best?.size.height ?? 0) { best = a }
        }
        if let st = state, s < st.sections.count, st.sections[s].isUniform, st.sections[s].itemCount == count {
            let sec = st.sections[s]
            let perLine = Swift.max(1, sec.perLine)
            // CGRectIntegral makes a cell at most ⌊h⌋ + 2 high (h + 1 for a whole h): the first
            // cell reaching that is the answer.
            let h = sec.uniformSize.height
            let highest = h == h.rounded() ? h + 1 : h.rounded(.down) + 2
            if scrollDirection == .horizontal {
                // Lines are columns: a cell's y (hence its adjusted height) depends only on its
                // slot in the column, and slot j first appears at item j. A column can hold
                // every item (a viewport 1e308 high), so the search stops, as the vertical one
                // does, after `maxTallestSearchLines` slots.
                for i in 0..<Swift.min(perLine, count, SurveyLayout.maxTallestSearchLines) {
                    consider(i)
                    if let b = best, b.size.height >= highest { break }
                }
                return best
            }
            // Same-size items: every cell of a line has the same y, hence the same adjusted
            // height; only the first cell of each line can be the first tallest.
            if SurveyLayout.linesAreWhole(sec) { return adjustedCell(s, 0, contentWidth: width) }
            // Otherwise the search stops after `maxTallestSearchLines` lines.
            var first = 0, lines = 0
            while first < count && lines < SurveyLayout.maxTallestSearchLines {
                consider(first)
                if let b = best, b.size.height >= highest { break }
                first += perLine
                lines += 1
            }
            return best
        }
        for i in 0..<count { consider(i) }
        return best
    }

    /// Most lines (scrolling horizontally: slots of a column) of a same-size section searched
    /// for its tallest adjusted cell (the binder's height) when the lines do not start at whole
    /// numbers: keeps `prepare()` bounded for a section of 2^40 items. A taller cell further
    /// down (possible only when no searched line reached the largest possible height) is not
    /// found.
    public static let maxTallestSearchLines = 1 << 16

    /// True when every line of a uniform vertical section starts at a whole number and the
    /// items are a whole number high, all small enough to be exact: then every adjusted cell
    /// keeps its height exactly (`CGRectIntegral` changes nothing along y) and item 0 is the
    /// first tallest.
    private static func linesAreWhole(_ sec: FlowSection) -> Bool {
        func whole(_ x: Double) -> Bool { x.isFinite && x == x.rounded() }
        let h = sec.uniformSize.height
        let limit = 0x1p50
        let span = abs(sec.origin) + abs(sec.bodyStart) + Double(Swift.max(0, sec.lineCount)) * abs(sec.linePitch) + h
        return whole(h) && whole(sec.origin) && whole(sec.bodyStart) && whole(sec.linePitch) && span < limit
    }
}
