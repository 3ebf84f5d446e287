import { setupServer } from "msw/node";

/**
 * Third-party HTTP only (metadata partners, payment provider, SMTP relays with HTTP
 * APIs): one handler file per service in this folder, added here. Our own database is
 * never mocked. Unhandled requests fail the test.
 */
export const server = setupServer();
