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
