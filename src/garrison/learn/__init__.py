"""Learned players: the network's file (``weights``) and, with the ``learn`` extra, its training.

The network itself runs in the compiled kernel (``garrison.core.net``: ``Net``, no deep-learning
library at play time); this package holds what writes and reads its weights. ``weights`` needs
only NumPy, so bots and the server load shipped nets without PyTorch (docs/bots.md, "Learned bots:
the network and its file").
"""
