import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The addresses other devices reach this machine at, for `serve --host 0.0.0.0`: each
/// network interface's IPv4 address but loopback's (`192.168.1.20`), in a fixed order.
public enum LocalAddresses {
  /// The addresses, sorted; empty when they cannot be listed.
  public static func ipv4() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var found: Set<String> = []
    var next = first
    while let entry = next {
      defer { next = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET
      else { continue }
      var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      let named = getnameinfo(
        address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0,
        NI_NUMERICHOST)
      guard named == 0 else { continue }
      let text = String(
        decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !text.hasPrefix("127.") { found.insert(text) }
    }
    return found.sorted()
  }
}
