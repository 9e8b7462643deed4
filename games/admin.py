"""Django admin for club officials. Matches, deals and the audit trail are read-only here: results change only
through the audited corrections of the API, never by editing rows."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import AuditEntry, Club, Deal, League, Match, Membership, Player, Seat


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
    list_display = ["name", "club", "game", "starts_on", "ends_on"]
    list_filter = ["game", "club"]
    search_fields = ["name"]


class SeatInline(ReadOnlyMixin, admin.TabularInline):
    model = Seat
    fields = ["seat", "player", "team"]
    readonly_fields = fields


class DealInline(ReadOnlyMixin, admin.TabularInline):
    model = Deal
    fields = ["number", "status", "revision", "input", "result", "recorded_by", "recorded_at"]
    readonly_fields = fields


class AuditInline(ReadOnlyMixin, admin.TabularInline):
    model = AuditEntry
    fields = ["at", "actor", "action", "deal_number", "reason"]
    readonly_fields = fields


@admin.register(Match)
class MatchAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["id", "game", "league", "status", "deals_count", "version", "created_at"]
    list_filter = ["game", "status", "league"]
    inlines = [SeatInline, DealInline, AuditInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["at", "actor", "action", "match", "deal_number", "reason"]
    list_filter = ["action"]
    search_fields = ["reason"]
