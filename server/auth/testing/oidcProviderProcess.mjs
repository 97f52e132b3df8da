// A real OpenID Connect provider (oidc-provider) for the sign-in tests, run as its own Node
// process because the package is ESM-only and Jest runs CommonJS. It listens on 127.0.0.1 on a
// free port and prints one JSON line {"issuer": "..."} when ready.
//
// argv[2]: JSON { clientId, clientSecret, redirectUris }. Any account id signs in: the test posts
// /interaction/<uid>/login?account=<id> instead of filling in a form, and consent is implied.
import http from 'node:http';
import Provider from 'oidc-provider';

const { clientId, clientSecret, redirectUris } = JSON.parse(process.argv[2]);

const server = http.createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  cookies: { keys: ['oidc-test-provider-cookie-key'] },
  claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'], groups: ['groups'] },
  scopes: ['openid', 'profile', 'email', 'groups'],
  features: { devInteractions: { enabled: false } },
  pkce: { required: () => true },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return { sub: id, preferred_username: id, name: `User ${id}`, email: `${id}@example.test`, groups: ['operators'] };
      },
    };
  },
  // Consent is implied: every client gets the scopes it asked for.
  async loadExistingGrant(ctx) {
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope(ctx.oidc.params.scope);
    await grant.save();
    return grant;
  },
});

const providerCallback = provider.callback();

server.on('request', async (req, res) => {
  const match = /^\/interaction\/([^/?]+)(\/login)?(?:\?(.*))?$/.exec(req.url ?? '');
  if (!match) return providerCallback(req, res);
  try {
    const details = await provider.interactionDetails(req, res);
    if (!match[2]) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ uid: details.uid, prompt: details.prompt.name }));
    }
    const account = new URLSearchParams(match[3] ?? '').get('account');
    return provider.interactionFinished(req, res, { login: { accountId: account } }, { mergeWithLastSubmission: false });
  } catch (error) {
    res.writeHead(400, { 'content-type': 'text/plain' });
    return res.end(String(error));
  }
});

process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
