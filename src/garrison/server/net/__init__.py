"""The wire: JSON text, request bodies, HTTP helpers and limits, the socket transport and the messages both ways."""
