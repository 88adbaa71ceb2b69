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
        interpolate(
            from: a, to: b, progress: t, discreteCustomSlots: discreteCustomSlots, rotation: rotation, decomposed: nil)
    }

    /// `interpolate(from:to:progress:discreteCustomSlots:rotation:)` with the decompositions of
    /// `a.transform` and `b.transform` made beforehand (nil: made here if needed); the same result.
    static func interpolate(
        from a: LayoutAttributes, to b: LayoutAttributes, progress t: Double,
        discreteCustomSlots: UInt8, rotation: RotationInterpolation, decomposed: UnsafePointer<DecomposedEnds>?
    ) -> LayoutAttributes {
        interpolate(
            from: a, to: b, progress: t, discreteCustomSlots: discreteCustomSlots, rotation: rotation,
            made: decomposed.map { .decomposed($0) })
    }

    /// `interpolate(from:to:progress:discreteCustomSlots:rotation:)` with what the track made of
    /// `a.transform` and `b.transform` beforehand (`MadeEnds`; nil: worked out here); the same result.
    static func interpolate(
        from a: LayoutAttributes, to b: LayoutAttributes, progress t: Double,
        discreteCustomSlots: UInt8, rotation: RotationInterpolation, made: MadeEnds?
    ) -> LayoutAttributes {
        let t = sanitizedProgress(t)
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
        r.transform = Transform3D.interpolate(a.transform, b.transform, t, rotation: rotation, made: made)

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

    /// NaN and −∞ act as 0, +∞ as 1 (`interpolate`'s rule).
    @inline(__always)
    static func sanitizedProgress(_ t: Double) -> Double { t.isNaN ? 0 : (t.isFinite ? t : (t > 0 ? 1 : 0)) }

    /// True when `interpolate` between two such elements only changes frame, alpha, z-index and
    /// hidden: the transform is the identity bit for bit and there are no custom slots (almost every
    /// element of a layout switch or batch update that no layout transforms).
    @inline(__always)
    var isPlain: Bool { custom.count == 0 && transform.isExactlyIdentity }

    /// What `interpolate(from: a, to: b, progress: t, …)` makes of two plain elements (`isPlain`),
    /// bit for bit, without its transform and custom work: `b` with the frame, alpha, z-index and
    /// hidden of the way (`plainLook`).
    @inline(__always)
    static func interpolatePlain(
        from a: LayoutAttributes, to b: LayoutAttributes, progress t: Double
    ) -> LayoutAttributes {
        plain(
            plainLook(from: a, toFrame: b.frame, alpha: b.alpha, zIndex: b.zIndex, isHidden: b.isHidden, progress: t),
            over: b)
    }

    /// `b` with the frame, alpha, z-index and hidden of `look` and no custom slots
    /// (`interpolatePlain`'s answer).
    @inline(__always)
    static func plain(
        _ look: (frame: Rect, alpha: Double, zIndex: Int, isHidden: Bool), over b: LayoutAttributes
    ) -> LayoutAttributes {
        var r = b
        r.frame = look.frame
        r.alpha = look.alpha
        r.zIndex = look.zIndex
        r.isHidden = look.isHidden
        r.custom = CustomAttributes()
        return r
    }

    /// The frame, alpha, z-index and hidden `interpolate` gives at progress `t` from `a` to an
    /// element with these frame, alpha, z-index and hidden: the same arithmetic in the same order
    /// (the centre set with the end's size, then the size set about that centre).
    @inline(__always)
    static func plainLook(
        from a: LayoutAttributes, toFrame bf: Rect, alpha: Double, zIndex: Int, isHidden: Bool, progress t: Double
    ) -> (frame: Rect, alpha: Double, zIndex: Int, isHidden: Bool) {
        plainLook(
            fromFrame: Rect(origin: a.origin, size: a._size), alpha: a.alpha, zIndex: a.zIndex, isHidden: a.isHidden,
            toFrame: bf, alpha: alpha, zIndex: zIndex, isHidden: isHidden, progress: t)
    }

    /// `plainLook(from:…)` of a start given by its frame `af`, alpha, z-index and hidden (a lean
    /// start, `LeanStart`, has no record to read them from): the same arithmetic.
    @inline(__always)
    static func plainLook(
        fromFrame af: Rect, alpha aAlpha: Double, zIndex aZ: Int, isHidden aHidden: Bool,
        toFrame bf: Rect, alpha: Double, zIndex: Int, isHidden: Bool, progress t: Double
    ) -> (frame: Rect, alpha: Double, zIndex: Int, isHidden: Bool) {
        let t = sanitizedProgress(t)
        @inline(__always) func lerp(_ p: Double, _ q: Double) -> Double { (1 - t) * p + t * q }
        let frame: Rect
        if t == 0 {
            frame = af
        } else if t == 1 {
            frame = bf
        } else {
            let bw = bf.size.width, bh = bf.size.height
            let cx = lerp(af.origin.x + af.size.width / 2, bf.origin.x + bw / 2)
            let cy = lerp(af.origin.y + af.size.height / 2, bf.origin.y + bh / 2)
            // `center` set on `b`: the origin from `b`'s size; then `size` set: about that centre.
            let ox = cx - bw / 2, oy = cy - bh / 2
            let kx = ox + bw / 2, ky = oy + bh / 2
            let w = Swift.max(0, lerp(af.size.width, bw)), h = Swift.max(0, lerp(af.size.height, bh))
            frame = Rect(origin: Point(x: kx - w / 2, y: ky - h / 2), size: Size(width: w, height: h))
        }
        let hidden: Bool
        if t <= 0 {
            hidden = aHidden
        } else if t >= 1 {
            hidden = isHidden
        } else {
            hidden = aHidden && isHidden
        }
        return (
            frame, Swift.min(1, Swift.max(0, lerp(aAlpha, alpha))), t > 0 ? zIndex : aZ, hidden
        )
    }
}

extension Transform3D {
    /// The identity bit for bit (no negative zero): what a default element carries.
    @inline(__always)
    var isExactlyIdentity: Bool {
        let one = (1.0).bitPattern
        return m11.bitPattern == one && m22.bitPattern == one && m33.bitPattern == one && m44.bitPattern == one
            && (m12.bitPattern | m13.bitPattern | m14.bitPattern | m21.bitPattern | m23.bitPattern
                | m24.bitPattern | m31.bitPattern | m32.bitPattern | m34.bitPattern | m41.bitPattern
                | m42.bitPattern | m43.bitPattern) == 0
    }

    /// The same 16 values bit for bit (`==` takes −0 for 0; a decomposition may not). Branch-free:
    /// the differences of the bit patterns or-ed together.
    @inline(__always)
    func isBitwiseEqual(to o: Transform3D) -> Bool {
        let a =
            (m11.bitPattern ^ o.m11.bitPattern) | (m12.bitPattern ^ o.m12.bitPattern)
            | (m13.bitPattern ^ o.m13.bitPattern) | (m14.bitPattern ^ o.m14.bitPattern)
        let b =
            (m21.bitPattern ^ o.m21.bitPattern) | (m22.bitPattern ^ o.m22.bitPattern)
            | (m23.bitPattern ^ o.m23.bitPattern) | (m24.bitPattern ^ o.m24.bitPattern)
        let c =
            (m31.bitPattern ^ o.m31.bitPattern) | (m32.bitPattern ^ o.m32.bitPattern)
            | (m33.bitPattern ^ o.m33.bitPattern) | (m34.bitPattern ^ o.m34.bitPattern)
        let d =
            (m41.bitPattern ^ o.m41.bitPattern) | (m42.bitPattern ^ o.m42.bitPattern)
            | (m43.bitPattern ^ o.m43.bitPattern) | (m44.bitPattern ^ o.m44.bitPattern)
        return (a | b) | (c | d) == 0
    }
}
