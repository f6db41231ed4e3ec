import Foundation

/// The file that releases every `SharedStoreWorker` waiting for it at once.
struct StartSignal {
    let url: URL

    init(in directory: ScratchDirectory, name: String = "start") {
        url = directory.file(name)
    }

    func fire() {
        _ = FileManager.default.createFile(atPath: url.path, contents: Data())
    }
}
