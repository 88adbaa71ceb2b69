/// Self-sizing in the span grid (`GridLayout`): a measured size's extent along the scroll axis
/// (its height when vertical, its width when horizontal) becomes the item's extent; its cross
/// size is the grid's (the columns decide it). The collection view's side (the content offset
/// correction, scroll anchoring) is `CollectionView+SelfSizing.swift`, shared with the flow.
///
/// Storage: measured extents are written into the section's bulk extents. A section without
/// them gets an array made from its current extents when its first item is measured (8 bytes an
/// item, at most `CollectionView.maxStoredItems` in all). A range edit of the extents
/// (`replaceItemExtents`) keeps the measurements of the items it does not replace; a section
/// whose item count changes otherwise forgets its measurements (an array the layout made is
/// dropped), as does a section whose extents the host sets or removes.
extension GridLayout: SelfSizingLayout {
    /// Whether `indexPath`'s extent was measured. O(1).
    public func isMeasured(_ indexPath: IndexPath) -> Bool {
        measuredItems[indexPath.section]?.contains(indexPath.item) ?? false
    }

    /// The grid's frame of an item from the last prepare (nil outside its counts).
    public func frameForItem(at indexPath: IndexPath) -> Rect? {
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let sec = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < sec.itemCount else { return nil }
        return itemFrame(sec, indexPath.item)
    }

    /// Writes measured extents (all or none) and invalidates the layout.
    /// - Throws: `.state` when not prepared; `.outOfRange` for an index path outside the prepared
    ///   counts; `.invalidArgument` for a size that is NaN, infinite, negative or larger than
    ///   `FlowLayout.maxMagnitude`; `.overflow` when the arrays the layout would make would hold
    ///   more than `CollectionView.maxStoredItems` items. Nothing changes on error.
    /// - Complexity: O(k log n) for k sizes written into a section's chunked extents (a chunk
    ///   copied when a saved state shares it), plus O(n) for a section of n items whose array is
    ///   made.
    /// - Returns: whether any extent changed.
    @discardableResult
    public func setMeasuredSizes(_ items: [(IndexPath, Size)]) throws -> Bool {
        guard collectionView != nil, sections.count == collectionView?.counts.count else {
            throw LayoutError.state("measured sizes: the layout is not prepared yet (query the view first)")
        }
        var newArrays = 0
        var made = Set<Int>()
        for (ip, size) in items {
            guard ip.section >= 0, ip.section < sections.count, ip.item >= 0,
                ip.item < sections[ip.section].itemCount
            else {
                throw LayoutError.outOfRange("measured sizes: item \(ip) is out of range")
            }
            guard FlowLayout.isValidSize(size) else {
                throw LayoutError.invalid(
                    "measured size of item \(ip) is \(size.width)x\(size.height); sizes must be finite, "
                        + "non-negative and at most \(FlowLayout.maxMagnitude)")
            }
            if itemExtents[ip.section] == nil, made.insert(ip.section).inserted {
                newArrays += sections[ip.section].itemCount
            }
        }
        if newArrays > 0 {
            let owned = ownsExtents.reduce(0) { $0 + (itemExtents[$1]?.values.count ?? 0) }
            guard owned + newArrays <= CollectionView.maxStoredItems else {
                throw LayoutError(
                    .overflow,
                    "measured sizes: the grid would store the extents of \(owned + newArrays) items; at most "
                        + "\(CollectionView.maxStoredItems) (hand the extents over in bulk instead)")
            }
        }
        // Write (infallible): into each section's chunked array (a chunk copied when a prepared
        // state shares it), or an array made from the current extents.
        var arrays: [Int: (values: FlowChunkedArray<Double>, version: Int)] = [:]
        var madeNow = Set<Int>()
        var changedItems: [Int: [Int]] = [:]
        let horizontal = prepared.isHorizontal
        for (ip, size) in items {
            let s = ip.section
            if arrays[s] == nil {
                if let e = itemExtents[s] {
                    arrays[s] = (e.values, e.version)
                    itemExtents[s] = nil  // (the array edited in place when nothing else holds it)
                } else {
                    let sec = sections[s]
                    var values = (0..<sec.itemCount).map { i in
                        let f = itemFrame(sec, i)
                        return horizontal ? f.width : f.height
                    }
                    if prepared.stretchItems == 1, let t = sec.rows {
                        // A stretched frame is the row's; the estimate is the item's own.
                        for i in 0..<sec.itemCount {
                            let span = t.span(i)
                            values[i] = t.extent(i, crossLength: t.crossLength(span, sec.itemWidth))
                        }
                    }
                    arrays[s] = (FlowChunkedArray(values), -1)
                    ownsExtents.insert(s)
                    madeNow.insert(s)
                }
            }
            measuredItems[s, default: []].insert(ip.item)
            let v = horizontal ? size.width : size.height
            if arrays[s]!.values[ip.item] != v || madeNow.contains(s) {
                arrays[s]!.values[ip.item] = v
                changedItems[s, default: []].append(ip.item)
            }
        }
        var changed = false
        for (s, a) in arrays {
            guard let items = changedItems[s] else {
                itemExtents[s] = GridExtents(values: a.values, version: a.version)  // (unchanged)
                continue
            }
            itemExtents[s] = GridExtents(values: a.values, version: nextMeasuredVersion())
            if madeNow.contains(s) {
                extentEdits[s] = nil  // a new array: the rows are built from scratch
            } else {
                // Extents changed in place: the rows around the measured items are re-packed.
                for i in items {
                    recordEdit(&extentEdits, s, fromVersion: a.version, start: i, removed: 1, inserted: 1)
                }
            }
            changed = true
        }
        if changed { collectionView?.invalidateLayout(.layoutAttributes) }
        return changed
    }

    private func nextMeasuredVersion() -> Int {
        versionCounter += 1
        return versionCounter
    }

    /// Marks items as not measured any more; their extents stay until measured again.
    /// - Throws: `.outOfRange` for a negative section or a range outside the section's items;
    ///   `.invalidArgument` for a range without a section. Nothing changes on error.
    /// - Returns: how many items stopped being measured.
    @discardableResult
    public func clearMeasuredSizes(section: Int?, range: Range<Int>?) throws -> Int {
        guard let section else {
            guard range == nil else { throw LayoutError.invalid("clear measured sizes: a range needs a section") }
            let n = measuredItems.values.reduce(0) { $0 + $1.count }
            measuredItems.removeAll()
            return n
        }
        guard section >= 0, section < CollectionView.maxSections else {
            throw LayoutError.outOfRange("clear measured sizes: section \(section) is out of range")
        }
        guard let range else { return measuredItems.removeValue(forKey: section)?.count ?? 0 }
        let count = section < sections.count ? sections[section].itemCount : 0
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw LayoutError.outOfRange(
                "clear measured sizes: items \(range.lowerBound) ..< \(range.upperBound) are outside the "
                    + "\(count) items of section \(section)")
        }
        guard var m = measuredItems[section] else { return 0 }
        let before = m.count
        m = m.filter { !range.contains($0) }
        measuredItems[section] = m.isEmpty ? nil : m
        return before - m.count
    }

    /// The cells intersecting `rect` whose extent is still an estimate, in index-path order, at
    /// most `limit` (the rest counted). O(log n + k).
    public func unmeasuredItems(in rect: Rect, limit: Int) throws -> (items: [IndexPath], total: Int) {
        var out: [IndexPath] = [], total = 0
        let sink = VisitingSink(counts: sections.map(\.itemCount)) { [self] a in
            guard a.category == .cell, !isMeasured(a.indexPath) else { return }
            total += 1
            if out.count < limit { out.append(a.indexPath) }
        }
        try layoutAttributesForElements(in: rect, into: sink)
        try sink.check()
        out.sort()
        return (out, total)
    }

    public func selfSizingCheckpoint() -> Any { GridSizingState(grid: self) }

    public func restoreSelfSizing(_ checkpoint: Any, relayingOut sections: Set<Int>) {
        restoreSizing(checkpoint)
    }

    /// Puts back what `GridSizingState` kept.
    func restoreSizing(_ state: Any) {
        guard let s = state as? GridSizingState else { return }
        itemSpans = s.spans
        itemExtents = s.extents
        measuredItems = s.measured
        ownsExtents = s.owns
        cachedRows.removeAll()  // the arrays may differ from the tables': rebuild them all
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// The sections whose array the layout made no longer match their item count.
    func staleOwnedExtents(_ counts: [Int]) -> Set<Int> {
        guard !ownsExtents.isEmpty else { return [] }
        return ownsExtents.filter { $0 >= counts.count || counts[$0] != itemExtents[$0]?.values.count }
    }

    /// After a successful prepare: sections whose item count is no longer their measured array's
    /// forget their measurements (an array the layout made is dropped). O(sections with a
    /// measured item).
    func forgetMeasurementsOfChangedCounts(_ counts: [Int]) {
        guard !ownsExtents.isEmpty || !measuredItems.isEmpty else { return }
        for s in Array(measuredItems.keys) {
            let n = itemExtents[s]?.values.count ?? -1
            if s >= counts.count || counts[s] != n { measuredItems[s] = nil }
        }
        for s in ownsExtents where s >= counts.count || counts[s] != itemExtents[s]?.values.count {
            ownsExtents.remove(s)
            itemExtents[s] = nil
        }
    }
}

/// The grid's bulk data and self-sizing tables (shared chunked arrays: O(groups) to keep).
struct GridSizingState {
    var spans: [Int: GridSpans]
    var extents: [Int: GridExtents]
    var measured: [Int: Set<Int>]
    var owns: Set<Int>

    init(grid: GridLayout) {
        spans = grid.itemSpans
        extents = grid.itemExtents
        measured = grid.measuredItems
        owns = grid.ownsExtents
    }
}
