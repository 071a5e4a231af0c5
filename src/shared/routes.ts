/**
 * Paths the client app answers. The server serves prerendered HTML for the public ones and
 * the app shell for the rest; anything that matches none gets the shell with a 404 status.
 */
export const clientOnlyRoutes: RegExp[] = [
  /^\/dashboard(\/.*)?$/,
  /^\/success$/,
  /^\/purchase-success$/,
  /^\/purchase-confirmed$/,
  /^\/migration$/,
  /^\/admin(\/.*)?$/,
  /^\/auth\/.+$/,
  /^\/checkout\/.+$/,
];

export function isClientOnlyRoute(pathname: string): boolean {
  return clientOnlyRoutes.some((r) => r.test(pathname));
}
