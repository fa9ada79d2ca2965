// MARK: - ExpressionParser

/// Parses expressions (`x` on a property): the JavaScript subset bodymovin exports.
public enum ExpressionParser {
    /// Parses `source`; nesting deeper than `maxDepth` (brackets, operators, statements) is an error,
    /// not a stack overflow.
    public static func parse(_ source: String, maxDepth: Int = 200) throws(ExpressionSyntaxError) -> ExpressionProgram {
        throw ExpressionSyntaxError("not implemented yet", at: SourcePlace(line: 1, column: 1))
    }
}
