/// One generated definition file.
public struct CorpusFile: Sendable {
    /// A relative path, as a package's `experiments/` folder would hold it.
    public var path: String
    /// The YAML, UTF-8.
    public var contents: [UInt8]
}

/// Generates valid, realistic definition corpora of any size, identical on every run and machine,
/// so that every harness and every build configuration measures the same bytes.
///
/// The mix follows what teams write: all four group forms (list, name → weight, long block form
/// with params, long flow form), params of every type with and without `defaults:`, traffic, pairs
/// of experiments sharing a layer, resolved experiments, comments, and files holding one to four
/// documents.
public enum CorpusGenerator {
    /// `count` experiments spread over files of one to four documents each.
    public static func corpus(experiments count: Int) -> [CorpusFile] {
        var random = SplitMix64(seed: 0x5EED_0000 &+ UInt64(count))
        var files: [CorpusFile] = []
        var index = 0
        while index < count {
            let documents = min(1 + Int(random.next(below: 4)), count - index)
            var text = "# Generated benchmark definitions, file \(files.count).\n"
            for document in 0..<documents {
                if document > 0 { text += "---\n" }
                var writer = ExperimentWriter(index: index + document, random: &random)
                text += writer.yaml()
            }
            files.append(CorpusFile(path: "experiments/generated_\(files.count).yaml", contents: Array(text.utf8)))
            index += documents
        }
        return files
    }

    /// The total size of a corpus in bytes.
    public static func byteCount(of corpus: [CorpusFile]) -> Int {
        corpus.reduce(0) { $0 + $1.contents.count }
    }
}

/// A small, fast, well-distributed generator: the corpus depends only on its seed.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: UInt64) -> UInt64 { next() % bound }

    mutating func chance(percent: UInt64) -> Bool { next(below: 100) < percent }
}
