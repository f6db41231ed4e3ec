#!/usr/bin/env python3
"""An HTTP server on loopback that answers OFREP bulk evaluations from a file, for the tests of the
OFREP client programs before they meet the decision service.

  ofrep_server.py ANSWERS.json [KEY]

ANSWERS maps each targeting key to the `flags` list answered for it (a key not in it gets an empty
list). `POST /ofrep/v1/evaluate/flags` with `{"context": {"targetingKey": UNIT}}` answers
`200 {"flags": [...]}`; a body that is not such JSON answers `400 PARSE_ERROR`, and, with KEY, a
request without `Authorization: Bearer KEY` answers 401. Prints its port on the first line of
standard output, then one JSON line {"targeting_key", "authorization"} per evaluation received, and
serves until its standard input ends.
"""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

with open(sys.argv[1], encoding="utf-8") as file:
    answers = json.load(file)
key = sys.argv[2] if len(sys.argv) > 2 else None
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    def log_message(self, format, *args):
        pass

    def _answer(self, status, value):
        data = json.dumps(value, ensure_ascii=True).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(length)
        if self.path != "/ofrep/v1/evaluate/flags":
            self._answer(404, {"errorCode": "FLAG_NOT_FOUND", "errorDetails": self.path})
            return
        authorization = self.headers.get("Authorization")
        try:
            unit = json.loads(data)["context"]["targetingKey"]
            if not isinstance(unit, str):
                raise ValueError("targetingKey is not a string")
        except (ValueError, KeyError, TypeError) as error:
            self._answer(400, {"errorCode": "PARSE_ERROR", "errorDetails": str(error)})
            return
        with lock:
            print(json.dumps({"targeting_key": unit, "authorization": authorization}), flush=True)
        if key is not None and authorization != "Bearer " + key:
            self._answer(401, {"errorCode": "GENERAL", "errorDetails": "a bearer key is required"})
            return
        self._answer(200, {"flags": answers.get(unit, [])})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
print(server.server_address[1], flush=True)
sys.stdin.read()
server.shutdown()
