/// Up to `CustomAttributes.capacity` layout-specific numbers carried with each element: the
/// engine's stand-in for a `UICollectionViewLayoutAttributes` subclass.
///
/// Each layout documents what its slots mean (e.g. Cover Flow: slot 0 = masking value,
/// slot 1 = should-rasterize as 0/1). Slots take part in equality and are interpolated
/// linearly during animations, except those the layout marks discrete
/// (`CollectionViewLayout.discreteCustomSlots`), which switch from the start value to the end
/// value halfway through (the CSS rule for discrete values).
public struct CustomAttributes: Hashable, Sendable {
    /// How many slots exist.
    public static let capacity = 8
    @usableFromInline var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, s5 = 0.0, s6 = 0.0, s7 = 0.0
    /// How many slots are in use (the highest slot set + 1); 0 for a layout with none.
    public var count: Int = 0

    public init() {}
    public init(_ values: [Double]) {
        precondition(values.count <= Self.capacity, "at most 8 custom attributes")
        for (i, v) in values.enumerated() { self[i] = v }
    }

    /// Reads or writes slot `i` (0 ..< 8). Writing extends `count` to cover `i`.
    public subscript(i: Int) -> Double {
        @inlinable get {
            switch i {
            case 0: return s0
            case 1: return s1
            case 2: return s2
            case 3: return s3
            case 4: return s4
            case 5: return s5
            case 6: return s6
            case 7: return s7
            default: preconditionFailure("custom attribute slot out of range")
            }
        }
        set {
            switch i {
            case 0: s0 = newValue
            case 1: s1 = newValue
            case 2: s2 = newValue
            case 3: s3 = newValue
            case 4: s4 = newValue
            case 5: s5 = newValue
            case 6: s6 = newValue
            case 7: s7 = newValue
            default: preconditionFailure("custom attribute slot out of range")
            }
            if i >= count { count = i + 1 }
        }
    }

    /// The slots in use.
    public var values: [Double] { (0..<count).map { self[$0] } }
    /// Whether the slots in use are finite. O(count), no allocation.
    @inlinable
    public var isFinite: Bool {
        var i = 0
        while i < count {
            if !self[i].isFinite { return false }
            i += 1
        }
        return true
    }
}
