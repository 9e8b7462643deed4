"""The HTTP pieces the outer apps (api, table, exports, webhooks) share, so that none imports another: the error
body's serializer (error_body.py), the refusals of a request itself (errors.py), the fields their serializers share
(fields.py) and the read-only match, seat, player and deal shapes (shapes.py). Below the outer apps, above games."""
