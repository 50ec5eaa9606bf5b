"""``manage.py make_vapid_keys``: a new VAPID key pair for Web Push, as the lines to set."""

from django.core.management.base import BaseCommand

from common.webpush.vapid import make_key_pair


class Command(BaseCommand):
    help = (
        "Print a new VAPID key pair (and a contact to fill in) as environment variables. "
        "Set them once and keep them: a new pair silences every subscribed device until it "
        "subscribes again."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--subject",
            default="mailto:organiser@example.org",
            help="the contact the push services may write to (mailto: or https:)",
        )

    def handle(self, *args, subject, **options):
        private_key, public_key = make_key_pair()
        self.stdout.write(f"VAPID_PRIVATE_KEY={private_key}")
        self.stdout.write(f"VAPID_PUBLIC_KEY={public_key}")
        self.stdout.write(f"VAPID_SUBJECT={subject}")
