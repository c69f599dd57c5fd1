"""Shared by the arena tests: compare runs without the thinking times, which differ every run."""

TIMING = ("seconds_per_move", "max_seconds_per_move", "cpu_seconds_per_move")


def untimed(records):
    """The records without thinking time, the one part that differs between equal runs."""
    return [{k: v for k, v in r.items() if k != "think"} for r in records]


def untimed_dict(data):
    out = dict(data, records=untimed(data["records"]))
    out["results"] = [{k: v for k, v in r.items() if k not in TIMING} for r in data["results"]]
    return out
