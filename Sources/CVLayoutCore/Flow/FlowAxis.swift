/// The two axes of a line-based flow, so every rule is written once.
///
/// - `main` is the scroll axis: lines, headers and footers stack along it
///   (y for vertical scrolling, x for horizontal).
/// - `cross` runs along a line: items sit side by side along it and headers span it
///   (x for vertical scrolling, y for horizontal).
///
/// Horizontal scrolling is the vertical layout transposed: this type is the only place that
/// knows which of x and y is which.
struct FlowAxis: Equatable, Sendable {
    let horizontal: Bool

    init(_ direction: ScrollDirection) { horizontal = direction == .horizontal }

    @inline(__always) func main(_ s: Size) -> Double { horizontal ? s.width : s.height }
    @inline(__always) func cross(_ s: Size) -> Double { horizontal ? s.height : s.width }
    @inline(__always) func main(_ p: Point) -> Double { horizontal ? p.x : p.y }
    @inline(__always) func cross(_ p: Point) -> Double { horizontal ? p.y : p.x }

    /// Inset before the first line (top when scrolling vertically).
    @inline(__always) func mainLeading(_ i: EdgeInsets) -> Double { horizontal ? i.left : i.top }
    /// Inset after the last line (bottom when scrolling vertically).
    @inline(__always) func mainTrailing(_ i: EdgeInsets) -> Double { horizontal ? i.right : i.bottom }
    /// Inset before the first item of a line (left when scrolling vertically).
    @inline(__always) func crossLeading(_ i: EdgeInsets) -> Double { horizontal ? i.top : i.left }
    /// Inset after the last item of a line (right when scrolling vertically).
    @inline(__always) func crossTrailing(_ i: EdgeInsets) -> Double { horizontal ? i.bottom : i.right }

    /// The rectangle with the given extent on each axis.
    @inline(__always)
    func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        horizontal
            ? Rect(x: main, y: cross, width: mainLength, height: crossLength)
            : Rect(x: cross, y: main, width: crossLength, height: mainLength)
    }

    /// The size with the given extent on each axis.
    @inline(__always)
    func size(main: Double, cross: Double) -> Size {
        horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
}

/// The axes as types, so hot loops are specialised per scroll direction (no per-item branch)
/// while their code is still written once on main/cross.
@usableFromInline protocol FlowAxisKind {
    static func main(_ s: Size) -> Double
    static func cross(_ s: Size) -> Double
    static func main(_ p: Point) -> Double
    static func cross(_ p: Point) -> Double
    /// `FlowAxis.rect`'s rectangle.
    static func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect
}

@usableFromInline enum VerticalFlowAxis: FlowAxisKind {
    @inlinable @inline(__always) static func main(_ s: Size) -> Double { s.height }
    @inlinable @inline(__always) static func cross(_ s: Size) -> Double { s.width }
    @inlinable @inline(__always) static func main(_ p: Point) -> Double { p.y }
    @inlinable @inline(__always) static func cross(_ p: Point) -> Double { p.x }
    @inlinable @inline(__always)
    static func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        Rect(x: cross, y: main, width: crossLength, height: mainLength)
    }
}

@usableFromInline enum HorizontalFlowAxis: FlowAxisKind {
    @inlinable @inline(__always) static func main(_ s: Size) -> Double { s.width }
    @inlinable @inline(__always) static func cross(_ s: Size) -> Double { s.height }
    @inlinable @inline(__always) static func main(_ p: Point) -> Double { p.x }
    @inlinable @inline(__always) static func cross(_ p: Point) -> Double { p.y }
    @inlinable @inline(__always)
    static func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        Rect(x: main, y: cross, width: mainLength, height: crossLength)
    }
}

/// First index in `lo ..< hi` for which `isAbove` is true, given that `isAbove` is false then
/// true along the range (a partition point); `hi` when it is never true. O(log(hi − lo)).
@inlinable @inline(__always)
func flowPartitionPoint(_ lo: Int, _ hi: Int, _ isAbove: (Int) -> Bool) -> Int {
    var lo = lo, hi = hi
    while lo < hi {
        // hi > lo: the difference is positive, halved by a shift (`/ 2` of a signed value costs a sign fix).
        let mid = lo &+ (hi &- lo) &>> 1
        if isAbove(mid) { hi = mid } else { lo = mid &+ 1 }
    }
    return lo
}

/// The index `x` (any double: a line or slot a division estimates) truncates to, clamped into
/// `lo ... hi`; `lo` for NaN. A hint for `flowPartitionPoint(_:_:near:_:)`, never a trap. O(1).
@inline(__always)
func flowGridHint(_ x: Double, _ lo: Int, _ hi: Int) -> Int {
    x > Double(lo) ? (x < Double(hi) ? Int(x) : hi) : lo
}

/// `flowPartitionPoint(lo, hi, isAbove)` searched from where `estimate` (a division's) puts the
/// answer (`flowGridHint`): the same answer whatever the estimate. O(log(1 + d)) probes, d the
/// estimate's distance from the answer.
@inline(__always)
func flowPartitionPoint(_ lo: Int, _ hi: Int, estimate: Double, _ isAbove: (Int) -> Bool) -> Int {
    flowPartitionPoint(lo, hi, near: flowGridHint(estimate, lo, hi), isAbove)
}

/// `flowPartitionPoint(lo, hi, isAbove)` searched from `hint` outwards (a finger search): probes
/// at hint, then 1, 2, 4, … past it in the direction the answer lies, then a binary search of the
/// last gap. The partition point of a predicate that is false then true is unique, so the answer
/// is the binary search's, whatever the hint (one outside `lo ... hi` is clamped). O(log(1 + d))
/// probes, d the distance from the hint to the answer: O(1) when a scroll step lands near the
/// previous query's answer, never more than about twice the binary search's O(log(hi − lo)).
@inline(__always)
func flowPartitionPoint(_ lo: Int, _ hi: Int, near hint: Int, _ isAbove: (Int) -> Bool) -> Int {
    guard lo < hi else { return lo }
    let h = Swift.min(Swift.max(hint, lo), hi)
    var a: Int, b: Int  // the answer lies in a ... b (isAbove(b) holds, or b == hi)
    var step = 1
    if h == hi || isAbove(h) {  // at or before h: down from h
        b = h
        while true {
            let q = b &- step
            if q < lo { a = lo; break }
            if !isAbove(q) { a = q &+ 1; break }
            b = q
            step &<<= 1
        }
    } else {  // past h: up from h + 1
        a = h &+ 1
        while true {
            let q = a &+ (step &- 1)
            if q >= hi { b = hi; break }
            if isAbove(q) { b = q; break }
            a = q &+ 1
            step &<<= 1
        }
    }
    return flowPartitionPoint(a, b, isAbove)
}

/// `x` converted to an index clamped to `lo ... hi` (NaN → `lo`), without trapping on huge values.
@inline(__always)
func flowClampIndex(_ x: Double, _ lo: Int, _ hi: Int) -> Int {
    guard hi > lo else { return lo }
    if !(x > Double(lo)) { return lo }
    if x >= Double(hi) { return hi }
    return Int(x)
}
