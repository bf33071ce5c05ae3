"""What is kept of a game for people: the game record (format 2), its transcript, the end-of-game recap."""
