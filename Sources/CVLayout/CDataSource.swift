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
    /// thread's state looked up once (a view of 1000 sections asks 1000 counts per update).
    func numberOfItems(inSections n: Int, check: (_ section: Int, _ count: Int) throws -> Void) throws {
        guard let f = source.number_of_items else {
            for s in 0..<n { try check(s, 0) }
            return
        }
        let ts = threadState, context = source.context
        for s in 0..<n {
            var c: Int64 = 0
            try callC(on: ts, "number_of_items(section \(s))") { f(context, Int64(s), &c) }
            try check(s, Int(c))
        }
    }
}
