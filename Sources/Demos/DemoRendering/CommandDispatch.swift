import ArgumentParser

/// What a demo's command line comes to: a command to run, or text to print and a status.
package enum CommandOutcome {
    /// Parsed and validated: run it.
    case command(any ParsableCommand)
    /// Nothing to run: print and exit (help on stdout with 0, errors on stderr with 2).
    case exit(status: Int32, stdout: String, stderr: String)
}

/// Both demos' root commands, parsed one way: their own subcommands come back to be run; help
/// becomes text with status 0; every error one line on stderr, `<program>: …`, with status 2
/// (ArgumentParser's own would be 64).
package enum CommandDispatch {
    package static let usageErrorStatus: Int32 = 2

    /// Parses `arguments` (without the program name). Pure: opens nothing, prints nothing.
    package static func parse<Root: ParsableCommand>(_ arguments: [String], root: Root.Type) -> CommandOutcome {
        do {
            var command = try Root.parseAsRoot(arguments)
            let ours = Root.configuration.subcommands + [Root.self]
            if ours.contains(where: { $0 == type(of: command) }) { return .command(command) }
            // ArgumentParser's own commands (`--help`, `help run`): running them only throws the
            // help request, which becomes the text to print.
            try command.run()
            return .exit(status: 0, stdout: "", stderr: "")
        } catch {
            return outcome(for: error, root: root)
        }
    }

    /// What to print and return for an error thrown by parsing or by a command's run().
    package static func outcome<Root: ParsableCommand>(for error: any Error, root: Root.Type) -> CommandOutcome {
        if let exit = error as? ExitCode {
            return .exit(status: exit.rawValue, stdout: "", stderr: "")
        }
        if Root.exitCode(for: error) == .success {
            // --help, -h, `help <subcommand>`.
            return .exit(status: 0, stdout: Root.fullMessage(for: error) + "\n", stderr: "")
        }
        let message = Root.message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
        return .exit(status: usageErrorStatus, stdout: "",
                     stderr: "\(Root.configuration.commandName ?? "demo"): \(message)\n")
    }
}
