# Laying and pushing (docs/rules/1848.md, "A round (Stich)"): where a Zusatzkarte may
# go and what it does to the persons' values; a turn: play, Schieben, pass.
#
# Included by rules.pyx (one module): the rules are functions of the typed state ``self``.

# -- playing Zusatzkarten: targets and effects (seed "Zusatzkarten") -----------------------
cdef inline bint allowed_side(Revolution1848Core self, int card, int seat, int side) noexcept nogil:
    """Own side only, or every side for a card with the train symbol (our reading of BB1)."""
    return self.t.train[card] or side == seat

cdef int targets(Revolution1848Core self, int card, int seat, int* out) noexcept nogil:
    """Where ``seat`` may put Zusatzkarte ``card``, as action ids in order."""
    cdef int n = 0, side, p
    cdef Mask m = 0
    if self.t.target[card] == T_SIDE:
        for side in range(self.n):
            if allowed_side(self, card, seat, side):
                out[n] = A_SIDE + side
                n += 1
        return n
    for side in range(self.n):
        if allowed_side(self, card, seat, side):
            m |= self.s.side[side]
    while m:
        p = lowest64(m)
        m &= m - 1
        if matches(self.t, self.t.filter[card], p):
            out[n] = A_PERSON + p
            n += 1
    return n

cdef bint has_target(Revolution1848Core self, int card, int seat) noexcept nogil:
    cdef int buf[N_PERSON + MAX_SEATS]
    return self.t.target[card] == T_SIDE or targets(self, card, seat, buf) > 0

cdef void person_values(Revolution1848Core self, int* val) noexcept nogil:
    """Political value of every person on the table with all Zusatz modifiers (may be
    negative: "Es kann auch negativ enden", political part). Only the table's persons are
    written: the other entries are left as they were (every reader walks the table's sides)."""
    cdef int i, k, p, card
    cdef Mask table = self.on_table(), m
    cdef const Op* op
    m = table
    while m:
        p = lowest64(m)
        m &= m - 1
        val[p] = self.t.value[p]
    for i in range(self.s.nz):
        card = self.s.zc[i]
        for k in range(self.t.nops[card]):
            op = &self.t.ops[card][k]
            if op.remove or op.military:
                continue
            if self.s.zkind[i] == T_PERSON:
                if (table >> self.s.zt[i]) & 1:
                    val[self.s.zt[i]] += op.amount
            else:
                m = self.s.side[self.s.zt[i]]
                while m:
                    p = lowest64(m)
                    m &= m - 1
                    if matches(self.t, op.filter, p):
                        val[p] += op.amount

cdef Mask forces(Revolution1848Core self, int* mil) noexcept nogil:
    """The commanders on the table (returned) and their military strength with modifiers. A
    modifier "per unit" (Kroatien's +5 to a black-yellow commander) goes to the strongest
    matching commander of the side it lies on."""
    cdef int i, k, p, card, best
    cdef Mask commanders = 0, m, table = self.on_table()
    cdef const Op* op
    m = table
    while m:
        p = lowest64(m)
        m &= m - 1
        if self.t.flag[p] >= 0:
            commanders |= <Mask>1 << p
            mil[p] = self.t.strength[p]
    for i in range(self.s.nz):
        card = self.s.zc[i]
        for k in range(self.t.nops[card]):
            op = &self.t.ops[card][k]
            if op.remove or not op.military:
                continue
            if self.s.zkind[i] == T_PERSON:
                if (commanders >> self.s.zt[i]) & 1:
                    mil[self.s.zt[i]] += op.amount
            elif op.per_unit:
                m = self.s.side[self.s.zt[i]] & commanders
                best = -1
                while m:
                    p = lowest64(m)
                    m &= m - 1
                    if op.filter.flags >= 0 and not (op.filter.flags >> self.t.flag[p]) & 1:
                        continue
                    if best < 0 or mil[p] > mil[best]:
                        best = p
                if best >= 0:
                    mil[best] += op.amount
            else:
                m = self.s.side[self.s.zt[i]] & commanders
                while m:
                    p = lowest64(m)
                    m &= m - 1
                    if matches(self.t, op.filter, p):
                        mil[p] += op.amount
    return commanders

cdef Unit unit(Revolution1848Core self, Mask members, const int* mil) noexcept nogil:
    cdef Unit u
    cdef Mask m = members
    cdef int p
    u.members = members
    u.lead = -1
    u.strength = 0
    while m:
        p = lowest64(m)
        m &= m - 1
        u.strength += mil[p]
        if u.lead < 0 or mil[p] > mil[u.lead]:
            u.lead = p
    u.seat = self.side_of(u.lead)
    u.flag = self.t.flag[u.lead]
    u.party = self.t.party[u.lead]
    return u

cdef inline int strongest(Revolution1848Core self, Mask members, const int* mil) noexcept nogil:
    """The first of ``members`` strongest first (ties: the lower card)."""
    cdef int p, best = -1
    while members:
        p = lowest64(members)
        members &= members - 1
        if best < 0 or mil[p] > mil[best]:
            best = p
    return best

cdef Mask spare_commanders(Revolution1848Core self, Mask commanders, const int* mil) noexcept nogil:
    """Commanders that may take an army without a commander: those that lead none, and the
    second and further commanders of an army ("Gibt es mehr Heerführer als Armeen, können
    einer Armeekarte mehrere Heerführer zugeordnet werden" — only while there are more)."""
    cdef Mask busy = 0, spare = 0, lead
    cdef int i
    for i in range(self.s.na):
        lead = self.s.alead[i]
        busy |= lead
        if __builtin_popcountll(lead) > 1:
            spare |= lead & ~(<Mask>1 << strongest(self, lead, mil))
    return spare | (commanders & ~busy)


# -- a turn: play, Schieben, pass ----------------------------------------------------------
cdef void bring_back_passed(Revolution1848Core self, int card) noexcept nogil:
    """"Nachdem eine Armeekarte ausgespielt wurde, kommen auch die Spieler, die gepasst
    haben, wieder ins Spiel" — as the cards with the re-entry symbol already did (card data)."""
    if self.s.passed:
        emit_back(self, card=card)
        self.s.passed = 0

cdef int play(Revolution1848Core self, int seat, int card) noexcept nogil:
    cdef int buf[N_PERSON + MAX_SEATS]
    cdef int nt, nch
    if card < N_PERSON:
        self.take_from_hand(seat, card)
        self.s.side[seat] |= <Mask>1 << card
        self.s.seq[self.s.nseq] = card
        self.s.nseq += 1
        emit_play(self, seat=seat, card=card)
        settle_armies(self)
        return next_turn(self, seat)
    if self.t.kind[card] == K_ARMY:
        self.take_from_hand(seat, card)
        self.s.ac[self.s.na] = card
        self.s.aplace[self.s.na] = seat
        self.s.alead[self.s.na] = 0
        self.s.na += 1
        emit_army(self, seat=seat, card=card)
        bring_back_passed(self, card)
        nch = army_candidates(self, card, self.s.ach_seat, self.s.ach_cmd)
        if nch > 1:
            self.s.phase, self.s.assign_army, self.s.nach = ASSIGN, card, nch
            return 0
        if nch == 1:
            give_army(self, card, self.s.ach_cmd[0])
        else:
            emit_idle(self, card=card)
        return next_turn(self, seat)
    nt = targets(self, card, seat, buf)
    if nt == 1:
        place_zusatz(self, seat, card, buf[0])
        return next_turn(self, seat)
    self.s.phase, self.s.pending = TARGET, card
    emit_chooses(self, seat=seat, card=card)
    return 0

cdef void place_zusatz(Revolution1848Core self, int seat, int card, int target_action) noexcept nogil:
    cdef int kind, x, k, i
    self.take_from_hand(seat, card)
    if target_action >= A_SIDE:
        kind, x = T_SIDE, target_action - A_SIDE
    else:
        kind, x = T_PERSON, target_action - A_PERSON
    i = self.s.nz
    self.s.zc[i], self.s.zby[i], self.s.zkind[i], self.s.zt[i] = card, seat, kind, x
    self.s.nz += 1
    emit_put(self, seat=seat, card=card, target=x, kind=kind)
    if self.t.reenter[card]:
        bring_back_passed(self, card)
    if kind == T_PERSON:
        for k in range(self.t.nops[card]):
            if self.t.ops[card][k].remove:
                for i in range(self.n):
                    self.s.side[i] &= ~(<Mask>1 << x)
                self.s.removed |= bit(x)
                emit_leaves(self, card=x)
                break
    settle_armies(self)

cdef void give_army(Revolution1848Core self, int army, int commander) noexcept nogil:
    cdef int seat = self.side_of(commander), i
    for i in range(self.s.na):  # a surplus commander leaves the army he shared
        if self.s.ac[i] == army:
            self.s.aplace[i] = seat
            self.s.alead[i] = <Mask>1 << commander
        else:
            self.s.alead[i] &= ~(<Mask>1 << commander)
    emit_goes(self, army=army, commander=commander, seat=seat)
    settle_armies(self)

cdef int push(Revolution1848Core self, int seat, int card) noexcept nogil:
    """Schieben: the card goes face down under its own draw pile; the player stays in."""
    cdef int pile = pile_of(card)
    self.take_from_hand(seat, card)
    self.s.bottom[pile][self.s.nbottom[pile]] = card
    self.s.pusher[pile][self.s.nbottom[pile]] = seat
    self.s.nbottom[pile] += 1
    emit_push(self, seat=seat, pile=pile, card=card)
    return next_turn(self, seat)

cdef int pass_(Revolution1848Core self, int seat) noexcept nogil:
    self.s.passed |= 1 << seat
    if self.s.first_passer < 0:
        self.s.first_passer = seat
    emit_pass(self, seat=seat)
    return next_turn(self, seat)

cdef int next_turn(Revolution1848Core self, int seat) noexcept nogil:
    cdef int step, other
    if self.s.passed == (1 << self.n) - 1:
        return end_stich(self)
    for step in range(1, self.n + 1):
        other = (seat + step) % self.n
        if not (self.s.passed >> other) & 1:
            self.s.to_move = other
            return 0
    return 0
