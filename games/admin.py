"""Django admin for club officials. Matches, deals and the audit trail are read-only here: results change only
through the audited corrections of the API, never by editing rows."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from games.models import AuditEntry, Club, Deal, League, Match, Membership, Player, Seat
from games.rules.registry import game_keys, get_engine
from games.services.audit import MatchAuditLog


@admin.display(description="game", ordering="game")
def game_name(row: League | Match) -> str:
    """The game's name as its engine gives it (the key itself for a game no longer registered)."""
    return get_engine(row.game).display_name if row.game in game_keys() else row.game


class ReadOnlyMixin:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "user", "merged_into", "created_at"]
    list_filter = ["club"]
    search_fields = ["name"]
    readonly_fields = ["merged_into"]  # merges go through the API so they are audited and reversible


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display: Any = ["name", "club", game_name, "starts_on", "ends_on"]  # the stubs know only field names
    list_filter = ["game", "club"]
    search_fields = ["name"]


class SeatInline(ReadOnlyMixin, admin.TabularInline):
    model = Seat
    fields = readonly_fields = ("seat", "player", "team")


class DealInline(ReadOnlyMixin, admin.TabularInline):
    model = Deal
    fields = readonly_fields = ("number", "status", "revision", "input", "result", "recorded_by", "recorded_at")


@admin.register(Match)
class MatchAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display: Any = ["id", game_name, "league", "status", "deals_count", "version", "created_at"]
    list_filter = ["game", "status", "league"]
    inlines = [SeatInline, DealInline]
    readonly_fields = ["audit_log"]

    @admin.display(description="audit log")
    def audit_log(self, match: Match) -> str:
        """The log as the API reads it: the entry rows and each recording, which is read from its deal row."""
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (entry.at, entry.actor or "", entry.action, entry.deal_number or "", entry.reason)
                for entry in MatchAuditLog(match)
            ),
        )
        return format_html(
            "<table><tr><th>at</th><th>actor</th><th>action</th><th>deal</th><th>reason</th></tr>{}</table>", rows
        )


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["at", "actor", "action", "match", "deal_number", "reason"]
    list_filter = ["action"]
    search_fields = ["reason"]
