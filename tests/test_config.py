"""Settings as an admin types them: every bad value stops the start with a sentence naming
the variable (README, Configuration)."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, load_config

# every setting read as a number of seconds, hours, megabytes or a count
FLOATS = ["SAILBOT_REMINDER_HOURS", "SAILBOT_REMINDER_POLL", "SAILBOT_THINK",
          "SAILBOT_RENDER_WORKER_MB", "SAILBOT_PICTURE_WAIT", "SAILBOT_PICTURE_TIMEOUT",
          "SAILBOT_GC_SECONDS"]


@pytest.mark.parametrize("name", FLOATS)
@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "Infinity", "1e400"])
def test_a_number_setting_refuses_what_is_not_a_finite_number(name, text):
    # float() reads these; `SAILBOT_GC_SECONDS=inf` used to start the bot and print a
    # traceback from the collector thread (time.sleep(inf)), `nan` passed every `< low`
    with pytest.raises(ConfigError, match=name):
        load_config({name: text}, create_dirs=False)


@pytest.mark.parametrize("name", FLOATS)
def test_a_number_setting_still_takes_a_plain_number(name):
    load_config({name: "2.5"}, create_dirs=False)


def test_the_collector_pause_has_a_ceiling_time_sleep_can_take():
    # time.sleep(1e10) raises OverflowError in the collector thread
    with pytest.raises(ConfigError, match="SAILBOT_GC_SECONDS must be at most 86400"):
        load_config({"SAILBOT_GC_SECONDS": "1e10"}, create_dirs=False)
    assert load_config({"SAILBOT_GC_SECONDS": "86400"}, create_dirs=False).gc_seconds == 86400


def test_reminder_hours_keeps_its_sentences():
    with pytest.raises(ConfigError, match="SAILBOT_REMINDER_HOURS must be a number, not 'x'"):
        load_config({"SAILBOT_REMINDER_HOURS": "x"}, create_dirs=False)
    with pytest.raises(ConfigError, match="SAILBOT_REMINDER_HOURS must be more than 0"):
        load_config({"SAILBOT_REMINDER_HOURS": "0"}, create_dirs=False)


async def test_a_board_folder_that_cannot_be_made_stops_the_local_table_with_a_sentence(
        tmp_path, capsys):
    # it used to start, then end in a traceback at the first board picture
    import io

    from bot.local import run

    (tmp_path / "a-file").write_text("")
    config = load_config({"SAILBOT_DB": str(tmp_path / "bot.sqlite3"),
                          "SAILBOT_BOARD_DIR": str(tmp_path / "a-file" / "boards")})
    out = io.StringIO()
    assert await run(config, stdin=io.StringIO("alice: /navegador start\nquit\n"),
                     stdout=out) == 2
    err = capsys.readouterr().err
    assert "SAILBOT_BOARD_DIR: cannot create the folder" in err and "a-file" in err, err


@pytest.mark.parametrize("text", ["0", "-5"])
def test_a_dev_guild_id_is_a_positive_number(text):
    # 0 used to mean "sync globally" without a word, -5 went to Discord
    with pytest.raises(ConfigError, match="SAILBOT_DEV_GUILD must be a guild id"):
        load_config({"SAILBOT_DEV_GUILD": text}, create_dirs=False)
