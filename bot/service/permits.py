"""Who may change what: the checks the services run before a change, each a refusal.

The Discord layer says who acts (their user id, and whether they have Manage
Server where they act); the rules live here once, and the README's command
tables say them in words. A check that passes changes nothing; one that fails
raises :class:`Refused` before anything is read for the change or stored.
"""

from __future__ import annotations

from bot.service.refusals import Refused


def manager(can_manage: bool) -> None:
    """Server settings, points corrections, ending a league: Manage Server only."""
    if not can_manage:
        raise Refused("needs_manage_server")


def host(host_id: int, user_id: int) -> None:
    """Starting a race from its lobby: the host who opened it."""
    if user_id != host_id:
        raise Refused("not_host")


def host_or_manager(host_id: int, user_id: int, can_manage: bool) -> None:
    """Cancelling a race, or handing a driver's car to the AI: the host, or Manage Server."""
    if user_id != host_id and not can_manage:
        raise Refused("not_host_or_manager")


def creator_or_manager(is_creator: bool, can_manage: bool) -> None:
    """A league's own settings (dropping each driver's worst race, reminders, reserves) and
    its dates: the person who created the league, or Manage Server."""
    if not is_creator and not can_manage:
        raise Refused("league_not_creator_or_manager")


def member_or_manager(is_member: bool, can_manage: bool) -> None:
    """Starting a league's next race: one of its drivers, or Manage Server."""
    if not is_member and not can_manage:
        raise Refused("league_not_member_or_manager")
