from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from factory.declarations import Sequence, SubFactory

from games.models import Club, Membership, Player

PASSWORD = "correct horse battery staple"


class UserFactory(factory.django.DjangoModelFactory[User]):
    class Meta:
        model = get_user_model()

    username = Sequence(lambda n: f"player{n}")
    password = PASSWORD

    @classmethod
    def _create(cls, model_class, *args, **kwargs):  # type: ignore[no-untyped-def]
        return model_class.objects.create_user(*args, **kwargs)


class PlayerFactory(factory.django.DjangoModelFactory[Player]):
    class Meta:
        model = Player

    name = Sequence(lambda n: f"Player {n}")


class ClubFactory(factory.django.DjangoModelFactory[Club]):
    class Meta:
        model = Club

    name = Sequence(lambda n: f"Club {n}")


class MembershipFactory(factory.django.DjangoModelFactory[Membership]):
    class Meta:
        model = Membership

    club = SubFactory(ClubFactory)
    user = SubFactory(UserFactory)
    role = Membership.Role.MEMBER
