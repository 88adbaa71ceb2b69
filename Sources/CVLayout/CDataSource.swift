import CCVLayout
import CVLayoutCore

/// `cvl_data_source` as a `CollectionViewDataSource`. It only converts: the counts' rules
/// (not negative, within `CollectionView.maxSections` / `maxCount`) are
/// `CollectionView.loadCounts`' (Int64 is Int on every supported platform).
final class CDataSource: CollectionViewDataSource {
    let source: cvl_data_source

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
}
