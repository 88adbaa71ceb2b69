import Foundation

@testable import CVLayoutCore

extension LayoutAttributes {
    /// A random cell for the track-ends tests (`TrackEndsAdoptionTests`, `TrackEndsReuseTests`):
    /// item `item`, a frame anywhere within ±500 of 1–80 points a side, any alpha, and half the
    /// time a planar turn of up to ±3 radians. The same draws of `g` give the same cell.
    static func randomTrackEnd(item: Int, using g: inout SplitMix64) -> LayoutAttributes {
        var a = LayoutAttributes.cell(
            CVLayoutCore.IndexPath(section: 0, item: item),
            frame: Rect(
                x: Double.random(in: -500...500, using: &g), y: Double.random(in: -500...500, using: &g),
                width: Double.random(in: 1...80, using: &g), height: Double.random(in: 1...80, using: &g)))
        a.alpha = Double.random(in: 0...1, using: &g)
        if Bool.random(using: &g) {
            let angle = Double.random(in: -3...3, using: &g)
            a.transform = Transform3D.turn(cos: cos(angle), sin: sin(angle))
        }
        return a
    }
}
