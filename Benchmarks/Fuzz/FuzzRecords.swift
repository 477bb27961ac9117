// libFuzzer entry point: feeds arbitrary bytes to the record file reader as a Markdown
// record with front matter or a YAML list file (chosen by the first byte, with the kind),
// through the loader's own decode: YAML reading, field checks, every kind's decoder.
// Built by run-fuzz.sh into the loader's module.
import Foundation

private let kinds = RecordKind.allCases
private let context = DecodeContext(settings: Settings(), schema: .standard)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let selector = Int(bytes.first ?? 0)
  let kind = kinds[(selector >> 1) % kinds.count]
  let path = kind.folder + (selector & 1 == 0 ? "/fuzz.md" : "/fuzz.yml")
  let file = RecordFile(kind: kind, path: path, displayPath: "data/" + path)
  _ = file.decode(Array(bytes.dropFirst()), context: context)
  return 0
}
