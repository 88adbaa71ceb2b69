/// Right-to-left and pixel snapping: the two view options that change only what the host sees
/// (docs/direction-snapping-alignment.md).
///
/// Every layout works in its own, left-to-right and exact, coordinates ("layout space"): the
/// view's `contentOffset`, `bounds`, anchors, animations and scroll animations all live there.
/// The host sees "host space": the layout's frames mirrored when the view is right-to-left and
/// the layout flips (`CollectionViewLayout.flipsHorizontallyInOppositeLayoutDirection`), then
/// rounded to the pixel grid when the view has a display scale. The `host…` methods below are
/// the host's entry points: they take host coordinates in (rects, points, offsets) and hand host
/// coordinates out. With neither option set each is the layout-space method itself.
///
/// - Mirror (UIKit's `flipsHorizontallyInOppositeLayoutDirection`; Android's
///   `GridLayoutManager`, Flutter's `reverseCrossAxis`, Yoga): about `W = max(content width,
///   bounds width)`, `x' = W − x − w`; a point `x' = W − x`; an offset `x' = W − x − bounds
///   width`, so that the layout's offset 0 (its leading end) is the host's
///   `max(0, content width − bounds width)`: horizontal scrolling starts at the right end. A
///   transform `M` becomes `F·M·F` with `F` the x-flip (a rotation stays a rotation with its
///   angle about y negated; never a negative scale).
/// - Snap (Yoga's `roundLayoutResultsToPixelGrid`): at scale `s`, each edge `e` becomes
///   `round(e·s)/s`, to nearest, ties up (towards the layout's trailing edge), in layout space,
///   before the mirror; the size is the difference of the rounded edges, so neighbours keep
///   sharing an edge. `W` is snapped too, so a snapped right-to-left frame is bit for bit the
///   mirror of the snapped left-to-right one (for scales that are powers of two; within a
///   rounding error of the grid otherwise). The content size is snapped the same way; offsets,
///   points and hit tests are not (a hit test uses the exact frames, mirrored).
extension CollectionView {
    /// Sets the display scale: 0 (off) or a positive, finite number of pixels per point.
    /// - Throws: `.invalidArgument` for NaN, an infinity or a negative scale (nothing changes).
    public func setDisplayScale(_ scale: Double) throws {
        guard scale.isFinite, scale >= 0 else {
            throw LayoutError.invalid("display scale \(scale) must be 0 (off) or a positive finite number")
        }
        displayScale = scale
    }

    /// Whether the host sees this view's layout mirrored.
    public var isMirrored: Bool {
        layoutDirection == .rightToLeft && layout.flipsHorizontallyInOppositeLayoutDirection
    }

    /// Whether host space differs from layout space at all.
    @inline(__always)
    var hostSpaceDiffers: Bool { displayScale > 0 || isMirrored }

    /// `e` on the pixel grid of `scale` (> 0): to nearest, ties up.
    static func snap(_ e: Double, _ scale: Double) -> Double {
        let t = e * scale
        var r = t.rounded(.down)
        if t - r >= 0.5 { r += 1 }
        return r / scale
    }

    /// The mirror axis `W` of the current layout cycle (snapped with a display scale).
    var mirrorWidth: Double {
        let w = Swift.max(cachedContentSize.width, boundsSize.width)
        return displayScale > 0 ? Self.snap(w, displayScale) : w
    }

    /// An element of the layout as the host sees it (the mirror axis given).
    func hostElement(_ a: inout LayoutAttributes, mirrorAxis w: Double?) {
        let s = displayScale
        if s > 0 {
            let x0 = Self.snap(a.origin.x, s), x1 = Self.snap(a.origin.x + a._size.width, s)
            let y0 = Self.snap(a.origin.y, s), y1 = Self.snap(a.origin.y + a._size.height, s)
            a.origin = Point(x: x0, y: y0)
            a._size = Size(width: x1 - x0, height: y1 - y0)
        }
        if let w {
            a.origin.x = w - a.origin.x - a._size.width
            if !a.transform.isIdentity { a.transform = a.transform.mirroredX }
        }
    }

    /// A layout-space offset as the host sees it (and back: the mirror is its own inverse).
    public func hostOffset(fromLayout o: Point) -> Point {
        guard isMirrored else { return o }
        return Point(x: mirrorWidth - o.x - boundsSize.width, y: o.y)
    }

    /// A layout-space scroll position as the host means it: left and right swap when mirrored.
    public func layoutPosition(fromHost p: ScrollPosition) -> ScrollPosition {
        guard isMirrored else { return p }
        var q = p
        q.remove([.left, .right])
        if p.contains(.left) { q.insert(.right) }
        if p.contains(.right) { q.insert(.left) }
        return q
    }

    /// A host rect in layout space (mirrored; not padded).
    func layoutRect(fromHost r: Rect) -> Rect {
        guard isMirrored else { return r }
        var m = r
        m.origin.x = mirrorWidth - r.origin.x - r.size.width
        return m
    }

    // MARK: The host's entry points

    /// The content offset the host sees; runs the layout cycle first when mirrored (the mirror
    /// needs the content width).
    public func hostContentOffset() throws -> Point {
        guard isMirrored else { return contentOffset }
        try layoutIfNeeded()
        return hostOffset(fromLayout: contentOffset)
    }

    /// Sets the content offset in host coordinates (`setContentOffset`); runs the layout cycle
    /// first when mirrored.
    public func setHostContentOffset(_ offset: Point) throws {
        guard isMirrored else { return try setContentOffset(offset) }
        try offset.requireFinite("content offset")
        try layoutIfNeeded()
        try setContentOffset(hostOffset(fromLayout: offset))
    }

    /// The content size the host sees (snapped with a display scale).
    public func hostContentSize() throws -> Size {
        let size = try contentSize()
        let s = displayScale
        guard s > 0 else { return size }
        return Size(width: Self.snap(size.width, s), height: Self.snap(size.height, s))
    }

    /// The visible rect in host coordinates.
    public func hostVisibleRect() throws -> Rect {
        try layoutIfNeeded()
        return Rect(origin: try hostContentOffset(), size: boundsSize)
    }

    /// `sendElements(in:to:)` in host coordinates: every element whose host frame intersects
    /// `rect`, as the host sees it. With a display scale the layout is asked for the rect grown
    /// by one pixel on each side (a snapped edge moves by at most half a pixel) and each element
    /// is kept when its snapped frame meets `rect`.
    /// - Complexity: the layout's query plus O(1) per element.
    public func sendHostElements(in rect: Rect, to sink: ElementSink) throws {
        guard hostSpaceDiffers else { return try sendElements(in: rect, to: sink) }
        try rect.requireQueryRect("rect")
        try layoutIfNeeded()
        let s = displayScale
        let axis: Double? = isMirrored ? mirrorWidth : nil
        var asked = layoutRect(fromHost: rect)
        if s > 0 {
            let pad = 1 / s
            asked = Rect(
                x: asked.minX - pad, y: asked.minY - pad, width: asked.width + 2 * pad,
                height: asked.height + 2 * pad)
            guard asked.isFinite else { return try sendElements(in: rect, to: sink) }  // no room to pad
        }
        sink.counts = counts  // the elements reach it through `mapping`, checked against the view's counts
        let mapping = MappingSink(into: sink) { [unowned self] a in
            self.hostElement(&a, mirrorAxis: axis)
            return s == 0 || a.frame.intersects(rect)
        }
        try sendElements(in: asked, to: mapping)
        try sink.check()
    }

    /// `layoutAttributes(for:)` as the host sees it.
    public func hostAttributes(for key: ElementKey) throws -> LayoutAttributes? {
        guard var a = try layoutAttributes(for: key) else { return nil }
        if hostSpaceDiffers { hostElement(&a, mirrorAxis: isMirrored ? mirrorWidth : nil) }
        return a
    }

    /// `indexPathForItem(at:)` at a host point (mirrored; the exact frames are tested).
    public func hostIndexPathForItem(at point: Point) throws -> IndexPath? {
        guard isMirrored else { return try indexPathForItem(at: point) }
        try point.requireFinite("point")
        try layoutIfNeeded()
        return try indexPathForItem(at: Point(x: mirrorWidth - point.x, y: point.y))
    }

    /// `targetContentOffset(forProposed:velocity:)` in host coordinates (the velocity's x
    /// mirrored too).
    public func hostTargetContentOffset(forProposed proposed: Point, velocity: Point) throws -> Point {
        guard isMirrored else { return try targetContentOffset(forProposed: proposed, velocity: velocity) }
        try proposed.requireFinite("proposed offset")
        try velocity.requireFinite("velocity")
        try layoutIfNeeded()
        let t = try targetContentOffset(
            forProposed: hostOffset(fromLayout: proposed), velocity: Point(x: -velocity.x, y: velocity.y))
        return hostOffset(fromLayout: t)
    }

    /// A host rect for `itemsToMeasure(in:)`: in layout space, one pixel larger on each side
    /// with a display scale (an item whose snapped frame meets `rect` is listed).
    public func hostMeasureRect(_ rect: Rect) throws -> Rect {
        guard hostSpaceDiffers else { return rect }
        try rect.requireFinite("rect")
        try layoutIfNeeded()
        var r = layoutRect(fromHost: rect)
        if displayScale > 0 {
            let pad = 1 / displayScale
            let grown = Rect(x: r.minX - pad, y: r.minY - pad, width: r.width + 2 * pad, height: r.height + 2 * pad)
            if grown.isFinite { r = grown }
        }
        return r
    }

    /// `cellDrawRank` of the layout for elements in host coordinates.
    public var hostCellDrawRank: ((Point) -> Double)? {
        guard let rank = layout.cellDrawRank else { return nil }
        guard isMirrored else { return rank }
        let w = mirrorWidth
        return { p in rank(Point(x: w - p.x, y: p.y)) }
    }

    /// A viewport point of an anchoring policy in layout space (x from the viewport's other side
    /// when mirrored).
    func layoutViewportPoint(_ p: Point) -> Point {
        isMirrored ? Point(x: boundsSize.width - p.x, y: p.y) : p
    }
}

/// The view's layout direction (`UIUserInterfaceLayoutDirection`).
public enum LayoutDirection: Int, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}

extension Transform3D {
    /// `F·M·F` with `F = diag(−1, 1, 1, 1)`: the transform seen in a mirror about x = 0 (every
    /// entry with exactly one x index negated). A y-rotation's angle changes sign; a scale stays
    /// positive.
    public var mirroredX: Transform3D {
        var t = self
        t.m12 = -m12; t.m13 = -m13; t.m14 = -m14
        t.m21 = -m21; t.m31 = -m31; t.m41 = -m41
        return t
    }
}
