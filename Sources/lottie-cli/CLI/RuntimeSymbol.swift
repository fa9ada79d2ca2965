#if canImport(Glibc)
import Glibc
#endif

// MARK: - RuntimeSymbol

/// A C function of this process found by name at run time (`dlsym`): the few that the Swift
/// modules do not export (glibc's `malloc_trim`) or that are there only when a library is
/// preloaded (the allocation counter). The one place the command-line tool casts a pointer to a
/// function.
enum RuntimeSymbol {
    /// The function named `name`, as `Function` (a `@convention(c)` function type); nil when
    /// the process has no such symbol, or on a platform without `dlsym`.
    static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        precondition(MemoryLayout<Function>.size == MemoryLayout<UnsafeRawPointer>.size,
                     "\(Function.self) is not a C function type")
        #if canImport(Glibc)
        // A null handle is RTLD_DEFAULT: every object loaded into the process, in load order.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
        #else
        return nil
        #endif
    }
}
