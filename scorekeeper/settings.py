"""One settings module, read from the environment (django-environ); malformed values fail loudly.

With nothing set it runs the embedded default: SQLite, an in-memory cache and Celery tasks executed
in-process. ``DATABASE_URL`` and ``REDIS_URL`` switch to PostgreSQL and Redis. Production needs
``SECRET_KEY``, ``DATABASE_URL``, ``REDIS_URL`` and ``DEBUG=false``.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import environ
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from kombu import Queue

from scorekeeper.cache import redis_caches

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
TRUE_WORDS, FALSE_WORDS = {"true", "1", "yes", "on"}, {"false", "0", "no", "off"}


def strict_bool(name: str, raw: str) -> bool:
    word = raw.strip().lower()
    if word not in TRUE_WORDS | FALSE_WORDS:
        raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}.")
    return word in TRUE_WORDS


def env_bool(name: str, default: bool) -> bool:
    """django-environ reads any unknown word as false; a typo in DEBUG must stop the service instead."""
    return strict_bool(name, env.str(name, default=str(default)))


if (BASE_DIR / ".env").exists():
    environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG: bool = env_bool("DEBUG", default=True)
SECRET_KEY: str = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is false.")
    SECRET_KEY = "insecure-development-key-only-for-debug"  # never used with DEBUG off
ALLOWED_HOSTS: list[str] = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS: list[str] = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "axes",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "games",
    "api",
    "table",
    "exports",
    "webhooks",
    "nights",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",  # the cookie or Accept-Language; sets Content-Language and Vary
    "api.middleware.CommonMiddleware",  # Django's, but a write is never redirected to the slash (its body is lost)
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "api.languages.SavedLanguageMiddleware",  # a page: the signed-in user's saved language beats the cookie
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "scorekeeper.sign_in_locks.DeviceCookieMiddleware",  # the device cookie of a successful sign-in
    "axes.middleware.AxesMiddleware",  # last: turns a locked page sign-in into the lockout page
]

# Content-Security-Policy (django-csp): everything from this origin, no inline script at all (the pages load ES
# modules; their config and first board are JSON, which a browser never runs, so no nonce is needed), no inline
# style, nothing framed, no plugins. /api/v1/docs/ relaxes it for Swagger UI's inline style (api/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"
ASGI_APPLICATION = "scorekeeper.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "table.i18n.page_language",
            ]
        },
    }
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if isinstance(DATABASES["default"].get("CONN_HEALTH_CHECKS"), str):
    # django-environ passes ?conn_health_checks=false on as the word "false", which Django would take as true.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = strict_bool(
        "DATABASE_URL's conn_health_checks", DATABASES["default"]["CONN_HEALTH_CHECKS"]
    )
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# The embedded default (SQLite) under a table's concurrency: write-ahead logging lets reads go on while one request
# writes; every transaction takes the write lock when it begins (IMMEDIATE), so two requests that read and then
# write queue for the lock instead of one failing at once ("database is locked": SQLite cannot wait for a read lock
# to become a write lock); and a request waits up to SQLITE_BUSY_TIMEOUT_SECONDS for its turn, then answers
# 503 database_busy with Retry-After (api/exceptions.py). synchronous=NORMAL is WAL's usual pairing: a commit
# survives a crash of the process, only a power cut may lose the last ones.
SQLITE_BUSY_TIMEOUT_SECONDS: float = env.float("SQLITE_BUSY_TIMEOUT_SECONDS", default=20.0)
if SQLITE_BUSY_TIMEOUT_SECONDS <= 0:
    raise ImproperlyConfigured("SQLITE_BUSY_TIMEOUT_SECONDS must be more than 0.")
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": SQLITE_BUSY_TIMEOUT_SECONDS,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    )

# Under the ASGI server (the production command) each request does its database work in a thread of its own, so
# connections are neither kept between requests (conn_max_age keeps nothing) nor bounded: a burst of requests opens
# one each, and PostgreSQL refuses those beyond its max_connections. A pool per web process holds at most
# DATABASE_POOL_MAX_SIZE; a request waits up to DATABASE_POOL_TIMEOUT seconds for a free one. 0: no pool.
DATABASE_POOL_MAX_SIZE: int = env.int("DATABASE_POOL_MAX_SIZE", default=0)
DATABASE_POOL_TIMEOUT: float = env.float("DATABASE_POOL_TIMEOUT", default=10.0)
if DATABASE_POOL_MAX_SIZE:
    if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_POOL_MAX_SIZE needs a PostgreSQL DATABASE_URL.")
    if DATABASES["default"].get("CONN_MAX_AGE"):
        raise ImproperlyConfigured("DATABASE_POOL_MAX_SIZE keeps the connections: drop conn_max_age from DATABASE_URL.")
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DATABASE_POOL_MAX_SIZE,
        "timeout": DATABASE_POOL_TIMEOUT,
    }
# No statement may run on after the request that started it has given up (gunicorn kills a worker after 30 s, but
# PostgreSQL would carry on): PostgreSQL cancels any statement running longer. 0 turns it off. Import jobs set
# their own, longer, per transaction (IMPORT_STATEMENT_TIMEOUT_MS).
DATABASE_STATEMENT_TIMEOUT_MS: int = env.int("DATABASE_STATEMENT_TIMEOUT_MS", default=30_000)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DATABASE_STATEMENT_TIMEOUT_MS:
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options["options"] = f"{options.get('options', '')} -c statement_timeout={DATABASE_STATEMENT_TIMEOUT_MS}".strip()
# The deal post's few hot statements are prepared on each connection the first time it runs them
# (games/services/prepared.py): PostgreSQL then plans them once, not at every post. A pooler in transaction mode that
# does not carry prepared statements (PgBouncer before 1.21) needs it off; Django's other statements are never prepared.
DATABASE_PREPARED_STATEMENTS: bool = env_bool("DATABASE_PREPARED_STATEMENTS", default=True)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DATABASE_PREPARED_STATEMENTS:
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 0
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL: str = env.str("REDIS_URL", default="")
REDIS_SOCKET_TIMEOUT_SECONDS: float = env.float("REDIS_SOCKET_TIMEOUT_SECONDS", default=1.0)
REDIS_RETRY_SECONDS: float = env.float("REDIS_RETRY_SECONDS", default=5.0)
if REDIS_SOCKET_TIMEOUT_SECONDS <= 0 or REDIS_RETRY_SECONDS < 0:
    raise ImproperlyConfigured("REDIS_SOCKET_TIMEOUT_SECONDS must be above 0 and REDIS_RETRY_SECONDS 0 or more.")
# Every synchronous use of Redis in a process (cache, throttling, health, live events) shares one pool of at most
# this many connections (scorekeeper/redis_pool.py); a request finding them all lent waits up to the timeout, then
# the cache stands in with memory for that call. The live streams' one pub/sub connection is apart.
REDIS_POOL_MAX_CONNECTIONS: int = env.int("REDIS_POOL_MAX_CONNECTIONS", default=2)
REDIS_POOL_TIMEOUT_SECONDS: float = env.float("REDIS_POOL_TIMEOUT_SECONDS", default=2.0)
if REDIS_POOL_MAX_CONNECTIONS < 1 or REDIS_POOL_TIMEOUT_SECONDS <= 0:
    raise ImproperlyConfigured("REDIS_POOL_MAX_CONNECTIONS must be at least 1 and REDIS_POOL_TIMEOUT_SECONDS above 0.")
# Redis's publish/subscribe ignores the database number: two deployments sharing one Redis server (or the test
# suite's parallel workers) name their live channels apart with this prefix.
LIVE_CHANNEL_PREFIX: str = env.str("LIVE_CHANNEL_PREFIX", default="")
if REDIS_URL:
    # While Redis cannot be reached the cache stands in with process memory (scorekeeper/cache.py): no 500s.
    CACHES = redis_caches(REDIS_URL, socket_timeout=REDIS_SOCKET_TIMEOUT_SECONDS, retry_seconds=REDIS_RETRY_SECONDS)
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: Redis as broker when configured, otherwise every task runs in-process at once.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER: bool = env_bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A task whose worker died is handed out again after this long (Redis's default is an hour). It must stay above
# the longest task's hard time limit (exports: 16 minutes), or a slow export would run twice.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=20 * 60)}

# Sign-in locks (scorekeeper/sign_in_locks.py, on django-axes' record) on every password sign-in: the API token, the
# table's login and the admin's. They stop the one guessing, not the owner: SIGN_IN_FAILURE_LIMIT failures lock the
# pair of account and address; SIGN_IN_ADDRESS_FAILURE_LIMIT failures an address whatever the accounts, and
# SIGN_IN_ACCOUNT_FAILURE_LIMIT an account whatever the addresses, except from an address it signed in from before
# (0 turns either off); none applies on a device the account signed in on before (a signed cookie kept
# SIGN_IN_DEVICE_COOKIE_DAYS). A lock lasts SIGN_IN_LOCKOUT_MINUTES from the failure that set it, doubling with each
# failure after it ends, up to SIGN_IN_LOCKOUT_MAX_MINUTES; attempts during a lock do not restart it. 0 minutes:
# until an administrator lifts it (the admin's "Access attempts", or `manage.py axes_reset_username <name>` /
# `axes_reset_ip <address>`). Failures are forgotten SIGN_IN_FAILURES_KEPT_HOURS after the latest one.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
SIGN_IN_FAILURE_LIMIT: int = env.int("SIGN_IN_FAILURE_LIMIT", default=10)
SIGN_IN_ADDRESS_FAILURE_LIMIT: int = env.int("SIGN_IN_ADDRESS_FAILURE_LIMIT", default=30)
SIGN_IN_ACCOUNT_FAILURE_LIMIT: int = env.int("SIGN_IN_ACCOUNT_FAILURE_LIMIT", default=100)
SIGN_IN_LOCKOUT_MINUTES: int = env.int("SIGN_IN_LOCKOUT_MINUTES", default=15)
SIGN_IN_LOCKOUT_MAX_MINUTES: int = env.int("SIGN_IN_LOCKOUT_MAX_MINUTES", default=24 * 60)
SIGN_IN_FAILURES_KEPT_HOURS: int = env.int("SIGN_IN_FAILURES_KEPT_HOURS", default=48)
SIGN_IN_DEVICE_COOKIE_DAYS: int = env.int("SIGN_IN_DEVICE_COOKIE_DAYS", default=365)
if SIGN_IN_FAILURE_LIMIT < 1 or SIGN_IN_ADDRESS_FAILURE_LIMIT < 0 or SIGN_IN_ACCOUNT_FAILURE_LIMIT < 0:
    raise ImproperlyConfigured(
        "SIGN_IN_FAILURE_LIMIT must be at least 1, "
        "SIGN_IN_ADDRESS_FAILURE_LIMIT and SIGN_IN_ACCOUNT_FAILURE_LIMIT 0 or more."
    )
if SIGN_IN_LOCKOUT_MINUTES < 0 or SIGN_IN_LOCKOUT_MAX_MINUTES < SIGN_IN_LOCKOUT_MINUTES:
    raise ImproperlyConfigured("SIGN_IN_LOCKOUT_MINUTES must be 0 or more and SIGN_IN_LOCKOUT_MAX_MINUTES no less.")
if SIGN_IN_FAILURES_KEPT_HOURS * 60 <= SIGN_IN_LOCKOUT_MAX_MINUTES or SIGN_IN_DEVICE_COOKIE_DAYS < 1:
    # Failures forgotten before the longest lock ends would end it early.
    raise ImproperlyConfigured(
        "SIGN_IN_FAILURES_KEPT_HOURS must be longer than SIGN_IN_LOCKOUT_MAX_MINUTES "
        "and SIGN_IN_DEVICE_COOKIE_DAYS at least 1."
    )
AXES_HANDLER = "scorekeeper.sign_in_locks.SignInLockHandler"
AXES_FAILURE_LIMIT = SIGN_IN_FAILURE_LIMIT
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address", "username"]  # how the handler decides
# axes forgets failures older than this (its cool-off); the locks' lengths are the handler's.
AXES_COOLOFF_TIME = timedelta(hours=SIGN_IN_FAILURES_KEPT_HOURS)
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # a refused attempt is not recorded: it cannot restart a lock
AXES_CLIENT_IP_CALLABLE = "scorekeeper.clients.client_address"  # the same address, and proxy rule, as the throttle
AXES_LOCKOUT_CALLABLE = "table.lockout.sign_in_locked_page"
# A success must not clear the failures: an attacker would sign in to their own account between guesses.
AXES_RESET_ON_SUCCESS = False
# One queue per kind of job, so that one club's unreachable webhook, retried, cannot hold up everyone's exports:
# give each its own workers (`make worker QUEUES=exports`); a worker started without QUEUES takes them all.
EXPORTS_QUEUE: str = env.str("EXPORTS_QUEUE", default="exports")
WEBHOOKS_QUEUE: str = env.str("WEBHOOKS_QUEUE", default="webhooks")
IMPORTS_QUEUE: str = env.str("IMPORTS_QUEUE", default="imports")
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = [
    Queue(name) for name in dict.fromkeys([CELERY_TASK_DEFAULT_QUEUE, EXPORTS_QUEUE, WEBHOOKS_QUEUE, IMPORTS_QUEUE])
]
CELERY_TASK_ROUTES = {
    "exports.tasks.run_export": {"queue": EXPORTS_QUEUE},
    "exports.tasks.deliver_webhook": {"queue": WEBHOOKS_QUEUE},
    "exports.tasks.run_import": {"queue": IMPORTS_QUEUE},
}

# Club webhooks (webhooks/addresses.py) never reach private, loopback, link-local or shared addresses unless allowed
# (a receiver on the operator's own network, or the tests' local receivers).
WEBHOOK_ALLOW_PRIVATE_ADDRESSES: bool = env_bool("WEBHOOK_ALLOW_PRIVATE_ADDRESSES", default=False)
# A club may register this many webhooks, and have this many deliveries handed to the queue and not finished
# (retries included); the rest wait in the database for their turn instead of filling the queue.
WEBHOOKS_PER_CLUB: int = env.int("WEBHOOKS_PER_CLUB", default=10)
WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB: int = env.int("WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB", default=20)
# ... and the account that registered the webhooks this many, over all its clubs: one account with many clubs takes
# no more of the queue than one club.
WEBHOOK_DELIVERIES_IN_FLIGHT_PER_ACCOUNT: int = env.int("WEBHOOK_DELIVERIES_IN_FLIGHT_PER_ACCOUNT", default=20)
# How long a delivery waits for the receiver to connect, and for each read of its answer.
WEBHOOK_TIMEOUT_SECONDS: float = env.float("WEBHOOK_TIMEOUT_SECONDS", default=5)
if (
    WEBHOOKS_PER_CLUB < 0
    or min(WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB, WEBHOOK_DELIVERIES_IN_FLIGHT_PER_ACCOUNT) < 1
    or WEBHOOK_TIMEOUT_SECONDS <= 0
):
    # No delivery would ever leave with a bound of 0 in flight.
    raise ImproperlyConfigured(
        "WEBHOOKS_PER_CLUB must be 0 or more, WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB and "
        "WEBHOOK_DELIVERIES_IN_FLIGHT_PER_ACCOUNT at least 1, and WEBHOOK_TIMEOUT_SECONDS more than 0."
    )
# Health asks the Celery workers with a ping that waits at most this long, and keeps the answer this many seconds.
HEALTH_WORKERS_TIMEOUT_SECONDS: float = env.float("HEALTH_WORKERS_TIMEOUT_SECONDS", default=0.5)
HEALTH_WORKERS_CACHE_SECONDS: int = env.int("HEALTH_WORKERS_CACHE_SECONDS", default=10)
if HEALTH_WORKERS_TIMEOUT_SECONDS <= 0 or HEALTH_WORKERS_CACHE_SECONDS < 0:
    raise ImproperlyConfigured(
        "HEALTH_WORKERS_TIMEOUT_SECONDS must be more than 0 and HEALTH_WORKERS_CACHE_SECONDS 0 or more."
    )
# The DEBUG error page and error reports hide URLs with a password too (REDIS_URL, CELERY_BROKER_URL, ...).
DEFAULT_EXCEPTION_REPORTER_FILTER = "scorekeeper.error_reports.CredentialsHidingFilter"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The players' languages (issue 18): English is the source, the catalogues in locale/ carry the rest. A request's
# language is the signed-in user's saved one, else the language cookie (/i18n/setlang/), else Accept-Language.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("et", "Eesti"), ("fa", "فارسی"), ("hu", "Magyar")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = env.int("LANGUAGE_COOKIE_AGE", default=365 * 24 * 3600)
TIME_ZONE = env.str("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where `manage.py collectstatic` puts the hashed, compressed copies production serves (whitenoise).
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(BASE_DIR / "var" / "media")))
# The manifest storage with DEBUG too: under runserver it answers the plain names from the apps' folders (no
# collectstatic needed); with DEBUG off it answers the hashed names in STATIC_ROOT's manifest (scorekeeper/storage.py).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "scorekeeper.storage.StaticFilesStorage"},
}

# A deal is a few hundred bytes; anything near this is a mistake or an attack.
API_MAX_BODY_BYTES: int = env.int("API_MAX_BODY_BYTES", default=64 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = API_MAX_BODY_BYTES
# A deal nests four levels; nothing the API accepts comes near this. Deeper bodies are refused with 400 before any view
# reads them (api/parsers.py), so no request reaches Python's recursion limit.
API_MAX_JSON_DEPTH: int = env.int("API_MAX_JSON_DEPTH", default=32)
if not 8 <= API_MAX_JSON_DEPTH <= 500:
    raise ImproperlyConfigured(
        "API_MAX_JSON_DEPTH must be from 8 to 500: deals nest four levels, Python recurses 1000."
    )

# Live scoreboard streams (table/live.py), counted in each web process: per client address (the peer the server saw,
# so one club's Wi-Fi behind one address shares it) and in all. Beyond them a stream answers 429 or 503 and the
# page polls instead.
LIVE_STREAMS_PER_CLIENT: int = env.int("LIVE_STREAMS_PER_CLIENT", default=20)
LIVE_STREAMS_PER_PROCESS: int = env.int("LIVE_STREAMS_PER_PROCESS", default=200)
# Each opening stream holds a database connection while it checks access (then lets it go): this many at once.
LIVE_STREAMS_CHECKING_AT_ONCE: int = env.int("LIVE_STREAMS_CHECKING_AT_ONCE", default=4)
# A stream's queue of events not yet sent (table/hub.py); a viewer this far behind is told to re-read the board.
LIVE_STREAM_QUEUE_SIZE: int = env.int("LIVE_STREAM_QUEUE_SIZE", default=8)
if LIVE_STREAM_QUEUE_SIZE < 1:
    raise ImproperlyConfigured("LIVE_STREAM_QUEUE_SIZE must be 1 or more.")

# The production server (scorekeeper/gunicorn_conf.py): an idle keep-alive connection is closed after this long.
WEB_KEEPALIVE_SECONDS: int = env.int("WEB_KEEPALIVE_SECONDS", default=5)
# Each production worker freezes the objects it holds once started, out of the garbage collector's full collections
# (scorekeeper/heap.py: a full collection of a started worker's heap paused every request on it for 150-210 ms).
WEB_GC_FREEZE: bool = env.bool("WEB_GC_FREEZE", default=True)
# Each production worker listens on a socket of its own (SO_REUSEPORT, Linux), so the kernel spreads new connections
# evenly; on the one shared socket the first worker to wake takes many at once and keeps them while they are used
# (bench/README.md, issue 31: about a third more deals a second from 16 keep-alive clients, yet no better open-loop
# tail; a restart resets the connections still queued on a stopping worker's socket). Off: the one shared socket.
WEB_REUSE_PORT: bool = env.bool("WEB_REUSE_PORT", default=False)
# How many reverse proxies of ours stand in front: only then does X-Forwarded-For name the client (the entry that
# many places from the right). 0: the socket's address is the client, whatever headers say (scorekeeper/clients.py).
TRUSTED_PROXY_COUNT: int = env.int("TRUSTED_PROXY_COUNT", default=0)
if TRUSTED_PROXY_COUNT < 0:
    raise ImproperlyConfigured("TRUSTED_PROXY_COUNT must be 0 or more.")
# Imports (docs/interchange.md): the largest file taken, files above IMPORT_ASYNC_BYTES run as a job (202, poll it),
# the deepest nesting read, rows written per statement, and the statement timeout inside an import job.
IMPORT_MAX_BYTES: int = env.int("IMPORT_MAX_BYTES", default=50 * 1024 * 1024)
IMPORT_ASYNC_BYTES: int = env.int("IMPORT_ASYNC_BYTES", default=1024 * 1024)
IMPORT_MAX_DEPTH: int = env.int("IMPORT_MAX_DEPTH", default=64)
IMPORT_BATCH_SIZE: int = env.int("IMPORT_BATCH_SIZE", default=500)
IMPORT_STATEMENT_TIMEOUT_MS: int = env.int("IMPORT_STATEMENT_TIMEOUT_MS", default=10 * 60 * 1000)
# The most values (objects, lists, texts, numbers, ...) an import file may hold: counted while the file is streamed,
# before it is decoded, so an import's memory is bounded whatever the file (bench/README.md "Import memory").
IMPORT_MAX_ITEMS: int = env.int("IMPORT_MAX_ITEMS", default=2_000_000)
if IMPORT_MAX_ITEMS < 1:
    raise ImproperlyConfigured("IMPORT_MAX_ITEMS must be 1 or more.")
# Export and import jobs (exports/quotas.py, exports/dispatch.py): an account may have this many queued or running
# at once and start this many an hour, a club (the scope of an export; an import or a friendly match's export has
# none) as many; the next is refused with 429 job_quota_exceeded and Retry-After. Of a club's (or, for jobs of no
# club, an account's) queued jobs only JOBS_HANDED_OUT_PER_CLUB are handed to the workers at a time; the rest wait
# in the database, so one club's flood waits behind its own jobs only.
JOBS_IN_FLIGHT_PER_ACCOUNT: int = env.int("JOBS_IN_FLIGHT_PER_ACCOUNT", default=5)
JOBS_IN_FLIGHT_PER_CLUB: int = env.int("JOBS_IN_FLIGHT_PER_CLUB", default=10)
JOBS_PER_HOUR_PER_ACCOUNT: int = env.int("JOBS_PER_HOUR_PER_ACCOUNT", default=60)
JOBS_PER_HOUR_PER_CLUB: int = env.int("JOBS_PER_HOUR_PER_CLUB", default=120)
JOBS_HANDED_OUT_PER_CLUB: int = env.int("JOBS_HANDED_OUT_PER_CLUB", default=1)
if (
    min(JOBS_IN_FLIGHT_PER_ACCOUNT, JOBS_IN_FLIGHT_PER_CLUB, JOBS_PER_HOUR_PER_ACCOUNT, JOBS_PER_HOUR_PER_CLUB) < 1
    or JOBS_HANDED_OUT_PER_CLUB < 1
):
    raise ImproperlyConfigured(
        "JOBS_IN_FLIGHT_PER_ACCOUNT, JOBS_IN_FLIGHT_PER_CLUB, JOBS_PER_HOUR_PER_ACCOUNT, JOBS_PER_HOUR_PER_CLUB and "
        "JOBS_HANDED_OUT_PER_CLUB must be 1 or more."
    )
# A page of the audit log stops before the entry that would take it past this many bytes of JSON (``next`` goes on).
AUDIT_PAGE_MAX_BYTES: int = env.int("AUDIT_PAGE_MAX_BYTES", default=256 * 1024)
# Ratings and standings are folded on from what was kept (games/selectors/tallies/folds.py): a read looks at the
# pool's matches changed within this many seconds of the latest change it saw, so a change that commits that much
# later than a newer one is still found (a finished match missed for longer is caught by the count and folds the
# pool again).
STANDINGS_CHANGE_MARGIN_SECONDS: int = env.int("STANDINGS_CHANGE_MARGIN_SECONDS", default=300)
# ... and keep a checkpoint every this many matches, from which a correction of an old match folds on.
STANDINGS_CHECKPOINT_EVERY: int = env.int("STANDINGS_CHECKPOINT_EVERY", default=250)
# A correction or void replays every later deal; each process keeps this many stored deals parsed (by their JSON and
# the match's rules), so a preview and the change after it, or the next correction, do not parse them again (issue
# 28). About 2.5 KB each (a Seep deal): 10 MB at the default; 0 keeps none. Every deal is still checked against the
# state it meets.
REPLAY_PARSED_DEALS: int = env.int("REPLAY_PARSED_DEALS", default=4_000)
if REPLAY_PARSED_DEALS < 0:
    raise ImproperlyConfigured("REPLAY_PARSED_DEALS must be 0 or more.")
# Live events (Redis PUBLISH after commit) may be handed to one publisher thread per process, in order, so a request
# does not wait for Redis (issue 31); at most this many wait there (a stuck Redis: later ones are dropped, as a failed
# PUBLISH is), and at exit the thread gets this long to publish them. 0 (the default: no gain was measured,
# bench/README.md) publishes on the request's thread.
LIVE_PUBLISH_QUEUE: int = env.int("LIVE_PUBLISH_QUEUE", default=0)
LIVE_PUBLISH_DRAIN_SECONDS: float = env.float("LIVE_PUBLISH_DRAIN_SECONDS", default=2.0)
if LIVE_PUBLISH_QUEUE < 0 or LIVE_PUBLISH_DRAIN_SECONDS < 0:
    raise ImproperlyConfigured("LIVE_PUBLISH_QUEUE and LIVE_PUBLISH_DRAIN_SECONDS must be 0 or more.")
# A deal post on PostgreSQL reads the match without a lock and writes the deal and the match's new state in one
# statement only if the match is still at the version it read (issue 31); a post that meets another phone's deal in
# between plays again on the new state, this many times in all, then waits its turn under the row lock (so a busy
# table never refuses a deal for it). 0 always takes the lock.
DEAL_OPTIMISTIC_ATTEMPTS: int = env.int("DEAL_OPTIMISTIC_ATTEMPTS", default=3)
if DEAL_OPTIMISTIC_ATTEMPTS < 0:
    raise ImproperlyConfigured("DEAL_OPTIMISTIC_ATTEMPTS must be 0 or more.")
# The scoreboard (signed-in and shared) sends this many of the latest deals; ``?before=`` asks for older ones.
BOARD_DEALS_WINDOW: int = env.int("BOARD_DEALS_WINDOW", default=100)
# A board's JSON is built once per version and kept in the cache this long (table/api.py). A new deal, correction,
# void or answer makes a new version at once; this bounds only what the version does not cover (a player renamed).
BOARD_CACHE_SECONDS: int = env.int("BOARD_CACHE_SECONDS", default=300)
# After a deal is saved the entry page offers Undo (a void with a reason, audited) for this many seconds.
TABLE_UNDO_SECONDS: int = max(20, env.int("TABLE_UNDO_SECONDS", default=30))
# The address the phones reach this service at: a club night's table cards print QR codes of its match pages, made by
# a worker that has no request to take the host from.
SITE_URL: str = env.str("SITE_URL", default="http://localhost:8000").rstrip("/")
# The new-match page offers this many of the club's players who played most recently (0: none offered).
TABLE_RECENT_PLAYERS: int = max(0, env.int("TABLE_RECENT_PLAYERS", default=12))
# The board tells the page what it may propose for deals entered offline (table/forecast.py): Contract Rummy's
# contracts for this many deals ahead of the last one the server has folded.
OFFLINE_DEALS_AHEAD: int = env.int("OFFLINE_DEALS_AHEAD", default=10)
if OFFLINE_DEALS_AHEAD < 1:
    raise ImproperlyConfigured("OFFLINE_DEALS_AHEAD must be 1 or more.")

# API rate limits by kind (scorekeeper/throttles.py), per account when signed in, else per client address; public
# reads (shared board, its page and stream, public standings) always per address. "N/s", "N/min", "N/hour", "N/day".
# Far above what a phone at the table asks: a page polls its board every 3 s (20 a minute) without a live stream, a
# scorer records about a deal a minute, the entry page previews each change (dry run) after 350 ms and 56's auction
# probes up to 3 calls more, about 100 a minute for a quick scorer; a club's spectators share one address. The
# sign-in has its own AUTH_THROTTLE_RATE and locks.
API_RATES: dict[str, str] = {
    "read": env.str("API_READ_RATE", default="600/min"),
    "write": env.str("API_WRITE_RATE", default="120/min"),
    "dry_run": env.str("API_DRY_RUN_RATE", default="300/min"),
    "job": env.str("API_JOB_RATE", default="10/min"),
    "public": env.str("API_PUBLIC_RATE", default="600/min"),
}
for _kind, _rate in {**API_RATES, "auth": env.str("AUTH_THROTTLE_RATE", default="10/min")}.items():
    if not re.fullmatch(r"[1-9][0-9]*/(s|sec|second|m|min|minute|h|hour|d|day)", _rate):
        _name = "AUTH_THROTTLE_RATE" if _kind == "auth" else f"API_{_kind.upper()}_RATE"
        raise ImproperlyConfigured(f"{_name} must be a count above 0 per s, min, hour or day (120/min), not {_rate!r}.")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.TokenAuthentication",
        "api.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["api.parsers.BoundedJSONParser"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_SCHEMA_CLASS": "api.schema.ScorekeeperAutoSchema",
    "EXCEPTION_HANDLER": "api.exceptions.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": ["scorekeeper.throttles.KindRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"auth": env.str("AUTH_THROTTLE_RATE", default="10/min")},
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,  # DRF's own throttles read it; ours use scorekeeper.clients.client_address
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

# API tokens (django-rest-knox, api/authentication.py): one per sign-in, kept as a hash, expiring after this long
# unused (every use slides the expiry forward, written at most once a minute).
AUTH_TOKEN_TTL_HOURS: int = env.int("AUTH_TOKEN_TTL_HOURS", default=14 * 24)
AUTH_TOKENS_PER_USER: int = env.int("AUTH_TOKENS_PER_USER", default=20)  # a new sign-in signs the oldest out
if AUTH_TOKEN_TTL_HOURS < 1 or AUTH_TOKENS_PER_USER < 1:
    raise ImproperlyConfigured("AUTH_TOKEN_TTL_HOURS and AUTH_TOKENS_PER_USER must be at least 1.")
REST_KNOX = {
    "TOKEN_TTL": timedelta(hours=AUTH_TOKEN_TTL_HOURS),
    "AUTO_REFRESH": True,
    "MIN_REFRESH_INTERVAL": 60,
    "AUTH_HEADER_PREFIX": "Token",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "scorekeeper API",
    "DESCRIPTION": "Scores and referees Seep, 56, Bid Euchre and Contract Rummy played with real cards. "
    "Every refusal answers the one error shape with a stable code; see docs/api.md.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "MatchStatusEnum": "games.models.matches.Match.Status",
        "DealStatusEnum": "games.models.matches.Deal.Status",
        "JobStatusEnum": "exports.models.JobStatus",
        "EventFormatEnum": "nights.models.Event.Format",
        "ExportFormatEnum": "exports.models.ExportJob.Format",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # Django's own "django" logger has a console handler of its own under DEBUG: a request's warning printed twice.
    "loggers": {"django": {"handlers": [], "propagate": True}},
}
# django-axes prints a banner from every manage.py command and worker start; its lockouts are logged all the same.
AXES_VERBOSE = False

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # HTTPS only (check --deploy): plain HTTP is redirected, except the health check a load balancer makes.
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_REDIRECT_EXEMPT = [r"^api/v1/health/$"]
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 30)
    # Both only reach this host's own subdomains, and "preload" does nothing until someone submits the domain.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=True)
