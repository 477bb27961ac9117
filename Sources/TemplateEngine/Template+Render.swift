extension Template {
  /// Renders the template with `context`; `library` resolves `extends`, `include` and
  /// `import`. The result is finished for the format (CRLF and folding for `.ics`); with
  /// `recordingReads` it also tells what the render read (see `RenderReads`).
  public func render(
    context: [String: TemplateValue], environment: RenderEnvironment,
    library: TemplateLibrary? = nil, recordingReads: Bool = false
  ) throws(TemplateError) -> RenderResult {
    var renderer = TemplateRenderer(
      template: self, context: context, environment: environment, library: library,
      recordingReads: recordingReads)
    try renderer.run()
    // The bytes are UTF-8 as written: texts and escaped values are appended whole.
    var bytes =
      format == .ics
      ? Array(ICSLineWriter.finish(String(decoding: renderer.out, as: UTF8.self)).utf8)
      : renderer.out
    // A site keeps every page's bytes until it is published: a page takes no more room than
    // it fills (the buffer grew by doubling, from 4 KB).
    if bytes.capacity > bytes.count + bytes.count / 16 + 64 {
      bytes = bytes.withUnsafeBufferPointer { Array($0) }
    }
    let reads = renderer.reads.map {
      RenderReads(
        context: $0.frozen(), templates: renderer.templates.keys.sorted(),
        today: renderer.readsToday)
    }
    return RenderResult(bytes: bytes, warnings: renderer.warnings, reads: reads)
  }
}
