"""Discord API objects as the loopback server sends them: users, members, the guild and its
channels, DM channels, messages and interactions — the fields discord.py reads."""

from __future__ import annotations

import itertools
import time
from datetime import UTC, datetime
from typing import Any

EPOCH = 1420070400000           # Discord's snowflake epoch (ms)
_seq = itertools.count(1)
ALL_PERMISSIONS = str((1 << 50) - 1)
MEMBER_PERMISSIONS = str(0x0000_0400 | 0x0000_0800 | 0x0000_8000 | 0x0001_0000 | 0x8000_0000)
MANAGE_CHANNELS = 0x0000_0010
MODERATOR_PERMISSIONS = str(int(MEMBER_PERMISSIONS) | MANAGE_CHANNELS)


def snowflake() -> int:
    """A fresh, increasing snowflake (its time part is now)."""
    return ((int(time.time() * 1000) - EPOCH) << 22) | (next(_seq) & 0x3FFFFF)


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


def user(user_id: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "discriminator": "0", "global_name": name,
            "avatar": None, "bot": bot, "public_flags": 0, "flags": 0}


def member(user_payload: dict[str, Any], permissions: str = MEMBER_PERMISSIONS
           ) -> dict[str, Any]:
    return {"user": user_payload, "nick": None, "roles": [], "joined_at": now_iso(),
            "deaf": False, "mute": False, "flags": 0, "pending": False,
            "permissions": permissions, "avatar": None}


def text_channel(channel_id: int, guild_id: int, name: str, position: int) -> dict[str, Any]:
    return {"id": str(channel_id), "type": 0, "guild_id": str(guild_id), "name": name,
            "position": position, "permission_overwrites": [], "nsfw": False,
            "parent_id": None, "topic": None, "last_message_id": None,
            "rate_limit_per_user": 0, "flags": 0}


def dm_channel(channel_id: int, recipient: dict[str, Any]) -> dict[str, Any]:
    return {"id": str(channel_id), "type": 1, "recipients": [recipient],
            "last_message_id": None, "flags": 0}


def guild(guild_id: int, name: str, owner: int, channels: list[dict[str, Any]],
          me: dict[str, Any]) -> dict[str, Any]:
    everyone = {"id": str(guild_id), "name": "@everyone", "permissions": MEMBER_PERMISSIONS,
                "position": 0, "color": 0, "hoist": False, "managed": False,
                "mentionable": False, "flags": 0}
    return {"id": str(guild_id), "name": name, "icon": None, "splash": None,
            "discovery_splash": None, "owner_id": str(owner), "afk_channel_id": None,
            "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "roles": [everyone], "emojis": [], "stickers": [],
            "features": [], "mfa_level": 0, "application_id": None,
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "vanity_url_code": None, "description": None, "banner": None,
            "premium_tier": 0, "premium_subscription_count": 0, "preferred_locale": "en-US",
            "public_updates_channel_id": None, "nsfw_level": 0,
            "premium_progress_bar_enabled": False, "unavailable": False, "large": False,
            "member_count": 5, "joined_at": now_iso(), "voice_states": [], "members": [me],
            "channels": channels, "threads": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": []}


def message(message_id: int, channel_id: int, author: dict[str, Any], guild_id: int | None,
            *, content: str = "", flags: int = 0, components: list[Any] | None = None,
            attachments: list[dict[str, Any]] | None = None, webhook_id: int | None = None,
            kind: int = 0, application_id: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": str(message_id), "channel_id": str(channel_id), "author": author,
        "content": content, "timestamp": now_iso(), "edited_timestamp": None, "tts": False,
        "mention_everyone": False, "mentions": [], "mention_roles": [], "mention_channels": [],
        "attachments": attachments or [], "embeds": [], "reactions": [], "pinned": False,
        "type": kind, "flags": flags, "components": components or []}
    if guild_id is not None:
        out["guild_id"] = str(guild_id)
    if webhook_id is not None:
        out["webhook_id"] = str(webhook_id)
    if application_id is not None:
        out["application_id"] = str(application_id)
    return out


def interaction(interaction_id: int, application_id: int, kind: int, token: str,
                data: dict[str, Any], who: dict[str, Any], channel: dict[str, Any],
                guild_id: int | None, message_payload: dict[str, Any] | None = None,
                permissions: str = MEMBER_PERMISSIONS) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": str(interaction_id), "application_id": str(application_id), "type": kind,
        "data": data, "token": token, "version": 1, "channel_id": channel["id"],
        "channel": channel, "app_permissions": ALL_PERMISSIONS, "locale": "en-US",
        "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024,
        "authorizing_integration_owners": {"0": str(guild_id)} if guild_id else {"1": who["id"]},
        "context": 0 if guild_id else 1}
    if guild_id is not None:
        out["guild_id"] = str(guild_id)
        out["guild_locale"] = "en-US"
        out["member"] = member(who, permissions)
    else:
        out["user"] = who
    if message_payload is not None:
        out["message"] = message_payload
    return out
