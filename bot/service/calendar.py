"""League dates as people give them: a day, a time and a time zone, once or every week.

An organiser says "7 December, 21:00, Europe/Rome" or "every Sunday 21:00 from 7
December"; the bot keeps each race's start as a UTC instant beside the zone it was
given in, so a weekly pattern is laid out in local time and "21:00" stays 21:00
across a daylight-saving change. Pure: the caller passes the clock's "now".
Bad input raises :class:`Refused` with the key of the one line the organiser reads.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.service.refusals import Refused

DAY = 86_400
MAX_EVERY_DAYS = 28
MAX_AHEAD_DAYS = 366
"""A date more than a year ahead is surely a typo (and Discord events end sooner)."""
DEFAULT_REMINDERS = (24 * 3600, 3600)
"""Seconds before a race its drivers are reminded: a day, and an hour."""
MAX_REMINDERS = 3
MAX_REMINDER_HOURS = 7 * 24

_DATE = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$")
_TIME = re.compile(r"^\s*(\d{1,2})[:.h](\d{2})\s*$")


def zone_named(name: str) -> ZoneInfo:
    """The IANA time zone ``name`` ("Europe/Rome", "UTC"); refused if there is none."""
    cleaned = name.strip()
    if not cleaned or cleaned.startswith(("/", ".")) or ".." in cleaned:
        raise Refused("league_bad_zone", zone=cleaned[:40])
    # Typed on a phone without the autocomplete: "europe/rome" is Europe/Rome.
    known = _zones_by_lower_name().get(cleaned.lower(), cleaned)
    try:
        return ZoneInfo(known)
    except (ZoneInfoNotFoundError, ValueError):
        raise Refused("league_bad_zone", zone=cleaned[:40]) from None


@cache
def _zones_by_lower_name() -> dict[str, str]:
    return {name.lower(): name for name in available_timezones()}


def day_named(text: str) -> date:
    """A day written ``YYYY-MM-DD``; refused otherwise, or if no such day exists."""
    match = _DATE.match(text)
    if match is None:
        raise Refused("league_bad_date", date=text.strip()[:20])
    try:
        return date(*(int(part) for part in match.groups()))
    except ValueError:
        raise Refused("league_bad_date", date=text.strip()[:20]) from None


def time_named(text: str) -> time:
    """A time of day written ``21:00`` (or ``21.00``, ``21h00``); refused otherwise."""
    match = _TIME.match(text)
    if match is None:
        raise Refused("league_bad_time", time=text.strip()[:10])
    hour, minute = (int(part) for part in match.groups())
    if hour > 23 or minute > 59:
        raise Refused("league_bad_time", time=text.strip()[:10])
    return time(hour, minute)


def instant(day: date, at: time, zone: ZoneInfo) -> float:
    """The UTC instant of ``day`` at ``at`` on the clocks of ``zone``.

    A time the clocks skip (2:30 when they jump from 2:00 to 3:00) is read as the
    same time before the jump, and one they pass twice as its first passing: what
    ``zoneinfo`` does with ``fold=0``. Races are in the evening; this only keeps
    odd input from failing.
    """
    return datetime.combine(day, at, tzinfo=zone).timestamp()


def check_ahead(starts_at: float, now: float) -> None:
    """Refused unless ``starts_at`` is in the future, and within a year."""
    if starts_at <= now:
        raise Refused("league_date_past", when=int(starts_at))
    if starts_at > now + MAX_AHEAD_DAYS * DAY:
        raise Refused("league_date_far")


def weekly(first: date, at: time, zone: ZoneInfo, count: int, every_days: int = 7) -> list[float]:
    """``count`` starts, ``every_days`` apart on the local calendar of ``zone``, from ``first``.

    Laid out day by day in local time, so a race at 21:00 stays at 21:00 when the
    clocks change between two races (the UTC gap is then an hour longer or shorter).
    """
    if not 1 <= every_days <= MAX_EVERY_DAYS:
        raise Refused("league_bad_every", most=MAX_EVERY_DAYS)
    return [instant(first + timedelta(days=every_days * k), at, zone) for k in range(count)]


def reminder_hours(text: str) -> tuple[int, ...]:
    """Reminder offsets written as hours before the race ("24, 1"; "0" or "none" for none),
    as seconds, longest first."""
    cleaned = text.strip().lower()
    if cleaned in ("", "0", "none", "-"):
        return ()
    try:
        hours = {int(part) for part in re.split(r"[,\s]+", cleaned) if part}
    except ValueError:
        raise Refused("league_bad_reminders", most=MAX_REMINDERS) from None
    if len(hours) > MAX_REMINDERS or not all(1 <= h <= MAX_REMINDER_HOURS for h in hours):
        raise Refused("league_bad_reminders", most=MAX_REMINDERS)
    return tuple(h * 3600 for h in sorted(hours, reverse=True))


def local_label(starts_at: float, zone: str) -> str:
    """``2026-12-07 21:00 Europe/Rome``: how the organiser wrote it, for logs and the event."""
    local = datetime.fromtimestamp(starts_at, tz=UTC).astimezone(ZoneInfo(zone))
    return f"{local:%Y-%m-%d %H:%M} {zone}"


def discord_time(starts_at: float, style: str = "F") -> str:
    """Discord's timestamp markup: each reader sees it in their own time zone and language."""
    return f"<t:{int(starts_at)}:{style}>"
