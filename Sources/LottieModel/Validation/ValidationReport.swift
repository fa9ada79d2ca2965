// MARK: - ValidationReport

/// Every finding `AnimationValidator` made in one file, in file order (then errors first).
public struct ValidationReport: Codable, Equatable, Sendable {
    public var findings: [ValidationFinding]

    public init(findings: [ValidationFinding]) {
        self.findings = findings
    }

    /// True when no finding is an error: players can load and draw the file as intended.
    public var isValid: Bool { errorCount == 0 }

    public var errorCount: Int { count(.error) }
    public var warningCount: Int { count(.warning) }
    public var infoCount: Int { count(.info) }

    public func count(_ severity: ValidationSeverity) -> Int {
        findings.count { $0.severity == severity }
    }

    /// The findings of one severity.
    public func findings(_ severity: ValidationSeverity) -> [ValidationFinding] {
        findings.filter { $0.severity == severity }
    }

    /// The findings at `path`.
    public func findings(at path: String) -> [ValidationFinding] {
        findings.filter { $0.path == path }
    }
}
