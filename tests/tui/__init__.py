

import signal


def default_signals() -> None:
    """Run in a terminal game's child process before it starts (``pexpect.spawn``'s
    ``preexec_fn``): Ctrl-C as a terminal gives it to a game started from a shell, a
    ``SIGINT`` at its default and not blocked, whatever the test worker that forks it
    inherited (a worker with ``SIGINT`` ignored or blocked passes that on through exec,
    and the game could then never be left with Ctrl-C)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

