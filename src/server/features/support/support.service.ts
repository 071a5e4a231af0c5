import type { ContactInput } from '../../../shared/schemas/support';
import type { Db } from '../../db/client';
import type { Clock, Ids } from '../../lib/runtime';
import { insertGuestTicket } from './support.repository';

/** Stores a public contact message as a guest ticket that staff see in their queue. */
export async function submitContact(deps: { db: Db; clock: Clock; ids: Ids }, input: ContactInput) {
  const id = deps.ids.uuid();
  await insertGuestTicket(deps.db, {
    id,
    messageId: deps.ids.uuid(),
    ...input,
    at: deps.clock.now(),
  });
  return { id, reference: id.slice(0, 8).toUpperCase() };
}
