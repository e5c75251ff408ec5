import { loadConfig } from '../../platform/config/app-config';

/** the environment of a process, with what every run needs */
const config = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: 'memory://', JWT_SECRET: 'secret', ...env });

describe('demo configuration', () => {
  it('seeds the demo by default in development, not in test or production', () => {
    expect(config({}).seedDemo).toBe(true);
    expect(config({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(config({ NODE_ENV: 'test' }).seedDemo).toBe(false);
    expect(config({ NODE_ENV: 'production' }).seedDemo).toBe(false);
  });

  it('follows SEED_DEMO when set, and refuses a value that is not a yes or a no', () => {
    expect(config({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(config({ NODE_ENV: 'test', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(config({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(config({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(() => config({ SEED_DEMO: 'maybe' })).toThrow('SEED_DEMO must be true or false (got "maybe")');
  });

  it('lets the development setup fetch dynamic options from itself (the demo question), and nothing else', () => {
    expect(config({}).dynamicOptionsAllowedHosts).toEqual(['localhost:4000']);
    expect(config({ PORT: '8080' }).dynamicOptionsAllowedHosts).toEqual(['localhost:8080']);
    expect(config({ PUBLIC_URL: 'https://UO.example.org/' }).dynamicOptionsAllowedHosts).toEqual([
      'uo.example.org',
    ]);
    // set, even empty, it is taken as it is
    expect(config({ DYNAMIC_OPTIONS_ALLOWED_HOSTS: '' }).dynamicOptionsAllowedHosts).toEqual([]);
    expect(
      config({ DYNAMIC_OPTIONS_ALLOWED_HOSTS: 'options.local:8000' }).dynamicOptionsAllowedHosts,
    ).toEqual(['options.local:8000']);
    // a facility's own identity provider: not the development setup
    expect(
      config({
        AUTH_DISCOVERY_URL: 'https://login.example.org',
        AUTH_CLIENT_SECRET: 'x',
      }).dynamicOptionsAllowedHosts,
    ).toEqual([]);
  });
});
