#!/usr/bin/env python3
"""Independent check of VibeKeeper's calendar feeds with the Python `icalendar` and
`recurring-ical-events` packages.

Usage: check_feeds.py SITE_DIR [EXPECTED_JSON]

For every *.ics at the root of SITE_DIR: lines end in CRLF, no physical line is longer
than 75 octets, every physical line is valid UTF-8 on its own (folding never split a
character); the feed parses; it has VERSION:2.0, PRODID, CALSCALE, NAME, X-WR-CALNAME,
REFRESH-INTERVAL and X-PUBLISHED-TTL; every VEVENT has UID, DTSTAMP and DTSTART and only
known properties (no injected ATTENDEE or similar); UIDs are unique; the VTIMEZONE gives
the same UTC offsets as the system's zoneinfo over the covered years, and each TZNAME is
zoneinfo's abbreviation (none where zoneinfo has only a number such as "-03"); the
calendar has at least one component (RFC 5545's grammar); and libical (through ctypes)
parses it and finds nothing wrong with `icalrestriction_check`, which applies RFC 5545's
and, with a METHOD, iTIP's property rules.

With EXPECTED_JSON (written by the Swift cross-check test from VibeKeeper's own
analyses), the occurrences expanded over its window must equal the expected ones:
{"window": {"from_date", "to_date", "from_utc", "to_utc"},
 "feeds": {"NAME.ics": [[kind, id, start], ...]}} where start is YYYY-MM-DD for all-day
events and YYYY-MM-DDTHH:MM:SSZ (UTC) for timed ones; all-day starts count when
from_date <= start < to_date, timed ones when from_utc <= start < to_utc.

Prints one line per failure and a closing line "N passed, M failed"; exits 1 on failure.
"""
import ctypes
import ctypes.util
import datetime as dt
import json
import os
import sys
import zoneinfo

import icalendar
import recurring_ical_events

EVENT_PROPERTIES = {
    "UID", "DTSTAMP", "LAST-MODIFIED", "SEQUENCE", "RECURRENCE-ID", "DTSTART", "DTEND", "DURATION", "RRULE",
    "SUMMARY", "DESCRIPTION", "URL", "CATEGORIES", "TRANSP", "LOCATION",
    "X-VIBEKEEPER-KIND", "X-VIBEKEEPER-ID",
}
ALARM_PROPERTIES = {"ACTION", "DESCRIPTION", "TRIGGER"}
CALENDAR_PROPERTIES = {
    "VERSION", "PRODID", "CALSCALE", "NAME", "X-WR-CALNAME", "DESCRIPTION",
    "X-WR-CALDESC", "X-WR-TIMEZONE", "REFRESH-INTERVAL", "X-PUBLISHED-TTL",
}

passed = 0
failed = 0


def load_libical():
    path = ctypes.util.find_library("ical")
    for name in [path, "libical.so.3", "libical.3.dylib"]:
        if not name:
            continue
        try:
            lib = ctypes.CDLL(name)
        except OSError:
            continue
        lib.icalparser_parse_string.restype = ctypes.c_void_p
        lib.icalparser_parse_string.argtypes = [ctypes.c_char_p]
        lib.icalrestriction_check.restype = ctypes.c_int
        lib.icalrestriction_check.argtypes = [ctypes.c_void_p]
        lib.icalcomponent_as_ical_string.restype = ctypes.c_char_p
        lib.icalcomponent_as_ical_string.argtypes = [ctypes.c_void_p]
        lib.icalcomponent_free.argtypes = [ctypes.c_void_p]
        return lib
    return None


LIBICAL = load_libical()


def check_libical(name, raw):
    if not check(LIBICAL is not None, "libical is not installed (apt-get install libical-dev)"):
        return
    comp = LIBICAL.icalparser_parse_string(raw)
    if not check(bool(comp), f"{name}: libical cannot parse it"):
        return
    ok = LIBICAL.icalrestriction_check(comp)
    text = (LIBICAL.icalcomponent_as_ical_string(comp) or b"").decode("utf-8", "replace")
    LIBICAL.icalcomponent_free(comp)
    errors = [l for l in text.replace("\r\n ", "").splitlines() if l.startswith("X-LIC-ERROR")]
    check(ok == 1 and not errors, f"{name}: libical finds {errors[:3] or 'a restriction failed'}")


def check(ok, message):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + message)
    return ok


def check_lines(name, raw):
    lines = raw.split(b"\r\n")
    check(raw.endswith(b"\r\n"), f"{name}: does not end with CRLF")
    bare = [i + 1 for i, l in enumerate(lines) if b"\r" in l or b"\n" in l]
    check(not bare, f"{name}: bare CR or LF in lines {bare[:5]}")
    long = [i + 1 for i, l in enumerate(lines) if len(l) > 75]
    check(not long, f"{name}: lines longer than 75 octets: {long[:5]}")
    broken = []
    for i, l in enumerate(lines):
        try:
            l.decode("utf-8")
        except UnicodeDecodeError:
            broken.append(i + 1)
    check(not broken, f"{name}: folding split a UTF-8 character in lines {broken[:5]}")
    blank = [i + 1 for i, l in enumerate(lines[:-1]) if l == b""]
    check(not blank, f"{name}: blank lines {blank[:5]}")


VTIMEZONES_CHECKED = {}


def check_vtimezone(name, cal):
    for vtz in cal.walk("VTIMEZONE"):
        tzid = str(vtz["TZID"])
        key = vtz.to_ical()
        if key in VTIMEZONES_CHECKED:  # the same component: the same answer
            check(VTIMEZONES_CHECKED[key], f"{name}: VTIMEZONE {tzid} differs from zoneinfo")
            continue
        try:
            system = zoneinfo.ZoneInfo(tzid)
        except Exception:
            check(False, f"{name}: unknown TZID {tzid}")
            continue
        # Build the zone from the VTIMEZONE itself, not from the TZID's name.
        ours = vtz.to_tz(lookup_tzid=False)
        # From a day after the first observance starts (RFC 5545 defines no offset before
        # it; VibeKeeper starts the zone a year before its first timed event).
        starts = [c.decoded("DTSTART") for c in vtz.subcomponents]
        first = min([d for d in starts if d.year > 1970] or [dt.datetime(dt.date.today().year - 1, 1, 1)])
        start = first.replace(tzinfo=dt.timezone.utc, minute=0, second=0) + dt.timedelta(days=1)
        end = dt.datetime(dt.date.today().year + 4, 1, 1, tzinfo=dt.timezone.utc)
        wrong = []

        def compare(instant):
            if instant.astimezone(system).utcoffset() != instant.astimezone(ours).utcoffset():
                wrong.append(instant.isoformat())

        # Every 6 hours, and every hour of a 6-hour step in which zoneinfo's offset changes.
        step = dt.timedelta(hours=6)
        previous = start.astimezone(system).utcoffset()
        instant = start
        while instant < end:
            compare(instant)
            offset = instant.astimezone(system).utcoffset()
            if offset != previous:
                for h in range(1, 6):
                    compare(instant - dt.timedelta(hours=h))
            previous = offset
            instant += step
        for sub in vtz.subcomponents:
            # The abbreviation in force just after the observance starts.
            begins = sub.decoded("DTSTART")
            offset = sub.decoded("TZOFFSETFROM")
            at = (begins - offset).replace(tzinfo=dt.timezone.utc) + dt.timedelta(hours=1)
            if at.year > 1970:
                known = at.astimezone(system).tzname() or ""
                want = known if known[:1].isalpha() else None
                got = str(sub["TZNAME"]) if "TZNAME" in sub else None
                if got != want:
                    wrong.append(f"TZNAME {got} for {want} at {at.isoformat()}")
        VTIMEZONES_CHECKED[key] = not wrong
        check(not wrong, f"{name}: VTIMEZONE {tzid} differs from zoneinfo at {wrong[:3]}")


def start_text(value):
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            return "floating:" + value.isoformat()
        return value.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return value.isoformat()


def in_window(start, window):
    if "T" in start:
        return window["from_utc"] <= start < window["to_utc"]
    return window["from_date"] <= start < window["to_date"]


def check_feed(path, expected, window):
    name = os.path.basename(path)
    with open(path, "rb") as f:
        raw = f.read()
    check_lines(name, raw)
    try:
        cal = icalendar.Calendar.from_ical(raw)
    except Exception as e:  # noqa: BLE001
        check(False, f"{name}: does not parse: {e}")
        return
    check(True, f"{name}: parses")
    check(str(cal.get("VERSION")) == "2.0", f"{name}: VERSION is not 2.0")
    for key in ["PRODID", "CALSCALE", "NAME", "X-WR-CALNAME", "REFRESH-INTERVAL", "X-PUBLISHED-TTL"]:
        check(key in cal, f"{name}: no {key}")
    extra = set(cal.keys()) - CALENDAR_PROPERTIES
    check(not extra, f"{name}: unexpected calendar properties {sorted(extra)}")
    check(bool(cal.subcomponents), f"{name}: no component (RFC 5545 wants one at least)")
    check_libical(name, raw)
    uids = []
    for event in cal.walk("VEVENT"):
        uid = str(event.get("UID", ""))
        for key in ["UID", "DTSTAMP", "DTSTART"]:
            check(key in event, f"{name}: event {uid or '?'} has no {key}")
        extra = set(event.keys()) - EVENT_PROPERTIES
        check(not extra, f"{name}: event {uid} has unexpected properties {sorted(extra)}")
        for alarm in event.walk("VALARM"):
            extra = set(alarm.keys()) - ALARM_PROPERTIES
            check(not extra, f"{name}: alarm of {uid} has unexpected properties {sorted(extra)}")
            check("TRIGGER" in alarm and "ACTION" in alarm, f"{name}: alarm of {uid} incomplete")
        if "RRULE" in event and isinstance(event.decoded("DTSTART"), dt.datetime):
            until = event["RRULE"].get("UNTIL")
            if until:
                u = until[0]
                check(isinstance(u, dt.datetime) and u.tzinfo is not None,
                      f"{name}: UNTIL of {uid} is not UTC")
        # An override of one occurrence shares its series' UID: unique with RECURRENCE-ID.
        rid = event.get("RECURRENCE-ID")
        uids.append(uid + (" " + rid.to_ical().decode() if rid is not None else ""))
    dupes = sorted({u for u in uids if uids.count(u) > 1})
    check(not dupes, f"{name}: duplicate UIDs {dupes[:5]}")
    check_vtimezone(name, cal)
    if expected is None:
        return
    lo = dt.date.fromisoformat(window["from_date"]) - dt.timedelta(days=2)
    hi = dt.date.fromisoformat(window["to_date"]) + dt.timedelta(days=2)
    got = []
    for occurrence in recurring_ical_events.of(cal).between(lo, hi):
        start = start_text(occurrence.decoded("DTSTART"))
        if in_window(start, window):
            got.append([str(occurrence.get("X-VIBEKEEPER-KIND")),
                        str(occurrence.get("X-VIBEKEEPER-ID")), start])
    got.sort()
    want = sorted(expected)
    if not check(got == want, f"{name}: occurrences differ from VibeKeeper's analyses"):
        missing = [x for x in want if x not in got]
        unexpected = [x for x in got if x not in want]
        print(f"  missing ({len(missing)}): {missing[:8]}")
        print(f"  unexpected ({len(unexpected)}): {unexpected[:8]}")
    else:
        print(f"{name}: {len(got)} occurrences match")


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__)
        return 2
    site = sys.argv[1]
    expected = {}
    window = None
    if len(sys.argv) == 3:
        with open(sys.argv[2], encoding="utf-8") as f:
            data = json.load(f)
        expected = data["feeds"]
        window = data["window"]
    feeds = sorted(n for n in os.listdir(site) if n.endswith(".ics"))
    check(bool(feeds), f"{site}: no feeds")
    for name in feeds:
        check_feed(os.path.join(site, name), expected.get(name) if window else None, window)
    for name in expected:
        check(name in feeds, f"{name}: expected but not built")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
