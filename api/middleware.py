"""Django's CommonMiddleware, except that only a read is redirected to the address with the trailing slash."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.middleware import common

from api.exceptions import not_found_view

REDIRECTED_METHODS = ("GET", "HEAD")


class CommonMiddleware(common.CommonMiddleware):
    """A POST, PUT, PATCH or DELETE to ``/api/v1/matches`` is not redirected to ``/api/v1/matches/``: the client
    would follow with a GET and drop the body (and with DEBUG on Django raises instead: a 500 page). It is answered
    the 404 of the address it named at once, in the error shape under /api/ even with DEBUG on, naming the
    address with the slash."""

    def process_request(self, request: HttpRequest) -> HttpResponseBase | None:  # type: ignore[override]  # + 404
        answer = super().process_request(request)  # refused user agents, PREPEND_WWW; reads without the slash
        if answer is None and request.method not in REDIRECTED_METHODS and super().should_redirect_with_slash(request):
            return not_found_view(request)
        return answer

    def should_redirect_with_slash(self, request: HttpRequest) -> bool:
        return request.method in REDIRECTED_METHODS and super().should_redirect_with_slash(request)

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        """An address under /api/ that no route matches is answered in the error shape with DEBUG on too, where
        Django would answer its 26 KB technical page (``handler404`` is only used with DEBUG off)."""
        response = super().process_response(request, response)
        if response.status_code == 404 and request.path.startswith("/api/") and _is_html(response):
            return not_found_view(request)
        return response


def _is_html(response: HttpResponseBase) -> bool:
    return str(response.get("Content-Type", "")).startswith("text/html")
