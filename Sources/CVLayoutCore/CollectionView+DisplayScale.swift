/// Pixel snapping: the view's display scale (UIKit's `displayScale`, Yoga's `pointScaleFactor`).
///
/// With a scale s > 0 every frame the view hands out has its left, top, right and bottom edges
/// rounded to the grid of 1/s points, and its size is the difference of its rounded edges
/// (Yoga `roundLayoutResultsToPixelGrid`): two elements sharing an edge keep sharing it, so rows
/// and columns neither overlap nor leave gaps. Ties (an edge exactly half-way) go up, towards
/// +infinity, as Yoga's `roundValueToPixelGrid`. The content size is snapped the same way (its
/// edges 0 and width, height). During an animation the interpolated frame is snapped at each
/// time, so every drawn frame is on the grid and the ends of an animation are the snapped static
/// frames. Scale 0 (the default) is off: exact doubles, bit for bit the layout's. The layout
/// itself never sees the scale: snapping happens on the view's one query path
/// (`sendElements`), in `layoutAttributes(for:)` and `contentSize()`. Offsets (scroll targets,
/// anchoring) are not snapped. Rules: docs/alignment-direction-snapping.md.
struct PixelGrid {
    let scale: Double

    var isOff: Bool { scale == 0 }

    /// `v` rounded to the nearest multiple of 1/scale, ties up. O(1).
    @inline(__always)
    func snap(_ v: Double) -> Double {
        let t = v * scale
        guard t.isFinite, abs(t) < 0x1p52 else { return v }  // already on any grid finer than 1
        let f = t.rounded(.down)
        return (t - f >= 0.5 ? f + 1 : f) / scale
    }

    /// A frame with its edges snapped; its size is the difference of the snapped edges.
    @inline(__always)
    func snap(_ r: Rect) -> Rect {
        let x0 = snap(r.origin.x), y0 = snap(r.origin.y)
        let x1 = snap(r.origin.x + r.size.width), y1 = snap(r.origin.y + r.size.height)
        return Rect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }

    func snap(_ s: Size) -> Size { Size(width: snap(s.width), height: snap(s.height)) }

    /// `r` grown by one pixel on each side: a snapped edge moves at most half a pixel, so every
    /// element whose snapped frame meets `r` has its exact frame in the grown rect. A grown rect
    /// that would not be finite stays `r` (nothing can lie beyond the largest doubles anyway).
    func widened(_ r: Rect) -> Rect {
        let p = 1 / scale
        let g = Rect(x: r.origin.x - p, y: r.origin.y - p, width: r.size.width + 2 * p, height: r.size.height + 2 * p)
        return g.origin.isFinite && g.size.isValidExtent ? g : r
    }
}

/// Snaps each element's frame and passes on those whose snapped frame meets `rect` (the rect the
/// caller asked about; the layout was asked about a wider one).
final class SnappingSink: ElementSink {
    let inner: ElementSink
    let rect: Rect
    let grid: PixelGrid

    init(into inner: ElementSink, rect: Rect, grid: PixelGrid) {
        self.inner = inner
        self.rect = rect
        self.grid = grid
        super.init(counts: inner.counts)
        // Elements in the one-pixel margin are visited too: room for as many again.
        limit = inner.limit > Int.max / 2 ? Int.max : 2 * inner.limit
    }

    override func limitWasReached() {
        super.limitWasReached()
        inner.limitWasReached()
    }

    override func store(_ a: LayoutAttributes) throws {
        var v = a
        v.frame = grid.snap(a.frame)
        if v.frame.intersects(rect) { try inner.add(v) }
    }

    override func storeCell(section: Int, item: Int, frame: Rect) throws {
        let f = grid.snap(frame)
        if f.intersects(rect) { try inner.cell(section: section, item: item, frame: f) }
    }
}

extension CollectionView {
    /// Sets the display scale: 0 (off, the default: exact doubles), or the pixels per point
    /// (2 or 3 for screens, 1 for terminal cells; any finite positive value). Nothing is laid out
    /// again: the next query snaps what the layout gives.
    /// - Throws: `.invalidArgument` for a scale that is NaN, infinite or negative; nothing changes.
    /// - Complexity: O(1).
    public func setDisplayScale(_ scale: Double) throws {
        guard scale.isFinite, scale >= 0 else {
            throw LayoutError.invalid("display scale \(scale) must be finite and >= 0 (0 = no snapping)")
        }
        displayScale = scale
    }

    var pixelGrid: PixelGrid { PixelGrid(scale: displayScale) }
}
