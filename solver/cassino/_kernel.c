/* The compiled Cassino kernel (issue 15): move generation, play_card, random playouts and the
 * two-seat world search of solver/cassino/search.py, in C against the CPython API.
 *
 * Everything here mirrors a Python reference line by line, which stays the readable
 * definition and the fallback (solver/cassino/kernel.py chooses):
 *
 *   legal moves ........ engine/cassino/movegen.py  (R9-R22; V1.1)   -> gen_moves
 *   subset sums ........ engine/cassino/sums.py     (R7, R11, R14)   -> groups_of, unions_of
 *   play_card .......... engine/cassino/table.py    (R9-R16)         -> play_card
 *   build groups ....... engine/cassino/sums.py split_into_groups (R15) -> split_groups
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
 * one build) or whose unions overflow MAX_UNIONS (D16) makes the call return None: the
 * Python wrapper then runs the reference, which answers or raises as the engine does.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

#define MAXB 12         /* builds on the table */
#define MAXG 16         /* groups in one build */
#define MAXV 32         /* card and build values are below 32 (sums.py) */
#define MAX_UNIONS 30000 /* D16 (sums.py MAX_UNIONS) */
#define FULL_DECK ((((u64)1) << 52) - 1)

enum { TRAIL = 0, CAPTURE = 1, BUILD = 2 };

static _Thread_local int overflow; /* set when a position does not fit: the call returns
                                    * None (per thread: solve_worlds searches without the GIL) */

/* ------------------------------------------------------------------------------------ */
/* Rules (engine/cassino/rules.py) and the search's weights (evaluation.py Weights).     */

typedef struct {
    int values[52];     /* numeral value of each card, 0 for none (R1; V3) */
    u64 numerals;
    int max_value, max_build, top;
    u64 upto[MAXV];     /* upto[v]: numerals worth at most v */
    int court_captures_all, pairing_takes_all; /* V1.1 */
    int sweep_points, hand_size;
    int nmost; u64 most_mask[8]; int most_size[8]; int most_points[8]; /* R26 majorities */
    int neach; u64 each_mask[16]; int each_points[16];                /* R26 cards */
    int points[52];     /* what each card that scores by itself is worth */
    u64 point_cards;
} KRules;

typedef struct { PyObject_HEAD KRules r; } RulesObject;

typedef struct { int value, owner, ng; u64 cards; u64 groups[MAXG]; } KBuild;
typedef struct { int n; KBuild b[MAXB]; } KBuilds; /* ascending by cards (table.py) */

typedef struct { u64 targets; uint8_t type, card, value; } KMove;

typedef struct { int n, cap; KMove *m; KMove small[48]; } MoveList;

static void ml_init(MoveList *l) { l->n = 0; l->cap = 48; l->m = l->small; }
static void ml_free(MoveList *l) { if (l->m != l->small) free(l->m); }
static void ml_push(MoveList *l, int type, int card, u64 targets, int value) {
    if (l->n == l->cap) {
        int cap = l->cap * 2;
        KMove *m = malloc(sizeof(KMove) * cap);
        if (!m) { overflow = 1; return; }
        memcpy(m, l->m, sizeof(KMove) * l->n);
        if (l->m != l->small) free(l->m);
        l->m = m; l->cap = cap;
    }
    KMove *k = &l->m[l->n++];
    k->type = (uint8_t)type; k->card = (uint8_t)card; k->targets = targets; k->value = (uint8_t)value;
}

/* growable u64 lists */
typedef struct { int n, cap; u64 *a; u64 small[64]; } UList;
static void ul_init(UList *l) { l->n = 0; l->cap = 64; l->a = l->small; }
static void ul_free(UList *l) { if (l->a != l->small) free(l->a); }
static void ul_push(UList *l, u64 x) {
    if (l->n == l->cap) {
        int cap = l->cap * 2;
        u64 *a = malloc(sizeof(u64) * cap);
        if (!a) { overflow = 1; return; }
        memcpy(a, l->a, sizeof(u64) * l->n);
        if (l->a != l->small) free(l->a);
        l->a = a; l->cap = cap;
    }
    l->a[l->n++] = x;
}
static int cmp_u64(const void *x, const void *y) {
    u64 a = *(const u64 *)x, b = *(const u64 *)y;
    return a < b ? -1 : a > b;
}
static void ul_sort_unique(UList *l) {
    if (l->n < 2) return;
    qsort(l->a, l->n, sizeof(u64), cmp_u64);
    int j = 1;
    for (int i = 1; i < l->n; i++) if (l->a[i] != l->a[j - 1]) l->a[j++] = l->a[i];
    l->n = j;
}

static inline int lowbit(u64 m) { return __builtin_ctzll(m); }
static inline int popc(u64 m) { return __builtin_popcountll(m); }
static inline u64 mix64(u64 z) { /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* ------------------------------------------------------------------------------------ */
/* Subset sums (sums.py): groups (R7) and disjoint unions of groups (R11, R14).           */
/* Positions are the loose numerals worth at most the target, sorted by (value, card), as */
/* sums._pile sorts them; results are ordered as the reference orders them.               */

typedef struct { int n; int val[52]; u64 bit[52]; } Pile;

static void pile_of(const KRules *R, u64 loose, int target, Pile *p) {
    u64 m = loose & R->upto[target];
    p->n = 0;
    /* insertion by (value, card): cards come ascending, so a stable insert by value */
    while (m) {
        int c = lowbit(m); m &= m - 1;
        int v = R->values[c], i = p->n++;
        while (i > 0 && p->val[i - 1] > v) { p->val[i] = p->val[i - 1]; p->bit[i] = p->bit[i - 1]; i--; }
        p->val[i] = v; p->bit[i] = (u64)1 << c;
    }
}

/* sums._groups: position sets summing to target, in the reference's depth-first order */
static void groups_dfs(const Pile *p, int start, int remaining, u64 chosen, UList *out) {
    for (int i = start; i < p->n; i++) {
        int v = p->val[i];
        if (v > remaining) return;
        if (v == remaining) ul_push(out, chosen | (u64)1 << i);
        else groups_dfs(p, i + 1, remaining - v, chosen | (u64)1 << i, out);
    }
}

static u64 pos_to_cards(const Pile *p, u64 pos) {
    u64 c = 0;
    while (pos) { c |= p->bit[lowbit(pos)]; pos &= pos - 1; }
    return c;
}

/* sums.groups: card sets of loose numerals summing to target (order irrelevant to callers) */
static void groups_of(const KRules *R, u64 loose, int target, UList *out) {
    Pile p; UList g;
    pile_of(R, loose, target, &p);
    ul_init(&g);
    groups_dfs(&p, 0, target, 0, &g);
    out->n = 0;
    for (int i = 0; i < g.n; i++) ul_push(out, pos_to_cards(&p, g.a[i]));
    ul_free(&g);
}

/* sums.unions: every non-empty set of loose cards that splits into disjoint groups of
 * target, ascending by position set (the reference's order), as card sets.  Sets overflow
 * past MAX_UNIONS (D16) exactly where the reference raises. */
static void unions_of(const KRules *R, u64 loose, int target, UList *out) {
    Pile p; UList g, u;
    pile_of(R, loose, target, &p);
    ul_init(&g); ul_init(&u);
    groups_dfs(&p, 0, target, 0, &g);
    ul_push(&u, 0);
    for (int i = 0; i < g.n && !overflow; i++) {
        u64 grp = g.a[i];
        int n = u.n;
        for (int j = 0; j < n; j++) if (!(u.a[j] & grp)) ul_push(&u, u.a[j] | grp);
        if (u.n > MAX_UNIONS + 1) overflow = 1; /* D16 */
    }
    ul_sort_unique(&u);
    out->n = 0;
    for (int i = 0; i < u.n; i++) if (u.a[i]) ul_push(out, pos_to_cards(&p, u.a[i]));
    ul_free(&g); ul_free(&u);
}

/* movegen._with_builds: unions of loose groups with any builds of the same value */
static void with_builds(UList *lu, const u64 *sets, int ns) {
    if (!ns) return;
    UList out; ul_init(&out);
    ul_push(&out, 0);
    for (int i = 0; i < lu->n; i++) ul_push(&out, lu->a[i]);
    for (int s = 0; s < ns; s++) {
        int n = out.n;
        for (int j = 0; j < n; j++) ul_push(&out, out.a[j] | sets[s]);
    }
    /* remove the first 0, then sort (no dedup in the reference: none arise, sets disjoint) */
    lu->n = 0;
    int removed = 0;
    for (int j = 0; j < out.n; j++) {
        if (!removed && out.a[j] == 0) { removed = 1; continue; }
        ul_push(lu, out.a[j]);
    }
    qsort(lu->a, lu->n, sizeof(u64), cmp_u64);
    ul_free(&out);
}

/* ------------------------------------------------------------------------------------ */
/* Legal moves (movegen.legal_moves, R9-R22): grouped by card ascending; captures, builds  */
/* by value, then the trail.                                                              */

static void gen_moves(const KRules *R, u64 hand, u64 loose, const KBuilds *B, int player,
                      MoveList *out) {
    int held[MAXV] = {0};
    const int *values = R->values;
    for (u64 m = hand & R->numerals; m; m &= m - 1) held[values[lowbit(m)]]++;
    int owns = 0;
    for (int i = 0; i < B->n; i++) if (B->b[i].owner == player) owns = 1;
    /* takes cache: per value, the captures' target sets (R11 with builds of that value) */
    UList takes[MAXV];
    int have[MAXV] = {0};
    UList tmp, starts, found;
    ul_init(&tmp); ul_init(&starts); ul_init(&found);

    for (u64 m = hand; m && !overflow; m &= m - 1) {
        int card = lowbit(m);
        int cv = values[card];
        if (!cv) { /* R10: a court card takes one loose card of its rank (all of them, V1.1) */
            u64 same = loose & ((u64)0xF << (card & ~3));
            if (same && R->court_captures_all) ml_push(out, CAPTURE, card, same, 0);
            else for (; same; same &= same - 1) ml_push(out, CAPTURE, card, same & -same, 0);
        } else {
            /* R22: spending the last numeral of value cv must take in every own build of cv */
            u64 must = 0;
            if (owns && held[cv] == 1)
                for (int i = 0; i < B->n; i++)
                    if (B->b[i].owner == player && B->b[i].value == cv) must |= B->b[i].cards;
            if (!have[cv]) {
                u64 sets[MAXB]; int ns = 0;
                for (int i = 0; i < B->n; i++) if (B->b[i].value == cv) sets[ns++] = B->b[i].cards;
                ul_init(&takes[cv]);
                unions_of(R, loose, cv, &takes[cv]);
                with_builds(&takes[cv], sets, ns);
                have[cv] = 1;
            }
            /* V1.1: pairing a loose card of the card's rank takes every one of them */
            u64 pairs = R->pairing_takes_all ? loose & ((u64)0xF << (card & ~3)) : 0;
            UList *tk = &takes[cv];
            for (int i = 0; i < tk->n; i++) { /* R11: every union of loose groups and builds */
                u64 t = tk->a[i];
                if ((t & must) == must) {
                    if (pairs && (t & pairs) != 0 && (t & pairs) != pairs) continue;
                    ml_push(out, CAPTURE, card, t, 0);
                }
            }
            /* R14-R16: builds of value v; R14 retain: a numeral of v stays in hand (R17) */
            for (int v = 1; v <= R->max_build; v++) {
                if (!held[v]) continue;
                if (v < cv || (v == cv && held[v] == 1)) continue;
                if (v != cv) {
                    groups_of(R, loose, v - cv, &starts); /* create, extend */
                    for (int i = 0; i < B->n; i++) /* R14b: or one single build to raise */
                        if (B->b[i].value == v - cv && B->b[i].ng == 1) ul_push(&starts, B->b[i].cards);
                    if (!starts.n) continue;
                }
                if (!have[v]) {
                    u64 sets[MAXB]; int ns = 0;
                    for (int i = 0; i < B->n; i++) if (B->b[i].value == v) sets[ns++] = B->b[i].cards;
                    ul_init(&takes[v]);
                    unions_of(R, loose, v, &takes[v]);
                    with_builds(&takes[v], sets, ns);
                    have[v] = 1;
                }
                UList *ex = &takes[v];
                UList *fl;
                if (v == cv) fl = ex; /* the card alone is one group: another is needed */
                else {
                    found.n = 0;
                    for (int s = 0; s < starts.n; s++) {
                        u64 st = starts.a[s];
                        ul_push(&found, st);
                        for (int e = 0; e < ex->n; e++) if (!(st & ex->a[e])) ul_push(&found, st | ex->a[e]);
                    }
                    ul_sort_unique(&found);
                    fl = &found;
                }
                for (int i = 0; i < fl->n; i++)
                    if ((fl->a[i] & must) == must) ml_push(out, BUILD, card, fl->a[i], v);
            }
        }
        if (!owns) ml_push(out, TRAIL, card, 0, 0); /* R9, R21 */
    }
    for (int v = 0; v < MAXV; v++) if (have[v]) ul_free(&takes[v]);
    ul_free(&tmp); ul_free(&starts); ul_free(&found);
}

/* ------------------------------------------------------------------------------------ */
/* play_card (table.py, R9-R16) and the groups of a build (sums.split_into_groups, R15).  */

typedef struct { int n; int val[52]; int card[52]; } Cards;

static int split_cover(const Cards *c, u64 rem, int target, u64 *groups, int *ng);

/* sums._fill, lazily: pick cards after `start` in `avail` summing to need, in the
 * reference's order; on each complete pick try to cover what is left */
static int split_fill(const Cards *c, u64 rest, u64 avail, int need, u64 chosen, u64 picked,
                      int target, u64 *groups, int *ng) {
    if (need == 0) {
        int save = *ng;
        groups[(*ng)++] = chosen;
        if (*ng > MAXG) { overflow = 1; return 0; }
        if (split_cover(c, rest & ~picked, target, groups, ng)) return 1;
        *ng = save;
        return 0;
    }
    for (u64 m = avail; m; m &= m - 1) {
        int i = lowbit(m);
        if (c->val[i] <= need) {
            u64 after = avail & ~((((u64)2) << i) - 1);
            if (split_fill(c, rest, after, need - c->val[i], chosen | (u64)1 << c->card[i],
                           picked | (u64)1 << i, target, groups, ng)) return 1;
            if (overflow) return 0;
        }
    }
    return 0;
}

/* sums.split_into_groups's cover: the first card left (largest) opens a group */
static int split_cover(const Cards *c, u64 rem, int target, u64 *groups, int *ng) {
    if (!rem) return 1;
    int first = lowbit(rem);
    u64 rest = rem & ~((u64)1 << first);
    int save = *ng;
    /* the group holds `first`; record it via chosen so that it is [chosen | first] */
    int need = target - c->val[first];
    /* _fill(rest, need) with need 0 yields (0, rest) */
    if (split_fill(c, rest, rest, need, (u64)1 << c->card[first], 0, target, groups, ng))
        return 1;
    *ng = save;
    return 0;
}

/* sums.split_into_groups: partition (value, card) pairs into groups of target */
static int split_groups(Cards *c, int target, u64 *groups, int *ng) {
    int total = 0;
    for (int i = 0; i < c->n; i++) { if (c->val[i] <= 0) return 0; total += c->val[i]; }
    if (total % target) return 0;
    /* sorted(cards, reverse=True): by value, then card, descending */
    for (int i = 1; i < c->n; i++) {
        int v = c->val[i], k = c->card[i], j = i;
        while (j > 0 && (c->val[j - 1] < v || (c->val[j - 1] == v && c->card[j - 1] < k))) {
            c->val[j] = c->val[j - 1]; c->card[j] = c->card[j - 1]; j--;
        }
        c->val[j] = v; c->card[j] = k;
    }
    *ng = 0;
    u64 all = c->n == 64 ? ~(u64)0 : (((u64)1) << c->n) - 1;
    return split_cover(c, all, target, groups, ng);
}

static int cmp_build(const void *x, const void *y) {
    u64 a = ((const KBuild *)x)->cards, b = ((const KBuild *)y)->cards;
    return a < b ? -1 : a > b;
}

/* table.play_card: the table after a legal move; returns the cards taken (R12), else 0.
 * kind (builds): 1 create, 2 extend, 3 raise. */
static u64 play_card(const KRules *R, u64 *loose, const KBuilds *B, KBuilds *NB, int player,
                     const KMove *mv, int *kind) {
    u64 t = mv->targets;
    *kind = 0;
    if (mv->type == TRAIL) { /* R9 */
        if (NB != B) *NB = *B;
        *loose |= (u64)1 << mv->card;
        return 0;
    }
    if (mv->type == CAPTURE) { /* R10-R12 */
        int n = 0;
        for (int i = 0; i < B->n; i++) if (!(B->b[i].cards & t)) NB->b[n++] = B->b[i];
        NB->n = n;
        *loose &= ~t;
        return t | (u64)1 << mv->card;
    }
    /* R14-R16: form_build */
    int v = mv->value, card = mv->card;
    u64 groups[MAXB * MAXG + MAXG + 2]; int ng = 0; /* every group of the builds taken in */
    int raised = -1, any_used = 0;
    for (int i = 0; i < B->n; i++) {
        const KBuild *b = &B->b[i];
        if (!(b->cards & t)) continue;
        any_used = 1;
        if (b->value != v) { if (raised < 0) raised = i; }
        else for (int g = 0; g < b->ng; g++) groups[ng++] = b->groups[g];
    }
    (void)any_used;
    int had_groups = ng;
    Cards pile; pile.n = 0; int sum = 0;
    for (u64 m = t & *loose; m; m &= m - 1) {
        int c = lowbit(m);
        pile.val[pile.n] = R->values[c]; pile.card[pile.n++] = c; sum += R->values[c];
    }
    if (raised >= 0) groups[ng++] = B->b[raised].cards | (u64)1 << card; /* R14b */
    else { pile.val[pile.n] = R->values[card]; pile.card[pile.n++] = card; sum += R->values[card]; }
    if (sum == v) { /* the usual case: one new group */
        u64 g = 0;
        for (int i = 0; i < pile.n; i++) g |= (u64)1 << pile.card[i];
        groups[ng++] = g;
    } else {
        u64 formed[MAXG + 1]; int nf = 0;
        if (!split_groups(&pile, v, formed, &nf)) { overflow = 1; return 0; } /* unreachable */
        for (int i = 0; i < nf; i++) groups[ng++] = formed[i];
    }
    *kind = raised >= 0 ? 3 : had_groups ? 2 : 1;
    if (ng > MAXG) { overflow = 1; return 0; }
    KBuild made;
    made.value = v; made.owner = player; made.ng = ng; made.cards = 0;
    qsort(groups, ng, sizeof(u64), cmp_u64);
    for (int i = 0; i < ng; i++) { made.groups[i] = groups[i]; made.cards |= groups[i]; }
    KBuilds kept; kept.n = 0;
    for (int i = 0; i < B->n; i++) if (!(B->b[i].cards & t)) kept.b[kept.n++] = B->b[i];
    if (kept.n >= MAXB) { overflow = 1; return 0; }
    kept.b[kept.n++] = made;
    if (kept.n > 1) qsort(kept.b, kept.n, sizeof(KBuild), cmp_build);
    *NB = kept;
    *loose &= ~t;
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* Conversions from and to the engine's Python values.                                  */

static PyObject *MoveType, *BuildType, *S_TRAIL, *S_CAPTURE, *S_BUILD;

static int read_u64(PyObject *o, u64 *out) {
    unsigned long long x = PyLong_AsUnsignedLongLong(o);
    if (x == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = x;
    return 0;
}

/* builds: a tuple of engine Build (value, owner, groups, cards); 1 when they do not fit */
static int read_builds(PyObject *seq, KBuilds *B) {
    PyObject *fast = PySequence_Fast(seq, "builds must be a sequence");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    B->n = 0;
    if (n > MAXB) { Py_DECREF(fast); return 1; }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *b = PySequence_Fast_GET_ITEM(fast, i);
        KBuild *k = &B->b[i];
        PyObject *gs = PySequence_GetItem(b, 2);
        PyObject *val = PySequence_GetItem(b, 0), *own = PySequence_GetItem(b, 1),
                 *cards = PySequence_GetItem(b, 3);
        int bad = !gs || !val || !own || !cards;
        if (!bad) {
            k->value = (int)PyLong_AsLong(val); k->owner = (int)PyLong_AsLong(own);
            bad = read_u64(cards, &k->cards) < 0 || PyErr_Occurred();
        }
        Py_ssize_t ng = bad ? 0 : PySequence_Size(gs);
        if (!bad && ng > MAXG) { Py_XDECREF(gs); Py_XDECREF(val); Py_XDECREF(own); Py_XDECREF(cards); Py_DECREF(fast); return 1; }
        k->ng = (int)ng;
        for (Py_ssize_t g = 0; g < ng && !bad; g++) {
            PyObject *x = PySequence_GetItem(gs, g);
            bad = !x || read_u64(x, &k->groups[g]) < 0;
            Py_XDECREF(x);
        }
        Py_XDECREF(gs); Py_XDECREF(val); Py_XDECREF(own); Py_XDECREF(cards);
        if (bad) { Py_DECREF(fast); return -1; }
        B->n++;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *build_builds(const KBuilds *B) {
    PyObject *out = PyTuple_New(B->n);
    if (!out) return NULL;
    for (int i = 0; i < B->n; i++) {
        const KBuild *k = &B->b[i];
        PyObject *gs = PyTuple_New(k->ng);
        if (!gs) { Py_DECREF(out); return NULL; }
        for (int g = 0; g < k->ng; g++) PyTuple_SET_ITEM(gs, g, PyLong_FromUnsignedLongLong(k->groups[g]));
        PyObject *b = ((PyTypeObject *)BuildType)->tp_alloc((PyTypeObject *)BuildType, 4);
        if (!b) { Py_DECREF(gs); Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(b, 0, PyLong_FromLong(k->value));
        PyTuple_SET_ITEM(b, 1, PyLong_FromLong(k->owner));
        PyTuple_SET_ITEM(b, 2, gs);
        PyTuple_SET_ITEM(b, 3, PyLong_FromUnsignedLongLong(k->cards));
        PyTuple_SET_ITEM(out, i, b);
    }
    return out;
}

static int read_move(PyObject *m, KMove *k) {
    if (!PyTuple_Check(m) || PyTuple_GET_SIZE(m) != 4) {
        PyErr_SetString(PyExc_TypeError, "a move is a 4-tuple");
        return -1;
    }
    PyObject *type = PyTuple_GET_ITEM(m, 0);
    if (PyUnicode_CompareWithASCIIString(type, "trail") == 0) k->type = TRAIL;
    else if (PyUnicode_CompareWithASCIIString(type, "capture") == 0) k->type = CAPTURE;
    else if (PyUnicode_CompareWithASCIIString(type, "build") == 0) k->type = BUILD;
    else { PyErr_SetString(PyExc_ValueError, "the kernel plays trails, captures and builds"); return -1; }
    long card = PyLong_AsLong(PyTuple_GET_ITEM(m, 1));
    long value = PyLong_AsLong(PyTuple_GET_ITEM(m, 3));
    if (PyErr_Occurred()) return -1;
    if (card < 0 || card > 51 || value < 0 || value >= MAXV) {
        PyErr_SetString(PyExc_ValueError, "card or value out of range");
        return -1;
    }
    k->card = (uint8_t)card; k->value = (uint8_t)value;
    return read_u64(PyTuple_GET_ITEM(m, 2), &k->targets);
}

static PyObject *make_move(const KMove *k) {
    PyObject *m = ((PyTypeObject *)MoveType)->tp_alloc((PyTypeObject *)MoveType, 4);
    if (!m) return NULL;
    PyObject *type = k->type == TRAIL ? S_TRAIL : k->type == CAPTURE ? S_CAPTURE : S_BUILD;
    Py_INCREF(type);
    PyTuple_SET_ITEM(m, 0, type);
    PyTuple_SET_ITEM(m, 1, PyLong_FromLong(k->card));
    PyTuple_SET_ITEM(m, 2, PyLong_FromUnsignedLongLong(k->targets));
    PyTuple_SET_ITEM(m, 3, PyLong_FromLong(k->value));
    return m;
}

/* ------------------------------------------------------------------------------------ */
/* The Rules type: built once per engine Rules by solver/cassino/kernel.py.              */

static int read_int_tuple(PyObject *o, int *out, int n) {
    PyObject *f = PySequence_Fast(o, "expected a sequence");
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != n) { Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "wrong length"); return -1; }
    for (int i = 0; i < n; i++) out[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(f, i));
    Py_DECREF(f);
    return PyErr_Occurred() ? -1 : 0;
}

static int Rules_init(RulesObject *self, PyObject *args, PyObject *kw) {
    PyObject *values, *most, *each, *points;
    KRules *R = &self->r;
    memset(R, 0, sizeof *R);
    (void)kw;
    if (!PyArg_ParseTuple(args, "OiiiiiOOO", &values, &R->max_build, &R->court_captures_all,
                          &R->pairing_takes_all, &R->sweep_points, &R->hand_size, &most, &each,
                          &points))
        return -1;
    if (read_int_tuple(values, R->values, 52) < 0 || read_int_tuple(points, R->points, 52) < 0)
        return -1;
    R->max_value = 0;
    for (int c = 0; c < 52; c++) {
        if (R->values[c] < 0 || R->values[c] >= MAXV) { PyErr_SetString(PyExc_ValueError, "card value out of range"); return -1; }
        if (R->values[c]) R->numerals |= (u64)1 << c;
        if (R->values[c] > R->max_value) R->max_value = R->values[c];
        if (R->points[c]) R->point_cards |= (u64)1 << c;
    }
    if (R->max_build < 1 || R->max_build >= MAXV) { PyErr_SetString(PyExc_ValueError, "max_build out of range"); return -1; }
    R->top = R->max_value > R->max_build ? R->max_value : R->max_build;
    for (int v = 0; v <= R->top; v++)
        for (int c = 0; c < 52; c++) if (R->values[c] > 0 && R->values[c] <= v) R->upto[v] |= (u64)1 << c;
    PyObject *f = PySequence_Fast(most, "most");
    if (!f) return -1;
    R->nmost = (int)PySequence_Fast_GET_SIZE(f);
    if (R->nmost > 8) { Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "too many categories"); return -1; }
    for (int i = 0; i < R->nmost; i++) {
        unsigned long long mask; int size, pts;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(f, i), "Kii", &mask, &size, &pts)) { Py_DECREF(f); return -1; }
        R->most_mask[i] = mask; R->most_size[i] = size; R->most_points[i] = pts;
    }
    Py_DECREF(f);
    f = PySequence_Fast(each, "each");
    if (!f) return -1;
    R->neach = (int)PySequence_Fast_GET_SIZE(f);
    if (R->neach > 16) { Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "too many categories"); return -1; }
    for (int i = 0; i < R->neach; i++) {
        unsigned long long mask; int pts;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(f, i), "Ki", &mask, &pts)) { Py_DECREF(f); return -1; }
        R->each_mask[i] = mask; R->each_points[i] = pts;
    }
    Py_DECREF(f);
    return 0;
}

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.cassino._kernel.Rules",
    .tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rules_init,
    .tp_doc = "Rules(values, max_build, court_captures_all, pairing_takes_all, sweep_points, "
              "hand_size, most, each, points): a variant's options as the kernel reads them",
};

/* legal_moves(rules, hand, loose, builds, player) -> list[Move] | None */
static PyObject *py_legal_moves(PyObject *mod, PyObject *args) {
    RulesObject *r; unsigned long long hand, loose; PyObject *builds; int player;
    (void)mod;
    if (!PyArg_ParseTuple(args, "O!KKOi", &RulesType, &r, &hand, &loose, &builds, &player)) return NULL;
    KBuilds B;
    int rc = read_builds(builds, &B);
    if (rc < 0) return NULL;
    if (rc > 0) Py_RETURN_NONE;
    MoveList l; ml_init(&l);
    overflow = 0;
    gen_moves(&r->r, hand, loose, &B, player, &l);
    if (overflow) { ml_free(&l); overflow = 0; Py_RETURN_NONE; }
    PyObject *out = PyList_New(l.n);
    for (int i = 0; out && i < l.n; i++) {
        PyObject *m = make_move(&l.m[i]);
        if (!m) { Py_CLEAR(out); break; }
        PyList_SET_ITEM(out, i, m);
    }
    ml_free(&l);
    return out;
}

/* play_card(rules, loose, builds, player, move) -> (loose, builds, taken, kind) | None */
static PyObject *py_play_card(PyObject *mod, PyObject *args) {
    RulesObject *r; unsigned long long loose; PyObject *builds, *move; int player;
    static const char *kinds[] = {NULL, "create", "extend", "raise"};
    (void)mod;
    if (!PyArg_ParseTuple(args, "O!KOiO", &RulesType, &r, &loose, &builds, &player, &move)) return NULL;
    KBuilds B, NB; KMove mv; int kind;
    int rc = read_builds(builds, &B);
    if (rc < 0) return NULL;
    if (rc > 0) Py_RETURN_NONE;
    if (read_move(move, &mv) < 0) return NULL;
    overflow = 0;
    u64 l = loose;
    u64 taken = play_card(&r->r, &l, &B, &NB, player, &mv, &kind);
    if (overflow) { overflow = 0; Py_RETURN_NONE; }
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
} SearchObject;

static int builds_sig(const KBuilds *B, u64 *sig) {
    int n = 0;
    for (int i = 0; i < B->n; i++) {
        const KBuild *b = &B->b[i];
        sig[n++] = (u64)b->value | (u64)b->owner << 8 | (u64)b->ng << 16;
        sig[n++] = b->cards;
        for (int g = 0; g < b->ng; g++) sig[n++] = b->groups[g];
    }
    return n;
}

static inline u64 mix(u64 h, u64 x) {
    h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 31);
}

static u64 sig_hash(const u64 *sig, int n) {
    u64 h = 0x12345;
    for (int i = 0; i < n; i++) h = mix(h, sig[i]);
    return h;
}

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

static int move_order(const KMove *m) { /* search._order */
    if (m->type == CAPTURE) return -2 * popc(m->targets);
    if (m->type == TRAIL) return 64 + m->card;
    return 0;
}

static int same_move(const KMove *a, const KMove *b) {
    return a->type == b->type && a->card == b->card && a->targets == b->targets && a->value == b->value;
}


/* kids.sort(key=_order) (stable), then the table's best move first */
static void order_kids(MoveList *kids, const KMove *first) {
    if (kids->n <= 1) return;
    for (int i = 1; i < kids->n; i++) {
        KMove x = kids->m[i]; int kx = move_order(&x), j = i;
        while (j > 0 && move_order(&kids->m[j - 1]) > kx) { kids->m[j] = kids->m[j - 1]; j--; }
        kids->m[j] = x;
    }
    if (first && !same_move(&kids->m[0], first)) {
        int at = -1;
        for (int i = 0; i < kids->n; i++) if (same_move(&kids->m[i], first)) { at = i; break; }
        if (at > 0) {
            KMove f = kids->m[at];
            for (int i = at; i > 0; i--) kids->m[i] = kids->m[i - 1];
            kids->m[0] = f;
        }
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
    KMove first; int has_first = 0;
    if (e->used == s->gen) {
        double lo = e->lo, hi = e->hi;
        first = e->best; has_first = e->has_best;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    MoveList kids; ml_init(&kids);
    gen_moves(R, mine, loose, B, me, &kids);
    if (overflow) { ml_free(&kids); return 0.0; }
    order_kids(&kids, has_first ? &first : NULL);
    int final = s->final, sweep = R->sweep_points, other = 1 - me;
    double alpha0 = alpha, best = -INFINITY;
    KMove best_kid; int has_best = 0;
    KBuilds NB;
    for (int i = 0; i < kids.n; i++) {
        const KMove *kid = &kids.m[i];
        u64 nl = loose; int kind;
        u64 taken = play_card(R, &nl, B, &NB, me, kid, &kind);
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
    u64 taken = play_card(R, &nl, B, &NB, me, m, &kind);
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
    KMove first; int has_first = 0;
    if (e->used == s->gen) {
        double lo = e->lo, hi = e->hi;
        first = e->best; has_first = e->has_best;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    MoveList kids; ml_init(&kids);
    gen_moves(R, mine, loose, B, me, &kids);
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
        u64 taken = play_card(R, &nl, &p.B, &NB, p.me, m, &kind);
        if (overflow) break;
        u64 mine = p.mine & ~((u64)1 << m->card), pm = p.pm;
        long sd = p.sd; int last = p.last;
        if (taken) {
            pm |= taken;
            if (!nl && !NB.n) sd += R->sweep_points; /* R13 */
            if (s->final) last = p.me;
        }
        if (!p.theirs) vals[i] = leaf(s, p.me, nl, &NB, pm, p.pt, sd, last);
        else vals[i] = -search(s, 1 - p.me, p.theirs, mine, nl, &NB, p.pt, pm, -sd, last,
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
    else v = search(s, p.me, p.mine, p.theirs, p.loose, &p.B, p.pm, p.pt, p.sd, p.last,
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
            gen_moves(R, hands[me], loose, &B, me, &l);
            if (overflow || !l.n) break;
            KMove mv = l.m[splitmix(&rng) % (u64)l.n];
            int kind;
            KBuilds NB;
            u64 taken = play_card(R, &loose, &B, &NB, me, &mv, &kind);
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
    gen_moves(R, hands[me], loose, B, me, &l);
    long long total = 0;
    if (depth == 1) total = l.n;
    else for (int i = 0; i < l.n && !overflow; i++) {
        u64 nl = loose; int kind; KBuilds NB;
        play_card(R, &nl, B, &NB, me, &l.m[i], &kind);
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
/* A hint's worlds in one call (issue 15): solver/core.py solve's loop over worlds for a  */
/* two-seat view (solver/cassino/worlds.py Worlds), with each world drawn as the         */
/* reference draws it, searched, and the stopping rule checked between worlds, natively.  */
/*                                                                                        */
/*   world_rng(seed, i) .. random.Random("cassino-solver/<seed>/<i>"): CPython's seeding   */
/*                         (random.py seed, _randommodule.c init_by_array) and MT19937    */
/*   HandSampler.draw .... engine/cassino/worlds.py, two seats (R23): randrange, sample     */
/*   stock_order ......... engine/cassino/worlds.py (W8): shuffle                            */
/*   stopping rule ....... solver/core.py solve, solver/ranking.py separated                 */
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
        else v = search(s, p->me, p->mine, p->theirs, p->loose, &p->B, p->pm, p->pt, p->sd,
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
        u64 taken = play_card(R, &nl, &p->B, &NB, p->me, m, &kind);
        if (overflow) break;
        u64 mine = p->mine & ~((u64)1 << m->card), pm = p->pm;
        long sd = p->sd; int last = p->last;
        if (taken) {
            pm |= taken;
            if (!nl && !NB.n) sd += R->sweep_points; /* R13 */
            if (s->final) last = p->me;
        }
        if (!p->theirs) vals[i] = leaf(s, p->me, nl, &NB, pm, p->pt, sd, last);
        else vals[i] = -search(s, 1 - p->me, p->theirs, mine, nl, &NB, p->pt, pm, -sd, last,
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
 * solver/core.py solve over worlds start .. stop-1 of a two-seat view (the caller has
 * already taken `stop` down to 1 when one world says everything): world i from
 * random.Random(prefix + str(i)), its values, the tally's rows in world order, and the
 * stopping rule when `early` (a negative budget or time_ms: none).  None: a world the
 * kernel cannot hold (the caller then runs the reference loop from the start). */
static PyObject *py_solve_worlds(PyObject *mod, PyObject *args) {
    RulesObject *r; const char *prefix; Py_ssize_t plen, start, stop, min_samples;
    int early, dealer, stock_empty, drawing, plies;
    PyObject *pos, *sampler, *moves, *won, *progress;
    long long budget; double time_ms, began, z, tol;
    (void)mod;
    if (!PyArg_ParseTuple(args, "O!y#nnpiOppiOOOLddnddO", &RulesType, &r, &prefix, &plen,
                          &start, &stop, &early, &dealer, &pos, &stock_empty, &drawing, &plies,
                          &sampler, &moves, &won, &budget, &time_ms, &began, &min_samples,
                          &z, &tol, &progress))
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

/* setup(Move, Build): the engine's value types, so that results are the engine's own */
static PyObject *py_setup(PyObject *mod, PyObject *args) {
    PyObject *m, *b;
    (void)mod;
    if (!PyArg_ParseTuple(args, "O!O!", &PyType_Type, &m, &PyType_Type, &b)) return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)m, &PyTuple_Type) ||
        !PyType_IsSubtype((PyTypeObject *)b, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "Move and Build are tuple types");
        return NULL;
    }
    Py_INCREF(m); Py_XSETREF(MoveType, m);
    Py_INCREF(b); Py_XSETREF(BuildType, b);
    Py_RETURN_NONE;
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
     "plies, sampler, moves, won, budget, time_ms, began, min_samples, z, tolerance, progress) "
     "-> (rows, nodes) | None (solver.core.solve's loop over a two-seat view's worlds)"},
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
    S_TRAIL = PyUnicode_InternFromString("trail");
    S_CAPTURE = PyUnicode_InternFromString("capture");
    S_BUILD = PyUnicode_InternFromString("build");
    Py_INCREF(&RulesType);
    PyModule_AddObject(m, "Rules", (PyObject *)&RulesType);
    Py_INCREF(&SearchType);
    PyModule_AddObject(m, "Search", (PyObject *)&SearchType);
    return m;
}
