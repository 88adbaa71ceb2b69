/// Self-sizing for the compositional layout's `.estimated` dimensions (C2: "Actual size will be
/// determined when the content is rendered"): a cell starts at its estimate; the host measures it
/// and reports the size through the collection view's self-sizing calls (`setMeasuredSizes`,
/// `CollectionView+SelfSizing.swift`, which also corrects the content offset so nothing on screen
/// moves). A measured size replaces the cell's estimated dimensions (those only: an absolute or
/// fractional one stays); a group of a regular section then extends along the scroll axis to
/// its longest measured cell (its estimate at least: Q5), and the groups after it move. The cells
/// keep their places inside their group (a vertical group's items do not move down for a taller
/// measured item above them: docs/compositional-rules.md, "Not done"); badges are placed again
/// on the measured cell. Orthogonal sections take the measured cell sizes but keep their group
/// extent. A section whose item count changes forgets its measurements (as the flow's does).
///
/// Storage: 16 bytes a measured item, and 16 bytes a group of a section with a measured item
/// (its groups' starts and extents), at most `CollectionView.maxStoredItems` of each.
extension CompositionalLayout: SelfSizingLayout {
    /// The groups' positions of section `section` with measured sizes `m`. O(groups + measured).
    static func irregular(
        _ t: CompositionalTemplate, _ m: [Int: Size], groups: Int, items n: Int, start: Double, spacing: Double,
        ax: FlowAxis, section: Int
    ) throws -> Irregular {
        guard groups < CollectionView.maxStoredItems else {
            throw LayoutError(
                .overflow,
                "compositional section[\(section)]: \(groups) groups with measured sizes, more than "
                    + "\(CollectionView.maxStoredItems)")
        }
        let k = t.cellCount
        let gMain = ax.main(t.size)
        var out = Irregular()
        out.extents = [Double](repeating: gMain, count: groups)
        let bMin = ax.main(t.bounds.origin), bMax = bMin + ax.main(t.bounds.size)
        out.lo = Swift.min(0, bMin)
        out.hi = Swift.max(0, bMax - gMain)
        for (i, size) in m where i < n {
            let c = cell(t, i % k, size)
            out.extents[i / k] = Swift.max(out.extents[i / k], ax.main(c.origin) + ax.main(c.size))
        }
        for (i, size) in m where i < n {
            let leaf = i % k
            for j in t.badgeStart[leaf]..<t.badgeStart[leaf + 1] {
                let f = badge(t, j, leaf, size)
                out.lo = Swift.min(out.lo, ax.main(f.origin))
                out.hi = Swift.max(out.hi, ax.main(f.origin) + ax.main(f.size) - out.extents[i / k])
            }
        }
        out.starts.reserveCapacity(groups + 1)
        var y = start
        for e in out.extents {
            out.starts.append(y)
            y += e + spacing
        }
        out.starts.append(y)
        guard y.isFinite, y <= 4 * FlowLayout.maxMagnitude else {
            throw LayoutError(.overflow, "compositional section[\(section)]: measured groups end beyond the range")
        }
        return out
    }

    /// How far across the scroll axis the measured cells (and their badges) of an orthogonal
    /// section reach from their group's origin. O(measured).
    static func crossReach(
        _ t: CompositionalTemplate, _ m: [Int: Size], items n: Int, ax: FlowAxis
    ) -> (lo: Double, hi: Double, mainLo: Double, mainHi: Double) {
        let k = t.cellCount
        var lo = ax.cross(t.bounds.origin), hi = lo + ax.cross(t.bounds.size)
        var mainLo = ax.main(t.bounds.origin), mainHi = mainLo + ax.main(t.bounds.size)
        for (i, size) in m where i < n && k > 0 {
            let leaf = i % k
            let c = cell(t, leaf, size)
            lo = Swift.min(lo, ax.cross(c.origin))
            hi = Swift.max(hi, ax.cross(c.origin) + ax.cross(c.size))
            mainHi = Swift.max(mainHi, ax.main(c.origin) + ax.main(c.size))
            for j in t.badgeStart[leaf]..<t.badgeStart[leaf + 1] {
                let f = badge(t, j, leaf, size)
                lo = Swift.min(lo, ax.cross(f.origin))
                hi = Swift.max(hi, ax.cross(f.origin) + ax.cross(f.size))
                mainLo = Swift.min(mainLo, ax.main(f.origin))
                mainHi = Swift.max(mainHi, ax.main(f.origin) + ax.main(f.size))
            }
        }
        return (lo, hi, mainLo, mainHi)
    }

    /// Whether the item's size was measured. O(1).
    public func isMeasured(_ indexPath: IndexPath) -> Bool {
        measured[indexPath.section]?[indexPath.item] != nil
    }

    /// Whether the prepared cell has an estimated dimension.
    private func isEstimated(_ ip: IndexPath) -> Bool {
        guard ip.section >= 0, ip.section < state.sections.count else { return false }
        let sec = state.sections[ip.section]
        let t = state.templates[sec.template]
        guard ip.item >= 0, ip.item < sec.itemCount, t.cellCount > 0 else { return false }
        return t.estimated[ip.item % t.cellCount] != 0
    }

    /// Writes measured sizes, all or none; the next prepare lays the sections out again.
    /// - Throws: `.state` before the first prepare; `.outOfRange` for an index path outside the
    ///   prepared counts; `.invalidArgument` for a size not finite, negative or above
    ///   `FlowLayout.maxMagnitude`; `.overflow` past `CollectionView.maxStoredItems` measured
    ///   items. Nothing changes on error. O(k) for k sizes.
    @discardableResult
    public func setMeasuredSizes(_ items: [(IndexPath, Size)]) throws -> Bool {
        guard hasPrepared else {
            throw LayoutError.state("measured sizes: the layout is not prepared yet (query the view first)")
        }
        for (ip, size) in items {
            guard ip.section >= 0, ip.section < state.sections.count, ip.item >= 0,
                ip.item < state.sections[ip.section].itemCount
            else {
                throw LayoutError.outOfRange("measured sizes: item \(ip) is out of range")
            }
            guard size.isValidExtent, size.width <= FlowLayout.maxMagnitude, size.height <= FlowLayout.maxMagnitude
            else {
                throw LayoutError.invalid(
                    "measured size of item \(ip) is \(size.width)x\(size.height); sizes must be finite, "
                        + "non-negative and at most \(FlowLayout.maxMagnitude)")
            }
        }
        let stored = measured.values.reduce(0) { $0 + $1.count }
        guard items.count <= CollectionView.maxStoredItems - stored else {
            throw LayoutError(.overflow, "measured sizes: more than \(CollectionView.maxStoredItems) items")
        }
        var changed = false
        for (ip, size) in items where measured[ip.section]?[ip.item] != size {
            measured[ip.section, default: [:]][ip.item] = size
            measuredCounts[ip.section] = state.sections[ip.section].itemCount
            changed = true
        }
        guard changed else { return false }
        dirty = true
        collectionView?.invalidateLayout(.layoutAttributes)
        return true
    }

    /// Forgets measurements: every section (`section` nil), or `range` of `section` (nil: all of
    /// it). Throws `.outOfRange` for a range outside the section. Returns how many were forgotten.
    public func clearMeasuredSizes(section: Int?, range: Range<Int>?) throws -> Int {
        var count = 0
        guard let section else {
            count = measured.values.reduce(0) { $0 + $1.count }
            measured = [:]
            measuredCounts = [:]
            if count > 0 { dirty = true; collectionView?.invalidateLayout(.layoutAttributes) }
            return count
        }
        let n = section < state.sections.count ? state.sections[section].itemCount : 0
        if let range, range.lowerBound < 0 || range.upperBound > n {
            throw LayoutError.outOfRange("clear measured sizes: range \(range) is outside section \(section)'s \(n)")
        }
        guard let m = measured[section] else { return 0 }
        let kept = range.map { r in m.filter { !r.contains($0.key) } } ?? [:]
        count = m.count - kept.count
        measured[section] = kept.isEmpty ? nil : kept
        if kept.isEmpty { measuredCounts[section] = nil }
        if count > 0 { dirty = true; collectionView?.invalidateLayout(.layoutAttributes) }
        return count
    }

    /// The cells in `rect` with an estimated dimension not measured yet, in index-path order, at
    /// most `limit` (the others counted). O(rect query + k log k).
    public func unmeasuredItems(in rect: Rect, limit: Int) throws -> (items: [IndexPath], total: Int) {
        guard hasPrepared else {
            throw LayoutError.state("items to measure: the layout is not prepared yet (query the view first)")
        }
        var out: [IndexPath] = [], total = 0
        let sink = VisitingSink(counts: state.counts) { [self] a in
            guard a.category == .cell, isEstimated(a.indexPath), !isMeasured(a.indexPath) else { return }
            total += 1
            if out.count < limit { out.append(a.indexPath) }
        }
        try layoutAttributesForElements(in: rect, into: sink)
        try sink.check()
        out.sort()
        return (out, total)
    }

    public func selfSizingCheckpoint() -> Any { (measured, measuredCounts) }

    public func restoreSelfSizing(_ checkpoint: Any, relayingOut sections: Set<Int>) {
        guard let (m, c) = checkpoint as? ([Int: [Int: Size]], [Int: Int]) else { return }
        measured = m
        measuredCounts = c
        dirty = true
    }
}
