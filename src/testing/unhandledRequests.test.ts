import { http, HttpResponse } from 'msw';
import { server } from './server';
import { createUnhandledRequestCollector, unhandledRequests } from './unhandledRequests';

// An unhandled request fails the test that made it (STYLE §15): msw's 'error' strategy alone only logs.

const print = () => ({ warning: jest.fn(), error: jest.fn() });

describe('an unhandled request fails the test that made it', () => {
  it('a test that made an unhandled request fails, naming its method and URL', () => {
    const collector = createUnhandledRequestCollector();
    collector.onUnhandledRequest(new Request('http://localhost/api/collectors?Limit=10'), print());
    collector.onUnhandledRequest(new Request('http://localhost/api/users', { method: 'POST' }), print());
    expect(() => collector.failOnUnhandledRequests()).toThrow(/2 request\(s\)[\s\S]*GET http:\/\/localhost\/api\/collectors\?Limit=10[\s\S]*POST http:\/\/localhost\/api\/users/);
  });

  it('a test that made none passes, and one failure is not blamed on the next test', () => {
    const collector = createUnhandledRequestCollector();
    expect(() => collector.failOnUnhandledRequests()).not.toThrow();
    collector.onUnhandledRequest(new Request('http://localhost/api/collectors'), print());
    expect(() => collector.failOnUnhandledRequests()).toThrow();
    expect(() => collector.failOnUnhandledRequests()).not.toThrow();
  });

  it('an unhandled request never reaches the network: it is refused as msw refuses it under "error"', () => {
    const collector = createUnhandledRequestCollector();
    const printed = print();
    collector.onUnhandledRequest(new Request('http://localhost/api/collectors'), printed);
    expect(printed.error).toHaveBeenCalledTimes(1);
  });

  it('the msw server of the client tests records an unhandled request, which then fails the test', async () => {
    // msw's own message for the refused request, expected here.
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/handled', () => HttpResponse.json([])));
    await expect(fetch('/api/handled').then((r) => r.json())).resolves.toEqual([]);
    await expect(fetch('/api/nothing-answers-this')).rejects.toThrow();
    // Taken here, so that this one test passes; left alone, setupTests' afterEach would fail it.
    expect(unhandledRequests.take()).toEqual(['GET http://localhost/api/nothing-answers-this']);
    printed.mockRestore();
  });
});
