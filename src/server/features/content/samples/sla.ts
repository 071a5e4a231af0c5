/** The sla page as it ships: sample text, shown as such to staff until they write their own. */
export const slaSample = `# Service Level Agreement

How much uptime {{shop.name}} guarantees, how we measure it, and the credit you get when we fall short.

## Scope

This agreement covers the availability of the game servers you rent from {{shop.name}}: the machine your server runs on, its power, and the network that connects it to your players. It applies to every server ordered through our website.

## Uptime Guarantee

We aim to keep every server available at least {{rules.slaUptimeTarget}} of each calendar month. When a server falls below that, you receive a credit, as set out under Service Credits.

## How We Measure Uptime

Downtime starts when we confirm that a server cannot be reached or started because of a fault on our side, and ends when service is restored. Our status page shows what our own checks measure. For each server we use the checks of the machine it runs on: its uptime for the month is the share of those checks that found the machine answering.

Uptime is calculated per server, per calendar month. Time excluded under this agreement does not count as downtime.

## Service Credits

When a server's monthly uptime falls below a threshold, you receive a credit worth a share of that server's monthly fee:

{{rules.slaCreditTable}}

Only the highest matching credit applies, and the credits for one month never exceed that month's fee. Credits are added to your account balance and used automatically on your next invoices; they are not paid out as cash.

## How to Claim a Credit

Request a credit by opening a Billing ticket from your dashboard once the month is over, and no later than {{rules.slaClaimWithinDays}} days after it ends. Tell us which server was affected and roughly when the problem happened.

We check your claim against our monitoring records and reply on the ticket. Approved credits appear on your account balance straight away.

## Exclusions

Downtime does not count towards the guarantee when it is caused by:

- scheduled maintenance announced in advance
- your own mods, plugins, scripts, resources or configuration, including crashes and lag they cause
- game updates from the publisher that break a server or its add-ons
- actions you take, such as stopping, restarting or reinstalling your server
- suspension for unpaid invoices or for breaking our Terms of Service
- outages of third-party services your game relies on, such as Mojang or Microsoft sign-in, Steam, Cfx.re or Discord, or problems with a player's own connection
- events outside our reasonable control, such as natural disasters or wide-scale internet outages

## Support Response Times

These are our targets for a first reply from a person, by the kind of question: technical questions, a server that is down included, {{rules.supportTechnicalReply}}; billing {{rules.supportBillingReply}}; sales {{rules.supportSalesReply}}. They are what we aim for, not a guarantee: a later reply earns no credit.

## Scheduled Maintenance

We announce planned maintenance ahead of time by email and on our status page, and schedule it for the quietest hours of the affected region. Most maintenance needs no more than a single server restart.

Urgent security fixes may happen with little notice. When they cause downtime, that downtime counts towards your uptime.

[See the status page](/status)

## Changes to This Agreement

We never lower your guarantee in the middle of a billing period you have already paid for. Changes to this agreement apply from your next renewal, and we email you before they take effect.

[Contact support](/support)
`;
