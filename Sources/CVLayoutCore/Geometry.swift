/// Plain geometry value types in points, `Double` everywhere (f32 engines drift past 2²⁴).
///
/// Coordinates follow UIKit: origin top-left, y grows downwards.

/// A point.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    /// True when both coordinates are finite (no NaN, no infinity).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    /// `isFinite`'s quick test for a hot path: true only when both coordinates are finite (an
    /// infinity or a NaN makes their sum one, and `s − s` is then NaN); false also for two finite
    /// values whose sum overflows, which a caller sends on to its full check. Two instructions
    /// where `isFinite` takes about ten.
    @inlinable public var hasFiniteSum: Bool {
        let s = x + y
        return s - s == 0
    }
}

/// A size. Layout inputs must be finite and non-negative; `isValidExtent` checks that.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    @inlinable public var isFinite: Bool { width.isFinite && height.isFinite }
    /// Finite and not negative: what every size handed to a layout must be.
    public var isValidExtent: Bool { isFinite && width >= 0 && height >= 0 }
}

/// Edge insets, as `UIEdgeInsets` (top, left, bottom, right).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

/// A rectangle with `CGRect` semantics for the operations the engine needs.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The same four values bit for bit (`==` takes −0 for 0).
    @inline(__always)
    func isBitwiseEqual(to o: Rect) -> Bool {
        (origin.x.bitPattern ^ o.origin.x.bitPattern) | (origin.y.bitPattern ^ o.origin.y.bitPattern)
            | (size.width.bitPattern ^ o.size.width.bitPattern) | (size.height.bitPattern ^ o.size.height.bitPattern)
            == 0
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }
    @inlinable public var isFinite: Bool { origin.isFinite && size.isFinite }
    /// `isFinite`'s quick test for a hot path, as `Point.hasFiniteSum`: true only when all four
    /// values are finite; false also for finite values whose sum overflows.
    @inlinable public var hasFiniteSum: Bool {
        let s = (origin.x + origin.y) + (size.width + size.height)
        return s - s == 0
    }

    /// Whether the two rectangles share interior area (open intervals on both axes).
    ///
    /// This is `CGRectIntersectsRect` for rectangles with positive size: rectangles that only
    /// touch along an edge do not intersect, and a rectangle with zero width or height
    /// intersects nothing. Every rect query of the engine uses this rule.
    @inline(__always)
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
            && size.width > 0 && size.height > 0 && other.size.width > 0 && other.size.height > 0
    }

    /// `CGRectContainsPoint`: min edges inclusive, max edges exclusive.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `CGRectIntegral`: the smallest rectangle with integral origin and size that contains
    /// this one (origin floored, max edge ceiled).
    public var integral: Rect {
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        let x1 = maxX.rounded(.up), y1 = maxY.rounded(.up)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `CGRectInset`.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}

/// The scrolling axis of a line-based layout.
public enum ScrollDirection: Int, Sendable {
    case vertical = 0
    case horizontal = 1
}
