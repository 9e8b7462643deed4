"""The scoreboard's share panel: the share link with its QR code drawn by the server (segno), for the match's
scorers only; the API answers the same QR code."""

from __future__ import annotations

import re
from typing import Any

import pytest
import segno
from django.test import Client
from rest_framework.test import APIClient

from table.share import share_qr_svg
from tests.api.helpers import start_match

pytestmark = pytest.mark.django_db


def page_of(user: Any, path: str) -> str:
    browser = Client()
    browser.force_login(user)
    response = browser.get(path)
    assert response.status_code == 200
    return response.content.decode()


def test_the_qr_code_is_segnos_regular_code_of_the_link_dark_on_white() -> None:
    url = "http://club.example.org/table/s/Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4/"
    svg = share_qr_svg(url)
    code = segno.make_qr(url, error="m")
    assert (code.is_micro, code.error) == (False, "M")
    assert svg == code.svg_inline(
        scale=4,
        border=4,
        omitsize=True,
        dark="#000",
        light="#fff",
        title="QR code of the share link",
        svgclass="qr-code",
    )
    width = (code.symbol_size(border=4)[0]) * 4
    assert svg.startswith(f'<svg viewBox="0 0 {width} {width}" class="qr-code"><title>QR code of the share link')
    assert 'fill="#fff"' in svg
    assert 'stroke="#000"' in svg
    assert share_qr_svg(url.replace("Zm9v", "Zm9w")) != svg


def test_the_api_answers_the_link_with_its_qr_code(api: APIClient) -> None:
    match = start_match(api)
    link = api.post(f"/api/v1/matches/{match['id']}/share/").json()
    assert set(link) == {"token", "page_url", "board_url", "qr_svg"}
    assert link["page_url"] == f"http://testserver/table/s/{link['token']}/"
    assert link["qr_svg"] == share_qr_svg(link["page_url"])


def test_the_board_page_offers_to_make_a_link_when_there_is_none(api: APIClient, user: Any) -> None:
    match = start_match(api)
    page = page_of(user, f"/table/matches/{match['id']}/board/")
    assert '<div id="share-link" hidden>' in page
    assert re.search(r'<button type="button" id="share" class="big primary">Make a share link</button>', page)
    assert "<svg" not in page


def test_the_board_page_draws_the_existing_link_and_its_qr_code(api: APIClient, user: Any) -> None:
    match = start_match(api)
    link = api.post(f"/api/v1/matches/{match['id']}/share/").json()
    page = page_of(user, f"/table/matches/{match['id']}/board/")
    assert f'<figure id="share-qr" class="qr">{share_qr_svg(link["page_url"])}</figure>' in page
    assert f'<input id="share-url" dir="ltr" readonly value="{link["page_url"]}">' in page
    assert '<div id="share-link">' in page
    assert 'id="share" class="big primary" hidden>' in page
    renewed = api.post(f"/api/v1/matches/{match['id']}/share/?renew=true").json()
    page = page_of(user, f"/table/matches/{match['id']}/board/")
    assert share_qr_svg(renewed["page_url"]) in page
    assert share_qr_svg(link["page_url"]) not in page


def test_spectators_get_no_share_panel(api: APIClient) -> None:
    match = start_match(api)
    link = api.post(f"/api/v1/matches/{match['id']}/share/").json()
    shared = Client().get(f"/table/s/{link['token']}/").content.decode()
    assert 'id="share-panel"' not in shared
    assert "qr-code" not in shared
