"""The deal's match loses its own index: the unique (match, number) index leads with the match and serves every read
by match (issue 31). Only the index is dropped: Django's AlterField would also drop and re-add the foreign key,
which checks every deal row again."""

import django.db.models.deletion
from django.db import migrations, models

INDEX = "games_deal_match_id_56a5ead8"


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_first_dealer_in_state"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="deal",
                    name="match",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="deals",
                        to="games.match",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{INDEX}"',
                    reverse_sql=f'CREATE INDEX "{INDEX}" ON "games_deal" ("match_id")',
                ),
            ],
        ),
    ]
