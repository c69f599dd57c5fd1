"""High Die: the template a new game starts from (templates/README.md; docs/rules/<name>.md
holds its rules). Each player is dealt a die face down; in turn each keeps it or rolls again
once; the highest die wins."""

from .game import HighDieGame

GAME = HighDieGame
