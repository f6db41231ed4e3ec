#!/usr/bin/env python3
"""A scriptable HTTP server on loopback that serves a control document to the runtime's tests.

Started by the tests as a process; prints its port on the first line of standard output.

  POST /_script    JSON: how the next document requests are answered (fields below); resets the log
  POST /_release   lets every held request go on
  GET  /_requests  JSON list of the document requests received: {"path", "if_none_match"}

Script fields: status (200), etag (none), body_b64 (empty), honor_if_none_match (true: 304 when
If-None-Match equals etag), delay (seconds before answering), hold (wait for /_release before
answering), cut_short (announce the whole body, send half, close), oversize (send that many
bytes instead of the body), announce_length (true: send Content-Length with an oversize body).
"""
import base64
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
script = {"status": 404}
requests = []
release = threading.Event()


class Handler(BaseHTTPRequestHandler):
    def log_message(self, format, *args):
        pass

    def _answer_json(self, value, status=200):
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        global script
        length = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(length)
        if self.path == "/_script":
            with lock:
                script = json.loads(data)
                requests.clear()
                release.clear()
            self._answer_json({"ok": True})
        elif self.path == "/_release":
            release.set()
            self._answer_json({"ok": True})
        else:
            self._answer_json({"error": "unknown"}, 404)

    def do_GET(self):
        if self.path == "/_requests":
            with lock:
                self._answer_json(list(requests))
            return
        with lock:
            current = dict(script)
            requests.append({"path": self.path, "if_none_match": self.headers.get("If-None-Match")})
        if current.get("hold"):
            release.wait(60)
        if current.get("delay"):
            time.sleep(current["delay"])
        etag = current.get("etag")
        if (etag and current.get("honor_if_none_match", True)
                and self.headers.get("If-None-Match") == etag):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return
        status = current.get("status", 200)
        body = base64.b64decode(current.get("body_b64", ""))
        try:
            self.send_response(status)
            if etag:
                self.send_header("ETag", etag)
            self.send_header("Content-Type", "application/json")
            oversize = current.get("oversize")
            if oversize:
                if current.get("announce_length", True):
                    self.send_header("Content-Length", str(oversize))
                self.end_headers()
                chunk = b" " * 65536
                sent = 0
                while sent < oversize:
                    piece = chunk[: min(len(chunk), oversize - sent)]
                    self.wfile.write(piece)
                    sent += len(piece)
                return
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if current.get("cut_short"):
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.close_connection = True
                return
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    # Ends with the test process: standard input closes when the parent goes away.
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
