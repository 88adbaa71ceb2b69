// The C encoding of the per-section bulk inputs of the span grid and the waterfall
// (Exports+Grid.swift, Exports+Waterfall.swift): arrays with their counts, range edits' counts,
// per-section column entries. Converting only: every rule is the layout's.
import CCVLayout
import CVLayoutCore

/// A C array of `count` elements as a Swift array: nil for (NULL, 0); throws for NULL with a count.
func bulkArray<T, U>(_ p: UnsafePointer<T>?, _ count: Int, _ name: String, _ convert: (T) -> U) throws -> [U]? {
    guard count >= 0, count <= CollectionView.maxCount else {
        throw LayoutError.invalid("count \(count) is out of range")
    }
    guard let p else {
        guard count == 0 else { throw LayoutError(.nullArgument, "\(name) is NULL but count is \(count)") }
        return nil
    }
    return UnsafeBufferPointer(start: p, count: count).map(convert)
}

/// `bulkArray` of values taken as they are (one copy of the memory, no call per element).
func bulkArray<T>(_ p: UnsafePointer<T>?, _ count: Int, _ name: String) throws -> [T]? {
    guard count >= 0, count <= CollectionView.maxCount else {
        throw LayoutError.invalid("count \(count) is out of range")
    }
    guard let p else {
        guard count == 0 else { throw LayoutError(.nullArgument, "\(name) is NULL but count is \(count)") }
        return nil
    }
    return Array(UnsafeBufferPointer(start: p, count: count))
}

/// A range edit's counts, each within what a section can hold.
func checkEditCounts(_ removeCount: Int, _ insertCount: Int) throws {
    guard removeCount >= 0, removeCount <= CollectionView.maxCount else {
        throw LayoutError.outOfRange("remove_count \(removeCount) is out of range")
    }
    guard insertCount >= 0, insertCount <= CollectionView.maxCount else {
        throw LayoutError.invalid("insert_count \(insertCount) is out of range")
    }
}

/// A C column entry (`cvl_grid_section_columns`, `cvl_waterfall_section_columns`: the same two
/// fields) as the core's; the layout checks its range.
func sectionColumns(_ columns: Int64, _ minimumColumnWidth: Double) -> SectionColumns {
    SectionColumns(columns: Int(columns), minimumColumnWidth: minimumColumnWidth)
}

/// A C per-item answer of type `T` (`int (*)(void *, cvl_index_path, T *)`, called by `call`) as
/// a Swift callback: `start` is written first (an answer the callback forgets stays invalid), a
/// non-zero status is the callback's error. The layout checks the answer.
func itemAnswer<T>(
    _ name: String, start: T, _ call: @escaping (cvl_index_path, UnsafeMutablePointer<T>) -> Int32
) -> (IndexPath) throws -> T {
    { ip in
        var v = start
        try callC("\(name)(\(ip))") { call(ip.c, &v) }
        return v
    }
}
