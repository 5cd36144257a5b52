"""The Dask back-end's ``client=``: a ``distributed.Client`` or the address of a scheduler.

Every simulation takes ``client=`` as a connected ``distributed.Client`` (the caller's:
left open) or an address string such as ``"tcp://host:8786"``, as the CLI's ``--dask``
(connected for the call and closed after it). An address that cannot be reached within
the connect timeout (``timeout=`` of :func:`connect`; by default Dask's
``distributed.comm.timeouts.connect``, 30 s unless configured), a malformed address, or
any other object is an :class:`~riichi_lut.errors.InvalidArgumentError`. Dask is an
optional extra (``riichi-lut[dask]``), imported only to connect to an address.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import InvalidArgumentError, describe


def address_problem(address: str) -> str | None:
    """Why ``address`` is not ``scheme://host:port`` (a known scheme, port 1..65535), or
    None when it is; None too when Dask is not installed (the connection says so).

    >>> address_problem("tcp://127.0.0.1:0")
    'port 0 is not in 1..65535'
    """
    try:
        # optional dependency (riichi-lut[dask]), needed only for a cluster
        from distributed.comm.addressing import get_address_host_port  # noqa: PLC0415
    except ImportError:
        return None
    try:
        _, port = get_address_host_port(address)
    except ValueError as error:
        return str(error)
    return None if 0 < port < 65536 else f"port {port} is not in 1..65535"


def check_address(address: str) -> None:
    """Refuse an address that is not ``scheme://host:port`` (a known scheme, port 1..65535)
    before any connection is tried: a ``distributed.Client`` that fails on a malformed
    address lingers for a minute at the interpreter's exit. Left to the connection when
    Dask is not installed.

    >>> try:
    ...     check_address("tcp://127.0.0.1:0")
    ... except InvalidArgumentError as error:
    ...     print(error)
    cannot use the Dask scheduler address 'tcp://127.0.0.1:0': port 0 is not in 1..65535
    """
    problem = address_problem(address)
    if problem is not None:
        raise InvalidArgumentError(f"cannot use the Dask scheduler address {address!r}: {problem}")


def connect(address: str, *, timeout: float | None = None) -> Any:
    """A Dask ``distributed.Client`` for ``tcp://host:port`` (needs ``riichi-lut[dask]``);
    ``timeout`` seconds to reach the scheduler (default: Dask's configured connect timeout).

    >>> connect(8786)
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidArgumentError: a scheduler address is a string (tcp://host:8786), got int 8786
    """
    if not isinstance(address, str):
        raise InvalidArgumentError(
            f"a scheduler address is a string (tcp://host:8786), got {describe(address)}"
        )
    if timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0
    ):
        raise InvalidArgumentError.about(
            "timeout", f"must be a number of seconds > 0, got {describe(timeout)}"
        )
    try:
        # optional dependency (riichi-lut[dask]), needed only for a cluster
        from distributed import Client  # noqa: PLC0415
    except ImportError:
        raise InvalidArgumentError(
            "Dask is not installed: pip install 'riichi-lut[dask]' (or distributed) to use a Dask scheduler"
        ) from None
    check_address(address)
    options: dict[str, Any] = {"set_as_default": False}
    if timeout is not None:
        options["timeout"] = timeout
    try:
        return Client(address, **options)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as error:  # distributed: "Timed out trying to connect to ..."
        raise InvalidArgumentError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None
    except (ValueError, TypeError) as error:  # a malformed address or an unknown scheme
        raise InvalidArgumentError(f"cannot use the Dask scheduler address {address!r}: {error}") from None


def check_client(client: object) -> None:
    """Refuse a ``client=`` that is neither ``None``, an address string nor a
    ``distributed.Client``."""
    if client is None or isinstance(client, str):
        return
    # a Client exists only once distributed was imported: no import for the check
    distributed = sys.modules.get("distributed")
    if distributed is None or not isinstance(client, distributed.Client):
        raise InvalidArgumentError(
            "client must be a distributed.Client or a Dask scheduler address such as"
            f" 'tcp://host:8786', got {describe(client)}"
        )


@contextmanager
def connected(client: object) -> Iterator[Any]:
    """The ``distributed.Client`` of ``client=`` (None stays None); one made here from an
    address is closed afterwards."""
    check_client(client)
    if not isinstance(client, str):
        yield client
        return
    made = connect(client)
    try:
        yield made
    finally:
        made.close()
