import { planChangeErrors } from '../../../shared/schemas/plan-changes';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { serverConflict, moveUnderWay, switchUnderWay } from '../servers';

/**
 * A resize must not run on a panel server a move is replacing (a move still charging its card
 * included) or a switch is reinstalling. Asked when the change is priced and again under the
 * server's row lock, where a move claims the server too.
 */
export async function refuseChangeWhileRebuilt(db: Executor, serverId: string): Promise<void> {
  if (await moveUnderWay(db, serverId)) throw serverConflict('server_moving');
  if (await switchUnderWay(db, serverId)) throw new HttpError(409, 'switch_open', planChangeErrors.switch_open);
}
