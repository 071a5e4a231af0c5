/** The terms page as it ships: sample text, shown as such to staff until they write their own. */
export const termsSample = `# Terms of Service

The rules that apply when you rent a game server from {{shop.name}}, written to be read, not skimmed past.

## Acceptance of These Terms

These Terms of Service are the agreement between you and {{seller.name}}, {{seller.address}} (tax ID {{seller.taxId}}), which runs {{shop.name}}. They apply when you create an account, order a game server, buy an upgrade pack, or use our website and customer dashboard. By doing any of those things you accept these terms.

If you accept them on behalf of a team, clan, community or company, you confirm that you are allowed to do so and that they are bound by them too.

You must be at least 18 years old to create an account and pay for services, or have a parent or guardian who accepts these terms and takes responsibility for the account.

## Your Account

You are responsible for keeping your sign-in details safe and for everything done through your account, including by people you give access to your server or its game panel. We strongly recommend turning on two-factor sign-in in your account settings.

Keep your email address up to date. Invoices, renewal reminders, failed-payment warnings and suspension notices are sent there, and we treat a message sent to it as delivered.

One person or organisation per account. Do not open extra accounts to get around a suspension, or to earn referral commission on your own purchases.

## Our Services

{{shop.name}} rents game servers for Minecraft, FiveM and Palworld. Each server gets the memory, vCPU and storage of the plan you choose, in the location you choose. Add-ons and upgrade packs extend a server with the features described on their pages.

Setting up a server starts as soon as your payment is confirmed and usually takes 1-3 minutes. You can follow its progress in your dashboard.

We may move a server to another machine in the same location to carry out maintenance or keep performance steady. We do this with as little interruption as we can and tell you in advance when a restart is needed.

If we cannot set up a server you have paid for and cannot fix the problem, we refund that payment in full.

## Billing and Renewals

Prices are shown with their currency before you pay. You pay in advance for the billing period you choose: monthly, 3 months, 6 months or 12 months. Longer periods carry the discount shown before you pay. Taxes are added where the law requires it.

Every service renews automatically at the end of its billing period and is charged to your saved payment method, unless you cancel before then. Every charge comes with an invoice in your dashboard.

We may change our prices. A new price applies to an existing service only from its first renewal at least {{rules.priceChangeNoticeDays}} days after we email you about the change, so you always have time to switch plans or cancel.

## Failed Payments, Suspension and Deletion

When a renewal payment fails, we email you straight away. You can update your payment method and pay the open invoice at any time from the Billing page of your dashboard.

- After {{rules.paymentRetryDays}} days we try the payment again automatically.
- After {{rules.suspendAfterDays}} days unpaid the service is suspended: the server is stopped and cannot be started, but its files are kept. Paying the invoice brings it back.
- After {{rules.deleteAfterDays}} days unpaid the service is terminated and its files and backups are permanently deleted. We cannot recover them after that.

## Cancellation, Refunds and Backups

You can cancel a service at any time from your dashboard. Cancellation takes effect at the end of the billing period you have already paid for, and the server keeps running until then. We do not refund the unused part of a period, except under our money-back guarantee.

New services are covered by a {{rules.refundWindowHours}}-hour money-back guarantee. Approved refunds go back to your original payment method and take {{rules.refundProcessingDays}} business days to arrive.

When a cancelled service ends, its last backup stays available to download from your dashboard for {{rules.backupKeptAfterCancelDays}} days. After that it is deleted for good, so download anything you want to keep.

[Read the full Refund Policy](/refund)

## Acceptable Use

Your server is for running your game and the tools that support it. You must not use it, or let anyone else use it, for any of the following:

- attacking, scanning or flooding other servers or networks, including DDoS "stress testing" of anything you do not own
- cryptocurrency mining, open proxies, mass mailing, or any workload that is not a game server or its supporting tools
- hosting or distributing malware, stolen accounts, leaked or pirated resources, or content that is illegal where you or we operate
- harassing, threatening or doxxing players, or running a server built around hate or abuse
- breaking the licence terms or community rules of the game you run

Where something threatens our network, other customers or the law, we may suspend a server immediately and then tell you why. For smaller problems we contact you first and give you a chance to fix them.

## Your Content and Game Licences

Worlds, configuration files, plugins, mods, scripts and anything else you upload stay yours. You give us only the rights we need to store, back up and run them to provide the service.

You are responsible for having the right to use what you upload and for following the publisher's rules for the game you host, such as the Minecraft End User License Agreement and its rules on monetisation, the Cfx.re platform terms for FiveM, and the terms that cover Palworld dedicated servers.

We do not look through your files, but we act on valid reports of illegal content or copyright infringement, which may include disabling the content or the server.

## Availability and Liability

We back our availability with the Service Level Agreement. The service credits it describes are your remedy for downtime.

Keep your own copies of anything important. Backups, including the automatic backups add-on, are a safety net rather than a guarantee against every kind of loss.

As far as the law allows, our total liability for any claim is limited to the amount you paid us for the affected service in the twelve months before the event that led to the claim, and we are not liable for indirect losses such as lost in-game progress, donations or revenue. Nothing in these terms limits liability that cannot be limited by law.

[Read the Service Level Agreement](/sla)

## Changes to These Terms and Contact

We may update these terms as the service grows. When a change matters to you we email you before it takes effect, and the date at the top of this page always shows the current version. If you keep using the service after a change takes effect, the new terms apply.

Questions about these terms? Open a ticket from your dashboard or send us a message through the support page, and a real person will answer.

[Contact support](/support)
`;
