from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from api.languages import set_language

urlpatterns = [
    path("admin/", admin.site.urls),
    # POST /i18n/setlang/ {language, next}: the pages' picker (Django's set_language, and the user's saved language).
    path("i18n/setlang/", set_language, name="set_language"),
    path("api/v1/", include("api.urls")),
    path("table/", include("table.urls")),
    path("", RedirectView.as_view(url="/table/", permanent=False)),
]

# An address that matches no route answers the API's error shape under /api/ (api/exceptions.py).
handler404 = "api.exceptions.not_found_view"
# A request that waited out the database pool answers 503 with Retry-After, not 500 (api/exceptions.py).
handler500 = "api.exceptions.server_error_view"
