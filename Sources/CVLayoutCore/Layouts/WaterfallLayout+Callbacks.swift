/// The waterfall's per-item and per-section answers by callback (`WaterfallLayout`), next to
/// the bulk arrays of `WaterfallLayout+Items.swift`: CHT's `columnCountForSection:` and
/// `heightForItemAtIndexPath:`-style sizing, Android's `LayoutParams.setFullSpan`, Compose's
/// `span = { StaggeredGridItemSpan.FullLine }`.
///
/// Rules (the header's "Waterfall" paragraph says the same):
/// - A bulk array wins: a section with bulk full-span flags (extents) is not asked for them.
///   The columns callback, when set, answers for every section (`setSectionColumns` entries are
///   then not used).
/// - Every prepare that places the items asks, for each section, the columns callback once and
///   the item callbacks once an item, in index order; the answers are not kept (only the
///   frames). A prepare places the items when the layout is invalidated (a property, a batch
///   update, `invalidateLayout`, a change of the bounds' cross size, `setCallbacks`), never for
///   a scroll; with any callback set, every such prepare places every item (the waterfall's
///   own range edits are then not local).
/// - Each answer is checked: a flag is a Bool, an extent finite, >= 0 and at most
///   `FlowLayout.maxMagnitude`, a column entry as `setSectionColumns`'s. A bad answer or an
///   error thrown fails the prepare with `.callback` naming the item; the frames do not change.
extension WaterfallLayout {
    /// The callbacks (each optional: nil = the bulk array or the configuration).
    public struct Callbacks {
        /// Whether an item spans every column.
        public var isFullSpan: ((IndexPath) throws -> Bool)?
        /// An item's extent along the scroll axis (instead of its size scaled to the column).
        public var extent: ((IndexPath) throws -> Double)?
        /// A section's column count (`SectionColumns()`: the configuration's).
        public var columns: ((Int) throws -> SectionColumns)?

        public init(
            isFullSpan: ((IndexPath) throws -> Bool)? = nil, extent: ((IndexPath) throws -> Double)? = nil,
            columns: ((Int) throws -> SectionColumns)? = nil
        ) {
            self.isFullSpan = isFullSpan
            self.extent = extent
            self.columns = columns
        }

        var isEmpty: Bool { isFullSpan == nil && extent == nil && columns == nil }
    }

    /// Installs `callbacks` (nil or all nil removes them) and invalidates the attached view.
    /// O(1).
    public func setCallbacks(_ callbacks: Callbacks?) {
        itemCallbacks = callbacks.flatMap { $0.isEmpty ? nil : $0 }
        needsFullPlacement = true
        collectionView?.invalidateLayout(.layoutAttributes)
    }

    /// The callbacks in effect.
    public var callbacks: Callbacks? { itemCallbacks }

    /// Section `s`'s column entry asked of the columns callback (nil without one), checked.
    func askedColumns(_ s: Int) throws -> SectionColumns? {
        guard let ask = itemCallbacks?.columns else { return nil }
        let e = try LayoutError.askingHost("WaterfallLayout: the columns callback failed for section \(s)") {
            try ask(s)
        }
        if let problem = e.problem(maxColumns: Self.maxColumns) {
            throw LayoutError.callback("WaterfallLayout: the columns callback's answer for section \(s): \(problem)")
        }
        return e
    }

    /// Section `s`'s full-span flags: the bulk ones, else the callback's answers, else nil.
    func fullSpanFlags(_ s: Int, count n: Int) throws -> [UInt8]? {
        if let flags = fullSpanFlags[s] { return flags }
        guard let ask = itemCallbacks?.isFullSpan, n > 0 else { return nil }
        var out = [UInt8](repeating: 0, count: n)
        for i in 0..<n {
            let ip = IndexPath(section: s, item: i)
            let full = try LayoutError.askingHost("WaterfallLayout: the full-span callback failed for item \(ip)") {
                try ask(ip)
            }
            if full { out[i] = 1 }
        }
        return out
    }

    /// Section `s`'s extents: the bulk ones, else the callback's answers (checked), else nil.
    func extents(_ s: Int, count n: Int) throws -> [Double]? {
        if let ext = itemExtents[s] { return ext }
        guard let ask = itemCallbacks?.extent, n > 0 else { return nil }
        var out = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let ip = IndexPath(section: s, item: i)
            let v = try LayoutError.askingHost("WaterfallLayout: the extent callback failed for item \(ip)") {
                try ask(ip)
            }
            guard Self.isValidValue(v) else {
                throw LayoutError.callback(
                    "WaterfallLayout: the extent callback returned \(v) for item \(ip); extents must be finite, "
                        + ">= 0 and <= \(FlowLayout.maxMagnitude)")
            }
            out[i] = v
        }
        return out
    }
}
