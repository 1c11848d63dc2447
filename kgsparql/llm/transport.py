"""JSON over HTTP for OpenAI-compatible servers (stdlib urllib): timeouts, bounded retries with
backoff on 429 / 5xx / refused connections (honouring Retry-After), one-line LLM errors.

The API key travels only in the Authorization header; no message built here contains it."""
from __future__ import annotations

import email.utils
import json
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Callable

from ..errors import LLMError, LLMRateLimited, LLMTimeout, LLMUnavailable, PromptTooLong

__all__ = ["Transport", "MAX_RETRY_AFTER"]

MAX_RETRY_AFTER = 60.0          # seconds: a longer Retry-After is capped (then the call fails)
_TOO_LONG = ("context length", "context window", "maximum context", "too long", "too many tokens")


class _Retry(Exception):
    def __init__(self, error: LLMError, wait: float | None = None) -> None:
        self.error, self.wait = error, wait


@dataclass
class Transport:
    base_url: str
    timeout: float
    retries: int
    user_agent: str
    key_env: str
    api_key: str | None = field(default=None, repr=False)
    sleep: Callable[[float], None] = field(default=time.sleep, repr=False)
    attempts: int = 0               # requests sent by the last call (for tests and diagnostics)

    def post(self, path: str, body: dict) -> dict:
        url = f"{self.base_url}/{path}"
        data = json.dumps(body).encode("utf-8")
        self.attempts = 0
        for attempt in range(self.retries + 1):
            self.attempts += 1
            try:
                return self._once(url, data)
            except _Retry as retry:
                if attempt == self.retries:
                    raise type(retry.error)(f"{retry.error} after {self.attempts} attempts") from None
                self.sleep(retry.wait if retry.wait is not None else min(0.5 * 2 ** attempt, 8.0))
        raise AssertionError("unreachable")

    def _once(self, url: str, data: bytes) -> dict:
        headers = {"Content-Type": "application/json", "Accept": "application/json", "User-Agent": self.user_agent}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(url, data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                payload = response.read()
        except urllib.error.HTTPError as exc:
            raise self._http_error(exc, url) from None
        except (TimeoutError, socket.timeout):
            raise LLMTimeout(f"LLM server {self.base_url}: no answer within {self.timeout:g} s") from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, (TimeoutError, socket.timeout)):
                raise LLMTimeout(f"LLM server {self.base_url}: no answer within {self.timeout:g} s") from None
            raise _Retry(LLMUnavailable(f"LLM server {self.base_url}: cannot connect ({_reason(exc)})")) from None
        except (ConnectionError, OSError) as exc:
            raise _Retry(LLMUnavailable(f"LLM server {self.base_url}: connection failed ({type(exc).__name__})")) from None
        try:
            out = json.loads(payload.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise LLMError(f"LLM server {self.base_url}: the response is not JSON") from None
        if not isinstance(out, dict):
            raise LLMError(f"LLM server {self.base_url}: unexpected response (not a JSON object)")
        return out

    def _http_error(self, exc: urllib.error.HTTPError, url: str) -> Exception:
        code, where = exc.code, f"LLM server {self.base_url}"
        if code == 429:
            return _Retry(LLMRateLimited(f"{where}: rate limited (HTTP 429)"), _retry_after(exc))
        if code >= 500:
            return _Retry(LLMUnavailable(f"{where}: server error (HTTP {code})"), _retry_after(exc))
        if code in (401, 403):
            return LLMUnavailable(f"{where}: access denied (HTTP {code}): check the key in ${self.key_env}")
        if code == 404:
            return LLMUnavailable(f"{where}: {url.rsplit('/', 1)[-1]} not found (HTTP 404): is the base URL "
                                  f"an OpenAI-compatible one ending in /v1, and the model name right?")
        detail = self._scrub(_detail(exc))
        if any(marker in detail.lower() for marker in _TOO_LONG):
            return PromptTooLong(f"{where}: the prompt does not fit the model's context (HTTP {code}): {detail}")
        return LLMError(f"{where}: request refused (HTTP {code}){': ' + detail if detail else ''}")

    def _scrub(self, text: str) -> str:
        return text.replace(self.api_key, "***") if self.api_key else text


def _retry_after(exc: urllib.error.HTTPError) -> float | None:
    value = (exc.headers or {}).get("Retry-After")
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            seconds = email.utils.parsedate_to_datetime(value).timestamp() - time.time()
        except (TypeError, ValueError):
            return None
    return min(max(seconds, 0.0), MAX_RETRY_AFTER)


def _detail(exc: urllib.error.HTTPError) -> str:
    try:
        body = json.loads(exc.read().decode("utf-8", "replace"))
        error = body.get("error", body) if isinstance(body, dict) else body
        message = error.get("message", "") if isinstance(error, dict) else str(error)
    except (ValueError, OSError, AttributeError):
        return ""
    return " ".join(str(message).split())[:200]


def _reason(exc: urllib.error.URLError) -> str:
    reason = exc.reason
    return getattr(reason, "strerror", None) or str(reason)
