import CCVLayout
import CVLayoutCore

// A flow's rect query written straight from its cells (Flow/FlowCellSpans.swift, handed over
// in runs: `visitCellRuns`): when the answer is per-item cells (and headers and footers), in
// draw order and valid by construction, and the caller's buffer holds its bound, each element's
// record is built once in the caller's buffer. No sink, no second pass, no copy. Anything else
// (uniform sections, an animation, a mirrored or snapped view, identifiers by callback, a buffer
// that may be too small) goes the generic way (`rectQuery`), whose answer this one equals record
// for record. The narrowest case, a screenful of one section's lines with no identifiers, is
// tried first (`FlowLayout.visitScreenful`: the same runs, without the generic visit).

/// Answers the rect query of `rect` (host coordinates; any rect: one that is not finite, or a
/// view that is not laid out, goes the generic way) into
/// `out` when the direct path applies; false, with nothing written, when it does not.
/// - Complexity: O(log n + sections and lines met + cells read); no allocation.
func directFlowCells<R: CQueryRecord>(
    _ view: CollectionView, _ rect: Rect, _ out: UnsafeMutablePointer<R>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>
) -> Bool {
    // (A finite rect whose sum overflows goes the generic way, which answers the same.)
    guard let out, rect.hasFiniteSum else { return false }
    // The layout borrowed, not retained (a retain and a release a query): the view holds it for
    // the whole call, which cannot replace it (the re-entrancy guard; the direct path calls no
    // callback).
    let layout = Unmanaged.passUnretained(view.layout)
    // The view's checks in one flag when a query found them true since the last change
    // (`CollectionView.showsFlowAsIs`: a flow shown as it is, no identifiers).
    let identified: Bool
    if view.showsFlowAsIs {
        identified = false
    } else {
        guard !view.isMirrored, view.answersWithLayoutAsIs, layout._withUnsafeGuaranteedRef({ $0.isFlowLayout })
        else { return false }
        identified = !view.identities.isNone
        if !identified { view.noteShowsFlowAsIs() }
    }
    return unsafeBitCast(layout, to: Unmanaged<FlowLayout>.self)._withUnsafeGuaranteedRef { flow in
        directFlowCells(view, flow, rect, out, capacity, outCount, identified: identified)
    }
}

/// `directFlowCells` once the view's layout is known to be a flow (`identified`: the view has
/// identifiers).
@inline(__always)
private func directFlowCells<R: CQueryRecord>(
    _ view: CollectionView, _ flow: FlowLayout, _ rect: Rect, _ out: UnsafeMutablePointer<R>, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>, identified: Bool
) -> Bool {
    // The commonest case first: a screenful of one section's lines, no identifiers (found
    // without the generic visit: `FlowLayout.visitScreenful`), before the identifiers' optional
    // exists (its destruction at the return was an outlined call a query).
    let bound = Swift.min(capacity, ElementSink.maxElements)
    if !identified {
        var p = out  // the next record (the runs' items fit: at most `bound` of them)
        let screenful = flow.visitScreenful(
            in: rect, counts: view.counts.withUnsafeBufferPointer { $0 }, atMost: bound
        ) { lines in
            let section = lines.section
            var q = p  // in a register for the run's loop (`p`, captured, lives in memory)
            lines.forEachScreenfulCell(in: rect) { item, frame in
                R.initializeCell(q, section: section, item: item, frame: frame)
                q += 1
            }
            p = q
        }
        if screenful {
            // (p ≥ out: an unsigned division by the stride, where `p - out` divided signed.)
            outCount.pointee = Int((UInt(bitPattern: p) &- UInt(bitPattern: out)) / UInt(MemoryLayout<R>.stride))
            return true
        }
    }
    var itemIDs: BulkItemIdentifiers? = nil  // (no identifiers, the commonest case: nothing to look up)
    if identified {
        itemIDs = view.bulkItemIdentifiers
        guard itemIDs != nil else { return false }
    }
    var n = 0
    var overrun = false
    // A per-item section's cells come in runs of lines (one call for a screenful), a uniform
    // section's in runs of spans.
    // The view's counts lent, as its layout (a retain and a release a query): the visit
    // changes neither.
    let visited = flow.visitCellRuns(
        in: rect, counts: view.counts.withUnsafeBufferPointer { $0 }, atMost: bound
    ) { lines in
        let section = lines.section
        // Never past the buffer, whatever the bound said (it bounds what the visit reads):
        // checked once when the run's items fit, else at each cell.
        if itemIDs == nil && lines.items.count <= capacity &- n {
            var p = out + n  // the next record (one register, where `out + k` took two)
            lines.forEachCell(in: rect) { item, frame in
                R.initializeCell(p, section: section, item: item, frame: frame)
                p += 1
            }
            n = p - out
            return
        }
        var k = n  // in a register for the run's loop
        defer { n = k }
        lines.forEachCell(in: rect) { item, frame in
            guard k < capacity else { return overrun = true }
            R.initializeCell(out + k, section: section, item: item, frame: frame)
            if itemIDs != nil, let id = itemIDs!.identifier(section: section, item: item) { out[k].setIdentifier(id) }
            k &+= 1
        }
    } grid: { run in
        var k = n  // in a register for the run's loops
        defer { n = k }
        for span in run {
            let section = span.section
            span.forEachCell(in: rect) { item, frame in
                guard k < capacity else { return overrun = true }
                R.initializeCell(out + k, section: section, item: item, frame: frame)
                if itemIDs != nil, let id = itemIDs!.identifier(section: section, item: item) {
                    out[k].setIdentifier(id)
                }
                k &+= 1
            }
        }
    } supplementary: { a in
        // A header or footer: its section's identifier, as the generic query stamps it (bulk
        // identifiers: a lookup that cannot fail).
        guard n < capacity else { return overrun = true }
        var stamped = a
        if itemIDs != nil { stamped.identifier = (try? view.identifier(of: a.key)) ?? nil }
        R.write(stamped, to: out + n)
        n += 1
    }
    guard visited, !overrun else { return false }  // (an overrun is not reached: the generic query answers)
    outCount.pointee = n
    return true
}

/// The waterfall's rect query written straight into `out`, as `directFlowCells` (the same
/// conditions: no animation, mirroring or snapping, identifiers none or in bulk), from the
/// waterfall's own cells (`WaterfallLayout.visitCells`, which collects them as its generic
/// query does and says when its answer fits the buffer); false, with nothing written, when it
/// does not apply.
/// - Complexity: the waterfall's rect query (O(log n + k) within a section); no allocation once
///   its buffers have grown.
@inline(__always)
func directWaterfallCells<R: CQueryRecord>(
    _ view: CollectionView, _ rect: Rect, _ out: UnsafeMutablePointer<R>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>
) -> Bool {
    // The layout's class first, in the caller's frame: any other layout leaves at once, without
    // a call or the runtime's cast (`WaterfallLayout` is final: its class compared is the cast;
    // measured: ~45 instructions a flow's animation frame, which comes here after
    // `directFlowCells`).
    guard type(of: view.layout) == WaterfallLayout.self else { return false }
    return directWaterfallCells(
        view, unsafeDowncast(view.layout, to: WaterfallLayout.self), rect, out, capacity, outCount)
}

/// `directWaterfallCells` once the view's layout is known to be a waterfall.
private func directWaterfallCells<R: CQueryRecord>(
    _ view: CollectionView, _ waterfall: WaterfallLayout, _ rect: Rect, _ out: UnsafeMutablePointer<R>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>
) -> Bool {
    guard let out, rect.isFinite, !view.isMirrored, view.answersWithLayoutAsIs else { return false }
    var itemIDs = view.bulkItemIdentifiers
    guard view.identities.isNone || itemIDs != nil else { return false }
    var n = 0
    let visited = waterfall.visitCells(in: rect, counts: view.counts, atMost: capacity) { section, cells in
        // (`visitCells` checked that every cell and supplementary element fits in `capacity`.)
        var k = n  // in a register for the section's loop
        defer { n = k }
        if itemIDs == nil {
            for c in cells {
                R.initializeCell(out + k, section: section, item: c.item, frame: c.frame)
                k &+= 1
            }
        } else {
            for c in cells {
                R.initializeCell(out + k, section: section, item: c.item, frame: c.frame)
                if let id = itemIDs!.identifier(section: section, item: c.item) { out[k].setIdentifier(id) }
                k &+= 1
            }
        }
    } supplementary: { a in
        var stamped = a
        if itemIDs != nil { stamped.identifier = (try? view.identifier(of: a.key)) ?? nil }
        R.write(stamped, to: out + n)
        n += 1
    }
    guard visited else { return false }
    outCount.pointee = n
    return true
}
