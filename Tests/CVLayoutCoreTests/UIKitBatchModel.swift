@testable import CVLayoutCore

/// UIKit's reading of a batch update, written from the documented rules (docs/batch-update-rules.md,
/// "The checks, in UIKit's order" and "Snapshot diffs UIKit accepts"; Apple's
/// `performBatchUpdates(_:completion:)` documentation: deletes and reloads name the state before
/// the update, inserts the state after, moves both), independent of cvlayout's `UpdatePlan`:
/// - a reload is a delete at its index path and an insert where the batch's deletes and inserts
///   alone put it (moves ignored);
/// - moves in and out of a section are counted by section number;
/// - an item change inside a moved section (a delete, reload or move out of its old place, an
///   insert or move into its new one) is refused: UIKit maps it elsewhere, animates cells twice or
///   corrupts its heap (IGListKit, `IGListBatchUpdateData`), the shape a portable batch avoids.
/// `map` returns where UIKit sends each old item that survives (moved, kept, or reloaded: then
/// the place its replacement is inserted), or throws the first rule the batch breaks.
enum UIKitBatchModel {
    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    private static func refuse(_ s: String) -> Refused { Refused(description: s) }

    static func map(_ u: BatchUpdate, oldCounts: [Int], newCounts: [Int]) throws -> [IndexPath: IndexPath] {
        let oldS = oldCounts.count, newS = newCounts.count
        guard u.reloadedSections.isEmpty else { throw refuse("section reloads are not modelled") }
        // Sections.
        let delS = Set(u.deletedSections), insS = Set(u.insertedSections)
        guard delS.count == u.deletedSections.count, insS.count == u.insertedSections.count else {
            throw refuse("duplicate section request")
        }
        for s in delS where s < 0 || s >= oldS { throw refuse("section delete \(s) out of range") }
        for t in insS where t < 0 || t >= newS { throw refuse("section insert \(t) out of range") }
        var sectionTo = [Int?](repeating: nil, count: oldS), takenS = [Bool](repeating: false, count: newS)
        for t in insS { takenS[t] = true }
        var movedFrom = Set<Int>(), movedTo = Set<Int>()
        for m in u.movedSections {
            guard m.from >= 0, m.from < oldS, m.to >= 0, m.to < newS else { throw refuse("section move out of range") }
            guard !delS.contains(m.from) else { throw refuse("delete and move of section \(m.from)") }
            guard !insS.contains(m.to) else { throw refuse("insert and move to section \(m.to)") }
            guard movedFrom.insert(m.from).inserted, movedTo.insert(m.to).inserted else {
                throw refuse("section moved twice")
            }
            sectionTo[m.from] = m.to
            takenS[m.to] = true
        }
        guard newS == oldS - delS.count + insS.count else { throw refuse("invalid number of sections") }
        var free = (0..<newS).filter { !takenS[$0] }.makeIterator()
        for s in 0..<oldS where !delS.contains(s) && !movedFrom.contains(s) {
            guard let t = free.next() else { throw refuse("no place for section \(s)") }
            sectionTo[s] = t
        }
        var sectionFrom = [Int?](repeating: nil, count: newS)
        for (s, t) in sectionTo.enumerated() { if let t { sectionFrom[t] = s } }

        // Reloads: a delete here, an insert where the deletes and inserts alone put it.
        let explicitDeletes = u.deletedItems.filter { !delS.contains($0.section) }
        let sortedDelS = delS.sorted(), sortedInsS = insS.sorted()
        var reloadTo: [IndexPath: IndexPath] = [:]
        for ip in u.reloadedItems where !delS.contains(ip.section) {
            guard ip.section >= 0, ip.section < oldS, ip.item >= 0, ip.item < oldCounts[ip.section] else {
                throw refuse("reload \(ip) out of range")
            }
            let t = SnapshotPortableReading.section(ip.section, sortedDelS, sortedInsS)
            var r = ip.item - explicitDeletes.filter { $0.section == ip.section && $0.item < ip.item }.count
            for x in u.insertedItems.filter({ $0.section == t }).map(\.item).sorted() where x <= r { r += 1 }
            reloadTo[ip] = IndexPath(section: t, item: r)
        }
        let deletes = Set(explicitDeletes + Array(reloadTo.keys))
        guard deletes.count == explicitDeletes.count + reloadTo.count else { throw refuse("delete and reload") }
        let inserts = u.insertedItems.filter { !insS.contains($0.section) } + Array(reloadTo.values)
        guard Set(inserts).count == inserts.count else { throw refuse("two inserts at one index path") }
        for ip in deletes where ip.section < 0 || ip.section >= oldS || ip.item < 0 || ip.item >= oldCounts[ip.section]
        {
            throw refuse("delete \(ip) out of range")
        }
        for ip in inserts where ip.section < 0 || ip.section >= newS || ip.item < 0 || ip.item >= newCounts[ip.section]
        {
            throw refuse("insert \(ip) out of range")
        }
        // Item moves.
        var sources = Set<IndexPath>(), destinations = Set<IndexPath>()
        let insertSet = Set(inserts)
        for m in u.movedItems {
            guard m.from.section >= 0, m.from.section < oldS, m.from.item >= 0, m.from.item < oldCounts[m.from.section],
                m.to.section >= 0, m.to.section < newS, m.to.item >= 0, m.to.item < newCounts[m.to.section]
            else { throw refuse("move \(m) out of range") }
            guard !delS.contains(m.from.section) else { throw refuse("cannot move an item from a deleted section") }
            guard !insS.contains(m.to.section) else {
                throw refuse("cannot move an item into a newly inserted section")
            }
            guard !deletes.contains(m.from) else { throw refuse("a delete and a move from \(m.from)") }
            guard !insertSet.contains(m.to) else { throw refuse("an insert and a move to \(m.to)") }
            guard sources.insert(m.from).inserted else { throw refuse("\(m.from) moved to two places") }
            guard destinations.insert(m.to).inserted else { throw refuse("two moves to \(m.to)") }
            guard !movedFrom.contains(m.from.section), !movedTo.contains(m.to.section) else {
                throw refuse("an item move out of or into a moved section (\(m.from) -> \(m.to))")
            }
        }
        // Item changes inside a moved section: UIKit maps them elsewhere, animates cells twice or
        // corrupts its heap (IGListKit's `IGListBatchUpdateData`): a portable batch has none.
        for ip in deletes where movedFrom.contains(ip.section) { throw refuse("a delete in moved section \(ip)") }
        for ip in inserts where movedTo.contains(ip.section) { throw refuse("an insert in moved section \(ip)") }
        // Counts, section by section, moves counted by section number.
        for t in 0..<newS where !insS.contains(t) {
            guard let s = sectionFrom[t] else { throw refuse("section \(t) has no source") }
            let ins = inserts.filter { $0.section == t }.count
            let del = deletes.filter { $0.section == s }.count
            let movedIn = u.movedItems.filter { $0.to.section == t && $0.from.section != $0.to.section }.count
            let movedOut = u.movedItems.filter { $0.from.section == s && $0.from.section != $0.to.section }.count
            guard newCounts[t] == oldCounts[s] + ins - del + movedIn - movedOut else {
                throw refuse("invalid number of items in section \(t)")
            }
        }
        // The map: inserts and move destinations take their places, the others fill the rest in order.
        var result: [IndexPath: IndexPath] = reloadTo
        for m in u.movedItems { result[m.from] = m.to }
        for t in 0..<newS where !insS.contains(t) {
            let s = sectionFrom[t]!
            var taken = [Bool](repeating: false, count: newCounts[t])
            for ip in inserts where ip.section == t { taken[ip.item] = true }
            for ip in destinations where ip.section == t { taken[ip.item] = true }
            var slot = 0
            for i in 0..<oldCounts[s] {
                let ip = IndexPath(section: s, item: i)
                guard !deletes.contains(ip), !sources.contains(ip) else { continue }
                while slot < taken.count && taken[slot] { slot += 1 }
                guard slot < taken.count else { throw refuse("no place for \(ip)") }
                result[ip] = IndexPath(section: t, item: slot)
                slot += 1
            }
        }
        return result
    }
}

/// UIKit's section reading for a reload (deletes and inserts alone), written again here so the
/// model does not share the code it checks.
enum SnapshotPortableReading {
    static func section(_ s: Int, _ deleted: [Int], _ inserted: [Int]) -> Int {
        var t = s
        for d in deleted where d < s { t -= 1 }
        for x in inserted where x <= t { t += 1 }
        return t
    }
}
