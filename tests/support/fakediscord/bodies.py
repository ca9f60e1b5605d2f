"""Request bodies as discord.py sends them: plain JSON, or multipart with files.

Multipart bodies carry the JSON in a ``payload_json`` part and each upload in a
``files[n]`` part; the fake keeps the bytes so tests can inspect posted images.
"""

from __future__ import annotations

import json
import mimetypes
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import invalid_json, request_too_large

Json = dict[str, Any]

MAX_UPLOAD_BYTES = 10 * 1024 * 1024
_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Upload:
    """One ``files[index]`` part; ``index`` is what ``attachments[].id`` refers to."""

    index: int
    filename: str
    data: bytes

    @property
    def content_type(self) -> str:
        # discord.py always sends application/octet-stream; Discord sniffs the real type.
        if self.data.startswith(_PNG_MAGIC):
            return "image/png"
        return mimetypes.guess_type(self.filename)[0] or "application/octet-stream"


async def read_body(request: web.Request) -> tuple[Json, list[Upload]]:
    if request.content_type.startswith("multipart/"):
        return await _read_multipart(request)
    if not request.can_read_body:
        return {}, []
    body = await request.json()
    if not isinstance(body, dict):
        raise invalid_json()
    return body, []


async def read_json_list(request: web.Request) -> list[Json]:
    body = await request.json()
    if not isinstance(body, list):
        raise invalid_json()
    return body


async def _read_multipart(request: web.Request) -> tuple[Json, list[Upload]]:
    payload: Json = {}
    uploads: list[Upload] = []
    reader = await request.multipart()
    async for part in reader:
        if not isinstance(part, BodyPartReader):
            continue
        name = part.name or ""
        data = await part.read(decode=False)
        if name == "payload_json":
            payload = json.loads(data)
        elif name.startswith("files[") and name.endswith("]"):
            if len(data) > MAX_UPLOAD_BYTES:
                raise request_too_large()
            uploads.append(Upload(int(name[6:-1]), part.filename or "file", bytes(data)))
    return payload, uploads
