# Dealing and drawing ("Das kommt hinzu"; docs/rules/1848.md, "Drawing"): how many
# cards of which kind a player draws after a Stich, the draw queue and the chance draws.
#
# Included by rules.pyx (one module): the rules are functions of the typed state ``self``.

# -- "Das kommt hinzu": how many cards a player draws ----------------------------------------------
cdef int plan(bint extended, int hp, int hz, int* kinds) noexcept nogil:
    """What a player draws after a Stich ("Wie man mehr als vier Handkarten bekommt"), into
    ``kinds`` (KIND_P, KIND_Z, KIND_CHOICE); returns how many.

    Extended: at most 2 Personen- and 2 Zusatzkarten, never above 6 in hand; with room for two or
    more, one of each comes first, and only an odd last card is the player's choice, as in the
    seed's examples. Base game: fill up to 2 + 2."""
    cdef int n = 0, k, room
    if not extended:
        for k in range(2 - hp):
            kinds[n] = KIND_P
            n += 1
        for k in range(2 - hz):
            kinds[n] = KIND_Z
            n += 1
        return n
    room = HAND_LIMIT_ - hp - hz
    if room == 1:
        kinds[0] = KIND_CHOICE
        return 1
    if room <= 0:
        return 0
    kinds[0], kinds[1] = KIND_P, KIND_Z
    if room == 2:
        return 2
    if room == 3:
        kinds[2] = KIND_CHOICE
        return 3
    kinds[2], kinds[3] = KIND_P, KIND_Z
    return 4


def draw_plan(str rules, int persons, int zusatz):
    """What a player with ``persons`` + ``zusatz`` cards in hand draws after a Stich under
    ``rules`` ("extended" or "base"): "P", "Z" or "?" (the player's choice), in order."""
    cdef int kinds[4]
    cdef int k, n = plan(rules == "extended", persons, zusatz, kinds)
    return tuple("PZ?"[kinds[k]] for k in range(n))


# -- "Das kommt hinzu": dealing and drawing ------------------------------------------------
cdef void plan_draws(Revolution1848Core self, int seat) noexcept nogil:
    cdef int kinds[4]
    cdef int hp = count(self.s.hands[seat] & PERSONS)
    cdef int k, n = plan(self.extended, hp, count(self.s.hands[seat]) - hp, kinds)
    for k in range(n):
        queue(self, seat, kinds[k])

cdef inline void queue(Revolution1848Core self, int seat, int kind) noexcept nogil:
    self.s.dseat[self.s.ndraws] = seat
    self.s.dkind[self.s.ndraws] = kind
    self.s.ndraws += 1

cdef inline void pop_draw(Revolution1848Core self) noexcept nogil:
    cdef int k
    for k in range(1, self.s.ndraws):
        self.s.dseat[k - 1] = self.s.dseat[k]
        self.s.dkind[k - 1] = self.s.dkind[k]
    self.s.ndraws -= 1

cdef inline bint available(Revolution1848Core self, int pile) noexcept nogil:
    return ((self.s.stock | self.s.discard) & pile_mask(pile)) != 0 or self.s.nbottom[pile] > 0

cdef void settle_draws(Revolution1848Core self) noexcept nogil:
    """Carry out the draw queue until a chance draw or a player's choice is due."""
    cdef int seat, kind, pile, card, pusher, k
    cdef bint has_p, has_z
    while self.s.phase == DRAW:
        if self.s.ndraws == 0:
            self.s.phase = PLAY
            self.s.to_move = self.s.opener
            emit_round(self, round_no=self.s.round_no, ablauf=self.ablauf_now(), opener=self.s.opener)
            return
        seat, kind = self.s.dseat[0], self.s.dkind[0]
        if kind == KIND_CHOICE:
            has_p, has_z = available(self, 0), available(self, 1)
            if has_p and has_z:
                self.s.to_move = seat
                return
            if not (has_p or has_z):
                pop_draw(self)
            else:
                self.s.dkind[0] = KIND_P if has_p else KIND_Z
            continue
        pile = kind
        if self.s.stock & pile_mask(pile):
            self.s.to_move = CHANCE_PLAYER
            return
        if self.s.nbottom[pile]:
            card, pusher = self.s.bottom[pile][0], self.s.pusher[pile][0]
            for k in range(1, self.s.nbottom[pile]):
                self.s.bottom[pile][k - 1] = self.s.bottom[pile][k]
                self.s.pusher[pile][k - 1] = self.s.pusher[pile][k]
            self.s.nbottom[pile] -= 1
            self.s.hands[seat] |= bit(card)
            if pusher != seat:
                self.s.known[pusher] |= bit(card)
            pop_draw(self)
            emit_draw(self, seat=seat, pile=pile, under=1, card=card)
            continue
        if self.s.discard & pile_mask(pile):
            self.s.stock |= self.s.discard & pile_mask(pile)
            self.s.discard &= ~pile_mask(pile)
            emit_reshuffle(self, pile=pile)
            continue
        pop_draw(self)

cdef void draw_card(Revolution1848Core self, int card) noexcept nogil:
    cdef int seat = self.s.dseat[0], pile = self.s.dkind[0]
    self.s.stock &= ~bit(card)
    self.s.hands[seat] |= bit(card)
    pop_draw(self)
    emit_draw(self, seat=seat, pile=pile, under=0, card=card)
