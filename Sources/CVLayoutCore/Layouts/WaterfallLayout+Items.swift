/// The waterfall's per-item and per-section inputs (`WaterfallLayout`): full-span flags and item
/// extents per section in bulk (Android's `setFullSpan`, Compose's `StaggeredGridItemSpan.FullLine`,
/// handed over as arrays so C and Python callers pay no callback per item), and per-section column
/// counts (CHT's `columnCountForSection`). Each setter checks everything before it changes anything
/// and invalidates the attached view.
///
/// As the flow's bulk sizes (`FlowLayout.setItemSizes`), an array must have exactly as many
/// entries as its section has items when the layout is next prepared (else the layout cycle fails
/// with `.invalidArgument`, the previous frames kept); pair a batch update that inserts or deletes
/// items with the range edit (`replaceFullSpanItems` / `replaceItemExtents`) made first. Arrays are
/// keyed by section index, as the flow's.
extension WaterfallLayout {
    /// A section's own column count (`CVLayoutCore.SectionColumns`, shared with the other column layout).
    public typealias SectionColumns = CVLayoutCore.SectionColumns

    /// The per-section column entries in effect (`setSectionColumns(_:)`).
    public var sectionColumnEntries: [SectionColumns] { sectionColumns }

    private static func checkSection(_ section: Int, _ what: String) throws {
        guard section >= 0, section < CollectionView.maxSections else {
            throw LayoutError.outOfRange("WaterfallLayout \(what): section \(section) is out of range")
        }
    }

    private static func checkRange(_ start: Int, _ removeCount: Int, _ n: Int, _ section: Int, _ what: String) throws {
        guard start >= 0, removeCount >= 0, start <= n, removeCount <= n - start else {
            throw LayoutError.outOfRange(
                "WaterfallLayout: \(what) \(start) ..< \(start) + \(removeCount) are outside the \(n) entries of "
                    + "section \(section)")
        }
    }

    private static func checkFlags<C: Collection>(_ flags: C, _ section: Int) throws where C.Element == UInt8 {
        // Every flag is 0 or 1 when their bits together are (one pass, no branch per flag).
        let bits = flags.withContiguousStorageIfAvailable { $0.reduce(UInt8(0)) { $0 | $1 } }
        if let bits, bits <= 1 { return }
        for (i, f) in flags.enumerated() where f > 1 {
            throw LayoutError.invalid(
                "WaterfallLayout: full-span flag \(i) for section \(section) is \(f); a flag must be 0 or 1")
        }
    }

    private static func checkExtents<C: Collection>(_ extents: C, _ section: Int) throws where C.Element == Double {
        if extents.withContiguousStorageIfAvailable(GridLayout.allValid) == true { return }
        for (i, e) in extents.enumerated() where !isValidValue(e) {
            throw LayoutError.invalid(
                "WaterfallLayout: item extent \(i) for section \(section) is \(e); extents must be finite, >= 0 and "
                    + "<= \(FlowLayout.maxMagnitude)")
        }
    }

    /// Records that `section`'s flags or extents changed from item `from` through item `last`
    /// (`Int.max`: to the section's end): the next prepare places that section's items from
    /// there (an empty context: nothing else is stale).
    private func changed(_ section: Int, from: Int, through last: Int = .max) {
        noteEdit(section, from: from, through: last)
        collectionView?.invalidateLayout(InvalidationContext())
    }

    // MARK: Full-span items

    /// Sets which items of `section` span every column (`flags[i]` 1: item i; 0: one column); nil
    /// removes them (no item spans).
    /// - Throws: `.outOfRange` for a section outside 0 ..< `CollectionView.maxSections`;
    ///   `.invalidArgument` for a flag other than 0 or 1. Nothing changes on error.
    /// - Complexity: O(n).
    public func setFullSpanItems(_ flags: [UInt8]?, forSection section: Int) throws {
        try Self.checkSection(section, "full-span flags")
        if let flags { try Self.checkFlags(flags, section) }
        fullSpanFlags[section] = flags
        changed(section, from: 0)
    }

    /// Replaces the flags at `start ..< start + removeCount` of `section` by `flags` (an insert:
    /// `removeCount` 0; a delete: `flags` empty). Pair it with the batch update, edited first.
    /// - Throws: `.state` when the section has no flags; `.outOfRange` for a range outside them;
    ///   `.invalidArgument` as `setFullSpanItems`. Nothing changes on error.
    /// - Complexity: O(n).
    public func replaceFullSpanItems(
        inSection section: Int, start: Int, removeCount: Int, with flags: [UInt8]
    ) throws {
        try Self.checkSection(section, "full-span flags")
        guard var values = fullSpanFlags[section] else {
            throw LayoutError.state(
                "WaterfallLayout: section \(section) has no full-span flags to edit (set them first)")
        }
        try Self.checkRange(start, removeCount, values.count, section, "full-span flags")
        try Self.checkFlags(flags, section)
        forgetPlacedInputs(section: section)  // (else the edit below copies every flag)
        fullSpanFlags[section] = nil
        values.replaceSubrange(start..<(start + removeCount), with: flags)
        fullSpanFlags[section] = values
        changed(section, from: start)
    }

    /// The full-span flags of `section`, if any. O(1) (the array is shared).
    public func fullSpanItems(forSection section: Int) -> [UInt8]? { fullSpanFlags[section] }

    // MARK: Extents

    /// Sets the extent along the scroll axis (the height; the width when horizontal) of every item
    /// of `section` (finite, ≥ 0, at most `FlowLayout.maxMagnitude`); nil removes them (back to
    /// the sizes scaled to the column width, W6).
    /// - Throws: `.outOfRange` for a section outside 0 ..< `CollectionView.maxSections`;
    ///   `.invalidArgument` for a NaN, infinite, negative or too large extent. Nothing changes on error.
    /// - Complexity: O(n).
    public func setItemExtents(_ extents: [Double]?, forSection section: Int) throws {
        try Self.checkSection(section, "item extents")
        if let extents { try Self.checkExtents(extents, section) }
        itemExtents[section] = extents
        changed(section, from: 0)
    }

    /// Replaces the extents at `start ..< start + removeCount` of `section` by `extents`.
    /// - Throws: `.state` when the section has no extents; `.outOfRange` for a range outside them;
    ///   `.invalidArgument` as `setItemExtents`. Nothing changes on error.
    /// - Complexity: O(n).
    public func replaceItemExtents(
        inSection section: Int, start: Int, removeCount: Int, with extents: [Double]
    ) throws {
        try Self.checkSection(section, "item extents")
        guard var values = itemExtents[section] else {
            throw LayoutError.state("WaterfallLayout: section \(section) has no item extents to edit (set them first)")
        }
        try Self.checkRange(start, removeCount, values.count, section, "item extents")
        try Self.checkExtents(extents, section)
        forgetPlacedInputs(section: section)  // (else the edit below copies every extent)
        itemExtents[section] = nil
        values.replaceSubrange(start..<(start + removeCount), with: extents)
        itemExtents[section] = values
        // Extents that keep their count change only the items written; others move every later item.
        changed(section, from: start, through: removeCount == extents.count ? start + removeCount - 1 : .max)
    }

    /// The bulk extents of `section`, if any. O(1) (the array is shared).
    public func itemExtents(forSection section: Int) -> [Double]? { itemExtents[section] }

    // MARK: Per-section columns

    /// Entry s is section s's column count (`SectionColumns`); sections past the end, and (0, 0)
    /// entries, use the configuration's. An empty array removes them all.
    /// - Throws: `.invalidArgument` for columns outside 0 ... `maxColumns`, a minimum width that is
    ///   NaN, infinite, negative or too large, or more entries than `CollectionView.maxSections`.
    ///   Nothing changes on error.
    /// - Complexity: O(entries).
    public func setSectionColumns(_ entries: [SectionColumns]) throws {
        guard entries.count <= CollectionView.maxSections else {
            throw LayoutError.invalid(
                "WaterfallLayout: \(entries.count) section column entries; at most \(CollectionView.maxSections)")
        }
        for (s, e) in entries.enumerated() {
            if let problem = e.problem(maxColumns: Self.maxColumns) {
                throw LayoutError.invalid("WaterfallLayout: section \(s) \(problem)")
            }
        }
        guard entries != sectionColumns else { return }
        sectionColumns = entries
        needsFullPlacement = true
        collectionView?.invalidateLayout(.layoutAttributes)
    }
}
