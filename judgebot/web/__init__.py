"""The web service: Flask pages, the JSON API under /api/v1, and `judgebot serve`."""

from judgebot.web.app import create_app

__all__ = ["create_app"]
