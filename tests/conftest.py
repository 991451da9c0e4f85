import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # noqa: ANN001, ANN201
    """The loopback Discord's timings (tests/test_loopback.py), whether or not -s is on."""
    from tests.loopback import people

    if not people.REPORTS:
        return
    terminalreporter.write_sep("-", "loopback Discord: first callback of every interaction")
    for line in people.REPORTS:
        terminalreporter.write_line(line)
    terminalreporter.write_line(f"all: {people.summary(people.LATENCIES)}")
