# The round's result (docs/rules/1848.md, "Deciding the round"; "Auswertung eines
# Kartenstichs"): the political and the military decision, Patt, the end of a Stich.
#
# Included by rules.pyx (one module): the rules are functions of the typed state ``self``.

# -- "Auswertung eines Kartenstichs" -------------------------------------------------------
cdef void decide(Revolution1848Core self, Result* r, bint log) noexcept nogil:
    """Military decision if an army with a commander lies out, else the political one."""
    cdef int i
    r.ncredits = 0
    for i in range(self.s.na):
        if self.s.alead[i]:
            decide_military(self, r, log)
            return
    decide_political(self, r, log)

cdef inline void credit(Revolution1848Core self, Result* r, int seat, int party, int points) noexcept nogil:
    r.cseat[r.ncredits] = seat
    r.cparty[r.ncredits] = party
    r.cpoints[r.ncredits] = points
    r.ncredits += 1

cdef void decide_political(Revolution1848Core self, Result* r, bint log) noexcept nogil:
    """The strongest party wins; its majority holder credits the party's whole total. Patt
    ("Patt kann Taktik sein"): two strongest parties equal, or no single top holder; then
    each top holder of a strongest party credits his own points of it."""
    cdef int val[N_PERSON]
    cdef int own[N_PARTIES][MAX_SEATS]
    cdef int totals[N_PARTIES]
    cdef int hold[N_PARTIES][MAX_SEATS]
    cdef int nhold[N_PARTIES]
    cdef int seat, q, p, best, nstrong = 0, k, last = -1
    cdef Mask m
    r.military = False
    r.winner = -1
    person_values(self, val)
    memset(own, 0, sizeof(own))
    for seat in range(self.n):
        m = self.s.side[seat]
        while m:
            p = lowest64(m)
            m &= m - 1
            own[self.t.party[p]][seat] += val[p]
    for q in range(N_PARTIES):
        totals[q] = 0
        for seat in range(self.n):
            totals[q] += own[q][seat]
    if log:
        emit_totals(self, final=0, totals=totals)
    best = totals[0]
    for q in range(1, N_PARTIES):
        if totals[q] > best:
            best = totals[q]
    if best <= 0:
        if log:
            emit_pol_none(self)
        return
    for q in range(N_PARTIES):
        nhold[q] = 0
        if totals[q] == best:
            nstrong += 1
            last = q
            nhold[q] = holders(self.n, own[q], 1, hold[q])
    if nstrong == 1 and nhold[last] == 1:
        r.winner = hold[last][0]
        credit(self, r, r.winner, last, totals[last])
        if log:
            emit_pol_win(self, party=last, seat=r.winner, total=totals[last])
        return
    for q in range(N_PARTIES):
        if totals[q] == best:
            for k in range(nhold[q]):
                credit(self, r, hold[q][k], q, own[q][hold[q][k]])
    if log:
        emit_pol_patt(self, why=0 if nstrong > 1 else 1)

cdef void decide_military(Revolution1848Core self, Result* r, bint log) noexcept nogil:
    """Armies with commanders decide ("Auswertung ... mit Armeekarte"): army + commander
    points, added up by the commanders' party. "Liegen Armeen unterschiedlicher Parteien aus,
    erhält der Spieler der stärkeren Partei die Punkte. Verteilt sich die siegreiche Partei
    auf Armeen bei verschiedenen Spielern, erhält der Spieler mit der stärkeren Armee die
    Punkte beider Armeen": the player with the single strongest army of the strongest party
    credits all of it, halved and rounded down. If the strongest is reactionary, every Rot
    card on the table is subtracted first (not from armies under a Bundesfahne commander);
    the result may be negative ("Es kann auch negativ enden"). Two strongest parties equal,
    or its strongest armies equal at different players: Patt, and each player in it credits
    his own armies' points, halved."""
    cdef int mil[N_PERSON]
    cdef int own[N_PARTIES][MAX_SEATS]
    cdef int totals[N_PARTIES]
    cdef int army_best[N_PARTIES][MAX_SEATS]
    cdef bint army_has[N_PARTIES][MAX_SEATS]
    cdef int hold[N_PARTIES][MAX_SEATS]
    cdef int nhold[N_PARTIES]
    cdef int i, seat, q, pts, best, nstrong = 0, last = -1, k, total, rot
    cdef bint exposed = False
    cdef Unit u
    r.military = True
    r.winner = -1
    forces(self, mil)
    memset(own, 0, sizeof(own))
    memset(army_has, 0, sizeof(army_has))
    for i in range(self.s.na):
        if not self.s.alead[i]:
            continue
        u = unit(self, self.s.alead[i], mil)
        pts = self.t.strength[self.s.ac[i]] + u.strength
        own[u.party][u.seat] += pts
        if not army_has[u.party][u.seat] or pts > army_best[u.party][u.seat]:
            army_best[u.party][u.seat] = pts
            army_has[u.party][u.seat] = True
        if u.party == self.t.reactionary and u.flag != BUND:
            exposed = True
        if log:
            emit_mil_army(self, army=self.s.ac[i], seat=u.seat, party=u.party, points=pts)
    for q in range(N_PARTIES):
        totals[q] = 0
        for seat in range(self.n):
            totals[q] += own[q][seat]
    best = totals[0]
    for q in range(1, N_PARTIES):
        if totals[q] > best:
            best = totals[q]
    for q in range(N_PARTIES):
        nhold[q] = 0
        if totals[q] == best and best > 0:
            nstrong += 1
            last = q
            nhold[q] = strongest_army_seats(self, army_best[q], army_has[q], hold[q])
    if nstrong != 1 or nhold[last] != 1:
        for q in range(N_PARTIES):
            if totals[q] == best and best > 0:
                for k in range(nhold[q]):
                    credit(self, r, hold[q][k], q, floordiv2(own[q][hold[q][k]]))
        if log:
            emit_mil_patt(self)
        return
    r.winner = hold[last][0]
    total = totals[last]
    if last == self.t.reactionary:
        rot = 0
        for i in range(self.s.nz):
            rot += self.t.rot[self.s.zc[i]]
        if rot and exposed:
            total -= rot
            if log:
                emit_rot(self, rot=rot)
    credit(self, r, r.winner, last, floordiv2(total))
    if log:
        emit_mil_win(self, party=last, seat=r.winner, total=total, points=floordiv2(total))

cdef int strongest_army_seats(Revolution1848Core self, const int* best, const bint* present, int* out) noexcept nogil:
    """The seats holding the strongest single army of a party (only positive ones count)."""
    cdef int seat, top = 0, n = 0
    cdef bint any_ = False
    for seat in range(self.n):
        if present[seat] and (not any_ or best[seat] > top):
            top, any_ = best[seat], True
    if not any_ or top <= 0:
        return 0
    for seat in range(self.n):
        if present[seat] and best[seat] == top:
            out[n] = seat
            n += 1
    return n


# -- the end of a Stich --------------------------------------------------------------------
cdef int end_stich(Revolution1848Core self) noexcept nogil:
    cdef Result r
    cdef int k, current, w, seat, rules_target
    cdef U128 leaving = 0, table_z = 0
    cdef Mask m
    self.s.last_ev0 = <int>self._nevents
    decide(self, &r, True)
    self.s.last_kind = 2 if r.military else 1
    for k in range(r.ncredits):
        self.s.tally[r.cseat[k]][r.cparty[k]] += r.cpoints[k]
        emit_credit(self, seat=r.cseat[k], party=r.cparty[k], points=r.cpoints[k])
    self.s.last_ev1 = <int>self._nevents  # the decision's lines end with what it credits
    current = self.ablauf_now()
    if r.winner >= 0:
        w = r.winner
        self.s.won[w] |= 1 << current
        self.s.ablauf_pos += 1
        self.s.patt_count = 0
        self.s.opener = w
        emit_win(self, seat=w, military=r.military, ablauf=current)
    else:
        self.s.patt_count += 1
        self.s.patts += 1
        self.s.opener = (self.s.first_passer + 1) % self.n
        emit_patt(self, ablauf=current, opener=self.s.opener)
        if self.patt_limit and self.s.patt_count >= self.patt_limit:
            self.s.set_aside |= 1 << current
            self.s.ablauf_pos += 1
            self.s.patt_count = 0
            emit_aside(self, ablauf=current)
    # "Manchmal fliegen Karten raus": every army card, and both cards of a pair that met
    for k in range(self.s.na):
        leaving |= bit(self.s.ac[k])
    for k in range(self.s.nz):
        table_z |= bit(self.s.zc[k])
    for k in range(self.s.nz):
        if self.t.pair[self.s.zc[k]] >= 0 and has(table_z, self.t.pair[self.s.zc[k]]):
            leaving |= bit(self.s.zc[k])
    for seat in range(self.n):
        self.s.discard |= <U128>self.s.side[seat]
    self.s.discard |= table_z & ~leaving
    self.s.removed |= leaving
    if leaving:
        emit_out(self, cards=leaving)
    memset(self.s.side, 0, sizeof(self.s.side))
    self.s.nseq = self.s.nz = self.s.na = 0
    self.s.passed = 0
    self.s.first_passer = -1
    if self.s.patts >= C_PATT_HORIZON:
        emit_horizon(self, patts=C_PATT_HORIZON)
        finish(self)
        return 0
    rules_target = C_ABLAUF_TO_WIN[self.n]
    if self.s.ablauf_pos >= self.ndeck:
        finish(self)
        return 0
    if self.extended:
        for seat in range(self.n):
            if __builtin_popcountll(self.s.won[seat]) >= rules_target:
                finish(self)
                return 0
    self.s.round_no += 1
    self.s.ndraws = 0
    for k in range(self.n):
        plan_draws(self, (self.s.opener + k) % self.n)
    self.s.phase = DRAW
    settle_draws(self)
    return 0
