import Foundation

// MARK: - JUnitReport

/// A batch as JUnit XML, the report CI systems (GitHub, GitLab, Jenkins, Azure) read: one test
/// suite for the command, one test case per file; a file that failed has a `failure` element,
/// one the command could not work with an `error` element, each with the findings as its text.
enum JUnitReport {
    static func xml(summary: BatchSummary, results: [FileResult]) -> String {
        let time = seconds(summary.seconds)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"lottie-cli \(escape(summary.command))\" tests=\"\(summary.files)\" "
            + "failures=\"\(summary.failed)\" errors=\"\(summary.errors)\" time=\"\(time)\">\n"
        xml += "  <testsuite name=\"\(escape(summary.command))\" tests=\"\(summary.files)\" failures=\"\(summary.failed)\" "
            + "errors=\"\(summary.errors)\" skipped=\"0\" time=\"\(time)\">\n"
        for result in results {
            let name = escape(InputFile.label(result.file.path))
            xml += "    <testcase classname=\"lottie-cli.\(escape(summary.command))\" name=\"\(name)\" "
                + "time=\"\(seconds(result.seconds))\""
            let outcome = result.outcome
            guard outcome.status != .passed else {
                xml += "/>\n"
                continue
            }
            let element = outcome.status == .failed ? "failure" : "error"
            let details = BatchText.details(outcome)
            let body = details.isEmpty ? outcome.summary : details.joined(separator: "\n")
            xml += ">\n      <\(element) message=\"\(escape(outcome.summary))\" type=\"\(escape(summary.command))\">"
                + escape(body) + "</\(element)>\n    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    /// Text as XML character data or an attribute value. Characters XML 1.0 cannot hold (control
    /// characters other than tab, line feed and carriage return) are replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
