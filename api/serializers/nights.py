"""Club nights: events, entrants, rounds with their tables, and standings (input and output serializers apart)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from api.serializers.clubs import NO_SUCH_CLUB, OfCallersClubs
from api.serializers.matches import PlayerRefField
from games.models import Club, League
from games.rules.messages import msg_template
from nights.models import Entrant, Event, Round, Table, Team
from nights.selectors import round_status, table_done, team_name
from web.fields import ChoiceField, GameField
from web.shapes import PlayerBriefSerializer


class EventSerializer(serializers.ModelSerializer[Event]):
    serializer_choice_field = ChoiceField
    club = OfCallersClubs(queryset=Club.objects.all(), club_lookup="pk", missing=NO_SUCH_CLUB)
    league = OfCallersClubs(
        queryset=League.objects.all(),
        club_lookup="club_id",
        required=False,
        allow_null=True,
        missing=msg_template("There is no league {pk_value} in your clubs."),
    )
    game = GameField()
    settings = serializers.DictField(required=False, default=dict, help_text="House rules; the rest take defaults.")
    format_settings = serializers.DictField(required=False, default=dict, help_text="The draw format's settings.")
    rounds_planned = serializers.IntegerField(min_value=1, max_value=50)
    deals_per_round = serializers.IntegerField(min_value=1, max_value=100, required=False, allow_null=True)

    class Meta:
        model = Event
        fields = [
            "id",
            "club",
            "league",
            "name",
            "game",
            "settings",
            "format",
            "format_settings",
            "rounds_planned",
            "round_length",
            "deals_per_round",
            "status",
            "director",
            "created_at",
        ]
        read_only_fields = ["id", "status", "director", "created_at"]


class EventChangeSerializer(serializers.Serializer[Any]):
    """What a PATCH may change: the name and the planned rounds any time; the rules until round 1 is drawn."""

    name = serializers.CharField(max_length=120, required=False)
    rounds_planned = serializers.IntegerField(min_value=1, max_value=50, required=False)
    settings = serializers.DictField(required=False)
    format_settings = serializers.DictField(required=False)


class EntrantSerializer(serializers.ModelSerializer[Entrant]):
    player = PlayerBriefSerializer(read_only=True)
    team = serializers.IntegerField(
        source="team_id", read_only=True, allow_null=True, help_text="The player's team, at a night of partnerships."
    )

    class Meta:
        model = Entrant
        fields = ["id", "player", "team", "checked_in", "joined_from_round", "left_after_round"]
        read_only_fields = fields


class CheckInSerializer(serializers.Serializer[Any]):
    player = PlayerRefField(help_text='A player id, or {"name": ...} for a new player of the club.')


class TeamMemberSerializer(serializers.ModelSerializer[Entrant]):
    entrant = serializers.IntegerField(source="pk", read_only=True)
    player = PlayerBriefSerializer(read_only=True)

    class Meta:
        model = Entrant
        fields = ["entrant", "player"]
        read_only_fields = fields


class TeamSerializer(serializers.ModelSerializer[Team]):
    name = serializers.SerializerMethodField(
        help_text="The director's name for the team, or its players' names joined the language's way."
    )
    given_name = serializers.CharField(source="name", read_only=True, help_text="The director's name, or blank.")
    members = TeamMemberSerializer(many=True, read_only=True)

    class Meta:
        model = Team
        fields = ["id", "name", "given_name", "members", "joined_from_round", "left_after_round"]
        read_only_fields = fields

    def get_name(self, team: Team) -> str:
        return team_name(team)


class TeamCheckInSerializer(serializers.Serializer[Any]):
    players = serializers.ListField(
        child=PlayerRefField(),
        min_length=1,
        max_length=8,
        help_text='The team\'s players in the order they sit in its seats: ids, or {"name": ...} for new players.',
    )
    name = serializers.CharField(max_length=120, required=False, default="", allow_blank=True)


class TableSerializer(serializers.ModelSerializer[Table]):
    match = serializers.IntegerField(source="match_id", read_only=True)
    seats = serializers.SerializerMethodField()
    teams = serializers.DictField(source="match.teams", allow_null=True, read_only=True)
    status = serializers.CharField(source="match.status", read_only=True)
    deals_count = serializers.IntegerField(source="match.deals_count", read_only=True)
    deals_limit = serializers.IntegerField(source="match.deals_limit", read_only=True, allow_null=True)
    done = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = [
            "number",
            "match",
            "seats",
            "teams",
            "first_dealer",
            "status",
            "deals_count",
            "deals_limit",
            "done",
            "director_score",
        ]
        read_only_fields = fields

    def get_seats(self, table: Table) -> list[dict[str, Any]]:
        return [
            {"seat": seat.seat, "player": {"id": seat.player_id, "name": seat.player.name}, "team": seat.team or None}
            for seat in table.match.seats.all()
        ]

    def get_done(self, table: Table) -> bool:
        return table_done(table)


class RoundSerializer(serializers.ModelSerializer[Round]):
    status = serializers.SerializerMethodField()
    tables = TableSerializer(many=True, read_only=True)
    byes = serializers.SerializerMethodField()
    substitutes = serializers.SerializerMethodField()
    id = serializers.IntegerField(
        read_only=True, help_text='The round\'s id: its table cards are the export {"scope": "round", "id": ...}.'
    )

    class Meta:
        model = Round
        fields = [
            "id",
            "number",
            "seed",
            "status",
            "drawn_at",
            "closed_at",
            "close_reason",
            "tables",
            "byes",
            "substitutes",
        ]
        read_only_fields = fields

    def get_status(self, played: Round) -> str:
        return round_status(played)

    def get_substitutes(self, played: Round) -> list[dict[str, Any]]:
        """Who sits in whose seat: the seat's score is the entrant's."""
        return [
            {
                "entrant": sub.entrant_id,
                "table": sub.table.number,
                "seat": sub.seat,
                "player": {"id": sub.player_id, "name": sub.player.name},
            }
            for sub in played.substitutes.all()
        ]

    def get_byes(self, played: Round) -> list[dict[str, Any]]:
        """Each entrant sitting out (a team's bye lists each of its players with the team)."""
        return [
            {
                "entrant": bye.entrant_id,
                "player": {"id": bye.entrant.player_id, "name": bye.entrant.player.name},
                "team": bye.entrant.team_id,
            }
            for bye in played.byes.all()
        ]


class SubstituteSerializer(serializers.Serializer[Any]):
    entrant = serializers.IntegerField(min_value=1, help_text="The entrant whose seat is taken.")
    player = PlayerRefField(help_text='Who sits in: a player id, or {"name": ...} for a new player of the club.')


class RoundStartSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(
        min_value=1, required=False, help_text="The round the phone means to start: a second start of it gets 409."
    )


class RoundCloseSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=500)
    director_scores = serializers.DictField(
        child=serializers.DictField(child=serializers.FloatField()),
        required=False,
        default=dict,
        help_text='Table number -> side -> score, for a table that cannot finish: {"2": {"A": 40, "B": 12}}.',
    )


class EventStandingRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    entrant = serializers.IntegerField(
        source="entrant.pk", allow_null=True, help_text="A player's row; null for a team's."
    )
    player = PlayerBriefSerializer(source="entrant.player", allow_null=True)
    team = serializers.IntegerField(source="team.pk", allow_null=True, help_text="A team's row; null for a player's.")
    name = serializers.CharField(help_text="The player's name, or the team's.")
    total = serializers.FloatField(help_text="The sum of the round scores.")
    played = serializers.IntegerField(help_text="Rounds played at a table.")
    byes = serializers.IntegerField()
    rounds = serializers.DictField(child=serializers.FloatField(), help_text="Round number -> the round's score.")
    match_points = serializers.IntegerField(
        allow_null=True, help_text="Round robin and Swiss: 2 a win or a bye, 1 a draw (what the rows rank by)."
    )
    wins = serializers.IntegerField(allow_null=True)
    buchholz = serializers.IntegerField(allow_null=True, help_text="The match points of every opponent met.")
    points_difference = serializers.FloatField(
        allow_null=True, help_text="Points scored minus conceded (penalties the others took more, in Contract Rummy)."
    )


class EventStandingsSerializer(serializers.Serializer[Any]):
    event = serializers.IntegerField()
    game = serializers.CharField()
    lower_wins = serializers.BooleanField()
    rows = EventStandingRowSerializer(many=True)
