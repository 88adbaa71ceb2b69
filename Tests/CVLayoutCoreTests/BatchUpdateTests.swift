import XCTest

@testable import CVLayoutCore

// XCTest brings Foundation's IndexPath into scope.
private typealias IndexPath = CVLayoutCore.IndexPath

private func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(section: s, item: i) }
private let whole = UpdateItem.sectionItem

final class BatchUpdateTests: XCTestCase {

    private func plan(old: [Int], new: [Int], _ build: (inout BatchUpdate) -> Void) throws -> UpdatePlan {
        var u = BatchUpdate()
        build(&u)
        return try UpdatePlan.make(update: u, oldCounts: old, newCounts: new)
    }

    private func assertFails(
        _ code: LayoutError.Code, _ message: String? = nil,
        old: [Int], new: [Int], _ build: (inout BatchUpdate) -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            _ = try plan(old: old, new: new, build)
            XCTFail("expected \(code) error", file: file, line: line)
        } catch let e as LayoutError {
            XCTAssertEqual(e.code, code, e.message, file: file, line: line)
            if let message { XCTAssertEqual(e.message, message, file: file, line: line) }
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
    }

    // MARK: Mapping

    func test_deleteAndInsertInOneSection() throws {
        // old [a b c d e], delete b (1) and d (3), insert at 0 → new [N a c e].
        let p = try plan(old: [5], new: [4]) { u in
            u.insertItems([ip(0, 0)])
            u.deleteItems([ip(0, 3), ip(0, 1)])
        }
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 0)), ip(0, 1))
        XCTAssertNil(p.newIndexPath(forOld: ip(0, 1)))
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 2)), ip(0, 2))
        XCTAssertNil(p.newIndexPath(forOld: ip(0, 3)))
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 4)), ip(0, 3))
        XCTAssertNil(p.oldIndexPath(forNew: ip(0, 0)))
        XCTAssertEqual(p.oldIndexPath(forNew: ip(0, 1)), ip(0, 0))
        XCTAssertEqual(p.oldIndexPath(forNew: ip(0, 2)), ip(0, 2))
        XCTAssertEqual(p.oldIndexPath(forNew: ip(0, 3)), ip(0, 4))
        XCTAssertTrue(p.isInserted(new: ip(0, 0)))
        XCTAssertFalse(p.isInserted(new: ip(0, 1)))
        XCTAssertTrue(p.isDeleted(old: ip(0, 1)))
        XCTAssertTrue(p.isDeleted(old: ip(0, 3)))
        XCTAssertFalse(p.isDeleted(old: ip(0, 0)))
        // Out of range queries answer nil / false.
        XCTAssertNil(p.newIndexPath(forOld: ip(0, 5)))
        XCTAssertNil(p.oldIndexPath(forNew: ip(0, 4)))
        XCTAssertNil(p.newIndexPath(forOld: ip(1, 0)))
        XCTAssertFalse(p.isDeleted(old: ip(0, 5)))
        XCTAssertFalse(p.isInserted(new: ip(0, -1)))
        XCTAssertEqual(p.newSection(forOld: 0), 0)
        XCTAssertEqual(p.oldSection(forNew: 0), 0)
    }

    func test_noChangesIsIdentity() throws {
        let p = try plan(old: [3, 0, 2], new: [3, 0, 2]) { _ in }
        XCTAssertTrue(p.updateItems.isEmpty)
        for s in 0..<3 { XCTAssertEqual(p.newSection(forOld: s), s) }
        XCTAssertEqual(p.newIndexPath(forOld: ip(2, 1)), ip(2, 1))
        XCTAssertEqual(p.oldIndexPath(forNew: ip(0, 2)), ip(0, 2))
        XCTAssertTrue(BatchUpdate().isEmpty)
    }

    func test_sectionsInsertedDeletedMoved() throws {
        // old sections A(1) B(2) C(3) D(4); delete B, insert new 0, move D → 1.
        // new: [X, D, A, C]
        let p = try plan(old: [1, 2, 3, 4], new: [6, 4, 1, 3]) { u in
            u.deleteSections([1])
            u.insertSections([0])
            u.moveSection(from: 3, to: 1)
        }
        XCTAssertEqual(p.newSection(forOld: 0), 2)
        XCTAssertNil(p.newSection(forOld: 1))
        XCTAssertEqual(p.newSection(forOld: 2), 3)
        XCTAssertEqual(p.newSection(forOld: 3), 1)
        XCTAssertNil(p.newSection(forOld: 4))
        XCTAssertNil(p.oldSection(forNew: 0))
        XCTAssertEqual(p.oldSection(forNew: 1), 3)
        XCTAssertEqual(p.oldSection(forNew: 2), 0)
        XCTAssertEqual(p.oldSection(forNew: 3), 2)
        XCTAssertEqual(p.insertedSections, [0])
        XCTAssertEqual(p.deletedSections, [1])
        XCTAssertEqual(p.newIndexPath(forOld: ip(3, 2)), ip(1, 2))
        XCTAssertEqual(p.newIndexPath(forOld: ip(2, 0)), ip(3, 0))
        XCTAssertNil(p.newIndexPath(forOld: ip(1, 0)))
        XCTAssertTrue(p.isDeleted(old: ip(1, 1)))
        XCTAssertTrue(p.isInserted(new: ip(0, 5)))
        XCTAssertEqual(p.oldIndexPath(forNew: ip(2, 0)), ip(0, 0))
        XCTAssertEqual(
            p.updateItems,
            [
                UpdateItem(action: .delete, before: ip(1, whole), after: nil),
                UpdateItem(action: .insert, before: nil, after: ip(0, whole)),
                UpdateItem(action: .move, before: ip(3, whole), after: ip(1, whole)),
            ])
    }

    func test_itemsInsideMovedSection() throws {
        // old A(3) B(2); move A → 1, delete A's item 0, insert at B's... B now at 0.
        let p = try plan(old: [3, 2], new: [3, 2]) { u in
            u.moveSection(from: 0, to: 1)
            u.deleteItems([ip(0, 0)])  // old index path: A's first item
            u.insertItems([ip(0, 2)])  // new index path: B (now section 0) gets a third item
        }
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 1)), ip(1, 0))
        XCTAssertEqual(p.newIndexPath(forOld: ip(1, 1)), ip(0, 1))
        XCTAssertTrue(p.isInserted(new: ip(0, 2)))
        XCTAssertEqual(p.oldIndexPath(forNew: ip(1, 1)), ip(0, 2))
    }

    func test_itemMovesAcrossAndWithinSections() throws {
        let p = try plan(old: [3, 3], new: [2, 4]) { u in u.moveItem(from: ip(0, 0), to: ip(1, 3)) }
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 0)), ip(1, 3))
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 1)), ip(0, 0))
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 2)), ip(0, 1))
        for i in 0..<3 { XCTAssertEqual(p.newIndexPath(forOld: ip(1, i)), ip(1, i)) }
        XCTAssertEqual(p.oldIndexPath(forNew: ip(1, 3)), ip(0, 0))
        XCTAssertFalse(p.isInserted(new: ip(1, 3)))
        XCTAssertFalse(p.isDeleted(old: ip(0, 0)))

        let q = try plan(old: [4], new: [4]) { u in u.moveItem(from: ip(0, 0), to: ip(0, 3)) }
        XCTAssertEqual((0..<4).map { q.newIndexPath(forOld: ip(0, $0)) }, [ip(0, 3), ip(0, 0), ip(0, 1), ip(0, 2)])
        XCTAssertEqual((0..<4).map { q.oldIndexPath(forNew: ip(0, $0)) }, [ip(0, 1), ip(0, 2), ip(0, 3), ip(0, 0)])

        // A swap through two moves.
        let r = try plan(old: [3], new: [3]) { u in
            u.moveItem(from: ip(0, 0), to: ip(0, 2))
            u.moveItem(from: ip(0, 2), to: ip(0, 0))
        }
        XCTAssertEqual((0..<3).map { r.newIndexPath(forOld: ip(0, $0)) }, [ip(0, 2), ip(0, 1), ip(0, 0)])
    }

    /// UIKit: "cannot move an item into a newly inserted section (1)"; item inserts into the new
    /// section are range-checked, then absorbed (the layout is still told about them).
    func test_moveIntoInsertedSectionIsAnError() throws {
        assertFails(
            .inconsistentUpdate, "cannot move an item into a newly inserted section (1)", old: [2], new: [1, 3]
        ) { u in
            u.insertSections([1])
            u.moveItem(from: ip(0, 1), to: ip(1, 1))
        }
        // A reloaded section counts as newly inserted at its new index.
        assertFails(
            .inconsistentUpdate, "cannot move an item into a newly inserted section (2)", old: [2, 1], new: [1, 1, 2]
        ) { u in
            u.insertSections([0])
            u.reloadSections([1])
            u.moveItem(from: ip(0, 1), to: ip(2, 1))
        }
        let p = try plan(old: [2], new: [2, 3]) { u in
            u.insertSections([1])
            u.insertItems([ip(1, 0), ip(1, 2)])  // absorbed by the section insert
        }
        XCTAssertTrue(p.isInserted(new: ip(1, 0)))
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 1)), ip(0, 1))
        XCTAssertEqual(
            p.updateItems,
            [
                UpdateItem(action: .insert, before: nil, after: ip(1, 0)),
                UpdateItem(action: .insert, before: nil, after: ip(1, 2)),
                UpdateItem(action: .insert, before: nil, after: ip(1, whole)),
            ])
        // Inserts into an inserted section are range-checked before they are absorbed.
        assertFails(
            .outOfRange,
            "attempt to insert item 3 into section 1, but there are only 3 items in section 1 after the update",
            old: [2], new: [2, 3]
        ) { u in
            u.insertSections([1]); u.insertItems([ip(1, 3)])
        }
    }

    func test_itemUpdatesInDeletedSectionAreAbsorbed() throws {
        let p = try plan(old: [2, 3], new: [3]) { u in
            u.deleteSections([0])
            u.deleteItems([ip(0, 1), ip(0, 7)])  // UIKit drops these before their range check
            u.reloadItems([ip(0, 0)])
        }
        // The layout is told what was asked (UIKit's list), the absorbed reload without a target.
        XCTAssertEqual(
            p.updateItems,
            [
                UpdateItem(action: .delete, before: ip(0, 1), after: nil),
                UpdateItem(action: .delete, before: ip(0, 7), after: nil),
                UpdateItem(action: .delete, before: ip(0, whole), after: nil),
                UpdateItem(action: .reload, before: ip(0, 0), after: nil),
            ])
        XCTAssertTrue(p.isDeleted(old: ip(0, 0)))
        XCTAssertFalse(p.isReloaded(old: ip(0, 0)))
        XCTAssertEqual(p.newIndexPath(forOld: ip(1, 2)), ip(0, 2))
    }

    // MARK: Reloads

    func test_itemReload() throws {
        // old [a b c d]: delete a, reload b → new [b' c d].
        let p = try plan(old: [4], new: [3]) { u in
            u.reloadItems([ip(0, 1)])
            u.deleteItems([ip(0, 0)])
        }
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 1)), ip(0, 0))
        XCTAssertEqual(p.oldIndexPath(forNew: ip(0, 0)), ip(0, 1))
        XCTAssertTrue(p.isReloaded(old: ip(0, 1)))
        XCTAssertTrue(p.isReloaded(new: ip(0, 0)))
        XCTAssertFalse(p.isReloaded(old: ip(0, 2)))
        XCTAssertFalse(p.isReloaded(new: ip(0, 1)))
        XCTAssertFalse(p.isDeleted(old: ip(0, 1)))
        XCTAssertFalse(p.isInserted(new: ip(0, 0)))
        XCTAssertEqual(
            p.updateItems,
            [
                UpdateItem(action: .delete, before: ip(0, 0), after: nil),
                UpdateItem(action: .reload, before: ip(0, 1), after: ip(0, 0)),
            ])
    }

    func test_sectionReload() throws {
        // old A(1) B(2) C(3): delete A, reload C (its count changes freely) → new [B, C'].
        let p = try plan(old: [1, 2, 3], new: [2, 7]) { u in
            u.deleteSections([0])
            u.reloadSections([2])
        }
        XCTAssertEqual(p.reloadedSections, [2])
        XCTAssertEqual(p.reloadedSectionsAfterUpdate, [1])
        XCTAssertEqual(p.newSection(forOld: 2), 1)
        XCTAssertEqual(p.oldSection(forNew: 1), 2)
        XCTAssertNil(p.newIndexPath(forOld: ip(2, 0)))
        XCTAssertTrue(p.isDeleted(old: ip(2, 0)))
        XCTAssertTrue(p.isReloaded(old: ip(2, 2)))
        XCTAssertNil(p.oldIndexPath(forNew: ip(1, 6)))
        XCTAssertTrue(p.isInserted(new: ip(1, 6)))
        XCTAssertTrue(p.isReloaded(new: ip(1, 6)))
        XCTAssertFalse(p.isReloaded(new: ip(0, 0)))
        XCTAssertEqual(p.newIndexPath(forOld: ip(1, 1)), ip(0, 1))
        XCTAssertEqual(
            p.updateItems,
            [
                UpdateItem(action: .delete, before: ip(0, whole), after: nil),
                UpdateItem(action: .reload, before: ip(2, whole), after: ip(1, whole)),
            ])
    }

    // MARK: UIKit messages and validation (docs/batch-update-rules.md)

    func test_wrongItemCountUsesUIKitMessage() {
        // UIKit's text, two spaces after the first sentence included.
        assertFails(
            .inconsistentUpdate,
            "Invalid update: invalid number of items in section 0.  The number of items contained in an existing "
                + "section after the update (7) must be equal to the number of items contained in that section before "
                + "the update (5), plus or minus the number of items inserted or deleted from that section (1 "
                + "inserted, 0 deleted) and plus or minus the number of items moved into or out of that "
                + "section (0 moved in, 0 moved out).",
            old: [5], new: [7]
        ) { u in u.insertItems([ip(0, 0)]) }
        assertFails(
            .inconsistentUpdate,
            "Invalid update: invalid number of items in section 0.  The number of items contained in an existing "
                + "section after the update (3) must be equal to the number of items contained in that section before "
                + "the update (3), plus or minus the number of items inserted or deleted from that section (0 "
                + "inserted, 0 deleted) and plus or minus the number of items moved into or out of that "
                + "section (0 moved in, 1 moved out).",
            old: [3, 3], new: [3, 4]
        ) { u in u.moveItem(from: ip(0, 0), to: ip(1, 0)) }
        // A section that changes count without any request.
        assertFails(.inconsistentUpdate, old: [2, 2], new: [2, 3]) { _ in }
    }

    /// A reload counts as one inserted and one deleted item; a move inside one section (even one
    /// whose index changes) is neither moved in nor out.
    func test_countMessageNumbers() {
        // old [5]: reload 1 and 3, delete 0, insert 0 and 1, move 4 → 2 within the section; the
        // data source wrongly reports 7 (5 − 1 + 2 = 6 expected).
        assertFails(
            .inconsistentUpdate,
            "Invalid update: invalid number of items in section 0.  The number of items contained in an existing "
                + "section after the update (7) must be equal to the number of items contained in that section before "
                + "the update (5), plus or minus the number of items inserted or deleted from that section (4 "
                + "inserted, 3 deleted) and plus or minus the number of items moved into or out of that "
                + "section (0 moved in, 0 moved out).",
            old: [5], new: [7]
        ) { u in
            u.reloadItems([ip(0, 1), ip(0, 3)]); u.deleteItems([ip(0, 0)]); u.insertItems([ip(0, 0), ip(0, 1)])
            u.moveItem(from: ip(0, 4), to: ip(0, 2))
        }
        // Section 0 becomes section 1 (a section is inserted before it): a move from old (0, 0)
        // to new (1, 2) stays inside the section. Old section 1 (now 2) is wrong by one.
        assertFails(
            .inconsistentUpdate,
            "Invalid update: invalid number of items in section 2.  The number of items contained in an existing "
                + "section after the update (3) must be equal to the number of items contained in that section before "
                + "the update (2), plus or minus the number of items inserted or deleted from that section (0 "
                + "inserted, 0 deleted) and plus or minus the number of items moved into or out of that "
                + "section (0 moved in, 0 moved out).",
            old: [3, 2], new: [0, 3, 3]
        ) { u in
            u.insertSections([0]); u.moveItem(from: ip(0, 0), to: ip(1, 2))
        }
        // The same inserted section, and a move from old section 0 (new 1) to old section 1 (new
        // 2): new section 1 holds 3 − 1 = 2 (right), new section 2 should hold 2 + 1 = 3, not 4.
        // Its delete, insert and reload count as 2 inserted and 2 deleted.
        assertFails(
            .inconsistentUpdate,
            "Invalid update: invalid number of items in section 2.  The number of items contained in an existing "
                + "section after the update (4) must be equal to the number of items contained in that section before "
                + "the update (2), plus or minus the number of items inserted or deleted from that section (2 "
                + "inserted, 2 deleted) and plus or minus the number of items moved into or out of that "
                + "section (1 moved in, 0 moved out).",
            old: [3, 2], new: [0, 2, 4]
        ) { u in
            u.insertSections([0]); u.moveItem(from: ip(0, 0), to: ip(2, 0))
            u.deleteItems([ip(1, 1)]); u.insertItems([ip(2, 1)]); u.reloadItems([ip(1, 0)])
        }
        // The section count: a reloaded section is one inserted and one deleted section.
        assertFails(
            .inconsistentUpdate,
            "Invalid update: invalid number of sections.  The number of sections contained in the collection view "
                + "after the update (4) must be equal to the number of sections contained in the collection view "
                + "before the update (2), plus or minus the number of sections inserted or deleted (2 inserted, 1 "
                + "deleted).",
            old: [1, 1], new: [1, 1, 1, 1]
        ) { u in
            u.insertSections([2]); u.reloadSections([0])
        }
    }

    func test_wrongSectionCountUsesUIKitMessage() {
        assertFails(
            .inconsistentUpdate,
            "Invalid update: invalid number of sections.  The number of sections contained in the collection view "
                + "after the update (3) must be equal to the number of sections contained in the collection view "
                + "before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 "
                + "deleted).",
            old: [1, 1], new: [1, 1, 1]
        ) { _ in }
        assertFails(.inconsistentUpdate, old: [1, 1], new: [1]) { u in u.insertSections([0]) }
    }

    func test_outOfRange() {
        assertFails(
            .outOfRange, "attempt to delete item 7 from section 0 which only contains 5 items before the update",
            old: [5], new: [4]
        ) { u in u.deleteItems([ip(0, 7)]) }
        assertFails(
            .outOfRange, "attempt to delete item 0 from section 2, but there are only 2 sections before the update",
            old: [5, 5], new: [5, 5]
        ) { u in u.deleteItems([ip(2, 0)]) }
        assertFails(
            .outOfRange,
            "attempt to insert item 5 into section 0, but there are only 5 items in section 0 after the update",
            old: [4], new: [5]
        ) { u in u.insertItems([ip(0, 5)]) }
        assertFails(
            .outOfRange, "attempt to insert item 0 into section 1, but there are only 1 sections after the update",
            old: [4], new: [5]
        ) { u in u.insertItems([ip(1, 0)]) }
        // A reload is a delete for UIKit's checks: a missing one is reported as the delete.
        assertFails(
            .outOfRange, "attempt to delete item 4 from section 0 which only contains 4 items before the update",
            old: [4], new: [4]
        ) { u in u.reloadItems([ip(0, 4)]) }
        assertFails(
            .outOfRange, "attempt to delete section 2, but there are only 2 sections before the update",
            old: [1, 1], new: [1, 1]
        ) { u in u.reloadSections([2]) }
        assertFails(
            .outOfRange,
            "attempt to move index path ([0, -1]) that does not exist - there are only 4 items in section 0 before "
                + "the update",
            old: [4], new: [4]
        ) { u in u.moveItem(from: ip(0, -1), to: ip(0, 0)) }
        assertFails(
            .outOfRange,
            "attempt to move index path ([3, 0]) from a section that does not exist - there are only 1 sections "
                + "before the update",
            old: [4], new: [4]
        ) { u in u.moveItem(from: ip(3, 0), to: ip(0, 0)) }
        assertFails(
            .outOfRange,
            "attempt to move index path ([0, 0]) to index path ([0, 4]) that does not exist - there are only 4 items "
                + "in section 0 after the update",
            old: [4], new: [4]
        ) { u in u.moveItem(from: ip(0, 0), to: ip(0, 4)) }
        assertFails(
            .outOfRange,
            "attempt to move index path ([0, 0]) to index path ([1, 0]) in section that does not exist - there are "
                + "only 1 sections after the update",
            old: [4], new: [4]
        ) { u in u.moveItem(from: ip(0, 0), to: ip(1, 0)) }
        assertFails(
            .outOfRange, "attempt to delete section 2, but there are only 2 sections before the update",
            old: [1, 1], new: [1]
        ) { u in u.deleteSections([2]) }
        // UIKit's wording: no comma here.
        assertFails(
            .outOfRange, "attempt to insert section 3 but there are only 3 sections after the update",
            old: [1, 1], new: [1, 1, 1]
        ) { u in u.insertSections([3]) }
        assertFails(
            .outOfRange, "attempt to move section 5, but there are only 2 sections before the update",
            old: [1, 1], new: [1, 1]
        ) { u in u.moveSection(from: 5, to: 0) }
        // UIKit's typo ("to to") kept.
        assertFails(
            .outOfRange, "attempt to to move section 0 to section 2, but there are only 2 sections after the update",
            old: [1, 1], new: [1, 1]
        ) { u in u.moveSection(from: 0, to: 2) }
        assertFails(.outOfRange, old: [1, 1], new: [1, 1]) { u in u.reloadSections([-1]) }
        // Extreme values never trap.
        for bad in [Int.min, Int.min + 1, -1, Int.max - 1, 1 << 40] {
            assertFails(.outOfRange, old: [3], new: [3]) { u in u.deleteItems([ip(0, bad)]) }
            assertFails(.outOfRange, old: [3], new: [3]) { u in u.deleteItems([ip(bad, 0)]) }
            assertFails(.outOfRange, old: [3], new: [3]) { u in u.insertItems([ip(bad, bad)]) }
            assertFails(.outOfRange, old: [3], new: [3]) { u in u.moveItem(from: ip(0, 0), to: ip(0, bad)) }
            assertFails(.outOfRange, old: [3], new: [3]) { u in u.insertSections([bad]) }
            assertFails(.outOfRange, old: [3], new: [3]) { u in u.moveSection(from: bad, to: 0) }
        }
        // An item index equal to NSNotFound (the section marker) is rejected, not taken for the section.
        assertFails(.outOfRange, old: [3], new: [3]) { u in u.deleteItems([ip(0, whole)]) }
        assertFails(.outOfRange, old: [3], new: [3]) { u in u.insertItems([ip(0, whole)]) }
        assertFails(.outOfRange, old: [3], new: [3]) { u in u.moveItem(from: ip(0, whole), to: ip(0, 0)) }
        assertFails(.invalidArgument, old: [-1], new: [0]) { _ in }
        assertFails(.invalidArgument, old: [1], new: [Int.max]) { _ in }
    }

    func test_conflictsUseUIKitWording() {
        assertFails(
            .inconsistentUpdate, "attempt to perform a delete and a move from the same index path ([0, 1])",
            old: [3], new: [3]
        ) { u in
            u.deleteItems([ip(0, 1)]); u.moveItem(from: ip(0, 1), to: ip(0, 0))
        }
        assertFails(
            .inconsistentUpdate, "attempt to delete and reload the same index path ([0, 1])",
            old: [3], new: [2]
        ) { u in
            u.deleteItems([ip(0, 1)]); u.reloadItems([ip(0, 1)])
        }
        // A reload is a delete for UIKit (rdar 33662307 reports exactly this text for a reload + move).
        assertFails(
            .inconsistentUpdate, "attempt to perform a delete and a move from the same index path ([0, 1])",
            old: [3], new: [3]
        ) { u in
            u.reloadItems([ip(0, 1)]); u.moveItem(from: ip(0, 1), to: ip(0, 2))
        }
        assertFails(
            .inconsistentUpdate, "attempt to move item at index path [0, 1] to both [0, 0] and [0, 2]",
            old: [3], new: [3]
        ) { u in
            u.moveItem(from: ip(0, 1), to: ip(0, 0)); u.moveItem(from: ip(0, 1), to: ip(0, 2))
        }
        assertFails(
            .inconsistentUpdate, "attempt to move both item at index path [0, 0] and [0, 1] to [0, 2]",
            old: [3], new: [3]
        ) { u in
            u.moveItem(from: ip(0, 1), to: ip(0, 2)); u.moveItem(from: ip(0, 0), to: ip(0, 2))
        }
        assertFails(
            .inconsistentUpdate, "attempt to perform an insert and a move to the same index path ([0, 2])",
            old: [3], new: [4]
        ) { u in
            u.insertItems([ip(0, 2)]); u.moveItem(from: ip(0, 1), to: ip(0, 2))
        }
        assertFails(
            .inconsistentUpdate, "cannot move an item from a deleted section (0)",
            old: [3, 1], new: [2]
        ) { u in
            u.deleteSections([0]); u.moveItem(from: ip(0, 1), to: ip(0, 1))
        }
        assertFails(
            .inconsistentUpdate, "cannot move an item from a deleted section (0)",
            old: [3, 1], new: [2, 2]
        ) { u in
            u.reloadSections([0]); u.moveItem(from: ip(0, 1), to: ip(1, 1))
        }
        assertFails(
            .inconsistentUpdate, "attempt to perform a delete and a move from the same section (0)",
            old: [1, 1], new: [1]
        ) { u in
            u.deleteSections([0]); u.moveSection(from: 0, to: 0)
        }
        assertFails(
            .inconsistentUpdate, "attempt to delete and reload the same index path (section 1)",
            old: [1, 1], new: [1]
        ) { u in
            u.deleteSections([1]); u.reloadSections([1])
        }
        assertFails(
            .inconsistentUpdate, "attempt to perform a delete and a move from the same section (1)",
            old: [1, 1], new: [1, 1]
        ) { u in
            u.reloadSections([1]); u.moveSection(from: 1, to: 0)
        }
        assertFails(
            .inconsistentUpdate, "attempt to perform an insert and a move to the same section (0)",
            old: [1, 1], new: [1, 1, 1]
        ) { u in
            u.insertSections([0]); u.moveSection(from: 1, to: 0)
        }
        assertFails(
            .inconsistentUpdate, "attempt to move section 0 to both section 1 and section 0",
            old: [1, 1], new: [1, 1]
        ) { u in
            u.moveSection(from: 0, to: 1); u.moveSection(from: 0, to: 0)
        }
        assertFails(
            .inconsistentUpdate, "attempt to move both section 0 and section 1 to section 1",
            old: [1, 1], new: [1, 1]
        ) { u in
            u.moveSection(from: 0, to: 1); u.moveSection(from: 1, to: 1)
        }
    }

    /// UIKit checks every delete, then every insert, then the moves, then the counts; within each
    /// group deletes go in descending order, inserts and moves in ascending order.
    func test_firstErrorFollowsUIKitOrder() {
        // A delete out of range beats an insert out of range, a move conflict and a wrong count.
        assertFails(
            .outOfRange, "attempt to delete item 9 from section 0 which only contains 3 items before the update",
            old: [3], new: [9]
        ) { u in
            u.insertItems([ip(0, 20)]); u.moveItem(from: ip(0, 0), to: ip(0, 1));
            u.moveItem(from: ip(0, 0), to: ip(0, 2))
            u.deleteItems([ip(0, 9)])
        }
        // Deletes descending: the larger index path is reported first.
        assertFails(
            .outOfRange, "attempt to delete item 8 from section 0 which only contains 3 items before the update",
            old: [3], new: [1]
        ) { u in u.deleteItems([ip(0, 7), ip(0, 8)]) }
        // An insert conflict beats a move range error and a wrong count.
        assertFails(
            .inconsistentUpdate, "attempt to perform an insert and a move to the same index path ([0, 1])",
            old: [3], new: [7]
        ) { u in
            u.moveItem(from: ip(0, 5), to: ip(0, 0)); u.moveItem(from: ip(0, 0), to: ip(0, 1));
            u.insertItems([ip(0, 1)])
        }
        // Inserts ascending.
        assertFails(
            .outOfRange,
            "attempt to insert item 7 into section 0, but there are only 4 items in section 0 after the update",
            old: [3], new: [4]
        ) { u in u.insertItems([ip(0, 9), ip(0, 7)]) }
        // Moves ascending by source; each move's range before its conflicts with later moves.
        assertFails(
            .inconsistentUpdate, "attempt to move item at index path [0, 0] to both [0, 1] and [0, 2]",
            old: [3], new: [3]
        ) { u in
            u.moveItem(from: ip(0, 2), to: ip(0, 9)); u.moveItem(from: ip(0, 0), to: ip(0, 1));
            u.moveItem(from: ip(0, 0), to: ip(0, 2))
        }
        // A move range error beats the section count.
        assertFails(.outOfRange, old: [3], new: [3, 1]) { u in u.moveItem(from: ip(0, 0), to: ip(0, 5)) }
        // The section count beats the item counts.
        assertFails(
            .inconsistentUpdate,
            "Invalid update: invalid number of sections.  The number of sections contained in the collection view "
                + "after the update (2) must be equal to the number of sections contained in the collection view "
                + "before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 0 "
                + "deleted).",
            old: [3], new: [4, 1]
        ) { _ in }
        // A section delete is range-checked before its moves; its item deletes are dropped first.
        assertFails(
            .inconsistentUpdate, "cannot move an item from a deleted section (1)",
            old: [1, 2], new: [2]
        ) { u in
            u.deleteItems([ip(1, 99)]); u.deleteSections([1]); u.moveItem(from: ip(1, 0), to: ip(0, 0))
        }
    }

    /// UIKit drops an exact duplicate move silently; a partial duplicate is an error (above).
    func test_exactDuplicateMoveIsDropped() throws {
        let p = try plan(old: [3], new: [3]) { u in
            u.moveItem(from: ip(0, 0), to: ip(0, 2)); u.moveItem(from: ip(0, 0), to: ip(0, 2))
        }
        XCTAssertEqual((0..<3).map { p.newIndexPath(forOld: ip(0, $0)) }, [ip(0, 2), ip(0, 0), ip(0, 1)])
        XCTAssertEqual(p.updateItems, [UpdateItem(action: .move, before: ip(0, 0), after: ip(0, 2))])
        let q = try plan(old: [1, 1], new: [1, 1]) { u in
            u.moveSection(from: 0, to: 1); u.moveSection(from: 0, to: 1)
        }
        XCTAssertEqual(q.newSection(forOld: 0), 1)
    }

    /// cvlayout's deliberate difference: a reload combined with moves is accepted and mapped to
    /// the reloaded item's real new place (UIKit computes it blind to moves, rdar 27041784).
    func test_reloadWithMovesIsMapped() throws {
        // old [a b c d]: move d → 0, reload b → new [d a b' c].
        let p = try plan(old: [4], new: [4]) { u in
            u.moveItem(from: ip(0, 3), to: ip(0, 0)); u.reloadItems([ip(0, 1)])
        }
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 1)), ip(0, 2))
        XCTAssertTrue(p.isReloaded(new: ip(0, 2)))
        XCTAssertEqual(
            p.updateItems,
            [
                UpdateItem(action: .reload, before: ip(0, 1), after: ip(0, 2)),
                UpdateItem(action: .move, before: ip(0, 3), after: ip(0, 0)),
            ])
        // Sections: reload A, move C to the front → [C, A', B]; UIKit would call this an insert
        // and a move to the same section.
        let q = try plan(old: [1, 1, 1], new: [1, 2, 1]) { u in
            u.reloadSections([0]); u.moveSection(from: 2, to: 0)
        }
        XCTAssertEqual(q.newSection(forOld: 0), 1)
        XCTAssertEqual(q.reloadedSectionsAfterUpdate, [1])
        XCTAssertEqual(q.updateItems.last, UpdateItem(action: .move, before: ip(2, whole), after: ip(0, whole)))
    }

    func test_duplicateRequestsAreMerged() throws {
        let p = try plan(old: [3], new: [2]) { u in
            u.deleteItems([ip(0, 1), ip(0, 1)])
            u.deleteItems([ip(0, 1)])
        }
        XCTAssertEqual(p.updateItems, [UpdateItem(action: .delete, before: ip(0, 1), after: nil)])
    }

    // MARK: updateItems

    func test_updateItemsOrder() throws {
        // old [4, 3, 2]: delete items (0,0) (0,2), reload (1,0), move (1,2) → (0,0),
        // delete section 2, insert section 0 (new), insert items (1,2) (1,3).
        // new sections: [X, old0, old1]; old0: [a b c d] - a - c + (1,2)->(0,0)... built by hand:
        // new section 1 (old 0): survivors b d, fixed: none except inserts (1,2),(1,3) → [b d N N]
        // new section 2 (old 1): survivors x0' x1, move-in none → [x0' x1]; moved-out x2 → (1,0)?
        // The move goes to (1,0) in the new state (old section 0's new index is 1).
        let p = try plan(old: [4, 3, 2], new: [5, 5, 2]) { u in
            u.insertItems([ip(1, 3), ip(1, 2)])
            u.moveItem(from: ip(1, 2), to: ip(1, 0))
            u.deleteSections([2])
            u.reloadItems([ip(1, 0)])
            u.insertSections([0])
            u.deleteItems([ip(0, 0), ip(0, 2)])
        }
        // new section 1: fixed {0 (move), 2, 3 (inserts)}; survivors b(0,1), d(0,3) fill 1 and 4.
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 1)), ip(1, 1))
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 3)), ip(1, 4))
        XCTAssertEqual(p.newIndexPath(forOld: ip(1, 0)), ip(2, 0))
        XCTAssertEqual(p.newIndexPath(forOld: ip(1, 1)), ip(2, 1))
        XCTAssertEqual(
            p.updateItems,
            [
                UpdateItem(action: .delete, before: ip(0, 0), after: nil),
                UpdateItem(action: .delete, before: ip(0, 2), after: nil),
                UpdateItem(action: .delete, before: ip(2, whole), after: nil),
                UpdateItem(action: .insert, before: nil, after: ip(0, whole)),
                UpdateItem(action: .insert, before: nil, after: ip(1, 2)),
                UpdateItem(action: .insert, before: nil, after: ip(1, 3)),
                UpdateItem(action: .reload, before: ip(1, 0), after: ip(2, 0)),
                UpdateItem(action: .move, before: ip(1, 2), after: ip(1, 0)),
            ])
    }

    func test_callOrderDoesNotMatter() throws {
        var a = BatchUpdate(), b = BatchUpdate()
        a.deleteItems([ip(0, 1)]); a.insertItems([ip(1, 0)]); a.moveItem(from: ip(1, 0), to: ip(0, 0))
        b.moveItem(from: ip(1, 0), to: ip(0, 0)); b.insertItems([ip(1, 0)]); b.deleteItems([ip(0, 1)])
        let pa = try UpdatePlan.make(update: a, oldCounts: [3, 2], newCounts: [3, 2])
        let pb = try UpdatePlan.make(update: b, oldCounts: [3, 2], newCounts: [3, 2])
        XCTAssertEqual(pa.updateItems, pb.updateItems)
        var nested = BatchUpdate()
        nested.deleteItems([ip(0, 1)])
        var inner = BatchUpdate(); inner.insertItems([ip(1, 0)]); inner.moveItem(from: ip(1, 0), to: ip(0, 0))
        nested.append(contentsOf: inner)
        XCTAssertEqual(
            try UpdatePlan.make(update: nested, oldCounts: [3, 2], newCounts: [3, 2]).updateItems, pa.updateItems)
    }

    // MARK: Scale

    func test_hugeCountsStayCheapAndExact() throws {
        let big = CollectionView.maxCount  // 2^40 items in one section
        let p = try plan(old: [big, 1_000_000], new: [big - 1, 1_000_001]) { u in
            u.deleteItems([ip(0, big - 1), ip(0, 0)])
            u.insertItems([ip(0, big - 2)])
            u.moveItem(from: ip(1, 999_999), to: ip(1, 0))
            u.insertItems([ip(1, 500_000)])
        }
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, 1)), ip(0, 0))
        XCTAssertEqual(p.newIndexPath(forOld: ip(0, big - 2)), ip(0, big - 3))
        XCTAssertTrue(p.isInserted(new: ip(0, big - 2)))
        XCTAssertEqual(p.oldIndexPath(forNew: ip(0, big - 3)), ip(0, big - 2))
        XCTAssertEqual(p.newIndexPath(forOld: ip(1, 0)), ip(1, 1))
        XCTAssertEqual(p.newIndexPath(forOld: ip(1, 499_999)), ip(1, 500_001))
        XCTAssertEqual(p.oldIndexPath(forNew: ip(1, 1_000_000)), ip(1, 999_998))

        // 10^6 items, 20 000 changes: building and 10^5 queries are fast (no per-item storage).
        var rng = SplitMix64(seed: 7)
        let n = 1_000_000
        var deletes = Set<Int>()
        while deletes.count < 10_000 { deletes.insert(Int.random(in: 0..<n, using: &rng)) }
        var inserts = Set<Int>()
        while inserts.count < 10_000 { inserts.insert(Int.random(in: 0..<n, using: &rng)) }
        let q = try plan(old: [n], new: [n]) { u in
            u.deleteItems(deletes.map { ip(0, $0) })
            u.insertItems(inserts.map { ip(0, $0) })
        }
        let sortedDeletes = deletes.sorted(), sortedInserts = inserts.sorted()
        for _ in 0..<100_000 {
            let i = Int.random(in: 0..<n, using: &rng)
            if let new = q.newIndexPath(forOld: ip(0, i)) {
                XCTAssertEqual(q.oldIndexPath(forNew: new), ip(0, i))
            } else {
                XCTAssertTrue(deletes.contains(i))
            }
            if let old = q.oldIndexPath(forNew: ip(0, i)) {
                XCTAssertEqual(q.newIndexPath(forOld: old), ip(0, i))
            } else {
                XCTAssertTrue(inserts.contains(i))
            }
        }
        XCTAssertEqual(q.updateItems.count, 20_000)
        XCTAssertEqual(q.updateItems.first?.indexPathBeforeUpdate, ip(0, sortedDeletes.first ?? -1))
        XCTAssertEqual(q.updateItems.last?.indexPathAfterUpdate, ip(0, sortedInserts.last ?? -1))
    }

    // MARK: Randomized comparison with an explicit array model

    /// One element of the explicit model after the update.
    private enum Elem: Equatable {
        case old(IndexPath, reloaded: Bool)
        case fresh
    }

    private struct Case {
        var update: BatchUpdate
        var oldCounts: [Int]
        var newCounts: [Int]
        /// The model the generator built: new section → old section (nil when inserted).
        var sections: [Int?]
        var items: [[Elem]]
    }

    /// Builds a random valid update by constructing its result directly, then derives the
    /// requests from the positions in that result.
    private func randomCase(_ rng: inout SplitMix64) -> Case {
        let oldSectionCount = Int.random(in: 0...4, using: &rng)
        let oldCounts = (0..<oldSectionCount).map { _ in Int.random(in: 0...5, using: &rng) }
        var u = BatchUpdate()
        enum Fate { case stay, delete, reload, move }
        let fates: [Fate] = (0..<oldSectionCount).map { _ in
            switch Int.random(in: 0..<100, using: &rng) {
            case ..<12: return .delete
            case ..<22: return .reload
            case ..<37: return .move
            default: return .stay
            }
        }
        // New section list: survivors in order, then moved and inserted ones at random places.
        var slots: [(old: Int?, moved: Bool)] = (0..<oldSectionCount)
            .filter { fates[$0] == .stay || fates[$0] == .reload }.map { ($0, false) }
        for s in (0..<oldSectionCount).filter({ fates[$0] == .move }).shuffled(using: &rng) {
            slots.insert((s, true), at: Int.random(in: 0...slots.count, using: &rng))
        }
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            slots.insert((nil, false), at: Int.random(in: 0...slots.count, using: &rng))
        }
        for (t, slot) in slots.enumerated() {
            if let s = slot.old {
                if slot.moved { u.moveSection(from: s, to: t) }
            } else {
                u.insertSections([t])
            }
        }
        for s in 0..<oldSectionCount where fates[s] == .delete { u.deleteSections([s]) }
        for s in 0..<oldSectionCount where fates[s] == .reload { u.reloadSections([s]) }

        // Items.
        var items: [[Elem]] = Array(repeating: [], count: slots.count)
        var movedOut: [IndexPath] = []
        for (t, slot) in slots.enumerated() {
            guard let s = slot.old, fates[s] != .reload else { continue }
            for i in 0..<oldCounts[s] {
                switch Int.random(in: 0..<100, using: &rng) {
                case ..<15: u.deleteItems([ip(s, i)])
                case ..<25: u.reloadItems([ip(s, i)]); items[t].append(.old(ip(s, i), reloaded: true))
                case ..<40: movedOut.append(ip(s, i))
                default: items[t].append(.old(ip(s, i), reloaded: false))
                }
            }
        }
        for s in 0..<oldSectionCount where fates[s] == .delete || fates[s] == .reload {
            for i in 0..<oldCounts[s] {  // absorbed by the section update
                switch Int.random(in: 0..<100, using: &rng) {
                case ..<20: u.deleteItems([ip(s, i)])
                case ..<30: u.reloadItems([ip(s, i)])
                default: break
                }
            }
        }
        // UIKit rejects a move into an inserted or reloaded section: moves go to kept sections only.
        let keptSlots = slots.indices.filter { t in slots[t].old.map { fates[$0] != .reload } ?? false }
        if !keptSlots.isEmpty {
            for from in movedOut.shuffled(using: &rng) {
                let t = keptSlots[Int.random(in: 0..<keptSlots.count, using: &rng)]
                items[t].insert(.old(from, reloaded: false), at: Int.random(in: 0...items[t].count, using: &rng))
            }
        }
        for t in 0..<slots.count {
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                items[t].insert(.fresh, at: Int.random(in: 0...items[t].count, using: &rng))
            }
        }
        let movedSet = Set(movedOut)
        for (t, slot) in slots.enumerated() {
            let wholeSectionIsNew = slot.old.map { fates[$0] == .reload } ?? true
            for (i, e) in items[t].enumerated() {
                switch e {
                case let .old(from, _) where movedSet.contains(from):
                    u.moveItem(from: from, to: ip(t, i))
                case .fresh:
                    // Inserts into inserted/reloaded sections are optional (absorbed).
                    if !wholeSectionIsNew || Bool.random(using: &rng) { u.insertItems([ip(t, i)]) }
                default: break
                }
            }
        }
        return Case(
            update: u, oldCounts: oldCounts, newCounts: items.map(\.count),
            sections: slots.map(\.old), items: items)
    }

    /// The obvious simulation: applies the requests to explicit arrays of identities.
    private func simulate(_ u: BatchUpdate, old: [Int], new: [Int]) -> (sections: [Int?], items: [[Elem]]) {
        let deletedSections = Set(u.deletedSections), reloadedSections = Set(u.reloadedSections)
        let insertedSections = Set(u.insertedSections)
        var sectionMoveTo: [Int: Int] = [:]
        for m in u.movedSections { sectionMoveTo[m.to] = m.from }
        let movedFrom = Set(u.movedSections.map(\.from))
        var survivors = (0..<old.count).filter { !deletedSections.contains($0) && !movedFrom.contains($0) }[...]
        var sections: [Int?] = []
        for t in 0..<new.count {
            if insertedSections.contains(t) {
                sections.append(nil)
            } else if let s = sectionMoveTo[t] {
                sections.append(s)
            } else {
                sections.append(survivors.popFirst())
            }
        }
        let deleted = Set(u.deletedItems), reloaded = Set(u.reloadedItems), inserted = Set(u.insertedItems)
        var moveTo: [IndexPath: IndexPath] = [:]
        for m in u.movedItems { moveTo[m.to] = m.from }
        let moveFrom = Set(u.movedItems.map(\.from))
        var items: [[Elem]] = []
        for t in 0..<new.count {
            let source = sections[t]
            let isNew = source.map { reloadedSections.contains($0) } ?? true
            var rest: ArraySlice<IndexPath> = []
            if let s = source, !isNew {
                rest = (0..<old[s]).map { ip(s, $0) }.filter { !deleted.contains($0) && !moveFrom.contains($0) }[...]
            }
            var row: [Elem] = []
            for i in 0..<new[t] {
                if let from = moveTo[ip(t, i)] {
                    row.append(.old(from, reloaded: false))
                } else if isNew || inserted.contains(ip(t, i)) {
                    row.append(.fresh)
                } else if let next = rest.popFirst() {
                    row.append(.old(next, reloaded: reloaded.contains(next)))
                } else {
                    row.append(.fresh)
                }  // unreachable for valid updates
            }
            items.append(row)
        }
        return (sections, items)
    }

    func test_randomizedAgainstArrayModel() throws {
        var rng = SplitMix64(seed: 0xC0FFEE)
        for iteration in 0..<4000 {
            let c = randomCase(&rng)
            let sim = simulate(c.update, old: c.oldCounts, new: c.newCounts)
            XCTAssertEqual(sim.sections, c.sections, "iteration \(iteration)")
            XCTAssertEqual(sim.items, c.items, "iteration \(iteration)")
            let p: UpdatePlan
            do { p = try UpdatePlan.make(update: c.update, oldCounts: c.oldCounts, newCounts: c.newCounts) } catch {
                XCTFail("iteration \(iteration): valid update rejected: \(error) \(c.update)"); continue
            }
            let reloadedSections = Set(c.update.reloadedSections)

            // Sections.
            for s in -1...c.oldCounts.count {
                XCTAssertEqual(p.newSection(forOld: s), sim.sections.firstIndex(of: s), "iteration \(iteration)")
            }
            for t in -1...c.newCounts.count {
                let expected: Int? = t >= 0 && t < sim.sections.count ? sim.sections[t] : nil
                XCTAssertEqual(p.oldSection(forNew: t), expected, "iteration \(iteration)")
            }

            // Old side.
            var newOf: [IndexPath: IndexPath] = [:]
            var reloadedOld = Set<IndexPath>()
            for (t, row) in sim.items.enumerated() {
                for (i, e) in row.enumerated() {
                    if case let .old(from, r) = e { newOf[from] = ip(t, i); if r { reloadedOld.insert(from) } }
                }
            }
            for s in 0..<c.oldCounts.count {
                for i in -1...c.oldCounts[s] {
                    let old = ip(s, i)
                    let valid = i >= 0 && i < c.oldCounts[s]
                    XCTAssertEqual(p.newIndexPath(forOld: old), newOf[old], "iteration \(iteration) old \(old)")
                    XCTAssertEqual(
                        p.isDeleted(old: old), valid && newOf[old] == nil, "iteration \(iteration) old \(old)")
                    XCTAssertEqual(
                        p.isReloaded(old: old),
                        valid && (reloadedSections.contains(s) || reloadedOld.contains(old)),
                        "iteration \(iteration) old \(old)")
                }
            }
            // New side.
            for (t, row) in sim.items.enumerated() {
                let sectionReloaded = sim.sections[t].map { reloadedSections.contains($0) } ?? false
                for i in -1...row.count {
                    let new = ip(t, i)
                    guard i >= 0, i < row.count else {
                        XCTAssertNil(p.oldIndexPath(forNew: new))
                        XCTAssertFalse(p.isInserted(new: new))
                        XCTAssertFalse(p.isReloaded(new: new))
                        continue
                    }
                    switch row[i] {
                    case let .old(from, r):
                        XCTAssertEqual(p.oldIndexPath(forNew: new), from, "iteration \(iteration) new \(new)")
                        XCTAssertFalse(p.isInserted(new: new), "iteration \(iteration) new \(new)")
                        XCTAssertEqual(p.isReloaded(new: new), r, "iteration \(iteration) new \(new)")
                    case .fresh:
                        XCTAssertNil(p.oldIndexPath(forNew: new), "iteration \(iteration) new \(new)")
                        XCTAssertTrue(p.isInserted(new: new), "iteration \(iteration) new \(new)")
                        XCTAssertEqual(p.isReloaded(new: new), sectionReloaded, "iteration \(iteration) new \(new)")
                    }
                }
            }

            // updateItems, UIKit's list: the stated deletes, inserts, reloads (as reloads, to the
            // mapped place), then moves; each group ascending; one move per stated move.
            let actions = p.updateItems.map(\.action)
            XCTAssertEqual(actions, actions.sorted { rank($0) < rank($1) }, "iteration \(iteration)")
            for action in [UpdateItem.Action.delete, .insert, .reload, .move] {
                let paths = p.updateItems.filter { $0.action == action }.compactMap {
                    $0.indexPathBeforeUpdate ?? $0.indexPathAfterUpdate
                }
                XCTAssertEqual(paths, paths.sorted(), "iteration \(iteration)")
            }
            XCTAssertEqual(
                actions.filter { $0 == .delete }.count,
                Set(c.update.deletedItems).count + Set(c.update.deletedSections).count)
            XCTAssertEqual(
                actions.filter { $0 == .insert }.count,
                Set(c.update.insertedItems).count + Set(c.update.insertedSections).count)
            XCTAssertEqual(
                actions.filter { $0 == .move }.count, c.update.movedItems.count + c.update.movedSections.count)
            for old in reloadedOld {
                XCTAssertTrue(
                    p.updateItems.contains(UpdateItem(action: .reload, before: old, after: newOf[old])),
                    "iteration \(iteration)")
            }

            // A wrong count in a section that exists before and after is always rejected.
            let checkable = (0..<c.newCounts.count).filter { t in
                sim.sections[t].map { !reloadedSections.contains($0) } ?? false
            }
            if let t = checkable.randomElement(using: &rng) {
                var more = c.newCounts; more[t] += 1
                XCTAssertThrowsError(try UpdatePlan.make(update: c.update, oldCounts: c.oldCounts, newCounts: more)) {
                    XCTAssertEqual(($0 as? LayoutError)?.code, .inconsistentUpdate, "iteration \(iteration)")
                }
                if c.newCounts[t] > 0 {
                    var fewer = c.newCounts; fewer[t] -= 1
                    XCTAssertThrowsError(
                        try UpdatePlan.make(update: c.update, oldCounts: c.oldCounts, newCounts: fewer))
                }
            }
        }
    }

    private func rank(_ a: UpdateItem.Action) -> Int {
        switch a {
        case .delete: return 0
        case .insert: return 1
        case .reload: return 2
        case .move: return 3
        default: return 4
        }
    }

    // MARK: Several errors: the first in UIKit's order (docs/batch-update-rules.md, issue 28)

    func test_severalErrors_insertRangeBeforeMoveRange() {
        // The insert is checked against the counts after the update before any move is looked at.
        assertFails(
            .outOfRange,
            "attempt to insert item 5 into section 0, but there are only 4 items in section 0 after the update",
            old: [3], new: [4]
        ) { u in
            u.moveItem(from: ip(0, 9), to: ip(0, 0)); u.insertItems([ip(0, 5)])
        }
    }

    func test_severalErrors_insertMoveCollisionBeforeMoveConflicts() {
        // Two moves to one place and an insert there: the insert/move collision comes first.
        assertFails(
            .inconsistentUpdate, "attempt to perform an insert and a move to the same index path ([0, 1])",
            old: [4], new: [5]
        ) { u in
            u.moveItem(from: ip(0, 0), to: ip(0, 1)); u.moveItem(from: ip(0, 2), to: ip(0, 1))
            u.insertItems([ip(0, 1)])
        }
        // A move to two places and a move out of range: by source, the out-of-range one (source 0) first.
        assertFails(
            .outOfRange,
            "attempt to move index path ([0, 0]) to index path ([0, 7]) that does not exist - there are only 4 items "
                + "in section 0 after the update",
            old: [4], new: [4]
        ) { u in
            u.moveItem(from: ip(0, 1), to: ip(0, 2)); u.moveItem(from: ip(0, 1), to: ip(0, 3))
            u.moveItem(from: ip(0, 0), to: ip(0, 7))
        }
    }

    func test_severalErrors_countMismatchesFromTheLowestSection() {
        assertFails(
            .inconsistentUpdate,
            "Invalid update: invalid number of items in section 0.  The number of items contained in an existing "
                + "section after the update (3) must be equal to the number of items contained in that section "
                + "before the update (2), plus or minus the number of items inserted or deleted from that section "
                + "(0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section "
                + "(0 moved in, 0 moved out).",
            old: [2, 2, 2], new: [3, 2, 1]
        ) { _ in }
        // Section 0 is fine, 1 and 2 are not: 1 is reported.
        assertFails(.inconsistentUpdate, old: [2, 2, 2], new: [2, 3, 1]) { _ in }
        do {
            _ = try plan(old: [2, 2, 2], new: [2, 3, 1]) { _ in }
        } catch let e as LayoutError {
            XCTAssertTrue(e.message.contains("section 1."), e.message)
        } catch { XCTFail("\(error)") }
    }

    func test_severalErrors_aReloadOfAMissingItemFailsEvenInADeletedOrReloadedSection() {
        // UIKit turns the reload into a delete (dropped with its deleted section) and an insert,
        // whose place does not exist: an error, not a silently dropped request.
        assertFails(
            .outOfRange,
            "attempt to reload item 7 from section 0 which only contains 3 items before the update",
            old: [3, 1], new: [1]
        ) { u in
            u.deleteSections([0]); u.reloadItems([ip(0, 7)])
        }
        assertFails(
            .outOfRange,
            "attempt to reload item 7 from section 0 which only contains 3 items before the update",
            old: [3, 1], new: [2, 1]
        ) { u in
            u.reloadSections([0]); u.reloadItems([ip(0, 7)])
        }
        // An existing item reloaded in a deleted section is still absorbed.
        XCTAssertNoThrow(
            try plan(old: [3, 1], new: [1]) { u in
                u.deleteSections([0]); u.reloadItems([ip(0, 2)])
            })
    }
}
