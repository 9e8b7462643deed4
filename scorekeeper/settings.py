"""One settings module, read from the environment (django-environ); malformed values fail loudly.

With nothing set it runs the embedded default: SQLite, an in-memory cache and Celery tasks executed
in-process. ``DATABASE_URL`` and ``REDIS_URL`` switch to PostgreSQL and Redis. Production needs
``SECRET_KEY``, ``DATABASE_URL``, ``REDIS_URL`` and ``DEBUG=false``.
"""

from __future__ import annotations

from pathlib import Path

import environ
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from kombu import Queue

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
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "games",
    "api",
    "table",
    "exports",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

# Content-Security-Policy (django-csp): everything from this origin, no inline script but the pages' one-line
# starters (with the request's nonce), no inline style, nothing framed, no plugins. /api/v1/docs/ relaxes it for
# Swagger UI's inline style (api/urls.py).
CONTENT_SECURITY_POLICY = {"DIRECTIVES": {
    "default-src": [SELF], "script-src": [SELF, NONCE], "style-src": [SELF], "img-src": [SELF, "data:"],
    "font-src": [SELF], "connect-src": [SELF], "worker-src": [SELF], "manifest-src": [SELF],
    "object-src": [NONE], "base-uri": [SELF], "form-action": [SELF], "frame-ancestors": [NONE],
}}

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
            ]
        },
    }
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if isinstance(DATABASES["default"].get("CONN_HEALTH_CHECKS"), str):
    # django-environ passes ?conn_health_checks=false on as the word "false", which Django would take as true.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = strict_bool(
        "DATABASE_URL's conn_health_checks", DATABASES["default"]["CONN_HEALTH_CHECKS"])
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait for the write lock instead of failing at once when two requests write together.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL: str = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
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

# One queue per kind of job, so that one club's unreachable webhook, retried, cannot hold up everyone's exports:
# give each its own workers (`make worker QUEUES=exports`); a worker started without QUEUES takes them all.
EXPORTS_QUEUE: str = env.str("EXPORTS_QUEUE", default="exports")
WEBHOOKS_QUEUE: str = env.str("WEBHOOKS_QUEUE", default="webhooks")
IMPORTS_QUEUE: str = env.str("IMPORTS_QUEUE", default="imports")
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = [Queue(name) for name in dict.fromkeys(
    [CELERY_TASK_DEFAULT_QUEUE, EXPORTS_QUEUE, WEBHOOKS_QUEUE, IMPORTS_QUEUE])]
CELERY_TASK_ROUTES = {
    "exports.tasks.run_export": {"queue": EXPORTS_QUEUE},
    "exports.tasks.deliver_webhook": {"queue": WEBHOOKS_QUEUE},
    "exports.tasks.run_import": {"queue": IMPORTS_QUEUE},
}

# Club webhooks (exports/webhooks.py) never reach private, loopback, link-local or shared addresses unless allowed
# (a receiver on the operator's own network, or the tests' local receivers).
WEBHOOK_ALLOW_PRIVATE_ADDRESSES: bool = env_bool("WEBHOOK_ALLOW_PRIVATE_ADDRESSES", default=False)
# A club may register this many webhooks, and have this many deliveries handed to the queue and not finished
# (retries included); the rest wait in the database for their turn instead of filling the queue.
WEBHOOKS_PER_CLUB: int = env.int("WEBHOOKS_PER_CLUB", default=10)
WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB: int = env.int("WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB", default=20)
# How long a delivery waits for the receiver to connect, and for each read of its answer.
WEBHOOK_TIMEOUT_SECONDS: float = env.float("WEBHOOK_TIMEOUT_SECONDS", default=5)
if WEBHOOKS_PER_CLUB < 0 or WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB < 1 or WEBHOOK_TIMEOUT_SECONDS <= 0:
    # No delivery would ever leave with a bound of 0 in flight.
    raise ImproperlyConfigured("WEBHOOKS_PER_CLUB must be 0 or more, WEBHOOK_DELIVERIES_IN_FLIGHT_PER_CLUB at least 1 "
                               "and WEBHOOK_TIMEOUT_SECONDS more than 0.")
# Health asks the Celery workers with a ping that waits at most this long, and keeps the answer this many seconds.
HEALTH_WORKERS_TIMEOUT_SECONDS: float = env.float("HEALTH_WORKERS_TIMEOUT_SECONDS", default=0.5)
HEALTH_WORKERS_CACHE_SECONDS: int = env.int("HEALTH_WORKERS_CACHE_SECONDS", default=10)
if HEALTH_WORKERS_TIMEOUT_SECONDS <= 0 or HEALTH_WORKERS_CACHE_SECONDS < 0:
    raise ImproperlyConfigured("HEALTH_WORKERS_TIMEOUT_SECONDS must be more than 0 and HEALTH_WORKERS_CACHE_SECONDS 0 "
                               "or more.")
# The DEBUG error page and error reports hide URLs with a password too (REDIS_URL, CELERY_BROKER_URL, ...).
DEFAULT_EXCEPTION_REPORTER_FILTER = "scorekeeper.error_reports.CredentialsHidingFilter"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = env.str("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
MEDIA_ROOT = Path(env.str("MEDIA_ROOT", default=str(BASE_DIR / "var" / "media")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# A deal is a few hundred bytes; anything near this is a mistake or an attack.
API_MAX_BODY_BYTES: int = env.int("API_MAX_BODY_BYTES", default=64 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = API_MAX_BODY_BYTES

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
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
    "DEFAULT_THROTTLE_RATES": {"auth": env.str("AUTH_THROTTLE_RATE", default="10/min")},
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
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
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}

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
