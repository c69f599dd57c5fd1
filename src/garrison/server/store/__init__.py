"""Where the server keeps everything: the database (SQLAlchemy Core) and its migrations."""
