"""The product's URLs plus ``/bench/insert/``, the baseline the load benchmark compares deal recording with."""

from django.urls import path

from bench.views import InsertOneRow
from scorekeeper.urls import urlpatterns as product_urlpatterns

urlpatterns = [path("bench/insert/", InsertOneRow.as_view()), *product_urlpatterns]
