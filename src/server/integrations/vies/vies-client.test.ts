import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeVies, type FakeVies } from '../../test/fakes/vies/fake-vies';
import { vatIdCheckerFromConfig } from './create-checker';
import { offlineVatIdChecker } from './vat-id-checker';
import { createViesClient } from './vies-client';

/** The VIES REST client against the fake of the service, in each of VIES's answers and failures. */
describe('VIES REST client', () => {
  let fake: FakeVies;
  let client: ReturnType<typeof createViesClient>;
  const seller = { countryCode: 'NL', vatNumber: '123456789B01' };

  beforeAll(async () => {
    fake = await startFakeVies();
    client = createViesClient({ baseUrl: fake.url });
  });
  beforeEach(() => {
    fake.reset();
    fake.register('FR40303265045', { name: 'KLOTZCHEN SAS', address: '1 RUE DE RIVOLI\n75001 PARIS' });
    fake.register('DE123456789');
    fake.register('NL123456789B01', { name: 'BLOKHOST B.V.' });
  });
  afterAll(async () => fake?.close());

  it('answers valid with the trader, and the consultation number only when a requester is sent', async () => {
    expect(await client.check({ countryCode: 'FR', vatNumber: '40303265045' })).toEqual({ kind: 'valid', consultation: null, name: 'KLOTZCHEN SAS', address: '1 RUE DE RIVOLI\n75001 PARIS' });
    const proved = await client.check({ countryCode: 'FR', vatNumber: '40303265045', requester: seller });
    expect(proved).toMatchObject({ kind: 'valid', consultation: fake.consultations[0] });
    expect(fake.consultations[0]).toMatch(/^WAPIAAAA[\w-]{8}$/);
    expect(fake.requests).toEqual([
      { countryCode: 'FR', vatNumber: '40303265045' },
      { countryCode: 'FR', vatNumber: '40303265045', requesterMemberStateCode: 'NL', requesterNumber: '123456789B01' },
    ]);
    // Germany gives no name or address: "---" is no name.
    expect(await client.check({ countryCode: 'DE', vatNumber: '123456789' })).toEqual({ kind: 'valid', consultation: null, name: null, address: null });
  });

  it('answers invalid for a made-up number, and for one VIES refuses as input (GR instead of EL)', async () => {
    expect(await client.check({ countryCode: 'FR', vatNumber: '12345678901' })).toEqual({ kind: 'invalid', consultation: null, error: null });
    expect(await client.check({ countryCode: 'GR', vatNumber: '123456789' })).toEqual({ kind: 'invalid', consultation: null, error: 'INVALID_INPUT' });
  });

  it('reports the member state and service failures as retryable errors, never as invalid', async () => {
    fake.setAvailable('FR', false);
    expect(await client.check({ countryCode: 'FR', vatNumber: '40303265045' })).toEqual({ kind: 'error', error: 'MS_UNAVAILABLE', retry: true });
    fake.setAvailable('FR', true);
    fake.failNext(
      { error: 'MS_MAX_CONCURRENT_REQ' },
      { error: 'TIMEOUT' },
      { error: 'SERVICE_UNAVAILABLE', status: 500 },
      { error: 'GLOBAL_MAX_CONCURRENT_REQ' },
      { gateway: 503 },
    );
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await client.check({ countryCode: 'FR', vatNumber: '40303265045' }));
    expect(answers).toEqual([
      { kind: 'error', error: 'MS_MAX_CONCURRENT_REQ', retry: true },
      { kind: 'error', error: 'TIMEOUT', retry: true },
      { kind: 'error', error: 'SERVICE_UNAVAILABLE', retry: true },
      { kind: 'error', error: 'GLOBAL_MAX_CONCURRENT_REQ', retry: true },
      { kind: 'error', error: 'HTTP_503', retry: true },
    ]);
    expect(await client.check({ countryCode: 'FR', vatNumber: '40303265045' })).toMatchObject({ kind: 'valid' });
  });

  it('reports a refused requester as an error that asking again the same way cannot fix', async () => {
    const answer = await client.check({ countryCode: 'FR', vatNumber: '40303265045', requester: { countryCode: 'NL', vatNumber: '999999999B01' } });
    expect(answer).toEqual({ kind: 'error', error: 'INVALID_REQUESTER_INFO', retry: false });
  });

  it('gives up on a VIES that does not answer in time, or cannot be reached', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const slow = createViesClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 100 });
      expect(await slow.check({ countryCode: 'FR', vatNumber: '40303265045' })).toEqual({ kind: 'error', error: 'TIMEOUT', retry: true });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    const gone = createViesClient({ baseUrl: `http://127.0.0.1:${port}` });
    expect(await gone.check({ countryCode: 'FR', vatNumber: '40303265045' })).toEqual({ kind: 'error', error: 'NETWORK_ERROR', retry: true });
  });

  it('is the built-in checker, which reaches nobody, without VIES_API_URL', async () => {
    expect(vatIdCheckerFromConfig({ VIES_API_URL: undefined })).toBe(offlineVatIdChecker);
    expect(await offlineVatIdChecker.check({ countryCode: 'FR', vatNumber: '40303265045' })).toEqual({ kind: 'error', error: 'VIES_NOT_CONFIGURED', retry: false });
    expect(vatIdCheckerFromConfig({ VIES_API_URL: fake.url }).online).toBe(true);
  });
});
