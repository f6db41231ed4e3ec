#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A C library loaded at run time (`dlopen`), so that the package links no database client at
/// build time: apps that depend on the package never need one, and `splitc` needs one only to read
/// a database of that kind.
struct SharedLibrary {
    private let handle: UnsafeMutableRawPointer

    /// The first of `names` the system can load, or `nil` when none is installed.
    init?(anyOf names: [String]) {
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
                self.handle = handle
                return
            }
        }
        return nil
    }

    /// The function `name`, as the C function type `type`; `nil` when the library lacks it.
    func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let address = dlsym(handle, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}
