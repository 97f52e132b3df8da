import { setupServer } from 'msw/node';

/**
 * The one msw server of the client tests. It starts without handlers: each test (or a feature's
 * handler file) adds what it needs with `server.use(...)`, and setupTests resets them after each test.
 */
export const server = setupServer();
