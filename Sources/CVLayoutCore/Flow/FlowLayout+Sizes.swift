#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bulk item sizes: a whole section's sizes handed over at once, so C and Python callers pay
/// no callback per item. Precedence for a section: bulk array, else the delegate's
/// `sizeForItemAt`, else `itemSize`.
extension FlowLayout {
    /// Largest magnitude accepted for a size, inset or spacing, in points: keeps every sum of
    /// up to `CollectionView.maxCount` of them finite.
    public static let maxMagnitude = 1e12

    /// Sets the sizes of every item of `section` (index `i` is item `i`). Checked at the next
    /// `prepare()`: the array must have exactly as many entries as the section has items.
    /// Only that section (and the position of those after it) is recomputed.
    /// - Throws: `.outOfRange` for a negative section (or one beyond `CollectionView.maxCount`),
    ///   `.invalidArgument` for a size that is NaN, infinite, negative or larger than
    ///   `maxMagnitude`.
    /// - Complexity: O(n) (validation, a same-size check and a copy into the chunked store).
    public func setItemSizes(_ sizes: [Size], forSection section: Int) throws {
        try sizes.withUnsafeBufferPointer { b in
            try setItemSizes(count: b.count, forSection: section) { range, out in
                _ = out.initialize(from: b[range])
            }
        }
    }

    /// `setItemSizes` with the sizes written by `fill(range, buffer)` straight into the chunked
    /// store (`buffer[k]` is the size of item `range.lowerBound + k`), so a caller converting its
    /// own array (the C layer) makes no intermediate copy of the section.
    ///
    /// Sizes handed over again for a section whose bulk sizes have as many entries (and no
    /// measured size) are compared with them first, bit for bit, a chunk at a time: the same
    /// sizes change nothing (a layout cycle still runs, with nothing to recompute, and the hooks
    /// are still told of a metrics change, `pendingSizeChanges`); sizes that
    /// differ from item `a` to item `b` only are stored and re-lay out the lines from around `a`
    /// to where the lines meet the old ones again, as `replaceItemSizes` of that range would.
    public func setItemSizes(
        count: Int, forSection section: Int, fill: (Range<Int>, UnsafeMutableBufferPointer<Size>) -> Void
    ) throws {
        try FlowLayout.checkBulkSection(section)
        var changed: (first: Int, last: Int)?
        let comparable =
            bulkSizes[section].map { $0.sizes.count == count && count > 0 } == true && measured[section] == nil
            && !ownsSizes.contains(section)
        if comparable, let old = bulkSizes[section]?.sizes {
            changed = FlowLayout.differences(old, fill: fill)
            guard changed != nil else {
                handedOver.insert(section)
                collectionView?.invalidateLayout(InvalidationContext())
                return
            }
        }
        let stored = FlowSizes(count: count, fill: fill)
        try stored.withReader { read in
            for i in 0..<count {
                let s = read(i)
                guard FlowLayout.isValidSize(s) else {
                    throw LayoutError.invalid(
                        "item size \(i) for section \(section) is \(s.width)x\(s.height); sizes must be finite, "
                            + "non-negative and at most \(FlowLayout.maxMagnitude)"
                    )
                }
            }
        }
        stored.learnUniformChunks()  // for edits in runs of equal sizes (`FlowLineBlocks.relayOut`)
        bulkSizes[section] = FlowBulkSizes(sizes: stored, uniform: stored.allEqual())
        if let changed {
            let k = changed.last - changed.first + 1
            sectionSizesEdited(section, count: count, start: changed.first, removed: k, inserted: k)
            handedOver.insert(section)
            return
        }
        forgetMeasurements(ofSection: section)
        sectionSizesChanged(section)
    }

    /// The first and last items whose size `fill` writes with other bits than `old` holds (nil:
    /// none), `fill` called once per chunk of `old` into a scratch chunk. O(n), no allocation
    /// but the scratch chunk.
    private static func differences(
        _ old: FlowSizes, fill: (Range<Int>, UnsafeMutableBufferPointer<Size>) -> Void
    ) -> (first: Int, last: Int)? {
        var largest = 0
        for g in old.groups { for c in g.chunks { largest = Swift.max(largest, c.count) } }
        let scratch = UnsafeMutableBufferPointer<Size>.allocate(capacity: Swift.max(1, largest))
        defer { scratch.deallocate() }
        var first = -1, last = -1
        var at = 0
        for g in old.groups {
            for c in g.chunks {
                let n = c.count
                let part = UnsafeMutableBufferPointer(rebasing: scratch[0..<n])
                fill(at..<at + n, part)
                if memcmp(part.baseAddress!, c.base, n * MemoryLayout<Size>.stride) != 0 {
                    for k in 0..<n where !same(part[k], c.base[k]) {
                        if first < 0 { first = at + k }
                        last = at + k
                    }
                }
                at += n
            }
        }
        return first < 0 ? nil : (first, last)
    }

    @inline(__always)
    private static func same(_ a: Size, _ b: Size) -> Bool {
        a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }

    /// Edits the bulk sizes of `section` in place: the sizes at `start ..< start + removeCount`
    /// are replaced by `sizes` (an insert: `removeCount` 0; a delete: `sizes` empty). Pair it with
    /// the batch update that inserts or deletes those items, edited first (as `setItemSizes`).
    /// - Throws: `.state` when the section has no bulk sizes, `.outOfRange` for a range outside
    ///   them, `.invalidArgument` for a bad size or a result above `CollectionView.maxCount`
    ///   items. Nothing changes on error.
    /// - Complexity: O(k) validation for the k new sizes (none of the others is checked or sent
    ///   again), plus O(chunk + group + groups) to splice them into the chunked store
    ///   (`FlowChunkedArray`; the prepared layout keeps the chunks and groups it shares). The next
    ///   `prepare()` re-lays out only the lines the edit can change (`FlowLineBlocks.relayOut`).
    public func replaceItemSizes(
        inSection section: Int, start: Int, removeCount: Int,
        with sizes: [Size]
    ) throws {
        try FlowLayout.checkBulkSection(section)
        guard var bulk = bulkSizes[section] else {
            throw LayoutError.state(
                "section \(section) has no bulk item sizes to edit (hand them over with set_item_sizes first)")
        }
        let n = bulk.sizes.count
        guard start >= 0, removeCount >= 0, start <= n, removeCount <= n - start else {
            throw LayoutError.outOfRange(
                "item sizes \(start) ..< \(start) + \(removeCount) are outside the \(n) sizes of section \(section)")
        }
        guard n - removeCount <= CollectionView.maxCount - sizes.count else {
            throw LayoutError.invalid("section \(section) would have more than \(CollectionView.maxCount) item sizes")
        }
        for (i, s) in sizes.enumerated() where !FlowLayout.isValidSize(s) {
            throw LayoutError.invalid(
                "new item size \(i) for section \(section) is \(s.width)x\(s.height); sizes must be finite, "
                    + "non-negative and at most \(FlowLayout.maxMagnitude)")
        }
        bulkSizes[section] = nil  // the only other reference is the prepared section's
        bulk.sizes.replaceSubrange(start, removing: removeCount, with: sizes)
        bulk.uniform = bulk.sizes.allEqual()
        bulkSizes[section] = bulk
        measured[section]?.replaceRange(start, removeCount, inserting: sizes.count)
        sectionSizesEdited(section, count: n, start: start, removed: removeCount, inserted: sizes.count)
    }

    /// Removes the bulk sizes of `section` (it falls back to the delegate or `itemSize`).
    /// - Throws: `.outOfRange` for a section `setItemSizes` would reject.
    public func removeItemSizes(forSection section: Int) throws {
        try FlowLayout.checkBulkSection(section)
        forgetMeasurements(ofSection: section)
        if bulkSizes.removeValue(forKey: section) != nil { sectionSizesChanged(section) }
    }

    /// Removes every bulk size array.
    public func removeAllItemSizes() {
        guard !bulkSizes.isEmpty else { return }
        for s in bulkSizes.keys { dirtySections.insert(s) }
        sizeEdits.removeAll()
        bulkSizes.removeAll()
        measured.removeAll()
        ownsSizes.removeAll()
        collectionView?.invalidateLayout(InvalidationContext())
    }

    /// The bulk sizes set for `section`, if any.
    /// O(n): a copy out of the chunked store.
    public func itemSizes(forSection section: Int) -> [Size]? { bulkSizes[section]?.sizes.toArray() }

    /// Records a range edit of `section`'s bulk sizes (which had `count` entries): the next
    /// prepare re-lays out from the edit on, unless the whole section is already to be fetched.
    func sectionSizesEdited(_ section: Int, count: Int, start: Int, removed: Int, inserted: Int) {
        if !dirtySections.contains(section) {
            sizeEdits[section] =
                sizeEdits[section]?.then(start: start, removed: removed, inserted: inserted)
                ?? FlowEdit(count: count, start: start, removed: removed, inserted: inserted)
        }
        collectionView?.invalidateLayout(InvalidationContext())
    }

    private func sectionSizesChanged(_ section: Int) {
        dirtySections.insert(section)
        sizeEdits[section] = nil
        // An empty context: nothing the collection view knows changed, but the cycle must run;
        // `prepare()` recomputes the dirty sections.
        collectionView?.invalidateLayout(InvalidationContext())
    }

    /// The size-store changes since the last `prepare()` as an invalidation context, for what
    /// observes the flow's invalidations (the hooks' `invalidate`; the flow's own prepare reads
    /// the store's records instead): a section whose sizes were set, removed or made again
    /// (measured) → `invalidateDelegateMetrics` (the bulk sizes are the delegate's sizes handed
    /// over at once; the context has no per-section flag); range edits (`replaceItemSizes`) →
    /// the items each edit wrote, numbered after the edits, or `invalidateDelegateMetrics` past
    /// max(1024, a quarter of the items), the view's rule for item floods.
    /// - Complexity: O(sections edited + items listed); nothing when no size changed.
    public func pendingSizeChanges() -> InvalidationContext {
        var ctx = InvalidationContext()
        guard dirtySections.isEmpty, handedOver.isEmpty else {
            ctx.invalidateDelegateMetrics = true
            return ctx
        }
        let listed = sizeEdits.values.reduce(0) { n, e in n + e.runs.reduce(0) { $0 + $1.newCount } }
        if listed > max(1024, (collectionView?.numberOfItems ?? 0) / 4) {
            ctx.invalidateDelegateMetrics = true
            return ctx
        }
        for (s, e) in sizeEdits.sorted(by: { $0.key < $1.key }) {
            for r in e.runs { ctx.add((r.start..<r.end).map { IndexPath(section: s, item: $0) }) }
        }
        return ctx
    }

    // MARK: Validation

    /// A section may be named before it exists, but not below 0 or at `CollectionView.maxCount`
    /// and beyond.
    static func checkBulkSection(_ section: Int) throws {
        guard section >= 0, section < CollectionView.maxCount else {
            throw LayoutError.outOfRange("item sizes: section \(section) is out of range")
        }
    }

    @inline(__always)
    static func isValidExtent(_ x: Double) -> Bool { x >= 0 && x <= maxMagnitude }
    @inline(__always)
    static func isValidOffset(_ x: Double) -> Bool { x.magnitude <= maxMagnitude }
    @inline(__always)
    static func isValidSize(_ s: Size) -> Bool { isValidExtent(s.width) && isValidExtent(s.height) }
    static func isValidInsets(_ i: EdgeInsets) -> Bool {
        isValidOffset(i.top) && isValidOffset(i.left) && isValidOffset(i.bottom) && isValidOffset(i.right)
    }
    /// A header or footer reference size: finite and non-negative; only the scroll-axis
    /// dimension is used, so only it is bounded by `maxMagnitude`.
    static func isValidReferenceSize(_ s: Size, _ axis: FlowAxis) -> Bool {
        s.isValidExtent && axis.main(s) <= maxMagnitude
    }
}
