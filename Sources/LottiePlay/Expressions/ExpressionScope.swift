import LottieModel

// MARK: - Scopes

/// One variable: its name, its value and whether it was declared `const`. Held in its scope's
/// list; closures keep the scope, not the variable.
struct ExpressionVariable {
    let name: String
    /// The name's length in bytes, compared before the name itself.
    let nameLength: Int
    var value: ExpressionValue
    let isConstant: Bool

    init(_ name: String, _ value: ExpressionValue, isConstant: Bool = false) {
        self.name = name
        nameLength = name.utf8.count
        self.value = value
        self.isConstant = isConstant
    }
}

/// A scope of names: a program's global scope, a function call's scope (where `var` lives) or a
/// block's (where `let` and `const` live). Closures keep the scope they were written in.
final class ExpressionScope {
    /// The enclosing scope; nil for the global scope.
    let parent: ExpressionScope?
    /// Whether `var` declarations land here (the global scope and function calls).
    let isFunctionScope: Bool
    /// `this` of a function call or of the program; nil in blocks and arrow calls, which take it
    /// from the enclosing scope.
    var thisValue: ExpressionValue?
    /// The host's names; set on the global scope only.
    let globals: ExpressionInterpreter.Globals?
    /// The variables declared here, in order of declaration. Scopes hold a few names each: a scan
    /// comparing lengths, then short strings, is cheaper than hashing them.
    private var entries: [ExpressionVariable] = []
    /// Whether the interpreter will empty this scope when its run ends (set once a closure
    /// refers to it, directly or from an inner scope).
    var isTracked = false

    /// A global scope reading undeclared names from `globals`, with room for `capacity` names.
    init(globals: @escaping ExpressionInterpreter.Globals, capacity: Int = 0) {
        parent = nil
        isFunctionScope = true
        thisValue = .undefined
        self.globals = globals
        entries.reserveCapacity(capacity)
    }

    /// A function scope (`isFunctionScope`) or a block scope inside `parent`, with room for
    /// `capacity` names (a call's parameters and variables) so that declaring them does not
    /// grow the list by copying.
    init(parent: ExpressionScope, isFunctionScope: Bool, capacity: Int = 0) {
        self.parent = parent
        self.isFunctionScope = isFunctionScope
        globals = nil
        entries.reserveCapacity(capacity)
    }

    /// The value of `name` declared in this scope, if it is.
    func ownValue(named name: String) -> ExpressionValue? {
        place(of: name, length: name.utf8.count).map { entries[$0].value }
    }

    /// Whether `name` is declared in this scope.
    func declaresOwn(_ name: String) -> Bool {
        place(of: name, length: name.utf8.count) != nil
    }

    /// The variables declared here, in order of declaration.
    var variables: [ExpressionVariable] { entries }

    /// Where `name` is in `entries`, looked for from the latest declaration, the likeliest read.
    private func place(of name: String, length: Int) -> Int? {
        // One access to the stored list for the whole scan (each read of a class's stored
        // property is checked for exclusive access).
        let entries = self.entries
        var index = entries.count - 1
        while index >= 0 {
            if entries[index].nameLength == length && entries[index].name == name { return index }
            index -= 1
        }
        return nil
    }

    /// `body` applied to the scope declaring `name` (this one or the nearest enclosing one) and
    /// the name's place there; nil when none does.
    @inline(__always)
    private func withDeclaration<Result>(of name: String, _ body: (ExpressionScope, Int) -> Result) -> Result? {
        let length = name.utf8.count
        var scope: ExpressionScope? = self
        while let current = scope {
            if let index = current.place(of: name, length: length) { return body(current, index) }
            scope = current.parent
        }
        return nil
    }

    /// The value of `name` in this scope or an enclosing one.
    func lookup(_ name: String) -> ExpressionValue? {
        withDeclaration(of: name) { scope, index in scope.entries[index].value }
    }

    /// Whether `name` is declared in this scope or an enclosing one.
    func isDeclared(_ name: String) -> Bool {
        withDeclaration(of: name) { _, _ in true } ?? false
    }

    /// What `assign` did.
    enum Assignment {
        case assigned
        /// The nearest declaration is `const` (nothing changed).
        case constant
        /// No scope declares the name (nothing changed).
        case undeclared
    }

    /// Sets the nearest declaration of `name`; a `const` one only when `evenConstant` (a `var`
    /// statement's initial value, as the interpreter always did).
    func assign(_ name: String, _ value: ExpressionValue, evenConstant: Bool = false) -> Assignment {
        withDeclaration(of: name) { scope, index in
            if scope.entries[index].isConstant && !evenConstant { return .constant }
            scope.entries[index].value = value
            return .assigned
        } ?? .undeclared
    }

    /// The nearest scope where `var` declarations land.
    var functionScope: ExpressionScope {
        var scope = self
        while !scope.isFunctionScope, let parent = scope.parent { scope = parent }
        return scope
    }

    /// The global scope this scope belongs to.
    var root: ExpressionScope {
        var scope = self
        while let parent = scope.parent { scope = parent }
        return scope
    }

    /// `this` where this scope is: its own, or the enclosing function's or program's.
    var resolvedThis: ExpressionValue {
        var scope: ExpressionScope? = self
        while let current = scope {
            if let value = current.thisValue { return value }
            scope = current.parent
        }
        return .undefined
    }

    /// Declares `name` here (replacing an earlier declaration of the same scope).
    func declare(_ name: String, _ value: ExpressionValue, isConstant: Bool = false) {
        let variable = ExpressionVariable(name, value, isConstant: isConstant)
        if let index = place(of: name, length: variable.nameLength) {
            entries[index] = variable
        } else {
            entries.append(variable)
        }
    }

    /// Forgets every name declared here.
    func removeAll() {
        entries.removeAll()
    }
}
