import { item } from './envelope';
import { timestamps, type PanelUser } from './panel-state';

/** A user as the Application API's UserTransformer writes it: never the password. */
export function userItem(u: PanelUser) {
  const { root_admin, password: _password, ...rest } = u;
  return item('user', { ...rest, root_admin, '2fa': false, ...timestamps });
}
