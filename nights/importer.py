"""Loading a file's club nights (``events``), after its players, leagues and matches: each night's rules are pinned
again as making it pins them, its entrants name players of the file, its rounds run 1, 2, 3..., each table is a club
match of the file in the night's game whose seated players are entrants, used by one table only, and each bye names
an entrant. At a night of fixed partnerships (round robin, Swiss of a partnership game) every entrant names a team of
the night (``teams``) and every team has the game's partnership size; other nights have no teams. The first problem
refuses the whole file with its path, as everything else the importer checks."""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol

from django.contrib.auth.models import User
from django.db.models import Q

from games.errors import DomainError
from games.models import AuditEntry, Club, League, Match, Player, Seat
from games.rules.errors import RuleViolation
from games.rules.messages import msg
from games.services.import_values import moment, refuse
from nights.models import Bye, Entrant, Event, Round, Substitute, Table, Team
from nights.selectors import draws_teams, partnership_seats
from nights.services import event_rules_pin


class FileLoader(Protocol):
    """What a night reads of the file's loader (games.services.importer): what it loaded before the nights."""

    actor: User | None
    doc: dict[str, Any]
    club: Club | None
    leagues: dict[int, League]
    matches: dict[int, Match]
    events: dict[int, Any]

    def player(self, ref: int, path: str) -> Player: ...


def nights_load(loader: FileLoader) -> None:
    """The file's club nights (``events``), once ``loader`` wrote everything else, in its transaction."""
    for index, event in enumerate(loader.doc.get("events", [])):
        NightLoader(loader, f"events[{index}]", event).run()
    audit_names_nights(loader.club, loader.events)


class NightLoader:
    def __init__(self, loader: FileLoader, path: str, data: dict[str, Any]) -> None:
        self.loader, self.path, self.data = loader, path, data
        self.entrants: dict[int, Entrant] = {}
        self.teams: dict[int, Team] = {}

    def refuse(self, where: str, detail: str) -> Exception:
        return refuse(f"{self.path}.{where}" if where else self.path, detail)

    def run(self) -> Event:
        if self.data["id"] in self.loader.events:
            raise self.refuse("id", msg("club night id {id} appears twice.", id=self.data["id"]))
        event = self._event()
        self.loader.events[self.data["id"]] = event
        self._teams(event)
        self._entrants(event)
        self._check_team_sizes(event)
        for index, played in enumerate(self.data["rounds"]):
            self._round(event, index, played)
        return event

    def _event(self) -> Event:
        data, loader = self.data, self.loader
        if loader.club is None:
            raise self.refuse("", msg("a club night needs the club it belongs to, and the file has none."))
        league = None
        if data["league"] is not None:
            league = loader.leagues.get(data["league"])
            if league is None:
                raise self.refuse("league", msg("there is no league {league} in the file.", league=data["league"]))
        event = Event(
            club=loader.club,
            league=league,
            name=data["name"],
            game=data["game"],
            format=data["format"],
            rounds_planned=data["rounds_planned"],
            round_length=data["round_length"],
            deals_per_round=data["deals_per_round"],
            status=data["status"],
            director=loader.actor,
        )
        try:
            event_rules_pin(event, data["settings"], data["format_settings"])
        except (RuleViolation, DomainError) as refused:
            raise self.refuse("settings", refused.detail) from refused
        if event.settings != data["settings"] or event.format_settings != data["format_settings"]:
            raise self.refuse("settings", msg("the settings must list every house rule as the night pinned it."))
        event.save()
        Event.objects.filter(pk=event.pk).update(created_at=moment(data["created_at"]))
        return event

    def _teams(self, event: Event) -> None:
        teams = self.data.get("teams", [])  # files written before teams have none
        if teams and not draws_teams(event):
            raise self.refuse("teams", msg("only a round robin or Swiss night of a partnership game has teams."))
        for index, data in enumerate(teams):
            if data["id"] in self.teams:
                raise self.refuse(f"teams[{index}].id", msg("team id {id} appears twice.", id=data["id"]))
            team = Team.objects.create(
                event=event,
                name=data["name"],
                joined_from_round=data["joined_from_round"],
                left_after_round=data["left_after_round"],
            )
            Team.objects.filter(pk=team.pk).update(created_at=moment(data["created_at"]))
            self.teams[data["id"]] = team

    def _check_team_sizes(self, event: Event) -> None:
        if not draws_teams(event):
            return
        size = len(partnership_seats(event)[0])
        members = Counter(Entrant.objects.filter(event=event, team__isnull=False).values_list("team_id", flat=True))
        for index, data in enumerate(self.data.get("teams", [])):
            if members[self.teams[data["id"]].pk] != size:
                detail = msg("a team of this night has {size} players.", size=size)
                raise self.refuse(f"teams[{index}]", detail)

    def _entrants(self, event: Event) -> None:
        players: set[int] = set()
        for index, data in enumerate(self.data["entrants"]):
            where = f"entrants[{index}]"
            if data["id"] in self.entrants:
                raise self.refuse(f"{where}.id", msg("entrant id {id} appears twice.", id=data["id"]))
            player = self.loader.player(data["player"], f"{self.path}.{where}.player")
            if player.pk in players:
                raise self.refuse(f"{where}.player", msg("a player is entered in a night once."))
            players.add(player.pk)
            team = self.teams.get(data.get("team")) if data.get("team") is not None else None
            if team is None and (data.get("team") is not None or draws_teams(event)):
                raise self.refuse(f"{where}.team", msg("an entrant of a night of teams names a team of the night."))
            entrant = Entrant.objects.create(
                event=event,
                player=player,
                team=team,
                checked_in=data["checked_in"],
                joined_from_round=data["joined_from_round"],
                left_after_round=data["left_after_round"],
            )
            Entrant.objects.filter(pk=entrant.pk).update(created_at=moment(data["created_at"]))
            self.entrants[data["id"]] = entrant

    def _round(self, event: Event, index: int, data: dict[str, Any]) -> None:
        where = f"rounds[{index}]"
        if data["number"] != index + 1:
            detail = msg("round numbers must run 1, 2, 3...; this one should be {number}.", number=index + 1)
            raise self.refuse(f"{where}.number", detail)
        played = Round.objects.create(
            event=event,
            number=data["number"],
            seed=data["seed"],
            status=data["status"],
            closed_at=moment(data["closed_at"]),
            close_reason=data["close_reason"],
        )
        Round.objects.filter(pk=played.pk).update(drawn_at=moment(data["drawn_at"]))
        substitutes = data.get("substitutes", [])
        sitting_in = {
            self.loader.player(sub["player"], f"{self.path}.{where}.substitutes[{i}].player").pk
            for i, sub in enumerate(substitutes)
        }
        entrant_players = {entrant.player_id for entrant in self.entrants.values()} | sitting_in
        numbers: set[int] = set()
        tables: dict[int, Table] = {}
        for position, table in enumerate(data["tables"]):
            at = f"{where}.tables[{position}]"
            if table["number"] in numbers:
                raise self.refuse(f"{at}.number", msg("two tables of a round have the same number."))
            numbers.add(table["number"])
            match = self._table_match(event, table["match"], f"{at}.match", entrant_players)
            tables[table["number"]] = Table.objects.create(
                round=played,
                number=table["number"],
                match=match,
                first_dealer=table["first_dealer"],
                director_score=table["director_score"],
            )
        for position, entrant in enumerate(data["byes"]):
            if entrant not in self.entrants:
                detail = msg("there is no entrant {ref} in this night.", ref=entrant)
                raise self.refuse(f"{where}.byes[{position}]", detail)
            Bye.objects.create(round=played, entrant=self.entrants[entrant])
        for position, sub in enumerate(substitutes):
            self._substitute(played, tables, sub, f"{where}.substitutes[{position}]")

    def _substitute(self, played: Round, tables: dict[int, Table], data: dict[str, Any], where: str) -> None:
        """The substitute sits in the seat it names, at a table of the round, for an entrant of the night."""
        entrant, table = self.entrants.get(data["entrant"]), tables.get(data["table"])
        player = self.loader.player(data["player"], f"{self.path}.{where}.player")
        if entrant is None:
            raise self.refuse(f"{where}.entrant", msg("there is no entrant {ref} in this night.", ref=data["entrant"]))
        if table is None or not Seat.objects.filter(match=table.match, seat=data["seat"], player=player).exists():
            raise self.refuse(where, msg("a substitute sits in the seat the file names, at a table of the round."))
        Substitute.objects.create(round=played, entrant=entrant, player=player, table=table, seat=data["seat"])

    def _table_match(self, event: Event, ref: int, where: str, entrant_players: set[int]) -> Match:
        match = self.loader.matches.get(ref)
        if match is None:
            raise self.refuse(where, msg("there is no match {ref} in the file.", ref=ref))
        if match.club_id is None or match.game != event.game:
            raise self.refuse(where, msg("a table's match is a club match of the night's game."))
        if Table.objects.filter(match=match).exists():
            raise self.refuse(where, msg("a match is the match of one table only."))
        seated = set(Seat.objects.filter(match=match).values_list("player_id", flat=True))
        if not seated <= entrant_players:
            raise self.refuse(where, msg("everyone seated at a table is an entrant of the night."))
        return match


def audit_names_nights(club: Club | None, events: dict[int, Event]) -> None:
    """The nights' entries of the club's audit (made, checked in, drawn, closed) name each night by its new id, so a
    night's own export finds them; the rest of each entry stays as it was written."""
    entries = AuditEntry.objects.filter(club=club, action__startswith="night.")
    changed = []
    for entry in entries.filter(Q(after__event__in=list(events)) | Q(before__event__in=list(events))):
        for facts in (entry.before, entry.after):
            if isinstance(facts, dict) and facts.get("event") in events:
                facts["event"] = events[facts["event"]].pk
        changed.append(entry)
    AuditEntry.objects.bulk_update(changed, ["before", "after"])
