"""Issue 23 item 1: ``referee --help`` and every subcommand's ``--help`` print their help (a "95%" in a help
string once crashed argparse's %-formatting)."""
import argparse

import pytest

from bot import cli


def subcommands() -> list[str]:
    """The subcommands the parser knows, read from the parser itself (a new one is tested too)."""
    seen: list[argparse.ArgumentParser] = []
    real = argparse.ArgumentParser.parse_args

    def capture(self, *a, **k):  # type: ignore[no-untyped-def]
        seen.append(self)
        raise SystemExit(0)

    argparse.ArgumentParser.parse_args = capture  # type: ignore[method-assign]
    try:
        with pytest.raises(SystemExit):
            cli.main(["--help"])
    finally:
        argparse.ArgumentParser.parse_args = real  # type: ignore[method-assign]
    sub = next(a for a in seen[0]._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(sub.choices)


def test_every_subcommand_is_listed() -> None:
    assert {"demo", "play", "bench", "replay", "arena", "run", "recap"} <= set(subcommands())


@pytest.mark.parametrize("argv", [["--help"], *([name, "--help"] for name in subcommands())])
def test_help_prints_and_exits_0(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: referee")
    if argv == ["--help"]:
        assert "95% intervals" in " ".join(out.split())
