"""Reviewed golden transcripts (issue 22): one seeded whole game per title in Czech and in Polish, as the
console prints it and as its public log (the record's transcript) reads.

The files next to this test were read line by line by a native speaker of each language. A change to any
text these games show makes this test fail until the files are written again
(``python3 -m tests.transcripts.transcripts``), so the change shows in review as a diff of what players read.
"""
from __future__ import annotations

import pytest

from tests.transcripts.transcripts import GAMES, LOCALES, golden, play_one


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("title", sorted(GAMES))
async def test_a_seeded_game_reads_as_reviewed(tmp_path, title, locale, caplog):
    caplog.set_level("WARNING", logger="render.i18n")
    text, log = await play_one(title, locale, tmp_path)
    console_file, log_file = golden(title, locale)
    assert "catalogue:" not in caplog.text, caplog.text[:2000]  # no missing key, no English fallback
    assert text == console_file.read_text(encoding="utf-8"), (
        f"{console_file.name} differs: run python3 -m tests.transcripts.transcripts and review the diff")
    assert log == log_file.read_text(encoding="utf-8"), (
        f"{log_file.name} differs: run python3 -m tests.transcripts.transcripts and review the diff")
    # the game ran to its end, with a result
    assert text.rstrip().splitlines()[-1].startswith('{"game": "' + title)
