"""A corpus of malformed and hostile requests, as data. Every one must be refused with a 4xx in the error shape and
leave the database as it was.

Paths hold placeholders filled from the test's world: ``{match}`` (a Seep match of the owner's, with deals 1-3),
``{league_match}``, ``{club}``, ``{league}``, ``{player}``, ``{version}`` (the match's current version). A body is
either JSON-ready data (sent as ``application/json``) or raw bytes with the content type given.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from tests.deals import seep_deal


@dataclass(frozen=True)
class Hostile:
    name: str
    method: str
    path: str
    body: Any = None
    content_type: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)
    status: int | None = None  # the exact status, where one is certain; any 4xx otherwise


MEGABYTE = "x" * (1024 * 1024)
SQL = "'; DROP TABLE games_deal; --"
SCRIPT = "<script>alert(document.cookie)</script>"
HOSTILE_VALUES: dict[str, Any] = {
    "null": None,
    "empty string": "",
    "float": 1.5,
    "negative": -1,
    "huge int": 10**30,
    "list": [],
    "object": {},
    "boolean": True,
    "unknown seat": "S9",
    "script": SCRIPT,
    "sql": SQL,
    "nan text": "NaN",
}
DEALS = "/api/v1/matches/{match}/deals/"
DEAL_1 = "/api/v1/matches/{match}/deals/1/"


def _set(deal: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(deal)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def _without(deal: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    changed = copy.deepcopy(deal)
    target = changed
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    return changed


def wrong_values_in_a_deal() -> list[Hostile]:
    """Each field of a legal Seep deal replaced by each hostile value."""
    fields = [
        ("dealer",),
        ("bid",),
        ("bid", "bidder"),
        ("bid", "value"),
        ("bid", "bidder_hand"),
        ("card_points",),
        ("card_points", "A"),
        ("sweeps", "A"),
        ("sweeps", "A", "regular"),
    ]
    # Optional fields: null means "not given" there, and an empty sweeps object means no sweeps; both are legal.
    legal = {
        (("bid", "bidder"), "null"),
        (("bid", "bidder_hand"), "null"),
        (("sweeps", "A"), "null"),
        (("sweeps", "A"), "object"),
    }
    return [
        Hostile(f"deal {'.'.join(path)} = {label}", "POST", DEALS, _set(seep_deal("S4"), path, value))
        for path in fields
        for label, value in HOSTILE_VALUES.items()
        if (path, label) not in legal
    ]


def missing_fields_in_a_deal() -> list[Hostile]:
    paths = [("dealer",), ("bid",), ("bid", "value"), ("card_points",), ("card_points", "A")]
    return [
        Hostile(f"deal without {'.'.join(path)}", "POST", DEALS, _without(seep_deal("S4"), path), status=400)
        for path in paths
    ]


def odd_deals() -> list[Hostile]:
    deal = seep_deal("S4")
    hand = ("bid", "bidder_hand")
    return [
        Hostile("a card that does not exist", "POST", DEALS, _set(deal, hand, ["ZZ", "4C", "2D", "3S"])),
        Hostile("the same card twice in a hand", "POST", DEALS, _set(deal, hand, ["JH", "JH", "2D", "3S"])),
        Hostile("a hand of forty cards", "POST", DEALS, _set(deal, hand, ["JH"] * 40)),
        Hostile("card points that do not add up", "POST", DEALS, _set(deal, ("card_points",), {"A": 90, "B": 90})),
        Hostile("a third team's points", "POST", DEALS, _set(deal, ("card_points", "C"), 10)),
        Hostile("an unknown field", "POST", DEALS, {**deal, "hidden_field": 1}),
        Hostile("a bid of 8", "POST", DEALS, _set(deal, ("bid", "value"), 8)),
        Hostile("a bid of 10**400", "POST", DEALS, _set(deal, ("bid", "value"), 10**400)),
        Hostile("negative sweeps", "POST", DEALS, _set(deal, ("sweeps", "B", "regular"), -3)),
        Hostile("a thousand sweeps", "POST", DEALS, _set(deal, ("sweeps", "B", "regular"), 1000)),
        Hostile("client_deal_id not a UUID", "POST", DEALS, {**deal, "client_deal_id": "not-a-uuid"}, status=400),
        Hostile("client_deal_id SQL", "POST", DEALS, {**deal, "client_deal_id": SQL}, status=400),
        Hostile("client_deal_id a list", "POST", DEALS, {**deal, "client_deal_id": [str(deal)]}, status=400),
        Hostile("client_deal_id a number", "POST", DEALS, {**deal, "client_deal_id": 5}, status=400),
        Hostile("a deal as a list", "POST", DEALS, [deal], status=400),
        Hostile("a deal as a string", "POST", DEALS, "S1", status=400),
        Hostile("a deal as null", "POST", DEALS, None, status=400),
        Hostile("an empty deal", "POST", DEALS, {}, status=400),
        Hostile("dry_run=maybe", "POST", DEALS + "?dry_run=maybe", deal, status=400),
        Hostile("If-Match not a number", "POST", DEALS, deal, headers={"If-Match": '"seven"'}),
        Hostile("If-Match stale", "POST", DEALS, deal, headers={"If-Match": '"0"'}, status=412),
        Hostile("If-Match huge", "POST", DEALS, deal, headers={"If-Match": f'"{10**40}"'}),
        Hostile("a 1 MB field in a deal", "POST", DEALS, {**deal, "note": MEGABYTE}, status=413),
        Hostile("a deal to a match that does not exist", "POST", "/api/v1/matches/999999/deals/", deal, status=404),
        Hostile("a deal to match 10**30", "POST", f"/api/v1/matches/{10**30}/deals/", deal, status=404),
    ]


def deeply_nested() -> list[Hostile]:
    return [
        Hostile("a list nested 100,000 deep (raw)", "POST", DEALS, b"[" * 100_000 + b"]" * 100_000, status=413),
        Hostile("a list nested 5,000 deep", "POST", DEALS, b"[" * 5_000 + b"]" * 5_000, status=400),
        Hostile("an object nested 5,000 deep", "POST", DEALS, b'{"a":' * 5_000 + b"1" + b"}" * 5_000, status=400),
        Hostile(
            "a bid nested 200 deep", "POST", DEALS, _set(seep_deal("S4"), ("bid", "value"), _nest(200)), status=400
        ),
        Hostile(
            "players nested 2,000 deep",
            "POST",
            "/api/v1/matches/",
            b'{"game": "seep", "players": ' + b"[" * 2000 + b"]" * 2000 + b"}",
            status=400,
        ),
    ]


def _nest(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def malformed_bodies() -> list[Hostile]:
    raw = {
        "truncated JSON": b'{"dealer": "S1", "bid": {',
        "a lone bracket": b"[",
        "just a comma": b",",
        "single quotes": b"{'dealer': 'S1'}",
        "a trailing comma": b'{"dealer": "S1",}',
        "NaN": b'{"dealer": NaN}',
        "Infinity": b'{"bid": {"value": Infinity}}',
        "invalid UTF-8": b'{"dealer": "\xff\xfe"}',
        "invalid UTF-8 alone": b"\xc3\x28\xa0\xa1",
        "UTF-16 with a BOM": '{"dealer": "S1"}'.encode("utf-16"),
        "a NUL byte": b'{"dealer": "S1\x00"}',
        "an escaped NUL": b'{"dealer": "S1\\u0000"}',
        "a lone surrogate": b'{"dealer": "\\ud800"}',
        "an empty body": b"",
        "whitespace only": b"   \n\t ",
        "binary noise": bytes(range(256)),
        "a number": b"1e400",
        "two objects": b'{"dealer": "S1"}{"dealer": "S2"}',
        "XML": b"<deal><dealer>S1</dealer></deal>",
        "JSON with comments": b'{"dealer": "S1" /* hi */}',
    }
    return [Hostile(f"body: {label}", "POST", DEALS, body) for label, body in raw.items()]


def wrong_content_types() -> list[Hostile]:
    body = str(seep_deal("S4")).encode()
    kinds = [
        "text/plain",
        "application/xml",
        "text/html",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/octet-stream",
        "image/png",
        "application/javascript",
        "application/json-patch+json",
        "text/json; charset=utf-8",
    ]
    return [Hostile(f"content type {kind}", "POST", DEALS, body, content_type=kind, status=415) for kind in kinds]


def bad_matches() -> list[Hostile]:
    path = "/api/v1/matches/"
    four = [{"name": f"P{n}"} for n in range(4)]
    bodies = {
        "unknown game": {"game": "chess", "players": four},
        "game as SQL": {"game": SQL, "players": four},
        "game as script": {"game": SCRIPT, "players": four},
        "game as a number": {"game": 7, "players": four},
        "no game": {"players": four},
        "no players": {"game": "seep"},
        "players as a string": {"game": "seep", "players": "Asha, Ravi"},
        "players as an object": {"game": "seep", "players": {"S1": 1}},
        "three players for seep": {"game": "seep", "players": four[:3]},
        "a hundred players": {"game": "seep", "players": [{"name": f"P{n}"} for n in range(100)]},
        "a player id that does not exist": {"game": "seep", "players": [999999, *four[1:]]},
        "a player id 10**30": {"game": "seep", "players": [10**30, *four[1:]]},
        "a negative player id": {"game": "seep", "players": [-4, *four[1:]]},
        "a player id as a float": {"game": "seep", "players": [1.5, *four[1:]]},
        "a player id as true": {"game": "seep", "players": [True, *four[1:]]},
        "an empty name": {"game": "seep", "players": [{"name": ""}, *four[1:]]},
        "a null name": {"game": "seep", "players": [{"name": None}, *four[1:]]},
        "a name of 101 characters": {"game": "seep", "players": [{"name": "n" * 101}, *four[1:]]},
        "a name as a list": {"game": "seep", "players": [{"name": ["Asha"]}, *four[1:]]},
        "a player as null": {"game": "seep", "players": [None, *four[1:]]},
        "an unknown setting": {"game": "seep", "players": four, "settings": {"cheat": True}},
        "a setting as SQL": {"game": "seep", "players": four, "settings": {SQL: 1}},
        "baazi lead as text": {"game": "seep", "players": four, "settings": {"baazi_lead": "100"}},
        "baazi lead negative": {"game": "seep", "players": four, "settings": {"baazi_lead": -100}},
        "baazi lead 10**30": {"game": "seep", "players": four, "settings": {"baazi_lead": 10**30}},
        "settings as a list": {"game": "seep", "players": four, "settings": [1, 2]},
        "settings as a string": {"game": "seep", "players": four, "settings": "fast"},
        "a league that does not exist": {"game": "seep", "players": four, "league": 999999},
        "a league as text": {"game": "seep", "players": four, "league": "winter"},
        "a league of another game": {"game": "bid_euchre", "players": four, "league": "{league}"},
        "56 with five players": {"game": "fifty_six", "players": [{"name": f"P{n}"} for n in range(5)]},
        "56 with unknown trump setting": {"game": "fifty_six", "players": four, "settings": {"decks": "two"}},
        "rummy with one player": {"game": "contract_rummy", "players": four[:1]},
        "a name of 1 MB": {"game": "seep", "players": [{"name": MEGABYTE}, *four[1:]]},
    }
    return [Hostile(f"match: {label}", "POST", path, body) for label, body in bodies.items()]


def bad_corrections_and_voids() -> list[Hostile]:
    deal = {**seep_deal("S1", points_a=70), "reason": "miscounted"}
    version = {"If-Match": '"{version}"'}
    return [
        Hostile("correction without If-Match", "PUT", DEAL_1, deal, status=428),
        Hostile("correction with a stale If-Match", "PUT", DEAL_1, deal, headers={"If-Match": '"0"'}, status=412),
        Hostile("correction with If-Match SQL", "PUT", DEAL_1, deal, headers={"If-Match": SQL}),
        Hostile(
            "correction without a reason",
            "PUT",
            DEAL_1,
            {k: v for k, v in deal.items() if k != "reason"},
            headers=version,
            status=400,
        ),
        Hostile("correction with an empty reason", "PUT", DEAL_1, {**deal, "reason": ""}, headers=version, status=400),
        Hostile(
            "correction with a reason of 501 characters",
            "PUT",
            DEAL_1,
            {**deal, "reason": "r" * 501},
            headers=version,
            status=400,
        ),
        Hostile(
            "correction with a reason as a list", "PUT", DEAL_1, {**deal, "reason": ["x"]}, headers=version, status=400
        ),
        Hostile(
            "correction to an illegal deal", "PUT", DEAL_1, {**deal, "bid": {"value": 8}}, headers=version, status=400
        ),
        Hostile("correction of deal 0", "PUT", "/api/v1/matches/{match}/deals/0/", deal, headers=version),
        Hostile(
            "correction of deal 999", "PUT", "/api/v1/matches/{match}/deals/999/", deal, headers=version, status=404
        ),
        Hostile(
            "correction of deal 10**30", "PUT", f"/api/v1/matches/{{match}}/deals/{10**30}/", deal, headers=version
        ),
        Hostile("correction of deal -1", "PUT", "/api/v1/matches/{match}/deals/-1/", deal, headers=version, status=404),
        Hostile(
            "correction of deal 'one'", "PUT", "/api/v1/matches/{match}/deals/one/", deal, headers=version, status=404
        ),
        Hostile("correction as a list", "PUT", DEAL_1, [deal], headers=version, status=400),
        Hostile("void without a reason", "DELETE", DEAL_1, None, status=400),
        Hostile("void with an empty reason", "DELETE", DEAL_1, {"reason": ""}, status=400),
        Hostile(
            "void with a stale If-Match", "DELETE", DEAL_1, {"reason": "x"}, headers={"If-Match": '"0"'}, status=412
        ),
        Hostile("void of deal 999", "DELETE", "/api/v1/matches/{match}/deals/999/", {"reason": "x"}, status=404),
        Hostile("void with dry_run=perhaps", "DELETE", DEAL_1 + "?dry_run=perhaps", {"reason": "x"}, status=400),
        Hostile("void with a 1 MB reason", "DELETE", DEAL_1, {"reason": MEGABYTE}, status=413),
        Hostile("PATCH a deal", "PATCH", DEAL_1, {"dealer": "S2"}, status=405),
        Hostile("DELETE the deal list", "DELETE", DEALS, None, status=405),
        Hostile("PUT a match", "PUT", "/api/v1/matches/{match}/", {"state": {}}, status=405),
        Hostile("DELETE a match", "DELETE", "/api/v1/matches/{match}/", None, status=405),
    ]


def bad_clubs_leagues_players() -> list[Hostile]:
    members = "/api/v1/clubs/{club}/members/"
    return [
        Hostile("club without a name", "POST", "/api/v1/clubs/", {}, status=400),
        Hostile("club name null", "POST", "/api/v1/clubs/", {"name": None}, status=400),
        Hostile("club name a list", "POST", "/api/v1/clubs/", {"name": [SQL]}, status=400),
        Hostile("club name 1 MB", "POST", "/api/v1/clubs/", {"name": MEGABYTE}, status=413),
        Hostile("club name 10,000 characters", "POST", "/api/v1/clubs/", {"name": "c" * 10_000}, status=400),
        Hostile("member with role king", "POST", members, {"user": "{owner}", "role": "king"}, status=400),
        Hostile("member with role SQL", "POST", members, {"user": "{owner}", "role": SQL}, status=400),
        Hostile("member who does not exist", "POST", members, {"user": 999999, "role": "member"}, status=400),
        Hostile("member user 10**30", "POST", members, {"user": 10**30, "role": "member"}, status=400),
        Hostile("member user as text", "POST", members, {"user": "alice", "role": "member"}, status=400),
        Hostile("member without a role", "POST", members, {"user": "{owner}"}),
        Hostile("remove member 10**30", "DELETE", f"/api/v1/clubs/{{club}}/members/{10**30}/", None),
        Hostile("remove a member who does not exist", "DELETE", "/api/v1/clubs/{club}/members/999999/", None),
        Hostile(
            "league of an unknown game",
            "POST",
            "/api/v1/leagues/",
            {"club": "{club}", "name": "L", "game": "chess"},
            status=400,
        ),
        Hostile(
            "league with an unknown setting",
            "POST",
            "/api/v1/leagues/",
            {"club": "{club}", "name": "L", "game": "seep", "settings": {"cheat": 1}},
            status=400,
        ),
        Hostile(
            "league of a club that does not exist",
            "POST",
            "/api/v1/leagues/",
            {"club": 999999, "name": "L", "game": "seep"},
            status=400,
        ),
        Hostile(
            "league ending before it starts",
            "POST",
            "/api/v1/leagues/",
            {"club": "{club}", "name": "L", "game": "seep", "starts_on": "2026-05-01", "ends_on": "2026-01-01"},
            status=400,
        ),
        Hostile(
            "league starting on a non-date",
            "POST",
            "/api/v1/leagues/",
            {"club": "{club}", "name": "L", "game": "seep", "starts_on": "yesterday"},
            status=400,
        ),
        Hostile(
            "league starting on 2026-02-30",
            "POST",
            "/api/v1/leagues/",
            {"club": "{club}", "name": "L", "game": "seep", "starts_on": "2026-02-30"},
            status=400,
        ),
        Hostile("league changing its game", "PATCH", "/api/v1/leagues/{league}/", {"game": "bid_euchre"}, status=400),
        Hostile(
            "league changing its club to one that does not exist",
            "PATCH",
            "/api/v1/leagues/{league}/",
            {"club": 999999},
            status=400,
        ),
        Hostile("player without a name", "POST", "/api/v1/players/", {}, status=400),
        Hostile("player with an empty name", "POST", "/api/v1/players/", {"name": ""}, status=400),
        Hostile(
            "player with a club that does not exist",
            "POST",
            "/api/v1/players/",
            {"name": "A", "club": 999999},
            status=400,
        ),
        Hostile("player linked to user 10**30", "POST", "/api/v1/players/", {"name": "A", "user": 10**30}, status=400),
        Hostile("player renamed to null", "PATCH", "/api/v1/players/{player}/", {"name": None}, status=400),
        Hostile("player 10**30", "GET", f"/api/v1/players/{10**30}/", None, status=404),
        Hostile("scorer who does not exist", "POST", "/api/v1/matches/{match}/scorers/", {"user": 999999}, status=400),
        Hostile("scorer as text", "POST", "/api/v1/matches/{match}/scorers/", {"user": SCRIPT}, status=400),
    ]


def bad_reads_and_credentials() -> list[Hostile]:
    return [
        Hostile("a page that does not exist", "GET", "/api/v1/matches/?page=999", None, status=404),
        Hostile("page -1", "GET", "/api/v1/matches/?page=-1", None, status=404),
        Hostile("page as SQL", "GET", f"/api/v1/matches/?page={SQL}", None, status=404),
        Hostile("filter by an unknown game", "GET", "/api/v1/matches/?game=chess", None, status=400),
        Hostile("filter by an unknown status", "GET", "/api/v1/matches/?status=paused", None, status=400),
        Hostile("filter by league 1.5", "GET", "/api/v1/matches/?league=1.5", None, status=400),
        Hostile("filter by league -1e308", "GET", "/api/v1/matches/?league=-1e308", None, status=400),
        Hostile("filter by player 10**30", "GET", f"/api/v1/matches/?player={10**30}", None, status=400),
        Hostile("filter by player SQL", "GET", f"/api/v1/matches/?player={SQL}", None, status=400),
        Hostile("deal page size 10**30", "GET", f"/api/v1/matches/{{match}}/deals/?page={10**30}", None, status=404),
        Hostile("a match that does not exist", "GET", "/api/v1/matches/999999/", None, status=404),
        Hostile("match 10**30", "GET", f"/api/v1/matches/{10**30}/", None, status=404),
        Hostile("match 'abc'", "GET", "/api/v1/matches/abc/", None, status=404),
        Hostile("deal 10**30", "GET", f"/api/v1/matches/{{match}}/deals/{10**30}/", None, status=404),
        Hostile("an address that matches no route", "GET", "/api/v1/nothing-here/", None, status=404),
        Hostile("a bad token", "GET", "/api/v1/matches/", None, headers={"Authorization": "Token nope"}, status=401),
        Hostile("a token as SQL", "GET", "/api/v1/me/", None, headers={"Authorization": f"Token {SQL}"}, status=401),
        Hostile("a Bearer token", "GET", "/api/v1/me/", None, headers={"Authorization": "Bearer abc"}, status=401),
        Hostile("Token with two words", "GET", "/api/v1/me/", None, headers={"Authorization": "Token a b"}, status=401),
        Hostile("Token with no key", "GET", "/api/v1/me/", None, headers={"Authorization": "Token"}, status=401),
        Hostile(
            "a token of 10,000 characters",
            "POST",
            DEALS,
            seep_deal("S4"),
            headers={"Authorization": "Token " + "k" * 10_000},
            status=401,
        ),
        Hostile(
            "sign in with a wrong password",
            "POST",
            "/api/v1/auth/token/",
            {"username": "{username}", "password": "wrong"},
            status=400,
        ),
        Hostile("sign in with SQL", "POST", "/api/v1/auth/token/", {"username": SQL, "password": SQL}, status=400),
        Hostile(
            "sign in with lists", "POST", "/api/v1/auth/token/", {"username": ["a"], "password": ["b"]}, status=400
        ),
        Hostile("sign in with nothing", "POST", "/api/v1/auth/token/", {}, status=400),
        Hostile(
            "If-None-Match SQL",
            "GET",
            "/api/v1/matches/{match}/?dry_run=1",
            None,
            headers={"If-None-Match": SQL, "Accept": "text/csv"},
            status=406,
        ),
        Hostile(
            "Accept only XML",
            "GET",
            "/api/v1/matches/{match}/",
            None,
            headers={"Accept": "application/xml"},
            status=406,
        ),
    ]


def corpus() -> list[Hostile]:
    return [
        *wrong_values_in_a_deal(),
        *missing_fields_in_a_deal(),
        *odd_deals(),
        *deeply_nested(),
        *malformed_bodies(),
        *wrong_content_types(),
        *bad_matches(),
        *bad_corrections_and_voids(),
        *bad_clubs_leagues_players(),
        *bad_reads_and_credentials(),
    ]
