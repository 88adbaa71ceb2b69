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
}
