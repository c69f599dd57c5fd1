"""Training a game's network on the batched engine, with PyTorch (the ``learn`` extra).

``recipe.Recipe`` is one run from start to file (what ``garrison train`` does): the imitation of
the game's compiled bot (``imitate``), then PPO on ``BatchEnv`` (``ppo``), the network in PyTorch
(``model``) written as the file the kernel plays (``garrison.learn.weights``). Play never imports
this package (docs/bots.md, "Training a network").
"""
