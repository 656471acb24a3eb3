/* The N-seat exact search of the last batch (issue 12): three-hand (V7) and partnership
 * (V6) worlds searched to the end of the round in C against the CPython API.
 *
 * The Python reference stays the readable definition and the fallback
 * (solver/cassino/exact.py chooses):
 *
 *   legal moves ........ engine/cassino/movegen.py (R9-R22; V6.3 partner builds, V6.6, V6.7)
 *                        -> gen_moves
 *   subset sums ........ engine/cassino/sums.py    (R7, R11, R14) -> groups_of, unions_of
 *   play_card .......... engine/cassino/table.py   (R9-R16; V6.7 the partner keeps his build)
 *                        -> play_card
 *   search ............. solver/cassino/sides.py SideSearch searched to the round's end:
 *                        two camps (the viewer's side against the rest: partnership's team
 *                        margin, three-hand's paranoid search), negamax with alpha-beta
 *   round end .......... solver/cassino/seats.py end_points, evaluation.py side_points and
 *                        side_equity (R24 residue, R26 per side, V6.12, V7.2 majorities)
 *
 * The sums, move generation, play_card and the conversions are those of the two-seat
 * kernel (solver/cassino/_kernel.c), shared in solver/cassino/_cassino.h: here with the
 * mover's partner (V6.3 partner builds, V6.6, V6.7), -1 in three-hand.  The search is exact: the values of the root
 * moves are the minimax values of the reference's search at full depth, whatever the order
 * of the moves (every root move is searched with the full window).  It counts its nodes as
 * the reference does (each position searched, each round end) and gives up, answering None,
 * once a given limit is passed: the caller then runs the depth-limited reference.
 *
 * Cards are 0..51 (rank * 4 + suit), card sets 64-bit masks, as in engine/cards.py.  A
 * position that does not fit the fixed arrays (MAXB builds, MAXG groups in one build) or
 * with a family of moves past MAX_FAMILY (D16) also answers None.
 */
#define CASSINO_PARTNERS /* partnership (V6): gen_moves and play_card with the partner */
#include "_cassino.h"

/* ------------------------------------------------------------------------------------ */
/* The Rules type: built once per engine Rules by solver/cassino/exact.py.               */

static int Rules_init(RulesObject *self, PyObject *args, PyObject *kw) {
    PyObject *values, *most, *each, *side_of, *partner;
    KRules *R = &self->r;
    memset(R, 0, sizeof *R);
    (void)kw;
    if (!PyArg_ParseTuple(args, "OiiiiOOiiOO", &values, &R->max_build, &R->court_captures_all,
                          &R->pairing_takes_all, &R->sweep_points, &most, &each, &R->players,
                          &R->partnerships, &side_of, &partner))
        return -1;
    if (R->players < 2 || R->players > MAXS) { PyErr_SetString(PyExc_ValueError, "2 to 4 seats"); return -1; }
    if (read_int_tuple(side_of, R->side_of, R->players) < 0 ||
        read_int_tuple(partner, R->partner, R->players) < 0)
        return -1;
    R->sides = 0;
    for (int s = 0; s < R->players; s++) {
        if (R->side_of[s] < 0 || R->side_of[s] >= MAXS) { PyErr_SetString(PyExc_ValueError, "side out of range"); return -1; }
        if (R->side_of[s] + 1 > R->sides) R->sides = R->side_of[s] + 1;
    }
    if (R->sides < 2) { PyErr_SetString(PyExc_ValueError, "two sides or more"); return -1; }
    return rules_fill(R, values, most, each);
}

RULES_TYPE("solver.cassino._seats.Rules",
           "Rules(values, max_build, court_captures_all, pairing_takes_all, sweep_points, "
           "most, each, players, partnerships, side_of, partner): an N-seat variant");

/* ------------------------------------------------------------------------------------ */
/* The exact search of a last batch (sides.py SideSearch at full depth, seats.py leaves). */

typedef struct {
    u64 hands[MAXS], loose, piles[MAXS], bhash;
    int sweeps[MAXS], last, me, used, blen;
    size_t boff;
    double lo, hi;
    KMove best; int has_best;
} TTEntry;

typedef struct {
    const KRules *R;
    int hero, camp[MAXS];
    long long nodes, limit; /* limit < 0: none */
    int out;                /* the limit was passed */
    TTEntry *tt; size_t cap, n;
    u64 *arena; size_t an, acap;
} Exact;

/* one position of the last batch: piles and sweep points per side (V6.2: partners share) */
typedef struct {
    u64 hands[MAXS], loose, piles[MAXS];
    int sweeps[MAXS], last;
    KBuilds B;
} SPos;

static u64 key_hash(const u64 *hands, u64 loose, const u64 *piles, const int *sweeps, int last,
                    int me, u64 bh) {
    u64 h = mix(0, loose);
    for (int s = 0; s < MAXS; s++) h = mix(mix(mix(h, hands[s]), piles[s]), (u64)(uint32_t)sweeps[s]);
    return mix(mix(h, bh), (u64)(uint32_t)(last + 1) | (u64)me << 32);
}

static size_t entry_hash(const TTEntry *e) {
    return key_hash(e->hands, e->loose, e->piles, e->sweeps, e->last, e->me, e->bhash);
}

static int tt_grow(Exact *x) {
    size_t cap = x->cap ? x->cap * 2 : 1 << 12;
    TTEntry *t = calloc(cap, sizeof(TTEntry));
    if (!t) return -1;
    for (size_t i = 0; i < x->cap; i++) {
        TTEntry *e = &x->tt[i];
        if (!e->used) continue;
        size_t j = entry_hash(e) & (cap - 1);
        while (t[j].used) j = (j + 1) & (cap - 1);
        t[j] = *e;
    }
    free(x->tt);
    x->tt = t; x->cap = cap;
    return 0;
}

static TTEntry *tt_find(Exact *x, const SPos *p, int me, u64 bh, const u64 *sig, int slen) {
    size_t mask = x->cap - 1;
    size_t j = key_hash(p->hands, p->loose, p->piles, p->sweeps, p->last, me, bh) & mask;
    for (;;) {
        TTEntry *e = &x->tt[j];
        if (!e->used) return e;
        if (e->loose == p->loose && e->bhash == bh && e->last == p->last && e->me == me &&
            memcmp(e->hands, p->hands, sizeof e->hands) == 0 &&
            memcmp(e->piles, p->piles, sizeof e->piles) == 0 &&
            memcmp(e->sweeps, p->sweeps, sizeof e->sweeps) == 0 && e->blen == slen &&
            (slen == 0 || memcmp(x->arena + e->boff, sig, slen * sizeof(u64)) == 0))
            return e;
        j = (j + 1) & mask;
    }
}

static void tt_store(Exact *x, const SPos *p, int me, u64 bh, const u64 *sig, int slen,
                     double best, double alpha0, double beta, const KMove *best_kid) {
    if (x->an + slen > x->acap) {
        size_t cap = x->acap ? x->acap * 2 : 1 << 14;
        while (cap < x->an + slen) cap *= 2;
        u64 *a = realloc(x->arena, cap * sizeof(u64));
        if (!a) { overflow = 1; return; }
        x->arena = a; x->acap = cap;
    }
    if (x->n * 2 >= x->cap && tt_grow(x) < 0) { overflow = 1; return; }
    TTEntry *e = tt_find(x, p, me, bh, sig, slen);
    if (!e->used) {
        e->used = 1;
        memcpy(e->hands, p->hands, sizeof e->hands);
        memcpy(e->piles, p->piles, sizeof e->piles);
        memcpy(e->sweeps, p->sweeps, sizeof e->sweeps);
        e->loose = p->loose; e->bhash = bh; e->last = p->last; e->me = me; e->blen = slen;
        e->boff = x->an;
        if (slen) memcpy(x->arena + x->an, sig, slen * sizeof(u64));
        x->an += slen;
        x->n++;
    }
    if (best <= alpha0) { e->lo = -INFINITY; e->hi = best; }
    else if (best >= beta) { e->lo = best; e->hi = INFINITY; }
    else { e->lo = best; e->hi = best; }
    if (best_kid) { e->best = *best_kid; e->has_best = 1; } else e->has_best = 0;
}

static inline void tick(Exact *x) {
    x->nodes++;
    if (x->limit >= 0 && x->nodes > x->limit) x->out = 1;
}

/* seats.end_points in the last batch: every hand is empty, the residue goes to the last
 * capturer's side (R24), each side scores its pile and sweeps (R26), a majority only when
 * strictly ahead of every other side (V6.12, V7.2); the viewer's side's equity, its points
 * less the mean of the other sides' (evaluation.side_equity), in the reference's order of
 * operations. */
static double round_end(Exact *x, const SPos *p) {
    const KRules *R = x->R;
    tick(x);
    u64 piles[MAXS];
    memcpy(piles, p->piles, sizeof piles);
    u64 residue = p->loose;
    for (int i = 0; i < p->B.n; i++) residue |= p->B.b[i].cards;
    if (residue && p->last >= 0) piles[R->side_of[p->last]] |= residue;
    int S = R->sides;
    double pts[MAXS];
    for (int s = 0; s < S; s++) pts[s] = (double)p->sweeps[s];
    for (int k = 0; k < R->nmost; k++) {
        int top = -1, at = -1, ties = 0;
        for (int s = 0; s < S; s++) {
            int c = popc(piles[s] & R->most_mask[k]);
            if (c > top) { top = c; at = s; ties = 1; }
            else if (c == top) ties++;
        }
        if (ties == 1) pts[at] += R->most_points[k];
    }
    for (int k = 0; k < R->neach; k++)
        for (int s = 0; s < S; s++) pts[s] += (double)(R->each_points[k] * popc(piles[s] & R->each_mask[k]));
    double sum = 0.0;
    for (int s = 0; s < S; s++) sum += pts[s];
    double mine = pts[x->hero];
    return mine - (sum - mine) / (S - 1);
}

static double search(Exact *x, int me, const SPos *p, double alpha, double beta);

/* sides._play: the value for me's camp of me playing mv */
static double play(Exact *x, int me, const SPos *p, const KMove *mv, double alpha, double beta) {
    const KRules *R = x->R;
    SPos q;
    memcpy(q.hands, p->hands, sizeof q.hands);
    memcpy(q.piles, p->piles, sizeof q.piles);
    memcpy(q.sweeps, p->sweeps, sizeof q.sweeps);
    q.last = p->last;
    q.loose = p->loose;
    int kind;
    u64 taken = play_card(R, &q.loose, &p->B, &q.B, me, mate_of(R, me), mv, &kind);
    if (overflow) return 0.0;
    q.hands[me] &= ~((u64)1 << mv->card);
    if (taken) {
        int s = R->side_of[me];
        q.piles[s] |= taken;
        if (!q.loose && !q.B.n) q.sweeps[s] += R->sweep_points; /* R13 */
        q.last = me; /* R24 */
    }
    int nxt = me + 1 < R->players ? me + 1 : 0;
    if (!q.hands[nxt]) { /* every hand is empty: the round is over */
        double v = round_end(x, &q);
        return x->camp[me] ? -v : v;
    }
    if (x->camp[nxt] == x->camp[me]) return search(x, nxt, &q, alpha, beta);
    return -search(x, nxt, &q, -beta, -alpha);
}

/* sides._search: the value for me's camp with me to move */
static double search(Exact *x, int me, const SPos *p, double alpha, double beta) {
    if (overflow) return 0.0;
    tick(x);
    if (x->out) return 0.0;
    const KRules *R = x->R;
    u64 sig[MAXB * (MAXG + 2)];
    int slen = builds_sig(&p->B, sig);
    u64 bh = sig_hash(sig, slen);
    if (x->n * 2 >= x->cap && tt_grow(x) < 0) { overflow = 1; return 0.0; }
    TTEntry *e = tt_find(x, p, me, bh, sig, slen);
    KMove first; int has_first = 0;
    if (e->used) {
        double lo = e->lo, hi = e->hi;
        first = e->best; has_first = e->has_best;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    MoveList kids; ml_init(&kids);
    gen_moves(R, p->hands[me], p->loose, &p->B, me, mate_of(R, me), &kids);
    if (overflow) { ml_free(&kids); return 0.0; }
    order_kids(&kids, has_first ? &first : NULL);
    double alpha0 = alpha, best = -INFINITY;
    KMove best_kid; int has_best = 0;
    for (int i = 0; i < kids.n; i++) {
        double v = play(x, me, p, &kids.m[i], alpha, beta);
        if (overflow || x->out) break;
        if (v > best) {
            best = v; best_kid = kids.m[i]; has_best = 1;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
    }
    ml_free(&kids);
    if (overflow || x->out) return 0.0;
    tt_store(x, p, me, bh, sig, slen, best, alpha0, beta, has_best ? &best_kid : NULL);
    return best;
}

static int read_u64s(PyObject *o, u64 *out, int n) {
    PyObject *f = PySequence_Fast(o, "expected a sequence");
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != n) { Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "wrong length"); return -1; }
    for (int i = 0; i < n; i++)
        if (read_u64(PySequence_Fast_GET_ITEM(f, i), &out[i]) < 0) { Py_DECREF(f); return -1; }
    Py_DECREF(f);
    return 0;
}

/* exact(rules, viewer, to_move, hands, loose, builds, piles, sweeps, last, moves, limit)
 *   -> (values | None, nodes)
 * piles and sweep points per side; moves None for the position's value (a one-item list);
 * limit < 0 for none.  values None: the limit was passed (or the position does not fit). */
static PyObject *py_exact(PyObject *mod, PyObject *args) {
    RulesObject *r; int viewer, to_move, last; long long limit;
    PyObject *hands, *builds, *piles, *sweeps, *moves;
    unsigned long long loose;
    (void)mod;
    if (!PyArg_ParseTuple(args, "O!iiOKOOOiOL", &RulesType, &r, &viewer, &to_move, &hands, &loose,
                          &builds, &piles, &sweeps, &last, &moves, &limit))
        return NULL;
    const KRules *R = &r->r;
    if (viewer < 0 || viewer >= R->players || to_move < 0 || to_move >= R->players ||
        last < -1 || last >= R->players) {
        PyErr_SetString(PyExc_ValueError, "seat out of range");
        return NULL;
    }
    SPos p;
    memset(&p, 0, sizeof p);
    p.loose = loose; p.last = last;
    if (read_u64s(hands, p.hands, R->players) < 0 || read_u64s(piles, p.piles, R->sides) < 0 ||
        read_int_tuple(sweeps, p.sweeps, R->sides) < 0)
        return NULL;
    int rc = read_builds(builds, &p.B);
    if (rc < 0) return NULL;
    if (rc > 0) return Py_BuildValue("(OL)", Py_None, 0LL);
    Exact x;
    memset(&x, 0, sizeof x);
    x.R = R; x.hero = R->side_of[viewer]; x.limit = limit;
    for (int s = 0; s < R->players; s++) x.camp[s] = R->side_of[s] != x.hero;
    overflow = 0;
    PyObject *out = NULL;
    if (moves == Py_None) {
        double v;
        if (!p.hands[to_move]) v = round_end(&x, &p);
        else {
            v = search(&x, to_move, &p, -INFINITY, INFINITY);
            if (x.camp[to_move]) v = -v;
        }
        if (!overflow && !x.out) out = Py_BuildValue("[d]", v);
    } else {
        PyObject *f = PySequence_Fast(moves, "moves must be a sequence");
        if (!f) goto done;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(f);
        double *vals = malloc(sizeof(double) * (n ? n : 1));
        int bad = !vals;
        if (bad) PyErr_NoMemory();
        for (Py_ssize_t i = 0; i < n && !bad && !overflow && !x.out; i++) {
            KMove mv;
            if (read_move(PySequence_Fast_GET_ITEM(f, i), &mv) < 0) { bad = 1; break; }
            double v = play(&x, to_move, &p, &mv, -INFINITY, INFINITY);
            vals[i] = x.camp[to_move] ? -v : v;
        }
        Py_DECREF(f);
        if (!bad && !overflow && !x.out) {
            out = PyList_New(n);
            for (Py_ssize_t i = 0; out && i < n; i++) PyList_SET_ITEM(out, i, PyFloat_FromDouble(vals[i]));
        }
        free(vals);
        if (bad) goto done;
    }
    if (!out && !PyErr_Occurred()) { Py_INCREF(Py_None); out = Py_None; }
done:
    free(x.tt); free(x.arena);
    overflow = 0;
    if (!out) return NULL;
    return Py_BuildValue("(NL)", out, x.nodes);
}

/* play_card(rules, loose, builds, player, move) -> (loose, builds, taken) | None */
static PyObject *py_play_card(PyObject *mod, PyObject *args) {
    PyObject *builds; u64 l, taken; KBuilds NB; KMove mv; int kind;
    (void)mod;
    int rc = play_card_call(args, &builds, &l, &NB, &mv, &taken, &kind);
    if (rc < 0) return NULL;
    if (rc > 0) Py_RETURN_NONE;
    PyObject *nb = build_builds(&NB);
    if (!nb) return NULL;
    return Py_BuildValue("(KNK)", (unsigned long long)l, nb, (unsigned long long)taken);
}

static PyMethodDef module_methods[] = {
    {"setup", py_setup, METH_VARARGS, "setup(Move, Build): the engine's value types"},
    {"exact", py_exact, METH_VARARGS,
     "exact(rules, viewer, to_move, hands, loose, builds, piles, sweeps, last, moves, limit) "
     "-> (list[float] | None, nodes)"},
    {"legal_moves", py_legal_moves, METH_VARARGS,
     "legal_moves(rules, hand, loose, builds, player) -> list[Move] | None"},
    {"play_card", py_play_card, METH_VARARGS,
     "play_card(rules, loose, builds, player, move) -> (loose, builds, taken) | None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef seats_module = {
    PyModuleDef_HEAD_INIT, "_seats",
    "The N-seat exact search of the last batch (solver/cassino/_seats.c); use "
    "solver.cassino.exact.",
    -1, module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__seats(void) {
    if (PyType_Ready(&RulesType) < 0) return NULL;
    PyObject *m = PyModule_Create(&seats_module);
    if (!m) return NULL;
    if (intern_move_types() < 0) { Py_DECREF(m); return NULL; }
    Py_INCREF(&RulesType);
    PyModule_AddObject(m, "Rules", (PyObject *)&RulesType);
    return m;
}
