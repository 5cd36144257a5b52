"""The futures still ahead when a stream stops: cancelled on an error, and on Ctrl-C only
where the caller asks — a process pool's are cancelled by its own manager thread when the
pool is ended (riichi_lut.sim.backend._windowed: Python 3.11's ProcessPoolExecutor prints an
InvalidStateError traceback when the main thread cancels a future the broken pool then
fails, which broke the command line's one-line ``interrupted``)."""

from __future__ import annotations

from concurrent.futures import Future

import pytest

from riichi_lut.sim.backend import _windowed, plan


class _Stops(Future):
    """A future whose result raises ``error`` (Ctrl-C or a failed chunk)."""

    def __init__(self, error: BaseException) -> None:
        super().__init__()
        self.error = error

    def result(self, timeout=None):
        raise self.error


def _run(error: BaseException, cancel_on_interrupt: bool) -> list[Future]:
    made: list[Future] = []

    def submit(chunk):
        made.append(_Stops(error) if not made else Future())
        return made[-1]

    with pytest.raises(type(error)):
        list(
            _windowed(
                submit, plan(4000, 1, chunk_size=1000), 3, None, cancel_on_interrupt=cancel_on_interrupt
            )
        )
    return made


@pytest.mark.parametrize("cancel", [True, False])
def test_a_failed_chunk_cancels_the_futures_ahead(cancel):
    made = _run(ValueError("a chunk failed"), cancel)
    assert len(made) == 3 and all(f.cancelled() for f in made[1:])


def test_ctrl_c_cancels_the_futures_ahead_only_when_asked():
    assert all(f.cancelled() for f in _run(KeyboardInterrupt(), True)[1:])
    left = _run(KeyboardInterrupt(), False)[1:]
    assert left and not any(f.cancelled() for f in left)
