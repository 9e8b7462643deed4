"""A recording now writes only the deal and the match: its audit entry and its first revision are read from the deal
row. Deals recorded before keep the rows they have, and are marked so that their recording is not read twice."""

import games.models.matches
from django.db import migrations, models
from django.db.models import Exists, OuterRef


def mark_deals_whose_recording_has_an_entry(apps, schema_editor):
    Deal = apps.get_model("games", "Deal")
    AuditEntry = apps.get_model("games", "AuditEntry")
    recorded = AuditEntry.objects.filter(match_id=OuterRef("match_id"), deal_number=OuterRef("number"),
                                         action="deal.recorded")
    Deal.objects.filter(Exists(recorded)).update(recording_in_audit_log=True)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0004_seep_play_level_settings"),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="recording_in_audit_log",
            field=models.BooleanField(
                default=False, help_text="Set for deals recorded before recordings were read from the deal row (and "
                "for imported ones): their recording has an AuditEntry row of its own."),
        ),
        migrations.AlterField(
            model_name="dealrevision",
            name="created_at",
            field=models.DateTimeField(default=games.models.matches.now),
        ),
        migrations.RunPython(mark_deals_whose_recording_has_an_entry, migrations.RunPython.noop),
    ]
