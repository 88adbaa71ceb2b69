/// The span grid's per-item and per-section inputs (`GridLayout`): bulk spans and extents per
/// section (Android's `SpanSizeLookup`, Compose's `GridItemSpan`, handed over as arrays so C and
/// Python callers pay no callback per item), per-section column counts, and measured extents
/// (self-sizing). Each setter checks everything before it changes anything and invalidates the
/// attached view; only the sections concerned build their row tables again.
///
/// As the flow's bulk sizes (`FlowLayout.setItemSizes`), an array must have exactly as many
/// entries as its section has items when the layout is next prepared (else the layout cycle
/// fails with `.invalidArgument`, the previous frames kept); pair a batch update that inserts or
/// deletes items with the range edit (`replaceItemSpans` / `replaceItemExtents`) made first.
/// Arrays are keyed by section index, as the flow's.
extension GridLayout {
    /// A section's own column count (`CVLayoutCore.SectionColumns`, shared with the other column layout).
    public typealias SectionColumns = CVLayoutCore.SectionColumns

    /// The per-section column entries in effect (`setSectionColumns(_:)`).
    public var sectionColumnEntries: [SectionColumns] { sectionColumns }

    private static func checkSection(_ section: Int, _ what: String) throws {
        guard section >= 0, section < CollectionView.maxSections else {
            throw LayoutError.outOfRange("GridLayout \(what): section \(section) is out of range")
        }
    }

    private func nextVersion() -> Int {
        versionCounter += 1
        return versionCounter
    }

    /// A span is 1 ... `maxColumns`; the first bad one throws.
    private static func checkSpans<C: Collection>(_ spans: C, _ section: Int, _ what: String) throws -> Int
    where C.Element == Int32 {
        var m = 0
        for (i, s) in spans.enumerated() {
            guard s >= 1, Int(s) <= maxColumns else {
                throw LayoutError.invalid(
                    "GridLayout: \(what) \(i) for section \(section) is \(s); a span must be 1 ... \(maxColumns)"
                        + (s < 1 ? " (span < 1)" : ""))
            }
            m = Swift.max(m, Int(s))
        }
        return m
    }

    private static func checkExtents<C: Collection>(_ extents: C, _ section: Int, _ what: String) throws
    where C.Element == Double {
        if extents.withContiguousStorageIfAvailable(GridLayout.allValid) == true { return }
        for (i, e) in extents.enumerated() where !isValidValue(e) {
            throw LayoutError.invalid(
                "GridLayout: \(what) \(i) for section \(section) is \(e); extents must be finite, >= 0 and <= "
                    + "\(FlowLayout.maxMagnitude)")
        }
    }

    /// Throws when a section's bulk spans are wider than the fixed column count it would get
    /// under `c` and `entries` (`extra` stands for a section's spans about to be set).
    func checkFixedSpans(_ c: Configuration, _ entries: [SectionColumns], extra: (Int, Int)? = nil) throws {
        func check(_ s: Int, _ maxSpan: Int) throws {
            let rule = GridLayout.columnRule(c, entries, s)
            if rule.fixed > 0, maxSpan > rule.fixed {
                throw LayoutError.invalid(
                    "GridLayout: item spans of section \(s) reach \(maxSpan) columns but the section has \(rule.fixed) "
                        + "(span > column count)")
            }
        }
        for (s, spans) in itemSpans where s != extra?.0 { try check(s, spans.maxSpan) }
        if let (s, m) = extra { try check(s, m) }
    }

    // MARK: Spans

    /// Sets the span of every item of `section` (`spans[i]` of item i, 1 ... `maxColumns`); nil
    /// removes them (every item spans one column).
    /// - Throws: `.outOfRange` for a section outside 0 ..< `CollectionView.maxSections`;
    ///   `.invalidArgument` for a span < 1 or > `maxColumns`, or wider than the section's fixed
    ///   column count. Nothing changes on error.
    /// - Complexity: O(n).
    public func setItemSpans(_ spans: [Int32]?, forSection section: Int) throws {
        try Self.checkSection(section, "item spans")
        guard let spans else {
            if itemSpans.removeValue(forKey: section) != nil { sectionInputsChanged(section) }
            return
        }
        let m = try Self.checkSpans(spans, section, "item span")
        try checkFixedSpans(configuration, sectionColumns, extra: (section, m))
        itemSpans[section] = GridSpans(values: FlowChunkedArray(spans), maxSpan: m, version: nextVersion())
        sectionInputsChanged(section)
    }

    /// Replaces the spans at `start ..< start + removeCount` of `section` by `spans` (an insert:
    /// `removeCount` 0; a delete: `spans` empty). Pair it with the batch update, edited first.
    /// - Throws: `.state` when the section has no bulk spans; `.outOfRange` for a range outside
    ///   them; `.invalidArgument` as `setItemSpans`. Nothing changes on error.
    /// - Complexity: O(k + removeCount + chunk + groups) (`FlowChunkedArray.replaceSubrange`),
    ///   plus O(n) when the removed spans held the section's only widest one; the next prepare
    ///   re-packs only the rows around the edit (`GridRows.planEdit`).
    public func replaceItemSpans(inSection section: Int, start: Int, removeCount: Int, with spans: [Int32]) throws {
        try Self.checkSection(section, "item spans")
        // (No binding of the section's entry: the array is edited in place when nothing else
        // holds it.)
        guard let n = itemSpans[section]?.values.count, let version = itemSpans[section]?.version,
            let oldMax = itemSpans[section]?.maxSpan
        else {
            throw LayoutError.state("GridLayout: section \(section) has no item spans to edit (set them first)")
        }
        guard start >= 0, removeCount >= 0, start <= n, removeCount <= n - start else {
            throw LayoutError.outOfRange(
                "GridLayout: item spans \(start) ..< \(start) + \(removeCount) are outside the \(n) spans of section "
                    + "\(section)")
        }
        let newMax = try Self.checkSpans(spans, section, "new item span")
        // The widest span after the edit: the old widest when one of that width stays outside
        // the range (found by a scan that stops at the first), else the widest left.
        let range = start..<(start + removeCount)
        let m: Int = {
            let v = itemSpans[section].unsafelyUnwrapped.values
            var removedMax = 0
            for i in range { removedMax = Swift.max(removedMax, Int(v[i])) }
            if removedMax < oldMax { return Swift.max(oldMax, newMax) }
            var outside = 0
            v.withReader { r in
                for i in 0..<n where !range.contains(i) {
                    outside = Swift.max(outside, Int(r(i)))
                    if outside == oldMax { break }
                }
            }
            return Swift.max(outside, newMax)
        }()
        try checkFixedSpans(configuration, sectionColumns, extra: (section, m))
        // (The entry taken out so that the chunked array is edited in place: only the chunks
        // the range touches are copied when the prepared table shares them.)
        var values = itemSpans.removeValue(forKey: section).unsafelyUnwrapped.values
        values.replaceSubrange(start, removing: removeCount, with: spans)
        itemSpans[section] = GridSpans(values: values, maxSpan: m, version: nextVersion())
        recordEdit(&spanEdits, section, fromVersion: version, start: start, removed: removeCount, inserted: spans.count)
    }

    /// The bulk spans of `section`, if any. O(n) (a copy of the chunked array).
    public func itemSpans(forSection section: Int) -> [Int32]? { itemSpans[section]?.values.toArray() }

    // MARK: Extents

    /// Sets the extent along the scroll axis of every item of `section` (finite, ≥ 0, at most
    /// `FlowLayout.maxMagnitude`); nil removes them (back to `itemHeight` / `itemAspect`). Clears
    /// the section's measured extents.
    /// - Throws: `.outOfRange` for a section outside 0 ..< `CollectionView.maxSections`;
    ///   `.invalidArgument` for a NaN, infinite, negative or too large extent. Nothing changes on
    ///   error.
    /// - Complexity: O(n).
    public func setItemExtents(_ extents: [Double]?, forSection section: Int) throws {
        try Self.checkSection(section, "item extents")
        guard let extents else {
            measuredItems[section] = nil
            ownsExtents.remove(section)
            if itemExtents.removeValue(forKey: section) != nil { sectionInputsChanged(section) }
            return
        }
        try Self.checkExtents(extents, section, "item extent")
        itemExtents[section] = GridExtents(values: FlowChunkedArray(extents), version: nextVersion())
        measuredItems[section] = nil
        ownsExtents.remove(section)
        sectionInputsChanged(section)
    }

    /// Replaces the extents at `start ..< start + removeCount` of `section` by `extents`; the
    /// measurements of the items it does not replace are kept (renumbered).
    /// - Throws: `.state` when the section has no bulk extents; `.outOfRange` for a range outside
    ///   them; `.invalidArgument` as `setItemExtents`. Nothing changes on error.
    /// - Complexity: O(k + removeCount + chunk + groups + measured items of the section); the
    ///   next prepare re-packs only the rows around the edit (`GridRows.planEdit`).
    public func replaceItemExtents(
        inSection section: Int, start: Int, removeCount: Int, with extents: [Double]
    ) throws {
        try Self.checkSection(section, "item extents")
        // (No binding of the section's entry: the array is edited in place when nothing else
        // holds it.)
        guard let n = itemExtents[section]?.values.count, let version = itemExtents[section]?.version else {
            throw LayoutError.state("GridLayout: section \(section) has no item extents to edit (set them first)")
        }
        guard start >= 0, removeCount >= 0, start <= n, removeCount <= n - start else {
            throw LayoutError.outOfRange(
                "GridLayout: item extents \(start) ..< \(start) + \(removeCount) are outside the \(n) extents of "
                    + "section \(section)")
        }
        try Self.checkExtents(extents, section, "new item extent")
        var values = itemExtents.removeValue(forKey: section).unsafelyUnwrapped.values
        values.replaceSubrange(start, removing: removeCount, with: extents)
        itemExtents[section] = GridExtents(values: values, version: nextVersion())
        if let m = measuredItems[section] {
            let delta = extents.count - removeCount
            var kept = Set<Int>()
            for i in m where i < start || i >= start + removeCount { kept.insert(i < start ? i : i + delta) }
            measuredItems[section] = kept.isEmpty ? nil : kept
        }
        recordEdit(
            &extentEdits, section, fromVersion: version, start: start, removed: removeCount, inserted: extents.count)
    }

    /// The bulk (or measured) extents of `section`, if any. O(n) (a copy of the chunked array).
    public func itemExtents(forSection section: Int) -> [Double]? { itemExtents[section]?.values.toArray() }

    // MARK: Per-section columns

    /// Entry s is section s's column count (`SectionColumns`); sections past the end, and (0, 0)
    /// entries, use the configuration's. An empty array removes them all.
    /// - Throws: `.invalidArgument` for columns outside 0 ... `maxColumns`, a minimum width that
    ///   is NaN, infinite, negative or too large, more entries than `CollectionView.maxSections`,
    ///   or a section's bulk spans wider than the fixed count it would get. Nothing changes on
    ///   error.
    /// - Complexity: O(entries + sections with bulk spans).
    public func setSectionColumns(_ entries: [SectionColumns]) throws {
        guard entries.count <= CollectionView.maxSections else {
            throw LayoutError.invalid(
                "GridLayout: \(entries.count) section column entries; at most "
                    + "\(CollectionView.maxSections)")
        }
        for (s, e) in entries.enumerated() {
            if let problem = e.problem(maxColumns: Self.maxColumns) {
                throw LayoutError.invalid("GridLayout: section \(s) \(problem)")
            }
        }
        try checkFixedSpans(configuration, entries)
        guard entries != sectionColumns else { return }
        sectionColumns = entries
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// Records that `section`'s spans or extents were set whole: the next prepare builds its rows
    /// from scratch (no edit relates the new array to the prepared one).
    func sectionInputsChanged(_ section: Int) {
        spanEdits[section] = nil
        extentEdits[section] = nil
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// Records a range edit of a section's spans or extents (`edits`): the next prepare re-packs
    /// the rows around the edited items only (`GridRows.planEdit`). `fromVersion` is the array's
    /// version before the edit (the first edit since the prepare fixes it).
    func recordEdit(
        _ edits: inout [Int: GridEdits], _ section: Int, fromVersion: Int, start: Int, removed: Int, inserted: Int
    ) {
        var e = edits[section] ?? GridEdits(fromVersion: fromVersion)
        e.record(start: start, removed: removed, inserted: inserted)
        edits[section] = e
        collectionView?.invalidateLayout(.layoutAttributes)
    }
}

/// The range edits of one of a section's arrays (spans or extents) since the last prepare:
/// stretches of the current items (`lo ..< hi`, ascending, disjoint, not touching) that replaced
/// old ones, each with `delta` = its item count minus the old items it replaced. Items between
/// stretches are old items, unchanged, renumbered by the deltas before them.
struct GridEdits {
    var ranges: [(lo: Int, hi: Int, delta: Int)] = []
    /// The array's version the stretches are relative to (the prepared one).
    let fromVersion: Int

    init(fromVersion: Int) { self.fromVersion = fromVersion }

    /// More stretches than this become one (from the first to the last).
    static let maxRanges = 64

    /// Items `start ..< start + removed` (current numbering) replaced by `inserted` items.
    /// O(stretches).
    mutating func record(start s: Int, removed r: Int, inserted k: Int) {
        let d = k - r
        var out: [(lo: Int, hi: Int, delta: Int)] = []
        out.reserveCapacity(ranges.count + 1)
        var mLo = s, mHi = s + r, mDelta = d
        var after: [(lo: Int, hi: Int, delta: Int)] = []
        for x in ranges {
            if x.hi < s {
                out.append(x)
            } else if x.lo > s + r {
                after.append((x.lo + d, x.hi + d, x.delta))
            } else {  // overlapping or touching: one stretch
                mLo = Swift.min(mLo, x.lo)
                mHi = Swift.max(mHi, x.hi)
                mDelta += x.delta
            }
        }
        out.append((mLo, mHi + d, mDelta))
        out.append(contentsOf: after)
        if out.count > Self.maxRanges {
            out = [(out[0].lo, out[out.count - 1].hi, out.reduce(0) { $0 + $1.delta })]
        }
        ranges = out
    }

    /// The stretches of the items (span and extent together) that differ from the prepared ones,
    /// each with the shift after it (`GridRows.Stretch`), from the edits of the spans and of the
    /// extents (nil: that array did not change); nil when they do not agree on how the items
    /// were renumbered (then the rows are built from scratch). O(stretches).
    static func combine(_ a: GridEdits?, _ b: GridEdits?) -> [GridRows.Stretch]? {
        // Both lists in one, by start; overlapping or touching stretches merged.
        var all: [(lo: Int, hi: Int, da: Int, db: Int)] = []
        for x in a?.ranges ?? [] { all.append((x.lo, x.hi, x.delta, 0)) }
        for x in b?.ranges ?? [] { all.append((x.lo, x.hi, 0, x.delta)) }
        all.sort { $0.lo < $1.lo }
        var merged: [(lo: Int, hi: Int, da: Int, db: Int)] = []
        for x in all {
            if let last = merged.last, x.lo <= last.hi {
                merged[merged.count - 1] = (last.lo, Swift.max(last.hi, x.hi), last.da + x.da, last.db + x.db)
            } else {
                merged.append(x)
            }
        }
        // Between stretches an item is unchanged when both arrays renumbered it alike: else
        // the gap joins the stretches around it.
        var out: [GridRows.Stretch] = []
        var sa = 0, sb = 0, open: (lo: Int, hi: Int)?
        for x in merged {
            if let o = open {
                open = (o.lo, x.hi)
            } else {
                open = (x.lo, x.hi)
            }
            sa += x.da
            sb += x.db
            if a == nil || b == nil || sa == sb {
                out.append((open!.lo, open!.hi, a == nil ? sb : sa))
                open = nil
            }
        }
        guard open == nil else { return nil }
        return out
    }
}

/// A section's bulk spans (chunked: a range edit copies one chunk, not the section), their
/// largest, and a version that changes with every edit.
struct GridSpans {
    var values: FlowChunkedArray<Int32>
    var maxSpan: Int
    var version: Int
}

/// A section's bulk extents, the one extent they share (nil if they differ), and a version.
struct GridExtents {
    var values: FlowChunkedArray<Double>
    var uniform: Double?
    var version: Int

    /// O(groups) plus O(chunk) for each chunk not asked before (`FlowChunkedArray.allEqual`).
    init(values: FlowChunkedArray<Double>, version: Int) {
        self.values = values
        self.version = version
        uniform = values.count > 0 && values.allEqual() ? values[0] : nil
    }
}
