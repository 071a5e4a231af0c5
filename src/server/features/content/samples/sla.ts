/** The sla page as it ships: sample text, shown as such to staff until they write their own. */
export const slaSample = `# Service Level Agreement

How much uptime {{shop.name}} guarantees, how we measure it, and the credit you get when we fall short.

## Scope

This agreement covers the availability of the game servers you rent from {{shop.name}}: the machine your server runs on, its power, and the network that connects it to your players.

The Standard tier applies to every server ordered through our website. Professional and Enterprise tiers are agreed in writing for larger communities and networks; contact our team through the support page to discuss one.

## Uptime Guarantee

We guarantee the monthly uptime below for each tier. Maximum downtime is based on an average month of 730.5 hours.

| Tier | Guaranteed uptime | Maximum monthly downtime |
| --- | --- | --- |
| Standard | 99.5% | 3h 39m |
| Professional | 99.9% | 43m 50s |
| Enterprise | 99.95% | 21m 55s |

## How We Measure Uptime

Our monitoring checks every machine and network path around the clock, from more than one location. Downtime starts when we confirm that a server cannot be reached or started because of a fault on our side, and ends when service is restored.

Uptime is calculated per server, per calendar month. Time excluded under this agreement does not count as downtime.

## Service Credits

When a server's monthly uptime falls below a threshold, you receive a credit worth a share of that server's monthly fee:

{{rules.slaCreditTable}}

On the Professional and Enterprise tiers, a month below the tier's guaranteed uptime but at or above 99.5% also earns the 10% credit.

Only the highest matching credit applies, and credits for any one month are capped at {{rules.slaCreditCapPercent}}% of the monthly fee. Credits are added to your account balance and used automatically on your next invoices; they are not paid out as cash.

## How to Claim a Credit

Request a credit within {{rules.slaClaimWithinDays}} days of the downtime by opening a Billing ticket from your dashboard. Tell us which server was affected and roughly when the problem happened.

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

These are our targets for a first human reply, by the priority of your ticket. Questions that are not about a server follow the targets on our support page: billing {{rules.supportBillingReply}}, sales {{rules.supportSalesReply}}.

- Critical: your server is down, will not start, or data is at risk.
- High: a major feature is broken or performance is badly degraded.
- Medium: something is partly broken but there is a workaround.
- Low: questions, how-to requests and feature ideas.

| Priority | Standard | Professional | Enterprise |
| --- | --- | --- | --- |
| Critical | 1 hour | 30 minutes | 15 minutes |
| High | 4 hours | 2 hours | 1 hour |
| Medium | 12 hours | 8 hours | 4 hours |
| Low | 24 hours | 24 hours | 12 hours |

Most tickets get an answer well within these targets. We may change the priority of a ticket to match these definitions.

## Scheduled Maintenance

We announce planned maintenance at least 48 hours ahead by email and on our status page, and schedule it for the quietest hours of the affected region. Most maintenance needs no more than a single server restart.

Urgent security fixes may happen with shorter notice. When they cause downtime, that downtime counts towards your uptime.

[See the status page](/status)

## Changes to This Agreement

We never lower your guarantee in the middle of a billing period you have already paid for. Changes to this agreement apply from your next renewal, and we email you before they take effect.

[Contact support](/support)
`;
