import CCVLayout
import CVLayoutCore

/// `cvl_data_source` as a `CollectionViewDataSource`.
final class CDataSource: CollectionViewDataSource {
    let source: cvl_data_source

    init(_ s: cvl_data_source) throws {
        guard s.number_of_items != nil else { throw LayoutError(.nullArgument, "data source number_of_items callback is NULL") }
        source = s
    }

    func numberOfSections() throws -> Int {
        guard let f = source.number_of_sections else { return 1 }
        var n: Int64 = 0
        try callC("number_of_sections") { f(source.context, &n) }
        guard n >= 0 else { throw LayoutError.callback("number_of_sections returned \(n), a negative count") }
        guard n <= Int64(CollectionView.maxCount) else { throw LayoutError(.overflow, "number_of_sections returned \(n), more than \(CollectionView.maxCount)") }
        return Int(n)
    }

    func numberOfItems(inSection section: Int) throws -> Int {
        guard let f = source.number_of_items else { return 0 }
        var n: Int64 = 0
        try callC("number_of_items(section \(section))") { f(source.context, Int64(section), &n) }
        guard n >= 0 else { throw LayoutError.callback("number_of_items returned \(n) for section \(section), a negative count") }
        guard n <= Int64(CollectionView.maxCount) else { throw LayoutError(.overflow, "number_of_items returned \(n) for section \(section), more than \(CollectionView.maxCount)") }
        return Int(n)
    }
}
