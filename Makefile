# Everyday commands.  `make test` is what CI runs (see .ci/run); it installs what it needs.
PYTHON ?= python3

.PHONY: install deps run worker test lint typecheck bench bench-api bench-hint-load bench-hint-pair bench-hint-path bench-flood bench-slow bench-stall bench-hints bench-faults bench-oracle bench-solver bench-seats bench-ab same-answers arena arena-variants arena-seats ladder fuzz conformance openapi sdk

# pip install once per change of pyproject.toml (the stamp file records it).
.installed: pyproject.toml setup.py solver/cassino/_kernel.c solver/cassino/_seats.c \
		solver/canfield/_exact.c \
		solver/cassino/_cassino.h
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch .installed

install: .installed

run: .installed
	$(PYTHON) -m gunicorn -c api/gunicorn_conf.py 'api:create_app()'

play: .installed  # play against the solver in this terminal (the web table: make run, /play)
	$(PYTHON) -m client play

worker: .installed  # one RQ worker for hints; set REDIS_URL (default redis://127.0.0.1:6379/0)
	$(PYTHON) -m workers

openapi: .installed  # record the examples' real answers, then regenerate the committed spec
	$(PYTHON) -m api.recording
	FLASK_APP='api:create_app()' $(PYTHON) -m flask openapi write --format=json openapi/openapi.json
	$(PYTHON) -m json.tool --indent 2 --no-ensure-ascii openapi/openapi.json openapi/openapi.json

sdk:  # regenerate the spec's TypeScript types (api/static/sdk/openapi.d.ts) after make openapi
	@[ openapi/node_modules/.package-lock.json -nt openapi/package-lock.json ] || \
	  npm ci --prefix openapi --silent --no-audit --no-fund
	npx --prefix openapi --no -- openapi-typescript openapi/openapi.json \
	  --default-non-nullable=false -o api/static/sdk/openapi.d.ts

conformance: .installed  # the conformance suite over more seeds than CI's: make conformance SEEDS=50
	CASSINO_CONFORMANCE_SEEDS=$(or $(SEEDS),20) $(PYTHON) -m pytest -q -p no:cacheprovider tests/conformance

fuzz: .installed  # deep schemathesis run: 1,000 examples for each operation
	CARDGAMES_FUZZ_EXAMPLES=1000 $(PYTHON) -m pytest -q -p no:cacheprovider --hypothesis-show-statistics tests/api/test_fuzz.py

bench-api: .installed  # legal moves under wrk; then hints over HTTP beside their search, one at a time and under 1 and 8 clients, embedded and with Redis + 1 RQ worker, Cassino, Conquian and the rummy games at 2 to 6 seats (bench/hint_load.py)
	$(PYTHON) bench/api_bench.py
	$(PYTHON) bench/hint_load.py --games $(HINT_GAMES)
	$(PYTHON) bench/hint_load.py --redis --games $(HINT_GAMES)

HINT_GAMES ?= cassino:standard:2 conquian:conquian:2 conquian:conquian:3 rummy:poker-rum:2 \
	rummy:poker-rum:3 rummy:poker-gin:4 rummy:double-pack-rum:3 rummy:poker-rum:6

bench-hint-load: .installed  # hints over HTTP in the embedded default, Cassino's default two-seat game (make bench-api runs all of it)
	$(PYTHON) bench/hint_load.py

bench-hint-pair: .installed  # two servers side by side, the same new hints to each in turn: make bench-hint-pair PAIR="--b /tmp/base" (or --a-env KEY=VALUE, --a-kept)
	$(PYTHON) bench/hint_pair.py $(PAIR)

bench-hint-path: .installed  # where an embedded hint's time goes, step by step (docs/workers.md)
	$(PYTHON) bench/hint_path.py --positions $(or $(POSITIONS),150)

bench-flood: .installed  # legal-moves under a 12-client hint flood, embedded then with Redis
	$(PYTHON) bench/flood_bench.py
	$(PYTHON) bench/flood_bench.py --redis

bench-slow: .installed  # legal-moves while 200 slow clients trickle their headers or bodies
	$(PYTHON) bench/slow_bench.py

bench-stall: .installed  # another client's legal-moves while one address floods costly requests
	$(PYTHON) bench/stall_bench.py

bench-hints: .installed  # needs redis-server
	$(PYTHON) bench/hints_bench.py
	$(PYTHON) bench/worker_throughput.py  # one worker: python and the kernel side by side

bench-oracle: .installed  # a sealed refusal's time by where the hidden card lies, against a control
	$(PYTHON) bench/hidden_timing.py

bench-faults: .installed  # Redis blip, full Redis, killed worker: recovery times (redis-server)
	$(PYTHON) bench/fault_trial.py

deps:  # Debian's redis-server, chromium, Node.js when missing; the pinned npm packages
	.ci/install-deps

test: .installed deps lint typecheck  # the suite on every core: TEST_JOBS=0 runs it in one process
	$(PYTHON) -m pytest -n $(or $(TEST_JOBS),auto)

lint: .installed
	$(PYTHON) -m ruff check .

typecheck: .installed
	$(PYTHON) -m mypy $(wildcard engine solver api workers client)

bench: .installed
	$(PYTHON) bench/engine_bench.py
	$(PYTHON) bench/kernel_bench.py --part rounds  # python and the compiled kernel side by side

BENCH ?= engine
BASE ?= HEAD~1
bench-ab: .installed  # A/B against an earlier commit, alternating runs: make bench-ab BENCH=api BASE=7f00ad4
	$(PYTHON) bench/ab.py $(BENCH) --base $(BASE)

same-answers: .installed  # standard's states, legal moves and hints against BASE's, position by position
	$(PYTHON) bench/same_answers.py --base $(BASE)

bench-solver: .installed  # hint latency p50/p95 at the default budget, one core
	$(PYTHON) bench/solver_bench.py
	$(PYTHON) bench/kernel_bench.py --part solve,hints  # python and the kernel side by side

ARENA ?= solver greedy --pairs 100
arena: .installed  # mirrored pairs of games; e.g. make arena ARENA="solver cheater --pairs 200"
	$(PYTHON) -m solver.cassino.arena $(ARENA)

PAIRS ?= 30
JOBS ?= 1
arena-variants: .installed  # solver vs greedy in every playable two-seat variant: make arena-variants PAIRS=20 JOBS=2
	for v in $$($(PYTHON) -c "from engine.cassino import VARIANTS; \
	    print(*(n for n, r in VARIANTS.items() if r.playable and r.players == 2))"); do \
	  echo "== $$v"; $(PYTHON) -m solver.cassino.arena solver greedy --variant $$v --pairs $(PAIRS) --jobs $(JOBS) --quiet; \
	done

LADDER ?= --pairs 300
MELD_LADDER ?= --pairs 200
ladder: .installed  # every game's skill levels, each step up, into docs/ladder.md: make ladder LADDER="--pairs 300 --jobs 2" MELD_LADDER="--pairs 200 --jobs 2"
	$(PYTHON) -m solver.cassino.ladder $(LADDER)
	for v in poker-rum poker-gin double-pack-rum; do \
	  $(PYTHON) -m solver.ladder rummy --variant $$v $(MELD_LADDER) || exit 1; \
	done
	$(PYTHON) -m solver.ladder conquian $(MELD_LADDER)

SETS ?= 20
ROUNDS ?= 1
arena-seats: .installed  # N seats, every seat rotation of each deal: make arena-seats SETS=30 ROUNDS=1 JOBS=1
	$(PYTHON) -m solver.cassino.arena --variant partnership --seats solver,greedy,solver,greedy --pairs $(SETS) --rounds $(ROUNDS) --jobs $(JOBS) --quiet
	$(PYTHON) -m solver.cassino.arena --variant three-hand --seats solver,greedy,greedy --pairs $(SETS) --rounds $(ROUNDS) --jobs $(JOBS) --quiet

bench-seats: .installed  # N-seat hint latency p50/p95 at the default budget, one core
	$(PYTHON) bench/seats_bench.py
	$(PYTHON) bench/seats_exact_bench.py

.PHONY: bench-games
bench-games: .installed  # per game: legal moves of mid-hand positions (us) and hint p50/p95 (CPU ms)
	$(PYTHON) bench/games_bench.py

.PHONY: architecture
architecture:  # rewrite docs/architecture.md's import picture from the imports (CI checks it: tests/test_architecture.py)
	$(PYTHON) tools/import_graph.py --write docs/architecture.md

# --- Patience Poker (issue 32; docs/solver.md "Patience Poker") ---------------------------
PP_DEALS ?= 10000
PP_SOLVER_DEALS ?= 10000
.PHONY: bench-patience-poker arena-patience-poker
bench-patience-poker: .installed  # legal places (us) and hint p50/p95 (CPU ms) per variant, one core
	$(PYTHON) bench/patience_poker_bench.py --games 8

arena-patience-poker: .installed  # mean count ± SE, hand frequencies, tableaus to 500, per system: make arena-patience-poker PP_DEALS=10000 JOBS=2
	$(PYTHON) -m solver.patience_poker.arena greedy random --deals $(PP_DEALS) --jobs $(JOBS)
	$(PYTHON) -m solver.patience_poker.arena solver greedy --deals $(PP_SOLVER_DEALS) --jobs $(JOBS)

# --- Solitaire Cribbage (issue 33) --------------------------------------------------------
.PHONY: bench-solitaire-cribbage arena-solitaire-cribbage odds-solitaire-cribbage
bench-solitaire-cribbage: .installed  # legal moves, the exact discard, a hint: p50/p95 on one core
	$(PYTHON) bench/solitaire_cribbage_bench.py --games $(or $(GAMES),30)

arena-solitaire-cribbage: .installed  # the chance of 91 in one pass for each bot: make arena-solitaire-cribbage DEALS=10000 JOBS=2
	$(PYTHON) -m solver.solitaire_cribbage.arena solver greedy random --deals $(or $(DEALS),2000) --jobs $(or $(JOBS),1) --quiet
	$(PYTHON) -m solver.solitaire_cribbage.arena solver greedy --match --deals $(or $(PAIRS),200) --jobs $(or $(JOBS),1) --quiet

odds-solitaire-cribbage: .installed  # recompute solver/solitaire_cribbage/odds.json (the chance of 91 by deal and holes)
	$(PYTHON) -m solver.solitaire_cribbage.odds --samples $(or $(SAMPLES),3000)

# --- Canfield (issue 31) ---------------------------------------------------------------
CANFIELD_DEALS ?= 10000
CANFIELD_SECONDS ?= 10
CANFIELD_JOBS ?= 2
.PHONY: bench-canfield arena-canfield
bench-canfield: .installed  # Canfield: legal moves (us), hint p50/p95 (CPU ms), the exact search of CANFIELD_DEALS deals of each variant, CANFIELD_SECONDS of CPU a deal (decided, winnable, eleven, with standard errors): make bench-canfield CANFIELD_DEALS=500
	$(PYTHON) setup.py build_ext --inplace -q
	$(PYTHON) bench/canfield_bench.py moves --deals 100
	$(PYTHON) bench/canfield_bench.py hints --positions 300
	$(PYTHON) bench/canfield_bench.py exact --variant canfield --deals $(CANFIELD_DEALS) --seconds $(CANFIELD_SECONDS) --progress
	$(PYTHON) bench/canfield_bench.py exact --variant canfield-classic --deals $(CANFIELD_DEALS) --seconds $(CANFIELD_SECONDS) --progress

arena-canfield: .installed  # Canfield's bots on the same seeded deals, from the view only (cards, eleven, won, dollars, with standard errors): make arena-canfield CANFIELD_DEALS=1000
	$(PYTHON) -m solver.canfield.arena random greedy solver --deals $(CANFIELD_DEALS) --jobs $(CANFIELD_JOBS) --progress
	$(PYTHON) -m solver.canfield.arena random greedy solver --deals $(CANFIELD_DEALS) --jobs $(CANFIELD_JOBS) --progress --variant canfield-classic

# --- I Doubt It (solver/i_doubt_it/, docs/solver.md "I Doubt It") -----------------------
IDOUBT_GAMES ?= 2000
IDOUBT_JOBS ?= 1
.PHONY: arena-i-doubt-it bench-i-doubt-it fit-i-doubt-it
arena-i-doubt-it: .installed  # the solver against counting bots at 4, 3 and 6 seats, seats rotated over the same deals, at least IDOUBT_GAMES games each (docs/solver.md "I Doubt It")
	$(PYTHON) -m solver.arena i-doubt-it solver counting counting counting --sets $$(( ($(IDOUBT_GAMES) + 3) / 4 )) --seed 101 --jobs $(IDOUBT_JOBS) --quiet
	$(PYTHON) -m solver.arena i-doubt-it solver counting counting --sets $$(( ($(IDOUBT_GAMES) + 2) / 3 )) --seed 301 --jobs $(IDOUBT_JOBS) --quiet
	$(PYTHON) -m solver.arena i-doubt-it solver counting counting counting counting counting --sets $$(( ($(IDOUBT_GAMES) + 5) / 6 )) --seed 601 --jobs $(IDOUBT_JOBS) --quiet

bench-i-doubt-it: .installed  # legal moves (ms, every position), hint p50/p95 (CPU ms, one core), the doubt probability's calibration table
	$(PYTHON) bench/i_doubt_it_bench.py --games 20 --calibration 60

fit-i-doubt-it: .installed  # refit the claim model on self-play (paste its output into solver/i_doubt_it/model.py, STOOD_TRUE into holdings.py)
	$(PYTHON) -m solver.i_doubt_it.fit --games 120 --seed 1

# --- Jass (solver/jass/, docs/solver.md "Jass") -------------------------------------------
JASS_SETS ?= 500
JASS_JOBS ?= 1
.PHONY: arena-jass bench-jass
arena-jass: .installed  # the solver against rule bots, seats rotated over the same deals (4 x 500 = 2,000 deals at four, 3 x 500 at three, 2 x 500 at two)
	$(PYTHON) -m solver.arena jass solver rule rule rule --sets $(JASS_SETS) --jobs $(JASS_JOBS) --quiet
	$(PYTHON) -m solver.arena jass solver rule rule --variant three-hand-jass --sets $(JASS_SETS) --jobs $(JASS_JOBS) --quiet
	$(PYTHON) -m solver.arena jass solver rule --variant two-hand-jass --sets $(JASS_SETS) --jobs $(JASS_JOBS) --quiet

bench-jass: .installed  # legal moves (ms, every position), hint p50/p95 (CPU ms, one core), the exact two-hand endgame
	$(PYTHON) bench/jass_bench.py --games 10
