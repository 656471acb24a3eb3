/* The compiled Cassino kernel (issue 15): move generation, play_card, random playouts and the
 * two-seat world search of solver/cassino/search.py, in C against the CPython API.
 *
 * Everything here mirrors a Python reference line by line, which stays the readable
 * definition and the fallback (solver/cassino/kernel.py chooses):
 *
 *   legal moves, subset sums, play_card, build groups: solver/cassino/_cassino.h, shared
 *                        with the N-seat extension (two seats: no partner, -1)
 *   search ............. solver/cassino/search.py Search (negamax, alpha-beta, TT, order)
 *   batch end, scoring . solver/cassino/evaluation.py BatchEnd, final_diff (R24, R26)
 *
 * The move lists come out in the reference's order and the search visits nodes in the
 * reference's order, so root values AND node counts are identical (the hint's node budget
 * reads the counts).  Floating point follows the reference's operation order; the module is
 * compiled with -ffp-contract=off so that no multiply-add is fused.
 *
 * Cards are 0..51 (rank * 4 + suit), card sets 64-bit masks, as in engine/cards.py.  A
 * position the kernel cannot hold in its fixed arrays (more than MAXB builds, MAXG groups in
 * one build) or with a family of moves past MAX_FAMILY (D16) makes the call return None:
 * the Python wrapper then runs the reference, which answers or raises as the engine does
 * (and lists such a family in part).
 */
#define CASSINO_THREADED /* solve_worlds searches without the GIL: overflow per thread */
#include "_cassino.h"
#include <time.h>

static inline u64 mix64(u64 z) { /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* ------------------------------------------------------------------------------------ */
/* The Rules type: built once per engine Rules by solver/cassino/kernel.py.              */

static int Rules_init(RulesObject *self, PyObject *args, PyObject *kw) {
    PyObject *values, *most, *each, *points;
    KRules *R = &self->r;
    memset(R, 0, sizeof *R);
    (void)kw;
    if (!PyArg_ParseTuple(args, "OiiiiiOOO", &values, &R->max_build, &R->court_captures_all,
                          &R->pairing_takes_all, &R->sweep_points, &R->hand_size, &most, &each,
                          &points))
        return -1;
    if (read_int_tuple(points, R->points, 52) < 0 || rules_fill(R, values, most, each) < 0)
        return -1;
    for (int c = 0; c < 52; c++) if (R->points[c]) R->point_cards |= (u64)1 << c;
    R->players = R->sides = 2; /* two seats, each alone */
    R->side_of[1] = 1; R->partner[0] = R->partner[1] = -1;
    return 0;
}

RULES_TYPE("solver.cassino._kernel.Rules",
           "Rules(values, max_build, court_captures_all, pairing_takes_all, sweep_points, "
           "hand_size, most, each, points): a variant's options as the kernel reads them");

/* play_card(rules, loose, builds, player, move) -> (loose, builds, taken, kind) | None */
static PyObject *py_play_card(PyObject *mod, PyObject *args) {
    static const char *kinds[] = {NULL, "create", "extend", "raise"};
    PyObject *builds; u64 l, taken; KBuilds NB; KMove mv; int kind;
    (void)mod;
    int rc = play_card_call(args, &builds, &l, &NB, &mv, &taken, &kind);
    if (rc < 0) return NULL;
    if (rc > 0) Py_RETURN_NONE;
    PyObject *nb;
    if (mv.type == TRAIL) { Py_INCREF(builds); nb = builds; }
    else nb = build_builds(&NB);
    if (!nb) return NULL;
    PyObject *k = kind ? PyUnicode_FromString(kinds[kind]) : (Py_INCREF(Py_None), Py_None);
    return Py_BuildValue("(KNKN)", (unsigned long long)l, nb, (unsigned long long)taken, k);
}

/* ------------------------------------------------------------------------------------ */
/* Evaluation (evaluation.py): final_diff (R24, R26) and BatchEnd.                       */

static double TAILS[53][54];
static u64 COMB[53][53];

static void init_tables(void) {
    for (int n = 0; n <= 52; n++) {
        COMB[n][0] = 1;
        for (int k = 1; k <= n; k++) COMB[n][k] = COMB[n - 1][k - 1] + (k <= n - 1 ? COMB[n - 1][k] : 0);
    }
    for (int n = 0; n <= 52; n++) { /* _tails: acc / 2**n, both exact in a double */
        u64 total = (u64)1 << n, acc = 0;
        for (int k = 0; k < 54; k++) TAILS[n][k] = 0.0;
        for (int k = n; k >= 0; k--) { acc += COMB[n][k]; TAILS[n][k] = (double)acc / (double)total; }
    }
}

static inline u64 comb(int n, int k) { return (k < 0 || k > n || n < 0) ? 0 : COMB[n][k]; }

static inline double at_least(int n, int k) {
    if (k <= 0) return 1.0;
    if (k > n) return 0.0;
    return TAILS[n][k];
}

static long final_diff(const KRules *R, u64 mine, u64 theirs, long sd) {
    long d = sd;
    for (int i = 0; i < R->nmost; i++) {
        int a = popc(mine & R->most_mask[i]), b = popc(theirs & R->most_mask[i]);
        if (a != b) d += a > b ? R->most_points[i] : -R->most_points[i];
    }
    for (int i = 0; i < R->neach; i++)
        d += (long)R->each_points[i] * (popc(mine & R->each_mask[i]) - popc(theirs & R->each_mask[i]));
    return d;
}

static long natural(const KRules *R, u64 pile) {
    long s = 0;
    for (int i = 0; i < R->neach; i++) s += (long)R->each_points[i] * popc(pile & R->each_mask[i]);
    return s;
}

/* BatchEnd.cache: (seat-0 pile, loose, sweep difference) -> value, never evicted.  The key
 * does not hold the other pile (nor, at W8's horizon, the hands), so which value a key keeps
 * is the first one computed, as in the reference: an exact map, not a cache. */
typedef struct { u64 mine, loose; long sd; double v; int used; } BCEntry;
typedef struct { BCEntry *e; size_t n, cap; } BCMap;

static BCEntry *bc_slot(BCMap *m, u64 mine, u64 loose, long sd) {
    if (m->n * 2 >= m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 1 << 10;
        BCEntry *e = calloc(cap, sizeof(BCEntry));
        if (!e) { overflow = 1; return NULL; }
        for (size_t i = 0; i < m->cap; i++) {
            if (!m->e[i].used) continue;
            size_t j = mix64(m->e[i].mine ^ mix64(m->e[i].loose ^ (u64)m->e[i].sd)) & (cap - 1);
            while (e[j].used) j = (j + 1) & (cap - 1);
            e[j] = m->e[i];
        }
        free(m->e);
        m->e = e; m->cap = cap;
    }
    size_t j = mix64(mine ^ mix64(loose ^ (u64)sd)) & (m->cap - 1);
    while (m->e[j].used && !(m->e[j].mine == mine && m->e[j].loose == loose && m->e[j].sd == sd))
        j = (j + 1) & (m->cap - 1);
    return &m->e[j];
}

typedef struct { u64 stock; int stock_size, first; BCMap cache; } KBatchEnd;

/* BatchEnd._takers: the cards that capture every loose card at once (R10, R11; V1.1) */
static u64 takers_of(const KRules *R, u64 loose) {
    if (loose & ~R->numerals) {
        int card = 63 - __builtin_clzll(loose);
        u64 rank = (u64)0xF << (card & ~3);
        if (popc(loose) == 1 || (R->court_captures_all && !(loose & ~rank)))
            return rank & ~loose & FULL_DECK;
        return 0;
    }
    u64 takers = 0;
    UList found; ul_init(&found);
    for (int v = 1; v <= R->max_value; v++) {
        if (loose & ~R->upto[v]) continue;
        unions_of(R, loose, v, &found);
        if (found.n && found.a[found.n - 1] == loose) takers |= R->upto[v] & ~R->upto[v - 1];
    }
    ul_free(&found);
    return takers;
}

static double sweep_odds(const KRules *R, const KBatchEnd *E, u64 loose) {
    if (!loose) return 0.12; /* EMPTY_TABLE_SWEEP */
    u64 takers = takers_of(R, loose) & E->stock;
    int n = E->stock_size, m = popc(takers);
    int k = R->hand_size < n ? R->hand_size : n;
    return (m && n) ? 1.0 - (double)comb(n - m, k) / (double)comb(n, k) : 0.0;
}

static double first_shot(const KRules *R, const KBatchEnd *E, u64 loose) {
    u64 points = loose & R->point_cards;
    if (!points) return 0.0;
    double v = 0.0;
    int n = E->stock_size;
    int k = R->hand_size < n ? R->hand_size : n;
    for (u64 p = points; p; p &= p - 1) {
        int card = lowbit(p);
        int value = R->values[card];
        u64 takers = (value ? R->upto[value] & ~R->upto[value - 1] : (u64)0xF << (card & ~3)) & E->stock;
        int m = popc(takers);
        if (!m || !k) continue;
        double odds = 1.0 - (double)comb(n - m, k) / (double)comb(n, k);
        v += (double)R->points[card] * (odds - (1.0 - odds) * odds);
    }
    return v;
}

/* BatchEnd._value, from seat 0's point of view */
static double batch_value0(const KRules *R, const KBatchEnd *E, u64 mine, u64 theirs, u64 loose,
                           long sd) {
    double d = (double)(sd + natural(R, mine) - natural(R, theirs));
    for (int i = 0; i < R->nmost; i++) {
        int a = popc(mine & R->most_mask[i]), b = popc(theirs & R->most_mask[i]);
        int size = R->most_size[i];
        int rest = size - a - b, need = size / 2 + 1;
        double won = at_least(rest, need - a), lost = at_least(rest, need - b);
        d += (double)R->most_points[i] * (won - lost);
    }
    double edge = first_shot(R, E, loose);
    if (loose) edge += sweep_odds(R, E, loose) * (double)R->sweep_points;
    else edge -= sweep_odds(R, E, loose) * (double)R->sweep_points;
    return E->first == 0 ? d + edge : d - edge;
}

/* BatchEnd.value: seat 0's value, remembered by key (see BCMap) */
static double batch_value(const KRules *R, KBatchEnd *E, int seat, u64 mine, u64 theirs,
                          u64 loose, long sd) {
    if (seat) { u64 x = mine; mine = theirs; theirs = x; sd = -sd; }
    BCEntry *e = bc_slot(&E->cache, mine, loose, sd);
    if (!e) return 0.0;
    double v;
    if (e->used) v = e->v;
    else {
        v = batch_value0(R, E, mine, theirs, loose, sd);
        e->used = 1; e->mine = mine; e->loose = loose; e->sd = sd; e->v = v;
        E->cache.n++;
    }
    return seat ? -v : v;
}

/* ------------------------------------------------------------------------------------ */
/* The search (search.py Search): negamax, alpha-beta, transposition table, ordering.    */

typedef struct {
    u64 mine, theirs, loose, pm, bhash;
    int sd, last, me, used; /* used: the search's generation (one per world) when filled */
    size_t boff; int blen;
    double lo, hi;
    KMove best; int has_best;
} TTEntry;

typedef struct {
    PyObject_HEAD
    RulesObject *rules;
    KBatchEnd end;
    int final;
    long long nodes;
    int gen; /* the table's generation: a new world empties it by counting up (solve_worlds) */
    TTEntry *tt; size_t tt_cap, tt_n;
    u64 *arena; size_t arena_n, arena_cap;
    /* DrawSearch (draw, W8): the stock's order, the horizon, the pool, BatchEnd per seat */
    int draw, norder, plies, have_end[2];
    int order[52];
    u64 pool;
    KBatchEnd ends[2];
    /* the opponent model (modelled.py, Options.opponent_model): off unless om_on */
    int om_on, om_root;
    double om_w, om_worth[52];
} SearchObject;

static u64 key_hash(u64 mine, u64 theirs, u64 loose, u64 pm, u64 bh, int sd, int last, int me) {
    u64 h = mix(mix(mix(mix(mix(0, mine), theirs), loose), pm), bh);
    return mix(h, (u64)(uint32_t)sd | (u64)(uint32_t)(last + 1) << 32 | (u64)me << 62);
}

static int tt_grow(SearchObject *s) {
    size_t cap = s->tt_cap ? s->tt_cap * 2 : 1 << 12;
    TTEntry *t = calloc(cap, sizeof(TTEntry));
    if (!t) return -1;
    for (size_t i = 0; i < s->tt_cap; i++) {
        TTEntry *e = &s->tt[i];
        if (e->used != s->gen) continue;
        size_t j = key_hash(e->mine, e->theirs, e->loose, e->pm, e->bhash, e->sd, e->last, e->me) & (cap - 1);
        while (t[j].used == s->gen) j = (j + 1) & (cap - 1);
        t[j] = *e;
    }
    free(s->tt);
    s->tt = t; s->tt_cap = cap;
    return 0;
}

/* the entry of a key: found (used) or the free slot to fill */
static TTEntry *tt_find(SearchObject *s, u64 mine, u64 theirs, u64 loose, u64 pm, u64 bh,
                        const u64 *sig, int slen, int sd, int last, int me) {
    size_t mask = s->tt_cap - 1;
    size_t j = key_hash(mine, theirs, loose, pm, bh, sd, last, me) & mask;
    for (;;) {
        TTEntry *e = &s->tt[j];
        if (e->used != s->gen) return e;
        if (e->mine == mine && e->theirs == theirs && e->loose == loose && e->pm == pm &&
            e->bhash == bh && e->sd == sd && e->last == last && e->me == me && e->blen == slen &&
            (slen == 0 || memcmp(s->arena + e->boff, sig, slen * sizeof(u64)) == 0))
            return e;
        j = (j + 1) & mask;
    }
}

/* the table's store: bounds as the reference stores them; the table may have grown during
 * the search below, so the slot is found again */
static void tt_store(SearchObject *s, u64 mine, u64 theirs, u64 loose, u64 pm, u64 bh,
                     const u64 *sig, int slen, int sd, int last, int me, double best,
                     double alpha0, double beta, const KMove *best_kid) {
    if (s->arena_n + slen > s->arena_cap) {
        size_t cap = s->arena_cap ? s->arena_cap * 2 : 1 << 14;
        while (cap < s->arena_n + slen) cap *= 2;
        u64 *a = realloc(s->arena, cap * sizeof(u64));
        if (!a) { overflow = 1; return; }
        s->arena = a; s->arena_cap = cap;
    }
    TTEntry *e = tt_find(s, mine, theirs, loose, pm, bh, sig, slen, sd, last, me);
    if (e->used != s->gen) {
        e->used = s->gen; e->mine = mine; e->theirs = theirs; e->loose = loose; e->pm = pm;
        e->bhash = bh; e->sd = sd; e->last = last; e->me = me; e->blen = slen;
        e->boff = s->arena_n;
        if (slen) memcpy(s->arena + s->arena_n, sig, slen * sizeof(u64));
        s->arena_n += slen;
        s->tt_n++;
    }
    if (best <= alpha0) { e->lo = -INFINITY; e->hi = best; }
    else if (best >= beta) { e->lo = best; e->hi = INFINITY; }
    else { e->lo = best; e->hi = best; }
    if (best_kid) { e->best = *best_kid; e->has_best = 1; } else e->has_best = 0;
}

static double leaf(SearchObject *s, int me, u64 loose, const KBuilds *B, u64 pm, u64 pt, long sd,
                   int last) {
    const KRules *R = &s->rules->r;
    if (!s->final) return batch_value(R, &s->end, me, pm, pt, loose, sd);
    u64 residue = loose;
    for (int i = 0; i < B->n; i++) residue |= B->b[i].cards;
    if (residue) { /* R24 */
        if (last == me) pm |= residue;
        else if (last >= 0) pt |= residue;
    }
    return (double)final_diff(R, pm, pt, sd);
}

/* What the table knows of a position (search.py's probe): 1 and its value in *known when
 * the stored bounds decide it; otherwise 0, the window narrowed to the bounds and the stored
 * best move handed out to be searched first. */
static inline int tt_probe(const TTEntry *e, int gen, double *alpha, double *beta,
                           KMove *first, int *has_first, double *known) {
    if (e->used != gen) return 0;
    double lo = e->lo, hi = e->hi;
    *first = e->best; *has_first = e->has_best;
    if (lo >= *beta) { *known = lo; return 1; }
    if (hi <= *alpha) { *known = hi; return 1; }
    if (lo == hi) { *known = lo; return 1; }
    if (lo > *alpha) *alpha = lo;
    if (hi < *beta) *beta = hi;
    return 0;
}

static double search(SearchObject *s, int me, u64 mine, u64 theirs, u64 loose, const KBuilds *B,
                     u64 pm, u64 pt, long sd, int last, double alpha, double beta) {
    if (overflow) return 0.0;
    s->nodes++;
    const KRules *R = &s->rules->r;
    u64 sig[MAXB * (MAXG + 2)];
    int slen = builds_sig(B, sig);
    u64 bh = sig_hash(sig, slen);
    if (s->tt_n * 2 >= s->tt_cap && tt_grow(s) < 0) { overflow = 1; return 0.0; }
    TTEntry *e = tt_find(s, mine, theirs, loose, pm, bh, sig, slen, (int)sd, last, me);
    KMove first; int has_first = 0; double known;
    if (tt_probe(e, s->gen, &alpha, &beta, &first, &has_first, &known)) return known;
    MoveList kids; ml_init(&kids);
    gen_moves(R, mine, loose, B, me, -1, &kids);
    if (overflow) { ml_free(&kids); return 0.0; }
    order_kids(&kids, has_first ? &first : NULL);
    int final = s->final, sweep = R->sweep_points, other = 1 - me;
    double alpha0 = alpha, best = -INFINITY;
    KMove best_kid; int has_best = 0;
    KBuilds NB;
    for (int i = 0; i < kids.n; i++) {
        const KMove *kid = &kids.m[i];
        u64 nl = loose; int kind;
        u64 taken = play_card(R, &nl, B, &NB, me, -1, kid, &kind);
        if (overflow) break;
        int swept = !nl && !NB.n;
        double v;
        if (!theirs) { /* the batch's last card: a leaf */
            if (taken) v = leaf(s, me, nl, &NB, pm | taken, pt, swept ? sd + sweep : sd, final ? me : -1);
            else v = leaf(s, me, nl, &NB, pm, pt, sd, last);
        } else if (taken) {
            v = -search(s, other, theirs, mine & ~((u64)1 << kid->card), nl, &NB, pt, pm | taken,
                        swept ? -sd - sweep : -sd, final ? me : -1, -beta, -alpha);
        } else {
            v = -search(s, other, theirs, mine & ~((u64)1 << kid->card), nl, &NB, pt, pm, -sd,
                        last, -beta, -alpha);
        }
        if (overflow) break;
        if (v > best) {
            best = v; best_kid = *kid; has_best = 1;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
    }
    ml_free(&kids);
    if (overflow) return 0.0;
    tt_store(s, mine, theirs, loose, pm, bh, sig, slen, (int)sd, last, me, best, alpha0, beta,
             has_best ? &best_kid : NULL);
    return best;
}


/* ------------------------------------------------------------------------------------ */
/* The opponent model (solver/cassino/modelled.py ModelSearch, issue 14): at the nodes of
 * the player who is not om_root the value is (1 - w) * their best reply + w * the reply a
 * one-ply policy picks, a policy that reads only that player's move and the table, not the
 * root player's hand.  Off (om_on 0) the kernel never comes here. */

static double search_om(SearchObject *s, int me, u64 mine, u64 theirs, u64 loose,
                        const KBuilds *B, u64 pm, u64 pt, long sd, int last, double alpha,
                        double beta);

/* modelled.py _worth: the per-card worths added in card order */
static double om_worth(const SearchObject *s, u64 cards) {
    double w = 0.0;
    while (cards) { int c = lowbit(cards); cards &= cards - 1; w += s->om_worth[c]; }
    return w;
}

/* modelled.py policy_score: inference.move_value's one ply on per-card worths */
static double om_score(SearchObject *s, int me, u64 loose, const KBuilds *B, const KMove *kid) {
    const KRules *R = &s->rules->r;
    if (kid->type == CAPTURE) {
        u64 nl = loose; KBuilds NB; int kind;
        u64 taken = play_card(R, &nl, B, &NB, me, -1, kid, &kind);
        int sweep = (!nl && !NB.n) ? R->sweep_points : 0;
        return 1.0 + om_worth(s, taken) + (double)sweep;
    }
    if (kid->type == BUILD) return 0.5 * om_worth(s, kid->targets | (u64)1 << kid->card);
    return -om_worth(s, (u64)1 << kid->card);
}

/* modelled.py _child: the value for me of playing kid (search_om's loop body) */
static double om_child(SearchObject *s, int me, u64 mine, u64 theirs, u64 loose,
                       const KBuilds *B, u64 pm, u64 pt, long sd, int last, const KMove *kid,
                       double alpha, double beta) {
    const KRules *R = &s->rules->r;
    u64 nl = loose; KBuilds NB; int kind;
    u64 taken = play_card(R, &nl, B, &NB, me, -1, kid, &kind);
    if (overflow) return 0.0;
    int final = s->final, sweep = R->sweep_points, swept = !nl && !NB.n;
    if (!theirs) {
        if (taken) return leaf(s, me, nl, &NB, pm | taken, pt, swept ? sd + sweep : sd,
                               final ? me : -1);
        return leaf(s, me, nl, &NB, pm, pt, sd, last);
    }
    u64 left = mine & ~((u64)1 << kid->card);
    if (taken)
        return -search_om(s, 1 - me, theirs, left, nl, &NB, pt, pm | taken,
                          swept ? -sd - sweep : -sd, final ? me : -1, -beta, -alpha);
    return -search_om(s, 1 - me, theirs, left, nl, &NB, pt, pm, -sd, last, -beta, -alpha);
}

static double search_om(SearchObject *s, int me, u64 mine, u64 theirs, u64 loose,
                        const KBuilds *B, u64 pm, u64 pt, long sd, int last, double alpha,
                        double beta) {
    if (overflow) return 0.0;
    s->nodes++;
    const KRules *R = &s->rules->r;
    u64 sig[MAXB * (MAXG + 2)];
    int slen = builds_sig(B, sig);
    u64 bh = sig_hash(sig, slen);
    if (s->tt_n * 2 >= s->tt_cap && tt_grow(s) < 0) { overflow = 1; return 0.0; }
    TTEntry *e = tt_find(s, mine, theirs, loose, pm, bh, sig, slen, (int)sd, last, me);
    KMove first; int has_first = 0; double known;
    if (tt_probe(e, s->gen, &alpha, &beta, &first, &has_first, &known)) return known;
    MoveList kids; ml_init(&kids);
    gen_moves(R, mine, loose, B, me, -1, &kids);
    if (overflow) { ml_free(&kids); return 0.0; }
    int modelled = me != s->om_root && kids.n > 1;
    KMove pol = kids.m[0];
    if (modelled) { /* the policy's reply: the first best score in the engine's order */
        double top = om_score(s, me, loose, B, &kids.m[0]);
        for (int i = 1; i < kids.n; i++) {
            double x = om_score(s, me, loose, B, &kids.m[i]);
            if (x > top) { top = x; pol = kids.m[i]; }
        }
    }
    order_kids(&kids, has_first ? &first : NULL);
    double alpha0 = alpha, best = -INFINITY, w = s->om_w;
    KMove best_kid; int has_best = 0;
    if (modelled) {
        double cp = om_child(s, me, mine, theirs, loose, B, pm, pt, sd, last, &pol,
                             -INFINITY, INFINITY);
        best = cp; best_kid = pol; has_best = 1;
        if (!overflow && w < 1.0) {
            /* the best reply M within the window that (1 - w) M + w cp has */
            double a0 = (alpha - w * cp) / (1.0 - w), b = (beta - w * cp) / (1.0 - w);
            double a = best > a0 ? best : a0;
            for (int i = 0; i < kids.n && best < b; i++) {
                const KMove *kid = &kids.m[i];
                if (same_move(kid, &pol)) continue;
                double v = om_child(s, me, mine, theirs, loose, B, pm, pt, sd, last, kid, a, b);
                if (overflow) break;
                if (v > best) {
                    best = v; best_kid = *kid;
                    if (v > a) a = v;
                }
            }
            /* the mix's bound is M's (the window maps back with rounding): modelled.py
             * _bound_window */
            if (best <= a0) { alpha0 = INFINITY; beta = INFINITY; }
            else if (best >= b) { alpha0 = -INFINITY; beta = -INFINITY; }
            else { alpha0 = -INFINITY; beta = INFINITY; }
            best = (1.0 - w) * best + w * cp;
        }
    } else {
        for (int i = 0; i < kids.n; i++) {
            const KMove *kid = &kids.m[i];
            double v = om_child(s, me, mine, theirs, loose, B, pm, pt, sd, last, kid, alpha,
                                beta);
            if (overflow) break;
            if (v > best) {
                best = v; best_kid = *kid; has_best = 1;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta) break;
                }
            }
        }
    }
    ml_free(&kids);
    if (overflow) return 0.0;
    tt_store(s, mine, theirs, loose, pm, bh, sig, slen, (int)sd, last, me, best, alpha0, beta,
             has_best ? &best_kid : NULL);
    return best;
}

/* the search of a world's node: the model's when on, else the reference's */
static inline double search_any(SearchObject *s, int me, u64 mine, u64 theirs, u64 loose,
                                const KBuilds *B, u64 pm, u64 pt, long sd, int last,
                                double alpha, double beta) {
    if (s->om_on) return search_om(s, me, mine, theirs, loose, B, pm, pt, sd, last, alpha, beta);
    return search(s, me, mine, theirs, loose, B, pm, pt, sd, last, alpha, beta);
}

/* ------------------------------------------------------------------------------------ */
/* DrawSearch (search.py, draw W8): a horizon in plies, a draw from the world's order     */
/* after each play; the horizon valued like a batch end, builds to their owners (R22).   */

#define DRAW_ENDGAME 4 /* search.DRAW_ENDGAME */

static double draw_search(SearchObject *s, int me, u64 mine, u64 theirs, u64 loose,
                          const KBuilds *B, u64 pm, u64 pt, long sd, int last, int drawn,
                          int depth, double alpha, double beta);

/* DrawSearch._final: the residue to the last capturer (R24), exact points (R26) */
static double draw_final(SearchObject *s, int me, u64 loose, const KBuilds *B, u64 pm, u64 pt,
                         long sd, int last) {
    u64 residue = loose;
    for (int i = 0; i < B->n; i++) residue |= B->b[i].cards;
    if (residue) {
        if (last == me) pm |= residue;
        else if (last >= 0) pt |= residue;
    }
    return (double)final_diff(&s->rules->r, pm, pt, sd);
}

/* DrawSearch._estimate: W8's horizon for me, the player to move there */
static double draw_estimate(SearchObject *s, int me, u64 loose, const KBuilds *B, u64 pm, u64 pt,
                            long sd) {
    for (int i = 0; i < B->n; i++) {
        if (B->b[i].owner == me) pm |= B->b[i].cards;
        else pt |= B->b[i].cards;
    }
    if (!s->have_end[me]) { /* BatchEnd(rules, pool, me), kept as the reference keeps it */
        s->ends[me].stock = s->pool; s->ends[me].stock_size = popc(s->pool);
        s->ends[me].first = me; s->have_end[me] = 1;
    }
    return batch_value(&s->rules->r, &s->ends[me], me, pm, pt, loose, sd);
}

/* DrawSearch._play: play, draw (W2), then the round's end, the horizon or the search */
static double draw_play(SearchObject *s, int me, u64 mine, u64 theirs, u64 loose,
                        const KBuilds *B, u64 pm, u64 pt, long sd, int last, int drawn,
                        int depth, const KMove *m, double alpha, double beta) {
    const KRules *R = &s->rules->r;
    u64 nl = loose; KBuilds NB; int kind;
    u64 taken = play_card(R, &nl, B, &NB, me, -1, m, &kind);
    if (overflow) return 0.0;
    mine &= ~((u64)1 << m->card);
    if (drawn < s->norder) { mine |= (u64)1 << s->order[drawn]; drawn++; }
    if (taken) {
        pm |= taken; last = me;
        if (!nl && !NB.n) sd += R->sweep_points; /* R13 */
    }
    if (!theirs) return draw_final(s, me, nl, &NB, pm, pt, sd, last); /* W5 */
    if (depth <= 1 && (drawn < s->norder || popc(mine | theirs) > DRAW_ENDGAME))
        return -draw_estimate(s, 1 - me, nl, &NB, pt, pm, -sd);
    return -draw_search(s, 1 - me, theirs, mine, nl, &NB, pt, pm, -sd, last, drawn, depth - 1,
                        -beta, -alpha);
}

/* DrawSearch._search: as search() with the depth in the table's key */
static double draw_search(SearchObject *s, int me, u64 mine, u64 theirs, u64 loose,
                          const KBuilds *B, u64 pm, u64 pt, long sd, int last, int drawn,
                          int depth, double alpha, double beta) {
    if (overflow) return 0.0;
    s->nodes++;
    const KRules *R = &s->rules->r;
    int mekey = me | depth << 1;
    u64 sig[MAXB * (MAXG + 2)];
    int slen = builds_sig(B, sig);
    u64 bh = sig_hash(sig, slen);
    if (s->tt_n * 2 >= s->tt_cap && tt_grow(s) < 0) { overflow = 1; return 0.0; }
    TTEntry *e = tt_find(s, mine, theirs, loose, pm, bh, sig, slen, (int)sd, last, mekey);
    KMove first; int has_first = 0; double known;
    if (tt_probe(e, s->gen, &alpha, &beta, &first, &has_first, &known)) return known;
    MoveList kids; ml_init(&kids);
    gen_moves(R, mine, loose, B, me, -1, &kids);
    if (overflow) { ml_free(&kids); return 0.0; }
    order_kids(&kids, has_first ? &first : NULL);
    double alpha0 = alpha, best = -INFINITY;
    KMove best_kid; int has_best = 0;
    for (int i = 0; i < kids.n; i++) {
        double v = draw_play(s, me, mine, theirs, loose, B, pm, pt, sd, last, drawn, depth,
                             &kids.m[i], alpha, beta);
        if (overflow) break;
        if (v > best) {
            best = v; best_kid = kids.m[i]; has_best = 1;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
    }
    ml_free(&kids);
    if (overflow) return 0.0;
    tt_store(s, mine, theirs, loose, pm, bh, sig, slen, (int)sd, last, mekey, best, alpha0, beta,
             has_best ? &best_kid : NULL);
    return best;
}

/* search._twin_class: cards of one class are interchangeable for scoring (R26) */
static int twin_class(int card) {
    if ((card & 3) == 0 || card == 38 /* BIG_CASSINO, 10 of diamonds (engine/cards.py) */) return card;
    return 64 + (card >> 2);
}

static void Search_dealloc(SearchObject *s) {
    Py_XDECREF(s->rules);
    free(s->tt); free(s->arena);
    free(s->end.cache.e); free(s->ends[0].cache.e); free(s->ends[1].cache.e);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* Search(rules, stock, dealer) */
static int Search_init(SearchObject *s, PyObject *args, PyObject *kw) {
    RulesObject *r; unsigned long long stock; int dealer;
    (void)kw;
    if (!PyArg_ParseTuple(args, "O!Ki", &RulesType, &r, &stock, &dealer)) return -1;
    Py_INCREF(r);
    Py_XSETREF(s->rules, r);
    s->final = stock == 0;
    s->end.stock = stock; s->end.stock_size = popc(stock); s->end.first = 1 - dealer;
    s->nodes = 0;
    if (!s->gen) s->gen = 1;
    free(s->end.cache.e);
    memset(&s->end.cache, 0, sizeof s->end.cache);
    if (!s->tt && tt_grow(s) < 0) { PyErr_NoMemory(); return -1; }
    return 0;
}

typedef struct { int me; u64 mine, theirs, loose, pm, pt; long sd; int last; KBuilds B; } KPos;

/* (to_move, hand0, hand1, loose, builds, pile0, pile1, sweeps0, sweeps1, last): 1 = no fit */
static int read_pos(SearchObject *s, PyObject *args, KPos *p, PyObject **moves) {
    int me, s0, s1, last; unsigned long long h0, h1, loose, p0, p1; PyObject *builds;
    if (!PyArg_ParseTuple(args, "iKKKOKKiii|O", &me, &h0, &h1, &loose, &builds, &p0, &p1, &s0,
                          &s1, &last, moves)) return -1;
    int rc = read_builds(builds, &p->B);
    if (rc) return rc;
    p->me = me;
    p->mine = me ? h1 : h0; p->theirs = me ? h0 : h1;
    p->pm = me ? p1 : p0; p->pt = me ? p0 : p1;
    p->sd = (long)((me ? s1 - s0 : s0 - s1) * s->rules->r.sweep_points);
    p->last = (s->final || s->draw) ? last : -1;
    p->loose = loose;
    return 0;
}

static PyObject *Search_root_values(SearchObject *s, PyObject *args) {
    KPos p; PyObject *moves = NULL;
    int rc = read_pos(s, args, &p, &moves);
    if (rc < 0) return NULL;
    if (rc > 0 || !moves) Py_RETURN_NONE;
    PyObject *fast = PySequence_Fast(moves, "moves must be a sequence");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    KMove *ms = malloc(sizeof(KMove) * (n ? n : 1));
    double *vals = malloc(sizeof(double) * (n ? n : 1));
    for (Py_ssize_t i = 0; i < n; i++)
        if (read_move(PySequence_Fast_GET_ITEM(fast, i), &ms[i]) < 0) { free(ms); free(vals); Py_DECREF(fast); return NULL; }
    Py_DECREF(fast);
    const KRules *R = &s->rules->r;
    overflow = 0;
    for (Py_ssize_t i = 0; i < n && !overflow; i++) {
        const KMove *m = &ms[i];
        Py_ssize_t twin = -1; /* root_values's `done`: a twin (twin_key) already valued */
        for (Py_ssize_t j = 0; j < i; j++)
            if (ms[j].type == m->type && twin_class(ms[j].card) == twin_class(m->card) &&
                ms[j].targets == m->targets && ms[j].value == m->value) { twin = j; break; }
        if (twin >= 0) { vals[i] = vals[twin]; continue; }
        /* _after: the value for me of playing m (full window) */
        u64 nl = p.loose; KBuilds NB; int kind;
        u64 taken = play_card(R, &nl, &p.B, &NB, p.me, -1, m, &kind);
        if (overflow) break;
        u64 mine = p.mine & ~((u64)1 << m->card), pm = p.pm;
        long sd = p.sd; int last = p.last;
        if (taken) {
            pm |= taken;
            if (!nl && !NB.n) sd += R->sweep_points; /* R13 */
            if (s->final) last = p.me;
        }
        if (!p.theirs) vals[i] = leaf(s, p.me, nl, &NB, pm, p.pt, sd, last);
        else vals[i] = -search_any(s, 1 - p.me, p.theirs, mine, nl, &NB, p.pt, pm, -sd, last,
                               -INFINITY, INFINITY);
    }
    free(ms);
    if (overflow) { overflow = 0; free(vals); Py_RETURN_NONE; }
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out && i < n; i++) PyList_SET_ITEM(out, i, PyFloat_FromDouble(vals[i]));
    free(vals);
    return out;
}

static PyObject *Search_value(SearchObject *s, PyObject *args) {
    KPos p; PyObject *unused = NULL;
    int rc = read_pos(s, args, &p, &unused);
    if (rc < 0) return NULL;
    if (rc > 0) Py_RETURN_NONE;
    overflow = 0;
    double v;
    if (!p.mine) v = leaf(s, p.me, p.loose, &p.B, p.pm, p.pt, p.sd, p.last);
    else v = search_any(s, p.me, p.mine, p.theirs, p.loose, &p.B, p.pm, p.pt, p.sd, p.last,
                    -INFINITY, INFINITY);
    if (overflow) { overflow = 0; Py_RETURN_NONE; }
    return PyFloat_FromDouble(v);
}


/* DrawSearch.root_values / value: (stock, to_move, hand0, ..., last[, moves]); the pool is
 * both hands and the stock (DrawSearch._start) */
static int draw_start(SearchObject *s, PyObject *args, KPos *p, PyObject **moves) {
    if (!s->draw) { PyErr_SetString(PyExc_TypeError, "not a draw search"); return -1; }
    if (PyTuple_GET_SIZE(args) < 1) { PyErr_SetString(PyExc_TypeError, "stock first"); return -1; }
    u64 stock;
    if (read_u64(PyTuple_GET_ITEM(args, 0), &stock) < 0) return -1;
    PyObject *rest = PyTuple_GetSlice(args, 1, PyTuple_GET_SIZE(args));
    if (!rest) return -1;
    int rc = read_pos(s, rest, p, moves);
    if (rc == 0 && *moves) Py_INCREF(*moves); /* outlives `rest` */
    else *moves = NULL;
    Py_DECREF(rest);
    if (rc == 0) s->pool = p->mine | p->theirs | stock;
    return rc;
}

static PyObject *Search_draw_root_values(SearchObject *s, PyObject *args) {
    KPos p; PyObject *moves = NULL;
    int rc = draw_start(s, args, &p, &moves);
    if (rc < 0) return NULL;
    if (rc > 0 || !moves) { Py_XDECREF(moves); Py_RETURN_NONE; }
    PyObject *fast = PySequence_Fast(moves, "moves must be a sequence");
    Py_DECREF(moves);
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    KMove *ms = malloc(sizeof(KMove) * (n ? n : 1));
    double *vals = malloc(sizeof(double) * (n ? n : 1));
    for (Py_ssize_t i = 0; i < n; i++)
        if (read_move(PySequence_Fast_GET_ITEM(fast, i), &ms[i]) < 0) { free(ms); free(vals); Py_DECREF(fast); return NULL; }
    Py_DECREF(fast);
    overflow = 0;
    for (Py_ssize_t i = 0; i < n && !overflow; i++) {
        Py_ssize_t twin = -1;
        for (Py_ssize_t j = 0; j < i; j++)
            if (ms[j].type == ms[i].type && twin_class(ms[j].card) == twin_class(ms[i].card) &&
                ms[j].targets == ms[i].targets && ms[j].value == ms[i].value) { twin = j; break; }
        if (twin >= 0) { vals[i] = vals[twin]; continue; }
        vals[i] = draw_play(s, p.me, p.mine, p.theirs, p.loose, &p.B, p.pm, p.pt, p.sd, p.last, 0,
                            s->plies, &ms[i], -INFINITY, INFINITY);
    }
    free(ms);
    if (overflow) { overflow = 0; free(vals); Py_RETURN_NONE; }
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out && i < n; i++) PyList_SET_ITEM(out, i, PyFloat_FromDouble(vals[i]));
    free(vals);
    return out;
}

static PyObject *Search_draw_value(SearchObject *s, PyObject *args) {
    KPos p; PyObject *unused = NULL;
    int rc = draw_start(s, args, &p, &unused);
    Py_XDECREF(unused);
    if (rc < 0) return NULL;
    if (rc > 0) Py_RETURN_NONE;
    overflow = 0;
    double v = draw_search(s, p.me, p.mine, p.theirs, p.loose, &p.B, p.pm, p.pt, p.sd, p.last, 0,
                           s->plies, -INFINITY, INFINITY);
    if (overflow) { overflow = 0; Py_RETURN_NONE; }
    return PyFloat_FromDouble(v);
}

/* set_model(weight, worths, root): ModelSearch's opponent model (weight 0: off) */
static int om_set(SearchObject *s, double w, PyObject *worths, int root) {
    if (w == 0.0) { s->om_on = 0; return 0; }
    PyObject *f = PySequence_Fast(worths, "worths must be a sequence");
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != 52) {
        Py_DECREF(f);
        PyErr_SetString(PyExc_ValueError, "worths must hold 52 floats");
        return -1;
    }
    for (int c = 0; c < 52; c++) s->om_worth[c] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(f, c));
    Py_DECREF(f);
    if (PyErr_Occurred()) return -1;
    if (!(w > 0.0 && w <= 1.0)) {
        PyErr_SetString(PyExc_ValueError, "the model's weight must lie in (0, 1]");
        return -1;
    }
    s->om_on = 1; s->om_w = w; s->om_root = root;
    return 0;
}

static PyObject *Search_set_model(SearchObject *s, PyObject *args) {
    double w; PyObject *worths; int root;
    if (!PyArg_ParseTuple(args, "dOi", &w, &worths, &root)) return NULL;
    if (om_set(s, w, worths, root) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Search_get_nodes(SearchObject *s, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(s->nodes);
}

static PyMethodDef Search_methods[] = {
    {"root_values", (PyCFunction)Search_root_values, METH_VARARGS,
     "root_values(to_move, hand0, hand1, loose, builds, pile0, pile1, sweeps0, sweeps1, last, "
     "moves) -> list[float] | None"},
    {"draw_root_values", (PyCFunction)Search_draw_root_values, METH_VARARGS,
     "draw_root_values(stock, to_move, hand0, hand1, loose, builds, pile0, pile1, sweeps0, "
     "sweeps1, last, moves) -> list[float] | None (DrawSearch.root_values)"},
    {"draw_value", (PyCFunction)Search_draw_value, METH_VARARGS,
     "draw_value(stock, to_move, ..., last) -> float | None (DrawSearch.value)"},
    {"set_model", (PyCFunction)Search_set_model, METH_VARARGS,
     "set_model(weight, worths, root): the opponent model of modelled.ModelSearch (0: off)"},
    {"value", (PyCFunction)Search_value, METH_VARARGS,
     "value(to_move, hand0, hand1, loose, builds, pile0, pile1, sweeps0, sweeps1, last) -> "
     "float | None"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "search nodes visited", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.cassino._kernel.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
    .tp_doc = "Search(rules, stock, dealer): solver/cassino/search.py's Search, compiled",
};

/* ------------------------------------------------------------------------------------ */
/* Random playouts for the benchmark: full two-seat rounds from a seed (R4-R5, R9-R26),  */
/* the kernel's own PRNG (splitmix64).  Not the engine's deal order: a benchmark only.   */

static inline u64 splitmix(u64 *x) {
    u64 z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* random_rounds(rules, seed, rounds) -> (moves played, sum of final differences) */
static PyObject *py_random_rounds(PyObject *mod, PyObject *args) {
    RulesObject *r; unsigned long long seed; long rounds;
    (void)mod;
    if (!PyArg_ParseTuple(args, "O!Kl", &RulesType, &r, &seed, &rounds)) return NULL;
    const KRules *R = &r->r;
    u64 rng = seed;
    long long moves = 0, total = 0;
    overflow = 0;
    /* the GIL stays held: `overflow` is the module's, shared by every call */
    for (long n = 0; n < rounds && !overflow; n++) {
        int deck[52];
        for (int i = 0; i < 52; i++) deck[i] = i;
        for (int i = 51; i > 0; i--) { /* Fisher-Yates */
            int j = (int)(splitmix(&rng) % (u64)(i + 1));
            int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
        }
        int top = 0, dealer = (int)(n & 1), hs = R->hand_size;
        u64 hands[2] = {0, 0}, piles[2] = {0, 0}, loose = 0;
        long sweeps[2] = {0, 0};
        int last = -1;
        KBuilds B; B.n = 0;
        for (int i = 0; i < hs * 2; i++) hands[i % 2] |= (u64)1 << deck[top++]; /* R4 */
        for (int i = 0; i < 4; i++) loose |= (u64)1 << deck[top++];
        int me = 1 - dealer; /* R5: the nondealer plays first */
        MoveList l; ml_init(&l);
        for (;;) {
            if (!hands[0] && !hands[1]) {
                if (top >= 52) break;
                for (int i = 0; i < hs * 2 && top < 52; i++) hands[i % 2] |= (u64)1 << deck[top++];
                me = 1 - dealer;
            }
            l.n = 0;
            gen_moves(R, hands[me], loose, &B, me, -1, &l);
            if (overflow || !l.n) break;
            KMove mv = l.m[splitmix(&rng) % (u64)l.n];
            int kind;
            KBuilds NB;
            u64 taken = play_card(R, &loose, &B, &NB, me, -1, &mv, &kind);
            if (overflow) break;
            B = NB;
            hands[me] &= ~((u64)1 << mv.card);
            if (taken) {
                piles[me] |= taken; last = me;
                if (!loose && !B.n) sweeps[me]++; /* R13 */
            }
            moves++;
            me = 1 - me;
        }
        ml_free(&l);
        u64 residue = loose;
        for (int i = 0; i < B.n; i++) residue |= B.b[i].cards;
        if (last >= 0) piles[last] |= residue; /* R24 */
        total += final_diff(R, piles[0], piles[1], (sweeps[0] - sweeps[1]) * R->sweep_points);
    }
    if (overflow) { overflow = 0; Py_RETURN_NONE; }
    return Py_BuildValue("(LL)", moves, total);
}

/* perft(rules, hands0, hands1, loose, builds, to_move, depth): leaves of the move tree
 * within the batch (no deal), for the differential tests */
static long long perft(const KRules *R, u64 *hands, u64 loose, const KBuilds *B, int me, int depth) {
    if (depth == 0 || (!hands[0] && !hands[1])) return 1;
    if (!hands[me]) me = 1 - me;
    MoveList l; ml_init(&l);
    gen_moves(R, hands[me], loose, B, me, -1, &l);
    long long total = 0;
    if (depth == 1) total = l.n;
    else for (int i = 0; i < l.n && !overflow; i++) {
        u64 nl = loose; int kind; KBuilds NB;
        play_card(R, &nl, B, &NB, me, -1, &l.m[i], &kind);
        u64 h[2] = {hands[0], hands[1]};
        h[me] &= ~((u64)1 << l.m[i].card);
        total += perft(R, h, nl, &NB, 1 - me, depth - 1);
    }
    ml_free(&l);
    return total;
}

static PyObject *py_perft(PyObject *mod, PyObject *args) {
    RulesObject *r; unsigned long long h0, h1, loose; PyObject *builds; int me, depth;
    (void)mod;
    if (!PyArg_ParseTuple(args, "O!KKKOii", &RulesType, &r, &h0, &h1, &loose, &builds, &me, &depth)) return NULL;
    KBuilds B;
    int rc = read_builds(builds, &B);
    if (rc < 0) return NULL;
    if (rc > 0) Py_RETURN_NONE;
    u64 hands[2] = {h0, h1};
    overflow = 0;
    long long n = perft(&r->r, hands, loose, &B, me, depth);
    if (overflow) { overflow = 0; Py_RETURN_NONE; }
    return PyLong_FromLongLong(n);
}


/* draw_search(rules, order, plies): the compiled DrawSearch of one draw world (W8) */
static PyObject *py_draw_search(PyObject *mod, PyObject *args) {
    RulesObject *r; PyObject *order; int plies;
    (void)mod;
    if (!PyArg_ParseTuple(args, "O!Oi", &RulesType, &r, &order, &plies)) return NULL;
    int cards[52];
    PyObject *f = PySequence_Fast(order, "order must be a sequence");
    if (!f) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(f);
    if (n > 52) { Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "at most 52 cards"); return NULL; }
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(f, i));
        if (c < 0 || c > 51) {
            Py_DECREF(f);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "card out of range");
            return NULL;
        }
        cards[i] = (int)c;
    }
    Py_DECREF(f);
    /* stock 1: not a last batch (the draw search never reads `final`) */
    SearchObject *s = (SearchObject *)PyObject_CallFunction((PyObject *)&SearchType, "OKi", r,
                                                            1ULL, 0);
    if (!s) return NULL;
    s->final = 0; s->draw = 1; s->plies = plies; s->norder = (int)n;
    memcpy(s->order, cards, sizeof(int) * n);
    s->have_end[0] = s->have_end[1] = 0;
    return (PyObject *)s;
}

/* ------------------------------------------------------------------------------------ */
/* A hint's worlds in one call (issue 15): solver/cassino/core.py solve's loop over worlds for a  */
/* two-seat view (solver/cassino/worlds.py Worlds), with each world drawn as the         */
/* reference draws it, searched, and the stopping rule checked between worlds, natively.  */
/*                                                                                        */
/*   world_rng(seed, i) .. random.Random("cassino-solver/<seed>/<i>"): CPython's seeding   */
/*                         (random.py seed, _randommodule.c init_by_array) and MT19937    */
/*   HandSampler.draw .... engine/cassino/worlds.py, two seats (R23): randrange, sample     */
/*   stock_order ......... engine/cassino/worlds.py (W8): shuffle                            */
/*   stopping rule ....... solver/cassino/core.py solve, solver/ranking.py separated                 */
/*                                                                                        */
/* The draws are the reference's call for call, so world i is the same world; the        */
/* statistics repeat ranking._mean_se's float operations in the order CPython's sum()      */
/* performs them, so the rule stops after the same world.  Only a progress callback, when  */
/* one is given, calls back into Python (once a world, as the reference does).            */

/* MT19937 as CPython's _randommodule.c */
typedef struct { uint32_t mt[624]; int index; } MT;

static void mt_init_genrand(MT *m, uint32_t s) {
    m->mt[0] = s;
    for (int i = 1; i < 624; i++)
        m->mt[i] = 1812433253U * (m->mt[i - 1] ^ (m->mt[i - 1] >> 30)) + (uint32_t)i;
    m->index = 624;
}

static void mt_init_by_array(MT *m, const uint32_t *key, size_t len) {
    uint32_t *mt = m->mt;
    mt_init_genrand(m, 19650218U);
    size_t i = 1, j = 0, k = 624 > len ? 624 : len;
    for (; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++; j++;
        if (i >= 624) { mt[0] = mt[623]; i = 1; }
        if (j >= len) j = 0;
    }
    for (k = 623; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    mt[0] = 0x80000000U;
}

static uint32_t mt_next(MT *m) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = m->mt, y;
    if (m->index >= 624) {
        int kk;
        for (kk = 0; kk < 624 - 397; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + 397] ^ (y >> 1) ^ mag01[y & 1U];
        }
        for (; kk < 623; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 1U];
        }
        y = (mt[623] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[623] = mt[396] ^ (y >> 1) ^ mag01[y & 1U];
        m->index = 0;
    }
    y = mt[m->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* Random.getrandbits(k), 1 <= k <= 64: 32-bit words, least significant first */
static u64 mt_bits(MT *m, int k) {
    if (k <= 32) return (u64)(mt_next(m) >> (32 - k));
    u64 lo = mt_next(m);
    int rest = k - 32;
    u64 hi = rest < 32 ? (u64)(mt_next(m) >> (32 - rest)) : (u64)mt_next(m);
    return lo | hi << 32;
}

/* Random._randbelow_with_getrandbits(n), n >= 1 */
static u64 mt_below(MT *m, u64 n) {
    int k = 64 - __builtin_clzll(n);
    u64 r = mt_bits(m, k);
    while (r >= n) r = mt_bits(m, k);
    return r;
}

/* Random.sample(population, k) of n <= 52 cards; -1 when k > n (the reference raises) */
static int mt_sample(MT *m, const int *pop, int n, int k, int *out) {
    if (k < 0 || k > n) return -1;
    long setsize = 21;
    if (k > 5) { long p = 1; while (p < 3L * k) p *= 4; setsize += p; } /* 4 ** ceil(log(3k, 4)) */
    if (n <= setsize) {
        int pool[52];
        memcpy(pool, pop, sizeof(int) * (size_t)n);
        for (int i = 0; i < k; i++) {
            int j = (int)mt_below(m, (u64)(n - i));
            out[i] = pool[j];
            pool[j] = pool[n - i - 1];
        }
    } else {
        u64 selected = 0;
        for (int i = 0; i < k; i++) {
            int j = (int)mt_below(m, (u64)n);
            while (selected >> j & 1) j = (int)mt_below(m, (u64)n);
            selected |= (u64)1 << j;
            out[i] = pop[j];
        }
    }
    return 0;
}

static PyObject *SHA512; /* hashlib.sha512: random.py seeds a str with its bytes and their digest */

/* random.Random(text): version 2 seeding of a str, a = int.from_bytes(b + sha512(b)) */
static int mt_seed_text(MT *m, const char *text, Py_ssize_t len) {
    PyObject *hash = PyObject_CallFunction(SHA512, "y#", text, len);
    if (!hash) return -1;
    PyObject *digest = PyObject_CallMethod(hash, "digest", NULL);
    Py_DECREF(hash);
    if (!digest) return -1;
    Py_ssize_t dl = PyBytes_GET_SIZE(digest), L = len + dl;
    unsigned char *all = malloc((size_t)L);
    uint32_t *key = malloc(sizeof(uint32_t) * (size_t)(L / 4 + 2));
    if (!all || !key) { free(all); free(key); Py_DECREF(digest); PyErr_NoMemory(); return -1; }
    memcpy(all, text, (size_t)len);
    memcpy(all + len, PyBytes_AS_STRING(digest), (size_t)dl);
    Py_DECREF(digest);
    Py_ssize_t first = 0; /* big-endian: leading zero bytes carry no bits */
    while (first < L && !all[first]) first++;
    long bits = first == L ? 0 : (long)(L - first - 1) * 8 + (32 - __builtin_clz(all[first]));
    size_t used = bits == 0 ? 1 : (size_t)((bits - 1) / 32 + 1);
    for (size_t w = 0; w < used; w++) { /* init_by_array's key: 32-bit words, low first */
        uint32_t x = 0;
        for (int b = 0; b < 4; b++) {
            Py_ssize_t at = L - 1 - (Py_ssize_t)(4 * w) - b;
            if (at >= first) x |= (uint32_t)all[at] << (8 * b);
        }
        key[w] = x;
    }
    mt_init_by_array(m, key, used);
    free(all); free(key);
    return 0;
}

/* HandSampler's two-seat state (engine/cassino/worlds.py _one_hand) */
typedef struct {
    u64 total; int size, nplans, ngroups, nrest;
    u64 *weights; int *counts;  /* plans: weight, cards from each required group */
    int glen[MAXV]; int group[MAXV][52]; int rest[52];
} KSampler;

/* HandSampler.draw, two seats: the other hand (R23) */
static int sampler_draw(const KSampler *S, MT *m, u64 *hand) {
    u64 pick = mt_below(m, S->total);
    int i = 0;
    while (pick >= S->weights[i]) { pick -= S->weights[i]; i++; }
    const int *counts = S->counts + (size_t)i * (size_t)S->ngroups;
    int out[52], taken = 0;
    u64 h = 0;
    for (int g = 0; g < S->ngroups; g++) {
        if (mt_sample(m, S->group[g], S->glen[g], counts[g], out) < 0) return -1;
        for (int c = 0; c < counts[g]; c++) h |= (u64)1 << out[c];
        taken += counts[g];
    }
    if (mt_sample(m, S->rest, S->nrest, S->size - taken, out) < 0) return -1;
    for (int c = 0; c < S->size - taken; c++) h |= (u64)1 << out[c];
    *hand = h;
    return 0;
}

/* stock_order (W8): the stock's cards ascending, then Random.shuffle */
static int stock_order(MT *m, u64 stock, int *order) {
    int n = 0;
    for (u64 x = stock; x; x &= x - 1) order[n++] = lowbit(x);
    for (int i = n - 1; i > 0; i--) {
        int j = (int)mt_below(m, (u64)(i + 1));
        int t = order[i]; order[i] = order[j]; order[j] = t;
    }
    return n;
}

/* sum() of floats as the running CPython adds them: plainly before 3.12, with Neumaier's
 * compensation from 3.12 on (bltinmodule.c builtin_sum_impl); the int 0 it starts from
 * adds to the first item as 0.0 + x */
static double py_sum(const double *x, Py_ssize_t n) {
    if (!n) return 0.0;
    double f = 0.0 + x[0];
#if PY_VERSION_HEX >= 0x030C0000
    double c = 0.0;
    for (Py_ssize_t i = 1; i < n; i++) {
        double t = f + x[i];
        if (fabs(f) >= fabs(x[i])) c += (f - t) + x[i];
        else c += (x[i] - t) + f;
        f = t;
    }
    if (c && isfinite(c)) f += c;
#else
    for (Py_ssize_t i = 1; i < n; i++) f += x[i];
#endif
    return f;
}

/* float ** 2 calls libm's pow as float_pow does (never folded into x * x) */
static double (*volatile pow_fn)(double, double) = pow;

/* ranking._mean_se: the mean and its standard error; `work` holds n doubles */
static void mean_se(const double *x, Py_ssize_t n, double *work, double *mean, double *se) {
    *mean = py_sum(x, n) / (double)n;
    if (n < 2) { *se = 0.0; return; }
    for (Py_ssize_t i = 0; i < n; i++) {
        double d = x[i] - *mean;
        work[i] = d == 0.0 ? 0.0 : pow_fn(fabs(d), 2.0);
    }
    double var = py_sum(work, n) / (double)(n - 1);
    *se = sqrt(var / (double)n);
}

/* ranking.separated on n worlds of `cols` columns (vals row by row) */
static int separated(const double *vals, Py_ssize_t n, int cols, double z, double tol,
                     double *col, double *work, double *means) {
    double se;
    for (int j = 0; j < cols; j++) {
        for (Py_ssize_t w = 0; w < n; w++) col[w] = vals[w * cols + j];
        mean_se(col, n, work, &means[j], &se);
    }
    int best = 0; /* rank's max by (mean, -index) */
    for (int j = 1; j < cols; j++) if (means[j] > means[best]) best = j;
    for (int j = 0; j < cols; j++) {
        if (j == best) continue;
        for (Py_ssize_t w = 0; w < n; w++) col[w] = vals[w * cols + best] - vals[w * cols + j];
        double dm;
        mean_se(col, n, work, &dm, &se);
        double gap = means[best] - means[j];
        if (gap > z * se) continue;
        if (gap + z * se <= tol) continue;
        return 0;
    }
    return 1;
}

/* ranking separated(values, z, tolerance) for the differential tests */
static PyObject *py_separated(PyObject *mod, PyObject *args) {
    PyObject *rows; double z, tol;
    (void)mod;
    if (!PyArg_ParseTuple(args, "Odd", &rows, &z, &tol)) return NULL;
    PyObject *f = PySequence_Fast(rows, "rows must be a sequence");
    if (!f) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(f);
    int cols = n ? (int)PySequence_Size(PySequence_Fast_GET_ITEM(f, 0)) : 0;
    if (!n || cols <= 0) { Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "no values"); return NULL; }
    double *vals = malloc(sizeof(double) * (size_t)(n * cols + 3 * n + cols));
    if (!vals) { Py_DECREF(f); return PyErr_NoMemory(); }
    for (Py_ssize_t w = 0; w < n; w++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(f, w), "a row is a sequence");
        if (!row || PySequence_Fast_GET_SIZE(row) != cols) {
            Py_XDECREF(row); Py_DECREF(f); free(vals);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "ragged rows");
            return NULL;
        }
        for (int j = 0; j < cols; j++) vals[w * cols + j] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(row, j));
        Py_DECREF(row);
    }
    Py_DECREF(f);
    if (PyErr_Occurred()) { free(vals); return NULL; }
    double *col = vals + n * cols, *work = col + n, *means = work + n;
    int ok = separated(vals, n, cols, z, tol, col, work, means);
    free(vals);
    return PyBool_FromLong(ok);
}

static double monotonic(void) { /* time.perf_counter's clock on Linux */
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void bc_clear(BCMap *m) {
    if (!m->n) return;
    if (m->cap > (1 << 14)) { free(m->e); m->e = NULL; m->cap = 0; }
    else memset(m->e, 0, m->cap * sizeof(BCEntry));
    m->n = 0;
}

/* a fresh world for the search object, as a new Search(rules, stock, dealer) or
 * DrawSearch(rules, order, plies) would be: an empty table, no nodes, new batch ends */
static void new_world(SearchObject *s, u64 stock, int dealer, u64 pool) {
    s->gen++; s->tt_n = 0; s->arena_n = 0; s->nodes = 0;
    if (s->draw) {
        s->pool = pool;
        s->have_end[0] = s->have_end[1] = 0;
        bc_clear(&s->ends[0].cache); bc_clear(&s->ends[1].cache);
    } else {
        s->final = stock == 0;
        s->end.stock = stock; s->end.stock_size = popc(stock); s->end.first = 1 - dealer;
        bc_clear(&s->end.cache);
    }
}

/* Search.root_values / DrawSearch.root_values of the world's position p */
static void world_values(SearchObject *s, const KPos *p, const KMove *ms, Py_ssize_t n,
                         double *vals) {
    const KRules *R = &s->rules->r;
    if (!n) { /* no moves: [-value(pos)] */
        double v;
        if (s->draw) v = draw_search(s, p->me, p->mine, p->theirs, p->loose, &p->B, p->pm, p->pt,
                                     p->sd, p->last, 0, s->plies, -INFINITY, INFINITY);
        else if (!p->mine) v = leaf(s, p->me, p->loose, &p->B, p->pm, p->pt, p->sd, p->last);
        else v = search_any(s, p->me, p->mine, p->theirs, p->loose, &p->B, p->pm, p->pt, p->sd,
                        p->last, -INFINITY, INFINITY);
        vals[0] = -v;
        return;
    }
    for (Py_ssize_t i = 0; i < n && !overflow; i++) {
        const KMove *m = &ms[i];
        Py_ssize_t twin = -1; /* root_values's `done`: a twin (twin_key) already valued */
        for (Py_ssize_t j = 0; j < i; j++)
            if (ms[j].type == m->type && twin_class(ms[j].card) == twin_class(m->card) &&
                ms[j].targets == m->targets && ms[j].value == m->value) { twin = j; break; }
        if (twin >= 0) { vals[i] = vals[twin]; continue; }
        if (s->draw) {
            vals[i] = draw_play(s, p->me, p->mine, p->theirs, p->loose, &p->B, p->pm, p->pt,
                                p->sd, p->last, 0, s->plies, m, -INFINITY, INFINITY);
            continue;
        }
        u64 nl = p->loose; KBuilds NB; int kind;
        u64 taken = play_card(R, &nl, &p->B, &NB, p->me, -1, m, &kind);
        if (overflow) break;
        u64 mine = p->mine & ~((u64)1 << m->card), pm = p->pm;
        long sd = p->sd; int last = p->last;
        if (taken) {
            pm |= taken;
            if (!nl && !NB.n) sd += R->sweep_points; /* R13 */
            if (s->final) last = p->me;
        }
        if (!p->theirs) vals[i] = leaf(s, p->me, nl, &NB, pm, p->pt, sd, last);
        else vals[i] = -search_any(s, 1 - p->me, p->theirs, mine, nl, &NB, p->pt, pm, -sd, last,
                               -INFINITY, INFINITY);
    }
}

static int read_ints(PyObject *o, int *out, int most) {
    PyObject *f = PySequence_Fast(o, "expected a sequence of ints");
    if (!f) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(f);
    if (n > most) { Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "too many"); return -1; }
    for (Py_ssize_t i = 0; i < n; i++) out[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(f, i));
    Py_DECREF(f);
    return PyErr_Occurred() ? -1 : (int)n;
}

/* the sampler (total, size, plans, groups, rest); 1 when it does not fit */
static int read_sampler(PyObject *o, KSampler *S) {
    PyObject *plans, *groups, *rest; unsigned long long total;
    memset(S, 0, sizeof *S);
    if (!PyArg_ParseTuple(o, "KiOOO", &total, &S->size, &plans, &groups, &rest)) return -1;
    S->total = total;
    Py_ssize_t ng = PySequence_Size(groups), np = PySequence_Size(plans);
    if (ng < 0 || np < 0) return -1;
    if (ng > MAXV || !np || !total) return 1;
    S->ngroups = (int)ng; S->nplans = (int)np;
    for (Py_ssize_t g = 0; g < ng; g++) {
        PyObject *x = PySequence_GetItem(groups, g);
        int k = x ? read_ints(x, S->group[g], 52) : -1;
        Py_XDECREF(x);
        if (k < 0) return -1;
        S->glen[g] = k;
    }
    if ((S->nrest = read_ints(rest, S->rest, 52)) < 0) return -1;
    S->weights = malloc(sizeof(u64) * (size_t)np);
    S->counts = malloc(sizeof(int) * (size_t)(np * (ng ? ng : 1)));
    if (!S->weights || !S->counts) { PyErr_NoMemory(); return -1; }
    for (Py_ssize_t i = 0; i < np; i++) {
        PyObject *plan = PySequence_GetItem(plans, i), *w = NULL, *k = NULL;
        int bad = !plan || !(w = PySequence_GetItem(plan, 0)) || !(k = PySequence_GetItem(plan, 1));
        if (!bad) bad = read_u64(w, &S->weights[i]) < 0 || read_ints(k, S->counts + i * ng, (int)ng) != ng;
        Py_XDECREF(plan); Py_XDECREF(w); Py_XDECREF(k);
        if (bad) { if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad plan"); return -1; }
    }
    return 0;
}

/* solve_worlds(rules, prefix, start, stop, early, dealer,
 *              (to_move, player, hand, unseen, loose, builds, pile0, pile1, sweeps0, sweeps1, last),
 *              stock_empty, drawing, plies, (total, size, plans, groups, rest), moves, won,
 *              budget, time_ms, began, min_samples, z, tolerance, progress)
 *   -> (rows, nodes) | None
 * solver/cassino/core.py solve over worlds start .. stop-1 of a two-seat view (the caller has
 * already taken `stop` down to 1 when one world says everything): world i from
 * random.Random(prefix + str(i)), its values, the tally's rows in world order, and the
 * stopping rule when `early` (a negative budget or time_ms: none).  None: a world the
 * kernel cannot hold (the caller then runs the reference loop from the start). */
static PyObject *py_solve_worlds(PyObject *mod, PyObject *args) {
    RulesObject *r; const char *prefix; Py_ssize_t plen, start, stop, min_samples;
    int early, dealer, stock_empty, drawing, plies;
    PyObject *pos, *sampler, *moves, *won, *progress, *worths = NULL;
    long long budget; double time_ms, began, z, tol, model = 0.0;
    (void)mod;
    if (!PyArg_ParseTuple(args, "O!y#nnpiOppiOOOLddnddO|dO", &RulesType, &r, &prefix, &plen,
                          &start, &stop, &early, &dealer, &pos, &stock_empty, &drawing, &plies,
                          &sampler, &moves, &won, &budget, &time_ms, &began, &min_samples,
                          &z, &tol, &progress, &model, &worths))
        return NULL;
    int to_move, player, s0, s1, last; unsigned long long hand, unseen, loose, p0, p1;
    PyObject *builds;
    if (!PyArg_ParseTuple(pos, "iiKKKOKKiii", &to_move, &player, &hand, &unseen, &loose, &builds,
                          &p0, &p1, &s0, &s1, &last))
        return NULL;
    const KRules *R = &r->r;
    KPos p;
    int rc = read_builds(builds, &p.B);
    if (rc) { if (rc < 0) return NULL; Py_RETURN_NONE; }
    KSampler S;
    rc = stock_empty ? 0 : read_sampler(sampler, &S);
    if (stock_empty) memset(&S, 0, sizeof S);
    PyObject *out = NULL, *mfast = NULL;
    KMove *ms = NULL; double *vals = NULL, *scratch = NULL, *wonv = NULL;
    u64 *others = NULL; int *orders = NULL; SearchObject *s = NULL;
    char *text = NULL;
    if (rc) { if (rc > 0) { out = Py_None; Py_INCREF(out); } goto done; }
    if (!(mfast = PySequence_Fast(moves, "moves must be a sequence"))) goto done;
    Py_ssize_t nm = PySequence_Fast_GET_SIZE(mfast);
    PyObject *wfast = PySequence_Fast(won, "won must be a sequence");
    if (!wfast) goto done;
    Py_ssize_t nw = PySequence_Fast_GET_SIZE(wfast);
    wonv = malloc(sizeof(double) * (size_t)(nw + 1));
    for (Py_ssize_t i = 0; wonv && i < nw; i++) wonv[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(wfast, i));
    Py_DECREF(wfast);
    if (!wonv) { PyErr_NoMemory(); goto done; }
    if (PyErr_Occurred()) goto done;
    int cols = (int)(nw + (nm ? nm : 1));
    Py_ssize_t total = stop > start ? stop - start : 0;
    ms = malloc(sizeof(KMove) * (size_t)(nm + 1));
    vals = malloc(sizeof(double) * (size_t)(total * cols + 1));
    scratch = malloc(sizeof(double) * (size_t)(2 * total + cols + 1));
    others = malloc(sizeof(u64) * (size_t)(total + 1));
    orders = malloc(sizeof(int) * 52 * (size_t)(drawing ? total + 1 : 1));
    text = malloc((size_t)plen + 32);
    if (!ms || !vals || !scratch || !others || !orders || !text) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = 0; i < nm; i++)
        if (read_move(PySequence_Fast_GET_ITEM(mfast, i), &ms[i]) < 0) goto done;
    if (drawing) s = (SearchObject *)PyObject_CallFunction((PyObject *)&SearchType, "OKi", r, 1ULL, 0);
    else s = (SearchObject *)PyObject_CallFunction((PyObject *)&SearchType, "OKi", r, unseen, dealer);
    if (!s) goto done;
    if (drawing) { s->final = 0; s->draw = 1; s->plies = plies; }
    else if (model != 0.0 && om_set(s, model, worths ? worths : Py_None, player) < 0) goto done;
    memcpy(text, prefix, (size_t)plen);
    long long nodes = 0;
    Py_ssize_t n = 0;
    int nord = 0;
    overflow = 0;
    for (Py_ssize_t index = start; index < stop; index++) {
        /* world_rng(seed, index), then Worlds.draw: the other hand, the stock's order (W8) */
        int tl = snprintf(text + plen, 32, "%zd", index);
        MT m;
        if (mt_seed_text(&m, text, plen + tl) < 0) goto done;
        u64 other = unseen;
        if (!stock_empty && sampler_draw(&S, &m, &other) < 0) { out = Py_None; Py_INCREF(out); goto done; }
        u64 stock = unseen & ~other;
        int *order = orders + (drawing ? 52 * n : 0);
        if (drawing) nord = stock_order(&m, stock, order);
        double *row = vals + n * cols;
        for (Py_ssize_t i = 0; i < nw; i++) row[i] = wonv[i];
        Py_ssize_t seen = -1; /* solve's cache: the same world searched before */
        for (Py_ssize_t w = 0; w < n && seen < 0; w++)
            if (others[w] == other && (!drawing || !memcmp(orders + 52 * w, order, sizeof(int) * (size_t)nord)))
                seen = w;
        others[n] = other;
        if (seen >= 0) memcpy(row, vals + seen * cols, sizeof(double) * (size_t)cols);
        else {
            if (drawing) {
                s->norder = nord;
                memcpy(s->order, order, sizeof(int) * (size_t)nord);
            }
            new_world(s, stock, dealer, hand | other | stock);
            /* Worlds.values: Position(to_move, hands, ...) as read_pos reads it */
            u64 h0 = player == 0 ? hand : other, h1 = player == 0 ? other : hand;
            p.me = to_move;
            p.mine = to_move ? h1 : h0; p.theirs = to_move ? h0 : h1;
            p.pm = to_move ? p1 : p0; p.pt = to_move ? p0 : p1;
            p.sd = (long)((to_move ? s1 - s0 : s0 - s1) * R->sweep_points);
            p.last = (s->final || s->draw) ? last : -1;
            p.loose = loose;
            /* the search touches no Python object: other threads run meanwhile */
            Py_BEGIN_ALLOW_THREADS
            world_values(s, &p, ms, nm, row + nw);
            Py_END_ALLOW_THREADS
            if (overflow) { overflow = 0; out = Py_None; Py_INCREF(out); goto done; }
            nodes += s->nodes;
        }
        n++;
        if (progress != Py_None) {
            PyObject *x = PyObject_CallFunction(progress, "nn", n, total);
            if (!x) goto done;
            Py_DECREF(x);
        }
        if (!early) continue;
        if (budget >= 0 && nodes * (n + 1) >= budget * n) break; /* the next world would overrun */
        if (time_ms >= 0 && (monotonic() - began) * 1000 >= time_ms) break;
        if (n >= min_samples && (cols == 1 ||
                separated(vals, n, cols, z, tol, scratch, scratch + total, scratch + 2 * total)))
            break;
    }
    PyObject *rows = PyList_New(n);
    if (!rows) goto done;
    for (Py_ssize_t w = 0; w < n; w++) {
        PyObject *row = PyList_New(cols);
        if (!row) { Py_DECREF(rows); goto done; }
        for (int j = 0; j < cols; j++) PyList_SET_ITEM(row, j, PyFloat_FromDouble(vals[w * cols + j]));
        PyList_SET_ITEM(rows, w, row);
    }
    out = Py_BuildValue("(NL)", rows, nodes);
done:
    Py_XDECREF(mfast); Py_XDECREF((PyObject *)s);
    free(ms); free(vals); free(scratch); free(others); free(orders); free(text); free(wonv);
    if (!stock_empty) { free(S.weights); free(S.counts); }
    return out;
}

static PyMethodDef module_methods[] = {
    {"setup", py_setup, METH_VARARGS, "setup(Move, Build): the engine's value types"},
    {"legal_moves", py_legal_moves, METH_VARARGS,
     "legal_moves(rules, hand, loose, builds, player) -> list[Move] | None"},
    {"play_card", py_play_card, METH_VARARGS,
     "play_card(rules, loose, builds, player, move) -> (loose, builds, taken, kind) | None"},
    {"random_rounds", py_random_rounds, METH_VARARGS,
     "random_rounds(rules, seed, rounds) -> (moves, sum of differences) | None"},
    {"draw_search", py_draw_search, METH_VARARGS,
     "draw_search(rules, order, plies) -> Search (DrawSearch's methods: draw_root_values, "
     "draw_value)"},
    {"solve_worlds", py_solve_worlds, METH_VARARGS,
     "solve_worlds(rules, prefix, start, stop, early, dealer, position, stock_empty, drawing, "
     "plies, sampler, moves, won, budget, time_ms, began, min_samples, z, tolerance, progress"
     "[, model, worths]) -> (rows, nodes) | None (solver.cassino.core.solve's loop over a two-seat view's worlds)"},
    {"separated", py_separated, METH_VARARGS,
     "separated(rows, z, tolerance) -> bool (solver.ranking.separated on a tally's rows)"},
    {"perft", py_perft, METH_VARARGS,
     "perft(rules, hand0, hand1, loose, builds, to_move, depth) -> int | None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "_kernel",
    "The compiled Cassino kernel (solver/cassino/_kernel.c); use solver.cassino.kernel.",
    -1, module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    init_tables();
    if (PyType_Ready(&RulesType) < 0 || PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (!m) return NULL;
    PyObject *hashlib = PyImport_ImportModule("hashlib");
    if (!hashlib) { Py_DECREF(m); return NULL; }
    SHA512 = PyObject_GetAttrString(hashlib, "sha512");
    Py_DECREF(hashlib);
    if (!SHA512) { Py_DECREF(m); return NULL; }
    if (intern_move_types() < 0) { Py_DECREF(m); return NULL; }
    Py_INCREF(&RulesType);
    PyModule_AddObject(m, "Rules", (PyObject *)&RulesType);
    Py_INCREF(&SearchType);
    PyModule_AddObject(m, "Search", (PyObject *)&SearchType);
    return m;
}
