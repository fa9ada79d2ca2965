// The merge paths fuzz target: bytes -> paths on a small grid -> a shape layer whose paths a
// merge combines -> the scene at two moments -> `SceneRenderer` at 32 x 32 pixels.
//
// The bytes are read as a program: the first byte picks the merge's mode (1 to 5) and the fill
// rule; then each path is a vertex count and, per vertex, a point and two tangents. Coordinates
// come from a grid of 16 x 16 steps, so that shared vertices, coincident and overlapping edges,
// zero-length tangents and zero-area contours are common; now and then a coordinate is huge or
// tiny instead. Some paths sit in a nested group with a transform, some are open, and one path
// may be animated (its second keyframe from later bytes), so that the merge's memory of its last
// paths is exercised too. The default `LottieLimits` apply.
//
// Built and run by Scripts/fuzz.sh (swiftc -sanitize=fuzzer,address; libFuzzer supplies main).

import Foundation
import LottieModel
import LottiePlay

private let renderer = SceneRenderer(width: 32, height: 32)

/// Reads bytes one at a time, then zeros.
private struct ByteReader {
    let bytes: [UInt8]
    var position = 0
    var atEnd: Bool { position >= bytes.count }

    mutating func next() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A coordinate: mostly a grid step of 4 units in -32...28, sometimes an extreme value.
    mutating func coordinate() -> String {
        let byte = next()
        switch byte {
        case 0xFF: return "1e300"
        case 0xFE: return "-1e12"
        case 0xFD: return "1e-300"
        case 0xFC: return "0.0001"
        default: return String(Int(byte & 0x0F) * 4 - 32)
        }
    }

    mutating func point() -> String { "[\(coordinate()),\(coordinate())]" }

    /// A tangent: zero half of the time.
    mutating func tangent() -> String {
        next() & 1 == 0 ? "[0,0]" : point()
    }
}

/// A path's `ks` value: vertices, tangents and whether it is closed.
private func pathValue(_ reader: inout ByteReader) -> String {
    let header = reader.next()
    let count = Int(header & 0x0F)
    var vertices: [String] = []
    var ins: [String] = []
    var outs: [String] = []
    for _ in 0..<count {
        vertices.append(reader.point())
        ins.append(reader.tangent())
        outs.append(reader.tangent())
    }
    let closed = header & 0x10 == 0
    return #"{"c":\#(closed),"v":[\#(vertices.joined(separator: ","))],"i":[\#(ins.joined(separator: ","))],"o":[\#(outs.joined(separator: ","))]}"#
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoolean(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    var reader = ByteReader(bytes: bytes)
    let settings = reader.next()
    let mode = Int(settings % 5) + 1
    let rule = settings & 0x80 == 0 ? 1 : 2
    var items: [String] = []
    var animated = false
    while !reader.atEnd, items.count < 12 {
        let kind = reader.next()
        var value = #"{"a":0,"k":\#(pathValue(&reader))}"#
        if kind & 0x03 == 3, !animated {
            animated = true
            let later = pathValue(&reader)
            value = #"{"a":1,"k":[{"t":0,"s":[\#(value.dropFirst(11).dropLast())],"i":{"x":[0.5],"y":[0.5]},"o":{"x":[0.5],"y":[0.5]}},{"t":10,"s":[\#(later)]}]}"#
        }
        let path = #"{"ty":"sh","ks":\#(value)}"#
        if kind & 0x04 != 0 {
            // In a nested group, moved, scaled and turned.
            let transform = #"{"ty":"tr","p":{"k":\#(reader.point())},"a":{"k":[0,0]},"s":{"k":[\#(Int(reader.next()) - 64),100]},"r":{"k":\#(Int(reader.next()) * 7)},"o":{"k":100}}"#
            items.append(#"{"ty":"gr","it":[\#(path),\#(transform)]}"#)
        } else {
            items.append(path)
        }
    }
    items.append(#"{"ty":"mm","mm":\#(mode)}"#)
    items.append(#"{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100},"r":\#(rule)}"#)
    let json = #"""
    {"v":"5.7.0","fr":10,"ip":0,"op":10,"w":64,"h":64,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,
     "ks":{"p":{"k":[32,32]}},"shapes":[{"ty":"gr","it":[\#(items.joined(separator: ",")),{"ty":"tr"}]}]}]}
    """#
    guard let animation = try? LottieDecoder().decode(Data(json.utf8)) else { return 0 }
    let timeline = Timeline(animation)
    var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
    for progress in [0, 0.5, 0.0] {
        timeline.update(&scene, toProgress: progress)
        _ = renderer.render(scene)
    }
    return 0
}
