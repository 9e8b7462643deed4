"""The ASGI entry point: uvicorn serves it, for the live scoreboard's server-sent events (table/live.py)
as well as every ordinary page and API view, e.g.
``.venv/bin/uvicorn scorekeeper.asgi:application --host 0.0.0.0 --port 8000 --workers 4``."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
application = get_asgi_application()
