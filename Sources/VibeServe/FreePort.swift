import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A free port on a host, for `serve --port 0`: the address is then known before the first
/// build, so a loopback site can show its own full addresses (feeds, QR codes).
public enum FreePort {
  /// A port the system gives for `host` now (nil when it cannot be asked: the server then
  /// picks one as it starts).
  public static func on(_ host: String) -> Int? {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, "0", &hints, &found) == 0, let first = found else { return nil }
    defer { freeaddrinfo(found) }
    let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else { return nil }
    var address = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else { return nil }
    let family = Int32(address.ss_family)
    let port: UInt16 = withUnsafePointer(to: &address) { pointer in
      if family == AF_INET6 {
        return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          UInt16(bigEndian: $0.pointee.sin6_port)
        }
      }
      return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        UInt16(bigEndian: $0.pointee.sin_port)
      }
    }
    return port > 0 ? Int(port) : nil
  }
}
