/// The records of a run of turned cells (`TurnedCell`) of one section, as a sequence an array
/// appends in one pass: each is a default cell but for its index path, frame and
/// `Transform3D.turn(cos:sin:)` — what `LayoutAttributes.cell(_:frame:)` with that transform is,
/// bit for bit. `Array.append(contentsOf:)` makes room for all of them once (`underestimatedCount`
/// is the run's length) and hands its free storage to `_copyContents(initializing:)`, which builds
/// each record in place: no record built apart and copied, no check per record
/// (`CollectingSink.storeTurnedCells`). O(run), O(1) memory of its own.
struct TurnedRecords: Sequence {
    let section: Int
    let run: UnsafeBufferPointer<TurnedCell>

    /// Cell `h`'s record.
    @inline(__always)
    static func record(section: Int, _ h: TurnedCell) -> LayoutAttributes {
        var a = LayoutAttributes.cell(IndexPath(section: section, item: h.item), frame: h.frame)
        a.transform = .turn(cos: h.cos, sin: h.sin)
        return a
    }

    struct Iterator: IteratorProtocol {
        let section: Int
        var rest: UnsafeBufferPointer<TurnedCell>.Iterator
        mutating func next() -> LayoutAttributes? { rest.next().map { TurnedRecords.record(section: section, $0) } }
    }

    func makeIterator() -> Iterator { Iterator(section: section, rest: run.makeIterator()) }

    var underestimatedCount: Int { run.count }

    /// Builds the first `min(run.count, out.count)` records in `out`, each in its place; returns
    /// the iterator past them and how many there are.
    func _copyContents(initializing out: UnsafeMutableBufferPointer<LayoutAttributes>) -> (Iterator, Int) {
        let n = Swift.min(run.count, out.count)
        if n > 0, let p = out.baseAddress, let q = run.baseAddress {
            for k in 0..<n { (p + k).initialize(to: Self.record(section: section, q[k])) }
        }
        var rest = run.makeIterator()
        if n > 0 { rest = UnsafeBufferPointer(rebasing: run[n...]).makeIterator() }
        return (Iterator(section: section, rest: rest), n)
    }
}
