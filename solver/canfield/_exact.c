/* Canfield's exact search of an open deal (docs/solver.md "Canfield"; solver/canfield/exact.py
 * is its pure-Python fallback, a plainer search with the same answers).  A depth-first search
 * with a table of the positions seen: a position is keyed without its talon pointer and its
 * pass's use (the layout's columns as a multiset), and the entry keeps, for each residue of
 * the pointer modulo three and each use, the lowest pointer seen; a position is skipped when
 * a position seen can reach every talon card it can (the talon cards a run of turns shows
 * are all a position's children depend on).  The line of a win is kept. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define IDLE_LIMIT 8
#define TURN 3
#define MAXCOL 52
#define MAXSEQ 52
#define MAXDEPTH 65536
#define NOP 0xFF
#ifndef SAFE1
#define SAFE1 1
#endif


typedef struct { uint8_t src, q, card, dst; } Mv; /* src 0-3 a column, 4 the stock, 5 the talon
                                                      (q: its waste size); dst 0-3, 4 up */

typedef struct {
    uint8_t found[4];
    uint8_t sp, n, p, used, idle;
    uint8_t clen[4];
    uint16_t depth;
    Mv mv;
    uint64_t seqmask;
    uint64_t cx[4]; /* each column's hash: its cards at their heights, XORed */
    uint8_t cols[4][MAXCOL];
    uint8_t seq[MAXSEQ];
} Pos;

typedef struct {
    uint64_t key;
    uint8_t minp[2][3]; /* [used][p % 3]: the lowest pointer seen, NOP none */
    uint8_t pad[2];
} Entry;

typedef struct {
    int base, piles, stock_len, target, best; /* best: the most cards up seen so far */
    uint8_t stock[52];
    Entry *table;
    size_t mask, filled, cap, maxcap;
    int full;
} Search;

static uint64_t SM[MAXSEQ + 1][MAXSEQ + 1][2]; /* the talon positions reachable: [n][p][used] */
static uint64_t ZC[53][52];                    /* a card at a height in a column */

#ifdef STATS
static long long H_found[53], H_sp[53], H_n[53], H_idle[10], H_tall[53];
static void dump(const char *name, long long *h, int n) {
    fprintf(stderr, "%s:", name);
    for (int i = 0; i < n; i++) if (h[i]) fprintf(stderr, " %d:%lld", i, h[i]);
    fprintf(stderr, "\n");
    memset(h, 0, sizeof(long long) * (size_t)n);
}
#endif
static uint64_t mix64(uint64_t x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static uint64_t HM[52]; /* the two hosts of each card (CF8, CFD6) */
static int rank_of(int c);
static int red(int c);

static void init_tables(void) {
    for (int n = 0; n <= MAXSEQ; n++)
        for (int p = 0; p <= n; p++)
            for (int u = 0; u < 2; u++) {
                uint64_t m = 0;
                int x = p;
                if (x) m |= 1ULL << x;
                while (x < n) { x = x + TURN < n ? x + TURN : n; m |= 1ULL << x; }
                if (u) { x = 0; while (x < n) { x = x + TURN < n ? x + TURN : n; m |= 1ULL << x; } }
                SM[n][p][u] = m;
            }
    for (int c = 0; c < 52; c++) {
        int hn = rank_of(c) % 13; /* the hosts' rank, less one */
        HM[c] = red(c) ? (1ULL << (hn * 4) | 1ULL << (hn * 4 + 3))    /* the black */
                       : (1ULL << (hn * 4 + 1) | 1ULL << (hn * 4 + 2)); /* the red */
    }
    uint64_t z = 0x243F6A8885A308D3ULL;
    for (int h = 0; h < 53; h++)
        for (int c = 0; c < 52; c++) { z = mix64(z + 0x9E3779B97F4A7C15ULL); ZC[h][c] = z; }
}

static int rank_of(int c) { return (c >> 2) + 1; }
static int suit_of(int c) { return c & 3; }
static int red(int c) { int s = c & 3; return s == 1 || s == 2; }
static int builds_on(int card, int onto) {
    return red(card) != red(onto) && rank_of(card) % 13 + 1 == rank_of(onto);
}
static int need(const Search *s, const Pos *q, int suit) {
    int n = q->found[suit];
    return n == 13 ? 0 : (s->base - 1 + n) % 13 + 1;
}
static int goes_up(const Search *s, const Pos *q, int card) {
    return need(s, q, suit_of(card)) == rank_of(card);
}
static int safe(const Search *s, const Pos *q, int card) {
    int low = (rank_of(card) - 2 + 13) % 13 + 1;
    if (low == s->base - 1 || (s->base == 1 && low == 13)) return 0;
    int a, b;
    if (red(card)) { a = 0; b = 3; } else { a = 1; b = 2; }
    int idx = ((low - s->base) % 13 + 13) % 13;
    if (q->found[a] == 0 || idx >= q->found[a]) return 0;
    if (q->found[b] == 0 || idx >= q->found[b]) return 0;
    return 1;
}

/* the key of q's position without its pointer and its use; the columns as a multiset */
static uint64_t key_base(const Pos *q) {
    uint64_t hs[4];
    for (int i = 0; i < 4; i++) {
        uint64_t h = (uint64_t)q->clen[i] * 0x9E3779B97F4A7C15ULL ^ q->cx[i];
        hs[i] = mix64(h + 0x632BE59BD9B4E019ULL);
    }
    for (int i = 1; i < 4; i++) { /* sorted: the columns' order does not matter */
        uint64_t v = hs[i];
        int j = i - 1;
        while (j >= 0 && hs[j] > v) { hs[j + 1] = hs[j]; j--; }
        hs[j + 1] = v;
    }
    uint64_t h = mix64(q->seqmask ^ 0x8F1BBCDCCA62C1D6ULL);
    h = mix64(h ^ ((uint64_t)q->found[0] | (uint64_t)q->found[1] << 8 |
                   (uint64_t)q->found[2] << 16 | (uint64_t)q->found[3] << 24 |
                   (uint64_t)q->sp << 32));
    for (int i = 0; i < 4; i++) h = mix64(h ^ hs[i]) + (uint64_t)i;
    return h;
}

static uint64_t key_idle(uint64_t base, int idle) {
    uint64_t h = mix64(base ^ ((uint64_t)(idle + 1) * 0xD6E8FEB86659FD93ULL));
    return h ? h : 1;
}

static Entry *slot(Search *s, uint64_t key) {
    size_t i = (size_t)key & s->mask;
    while (s->table[i].key && s->table[i].key != key) i = (i + 1) & s->mask;
    return &s->table[i];
}

static int grow(Search *s) {
    size_t cap = s->cap * 2;
    Entry *old = s->table, *t = calloc(cap, sizeof(Entry));
    if (!t) return 0;
    size_t oldcap = s->cap;
    s->table = t; s->cap = cap; s->mask = cap - 1;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].key) *slot(s, old[i].key) = old[i];
    free(old);
    return 1;
}

/* whether q is new: no position seen alike (the same key, as few moves between columns,
 * CFD8) reaches every talon card q reaches (a use as good, CFD7); recorded if so */
static int relaxed(const Search *s, const Pos *q);

static int fresh(Search *s, const Pos *q, int lock, uint64_t base, uint64_t key) {
    uint64_t want = SM[q->n][q->p][q->used];
    for (int i = 0; i < q->idle; i++) { /* alike with fewer moves between columns */
        Entry *e = slot(s, key_idle(base, i));
        if (!e->key) continue;
        for (int u = 0; u < 2; u++)
            for (int r = 0; r < 3; r++) {
                int pp = e->minp[u][r];
                if (pp != NOP && !(want & ~SM[q->n][pp][u])) return 0;
            }
    }
    Entry *e = slot(s, key);
    if (e->key) {
        for (int u = 0; u < 2; u++)
            for (int r = 0; r < 3; r++) {
                int pp = e->minp[u][r];
                if (pp != NOP && !(want & ~SM[q->n][pp][u])) return 0;
            }
    }
    /* a position that cannot reach the target is recorded as seen, not searched: what it
     * dominates cannot either; below 52, only when it cannot pass the best seen either,
     * so that the most cards a deal allows stays exact */
    int dead = 0;
    if (lock) {
        int most = relaxed(s, q);
        dead = most < s->target && (s->target == 52 || most <= s->best);
    }
    if (e->key) {
        uint8_t *m = &e->minp[q->used][q->p % 3];
        if (*m == NOP || *m > q->p) *m = q->p;
        return !dead;
    }
    if (s->filled * 10 >= s->cap * 7) {
        if (s->cap >= s->maxcap || !grow(s)) { s->full = 1; return 0; }
        e = slot(s, key);
    }
    e->key = key;
    memset(e->minp, NOP, sizeof e->minp);
    e->minp[q->used][q->p % 3] = q->p;
    s->filled++;
    return !dead;
}
/* no way to play out the deal, by a relaxation of its rules: the foundations are built
 * suit by suit with every card of the talon and the hand at hand when wanted, a card of a
 * column or the stock only once the cards above it are gone.  A card above leaves without
 * going up only where the rules could let it: onto a host (a card one rank higher of the
 * other colour, CF8, CFD6) that could stand at a column's top then (a column's first or
 * second card, CFD3; the common game's bottom card, its pile keeping its order, CF17), or
 * a stock card into a space (CF10): a space is a column whose cards could all have gone (or
 * whose pile could have moved), and each holds one stock card until it goes up or onto a
 * host.  A card could stand at a column's top when it is neither up, nor under the
 * stock's card, nor under another card of a column, and, for a talon card, when a host of
 * its own could (or a space, once the stock could be out: CFD4).  The relaxation reaches at
 * least what play can, so a relaxation short of the target is a proof. */
#define NIB 0x1111111111111ULL /* bit 0 of each rank's four cards */

/* the cards that build on some card of ``a`` (CF8, CFD6: a king on an ace) */
static uint64_t on_mask(uint64_t a) {
    uint64_t bk = a & (0x9 * NIB), rd = a & (0x6 * NIB);
    uint64_t bp = (bk | bk >> 3) & NIB, rp = (rd >> 1 | rd >> 2) & NIB;
    uint64_t x = bp * 6 | rp * 9;
    return x >> 4 | (x & 0xF) << 48;
}

typedef struct {
    int f[4], ptr[4], sp, parked, slots;
    uint64_t freec, parkmask, avail;
    int stale; /* the state moved on since ``avail`` */
    uint8_t col_of[52], at[52];
    uint64_t suffix[4][MAXCOL + 1], from[53];
} Relax;

/* the cards that could stand at a column's top, for the relaxation's state */
static uint64_t avail_of(const Search *s, const Pos *q, const Relax *r) {
    uint64_t a = r->from[q->sp] & ~r->from[r->sp];
    for (int i = 0; i < 4; i++)
        if (q->clen[i]) a |= r->suffix[i][r->ptr[i] ? r->ptr[i] - 1 : 0];
    if (r->sp >= s->stock_len) { /* a space for the talon's card (CFD4) */
        int empty = 0;
        for (int i = 0; i < 4; i++) empty += !r->ptr[i];
        if (s->piles || empty > r->parked) return a | q->seqmask;
    }
    for (;;) {
        uint64_t more = on_mask(a) & q->seqmask & ~a;
        if (!more) return a;
        a |= more;
    }
}

/* whether a host of ``card`` could stand at a column's top; ``avail`` brought up to date
 * only when the one it has answers no (it only grows as the relaxation goes on) */
static int hosted(const Search *s, const Pos *q, Relax *r, int card) {
    if (HM[card] & r->avail) return 1;
    if (!r->stale) return 0;
    r->avail = avail_of(s, q, r);
    r->stale = 0;
    return (HM[card] & r->avail) != 0;
}

/* the most cards the relaxation puts up from q (a bound on play's; it stops at the
 * target) */
static int relaxed(const Search *s, const Pos *q) {
    Relax r;
    int total = 0;
    memset(r.col_of, 0xFF, sizeof r.col_of);
    for (int i = 0; i < 4; i++) {
        r.f[i] = q->found[i]; total += r.f[i]; r.ptr[i] = q->clen[i];
        r.suffix[i][q->clen[i]] = 0;
        for (int k = q->clen[i] - 1; k >= 0; k--) {
            int c = q->cols[i][k];
            r.col_of[c] = (uint8_t)i; r.at[c] = (uint8_t)k;
            r.suffix[i][k] = r.suffix[i][k + 1] | 1ULL << c;
        }
    }
    r.from[s->stock_len] = 0;
    for (int k = s->stock_len - 1; k >= q->sp; k--) r.from[k] = r.from[k + 1] | 1ULL << s->stock[k];
    r.sp = q->sp; r.parked = 0; r.freec = q->seqmask; r.parkmask = 0; r.slots = 0; r.avail = 0; r.stale = 1;
    int changed = 1;
    while (changed && total < s->target) {
        changed = 0;
        for (int su = 0; su < 4; su++) {
            while (r.f[su] < 13) {
                int c = ((s->base - 1 + r.f[su]) % 13) * 4 + su;
                if (r.freec >> c & 1) {
                    r.freec &= ~(1ULL << c);
                    if (r.parkmask >> c & 1) { r.parkmask &= ~(1ULL << c); r.parked--; }
                } else {
                    int i = r.col_of[c];
                    if (i != 0xFF && r.ptr[i] && r.at[c] == r.ptr[i] - 1) r.ptr[i]--;
                    else if (r.sp < s->stock_len && s->stock[r.sp] == c) r.sp++;
                    else break;
                    r.stale = 1;
                }
                r.f[su]++; total++; changed = 1;
            }
        }
        r.slots = 0;
        for (int i = 0; i < 4; i++) {
            if (s->piles) {
                if (r.ptr[i] && hosted(s, q, &r, q->cols[i][0])) { r.slots++; continue; }
            } else {
                while (r.ptr[i] > 0 && r.ptr[i] <= 2 && hosted(s, q, &r, q->cols[i][r.ptr[i] - 1])) {
                    r.freec |= 1ULL << q->cols[i][r.ptr[i] - 1];
                    r.ptr[i]--; r.stale = 1; changed = 1;
                }
            }
            if (!r.ptr[i]) r.slots++;
        }
        for (uint64_t m = r.parkmask; m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            if (hosted(s, q, &r, c)) { r.parkmask &= ~(1ULL << c); r.parked--; changed = 1; }
        }
        while (r.sp < s->stock_len) {
            int c = s->stock[r.sp];
            if (hosted(s, q, &r, c)) {
                r.freec |= 1ULL << c;
            } else if (r.parked < r.slots) {
                r.freec |= 1ULL << c; r.parkmask |= 1ULL << c; r.parked++;
            } else {
                break;
            }
            r.sp++; r.stale = 1; changed = 1;
        }
    }
    return total;
}

static void push(Pos *q, int j, int card) {
    q->cx[j] ^= ZC[q->clen[j]][card];
    q->cols[j][q->clen[j]++] = (uint8_t)card;
}

static void pop(Pos *q, int i) {
    q->clen[i]--;
    q->cx[i] ^= ZC[q->clen[i]][q->cols[i][q->clen[i]]];
}

static int fill(const Search *s, Pos *q) {
    int filled = 0;
    for (int k = 0; k < 4; k++) {
        if (!q->clen[k] && q->sp < s->stock_len) {
            push(q, k, s->stock[q->sp++]);
            filled = 1;
        }
    }
    return filled;
}

static void take_seq(Pos *c, int q) { /* remove seq[q-1]; the waste size becomes q-1 */
    c->seqmask &= ~(1ULL << c->seq[q - 1]);
    memmove(c->seq + q - 1, c->seq + q, (size_t)(c->n - q));
    c->n--;
    c->p = (uint8_t)(q - 1);
    c->used = 1;
    c->idle = 0;
}

/* the waste sizes whose top card a run of turns shows: the rest of this pass, then the
 * next pass's when this one has used a card (CF6, CF12, CFD7) */
static int reachable(const Pos *q, int *qs) {
    int n = q->n, count = 0;
    uint64_t seen = 0;
    int x = q->p;
    if (x) { qs[count++] = x; seen |= 1ULL << x; }
    while (x < n) {
        x = x + TURN < n ? x + TURN : n;
        if (!(seen >> x & 1)) { qs[count++] = x; seen |= 1ULL << x; }
    }
    if (q->used) {
        x = 0;
        while (x < n) {
            x = x + TURN < n ? x + TURN : n;
            if (!(seen >> x & 1)) { qs[count++] = x; seen |= 1ULL << x; }
        }
    }
    return count;
}

static Pos *child(Pos *out, int *count, const Pos *q, int src, int qq, int card, int dst) {
    Pos *c = &out[(*count)++];
    *c = *q;
    c->depth = (uint16_t)(q->depth + 1);
    c->mv.src = (uint8_t)src; c->mv.q = (uint8_t)qq; c->mv.card = (uint8_t)card;
    c->mv.dst = (uint8_t)dst;
    return c;
}

/* the children of q into out; their number */
static int children(const Search *s, const Pos *q, Pos *out) {
    int count = 0;
    int stock_top = q->sp < s->stock_len ? s->stock[q->sp] : -1;
    for (int i = 0; i < 4; i++) {
        int len = q->clen[i];
        if (len >= (SAFE1 ? 1 : 2)) {
            int card = q->cols[i][len - 1];
            if (goes_up(s, q, card) && safe(s, q, card)) {
                Pos *c = child(out, &count, q, i, 0, card, 4);
                c->found[suit_of(card)]++; pop(c, i); c->used = 1; c->idle = 0;
                fill(s, c);
                return 1;
            }
        }
    }
    if (stock_top >= 0 && goes_up(s, q, stock_top) && safe(s, q, stock_top)) {
        Pos *c = child(out, &count, q, 4, 0, stock_top, 4);
        c->found[suit_of(stock_top)]++; c->sp++; c->used = 1; c->idle = 0;
        return 1;
    }
    int qs[MAXSEQ + 1];
    int nq = reachable(q, qs);
    if (stock_top >= 0 && goes_up(s, q, stock_top)) {
        Pos *c = child(out, &count, q, 4, 0, stock_top, 4);
        c->found[suit_of(stock_top)]++; c->sp++; c->used = 1; c->idle = 0;
    }
    for (int i = 0; i < 4; i++) {
        int len = q->clen[i];
        if (len && goes_up(s, q, q->cols[i][len - 1])) {
            Pos *c = child(out, &count, q, i, 0, q->cols[i][len - 1], 4);
            c->found[suit_of(q->cols[i][len - 1])]++; pop(c, i);
            fill(s, c); c->used = 1; c->idle = 0;
        }
    }
    for (int t = 0; t < nq; t++) {
        int card = q->seq[qs[t] - 1];
        if (goes_up(s, q, card)) {
            Pos *c = child(out, &count, q, 5, qs[t], card, 4);
            c->found[suit_of(card)]++; take_seq(c, qs[t]);
        }
    }
    for (int j = 0; j < 4; j++) {
        int len = q->clen[j];
        if (!len) continue;
        if (stock_top >= 0 && builds_on(stock_top, q->cols[j][len - 1])) {
            Pos *c = child(out, &count, q, 4, 0, stock_top, j);
            push(c, j, stock_top); c->sp++; c->used = 1; c->idle = 0;
        }
    }
    for (int t = 0; t < nq; t++) {
        int card = q->seq[qs[t] - 1];
        for (int j = 0; j < 4; j++) {
            int len = q->clen[j];
            if ((len && builds_on(card, q->cols[j][len - 1])) || (!len && q->sp >= s->stock_len)) {
                Pos *c = child(out, &count, q, 5, qs[t], card, j);
                push(c, j, card); take_seq(c, qs[t]);
                if (!len) break;
            }
        }
    }
    if (q->idle < IDLE_LIMIT) {
        for (int i = 0; i < 4; i++) {
            int len = q->clen[i];
            if (!len || (!s->piles && len > 2)) continue;
            int moving = s->piles ? len : 1;
            int first = q->cols[i][len - moving];
            for (int j = 0; j < 4; j++) {
                int tl = q->clen[j];
                if (j != i && tl && builds_on(first, q->cols[j][tl - 1])) {
                    Pos *c = child(out, &count, q, i, 0, first, j);
                    for (int k = len - moving; k < len; k++) push(c, j, q->cols[i][k]);
                    for (int k = 0; k < moving; k++) pop(c, i);
                    int filled = fill(s, c);
                    c->used = (uint8_t)(q->used || filled);
                    c->idle = (uint8_t)(filled ? 0 : q->idle + 1);
                }
            }
        }
    }
    return count;
}

static int read_cards(PyObject *seq, uint8_t *out, int most, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) { Py_DECREF(fast); PyErr_Format(PyExc_ValueError, "%s: too many", what); return -1; }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v < 0 || v > 51) { Py_DECREF(fast); if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s: a card 0..51", what); return -1; }
        out[i] = (uint8_t)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* solve(base, piles, found, stock, cols, seq, p, used, idle, nodes, table_bits, target,
 *       seconds[, relax]) -> (best, won, decided, nodes, full, line): the search ends once
 * ``target`` cards are up (``line`` the moves there, each (src, q, card, dst)), after
 * ``nodes`` positions or ``seconds`` of CPU (0: no limit); ``relax`` false: no position cut
 * by the relaxation (the tests' check of it) */
static PyObject *py_solve(PyObject *self, PyObject *args) {
    (void)self;
    int base, piles, p, used, idle, bits, target, relax = 1;
    long long nodes;
    double seconds;
    PyObject *found_o, *stock_o, *cols_o, *seq_o;
    if (!PyArg_ParseTuple(args, "iiOOOOiiiLiid|p", &base, &piles, &found_o, &stock_o,
                          &cols_o, &seq_o, &p, &used, &idle, &nodes, &bits, &target, &seconds,
                          &relax))
        return NULL;
    Search s;
    memset(&s, 0, sizeof s);
    s.base = base; s.piles = piles; s.target = target;
    Pos start;
    memset(&start, 0, sizeof start);
    uint8_t f[4];
    if (read_cards(found_o, f, 4, "found") != 4) { if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "found: four counts"); return NULL; }
    memcpy(start.found, f, 4);
    int sl = read_cards(stock_o, s.stock, 52, "stock");
    if (sl < 0) return NULL;
    s.stock_len = sl;
    PyObject *cols = PySequence_Fast(cols_o, "cols");
    if (!cols) return NULL;
    if (PySequence_Fast_GET_SIZE(cols) != 4) { Py_DECREF(cols); PyErr_SetString(PyExc_ValueError, "cols: four"); return NULL; }
    for (int i = 0; i < 4; i++) {
        int n = read_cards(PySequence_Fast_GET_ITEM(cols, i), start.cols[i], MAXCOL, "col");
        if (n < 0) { Py_DECREF(cols); return NULL; }
        start.clen[i] = (uint8_t)n;
        for (int k = 0; k < n; k++) start.cx[i] ^= ZC[k][start.cols[i][k]];
    }
    Py_DECREF(cols);
    int n = read_cards(seq_o, start.seq, MAXSEQ, "seq");
    if (n < 0) return NULL;
    if (p < 0 || p > n) { PyErr_SetString(PyExc_ValueError, "p: 0..len(seq)"); return NULL; }
    start.n = (uint8_t)n; start.p = (uint8_t)p; start.used = (uint8_t)(used != 0);
    start.idle = (uint8_t)(idle < 0 ? 0 : idle > IDLE_LIMIT ? IDLE_LIMIT : idle);
    for (int k = 0; k < n; k++) start.seqmask |= 1ULL << start.seq[k];
    if (bits < 12) bits = 12;
    if (bits > 28) bits = 28;
    s.maxcap = (size_t)1 << bits;
    s.cap = s.maxcap < ((size_t)1 << 18) ? s.maxcap : (size_t)1 << 18;
    s.mask = s.cap - 1;
    s.table = calloc(s.cap, sizeof(Entry));
    size_t stack_cap = 4096, top = 0;
    Pos *stack = malloc(stack_cap * sizeof(Pos));
    Pos *kids = malloc(512 * sizeof(Pos));
    uint64_t kbase[512], kkey[512];
    Mv *path = malloc(MAXDEPTH * sizeof(Mv));
    if (!s.table || !stack || !kids || !path) {
        free(s.table); free(stack); free(kids); free(path);
        return PyErr_NoMemory();
    }
    int best = start.found[0] + start.found[1] + start.found[2] + start.found[3];
    s.best = best;
    int won = 0, decided = 1, depth = 0;
    long long count = 0, pops = 0;
    double began = cpu_seconds();
    Py_BEGIN_ALLOW_THREADS
    fresh(&s, &start, 0, key_base(&start), key_idle(key_base(&start), start.idle));
    stack[top++] = start;
    while (top) {
        const Pos *pos = &stack[--top]; /* read before its slot is pushed over */
        if (pos->depth >= MAXDEPTH - 1) { decided = 0; break; }
        path[pos->depth] = pos->mv;
        int score = pos->found[0] + pos->found[1] + pos->found[2] + pos->found[3];
        if (score > best) {
            best = s.best = score;
            if (score >= s.target) { won = 1; depth = pos->depth; break; }
        }
        int k = children(&s, pos, kids);
        for (int i = 0; i < k; i++) { /* the keys first, their slots fetched meanwhile */
            kbase[i] = key_base(&kids[i]);
            kkey[i] = key_idle(kbase[i], kids[i].idle);
            __builtin_prefetch(&s.table[(size_t)kkey[i] & s.mask]);
        }
        for (int i = k - 1; i >= 0; i--) {
            if (fresh(&s, &kids[i], relax, kbase[i], kkey[i])) {
                count++;
#ifdef STATS
                {
                    Pos *k2 = &kids[i];
                    int sc = k2->found[0] + k2->found[1] + k2->found[2] + k2->found[3];
                    H_found[sc]++; H_sp[k2->sp]++; H_n[k2->n]++; H_idle[k2->idle]++;
                    int tall = 0; for (int c = 0; c < 4; c++) tall += k2->clen[c] > 2 ? k2->clen[c] - 2 : 0;
                    H_tall[tall]++;
                }
#endif
                if (top == stack_cap) {
                    stack_cap *= 2;
                    Pos *grown = realloc(stack, stack_cap * sizeof(Pos));
                    if (!grown) { s.full = 1; break; }
                    stack = grown;
                }
                stack[top++] = kids[i];
            }
        }
        if (s.full || count >= nodes) { decided = 0; break; }
        if (seconds > 0 && (++pops & 1023) == 0 && cpu_seconds() - began >= seconds) {
            decided = 0;
            break;
        }
    }
    Py_END_ALLOW_THREADS
#ifdef STATS
    dump("found", H_found, 53); dump("sp", H_sp, 53); dump("n", H_n, 53); dump("idle", H_idle, 10);
    dump("tall", H_tall, 53);
#endif
    PyObject *line = PyList_New(0);
    if (line && won) {
        for (int d = 1; d <= depth; d++) {
            PyObject *step = Py_BuildValue("iiii", path[d].src, path[d].q, path[d].card,
                                           path[d].dst);
            if (!step || PyList_Append(line, step) < 0) { Py_XDECREF(step); Py_CLEAR(line); break; }
            Py_DECREF(step);
        }
    }
    free(s.table); free(stack); free(kids); free(path);
    if (!line) return NULL;
    return Py_BuildValue("iiiLiN", best, won, won || decided, count, s.full, line);
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, "Canfield's exact search of an open deal."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_exact",
                                    "Canfield's exact search (solver/canfield/exact.py).", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__exact(void) {
    init_tables();
    return PyModule_Create(&module);
}
