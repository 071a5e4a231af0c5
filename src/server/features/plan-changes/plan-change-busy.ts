import { planChangeErrors } from '../../../shared/schemas/plan-changes';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { serverConflict } from '../servers/server-access';
import { moveUnderWay, switchUnderWay } from '../servers/work-under-way';

/**
 * A resize must not run on a panel server a move is replacing (a move still charging its card
 * included) or a switch is reinstalling. Asked when the change is priced and again under the
 * server's row lock, where a move claims the server too.
 */
export async function refuseChangeWhileRebuilt(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], serverId: string): Promise<void> {
  if (await moveUnderWay(db, serverId)) throw serverConflict('server_moving');
  if (await switchUnderWay(db, serverId)) throw new HttpError(409, 'switch_open', planChangeErrors.switch_open);
}
