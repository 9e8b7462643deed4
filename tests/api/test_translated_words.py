"""The words of the pages and the API that Python says, in the request's language (issue 18): the house rules'
labels and help in the games' facts, the choice words of the new-match page, refusals raised by the views, the
import job's reason and Contract Rummy's pack words. Keys, names and codes a client switches on stay as they are."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from exports.models import ExportJob
from exports.serializers import ExportJobSerializer, ImportErrorSerializer
from exports.tasks import EXPORT_BROKE
from games.i18n.translation import localize
from games.rules.contract_rummy.settings import cards_in_pack
from games.rules.messages import message_from_json, message_json, msg
from games.rules.registry import GAME_KEYS
from scorekeeper.clients import lockout_message
from tests.api.helpers import assert_error, start_match
from tests.deals import seep_deal

# The registered games as a refusal lists them.
GAMES = ", ".join(GAME_KEYS)

pytestmark = pytest.mark.django_db

# English words Contract Rummy's not-enough-cards refusal is built of: none may be left in another language.
RUMMY_ENGLISH = re.compile(
    r"\b(packs?|jokers?|players?|cards?|deals?|stock|up-card|dealt|need|has|use)\b", re.IGNORECASE
)


def _game(api: APIClient, key: str, language: str) -> dict[str, Any]:
    response = api.get(f"/api/v1/games/{key}/", headers={"Accept-Language": language})
    assert response.status_code == 200
    assert response["Content-Language"] == language
    body: dict[str, Any] = response.json()
    return body


def _without_words(facts: dict[str, Any]) -> dict[str, Any]:
    return {
        **facts,
        "settings": [{k: v for k, v in row.items() if k not in ("label", "help")} for row in facts["settings"]],
    }


def test_a_games_facts_in_hungarian_have_hungarian_labels_and_help_and_the_same_keys(api: APIClient) -> None:
    english, hungarian = _game(api, "seep", "en"), _game(api, "seep", "hu")
    rows = {row["name"]: row for row in hungarian["settings"]}
    assert (rows["baazi_lead"]["label"], rows["baazi_lead"]["help"]) == (
        "Baazi-előny",
        "Az előny, amely megnyer egy baazit (§S.5).",
    )
    assert rows["sweep_points"]["label"] == "Söprés"
    assert {row["name"]: row["label"] for row in english["settings"]}["baazi_lead"] == "Baazi lead"
    # Everything but the words is the same, in the same order: names, types, choices, kinds, defaults.
    assert _without_words(hungarian) == _without_words(english)
    untranslated = [
        row["name"]
        for row, english_row in zip(hungarian["settings"], english["settings"], strict=True)
        if row["help"] == english_row["help"]
    ]
    assert untranslated == []


@pytest.mark.parametrize("language", ["et", "fa", "hu"])
def test_the_games_list_says_every_games_house_rules_in_the_language_asked_for(api: APIClient, language: str) -> None:
    english = api.get("/api/v1/games/").json()["results"]
    translated = api.get("/api/v1/games/", headers={"Accept-Language": language}).json()["results"]
    assert [_without_words(game) for game in translated] == [_without_words(game) for game in english]
    same = [
        (game["key"], row["name"])
        for game, english_game in zip(translated, english, strict=True)
        for row, english_row in zip(game["settings"], english_game["settings"], strict=True)
        if row["help"] == english_row["help"]
    ]
    assert same == []


def test_an_unknown_game_is_refused_in_estonian_with_the_same_code(api: APIClient) -> None:
    english = assert_error(api.get("/api/v1/games/chess/"), 404, "not_found")
    estonian = assert_error(api.get("/api/v1/games/chess/", headers={"Accept-Language": "et"}), 404, "not_found")
    assert english["detail"] == f"There is no game 'chess'; the games are {GAMES}."
    assert estonian["detail"] == f"Mängu 'chess' ei ole; mängud on {GAMES}."


def _page_config(response: Any) -> dict[str, Any]:
    page = response.content.decode()
    opening = '<script id="page-config" type="application/json">'
    start = page.index(opening) + len(opening)
    body: dict[str, Any] = json.loads(page[start : page.index("</script>", start)])
    return body


def test_the_new_match_page_in_persian_has_persian_house_rules_and_choice_words(user: Any) -> None:
    browser = Client()
    browser.force_login(user)
    persian = _page_config(browser.get("/table/new/", headers={"Accept-Language": "fa"}))
    english = _page_config(browser.get("/table/new/", headers={"Accept-Language": "en"}))
    rows = {row["name"]: row for row in persian["game_facts"]["fifty_six"]["settings"]}
    assert rows["starting_tables"]["label"] == "میزهای آغاز"
    assert rows["all_pass_rule"]["choices"] == [
        "first_speaker_team_plays_28_no_trumps",
        "first_speaker_must_bid",
        "redeal",
    ]
    assert rows["all_pass_rule"]["words"]["redeal"] == "پخشِ دوباره"
    assert english["game_facts"]["fifty_six"]["settings"][3]["label"] == "Starting tables"
    words, said_in_persian = _choice_words(english), _choice_words(persian)
    assert words[("fifty_six", "all_pass_rule", "redeal")] == "Redeal"
    assert set(said_in_persian) == set(words)
    untranslated = [key for key, said in said_in_persian.items() if said == words[key]]
    assert [key for key in untranslated if key[2] not in ("pagat", "bicycle")] == []


def _choice_words(config: dict[str, Any]) -> dict[tuple[str, str, str], str]:
    """Every game's choices in words, by game, setting and value (each setting row's ``words``)."""
    return {
        (game, row["name"], value): said
        for game, facts in config["game_facts"].items()
        for row in facts["settings"]
        for value, said in row.get("words", {}).items()
    }


def test_a_refusal_raised_by_a_view_answers_in_estonian_with_the_same_code_and_field(api: APIClient) -> None:
    match = start_match(api)
    url = f"/api/v1/matches/{match['id']}/deals/?dry_run=maybe"
    english = assert_error(api.post(url, seep_deal(), format="json"), 400, "invalid", "dry_run")
    estonian = assert_error(
        api.post(url, seep_deal(), format="json", headers={"Accept-Language": "et"}), 400, "invalid", "dry_run"
    )
    assert english["detail"] == "dry_run is true or false."
    assert estonian["detail"] == "dry_run on true või false."
    assert estonian["errors"] == [{"code": "invalid", "detail": "dry_run on true või false.", "field": "dry_run"}]


def test_contract_rummys_pack_words_in_a_persian_refusal_leave_no_english(api: APIClient) -> None:
    players = [{"name": f"Player {index}"} for index in range(1, 9)]
    body = {"game": "contract_rummy", "players": players, "settings": {"decks": 1, "jokers": 2}}
    english = assert_error(api.post("/api/v1/matches/", body, format="json"), 400, "not_enough_cards")
    persian = assert_error(
        api.post("/api/v1/matches/", body, format="json", headers={"Accept-Language": "fa"}), 400, "not_enough_cards"
    )
    assert "1 pack + 2 jokers has 54" in english["detail"]
    assert "دسته" in persian["detail"] and "ژوکر" in persian["detail"]
    assert RUMMY_ENGLISH.findall(persian["detail"]) == []
    assert persian["field"] == english["field"] and persian["extra"] == english["extra"]


@pytest.mark.parametrize(
    ("decks", "jokers", "english", "estonian"),
    [
        (1, 0, "1 pack has 52.", "1 pakk annab 52 kaarti."),
        (2, 1, "2 packs + 1 joker have 105.", "2 pakki ja 1 jokker annavad kokku 105 kaarti."),
        (1, 2, "1 pack + 2 jokers has 54.", "1 pakk ja 2 jokkerit annavad kokku 54 kaarti."),
    ],
)
def test_the_cards_a_pack_has_are_one_whole_sentence_each_language_says(
    decks: int, jokers: int, english: str, estonian: str
) -> None:
    sentence = cards_in_pack(decks, jokers)
    assert sentence == english
    with translation.override("et"):
        assert localize(sentence) == estonian


def test_an_import_jobs_reason_is_kept_as_a_message_and_read_in_the_readers_language() -> None:
    detail = msg(
        "{path}: {detail}", path="matches[0].seats", detail=msg("{count} players need as many seats.", count=4)
    )  # the importer's own refusal
    stored = json.loads(
        json.dumps(
            {"code": "import_invalid", "detail": detail, "field": "matches[0].seats", "message": message_json(detail)}
        )
    )
    assert message_from_json(stored["message"]) == detail == "matches[0].seats: 4 players need as many seats."
    with translation.override("en"):  # a request before may have left another language active on this thread
        assert ImportErrorSerializer(stored).data["detail"] == "matches[0].seats: 4 players need as many seats."
    with translation.override("hu"):
        assert ImportErrorSerializer(stored).data == {
            "code": "import_invalid",
            "detail": "matches[0].seats: 4 játékosnak ugyanennyi hely kell.",
            "field": "matches[0].seats",
        }
    # A reason stored before messages were kept (or plain text) is shown as it was.
    assert (
        ImportErrorSerializer({"code": "import_failed", "detail": "Old text.", "field": None}).data["detail"]
        == "Old text."
    )


def test_the_lockout_message_is_said_in_the_active_language() -> None:
    with translation.override("en"):
        assert lockout_message(15 * 60).startswith(
            "Too many failed sign-ins for this account or from this address. Try again in 15 minutes"
        )
    with translation.override("hu"):
        assert "Próbáld újra 15 perc múlva" in lockout_message(15 * 60)


def test_a_matchs_status_on_the_home_page_is_in_the_pages_language(api: APIClient, user: Any) -> None:
    start_match(api)
    browser = Client()
    browser.force_login(user)
    assert "In Progress" in browser.get("/table/", headers={"Accept-Language": "en"}).content.decode()
    estonian = browser.get("/table/", headers={"Accept-Language": "et"}).content.decode()
    assert ">Käib</span>" in estonian and "In Progress" not in estonian


def test_a_refused_choice_names_the_valid_ones_in_the_language_asked_for(api: APIClient) -> None:
    body = {"game": "chess", "players": [{"name": f"Player {index}"} for index in range(1, 5)]}
    english = assert_error(api.post("/api/v1/matches/", body, format="json"), 400, "invalid", "game")
    hungarian = assert_error(
        api.post("/api/v1/matches/", body, format="json", headers={"Accept-Language": "hu"}), 400, "invalid", "game"
    )
    assert english["detail"] == f'"chess" is not a valid choice; games are {GAMES}.'
    assert hungarian["detail"] == (f"„chess” nem érvényes választás; a lehetséges games: {GAMES}.")
    # The matches filter's own refusal too (django-filter's form)
    estonian = assert_error(
        api.get("/api/v1/matches/?status=paused", headers={"Accept-Language": "et"}), 400, "invalid", "status"
    )
    assert estonian["detail"] == "„paused” ei ole lubatud valik; võimalikud statuses: in_progress, finished."


def test_a_token_in_the_wrong_scheme_is_refused_in_persian(api: APIClient) -> None:
    client = APIClient()
    english = assert_error(
        client.get("/api/v1/matches/", headers={"Authorization": "Bearer abc"}), 401, "not_authenticated"
    )
    persian = assert_error(
        client.get("/api/v1/matches/", headers={"Authorization": "Bearer abc", "Accept-Language": "fa"}),
        401,
        "not_authenticated",
    )
    assert english["detail"] == (
        "Send the token as 'Authorization: Token <token>'; no other scheme (such as Bearer) is accepted."
    )
    assert persian["detail"].startswith("توکن را به شکلِ 'Authorization: Token <token>' بفرستید")


def test_an_export_jobs_known_failure_is_shown_in_the_readers_language() -> None:
    job = ExportJob(pk=1, error=str(EXPORT_BROKE))  # as the column keeps it: plain English text
    with translation.override("et"):
        assert ExportJobSerializer().get_error(job) == "Eksport ebaõnnestus serveris; see on logitud."
        assert ExportJobSerializer().get_error(ExportJob(pk=2, error="Something else.")) == "Something else."


def _isolated(text: str) -> str:
    return f"\u2068{text}\u2069"


def test_the_values_in_the_apis_own_persian_refusals_are_isolated(api: APIClient) -> None:
    """As in the engines' refusals: a name, a number, a date or an address inside Persian text is wrapped in a
    first-strong isolate, so the right-to-left sentence around it cannot reorder it (the API's own refusals were
    formatted with str.format and were not)."""
    persian = {"Accept-Language": "fa"}
    club = api.post("/api/v1/clubs/", {"name": "Club"}, format="json").json()["id"]
    league = {
        "club": club,
        "name": "L",
        "game": "seep",
        "settings": {},
        "starts_on": "2026-05-02",
        "ends_on": "2026-05-01",
    }
    players = [{"name": f"Player {index}"} for index in range(1, 5)]
    refusals = [
        (api.get("/api/v1/games/chess/", headers=persian), 404, "not_found", None, ["'chess'", "seep"]),
        (
            api.post("/api/v1/matches/", {"game": "chess", "players": players}, format="json", headers=persian),
            400,
            "invalid",
            "game",
            ["chess", "games", GAMES],
        ),
        (
            api.post("/api/v1/leagues/", league, format="json", headers=persian),
            400,
            "invalid",
            "ends_on",
            ["2026-05-02", "2026-05-01"],
        ),
        (
            api.generic(
                "POST", "/api/v1/matches/", "[" * 40 + "]" * 40, content_type="application/json", headers=persian
            ),
            400,
            "invalid",
            None,
            ["32"],
        ),
        (api.post("/api/v1/matches", {}, format="json", headers=persian), 404, "not_found", None, ["/api/v1/matches/"]),
    ]
    for response, status, code, field, values in refusals:
        detail = assert_error(response, status, code, field)["detail"]
        assert response["Content-Language"] == "fa"
        assert [value for value in values if _isolated(value) not in detail] == [], detail


@pytest.mark.parametrize(
    ("club", "hungarian"), [(5, "Nem vagy tagja az 5 klubnak."), (12, "Nem vagy tagja a 12 klubnak.")]
)
def test_a_club_the_caller_is_not_in_is_refused_with_the_hungarian_article_its_number_is_read_with(
    api: APIClient, club: int, hungarian: str
) -> None:
    body = {"name": "Zoltán", "club": club}
    english = assert_error(api.post("/api/v1/players/", body, format="json"), 400, "invalid", "club")
    refused = assert_error(
        api.post("/api/v1/players/", body, format="json", headers={"Accept-Language": "hu"}), 400, "invalid", "club"
    )
    assert (english["detail"], refused["detail"]) == (f"You belong to no club {club}.", hungarian)
