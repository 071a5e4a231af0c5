import { randomUUID } from 'node:crypto';

/** Time and identity are injected, so tests of expiry and renewals are exact. */
export interface Clock {
  now(): Date;
}
export interface Ids {
  uuid(): string;
}

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: Ids = { uuid: () => randomUUID() };
