# The bot, as `make run` starts it: SQLite in /var/lib/heat (mount a volume there), or
# PostgreSQL with HEAT_DATABASE=postgresql://... (compose.yaml). See the README.

# The wheel, its engine compiled by mypyc (HEAT_COMPILE=1): the C compiler stays in this
# stage, and only the wheel goes on to the image.
FROM python:3.11.13-slim-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
COPY pyproject.toml setup.py README.md requirements.lock ./
COPY build_support ./build_support
COPY bot ./bot
COPY engine ./engine
COPY render ./render
COPY data ./data
RUN HEAT_COMPILE=1 pip wheel --no-deps -w /wheels .

FROM python:3.11.13-slim-bookworm
WORKDIR /app
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONUNBUFFERED=1
# The dependencies first, pinned by the lock kept in the repository: a change to the
# bot's source reuses this layer instead of installing everything again.
COPY requirements.lock ./
RUN pip install -r requirements.lock
COPY --from=build /wheels /wheels
RUN pip install --no-deps /wheels/*.whl && rm -r /wheels
RUN mkdir -p /var/lib/heat && chown nobody /var/lib/heat
ENV HEAT_DATABASE=/var/lib/heat/heat.sqlite3
USER nobody
# The database answers and the gateway heartbeat the bot writes is recent (heat health).
HEALTHCHECK --interval=30s --timeout=15s --start-period=120s --retries=3 CMD ["heat", "health"]
CMD ["heat", "run"]
