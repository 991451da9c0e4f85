"""Where the bot finds Discord: the API base URL (``SAILBOT_DISCORD_API``) and the gateway
it names.

discord.py talks to ``https://discord.com/api/v10`` and the gateway
``wss://gateway.discord.gg``. With another API base — a proxy, a self-hosted gateway, a
test server — every REST call (webhooks and interaction callbacks included) goes there,
and the gateway URL is asked of that API's ``GET /gateway/bot``, as Discord recommends.
"""

from __future__ import annotations

import logging

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import HTTPClient, Route

log = logging.getLogger(__name__)

DEFAULT_API = "https://discord.com/api/v10"


def use_api(base: str | None) -> bool:
    """Send every REST call to ``base``; True when it is not Discord's own."""
    if not base or base.rstrip("/") == DEFAULT_API:
        return False
    Route.BASE = base.rstrip("/")
    log.info("Discord API at %s", Route.BASE)
    return True


async def use_its_gateway(http: HTTPClient) -> None:
    """Connect to the gateway the API names (``GET /gateway/bot``)."""
    _, url, _ = await http.get_bot_gateway()
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
    log.info("Discord gateway at %s", url)
