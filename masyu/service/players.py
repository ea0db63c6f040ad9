"""Players: the signing key, the player cookie, CSRF tokens, names, transfer codes.

A player is a random id and a random secret.  The cookie ``masyu_player`` holds
``id.secret`` signed (itsdangerous, HMAC-SHA256 with the service's key); the database
keeps only a hash of the secret, so a stolen database opens no account.  The cookie is
HttpOnly, SameSite=Lax, and Secure when the request came over HTTPS.

CSRF: every state-changing route wants the header ``X-CSRF-Token`` to hold the token
``GET /api/v1/me`` gave this player (an HMAC of the player's id and secret hash under
the key): a page elsewhere can neither read it nor set the header.

The key is 32 random bytes made at the first start in the data folder (``secret.key``,
mode 600), never in the repository.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path

from itsdangerous import BadSignature, URLSafeSerializer

from ..errors import MasyuError

KEY_FILE = "secret.key"
COOKIE = "masyu_player"
COOKIE_AGE = 400 * 24 * 3600          # the longest browsers keep a cookie
CSRF_HEADER = "x-csrf-token"
NAME = re.compile(r"[A-Za-z0-9 _-]{1,24}")
TRANSFER_SECONDS = 24 * 3600           # a transfer code lives a day
TRANSFER_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I
TRANSFER_LENGTH = 12


def load_key(data: Path) -> bytes:
    """The signing key of the data folder, made (32 random bytes, mode 600) if missing."""
    data.mkdir(parents=True, exist_ok=True)
    path = data / KEY_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_bytes()
        if len(key) < 32:
            raise MasyuError("the signing key is shorter than 32 bytes", str(path)) from None
        return key
    with os.fdopen(fd, "wb") as out:
        out.write(secrets.token_bytes(32))
    return path.read_bytes()


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


class Signer:
    """Cookies, attempt tokens and CSRF tokens under one key."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._cookie = URLSafeSerializer(key, salt="masyu-player")
        self._attempt = URLSafeSerializer(key, salt="masyu-attempt")

    def cookie(self, player_id: str, secret: str) -> str:
        return self._cookie.dumps([player_id, secret])

    def read_cookie(self, value: str | None) -> tuple[str, str] | None:
        """``(id, secret)`` of a cookie signed here; None for anything else."""
        if not value or len(value) > 300:
            return None
        try:
            got = self._cookie.loads(value)
        except BadSignature:
            return None
        if (not isinstance(got, list) or len(got) != 2
                or not all(isinstance(x, str) and len(x) <= 64 for x in got)):
            return None
        return got[0], got[1]

    def csrf(self, player_id: str, secret_hash: str) -> str:
        return hmac.new(self._key, f"csrf:{player_id}:{secret_hash}".encode(),
                        hashlib.sha256).hexdigest()

    def csrf_ok(self, player_id: str, secret_hash: str, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(self.csrf(player_id, secret_hash),
                                                   token or "")

    def attempt_token(self, attempt_id: str, player_id: str) -> str:
        return self._attempt.dumps([attempt_id, player_id])

    def read_attempt(self, token: str) -> tuple[str, str] | None:
        """``(attempt id, player id)`` of an attempt token signed here; None otherwise."""
        if len(token) > 200:
            return None
        try:
            got = self._attempt.loads(token)
        except BadSignature:
            return None
        if not isinstance(got, list) or len(got) != 2 or not all(isinstance(x, str) for x in got):
            return None
        return got[0], got[1]


def new_player() -> tuple[str, str]:
    """A fresh player's ``(id, secret)``."""
    return secrets.token_hex(8), secrets.token_urlsafe(24)


def new_attempt_id() -> str:
    return secrets.token_hex(12)


def new_transfer_code() -> str:
    return "".join(secrets.choice(TRANSFER_ALPHABET) for _ in range(TRANSFER_LENGTH))


def normal_code(text: str) -> str:
    """A transfer code as typed (spaces, dashes, lower case) in its stored spelling."""
    code = re.sub(r"[\s-]", "", text).upper()
    if len(code) != TRANSFER_LENGTH or any(ch not in TRANSFER_ALPHABET for ch in code):
        raise MasyuError(f"a transfer code is {TRANSFER_LENGTH} letters and digits", "code")
    return code


def valid_name(value: object) -> str | None:
    """A display name: 1 to 24 letters, digits, spaces, '-' and '_' (no markup), spaces
    at the ends dropped; null or "" clears it."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise MasyuError("a name is a string", "name")
    name = value.strip()
    if not name:
        return None
    if not NAME.fullmatch(name):
        raise MasyuError("a name is 1 to 24 letters (A-Z, a-z), digits, spaces, '-' or '_'",
                         "name")
    return name


def shown_name(player_id: str, name: str | None) -> str:
    """The name on the boards: the player's, or "Player" and the id's first letters."""
    return name or f"Player {player_id[:6]}"
