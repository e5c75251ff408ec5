import { MeDocument } from '../gql/graphql';
import { ApiError, onSessionEvent, request } from './graphql-client';
import { clearSession, storeSession } from '../session/session-store';

function token(iat: number): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256' })}.${enc({ sub: '2', roles: ['USER'], currentRole: 'USER', iat, exp: iat + 43200 })}.s`;
}
const now = () => Math.floor(Date.now() / 1000);
const json = (body: unknown) => Promise.resolve({ json: () => Promise.resolve(body) } as Response);
type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit]>;
const sent = (mock: FetchMock, i: number) =>
  JSON.parse(String(mock.mock.calls[i][1].body)) as { query: string };

describe('the GraphQL client (§7, §8 "Failed calls")', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    clearSession();
    fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('sends the bearer token and the client name', async () => {
    const t = token(now());
    storeSession(t);
    fetchMock.mockReturnValueOnce(json({ data: { getUserMe: null } }));
    await request(MeDocument);
    const headers = fetchMock.mock.calls[0][1].headers as Record<string, string>;
    expect(headers.authorization).toBe(`Bearer ${t}`);
    expect(headers['apollographql-client-name']).toBe('user-office-portal');
  });

  it('"Connection problem!" when the server cannot be reached (not reported)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request(MeDocument)).rejects.toThrow('Connection problem!');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('"No response received from server" when the answer is not GraphQL', async () => {
    fetchMock.mockReturnValueOnce(
      Promise.resolve({ json: () => Promise.reject(new SyntaxError('x')) } as Response),
    );
    await expect(request(MeDocument)).rejects.toThrow('No response received from server');
  });

  it("shows the server's own message, with fieldErrors, and reports other failures through addClientLog", async () => {
    fetchMock.mockReturnValueOnce(
      json({
        errors: [
          {
            message: 'Title is required',
            extensions: { code: 'BAD_USER_INPUT', fieldErrors: { title: 'Title is required' } },
          },
        ],
      }),
    );
    const error = (await request(MeDocument).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Title is required');
    expect(error.fieldErrors).toEqual({ title: 'Title is required' });
    expect(fetchMock).toHaveBeenCalledTimes(1); // bad input is not reported

    fetchMock.mockReturnValueOnce(
      json({ errors: [{ message: 'Boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
    );
    fetchMock.mockReturnValueOnce(json({ data: { addClientLog: true } }));
    await expect(request(MeDocument)).rejects.toThrow('Boom');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent(fetchMock, 2).query).toContain('addClientLog');
  });

  it('renews a token older than 3600 s through getToken first, and stores the new one', async () => {
    storeSession(token(now() - 3601));
    const renewed = token(now());
    fetchMock.mockReturnValueOnce(json({ data: { getToken: renewed } }));
    fetchMock.mockReturnValueOnce(json({ data: { getUserMe: null } }));
    await request(MeDocument);
    expect(sent(fetchMock, 0).query).toContain('getToken');
    expect(localStorage.getItem('token')).toBe(renewed);
    expect((fetchMock.mock.calls[1][1].headers as Record<string, string>).authorization).toBe(
      `Bearer ${renewed}`,
    );
  });

  it('a token the server no longer accepts (expired, revoked) ends the session with its message', async () => {
    storeSession(token(now()));
    const events: string[] = [];
    const off = onSessionEvent((event, detail) => events.push(`${event}: ${detail}`));
    fetchMock.mockReturnValueOnce(
      json({
        errors: [
          {
            message: 'Your session has expired, you will need to log in again.',
            extensions: { code: 'UNAUTHENTICATED' },
          },
        ],
      }),
    );
    await expect(request(MeDocument)).rejects.toThrow(
      'Your session has expired, you will need to log in again.',
    );
    expect(events).toEqual(['expired: Your session has expired, you will need to log in again.']);
    off();
  });

  it('"Server rejected user credentials" when renewal fails, and the session ends', async () => {
    storeSession(token(now() - 4000));
    const events: string[] = [];
    const off = onSessionEvent((event, detail) => events.push(`${event}: ${detail}`));
    fetchMock.mockReturnValueOnce(
      json({ errors: [{ message: 'nope', extensions: { code: 'UNAUTHENTICATED' } }] }),
    );
    await expect(request(MeDocument)).rejects.toThrow('Server rejected user credentials');
    expect(events).toEqual(['expired: Server rejected user credentials']);
    off();
  });
});
