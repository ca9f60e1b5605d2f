"""What the ``heat`` command writes: images and files, or one line saying why it cannot."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot.cli.inputs import BadInput
from render import png_bytes

JPEG_QUALITY = 90


def write_image(image: Image.Image, target: Path, image_format: str) -> None:
    """Write a picture in the format the file's extension asks for (see ``image_file``)."""
    if image_format == "PNG":
        write_file(target, png_bytes(image))
        return
    out = io.BytesIO()
    image.convert("RGB").save(out, image_format, quality=JPEG_QUALITY)
    write_file(target, out.getvalue())


def write_file(path: Path, content: bytes, *, replace: bool = True) -> None:
    """Write a file, or refuse in one line (BadInput) when the system will not let us.

    ``heat render -o`` replaces the image it is told to write; a race's images never
    replace a file (another run writing into the same folder at the same moment).
    """
    try:
        with path.open("wb" if replace else "xb") as file:
            file.write(content)
    except FileExistsError:
        raise BadInput(f"{path}: already exists (an existing file is never replaced)") from None
    except OSError as exc:
        raise BadInput(f"{path}: cannot write ({exc.strerror})") from None
