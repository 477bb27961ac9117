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
    isIdentical(to: other)
      || meta.isSame(as: other.meta) && title.isSameText(as: other.title)
        && recipient.isSameText(as: other.recipient)
        && occasion == other.occasion
        && (occasion?.written).isSameText(as: other.occasion?.written)
        && sameBits(price, other.price) && currency.isSameText(as: other.currency)
        && status == other.status && purchased == other.purchased && given == other.given
        && url.isSameText(as: other.url) && photo.isSameText(as: other.photo)
        && tags.isSameText(as: other.tags) && created == other.created
        && description.isSameText(as: other.description)
  }
}

extension Contact {
  /// Whether `other` is surely the same contact, field by field.
  func isSame(as other: Contact) -> Bool {
    meta.isSame(as: other.meta) && name.isSameText(as: other.name)
      && firstName.isSameText(as: other.firstName) && lastName.isSameText(as: other.lastName)
      && relationship.isSameText(as: other.relationship) && birthday == other.birthday
      && leapBirthday == other.leapBirthday && tags.isSameText(as: other.tags)
      && photo.isSameText(as: other.photo) && notes.isSameText(as: other.notes)
  }
}

extension Occasion {
  /// Whether `other` is surely the same occasion, field by field.
  func isSame(as other: Occasion) -> Bool {
    meta.isSame(as: other.meta) && title.isSameText(as: other.title) && date == other.date
      && recurring == other.recurring && rule == other.rule && until == other.until
      && contact.isSameText(as: other.contact) && type == other.type && gifts == other.gifts
      && notes.isSameText(as: other.notes)
  }
}

extension RecordMeta {
  /// Whether `other` is surely the same record's place and id.
  func isSame(as other: RecordMeta) -> Bool {
    id.isSameText(as: other.id) && location == other.location
      && location.file.isSameText(as: other.location.file) && path.isSameText(as: other.path)
      && updated == other.updated && isPrivate == other.isPrivate
      && source.isSameText(as: other.source)
  }
}
