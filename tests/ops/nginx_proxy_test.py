#!/usr/bin/env python3
"""docs/nginx/tengen.conf as an operator runs it, in front of a real `tengen serve`.

Debian's nginx runs the documented file (its site name, ports, certificate paths and upstream
replaced by this test's, and nothing else) with a self-signed certificate made by openssl, in
a temporary prefix on free ports, not as a daemon. tengen runs on a temporary SQLite file with
--trusted-proxy 127.0.0.1. Through nginx: the lobby page over HTTPS, the plain-HTTP redirect,
a WebSocket upgrade and a message each way, and the per-address login limit counting the
clients nginx names in X-Forwarded-For (127.0.0.2 and 127.0.0.3), not nginx's own address.

Usage: nginx_proxy_test.py TENGEN_BINARY SOURCE_DIR
"""

import base64
import concurrent.futures
import hashlib
import http.client
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import unittest

TENGEN = sys.argv[1] if len(sys.argv) > 1 else "build/src/cli/tengen"
SOURCE = sys.argv[2] if len(sys.argv) > 2 else "."
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"  # /usr/sbin is not on every user's PATH

# What the documented file says, each replaced by the test's own value.
DOC_NAME = "go.example.org"
DOC_HTTPS = "listen 443 ssl http2;"
DOC_HTTP = "listen 80;"
DOC_CERT = "/etc/letsencrypt/live/go.example.org/fullchain.pem"
DOC_KEY = "/etc/letsencrypt/live/go.example.org/privkey.pem"
DOC_UPSTREAM = "server 127.0.0.1:8080;"

WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, process, what, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"{what} exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"{what} did not listen on port {port} within {timeout} s")


def substitute(text, old, new):
    """Replaces `old`, which must be in the documented file: a changed file fails the test
    here instead of being run half-substituted."""
    if old not in text:
        raise AssertionError(f"docs/nginx/tengen.conf no longer contains {old!r}")
    return text.replace(old, new)


class NginxInFront(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="tengen-ops-nginx-")
        cls.processes = []
        try:
            cls.start()
        except BaseException:
            cls.tearDownClass()
            raise

    @classmethod
    def start(cls):
        if not os.access(NGINX, os.X_OK):
            raise AssertionError(f"no nginx at {NGINX}: run scripts/install-deps.sh")
        d = cls.dir
        cls.cert = os.path.join(d, "cert.pem")
        key = os.path.join(d, "key.pem")
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
             "-keyout", key, "-out", cls.cert],
            check=True, capture_output=True)

        cls.server_log = open(os.path.join(d, "server.log"), "w+")
        tengen = subprocess.Popen(
            [TENGEN, "serve", "--address", "127.0.0.1", "--port", "0", "--builtin-bots", "none",
             "--db", os.path.join(d, "site.db"), "--trusted-proxy", "127.0.0.1"],
            stdout=subprocess.PIPE, stderr=cls.server_log, text=True)
        cls.processes.append(tengen)
        line = tengen.stdout.readline()
        match = re.match(r"tengen: serving http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            raise AssertionError(f"tengen serve did not start: {line!r}")
        tengen_port = int(match.group(1))

        cls.https_port = free_port()
        cls.http_port = free_port()
        with open(os.path.join(SOURCE, "docs/nginx/tengen.conf")) as f:
            site = f.read()
        site = substitute(site, DOC_HTTPS, f"listen 127.0.0.1:{cls.https_port} ssl http2;")
        site = substitute(site, DOC_HTTP, f"listen 127.0.0.1:{cls.http_port};")
        site = substitute(site, DOC_CERT, cls.cert)
        site = substitute(site, DOC_KEY, key)
        site = substitute(site, DOC_UPSTREAM, f"server 127.0.0.1:{tengen_port};")
        site = substitute(site, DOC_NAME, "localhost")
        with open(os.path.join(d, "tengen.conf"), "w") as f:
            f.write(site)
        # The frame Debian's /etc/nginx/nginx.conf gives a site, reduced to what runs in a
        # temporary prefix as any user.
        temp_paths = "".join(f"    {kind}_temp_path {d}/{kind};\n"
                             for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        with open(os.path.join(d, "nginx.conf"), "w") as f:
            f.write(f"worker_processes 1;\n"
                    f"pid {d}/nginx.pid;\n"
                    f"error_log {d}/error.log info;\n"
                    f"events {{ worker_connections 128; }}\n"
                    f"http {{\n"
                    f"    access_log {d}/access.log;\n"
                    f"{temp_paths}"
                    f"    include {d}/tengen.conf;\n"
                    f"}}\n")
        if os.geteuid() == 0:
            # Workers run as nobody: let them into the prefix.
            os.chmod(d, 0o755)
        nginx = subprocess.Popen(
            [NGINX, "-p", d, "-e", os.path.join(d, "error.log"), "-c",
             os.path.join(d, "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        cls.processes.append(nginx)
        try:
            wait_for_port(cls.https_port, nginx, "nginx")
        except AssertionError:
            nginx.wait(timeout=5)
            raise AssertionError("nginx did not start: " + nginx.stderr.read())

    @classmethod
    def tearDownClass(cls):
        for process in reversed(cls.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            for stream in (process.stdout, process.stderr):
                if stream:
                    stream.close()
        if hasattr(cls, "server_log"):
            cls.server_log.close()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def tls(self):
        context = ssl.create_default_context(cafile=self.cert)
        return context

    def https(self, method, path, body=None, source="127.0.0.1"):
        connection = http.client.HTTPSConnection(
            "localhost", self.https_port, context=self.tls(), timeout=30,
            source_address=(source, 0))
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        reply = connection.getresponse()
        data = reply.read().decode("utf-8", "replace")
        connection.close()
        return reply.status, dict(reply.getheaders()), data

    def server_log_text(self):
        self.server_log.flush()
        with open(self.server_log.name) as f:
            return f.read()

    def test_the_operators_page_quotes_the_file(self):
        # docs/operating.md explains the file's lines by quoting them: each quoted directive
        # (a code span with a space in it) must still be in the file.
        with open(os.path.join(SOURCE, "docs/operating.md")) as f:
            page = f.read()
        section = page[page.index("The lines that matter"):page.index("### `--trusted-proxy`")]
        with open(os.path.join(SOURCE, "docs/nginx/tengen.conf")) as f:
            config = f.read()
        quoted = [span for span in re.findall(r"`([^`]+)`", section) if " " in span]
        self.assertGreaterEqual(len(quoted), 5, section)
        for span in quoted:
            self.assertIn(span, config, "docs/operating.md quotes a line the file lacks")

    def test_lobby_page_over_https(self):
        status, headers, body = self.https("GET", "/")
        self.assertEqual(status, 200, body[:200])
        self.assertIn("<html", body.lower())
        status, _, body = self.https("GET", "/healthz")
        self.assertEqual((status, body.strip()), (200, "ok"))

    def test_plain_http_is_sent_to_https(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.http_port, timeout=10)
        connection.request("GET", "/game.html?id=3", headers={"Host": "localhost"})
        reply = connection.getresponse()
        reply.read()
        self.assertEqual(reply.status, 301)
        self.assertEqual(reply.getheader("Location"), "https://localhost/game.html?id=3")

    def test_websocket_through_nginx_from_the_client_address(self):
        raw = socket.create_connection(("127.0.0.1", self.https_port), timeout=10,
                                       source_address=("127.0.0.2", 0))
        sock = self.tls().wrap_socket(raw, server_hostname="localhost")
        key = base64.b64encode(os.urandom(16)).decode()
        host = f"localhost:{self.https_port}"
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                      f"Sec-WebSocket-Version: 13\r\nOrigin: https://{host}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(4096)
            self.assertTrue(chunk, f"closed during the handshake: {head!r}")
            head += chunk
        head, rest = head.split(b"\r\n\r\n", 1)
        lines = head.decode().split("\r\n")
        self.assertTrue(lines[0].startswith("HTTP/1.1 101"), lines[0])
        fields = {k.strip().lower(): v.strip() for k, v in
                  (line.split(":", 1) for line in lines[1:])}
        accept = base64.b64encode(hashlib.sha1((key + WEBSOCKET_GUID).encode()).digest()).decode()
        self.assertEqual(fields.get("sec-websocket-accept"), accept)

        # A masked text frame each way: {"type":"ping"} and its pong.
        payload = json.dumps({"type": "ping", "id": 7}).encode()
        mask = os.urandom(4)
        frame = bytes([0x81, 0x80 | len(payload)]) + mask + bytes(
            b ^ mask[i % 4] for i, b in enumerate(payload))
        sock.sendall(frame)
        data = rest
        message = None
        deadline = time.monotonic() + 10
        while message is None and time.monotonic() < deadline:
            while len(data) >= 2:
                length = data[1] & 0x7F
                start = 2
                if length == 126:
                    length, start = int.from_bytes(data[2:4], "big"), 4
                if len(data) < start + length:
                    break
                opcode, body, data = data[0] & 0x0F, data[start:start + length], data[start + length:]
                if opcode == 1 and b'"pong"' in body:
                    message = json.loads(body)
                    break
            if message is None:
                chunk = sock.recv(4096)
                self.assertTrue(chunk, "the socket closed before the pong")
                data += chunk
        self.assertIsNotNone(message, "no pong within 10 s")
        self.assertEqual((message["type"], message["id"]), ("pong", 7))
        sock.close()

        # tengen names the client nginx forwarded, and nginx beside it.
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if re.search(r'event=ws_open .*peer="127\.0\.0\.2 via 127\.0\.0\.1:\d+"',
                         self.server_log_text()):
                return
            time.sleep(0.05)
        self.fail("no ws_open from 127.0.0.2 via 127.0.0.1 in the server's log:\n" +
                  self.server_log_text()[-2000:])

    def test_login_limit_counts_each_client_not_nginx(self):
        # docs/protocol.md, "Login rate limit": 20 attempts at once per client address, then
        # one every 3 s. The attempts are sent together, each naming another account so that
        # the per-account limit never applies.
        def attempt(source, n):
            body = json.dumps({"name": f"nobody{n}", "password": "not this one"})
            return self.https("POST", "/api/login", body=body, source=source)

        with concurrent.futures.ThreadPoolExecutor(max_workers=26) as pool:
            replies = list(pool.map(lambda n: attempt("127.0.0.2", n), range(26)))
        statuses = sorted(status for status, _, _ in replies)
        self.assertEqual(set(statuses), {401, 429}, statuses)
        self.assertGreaterEqual(statuses.count(401), 20, statuses)
        self.assertGreaterEqual(statuses.count(429), 4, statuses)
        limited = next(reply for reply in replies if reply[0] == 429)
        self.assertIn("from this address", limited[2])
        self.assertIn("Retry-After", limited[1])
        self.assertRegex(self.server_log_text(),
                         r'event=login_rate_limited peer=127\.0\.0\.2 by=address')
        # Another client behind the same nginx has its own 20.
        status, _, body = attempt("127.0.0.3", 100)
        self.assertEqual(status, 401, "a second client was limited with the first: " + body)

if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]], verbosity=2)
