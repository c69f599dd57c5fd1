"""Learned players: the network's file (``weights``) and which net plays a game (``nets``).

The network itself runs in the compiled kernel (``garrison.core.net``: ``Net``, no deep-learning
library at play time); this package holds what writes, reads and finds its weights, with NumPy
only, so bots and the server load nets without PyTorch (docs/bots.md, "Learned bots: the network
and its file"). The training is ``garrison.train``, a layer above.
"""
