/* Canfield's exact search of an open deal (solver/canfield/exact.py is its pure-Python
 * reference and fallback: the same positions in the same order, the same node counts).
 * docs/solver.md "Canfield". */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define IDLE_LIMIT 8
#define TURN 3
#define MAXCOL 52
#define MAXSEQ 52
#define NONE (IDLE_LIMIT + 1)

typedef struct {
    uint8_t found[4];
    uint8_t sp;
    uint8_t n, p, used, idle;
    uint8_t clen[4];
    uint8_t cols[4][MAXCOL];
    uint8_t seq[MAXSEQ];
} Pos;

typedef struct {
    int base, piles, stock_len, target;
    uint8_t stock[52];
    uint64_t *keys;
    uint8_t *mins;
    size_t mask, filled, cap;
    int full;
} Search;

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

static uint64_t hash_pos(const Pos *q) {
    uint64_t h = 1469598103934665603ULL;
#define MIX(x) do { h ^= (uint64_t)(x); h *= 1099511628211ULL; } while (0)
    for (int i = 0; i < 4; i++) MIX(q->found[i]);
    MIX(q->sp); MIX(q->n); MIX(q->p);
    for (int i = 0; i < 4; i++) {
        MIX(q->clen[i] + 100);
        for (int k = 0; k < q->clen[i]; k++) MIX(q->cols[i][k]);
    }
    for (int k = 0; k < q->n; k++) MIX(q->seq[k]);
#undef MIX
    h ^= h >> 33; h *= 0xff51afd7ed558ccdULL; h ^= h >> 33;
    return h ? h : 1;
}

/* whether q is new (no alike position seen with a use as good and as few idle moves) */
static int fresh(Search *s, const Pos *q) {
    uint64_t h = hash_pos(q);
    size_t i = (size_t)h & s->mask;
    while (s->keys[i] && s->keys[i] != h) i = (i + 1) & s->mask;
    if (!s->keys[i]) {
        if (s->filled * 10 >= s->cap * 7) { s->full = 1; return 0; }
        s->keys[i] = h;
        s->filled++;
        s->mins[i] = q->used ? (uint8_t)(q->idle << 4 | NONE) : (uint8_t)(NONE << 4 | q->idle);
        return 1;
    }
    int mt = s->mins[i] >> 4, mf = s->mins[i] & 15;
    if (mt <= q->idle || (!q->used && mf <= q->idle)) return 0;
    if (q->used) mt = q->idle; else if (q->idle < mf) mf = q->idle;
    s->mins[i] = (uint8_t)(mt << 4 | mf);
    return 1;
}

/* no way to play out the deal: the cards of the columns that can leave only to their
 * foundations, from the top down (the common game: every card, whole piles keeping their
 * order, CF17; the book's: every card above the second, CFD3), cannot all go up even if
 * every other card were at hand when wanted */
static int locked(const Search *s, const Pos *q) {
    int start = s->piles ? 0 : 2;
    uint64_t lock = 0, freed = 0;
    int ptr[4];
    for (int i = 0; i < 4; i++) {
        for (int k = start; k < q->clen[i]; k++) lock |= 1ULL << q->cols[i][k];
        ptr[i] = q->clen[i] - 1;
    }
    if (!lock) return 0;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = 0; i < 4; i++) {
            while (ptr[i] >= start) {
                int c = q->cols[i][ptr[i]], su = suit_of(c);
                int idx = ((rank_of(c) - s->base) % 13 + 13) % 13;
                if (idx > 0 && q->found[su] < idx) {
                    int pred = ((s->base - 1 + idx - 1) % 13) * 4 + su;
                    if ((lock >> pred & 1) && !(freed >> pred & 1)) break;
                }
                freed |= 1ULL << c;
                ptr[i]--;
                changed = 1;
            }
        }
    }
    for (int i = 0; i < 4; i++) if (ptr[i] >= start) return 1;
    return 0;
}

static int fill(const Search *s, Pos *q) {
    int filled = 0;
    for (int k = 0; k < 4; k++) {
        if (!q->clen[k] && q->sp < s->stock_len) {
            q->cols[k][0] = s->stock[q->sp++];
            q->clen[k] = 1;
            filled = 1;
        }
    }
    return filled;
}

static void take_seq(Pos *c, int q) { /* remove seq[q-1]; the waste size becomes q-1 */
    memmove(c->seq + q - 1, c->seq + q, (size_t)(c->n - q));
    c->n--;
    c->p = (uint8_t)(q - 1);
    c->used = 1;
    c->idle = 0;
}

static int reachable(const Pos *q, int *qs) {
    int n = q->n, count = 0, seen[MAXSEQ + 1];
    memset(seen, 0, sizeof seen);
    int x = q->p;
    if (x) { qs[count++] = x; seen[x] = 1; }
    while (x < n) { x = x + TURN < n ? x + TURN : n; if (!seen[x]) { qs[count++] = x; seen[x] = 1; } }
    if (q->used) {
        x = 0;
        while (x < n) { x = x + TURN < n ? x + TURN : n; if (!seen[x]) { qs[count++] = x; seen[x] = 1; } }
    }
    return count;
}

/* the children of q into out, in exact.py's order; their number */
static int children(const Search *s, const Pos *q, Pos *out) {
    int count = 0;
    int stock_top = q->sp < s->stock_len ? s->stock[q->sp] : -1;
    for (int i = 0; i < 4; i++) {
        int len = q->clen[i];
        if (len >= 2) {
            int card = q->cols[i][len - 1];
            if (goes_up(s, q, card) && safe(s, q, card)) {
                Pos *c = &out[0]; *c = *q;
                c->found[suit_of(card)]++; c->clen[i]--; c->used = 1; c->idle = 0;
                return 1;
            }
        }
    }
    if (stock_top >= 0 && goes_up(s, q, stock_top) && safe(s, q, stock_top)) {
        Pos *c = &out[0]; *c = *q;
        c->found[suit_of(stock_top)]++; c->sp++; c->used = 1; c->idle = 0;
        return 1;
    }
    int qs[2 * MAXSEQ + 2];
    int nq = reachable(q, qs);
    if (stock_top >= 0 && goes_up(s, q, stock_top)) {
        Pos *c = &out[count++]; *c = *q;
        c->found[suit_of(stock_top)]++; c->sp++; c->used = 1; c->idle = 0;
    }
    for (int i = 0; i < 4; i++) {
        int len = q->clen[i];
        if (len && goes_up(s, q, q->cols[i][len - 1])) {
            Pos *c = &out[count++]; *c = *q;
            c->found[suit_of(q->cols[i][len - 1])]++; c->clen[i]--;
            fill(s, c); c->used = 1; c->idle = 0;
        }
    }
    for (int t = 0; t < nq; t++) {
        int card = q->seq[qs[t] - 1];
        if (goes_up(s, q, card)) {
            Pos *c = &out[count++]; *c = *q;
            c->found[suit_of(card)]++; take_seq(c, qs[t]);
        }
    }
    for (int j = 0; j < 4; j++) {
        int len = q->clen[j];
        if (!len) continue;
        if (stock_top >= 0 && builds_on(stock_top, q->cols[j][len - 1])) {
            Pos *c = &out[count++]; *c = *q;
            c->cols[j][c->clen[j]++] = (uint8_t)stock_top; c->sp++; c->used = 1; c->idle = 0;
        }
    }
    for (int t = 0; t < nq; t++) {
        int card = q->seq[qs[t] - 1];
        for (int j = 0; j < 4; j++) {
            int len = q->clen[j];
            if ((len && builds_on(card, q->cols[j][len - 1])) || (!len && q->sp >= s->stock_len)) {
                Pos *c = &out[count++]; *c = *q;
                c->cols[j][c->clen[j]++] = (uint8_t)card; take_seq(c, qs[t]);
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
                    Pos *c = &out[count++]; *c = *q;
                    memcpy(c->cols[j] + tl, q->cols[i] + len - moving, (size_t)moving);
                    c->clen[j] = (uint8_t)(tl + moving);
                    c->clen[i] = (uint8_t)(len - moving);
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

/* solve(base, piles, found, stock, cols, seq, p, used, idle, nodes, table_bits, target)
 *   -> (best, reached, decided, nodes, full): the search ends once ``target`` cards are up */
static PyObject *py_solve(PyObject *self, PyObject *args) {
    (void)self;
    int base, piles, p, used, idle, bits, target;
    long long nodes;
    PyObject *found_o, *stock_o, *cols_o, *seq_o;
    if (!PyArg_ParseTuple(args, "iiOOOOiiiLii", &base, &piles, &found_o, &stock_o, &cols_o,
                          &seq_o, &p, &used, &idle, &nodes, &bits, &target))
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
    }
    Py_DECREF(cols);
    int n = read_cards(seq_o, start.seq, MAXSEQ, "seq");
    if (n < 0) return NULL;
    start.n = (uint8_t)n; start.p = (uint8_t)p; start.used = (uint8_t)(used != 0);
    start.idle = (uint8_t)idle;
    if (bits < 10) bits = 10;
    if (bits > 28) bits = 28;
    s.cap = (size_t)1 << bits;
    s.mask = s.cap - 1;
    s.keys = calloc(s.cap, sizeof(uint64_t));
    s.mins = calloc(s.cap, 1);
    size_t stack_cap = 4096, top = 0;
    Pos *stack = malloc(stack_cap * sizeof(Pos));
    Pos *kids = malloc(512 * sizeof(Pos));
    if (!s.keys || !s.mins || !stack || !kids) {
        free(s.keys); free(s.mins); free(stack); free(kids);
        return PyErr_NoMemory();
    }
    int best = start.found[0] + start.found[1] + start.found[2] + start.found[3];
    int won = 0, decided = 1;
    long long count = 0;
    Py_BEGIN_ALLOW_THREADS
    fresh(&s, &start);
    stack[top++] = start;
    while (top) {
        Pos pos = stack[--top];
        int score = pos.found[0] + pos.found[1] + pos.found[2] + pos.found[3];
        if (score > best) {
            best = score;
            if (score >= s.target) { won = 1; break; }
        }
        int k = children(&s, &pos, kids);
        for (int i = k - 1; i >= 0; i--) {
            if (s.target == 52 && locked(&s, &kids[i])) continue;
            if (fresh(&s, &kids[i])) {
                count++;
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
    }
    Py_END_ALLOW_THREADS
    free(s.keys); free(s.mins); free(stack); free(kids);
    return Py_BuildValue("iiiLi", best, won, won || decided, count, s.full);
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, "Canfield's exact search of an open deal."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_exact",
                                    "Canfield's exact search (solver/canfield/exact.py).", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__exact(void) { return PyModule_Create(&module); }
