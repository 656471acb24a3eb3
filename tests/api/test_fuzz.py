"""schemathesis against the app's own OpenAPI spec: no 5xx, every response conforms.

Every default check runs except ``positive_data_acceptance``: a request that fits the
schema may still carry an inconsistent game (a card twice, a build its owner cannot
take), which the engine refuses with a 422 by design.  The test run uses a few hundred
examples; ``make fuzz`` sets CARDGAMES_FUZZ_EXAMPLES for a deeper run.
"""


import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance

from api import create_app
from workers.settings import setting

EXAMPLES = int(setting("FUZZ_EXAMPLES", "60"))  # per operation

# A body past the size limit is refused with a 413 before it is read, whatever it holds:
# that is a rejection too (a `game` token longer than its maxLength, in escapes, is one).
REJECTIONS = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428",
              "429", "5xx"]  # schemathesis's own list, and 413
config = schemathesis.Config.from_dict(
    {"checks": {"negative_data_rejection": {"expected-statuses": REJECTIONS}}})
schema = schemathesis.openapi.from_wsgi("/openapi.json", create_app(), config=config)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_spec(case: schemathesis.Case) -> None:
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
