import Foundation
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote

extension SplitTestControl {
    /// Writes the control as a served document, unsigned (the server is started without
    /// `--public-key`), at `path`.
    func writeDocument(to path: String) throws {
        try ControlEnvelope(payload: payloadJSON(), signature: nil).data.write(to: URL(fileURLWithPath: path))
    }
}

extension ServerProcess {
    /// Starts the server on a new SQLite file in `folder`, serving `control`, written there.
    static func start(control: SplitTestControl, in folder: URL) async throws -> ServerProcess {
        let path = folder.appendingPathComponent("control.json").path
        try control.writeDocument(to: path)
        return try await start(database: folder.appendingPathComponent("db.sqlite").path, arguments: ["--control", path])
    }
}
