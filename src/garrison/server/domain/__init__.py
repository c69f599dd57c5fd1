"""What the server plays: a table's runtime, its clock, room (chat, presence, rematch), bots, replays, names and tokens."""
