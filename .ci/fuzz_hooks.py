"""Schemathesis hooks of the API fuzzing (.ci/fuzz.sh, through SCHEMATHESIS_HOOKS)."""

import schemathesis

# The streamed lesson video upload takes `video/*` bodies. Schemathesis has no serializer for video types, so
# they go on the wire as the raw bytes of its binary serializer (the URL's signature or size check answers).
schemathesis.serializer.alias(["video/mp4", "video/webm"], "application/octet-stream")
