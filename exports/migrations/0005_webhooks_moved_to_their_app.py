# The webhooks moved to their own app (webhooks.0001 takes them over in Django's state). Only the state changes:
# the tables exports_webhook and exports_webhookdelivery stay, with their rows, now owned by webhooks.models.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('exports', '0004_import_job'),
        ('webhooks', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(database_operations=[], state_operations=[
            migrations.RemoveField(
                model_name='webhookdelivery',
                name='webhook',
            ),
            migrations.DeleteModel(
                name='Webhook',
            ),
            migrations.DeleteModel(
                name='WebhookDelivery',
            ),
        ]),
    ]
