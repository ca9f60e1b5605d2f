"""What a host sets and watches: the settings read from the environment, the per-person
rate limit, the Prometheus metrics, the log format and the gateway heartbeat that
``heat health`` reads.

This room imports nothing else of the bot, so every other room (discord, service,
storage, cli) may import it.
"""
