/// Right-to-left: the view option that changes only what the host sees
/// (docs/alignment-direction-snapping.md, "Right-to-left").
///
/// Every layout works in its own left-to-right coordinates ("layout coordinates"): the view's
/// `contentOffset`, `bounds`, anchors, animations and animated scrolls all live there. The host
/// sees "host coordinates": the layout's frames mirrored when the view is right-to-left and the
/// layout flips (`CollectionViewLayout.flipsHorizontallyInOppositeLayoutDirection`). The `host…`
/// methods below are the host's entry points: they take host coordinates in (rects, points,
/// offsets) and hand host coordinates out; when the view is not mirrored each is the
/// layout-coordinate method itself.
///
/// The mirror (UIKit's `flipsHorizontallyInOppositeLayoutDirection`; Android's
/// `GridLayoutManager`, Flutter's `reverseCrossAxis`, Yoga): about `W = max(content width,
/// bounds width)`, `x' = W − x − w`; a point `x' = W − x`; an offset `x' = W − x − bounds width`,
/// so that the layout's offset 0 (its leading end) is the host's `max(0, content width − bounds
/// width)`: horizontal scrolling starts at the right end. A transform `M` becomes `F·M·F` with
/// `F` the x-flip (a rotation stays a rotation with its angle about y negated; never a negative
/// scale). With a display scale the frames are snapped in layout coordinates first (the view's
/// query path, CollectionView+DisplayScale.swift) and `W` is snapped too, so a snapped
/// right-to-left frame is the exact mirror of the snapped left-to-right one.
extension CollectionView {
    /// Whether the host sees this view's layout mirrored.
    public var isMirrored: Bool {
        layoutDirection == .rightToLeft && layout.flipsHorizontallyInOppositeLayoutDirection
    }

    /// The mirror axis `W` of the current layout cycle (on the pixel grid with a display scale).
    var mirrorWidth: Double {
        let w = Swift.max(cachedContentSize.width, boundsSize.width)
        return displayScale == 0 ? w : pixelGrid.snap(w)
    }

    /// An element of the layout (already snapped) as the host sees it, mirrored about `w`.
    @inline(__always)
    static func mirror(_ a: inout LayoutAttributes, about w: Double) {
        a.origin.x = w - a.origin.x - a._size.width
        if !a.transform.isIdentity { a.transform = a.transform.mirroredX }
    }

    /// A layout-coordinate offset as the host sees it (and back: the mirror is its own inverse).
    public func hostOffset(fromLayout o: Point) -> Point {
        guard isMirrored else { return o }
        return Point(x: mirrorWidth - o.x - boundsSize.width, y: o.y)
    }

    /// A host scroll position in layout terms: left and right swap when mirrored.
    public func layoutPosition(fromHost p: ScrollPosition) -> ScrollPosition {
        guard isMirrored else { return p }
        var q = p
        q.remove([.left, .right])
        if p.contains(.left) { q.insert(.right) }
        if p.contains(.right) { q.insert(.left) }
        return q
    }

    /// A host rect in layout coordinates.
    func layoutRect(fromHost r: Rect) -> Rect {
        guard isMirrored else { return r }
        var m = r
        m.origin.x = mirrorWidth - r.origin.x - r.size.width
        return m
    }

    // MARK: The host's entry points

    /// The content offset the host sees; runs the layout cycle first when mirrored (the mirror
    /// needs the content width).
    @inline(__always)  // (into `hostVisibleRect`, which a viewport query asks every frame)
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

    /// Runs `body` with the content offset moved to `offset` (host coordinates), as
    /// `setHostContentOffset`; when `body` throws, the offset and a running animated scroll are
    /// put back (a layout the move invalidated is invalidated again for the old offset, and
    /// prepares to the same answers), so that a call failing in `body` changes nothing.
    /// Inlinable, so that a host's scroll query (the C layer's `visible_elements_at`) runs it
    /// specialized in its own frame, without a closure context or a generic call (measured: ~100
    /// instructions a query).
    @inlinable
    public func withHostContentOffset<R>(_ offset: Point, _ body: () throws -> R) throws -> R {
        // The running animated scroll copied only when there is one (`scrollAnimates`); without
        // one, the offset alone is put back (`setHostContentOffset` starts none).
        guard !scrollAnimates else { return try withHostContentOffsetSavingScroll(offset, body) }
        return try withHostContentOffsetPuttingBack(offset, body)
    }

    /// `withHostContentOffset`'s move and put-back of the offset alone (no animated scroll to
    /// save, or its caller saves it).
    @inlinable @inline(__always)
    func withHostContentOffsetPuttingBack<R>(_ offset: Point, _ body: () throws -> R) throws -> R {
        let savedOffset = contentOffset
        try setHostContentOffset(offset)
        do {
            return try body()
        } catch {
            putBackContentOffset(savedOffset)
            throw error
        }
    }

    /// `withHostContentOffset` while an animated scroll runs: it is put back on failure too,
    /// after the offset.
    @usableFromInline
    func withHostContentOffsetSavingScroll<R>(_ offset: Point, _ body: () throws -> R) throws -> R {
        let savedScroll = scrollAnimation
        do {
            return try withHostContentOffsetPuttingBack(offset, body)
        } catch {
            scrollAnimation = savedScroll
            throw error
        }
    }

    /// Moves the content offset back to `savedOffset` (finite: it was the offset) after a failed
    /// call, as `moveContentOffset` (a layout the move invalidated is invalidated again).
    @usableFromInline
    func putBackContentOffset(_ savedOffset: Point) {
        try? moveContentOffset(to: savedOffset)
    }

    /// The visible rect in host coordinates, after the layout cycle (`layoutIfNeeded`, first:
    /// restoring a scroll anchor may move the visible rect).
    /// Inlinable: a viewport query asks it every frame, and when the layout is prepared and the
    /// view left-to-right (never mirrored) it is the view's bounds.
    @inlinable @inline(__always)
    public func hostVisibleRect() throws -> Rect {
        if needsPrepare || layoutDirection == .rightToLeft { return try hostVisibleRectAfterCycle() }
        return Rect(origin: contentOffset, size: boundsSize)
    }

    /// `hostVisibleRect` after running the layout cycle (`layoutIfNeeded`).
    @usableFromInline
    func hostVisibleRectAfterCycle() throws -> Rect {
        try layoutIfNeeded()
        return Rect(origin: try hostContentOffset(), size: boundsSize)
    }

    /// `sendElements(in:to:)` in host coordinates: every element whose host frame intersects
    /// `rect`, as the host sees it. Mirrored, the layout is asked about the mirrored rect grown
    /// by a rounding margin (`W − x − w` rounds) and each element is kept when its mirrored frame
    /// meets `rect`, so the answer is exactly the filter of the host's frames.
    /// - Complexity: the layout's query plus O(1) per element.
    public func sendHostElements(in rect: Rect, to sink: ElementSink) throws {
        guard isMirrored else { return try sendElements(in: rect, to: sink) }
        try rect.requireQueryRect("rect")
        try layoutIfNeeded()
        let w = mirrorWidth
        var asked = layoutRect(fromHost: rect)
        let m = 0x1p-40 * Swift.max(1, abs(w), abs(rect.minX), abs(rect.maxX))
        let grown = Rect(x: asked.minX - m, y: asked.minY, width: asked.width + 2 * m, height: asked.height)
        if grown.isFinite { asked = grown }
        guard asked.isFinite else { return try sendElements(in: rect, to: sink) }  // nothing lies there
        sink.counts = counts  // the elements reach it through `mapping`, checked against the view's counts
        let mapping = MappingSink(into: sink) { a in
            Self.mirror(&a, about: w)
            return a.frame.intersects(rect)
        }
        try sendElements(in: asked, to: mapping)
        try sink.check()
    }

    /// `layoutAttributes(for:)` as the host sees it.
    public func hostAttributes(for key: ElementKey) throws -> LayoutAttributes? {
        guard var a = try layoutAttributes(for: key) else { return nil }
        if isMirrored { Self.mirror(&a, about: mirrorWidth) }
        return a
    }

    /// `indexPathForItem(at:)` at a host point (mirrored).
    public func hostIndexPathForItem(at point: Point) throws -> IndexPath? {
        guard isMirrored else { return try indexPathForItem(at: point) }
        try point.requireFinite("point")
        try layoutIfNeeded()
        return try indexPathForItem(at: Point(x: mirrorWidth - point.x, y: point.y))
    }

    /// `targetContentOffset(forProposed:velocity:)` in host coordinates (the velocity's x
    /// negated).
    public func hostTargetContentOffset(forProposed proposed: Point, velocity: Point) throws -> Point {
        guard isMirrored else { return try targetContentOffset(forProposed: proposed, velocity: velocity) }
        try proposed.requireFinite("proposed offset")
        try velocity.requireFinite("velocity")
        try layoutIfNeeded()
        let t = try targetContentOffset(
            forProposed: hostOffset(fromLayout: proposed), velocity: Point(x: -velocity.x, y: velocity.y))
        return hostOffset(fromLayout: t)
    }

    /// A host rect for `itemsToMeasure(in:)`, in layout coordinates.
    public func hostMeasureRect(_ rect: Rect) throws -> Rect {
        guard isMirrored else { return rect }
        try rect.requireFinite("rect")
        try layoutIfNeeded()
        return layoutRect(fromHost: rect)
    }

    /// `cellDrawRank` of the layout for elements in host coordinates.
    public var hostCellDrawRank: ((Point) -> Double)? {
        guard let rank = layout.cellDrawRank else { return nil }
        guard isMirrored else { return rank }
        let w = mirrorWidth
        return { p in rank(Point(x: w - p.x, y: p.y)) }
    }

    /// A viewport point of an anchoring policy in layout coordinates (x from the viewport's
    /// other side when mirrored).
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
