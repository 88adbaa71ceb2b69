/// The span grid's per-item and per-section answers by callback (`GridLayout`), next to the bulk
/// arrays of `GridLayout+Items.swift`: Android's `GridLayoutManager.SpanSizeLookup.getSpanSize`,
/// Compose's `span = { GridItemSpan(...) }`, CHT's `columnCountForSection:`.
///
/// Rules (the header's "Grid layout" paragraph says the same):
/// - A bulk array wins: a section with bulk spans (extents) is not asked for spans (extents); a
///   section's own `setSectionColumns` entry wins over the columns callback only when the
///   callback is not set.
/// - Every prepare that lays a section out asks the callback once for each of its items (spans
///   and extents) and once for the section (columns), in index order; a prepare is run when the
///   layout is invalidated (a configuration change, a batch update, `invalidateLayout`, a change
///   of the bounds' cross size, `setCallbacks`), never for a scroll. Asking a section of n items
///   costs n calls and 28 bytes an item while the answers are kept (12 for the answers, 16 for
///   the row table).
/// - Each answer is checked: a span 1 ... the section's column count, an extent finite, >= 0 and
///   at most `FlowLayout.maxMagnitude`, a column entry as `setSectionColumns`'s. A bad answer or
///   an error thrown fails the prepare with `.callback` naming the item; nothing changes (the
///   previous frames stay).
/// - At most `CollectionView.maxStoredItems` items are asked in all (`.overflow` before the first
///   call otherwise).
/// - Once an item of a section is measured (self-sizing), the section's extents are held as an
///   array (the last answers, then the measurements), and the extent callback is not asked for
///   that section again until its item count changes.
extension GridLayout {
    /// The callbacks (each optional: nil = the bulk array or the configuration).
    public struct Callbacks {
        /// The span of an item, 1 ... the section's column count.
        public var span: ((IndexPath) throws -> Int)?
        /// The extent of an item along the scroll axis.
        public var extent: ((IndexPath) throws -> Double)?
        /// A section's column count (`SectionColumns(columns: 0, minimumColumnWidth: 0)`: the
        /// configuration's).
        public var columns: ((Int) throws -> SectionColumns)?

        public init(
            span: ((IndexPath) throws -> Int)? = nil, extent: ((IndexPath) throws -> Double)? = nil,
            columns: ((Int) throws -> SectionColumns)? = nil
        ) {
            self.span = span
            self.extent = extent
            self.columns = columns
        }

        var isEmpty: Bool { span == nil && extent == nil && columns == nil }
    }

    /// Installs `callbacks` (nil or all nil removes them) and invalidates the attached view.
    /// O(1).
    public func setCallbacks(_ callbacks: Callbacks?) {
        itemCallbacks = callbacks.flatMap { $0.isEmpty ? nil : $0 }
        cachedRows.removeAll()
        extentEdits.removeAll()
        spanEdits.removeAll()
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// The callbacks in effect.
    public var callbacks: Callbacks? { itemCallbacks }

    /// The column rule of section `s`: the columns callback's answer (checked), else the section
    /// entries' and configuration's (`columnRule`).
    func askedColumnRule(_ c: Configuration, _ s: Int) throws -> (fixed: Int, minimum: Double) {
        guard let ask = itemCallbacks?.columns else { return Self.columnRule(c, sectionColumns, s) }
        let e = try LayoutError.askingHost("GridLayout: the columns callback failed for section \(s)") { try ask(s) }
        if let problem = e.problem(maxColumns: Self.maxColumns) {
            throw LayoutError.callback("GridLayout: the columns callback's answer for section \(s): \(problem)")
        }
        return Self.columnRule(c, [e], 0)
    }

    /// Section `s`'s spans asked of the span callback (nil without one), each checked against
    /// `columns`.
    func askedSpans(_ s: Int, count n: Int, columns: Int) throws -> GridSpans? {
        guard let ask = itemCallbacks?.span, n > 0 else { return nil }
        var values = [Int32]()
        values.reserveCapacity(n)
        var m = 0
        for i in 0..<n {
            let ip = IndexPath(section: s, item: i)
            let v = try LayoutError.askingHost("GridLayout: the span callback failed for item \(ip)") { try ask(ip) }
            guard v >= 1, v <= columns else {
                throw LayoutError.callback(
                    "GridLayout: the span callback returned \(v) for item \(ip); a span must be 1 ... \(columns), "
                        + "the section's column count" + (v > columns ? " (span > column count)" : ""))
            }
            m = Swift.max(m, v)
            values.append(Int32(v))
        }
        versionCounter += 1
        return GridSpans(values: FlowChunkedArray(values), maxSpan: m, version: versionCounter)
    }

    /// Section `s`'s extents asked of the extent callback (nil without one).
    func askedExtents(_ s: Int, count n: Int) throws -> GridExtents? {
        guard let ask = itemCallbacks?.extent, n > 0 else { return nil }
        var values = [Double]()
        values.reserveCapacity(n)
        for i in 0..<n {
            let ip = IndexPath(section: s, item: i)
            let v = try LayoutError.askingHost("GridLayout: the extent callback failed for item \(ip)") { try ask(ip) }
            guard Self.isValidValue(v) else {
                throw LayoutError.callback(
                    "GridLayout: the extent callback returned \(v) for item \(ip); extents must be finite, >= 0 "
                        + "and <= \(FlowLayout.maxMagnitude)")
            }
            values.append(v)
        }
        versionCounter += 1
        return GridExtents(values: FlowChunkedArray(values), version: versionCounter)
    }

    /// Items the callbacks would be asked about in the sections without bulk arrays, checked
    /// against `CollectionView.maxStoredItems` before the first call.
    func checkAskedItems(_ counts: [Int]) throws {
        guard let cb = itemCallbacks, cb.span != nil || cb.extent != nil else { return }
        var total = 0
        for (s, n) in counts.enumerated()
        where (cb.span != nil && itemSpans[s] == nil) || (cb.extent != nil && itemExtents[s] == nil) {
            total += n
            guard total <= CollectionView.maxStoredItems else {
                throw LayoutError(
                    .overflow,
                    "GridLayout: the span and extent callbacks would be asked about \(total) items; at most "
                        + "\(CollectionView.maxStoredItems) (hand the spans and extents over in bulk instead)")
            }
        }
    }
}
