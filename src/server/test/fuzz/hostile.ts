import fc from 'fast-check';

/** Any one of `values`, all equally likely (fast-check's constantFrom favours the first ones). */
export function oneOf<T>(values: readonly T[]): fc.Arbitrary<T> {
  return fc.noBias(fc.nat({ max: values.length - 1 })).map((i) => values[i]!);
}

/** Strings that have broken web apps before: storage, parsing, injection, size, Unicode edge cases. */
export const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '%00',
  '%',
  '%ff',
  '\\',
  '..',
  '../../../../etc/passwd',
  "' OR '1'='1",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '\r\n\r\nX-Injected: 1',
  '\u0001\u001f\u007f',
  '\u202eevil',
  'ÅÍÎÏ˝ÓÔ',
  'İıſ',
  '🎮'.repeat(64),
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̯̤',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '-9223372036854775809',
  '0x7fffffff',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-000000000000',
  '2030-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '-000001-01-01',
  '24:00',
  'javascript:alert(1)',
  '//evil.example/',
  'http://[::1]:22/',
  '=HYPERLINK("http://evil.example")',
  'a@b',
  'A@EXAMPLE.TEST',
  `${'a'.repeat(64)}@${'b'.repeat(250)}.test`,
  'a'.repeat(257),
  'a'.repeat(5_000),
];

/** Numbers at and past the edges of every integer type a database or JavaScript uses. */
export const nastyNumbers = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.000001,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  -(2 ** 53),
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Code units in the surrogate range, alone: JSON carries them, UTF-8 and PostgreSQL cannot. */
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: oneOf(nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom('\u0000', 'a', '/', '%', ' ')), maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: oneOf(nastyNumbers) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/** Any JSON value, of the wrong type as often as not, sometimes large or deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [[[]]], { a: { b: { c: {} } } }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(Array.from({ length: 2_000 }, (_, i) => i), { $gt: '' }, { toString: 1 }) },
);

/** Raw request bodies that no JSON route expects: broken, oddly encoded, too big, too deep. */
export const hostileRawBodies: { contentType?: string; body: string | Buffer; encoding?: string }[] = [
  { contentType: 'application/json', body: '' },
  { contentType: 'application/json', body: '{' },
  { contentType: 'application/json', body: '{"a":1e999}' },
  { contentType: 'application/json', body: '{"__proto__":{"role":"admin"}}' },
  { contentType: 'application/json', body: '{"constructor":{"prototype":{"role":"admin"}}}' },
  { contentType: 'application/json', body: '\ufeff{}' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '"\\u0000"' },
  { contentType: 'application/json', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]) },
  { contentType: 'application/json; charset=utf-16le', body: Buffer.from('{"a":"b"}', 'utf16le') },
  { contentType: 'application/json', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  { contentType: 'application/json', body: `{"a":"${'x'.repeat(300 * 1024)}"}` },
  { contentType: 'application/json', body: '{"a":1}', encoding: 'gzip' },
  { contentType: 'text/plain', body: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=1&a=2&__proto__[x]=1' },
  { contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--' },
  { contentType: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>' },
  { body: '{}' },
];

/** Headers a client may send oddly: encodings to negotiate, languages, forwarded addresses, origins. */
export const hostileHeaders: Record<string, string>[] = [
  {},
  { 'accept-encoding': 'br;q=abc, gzip;q=-1, *;q=0' },
  { 'accept-encoding': 'identity;q=0' },
  { 'accept-encoding': 'gzip, deflate, br, zstd' },
  { 'accept-encoding': 'x'.repeat(4_000) },
  { accept: 'text/event-stream' },
  { accept: '*/*;q=bogus' },
  { 'accept-language': 'xx-YY;q=2, *' },
  { 'x-forwarded-for': 'not-an-ip, ::ffff:999.1.1.1' },
  { 'x-forwarded-proto': 'gopher' },
  { origin: 'null' },
  { 'if-none-match': '"' },
  { range: 'bytes=99999999999999999999-' },
  { 'user-agent': 'ü'.repeat(1_000) },
];

/**
 * Percent-encodes `value` for a URL path or query as UTF-8 (a lone surrogate becomes U+FFFD, as a
 * browser would send it). Raw `%` escapes that are not UTF-8 are added separately.
 */
export function encodeUrlPart(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`))
    .join('');
}

/** Path segments that are not valid percent-encoded UTF-8, or not what routers expect. */
export const rawUrlParts = ['%ED%A0%80', '%C0%80', '%ff%fe', '%E0%A4%A', '%', '%zz', '%2F..%2F..', '%252e%252e', 'a%00b', '%C2%A0'];
