"""The web service: Flask pages, the JSON API under /api/v1, and `judgebot serve`."""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    # Imported on first use: `judgebot ask` and the other commands load the
    # package for its CLI module only, and Flask and the app cost ~0.4 s.
    if name == "create_app":
        from judgebot.web.app import create_app

        return create_app
    raise AttributeError(name)
