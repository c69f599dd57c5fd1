"""The HTTP and WebSocket routes: the lobby, the tables and the table socket."""
