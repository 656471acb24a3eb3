/* What the two Cassino extensions share: the card types, move lists, subset sums, legal
 * moves, play_card, the conversions from and to the engine's Python values, the Rules
 * type's common part and the helpers of the searches' transposition tables.  Included by
 * solver/cassino/_kernel.c (two seats) and solver/cassino/_seats.c (N seats: three-hand,
 * partnership); everything here is static: one copy in each extension.
 *
 * Each function mirrors a Python reference, which stays the readable definition:
 *
 *   subset sums ........ engine/cassino/sums.py    (R7, R11, R14)  -> groups_of, unions_of
 *   legal moves ........ engine/cassino/movegen.py (R9-R22; V1.1; V6.3 partner builds,
 *                        V6.6, V6.7)                               -> gen_moves
 *   build groups ....... engine/cassino/sums.py split_into_groups (R15) -> split_groups
 *   play_card .......... engine/cassino/table.py   (R9-R16; V6.7 the partner keeps his
 *                        build)                                    -> play_card
 *
 * Where partnership extends the two-seat rules (a partner's builds, V6.3), the function
 * takes the partner's seat, -1 for none: two seats and three-hand pass -1 and play the
 * two-seat rules exactly (the kernel passes a constant, which the compiler folds).
 *
 * Cards are 0..51 (rank * 4 + suit), card sets 64-bit masks, as in engine/cards.py.  A
 * position that does not fit the fixed arrays (MAXB builds, MAXG groups in one build) or
 * with a family of moves past MAX_FAMILY (D16: the reference lists it in part,
 * engine/cassino/families.py) sets `overflow`: the call then returns None.
 *
 * Before including, define CASSINO_THREADED where calls run without the GIL (the kernel's
 * solve_worlds): `overflow` is then per thread; and CASSINO_PARTNERS where seats may have
 * partners (the N-seat extension): see mate_of.
 */
#ifndef CASSINO_H
#define CASSINO_H

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
#define MAX_FAMILY 5000 /* D16 (sums.py MAX_FAMILY): the moves of one family, listed */
#define FULL_DECK ((((u64)1) << 52) - 1)

enum { TRAIL = 0, CAPTURE = 1, BUILD = 2 };

/* set when a position does not fit: the call returns None */
#ifdef CASSINO_THREADED
static _Thread_local int overflow;
#else
static int overflow;
#endif

/* ------------------------------------------------------------------------------------ */
/* Rules (engine/cassino/rules.py), the point scheme (evaluation.py Weights), the seats   */
/* and sides (game.py).                                                                   */

#define MAXS 4          /* seats (V6: 4) */

typedef struct {
    int values[52];     /* numeral value of each card, 0 for none (R1; V3) */
    u64 numerals;
    int max_value, max_build, top;
    u64 upto[MAXV];     /* upto[v]: numerals worth at most v */
    int court_captures_all, pairing_takes_all; /* V1.1 */
    int sweep_points, hand_size;
    int nmost; u64 most_mask[8]; int most_size[8]; int most_points[8]; /* R26 majorities */
    int neach; u64 each_mask[16]; int each_points[16];                /* R26 cards */
    /* the two-seat kernel's */
    int points[52];     /* what each card that scores by itself is worth */
    u64 point_cards;
    /* the N-seat extension's */
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
 * past MAX_FAMILY (D16) exactly where the reference answers None. */
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
        if (u.n > MAX_FAMILY + 1) overflow = 1; /* D16 */
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

/* gen_moves' cache of the captures' target sets of value v (R11: unions of loose groups
 * and builds of v), filled once per value: a macro, so that it stays in gen_moves' body
 * (the kernel's playouts run some 3% slower with it as a function, even inlined) */
#define TAKES_OF(v) do {                                                                  \
        if (!have[v]) {                                                                   \
            u64 sets[MAXB]; int ns = 0;                                                   \
            for (int i = 0; i < B->n; i++) if (B->b[i].value == (v)) sets[ns++] = B->b[i].cards; \
            ul_init(&takes[v]);                                                           \
            unions_of(R, loose, (v), &takes[v]);                                          \
            if (ns && ((u64)(takes[v].n + 1) << ns) - 1 > MAX_FAMILY) overflow = 1; /* D16 */ \
            else with_builds(&takes[v], sets, ns);                                        \
            have[v] = 1;                                                                  \
        }                                                                                 \
    } while (0)

/* V6.7: the targets t take in one of the builds `which` (indexes in B) */
static int takes_any(const KBuilds *B, unsigned which, u64 t) {
    for (; which; which &= which - 1) {
        u64 c = B->b[__builtin_ctz(which)].cards;
        if ((t & c) == c) return 1;
    }
    return 0;
}

/* mate: the player's partner (V6.3), -1 for none (two seats, three-hand) */
static void gen_moves(const KRules *R, u64 hand, u64 loose, const KBuilds *B, int player,
                      int mate, MoveList *out) {
    int held[MAXV] = {0};
    const int *values = R->values;
    for (u64 m = hand & R->numerals; m; m &= m - 1) held[values[lowbit(m)]]++;
    int owns = 0;
    for (int i = 0; i < B->n; i++) if (B->b[i].owner == player) owns = 1;
    /* V6.3: the partner's builds by value; a value he has built may be built on without
     * holding it, provided the move takes in one of those builds (V6.6, V6.7).  Read only
     * when `mates`: without them the builds below are R14-R17's alone. */
    int mates = 0;
    uint16_t mate_builds[MAXV]; /* per value, the partner's builds as a set of indexes in B */
    if (mate >= 0) {
        memset(mate_builds, 0, sizeof mate_builds);
        for (int i = 0; i < B->n; i++)
            if (B->b[i].owner == mate) { mate_builds[B->b[i].value] |= (uint16_t)(1u << i); mates = 1; }
    }
    /* takes cache: per value, the captures' target sets (R11 with builds of that value) */
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
            TAKES_OF(cv);
            if (overflow) break; /* D16: a family the reference lists in part */
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
            /* R14-R16: builds of value v held (R17), or built by the partner (V6.3) */
            for (int v = 1; v <= R->max_build; v++) {
                unsigned need = 0; /* V6.7: the partner's builds of v, one of which to take in */
                if (!held[v] || v < cv || (v == cv && held[v] == 1)) { /* R14 retain (R17) */
                    /* V6.6: but a value the partner has built needs no numeral in hand */
                    if (!mates || !mate_builds[v] || v < cv) continue;
                    need = mate_builds[v];
                }
                if (v != cv) {
                    groups_of(R, loose, v - cv, &starts); /* create, extend */
                    for (int i = 0; i < B->n; i++) /* R14b: or one single build to raise */
                        if (B->b[i].value == v - cv && B->b[i].ng == 1) ul_push(&starts, B->b[i].cards);
                    if (!starts.n) continue;
                }
                TAKES_OF(v);
                UList *ex = &takes[v];
                UList *fl;
                if (overflow || (v != cv && (u64)starts.n * (u64)(ex->n + 1) > MAX_FAMILY)) {
                    overflow = 1; /* D16: a family the reference lists in part */
                    break;
                }
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
                    if ((fl->a[i] & must) == must && (!need || takes_any(B, need, fl->a[i])))
                        ml_push(out, BUILD, card, fl->a[i], v);
            }
        }
        if (!owns) ml_push(out, TRAIL, card, 0, 0); /* R9, R21 */
    }
    for (int v = 0; v < MAXV; v++) if (have[v]) ul_free(&takes[v]);
    ul_free(&starts); ul_free(&found);
}
#undef TAKES_OF
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
 * kind (builds): 1 create, 2 extend, 3 raise.  mate: the player's partner, -1 for none. */
static u64 play_card(const KRules *R, u64 *loose, const KBuilds *B, KBuilds *NB, int player,
                     int mate, const KMove *mv, int *kind) {
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
/* The Rules type: built once per engine Rules by solver/cassino/kernel.py, exact.py.     */

static int read_int_tuple(PyObject *o, int *out, int n) {
    PyObject *f = PySequence_Fast(o, "expected a sequence");
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != n) { Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "wrong length"); return -1; }
    for (int i = 0; i < n; i++) out[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(f, i));
    Py_DECREF(f);
    return PyErr_Occurred() ? -1 : 0;
}

/* The Rules type's common part (rules.py, evaluation.py Weights): the card values, the
 * largest build, the majorities and the cards that score (R26).  Each extension's
 * Rules(...) parses its own arguments (max_build among them) and calls this. */
static int rules_fill(KRules *R, PyObject *values, PyObject *most, PyObject *each) {
    if (read_int_tuple(values, R->values, 52) < 0) return -1;
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

/* ------------------------------------------------------------------------------------ */
/* The module functions both extensions offer.                                          */

static PyTypeObject RulesType; /* each extension's own Rules, defined after this header */

/* that definition: the type's name, its Rules_init and docstring */
#define RULES_TYPE(NAME, DOC)                                                             \
    static PyTypeObject RulesType = {                                                     \
        PyVarObject_HEAD_INIT(NULL, 0)                                                    \
        .tp_name = NAME,                                                                  \
        .tp_basicsize = sizeof(RulesObject),                                              \
        .tp_flags = Py_TPFLAGS_DEFAULT,                                                   \
        .tp_new = PyType_GenericNew,                                                      \
        .tp_init = (initproc)Rules_init,                                                  \
        .tp_doc = DOC,                                                                    \
    }

/* the player's partner in partnership (V6.1), -1 alone (V7.1 three-hand): what gen_moves
 * and play_card extend the two-seat rules by.  Without CASSINO_PARTNERS (the two-seat
 * kernel) a constant -1, so that the compiler drops V6.3's code from them. */
static inline int mate_of(const KRules *R, int player) {
#ifdef CASSINO_PARTNERS
    return R->partnerships ? R->partner[player] : -1;
#else
    (void)R; (void)player;
    return -1;
#endif
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
    gen_moves(&r->r, hand, loose, &B, player, mate_of(&r->r, player), &l);
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

/* play_card(rules, loose, builds, player, move)'s arguments read and the move played: 0
 * with the table after it (*loose, *NB), the cards taken and the build's kind; 1 when the
 * position does not fit (the call answers None); -1 on an error */
static int play_card_call(PyObject *args, PyObject **builds, u64 *loose, KBuilds *NB, KMove *mv,
                          u64 *taken, int *kind) {
    RulesObject *r; unsigned long long l; PyObject *move; int player;
    if (!PyArg_ParseTuple(args, "O!KOiO", &RulesType, &r, &l, builds, &player, &move)) return -1;
    if (player < 0 || player >= r->r.players) { PyErr_SetString(PyExc_ValueError, "seat out of range"); return -1; }
    KBuilds B;
    int rc = read_builds(*builds, &B);
    if (rc != 0) return rc;
    if (read_move(move, mv) < 0) return -1;
    overflow = 0;
    *loose = l;
    *taken = play_card(&r->r, loose, &B, NB, player, mate_of(&r->r, player), mv, kind);
    if (overflow) { overflow = 0; return 1; }
    return 0;
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

/* at module import: the move types' names, interned */
static int intern_move_types(void) {
    S_TRAIL = PyUnicode_InternFromString("trail");
    S_CAPTURE = PyUnicode_InternFromString("capture");
    S_BUILD = PyUnicode_InternFromString("build");
    return S_TRAIL && S_CAPTURE && S_BUILD ? 0 : -1;
}

/* ------------------------------------------------------------------------------------ */
/* The searches' helpers: the builds' key in a transposition table, the move order      */
/* (search._order, seats.order: big captures first, builds, trails by card) and the      */
/* table's best move first.                                                             */

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

static int move_order(const KMove *m) {
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

#endif /* CASSINO_H */
