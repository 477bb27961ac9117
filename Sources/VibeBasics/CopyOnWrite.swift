/// Storage for a large value type whose copies share one buffer until one of them changes:
/// a copy is one reference count, and two copies of one value are known to be the same by
/// their buffer alone (`isIdentical(to:)`). It keeps value semantics: a change to a shared
/// buffer first makes a buffer of its own, so no other copy ever sees it.
///
/// Everything is inlinable, so a field read through `value` is specialized where it is
/// made: it borrows the buffer's value and copies only the field read.
public struct CopyOnWrite<Value: Sendable>: Sendable {
  /// The shared buffer. Its value changes only while one copy holds it
  /// (`isKnownUniquelyReferenced`), so sharing it between threads is safe.
  @usableFromInline final class Buffer: @unchecked Sendable {
    @usableFromInline var value: Value
    @inlinable init(_ value: Value) { self.value = value }
  }

  @usableFromInline var buffer: Buffer

  /// Storage holding `value`.
  @inlinable public init(_ value: Value) { buffer = Buffer(value) }

  /// The value; a change to a shared buffer copies it first.
  @inlinable public var value: Value {
    _read { yield buffer.value }
    _modify {
      if !isKnownUniquelyReferenced(&buffer) { buffer = Buffer(buffer.value) }
      yield &buffer.value
    }
  }

  /// Whether `other` shares this buffer, so it is surely the same value (false says
  /// nothing: equal values may be stored apart).
  @inlinable public func isIdentical(to other: Self) -> Bool { buffer === other.buffer }
}

extension CopyOnWrite: Equatable where Value: Equatable {
  /// Equal values, by the buffer first.
  @inlinable public static func == (a: Self, b: Self) -> Bool {
    a.buffer === b.buffer || a.buffer.value == b.buffer.value
  }
}

extension CopyOnWrite: Hashable where Value: Hashable {
  /// Hashes the value.
  @inlinable public func hash(into hasher: inout Hasher) { buffer.value.hash(into: &hasher) }
}
