import Foundation

// The byte form (`CacheCodable`) of what decoding a record file gives: every record kind,
// the values they are made of, references and diagnostics. Each type writes its stored
// fields in declaration order and reads them back in the same order.

/// A value that is one of a fixed set of cases with raw values.
private func readCase<T: RawRepresentable>(_ reader: inout CacheReader) throws -> T
where T.RawValue == String {
  guard let value = T(rawValue: try reader.string()) else { throw CacheMismatch() }
  return value
}

extension LocalDate: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.int(year)
    out.int(month)
    out.int(day)
  }
  init(from reader: inout CacheReader) throws {
    guard
      let date = LocalDate(year: try reader.int(), month: try reader.int(), day: try reader.int())
    else { throw CacheMismatch() }
    self = date
  }
}

extension TimeOfDay: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.int(hour)
    out.int(minute)
    out.int(second)
  }
  init(from reader: inout CacheReader) throws {
    guard
      let time = TimeOfDay(
        hour: try reader.int(), minute: try reader.int(), second: try reader.int())
    else { throw CacheMismatch() }
    self = time
  }
}

extension Weekday: CacheCodable {
  func write(to out: inout CacheWriter) { out.int(rawValue) }
  init(from reader: inout CacheReader) throws {
    guard let day = Weekday(rawValue: try reader.int()) else { throw CacheMismatch() }
    self = day
  }
}

extension YearlyRule: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.int(ordinal)
    out.write(weekday)
    out.int(month)
  }
  init(from reader: inout CacheReader) throws {
    let ordinal = try reader.int()
    guard (-5...5).contains(ordinal),
      let rule = YearlyRule(ordinal: ordinal, weekday: try reader.read(), month: try reader.int())
    else { throw CacheMismatch() }
    self = rule
  }
}

extension SourceLocation: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.string(file)
    out.int(line)
    out.int(column)
  }
  init(from reader: inout CacheReader) throws {
    self.init(file: try reader.string(), line: try reader.int(), column: try reader.int())
  }
}

extension Diagnostic: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.string(severity.rawValue)
    out.write(location)
    out.string(message)
    out.write(hint)
    out.write(related)
  }
  init(from reader: inout CacheReader) throws {
    self.init(
      try readCase(&reader), try reader.read(), try reader.string(), hint: try reader.optional(),
      related: try reader.optional())
  }
}

extension RecordKind: CacheCodable {
  func write(to out: inout CacheWriter) { out.string(rawValue) }
  init(from reader: inout CacheReader) throws { self = try readCase(&reader) }
}

extension RecordMeta: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.string(id)
    out.write(location)
    out.string(path)
    out.write(updated)
    out.bool(isPrivate)
    out.write(source)
  }
  init(from reader: inout CacheReader) throws {
    self.init(
      id: try reader.string(), location: try reader.read(), path: try reader.string(),
      updated: try reader.optional())
    isPrivate = try reader.bool()
    source = try reader.optional()
  }
}

extension Contact: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.string(name)
    out.write(firstName)
    out.write(lastName)
    out.write(relationship)
    out.write(birthday)
    out.string(leapBirthday.rawValue)
    out.write(tags)
    out.write(photo)
    out.string(notes)
  }
  init(from reader: inout CacheReader) throws {
    self.init(meta: try reader.read(), name: try reader.string())
    firstName = try reader.optional()
    lastName = try reader.optional()
    relationship = try reader.optional()
    birthday = try reader.optional()
    leapBirthday = try readCase(&reader)
    tags = try reader.array()
    photo = try reader.optional()
    notes = try reader.string()
  }
}

extension Birthday: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.int(month)
    out.int(day)
    out.write(year)
  }
  init(from reader: inout CacheReader) throws {
    self.init(month: try reader.int(), day: try reader.int(), year: try reader.optional())
  }
}

extension Occasion: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.string(title)
    out.write(date)
    out.bool(recurring)
    out.write(rule)
    out.write(until)
    out.write(contact)
    out.write(type.map(\.rawValue))
    out.write(gifts)
    out.string(notes)
  }
  init(from reader: inout CacheReader) throws {
    self.init(meta: try reader.read(), title: try reader.string(), date: try reader.read())
    recurring = try reader.bool()
    rule = try reader.optional()
    until = try reader.optional()
    contact = try reader.optional()
    if let written = try reader.optional(String.self) {
      guard let type = OccasionType(rawValue: written) else { throw CacheMismatch() }
      self.type = type
    }
    gifts = try reader.optional()
    notes = try reader.string()
  }
}

extension GiftOccasion: CacheCodable {
  func write(to out: inout CacheWriter) {
    switch self {
    case .birthday: out.bool(false)
    case .occasion(let id):
      out.bool(true)
      out.string(id)
    }
  }
  init(from reader: inout CacheReader) throws {
    self = try reader.bool() ? .occasion(try reader.string()) : .birthday
  }
}

extension Gift: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.string(title)
    out.write(recipient)
    out.write(occasion)
    out.write(price)
    out.string(currency)
    out.string(status.rawValue)
    out.write(purchased)
    out.write(given)
    out.write(url)
    out.write(photo)
    out.write(tags)
    out.write(created)
    out.string(description)
  }
  init(from reader: inout CacheReader) throws {
    let meta: RecordMeta = try reader.read()
    let title = try reader.string()
    let recipient: String? = try reader.optional()
    let occasion: GiftOccasion? = try reader.optional()
    let price: Decimal? = try reader.optional()
    self.init(meta: meta, title: title, currency: try reader.string())
    self.recipient = recipient
    self.occasion = occasion
    self.price = price
    status = try readCase(&reader)
    purchased = try reader.optional()
    given = try reader.optional()
    url = try reader.optional()
    photo = try reader.optional()
    tags = try reader.array()
    created = try reader.optional()
    description = try reader.string()
  }
}

extension ReminderSchedule: CacheCodable {
  func write(to out: inout CacheWriter) {
    switch self {
    case .once(let date, let time):
      out.bool(false)
      out.write(date)
      out.write(time)
    case .weekly(let weekly):
      out.bool(true)
      out.write(weekly)
    }
  }
  init(from reader: inout CacheReader) throws {
    self =
      try reader.bool() ? .weekly(try reader.read()) : .once(try reader.read(), try reader.read())
  }
}

extension WeeklySchedule: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(time)
    out.write(days.sorted())
    out.write(starts)
    out.write(until)
  }
  init(from reader: inout CacheReader) throws {
    self.init(
      time: try reader.read(), days: Set(try reader.array(Weekday.self)),
      starts: try reader.optional(), until: try reader.optional())
  }
}

extension Reminder: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.string(title)
    out.write(note)
    out.string(category.rawValue)
    out.bool(enabled)
    out.write(schedule)
    out.write(done)
    out.write(created)
    out.write(notify)
    out.string(body)
  }
  init(from reader: inout CacheReader) throws {
    let meta: RecordMeta = try reader.read()
    let title = try reader.string()
    let note: String? = try reader.optional()
    let category: ReminderCategory = try readCase(&reader)
    let enabled = try reader.bool()
    self.init(meta: meta, title: title, schedule: try reader.read())
    self.note = note
    self.category = category
    self.enabled = enabled
    done = try reader.optional()
    created = try reader.optional()
    notify = try reader.optional()
    body = try reader.string()
  }
}

extension Dose: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.string(reminder)
    out.write(due)
    out.write(at)
    out.string(status.rawValue)
    out.write(note)
  }
  init(from reader: inout CacheReader) throws {
    let meta: RecordMeta = try reader.read()
    let reminder = try reader.string()
    let due: Date? = try reader.optional()
    self.init(meta: meta, reminder: reminder, at: try reader.read())
    self.due = due
    status = try readCase(&reader)
    note = try reader.optional()
  }
}

extension BudgetScope: CacheCodable {
  func write(to out: inout CacheWriter) {
    switch self {
    case .all: out.int(0)
    case .gifts: out.int(1)
    case .category(let name):
      out.int(2)
      out.string(name)
    }
  }
  init(from reader: inout CacheReader) throws {
    switch try reader.int() {
    case 0: self = .all
    case 1: self = .gifts
    case 2: self = .category(try reader.string())
    default: throw CacheMismatch()
    }
  }
}

extension CategoryBudget: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.string(category)
    out.write(amount)
    out.write(location)
  }
  init(from reader: inout CacheReader) throws {
    self.init(
      category: try reader.string(), amount: try reader.read(), location: try reader.optional())
  }
}

extension Budget: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.string(title)
    out.write(amount)
    out.string(currency)
    out.write(start)
    out.write(end)
    out.write(scope)
    out.write(categories)
    out.bool(active)
    out.string(notes)
  }
  init(from reader: inout CacheReader) throws {
    self.init(
      meta: try reader.read(), title: try reader.string(), amount: try reader.read(),
      currency: try reader.string(), start: try reader.read(), end: try reader.read())
    scope = try reader.read()
    categories = try reader.array()
    active = try reader.bool()
    notes = try reader.string()
  }
}

extension Purchase: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.write(date)
    out.write(price)
    out.string(currency)
    out.write(quantity)
    out.write(givenTotal)
    out.write(item)
    out.write(name)
    out.write(store)
    out.write(category)
    out.write(expires)
    out.write(used)
    out.bool(wasted)
    out.string(notes)
  }
  init(from reader: inout CacheReader) throws {
    self.init(
      meta: try reader.read(), date: try reader.read(), price: try reader.read(),
      currency: try reader.string())
    quantity = try reader.read()
    givenTotal = try reader.optional()
    item = try reader.optional()
    name = try reader.optional()
    store = try reader.optional()
    category = try reader.optional()
    expires = try reader.optional()
    used = try reader.optional()
    wasted = try reader.bool()
    notes = try reader.string()
  }
}

extension Item: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.string(name)
    out.write(brand)
    out.write(category)
    out.write(unit)
    out.string(notes)
  }
  init(from reader: inout CacheReader) throws {
    self.init(meta: try reader.read(), name: try reader.string())
    brand = try reader.optional()
    category = try reader.optional()
    unit = try reader.optional()
    notes = try reader.string()
  }
}

extension PriceObservation: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.string(item)
    out.write(date)
    out.write(price)
    out.string(currency)
    out.write(store)
  }
  init(from reader: inout CacheReader) throws {
    self.init(
      meta: try reader.read(), item: try reader.string(), date: try reader.read(),
      price: try reader.read(), currency: try reader.string())
    store = try reader.optional()
  }
}

extension Completion: CacheCodable {
  func write(to out: inout CacheWriter) {
    switch self {
    case .no: out.int(0)
    case .yes: out.int(1)
    case .on(let date):
      out.int(2)
      out.write(date)
    }
  }
  init(from reader: inout CacheReader) throws {
    switch try reader.int() {
    case 0: self = .no
    case 1: self = .yes
    case 2: self = .on(try reader.read())
    default: throw CacheMismatch()
    }
  }
}

extension ShoppingEntry: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(item)
    out.write(name)
    out.write(quantity)
    out.write(estimate)
    out.write(purchased)
    out.write(actual)
    out.write(location)
    out.write(position)
    out.write(lines)
  }
  init(from reader: inout CacheReader) throws {
    let item: String? = try reader.optional()
    let name: String? = try reader.optional()
    let quantity: Decimal = try reader.read()
    let estimate: Decimal? = try reader.optional()
    let purchased: Completion = try reader.read()
    let actual: Decimal? = try reader.optional()
    self.init(item: item, name: name, location: try reader.read())
    self.quantity = quantity
    self.estimate = estimate
    self.purchased = purchased
    self.actual = actual
    self.position = try reader.read()
    self.lines = try reader.read()
  }
}

extension ShoppingList: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.string(title)
    out.write(budget)
    out.string(currency)
    out.write(completed)
    out.write(entries)
    out.string(notes)
  }
  init(from reader: inout CacheReader) throws {
    let meta: RecordMeta = try reader.read()
    let title = try reader.string()
    let budget: Decimal? = try reader.optional()
    self.init(meta: meta, title: title, currency: try reader.string())
    self.budget = budget
    completed = try reader.read()
    entries = try reader.array()
    notes = try reader.string()
  }
}

extension Game: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.string(name)
    out.write(url)
    out.bool(active)
    out.write(notify)
    out.string(notes)
  }
  init(from reader: inout CacheReader) throws {
    self.init(meta: try reader.read(), name: try reader.string())
    url = try reader.optional()
    active = try reader.bool()
    notify = try reader.optional()
    notes = try reader.string()
  }
}

extension ResultTime: CacheCodable {
  func write(to out: inout CacheWriter) {
    switch self {
    case .day(let date):
      out.bool(false)
      out.write(date)
    case .instant(let instant):
      out.bool(true)
      out.write(instant)
    }
  }
  init(from reader: inout CacheReader) throws {
    self = try reader.bool() ? .instant(try reader.read()) : .day(try reader.read())
  }
}

extension GameResult: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(meta)
    out.string(game)
    out.write(when)
    out.bool(completed)
    out.write(score)
    out.write(puzzle)
    out.write(player)
  }
  init(from reader: inout CacheReader) throws {
    self.init(meta: try reader.read(), game: try reader.string(), when: try reader.read())
    completed = try reader.bool()
    score = try reader.optional()
    puzzle = try reader.optional()
    player = try reader.optional()
  }
}

extension Array: CacheCodable where Element: CacheCodable {
  func write(to out: inout CacheWriter) { out.write(self) }
  init(from reader: inout CacheReader) throws { self = try reader.array() }
}

extension LoadedRecord: CacheCodable {
  func write(to out: inout CacheWriter) {
    switch self {
    case .contact(let r): write(0, r, &out)
    case .occasion(let r): write(1, r, &out)
    case .gift(let r): write(2, r, &out)
    case .reminder(let r): write(3, r, &out)
    case .dose(let r): write(4, r, &out)
    case .budget(let r): write(5, r, &out)
    case .purchase(let r): write(6, r, &out)
    case .item(let r): write(7, r, &out)
    case .price(let r): write(8, r, &out)
    case .shopping(let r): write(9, r, &out)
    case .game(let r): write(10, r, &out)
    case .result(let r): write(11, r, &out)
    }
  }

  private func write(_ tag: Int, _ record: some CacheCodable, _ out: inout CacheWriter) {
    out.int(tag)
    out.write(record)
  }

  init(from reader: inout CacheReader) throws {
    switch try reader.int() {
    case 0: self = .contact(try reader.read())
    case 1: self = .occasion(try reader.read())
    case 2: self = .gift(try reader.read())
    case 3: self = .reminder(try reader.read())
    case 4: self = .dose(try reader.read())
    case 5: self = .budget(try reader.read())
    case 6: self = .purchase(try reader.read())
    case 7: self = .item(try reader.read())
    case 8: self = .price(try reader.read())
    case 9: self = .shopping(try reader.read())
    case 10: self = .game(try reader.read())
    case 11: self = .result(try reader.read())
    default: throw CacheMismatch()
    }
  }
}

extension Reference: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.string(field)
    out.string(written)
    out.write(slot)
    out.write(target)
    out.string(id)
    out.write(location)
  }
  init(from reader: inout CacheReader) throws {
    self.init(
      field: try reader.string(), written: try reader.string(), slot: try reader.optional(),
      target: try reader.read(), id: try reader.string(), location: try reader.read())
  }
}

extension RecordFile.LeftOut: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(kind)
    out.string(id)
    out.write(location)
    out.write(references)
  }
  init(from reader: inout CacheReader) throws {
    self.init(
      kind: try reader.read(), id: try reader.string(), location: try reader.read(),
      references: try reader.array())
  }
}

extension RecordFile.Output: CacheCodable {
  func write(to out: inout CacheWriter) {
    out.write(records)
    out.write(references)
    out.write(diagnostics)
    out.write(leftOut)
  }
  init(from reader: inout CacheReader) throws {
    self.init(
      records: try reader.array(), references: try reader.array(),
      diagnostics: try reader.array(), leftOut: try reader.array())
  }
}
