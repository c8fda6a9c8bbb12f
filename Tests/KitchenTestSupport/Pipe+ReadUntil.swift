import Foundation

extension Pipe {
    /// Reads what a child process writes until the text holds `marker` or the pipe ends, and
    /// returns all of it (for banners such as "listening on http://127.0.0.1:PORT").
    public func read(until marker: String) -> String {
        var text = ""
        while !text.contains(marker) {
            let data = fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return text
    }
}
