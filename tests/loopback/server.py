"""A loopback Discord: a REST API and a gateway on 127.0.0.1 that speak enough of Discord's
protocol for the real ``discord.Client`` of the bot to log in, sync its commands, connect,
receive interactions and answer them.

It keeps one guild with a few text channels, some users (one whose DMs are closed: 403,
code 50007; each with their member permissions, e.g. Manage Channel), every message the
bot posts (with its components and uploaded files), DM channels, the synced commands,
and one ``Exchange`` per interaction it delivers: when the first callback came, what it
created and edited. ``tests/loopback/people.py`` plays the humans on top of it.

REST (under ``/api/v10``): users/@me, oauth2/applications/@me, gateway/bot, application
commands (global and guild), interaction callbacks (JSON or multipart), webhook followups
and edits (``@original`` and by id), channel messages (send, edit), DM channels, users.
Gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, dispatches.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.loopback import payloads as p

EPHEMERAL = 64
LOADING = 128
CANNOT_DM = {"code": 50007, "message": "Cannot send messages to this user"}


@dataclass
class Stored:
    """A message as Discord keeps it, plus who may see it and the files' bytes."""

    payload: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    visible_to: int | None = None          # an ephemeral message: that user only
    created: float = field(default_factory=time.monotonic)

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel_id"])

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    @property
    def ephemeral(self) -> bool:
        return bool(self.payload.get("flags", 0) & EPHEMERAL)

    @property
    def images(self) -> list[bytes]:
        return [b for b in self.files.values() if b[:8] == b"\x89PNG\r\n\x1a\n"]

    def components(self) -> list[dict[str, Any]]:
        return [c for row in self.payload.get("components") or [] for c in row["components"]]


@dataclass
class Exchange:
    """One interaction delivered to the bot, and what the bot did with it."""

    id: int
    token: str
    kind: int
    user_id: int
    channel_id: int
    name: str
    sent: float
    message_id: int | None = None          # the message a component sits on
    callback_at: float | None = None
    callback_type: int | None = None
    original: int | None = None
    pending: bool = False                  # a deferred "thinking" not yet replaced
    created: list[int] = field(default_factory=list)
    edited: list[int] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def latency(self) -> float:
        return (self.callback_at or float("inf")) - self.sent


Handler = Callable[[re.Match[str], Any, dict[str, bytes]], Awaitable[web.Response]]


def ok(data: Any = None, status: int = 200) -> web.Response:
    if data is None:
        return web.Response(status=204)
    # exactly "application/json", no charset: discord.py compares the header as a string
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json"})


def error(status: int, body: dict[str, Any]) -> web.Response:
    return ok(body, status)


class Loopback:
    def __init__(self) -> None:
        self.app_id = p.snowflake()
        self.bot = p.user(self.app_id, "Sailbot", bot=True)
        self.guild_id = p.snowflake()
        self.channels: dict[int, dict[str, Any]] = {}
        for i, name in enumerate(("table-1", "table-2", "table-3", "table-4")):
            cid = p.snowflake()
            self.channels[cid] = p.text_channel(cid, self.guild_id, name, i)
        self.users: dict[int, dict[str, Any]] = {}
        self.closed_dms: set[int] = set()
        self.permissions: dict[int, str] = {}      # user -> their member permissions here
        self.dm_of: dict[int, int] = {}             # user -> DM channel
        self.messages: dict[int, Stored] = {}
        self.exchanges: dict[str, Exchange] = {}
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self.dm_attempts: list[tuple[int, bool, int | None]] = []   # (user, delivered, msg)
        self.requests: list[tuple[str, str]] = []
        self.last_activity = time.monotonic()
        self.ws: web.WebSocketResponse | None = None
        self.ready = asyncio.Event()
        self.seq = 0
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.routes: list[tuple[str, re.Pattern[str], Handler]] = []
        self._route_table()

    # People and places ------------------------------------------------------------------

    def add_user(self, name: str, dms_closed: bool = False,
                 permissions: str = p.MEMBER_PERMISSIONS) -> int:
        uid = p.snowflake()
        self.users[uid] = p.user(uid, name)
        self.permissions[uid] = permissions
        if dms_closed:
            self.closed_dms.add(uid)
        return uid

    @property
    def channel_ids(self) -> list[int]:
        return list(self.channels)

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    # Serving ----------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest)
        self.runner = web.AppRunner(app, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.runner is not None:
            await self.runner.cleanup()

    async def rest(self, request: web.Request) -> web.Response:
        self.last_activity = time.monotonic()
        path = "/" + request.match_info["tail"]
        self.requests.append((request.method, path))
        body, files = await _read(request)
        for method, pattern, handler in self.routes:
            if method == request.method and (match := pattern.fullmatch(path)):
                response = await handler(match, body, files)
                self.last_activity = time.monotonic()
                return response
        return error(404, {"code": 0, "message": f"404: Not Found ({request.method} {path})"})

    # The gateway ------------------------------------------------------------------------

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.ws, self.seq = ws, 0
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            frame = json.loads(msg.data)
            if frame["op"] == 1:
                await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
            elif frame["op"] == 2:
                await self._identified()
            elif frame["op"] == 6:
                await ws.send_json({"op": 9, "d": False, "s": None, "t": None})
        if self.ws is ws:
            self.ws = None
            self.ready.clear()
        return ws

    async def _identified(self) -> None:
        url = f"ws://127.0.0.1:{self.port}/gateway"
        await self.dispatch("READY", {
            "v": 10, "user": self.bot, "guilds": [{"id": str(self.guild_id),
                                                   "unavailable": True}],
            "session_id": secrets.token_hex(8), "resume_gateway_url": url,
            "application": {"id": str(self.app_id), "flags": 0}, "shard": [0, 1]})
        me = p.member(self.bot, p.ALL_PERMISSIONS)
        await self.dispatch("GUILD_CREATE", p.guild(self.guild_id, "Harbour", self.app_id,
                                                    list(self.channels.values()), me))
        self.ready.set()

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        assert self.ws is not None, "the bot is not connected"
        self.seq += 1
        await self.ws.send_json({"op": 0, "t": event, "s": self.seq, "d": data})

    # Messages ---------------------------------------------------------------------------

    def _new_message(self, channel_id: int, body: dict[str, Any], files: dict[str, bytes], *,
                     visible_to: int | None = None, webhook: bool = False, flags: int = 0,
                     kind: int = 0) -> Stored:
        mid = p.snowflake()
        guild = self.guild_id if channel_id in self.channels else None
        payload = p.message(mid, channel_id, self.bot, guild, flags=flags, kind=kind,
                            webhook_id=self.app_id if webhook else None,
                            application_id=self.app_id if webhook else None)
        stored = Stored(payload, visible_to=visible_to)
        self._apply(stored, body, files)
        self.messages[mid] = stored
        return stored

    def _apply(self, stored: Stored, body: dict[str, Any] | None, files: dict[str, bytes]
               ) -> None:
        """An edit (or the first content) of a message, as Discord merges it."""
        body = body or {}
        payload = stored.payload
        for key in ("content", "components", "embeds"):
            if key in body:
                payload[key] = body[key] if body[key] is not None else (
                    "" if key == "content" else [])
        if "attachments" in body or files:
            kept = {a["id"]: a for a in payload.get("attachments", [])}
            listed = body.get("attachments")
            if listed is not None:
                kept = {k: v for k, v in kept.items()
                        if any(str(a.get("id")) == k for a in listed)}
            for index, (name, data) in enumerate(files.items()):
                aid = str(p.snowflake())
                kept[aid] = {"id": aid, "filename": name, "size": len(data),
                             "url": f"http://127.0.0.1:{self.port}/files/{aid}/{name}",
                             "proxy_url": f"http://127.0.0.1:{self.port}/files/{aid}/{name}",
                             "content_type": "image/png" if name.endswith(".png") else None}
                stored.files[f"{aid}:{index}:{name}"] = data
            payload["attachments"] = list(kept.values())
            live = {a["id"] for a in payload["attachments"]}
            stored.files = {k: v for k, v in stored.files.items() if k.split(":")[0] in live}
        if "flags" in body and body["flags"] is not None:
            payload["flags"] = (payload.get("flags", 0) & EPHEMERAL) | (
                int(body["flags"]) & ~LOADING & ~EPHEMERAL)

    def _edit(self, stored: Stored, body: dict[str, Any], files: dict[str, bytes]) -> None:
        self._apply(stored, body, files)
        stored.payload["edited_timestamp"] = p.now_iso()
        stored.payload["flags"] = stored.payload.get("flags", 0) & ~LOADING

    # Routes -----------------------------------------------------------------------------

    def _route_table(self) -> None:
        def route(method: str, pattern: str, handler: Handler) -> None:
            self.routes.append((method, re.compile(pattern), handler))

        route("GET", r"/users/@me", self._me)
        route("GET", r"/oauth2/applications/@me", self._application)
        route("GET", r"/gateway/bot", self._gateway_bot)
        route("GET", r"/gateway", self._gateway_bot)
        route("PUT", r"/applications/(?P<app>\d+)/commands", self._put_commands)
        route("PUT", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands",
              self._put_commands)
        route("GET", r"/applications/(?P<app>\d+)/commands", self._get_commands)
        route("GET", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands",
              self._get_commands)
        route("POST", r"/interactions/(?P<id>\d+)/(?P<token>[^/]+)/callback", self._callback)
        route("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", self._followup)
        route("GET", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
              self._webhook_get)
        route("PATCH",
              r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
              self._webhook_edit)
        route("DELETE",
              r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
              self._webhook_delete)
        route("POST", r"/channels/(?P<cid>\d+)/messages", self._channel_send)
        route("PATCH", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", self._channel_edit)
        route("GET", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", self._channel_message)
        route("GET", r"/channels/(?P<cid>\d+)", self._channel)
        route("POST", r"/users/@me/channels", self._open_dm)
        route("GET", r"/users/(?P<uid>\d+)", self._user)

    async def _me(self, m: re.Match[str], body: Any, files: dict[str, bytes]) -> web.Response:
        return ok(self.bot)

    async def _application(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                           ) -> web.Response:
        return ok({"id": str(self.app_id), "name": "Sailbot", "icon": None,
                   "description": "", "bot_public": True, "bot_require_code_grant": False,
                   "owner": p.user(1, "owner"), "team": None, "verify_key": "0" * 64,
                   "flags": 0, "summary": "", "rpc_origins": [], "bot": self.bot})

    async def _gateway_bot(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                           ) -> web.Response:
        return ok({"url": f"ws://127.0.0.1:{self.port}/gateway", "shards": 1,
                   "session_start_limit": {"total": 1000, "remaining": 999,
                                           "reset_after": 0, "max_concurrency": 1}})

    async def _put_commands(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                            ) -> web.Response:
        scope = m.groupdict().get("guild") or "global"
        out = []
        for command in body or []:
            stored = {**command, "id": str(p.snowflake()), "application_id": str(self.app_id),
                      "version": str(p.snowflake())}
            if scope != "global":
                stored["guild_id"] = scope
            out.append(stored)
        self.commands[scope] = out
        return ok(out)

    async def _get_commands(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                            ) -> web.Response:
        return ok(self.commands.get(m.groupdict().get("guild") or "global", []))

    async def _callback(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                        ) -> web.Response:
        ex = self.exchanges.get(m["token"])
        if ex is None or str(ex.id) != m["id"]:
            return error(404, {"code": 10062, "message": "Unknown interaction"})
        if ex.callback_type is not None:
            return error(400, {"code": 40060,
                               "message": "Interaction has already been acknowledged."})
        kind = int(body["type"])
        data = body.get("data") or {}
        ex.callback_at, ex.callback_type = time.monotonic(), kind
        ex.answered.set()
        resource: dict[str, Any] = {"type": kind}
        if kind in (4, 5):
            flags = int(data.get("flags") or 0)
            msg = self._new_message(ex.channel_id, data if kind == 4 else {}, files,
                                    visible_to=ex.user_id if flags & EPHEMERAL else None,
                                    webhook=True, kind=20,
                                    flags=(flags & EPHEMERAL) | (LOADING if kind == 5 else 0))
            ex.original, ex.pending = msg.id, kind == 5
            ex.created.append(msg.id)
            resource["message"] = msg.payload
        elif kind in (6, 7):
            ex.original = ex.message_id
            if kind == 7 and ex.message_id in self.messages:
                self._edit(self.messages[ex.message_id], data, files)
                ex.edited.append(ex.message_id)
                resource["message"] = self.messages[ex.message_id].payload
        elif kind == 8:
            ex.choices = list(data.get("choices") or [])
        original = self.messages.get(ex.original or 0)
        return ok({"interaction": {
            "id": str(ex.id), "type": ex.kind,
            "response_message_id": str(ex.original) if ex.original else None,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(original and original.ephemeral)},
            "resource": resource if kind != 8 else None})

    def _exchange(self, token: str) -> Exchange | None:
        return self.exchanges.get(token)

    async def _followup(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                        ) -> web.Response:
        ex = self._exchange(m["token"])
        if ex is None or ex.callback_type is None:
            return error(404, {"code": 10015, "message": "Unknown Webhook"})
        if ex.pending and ex.original in self.messages:
            # Discord: the first followup after a "thinking" defer replaces it, keeping
            # the visibility chosen at defer time.
            stored = self.messages[ex.original]
            self._edit(stored, body, files)
            ex.pending = False
            ex.edited.append(stored.id)
            return ok(stored.payload)
        flags = int((body or {}).get("flags") or 0)
        stored = self._new_message(ex.channel_id, body, files, webhook=True,
                                   visible_to=ex.user_id if flags & EPHEMERAL else None,
                                   flags=flags & EPHEMERAL)
        ex.created.append(stored.id)
        return ok(stored.payload)

    def _target(self, ex: Exchange, mid: str) -> Stored | None:
        key = ex.original if mid == "@original" else int(mid)
        return self.messages.get(key or 0)

    async def _webhook_get(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                           ) -> web.Response:
        ex = self._exchange(m["token"])
        stored = self._target(ex, m["mid"]) if ex else None
        if stored is None:
            return error(404, {"code": 10008, "message": "Unknown Message"})
        return ok(stored.payload)

    async def _webhook_edit(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                            ) -> web.Response:
        ex = self._exchange(m["token"])
        stored = self._target(ex, m["mid"]) if ex else None
        if ex is None or stored is None:
            return error(404, {"code": 10008, "message": "Unknown Message"})
        self._edit(stored, body, files)
        if m["mid"] == "@original":
            ex.pending = False
        ex.edited.append(stored.id)
        return ok(stored.payload)

    async def _webhook_delete(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                              ) -> web.Response:
        ex = self._exchange(m["token"])
        stored = self._target(ex, m["mid"]) if ex else None
        if stored is not None:
            self.messages.pop(stored.id, None)
        return ok()

    async def _channel_send(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                            ) -> web.Response:
        cid = int(m["cid"])
        owner = next((u for u, c in self.dm_of.items() if c == cid), None)
        if owner is not None and owner in self.closed_dms:
            self.dm_attempts.append((owner, False, None))
            return error(403, CANNOT_DM)
        if owner is None and cid not in self.channels:
            return error(404, {"code": 10003, "message": "Unknown Channel"})
        stored = self._new_message(cid, body, files)
        if owner is not None:
            self.dm_attempts.append((owner, True, stored.id))
        return ok(stored.payload)

    async def _channel_edit(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                            ) -> web.Response:
        stored = self.messages.get(int(m["mid"]))
        if stored is None or stored.channel_id != int(m["cid"]):
            return error(404, {"code": 10008, "message": "Unknown Message"})
        if stored.ephemeral:
            return error(404, {"code": 10008, "message": "Unknown Message"})
        self._edit(stored, body, files)
        return ok(stored.payload)

    async def _channel_message(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                               ) -> web.Response:
        stored = self.messages.get(int(m["mid"]))
        if stored is None or stored.ephemeral:
            return error(404, {"code": 10008, "message": "Unknown Message"})
        return ok(stored.payload)

    async def _channel(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                       ) -> web.Response:
        cid = int(m["cid"])
        if cid in self.channels:
            return ok(self.channels[cid])
        owner = next((u for u, c in self.dm_of.items() if c == cid), None)
        if owner is None:
            return error(404, {"code": 10003, "message": "Unknown Channel"})
        return ok(p.dm_channel(cid, self.users[owner]))

    async def _open_dm(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                       ) -> web.Response:
        uid = int(body["recipient_id"])
        if uid not in self.users:
            return error(400, {"code": 50033, "message": "Invalid Recipient(s)"})
        cid = self.dm_of.setdefault(uid, p.snowflake())
        return ok(p.dm_channel(cid, self.users[uid]))

    async def _user(self, m: re.Match[str], body: Any, files: dict[str, bytes]
                    ) -> web.Response:
        found = self.users.get(int(m["uid"]))
        if found is None:
            return error(404, {"code": 10013, "message": "Unknown User"})
        return ok(found)


async def _read(request: web.Request) -> tuple[Any, dict[str, bytes]]:
    """The JSON body (``payload_json`` of a multipart upload) and the uploaded files."""
    kind = request.content_type
    if kind.startswith("multipart/"):
        body: Any = {}
        files: dict[str, bytes] = {}
        reader = await request.multipart()
        async for part in reader:
            if part.name == "payload_json":
                body = json.loads(await part.text())
            elif part.filename:
                files[part.filename] = bytes(await part.read())
        return body, files
    if request.can_read_body:
        text = await request.text()
        return (json.loads(text) if text else None), {}
    return None, {}
