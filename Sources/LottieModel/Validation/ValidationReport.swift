// MARK: - ValidationReport

/// Every finding `AnimationValidator` made in one file, in file order (then errors first).
public struct ValidationReport: Codable, Equatable, Sendable {
    public var findings: [LottieDiagnostic]

    public init(findings: [LottieDiagnostic]) {
        self.findings = findings
    }

    /// True when no finding is an error: players can load and draw the file as intended.
    public var isValid: Bool { errorCount == 0 }

    public var errorCount: Int { count(.error) }
    public var warningCount: Int { count(.warning) }
    public var infoCount: Int { count(.info) }

    public func count(_ severity: LottieDiagnostic.Severity) -> Int {
        findings.count { $0.severity == severity }
    }

    /// The findings of one severity.
    public func findings(_ severity: LottieDiagnostic.Severity) -> [LottieDiagnostic] {
        findings.filter { $0.severity == severity }
    }

    /// The findings at `path`.
    public func findings(at path: String) -> [LottieDiagnostic] {
        findings.filter { $0.path == path }
    }
}
