/// Self-sizing (UIKit's `estimatedItemSize` + `preferredLayoutAttributesFitting(_:)`): items
/// start at an estimate — `estimatedItemSize`, else the section's bulk sizes or the delegate's
/// `sizeForItemAt`, else `itemSize` — and the host reports the sizes it measured.
///
/// Storage: a measured size is written into the section's bulk size array, the flow layout's
/// one per-item size store. A section without one gets an array made from its current (estimated)
/// sizes when its first item is measured (16 bytes an item, once; its estimates are then fixed:
/// the delegate is not asked for them again). Which items are measured is one flag per item of a
/// section with a measured item. A range edit of the sizes (`replaceItemSizes`, paired with the
/// batch update) keeps the measurements of the items it does not replace. A section whose item
/// count changes otherwise forgets its measurements (back to estimates; an array the layout made
/// is dropped, a host's array must be handed over again as for any count change), as does a
/// section whose bulk sizes the host sets or removes.
///
/// The content offset correction (nothing on screen moves) is the collection view's
/// (`CollectionView+SelfSizing.swift`).
extension FlowLayout {
    /// Whether `indexPath`'s size was measured (false outside the prepared counts). O(1).
    public func isMeasured(_ indexPath: IndexPath) -> Bool {
        measured[indexPath.section]?.contains(indexPath.item) ?? false
    }

    /// Number of measured items in all sections. O(sections with a measured item).
    public var measuredItemCount: Int { measured.values.reduce(0) { $0 + $1.count } }

    /// Writes measured sizes (all of them or none) into the size store and invalidates the
    /// sections concerned; the next `prepare()` lays them out again.
    ///
    /// Needs the layout prepared for the current counts (the collection view's
    /// `setMeasuredSizes` runs the cycle first). An index path named twice takes its last size.
    /// - Throws: `.state` when not prepared; `.outOfRange` for an index path outside the prepared
    ///   counts; `.invalidArgument` for a size that is NaN, infinite, negative or larger than
    ///   `maxMagnitude`; `.overflow` when the arrays the layout would make for them would hold
    ///   more than `CollectionView.maxStoredItems` items in all. Nothing changes on error.
    /// - Complexity: O(k log n) to check and write k sizes, plus O(chunk + group + groups) per
    ///   chunk of the size store written (copied when the prepared layout shares it),
    ///   and O(n) once for a section of n items whose array the layout makes; the next
    ///   `prepare()` re-lays out only the lines the measured items can change.
    /// - Returns: whether any stored size changed.
    @discardableResult
    public func setMeasuredSizes(_ items: [(IndexPath, Size)]) throws -> Bool {
        guard let st = state else {
            throw LayoutError.state("measured sizes: the layout is not prepared yet (query the view first)")
        }
        // 1. Check everything before changing anything.
        var newArrays = 0
        var made = Set<Int>()
        for (ip, size) in items {
            guard ip.section >= 0, ip.section < st.sections.count,
                ip.item >= 0, ip.item < st.sections[ip.section].itemCount
            else {
                throw LayoutError.outOfRange("measured sizes: item \(ip) is out of range")
            }
            guard FlowLayout.isValidSize(size) else {
                throw LayoutError.invalid(
                    "measured size of item \(ip) is \(size.width)x\(size.height); sizes must be finite, "
                        + "non-negative and at most \(FlowLayout.maxMagnitude)")
            }
            if bulkSizes[ip.section] == nil, made.insert(ip.section).inserted {
                newArrays += st.sections[ip.section].itemCount
            }
        }
        if newArrays > 0 {
            var owned = 0
            for s in ownsSizes { owned += bulkSizes[s]?.sizes.count ?? 0 }
            guard owned + newArrays <= CollectionView.maxStoredItems else {
                throw LayoutError(
                    .overflow,
                    "measured sizes: the layout would store the sizes of \(owned + newArrays) items; at most "
                        + "\(CollectionView.maxStoredItems) (hand the sizes over in bulk instead)")
            }
        }
        // 2. Write (infallible).
        var changed = Set<Int>(), paths: [IndexPath] = []
        made.removeAll()
        for (ip, size) in items {
            let s = ip.section, n = st.sections[s].itemCount
            if bulkSizes[s] == nil {
                let sec = st.sections[s]
                let list = sec.isUniform ? FlowSizes(repeating: sec.uniformSize, count: n) : sec.sizes
                bulkSizes[s] = FlowBulkSizes(sizes: list, uniform: sec.isUniform)
                ownsSizes.insert(s)
                made.insert(s)
            }
            if measured[s] == nil { measured[s] = FlowMeasuredItems(count: n) }
            measured[s]!.insert(ip.item)
            let old = bulkSizes[s]!.sizes[ip.item]
            guard old != size else { continue }
            bulkSizes[s]!.sizes[ip.item] = size
            changed.insert(s)
            paths.append(ip)
            if !made.contains(s) {
                sectionSizesEdited(s, count: n, start: ip.item, removed: 1, inserted: 1)
            }
        }
        for s in changed {
            bulkSizes[s]!.uniform = bulkSizes[s]!.sizes.allEqual()
            if made.contains(s) { dirtySections.insert(s) }
        }
        // UIKit's `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`
        // invalidates the measured items; their lines are laid out again.
        if !changed.isEmpty { collectionView?.invalidateLayout(.items(paths)) }
        return !changed.isEmpty
    }

    /// Marks items as not measured any more (their content changed, a font changed…): they are
    /// estimates again for `unmeasuredItems` (`items_to_measure`) until measured again, and keep
    /// their current size meanwhile, so nothing moves until the host reports the new size.
    /// `range` nil: every item of `section`; `section` nil: every section.
    /// - Throws: `.outOfRange` for a negative section, or a range that is not within
    ///   `0 ... count` of the section's prepared item count. Nothing changes on error.
    /// - Complexity: O(k + chunk + group + groups) for a range of k items; O(sections) for all.
    /// - Returns: how many items stopped being measured.
    @discardableResult
    public func clearMeasuredSizes(section: Int?, range: Range<Int>?) throws -> Int {
        guard let section else {
            guard range == nil else {
                throw LayoutError.invalid("clear measured sizes: a range needs a section")
            }
            let n = measuredItemCount
            measured.removeAll()
            return n
        }
        guard section >= 0, section < CollectionView.maxCount else {
            throw LayoutError.outOfRange("clear measured sizes: section \(section) is out of range")
        }
        if let range {
            let count = state.flatMap { section < $0.sections.count ? $0.sections[section].itemCount : nil } ?? 0
            guard range.lowerBound >= 0, range.upperBound <= count else {
                throw LayoutError.outOfRange(
                    "clear measured sizes: items \(range.lowerBound) ..< \(range.upperBound) are outside the "
                        + "\(count) items of section \(section)")
            }
            guard var m = measured[section] else { return 0 }
            measured[section] = nil
            let n = m.remove(range)
            measured[section] = m.count > 0 ? m : nil
            return n
        }
        return measured.removeValue(forKey: section)?.count ?? 0
    }

    /// The items intersecting `rect` whose size is still an estimate, in index-path order, at
    /// most `limit` (the rest are counted). Needs the layout prepared.
    /// - Complexity: O(log n + k) for the k cells in `rect`; O(min(k, limit)) memory.
    public func unmeasuredItems(in rect: Rect, limit: Int) throws -> (items: [IndexPath], total: Int) {
        guard let st = state else {
            throw LayoutError.state("items to measure: the layout is not prepared yet (query the view first)")
        }
        var out: [IndexPath] = [], total = 0
        let counts = st.sections.map(\.itemCount)
        let sink = VisitingSink(counts: counts) { [self] a in
            guard a.category == .cell, !isMeasured(a.indexPath) else { return }
            total += 1
            if out.count < limit { out.append(a.indexPath) }
        }
        if laysOutLines {
            try sendFlowElements(in: rect, to: sink)
        } else {
            try layoutAttributesForElements(in: rect, into: sink)  // the subclass's own placement
        }
        try sink.check()
        out.sort()
        return (out, total)
    }

    /// What `setMeasuredSizes` writes (the size store, the measured flags, the edits waiting
    /// for the next prepare), for `CollectionView.setMeasuredSizes` to give back when the
    /// prepare or the anchor correction after the write fails. O(1): the tables are shared until
    /// written (the write then copies, per section, the top table, the groups' tables and the
    /// chunks it writes).
    func measuredSizesCheckpoint() -> FlowMeasuredSizesCheckpoint {
        FlowMeasuredSizesCheckpoint(
            sizes: FlowRollbackState(measured: measured, ownsSizes: ownsSizes, bulkSizes: bulkSizes),
            dirtySections: dirtySections, sizeEdits: sizeEdits)
    }

    /// Puts `checkpoint` back. A prepare since may have laid `sections` out with the written
    /// sizes: the next prepare lays them out again from the restored store. O(|sections|).
    func restore(_ checkpoint: FlowMeasuredSizesCheckpoint, relayingOut sections: Set<Int>) {
        restore(forRollback: checkpoint.sizes)
        dirtySections = checkpoint.dirtySections.union(sections)
        sizeEdits = checkpoint.sizeEdits
        for s in sections { sizeEdits[s] = nil }
    }

    /// Forgets the measurements of `section` (its bulk sizes were set or removed by the host).
    func forgetMeasurements(ofSection section: Int) {
        measured[section] = nil
        ownsSizes.remove(section)
    }

    /// After a successful prepare: sections whose item count is no longer the one their
    /// measurements were taken for forget them, and an array the layout made is dropped.
    /// O(sections with a measured item).
    func forgetMeasurements(ifCountsChangedFrom counts: [Int]) {
        guard !measured.isEmpty else { return }
        for (s, m) in measured where s >= counts.count || counts[s] != m.itemCount {
            measured[s] = nil
            if ownsSizes.remove(s) != nil { bulkSizes[s] = nil }
        }
    }
}

/// The measured items of one section: one flag per item, chunked like the sizes so that a range
/// edit costs O(k + chunk + group + groups).
struct FlowMeasuredItems {
    /// The section's item count the flags describe (when the first item was measured, then
    /// after each range edit of the sizes).
    var itemCount: Int { flags.count }
    var flags: FlowChunkedArray<UInt8>
    /// Number of flags set.
    private(set) var count = 0

    init(count n: Int) {
        flags = FlowChunkedArray(repeating: 0, count: Swift.max(0, n))
    }

    @inline(__always)
    func contains(_ i: Int) -> Bool {
        i >= 0 && i < itemCount && flags[i] != 0
    }

    /// Follows a range edit of the section's sizes (`replaceItemSizes`): items before `start`
    /// keep their flag, the `removed` items go, `inserted` new items are estimates (not
    /// measured), the items after move with their flag. O(removed + inserted + chunk + group + groups).
    mutating func replaceRange(_ start: Int, _ removed: Int, inserting inserted: Int) {
        // (The flags follow the bulk array edit by edit, so the range fits; clamped all the same.)
        let start = Swift.min(Swift.max(0, start), itemCount)
        let removed = Swift.min(Swift.max(0, removed), itemCount - start)
        _ = remove(start..<start + removed)
        flags.replaceSubrange(start, removing: removed, with: repeatElement(UInt8(0), count: Swift.max(0, inserted)))
    }

    /// Clears the flags of `range` (within `0 ... itemCount`); returns how many were set. O(k).
    mutating func remove(_ range: Range<Int>) -> Int {
        var n = 0
        for i in range where contains(i) {
            flags[i] = 0
            n += 1
        }
        count -= n
        return n
    }

    mutating func insert(_ i: Int) {
        guard i >= 0, i < itemCount, !contains(i) else { return }
        flags[i] = 1
        count += 1
    }
}

/// The self-sizing tables a failed batch update gives back (`FlowLayout.stateForRollback`).
struct FlowRollbackState {
    var measured: [Int: FlowMeasuredItems]
    var ownsSizes: Set<Int>
    var bulkSizes: [Int: FlowBulkSizes]
}

/// What a failed `CollectionView.setMeasuredSizes` gives back (`FlowLayout.measuredSizesCheckpoint`).
struct FlowMeasuredSizesCheckpoint {
    var sizes: FlowRollbackState
    var dirtySections: Set<Int>
    var sizeEdits: [Int: FlowEdit]
}
