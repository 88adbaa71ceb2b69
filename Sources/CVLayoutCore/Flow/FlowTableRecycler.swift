/// The line and cross-origin tables of a layout being replaced, handed to the one replacing it.
///
/// Why: a full prepare builds every table anew while the old ones still answer (a failed
/// prepare must leave them), then frees the old ones. The allocator gives that memory back to
/// the system when it is at the top of the heap, which it is every other prepare, and the next
/// prepare takes it again a page fault at a time: at 10^6 items, 2,500 faults and about a third
/// of the re-prepare's time in those rounds (measured). Once nothing can fail any more (a full
/// rebuild after its inputs are resolved), the old tables are recycled into the new layout.
///
/// A recycled table is used in place only when uniquely referenced and large enough (otherwise
/// a fresh one is allocated): emptied, then written by the fill (`FlowTablePool.table`), so the
/// result is the same as with fresh tables. O(1) per table besides the fill.
struct FlowTableRecycler {
    /// The tables, one pool per kind (disjoint: one pool can be used inside the other's `fill`).
    var lines = FlowTablePool<FlowLine>()
    var cross = FlowTablePool<Double>()

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
        // ~1,800 tables: perf's cpu-clock samples gave their retains 5 % of a re-prepare; an
        // atomic, so its misses are not overlapped as plain loads' are).
        for b in blocks.indices {
            lines.add(&blocks[b].lines)
            cross.add(&blocks[b].itemCross)
        }
    }
}

/// Recycled tables of one element type, handed out in the order they were added.
///
/// The headers of the tables about to be handed out are read ahead, `warmAhead` at a time
/// (`warm`): handing a table out reads its header (its capacity, whether it is shared), and at
/// 10^6 items that header is out of cache and usually out of the TLB (last touched a whole
/// layout ago): one miss a table, each waited for in full (measured: 6 % of the loop's time for
/// the cross-origin tables, whose headers no sequential write has brought in). Read together,
/// the misses overlap (independent loads), and the headers are still in L2 or L3 when used.
struct FlowTablePool<T> {
    private var tables: [ContiguousArray<T>] = []
    private var next = 0
    /// Tables `..< warmEnd` have had their headers read.
    private var warmEnd = 0
    /// The capacities the reads ahead summed (stored so that the reads are not optimized away).
    private(set) var warmSum = 0
    /// Tables whose headers are read in one go: about 16 blocks' tables and sizes (~500 KB at
    /// 1,000 items a block) stay within L2 and L3.
    static var warmAhead: Int { 16 }

    init() {}

    /// Takes `t` (left empty) without touching its storage: swapped into a new slot (a
    /// `consuming` parameter appended was still retained once and released, a cold miss each).
    mutating func add(_ t: inout ContiguousArray<T>) {
        tables.append(ContiguousArray())
        swap(&tables[tables.count - 1], &t)
    }

    /// A table of `capacity` elements filled by `fill` (which returns how many it wrote), from
    /// the next recycled table when it is large enough, else newly allocated.
    @inline(__always)
    mutating func table(capacity: Int, _ fill: (UnsafeMutablePointer<T>) -> Int) -> ContiguousArray<T> {
        if next < tables.count {
            if next >= warmEnd { warm() }
            var t = ContiguousArray<T>()
            swap(&t, &tables[next])  // (moved out: no retain and release of a cold header)
            next += 1
            if t.capacity >= capacity {
                // Emptied and filled in place: `fill` writes straight into its storage, which
                // then counts what it wrote. No element is written twice (the old way set the
                // count to `capacity` first, padding the room past the old count, about an
                // eighth of a block of cold memory, then cut it: 7 % of the loop's time at 10^6).
                // Uniquely referenced, `removeAll` and `append` keep the storage; otherwise the
                // append writes into a new one (as any array mutation would).
                t.removeAll(keepingCapacity: true)
                t.append(addingCapacity: capacity) { span in
                    span.withUnsafeMutableBufferPointer { buf, n in n = fill(buf.baseAddress.unsafelyUnwrapped) }
                }
                return t
            }
        }
        return ContiguousArray(unsafeUninitializedCapacity: capacity) { buf, n in
            n = fill(buf.baseAddress.unsafelyUnwrapped)
        }
    }

    /// Reads the headers of tables `next ..< next + warmAhead` (plain independent loads, whose
    /// misses overlap). O(warmAhead).
    private mutating func warm() {
        let end = Swift.min(next + Self.warmAhead, tables.count)
        var sum = 0
        tables.withUnsafeBufferPointer { ts in
            for k in next..<end { sum &+= ts[k].capacity }
        }
        warmSum &+= sum
        warmEnd = end
    }
}
