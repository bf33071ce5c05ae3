"""Discord's limits that the adapter designs against."""

MAX_CHOICES = 25          # autocomplete choices, select options, buttons per message
MAX_SELECTS = 5           # action rows per message
MAX_BUTTONS = 20          # move buttons on a board (the hand and 🔍 buttons and spare rows come on top)
EMBED_DESC = 4096
CONTENT = 2000
