// Where the compiled catalogues are found at run time, and the gettext set-up.

import CPangoCairo

#if canImport(Glibc)
import Glibc
#endif

extension L10n {
    /// The environment variable that names the locale directory explicitly.
    package static let localeDirectoryVariable = "PTR_LOCALEDIR"

    /// For an application: `setlocale(LC_ALL, "")`, bind the domain (see `bindDomain`) and make
    /// it the default domain. Call it first thing in `main`, before `gtk_init` and before any
    /// thread starts (it reads and may set environment variables). Returns the locale directory
    /// bound, or nil when the system default (`/usr/share/locale`) is used.
    ///
    /// Translations follow `LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`, `LANG`. glibc honours
    /// `LANGUAGE` only when the message locale is not plain "C"; `C.UTF-8` is fine, so
    /// `LANGUAGE=zh_CN LANG=C.UTF-8` selects Chinese even where no zh_CN locale is generated.
    /// When the requested locale is not installed (`setlocale` fails, as for `LANG=zh_CN.UTF-8`
    /// on a machine that has only C.UTF-8), the C library falls back to "C" and would ignore
    /// every translation; then this switches to `C.UTF-8` and, unless `LANGUAGE` is set, sets
    /// it from the requested locale's language, so the messages are still translated.
    @discardableResult
    package static func setUp() -> String? {
        if setlocale(LC_ALL, "") == nil {
            _ = setlocale(LC_ALL, "C.UTF-8")
            if let language = fallbackLanguage(
                language: getenv("LANGUAGE").map { String(cString: $0) },
                lcAll: getenv("LC_ALL").map { String(cString: $0) },
                lcMessages: getenv("LC_MESSAGES").map { String(cString: $0) },
                lang: getenv("LANG").map { String(cString: $0) })
            {
                setenv("LANGUAGE", language, 1)
            }
        }
        let dir = bindDomain()
        _ = textdomain(domain)
        return dir
    }

    @MainActor private static var libraryDomainBound = false

    /// Binds our domain the first time a widget is created, so an app that embeds the widget
    /// gets its translations without doing anything (its own `setlocale` picks the language).
    @MainActor package static func bindLibraryDomain() {
        guard !libraryDomainBound else { return }
        libraryDomainBound = true
        bindDomain()
    }

    /// For a library user whose app already called `setlocale`: binds our domain to the
    /// directory `resolveLocaleDirectory` picks, in UTF-8. Does not change the default domain.
    @discardableResult
    package static func bindDomain() -> String? {
        let dir = resolveLocaleDirectory(
            override: getenv(localeDirectoryVariable).map { String(cString: $0) },
            executableDirectory: executableDirectory(),
            hasCatalogues: containsCatalogues)
        if let dir { _ = bindtextdomain(domain, dir) }
        _ = bind_textdomain_codeset(domain, "UTF-8")
        return dir
    }

    /// The locale directory to bind, in this order: `override` (`$PTR_LOCALEDIR`) when set and
    /// not empty; `<executable dir>/../share/locale` (an installed prefix) if it holds our
    /// catalogues; `<executable dir>/locale` (the build tree, where
    /// `scripts/build-translations.sh "$(swift build --show-bin-path)/locale"` writes) if it
    /// holds them; else nil: the system default directory.
    package static func resolveLocaleDirectory(
        override: String?, executableDirectory: String?, hasCatalogues: (String) -> Bool
    ) -> String? {
        if let override, !override.isEmpty { return override }
        guard let exe = executableDirectory, !exe.isEmpty else { return nil }
        let installed = parentDirectory(exe) + "/share/locale"
        if hasCatalogues(installed) { return installed }
        let buildTree = (exe == "/" ? "" : exe) + "/locale"
        if hasCatalogues(buildTree) { return buildTree }
        return nil
    }

    /// Whether `dir/<lang>/LC_MESSAGES/gtk-pull-to-refresh.mo` exists for some `<lang>`.
    package static func containsCatalogues(_ dir: String) -> Bool {
        guard let stream = opendir(dir) else { return false }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            if access("\(dir)/\(name)/LC_MESSAGES/\(domain).mo", R_OK) == 0 { return true }
        }
        return false
    }

    /// The directory of the running executable (`/proc/self/exe`, symlinks resolved).
    package static func executableDirectory() -> String? {
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(resolved) }
        return parentDirectory(String(cString: resolved))
    }

    /// The language to put in `LANGUAGE` when the requested locale could not be set: nil when
    /// `LANGUAGE` is already set or the request is C/POSIX; else its language part
    /// ("zh_CN.UTF-8@x" → "zh_CN").
    package static func fallbackLanguage(
        language: String?, lcAll: String?, lcMessages: String?, lang: String?
    ) -> String? {
        if let language, !language.isEmpty { return nil }
        let requested = [lcAll, lcMessages, lang].compactMap { $0 }.first { !$0.isEmpty }
        guard let requested else { return nil }
        let base = String(requested.prefix { $0 != "." && $0 != "@" })
        if base.isEmpty || base == "C" || base == "POSIX" { return nil }
        return base
    }

    /// "/a/b/c" → "/a/b"; "/a" → "/"; "a" → ".".
    package static func parentDirectory(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        if slash == p.startIndex { return "/" }
        return String(p[..<slash])
    }
}
