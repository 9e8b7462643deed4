"""One settings module, read from the environment (django-environ); malformed values fail loudly.

With nothing set it runs the embedded default: SQLite, an in-memory cache and Celery tasks executed
in-process. ``DATABASE_URL`` and ``REDIS_URL`` switch to PostgreSQL and Redis. Production needs
``SECRET_KEY``, ``DATABASE_URL``, ``REDIS_URL`` and ``DEBUG=false``.
"""

from __future__ import annotations

from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

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
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

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
# No statement may run on after the request that started it has given up (gunicorn kills a worker after 30 s, but
# PostgreSQL would carry on): PostgreSQL cancels any statement running longer. 0 turns it off. Import jobs set
# their own, longer, per transaction (IMPORT_STATEMENT_TIMEOUT_MS).
DATABASE_STATEMENT_TIMEOUT_MS: int = env.int("DATABASE_STATEMENT_TIMEOUT_MS", default=30_000)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DATABASE_STATEMENT_TIMEOUT_MS:
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options["options"] = f"{options.get('options', '')} -c statement_timeout={DATABASE_STATEMENT_TIMEOUT_MS}".strip()
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

# Imports (docs/interchange.md): the largest file taken, files above IMPORT_ASYNC_BYTES run as a job (202, poll it),
# the deepest nesting read, rows written per statement, and the statement timeout inside an import job.
IMPORT_MAX_BYTES: int = env.int("IMPORT_MAX_BYTES", default=50 * 1024 * 1024)
IMPORT_ASYNC_BYTES: int = env.int("IMPORT_ASYNC_BYTES", default=1024 * 1024)
IMPORT_MAX_DEPTH: int = env.int("IMPORT_MAX_DEPTH", default=64)
IMPORT_BATCH_SIZE: int = env.int("IMPORT_BATCH_SIZE", default=500)
IMPORT_STATEMENT_TIMEOUT_MS: int = env.int("IMPORT_STATEMENT_TIMEOUT_MS", default=10 * 60 * 1000)
# A page of the audit log stops before the entry that would take it past this many bytes of JSON (``next`` goes on).
AUDIT_PAGE_MAX_BYTES: int = env.int("AUDIT_PAGE_MAX_BYTES", default=256 * 1024)
# The scoreboard (signed-in and shared) sends this many of the latest deals; ``?before=`` asks for older ones.
BOARD_DEALS_WINDOW: int = env.int("BOARD_DEALS_WINDOW", default=100)

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
        "JobStatusEnum": "exports.models.JobStatus",
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
