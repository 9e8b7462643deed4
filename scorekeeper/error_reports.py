"""What the DEBUG error page and the error e-mails may show: Django's filter hides settings and environment
variables whose names look secret (``SECRET_KEY``, ``PASSWORD``); this one also hides any value that is a URL
carrying a password, whatever it is called: ``REDIS_URL``, ``CELERY_BROKER_URL``, ``CELERY_RESULT_BACKEND``, a cache's
``LOCATION``, ``DATABASE_URL`` in the environment, and such strings among a frame's local variables."""

from __future__ import annotations

import re
from typing import Any

from django.views.debug import SafeExceptionReporterFilter

# scheme://user:password@host or scheme://:password@host (Redis's form)
URL_WITH_PASSWORD = re.compile(r"[a-z][a-z0-9+.-]*://[^/@\s]*:[^/@\s]*@", re.IGNORECASE)


class CredentialsHidingFilter(SafeExceptionReporterFilter):
    def cleanse_setting(self, key: Any, value: Any) -> Any:
        value = super().cleanse_setting(key, value)
        return self._hidden_if_credentials(value)

    def get_traceback_frame_variables(self, request: Any, tb_frame: Any) -> Any:
        variables = super().get_traceback_frame_variables(request, tb_frame)
        return [(name, self._hidden_if_credentials(value)) for name, value in variables]

    def _hidden_if_credentials(self, value: Any) -> Any:
        # str(): a lazy string (a setting of django-axes) passes isinstance but is not one to the regex.
        if isinstance(value, str) and URL_WITH_PASSWORD.search(str(value)):
            return self.cleansed_substitute
        return value
