"""The release can be cited: LICENSE matches pyproject's licence, CITATION.cff is valid CFF 1.2.0
with pyproject's version, and CHANGELOG.md keeps Keep a Changelog's form with this release's
entry."""

from __future__ import annotations

import datetime
import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

#: The keys CFF 1.2.0 allows at the top level, and those it requires.
CFF_KEYS = {"abstract", "authors", "cff-version", "commit", "contact", "date-released", "doi",
            "identifiers", "keywords", "license", "license-url", "message", "preferred-citation",
            "references", "repository", "repository-artifact", "repository-code", "title", "type",
            "url", "version"}
CFF_REQUIRED = {"authors", "cff-version", "message", "title"}
#: Keep a Changelog's kinds of change.
CHANGE_KINDS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def _citation() -> dict:
    return yaml.safe_load((ROOT / "CITATION.cff").read_text())


def test_the_license_file_is_pyprojects_licence():
    assert PROJECT["license"] == "MIT"
    text = (ROOT / "LICENSE").read_text()
    assert text.splitlines()[0] == "MIT License"
    assert "Permission is hereby granted, free of charge" in text and "Copyright (c)" in text


def test_citation_cff_is_valid_cff_1_2_0():
    cff = _citation()
    assert CFF_REQUIRED <= cff.keys() <= CFF_KEYS, cff.keys() - CFF_KEYS
    assert cff["cff-version"] == "1.2.0"
    assert isinstance(cff["message"], str) and cff["message"].strip()
    assert isinstance(cff["title"], str) and cff["title"].strip()
    assert cff.get("type", "software") in {"software", "dataset"}
    assert isinstance(cff["authors"], list) and cff["authors"]
    for author in cff["authors"]:  # a person (family-names / given-names) or an entity (name)
        assert isinstance(author, dict)
        assert author.get("name") or author.get("family-names") or author.get("given-names"), author
    assert isinstance(cff["date-released"], datetime.date)  # YAML's date: YYYY-MM-DD
    assert all(isinstance(k, str) for k in cff.get("keywords", []))


def test_citation_names_pyprojects_version_and_licence():
    cff = _citation()
    assert str(cff["version"]) == PROJECT["version"]
    assert cff["license"] == PROJECT["license"]


def test_the_changelog_has_this_releases_entry():
    text = (ROOT / "CHANGELOG.md").read_text()
    assert text.startswith("# Changelog\n") and "keepachangelog.com" in text
    releases = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, re.M)
    assert releases[0] == ("Unreleased", "")
    versions = {v: d for v, d in releases[1:]}
    assert PROJECT["version"] in versions, "CHANGELOG.md has no entry for pyproject's version"
    assert versions[PROJECT["version"]] == _citation()["date-released"].isoformat()
    kinds = re.findall(r"^### (.+)$", text, re.M)
    assert kinds and set(kinds) <= CHANGE_KINDS, set(kinds) - CHANGE_KINDS
    entry = text.split(f"## [{PROJECT['version']}]")[1].split("\n## [")[0]
    assert re.search(r"^- ", entry, re.M)  # the release lists its changes
