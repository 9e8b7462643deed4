"""A deal post's body is read without a serializer when it is well formed (issue 31): whatever the body, the
client_deal_id and deal read, or the refusal, must be DealInputSerializer's."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.exceptions import ValidationError

from api.serializers.matches import DealInputSerializer, deal_input

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=8,
)
CLIENT_DEAL_IDS = (
    st.uuids().map(str)
    | st.uuids().map(lambda value: value.hex)
    | st.uuids().map(lambda value: "{" + str(value).upper() + "}")
    | st.uuids().map(lambda value: f"urn:uuid:{value}")
    | JSON_VALUES
)
BODIES = (
    st.fixed_dictionaries({"client_deal_id": CLIENT_DEAL_IDS}, optional={"dealer": st.just("S1"), "x": JSON_VALUES})
    | st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=3)
    | JSON_VALUES
)


def serializers_reading(body: Any) -> tuple[Any, Any]:
    serializer = DealInputSerializer(data=body)
    try:
        serializer.is_valid(raise_exception=True)
    except ValidationError as refusal:
        return "refused", refusal.detail
    return serializer.validated_data["client_deal_id"], serializer.validated_data["payload"]


def reading(body: Any) -> tuple[Any, Any]:
    try:
        return deal_input(body)
    except ValidationError as refusal:
        return "refused", refusal.detail


@given(BODIES)
def test_any_body_reads_as_the_serializer_reads_it(body: Any) -> None:
    assert reading(body) == serializers_reading(body)


@pytest.mark.parametrize(
    ("client_deal_id", "read"),
    [
        (None, None),
        ("1b4e28ba-2fa1-11d2-883f-0016d3cca427", uuid.UUID("1b4e28ba-2fa1-11d2-883f-0016d3cca427")),
        ("1B4E28BA2FA111D2883F0016D3CCA427", uuid.UUID("1b4e28ba-2fa1-11d2-883f-0016d3cca427")),
    ],
)
def test_a_well_formed_post(client_deal_id: Any, read: Any) -> None:
    body = {"client_deal_id": client_deal_id, "dealer": "S1", "card_points": {"A": 60, "B": 40}}
    assert deal_input(body) == (read, {"dealer": "S1", "card_points": {"A": 60, "B": 40}})


@pytest.mark.parametrize("client_deal_id", ["", "5", 5, True, ["1b4e28ba-2fa1-11d2-883f-0016d3cca427"]])
def test_a_client_deal_id_that_is_no_uuid_is_refused_on_its_field(client_deal_id: Any) -> None:
    with pytest.raises(ValidationError) as refused:
        deal_input({"client_deal_id": client_deal_id})
    assert list(refused.value.detail) == ["client_deal_id"]


def test_a_body_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(ValidationError) as refused:
        deal_input(["dealer", "S1"])
    assert refused.value.detail == {"non_field_errors": ["Send the deal as a JSON object."]}
