import type { LookupAddress } from 'node:dns';
import { classifyAddress, isInternalAddress } from './address-policy';
import { pinnedLookup } from './dynamic-options.fetcher';
import { extractOptions, MAX_OPTIONS } from './extract-options';

describe('classifyAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['FE80::abcd%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['0:0:0:0:0:ffff:c0a8:101', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['2002:a00:1::', 'private'], // 6to4 of 10.0.0.1
    ['::127.0.0.1', 'reserved'], // deprecated IPv4-compatible
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    'fbff::1',
    'fe00::1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBeNull();
    expect(isInternalAddress(address)).toBe(false);
  });

  it.each(['', 'localhost', '1.2.3', '256.1.1.1', '1::2::3', '[::1]', 'example.com'])(
    '%j is not an address and so not allowed',
    (text) => {
      expect(classifyAddress(text)).toBe('invalid');
    },
  );
});

describe('pinnedLookup', () => {
  const checked: LookupAddress[] = [
    { address: '203.0.113.7', family: 4 },
    { address: '2001:db8::7', family: 6 },
  ];
  const ask = (options: Parameters<ReturnType<typeof pinnedLookup>>[1]) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
      pinnedLookup(checked)('rebinding.example', options, (error, address, family) =>
        resolve({ error, address, family }),
      ),
    );

  it('answers with the checked address whatever the name, never asking DNS again', async () => {
    expect(await ask({})).toEqual({ error: null, address: '203.0.113.7', family: 4 });
    expect(await ask({ all: true })).toEqual({ error: null, address: checked, family: undefined });
    expect(await ask({ family: 6 })).toEqual({ error: null, address: '2001:db8::7', family: 6 });
  });

  it('fails rather than fall back to DNS when no checked address has the wanted family', async () => {
    const onlyV4 = pinnedLookup([{ address: '203.0.113.7', family: 4 }]);
    const error = await new Promise((resolve) => onlyV4('x', { family: 6 }, (e) => resolve(e)));
    expect(error).toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('extractOptions', () => {
  const body = { items: [{ name: 'a' }, { name: 'b' }], tags: [['x', 'y'], 'z'], id: 7 };

  it('applies the JSON path', () => {
    expect(extractOptions(body, '$.items[*].name')).toEqual(['a', 'b']);
    expect(extractOptions(body, '$..name')).toEqual(['a', 'b']);
    expect(extractOptions(body, '$.id')).toEqual(['7']);
    expect(extractOptions(body, '$.missing')).toEqual([]);
  });

  it('takes the whole body for an empty path', () => {
    expect(extractOptions(['a', 'b'], '')).toEqual(['a', 'b']);
    expect(extractOptions(['a', 'b'], '  ')).toEqual(['a', 'b']);
    expect(extractOptions('single', '')).toEqual(['single']);
    expect(extractOptions(null, '')).toEqual([]);
    expect(extractOptions(null, '$.a')).toEqual([]);
  });

  it('flattens arrays one level only; keeps strings, stringifies numbers and booleans, skips objects and null', () => {
    expect(extractOptions(body, '$.tags')).toEqual(['z']);
    expect(extractOptions(['s', 1, 2.5, true, false, null, { a: 1 }, ['n']], '')).toEqual([
      's',
      '1',
      '2.5',
      'true',
      'false',
    ]);
  });

  it('drops duplicates, keeping the first, and stops at MAX_OPTIONS', () => {
    expect(extractOptions(['b', 'a', 'b', 1, '1'], '')).toEqual(['b', 'a', '1']);
    const many = Array.from({ length: MAX_OPTIONS + 50 }, (_, i) => `o${i}`);
    const options = extractOptions(many, '');
    expect(options).toHaveLength(MAX_OPTIONS);
    expect(options[MAX_OPTIONS - 1]).toBe(`o${MAX_OPTIONS - 1}`);
  });

  it('evaluates filter scripts in the safe evaluator only', () => {
    expect(extractOptions(body, '$.items[?(@.name === "b")].name')).toEqual(['b']);
    expect(() => extractOptions(body, '$[?(process.exit())]')).toThrow();
  });
});
