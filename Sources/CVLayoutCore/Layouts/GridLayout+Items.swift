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
            if itemSpans.removeValue(forKey: section) != nil { sectionInputsChanged(section, from: 0) }
            return
        }
        let m = try Self.checkSpans(spans, section, "item span")
        try checkFixedSpans(configuration, sectionColumns, extra: (section, m))
        itemSpans[section] = GridSpans(values: spans, maxSpan: m, version: nextVersion())
        sectionInputsChanged(section, from: 0)
    }

    /// Replaces the spans at `start ..< start + removeCount` of `section` by `spans` (an insert:
    /// `removeCount` 0; a delete: `spans` empty). Pair it with the batch update, edited first.
    /// - Throws: `.state` when the section has no bulk spans; `.outOfRange` for a range outside
    ///   them; `.invalidArgument` as `setItemSpans`. Nothing changes on error.
    /// - Complexity: O(spans.count) when `removeCount == spans.count` or for an append
    ///   (`start` = the count, `appendedFrom`) (edited in place; the next
    ///   prepare re-packs the rows from the edited one until they agree with the old ones,
    ///   `GridRows.planInPlaceEdit`) and the section's widest span stays in place outside the
    ///   range, else O(n).
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
        let m: Int = itemSpans[section].unsafelyUnwrapped.values.withUnsafeBufferPointer { v in
            var removedMax = 0
            for i in range { removedMax = Swift.max(removedMax, Int(v[i])) }
            if removedMax < oldMax { return Swift.max(oldMax, newMax) }
            var outside = 0
            for i in 0..<n where !range.contains(i) {
                outside = Swift.max(outside, Int(v[i]))
                if outside == oldMax { break }
            }
            return Swift.max(outside, newMax)
        }
        try checkFixedSpans(configuration, sectionColumns, extra: (section, m))
        let inPlace = removeCount == spans.count
        let appending = removeCount == 0 && start == n && !spans.isEmpty
        // As replaceItemExtents: the prepared table lends the array for an edit in place or an
        // append (no item it holds moves).
        let table =
            inPlace || appending ? cachedRows[section].flatMap { $0.holdsSpans(version: version) ? $0 : nil } : nil
        table?.lendSpans(range)
        var values = itemSpans.removeValue(forKey: section).unsafelyUnwrapped.values
        values.replaceSubrange(range, with: spans)
        let entry = GridSpans(values: values, maxSpan: m, version: nextVersion())
        itemSpans[section] = entry
        table?.takeBackSpans(values, version: entry.version)
        if inPlace {
            spansChanged(section, range)
        } else if appending {
            itemsAppended(section, from: start)
        } else {
            sectionInputsChanged(section, from: start)
        }
    }

    /// The bulk spans of `section`, if any. O(1) (the array is shared).
    public func itemSpans(forSection section: Int) -> [Int32]? { itemSpans[section]?.values }

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
            if itemExtents.removeValue(forKey: section) != nil { sectionInputsChanged(section, from: 0) }
            return
        }
        try Self.checkExtents(extents, section, "item extent")
        itemExtents[section] = GridExtents(values: extents, version: nextVersion())
        measuredItems[section] = nil
        ownsExtents.remove(section)
        sectionInputsChanged(section, from: 0)
    }

    /// Replaces the extents at `start ..< start + removeCount` of `section` by `extents`; the
    /// measurements of the items it does not replace are kept (renumbered).
    /// - Throws: `.state` when the section has no bulk extents; `.outOfRange` for a range outside
    ///   them; `.invalidArgument` as `setItemExtents`. Nothing changes on error.
    /// - Complexity: O(extents.count) when `removeCount == extents.count` or for an append
    ///   (edited in place; the
    ///   next prepare patches the rows holding them, `GridRows.planInPlaceEdit`), else O(n).
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
        let inPlace = removeCount == extents.count
        let appending = removeCount == 0 && start == n && !extents.isEmpty
        // The prepared table shares the array: an edit in place (the same count) or an append
        // borrows it, so that the array is not copied (the table keeps the replaced values for
        // its frames).
        let table =
            inPlace || appending
            ? cachedRows[section].flatMap { $0.holdsExtents(version: version) ? $0 : nil } : nil
        table?.lendExtents(start..<(start + removeCount))
        var values = itemExtents.removeValue(forKey: section).unsafelyUnwrapped.values
        values.replaceSubrange(start..<(start + removeCount), with: extents)
        let entry = GridExtents(values: values, version: nextVersion())
        itemExtents[section] = entry
        table?.takeBackExtents(values, version: entry.version)
        if let m = measuredItems[section] {
            let delta = extents.count - removeCount
            var kept = Set<Int>()
            for i in m where i < start || i >= start + removeCount { kept.insert(i < start ? i : i + delta) }
            measuredItems[section] = kept.isEmpty ? nil : kept
        }
        if inPlace {
            extentsChanged(section, start..<(start + removeCount))
        } else if appending {
            itemsAppended(section, from: start)
        } else {
            sectionInputsChanged(section, from: start)
        }
    }

    /// The bulk (or measured) extents of `section`, if any. O(1) (the array is shared).
    public func itemExtents(forSection section: Int) -> [Double]? { itemExtents[section]?.values }

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

    /// Records that `section`'s inputs changed from item `from` on (the items before it keep
    /// their spans and extents): the next prepare keeps the rows before that item's row.
    func sectionInputsChanged(_ section: Int, from: Int) {
        editedFrom[section] = Swift.min(editedFrom[section] ?? from, from)
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// Records that items were appended to `section` from item `from` on (`appendedFrom`).
    func itemsAppended(_ section: Int, from: Int) {
        appendedFrom[section] = Swift.min(appendedFrom[section] ?? from, from)
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// As `extentsChanged`, for spans replaced in place (`spanEdits`).
    func spansChanged(_ section: Int, _ items: Range<Int>) {
        var ranges = spanEdits[section] ?? []
        ranges.append(items)
        if ranges.count > Self.maxExtentEdits, let from = ranges.lazy.map(\.lowerBound).min() {
            spanEdits[section] = nil
            editedFrom[section] = Swift.min(editedFrom[section] ?? from, from)
        } else {
            spanEdits[section] = ranges
        }
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// Records that the extents of `items` of `section` changed in place (the same count, the
    /// spans unchanged): the next prepare patches the rows holding them (`extentEdits`), or,
    /// past `maxExtentEdits` ranges, builds the rows from the first one on.
    func extentsChanged(_ section: Int, _ items: Range<Int>) {
        var ranges = extentEdits[section] ?? []
        ranges.append(items)
        if ranges.count > Self.maxExtentEdits, let from = ranges.lazy.map(\.lowerBound).min() {
            extentEdits[section] = nil
            editedFrom[section] = Swift.min(editedFrom[section] ?? from, from)
        } else {
            extentEdits[section] = ranges
        }
        collectionView?.invalidateLayout(.layoutAttributes)
    }
}

/// A section's bulk spans, their largest, and a version that changes with every edit.
struct GridSpans {
    var values: [Int32]
    var maxSpan: Int
    var version: Int
}

/// A section's bulk extents, the one extent they share (nil if they differ), and a version.
struct GridExtents {
    var values: [Double]
    var uniform: Double?
    var version: Int

    init(values: [Double], version: Int) {
        self.values = values
        self.version = version
        let f = values.first
        uniform = f != nil && values.allSatisfy { $0 == f! } ? f : nil
    }
}
