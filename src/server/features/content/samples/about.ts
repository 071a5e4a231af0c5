/** The about page as it ships: sample text, shown as such to staff until they write their own. */
export const aboutSample = `# Built by players, run like infrastructure

{{shop.name}} exists so that running a game server feels like playing the game, not babysitting a machine.

## Our story

We started {{shop.name}} after years of running our own community servers: survival worlds that outgrew a spare PC, roleplay cities held together by late-night restarts, and friends asking why the server was down again. We knew what we wanted from a host, and we kept not finding it.

So we built it. Servers that come online by themselves a couple of minutes after you pay. Prices you can read in one glance, with nothing added at checkout. A dashboard that gives you the console, the backups and the restart button instead of hiding them.

## What we believe

- **Players first.** Every choice starts with the people on your server: low ping, steady tick rates and restarts that happen when nobody is online.
- **Honest pricing.** The price on the page is the price you pay. Longer periods get a clear discount, and there are no setup fees.
- **Your server, your data.** Full file access, downloadable backups and no lock-in. If you ever leave, you take your world with you.

## Promises you can hold us to

- A {{rules.refundWindowHours}}-hour money-back guarantee on every new service: see the [Refund Policy](/refund).
- Service credits when we miss our guaranteed uptime, claimable within {{rules.slaClaimWithinDays}} days: see the [Service Level Agreement](/sla).
- At least {{rules.priceChangeNoticeDays}} days' notice before a price change reaches your renewals: see the [Terms of Service](/terms).
- Your last backup kept for {{rules.backupKeptAfterCancelDays}} days after you cancel: see the [Privacy Policy](/privacy).
`;
