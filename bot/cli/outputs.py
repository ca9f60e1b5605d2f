"""What the ``heat`` command writes: images and files, or one line saying why it cannot."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot.cli.inputs import ALREADY_EXISTS, BadInput
from render import png_bytes

JPEG_QUALITY = 90


def write_image(
    image: Image.Image, target: Path, image_format: str, *, replace: bool = False
) -> None:
    """Write a picture in the format the file's extension asks for (see ``image_file``)."""
    if image_format == "PNG":
        write_file(target, png_bytes(image), replace=replace)
        return
    out = io.BytesIO()
    image.convert("RGB").save(out, image_format, quality=JPEG_QUALITY)
    write_file(target, out.getvalue(), replace=replace)


def write_file(path: Path, content: bytes, *, replace: bool = False) -> None:
    """Write a file, or refuse in one line (BadInput) when the system will not let us.

    One rule for every command: a file is never replaced unless ``replace`` (the
    command's ``--force``); the check is the opening itself, so a file another run
    writes at the same moment is not replaced either.
    """
    try:
        with path.open("wb" if replace else "xb") as file:
            file.write(content)
    except FileExistsError:
        raise BadInput(f"{path}: {ALREADY_EXISTS}") from None
    except OSError as exc:
        raise BadInput(f"{path}: cannot write ({exc.strerror})") from None
