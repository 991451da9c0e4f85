# Sailbot: the Discord bot (or, without DISCORD_TOKEN, the terminal table).
#   docker build -t sailbot .
#   docker run -d --name sailbot --restart unless-stopped -e DISCORD_TOKEN=... -v sailbot-data:/data sailbot
# The SQLite database (and local board pictures) live on the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    SAILBOT_DB=/data/sailbot.sqlite3 \
    SAILBOT_BOARD_DIR=/data/boards

WORKDIR /app
COPY pyproject.toml README.md ./
COPY rules ./rules
COPY render ./render
COPY bot ./bot
COPY data ./data
# Installs the dependencies; the code runs from /app, next to data/.
RUN pip install . \
    && useradd --system --create-home --home-dir /home/sailbot sailbot \
    && mkdir -p /data \
    && chown sailbot:sailbot /data

USER sailbot
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
