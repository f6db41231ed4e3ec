import Foundation

/// Words of a command line as a POSIX shell reads them, for the command a generated file's header
/// names.
enum ShellWord {
    /// `word` as it is when the shell reads it unchanged (letters, digits and `_-./+=:,@%`), in
    /// single quotes otherwise.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "_-./+=:,@%".unicodeScalars.contains(scalar)
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
