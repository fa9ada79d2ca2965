import Foundation
import LottieModel
import XCTest
@testable import LottiePlay

/// Small animations for the tests of the expression host API: shape layers (a 10 x 10 rectangle
/// and a fill, anchor at 0, scale 100 %) whose properties carry expressions, evaluated through a
/// `Timeline`; values are read back from the scene.
enum ExpressionScene {
    /// `text` as a JSON string literal (quotes and escapes included).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A fixed property, with an expression when given.
    static func fixed(_ value: String, expression: String? = nil) -> String {
        "{\"a\":0,\"k\":\(value)" + (expression.map { ",\"x\":\(quoted($0))" } ?? "") + "}"
    }

    /// A property keyed linearly through `keys` (frame, value as JSON), with an expression when given.
    static func keyed(_ keys: [(Double, String)], expression: String? = nil) -> String {
        let list = keys.enumerated().map { index, key in
            let easing = index < keys.count - 1 ? ",\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}" : ""
            return "{\"t\":\(key.0),\"s\":\(key.1)\(easing)}"
        }
        return "{\"a\":1,\"k\":[\(list.joined(separator: ","))]" + (expression.map { ",\"x\":\(quoted($0))" } ?? "") + "}"
    }

    static let rectangleAndFill = """
        {"ty":"rc","nm":"Rect","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
        {"ty":"fl","nm":"Fill","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}
        """

    /// A shape layer. Properties are JSON (see `fixed`, `keyed`).
    static func layer(_ name: String, index: Int, position: String = fixed("[0,0]"), opacity: String = fixed("100"),
                      rotation: String = fixed("0"), scale: String = fixed("[100,100]"), parent: Int? = nil,
                      effects: String? = nil, shapes: String = rectangleAndFill,
                      inPoint: Double = 0, outPoint: Double = 300, startTime: Double = 0) -> String {
        var fields = "\"ty\":4,\"nm\":\(quoted(name)),\"ind\":\(index),\"ip\":\(inPoint),\"op\":\(outPoint),\"st\":\(startTime),"
        if let parent { fields += "\"parent\":\(parent)," }
        if let effects { fields += "\"ef\":[\(effects)]," }
        fields += "\"ks\":{\"a\":{\"a\":0,\"k\":[0,0]},\"p\":\(position),\"s\":\(scale),\"r\":\(rotation),\"o\":\(opacity)},"
        fields += "\"shapes\":[\(shapes)]"
        return "{\(fields)}"
    }

    /// A slider control effect: `Slider Control` / `ADBE Slider Control`, parameter `Slider`.
    static func slider(_ name: String = "Slider Control", value: String, index: Int = 1) -> String {
        """
        {"ty":5,"nm":\(quoted(name)),"mn":"ADBE Slider Control","ix":\(index),"en":1,"ef":[
          {"ty":0,"nm":"Slider","mn":"ADBE Slider Control-0001","ix":1,"v":\(value)}]}
        """
    }

    /// The whole animation: `layers` at the root, `assets` (precomps) beside.
    static func animationJSON(_ layers: [String], assets: [String] = [], frameRate: Double = 30,
                              outPoint: Double = 300) -> String {
        """
        {"v":"5.7.0","nm":"Main","fr":\(frameRate),"ip":0,"op":\(outPoint),"w":400,"h":300,
         "assets":[\(assets.joined(separator: ","))],"layers":[\(layers.joined(separator: ","))]}
        """
    }

    static func timeline(_ layers: [String], assets: [String] = [], frameRate: Double = 30,
                         outPoint: Double = 300) throws -> Timeline {
        Timeline(try LottieDecoder().decode(animationJSON(layers, assets: assets, frameRate: frameRate,
                                                          outPoint: outPoint)))
    }

    /// The layer named `name` in a scene, looked for inside precomps too.
    static func find(_ name: String, in layers: [SceneLayer]) -> SceneLayer? {
        for layer in layers {
            if layer.name == name { return layer }
            if case .precomp(let children, _) = layer.content, let found = find(name, in: children) { return found }
        }
        return nil
    }

    static func layer(_ name: String, of timeline: Timeline, atFrame frame: Double,
                      file: StaticString = #filePath, line: UInt = #line) throws -> SceneLayer {
        try XCTUnwrap(find(name, in: timeline.scene(atFrame: frame).layers), "no layer \(name) at frame \(frame)",
                      file: file, line: line)
    }

    /// Where a layer's origin lands on the canvas (its position when it has no parent).
    static func origin(_ name: String, of timeline: Timeline, atFrame frame: Double,
                       file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
        let found = try layer(name, of: timeline, atFrame: frame, file: file, line: line)
        return [found.transform.tx, found.transform.ty]
    }

    /// The first path drawn by a layer (in layer space).
    static func firstPath(_ name: String, of timeline: Timeline, atFrame frame: Double,
                          file: StaticString = #filePath, line: UInt = #line) throws -> BezierContour {
        let found = try layer(name, of: timeline, atFrame: frame, file: file, line: line)
        guard case .shapes(let drawings) = found.content else {
            XCTFail("layer \(name) draws no shapes", file: file, line: line)
            throw XCTSkip("no shapes")
        }
        let drawing = try XCTUnwrap(drawings.first, "layer \(name) draws nothing", file: file, line: line)
        return try XCTUnwrap(drawing.paths.first, "layer \(name) draws no path", file: file, line: line)
    }

    /// The first fill colour drawn by a layer.
    static func firstFill(_ name: String, of timeline: Timeline, atFrame frame: Double,
                          file: StaticString = #filePath, line: UInt = #line) throws -> RGBAColor {
        let found = try layer(name, of: timeline, atFrame: frame, file: file, line: line)
        guard case .shapes(let drawings) = found.content,
              let fill = drawings.lazy.compactMap({ drawing -> RGBAColor? in
                  if case .fill(let color, _) = drawing.paint { return color }
                  return nil
              }).first else {
            XCTFail("layer \(name) draws no fill", file: file, line: line)
            throw XCTSkip("no fill")
        }
        return fill
    }

    /// An animation with one layer `L` whose position carries `expression` (over `position`'s
    /// keys, or fixed at [0, 0]), and the x, y it draws at `frame`.
    static func position(_ expression: String, keys: [(Double, String)]? = nil, atFrame frame: Double,
                         effects: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
        let position = keys.map { keyed($0, expression: expression) } ?? fixed("[0,0]", expression: expression)
        let timeline = try timeline([layer("L", index: 1, position: position, effects: effects)])
        return try origin("L", of: timeline, atFrame: frame, file: file, line: line)
    }

    /// The faults the timeline's expressions met so far.
    static func faults(of timeline: Timeline) -> [String] {
        timeline.expressionFaults.map(\.description)
    }
}
