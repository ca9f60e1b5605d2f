"""The race service: lobbies, decisions, timers and the outbox. It imports no discord."""
