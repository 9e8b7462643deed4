"""Django for a benchmark: the project's settings and a database of its own, made fresh and dropped after.

On PostgreSQL (``DATABASE_URL``) the database is ``bench_<label>`` on the same server, so a benchmark never
touches the data of a running service or of a test run; on the default SQLite it is in memory.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

if TYPE_CHECKING:  # Django is set up by the functions below, not when this module loads
    from django.contrib.auth.models import User


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()


@contextmanager
def bench_database(label: str) -> Iterator[str]:
    """Yield the database vendor with a freshly migrated database; drop it afterwards."""
    setup_django()
    from django.db import connection

    if connection.vendor == "postgresql":
        connection.settings_dict["TEST"]["NAME"] = f"bench_{label}"
    original = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield connection.vendor
    finally:
        connection.creation.destroy_test_db(original, verbosity=0)


def bench_user(username: str = "bench") -> User:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username=username, password="bench-password-not-secret")


def bench_club(director: User) -> Any:
    """A club whose admin is ``director`` (who may then direct its nights)."""
    from games.models import Club, Membership

    club = Club.objects.create(name="Bench club")
    Membership.objects.create(club=club, user=director, role=Membership.Role.ADMIN)
    return club


def server_database_url(url: str, name: str) -> str:
    """``url`` (a PostgreSQL ``DATABASE_URL``) with its database replaced by ``name``: a benchmark that serves the
    app in other processes (bench/load.py, bench/load_open.py) gives them a database of its own."""
    parts = urlsplit(url)
    if not parts.scheme.startswith("postgres"):
        sys.exit(f"{sys.argv[0]} needs PostgreSQL: set DATABASE_URL=postgres://...")
    return urlunsplit(parts._replace(path=f"/{name}"))


def admin_url(url: str) -> str:
    """``url``'s server, its ``postgres`` database."""
    return urlunsplit(urlsplit(url)._replace(path="/postgres", query=""))


def recreate_server_database(url: str, name: str) -> None:
    """Drop and create the database ``name`` on ``url``'s server (its open connections are closed first)."""
    import psycopg

    admin = admin_url(url)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {name}")


def drop_server_database(url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(admin_url(url), autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
