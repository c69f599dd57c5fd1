# Armies and commanders (docs/rules/1848.md, "Armies"; "So wechselt eine Armee die
# Seite"): who leads which army, and how armies change sides.
#
# Included by rules.pyx (one module): the rules are functions of the typed state ``self``.

# -- "So wechselt eine Armee die Seite" ----------------------------------------------------
cdef int army_candidates(Revolution1848Core self, int army, int* seats, int* cmds) noexcept nogil:
    """``(seat, commander)`` for each player whose commander a newly played army goes to:
    commanders of its own flag first, then the strongest. Equally strong commanders at
    different players are the seed's "Sonderfall": the player of the army chooses."""
    cdef int mil[N_PERSON]
    cdef Mask commanders = forces(self, mil)
    cdef Mask spare = spare_commanders(self, commanders, mil), pool = 0, m
    cdef int p, best = 0, first = 1, n = 0, seat, k
    cdef int per_seat[MAX_SEATS]
    m = spare
    while m:
        p = lowest64(m)
        m &= m - 1
        if self.t.flag[p] == self.t.flag[army]:
            pool |= <Mask>1 << p
    if not pool:
        pool = spare
    if not pool:
        return 0
    m = pool
    while m:
        p = lowest64(m)
        m &= m - 1
        if first or mil[p] > best:
            best, first = mil[p], 0
    for seat in range(MAX_SEATS):
        per_seat[seat] = -1
    m = pool
    while m:
        p = lowest64(m)
        m &= m - 1
        seat = self.side_of(p)
        if mil[p] == best and per_seat[seat] < 0:
            per_seat[seat] = p
    for seat in range(self.n):
        if per_seat[seat] >= 0:
            seats[n], cmds[n] = seat, per_seat[seat]
            n += 1
    return n

cdef void give(Revolution1848Core self, int i, Mask members, int verb, const int* mil) noexcept nogil:
    cdef Unit u = unit(self, members, mil)
    cdef Mask old = self.s.alead[i]
    cdef int was = -1
    if old:
        was = self.side_of(lowest64(old))
        if was == u.seat:
            was = -1
    self.s.alead[i] = members
    self.s.aplace[i] = u.seat
    emit_give(self, army=self.s.ac[i], verb=verb, seat=u.seat, was=was, members=members)

cdef void settle_armies(Revolution1848Core self) noexcept nogil:
    """Armies after a change on the table, step by step until nothing moves:

    1. an army without a commander takes a spare commander, one each: commanders of its own
       flag first, the strongest commander choosing first ("Der stärkste Heerführer hat das
       Recht, sich als erster eine Armee auszusuchen");
    2. the free commanders of one flag at one player, added up, take over an army from a
       less suitable leader (a stronger one within the flag, or one of the army's own flag);
       the deposed commanders stay where they lie;
    3. a free commander joins the strongest army his own player leads with his flag (several
       commanders on one army when there are more commanders than armies).
    """
    cdef int mil[N_PERSON]
    cdef Mask commanders, spare, busy, free, m, group, lead
    cdef Unit units[MAX_SEATS * 3]
    cdef Unit u, other
    cdef int nunits, i, j, c, best_i, best_c = -1, k, seat, flag, a
    cdef bint moved
    if self.s.na == 0:
        return
    commanders = forces(self, mil)
    for i in range(self.s.na):
        self.s.alead[i] &= commanders
    while True:
        # 1. idle armies take spare commanders
        spare = spare_commanders(self, commanders, mil)
        best_i = -1
        if spare:
            for i in range(self.s.na):
                if self.s.alead[i]:
                    continue
                a = self.s.ac[i]
                m = spare
                while m:
                    c = lowest64(m)
                    m &= m - 1
                    if best_i < 0 or better_spare(self, c, i, best_c, best_i, mil):
                        best_i, best_c = i, c
        if best_i >= 0:
            for j in range(self.s.na):  # a surplus commander leaves his army
                self.s.alead[j] &= ~(<Mask>1 << best_c)
            give(self, best_i, <Mask>1 << best_c, 0, mil)
            continue
        # the free commanders, one unit per player and flag, strongest first
        busy = 0
        for i in range(self.s.na):
            busy |= self.s.alead[i]
        free = commanders & ~busy
        nunits = 0
        for seat in range(self.n):
            for flag in range(3):
                group = 0
                m = free & self.s.side[seat]
                while m:
                    c = lowest64(m)
                    m &= m - 1
                    if self.t.flag[c] == flag:
                        group |= <Mask>1 << c
                if group:
                    units[nunits] = unit(self, group, mil)
                    nunits += 1
        for i in range(1, nunits):  # insertion sort by (-strength, seat, flag)
            u = units[i]
            j = i - 1
            while j >= 0 and (units[j].strength < u.strength or (
                    units[j].strength == u.strength
                    and units[j].seat * 3 + units[j].flag > u.seat * 3 + u.flag)):
                units[j + 1] = units[j]
                j -= 1
            units[j + 1] = u
        # 2. a more suitable unit takes over an army
        moved = False
        for k in range(nunits):
            u = units[k]
            best_i = -1
            for i in range(self.s.na):
                lead = self.s.alead[i]
                if not lead:
                    continue
                a = self.s.ac[i]
                other = unit(self, lead, mil)
                if not more_suitable(self, u, other, a):
                    continue
                if best_i < 0 or preferred_army(self, a, i, self.s.ac[best_i], best_i, u.flag):
                    best_i = i
            if best_i >= 0:
                give(self, best_i, u.members, 1, mil)
                moved = True
                break
        if moved:
            continue
        # 3. a free commander joins his own player's strongest army of his flag
        for k in range(nunits):
            u = units[k]
            best_i = -1
            for i in range(self.s.na):
                lead = self.s.alead[i]
                if not lead:
                    continue
                c = lowest64(lead)
                if self.side_of(c) != u.seat or self.t.flag[c] != u.flag:
                    continue
                if best_i < 0 or self.t.strength[self.s.ac[i]] > self.t.strength[self.s.ac[best_i]]:
                    best_i = i
            if best_i >= 0:
                give(self, best_i, self.s.alead[best_i] | u.members, 2, mil)
                moved = True
                break
        if not moved:
            return

cdef inline bint better_spare(Revolution1848Core self, int c, int i, int best_c, int best_i, const int* mil) noexcept nogil:
    """(own flag, commander strength, army strength, earlier army, lower card) is larger."""
    cdef int a = self.s.ac[i], b = self.s.ac[best_i]
    cdef int x0 = self.t.flag[c] == self.t.flag[a], y0 = self.t.flag[best_c] == self.t.flag[b]
    if x0 != y0:
        return x0 > y0
    if mil[c] != mil[best_c]:
        return mil[c] > mil[best_c]
    if self.t.strength[a] != self.t.strength[b]:
        return self.t.strength[a] > self.t.strength[b]
    if i != best_i:
        return i < best_i
    return c < best_c

cdef inline bint more_suitable(Revolution1848Core self, Unit u, Unit lead, int army) noexcept nogil:
    """How well a unit suits an army: own flag first, then military strength."""
    cdef int x = u.flag == self.t.flag[army], y = lead.flag == self.t.flag[army]
    if x != y:
        return x > y
    return u.strength > lead.strength

cdef inline bint preferred_army(Revolution1848Core self, int a, int i, int b, int j, int flag) noexcept nogil:
    """(the unit's own flag, army strength, earlier army) is larger."""
    cdef int x = self.t.flag[a] == flag, y = self.t.flag[b] == flag
    if x != y:
        return x > y
    if self.t.strength[a] != self.t.strength[b]:
        return self.t.strength[a] > self.t.strength[b]
    return i < j
