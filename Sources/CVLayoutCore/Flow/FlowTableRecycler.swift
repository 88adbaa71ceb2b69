/// The line and cross-origin tables of a layout being replaced, handed to the one replacing it.
///
/// Why: a full prepare builds every table anew while the old ones still answer (a failed
/// prepare must leave them), then frees the old ones. The allocator gives that memory back to
/// the system when it is at the top of the heap, which it is every other prepare, and the next
/// prepare takes it again a page fault at a time: at 10^6 items, 2,500 faults and about a third
/// of the re-prepare's time in those rounds (measured). Once nothing can fail any more (a full
/// rebuild after its inputs are resolved), the old tables are recycled into the new layout.
///
/// A recycled table is used only when uniquely referenced and large enough (otherwise a fresh
/// one is allocated); its contents are overwritten, so the result is the same as with fresh
/// tables. O(1) per table.
struct FlowTableRecycler {
    /// The tables, one pool per kind (disjoint: one pool can be used inside the other's `fill`).
    var lines = FlowTablePool<FlowLine>(zero: FlowLine(first: 0, origin: 0, thickness: 0))
    var cross = FlowTablePool<Double>(zero: 0)

    init() {}

    /// Takes the tables of `body`'s blocks (the body is left empty).
    mutating func collect(_ body: inout FlowLineBlocks) {
        // Nothing to take from a body without lines (a new section, a grid): left as it is,
        // not replaced by a new empty one (building one costs more than the grid's layout).
        guard !body.blocks.isEmpty else { return }
        var blocks = body.blocks
        body = FlowLineBlocks()
        // Moved out, not copied: a copy retains each table and the emptied slot releases it,
        // and each of those touches the table's header, cold at this point (at 10^6 items,
        // ~1,800 tables: perf's cpu-clock samples gave their retains 5 % of a re-prepare).
        for b in blocks.indices {
            var l = ContiguousArray<FlowLine>()
            swap(&l, &blocks[b].lines)
            lines.add(l)
            var c = ContiguousArray<Double>()
            swap(&c, &blocks[b].itemCross)
            cross.add(c)
        }
    }
}

/// Recycled tables of one element type, handed out in the order they were added.
struct FlowTablePool<T> {
    private var tables: [ContiguousArray<T>] = []
    private var next = 0
    private let zero: T

    init(zero: T) { self.zero = zero }

    mutating func add(_ t: consuming ContiguousArray<T>) { tables.append(t) }

    /// A table of `capacity` elements filled by `fill` (which returns how many it wrote), from
    /// the next recycled table when it is large enough, else newly allocated.
    @inline(__always)
    mutating func table(capacity: Int, _ fill: (UnsafeMutablePointer<T>) -> Int) -> ContiguousArray<T> {
        if next < tables.count {
            var t = ContiguousArray<T>()
            swap(&t, &tables[next])  // (moved out: no retain and release of a cold header)
            next += 1
            if t.capacity >= capacity {
                // Its count set to `capacity` (no API sets the count of an array's
                // uninitialized storage): the old elements it holds are kept to be overwritten,
                // only the room past them is filled first (about an eighth of a block: its
                // capacity is the previous block's count and an eighth more), then it is cut to
                // what `fill` wrote. (Not unique: the writes copy it first, as for any array.)
                if t.count < capacity {
                    t.append(contentsOf: repeatElement(zero, count: capacity - t.count))
                } else {
                    t.removeLast(t.count - capacity)
                }
                let used = t.withUnsafeMutableBufferPointer { fill($0.baseAddress.unsafelyUnwrapped) }
                t.removeLast(capacity - used)
                return t
            }
        }
        return ContiguousArray(unsafeUninitializedCapacity: capacity) { buf, n in
            n = fill(buf.baseAddress.unsafelyUnwrapped)
        }
    }
}
