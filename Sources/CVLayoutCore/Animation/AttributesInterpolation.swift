extension LayoutAttributes {
    /// The attributes `t` of the way from `a` to `b`: what an animating element shows.
    ///
    /// - Identity (`indexPath`, `category`, `kind`) is `b`'s.
    /// - `center`, `size`, `alpha`: `(1 − t)·a + t·b`; at t = 0 and 1 the frame is `a`'s or `b`'s
    ///   bit for bit (a centre round trip could move its edge by an ulp). `t` may leave
    ///   [0, 1] (springs overshoot); the size is then clamped to ≥ 0 and alpha into [0, 1].
    /// - `transform`: `Transform3D.interpolate` (CSS matrix decomposition; discrete if either
    ///   matrix cannot be decomposed), turning as `rotation` says.
    /// - `custom`: `count` = the larger of the two counts (capped at
    ///   `CustomAttributes.capacity`); slots beyond a side's count read as 0. Slots whose bit is
    ///   set in `discreteCustomSlots` (bit i ↔ slot i) take `b`'s value for `t ≥ 0.5` and
    ///   `a`'s otherwise (CSS's discrete rule); the others are lerped.
    /// - `zIndex`: `b`'s for `t > 0`, `a`'s otherwise (UIKit applies z-order at once).
    /// - `isHidden`: `a`'s for `t ≤ 0`, `b`'s for `t ≥ 1`, in between hidden only if both are.
    /// - Non-finite `t`: NaN and −∞ act as 0, +∞ as 1.
    /// - Complexity: O(1).
    public static func interpolate(
        from a: LayoutAttributes, to b: LayoutAttributes, progress t: Double,
        discreteCustomSlots: UInt8, rotation: RotationInterpolation = .shortest
    ) -> LayoutAttributes {
        let t: Double = t.isNaN ? 0 : (t.isFinite ? t : (t > 0 ? 1 : 0))
        func lerp(_ p: Double, _ q: Double) -> Double { (1 - t) * p + t * q }

        var r = b
        if t == 0 || t == 1 {  // the end's stored frame itself, not one re-derived from its centre
            r.frame = t == 0 ? a.frame : b.frame
        } else {
            r.center = Point(x: lerp(a.center.x, b.center.x), y: lerp(a.center.y, b.center.y))
            r.size = Size(
                width: Swift.max(0, lerp(a.size.width, b.size.width)),
                height: Swift.max(0, lerp(a.size.height, b.size.height)))
        }
        r.alpha = Swift.min(1, Swift.max(0, lerp(a.alpha, b.alpha)))
        r.transform = Transform3D.interpolate(a.transform, b.transform, t, rotation: rotation)

        let cap = CustomAttributes.capacity
        let count = Swift.min(cap, Swift.max(0, Swift.max(a.custom.count, b.custom.count)))
        func slot(_ c: CustomAttributes, _ i: Int) -> Double { i < c.count ? c[i] : 0 }
        var custom = CustomAttributes()
        for i in 0..<count {
            let va = slot(a.custom, i), vb = slot(b.custom, i)
            if discreteCustomSlots & (1 << UInt8(i)) != 0 {
                custom[i] = t >= 0.5 ? vb : va
            } else {
                custom[i] = lerp(va, vb)
            }
        }
        custom.count = count
        r.custom = custom

        r.zIndex = t > 0 ? b.zIndex : a.zIndex
        if t <= 0 {
            r.isHidden = a.isHidden
        } else if t >= 1 {
            r.isHidden = b.isHidden
        } else {
            r.isHidden = a.isHidden && b.isHidden
        }
        return r
    }
}
