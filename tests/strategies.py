"""Hypothesis strategies shared by the test modules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy


def any_json(
    *,
    words: Sequence[str] = (),
    keys: Sequence[str] = (),
    any_text_keys: bool = True,
    integers: tuple[int, int],
    floats: bool = True,
    nan: bool = True,
    text_size: int,
    leaves: Sequence[SearchStrategy[Any]] = (),
    list_size: int = 4,
    dict_size: int = 5,
    max_leaves: int,
) -> SearchStrategy[Any]:
    """Any JSON value (None, booleans, integers, floats, text, lists, objects), leaning towards one game's words.

    Arbitrary text almost never spells ``"dealer"`` or ``"S1"``, so a strategy of plain JSON would be refused at the
    first key and never reach the deeper checks. Mixing the game's own words (``words`` as values, ``keys`` as object
    keys) and leaves that are nearly right (``leaves``, e.g. a play with a strange card) into the random values makes
    the engine parse further before it finds what is wrong, which is where a crash would hide.

    ``integers`` is the (min, max) range; ``floats=False`` leaves floats out and ``nan=False`` keeps NaN out;
    ``any_text_keys=False`` keeps objects to ``keys``. ``list_size``, ``dict_size`` and ``max_leaves`` bound the size.
    """
    scalars: list[SearchStrategy[Any]] = [st.none(), st.booleans(), st.integers(*integers)]
    if floats:
        scalars.append(st.floats(allow_nan=nan))
    scalars.append(st.text(max_size=text_size))
    if words:
        scalars.append(st.sampled_from(list(words)))
    object_keys = st.one_of(st.sampled_from(list(keys)), *([st.text(max_size=4)] if any_text_keys else []))
    return st.recursive(
        st.one_of(*scalars, *leaves),
        lambda children: (
            st.lists(children, max_size=list_size) | st.dictionaries(object_keys, children, max_size=dict_size)
        ),
        max_leaves=max_leaves,
    )
