"""A scripted Debug Adapter Protocol client for simt-dbg --dap's tests.

It does what an IDE does: starts the adapter, sends requests with
Content-Length framing, and keeps the events that arrive meanwhile, so a
test can wait for one (`stopped`, `exited`) and check its body. Every wait
has a timeout, so a hung adapter fails the test instead of hanging it.
"""
import json
import queue
import subprocess
import sys
import threading


class DapError(Exception):
    pass


class Client:
    def __init__(self, argv, timeout=120):
        self.timeout = timeout
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.seq = 1
        self.messages = queue.Queue()
        self.events = []  # events not yet taken by wait_event, in order
        self.output = []  # every output event's body
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                c = out.read(1)
                if not c:
                    self.messages.put(None)
                    return
                header += c
            length = None
            for line in header.decode().split("\r\n"):
                if line.startswith("Content-Length:"):
                    length = int(line.split(":", 1)[1])
            if length is None:
                raise DapError("a message without Content-Length: %r" % header)
            body = out.read(length)
            try:
                self.messages.put(json.loads(body))
            except ValueError:
                sys.stderr.write("dap_client: not JSON: %r\n" % body)
                self.messages.put(None)
                return

    def _next(self):
        try:
            m = self.messages.get(timeout=self.timeout)
        except queue.Empty:
            raise DapError("no message from the adapter in %d s" % self.timeout)
        if m is None:
            raise DapError("the adapter closed its output")
        if m.get("type") == "event":
            if m["event"] == "output":
                self.output.append(m["body"])
            self.events.append(m)
        return m

    def send(self, command, **arguments):
        seq = self.seq
        self.seq += 1
        body = json.dumps({"seq": seq, "type": "request", "command": command,
                           "arguments": arguments}).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()
        return seq

    def response(self, seq):
        while True:
            m = self._next()
            if m.get("type") == "response" and m.get("request_seq") == seq:
                return m

    def request(self, command, **arguments):
        """The response's body; raises DapError when it failed."""
        r = self.response(self.send(command, **arguments))
        if not r.get("success"):
            raise DapError("%s failed: %s" % (command, r.get("message")))
        return r.get("body", {})

    def try_request(self, command, **arguments):
        """The whole response, success or not."""
        return self.response(self.send(command, **arguments))

    def wait_event(self, name):
        while True:
            for i, e in enumerate(self.events):
                if e["event"] == name:
                    del self.events[:i + 1]
                    return e.get("body", {})
            self._next()

    def stdout_text(self):
        return "".join(o["output"] for o in self.output if o.get("category") == "stdout")

    def close(self):
        try:
            self.request("disconnect", terminateDebuggee=True)
        except DapError:
            pass
        self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return -9


def start(simt_dbg, program, args=(), **launch):
    """A client that has initialized the adapter and launched `program`."""
    c = Client([simt_dbg, "--dap"])
    caps = c.request("initialize", adapterID="simt-dbg", linesStartAt1=True,
                     columnsStartAt1=True, pathFormat="path")
    c.capabilities = caps
    c.request("launch", program=program, args=list(args), **launch)
    c.wait_event("initialized")
    return c


def top_frame(c, thread):
    return c.request("stackTrace", threadId=thread, startFrame=0, levels=20)["stackFrames"][0]


def variables_of(c, frame_id, scope_name):
    for s in c.request("scopes", frameId=frame_id)["scopes"]:
        if s["name"] == scope_name:
            return {v["name"]: v for v in
                    c.request("variables", variablesReference=s["variablesReference"])["variables"]}
    raise DapError("no scope %s" % scope_name)


def say(*parts):
    print(*parts)
    sys.stdout.flush()
