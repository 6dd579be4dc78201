"""Rule consistency (``mtgasp prove``, ``command``): is there a board, within stated bounds,
where a property (``vocabulary``) fails? The asp engine grounds every board at once (``asp``,
``world``, ``worlds``); the enumerate engine asks the normal queries of every canonical board
(``boards``, ``outputs``, ``enumerate``), on the batch layer's workers.

May import: every package below it (``batch`` and downward).
"""
