# The bot, as `make run` starts it: SQLite in /var/lib/heat (mount a volume there), or
# PostgreSQL with HEAT_DATABASE=postgresql://... (compose.yaml). See the README.
FROM python:3.11.13-slim-bookworm
WORKDIR /app
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONUNBUFFERED=1
# The dependencies first, pinned by the lock kept in the repository: a change to the
# bot's source reuses this layer instead of installing everything again.
COPY requirements.lock ./
RUN pip install -r requirements.lock
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY render ./render
COPY data ./data
RUN pip install --no-deps .
RUN mkdir -p /var/lib/heat && chown nobody /var/lib/heat
ENV HEAT_DATABASE=/var/lib/heat/heat.sqlite3
USER nobody
# The database answers and the gateway heartbeat the bot writes is recent (heat health).
HEALTHCHECK --interval=30s --timeout=15s --start-period=120s --retries=3 CMD ["heat", "health"]
CMD ["heat", "run"]
