import Foundation
import VibeBasics

// Whether a record kept from the last build is surely the same as this build's, field by
// field: texts byte for byte (`==` on text is Unicode equivalence, and "é" written two ways
// prints two ways), decimals by their exact representation. Every field is compared
// (`SameRecordTests` holds each list to its type's fields), so a value made of the record
// is the same value.

extension Gift {
  /// Whether `other` is surely the same gift, field by field.
  func isSame(as other: Gift) -> Bool {
    meta.isSame(as: other.meta) && same(title, other.title)
      && recipient.isSameText(as: other.recipient)
      && occasion == other.occasion
      && (occasion?.written).isSameText(as: other.occasion?.written)
      && sameBits(price, other.price) && same(currency, other.currency)
      && status == other.status && purchased == other.purchased && given == other.given
      && url.isSameText(as: other.url) && photo.isSameText(as: other.photo)
      && same(tags, other.tags) && created == other.created
      && same(description, other.description)
  }
}

extension Contact {
  /// Whether `other` is surely the same contact, field by field.
  func isSame(as other: Contact) -> Bool {
    meta.isSame(as: other.meta) && same(name, other.name)
      && firstName.isSameText(as: other.firstName) && lastName.isSameText(as: other.lastName)
      && relationship.isSameText(as: other.relationship) && birthday == other.birthday
      && leapBirthday == other.leapBirthday && same(tags, other.tags)
      && photo.isSameText(as: other.photo) && same(notes, other.notes)
  }
}

extension Occasion {
  /// Whether `other` is surely the same occasion, field by field.
  func isSame(as other: Occasion) -> Bool {
    meta.isSame(as: other.meta) && same(title, other.title) && date == other.date
      && recurring == other.recurring && rule == other.rule && until == other.until
      && contact.isSameText(as: other.contact) && type == other.type && gifts == other.gifts
      && same(notes, other.notes)
  }
}

extension RecordMeta {
  /// Whether `other` is surely the same record's place and id.
  func isSame(as other: RecordMeta) -> Bool {
    same(id, other.id) && location == other.location
      && same(location.file, other.location.file) && same(path, other.path)
      && updated == other.updated && isPrivate == other.isPrivate
      && source.isSameText(as: other.source)
  }
}

/// Whether two texts are the same byte for byte.
private func same(_ a: String, _ b: String) -> Bool { Optional(a).isSameText(as: b) }

/// Whether two lists of texts are the same byte for byte.
private func same(_ a: [String], _ b: [String]) -> Bool {
  sameBits(a, b) || (a.count == b.count && zip(a, b).allSatisfy { same($0, $1) })
}
