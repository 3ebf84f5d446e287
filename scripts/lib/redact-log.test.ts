import { describe, expect, test } from "vitest";
import { redactSecrets } from "./redact-log";

describe("the access log's secrets", () => {
  test("tokens of mailed links, invitations and calendar feeds are redacted; the rest of the line stays", () => {
    expect(redactSecrets("GET /verify-email?token=abc-DEF_123 302 - - 4.1 ms")).toBe("GET /verify-email?token=[redacted] 302 - - 4.1 ms");
    expect(redactSecrets("GET /reset-password?token=xyz&foo=1 200 - 1 ms")).toBe("GET /reset-password?token=[redacted]&foo=1 200 - 1 ms");
    expect(redactSecrets("GET /reminders/unsubscribe?kind=chase&token=t0k3n 200")).toBe("GET /reminders/unsubscribe?kind=chase&token=[redacted] 200");
    expect(redactSecrets("GET /invitations/Zm9vYmFy 200")).toBe("GET /invitations/[redacted] 200");
    // The outbox's log line of an invitation mail (anyone who read it could join the band).
    expect(redactSecrets("[mail] link: http://localhost:3000/invitations/Zm9vYmFy")).toBe("[mail] link: http://localhost:3000/invitations/[redacted]");
    expect(redactSecrets("[mail] link: https://band.example/invitations/Zm9vYmFy?x=1")).toBe("[mail] link: https://band.example/invitations/[redacted]?x=1");
    expect(redactSecrets("GET /feeds/s3cr3t.ics 200")).toBe("GET /feeds/[redacted].ics 200");
    expect(redactSecrets("POST /api/invitations/accept 200")).toBe("POST /api/invitations/accept 200");
    expect(redactSecrets("GET /calendar?month=2026-11 200 - - 9 ms")).toBe("GET /calendar?month=2026-11 200 - - 9 ms");
  });
});
