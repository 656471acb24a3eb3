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
 * The sums, play_card and the conversions are those of solver/cassino/_kernel.c (the
 * two-seat kernel), copied so that the two extensions build and change apart; move
 * generation adds the partner builds of V6.3.  The search is exact: the values of the root
 * moves are the minimax values of the reference's search at full depth, whatever the order
 * of the moves (every root move is searched with the full window).  It counts its nodes as
 * the reference does (each position searched, each round end) and gives up, answering None,
 * once a given limit is passed: the caller then runs the depth-limited reference.
 *
 * Cards are 0..51 (rank * 4 + suit), card sets 64-bit masks, as in engine/cards.py.  A
 * position that does not fit the fixed arrays (MAXB builds, MAXG groups in one build) or
 * whose unions overflow MAX_UNIONS (D16) also answers None.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define MAXB 12         /* builds on the table */
#define MAXG 16         /* groups in one build */
#define MAXV 32         /* card and build values are below 32 (sums.py) */
#define MAX_UNIONS 30000 /* D16 (sums.py MAX_UNIONS) */
#define FULL_DECK ((((u64)1) << 52) - 1)

enum { TRAIL = 0, CAPTURE = 1, BUILD = 2 };

static int overflow; /* set when a position does not fit: the call returns None */

/* ------------------------------------------------------------------------------------ */
/* Rules (engine/cassino/rules.py), the seats and sides (game.py), the point scheme       */
/* (evaluation.py Weights).                                                               */

#define MAXS 4          /* seats (V6: 4) */

typedef struct {
    int values[52];     /* numeral value of each card, 0 for none (R1) */
    u64 numerals;
    int max_value, max_build, top;
    u64 upto[MAXV];     /* upto[v]: numerals worth at most v */
    int court_captures_all, pairing_takes_all; /* V1.1 */
    int sweep_points;
    int nmost; u64 most_mask[8]; int most_points[8]; /* R26 majorities */
    int neach; u64 each_mask[16]; int each_points[16];                /* R26 cards */
    int players, partnerships, sides;
    int side_of[MAXS];  /* game.side_of: V6.1 partners opposite, V7.1 each alone */
    int partner[MAXS];  /* game.partner: -1 alone */
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
/* Legal moves (movegen.legal_moves, R9-R22; V6.3): grouped by card ascending; captures,  */
/* builds by value, then the trail.                                                       */

static void takes_of(const KRules *R, u64 loose, const KBuilds *B, int v, UList *out) {
    u64 sets[MAXB]; int ns = 0;
    for (int i = 0; i < B->n; i++) if (B->b[i].value == v) sets[ns++] = B->b[i].cards;
    ul_init(out);
    unions_of(R, loose, v, out);
    with_builds(out, sets, ns);
}

static void gen_moves(const KRules *R, u64 hand, u64 loose, const KBuilds *B, int player,
                      MoveList *out) {
    int held[MAXV] = {0};
    const int *values = R->values;
    for (u64 m = hand & R->numerals; m; m &= m - 1) held[values[lowbit(m)]]++;
    int owns = 0;
    for (int i = 0; i < B->n; i++) if (B->b[i].owner == player) owns = 1;
    /* V6.3: the partner's builds by value; a value he has built may be built on without
     * holding it, provided the move takes in one of those builds (V6.6, V6.7) */
    int mate = R->partnerships ? R->partner[player] : -1, mates = 0;
    int nmate[MAXV] = {0};
    u64 mate_sets[MAXV][MAXB];
    if (mate >= 0)
        for (int i = 0; i < B->n; i++)
            if (B->b[i].owner == mate) {
                int v = B->b[i].value;
                mate_sets[v][nmate[v]++] = B->b[i].cards;
                mates = 1;
            }
    UList takes[MAXV];
    int have[MAXV] = {0};
    UList starts, found;
    ul_init(&starts); ul_init(&found);

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
            if (!have[cv]) { takes_of(R, loose, B, cv, &takes[cv]); have[cv] = 1; }
            u64 pairs = R->pairing_takes_all ? loose & ((u64)0xF << (card & ~3)) : 0;
            UList *tk = &takes[cv];
            for (int i = 0; i < tk->n; i++) { /* R11: every union of loose groups and builds */
                u64 t = tk->a[i];
                if ((t & must) == must) {
                    if (pairs && (t & pairs) != 0 && (t & pairs) != pairs) continue;
                    ml_push(out, CAPTURE, card, t, 0);
                }
            }
            /* R14-R16: builds of value v held (R17), or built by the partner (V6.3) */
            for (int v = 1; v <= R->max_build; v++) {
                if (!held[v] && !nmate[v]) continue;
                if (v < cv) continue;
                const u64 *need = NULL; int nneed = 0;
                if ((v == cv && held[v] == 1) || (mates && !held[v])) {
                    /* R14: a numeral of v stays in hand, or V6.6: the partner's build of v */
                    if (!nmate[v]) continue;
                    need = mate_sets[v]; nneed = nmate[v];
                }
                if (v != cv) {
                    groups_of(R, loose, v - cv, &starts); /* create, extend */
                    for (int i = 0; i < B->n; i++) /* R14b: or one single build to raise */
                        if (B->b[i].value == v - cv && B->b[i].ng == 1) ul_push(&starts, B->b[i].cards);
                    if (!starts.n) continue;
                }
                if (!have[v]) { takes_of(R, loose, B, v, &takes[v]); have[v] = 1; }
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
                for (int i = 0; i < fl->n; i++) {
                    u64 t = fl->a[i];
                    if ((t & must) != must) continue;
                    if (need) { /* V6.7: the move takes in one of the partner's builds of v */
                        int uses = 0;
                        for (int k = 0; k < nneed && !uses; k++) uses = (t & need[k]) == need[k];
                        if (!uses) continue;
                    }
                    ml_push(out, BUILD, card, t, v);
                }
            }
        }
        if (!owns) ml_push(out, TRAIL, card, 0, 0); /* R9, R21 */
    }
    for (int v = 0; v < MAXV; v++) if (have[v]) ul_free(&takes[v]);
    ul_free(&starts); ul_free(&found);
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
    int raised = -1, owner = player;
    int mate = R->partnerships ? R->partner[player] : -1;
    for (int i = 0; i < B->n; i++) {
        const KBuild *b = &B->b[i];
        if (!(b->cards & t)) continue;
        if (b->value != v) { if (raised < 0) raised = i; }
        else {
            for (int g = 0; g < b->ng; g++) groups[ng++] = b->groups[g];
            if (mate >= 0 && b->owner == mate) owner = mate; /* V6.7: it stays the partner's */
        }
    }
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
    made.value = v; made.owner = owner; made.ng = ng; made.cards = 0;
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
/* The Rules type: built once per engine Rules by solver/cassino/exact.py.               */


static int read_int_tuple(PyObject *o, int *out, int n) {
    PyObject *f = PySequence_Fast(o, "expected a sequence");
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != n) { Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "wrong length"); return -1; }
    for (int i = 0; i < n; i++) out[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(f, i));
    Py_DECREF(f);
    return PyErr_Occurred() ? -1 : 0;
}

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
    if (read_int_tuple(values, R->values, 52) < 0 || read_int_tuple(side_of, R->side_of, R->players) < 0 ||
        read_int_tuple(partner, R->partner, R->players) < 0)
        return -1;
    R->sides = 0;
    for (int s = 0; s < R->players; s++) {
        if (R->side_of[s] < 0 || R->side_of[s] >= MAXS) { PyErr_SetString(PyExc_ValueError, "side out of range"); return -1; }
        if (R->side_of[s] + 1 > R->sides) R->sides = R->side_of[s] + 1;
    }
    if (R->sides < 2) { PyErr_SetString(PyExc_ValueError, "two sides or more"); return -1; }
    R->max_value = 0;
    for (int c = 0; c < 52; c++) {
        if (R->values[c] < 0 || R->values[c] >= MAXV) { PyErr_SetString(PyExc_ValueError, "card value out of range"); return -1; }
        if (R->values[c]) R->numerals |= (u64)1 << c;
        if (R->values[c] > R->max_value) R->max_value = R->values[c];
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
        R->most_mask[i] = mask; R->most_points[i] = pts;
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
    .tp_name = "solver.cassino._seats.Rules",
    .tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rules_init,
    .tp_doc = "Rules(values, max_build, court_captures_all, pairing_takes_all, sweep_points, "
              "most, each, players, partnerships, side_of, partner): an N-seat variant",
};

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

static int move_order(const KMove *m) { /* seats.order */
    if (m->type == CAPTURE) return -2 * popc(m->targets);
    if (m->type == TRAIL) return 64 + m->card;
    return 0;
}

static int same_move(const KMove *a, const KMove *b) {
    return a->type == b->type && a->card == b->card && a->targets == b->targets && a->value == b->value;
}

/* kids.sort(key=order) (stable), then the table's best move first */
static void order_kids(MoveList *kids, const KMove *first) {
    if (kids->n <= 1) return;
    for (int i = 1; i < kids->n; i++) {
        KMove k = kids->m[i]; int kk = move_order(&k), j = i;
        while (j > 0 && move_order(&kids->m[j - 1]) > kk) { kids->m[j] = kids->m[j - 1]; j--; }
        kids->m[j] = k;
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
    u64 taken = play_card(R, &q.loose, &p->B, &q.B, me, mv, &kind);
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
    gen_moves(R, p->hands[me], p->loose, &p->B, me, &kids);
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

/* legal_moves(rules, hand, loose, builds, player) -> list[Move] | None */
static PyObject *py_legal_moves(PyObject *mod, PyObject *args) {
    RulesObject *r; unsigned long long hand, loose; PyObject *builds; int player;
    (void)mod;
    if (!PyArg_ParseTuple(args, "O!KKOi", &RulesType, &r, &hand, &loose, &builds, &player)) return NULL;
    if (player < 0 || player >= r->r.players) { PyErr_SetString(PyExc_ValueError, "seat out of range"); return NULL; }
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

/* play_card(rules, loose, builds, player, move) -> (loose, builds, taken) | None */
static PyObject *py_play_card(PyObject *mod, PyObject *args) {
    RulesObject *r; unsigned long long loose; PyObject *builds, *move; int player;
    (void)mod;
    if (!PyArg_ParseTuple(args, "O!KOiO", &RulesType, &r, &loose, &builds, &player, &move)) return NULL;
    if (player < 0 || player >= r->r.players) { PyErr_SetString(PyExc_ValueError, "seat out of range"); return NULL; }
    KBuilds B, NB; KMove mv; int kind;
    int rc = read_builds(builds, &B);
    if (rc < 0) return NULL;
    if (rc > 0) Py_RETURN_NONE;
    if (read_move(move, &mv) < 0) return NULL;
    overflow = 0;
    u64 l = loose;
    u64 taken = play_card(&r->r, &l, &B, &NB, player, &mv, &kind);
    if (overflow) { overflow = 0; Py_RETURN_NONE; }
    PyObject *nb = build_builds(&NB);
    if (!nb) return NULL;
    return Py_BuildValue("(KNK)", (unsigned long long)l, nb, (unsigned long long)taken);
}

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
    S_TRAIL = PyUnicode_InternFromString("trail");
    S_CAPTURE = PyUnicode_InternFromString("capture");
    S_BUILD = PyUnicode_InternFromString("build");
    Py_INCREF(&RulesType);
    PyModule_AddObject(m, "Rules", (PyObject *)&RulesType);
    return m;
}
