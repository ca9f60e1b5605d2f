# The bot, as `make run` starts it, with the SQLite database on a volume.
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY render ./render
COPY data ./data
RUN pip install --no-cache-dir .
RUN mkdir -p /var/lib/heat && chown nobody /var/lib/heat
ENV HEAT_DATABASE=/var/lib/heat/heat.sqlite3
VOLUME ["/var/lib/heat"]
USER nobody
CMD ["heat", "run"]
