import Foundation
import VibeBasics

// Conversions of the basic types, so models can build their values with `.from(x)` and
// `x.templateValue` without spelling out each case.

extension String: TemplateValueConvertible {
  /// The string as text.
  public var templateValue: TemplateValue { .string(self) }
}

extension Int: TemplateValueConvertible {
  /// The number.
  public var templateValue: TemplateValue { .int(self) }
}

extension Bool: TemplateValueConvertible {
  /// The truth value.
  public var templateValue: TemplateValue { .bool(self) }
}

extension Decimal: TemplateValueConvertible {
  /// The exact number.
  public var templateValue: TemplateValue { .decimal(self) }
}

extension LocalDate: TemplateValueConvertible {
  /// The date.
  public var templateValue: TemplateValue { .date(self) }
}

extension TimeOfDay: TemplateValueConvertible {
  /// The time.
  public var templateValue: TemplateValue { .time(self) }
}

extension Date: TemplateValueConvertible {
  /// The instant.
  public var templateValue: TemplateValue { .dateTime(self) }
}

extension TemplateValue: TemplateValueConvertible {
  /// The value itself.
  public var templateValue: TemplateValue { self }
}

extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
  /// The wrapped value, or null.
  public var templateValue: TemplateValue { self?.templateValue ?? .null }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
  /// A list of the elements' values.
  public var templateValue: TemplateValue { .array(map(\.templateValue)) }
}

extension Dictionary: TemplateValueConvertible
where Key == String, Value: TemplateValueConvertible {
  /// A map of the values.
  public var templateValue: TemplateValue { .dictionary(mapValues(\.templateValue)) }
}
