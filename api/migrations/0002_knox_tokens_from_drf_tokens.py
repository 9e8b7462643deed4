"""Carry the tokens of DRF's authtoken app (one per account, never expiring) over to knox, so that clients signed in
before the change keep working until the new expiry: knox keeps the SHA-512 of the token and looks it up by it.

The old table is read with SQL because its app is no longer installed; a database that never had it is skipped.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import migrations
from django.utils import timezone

OLD_TABLE = "authtoken_token"


def copy_drf_tokens(apps: Any, schema_editor: Any) -> None:
    from knox.crypto import hash_token

    connection = schema_editor.connection
    if OLD_TABLE not in connection.introspection.table_names():
        return
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT key, user_id FROM {OLD_TABLE}")  # noqa: S608 (a constant table name)
        rows = cursor.fetchall()
    AuthToken = apps.get_model("knox", "AuthToken")
    expiry = timezone.now() + timedelta(hours=settings.AUTH_TOKEN_TTL_HOURS)
    AuthToken.objects.bulk_create(
        [AuthToken(digest=hash_token(key), token_key=key[:15], user_id=user_id, expiry=expiry) for key, user_id in rows],
        batch_size=500, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [("api", "0001_idempotent_responses"), ("knox", "0009_extend_authtoken_field")]
    operations = [migrations.RunPython(copy_drf_tokens, migrations.RunPython.noop)]
