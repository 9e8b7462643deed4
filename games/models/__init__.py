from games.models.audit import AuditEntry
from games.models.clubs import Club, League, Membership, Player
from games.models.matches import Deal, DealRevision, Match, Seat

__all__ = ["AuditEntry", "Club", "Deal", "DealRevision", "League", "Match", "Membership", "Player", "Seat"]
