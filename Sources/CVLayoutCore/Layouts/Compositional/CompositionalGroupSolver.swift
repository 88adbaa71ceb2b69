/// A section's group resolved once into the frames of its cells and badges relative to the
/// group's origin: the section repeats this template (C14), so a cell's frame is a closed form
/// of its index (group = item / cellCount, origin = the group's + the template's frame).
struct CompositionalTemplate {
    /// The group's size (its `layoutSize` resolved in the section's container).
    var size = Size.zero
    /// The cells in item order, relative to the group's origin.
    var cells: [Rect] = []
    /// The badges, ordered by cell; `badgeStart[i] ..< badgeStart[i + 1]` are cell i's.
    var badges: [(kind: ElementKind, frame: Rect, zIndex: Int)] = []
    var badgeStart: [Int] = [0]
    /// Each badge's description (to place it again on a measured cell).
    var badgeSpecs: [CompositionalLayout.SupplementaryItem] = []
    /// Per cell: bit 0 its width is estimated, bit 1 its height (a measured size replaces those).
    var estimated: [UInt8] = []
    /// Whether any cell has an estimated dimension.
    var hasEstimated = false
    /// The union of every cell and badge (relative), for the group searches of the rect query.
    var bounds = Rect.zero
    /// 1 when the cells' minX and maxX both never decrease along the item order, 2 for y: a
    /// query then finds the cells it meets by binary search; 0: it looks at each.
    var sortedAxis = 0

    var cellCount: Int { cells.count }
}

/// Resolves groups (C3–C13): see docs/compositional-rules.md for each rule and its source.
struct CompositionalGroupSolver {
    typealias L = CompositionalLayout
    var out = CompositionalTemplate()
    /// Where the error names the group (`section[2].group`).
    let path: String

    /// The template of `group` resolved in `container` (the section's content size).
    /// - Throws: `.overflow` past `maxGroupItems` cells; a custom group's callback errors and
    ///   bad frames. Cost: O(cells + badges) of the result, the list walks bounded by it.
    static func solve(_ group: L.Group, container: Size, path: String) throws -> CompositionalTemplate {
        var s = CompositionalGroupSolver(path: path)
        let size = group.size.resolve(in: container)
        guard size.isFinite else { throw LayoutError(.overflow, "compositional \(path): size overflows") }
        s.out.size = size
        try s.place(group, in: Rect(origin: .zero, size: size), path: path)
        s.finish()
        return s.out
    }

    private mutating func finish() {
        var b: Rect?
        for c in out.cells { b = b.map { $0.union(c) } ?? c }
        for x in out.badges { b = b.map { $0.union(x.frame) } ?? x.frame }
        out.bounds = b ?? .zero
        func sorted(_ lo: (Rect) -> Double, _ hi: (Rect) -> Double) -> Bool {
            var i = 1
            while i < out.cells.count {
                if lo(out.cells[i]) < lo(out.cells[i - 1]) || hi(out.cells[i]) < hi(out.cells[i - 1]) { return false }
                i += 1
            }
            return true
        }
        if sorted({ $0.minX }, { $0.maxX }) {
            out.sortedAxis = 1
        } else if sorted({ $0.minY }, { $0.maxY }) {
            out.sortedAxis = 2
        }
    }

    private mutating func addCell(_ item: L.Item, box: Rect) throws {
        guard out.cells.count < L.maxGroupItems else {
            throw LayoutError(.overflow, "compositional \(path): a group holds more than \(L.maxGroupItems) cells")
        }
        // C3: contentInsets shrink the cell in its slot, except along an estimated axis.
        var f = box
        let i = item.contentInsets
        if !item.size.width.isEstimated {
            f.origin.x += i.left
            f.size.width = Swift.max(0, f.width - i.left - i.right)
        }
        if !item.size.height.isEstimated {
            f.origin.y += i.top
            f.size.height = Swift.max(0, f.height - i.top - i.bottom)
        }
        guard f.isFinite else { throw LayoutError(.overflow, "compositional \(path): a cell's frame overflows") }
        out.cells.append(f)
        let est = UInt8(item.size.width.isEstimated ? 1 : 0) | UInt8(item.size.height.isEstimated ? 2 : 0)
        out.estimated.append(est)
        if est != 0 { out.hasEstimated = true }
        for b in item.supplementaryItems {
            out.badges.append((b.kind, Self.badgeFrame(b, on: f), b.zIndex))
            out.badgeSpecs.append(b)
        }
        out.badgeStart.append(out.badges.count)
    }

    /// C19: origin = container origin + container size × a + offset − size × b, a the container
    /// anchor's unit point, b the item anchor's (Q16; the container anchor's when nil), a
    /// fractional offset being of the badge's own size.
    static func badgeFrame(_ b: L.SupplementaryItem, on f: Rect) -> Rect {
        let size = b.size.resolve(in: f.size)
        let a = b.containerAnchor.edges.unitPoint
        let bp = (b.itemAnchor ?? b.containerAnchor).edges.unitPoint
        var off = b.containerAnchor.offset
        if b.containerAnchor.offsetIsFractional { off = Point(x: off.x * size.width, y: off.y * size.height) }
        if let ia = b.itemAnchor {
            var o2 = ia.offset
            if ia.offsetIsFractional { o2 = Point(x: o2.x * size.width, y: o2.y * size.height) }
            off = Point(x: off.x - o2.x, y: off.y - o2.y)
        }
        return Rect(
            x: f.minX + f.width * a.x + off.x - size.width * bp.x,
            y: f.minY + f.height * a.y + off.y - size.height * bp.y, width: size.width, height: size.height)
    }

    /// One child to place along the group's axis: its element, its size, and its edge spacing
    /// along (lead, trail) and across (crossLead, crossTrail) the axis.
    private struct Slot {
        var index: Int
        var size: Size
    }

    /// Places `group` in `frame` (its box: edge spacing already applied).
    private mutating func place(_ group: L.Group, in frame: Rect, path: String) throws {
        // C12: the children sit inside the group's contentInsets; fractions are of that (Q7).
        let ins = group.contentInsets
        let inner = Rect(
            x: frame.minX + ins.left, y: frame.minY + ins.top, width: Swift.max(0, frame.width - ins.left - ins.right),
            height: Swift.max(0, frame.height - ins.top - ins.bottom))
        if group.kind == .custom {
            try placeCustom(group, in: inner, path: path)
            return
        }
        let horizontal = group.kind == .horizontal
        func main(_ s: Size) -> Double { horizontal ? s.width : s.height }
        func cross(_ s: Size) -> Double { horizontal ? s.height : s.width }
        let innerMain = main(inner.size), innerCross = cross(inner.size)
        let spacing = group.interItemSpacing?.points ?? 0
        // Edge spacing along the axis: (leading, trailing); across: (top, bottom).
        func along(_ e: L.EdgeSpacing) -> (L.Spacing?, L.Spacing?) {
            horizontal ? (e.leading, e.trailing) : (e.top, e.bottom)
        }
        func across(_ e: L.EdgeSpacing) -> (L.Spacing?, L.Spacing?) {
            horizontal ? (e.top, e.bottom) : (e.leading, e.trailing)
        }
        var slots: [Slot] = []
        switch group.fill {
        case .count(let n):
            // C4: n equal slots of (group − spacing × (n − 1)) / n; the item's own size along
            // the axis is ignored (its edge spacing is taken out of the slot).
            guard n <= L.maxGroupItems - out.cells.count else {
                throw LayoutError(.overflow, "compositional \(path): a group holds more than \(L.maxGroupItems) cells")
            }
            let child = group.subitems[0]
            let (lead, trail) = along(child.edgeSpacing)
            let share = Swift.max(0, (innerMain - spacing * Double(n - 1)) / Double(n))
            let m = Swift.max(0, share - (lead?.points ?? 0) - (trail?.points ?? 0))
            let c = cross(child.size.resolve(in: inner.size))
            let size = horizontal ? Size(width: m, height: c) : Size(width: c, height: m)
            slots = Array(repeating: Slot(index: 0, size: size), count: n)
        case .repeating(let n):
            // C5: the item keeps its size, n times.
            guard n <= L.maxGroupItems - out.cells.count else {
                throw LayoutError(.overflow, "compositional \(path): a group holds more than \(L.maxGroupItems) cells")
            }
            slots = Array(repeating: Slot(index: 0, size: group.subitems[0].size.resolve(in: inner.size)), count: n)
        case .subitems:
            // C6: the list, cycled, each placed if it fits; the first always is (so a group holds
            // a cell). A whole cycle that advances nothing ends the list (zero-width items).
            let sizes = group.subitems.map { $0.size.resolve(in: inner.size) }
            let tolerance = 1e-9 * Swift.max(1, innerMain)
            var pos = 0.0, cycleStart = 0.0
            var i = 0
            while true {
                let k = i % sizes.count
                if k == 0, i > 0 {
                    if pos <= cycleStart { break }
                    cycleStart = pos
                }
                let (lead, trail) = along(group.subitems[k].edgeSpacing)
                let need = (lead?.points ?? 0) + main(sizes[k]) + (trail?.points ?? 0)
                let end = pos + (slots.isEmpty ? 0 : spacing) + need
                if !slots.isEmpty, end > innerMain + tolerance { break }
                guard slots.count < L.maxGroupItems - out.cells.count else {
                    throw LayoutError(
                        .overflow, "compositional \(path): a group holds more than \(L.maxGroupItems) cells")
                }
                slots.append(Slot(index: k, size: sizes[k]))
                pos = end
                i += 1
            }
        }
        // C7, C8, C10: the leftover goes evenly to the flexible gaps and flexible edges.
        var used = spacing * Double(Swift.max(0, slots.count - 1))
        var shares = group.interItemSpacing?.isFlexible == true ? Swift.max(0, slots.count - 1) : 0
        for s in slots {
            let (lead, trail) = along(group.subitems[s.index].edgeSpacing)
            used += (lead?.points ?? 0) + main(s.size) + (trail?.points ?? 0)
            if lead?.isFlexible == true { shares += 1 }
            if trail?.isFlexible == true { shares += 1 }
        }
        let extra = shares > 0 && innerMain - used > 0 ? (innerMain - used) / Double(shares) : 0
        let gapExtra = group.interItemSpacing?.isFlexible == true ? extra : 0
        var pos = horizontal ? inner.minX : inner.minY
        for (j, s) in slots.enumerated() {
            let child = group.subitems[s.index]
            let (lead, trail) = along(child.edgeSpacing)
            let (cl, ct) = across(child.edgeSpacing)
            if j > 0 { pos += spacing + gapExtra }
            pos += (lead?.points ?? 0) + (lead?.isFlexible == true ? extra : 0)
            // Q3: across the axis at the leading/top edge; a flexible top edge alone pushes it
            // to the end, flexible top and bottom centre it.
            let free = innerCross - (cl?.points ?? 0) - cross(s.size) - (ct?.points ?? 0)
            var c = (horizontal ? inner.minY : inner.minX) + (cl?.points ?? 0)
            if cl?.isFlexible == true, free > 0 { c += ct?.isFlexible == true ? free / 2 : free }
            let box =
                horizontal
                ? Rect(x: pos, y: c, width: s.size.width, height: s.size.height)
                : Rect(x: c, y: pos, width: s.size.width, height: s.size.height)
            switch child {
            case .item(let item): try addCell(item, box: box)
            case .group(let g): try place(g, in: box, path: "\(path).subitems[\(s.index)]")
            }
            pos += main(s.size) + (trail?.points ?? 0) + (trail?.isFlexible == true ? extra : 0)
        }
    }

    /// C13: the callback's frames, relative to the group's inner rect, each one cell.
    private mutating func placeCustom(_ group: L.Group, in inner: Rect, path: String) throws {
        guard let provider = group.customFrames else { return }
        let frames = try provider(inner.size)
        guard frames.count <= L.maxGroupItems - out.cells.count else {
            throw LayoutError.callback(
                "compositional \(path): the custom group returned \(frames.count) frames, more than "
                    + "\(L.maxGroupItems - out.cells.count)")
        }
        for (i, f) in frames.enumerated() {
            guard f.isFinite, f.width >= 0, f.height >= 0, f.minX.magnitude <= FlowLayout.maxMagnitude,
                f.minY.magnitude <= FlowLayout.maxMagnitude, f.width <= FlowLayout.maxMagnitude,
                f.height <= FlowLayout.maxMagnitude
            else {
                throw LayoutError.callback(
                    "compositional \(path): custom frame \(i) (\(f.minX), \(f.minY), \(f.width), \(f.height)) must be "
                        + "finite with a size >= 0")
            }
            out.cells.append(Rect(x: inner.minX + f.minX, y: inner.minY + f.minY, width: f.width, height: f.height))
            out.estimated.append(0)
            out.badgeStart.append(out.badges.count)
        }
    }
}
