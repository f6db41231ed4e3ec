#!/usr/bin/env python3
"""Signs a control document's payload with Ed25519 from Python's `cryptography`, an
implementation independent of the runtime's, for the tests.

Usage: sign_document.py SEED_HEX < payload-bytes
Prints JSON: {"public_key": base64 of the 32 raw bytes, "signature": base64 of 64 bytes}.
"""
import base64
import json
import sys

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

seed = bytes.fromhex(sys.argv[1])
payload = sys.stdin.buffer.read()
key = Ed25519PrivateKey.from_private_bytes(seed)
public = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
print(json.dumps({
    "public_key": base64.b64encode(public).decode(),
    "signature": base64.b64encode(key.sign(payload)).decode(),
}))
