import CCVLayout
import CVLayoutCore

/// `cvl_data_source` as a `CollectionViewDataSource`. It only converts: the counts' rules
/// (not negative, within `CollectionView.maxSections` / `maxCount`) are
/// `CollectionView.loadCounts`' (Int64 is Int on every supported platform).
final class CDataSource: CollectionViewDataSource {
    let source: cvl_data_source
    /// `cvl_view_set_item_counts_source`'s copy: when its `item_counts` is set, a load asks it
    /// once instead of `number_of_items` a section.
    private(set) var itemCounts = cvl_item_counts_source()

    init(_ s: cvl_data_source) throws {
        guard s.number_of_items != nil else {
            throw LayoutError(.nullArgument, "data source number_of_items callback is NULL")
        }
        source = s
    }

    func numberOfSections() throws -> Int {
        guard let f = source.number_of_sections else { return 1 }
        var n: Int64 = 0
        try callC("number_of_sections") { f(source.context, &n) }
        return Int(n)
    }

    func numberOfItems(inSection section: Int) throws -> Int {
        guard let f = source.number_of_items else { return 0 }
        var n: Int64 = 0
        try callC("number_of_items(section \(section))") { f(source.context, Int64(section), &n) }
        return Int(n)
    }

    /// The same callbacks as `numberOfItems(inSection:)` one section after another, with this
    /// thread's state looked up once and the core's count check inlined (a batch update asks
    /// every section's count: at 10^5 sections this loop was most of a one-item edit). The
    /// callback depth is raised once for the loop (nothing of the host's runs between two calls).
    func loadItemCounts(into counts: UnsafeMutableBufferPointer<Int>, checking load: inout CountLoad) throws {
        if let bulk = itemCounts.item_counts { return try loadInBulk(bulk, into: counts, checking: &load) }
        guard let f = source.number_of_items else {
            for s in counts.indices {
                try load.accept(0, section: s)
                counts[s] = 0
            }
            return
        }
        let ts = threadState, context = source.context
        ts.callbackDepth += 1
        defer { ts.callbackDepth -= 1 }
        for s in counts.indices {
            var c: Int64 = 0
            let status = f(context, Int64(s), &c)
            if status != 0 || ts.callbackMessage != nil {
                try settleCallback(on: ts, "number_of_items(section \(s))", status)
            }
            try load.accept(Int(c), section: s)
            counts[s] = Int(c)
        }
    }

    /// The buffer `itemCounts` writes: it keeps what the host last wrote there (its previous
    /// answer), -1 in every entry of a section the previous call did not have.
    private var buffer: [Int] = []

    /// Sets (or, with a NULL `item_counts`, removes) the bulk source; its first call starts
    /// from a buffer of -1.
    func setItemCounts(_ s: cvl_item_counts_source) {
        itemCounts = s
        buffer = []
    }

    /// One `item_counts` call writes the whole list into `buffer` (an entry it leaves as -1
    /// fails the check as a negative count); then `CountLoad` copies it to the view's new list
    /// and checks it in the same pass, with the same errors as the per-section loop. Only a
    /// change in the number of sections resizes the buffer.
    private func loadInBulk(
        _ bulk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int64>?, Int) -> Int32,
        into counts: UnsafeMutableBufferPointer<Int>, checking load: inout CountLoad
    ) throws {
        let n = counts.count
        guard n > 0 else { return }
        if buffer.count > n {
            buffer.removeLast(buffer.count - n)
        } else if buffer.count < n {
            buffer.append(contentsOf: repeatElement(-1, count: n - buffer.count))
        }
        let context = itemCounts.context
        try buffer.withUnsafeMutableBufferPointer { b in
            try b.withMemoryRebound(to: Int64.self) { p in
                try callC(on: threadState, "item_counts") { bulk(context, p.baseAddress, n) }
            }
            load.answeredBy = "item_counts"
            try load.acceptAll(copying: UnsafeBufferPointer(b), into: counts)
        }
    }
}
