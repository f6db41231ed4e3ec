import Foundation
import Testing
import TestTools

/// The test support executables the fault tests run; FaultTests depends on them, so SwiftPM builds
/// them next to the test bundle.
enum SupportExecutables {
    /// `SharedStoreWorker`: processes of an app with extensions, and launches of one app.
    static func sharedStoreWorker() throws -> URL { try locate("SharedStoreWorker") }

    /// `FileStoreCrashWriter`: a writer to kill in the middle of writing.
    static func fileStoreCrashWriter() throws -> URL { try locate("FileStoreCrashWriter") }

    private static func locate(_ name: String) throws -> URL {
        try #require(
            CapturedProcess.locateBuiltProduct(name),
            "\(name) is not next to the test bundle; FaultTests depends on it, so SwiftPM builds it")
    }
}
