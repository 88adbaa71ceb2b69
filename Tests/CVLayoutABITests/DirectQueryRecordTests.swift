// The direct queries build a cell's record field by field (`CQueryRecord.initializeCell`), not
// from `LayoutAttributes.cell`: these records must be that cell's, byte for byte, whatever the
// defaults of `LayoutAttributes` become.
import CCVLayout
import CVLayoutCore
import XCTest

@testable import CVLayout

final class DirectQueryRecordTests: XCTestCase {
    private let frames = [
        Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 10, y: 20, width: 30, height: 40),
        Rect(x: -5.5, y: 1e300, width: 1e-300, height: 7), Rect(x: 1, y: 2, width: 3, height: 4),
    ]

    private func bytes<T>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value) { Array($0) }
    }

    func testFullCellIsLayoutAttributesCell() {
        for (k, f) in frames.enumerated() {
            let (section, item) = (k * 3, 1_000_000 + k)
            let p = UnsafeMutablePointer<cvl_attributes>.allocate(capacity: 1)
            defer { p.deallocate() }
            memset(p, 0xA5, MemoryLayout<cvl_attributes>.size)  // every byte written, padding aside
            cvl_attributes.initializeCell(p, section: section, item: item, frame: f)
            let expected = LayoutAttributes.cell(IndexPath(section: section, item: item), frame: f).c
            XCTAssertEqual(bytes(p.pointee), bytes(expected), "cell \(k)")
        }
    }

    func testCompactCellIsTheCompactRecordOfLayoutAttributesCell() {
        for (k, f) in frames.enumerated() {
            let (section, item) = (k, 7 * k)
            let p = UnsafeMutablePointer<cvl_element>.allocate(capacity: 2)
            defer { p.deallocate() }
            cvl_element.initializeCell(p, section: section, item: item, frame: f)
            cvl_element.write(LayoutAttributes.cell(IndexPath(section: section, item: item), frame: f), to: p + 1)
            XCTAssertEqual(bytes(p[0]), bytes(p[1]), "cell \(k)")
        }
    }
}
