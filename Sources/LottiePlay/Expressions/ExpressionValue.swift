import LottieModel

// MARK: - ExpressionValue

/// A value while an expression runs: JavaScript's values, and the objects of the animation an
/// expression reads (layers, properties, effects) as `host`. Values live for one evaluation and
/// never leave the thread that runs it.
enum ExpressionValue {
    case undefined
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// Arrays and objects are shared, as in JavaScript: a change through one name is seen
    /// through every other.
    case array(ExpressionArray)
    case object(ExpressionObject)
    case function(ExpressionFunction)
    case host(any ExpressionHostObject)
}

/// A JavaScript array.
final class ExpressionArray {
    var elements: [ExpressionValue]

    init(_ elements: [ExpressionValue]) {
        self.elements = elements
    }
}

/// A JavaScript object: members in the order they were first set.
final class ExpressionObject {
    private(set) var keys: [String] = []
    private var values: [String: ExpressionValue] = [:]

    init() {}

    init(_ members: [(String, ExpressionValue)]) {
        for (key, value) in members { self[key] = value }
    }

    /// An object with `other`'s members (sharing their storage until one of the two changes).
    init(copying other: ExpressionObject) {
        keys = other.keys
        values = other.values
    }

    subscript(key: String) -> ExpressionValue? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    var count: Int { keys.count }
}

/// What a function written in Swift receives when an expression calls it.
struct ExpressionCall {
    let interpreter: ExpressionInterpreter
    /// `this` of the call (`undefined` for a plain call).
    let this: ExpressionValue
    let arguments: [ExpressionValue]
    /// Where the call is written, for messages.
    let place: SourcePlace

    /// Argument `index`, or `undefined` when the call has fewer.
    func argument(_ index: Int) -> ExpressionValue {
        index < arguments.count ? arguments[index] : .undefined
    }
}

/// A function written in Swift (the built-ins, the host's methods).
typealias NativeFunction = (ExpressionCall) throws(ExpressionFault) -> ExpressionValue

// MARK: - Host objects

/// An object of the animation that an expression reads: a layer, a composition, a property, a
/// group of properties, an effect, a key. The interpreter asks it for members and calls it;
/// where a plain value is needed (arithmetic, comparison, `[0]` on a property, the result), it
/// uses `primitive`.
protocol ExpressionHostObject: AnyObject {
    /// What the object is, for messages (`layer 'Ball'`, `property 'Position'`).
    var typeName: String { get }
    /// `object.name`, or nil when the object has no such member (then the interpreter looks in
    /// `primitive`, so that `position[0]` and `position.length` work, and else gives `undefined`).
    func member(_ name: String, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue?
    /// `object(arguments)` (After Effects lets groups be called with a name or an index); nil when
    /// the object cannot be called.
    func call(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue?
    /// The plain value the object stands for (a property's value at the time evaluated), or nil.
    func primitive(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue?
}

extension ExpressionHostObject {
    func call(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue? { nil }
    func primitive(in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? { nil }
}

// MARK: - Faults

/// Why an evaluation stopped, and where. A `thrown` fault carries a JavaScript value (kept in
/// `ExpressionInterpreter.thrownValue`); `error` faults (a type error, an unknown name) can be
/// caught by `try`/`catch` as JavaScript errors; `limit` faults (steps, memory, depth) cannot, so
/// that no expression can escape its budget.
struct ExpressionFault: Error, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        case thrown, error, limit
    }

    var kind: Kind
    var message: String
    var place: SourcePlace?

    init(_ kind: Kind, _ message: String, at place: SourcePlace? = nil) {
        self.kind = kind
        self.message = message
        self.place = place
    }

    var description: String { place.map { "\($0): \(message)" } ?? message }
}

// MARK: - Budget

/// What one evaluation may spend (from `LottieLimits`): a step is one statement or one node
/// evaluated; memory counts array elements, object members and string characters created;
/// depth counts nested nodes and calls together, so that neither deep nesting nor deep recursion
/// can overflow the thread's stack.
struct ExpressionBudget: Sendable {
    var maxSteps: Int
    var maxMemory: Int
    var maxDepth: Int

    init(maxSteps: Int, maxMemory: Int, maxDepth: Int) {
        self.maxSteps = maxSteps
        self.maxMemory = maxMemory
        self.maxDepth = maxDepth
    }
}

// MARK: - Functions

/// A function value: written in the expression (`ScriptFunction`, the interpreter's closure) or
/// in Swift (`NativeFunction`).
final class ExpressionFunction {
    enum Body {
        case native(NativeFunction)
        case script(ScriptFunction)
    }

    /// The name shown in messages.
    let name: String
    let body: Body

    init(name: String, body: Body) {
        self.name = name
        self.body = body
    }

    /// A function written in Swift.
    convenience init(_ name: String, _ native: @escaping NativeFunction) {
        self.init(name: name, body: .native(native))
    }
}
