"""The ASGI entry point, for every page and API view as well as the live scoreboard's server-sent events
(table/live.py). Production serves it with gunicorn's uvicorn workers (the README's command, configured by
scorekeeper/gunicorn_conf.py); for a quick look ``.venv/bin/uvicorn scorekeeper.asgi:application`` does too."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
application = get_asgi_application()
