/// One running animation of a collection view: a set of element tracks (from → to attributes)
/// sampled along a timing curve at the host's clock.
///
/// Only the elements on screen before or after the change get a track (UIKit animates the
/// views it has, not the whole collection), so sampling a frame costs O(tracks + k) whatever
/// the number of items.
struct Transition {
    struct Track {
        var from: LayoutAttributes
        var to: LayoutAttributes
    }
    let timing: AnimationTiming
    let start: Double
    let discreteSlots: UInt8
    /// Elements present after the change, by their key after it.
    var tracks: [ElementKey: Track] = [:]
    /// Elements that go away at the end (deleted, or not in the new layout).
    var disappearing: [Track] = []

    func progress(at time: Double) -> Double { timing.progress(atElapsed: time - start) }
    func isFinished(at time: Double) -> Bool { timing.isFinished(atElapsed: time - start) }

    private func sample(_ t: Track, _ p: Double) -> LayoutAttributes {
        LayoutAttributes.interpolate(from: t.from, to: t.to, progress: p, discreteCustomSlots: discreteSlots)
    }

    /// A disappearing element at progress `p`, marked so the host can tell it from a present
    /// element that has (after the change) the same index path.
    private func sampleDisappearing(_ t: Track, _ p: Double) -> LayoutAttributes {
        var s = sample(t, p)
        s.isDisappearing = true
        return s
    }

    /// The on-screen attributes of the element `key` whose final attributes are `final`.
    func presentation(of key: ElementKey, final: LayoutAttributes, at time: Double) -> LayoutAttributes? {
        guard let track = tracks[key] else { return nil }
        var t = track
        t.to = final
        return sample(t, progress(at: time))
    }

    /// Replaces the final attributes `current` of the elements in `rect` by their on-screen
    /// attributes, and adds animating elements now inside `rect` (moving in, disappearing).
    /// - Complexity: O(k + tracks).
    func present(_ current: [LayoutAttributes], in rect: Rect, at time: Double) -> [LayoutAttributes] {
        let p = progress(at: time)
        var out: [LayoutAttributes] = []
        out.reserveCapacity(current.count + disappearing.count)
        var seen = Set<ElementKey>()
        for a in current {
            if var track = tracks[a.key] {
                track.to = a
                let s = sample(track, p)
                if s.drawnBounds.intersects(rect) || s.frame.intersects(rect) { out.append(s) }
                seen.insert(a.key)
            } else {
                out.append(a)
            }
        }
        for (key, track) in tracks where !seen.contains(key) {
            let s = sample(track, p)
            if s.drawnBounds.intersects(rect) || s.frame.intersects(rect) { out.append(s) }
        }
        for track in disappearing {
            let s = sampleDisappearing(track, p)
            if s.drawnBounds.intersects(rect) || s.frame.intersects(rect) { out.append(s) }
        }
        return out
    }

    /// Every on-screen element of this transition at `time` (to start a new one from them).
    func allPresented(at time: Double) -> (present: [ElementKey: LayoutAttributes], disappearing: [LayoutAttributes]) {
        let p = progress(at: time)
        var present: [ElementKey: LayoutAttributes] = [:]
        for (k, t) in tracks { present[k] = sample(t, p) }
        return (present, disappearing.map { sampleDisappearing($0, p) })
    }
}

/// The default appear/disappear attributes: a crossfade (the element's own attributes at
/// alpha 0), as UIKit's and PSTCollectionView's base layout.
extension LayoutAttributes {
    var fadedOut: LayoutAttributes { var a = self; a.alpha = 0; return a }
}
