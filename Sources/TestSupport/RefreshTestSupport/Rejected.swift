/// A command line that must be rejected, and the option its one-line error must name: the case
/// of the command-line tests of `refresh-demo`, its `snapshot`/`filmstrip` and `refresh-bench`.
/// Shown by its arguments in a parameterized test's name.
package struct Rejected: CustomStringConvertible, Sendable {
    package let arguments: [String]
    package let option: String
    package var description: String { arguments.joined(separator: " ") }

    package init(_ arguments: String..., naming option: String) {
        self.arguments = arguments
        self.option = option
    }
}

extension Rejected {
    /// What is wrong with how `program` ended on a line that must be rejected: status 2, nothing on
    /// stdout, one newline-terminated line on stderr that starts with "`program`: " and names
    /// `option`. Empty when it was rejected as it should be.
    package static func problems(option: String, program: String, status: Int32, stdout: String, stderr: String)
        -> [String]
    {
        var problems: [String] = []
        if status != 2 { problems.append("status \(status), not 2") }
        if !stdout.isEmpty { problems.append("stdout is not empty: \(stdout)") }
        if !stderr.hasPrefix(program + ": ") { problems.append("stderr does not start with '\(program): ': \(stderr)") }
        if !stderr.contains(option) { problems.append("stderr does not name \(option): \(stderr)") }
        if stderr.filter({ $0 == "\n" }).count != 1 || !stderr.hasSuffix("\n") {
            problems.append("stderr is not one newline-terminated line: \(stderr)")
        }
        return problems
    }

    /// `problems(option:program:status:stdout:stderr:)` for this case.
    package func problems(_ program: String, status: Int32, stdout: String, stderr: String) -> [String] {
        Self.problems(option: option, program: program, status: status, stdout: stdout, stderr: stderr)
    }
}
