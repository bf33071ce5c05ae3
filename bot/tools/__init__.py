"""Tools behind the ``referee`` command line: ``bench`` (numbers about the bot's speed) and ``arena`` (bots
against bots)."""
