/// The pixel size of a PNG, GIF, JPEG or WebP image, read from its header, so pages can
/// give `<img>` its width and height (no layout shift) without decoding the image.
public enum ImageSize {
  /// Width and height, or nil when the bytes are not a recognised image.
  public static func of(_ b: [UInt8]) -> (width: Int, height: Int)? {
    func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
    // PNG: signature, then the IHDR chunk.
    if b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      return positive(be32(16), be32(20))
    }
    // GIF87a / GIF89a.
    if b.count >= 10, b.starts(with: Array("GIF8".utf8)) { return positive(le16(6), le16(8)) }
    // WebP: RIFF....WEBP then VP8 / VP8L / VP8X.
    if b.count >= 30, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
      let chunk = String(decoding: b[12..<16], as: UTF8.self)
      switch chunk {
      case "VP8 ": return positive(le16(26) & 0x3FFF, le16(28) & 0x3FFF)
      case "VP8L":
        let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
        return positive((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
      case "VP8X":
        let w = Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16
        let h = Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16
        return positive(w + 1, h + 1)
      default: return nil
      }
    }
    // JPEG: walk the segments to a start-of-frame marker.
    if b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 {
      var i = 2
      while i + 9 < b.count {
        guard b[i] == 0xFF else { return nil }
        let marker = b[i + 1]
        if marker == 0xFF {
          i += 1
          continue
        }
        let length = be16(i + 2)
        let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
        if isFrame { return positive(be16(i + 7), be16(i + 5)) }
        guard length >= 2 else { return nil }
        i += 2 + length
      }
    }
    return nil
  }

  private static func positive(_ w: Int, _ h: Int) -> (width: Int, height: Int)? {
    w > 0 && h > 0 ? (w, h) : nil
  }
}
