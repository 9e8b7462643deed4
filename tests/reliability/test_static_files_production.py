"""The production command serves the static files collected, hashed and gzipped, and collects them itself before
its first worker starts when STATIC_ROOT has no manifest (pages would otherwise answer 500)."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

from tests.reliability.production import serve_production
from tests.support.servers import app_env


def test_the_production_server_collects_missing_static_files_and_serves_them_for_good(workdir: Path) -> None:
    static_root = workdir / "static"
    env = app_env(
        workdir,
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        DEBUG="false",
        SECRET_KEY=uuid.uuid4().hex * 2,
        SECURE_SSL_REDIRECT="false",
        STATIC_ROOT=str(static_root),
    )
    # Collecting before the first worker starts takes seconds, or minutes on a busy machine.
    with serve_production(workdir, env, seconds=900) as app, app.client() as client:
        hashed = json.loads((static_root / "staticfiles.json").read_text())["paths"]["table/table.css"]
        page = client.get("/table/login/")
        assert page.status_code == 200
        assert re.search(rf'href="/static/{re.escape(hashed)}"', page.text)
        css = client.get(f"/static/{hashed}", headers={"Accept-Encoding": "gzip"})
        assert (css.status_code, css.headers["Cache-Control"], css.headers["Content-Encoding"]) == (
            200,
            "max-age=315360000, public, immutable",
            "gzip",
        )
    assert "No static files manifest in" in app.log.read_text()
